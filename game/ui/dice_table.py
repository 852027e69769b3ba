"""The dice table (Schock, Katchen): a live `Match` on green felt.

Input (mouse, keys, bots) becomes actions checked against `state.legal_actions()`; chance
outcomes come from `match.draw_chance()` and land after a short tumble; the rulings appear in
the referee's feed and call-outs as banners. The scene owns only presentation state: the match
is the single source of truth (undo and load simply re-sync the view to it).
"""
from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.dice.actions import Action, Dice, Flip, Roll, Stand, Tower
from game.dice.katchen import KatchenState
from game.dice.schock import STAGE_NAMES, SchockState
from game.dice.state import DiceState
from game.errors import IllegalAction
from game.i18n import N_, _, language, tr
from game.match import Match
from game.rules.challenge import Challenge
from game.rules.dice import norm
from game.rules.ledger import Drink, Ledger
from game.state import CHANCE
from game.ui import theme
from game.ui.banners import Banners, Toast
from game.ui.dice_view import DiceView
from game.ui.challenge import ChallengeDialog
from game.ui.feed import Feed
from game.ui.help import HelpOverlay
from game.ui.mats import MatArt, draw_count_badge, draw_schuesse, draw_tally, mats_text
from game.ui.modal import Modal, log_dialog, make_manager
from game.saves import new_save_path, write_save
from game.ui.scene import Host, OverlayScene
from game.autosave import MatchAutosave
from game.ui.sound import sounds
from game.ui.standing import FinalStanding
from game.ui.table_layout import MAX_MATS, compute_layout, mat_width, seat_arrow

BOT_DELAY = 0.5  # seconds a bot waits before it acts, so that people can follow
BOT_READ_DELAY = 0.9  # … when a finished throw lies on the table
TOWER_PAUSE = 0.8  # the Türmchen banner shows before the roll is thrown again

DRINK_NAMES = {Drink.BEER: N_("beer"), Drink.LIGHT_BEER: N_("light beer"), Drink.OTHER: N_("other drink")}
KIND_NAMES = {"human": "", "bot": N_("bot"), "random": N_("random bot")}
STAGE_LABELS = {"half1": N_("first half"), "half2": N_("second half"), "final": N_("final")}


def kind_label(kind: str) -> str:
    """A seat's kind as shown ("" for a person), in the current language."""
    name = KIND_NAMES.get(kind, kind)
    return _(name) if name else ""


def bot_for(kind: str, seed: int) -> tuple[Any, str]:
    """A bot for a seat of this kind, and a note when it had to fall back to another kind."""
    from game.dice import bots  # late: the bots module is being rewritten alongside

    if kind in bots.BOTS:
        return bots.make_bot(kind, seed), ""
    fallback = "random" if "random" in bots.BOTS else next(iter(bots.BOTS))
    return bots.make_bot(fallback, seed), _("the {kind} bot is not available yet – the {fallback} bot plays instead").format(kind=repr(kind), fallback=fallback)


class DiceTableScene(OverlayScene):
    """A Schock or Katchen match at the table."""

    def __init__(self, host: Host, match: Match, *, save_path: str | Path | None = None, note: str = "",
                 autosave: bool = True) -> None:
        super().__init__(host)
        self.match = match
        self.game = match.info.name
        self.fonts = host.fonts
        self.save_path = Path(save_path) if save_path else None
        self.dice = DiceView(match.state.SETS_ASIDE, seed=match.log.seed + 17)
        self.banners = Banners(self.fonts)
        self.toast = Toast(self.fonts)
        self.feed = Feed(self.fonts)
        self.help: HelpOverlay | None = None
        self.modal: Modal | None = None
        self.final_dismissed = False
        self.pending: Action | None = None  # a chance outcome whose dice are in the air
        self.hold = 0.0
        self.bot_clock = 0.0
        self.rng = random.Random(match.log.seed + 99)
        self.bots: dict[int, Any] = {}
        notes = [note] if note else []
        for seat, p in enumerate(match.players):
            if p.kind != "human":
                bot, why = bot_for(p.kind, match.log.seed * 31 + seat)
                self.bots[seat] = bot
                if why and why not in notes:
                    notes.append(why)
        self.last_throw: dict[int, str] = {}
        self.finished_caption = ""
        self.ui = make_manager(host.size)
        self._button_sig: tuple[Any, ...] = ()
        self._bg: pygame.Surface | None = None
        self.middle_drawn: list[pygame.Rect] = []  # where the middle stack and its label were drawn
        self.header_drawn: list[pygame.Rect] = []  # the turn line, then the stage line (when it fits)
        self.resize(host.size)
        self.resync()
        self.autosave = MatchAutosave(match, enabled=autosave)  # every action on disk at once (issue 8)
        if notes:
            self.toast.show(" · ".join(notes), seconds=6)

    # --- layout and static drawing ---------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.L = compute_layout(size, len(self.match.players), out_row=self.match.state.SETS_ASIDE)
        L = self.L
        s = L.s
        self.dice.layout(L.dice_center, s, L.tumble)
        self.feed.set_rect(L.feed, s)
        self.mat_small = MatArt(int(46 * s))
        self.mat_big = MatArt(mat_width(s))
        self._bg = theme.for_display(self._render_background())
        self._cards = {k: theme.for_display(self._render_card(k), alpha=True) for k in ("normal", "current", "idle")}
        if self.help is not None:
            self.help.resize(size)
        if self.modal is not None:
            self.modal.resize(size)
        self._build_ui()

    def _build_ui(self) -> None:
        L = self.L
        s = L.s
        self.ui.set_window_resolution(L.size)
        self.ui.clear_and_reset()
        plan = self._bottom_plan()
        self._lang = language()
        self.b_undo = UIButton(plan["undo"], _("Undo (Ctrl+Z)"), self.ui, tool_tip_text=_("take the last turn back"))
        self.b_roll, self.b_stand, self.b_flip = (
            UIButton(plan[key], name, self.ui) for key, name in (("roll", _("Roll (Space)")), ("stand", _("Stand (Enter)")), ("flip", _("Turn six (F)")))
        )
        gap = int(8 * s)
        room = L.tools.w - 3 * gap
        font = self.fonts.font(16, "bold")
        tools = [_("Log (L)"), _("Save"), _("? Rules"), _("Menu")]
        natural = [font.size(t)[0] + 24 for t in tools]
        if sum(natural) > room:
            tools = [_("Log"), _("Save"), "?", _("Menu")]
            natural = [font.size(t)[0] + 24 for t in tools]
        # each button as wide as its word needs (longer words in some languages), the rest shared out
        extra = (room - sum(natural)) / len(tools)
        widths = [max(1, int(w + extra)) for w in natural]
        xs = [L.tools.x + sum(widths[:i]) + i * gap for i in range(len(tools))]
        tips = [_("the match log: undo to any action"), _("save the match (Ctrl+S)"), _("the rules of the game (F1)"), _("back to the menu (Esc)")]
        self.b_log, self.b_save, self.b_help, self.b_menu = (
            UIButton(pygame.Rect(x, L.tools.y, w, L.tools.h), name, self.ui, tool_tip_text=tip)
            for x, w, name, tip in zip(xs, widths, tools, tips)
        )
        self._button_sig = ()
        self._update_buttons()

    HINTS = (N_("click a die (or 1 2 3) to keep it"), N_("K challenge · F1 rules · F11 full screen · Esc menu"))

    def _bottom_plan(self) -> dict[str, Any]:
        """Where the bottom bar's buttons go (pygame_gui fonts do not scale: widths follow the text)."""
        L = self.L
        s = L.s
        font = self.fonts.font(16, "bold")

        def width(text: str, least: int) -> int:
            return max(least, font.size(text)[0] + 30)

        bh = max(38, int(46 * s))
        gap = max(8, int(12 * s))
        y = L.bottom.centery - bh // 2
        pad = int(16 * s)
        right = L.bottom.right - pad
        rects: dict[str, Any] = {}
        for key, text in (("stand", _("Stand (Enter)")), ("roll", _("Roll (Space)")), ("flip", _("Turn 2 sixes (F)"))):
            w = width(text, int(150 * s))
            rects[key] = pygame.Rect(right - w, y, w, bh)
            right -= w + gap
        undo_w = width(_("Undo (Ctrl+Z)"), int(140 * s))
        hint_w = max(self.fonts.font(int(13 * s), "italic").size(_(t))[0] for t in self.HINTS)
        x = L.bottom.x + pad + hint_w + pad
        rects["hints"] = x + undo_w + 2 * gap <= right
        if not rects["hints"]:
            x = L.bottom.x + pad
        rects["undo"] = pygame.Rect(x, y, undo_w, bh)
        return rects

    def _render_background(self) -> pygame.Surface:
        L = self.L
        s = L.s
        bg = theme.wood(L.size, theme.WOOD_DARK, seed=4, plank=int(120 * s))
        # the felt, with a wooden rim
        rim = L.felt.inflate(int(16 * s), int(16 * s))
        pygame.draw.rect(bg, (0, 0, 0), rim.move(6, 8), border_radius=int(34 * s))
        bg.blit(theme.rounded_wood(rim.size, int(34 * s), theme.WOOD_LIGHT, seed=8), rim.topleft)
        felt = theme.felt(L.felt.size)
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
        bg.blit(theme.rounded_wood(side.inflate(-int(8 * s), -int(8 * s)).size, int(14 * s), theme.WOOD, seed=6), side.inflate(-int(8 * s), -int(8 * s)).topleft)
        board = side.inflate(-int(24 * s), -int(24 * s))
        board.y = L.tools.bottom + int(10 * s)
        board.h = side.bottom - int(12 * s) - board.y
        bg.blit(theme.slate(board.size), board.topleft)
        pygame.draw.rect(bg, theme.WOOD_DARK, board, 2)
        head = self.fonts.text(_("The referee"), int(24 * s), theme.CHALK, "serif")
        bg.blit(head, (board.x + int(12 * s), board.y + int(8 * s)))
        sub = self.fonts.text(_("rulings, newest at the bottom"), int(13 * s), theme.CHALK_DIM, "italic")
        bg.blit(sub, (board.x + int(14 * s), board.y + int(10 * s) + head.get_height()))
        # bars
        pygame.draw.line(bg, theme.BRASS_DARK, (0, L.top.bottom - 2), (L.top.right, L.top.bottom - 2), 1)
        for k, line in enumerate(self.HINTS if self._bottom_plan()["hints"] else ()):
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

    # --- the match -------------------------------------------------------------------------

    @property
    def state(self) -> DiceState:
        return self.match.state

    def seat_kind(self, seat: int) -> str:
        return self.match.players[seat].kind if 0 <= seat < len(self.match.players) else ""

    def is_human(self, seat: int) -> bool:
        return seat >= 0 and seat not in self.bots

    def busy(self) -> bool:
        """Dice in the air, a pause, or chance to be drawn: no one may act."""
        return self.pending is not None or self.dice.animating or self.hold > 0 or self.state.current_player() == CHANCE

    def resync(self) -> None:
        """Make the view match the match (after start, load, undo)."""
        st = self.state
        self.pending = None
        self.hold = 0.0
        self.bot_clock = 0.0
        self.banners.clear()
        self.last_throw = {seat: tr(st.describe(th)) for seat, th in st.results}
        self.finished_caption = ""
        t = st.turn
        self.dice.stop()
        if t is not None and t.rolls > 0:
            out = t.out if st.SETS_ASIDE else ()
            kept = t.pending if t.pending is not None else out
            self.dice.set_dice(t.faces, out, kept, snap=True)
        elif st.last is not None:  # the latest finished throw lies on the table, as in play
            t2, throw = st.last
            self.dice.set_dice(t2.faces, t2.out if st.SETS_ASIDE else (), (), snap=True)
            self.dice.finished = True
            self.finished_caption = f"{st.players[t2.seat]}: {tr(st.describe(throw))}"
        else:
            self.dice.clear()
        self.feed.set_log(self.match.log.entries)
        self.feed.flash.clear()
        if not st.is_terminal():
            self.final_dismissed = False
            if isinstance(self.modal, FinalStanding):
                self.modal = None
        self._button_sig = ()

    def apply_action(self, action: Action) -> bool:
        """Apply any action (a chance outcome too) to the match and bring the view along."""
        before = self.state
        try:
            entry = self.match.apply(action)
        except IllegalAction as e:
            self.toast.show(str(e), "error")
            return False
        after = self.state
        self.toast.dismiss("turn")  # "X's turn" is stale once anyone has acted
        for r in entry.rulings:
            self.banners.push_ruling(r)
        if after.turns_done > before.turns_done and after.last is not None:
            t2, throw = after.last
            desc = tr(before.describe(throw))
            self.last_throw[t2.seat] = desc
            self.finished_caption = f"{before.players[t2.seat]}: {desc}"
            self.dice.set_dice(t2.faces, t2.out if before.SETS_ASIDE else (), ())
            self.dice.finished = True
            nxt = after.turn.seat if after.turn is not None else -1
            humans = sum(1 for i in range(len(self.match.players)) if self.is_human(i))
            if nxt != t2.seat and self.is_human(nxt) and humans > 1:
                self.toast.show(_("{name}'s turn – Space to roll").format(name=after.players[nxt]), "turn", seconds=2.5)
        elif after.turn is not None and after.turn.pending is None and after.turn.rolls > 0:
            kept = before.turn.pending if (before.turn is not None and before.turn.pending is not None) else self.dice.kept_faces()
            if not self.is_human(after.turn.seat):
                kept = ()  # a bot's choice is shown by what it does, not guessed from its last roll
            self.dice.set_dice(after.turn.faces, after.turn.out if after.SETS_ASIDE else (), kept or ())
        elif after.turn is not None and after.turn.pending is not None and after.turn.rolls > 0:
            self.dice.select(after.turn.pending)
        if after.results != before.results or after.round_order != before.round_order:
            for seat, th in after.results:
                self.last_throw[seat] = tr(after.describe(th))
        self.feed.set_log(self.match.log.entries)
        self.bot_clock = 0.0
        return True

    def _why(self, action: Action) -> str:
        try:
            self.state.apply(action)
        except IllegalAction as e:
            return str(e)
        return _("{action} is not allowed now").format(action=action)

    def _can_act(self) -> bool:
        st = self.state
        if st.is_terminal():
            self.toast.show(_("The match is over: N starts a new one, Ctrl+Z takes the last turn back"), "error")
            return False
        if self.busy():
            return False
        seat = st.current_player()
        if not self.is_human(seat):
            who = st.players[seat] if seat >= 0 else _("chance")
            self.toast.show(_("It is {name}'s turn ({kind})").format(name=who, kind=kind_label(self.seat_kind(seat)) or _("bot")), "error")
            return False
        return True

    def act(self, action: Action) -> bool:
        """A human's action: applied when legal, else the reason is shown."""
        if not self._can_act():
            return False
        if action not in self.state.legal_actions():
            self.toast.show(self._why(action), "error")
            return False
        return self.apply_action(action)

    def _show_standing_again(self) -> bool:
        """Space or Enter after the standing was put away: it comes back, with what next."""
        if self.state.is_terminal() and self.modal is None and self.final_dismissed:
            self.final_dismissed = False
            return True
        return False

    def roll(self) -> bool:
        if self._show_standing_again() or not self._can_act():
            return False
        t = self.state.turn
        assert t is not None
        keep = norm(self.dice.kept_faces()) if (t.rolls > 0 and not self.dice.finished) else ()
        return self.act(Roll(keep))

    def stand(self) -> bool:
        if self._show_standing_again():
            return False
        return self.act(Stand())

    def flip(self) -> bool:
        if not self._can_act():
            return False
        flips = [a for a in self.state.legal_actions() if isinstance(a, Flip)]
        if not flips:
            self.toast.show(self._why(Flip(1)), "error")
            return False
        return self.apply_action(flips[0])

    def toggle_die(self, i: int) -> None:
        if not self._can_act():
            return
        t = self.state.turn
        assert t is not None
        if t.rolls == 0 or not self.dice.shown or self.dice.finished:
            self.toast.show(_("Roll first (Space)"), "error")
            return
        sl = self.dice.slots[i]
        if sl.out:
            self.toast.show(_("This {face} is out of the cup and stays out this turn ({rule})").format(face=sl.face, rule="schock.rolls"), "error")
            return
        if not any(isinstance(a, Roll) for a in self.state.legal_actions()):
            self.toast.show(self._why(Roll(norm(self.dice.kept_faces()))) + " – " + _("stand (Enter)"), "error")
            return
        self.dice.toggle(i)

    def undo(self) -> None:
        log = self.match.log
        if len(log.entries) <= 1:
            self.toast.show(_("Nothing to undo"), "error")
            return
        self.dice.stop()
        self.pending = None
        self.match.undo_turn()
        if any(self.is_human(i) for i in range(len(self.match.players))):
            while len(self.match.log.entries) > 1 and not self.is_human(self.state.current_player()):
                n = len(self.match.log.entries)
                self.match.undo_turn()
                if len(self.match.log.entries) >= n:
                    break
        self.autosave.after_undo()
        self.resync()
        seat = self.state.current_player()
        who = self.state.players[seat] if seat >= 0 else ""
        self.toast.show(_("Undone – {name}'s turn again").format(name=who) if who else _("Undone"))

    def undo_to(self, n: int) -> None:
        self.dice.stop()
        self.pending = None
        self.match.undo_to(n)
        self.autosave.after_undo()
        self.resync()
        self.modal = None
        self.toast.show(_("Back to before action {n}").format(n=n + 1))

    def save(self) -> Path | None:
        path = self.save_path or new_save_path(self.game)
        error = write_save(self.match, path)
        if error is not None:
            self.toast.show(_("Could not save: {error}").format(error=error), "error")
            return None
        self.save_path = path
        self.toast.show(_("Saved to {path}").format(path=path))
        return path

    def leave(self) -> None:
        """Back to the menu; an unfinished match is kept (its own save file, or the autosave)."""
        st = self.state
        if not st.is_terminal() and self.save_path is not None:  # the autosave holds it anyway
            try:
                self.match.save(self.save_path)
            except OSError:
                pass
        self.autosave.close()
        self.host.pop()

    def closed(self) -> None:
        self.autosave.close()

    def new_match(self) -> None:
        m = self.match
        games = int(m.log.settings.get("games", 1))
        seed = random.SystemRandom().randrange(1, 2**31)
        new = Match(self.game, list(m.players), m.profile, seed=seed, games=games)
        self.host.replace(DiceTableScene(self.host, new))

    def tallies(self) -> Ledger:
        """Strokes and Schüsse by the rulings that stand (a challenge overrides one: game.rules.challenge)."""
        return self.match.drinks()

    def open_log(self) -> None:
        entries = self.match.log.entries
        items = []
        for i, e in enumerate(entries):
            if e.seat >= 0:
                who = self.match.players[e.seat].name if e.seat < len(self.match.players) else str(e.seat)
                dice = ""
                if i + 1 < len(entries) and entries[i + 1].seat == CHANCE and entries[i + 1].action.startswith("dice "):
                    dice = "  –  " + _("dice {faces}").format(faces=entries[i + 1].action[5:])
                items.append((f"{i + 1:>4}.  {who}: {e.action}{dice}", str(i)))
        self.modal = log_dialog(self.fonts, self.host.size, items, self.undo_to)

    def open_challenge(self) -> None:
        """K: challenge a stroke or a Schuss (issue 8); mats steer the game – the log's "undo to here"
        corrects those."""
        self.modal = ChallengeDialog(self.fonts, self.host.size, lambda: self.match.log.entries, self.match.people(), self.challenge)

    def challenge(self, ch: Challenge) -> str | None:
        """Apply a challenge: the referee's refusal, or None (the feed strikes the original)."""
        try:
            self.match.apply(ch)
        except IllegalAction as e:
            return str(e)
        self.feed.set_log(self.match.log.entries)
        self.toast.show(_("Ruling {n} overridden – {name} challenged it").format(n=f"{ch.entry}.{ch.ruling}", name=ch.by))
        return None

    def toggle_help(self) -> None:
        if self.help is None:
            self.help = HelpOverlay(self.fonts, self.game, self.host.size, self.match.profile, self.match.info.spec)
        else:
            self.help = None

    help_toggle = toggle_help

    # --- events ----------------------------------------------------------------------------

    def modal_closed(self, modal: Modal) -> None:
        if isinstance(modal, FinalStanding):
            self.final_dismissed = True

    def back(self) -> bool:
        if not self.close_overlay():
            self.leave()
        return True

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.overlay_event(e):
            return
        if self.ui.process_events(e):
            return
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            actions: dict[Any, Callable[[], Any]] = {
                self.b_roll: self.roll,
                self.b_stand: self.stand,
                self.b_flip: self.flip,
                self.b_undo: self.undo,
                self.b_log: self.open_log,
                self.b_save: self.save,
                self.b_help: self.toggle_help,
                self.b_menu: self.leave,
            }
            f = actions.get(e.ui_element)
            if f is not None:
                f()
            return
        if self.feed.handle_event(e):
            return
        if e.type == pygame.KEYDOWN:
            ctrl = bool(e.mod & pygame.KMOD_CTRL)
            if e.key == pygame.K_z and ctrl:
                self.undo()
            elif e.key == pygame.K_s and ctrl:
                self.save()
            elif e.key == pygame.K_SPACE:
                self.roll()
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.stand()
            elif e.key == pygame.K_f:
                self.flip()
            elif e.key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_KP1, pygame.K_KP2, pygame.K_KP3):
                i = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2}[e.key]
                self.toggle_die(i)
            elif e.key == pygame.K_l:
                self.open_log()
            elif e.key == pygame.K_k:
                self.open_challenge()
            elif e.key == pygame.K_n and self.state.is_terminal():
                self.new_match()
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button in (1, 3):
            hit = self.dice.hit(e.pos)
            if hit is None:
                return
            if e.button == 3:
                if self.dice.slots[hit].face == 6 and not self.dice.slots[hit].out:
                    self.flip()
                else:
                    self.toast.show(_("Right-click turns a six into a one ({rule})").format(rule="schock.sixes"), "error")
            else:
                self.toggle_die(hit)

    # --- time --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self._lang != language():  # the language was switched: buttons and chalkboard anew
            self.resize(self.L.size)
        self.ui.update(dt)
        self.dice.update(dt)
        self.banners.update(dt)
        self.toast.update(dt)
        self.feed.update(dt)
        if self.help is not None:
            self.help.update(dt)
        if self.modal is not None:
            self.modal.update(dt)
        self.hold = max(0.0, self.hold - dt)
        self._step_match(dt)
        self._update_buttons()

    def _step_match(self, dt: float) -> None:
        st = self.state
        if self.pending is not None:
            if not self.dice.animating:
                outcome = self.pending
                self.pending = None
                sounds().play("dice_land")
                if isinstance(outcome, Tower):
                    who = st.players[st.turn.seat] if st.turn is not None else ""
                    self.banners.push("Türmchen!", _("{name}'s roll is thrown again").format(name=who), "tower", 1.3)
                    self.hold = TOWER_PAUSE
                self.apply_action(outcome)
            return
        if self.hold > 0:
            return
        seat = st.current_player()
        if seat == CHANCE:
            t = st.turn
            assert t is not None and t.pending is not None
            outcome = self.match.draw_chance()
            rolling = self.dice.rolling_slots(t.pending)
            if len(rolling) != 3 - len(t.pending):
                if t.rolls > 0:
                    self.dice.set_dice(t.faces, t.out if st.SETS_ASIDE else (), t.pending, snap=True)
                    rolling = self.dice.rolling_slots(t.pending)
                if len(rolling) != 3 - len(t.pending):
                    rolling = [0, 1, 2]
            finals = list(outcome.faces) if isinstance(outcome, Dice) else None
            toward = self.L.seats[t.seat].center if t.seat < len(self.L.seats) else self.L.center
            self.dice.throw(rolling, toward, finals, tower=isinstance(outcome, Tower))
            sounds().play("dice_rattle")
            self.pending = outcome
            return
        if st.is_terminal():
            if self.modal is None and not self.final_dismissed and not self.banners.active:
                self.modal = FinalStanding(self)
            return
        if seat in self.bots and not self.dice.animating:
            self.bot_clock += dt
            wait = BOT_READ_DELAY if self.dice.finished else BOT_DELAY
            if self.bot_clock >= wait and not self.banners.active and self.help is None and self.modal is None:
                self.bot_clock = 0.0
                action = self._bot_action(seat, st)
                if isinstance(action, Roll) and st.turn is not None and st.turn.rolls > 0:
                    self.dice.select(action.keep)
                self.apply_action(action)
        else:
            self.bot_clock = 0.0

    def _bot_action(self, seat: int, st: DiceState) -> Action:
        legal = st.legal_actions()
        a: Action | None
        try:
            a = self.bots[seat].choose(st)
        except Exception as e:  # a bot under construction must not end the evening
            self.toast.show(_("{name}'s bot failed ({error}); it plays at random").format(name=st.players[seat], error=e), "error")
            a = None
        if a not in legal:
            if a is not None:
                self.toast.show(_("{name}'s bot chose {action}, which is not allowed; it plays at random").format(name=st.players[seat], action=a), "error")
            a = self.rng.choice(legal)
        return a

    def _update_buttons(self) -> None:
        st = self.state
        seat = st.current_player()
        idle = not self.busy() and not st.is_terminal() and self.is_human(seat)
        legal = st.legal_actions() if idle else []
        roll_ok = any(isinstance(a, Roll) for a in legal)
        stand_ok = Stand() in legal
        flips = [a.count for a in legal if isinstance(a, Flip)]
        sig = (roll_ok, stand_ok, tuple(flips), len(self.match.log.entries) > 1)
        if sig == self._button_sig:
            return
        self._button_sig = sig
        for b, ok in ((self.b_roll, roll_ok), (self.b_stand, stand_ok), (self.b_undo, sig[3])):
            if ok:
                b.enable()
            else:
                b.disable()
        if flips:
            self.b_flip.set_text(_("Turn 2 sixes (F)") if flips[0] == 2 else _("Turn six (F)"))
            self.b_flip.show()
        else:
            self.b_flip.hide()

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self._bg is None or self._bg.get_size() != surface.get_size():
            self.resize(surface.get_size())
        assert self._bg is not None
        surface.blit(self._bg, (0, 0))
        self._draw_header(surface)
        self._draw_middle(surface)
        for seat in range(len(self.match.players)):
            self._draw_seat(surface, seat)
        self._draw_center(surface)
        self.dice.draw(surface, self.fonts, marks=self.show_marks())
        self.feed.draw(surface)
        self.ui.draw_ui(surface)
        L = self.L
        self.toast.draw(surface, (L.felt.centerx, L.bottom.y - int(8 * L.s)), L.s, L.felt.w - 40)
        self.banners.s = L.s
        self.banners.draw(surface, (L.felt.centerx, L.felt.centery - int(40 * L.s)))
        if self.modal is not None:
            self.modal.draw(surface)
        if self.help is not None:
            self.help.draw(surface)

    def show_marks(self) -> bool:
        """Kept dice are marked only while a person may still change his choice: his turn, nothing in the air."""
        st = self.state
        return not self.busy() and not st.is_terminal() and self.is_human(st.current_player())

    def stage_text(self) -> str:
        st = self.state
        if isinstance(st, SchockState):
            games = _("game {n} of {total}").format(n=st.game_no, total=st.games)
            stage = _(STAGE_LABELS[st.stage]) if st.stage in STAGE_LABELS else STAGE_NAMES[st.stage]
            text = f"{games} · {stage} · " + _("round {n}").format(n=st.round_no)
            if st.stage == "final" and len(st.stage_players) == 2:
                a, b = (st.players[i] for i in st.stage_players)
                text += " · " + _("{a} v {b}").format(a=a, b=b)
            return text
        if isinstance(st, KatchenState):
            limit = st.profile["schuss_limit"]
            games = _("game {n}").format(n=st.game_no) if limit else _("game {n} of {total}").format(n=st.game_no, total=st.games)
            phase = _("phase 1: distributing") if st.phase == 1 else _("phase 2: giving back")
            return f"{games} · {phase} · " + _("round {n}").format(n=st.round_no)
        return ""

    def turn_text(self) -> str:
        st = self.state
        if st.is_terminal():
            return _("The match is over")
        t = st.turn
        if t is None:
            return ""
        name = st.players[t.seat]
        if t.rolls == 0 and t.pending is None:
            return _("{name} to roll").format(name=name)
        return f"{name} · " + _("roll {n} of {total}").format(n=t.rolls + (t.pending is not None), total=t.max_rolls)

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
        stage = self._fit_line(self.stage_text(), turn_r.x - int(16 * s) - sx, 16, theme.MUTED)
        self.header_drawn = [turn_r]
        if stage is not None:
            self.header_drawn.append(surface.blit(stage, stage.get_rect(midleft=(sx, L.top.centery + int(2 * s)))))

    def _draw_middle(self, surface: pygame.Surface) -> None:
        L = self.L
        s = L.s
        st = self.state
        if isinstance(st, SchockState):
            n, label = st.middle, _("middle")
        elif isinstance(st, KatchenState):
            n, label = st.stack, _("stack")
        else:
            return
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

    def seat_status(self, seat: int) -> tuple[str, theme.Color]:
        st = self.state
        if st.is_terminal():
            return "", theme.MUTED
        t = st.turn
        results = dict(st.results)
        if t is not None and t.seat == seat:
            if t.rolls == 0 and t.pending is None:
                return _("to roll · up to {total}").format(total=t.max_rolls), theme.CHALK_YELLOW
            return _("rolling · {n} of {total}").format(n=t.rolls + (t.pending is not None), total=t.max_rolls), theme.CHALK_YELLOW
        if seat in results:
            return tr(st.describe(results[seat])), theme.CREAM
        if seat in st.round_order:
            last = self.last_throw.get(seat)
            return (_("last: {throw}").format(throw=last), theme.MUTED) if last else (_("waiting"), theme.MUTED)
        if isinstance(st, KatchenState) and seat not in st.in_game:
            return _("has left the table"), theme.MUTED
        if isinstance(st, SchockState) and seat not in st.stage_players:
            return _("watches the final"), theme.MUTED
        return _("sits out (no mats)"), theme.MUTED

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        L = self.L
        s = L.s
        f = self.fonts
        st = self.state
        r = L.seats[seat]
        t = st.turn
        current = t is not None and t.seat == seat and not st.is_terminal()
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
        surface.blit(f.text(info, int(12 * s), theme.MUTED, "italic"), (x, y - int(2 * s)))
        y += int(16 * s)
        text, color = self.seat_status(seat)
        status = self._fit(text, r.w - int(76 * s), color)
        surface.blit(status, (x, y))
        ty = r.bottom - int(24 * s)
        if isinstance(st, SchockState):
            lab = f.text(_("strokes"), int(11 * s), theme.MUTED, "italic")
            surface.blit(lab, (x, ty + int(2 * s)))
            draw_tally(surface, self.tallies()[p.name].strokes, (x + lab.get_width() + int(8 * s), ty), s)
        else:
            lab = f.text("Schüsse", int(11 * s), theme.MUTED, "italic")
            surface.blit(lab, (x, ty + int(2 * s)))
            draw_schuesse(surface, self.tallies()[p.name].schuesse, (x + lab.get_width() + int(8 * s), ty), s)
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

    def _fit_line(self, text: str, width: int, size: int, color: theme.Color) -> pygame.Surface | None:
        """The header's stage line in `width`: smaller, then its first parts dropped ("game 1 of 1 · …")."""
        s = self.L.s
        parts = text.split(" · ")
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

    def _draw_center(self, surface: pygame.Surface) -> None:
        L = self.L
        s = L.s
        st = self.state
        t = st.turn
        f = self.fonts
        cx = L.dice_center[0]
        y = L.dice_center[1] + self.dice.size // 2 + int(14 * s)
        text = ""
        color: theme.Color = theme.CREAM
        if self.dice.finished and self.finished_caption:
            text, color = self.finished_caption, theme.MUTED
        elif t is not None and self.dice.shown and t.rolls > 0 and t.pending is None and not self.dice.animating:
            text = tr(st.describe(t.finish(len(st.results))))
        elif t is not None and not self.dice.shown and not st.is_terminal():
            name = st.players[t.seat]
            text = _("{name}: press Space to roll").format(name=name) if self.is_human(t.seat) else _("{name} is about to roll").format(name=name)
            color = theme.MUTED
        if self.dice.finished and t is not None and not self.busy() and not st.is_terminal():
            name = st.players[t.seat]
            nxt = _("next: {name}").format(name=name) + (" – " + _("Space to roll") if self.is_human(t.seat) else "")
            img2 = f.text(nxt, int(15 * s), theme.CHALK_YELLOW, "italic")
            surface.blit(img2, img2.get_rect(midtop=(cx, y + int(28 * s))))
        if text:
            img = f.shadowed(text, int(20 * s), color, "bold")
            surface.blit(img, img.get_rect(midtop=(cx, y)))
        if not self.dice.shown and t is not None and not st.is_terminal():
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
