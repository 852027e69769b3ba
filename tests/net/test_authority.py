"""Who may send what to a hosted table (issue 28, item 2), on loopback, every wait bounded, no fixed
port: every row of the authority table (`game.net.authority.AUTHORITY`) – every action kind of Schock
and Katchen, Racerbile with the Le Mans judges, and Bierpong with its calls, removals, fouls, table
events and challenges – is sent by the seat the table names (accepted: the entry is logged) and by
another seat (refused, with the reason), and a challenge hands out no more than the rules allow."""
from __future__ import annotations

import json
import typing
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import pytest

from game.bierpong import actions as pong_actions
from game.dice import actions as dice_actions
from game.match import Match, PlayerSpec
from game.net import authority
from game.net.authority import AUTHORITY, Row, Sender
from game.net.client import Refused, TableClient
from game.net.host import TableHost
from game.racerbile import actions as race_actions
from game.rules import bierpong as BP
from game.rules.challenge import JUDGES, Challenge, challengeable
from game.rules.realtable import TableMode
from game.rules.racerbile import SPEC as RACE
from game.session import INSTANT, session_for
from game.state import CHANCE
from tests.net.waiting import until

RELEASE = [0.02, 0.0, 0.3]  # a ball let go above the thrower's end of the table
OWN = "you act for"
HOSTS = "the host's table makes that"


# --- matches as they stand before the action --------------------------------------------------------


def schock(*lines: str) -> Match:
    m = Match("schock", [PlayerSpec("Ann", "remote"), PlayerSpec("Ben", "remote")], seed=4, games=1)
    for line in lines:
        m.apply(m.parse(line))
    return m


def race(*, lemans: bool = False, until_drink: bool = False, turn: type | None = None, variant: str = "babybile", bot: bool = False) -> Match:
    """A race of two remote seats (Le Mans: two teams of three), played on by its first legal
    decisions and its drawn chance until a drink ruling stands (`until_drink`) or the seat on turn may
    take a `turn` action."""
    if lemans:
        teams = [PlayerSpec("Foxes", "remote", drivers=("Anna", "Bo", "Cy")), PlayerSpec("Owls", "remote", drivers=("Dana", "Eli", "Finn"))]
        m = Match("racerbile", teams, RACE.make("le_mans"), seed=2, track="le_mans")
    else:
        cem = [PlayerSpec("Cem", "careful")] if bot else []
        m = Match("racerbile", [PlayerSpec("Ann", "remote"), PlayerSpec("Ben", "remote"), *cem], RACE.make(variant), seed=7, track="babybane")
    for _step in range(400):  # (bounded)
        st = m.state
        if st.current_player() == CHANCE:
            m.resolve_chance()
            continue
        legal = list(st.legal_actions())
        if until_drink and challengeable(m.log.entries) and st.current_player() >= 0:
            return m
        if turn is not None and any(isinstance(a, turn) for a in legal):
            return m
        if turn is None and not until_drink:
            return m
        m.apply(next(a for a in legal if not isinstance(a, (race_actions.Call, race_actions.Judge))))
    raise AssertionError("the race never got there")


def bierpong(*lines: str, teams: tuple[tuple[str, ...], ...] = (("Ann",), ("Cem",)), throwoff: bool = True, **options: Any) -> Match:
    m = Match("bierpong", [PlayerSpec("Foxes", "remote", drivers=teams[0]), PlayerSpec("Owls", "remote", drivers=teams[1])], BP.SPEC.make(**options))
    for line in ([f"throw-off {teams[0][0]} hit 1, {teams[1][0]} miss", "Foxes begin"] if throwoff else []) + list(lines):
        m.apply(m.parse(line))
    return m


def on_turn(m: Match) -> str:
    return m.players[m.state.current_player()].name


def off_turn(m: Match) -> str:
    return m.players[1 - m.state.current_player()].name


def drink(m: Match, by: str, amount: int | str = 0) -> str:
    i, j, r = challengeable(m.log.entries)[0]
    return f"challenge {i}.{j} by {by}: {amount} sips to {r.who} - counted twice"


# --- the cases: each row of the table, the right sender and a wrong one -------------------------------


@dataclass
class Case:
    """A row's test: the match as it stands, what is sent (an action's text, or a `launch`/`defend`
    message), the sender the table accepts (None: nobody afar) and one it refuses (the reason's words)."""

    kind: type
    match: Callable[[], Match]
    send: Callable[[Match], str | dict[str, Any]]
    right: Callable[[Match], str] | None
    wrong: Callable[[Match], str]
    why: str
    logged: bool = True  # the right sender's action is logged (else: a ball goes onto the table, or the referee rules on it)
    label: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def named(name: str) -> Callable[[Match], str]:
    return lambda m: name


CASES: list[Case] = [
    # every game: challenges
    Case(Challenge, lambda: race(until_drink=True), lambda m: drink(m, "Ann"), named("Ann"), named("Ben"), "challenge in the name of",
         label="challenge by Ann"),
    Case(Challenge, lambda: race(until_drink=True), lambda m: drink(m, "Ben"), named("Ben"), named("Ann"), "challenge in the name of",
         label="challenge by Ben"),
    Case(Challenge, lambda: race(lemans=True, until_drink=True), lambda m: drink(m, JUDGES), named("judges"), named("Foxes"),
         "only the judges' seat challenges in the judges' name", label="challenge by the judges"),
    Case(Challenge, lambda: race(lemans=True, until_drink=True), lambda m: drink(m, "Dana"), named("Owls"), named("judges"),
         "challenges in the judges' name only", label="challenge by a driver"),
    # Schock and Katchen
    Case(dice_actions.Roll, schock, lambda m: "roll", on_turn, off_turn, "turn"),
    Case(dice_actions.Stand, lambda: schock("roll", "dice 421"), lambda m: "stand", on_turn, off_turn, "turn"),
    Case(dice_actions.Flip, lambda: schock("roll", "dice 661"), lambda m: "flip 1", on_turn, off_turn, "turn"),
    Case(dice_actions.Dice, lambda: schock("roll"), lambda m: "dice 123", None, on_turn, HOSTS),
    Case(dice_actions.Tower, lambda: schock("roll"), lambda m: "tower", None, on_turn, HOSTS),
    Case(TableMode, schock, lambda m: "real table by Ann", None, on_turn, HOSTS),  # the table switches at the host's screen
    # Racerbile
    Case(race_actions.Order, lambda: race(variant="racerbile"), lambda m: "startroll", named("Ann"), named("watch"), "spectator"),
    Case(race_actions.StartDie, lambda: race(turn=race_actions.Shift), lambda m: "start 3", None, on_turn, HOSTS),
    Case(race_actions.Shift, lambda: race(turn=race_actions.Shift),
         lambda m: str(next(a for a in m.state.legal_actions() if isinstance(a, race_actions.Shift))), on_turn, off_turn, "turn"),
    Case(race_actions.Drive, lambda: race(turn=race_actions.Drive),
         lambda m: str(next(a for a in m.state.legal_actions() if isinstance(a, race_actions.Drive))), on_turn, off_turn, "turn"),
    Case(race_actions.Driver, lambda: race(lemans=True, turn=race_actions.Driver),
         lambda m: str(next(a for a in m.state.legal_actions() if isinstance(a, race_actions.Driver))), on_turn, off_turn, "turn"),
    Case(race_actions.Name, lambda: race(lemans=True, turn=race_actions.Drive), lambda m: "name Owls", on_turn, off_turn, "turn", logged=False),
    Case(race_actions.Dice, lambda: race(turn=race_actions.Shift), lambda m: "dice 45", None, on_turn, HOSTS),
    Case(race_actions.Call, lambda: race(turn=race_actions.Shift), lambda m: f"call {m.state.faults()[0].rule} Ann", named("Ann"), named("Ben"), OWN),
    Case(race_actions.Judge, lambda: race(lemans=True, turn=race_actions.Shift), lambda m: "judge sips Dana 2 'spilled on the track'",
         named("judges"), named("Foxes"), "only the judges' seat decides that"),
    Case(race_actions.Clock, lambda: race(lemans=True, turn=race_actions.Shift), lambda m: "clock 5", None, named("Foxes"), HOSTS),
    # Bierpong: the balls (the host's live table rules them)
    Case(authority.Launch, bierpong, lambda m: {"type": "launch", "player": "Ann", "release": RELEASE, "velocity": [2.0, 0.0, 2.0]},
         named("Foxes"), named("Owls"), OWN, logged=False),
    Case(authority.Defend, bierpong, lambda m: {"type": "defend", "how": "swat", "ball": 1, "defender": "Cem"},
         named("Owls"), named("Foxes"), OWN, logged=False),
    Case(pong_actions.Throwoff, lambda: bierpong(throwoff=False), lambda m: "throw-off Ann hit 1, Cem miss", None, named("Foxes"), HOSTS),
    Case(pong_actions.ThrowoffBall, lambda: bierpong(throwoff=False), lambda m: "throw-off Ann hit 1", None, named("Foxes"), HOSTS),
    Case(pong_actions.Throw, bierpong, lambda m: "Ann: hit 1", None, named("Foxes"), HOSTS),
    Case(pong_actions.Together, lambda: bierpong(teams=(("Ann", "Ben"), ("Cem", "Dana"))), lambda m: "Ann: hit 1 & Ben: hit 2", None,
         named("Foxes"), HOSTS),
    Case(pong_actions.Swat, lambda: bierpong("Ann: bounce 1"), lambda m: "Cem swats Ann", None, named("Owls"), HOSTS),
    Case(pong_actions.Time, bierpong, lambda m: "time", None, named("Foxes"), HOSTS),
    Case(pong_actions.Clock, bierpong, lambda m: "clock 5", None, named("Foxes"), HOSTS),
    # Bierpong: the teams' own decisions, calls, removals, fouls and table events
    Case(pong_actions.Begin, lambda: bierpong("throw-off Ann hit 1, Cem miss", throwoff=False), lambda m: "Owls begin", named("Foxes"),
         named("Owls"), "turn"),
    Case(pong_actions.Catch, lambda: bierpong("Ann: air", auto_remove_cups=True), lambda m: "Cem catches Ann", named("Owls"), named("Foxes"), OWN),
    Case(pong_actions.Call, lambda: bierpong("Ann: hit 1", "Ann: hit 2", auto_remove_cups=True), lambda m: "Ann: heating up", named("Foxes"),
         named("Owls"), OWN, label="Call heating up"),
    Case(pong_actions.Call, bierpong, lambda m: "Cem: straighten", named("Owls"), named("Foxes"), OWN, label="Call straighten"),
    Case(pong_actions.Fetch, lambda: bierpong("Ann: back", auto_remove_cups=True), lambda m: "Ann fetches", named("Foxes"), named("Owls"), OWN),
    Case(pong_actions.Remove, lambda: bierpong("Ann: hit 1", "Ann: miss"), lambda m: "Owls remove 1", named("Owls"), named("Foxes"), OWN),
    Case(pong_actions.Leave, lambda: bierpong("Ann: hit 5", "Ann: miss"), lambda m: "Owls leave 5", named("Owls"), named("Foxes"), OWN),
    Case(pong_actions.KnockOver, bierpong, lambda m: "Cem knocks over 4", named("Owls"), named("Foxes"), OWN),
    Case(pong_actions.Foul, bierpong, lambda m: "blow Ann", named("Foxes"), named("Owls"), OWN, label="Foul blow"),
    Case(pong_actions.Foul, lambda: bierpong(auto_remove_cups=True, elbow_voids_throw=True), lambda m: "elbow Ann", named("Foxes"), named("Owls"), OWN,
         label="Foul elbow"),  # (the player about to throw: with elbow_voids_throw the call voids his throw, bierpong.art12)
    Case(pong_actions.Foul, bierpong, lambda m: "early Cem", named("Owls"), named("Foxes"), OWN, label="Foul early"),
    Case(pong_actions.EndRound, lambda: bierpong("Ann: hit 1", "Ann: hit 10", auto_remove_cups=True), lambda m: "end of round", named("Foxes"),
         named("Owls"), "turn"),
]


def case_id(c: Case) -> str:
    return f"{c.kind.__module__.split('.')[1]}.{c.label or c.kind.__name__}"


# --- the host and its clients ----------------------------------------------------------------------------


class Table:
    """`m` served on loopback; its clients by sender ("judges", "watch", or a seat's name)."""

    def __init__(self, m: Match) -> None:
        self.session = session_for(m, pace=INSTANT)
        self.host = TableHost(self.session, host="127.0.0.1", port=0)
        self.clients: dict[str, TableClient] = {}

    def client(self, who: str) -> TableClient:
        c = self.clients.get(who)
        if c is None:
            hello: dict[str, Any] = {"judge": True} if who == "judges" else {"watch": True} if who == "watch" else {"seat": who}
            c = self.clients[who] = TableClient(f"ws://127.0.0.1:{self.host.port}", self.host.code, **hello)
            until(lambda: c.mirror is not None, c.pump, self.host.pump)
        return c

    def send(self, who: str, what: str | dict[str, Any]) -> None:
        c = self.client(who)
        c._send(json.dumps({"v": 1, "at": c.position, **what}) if isinstance(what, dict)
                else json.dumps({"type": "act", "v": 1, "action": what, "at": c.position}))  # noqa: SLF001

    def refused(self, who: str) -> Refused:
        c = self.clients[who]
        got: list[Refused] = until(lambda: [e for e in c.pump() if isinstance(e, Refused)], self.host.pump)
        return got[0]

    def close(self) -> None:
        for c in self.clients.values():
            c.close()
        self.host.close()


@pytest.fixture
def tables() -> Iterator[list[Table]]:
    made: list[Table] = []
    yield made
    for t in made:
        t.close()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_row_of_the_authority_table_the_right_sender_is_taken_and_a_wrong_one_refused(case: Case, tables: list[Table]) -> None:
    row = next(r for r in AUTHORITY if r.kind is case.kind)
    # the wrong sender: refused with the reason, nothing logged
    m = case.match()
    t = Table(m)
    tables.append(t)
    n = len(m.log.entries)
    wrong = case.wrong(m)
    t.send(wrong, case.send(m))
    assert case.why in t.refused(wrong).reason
    assert len(m.log.entries) == n
    if case.right is None:  # nobody afar: every seat is refused (the host's table makes it)
        assert row.sender is Sender.HOST
        for p in m.players:
            t.send(p.name, case.send(m))
            assert HOSTS in t.refused(p.name).reason
        assert len(m.log.entries) == n
        return
    # the right sender: accepted – the entry is logged (or the ball is on the host's table; or the
    # referee, not the authority table, has the last word)
    right = case.right(m)
    sent = case.send(m)
    t.send(right, sent)
    c = t.clients.get(right) or t.client(right)
    if case.logged:
        said: list[Refused] = []

        def done() -> bool:
            said.extend(e for e in c.pump() if isinstance(e, Refused))
            return len(m.log.entries) > n or bool(said)

        until(done, t.host.pump)
        assert not said, said
        text = sent if isinstance(sent, str) else ""
        assert any(e.action == text or (text.startswith("challenge") and e.action.startswith(text.split(":")[0])) for e in m.log.entries[n:]), \
            [e.action for e in m.log.entries[n:]]
    elif isinstance(sent, dict) and sent["type"] == "launch":
        until(lambda: bool(t.session.table.flights), t.host.pump)  # type: ignore[attr-defined]
    else:
        seat = -1 if right == "judges" else t.session.seat_index(right)
        action = t.session.match.parse(sent) if isinstance(sent, str) else authority.Defend(sent["defender"], sent["how"], sent["ball"])
        assert authority.refusal(t.session, seat, action) is None
        reason = t.refused(right).reason  # the referee's: (no ball in play, not on the 42 field …)
        assert OWN not in reason and HOSTS not in reason and "judges" not in reason


def test_the_authority_table_has_every_action_kind_of_every_game_once() -> None:
    """Every action class of Schock/Katchen, Racerbile and Bierpong, the challenge, a switch of the table and the two Bierpong
    messages is a row (a kind not in the table is refused: nothing passes unchecked)."""
    kinds = [*typing.get_args(dice_actions.Action), *typing.get_args(race_actions.Action), *typing.get_args(pong_actions.Action),
             Challenge, TableMode, authority.Launch, authority.Defend]
    rows = [r.kind for r in AUTHORITY]
    assert sorted(map(str, rows)) == sorted(map(str, kinds)) and len(set(rows)) == len(rows)
    assert {c.kind for c in CASES} == set(rows), "a row without its case in this file"
    assert all(isinstance(r, Row) and r.why for r in AUTHORITY)
    assert all((r.named is not None) == (r.sender in (Sender.NAMED, Sender.OWN_NAME)) for r in AUTHORITY)


# --- the attack of issue 28, and the amounts the rules allow -------------------------------------------------


def test_challenges_in_anyones_name_and_a_1900_digit_count_are_refused(tables: list[Table]) -> None:
    """Ann's connection filed `challenge … by Ben`, `… by Cem` (a bot) and one with a 1,900-digit count:
    all refused with a reason, none logged; her own challenge, within the rules, is logged."""
    m = race(until_drink=True, bot=True)
    t = Table(m)
    tables.append(t)
    n = len(m.log.entries)
    for text, why in ((drink(m, "Ben"), "not of Ben"), (drink(m, "Cem"), "not of Cem"), (drink(m, "Dora"), "plays at no seat"),
                      (drink(m, "Ann", "9" * 1900), "at most 9 digits"), (drink(m, "Ann", 51), "at most 50 sips")):
        t.send("Ann", text)
        assert why in t.refused("Ann").reason
    assert len(m.log.entries) == n
    mine = drink(m, "Ann", 3)
    t.send("Ann", mine)
    until(lambda: len(m.log.entries) == n + 1, t.host.pump)
    assert m.log.entries[n].action.startswith(mine.split(":")[0]) and m.log.entries[n].rulings[0].amount == 3


def test_a_challenge_hands_out_no_more_than_one_ruling_of_the_game_may() -> None:
    """Strokes and Schüsse: one a game (schock.game, katchen.phase2); a whole beer or the rest of one
    at a time; sips: a race's most (racerbile.lemans.judges), a Bierpong turn's most (bierpong.art1)."""
    from game.errors import IllegalAction

    m = Match("schock", [PlayerSpec("Ann", "bot"), PlayerSpec("Ben", "bot")], seed=4, games=2)
    s = session_for(m, pace=INSTANT)
    until(lambda: any(r.what.value == "stroke" for e in m.log.entries for r in e.rulings), lambda: s.tick(0.1))
    i, j, r = next(x for x in challengeable(m.log.entries) if x[2].what.value == "stroke")
    with pytest.raises(IllegalAction, match="at most 1 stroke"):
        m.apply(f"challenge {i}.{j} by Ann: 2 strokes to {r.who} - counted twice")
    m.apply(f"challenge {i}.{j} by Ann: 0 strokes to {r.who} - the die was cocked")
    p = bierpong("Ann: hit 1", "Ann: miss", auto_remove_cups=True, drink_per_cup=2)
    i, j, r = challengeable(p.log.entries)[0]
    with pytest.raises(IllegalAction, match="bierpong.art1"):
        p.apply(f"challenge {i}.{j} by Cem: 21 sips to Cem - counted twice")
    p.apply(f"challenge {i}.{j} by Cem: 20 sips to Cem - every cup")
    q = race(until_drink=True)
    i, j, r = challengeable(q.log.entries)[0]
    with pytest.raises(IllegalAction, match="at most 1 beer"):
        q.apply(f"challenge {i}.{j} by Ann: 2 beers to Ann - two beers")


def test_each_game_declares_its_part_of_the_authority_table_beside_its_actions() -> None:
    """issue 30: a game's rows live in its own package and its descriptor names them
    (`GameInfo.authority`); the shared table is the challenge row and those parts, nothing else."""
    from game.descriptor import load
    from game.games import GAMES

    parts: dict[str, tuple[Row, ...]] = {}
    for info in GAMES.values():
        assert info.authority, f"{info.name} names no authority table"
        package = info.state_class.partition(":")[0].rsplit(".", 1)[0]  # "game.dice"
        assert info.authority.startswith(package + "."), info.authority
        part = parts.setdefault(info.authority, load(info.authority))
        assert part and all(r.kind.__module__.startswith(package + ".") or r.kind in (authority.Launch, authority.Defend) for r in part)
    assert list(AUTHORITY) == [*authority.SHARED, *(r for part in parts.values() for r in part)]
