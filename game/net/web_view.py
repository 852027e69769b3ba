"""What a browser is sent instead of the log: the table as it stands, for its seat, in its language.

A laptop replays the log with the game's own rules; a browser knows no rule, so the host sends each
browser connection a `view` message whenever the table changed: who plays, whose turn it is, the
referee's feed in the browser's language, the actions the seat may take now (the host's legal
actions and the coach's advice: the page lights them and sends the chosen one back as an `act`), and
the game's own picture of the table (`GameInfo.web_view`, e.g. `game.net.views.dice:view`).

A view has two parts: what every connection speaking one language shares (`shared`: the table, the
feed, the turn – made and encoded once per language and change, `game.net.web_texts`) and the seat's
own (`own`: who you are, your turn, your actions, Kontra). A game's view module splits its part alike:

- `table_view(session)`: a dict with `table` (anything the game's page draws, the same for every seat
  and watcher) and, once over, `result` (the match's outcome in words);
- `seat_view(session, seat)` (seat: the connection's seat index, `JUDGES` for the judges' seat, None
  for a spectator): a dict with `actions` (a list of `{"action": NOTATION, "label": WORDS, …}`, empty
  when the seat has nothing to decide) and whatever else is the seat's alone.

A module without them offers `view(session, seat)` (the fallback: `actions`, `table` and `result` made
for each seat). Its module may define `static(session)`: what is drawn once (a track, a rack's layout),
sent with a connection's first view only and after an undo or a new match. All are called in the
browser's language (`game.i18n.speaking`): its words go through `_()` as the windows' do – or, in a
module that sets `LATE_WORDS`, `table_view` is made once for every language with its words left to
be said when the view is encoded (`game.net.late_words`). No pygame here.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from game.i18n import N_, _, speaking, tr
from game.net.authority import JUDGES
from game.net.late_words import in_words
from game.rules.catalog import title
from game.rules.challenge import JUDGES as JUDGES_NAME
from game.rules.challenge import MOST, challengeable, drink_word
from game.rules.matchlog import Entry
from game.rules.ruling import Ruling, What
from game.session.feed import FeedItem, drink_text, feed_by_entry, override_line, round_header
from game.session.session import Session

FEED_ENTRIES = 60  # the last entries whose rulings a view's feed shows (a phone shows the newest few)
CHALLENGES = 30  # the newest rulings a seat is offered to challenge
LOG_ENTRIES = 3000  # the last entries whose rulings a connection's first view brings for its log sheet (a bound on its cost)

GameView = Callable[[Session, "int | None"], dict[str, Any]]
TablePart = Callable[[Session], dict[str, Any]]
SeatPart = Callable[[Session, "int | None"], dict[str, Any]]


def feed_lines(entries: Sequence[Entry], first: int = 1) -> list[dict[str, Any]]:
    """The rulings of `entries` (the log's entries from number `first`) as a browser's feed shows them,
    oldest first: the rule id and its title, the text, and whether a challenge struck or made it."""
    return [feed_line(it, first + k) for k, row in enumerate(feed_by_entry(entries)) for it in row]


def feed_line(it: FeedItem, entry: int) -> dict[str, Any]:
    """One feed item (of the log's entry number `entry`) as a browser's feed shows it, in the current language."""
    r = it.ruling
    header = round_header(r)
    line: dict[str, Any] = {"entry": entry, "rule": r.rule, "who": r.who, "what": r.what.value}
    if header is not None:
        line.update(header=True, text=header)
    else:
        line.update(title=_(title(r.rule)) if title(r.rule) else "", text=tr(r.arithmetic),
                    struck=it.struck, override=it.override, note=r.what is What.NOTE)
        if it.override:
            line["change"] = override_line(r, it.was)
    return line


def game_view(session: Session) -> GameView:
    return getattr(_module(session), session.match.info.web_view.partition(":")[2])  # type: ignore[no-any-return]


def _module(session: Session) -> Any:
    return _imported(session.match.info.web_view.partition(":")[0])


@cache
def _imported(name: str) -> Any:
    return importlib.import_module(name)


def game_parts(session: Session) -> tuple[TablePart, SeatPart] | None:
    """The game's split view (`table_view`, `seat_view`), or None: its `view` is made for each seat."""
    module = _module(session)
    shared, own = getattr(module, "table_view", None), getattr(module, "seat_view", None)
    return (shared, own) if shared is not None and own is not None else None


def late_words(session: Session) -> bool:
    """Whether the game's table is made once for every language, its words said when encoded
    (its view module's `LATE_WORDS`: `game.net.late_words`)."""
    return bool(getattr(_module(session), "LATE_WORDS", False))


def game_static(session: Session) -> dict[str, Any] | None:
    """The game's parts drawn once (its view module's `static(session)`), or None."""
    f = getattr(_module(session), "static", None)
    return f(session) if f is not None else None


def shared(session: Session, lang: str | None, seats: list[dict[str, Any]], *, feed: bool = True) -> dict[str, Any]:
    """What every connection speaking `lang` is sent alike (call it inside `speaking(lang)`): the game,
    the turn, the players, the feed (without `feed`: left to the caller, who keeps its lines) and the
    game's table when the game splits its view (`lang` None: no `lang` member – a table made once for
    every language, `game.net.late_words`)."""
    info = session.match.info
    entries = session.match.log.entries
    waiting = set(session.waiting_for()) if not session.over() else set()
    body: dict[str, Any] = {
        "game": info.name, "title": info.title, "client": info.web_client, **({"lang": lang} if lang is not None else {}),
        "at": len(entries), "over": session.over(),
        "turn": [session.match.players[i].name for i in sorted(waiting) if 0 <= i < len(session.match.players)],
        "on_turn": _on_turn(session),
        "real_table": session.real_table(),  # real dice, caps and cups: the seats enter their throws (docs/real-table.md)
        "players": seats,
    }
    if feed:
        first = max(0, len(entries) - FEED_ENTRIES)
        body["feed"] = feed_lines(entries[first:], first + 1)
    parts = game_parts(session)
    if parts is not None:
        body.update(parts[0](session))
    return body


def own(session: Session, seat: int | None, *, challenge: bool = True) -> dict[str, Any]:
    """The seat's own part of its view (call it inside `speaking(lang)`): who it is, whether the table
    waits for it, its actions, and (with `challenge`) what it may challenge; for a game that does not
    split its view, the game's whole part (table and result too)."""
    waiting = session.waiting_for() if not session.over() else ()
    parts = game_parts(session)
    part = parts[1](session, seat) if parts is not None else game_view(session)(session, seat)
    body: dict[str, Any] = {"you": _you(session, seat), "your_turn": seat is not None and seat in waiting,
                            "actions": part.get("actions", [])}
    body.update((k, v) for k, v in part.items() if k != "actions")
    if parts is None:
        body.setdefault("table", {})
    if seat is not None and challenge:
        body["challenge"] = challenge_offer(session, seat)
    return body


def view(session: Session, seat: int | None, lang: str, seats: list[dict[str, Any]], *, static: bool) -> dict[str, Any]:
    """The `view` message's body for a connection at `seat` (None: watching; `JUDGES`: the judges)
    speaking `lang`; with `static`, the game's parts drawn once. (The host sends the same, made in
    its two parts with their encodings kept: `game.net.web_conns`.)"""
    entries = session.match.log.entries
    with speaking(lang):
        body = in_words({**shared(session, lang, seats), **own(session, seat)})
        if static:
            first = max(0, len(entries) - FEED_ENTRIES)
            body["static"] = game_static(session)
            since = max(0, len(entries) - LOG_ENTRIES)
            body["log"] = feed_lines(entries[since:], since + 1) if first else body["feed"]  # the page's log sheet
    return body


def challenge_rulings(session: Session, found: list[tuple[int, int, Ruling]] | None = None) -> list[dict[str, Any]]:
    """The drink rulings and tallies that may be challenged now, newest first (`CHALLENGES` at most),
    in the current language (`found`: `challengeable(entries)` when the caller has it)."""
    if found is None:
        found = challengeable(session.match.log.entries)
    return [challenge_item(i, j, r) for i, j, r in found[:CHALLENGES]]


def challenge_item(i: int, j: int, r: Ruling) -> dict[str, Any]:
    """Ruling `j` of entry `i` as a challenge may target it, in the current language."""
    return {"ruling": f"{i}.{j}", "who": r.who, "what": r.what.value, "amount": r.amount,
            "words": [drink_word(r.what, 1), drink_word(r.what, 2)], "say": _amount_words(r.what),
            "most": MOST[r.what][0] if r.what in MOST else None,
            "label": f"{i}.{j}  {r.who}: {drink_text(r.what, r.amount)} – {tr(r.arithmetic)}"}


def challenge_by(session: Session, seat: int) -> list[str]:
    """The names `seat` challenges in: its own (a team's drivers), or the judges'."""
    m = session.match
    return [JUDGES_NAME] if seat == JUDGES else list(m.players[seat].drivers or (m.players[seat].name,))


def challenge_offer(session: Session, seat: int) -> dict[str, Any]:
    """What the seat may challenge now (Kontra, `game.rules.challenge`): the drink rulings and tallies
    not overridden yet (`challenge_rulings`), the names it challenges in (its own: a team's drivers,
    the judges), and who an override may hand out to. The page composes the notation from these; the
    host rules on it as on a laptop's."""
    return {"by": challenge_by(session, seat), "people": session.match.people(), "rulings": challenge_rulings(session)}


REST = N_("the rest of the beer")
AMOUNTS = {What.SIPS: (N_("{n} sip"), N_("{n} sips")), What.BEER: (N_("a beer"), N_("{n} beers")),
           What.STROKE: (N_("{n} stroke"), N_("{n} strokes"))}  # (for one, for any other number)


def _amount_words(what: What) -> list[str]:
    """How an amount of `what` reads in the current language, for one and for any other number
    (`{n}` where the number goes): the page shows the override's amount with these."""
    if what is What.SCHUSS:
        return ["{n} Schuss", "{n} Schüsse"]  # Katchen's word in every language
    one, many = AMOUNTS.get(what, (REST, REST))
    return [_(one), _(many)]


def _on_turn(session: Session) -> str | None:
    """The seat whose decision it is (a bot's too), by name; None between turns (chance, a clock)."""
    if session.over():
        return None
    p = session.state.current_player()
    players = session.match.players
    return players[p].name if isinstance(p, int) and 0 <= p < len(players) else None


def _you(session: Session, seat: int | None) -> dict[str, Any] | None:
    if seat is None:
        return None
    if seat == JUDGES:
        return {"judge": True, "name": _("the judges")}
    return {"index": seat, "name": session.match.players[seat].name}
