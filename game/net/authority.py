"""Who may send what to a hosted table (issue 28): one table, every action kind of every game → the
seat that may send it from another laptop. The host asks `refusal` before the referee sees a message.

A remote seat acts for its own seat only. What an action names (the player who fouled, the team that
removes, the challenger) is the sender's own; what only the host's table can see – chance, the clocks,
where a ball came to rest – no laptop sends; the judges' decisions are the judges' seat's alone, and it
makes nothing else. The referee's turn rules then apply as at the host ("it is Ann's turn"), and the
rules bound every amount (a judges' penalty, a call's count, a challenge: `game.rules.challenge`).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.bierpong import actions as pong
from game.dice import actions as dice
from game.i18n import _
from game.racerbile import actions as race
from game.rules.challenge import JUDGES as JUDGES_NAME
from game.rules.challenge import Challenge
from game.session.session import Session

JUDGES = -1  # the judges' seat (Le Mans) as the host counts seats


class Sender(StrEnum):
    """Who may send an action kind from afar."""

    TURN = "the seat on turn"  # the referee's turn rules say whose turn it is (and name nobody else)
    NAMED = "the seat of the player or team it names"
    OWN_NAME = "in the seat's own name (the judges' seat: in the judges' name)"
    JUDGES = "the judges' seat only"
    HOST = "nobody afar: the host's table makes it"


@dataclass(frozen=True)
class Launch:
    """A ball let go by `player` (the `launch` message, Bierpong): the host's live table throws it."""

    player: str


@dataclass(frozen=True)
class Defend:
    """A defender's swat or catch of a ball in play (the `defend` message, Bierpong)."""

    defender: str
    how: str
    ball: int


@dataclass(frozen=True)
class Row:
    """One action kind: the game, its class, who may send it, whom it names, and why (a rule id)."""

    game: str
    kind: type
    sender: Sender
    named: Callable[[Any], str] | None = None
    why: str = ""


def _player(a: Any) -> str:
    return str(a.player)


AUTHORITY: tuple[Row, ...] = (
    Row("every game", Challenge, Sender.OWN_NAME, lambda a: str(a.by), "game.rules.challenge; racerbile.lemans.judges"),
    # Schock and Katchen
    Row("dice", dice.Roll, Sender.TURN, why="schock.rolls, katchen.phase1"),
    Row("dice", dice.Flip, Sender.TURN, why="schock.sixes"),
    Row("dice", dice.Stand, Sender.TURN, why="schock.rolls, katchen.phase2"),
    Row("dice", dice.Dice, Sender.HOST, why="the dice as they land are drawn at the host"),
    Row("dice", dice.Tower, Sender.HOST, why="schock.tower: the dice as they land are the host's"),
    # Racerbile, Babybile, Le Mans
    Row("racerbile", race.Order, Sender.TURN, why="racerbile.start: the players enter the start for the table"),
    Row("racerbile", race.StartDie, Sender.HOST, why="chance: drawn at the host"),
    Row("racerbile", race.Shift, Sender.TURN, why="racerbile.turn"),
    Row("racerbile", race.Driver, Sender.TURN, why="racerbile.lemans.driver_change"),
    Row("racerbile", race.Dice, Sender.HOST, why="chance: drawn at the host"),
    Row("racerbile", race.Drive, Sender.TURN, why="racerbile.turn"),
    Row("racerbile", race.Name, Sender.TURN, why="racerbile.lemans.field42"),
    Row("racerbile", race.Call, Sender.NAMED, lambda a: str(a.who), "racerbile.faults: a seat owns up to its own faults"),
    Row("racerbile", race.Judge, Sender.JUDGES, why="racerbile.lemans.judges"),
    Row("racerbile", race.Clock, Sender.HOST, why="racerbile.lemans.end: the event clock runs at the host"),
    # Bierpong
    Row("bierpong", Launch, Sender.NAMED, _player, "bierpong.art4: a team throws its own balls"),
    Row("bierpong", Defend, Sender.NAMED, lambda a: str(a.defender), "bierpong.art14, bierpong.art23: the defenders' own swat or catch"),
    Row("bierpong", pong.Throwoff, Sender.HOST, why="bierpong.art8: the host's live table rules every ball"),
    Row("bierpong", pong.ThrowoffBall, Sender.HOST, why="bierpong.art8: the host's live table rules every ball"),
    Row("bierpong", pong.Throw, Sender.HOST, why="the host's live table rules every ball (a team sends its launch)"),
    Row("bierpong", pong.Together, Sender.HOST, why="bierpong.art4: the host's live table rules both balls"),
    Row("bierpong", pong.Swat, Sender.HOST, why="bierpong.art14: a defender sends the swat of a ball in play (defend)"),
    Row("bierpong", pong.Catch, Sender.NAMED, lambda a: str(a.catcher), "bierpong.art23: the catcher's own team says it"),
    Row("bierpong", pong.Begin, Sender.TURN, why="bierpong.art8: the throw-off's winners choose"),
    Row("bierpong", pong.Call, Sender.NAMED, _player, "bierpong.art21, art22, art5, art6: a player's own call"),
    Row("bierpong", pong.Fetch, Sender.NAMED, _player, "bierpong.art19"),
    Row("bierpong", pong.Remove, Sender.NAMED, lambda a: str(a.team), "bierpong.art3: the owners remove their cups"),
    Row("bierpong", pong.Leave, Sender.NAMED, lambda a: str(a.team), "bierpong.art18: the owners leave a Dead Cup"),
    Row("bierpong", pong.KnockOver, Sender.NAMED, _player, "bierpong.art16: a team owns up to its knock-over"),
    Row("bierpong", pong.Foul, Sender.NAMED, _player, "bierpong.art2, art7, art12, art17: a team owns up to its fouls"),
    Row("bierpong", pong.EndRound, Sender.TURN, why="bierpong.art2"),
    Row("bierpong", pong.Time, Sender.HOST, why="bierpong.art9: the game clock runs at the host"),
    Row("bierpong", pong.Clock, Sender.HOST, why="bierpong.art9: the game clock runs at the host"),
)

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


__all__ = ["AUTHORITY", "JUDGES", "Defend", "Launch", "Row", "Sender", "refusal", "row_of"]
