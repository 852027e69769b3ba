"""The window host's questions about its table: a friend who dropped ("let a bot play
until they are back, or wait?"), leaving a table friends play at from their laptops, and the host
dialog's choice for a seat whose friend drops. The host (`game.net.hosting.HostedTable`) is the
one truth; these only turn clicks into its requests.

`Question` draws its own words, wrapped to the panel (nothing is cut), and sizes its buttons to
their labels: one row when they fit, else one under the other.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from game.i18n import _
from game.ui.common import theme
from game.ui.common.modal import Modal

TITLE, BODY, BUTTON = 22, 15, 16  # the question's, its lines' and the buttons' type sizes
PAD = 22
DROP_TIMEOUTS = (30, 60, 120, 300)  # the host dialog's "a bot plays after N s" (a click: the next)
DEFAULT_DROP = 60.0  # the first it offers


class Question(Modal):
    """A question in words that wrap, and buttons (key, label) sized to their labels; `on_choice`
    gets the chosen key (Esc closes it: the scene's `modal_closed`). Enter chooses the first."""

    def __init__(self, fonts: Any, size: tuple[int, int], title: str, lines: list[str], buttons: list[tuple[str, str]],
                 on_choice: Callable[[str], None], *, first_danger: bool = False) -> None:
        self.title, self.lines, self.buttons, self.on_choice = title, lines, buttons, on_choice
        self.first_danger = first_danger
        self.fonts = fonts
        super().__init__(fonts, size, self._measure(size))

    def _width(self, size: tuple[int, int]) -> int:
        return min(size[0] - 40, 720)

    def _button_w(self, label: str) -> int:
        return max(120, self.fonts.size(label, BUTTON, "bold")[0] + 40)

    def _rows(self, inner: int) -> list[list[int]]:
        """The buttons' rows: all in one when they fit, else one each."""
        widths = [self._button_w(label) for _k, label in self.buttons]
        if sum(widths) + 12 * (len(widths) - 1) <= inner:
            return [list(range(len(widths)))]
        return [[i] for i in range(len(widths))]

    def _text(self, inner: int) -> list[tuple[str, int, str, theme.Color]]:
        out: list[tuple[str, int, str, theme.Color]] = [(t, TITLE, "bold", theme.CREAM) for t in self.fonts.wrap(self.title, TITLE, inner, "bold")]
        for line in self.lines:
            out += [(t, BODY, "regular", theme.CREAM) for t in self.fonts.wrap(line, BODY, inner, "regular")]
        return out

    def _measure(self, size: tuple[int, int]) -> tuple[int, int]:
        w = self._width(size)
        inner = w - 2 * PAD
        text_h = sum(self.fonts.size(t, sz, st)[1] + (8 if sz == TITLE else 4) for t, sz, st, _c in self._text(inner))
        return w, PAD + text_h + 14 + len(self._rows(inner)) * 52 + PAD - 10

    def resize(self, size: tuple[int, int]) -> None:
        if hasattr(self, "buttons"):
            self.panel_size = self._measure(size)
        super().resize(size)

    def build(self) -> None:
        w, h = self.rect.size
        inner = w - 2 * PAD
        rows = self._rows(inner)
        self.button_map: dict[UIButton, str] = {}
        y = h - PAD + 10 - len(rows) * 52
        for row in rows:
            widths = [inner if len(rows) > 1 else self._button_w(self.buttons[i][1]) for i in row]
            x = w - PAD - (sum(widths) + 12 * (len(widths) - 1))
            for i, bw in zip(row, widths):
                key, label = self.buttons[i]
                danger = self.first_danger and i == 0
                b = UIButton(pygame.Rect(x, y, bw, 42), label, self.ui, container=self.panel, object_id="#danger_button" if danger else None)
                self.button_map[b] = key
                x += bw + 12
            y += 52

    def on_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element in self.button_map:
            self.choose(self.button_map[e.ui_element])
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.buttons:
            self.choose(self.buttons[0][0])

    def choose(self, key: str) -> None:
        """As a click on the button `key`: the question closes, then `on_choice` acts."""
        self.close()
        self.on_choice(key)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        y = self.rect.y + PAD
        for text, sz, style, color in self._text(self.rect.w - 2 * PAD):
            img = self.fonts.text(text, sz, color, style)
            surface.blit(img, (self.rect.x + PAD, y))
            y += img.get_height() + (8 if sz == TITLE else 4)


class DroppedNotice(Question):
    """A friend's seat dropped: let a bot play it until they are back, or wait."""

    def __init__(self, fonts: Any, size: tuple[int, int], table: Any, seat: int) -> None:
        self.table, self.seat = table, seat
        name = table.session.match.players[seat].name
        lines = [_("{name} can come back with the join code {code}: their laptop keeps the seat's token.").format(name=name, code=table.code)]
        if table.host.remote_timeout is not None:
            lines.append(_("If you wait, a bot plays the seat after {n} s all the same.").format(n=_seconds(table.host.remote_timeout)))

        def chosen(key: str) -> None:
            if key == "bot":
                table.let_bot_play(seat)

        super().__init__(fonts, size, _("{name} dropped").format(name=name), lines,
                         [("bot", _("Let a bot play {name} until they are back").format(name=name)), ("wait", _("Wait"))], chosen)


def leave_question(fonts: Any, size: tuple[int, int], friends: int, leave: Callable[[], None], stay: Callable[[], None]) -> Question:
    """Esc at a table friends play at from their laptops: leave anyway (the table closes for them)?"""
    title = (_("1 friend is playing at this table from their laptop – leave anyway?") if friends == 1 else
             _("{n} friends are playing at this table from their laptops – leave anyway?").format(n=friends))

    def chosen(key: str) -> None:
        stay() if key == "stay" else leave()

    return Question(fonts, size, title, [_("Leaving closes the table for them; the match is kept, and you can continue it from the menu.")],
                    [("leave", _("Leave")), ("stay", _("Stay"))], chosen, first_danger=True)


def _seconds(n: float) -> str:
    return f"{n:g}"


class HostDialog(Question):
    """"Host table": what happens at a seat whose friend drops – the table waits, or a bot plays it
    after N seconds until the friend is back – then the table opens (`on_open(timeout)`; None: wait)."""

    def __init__(self, fonts: Any, size: tuple[int, int], remotes: list[str], on_open: Callable[[float | None], None],
                 timeout: float | None = None) -> None:
        self.choice: float | None = timeout
        self.on_open = on_open
        who = ", ".join(remotes)
        lines = [_("Friends join from their laptops with the code the table shows: {names}.").format(names=who),
                 _("If a friend drops:")]

        def chosen(key: str) -> None:
            if key == "open":
                on_open(self.choice)

        super().__init__(fonts, size, _("Host the table"), lines, [("open", _("Open the table")), ("cancel", _("Cancel"))], chosen)

    def _measure(self, size: tuple[int, int]) -> tuple[int, int]:
        w, h = super()._measure(size)
        return w, h + 2 * 44 + 8  # the two choices

    def options(self) -> list[tuple[float | None, str]]:
        return [(None, _("wait for them (they come back with the code)"))] + \
               [(float(n), _("a bot plays after {n} s, until they are back").format(n=n)) for n in DROP_TIMEOUTS]

    def build(self) -> None:
        super().build()
        w, h = self.rect.size
        inner = w - 2 * PAD
        y = h - PAD + 10 - len(self._rows(inner)) * 52 - 2 * 44 - 8
        self.wait_button = UIButton(pygame.Rect(PAD, y, inner, 38), "", self.ui, container=self.panel)
        self.bot_button = UIButton(pygame.Rect(PAD, y + 44, inner, 38), "", self.ui, container=self.panel,
                                   tool_tip_text=_("click again for another number of seconds"))
        self._label()

    def _label(self) -> None:
        opts = self.options()
        bot = next((t for v, t in opts if v == (self.choice or DEFAULT_DROP)), opts[1][1])
        self.wait_button.set_text(("● " if self.choice is None else "○ ") + opts[0][1])
        self.bot_button.set_text(("● " if self.choice is not None else "○ ") + bot)

    def choose_timeout(self, seconds: float | None) -> None:
        self.choice = seconds
        self._label()

    def on_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element is self.wait_button:
            self.choose_timeout(None)
        elif e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element is self.bot_button:
            steps = [float(n) for n in DROP_TIMEOUTS]
            nxt = DEFAULT_DROP if self.choice not in steps else steps[(steps.index(self.choice) + 1) % len(steps)]
            self.choose_timeout(nxt)
        else:
            super().on_event(e)


def draw_placeholder(surface: pygame.Surface, fonts: Any, entry: UITextEntryLine, text: str) -> None:
    """`text` in grey and italic inside an empty `entry` that is not being typed in: a placeholder
    that looks like one (pygame_gui draws its own in the colour of typed text)."""
    if entry.get_text() or entry.is_focused or not entry.visible:
        return
    r = entry.get_abs_rect()
    img = fonts.text(text, 15, theme.MUTED, "italic")
    clip = surface.get_clip()
    surface.set_clip(r.inflate(-12, -4))
    surface.blit(img, (r.x + 10, r.centery - img.get_height() // 2))
    surface.set_clip(clip)


__all__ = ["DroppedNotice", "HostDialog", "Question", "draw_placeholder", "leave_question"]
