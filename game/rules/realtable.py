"""A match at a real table: real dice, caps and cups; the program rules what the seats enter.

A match's log header says whether it starts at a real table (`settings["real_table"]`, absent: off);
between turns anybody at the table may switch it – a `TableMode` entry (seat `TABLE`, no rulings,
the game's state untouched) saying who switched, so the log says who threw which way. At a real
table the session draws no chance and throws no ball: the seat whose throw it is enters the outcome
in the game's own notation (`game.session.session.Session.enter`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from game.rules.challenge import CHALLENGE

TABLE = -5  # the seat of a switch between a real and a simulated table in the match log
ASIDE = frozenset({CHALLENGE, TABLE})  # the seats of entries that leave the game's state alone
SETTING = "real_table"  # the log header's setting: the match starts at a real table

_FORM = re.compile(r"(real|simulated) table by (\S.*)")


@dataclass(frozen=True)
class TableMode:
    """`by` switched the match to a real table (`real`) or to simulated chance."""

    real: bool
    by: str

    def __str__(self) -> str:
        return f"{'real' if self.real else 'simulated'} table by {self.by}"


def is_mode_text(text: str) -> bool:
    return text.strip().startswith(("real table by ", "simulated table by "))


def parse_mode(text: str) -> TableMode:
    """The inverse of `str(mode)`; ValueError otherwise."""
    m = _FORM.fullmatch(text.strip())
    if m is None:
        raise ValueError(f"not a switch of the table: {text!r}; write: real table by NAME, or simulated table by NAME")
    return TableMode(m.group(1) == "real", m.group(2))
