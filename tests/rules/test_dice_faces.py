"""The dice a player keeps or puts out are picked out of the throw as a multiset (schock.rolls,
katchen.phase2): `contains` and `minus` agree with multiset arithmetic on every pair of throws of up
to three dice – each face taken once per die, never more than the throw has."""
from __future__ import annotations

import itertools
from collections import Counter

from game.dice.turn import contains, minus
from game.rules.dice import norm

THROWS = [t for n in range(4) for t in itertools.product(range(1, 7), repeat=n)]


def test_schock_rolls_dice_picked_out_of_a_throw_are_a_multisets_part() -> None:
    for big in THROWS:
        for small in THROWS:
            assert contains(big, small) == (not Counter(small) - Counter(big)), (big, small)
            assert minus(big, small) == norm(tuple((Counter(big) - Counter(small)).elements())), (big, small)
    assert contains((6, 6, 1), (6, 6)) and not contains((6, 1, 1), (6, 6))
    assert minus((6, 6, 1), (6, 5)) == norm((6, 1))
