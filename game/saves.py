"""Where saved matches live: `$XDG_DATA_HOME/stammtisch/saves` (or `~/.local/share/...`).

The folder is created lazily, the first time something is saved into it. No pygame here.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def save_dir() -> Path:
    """The user's save folder (not created here)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "stammtisch" / "saves"


def shown_dir(path: Path | None = None) -> str:
    """A folder as a person reads it: the home folder written `~` (the save folder by default)."""
    p = path or save_dir()
    try:
        return "~/" + str(p.relative_to(Path.home()))
    except ValueError:
        return str(p)


def ensure_save_dir() -> Path:
    d = save_dir()
    d.mkdir(parents=True, exist_ok=True)
    return d


@dataclass(frozen=True)
class SaveFile:
    path: Path
    modified: float

    @property
    def label(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))
        return f"{self.path.stem}   ({when})"


def list_saves(folder: Path | None = None) -> list[SaveFile]:
    """The *.json files of the save folder, newest first (an absent folder has none)."""
    d = folder or save_dir()
    if not d.is_dir():
        return []
    out = []
    for p in d.glob("*.json"):
        try:
            out.append(SaveFile(p, p.stat().st_mtime))
        except OSError:
            continue
    return sorted(out, key=lambda s: (-s.modified, s.path.name))


def write_save(match: Any, path: Path) -> str | None:
    """Save `match` at `path` (a match with a journal writes its journal whole instead – that is its
    save); None when written, else why not."""
    try:
        if getattr(match, "journal", None) is not None:
            match.journal.rewrite(match.log)
        else:
            match.save(path)
    except OSError as e:
        return str(e)
    return None


def new_save_path(game: str, folder: Path | None = None) -> Path:
    """A fresh file name in the save folder: `schock-2024-05-01-2130.json` (numbered if taken)."""
    d = folder or ensure_save_dir()
    d.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%d-%H%M%S")
    p = d / f"{game}-{stamp}.json"
    n = 2
    while p.exists():
        p = d / f"{game}-{stamp}-{n}.json"
        n += 1
    return p


def autosave_path(game: str) -> Path:
    return ensure_save_dir() / f"autosave-{game}.json"
