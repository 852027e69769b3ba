"""The settings in force – the light glue the program needs from its
first frame on (no pygame_gui here; the settings screen is `game.ui.shell.settings_scene`).

The settings in force: `run_app` loads them at start (`startup_settings`); until then (a scene
made directly, as in tests) `loaded_settings()` is None, the scenes keep their own defaults and
nothing is written to the user's configuration folder.
"""
from __future__ import annotations

from dataclasses import replace

from game.i18n import _, set_language
from game.rules.drink import Drink
from game.settings import Settings, load_settings, save_settings
from game.ui.common.sound import sounds

MAX_REMEMBERED = 8

# --- first-time hints ------------------------------------------------------------------------------

_hints_seen: set[str] = set()


def hint_seen(name: str) -> bool:
    """True once the player did what the first-time hint `name` explains (in this run of the program)."""
    return name in _hints_seen


def mark_hint_seen(name: str) -> None:
    _hints_seen.add(name)


def forget_hints() -> None:
    """Show the first-time hints again (a new evening; tests)."""
    _hints_seen.clear()


# --- the settings in force -------------------------------------------------------------------------

_loaded: Settings | None = None
_told = False  # a failed settings write was told (once, until one succeeds)


def loaded_settings() -> Settings | None:
    """The settings the program runs with; None when none were loaded (scenes keep their defaults)."""
    return _loaded


def assist(name: str, fallback: bool) -> bool:
    """An assist's setting (`coach`, `aim_preview`, `slow_motion`), or `fallback` without settings."""
    s = _loaded
    return bool(getattr(s, name)) if s is not None else fallback


def pong_aim_preview() -> bool:
    """Whether a Bierpong match begins with the aim preview: on when the settings say so; off once
    the player switched it off (A at the table, the settings); never chosen: on in their first match
    only. Off without settings (a scene made directly)."""
    s = _loaded
    if s is None:
        return False
    return s.aim_preview or (not s.aim_preview_chosen and s.pong_matches == 0)


def count_pong_match() -> None:
    """A Bierpong match begun here: counted in the settings (the first one shows the aim preview)."""
    s = _loaded
    if s is not None:
        _store(replace(s, pong_matches=s.pong_matches + 1))


def choose_aim_preview(on: bool) -> str | None:
    """The player switched the aim preview (A at the table): remembered for the next matches; the
    error text when the settings could not be written."""
    s = _loaded
    if s is None:
        return None
    return _store(replace(s, aim_preview=on, aim_preview_chosen=True))


def _store(new: Settings) -> str | None:
    """Apply and save `new`; an error text (said once until a write succeeds) or None."""
    global _told
    apply_settings(new)
    try:
        save_settings(new)
    except OSError as e:  # the previous file stays whole (an atomic write)
        if _told:
            return None
        _told = True
        return _("The settings could not be saved: {error}").format(error=e)
    _told = False
    return None


def apply_settings(s: Settings) -> None:
    """Make `s` the settings in force: the sound's switch and volume, the interface language."""
    global _loaded
    _loaded = s
    sounds().configure(s.sound, s.volume)
    try:
        set_language(s.language)
    except (ValueError, OSError):  # a language without a catalog stays in English
        set_language("en")


def reset_settings() -> None:
    """Forget the settings in force: no settings, sound on at full volume, English (the state of
    a program that loaded none – `run_app` ends with it, so that one run does not leak into the next)."""
    global _loaded, _told
    _loaded = None
    _told = False
    sounds().configure(True, 1.0)
    set_language("en")


def startup_settings() -> str | None:
    """Load the user's settings and apply them; the warning of a damaged file (None: all well)."""
    s, warning = load_settings()
    apply_settings(s)
    return warning


def remember_players(players: list[tuple[str, str]]) -> str | None:
    """A new match started: remember its people (name, drink) for the next one.

    Only when settings were loaded (the program, not a test's scene); an error text when the file
    could not be written, else None."""
    s = _loaded
    if s is None:
        return None
    people = tuple((n.strip(), str(Drink(d))) for n, d in players if n.strip())[:MAX_REMEMBERED]
    if not people or people == s.players:
        return None
    return _store(replace(s, players=people))
