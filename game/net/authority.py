"""Who may send what to a hosted table: one table, every action kind of every game → the
seat that may send it from another laptop. The host asks `refusal` before the referee sees a message.
Each game declares its part beside its actions and names it in its descriptor (`GameInfo.authority`,
the rows of `game.rules.authority`); this module only combines them with the rows every game shares.

A remote seat acts for its own seat only. What an action names (the player who fouled, the team that
removes, the challenger) is the sender's own; what only the host's table can see – chance, the clocks,
where a ball came to rest – no laptop sends; the judges' decisions are the judges' seat's alone, and it
makes nothing else. The referee's turn rules then apply as at the host ("it is Ann's turn"), and the
rules bound every amount (a judges' penalty, a call's count, a challenge: `game.rules.challenge`).
"""
from __future__ import annotations

from typing import Any

from game.descriptor import load
from game.games import GAMES
from game.i18n import _
from game.rules.authority import Defend, Launch, Row, Sender
from game.rules.challenge import JUDGES as JUDGES_NAME
from game.rules.challenge import Challenge
from game.session.session import Session

JUDGES = -1  # the judges' seat (Le Mans) as the host counts seats

SHARED: tuple[Row, ...] = (
    Row("every game", Challenge, Sender.OWN_NAME, lambda a: str(a.by), "game.rules.challenge; racerbile.lemans.judges"),
)


def _combined() -> tuple[Row, ...]:
    """The shared rows, then each registered game's part (`GameInfo.authority`), each table once
    (Schock and Katchen share theirs) and each action kind once."""
    rows = list(SHARED)
    seen: set[str] = set()
    for info in GAMES.values():
        if info.authority and info.authority not in seen:
            seen.add(info.authority)
            rows.extend(load(info.authority))
    kinds = [r.kind for r in rows]
    twice = sorted({k.__qualname__ for k in kinds if kinds.count(k) > 1})
    if twice:
        raise ValueError(f"the authority tables name {', '.join(twice)} more than once")
    return tuple(rows)


AUTHORITY: tuple[Row, ...] = _combined()

_BY_KIND = {row.kind: row for row in AUTHORITY}


def row_of(action: Any) -> Row | None:
    return _BY_KIND.get(type(action))


def refusal(session: Session, seat: int, action: Any) -> str | None:
    """Why the client at `seat` (a player's seat, or `JUDGES`) may not send `action` (None: it may,
    and the referee rules on it as at the host)."""
    row = row_of(action)
    if row is None:
        return _("{action} is nothing a seat sends from afar").format(action=action)
    if seat == JUDGES:
        if row.sender is Sender.JUDGES or (row.sender is Sender.OWN_NAME and getattr(action, "by", None) == JUDGES_NAME):
            return None
        if row.sender is Sender.OWN_NAME:
            return _("the judges' seat challenges in the judges' name only (by {judges})").format(judges=JUDGES_NAME)
        return _("the judges' seat decides as the judges only (penalties, laps, rule changes, a team out)")
    if row.sender is Sender.JUDGES:
        return _("only the judges' seat decides that")
    if row.sender is Sender.HOST:
        return _("{action}: the host's table makes that, no laptop sends it").format(action=action)
    if row.sender is Sender.TURN:
        return None
    assert row.named is not None
    name = row.named(action)
    me = session.match.players[seat].name
    if row.sender is Sender.OWN_NAME and name == JUDGES_NAME:
        return _("only the judges' seat challenges in the judges' name")
    try:
        theirs = session.seat_index(name)
    except KeyError:
        return _("{name!r} plays at no seat of this table").format(name=name)
    if theirs != seat:
        if row.sender is Sender.OWN_NAME:
            return _("this laptop challenges in the name of {me} only, not of {name}").format(me=me, name=name)
        return _("this laptop acts for {me} only, not for {name}").format(me=me, name=name)
    return None


__all__ = ["AUTHORITY", "JUDGES", "SHARED", "Defend", "Launch", "Row", "Sender", "refusal", "row_of"]
