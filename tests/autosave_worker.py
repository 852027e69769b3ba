"""A scripted bots-only match with autosave, for the kill test (issue 8).

    python tests/autosave_worker.py GAME SEED PATH [--finish] [--segment N]

Plays a whole match of GAME (schock, katchen, racerbile, bierpong), seeded by SEED, autosaving to
PATH (`game.store.autosave.Autosave`), and prints the number of log entries each time an autosave has
returned – the start first, then after every entry. The match is played by its game's session at
instant pace (`game.session`), as every play-out is. With --finish the autosave is deleted at the
end, as a scene does when a match is over; with --segment N the snapshot beside it keeps a stretch
every N entries (a multiple of 100) instead of every 1,000, so that a short match is killed while
one is being gathered or written. `play` is the same match in-process.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

if __name__ == "__main__":  # run as a script from anywhere: the project's root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.games import GAMES as REGISTERED  # noqa: E402
from game.match import Match, PlayerSpec  # noqa: E402
from game.session import INSTANT, session_for  # noqa: E402

GAMES = tuple(REGISTERED)  # every game of the registry (new_match knows how to seat each)
DICE_GAMES = 3  # games in a Schock or Katchen match (long enough to be killed in the middle)
TRACK = "babybane"


def new_match(game: str, seed: int) -> Match:
    """The seeded bots-only match of `game` (its session seats the bots)."""
    if game in ("schock", "katchen"):
        kinds = ["bot", "random", "bot"]
        return Match(game, [PlayerSpec(f"Seat {i + 1}", k) for i, k in enumerate(kinds)], seed=seed, games=DICE_GAMES)
    if game == "racerbile":
        kinds = ["careful", "racer", "stalin"]
        return Match(game, [PlayerSpec(f"Car {i + 1}", k) for i, k in enumerate(kinds)], seed=seed, track=TRACK)
    if game == "bierpong":
        from game.bierpong.simulate import team_players

        return Match(game, team_players(["regular", "good"], 2), seed=seed)
    raise ValueError(f"unknown game {game!r}; valid games: {', '.join(GAMES)}")


def play(game: str, seed: int, after: Callable[[Match], None] = lambda m: None, limit: int = 100_000) -> Match:
    """Play the match to its end (or `limit` log entries), calling `after(match)` after every entry."""
    return play_on(new_match(game, seed), after, limit)


def play_on(m: Match, after: Callable[[Match], None], limit: int) -> Match:
    """The match's session at instant pace plays it out (the one play-out path); `after` hears every
    entry once it is logged (and, when an autosave listens first, saved)."""
    def heard(entry: object) -> None:
        after(m)

    m.listeners.append(heard)
    try:
        return session_for(m, pace=INSTANT).play_out(limit)
    finally:
        m.listeners.remove(heard)


def main(argv: list[str]) -> int:
    from game.store.autosave import Autosave

    game, seed, path = argv[0], int(argv[1]), Path(argv[2])
    if "--segment" in argv[3:]:
        from game.store import snapshot

        snapshot.SEGMENT = int(argv[argv.index("--segment") + 1])
    m = new_match(game, seed)
    save = Autosave.attach(m, path)  # listens first: an entry is on disk before it is reported
    print(len(m.log.entries), flush=True)
    play_on(m, lambda m: print(len(m.log.entries), flush=True), 100_000)
    if save.error is not None:
        print(save.error, file=sys.stderr)
        return 1
    if "--finish" in argv[3:]:
        save.finish()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
