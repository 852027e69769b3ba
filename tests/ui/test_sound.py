"""Sound effects (issue 8): the generated, licensed WAVs and `Sounds` on the real mixer (dummy driver)."""
from __future__ import annotations

import importlib.util
import math
import struct
import subprocess
import sys
import wave
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game.ui.common.sound import FORMAT, NAMES, SOUND_DIR, THROTTLE, Sounds, sounds

GENERATOR = SOUND_DIR / "generate.py"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("stammtisch_sound_generator", GENERATOR)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _samples(path: Path) -> tuple[wave._wave_params, list[int]]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        frames = w.readframes(params.nframes)
    return params, list(struct.unpack(f"<{params.nframes}h", frames))


class FakeClock:
    """A clock the test moves by hand, so the throttle is checked without sleeping."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def mixer_down(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """No mixer running before the test (dummy driver set), and none left running after it."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame.mixer.quit()
    yield monkeypatch
    pygame.mixer.quit()


# --- the files ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_each_sound_file_is_a_short_44k_16bit_mono_wav(name: str) -> None:
    path = SOUND_DIR / f"{name}.wav"
    assert path.is_file(), path
    params, samples = _samples(path)
    assert (params.framerate, params.sampwidth, params.nchannels) == (44100, 2, 1)
    assert params.comptype == "NONE"
    seconds = params.nframes / params.framerate
    assert 0.02 < seconds < 0.6
    assert path.stat().st_size < 64 * 1024
    peak = max(abs(s) for s in samples)
    assert peak > 0.5 * 32767, "audible, normalised"
    assert peak < 32767, "never clipped"
    assert abs(samples[-1]) < 0.01 * 32767, "fades out instead of ending in a click"


def test_the_player_and_the_generator_know_the_same_sounds() -> None:
    gen = _generator()
    assert tuple(gen.SOUNDS) == NAMES
    assert sorted(p.stem for p in SOUND_DIR.glob("*.wav")) == sorted(NAMES)


def test_regenerating_gives_byte_identical_files(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, str(GENERATOR), "--out", str(tmp_path)], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    for name in NAMES:
        fresh = (tmp_path / f"{name}.wav").read_bytes()
        assert fresh == (SOUND_DIR / f"{name}.wav").read_bytes(), name


def test_sounds_with_randomness_differ_from_each_other() -> None:
    """Each sound has its own seed and shape: no two files are the same."""
    data = {(SOUND_DIR / f"{n}.wav").read_bytes() for n in NAMES}
    assert len(data) == len(NAMES)


def test_the_ball_on_a_rim_is_higher_than_on_the_table() -> None:
    """ball_rim is the lighter, higher tick: more zero crossings in its first 10 ms than ball_bounce."""

    def crossings(name: str) -> int:
        _, s = _samples(SOUND_DIR / f"{name}.wav")
        head = s[: 441]
        return sum(1 for a, b in zip(head, head[1:]) if (a < 0) != (b < 0))

    assert crossings("ball_rim") > crossings("ball_bounce")


def test_licence_is_cc0_and_names_every_file() -> None:
    text = (SOUND_DIR / "LICENSE.md").read_text(encoding="utf-8")
    assert "CC0 1.0" in text
    assert "MIT" in text  # the project's own licence (pyproject.toml) is mentioned
    for name in NAMES:
        assert f"`{name}.wav`" in text, name


# --- the player -----------------------------------------------------------------------------
def test_every_sound_plays_through_the_real_mixer(mixer_down: pytest.MonkeyPatch) -> None:
    s = Sounds(clock=FakeClock())
    assert s.status == "sound: not started yet"
    results = [s.play(name) for name in NAMES]
    assert results == [True] * len(NAMES)
    assert s.played == list(NAMES)
    assert s.available
    assert s.status.startswith("sound: on")
    assert pygame.mixer.get_init() == FORMAT  # it started the mixer in the files' own format
    s.stop()


def test_muted_plays_nothing_and_does_not_start_the_mixer(mixer_down: pytest.MonkeyPatch) -> None:
    s = Sounds(clock=FakeClock())
    s.configure(enabled=False, volume=0.8)
    assert s.muted
    assert [s.play(n) for n in NAMES] == [False] * len(NAMES)
    assert s.played == []
    assert pygame.mixer.get_init() is None
    s.muted = False
    assert s.play("ui_click")
    assert s.played == ["ui_click"]


def test_volume_is_clamped_to_0_1() -> None:
    s = Sounds(volume=3.0)
    assert s.volume == 1.0
    s.volume = -0.5
    assert s.volume == 0.0
    s.volume = float("nan")
    assert s.volume == 0.0
    s.configure(enabled=True, volume=1.7)
    assert (s.volume, s.muted) == (1.0, False)
    s.configure(enabled=True, volume=0.25)
    assert s.volume == 0.25


def test_the_channel_gets_master_times_play_volume_clamped(mixer_down: pytest.MonkeyPatch) -> None:
    s = Sounds(clock=FakeClock(), volume=0.5)
    assert s.play("call_out", volume=4.0)  # 0.5 × clamp(4.0) = 0.5
    volumes = sorted(pygame.mixer.Channel(i).get_volume() for i in range(pygame.mixer.get_num_channels()))
    assert all(0.0 <= v <= 1.0 for v in volumes)
    assert math.isclose(volumes[0], 0.5, abs_tol=1 / 128)  # SDL_mixer volumes are steps of 1/128
    assert volumes.count(1.0) == len(volumes) - 1
    s.stop()


def test_unknown_sound_raises_keyerror_listing_the_names() -> None:
    s = Sounds(enabled=False)
    with pytest.raises(KeyError) as err:
        s.play("dice_rol")
    for name in NAMES:
        assert name in str(err.value)


def test_the_same_sound_is_throttled_to_once_per_40ms(mixer_down: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    s = Sounds(clock=clock)
    started = [s.play("dice_rattle") for _ in range(20)]  # twenty dice events in one frame
    assert started.count(True) == 1
    assert s.play("dice_land"), "another sound is not held back"
    clock.t += THROTTLE - 0.001
    assert not s.play("dice_rattle")
    clock.t += 0.001
    assert s.play("dice_rattle")
    assert s.played == ["dice_rattle", "dice_land", "dice_rattle"]
    s.stop()


def test_no_audio_device_leaves_it_silent_without_raising(mixer_down: pytest.MonkeyPatch) -> None:
    mixer_down.setenv("SDL_AUDIODRIVER", "no_such_driver_stammtisch")
    s = Sounds(clock=FakeClock())
    assert s.play("dice_land") is False
    assert s.init() is False
    status = s.status
    assert status.startswith("sound: off")
    assert not s.available
    assert [s.play(n) for n in NAMES] == [False] * len(NAMES)
    assert s.status == status, "says so once, does not retry on every play"
    assert s.played == []


def test_missing_files_leave_it_silent(mixer_down: pytest.MonkeyPatch, tmp_path: Path) -> None:
    s = Sounds(tmp_path, clock=FakeClock())
    assert s.play("cap_click") is False
    assert s.status.startswith("sound: off")
    assert s.played == []


def test_survives_the_app_quitting_pygame(mixer_down: pytest.MonkeyPatch) -> None:
    """pygame.quit() (App.close) kills the mixer; the next play starts it again instead of crashing."""
    clock = FakeClock()
    s = Sounds(clock=clock)
    assert s.play("cap_flip")
    pygame.quit()
    clock.t += 1.0
    assert s.play("cap_flip")
    assert s.played == ["cap_flip", "cap_flip"]
    s.stop()


def test_sounds_is_one_shared_instance() -> None:
    assert sounds() is sounds()
    assert isinstance(sounds(), Sounds)
