"""The door's arithmetic (`game.net.gate.CodeGate`), with the real limits and the times given: one
address checks `TRIES` wrong codes at once, then `TRIES_PER_MINUTE`; the table `TABLE_TRIES`, then
`TABLE_TRIES_PER_MINUTE`; a right code only ever waits its turn; a newcomer goes before a guesser; the
hellos waiting are bounded. (Over real sockets: test_join_code, test_lan.)"""
from __future__ import annotations

import math

import pytest

from game.net.gate import (LATELY, TABLE_TRIES, TABLE_TRIES_PER_MINUTE, TRIES, TRIES_PER_MINUTE, WAITING, WAITING_PER_ADDRESS,
                           CodeGate, Limits)

RIGHT = "right"  # the hellos are the codes they carry: this one is right, any other is wrong


def check(gate: CodeGate[str], now: float, address_of: dict[str, str]) -> list[str]:
    """What the host does with the gate at `now`: check each code whose turn it is (a wrong one costs)."""
    out = []
    for code in gate.due(now):
        out.append(code)
        if not code.startswith(RIGHT):
            gate.wrong(address_of[code], now)
    return out


class Door:
    """A gate and the addresses its hellos came from."""

    def __init__(self, limits: Limits = Limits()) -> None:
        self.gate: CodeGate[str] = CodeGate(limits)
        self.address_of: dict[str, str] = {}

    def knock(self, address: str, code: str, now: float) -> list[tuple[str, str]]:
        self.address_of[code] = address
        return self.gate.knock(address, code, now)

    def check(self, now: float) -> list[str]:
        return check(self.gate, now, self.address_of)


def test_one_address_has_tries_wrong_codes_at_once_then_tries_per_minute_and_its_right_code_only_waits() -> None:
    door = Door()
    for i in range(TRIES):
        door.knock("pub", f"wrong{i}", 0.0)
        assert door.check(0.0) == [f"wrong{i}"]
    door.knock("pub", "wrong-again", 0.0)
    door.knock("pub", RIGHT, 0.0)
    door.knock("home", RIGHT + "-home", 0.0)
    assert door.check(0.0) == [RIGHT + "-home"]  # another address: at once
    window = 60.0 / TRIES_PER_MINUTE  # one try back a window later
    assert door.check(window / 2) == []  # the pub's tries are spent: its codes wait, right or wrong
    assert door.check(window) == ["wrong-again"]  # the next try, in the order they came
    assert door.check(1.5 * window) == []
    assert door.check(2 * window) == [RIGHT]
    assert door.check(2 * window) == [] and len(door.gate) == 0
    later = 20 * window  # long after: the tries are back, up to `TRIES` (not more)
    for i in range(TRIES):
        door.knock("pub", f"later{i}", later)
        assert door.check(later) == [f"later{i}"]
    door.knock("pub", "one-more", later)
    assert door.check(later) == [] and len(door.gate) == 1


def test_the_table_checks_table_tries_at_once_then_table_tries_per_minute_from_all_addresses() -> None:
    door = Door()
    guessers = [f"10.0.{i // 250}.{i % 250}" for i in range(TABLE_TRIES)]
    for i, a in enumerate(guessers * 3):  # three guesses from each address: a third of them are checked
        door.knock(a, f"guess{i}", 0.0)
    assert len(door.check(0.0)) == TABLE_TRIES and len(door.gate) == 2 * TABLE_TRIES
    second = 60.0 / TABLE_TRIES_PER_MINUTE
    door.knock("newcomer", RIGHT, 0.5 * second)
    assert door.check(0.5 * second) == []  # the table's tries are spent: even a right code waits its turn …
    came = door.check(second)
    assert came[0] == RIGHT and len(came) == 2  # … it goes first (no wrong codes lately), and costs no try
    assert len(door.check(second + 60.0)) == TABLE_TRIES_PER_MINUTE  # a minute later: a minute's tries
    assert door.check(second + 60.0) == [] and len(door.gate) == TABLE_TRIES - 1
    assert len(door.check(1000.0)) == TABLE_TRIES - 1  # (the refill is kept up to `TABLE_TRIES`)


def test_an_address_with_wrong_codes_lately_waits_behind_others_for_lately_seconds() -> None:
    door = Door(Limits(table_tries=1, table_tries_per_minute=1.0))  # (one check a minute: the order shows)
    door.knock("guesser", "wrong", 0.0)
    assert door.check(0.0) == ["wrong"]
    door.knock("guesser", "guess", 1.0)
    door.knock("newcomer", RIGHT, 2.0)
    assert door.check(60.0) == [RIGHT, "guess"]  # the newcomer first; its right code costs the table no try
    door.knock("guesser", "guess2", 100.0)
    door.knock("fresh", "fresh-wrong", 101.0)
    assert door.check(120.0) == ["fresh-wrong"]  # an address without wrong codes lately goes first …
    assert door.check(180.0) == ["guess2"]
    later = 180.0 + LATELY + 1.0  # … until the guesser's wrong codes are older than `LATELY`
    door.knock("guesser", "guess3", later)
    door.knock("fresh2", "fresh2-wrong", later + 1.0)
    assert door.check(later + 60.0) == ["guess3"]  # forgotten: the one that came first goes first


def test_the_hellos_waiting_are_bounded_per_address_and_in_all_and_the_most_suspect_gives_way() -> None:
    door = Door()
    for i in range(TRIES):
        door.knock("guesser", f"wrong{i}", 0.0)
        door.check(0.0)
    for i in range(WAITING_PER_ADDRESS):
        assert door.knock("guesser", f"more{i}", 0.0) == []
    refused = door.knock("guesser", "one-too-many", 0.0)
    assert refused == [("one-too-many", "too many hellos wait from this address: try again in a minute")]
    for i in range(WAITING - WAITING_PER_ADDRESS):
        assert door.knock(f"10.1.{i // 250}.{i % 250}", f"waits{i}", 0.0) == []
    gone = door.knock("newcomer", RIGHT, 0.0)  # one over `WAITING`: the guesser's newest hello gives way
    assert gone == [(f"more{WAITING_PER_ADDRESS - 1}", "too many hellos wait at this table: try again in a minute")]
    assert len(door.gate) == WAITING


def test_a_shorter_minute_shortens_every_window_alike() -> None:
    fast = Limits(minute=5.0)  # (a twelfth: a window of a second)
    door = Door(fast)
    for i in range(TRIES + 1):
        door.knock("pub", f"wrong{i}", 0.0)
        door.check(0.0)
    assert len(door.gate) == 1
    window = fast.minute / TRIES_PER_MINUTE
    assert door.check(window / 2) == [] and door.check(window) == [f"wrong{TRIES}"]
    assert math.isclose(fast.recent(), LATELY / 12)
    for bad in (0.0, -1.0, math.nan, math.inf):
        with pytest.raises(ValueError, match="minute"):
            Limits(minute=bad)
