"""Schock's rule profile: its variant and house-rule options (`game.rules.schock` rules by it).

Split from the rules so the menu reads a game's options without loading its rules (issue 30).
"""
from __future__ import annotations

from game.i18n import N_
from game.rules.profile import Option, ProfileSpec


SPEC = ProfileSpec(
    game="schock",
    variants=("kattenvenne",),
    options=(
        Option(
            "schock_aus",
            "lose_half",
            N_("Schock aus: the worst throw loses the half at once, or – the sheet's literal "
               "words – gives half of its mats back to the middle"),
            "schock.schock_aus",
            choices=("lose_half", "halve_mats"),
            label=N_("Schock aus"),
            words=(("lose_half", N_("loses the half")), ("halve_mats", N_("gives half its mats back"))),
        ),
        Option(
            "strasse_general_in_one_roll",
            False,
            N_("a Straße or General counts only when all three dice fell in one roll"),
            "schock.throws",
            kind="bool",
            label=N_("Straße and General in one roll"),
        ),
        Option("general_beats_schock2", False, N_("a General ranks above Schock 2"), "schock.throws", kind="bool", label=N_("General above Schock 2")),
        Option(
            "rank_generals_by_pips",
            False,
            N_("Generals (and Straßen) rank among themselves by their pips instead of all being equal"),
            "schock.throws",
            kind="bool",
            label=N_("Generals ranked by their pips"),
        ),
        Option(
            "no_flips_on_last_roll",
            False,
            N_("three sixes may not be turned on the last roll either"),
            "schock.sixes",
            kind="bool",
            label=N_("No turning sixes on the last roll"),
        ),
    ),
    variant_labels=(("kattenvenne", N_("Kattenvenne")),),
)
