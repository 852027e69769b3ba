"""The match log: the single source of truth of a match.

Append-only: a header (game, players, profile, seeds, settings) and entries, each an action
(who did what, in the game's text form) with the rulings it caused. Saved atomically as JSON;
loading replays the actions and must reproduce every ruling exactly.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.errors import InputError
from game.rules.ruling import Ruling
from game.fileio import atomic_write
from game.gcpause import paused_gc

FORMAT = "stammtisch-match/1"


@dataclass(frozen=True)
class Entry:
    """One logged action: the seat that acted (-1: chance, -3: the match's start), the action, its rulings."""

    seat: int
    action: str
    rulings: tuple[Ruling, ...] = ()
    # what the referee did not need but a replay shows: e.g. a Bierpong ball's launch (release,
    # velocity, spin) so the viewer can throw it again exactly; not compared when a log is replayed
    detail: dict[str, Any] | None = field(default=None, compare=False)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"seat": self.seat, "action": self.action, "rulings": [r.to_dict() for r in self.rulings]}
        if self.detail:
            d["detail"] = self.detail
        return d

    @classmethod
    def from_dict(cls, d: Any) -> Entry:
        """An entry from its JSON form (KeyError, TypeError, ValueError or AttributeError when garbled)."""
        detail = d.get("detail")
        if detail is not None and not isinstance(detail, dict):
            raise TypeError("an entry's detail is a JSON object")
        return cls(int(d["seat"]), str(d["action"]), tuple(Ruling.from_dict(r) for r in d["rulings"]), detail)


START = -3


@dataclass
class MatchLog:
    """Header plus entries. Entries are only ever appended (or a prefix taken, for undo)."""

    game: str
    players: list[dict[str, Any]]  # name, kind (human/bot/bot kind), drink
    profile: dict[str, Any]
    seed: int
    settings: dict[str, Any] = field(default_factory=dict)  # games, opener, …
    entries: list[Entry] = field(default_factory=list)

    def append(self, entry: Entry) -> None:
        self.entries.append(entry)

    def prefix(self, n: int) -> MatchLog:
        """A copy holding the first `n` entries (undo replays it)."""
        return MatchLog(self.game, list(self.players), dict(self.profile), self.seed, dict(self.settings), self.entries[:n])

    def rulings(self) -> list[Ruling]:
        return [r for e in self.entries for r in e.rulings]

    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "profile": self.profile,
            "seed": self.seed,
            "settings": self.settings,
            "entries": [e.to_dict() for e in self.entries],
        }
        return json.dumps(data, ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> None:
        atomic_write(path, self.to_json() + "\n")

    @classmethod
    def load(cls, path: str | Path) -> MatchLog:
        """Read a saved log; a broken file is an `InputError` with its position."""
        file = str(path)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise InputError(f"cannot read the file: {e}", file) from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise InputError(f"not a saved match (JSON: {e.msg})", file, e.lineno, e.colno) from None
        try:
            if data.get("format") != FORMAT:
                raise InputError(f"not a saved match: format {data.get('format')!r}, expected {FORMAT!r}", file)
            with paused_gc():
                entries = [Entry.from_dict(e) for e in data["entries"]]
            return cls(
                str(data["game"]),
                list(data["players"]),
                dict(data["profile"]),
                int(data["seed"]),
                dict(data.get("settings", {})),
                entries,
            )
        except InputError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise InputError(f"a saved match lacks or garbles a field: {e}", file) from None
