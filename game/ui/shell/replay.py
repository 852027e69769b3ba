"""The replay viewer: any saved match of any game, step by step, read-only.

The match's own scene (`game.ui.shell.tables.match_scene`: dice table, race, Bierpong table) draws the
match as it stood after step k, above a bar with the controls; it never gets an event and its
`update` is never called, so no bot acts and no die is drawn; it is told it is `replaying`, so it
shows no prompt, key hint or control of a live table (no "press Space", no throw zone, no buttons).
Stepping and playing pass over folded steps (`game.replay.folded`: Le Mans clock entries that rule
nothing); the jump list wraps its long rulings. Steps come from `game.replay.Replay`
(checkpoints, a step rebuilt from the nearest one: a step back or forward is a lookup or one
action); the scene's feed follows a step incrementally, the jump list is built a page at a time
when opened. A Bierpong step whose entry keeps its balls' launches throws them again on a
`LiveTable` of the rack that stood before it (the same `physics.world.Table(cups)`, the same fixed
steps), which the scene shows (`show_table`) at the chosen speed, then shows the state after.

Keys: ←/→ a step, Home/End, Space play/pause, +/− speed (0.25×–8×), B bookmark the step, N/P next
or previous bookmark, J jump to a ruling (a page of them around the step), Esc leave. The mouse:
the buttons, a click on the bar.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pygame

from game.games import GAMES, action_words
from game.i18n import _, language, tr
from game.replay import Cursor, Launch, Replay, throws_of
from game.store.bookmarks import load_bookmarks, save_bookmarks
from game.rules.challenge import CHALLENGE
from game.rules.realtable import TABLE
from game.ui.common.words import switch_words
from game.rules.matchlog import START, MatchLog
from game.session.live_table import LiveTable
from game.state import CHANCE
from game.ui.common import theme
from game.ui.common.modal import ListDialog
from game.ui.common.scene import Host, OverlayScene, Scene

BAR_H = 132  # the control bar's height (px) at the bottom of the window
JUMP_STEPS = 400  # steps either side of the one shown whose rulings the jump list holds (a page)
VERIFY_SLICE = 0.006  # seconds of each frame spent verifying the log behind the open viewer
MAX_THROW_TIME = 10.0  # simulated seconds a replayed ball may take (as `physics.world.simulate`)


class _Inset:
    """The host as the replayed scene sees it: the window above the bar; it cannot push or pop."""

    def __init__(self, host: Host, bar: int) -> None:
        self._host = host
        self.fonts = host.fonts
        self.bar = bar

    @property
    def size(self) -> tuple[int, int]:
        w, h = self._host.size
        return (w, max(200, h - self.bar))

    def push(self, scene: Scene) -> None:  # read-only: the replayed scene opens nothing
        pass

    def pop(self) -> None:
        pass

    def replace(self, scene: Scene) -> None:
        pass

    def quit(self, code: int = 0) -> None:
        pass


@dataclass
class _Throws:
    """Balls of step `step` being thrown again: the next to release, the table's first step."""

    step: int
    launches: list[Launch]
    sides: list[int]
    table: LiveTable = field(default_factory=LiveTable)
    next: int = 0
    side: int = -1  # the side whose rack is on the table now (-1: none yet)
    ticks: int = 0  # fixed steps on this table since its first ball left the hand
    budget: float = 0.0  # simulated seconds not yet stepped


class ReplayScene(OverlayScene):
    """Step through a saved match: the match's scene above, the controls below."""

    def __init__(self, host: Host, source: str | Path | MatchLog | Replay, *, step: int = 0) -> None:
        super().__init__(host)
        self.fonts = host.fonts
        if isinstance(source, Replay):
            self.replay = source
            self.path: Path | None = Path(source.file) if source.file != "<log>" else None
        elif isinstance(source, MatchLog):
            self.replay, self.path = Replay(source, progressive=True), None
        else:
            self.replay, self.path = Replay.load(source, progressive=True), Path(source)
        self.cursor = Cursor(self.replay.steps, bookmarks=load_bookmarks(self.path) if self.path else [])
        self.inset = _Inset(host, BAR_H)
        from game.ui.shell.tables import match_scene

        self.scene: Any = match_scene(self.inset, self.replay.show(0), autosave=False)  # type: ignore[arg-type]
        setattr(self.scene, "replaying", True)  # no live prompts, hints or controls (`SessionScene.replaying`)
        view = getattr(self.scene, "view", None)
        if view is not None and hasattr(view, "zone_shown"):
            view.zone_shown = False
        self.pong = GAMES[self.replay.game].throws  # the log's throws fly again
        self._said: tuple[int, str, str] | None = None  # the step whose action is said, in which language, the words
        self.anim: _Throws | None = None
        self.buttons: list[tuple[pygame.Rect, str, Callable[[], None]]] = []
        self.progress = pygame.Rect(0, 0, 1, 1)
        self.note = ""
        self.note_time = 0.0
        self.hint_drawn = pygame.Rect(0, 0, 0, 0)  # where the key help was drawn
        self.drag_to: int | None = None  # a step dragged to on the progress bar, shown at the next update
        self.resize(host.size)
        self.goto(step)

    # --- moving --------------------------------------------------------------------------------

    @property
    def step(self) -> int:
        return self.cursor.step

    def goto(self, k: int, *, animate: bool = False) -> None:
        """Show step k; with `animate`, a Bierpong throw with its launches is thrown again first."""
        k = self.cursor.go(min(k, self.replay.reach))  # no further than verified so far
        self.anim = None
        launches = throws_of(self.replay.entry(k)) if (self.pong and animate and k > 0) else []
        if launches:
            self._show(k - 1)
            side = self.scene.target_side()
            self.anim = _Throws(k, launches, [side if la.side is None else la.side for la in launches])
        else:
            self._show(k)

    def _show(self, k: int) -> None:
        self.replay.show(k)
        sc = self.scene
        sc.resync()
        if hasattr(sc, "follow_car"):
            sc.follow_car()

    def forward(self) -> None:
        if self.anim is not None:  # a second press skips the throw
            self.finish_throws()
            return
        self.goto(self.replay.next_stop(self.step), animate=True)  # Le Mans clock entries folded

    def back(self) -> bool:
        """Esc: close the jump list, or leave the viewer."""
        return self.close_overlay()

    def step_back(self) -> None:
        self.goto(self.replay.previous_stop(self.step))

    def home(self) -> None:
        self.goto(0)

    def end(self) -> None:
        self.goto(self.replay.steps)

    def toggle_play(self) -> None:
        self.cursor.toggle_play()
        if self.cursor.playing and self.cursor.step == 0 and self.anim is None:
            self._show(0)

    def faster(self) -> None:
        self.flash(_("speed {x}×").format(x=f"{self.cursor.faster():g}"))

    def slower(self) -> None:
        self.flash(_("speed {x}×").format(x=f"{self.cursor.slower():g}"))

    def bookmark(self) -> None:
        on = self.cursor.toggle_bookmark()
        self.flash(_("bookmarked step {n}").format(n=self.step) if on else _("bookmark removed"))
        self.keep_bookmarks()

    def keep_bookmarks(self) -> None:
        if self.path is None:
            return
        try:
            save_bookmarks(self.path, self.cursor.bookmarks)
        except OSError as e:
            self.flash(_("cannot keep the bookmarks: {error}").format(error=e))

    def next_bookmark(self) -> None:
        k = self.cursor.next_bookmark()
        if k is None:
            self.flash(_("no bookmark after this step"))
        else:
            self.goto(k)

    def previous_bookmark(self) -> None:
        k = self.cursor.previous_bookmark()
        if k is None:
            self.flash(_("no bookmark before this step"))
        else:
            self.goto(k)

    def flash(self, text: str, seconds: float = 2.5) -> None:
        self.note, self.note_time = text, seconds

    def export_clip(self) -> None:
        """X (Bierpong): this step's throw as a clip (an animated WebP in the clips folder), made on a
        thread while the viewer goes on."""
        if not self.pong:
            self.flash(_("Clips are of Bierpong throws"))
            return
        from game.ui.pong.clip import ClipJob, step_shots

        k = self.step
        shots, verdict = step_shots(self.replay.state_at(k - 1), self.replay.entry(k)) if k > 0 else ([], "")
        if not shots:
            self.flash(_("Step {k} is no throw with its launch kept: no clip").format(k=k))
            return
        self.clip_job = ClipJob(shots, verdict, f"step-{k}", title=_("step {k}").format(k=k))
        self.flash(_("Exporting the clip of step {k} …").format(k=k), seconds=30.0)

    def open_jump(self, around: int | None = None) -> None:
        """J: the rulings with their steps – of the `JUMP_STEPS` steps either side of `around` (the
        step shown), built when opened, with an item for the page before and after; choosing a ruling
        shows its step, choosing a page opens the list there."""
        k = self.step if around is None else self.replay.clamp(around)
        first, last = max(0, k - JUMP_STEPS), min(self.replay.reach, k + JUMP_STEPS)
        items = []
        if first > 0:
            items.append((_("… earlier rulings (before step {n})").format(n=first), f"page:{first - 1 - JUMP_STEPS}"))
        for step, r, struck in self.replay.rulings_between(first, last):
            mark = "  " + _("(challenged)") if struck else ""
            items.append((f"{step:>4}  [{r.rule}] {self.ruling_said(r)}{mark}", str(step)))
        if last < self.replay.reach:
            items.append((_("later rulings (after step {n}) …").format(n=last), f"page:{last + 1 + JUMP_STEPS}"))
        self.modal = ListDialog(self.fonts, self.host.size, _("Jump to a ruling"), _("the rulings of steps {first} to {last}").format(first=first, last=last),
                                items, _("Jump"), self._jump_chosen, empty=_("No rulings in this match."), panel_size=(960, 640), wrap=True)

    def _jump_chosen(self, key: str | None) -> None:
        if key is None:
            if isinstance(self.modal, ListDialog):
                self.modal.set_message(_("Choose a ruling first"))
            return
        if key.startswith("page:"):
            self.open_jump(int(key.removeprefix("page:")))
            return
        self.modal = None
        self.goto(int(key))

    # --- Bierpong: the balls again ---------------------------------------------------------------

    def _throw_steps(self, sim_seconds: float) -> None:
        """Run the replayed balls `sim_seconds` further, a fixed step at a time: each ball leaves
        the hand at the step after its table's first ball it left in play (`Launch.after`)."""
        from physics.table import Cup
        from physics.world import Throw as PhysThrow

        a = self.anim
        assert a is not None
        sc = self.scene
        live = a.table
        dt = live.DT
        a.budget += sim_seconds
        while a.budget >= dt:
            if a.side < 0:  # a fresh table with the rack this ball was thrown at, as in play
                a.side = a.sides[a.next]
                rack = self.replay.state_at(a.step - 1).sides[a.side].rack
                live.rack(tuple(Cup(c.id, c.x, c.y) for c in rack.cups), a.side)
                sc.show_table(live)
                a.ticks = 0
            while a.next < len(a.launches) and a.sides[a.next] == a.side and a.ticks >= a.launches[a.next].after:
                la = a.launches[a.next]
                live.throw(PhysThrow(la.release, la.velocity, la.spin), la.player)
                a.next += 1
            sc.label_events(live, live.advance(dt))  # exactly one fixed step
            a.ticks += 1
            a.budget -= dt
            pending = a.next < len(a.launches) and a.sides[a.next] == a.side
            if not pending and (not live.table.busy or a.ticks * dt >= MAX_THROW_TIME):
                if a.next >= len(a.launches):
                    self.finish_throws(keep_table=True)
                    return
                a.side = -1  # the next ball flies at the other rack (the throw-off)

    def finish_throws(self, keep_table: bool = False) -> None:
        """The replayed throw is over (or skipped): show the state after its step."""
        a, self.anim = self.anim, None
        if a is None:
            return
        if keep_table:  # the balls stay where they came to rest; the referee's view is the step's
            self.replay.show(a.step)
            self.scene.refeed()
        else:
            self._show(a.step)

    # --- the frame -----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.scene.resize(self.inset.size)
        if self.modal is not None:
            self.modal.resize(size)
        self._layout()

    def _layout(self) -> None:
        w, h = self.size
        top = h - BAR_H
        self.bar = pygame.Rect(0, top, w, BAR_H)
        x, y, bw, bh = 14, top + 12, 46, 34
        acts: list[tuple[str, Callable[[], None]]] = [
            ("home", self.home), ("back", self.step_back), ("play", self.toggle_play),
            ("forward", self.forward), ("end", self.end), ("slower", self.slower), ("faster", self.faster),
            ("bookmark", self.bookmark), ("jump", self.open_jump),
        ]
        self.buttons = []
        for kind, fn in acts:
            width = max(70, self.fonts.width(_("Jump"), 16, "bold") + 18) if kind == "jump" else bw  # "Springen" fits
            if kind == "slower":
                x += 10
            self.buttons.append((pygame.Rect(x, y, width, bh), kind, fn))
            x += width + 6
        self.progress = pygame.Rect(x + 16, y + 8, max(60, w - x - 16 - 330), 18)  # room for the speed, the count and the check

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.overlay_event(e):
            return
        if e.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_RIGHT: self.forward, pygame.K_LEFT: self.step_back, pygame.K_HOME: self.home,
                pygame.K_END: self.end, pygame.K_SPACE: self.toggle_play, pygame.K_PLUS: self.faster,
                pygame.K_KP_PLUS: self.faster, pygame.K_EQUALS: self.faster, pygame.K_MINUS: self.slower,
                pygame.K_KP_MINUS: self.slower, pygame.K_b: self.bookmark, pygame.K_n: self.next_bookmark,
                pygame.K_p: self.previous_bookmark, pygame.K_j: self.open_jump, pygame.K_g: self.open_jump,
                pygame.K_x: self.export_clip,
            }
            fn = keys.get(e.key)
            if fn is not None:
                fn()
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for rect, _kind, fn in self.buttons:
                if rect.collidepoint(e.pos):
                    fn()
                    return
            if self.progress.inflate(0, 16).collidepoint(e.pos):
                self.goto(self.step_at(e.pos[0]))
        elif e.type == pygame.MOUSEMOTION and e.buttons[0] and self.progress.inflate(0, 16).collidepoint(e.pos):
            self.drag_to = self.step_at(e.pos[0])  # shown once per frame (`update`), not per motion event

    def step_at(self, x: int) -> int:
        """The step under x on the progress bar."""
        p = self.progress
        f = (x - p.x) / max(1, p.w)
        return round(max(0.0, min(1.0, f)) * self.replay.steps)

    clip_job: Any = None  # a clip being exported (X)

    def update(self, dt: float) -> None:
        job = self.clip_job
        if job is not None and job.done:
            from game.store.saves import shown_dir

            self.clip_job = None
            self.flash(_("Clip not written: {error}").format(error=job.error) if job.error else
                       _("Clip saved: {path}").format(path=shown_dir(job.path)), seconds=6.0)
        if not self.replay.done and self.replay.advance(VERIFY_SLICE) and self.replay.error is not None:
            e = self.replay.error
            self.flash(_("The log does not replay after step {k}: {error}").format(k=self.replay.reach, error=e), seconds=30.0)
        if self.drag_to is not None:
            if self.drag_to != self.step:
                self.goto(self.drag_to)
            self.drag_to = None
        self.note_time = max(0.0, self.note_time - dt)
        if self.modal is not None:
            self.modal.update(dt)
            if not self.modal.open:
                self.close_modal()
        if self.anim is not None:
            self._throw_steps(dt * self.cursor.speed)
            if self.anim is None:
                self.cursor.clock = 0.0
        elif self.cursor.playing:
            before = self.step
            n = self.cursor.tick(dt)
            if n:
                after = self.replay.next_stop(before, n)  # a folded step takes no time
                self.cursor.step = before
                self.goto(after, animate=n == 1)
                self.cursor.playing = self.cursor.playing or after < self.replay.steps
        sc = self.scene
        view = getattr(sc, "view", None)
        if not self.pong and view is not None and hasattr(view, "update"):
            view.update(dt)  # the race's board glides to the car on turn
        for lab in getattr(sc, "labels", []) if self.pong else []:
            lab.age += dt

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        w, h = self.size
        top = h - BAR_H
        self.scene.draw(surface.subsurface(pygame.Rect(0, 0, w, top)))
        self._draw_bar(surface)
        if self.modal is not None:
            self.modal.draw(surface)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        f = self.fonts
        bar = self.bar
        pygame.draw.rect(surface, theme.WOOD_DARK, bar)
        pygame.draw.line(surface, theme.BRASS, bar.topleft, bar.topright, 2)
        for rect, kind, _fn in self.buttons:
            on = (kind == "play" and self.cursor.playing) or (kind == "bookmark" and self.step in self.cursor.bookmarks)
            pygame.draw.rect(surface, theme.BRASS_DARK if on else theme.WOOD, rect, border_radius=6)
            pygame.draw.rect(surface, theme.BRASS, rect, 1, border_radius=6)
            _icon(surface, f, rect, kind, self.cursor.playing)
        # the progress bar with the bookmarks as ticks
        p = self.progress
        n = max(1, self.replay.steps)
        pygame.draw.rect(surface, theme.INK, p, border_radius=5)
        if not self.replay.done or self.replay.error is not None:  # how far the log is verified (and may be shown)
            checked = p.copy()
            checked.w = max(4, round(p.w * self.replay.reach / n))
            pygame.draw.rect(surface, theme.WOOD if self.replay.error is None else theme.CHALK_RED, checked, border_radius=5)
        done = p.copy()
        done.w = max(4, round(p.w * self.step / n))
        pygame.draw.rect(surface, theme.BRASS, done, border_radius=5)
        for b in self.cursor.bookmarks:
            x = p.x + round(p.w * b / n)
            pygame.draw.line(surface, theme.CHALK_BLUE, (x, p.y - 6), (x, p.bottom + 6), 3)
        speed = f.text(f"{self.cursor.speed:g}×", 16, theme.CREAM, "bold")
        surface.blit(speed, (p.right + 12, p.y - 1))
        words = _("step {k} of {n}").format(k=self.step, n=self.replay.steps)
        if not self.replay.done:
            words += " · " + _("checked {p}%").format(p=self.replay.reach * 100 // n)
        x = p.right + 12 + speed.get_width() + 8
        count = f.text(self._fit(words, 13, bar.right - 12 - x, "italic"), 13, theme.MUTED, "italic")
        surface.blit(count, (x, p.y + 1))
        # the key help (or a note) in a column at the right, wrapped at its " · " – never cut
        keys = _("← → step · Home/End · Space play · +/− speed · B bookmark · N/P bookmarks · J jump · Esc leave")
        if self.pong:
            keys = _("X clip") + " · " + keys
        hint = self.note if self.note_time > 0 else keys
        hint_lines = self.hint_lines(hint, 12, max(160, int(bar.w * 0.42)))
        hint_w = max(f.width(line, 12, "italic") for line in hint_lines)
        hy = bar.y + 56 + 3
        for line in hint_lines:
            img = f.text(line, 12, theme.CHALK_YELLOW if self.note_time > 0 else theme.MUTED, "italic")
            surface.blit(img, (bar.right - hint_w - 14, hy))
            hy += img.get_height()
        self.hint_drawn = pygame.Rect(bar.right - hint_w - 14, bar.y + 56 + 3, hint_w, hy - bar.y - 56 - 3)
        right = bar.right - hint_w - 36  # the step's action and rulings keep left of it
        # the action of the step and its rulings (struck through when a challenge overrode them)
        x0, y = 16, bar.y + 56
        head = f.text(self._fit(f"{self.step}. {self.action_said(self.step)}", 16, right - x0, "bold"), 16, theme.CREAM, "bold")
        surface.blit(head, (x0, y))
        y += head.get_height() + 2
        rulings = self.replay.rulings_at(self.step)
        x = x0 + 12
        line_h = f.font(14, "regular").get_linesize()
        for r, struck in rulings:
            text = f"[{r.rule}] {self.ruling_said(r)}" + (" – " + _("challenged") if struck else "")
            if x > x0 + 12 and x + f.size(text, 14, "regular")[0] > right:
                x = x0 + 12
                y += line_h + 1
                if y + line_h > bar.bottom - 2:
                    break
            img = f.text(self._fit(text, 14, right - x, "regular"), 14, theme.CHALK_DIM if struck else theme.CHALK, "regular")
            surface.blit(img, (x, y))
            if struck:
                mid = y + img.get_height() // 2
                pygame.draw.line(surface, theme.CHALK_RED, (x, mid), (x + img.get_width(), mid), 2)
            x += img.get_width() + 18
        if not rulings:
            surface.blit(f.text(_("no ruling"), 13, theme.MUTED, "italic"), (x, y))

    def hint_lines(self, text: str, size: int, width: int) -> list[str]:
        """`text` in lines no wider than `width`, broken at its " · " (a part too long alone is wrapped)."""
        lines: list[str] = []
        for part in text.split(" · "):
            cand = f"{lines[-1]} · {part}" if lines else part
            if lines and self.fonts.width(cand, size, "italic") <= width:
                lines[-1] = cand
            else:
                lines.extend(self.fonts.wrap(part, size, width, "italic"))
        return lines or [""]

    def ruling_said(self, r: Any) -> str:
        """A ruling as the game's table says it (a race names its fields and counts a too-fast fault
        as players do), in the language of the screen."""
        words = getattr(self.scene, "ruling_words", None)
        return str(words(r)) if callable(words) else tr(r.arithmetic)

    def action_said(self, k: int) -> str:
        """Step `k`'s action in words, in the language of the screen ("Anna rolls", "the dice show 4 1 1"),
        as the game's log says it; the challenge (no action of a game) with its notation."""
        said = self._said
        if said is not None and said[:2] == (k, language()):
            return said[2]
        e = self.replay.entry(k)
        if e.seat == CHALLENGE:
            text = f"{self.who(e.seat)}: {e.action}"
        elif e.seat == TABLE:  # a switch between real and simulated dice, caps and balls
            text = switch_words(e.action)
        else:
            who = self.who(e.seat) if e.seat >= 0 else ""
            state = self.replay.state_at(k - 1) if k > 0 else None
            text = tr(action_words(self.replay.game, e.action, who, state))
        self._said = (k, language(), text)
        return text

    def who(self, seat: int) -> str:
        if seat == START:
            return _("start")
        if seat == CHANCE:
            return _("chance")
        if seat == CHALLENGE:
            return _("challenge")
        if seat == TABLE:
            return _("the table")
        players = self.replay.log.players
        return str(players[seat].get("name", seat)) if 0 <= seat < len(players) else str(seat)

    def _fit(self, text: str, size: int, width: int, style: str) -> str:
        font = self.fonts.at(size, style)
        if font.size(text)[0] <= width:
            return text
        while text and font.size(text + "…")[0] > width:
            text = text[:-1]
        return text + "…"


def _icon(surface: pygame.Surface, fonts: Any, rect: pygame.Rect, kind: str, playing: bool) -> None:
    """The control's symbol, drawn (the fonts need not have the media glyphs)."""
    c = theme.CREAM
    cx, cy = rect.center
    s = 8

    def tri(x: int, right: bool) -> None:
        pts = [(x - s // 2, cy - s), (x - s // 2, cy + s), (x + s // 2 + 2, cy)] if right else \
              [(x + s // 2, cy - s), (x + s // 2, cy + s), (x - s // 2 - 2, cy)]
        pygame.draw.polygon(surface, c, pts)

    if kind == "play":
        if playing:
            pygame.draw.rect(surface, c, (cx - 7, cy - 8, 5, 16))
            pygame.draw.rect(surface, c, (cx + 2, cy - 8, 5, 16))
        else:
            tri(cx, True)
    elif kind == "forward":
        tri(cx - 2, True)
        pygame.draw.rect(surface, c, (cx + 5, cy - 8, 3, 16))
    elif kind == "back":
        tri(cx + 2, False)
        pygame.draw.rect(surface, c, (cx - 8, cy - 8, 3, 16))
    elif kind == "home":
        pygame.draw.rect(surface, c, (cx - 11, cy - 8, 3, 16))
        tri(cx - 2, False)
        tri(cx + 7, False)
    elif kind == "end":
        tri(cx - 7, True)
        tri(cx + 2, True)
        pygame.draw.rect(surface, c, (cx + 9, cy - 8, 3, 16))
    else:
        label = {"slower": "−", "faster": "+", "bookmark": "B", "jump": _("Jump")}.get(kind, kind)
        img = fonts.text(label, 16, c, "bold")
        surface.blit(img, img.get_rect(center=rect.center))


__all__ = ["BAR_H", "ReplayScene"]
