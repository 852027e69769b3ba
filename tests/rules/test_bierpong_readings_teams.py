"""Issue 13, Bierpong: drinks, team rotation, knock-over, balls back and the fouls without a sanction –
the Decisions of shared/rules/bierpong.md, driven through the match log's public notation.

Cups of the 10-cup triangle: 1 at the front tip, then 2 3, 4 5 6, 7 8 9 10 (row by row).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from game.bierpong.actions import KnockOver, parse_action
from game.errors import IllegalAction, InputError
from game.i18n import parse_po, po_path
from game.rules import bierpong as R
from game.rules.ruling import Ruling, What
from game.store.matchfile import load_match
from tests.bierpong_helpers import DOUBLES, cups, new_game, play
from tests.helpers import menu_on

if TYPE_CHECKING:
    from game.ui.common.app import App

THREE = (("Ann", "Ben", "Eve"), ("Cem",))
LOCALE = Path(__file__).resolve().parents[2] / "locale"
OLD = Path(__file__).parent.parent / "data" / "old_logs"


def sips(rs: list[Ruling]) -> list[tuple[str, int, str]]:
    return [(r.who, r.amount, r.arithmetic) for r in rs if r.what == What.SIPS]


# --- item 24: drinks per hit cup ------------------------------------------------------------


def test_bierpong_art1_drinks_per_hit_cup() -> None:
    """bierpong.art1, Decision "Drinks (art1)": a cup a ball went into is drunk once, however many balls
    went in – the Bombe's cup once (not twice), two hit cups twice; the bonus cups are not drunk; the
    feed says it as people do ("1 cup hit × 1 sip = 1 sip", "2 cups hit × 2 sips = 4 sips")."""
    m = new_game(DOUBLES)
    play(m, "Ann: hit 1", "Ben: hit 1", "Owls remove 1 2 3")  # Bombe: cup 1 + 2, balls back
    rs = play(m, "Ann: miss", "Ben: miss")
    assert sips(rs) == [(p, 1, f"{p} drinks 1 cup hit × 1 sip = 1 sip, now that all throws are done (bierpong.art2)")
                        for p in ("Cem", "Dana")]
    d = new_game(DOUBLES, drink_per_cup=2)
    play(d, "Ann: bounce 1", "Ben: hit 10", "Owls remove 1 2", "Owls remove 10")  # balls back: 3 cups gone, 2 hit
    rs = play(d, "Ann: miss", "Ben: miss")
    assert [(w, n) for w, n, _ in sips(rs)] == [("Cem", 4), ("Dana", 4)]
    assert "2 cups hit × 2 sips = 4 sips" in sips(rs)[0][2] and "cup(s)" not in sips(rs)[0][2]


def test_bierpong_art1_drink_per_removed_cup_option() -> None:
    """bierpong.art1 with `drink_per_removed_cup` (Decision "Drinks (art1)"): every removed cup is
    drunk – the Bombe's 3 cups are 3 sips, the bounce's 2 cups 2 sips."""
    m = new_game(DOUBLES, drink_per_removed_cup=True)
    play(m, "Ann: hit 1", "Ben: hit 1", "Owls remove 1 2 3")
    rs = play(m, "Ann: bounce 6", "Ben: miss", "Owls remove 6 5")
    assert [(w, n) for w, n, _ in sips(rs)] == [("Cem", 5), ("Dana", 5)]
    assert "5 cups removed × 1 sip = 5 sips" in sips(rs)[0][2] and "drink_per_removed_cup" in sips(rs)[0][2]


def test_bierpong_art1_counter_hits_are_not_drunk_and_a_made_konter_takes_the_round_back() -> None:
    """bierpong.art1, bierpong.art10, Decisions "Drinks (art1)" and "Balls back in the finishing round":
    a Bombe (cup 1), balls back (cups 4 and 6) and the last cup 5 are one finishing round; the Konter
    (5 hits in 6 throws) is made – every cup of that round goes back and none of it is drunk, the
    counter's hits are not drunk either. The finishers' next round is drunk as usual: 1 sip."""
    m = new_game(DOUBLES, cups=6, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ben: hit 1")  # Bombe: 1 2 3 go, balls back
    play(m, "Ann: hit 4", "Ben: hit 6")  # balls back again
    rs = play(m, "Ann: hit 5", "Ben: miss")  # the last cup: the Konter
    assert m.state.phase == "konter" and not sips(rs) and "5 hits in 6 throws" in rs[-1].arithmetic
    rs = play(m, "Cem: miss", "Dana: hit 1", "Cem: hit 2", "Dana: hit 3", "Cem: hit 4", "Dana: hit 5")
    assert "Konter made: 5 hits in 6 throws" in rs[-1].arithmetic and not sips(rs) and cups(m, 1) == (1, 2, 3, 4, 5, 6)
    rs = play(m, "Ann: hit 2", "Ben: miss")
    assert [(w, n) for w, n, _ in sips(rs)] == [("Cem", 1), ("Dana", 1)]
    assert "1 cup hit × 1 sip = 1 sip" in sips(rs)[0][2]


def test_bierpong_art1_an_old_log_with_the_bombe_drunk_twice_is_refused() -> None:
    """bierpong.art1, Decision "Drinks (art1)": a log saved before the correction drank the Bombe's cup
    twice – it no longer replays and is refused naming the entry, never silently re-ruled."""
    path = OLD / "bierpong_bombe_drinks.json"
    with pytest.raises(InputError) as e:
        load_match(path)
    text = str(e.value)
    assert text.startswith(f"{path}:") and "entry 8 (Ben: miss)" in text and "do not replay as saved" in text
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["entries"][7]["action"] == "Ben: miss" and data["entries"][7]["rulings"][0]["amount"] == 2


# --- items 25, 26, 28: the pairs of a team (bierpong.art11) -------------------------------------


def test_bierpong_art11_konter_in_a_team_is_thrown_by_two_different_players() -> None:
    """bierpong.art11, bierpong.art10, Decision "Konter in a team": two different players throw the
    counter balls, as every round of a team – Cem may not throw both."""
    m = new_game(DOUBLES, cups=3, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ben: hit 2", "Ann: hit 3", "Ben: miss")  # balls back, then the last cup: 3 hits in 4 throws
    assert m.state.phase == "konter" and m.state.throwers() == ("Cem", "Dana")
    play(m, "Cem: miss")
    assert m.state.throwers() == ("Dana",)
    with pytest.raises(IllegalAction, match="bierpong.art11"):
        play(m, "Cem: hit 1")
    rs = play(m, "Dana: hit 1", "Cem: hit 2", "Dana: hit 3")
    assert "Konter made: 3 hits in 4 throws" in rs[-1].arithmetic


def test_bierpong_art11_both_balls_at_once_keep_the_pair_rotation() -> None:
    """bierpong.art11, bierpong.art4, Decision "Both balls at once in a team of three or more": only
    the pair whose turn it is may throw together – Ann and Ben threw last round, so not again."""
    m = new_game(THREE, auto_remove_cups=True)
    play(m, "Ann: miss", "Ben: miss", "Cem: miss", "Cem: miss")
    with pytest.raises(IllegalAction, match="bierpong.art11"):
        play(m, "Ann: hit 1 & Ben: hit 2")
    rs = play(m, "Ann: hit 1 & Eve: miss")
    assert [r.rule for r in rs][:1] == ["bierpong.art4"] and 1 not in cups(m, 1) and m.state.team == 1
    play(m, "Cem: miss", "Cem: miss")
    with pytest.raises(IllegalAction, match="bierpong.art11"):
        play(m, "Eve: miss & Ann: miss")  # together lifts no rotation the next round either
    play(m, "Ben: miss & Eve: miss")


def test_bierpong_art13_balls_back_the_same_pair_throws_again() -> None:
    """bierpong.art13, bierpong.art11, Decision "Balls back (art13, art20) in a team of three or more":
    the returned balls go back to the two who threw them – Ann and Ben throw again, Eve may not; then
    the rotation moves on (the next round is not Ann and Ben)."""
    m = new_game(THREE, auto_remove_cups=True)
    rs = play(m, "Ann: hit 1", "Ben: hit 2")
    assert any(r.rule == "bierpong.art13" for r in rs) and m.state.throwers() == ("Ann", "Ben")
    with pytest.raises(IllegalAction, match="bierpong.art11"):
        play(m, "Eve: miss")
    play(m, "Ben: miss")
    assert m.state.throwers() == ("Ann",)
    play(m, "Ann: miss", "Cem: miss", "Cem: miss")
    play(m, "Ann: miss")
    assert m.state.throwers() == ("Eve",)


def test_bierpong_art13_balls_back_new_pair_option() -> None:
    """bierpong.art13 with `balls_back_new_pair` (Decision "Balls back … in a team of three or more"):
    balls back is thrown by another pair – after Ann and Ben, Ann throws with Eve."""
    m = new_game(THREE, auto_remove_cups=True, balls_back_new_pair=True)
    play(m, "Ann: hit 1", "Ben: hit 2", "Ann: miss")
    assert m.state.throwers() == ("Eve",)


# --- item 27: one knock-over incident, one cup (bierpong.art16) -----------------------------------


def test_bierpong_art16_knocking_over_several_cups_at_once_removes_one() -> None:
    """bierpong.art16, Decision "Knocking over several own cups at once (art16)": one incident, one cup
    removed however many fell – the cup named first (the owners' choice), the others stand again; the
    last cup still never goes."""
    m = new_game()
    rs = play(m, "Cem knocks over 4 7")
    assert [(r.who, r.what, r.amount, r.rule) for r in rs] == [("Owls", What.CUPS, 1, "bierpong.art16")]
    assert "cup 4" in rs[0].arithmetic and cups(m, 1) == (1, 2, 3, 5, 6, 7, 8, 9, 10)
    assert str(parse_action("Cem knocks over 4 7")) == "Cem knocks over 4 7" == str(KnockOver("Cem", 4, (7,)))
    s = new_game(cups=3, auto_remove_cups=True)
    play(s, "Ann: hit 1", "Ann: miss")
    rs = play(s, "Cem knocks over 3 2")
    assert sum(r.amount for r in rs if r.what == What.CUPS) == 1 and cups(s, 1) == (2,)
    with pytest.raises(IllegalAction, match="no cup 3"):
        play(s, "Cem knocks over 2 3")


# --- item 29: a Bombe and a catcher's extra ball (bierpong.art20, bierpong.art23) ------------------


def test_bierpong_art20_bombe_goes_at_once_then_balls_back_then_the_catchers_extra_ball() -> None:
    """bierpong.art20, bierpong.art23, bierpong.art13, Decision "Bombe and a caught air ball's extra
    throw in the same round": the Bombe's cups go and balls back follows at once (art20 "sofort"); Ann's
    extra ball for the caught air ball is thrown after the balls-back throws."""
    m = new_game(DOUBLES)
    play(m, "Ann: miss", "Ben: miss", "Cem: air", "Ann catches Cem", "Dana: miss")
    assert m.state.team == 0 and m.state.extra == ("Ann",)
    play(m, "Ann: hit 1", "Ben: hit 1")  # the Bombe
    assert m.state.phase == "remove" and m.state.queue[0].arithmetic == "Bombe: cup 1 + 2 = 3 cups"
    rs = play(m, "Owls remove 1 2 3")
    assert [r.rule for r in rs] == ["bierpong.art20", "bierpong.art13"] and set(m.state.throwers()) == {"Ann", "Ben"}
    play(m, "Ann: miss", "Ben: hit 4")
    assert m.state.throwers() == ("Ann",)  # the catcher's extra ball, after the returned balls
    rs = play(m, "Ann: miss", "Owls remove 4")
    assert [(w, n) for w, n, _ in sips(rs)] == [("Cem", 2), ("Dana", 2)] and m.state.team == 1


# --- item 31: fouls without a sanction (bierpong.art7, art12, art17) -------------------------------


def test_bierpong_art12_art17_art7_fouls_without_a_sanction_are_noted() -> None:
    """bierpong.art12, bierpong.art17, bierpong.art7, Decision "Fouls the rulebook forbids without a
    sanction": the referee notes the foul with its article and changes nothing – Ann's hit with her
    elbow over the edge stands (cup 1 goes and is drunk)."""
    m = new_game(auto_remove_cups=True)
    play(m, "Ann: hit 1")
    (e,) = play(m, "elbow Ann")
    (b,) = play(m, "blow Cem")
    (x,) = play(m, "early Ann")
    for r, rule in ((e, "bierpong.art12"), (b, "bierpong.art17"), (x, "bierpong.art7")):
        assert r.rule == rule and r.what == What.NOTE and "foul, noted" in r.arithmetic and "no sanction" in r.arithmetic
    assert "void" not in e.arithmetic and "counts as in" not in b.arithmetic and "does not count" not in x.arithmetic
    rs = play(m, "Ann: miss")
    assert 1 not in cups(m, 1) and [(w, n) for w, n, _ in sips(rs)] == [("Cem", 1)]


def test_bierpong_art12_art17_elbow_voids_throw_and_blown_ball_counts_options() -> None:
    """bierpong.art12 with `elbow_voids_throw`, bierpong.art17 with `blown_ball_counts` (Decision
    "Fouls the rulebook forbids without a sanction"): the old readings, the option named in the ruling."""
    m = new_game(elbow_voids_throw=True, blown_ball_counts=True)
    (e,) = play(m, "elbow Ann")
    (b,) = play(m, "blow Cem")
    assert "void and not recorded – Ann throws it again (elbow_voids_throw)" in e.arithmetic
    assert "counts as in (blown_ball_counts)" in b.arithmetic


# --- the options: help texts in three languages, in the menu --------------------------------------


NEW_OPTIONS = ("drink_per_removed_cup", "balls_back_new_pair", "elbow_voids_throw", "blown_ball_counts")


@pytest.mark.parametrize("lang", ["de", "da"])
def test_bierpong_art1_art12_art13_art17_new_options_have_translated_help(lang: str) -> None:
    """bierpong.art1, art12, art13, art17: the Decisions' options are profile options, off by default,
    with help texts translated to German and Danish (the option names left as they are)."""
    catalog = parse_po(po_path(lang).read_text(encoding="utf-8"))
    for name in NEW_OPTIONS:
        o = next(o for o in R.SPEC.options if o.name == name)
        assert o.default is False and o.kind == "bool"
        assert catalog.get(o.help) and catalog[o.help] != o.help


def test_bierpong_art1_art12_art13_art17_new_options_are_in_the_menu(app: App) -> None:
    """bierpong.art1, art12, art13, art17: the menu lists every Bierpong option – a page at a time when
    they do not fit – and the new ones can be switched on there."""
    import pygame
    import pygame_gui

    menu = menu_on(app, "bierpong")
    seen: set[str] = set()
    for _page in range(5):
        for name, w in menu.option_widgets.items():
            assert w.get_abs_rect().bottom <= menu.right.bottom, name  # inside the panel
            seen.add(name)
        if menu.more_button is None or menu.options_at_end:
            break
        pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=menu.more_button))
        app.step(1 / 60)
    assert set(NEW_OPTIONS) <= seen and {o.name for o in R.SPEC.options} <= seen
