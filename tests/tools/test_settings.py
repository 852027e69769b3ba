"""Persistent settings: remembered between sessions, never a crash on a bad file, written atomically."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.settings import LANGUAGES, Settings, config_dir, load_settings, save_settings, settings_path

CHANGED = Settings(
    players=(("Åse", "beer"), ("Jörg", "light_beer"), ("Bo", "other")),
    language="da",
    sound=False,
    volume=0.25,
    coach=False,
    aim_preview=True,
    aim_preview_chosen=True,
    pong_matches=3,
    slow_motion=True,
)


def test_settings_round_trip(tmp_path: Path) -> None:
    """What is saved comes back equal, every field changed from its default (names in UTF-8)."""
    path = tmp_path / "settings.json"
    assert all(getattr(CHANGED, k) != v for k, v in vars(Settings()).items())
    save_settings(CHANGED, path)
    assert load_settings(path) == (CHANGED, None)
    assert "Åse" in path.read_text(encoding="utf-8")


def test_absent_file_gives_the_defaults_without_a_warning(tmp_path: Path) -> None:
    s, msg = load_settings(tmp_path / "nothing" / "settings.json")
    assert s == Settings() and msg is None
    assert s.language in LANGUAGES and 0 <= s.volume <= 1


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "\xff\xfe", '{"language": "en",}'])
def test_a_broken_file_gives_the_defaults_and_a_warning(tmp_path: Path, text: str) -> None:
    """Not JSON, or not an object: the defaults, and a message naming the file."""
    path = tmp_path / "settings.json"
    path.write_bytes(text.encode("latin-1"))
    s, msg = load_settings(path)
    assert s == Settings()
    assert msg is not None and msg.startswith(f"{path}") and "defaults" in msg


def test_a_wrong_value_is_reported_by_its_key_and_the_rest_is_kept(tmp_path: Path) -> None:
    """Wrong types or values fall back to their defaults, each named by its key; good values and
    unknown keys (from a newer version) do not stop the rest from loading."""
    path = tmp_path / "settings.json"
    data = CHANGED.to_dict() | {"volume": "loud", "sound": 1, "language": "fr", "future_option": [1, 2]}
    data["players"] = [{"name": "Eva", "drink": "mead"}]
    path.write_text(json.dumps(data), encoding="utf-8")
    s, msg = load_settings(path)
    assert msg is not None
    for key in ("volume", "sound", "language", "players"):
        assert f"{key}:" in msg
    assert "future_option" not in msg
    d = Settings()
    assert (s.volume, s.sound, s.language, s.players) == (d.volume, d.sound, d.language, d.players)
    assert (s.coach, s.aim_preview, s.slow_motion) == (CHANGED.coach, CHANGED.aim_preview, CHANGED.slow_motion)


def test_settings_reject_impossible_values() -> None:
    with pytest.raises(ValueError, match="volume"):
        Settings(volume=1.5)
    with pytest.raises(ValueError, match="language"):
        Settings(language="xx")
    with pytest.raises(ValueError):
        Settings(players=(("Eva", "mead"),))


def test_the_config_folder_follows_xdg_config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`$XDG_CONFIG_HOME/stammtisch`, else `~/.config/stammtisch`; save and load use it by default."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    assert config_dir() == tmp_path / "cfg" / "stammtisch"
    written = save_settings(CHANGED)
    assert written == settings_path() == tmp_path / "cfg" / "stammtisch" / "settings.json"
    assert load_settings() == (CHANGED, None)
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert config_dir() == tmp_path / "home" / ".config" / "stammtisch"
    assert load_settings() == (Settings(), None)


def test_saving_is_atomic(tmp_path: Path) -> None:
    """A save replaces the file by renaming a synced temporary file over it: the old file is
    never opened for writing (a hard link to it keeps the old text) and no temporary file is left."""
    path = tmp_path / "settings.json"
    save_settings(Settings(), path)
    old = path.read_text(encoding="utf-8")
    os.link(path, tmp_path / "old-link")
    inode = path.stat().st_ino
    save_settings(CHANGED, path)
    assert (tmp_path / "old-link").read_text(encoding="utf-8") == old
    assert path.stat().st_ino != inode
    assert load_settings(path) == (CHANGED, None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old-link", "settings.json"]
