"""Katchen's rule profile: its variant and house-rule options (`game.rules.katchen` rules by it).

Split from the rules so the menu reads a game's options without loading its rules (issue 30).
"""
from __future__ import annotations

from game.i18n import N_
from game.rules.profile import Option, ProfileSpec


SPEC = ProfileSpec(
    game="katchen",
    variants=("rote_loewen",),
    options=(
        Option(
            "katchen_in_one_roll",
            False,
            N_("4-2-1 counts as a Katchen only when all three dice fell in one roll"),
            "katchen.table",
            kind="bool",
            label=N_("Katchen in one roll"),
        ),
        Option(
            "schuss_limit",
            None,
            N_("tournament: a player leaves the table after this many Schüsse (none: no tournament, one game)"),
            "katchen.phase2",
            kind="count",
            label=N_("Schüsse until out (tournament)"),
        ),
    ),
    variant_labels=(("rote_loewen", N_("Rote Löwen")),),
)
