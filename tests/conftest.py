"""Tests run headless: no window, no sound device, SDL leaves the signals alone (set before pygame
is imported, so a hung run can still be stopped by `timeout`/SIGTERM). Tests under `tests/ui/`, and
any test that opens the `app` window, carry the `ui` marker (`pytest -m "not ui"` leaves them out)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

_UI = Path(__file__).resolve().parent / "ui"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The `ui` marker comes from the folder (and from the `app` fixture elsewhere)."""
    for item in items:
        if _UI in Path(str(item.path)).parents or "app" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.ui)

if TYPE_CHECKING:
    from game.ui.common.app import App


@pytest.fixture(autouse=True)
def _private_user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the real user's settings, saves or tracks."""
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(base / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(base / "data"))


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A headless app window (1280×800) whose saves go to a temporary folder."""
    from game.ui.common.app import App

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    a = App((1280, 800))
    yield a
    a.close()
