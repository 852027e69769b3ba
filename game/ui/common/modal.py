"""Modal dialogs built with pygame_gui: each has its own UIManager, so nothing beneath is clickable.

Used for the saved-match chooser and the quit question (menu), the match log with undo and the
final standing (dice table).
"""
from __future__ import annotations

import warnings
from collections import deque
from typing import Any, Callable

import i18n as gui_translations  # type: ignore[import-untyped]  # (pygame_gui's: python-i18n)
import pygame
import pygame_gui
from pygame_gui.core.resource_loaders import IResourceLoader
from pygame_gui.core.utility import SurfaceResource
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel, UISelectionList

from game.i18n import _
from game.ui.common import gui_fonts, theme
from game.ui.common.theme import Fonts


class LoadHere(IResourceLoader):
    """Loads a manager's resources (the theme's fonts) in this thread, in pygame_gui's order (fonts and
    images, then the surfaces made of them): pygame_gui's own loader starts five threads for every
    manager, which cost more than loading a dozen small fonts takes (bench first_frame_ms)."""

    def __init__(self) -> None:
        self._queue: list[Any] = []
        self._started = False

    def add_resource(self, resource: Any) -> None:
        if self._started:
            raise ValueError("Too late to add this resource to the loader")
        self._queue.append(resource)

    def start(self) -> None:
        self._started = True

    def update(self) -> tuple[bool, float]:
        queue, self._queue = self._queue, []
        for resource in sorted(queue, key=lambda r: isinstance(r, SurfaceResource)):  # (stable: in order otherwise)
            error = resource.load()
            if error is not None:
                warnings.warn(str(error))
        return True, 1.0

    def started(self) -> bool:
        return self._started


class GuardedManager(pygame_gui.UIManager):
    """A scene's pygame_gui manager that sees no pointer while `blocked()` is true – while a dialog or
    the rules cover the scene, its buttons neither light up under the mouse nor show tooltips (the
    overlay takes the events already)."""

    def __init__(self, size: tuple[int, int], blocked: Callable[[], bool] | None = None) -> None:
        loader = LoadHere()
        super().__init__(size, theme.ui_theme_path(), enable_live_theme_updates=False, resource_loader=loader)
        # Every manager adds pygame_gui's translations folder to python-i18n's search path once more,
        # and every text holding a "." is looked up there, folder by folder, on each set: an evening's
        # dialogs made each label slower. Our texts come translated (`game.i18n`) and no pygame_gui
        # window with words of its own is used: nothing is searched.
        gui_translations.load_path.clear()
        loader.start()
        loader.update()
        self.blocked: Callable[[], bool] = blocked or (lambda: False)
        self._first_update = True

    def update(self, time_delta: float) -> None:
        """pygame_gui draws a widget's other looks (hovered, pressed, disabled) ahead, one per widget
        and frame; in the first frame it does not: that frame shows the widgets at once (a look
        needed in it is drawn when needed, as ever), the rest follow from the next frame on."""
        if not self._first_update:
            super().update(time_delta)
            return
        self._first_update = False
        held: list[tuple[Any, deque[str]]] = []
        for element in self.get_sprite_group().sprites():
            shape = getattr(element, "drawable_shape", None)
            queue = getattr(shape, "states_to_redraw_queue", None)
            if isinstance(queue, deque) and queue:
                held.append((shape, queue))
                shape.states_to_redraw_queue = deque()  # type: ignore[union-attr]
        try:
            super().update(time_delta)
        finally:
            for shape, queue in held:
                added = shape.states_to_redraw_queue  # (a look the frame asked for meanwhile stays asked for)
                queue.extend(s for s in added if s not in queue)
                shape.states_to_redraw_queue = queue

    def _update_mouse_position(self) -> None:
        if self.blocked():
            self.mouse_position = (-10_000, -10_000)
        else:
            super()._update_mouse_position()


def make_manager(size: tuple[int, int], blocked: Callable[[], bool] | None = None) -> pygame_gui.UIManager:
    """A pygame_gui manager with the project's theme; its fonts draw any string (`gui_fonts`); a
    scene's passes `blocked` (an overlay is open: the manager sees no pointer)."""
    gui_fonts.install()
    return GuardedManager(size, blocked)


def raise_expanded(ui: pygame_gui.UIManager, surface: pygame.Surface) -> list[pygame.Rect]:
    """Draw the open lists of `ui`'s drop-downs again, above what was drawn after the widgets (a
    dialog's own text): an open list is always on top. Returns where the lists are."""
    sprites = ui.get_sprite_group().sprites()
    open_lists = [e for e in sprites if isinstance(e, UIDropDownMenu) and e.current_state is e.menu_states["expanded"]]
    if not open_lists:
        return []
    above = min(e.layer for e in open_lists)
    out: list[pygame.Rect] = []
    for spr in sprites:
        if spr.layer > above and spr.visible and spr.image is not None:
            surface.blit(spr.image, spr.rect)
            out.append(pygame.Rect(spr.rect))
    return out


def hint_lines(fonts: Fonts, ui: pygame_gui.UIManager, container: UIPanel, text: str, y: int, w: int) -> int:
    """A dialog's hint under its title at `y`, `w` wide: one line, or two when a language's words are
    longer – never cut at the panel's edge. The pixels it takes below one line (0 or 18)."""
    lines = fonts.wrap(text, 14, w - 12, "italic") or [""]
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    for k, line in enumerate(lines):
        UILabel(pygame.Rect(20, y + 18 * k, w, 24), line, ui, container=container, object_id="#hint_label")
    return 18 * (len(lines) - 1)


def button_width(fonts: Fonts, text: str, least: int) -> int:
    """A dialog button as wide as its words need (bold 16 and the button's padding), at least `least`."""
    return max(least, fonts.width(text, 16, "bold") + 32)


DIM_ALPHA = 175  # how dark the scene goes under a dialog: its buttons recede
PANEL_BACK = (0x24, 0x17, 0x0E)  # the panel's colour, opaque
PANEL_BORDER = (0xC9, 0xA4, 0x5A)  # its brass rim
PANEL_RADIUS = 12
# (the panel is drawn here, not by pygame_gui: its rounded panel with a shadow took ~100 ms to make –
# every dialog's opening and every resize – where these three rectangles take well under one)


class Modal:
    """A dimmed screen with a panel in the middle; subclasses fill `build()`."""

    def __init__(self, fonts: Fonts, size: tuple[int, int], panel_size: tuple[int, int]) -> None:
        self.fonts = fonts
        self.panel_size = panel_size
        self.open = True
        self.ui = make_manager(size)
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.ui.set_window_resolution(size)
        self.ui.clear_and_reset()
        w = min(self.panel_size[0], size[0] - 40)
        h = min(self.panel_size[1], size[1] - 40)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.panel = UIPanel(self.rect, starting_height=1, manager=self.ui)
        self.build()

    def build(self) -> None:
        """Create the widgets inside `self.panel` (coordinates relative to it)."""

    def close(self) -> None:
        self.open = False

    def on_event(self, e: pygame.event.Event) -> None:
        """pygame_gui's events (button presses, selections) for this dialog."""

    def handle_event(self, e: pygame.event.Event) -> None:
        self.ui.process_events(e)
        self.on_event(e)

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, DIM_ALPHA))
        surface.blit(dim, (0, 0))
        shadow = self.rect.inflate(8, 8).move(0, 3)
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=PANEL_RADIUS + 4)
        pygame.draw.rect(surface, PANEL_BACK, self.rect, border_radius=PANEL_RADIUS)  # the table's buttons never shine through the panel
        pygame.draw.rect(surface, PANEL_BORDER, self.rect, width=2, border_radius=PANEL_RADIUS)
        self.ui.draw_ui(surface)


class ListDialog(Modal):
    """A title, a hint, a list to choose from, an action button and Close."""

    def __init__(
        self,
        fonts: Fonts,
        size: tuple[int, int],
        title: str,
        hint: str,
        items: list[tuple[str, str]],
        action: str,
        on_action: Callable[[str | None], None],
        panel_size: tuple[int, int] = (640, 560),
        empty: str | None = None,
        select_last: bool = False,
        wrap: bool = False,
    ) -> None:
        self.title = title
        self.hint = hint
        self.items = items  # (label, key)
        self.action = action
        self.on_action = on_action
        self.empty = empty if empty is not None else _("(nothing here)")
        self.select_last = select_last
        self.wrap = wrap  # a long item goes on over further rows (each chooses the item) instead of being cut
        self.message = ""
        self.chosen: str | None = None
        super().__init__(fonts, size, panel_size)

    def build(self) -> None:
        w, h = self.rect.size
        c = self.panel
        UILabel(pygame.Rect(20, 12, w - 40, 34), self.title, self.ui, container=c, object_id="#title_label")
        extra = hint_lines(self.fonts, self.ui, c, self.hint, 44, w - 40)
        room = w - 40 - 40  # the list's width less its scroll bar and padding
        fitted = [self.fonts.fit(label, 15, room) for label, _ in self.items]
        self.cut = {f"#item_{i}": label for i, ((label, _), short) in enumerate(zip(self.items, fitted)) if short != label}
        self.shown_full = ""  # the chosen item's whole text, when its row had to be cut
        labels: list[str | tuple[str, str]] = [(short, f"#item_{i}") for i, short in enumerate(fitted)] or [(self.empty, "#empty")]
        self.keys = {f"#item_{i}": key for i, (_, key) in enumerate(self.items)}
        if self.wrap and self.items:
            rows, self.keys = self._wrapped(w - 40 - 20 - 2 * 12)
            labels = list(rows)
            self.cut = {}  # (wrapped: nothing is cut)
        default = labels[-1] if (self.select_last and self.items and not self.wrap) else None  # (as the list shows it: fitted)
        self.list = UISelectionList(
            pygame.Rect(20, 76 + extra, w - 40, h - 76 - extra - 104),
            labels,
            self.ui,
            container=c,
            default_selection=default,
        )
        if default is not None:
            self.chosen = self.keys.get(default[1])
            bar = self.list.scroll_bar
            if bar is not None:  # show the newest entries
                bar.set_scroll_from_start_percentage(1.0)
        bw = button_width(self.fonts, self.action, 180)  # "Bis hierher rückgängig" whole
        self.action_button = UIButton(pygame.Rect(w - 20 - bw - 10 - 130, h - 58, bw, 40), self.action, self.ui, container=c)
        self.close_button = UIButton(pygame.Rect(w - 20 - 130, h - 58, 130, 40), _("Close (Esc)"), self.ui, container=c)
        if not self.items:
            self.action_button.disable()

    def set_message(self, text: str) -> None:
        self.message = text

    def _wrapped(self, width: int) -> tuple[list[tuple[str, str]], dict[str, str]]:
        """The items as rows no wider than `width` (the list's font): each item's further rows
        indented under its first; every row chooses its item."""
        rows: list[tuple[str, str]] = []
        keys: dict[str, str] = {}
        indent = "        "
        for i, (label, key) in enumerate(self.items):
            first, *rest = self.fonts.wrap(label, 15, width) or [label]
            for j, line in enumerate([first, *self.fonts.wrap(" ".join(rest), 15, width - self.fonts.width(indent, 15))] if rest else [first]):
                oid = f"#item_{i}" if j == 0 else f"#item_{i}_{j}"
                rows.append((line if j == 0 else indent + line, oid))
                keys[oid] = key
        return rows, keys

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text, color = (self.message, theme.CHALK_RED) if self.message else (self.shown_full, theme.CREAM)
        if text:  # a message, or the whole of a chosen row that was cut to fit the list
            lines = self.fonts.wrap(text, 14, self.rect.w - 40, "bold")
            if len(lines) > 2:
                lines = lines[:1] + [self.fonts.fit(" ".join(lines[1:]), 14, self.rect.w - 40, "bold")]
            y = self.rect.bottom - 100
            for line in lines:
                img = self.fonts.text(line, 14, color, "bold")
                surface.blit(img, (self.rect.x + 20, y))
                y += img.get_height()
        raise_expanded(self.ui, surface)

    def on_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.close_button:
                self.close()
            elif e.ui_element is self.action_button:
                self.on_action(self.chosen)
        elif e.type in (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION):
            if e.ui_element is self.list:
                sel = self.list.get_single_selection(include_object_id=True)
                self.chosen = self.keys.get(sel[1]) if isinstance(sel, tuple) else None
                self.shown_full = self.cut.get(sel[1], "") if isinstance(sel, tuple) else ""
                if e.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and self.chosen is not None:
                    self.on_action(self.chosen)
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.chosen is not None:
            self.on_action(self.chosen)


class Confirm(Modal):
    """A question with buttons; `on_choice` gets the chosen button's text as given (shown through `_()`)."""

    def __init__(self, fonts: Fonts, size: tuple[int, int], question: str, detail: str, buttons: list[str], on_choice: Callable[[str], None]) -> None:
        self.question = question
        self.detail = detail
        self.buttons = buttons
        self.on_choice = on_choice
        super().__init__(fonts, size, (max(520, 30 + len(buttons) * 160), 200))

    def build(self) -> None:
        w, h = self.rect.size
        c = self.panel
        UILabel(pygame.Rect(20, 16, w - 40, 36), self.question, self.ui, container=c, object_id="#title_label")
        UILabel(pygame.Rect(20, 56, w - 40, 26), self.detail, self.ui, container=c, object_id="#hint_label")
        bw = 150
        x = w - 20 - len(self.buttons) * (bw + 10) + 10
        self.button_map: dict[UIButton, str] = {}
        for i, text in enumerate(self.buttons):
            b = UIButton(pygame.Rect(x + i * (bw + 10), h - 64, bw, 42), _(text), self.ui, container=c, object_id="#danger_button" if i == 0 else None)
            self.button_map[b] = text

    def on_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element in self.button_map:
            self.on_choice(self.button_map[e.ui_element])
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_choice(self.buttons[0])


def log_dialog(fonts: Fonts, size: tuple[int, int], items: list[tuple[str, str]], undo_to: Callable[[int], None],
               panel_size: tuple[int, int] = (640, 560)) -> ListDialog:
    """The match log (items keyed by the entry's index) with "Undo to here" – the dice table's and the race's
    (wider: its rulings stand under each action)."""

    def chosen(key: str | None) -> None:
        if key is None:
            dialog.set_message(_("Choose an action in the list first"))
            return
        undo_to(int(key))

    dialog = ListDialog(
        fonts,
        size,
        _("Match log"),
        _('Choose an action; "Undo to here" takes it back with everything after it.'),
        items,
        _("Undo to here"),
        chosen,
        panel_size,
        empty=_("No one has acted yet."),
        select_last=True,
    )
    return dialog
