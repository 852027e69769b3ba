"""Schock and Katchen on the command line: the table `play`/`host` opens and `simulate`
(`GameInfo.command_table`, `GameInfo.simulator`; `game.cli` parses the options)."""
from __future__ import annotations

import argparse
from typing import Any, Callable

from game.dice.game import SEATING
from game.errors import InputError
from game.tools.recordfile import load_profile
from game.tools.seats import DEFAULT_SEATS, Table, cycled, players

DEFAULT_PLAYERS = "You,Bot 1:bot,Bot 2:bot"
PLAY_KINDS = tuple(k.id for k in SEATING.kinds if k.id != "remote")  # at one keyboard


def table(args: argparse.Namespace, purpose: str) -> Table:
    """The table of `play` (purpose "play"), of `host` in a window ("host") or headless ("serve")."""
    if args.games < 1:
        raise InputError("--games must be at least 1", "--games")
    if purpose == "play":
        profile = load_profile(args.profile, args.game) if args.profile else None
        return Table(players(args.players or DEFAULT_PLAYERS, PLAY_KINDS), profile, games=args.games)
    if purpose == "host":
        return Table(players(args.players or "Ann:human,Bo:remote", ("human", "remote", *SEATING.bot_kinds)), games=args.games)
    return Table(players(args.players or "Ann:remote,Bo:bot", ("remote", *SEATING.bot_kinds)), games=args.games)


def simulate(args: argparse.Namespace, bars: Callable[[int, str], Any]) -> Any:
    """`simulate schock|katchen`: bots play `--games` games (default 100); losses per seat."""
    from game.dice.bots import BOTS
    from game.dice.simulate import simulate as run

    profile = load_profile(args.profile, args.game) if args.profile else None
    seats = DEFAULT_SEATS if args.players is None else args.players
    if not 2 <= seats <= 8:
        raise InputError(f"--players takes 2 to 8, not {seats}", "--players")
    games = 100 if args.games is None else args.games
    if games < 1:
        raise InputError("--games must be at least 1", "--games")
    kinds = cycled(args.bots, "bot", BOTS, seats, "--bots")
    return run(args.game, kinds, games, args.seed, progress=bars(games, "games"), profile=profile)
