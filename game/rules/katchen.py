"""Katchen (Katchenturnier of the Rote Löwen): the value table, the order, and round rulings.

Rule ids are those of `shared/rules/katchen.md`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping, Sequence

from game.i18n import N_
from game.rules.dice import ALL_THROWS, STRASSEN, Faces, Throw, norm, number, show
from game.rules.phrase import phrase
from game.rules.profile import Profile
from game.rules.ruling import Ruling, What
from game.rules.spec_katchen import SPEC as SPEC  # (beside the rules: the menu reads it alone)

TOTAL_MATS = 13
MAX_ROLLS = 3


@dataclass(frozen=True, slots=True)
class Value:
    """A row of katchen.table: rank (1 best), name, and the mats it is worth; `key` orders throws."""

    rank: int
    name: str
    mats: int
    key: tuple[int, int, int]


def value(faces: Faces, one_roll: bool, profile: Profile) -> Value:
    """The value of a throw (looked up in the profile's table of all 56 throws)."""
    return _table(profile)[(norm(faces), one_roll)]


@lru_cache(maxsize=64)
def _table(profile: Profile) -> dict[tuple[Faces, bool], Value]:
    return {(t, one): _value(t, one, profile) for t in ALL_THROWS for one in (True, False)}


def _value(faces: Faces, one_roll: bool, profile: Profile) -> Value:
    """The value of three faces under katchen.table, ordered by katchen.order."""
    f = norm(faces)
    if f == (4, 2, 1) and (one_roll or not profile["katchen_in_one_roll"]):
        return Value(1, "Katchen", 8, (8, -1, 0))
    if f[1] == 1 and f[2] == 1:
        x = 7 if f[0] == 1 else f[0]
        return Value(2, f"{x} Asse", x, (x, -2, x))
    if f[0] == f[1] == f[2]:
        return Value(3, f"{f[0]}er Pasch", f[0], (f[0], -3, f[0]))
    if f in STRASSEN:
        return Value(4, f"Straße {number(f)}", 2, (2, -4, f[0]))
    return Value(5, f"{number(f)}", 1, (1, -5, number(f)))


def strength(t: Throw, profile: Profile) -> tuple[tuple[int, int, int], int, int]:
    """Bigger is better: value (katchen.order), then fewer rolls, then earlier (katchen.mit)."""
    return (_table(profile)[(t.faces, t.one_roll)].key, -t.rolls, -t.order)


def best_and_worst(throws: Sequence[tuple[str, Throw]], profile: Profile) -> tuple[str, str]:
    ranked = sorted(throws, key=lambda nt: strength(nt[1], profile))
    return ranked[-1][0], ranked[0][0]


def describe(t: Throw, profile: Profile) -> str:
    return _described(t.faces, t.rolls, t.one_roll, profile)


@lru_cache(maxsize=1024)  # a table's views say the same throws again and again (every seat's row, every change)
def _described(faces: Faces, rolls: int, one_roll: bool, profile: Profile) -> str:
    v = value(faces, one_roll, profile)
    if rolls == 1:
        return phrase(N_("{name} ({faces})"), name=v.name, faces=show(faces))
    return phrase(N_("{name} ({faces}, {n} rolls)"), name=v.name, faces=show(faces), n=rolls)


def _tie_note(throws: Sequence[tuple[str, Throw]], who: str, profile: Profile) -> str:
    """Name katchen.mit when the worst (or best) throw tied on faces with another."""
    t = dict(throws)[who]
    same = [n for n, o in throws if n != who and value(o.faces, o.one_roll, profile).key == value(t.faces, t.one_roll, profile).key]
    if not same:
        return ""
    return phrase(N_(" (ties with {others}: Mit ist shit – katchen.mit)"), others=", ".join(same))


@dataclass(frozen=True)
class RoundResult:
    best: str
    worst: str
    rulings: tuple[Ruling, ...]


def rule_phase1(throws: Sequence[tuple[str, Throw]], stack: int, profile: Profile) -> RoundResult:
    """katchen.phase1: the lowest throw takes from the stack what the highest is worth (what is left)."""
    best, worst = best_and_worst(throws, profile)
    tb, tw = dict(throws)[best], dict(throws)[worst]
    v = value(tb.faces, tb.one_roll, profile)
    n = min(v.mats, stack)
    short = "" if n == v.mats else phrase(N_(", but the stack holds only {stack}"), stack=stack)
    text = phrase(
        N_("highest {best}: {best_throw}; lowest {worst}: {worst_throw}{tie} → worth {worth}{short}: "
           "{worst} takes {n} from the stack"),
        best=best,
        best_throw=describe(tb, profile),
        worst=worst,
        worst_throw=describe(tw, profile),
        tie=_tie_note(throws, worst, profile),
        worth=v.mats,
        short=short,
        n=n,
    )
    return RoundResult(best, worst, (Ruling(worst, What.MATS, n, "katchen.phase1", text),))


def rule_phase2(throws: Sequence[tuple[str, Throw]], mats: Mapping[str, int], profile: Profile) -> RoundResult:
    """katchen.phase2: the best throw gives its value in mats to the worst (all it has if fewer)."""
    best, worst = best_and_worst(throws, profile)
    tb, tw = dict(throws)[best], dict(throws)[worst]
    v = value(tb.faces, tb.one_roll, profile)
    n = min(v.mats, mats[best])
    short = "" if n == v.mats else phrase(N_(", but {best} holds only {mats}"), best=best, mats=mats[best])
    text = phrase(
        N_("best {best}: {best_throw}; worst {worst}: {worst_throw}{tie} → worth {worth}{short}: "
           "{best} gives {n} to {worst}"),
        best=best,
        best_throw=describe(tb, profile),
        worst=worst,
        worst_throw=describe(tw, profile),
        tie=_tie_note(throws, worst, profile),
        worth=v.mats,
        short=short,
        n=n,
    )
    return RoundResult(best, worst, (Ruling(worst, What.MATS, n, "katchen.phase2", text, giver=best),))
