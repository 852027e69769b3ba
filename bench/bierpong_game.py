"""Bierpong bot game benchmark.

`bierpong_bot_game_s`: one whole 2-against-2 game of `regular` bots, headless – the throw-off, every
throw aimed, spread, simulated by `physics.world.simulate` and classified, every ruling by the
referee through `game.match.Match` – wall-clock seconds, the median of `RUNS` games (seeds 1…RUNS,
so each run plays a different, reproducible game).

`python -m bench.bierpong_game` prints it.
"""
from __future__ import annotations

import statistics
import time

from game.bierpong.simulate import play_game

RUNS = 5


def bierpong_bot_game_s() -> float:
    """Seconds for one 2v2 bot game, physics included (median of `RUNS` seeded games)."""
    times = []
    for seed in range(1, RUNS + 1):
        t0 = time.perf_counter()
        run = play_game(["regular", "regular"], 2, seed)
        times.append(time.perf_counter() - t0)
        assert run.finished and run.state.is_terminal()
    return statistics.median(times)


if __name__ == "__main__":
    print(f"bierpong_bot_game_s {bierpong_bot_game_s():.4f}")
