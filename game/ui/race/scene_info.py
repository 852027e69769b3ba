"""Racerbile's scenes as the shell sees them (`game.ui.scenes`), and what its menu checks of a track."""
from __future__ import annotations

from game.errors import InputError
from game.i18n import _
from game.ui.scenes import SceneInfo

LEMANS = "le_mans"
LEMANS_ONLY = ("lemans_hours", "lemans_time_factor", "lemans_drivers", "nol4_beer_on_top")  # options shown only for Le Mans …
RACE_ONLY = ("laps",)  # … and for the other variants only
LEMANS_TRACK = "le_mans"  # a track with a pit lane: where Le Mans goes when the chosen track has none


def pitless(track: str) -> bool:
    """Whether the track (a shipped name or a file) has no pit lane: no Le Mans on it (racerbile.lemans.pit)."""
    from game.racerbile.tracks import find_track

    try:
        return find_track(track).track.pit is None
    except (ValueError, InputError):
        return False  # a track that cannot be loaded says so when the match starts


def track_problem(variant: str, track: str) -> str:
    """Why `variant` cannot be raced on `track` ("": it can) – Le Mans needs a pit lane (racerbile.lemans.pit)."""
    if variant == LEMANS and pitless(track):
        return _("Le Mans needs a track with a pit lane ({rule})").format(rule="racerbile.lemans.pit")
    return ""


def track_for(variant: str, track: str) -> tuple[str, str]:
    """The track a newly chosen `variant` is raced on: Le Mans leaves a track without a pit lane for
    the Le Mans track, and says so (not for the menu's default track: no word needed)."""
    problem = track_problem(variant, track)
    if not problem:
        return track, ""
    note = "" if track == "babybane" else problem + " – " + _("Le Mans is raced on the Le Mans track")
    return LEMANS_TRACK, note


RACERBILE = SceneInfo(
    "racerbile", "game.ui.race.race:RaceScene",
    coach=True,
    variant_options={LEMANS: LEMANS_ONLY},
    variant_hides={LEMANS: RACE_ONLY},
    track_problem=track_problem,
    track_for=track_for,
)
