"""Bierpong played live on the session's table (`game.session.pong.PongSession`), no window: people
throw real balls by request (throws aimed by the physics helpers), the live table's physics runs in
`tick`, the session rules when every ball rests."""
from __future__ import annotations

from typing import Any

import dataclasses
from pathlib import Path

import pytest

from game.bierpong import bots as B

from game.bierpong.actions import Begin, Catch, Clock, Foul, Swat, Throw, ThrowoffBall, Time, Together, parse_action
from game.bierpong.state import CHOOSE, THROWOFF
from game.match import Match, PlayerSpec
from game.replay import throws_of
from game.rules import bierpong as R
from game.session.events import Refusal
from game.session.pong import CatchBall, PongSession, Release, SwatBall
from game.store.matchfile import load_match
from physics.constants import CONST
from physics.world import Throw as PhysThrow
from tests.bierpong_helpers import DOUBLES, SINGLES, new_game
from tests.bierpong_physics_helpers import RELEASE, rack_now, shot
from tests.session.pong_helpers import REAL, STEP, state, to_rest



def aim(s: PongSession, player: str, want: str, cup: int | None = None, *,
        release: tuple[float, float, float] = RELEASE) -> PhysThrow:
    """A real throw doing `want` for `player` on the rack standing now (`tests.bierpong_physics_helpers`)."""
    st = state(s)
    among = None if st.phase == THROWOFF else st.targets()
    return shot(rack_now(st, player), want, cup, among=among, release=release).throw


def until_person(s: PongSession, limit: int = 2000) -> None:
    """Tick until the table waits for a person (the bots have thrown what was theirs)."""
    for _ in range(limit):
        if s.waiting_for() or s.over():
            return
        s.tick(0.1)
    raise AssertionError("the table never waited for a person")


def actions(m: Match, start: int = 1) -> list[str]:
    return [e.action for e in m.log.entries[start:]]


def humans(teams: tuple[tuple[str, ...], ...], **options: Any) -> Match:
    return Match("bierpong", [PlayerSpec("Foxes", drivers=teams[0]), PlayerSpec("Owls", drivers=teams[1])], R.SPEC.make(**options))


def test_both_balls_at_once_are_ruled_as_one_together() -> None:
    """bierpong.art4: in a team game the partner throws while the first standard ball flies; when both
    rest they are one `Together` entry keeping both launches."""
    m = new_game(DOUBLES)
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    assert s.request("Ann", Release(aim(s, "Ann", "hit"))) is None
    s.tick(STEP)
    assert s.waiting_for() == (0,), "the partner may still join the first ball"
    assert s.request("Ben", Release(aim(s, "Ben", "miss", release=(RELEASE[0], -0.08, RELEASE[2])))) is None
    to_rest(s)
    assert len(m.log.entries) == n + 1
    a = parse_action(m.log.entries[n].action)
    assert isinstance(a, Together) and (a.first.player, a.second.player) == ("Ann", "Ben")
    assert [t.player for t in throws_of(m.log.entries[n])] == ["Ann", "Ben"]


def test_a_lone_player_may_not_throw_both_balls_at_once() -> None:
    """bierpong.art4: the lone player of a singles game waits for the first ball to rest."""
    m = new_game(SINGLES)
    s = PongSession(m, pace=REAL)
    assert s.request("Ann", Release(aim(s, "Ann", "miss"))) is None
    s.tick(STEP)
    refusal = s.request("Ann", Release(aim(s, "Ann", "miss")))
    assert isinstance(refusal, Refusal) and refusal.rule == "bierpong.art4"


def test_throwoff_first_ball_is_logged_and_survives_undo_and_continue(tmp_path: Path) -> None:
    """bierpong.art8: each throw-off ball is an entry; the state holds the first until the other side's,
    so an undo, a resync and Continue (a saved match loaded again) keep it."""
    m = humans(SINGLES)
    s = PongSession(m, pace=REAL)
    assert s.request("Ann", Release(aim(s, "Ann", "hit"))) is None
    to_rest(s)
    first = parse_action(m.log.entries[-1].action)
    assert isinstance(first, ThrowoffBall) and first.player == "Ann" and first.outcome.hit
    assert state(s).throwoff_first == ("Ann", first.outcome)
    assert state(s).throwing_team() == 1 and s.waiting_for() == (1,)
    s.resync()
    assert state(s).throwoff_first == ("Ann", first.outcome)
    path = tmp_path / "throwoff.json"
    assert s.save(path) == path
    again = PongSession(load_match(path), pace=REAL)
    assert state(again).throwoff_first == ("Ann", first.outcome) and again.thrower() == "Cem"
    assert again.request("Cem", Release(aim(again, "Cem", "miss"))) is None
    to_rest(again)
    assert state(again).phase == CHOOSE and state(again).team == 0  # Ann hit first: Foxes choose
    assert again.undo() is None  # back to before Cem's ball: Ann's stays
    assert state(again).phase == THROWOFF and state(again).throwoff_first == ("Ann", first.outcome)


def test_a_bounced_ball_is_swatted_by_the_defender_who_clicked() -> None:
    """bierpong.art14: from its first touch-down a ball may be swatted; before it, not."""
    m = new_game(DOUBLES, begin="Foxes")
    s = PongSession(m, pace=REAL)
    assert s.request("Ann", Release(aim(s, "Ann", "bounce"))) is None
    (ball,) = s.table.flights
    early = s.request("Dana", SwatBall(ball))
    assert isinstance(early, Refusal) and early.rule == "bierpong.art14"
    while not s.table.flights[ball].bounced:
        s.tick(STEP)
    assert s.request("Dana", SwatBall(ball)) is None
    assert parse_action(m.log.entries[-1].action) == Swat("Dana", "Ann")
    assert not s.table.busy


def test_an_air_ball_is_caught_by_the_defender_who_clicked() -> None:
    """bierpong.art23: the defender who caught the untouched ball past the far edge is credited – and
    owed the double throw."""
    m = new_game(DOUBLES, begin="Foxes")
    s = PongSession(m, pace=REAL)
    assert s.request("Ann", Release(aim(s, "Ann", "air"))) is None
    (ball,) = s.table.flights
    t = 0.0
    while True:
        view = s.table.ball(ball)
        assert view is not None and t < 3.0
        if s.table.flights[ball].past_far_edge(view.pos[0], CONST.table_length):
            break
        s.tick(STEP)
        t += STEP
    assert s.request("Dana", CatchBall(ball)) is None
    to_rest(s)
    thrown, caught = (parse_action(a) for a in actions(m)[-2:])
    assert isinstance(thrown, Throw) and thrown.outcome.air
    assert caught == Catch("Dana", "Ann")
    assert (1, "Dana") in state(s).next_extra or "Dana" in state(s).extra


def test_the_game_clock_is_logged_and_time_comes_again_after_undo(tmp_path: Path) -> None:
    """bierpong.art9: the clock logs what it runs; `Time` comes when the logged clock reaches the timer.
    Undoing `Time` leaves a game not timed out whose clock fires `Time` again; game time an undo takes
    back has passed all the same and is logged again (as at Le Mans); Continue keeps the clock."""
    m = new_game(SINGLES, timer=1)
    s = PongSession(m, pace=REAL)
    s.tick(20.0)
    assert state(s).clock == 20 and parse_action(m.log.entries[-1].action) == Clock(20)
    assert s.request("Ann", Release(aim(s, "Ann", "miss"))) is None
    to_rest(s)
    s.tick(45.0)
    assert isinstance(parse_action(m.log.entries[-1].action), Time) and state(s).timed_out
    assert state(s).clock == 60
    s.undo_to(len(m.log.entries) - 1)  # Time taken back
    assert not state(s).timed_out and s.time_left() == 0
    s.tick(0.1)
    assert isinstance(parse_action(m.log.entries[-1].action), Time) and state(s).timed_out
    assert s.undo() is None  # the one undo rule: back to before Ann's ball, the clock entries after it go too
    assert not state(s).timed_out and state(s).clock == 20
    assert s.time_left() == 0  # … but the 40 s that passed are not given back: they are logged again
    s.tick(0.1)
    assert state(s).clock == 60 and state(s).timed_out
    s.undo_to(3)  # back to the throw-off's end, the clock's first entry gone too
    assert not state(s).timed_out and state(s).clock == 0 and s.time_left() == 0
    path = tmp_path / "clock.json"
    s.save(path)  # the clock is logged before a save: Continue keeps every second
    again = PongSession(load_match(path), pace=REAL)
    assert state(again).clock == 60 and again.time_left() == 0
    again.tick(0.1)
    assert state(again).timed_out


def test_undo_goes_back_to_the_persons_last_throw_with_the_bots_throws_after_it() -> None:
    """The one undo rule (docs/matchlog.md): back to before the last decision a person here made – the
    bots' throws on the live table after it go too."""
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Ann",)), PlayerSpec("Owls", "regular", drivers=("Cem",))],
              R.SPEC.make(), seed=3)
    s = PongSession(m, pace=REAL)
    for _ in range(20):  # the throw-off: Ann always hits, so the Foxes win it, maybe after a rethrow
        until_person(s)
        if state(s).phase != THROWOFF:
            break
        assert s.request("Ann", Release(aim(s, "Ann", "hit"))) is None
        to_rest(s)
    assert state(s).phase == CHOOSE and s.request("Foxes", Begin("Foxes")) is None
    mark = len(m.log.entries)
    assert s.request("Ann", Release(aim(s, "Ann", "miss"))) is None
    to_rest(s)
    assert s.request("Ann", Release(aim(s, "Ann", "miss"))) is None
    to_rest(s)
    last_person = len(m.log.entries) - 1
    until_person(s)  # the bots throw their round on the live table
    bot_entries = m.log.entries[last_person + 1:]
    assert any(isinstance(parse_action(e.action), (Throw, Together)) and "Cem" in e.action for e in bot_entries)
    assert s.undo() is None
    assert len(m.log.entries) == last_person
    assert len(m.log.entries) > mark


def test_an_elbow_voids_the_throw_at_the_live_table_only_with_elbow_voids_throw() -> None:
    """bierpong.art12, Decision "Fouls the rulebook forbids without a sanction": an elbow entered after
    Ann's throw only adds its note – the throw stands; with `elbow_voids_throw` the throw is taken back
    (the call stands in its place) and she throws again."""
    for voids in (False, True):
        m = new_game(DOUBLES, elbow_voids_throw=voids)
        s = PongSession(m, pace=REAL)
        n = len(m.log.entries)
        assert s.request("Ann", parse_action("Ann: hit 3")) is None
        assert s.table_event(Foul("elbow", "Ann")) is None
        if voids:
            assert actions(m, n) == ["elbow Ann"] and state(s).standard == () and "Ann" in state(s).throwers()
        else:
            assert actions(m, n) == ["Ann: hit 3", "elbow Ann"] and state(s).standard == ("Ann",)


def sure_bots(monkeypatch: pytest.MonkeyPatch, *, catch: float, swat: float) -> None:
    """Every bot skill catches air balls with `catch` and swats bounces with `swat`."""
    for name, sk in list(B.SKILLS.items()):
        monkeypatch.setitem(B.SKILLS, name, dataclasses.replace(sk, catch=catch, swat=swat, together=0.0, island=0.0))


def bot_owls(begin: str = "Foxes") -> Match:
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Ann",)), PlayerSpec("Owls", "regular", drivers=("Cem", "Dana"))],
              R.SPEC.make(), seed=4)
    for line in ("throw-off Ann hit 1, Cem miss", f"{begin} begin"):
        m.apply(parse_action(line))
    return m


def test_bot_defenders_swat_a_bounced_hit_for_themselves(monkeypatch: pytest.MonkeyPatch) -> None:
    """bierpong.art14: a person's bounce that drops in is swatted by the bot defenders as often as their
    skill says (here always) – the swatter is one of theirs."""
    sure_bots(monkeypatch, catch=0.0, swat=1.0)
    m = bot_owls()
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    assert s.request("Ann", Release(aim(s, "Ann", "bounce"))) is None
    to_rest(s)
    (a,) = (parse_action(x) for x in actions(m, n))
    assert isinstance(a, Swat) and a.thrower == "Ann" and a.defender in ("Cem", "Dana")


def test_bot_defenders_catch_a_persons_air_ball_but_a_click_credits_no_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    """bierpong.art23: the bot Owls, sure catchers, catch Ann's air ball themselves; a click for their
    seat is refused – a bot seat catches only for itself."""
    sure_bots(monkeypatch, catch=1.0, swat=0.0)
    m = bot_owls()
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    assert s.request("Ann", Release(aim(s, "Ann", "air"))) is None
    (ball,) = s.table.flights
    refusal = s.request("Cem", CatchBall(ball))
    assert isinstance(refusal, Refusal) and "bots" in str(refusal)
    to_rest(s)
    thrown, caught = (parse_action(x) for x in actions(m, n))
    assert isinstance(thrown, Throw) and thrown.outcome.air
    assert isinstance(caught, Catch) and caught.thrower == "Ann" and caught.catcher in ("Cem", "Dana")


def test_bots_wait_while_the_table_is_busy_and_throw_on_it() -> None:
    """The bots' throws go onto the live table (`BierpongBots.plan`), one throw at a time: while a ball
    is in play no bot acts, and each throw is logged with its launch when it rests (bierpong.art11)."""
    m = bot_owls(begin="Owls")
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    for _ in range(200):
        s.tick(0.05)
        if s.table.busy:
            break
    assert s.table.busy and len(m.log.entries) == n  # thrown, not ruled yet
    while s.table.busy:
        assert len(m.log.entries) == n
        s.tick(0.05)
    entry = m.log.entries[n]
    assert isinstance(parse_action(entry.action), (Throw, Swat, Together)) and throws_of(entry)


def test_the_throw_off_ball_by_ball_and_as_one_line_rule_alike() -> None:
    """bierpong.art8: the live table logs the throw-off ball by ball (`throw-off Ann hit 3`, then
    `throw-off Cem miss`); old logs and records hold it as one line – both give the same game."""
    whole = humans(SINGLES)
    whole.apply(parse_action("throw-off Ann hit 3, Cem miss"))
    balls = humans(SINGLES)
    for line in ("throw-off Ann hit 3", "throw-off Cem miss"):
        balls.apply(parse_action(line))
    assert balls.state == whole.state and balls.state.phase == CHOOSE
    assert [r.rule for r in balls.log.entries[-1].rulings] == [r.rule for r in whole.log.entries[-1].rulings]
