"""Drawing the dice table (Schock, Katchen): the felt, the chalkboard, the seats, the header and the
middle stack – what `DiceTableScene` shows of the state on the table (`TableDrawing.state`)."""
from __future__ import annotations

import math
from typing import Any

import pygame

from game.dice.state import DiceState
from game.games import GAMES
from game.i18n import N_, _, tr
from game.match import Match
from game.rules.ledger import Drink, Ledger
from game.ui.common import textures, theme
from game.ui.dice.dice_view import DiceView
from game.ui.dice.mats import MatArt, draw_count, draw_count_badge, mats_text
from game.ui.dice.table_layout import MAX_MATS, Layout, seat_arrow
from game.ui.common.theme import Fonts

DRINK_NAMES = {Drink.BEER: N_("beer"), Drink.LIGHT_BEER: N_("light beer"), Drink.OTHER: N_("other drink")}
KIND_NAMES = {"human": "", "bot": N_("bot"), "random": N_("random bot"), "remote": N_("at another laptop")}


def kind_label(kind: str) -> str:
    """A seat's kind as shown ("" for a person), in the current language."""
    name = KIND_NAMES.get(kind, kind)
    return _(name) if name else ""


class TableDrawing:
    """The dice table's drawing, mixed into the scene: it reads the scene's layout `L`, its fonts, the
    state it shows and the dice view, and draws nothing of its own accord."""

    L: Layout
    fonts: Fonts
    match: Match
    dice: DiceView
    mat_big: MatArt
    mat_small: MatArt
    last_throw: dict[int, str]
    finished_caption: str
    middle_drawn: list[pygame.Rect]
    header_drawn: list[pygame.Rect]
    hint_drawn: pygame.Rect | None = None
    _cards: dict[str, pygame.Surface]

    @property
    def state(self) -> DiceState:
        raise NotImplementedError

    def is_human(self, seat: int) -> bool:
        raise NotImplementedError

    def busy(self) -> bool:
        raise NotImplementedError

    def tallies(self) -> Ledger:
        raise NotImplementedError


    HINTS = (N_("click a die (or 1 2 3) to keep it"), N_("K challenge · F1 rules · F11 full screen · Esc menu"))

    def _bottom_plan(self) -> dict[str, Any]:
        """Where the bottom bar's buttons go (pygame_gui fonts do not scale: widths follow the text).
        When the words do not fit side by side (a narrow window, a longer language) the buttons use
        the smaller type (`small`); the key hints show only where there is room."""
        for size, pad_text, least, short in ((16, 30, 1.0, False), (14, 18, 0.0, False), (14, 18, 0.0, True)):
            self._short_labels = short
            rects = self._bottom_rects(size, pad_text, least)
            if rects["undo"].right + max(8, int(12 * self.L.s)) <= rects["flip"].left:
                break
        rects["small"] = size < 16
        rects["short"] = short
        return rects

    _short_labels = False

    def bar_label(self, text: str) -> str:
        """A bottom-bar button's words: without the key in brackets ("Roll (Space)" → "Roll") when
        even the smaller type does not fit them (the key stays in the button's tooltip)."""
        return text.split(" (")[0] if self._short_labels and " (" in text else text

    def _bottom_rects(self, size: int, pad_text: int, least: float) -> dict[str, Any]:
        L = self.L
        s = L.s
        font = self.fonts.at(size, "bold")

        def width(text: str, wish: int) -> int:
            return max(int(wish * least), font.size(text)[0] + pad_text)

        bh = max(38, int(46 * s))
        gap = max(8, int(12 * s))
        y = L.bottom.centery - bh // 2
        pad = int(16 * s)
        right = L.bottom.right - pad
        rects: dict[str, Any] = {}
        for key, text in (("stand", _("Stand (Enter)")), ("roll", _("Roll (Space)")), ("flip", _("Turn 2 sixes (F)"))):
            w = width(self.bar_label(text), int(150 * s))
            rects[key] = pygame.Rect(right - w, y, w, bh)
            right -= w + gap
        undo_w = width(self.bar_label(_("Undo (Ctrl+Z)")), int(140 * s))
        hint_w = max(self.fonts.size(_(t), int(13 * s), "italic")[0] for t in self.HINTS)
        x = L.bottom.x + pad + hint_w + pad
        rects["hints"] = x + undo_w + 2 * gap <= right
        if not rects["hints"]:
            x = L.bottom.x + pad
        rects["undo"] = pygame.Rect(x, y, undo_w, bh)
        return rects

    def _render_background(self) -> pygame.Surface:
        L = self.L
        s = L.s
        bg = textures.wood(L.size, theme.WOOD_DARK, seed=4, plank=int(120 * s))
        # the felt, with a wooden rim
        rim = L.felt.inflate(int(16 * s), int(16 * s))
        pygame.draw.rect(bg, (0, 0, 0), rim.move(6, 8), border_radius=int(34 * s))
        bg.blit(textures.rounded_wood(rim.size, int(34 * s), theme.WOOD_LIGHT, seed=8), rim.topleft)
        felt = textures.felt(L.felt.size)
        mask = pygame.Surface(L.felt.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(26 * s))
        fa = pygame.Surface(L.felt.size, pygame.SRCALPHA)
        fa.blit(felt, (0, 0))
        fa.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        bg.blit(fa, L.felt.topleft)
        pygame.draw.rect(bg, theme.BRASS_DARK, L.felt, 2, border_radius=int(26 * s))
        # a faint print on the felt
        ring = pygame.Surface(L.felt.size, pygame.SRCALPHA)
        oval = pygame.Rect(0, 0, int(L.felt.w * 0.56), int(L.felt.h * 0.62))
        oval.center = (L.felt.w // 2, L.felt.h // 2)
        pygame.draw.ellipse(ring, (255, 255, 255, 16), oval, max(2, int(3 * s)))
        pygame.draw.ellipse(ring, (255, 255, 255, 10), oval.inflate(-int(18 * s), -int(18 * s)), 1)
        bg.blit(ring, L.felt.topleft)
        if self.match.state.SETS_ASIDE:
            area = self.dice.out_area()
            shade = pygame.Surface(area.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (0, 0, 0, 46), shade.get_rect(), border_radius=int(14 * s))
            pygame.draw.rect(shade, (255, 255, 255, 30), shade.get_rect(), 1, border_radius=int(14 * s))
            bg.blit(shade, area.topleft)
            label = self.fonts.text(_("out"), int(14 * s), (200, 225, 205), "italic")
            bg.blit(label, label.get_rect(midright=(area.x - int(8 * s), area.centery)))
        # the chalkboard
        side = L.side
        bg.blit(textures.rounded_wood(side.inflate(-int(8 * s), -int(8 * s)).size, int(14 * s), theme.WOOD, seed=6), side.inflate(-int(8 * s), -int(8 * s)).topleft)
        board = side.inflate(-int(24 * s), -int(24 * s))
        board.y = L.tools.bottom + int(10 * s)
        board.h = side.bottom - int(12 * s) - board.y
        bg.blit(textures.slate(board.size), board.topleft)
        pygame.draw.rect(bg, theme.WOOD_DARK, board, 2)
        head = self.fonts.text(_("The referee"), int(24 * s), theme.CHALK, "serif")
        bg.blit(head, (board.x + int(12 * s), board.y + int(8 * s)))
        sub = self.fonts.text(_("rulings, newest at the bottom"), int(13 * s), theme.CHALK_DIM, "italic")
        bg.blit(sub, (board.x + int(14 * s), board.y + int(10 * s) + head.get_height()))
        # bars
        pygame.draw.line(bg, theme.BRASS_DARK, (0, L.top.bottom - 2), (L.top.right, L.top.bottom - 2), 1)
        for k, line in enumerate(self.HINTS if (self._bottom_plan()["hints"] and not getattr(self, "replaying", False)) else ()):
            t = self.fonts.text(_(line), int(13 * s), theme.MUTED, "italic")
            bg.blit(t, (L.bottom.x + int(16 * s), L.bottom.centery - t.get_height() + k * (t.get_height() + 2) - 1))
        return bg

    def _render_card(self, kind: str) -> pygame.Surface:
        L = self.L
        s = L.s
        r = L.seats[0] if L.seats else pygame.Rect(0, 0, 200, 100)
        pad = int(14 * s)
        surf = pygame.Surface((r.w + 2 * pad, r.h + 2 * pad), pygame.SRCALPHA)
        box = pygame.Rect(pad, pad, r.w, r.h)
        if kind == "current":
            for i in range(pad, 0, -2):
                a = int(110 * (1 - i / pad))
                pygame.draw.rect(surf, (*theme.BRASS, a), box.inflate(i * 2, i * 2), 2, border_radius=int(14 * s) + i)
        pygame.draw.rect(surf, (0, 0, 0, 90), box.move(3, 5), border_radius=int(14 * s))
        fill = {"normal": (34, 22, 13, 230), "current": (58, 38, 20, 245), "idle": (30, 26, 22, 170)}[kind]
        pygame.draw.rect(surf, fill, box, border_radius=int(14 * s))
        border = {"normal": theme.BRASS_DARK, "current": theme.BRASS, "idle": (90, 80, 66)}[kind]
        pygame.draw.rect(surf, border, box, 3 if kind == "current" else 2, border_radius=int(14 * s))
        return surf

    def stage_text(self) -> str:
        """The header's line on where the match stands (`DiceState.headline`)."""
        return " · ".join(tr(p) for p in self.state.headline())

    def turn_text(self) -> str:
        st = self.state
        if st.is_terminal():
            return _("The match is over")
        t = st.turn
        if t is None:
            return ""
        name = st.players[t.seat]
        if t.roll_no == 0:
            return _("{name} to roll").format(name=name)
        return f"{name} · " + _("roll {n} of {total}").format(n=t.roll_no, total=t.max_rolls)

    def _draw_header(self, surface: pygame.Surface) -> None:
        L = self.L
        s = L.s
        f = self.fonts
        title = f.shadowed(self.match.info.title, int(32 * s), theme.CREAM, "serif")
        x = L.top.x + int(22 * s)
        surface.blit(title, title.get_rect(midleft=(x, L.top.centery)))
        turn = f.shadowed(self.turn_text(), int(24 * s), theme.CHALK_YELLOW, "bold")
        turn_r = surface.blit(turn, turn.get_rect(midright=(L.top.right - int(22 * s), L.top.centery)))
        sx = x + title.get_width() + int(16 * s)
        stage = self._fit_line([tr(p) for p in self.state.headline()], turn_r.x - int(16 * s) - sx, 16, theme.MUTED)
        self.header_drawn = [turn_r]
        if stage is not None:
            self.header_drawn.append(surface.blit(stage, stage.get_rect(midleft=(sx, L.top.centery + int(2 * s)))))

    def _draw_middle(self, surface: pygame.Surface) -> None:
        L = self.L
        s = L.s
        st = self.state
        if not isinstance(st, DiceState) or not st.PILE:
            return
        n, label = st.pile, _(st.PILE)
        r = self.mat_big.draw_stack(surface, min(n, MAX_MATS), L.middle)
        x = r.right + int(12 * s)
        room = L.stack_box.right - x  # a longer word (another language) gets smaller type, not more room
        t1 = self.fonts.text(label, int(15 * s), (200, 225, 205), "italic")
        t2 = self.fonts.shadowed(mats_text(n) if n else _("empty"), int(22 * s), theme.CREAM, "bold")
        for size in (20, 18, 16, 14, 12):
            if t2.get_width() <= room:
                break
            t2 = self.fonts.shadowed(mats_text(n) if n else _("empty"), int(size * s), theme.CREAM, "bold")
        for size in (13, 11):
            if t1.get_width() <= room:
                break
            t1 = self.fonts.text(label, int(size * s), (200, 225, 205), "italic")
        r1 = surface.blit(t1, (x, L.middle[1] - t1.get_height() - t2.get_height()))
        r2 = surface.blit(t2, (x, L.middle[1] - t2.get_height()))
        shadow = pygame.Rect(0, 0, self.mat_big.w + 10, self.mat_big.h + 6)
        shadow.midbottom = (L.middle[0] + 4, L.middle[1] + 4)
        self.middle_drawn = [r.union(shadow), r1, r2]

    def seat_tag(self, seat: int) -> str:
        """Schock: which half the seat lost, and that it plays the final ("lost half 1 · plays the final")."""
        return " · ".join(tr(p) for p in self.state.seat_tags(seat))

    def seat_status(self, seat: int) -> tuple[str, theme.Color]:
        st = self.state
        if st.is_terminal():
            return "", theme.MUTED
        t = st.turn
        results = dict(st.results)
        if t is not None and t.seat == seat:
            if t.roll_no == 0:
                return _("to roll · up to {total}").format(total=t.max_rolls), theme.CHALK_YELLOW
            return _("rolling · {n} of {total}").format(n=t.roll_no, total=t.max_rolls), theme.CHALK_YELLOW
        if seat in results:
            return tr(st.describe(results[seat])), theme.CREAM
        if seat in st.round_order:
            last = self.last_throw.get(seat)
            return (_("last: {throw}").format(throw=last), theme.MUTED) if last else (_("waiting"), theme.MUTED)
        return tr(st.absence(seat)), theme.MUTED

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        L = self.L
        s = L.s
        f = self.fonts
        st = self.state
        r = L.seats[seat]
        current = st.on_turn() == seat
        active = st.is_terminal() or seat in st.round_order
        kind = "current" if current else ("normal" if active else "idle")
        card = self._cards[kind]
        pad = (card.get_width() - r.w) // 2
        surface.blit(card, (r.x - pad, r.y - pad))
        p = self.match.players[seat]
        acc = st.ledger[p.name]
        x = r.x + int(12 * s)
        y = r.y + int(8 * s)
        name_c = theme.CHALK_YELLOW if current else (theme.CREAM if active else theme.MUTED)
        max_w = r.w - int(70 * s)
        name_img = f.text(p.name, int(19 * s), name_c, "bold")
        for size in (17, 15, 13):
            if name_img.get_width() <= max_w:
                break
            name_img = f.text(p.name, int(size * s), name_c, "bold")
        if name_img.get_width() > max_w:
            name_img = name_img.subsurface((0, 0, max_w, name_img.get_height()))
        surface.blit(name_img, (x, y))
        y += name_img.get_height()
        who = kind_label(p.kind)
        info = " · ".join(x for x in (who, _(DRINK_NAMES[p.drink]) if p.drink in DRINK_NAMES else str(p.drink)) if x)
        info_img = f.text(info, int(12 * s), theme.MUTED, "italic")
        tags = [tr(p) for p in st.seat_tags(seat)]
        room = r.w - int(76 * s)
        if tags:  # who lost a half, who plays the final: after the kind and drink, or instead of them
            tag, short = " · ".join(tags), tags[0]  # the header names the finalists too: the half alone when short of room
            best = next((t for t in (tag, short) if f.width(t, int(12 * s), "bold") <= room), short)
            tag_img = f.text(f.fit(best, int(12 * s), room, "bold"), int(12 * s), theme.CHALK_RED, "bold")
            if info_img.get_width() + int(8 * s) + tag_img.get_width() <= room:
                surface.blit(tag_img, (x + info_img.get_width() + int(8 * s), y - int(2 * s)))
            else:
                info_img = tag_img
        surface.blit(info_img, (x, y - int(2 * s)))
        y += int(16 * s)
        text, color = self.seat_status(seat)
        status = self._fit(text, r.w - int(76 * s), color)
        surface.blit(status, (x, y))
        ty = r.bottom - int(24 * s)
        words = GAMES[st.profile.game].result  # what the game counts: strokes, Schüsse (`ResultWords`)
        lab = f.text(_(words.unit), int(11 * s), theme.MUTED, "italic")
        surface.blit(lab, (x, ty + int(2 * s)))
        n = int(getattr(self.tallies()[p.name], words.count_key))
        draw_count(words.count_key, surface, n, (x + lab.get_width() + int(8 * s), ty), s)
        mx = r.right - int(36 * s)
        base = (mx, r.bottom - int(10 * s))
        rect = self.mat_small.draw_stack(surface, acc.mats, base)
        draw_count_badge(surface, f, acc.mats, (rect.right - int(2 * s), rect.y + int(4 * s)), s)
        if current:
            # a little brass arrow pointing to the middle
            arrow = seat_arrow(r, L.center, s)
            if arrow:
                pygame.draw.polygon(surface, theme.BRASS, arrow)
                pygame.draw.polygon(surface, theme.WOOD_DARK, arrow, 1)

    def _fit_line(self, parts: list[str], width: int, size: int, color: theme.Color) -> pygame.Surface | None:
        """The header's stage line, its `parts` joined by " · ", in `width`: smaller, then its first
        parts dropped ("game 1 of 1 · …")."""
        s = self.L.s
        for k in range(len(parts)):
            for sz in (size, size - 2):
                img = self.fonts.text(" · ".join(parts[k:]), int(sz * s), color)
                if img.get_width() <= width:
                    return img
        return None

    def _fit(self, text: str, width: int, color: theme.Color) -> pygame.Surface:
        """A seat's status line in `width`: smaller type, then without the details in brackets, then cut."""
        f, s = self.fonts, self.L.s
        width = max(1, width)
        short = text.split(" (")[0] if " (" in text else text
        for t, size in ((text, 13), (text, 12), (text, 11), (short, 12), (short, 11), (short, 10)):
            img = f.text(t, int(size * s), color)
            if img.get_width() <= width:
                return img
        return img.subsurface((0, 0, width, img.get_height()))

    def keep_hint(self) -> str:
        """The first-time hint how to keep a die ("" when none is due); the scene knows."""
        return ""

    def _draw_center(self, surface: pygame.Surface) -> None:
        L = self.L
        s = L.s
        st = self.state
        f = self.fonts
        cx = L.dice_center[0]
        y = L.dice_center[1] + self.dice.size // 2 + int(14 * s)
        text = ""
        color: theme.Color = theme.CREAM
        if self.dice.finished and self.finished_caption:
            text, color = self.finished_caption, theme.MUTED
        elif (now := st.throw_now()) is not None and self.dice.shown and not self.dice.animating:
            text = tr(st.describe(now))
        elif (seat := st.on_turn()) is not None and not self.dice.shown:
            name = st.players[seat]
            text = _("{name}: press Space to roll").format(name=name) if self.is_human(seat) else _("{name} is about to roll").format(name=name)
            color = theme.MUTED
        if self.dice.finished and (seat := st.on_turn()) is not None and not self.busy():
            name = st.players[seat]
            nxt = _("next: {name}").format(name=name) + (" – " + _("Space to roll") if self.is_human(seat) else "")
            img2 = f.text(nxt, int(15 * s), theme.CHALK_YELLOW, "italic")
            surface.blit(img2, img2.get_rect(midtop=(cx, y + int(28 * s))))
        if text:
            img = f.shadowed(text, int(20 * s), color, "bold")
            surface.blit(img, img.get_rect(midtop=(cx, y)))
        hint = self.keep_hint()
        if hint:  # the first time: how to keep a die
            size = int(15 * s)
            lines = f.wrap(hint, size, L.felt.w - int(120 * s), "italic")
            imgs = [f.text(line, size, theme.CHALK_YELLOW, "italic") for line in lines]
            box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + int(24 * s), sum(i.get_height() for i in imgs) + int(10 * s))
            box.midtop = (cx, y + int(30 * s))
            theme.rounded_panel(surface, box, (20, 16, 10, 200), theme.BRASS_DARK, int(8 * s), 1)
            yy = box.y + int(5 * s)
            for img in imgs:
                surface.blit(img, img.get_rect(midtop=(cx, yy)))
                yy += img.get_height()
            self.hint_drawn = box
        else:
            self.hint_drawn = None
        if not self.dice.shown and st.on_turn() is not None:
            self._draw_cup(surface, (cx, L.dice_center[1]))

    def _draw_cup(self, surface: pygame.Surface, center: tuple[int, int]) -> None:
        """The leather dice cup, upside down on the felt, waiting."""
        s = self.L.s
        r = int(42 * s)
        cx, cy = center
        pygame.draw.circle(surface, (0, 0, 0, 80), (cx + 5, cy + 7), r + 2)
        pygame.draw.circle(surface, (70, 38, 20), (cx, cy), r)
        pygame.draw.circle(surface, (110, 64, 34), (cx, cy), r, max(2, int(6 * s)))
        pygame.draw.circle(surface, (120, 72, 40), (cx - int(8 * s), cy - int(8 * s)), int(r * 0.45))
        pygame.draw.circle(surface, theme.BRASS_DARK, (cx, cy), r, 2)
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.circle(surface, theme.BRASS, (int(cx + math.cos(a) * (r - 10 * s)), int(cy + math.sin(a) * (r - 10 * s))), max(1, int(2 * s)))
