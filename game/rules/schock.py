"""Schock (Kattenvenner Schockturnier): throw values, the order of throws, and round rulings.

Rule ids are those of `shared/rules/schock.md`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from enum import StrEnum
from typing import Mapping, Sequence

from game.i18n import N_
from game.rules.dice import ALL_THROWS, STRASSEN, Faces, Throw, norm, number, show
from game.rules.phrase import phrase
from game.rules.profile import Profile
from game.rules.ruling import Ruling, What
from game.rules.spec_schock import SPEC as SPEC  # (beside the rules: the menu reads it alone)

TOTAL_MATS = 15
MAX_ROLLS = 3


class Kind(StrEnum):
    SCHOCK_AUS = "Schock aus"
    JULE = "Jule"
    SCHOCK = "Schock"
    GENERAL = "General"
    STRASSE = "Straße"
    SIMPLE = "simple throw"


@dataclass(frozen=True, slots=True)
class Value:
    """What a throw is worth: its kind, its name, the mats it hands out, and its rank key."""

    kind: Kind
    name: str
    mats: int | None  # None for Schock aus: see schock.schock_aus
    key: tuple[int, ...]


def value(faces: Faces, one_roll: bool, profile: Profile) -> Value:
    """The value of a throw (looked up in the profile's table of all 56 throws)."""
    return _table(profile)[(norm(faces), one_roll)]


@lru_cache(maxsize=64)
def _table(profile: Profile) -> dict[tuple[Faces, bool], Value]:
    return {(t, one): _value(t, one, profile) for t in ALL_THROWS for one in (True, False)}


def _value(faces: Faces, one_roll: bool, profile: Profile) -> Value:
    """The value of three faces under schock.throws (best first: aus, Jule, Schock, General, Straße, simple)."""
    f = norm(faces)
    if f == (1, 1, 1):
        return Value(Kind.SCHOCK_AUS, "Schock aus", None, (7,))
    if f == (4, 2, 1) and one_roll:
        return Value(Kind.JULE, "Jule", 7, (6,))
    if f[1] == 1 and f[2] == 1:
        x = f[0]
        return Value(Kind.SCHOCK, f"Schock {x}", x, (5, x, 0))
    counts_here = one_roll or not profile["strasse_general_in_one_roll"]
    by_pips = bool(profile["rank_generals_by_pips"])
    if f[0] == f[1] == f[2] and counts_here:
        pips = f[0] if by_pips else 0
        key = (5, 2, 1, pips) if profile["general_beats_schock2"] else (4, pips)
        return Value(Kind.GENERAL, f"General {f[0]}" if by_pips else "General", 3, key)
    if f in STRASSEN and counts_here:
        return Value(Kind.STRASSE, "Straße", 2, (3, f[0] if by_pips else 0))
    return Value(Kind.SIMPLE, f"{number(f)}", 1, (2, number(f)))


def strength(t: Throw, profile: Profile) -> tuple[tuple[int, ...], int, int, int]:
    """The full order of throws in a round (bigger is better), schock.mit:

    value first; then fewer rolls; then, for Schock aus with equal rolls, one that fell in one go;
    then the earlier throw.
    """
    v = _table(profile)[(t.faces, t.one_roll)]
    in_one_go = 1 if v.kind is Kind.SCHOCK_AUS and t.one_roll else 0
    return (v.key, -t.rolls, in_one_go, -t.order)


def best_and_worst(throws: Sequence[tuple[str, Throw]], profile: Profile) -> tuple[str, str]:
    ranked = sorted(throws, key=lambda nt: strength(nt[1], profile))
    return ranked[-1][0], ranked[0][0]


def describe(t: Throw, profile: Profile) -> str:
    return _described(t.faces, t.rolls, t.one_roll, profile)


@lru_cache(maxsize=1024)  # a table's views say the same throws again and again (every seat's row, every change)
def _described(faces: Faces, rolls: int, one_roll: bool, profile: Profile) -> str:
    v = value(faces, one_roll, profile)
    if rolls == 1:
        return phrase(N_("{name} ({faces}, {n} roll)"), name=v.name, faces=show(faces), n=rolls)
    return phrase(N_("{name} ({faces}, {n} rolls)"), name=v.name, faces=show(faces), n=rolls)


# --- call-outs (schock.calls) ---------------------------------------------------------------


def roll_callouts(player: str, rolled: Faces, dice_in_cup: int) -> list[Ruling]:
    """Horrido! – three ones in a single roll of all three dice ("aus der Tüte")."""
    if dice_in_cup == 3 and norm(rolled) == (1, 1, 1):
        text = phrase(N_('{who}: Schock aus aus der Tüte – on the chair: "Horrido!"'), who=player)
        return [Ruling(player, What.CALL, 0, "schock.calls", text, words=("Horrido!",))]
    return []


def throw_callouts(player: str, t: Throw) -> list[Ruling]:
    """Kröger! – Hallo! – the lowest throw, 2-2-1."""
    if t.faces == (2, 2, 1):
        text = phrase(N_('{who} threw 2-2-1: "Kröger!" – all: "Hallo!"'), who=player)
        return [Ruling(player, What.CALL, 0, "schock.calls", text, words=("Kröger!", "Hallo!"))]
    return []


# --- the round ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundResult:
    best: str
    worst: str
    rulings: tuple[Ruling, ...]
    half_lost_by: str | None  # the worst throw lost the half in this round


def rule_round(
    throws: Sequence[tuple[str, Throw]],
    mats: Mapping[str, int],
    middle: int,
    profile: Profile,
    *,
    final: bool = False,
) -> RoundResult:
    """Rule a finished round: who gives whom how many mats (schock.deckel), and whether the half – or,
    in the final, the final – is lost."""
    best, worst = best_and_worst(throws, profile)
    tb = dict(throws)[best]
    tw = dict(throws)[worst]
    v = value(tb.faces, tb.one_roll, profile)
    head = phrase(
        N_("best {best}: {best_throw}; worst {worst}: {worst_throw}"),
        best=best,
        best_throw=describe(tb, profile),
        worst=worst,
        worst_throw=describe(tw, profile),
    )
    rulings: list[Ruling] = []
    if v.kind is Kind.SCHOCK_AUS:
        if profile["schock_aus"] == "lose_half":
            rulings.append(
                Ruling(
                    worst,
                    What.LOSS,
                    1,
                    "schock.schock_aus",
                    phrase(
                        N_("{head} → Schock aus: {worst} loses the final at once")
                        if final
                        else N_("{head} → Schock aus: {worst} loses the half at once"),
                        head=head,
                        worst=worst,
                    ),
                )
            )
            return RoundResult(best, worst, tuple(rulings), worst)
        back = mats[worst] // 2
        rulings.append(
            Ruling(
                worst,
                What.MATS,
                -back,
                "schock.schock_aus",
                phrase(
                    N_("{head} → Schock aus (literal reading): {worst} gives half of {mats} = {back} back to the middle"),
                    head=head,
                    worst=worst,
                    mats=mats[worst],
                    back=back,
                ),
            )
        )
        return RoundResult(best, worst, tuple(rulings), None)
    assert v.mats is not None
    owed = v.mats
    if middle > 0:
        n = min(owed, middle)
        note = "" if n == owed else phrase(N_(", but the middle holds only {middle}"), middle=middle)
        text = phrase(
            N_("{head} → {value} is worth {owed}{note}: {worst} takes {n} from the middle"),
            head=head,
            value=v.name,
            owed=owed,
            note=note,
            worst=worst,
            n=n,
        )
        rulings.append(Ruling(worst, What.MATS, n, "schock.deckel", text))
        new_worst = mats[worst] + n
    else:
        n = min(owed, mats[best])
        note = "" if n == owed else phrase(N_(", but {best} holds only {mats}"), best=best, mats=mats[best])
        text = phrase(
            N_("{head} → {value} is worth {owed}{note}: {best} passes {n} to {worst}"),
            head=head,
            value=v.name,
            owed=owed,
            note=note,
            best=best,
            n=n,
            worst=worst,
        )
        rulings.append(Ruling(worst, What.MATS, n, "schock.deckel", text, giver=best))
        new_worst = mats[worst] + n
    if new_worst >= TOTAL_MATS:
        lost = N_("{who} holds all {total} mats → loses the final") if final else N_("{who} holds all {total} mats → loses the half")
        text = phrase(lost, who=worst, total=TOTAL_MATS)
        rulings.append(Ruling(worst, What.LOSS, 1, "schock.game", text))
        return RoundResult(best, worst, tuple(rulings), worst)
    return RoundResult(best, worst, tuple(rulings), None)


def sixes_flippable(rolled: Faces) -> int:
    """How many sixes may be turned to ones after a roll showing `rolled` (schock.sixes)."""
    sixes = sum(1 for f in rolled if f == 6)
    return 2 if sixes == 3 else 1 if sixes == 2 else 0
