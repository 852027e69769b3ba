"""The referee's feed as words, for any front end (a window's chalkboard, a browser's list): the
log's rulings in order, each override right after the ruling it overrides, the struck ones marked
(`feed_items`), the header a round-opening ruling shows (`round_header`), and what an override hands
out against what it replaces (`override_line`). In the current language; no pygame here.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.i18n import _
from game.rules.challenge import CHALLENGE, overrides
from game.rules.matchlog import Entry
from game.rules.ruling import Ruling, What


def drink_text(what: What, amount: int) -> str:
    """ "2 sips", "1 sip", "a beer", "3 beers", "the rest of the beer"."""
    if what is What.SIPS:
        return (_("{n} sip") if amount == 1 else _("{n} sips")).format(n=amount)
    if what is What.BEER:
        return _("a beer") if amount == 1 else _("{n} beers").format(n=amount)
    if what is What.STROKE:
        return (_("{n} stroke") if amount == 1 else _("{n} strokes")).format(n=amount)
    if what is What.SCHUSS:
        return f"{amount} Schuss" if amount == 1 else f"{amount} Schüsse"
    return _("the rest of the beer")


@dataclass(frozen=True, slots=True)
class FeedItem:
    """A ruling as the feed shows it: `struck` when a challenge overrode it, `override` when it is a
    challenge's ruling; `origin` is (entry, ruling) in the log, both from 1 (None: not from a log);
    `was`: for an override, the ruling it overrides."""

    ruling: Ruling
    struck: bool = False
    override: bool = False
    origin: tuple[int, int] | None = None
    was: Ruling | None = None


def round_header(r: Ruling) -> str | None:
    """A ruling that only opens a round, as the header of its round, in the current language (Schock's
    Laden – "Game 1 · second half · round 3 · Laden, Anna opens" –, Katchen's rounds); None for any
    other ruling. The game whose rule the ruling cites says it (`GameInfo.round_header`)."""
    if r.what is not What.NOTE:
        return None
    header = _round_headers().get(r.rule.split(".", 1)[0] + ".")
    return header(r) if header is not None else None


_HEADERS: dict[str, Callable[[Ruling], str | None]] = {}


def _round_headers() -> dict[str, Callable[[Ruling], str | None]]:
    """rule prefix → the round header of the game with that prefix (the games that fold rulings into one)."""
    if not _HEADERS:
        from game.descriptor import load
        from game.games import GAMES

        for info in GAMES.values():
            if info.round_header:
                _HEADERS[info.prefix] = load(info.round_header)
    return _HEADERS


def override_line(r: Ruling, was: Ruling | None) -> str:
    """What an override hands out, against what it replaces: "Eva: 3 sips instead of 1"."""
    new = drink_text(r.what, r.amount)
    if was is None:
        return _("{who}: {new}").format(who=r.who, new=new)
    old = str(was.amount) if was.what is r.what and r.what is not What.BEER_REST else drink_text(was.what, was.amount)
    if was.who == r.who:
        return _("{who}: {new} instead of {old}").format(who=r.who, new=new, old=old)
    return _("{who}: {new} instead of {old} for {was_who}").format(who=r.who, new=new, old=old, was_who=was.who)


def feed_by_entry(entries: Sequence[Entry]) -> list[list[FeedItem]]:
    """Per log entry, the feed items shown under it: its rulings, each override right after the ruling
    it overrides (a chain of challenges stays together, so a challenge entry whose override went up
    to its ruling shows none of its own); the overridden ones are marked struck."""
    under = overrides(entries)
    placed = set(under.values())

    def emit(out: list[FeedItem], i: int, j: int, override: bool, was: Ruling | None = None) -> None:
        k = under.get((i, j))
        r = entries[i - 1].rulings[j - 1]
        out.append(FeedItem(r, k is not None, override, (i, j), was if override else None))
        if k is not None:
            emit(out, k, 1, True, r)

    rows: list[list[FeedItem]] = []
    for i, e in enumerate(entries, start=1):
        row: list[FeedItem] = []
        if i not in placed:
            for j in range(1, len(e.rulings) + 1):
                emit(row, i, j, e.seat == CHALLENGE)
        rows.append(row)
    return rows


def feed_items(entries: Sequence[Entry]) -> list[FeedItem]:
    """The log's rulings in log order, each override right after the ruling it overrides."""
    return [item for row in feed_by_entry(entries) for item in row]
