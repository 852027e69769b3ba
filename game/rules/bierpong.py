"""Bierpong's rule profile and the pure arithmetic of removals (Bierpongregelwerk v1.4.1).

The state machine is `game.bierpong.state`; here only what is reckoned from a shot's kind alone:
how many cups a hit removes (bierpong.art14, art15, art20, art22 and their combinations,
bierpong.combo; on fire without bonuses, bierpong.art21) and which formation a rack starts in.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_
from game.rules.phrase import join, phrase
from game.rules.profile import Option, ProfileSpec

SPEC = ProfileSpec(
    "bierpong",
    ("standard",),
    (
        Option("cups", 10, N_("Cups per side at the start (the rulebook fixes none; 10 is usual)."), "bierpong.art9", (10, 6, 4, 3), label=N_("Cups per side")),
        Option("formation", "triangle", N_("How the cups stand: triangle (10, 6 or 3 cups), diamond (4) or line (3)."), "bierpong.art5",
               ("triangle", "diamond", "line"), label=N_("Formation"), words=(("triangle", N_("triangle")), ("diamond", N_("diamond")), ("line", N_("line")))),
        Option("drink_per_cup", 1, N_("Sips every member of the defending team drinks per hit cup, agreed before the game."), "bierpong.art1", kind="count", maximum=20, label=N_("Sips per cup")),
        Option("cup_contact_is_bounce", False, N_("Touching a cup counts as touching down on an object on the table (a bounce)."), "bierpong.art14", kind="bool", label=N_("Touching a cup is a bounce")),
        Option("on_fire_specials_bonus", False, N_("While on fire, bounces and special shots keep their bonus cups."), "bierpong.art21", kind="bool", label=N_("On fire keeps the bonus cups")),
        Option("auto_remove_cups", False, N_("The program removes hit and extra cups itself (then no Dead Cups arise)."), "bierpong.art3", kind="bool", label=N_("Remove cups automatically")),
        Option("rerack_at", None, N_("House rule: re-rack a side into a fresh formation when it is down to these cups."), "bierpong.art5",
               (None, "6", "4", "3", "6,3", "6,4,3"), label=N_("Re-rack at"), words=(("6,3", N_("6, then 3")), ("6,4,3", N_("6, then 4, then 3")))),
        Option("timer", None, N_("Minutes on the game clock (none: no timer); at the end a tie goes to sudden death."), "bierpong.art9", kind="count", label=N_("Game clock (minutes)")),
        Option("drink_per_removed_cup", False,
               N_("Drink for every removed cup, the bonus cups too (otherwise once per cup a ball went into)."), "bierpong.art1", kind="bool", label=N_("Drink for every removed cup")),
        Option("balls_back_new_pair", False,
               N_("Teams of three or more: balls back is thrown by a new pair (otherwise the pair that earned it throws again)."),
               "bierpong.art13", kind="bool", label=N_("Balls back: a new pair throws")),
        Option("elbow_voids_throw", False,
               N_("An elbow over the table edge voids that throw, which is thrown again (otherwise the foul is only noted)."),
               "bierpong.art12", kind="bool", label=N_("Elbow over the edge voids the throw")),
        Option("blown_ball_counts", False,
               N_("A ball blown or fingered out of a cup counts as a hit (otherwise the foul is only noted)."), "bierpong.art17", kind="bool", label=N_("A blown-out ball counts")),
        Option("konter_any_part", False,
               N_("A Konter after a combination (Bombe + Island, Island + bounce, ...) needs only one of its parts, not all of them."),
               "bierpong.art10", kind="bool", label=N_("Konter on one part")),
    ),
    variant_labels=(("standard", N_("the rulebook's")),),
)

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
