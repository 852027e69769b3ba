"""Racerbile's rule profile: its variants and house-rule options (`game.rules.racerbile` reckons by it).

Split from the rules so the menu reads a game's options without loading its rules (issue 30).
"""
from __future__ import annotations

from game.i18n import N_
from game.rules.profile import Option, ProfileSpec

BABYBILE, RACERBILE, LE_MANS = "babybile", "racerbile", "le_mans"

SPEC = ProfileSpec(
    "racerbile",
    (BABYBILE, RACERBILE, LE_MANS),
    (
        Option("laps", 3, N_("Laps of a Babybile or Racerbile race (the first car over the line after them wins)."), "racerbile.turn", kind="count", maximum=100, label=N_("Laps")),
        Option("two_wheels", False, N_("On 7–9 the car runs on two wheels in bends and four on straights."), "racerbile.option.two_wheels", kind="bool", label=N_("Two wheels")),
        Option("out_of_fuel", False, N_("12 or more fields ahead of the second: refuel (bunde), lose the turn, a sip."), "racerbile.option.out_of_fuel", kind="bool", label=N_("Out of fuel")),
        Option("stalin", False, N_("Everyone drives Stalin: always up a gear, always onto a blocking field, always off the track."), "racerbile.option.stalin", kind="bool", label=N_("Everyone drives Stalin")),
        Option("upside_down_redo", False, N_("A move driven upside down is paid for and then driven again."), "racerbile.option.upside_down_redo", kind="bool", label=N_("Upside down: drive it again")),
        Option("triple_clutch_full_beer", False, N_("A triple clutch fault costs a whole beer, not the rest of one."), "racerbile.option.triple_clutch_full_beer", kind="bool", label=N_("Triple clutch fault: a whole beer")),
        Option("smashed_gearbox_zero", False, N_("A triple clutch fault moves no field and costs a whole beer."), "racerbile.option.smashed_gearbox_zero", kind="bool", label=N_("Smashed gearbox: no fields")),
        Option("off_track_full_beer", False, N_("Leaving the track costs a whole beer on top of the other sips."), "racerbile.option.off_track_full_beer", kind="bool", label=N_("Off the track: a whole beer")),
        Option("finish_in_front", False, N_("A sip for ending one's turn in front (\"Jeg drikker for at slutte forrest\")."), "racerbile.option.finish_in_front", kind="bool", label=N_("A sip for ending in front")),
        Option("touch_counts_twice", False, N_("Moving another's cap and putting it back are two faults, not one."), "racerbile.touch", kind="bool", label=N_("Touching counts twice")),
        Option("split_choice_per_lap", False, N_("The first car at a split picks the branch anew every lap."), "racerbile.split", kind="bool", label=N_("Split chosen every lap")),
        Option("off_track_return_costs_turn", False, N_("Reversing back onto the track is the whole turn."), "racerbile.flat_out", kind="bool", label=N_("Back onto the track costs the turn")),
        Option("lemans_hours", 24, N_("Length of a Le Mans event in hours."), "racerbile.lemans.end", kind="count", maximum=72, label=N_("Le Mans hours")),
        Option("lemans_time_factor", 1, N_("Le Mans time-lapse: event seconds per real second."), "racerbile.lemans.end", kind="count", maximum=3600, label=N_("Le Mans time-lapse")),
        Option("lemans_drivers", 3, N_("Drivers in each Le Mans team (1 to 6)."), "racerbile.lemans.teams", choices=(1, 2, 3, 4, 5, 6), label=N_("Drivers per team")),
        Option("nol4_beer_on_top", False, N_("Le Mans: the fourth nøl of a turn costs a whole beer on top of the three sips, not the rest of one."), "racerbile.lemans.nol", kind="bool", label=N_("Fourth nøl: a whole beer")),
        Option("turn_timer", None, N_("Seconds a player may stall before the table nøls him (none: no timer)."), "racerbile.nol", kind="count", maximum=3600, label=N_("Turn timer (seconds)")),
    ),
    variant_labels=(("babybile", N_("Babybile")), ("racerbile", N_("Racerbile")), ("le_mans", N_("Le Mans"))),
)
