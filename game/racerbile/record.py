"""Racerbile record files: a race – or the disputed part of one – written by hand in YAML.

The referee (`python main.py referee FILE`) plays the record through the race state and rules
on every action. See docs/records.md for the notation; every mistake is an `InputError` that
names its place, `file:line:column: what is wrong`.

A record names the track by its content hash (a prefix of at least 8 hex digits), the players
(at Le Mans the teams and their drivers), the profile, the order (time-trial times – equal ones
with their roll-off – or start rolls) and then the turns: `Ann: gear up; dice 54 2; drive 3,4 4,4
5,4`, with the table's calls, the judges and the clock in between. What the referee says about it
is a `RaceReport` (`game.racerbile.race_report`).
"""
from __future__ import annotations

import re
import shlex
from bisect import bisect_right
from dataclasses import dataclass
from pathlib import Path

import yaml

from game.errors import IllegalAction, InputError
from game.games import PlayerSpec
from game.hexgrid import DIRECTION_NAMES
from game.match import Match
from game.racerbile.actions import Action, Call, Dice, Drive, Driver, Name, Order, Shift, StartDie, parse_action, split_words
from game.racerbile.moves import format_path
from game.racerbile.race_report import Logged, RaceReport, on_turn
from game.racerbile.state import GEAR, MAX_TRIAL_SECONDS, MOVE, NAME42, ORDER, OVER, ROLL, START_ROLL, RaceState
from game.racerbile.tracks import find_track
from game.rules import racerbile as R
from game.rules.ledger import Drink
from game.rules.ruling import Ruling
from game.tools.recordfile import load_profile, profile_from_node, record_items
from game.yamlio import Doc

RACE_KEYS = ("game", "track", "players", "profile", "order", "turns")
TABLE_WORDS = ("call", "judge", "clock")  # actions anyone may bring in at any time
TURN_WORDS = ("gear", "driver", "dice", "drive", "name")  # the decisions and rolls of the car on turn


# --- reading the file ------------------------------------------------------------------------


class _Places:
    """Turns an offset into the value of a scalar node into a line and column of the file, for
    plain scalars folded over several lines and for quoted ones too."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0]
        for i, ch in enumerate(text):
            if ch == "\n":
                self.starts.append(i + 1)

    def index(self, line: int, column: int) -> int:
        return self.starts[min(line, len(self.starts) - 1)] + column

    def place(self, node: yaml.Node, offset: int) -> tuple[int, int]:
        start = self.index(node.start_mark.line, node.start_mark.column)
        end = self.index(node.end_mark.line, node.end_mark.column)
        raw = self.text[start:end]
        value = node.value if isinstance(node.value, str) else ""
        j = 1 if isinstance(node, yaml.ScalarNode) and node.style in ("'", '"') else 0
        for ch in value[:offset]:  # walk the raw text along the value
            while j < len(raw) and raw[j] != ch and not (ch == " " and raw[j] in " \t\r\n"):
                j += 1
            j += 1
        while j < len(raw) and raw[j] in " \t\r\n" and offset < len(value) and value[offset] != " ":
            j += 1
        i = start + min(j, len(raw))
        line = bisect_right(self.starts, i) - 1
        return line + 1, i - self.starts[line] + 1


class _Record:
    """The referee's walk through one record file."""

    def __init__(self, doc: Doc, text: str) -> None:
        self.doc = doc
        self.places = _Places(text)

    def error_at(self, node: yaml.Node, offset: int, message: str) -> InputError:
        line, col = self.places.place(node, offset)
        return InputError(message, self.doc.file, line, col)


def referee_race(doc: Doc, text: str, path: str | Path = "") -> RaceReport:
    """Rule on a Racerbile record (`game: racerbile`), already composed from `text`."""
    rec = _Record(doc, text)
    items = record_items(doc, RACE_KEYS, ("track", "players", "order"), "a Racerbile record", " (see docs/records.md)")
    profile = R.SPEC.default()
    if "profile" in items:
        pnode = items["profile"][1]
        if isinstance(pnode, yaml.ScalarNode):
            profile = load_profile(Path(doc.file).parent / pnode.value, "racerbile")
        else:
            profile = profile_from_node(doc, pnode, R.SPEC)
    lemans = profile.variant == R.LE_MANS
    players = _players(doc, items["players"][1], lemans)
    tnode = items["track"][1]
    ref = doc.text(tnode, "the track")
    track_ref, found, problem = ref, None, ""
    for candidate in (ref, str(Path(doc.file).parent / ref)):
        try:
            found = find_track(candidate)
            track_ref = candidate
            break
        except ValueError as e:
            problem = problem or str(e)
        except InputError as e:  # a broken track file
            raise doc.error(tnode, f"the track file is broken: {e}") from None
    if found is None:
        raise doc.error(tnode, f"{problem}; a record names its track by its content hash (`main.py tracks validate FILE` prints it)")
    if lemans and found.track.pit is None:  # the track's fault, not the teams' (racerbile.lemans.pit)
        raise doc.error(items["track"][0], f"Le Mans needs a track with a pit lane (racerbile.lemans.pit); {found.track.name or ref} has none (le_mans has one)")
    try:
        match = Match("racerbile", players, profile, track=track_ref)
    except ValueError as e:
        raise doc.error(items["players"][1], str(e)) from None
    report = RaceReport(match, found.name, found.track.content_hash, ref)
    report.log.append(Logged(items["players"][0].start_mark.line + 1, "table", "start", match.log.entries[0].rulings))
    rec_order(rec, report, items["order"][1])
    if "turns" in items:
        play = _Play(rec, report)
        for node in doc.sequence(items["turns"][1], "turns"):
            play.item(node)
    return report


MAX_DRIVERS = 6  # drivers of a Le Mans team (the most lemans_drivers allows)


def _players(doc: Doc, node: yaml.Node, lemans: bool) -> list[PlayerSpec]:
    out: list[PlayerSpec] = []
    names: set[str] = set()
    keys = ("name", "drink", "drivers", "kind")
    listed = doc.sequence(node, "players")
    if not 2 <= len(listed) <= 8:  # (before anything is read of them: a list of a million is refused at once)
        raise doc.error(node, f"a race takes 2 to 8 {'teams' if lemans else 'players'}, not {len(listed)}")
    for n in listed:
        drink, kind = Drink.BEER, "human"
        drivers: tuple[str, ...] = ()
        if isinstance(n, yaml.MappingNode):
            d = {k.value: (k, v) for k, v in doc.mapping(n, "a player")}
            for key, (k, _) in d.items():
                if key not in keys:
                    raise doc.error(k, f"unknown key {key!r} for a player; valid keys: {', '.join(keys)}")
            if "name" not in d:
                raise doc.error(n, "a player (or team) needs a name")
            name = doc.text(d["name"][1], "a name")
            if "drink" in d:
                dv = doc.text(d["drink"][1], "a drink")
                try:
                    drink = Drink(dv)
                except ValueError:
                    raise doc.error(d["drink"][1], f"unknown drink {dv!r}; valid drinks: {', '.join(x.value for x in Drink)}") from None
            if "kind" in d:
                kind = doc.text(d["kind"][1], "a kind")
            if "drivers" in d:
                if not lemans:
                    raise doc.error(d["drivers"][0], "drivers make a Le Mans team; this record's variant is not le_mans")
                dn = d["drivers"][1]
                if len(doc.sequence(dn, "drivers")) > MAX_DRIVERS:
                    raise doc.error(dn, f"a team has at most {MAX_DRIVERS} drivers (option lemans_drivers), not {len(doc.sequence(dn, 'drivers'))}")
                drivers = tuple(doc.text(x, "a driver's name") for x in doc.sequence(dn, "drivers"))
                if not drivers:
                    raise doc.error(dn, "a team needs at least one driver")
                for x in doc.sequence(dn, "drivers"):
                    if x.value in names or x.value == name:
                        raise doc.error(x, f"{x.value!r} is named twice")
                    names.add(x.value)
        else:
            name = doc.text(n, "a player's name")
        if not name.strip():
            raise doc.error(n, "a player needs a name")
        if name in names:
            raise doc.error(n, f"{name!r} is named twice")
        if lemans and not drivers:
            raise doc.error(n, f"a Le Mans team needs its drivers: {{name: {name}, drivers: [A, B, C]}} (racerbile.lemans.teams)")
        names.add(name)
        out.append(PlayerSpec(name, kind, drink, drivers))
    if not 2 <= len(out) <= 8:
        raise doc.error(node, f"a race takes 2 to 8 {'teams' if lemans else 'players'}, not {len(out)}")
    return out


# --- the order -------------------------------------------------------------------------------


def rec_order(rec: _Record, report: RaceReport, node: yaml.Node) -> None:
    """`order: {times: {Ann: 41.2, …}}` (the time trial; equal times add `rolloff: {Ann: 4, Ben: 6}`)
    or `order: {rolls: {Ann: 4, Ben: 6 3}}`."""
    doc, match = rec.doc, report.match
    entries = doc.mapping(node, "the order")
    keys = [k.value for k, _v in entries]
    if keys not in (["times"], ["rolls"], ["times", "rolloff"]):
        if "rolloff" in keys and "times" not in keys:
            raise doc.error(entries[keys.index("rolloff")][0], "a roll-off follows the time trial's equal times: write `times:` first, then `rolloff:`")
        raise doc.error(node, "write the order as `times: {PLAYER: SECONDS, …}` (the time trial, with `rolloff: {PLAYER: ROLLS, …}` "
                              "for equal times) or `rolls: {PLAYER: ROLLS, …}`")
    st: RaceState = match.state
    seats = list(st.players)
    kind, body = entries[0]
    given = _order_players(rec, st, kind, body)
    line = kind.start_mark.line + 1
    if kind.value == "rolls":
        if st.phase == ORDER:
            _apply(rec, report, body, 0, Order(), "table", line)
        _roll_for_order(rec, report, body, given, "everyone rolls one die", "racerbile.start")
        return
    if st.phase != ORDER:
        raise doc.error(kind, "Babybile rolls for the order (racerbile.start); a time trial is a Racerbile start")
    times = []
    for s in range(len(seats)):
        if s not in given:
            raise doc.error(body, f"no time for {seats[s]}")
        v = doc.value(given[s][1])
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 < v <= MAX_TRIAL_SECONDS:  # (NaN fails too)
            raise doc.error(given[s][1], f"a time is a number of seconds above 0 and at most {MAX_TRIAL_SECONDS} (racerbile.variant.racerbile), not {v!r:.40}")
        times.append(float(v))
    _apply(rec, report, body, 0, Order(tuple(times)), "table", line)
    tied = [seats[s] for g in match.state.groups for s in g if len(g) > 1]
    if len(entries) == 1:
        if match.state.phase == START_ROLL:
            raise doc.error(body, f"{' and '.join(tied)} have equal times and roll off for their places: add "
                                  f"`rolloff: {{{', '.join(f'{n}: ROLLS' for n in tied)}}}` (racerbile.variant.racerbile)")
        return
    kind, body = entries[1]
    if match.state.phase != START_ROLL:
        raise doc.error(kind, "no equal times: there is nothing to roll off (racerbile.variant.racerbile)")
    given = _order_players(rec, match.state, kind, body)
    for s, (k, _v) in given.items():
        if seats[s] not in tied:
            raise doc.error(k, f"{seats[s]} has no equal time and does not roll off; {' and '.join(tied)} do (racerbile.variant.racerbile)")
    _roll_for_order(rec, report, body, given, "everyone tied rolls one die", "racerbile.variant.racerbile")


def _order_players(rec: _Record, st: RaceState, kind: yaml.ScalarNode, body: yaml.Node) -> dict[int, tuple[yaml.ScalarNode, yaml.Node]]:
    """The seats a part of the order names (`times:`, `rolls:`, `rolloff:`), each once."""
    doc, seats = rec.doc, list(st.players)
    given: dict[int, tuple[yaml.ScalarNode, yaml.Node]] = {}
    for k, v in doc.mapping(body, f"the {kind.value}"):
        try:
            s = st.seat_of(k.value)
        except KeyError:
            raise doc.error(k, f"unknown player {k.value!r}; the {'teams' if st.lemans else 'players'} are {', '.join(seats)}") from None
        if s in given:
            raise doc.error(k, f"{seats[s]} is given twice")
        given[s] = (k, v)
    return given


def _roll_for_order(rec: _Record, report: RaceReport, body: yaml.Node, given: dict[int, tuple[yaml.ScalarNode, yaml.Node]], first: str, rule: str) -> None:
    """Each player's dice in the order they are rolled (a tie rolls again), until the order is settled."""
    doc, match = rec.doc, report.match
    seats = list(match.state.players)
    queues: dict[int, list[tuple[int, yaml.Node, int]]] = {s: _start_rolls(rec, v) for s, (_k, v) in given.items()}
    rolled: set[int] = set()  # the seats that have rolled once
    while match.state.phase == START_ROLL:
        st = match.state
        seat = st.groups[0][len(st.rolled)]
        q = queues.get(seat)
        if seat not in given:
            raise doc.error(body, f"no roll for {seats[seat]}: {first} ({rule})")
        if not q:
            if seat not in rolled:
                why = first
            else:
                why = f"{' and '.join(seats[x] for x in st.groups[0])} are tied and roll again"
            raise doc.error(given[seat][1], f"{seats[seat]} needs another roll for the order: {why} ({rule})")
        face, vnode, off = q.pop(0)
        _apply(rec, report, vnode, off, StartDie(face), "table", vnode.start_mark.line + 1)
        rolled.add(seat)
    for s, q in queues.items():
        if q:
            face, vnode, off = q[0]
            raise rec.error_at(vnode, off, f"{seats[s]}'s roll {face} is one too many: the order was settled without it ({rule})")


def _start_rolls(rec: _Record, node: yaml.Node) -> list[tuple[int, yaml.Node, int]]:
    doc = rec.doc
    if isinstance(node, yaml.SequenceNode):
        out = []
        for n in node.value:
            out += _start_rolls(rec, n)
        return out
    text = doc.text(node, "a roll")
    out = []
    for m in re.finditer(r"\S+", text):
        tok = m.group()
        if not tok.isdigit() or len(tok) != 1 or not 1 <= int(tok) <= 6:
            raise rec.error_at(node, m.start(), f"a roll for the order is one die, 1 to 6, not {tok!r}")
        out.append((int(tok), node, m.start()))
    if not out:
        raise doc.error(node, "a roll for the order is one die, 1 to 6")
    return out


def _apply(rec: _Record, report: RaceReport, node: yaml.Node, offset: int, action: Action, who: str, line: int) -> None:
    before = report.state
    try:
        entry = report.match.apply(action)
    except IllegalAction as e:
        raise rec.error_at(node, offset, f"{action}: {e}") from None
    _log(report, line, who, entry.action, entry.rulings, before)


OPENS = "turn opens"  # the log entry of a turn's opening rulings (the front/last sip, forced calls)


def _log(report: RaceReport, line: int, who: str, action: str, rulings: tuple[Ruling, ...], before: RaceState) -> None:
    """Log an action's rulings; when it ended a turn, the next turn's opening rulings go under that
    turn (who = the seat now on turn), not under the action that ended the one before."""
    st = report.state
    opened = st.turns > before.turns or (before.turn is None and st.turn is not None)
    k = st.opening if opened else 0
    if not k or k > len(rulings):
        report.log.append(Logged(line, who, action, rulings))
        return
    report.log.append(Logged(line, who, action, rulings[: len(rulings) - k]))
    seat = st.players[st.turn.seat] if st.turn is not None else "table"
    report.log.append(Logged(line, seat, OPENS, rulings[len(rulings) - k :]))


# --- the turns -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Segment:
    """One action of a turn as written: its text and where it starts in the node's value."""

    text: str
    offset: int

    @property
    def word(self) -> str:
        return self.text.split(maxsplit=1)[0] if self.text.strip() else ""

    def parts(self) -> list[tuple[str, int]]:
        """The words after the first, each with its offset (for a precise column)."""
        out = [(m.group(), self.offset + m.start()) for m in re.finditer(r"\S+", self.text)]
        return out[1:]


def split_actions(text: str, base: int = 0) -> list[Segment]:
    """Split `a; b; c` at the semicolons outside quotes, keeping where each action starts."""
    segs: list[Segment] = []
    start, quote = 0, ""
    for i, ch in enumerate(text + ";"):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == ";" or i == len(text):
            raw = text[start:i]
            lead = len(raw) - len(raw.lstrip())
            if raw.strip():
                segs.append(Segment(raw.strip(), base + start + lead))
            start = i + 1
    if quote and text[start:].strip():  # an unterminated quote: the rest is one action (its reader names the quote)
        raw = text[start:]
        segs.append(Segment(raw.strip(), base + start + len(raw) - len(raw.lstrip())))
    return segs


def split_who(text: str) -> tuple[str, int] | None:
    """`WHO: actions` → (WHO, offset of the actions); None when the text names nobody."""
    quote = ""
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == ";":
            return None
        elif ch == ":":
            who = text[:i].strip()
            try:
                parts = split_words(who)
            except ValueError:
                return None
            if len(parts) != 1:
                return None
            return parts[0], i + 1
    return None


class _Play:
    """Feeds the turns of a record to the match, one written action at a time."""

    def __init__(self, rec: _Record, report: RaceReport) -> None:
        self.rec = rec
        self.report = report
        self.geared: tuple[int, int] | None = None  # (turns, seat) whose gear the record has settled

    @property
    def st(self) -> RaceState:
        return self.report.match.state  # type: ignore[no-any-return]

    def item(self, node: yaml.Node) -> None:
        doc = self.rec.doc
        if isinstance(node, yaml.MappingNode):
            for k, v in doc.mapping(node, "a turn (PLAYER: actions)"):
                who = k.value
                if who in TABLE_WORDS + TURN_WORDS:
                    raise doc.error(k, f"{who!r} is an action, not a player: write `- {who} …` as a plain string, or `- PLAYER: {who} …`")
                self.turn(k, who, v)
            return
        text = doc.text(node, "a turn")
        split = split_who(text)
        if split is not None and split[0] not in TABLE_WORDS + TURN_WORDS:
            who, at = split
            self.turn(node, who, node, base=at)
            return
        segs = split_actions(text)
        for seg in segs:
            if seg.word not in TABLE_WORDS:
                if seg.word in TURN_WORDS:
                    raise self.rec.error_at(node, seg.offset, f"say whose turn it is: `PLAYER: {seg.text}` (only calls, judges and the clock need no player)")
                raise self.rec.error_at(node, seg.offset, _unknown(seg))
            self.action(node, seg, None)
        self.report.turns.append({"line": node.start_mark.line + 1, "player": None, "actions": [s.text for s in segs]})

    def turn(self, key: yaml.Node, who: str, node: yaml.Node, base: int = 0) -> None:
        """`who`'s actions in `node` (a string, or a list of strings)."""
        doc = self.rec.doc
        if isinstance(node, yaml.SequenceNode):
            pieces = [(n, split_actions(doc.text(n, "an action"))) for n in node.value]
        else:
            pieces = [(node, split_actions(doc.text(node, "a turn")[base:], base))]
        seat = self._seat(key, who, [s for _, segs in pieces for s in segs])
        for n, segs in pieces:
            for seg in segs:
                self.action(n, seg, seat)
        self.report.turns.append({"line": key.start_mark.line + 1, "player": who, "actions": [s.text for _, segs in pieces for s in segs]})

    def _seat(self, key: yaml.Node, who: str, segs: list[Segment]) -> int:
        """The seat named by `who`, which must be on turn (a driver must be at the wheel, or take it)."""
        st, doc = self.st, self.rec.doc
        try:
            seat = st.seat_of(who)
        except KeyError:
            known = ", ".join(st.players) if not st.lemans else "; ".join(f"{p}: {', '.join(d)}" for p, d in zip(st.players, st.drivers))
            raise doc.error(key, f"unknown player {who!r}; the {'teams and drivers' if st.lemans else 'players'} are {known}") from None
        if st.phase == OVER:
            raise doc.error(key, f"the race is over ({st.players[st.standings()[0]]} won): no more turns")
        assert st.turn is not None
        if st.turn.seat != seat:
            now = on_turn(st)
            raise doc.error(key, f"it is {now['seat']}'s turn ({now['to']}), not {st.players[seat]}'s")
        if who != st.players[seat] and who != st.driver(seat):
            first = next((s for s in segs if s.word in TURN_WORDS), None)
            try:
                takes = first is not None and split_words(first.text) == ["driver", who]
            except ValueError:
                takes = False
            if not takes:
                raise doc.error(key, f"{who} is not at the wheel of {st.players[seat]} ({st.driver(seat)} is): begin with `driver {shlex.quote(who)}` to hand over")
        return seat

    def action(self, node: yaml.Node, seg: Segment, seat: int | None) -> None:
        rec, word = self.rec, seg.word
        line = self.rec.places.place(node, seg.offset)[0]
        if word in TABLE_WORDS:
            try:
                a = parse_action(seg.text)
            except ValueError:
                raise rec.error_at(node, seg.offset, _usage(seg)) from None
            if isinstance(a, Call) and a.rule not in R.FAULT_BY_RULE:
                near = [f.rule for f in self.st.faults() if a.rule.split(".")[-1] in f.rule]
                hint = f"; did you mean {', '.join(near[:3])}?" if near else " (`main.py rules racerbile` lists them)"
                raise rec.error_at(node, seg.offset, f"{seg.text}: {a.rule} is not a fault of the call-a-fault menu{hint}")
            self._apply(node, seg.offset, a, "table", line)
            return
        if word not in TURN_WORDS:
            raise rec.error_at(node, seg.offset, _unknown(seg))
        assert seat is not None
        st = self.st
        if st.phase == OVER or st.turn is None or st.turn.seat != seat:
            now = "the race is over" if st.phase == OVER else f"it is {on_turn(st)['seat']}'s turn now"
            raise rec.error_at(node, seg.offset, f"{seg.text}: {st.players[seat]}'s turn is over – {now}")
        who = st.players[seat]
        if word == "dice":
            self._dice(node, seg, who, line)
            return
        try:
            a = parse_action(seg.text)
        except ValueError:
            msg, at = _bad_parts(seg)
            raise rec.error_at(node, at, msg) from None
        if isinstance(a, Shift) and st.phase != GEAR:
            self._late_shift(node, seg, a, who)
            return
        if isinstance(a, Shift) and a.delta not in st.shifts():
            raise rec.error_at(node, seg.offset, f"{seg.text}: {who} cannot change gear now – {_why_no_shift(st, a.delta)}")
        if isinstance(a, Driver) and st.phase != GEAR:
            raise rec.error_at(node, seg.offset, f"{seg.text}: a new driver takes the wheel before the gear and the roll (racerbile.lemans.driver_change)")
        if isinstance(a, Drive):
            self._drive(node, seg, a, who, line)
            return
        if isinstance(a, Name) and st.phase != NAME42:
            raise rec.error_at(node, seg.offset, f"{seg.text}: an opponent is named only on landing on the 42 field (racerbile.lemans.field42)")
        if isinstance(a, Shift):
            self.geared = (st.turns, seat)
        self._apply(node, seg.offset, a, who, line)

    def _apply(self, node: yaml.Node, offset: int, a: Action, who: str, line: int) -> None:
        before = self.st
        try:
            entry = self.report.match.apply(a)
        except IllegalAction as e:
            raise self.rec.error_at(node, offset, f"{a}: {e}") from None
        _log(self.report, line, who, entry.action, entry.rulings, before)

    def _hold(self, node: yaml.Node, seg: Segment, who: str, line: int) -> None:
        """Dice before any gear word: the player holds the gear (an unannounced turn keeps it)."""
        st = self.st
        assert st.turn is not None
        if 0 not in st.shifts():
            raise self.rec.error_at(node, seg.offset, f"{seg.text}: first the gear – {on_turn(st)['to']}")
        self.geared = (st.turns, st.turn.seat)
        self._apply(node, seg.offset, Shift(0), who, line)

    def _late_shift(self, node: yaml.Node, seg: Segment, a: Shift, who: str) -> None:
        """A gear word after the gear was settled: `gear hold` where no choice was open is
        accepted; anything else says why the gear cannot change now."""
        st = self.st
        t = st.turn
        assert t is not None
        fresh = st.phase == ROLL and not t.dice and not t.fives and self.geared != (st.turns, t.seat)
        if fresh and a.delta == 0:
            self.geared = (st.turns, t.seat)
            return  # the turn opened in a gear nobody could change: holding it is what happened
        why = _why_no_shift(st, a.delta) if fresh else "the gear is chosen once, at the start of the turn (racerbile.upshift, racerbile.downshift)"
        raise self.rec.error_at(node, seg.offset, f"{seg.text}: {who} cannot change gear now – {why}")

    def _dice(self, node: yaml.Node, seg: Segment, who: str, line: int) -> None:
        rec = self.rec
        throws = seg.parts()
        if not throws:
            raise rec.error_at(node, seg.offset, "dice: write each throw as the dice it shows, e.g. `dice 54 2` (5s and 6s are rolled again)")
        for tok, off in throws:
            st = self.st
            t = st.turn
            assert t is not None
            if st.phase == GEAR:
                self._hold(node, seg, who, line)
                st, t = self.st, self.st.turn
                assert t is not None
            bad = next((i for i, ch in enumerate(tok) if ch not in "123456"), None)
            if bad is not None:
                raise rec.error_at(node, off + bad, f"impossible die {tok[bad]!r} in {tok!r}: a die shows 1 to 6")
            if st.phase != ROLL:
                landed = "+".join(map(str, t.dice)) if t.dice else "nothing"
                raise rec.error_at(node, off, f"dice {tok}: no die is in the air – all have landed ({landed} = {t.roll}); {who} drives now")
            if len(tok) != t.pending:
                again = f"{t.pending} di{'c' if t.pending > 1 else ''}e rolled again (the 5s and 6s)" if t.dice or t.fives else f"{t.pending} di{'c' if t.pending > 1 else ''}e in gear {t.gear}"
                raise rec.error_at(node, off, f"dice {tok}: {tok!r} shows {len(tok)} di{'c' if len(tok) > 1 else ''}e, but {who} throws {again}")
            self._apply(node, off, Dice(tuple(int(c) for c in tok)), who, line)

    def _drive(self, node: yaml.Node, seg: Segment, a: Drive, who: str, line: int) -> None:
        st, rec = self.st, self.rec
        t = st.turn
        assert t is not None
        if st.phase in (GEAR, ROLL):
            what = f"{t.pending} di{'c' if t.pending != 1 else ''}e still in the air" if st.phase == ROLL and (t.dice or t.fives) else "no dice rolled yet"
            raise rec.error_at(node, seg.offset, f"{seg.text}: {who} drives after the roll – {what}")
        if st.phase != MOVE:
            raise rec.error_at(node, seg.offset, f"{seg.text}: {on_turn(st)['to']} first")
        before = st
        try:
            entry = self.report.match.apply(a)
        except IllegalAction as e:
            msg = str(e)
            offset = seg.offset
            m = re.match(r"step (\d+):", msg)
            parts = seg.parts()
            if m and int(m.group(1)) <= len(parts):
                offset = parts[int(m.group(1)) - 1][1]
            raise rec.error_at(node, offset, f"{seg.text}: {msg}; {_legal_summary(st)}") from None
        _log(self.report, line, who, entry.action, entry.rulings, before)



def _why_no_shift(st: RaceState, delta: int) -> str:
    return st.shift_refusal(delta)


def _legal_summary(st: RaceState) -> str:
    t = st.turn
    assert t is not None
    lm = st.moves()
    car = st.cars[t.seat]
    facing = f" facing {DIRECTION_NAMES[car.facing]}" if st.facing_rule and car.facing is not None else ""
    best = max(lm, key=lambda m: (len(m.path), -m.sips), default=None)
    eg = f" (e.g. drive {format_path(best.path)})" if best is not None else ""
    return f"{len(lm)} legal move{'s' if len(lm) != 1 else ''} for the {t.roll} rolled from {car.pos.q},{car.pos.r}{facing}{eg}"


USAGE = {
    "gear": "gear up | gear down | gear hold",
    "driver": "driver NAME",
    "dice": "dice THROW THROW … (each throw the dice it shows, e.g. dice 54 2)",
    "drive": "drive Q,R Q,R … (or drive -)",
    "name": "name NAME",
    "call": "call RULE WHO [COUNT]",
    "judge": "judge sips WHO N 'REASON' | judge laps TEAM N 'REASON' | judge rule OPTION VALUE 'REASON'",
    "clock": "clock SECONDS",
}


def _bad_parts(seg: Segment) -> tuple[str, int]:
    """Why an action cannot be read, and where."""
    if seg.word == "drive":
        for tok, at in seg.parts():
            if tok != "-" and not re.fullmatch(r"-?\d+,-?\d+", tok):
                return f"{seg.text}: {tok!r} is not a field – write q,r in the track's axial coordinates, e.g. 3,-4 (or `drive -` for no field)", at
    return _usage(seg), seg.offset


def _usage(seg: Segment) -> str:
    return f"cannot read {seg.text!r}: write {USAGE.get(seg.word, seg.word)}"


def _unknown(seg: Segment) -> str:
    return f"unknown action {seg.word!r}; the actions are {', '.join(TURN_WORDS + TABLE_WORDS)}"
