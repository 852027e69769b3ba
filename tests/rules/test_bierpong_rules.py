"""The Bierpong referee (bierpong.art1 … art23, bierpong.combo), driven through the match log's
public notation (`game.bierpong.actions`) and record files through `main.py referee`.

Cups of the 10-cup triangle: 1 at the front tip, then 2 3, 4 5 6, 7 8 9 10 (row by row).
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.bierpong.actions import Throw
from game.bierpong.outcome import Outcome
from game.bierpong.rack import Rack
from game.errors import IllegalAction
from game.match import Match, PlayerSpec
from game.rules import bierpong as R
from game.rules.catalog import rules_for
from game.rules.ruling import What
from tests.bierpong_helpers import DOUBLES, SINGLES, cups, new_game, of, play

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records"


# --- general ---------------------------------------------------------------------------------


def test_every_defender_drinks_per_hit_cup_when_the_turn_is_over() -> None:
    """bierpong.art1, bierpong.art2: each member of the defending team drinks drink_per_cup per hit cup,
    booked only once all throws of the round are done."""
    m = new_game(DOUBLES, drink_per_cup=2)
    first = play(m, "Ann: hit 1")
    assert not [r for r in first if r.what == What.SIPS]
    rs = play(m, "Ben: miss", "Owls remove 1")
    sips = [r for r in rs if r.what == What.SIPS]
    assert {(r.who, r.amount, r.rule) for r in sips} == {("Cem", 2, "bierpong.art1"), ("Dana", 2, "bierpong.art1")}
    assert "bierpong.art2" in sips[0].arithmetic


def test_forgetting_to_drink_lets_the_other_team_set_a_penalty() -> None:
    """bierpong.art2: a forgotten drink – the other team may set a penalty for the whole team."""
    m = new_game()
    (r,) = play(m, "forgot Cem")
    assert r.rule == "bierpong.art2" and r.who == "Owls" and "Foxes may set a penalty" in r.arithmetic


def test_extra_cups_are_chosen_by_the_owners_among_the_adjacent_first() -> None:
    """bierpong.art3: a bounce on cup 1 takes one more – a neighbour (2 or 3), picked by the owners."""
    m = new_game()
    play(m, "Ann: bounce 1", "Ann: miss")
    legal = {str(a) for a in m.state.legal_actions()}
    assert {"Owls remove 1 2", "Owls remove 1 3"} <= legal and "Owls remove 1 5" not in legal
    with pytest.raises(IllegalAction, match="adjacent ones first"):
        play(m, "Owls remove 1 5")
    rs = play(m, "Owls remove 1 3")
    assert [(r.who, r.amount, r.rule) for r in rs if r.what == What.CUPS] == [("Owls", 2, "bierpong.art14")]
    assert cups(m, 1) == (2, 4, 5, 6, 7, 8, 9, 10)


def test_auto_remove_cups_takes_the_adjacent_ones_itself() -> None:
    """bierpong.art3 with auto_remove_cups: the program removes the hit cup and the lowest neighbour."""
    m = new_game(auto_remove_cups=True)
    rs = play(m, "Ann: bounce 1", "Ann: miss")
    (r,) = [r for r in rs if r.what == What.CUPS]
    assert r.amount == 2 and r.arithmetic.endswith("(removed: 1 2)")
    assert m.state.current_player() == 1  # Owls throw next


def test_both_balls_at_once_forbidden_in_singles_allowed_in_teams() -> None:
    """bierpong.art4: a singles player may not throw both balls at once; a team may (one player or two)."""
    m = new_game(SINGLES)
    with pytest.raises(IllegalAction, match="bierpong.art4"):
        play(m, "Ann: hit 1 & Ann: miss")
    d = new_game(DOUBLES, auto_remove_cups=True)
    rs = play(d, "Ann: hit 1 & Ben: hit 5")
    assert of(rs, "bierpong.art4") and of(rs, "bierpong.art13")  # both in: balls back


def test_requests_to_straighten_and_to_take_a_ball_out() -> None:
    """bierpong.art5, bierpong.art6: requests to the other team, ruled as notes."""
    m = new_game()
    (a,) = play(m, "Ann: straighten")
    (b,) = play(m, "Ann: ball out")
    assert (a.rule, a.who, a.what) == ("bierpong.art5", "Owls", What.NOTE) and "straighten" in a.arithmetic
    assert (b.rule, b.who) == ("bierpong.art6", "Owls")


def test_throwing_while_the_others_drink_is_a_foul_noted() -> None:
    """bierpong.art7: no throwing while the other team still drinks – the rulebook sets no sanction,
    so the referee notes the foul and the throw stands (Decision: fouls without a sanction)."""
    m = new_game()
    (r,) = play(m, "early Ann")
    assert r.rule == "bierpong.art7" and "foul, noted" in r.arithmetic and "throw stands" in r.arithmetic


# --- start and end ---------------------------------------------------------------------------


def test_throw_off_both_hit_the_same_two_throw_again() -> None:
    """bierpong.art8: both hit – the same two again; the first to hit picks who begins."""
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Ann", "Ben")), PlayerSpec("Owls", drivers=("Cem",))])
    rs = play(m, "throw-off Ann hit 2, Cem hit 3")
    assert "both hit" in of(rs, "bierpong.art8")[0].arithmetic
    with pytest.raises(IllegalAction, match="throw again"):
        play(m, "throw-off Ben hit 2, Cem miss")
    rs = play(m, "throw-off Ann miss, Cem bounce 4")
    assert "Owls choose who begins, Foxes choose the table side" in rs[0].arithmetic
    assert m.state.current_player() == 1
    play(m, "Foxes begin")
    assert m.state.throwers() == ("Ann", "Ben") and cups(m, 1) == tuple(range(1, 11))


def test_game_ends_when_a_side_has_no_cups_left() -> None:
    """bierpong.art9: the last cup gone (and the Konter failed) ends the game."""
    m = new_game(cups=3, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ann: hit 2", "Ann: hit 3", "Ann: miss")
    rs = play(m, "Cem: miss", "Cem: miss")
    assert m.state.is_terminal() and m.state.returns() == (1.0, -1.0)
    assert [r.who for r in rs if r.what == What.LOSS] == ["Owls"]


def test_timer_tie_goes_to_sudden_death_without_a_konter() -> None:
    """bierpong.art9: time up on a tie – the next team to hit wins, no Konter."""
    m = new_game(timer=10)
    (r,) = play(m, "time")
    assert "sudden death" in r.arithmetic
    rs = play(m, "Ann: miss", "Ann: hit 7")
    assert m.state.is_terminal() and m.state.winner == 0 and not of(rs, "bierpong.art10")


def test_timer_not_tied_the_team_with_more_cups_wins() -> None:
    """bierpong.art9 (Decision): time up, not tied – more cups left wins."""
    m = new_game(timer=10, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ann: miss")
    rs = play(m, "time")
    assert m.state.winner == 0 and "10 cups to 9 – Foxes have more cups left" in rs[0].arithmetic
    with pytest.raises(IllegalAction, match="no timer"):
        play(new_game(), "time")


def test_konter_made_puts_the_cups_back_and_the_finishers_throw_again() -> None:
    """bierpong.art10: the counter hits as many cups with as many throws – no cups removed, the
    finishers throw again; drinking waits while the counter runs. Balls back is part of the finishing
    round (the Decision "Balls back in the finishing round"): 3 hits in 4 throws, all 3 cups back."""
    m = new_game(cups=3, auto_remove_cups=True)
    rs = play(m, "Ann: hit 1", "Ann: hit 2", "Ann: hit 3")  # balls back, then the last cup
    assert of(rs, "bierpong.art13") and not of(rs, "bierpong.art10")
    rs = play(m, "Ann: miss")
    assert "3 hits in 4 throws" in of(rs, "bierpong.art10")[0].arithmetic
    assert m.state.current_player() == 1 and not [r for r in rs if r.what == What.SIPS]
    rs = play(m, "Cem: miss", "Cem: hit 2", "Cem: hit 2", "Cem: hit 1")
    assert "Konter made: 3 hits in 4 throws" in of(rs, "bierpong.art10")[0].arithmetic
    assert cups(m, 1) == (1, 2, 3) and cups(m, 0) == (1, 2, 3) and m.state.current_player() == 0


def test_konter_must_repeat_the_special_shot() -> None:
    """bierpong.art10: finished with a bounce – a plain hit does not make the counter."""
    m = new_game(cups=3, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ann: miss", "Cem: miss", "Cem: miss")
    rs = play(m, "Ann: miss", "Ann: bounce 2")
    assert "same special shot (bounce)" in of(rs, "bierpong.art10")[0].arithmetic
    rs = play(m, "Cem: hit 1", "Cem: miss")
    assert "without the bounce shot" in of(rs, "bierpong.art10")[-1].arithmetic
    assert m.state.winner == 0
    sips = [r for r in rs if r.what == What.SIPS]
    assert [(r.who, r.amount) for r in sips] == [("Cem", 1)]  # booked once the counter failed (bierpong.art2)


# --- throwing --------------------------------------------------------------------------------


def test_two_different_players_throw_and_three_rotate_the_pair() -> None:
    """bierpong.art11: two standard throws per round by two different players; with three players a
    different pair each round."""
    m = new_game((("Ann", "Ben", "Eve"), ("Cem",)), auto_remove_cups=True)
    play(m, "Ann: miss")
    with pytest.raises(IllegalAction, match="bierpong.art11"):
        play(m, "Ann: miss")
    play(m, "Ben: miss", "Cem: miss", "Cem: miss")
    play(m, "Ann: miss")
    assert m.state.throwers() == ("Eve",)  # Ann + Ben was last round's pair


def test_elbow_and_blowing_are_called_by_the_table() -> None:
    """bierpong.art12, bierpong.art17: elbow over the edge, blowing a ball out – table calls with a ruling."""
    m = new_game()
    (e,) = play(m, "elbow Ann")
    (b,) = play(m, "blow Cem")
    assert e.rule == "bierpong.art12" and "elbow" in e.arithmetic
    assert b.rule == "bierpong.art17" and "foul, noted" in b.arithmetic



def test_art11_art13_the_state_counts_its_rounds() -> None:
    """bierpong.art11, bierpong.art13: the round is a fact of the state – 0 in the throw-off, 1 from
    `Begin`, one more each time the other team throws; balls back goes on in the same round (its
    throws add up for a Konter, the Decision "Balls back in the finishing round")."""
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Ann",)), PlayerSpec("Owls", drivers=("Cem",))])
    assert m.state.round == 0
    play(m, "throw-off Ann hit 1, Cem miss")
    assert m.state.round == 0
    play(m, "Foxes begin")
    assert m.state.round == 1
    play(m, "Ann: miss")
    assert m.state.round == 1
    play(m, "Ann: miss")
    assert (m.state.round, m.state.team) == (2, 1)
    play(m, "Cem: hit 1", "Cem: hit 2", "Foxes remove 1", "Foxes remove 2")
    assert (m.state.round, m.state.team) == (2, 1)  # balls back: the Owls again, in the same round
    play(m, "Cem: miss", "Cem: miss")
    assert (m.state.round, m.state.team) == (3, 0)


def test_balls_back_when_both_throws_hit() -> None:
    """bierpong.art13: both throws hit – both cups go, the team throws again."""
    m = new_game(auto_remove_cups=True)
    rs = play(m, "Ann: hit 1", "Ann: hit 10", "end of round")  # "Heating up" could follow the last hit
    assert of(rs, "bierpong.art13") and m.state.current_player() == 0 and m.state.throwers() == ("Ann",)
    assert 1 not in cups(m, 1) and 10 not in cups(m, 1)


def test_bounce_hit_removes_two_cups_and_may_be_swatted() -> None:
    """bierpong.art14: a bounce counts twice; a defender may swat a bounced ball away."""
    assert R.removal(5, bounces=1).count == 2
    m = new_game(auto_remove_cups=True)
    rs = play(m, "Cem swats Ann")
    assert of(rs, "bierpong.art14") and "no hit" in rs[0].arithmetic
    rs = play(m, "Ann: bounce 5")
    assert [(r.amount, r.rule) for r in rs if r.what == What.CUPS] == [(2, "bierpong.art14")]
    assert m.state.current_player() == 1 and len(cups(m, 1)) == 8


def test_cup_contact_is_bounce_option() -> None:
    """bierpong.art14 (Decision cup_contact_is_bounce): a touch of another cup before the hit makes
    a bounce only with the option – the classifier decides, the referee rules on what it says."""
    from game.bierpong.classify import classify
    from physics.events import CupContact, Event, Sink

    events: list[Event] = [CupContact(0.6, 4, "rim"), Sink(0.7, 5)]  # grazed cup 4, dropped into 5: one cup touched, no roller
    for flag, left in ((False, 9), (True, 8)):
        m = new_game(auto_remove_cups=True, cup_contact_is_bounce=flag)
        play(m, "Ann: miss", "Ann: miss", "Cem: miss", "Cem: miss")
        outcome = classify(events, cup_contact_is_bounce=flag)
        m.apply(Throw("Ann", outcome))
        play(m, "Ann: miss")
        assert len(cups(m, 1)) == left


def test_roller_counts_as_a_bounce() -> None:
    """bierpong.art15: a ball over two cups into the second is a roller – an Aufsetzer, +1 cup."""
    m = new_game(auto_remove_cups=True)
    rs = play(m, "Ann: roller 2>5", "Ann: miss")
    assert of(rs, "bierpong.art15") and [r.amount for r in rs if r.what == What.CUPS] == [2]


def test_knocking_over_own_cups_removes_one_but_never_the_last() -> None:
    """bierpong.art16: knocking over own cups removes one; the last cup never."""
    m = new_game(cups=3, auto_remove_cups=True)
    (r,) = play(m, "Cem knocks over 3")
    assert (r.who, r.what, r.amount, r.rule) == ("Owls", What.CUPS, 1, "bierpong.art16")
    play(m, "Cem knocks over 2")
    (last,) = play(m, "Cem knocks over 1")
    assert last.what == What.NOTE and "never removed" in last.arithmetic and cups(m, 1) == (1,)


def test_dead_cup_hit_again_wins_at_once() -> None:
    """bierpong.art18: a hit cup left standing is a Dead Cup; hitting it again wins at once."""
    m = new_game()
    play(m, "Ann: hit 5", "Ann: miss")
    rs = play(m, "Owls leave 5")
    assert of(rs, "bierpong.art18") and m.state.sides[1].dead == frozenset({5})
    play(m, "Cem: miss", "Cem: miss")
    rs = play(m, "Ann: hit 5")
    assert m.state.is_terminal() and m.state.winner == 0 and "Dead Cup" in of(rs, "bierpong.art18")[0].arithmetic


def test_owners_remove_a_dead_cup_only_in_their_own_round() -> None:
    """bierpong.art18: the owners may remove a Dead Cup they notice – not in the other team's round."""
    m = new_game()
    play(m, "Ann: hit 5", "Ann: miss", "Owls leave 5")
    play(m, "Cem: miss", "Cem: miss")
    with pytest.raises(IllegalAction, match="bierpong.art18"):
        play(m, "Owls remove 5")
    play(m, "Ann: miss", "Ann: miss")
    rs = play(m, "Owls remove 5")
    assert [(r.amount, r.rule) for r in rs] == [(1, "bierpong.art18")] and 5 not in cups(m, 1)


def test_trickshot_after_the_regular_throws_removal_order() -> None:
    """bierpong.art19: a ball back on the thrower's half is fetched; the regular cups go first, then
    the trickshot's cup at once; a trickshot caught behind the edge is no air ball."""
    m = new_game(auto_remove_cups=True)
    rs = play(m, "Ann: back", "Ann fetches", "Ann: hit 4")
    removed = [r.arithmetic for r in rs if r.what == What.CUPS]
    assert removed == ["hit: cup 4 = 1 cup (removed: 4)"]
    rs = play(m, "Ann: hit 1")
    assert "trickshot" in rs[0].arithmetic and of(rs, "bierpong.art19")
    m2 = new_game(auto_remove_cups=True)
    play(m2, "Ann: back", "Ann fetches", "Ann: miss", "Ann: air")
    with pytest.raises(IllegalAction, match="bierpong.art19"):
        play(m2, "Cem catches Ann")


def test_bombe_removes_the_cup_and_two_more_then_balls_back() -> None:
    """bierpong.art20: both throws in the same cup – that cup + 2, then balls back."""
    m = new_game()
    play(m, "Ann: hit 1", "Ann: hit 1", "end of round")
    assert m.state.queue[0].arithmetic == "Bombe: cup 1 + 2 = 3 cups"
    rs = play(m, "Owls remove 1 2 3")
    assert [r.rule for r in rs] == ["bierpong.art20", "bierpong.art13"] and m.state.current_player() == 0


def test_on_fire_throws_until_a_miss_without_bonus_cups() -> None:
    """bierpong.art21: Heating up after two hits, On fire at the third; then he throws until a miss,
    a bounce counting as one cup (Decision)."""
    m = new_game(auto_remove_cups=True)
    play(m, "Ann: hit 1")
    with pytest.raises(IllegalAction, match="bierpong.art21"):
        play(m, "Ann: heating up")
    rs = play(m, "Ann: hit 2", "Ann: heating up")  # balls back, the call before the next round
    assert rs[-1].words == ("Heating up!",)
    rs = play(m, "Ann: hit 3", "Ann: on fire")
    assert rs[-1].what == What.CALL and rs[-1].words == ("On fire!",)
    rs = play(m, "Ann: bounce 5")
    assert rs[0].arithmetic.startswith("on fire: bounce counts as one hit – cup 5 = 1 cup") and rs[0].rule == "bierpong.art21"
    rs = play(m, "Ann: miss")
    assert "no longer on fire" in rs[0].arithmetic and m.state.throwers() == ("Ann",)


def test_on_fire_specials_bonus_keeps_the_bounce_cup() -> None:
    """bierpong.art21 with on_fire_specials_bonus: an on-fire bounce removes two."""
    r = R.removal(5, bounces=1, on_fire=True, fire_bonus=True)
    assert r.count == 2 and R.removal(5, bounces=1, on_fire=True).count == 1


def test_island_once_per_game_and_other_cups_do_not_count() -> None:
    """bierpong.art22: a cup without neighbours may be called; hitting it removes it and one more;
    hitting another cup does not count; once per player and game."""
    rack = Rack.of("triangle10").without({2, 3, 5})
    assert rack.islands() == (1,)
    m = new_game(cups=3, formation="line")  # 1-2-3 in a row: no island yet
    with pytest.raises(IllegalAction, match="not an island"):
        play(m, "Ann: island 1")
    m = new_game(auto_remove_cups=True)
    play(m, "Ann: hit 2", "Ann: miss", "Cem: miss", "Cem: miss", "Ann: hit 3", "Ann: miss", "Cem: miss", "Cem: miss")
    rs = play(m, "Ann: island 1", "Ann: hit 7")
    assert "does not count" in of(rs, "bierpong.art22")[-1].arithmetic and 7 in cups(m, 1)
    with pytest.raises(IllegalAction, match="once per game"):
        play(m, "Ann: island 1")
    m = new_game(auto_remove_cups=True)
    play(m, "Ann: hit 2", "Ann: miss", "Cem: miss", "Cem: miss", "Ann: hit 3", "Ann: miss", "Cem: miss", "Cem: miss")
    rs = play(m, "Ann: island 1", "Ann: hit 1", "Ann: miss")
    assert [r.arithmetic for r in rs if r.what == What.CUPS] == ["Island: cup 1 + 1 = 2 cups (removed: 1 4)"]


def test_air_ball_caught_gives_the_catcher_a_double_throw() -> None:
    """bierpong.art23: an air ball caught behind the edge – the catcher throws one ball twice next round."""
    m = new_game((("Ann", "Ben"), ("Cem", "Dana")), auto_remove_cups=True)
    play(m, "Ann: air")
    rs = play(m, "Cem catches Ann")
    assert of(rs, "bierpong.art23")
    play(m, "Ben: miss", "Cem: miss", "Dana: miss")
    assert m.state.throwers() == ("Cem",)
    play(m, "Cem: hit 1")
    assert m.state.current_player() == 0


def test_combinations_add_up() -> None:
    """bierpong.combo: Bombe + bounce = cup + 2 + 1 per bouncing ball; Island + bounce; Bombe + Island."""
    assert R.removal(5, bombe=True, bounces=1).arithmetic == "Bombe + bounce: cup 5 + 2 + 1 = 4 cups"
    assert R.removal(5, bombe=True, bounces=2).count == 5
    assert R.removal(5, island=True, bounces=1).arithmetic == "Island + bounce: cup 5 + 1 + 1 = 3 cups"
    assert R.removal(5, bombe=True, island=True).rule == "bierpong.combo"
    m = new_game()
    play(m, "Ann: bounce 1", "Ann: hit 1", "end of round")
    assert m.state.queue[0].arithmetic == "Bombe + bounce: cup 1 + 2 + 1 = 4 cups"
    with pytest.raises(IllegalAction, match="adjacent ones first"):
        play(m, "Owls remove 1 2 4 5")  # cup 3 touches cup 1: it goes before any other
    rs = play(m, "Owls remove 1 2 3 5")
    assert rs[0].rule == "bierpong.combo" and rs[0].amount == 4


def test_too_few_cups_left_remove_what_is_there() -> None:
    """bierpong.art3, bierpong.art9 (Decision): a bonus bigger than the rack removes what stands."""
    m = new_game(cups=3, auto_remove_cups=True)
    rs = play(m, "Ann: hit 1", "Ann: bounce 1", "end of round")
    assert "only 3 left to remove" in rs[0].arithmetic and of(rs, "bierpong.art10")


# --- the match log, random games, records -----------------------------------------------------


def test_neighbours_within_1_15_rim_diameters() -> None:
    """bierpong.art3, bierpong.art22: neighbours touch (centre distance ≤ 1.15 rim diameters)."""
    rack = Rack.of("triangle10")
    assert rack.neighbours(1) == (2, 3) and set(rack.neighbours(5)) == {2, 3, 4, 6, 8, 9}
    assert Rack.of("diamond").neighbours(1) == (2, 3) and Rack.of("diamond").is_island(4) is False


def random_game(seed: int) -> Match:
    rng = random.Random(seed)
    teams = tuple(tuple(f"{t}{i}" for i in range(rng.randint(1, 4))) for t in "AB")
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=teams[0]), PlayerSpec("Owls", drivers=teams[1])],
              R.SPEC.make(auto_remove_cups=rng.random() < 0.5, rerack_at="6,3"))
    for _ in range(3000):
        if m.state.is_terminal():
            break
        m.apply(rng.choice(m.state.legal_actions()))
    return m


@pytest.mark.parametrize("seed", range(12))
def test_random_game_ends_and_replays_every_ruling(seed: int) -> None:
    """bierpong.art9: a game of random legal actions ends; `Match.replay` reproduces every ruling
    (bierpong.art1 drinks, bierpong.art3 removals)."""
    m = random_game(seed)
    assert m.state.is_terminal() and sorted(m.state.returns()) == [-1.0, 1.0]
    again = Match.replay(m.log)
    assert again.log.rulings() == m.log.rulings() and again.state == m.state


def test_catalog_has_every_bierpong_id() -> None:
    """Every id of the digest has a RuleText (bierpong.art1 … bierpong.art23, bierpong.combo, bierpong.scoring)."""
    ids = {r.id for r in rules_for("bierpong")}
    assert {f"bierpong.art{i}" for i in range(1, 24)} | {"bierpong.combo", "bierpong.scoring"} == ids


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_worked_example_record_through_the_referee() -> None:
    """The docs' worked example (bierpong.art14 bounce, bierpong.art20 Bombe, bierpong.art13 balls
    back, bierpong.art22 Island, bierpong.art10 Konter failed without the special shot)."""
    p = run("referee", str(RECORDS / "bierpong_worked_example.yaml"), "--json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    rules = [r["rule"] for r in data["rulings"]]
    for rid in ("bierpong.art14", "bierpong.art20", "bierpong.art13", "bierpong.art22", "bierpong.art10", "bierpong.art9"):
        assert rid in rules
    s = data["standing"]
    assert s["winner"] == "Foxes" and s["teams"]["Owls"]["cups"] == [] and s["sips"] == {"Ann": 1, "Ben": 1, "Cem": 4, "Dana": 4}  # the Bombe's cup drunk once (bierpong.art1)
    text = run("referee", str(RECORDS / "bierpong_worked_example.yaml")).stdout
    assert "Bombe: cup 3 + 2 = 3 cups" in text and "Foxes win" in text


@pytest.mark.parametrize("name", sorted(p.name for p in RECORDS.glob("bierpong_*.yaml")))
def test_shipped_bierpong_records_rule(name: str) -> None:
    """Every shipped Bierpong record runs through the referee."""
    p = run("referee", str(RECORDS / name))
    assert p.returncode == 0, p.stderr


def test_bad_action_in_a_record_names_file_line_column(tmp_path: Path) -> None:
    """A refused action (bierpong.art4 in singles) is `file:line:column: message`, exit 2."""
    f = tmp_path / "bad.yaml"
    f.write_text("game: bierpong\nteams:\n  Foxes: [Ann]\n  Owls: [Cem]\nplay:\n  - throw-off Ann hit 1, Cem miss\n"
                 "  - Foxes begin\n  - \"Ann: hit 1 & Ann: miss\"\n", encoding="utf-8")
    p = run("referee", str(f))
    assert p.returncode == 2 and f"{f}:8:5:" in p.stderr and "bierpong.art4" in p.stderr and "Traceback" not in p.stderr
    f.write_text("game: bierpong\nteams:\n  Foxes: [Ann]\n  Owls: [Cem]\nplay:\n  - Ann: splash 3\n", encoding="utf-8")
    p = run("referee", str(f))
    assert p.returncode == 2 and f"{f}:6:10:" in p.stderr and "not an outcome" in p.stderr


def test_dead_cup_and_fire_record_through_the_referee() -> None:
    """A singles record: trickshot (bierpong.art19), air ball caught (bierpong.art23), a late
    "Heating up" and on fire (bierpong.art21), a swat (bierpong.art14), a Dead Cup that wins (bierpong.art18)."""
    p = run("referee", str(RECORDS / "bierpong_dead_cup_fire.yaml"), "--json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    texts = [r["arithmetic"] for r in data["rulings"]]
    assert "trickshot, goes at once – hit: cup 1 = 1 cup (removed: 1)" in texts
    assert "on fire: bounce counts as one hit – cup 7 = 1 cup (removed: 7)" in texts
    assert "Ann hit the Dead Cup 10: Foxes win at once" in texts
    # the Dead Cup was drunk when first hit; the winning ball in it is not drunk again (bierpong.art1, Decision "Drinks")
    assert data["standing"]["sips"] == {"Ann": 0, "Cem": 6} and data["standing"]["teams"]["Owls"]["dead"] == [10]


def test_konter_with_a_bombe_needs_a_bombe_and_counters_are_unlimited() -> None:
    """bierpong.art10: finished with a Bombe – the counter needs two balls in one cup; a made
    counter lets the finishers throw again, and they may be countered again."""
    m = new_game(cups=3, auto_remove_cups=True)
    rs = play(m, "Ann: hit 1", "Ann: hit 1", "end of round")
    assert "same special shot (bombe)" in of(rs, "bierpong.art10")[0].arithmetic
    rs = play(m, "Cem: hit 2", "Cem: hit 2")
    assert "Konter made" in of(rs, "bierpong.art10")[0].arithmetic and cups(m, 1) == (1, 2, 3)
    rs = play(m, "Ann: hit 2", "Ann: hit 2", "end of round")
    assert "may counter" in of(rs, "bierpong.art10")[0].arithmetic
    rs = play(m, "Cem: hit 1", "Cem: hit 3")
    assert "without the bombe shot" in of(rs, "bierpong.art10")[-1].arithmetic and m.state.winner == 0


def test_rerack_at_house_rule_restands_the_cups() -> None:
    """rerack_at (house rule beside bierpong.art5): down to 6 cups at the end of a turn, the side is re-racked."""
    m = new_game(auto_remove_cups=True, rerack_at="6")
    rs = play(m, "Ann: bounce 1", "Ann: bounce 10", "Ann: miss", "Ann: miss")
    note = [r for r in rs if "re-rack" in r.arithmetic]
    assert note and note[0].rule == "bierpong.art5" and cups(m, 1) == (1, 2, 3, 4, 5, 6)
    assert m.state.sides[1].rack.neighbours(1) == (2, 3)


def test_a_physics_throw_classified_is_ruled() -> None:
    """bierpong.art1, bierpong.art14: a throw simulated on the Owls' rack, classified, is the Throw's
    outcome – straight into cup 5 is a plain hit, one cup."""
    from game.bierpong.classify import classify
    from physics.aim import speed_for
    from physics.world import simulate

    m = new_game(auto_remove_cups=True)
    rack = m.state.sides[1].rack
    c = rack.cup(5)
    out = classify(simulate(rack.cups, speed_for((0.0, 0.0, 0.45), (c.x, c.y), 45.0)).events)
    rs = [*m.apply(Throw("Ann", out)).rulings, *play(m, "Ann: miss")]
    assert str(out) == "hit 5" and [(r.amount, r.arithmetic) for r in rs if r.what == What.CUPS] == [(1, "hit: cup 5 = 1 cup (removed: 5)")]


def test_rules_cli_lists_every_bierpong_id_and_option() -> None:
    """`main.py rules bierpong --options`: every id (bierpong.art1 … bierpong.scoring) and the options."""
    p = run("rules", "bierpong", "--options")
    assert p.returncode == 0, p.stderr
    assert all(r.id in p.stdout for r in rules_for("bierpong"))
    assert all(o.name in p.stdout for o in R.SPEC.options)


def test_a_roller_reads_back_from_its_notation_whatever_order_the_cups_were_touched() -> None:
    """bierpong.art15: a roller that touched its own cup first is logged with that cup last, and
    reads back as the same outcome (a saved match replays it)."""
    from game.bierpong.outcome import parse_outcome

    o = Outcome(cup=2, touched=(2, 4))
    assert o.roller and str(o) == "roller 4>2" and parse_outcome(str(o)) == o
