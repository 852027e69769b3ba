"""The track editor scene: design a Racerbile track with the mouse (`python main.py edit [FILE]`).

The scene holds an `Editor` (game.racerbile.editing: the draft, unlimited undo, live validation,
safe saving) and shows its draft on a `SheetView` (game.ui.editor.editor_canvas) between the tool palette
and the side panel (game.ui.editor.editor_panels). The tools (game.ui.editor.editor_tools) turn presses and drags
on the board into edits; the paint brush edits live while dragging and its whole drag becomes one
step of the history. After an edit the draft is validated – at once after a quiet spell, else
(clicks, keys and drags alike) at most every `CHECK_EVERY` seconds, so that the last edit of a
quick run is checked that long after the one before at the latest – and its problems are ringed
in red on the board and listed in the panel (click one to go there).

T takes the draft for a test drive (game.session.testdrive, shown by game.ui.editor.editor_drive): a bot
drives a lap, animated, and the fields where a 10–12 leaves the track and the bends a 7–9 squeals
in are marked (game.racerbile.dangers). Ctrl+S saves
(refused while the track has problems over a good file – then "Save as draft…"), Ctrl+Shift+S
saves elsewhere, Ctrl+E exports a PNG. F1 or ? shows every key.
"""
from __future__ import annotations

import math
import os
import re
import signal
import threading
import time
from pathlib import Path
from typing import Callable, Sequence

import pygame

from game.errors import InputError
from game.hexgrid import DIRECTION_NAMES, Hex
from game.i18n import N_, _, plural, tr
from game.racerbile.dangers import Analysis, hot_spots
from game.racerbile.draft import Background, Draft
from game.racerbile.editing import Editor, FileChanged, Problem, unsplit_forks
from game.racerbile.recovery import Recovery, left_behind, read_recovery, recoveries, recovery_file, remove_recovery, write_recovery
from game.racerbile.track import THEMES, Kind
from game.session.testdrive import drive_lap
from game.ui.board import board_art as art
from game.ui.common import theme
from game.ui.board.board_art import CapArt
from game.ui.editor.editor_canvas import SheetView
from game.ui.editor.editor_drive import DriveView
from game.ui.editor.editor_panels import (
    TEST_CAPS,
    EditorLayout,
    Hit,
    PanelPicture,
    PanelState,
    ProblemRow,
    TextPrompt,
    render_help,
    render_panel,
    render_status,
    render_tools,
    render_top,
)
from game.ui.editor.editor_tools import (
    HEX_STEP,
    KINDS,
    LEFT,
    TOOLS,
    Edit,
    ImageTool,
    LaneTool,
    Preview,
    SelectTool,
    Tool,
    calibrate_background,
    fade_background,
    fit_background,
    move_background,
    scale_background,
    set_scale,
    ways_round,
)
from game.ui.common.modal import Confirm, ListDialog, Modal
from game.ui.common.scene import Host, Scene
from game.ui.common.words import theme_label

CHECK_EVERY = 0.1  # seconds between validations while a drag goes on
FORK_QUIET = 0.5  # s without an edit before the sheet is searched for forks without a split
WHEEL_STEP = 1.15
KEY_ZOOM = 1.25
KEY_PAN = 80
MESSAGE_SECONDS = 5.0
RECOVERY_EVERY = 2.0  # seconds between writes of the recovery file while there is unsaved work
CAR_COLOURS = TEST_CAPS
TRAIL = (250, 250, 246)  # the test drive's move under way (the bends are tinted blue)
EXPORT_SIZE = (1600, 1000)


def slug(name: str) -> str:
    """A safe file name for a track name: lower case ASCII letters, digits and underscores, the
    letters of German and Danish spelt out ("Nürburgring" → nuerburgring, "Nåleøjet" → naaleoejet);
    the track's own name keeps its letters."""
    from game.racerbile.tracks import ascii_name

    s = re.sub(r"[^0-9a-z]+", "_", ascii_name(name.strip().lower())).strip("_")
    return s or "track"


def short_path(p: Path, limit: int) -> str:
    """A path to show: the home folder as ~, and no longer than `limit` (its end kept)."""
    text = str(p)
    home = str(Path.home())
    if text.startswith(home + "/"):
        text = "~" + text[len(home):]
    return text if len(text) <= limit else "…" + text[-(limit - 1):]


def user_tracks() -> Path:
    from game.racerbile.tracks import user_track_dir

    return user_track_dir()


def _post_quit(signum: int, frame: object) -> None:
    """What SDL does with SIGTERM (put back when the editor closes): a QUIT event."""
    try:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    except pygame.error:  # pragma: no cover - no display any more
        pass


class EditorScene(Scene):
    """The editor: board, tools, panel; see the module docstring."""

    def __init__(self, host: Host, editor: Editor | None = None, message: str = "", offer: bool = True) -> None:
        super().__init__(host)
        self.editor = editor if editor is not None else Editor()
        self.fonts = host.fonts
        self.lay = EditorLayout.for_size(host.size)
        self.canvas = SheetView(self.editor.draft, self.lay.board, self.fonts)
        self.tools: list[Tool] = [cls(self) for cls in TOOLS]
        self.tool_index = 0
        self.kind: Kind = Kind.NORMAL
        self.lane_width = 2
        self.modal: Modal | None = None
        self.show_help = False
        self.problems: list[Problem] = []
        self.lap: int | None = None
        self.problem_scroll = 0
        self.drive: DriveView | None = None
        self.mouse: tuple[int, int] = (0, 0)
        self.hover: Hex | None = None
        self.hot = ""
        self.held = 0  # the mouse button a tool is working with
        self.space = False
        self.alt = False
        self.clock = 0.0
        self.message = message
        self.message_at = 0.0
        self.flash: tuple[tuple[Hex, ...], float] | None = None
        self.left_clean = False  # left by choice (nothing to keep at close)
        self._checked: Draft | None = None
        self._checked_at = -1.0
        self._stroke: tuple[int, Draft] | None = None
        self._pan_from: tuple[int, int] | None = None
        self._image_from: tuple[int, int] | None = None
        self._caps: CapArt | None = None
        self._facts: tuple[Draft, int | None, tuple[tuple[str, str], ...]] | None = None
        self._help: pygame.Surface | None = None
        self._tools_pic: tuple[object, pygame.Surface, list[Hit]] | None = None
        self._panel_pic: tuple[PanelState, PanelPicture] | None = None
        self._top_pic: tuple[object, pygame.Surface, list[Hit]] | None = None
        self._status_pic: tuple[object, pygame.Surface] | None = None
        self._token = f"{os.getpid()}-{time.time_ns()}"  # tells this editor's recovery file of a new track apart
        self._recovery: Path | None = None  # the recovery file written last
        self._recovered: Draft | None = None  # the draft it holds
        self._recovery_at = 0.0
        self._recovery_failed = False  # told once, until a write succeeds again
        self.forks: list[tuple[Hex, ...]] = []  # islands the track forks round with no split declared
        self._forks_of: object = None
        self._eat_text = False  # the TEXTINPUT of the key that opened a dialog is not typed into it
        self.calib: list[tuple[float, float]] | None = None  # two-point calibration: the points clicked
        self._terminate = False
        self._kept = False  # the unsaved work was kept on SIGTERM: leave its recovery file
        self._old_term: object = None
        self.check()
        self.resize(host.size)
        if editor is not None and editor.notes:
            self.say(" · ".join(editor.notes))
        self._catch_sigterm()
        if offer:
            self.offer_recovery()

    # --- the ToolHost interface ------------------------------------------------------------

    @property
    def draft(self) -> Draft:
        return self.editor.draft

    @property
    def tool(self) -> Tool:
        return self.tools[self.tool_index]

    def apply(self, edit: Edit, label: str, merge: bool = False) -> bool:
        """One edit of the draft; the board, the problems and the panel follow (`merge`: joins the
        last edit of the same label, as one step of the history)."""
        try:
            changed = self.editor.apply(edit, label, merge=merge)
        except ValueError as e:
            self.say(str(e))
            return False
        if changed:
            self.after_edit()
        return changed

    def begin_stroke(self) -> None:
        self._stroke = (len(self.editor.history), self.editor.draft)

    def end_stroke(self, label: str) -> None:
        """The edits since `begin_stroke` become one step of the history, labelled `label`."""
        if self._stroke is None:
            return
        start, _ = self._stroke
        self._stroke = None
        n = len(self.editor.history) - start
        if n <= 0:
            return
        final = self.editor.draft
        for _ in range(n):
            self.editor.undo()
        self.editor.apply(lambda _d: final, label)
        self.after_edit()

    def ask(self, title: str, prompts: Sequence[tuple[str, str]], done: Callable[[list[str] | None], None]) -> None:
        self.alt = self.space = False  # their key-ups go to the dialog
        self.modal = TextPrompt(self.fonts, self.host.size, title, prompts, done)

    def say(self, text: str) -> None:
        self.message = text
        self.message_at = self.clock

    # --- keeping up with the draft ---------------------------------------------------------

    def fork_hint(self, shore: tuple[Hex, ...]) -> str:
        return _("the track forks round an island near {field} without a split: declare one with the split tool (X)").format(field=shore[0] if shore else "?")

    def after_edit(self) -> None:
        if self.drive is not None:
            self.stop_drive()
        self.canvas.set_draft(self.editor.draft)

    def check(self) -> None:
        """Validate the current draft now (the problems, their rings, the lap)."""
        draft = self.editor.draft
        self.problems = self.editor.problems()
        self._checked = draft
        self._checked_at = self.clock
        self.canvas.set_marks(h for p in self.problems for h in p.fields)
        self.lap = None if self.problems else self.editor.track().graph.lap_length
        self.problem_scroll = min(self.problem_scroll, max(0, len(self.problems) - 1))

    def look_for_forks(self) -> None:
        """Once the edits pause (`FORK_QUIET` s after the last check): where the track forks round an
        island without a split (a search of the whole sheet – never in the middle of a stroke)."""
        draft = self._checked
        if draft is None or self.clock - self._checked_at < FORK_QUIET:
            return
        key = (draft.fields, draft.splits)
        if self._forks_of != key:
            self._forks_of = key
            before = len(self.forks)
            self.forks = unsplit_forks(draft)
            if len(self.forks) > before:
                self.say(self.fork_hint(self.forks[-1]))

    def sync(self, now: bool = False) -> None:
        """Show the current draft and validate it when due: at once (`now`), or – clicks, keys and
        drags alike – at most every `CHECK_EVERY` seconds (an edit after a quiet spell at once)."""
        if self.canvas.draft is not self.editor.draft:
            self.canvas.set_draft(self.editor.draft)
        if self._checked is not self.editor.draft:
            if now or self.clock - self._checked_at >= CHECK_EVERY:
                self.check()

    @property
    def checking(self) -> bool:
        return self._checked is not self.editor.draft

    # --- layout ------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.lay = EditorLayout.for_size(size)
        if self.canvas.area != self.lay.board:
            self.canvas.resize(self.lay.board)
        self._help = None
        self._tools_pic = self._panel_pic = self._top_pic = self._status_pic = None
        if self.modal is not None:
            self.modal.resize(size)

    def help_toggle(self) -> None:
        self.show_help = not self.show_help

    # --- input -------------------------------------------------------------------------------

    def back(self) -> bool:
        """Esc: close a dialog or the help, stop a drive, drop a tool's step – or leave (asking
        first when there are unsaved changes)."""
        if self.modal is not None:
            m, self.modal = self.modal, None
            if isinstance(m, TextPrompt) and m.open:
                m.finish(None)
                if self.modal is m:
                    self.modal = None
            return True
        if self.show_help:
            self.show_help = False
            return True
        if self.calib is not None:
            self.calib = None
            self.say(_("calibration cancelled"))
            return True
        if self.drive is not None:
            self.stop_drive()
            return True
        if self.tool.cancel():
            self.held = 0
            return True
        if self.editor.dirty:
            self.ask_leave()
            return True
        self.left_clean = True
        return False

    def may_close(self) -> bool:
        """The window is closing: with unsaved changes ask Save / Discard / Cancel first."""
        if not self.editor.dirty or self.left_clean:
            return True
        self.quitting = True
        self.modal = None
        self.ask_leave()
        return False

    quitting = False  # the window's close button asked: leaving quits the program

    def ask_leave(self) -> None:
        def chosen(text: str) -> None:
            self.modal = None
            if text == N_("Save"):
                if self.editor.path is None:
                    self.save_as(then=self.leave)
                elif self.save(then=self.leave):
                    self.leave()
            elif text == N_("Discard"):
                self.leave()
            else:
                self.quitting = False

        question = _("Save {name} before leaving?").format(name=repr(self.editor.draft.name))
        self.modal = Confirm(self.fonts, self.host.size, _("Unsaved changes"), question, [N_("Save"), N_("Discard"), N_("Cancel")], chosen)

    def leave(self) -> None:
        self.left_clean = True
        self.drop_recovery()
        if self.quitting:
            self.host.quit(0)
        else:
            self.host.pop()

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.TEXTINPUT and self._eat_text:
            self._eat_text = False
            return
        if e.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self._eat_text = False
        if self.modal is not None:
            m = self.modal
            m.handle_event(e)
            if self.modal is m and not m.open:
                self.modal = None
            return
        if self.show_help:
            if e.type == pygame.KEYDOWN or e.type == pygame.MOUSEBUTTONDOWN:
                self.show_help = False
            return
        if e.type == pygame.KEYDOWN:
            self.key(e)
        elif e.type == pygame.KEYUP:
            if e.key == pygame.K_SPACE:
                self.space = False
            elif e.key in (pygame.K_LALT, pygame.K_RALT):
                self.alt = False
        elif e.type == pygame.MOUSEWHEEL:
            self.wheel(e)
        elif e.type == pygame.MOUSEBUTTONDOWN:
            self.mouse_down(e.pos, e.button)
        elif e.type == pygame.MOUSEMOTION:
            self.mouse_move(e.pos, getattr(e, "buttons", (0, 0, 0)))
        elif e.type == pygame.MOUSEBUTTONUP:
            self.mouse_up(e.pos, e.button)
        elif e.type == pygame.DROPFILE:
            self.load_background(str(e.file))
        elif e.type == pygame.WINDOWFOCUSLOST:  # the key-ups of Alt+Tab never come
            self.alt = self.space = False

    def key(self, e: pygame.event.Event) -> None:
        had = self.modal
        self._key(e)
        if self.modal is not None and self.modal is not had:
            self._eat_text = True  # the key that opened a dialog does not type into it

    def _key(self, e: pygame.event.Event) -> None:
        k = e.key
        mod = getattr(e, "mod", 0) | (pygame.KMOD_ALT if self.alt else 0)
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mod & pygame.KMOD_SHIFT)
        alt = bool(mod & pygame.KMOD_ALT)
        if k in (pygame.K_LALT, pygame.K_RALT):
            self.alt = True
            return
        if k == pygame.K_SPACE:
            self.space = True
            return
        if ctrl:
            if self.held or self._stroke is not None or self._image_from is not None:
                return  # not in the middle of a drag
            if k == pygame.K_z:
                self.redo() if shift else self.undo()
            elif k == pygame.K_y:
                self.redo()
            elif k == pygame.K_s:
                self.save_as() if shift else self.save()
            elif k == pygame.K_e:
                self.export()
            elif k in (pygame.K_c, pygame.K_x, pygame.K_v):
                self.region_key({pygame.K_c: "copy", pygame.K_x: "cut", pygame.K_v: "paste"}[k])
            return
        if getattr(e, "unicode", "") == "?":
            self.show_help = True
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.drive is not None:
                self.drive.skip()
            else:
                self.tool.enter()
            return
        image = isinstance(self.tool, ImageTool) or alt
        bg = self.draft.background
        if k in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            grow = k == pygame.K_RIGHTBRACKET
            if image and bg is not None:
                centre = self.canvas.units_at(self.lay.board.center)
                self.apply(lambda d: d.set_background(scale_background(bg, 1.05 if grow else 1 / 1.05, centre)), N_("scale the image"), merge=True)
            else:
                self.lane_width = max(1, min(3, self.lane_width + (1 if grow else -1)))
            return
        if k in (pygame.K_COMMA, pygame.K_PERIOD) and bg is not None:
            self.apply(lambda d: d.set_background(fade_background(bg, 0.1 if k == pygame.K_PERIOD else -0.1)), N_("image opacity"), merge=True)
            return
        if isinstance(self.tool, SelectTool):
            acts = {pygame.K_q: "turn-left", pygame.K_e: "turn-right", pygame.K_h: "mirror", pygame.K_DELETE: "delete", pygame.K_BACKSPACE: "delete"}
            if k in acts:
                self.region_key(acts[k])
                return
        if k == pygame.K_k and isinstance(self.tool, ImageTool) and bg is not None:
            self.start_calibration()
            return
        if k in (pygame.K_DELETE, pygame.K_BACKSPACE) and isinstance(self.tool, ImageTool) and bg is not None:
            self.apply(lambda d: d.set_background(None), N_("remove the image"))
            return
        digits = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}
        if k in digits:
            self.kind = KINDS[digits[k]]
            return
        arrows = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
        if k in arrows:
            dx, dy = arrows[k]
            if image and bg is not None:
                step = 0.25 if shift else 1.0
                self.apply(lambda d: d.set_background(move_background(bg, -dx * step, -dy * step)), N_("move the image"), merge=True)
            else:
                self.canvas.pan(dx * KEY_PAN, dy * KEY_PAN)
            return
        if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.canvas.zoom(KEY_ZOOM)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.canvas.zoom(1 / KEY_ZOOM)
        elif k in (pygame.K_f, pygame.K_HOME):
            self.canvas.fit()
        elif k == pygame.K_t:
            self.toggle_drive()
        elif k == pygame.K_c:
            self.pick_theme()
        elif k == pygame.K_F2:
            self.rename()
        elif k == pygame.K_o:
            self.ask_background()
        else:
            name = pygame.key.name(k).upper()
            for i, t in enumerate(self.tools):
                if t.key == name:
                    self.select_tool(i)
                    break
        self.update_hover()

    def select_tool(self, i: int) -> None:
        if i == self.tool_index:
            return
        self.tool.cancel()
        self.held = 0
        self.tool_index = i
        if isinstance(self.tool, ImageTool) and self.draft.background is None:
            self.ask_background()

    def on_board(self, pos: tuple[int, int]) -> bool:
        return self.lay.board.collidepoint(pos)

    def wheel(self, e: pygame.event.Event) -> None:
        pos = getattr(e, "pos", None) or self.mouse
        steps = getattr(e, "precise_y", None) or e.y
        if not steps:
            return
        pic = self._panel_pic[1] if self._panel_pic else None
        if pic is not None and pic.problems_area is not None and pic.problems_area.collidepoint(pos):
            self.problem_scroll = max(0, min(len(self.problems) - 1, self.problem_scroll - int(math.copysign(1, steps))))
            return
        if not self.on_board(pos):
            return
        bg = self.draft.background
        if self.alt and bg is not None:
            around = self.canvas.units_at(pos)
            self.apply(lambda d: d.set_background(scale_background(bg, WHEEL_STEP ** float(steps), around)), N_("scale the image"), merge=True)
            return
        self.canvas.zoom(WHEEL_STEP ** float(steps), pos)
        self.update_hover()

    def mouse_down(self, pos: tuple[int, int], button: int) -> None:
        self.mouse = pos
        if button not in (1, 2, 3):
            return
        if not self.on_board(pos):
            if button == LEFT:
                action = self.action_at(pos)
                if action:
                    self.do(action)
            return
        if button == 2 or (button == LEFT and self.space):
            self._pan_from = pos
            return
        if button == LEFT and self.calib is not None:
            self.calibration_point(self.canvas.units_at(pos))
            return
        image = isinstance(self.tool, ImageTool) or self.alt
        if button == LEFT and image:
            if self.draft.background is not None:
                self._image_from = pos
                self.begin_stroke()
            elif isinstance(self.tool, ImageTool):
                self.ask_background()
            return
        if self.drive is not None:
            self.stop_drive()
        self.held = button
        self.tool.press(self.canvas.hex_at(pos), button)
        if not self.tool.busy:
            self.held = 0
            self.sync()

    def mouse_move(self, pos: tuple[int, int], buttons: Sequence[int]) -> None:
        old = self.mouse
        self.mouse = pos
        if self._pan_from is not None:
            if not any(buttons):
                self._pan_from = None
            else:
                self.canvas.pan(pos[0] - self._pan_from[0], pos[1] - self._pan_from[1])
                self._pan_from = pos
        elif self._image_from is not None:
            bg = self.draft.background
            if not any(buttons) or bg is None:
                self._end_image_drag()
            else:
                s = self.canvas.scale
                dx, dy = (pos[0] - self._image_from[0]) / s, (pos[1] - self._image_from[1]) / s
                self._image_from = pos
                self.apply(lambda d: d.set_background(move_background(bg, dx, dy)), N_("move the image"))
        elif self.held:
            if not any(buttons):
                self.mouse_up(old, self.held)
            else:
                h = self.canvas.hex_at(pos)
                self.tool.drag(h)
        self.update_hover()

    def mouse_up(self, pos: tuple[int, int], button: int) -> None:
        self.mouse = pos
        if self._pan_from is not None and (button == 2 or button == LEFT):
            self._pan_from = None
            return
        if self._image_from is not None and button == LEFT:
            self._end_image_drag()
            return
        if self.held and button == self.held:
            self.held = 0
            self.tool.release(self.canvas.hex_at(pos), button)
            self.sync()

    def _end_image_drag(self) -> None:
        self._image_from = None
        self.end_stroke(N_("move the image"))

    def update_hover(self) -> None:
        pos = self.mouse
        self.hover = self.canvas.hex_at(pos) if self.on_board(pos) else None
        self.hot = "" if self.on_board(pos) else self.action_at(pos)

    def action_at(self, pos: tuple[int, int]) -> str:
        for pic in (self._tools_pic, self._top_pic):
            if pic is not None:
                for rect, action in pic[2]:
                    if rect.collidepoint(pos):
                        return action
        if self._panel_pic is not None:
            for rect, action in self._panel_pic[1].hits:
                if rect.collidepoint(pos):
                    return action
        return ""

    def do(self, action: str) -> None:
        """A button of the palette, the panel or the title bar."""
        name, _, arg = action.partition(":")
        if name == "tool":
            self.select_tool(int(arg))
        elif name == "kind":
            self.kind = KINDS[int(arg)]
        elif name == "width":
            self.lane_width = max(1, min(3, self.lane_width + int(arg)))
        elif name == "problem":
            i = int(arg)
            if 0 <= i < len(self.problems):
                self.show_problem(self.problems[i])
        elif name == "hint":
            i = int(arg)
            if 0 <= i < len(self.forks):
                self.canvas.centre_on(self.forks[i])
                self.flash = (self.forks[i], self.clock)
                self.update_hover()
        elif name == "history":
            self.go_to(int(arg))
        elif name == "image":
            if arg == "load":
                self.ask_background()
            elif arg == "scale":
                self.ask_scale()
            elif arg == "fit":
                self.fit_image()
            elif arg == "calibrate":
                self.start_calibration()
            elif self.draft.background is not None:
                self.apply(lambda d: d.set_background(None), N_("remove the image"))
        elif name == "region":
            self.region_key(arg)
        elif name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "drive":
            self.toggle_drive()
        elif name == "save":
            self.save()
        elif name == "saveas":
            self.save_as()
        elif name == "export":
            self.export()
        elif name == "rename":
            self.rename()
        elif name == "theme":
            self.pick_theme()
        elif name == "help":
            self.show_help = True

    # --- commands ----------------------------------------------------------------------------

    def undo(self) -> None:
        if self.editor.undo():
            self.say(_("undone"))
            self.after_edit()
        else:
            self.say(_("nothing to undo"))

    def redo(self) -> None:
        if self.editor.redo():
            self.say(_("redone"))
            self.after_edit()
        else:
            self.say(_("nothing to redo"))

    def go_to(self, index: int) -> None:
        """Back to the draft after edit `index` of the history."""
        while len(self.editor.history) - 1 > index and self.editor.undo():
            pass
        self.after_edit()

    def show_problem(self, p: Problem) -> None:
        if p.fields:
            self.canvas.centre_on(p.fields)
            self.flash = (p.fields, self.clock)
            self.update_hover()

    def rename(self) -> None:
        d = self.draft

        def done(answers: list[str] | None) -> None:
            if answers is not None:
                name = answers[0].strip() or d.name
                author = answers[1].strip() if len(answers) > 1 else d.author
                self.apply(lambda x: x.set_meta(name=name, author=author), _("name: {name}").format(name=name))

        self.ask(_("The track"), [(_("Name"), d.name), (_("Author"), d.author)], done)

    def pick_theme(self) -> None:
        """C: the board's colours – and whether the hexes have pointy or flat tops."""
        now = "  " + _("(now)")
        tops = {"pointy": _("pointy tops"), "flat": _("flat tops")}
        items = [(f"{theme_label(t)}{now if t == self.draft.theme else ''}", t) for t in THEMES]
        items += [(f"{tops[o]}{now if o == self.draft.orientation else ''}", f"orientation:{o}") for o in ("pointy", "flat")]

        def chosen(key: str | None) -> None:
            if key is None:
                return
            self.modal = None
            if key.startswith("orientation:"):
                o = key.partition(":")[2]
                self.apply(lambda d: d.set_orientation(o), tops[o])
            else:
                self.apply(lambda d: d.set_theme(key), _("theme {name}").format(name=theme_label(key)))

        self.modal = ListDialog(self.fonts, self.host.size, _("The theme"), _("The colours of the board and the hexes' tops"), items, _("Choose"), chosen, panel_size=(460, 440))

    def ask_background(self) -> None:
        bg = self.draft.background

        def done(answers: list[str] | None) -> None:
            if answers and answers[0].strip():
                self.load_background(answers[0].strip())

        self.ask(_("A background image"), [(_("A PNG or JPEG file (or drop one on the window)"), bg.path if bg else "")], done)

    def select_tool_index(self) -> int:
        return next(i for i, t in enumerate(self.tools) if isinstance(t, SelectTool))

    def region_key(self, what: str) -> None:
        """The Select tool's commands: turn-left, turn-right, mirror, copy, cut, paste, delete."""
        if not isinstance(self.tool, SelectTool):
            if what != "paste":
                return
            self.select_tool(self.select_tool_index())
        tool = self.tool
        assert isinstance(tool, SelectTool)
        if what == "turn-left":
            tool.turn(1)
        elif what == "turn-right":
            tool.turn(-1)
        elif what == "mirror":
            tool.mirror()
        elif what in ("copy", "cut"):
            tool.copy(cut=what == "cut")
        elif what == "paste":
            tool.paste()
        elif what == "delete":
            tool.delete()

    def ask_scale(self) -> None:
        """The image's scale typed in: its pixels a field (centre to centre), the board's centre
        staying put."""
        bg = self.draft.background
        if bg is None:
            self.ask_background()
            return

        def done(answers: list[str] | None) -> None:
            b = self.draft.background
            if not answers or b is None:
                return
            try:
                per_field = float(answers[0].replace(",", ".").strip())
                new = set_scale(b, per_field / HEX_STEP, self.canvas.units_at(self.lay.board.center))
            except ValueError as e:
                self.say(_("not a scale: {text} – {error}").format(text=answers[0], error=e if str(e) and "could not convert" not in str(e) else _("type a number")))
                return
            self.apply(lambda d: d.set_background(new), N_("scale the image"), merge=True)

        self.ask(_("The image's scale"), [(_("Image pixels from one field's centre to the next"), f"{bg.scale * HEX_STEP:.4g}")], done)

    def fit_image(self) -> None:
        """Scale and move the image so that the whole of it fits the board as it is shown now."""
        bg = self.draft.background
        img = self.canvas.background_image()
        if bg is None or img is None:
            self.say(_("no background image yet: O (or drop a PNG/JPEG on the window) to load one"))
            return
        b = self.lay.board
        x0, y0 = self.canvas.units_at((b.x + 8, b.y + 8))
        x1, y1 = self.canvas.units_at((b.right - 8, b.bottom - 8))
        new = fit_background(bg, img.get_size(), (x0, y0, x1, y1))
        self.apply(lambda d: d.set_background(new), N_("fit the image to the window"))

    def start_calibration(self) -> None:
        """Two-point calibration: click two points of the image, then type how many fields apart
        they are."""
        if self.draft.background is None:
            self.ask_background()
            return
        self.calib = []
        self.say(_("calibrate: click the first of two points on the image whose distance you know (Esc: cancel)"))

    def calibration_point(self, at: tuple[float, float]) -> None:
        assert self.calib is not None
        self.calib.append(at)
        if len(self.calib) < 2:
            self.say(_("calibrate: now click the second point"))
            return
        a, b = self.calib[0], self.calib[1]

        def done(answers: list[str] | None) -> None:
            self.calib = None
            bg = self.draft.background
            if not answers or bg is None:
                return
            try:
                fields = float(answers[0].replace(",", ".").strip())
                new = calibrate_background(bg, a, b, fields)
            except ValueError as e:
                self.say(_("not calibrated: {error}").format(error=e if str(e) and "could not convert" not in str(e) else _("type a number")))
                return
            self.apply(lambda d: d.set_background(new), N_("calibrate the image"))
            self.say(_("calibrated: the two points lie {n} fields apart").format(n=f"{fields:g}"))

        self.ask(_("Calibrate the image"), [(_("How many fields apart are the two points?"), "10")], done)

    def load_background(self, path: str) -> bool:
        """Lay the image in `path` under the grid, spanning the board as it is now."""
        try:
            img = pygame.image.load(str(Path(path).expanduser()))
        except (pygame.error, OSError, FileNotFoundError) as e:
            self.say(_("cannot load {path}: {error}").format(path=path, error=e))
            return False
        w = max(1, img.get_width())
        area = self.lay.board
        units = area.width * 0.8 / self.canvas.scale
        x0, y0 = self.canvas.units_at((area.x + area.width * 0.1, area.y + area.height * 0.1))
        old = self.draft.background
        bg = Background(path, w / units, (x0, y0), old.opacity if old else 0.5)
        self.apply(lambda d: d.set_background(bg), _("image {name}").format(name=Path(path).name))
        self.say(_("{name} under the grid: Image tool (I) or Alt+drag moves it, Alt+wheel or [ ] scales it, , . opacity").format(name=Path(path).name))
        return True

    # saving

    def default_path(self, suffix: str = ".yaml") -> Path:
        p = self.editor.path
        if p is not None:
            return p.with_name(p.stem + suffix) if suffix != ".yaml" else p
        return user_tracks() / f"{slug(self.draft.name)}{suffix}"

    def save(self, path: str | Path | None = None, overwrite: bool = False, then: Callable[[], None] | None = None) -> bool:
        """Ctrl+S: save to the track's file (asking for one if it has none; asking first when
        someone else changed the file since it was opened or saved here)."""
        if path is None and self.editor.path is None:
            self.save_as(then=then)
            return False
        try:
            where = self.editor.save(path, overwrite=overwrite)
        except FileChanged as e:
            self.changed_elsewhere(e, then)
            return False
        except InputError as e:
            self.refused(e)
            return False
        except OSError as e:
            self.say(_("cannot write {path}: {error}").format(path=path or self.editor.path, error=e.strerror or e))
            return False
        bak = where.with_name(where.name + ".bak")
        self.say(_("saved {path}").format(path=where) + (" " + _("(the previous version kept as {name})").format(name=bak.name) if bak.is_file() else ""))
        if self.editor.side_error:
            self.say(_("saved {path}, but not the background's place ({error})").format(path=where.name, error=self.editor.side_error))
        self.write_recovery()  # (saved: no recovery copy needed)
        return True

    def changed_elsewhere(self, e: InputError, then: Callable[[], None] | None = None) -> None:
        """The file was changed by someone else: overwrite it (its version kept as .bak), save
        under another name, or not at all."""
        def chosen(text: str) -> None:
            self.modal = None
            if text == N_("Overwrite"):
                if self.save(overwrite=True) and then is not None:
                    then()
            elif text == N_("Save as…"):
                self.save_as(then=then)
            else:
                self.quitting = False

        self.say(_("{file} was changed elsewhere since you opened it").format(file=Path(e.file).name))
        self.modal = Confirm(
            self.fonts, self.host.size, _("Changed by someone else"), _("{file} was changed since you opened it. Overwrite?").format(file=Path(e.file).name), [N_("Overwrite"), N_("Save as…"), N_("Cancel")], chosen
        )

    def refused(self, e: InputError) -> None:
        """The draft has problems and would replace a good track: offer to save it as a draft."""
        def chosen(text: str) -> None:
            self.modal = None
            if text.startswith("Save as draft"):
                self.save_as_draft()

        self.say(e.message)
        n = len(self.problems)
        detail = (_("{n} problem (listed on the right): the good file stays as it is.") if n == 1 else _("{n} problems (listed on the right): the good file stays as it is.")).format(n=n)
        self.modal = Confirm(self.fonts, self.host.size, _("Not saved over a good track"), detail, [N_("Save as draft…"), N_("Cancel")], chosen)

    def save_as(self, then: Callable[[], None] | None = None) -> None:
        """Ctrl+Shift+S: save under a name typed in a dialog (and `then`, once saved)."""
        def done(answers: list[str] | None) -> None:
            if answers and answers[0].strip():
                p = Path(answers[0].strip()).expanduser()
                if p.suffix not in (".yaml", ".yml"):
                    p = p.with_name(p.name + ".yaml")
                if self.save(p) and then is not None:
                    then()

        self.ask(_("Save the track as"), [(_("A .yaml file"), str(self.default_path()))], done)

    def save_as_draft(self) -> None:
        def done(answers: list[str] | None) -> None:
            if answers and answers[0].strip():
                self.write_draft(answers[0].strip())

        self.ask(_("Save as a draft (with its problems)"), [(_("A file that holds no good track"), str(self.default_path(".draft.yaml")))], done)

    def write_draft(self, path: str | Path) -> bool:
        try:
            where = self.editor.save_draft(path)
        except InputError as e:
            self.say(e.message)
            return False
        except OSError as e:
            self.say(_("cannot write {path}: {error}").format(path=path, error=e.strerror or e))
            return False
        self.say(_("draft saved in {path} – the track's own file is unchanged").format(path=where))
        return True

    def export(self) -> None:
        def done(answers: list[str] | None) -> None:
            if answers and answers[0].strip():
                self.export_png(answers[0].strip())

        self.ask(_("Export a picture of the board"), [(_("A .png file"), str(self.default_path(".png")))], done)

    def export_png(self, path: str | Path) -> bool:
        from game.ui.board.board_app import render_board

        try:
            surf = render_board(self.draft.to_track(), EXPORT_SIZE, self.fonts)
        except Exception as e:  # a broken draft the board cannot draw yet
            self.say(_("cannot draw the board yet: {error}").format(error=e))
            return False
        target = Path(path).expanduser()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(surf, str(target))
        except (OSError, pygame.error) as e:
            self.say(_("cannot write {path}: {error}").format(path=target, error=e))
            return False
        self.say(_("exported {path}").format(path=target))
        return True

    # the test drive

    def toggle_drive(self) -> None:
        if self.drive is not None:
            self.stop_drive()
            return
        self.sync(now=True)
        if self.problems:
            fix = _("fix the {n} problem first: the bots need a track they can race") if len(self.problems) == 1 else _("fix the {n} problems first: the bots need a track they can race")
            self.say(fix.format(n=len(self.problems)))
            return
        track = self.draft.to_track()
        try:
            result = drive_lap(track)
            analysis = Analysis(track)
        except Exception as e:  # the rules found something the validator let pass
            self.say(_("the bots cannot drive it: {error}").format(error=e))
            return
        self.drive = DriveView(result, analysis)
        self.say(_("test drive: {summary}").format(summary=result.summary()))

    def stop_drive(self) -> None:
        self.drive = None
        self.canvas.set_markers({})

    # --- frame ---------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        if self._terminate:
            self.terminate()
            return
        if self.clock - self._recovery_at >= RECOVERY_EVERY:
            self.write_recovery()
        if self.modal is not None:
            self.modal.update(dt)
        self.sync()
        self.look_for_forks()
        if self.drive is not None:
            self.drive.update(dt)
            a = self.drive.analysis
            if not a.done:
                a.step(0.006)
                if a.done or int(self.clock * 4) != int((self.clock - dt) * 4):
                    self.canvas.set_markers(hot_spots(a.markers))
        if self.message and self.clock - self.message_at > MESSAGE_SECONDS:
            self.message = ""

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.lay.size:
            self.resize(surface.get_size())
        self.canvas.draw(surface)
        clip = surface.get_clip()
        surface.set_clip(self.lay.board)
        self.draw_overlays(surface)
        surface.set_clip(clip)
        self.draw_frame(surface)
        if self.show_help:
            if self._help is None:
                self._help = render_help(self.lay.size, self.fonts)
            surface.blit(self._help, (0, 0))
        if self.modal is not None:
            self.modal.draw(surface)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        c = self.canvas
        s = c.scale
        for p in self.tool.previews():
            self.draw_preview(surface, p)
        if self.flash is not None:
            fields, t0 = self.flash
            age = self.clock - t0
            if age > 1.6:
                self.flash = None
            else:
                r = s * (1.0 + 0.5 * abs(math.sin(age * 6)))
                for h in fields[:50]:
                    pygame.draw.circle(surface, (255, 240, 120), c.to_pixel(h), r, max(2, int(s * 0.12)))
        if self.drive is not None:
            self.draw_drive(surface)
        if self.calib is not None:
            spots: list[tuple[int, int]] = [c.pixel_of_units(u) for u in self.calib]
            if len(spots) == 1 and self.on_board(self.mouse):
                spots.append(self.mouse)
            if len(spots) == 2:
                pygame.draw.line(surface, (255, 230, 90), spots[0], spots[1], 2)
            for spot in spots[: len(self.calib)]:
                pygame.draw.circle(surface, (20, 20, 22), spot, 8, 0)
                pygame.draw.circle(surface, (255, 230, 90), spot, 8, 3)
        if self.hover is not None and self.held == 0:
            pts = c.corners(self.hover)
            pygame.draw.lines(surface, (255, 255, 255), True, pts, max(1, int(s * 0.07)))
        bg_err = c.bg_error
        if bg_err:
            t = self.fonts.text(bg_err, self.lay.font(13), theme.CHALK_RED, "bold")
            surface.blit(t, (self.lay.board.x + 8, self.lay.board.y + 6))

    def draw_preview(self, surface: pygame.Surface, p: Preview) -> None:
        c = self.canvas
        s = c.scale
        width = max(2, int(s * 0.1))
        for h in p.hexes[:3000]:
            x, y = c.to_pixel(h)
            if not (-s < x - self.lay.board.x < self.lay.board.w + s and -s < y - self.lay.board.y < self.lay.board.h + s):
                continue
            pygame.draw.polygon(surface, p.color, c.corners(h, 0.5))
            pygame.draw.lines(surface, p.color, True, c.corners(h, 0.92), width)
            if p.erase:
                pygame.draw.line(surface, (20, 20, 22), (x - s * 0.3, y - s * 0.3), (x + s * 0.3, y + s * 0.3), width)
                pygame.draw.line(surface, (20, 20, 22), (x - s * 0.3, y + s * 0.3), (x + s * 0.3, y - s * 0.3), width)
        size = max(9, min(16, int(s * 0.3)))
        for h, text in p.tags:
            x, y = c.to_pixel(h)
            t = self.fonts.text(text, size, (250, 250, 246), "bold")
            box = pygame.Rect(0, 0, t.get_width() + 8, t.get_height() + 2)
            box.center = (int(x), int(y - s * 0.55))
            pygame.draw.rect(surface, (20, 60, 140), box, border_radius=4)
            surface.blit(t, (box.x + 4, box.y + 1))
        if p.compass is not None:
            self.draw_compass(surface, p.compass)

    def draw_compass(self, surface: pygame.Surface, at: Hex) -> None:
        """The six ways out of a field, the one under the mouse lit."""
        c = self.canvas
        s = max(c.scale, 12.0)
        cx, cy = c.to_pixel(at)
        for way, n in ways_round(at):
            nx, ny = c.to_pixel(n)
            u = ((nx - cx), (ny - cy))
            ln = math.hypot(*u) or 1.0
            u = (u[0] / ln, u[1] / ln)
            lit = self.hover == n
            mid = (cx + u[0] * ln * 0.78, cy + u[1] * ln * 0.78)
            art.draw_arrow(surface, mid, u, s * (0.95 if lit else 0.75), (255, 230, 90) if lit else (250, 250, 246), (20, 20, 22))
            if lit and s >= 14:
                t = self.fonts.text(DIRECTION_NAMES[way], max(10, int(s * 0.32)), (255, 230, 90), "bold")
                surface.blit(t, (nx - t.get_width() / 2, ny + s * 0.35))

    def draw_drive(self, surface: pygame.Surface) -> None:
        assert self.drive is not None
        c = self.canvas
        s = c.scale
        if len(self.drive.trail) > 0:
            m = self.drive.result.moves[self.drive.index] if not self.drive.finished else None
            pts = [c.to_pixel(m.start)] if m is not None else []
            pts += [c.to_pixel(h) for h in self.drive.trail]
            if len(pts) > 1:
                pygame.draw.lines(surface, TRAIL, False, pts, max(2, int(s * 0.14)))
        r = max(7, int(s * 0.58))
        if self._caps is None or self._caps.radius != r:
            self._caps = CapArt(r, self.fonts)
        lay = c.layout
        for seat in reversed(range(len(self.drive.cars))):
            h, way = self.drive.cars[seat]
            deg = None if way is None else int(round(math.degrees(lay.direction_angle(way)))) % 360
            spr = self._caps.sprite(CAR_COLOURS[seat % 2], "TP"[seat % 2], False, deg)
            x, y = c.to_pixel(h)
            surface.blit(spr, (x - self._caps.half, y - self._caps.half), special_flags=pygame.BLEND_PREMULTIPLIED)

    # the frame round the board

    def panel_state(self) -> PanelState:
        tool = self.tool
        bg = self.draft.background
        image = None
        if isinstance(tool, ImageTool):
            image = _("no image yet") if bg is None else _("{name} · {scale} px a hex · opacity {percent}%").format(name=Path(bg.path).name, scale=f"{bg.scale:.3g}", percent=int(bg.opacity * 100))
        return PanelState(
            tool=tool.name,
            key=tool.key,
            hint=tool.hint(),
            uses_kind=tool.uses_kind,
            kind=self.kind,
            lane_width=self.lane_width if isinstance(tool, LaneTool) else None,
            selection=len(tool.selected()) if isinstance(tool, SelectTool) else None,
            image=image,
            checking=self.checking,
            problems=tuple(ProblemRow(tr(p.message), bool(p.fields)) for p in self.problems),
            hints=tuple(self.fork_hint(f) for f in self.forks),
            empty=not self.draft.fields,
            problem_scroll=self.problem_scroll,
            drive=self.drive.lines() if self.drive is not None else None,
            history=tuple(self.editor.history),
            redo=self.editor.redo_label,
            can_undo=self.editor.can_undo,
            can_redo=self.editor.can_redo,
            theme=self.draft.theme,
            facts=self.facts(),
            hot=self.hot,
        )

    def facts(self) -> tuple[tuple[str, str], ...]:
        """What the track is made of (the panel shows it while there is no problem)."""
        d = self.draft
        if self._facts is not None and self._facts[0] is d and self._facts[1] == self.lap:
            return self._facts[2]
        kinds = {k: sum(1 for x in d.fields.values() if x is k) for k in KINDS}
        out = [
            (N_("fields"), f"{len(d.fields)}" + (" + " + _("{n} pit lane").format(n=len(d.pit.fields)) if d.pit else "")),
            (N_("lap"), _("{n} steps").format(n=self.lap) if self.lap is not None else "–"),
            (N_("downshift · blocking"), f"{kinds[Kind.DOWNSHIFT]} · {kinds[Kind.BLOCKING]}"),
            (N_("start fields"), _("{n}, heading {direction}").format(n=len(d.start), direction=DIRECTION_NAMES[d.heading])),
            (N_("arrows · splits"), f"{len(d.arrows)} · {len(d.splits)}"),
            (N_("42 field · Dunlop"), (_("yes") if d.field42 else _("no")) + " · " + plural("{n} field", "{n} fields", len(d.dunlop))),
            (N_("labels"), f"{len(d.labels)}"),
            (N_("theme"), theme_label(d.theme)),
        ]
        self._facts = (d, self.lap, tuple(out))
        return self._facts[2]

    def status_texts(self) -> tuple[str, tuple[int, int, int], str, str]:
        d = self.draft
        pit = len(d.pit.fields) if d.pit else 0
        facts = plural("{n} field", "{n} fields", len(d.fields)) + (" + " + _("{n} pit").format(n=pit) if pit else "")
        if not d.fields:
            left, col = _("start by painting a lane (L)"), theme.MUTED
        elif self.checking and not self.problems:
            left, col = _("checking …") + f" · {facts}", theme.MUTED
        elif self.problems:
            n = len(self.problems)
            left, col = "✗ " + (_("{n} problem") if n == 1 else _("{n} problems")).format(n=n) + f" · {facts}", (240, 110, 96)
        else:
            left, col = "✓ " + _("valid") + f" · {facts} · " + _("lap {n}").format(n=self.lap), (120, 210, 120)
        middle = self.describe(self.hover) if self.hover is not None else f"{_(self.tool.name)}: {self.tool.hint()}"
        right = _("{n} px a hex · F1 keys").format(n=int(round(self.canvas.scale)))
        return left, col, middle, right

    def describe(self, h: Hex) -> str:
        d = self.draft
        parts = [str(h)]
        if d.is_pit(h):
            parts.append(_("pit lane"))
        kind = d.fields.get(h)
        parts.append(_(kind.value) if kind is not None else ("" if d.is_pit(h) else _("empty")))
        if h in d.start:
            parts.append(_("start (heading {direction})").format(direction=DIRECTION_NAMES[d.heading]))
        if h in d.arrows:
            parts.append(_("arrow {direction}").format(direction=DIRECTION_NAMES[d.arrows[h]]))
        for sp in d.splits:
            if h == sp.fork:
                parts.append(_("{name}: fork").format(name=sp.name))
            if h == sp.rejoin:
                parts.append(_("{name}: rejoin").format(name=sp.name))
            parts += [f"{sp.name}: {n}" for n, b in sp.branches if b == h]
        if d.pit is not None and h == d.pit.entry:
            parts.append(_("pit entry"))
        if d.pit is not None and h == d.pit.exit:
            parts.append(_("pit exit"))
        if h == d.field42:
            parts.append(_("the 42 field"))
        if h in d.dunlop:
            parts.append(_("under the Dunlop bridge"))
        parts += [_("label {text}").format(text=repr(lb.text)) for lb in d.labels if lb.at == h]
        parts += [p.message for p in self.problems if h in p.fields][:1]
        return " · ".join(x for x in parts if x)

    def draw_frame(self, surface: pygame.Surface) -> None:
        lay = self.lay
        pal = self.canvas.palette
        tkey = (self.tool_index, self.hot if self.hot.startswith("tool:") else "", pal.name, lay.size)
        if self._tools_pic is None or self._tools_pic[0] != tkey:
            surf, hits = render_tools(lay, self.fonts, [(t.name, t.key) for t in self.tools], self.tool_index, tkey[1], pal)
            self._tools_pic = (tkey, surf, hits)
        surface.blit(self._tools_pic[1], lay.tools.topleft)
        st = self.panel_state()
        if self._panel_pic is None or self._panel_pic[0] != st:
            self._panel_pic = (st, render_panel(lay, self.fonts, st, pal))
        surface.blit(self._panel_pic[1].surface, lay.panel.topleft)
        d = self.draft
        where = str(self.editor.path) if self.editor.path is not None else _("not saved yet (Ctrl+S)")
        top_key = (d.name, d.author, where, self.editor.dirty, self.hot == "rename", lay.size)
        if self._top_pic is None or self._top_pic[0] != top_key:
            surf, hits = render_top(lay, self.fonts, d.name, d.author, where, self.editor.dirty, "rename" if self.hot == "rename" else "")
            self._top_pic = (top_key, surf, hits)
        surface.blit(self._top_pic[1], lay.top.topleft)
        left, col, middle, right = self.status_texts()
        skey = (left, col, middle, right, self.message, lay.size)
        if self._status_pic is None or self._status_pic[0] != skey:
            self._status_pic = (skey, render_status(lay, self.fonts, left, col, middle, right, self.message))
        surface.blit(self._status_pic[1], lay.status.topleft)

    def closed(self) -> None:
        """The scene leaves the stack: unsaved work is kept as a draft beside the user's tracks
        and in the recovery file (the window was closed without asking); work saved or left on
        purpose needs no recovery file."""
        self._release_sigterm()
        if self._kept:
            return  # (SIGTERM kept the work already)
        if self.left_clean or not self.editor.dirty:
            self.drop_recovery()
            return
        self.keep_unsaved()

    def keep_unsaved(self) -> Path | None:
        """Keep the unsaved work: the recovery file now, and a draft `NAME.unsaved.yaml` beside the
        user's tracks (its path; None when it could not be written)."""
        self.write_recovery(force=True)
        target = user_tracks() / f"{slug(self.draft.name)}.unsaved.yaml"
        try:
            self.editor.save_draft(target)
        except (InputError, OSError):
            return None
        return target

    # --- recovery: the work written every few seconds, offered on the next start -------------------

    def recovery_path(self) -> Path:
        return recovery_file(self.editor.path, self._token)

    def write_recovery(self, force: bool = False) -> None:
        """Write the recovery file when the draft changed since the last one (and is unsaved work);
        a write that fails is told once and tried again later."""
        self._recovery_at = self.clock
        target = self.recovery_path()
        if not self.editor.dirty:
            self.drop_recovery()
            return
        if not force and target == self._recovery and self._recovered is self.editor.draft:
            return
        try:
            write_recovery(target, self.editor.draft, self.editor.path)
        except OSError as e:
            if not self._recovery_failed:
                self._recovery_failed = True
                self.say(_("cannot keep a recovery copy ({error}) – save your work").format(error=e.strerror or e))
            return
        if self._recovery_failed:
            self._recovery_failed = False
            self.say(_("the recovery copy is kept again"))
        if self._recovery is not None and self._recovery != target:
            remove_recovery(self._recovery)
        self._recovery, self._recovered = target, self.editor.draft

    def drop_recovery(self) -> None:
        if self._recovery is not None:
            remove_recovery(self._recovery)
        self._recovery = self._recovered = None

    def pending_recovery(self) -> Recovery | None:
        """Work an editor of this track (for a new track: of any new track) left behind when it
        went away unsaved – or None."""
        if self.editor.path is not None:
            f = recovery_file(self.editor.path, "")
            try:
                found = [read_recovery(f)] if f.is_file() else []
            except (OSError, ValueError):
                found = []
            found = [r for r in found if left_behind(r)]
        else:
            found = [r for r in recoveries() if r.track is None]
        for r in found:
            if r.draft != self.editor.draft:
                return r
            remove_recovery(r.file)  # nothing more than what is open
        return None

    def offer_recovery(self, rec: Recovery | None = None) -> None:
        """Ask whether to take up the work left behind (Restore: it becomes an edit, undoable)."""
        rec = rec if rec is not None else self.pending_recovery()
        if rec is None:
            return

        def chosen(text: str) -> None:
            self.modal = None
            if text == N_("Restore"):
                self.restore(rec)
            elif text == N_("Discard"):
                remove_recovery(rec.file)
                self.say(_("the unsaved work was discarded"))

        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(rec.written))
        detail = _("{name}, {n} fields, kept {when}").format(name=repr(rec.draft.name), n=len(rec.draft.fields), when=when)
        self.modal = Confirm(self.fonts, self.host.size, _("Unsaved work was found"), detail, [N_("Restore"), N_("Discard"), N_("Later")], chosen)

    def restore(self, rec: Recovery) -> None:
        self.apply(lambda _d: rec.draft, N_("recovered work"))
        self.write_recovery(force=True)
        if self._recovery != rec.file:
            remove_recovery(rec.file)
        self.sync(now=True)
        self.say(_("the unsaved work is back – save it (Ctrl+S)"))

    # --- SIGTERM: keep the work and quit (no dialog to answer) -------------------------------------

    def _catch_sigterm(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        try:
            old = signal.signal(signal.SIGTERM, self._on_sigterm)
        except (ValueError, OSError):  # pragma: no cover
            return
        # (None: a handler set outside Python – SDL's, which turns SIGTERM into a QUIT event)
        self._old_term = old if old is not None else _post_quit

    def _on_sigterm(self, signum: int, frame: object) -> None:
        self._terminate = True

    def _release_sigterm(self) -> None:
        if self._old_term is not None and threading.current_thread() is threading.main_thread():
            try:
                signal.signal(signal.SIGTERM, self._old_term)  # type: ignore[arg-type]
            except (ValueError, OSError, TypeError):  # pragma: no cover
                pass
            self._old_term = None

    def terminate(self) -> None:
        """Asked to end (SIGTERM): keep unsaved work in the recovery file and a draft, then quit."""
        self._terminate = False
        if self.editor.dirty:
            self.keep_unsaved()
            self._kept = True
        else:
            self.drop_recovery()
        self.left_clean = True
        self.modal = None
        self.host.quit(0)


# --- opening the editor ----------------------------------------------------------------------------


def new_editor() -> Editor:
    """The editor on an empty sheet, the track named "New track" in the interface's language."""
    return Editor(Draft(name=_("New track")))


def open_editor(file: str | Path | None = None, template: str | None = None) -> Editor:
    """The editor for `file` (an existing track file; a path that does not exist yet: a new track
    to be saved there) or a shipped track as the template. Raises `InputError` for a file that
    cannot be read (`file:line:column: message`) or a name that is no shipped track."""
    if template is not None:
        try:
            ed = Editor.from_template(template)
        except ValueError as e:
            raise InputError(str(e), "--from") from None
        if file is not None:
            p = Path(file)
            _check_target(p)
            ed.path = p
        return ed
    if file is None:
        return new_editor()
    from game.outpaths import exists

    p = Path(file)
    if exists(p) and p.is_dir():
        raise InputError("is a folder, not a track file", str(p))
    if exists(p):
        return Editor.open(p, broken_ok=True)  # a draft (or a broken track) opens with its problems listed
    _check_target(p)  # (a symlink loop "exists" not: refused here)
    return Editor(Draft(name=p.stem.replace("_", " ").title() or "New track"), p)


def _check_target(p: Path) -> None:
    from game.outpaths import check_output, exists

    if p.suffix not in (".yaml", ".yml"):
        raise InputError("a track file ends in .yaml", str(p))
    if exists(p) and p.is_dir():
        raise InputError("is a folder, not a track file", str(p))

    check_output(p, "the editor")  # a new track is saved there: no symlink loop, device, name too long …


def editor_choices() -> list[tuple[str, str]]:
    """What "Edit tracks" offers: a new sheet, the shipped tracks as templates or (in a checkout)
    to open, the user's own tracks and drafts, and a file by its path. An installed copy's shipped
    tracks are only templates: saving one would write into the installed program."""
    from game.racerbile.tracks import SHIPPED, is_draft_file, shipped_names, shipped_title, track_title
    from game.resources import shipped_in_package

    out = []
    for r in recoveries():
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(r.written))
        out.append((_("Recover {name}: unsaved work from {when}").format(name=repr(r.draft.name), when=when), f"recover:{r.file}"))
    out.append((_("New track: an empty sheet"), "new"))
    names = shipped_names()
    out += [(_("Start from {name} (a copy)").format(name=shipped_title(n)), f"template:{n}") for n in names]
    folder = user_tracks()
    if folder.is_dir():
        for p in sorted(folder.glob("*.yaml")):
            mine = _("Open {file} (your draft)") if is_draft_file(p) else _("Open {file} (yours)")
            out.append((mine.format(file=f"{track_title(p)} · {p.name}"), f"open:{p}"))
    if not shipped_in_package():
        out += [(_("Open {file} (shipped)").format(file=f"{shipped_title(n)} · {n}.yaml"), f"open:{SHIPPED / (n + '.yaml')}") for n in names]
    out.append((_("Open a file by its path …"), "path"))
    return out


def editor_chooser(host: Host, size: tuple[int, int], show: Callable[[Modal], None], message: str = "") -> ListDialog:
    """The dialog behind "Edit tracks": choose, and the editor opens on top of the menu. `show`
    puts another dialog in its place (the path of a file to open)."""
    dialog: ListDialog

    def start(ed: Editor) -> None:
        dialog.close()
        host.push(EditorScene(host, ed))

    def recover(file: Path) -> None:
        try:
            rec = read_recovery(file)
        except (OSError, ValueError) as e:
            dialog.set_message(_("Cannot open it – {error}").format(error=e))
            return
        ed: Editor | None = None
        if rec.track is not None and rec.track.is_file():
            try:
                ed = open_editor(rec.track)
            except InputError:
                ed = None
        if ed is None:
            ed = Editor(Draft(name=rec.draft.name), rec.track)
        dialog.close()
        scene = EditorScene(host, ed, offer=False)
        host.push(scene)
        scene.restore(rec)

    def by_path(answers: list[str] | None) -> None:
        if not answers or not answers[0].strip():
            show(editor_chooser(host, size, show))
            return
        try:
            ed = open_editor(Path(answers[0].strip()).expanduser())
        except InputError as e:
            show(editor_chooser(host, size, show, _("Cannot open it – {error}").format(error=e)))
            return
        host.push(EditorScene(host, ed))

    def chosen(key: str | None) -> None:
        if key is None:
            dialog.set_message(_("Choose a track first"))
            return
        try:
            if key == "new":
                start(new_editor())
            elif key.startswith("template:"):
                start(open_editor(None, key.split(":", 1)[1]))
            elif key.startswith("open:"):
                start(open_editor(key.split(":", 1)[1]))
            elif key.startswith("recover:"):
                recover(Path(key.split(":", 1)[1]))
            elif key == "path":
                dialog.close()
                default = str(user_tracks() / "my_track.yaml")
                show(TextPrompt(host.fonts, size, _("Open a track file"), [(_("A .yaml file (a new one if it does not exist yet)"), default)], by_path))
        except InputError as e:
            dialog.set_message(_("Cannot open it – {error}").format(error=f"{Path(e.file).name}:{e.line}:{e.column}: {e.message}"))

    dialog = ListDialog(host.fonts, size, _("Edit tracks"), _("Your tracks live in {folder}").format(folder=short_path(user_tracks(), 60)), editor_choices(), _("Open"), chosen, panel_size=(700, 600))
    if message:
        dialog.set_message(message)
    return dialog
