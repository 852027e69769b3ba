"""Bierpong's rule profile and the pure arithmetic of removals (Bierpongregelwerk v1.4.1).

The state machine is `game.bierpong.state`; here only what is reckoned from a shot's kind alone:
how many cups a hit removes (bierpong.art14, art15, art20, art22 and their combinations,
bierpong.combo; on fire without bonuses, bierpong.art21) and which formation a rack starts in.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_
from game.rules.phrase import join, phrase
from game.rules.spec_bierpong import SPEC as SPEC  # (beside the rules: the menu reads it alone)

FORMATION_OF = {("triangle", 10): "triangle10", ("triangle", 6): "six", ("triangle", 3): "three", ("diamond", 4): "diamond", ("line", 3): "line"}
RERACK_OF = {10: "triangle10", 6: "six", 4: "diamond", 3: "three"}


def formation_kind(formation: str, cups: int) -> str:
    """The physics table's formation for a profile's `formation` and `cups` (ValueError if none)."""
    kind = FORMATION_OF.get((formation, cups))
    if kind is None:
        fits = ", ".join(f"{f} with {n}" for f, n in FORMATION_OF)
        raise ValueError(f"no {formation} of {cups} cups; a formation fits these counts: {fits}")
    return kind


SHOT_NAMES = {"bounce": N_("bounce"), "bombe": N_("bombe"), "island": N_("island")}


SHOT_PARTS = ("bombe", "island", "bounce")  # a combination's parts, in the order its removal names them (bierpong.combo)


def shot_name(kind: str) -> str:
    """A special shot's name ("bounce", "bombe", "island") as a translatable phrase; a combination
    ("bombe+island") joined with " + "."""
    parts: list[str] = [phrase(SHOT_NAMES.get(k, k)) for k in kind.split("+")]
    return parts[0] if len(parts) == 1 else join(parts, " + ")  # (a phrase either way: said in the player's language)


def combination(*, bombe: bool = False, island: bool = False, bounce: bool = False) -> str:
    """The special shot a hit made, as a Konter must repeat it (bierpong.art10, bierpong.combo):
    "" for a plain hit, else its parts joined by "+" ("bombe+island", "island+bounce", …)."""
    return "+".join(k for k, on in zip(SHOT_PARTS, (bombe, island, bounce)) if on)


def sips(n: int) -> str:
    """"1 sip", "2 sips" as a translatable phrase."""
    return phrase(N_("{n} sip") if n == 1 else N_("{n} sips"), n=n)


def rerack_counts(value: object) -> tuple[int, ...]:
    return tuple(int(x) for x in str(value).split(",")) if value else ()


@dataclass(frozen=True, slots=True)
class Removal:
    """What one hit cup takes with it: the cup itself and `extra` more, and why."""

    cup: int
    extra: int
    rule: str
    arithmetic: str
    may_stay: bool = False  # a plain regular hit: its owners may leave it standing, a Dead Cup (bierpong.art18)

    @property
    def count(self) -> int:
        return 1 + self.extra


def removal(cup: int, *, bounces: int = 0, bombe: bool = False, island: bool = False, on_fire: bool = False,
            fire_bonus: bool = False) -> Removal:
    """The cups one hit cup removes.

    Bounce or roller +1 per bouncing ball (bierpong.art14, bierpong.art15), Bombe +2
    (bierpong.art20), Island +1 (bierpong.art22); together they add up (bierpong.combo).
    The special cup itself always goes (bierpong.art3). On fire, bonuses count only with
    `fire_bonus` (bierpong.art21, the Decision).
    """
    parts: list[tuple[str, int, str]] = []  # Bombe and Island are call-outs; "bounce" is translated
    if bombe:
        parts.append(("Bombe", 2, "bierpong.art20"))
    if island:
        parts.append(("Island", 1, "bierpong.art22"))
    if bounces:
        parts.extend([(shot_name("bounce"), 1, "bierpong.art14")] * bounces)
    if on_fire and not fire_bonus:
        if parts:
            names = join([p[0] for p in parts], " + ")
            return Removal(cup, 0, "bierpong.art21",
                           phrase(N_("on fire: {names} counts as one hit – cup {cup} = 1 cup"), names=names, cup=cup))
        return Removal(cup, 0, "bierpong.art21", phrase(N_("on fire: cup {cup} = 1 cup"), cup=cup))
    if not parts:
        return Removal(cup, 0, "bierpong.art1", phrase(N_("hit: cup {cup} = 1 cup"), cup=cup))
    extra = sum(p[1] for p in parts)
    kinds: list[str] = []
    for name, _, _ in parts:
        if name not in kinds:
            kinds.append(name)
    rule = "bierpong.combo" if len(kinds) > 1 else parts[0][2]
    label = join(kinds, " + ")
    sums = " + ".join(str(p[1]) for p in parts)
    return Removal(cup, extra, rule, phrase(N_("{label}: cup {cup} + {sums} = {cups} cups"), label=label, cup=cup, sums=sums, cups=1 + extra))
