"""Autosave (issue 8): ms an autosave adds to an action on a 2,000-entry Le Mans log, beside the plain
whole-log save it replaces (measured once, read twice)."""
from __future__ import annotations

import tempfile
import time
from functools import cache
from pathlib import Path

from game.store.autosave import PREFIX, Autosave
from game.store.matchfile import write_log
from game.match import Match


def long_race(entries: int, seed: int = 11, clock: int = 30) -> Match:
    """A bots-only Le Mans (three teams of three) driven by its session to at least `entries` log
    entries (or its end), `clock` seconds of event time logged after every ten."""
    from game.match import PlayerSpec
    from game.racerbile.actions import Clock
    from game.rules import racerbile as R
    from game.session import INSTANT, Session, session_for

    teams = [PlayerSpec(f"Team {i}", kind, drivers=tuple(f"D{i}{k}" for k in range(3)))
             for i, kind in enumerate(["careful", "racer", "stalin"])]
    m = Match("racerbile", teams, R.SPEC.make(R.LE_MANS), seed=seed, track="le_mans")
    clocked = 0

    def after(s: Session) -> None:
        nonlocal clocked
        if m.state.turns and len(m.log.entries) // 10 > clocked and not m.state.is_terminal():
            clocked = len(m.log.entries) // 10
            s.apply(Clock(clock))

    session_for(m, pace=INSTANT).play_out(entries, after=after)
    return m


def bench_autosave(sizes: tuple[int, ...] = (100, 2000), actions: int = 40) -> dict[str, float]:
    """Milliseconds an autosave adds to an action of a Racerbile (Le Mans) log of 100 and 2,000
    entries, and beside it the plain `MatchLog.save` of the 2,000-entry log (the naive autosave)."""
    full = long_race(max(sizes) + actions)
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            m = Match.replay(full.log.prefix(n))
            a = Autosave.attach(m, Path(tmp) / f"{PREFIX}racerbile-{n}.json")
            a.writes, a.seconds = 0, 0.0
            for e in full.log.entries[n : n + actions]:
                m.apply(m.parse(e.action))
            out[f"autosave_{n}_ms"] = a.seconds / max(1, a.writes) * 1000
        log = full.log.prefix(max(sizes))
        t0 = time.perf_counter()
        for _ in range(5):
            write_log(log, Path(tmp) / "plain.json")
        out[f"baseline_save_{max(sizes)}_ms"] = (time.perf_counter() - t0) / 5 * 1000
    return out


@cache
def _figures() -> dict[str, float]:
    return bench_autosave()


def autosave_ms() -> float:
    return _figures()["autosave_2000_ms"]


def baseline_plain_save_ms() -> float:
    return _figures()["baseline_save_2000_ms"]
