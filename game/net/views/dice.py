"""Schock and Katchen in a browser's view (`game.net.web_view`): the seat's choices in words, and the
table's picture (`game.net.views.dice_table`).

The table is the same for every seat (`table_view`, made once per language); the page marks the
seat's own row and cup by its `you` as `dice_table.marked` does. The page decides no rule. Each
choice (`seat_view`) is one of the state's legal actions: its notation (sent back as is), its words,
its `kind` (`roll`, `flip`, `stand`) and, for a roll, `keep` – the faces of the dice that stay on the
table, high to low, the ones already out of the cup included. The page lets a player tap dice and
sends the roll whose `keep` holds the faces tapped (and those out); a choice the host did not offer
cannot be sent. No pygame here.
"""
from __future__ import annotations

from typing import Any

from game.dice.actions import Flip, Roll, Stand
from game.dice.state import DiceState
from game.dice.turn import Turn, minus
from game.dice.words import faces_text
from game.i18n import _, plural, tr
from game.net.views.dice_table import marked, picture
from game.rules.dice import Faces, norm
from game.session.session import Session
from game.store.saves import result_of


def table_view(session: Session) -> dict[str, Any]:
    """The table as it stands, the same for every seat and watcher, and the result once over."""
    out: dict[str, Any] = {"table": picture(session)}
    if session.over():
        result = result_of(session.match)
        out["result"] = tr(result) if result is not None else _("The match is over")
    return out


def seat_view(session: Session, seat: int | None) -> dict[str, Any]:
    """The seat's choices: none unless the table waits for it."""
    if seat is not None and seat >= 0 and seat in session.waiting_for() and not session.over():
        return {"actions": choices(session.state)}
    return {"actions": []}


def view(session: Session, seat: int | None) -> dict[str, Any]:
    """The seat's choices and the table as that seat sees it (its row, its cup: `marked`) in one –
    what the page puts together from `table_view` and `seat_view`."""
    out = {**table_view(session), **seat_view(session, seat)}
    out["table"] = marked(out["table"], seat, out["actions"])
    return out


def choices(st: DiceState) -> list[dict[str, Any]]:
    """The legal actions of the seat on turn, each with its words: the rolls (by the dice they keep),
    turning sixes, standing."""
    t = st.turn
    if t is None:
        return []
    out: list[dict[str, Any]] = []
    for a in st.legal_actions():
        if isinstance(a, Roll):
            keep = norm(a.keep)
            out.append({"action": str(a), "label": roll_label(st, t, keep), "kind": "roll", "keep": list(keep)})
        elif isinstance(a, Flip):
            label = _("Turn a six into a one") if a.count == 1 else _("Turn two sixes into ones")
            out.append({"action": str(a), "label": label, "kind": "flip", "count": a.count})
        elif isinstance(a, Stand):
            out.append({"action": str(a), "label": _("Stand"), "kind": "stand"})
    return out


def roll_label(st: DiceState, t: Turn, keep: Faces) -> str:
    """A roll in words: "Roll the dice", "Put out 1 1, roll 1 die" (schock.rolls: dice put out stay
    out), "Keep 2 1, roll 1 die" (katchen.phase2)."""
    n = 3 - len(keep)
    if t.rolls == 0:
        return _("Roll the dice")
    if not keep:
        return _("Roll all three dice again")
    if st.SETS_ASIDE:
        extra = minus(keep, t.out)
        if not extra:
            return plural("Roll {n} die", "Roll {n} dice", n)
        return plural("Put out {kept}, roll {n} die", "Put out {kept}, roll {n} dice", n, kept=faces_text(extra))
    return plural("Keep {kept}, roll {n} die", "Keep {kept}, roll {n} dice", n, kept=faces_text(keep))
