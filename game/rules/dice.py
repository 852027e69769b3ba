"""The vocabulary the dice games share: faces, a finished throw, and the 56 possible throws."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement

Faces = tuple[int, ...]


def norm(faces: Faces | list[int]) -> Faces:
    """Faces sorted high to low – the canonical way to write a throw (6-5-2 is `652`)."""
    return tuple(sorted(faces, reverse=True))


def check_faces(faces: Faces | list[int]) -> None:
    for f in faces:
        if not 1 <= f <= 6:
            raise ValueError(f"a die shows 1 to 6, not {f}")


def show(faces: Faces) -> str:
    return "-".join(str(f) for f in norm(faces))


def number(faces: Faces) -> int:
    """The faces read as a number, high to low (6-5-2 → 652)."""
    a, b, c = norm(faces)
    return a * 100 + b * 10 + c


ALL_THROWS: tuple[Faces, ...] = tuple(norm(t) for t in combinations_with_replacement(range(1, 7), 3))
"""The 56 different throws of three dice."""

STRASSEN = frozenset({(3, 2, 1), (4, 3, 2), (5, 4, 3), (6, 5, 4)})


@dataclass(frozen=True, slots=True)
class Throw:
    """A finished turn: the three faces (high to low), how many rolls it took, and how it fell.

    `one_roll` – all three dice came from the last roll (nothing kept, nothing turned);
    `order` – when it was finished within the round (0 first).
    """

    faces: Faces
    rolls: int = 1
    one_roll: bool = True
    order: int = 0

    def __post_init__(self) -> None:
        if len(self.faces) != 3:
            raise ValueError("a throw has three dice")
        check_faces(self.faces)
        object.__setattr__(self, "faces", norm(self.faces))

    def __str__(self) -> str:
        return f"{show(self.faces)} in {self.rolls} roll{'s' if self.rolls != 1 else ''}"
