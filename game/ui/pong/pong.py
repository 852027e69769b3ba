"""The beer-pong table scene: throw with the mouse and watch the physics.

Press on the thrower's end (left), drag back to aim and set the power (a slingshot: the ball flies
away from the mouse, faster the longer the pull) and release. While dragging, the arc the ball
would take is previewed by the physics itself (`physics.world.simulate`, the same model the live
table runs). The wheel or ↑/↓ set the launch angle. Two balls may fly at once.

Time: the physics is a `game.session.live_table.LiveTable` (fixed steps, `Table.DT`); every frame
adds the real `dt` × the slow-motion factor to its accumulator, which runs the whole steps it holds;
each ball is drawn interpolated between its previous and current step by the remainder. S toggles slow motion (0.25×), Space pauses,
R re-racks, 1–5 choose the formation, Esc leaves.
"""
from __future__ import annotations

import random
from typing import Any

import pygame

from game.i18n import N_, _
from game.session.live_table import LiveTable
from game.ui.pong.pong_view import Dims, FeedHead, Label, PongFrame, PongView, add_label, ball_draws, cup_draws
from game.ui.common.scene import Host, Scene
from game.ui.common.prefs import assist
from game.ui.common.words import formation_label
from game.ui.common.sound import sounds
from physics.constants import CONST
from physics.events import BallContact, CrossedCentre, CupContact, CupTipped, Event, LeftTable, Settled, Sink, TableBounce
from physics.table import FORMATIONS, Cup, formation
from physics.world import Table, Throw
from game.ui.pong.pong_aim import RELEASE_X, RELEASE_Z, Sling
from game.ui.pong.effects import TableEffects, hit_word
from game.ui.common.banners import Banners
from game.ui.pong.pong_cameras import TableCameras

SLOW = 0.25  # the slow-motion factor
FEED_KEEP = 200
KEYS = (  # shown through `_()` by the view
    N_("drag back from the left, release: throw"),
    N_("wheel or ↑ ↓: launch angle"),
    N_("S: slow motion   Space: pause"),
    N_("R: re-rack   1–5: formation   Esc: leave"),
    N_("M: special shots – solved and played"),
    N_("X: a clip of the last throw (WebP)"),
    N_("V: view (thrower's · side · above)"),
    N_("P: side view inset (in perspective)"),
)


def event_label(e: Event, live: LiveTable | None = None) -> str:
    """What the table reports, in the player's language (the physics' own `label()` is English); the
    other ball of a collision by its throw's number on `live` (as the feed and the balls show it)."""
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
        f = live.flights.get(e.other) if live is not None else None
        return _("hit ball {n}").format(n=f.number if f is not None else e.other)
    return e.label()

def event_place(live: LiveTable, e: Event, cup_h: float) -> tuple[float, float, float]:
    """Where on the table event `e` happened (for its label)."""
    x, y, z = next((b.pos for b in live.balls() if b.id == e.ball), (0.0, 0.0, 0.0))
    if isinstance(e, (TableBounce, Settled)):
        return e.x, e.y, 0.0
    if isinstance(e, (CupContact, Sink, CupTipped)):
        cup = next((c for c in live.table_cups() if c.id == e.cup), None)
        if cup is not None:
            return cup.pos[0], cup.pos[1], cup_h
    elif isinstance(e, LeftTable):
        return min(max(x, 0.0), CONST.table_length), min(max(y, -CONST.table_width / 2), CONST.table_width / 2), z
    elif isinstance(e, CrossedCentre):
        return CONST.centre, y, z
    return x, y, z


def is_routine(e: Event) -> bool:
    """Every throw crosses the centre, every sink settles: the feed lists those, no label."""
    return (isinstance(e, CrossedCentre) and e.direction == "away") or (isinstance(e, Settled) and e.where == "cup")


def follow_balls(labels: list[Label], live: LiveTable, dt: float) -> None:
    """Age the labels by `dt` (gone ones dropped) and keep each over its ball while the ball is on
    the table (interpolated as it is drawn)."""
    where = {b.id: live.position(b) for b in live.balls()}
    for lab in labels:
        lab.age += dt
        p = where.get(lab.ball) if lab.ball is not None else None
        if p is not None:
            lab.x, lab.y, lab.z = p
    labels[:] = [lab for lab in labels if not lab.gone]


def draw_call_out(scene: Any, surface: pygame.Surface, size: float) -> pygame.Rect | None:
    """A scene's call-out banner (`scene.banners`): in perspective high over the table, so the far cups
    stay in sight; from above over the side view, so the table – where balls fly and are clicked –
    stays clear. Where it went."""
    L = scene.view.layout
    if scene.perspective():
        area, high = scene.viewport(), 0.2
    else:
        area, high = L.side, 0.55
    scene.banners.s = min(L.s * size, area.w / 1300)
    rect: pygame.Rect | None = scene.banners.draw(surface, (area.centerx, area.y + int(area.h * high)))
    return rect


def play_sound(e: Event) -> None:
    """The table's sounds: a bounce, a ball on a cup's rim, a ball dropping into a cup."""
    if isinstance(e, TableBounce):
        sounds().play("ball_bounce")
    elif isinstance(e, CupContact) and e.kind == "rim":
        sounds().play("ball_rim")
    elif isinstance(e, Sink):
        sounds().play("ball_cup")


class PongScene(TableCameras, Sling, Scene):
    """The practice table, live: throws on a `LiveTable`, labels and the feed; in perspective from
    the thrower's end as at a match (V: from the side, from above – `pong_cameras`)."""

    FIRST_VIEW = "thrower"  # the view it opens in (the shot lab and the demo: from above)

    call_outs = True  # a ball dropping in is called out (the demo and the shot lab say it their own way)

    def __init__(self, host: Host, kind: str = "triangle10", *, demo: bool = False) -> None:
        super().__init__(host)
        self.kind = kind
        self.demo = demo
        self.dims = Dims(CONST.cup_rim_radius, CONST.cup_base_radius, CONST.cup_height, CONST.ball_radius)
        self.view = PongView(host.fonts, host.size, self.dims)
        self.slow = assist("slow_motion", False)  # the settings' assist (off without settings)
        self.paused = False
        self.init_sling()
        self.feed: list[tuple[str, str]] = []
        self.labels: list[Label] = []
        self.message = ""
        self._demo_wait = 0.4
        self._rng = random.Random(6)
        self.live_table = LiveTable(formation(kind))
        self.feed.append(FeedHead(("", _("Racked: {kind}").format(kind=formation_label(kind)))))
        self._fed_ball = 0  # the ball whose events the feed lists now
        self.last_throws: list[tuple[Throw, int]] = []  # the last throw's balls, each with its fixed steps after the first (X: a clip)
        self.last_rack: tuple[Cup, ...] = ()
        self.last_start = 0
        self.job: Any = None  # a clip being exported
        self.effects = TableEffects()  # splashes, shakes and wobbles (drawn in perspective)
        self.banners = Banners(host.fonts)  # a ball dropping in, called out ("Hit!", "cup 4")
        self.init_cameras(self.FIRST_VIEW)

    # --- the table -------------------------------------------------------------------------------

    @property
    def table(self) -> Table:
        """The physics table on the live table now."""
        return self.live_table.table

    @property
    def cups(self) -> tuple[Cup, ...]:
        return self.live_table.cups

    @property
    def sim_time(self) -> float:
        return self.live_table.sim_time

    @property
    def trails(self) -> list[list[tuple[float, float, float]]]:
        return self.live_table.trails()

    def fresh(self, cups: tuple[Cup, ...]) -> None:
        """A fresh table holding `cups` (no balls)."""
        self.live_table.rack(cups)
        self._preview_for = None

    def rack(self, kind: str) -> None:
        """A new table with the formation `kind` (R re-racks, 1–5 choose)."""
        self.kind = kind
        self.fresh(formation(kind))
        self.labels.clear()
        self.feed.append(FeedHead(("", _("Racked: {kind}").format(kind=formation_label(kind)))))
        self._fed_ball = 0

    @property
    def factor(self) -> float:
        """Simulated seconds per real second now."""
        return 0.0 if self.paused else (SLOW if self.slow else 1.0)

    def in_flight(self) -> int:
        """Balls still moving (flying, rolling or sinking into a cup)."""
        return self.live_table.in_flight()

    def throw(self, t: Throw) -> int | None:
        """Throw a ball; None (and a message) when two are already in flight."""
        if self.in_flight() >= 2:
            self.message = _("two balls are in flight already")
            return None
        first = self.in_flight() == 0
        if first:  # the last throw is over: sunk cups leave, the balls are picked up
            self.live_table.pick_up()
        try:
            f = self.live_table.throw(t)
        except ValueError as e:  # the table's own limit, or a throw it cannot take
            self.message = str(e)
            return None
        self.message = ""
        if first:  # a new throw: its rack, and its balls from here on (X makes a clip of them)
            self.last_rack = tuple(Cup(c.id, c.pos[0], c.pos[1]) for c in self.live_table.table_cups() if not c.tipped)
            self.last_start, self.last_throws = self.live_table.steps, []
        self.last_throws.append((t, self.live_table.steps - self.last_start))
        return f.ball

    def export(self) -> None:
        """X: the last throw (both balls, if two flew) as a clip in the clips folder, made on a thread."""
        from game.ui.pong.clip import ClipJob, ClipShot

        if not self.last_throws:
            self.message = _("throw first: the clip is of the last throw")
            return
        self.job = ClipJob([ClipShot(self.last_rack, tuple(self.last_throws))], _("the practice table"), "practice")
        self.message = _("exporting the clip of the last throw …")

    def update(self, dt: float) -> None:
        job = self.job
        if job is not None and job.done:
            from game.store.saves import shown_dir

            self.job = None
            self.message = _("Clip not written: {error}").format(error=job.error) if job.error else _("Clip saved: {path}").format(path=shown_dir(job.path))
        self.move_camera(dt, 0)
        self.effects.update(dt)
        self.banners.update(dt)
        if self.demo:
            self._demo(dt)
        self.advance(dt * self.factor)
        follow_balls(self.labels, self.live_table, dt)
        if self.press is not None:
            self._update_preview()

    def advance(self, sim_seconds: float) -> list[Event]:
        """Run the whole fixed steps `sim_seconds` (plus the carried remainder) holds."""
        events = self.live_table.advance(sim_seconds)
        for e in events:
            self._show(e)
        return events

    def _show(self, e: Event) -> None:
        """Label the event over its ball and add it to the feed, under the ball's head."""
        fl = self.live_table.flights.get(e.ball)  # the ball it happened to (its id from `Table.throw`)
        x, y, z = event_place(self.live_table, e, self.dims.cup_h)
        self.effects.events([e], False)
        play_sound(e)
        text = event_label(e, self.live_table)
        if not is_routine(e):
            add_label(self.labels, Label(text, x, y, z, 0.0, ball=e.ball))
        if isinstance(e, Sink) and self.call_outs:  # a hit called out, as at a match (no referee here: no shot's name)
            self.banners.queue.clear()
            self.banners.push(hit_word(False, False), _("cup {cup}").format(cup=e.cup), "call", 1.1)
            sounds().play("cup_hit")
        n = fl.number if fl is not None else 0
        if n != self._fed_ball:  # the other ball of two in the air: its head again
            self._fed_ball = n
            self.feed.append(FeedHead(("", _("Ball {n}").format(n=n))))
        self.feed.append((f"{e.t:5.2f} s", text))
        del self.feed[:-FEED_KEEP]

    # --- aiming ----------------------------------------------------------------------------------

    def _update_preview(self) -> None:
        self.update_preview(self.cups_now())

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
        handled, t = self.sling_event(e)
        if t is not None:
            self.throw(t)
        elif not handled and e.type == pygame.KEYDOWN:
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
        elif key == pygame.K_x:
            self.export()
        elif key == pygame.K_UP:
            self.set_angle(self.angle + 2)
        elif key == pygame.K_DOWN:
            self.set_angle(self.angle - 2)
        elif key == pygame.K_m:
            self.open_shots()
        elif key == pygame.K_v:
            self.message = self.cycle_camera()
        elif key == pygame.K_p:
            self.inset_on = not self.inset_on

    def open_shots(self) -> None:
        """M: the list of the special shots (`game.ui.pong.pong_demo.ShotMenu`) over the table."""
        from game.ui.pong.pong_demo import ShotMenu  # (it imports this module)

        self.host.push(ShotMenu(self.host, self))

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
        balls = ball_draws(self.live_table)
        cups = self.effects.cups(cup_draws(self.live_table, self.dims.cup_h))
        speed = self.sling_text()
        mode = _("paused") if self.paused else (_("slow motion {factor}×").format(factor=f"{SLOW:g}") if self.slow else "1×")
        status = f"{formation_label(self.kind)} · " + _("angle {degrees}°").format(degrees=f"{self.angle:.0f}") + f" · {mode}"
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
            keys=KEYS if not self.perspective() else (N_("drag back from the ball to throw"), *KEYS[1:]),
        )

    def can_aim(self) -> bool:
        return self.in_flight() < 2

    def draw(self, surface: pygame.Surface) -> None:
        fr = self.frame()
        self.view.draw(surface, fr, over=self.viewport() if self.perspective() else None)
        if self.perspective():
            self.draw_perspective(surface, fr)
        draw_call_out(self, surface, 0.5)
