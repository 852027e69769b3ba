"""What a player feels at the beer-pong table: a splash and a shaking cup when a ball
drops in, a wobble when it clinks a rim, cups lifted away when they are removed, the cup count ticking
down on the scoreboard, the call-outs a match entry earns (`calls`: "Bounce!" with who hit which cup,
"Bombe!", "Balls back!" – the scene shows them as banners with a sound), and the moment a ball becomes
swattable. Pure bookkeeping (no drawing): the scene feeds it the table's events and the log's entries,
and asks it for the cups as they look now.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from game.bierpong.actions import Throw, Together
from game.bierpong.state import KONTER, PLAY, BierpongState
from game.i18n import _, tr
from game.rules.phrase import values_of
from game.rules.ruling import Ruling, What
from physics.events import CupContact, Event, Sink, TableBounce

from game.ui.pong.pong_view import CupDraw

SPLASH = 0.7  # s a splash lasts
SHAKE = 0.5  # s a cup shakes after a ball dropped in
WOBBLE = 0.6  # s a cup rocks after a rim clink
WOBBLE_LEAN = 0.015  # m its rim leans at first (about 7° on a 12 cm cup)
WOBBLE_RATE = 38.0  # rad/s: it rocks about six times a second
LIFT = 0.8  # s a removed cup takes to rise out of sight
LIFT_HEIGHT = 0.35  # m it rises
TICK = 0.3  # s the scoreboard takes per cup as its count ticks down
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


@dataclass(frozen=True)
class Call:
    """A call-out for the table: the big `text`, a line under it, the banner's style and its sound."""

    text: str
    sub: str = ""
    style: str = "call"
    sound: str = "call_out"


def hit_word(bounced: bool, roller: bool) -> str:
    """A hit's call-out in the player's language ("Bounce!" is "Aufsetzer!" at a German table)."""
    if roller:
        return _("Roller!")
    return _("Bounce!") if bounced else _("Hit!")


def calls(action: object, rulings: Sequence[Ruling], before: BierpongState) -> list[Call]:
    """The call-outs of one match entry: each ball that hit, by its shot ("Bounce!", "Island!" on a
    called Island – "Anna Maria · cup 4"), then the special shots the referee named (a Bombe's cups,
    balls back, the Konter, a Dead Cup hit, the calls of a streak) and the winner."""
    out: list[Call] = []
    if before.phase in (PLAY, KONTER):
        throws = (action.first, action.second) if isinstance(action, Together) else (action,) if isinstance(action, Throw) else ()
        void = {str(values_of(r.arithmetic).get("who")) for r in rulings if r.rule == "bierpong.art22" and r.what is What.NOTE}
        called = dict(before.island)
        for t in throws:
            o = t.outcome
            if o.cup is None or t.player in void:
                continue
            text = "Island!" if called.get(t.player) == o.cup else hit_word(o.bounced, o.roller)
            out.append(Call(text, _("{who} · cup {cup}").format(who=t.player, cup=o.cup), "call", "cup_hit"))
    for r in rulings:
        args = values_of(r.arithmetic)
        if r.what is What.CALL and r.words:
            out.append(Call(" ".join(r.words), r.who, "reply"))
        elif r.what is What.CUPS and r.rule in ("bierpong.art20", "bierpong.combo", "bierpong.art19"):
            label = values_of(args.get("removal", "")).get("label")
            text = "Trickshot!" if r.rule == "bierpong.art19" else f"{tr(label)}!" if label else CALL_OUTS.get(r.rule, "")
            gone = str(args.get("cups", "")).split()
            sub = _("{team}: {n} cups go").format(team=r.who, n=len(gone)) if len(gone) > 1 else r.who
            out.append(Call(text, sub, "reply"))
        elif r.what is What.NOTE and r.rule == "bierpong.art13":
            out.append(Call(CALL_OUTS[r.rule], str(args.get("team", r.who)), "reply"))
        elif r.what is What.NOTE and r.rule == "bierpong.art10" and "hits" in args:
            out.append(Call(CALL_OUTS[r.rule], r.who, "reply"))
        elif r.what is What.NOTE and r.rule == "bierpong.art18" and "team" in args and "who" in args:
            out.append(Call(CALL_OUTS[r.rule], str(args["who"]), "reply"))
        elif r.what is What.LOSS and r.rule == "bierpong.art9" and "winners" in args:
            out.append(Call(_("{team} win!").format(team=args["winners"]), "", "tower"))
    return out


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
        self.ticks: dict[int, tuple[int, float]] = {}  # side -> (the count shown when its cups began to go, seconds since)
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

    def cups_gone(self, side: int, before: int, after: int) -> None:
        """Side `side` went from `before` cups to `after`: its count ticks down on the scoreboard."""
        if after < before:
            self.ticks[side] = (max(before, self.count(side, before)), 0.0)

    def count(self, side: int, now: int) -> int:
        """The cups the scoreboard shows for `side` now: the count ticking down to `now`, a cup per `TICK`."""
        tick = self.ticks.get(side)
        if tick is None:
            return now
        start, age = tick
        return max(now, start - int(age / TICK))

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
        self.ticks = {k: (start, age + dt) for k, (start, age) in self.ticks.items() if age + dt < TICK * 12}
        self.slow_left = max(0.0, self.slow_left - dt)

    @property
    def factor(self) -> float:
        """The table's speed now (slow while a ball has just become swattable)."""
        return SWAT_FACTOR if self.slow_left > 0 else 1.0

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


__all__ = ["CALL_OUTS", "Call", "TableEffects", "TICK", "WOBBLE", "WOBBLE_LEAN", "calls", "hit_word"]
