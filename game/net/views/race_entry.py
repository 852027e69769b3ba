"""A race at a real table in a browser's view (issue 32, `docs/real-table.md`): the seat whose throw it is
enters what its real dice show from its phone. The host says when and how many dice – the gear's dice,
each throw of the 5s and 6s again, the die for the start order – and the page shows a pad for them and
sends the faces as an `act` (`Session.parse_outcome`: "6 3 2"); it counts nothing itself.
"""
from __future__ import annotations

from typing import Any

from game.i18n import _
from game.racerbile.parts import ROLL, START_ROLL
from game.racerbile.state import RaceState
from game.racerbile.words import throw_dice, throw_prompt
from game.session.session import Session


def throw_key(session: Session) -> str:
    """Which throw is awaited, the same until it is entered (or a new one is asked for): the pad starts
    empty for each. The turn and its throws so far; in the roll for the order, the dice entered so far."""
    st: RaceState = session.state
    if st.phase == START_ROLL:
        return "start.%d" % sum(1 for e in session.match.log.entries if e.action.startswith("start "))
    t = st.turn
    return f"{st.turns}.{len(t.throws) if t is not None else 0}"


def awaited(session: Session) -> dict[str, Any] | None:
    """The throw the table waits for a person to enter (the same for every seat): whose, how many dice,
    and the words the other phones show. None: no real throw is awaited."""
    if not session.entering():
        return None
    st: RaceState = session.state
    seats = session.enterers()
    if st.phase not in (ROLL, START_ROLL) or len(seats) != 1:
        return None
    seat = seats[0]
    who = st.players[seat] if st.phase == START_ROLL else st.driver(seat)
    return {"seat": seat, "name": who, "dice": throw_dice(st), "key": throw_key(session),
            "say": _("Waiting for {name} to enter the real dice").format(name=who)}


def entry(session: Session, seat: int | None) -> dict[str, Any] | None:
    """The seat's pad while its throw is awaited (`awaited`): the line that asks for it, how many dice,
    whether it is the 5s and 6s again or the die for the order. None: the seat enters nothing now."""
    waits = awaited(session) if seat is not None and seat >= 0 else None
    if waits is None or seat is None or seat != waits["seat"]:
        return None
    st: RaceState = session.state
    t = st.turn
    return {"dice": waits["dice"], "key": waits["key"], "say": throw_prompt(st, seat),
            "again": st.phase == ROLL and t is not None and bool(t.dice or t.fives), "order": st.phase == START_ROLL}
