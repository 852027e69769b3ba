"""A whole 24-hour Le Mans of bots in time-lapse: six teams of three (careful and racer bots in
turn) on `le_mans`, one turn per team per 30 simulated seconds (a round of turns is 30 s of the
event clock: 2,880 rounds, about 17,300 turns), by `game.racerbile.simulate` – every action through
a `Match` and its log, no journal (autosave off). The track is loaded before the clock starts; the
bots' per-track memo starts cold, as in a fresh process.

Called by `python -m bench` (bench/__main__.py, written elsewhere).
"""
from __future__ import annotations

import time

from game.racerbile.bots import clear_memos
from game.racerbile.simulate import play_race
from game.racerbile.tracks import find_track
from game.rules import racerbile as R

TEAMS = ("careful", "racer") * 3
SEED = 24
ROUND_SECONDS = 30.0


def lemans_24h_s() -> float:
    """Seconds to race a whole 24-hour Le Mans of six bot teams (see the module doc)."""
    find_track("le_mans")
    clear_memos()
    profile = R.SPEC.make(R.LE_MANS, lemans_hours=24)
    t0 = time.perf_counter()
    run = play_race(list(TEAMS), profile, track="le_mans", seed=SEED, round_seconds=ROUND_SECONDS)
    elapsed = time.perf_counter() - t0
    assert run.state.is_terminal() and run.state.clock >= 24 * 3600
    return elapsed


if __name__ == "__main__":
    print(f"lemans_24h_s: {lemans_24h_s():.2f}")
