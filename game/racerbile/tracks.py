"""Finding a track to race: a shipped track by name (`le_mans`), a file by path, or any known
track by its content hash (how a record names it)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from game import resources
from game.store.fileio import check_file
from game.racerbile.track import Track
from game.racerbile.validate import load_track

SHIPPED = resources.TRACKS  # the checkout's tracks/ or the copy in the installed package


def user_track_dir() -> Path:
    """Where the track editor keeps the user's own tracks."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "stammtisch" / "tracks"


DRAFT_SUFFIXES = (".draft.yaml", ".unsaved.yaml", ".draft.yml", ".unsaved.yml")


def is_draft_file(path: str | Path) -> bool:
    """Whether the file is an editor's draft (`NAME.draft.yaml`, `NAME.unsaved.yaml`): the designer's
    work to go on with, never a track to race."""
    return Path(path).name.lower().endswith(DRAFT_SUFFIXES)


def user_race_tracks() -> list[Path]:
    """The user's own track files that may be raced (drafts left out), by name."""
    folder = user_track_dir()
    if not folder.is_dir():
        return []
    return [p for p in sorted(folder.glob("*.yaml")) if not is_draft_file(p)]


@dataclass(frozen=True)
class FoundTrack:
    name: str  # what the match log records: a shipped name or a path
    track: Track


def shipped_names() -> list[str]:
    return sorted(p.stem for p in SHIPPED.glob("*.yaml"))


@lru_cache(maxsize=16)
def _load(path: str, mtime: float) -> Track:
    return load_track(path)


def load_cached(path: str | Path) -> Track:
    """A validated track, read once per file version."""
    p = Path(path)
    st = check_file(p)  # (a FIFO or a device named as given, not as resolved)
    return _load(str(p.resolve()), st.st_mtime)


def find_track(ref: str) -> FoundTrack:
    """A track by shipped name, file path or content hash; ValueError when none is found
    (a broken file raises its `TrackErrors`)."""
    try:
        return _find_track(ref)
    except OSError as e:  # a name the file system cannot even look up (too long, a NUL in it)
        raise ValueError(f"no track {ref[:60]!r}: {e.strerror or e}") from None


def _find_track(ref: str) -> FoundTrack:
    if (SHIPPED / f"{ref}.yaml").is_file():
        return FoundTrack(ref, load_cached(SHIPPED / f"{ref}.yaml"))
    p = Path(ref)
    if p.suffix in (".yaml", ".yml") and p.exists():  # (a FIFO or a device: the reader says what it is)
        return FoundTrack(str(p), load_cached(p))
    if len(ref) >= 8 and all(c in "0123456789abcdef" for c in ref.lower()):
        for folder in (SHIPPED, user_track_dir()):
            for f in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
                if is_draft_file(f):
                    continue
                try:
                    t = load_cached(f)
                except Exception:  # a broken file in a folder is not the track asked for
                    continue
                if t.content_hash.startswith(ref.lower()):
                    return FoundTrack(f.stem if folder == SHIPPED else str(f), t)
    raise ValueError(f"no track {ref!r}: name a shipped track ({', '.join(shipped_names())}), a .yaml file, or a content hash")


_SPELT_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "ø": "oe", "å": "aa",
                            "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "Æ": "Ae", "Ø": "Oe", "Å": "Aa"})


def ascii_name(text: str) -> str:
    """`text` in ASCII letters: German and Danish letters spelt out (ü → ue, ø → oe, å → aa), other
    accents dropped (é → e), anything else left out."""
    import unicodedata

    spelt = unicodedata.normalize("NFKD", text.translate(_SPELT_OUT))
    return spelt.encode("ascii", "ignore").decode("ascii")


@lru_cache(maxsize=64)
def _title(path: str, mtime: float) -> str:
    import yaml

    try:
        with open(path, encoding="utf-8") as fh:
            data = yaml.safe_load(fh)
    except (OSError, ValueError, yaml.YAMLError):
        return ""
    name = data.get("name") if isinstance(data, dict) else None
    return name.strip() if isinstance(name, str) else ""


def track_title(path: str | Path) -> str:
    """The name a track file gives itself ("Nåleøjet"), not its file name; the file's stem when it
    names none (or cannot be read)."""
    p = Path(path)
    try:
        mtime = p.stat().st_mtime
    except OSError:
        return p.stem
    return _title(str(p.resolve()), mtime) or p.stem


def shipped_title(name: str) -> str:
    """The name a shipped track (`naaleoejet`) gives itself: "Nåleøjet"."""
    return track_title(SHIPPED / f"{name}.yaml")
