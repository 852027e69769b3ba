"""One player's turn at the dice table: up to the allowed number of rolls, keeping dice between them."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from game.rules.dice import Faces, Throw, norm
from game.rules.frozen import replace, replaceable


def sub_multisets(faces: Faces) -> list[Faces]:
    """Every distinct selection of dice from `faces` (as sorted tuples), the empty one included."""
    out: set[Faces] = set()
    for k in range(len(faces) + 1):
        for c in combinations(norm(faces), k):
            out.add(c)
    return sorted(out, key=lambda c: (len(c), c))


def contains(big: Faces, small: Faces) -> bool:
    """True when the dice `small` can be picked out of `big` (as multisets; a few dice: a list's
    removals beat two `Counter`s by far, and every legal roll asks)."""
    rest = list(big)
    for f in small:
        if f not in rest:
            return False
        rest.remove(f)
    return True


def minus(big: Faces, small: Faces) -> Faces:
    """The dice of `big` without those of `small` (each taken once, where it is there)."""
    rest = list(big)
    for f in small:
        if f in rest:
            rest.remove(f)
    return norm(tuple(rest))


@replaceable
@dataclass(frozen=True, slots=True)
class Turn:
    """A turn in progress.

    `faces` – the three dice showing (empty before the first roll); `out` – dice set aside
    that may not go back in the cup (Schock) and turned sixes; `pending` – the dice kept for a
    roll whose outcome chance has not yet decided; `must_roll` – a single six was turned, so
    this roll is not the last (schock.sixes).
    """

    seat: int
    max_rolls: int
    rolls: int = 0
    faces: Faces = ()
    out: Faces = ()
    one_roll: bool = True
    pending: Faces | None = None
    must_roll: bool = False
    towers: int = 0

    @property
    def roll_no(self) -> int:
        """The roll under way or the last one made (1 while the first roll's dice are in the air; 0
        before it)."""
        return self.rolls + (self.pending is not None)

    @property
    def fresh(self) -> Faces:
        """The dice of the last roll that are still on the table (not set aside before it)."""
        return minus(self.faces, self.out)

    def rolled(self, kept: Faces, new: Faces, sets_aside: bool) -> Turn:
        return replace(
            self,
            rolls=self.rolls + 1,
            faces=norm(kept + new),
            out=norm(kept) if sets_aside else (),
            one_roll=not kept,
            pending=None,
            must_roll=False,
        )

    def flipped(self, n: int) -> Turn:
        faces = list(self.faces)
        for _ in range(n):
            faces[faces.index(6)] = 1
        return replace(self, faces=norm(tuple(faces)), out=norm(self.out + (1,) * n), one_roll=False, must_roll=(n == 1))

    def finish(self, order: int) -> Throw:
        return Throw(self.faces, self.rolls, self.one_roll, order)
