"""Autosave and Continue at long logs (issue 15): ms an autosave adds to an action at 50,000 log
entries beside the same at 1,000, and seconds Continue takes (`load_autosave` plus autosaving
again, until the match is playable) at both lengths.

The logs are bots-only Le Mans races (`bench.autosave.long_race`, seeded) built once per process;
the autosave is written by `game.autosave.Autosave` as a scene's would be. Called by `python -m bench`.
"""
from __future__ import annotations

import tempfile
import time
from functools import cache
from pathlib import Path

from bench.autosave import long_race
from game.autosave import PREFIX, Autosave, load_autosave
from game.match import Match
from game.session import INSTANT, session_for

ACTIONS = 60  # autosaved actions timed per length


@cache
def _live(entries: int) -> Match:
    """The seeded long race, played once per process to `entries` log entries."""
    return long_race(entries, clock=10)  # ten seconds a round: the 24 hours last > 80,000 entries


def autosave_figures(entries: int, actions: int = ACTIONS) -> tuple[float, float]:
    """(ms per autosaved action, s to continue) for a race of `entries` log entries: the live match
    autosaves while its bots play `actions` more entries; then the autosave is resumed."""
    m = _live(entries)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{PREFIX}racerbile.json"
        a = Autosave.attach(m, path)
        a.writes, a.seconds = 0, 0.0
        try:
            session_for(m, pace=INSTANT).play_out(len(m.log.entries) + actions)
        finally:
            a.detach()
        per_action = a.seconds / max(1, a.writes) * 1000
        t0 = time.perf_counter()
        r = load_autosave(path)
        Autosave.attach(r.match, path, listen=False)  # as the table's session does: playable from here
        cont = time.perf_counter() - t0
        assert r.match.log.entries == m.log.entries
    return per_action, cont


@cache
def _figures() -> dict[str, float]:
    out: dict[str, float] = {}
    for n, name in ((1000, "1k"), (50_000, "50k")):
        ms, s = autosave_figures(n)
        out[f"autosave_ms_{name}"] = ms
        out[f"continue_s_{name}"] = s
    return out


def autosave_ms_50k() -> float:
    return _figures()["autosave_ms_50k"]


def autosave_ms_1k() -> float:
    return _figures()["autosave_ms_1k"]


def continue_s_50k() -> float:
    return _figures()["continue_s_50k"]


def continue_s_1k() -> float:
    return _figures()["continue_s_1k"]
