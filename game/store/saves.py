"""Where saved matches live: `$XDG_DATA_HOME/stammtisch/saves` (or `~/.local/share/...`), and how
they are listed.

The folder is created lazily, the first time something is saved into it. A finished match is kept
there (`game.store.autosave.MatchAutosave`). `list_saves` lists the matches – by game, people, date and
result, not by file name – and never the side files beside them (bookmarks, autosaves, indexes,
snapshots). What each file holds is kept in a small index (`saves.index`), checked against the
file's inode, size and mtime, so a match is replayed for its result once, not at every listing.
No pygame here.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.store.fileio import read_index
from game.i18n import N_, _, tr
from game.rules.phrase import Phrase, phrase, values_of

INDEX = "saves.index"
INDEX_FORMAT = "stammtisch-saves-index/1"
SIDE_FILES = (".bookmarks.json",)  # files beside a save that are no match (the replay viewer's bookmarks)
RESULT_BYTES = 1_000_000  # a save larger than this (a long Le Mans) is not replayed for its result while listing
RESULT_SECONDS = 1.5  # time a listing may spend replaying saves for their results (the rest next time)
RESULTS = (N_("{name} loses"), N_("{name} wins"), N_("{team} win"), N_("a draw"))  # what `result_of` can say


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
    """A saved match as the lists show it."""

    path: Path
    modified: float
    game: str = ""
    players: tuple[str, ...] = ()
    actions: int = 0  # log entries after the start
    result: str | None = None  # who won or lost (a phrase, said in the language of the screen); None: not over (or not known yet)
    over: bool = False
    problem: str | None = None  # the file cannot be read: why

    @property
    def title(self) -> str:
        from game.games import GAMES

        info = GAMES.get(self.game)
        return info.title if info is not None else (self.game or _("unknown game"))

    @property
    def label(self) -> str:
        """"Schock · Anna, Ben, Cem · 2026-12-03 21:30 · Ben loses" – the game, the people, the date, the result."""
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))
        if self.problem is not None:
            return f"{_('damaged save')} · {when} · {self.path.name}"
        if self.result is not None:
            result = tr(self.result)
        elif self.over:
            result = _("over")
        else:
            result = _("unfinished, {n} actions").format(n=self.actions)
        return " · ".join([self.title, ", ".join(self.players) or "?", when, result])


def is_match_file(p: Path) -> bool:
    """A saved match (not an autosave, which "Continue" offers, nor a side file beside a save)."""
    name = p.name
    return name.endswith(".json") and not name.startswith(("autosave-", ".")) and not name.endswith(SIDE_FILES)


def list_saves(folder: Path | None = None) -> list[SaveFile]:
    """The saved matches in the save folder, newest first (an absent folder has none), each with its
    game, people and result (from the index, or read now and remembered there)."""
    d = folder or save_dir()
    if not d.is_dir():
        return []
    index = _read_index(d)
    before = json.dumps(index, sort_keys=True)
    budget = time.perf_counter() + RESULT_SECONDS
    out = []
    for p in d.glob("*.json"):
        if not is_match_file(p) or not p.is_file():
            continue
        try:
            st = p.stat()
            got = _summary(p, st, index.get(p.name), budget)
        except OSError:
            continue
        index[p.name] = got
        out.append(SaveFile(p, st.st_mtime, str(got.get("game", "")), tuple(str(n) for n in got.get("players", ())),
                            int(got.get("actions", 0)), result_from_index(got.get("result")), bool(got.get("over")), got.get("problem")))
    index = {k: v for k, v in index.items() if (d / k).exists()}
    if json.dumps(index, sort_keys=True) != before:
        try:
            from game.store.fileio import atomic_write

            atomic_write(d / INDEX, json.dumps({"format": INDEX_FORMAT, "files": index}, ensure_ascii=False) + "\n")
        except OSError:
            pass  # a read-only folder: listed all the same, read again next time
    return sorted(out, key=lambda s: (-s.modified, s.path.name))


def _read_index(folder: Path) -> dict[str, dict[str, Any]]:
    return read_index(folder / INDEX, INDEX_FORMAT)


def _summary(p: Path, st: os.stat_result, old: dict[str, Any] | None, budget: float) -> dict[str, Any]:
    """What the save `p` holds: from the index when the file is unchanged (its result, once known,
    included), else read – and replayed for its result while the listing's time lasts."""
    stamp = [st.st_ino, st.st_size, st.st_mtime_ns]
    if old is not None and old.get("stamp") == stamp and (old.get("done") or time.perf_counter() > budget):
        return old
    from game.store.matchfile import read_log

    try:
        log = read_log(p)
    except OSError:
        raise
    except Exception as e:  # damaged (the readers say where when it is opened): listed, never a crash
        return {"stamp": stamp, "problem": str(e) or type(e).__name__, "done": True}
    got: dict[str, Any] = {"stamp": stamp, "game": log.game, "players": [str(d.get("name", "?")) for d in log.players],
                           "actions": max(0, len(log.entries) - 1), "done": False}
    if st.st_size <= RESULT_BYTES and time.perf_counter() <= budget:
        got["done"] = True
        try:
            from game.match import Match

            m = Match.replay(log, str(p))
            got["over"] = m.state.is_terminal()
            result = result_of(m) if got["over"] else None
            got["result"] = None if result is None else {"say": getattr(result, "template", str(result)), "values": values_of(result)}
        except Exception:
            got["over"], got["result"] = False, None  # does not replay: the viewer says where
    return got


def result_from_index(kept: Any) -> str | None:
    """A result as the index keeps it – data, `{"say": "{name} loses", "values": {"name": "Ben"}}`,
    said in the language of the screen when drawn – or, from an older index, a sentence (shown as it
    is); None for anything else."""
    if isinstance(kept, str):
        return kept
    if not isinstance(kept, dict) or kept.get("say") not in RESULTS or not isinstance(kept.get("values", {}), dict):
        return None
    values = {str(k): str(v) for k, v in kept.get("values", {}).items()}
    try:
        return Phrase(str(kept["say"]), values)
    except (KeyError, IndexError, ValueError):
        return None


def result_of(match: Any) -> Phrase | None:
    """Who won a finished match (who lost, at the dice games, where the loser pays): "Ben loses",
    "Foxes win", "Anna wins" (a phrase: said in the reader's language); None when nobody stands out."""
    st = match.state
    try:
        ret = st.returns()
    except Exception:
        return None
    names = list(st.players)
    if not ret or len(ret) != len(names):
        return None
    if match.info.result.loser:
        worst = min(ret)
        losers = [n for n, r in zip(names, ret) if r == worst]
        return phrase(RESULTS[0], name=losers[0]) if len(losers) == 1 and worst != max(ret) else phrase(RESULTS[3])
    best = max(ret)
    winners = [n for n, r in zip(names, ret) if r == best]
    if len(winners) != 1 or best == min(ret):
        return phrase(RESULTS[3])
    if match.info.seating.teams:  # a team game ("Foxes win")
        return phrase(RESULTS[2], team=winners[0])
    return phrase(RESULTS[1], name=winners[0])


def write_save(match: Any, path: Path) -> str | None:
    """Save `match` at `path` (a match with a journal writes its journal whole instead – that is its
    save); None when written, else why not."""
    try:
        if getattr(match, "journal", None) is not None:
            match.journal.rewrite(match.log)
        else:
            from game.store.matchfile import write_log  # (the match's modules: only when one is saved)

            write_log(match.log, path)
    except OSError as e:
        return str(e)
    return None


def new_save_path(game: str, folder: Path | None = None) -> Path:
    """A fresh file name in the save folder: `schock-2024-05-01-2130.json` (numbered if taken)."""
    d = folder or ensure_save_dir()
    d.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%d-%H%M%S")
    p = d / save_name(game, stamp)
    n = 2
    while p.exists():
        p = d / f"{game}-{stamp}-{n}.json"
        n += 1
    return p


def save_name(game: str, stamp: str | None = None) -> str:
    """A save's file name: `schock-2024-05-01-213000.json` (the time now, or `stamp`)."""
    return f"{game}-{stamp or time.strftime('%Y-%m-%d-%H%M%S')}.json"


def safe_file_name(name: str) -> str:
    """A name a person typed as a file name in the save folder: no folders, no hidden file, no
    control characters; letters of every language stay ("Anna gegen Björn" stays as it is)."""
    keep = "".join(c if (c.isalnum() or c in " -_.,()+'&") else "-" for c in name.strip())
    keep = keep.strip(" .-")[:80].strip()
    return keep or "match"


def autosave_path(game: str) -> Path:
    return ensure_save_dir() / f"autosave-{game}.json"
