"""Clips to share (issue 17): a special shot's demo and a saved match's throw rendered offscreen to an
animated WebP or GIF – as many pictures as the physics' flight takes at 30 a second plus the held
verdict, the file written whole or not at all – and bad targets refused with a clear message."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.cli import main  # noqa: E402
from game.errors import InputError  # noqa: E402
from game.match import Match, PlayerSpec  # noqa: E402
from game.rules import bierpong as R  # noqa: E402
from game.session.pong import PongSession, Release  # noqa: E402
from game.store.matchfile import write_log
from game.ui.pong.clip import FPS, HOLD, ClipShot, demo_clip, export_clip, frame_count, replay_clip  # noqa: E402
from physics.table import formation  # noqa: E402
from tests.bierpong_helpers import play  # noqa: E402
from tests.bierpong_physics_helpers import RELEASE, rack_now, shot  # noqa: E402
from tests.session.pong_helpers import REAL, to_rest  # noqa: E402


def duration_ms(path: Path) -> int:
    """The clip's whole running time (repeated pictures are stored once, with their time added up)."""
    im = Image.open(path)
    total = 0
    for k in range(int(getattr(im, "n_frames", 1))):
        im.seek(k)
        im.load()  # (a WebP picture's duration is known once it is loaded)
        total += int(im.info.get("duration", 0))
    return total


@pytest.mark.parametrize("suffix", [".webp", ".gif"])
def test_a_demo_clip_has_a_picture_per_thirtieth_of_the_flight_and_the_verdict_held_at_the_end(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"roller{suffix}"
    heard: list[tuple[int, int]] = []
    clip = demo_clip("roller", out, size=(320, 180), progress=lambda d, t: heard.append((d, t)))
    assert clip.path == out and out.is_file() and not (tmp_path / f"roller{suffix}.part").exists()
    im = Image.open(out)
    assert im.size == (320, 180) and getattr(im, "is_animated", False) and int(getattr(im, "n_frames", 1)) > 10
    assert clip.frames == heard[-1][0] == heard[-1][1] and clip.frames > HOLD * FPS
    assert abs(duration_ms(out) - clip.frames * 1000 / FPS) <= clip.frames * 2  # (each picture's time rounded to ms)


def test_the_number_of_pictures_follows_the_physics(tmp_path: Path) -> None:
    cups = tuple(formation("triangle10"))
    low = shot(cups, "hit", None, release=RELEASE).throw
    one = ClipShot(cups, ((low, 0),))
    n = frame_count([one])
    clip = export_clip([one], "hit", tmp_path / "one.webp", size=(160, 90))
    assert clip.frames == n
    two = export_clip([one, one], "two", tmp_path / "two.webp", size=(160, 90))
    assert two.frames == 2 * n - int(round(HOLD * FPS))  # the verdict is held once, at the end


def test_a_saved_matchs_throw_becomes_a_clip_from_its_logged_launch(tmp_path: Path) -> None:
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", drivers=("Cem", "Dana"))], R.SPEC.make())
    play(m, "throw-off Anna hit 1, Cem miss", "Foxes begin")
    s = PongSession(m, pace=REAL)
    st = s.state
    assert s.request("Anna", Release(shot(rack_now(st, "Anna"), "hit", None, among=st.targets(), release=RELEASE).throw, "Anna")) is None
    to_rest(s)
    saved = tmp_path / "match.json"
    write_log(m.log, saved)
    step = len(m.log.entries) - 1
    clip = replay_clip(saved, step, tmp_path / "throw.gif", size=(320, 180))
    assert clip.path.is_file() and clip.frames > HOLD * FPS
    with pytest.raises(InputError, match="no throw with its launch"):
        replay_clip(saved, 2, tmp_path / "begin.gif")  # "Foxes begin" is no throw
    with pytest.raises(InputError, match="steps 1 to"):
        replay_clip(saved, 999, tmp_path / "x.gif")


def test_bad_targets_are_refused_with_a_clear_message_and_write_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for bad, why in ((tmp_path / "clip.mp4", "webp or .gif"), (tmp_path / "no_dir" / "c.webp", "does not exist")):
        with pytest.raises(InputError, match=why):
            demo_clip("roller", bad)
    with pytest.raises(InputError, match="size"):
        demo_clip("roller", tmp_path / "big.webp", size=(100_000, 10))
    assert main(["replay", str(tmp_path / "missing.json"), "--export", str(tmp_path / "c.webp")]) == 2
    assert "--step" in capsys.readouterr().err
    assert main(["demo", "roller", "--export", str(tmp_path / "c.bmp")]) == 2
    assert ".webp or .gif" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_x_on_the_practice_table_exports_the_last_throw_into_the_clips_folder(app: object) -> None:
    import time

    import pygame

    from game.ui.pong.clip import clips_dir
    from game.ui.pong.pong import PongScene

    sc = PongScene(app, "triangle10")  # type: ignore[arg-type]
    sc.key(pygame.K_x)
    assert "throw first" in sc.message  # nothing thrown yet: no clip
    cups = tuple(formation("triangle10"))
    assert sc.throw(shot(cups, "hit", None, release=RELEASE).throw) is not None
    for _ in range(30):
        sc.update(1 / 60)
    sc.key(pygame.K_x)
    end = time.monotonic() + 60
    while sc.job is not None and time.monotonic() < end:
        sc.update(1 / 60)
        time.sleep(0.01)
    assert "Clip saved" in sc.message, sc.message
    made = list(clips_dir().glob("practice-*.webp"))
    assert len(made) == 1 and Image.open(made[0]).size == (960, 540)
