"""The match log: the single source of truth of a match.

Append-only: a header (game, players, profile, seeds, settings) and entries, each an action
(who did what, in the game's text form) with the rulings it caused. It knows no files: saved
atomically as JSON by `game.store.matchfile`; loading replays the actions and must reproduce every
ruling exactly.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from game.errors import InputError
from game.rules.ruling import Ruling
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
        seat, action, rulings = d["seat"], d["action"], d["rulings"]
        if not isinstance(seat, int) or isinstance(seat, bool) or not -8 <= seat <= MAX_SEATS:
            raise ValueError(f"the seat is a whole number from -8 to {MAX_SEATS}, not {seat!r}")
        if not isinstance(action, str) or len(action) > MAX_ACTION:
            raise ValueError(f"the action is a text of at most {MAX_ACTION} characters")
        if not isinstance(rulings, list):
            raise TypeError("the rulings are a list")
        return cls(seat, action, tuple(Ruling.from_dict(r) for r in rulings), detail)


START = -3
MAX_SEATS = 8  # players or teams at a table
MAX_ACTION = 10_000  # characters of one action's text


def check_header(data: Any, file: str, line: int = 1, whose: str = "the saved match") -> None:
    """A saved log's header, checked as a whole before anything believes it: each field's type and
    range (an `InputError` naming the field, at `line`)."""
    def bad(what: str) -> InputError:
        return InputError(f"{whose} {what}" if what.startswith(("lacks", "is not")) else f"{whose}: {what}", file, line, 1)

    if not isinstance(data, dict):
        raise bad("is not a JSON object")
    for key, kind in (("game", str), ("players", list), ("profile", dict), ("seed", int)):
        if key not in data:
            raise bad(f"lacks the field {key!r}")
        v = data[key]
        if not isinstance(v, kind) or isinstance(v, bool):
            raise bad(f"{key!r} must be a {'text' if kind is str else 'list' if kind is list else 'JSON object' if kind is dict else 'whole number'}, not {v!r:.40}")
    if not -(2**63) <= data["seed"] < 2**63:
        raise bad(f"seed {data['seed']!r:.40} is out of range")
    players = data["players"]
    if not 1 <= len(players) <= MAX_SEATS:
        raise bad(f"players: 1 to {MAX_SEATS} players or teams, not {len(players)}")
    for i, p in enumerate(players, 1):
        if not isinstance(p, dict):
            raise bad(f"player {i} is not a JSON object (name, kind, drink)")
        if not isinstance(p.get("name"), str) or not 0 < len(p["name"]) <= 200:
            raise bad(f"player {i} needs a name (a text of 1 to 200 characters)")
        for k in ("kind", "drink"):
            if k in p and not isinstance(p[k], str):
                raise bad(f"player {i}'s {k} must be a text")
        if "kind" in p and not re.fullmatch(r"[a-z][a-z0-9_]{0,19}", p["kind"]):  # human, remote, a bot's name
            raise bad(f"player {i}'s kind must be a word of at most 20 small letters (human, remote or a bot), not {p['kind']!r:.40}")
        drivers = p.get("drivers", [])
        if not isinstance(drivers, list) or len(drivers) > MAX_DRIVERS or not all(isinstance(x, str) and 0 < len(x) <= 200 for x in drivers):
            raise bad(f"player {i}'s drivers must be a list of at most {MAX_DRIVERS} names")
    profile = data["profile"]
    if not isinstance(profile.get("game"), str) or not isinstance(profile.get("options", {}), dict) or not isinstance(profile.get("variant"), (str, type(None))):
        raise bad("profile must name its game (a text), a variant (a text) and options (a JSON object)")
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        raise bad("settings must be a JSON object")
    for k, v in settings.items():
        if k in ("games", "opener"):
            if not isinstance(v, int) or isinstance(v, bool) or not (1 if k == "games" else 0) <= v <= (MAX_GAMES if k == "games" else len(players) - 1):
                raise bad(f"setting {k!r} is out of range: {v!r:.40}")
        elif not isinstance(v, (str, int, float, bool, type(None))):
            raise bad(f"setting {k!r} must be a single value")


MAX_DRIVERS = 6  # drivers of a Le Mans team
MAX_GAMES = 1000  # games in a match


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

    @classmethod
    def from_data(cls, data: Any, file: str) -> MatchLog:
        """The log a saved match's JSON holds (`to_json`), checked: a broken one is an `InputError`
        naming `file` (reading the file is `game.store.matchfile.read_json_log`)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            got = data.get("format") if isinstance(data, dict) else None
            raise InputError(f"not a saved match: format {got!r:.40}, expected {FORMAT!r}", file)
        check_header(data, file)
        if not isinstance(data.get("entries"), list):
            raise InputError("the saved match's entries must be a list", file)
        try:
            with paused_gc():
                entries = []
                for i, raw in enumerate(data["entries"], 1):
                    try:
                        entries.append(Entry.from_dict(raw))
                    except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as err:
                        raise InputError(f"entry {i} lacks or garbles a field ({err})", file) from None
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
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as e:
            raise InputError(f"a saved match lacks or garbles a field: {e}", file) from None
