"""The ledger: per player, what the rulings have handed out so far.

Sips are drunk from each player's current beer; when it is empty a new one is started, so the
rest of a beer (or a whole one) can be charged. Mats, strokes and Schüsse are counted as they fall.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from game.rules.drink import Drink as Drink  # (its own module: the menu reads it without the ledger)
from game.rules.frozen import replace, replaceable
from game.rules.ruling import Ruling, What


@replaceable
@dataclass(frozen=True, slots=True)
class Account:
    """One player's column of the ledger."""

    drink: Drink = Drink.BEER
    sips: int = 0  # sips drunk in all
    beer_left: int = 11  # sips left in the current beer
    beers: int = 0  # beers emptied
    mats: int = 0
    strokes: int = 0
    schuesse: int = 0
    losses: int = 0  # halves, games or rounds lost, as the game counts them

    def drink_sips(self, n: int) -> Account:
        left, beers = self.beer_left, self.beers
        size = self.drink.sips
        todo = n
        while todo > 0:
            take = min(todo, left)
            left -= take
            todo -= take
            if left == 0:
                beers += 1
                left = size
        return replace(self, sips=self.sips + n, beer_left=left, beers=beers)


@replaceable
@dataclass(frozen=True)
class Ledger:
    """Every player's account, keyed by name, in seat order."""

    accounts: tuple[tuple[str, Account], ...]

    @classmethod
    def new(cls, players: Iterable[str], drinks: Mapping[str, Drink] | None = None) -> Ledger:
        drinks = drinks or {}
        rows = []
        for p in players:
            d = drinks.get(p, Drink.BEER)
            rows.append((p, Account(drink=d, beer_left=d.sips)))
        return cls(tuple(rows))

    def __getitem__(self, player: str) -> Account:
        for name, acc in self.accounts:
            if name == player:
                return acc
        raise KeyError(player)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(n for n, _ in self.accounts)

    def mats(self, player: str) -> int:
        return self[player].mats

    def total_mats(self) -> int:
        return sum(a.mats for _, a in self.accounts)

    def _with(self, player: str, acc: Account) -> Ledger:
        return Ledger(tuple((n, acc if n == player else a) for n, a in self.accounts))

    def apply(self, ruling: Ruling) -> Ledger:
        """The ledger after one ruling."""
        led = self
        w, n = ruling.what, ruling.amount
        acc = led[ruling.who]
        if w is What.SIPS:
            led = led._with(ruling.who, acc.drink_sips(n))
        elif w is What.BEER_REST:
            led = led._with(ruling.who, acc.drink_sips(acc.beer_left))
        elif w is What.BEER:
            led = led._with(ruling.who, acc.drink_sips(acc.drink.sips * n))
        elif w is What.MATS:
            led = led._with(ruling.who, replace(acc, mats=acc.mats + n))
            if ruling.giver is not None:
                g = led[ruling.giver]
                led = led._with(ruling.giver, replace(g, mats=g.mats - n))
        elif w is What.STROKE:
            led = led._with(ruling.who, replace(acc, strokes=acc.strokes + n))
        elif w is What.SCHUSS:
            led = led._with(ruling.who, replace(acc, schuesse=acc.schuesse + n))
        elif w is What.LOSS:
            led = led._with(ruling.who, replace(acc, losses=acc.losses + n))
        return led

    def apply_all(self, rulings: Iterable[Ruling]) -> Ledger:
        led = self
        for r in rulings:
            led = led.apply(r)
        return led
