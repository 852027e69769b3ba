"""Issue 13, Bierpong: the end of the game, the Konter, Dead Cups and the timer – the new Decisions of
`../shared/rules/bierpong.md` (The end; A Dead Cup hit during a Konter; The Konter's special shot;
Which cups may be left standing; Timer runs out with a hit cup not yet removed), driven through the
match log's public notation.

Cups of the 10-cup triangle: 1 at the front tip, then 2 3, 4 5 6, 7 8 9 10; of the 3-cup triangle:
1 in front, 2 3 behind (all touching: a lone last cup is an Island).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from game.bierpong.actions import Leave, Remove
from game.bierpong.state import KONTER, REMOVE, BierpongState
from game.errors import IllegalAction
from game.match import Match, PlayerSpec
from game.rules import bierpong as R
from game.rules.ruling import What
from tests.bierpong_helpers import cups, new_game, of, play

if TYPE_CHECKING:
    from game.ui.common.app import App

def state(m: Match) -> BierpongState:
    st: BierpongState = m.state
    return st


def legal(m: Match) -> set[str]:
    return {str(a) for a in state(m).legal_actions()}


def down_to_one_each(**options: Any) -> Match:
    """Three cups a side, played down to cup 3 a side; Cem has spent his one Island (bierpong.art22)."""
    m = new_game(cups=3, auto_remove_cups=True, **options)
    play(m, "Ann: hit 1", "Ann: miss",  # Owls 2 3
         "Cem: hit 1", "Cem: miss",  # Foxes 2 3
         "Ann: miss", "Ann: miss",
         "Cem: hit 2", "Cem: miss",  # Foxes 3
         "Ann: hit 2", "Ann: miss")  # Owls 3
    return m


# --- 17: the end (bierpong.art9, bierpong.art10) ----------------------------------------------------


def test_bierpong_art9_owners_removing_their_last_dead_cup_lose_at_once() -> None:
    """bierpong.art9, bierpong.art18 – Decision "The end (art9, art10)": owners who remove their own last
    cup, a Dead Cup, lose at once without a Konter; they never play on with no cups (and no Konter asks
    for "0 hits in 1 throw")."""
    m = new_game(cups=3)
    play(m, "Ann: hit 1", "Ann: miss", "Owls leave 1",  # a Dead Cup, cups 2 and 3 stand
         "Cem: miss", "Cem: miss",
         "Ann: hit 2", "Ann: miss", "Owls remove 2",
         "Cem: miss", "Cem: miss",
         "Ann: hit 3", "Ann: miss", "Owls remove 3",  # only the Dead Cup 1 stands
         "Cem: miss")
    assert cups(m, 1) == (1,) and state(m).sides[1].dead == frozenset({1})
    assert "Owls remove 1" in legal(m)  # the state offers the owners their Dead Cup in their round
    rs = play(m, "Owls remove 1")
    assert state(m).is_terminal() and state(m).winner == 0 and state(m).returns() == (1.0, -1.0)
    assert [(r.who, r.what) for r in rs if r.what == What.LOSS] == [("Owls", What.LOSS)]
    assert "lose at once, no Konter" in of(rs, "bierpong.art9")[0].arithmetic
    assert not of(rs, "bierpong.art10") and state(m).konter is None


def test_bierpong_art10_a_hit_on_the_last_cup_opens_the_konter_it_cannot_be_left_standing() -> None:
    """bierpong.art10, bierpong.art18 – Decision "The end (art9, art10)": a hit on the last cup opens the
    Konter – the owners cannot leave it standing as a Dead Cup and play on; the Konter asks for the
    finishing round's hits and throws (1 in 2), never for zero."""
    m = new_game(cups=3)
    play(m, "Ann: hit 1", "Ann: miss", "Owls remove 1", "Cem: miss", "Cem: miss",
         "Ann: hit 2", "Ann: miss", "Owls remove 2", "Cem: miss", "Cem: miss",
         "Ann: hit 3", "Ann: miss")
    assert state(m).phase == REMOVE and "Owls leave 3" not in legal(m) and "Owls remove 3" in legal(m)
    with pytest.raises(IllegalAction, match="last cup standing"):
        play(m, "Owls leave 3")
    rs = play(m, "Owls remove 3")
    assert state(m).phase == KONTER and "1 hit in 2 throws" in of(rs, "bierpong.art10")[0].arithmetic


# --- 18: a Dead Cup hit during a Konter (bierpong.art18) -------------------------------------------


def test_bierpong_art18_a_dead_cup_hit_during_the_konter_wins_for_the_counter() -> None:
    """bierpong.art18, bierpong.art10 – Decision "A Dead Cup hit during a Konter": it wins for the team
    that hit it, as at any other time – not an ordinary counter hit."""
    m = new_game(cups=3)
    play(m, "Ann: hit 1", "Ann: miss", "Owls remove 1",
         "Cem: hit 2", "Cem: miss", "Foxes leave 2",  # the Foxes' Dead Cup 2
         "Ann: hit 2", "Ann: hit 3", "end of round", "Owls remove 2")
    rs = play(m, "Owls remove 3")  # balls back took the Owls' last cups: Konter, 2 hits in 2 throws
    assert state(m).phase == KONTER and "2 hits in 2 throws" in of(rs, "bierpong.art10")[0].arithmetic
    rs = play(m, "Cem: hit 2")
    assert state(m).is_terminal() and state(m).winner == 1
    assert "Cem hit the Dead Cup 2 during the Konter: Owls win at once" in of(rs, "bierpong.art18")[0].arithmetic
    assert [r.who for r in rs if r.what == What.LOSS] == ["Foxes"]


# --- 19: the Konter's special shot (bierpong.art10, bierpong.art22, bierpong.combo) -----------------------


def test_bierpong_art10_konter_repeats_an_island_with_its_call() -> None:
    """bierpong.art10, bierpong.art22 – Decision "The Konter's special shot": finished with an Island,
    the counter must call Island (a call is allowed during the Konter) and hit the called cup."""
    m = new_game(cups=3, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ann: miss", "Cem: hit 1", "Cem: miss",
         "Ann: hit 2", "Ann: miss", "Cem: hit 2", "Cem: miss")  # one cup 3 a side
    rs = play(m, "Ann: island 3", "Ann: hit 3", "Ann: miss")
    assert "same special shot (island)" in of(rs, "bierpong.art10")[0].arithmetic
    assert "Cem: island 3" in legal(m)
    rs = play(m, "Cem: island 3")
    assert rs[0].words == ("Island 3!",) and rs[0].rule == "bierpong.art22"
    rs = play(m, "Cem: hit 3")
    assert "Konter made" in of(rs, "bierpong.art10")[0].arithmetic and cups(m, 1) == (3,) and not state(m).is_terminal()


def test_bierpong_art10_konter_island_without_the_call_or_with_it_used_up_fails() -> None:
    """bierpong.art10, bierpong.art22 – Decision "The Konter's special shot": a player whose one Island is
    used up cannot call it again, and a hit on the island cup without the call is no Island."""
    m = down_to_one_each()
    play(m, "Cem: island 3", "Cem: miss", "Cem: miss")  # Cem spends his Island
    play(m, "Ann: island 3", "Ann: hit 3", "Ann: miss")
    assert state(m).phase == KONTER and not [a for a in legal(m) if "island" in a]
    with pytest.raises(IllegalAction, match="once per game"):
        play(m, "Cem: island 3")
    rs = play(m, "Cem: hit 3", "Cem: miss")
    assert "without the island shot" in of(rs, "bierpong.art10")[-1].arithmetic
    assert state(m).is_terminal() and state(m).winner == 0


def test_bierpong_combo_konter_repeats_bombe_and_island_in_full() -> None:
    """bierpong.art10, bierpong.combo – Decision "The Konter's special shot": after Bombe + Island the
    counter needs the whole combination – a Bombe alone does not make it."""
    m = down_to_one_each()
    play(m, "Cem: miss", "Cem: miss")
    rs = play(m, "Ann: island 3", "Ann: hit 3", "Ann: hit 3", "end of round")
    assert "same special shot (bombe + island)" in of(rs, "bierpong.art10")[0].arithmetic
    rs = play(m, "Cem: hit 3", "Cem: hit 3")  # a Bombe, but Cem has no Island left to call
    assert "without the bombe + island shot" in of(rs, "bierpong.art10")[-1].arithmetic and state(m).winner == 0


def test_bierpong_combo_konter_bombe_and_island_made_in_full() -> None:
    """bierpong.art10, bierpong.combo – Decision "The Konter's special shot": Island called and both balls
    into the called cup repeats Bombe + Island: the Konter is made."""
    m = new_game((("Ann",), ("Cem", "Dana")), cups=3, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ann: miss", "Cem: hit 1", "Dana: miss", "Ann: miss", "Ann: miss",
         "Cem: hit 2", "Dana: miss", "Ann: hit 2", "Ann: miss", "Cem: miss", "Dana: miss")
    play(m, "Ann: island 3", "Ann: hit 3", "Ann: hit 3", "end of round")
    rs = play(m, "Dana: island 3", "Dana: hit 3", "Cem: hit 3")
    assert "Konter made: 2 hits in 2 throws" in of(rs, "bierpong.art10")[-1].arithmetic and not state(m).is_terminal()


def test_bierpong_art10_konter_any_part_option() -> None:
    """bierpong.art10 with `konter_any_part` (Decision "The Konter's special shot"): one part of the
    combination is enough – a Bombe makes the counter after Bombe + Island; the ruling cites the option."""
    m = down_to_one_each(konter_any_part=True)
    play(m, "Cem: miss", "Cem: miss", "Ann: island 3", "Ann: hit 3", "Ann: hit 3", "end of round")
    rs = play(m, "Cem: hit 3", "Cem: hit 3")
    texts = [r.arithmetic for r in of(rs, "bierpong.art10")]
    assert any("konter_any_part" in t for t in texts) and "Konter made" in texts[-1] and not state(m).is_terminal()
    assert any(o.name == "konter_any_part" and o.default is False for o in R.SPEC.options)


# --- 20–22, 33: which cups may be left standing, and when they are dead (bierpong.art18) -------------------


def test_bierpong_art18_a_cup_left_standing_is_dead_only_from_the_next_round() -> None:
    """bierpong.art18, bierpong.art19 – the Decision "Who removes cups": a cup left standing is dead only
    from the next round – a trickshot of the same round into it wins nothing; the trickshot's cup goes at
    once and is no longer listed as dead."""
    m = new_game()
    play(m, "Ann: back", "Ann fetches", "Ann: hit 5", "Owls leave 5")
    rs = play(m, "Ann: hit 5")  # the trickshot, into the cup just left standing
    assert not state(m).is_terminal() and not of(rs, "bierpong.art18")
    assert state(m).phase == REMOVE and state(m).queue[0].rule == "bierpong.art19" and "Owls leave 5" not in legal(m)
    play(m, "Owls remove 5")
    assert 5 not in cups(m, 1) and state(m).sides[1].dead == frozenset()


def test_bierpong_art13_balls_back_cups_go_before_the_team_throws_again() -> None:
    """bierpong.art13 – Decision "Which cups may be left standing": the two cups of balls back go before
    the team throws again; neither may be left as a Dead Cup for the returned balls."""
    m = new_game()
    play(m, "Ann: hit 1", "Ann: hit 10", "end of round")
    assert state(m).phase == REMOVE and not [a for a in state(m).legal_actions() if isinstance(a, Leave)]
    with pytest.raises(IllegalAction, match="bierpong.art13"):
        play(m, "Owls leave 1")
    rs = play(m, "Owls remove 1", "Owls remove 10")
    assert of(rs, "bierpong.art13") and state(m).current_player() == 0 and state(m).sides[1].dead == frozenset()


def test_bierpong_art3_special_shot_and_trickshot_cups_always_go() -> None:
    """bierpong.art3, bierpong.art19 – Decision "Which cups may be left standing": only a plain hit's cup
    may stay; a bounce's cup (a special shot) and a trickshot's cup always go."""
    m = new_game()
    play(m, "Ann: bounce 5", "Ann: miss")
    assert state(m).phase == REMOVE and not [a for a in state(m).legal_actions() if isinstance(a, Leave)]
    with pytest.raises(IllegalAction, match="plain hit"):
        play(m, "Owls leave 5")
    play(m, "Owls remove 5 2", "Cem: miss", "Cem: miss")
    play(m, "Ann: back", "Ann fetches", "Ann: miss", "Ann: hit 7")  # the trickshot
    assert state(m).queue[0].rule == "bierpong.art19"
    with pytest.raises(IllegalAction, match="plain hit"):
        play(m, "Owls leave 7")
    play(m, "Owls remove 7")
    assert 7 not in cups(m, 1) and state(m).sides[1].dead == frozenset()


def test_bierpong_art18_a_dead_cup_taken_as_an_extra_cup_is_no_longer_dead() -> None:
    """bierpong.art18, bierpong.art3: a Dead Cup the owners take as a later bounce's extra cup is gone –
    no longer listed as dead, and it blocks no re-racking (house rule rerack_at)."""
    m = new_game(rerack_at="6")
    play(m, "Ann: hit 2", "Ann: miss", "Owls leave 2", "Cem: miss", "Cem: miss")
    play(m, "Ann: bounce 1", "Ann: bounce 10", "end of round", "Owls remove 1 2", "Owls remove 10 9")
    assert state(m).sides[1].dead == frozenset() and cups(m, 1) == (3, 4, 5, 6, 7, 8)
    assert state(m).summary()["Owls"]["dead"] == []
    rs = play(m, "Ann: miss", "Ann: miss")  # the balls-back round ends the turn: the Owls re-rack at 6
    assert [r for r in rs if "re-rack" in r.arithmetic] and cups(m, 1) == (1, 2, 3, 4, 5, 6)


# --- 23: the timer (bierpong.art9) ---------------------------------------------------------------------


def test_bierpong_art9_timer_counts_a_hit_cup_not_yet_removed_as_gone() -> None:
    """bierpong.art9 – Decision "Timer runs out with a hit cup not yet removed": the hit counts, the cup is
    gone for the count (9:9 is sudden death, not 10:9)."""
    m = new_game(timer=10)
    play(m, "Ann: hit 1", "Ann: miss", "Owls remove 1", "Cem: hit 1")  # Cem's ball in cup 1, not yet removed
    (r,) = play(m, "time")
    assert "Time: 9 cups to 9 – sudden death" in r.arithmetic and not state(m).is_terminal()


def test_bierpong_art9_timer_books_the_pending_hits_drink_and_a_dead_cup_is_a_cup_left() -> None:
    """bierpong.art9, bierpong.art1 – Decision "Timer runs out with a hit cup not yet removed": the pending
    hit's drink is booked, and a Dead Cup still standing counts as a cup left."""
    m = new_game(timer=10)
    rs = play(m, "Ann: hit 1", "time")
    assert "Time: 10 cups to 9 – Foxes have more cups left and win" in of(rs, "bierpong.art9")[0].arithmetic
    assert [(r.who, r.amount) for r in rs if r.what == What.SIPS] == [("Cem", 1)] and state(m).winner == 0
    m = new_game(timer=10)
    play(m, "Ann: hit 5", "Ann: miss", "Owls leave 5", "Cem: hit 1")
    rs = play(m, "time")
    assert "Time: 9 cups to 10 – Owls have more cups left and win" in of(rs, "bierpong.art9")[0].arithmetic
    assert [(r.who, r.amount) for r in rs if r.what == What.SIPS] == [("Ann", 1)] and state(m).winner == 1


# --- the UI takes what the state offers ----------------------------------------------------------------


def test_bierpong_art18_the_scene_offers_leave_only_for_a_plain_hit(app: App) -> None:
    """bierpong.art18 – Decision "Which cups may be left standing": the match scene offers "Leave" only
    where the state does (a plain hit's cup, not a bounce's), and the owners' own Dead Cup removal."""
    from game.ui.pong.bierpong_match import BierpongMatchScene

    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", drivers=("Cem", "Dana"))])
    play(m, "throw-off Anna hit 1, Cem miss", "Foxes begin", "Anna: bounce 1", "Bo: miss")
    scene = BierpongMatchScene(app, m)
    app.push(scene)
    app.step(0.0)
    assert not [b for b in scene.options() if "Leave" in b.text]
    play(m, "Owls remove 1 2", "Cem: miss", "Dana: miss", "Anna: hit 5", "Bo: miss")
    assert [b.text for b in scene.options() if "Leave" in b.text] == ["Leave 5 (Dead Cup)"]
    play(m, "Owls leave 5", "Cem: miss")
    assert any(b.text == "Remove Dead Cup 5" for b in scene.options())
    assert Remove("Owls", (5,)) in state(m).legal_actions()
