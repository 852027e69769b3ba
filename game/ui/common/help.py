"""The help overlay (F1, the "?" button): every rule of the game, on a scrollable chalkboard."""
from __future__ import annotations

import re

import pygame

from game.games import GAMES
from game.i18n import _
from game.rules.catalog import rules_for
from game.rules.option_words import labelled, option_label, value_label, variant_label
from game.rules.profile import Option, Profile, ProfileSpec
from game.ui.common import textures, theme
from game.ui.common.theme import Fonts

def option_name_text(game: str, o: Option) -> str:
    """An option's label as shown, in the current language ("Schock aus", not `schock_aus`)."""
    return _(option_label(game, o.name))


def option_values_text(game: str, o: Option) -> str:
    """The values an option takes, in words ("on | off", "loses the half | gives half its mats back")."""
    if o.kind == "bool":
        return f"{_('on')} | {_('off')}"
    if o.kind == "count":
        return f"{_('none')} | 1, 2, 3, …"
    return " | ".join(option_value_text(c, game, o.name) for c in o.choices)


def option_value_text(value: object, game: str = "", name: str = "") -> str:
    """An option's value as shown, in the current language (none, on, off; an id-like value of
    `game`'s option `name` in words – `lose_half` reads "loses the half"; else as it is)."""
    words = value_label(game, name, value) if isinstance(value, (str, int)) else None
    if words:
        return _(words)
    if value is None:
        return _("none")
    if value is True:
        return _("on")
    if value is False:
        return _("off")
    return str(value)


def worded(text: str, game: str) -> str:
    """A rule's text with the house-rule options it names in words: `schock_aus` reads “Schock
    aus”, `option schock_aus: halve_mats` reads “Schock aus: gives half its mats back”, `true` and
    `false` after an option read on and off (the ids stay in the profile files and the notation).
    Only ids that cannot be words are replaced: those with an underscore."""
    names = sorted((n for n in labelled(game) if "_" in n), key=len, reverse=True)  # ("cups", "laps": plain words too)
    if not names:
        return text
    pattern = re.compile(r"(?:\boption )?\b(" + "|".join(map(re.escape, names)) + r")\b(?:(\s*[:=]\s*)([\w,]+))?")

    def sub(m: re.Match[str]) -> str:
        name, value = m.group(1), m.group(3)
        label = _(option_label(game, name))
        if value is not None:
            words = value_label(game, name, value) or {"true": "on", "false": "off", "null": "none"}.get(value)
            if words:
                return f"“{label}: {_(words)}”"
        return f"“{label}”" + (m.group(2) + value if value is not None else "")

    return pattern.sub(sub, text)


class HelpOverlay:
    """A modal chalkboard with the rules; `handle_event` returns False when it wants to close."""

    def __init__(
        self,
        fonts: Fonts,
        game: str,
        size: tuple[int, int],
        profile: Profile | None = None,
        spec: ProfileSpec | None = None,
    ) -> None:
        self.fonts = fonts
        self.game = game
        self.profile = profile
        self.spec = spec
        self.rule_ids: list[str] = [r.id for r in rules_for(game)]
        self.text_lines: list[str] = []  # every text shown, in order (for tests and search)
        self.scroll = 0.0
        self.target = 0.0
        self.resize(size)

    # --- layout ----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        s = theme.scale_for(size)
        self.s = s
        w = min(int(980 * s), size[0] - 60)
        h = size[1] - int(70 * s)
        self.rect = pygame.Rect(0, 0, max(200, w), max(200, h))
        self.rect.center = (size[0] // 2, size[1] // 2)
        frame = max(8, int(14 * s))
        self.inner = self.rect.inflate(-2 * frame, -2 * frame)
        pad = int(26 * s)
        self.view = pygame.Rect(self.inner.x + pad, self.inner.y + int(88 * s), self.inner.w - 2 * pad - 14, self.inner.h - int(88 * s) - int(16 * s))
        self._frame = theme.for_display(self._render_frame(), alpha=True)
        self.content = self._render_content(self.view.w)
        self.max_scroll = max(0, self.content.get_height() - self.view.h)
        self.scroll = min(self.scroll, self.max_scroll)
        self.target = min(self.target, self.max_scroll)

    def _render_frame(self) -> pygame.Surface:
        s = self.s
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        local = surf.get_rect()
        surf.blit(textures.rounded_wood(local.size, int(16 * s), theme.WOOD_LIGHT, seed=11), (0, 0))
        inner = self.inner.move(-self.rect.x, -self.rect.y)
        surf.blit(textures.slate(inner.size, seed=21), inner.topleft)
        pygame.draw.rect(surf, theme.WOOD_DARK, inner, 3)
        f = self.fonts
        title = f.shadowed(_("{game} – the rules").format(game=GAMES[self.game].title if self.game in GAMES else self.game), int(36 * s), theme.CHALK, "serif")
        surf.blit(title, (inner.x + int(26 * s), inner.y + int(16 * s)))
        hint = f.text(_("F1 or Esc closes · mouse wheel, arrow keys, Page Up/Down scroll"), int(15 * s), theme.CHALK_DIM)
        surf.blit(hint, (inner.x + int(28 * s), inner.y + int(60 * s)))
        return surf

    def _render_content(self, width: int) -> pygame.Surface:
        s = self.s
        f = self.fonts
        blocks: list[tuple[pygame.Surface, int, int]] = []  # surface, x, extra space above
        self.text_lines = []

        def add(text: str, size: int, color: theme.Color, style: str = "regular", indent: int = 0, gap: int = 0) -> None:
            lines = f.wrap(text, size, width - indent, style)
            for i, line in enumerate(lines):
                blocks.append((f.text(line, size, color, style), indent, gap if i == 0 else 0))
            self.text_lines.append(text)

        for r in rules_for(self.game):
            pill = f.text(r.id, int(15 * s), theme.INK, "bold")
            head = f.text(_(r.title), int(22 * s), theme.CHALK, "bold")
            row = pygame.Surface((width, max(head.get_height(), pill.get_height() + 6)), pygame.SRCALPHA)
            pr = pygame.Rect(0, (row.get_height() - pill.get_height() - 6) // 2, pill.get_width() + 14, pill.get_height() + 6)
            pygame.draw.rect(row, theme.CHALK_YELLOW, pr, border_radius=6)
            row.blit(pill, (pr.x + 7, pr.y + 3))
            row.blit(head, (pr.right + 12, (row.get_height() - head.get_height()) // 2))
            blocks.append((row, 0, int(18 * s)))
            self.text_lines += [r.id, _(r.title)]
            add(worded(_(r.summary), self.game), int(18 * s), theme.CHALK, indent=int(8 * s), gap=int(4 * s))
            if r.details:
                add(worded(_(r.details), self.game), int(16 * s), theme.CHALK_BLUE, "italic", indent=int(8 * s), gap=int(4 * s))
        if self.spec is not None:
            prof = self.profile or self.spec.default()
            variant = _(variant_label(self.spec.game, prof.variant))
            add(_("House rules of this match (variant {variant})").format(variant=variant), int(24 * s), theme.CHALK_YELLOW, "bold", gap=int(30 * s))
            if not self.spec.options:
                add(_("This game has no options."), int(17 * s), theme.CHALK)
            for o in self.spec.options:
                val = option_value_text(prof.options.get(o.name, o.default), self.spec.game, o.name)
                default = option_value_text(o.default, self.spec.game, o.name)
                mark = "" if prof.options.get(o.name, o.default) == o.default else "   " + _("(changed)")
                add(f"{option_name_text(self.spec.game, o)}: {val}{mark}", int(18 * s), theme.CHALK, "bold", indent=int(8 * s), gap=int(10 * s))
                add(_("{help}. Default: {default} · values: {values} · rule {rule} · option {name}").format(
                    help=_(o.help).rstrip("."), default=default, values=option_values_text(self.spec.game, o), rule=o.rule, name=o.name),
                    int(16 * s), theme.CHALK_DIM, indent=int(8 * s))
        height = sum(b.get_height() + gap for b, _x, gap in blocks) + int(20 * s)
        surf = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        y = 0
        for b, x, gap in blocks:
            y += gap
            surf.blit(b, (x, y))
            y += b.get_height()
        return surf

    # --- input, time, drawing --------------------------------------------------------------

    def handle_event(self, e: pygame.event.Event) -> bool:
        """Consume the event; return False when the overlay should close."""
        step = 60 * self.s
        page = self.view.h * 0.9
        if e.type == pygame.MOUSEWHEEL:
            self.target -= e.y * step
        elif e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_DOWN, pygame.K_j):
                self.target += step
            elif e.key in (pygame.K_UP, pygame.K_k):
                self.target -= step
            elif e.key in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.target += page
            elif e.key == pygame.K_PAGEUP:
                self.target -= page
            elif e.key == pygame.K_HOME:
                self.target = 0
            elif e.key == pygame.K_END:
                self.target = self.max_scroll
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and not self.rect.collidepoint(e.pos):
            return False
        self.target = max(0.0, min(float(self.max_scroll), self.target))
        return True

    def update(self, dt: float) -> None:
        self.scroll += (self.target - self.scroll) * min(1.0, dt * 14)
        if abs(self.target - self.scroll) < 0.5:
            self.scroll = self.target

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        surface.blit(self._frame, self.rect.topleft)
        surface.blit(self.content, self.view.topleft, pygame.Rect(0, int(self.scroll), self.view.w, self.view.h))
        if self.max_scroll > 0:
            track = pygame.Rect(self.view.right + 6, self.view.y, 6, self.view.h)
            pygame.draw.rect(surface, (70, 78, 78), track, border_radius=3)
            frac = self.view.h / self.content.get_height()
            th = max(24, int(track.h * frac))
            ty = track.y + int((track.h - th) * (self.scroll / self.max_scroll))
            pygame.draw.rect(surface, theme.CHALK_DIM, (track.x, ty, 6, th), border_radius=3)
