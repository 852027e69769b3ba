"""The throw notation a person can type (docs/records.md).

A turn is its rolls in order, separated by spaces:

- `521` – a roll of all three dice;
- `21+6` – dice kept (`21`), `+`, what the rolled dice showed (`6`);
- `664>164` – after the roll, sixes turned to ones (Schock), written as the dice after turning;
- `T` – a Türmchen: the roll that follows was first thrown as a tower and is thrown again.

The turn ends after its last roll (the player stands). Katchen's worked example: `521 21+6 21+3`.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from game.dice.actions import Action, Dice, Flip, Roll, Stand, Tower
from game.rules.dice import Faces, norm

_ROLL = re.compile(r"^(?:(?P<kept>\d*)\+)?(?P<new>\d+)(?:>(?P<after>\d+))?$")


class NotationError(ValueError):
    """A turn that cannot be read; `offset` is the position in the text."""

    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.offset = offset


@dataclass(frozen=True)
class Token:
    text: str
    offset: int
    actions: tuple[Action, ...]


def _digits(s: str, where: str, offset: int) -> Faces:
    for i, c in enumerate(s):
        if c not in "123456":
            raise NotationError(f"impossible die {c!r} in {where}: a die shows 1 to 6", offset + i)
    return tuple(int(c) for c in s)


def parse_turn(text: str) -> list[Token]:
    """Split a turn into tokens, each with the actions it stands for (Stand is not included)."""
    tokens: list[Token] = []
    tower = 0
    for m in re.finditer(r"\S+", text):
        word, off = m.group(), m.start()
        if word in ("T", "t"):
            tower += 1
            continue
        r = _ROLL.match(word)
        if not r:
            raise NotationError(
                f"cannot read {word!r}: write a roll as 521, kept+rolled as 21+6, turned sixes as 664>164, a tower as T", off
            )
        kept_s, new_s, after_s = r.group("kept") or "", r.group("new"), r.group("after")
        kept = _digits(kept_s, word, off)
        new = _digits(new_s, word, off + len(kept_s) + (1 if r.group("kept") is not None else 0))
        if len(kept) + len(new) != 3:
            raise NotationError(f"{word!r} shows {len(kept) + len(new)} dice; a throw has three", off)
        if not tokens and kept:
            raise NotationError(f"{word!r}: the first roll throws all three dice, nothing can be kept yet", off)
        acts: list[Action] = [Roll(norm(kept)), *([Tower()] * tower), Dice(new)]
        tower = 0
        if after_s is not None:
            after_off = off + len(word) - len(after_s)
            after = _digits(after_s, word, after_off)
            before = norm(kept + new)
            if len(after) != 3:
                raise NotationError(f"{word!r}: write the three dice after turning", after_off)
            turned = Counter(before) - Counter(after)
            added = Counter(after) - Counter(before)
            n = turned.get(6, 0)
            if set(turned) - {6} or set(added) - {1} or n != added.get(1, 0) or n == 0:
                raise NotationError(f"{word!r}: only sixes can be turned, and they become ones", after_off)
            acts.append(Flip(n))
        tokens.append(Token(word, off, tuple(acts)))
    if tower:
        raise NotationError("a tower T must stand before the roll that is thrown again", len(text.rstrip()))
    if not tokens:
        raise NotationError("an empty turn: write the rolls, e.g. 521", 0)
    return tokens


def format_turn(actions: list[Action]) -> str:
    """The notation of one turn's actions (the inverse of parse_turn, up to a final Stand)."""
    out: list[str] = []
    keep: Faces = ()
    last_faces: Faces = ()
    towers = 0
    for a in actions:
        if isinstance(a, Roll):
            keep = norm(a.keep)
        elif isinstance(a, Tower):
            towers += 1
        elif isinstance(a, Dice):
            out += ["T"] * towers
            towers = 0
            k = "".join(map(str, keep))
            out.append((k + "+" if k else "") + "".join(map(str, a.faces)))
            last_faces = norm(keep + a.faces)
        elif isinstance(a, Flip):
            f = list(last_faces)
            for _ in range(a.count):
                f[f.index(6)] = 1
            out[-1] += ">" + "".join(map(str, norm(tuple(f))))
        elif isinstance(a, Stand):
            pass
    return " ".join(out)
