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
- Ctrl+S saves the shot (`game.bierpong.shotfile`): a new shot asks for its name first (saved in the
  shot folder, `shots_dir()`, unless the name is a full path – never the working directory); while a
  ball still rolls the save waits until it rests. Leaving with unsaved changes asks first (save,
  leave without saving, stay). P replays it and compares the replay's events
  with the recorded ones (the physics is deterministic: the banner says whether they are identical),
  U takes the last throw back, R starts over on the same cups. A loaded file is replayed at once
  and checked against what it recorded.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pygame

from game.bierpong.classify import classify, knocked_over
from game.bierpong.shotfile import MAX_SPEED, Played, Recorded, Shot, ShotThrow, save, standing, toggle_cup
from game.i18n import N_, _, plural
from game.ui.common import theme
from game.ui.common.modal import Confirm, Modal
from game.ui.pong.pong import PongScene
from game.ui.pong.pong_view import FeedHead, Label, PongFrame
from game.ui.common.scene import Host
from physics.constants import CONST
from physics.events import Event, Settled
from physics.table import FORMATIONS, Cup, formation
from physics.world import Throw

SUFFIX = ".yaml"
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


def shots_dir() -> Path:
    """Where the shot lab saves by default: the shot folder beside the saves (not created here)."""
    from game.store.saves import save_dir

    return save_dir().parent / "shots"


def shot_path(name: str, folder: Path | None = None) -> Path:
    """The file a shot named `name` is saved to: in `folder` (the shot folder) unless `name` is a full
    path (`~` allowed); `.yaml` added when it has no such ending. ValueError: no usable name."""
    text = name.strip()
    if not text or text in (".", "..") or text.endswith(("/", "\\")):
        raise ValueError(_("give the shot a name"))
    if any(ord(ch) < 32 for ch in text):
        raise ValueError(_("a shot's name cannot hold control characters"))
    p = Path(text).expanduser()
    if not p.is_absolute():
        p = (folder or shots_dir()) / p
    if p.suffix.lower() not in (".yaml", ".yml"):
        p = p.with_name(p.name + SUFFIX)
    return p


class NamePrompt(Modal):
    """The shot's name (or a full path), typed in: Enter saves, Esc cancels; a refusal stays open
    with its reason."""

    def __init__(self, fonts: theme.Fonts, size: tuple[int, int], folder: Path, text: str,
                 done: Callable[[str | None], str | None]) -> None:
        self.folder = folder
        self.text = text
        self.done = done
        self.message = ""
        super().__init__(fonts, size, (640, 240))

    def build(self) -> None:
        from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

        from game.store.saves import shown_dir

        w, h = self.rect.size
        c = self.panel
        UILabel(pygame.Rect(20, 12, w - 40, 34), _("Save the shot as …"), self.ui, container=c, object_id="#title_label")
        UILabel(pygame.Rect(20, 48, w - 40, 24), _("A name (or a full path):"), self.ui, container=c, object_id="#hint_label")
        self.entry = UITextEntryLine(pygame.Rect(20, 76, w - 40, 34), self.ui, container=c, initial_text=self.text)
        folder = shown_dir(self.folder)
        room = max(12, (w - 40) // 8 - 12)  # (about 8 px a character in the hint's font)
        if len(folder) > room:  # the folder's end is what tells it apart
            folder = "…" + folder[-room + 1:]
        UILabel(pygame.Rect(20, 114, w - 40, 24), _("saved in {folder}").format(folder=folder), self.ui, container=c,
                object_id="#hint_label")
        self.entry.set_text_length_limit(200)
        self.entry.focus()
        self.entry.edit_position = len(self.text)
        self.ok = UIButton(pygame.Rect(w - 20 - 130 - 10 - 130, h - 56, 130, 40), _("Save"), self.ui, container=c)
        self.cancel_button = UIButton(pygame.Rect(w - 20 - 130, h - 56, 130, 40), _("Cancel"), self.ui, container=c)

    def submit(self, text: str | None) -> None:
        if text is None:
            self.close()
            self.done(None)
            return
        self.text = text
        refusal = self.done(text)
        if refusal is None:
            self.close()
        else:
            self.message = refusal

    def on_event(self, e: pygame.event.Event) -> None:
        import pygame_gui

        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.ok:
                self.submit(self.entry.get_text())
            elif e.ui_element is self.cancel_button:
                self.submit(None)
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.submit(self.entry.get_text())

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.message:
            r = self.rect
            lines = self.fonts.wrap(self.message, 14, r.w - 40 - 290)
            for i, line in enumerate(lines[:2]):
                t = self.fonts.text(line, 14, theme.CHALK_RED, "bold")
                surface.blit(t, (r.x + 20, r.bottom - 60 + i * 18))


class LeaveQuestion(Confirm):
    """Unsaved changes: save first, leave without saving, or stay (Esc)."""

    def __init__(self, fonts: theme.Fonts, size: tuple[int, int], on_choice: Callable[[str], None]) -> None:
        self.question = _("The shot has unsaved changes")
        self.detail = _("Save it before you leave?")
        self.buttons = [N_("Save"), N_("Leave without saving"), N_("Stay")]
        self.on_choice = on_choice
        Modal.__init__(self, fonts, size, (760, 200))

    def build(self) -> None:
        from pygame_gui.elements import UIButton, UILabel

        w, h = self.rect.size
        c = self.panel
        UILabel(pygame.Rect(20, 16, w - 40, 36), self.question, self.ui, container=c, object_id="#title_label")
        UILabel(pygame.Rect(20, 56, w - 40, 26), self.detail, self.ui, container=c, object_id="#hint_label")
        bw = (w - 40 - 20) // 3
        self.button_map = {}
        for i, text in enumerate(self.buttons):
            b = UIButton(pygame.Rect(20 + i * (bw + 10), h - 64, bw, 42), _(text), self.ui, container=c,
                         object_id="#danger_button" if i == 1 else None)
            self.button_map[b] = text


@dataclass
class Field:
    label: str
    text: str


@dataclass
class ParamDialog:
    """The exact parameters of a throw, as text fields: Tab/↑/↓ or a click move, type, Enter throws,
    Esc closes. A field comes into focus with its text selected (typing replaces it, Backspace clears
    it); Ctrl+A selects it again."""

    fields: list[Field]
    index: int = 3  # the speed, the field most often changed
    error: str = ""
    rects: list[pygame.Rect] = field(default_factory=list)
    selected: bool = True  # the focused field's whole text is selected

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
        f = self.fields[self.index]
        mod = getattr(e, "mod", 0)
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return "throw"
        if e.key == pygame.K_a and mod & pygame.KMOD_CTRL:
            self.selected = True
        elif e.key == pygame.K_TAB:
            self.focus((self.index + (-1 if mod & pygame.KMOD_SHIFT else 1)) % n)
        elif e.key == pygame.K_DOWN:
            self.focus((self.index + 1) % n)
        elif e.key == pygame.K_UP:
            self.focus((self.index - 1) % n)
        elif e.key == pygame.K_BACKSPACE:
            f.text = "" if self.selected else f.text[:-1]
            self.selected = False
        elif e.key == pygame.K_DELETE:
            f.text = ""
            self.selected = False
        elif e.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.selected = False  # (the caret stays at the end: the text is kept)
        else:
            ch = getattr(e, "unicode", "")
            if ch and ch in "0123456789.,-+eE" and not mod & pygame.KMOD_CTRL:
                f.text = ch if self.selected else f.text + ch
                self.selected = False
        return None

    def focus(self, i: int) -> None:
        """Field `i` in focus, its text selected (what is typed next replaces it)."""
        self.index = i
        self.selected = True

    def click(self, pos: tuple[int, int]) -> None:
        for i, r in enumerate(self.rects):
            if r.collidepoint(pos):
                self.focus(i)

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
            marked = i == self.index and self.selected and f.text
            t = fonts.text(f.text + ("|" if i == self.index and not marked else ""), int(15 * s), theme.INK if marked else theme.CREAM)
            at = (box.left + int(6 * s), box.centery - t.get_height() // 2)
            if marked:  # the whole text selected: typing replaces it
                pygame.draw.rect(surface, theme.CHALK_BLUE, pygame.Rect(at, t.get_size()).inflate(int(4 * s), 0))
            surface.blit(t, at)
            y += line
        foot = self.error or _("Tab ↑ ↓: field   Ctrl+A: select   Enter: throw   Esc: close")
        t = fonts.text(foot, int(14 * s), theme.AMBER if self.error else theme.CHALK_DIM)
        surface.blit(t, (panel.left + pad, panel.bottom - pad - t.get_height()))


class ShotLab(PongScene):
    """Cups of your own, throws by exact parameters, their record; save, load, replay."""

    call_outs = False  # (a lab: the record says what happened)
    FIRST_VIEW = "top"  # the lab stays top-down

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
        self.modal: Modal | None = None  # the name to save under, or the question before leaving
        self.save_waiting = False  # Ctrl+S while a ball rolls: saved once it rests
        self.then: Callable[[], None] | None = None  # what follows a save (leaving, when asked)
        super().__init__(host, "triangle10")
        self._fresh(self.setup)
        self.feed.clear()
        self.feed.append(FeedHead(("", Path(path).name if path else _("a new shot"))))
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
            n = len(self.shot_throws)
            self.feed.append(FeedHead(("", (_("cups changed: {n} throw cleared") if n == 1 else _("cups changed: {n} throws cleared")).format(n=n))))
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
        if self.modal is not None:
            modal = self.modal
            modal.update(dt)
            if self.modal is modal and not modal.open:
                self.modal = None
        super().update(dt)
        if self.live is not None and self.in_flight() == 0:
            self._finished()
        if self.save_waiting and not self.busy():  # the ball rests: the save asked for meanwhile
            self.save()
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
            self.labels.append(Label(text, rest.x, rest.y, 0.12, 0.0, life=2.5))  # what the ball did, where it rests
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
        n = len(self.queue)
        self.feed.append(FeedHead(("", (_("replay: {n} throw") if n == 1 else _("replay: {n} throws")).format(n=n))))
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
        self.feed.append(FeedHead(("", _("throw {n} taken back").format(n=len(self.shot_throws) + 1))))

    def restart(self) -> None:
        """R: the same cups, no throws."""
        if self.live is None:
            self.set_cups(self.setup)

    # --- saving ----------------------------------------------------------------------------------

    def shot(self) -> Shot:
        return Shot(self.setup, tuple(self.shot_throws))

    def busy(self) -> bool:
        """A ball still rolls, or a replay goes on: what it does is not recorded yet."""
        return self.live is not None or bool(self.queue) or self.in_flight() > 0

    def save(self) -> str | None:
        """Ctrl+S: while a ball rolls, wait until it rests; a shot without a file asks for its name
        (`NamePrompt`); else write it (with what each throw did). The path written, or None (not yet)."""
        if self.busy():
            self.save_waiting = True
            self.message = _("saving once the ball rests …")
            return None
        self.save_waiting = False
        if self.path is None:
            self.ask_name()
            return None
        return self.write(Path(self.path))

    def ask_name(self) -> None:
        folder = shots_dir()
        n = 1
        while (folder / f"shot-{n}{SUFFIX}").exists():
            n += 1

        def named(text: str | None) -> str | None:
            if text is None:
                self.then = None
                self.message = _("not saved")
                return None
            try:
                path = shot_path(text, folder)
            except ValueError as e:
                return str(e)
            if path.exists() and path.is_dir():
                return _("{path} is a folder").format(path=path)
            if path.exists():
                return _("{name} exists already – another name, please").format(name=path.name)
            return None if self.write(path) is not None else self.message

        self.modal = NamePrompt(self.host.fonts, self.host.size, folder, f"shot-{n}", named)

    def write(self, path: Path) -> str | None:
        """Write the shot to `path` (its folder made if need be); the path, or None (the message says why)."""
        played = self.played if len(self.played) == len(self.shot_throws) else None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save(path, self.shot(), played)
        except OSError as e:
            self.message = _("cannot save {path}: {error}").format(path=path, error=e.strerror or e)
            return None
        self.path = str(path)
        self.saved = True
        self.message = _("saved {path}").format(path=path)
        n = len(self.shot_throws)
        self.feed.append(FeedHead(("", (_("saved {path} ({n} throw)") if n == 1 else _("saved {path} ({n} throws)")).format(path=path, n=n))))
        then, self.then = self.then, None
        if then is not None:
            then()
        return str(path)

    def leave(self, *, quit: bool = False) -> None:
        """Esc (or the window's close button, `quit`): leave the lab – asked first when the shot has
        unsaved changes: save (then leave), leave without saving, or stay."""
        go: Callable[[], None] = (lambda: self.host.quit(0)) if quit else self.host.pop
        if self.saved:
            go()
            return

        def chosen(text: str) -> None:
            self.modal = None
            if text == "Save":
                self.then = go
                self.save()
            elif text == "Leave without saving":
                self.saved = True
                go()

        self.modal = LeaveQuestion(self.host.fonts, self.host.size, chosen)

    def may_close(self) -> bool:
        """The window's close button: with unsaved work, asked as on Esc (the lab quits once answered)."""
        if self.saved:
            return True
        self.leave(quit=True)
        return False

    # --- input -----------------------------------------------------------------------------------

    def open_dialog(self) -> ParamDialog:
        self.dialog = ParamDialog.of(self.last)
        self.press = None
        self.preview = []
        return self.dialog

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.modal is not None:
            modal = self.modal  # its answer may close it, or open the next question, while it handles the event
            modal.handle_event(e)
            if self.modal is modal and not modal.open:
                self.modal = None
            return
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
        if self.modal is not None:  # Esc closes the question (stay) or the name (not saved)
            if isinstance(self.modal, NamePrompt):
                self.modal.submit(None)
            self.modal = None
            return True
        if self.dialog is not None:
            self.dialog = None
            return True
        if super().back():
            return True
        self.leave()
        return True

    # --- drawing ---------------------------------------------------------------------------------

    def frame(self) -> PongFrame:
        fr = super().frame()
        name = Path(self.path).stem if self.path else _("new shot")
        fr.title = _("Bierpong – shot lab: {name}").format(name=name) + ("" if self.saved else " *")
        fr.keys = KEYS
        n = len(self.shot_throws)
        bits = [plural("{n} cup", "{n} cups", len(self.setup)), (_("{n} throw") if n == 1 else _("{n} throws")).format(n=n)]
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
        if self.modal is not None:
            self.modal.draw(surface)
