"""Who may send what to a hosted table: one table, every action kind of every game → the
seat that may send it from another laptop. The host asks `refusal` before the referee sees a message.
Each game declares its part beside its actions and names it in its descriptor (`GameInfo.authority`,
the rows of `game.rules.authority`); this module only combines them with the rows every game shares.

A remote seat acts for its own seat only. What an action names (the player who fouled, the team that
removes, the challenger) is the sender's own; what only the host's table can see – chance, the clocks,
where a ball came to rest – no laptop sends; the judges' decisions are the judges' seat's alone, and it
makes nothing else. The referee's turn rules then apply as at the host ("it is Ann's turn"), and the
rules bound every amount (a judges' penalty, a call's count, a challenge: `game.rules.challenge`).

At a real table (`session.match.real_table`, docs/real-table.md) a row's `real` sender holds instead:
the dice, the order die and Bierpong's throw lines are entered by the seat whose throw it is
(`Sender.ENTERER`: `Session.enterers()`), and the host takes them through `Session.enter`, so the
rule's refusals speak and nothing is logged. A switch of the table (`TableMode`) is the host's alone:
it changes how every seat throws – the host's own seats and its bots included – and the host's
screen is the table everybody looks at, so the table agrees on it there, not from one phone.
"""
from __future__ import annotations

from typing import Any

from game.descriptor import load
from game.games import GAMES
from game.i18n import _
from game.rules.authority import Defend, Launch, Row, Sender
from game.rules.challenge import JUDGES as JUDGES_NAME
from game.rules.challenge import Challenge
from game.rules.realtable import TableMode
from game.session.session import Session

JUDGES = -1  # the judges' seat (Le Mans) as the host counts seats

SHARED: tuple[Row, ...] = (
    Row("every game", Challenge, Sender.OWN_NAME, lambda a: str(a.by), "game.rules.challenge; racerbile.lemans.judges"),
    Row("every game", TableMode, Sender.HOST, why="game.rules.realtable: the whole table switches at the host's screen"),
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
    sender = row.real if row.real is not None and session.real_table() else row.sender
    if seat == JUDGES:
        if row.sender is Sender.JUDGES or (row.sender is Sender.OWN_NAME and getattr(action, "by", None) == JUDGES_NAME):
            return None
        if row.sender is Sender.OWN_NAME:
            return _("the judges' seat challenges in the judges' name only (by {judges})").format(judges=JUDGES_NAME)
        return _("the judges' seat decides as the judges only (penalties, laps, rule changes, a team out)")
    if row.sender is Sender.JUDGES:
        return _("only the judges' seat decides that")
    if sender is Sender.ENTERER:
        return entry_refusal(session, seat)
    if sender is Sender.HOST:
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
            return _("you challenge in the name of {me} only, not of {name}").format(me=me, name=name)
        return _("you act for {me} only, not for {name}").format(me=me, name=name)
    return None


def entry_refusal(session: Session, seat: int) -> str | None:
    """Why `seat` may not enter a throw's outcome at a real table now (None: it may – the session's
    `enter` then rules on it: the turn, the rule's reason for an impossible throw)."""
    if session.entering() and seat not in session.enterers():
        hands = session.enterers()
        name = session.match.players[hands[0]].name if len(hands) == 1 else _("a player here")
        return _("it is {name}'s throw: {name} enters what it shows").format(name=name)
    return None


def is_entry(session: Session, action: Any) -> bool:
    """`action` is a throw's outcome entered at a real table (the host takes it through `Session.enter`)."""
    row = row_of(action)
    return row is not None and row.real is Sender.ENTERER and session.real_table()


__all__ = ["entry_refusal", "is_entry", "AUTHORITY", "JUDGES", "SHARED", "Defend", "Launch", "Row", "Sender", "refusal", "row_of"]
