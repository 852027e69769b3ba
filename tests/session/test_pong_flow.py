"""The Bierpong match's flow on the session's live table, without a window (moved from the match
scene's UI tests, issue 14): real throws released by request (aimed by `tests.bierpong_physics_helpers`),
the physics run by `tick`, the rulings, table events, the game clock, undo, saving and the bots."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.bierpong import bots as B
from game.bierpong.actions import Begin, Catch, Foul, KnockOver, Remove, Swat, Throw, ThrowoffBall, Time, Together, parse_action
from game.bierpong.outcome import Outcome, parse_outcome
from game.bierpong.state import PLAY, REMOVE
from game.games import GAMES
from game.match import Match, PlayerSpec
from game.session import LIVE
from game.session.events import Refusal
from game.session.live_table import LiveTable
from game.session.pong import CatchBall, PongSession, Release, SwatBall
from game.store.matchfile import load_match
from physics.constants import CONST
from physics.events import Sink, TableBounce
from physics.table import formation
from physics.world import Throw as PhysThrow
from physics.world import simulate
from tests.bierpong_physics_helpers import RELEASE, Shot, shot_for
from tests.session.pong_helpers import REAL, STEP, state, to_rest

BESIDE = (RELEASE[0], -0.08, RELEASE[2])  # the partner's release beside the first ball (bierpong.art4)


def teams(owls: str = "human") -> list[PlayerSpec]:
    return [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", owls, drivers=("Cem", "Dana"))]


def begun(owls: str = "human", begin: str = "Foxes", **options: object) -> Match:
    """Foxes (Anna, Bo) against Owls (Cem, Dana, `owls`) past the throw-off: Anna hit first, `begin`
    begins (bierpong.art8)."""
    m = Match("bierpong", teams(owls), GAMES["bierpong"].spec.make(None, **options))
    for line in ("throw-off Anna hit 1, Cem miss", f"{begin} begin"):
        m.apply(parse_action(line))
    return m


def singles() -> Match:
    """1 v 1 past the throw-off: Anna begins for the Foxes (bierpong.art8)."""
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna",)), PlayerSpec("Owls", drivers=("Cem",))])
    for line in ("throw-off Anna hit 1, Cem miss", "Foxes begin"):
        m.apply(parse_action(line))
    return m


def real(s: PongSession, player: str, want: str, *, release: tuple[float, float, float] = RELEASE) -> tuple[PhysThrow, Outcome]:
    """A real throw doing `want` for `player` on the rack standing now, and its outcome as logged."""
    sh: Shot = shot_for(s.match, player, want, release=release)
    return sh.throw, parse_outcome(str(sh.outcome))


def actions(m: Match, since: int = 1) -> list[object]:
    return [parse_action(e.action) for e in m.log.entries[max(1, since):]]


def until(s: PongSession, ball: int, pred: str, limit: float = 4.0) -> None:
    """Tick until `ball` is past the far edge (`pred` "past") or has touched down ("bounced")."""
    t = 0.0
    while t < limit:
        f = s.table.flights[ball]
        view = s.table.ball(ball)
        assert view is not None and f.open, "the ball rested first"
        if (pred == "past" and f.past_far_edge(view.pos[0], CONST.table_length)) or (pred == "bounced" and f.bounced):
            return
        s.tick(STEP)
        t += STEP
    raise AssertionError(f"the ball never {pred}")


# --- a throw, a removal, undo, saving ---------------------------------------------------------------


def test_a_released_throw_is_logged_as_a_throw_with_its_classified_outcome() -> None:
    """bierpong.art11: Anna's standard ball runs through the live physics; its timeline, classified,
    is the Throw's outcome in the log; the hit waits for the round's end (bierpong.art3)."""
    m = begun()
    s = PongSession(m, pace=REAL)
    assert s.thrower() == "Anna" and [c.id for c in s.table.table_cups()] == list(range(1, 11))
    throw, expected = real(s, "Anna", "hit")
    assert expected.hit
    assert s.request("Anna", Release(throw)) is None
    assert s.table.busy  # in flight on the live table
    to_rest(s)
    assert parse_action(m.log.entries[-1].action) == Throw("Anna", expected)
    assert any(h.cup == expected.cup for h in state(s).hits)


def test_the_owners_remove_a_hit_cup_and_its_neighbour() -> None:
    """bierpong.art14, bierpong.art3: a bounce removes the hit cup and one more, an adjacent one – the
    owners' removal of a cup not adjacent is refused; with a neighbour both go, the arithmetic says
    "bounce"."""
    m = begun()
    for line in ("Anna: bounce 1", "Bo: miss"):
        m.apply(parse_action(line))
    s = PongSession(m, pace=REAL)
    assert state(s).phase == REMOVE and s.waiting_for() == (1,)
    far = state(s).sides[1].rack
    item = state(s).queue[0]
    assert item.cup == 1 and item.extra == 1
    not_near = next(c for c in far.cups if c.id not in far.neighbours(1) and c.id != 1)
    n = len(m.log.entries)
    refusal = s.request("Owls", Remove("Owls", (1, not_near.id)))
    assert isinstance(refusal, Refusal) and "adjacent" in str(refusal) and len(m.log.entries) == n
    near = far.neighbours(1)[0]
    assert s.request("Owls", Remove("Owls", (1, near))) is None
    assert parse_action(m.log.entries[-1].action) == Remove("Owls", (1, near))
    assert 1 not in state(s).sides[1].rack and near not in state(s).sides[1].rack
    assert any(r.rule == "bierpong.art14" and "bounce" in r.arithmetic for r in m.log.entries[-1].rulings)


def test_undo_takes_back_the_persons_last_throw() -> None:
    """The one undo rule (docs/matchlog.md): Anna's miss is taken back, her standard throw is open again."""
    m = begun()
    m.apply(parse_action("Anna: miss"))
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    assert s.undo() is None
    assert len(m.log.entries) == n - 1 and state(s).standard == () and s.thrower() in ("Anna", "Bo")


def test_a_saved_match_loads_into_a_session_at_the_same_throw(tmp_path: Path) -> None:
    """Save writes the log; loaded again, the session stands at the same throw (Bo's, bierpong.art11)."""
    m = begun()
    m.apply(parse_action("Anna: hit 3"))
    s = PongSession(m, pace=REAL)
    path = tmp_path / "bp.json"
    assert s.save(path) == path and path.exists()
    again = load_match(path)
    assert [e.action for e in again.log.entries] == [e.action for e in m.log.entries]
    loaded = PongSession(again, pace=REAL)
    assert state(loaded).phase == PLAY and loaded.thrower() == "Bo"


def test_undo_to_a_chosen_entry() -> None:
    """Undo to here: the log keeps the first entries, the table stands before the round's throws."""
    m = begun()
    for line in ("Anna: miss", "Bo: miss"):
        m.apply(parse_action(line))
    s = PongSession(m, pace=REAL)
    s.undo_to(3)  # "Undo to here" on the fourth entry ("Anna: miss")
    assert [e.action for e in m.log.entries][1:] == ["throw-off Anna hit 1, Cem miss", "Foxes begin"]
    assert s.thrower() in ("Anna", "Bo") and not s.table.busy


# --- swats and catches (bierpong.art14, bierpong.art23) ---------------------------------------------


def test_a_swatted_bounce_is_the_throwers_standard_throw() -> None:
    """bierpong.art14: a ball that touched down is swatted away by the defender – no hit; the swat is
    Anna's standard throw, and the table is clear."""
    m = begun()
    s = PongSession(m, pace=REAL)
    throw, _ = real(s, "Anna", "bounce")
    assert s.request("Anna", Release(throw)) is None
    (ball,) = s.table.flights
    until(s, ball, "bounced")
    assert s.request("Cem", SwatBall(ball)) is None
    assert parse_action(m.log.entries[-1].action) == Swat("Cem", "Anna")
    assert not s.table.busy and state(s).standard == ("Anna",)


def anna_throws(want: str, until_: str) -> tuple[Match, PongSession, int, int]:
    """A begun game in which Anna throws a ball that will be `want`, ticked on until it is `until_`:
    the match, its session, the log's length before the throw and the ball in flight."""
    m = begun()
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    throw, _ = real(s, "Anna", want)
    assert s.request("Anna", Release(throw)) is None
    (ball,) = s.table.flights
    until(s, ball, until_)
    return m, s, n, ball


def test_bierpong_art23_of_two_human_defenders_the_one_who_caught_is_credited() -> None:
    """bierpong.art23, Decision "Who catches or swats (art14, art23)": Anna's air ball caught past the
    far edge by Dana (not the team's first member): the log has `Dana catches Anna` and the double
    throw next round is Dana's."""
    m, s, n, ball = anna_throws("air", "past")
    assert s.request("Dana", CatchBall(ball)) is None
    to_rest(s)
    assert actions(m, n) == [Throw("Anna", Outcome(air=True)), Catch("Dana", "Anna")]
    assert (1, "Dana") in state(s).next_extra


def test_bierpong_art14_of_two_human_defenders_the_one_who_swatted_is_credited() -> None:
    """bierpong.art14, Decision "Who catches or swats (art14, art23)": Dana swats Anna's bounced ball –
    the log has `Dana swats Anna` (not the team's first member)."""
    m, s, n, ball = anna_throws("bounce", "bounced")
    assert s.request("Dana", SwatBall(ball)) is None
    assert actions(m, n) == [Swat("Dana", "Anna")]


def test_bierpong_art23_a_catch_said_after_the_ball_rests_is_the_catchers() -> None:
    """bierpong.art23: an air ball nobody clicked – "caught it" said afterwards for Cem credits Cem,
    and the double throw is his."""
    m = begun()
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    throw, _ = real(s, "Anna", "air")
    assert s.request("Anna", Release(throw)) is None
    to_rest(s)
    assert actions(m, n) == [Throw("Anna", Outcome(air=True))]
    assert s.request("Owls", Catch("Cem", "Anna")) is None
    assert actions(m, n)[-1] == Catch("Cem", "Anna") and (1, "Cem") in state(s).next_extra


def bots_catch(monkeypatch: pytest.MonkeyPatch, chance: float, swat: float | None = None) -> None:
    """Every bot skill catches air balls with `chance` (swats with `swat`), throws alone and calls no Island."""
    for name, sk in list(B.SKILLS.items()):
        monkeypatch.setitem(B.SKILLS, name, dataclasses.replace(sk, catch=chance, swat=sk.swat if swat is None else swat,
                                                                together=0.0, island=0.0, bounce=0.0))


def air_throw() -> PhysThrow:
    """A real throw that touches nothing and leaves over the far end of a full rack (bierpong.art23)."""
    from game.bierpong import solver as S
    from game.bierpong.classify import classify

    rack = formation("triangle10")
    for th in S._varied(S._air_seeds(S.RELEASE)):
        if str(classify(simulate(rack, th).events)) == "air":
            return th
    raise AssertionError("no air ball")


def bot_owls_throw_air(monkeypatch: pytest.MonkeyPatch) -> tuple[Match, PongSession, int]:
    """The bot Owls begin against the human Foxes; every ball their bots throw is a real air ball,
    and their bots catch whatever they may (so a catch made for a human would show)."""
    bots_catch(monkeypatch, 1.0)
    m = begun("regular", begin="Owls")
    s = PongSession(m, pace=REAL)
    air = air_throw()
    monkeypatch.setattr(s.bots(), "plan", lambda *a, **k: air)
    return m, s, len(m.log.entries)


def owls_round(s: PongSession) -> None:
    """Tick until the Owls' bots have ended their round."""
    for _ in range(2000):
        s.tick(STEP * 2)
        if state(s).team == 0 and not s.table.busy:
            return
    raise AssertionError("the Owls' round did not end")


def test_bierpong_art23_bots_never_catch_for_human_defenders(monkeypatch: pytest.MonkeyPatch) -> None:
    """bierpong.art23, Decision "Who catches or swats (art14, art23)": the bot Owls throw their two
    standard balls as air balls at the human Foxes, and nobody says a catch: no catch is made – a bot
    acts only for its own seat."""
    m, s, n = bot_owls_throw_air(monkeypatch)
    owls_round(s)
    done = actions(m, n)
    assert sorted(a.player for a in done if isinstance(a, Throw)) == ["Cem", "Dana"]  # the round's two balls (art11)
    assert all(a.outcome.air for a in done if isinstance(a, Throw))
    assert not [a for a in done if isinstance(a, Catch)] and state(s).extra == ()


def test_bierpong_art23_a_human_defender_catches_a_bots_air_ball(monkeypatch: pytest.MonkeyPatch) -> None:
    """bierpong.art23, Decision "Who catches or swats (art14, art23)": Bo catches a bot Owl's air ball
    past the far edge; the Owls' other air ball nobody catches and no bot catches it for a Fox. In the
    Foxes' round Bo has the extra ball."""
    m, s, n = bot_owls_throw_air(monkeypatch)
    for _ in range(600):  # the bot's first ball
        s.tick(STEP)
        if s.table.busy:
            break
    (ball,) = s.table.flights
    thrower = s.table.flights[ball].player
    until(s, ball, "past")
    assert s.request("Bo", CatchBall(ball)) is None
    owls_round(s)
    done = actions(m, n)
    assert [a for a in done if isinstance(a, Catch)] == [Catch("Bo", thrower)]
    assert len([a for a in done if isinstance(a, Throw)]) == 2 and all(a.outcome.air for a in done if isinstance(a, Throw))
    assert state(s).extra == ("Bo",)  # the Foxes' round: Bo's ball twice (bierpong.art23)


def test_bierpong_art23_a_click_catches_nothing_for_a_bot_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """bierpong.art23 and art14, Decision "Who catches or swats (art14, art23)": Anna's air ball at the
    bot Owls – a catch said for an Owl is refused, nobody is credited (a bot seat catches only for
    itself, and these bots never catch); then a bounce – no swat for a bot seat by request either."""
    bots_catch(monkeypatch, 0.0, swat=0.0)
    m = begun("regular")
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    throw, _ = real(s, "Anna", "air")
    assert s.request("Anna", Release(throw)) is None
    (ball,) = s.table.flights
    until(s, ball, "past")
    refusal = s.request("Cem", CatchBall(ball))
    assert isinstance(refusal, Refusal) and "bots" in str(refusal)
    to_rest(s)
    assert actions(m, n) == [Throw("Anna", Outcome(air=True))]
    throw, _ = real(s, "Bo", "bounce")
    assert s.request("Bo", Release(throw)) is None
    (ball,) = s.table.flights
    until(s, ball, "bounced")
    refusal = s.request("Cem", SwatBall(ball))
    assert isinstance(refusal, Refusal) and "bots" in str(refusal)
    to_rest(s)
    assert not [a for a in actions(m, n) if isinstance(a, (Catch, Swat))]


def test_bierpong_art23_a_bot_seat_catches_for_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """bierpong.art23, Decision "Who catches or swats (art14, art23)": the bot Owls, sure catchers,
    catch Anna's air ball themselves – the catcher is one of the Owls' bots."""
    bots_catch(monkeypatch, 1.0)
    m = begun("regular")
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    throw, _ = real(s, "Anna", "air")
    assert s.request("Anna", Release(throw)) is None
    to_rest(s)
    done = actions(m, n)
    assert done[0] == Throw("Anna", Outcome(air=True))
    assert [a for a in done if isinstance(a, Catch)] in ([Catch("Cem", "Anna")], [Catch("Dana", "Anna")])


# --- the throw-off, table events, the clock ---------------------------------------------------------


def test_the_throw_off_is_thrown_ball_by_ball_and_its_winner_chooses() -> None:
    """bierpong.art8: one player a side throws – the Foxes at the Owls' cups, then the Owls at the
    Foxes' (the live table's rack follows); the winners choose who begins."""
    m = Match("bierpong", teams())
    s = PongSession(m, pace=REAL)
    assert s.thrower() == "Anna" and s.target_side() == 1 and s.table.side == 1
    assert s.request("Anna", ThrowoffBall("Anna", Outcome(cup=3))) is None
    assert s.thrower() == "Cem" and s.target_side() == 0 and s.table.side == 0
    assert s.request("Cem", ThrowoffBall("Cem", Outcome())) is None
    assert s.request("Foxes", Begin("Owls")) is None  # Anna hit first: the Foxes choose
    assert state(s).phase == PLAY and state(s).team == 1 and s.thrower() in ("Cem", "Dana")
    assert s.table.side == 0


def test_table_events_a_foul_and_a_knock_over_are_ruled() -> None:
    """Table events anybody may enter: an elbow over the edge (bierpong.art12), then Bo knocks over the
    Foxes' own cup 7 (bierpong.art16) – each ruled, the cup gone."""
    m = begun()
    s = PongSession(m, pace=REAL)
    assert s.table_event(Foul("elbow", "Anna")) is None
    assert m.log.entries[-1].action == "elbow Anna"
    assert [r.rule for r in m.log.entries[-1].rulings] == ["bierpong.art12"]
    assert s.table_event(KnockOver("Bo", 7)) is None
    assert m.log.entries[-1].action == "Bo knocks over 7"
    assert [r.rule for r in m.log.entries[-1].rulings] == ["bierpong.art16"]
    assert 7 not in state(s).sides[0].rack.ids


def test_time_without_a_timer_is_refused_art9() -> None:
    """bierpong.art9: Time in a game without a timer is the referee's refusal, nothing is logged;
    another table event still goes through."""
    m = begun()
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    refusal = s.table_event(Time())
    assert isinstance(refusal, Refusal) and "no timer" in str(refusal) and refusal.rule == "bierpong.art9"
    assert len(m.log.entries) == n
    assert s.table_event(parse_action("blow Cem")) is None
    assert m.log.entries[-1].action == "blow Cem"


def test_the_game_clock_runs_out_and_time_is_applied_once() -> None:
    """bierpong.art9: with `timer` 1 minute the clock runs while nothing holds the table; at its end
    `Time` is applied once (the Foxes knocked over a cup, so the Owls have more cups left and win)."""
    m = begun(timer=1)
    m.apply(parse_action("Anna knocks over 2"))
    s = PongSession(m, pace=REAL)
    assert s.time_left() == 60
    s.tick(30.0)
    assert s.time_left() == 30 and not m.state.is_terminal()
    s.tick(40.0, hold=True)  # a dialog open: the clock stands
    assert s.time_left() == 30
    s.tick(31.0)
    assert [e.action for e in m.log.entries].count("time") == 1
    assert m.state.is_terminal() and state(s).winner == 1
    assert any(r.rule == "bierpong.art9" for r in m.log.entries[-1].rulings)
    s.tick(10.0)
    assert [e.action for e in m.log.entries].count("time") == 1


# --- both balls at once (bierpong.art4) --------------------------------------------------------------


def test_teams_throw_both_balls_at_once_art4() -> None:
    """bierpong.art4: in a team game Anna throws, and while her ball flies the thrower is Bo, who
    releases the second ball; nothing is ruled while they fly; when both rest the log gets one
    `Together` with both classified outcomes and the referee's art4 note."""
    m = begun()
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    a_throw, anna = real(s, "Anna", "hit")
    b_throw, bo = real(s, "Bo", "miss", release=BESIDE)
    assert s.request("Anna", Release(a_throw)) is None
    assert s.table.busy and s.thrower() == "Bo" and s.waiting_for() == (0,)
    assert s.request("Bo", Release(b_throw)) is None
    assert [f.player for f in s.table.flights.values()] == ["Anna", "Bo"]
    s.tick(STEP)
    assert len(m.log.entries) == n  # nothing is ruled while the balls fly
    to_rest(s)
    assert not s.table.flights and len(m.log.entries) == n + 1
    last = m.log.entries[-1]
    assert parse_action(last.action) == Together(Throw("Anna", anna), Throw("Bo", bo)) and anna.hit
    assert any(r.rule == "bierpong.art4" for r in last.rulings)
    assert state(s).standard == ("Anna", "Bo") or state(s).phase != PLAY  # both standard throws are made


def test_singles_refuses_second_ball_in_flight_art4() -> None:
    """bierpong.art4: a lone player may not throw both balls at once – a second release while the
    first ball flies is refused (art4, "teams"), and only the first ball is logged, as a `Throw`."""
    m = singles()
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    a_throw, expected = real(s, "Anna", "hit")
    b_throw, _ = real(s, "Anna", "miss", release=BESIDE)
    assert s.request("Anna", Release(a_throw)) is None
    first = list(s.table.flights)
    assert len(first) == 1 and s.thrower() == "Anna"
    refusal = s.request("Anna", Release(b_throw))
    assert isinstance(refusal, Refusal) and refusal.rule == "bierpong.art4" and "teams" in str(refusal)
    assert list(s.table.flights) == first and len(s.table.balls()) == 1
    to_rest(s)
    assert len(m.log.entries) == n + 1
    assert parse_action(m.log.entries[-1].action) == Throw("Anna", expected)


def test_first_ball_rests_before_partner_throws_is_single_throw() -> None:
    """bierpong.art11: a first standard ball that rests before the partner releases is ruled alone;
    the partner then throws the round's second ball as usual."""
    m = begun()
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    throw, expected = real(s, "Anna", "miss")
    assert s.request("Anna", Release(throw)) is None
    assert s.thrower() == "Bo"  # Bo could have joined …
    to_rest(s)
    assert len(m.log.entries) == n + 1  # … but did not: a plain Throw
    assert parse_action(m.log.entries[-1].action) == Throw("Anna", expected)
    assert state(s).standard == ("Anna",) and s.thrower() == "Bo" and s.pairing() is None
    throw, expected = real(s, "Bo", "miss")
    assert s.request("Bo", Release(throw)) is None
    to_rest(s)
    assert parse_action(m.log.entries[-1].action) == Throw("Bo", expected)


def test_a_swatted_ball_of_a_together_throw_is_ruled_after_the_other_art4_art14() -> None:
    """bierpong.art14 with bierpong.art4: a swat is no part of a together throw – when Cem swats Anna's
    bounced ball while Bo's flies too, Bo's ball is ruled first (`Throw`), then the `Swat`."""
    m = begun()
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    a_throw, _ = real(s, "Anna", "bounce")
    b_throw, bo = real(s, "Bo", "miss", release=BESIDE)
    assert s.request("Anna", Release(a_throw)) is None
    assert s.request("Bo", Release(b_throw)) is None
    anna_ball, _bo_ball = list(s.table.flights)
    until(s, anna_ball, "bounced")
    assert s.request("Cem", SwatBall(anna_ball)) is None
    assert s.table.flights[anna_ball].swatted_by == "Cem" and len(m.log.entries) == n  # Bo's ball still flies
    to_rest(s)
    assert actions(m, n) == [Throw("Bo", bo), Swat("Cem", "Anna")]
    assert state(s).standard == ("Bo", "Anna") or state(s).team == 1  # the Foxes' two standard throws are made
    assert any("no part of a together throw" in t for t in s.notices)


# --- bots on the live table --------------------------------------------------------------------------


def test_bots_play_a_whole_game_on_the_live_table_and_it_replays(tmp_path: Path) -> None:
    """Bot teams throw through the live table (`game.bierpong.bots` aims) at the live pace; the game
    ends with a winner (bierpong.art9) and the saved log replays exactly."""
    players = [PlayerSpec("Foxes", "pro", drivers=("Anna", "Bo")), PlayerSpec("Owls", "good", drivers=("Cem",))]
    m = Match("bierpong", players, GAMES["bierpong"].spec.make(None, cups=3), seed=5)
    s = PongSession(m, pace=LIVE)
    saw_ball = False
    for _ in range(60 * 60 * 10):
        s.tick(1 / 60)
        saw_ball = saw_ball or s.table.busy
        if m.state.is_terminal():
            break
    assert m.state.is_terminal() and saw_ball and not any("failed" in n for n in s.notices)
    path = tmp_path / "bots.json"
    assert s.save(path) == path
    assert [e.action for e in load_match(path).log.entries] == [e.action for e in m.log.entries]


def test_bot_teams_throw_both_balls_at_once_on_the_live_table_art4() -> None:
    """2 v 2 bots on the live table: the game runs (to its end or many actions) without a bot failure,
    and the bots (`BierpongBots.plan`) sometimes throw both standard balls at once – a `Together` in
    the log, thrown live with two balls in the air (bierpong.art4)."""
    players = [PlayerSpec("Foxes", "pro", drivers=("Anna", "Bo")), PlayerSpec("Owls", "pro", drivers=("Cem", "Dana"))]
    together = 0
    for seed in (1, 2, 3, 4):
        m = Match("bierpong", players, GAMES["bierpong"].spec.make(None, cups=3), seed=seed)
        s = PongSession(m, pace=LIVE)
        saw_pair = False
        for _ in range(60 * 60 * 6):
            s.tick(1 / 60)
            saw_pair = saw_pair or len(s.table.flights) == 2
            if m.state.is_terminal() or len(m.log.entries) > 60:
                break
        assert not any("failed" in n for n in s.notices), s.notices
        assert m.state.is_terminal() or len(m.log.entries) > 60
        pairs = [e for e in m.log.entries[1:] if isinstance(parse_action(e.action), Together)]
        assert saw_pair or not pairs  # a logged Together was thrown live, two balls in the air
        together += len(pairs)
        if together:
            break
    assert together > 0


# --- the live table (the practice table's physics) ---------------------------------------------------


def test_the_live_table_flies_two_balls_at_once_and_refuses_a_third() -> None:
    """The table's own limit: two balls in flight at once; a third release is refused while they fly."""
    t = LiveTable(formation("triangle10"))
    high = PhysThrow((0.0, 0.0, 0.45), (2.5, 0.0, 4.5))
    t.throw(high)
    t.advance(0.05)
    t.throw(PhysThrow((0.0, 0.1, 0.45), (2.5, 0.0, 4.5)))
    assert t.in_flight() == 2
    with pytest.raises(ValueError):
        t.throw(high)
    assert len(t.balls()) == 2 and len(t.flights) == 2


def test_events_of_two_balls_thrown_together_go_to_the_right_ball() -> None:
    """Each ball's events go to its own flight: ball 1 drops straight into cup 1, ball 2 (short) lands
    near the thrower first; ball 1 touches no table before its sink."""
    from physics.aim import speed_for

    t = LiveTable(formation("three"))
    cup = next(c for c in t.table_cups() if c.id == 1)
    one = t.throw(speed_for((0.0, 0.1, 0.45), cup.pos, 45.0))
    two = t.throw(PhysThrow((0.0, -0.2, 0.45), (1.6, 0.0, 1.0)))
    events = t.advance(1.2)
    assert any(isinstance(e, Sink) and e.cup == 1 and e.ball == one.ball for e in one.events)
    assert all(e.ball == one.ball for e in one.events) and all(e.ball == two.ball for e in two.events)
    sink = next(i for i, e in enumerate(events) if isinstance(e, Sink) and e.ball == one.ball)
    bounce2 = next(i for i, e in enumerate(events) if isinstance(e, TableBounce) and e.ball == two.ball)
    assert bounce2 < sink  # ball 2 lands first
    assert not any(isinstance(e, TableBounce) and e.ball == one.ball for e in events[:sink])
