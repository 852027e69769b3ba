"""The host's share of `web_action_ms` without a socket (issue 31): the views of one change of the
table, made as `game.net.web_conns` makes them – each (seat, language)'s text once, its shared part
once per language, the session's answers held (`web_texts.Held`) – for the table of `bench.web`:
eight phones and twenty watching browsers, in English, German and Danish in turn. A Schock match
(the seed of `bench.web`) is played by random legal actions; each change after the first `WARM`
is timed, in this process, from the first view made to the last.

- `web_views_ms`: the median ms per change, the table in three languages.
- `web_views_one_language_ms`: the same table with every browser in English: what the other two
  languages cost is the difference (each makes and encodes its own table, feed and words).

Called by `python -m bench` (`python -m bench web_views`).
"""
from __future__ import annotations

import random
import statistics
import time
from functools import cache
from typing import Any

from game.match import Match, PlayerSpec
from game.net.web_texts import Challengeable, FeedTexts, Held, ViewTexts
from game.session import INSTANT, session_for

from bench.web import LANGS, PLAYERS, SPECTATORS

CHANGES = 300
WARM = 30


def _views_ms(langs: tuple[str, ...]) -> list[float]:
    """ms per change: every browser's view text made once per (seat, language)."""
    m = Match("schock", [PlayerSpec(f"P{i}", "remote") for i in range(PLAYERS)], seed=21, games=50)
    session = session_for(m, pace=INSTANT)
    seats = [{"name": p.name, "kind": p.kind, "connected": True, "away": False, "stand_in": False} for p in m.players]
    browsers = [(seat, langs[i % len(langs)]) for i, seat in enumerate([*range(PLAYERS), *([None] * SPECTATORS)])]
    feed, challengeable = FeedTexts(), Challengeable()
    rng = random.Random(5)
    times: list[float] = []
    while len(times) < WARM + CHANGES and not session.over():
        session.tick(0.0)
        waiting = session.waiting_for()
        if not waiting:
            session.tick(0.1)
            continue
        session.request(waiting[0], rng.choice(list(session.state.legal_actions())))
        session.tick(0.0)
        t0 = time.perf_counter()
        held = Held(session)
        try:
            texts = ViewTexts(session, seats, feed, challengeable)
            made: dict[tuple[Any, ...], bytes] = {}
            for seat, lang in browsers:
                if (seat, lang) not in made:
                    made[(seat, lang)] = texts.data(seat, lang, False)
        finally:
            held.release()
        times.append((time.perf_counter() - t0) * 1000)
    return times[WARM:]


@cache
def web_views_ms() -> float:
    return statistics.median(_views_ms(LANGS))


@cache
def web_views_one_language_ms() -> float:
    return statistics.median(_views_ms(("en",)))
