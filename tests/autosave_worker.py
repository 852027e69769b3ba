"""A scripted bots-only match with autosave, for the kill test (issue 8).

    python tests/autosave_worker.py GAME SEED PATH [--finish]

Plays a whole match of GAME (schock, katchen, racerbile, bierpong), seeded by SEED, autosaving to
PATH (`game.autosave.Autosave`), and prints the number of log entries each time an autosave has
returned – the start first, then after every action. With --finish the autosave is deleted at the
end, as a scene does when a match is over. `play` is the same match in-process.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

if __name__ == "__main__":  # run as a script from anywhere: the project's root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.match import Match, PlayerSpec  # noqa: E402
from game.state import CHANCE  # noqa: E402

GAMES = ("schock", "katchen", "racerbile", "bierpong")
DICE_GAMES = 3  # games in a Schock or Katchen match (long enough to be killed in the middle)
TRACK = "babybane"


def new_match(game: str, seed: int) -> tuple[Match, Callable[[Match], object]]:
    """The seeded match of `game` and the bots' next action for it."""
    if game in ("schock", "katchen"):
        from game.dice.bots import make_bot

        kinds = ["bot", "random", "bot"]
        m = Match(game, [PlayerSpec(f"Seat {i + 1}", k) for i, k in enumerate(kinds)], seed=seed, games=DICE_GAMES)
        dice_bots = [make_bot(k, seed * 16 + i) for i, k in enumerate(kinds)]
        return m, lambda m: dice_bots[m.state.current_player()].choose(m.state)
    if game == "racerbile":
        from game.racerbile.bots import make_race_bot

        kinds = ["careful", "racer", "stalin"]
        m = Match(game, [PlayerSpec(f"Car {i + 1}", k) for i, k in enumerate(kinds)], seed=seed, track=TRACK)
        cars = [make_race_bot(k) for k in kinds]
        return m, lambda m: cars[m.state.current_player()].act(m.state, m.rng)
    if game == "bierpong":
        from game.bierpong.simulate import bots_for, team_players

        m = Match(game, team_players(["regular", "good"], 2), seed=seed)
        teams = bots_for(m)
        return m, lambda m: teams.act(m.state)
    raise ValueError(f"unknown game {game!r}; valid games: {', '.join(GAMES)}")


def play(game: str, seed: int, after: Callable[[Match], None] = lambda m: None, limit: int = 100_000) -> Match:
    """Play the match to its end (or `limit` log entries), calling `after(match)` after every action."""
    m, bot = new_match(game, seed)
    return play_on(m, bot, after, limit)


def play_on(m: Match, bot: Callable[[Match], object], after: Callable[[Match], None], limit: int) -> Match:
    while not m.state.is_terminal() and len(m.log.entries) < limit:
        if m.state.current_player() == CHANCE:
            m.resolve_chance()
        else:
            m.apply(bot(m))
        after(m)
    return m


def main(argv: list[str]) -> int:
    from game.autosave import Autosave

    game, seed, path = argv[0], int(argv[1]), Path(argv[2])
    m, bot = new_match(game, seed)
    save = Autosave.attach(m, path)
    print(len(m.log.entries), flush=True)
    play_on(m, bot, lambda m: print(len(m.log.entries), flush=True), 100_000)
    if save.error is not None:
        print(save.error, file=sys.stderr)
        return 1
    if "--finish" in argv[3:]:
        save.finish()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
