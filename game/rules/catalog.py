"""Every rule id of the games, with a title and a summary in our own words.

Used by `main.py rules GAME`, the in-game help overlay and the tournament set-up. Each game declares
its texts beside the others (`catalog_schock.py`, `catalog_katchen.py`, `catalog_racerbile.py`,
`catalog_bierpong.py`) and its descriptor names them (`GameInfo.catalog`, "module:NAME"); this
module only reads them through the registry. The wording paraphrases the rulebooks (see
shared/rules/); the ids are the digests'. `RuleText` lives in `catalog_text.py` and is re-exported here.
"""
from __future__ import annotations

from game.descriptor import load
from game.rules.catalog_text import RuleText

__all__ = ["RuleText", "catalogs", "rules_for", "title"]

_CATALOGS: dict[str, tuple[RuleText, ...]] = {}


def catalogs() -> dict[str, tuple[RuleText, ...]]:
    """Every registered game's rule texts, by game name, in the registry's order (read on first use)."""
    if not _CATALOGS:
        from game.games import GAMES  # (the registry imports the games' rules: not at this module's import)

        for info in GAMES.values():
            texts: tuple[RuleText, ...] = tuple(load(info.catalog)) if info.catalog else ()
            assert all(isinstance(t, RuleText) for t in texts), info.catalog
            _CATALOGS[info.name] = texts
    return _CATALOGS


def rules_for(game: str) -> tuple[RuleText, ...]:
    """The rule texts of a game, in the order of its digest (KeyError: no such game)."""
    return catalogs()[game]


def title(rule_id: str) -> str:
    """The short title of a rule id ('' for an unknown id)."""
    for texts in catalogs().values():
        for t in texts:
            if t.id == rule_id:
                return t.title
    return ""
