"""Bierpong tournaments and the standings (bierpong.scoring).

A tournament is played by *entrants* (at most `MAX_ENTRANTS`): a single player, or a team written
`Tim & Michael`. Its games are scheduled as a round robin or a knockout bracket
(`game.bierpong.schedule`); from the results the places follow. A finished tournament is a
`Tournament` – date, kind (single or team), places, everyone who took part.

The standings (`Standings`) are the original's two tables ("Bestenliste (Team)" and
"Bestenliste (Einzel)"): points, wins and participations per person, derived from the
tournaments entered. Places score 5 / 3 / 1 (1st / 2nd / 3rd, `POINTS`); a team's place scores
for each of its members; a win is a first place; a participation is a tournament taken part in.
They live in a YAML file (`standings_path()`, under `$XDG_DATA_HOME/stammtisch/`) holding the
tournaments and, for the reader, the tables; it is written atomically and never overwritten
when it cannot be read. File formats and commands: docs/tournaments.md.

Pure: no pygame, no physics.
"""
from __future__ import annotations

import datetime as _dt
import os
import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from game.bierpong.schedule import MAX_ENTRANTS, Game, GameRefused, Knockout, RoundRobin
from game.errors import InputError
from game.store.fileio import atomic_write
from game.yamlio import Doc, Dumper, parse, read_text

__all__ = ["MAX_ENTRANTS", "POINTS", "Game", "Kind", "Knockout", "RoundRobin", "Row", "Standings", "Tournament", "add_tournament",
           "read_schedule", "read_standings", "read_tournament", "standings_path", "write_standings"]

POINTS: Mapping[int, int] = {1: 5, 2: 3, 3: 1}  # bierpong.scoring: "1. Platz: 5 Punkte, 2. Platz: 3 Punkte, 3. Platz: 1 Punkt"
SEPARATOR = " & "  # between the members of a team, as the original writes them
STANDINGS_FILE = "bierpong-standings.yaml"


class Kind(str, Enum):
    """Single tournaments ("Einzel") and team tournaments ("Team") have a table each."""

    SINGLE = "single"
    TEAM = "team"


def members(entrant: str) -> tuple[str, ...]:
    """The people of an entrant: `Tim & Michael` → (Tim, Michael); `Millane` → (Millane,)."""
    return tuple(m.strip() for m in entrant.split("&"))


def points_for(place: int) -> int:
    """bierpong.scoring: 5 / 3 / 1 points for the first three places, none below."""
    return POINTS.get(place, 0)


# --- finished tournaments and the standings -----------------------------------------------------


@dataclass(frozen=True)
class Tournament:
    """A finished tournament: its places (shared places allowed) and everyone who took part."""

    date: _dt.date
    kind: Kind
    placements: tuple[tuple[int, str], ...]  # (place, entrant), best first
    participants: tuple[str, ...] = ()  # entrants without a place listed in `placements`
    name: str = ""

    def entrants(self) -> tuple[str, ...]:
        placed = tuple(e for _, e in self.placements)
        seen = set(placed)
        return placed + tuple(e for e in self.participants if e not in seen)

    def people(self) -> list[str]:
        return [m for e in self.entrants() for m in members(e)]

    def awards(self) -> list[tuple[str, int, int]]:
        """(person, points, wins) for every placed person (bierpong.scoring: 5 / 3 / 1)."""
        return [(m, points_for(p), int(p == 1)) for p, e in self.placements for m in members(e)]

    def label(self) -> str:
        return f"{self.date.isoformat()} {self.kind.value}" + (f" {self.name!r}" if self.name else "")


@dataclass(frozen=True, slots=True)
class Row:
    name: str
    points: int = 0
    wins: int = 0
    participations: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "points": self.points, "wins": self.wins, "participations": self.participations}


def table(tournaments: Iterable[Tournament], kind: Kind) -> list[Row]:
    """One of the two tables: per person points, wins (first places) and participations, from the
    tournaments of that kind; ordered by points, wins, fewer participations, then name."""
    rows: dict[str, list[int]] = {}
    for t in tournaments:
        if t.kind is not kind:
            continue
        for person in t.people():
            rows.setdefault(person, [0, 0, 0])[2] += 1
        for person, pts, wins in t.awards():
            rows[person][0] += pts
            rows[person][1] += wins
    out = [Row(n, *v) for n, v in rows.items()]
    return sorted(out, key=lambda r: (-r.points, -r.wins, r.participations, r.name))


@dataclass(frozen=True)
class Standings:
    tournaments: tuple[Tournament, ...] = ()

    def table(self, kind: Kind) -> list[Row]:
        return table(self.tournaments, kind)

    def add(self, t: Tournament) -> Standings:
        for old in self.tournaments:
            if (old.date, old.kind, old.placements) == (t.date, t.kind, t.placements):
                raise ValueError(f"this tournament ({t.label()}) is entered already")
        return Standings(tuple(sorted(self.tournaments + (t,), key=lambda x: x.date)))

    def people(self, kind: Kind) -> set[str]:
        return {p for t in self.tournaments if t.kind is kind for p in t.people()}

    def as_dict(self) -> dict[str, Any]:
        return {k.value: [r.as_dict() for r in self.table(k)] for k in (Kind.TEAM, Kind.SINGLE)} | {
            "tournaments": len(self.tournaments)
        }


# --- files ------------------------------------------------------------------------------------


def standings_path() -> Path:
    """`$XDG_DATA_HOME/stammtisch/bierpong-standings.yaml` (XDG_DATA_HOME defaults to ~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "stammtisch" / STANDINGS_FILE


_DATE = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$")
_TOURNAMENT_KEYS = ("date", "kind", "name", "placements", "participants", "format", "entrants", "games", "third_place_game")


def _date(doc: Doc, node: yaml.Node) -> _dt.date:
    v = doc.value(node)
    if isinstance(v, _dt.datetime):  # (a datetime is a date too, but does not compare with one)
        raise doc.error(node, f"a date is a day – YYYY-MM-DD or DD.MM.YY – without a time, not {v.isoformat(' ')!r}")
    if isinstance(v, _dt.date):
        return v
    m = _DATE.match(str(v))
    if m:
        d, mo, y = (int(x) for x in m.groups())
        try:
            return _dt.date(y + 2000 if y < 100 else y, mo, d)
        except ValueError:
            pass
    raise doc.error(node, f"a date is YYYY-MM-DD or DD.MM.YY, not {v!r}")


def _entrant(doc: Doc, node: yaml.Node, kind: Kind) -> str:
    text = doc.text(node, "an entrant")
    if not isinstance(doc.value(node), str):  # `null`, `true`, `0`, a date: YAML reads no name there
        raise doc.error(node, f"an entrant is a name, not {text or 'null'!r}; quote a name that looks like a value: '{text}'")
    people = members(text)
    if any(not p for p in people):
        raise doc.error(node, f"an empty name in {text!r}")
    if kind is Kind.SINGLE and len(people) != 1:
        raise doc.error(node, f"a single tournament has players, not teams ({text!r})")
    if kind is Kind.TEAM and len(people) < 2:
        raise doc.error(node, f"a team tournament has teams of two or more, written 'A & B' (not {text!r})")
    if len(set(people)) != len(people):
        raise doc.error(node, f"a name twice in {text!r}")
    return SEPARATOR.join(people)


def _game(doc: Doc, node: yaml.Node, kind: Kind) -> tuple[str, str]:
    """`WINNER > LOSER` – one played game."""
    text = doc.text(node, "a game")
    if text.count(">") != 1:
        raise doc.error(node, f"a game is written 'WINNER > LOSER', not {text!r}")
    w, l = (s.strip() for s in text.split(">"))
    for part in (w, l):
        if not part:
            raise doc.error(node, f"a game is written 'WINNER > LOSER', not {text!r}")
    fake = yaml.ScalarNode("tag:yaml.org,2002:str", w, node.start_mark, node.end_mark)
    w = _entrant(doc, fake, kind)
    fake = yaml.ScalarNode("tag:yaml.org,2002:str", l, node.start_mark, node.end_mark)
    return w, _entrant(doc, fake, kind)


def tournament_from_node(doc: Doc, node: yaml.Node, known: set[str] | None = None) -> Tournament:
    """A tournament from its YAML mapping (docs/tournaments.md): `placements`, or `format` with
    `entrants` and `games` from which the places follow. `known` names the people the standings
    know already: a bare first name that could be more than one of them is refused."""
    items = {k.value: (k, v) for k, v in doc.mapping(node, "a tournament")}
    for k, (kn, _) in items.items():
        if k not in _TOURNAMENT_KEYS:
            raise doc.error(kn, f"unknown key {k!r}; valid keys: {', '.join(_TOURNAMENT_KEYS)}")
    for need in ("date", "kind"):
        if need not in items:
            raise doc.error(node, f"a tournament needs {need}:")
    date = _date(doc, items["date"][1])
    kind_text = doc.text(items["kind"][1], "the kind")
    try:
        kind = Kind(kind_text)
    except ValueError:
        raise doc.error(items["kind"][1], f"unknown kind {kind_text!r}; valid kinds: single, team") from None
    name = doc.text(items["name"][1], "the name") if "name" in items else ""
    where: dict[str, yaml.Node] = {}  # entrant → where it is written (for complaints)

    def entrant(n: yaml.Node) -> str:
        e = _entrant(doc, n, kind)
        where.setdefault(e, n)
        return e

    if "format" in items:
        if "placements" in items:
            raise doc.error(items["placements"][0], "give either placements: or format: with entrants: and games:, not both")
        placements = _played(doc, items, kind, entrant)
    else:
        if "placements" not in items:
            raise doc.error(node, "a tournament needs placements: (or format:, entrants: and games:)")
        for k in ("entrants", "games", "third_place_game"):
            if k in items:
                raise doc.error(items[k][0], f"{k}: goes with format:")
        placements = _placements(doc, items["placements"][1], entrant)
    placed = {e for _, e in placements}
    participants: list[str] = []
    if "participants" in items:
        nodes = doc.sequence(items["participants"][1], "participants")
        _bound(doc, items["participants"][1], len(placed) + len(nodes))
        for n in nodes:
            e = entrant(n)
            if e not in placed:
                placed.add(e)
                participants.append(e)
    t = Tournament(date, kind, tuple(placements), tuple(participants), name)
    fuller: dict[str, list[str]] = {}  # "Moritz" → the known "Moritz W.", "Moritz G." (made once: linear in the names)
    for p in known or ():
        for i, c in enumerate(p):
            if c == " ":
                fuller.setdefault(p[:i], []).append(p)
    seen: dict[str, str] = {}
    for e in t.entrants():
        for person in members(e):
            if person in seen:
                raise doc.error(where[e], f"{person} is in {seen[person]!r} and in {e!r}: one person, one entrant")
            seen[person] = e
            if known is not None and person not in known:
                alike = sorted(fuller.get(person, ()))
                if alike:
                    raise doc.error(where[e], f"{person!r} is ambiguous: the standings know {' and '.join(alike)}; write the full name")
    return t


def _placements(doc: Doc, node: yaml.Node, entrant: Any) -> list[tuple[int, str]]:
    """`placements: {1: A, 2: B, 3: [C, D]}` – a list is a shared place."""
    out: list[tuple[int, str]] = []
    expect = 1
    pairs = doc.mapping(node, "placements")
    if not pairs:
        raise doc.error(node, "placements: needs at least the winner (1: NAME)")
    _bound(doc, node, sum(len(v.value) if isinstance(v, yaml.SequenceNode) else 1 for _, v in pairs))
    for k, v in sorted(pairs, key=lambda kv: _int(doc, kv[0])):
        place = _int(doc, k)
        if place != expect:
            raise doc.error(k, f"place {place} follows place {expect - 1}" if expect > 1 else "the places begin with 1")
        names = doc.sequence(v, "a shared place") if isinstance(v, yaml.SequenceNode) else [v]
        if not names:
            raise doc.error(v, f"place {place} names nobody")
        out += [(place, entrant(n)) for n in names]
        expect = place + len(names)
    return out


def _bound(doc: Doc, node: yaml.Node, n: int) -> None:
    """bierpong.scoring: a tournament's field has at most MAX_ENTRANTS – counted before a name is read."""
    if n > MAX_ENTRANTS:
        raise doc.error(node, f"a tournament has at most {MAX_ENTRANTS} entrants, not {n}")


def _int(doc: Doc, node: yaml.Node) -> int:
    v = doc.value(node)
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        raise doc.error(node, f"a place is a whole number from 1, not {v!r}")
    return v


def _played(doc: Doc, items: dict[str, tuple[yaml.ScalarNode, yaml.Node]], kind: Kind, entrant: Any) -> list[tuple[int, str]]:
    t = _build(doc, items, kind, entrant)
    if not t.finished:
        left = "; ".join(f"{g.a} – {g.b}" for g in t.pending())
        at = items["games"][1] if "games" in items else items["format"][0]
        raise doc.error(at, f"the tournament is not finished: still to play {left}")
    return t.placements()


def _build(doc: Doc, items: dict[str, tuple[yaml.ScalarNode, yaml.Node]], kind: Kind, entrant: Any) -> RoundRobin | Knockout:
    """The schedule of `format:` with `entrants:`, the `games:` played so far recorded."""
    fmt_node = items["format"][1]
    fmt = doc.text(fmt_node, "the format")
    if fmt not in ("round_robin", "knockout"):
        raise doc.error(fmt_node, f"unknown format {fmt!r}; valid formats: round_robin, knockout")
    if "entrants" not in items:
        raise doc.error(items["format"][0], "format: needs entrants: (in seed order for a knockout)")
    ent_nodes = doc.sequence(items["entrants"][1], "entrants")
    _bound(doc, items["entrants"][1], len(ent_nodes))
    entrants = [entrant(n) for n in ent_nodes]
    firsts: set[str] = set()
    for i, e in enumerate(entrants):
        if e in firsts:
            raise doc.error(ent_nodes[i], f"{e!r} is entered twice")
        firsts.add(e)
    if len(entrants) < 2:
        raise doc.error(items["entrants"][1], "a tournament needs at least two entrants")
    third = True
    if "third_place_game" in items:
        if fmt != "knockout":
            raise doc.error(items["third_place_game"][0], "third_place_game: is for a knockout")
        v = doc.value(items["third_place_game"][1])
        if not isinstance(v, bool):
            raise doc.error(items["third_place_game"][1], f"third_place_game: is true or false, not {v!r}")
        third = v
    t: RoundRobin | Knockout = RoundRobin(tuple(entrants)) if fmt == "round_robin" else Knockout(tuple(entrants), third_place_game=third)
    game_nodes = doc.sequence(items["games"][1], "games") if "games" in items else []
    n = len(entrants)
    most = n * (n - 1) // 2 if fmt == "round_robin" else n
    if len(game_nodes) > most:  # (before a game is read)
        raise doc.error(items["games"][1], f"{len(game_nodes)} games, but a {fmt.replace('_', ' ')} of {n} has at most {most}")
    try:
        return t.record_many([_game(doc, g, kind) for g in game_nodes])
    except GameRefused as e:
        raise doc.error(game_nodes[e.index], str(e)) from None


def read_schedule(path: str | Path) -> RoundRobin | Knockout:
    """A tournament file with `format:` – finished or not – as its schedule with the games played."""
    doc = parse(read_text(path), str(path))
    items = {k.value: (k, v) for k, v in doc.mapping(doc.root, "a tournament")}
    if "format" not in items:
        raise doc.error(doc.root, "this tournament has no format: (round_robin or knockout) to show a schedule of")
    kind_text = doc.text(items["kind"][1], "the kind") if "kind" in items else ""
    if kind_text not in ("single", "team"):
        raise doc.error(items["kind"][1] if "kind" in items else doc.root, "kind: is single or team")
    kind = Kind(kind_text)
    return _build(doc, items, kind, lambda n: _entrant(doc, n, kind))


def read_tournament(path: str | Path, standings: Standings | None = None) -> Tournament:
    """A tournament file; with `standings`, ambiguous first names are refused."""
    doc = parse(read_text(path), str(path))
    known = standings.people(Kind.SINGLE) | standings.people(Kind.TEAM) if standings is not None else None
    return tournament_from_node(doc, doc.root, known)


def _compare_tables(doc: Doc, node: yaml.Node, tournaments: tuple[Tournament, ...]) -> None:
    """The tables in the file are written for the reader; they must be what the tournaments give."""
    items = {k.value: (k, v) for k, v in doc.mapping(node, "tables")}
    for k, (kn, v) in items.items():
        if k not in ("team", "single"):
            raise doc.error(kn, f"unknown table {k!r}; valid tables: team, single")
        want = {r.name: r for r in table(tournaments, Kind(k))}
        rows = doc.sequence(v, f"the {k} table")
        seen = set()
        for rn in rows:
            row = {kk.value: (kk, vv) for kk, vv in doc.mapping(rn, "a row")}
            if "name" not in row:
                raise doc.error(rn, "a row needs name:")
            who = doc.text(row["name"][1], "the name")
            seen.add(who)
            if who not in want:
                raise doc.error(row["name"][1], f"{who} is in no {k} tournament of this file")
            for col in ("points", "wins", "participations"):
                if col in row and doc.value(row[col][1]) != getattr(want[who], col):
                    raise doc.error(
                        row[col][1],
                        f"{who}'s {col} are {doc.value(row[col][1])!r}, but the tournaments give {getattr(want[who], col)} "
                        "(the tables are derived: change the tournaments instead)",
                    )
        missing = sorted(set(want) - seen)
        if missing:
            raise doc.error(v, f"the {k} table leaves out {', '.join(missing)}")


def read_standings(path: str | Path | None = None) -> Standings:
    """The standings file; missing: no tournaments yet. A broken file is an `InputError` with its position."""
    p = Path(path) if path is not None else standings_path()
    if not p.exists():
        return Standings()
    doc = parse(read_text(p), str(p))
    items = {k.value: (k, v) for k, v in doc.mapping(doc.root, "a standings file")}
    for k, (kn, _) in items.items():
        if k not in ("tournaments", "tables"):
            raise doc.error(kn, f"unknown key {k!r}; valid keys: tournaments, tables")
    st = Standings()
    if "tournaments" in items:
        got, entered = [], set()
        for n in doc.sequence(items["tournaments"][1], "tournaments"):  # (one sort at the end: linear in the tournaments)
            t = tournament_from_node(doc, n)
            if (t.date, t.kind, t.placements) in entered:
                raise doc.error(n, f"this tournament ({t.label()}) is entered already")
            entered.add((t.date, t.kind, t.placements))
            got.append(t)
        st = Standings(tuple(sorted(got, key=lambda x: x.date)))
    if "tables" in items:
        _compare_tables(doc, items["tables"][1], st.tournaments)
    return st


def _tournament_dict(t: Tournament) -> dict[str, Any]:
    d: dict[str, Any] = {"date": t.date, "kind": t.kind.value}
    if t.name:
        d["name"] = t.name
    places: dict[int, Any] = {}
    for p, e in t.placements:
        places.setdefault(p, []).append(e)
    d["placements"] = {p: (v[0] if len(v) == 1 else v) for p, v in places.items()}
    if t.participants:
        d["participants"] = list(t.participants)
    return d


def dump_standings(st: Standings) -> str:
    head = (
        "# Bierpong standings (docs/tournaments.md), written by `python main.py tournament add`.\n"
        "# The tables are derived from the tournaments (bierpong.scoring: 5 / 3 / 1 points).\n"
    )
    body = {
        "tournaments": [_tournament_dict(t) for t in st.tournaments],
        "tables": {k.value: [r.as_dict() for r in st.table(k)] for k in (Kind.TEAM, Kind.SINGLE)},
    }
    return head + yaml.dump(body, Dumper=Dumper, sort_keys=False, allow_unicode=True, default_flow_style=None, width=120)


def write_standings(st: Standings, path: str | Path | None = None) -> Path:
    p = Path(path) if path is not None else standings_path()
    try:
        atomic_write(p, dump_standings(st))
    except OSError as e:  # (its folder cannot be made, the disk is full or read-only): the old file stays
        raise InputError(f"cannot write the standings file: {e.strerror or e}", str(p)) from None
    return p


def add_tournament(file: str | Path, path: str | Path | None = None) -> tuple[Tournament, Standings]:
    """Enter a finished tournament's file into the standings file (read first: a broken standings
    file is refused and left as it is)."""
    st = read_standings(path)
    t = read_tournament(file, st)
    try:
        new = st.add(t)
    except ValueError as e:
        raise InputError(str(e), str(file)) from None
    write_standings(new, path)
    return t, new


def format_tables(st: Standings) -> str:
    """Both tables as text, the team table first (as in the original)."""
    out = []
    for kind, title in ((Kind.TEAM, "Standings (team)"), (Kind.SINGLE, "Standings (single)")):
        rows = st.table(kind)
        out.append(title)
        if not rows:
            out.append("  (no tournaments entered)")
        else:
            w = max(4, *(len(r.name) for r in rows))
            out.append(f"  {'Name':<{w}}  Points  Wins  Participations")
            out += [f"  {r.name:<{w}}  {r.points:>6}  {r.wins:>4}  {r.participations:>14}" for r in rows]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _place_word(p: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(p, f"{p}th")


def _points_text(place: int, entrant: str) -> str:
    pts = points_for(place)
    if not pts:
        return ""
    return f" – {pts} point{'s' if pts != 1 else ''}" + (" each" if len(members(entrant)) > 1 else "")


def format_schedule(t: RoundRobin | Knockout) -> str:
    """A schedule as text: round by round, each game with its winner, then what is open or the places."""
    out = []
    rounds = t.rounds()
    for i, r in enumerate(rounds, 1):
        title = f"Round {i}"
        if isinstance(t, Knockout):
            title = {len(rounds): "Final", len(rounds) - 1: "Semi-finals"}.get(i, title)
        out.append(title)
        for g in r:
            if g.bye:
                out.append(f"  {g.a}: bye")
            else:
                a, b = g.a or "(to come)", g.b or "(to come)"
                out.append(f"  {a} – {b}" + (f": {g.winner} wins" if g.winner else ""))
    if isinstance(t, Knockout) and (third := t.third_place()) is not None:
        a, b = third.a or "(to come)", third.b or "(to come)"
        out.append("Third place")
        out.append(f"  {a} – {b}" + (f": {third.winner} wins" if third.winner else ""))
    if t.finished:
        out.append("Places (bierpong.scoring)")
        out += [f"  {_place_word(p)} {e}" + _points_text(p, e) for p, e in t.placements()]
    else:
        out.append("To play now")
        out += [f"  {g.a} – {g.b}" for g in t.pending()]
    return "\n".join(out) + "\n"


def run_command(args: Any) -> int:
    """`standings [--file F] [--json]`, `tournament add FILE [--file F]`, `tournament show FILE`."""
    import json

    if args.command == "standings":
        st = read_standings(args.file)
        if args.json:
            print(json.dumps(st.as_dict(), ensure_ascii=False, indent=1))
        else:
            print(format_tables(st), end="")
        return 0
    if args.tournament_command == "show":
        doc = parse(read_text(args.tfile), str(args.tfile))
        if any(k.value == "format" for k, _ in doc.mapping(doc.root, "a tournament")):
            print(format_schedule(read_schedule(args.tfile)), end="")
        else:
            t = tournament_from_node(doc, doc.root)
            print(t.label())
            for p, e in t.placements:
                print(f"  {_place_word(p)} {e}" + _points_text(p, e))
            for e in t.participants:
                print(f"  took part: {e}")
        return 0
    t, st = add_tournament(args.tfile, args.file)
    path = Path(args.file) if args.file is not None else standings_path()
    print(f"entered {t.label()} into {path}")
    for person, pts, wins in t.awards():
        print(f"  {person}: +{pts} point{'s' if pts != 1 else ''}" + (", +1 win" if wins else ""))
    return 0
