"""The referee's feed follows the log incrementally (issue 15): after every entry, undo and challenge it
shows exactly what a feed rebuilt from the whole log shows – the same items, flashes and scroll – and
it is rebuilt only for a challenge or an undo across one."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.match import Match, PlayerSpec
from game.racerbile.actions import Clock
from game.rules import racerbile as RR
from game.rules.challenge import Challenge, challengeable
from game.rules.matchlog import Entry
from game.rules.ruling import What
from game.session.race import RaceSession
from game.session.session import INSTANT
from game.ui.common.feed import Feed
from game.session.feed import feed_items

if TYPE_CHECKING:
    from game.ui.common.app import App


def same(feed: Feed, ref: Feed) -> None:
    assert feed.items == ref.items and feed.rulings == ref.rulings
    assert feed.flash == ref.flash and feed.scroll == ref.scroll


def test_the_feed_follows_entries_undos_and_challenges_as_a_rebuilt_one(app: App) -> None:
    """racerbile.lemans: a bots' Le Mans (clock entries, a challenge, undos across and short of it)."""
    teams = [PlayerSpec(f"Team {i}", k, drivers=(f"T{i}a", f"T{i}b")) for i, k in enumerate(("careful", "racer", "careful"))]
    m = Match("racerbile", teams, RR.SPEC.make(RR.LE_MANS, lemans_drivers=2), seed=8, track="le_mans")
    s = RaceSession(m, pace=INSTANT)
    feed, ref = Feed(app.fonts), Feed(app.fonts)
    rebuilt: list[int] = []
    whole = feed._rebuild

    def counted(entries: Sequence[Entry], n: int) -> None:
        rebuilt.append(n)
        whole(entries, n)

    feed._rebuild = counted  # type: ignore[method-assign]

    def show(n: int | None = None) -> None:
        feed.set_log(m.log.entries, n)
        ref._rebuild(m.log.entries, len(m.log.entries) if n is None else n)  # the whole feed from the log
        same(feed, ref)

    def play(k: int) -> None:
        for _ in range(k):
            s.play_out(len(m.log.entries) + 1)
            if len(m.log.entries) % 9 == 0:
                s.apply(Clock(30.0))
            show(len(m.log.entries))
            feed.update(0.5)
            ref.update(0.5)

    show()
    play(60)
    while not challengeable(m.log.entries):
        play(5)
    i, j, r = challengeable(m.log.entries)[-1]
    amount = r.amount + 1 if r.what == What.SIPS else 0  # (a beer at most once a ruling: counted twice, it goes)
    assert s.challenge(Challenge(i, j, m.people()[0], amount, r.what, r.who, "counted twice")) is None
    at = len(m.log.entries)
    show()
    assert any(it.struck for it in feed.items) and feed.items == feed_items(m.log.entries)
    play(30)
    s.undo_to(len(m.log.entries) - 7)  # short of the challenge: the feed is cut back
    show()
    play(10)
    show(len(m.log.entries) - 4)  # an entry shown late (the scene animates): the feed shows up to it
    show()
    s.undo_to(at - 1)  # the challenge taken back: its ruling stands again
    show()
    assert not any(it.struck for it in feed.items)
    play(20)
    assert feed.items == feed_items(m.log.entries)
    # rebuilt only at the start, for the challenge and for the undo that took it back
    assert rebuilt == [1, at, at - 1]
