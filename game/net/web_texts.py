"""The `view` messages of one change of the table, as JSON text, made from their parts.

Every connection speaking one language shares most of its view (`web_view.shared`: the table, the
feed, the turn): that part is encoded once per language and change – made once for every language
when the game's table leaves its words to be said as it is encoded (`game.net.late_words`), else
made per language –, and each connection's message is spliced from it and the seat's own small
part (`web_view.own`, Kontra's rulings once per language too). The feed's lines are kept encoded
between changes, per language and entry, while their entry and its items stay (a challenge that
strikes an older ruling makes that entry's lines anew).
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from game.i18n import speaking
from game.net.protocol import VERSION
from game.net import late_words as late
from game.net.web_view import (CHALLENGES, FEED_ENTRIES, LOG_ENTRIES, challenge_by, challenge_item, feed_line,
                               game_static, late_words, own, shared)
from game.rules.challenge import CHALLENGE, CHALLENGEABLE, overrides
from game.rules.matchlog import Entry
from game.rules.ruling import Ruling
from game.session.feed import FeedItem, feed_by_entry
from game.session.session import Session

# (a view is a tree of dicts and lists made afresh: no cycle to look for, which costs ~10 % of the encoding)
_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
KEPT = 2 * (LOG_ENTRIES + FEED_ENTRIES)  # entries whose feed lines are kept: beyond, the oldest go
_PLAIN: list[Any] = []  # what an entry shows when no challenge is in the feed: its own rulings, none struck


def members(d: dict[str, Any]) -> str:
    """A dict's members as JSON text without the braces (to be spliced into an object)."""
    return _JSON.encode(d)[1:-1]


class FeedTexts:
    """The feed's lines as JSON text, per (language, entry number), kept while the entry and what
    its items show are the same (a new log after an undo, a challenge striking a ruling: made anew)."""

    def __init__(self) -> None:
        self._shows: dict[int, tuple[Entry, list[Any], int]] = {}  # entry number → (entry, what it shows, version)
        self._texts: dict[tuple[str, int], tuple[int, list[str]]] = {}  # (language, entry number) → (version, lines)
        self._plain: dict[int, list[FeedItem]] = {}  # entry number → its items, while no challenge is in the feed
        self._version = 0

    def rows(self, entries: Sequence[Entry], first: int) -> list[tuple[int, list[FeedItem], int]]:
        """The feed of `entries[first:]` (once per change, in no language): (entry number, items, version) each."""
        window = entries[first:]
        if all(e.seat != CHALLENGE for e in window):
            return self._plain_rows(entries, first)
        out = []
        for k, row in enumerate(feed_by_entry(window)):
            n = first + k + 1
            e = entries[n - 1]
            shows = [(it.ruling, it.struck, it.override, it.was) for it in row]  # (what a line shows: not `origin`)
            got = self._shows.get(n)
            if got is None or got[0] is not e or got[1] != shows:
                self._version += 1
                got = self._shows[n] = (e, shows, self._version)
            out.append((n, row, got[2]))
        self._forget(len(entries))
        return out

    def _plain_rows(self, entries: Sequence[Entry], first: int) -> list[tuple[int, list[FeedItem], int]]:
        """`rows` of a window without a challenge: each entry shows its own rulings, none struck –
        what `feed_by_entry` makes of it, made once per entry and kept (not refolded every change)."""
        out = []
        for n in range(first + 1, len(entries) + 1):
            e = entries[n - 1]
            got = self._shows.get(n)
            if got is None or got[0] is not e or got[1] is not _PLAIN:
                self._version += 1
                got = self._shows[n] = (e, _PLAIN, self._version)
                self._plain[n] = [FeedItem(r, origin=(n - first, j)) for j, r in enumerate(e.rulings, start=1)]
            out.append((n, self._plain[n], got[2]))
        self._forget(len(entries))
        return out

    def _forget(self, length: int) -> None:
        if len(self._shows) > KEPT:
            low = length - LOG_ENTRIES
            self._shows = {n: v for n, v in self._shows.items() if n > low}
            self._plain = {n: v for n, v in self._plain.items() if n > low}
            self._texts = {key: v for key, v in self._texts.items() if key[1] > low}

    def lines(self, lang: str, rows: list[tuple[int, list[FeedItem], int]]) -> list[str]:
        """The lines of `rows` (from `rows`) in `lang` (call inside `speaking(lang)`)."""
        out: list[str] = []
        for n, row, version in rows:
            got = self._texts.get((lang, n))
            if got is None or got[0] != version:
                got = self._texts[(lang, n)] = (version, [_JSON.encode(feed_line(it, n)) for it in row])
            out.extend(got[1])
        return out


class Challengeable:
    """The newest rulings a challenge may target (`game.rules.challenge.challengeable`, its first
    `CHALLENGES`), with the log's overrides kept and added to as the log grows (not refolded)."""

    def __init__(self) -> None:
        self._entries: list[Entry] | None = None
        self._last: Entry | None = None
        self._n = 0
        self._under: dict[tuple[int, int], int] = {}
        self._drinks: list[tuple[int, int, Ruling]] = []  # every drink ruling and tally, in log order
        self._items: dict[tuple[str, int, int], tuple[Ruling, str]] = {}  # (language, entry, ruling) → it, encoded

    def newest(self, entries: list[Entry]) -> list[tuple[int, int, Ruling]]:
        n = self._n
        if self._entries is not entries or n > len(entries) or (n and entries[n - 1] is not self._last):
            self._entries, n, self._under, self._drinks = entries, 0, {}, []  # another log, or cut back: folded afresh
        overrides(entries, self._under, n)
        self._drinks += [(i, j, r) for i in range(n + 1, len(entries) + 1)
                         for j, r in enumerate(entries[i - 1].rulings, start=1) if r.what in CHALLENGEABLE]
        self._n, self._last = len(entries), entries[-1] if entries else None
        if len(self._items) > 6 * CHALLENGES:  # (the newest are asked for: the older go)
            self._items = {}
        out: list[tuple[int, int, Ruling]] = []
        for i, j, r in reversed(self._drinks):
            if (i, j) not in self._under:
                out.append((i, j, r))
                if len(out) >= CHALLENGES:
                    break
        return out


    def item(self, lang: str, i: int, j: int, r: Ruling) -> str:
        """Ruling `j` of entry `i` as a challenge may target it (`web_view.challenge_item`), encoded in
        `lang` (call inside `speaking(lang)`): kept while that ruling stands there."""
        got = self._items.get((lang, i, j))
        if got is None or got[0] is not r:
            got = self._items[(lang, i, j)] = (r, _JSON.encode(challenge_item(i, j, r)))
        return got[1]


class Held:
    """The session's answers that every part of every view asks for again (`waiting_for`, `over`:
    each seat's part, each language's table), asked once while one change's views are made and
    given back to the views' code. Views read the session and never change it (`web_view`), so the
    answers hold until `release()` (call it in a `finally`: the instance's own attributes shadow the
    methods meanwhile)."""

    NAMES = ("waiting_for", "over")

    def __init__(self, session: Session) -> None:
        self.session = session
        answers = {name: getattr(session, name)() for name in self.NAMES}
        for name, answer in answers.items():
            vars(session)[name] = lambda answer=answer: answer

    def release(self) -> None:
        for name in self.NAMES:
            vars(self.session).pop(name, None)


class ViewTexts:
    """The view messages of one change: `data(seat, lang, static)` for a connection, each part made
    once (the shared part per language, Kontra's rulings per language, the seat's part per seat)."""

    def __init__(self, session: Session, seats: list[dict[str, Any]], feed: FeedTexts, challengeable: Challengeable) -> None:
        self.session = session
        self.seats = seats
        self.feed = feed
        self.challengeable = challengeable
        self.entries = session.match.log.entries
        self.first = max(0, len(self.entries) - FEED_ENTRIES)
        self._rows: list[tuple[int, list[FeedItem], int]] | None = None
        self._shared: dict[str, bytes] = {}
        self._late: bool | None = None  # the game's table made once for every language (`late_words`)
        self._neutral: dict[str, Any] | None = None  # the shared part so made, its words not yet said
        self._rulings: dict[str, str] = {}
        self._found: Any = None
        self._people: str | None = None
        self._own: dict[tuple[int | None, str], str] = {}
        self._log: dict[str, str] = {}

    def text(self, seat: int | None, lang: str, static: bool) -> str:
        """The view message of a connection at `seat` speaking `lang` (`data` as text)."""
        return self.data(seat, lang, static).decode()

    def data(self, seat: int | None, lang: str, static: bool) -> bytes:
        """The view message of a connection at `seat` speaking `lang`, in UTF-8: its parts joined as
        they are (the shared part encoded once per language, not once per connection's text)."""
        with speaking(lang):
            out = [b'{"type":"view","v":%d,"at":%d,"view":{' % (VERSION, len(self.entries)), self._shared_part(lang),
                   b",", self._own_part(seat, lang).encode()]
            if static:
                out.append((',"static":' + _JSON.encode(game_static(self.session)) + ',"log":' + self._log_part(lang)).encode())
        out.append(b"}}")
        return b"".join(out)

    def _feed(self, lang: str, rows: list[tuple[int, list[FeedItem], int]]) -> str:
        return "[" + ",".join(self.feed.lines(lang, rows)) + "]"

    def _shared_part(self, lang: str) -> bytes:
        got = self._shared.get(lang)
        if got is None:
            if self._rows is None:
                self._rows = self.feed.rows(self.entries, self.first)
            if self._late is None:
                self._late = late_words(self.session)
            if self._late:  # made once for every language, its words said as it is encoded
                if self._neutral is None:
                    self._neutral = shared(self.session, None, self.seats, feed=False)  # (its language spliced in below)
                body = '"lang":%s,%s' % (_JSON.encode(lang), late.encode(self._neutral)[1:-1])
            else:
                body = members(shared(self.session, lang, self.seats, feed=False))
            got = self._shared[lang] = (body + ',"feed":' + self._feed(lang, self._rows)).encode()
        return got

    def _own_part(self, seat: int | None, lang: str) -> str:
        got = self._own.get((seat, lang))
        if got is None:
            got = members(own(self.session, seat, challenge=False))
            if seat is not None:
                got += ',"challenge":{"by":%s,"people":%s,"rulings":%s}' % (
                    _JSON.encode(challenge_by(self.session, seat)), self._people_part(), self._rulings_part(lang))
            self._own[(seat, lang)] = got
        return got

    def _people_part(self) -> str:
        if self._people is None:
            self._people = _JSON.encode(self.session.match.people())
        return self._people

    def _rulings_part(self, lang: str) -> str:
        got = self._rulings.get(lang)
        if got is None:
            if self._found is None:
                self._found = self.challengeable.newest(self.entries)
            got = self._rulings[lang] = "[" + ",".join(self.challengeable.item(lang, i, j, r) for i, j, r in self._found) + "]"
        return got

    def _log_part(self, lang: str) -> str:
        """The page's log sheet (a connection's first view): the feed of the last `LOG_ENTRIES` entries."""
        got = self._log.get(lang)
        if got is None:
            since = max(0, len(self.entries) - LOG_ENTRIES)
            got = self._log[lang] = self._feed(lang, self.feed.rows(self.entries, since))
        return got
