"""Schock and Katchen in a browser's view: the seats' cups and mats, and the seat's choices.

(A first cut: the actions are the state's legal actions in the notation; the dice helper draws
the whole table.)"""
from __future__ import annotations

from typing import Any

from game.session.session import Session


def view(session: Session, seat: int | None) -> dict[str, Any]:
    offers: list[dict[str, Any]] = []
    if seat is not None and seat in session.waiting_for() and not session.over():
        offers = [{"action": str(a), "label": str(a)} for a in session.state.legal_actions()]
    return {"actions": offers, "table": {}}
