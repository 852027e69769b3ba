"""Process start to first frame: the menu against a bare pygame-ce window and a bare pygame_gui window
with one button, all headless."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.resources import ASSETS

ROOT = Path(__file__).resolve().parent.parent
_FRESH = Path(tempfile.mkdtemp(prefix="stammtisch-bench-"))
BARE = (
    "import pygame\n"
    "pygame.display.init()\n"
    "s = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)\n"
    "s.fill((20, 60, 30))\n"
    "pygame.display.flip()\n"
    "pygame.quit()\n"
)
GUI = (
    "import pygame, pygame_gui\n"
    "pygame.display.init()\n"
    "pygame.font.init()\n"
    "s = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)\n"
    f"ui = pygame_gui.UIManager((1280, 800), {str(ASSETS / 'ui_theme.json')!r}, enable_live_theme_updates=False)\n"
    "pygame_gui.elements.UIButton(pygame.Rect(560, 380, 160, 40), 'OK', manager=ui)\n"
    "ui.update(1 / 60)\n"
    "s.fill((20, 60, 30))\n"
    "ui.draw_ui(s)\n"
    "pygame.display.flip()\n"
    "pygame.quit()\n"
)


def _env() -> dict[str, str]:
    env = dict(os.environ)
    # as on a player's machine, Python keeps compiled bytecode (a sandbox may switch that off;
    # then every start would compile the program anew and the figure would measure the compiler)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    # a first start: no settings, no saves (the user's own folders would make the figure depend on them)
    env["XDG_CONFIG_HOME"] = str(_FRESH / "config")
    env["XDG_DATA_HOME"] = str(_FRESH / "data")
    return env


def _run_ms(cmd: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=_env(), check=True, capture_output=True, timeout=120)
    return (time.perf_counter() - t0) * 1000


_MENU = [sys.executable, str(ROOT / "main.py"), "--frames", "1"]
_COMMANDS = {"menu": _MENU, "bare": [sys.executable, "-c", BARE], "gui": [sys.executable, "-c", GUI]}
_MEDIANS: dict[str, float] = {}


def _median_ms(name: str, runs: int = 5) -> float:
    """The median of `runs` starts of each command, measured in turns – the menu, the bare window, the
    pygame_gui window, then again – after a warm-up of each (caches filled): a shared machine's load
    falls on the figure and its baselines alike, as it would not if each were measured in a row."""
    if not _MEDIANS:
        for cmd in _COMMANDS.values():
            _run_ms(cmd)  # warm-up
        times: dict[str, list[float]] = {k: [] for k in _COMMANDS}
        for _ in range(runs):
            for k, cmd in _COMMANDS.items():
                times[k].append(_run_ms(cmd))
        _MEDIANS.update({k: statistics.median(v) for k, v in times.items()})
    return _MEDIANS[name]


def first_frame_ms() -> float:
    """`python main.py --frames 1`: start, the menu's first frame, exit."""
    return _median_ms("menu")


def baseline_bare_window_ms() -> float:
    """A bare pygame-ce window: start, one frame, exit."""
    return _median_ms("bare")


def baseline_gui_window_ms() -> float:
    """A bare pygame_gui window with one button (the menu's toolkit with the game's theme file, as
    `game.ui.common.modal` makes its managers – pygame_gui's own default font is not shipped here):
    start, one frame drawn, exit."""
    return _median_ms("gui")
