"""The viewer's bookmarks of a saved match, kept beside it: `<save>.bookmarks.json`."""
from __future__ import annotations

import json
from pathlib import Path

from game.errors import InputError
from game.store.fileio import MB, atomic_write, load_json, read_text

BOOKMARKS_FORMAT = "stammtisch-bookmarks/1"
MAX_STEPS = 10_000_000  # a bookmark beyond this is no step of any match


def bookmarks_path(save: str | Path) -> Path:
    p = Path(save)
    return p.with_name(p.name + ".bookmarks.json")


def load_bookmarks(save: str | Path) -> list[int]:
    """The bookmarked steps kept beside `save` (none when there is no such file or it is garbled:
    a bookmark is a whole number of steps, ones beyond any match's length are dropped)."""
    p = bookmarks_path(save)
    try:
        if not p.exists():
            return []
        data = load_json(read_text(p, MB), str(p))
        steps = data["steps"]
        if not isinstance(steps, list):
            return []
        return sorted({s for s in steps if isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= MAX_STEPS})
    except (InputError, OSError, KeyError, TypeError):
        return []


def save_bookmarks(save: str | Path, steps: list[int]) -> None:
    atomic_write(bookmarks_path(save), json.dumps({"format": BOOKMARKS_FORMAT, "steps": sorted(set(steps))}) + "\n")
