"""`referee FILE`: a record file – a match, or the disputed part of one, written by hand in YAML –
ruled on by its game's record reader (`GameInfo.record_reader`, e.g. `game.dice.record`).

See docs/records.md. Every complaint names its place: `file:line:column: message`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from game.descriptor import load
from game.games import GAMES
from game.yamlio import parse, read_text


def referee(path: str | Path) -> Any:
    """Run a record file through the referee of the game its `game:` names. The report has
    `to_dict()` (the JSON) and `to_text()`."""
    text = read_text(path)
    doc = parse(text, str(path))
    keys = {k.value: v for k, v in doc.mapping(doc.root, "a record file")}
    if "game" not in keys:
        raise doc.error(doc.root, "a record file needs 'game'")
    game = doc.text(keys["game"], "the game")
    if game not in GAMES or not GAMES[game].record_reader:
        known = [g for g, info in GAMES.items() if info.record_reader]
        raise doc.error(keys["game"], f"unknown game {game!r}; valid games: {', '.join(known)}")
    return load(GAMES[game].record_reader)(doc, text, path)
