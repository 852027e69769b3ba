"""Every Bierpong rule id (bierpong.art1 … bierpong.art23, bierpong.combo, bierpong.scoring) ruled on
outcomes that came from real throws: simulated through `physics.world.simulate` on the rack standing,
classified by `game.bierpong.classify` and applied as `Throw(player, outcome)` – the records' side is
tests/rules/test_bierpong_rules.py. Rules about the table rather than the ball (requests, fouls, drinking,
knocking over, the timer) are table events between physical throws.
"""
from __future__ import annotations

import datetime
from collections import Counter

import pytest

from tests.bierpong_physics_helpers import (
    DOUBLES,
    RELEASE,
    SINGLES,
    cups,
    fetched_release,
    new_game,
    outcome_for,
    play,
    shot,
    throw,
    throwoff,
    together,
)
from game.bierpong.actions import Remove, Throw, Throwoff, parse_action
from game.bierpong.simulate import play_game
from game.bierpong.state import BierpongState
from game.bierpong.tournament import Kind, RoundRobin, Standings, Tournament
from game.errors import IllegalAction
from game.match import Match, PlayerSpec
from game.rules import bierpong as R
from game.rules.ruling import Ruling, What

SECOND = (RELEASE[0], -0.08, RELEASE[2])  # a second ball from beside the first (a different arc)


def of(rulings: list[Ruling], rule: str) -> list[Ruling]:
    return [r for r in rulings if r.rule == rule]


def removed(rulings: list[Ruling]) -> list[tuple[int, str]]:
    return [(r.amount, r.rule) for r in rulings if r.what == What.CUPS]


def sips(rulings: list[Ruling]) -> list[Ruling]:
    return [r for r in rulings if r.what == What.SIPS]


def state(m: Match) -> BierpongState:
    st: BierpongState = m.state
    return st


def first_remove(m: Match) -> Remove:
    return next(a for a in state(m).legal_actions() if isinstance(a, Remove))


# --- general ---------------------------------------------------------------------------------


def test_a_physically_hit_cup_makes_every_defender_drink_art1() -> None:
    """bierpong.art1: a real hit – each member of the defending team drinks drink_per_cup."""
    m = new_game(DOUBLES, drink_per_cup=2)
    hit = throw(m, "Ann", "hit")
    assert hit.outcome.hit and not hit.outcome.bounced
    rs = throw(m, "Ben", "miss").rulings + play(m, f"Owls remove {hit.outcome.cup}")
    assert {(r.who, r.amount, r.rule) for r in sips(rs)} == {("Cem", 2, "bierpong.art1"), ("Dana", 2, "bierpong.art1")}
    assert hit.outcome.cup not in cups(m, 1)


def test_drinks_wait_for_all_throws_and_a_forgotten_drink_art2() -> None:
    """bierpong.art2: after a real hit nothing is drunk until the round's throws are done; a forgotten
    drink lets the other team set a penalty."""
    m = new_game(DOUBLES, auto_remove_cups=True)
    first = throw(m, "Ann", "hit")
    assert first.outcome.hit and not sips(first.rulings)
    rs = throw(m, "Ben", "miss").rulings
    assert sips(rs) and all("bierpong.art2" in r.arithmetic for r in sips(rs))
    (r,) = play(m, "forgot Cem")
    assert r.rule == "bierpong.art2" and r.who == "Owls" and "Foxes may set a penalty" in r.arithmetic


def test_drinking_waits_until_the_counter_failed_art2() -> None:
    """bierpong.art2 with bierpong.art10: the last cup down by a real throw – no drink until the
    physical counter has failed."""
    m = new_game(cups=3, auto_remove_cups=True)
    a = throw(m, "Ann", "hit")
    b = throw(m, "Ann", "hit", among=[c for c in cups(m, 1) if c != a.outcome.cup])
    c = throw(m, "Ann", "hit")  # the last cup, after balls back
    rs = a.rulings + b.rulings + c.rulings + throw(m, "Ann", "miss").rulings
    assert of(rs, "bierpong.art10") and not sips(rs)
    rs = throw(m, "Cem", "miss").rulings + throw(m, "Cem", "miss").rulings
    assert "Konter failed" in of(rs, "bierpong.art10")[-1].arithmetic and state(m).winner == 0
    assert [(r.who, r.amount) for r in sips(rs)] == [("Cem", 3)]  # the three hits of the finishing turn


def test_extra_cup_of_a_real_bounce_is_a_neighbour_chosen_by_the_owners_art3() -> None:
    """bierpong.art3: a real bounce takes one more cup – adjacent first, the owners' pick."""
    m = new_game()
    b = throw(m, "Ann", "bounce")
    assert b.outcome.bounced and b.outcome.cup is not None
    throw(m, "Ann", "miss")
    cup = b.outcome.cup
    rack = state(m).sides[1].rack
    near = rack.neighbours(cup)
    legal = {str(a) for a in state(m).legal_actions() if isinstance(a, Remove)}
    assert legal == {f"Owls remove {cup} {n}" for n in near}
    far = next(c for c in rack.ids if c != cup and c not in near)
    with pytest.raises(IllegalAction, match="adjacent ones first"):
        play(m, f"Owls remove {cup} {far}")
    rs = play(m, f"Owls remove {cup} {near[-1]}")
    assert removed(rs) == [(2, "bierpong.art14")] and set(cups(m, 1)) == set(rack.ids) - {cup, near[-1]}


def test_two_real_balls_at_once_forbidden_in_singles_allowed_in_teams_art4() -> None:
    """bierpong.art4: two physical throws on the same rack as one `Together` – refused for a lone
    player, allowed for a team (both in: balls back)."""
    m = new_game(SINGLES)
    with pytest.raises(IllegalAction, match="bierpong.art4"):
        together(m, ("Ann", "hit", None), ("Ann", "miss", None))
    d = new_game(DOUBLES, auto_remove_cups=True)
    rack = cups(d, 1)
    both = together(d, ("Ann", "hit", 2), ("Ben", "hit", 3))  # two cups: aimed at one, the balls would meet
    assert of(both.rulings, "bierpong.art4") and of(both.rulings, "bierpong.art13")
    assert state(d).current_player() == 0  # balls back: the Foxes throw again (bierpong.art13)
    assert set(rack) - set(cups(d, 1)) == {2, 3}


def test_straighten_request_between_real_throws_and_the_rerack_house_rule_art5() -> None:
    """bierpong.art5: a request to straighten changes nothing on the table; the house rule rerack_at
    (beside art5) re-stands the rack after two real bounces took it down to 6."""
    m = new_game(auto_remove_cups=True, rerack_at="6")
    before = state(m)
    (a,) = play(m, "Ann: straighten")
    assert (a.rule, a.who, a.what) == ("bierpong.art5", "Owls", What.NOTE) and state(m) == before
    one = throw(m, "Ann", "bounce")
    two = throw(m, "Ann", "bounce", among=[c for c in cups(m, 1) if c != one.outcome.cup])  # no Bombe
    assert one.outcome.bounced and two.outcome.bounced and one.outcome.cup != two.outcome.cup
    rs = throw(m, "Ann", "miss").rulings + throw(m, "Ann", "miss").rulings
    assert of(rs, "bierpong.art13") or of(one.rulings + two.rulings, "bierpong.art13")
    note = [r for r in rs if "re-rack" in r.arithmetic]
    assert note and note[0].rule == "bierpong.art5" and cups(m, 1) == (1, 2, 3, 4, 5, 6)


def test_ball_out_request_after_a_real_hit_art6() -> None:
    """bierpong.art6: the ball of a real hit sits in the cup – the other team is asked to take it
    out; the hit still counts."""
    m = new_game(auto_remove_cups=True)
    hit = throw(m, "Ann", "hit")
    (r,) = play(m, "Ann: ball out")
    assert (r.rule, r.who) == ("bierpong.art6", "Owls")
    throw(m, "Ann", "miss")
    assert hit.outcome.cup not in cups(m, 1) and len(cups(m, 1)) == 9


def test_a_real_throw_while_the_others_drink_is_a_foul_noted_art7() -> None:
    """bierpong.art7: after a real hit the Foxes drink; Cem throws early and hits – the rulebook sets
    no sanction, so the foul is noted and the throw stands (Decision: fouls without a sanction)."""
    m = new_game(auto_remove_cups=True)
    throw(m, "Ann", "hit")
    assert sips(throw(m, "Ann", "miss").rulings)
    early = throw(m, "Cem", "hit")  # the ball thrown too early
    after = state(m)
    (r,) = play(m, "early Cem")
    assert r.rule == "bierpong.art7" and "foul, noted" in r.arithmetic and state(m) == after and early.outcome.hit
    assert state(m).standard == ("Cem",) and [h.cup for h in state(m).hits] == [early.outcome.cup]


# --- start and end ---------------------------------------------------------------------------


def test_throw_off_of_real_throws_art8() -> None:
    """bierpong.art8: the throw-off is two real throws at once; both hit – the same two again; then
    the first to hit picks who begins, the other the table side."""
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Ann", "Ben")), PlayerSpec("Owls", drivers=("Cem",))])
    rs = throwoff(m, "Ann", "hit", "Cem", "hit")
    assert "both hit" in of(rs, "bierpong.art8")[0].arithmetic
    with pytest.raises(IllegalAction, match="throw again"):
        throwoff(m, "Ben", "hit", "Cem", "miss")
    rs = throwoff(m, "Ann", "miss", "Cem", "bounce")
    assert "Owls choose who begins, Foxes choose the table side" in rs[0].arithmetic
    assert state(m).current_player() == 1
    play(m, "Foxes begin")
    assert state(m).throwers() == ("Ann", "Ben") and cups(m, 1) == tuple(range(1, 11))


def test_real_throws_take_the_last_cup_and_end_the_game_art9() -> None:
    """bierpong.art9: real hits clear a 3-cup rack; the counter's real misses fail – the game is over."""
    m = new_game(cups=3, auto_remove_cups=True)
    a = throw(m, "Ann", "hit")
    throw(m, "Ann", "hit", among=[c for c in cups(m, 1) if c != a.outcome.cup])
    throw(m, "Ann", "hit")
    throw(m, "Ann", "miss")
    assert cups(m, 1) == () and not state(m).is_terminal()  # the Konter first (bierpong.art10)
    rs = throw(m, "Cem", "miss").rulings + throw(m, "Cem", "miss").rulings
    assert state(m).is_terminal() and state(m).returns() == (1.0, -1.0)
    assert [r.who for r in rs if r.what == What.LOSS] == ["Owls"]


def test_timer_tie_sudden_death_decided_by_a_real_hit_art9() -> None:
    """bierpong.art9: time up on a tie (a table event) – the next real hit wins, no Konter."""
    m = new_game(timer=10)
    (r,) = play(m, "time")
    assert "sudden death" in r.arithmetic
    rs = throw(m, "Ann", "miss").rulings + throw(m, "Ann", "hit").rulings
    assert state(m).is_terminal() and state(m).winner == 0 and not of(rs, "bierpong.art10")


def test_konter_made_with_real_throws_art10() -> None:
    """bierpong.art10: the counter's real throws hit as many cups with as many throws – no cups
    removed, the finishers throw again. Balls back is part of the finishing round (the Decision
    "Balls back in the finishing round"): 3 hits in 4 throws, and all 3 cups stand again."""
    m = new_game(cups=3, auto_remove_cups=True)
    a = throw(m, "Ann", "hit")
    throw(m, "Ann", "hit", among=[c for c in cups(m, 1) if c != a.outcome.cup])
    play(m, "end of round")  # no "Heating up": balls back
    assert len(cups(m, 1)) == 1
    throw(m, "Ann", "hit")
    rs = throw(m, "Ann", "miss").rulings
    assert "3 hits in 4 throws" in of(rs, "bierpong.art10")[0].arithmetic and state(m).current_player() == 1
    rs = throw(m, "Cem", "miss").rulings + throw(m, "Cem", "hit").rulings + throw(m, "Cem", "hit").rulings
    assert not of(rs, "bierpong.art10")
    rs = throw(m, "Cem", "hit").rulings
    assert "Konter made: 3 hits in 4 throws" in of(rs, "bierpong.art10")[0].arithmetic
    assert cups(m, 1) == (1, 2, 3) and cups(m, 0) == (1, 2, 3) and state(m).current_player() == 0


def test_konter_must_repeat_a_real_bounce_art10() -> None:
    """bierpong.art10: finished with a real bounce – a real plain hit does not make the counter, a
    real bounce does."""
    for counter, made in (("hit", False), ("bounce", True)):
        m = new_game(cups=3, auto_remove_cups=True)
        throw(m, "Ann", "hit")
        throw(m, "Ann", "miss")
        throw(m, "Cem", "miss")
        throw(m, "Cem", "miss")
        throw(m, "Ann", "miss")
        rs = throw(m, "Ann", "bounce").rulings
        assert "same special shot (bounce)" in of(rs, "bierpong.art10")[0].arithmetic
        c = throw(m, "Cem", counter)
        rs = c.rulings + ([] if made else throw(m, "Cem", "miss").rulings)
        assert c.outcome.hit and c.outcome.bounced is made
        if made:
            assert "Konter made" in of(rs, "bierpong.art10")[0].arithmetic and state(m).current_player() == 0
        else:
            assert "without the bounce shot" in of(rs, "bierpong.art10")[-1].arithmetic and state(m).winner == 0


# --- throwing --------------------------------------------------------------------------------


def test_two_throws_by_two_players_and_the_pair_rotates_art11() -> None:
    """bierpong.art11: two real throws per round by two different players; with three players a
    different pair each round."""
    m = new_game((("Ann", "Ben", "Eve"), ("Cem",)), auto_remove_cups=True)
    throw(m, "Ann", "miss")
    with pytest.raises(IllegalAction, match="bierpong.art11"):
        throw(m, "Ann", "miss")
    throw(m, "Ben", "miss")
    throw(m, "Cem", "miss")
    throw(m, "Cem", "miss")
    throw(m, "Ann", "miss")
    assert state(m).throwers() == ("Eve",)  # Ann + Ben was last round's pair
    throw(m, "Eve", "hit")
    assert state(m).current_player() == 1


def test_a_real_hit_voided_by_an_elbow_call_is_thrown_again_art12() -> None:
    """bierpong.art12 with `elbow_voids_throw` (Decision: fouls without a sanction): the table calls
    Ann's elbow on a real hit – the throw is void (nothing changes), she throws it again."""
    m = new_game(auto_remove_cups=True, elbow_voids_throw=True)
    before = state(m)
    void = outcome_for(m, "Ann", "hit")
    (r,) = play(m, "elbow Ann")
    assert void.hit and r.rule == "bierpong.art12" and "void" in r.arithmetic and state(m) == before
    again = throw(m, "Ann", "hit")
    assert state(m).standard == ("Ann",) and again.outcome.cup in {h.cup for h in state(m).hits}


def test_balls_back_after_two_real_hits_art13() -> None:
    """bierpong.art13: both real throws of the round hit – both cups go, the team throws again."""
    m = new_game(auto_remove_cups=True)
    a = throw(m, "Ann", "hit")
    b = throw(m, "Ann", "hit", among=[c for c in cups(m, 1) if c != a.outcome.cup])
    rs = play(m, "end of round")  # "Heating up" could have followed the second hit
    assert of(rs, "bierpong.art13") and state(m).current_player() == 0 and state(m).throwers() == ("Ann",)
    assert a.outcome.cup not in cups(m, 1) and b.outcome.cup not in cups(m, 1) and len(cups(m, 1)) == 8


def test_a_real_bounce_removes_two_cups_and_may_be_swatted_art14() -> None:
    """bierpong.art14: a real bounce counts twice; the same bounced ball swatted away is no hit."""
    m = new_game(auto_remove_cups=True)
    b = throw(m, "Ann", "bounce")
    rs = b.rulings + throw(m, "Ann", "miss").rulings
    assert b.outcome.bounced and removed(rs) == [(2, "bierpong.art14")] and len(cups(m, 1)) == 8
    s = new_game(auto_remove_cups=True)
    bounced = outcome_for(s, "Ann", "bounce")
    (r,) = play(s, "Cem swats Ann")
    assert bounced.bounced and r.rule == "bierpong.art14" and "no hit" in r.arithmetic
    assert len(cups(s, 1)) == 10 and state(s).standard == ("Ann",)


def test_a_real_graze_is_a_bounce_only_with_cup_contact_is_bounce_art14() -> None:
    """bierpong.art14 (Decision cup_contact_is_bounce): a real ball that grazes one other cup's rim
    and drops in is a plain hit – with the option the same throw is a bounce, two cups."""
    left = {}
    for flag in (False, True):
        m = new_game(auto_remove_cups=True, cup_contact_is_bounce=flag)
        g = throw(m, "Ann", "graze")
        throw(m, "Ann", "miss")
        assert g.outcome.hit and not g.outcome.roller and len(g.shot.outcome.touched) == 1
        assert g.outcome.bounced is flag
        left[flag] = (len(cups(m, 1)), g.shot.throw)
    assert left[False][1] == left[True][1]  # the very same throw
    assert (left[False][0], left[True][0]) == (9, 8)


def test_a_real_roller_counts_as_a_bounce_art15() -> None:
    """bierpong.art15: a real ball over two cups into one is a roller – an Aufsetzer, +1 cup."""
    m = new_game(auto_remove_cups=True)
    r = throw(m, "Ann", "roller")
    rs = r.rulings + throw(m, "Ann", "miss").rulings
    assert r.outcome.roller and len(set(r.outcome.touched)) >= 2 and not r.outcome.bounced
    assert of(rs, "bierpong.art15") and removed(rs) == [(2, "bierpong.art14")]


def test_knocking_over_own_cups_between_real_throws_art16() -> None:
    """bierpong.art16: after a real hit the Owls have two cups; Cem knocks one over – it goes; the
    last one knocked over is never removed."""
    m = new_game(cups=3, auto_remove_cups=True)
    throw(m, "Ann", "hit")
    throw(m, "Ann", "miss")
    left = cups(m, 1)
    assert len(left) == 2
    (r,) = play(m, f"Cem knocks over {left[0]}")
    assert (r.who, r.what, r.amount, r.rule) == ("Owls", What.CUPS, 1, "bierpong.art16")
    (last,) = play(m, f"Cem knocks over {left[1]}")
    assert last.what == What.NOTE and "never removed" in last.arithmetic and cups(m, 1) == (left[1],)
    throw(m, "Cem", "miss")
    assert state(m).standard == ("Cem",)


def test_blowing_out_a_real_hit_is_not_allowed_art17() -> None:
    """bierpong.art17 with `blown_ball_counts` (Decision: fouls without a sanction): Cem blows Ann's
    really sunk ball out – not allowed, the hit counts."""
    m = new_game(auto_remove_cups=True, blown_ball_counts=True)
    hit = throw(m, "Ann", "hit")
    (b,) = play(m, "blow Cem")
    assert b.rule == "bierpong.art17" and "not allowed" in b.arithmetic
    rs = throw(m, "Ann", "miss").rulings
    assert removed(rs) == [(1, "bierpong.art1")] and hit.outcome.cup not in cups(m, 1)


def test_a_real_hit_on_the_dead_cup_wins_at_once_art18() -> None:
    """bierpong.art18: a really hit cup left standing is a Dead Cup; a later real hit on it wins."""
    m = new_game()
    hit = throw(m, "Ann", "hit")
    throw(m, "Ann", "miss")
    dead = hit.outcome.cup
    assert dead is not None
    rs = play(m, f"Owls leave {dead}")
    assert of(rs, "bierpong.art18") and state(m).sides[1].dead == frozenset({dead})
    throw(m, "Cem", "miss")
    throw(m, "Cem", "miss")
    with pytest.raises(IllegalAction, match="bierpong.art18"):
        play(m, f"Owls remove {dead}")  # not in the other team's round
    rs = throw(m, "Ann", "hit", dead, release=SECOND).rulings
    assert state(m).is_terminal() and state(m).winner == 0 and "Dead Cup" in of(rs, "bierpong.art18")[0].arithmetic


def test_a_real_ball_that_came_back_is_fetched_and_thrown_as_a_trickshot_art19() -> None:
    """bierpong.art19: a real ball comes back to the Foxes' half, is fetched and thrown from where it
    lies after the regular throws: the regular cup goes first, the trickshot's cup at once; a
    trickshot caught behind the edge is no air ball."""
    m = new_game(auto_remove_cups=True)
    back = throw(m, "Ann", "back")
    assert back.outcome.back and back.shot.rest is not None and back.shot.rest[0] < 1.37
    play(m, "Ann fetches")
    reg = throw(m, "Ann", "hit")
    assert removed(reg.rulings) == [(1, "bierpong.art1")]
    assert reg.outcome.cup not in cups(m, 1)
    trick = throw(m, "Ann", "hit", release=fetched_release(back.shot))
    assert "trickshot" in of(trick.rulings, "bierpong.art19")[0].arithmetic
    assert trick.outcome.cup not in cups(m, 1) and len(cups(m, 1)) == 8
    m2 = new_game(auto_remove_cups=True)
    b2 = throw(m2, "Ann", "back")
    play(m2, "Ann fetches")
    throw(m2, "Ann", "miss")
    air = throw(m2, "Ann", "air", release=fetched_release(b2.shot))
    assert air.outcome.air
    with pytest.raises(IllegalAction, match="bierpong.art19"):
        play(m2, "Cem catches Ann")


def test_two_real_balls_in_one_cup_are_a_bombe_art20() -> None:
    """bierpong.art20: both real throws of the round sink in the same cup – it and two more go, then
    balls back."""
    m = new_game()
    a = throw(m, "Ann", "hit")
    cup = a.outcome.cup
    b = throw(m, "Ann", "hit", cup, release=SECOND)
    assert b.outcome.cup == cup and a.shot.throw != b.shot.throw
    play(m, "end of round")
    assert state(m).queue[0].arithmetic == f"Bombe: cup {cup} + 2 = 3 cups"
    rs = play(m, str(first_remove(m)))
    assert [r.rule for r in rs] == ["bierpong.art20", "bierpong.art13"] and state(m).current_player() == 0
    assert len(cups(m, 1)) == 7


def test_on_fire_after_three_real_hits_throws_until_a_real_miss_art21() -> None:
    """bierpong.art21: Heating up after two real hits, On fire at the third; the on-fire real bounce
    counts one cup (Decision); the real miss ends it."""
    m = new_game(auto_remove_cups=True)
    a = throw(m, "Ann", "hit")
    with pytest.raises(IllegalAction, match="bierpong.art21"):
        play(m, "Ann: heating up")
    throw(m, "Ann", "hit", among=[c for c in cups(m, 1) if c != a.outcome.cup])
    rs = play(m, "Ann: heating up")
    assert rs[-1].words == ("Heating up!",)
    throw(m, "Ann", "hit")
    rs = play(m, "Ann: on fire")
    assert rs[-1].what == What.CALL and rs[-1].words == ("On fire!",)
    b = throw(m, "Ann", "bounce")
    assert b.outcome.bounced
    assert b.rulings[0].rule == "bierpong.art21"
    assert b.rulings[0].arithmetic.startswith(f"on fire: bounce counts as one hit – cup {b.outcome.cup} = 1 cup")
    rs = throw(m, "Ann", "miss").rulings
    assert "no longer on fire" in rs[0].arithmetic and state(m).throwers() == ("Ann",)


def clear_around(m: Match, island: int) -> None:
    """Real hits on the island's neighbours, one a turn, the Owls missing for real between."""
    for n in state(m).sides[1].rack.neighbours(island):
        throw(m, "Ann", "hit", n)
        throw(m, "Ann", "miss")
        throw(m, "Cem", "miss")
        throw(m, "Cem", "miss")
    assert state(m).sides[1].rack.is_island(island)


def test_island_called_then_a_real_hit_art22() -> None:
    """bierpong.art22: real hits leave cup 1 alone; Island called and another cup really hit – it
    does not count; called and the island really hit – it and one more go."""
    m = new_game(auto_remove_cups=True)
    clear_around(m, 1)
    rs = play(m, "Ann: island 1") + throw(m, "Ann", "hit", among=[c for c in cups(m, 1) if c != 1]).rulings
    assert "does not count" in of(rs, "bierpong.art22")[-1].arithmetic and len(cups(m, 1)) == 8
    with pytest.raises(IllegalAction, match="once per game"):
        play(m, "Ann: island 1")
    m = new_game(auto_remove_cups=True)
    clear_around(m, 1)
    rs = play(m, "Ann: island 1") + throw(m, "Ann", "hit", 1).rulings + throw(m, "Ann", "miss").rulings
    (r,) = [r for r in rs if r.what == What.CUPS]
    assert r.rule == "bierpong.art22" and r.amount == 2 and r.arithmetic.startswith("Island: cup 1 + 1 = 2 cups")


def test_a_real_air_ball_caught_gives_a_double_throw_art23() -> None:
    """bierpong.art23: a real ball touching nothing goes over the far end; caught, the catcher throws
    one ball twice next round."""
    m = new_game(DOUBLES, auto_remove_cups=True)
    air = throw(m, "Ann", "air")
    assert air.outcome.air
    rs = play(m, "Cem catches Ann")
    assert of(rs, "bierpong.art23")
    throw(m, "Ben", "miss")
    throw(m, "Cem", "miss")
    throw(m, "Dana", "miss")
    assert state(m).throwers() == ("Cem",)
    throw(m, "Cem", "hit")
    assert state(m).current_player() == 0


def test_real_bombe_with_a_bounce_and_island_with_a_bounce_add_up_combo() -> None:
    """bierpong.combo: a real bounce and a real hit in one cup – Bombe + bounce, cup + 2 + 1 (adjacent
    first); a real bounce on a called island – cup + 1 + 1."""
    m = new_game()
    b = throw(m, "Ann", "bounce")
    cup = b.outcome.cup
    assert b.outcome.bounced and cup is not None
    throw(m, "Ann", "hit", cup, release=SECOND)
    play(m, "end of round")
    assert state(m).queue[0].arithmetic == f"Bombe + bounce: cup {cup} + 2 + 1 = 4 cups"
    rack = state(m).sides[1].rack
    near = rack.neighbours(cup)
    far = [c for c in rack.ids if c != cup and c not in near][:3]
    with pytest.raises(IllegalAction, match="adjacent ones first"):
        play(m, str(Remove("Owls", (cup, *far))))
    rs = play(m, str(first_remove(m)))
    assert rs[0].rule == "bierpong.combo" and rs[0].amount == 4
    i = new_game(auto_remove_cups=True)
    clear_around(i, 1)
    rs = play(i, "Ann: island 1") + throw(i, "Ann", "bounce", 1).rulings + throw(i, "Ann", "miss").rulings
    (r,) = [r for r in rs if r.what == What.CUPS]
    assert r.arithmetic.startswith("Island + bounce: cup 1 + 1 + 1 = 3 cups") and r.amount == 3


# --- tournaments ----------------------------------------------------------------------------------


def test_a_round_robin_of_physical_games_scores_five_three_one_scoring() -> None:
    """bierpong.scoring: a singles round robin whose games are bot games thrown through the physics
    (`play_game`); the places give 5 / 3 / 1 points and the winner a win in the standings."""
    skill = {"Ann": "pro", "Cem": "regular", "Eve": "casual"}
    rr = RoundRobin(tuple(skill))
    wins: Counter[str] = Counter()
    throws = 0
    for n, g in enumerate(rr.pending()):
        assert g.b is not None
        run = play_game([skill[g.a], skill[g.b]], 1, 100 + n, profile=R.SPEC.make(cups=3))
        assert run.finished and run.state.winner is not None
        throws += sum(1 for e in run.match.log.entries[1:] if isinstance(parse_action(e.action), Throw))
        w, l = (g.a, g.b) if run.state.winner == 0 else (g.b, g.a)
        wins[w] += 1
        rr = rr.record(w, l)
    assert rr.finished and throws > 0
    places = rr.placements()
    for place, who in places:  # competition ranking over the physical games' wins
        assert place == 1 + sum(1 for e in skill if wins[e] > wins[who])
    t = Tournament(datetime.date(2024, 5, 1), Kind.SINGLE, tuple(places))
    rows = {r.name: (r.points, r.wins, r.participations) for r in Standings().add(t).table(Kind.SINGLE)}
    five_three_one = {1: 5, 2: 3, 3: 1}  # the digest's points per place (bierpong.scoring)
    assert rows == {who: (five_three_one.get(place, 0), int(place == 1), 1) for place, who in places}
    assert Standings().add(t).table(Kind.TEAM) == []


def test_every_logged_throw_here_reads_back_as_its_physical_classification() -> None:
    """bierpong.art14, bierpong.art15, bierpong.art19, bierpong.art23: the outcomes these tests log
    are the classifier's word on real timelines, and read back from the notation unchanged."""
    from game.bierpong.classify import classify
    from physics.table import formation

    rack = formation("triangle10")
    for want in ("hit", "bounce", "roller", "miss", "air", "back"):
        s = shot(rack, want)
        assert classify(s.events) == s.outcome
        m = new_game(auto_remove_cups=True)
        m.apply(Throw("Ann", s.outcome))
        assert m.log.entries[-1].action == f"Ann: {s.outcome}"
    assert str(Throwoff("Ann", shot(rack, "hit").outcome, "Cem", shot(rack, "miss").outcome)).startswith("throw-off Ann hit")
