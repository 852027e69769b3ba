"""The dice games' entry pad at a real table (docs/real-table.md): the player on turn enters the faces
his real dice show – a click on a face (1–6) for each die thrown, or the faces typed ("6 5 2") and
Enter. The dice kept or put out stay and are shown beside the ones entered. The session rules the
entry (`Session.enter`): a refusal is shown with its reason, nothing is logged.
"""
from __future__ import annotations

import pygame

from game.dice.state import DiceState
from game.i18n import _
from game.ui.common import theme
from game.ui.common.theme import Fonts
from game.ui.dice.dice_view import DieArt

TYPABLE = "0123456789 "  # what the pad takes from the keyboard (a 0 or a 7 too: the referee says why not)


class EntryPad:
    """What has been entered of the throw so far, and where its face buttons were drawn."""

    def __init__(self) -> None:
        self.clicked: list[int] = []  # faces clicked, in order
        self.typed = ""  # what was typed since the last entry
        self.buttons: list[tuple[pygame.Rect, int]] = []  # (where, face) of the six face buttons, as last drawn
        self.drawn: pygame.Rect | None = None  # the pad as last drawn
        self._art: DieArt | None = None
        self._small: DieArt | None = None

    def clear(self) -> None:
        self.clicked = []
        self.typed = ""

    def needed(self, st: DiceState) -> int:
        """How many dice the throw being entered has (the ones kept or put out stay)."""
        t = st.turn
        return 3 - len(t.pending) if t is not None and t.pending is not None else 3

    def hit(self, pos: tuple[int, int]) -> int | None:
        """The face of the button at `pos` (None: no button there)."""
        return next((face for r, face in self.buttons if r.collidepoint(pos)), None)

    def click(self, face: int, st: DiceState) -> str | None:
        """A face clicked: the faces to enter once there are as many as dice thrown, else None."""
        self.typed = ""
        self.clicked.append(face)
        if len(self.clicked) < self.needed(st):
            return None
        text = " ".join(str(f) for f in self.clicked)
        self.clicked = []
        return text

    def type(self, char: str) -> bool:
        """A key typed: kept when the pad takes it (digits and spaces)."""
        if not char or char not in TYPABLE or len(self.typed) >= 24:
            return False
        self.clicked = []
        self.typed += char
        return True

    def back(self) -> None:
        """Backspace: the last face typed or clicked is taken back."""
        if self.typed:
            self.typed = self.typed[:-1]
        elif self.clicked:
            self.clicked.pop()

    def shown(self, st: DiceState) -> list[int | None]:
        """The faces in the slots of the throw being entered (None: still to enter)."""
        faces = self.clicked if not self.typed else [int(c) for c in self.typed if c.isdigit()]
        n = self.needed(st)
        return list(faces[:n]) + [None] * max(0, n - len(faces))

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, fonts: Fonts, st: DiceState, name: str, top: tuple[int, int],
             bounds: pygame.Rect, s: float) -> pygame.Rect:
        """The pad from `top` (its midtop: under the middle stack, which stays in sight) down, kept within
        `bounds`: who enters, the slots (the dice kept or put out, then the ones entered), the six faces
        to click and how to type them."""
        gap = max(6, int(10 * s))
        pad = max(10, int(16 * s))
        b = max(28, min(max(34, int(58 * s)), (bounds.w - 2 * pad - 5 * gap) // 6))  # the six faces fit across
        small = max(24, min(max(26, int(40 * s)), b - 6))
        if self._art is None or self._art.size != b:
            self._art = DieArt(b)
        if self._small is None or self._small.size != small:
            self._small = DieArt(small)
        words = _("{name}: enter the dice you threw").format(name=name)
        size = max(15, int(20 * s))
        while size > 12 and fonts.size(words, size, "bold")[0] > bounds.w - 2 * pad:  # a long name, a longer language
            size -= 1
        title = fonts.shadowed(fonts.fit(words, size, bounds.w - 2 * pad, "bold"), size, theme.CHALK_YELLOW, "bold")
        hint_size = max(12, int(14 * s))
        hint_width = 6 * b + 5 * gap
        width = max(hint_width, title.get_width()) + 2 * pad
        hint_lines = fonts.wrap(_("click a face for each die, or type 6 5 2 and Enter · Backspace takes one back"),
                                hint_size, width - 2 * pad, "italic")
        hints = [fonts.text(line, hint_size, theme.MUTED, "italic") for line in hint_lines]
        height = pad + title.get_height() + gap + small + gap + b + gap + sum(h.get_height() for h in hints) + pad
        box = pygame.Rect(0, 0, min(width, bounds.w), min(height, bounds.h))
        box.midtop = top
        box.clamp_ip(bounds)
        theme.rounded_panel(surface, box, (20, 16, 10, 248), theme.BRASS, int(10 * s), 2)
        cx = box.centerx
        y = box.y + pad
        surface.blit(title, title.get_rect(midtop=(cx, y)))
        y += title.get_height() + gap
        t = st.turn
        stay = list(t.pending) if t is not None and t.pending is not None else []
        slots: list[tuple[int | None, bool]] = [(f, True) for f in stay] + [(f, False) for f in self.shown(st)]
        sgap = max(4, int(8 * s))
        x = cx - (len(slots) * small + (len(slots) - 1) * sgap) // 2
        for face, stays in slots:
            r = pygame.Rect(x, y, small, small)
            if face is not None and 1 <= face <= 6:
                surface.blit(self._small.face(face, dim=stays), r)
            else:
                pygame.draw.rect(surface, theme.BRASS_DARK if face is None else theme.CHALK_RED, r, 2, border_radius=max(3, small // 6))
                if face is not None:  # a face no die has (a 7, a 0): shown as typed, the referee says why not
                    digit = fonts.text(str(face), int(small * 0.6), theme.CREAM, "bold")
                    surface.blit(digit, digit.get_rect(center=r.center))
            x += small + sgap
        extra = len([c for c in self.typed if c.isdigit()]) - self.needed(st)
        if extra > 0:  # more faces typed than dice thrown: shown, the referee refuses them on Enter
            more = fonts.text(f"+{extra}", int(small * 0.5), theme.CHALK_RED, "bold")
            surface.blit(more, (x, y + (small - more.get_height()) // 2))
        y += small + gap
        x = cx - hint_width // 2
        self.buttons = []
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
        for face in range(1, 7):
            r = pygame.Rect(x + (face - 1) * (b + gap), y, b, b)
            surface.blit(self._art.face(face), r)
            if r.collidepoint(mouse):
                pygame.draw.rect(surface, theme.CHALK_YELLOW, r.inflate(6, 6), 2, border_radius=max(4, b // 6))
            self.buttons.append((r, face))
        y += b + gap
        for h in hints:
            surface.blit(h, h.get_rect(midtop=(cx, y)))
            y += h.get_height()
        self.drawn = box
        return box
