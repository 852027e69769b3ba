"""The beer-pong table scene: throw with the mouse and watch the physics (issue 6).

Press on the thrower's end (left), drag back to aim and set the power (a slingshot: the ball flies
away from the mouse, faster the longer the pull) and release. While dragging, the arc the ball
would take is previewed by the physics itself (`physics.world.simulate`, the same model the live
table runs). The wheel or ↑/↓ set the launch angle. Two balls may fly at once.

Time: the physics runs in fixed steps (`Table.DT`); every frame adds the real `dt` × the slow-motion
factor to an accumulator, runs the whole steps it holds and draws each ball interpolated between
its previous and current step by the remainder. S toggles slow motion (0.25×), Space pauses,
R re-racks, 1–5 choose the formation, Esc leaves.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.i18n import N_, _
from game.ui.pong_view import LABEL_LIFE, BallDraw, CupDraw, Dims, Label, PongFrame, PongView
from game.ui.scene import Host, Scene
from game.ui.prefs import assist
from game.ui.sound import sounds
from physics.constants import CONST
from physics.events import BallContact, CrossedCentre, CupContact, CupTipped, Event, LeftTable, Settled, Sink, TableBounce
from physics.table import FORMATIONS, Cup, formation
from physics.world import Table, Throw, simulate

SLOW = 0.25  # the slow-motion factor
RELEASE_Z = 0.45  # m above the table, the release height
RELEASE_X = 0.0  # m, the ball leaves the hand above the near edge
MIN_SPEED, MAX_SPEED = 1.0, 9.0  # m/s
SPEED_PER_M = 10.0  # m/s per metre of pull (in table metres on screen)
MIN_PULL = 0.03  # m: a shorter pull is a click, not a throw
TRAIL_EVERY = 3  # physics steps between trail points
PREVIEW_TIME = 1.6  # s of flight the preview simulates
FEED_KEEP = 200
KEYS = (  # shown through `_()` by the view
    N_("drag back from the left, release: throw"),
    N_("wheel or ↑ ↓: launch angle"),
    N_("S: slow motion   Space: pause"),
    N_("R: re-rack   1–5: formation   Esc: leave"),
    N_("M: special shots – solved and played"),
)


@dataclass
class _Flight:
    """A ball the scene knows: its throw's number in this session and its trail."""

    number: int
    trail: list[tuple[float, float, float]]



def event_label(e: Event) -> str:
    """What the table reports, in the player's language (the physics' own `label()` is English)."""
    if isinstance(e, TableBounce):
        return _("bounce")
    if isinstance(e, CupContact):
        return (_("rim cup {cup}") if e.kind == "rim" else _("wall cup {cup}")).format(cup=e.cup)
    if isinstance(e, Sink):
        return _("sink cup {cup}").format(cup=e.cup)
    if isinstance(e, CrossedCentre):
        return _("rolled back") if e.direction == "back" else _("over the centre")
    if isinstance(e, LeftTable):
        return {"far": _("off the far end"), "side": _("off the side"), "near": _("off the near end")}[e.edge]
    if isinstance(e, Settled):
        return {"cup": _("in the cup"), "table": _("rests on the table"), "floor": _("rests on the floor"),
                "rims": _("rests on the rims")}.get(e.where, e.label())
    if isinstance(e, CupTipped):
        return _("cup {cup} tipped").format(cup=e.cup)
    if isinstance(e, BallContact):
        return _("hit ball {n}").format(n=e.other)
    return e.label()

class PongScene(Scene):
    """The table, live: throws, fixed-step physics, labels and the feed."""

    def __init__(self, host: Host, kind: str = "triangle10", *, demo: bool = False) -> None:
        super().__init__(host)
        self.kind = kind
        self.demo = demo
        self.dims = Dims(CONST.cup_rim_radius, CONST.cup_base_radius, CONST.cup_height, CONST.ball_radius)
        self.view = PongView(host.fonts, host.size, self.dims)
        self.slow = assist("slow_motion", False)  # the settings' assist (off without settings)
        self.paused = False
        self.angle = 40.0  # degrees above the horizontal
        self.feed: list[tuple[str, str]] = []
        self.labels: list[Label] = []
        self.press: tuple[int, int] | None = None
        self.mouse: tuple[int, int] = (0, 0)
        self.preview: list[tuple[float, float, float]] = []
        self._preview_for: Throw | None = None
        self.message = ""
        self._demo_wait = 0.4
        self._rng = random.Random(6)
        self.rack(kind)

    # --- the table -------------------------------------------------------------------------------

    def rack(self, kind: str) -> None:
        """A new table with the formation `kind` (R re-racks, 1–5 choose)."""
        self.kind = kind
        self.cups: tuple[Cup, ...] = formation(kind)
        self.table = Table(self.cups)
        self.sim_time = 0.0
        self.acc = 0.0
        self.steps = 0
        self.throws = 0
        self.flights: dict[int, _Flight] = {}
        self.trails: list[list[tuple[float, float, float]]] = []
        self.labels.clear()
        self._preview_for = None
        self.feed.append(("", "— " + _("racked: {kind}").format(kind=kind) + " —"))

    @property
    def factor(self) -> float:
        """Simulated seconds per real second now."""
        return 0.0 if self.paused else (SLOW if self.slow else 1.0)

    def in_flight(self) -> int:
        """Balls still moving (flying, rolling or sinking into a cup)."""
        return sum(1 for b in self.table.balls() if not b.settled)

    def throw(self, t: Throw) -> int | None:
        """Throw a ball; None (and a message) when two are already in flight."""
        if self.in_flight() >= 2:
            self.message = _("two balls are in flight already")
            return None
        if self.in_flight() == 0:  # the last throw is over: sunk cups leave, the balls are picked up
            for c in self.table.cups():
                if c.holds_ball:
                    self.table.remove_cup(c.id)
            self.table.reset_balls()
            self.flights.clear()
            self.trails = []
        try:
            bid = self.table.throw(t)
        except ValueError as e:  # the table's own limit, or a throw it cannot take
            self.message = str(e)
            return None
        self.throws += 1
        fl = _Flight(self.throws, [t.release])
        self.flights[bid] = fl
        self.trails.append(fl.trail)
        self.message = ""
        return bid

    def update(self, dt: float) -> None:
        for lab in self.labels:
            lab.age += dt
        self.labels = [lab for lab in self.labels if lab.age < LABEL_LIFE]
        if self.demo:
            self._demo(dt)
        self.advance(dt * self.factor)
        if self.press is not None:
            self._update_preview()

    def advance(self, sim_seconds: float) -> list[Event]:
        """Run the whole fixed steps `sim_seconds` (plus the carried remainder) holds."""
        self.acc += sim_seconds
        dt = self.table.DT
        out: list[Event] = []
        while self.acc >= dt:
            self.acc -= dt
            events = self.table.step()
            self.sim_time += dt
            self.steps += 1
            if self.steps % TRAIL_EVERY == 0 or events:
                self._record_trails()
            for e in events:
                self._show(e)
            out += events
        return out

    def _record_trails(self) -> None:
        for b in self.table.balls():
            fl = self.flights.get(b.id)
            if fl is not None and b.in_flight:
                fl.trail.append(b.pos)

    def _sound(self, e: Event) -> None:
        """The table's sounds: a bounce, a ball on a cup's rim, a ball dropping into a cup."""
        if isinstance(e, TableBounce):
            sounds().play("ball_bounce")
        elif isinstance(e, CupContact) and e.kind == "rim":
            sounds().play("ball_rim")
        elif isinstance(e, Sink):
            sounds().play("ball_cup")

    def _show(self, e: Event) -> None:
        """Label the event where it happened and add it to the feed."""
        fl = self.flights.get(e.ball)  # the ball it happened to (its id from `Table.throw`)
        x, y, z = next((b.pos for b in self.table.balls() if b.id == e.ball), (0.0, 0.0, 0.0))
        if isinstance(e, (TableBounce, Settled)):
            x, y, z = e.x, e.y, 0.0
        elif isinstance(e, (CupContact, Sink, CupTipped)):
            cup = next((c for c in self.table.cups() if c.id == e.cup), None)
            if cup is not None:
                x, y = cup.pos
                z = self.dims.cup_h
        elif isinstance(e, LeftTable):
            x = min(max(x, 0.0), CONST.table_length)
            y = min(max(y, -CONST.table_width / 2), CONST.table_width / 2)
        elif isinstance(e, CrossedCentre):
            x = CONST.centre
        self._sound(e)
        text = event_label(e)
        routine = (isinstance(e, CrossedCentre) and e.direction == "away") or (isinstance(e, Settled) and e.where == "cup")
        if not routine:  # every throw crosses the centre, every sink settles: the feed lists those
            self.labels.append(Label(text, x, y, z, 0.0))
        who = _("ball {n}").format(n=fl.number) + ": " if fl is not None else ""
        self.feed.append((f"{e.t:5.2f} s", who + text))
        del self.feed[:-FEED_KEEP]

    # --- aiming ----------------------------------------------------------------------------------

    def aimed_throw(self) -> Throw | None:
        """The throw the slingshot holds now: away from the mouse, power by the pull; None while
        the pull is too short."""
        if self.press is None:
            return None
        L = self.view.layout
        ax, ay = L.from_top(*self.press)
        mx, my = L.from_top(*self.mouse)
        dx, dy = ax - mx, ay - my
        pull = math.hypot(dx, dy)
        if pull < MIN_PULL:
            return None
        speed = max(MIN_SPEED, min(MAX_SPEED, SPEED_PER_M * pull))
        half = CONST.table_width / 2 - 0.05
        release = (RELEASE_X, max(-half, min(half, ay)), RELEASE_Z)
        a = math.radians(self.angle)
        h = speed * math.cos(a)
        return Throw(release, (h * dx / pull, h * dy / pull, speed * math.sin(a)))

    def _update_preview(self) -> None:
        t = self.aimed_throw()
        if t == self._preview_for:
            return
        self._preview_for = t
        self.preview = []
        if t is None:
            return
        line = simulate(self.cups_now(), t, max_time=PREVIEW_TIME)
        first = next((e for e in line.events if not isinstance(e, CrossedCentre)), None)  # the first touch
        stop = first.t if first is not None else PREVIEW_TIME
        self.preview = [(x, y, z) for (ts, x, y, z) in line.samples if ts <= stop + 1e-9]
        if isinstance(first, TableBounce):  # end the arc where it lands
            self.preview.append((first.x, first.y, 0.0))

    def cups_now(self) -> tuple[Cup, ...]:
        """The cups standing now (a removed or tipped cup is not in the preview's way)."""
        return tuple(Cup(c.id, c.pos[0], c.pos[1]) for c in self.table.cups() if not c.tipped)

    def _demo(self, dt: float) -> None:
        """--demo: aimed throws at the cups (via `physics.aim`), two in the air at times."""
        from physics.aim import speed_for

        self._demo_wait -= dt * self.factor
        if self._demo_wait > 0 or self.in_flight() >= 2:
            return
        cups = [c for c in self.table.cups() if not c.tipped and not c.holds_ball]
        if not cups:
            self.rack(self.kind)
            return
        c = self._rng.choice(cups)
        release = (RELEASE_X, self._rng.uniform(-0.15, 0.15), RELEASE_Z)
        aim = (c.pos[0] + self._rng.gauss(0.0, 0.035), c.pos[1] + self._rng.gauss(0.0, 0.03))  # a human hand
        self.throw(speed_for(release, aim, self._rng.uniform(35, 55)))
        self._demo_wait = self._rng.uniform(0.35, 1.2)

    # --- input -----------------------------------------------------------------------------------

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            if self.view.layout.thrower_zone().collidepoint(e.pos):
                self.press = e.pos
                self.mouse = e.pos
                self._preview_for = None
        elif e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1 and self.press is not None:
            self.mouse = e.pos
            t = self.aimed_throw()
            self.press = None
            self.preview = []
            if t is not None:
                self.throw(t)
        elif e.type == pygame.MOUSEWHEEL:
            self.set_angle(self.angle + 2 * e.y)
        elif e.type == pygame.KEYDOWN:
            self.key(e.key)

    def key(self, key: int) -> None:
        if key == pygame.K_s:
            self.slow = not self.slow
        elif key == pygame.K_SPACE:
            self.paused = not self.paused
        elif key == pygame.K_r:
            self.rack(self.kind)
        elif pygame.K_1 <= key <= pygame.K_5:
            self.rack(FORMATIONS[key - pygame.K_1])
        elif key == pygame.K_UP:
            self.set_angle(self.angle + 2)
        elif key == pygame.K_DOWN:
            self.set_angle(self.angle - 2)
        elif key == pygame.K_m:
            self.open_shots()

    def open_shots(self) -> None:
        """M: the list of the special shots (`game.ui.pong_demo.ShotMenu`) over the table."""
        from game.ui.pong_demo import ShotMenu  # (it imports this module)

        self.host.push(ShotMenu(self.host, self))

    def set_angle(self, deg: float) -> None:
        self.angle = max(10.0, min(75.0, deg))
        self._preview_for = None

    def back(self) -> bool:
        """Esc while aiming drops the ball unthrown; otherwise the scene closes."""
        if self.press is None:
            return False
        self.press = None
        self.preview = []
        return True

    def resize(self, size: tuple[int, int]) -> None:
        self.view.resize(size)

    # --- drawing ---------------------------------------------------------------------------------

    def frame(self) -> PongFrame:
        """What the view draws now, each ball interpolated between its last two steps."""
        alpha = min(1.0, self.acc / self.table.DT)
        balls = []
        for b in self.table.balls():
            fl = self.flights.get(b.id)
            (px, py, pz), (cx, cy, cz) = b.prev, b.pos
            pos = (px + (cx - px) * alpha, py + (cy - py) * alpha, pz + (cz - pz) * alpha)
            if b.settled and b.cup is not None:
                continue  # the cup's picture shows it
            balls.append(BallDraw(fl.number if fl else 0, *pos, b.in_flight))
        h = self.dims.cup_h
        cups = [CupDraw(c.id, c.pos[0], c.pos[1], c.angle, c.tipped, c.holds_ball, c.liquid / h) for c in self.table.cups()]
        speed = ""
        t = self.aimed_throw()
        if t is not None:
            v = math.sqrt(sum(c * c for c in t.velocity))
            speed = f"{v:.1f} m/s · {self.angle:.0f}°"
        mode = _("paused") if self.paused else (_("slow motion {factor}×").format(factor=f"{SLOW:g}") if self.slow else "1×")
        status = f"{self.kind} · " + _("angle {degrees}°").format(degrees=f"{self.angle:.0f}") + f" · {mode}"
        if self.message:
            status = f"{self.message} · {status}"
        return PongFrame(
            cups=cups,
            balls=balls,
            trails=self.trails,
            preview=self.preview,
            sling=(self.press, self.mouse) if self.press is not None else None,
            sling_text=speed,
            labels=self.labels,
            feed=self.feed,
            status=status,
            keys=KEYS,
        )

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.frame())


def run_pong(
    kind: str = "triangle10",
    *,
    demo: bool = False,
    frames: int | None = None,
    screenshot: str | None = None,
    fullscreen: bool = False,
    size: tuple[int, int] = (1280, 800),
) -> int:
    """`python main.py pong`: the table scene on its own."""
    from game.ui.app import App

    app = App(size, fullscreen, title=_("Stammtisch – Bierpong table"))
    try:
        app.push(PongScene(app, kind, demo=demo))
        return app.run(frames, screenshot)
    finally:
        app.close()

