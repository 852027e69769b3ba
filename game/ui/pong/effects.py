"""What a player feels at the beer-pong table (issue 17): a splash and a shaking cup when a ball drops
in, a wobble when it clinks a rim, cups lifted away when they are removed, the special shot's call-out
when the referee names one, and the moment a ball becomes swattable. Pure bookkeeping (no drawing):
the scene feeds it the table's events and the log's entries, and asks it for the cups as they look now.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from physics.events import CupContact, Event, Sink, TableBounce

from game.ui.pong.pong_view import CupDraw

SPLASH = 0.7  # s a splash lasts
SHAKE = 0.5  # s a cup shakes after a ball dropped in
WOBBLE = 0.6  # s a cup rocks after a rim clink
WOBBLE_LEAN = 0.015  # m its rim leans at first (about 7° on a 12 cm cup)
WOBBLE_RATE = 38.0  # rad/s: it rocks about six times a second
LIFT = 0.8  # s a removed cup takes to rise out of sight
LIFT_HEIGHT = 0.35  # m it rises
BANNER = 1.8  # s a call-out stays
SWAT_SLOW = 0.7  # s the table runs slowly when a ball has become swattable
SWAT_FACTOR = 0.35  # the speed it runs at meanwhile

# the call-outs of the special shots, by the rule the referee cites (they stay in their language)
CALL_OUTS = {
    "bierpong.art20": "Bombe!",
    "bierpong.art22": "Island!",
    "bierpong.art21": "On fire!",
    "bierpong.art13": "Balls back!",
    "bierpong.art18": "Dead Cup!",
    "bierpong.art10": "Konter!",
    "bierpong.art15": "Roller!",
    "bierpong.art19": "Trickshot!",
}


@dataclass
class _Effect:
    cup: int
    age: float
    life: float
    strength: float = 1.0
    x: float = 0.0
    y: float = 0.0


class TableEffects:
    """The effects running now; `update(dt)` ages them, `cups(drawn)` applies them."""

    def __init__(self) -> None:
        self.shakes: list[_Effect] = []
        self.splashes: list[_Effect] = []
        self.lifts: list[_Effect] = []
        self.wobbles: list[_Effect] = []
        self.banner_text = ""
        self.banner_age = BANNER
        self.slow_left = 0.0
        self.ringed: set[int] = set()  # balls that may be swatted now

    # --- what happened -------------------------------------------------------------------------

    def events(self, events: Iterable[Event], defenders_here: bool) -> None:
        """The table's events: a ball dropping in splashes and shakes its cup, a rim clink wobbles it,
        a first touch-down makes the ball swattable (slowed and ringed when people defend here)."""
        for e in events:
            if isinstance(e, Sink):
                self.splashes.append(_Effect(e.cup, 0.0, SPLASH))
                self.shakes.append(_Effect(e.cup, 0.0, SHAKE, 1.0))
            elif isinstance(e, CupContact) and e.kind == "rim":  # the clink rocks the cup, stronger than before
                self.wobbles = [w for w in self.wobbles if w.cup != e.cup]
                self.wobbles.append(_Effect(e.cup, 0.0, WOBBLE, 1.0))
            elif isinstance(e, TableBounce) and defenders_here and e.ball not in self.ringed:
                self.ringed.add(e.ball)
                self.slow_left = SWAT_SLOW

    def removed(self, cups: Sequence[CupDraw]) -> None:
        """Cups gone from the rack: they rise out of sight where they stood."""
        for c in cups:
            self.lifts.append(_Effect(c.id, 0.0, LIFT, x=c.x, y=c.y))

    def rulings(self, rules: Iterable[str]) -> None:
        """A ruling naming a special shot: its call-out."""
        for rule in rules:
            word = CALL_OUTS.get(rule)
            if word is not None:
                self.banner_text, self.banner_age = word, 0.0
                return

    def balls_done(self) -> None:
        """The throw is over: no ball is swattable any more."""
        self.ringed.clear()
        self.slow_left = 0.0

    # --- time ------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        for group in (self.shakes, self.splashes, self.lifts, self.wobbles):
            for e in group:
                e.age += dt
            group[:] = [e for e in group if e.age < e.life]
        self.banner_age += dt
        self.slow_left = max(0.0, self.slow_left - dt)

    @property
    def factor(self) -> float:
        """The table's speed now (slow while a ball has just become swattable)."""
        return SWAT_FACTOR if self.slow_left > 0 else 1.0

    def banner(self) -> str:
        return self.banner_text if self.banner_age < BANNER else ""

    # --- the cups as they look now ----------------------------------------------------------------

    def cups(self, drawn: Sequence[CupDraw]) -> list[CupDraw]:
        """The cups with their shakes and splashes, and the removed ones rising away."""
        out = []
        for c in drawn:
            dx = 0.0
            for s in self.shakes:
                if s.cup == c.id and not c.dim:
                    k = 1.0 - s.age / s.life
                    dx += 0.006 * s.strength * k * math.sin(s.age * 55.0)
            lean = 0.0
            for w in self.wobbles:  # rocking: its rim leans to and fro, less and less
                if w.cup == c.id and not c.dim and not c.tipped:
                    lean += WOBBLE_LEAN * w.strength * (1.0 - w.age / w.life) * math.sin(w.age * WOBBLE_RATE)
            splash = max((s.age / s.life for s in self.splashes if s.cup == c.id and not c.dim), default=-1.0)
            out.append(replace(c, x=c.x + dx, splash=splash, wobble=lean) if dx or lean or splash >= 0 else c)
        shown = {c.id for c in drawn if not c.dim}
        for lf in self.lifts:
            if lf.cup not in shown:
                k = lf.age / lf.life
                out.append(CupDraw(lf.cup, lf.x, lf.y, lift=LIFT_HEIGHT * k * k, fade=1.0 - k))
        return out


__all__ = ["CALL_OUTS", "TableEffects", "WOBBLE", "WOBBLE_LEAN"]
