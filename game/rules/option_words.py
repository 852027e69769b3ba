"""What people read for a house-rule option: a short label for its name and words for its values.

The ids (`schock_aus`, `lose_half`) stay the profile's and the notation's; a screen shows
`option_label` / `value_label` (English sources, marked with `N_`, translated where drawn), so
"schock_aus: lose_half" reads "Schock aus: loses the half". No pygame here.
"""
from __future__ import annotations

from game.i18n import N_
from game.rules.profile import OptionValue

LABELS: dict[tuple[str, str], str] = {
    ("schock", "schock_aus"): N_("Schock aus"),
    ("schock", "strasse_general_in_one_roll"): N_("Straße and General in one roll"),
    ("schock", "general_beats_schock2"): N_("General above Schock 2"),
    ("schock", "rank_generals_by_pips"): N_("Generals ranked by their pips"),
    ("schock", "no_flips_on_last_roll"): N_("No turning sixes on the last roll"),
    ("katchen", "katchen_in_one_roll"): N_("Katchen in one roll"),
    ("katchen", "schuss_limit"): N_("Schüsse until out (tournament)"),
    ("racerbile", "laps"): N_("Laps"),
    ("racerbile", "two_wheels"): N_("Two wheels"),
    ("racerbile", "out_of_fuel"): N_("Out of fuel"),
    ("racerbile", "stalin"): N_("Everyone drives Stalin"),
    ("racerbile", "upside_down_redo"): N_("Upside down: drive it again"),
    ("racerbile", "triple_clutch_full_beer"): N_("Triple clutch fault: a whole beer"),
    ("racerbile", "smashed_gearbox_zero"): N_("Smashed gearbox: no fields"),
    ("racerbile", "off_track_full_beer"): N_("Off the track: a whole beer"),
    ("racerbile", "finish_in_front"): N_("A sip for ending in front"),
    ("racerbile", "touch_counts_twice"): N_("Touching counts twice"),
    ("racerbile", "split_choice_per_lap"): N_("Split chosen every lap"),
    ("racerbile", "off_track_return_costs_turn"): N_("Back onto the track costs the turn"),
    ("racerbile", "lemans_hours"): N_("Le Mans hours"),
    ("racerbile", "lemans_time_factor"): N_("Le Mans time-lapse"),
    ("racerbile", "lemans_drivers"): N_("Drivers per team"),
    ("racerbile", "nol4_beer_on_top"): N_("Fourth nøl: a whole beer"),
    ("racerbile", "turn_timer"): N_("Turn timer (seconds)"),
    ("bierpong", "cups"): N_("Cups per side"),
    ("bierpong", "formation"): N_("Formation"),
    ("bierpong", "drink_per_cup"): N_("Sips per cup"),
    ("bierpong", "cup_contact_is_bounce"): N_("Touching a cup is a bounce"),
    ("bierpong", "on_fire_specials_bonus"): N_("On fire keeps the bonus cups"),
    ("bierpong", "auto_remove_cups"): N_("Remove cups automatically"),
    ("bierpong", "rerack_at"): N_("Re-rack at"),
    ("bierpong", "timer"): N_("Game clock (minutes)"),
    ("bierpong", "drink_per_removed_cup"): N_("Drink for every removed cup"),
    ("bierpong", "balls_back_new_pair"): N_("Balls back: a new pair throws"),
    ("bierpong", "elbow_voids_throw"): N_("Elbow over the edge voids the throw"),
    ("bierpong", "blown_ball_counts"): N_("A blown-out ball counts"),
    ("bierpong", "konter_any_part"): N_("Konter on one part"),
}
"""(game, option) → the option's label (English source)."""

VALUES: dict[tuple[str, str, OptionValue], str] = {
    ("schock", "schock_aus", "lose_half"): N_("loses the half"),
    ("schock", "schock_aus", "halve_mats"): N_("gives half its mats back"),
    ("bierpong", "formation", "triangle"): N_("triangle"),
    ("bierpong", "formation", "diamond"): N_("diamond"),
    ("bierpong", "formation", "line"): N_("line"),
    ("bierpong", "rerack_at", "6,3"): N_("6, then 3"),
    ("bierpong", "rerack_at", "6,4,3"): N_("6, then 4, then 3"),
}
"""(game, option, value) → words for a value that is an id (English source); others read as they are."""


VARIANT_LABELS: dict[str, str] = {"babybile": N_("Babybile"), "racerbile": N_("Racerbile"), "le_mans": N_("Le Mans"),
                                  "kattenvenne": N_("Kattenvenne"), "rote_loewen": N_("Rote Löwen"), "standard": N_("the rulebook's")}
"""variant id → its name (English source, translated where drawn)."""


def option_label(game: str, name: str) -> str:
    """The English label of an option (the id itself for an option without one)."""
    return LABELS.get((game, name), name)


def value_label(game: str, name: str, value: OptionValue) -> str | None:
    """The English words for an id-like value, or None when the value reads as it is (numbers, on/off)."""
    if isinstance(value, bool) or value is None:
        return None
    return VALUES.get((game, name, value))
