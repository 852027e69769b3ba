"""Figures of the dice bots: a Schock keep decision, and whole Schock games per second.

Called by `python -m bench` (bench/__main__.py, written elsewhere); each function takes a few seconds.
"""
from __future__ import annotations

import random
import statistics
import time

from game.dice.bots import ExactBot, clear_contexts, model
from game.dice.schock import SchockState
from game.dice.simulate import seat_name, simulate
from game.dice.state import DiceState
from game.match import Match, PlayerSpec
from game.rules import schock as schock_rules
from game.state import CHANCE


def _two_rolls_left_positions(count: int = 300, seed: int = 7) -> list[DiceState]:
    """Realistic Schock positions after a first roll with two rolls left, collected from bot games:
    at most half of them openers (bots often stand early, so most such positions are openers'),
    the rest after one to three earlier throws of the round."""
    bots = [ExactBot(i) for i in range(4)]
    players = [PlayerSpec(seat_name(i), "bot") for i in range(4)]
    out: list[DiceState] = []
    g = 0
    rng = random.Random(seed)
    openers = 0
    while len(out) < count:
        m = Match("schock", players, seed=seed * 1000 + g, opener=g % 4)
        while not m.state.over and len(out) < count:
            st = m.state
            who = st.current_player()
            if who == CHANCE:
                m.resolve_chance()
                continue
            t = st.turn
            if t is not None and t.rolls == 1 and t.max_rolls == 3 and rng.random() < 0.5:
                if st.results or openers < count // 2:
                    openers += not st.results
                    out.append(st)
            m.apply(bots[who].choose(st))
        g += 1
    return out


def bot_decision_us(repeats: int = 1) -> float:
    """Median time of one Schock keep decision with two rolls left, in microseconds.

    Cold per decision: the bot's memo of the situation (the cost of every final throw for this
    place in the round and the expectimax values of the remaining rolls) is cleared before each
    decision, so every decision computes its terminal costs and its two-roll expectimax from
    scratch. What stays cached across decisions, as it would in play, are the game's tables built
    once per (game, profile): throw classes, transition tables per kept multiset, and the later
    players' model (P(topping each throw class) and their final-throw distributions per max rolls,
    built in about 0.1 s on first use and warmed here before timing).
    """
    profile = schock_rules.SPEC.default()
    m = model(SchockState, profile)
    for r in (1, 2, 3):
        m.beat(r)
        for later in range(1, 4):
            m.mats_tables(r, later)
    positions = _two_rolls_left_positions()
    bot = ExactBot()
    times: list[float] = []
    for _ in range(repeats):
        for st in positions:
            clear_contexts()
            t0 = time.perf_counter()
            bot.choose(st)
            times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def schock_games_per_s(games: int = 120) -> float:
    """Whole Schock games (two halves and the final when needed) per second, four exact bots.

    One game is played first to warm the game's tables; the timed games start with the bot's
    situation memo cleared.
    """
    simulate("schock", ["bot"] * 4, 1, seed=99)
    clear_contexts()
    res = simulate("schock", ["bot"] * 4, games, seed=2024)
    return res.games / res.elapsed
