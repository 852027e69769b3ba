"""Headless bot matches at the dice table: many whole games, losses per seat.

Every game is a `game.match.Match` of its own (games=1), played out by a `DiceSession` at instant
pace (the one play-out path: the bots of the seats, chance from the match's seeded source); the
opener rotates (game i opens with seat i mod n) so the seat position does not bias the results.
Everything is seeded from `seed`, so the same arguments give the same result.

A game is one `Match` with games=1: in Schock two halves and the final when needed (one stroke);
in Katchen until a Schuss – or, with a `schuss_limit` profile, the whole tournament until one
player is left, so a seat can then lose more than once per game.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from game.dice.bots import BOTS, Bot, make_bot
from game.match import GAMES, Match, PlayerSpec
from game.rules.profile import Profile


@dataclass
class SimResult:
    """What a simulation found: per seat (in seat order) the games lost – strokes in Schock,
    Schüsse in Katchen – and how much was played."""

    game: str
    kinds: list[str]
    seed: int
    games: int = 0
    losses: list[int] = field(default_factory=list)
    rounds: int = 0
    turns: int = 0
    decisions: int = 0
    elapsed: float = 0.0
    profile: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> list[str]:
        return [seat_name(i) for i in range(len(self.kinds))]

    def loss_rates(self) -> list[float]:
        """The share of games each seat lost."""
        return [x / self.games if self.games else 0.0 for x in self.losses]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seed": self.seed,
            "games": self.games,
            "players": self.players,
            "kinds": list(self.kinds),
            "losses": list(self.losses),
            "loss_rates": [round(r, 4) for r in self.loss_rates()],
            "loss_unit": GAMES[self.game].result.unit,
            "rounds": self.rounds,
            "turns": self.turns,
            "decisions": self.decisions,
            "elapsed_s": round(self.elapsed, 3),
            "games_per_s": round(self.games / self.elapsed, 2) if self.elapsed > 0 else None,
            "profile": self.profile,
        }

    def to_text(self) -> str:
        """One `key: value` line per figure of `to_dict`."""
        return "\n".join(f"{k}: {v}" for k, v in self.to_dict().items())


def seat_name(i: int) -> str:
    return f"Seat {i + 1}"


def _bot_seed(seed: int, game_index: int, seat: int) -> int:
    return (seed * 1_000_003 + game_index) * 16 + seat


def play_game(
    game: str,
    bots: list[Bot],
    kinds: list[str],
    *,
    seed: int,
    opener: int = 0,
    profile: Profile | None = None,
) -> tuple[Match, int, int, int]:
    """Play one whole game through a `DiceSession` at instant pace; returns the finished match, its
    rounds, turns and player decisions."""
    from game.session.dice import DiceSession, dice_bot
    from game.session.events import Applied, SessionEvent
    from game.session.session import INSTANT

    players = [PlayerSpec(seat_name(i), kinds[i]) for i in range(len(kinds))]
    m = Match(game, players, profile, seed=seed, games=1, opener=opener)
    seats = [dice_bot(p.name, p.kind, bot) for p, bot in zip(players, bots)]
    count = [0, 0, 0]  # rounds, turns, decisions

    def heard(e: SessionEvent) -> None:
        if not isinstance(e, Applied):
            return
        if e.entry.seat >= 0:
            count[2] += 1
        t = e.after.turn
        # a turn has ended when a fresh turn (no roll yet, nothing in the cup) or the end is reached
        if t is None:  # the game is over: its last turn and round with it
            count[1] += 1
            count[0] += 1
        elif t.rolls == 0 and t.pending is None:
            count[1] += 1
            if not e.after.results:
                count[0] += 1

    session = DiceSession(m, seats, INSTANT)
    session.listen(heard)
    session.play_out()
    rounds, turns, decisions = count
    return m, rounds, turns, decisions


def simulate(
    game: str,
    kinds: list[str],
    games: int,
    seed: int,
    progress: Callable[[int, int], None] | None = None,
    profile: Profile | None = None,
) -> SimResult:
    """Play `games` whole games with the bot `kinds` in the seats; the losses per seat and the counts."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; valid games: {', '.join(GAMES)}")
    for k in kinds:
        if k not in BOTS:
            raise ValueError(f"unknown bot {k!r}; valid bots: {', '.join(BOTS)}")
    n = len(kinds)
    if not 2 <= n <= 8:
        raise ValueError("the dice table seats 2 to 8 players")
    profile = profile or GAMES[game].spec.default()
    res = SimResult(game, list(kinds), seed, losses=[0] * n, profile=profile.to_dict())
    start = time.perf_counter()
    for g in range(games):
        bots = [make_bot(k, _bot_seed(seed, g, i)) for i, k in enumerate(kinds)]
        m, rounds, turns, decisions = play_game(
            game, bots, list(kinds), seed=seed * 1_000_003 + g, opener=g % n, profile=profile
        )
        ledger = m.state.ledger
        for i in range(n):
            acc = ledger[seat_name(i)]
            res.losses[i] += getattr(acc, GAMES[game].result.count_key)  # strokes, Schüsse
        res.games += 1
        res.rounds += rounds
        res.turns += turns
        res.decisions += decisions
        if progress is not None:
            progress(g + 1, games)
    res.elapsed = time.perf_counter() - start
    return res


def short_match(game: str, variant: str, seed: int) -> tuple[Match, None]:
    """A short bots-only match of `game` (`GameInfo.short_match`): one game, two bots."""
    return Match(game, [PlayerSpec("Anna", "bot"), PlayerSpec("Bernd", "random")], GAMES[game].spec.make(variant), seed=seed), None
