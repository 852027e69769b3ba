"""The player's settings, kept between sessions in `settings.json` in the config folder.

`$XDG_CONFIG_HOME/stammtisch` (or `~/.config/stammtisch`). Loading never fails: an absent file
gives the defaults; a damaged file, or a value of the wrong type, gives the defaults for what is
wrong plus a message naming the key (keys this version does not know are ignored). Saving is
atomic (`game.store.fileio.atomic_write`). No pygame here.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.errors import InputError
from game.store.fileio import MB, atomic_write, load_json, read_text
from game.i18n import LANGUAGES as I18N_LANGUAGES
from game.rules.drink import Drink

__all__ = ["LANGUAGES", "Settings", "config_dir", "load_settings", "save_settings", "settings_path"]

LANGUAGES = tuple(I18N_LANGUAGES)  # the codes the interface speaks (game.i18n)
FORMAT = "stammtisch-settings/1"
SETTINGS_LIMIT = MB  # a settings file is a few hundred bytes


@dataclass(frozen=True)
class Settings:
    """What the program remembers: the table's players, language, sound and the assists."""

    players: tuple[tuple[str, str], ...] = ()  # (name, drink) for the next new match
    language: str = "en"  # one of LANGUAGES
    sound: bool = True
    volume: float = 0.8  # 0–1
    coach: bool = True  # Racerbile: the coach's hints
    aim_preview: bool = False  # Bierpong: the aiming line (an assist, off by default) …
    aim_preview_chosen: bool = False  # … once the player chose it (A at the table, the settings); until then on in the first match
    pong_matches: int = 0  # Bierpong matches begun at this computer (the first one shows the aim preview)
    slow_motion: bool = False  # Bierpong: throws in slow motion

    def __post_init__(self) -> None:
        if self.language not in LANGUAGES:
            raise ValueError(f"language {self.language!r}: valid languages are {', '.join(LANGUAGES)}")
        if self.pong_matches < 0:
            raise ValueError(f"pong_matches {self.pong_matches!r}: a count, 0 or more")
        if not 0.0 <= self.volume <= 1.0:
            raise ValueError(f"volume {self.volume!r}: it goes from 0 to 1")
        for name, drink in self.players:
            Drink(drink)  # a ValueError names an unknown drink

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["players"] = [{"name": n, "drink": k} for n, k in self.players]
        return {"format": FORMAT, **d}


def config_dir() -> Path:
    """The user's config folder (not created here)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "stammtisch"


def settings_path() -> Path:
    return config_dir() / "settings.json"


def _players(value: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, list):
        raise TypeError("a list of {name, drink}")
    out = []
    for p in value:
        if not (isinstance(p, dict) and isinstance(p.get("name"), str) and isinstance(p.get("drink", "beer"), str)):
            raise TypeError("a list of {name, drink}")
        out.append((p["name"], str(Drink(p.get("drink", "beer")))))
    return tuple(out)


def _value(key: str, value: Any, default: Any) -> Any:
    """`value` read for `key`, checked against the type of its default (TypeError/ValueError if wrong)."""
    if key == "players":
        return _players(value)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise TypeError("true or false")
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError("a whole number")
        return value
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError("a number")
        return float(value)
    if not isinstance(value, type(default)):
        raise TypeError(f"a {type(default).__name__}")
    return value


def load_settings(path: str | Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a warning (None: all was well); never raises for a bad file."""
    p = Path(path) if path is not None else settings_path()
    try:
        if not p.exists() and not p.is_symlink():
            return Settings(), None
        text = read_text(p, SETTINGS_LIMIT)  # a regular file of a bounded size
    except InputError as e:
        return Settings(), f"{p}: cannot read the settings ({e.message}); using the defaults"
    except (OSError, ValueError) as e:  # (the check above)
        return Settings(), f"{p}: cannot read the settings ({e}); using the defaults"
    try:
        data = load_json(text, str(p))  # strict JSON: no NaN, no deep nesting or huge numbers
    except InputError as e:
        return Settings(), f"{p}:{e.line}:{e.column}: the settings are not valid JSON ({e.message}); using the defaults"
    if not isinstance(data, dict):
        return Settings(), f"{p}: the settings are not a JSON object; using the defaults"
    s = Settings()
    problems = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        try:
            s = replace(s, **{f.name: _value(f.name, data[f.name], getattr(s, f.name))})
        except (TypeError, ValueError) as e:
            problems.append(f"{f.name}: {data[f.name]!r} is not valid ({e})")
    if problems:
        return s, f"{p}: " + "; ".join(problems) + " – the defaults are used for these"
    return s, None


def save_settings(settings: Settings, path: str | Path | None = None) -> Path:
    """Write the settings atomically (the folder is created); returns the file written."""
    p = Path(path) if path is not None else settings_path()
    atomic_write(p, json.dumps(settings.to_dict(), ensure_ascii=False, indent=1) + "\n")
    return p
