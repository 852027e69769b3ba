"""Browsers' views from a real host on loopback (`game.net.web_conns`, `game.net.web_texts`): what every
connection of one language shares is the same for all of them (the table, the feed, the turn), each
seat gets its own actions and Kontra beside it, the text the host splices equals the view made whole
(`game.net.web_view.view`), and every change reaches every browser – none misses a view."""
from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from game.match import Match, PlayerSpec
from game.net.host import TableHost
from game.net.web_texts import Challengeable, FeedTexts, Held, ViewTexts
from game.net.web_view import FEED_ENTRIES, view
from game.rules.challenge import challengeable
from game.session import INSTANT, session_for
from game.session.feed import feed_by_entry
from tests.net.waiting import WAIT, until

SHARED = ("game", "title", "client", "lang", "at", "over", "turn", "on_turn", "players", "feed", "table")
# who connects: (seat asked, language)
BROWSERS: tuple[tuple[str | None, str], ...] = (("Ann", "en"), ("Bo", "en"), ("Cy", "de"), (None, "en"), (None, "en"), (None, "de"), (None, "da"))


@pytest.fixture
def host() -> Iterator[TableHost]:
    m = Match("schock", [PlayerSpec(n, "remote") for n in ("Ann", "Bo", "Cy")], seed=4, games=1)
    h = TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0, drive_every=0.005)
    yield h
    h.close()


def joined(stack: ExitStack, host: TableHost, seat: str | None, lang: str) -> ClientConnection:
    ws = stack.enter_context(connect(f"ws://127.0.0.1:{host.port}", open_timeout=WAIT, max_size=None))
    ask: dict[str, Any] = {"seat": seat} if seat else {"watch": True}
    ws.send(json.dumps({"type": "hello", "v": 1, "code": host.code, "web": True, "lang": lang, **ask}))
    return ws


def view_at(ws: ClientConnection, at: int) -> dict[str, Any]:
    """The connection's views until one shows the log at `at` or later, every seat taken (bounded); that one."""
    for _ in range(50):
        msg = json.loads(ws.recv(timeout=WAIT))
        if msg["type"] == "view" and msg["at"] >= at and all(p["connected"] for p in msg["view"]["players"]):
            assert msg["view"]["at"] == msg["at"]
            return msg["view"]  # type: ignore[no-any-return]
    raise AssertionError(f"no view at {at}")


def everybody(stack: ExitStack, host: TableHost) -> list[ClientConnection]:
    """`BROWSERS` at the table: the seats first (their coming changes every view), then the watchers."""
    socks = [joined(stack, host, seat, lang) for seat, lang in BROWSERS if seat]
    until(lambda: all(host.connected().values()))
    return socks + [joined(stack, host, seat, lang) for seat, lang in BROWSERS if not seat]


def whole(v: dict[str, Any]) -> dict[str, Any]:
    return {k: x for k, x in v.items() if k not in ("static", "log")}


def test_connections_of_one_language_share_the_table_and_each_seat_gets_its_own_actions(host: TableHost) -> None:
    with ExitStack() as stack:
        views = [view_at(ws, 0) for ws in everybody(stack, host)]
        ann, bo, cy, watch_en, watch_en2, watch_de, watch_da = views
        for v in (bo, watch_en, watch_en2):
            assert {k: v[k] for k in SHARED} == {k: ann[k] for k in SHARED}  # one language: one table, feed, turn
        assert {k: cy[k] for k in SHARED} == {k: watch_de[k] for k in SHARED}
        assert watch_de["table"] != watch_en["table"] and watch_da["table"] != watch_en["table"]  # the words differ
        assert watch_de["table"]["pile"]["label"] == "Mitte"
        assert (ann["you"], bo["you"], watch_en["you"]) == ({"index": 0, "name": "Ann"}, {"index": 1, "name": "Bo"}, None)
        assert ann["your_turn"] and [o["action"] for o in ann["actions"]] == ["roll"]
        assert not bo["your_turn"] and bo["actions"] == [] and watch_en["actions"] == []
        assert ann["challenge"]["by"] == ["Ann"] and bo["challenge"]["by"] == ["Bo"] and "challenge" not in watch_en
        # the host's spliced text is the view made whole, for a seat and for a watcher (who came last: with the track's part)
        seats = ann["players"]
        assert whole(bo) == whole(view(host.session, 1, "en", seats, static=False))
        assert watch_da == view(host.session, None, "da", seats, static=True)


def test_every_change_reaches_every_browser_none_misses_a_view(host: TableHost) -> None:
    log = host.session.match.log.entries
    with ExitStack() as stack:
        socks = everybody(stack, host)
        views = [view_at(ws, 0) for ws in socks]
        for turn in range(6):  # each seat rolls, then stands: every browser follows each change
            on = host.session.waiting_for()[0]
            mine = views[on]
            assert mine["your_turn"] and mine["at"] == len(log), turn
            act = next(o["action"] for o in mine["actions"] if o["kind"] in ("roll", "stand"))
            at = len(log)
            socks[on].send(json.dumps({"type": "act", "v": 1, "action": act, "at": at}))
            until(lambda: len(log) > at and host.session.waiting_for())  # ruled, and the table waits again (quiet)
            assert log[at].action == act
            views = [view_at(ws, len(log)) for ws in socks]
            assert {v["at"] for v in views} == {len(log)}  # each browser has the table as it stands
            assert len({json.dumps(v["table"]) for v in views if v["lang"] == "en"}) == 1


@pytest.mark.parametrize("game", ["schock", "katchen", "racerbile", "bierpong"])
def test_the_spliced_text_is_the_view_made_whole_for_every_seat_and_language_split_or_not(game: str) -> None:
    """Schock, Katchen and the races split their part (`table_view`, `seat_view`); Bierpong's page
    still goes through the whole `view(session, seat)` made per seat – the fallback."""
    m = Match(game, [PlayerSpec("Ann", "remote"), PlayerSpec("Bo", "remote")], seed=2, track="babybane" if game == "racerbile" else None)
    s = session_for(m, pace=INSTANT)
    texts = ViewTexts(s, [], FeedTexts(), Challengeable())
    for seat in (0, 1, None):
        for lang in ("en", "de", "da"):
            for static in (True, False):
                got = json.loads(texts.text(seat, lang, static))
                assert got["type"] == "view" and got["at"] == len(m.log.entries)
                assert got["view"] == json.loads(json.dumps(view(s, seat, lang, [], static=static))), (seat, lang, static)


def test_the_kept_feed_is_feed_by_entry_of_its_window_with_challenges_or_without() -> None:
    """`FeedTexts.rows` keeps a feed without a challenge entry by entry (no refold); with challenges
    struck and overridden now and then it shows at every change what `feed_by_entry` makes of the window."""
    m = Match("schock", [PlayerSpec(n, "remote") for n in ("Ann", "Bo", "Cy")], seed=3, games=50)
    s = session_for(m, pace=INSTANT)
    rng = random.Random(3)
    kept, challenged = FeedTexts(), 0
    for _ in range(900):  # (a Schock game's end brings the strokes to challenge)
        s.tick(0.0)
        waiting = s.waiting_for()
        if not waiting:
            s.tick(0.1)
            continue
        open_ = challengeable(m.log.entries)
        if open_ and rng.random() < 0.3:
            i, j, r = open_[0]
            unit = {"stroke": "strokes", "beer": "beers"}.get(r.what.value, "sips")
            challenged += s.challenge(m.parse(f"challenge {i}.{j} by Ann: 0 {unit} to {r.who} - counted twice")) is None
        else:
            s.request(waiting[0], rng.choice(list(s.state.legal_actions())))
        entries = m.log.entries
        first = max(0, len(entries) - FEED_ENTRIES)
        got = [(n, [(it.ruling, it.struck, it.override, it.was) for it in row]) for n, row, _version in kept.rows(entries, first)]
        assert got == [(first + k + 1, [(it.ruling, it.struck, it.override, it.was) for it in row])
                       for k, row in enumerate(feed_by_entry(entries[first:]))]
    assert challenged >= 5


def test_held_answers_are_the_sessions_until_given_back() -> None:
    m = Match("schock", [PlayerSpec(n, "remote") for n in ("Ann", "Bo")], seed=2)
    s = session_for(m, pace=INSTANT)
    waiting, over = s.waiting_for(), s.over()
    held = Held(s)
    assert s.waiting_for() == waiting and s.over() is over and "waiting_for" in vars(s)
    held.release()
    assert "waiting_for" not in vars(s) and "over" not in vars(s) and s.waiting_for() == waiting
