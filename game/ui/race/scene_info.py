"""Racerbile's scenes as the shell sees them (`game.ui.scenes`), and what its menu checks of a track."""
from __future__ import annotations

from pathlib import Path

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


def track_choices() -> list[tuple[str, str]]:
    """The tracks to race on: (label, what `find_track` takes) – the shipped ones, then the user's."""
    from game.racerbile.tracks import shipped_names, shipped_title, track_title, user_race_tracks

    out = [(shipped_title(name), name) for name in shipped_names()]
    out += [(_("{name} (yours)").format(name=track_title(p)), str(p)) for p in user_race_tracks()]  # (drafts are no race tracks)
    return out


def tracks_with(current: str) -> list[tuple[str, str]]:
    """`track_choices`, and `current` among them (a file chosen on the command line)."""
    out = track_choices()
    if current not in [ref for _l, ref in out]:
        from game.racerbile.tracks import track_title

        out.append((track_title(current) if Path(current).is_file() else (Path(current).stem or current), current))
    return out


def user_track_dir_text() -> str:
    """The folder of the user's own tracks, "~" for the home folder."""
    from game.racerbile.tracks import user_track_dir

    home = str(Path.home())
    d = str(user_track_dir())
    return "~" + d[len(home):] if d.startswith(home) else d


RACERBILE = SceneInfo(
    "racerbile", "game.ui.race.race:RaceScene",
    coach=True,
    variant_options={LEMANS: LEMANS_ONLY},
    variant_hides={LEMANS: RACE_ONLY},
    track_problem=track_problem,
    track_for=track_for,
    tracks=tracks_with,
    track_folder=user_track_dir_text,
)
