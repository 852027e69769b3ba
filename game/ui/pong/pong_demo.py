"""`python main.py demo SHOT`: a solved special shot played on the table scene in slow motion.

`game.bierpong.solver.solve` finds the throws; this scene (the practice table `PongScene`, with its
event labels and feed) throws them one after the other, each on a fresh table holding the rack that
throw met – the same physics and inputs as the solver's, so it replays exactly what was classified.
After each ball has come to rest its classification is labelled where it lies and listed in the feed,
followed by the referee's rulings on it (`game.bierpong.demo_match.referee_demo`: the throws played as
a singles match through the referee), each with its article; at the end a short "The referee:" block
(cups removed, sips, how it stands). The banner names the throw's part in the shot and, at the end,
the shot's classification ("roller: cups 3 → 1"). R plays it again, S toggles slow motion, Space
pauses, Esc leaves.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from game.bierpong.demo_match import DemoScript, Line, referee_demo, short
from game.bierpong.state import BierpongState
from game.bierpong.solver import SHOTS, NotFound, Solution, SolvedThrow
from game.errors import IllegalAction
from game.i18n import N_, _, tr
from game.ui.common import textures, theme
from game.ui.pong.pong import PongScene
from game.session.feed import FeedItem
from game.ui.pong.pong_feed import HEAD, ScoreSheet, outcome_text, plain
from game.ui.pong.pong_view import FeedHead, Label, PongFrame, ball_draws
from game.ui.common.scene import Host, Scene
from game.ui.pong.shot_words import SHOT_TEXTS, shot_name
from physics.events import Event, Settled

DEMO_SLOW = 0.3  # simulated seconds per real second
PAUSE = 0.5  # simulated seconds between throws
KEYS = (N_("R: play again   S: slow motion on/off"), N_("X: export a clip (WebP)   V: camera"), N_("Space: pause   Esc: leave"))  # shown through `_()` by the view

_SOLVED: dict[str, Solution] = {}  # the solver is deterministic: solve each shot once per process


def solved(shot: str) -> Solution:
    """The solution of `shot` on the full rack (cached)."""
    from game.bierpong.solver import solve

    if shot not in _SOLVED:
        _SOLVED[shot] = solve(shot)
    return _SOLVED[shot]


class ShotMenu(Scene):
    """The list of the ten special shots: ↑/↓ and Enter, a click, or the shot's number (1–9, 0)
    chooses; the chosen shot is solved and played as `demo SHOT` does.

    Over the practice table (`under`: M there) the demo takes the list's place and Esc returns to
    the table; opened alone (from the main menu: `under=None`) it draws its own background, the demo
    goes on top of it – Esc from the demo comes back to the list, Esc from the list to the menu."""

    def __init__(self, host: Host, under: Scene | None = None) -> None:
        super().__init__(host)
        self.under = under  # drawn dimmed beneath the list
        self.index = 0
        self.message = ""
        self.rows: list[pygame.Rect] = []
        self._bg: pygame.Surface | None = None  # the wood behind the list when nothing is under it

    def choose(self, shot: str) -> DemoScene | None:
        """Solve `shot` and play it in place of this list (None and a message if it cannot be solved)."""
        try:
            solution = solved(shot)
        except NotFound as e:
            self.message = f"{shot}: {e}"
            return None
        scene = DemoScene(self.host, solution)
        if self.under is None:
            self.host.push(scene)
        else:
            self.host.replace(scene)
        return scene

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_UP, pygame.K_k):
                self.index = (self.index - 1) % len(SHOTS)
            elif e.key in (pygame.K_DOWN, pygame.K_j, pygame.K_TAB):
                self.index = (self.index + 1) % len(SHOTS)
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(SHOTS[self.index])
            elif pygame.K_0 <= e.key <= pygame.K_9:
                self.choose(SHOTS[(e.key - pygame.K_1) % 10])
        elif e.type == pygame.MOUSEMOTION:
            i = next((i for i, r in enumerate(self.rows) if r.collidepoint(e.pos)), None)
            if i is not None:
                self.index = i
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            i = next((i for i, r in enumerate(self.rows) if r.collidepoint(e.pos)), None)
            if i is not None:
                self.index = i
                self.choose(SHOTS[i])

    def resize(self, size: tuple[int, int]) -> None:
        if self.under is not None:
            self.under.resize(size)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if self.under is not None:
            self.under.draw(surface)
        else:
            if self._bg is None or self._bg.get_size() != (w, h):
                self._bg = textures.wood((w, h), theme.WOOD_DARK, seed=9, plank=int(110 * theme.scale_for((w, h))))
            surface.blit(self._bg, (0, 0))
        s = theme.scale_for((w, h))
        f = self.host.fonts
        dim = pygame.Surface((w, h), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        line = int(34 * s)
        pw, ph = min(w - 40, int(860 * s)), int(120 * s) + line * len(SHOTS)
        panel = pygame.Rect(0, 0, pw, ph)
        panel.center = (w // 2, h // 2)
        pygame.draw.rect(surface, (26, 26, 32), panel, border_radius=int(10 * s))
        pygame.draw.rect(surface, theme.AMBER, panel, 2, border_radius=int(10 * s))
        pad = int(18 * s)
        surface.blit(f.shadowed(_("Special shots"), int(24 * s), theme.CREAM, "serif"), (panel.left + pad, panel.top + pad))
        if self.under is not None:
            hint = _("↑ ↓ Enter, a click or the number: solve it and play it slowly   Esc: back to the table")
        else:
            hint = _("↑ ↓ Enter, a click or the number: solve it and play it slowly   Esc: back to the menu")
        surface.blit(f.text(hint, int(13 * s), theme.CHALK_DIM), (panel.left + pad, panel.top + pad + int(34 * s)))
        y = panel.top + int(86 * s)
        self.rows = []
        for i, shot in enumerate(SHOTS):
            r = pygame.Rect(panel.left + pad // 2, y, panel.w - pad, line - int(4 * s))
            self.rows.append(r)
            if i == self.index:
                pygame.draw.rect(surface, (70, 56, 24), r, border_radius=int(5 * s))
            num = f.text(f"{(i + 1) % 10}", int(15 * s), theme.CHALK_YELLOW, "bold")
            surface.blit(num, (r.left + pad // 2, r.centery - num.get_height() // 2))
            t = f.text(_(SHOT_TEXTS[shot]), int(16 * s), theme.CREAM if i == self.index else theme.CHALK)
            surface.blit(t, (r.left + pad // 2 + int(28 * s), r.centery - t.get_height() // 2))
            y += line
        if self.message:
            m = f.text(self.message, int(14 * s), theme.AMBER)
            surface.blit(m, (panel.left + pad, panel.bottom - pad - m.get_height() // 2))


class DemoScene(PongScene):
    """Plays a `Solution`'s throws in order, slow, labelled, classified and ruled on."""

    call_outs = False
    FIRST_VIEW = "top"  # (its cinematic camera follows the ball; V: the top-down view)

    def __init__(self, host: Host, solution: Solution) -> None:
        super().__init__(host, "triangle10")
        self.solution = solution
        self.script: DemoScript | None = None
        self._ref: BierpongState | None = None  # the referee's state as far as the feed has told it
        self.script_error = ""
        try:
            self.script = referee_demo(solution)
        except (ValueError, IllegalAction) as e:  # a rack of its own: shown, classified, not ruled
            self.script_error = str(e)
        self.slow = True
        self.demo_job: Any = None  # a clip being exported (X)
        self.clip_told: Any = None  # the exported clip whose folder the feed has told
        self.cinematic = True  # the camera follows the ball and closes in at the cups (V: the top-down view)
        self._cam: Any = None
        self._backdrop: Any = None
        from game.ui.pong.pong_3d import PerspectiveView

        self.view3d = PerspectiveView(host.fonts, self.dims)
        self.restart()

    # --- the referee in the feed ---------------------------------------------------------------

    def say(self, when: str, text: str) -> None:
        """A feed entry, wrapped to the feed's width (continuation lines indented)."""
        L = self.view.layout
        s = L.s
        width = max(60, L.feed.w - int(20 * s) - int(58 * s))
        lines = self.host.fonts.wrap(text, int(15 * s), width)
        for i, line in enumerate(lines or [""]):
            self.feed.append((when if i == 0 else "", line if i == 0 else "  " + line))

    def _say_lines(self, lines: tuple[Line, ...]) -> None:
        """The referee's lines as the match's feed says them (`pong_feed.ScoreSheet`): a ball not
        played on the table marked "(on record)", the solved ball itself left to its own line."""
        for ln in lines:
            rows = self._sheet_rows(ln.action, ln.rulings, throws=not ln.solved)
            for k, (head, text) in enumerate(rows):
                self.say(head, text + ("" if ln.shown or k else " " + _("(on record)")))

    def _sheet_rows(self, action: str, rulings: tuple[Any, ...], *, throws: bool = True) -> list[tuple[str, str]]:
        """One referee line in the sheet's words, the referee's state moved on past it."""
        before = self._ref
        if before is None:
            return [(short(r.rule), plain(r.arithmetic)) for r in rulings]
        try:
            after = before.apply(action).state
        except ValueError:
            return [(short(r.rule), plain(r.arithmetic)) for r in rulings]
        sheet = ScoreSheet()
        sheet.add(action, [FeedItem(r) for r in rulings], before, after, throws=throws)
        self._ref = after
        return [(head, text) for head, text, mark in sheet.rows() if mark != HEAD]

    def _say_setup(self) -> None:
        if self.script is None:
            if self.script_error:
                self.say("", _("no referee: {error}").format(error=self.script_error))
            return
        sc = self.script
        a, b = sc.start.sides
        self.say("", _("The referee: {a} v {b}").format(a=f"{a.name} ({', '.join(a.members)})", b=f"{b.name} ({', '.join(b.members)})"))
        acts = [ln for ln in sc.setup if ln.action != "start"]
        self._ref = BierpongState.start(sc.teams, sc.start.profile, members=[s.members for s in sc.start.sides]).state
        head = " · ".join(text for ln in acts[:2] for _h, text in self._sheet_rows(ln.action, ln.rulings))
        more = " + " + _("{n} earlier actions").format(n=len(acts) - 2) if len(acts) > 2 else ""
        self._ref = sc.start
        self.say(_("setup"), f"{head}{more}")
        if more:
            left = (_("{defenders} have cup {cups} left, {throwers} throw") if len(b.rack) == 1 else
                    _("{defenders} have cups {cups} left, {throwers} throw"))
            self.say("", left.format(defenders=b.name, cups=" ".join(map(str, b.rack.ids)), throwers=a.name))

    def _say_summary(self) -> None:
        if self.script is None:
            return
        self.say("", _("The referee:"))
        for line in self.script.summary():
            self.say("", "· " + plain(line))

    @property
    def factor(self) -> float:
        return 0.0 if self.paused else (DEMO_SLOW if self.slow else 1.0)

    def restart(self) -> None:
        """From the first throw again."""
        self.index = -1  # the throw in play
        self.wait = 0.15  # simulated seconds until the next throw
        self.classified: list[str] = []  # one line per finished throw
        self.events: list[list[Event]] = []  # what the table reported, per throw
        n = len(self.solution.throws)
        what = (_("demo: {shot} ({n} throw)") if n == 1 else _("demo: {shot} ({n} throws)")).format(shot=shot_name(self.solution.shot), n=n)
        self.feed.append(FeedHead(("", what)))
        self._say_setup()

    @property
    def finished(self) -> bool:
        return len(self.classified) == len(self.solution.throws)

    def _start(self, st: SolvedThrow) -> None:
        self.fresh(st.cups)  # fresh: the rack exactly as the solver met it
        self.events.append([])
        self.say("", _("throw {n}: {what}").format(n=self.index + 1, what=tr(st.note)))
        if self.script is not None:
            self._say_lines(self.script.throws[self.index].before)
        self.throw(st.throw)

    def advance(self, sim_seconds: float) -> list[Event]:
        out = super().advance(sim_seconds)
        if self.events:
            self.events[-1].extend(out)
        return out

    def update(self, dt: float) -> None:
        super().update(dt)
        job = self.demo_job
        if job is not None and job.done and not job.error and self.clip_told is not job:
            from game.store.saves import shown_dir

            self.clip_told = job  # where the clip went, once, in the feed (the status line names the file only)
            self.say("", _("Clip saved: {path}").format(path=shown_dir(job.path)))
        throws = self.solution.throws
        if self.index >= 0 and len(self.classified) <= self.index and self.in_flight() == 0:
            st = throws[self.index]
            text = str(st.outcome) + ("" if not st.tipped else " · " + _("tipped {cups}").format(cups=", ".join(map(str, st.tipped))))
            self.classified.append(text)
            rest = next((e for e in reversed(self.events[-1]) if isinstance(e, Settled)), None)
            x, y = (rest.x, rest.y) if rest is not None else (st.throw.release[0], st.throw.release[1])
            self.labels.append(Label(text, x, y, 0.12, 0.0, life=2.5))  # what the ball did, where it rests
            said = outcome_text(st.outcome) + ("" if not st.tipped else " · " + _("tipped {cups}").format(cups=", ".join(map(str, st.tipped))))
            self.say("", _("throw {n}: {what}").format(n=self.index + 1, what=said))
            if self.script is not None:
                self._say_lines(self.script.throws[self.index].after)
            if self.finished:
                self.say("", tr(self.solution.summary))
                self._say_summary()
                self._remove_ruled()
            self.wait = PAUSE
        if self.index + 1 < len(throws) and len(self.classified) == self.index + 1:
            self.wait -= dt * self.factor
            if self.wait <= 0.0:
                self.index += 1
                self._start(throws[self.index])

    def export(self) -> None:
        """X: the shot as a clip (an animated WebP in the clips folder), made while the demo goes on."""
        from game.ui.pong.clip import ClipJob, ClipShot

        if self.demo_job is not None and not self.demo_job.done:
            return
        shots = [ClipShot(st.cups, ((st.throw, 0),), tr(st.note)) for st in self.solution.throws]
        self.demo_job = ClipJob(shots, tr(self.solution.summary), self.solution.shot, title=shot_name(self.solution.shot))

    def key(self, key: int) -> None:
        if key == pygame.K_r:
            self.restart()
            return
        if key == pygame.K_x:
            self.export()
            return
        if key == pygame.K_v:
            self.cinematic = not self.cinematic
            return
        if pygame.K_1 <= key <= pygame.K_5 or key == pygame.K_m:
            return  # the rack is the solution's; the shots' list opens from the practice table
        super().key(key)

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return  # watch only: no throwing by hand into a demo
        super().handle_event(e)

    def _remove_ruled(self) -> None:
        """The shot is over: the cups the referee removed leave the table (as at a match)."""
        if self.script is None:
            return
        start, end = self.script.start.sides, self.script.state.sides
        gone = {c for b, a in zip(start, end) for c in b.rack.ids if c not in a.rack}
        for c in list(self.live_table.table_cups()):
            if c.id in gone:
                self.live_table.table.remove_cup(c.id)
        if gone:
            self.live_table.table.reset_balls()  # the balls went with their cups

    # --- the cinematic camera ------------------------------------------------------------------

    def camera(self) -> Any:
        """Behind the ball, closing in as it nears the cups; it stays where it was when no ball flies."""
        from game.ui.pong.camera import blend, follow, thrower
        from physics.constants import CONST

        L = self.view.layout
        vp = (L.top.left, L.top.top, L.top.w, L.side.bottom - L.top.top)
        length = CONST.table_length
        balls = [b for b in ball_draws(self.live_table)]
        lead = max(balls, key=lambda b: b.x, default=None)
        goal = thrower(length).on(vp)
        if lead is not None:
            near = max(0.0, min(1.0, (lead.x - length * 0.45) / (length * 0.45)))
            goal = follow((lead.x, lead.y, lead.z), length, near).on(vp)
        elif self._cam is not None and self._cam.screen == vp:
            return self._cam
        self._cam = goal if self._cam is None or self._cam.screen != vp else blend(self._cam, goal, 0.25)
        return self._cam

    def draw(self, surface: pygame.Surface) -> None:
        from dataclasses import replace as dc_replace

        fr = self.frame()
        self.view.draw(surface, dc_replace(fr, banner=""))  # the headline is drawn here: in lines that fit
        if not self.cinematic:
            top = self.view.layout.top
            self._draw_banner(surface, fr.banner, (top.x, top.y, top.w))
            return
        from game.ui.pong.pong_3d import backdrop

        cam = self.camera()
        x, y, w, h = cam.screen
        if self._backdrop is None or self._backdrop.get_size() != (w, h):
            self._backdrop = backdrop((w, h), self.view.layout.s)
        s = self.view.layout.s
        pygame.draw.rect(surface, (20, 14, 9), pygame.Rect(x, y, w, h).inflate(int(12 * s), int(12 * s)), int(6 * s))  # (the side view's frame under it)
        self.view3d.draw_table(surface, dc_replace(fr, banner=""), cam, background=self._backdrop)
        self._draw_banner(surface, fr.banner, (x, y, w))

    def _draw_banner(self, surface: pygame.Surface, text: str, area: tuple[int, int, int]) -> None:
        """The shot's headline at the top of the picture (`area`: x, y, width), in as many lines as it
        needs to stay inside it (the Konter's summary is long)."""
        if not text:
            return
        x, y, w = area
        s = self.view.layout.s
        f = self.host.fonts
        lines = [f.shadowed(line, int(22 * s), theme.AMBER, "bold") for line in f.wrap(text, int(22 * s), w - int(44 * s), "bold")[:3]]
        br = pygame.Rect(0, 0, max(b.get_width() for b in lines), sum(b.get_height() for b in lines))
        br.midtop = (x + w // 2, y + int(10 * s))
        back = br.inflate(int(20 * s), int(10 * s))
        pygame.draw.rect(surface, (20, 20, 24), back, border_radius=int(6 * s))
        pygame.draw.rect(surface, theme.AMBER, back, 2, border_radius=int(6 * s))
        for b in lines:
            surface.blit(b, b.get_rect(midtop=(br.centerx, br.y)))
            br.y += b.get_height()

    def banner(self) -> str:
        n = len(self.solution.throws)
        if self.finished:
            return tr(self.solution.summary)
        if self.index < 0:
            return (_("{shot}: {n} throw") if n == 1 else _("{shot}: {n} throws")).format(shot=shot_name(self.solution.shot), n=n)
        return _("{shot} – throw {i}/{n}: {note}").format(shot=shot_name(self.solution.shot), i=self.index + 1, n=n, note=tr(self.solution.throws[self.index].note))

    def frame(self) -> PongFrame:
        fr = super().frame()
        if self.index >= 0:  # balls of earlier throws at the same rack still lie in their cups
            st = self.solution.throws[self.index]
            held = {t.outcome.cup for t in self.solution.throws[:self.index] if t.cups == st.cups and t.outcome.hit}
            fr.cups = [replace(c, holds_ball=True) if c.id in held else c for c in fr.cups]
        fr.banner = self.banner()
        fr.title = _("Bierpong – demo: {shot}").format(shot=shot_name(self.solution.shot))
        done = " · ".join(self.classified)
        mode = _("paused") if self.paused else (_("slow motion {factor}×").format(factor=f"{DEMO_SLOW:g}") if self.slow else "1×")
        parts = [done, mode] if done else [mode]
        if self.demo_job is not None:
            job = self.demo_job
            parts.insert(0, _("clip: {p}% …").format(p=int(job.share * 100)) if not job.done else
                         _("Clip not written: {error}").format(error=job.error) if job.error else
                         _("Clip saved: {path}").format(path=job.path.name))
        L, f = self.view.layout, self.host.fonts  # the status keeps right of the title: the throws' list (the feed has it) gives way
        room = L.top.right - L.header.left - f.width(_(fr.title), int(24 * L.s), "serif") - int(24 * L.s)
        while done in parts and f.width(" · ".join(parts), int(17 * L.s)) > room:
            parts.remove(done)
        fr.status = " · ".join(parts)
        fr.keys = KEYS
        return fr
