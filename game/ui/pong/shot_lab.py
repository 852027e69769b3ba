"""The shot lab (`python main.py lab [FILE]`): set up cups, throw with exact parameters, save and replay.

The practice table (`PongScene`) with a rack of your own and a record of the throws:
- a click on the far half adds a cup there (pushed aside so it touches rather than overlaps the
  cups near it) or removes the cup clicked; 1–5 choose a standard formation, C clears the table –
  changing the cups clears the throws (they were made on the old rack);
- a drag from the left throws as on the practice table; T opens a small dialog with the exact
  parameters (release x/y/z, speed, launch angle, direction, spin), filled in with the last
  throw's – a mouse throw's too – Enter throws them;
- one ball at a time: each throw meets the cups still standing on a fresh table (a cup sunk into
  or knocked over by an earlier throw is gone) – exactly what `game.bierpong.shotfile.play` does,
  so the file's record and any replay agree; after the ball rests its events and classification
  are shown;
- Ctrl+S saves the shot (`game.bierpong.shotfile`), P replays it and compares the replay's events
  with the recorded ones (the physics is deterministic: the banner says whether they are identical),
  U takes the last throw back, R starts over on the same cups. A loaded file is replayed at once
  and checked against what it recorded.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.bierpong.classify import classify, knocked_over
from game.bierpong.shotfile import MAX_SPEED, Played, Recorded, Shot, ShotThrow, save, standing, toggle_cup
from game.i18n import N_, _
from game.ui.common import theme
from game.ui.pong.pong import PongScene
from game.ui.pong.pong_view import Label, PongFrame
from game.ui.common.scene import Host
from physics.constants import CONST
from physics.events import Event, Settled
from physics.table import FORMATIONS, Cup, formation
from physics.world import Throw

DEFAULT_FILE = "bierpong-shot.yaml"
PAUSE = 0.6  # simulated seconds between replayed throws
KEYS = (  # shown through `_()` by the view
    N_("click the far half: add / remove a cup"),
    N_("1–5: formation   C: clear the cups"),
    N_("drag from the left: throw   T: exact throw"),
    N_("U: undo   R: start over   Ctrl+S: save"),
    N_("P: replay and check against the record"),
    N_("S: slow   Space: pause   Esc: leave"),
    N_("X: a clip of the last throw (WebP)"),
)


@dataclass
class Field:
    label: str
    text: str


@dataclass
class ParamDialog:
    """The exact parameters of a throw, as text fields: Tab/↑/↓ move, type, Enter throws, Esc closes."""

    fields: list[Field]
    index: int = 3  # the speed, the field most often changed
    error: str = ""
    rects: list[pygame.Rect] = field(default_factory=list)

    LABELS = (N_("release x (m)"), N_("release y (m)"), N_("release z (m)"), N_("speed (m/s)"), N_("launch angle (°)"),
              N_("direction (°, + towards +y)"), N_("spin x (rad/s)"), N_("spin y (rad/s)"), N_("spin z (rad/s)"))

    @classmethod
    def of(cls, p: ShotThrow) -> ParamDialog:
        values = (*p.release, p.speed, p.angle, p.direction, *p.spin)
        return cls([Field(lab, f"{v:g}") for lab, v in zip(cls.LABELS, values)])

    def set(self, label_start: str, text: str) -> None:
        """Type `text` into the field whose label starts with `label_start` (for tests and scripts)."""
        f = next(f for f in self.fields if f.label.startswith(label_start))
        f.text = text

    def params(self) -> ShotThrow:
        """The throw the fields describe; ValueError naming the field otherwise."""
        vals: list[float] = []
        bounds = ((-1.0, CONST.table_length), (-1.5, 1.5), (0.0, 3.0), (0.1, MAX_SPEED), (-89.0, 89.0),
                  (-180.0, 180.0), (-2000.0, 2000.0), (-2000.0, 2000.0), (-2000.0, 2000.0))
        for i, (f, (lo, hi)) in enumerate(zip(self.fields, bounds)):
            try:
                v = float(f.text.replace(",", "."))
            except ValueError:
                self.index = i
                raise ValueError(_("{field}: not a number: {text}").format(field=_(f.label), text=repr(f.text))) from None
            if not (math.isfinite(v) and lo <= v <= hi):
                self.index = i
                raise ValueError(_("{field}: between {lo} and {hi}, not {text}").format(field=_(f.label), lo=f"{lo:g}", hi=f"{hi:g}", text=f.text))
            vals.append(v)
        return ShotThrow((vals[0], vals[1], vals[2]), vals[3], vals[4], vals[5], (vals[6], vals[7], vals[8]))

    def key(self, e: pygame.event.Event) -> str | None:
        """A key: "throw" for Enter, None otherwise."""
        n = len(self.fields)
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return "throw"
        if e.key == pygame.K_TAB:
            self.index = (self.index + (-1 if e.mod & pygame.KMOD_SHIFT else 1)) % n
        elif e.key == pygame.K_DOWN:
            self.index = (self.index + 1) % n
        elif e.key == pygame.K_UP:
            self.index = (self.index - 1) % n
        elif e.key == pygame.K_BACKSPACE:
            f = self.fields[self.index]
            f.text = f.text[:-1]
        elif e.key == pygame.K_DELETE:
            self.fields[self.index].text = ""
        else:
            ch = getattr(e, "unicode", "")
            if ch and ch in "0123456789.,-+eE":
                self.fields[self.index].text += ch
        return None

    def click(self, pos: tuple[int, int]) -> None:
        for i, r in enumerate(self.rects):
            if r.collidepoint(pos):
                self.index = i

    def draw(self, surface: pygame.Surface, fonts: theme.Fonts) -> None:
        w, h = surface.get_size()
        s = theme.scale_for((w, h))
        line = int(30 * s)
        panel = pygame.Rect(0, 0, int(470 * s), int(130 * s) + line * len(self.fields))
        panel.center = (w // 2, h // 2)
        dim = pygame.Surface((w, h), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 120))
        surface.blit(dim, (0, 0))
        pygame.draw.rect(surface, (26, 26, 32), panel, border_radius=int(10 * s))
        pygame.draw.rect(surface, theme.AMBER, panel, 2, border_radius=int(10 * s))
        pad = int(16 * s)
        surface.blit(fonts.shadowed(_("Throw with exact parameters"), int(20 * s), theme.CREAM, "serif"), (panel.left + pad, panel.top + pad))
        surface.blit(fonts.text(_("filled in with the last throw's (a mouse throw's too)"), int(13 * s), theme.CHALK_DIM),
                     (panel.left + pad, panel.top + pad + int(28 * s)))
        y = panel.top + int(70 * s)
        self.rects = []
        for i, f in enumerate(self.fields):
            lab = fonts.text(_(f.label), int(15 * s), theme.CHALK)
            surface.blit(lab, (panel.left + pad, y + (line - lab.get_height()) // 2))
            box = pygame.Rect(panel.left + int(260 * s), y + int(2 * s), panel.w - int(260 * s) - pad, line - int(6 * s))
            self.rects.append(box)
            pygame.draw.rect(surface, (44, 44, 52) if i != self.index else (70, 56, 24), box, border_radius=int(4 * s))
            pygame.draw.rect(surface, theme.AMBER if i == self.index else theme.CHALK_DIM, box, 1, border_radius=int(4 * s))
            t = fonts.text(f.text + ("|" if i == self.index else ""), int(15 * s), theme.CREAM)
            surface.blit(t, (box.left + int(6 * s), box.centery - t.get_height() // 2))
            y += line
        foot = self.error or _("Tab ↑ ↓: field   Enter: throw   Esc: close")
        t = fonts.text(foot, int(14 * s), theme.AMBER if self.error else theme.CHALK_DIM)
        surface.blit(t, (panel.left + pad, panel.bottom - pad - t.get_height()))


class ShotLab(PongScene):
    """Cups of your own, throws by exact parameters, their record; save, load, replay."""

    def __init__(self, host: Host, path: str | None = None, shot: Shot | None = None) -> None:
        self.path = path
        self.setup: tuple[Cup, ...] = shot.cups if shot is not None else formation("triangle10")
        self.shot_throws: list[ShotThrow] = []
        self.played: list[Played] = []  # what each of shot_throws did (this session's runs)
        self.reference: list[Recorded | None] = []  # what a loaded file recorded
        self.queue: list[ShotThrow] = []  # throws waiting to be replayed
        self.replay_runs: list[Played] | None = None  # a replay in progress or done
        self.live: ShotThrow | None = None  # the throw in play
        self.live_events: list[Event] = []
        self.last: ShotThrow = ShotThrow()
        self.dialog: ParamDialog | None = None
        self.verdict = ""
        self.differs = False  # the last replay's events differ from the record
        self.wait = 0.0
        self.saved = True
        super().__init__(host, "triangle10")
        self._fresh(self.setup)
        self.feed.clear()
        self.feed.append(("", f"— {Path(path).name if path else _('a new shot')} —"))
        if shot is not None and shot.throws:
            self.shot_throws = list(shot.throws)
            self.reference = list(shot.recorded)
            self.last = shot.throws[-1]
            self.replay()

    # --- the rack --------------------------------------------------------------------------------

    def _fresh(self, cups: tuple[Cup, ...]) -> None:
        """A fresh table holding `cups` (no balls)."""
        self.fresh(cups)

    def set_cups(self, cups: tuple[Cup, ...]) -> None:
        """A new rack: the throws so far are cleared (they were made on the old one)."""
        if self.live is not None:
            self.message = _("wait until the ball rests")
            return
        if self.shot_throws:
            self.feed.append(("", "— " + _("cups changed: {n} throw(s) cleared").format(n=len(self.shot_throws)) + " —"))
        self.setup = cups
        self.shot_throws, self.played, self.reference, self.queue = [], [], [], []
        self.replay_runs = None
        self.verdict = ""
        self.saved = False
        self.labels.clear()
        self._fresh(cups)

    def click_cup(self, x: float, y: float) -> bool:
        """A click on the far half at table metres (x, y): add or remove a cup there."""
        cups = toggle_cup(self.setup, x, y)
        if cups is None:
            self.message = _("no room for a cup there")
            return False
        added = len(cups) > len(self.setup)
        self.set_cups(cups)
        c = cups[-1] if added else None
        self.message = _("cup {id} at {x}, {y}").format(id=c.id, x=f"{c.x:.3f}", y=f"{c.y:.3f}") if c is not None else _("cup removed")
        return True

    def rack(self, kind: str) -> None:
        """1–5: a standard formation."""
        self.kind = kind
        self.set_cups(formation(kind))

    # --- throwing --------------------------------------------------------------------------------

    def launch(self, p: ShotThrow) -> int | None:
        """Throw `p` on a fresh table holding the cups still standing; one ball at a time."""
        if self.live is not None or self.in_flight():
            self.message = _("one ball at a time: wait until it rests")
            return None
        runs = self.replay_runs if self.replay_runs is not None else self.played
        self._fresh(standing(self.setup, runs))
        self.live = p
        self.live_events = []
        bid = super().throw(p.to_throw())
        if bid is None:
            self.live = None
        else:
            self.last = p
        return bid

    def throw(self, t: Throw) -> int | None:
        """A mouse throw: its parameters (rounded as typed) are thrown and recorded."""
        if self.replay_runs is not None and self.queue:
            self.message = _("a replay is running")
            return None
        self._end_replay()
        return self.launch(ShotThrow.from_throw(t))

    def throw_exact(self, p: ShotThrow) -> int | None:
        if self.replay_runs is not None and self.queue:
            self.message = _("a replay is running")
            return None
        self._end_replay()
        return self.launch(p)

    def _end_replay(self) -> None:
        if self.replay_runs is not None and self.live is None:
            self.replay_runs = None

    def advance(self, sim_seconds: float) -> list[Event]:
        out = super().advance(sim_seconds)
        if self.live is not None:
            self.live_events.extend(out)
        return out

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.live is not None and self.in_flight() == 0:
            self._finished()
        if self.live is None and self.queue:
            self.wait -= dt * self.factor
            if self.wait <= 0.0:
                self.launch(self.queue.pop(0))

    def _finished(self) -> None:
        """The ball rests: classify, label, record (or compare, in a replay)."""
        assert self.live is not None
        evs = tuple(self.live_events)
        p = Played(evs, str(classify(evs)), knocked_over(evs))
        self.live = None
        rest = next((e for e in reversed(evs) if isinstance(e, Settled)), None)
        text = p.outcome + ("" if not p.tipped else " · " + _("tipped") + " " + ", ".join(map(str, p.tipped)))
        if rest is not None:
            self.labels.append(Label(text, rest.x, rest.y, 0.12, 0.0))
        if self.replay_runs is not None:
            self.replay_runs.append(p)
            n = len(self.replay_runs)
            self.feed.append(("", _("replay {n}: {text}").format(n=n, text=text)))
            self.wait = PAUSE
            if not self.queue:
                self._judge()
        else:
            self.shot_throws.append(self.last)
            self.played.append(p)
            self.saved = False
            n = len(self.played)
            self.feed.append(("", _("throw {n}: {text}").format(n=n, text=text)))
            self.message = _("throw {n}: {text}").format(n=n, text=text)

    def replay(self) -> bool:
        """P: play the shot's throws again, in order, and compare with the record."""
        if self.live is not None or not self.shot_throws:
            self.message = _("nothing to replay") if not self.shot_throws else _("wait until the ball rests")
            return False
        self.replay_runs = []
        self.queue = list(self.shot_throws)
        self.verdict = ""
        self.wait = 0.15
        self.labels.clear()
        self.feed.append(("", "— " + _("replay: {n} throw(s)").format(n=len(self.queue)) + " —"))
        self._fresh(standing(self.setup, []))
        return True

    def _judge(self) -> None:
        """After a replay: the same events as recorded? (The physics is deterministic: it must be.)"""
        runs = self.replay_runs or []
        bad: list[str] = []
        if self.played:
            for i, (a, b) in enumerate(zip(runs, self.played), 1):
                if a.events != b.events:
                    bad.append(_("throw {n}").format(n=i))
        else:
            for i, (a, rec) in enumerate(zip(runs, self.reference), 1):
                if rec is not None and (a.outcome != rec.outcome or a.tipped != rec.tipped
                                        or (rec.events is not None and tuple(a.lines()) != rec.events)):
                    bad.append(_("throw {n}").format(n=i))
            self.played = list(runs)
        recorded = bool(self.played) if not self.reference else any(r is not None for r in self.reference)
        self.differs = bool(bad)
        if bad:
            self.verdict = _("replay DIFFERS from the record: {throws}").format(throws=", ".join(bad))
        elif recorded:
            same = _("replay: identical events ({n} throw)") if len(runs) == 1 else _("replay: identical events ({n} throws)")
            self.verdict = same.format(n=len(runs))
        else:
            self.verdict = _("replayed (nothing recorded to compare)")
        self.feed.append(("", _("replay DIFFERS: {throws}").format(throws=", ".join(bad)) if bad else _("replay = record") if recorded else _("replayed")))

    @property
    def identical(self) -> bool | None:
        """The last replay's verdict: True identical, False differs, None no replay judged yet."""
        if not self.verdict:
            return None
        return not self.differs

    def undo(self) -> None:
        if self.live is not None or self.queue or not self.shot_throws:
            return
        self.shot_throws.pop()
        if len(self.played) > len(self.shot_throws):
            self.played.pop()
        self.reference = self.reference[:len(self.shot_throws)]
        self.replay_runs = None
        self.saved = False
        self.labels.clear()
        self._fresh(standing(self.setup, self.played))
        self.feed.append(("", "— " + _("throw {n} taken back").format(n=len(self.shot_throws) + 1) + " —"))

    def restart(self) -> None:
        """R: the same cups, no throws."""
        if self.live is None:
            self.set_cups(self.setup)

    # --- saving ----------------------------------------------------------------------------------

    def shot(self) -> Shot:
        return Shot(self.setup, tuple(self.shot_throws))

    def save(self) -> str:
        """Ctrl+S: write the shot (with what each throw did) to the file; its path."""
        path = self.path or DEFAULT_FILE
        played = self.played if len(self.played) == len(self.shot_throws) else None
        try:
            save(path, self.shot(), played)
        except OSError as e:
            self.message = _("cannot save {path}: {error}").format(path=path, error=e.strerror or e)
            return path
        self.path = path
        self.saved = True
        self.message = _("saved {path}").format(path=path)
        self.feed.append(("", "— " + _("saved {path} ({n} throw(s))").format(path=path, n=len(self.shot_throws)) + " —"))
        return path

    # --- input -----------------------------------------------------------------------------------

    def open_dialog(self) -> ParamDialog:
        self.dialog = ParamDialog.of(self.last)
        self.press = None
        self.preview = []
        return self.dialog

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.dialog is not None:
            if e.type == pygame.KEYDOWN and self.dialog.key(e) == "throw":
                try:
                    p = self.dialog.params()
                except ValueError as err:
                    self.dialog.error = str(err)
                    return
                self.dialog = None
                self.throw_exact(p)
            elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
                self.dialog.click(e.pos)
            return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.view.layout.top.collidepoint(e.pos):
            x, y = self.view.layout.from_top(*e.pos)
            if x >= CONST.centre:
                self.click_cup(x, y)
                return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_s and e.mod & pygame.KMOD_CTRL:
            self.save()
            return
        super().handle_event(e)

    def key(self, key: int) -> None:
        if key == pygame.K_t:
            self.open_dialog()
        elif key == pygame.K_p:
            self.replay()
        elif key == pygame.K_u:
            self.undo()
        elif key == pygame.K_r:
            self.restart()
        elif key == pygame.K_c:
            self.set_cups(())
        elif key in (pygame.K_m, pygame.K_v, pygame.K_p):
            return  # the special shots open from the practice table; the lab stays top-down
        elif pygame.K_1 <= key <= pygame.K_5:
            self.rack(FORMATIONS[key - pygame.K_1])
        else:
            super().key(key)

    def back(self) -> bool:
        if self.dialog is not None:
            self.dialog = None
            return True
        return super().back()

    # --- drawing ---------------------------------------------------------------------------------

    def frame(self) -> PongFrame:
        fr = super().frame()
        name = Path(self.path).name if self.path else _("new shot")
        fr.title = _("Bierpong – shot lab: {name}").format(name=name) + ("" if self.saved else " *")
        fr.keys = KEYS
        n = len(self.shot_throws)
        bits = [_("{n} cups").format(n=len(self.setup)), (_("{n} throw") if n == 1 else _("{n} throws")).format(n=n)]
        if self.message:
            bits.insert(0, self.message)
        fr.status = " · ".join(bits)
        if self.verdict and not self.queue and self.live is None:
            fr.banner = self.verdict
        elif self.replay_runs is not None:
            fr.banner = _("replay – throw {n}/{total}").format(n=len(self.replay_runs) + (1 if self.live else 0), total=len(self.shot_throws))
        return fr

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        L = self.view.layout
        if not self.setup:
            f = self.host.fonts
            t = f.shadowed(_("click on the far half to put cups there"), int(16 * L.s), theme.CHALK_DIM, "regular", 1)
            cx, cy = L.to_top(CONST.centre + CONST.table_length / 4, 0.0)
            surface.blit(t, t.get_rect(center=(round(cx), round(cy))))
        if self.dialog is not None:
            self.dialog.draw(surface, self.host.fonts)


def run_lab(path: str | None = None, *, frames: int | None = None, screenshot: str | None = None,
            fullscreen: bool = False, size: tuple[int, int] = (1280, 800)) -> int:
    """`python main.py lab [FILE]`: an existing FILE is loaded (and replayed); a missing one is a new
    shot to be saved there. A bad file is an `InputError` (file:line:column)."""
    from game.bierpong.shotfile import load
    from game.ui.common.app import App

    shot = None
    if path is not None and Path(path).exists():
        shot = load(path)  # a folder or an unreadable file is an InputError too
    app = App(size, fullscreen, title=_("Stammtisch – Bierpong shot lab"))
    try:
        app.push(ShotLab(app, path, shot))
        return app.run(frames, screenshot)
    finally:
        app.close()
