"""Bierpong's throw card on a phone at a real table (issue 32, `docs/real-table.md`): what the host
tells the page so it can enter a real ball's line – derived here, never in JavaScript.

The table's part (every seat and watcher): `real` (no flick, no ball flies on the host's table),
`entering` (the team whose throw the table waits for, or -1), `last` (the throw lines entered
last, from the log) and `last_at` (the log's number of the last of them). The seat's part while it enters: who may have thrown, each with the line its
outcome is written into (`Ann: {}`; at the throw-off `throw-off Ann {}`), its fetch, the swats and
catches by the defenders as whole lines; the cups a ball may land in now (`open`); while both of
the round's balls may go at once (bierpong.art4) how their two lines join (`pair`). The page sends a
line as an `act`; the host takes it through `Session.enter` and rules as at its own keyboard.
"""
from __future__ import annotations

from typing import Any

from game.bierpong.actions import Catch, Fetch, Swat, Throw, ThrowoffBall
from game.bierpong.outcome import Outcome
from game.bierpong.phases import KONTER, PLAY, THROWOFF
from game.bierpong.state import BierpongState
from game.session.session import Session

LOOK_BACK = 40  # log entries walked back for the last entered line (clock entries come between)
_MISS = str(Outcome())


def entering_team(session: Session, st: BierpongState) -> int:
    """The team that enters the next real ball now (-1: none – not a real table, a bot's, no ball to throw)."""
    if not session.real_table() or session.over() or st.phase not in (THROWOFF, PLAY, KONTER) or not st.throwers():
        return -1
    t = st.throwing_team()
    return t if not session.is_bot(t) and t in session.waiting_for() else -1


def table_part(session: Session, st: BierpongState) -> dict[str, Any]:
    """What every page knows of a real table: it is one, who enters, the lines entered last."""
    if not session.real_table():
        return {"real": False, "entering": -1, "last": "", "last_at": 0}
    entries = session.match.log.entries
    last: list[str] = []
    at = 0
    for i in range(len(entries) - 1, max(-1, len(entries) - 1 - LOOK_BACK), -1):
        if (entries[i].detail or {}).get("entered"):
            last.insert(0, entries[i].action)
            at = at or i + 1
        elif last:
            break
    return {"real": True, "entering": entering_team(session, st), "last": " · ".join(last[-2:]), "last_at": at}


def _template(name: str, throwoff: bool) -> str:
    line = str(ThrowoffBall(name, Outcome()) if throwoff else Throw(name, Outcome()))
    return line[: -len(_MISS)] + "{}"


def seat_part(session: Session, st: BierpongState, seat: int | None) -> dict[str, Any] | None:
    """The card's facts for `seat` while it enters a ball (None: it does not enter now)."""
    if seat is None or seat != entering_team(session, st):
        return None
    throwoff = st.phase == THROWOFF
    defenders = () if throwoff else st.sides[st.target_side()].members
    throwers = [{"name": p, "line": _template(p, throwoff), "fetch": "" if throwoff else str(Fetch(p)),
                 "swat": [[d, str(Swat(d, p))] for d in defenders], "catch": [[d, str(Catch(d, p))] for d in defenders]}
                for p in st.throwers()]
    # both standard balls at once (bierpong.art4): the pair's two lines joined as `first & second`
    pair = "{} & {}" if st.may_pair() else ""
    return {"throwoff": throwoff, "throwers": throwers, "defenders": list(defenders), "open": list(st.targets()), "pair": pair}
