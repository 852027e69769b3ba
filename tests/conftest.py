"""Tests run headless: no window, no sound device, SDL leaves the signals alone (set before pygame
is imported, so a hung run can still be stopped by `timeout`/SIGTERM). Tests under `tests/ui/`, and
any test that opens the `app` window, carry the `ui` marker (`pytest -m "not ui"` leaves them out)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, cast

import pytest
from hypothesis import settings

# no deadline for a Hypothesis example: a deadline is a timed test, and on a shared machine a slow
# example is no failure (it made the quick loop fail now and then: "FlakyFailure … DeadlineExceeded")
settings.register_profile("stammtisch", deadline=None)
settings.load_profile("stammtisch")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

_UI = Path(__file__).resolve().parent / "ui"


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: two workers more than cores – some tests wait on other processes and sockets
    (wall time, no CPU), and the extra workers keep the cores busy meanwhile (on 2 cores the quick
    loop took 181 s with 4 workers, 205 s with 2 and 210 s with 6, when the join-code tests still
    waited on the real rate limits)."""
    return (os.cpu_count() or 1) + 2


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The `ui` marker comes from the folder (and from the `app` fixture elsewhere); a test in a real
    browser (the `browser` fixture: Chromium, a host, pages) is `slow` – the quick loop keeps the
    views' own tests, the README's test command and CI run the browser too."""
    for item in items:
        names = getattr(item, "fixturenames", ())
        if _UI in Path(str(item.path)).parents or "app" in names:
            item.add_marker(pytest.mark.ui)
        if "browser" in names:
            item.add_marker(pytest.mark.slow)
    items.sort(key=_longest_first)


def _longest_first(item: pytest.Item) -> int:
    """The long tests first: the sweeps and other `slow` tests (over 5 s each), then the windows', the
    rest, and the browser's last (its longest first) – stable, in collection order within each. With `--dist load
    --maxschedchunk 2` (pyproject.toml) each worker takes the next test in this order as it gets free,
    so the long ones are shared out at the start, not one worker still at a minute-long sweep at the end
    while the others wait. The browser's tests come last because Playwright's sync API leaves its event
    loop set in the worker's main thread (the `browser` fixture lives for the session): a later test's
    `asyncio.run()` there fails ("cannot be called from a running event loop"), zeroconf sees a
    blocked loop. (A browser test takes a few seconds to twenty: a short tail.)"""
    if "browser" in getattr(item, "fixturenames", ()):
        return 3 if Path(str(item.path)).name in LONG_BROWSER else 4
    if item.get_closest_marker("slow") is not None:
        return 0
    return 1 if item.get_closest_marker("ui") is not None else 2


# The browser's longest tests (12–35 s each: whole matches, every screen in three languages), first
# among the browser's: the last seconds of a run are the short ones on every worker.
LONG_BROWSER = frozenset({"test_dice.py", "test_dice_screens.py", "test_real_dice_screens.py", "test_pong_shots.py",
                          "test_race_real.py", "test_pong_real_shots.py"})


if TYPE_CHECKING:
    from game.ui.common.app import App
    from game.ui.common.theme import Fonts


@pytest.fixture(autouse=True)
def _private_user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the real user's settings, saves or tracks."""
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(base / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(base / "data"))


_FONTS: list[Any] = []  # [Fonts, a font of theirs]: one text path for the windows of this process


def _shared_fonts(fonts: Fonts) -> Fonts:
    """The fonts of the last window, while pygame's font module lives (a font made before a
    `pygame.quit()` is dead after it): their caches stay warm from one test's window to the next."""
    import pygame

    if _FONTS:
        try:
            _FONTS[1].size("x")
            return cast("Fonts", _FONTS[0])
        except pygame.error:
            _FONTS.clear()
    _FONTS[:] = [fonts, fonts.font(12)]
    return fonts


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A headless app window (1280×800) whose saves go to a temporary folder. pygame stays up between
    tests (the window closes its scenes, the events left are dropped), so the fonts and the text path's
    caches are made once per process, not once per test."""
    import pygame

    from game.ui.common.app import App

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    a = App((1280, 800))
    a.fonts = _shared_fonts(a.fonts)
    yield a
    while a.stack:
        a.stack.pop().closed()
    if pygame.display.get_init():  # (a test may have closed the app itself)
        pygame.event.clear()
