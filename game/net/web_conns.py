"""The host's browser connections: each gets a `view` (`game.net.web_view`) whenever the table changed.

A browser says `web: true` and its language in its hello. It is sent no log entries (it could not
replay them): after its `welcome` (the header and its seat's token, no entries) it gets a view at once
and a new one after every change – the log grew or was cut back, who plays changed, the match ended.
Views are computed on the thread that plays the session, once per (seat, language) and change – their
shared part once per language (`game.net.web_texts`) –, and every connection sharing them is sent the
same text, written straight to its socket when it reads (as the laptops' entries are). Its requests
are the laptops' own messages (`act`, `launch`, `defend`), checked by the same table and limits.
"""
from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any

from game.i18n import N_, _, refusal_words, speaking, tr
from game.net.protocol import encode
from game.net.web_texts import Challengeable, FeedTexts, Held, ViewTexts

if TYPE_CHECKING:
    from game.net.host import TableHost, _Conn


# A refusal of joining says which it is (`refused.why`), so the page can act on it in any language:
WHY = {
    "code": "the join code is wrong: ask for it again",
    "token": "the seat's token is unknown here (an old one): choose a seat afresh",
    "taken": "the seat is taken: choose another or watch",
    "seat": "no such seat (or not one played from afar)",
    "busy": "the table is busy letting others in: try again soon",
    "hellos": "too many hellos on one connection",
}
# the gate's refusals (`game.net.gate`) and the host's goodbyes (`TableHost.close`), told to a browser
# in its language as well
N_("too many hellos wait from this address: try again in a minute")
N_("too many hellos wait at this table: try again in a minute")
N_("the host closed the table")
N_("the match is over")
N_("the host left the table")
N_("the host stopped")


def spoken(lang: str, reason: str, values: dict[str, Any]) -> str:
    """A refusal (an English msgid, filled with `values`) in a browser's language `lang`; a text the
    catalogue does not know comes back as the referee's (`tr`) or as it is."""
    with speaking(lang):
        said = _(reason)
        if values:
            return said.format(**values)
        return said if said != reason else refusal_words(tr(reason))


def speaking_to(conn: _Conn) -> AbstractContextManager[None]:
    """The words said to `conn` alone (its refusals) in its language: a browser's; a laptop's as the host's."""
    return speaking(conn.lang) if conn.web else nullcontext()


def bye(conn: _Conn, reason: str) -> str:
    """The goodbye `conn` is sent (`reason`: an English msgid): a browser's in its language."""
    return encode("bye", reason=spoken(conn.lang, reason, {}) if conn.web else reason)


class WebViews:
    """Keeps every browser connection of `host` sent the view of the table as it stands."""

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.sent = 0  # views written out (the tests, the bench)
        self.feed = FeedTexts()  # the feed's lines, encoded once per language and kept
        self.challengeable = Challengeable()  # the log's overrides, kept as it grows

    def _state(self) -> tuple[Any, ...]:
        h = self.host
        s = h.session
        return (h._gen, len(s.match.log.entries), h._seats_said, s.over(), id(s.match))

    def send(self, conns: list[_Conn], *, force: bool = False) -> None:
        """A view to each browser connection among `conns` whose table changed since its last one
        (`force`: to each, changed or not – a newcomer): made once per (seat, language) from the part
        every connection of a language shares (`game.net.web_texts`), and written straight to every
        connection that is reading, one frame for all that get the same text."""
        h = self.host
        now = self._state()
        texts: ViewTexts | None = None
        held: Held | None = None  # the session's answers while the views are made
        groups: dict[tuple[Any, ...], tuple[bytes, list[_Conn]]] = {}  # (seat, language, static) → its text (UTF-8), who gets it
        try:
            for c in conns:
                if not c.web or not c.joined or c.dropped or (c.viewed == now and not force):
                    continue
                static = c.viewed is None or c.viewed[0] != now[0] or c.viewed[4] != now[4]
                key = (c.seat, c.lang, static)
                group = groups.get(key)
                if group is None:
                    if texts is None:
                        held = Held(h.session)
                        texts = ViewTexts(h.session, h._seat_list(), self.feed, self.challengeable)
                    group = groups[key] = (texts.data(c.seat, c.lang, static), [])
                c.viewed = now
                group[1].append(c)
                self.sent += 1
        finally:
            if held is not None:
                held.release()
        if groups:  # (grouped by what each is made of, never by its text: no hashing kilobytes of it)
            h._soon(h._fan_views, list(groups.values()))
