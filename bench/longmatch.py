"""Long matches: undo and one race action at a long Le Mans log against the same at 1,000 entries.

The logs are a bots-only Le Mans (eight teams of careful and racer bots on `le_mans`, a `clock`
entry per round of turns, as `game.racerbile.simulate` logs them) played by a `RaceSession` at
`INSTANT` pace; each length is built once per process (the same seed: a shorter log is a prefix of
a longer one) and reused by every figure here.

- `undo_ms_<n>`: `Session.undo_to` back by one round of entries at `n` entries (the match is put
  back to its full length between runs without timing it).
- `race_action_ms_<n>`: one bot action (or chance draw) through the `RaceSession` plus the race
  scene's view update – the scene's frames (`RaceScene.update`, 0.25 s each, the session ticking
  at its live pace) until the entry is logged and shown to its end, then one frame drawn – in a
  headless pygame window, coach on, the whole track in view.

Called by `python -m bench` (bench/__main__.py).
"""
from __future__ import annotations

import os
import statistics
import time
from functools import cache
from typing import Any

from bench.timing import median_ms
from game.match import Match
from game.racerbile.actions import Clock
from game.racerbile.simulate import race_players
from game.rules import racerbile as R
from game.session.race import RaceSession
from game.session.session import INSTANT

TEAMS = ("careful", "racer") * 4
SEED = 15
ROUND_SECONDS = 30.0
BACK = 12  # entries an undo takes back (about a round of turns)


@cache
def long_match(n: int) -> Match:
    """A bots-only Le Mans played to `n` entries (built once per length and process; the same
    seed, so a shorter one is a prefix of a longer one)."""
    profile = R.SPEC.make(R.LE_MANS, lemans_hours=72)  # the longest event (72 h): it does not end before 80,000 entries
    m = Match("racerbile", race_players(list(TEAMS), True), profile, seed=SEED, track="le_mans")
    session = RaceSession(m, pace=INSTANT)
    teams = len(TEAMS)
    rounds = 0

    def after(s: Any) -> None:
        nonlocal rounds
        r = s.state.turns // teams
        if r > rounds:
            for _ in range(r - rounds):
                s.apply(Clock(ROUND_SECONDS))
            rounds = r

    session.play_out(n, after=after)
    assert len(m.log.entries) >= n and not m.state.is_terminal()
    return m


def _undo_ms(n: int) -> float:
    m = long_match(n)
    session = RaceSession(m, pace=INSTANT)
    times: list[float] = []
    end = time.perf_counter() + 4.0
    while len(times) < 25 and (len(times) < 5 or time.perf_counter() < end):
        gone = m.log.entries[n - BACK:]
        t0 = time.perf_counter()
        session.undo_to(n - BACK)
        times.append((time.perf_counter() - t0) * 1000)
        for e in gone:  # untimed: the match played on again to its full length, as logged
            m.apply(m.parse(e.action), e.detail)
    return statistics.median(times)


def undo_ms_50k() -> float:
    """Undo at 50,000 entries of a bots-only Le Mans (median ms)."""
    return _undo_ms(50_000)


def undo_ms_1k() -> float:
    """Undo at 1,000 entries of the same Le Mans (median ms)."""
    return _undo_ms(1_000)


def _race_action_ms(n: int) -> float:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.ui.common.app import App
    from game.ui.race.race import RaceScene

    app = App((1280, 800))
    try:
        m = long_match(n)
        scene = RaceScene(app, m, autosave=False, coach=True)
        app.push(scene)
        # the whole track in view (F): following each bot's car re-renders the board's static layer
        # on every pan, a cost of the board view that no log length changes
        scene.follow = False
        session = scene.session
        surface = pygame.display.get_surface()
        assert surface is not None
        entries = m.log.entries

        def action() -> None:
            n = len(entries)
            for _ in range(400):  # frames until a bot's action (or a die) is logged and shown to its end
                scene.update(0.25)
                if len(entries) > n and not scene.shows and scene.playing is None and scene.hop is None:
                    break
            scene.draw(surface)

        return median_ms(action, runs=200, warmup=3, budget_s=6.0)
    finally:
        app.close()


def race_action_ms_80k() -> float:
    """One bot action and the race scene's view update at 80,000 entries (median ms)."""
    return _race_action_ms(80_000)


def race_action_ms_1k() -> float:
    """The same at 1,000 entries."""
    return _race_action_ms(1_000)


if __name__ == "__main__":
    for name, fn in (("undo_ms_50k", undo_ms_50k), ("undo_ms_1k", undo_ms_1k),
                     ("race_action_ms_80k", race_action_ms_80k), ("race_action_ms_1k", race_action_ms_1k)):
        print(f"{name}: {fn():.2f}")
