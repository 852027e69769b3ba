"""The Konter on the session's live table (issue 27, the Decision "Swats, catches and fetches during a
Konter"): the finishers swat a bounced counter ball and catch a counter air ball by clicking it (or
their bots do), the counter fetches a ball that came back – real balls, no window."""
from __future__ import annotations

import dataclasses

import pytest

from game.bierpong import bots as B
from game.bierpong.actions import Catch, EndRound, Fetch, Swat, Throw, parse_action
from game.bierpong.state import KONTER
from game.match import Match, PlayerSpec
from game.rules import bierpong as R
from game.session.pong import CatchBall, PongSession, Release, SwatBall
from physics.constants import CONST
from physics.world import Throw as PhysThrow
from tests.bierpong_helpers import play
from tests.bierpong_physics_helpers import rack_now, shot
from tests.session.pong_helpers import REAL, STEP, state, to_rest

TO_THE_KONTER = ("Ann: hit 1", "Ann: miss", "Cem: miss", "Cem: miss", "Ann: hit 2", "Ann: miss", "Cem: miss", "Cem: miss", "Ann: miss")


def konter(last: str, *, owls: str = "human", foxes: str = "human") -> Match:
    """Ann (Foxes) takes the Owls' last cup with `last` ("hit 3" or "bounce 3"): Cem counters, 1 hit in
    2 throws."""
    m = Match("bierpong", [PlayerSpec("Foxes", foxes, drivers=("Ann",)), PlayerSpec("Owls", owls, drivers=("Cem",))],
              R.SPEC.make(cups=3, auto_remove_cups=True), seed=4)
    play(m, "throw-off Ann hit 1, Cem miss", "Foxes begin", *TO_THE_KONTER, f"Ann: {last}")
    assert m.state.phase == KONTER and m.state.current_player() == 1
    return m


def aim(s: PongSession, player: str, want: str) -> PhysThrow:
    st = state(s)
    return shot(rack_now(st, player), want, among=st.targets()).throw


def entries(m: Match, n: int) -> list[object]:
    return [parse_action(e.action) for e in m.log.entries[n:]]


def past_far_edge(s: PongSession, ball: int) -> None:
    t = 0.0
    while True:
        view = s.table.ball(ball)
        assert view is not None and t < 3.0
        if s.table.flights[ball].past_far_edge(view.pos[0], CONST.table_length):
            return
        s.tick(STEP)
        t += STEP


def test_art14_a_finisher_swats_a_bounced_counter_ball_by_clicking_it() -> None:
    """bierpong.art14: the Konter must bounce; Cem's bounce is swatted by Ann once it touched down – a
    counter throw without a hit, logged as her swat."""
    m = konter("bounce 3")
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    assert s.request("Cem", Release(aim(s, "Cem", "bounce"))) is None
    (ball,) = s.table.flights
    while not s.table.flights[ball].bounced:
        s.tick(STEP)
    assert s.request("Ann", SwatBall(ball)) is None
    assert entries(m, n) == [Swat("Ann", "Cem")] and not s.table.busy
    k = state(s).konter
    assert k is not None and (k.made, k.got) == (1, 0) and state(s).phase == KONTER


def test_art23_a_finisher_catches_a_counter_air_ball_by_clicking_it() -> None:
    """bierpong.art23: Cem's counter air ball, caught past the far edge by Ann – her double throw waits
    for the Foxes' next round."""
    m = konter("hit 3")
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    assert s.request("Cem", Release(aim(s, "Cem", "air"))) is None
    (ball,) = s.table.flights
    past_far_edge(s, ball)
    assert s.request("Ann", CatchBall(ball)) is None
    to_rest(s)
    thrown, caught = entries(m, n)
    assert isinstance(thrown, Throw) and thrown.outcome.air and caught == Catch("Ann", "Cem")
    assert (0, "Ann") in state(s).next_extra


def test_art19_the_counter_fetches_a_ball_that_came_back() -> None:
    """bierpong.art19: Cem's counter ball comes back; the table offers "Cem fetches" – his trickshot
    follows the regular counter balls."""
    m = konter("hit 3")
    s = PongSession(m, pace=REAL)
    assert s.request("Cem", Release(aim(s, "Cem", "back"))) is None
    to_rest(s)
    assert Fetch("Cem") in state(s).legal_actions() and s.waiting_for() == (1,)
    assert s.request("Cem", Fetch("Cem")) is None
    k = state(s).konter
    assert k is not None and k.tricks == ("Cem",) and state(s).throwers() == ("Cem",)


def test_art19_the_last_counter_ball_back_the_table_waits_for_fetch_or_end() -> None:
    """bierpong.art19, bierpong.art10: Cem's last counter ball came back – nobody throws, the table waits
    for him: a fetch, or "end of round", and the Konter has failed."""
    m = konter("hit 3")
    play(m, "Cem: miss")
    s = PongSession(m, pace=REAL)
    assert s.request("Cem", Release(aim(s, "Cem", "back"))) is None
    to_rest(s)
    assert state(s).phase == KONTER and state(s).throwers() == () and s.waiting_for() == (1,)
    assert s.request("Cem", EndRound()) is None
    assert state(s).winner == 0 and s.over()


def sure_bots(monkeypatch: pytest.MonkeyPatch, *, catch: float, swat: float) -> None:
    for name, sk in list(B.SKILLS.items()):
        monkeypatch.setitem(B.SKILLS, name, dataclasses.replace(sk, catch=catch, swat=swat, together=0.0, island=0.0))


def test_art14_art23_bot_finishers_swat_and_catch_a_persons_counter_balls(monkeypatch: pytest.MonkeyPatch) -> None:
    """bierpong.art14, bierpong.art23: the Foxes are bots – they swat Cem's bounced counter ball that
    would drop in, and catch his counter air ball, for themselves."""
    sure_bots(monkeypatch, catch=1.0, swat=1.0)
    m = konter("bounce 3", foxes="regular")
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    assert s.request("Cem", Release(aim(s, "Cem", "bounce"))) is None
    to_rest(s)
    assert entries(m, n) == [Swat("Ann", "Cem")]
    m = konter("hit 3", foxes="regular")
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    assert s.request("Cem", Release(aim(s, "Cem", "air"))) is None
    to_rest(s)
    thrown, caught = entries(m, n)
    assert isinstance(thrown, Throw) and thrown.outcome.air and caught == Catch("Ann", "Cem")
