"""The RuleText record of the rule catalogue.

Kept apart from `catalog.py` so that per-game text modules (`catalog_racerbile.py`) can use it
without importing the catalogue that imports them; `catalog.py` re-exports it.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleText:
    id: str
    title: str
    summary: str  # one line
    details: str = ""  # a few more sentences for the help overlay
