"""Schock and Katchen in a browser's view (`game.net.web_view`): the seat's choices in words, and the
table's picture (`game.net.views.dice_table`).

The table is the same for every seat (`table_view`, made once for every language); the page marks the
seat's own row and cup by its `you` as `dice_table.marked` does. The page decides no rule. Each
choice (`seat_view`) is one of the state's legal actions: its notation (sent back as is), its words,
its `kind` (`roll`, `flip`, `stand`) and, for a roll, `keep` – the faces of the dice that stay on the
table, high to low, the ones already out of the cup included. The page lets a player tap dice and
sends the roll whose `keep` holds the faces tapped (and those out); a choice the host did not offer
cannot be sent.

At a real table (docs/real-table.md) the seat whose throw it is gets `enter` – the entry pad: `dice`
(how many were thrown), `stay` (the faces kept or put out, which stay), `tower` (a Türmchen may be
entered), `title`, and at a turn's first roll `roll` (the request to send before the faces, as the
desktop pad does). The page sends the faces as the short form `6 5 2` (`Session.parse_outcome`). No
pygame here.
"""
from __future__ import annotations

from typing import Any

from game.dice.actions import Flip, Roll, Stand, Tower
from game.dice.state import DiceState
from game.dice.turn import Turn, minus
from game.dice.words import faces_text
from game.i18n import N_, _, plural, tr
from game.net.late_words import in_words, said
from game.net.views.dice_table import marked, picture
from game.rules.dice import Faces, norm
from game.session.session import Session
from game.store.saves import result_of


LATE_WORDS = True  # the table is made once for every language (`game.net.late_words`)


def table_view(session: Session) -> dict[str, Any]:
    """The table as it stands, the same for every seat and watcher, and the result once over (its
    words said when the view is encoded)."""
    out: dict[str, Any] = {"table": picture(session)}
    if session.over():
        result = result_of(session.match)
        out["result"] = said(tr, result) if result is not None else said(_, N_("The match is over"))
    return out


def seat_view(session: Session, seat: int | None) -> dict[str, Any]:
    """The seat's choices: none unless the table waits for it."""
    if seat is None or seat < 0 or session.over():
        return {"actions": []}
    out: dict[str, Any] = {"actions": choices(session.state) if seat in session.waiting_for() else []}
    pad = entry(session, seat)
    if pad is not None:
        out["enter"] = pad
    return out


def entry(session: Session, seat: int) -> dict[str, Any] | None:
    """The entry pad for `seat` at a real table: while it is to enter its throw's faces, or at its
    turn's first roll (the pad asks for the roll first); None otherwise."""
    st: DiceState = session.state
    t = st.turn
    if not session.real_table() or t is None or t.seat != seat or session.is_bot(seat):
        return None
    legal = st.legal_actions()
    if session.entering() and seat in session.enterers() and t.pending is not None:
        stay, roll = list(t.pending), None
    elif t.rolls == 0 and t.pending is None and seat in session.waiting_for() and Roll(()) in legal:
        stay, roll, legal = [], str(Roll(())), [Tower()] if st.TOWERS else []
    else:
        return None
    n = 3 - len(stay)
    out: dict[str, Any] = {"dice": n, "stay": stay, "tower": any(isinstance(a, Tower) for a in legal),
                           "title": plural("Tap the face of the die you threw", "Tap the faces of the {n} dice you threw", n)}
    if roll is not None:
        out["roll"] = roll
    return out


def view(session: Session, seat: int | None) -> dict[str, Any]:
    """The seat's choices and the table as that seat sees it (its row, its cup: `marked`) in one –
    what the page puts together from `table_view` and `seat_view`."""
    out = {**table_view(session), **seat_view(session, seat)}
    out["table"] = marked(out["table"], seat, out["actions"])
    return in_words(out)  # type: ignore[no-any-return]


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
