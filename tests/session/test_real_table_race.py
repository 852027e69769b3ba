"""Racerbile at a real table (issue 32): the driver enters the dice he rolled (the 5s and 6s thrown
again, the clutch faults read from them), everybody his own die in the roll for the order; the race
is ruled exactly as `referee` rules the same race written as a record; impossible dice are refused
with the rule's reason; the table switches mid-race; a real-table race saves and replays."""
from __future__ import annotations

import random
from pathlib import Path

from game.match import Match, PlayerSpec
from game.racerbile.actions import Dice, Shift, StartDie
from game.racerbile.bots import make_race_bot
from game.racerbile.state import GEAR, ROLL, START_ROLL, RaceState
from game.rules import racerbile as R
from game.rules.realtable import TABLE
from game.session import INSTANT
from game.session.race import RaceSession
from game.state import CHANCE
from game.store.matchfile import load_match
from game.tools.records import referee

PLAYERS = ["Ann", "Ben"]


def real_race(seed: int, *, real: bool = True) -> RaceSession:
    m = Match("racerbile", [PlayerSpec(p) for p in PLAYERS], R.SPEC.make(R.BABYBILE, laps=1), seed=seed,
              track="babybane", real_table=real)
    return RaceSession(m, pace=INSTANT)


def play_real(s: RaceSession, seed: int, limit: int = 3000, *, to_end: bool = True) -> None:
    """Drivers at a real table: each decides as the careful bot would, rolls real dice (a seeded hand)
    and enters what they show."""
    bot, rng, hand = make_race_bot("careful"), random.Random(seed), random.Random(seed + 1)
    for _ in range(limit):
        if s.over():
            return
        st = s.state
        if s.entering():
            (seat,) = s.enterers()
            n = 1 if st.phase == START_ROLL else st.turn.pending if st.turn is not None else 0
            faces = " ".join(str(hand.randint(1, 6)) for _ in range(n))
            assert s.enter(PLAYERS[seat], faces) is None
            continue
        (seat,) = s.waiting_for()
        assert s.request(PLAYERS[seat], bot.act(st, rng)) is None
    assert not to_end, "the race did not end"


def record_of(m: Match, path: Path) -> Path:
    """The race as a record for `referee` (docs/records.md): the order's rolls, then each turn's actions."""
    rolls: dict[str, list[str]] = {p: [] for p in PLAYERS}
    turns: list[tuple[str, list[str]]] = []
    st: RaceState = m.start_state()
    for e in m.log.entries[1:]:
        if e.seat == TABLE:
            continue
        a = m.parse(e.action)
        if isinstance(a, StartDie):
            rolls[PLAYERS[st.groups[0][len(st.rolled)]]].append(str(a.face))
        else:
            assert st.turn is not None
            who = PLAYERS[st.turn.seat]
            if not turns or turns[-1][0] != who or st.phase == GEAR:
                turns.append((who, []))
            turns[-1][1].append(e.action)
        st = st.apply(a).state
    lines = ["game: racerbile", "track: babybane", f"players: [{', '.join(PLAYERS)}]",
             "profile: {variant: babybile, options: {laps: 1}}", "order:",
             "  rolls: {" + ", ".join(f"{p}: {' '.join(r)}" for p, r in rolls.items()) + "}", "turns:"]
    lines += [f"  - \"{who}: {'; '.join(acts)}\"" for who, acts in turns]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_real_table_whole_race_rules_as_referee_rules_the_record(tmp_path: Path) -> None:
    s = real_race(11)
    play_real(s, 11)
    m = s.match
    assert m.state.is_terminal()
    chance = [e for e in m.log.entries if e.seat == CHANCE]
    assert chance and all((e.detail or {}).get("entered") in PLAYERS for e in chance)  # no die drawn
    dice = [a for a in map(m.parse, (e.action for e in chance)) if isinstance(a, Dice)]
    assert any(f >= 5 for a in dice for f in a.faces)  # 5s and 6s, thrown again
    report = referee(record_of(m, tmp_path / "race.yaml"))
    assert report.match.rulings() == m.rulings()
    assert report.match.state.is_terminal()


def test_racerbile_start_each_rolls_his_own_die_for_the_order() -> None:
    s = real_race(1)
    assert s.state.phase == START_ROLL and s.enterers() == (0,)
    refusal = s.enter("Ben", "6")
    assert refusal is not None and "Ann" in str(refusal)
    assert s.enter("Ann", "5") is None and s.enterers() == (1,)
    assert s.enter("Ben", "3") is None and s.state.phase != START_ROLL


def start(s: RaceSession) -> None:
    assert s.enter("Ann", "5") is None and s.enter("Ben", "3") is None


def test_racerbile_gears_impossible_dice_are_refused_with_the_reason_nothing_logged() -> None:
    s = real_race(2)
    start(s)
    if s.state.phase == GEAR:
        assert s.request("Ann", Shift(0)) is None
    assert s.state.phase == ROLL and s.entering()
    n = len(s.match.log.entries)
    for typed, why in (("4 4 4 4", "dice are rolling, not 4"), ("7", "a die shows 1 to 6, not 7"), ("fast", "no outcome")):
        refusal = s.enter("Ann", typed)
        assert refusal is not None and why in str(refusal), (typed, refusal)
    assert len(s.match.log.entries) == n


def test_racerbile_too_fast_and_clutch_are_ruled_from_the_entered_dice() -> None:
    s = real_race(3)
    start(s)
    if s.state.phase == GEAR:
        assert s.request("Ann", Shift(0)) is None
    pending = s.state.turn.pending if s.state.turn else 0
    assert pending == 1  # first gear: one die
    assert s.enter("Ann", "6") is None  # thrown again
    assert s.entering() and s.enterers() == (0,)
    assert s.enter("Ann", "1") is None
    last = s.match.log.entries[-1]
    assert any(r.rule == "racerbile.clutch" for r in last.rulings)


def test_switching_real_and_simulated_mid_race() -> None:
    s = real_race(4)
    start(s)
    assert s.switch_table("Ben", False) is None
    switch = next(e for e in reversed(s.match.log.entries) if e.seat == TABLE)
    assert not s.match.real_table and switch.action == "simulated table by Ben"
    s.play_out(limit=len(s.match.log.entries) + 6)  # nobody enters: the dice are drawn (people decide)
    play_real(s, 4, limit=8, to_end=False)
    assert any(e.seat == CHANCE and not e.detail for e in s.match.log.entries)
    assert s.switch_table("Ann", True) is None
    play_real(s, 5)
    replayed = Match.replay(s.match.log)
    assert replayed.rulings() == s.match.rulings() and replayed.real_table


def test_real_table_race_saved_and_replayed(tmp_path: Path) -> None:
    s = real_race(6)
    play_real(s, 6, limit=30, to_end=False)
    path = s.save(tmp_path / "race.json")
    assert isinstance(path, Path)
    loaded = load_match(path)
    assert loaded.real_table and loaded.rulings() == s.match.rulings()


def test_racerbile_a_mistyped_die_is_undone_alone() -> None:
    s = real_race(7)
    start(s)
    if s.state.phase == GEAR:
        assert s.request("Ann", Shift(0)) is None
    n = len(s.match.log.entries)
    assert s.enter("Ann", "1") is None  # a clutch fault that the real die did not show
    assert s.undo() is None
    assert len(s.match.log.entries) == n and s.entering() and s.enterers() == (0,)
    assert s.enter("Ann", "3") is None
