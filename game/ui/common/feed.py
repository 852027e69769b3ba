"""The referee's feed: the rulings of the match on a chalkboard, newest at the bottom.

A challenged ruling stays in its place, dimmed and struck through; its override (the challenge's
ruling) follows right after it, marked and indented (`feed_items`). The feed follows the log
incrementally: new entries add their rulings, an undo cuts the feed back; only a challenge (it marks an
earlier ruling) or a log that is not a continuation of the one shown rebuilds it.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import accumulate

import pygame

from game.i18n import _, tr
from game.rules.catalog import title
from game.rules.matchlog import Entry
from game.rules.challenge import CHALLENGE
from game.session.feed import FeedItem, feed_by_entry, override_line, round_header
from game.rules.ruling import Ruling, What
from game.ui.common import theme
from game.ui.common.theme import Fonts

WHAT_COLORS: dict[What, theme.Color] = {
    What.MATS: theme.AMBER,
    What.LOSS: theme.CHALK_RED,
    What.STROKE: theme.CHALK_RED,
    What.SCHUSS: theme.CHALK_RED,
    What.CALL: (240, 120, 200),
    What.NOTE: theme.CHALK_BLUE,
}
OVERRIDE_COLOR = theme.CHALK_YELLOW
STRIKE_COLOR = (238, 128, 110, 230)


class Feed:
    """Draws the rulings in a rectangle; the mouse wheel scrolls back through older ones."""

    def __init__(self, fonts: Fonts, words: Callable[[Ruling], str] | None = None) -> None:
        self.fonts = fonts
        self.words = words or (lambda r: tr(r.arithmetic))  # a ruling's text as shown (the race names its fields)
        self.rect = pygame.Rect(0, 0, 300, 400)
        self.s = 1.0
        self.rulings: list[Ruling] = []
        self.items: list[FeedItem] = []  # the rulings with their struck/override marks
        self.scroll = 0  # rulings hidden below (0: the newest is visible)
        self.flash: dict[int, float] = {}  # index → seconds of highlight left
        self._items: dict[tuple[FeedItem, int], pygame.Surface] = {}
        # the log entries shown (None: the feed was not set from a log), the items after each of
        # them, and the entry numbers (from 1) of the challenges among them
        self._entries: list[Entry] | None = None
        self._ends: list[int] = []
        self._challenges: list[int] = []

    def set_rect(self, rect: pygame.Rect, s: float) -> None:
        if rect != self.rect or s != self.s:
            self._items.clear()
        self.rect = pygame.Rect(rect)
        self.s = s

    def set_rulings(self, rulings: list[Ruling]) -> None:
        """The match's rulings; new ones (appended) flash briefly."""
        old = self.rulings
        same_prefix = len(rulings) >= len(old) and rulings[: len(old)] == old
        if same_prefix:
            for i in range(len(old), len(rulings)):
                self.flash[i] = 1.2
        else:
            self.flash.clear()
        self.rulings = list(rulings)
        self.items = [FeedItem(r) for r in rulings]
        self.scroll = 0
        self._entries = None

    def set_log(self, entries: Sequence[Entry], n: int | None = None) -> None:
        """The match's rulings from its log (its first `n` entries), challenged ones struck with their
        overrides after them (`feed_items`). Rulings new to the log flash; a new override is scrolled
        into view. Costs what changed: new entries are added, an undo's cut is cut (see the module doc)."""
        n = len(entries) if n is None else min(n, len(entries))
        if not self._follow(entries, n):
            self._rebuild(entries, n)

    def _follow(self, entries: Sequence[Entry], n: int) -> bool:
        """The feed brought to the first `n` entries without a rebuild, if they continue or cut back
        the entries shown with no challenge among those added or taken away; False otherwise."""
        old = self._entries
        if old is None or not old:
            return False
        m = min(n, len(old))
        i = m - 1
        while i >= 0 and entries[i] is not old[i]:  # an undo's replayed entries: equal, not the same
            if entries[i] != old[i]:
                return False
            i -= 1
        if i < 0:
            return False
        old[i + 1:m] = entries[i + 1:m]
        if n < len(old):  # cut back
            if self._challenges and self._challenges[-1] > n:
                return False
            cut = self._ends[n - 1]
            if cut < len(self.items):
                del self.items[cut:], self.rulings[cut:]
                self.flash.clear()
            del old[n:], self._ends[n:]
            self.flash = {k: t for k, t in self.flash.items() if k < len(self.items)}
            self.scroll = 0
            return True
        fresh = entries[len(old):n]
        if any(e.seat == CHALLENGE for e in fresh):
            return False
        grew = bool(self.items)
        if not grew:
            self.flash.clear()
        self.flash = {k: t for k, t in self.flash.items() if k < len(self.items)}
        start = len(old) + 1
        for i, e in enumerate(fresh, start=start):
            for j, r in enumerate(e.rulings, start=1):
                if grew:
                    self.flash[len(self.items)] = 1.2
                self.items.append(FeedItem(r, False, False, (i, j)))
                self.rulings.append(r)
            self._ends.append(len(self.items))
        old.extend(fresh)
        self.scroll = 0
        return True

    def _rebuild(self, entries: Sequence[Entry], n: int) -> None:
        """The whole feed anew from the first `n` entries (flashes kept for the rulings still shown)."""
        shown = entries[:n]
        rows = feed_by_entry(shown)
        items = [item for row in rows for item in row]

        def key(it: FeedItem) -> tuple[tuple[int, int] | None, Ruling]:
            return it.origin, it.ruling

        old = {key(it) for it in self.items if it.origin is not None}
        grew = bool(old) and old <= {key(it) for it in items}
        if grew:
            was = {key(self.items[k]): t for k, t in self.flash.items() if k < len(self.items)}
            self.flash = {k: was.get(key(it), 1.2) for k, it in enumerate(items) if key(it) not in old or key(it) in was}
        else:
            self.flash.clear()
        self.items = items
        self.rulings = [it.ruling for it in items]
        fresh = [k for k, it in enumerate(items) if key(it) not in old]
        self.scroll = len(items) - 1 - max(fresh) if (grew and fresh) else 0
        self._entries = list(shown)
        self._ends = list(accumulate(len(row) for row in rows))
        self._challenges = [i for i, e in enumerate(shown, start=1) if e.seat == CHALLENGE]

    def item(self, r: Ruling | FeedItem) -> pygame.Surface:
        it = r if isinstance(r, FeedItem) else FeedItem(r)
        r = it.ruling
        indent = int(14 * self.s) if it.override else 0
        width = self.rect.w - int(20 * self.s) - indent
        key = (it, width)
        surf = self._items.get(key)
        if surf is not None:
            return surf
        f = self.fonts
        s = self.s
        header = round_header(r)
        if header is not None:
            surf = self._header(header, r.rule, width)
            self._items[key] = surf
            return surf
        pad = int(10 * s)
        ink = theme.MUTED if it.struck else theme.CHALK
        idf = f.text(r.rule, int(13 * s), theme.CHALK_DIM if it.struck else theme.CHALK_YELLOW, "bold")
        label = _(title(r.rule)) if title(r.rule) else ""
        tag = _("overridden") if it.struck else _("override") if it.override else ""
        head = f.text(f"{label} · {tag}" if (tag and label) else (label or tag), int(15 * s), ink if not it.override else OVERRIDE_COLOR, "bold")
        lines = f.wrap(self.words(r), int(14 * s), width - 2 * pad - 4)
        news = f.wrap(override_line(r, it.was), int(14 * s), width - 2 * pad - 4, "bold") if it.override else []
        lines = news + lines  # an override: the new value first, "Eva: 3 sips instead of 1"
        line_h = f.font(int(14 * s)).get_linesize()
        stacked = pad + 2 + idf.get_width() + int(8 * s) + head.get_width() > width - pad // 2  # a long id: the title below it
        top = idf.get_height() + head.get_height() - int(2 * s) if stacked else max(idf.get_height(), head.get_height())
        h = pad + top + 2 + line_h * len(lines) + pad // 2
        surf = pygame.Surface((width, h), pygame.SRCALPHA)
        color = OVERRIDE_COLOR if it.override else WHAT_COLORS.get(r.what, theme.CHALK_DIM)
        pygame.draw.rect(surf, (255, 255, 255, 6 if it.struck else 20 if it.override else 12), surf.get_rect(), border_radius=6)
        pygame.draw.rect(surf, color, (0, 4, 4, h - 8), border_radius=2)
        x = pad + 2
        surf.blit(idf, (x, pad // 2 + 2))
        if stacked:
            surf.blit(head, (x, pad // 2 + idf.get_height() - int(2 * s)))
        else:
            surf.blit(head, (x + idf.get_width() + int(8 * s), pad // 2 + 1))
        y = pad // 2 + top + 2
        thick = max(1, int(2 * s))
        for n, line in enumerate(lines):
            if n < len(news):
                img = f.text(line, int(14 * s), OVERRIDE_COLOR, "bold")
            else:
                img = f.text(line, int(14 * s), theme.CHALK_DIM if (r.what is What.NOTE or it.struck) else theme.CHALK)
            surf.blit(img, (x, y))
            if it.struck:  # a line through the text: the ruling no longer stands
                mid = y + img.get_height() // 2 + 1
                pygame.draw.line(surf, STRIKE_COLOR, (x - 2, mid), (x + img.get_width() + 2, mid), thick)
            y += line_h
        if it.struck:
            surf.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)  # dimmed
        if len(self._items) > 2000:
            self._items.clear()
        self._items[key] = surf
        return surf

    def _header(self, text: str, rule: str, width: int) -> pygame.Surface:
        """A round's header: a chalk line with the round (and its Laden) on it, the rule id at the end –
        left out when that alone would break the words over two lines."""
        f, s = self.fonts, self.s
        size = int(13 * s)
        rid = f.text(rule, int(11 * s), theme.CHALK_DIM)
        room = width - rid.get_width() - int(24 * s)
        if room < f.width(text, size, "bold") <= width - int(16 * s):
            rid = pygame.Surface((0, 0), pygame.SRCALPHA)  # one line without the rule id rather than two with it
            room = width - int(16 * s)
        lines = f.wrap(text, size, room, "bold")[:3]
        heads = [f.text(f.fit(line, size, room, "bold"), size, theme.CHALK_BLUE, "bold") for line in lines]
        line_h = max(h.get_height() for h in heads)
        h = line_h * len(heads) + int(6 * s)
        surf = pygame.Surface((width, h), pygame.SRCALPHA)
        y = int(3 * s) + line_h // 2  # the chalk line runs through the first line of text
        ink = (*theme.CHALK_BLUE, 120)
        pygame.draw.line(surf, ink, (0, y), (int(6 * s), y), max(1, int(s)))
        x = int(10 * s)
        for k, head in enumerate(heads):
            surf.blit(head, (x, int(3 * s) + k * line_h))
        x += heads[0].get_width() + int(6 * s)
        end = width - rid.get_width() - int(6 * s)
        if end > x:
            pygame.draw.line(surf, ink, (x, y), (end, y), max(1, int(s)))
        surf.blit(rid, (width - rid.get_width(), y - rid.get_height() // 2))
        return surf

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, min(len(self.rulings) - 1, self.scroll + e.y))
            return True
        return False

    def update(self, dt: float) -> None:
        for k in list(self.flash):
            self.flash[k] -= dt
            if self.flash[k] <= 0:
                del self.flash[k]

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        y = self.rect.bottom - int(6 * s)
        x = self.rect.x + int(10 * s)
        i = len(self.rulings) - 1 - self.scroll
        gap = int(6 * s)
        while i >= 0 and y > self.rect.y:
            it = self.items[i] if i < len(self.items) else FeedItem(self.rulings[i])
            img = self.item(it)
            xi = x + (int(14 * s) if it.override else 0)
            y -= img.get_height()
            if i in self.flash:
                a = int(90 * min(1.0, self.flash[i]))
                glow = pygame.Surface(img.get_size(), pygame.SRCALPHA)
                glow.fill((242, 214, 110, a))
                surface.blit(glow, (xi, y))
            surface.blit(img, (xi, y))
            y -= gap
            i -= 1
        surface.set_clip(clip)
        if self.scroll > 0:
            hint = self.fonts.text(f"{self.scroll} newer below – scroll down", int(13 * s), theme.CHALK_YELLOW, "bold")
            r = hint.get_rect(midbottom=(self.rect.centerx, self.rect.bottom - 2))
            theme.rounded_panel(surface, r.inflate(14, 6), (20, 20, 20, 220), None, 8)
            surface.blit(hint, r)
