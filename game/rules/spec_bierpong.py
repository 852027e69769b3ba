"""Bierpong's rule profile: its variant and house-rule options (`game.rules.bierpong` reckons by it).

Split from the rules so the menu reads a game's options without loading its rules (issue 30).
"""
from __future__ import annotations

from game.i18n import N_
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
