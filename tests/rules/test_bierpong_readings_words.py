"""Issue 27, Bierpong items 3, 5 and 6: "On fire" without "Heating up" (art21), the catcher outside the
next pair (art11 × art23), and the words – time's final standing (art9), one player's two balls at once
(art4), the elbow that voids a throw (art12). The Decisions of shared/rules/bierpong.md, driven through
the match log's public notation.

Cups of the 10-cup triangle: 1 at the front tip, then 2 3, 4 5 6, 7 8 9 10 (row by row).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pytest

from game.bierpong.actions import Call, Foul, parse_action
from game.bierpong.state import BierpongState
from game.errors import IllegalAction
from game.i18n import set_language, tr
from game.match import Match, PlayerSpec
from game.rules.ruling import Ruling, What
from game.session.pong import PongSession
from tests.bierpong_helpers import DOUBLES, SINGLES, cups, new_game, of, play
from tests.session.pong_helpers import REAL

if TYPE_CHECKING:
    from game.ui.common.app import App

THREE = (("Ann", "Ben"), ("Cem", "Dana", "Eve"))


def state(m: Match) -> BierpongState:
    st: BierpongState = m.state
    return st


def sips(rs: list[Ruling]) -> list[tuple[str, int]]:
    return [(r.who, r.amount) for r in rs if r.what == What.SIPS]


def streak_of_three(m: Match) -> None:
    """Ann (singles, Foxes) hits the last ball of her turn, then the two of her next: three in a row,
    nothing called – the round waits for the calls (balls back pending)."""
    play(m, "Ann: miss", "Ann: hit 1", "Cem: miss", "Cem: miss", "Ann: hit 2", "Ann: hit 3")


# --- item 3: "On fire" without an earlier "Heating up" (bierpong.art21) ----------------------------


def test_art21_on_fire_called_at_third_hit_without_heating_up() -> None:
    """bierpong.art21 (3) – Decision "On fire without an earlier Heating up": at the third hit in a row
    the player may call "On fire" although he never called "Heating up"; not at the second."""
    m = new_game(auto_remove_cups=True)
    play(m, "Ann: miss", "Ann: hit 1", "Cem: miss", "Cem: miss", "Ann: hit 2")
    assert Call("Ann", "on fire") not in state(m).legal_actions()
    with pytest.raises(IllegalAction, match="bierpong.art21"):
        play(m, "Ann: on fire")
    play(m, "Ann: hit 3")
    assert state(m).phase == "calls" and Call("Ann", "on fire") in state(m).legal_actions()
    (r,) = play(m, "Ann: on fire")
    assert (r.rule, r.what, r.words) == ("bierpong.art21", What.CALL, ("On fire!",)) and "on fire: throws until a miss" in r.arithmetic
    assert state(m).on_fire == "Ann" and state(m).throwers() == ("Ann",)


def test_art21_on_fire_at_third_hit_then_balls_back() -> None:
    """bierpong.art21 × bierpong.art13: the third hit is the round's second (balls back pending); "On fire"
    called then – the on-fire throws follow at once (art21 "sofort"), each cup going at once; after the
    miss the round's two regular cups go and balls back gives Ann her two returned balls."""
    m = new_game(auto_remove_cups=True)
    streak_of_three(m)
    play(m, "Ann: on fire")
    rs = play(m, "Ann: hit 4")
    assert [r.arithmetic for r in rs if r.what == What.CUPS] == ["on fire: cup 4 = 1 cup (removed: 4)"]
    rs = play(m, "Ann: miss")
    assert "no longer on fire" in of(rs, "bierpong.art21")[0].arithmetic
    assert [r.arithmetic for r in rs if r.what == What.CUPS] == ["hit: cup 2 = 1 cup (removed: 2)", "hit: cup 3 = 1 cup (removed: 3)"]
    assert of(rs, "bierpong.art13")
    st = state(m)
    assert st.team == 0 and st.on_fire is None and st.throwers() == ("Ann",) and st.standard == ()
    assert cups(m, 1) == (5, 6, 7, 8, 9, 10)
    play(m, "Ann: miss", "Ann: miss")  # the returned balls; the streak is gone with the miss
    assert state(m).team == 1


def test_art21_on_fire_called_in_the_next_round_of_the_streak() -> None:
    """bierpong.art21 (2), (3): three in a row and no call – the round ends ("end of round", balls back);
    at the fourth hit, in the next round, "On fire" may still be called, without "Heating up"."""
    m = new_game(auto_remove_cups=True)
    streak_of_three(m)
    rs = play(m, "end of round")
    assert of(rs, "bierpong.art13") and state(m).streak_of("Ann") == 3
    play(m, "Ann: hit 4")
    assert [a for a in state(m).legal_actions() if isinstance(a, Call) and a.word in ("heating up", "on fire")] == [
        Call("Ann", "heating up"), Call("Ann", "on fire")]  # the late "Heating up" is allowed, not needed
    (r,) = play(m, "Ann: on fire")
    assert r.words == ("On fire!",) and state(m).on_fire == "Ann"
    rs = play(m, "Ann: bounce 5")  # on fire: a bounce is one cup (the Decision)
    assert [r.arithmetic for r in rs if r.what == What.CUPS] == ["on fire: bounce counts as one hit – cup 5 = 1 cup (removed: 5)"]


def test_art21_heating_up_then_on_fire_at_the_same_late_hit() -> None:
    """bierpong.art21: a late "Heating up" at the third hit does not hold "On fire" back to a fourth."""
    m = new_game(auto_remove_cups=True)
    streak_of_three(m)
    play(m, "Ann: heating up")
    (r,) = play(m, "Ann: on fire")
    assert r.words == ("On fire!",) and state(m).on_fire == "Ann"


def test_art21_the_scene_offers_on_fire_at_the_third_hit_without_heating_up(app: App) -> None:
    """bierpong.art21: the match scene's call buttons are the state's legal calls – "On fire!" at the
    third hit although nobody called "Heating up"; its key O asks the session for it."""
    from tests.ui.test_bierpong_ui import key, open_scene

    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Ann",)), PlayerSpec("Owls", drivers=("Cem",))])
    play(m, "throw-off Ann hit 1, Cem miss", "Foxes begin", "Ann: miss", "Ann: hit 1", "Owls remove 1", "Cem: miss", "Cem: miss", "Ann: hit 2")
    scene = open_scene(app, m)
    assert not [b for b in scene.options() if "On fire" in b.text]
    play(m, "Ann: hit 3")
    scene.session.sync(force=True)
    assert [b.text for b in scene.options() if b.key in ("H", "O")] == ["Ann: Heating up!", "Ann: On fire!"]
    key(app, pygame.K_o)
    assert m.log.entries[-1].action == "Ann: on fire" and state(m).on_fire == "Ann"


# --- item 5: the catcher outside the next pair (bierpong.art11 × bierpong.art23) -------------------


def test_art23_catcher_outside_the_next_pair_throws_one_more_after_the_pair() -> None:
    """bierpong.art11 × bierpong.art23 – Decision "A caught air ball's double throw when the catcher is not
    in the next pair": Eve caught, Cem and Dana are the Owls' pair – the Owls' round has one throw more,
    Eve's, after the pair's balls; the ruling says exactly that."""
    m = new_game(THREE, auto_remove_cups=True)
    play(m, "Ann: air")
    (r,) = play(m, "Eve catches Ann")
    assert (r.rule, r.who) == ("bierpong.art23", "Eve")
    assert r.arithmetic == "Air ball caught: Owls have one throw more in their next round – Eve throws it after the two standard throws"
    play(m, "Ben: miss")
    assert state(m).team == 1 and state(m).extra == ("Eve",)
    play(m, "Cem: miss", "Dana: miss")  # the pair: Cem and Dana, without Eve
    assert state(m).throwers() == ("Eve",) and state(m).team == 1
    rs = play(m, "Eve: hit 1")
    assert state(m).team == 0 and 1 not in cups(m, 0) and sips(rs) == [("Ann", 1), ("Ben", 1)]


def test_art23_catcher_in_the_pair_throws_his_ball_twice() -> None:
    """bierpong.art23: a catcher who is in the next pair throws his pair ball and then the extra one."""
    m = new_game(THREE)
    play(m, "Ann: air", "Eve catches Ann", "Ben: miss", "Eve: miss", "Cem: miss")
    assert state(m).throwers() == ("Eve",)
    play(m, "Eve: miss")
    assert state(m).team == 0


def test_art23_catcher_outside_the_pair_after_bombe_balls_back() -> None:
    """bierpong.art23 × bierpong.art20 × bierpong.art13: Eve caught and is not in the pair; Cem and Dana
    throw a Bombe – its cups go at once, the same pair throws the returned balls, then Eve her extra ball."""
    m = new_game(THREE)
    play(m, "Ann: air", "Eve catches Ann", "Ben: miss", "Cem: hit 1", "Dana: hit 1")
    assert state(m).phase == "remove" and state(m).queue[0].arithmetic == "Bombe: cup 1 + 2 = 3 cups"
    rs = play(m, "Foxes remove 1 2 3")
    assert [r.rule for r in rs] == ["bierpong.art20", "bierpong.art13"]
    assert set(state(m).throwers()) == {"Cem", "Dana"} and state(m).extra == ("Eve",)
    play(m, "Cem: miss", "Dana: miss")
    assert state(m).throwers() == ("Eve",)
    rs = play(m, "Eve: hit 5")
    assert state(m).phase == "remove"
    rs += play(m, "Foxes remove 5")
    assert state(m).team == 0 and sips(rs) == [("Ann", 2), ("Ben", 2)]


# --- item 6: the words ------------------------------------------------------------------------------


def test_art9_time_final_standing_lists_the_cups_the_count_took_as_gone() -> None:
    """bierpong.art9 – Decision "Timer runs out with a hit cup not yet removed": the bounce in cup 5 counts
    – the ruling says 10 cups to 8, and the final standing shows the Owls' 8 cups (5 and an adjacent one
    gone, named in a ruling of their own)."""
    m = new_game(timer=10)
    play(m, "Ann: bounce 5")
    rs = play(m, "time")
    gone = [r for r in rs if r.what == What.CUPS]
    assert [(r.who, r.amount, r.rule) for r in gone] == [("Owls", 2, "bierpong.art14")]
    assert gone[0].arithmetic.startswith("Time is up, the hit counts: bounce: cup 5 + 1 = 2 cups (removed: 5 ")
    assert "Time: 10 cups to 8 – Foxes have more cups left and win" in of(rs, "bierpong.art9")[0].arithmetic
    st = state(m)
    assert st.is_terminal() and st.winner == 0 and len(st.sides[1].rack) == 8 and 5 not in cups(m, 1)
    assert len(st.summary()["Owls"]["cups"]) == 8 and sips(rs) == [("Cem", 1)]


def test_art9_time_with_a_dead_cup_standing_and_a_hit_pending() -> None:
    """bierpong.art9 × bierpong.art18: at time the Owls' Dead Cup 5 is a cup left – in the count and in the
    final standing – while Ann's pending hit on cup 1 is gone from both."""
    m = new_game(timer=10)
    play(m, "Ann: hit 5", "Ann: miss", "Owls leave 5", "Cem: miss", "Cem: miss", "Ann: hit 1")
    rs = play(m, "time")
    assert "Time: 10 cups to 9 – Foxes have more cups left and win" in of(rs, "bierpong.art9")[0].arithmetic
    assert cups(m, 1) == (2, 3, 4, 5, 6, 7, 8, 9, 10) and state(m).summary()["Owls"]["dead"] == [5]
    assert sips(rs) == [("Cem", 1)]


def test_art9_time_books_every_removed_cup_with_drink_per_removed_cup() -> None:
    """bierpong.art9 × bierpong.art1 (`drink_per_removed_cup`): the cups the count took as gone are drunk,
    the bounce's extra cup too."""
    m = new_game(timer=10, drink_per_removed_cup=True)
    play(m, "Ann: bounce 5")
    rs = play(m, "time")
    assert sips(rs) == [("Cem", 2)] and len(cups(m, 1)) == 8


def test_art9_time_in_a_tie_leaves_the_round_as_it_is() -> None:
    """bierpong.art9: counted 9 to 9 with Cem's ball in cup 1 – sudden death; the round goes on and its
    cup goes when its regular throws are done, as always."""
    m = new_game(timer=10)
    play(m, "Ann: hit 1", "Ann: miss", "Owls remove 1", "Cem: hit 1")
    rs = play(m, "time")
    assert not [r for r in rs if r.what == What.CUPS] and 1 in cups(m, 0) and state(m).sudden


def test_art4_one_player_throwing_both_balls_is_named_once() -> None:
    """bierpong.art4: in a team one player may throw both balls at once – the ruling names him once."""
    m = new_game(DOUBLES, auto_remove_cups=True)
    rs = play(m, "Ann: hit 1 & Ann: miss")
    (r,) = of(rs, "bierpong.art4")
    assert r.arithmetic == "Ann throws both balls at once – allowed in a team game"
    rs = play(m, "Cem: miss & Dana: miss")
    assert of(rs, "bierpong.art4")[0].arithmetic == "Cem and Dana: both balls at once – allowed in a team game"


@pytest.mark.parametrize("lang", ["de", "da"])
def test_art4_art9_art12_art23_the_new_words_are_translated(lang: str) -> None:
    """bierpong.art4, art9, art12, art23: the new ruling words go through the catalogues."""
    m = new_game(DOUBLES, timer=10, elbow_voids_throw=True)
    rs = play(m, "elbow Ann", "Ann: hit 1 & Ann: miss", "Owls remove 1", "Cem: air", "Ben catches Cem", "Dana: bounce 2", "time")
    texts = [r.arithmetic for r in rs if r.rule in ("bierpong.art4", "bierpong.art12", "bierpong.art23") or "Time is up" in r.arithmetic]
    assert len(texts) == 4
    try:
        set_language(lang)
        for t in texts:
            assert tr(t) != t
    finally:
        set_language("en")


def test_art12_elbow_voids_throw_after_the_recorded_throw_is_refused_with_how_to_record_it() -> None:
    """bierpong.art12 with `elbow_voids_throw` – Decision "Fouls the rulebook forbids without a sanction":
    the voided throw is left out of the record and `elbow Ann` stands in its place. Written after Ann's
    throw (which counts, Ben throws next) the call is refused, saying how to record it – the note and
    the state never disagree; written in its place it voids nothing recorded and Ann throws again."""
    m = new_game(DOUBLES, elbow_voids_throw=True)
    play(m, "Ann: hit 1")
    n = len(m.log.entries)
    with pytest.raises(IllegalAction, match=r"take it back and write \"elbow Ann\" in its place, then the throw again \(bierpong.art12\)"):
        play(m, "elbow Ann")
    assert len(m.log.entries) == n and state(m).standard == ("Ann",)
    with pytest.raises(IllegalAction, match=r"Cem is not \(next to throw: Ben\)"):
        play(m, "elbow Cem")
    m = new_game(DOUBLES, elbow_voids_throw=True)
    (r,) = play(m, "elbow Ann")
    assert r.arithmetic == "Ann's elbow was over the table edge: that throw is void and not recorded – Ann throws it again (elbow_voids_throw)"
    play(m, "Ann: hit 1")
    assert state(m).standard == ("Ann",) and state(m).throwers() == ("Ben",)


def test_art12_elbow_voids_throw_after_the_round_s_last_ball_is_refused() -> None:
    """bierpong.art12 × bierpong.art1: the elbow written after the round's last ball (the Owls must remove
    cup 1 now) is refused as well; the default reading still only notes it, the throw standing."""
    m = new_game(DOUBLES, elbow_voids_throw=True)
    play(m, "Ann: miss", "Ben: hit 1")
    with pytest.raises(IllegalAction, match="bierpong.art12"):
        play(m, "elbow Ben")
    d = new_game(DOUBLES)
    play(d, "Ann: miss", "Ben: hit 1")
    (r,) = play(d, "elbow Ben")
    assert "foul, noted" in r.arithmetic and state(d).phase == "remove"


def test_art12_the_live_table_voids_the_throw_then_the_call_stands() -> None:
    """bierpong.art12 with `elbow_voids_throw`: the live table takes Ben's throw back before the call, so
    the log holds the call in its place; a call nothing can void there is refused with its reason."""
    m = new_game(DOUBLES, elbow_voids_throw=True)
    s = PongSession(m, pace=REAL)
    n = len(m.log.entries)
    assert s.request("Ann", parse_action("Ann: miss")) is None and s.request("Ben", parse_action("Ben: hit 2")) is None
    assert s.table_event(Foul("elbow", "Ben")) is None
    assert [e.action for e in m.log.entries[n:]] == ["Ann: miss", "elbow Ben"] and state(m).throwers() == ("Ben",)
    refusal = s.table_event(Foul("elbow", "Cem"))
    assert refusal is not None and "bierpong.art12" in str(refusal)


def test_singles_elbow_is_not_refused_while_the_player_throws_on() -> None:
    """bierpong.art12: in singles Ann throws on after her first ball, so `elbow Ann` after it is the call for
    a voided throw not recorded (as the live table writes it) – accepted, the recorded throw standing."""
    m = new_game(SINGLES, elbow_voids_throw=True)
    play(m, "Ann: miss")
    (r,) = play(m, "elbow Ann")
    assert r.rule == "bierpong.art12" and state(m).standard == ("Ann",) and state(m).throwers() == ("Ann",)


def test_art9_time_while_on_fire_counts_the_fire_cup_and_the_pending_regular_hit() -> None:
    """bierpong.art9 × bierpong.art21: time while the Owls must remove Ann's on-fire cup 4 and her regular
    hit in cup 3 waits for the round's end – both count as gone, in the count and the final standing."""
    m = new_game(timer=10)
    play(m, "Ann: hit 1", "Ann: hit 2", "end of round", "Owls remove 1", "Owls remove 2")  # balls back
    play(m, "Ann: hit 3", "Ann: on fire", "Ann: hit 4")  # three in a row, no "Heating up"
    assert state(m).phase == "remove" and [h.cup for h in state(m).hits] == [3]
    rs = play(m, "time")
    assert "Time: 10 cups to 6 – Foxes have more cups left and win" in of(rs, "bierpong.art9")[0].arithmetic
    assert cups(m, 1) == (5, 6, 7, 8, 9, 10) and sips(rs) == [("Cem", 4)]
