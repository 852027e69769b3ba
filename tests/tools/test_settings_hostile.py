"""Start-up never depends on a readable settings file, and a settings write that fails keeps the
previous copy (issue 19)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.settings import Settings, load_settings, save_settings

ROOT = Path(__file__).resolve().parents[2]


def env_for(config: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                PYGAME_HIDE_SUPPORT_PROMPT="1", XDG_CONFIG_HOME=str(config), XDG_DATA_HOME=str(config / "data"))


def hostile(path: Path, how: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if how == "fifo":
        os.mkfifo(path)
    elif how == "dev_zero":
        path.symlink_to("/dev/zero")
    elif how == "folder":
        path.mkdir()
    elif how == "deep":
        path.write_text("[" * 1000 + "]" * 1000)
    elif how == "digits":
        path.write_text('{"volume": ' + "9" * 5000 + "}")
    elif how == "volume_1e400":
        path.write_text('{"volume": 1e400}')
    elif how == "volume_nan":
        path.write_text('{"volume": NaN}')
    elif how == "huge":
        with open(path, "wb") as f:
            f.truncate(50 << 20)
    else:
        raise AssertionError(how)


HOW = ["fifo", "dev_zero", "folder", "deep", "digits", "volume_1e400", "volume_nan", "huge"]


@pytest.mark.parametrize("how", HOW)
def test_a_hostile_settings_file_gives_the_defaults_and_a_warning(tmp_path: Path, how: str) -> None:
    """Read in a subprocess (a FIFO must not block it): the defaults, and a warning naming the file."""
    path = tmp_path / "stammtisch" / "settings.json"
    hostile(path, how)
    code = "from game.settings import load_settings; import sys; s, w = load_settings(sys.argv[1]); print(s.volume); print(w)"
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=30, env=env_for(tmp_path))
    assert done.returncode == 0, done.stderr
    volume, warning = done.stdout.splitlines()
    assert float(volume) == Settings().volume
    assert warning.startswith(str(path)) and "defaults" in warning


@pytest.mark.parametrize("how", ["fifo", "deep", "digits"])
def test_the_program_starts_whatever_the_settings_file_holds(tmp_path: Path, how: str) -> None:
    """The menu opens (and its frame is drawn) with a FIFO, deep JSON or a huge number as settings."""
    hostile(tmp_path / "stammtisch" / "settings.json", how)
    shot = tmp_path / "menu.png"
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "menu", "--frames", "2", "--screenshot", str(shot)],
                          capture_output=True, text=True, timeout=120, env=env_for(tmp_path))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert shot.stat().st_size > 0


def test_a_settings_write_on_a_full_disk_keeps_the_previous_copy(tmp_path: Path) -> None:
    """RLIMIT_FSIZE below the new file's size (EFBIG, as a full disk gives ENOSPC): the write fails
    with an OSError, the previous settings are whole, no temporary file is left; the menu's
    `remember_players` says so in one message instead of raising."""
    path = tmp_path / "settings.json"
    save_settings(Settings(language="de"), path)
    before = path.read_bytes()
    code = f"""
import resource, signal, sys
from dataclasses import replace
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
from game.settings import Settings, load_settings, save_settings
import game.ui.common.prefs as prefs
resource.setrlimit(resource.RLIMIT_FSIZE, (64, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
try:
    save_settings(Settings(language="da", players=(("Åse " * 40, "beer"),)), {str(path)!r})
except OSError as e:
    print("OSError", e.errno)
prefs.settings_path = lambda: __import__("pathlib").Path({str(path)!r})
import game.settings
game.settings.settings_path = prefs.settings_path
prefs._loaded = Settings(language="de")
print(prefs.remember_players([("Bo " * 40, "beer")]))
print(prefs.remember_players([("Cy " * 40, "beer")]))  # told once: not again at the next match
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env_for(tmp_path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("OSError")
    assert "Errno 27" in lines[1] and lines[2:] == ["None"]  # one message (in the language the settings chose), no traceback
    assert path.read_bytes() == before and json.loads(before)["language"] == "de"
    assert load_settings(path) == (Settings(language="de"), None)
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
