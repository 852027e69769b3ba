"""The command line's `simulate GAME`: bots only, headless. The game's own simulator
(`GameInfo.simulator`, e.g. `game.dice.command:simulate`) reads the options it takes and plays; this
module refuses the options the game does not take, draws the progress bar and prints the result."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.descriptor import load
from game.errors import InputError
from game.games import GAMES

# the options of `simulate` only some games read (`GameInfo.simulate_options`), as argparse names them
GAME_OPTIONS = ("players_per_team", "skill", "track", "variant", "teams", "hours", "bots")


def simulate_command(args: argparse.Namespace) -> int:
    """`simulate GAME …`: the game's simulator plays, the result is printed (JSON with --json)."""
    info = GAMES[args.game]
    for opt in GAME_OPTIONS:
        if getattr(args, opt, None) is not None and opt not in info.simulate_options:
            flag = "--" + opt.replace("_", "-")
            takers = [g for g, i in GAMES.items() if opt in i.simulate_options]
            raise InputError(f"{flag} is for {', '.join(takers)}", flag)
    bars = Bars()
    result = load(info.simulator)(args, bars)
    if bars.bar is not None:
        bars.bar.done()
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=1))
    else:
        print(result.to_text())
    return 0


class ProgressBar:
    """A one-line progress bar on the terminal's standard error: call it with (done, total)."""

    def __init__(self, total: int, unit: str = "games") -> None:
        self.total = total
        self.unit = unit
        self.last = -1

    def __call__(self, done: int, total: int) -> None:
        if done == self.last:
            return
        self.last = done
        width = 40
        filled = width * done // max(1, total)
        count = f"{done}%" if self.unit == "%" else f"{done}/{total} {self.unit}"
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {count}")
        sys.stderr.flush()

    def done(self) -> None:
        sys.stderr.write("\n")


class Bars:
    """What a game's simulator asks for a progress bar: `bars(total, unit)` gives one on a
    terminal (None otherwise); the command closes it once the simulator returns."""

    def __init__(self) -> None:
        self.bar: ProgressBar | None = None

    def __call__(self, total: int, unit: str = "games") -> Any:
        if not sys.stderr.isatty():
            return None
        self.bar = ProgressBar(total, unit)
        return self.bar
