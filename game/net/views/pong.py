"""Bierpong in a browser's view: the racks, who throws and who defends, and the seat's own offers.

The page (`game/web/pong.js`) throws by a flick and sends the laptops' `launch`; it swats or catches
with the laptops' `defend`; the rest of what it may say – begin, the calls (Heating up, On fire,
Island: call-outs stay English), a fetch, a catch after the ball rests, the end of a round, the cups
its owners remove or leave standing – comes from the state's legal actions here, each with its words
and what the page draws it with (`kind`, the cups). Throws and throw-off balls are no offers: the
host's live table rules the ball the page lets go. At a real table the seat on turn enters each ball
as its notation line instead (`pong_entry`: the throw card's facts). `static` is the table's size and
the throw's limits, sent once. Nothing here changes the session.
"""
from __future__ import annotations

from typing import Any

from game.bierpong.actions import Begin, Call, Catch, EndRound, Fetch, Leave, Remove
from game.bierpong.phases import KONTER, PLAY, REMOVE, THROWOFF
from game.bierpong.state import BierpongState
from game.bierpong.words import action_words
from game.i18n import _
from game.net.views import pong_entry
from game.session.session import Session
from physics.constants import CONST

RELEASE_Z = 0.45  # m above the table: where a phone's ball leaves the hand (as the laptops' slingshot)
SPEEDS = (1.0, 9.0)  # m/s: the slowest and fastest ball a phone sends (as the laptops' slingshot)


def static(session: Session) -> dict[str, Any]:
    """The table as drawn once: its size, a cup's and a ball's, where and how fast a ball is let go."""
    return {"length": CONST.table_length, "width": CONST.table_width, "cup_r": CONST.cup_rim_radius,
            "cup_h": CONST.cup_height, "ball_r": CONST.ball_radius, "release_z": RELEASE_Z, "speeds": list(SPEEDS)}


def view(session: Session, seat: int | None) -> dict[str, Any]:
    st: BierpongState = session.match.state
    over = session.over()
    target = st.target_side() if not over else -1
    throwing = st.throwing_team() if not over else -1
    mine = seat if seat is not None and 0 <= seat < len(st.sides) else None
    live = session.live_table()
    busy = bool(live is not None and live.table.busy)
    throwers: list[str] = []
    partners: dict[str, list[str]] = {}
    real = session.real_table()  # no flick, no defence on the phone: the throw card (`pong_entry`)
    if mine is not None and mine == throwing and st.phase in (THROWOFF, PLAY, KONTER) and not over and not session.is_bot(mine) and not real:
        throwers = list(st.throwers())
        partners = {p: list(st.partners(p)) for p in throwers if st.may_pair()}
    defending = mine is not None and mine == target and st.phase in (PLAY, KONTER) and not over and not session.is_bot(mine) and not real
    table = {
        "phase": st.phase, "round": st.round, "target": target, "throwing": throwing, "mine": mine, "busy": busy,
        "sides": [{"name": s.name, "members": list(s.members), "cups": [[c.id, round(c.x, 4), round(c.y, 4)] for c in s.rack.cups],
                   "dead": sorted(s.dead), "left": len(s.rack.cups)} for s in st.sides],
        "hits": sorted({h.cup for h in st.hits} | {r.cup for r in st.queue}),  # hit cups still standing
        "throwers": throwers, "partners": partners,
        "defenders": list(st.sides[mine].members) if defending and mine is not None else [],
        "on_fire": st.on_fire or "", "heated": [p for p, _n in st.heated],
        "island": [[p, c] for p, c in st.island],
        **pong_entry.table_part(session, st),  # a real table: no flick; who enters, the lines entered last
    }
    out: dict[str, Any] = {"actions": offers(session, st, mine) if not over else [], "table": table}
    entry = pong_entry.seat_part(session, st, mine)
    if entry is not None:
        out["entry"] = entry  # the throw card's facts: this seat enters the real ball now
    if over:
        out["result"] = _result(st)
    return out


def offers(session: Session, st: BierpongState, seat: int | None) -> list[dict[str, Any]]:
    """What `seat` may say now besides a throw or a defence, in words, each with its `kind`."""
    if seat is None:
        return []
    waiting = seat in session.waiting_for()
    members = set(st.sides[seat].members)
    out: list[dict[str, Any]] = []
    for a in st.legal_actions():
        o = _offer(a, st, members, waiting, len(st.throwers()) > 1)
        if o is not None:
            out.append({"action": str(a), **o})
    return out


def _offer(a: Any, st: BierpongState, members: set[str], waiting: bool, several: bool) -> dict[str, Any] | None:
    if isinstance(a, Catch):  # the catcher's own seat says it, whoever acts next (bierpong.art23)
        return {"kind": "catch", "label": _("{name} caught it").format(name=a.catcher)} if a.catcher in members else None
    if not waiting:
        return None
    if isinstance(a, Begin):
        return {"kind": "begin", "label": _("{team} begin").format(team=a.team)}
    if isinstance(a, Call) and a.word in ("heating up", "on fire"):  # call-outs stay in their language
        return {"kind": "call", "label": f"{a.player}: {'Heating up!' if a.word == 'heating up' else 'On fire!'}"}
    if isinstance(a, Call) and a.word == "island":
        return {"kind": "island", "cup": a.cup, "player": a.player,
                "label": f"{a.player}: Island {a.cup}!" if several else f"Island {a.cup}!"}
    if isinstance(a, Fetch):
        return {"kind": "fetch", "label": _("{name} fetches").format(name=a.player)}
    if isinstance(a, EndRound):
        return {"kind": "end", "label": _("End of round")}
    if isinstance(a, Remove) and st.phase == REMOVE:
        label = _("Remove cup {cup}").format(cup=a.cups[0]) if len(a.cups) == 1 else _("Remove cups {cups}").format(cups=", ".join(map(str, a.cups)))
        return {"kind": "remove", "cups": list(a.cups), "label": label}
    if isinstance(a, Remove):  # the owners' own Dead Cup, in their round (bierpong.art18)
        return {"kind": "remove", "cups": list(a.cups), "label": _("Remove Dead Cup {cup}").format(cup=a.cups[0])}
    if isinstance(a, Leave):
        return {"kind": "leave", "cups": [a.cup], "label": _("Leave {cup} (Dead Cup)").format(cup=a.cup)}
    if isinstance(a, Call):
        return {"kind": "call", "label": action_words(str(a))}
    return None  # throws and throw-off balls: the live table rules the ball a flick lets go


def _result(st: BierpongState) -> str:
    won = [s.name for s in st.sides if len(s.rack.cups) > 0]
    return _("{team} win").format(team=won[0]) if len(won) == 1 else _("The match is over")
