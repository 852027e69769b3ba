"""Autosave and Continue at long logs (issue 15): ms an autosave adds to an action at 50,000 log
entries beside the same at 1,000 (the mean over 1,200 actions, a snapshot stretch among them, and
the dearest single action – and, issue 28, the dearest snapshot share of one action: the stretch is
gathered an entry per action, so the dearest action is the journal's synced write), and seconds Continue takes (`load_autosave` plus autosaving again,
until the match is playable: from the snapshot, `game.store.snapshot`) at both lengths, beside the
same Continue without the snapshot (the whole journal replayed first) and the verification that a
session then spreads over the frames, timed at once.

The logs are bots-only Le Mans races (`bench.autosave.long_race`, seeded) built once per process;
the autosave is written by `game.store.autosave.Autosave` as a scene's would be. Called by `python -m bench`.
"""
from __future__ import annotations

import tempfile
import time
from functools import cache
from pathlib import Path

from bench.autosave import long_race
from game.store.autosave import PREFIX, Autosave, load_autosave
from game.match import Match
from game.session import INSTANT, session_for
from game.store.snapshot import SEGMENT, snapshot_path

ACTIONS = 1200  # autosaved actions timed per length: more than a snapshot stretch (`game.store.snapshot.SEGMENT`)


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
        assert a.snapshot is not None
        while a.snapshot.behind():  # as if autosaved from its start: the snapshot caught up, untimed
            a.snapshot.keep()
        a.writes, a.seconds = 0, 0.0
        a.snapshot.seconds = 0.0
        costs: list[float] = []
        snaps: list[float] = []
        last = [0.0, 0.0]

        def cost(entry: object) -> None:  # heard after the autosave: what it spent on this entry
            assert a.snapshot is not None
            costs.append(a.seconds - last[0])
            snaps.append(a.snapshot.seconds - last[1])
            last[:] = [a.seconds, a.snapshot.seconds]

        m.listeners.append(cost)
        try:
            session_for(m, pace=INSTANT).play_out(len(m.log.entries) + actions)
        finally:
            m.listeners.remove(cost)
            a.detach()
        per_action = a.seconds / max(1, a.writes) * 1000
        _worst[entries] = max(costs) * 1000
        _snap_worst[entries] = max(snaps) * 1000
        t0 = time.perf_counter()
        r = load_autosave(path)
        Autosave.attach(r.match, path, listen=False)  # as the table's session does: playable from here
        cont = time.perf_counter() - t0
        assert r.match.log.entries == m.log.entries and (r.match.pending is not None or entries < SEGMENT)
        t0 = time.perf_counter()
        assert r.match.pending is None or r.match.pending.run() is None
        _verify[entries] = time.perf_counter() - t0
        snapshot_path(path).unlink(missing_ok=True)
        t0 = time.perf_counter()
        full = load_autosave(path)  # the whole journal replayed, every ruling checked before the table is shown
        _full[entries] = time.perf_counter() - t0
        assert full.match.pending is None and full.match.log.entries == m.log.entries
    return per_action, cont


_worst: dict[int, float] = {}  # ms: the dearest single action's autosave
_snap_worst: dict[int, float] = {}  # ms: the dearest snapshot share of one action's autosave (its stretch gathered, or written)
_full: dict[int, float] = {}  # s: Continue without the snapshot (the journal replayed whole first)
_verify: dict[int, float] = {}  # s: the verification after Continue, run at once (a session spreads it over frames)


@cache
def _figures() -> dict[str, float]:
    out: dict[str, float] = {}
    for n, name in ((1000, "1k"), (50_000, "50k")):
        ms, s = autosave_figures(n)
        out[f"autosave_ms_{name}"] = ms
        out[f"continue_s_{name}"] = s
        out[f"autosave_worst_ms_{name}"] = _worst[n]
        out[f"autosave_snapshot_worst_ms_{name}"] = _snap_worst[n]
        out[f"continue_verify_s_{name}"] = _verify[n]
        out[f"baseline_continue_full_replay_s_{name}"] = _full[n]
    return out


def autosave_ms_50k() -> float:
    return _figures()["autosave_ms_50k"]


def autosave_ms_1k() -> float:
    return _figures()["autosave_ms_1k"]


def continue_s_50k() -> float:
    return _figures()["continue_s_50k"]


def continue_s_1k() -> float:
    return _figures()["continue_s_1k"]


def autosave_worst_ms_50k() -> float:
    return _figures()["autosave_worst_ms_50k"]


def autosave_worst_ms_1k() -> float:
    return _figures()["autosave_worst_ms_1k"]


def autosave_snapshot_worst_ms_50k() -> float:
    return _figures()["autosave_snapshot_worst_ms_50k"]


def autosave_snapshot_worst_ms_1k() -> float:
    return _figures()["autosave_snapshot_worst_ms_1k"]


def continue_verify_s_50k() -> float:
    return _figures()["continue_verify_s_50k"]


def baseline_continue_full_replay_s_50k() -> float:
    return _figures()["baseline_continue_full_replay_s_50k"]
