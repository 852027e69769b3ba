"""A ruling: who gets what, how much, under which rule, and the arithmetic in words."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class What(StrEnum):
    """What a ruling hands out."""

    SIPS = "sips"
    BEER = "beer"  # a whole beer
    BEER_REST = "beer_rest"  # the rest of the current beer
    MATS = "mats"  # beer mats; a negative amount goes back to the middle
    CUPS = "cups"
    LAPS = "laps"
    LOST_TURN = "lost_turn"
    LOSS = "loss"  # lost a half, a round, a game
    STROKE = "stroke"  # a stroke on the tournament mat (Schock)
    SCHUSS = "schuss"  # a Schuss (Katchen)
    CALL = "call"  # a call-out the table must make ("Horrido!")
    NOTE = "note"  # a table event with nothing to hand out ("Laden")


@dataclass(frozen=True, slots=True)
class Ruling:
    """One decision of the referee.

    `who` receives `amount` of `what`; `giver` is the player it comes from, or None for the
    middle (the stack). `rule` is a rule id of the digests, `arithmetic` says how it was reckoned.
    A call-out carries its `words`, in the rulebook's language ("Kröger!", "Hallo!").
    """

    who: str
    what: What
    amount: int
    rule: str
    arithmetic: str
    giver: str | None = None
    words: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Its JSON form (the fields in their order; `words` only when there are any) – made directly,
        not by `asdict`, which copies every value deeply (a journal line is made for every action)."""
        d: dict[str, Any] = {"who": self.who, "what": str(self.what), "amount": self.amount, "rule": self.rule,
                             "arithmetic": self.arithmetic, "giver": self.giver}
        if self.words:
            d["words"] = list(self.words)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Ruling:
        """A ruling from its JSON form; the same ruling read again is the same (immutable) object –
        a long log repeats its rulings ("up to gear 3"), so reading one is mostly a lookup."""
        try:
            key = (d["who"], d["what"], d["amount"], d["rule"], d["arithmetic"], d.get("giver"), tuple(d.get("words", ())))
            got = _READ.get(key)
        except TypeError:  # an unhashable value: read it the long way (which names what is wrong)
            key, got = None, None
        if got is not None:
            return got
        r = cls._read(d)
        if key is not None:
            if len(_READ) >= READ_CACHE:
                _READ.clear()
            _READ[key] = r
        return r

    @classmethod
    def _read(cls, d: dict[str, Any]) -> Ruling:
        return cls(
            who=str(d["who"]),
            what=What(d["what"]),
            amount=int(d["amount"]),
            rule=str(d["rule"]),
            arithmetic=str(d["arithmetic"]),
            giver=None if d.get("giver") is None else str(d["giver"]),
            words=tuple(str(w) for w in d.get("words", ())),
        )

    def __str__(self) -> str:
        return f"[{self.rule}] {self.arithmetic}"


READ_CACHE = 65_536  # distinct rulings `Ruling.from_dict` keeps to hand out again
_READ: dict[tuple[Any, ...], Ruling] = {}
