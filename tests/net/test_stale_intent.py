"""Stale intent over the network (issue 30, `game.net.stale`), on loopback, every wait bounded, no fixed
port: `act`, `launch` and `defend` carry the log position they were made at; two clients answering one
question at one position get one entry and one refusal with the reason; an intent made before an undo
at the host is refused; a defence of a ball in flight stays meant through what the table logs
meanwhile; the position is checked like every other field."""
from __future__ import annotations

import json
from typing import Any, cast

import pytest

from game.bierpong.actions import Swat
from game.bierpong.actions import parse_action as pong_action
from game.match import Match
from game.net.client import Refused, TableClient
from game.net.host import TableHost
from game.net.remote import RemoteAuthority
from game.net.protocol import MAX_POSITION, BadMessage, decode, encode
from game.rules.challenge import JUDGES, Challenge, challengeable
from game.session import INSTANT, session_for
from game.session.pong import Release
from tests.net.test_authority import race, schock
from tests.net.test_pong_remote import aim, two_laptops
from tests.net.waiting import until
from tests.session.pong_helpers import STEP

MOVED = "the table moved on: made at entry {at}, the table is at {now}"
WENT_BACK = "the table went back: made at entry {at}, the table is at {now}"


class Table:
    """`m` served on loopback (the host pumped by the test: nothing else moves the table); its clients."""

    def __init__(self, m: Match) -> None:
        self.session = session_for(m, pace=INSTANT)
        self.host = TableHost(self.session, host="127.0.0.1", port=0)
        self.clients: list[TableClient] = []

    def join(self, who: str) -> TableClient:
        hello: dict[str, Any] = {"judge": True} if who == "judges" else {"seat": who}
        c = TableClient(f"ws://127.0.0.1:{self.host.port}", self.host.code, **hello)
        self.clients.append(c)
        until(lambda: c.mirror is not None and (c.index is not None or c.judge), c.pump, self.host.pump)
        return c

    def refusal(self, c: TableClient) -> Refused:
        got: list[Refused] = until(lambda: [e for e in c.pump() if isinstance(e, Refused)], self.host.pump)
        return got[0]

    def close(self) -> None:
        for c in self.clients:
            c.close()
        self.host.close()


def drink_challenge(m: Match, by: str) -> str:
    i, j, r = challengeable(m.log.entries)[0]
    return f"challenge {i}.{j} by {by}: 0 sips to {r.who} - counted twice"


@pytest.mark.parametrize("first, second, lemans", [("Ann", "Ben", False), ("judges", "Owls", True)],
                         ids=["two seats", "the judges' seat and a seat"])
def test_two_clients_answering_one_challenge_at_one_position_one_is_applied_the_other_refused(first: str, second: str, lemans: bool) -> None:
    """game.rules.challenge: two laptops challenge the same drink ruling at the same log position (two
    seats of a race; at Le Mans the judges' seat and a team's seat): the one that arrives first is
    logged, the other is refused as made at an older position, and nothing of it is applied."""
    table = Table(race(lemans=lemans, until_drink=True))
    try:
        a, b = table.join(first), table.join(second)
        m = table.session.match
        n = len(m.log.entries)
        assert a.position == b.position == n
        by = {"judges": JUDGES, "Owls": "Dana"}
        for c, who in ((a, first), (b, second)):
            c.request(drink_challenge(m, by.get(who, who)))
        got = until(lambda: [r for c in (a, b) for r in c.pump() if isinstance(r, Refused)], table.host.pump)
        assert [r.reason for r in got] == [MOVED.format(at=n, now=n + 1)]
        assert len(m.log.entries) == n + 1 and isinstance(m.parse(m.log.entries[-1].action), Challenge)
    finally:
        table.close()


def test_the_same_decision_sent_twice_is_applied_once() -> None:
    """schock.rolls: Ann's laptop sends `roll` twice at one position (a double click, a retry): the
    first rolls (and the host draws the dice), the second – a second roll would be legal now – is stale."""
    table = Table(schock())
    try:
        ann = table.join("Ann")
        m = table.session.match
        n = ann.position
        ann.request("roll")
        ann.request("roll")
        assert table.refusal(ann).reason == MOVED.format(at=n, now=n + 2)
        assert [e.action for e in m.log.entries[n:]][0] == "roll" and len(m.log.entries) == n + 2  # the roll and its dice
        until(lambda: ann.position == n + 2, ann.pump, table.host.pump)
        ann.request("roll")  # made at the position the table is at: the second roll
        until(lambda: len(m.log.entries) == n + 4, ann.pump, table.host.pump)
    finally:
        table.close()


def test_an_act_made_before_an_undo_at_the_host_is_refused_and_the_table_plays_on() -> None:
    """docs/matchlog.md (undo): the host takes Ann's roll back while her laptop, not yet told, stands
    after it; what she sends from there is refused (the table went back), nothing is applied, and
    once her laptop has the undo she plays on from the host's position."""
    table = Table(schock())
    try:
        ann = table.join("Ann")
        s, m = table.session, table.session.match
        n = ann.position
        ann.request("roll")
        until(lambda: ann.position == n + 2, ann.pump, table.host.pump)
        s.undo_to(n)
        table.host.pump()
        ann.request("stand", at=n + 2)  # (as her laptop stood before it heard of the undo)
        assert table.refusal(ann).reason == WENT_BACK.format(at=n + 2, now=n)
        assert len(m.log.entries) == n
        until(lambda: ann.position == n, ann.pump, table.host.pump)
        ann.request("roll")
        until(lambda: len(m.log.entries) == n + 2, ann.pump, table.host.pump)
    finally:
        table.close()


def test_a_swat_of_a_ball_in_flight_stays_meant_through_a_call_logged_meanwhile() -> None:
    """bierpong.art14 from afar: while Ann's ball flies, the table logs a call (`Cem: straighten`, a
    table event that hands the turn to nobody); Cem's swat made before it is still the swat of that
    ball and is ruled. A launch made before an undo at the host is refused (the table went back)."""
    m, host, t, foxes, owls = two_laptops()

    def frame() -> None:
        host.tick(STEP)
        foxes.tick(STEP)
        owls.tick(STEP)

    fc, oc = (cast(RemoteAuthority, x.authority).client for x in (foxes, owls))
    try:
        assert foxes.request("Ann", Release(aim(foxes, "Ann", "bounce"), "Ann")) is None
        ball = until(lambda: next((b for b, f in owls.table.flights.items() if f.bounced and f.open), None), frame)
        made = oc.position
        assert host.table_event(pong_action("Cem: straighten")) is None  # logged while the ball flies
        assert len(m.log.entries) == made + 1
        oc.defend("swat", ball, "Cem", at=made)
        until(lambda: pong_action(m.log.entries[-1].action) == Swat("Cem", "Ann"), frame)
        assert not any("moved on" in r for r in oc.refusals)
        n = len(m.log.entries)
        host.undo_to(n - 1)  # the swat taken back at the host: the Foxes' laptop still stood after it
        fc.launch("Ben", (0.02, 0.0, 0.3), (2.0, 0.0, 2.0), (0.0, 0.0, 0.0), at=n)
        until(lambda: any(WENT_BACK.format(at=n, now=n - 1) == r for r in fc.refusals), frame)
        assert len(m.log.entries) == n - 1 and not host.table.busy
    finally:
        for x in (foxes, owls):
            x.close()
        t.close()


@pytest.mark.parametrize("at", [None, -1, 1.5, True, "3", MAX_POSITION + 1, 10**400, [1]])
@pytest.mark.parametrize("kind, fields", [
    ("act", {"action": "roll"}),
    ("launch", {"player": "Ann", "release": [0, 0, 0.3], "velocity": [1, 0, 1]}),
    ("defend", {"how": "swat", "ball": 1, "defender": "Cem"}),
])
def test_a_missing_or_bad_position_is_refused_with_a_reason(kind: str, fields: dict[str, Any], at: Any) -> None:
    """Every message is an attacker's until checked: `at` is a whole number from 0 to `MAX_POSITION`."""
    raw = json.dumps({"type": kind, "v": 1, **fields, **({} if at is None else {"at": at})})
    with pytest.raises(BadMessage, match=f"{kind}: at (is missing|must be a whole number)"):
        decode(raw)
    assert decode(encode(kind, **fields, at=MAX_POSITION))["at"] == MAX_POSITION
