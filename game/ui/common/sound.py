"""Sound effects through `pygame.mixer`: lazy start, silent without a device, throttled.

The effects are the generated files `assets/sounds/<name>.wav` (see `assets/sounds/generate.py`,
CC0). `sounds()` is the app-wide instance; scenes call `sounds().play("dice_land")`.

Nothing here raises because of audio: when the mixer cannot start (no device, no driver) the
instance stays silent and says why once, in `status`. A Sound object is never touched while the
mixer is down – pygame-ce crashes on playing a Sound after `pygame.mixer.quit()` – so after an
outside `pygame.quit()` the mixer is started again and the files reloaded on the next play.
"""
from __future__ import annotations

import os
import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from game.i18n import N_, _
from game.resources import ASSETS

SOUND_DIR = ASSETS / "sounds"
NAMES: tuple[str, ...] = (
    "dice_rattle",
    "dice_land",
    "ball_bounce",
    "ball_rim",
    "ball_cup",
    "cap_click",
    "cap_flip",
    "call_out",
    "ui_click",
    "cup_hit",
)
FORMAT = (44100, -16, 1)  # frequency, signed 16-bit, mono – as the files are
BUFFER = 512
CHANNELS = 16
THROTTLE = 0.040  # seconds: the same sound starts at most once per this interval
_PLAYED_KEEP = 1000  # `played` keeps the last this-many names


def _clamp01(v: float) -> float:
    v = float(v)
    return 0.0 if math.isnan(v) else max(0.0, min(1.0, v))


class Sounds:
    """The game's sound effects: `play(name)`, a master `volume` (0–1) and `muted`."""

    def __init__(
        self,
        folder: Path = SOUND_DIR,
        *,
        enabled: bool = True,
        volume: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.folder = Path(folder)
        self._muted = not enabled
        self._volume = _clamp01(volume)
        self._clock = clock
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._format: tuple[int, int, int] | None = None  # the mixer format the sounds were loaded for
        self._last: dict[str, float] = {}
        self._failed = False
        self._status = "sound: not started yet"
        self._said: tuple[str, dict[str, str]] = (N_("sound: not started yet"), {})  # the status in words to translate
        self.played: list[str] = []  # names handed to the mixer, oldest first (the last 1000)

    # --- settings -----------------------------------------------------------------------------
    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = _clamp01(value)

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)

    def configure(self, enabled: bool, volume: float) -> None:
        """Apply the user's settings: sound on/off and the master volume (clamped to 0–1)."""
        self.muted = not enabled
        self.volume = volume

    @property
    def status(self) -> str:
        """One line for a settings screen or a log: on, not started yet, or why it is silent."""
        return self._status

    @property
    def shown(self) -> str:
        """`status` as a screen shows it, in the current language."""
        text, values = self._said
        return _(text).format(**values)

    @property
    def available(self) -> bool:
        """True when the mixer is running and the sounds are loaded."""
        return not self._failed and bool(self._sounds) and pygame.mixer.get_init() is not None

    # --- the mixer ----------------------------------------------------------------------------
    def _fail(self, why: str) -> bool:
        self._failed = True
        self._sounds.clear()
        self._status = f"sound: off – {why}"
        self._said = (N_("sound: off – {why}"), {"why": why})
        import logging  # (only when the sound fails: not loaded at start-up)

        logging.getLogger(__name__).info(self._status)
        return False

    def init(self) -> bool:
        """Start the mixer and load the sounds now (otherwise the first `play` does). Never raises."""
        if self._failed:
            return False
        try:
            if pygame.mixer.get_init() is None:
                self._sounds.clear()  # loaded under a mixer that is gone: never touch them again
                pygame.mixer.pre_init(FORMAT[0], FORMAT[1], FORMAT[2], BUFFER)
                with _native_stderr_quiet():  # audio libraries print their own complaints (ALSA)
                    pygame.mixer.init()
            fmt = pygame.mixer.get_init()
            if self._sounds and fmt == self._format:
                return True
            self._sounds.clear()  # first start, or the mixer was restarted in another format
            self._format = fmt
            if pygame.mixer.get_num_channels() < CHANNELS:
                pygame.mixer.set_num_channels(CHANNELS)
            missing: list[str] = []
            for name in NAMES:
                try:
                    self._sounds[name] = pygame.mixer.Sound(str(self.folder / f"{name}.wav"))
                except (pygame.error, OSError):
                    missing.append(name)
        except Exception as e:  # no device, no driver, no mixer module: stay silent
            return self._fail(f"no audio ({e})" if str(e) else f"no audio ({type(e).__name__})")
        if not self._sounds:
            return self._fail(f"no sound files in {self.folder}")
        self._status = f"sound: on ({fmt[0]} Hz)" if fmt else "sound: on"
        self._said = (N_("sound: on"), {})  # a player needs no sample rate (the status line for a log keeps it)
        if missing:
            self._status += f", missing: {', '.join(missing)}"
            self._said = (N_("sound: on, missing: {names}"), {"names": ", ".join(missing)})
        return True

    # --- playing ------------------------------------------------------------------------------
    def play(self, name: str, volume: float = 1.0) -> bool:
        """Play `name` at `volume` × the master volume; True when the mixer took it.

        Unknown names raise KeyError (listing the known ones). Muted, silent (no device) or
        throttled – the same sound again within 40 ms – plays nothing and returns False.
        """
        if name not in NAMES:
            raise KeyError(f"unknown sound {name!r}; known: {', '.join(NAMES)}")
        if self._muted:
            return False
        now = self._clock()
        last = self._last.get(name)
        if last is not None and now - last < THROTTLE:
            return False
        if not self.init():
            return False
        snd = self._sounds.get(name)
        if snd is None:  # its file was missing
            return False
        level = self._volume * _clamp01(volume)
        try:
            channel = pygame.mixer.find_channel(True)
            if channel is None:
                return False
            channel.set_volume(level)
            channel.play(snd)
        except pygame.error:  # the mixer went away between the check and the call
            return False
        self._last[name] = now
        self.played.append(name)
        if len(self.played) > _PLAYED_KEEP:
            del self.played[: len(self.played) - _PLAYED_KEEP]
        return True

    def stop(self) -> None:
        """Silence everything that is playing (e.g. when leaving a scene)."""
        if pygame.mixer.get_init() is not None:
            pygame.mixer.stop()


_SOUNDS: Sounds | None = None


@contextmanager
def _native_stderr_quiet() -> Iterator[None]:
    """Silence what C libraries write to the process's stderr (file descriptor 2) meanwhile – an
    audio library without a device prints screenfuls; the mixer's own error is still raised."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def sounds() -> Sounds:
    """The app-wide `Sounds` (made on first use; the mixer starts on the first play)."""
    global _SOUNDS
    if _SOUNDS is None:
        _SOUNDS = Sounds()
    return _SOUNDS
