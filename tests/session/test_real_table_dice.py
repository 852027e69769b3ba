"""Schock and Katchen at a real table (issue 32): the program draws no dice, the player on turn enters
the faces (`Session.enter`), and the referee rules the match exactly as `referee` rules the same
throws written as a record; impossible entries are refused with the rule's reason, nothing logged;
the table switches between real and simulated dice mid-match; a real-table match saves and replays."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.dice.actions import Dice, Flip, Roll, Stand, Tower
from game.dice.bots import make_bot
from game.dice.notation import format_turn
from game.dice.state import DiceState
from game.errors import InputError
from game.match import Match, PlayerSpec
from game.rules.realtable import TABLE
from game.session import INSTANT
from game.session.dice import DiceSession
from game.state import CHANCE
from game.store.matchfile import load_match
from game.tools.records import referee

PLAYERS = ["Anna", "Bernd", "Carla"]


def real_session(game: str, seed: int, *, real: bool = True) -> DiceSession:
    m = Match(game, [PlayerSpec(p) for p in PLAYERS], seed=seed, real_table=real)
    return DiceSession(m, pace=INSTANT)


def play_real(s: DiceSession, seed: int, limit: int = 5000, *, to_end: bool = True) -> None:
    """People at a real table: each decides as the exact bot would and enters the faces his real dice
    show (a seeded hand); a Türmchen now and then where the game has them."""
    bot, hand = make_bot("bot", seed), random.Random(seed)
    for _ in range(limit):
        if s.over():
            return
        if s.entering():
            seat = s.enterers()[0]
            if s.state.TOWERS and hand.random() < 0.03:
                assert s.enter(PLAYERS[seat], "tower") is None
                continue
            t = s.state.turn
            assert t is not None and t.pending is not None
            faces = " ".join(str(hand.randint(1, 6)) for _ in range(3 - len(t.pending)))
            assert s.enter(PLAYERS[seat], faces) is None
            continue
        (seat,) = s.waiting_for()
        assert s.request(PLAYERS[seat], bot.choose(s.state)) is None
    assert not to_end, "the match did not end"


def record_of(m: Match, path: Path) -> Path:
    """The match's throws as a record file for `referee` (docs/records.md): a turn a line."""
    turns: list[tuple[str, list[object]]] = []
    st: DiceState = m.start_state()
    for e in m.log.entries[1:]:
        if e.seat == TABLE:
            continue
        a = m.parse(e.action)
        if e.seat != CHANCE and (not turns or isinstance(a, Roll) and st.turn is not None and st.turn.rolls == 0):
            turns.append((PLAYERS[e.seat], []))
        turns[-1][1].append(a)
        st = st.apply(a).state
    lines = [f"game: {m.info.name}", f"players: [{', '.join(PLAYERS)}]", "rounds:"]
    lines += [f"  - {{{who}: '{format_turn(acts)}'}}" for who, acts in turns]  # type: ignore[arg-type]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("game", ["schock", "katchen"])
def test_real_table_whole_match_rules_as_referee_rules_the_record(game: str, tmp_path: Path) -> None:
    s = real_session(game, 7)
    play_real(s, 7)
    m = s.match
    assert m.state.is_terminal()
    chance = [e for e in m.log.entries if e.seat == CHANCE]
    assert chance and all((e.detail or {}).get("entered") in PLAYERS for e in chance)  # no roll drawn
    report = referee(record_of(m, tmp_path / f"{game}.yaml"))
    assert report.rulings == m.rulings()
    assert report.match.state.is_terminal()
    assert report.match.drinks() == m.drinks()


def test_schock_rolls_the_entry_waits_for_the_seat_on_turn_and_nobody_else() -> None:
    s = real_session("schock", 1)
    assert s.request("Anna", Roll()) is None
    assert s.entering() and s.waiting_for() == (0,) and s.state.current_player() == CHANCE
    for _ in range(5):
        s.tick(1.0)  # no die is drawn however long the table waits
    assert s.state.current_player() == CHANCE and len(s.match.log.entries) == 2
    refusal = s.enter("Bernd", "6 5 2")
    assert refusal is not None and "Anna" in str(refusal)
    assert s.enter("Anna", "6 5 2") is None
    assert s.match.log.entries[-1].action == "dice 652"


@pytest.mark.parametrize("typed, why", [
    ("6 5 2 1", "3 dice were rolled"),  # four dice
    ("6 5 7", "3 dice were rolled"),  # a face of 7
    ("6 5", "3 dice were rolled"),
    ("roll", "the dice are rolling"),
    ("six five two", "no outcome"),
])
def test_schock_rolls_impossible_faces_are_refused_with_the_reason_nothing_logged(typed: str, why: str) -> None:
    s = real_session("schock", 2)
    assert s.request("Anna", Roll()) is None
    n = len(s.match.log.entries)
    refusal = s.enter("Anna", typed)
    assert refusal is not None and why in str(refusal)
    assert len(s.match.log.entries) == n and s.entering()


def test_schock_rolls_no_second_roll_after_standing() -> None:
    s = real_session("schock", 3)
    assert s.request("Anna", Roll()) is None
    assert s.enter("Anna", "4 3 2") is None
    assert s.request("Anna", Stand()) is None
    n = len(s.match.log.entries)
    refusal = s.request("Anna", Roll((4,)))
    assert refusal is not None and "Bernd" in str(refusal)
    refusal = s.enter("Anna", "6 6 1")  # no roll of hers is pending: nothing to enter
    assert refusal is not None and len(s.match.log.entries) == n
    refusal = s.enter("Bernd", "6 6 1")  # on turn, but he has not rolled
    assert refusal is not None and "roll" in str(refusal) and len(s.match.log.entries) == n


def test_schock_sixes_the_sixes_turn_is_offered_when_the_faces_allow_it() -> None:
    s = real_session("schock", 4)
    assert s.request("Anna", Roll()) is None
    assert s.enter("Anna", "6 6 3") is None
    assert Flip(1) in s.state.legal_actions()
    assert s.request("Anna", Flip(1)) is None
    assert s.request("Anna", Roll((1,))) is None
    assert s.enter("Anna", "1 1") is None  # Schock aus from the Tüte: ruled from the entered faces
    t = s.state.turn
    assert t is not None and sorted(t.faces) == [1, 1, 1]


def test_schock_rolls_entered_outcome_is_undone_alone() -> None:
    s = real_session("schock", 5)
    assert s.request("Anna", Roll()) is None
    assert s.enter("Anna", "5 5 5") is None
    assert s.undo() is None  # a mistyped entry: back to entering it, the roll stays
    assert s.match.log.entries[-1].action == "roll" and s.entering()
    assert s.enter("Anna", "5 5 4") is None


def test_simulated_table_refuses_entered_faces() -> None:
    s = real_session("schock", 6, real=False)
    assert s.request("Anna", Roll()) is None
    assert s.match.log.entries[-1].seat == CHANCE  # drawn at once
    refusal = s.enter("Anna", "6 5 2")
    assert refusal is not None and "simulated" in str(refusal)


def test_switching_real_and_simulated_mid_match_is_logged_with_who_switched() -> None:
    s = real_session("schock", 8, real=False)
    assert s.request("Anna", Roll()) is None
    drawn = s.match.log.entries[-1]
    assert drawn.seat == CHANCE and not drawn.detail
    assert s.switch_table("Bernd", True) is None
    assert s.match.real_table and s.match.log.entries[-1].seat == TABLE
    assert s.match.log.entries[-1].action == "real table by Bernd"
    assert s.switch_table("Carla", True) is not None  # it is a real table already
    assert s.request("Anna", Stand()) is None
    assert s.request("Bernd", Roll()) is None
    assert s.entering() and s.enter("Bernd", "4 2 1") is None  # (the opener rolled once: his turn ends)
    assert s.request("Carla", Roll()) is None
    assert s.switch_table("Carla", False) is None  # her dice are not at hand: the pending roll is drawn
    assert not s.entering() and s.match.log.entries[-1].seat == CHANCE
    assert not s.match.log.entries[-1].detail
    replayed = Match.replay(s.match.log)
    assert replayed.rulings() == s.match.rulings() and not replayed.real_table


def test_real_table_match_saved_and_replayed_keeps_the_table(tmp_path: Path) -> None:
    s = real_session("schock", 9)
    play_real(s, 9, limit=40, to_end=False)
    path = s.save(tmp_path / "real.json")
    assert isinstance(path, Path)
    loaded = load_match(path)
    assert loaded.log.settings.get("real_table") is True and loaded.real_table
    assert loaded.rulings() == s.match.rulings()
    again = DiceSession(loaded, pace=INSTANT)
    t = again.state.turn
    if not again.over() and t is not None:  # play goes on at the real table: the player enters her dice
        assert again.request(PLAYERS[t.seat], Roll()) is None or again.entering()
        assert again.entering()
    nxt = s.next_match(seed=1)
    assert nxt.real_table


def test_bots_at_a_real_table_throw_drawn_dice() -> None:
    m = Match("schock", [PlayerSpec("Anna"), PlayerSpec("Robo", "random")], seed=3, real_table=True)
    s = DiceSession(m, pace=INSTANT)
    assert s.request("Anna", Roll()) is None
    assert s.enter("Anna", "3 2 1") is None
    assert s.request("Anna", Stand()) is None
    s.play_out(limit=len(m.log.entries) + 30)
    robo = [e for e in m.log.entries if e.seat == CHANCE and not (e.detail or {}).get("entered")]
    assert robo  # the bot has no hands: its dice are drawn
    assert isinstance(m.parse(robo[0].action), (Dice, Tower))


def test_a_saved_log_with_a_garbled_table_setting_or_switch_is_refused_at_its_place(tmp_path: Path) -> None:
    s = real_session("schock", 10)
    assert s.request("Anna", Roll()) is None and s.enter("Anna", "3 2 1") is None
    assert s.switch_table("Anna", False) is None
    path = s.save(tmp_path / "real.json")
    assert isinstance(path, Path)
    text = path.read_text(encoding="utf-8")
    for bad, why in (('"real_table": true', '"real_table": "yes"'), ("simulated table by Anna", "simulated table by Zoe")):
        broken = tmp_path / "broken.json"
        broken.write_text(text.replace(*(bad, why)), encoding="utf-8")
        with pytest.raises(InputError) as e:
            load_match(broken)
        assert ("real_table" in e.value.message) if "yes" in why else ("entry 4" in e.value.message and "Zoe" in e.value.message)
