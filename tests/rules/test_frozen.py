"""`game.rules.frozen.replace`: for every game state's class marked `replaceable`, the very instance
`dataclasses.replace` makes – taken from real matches of all four games, each field changed in turn."""
from __future__ import annotations

import dataclasses
import random
from functools import cache
from typing import Any

import pytest

from game.match import Match, PlayerSpec
from game.rules.frozen import _FIELDS, replace, replaceable
from tests.invariants import play_dice, play_pong, play_race, random_profile


@cache
def _states() -> list[Any]:
    """States of a Schock, a Katchen, a Racerbile and a Bierpong match, with their parts."""
    out: list[Any] = []
    for game in ("schock", "katchen"):
        m = play_dice(game, 3, 3, random_profile(game, random.Random(3)))
        out += [m.kept_state(k) or m.state for k in (1, 5)] + [m.state]
    race = play_race(4, 3, random_profile("racerbile", random.Random(4), laps=1), "babybane")
    pong, _problems = play_pong(5, 2, random_profile("bierpong", random.Random(5), cups=3, formation="triangle"))
    for m in (race, pong, Match("schock", [PlayerSpec("Ann"), PlayerSpec("Bo")], seed=1)):
        out.append(m.state)
    parts: list[Any] = []
    for st in out:  # and the parts they hold: turns, cars, sides, the ledger's accounts
        for f in dataclasses.fields(st):
            v = getattr(st, f.name)
            for x in (v if isinstance(v, tuple) else (v,)):
                if type(x) in _FIELDS:
                    parts.append(x)
        ledger = getattr(st, "ledger", None)
        parts += [ledger, *(a for _name, a in ledger.accounts)] if ledger is not None else []
    return out + parts



def test_replace_makes_what_dataclasses_replace_makes_for_every_marked_class_and_field() -> None:
    seen = set()
    for st in _states():
        cls = type(st)
        assert cls in _FIELDS, cls
        seen.add(cls.__name__)
        for f in dataclasses.fields(st):
            for value in (getattr(st, f.name), None, 7):
                quick, slow = replace(st, **{f.name: value}), dataclasses.replace(st, **{f.name: value})
                assert type(quick) is cls and quick == slow, (cls.__name__, f.name)
                assert all(getattr(quick, g.name) is getattr(slow, g.name) for g in dataclasses.fields(st))
    assert {"SchockState", "KatchenState", "RaceState", "BierpongState", "Car", "Ledger"} <= seen, seen


def test_an_unknown_field_is_a_type_error_and_a_cached_value_does_not_carry_over() -> None:
    st = next(s for s in _states() if type(s).__name__ == "SchockState")
    with pytest.raises(TypeError, match="no field"):
        replace(st, no_such_field=1)
    object.__setattr__(st, "_cached", "stale")  # (a value a method kept in the instance)
    try:
        assert "_cached" not in vars(replace(st, round_no=st.round_no + 1))
    finally:
        object.__delattr__(st, "_cached")


def test_only_a_plain_frozen_dataclass_can_be_marked() -> None:
    @dataclasses.dataclass
    class Loose:
        a: int = 0

    @dataclasses.dataclass(frozen=True)
    class Checked:
        a: int = 0

        def __post_init__(self) -> None:
            assert self.a >= 0

    @dataclasses.dataclass(frozen=True)
    class Derived:
        a: int = 0
        b: int = dataclasses.field(init=False, default=0)

    for cls in (Loose, Checked, Derived):
        with pytest.raises(TypeError, match="replaceable"):
            replaceable(cls)
    assert replace(Checked(1), a=2) == Checked(2)  # unmarked: `dataclasses.replace`, checks and all
    with pytest.raises(AssertionError):
        replace(Checked(1), a=-1)
