"""Katchen: every rule id of shared/rules/katchen.md, played through the throw notation."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.dice.record import TurnError
from game.tools.records import referee
from game.rules import katchen
from game.rules.dice import ALL_THROWS
from game.rules.ruling import What
from tests.helpers import mats, of, play, table

RECORDS = Path(__file__).parent.parent / "records"


def val(faces: str, one_roll: bool = True, **opts: object) -> katchen.Value:
    return katchen.value(tuple(int(c) for c in faces), one_roll, katchen.SPEC.make(None, **opts))


# --- katchen.table ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "faces, rank, name, worth",
    [
        ("421", 1, "Katchen", 8),
        ("111", 2, "7 Asse", 7),
        ("611", 2, "6 Asse", 6),
        ("211", 2, "2 Asse", 2),
        ("555", 3, "5er Pasch", 5),
        ("222", 3, "2er Pasch", 2),
        ("456", 4, "Straße 654", 2),
        ("643", 5, "643", 1),
        ("221", 5, "221", 1),
    ],
)
def test_value_table(faces: str, rank: int, name: str, worth: int) -> None:
    """katchen.table: rank, name and worth of each row."""
    v = val(faces)
    assert (v.rank, v.name, v.mats) == (rank, name, worth)


def test_assembled_katchen_counts_unless_option() -> None:
    """katchen.table: 4-2-1 over several rolls counts; katchen_in_one_roll makes it a normal number."""
    assert val("421", one_roll=False).mats == 8
    assert val("421", one_roll=False, katchen_in_one_roll=True).mats == 1
    assert val("421", one_roll=True, katchen_in_one_roll=True).mats == 8


# --- katchen.order ----------------------------------------------------------------------------


def test_equal_worth_better_rank_wins() -> None:
    """katchen.order: 1-1-5 beats 5-5-5 although both are worth 5."""
    assert val("115").key > val("555").key
    assert val("112").key > val("222").key > val("321").key


def test_inside_a_rank_higher_faces_win() -> None:
    """katchen.order: 1-1-6 > 1-1-5; 6-4-3 > 2-2-1; 7 Asse > 6 Asse."""
    assert val("116").key > val("115").key
    assert val("643").key > val("221").key
    assert val("111").key > val("611").key


def test_katchen_order_is_strict_over_all_56_throws() -> None:
    """katchen.order: no two different throws of the table tie."""
    keys = {val("".join(map(str, t))).key for t in ALL_THROWS}
    assert len(keys) == 56


# --- katchen.mit ------------------------------------------------------------------------------


def test_identical_throws_the_later_is_worse() -> None:
    """katchen.mit: Alice and Bob both 5-4-4; Bob threw later and receives."""
    m = table("katchen", "Alice", "Bob", "Charlie")
    rulings = play(m, "Alice: 544", "Bob: 544", "Charlie: 621")
    r = of(rulings, What.MATS)[0]
    assert (r.who, r.amount) == ("Bob", 1) and "katchen.mit" in r.arithmetic


# --- katchen.phase1 ---------------------------------------------------------------------------


def test_lowest_takes_the_highest_worth_from_the_stack() -> None:
    """katchen.phase1: Straße lowest, 5 Asse highest: 5 mats from the stack; the receiver leads."""
    m = table("katchen", "Alice", "Bob", "Charlie")
    rulings = play(m, "Alice: 123", "Bob: 555", "Charlie: 115")
    r = of(rulings, What.MATS, "katchen.phase1")[0]
    assert (r.who, r.amount) == ("Alice", 5) and m.state.stack == 8
    assert m.state.round_order[0] == 0


def test_phase1_is_one_throw_of_three_dice() -> None:
    """katchen.phase1: no second roll in phase 1."""
    m = table("katchen", "Alice", "Bob")
    with pytest.raises(TurnError, match="katchen.phase1"):
        play(m, "Alice: 652 6+43")


def test_stack_gives_only_what_is_left_then_phase2() -> None:
    """katchen.phase1: the stack gives what it has; when empty, phase 2 starts with the holders."""
    m = table("katchen", "Alice", "Bob", "Charlie")
    play(m, "Alice: 544", "Bob: 544", "Charlie: 621", "Bob: 555", "Charlie: 115", "Alice: 123")
    rulings = play(m, "Alice: 551", "Bob: 443", "Charlie: 421")
    assert of(rulings, What.MATS)[0].amount == 7 and "only 7" in of(rulings, What.MATS)[0].arithmetic
    assert m.state.phase == 2 and m.state.round_order == (1, 0)  # Bob (8) opens, Charlie sits back


def test_phase1_one_player_with_all_13_gets_the_schuss_at_once() -> None:
    """katchen.phase1 (Decisions): all 13 mats in one hand after phase 1 → the Schuss at once."""
    m = table("katchen", "Alice", "Bob")
    play(m, "Alice: 421", "Bob: 643")  # Bob 8
    rulings = play(m, "Bob: 643", "Alice: 421")  # Bob 8 + 5 = 13
    assert [r.who for r in of(rulings, What.SCHUSS, "katchen.phase1")] == ["Bob"]
    assert m.state.is_terminal()


# --- katchen.phase2 ---------------------------------------------------------------------------


def test_worked_example_of_the_digest() -> None:
    """katchen.phase1, katchen.phase2, katchen.mit: the original's worked example, as a record file."""
    report = referee(RECORDS / "katchen_worked_example.yaml")
    mats_rulings = [r for r in report.rulings if r.what is What.MATS]
    assert [(r.who, r.amount, r.giver) for r in mats_rulings] == [
        ("Bob", 1, None),
        ("Alice", 5, None),
        ("Bob", 7, None),
        ("Bob", 5, "Alice"),
    ]
    st = report.standing()
    assert st["players"]["Bob"]["schuesse"] == 1 and st["players"]["Bob"]["mats"] == 13 and st["over"]


def test_others_may_not_use_more_rolls_than_the_opener() -> None:
    """katchen.phase2: Bob opened with one roll, so Alice has one."""
    m = table("katchen", "Alice", "Bob", "Charlie")
    play(m, "Alice: 544", "Bob: 544", "Charlie: 621", "Bob: 555", "Charlie: 115", "Alice: 123")
    play(m, "Alice: 551", "Bob: 443", "Charlie: 421", "Bob: 643")
    with pytest.raises(TurnError, match="only once"):
        play(m, "Alice: 652 6+11")


def test_kept_dice_may_be_rolled_again_later() -> None:
    """katchen.phase2 (Decisions): a die kept after one roll may be rolled again later."""
    m = table("katchen", "Alice", "Bob")
    play(m, "Alice: 421", "Bob: 643", "Bob: 421", "Alice: 643")  # Bob 8, Alice 5 → phase 2
    play(m, "Bob: 652 65+4 +111")
    assert m.state.results[0][1].faces == (1, 1, 1)


def test_best_gives_its_worth_to_the_worst_and_empty_handed_leave() -> None:
    """katchen.phase2: the best throw gives its worth; a player left without mats leaves."""
    m = table("katchen", "Alice", "Bob", "Carl")
    play(m, "Alice: 421", "Bob: 643", "Carl: 652")  # Bob 8
    play(m, "Bob: 654", "Carl: 321", "Alice: 111")  # Carl 5… wait: Straßen: Carl's 321 lowest
    assert mats(m) == {"Alice": 0, "Bob": 8, "Carl": 5} and m.state.phase == 2
    assert m.state.round_order == (1, 2)  # Bob opens with most mats
    rulings = play(m, "Bob: 221", "Carl: 611")  # Carl (6 Asse) gives 5 (all he has) to Bob
    gave = of(rulings, What.MATS, "katchen.phase2")[0]
    assert (gave.who, gave.giver, gave.amount) == ("Bob", "Carl", 5)
    assert of(rulings, What.SCHUSS)[0].who == "Bob"


def test_giver_leaves_when_out_of_mats_and_worst_leads() -> None:
    """katchen.phase2: a holder without mats leaves the game; the worst throw leads next."""
    m = table("katchen", "A", "B", "C")
    play(m, "A: 421", "B: 643", "C: 652")  # B 8
    play(m, "B: 652", "C: 643", "A: 221")  # A 1
    play(m, "A: 652", "B: 643", "C: 221")  # C 1
    play(m, "C: 211", "A: 652", "B: 643")  # B +2 = 10
    play(m, "B: 652", "C: 643", "A: 621")  # A +1 = 2: the stack is empty
    assert m.state.phase == 2 and mats(m) == {"A": 2, "B": 10, "C": 1}
    assert m.state.round_order == (1, 2, 0)  # B (most) opens
    rulings = play(m, "B: 652", "C: 611", "A: 643")  # C best (6 Asse) holds 1: gives 1 to A
    gave = of(rulings, What.MATS)[0]
    assert (gave.who, gave.giver, gave.amount) == ("A", "C", 1)
    assert [r.who for r in of(rulings, What.NOTE) if "leaves" in r.arithmetic] == ["C"]
    assert m.state.round_order == (0, 1)  # A, the worst, leads; C is gone


def test_most_mats_tie_the_last_receiver_opens() -> None:
    """katchen.phase2 (Decisions): several with the most mats: the one who received last opens."""
    m = table("katchen", "A", "B", "C")
    play(m, "A: 421", "B: 643", "C: 652")  # B 8, stack 5
    play(m, "B: 622", "C: 652", "A: 541")  # A +1 (652 worth 1); stack 4
    play(m, "A: 652", "B: 541", "C: 221")  # C +1; stack 3
    play(m, "C: 652", "A: 541", "B: 221")  # B +1 → 9; stack 2
    play(m, "B: 622", "C: 652", "A: 541")  # A +1 → 2; stack 1
    play(m, "A: 652", "B: 651", "C: 221")  # C +1 → 2; stack 0
    assert m.state.phase == 2 and mats(m) == {"A": 2, "B": 9, "C": 2}
    assert m.state.round_order[0] == 1
    m2 = table("katchen", "A", "B")
    play(m2, "A: 611", "B: 643")  # B 6, stack 7
    play(m2, "B: 611", "A: 643")  # A 6, stack 1
    play(m2, "A: 643", "B: 652")  # A +1 = 7: A alone holds most → opens
    assert m2.state.round_order[0] == 0


def test_schuss_limit_sends_players_out_of_the_tournament() -> None:
    """katchen.phase2, option schuss_limit: after that many Schüsse a player leaves the table."""
    m = table("katchen", "A", "B", "C", schuss_limit=1)
    play(m, "A: 421", "B: 643", "C: 652", "B: 643", "C: 421", "A: 652")  # B 8, then B +5 = 13
    assert m.state.ledger["B"].schuesse == 1 and 1 not in m.state.in_game
    assert not m.state.is_terminal() and m.state.round_order == (2, 0)
    play(m, "C: 421", "A: 643", "A: 643", "C: 421")  # A 13 → second Schuss: C is Katchenmeister
    assert m.state.is_terminal()
    assert any("Katchenmeister" in r.arithmetic for r in m.rulings())
