"""The editor's keys and mouse: what a key, a wheel turn and a press, drag or release does – on the
board (the tool, panning, dragging the background image) or on a button of the frame round it.
The pointer's state lives here (the mouse, the button a tool works with, Space and Alt held).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Sequence

import pygame

from game.i18n import N_
from game.ui.editor.editor_tool_base import KINDS, LEFT
from game.ui.editor.editor_tools_image import ImageTool, fade_background, move_background, scale_background
from game.ui.editor.editor_tools_select import SelectTool

if TYPE_CHECKING:
    from game.ui.editor.editor import EditorScene

WHEEL_STEP = 1.15
KEY_ZOOM = 1.25
KEY_PAN = 80


class EditorInput:
    """The keys and the mouse of one `EditorScene`."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene
        self.mouse: tuple[int, int] = (0, 0)
        self.hot = ""  # the button under the mouse (an action of `EditorCommands.do`)
        self.held = 0  # the mouse button a tool is working with
        self.space = False
        self.alt = False
        self._pan_from: tuple[int, int] | None = None
        self._image_from: tuple[int, int] | None = None
        self.eat_text = False  # the TEXTINPUT of the key that opened a dialog is not typed into it

    def handle(self, e: pygame.event.Event) -> None:
        """A key, wheel or mouse event on the sheet (no dialog or help open)."""
        s = self.scene
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
            s.commands.load_background(str(e.file))
        elif e.type == pygame.WINDOWFOCUSLOST:  # the key-ups of Alt+Tab never come
            self.alt = self.space = False

    def key(self, e: pygame.event.Event) -> None:
        s = self.scene
        had = s.modal
        self._key(e)
        if s.modal is not None and s.modal is not had:
            self.eat_text = True  # the key that opened a dialog does not type into it

    def _key(self, e: pygame.event.Event) -> None:
        s = self.scene
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
            if self.held or s._stroke is not None or self._image_from is not None:
                return  # not in the middle of a drag
            if k == pygame.K_z:
                s.commands.redo() if shift else s.commands.undo()
            elif k == pygame.K_y:
                s.commands.redo()
            elif k == pygame.K_s:
                s.files.save_as() if shift else s.files.save()
            elif k == pygame.K_e:
                s.files.export()
            elif k in (pygame.K_c, pygame.K_x, pygame.K_v):
                s.commands.region_key({pygame.K_c: "copy", pygame.K_x: "cut", pygame.K_v: "paste"}[k])
            return
        if getattr(e, "unicode", "") == "?":
            s.show_help = True
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if s.drive is not None:
                s.drive.skip()
            else:
                s.tool.enter()
            return
        image = isinstance(s.tool, ImageTool) or alt
        bg = s.draft.background
        if k in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            grow = k == pygame.K_RIGHTBRACKET
            if image and bg is not None:
                centre = s.canvas.units_at(s.lay.board.center)
                s.apply(lambda d: d.set_background(scale_background(bg, 1.05 if grow else 1 / 1.05, centre)), N_("scale the image"), merge=True)
            else:
                s.lane_width = max(1, min(3, s.lane_width + (1 if grow else -1)))
            return
        if k in (pygame.K_COMMA, pygame.K_PERIOD) and bg is not None:
            s.apply(lambda d: d.set_background(fade_background(bg, 0.1 if k == pygame.K_PERIOD else -0.1)), N_("image opacity"), merge=True)
            return
        if isinstance(s.tool, SelectTool):
            acts = {pygame.K_q: "turn-left", pygame.K_e: "turn-right", pygame.K_h: "mirror", pygame.K_DELETE: "delete", pygame.K_BACKSPACE: "delete"}
            if k in acts:
                s.commands.region_key(acts[k])
                return
        if k == pygame.K_k and isinstance(s.tool, ImageTool) and bg is not None:
            s.commands.start_calibration()
            return
        if k in (pygame.K_DELETE, pygame.K_BACKSPACE) and isinstance(s.tool, ImageTool) and bg is not None:
            s.apply(lambda d: d.set_background(None), N_("remove the image"))
            return
        digits = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}
        if k in digits:
            s.kind = KINDS[digits[k]]
            return
        arrows = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
        if k in arrows:
            dx, dy = arrows[k]
            if image and bg is not None:
                step = 0.25 if shift else 1.0
                s.apply(lambda d: d.set_background(move_background(bg, -dx * step, -dy * step)), N_("move the image"), merge=True)
            else:
                s.canvas.pan(dx * KEY_PAN, dy * KEY_PAN)
            return
        if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            s.canvas.zoom(KEY_ZOOM)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            s.canvas.zoom(1 / KEY_ZOOM)
        elif k in (pygame.K_f, pygame.K_HOME):
            s.canvas.fit()
        elif k == pygame.K_t:
            s.commands.toggle_drive()
        elif k == pygame.K_c:
            s.commands.pick_theme()
        elif k == pygame.K_F2:
            s.commands.rename()
        elif k == pygame.K_o:
            s.commands.ask_background()
        else:
            name = pygame.key.name(k).upper()
            for i, t in enumerate(s.tools):
                if t.key == name:
                    s.select_tool(i)
                    break
        self.update_hover()

    def wheel(self, e: pygame.event.Event) -> None:
        s = self.scene
        pos = getattr(e, "pos", None) or self.mouse
        steps = getattr(e, "precise_y", None) or e.y
        if not steps:
            return
        pic = s.frame.panel_pic[1] if s.frame.panel_pic else None
        if pic is not None and pic.problems_area is not None and pic.problems_area.collidepoint(pos):
            s.problem_scroll = max(0, min(len(s.problems) - 1, s.problem_scroll - int(math.copysign(1, steps))))
            return
        if not s.on_board(pos):
            return
        bg = s.draft.background
        if self.alt and bg is not None:
            around = s.canvas.units_at(pos)
            s.apply(lambda d: d.set_background(scale_background(bg, WHEEL_STEP ** float(steps), around)), N_("scale the image"), merge=True)
            return
        s.canvas.zoom(WHEEL_STEP ** float(steps), pos)
        self.update_hover()

    def mouse_down(self, pos: tuple[int, int], button: int) -> None:
        s = self.scene
        self.mouse = pos
        if button not in (1, 2, 3):
            return
        if not s.on_board(pos):
            if button == LEFT:
                action = s.frame.action_at(pos)
                if action:
                    s.commands.do(action)
            return
        if button == 2 or (button == LEFT and self.space):
            self._pan_from = pos
            return
        if button == LEFT and s.calib is not None:
            s.commands.calibration_point(s.canvas.units_at(pos))
            return
        image = isinstance(s.tool, ImageTool) or self.alt
        if button == LEFT and image:
            if s.draft.background is not None:
                self._image_from = pos
                s.begin_stroke()
            elif isinstance(s.tool, ImageTool):
                s.commands.ask_background()
            return
        if s.drive is not None:
            s.commands.stop_drive()
        self.held = button
        s.tool.press(s.canvas.hex_at(pos), button)
        if not s.tool.busy:
            self.held = 0
            s.sync()

    def mouse_move(self, pos: tuple[int, int], buttons: Sequence[int]) -> None:
        s = self.scene
        old = self.mouse
        self.mouse = pos
        if self._pan_from is not None:
            if not any(buttons):
                self._pan_from = None
            else:
                s.canvas.pan(pos[0] - self._pan_from[0], pos[1] - self._pan_from[1])
                self._pan_from = pos
        elif self._image_from is not None:
            bg = s.draft.background
            if not any(buttons) or bg is None:
                self._end_image_drag()
            else:
                scale = s.canvas.scale
                dx, dy = (pos[0] - self._image_from[0]) / scale, (pos[1] - self._image_from[1]) / scale
                self._image_from = pos
                s.apply(lambda d: d.set_background(move_background(bg, dx, dy)), N_("move the image"))
        elif self.held:
            if not any(buttons):
                self.mouse_up(old, self.held)
            else:
                h = s.canvas.hex_at(pos)
                s.tool.drag(h)
        self.update_hover()

    def mouse_up(self, pos: tuple[int, int], button: int) -> None:
        s = self.scene
        self.mouse = pos
        if self._pan_from is not None and (button == 2 or button == LEFT):
            self._pan_from = None
            return
        if self._image_from is not None and button == LEFT:
            self._end_image_drag()
            return
        if self.held and button == self.held:
            self.held = 0
            s.tool.release(s.canvas.hex_at(pos), button)
            s.sync()

    def _end_image_drag(self) -> None:
        s = self.scene
        self._image_from = None
        s.end_stroke(N_("move the image"))

    def update_hover(self) -> None:
        s = self.scene
        pos = self.mouse
        s.hover = s.canvas.hex_at(pos) if s.on_board(pos) else None
        self.hot = "" if s.on_board(pos) else s.frame.action_at(pos)

