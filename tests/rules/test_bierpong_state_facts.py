"""Issue 30: the facts a Bierpong view used to work out for itself are the state's – which team throws
(`BierpongState.throwing_team`, `target_side`), who throws (`throwers`), the partner who may join a
ball (`may_pair`, `partners`) and the round (`round`) – through the throw-off (bierpong.art8), the
pairing rule (bierpong.art11), balls back (bierpong.art13), the Konter (bierpong.art10) and a caught
air ball (bierpong.art23), alone and in combination; driven through the match log's notation.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from game.bierpong.actions import Swat, Throw
from game.bierpong.outcome import Outcome
from game.bierpong.state import CHOOSE, KONTER, PLAY, REMOVE, THROWOFF, BierpongState
from game.match import Match, PlayerSpec
from game.rules import bierpong as R
from tests.bierpong_helpers import DOUBLES, SINGLES, cups, new_game, play

THREE = (("Ann", "Ben", "Eve"), ("Cem", "Dana"))


def state(m: Match) -> BierpongState:
    st: BierpongState = m.state
    return st


def before_throwoff(teams: tuple[tuple[str, ...], ...] = DOUBLES, **options: Any) -> Match:
    return Match("bierpong", [PlayerSpec("Foxes", drivers=teams[0]), PlayerSpec("Owls", drivers=teams[1])], R.SPEC.make(**options))


def test_art8_the_throwoff_balls_are_thrown_by_each_side_in_turn() -> None:
    """bierpong.art8: the first team's ball, then the other's; both hit: the same two throw again."""
    m = before_throwoff()
    st = state(m)
    assert (st.phase, st.round, st.throwing_team(), st.target_side(), st.throwers()) == (THROWOFF, 0, 0, 1, ("Ann", "Ben"))
    assert not st.may_pair() and st.partners("Ann") == ()
    play(m, "throw-off Ben hit 1")
    assert (state(m).throwing_team(), state(m).target_side(), state(m).throwers()) == (1, 0, ("Cem", "Dana"))
    play(m, "throw-off Dana hit 2")  # both hit: Ben and Dana again
    assert state(m).phase == THROWOFF and state(m).throwers() == ("Ben",) and state(m).round == 0
    play(m, "throw-off Ben miss")
    assert state(m).throwing_team() == 1 and state(m).throwers() == ("Dana",)
    play(m, "throw-off Dana hit 3")  # the Owls won it: they choose
    assert state(m).phase == CHOOSE and state(m).throwing_team() == 1 and state(m).throwers() == () and state(m).round == 0
    play(m, "Foxes begin")
    st = state(m)
    assert (st.phase, st.round, st.throwing_team(), st.target_side(), st.throwers()) == (PLAY, 1, 0, 1, ("Ann", "Ben"))


def test_art11_partners_are_the_other_half_of_the_pair_not_last_rounds() -> None:
    """bierpong.art11: two different players a round; in a team of three not the same pair as the
    team's last round – the partner a first ball may be joined by (bierpong.art4) says so."""
    m = new_game(THREE)
    st = state(m)
    assert st.may_pair() and st.round == 1
    assert st.partners("Ann") == ("Ben", "Eve") and st.partners("Eve") == ("Ann", "Ben") and st.partners("Cem") == ()
    play(m, "Ann: miss")
    assert not state(m).may_pair() and state(m).partners("Ben") == () and state(m).throwers() == ("Ben", "Eve")
    play(m, "Ben: miss", "Cem: miss", "Dana: miss")
    st = state(m)
    assert st.round == 3 and st.throwing_team() == 0
    assert st.partners("Ann") == ("Eve",) and st.partners("Ben") == ("Eve",) and st.partners("Eve") == ("Ann", "Ben")


@pytest.mark.parametrize("new_pair", [False, True])
def test_art13_balls_back_keeps_the_round_and_the_pair(new_pair: bool) -> None:
    """bierpong.art13: both throws hit – the same round goes on, and the same pair throws the returned
    balls (the Decision; `balls_back_new_pair`: a pair other than the one that just threw, as after any round)."""
    m = new_game(THREE, auto_remove_cups=True, balls_back_new_pair=new_pair)
    play(m, "Ann: hit 1", "Eve: hit 2")
    st = state(m)
    assert st.phase == PLAY and st.round == 1 and st.throwing_team() == 0 and st.may_pair()
    if new_pair:
        assert st.partners("Ann") == ("Ben",) and st.partners("Ben") == ("Ann", "Eve") and st.partners("Eve") == ("Ben",)
    else:
        assert st.throwers() == ("Ann", "Eve") and st.partners("Ann") == ("Eve",) and st.partners("Ben") == ()
    play(m, "Ann: miss", "Ben: miss" if new_pair else "Eve: miss")
    assert state(m).round == 2 and state(m).throwing_team() == 1 and state(m).target_side() == 0


def test_art23_a_caught_air_ball_is_no_partner_but_a_throw_more() -> None:
    """bierpong.art23 × art11: Ben catches Cem's air ball – the Foxes' next round is a new round with
    the pair's two balls, then Ben's extra one, which no partner joins."""
    m = new_game(DOUBLES)
    play(m, "Ann: miss", "Ben: miss", "Cem: air", "Ben catches Cem", "Dana: miss")
    st = state(m)
    assert st.round == 3 and st.throwing_team() == 0 and st.extra == ("Ben",)
    assert st.partners("Ann") == ("Ben",) and st.partners("Ben") == ("Ann",)
    play(m, "Ann: miss", "Ben: miss")
    st = state(m)
    assert st.round == 3 and st.throwers() == ("Ben",) and not st.may_pair() and st.partners("Ben") == ()
    play(m, "Ben: miss")
    assert state(m).round == 4 and state(m).throwing_team() == 1


def test_art10_the_konter_team_throws_in_the_finishing_round() -> None:
    """bierpong.art10: the last cup down opens the Konter – the defenders throw at the finishers'
    rack in the same round, no pair joins a counter ball; a made Konter begins a new round of the
    finishing team (the Decision "The round after a made Konter")."""
    m = new_game(DOUBLES, cups=3, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ben: miss", "Cem: miss", "Dana: miss", "Ann: hit 2", "Ben: miss", "Cem: miss", "Dana: miss")
    play(m, "Ann: hit 3", "Ben: miss")
    st = state(m)
    assert st.phase == KONTER and st.round == 5
    assert (st.throwing_team(), st.target_side(), st.current_player()) == (1, 0, 1)
    assert not st.may_pair() and st.partners("Cem") == () and st.throwers() == ("Cem", "Dana")
    play(m, "Cem: miss")
    assert state(m).throwers() == ("Dana",) and state(m).round == 5 and state(m).throwing_team() == 1
    play(m, "Dana: hit 1")  # 1 hit in 2 throws: made: the Owls have their last cup back, the Foxes a new round
    st = state(m)
    assert (st.phase, st.round, st.throwing_team(), st.target_side()) == (PLAY, 6, 0, 1)
    assert cups(m, 1) == (3,) and st.may_pair() and st.partners("Ann") == ("Ben",)


def test_combo_balls_back_in_the_finishing_round_then_a_caught_counter_air_ball() -> None:
    """bierpong.art13 × art10 × art23: balls back in the round that clears the rack stays one round
    (its throws add up for the Konter); a caught counter air ball gives the catcher a throw more in
    his team's next round; the facts follow every step."""
    m = new_game(DOUBLES, cups=3, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ben: hit 2")  # balls back: the same round
    assert state(m).round == 1 and state(m).throwing_team() == 0 and state(m).partners("Ann") == ("Ben",)
    play(m, "Ann: hit 3", "Ben: miss")  # the last cup: the Konter (3 hits in 4 throws), still round 1
    st = state(m)
    assert st.phase == KONTER and st.round == 1 and st.throwing_team() == 1 and st.target_side() == 0
    play(m, "Cem: air", "Ann catches Cem")
    st = state(m)
    assert st.phase == KONTER and st.throwers() == ("Dana",) and st.next_extra == ((0, "Ann"),)
    play(m, "Dana: hit 1", "Cem: hit 2", "Dana: hit 3")  # 3 hits in 4 throws: made
    st = state(m)
    assert (st.phase, st.round, st.throwing_team(), st.extra) == (PLAY, 2, 0, ("Ann",))
    assert st.partners("Ann") == ("Ben",) and st.partners("Ben") == ("Ann",)
    play(m, "Ann: miss", "Ben: miss")
    assert state(m).round == 2 and state(m).throwers() == ("Ann",) and state(m).partners("Ann") == ()


def walk(seed: int, teams: tuple[tuple[str, ...], ...], **options: Any) -> list[tuple[BierpongState, BierpongState]]:
    """A game of random legal actions (swats now and then) from the throw-off: each step's states."""
    rng = random.Random(seed)
    m = before_throwoff(teams, **options)
    out = []
    for _ in range(500):
        st = state(m)
        if st.is_terminal():
            break
        acts = st.legal_actions()
        a = rng.choice(acts)
        if isinstance(a, Throw) and a.outcome.bounced and rng.random() < 0.3:
            a = Swat(rng.choice(st.sides[st.target_side()].members), a.player)
        m.apply(a)
        out.append((st, state(m)))
    return out


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("teams", [SINGLES, DOUBLES, THREE], ids=["singles", "doubles", "three"])
def test_art11_art10_the_facts_hold_in_every_state_of_random_games(seed: int, teams: tuple[tuple[str, ...], ...]) -> None:
    """In every state of random games: the team on turn is the throwing team (the defenders remove,
    bierpong.art3); a partner is who may throw after the first ball (bierpong.art11); the round counts
    up by one at a new round (bierpong.art11) – the throw-off is round 0."""
    for before, after in walk(seed, teams, cups=6):
        for st in (before, after):
            t = st.throwing_team()
            assert st.target_side() == 1 - t
            if st.phase in (THROWOFF, PLAY, KONTER):
                assert st.current_player() == t
            if st.phase == REMOVE:
                assert st.current_player() == st.target_side()
            assert (st.round == 0) == (st.phase in (THROWOFF, CHOOSE))
            for p in st.sides[st.team].members:
                if not st.may_pair() or p not in st.throwers():
                    assert st.partners(p) == ()
                    continue
                after_first = st.apply(Throw(p, Outcome())).state
                assert st.partners(p) == tuple(q for q in after_first.throwers() if q != p)
        assert after.round in (before.round, before.round + 1)
        if after.round == before.round + 1 and before.round > 0:  # a new round: the other team's, or after a made Konter
            assert after.phase == PLAY and after.standard == () and (after.team != before.team or before.phase == KONTER)
