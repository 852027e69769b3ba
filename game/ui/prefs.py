"""The settings in force and a match scene's autosave – the light glue the program needs from its
first frame on (no pygame_gui here; the settings screen is `game.ui.settings_scene`).

The settings in force: `run_app` loads them at start (`startup_settings`); until then (a scene
made directly, as in tests) `loaded_settings()` is None, the scenes keep their own defaults and
nothing is written to the user's configuration folder.

`MatchAutosave`: a match scene's autosave – the whole log after every action, rewritten after an
undo, deleted once the match is over (and written again if an undo reopens it), left on disk when
the scene closes unfinished, for the menu's "Continue".
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.i18n import _, set_language
from game.rules.ledger import Drink
from game.settings import Settings, load_settings, save_settings
from game.ui.sound import sounds

if TYPE_CHECKING:
    from game.autosave import Autosave
    from game.match import Match
    from game.rules.matchlog import Entry

MAX_REMEMBERED = 8

# --- the settings in force -------------------------------------------------------------------------

_loaded: Settings | None = None


def loaded_settings() -> Settings | None:
    """The settings the program runs with; None when none were loaded (scenes keep their defaults)."""
    return _loaded


def assist(name: str, fallback: bool) -> bool:
    """An assist's setting (`coach`, `aim_preview`, `slow_motion`), or `fallback` without settings."""
    s = _loaded
    return bool(getattr(s, name)) if s is not None else fallback


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
    global _loaded
    _loaded = None
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
    new = replace(s, players=people)
    apply_settings(new)
    try:
        save_settings(new)
    except OSError as e:
        return _("The settings could not be saved: {error}").format(error=e)
    return None


# --- autosave of a match scene ---------------------------------------------------------------------


class MatchAutosave:
    """The autosave of the match a scene plays (`game.autosave.Autosave`).

    Made with the scene: the log so far is written at once (replacing the game's older autosave);
    after every action the whole log; `after_undo()` after an undo; at the end of the match the file
    and its backup are deleted. `close()` when the scene leaves: an unfinished match stays on disk.
    `enabled=False` (a Le Mans race, which keeps its own journal) does nothing at all; a match that
    is over already is not autosaved until an undo reopens it."""

    def __init__(self, match: Match, *, enabled: bool = True) -> None:
        self.match = match
        self.enabled = enabled and match.journal is None
        self.save: Autosave | None = None
        self.finished = False  # the match ended while autosaved: its autosave is gone
        self._listening = False
        if not self.enabled:
            return
        match.listeners.append(self._on_entry)
        self._listening = True
        if not match.state.is_terminal():
            self._attach()

    @property
    def error(self) -> str | None:
        """Why the last write failed (None: it did not)."""
        return self.save.error if self.save is not None else None

    @property
    def active(self) -> bool:
        """Every action is being written now."""
        return self.save is not None and not self.finished

    def _attach(self) -> None:
        from game.autosave import Autosave

        # written from `_on_entry`, which also notices the end of the match
        self.save = Autosave.attach(self.match, listen=False)
        self.finished = False

    def _on_entry(self, entry: Entry) -> None:
        if not self.active:
            return
        assert self.save is not None
        if self.match.state.is_terminal():
            self.save.finish()
            self.finished = True
        else:
            self.save.sync()

    def after_undo(self) -> None:
        """The log was cut back (`undo_to`, `undo_turn`): write it as it is now."""
        if not self.enabled:
            return
        if self.match.state.is_terminal():
            if self.active:
                assert self.save is not None
                self.save.finish()
                self.finished = True
        elif self.active:
            assert self.save is not None
            self.save.sync()
        else:
            self._attach()

    def close(self) -> None:
        """The scene leaves: stop listening (an unfinished match's autosave stays for "Continue")."""
        if self._listening:
            self.match.listeners.remove(self._on_entry)
            self._listening = False
