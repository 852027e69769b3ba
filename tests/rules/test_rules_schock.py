"""Schock: every rule id of shared/rules/schock.md, played through the throw notation."""
from __future__ import annotations

import pytest

from game.dice.actions import Flip, Roll, Stand, Tower
from game.errors import IllegalAction
from game.dice.record import TurnError
from game.rules import schock
from game.rules.catalog import rules_for
from game.rules.dice import Throw
from game.rules.ruling import What
from tests.helpers import mats, of, play, table

DEFAULT = schock.SPEC.default()


def val(faces: str, one_roll: bool = True, **opts: object):  # type: ignore[no-untyped-def]
    return schock.value(tuple(int(c) for c in faces), one_roll, schock.SPEC.make(None, **opts))


# --- schock.throws ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "faces, kind, mats_",
    [
        ("111", schock.Kind.SCHOCK_AUS, None),
        ("421", schock.Kind.JULE, 7),
        ("611", schock.Kind.SCHOCK, 6),
        ("211", schock.Kind.SCHOCK, 2),
        ("333", schock.Kind.GENERAL, 3),
        ("543", schock.Kind.STRASSE, 2),
        ("652", schock.Kind.SIMPLE, 1),
        ("322", schock.Kind.SIMPLE, 1),
    ],
)
def test_throw_kinds_and_their_mats(faces: str, kind: schock.Kind, mats_: int | None) -> None:
    """schock.throws: the kind of each throw and the mats it hands out."""
    v = val(faces)
    assert (v.kind, v.mats) == (kind, mats_)


def test_throw_kinds_rank_aus_jule_schock_general_strasse_simple() -> None:
    """schock.throws: Schock aus > Jule > Schock 6 > … > Schock 2 > General > Straße > simple."""
    order = ["111", "421", "611", "511", "411", "311", "211", "666", "456", "665", "221"]
    keys = [val(f).key for f in order]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)


def test_jule_only_from_a_single_roll_else_a_simple_throw() -> None:
    """schock.throws: 1-2-4 put together over several rolls is a simple throw worth 1."""
    m = table("schock", "Alice", "Bob")
    rulings = play(m, "Alice: 653 +421", "Bob: 421")
    # Alice rolled all three again on her second roll: still a single roll → Jule;
    # Bob's Jule took fewer rolls → Alice is worst, and a Jule hands out 7
    r = of(rulings, What.MATS)[0]
    assert r.who == "Alice" and r.amount == 7
    m2 = table("schock", "Alice", "Bob")
    rulings = play(m2, "Alice: 643 4+52 42+1", "Bob: 653 +322")
    r = of(rulings, What.MATS)[0]
    assert "best Alice: 421" in r.arithmetic and r.amount == 1 and r.who == "Bob"


def test_simple_throws_compare_as_numbers_high_to_low() -> None:
    """schock.throws: 6-5-2 beats 3-2-2 (the sheet's examples)."""
    assert val("652").key > val("322").key


def test_generals_and_strassen_all_equal_by_default_option_ranks_by_pips() -> None:
    """schock.throws: every General (Straße) is worth the same; rank_generals_by_pips orders them."""
    assert val("222").key == val("666").key and val("321").key == val("654").key
    assert val("666", rank_generals_by_pips=True).key > val("222", rank_generals_by_pips=True).key
    assert val("654", rank_generals_by_pips=True).key > val("321", rank_generals_by_pips=True).key


def test_schock_2_beats_general_unless_option() -> None:
    """schock.throws: Schock > General; general_beats_schock2 lifts the General over Schock 2 only."""
    assert val("211").key > val("666").key
    assert val("666", general_beats_schock2=True).key > val("211", general_beats_schock2=True).key
    assert val("311", general_beats_schock2=True).key > val("666", general_beats_schock2=True).key


def test_strasse_general_in_one_roll_option() -> None:
    """schock.throws: assembled Straße/General count by default; the option makes them simple."""
    assert val("333", one_roll=False).kind is schock.Kind.GENERAL
    assert val("333", one_roll=False, strasse_general_in_one_roll=True).kind is schock.Kind.SIMPLE
    assert val("543", one_roll=False, strasse_general_in_one_roll=True).kind is schock.Kind.SIMPLE


# --- schock.deckel ----------------------------------------------------------------------------


def test_worst_throw_receives_what_the_best_is_worth() -> None:
    """schock.deckel: Schock 4 against a simple throw: the simple thrower takes 4 from the middle."""
    m = table("schock", "Alice", "Bob", "Carl")
    rulings = play(m, "Alice: 411", "Bob: 652", "Carl: 543")
    r = of(rulings, What.MATS, "schock.deckel")[0]
    assert (r.who, r.amount, r.giver) == ("Bob", 4, None)
    assert mats(m) == {"Alice": 0, "Bob": 4, "Carl": 0} and m.state.middle == 11


def _empty_the_middle(m):  # type: ignore[no-untyped-def]
    # 15 mats: Bob 6, Carl 6, then Bob is owed 6 but only 3 are left
    play(m, "Alice: 611", "Bob: 542", "Carl: 543")  # Bob +6
    play(m, "Bob: 611", "Carl: 542", "Alice: 543")  # Carl +6
    return play(m, "Carl: 611", "Alice: 543", "Bob: 542")  # Bob owed 6, 3 left


def test_middle_gives_only_what_is_left() -> None:
    """schock.deckel (Decisions: mats owed exceed what is available → give what is there)."""
    m = table("schock", "Alice", "Bob", "Carl")
    rulings = _empty_the_middle(m)
    r = of(rulings, What.MATS)[0]
    assert (r.who, r.amount) == ("Bob", 3) and "only 3" in r.arithmetic
    assert m.state.middle == 0 and mats(m) == {"Alice": 0, "Bob": 9, "Carl": 6}


def test_after_the_middle_is_empty_best_passes_own_mats_and_empty_handed_sit_out() -> None:
    """schock.deckel: with the middle empty, the best thrower passes his own mats; Alice (none) sits out."""
    m = table("schock", "Alice", "Bob", "Carl")
    _empty_the_middle(m)
    assert m.state.round_order == (1, 2)  # Bob opens (he lost), Alice holds no mats
    with pytest.raises(TurnError, match="Bob's turn"):
        play(m, "Alice: 652")
    rulings = play(m, "Bob: 611", "Carl: 652")
    r = of(rulings, What.MATS)[0]
    assert (r.who, r.giver, r.amount) == ("Carl", "Bob", 6)
    assert mats(m) == {"Alice": 0, "Bob": 3, "Carl": 12}


def test_best_passes_all_he_has_if_fewer() -> None:
    """schock.deckel: the best thrower holding fewer mats than owed passes all he has."""
    m = table("schock", "Alice", "Bob", "Carl")
    _empty_the_middle(m)
    play(m, "Bob: 611", "Carl: 652")  # Bob 3, Carl 12
    rulings = play(m, "Carl: 652", "Bob: 611")  # Bob best (Schock 6 = 6) but holds 3
    r = of(rulings, What.MATS)[0]
    assert (r.who, r.giver, r.amount) == ("Carl", "Bob", 3)
    assert of(rulings, What.LOSS)[0].who == "Carl"  # all 15: Carl loses the half


# --- schock.start -----------------------------------------------------------------------------


def test_round_loser_opens_the_next_round() -> None:
    """schock.start: the loser of the previous round opens."""
    m = table("schock", "Alice", "Bob", "Carl")
    play(m, "Alice: 411", "Bob: 543", "Carl: 652")
    assert m.state.round_order == (2, 0, 1)
    assert of(m.rulings(), What.NOTE, "schock.laden")[-1].who == "Carl"


def test_game_loser_opens_the_next_game() -> None:
    """schock.start: the loser of the previous game opens the next one."""
    m = table("schock", "Alice", "Bob", "Carl", games=2)
    play(m, "Alice: 652", "Bob: 111", "Carl: 543")  # Schock aus: Alice loses half 1
    play(m, "Alice: 653", "Bob: 111", "Carl: 543")  # …and half 2: the game, outright
    assert m.state.game_no == 2 and m.state.round_order[0] == 0


# --- schock.schock_aus ------------------------------------------------------------------------


def test_schock_aus_loses_the_half_at_once() -> None:
    """schock.schock_aus (default): the worst throw loses the half at once."""
    m = table("schock", "Alice", "Bob", "Carl")
    rulings = play(m, "Alice: 111", "Bob: 652", "Carl: 543")
    loss = of(rulings, What.LOSS, "schock.schock_aus")
    assert [r.who for r in loss] == ["Bob"]
    assert m.state.stage == "half2" and m.state.round_order[0] == 1


def test_schock_aus_halve_mats_option_gives_half_back_to_the_middle() -> None:
    """schock.schock_aus, option halve_mats: the worst gives half his mats (rounded down) back."""
    m = table("schock", "Alice", "Bob", schock_aus="halve_mats")
    play(m, "Alice: 511", "Bob: 652")  # Bob 5
    rulings = play(m, "Bob: 652", "Alice: 111")
    r = of(rulings, What.MATS, "schock.schock_aus")[0]
    assert (r.who, r.amount) == ("Bob", -2)
    assert mats(m)["Bob"] == 3 and m.state.middle == 12 and m.state.stage == "half1"


# --- schock.mit -------------------------------------------------------------------------------


def test_equal_throws_fewer_rolls_win_even_when_later() -> None:
    """schock.mit: 1-2-3 in one roll beats 1-2-3 in two rolls thrown earlier."""
    m = table("schock", "Alice", "Bob", "Carl")
    rulings = play(m, "Alice: 652 +321", "Bob: 321", "Carl: 411")
    assert of(rulings, What.MATS)[0].who == "Alice"


def test_equal_throws_equal_rolls_the_earlier_wins() -> None:
    """schock.mit: same throw, same rolls: the later thrower is worse."""
    m = table("schock", "Alice", "Bob", "Carl")
    rulings = play(m, "Alice: 543", "Bob: 543", "Carl: 611")
    assert of(rulings, What.MATS)[0].who == "Bob"


def test_schock_aus_in_one_go_beats_assembled_with_equal_rolls() -> None:
    """schock.mit exception: with equal rolls a Schock aus from one roll beats an assembled one."""
    p = DEFAULT
    assembled = Throw((1, 1, 1), rolls=2, one_roll=False, order=0)
    in_one_go = Throw((1, 1, 1), rolls=2, one_roll=True, order=1)
    assert schock.strength(in_one_go, p) > schock.strength(assembled, p)
    m = table("schock", "Alice", "Bob", "Carl")
    rulings = play(m, "Alice: 611 11+5 11+1", "Bob: 653 +432 +111", "Carl: 652 +543 +652")
    # Carl is worst; the best (Bob's one-go Schock aus) decides: the half is lost
    assert of(rulings, What.LOSS)[0].who == "Carl"
    assert "best Bob" in of(rulings, What.LOSS)[0].arithmetic


# --- schock.rolls -----------------------------------------------------------------------------


def test_at_most_three_rolls() -> None:
    """schock.rolls: a fourth roll is refused."""
    m = table("schock", "Alice", "Bob")
    with pytest.raises(TurnError, match="all 3 rolls"):
        play(m, "Alice: 652 6+43 6+52 6+11")


def test_first_players_roll_count_binds_the_others() -> None:
    """schock.rolls: the opener stood after one roll, so Bob has one roll too."""
    m = table("schock", "Alice", "Bob")
    play(m, "Alice: 652")
    with pytest.raises(TurnError, match="only once"):
        play(m, "Bob: 633 3+22")


def test_set_aside_dice_stay_out() -> None:
    """schock.rolls: a die put out may not go back in the cup."""
    m = table("schock", "Alice", "Bob")
    with pytest.raises(TurnError, match="may not be rolled again"):
        play(m, "Alice: 611 11+5 1+23")


# --- schock.sixes -----------------------------------------------------------------------------


def test_two_sixes_one_turned_to_a_one_and_set_aside() -> None:
    """schock.sixes: 6-6-4 → one six turned to a one, which stays out; the turn must go on."""
    m = table("schock", "Alice", "Bob")
    m.apply(Roll())
    m.apply(m.state.chance_outcomes()[0][0].__class__((6, 6, 4)))
    assert Flip(1) in m.state.legal_actions()
    m.apply(Flip(1))
    assert m.state.turn is not None and m.state.turn.out == (1,)
    assert Stand() not in m.state.legal_actions()
    with pytest.raises(IllegalAction, match="another roll"):
        m.apply(Stand())


def test_two_sixes_not_turned_on_the_last_roll() -> None:
    """schock.sixes: no turning of one six on the last roll."""
    m = table("schock", "Alice", "Bob")
    with pytest.raises(TurnError, match="last roll"):
        play(m, "Alice: 543 +532 +664>641")


def test_three_sixes_two_turned_even_on_the_last_roll() -> None:
    """schock.sixes: 6-6-6 → 1-1-6 = Schock 6, allowed on the last roll by default."""
    m = table("schock", "Alice", "Bob")
    rulings = play(m, "Alice: 543 +532 +666>611", "Bob: 652 +543 +653")
    r = of(rulings, What.MATS)[0]
    assert (r.who, r.amount) == ("Bob", 6)


def test_no_flips_on_last_roll_option() -> None:
    """schock.sixes, option no_flips_on_last_roll: three sixes may not be turned on the last roll."""
    m = table("schock", "Alice", "Bob", no_flips_on_last_roll=True)
    with pytest.raises(TurnError):
        play(m, "Alice: 543 +532 +666>611")


def test_turned_die_is_not_one_roll() -> None:
    """schock.sixes and schock.mit: a Schock made with a turned six is not 'in one go'."""
    m = table("schock", "Alice", "Bob")
    play(m, "Alice: 661>611 1+13")  # ends 3-1-1 with a turned die, two rolls
    assert m.state.results[0][1].one_roll is False


# --- schock.tower -----------------------------------------------------------------------------


def test_tower_roll_is_thrown_again_and_does_not_count() -> None:
    """schock.tower: a Türmchen voids the roll: Alice's three rolls are still allowed."""
    m = table("schock", "Alice", "Bob")
    rulings = play(m, "Alice: T 652 T 6+43 6+52")
    assert len(of(rulings, What.NOTE, "schock.tower")) == 2
    assert m.state.results[0][1].rolls == 3


def test_a_tower_before_no_roll_is_an_error() -> None:
    """schock.tower: the notation T must precede the roll thrown again."""
    m = table("schock", "Alice", "Bob")
    with pytest.raises(TurnError, match="tower"):
        play(m, "Alice: 652 T")
    m.apply(Roll())
    m.apply(Tower())
    assert m.state.turn is not None and m.state.turn.rolls == 0


# --- schock.laden, schock.cup, schock.entry ---------------------------------------------------


def test_every_round_begins_with_laden() -> None:
    """schock.laden: each round starts with a Laden table event."""
    m = table("schock", "Alice", "Bob")
    play(m, "Alice: 652", "Bob: 542", "Bob: 411", "Alice: 432")
    assert len(of(m.rulings(), What.NOTE, "schock.laden")) == 3


@pytest.mark.parametrize("rule", ["schock.cup", "schock.entry"])
def test_table_rules_are_in_the_help(rule: str) -> None:
    """schock.cup and schock.entry have nothing to adjudicate: they are help entries with a summary."""
    texts = {r.id: r for r in rules_for("schock")}
    assert rule in texts and len(texts[rule].summary) > 20


# --- schock.game ------------------------------------------------------------------------------


def test_whoever_holds_all_15_loses_the_half() -> None:
    """schock.game: two players: once the middle is empty, mats flow until one holds all 15."""
    m = table("schock", "Alice", "Bob")
    play(m, "Alice: 611", "Bob: 543")  # Bob 6
    play(m, "Bob: 611", "Alice: 543")  # Alice 6
    play(m, "Alice: 543", "Bob: 611")  # Alice +3 (only 3 left): 9 / 6
    play(m, "Alice: 611", "Bob: 543")  # Alice passes 6: 3 / 12
    rulings = play(m, "Bob: 543", "Alice: 411")  # Alice passes 3 (all she has): Bob 15
    assert [r.who for r in of(rulings, What.LOSS, "schock.game")] == ["Bob"]
    assert m.state.stage == "half2" and m.state.middle == 15


def test_losing_both_halves_loses_the_game_outright() -> None:
    """schock.game: no final; a stroke for the loser of both halves."""
    m = table("schock", "Alice", "Bob", "Carl")
    play(m, "Alice: 111", "Bob: 652", "Carl: 543")
    rulings = play(m, "Bob: 652", "Carl: 111", "Alice: 543")
    assert [r.who for r in of(rulings, What.STROKE)] == ["Bob"]
    assert m.state.is_terminal() and m.state.ledger["Bob"].strokes == 1


def test_half_losers_play_the_final_second_half_loser_opens() -> None:
    """schock.game: the losers of the halves meet in the final; the second half's loser opens it."""
    m = table("schock", "Alice", "Bob", "Carl")
    play(m, "Alice: 111", "Bob: 652", "Carl: 543")  # Bob loses half 1
    play(m, "Bob: 111", "Carl: 652", "Alice: 543")  # Carl loses half 2
    assert m.state.stage == "final" and m.state.round_order == (2, 1)
    rulings = play(m, "Carl: 111", "Bob: 652")
    assert [r.who for r in of(rulings, What.STROKE)] == ["Bob"]


def test_schock_schock_aus_in_the_final_loses_the_final() -> None:
    """schock.schock_aus × schock.game: a Schock aus in the final loses the final (and the game), not "the half"."""
    m = table("schock", "Alice", "Bob", "Carl")
    play(m, "Alice: 111", "Bob: 652", "Carl: 543")  # Bob loses half 1
    play(m, "Bob: 111", "Carl: 652", "Alice: 543")  # Carl loses half 2
    rulings = play(m, "Carl: 111", "Bob: 652")  # the final: Carl's Schock aus
    loss = of(rulings, What.LOSS, "schock.schock_aus")
    assert [r.who for r in loss] == ["Bob"]
    assert "Bob loses the final at once" in loss[0].arithmetic
    assert "half" not in loss[0].arithmetic
    assert [r.who for r in of(rulings, What.STROKE)] == ["Bob"]


def test_schock_game_all_15_mats_in_the_final_loses_the_final() -> None:
    """schock.game: in the final, whoever ends up holding all 15 mats loses the final, not "the half"."""
    m = table("schock", "Alice", "Bob", "Carl")
    play(m, "Alice: 111", "Bob: 652", "Carl: 543")  # Bob loses half 1
    play(m, "Bob: 111", "Carl: 652", "Alice: 543")  # Carl loses half 2
    play(m, "Carl: 611", "Bob: 543")  # the final, two players: Bob 6
    play(m, "Bob: 611", "Carl: 543")  # Carl 6
    play(m, "Carl: 543", "Bob: 611")  # Carl +3 (the middle's last): 9 / 6
    play(m, "Carl: 611", "Bob: 543")  # Carl passes 6: 3 / 12
    rulings = play(m, "Bob: 543", "Carl: 411")  # Carl passes his last 3: Bob holds 15
    loss = of(rulings, What.LOSS, "schock.game")
    assert [r.who for r in loss] == ["Bob"]
    assert loss[0].arithmetic == "Bob holds all 15 mats → loses the final"
    assert [r.who for r in of(rulings, What.STROKE)] == ["Bob"]


def test_strokes_add_up_across_games() -> None:
    """schock.game: strokes on the tournament mat count over several games."""
    m = table("schock", "Alice", "Bob", games=2)
    play(m, "Alice: 111", "Bob: 652")
    play(m, "Bob: 652", "Alice: 111")  # Bob lost both: stroke, game 2
    play(m, "Bob: 652", "Alice: 111")
    play(m, "Bob: 652", "Alice: 111")
    assert m.state.is_terminal() and m.state.ledger["Bob"].strokes == 2 and m.state.returns() == (0.0, -2.0)


# --- schock.calls -----------------------------------------------------------------------------


def test_horrido_for_schock_aus_from_one_roll() -> None:
    """schock.calls: three ones in one roll: "Horrido!"; assembled ones: no call."""
    m = table("schock", "Alice", "Bob")
    rulings = play(m, "Alice: 653 +111")
    assert any("Horrido!" in r.arithmetic for r in of(rulings, What.CALL, "schock.calls"))
    m2 = table("schock", "Alice", "Bob")
    assert not of(play(m2, "Alice: 611 11+1"), What.CALL)


def test_kroeger_hallo_for_the_lowest_throw() -> None:
    """schock.calls: 2-2-1 is called "Kröger!" and answered "Hallo!"."""
    m = table("schock", "Alice", "Bob")
    rulings = play(m, "Alice: 221")
    calls = of(rulings, What.CALL, "schock.calls")
    assert calls and "Kröger!" in calls[0].arithmetic and "Hallo!" in calls[0].arithmetic
