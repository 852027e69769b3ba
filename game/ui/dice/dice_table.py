"""The dice table (Schock, Katchen): a view of a `DiceSession` on green felt.

The session plays the match – who may act, the bots, chance, the Türmchen pause, undo and saving –
and tells the scene of every entry (`Applied`, `Rewound`, `Notice`). Apply first, then animate: the
roll is in the log before the dice fly; the scene shows the state of the entry it is playing, lets
the dice tumble to the faces the log holds, then shows the rulings in the referee's feed and the
call-outs as banners. While it animates, a banner must be read or a dialog is open it holds the
table (`session.tick(dt, hold=True)`). Clicks and keys become `session.request`s; a refusal is a toast.
"""
from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox

from game.dice.actions import Action, Dice, Flip, Roll, Stand, Tower
from game.dice.state import DiceState
from game.dice.words import log_words, ruling_words
from game.i18n import _, language, tr
from game.match import Match
from game.rules.challenge import Challenge
from game.rules.dice import norm
from game.rules.ledger import Ledger
from game.rules.realtable import ASIDE, TABLE, TableMode
from game.rules.ruling import Ruling
from game.session.dice import DiceSession
from game.session.events import Applied, Notice, Refusal, Rewound, SessionEvent
from game.session.session import LIVE
from game.state import CHANCE
from game.ui.common import theme
from game.ui.common.prefs import hint_seen, mark_hint_seen
from game.ui.common.session_scene import SessionScene
from game.ui.common.words import HOST_SWITCHES, switch_words
from game.ui.common.banners import Banners, Toast
from game.ui.common.challenge import ChallengeDialog
from game.ui.dice.dice_draw import TableDrawing
from game.ui.dice.dice_view import DiceView
from game.ui.dice.entry_pad import EntryPad
from game.ui.common.feed import Feed
from game.ui.common.help import HelpOverlay
from game.ui.dice.mats import MatArt
from game.ui.common.modal import Modal, log_dialog, make_manager
from game.ui.common.scene import Host, OverlayScene
from game.ui.common.sound import sounds
from game.ui.dice.standing import FinalStanding
from game.ui.dice.table_layout import compute_layout, mat_width


class DiceTableScene(SessionScene, TableDrawing, OverlayScene):
    """A Schock or Katchen match at the table."""

    session: DiceSession

    def __init__(self, host: Host, match: Match, *, save_path: str | Path | None = None, note: str = "",
                 autosave: bool = True, session: DiceSession | None = None) -> None:
        super().__init__(host)
        self.match = match
        self.game = match.info.name
        self.fonts = host.fonts
        self.dice = DiceView(match.state.SETS_ASIDE, seed=match.log.seed + 17)
        self.banners = Banners(self.fonts)
        self.toast = Toast(self.fonts)
        self.feed = Feed(self.fonts)
        self.help: HelpOverlay | None = None
        self.pad = EntryPad()  # a real table: the faces the player on turn enters
        self.modal: Modal | None = None
        self.final_dismissed = False
        # (a session given: a seat joined from another laptop, `game.net.remote`)
        self.session = session if session is not None else DiceSession(match, pace=LIVE, autosave=autosave, save_path=save_path)
        self.playing: deque[Applied] = deque()  # entries logged but not shown yet (dice still to fly)
        self.throwing = False  # the first of them is a roll whose dice are in the air
        self.shown: DiceState = match.state  # the state the table shows
        self.last_throw: dict[int, str] = {}
        self.finished_caption = ""
        self.ui = make_manager(host.size, self.overlay_open)
        self._button_sig: tuple[Any, ...] = ()
        self._bg: pygame.Surface | None = None
        self.middle_drawn: list[pygame.Rect] = []  # where the middle stack and its label were drawn
        self.header_drawn: list[pygame.Rect] = []  # the turn line, then the stage line (when it fits)
        self.resize(host.size)
        self.resync()
        self.session.listen(self.heard)
        notes = [note] if note else []
        notes += [n for n in self.session.notices if n not in notes]  # e.g. a bot of an unknown kind
        if notes:
            self.toast.show(" · ".join(notes), seconds=6)

    # --- layout ----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.L = compute_layout(size, len(self.match.players), out_row=self.match.state.SETS_ASIDE, tv=self.watching(),
                                you=self.own_seat() or 0)
        L = self.L
        s = L.s
        self.dice.layout(L.dice_center, s, L.tumble)
        self.feed.set_rect(L.feed, s * self.text_scale())
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
        small = "#tool_small" if plan["small"] else None  # the words did not fit at full size
        b = self.bar_label
        undo = _("Undo (Ctrl+Z)")
        self.b_undo = UIButton(plan["undo"], b(undo), self.ui, object_id=small,
                               tool_tip_text=_("take the last turn back") + ("" if b(undo) == undo else f" – {undo}"))
        self.b_roll, self.b_stand, self.b_flip = (
            UIButton(plan[key], b(name), self.ui, object_id=small, tool_tip_text=name if b(name) != name else None)
            for key, name in (("roll", _("Roll (Space)")), ("stand", _("Stand (Enter)")), ("flip", _("Turn six (F)")))
        )
        self.b_tower = UIButton(plan["flip"], b(_("Türmchen (T)")), self.ui, object_id=small,
                                tool_tip_text=_("the dice came down stacked: the roll is thrown again"))
        self.b_tower.hide()
        quick = _("Finish quickly (Q)")  # every person is out (Katchen): the bots play on with no waiting
        self.b_quick = UIButton(plan["roll"].union(plan["stand"]), b(quick), self.ui, object_id=small,
                                tool_tip_text=_("everyone at this table is out: the bots play the rest with no waiting"))
        self.b_quick.hide()
        gap = int(8 * s)
        room = L.tools.w - 3 * gap
        font = self.fonts.at(16, "bold")
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
            UIButton(pygame.Rect(x, L.tools.y, w, L.tools.h or int(40 * s)), name, self.ui, tool_tip_text=tip)  # (a TV's are hidden)
            for x, w, name, tip in zip(xs, widths, tools, tips)
        )
        real = _("Real dice (R)")
        self.b_real = UICheckBox(pygame.Rect(L.felt.x + int(14 * s), L.felt.y + int(12 * s), 20, 20), real, self.ui,
                                 initial_state=self.session.real_table(),
                                 tool_tip_text=_("real dice: the player on turn throws his own and enters the faces; off: the program throws"))
        if self.watching():  # the TV's layout: no buttons (its keys are in the table's corner)
            for tool in (self.b_log, self.b_save, self.b_help, self.b_menu):
                tool.hide()
        self._button_sig = ()
        self._update_buttons()

    # --- the match as shown ----------------------------------------------------------------

    @property
    def state(self) -> DiceState:
        """The state on the table: the match's, or the one before an entry still being played."""
        return self.shown

    @property
    def save_path(self) -> Path | None:
        return self.session.save_path

    def is_human(self, seat: int) -> bool:
        """A person at this keyboard plays `seat` (never in the replay viewer: nobody is asked anything)."""
        return not self.replaying and self.session.here(seat)

    def busy(self) -> bool:
        """Dice in the air, an entry still to show, a pause or chance to come: nobody may act."""
        return bool(self.playing) or self.dice.animating or self.session.busy()

    def holding(self) -> bool:
        """The table waits for the view: an entry is being shown, a banner must be read (the
        Türmchen's is the session's own pause), or a dialog or the rules are open."""
        reading = any(b.style != "tower" for b in self.banners.queue)
        return bool(self.playing) or self.dice.animating or reading or self.modal is not None or self.help is not None

    def resync(self) -> None:
        """Make the view match the match (after start, load, undo)."""
        st = self.shown = self.match.state
        self.playing.clear()
        self.pad.clear()
        self.throwing = False
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
        self.resync_feed(FinalStanding)
        self._button_sig = ()

    # --- what the session tells ------------------------------------------------------------

    def heard(self, e: SessionEvent) -> None:
        if isinstance(e, Applied):
            self.playing.append(e)
            self.play()
        elif isinstance(e, Rewound):
            self.resync()
        elif isinstance(e, Notice):
            self.toast.show(e.text, e.kind)

    def play(self) -> None:
        """Show the logged entries in turn; a roll's dice fly first and land on the logged faces."""
        while self.playing:
            e = self.playing[0]
            if e.entry.seat == CHANCE:
                if not self.throwing:
                    self.throwing = True
                    self.throw(e)
                if self.dice.animating:
                    return
                self.throwing = False
                sounds().play("dice_land")
                if isinstance(e.action, Tower):  # schock.tower
                    t = e.before.turn
                    who = e.before.players[t.seat] if t is not None else ""
                    self.banners.push("Türmchen!", _("{name}'s roll is thrown again").format(name=who), "tower", 1.3)
            self.playing.popleft()
            self.show(e)

    def throw(self, e: Applied) -> None:
        """The dice of the roll `e` decided fly from the thrower's seat to the faces it logged."""
        st: DiceState = e.before
        t = st.turn
        assert t is not None and t.pending is not None
        rolling = self.dice.rolling_slots(t.pending)
        if len(rolling) != 3 - len(t.pending):
            if t.rolls > 0:
                self.dice.set_dice(t.faces, t.out if st.SETS_ASIDE else (), t.pending, snap=True)
                rolling = self.dice.rolling_slots(t.pending)
            if len(rolling) != 3 - len(t.pending):
                rolling = [0, 1, 2]
        toward = self.L.seats[t.seat].center if t.seat < len(self.L.seats) else self.L.center
        finals = list(e.action.faces) if isinstance(e.action, Dice) else None  # a Türmchen lands anyhow
        self.dice.throw(rolling, toward, finals, tower=isinstance(e.action, Tower))
        sounds().play("dice_rattle")

    def show(self, e: Applied) -> None:
        """The table after entry `e`: the dice as they lie, the banners of its rulings, the feed."""
        before: DiceState = e.before
        after: DiceState = e.after
        self.shown = after
        self.feed.set_log(self.match.log.entries[: e.index + 1])
        if e.entry.seat == TABLE:  # a switch of the table (game.rules.realtable): who switched, which way
            self.switched(e)
        if e.entry.seat in ASIDE:  # (a challenge, a switch: the game's state is untouched)
            return
        self.toast.dismiss("turn")  # "X's turn" is stale once anyone has acted
        for r in e.entry.rulings:
            self.banners.push_ruling(r)
        if after.turns_done > before.turns_done and after.last is not None:
            t2, throw = after.last
            desc = tr(before.describe(throw))
            self.last_throw[t2.seat] = desc
            self.finished_caption = f"{before.players[t2.seat]}: {desc}"
            self.dice.set_dice(t2.faces, t2.out if before.SETS_ASIDE else (), ())
            self.dice.finished = True
            nxt = after.on_turn()
            humans = sum(1 for i in range(len(self.match.players)) if self.is_human(i))
            if nxt is not None and nxt != t2.seat and self.is_human(nxt) and humans > 1:
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

    # --- the people at this keyboard -------------------------------------------------------

    def keyboard_seat(self) -> int:
        """The seat this keyboard speaks for: the one on turn if a person here plays it, else the
        first person's here (the session refuses what is not theirs to do)."""
        if self.session.entering():  # a real throw to enter: the seat whose throw it is (to_act() is chance)
            mine = [i for i in self.session.enterers() if self.session.here(i)]
            if mine:
                return mine[0]
        now = self.session.to_act()
        if self.session.here(now):
            return now
        return next((i for i in range(len(self.session.seats)) if self.session.here(i)), now)

    def refused(self, refusal: Refusal) -> None:
        over = _("The match is over: N starts a new one, Ctrl+Z takes the last turn back")
        self.toast.show(over if self.session.over() else str(refusal), "error")

    def ask(self, action: Action) -> bool:
        """This keyboard asks for `action` (nothing while the dice are in the air); a refusal is shown."""
        if self.busy():
            return False
        refusal = self.session.request(self.keyboard_seat(), action)
        if refusal is not None:
            self.refused(refusal)
        return refusal is None

    def _show_standing_again(self) -> bool:
        """Space or Enter after the standing was put away: it comes back, with what next."""
        if self.state.is_terminal() and self.modal is None and self.final_dismissed:
            self.final_dismissed = False
            return True
        return False

    def roll(self) -> bool:
        if self._show_standing_again():
            return False
        t = self.state.turn
        keep = norm(self.dice.kept_faces()) if (t is not None and t.rolls > 0 and not self.dice.finished) else ()
        return self.ask(Roll(keep))

    def stand(self) -> bool:
        if self._show_standing_again():
            return False
        return self.ask(Stand())

    def flip(self) -> bool:
        flips = [a for a in self.state.legal_actions() if isinstance(a, Flip)]
        return self.ask(flips[0] if flips else Flip(1))

    # --- a real table: the faces entered, the switch (docs/real-table.md) ----------------------------

    def entering_here(self) -> bool:
        """A person at this keyboard is to enter the faces of a real throw (nothing moving on the table)."""
        if self.replaying or self.busy() or self.modal is not None or self.state.is_terminal():
            return False
        return self.session.entering() and any(self.session.here(i) for i in self.session.enterers())

    def first_roll_here(self) -> bool:
        """At a real table, a person at this keyboard is to make his turn's first roll (nothing to keep
        yet): the pad shows at once – entering the faces rolls (Space first is not needed)."""
        st = self.state
        t = st.turn
        if not self.session.real_table() or self.replaying or self.busy() or self.modal is not None or st.is_terminal():
            return False
        return (t is not None and t.rolls == 0 and t.pending is None and st.current_player() == t.seat and self.is_human(t.seat)
                and self.session.authority.local and any(isinstance(a, Roll) for a in st.legal_actions()))

    def pad_open(self) -> bool:
        """The entry pad is shown: faces to enter, or a first roll to make with real dice."""
        return self.entering_here() or self.first_roll_here()

    def enter(self, text: str) -> bool:
        """The faces (or "tower") this keyboard's player entered – rolling first when it is his turn's
        first roll; a refusal is shown with its reason."""
        self.pad.clear()
        if self.first_roll_here() and not self.ask(Roll()):
            return False
        if not self.entering_here():
            return False
        refusal = self.session.enter(self.keyboard_seat(), text)
        if refusal is not None:
            self.toast.show(str(refusal), "error")
        return refusal is None

    def tower(self) -> bool:
        """The real dice came down stacked (a Türmchen, schock.tower): the roll is thrown again."""
        return self.enter("tower")

    def switch_table(self) -> bool:
        """Switch between real dice and the program's (logged: who switched, which way)."""
        if self.replaying or self.busy():
            return False
        if not self.session.authority.local:
            self.toast.show(_(HOST_SWITCHES), "error")
            return False
        refusal = self.session.switch_table(self.keyboard_seat(), not self.session.real_table())
        if refusal is not None:
            self.toast.show(str(refusal), "error")
        return refusal is None

    def switched(self, e: Applied) -> None:
        """A switch of the table is shown: a banner saying who switched and which way."""
        mode = self.match.parse(e.entry.action)
        if not isinstance(mode, TableMode):
            return
        if mode.real:
            self.banners.push(_("Real dice"), _("{name} switched: each player throws his own dice and enters them").format(name=mode.by), "info", 1.6)
        else:
            self.banners.push(_("The program's dice"), _("{name} switched: the program throws the dice").format(name=mode.by), "info", 1.6)
        self.pad.clear()
        self._button_sig = ()

    def can_keep(self) -> bool:
        """A person may keep (or put out) dice now: his turn, rolled, another roll allowed, nothing moving."""
        st = self.state
        t = st.turn
        return (t is not None and not self.busy() and not st.is_terminal() and self.is_human(t.seat) and t.rolls > 0
                and self.dice.shown and not self.dice.finished and any(isinstance(a, Roll) for a in st.legal_actions()))

    def keep_hint(self) -> str:
        """The first-time hint how to keep a die, until a die was kept once (in this run of the program)."""
        if hint_seen("keep_die") or not self.can_keep():
            return ""
        if self.dice.sets_aside:
            return _("Click a die to put it out before the next roll (or press 1, 2, 3)")
        return _("Click a die to keep it for the next roll (or press 1, 2, 3)")

    def toggle_die(self, i: int) -> None:
        """Keep a die for the next roll, or not (a choice shown on the table, asked for with the roll)."""
        if self.busy():
            return
        seat = self.keyboard_seat()
        refusal = self.session.refusal(seat, Roll())
        if refusal is not None:
            self.refused(refusal)
            return
        t = self.state.turn
        assert t is not None
        if t.rolls == 0 or not self.dice.shown or self.dice.finished:
            self.toast.show(_("Roll first (Space)"), "error")
            return
        sl = self.dice.slots[i]
        if sl.out:
            self.toast.show(_("This {face} is out of the cup and stays out this turn ({rule})").format(face=sl.face, rule=self.state.rolls_rule()), "error")
            return
        if not any(isinstance(a, Roll) for a in self.state.legal_actions()):
            why = self.session.why_not(seat, Roll(norm(self.dice.kept_faces())))
            self.toast.show(str(why or _("{action} is not allowed now").format(action=Roll())) + " – " + _("stand (Enter)"), "error")
            return
        self.dice.toggle(i)
        mark_hint_seen("keep_die")

    def ruling_words(self, r: Ruling) -> str:
        """A ruling in the language of the screen, as the table says it (the replay viewer's bar too)."""
        return tr(ruling_words(r.arithmetic))

    def finish_quickly(self) -> None:
        """Q once every person at the table is out (Katchen): the bots play on with no waiting, until
        a person is dealt in again or the match is over; the table then shows where it stands."""
        if self.replaying or getattr(self.session.authority, "client", None) is not None or not self.session.people_out():
            return
        n = self.session.finish_quickly()
        self.resync()
        self.toast.show(_("The bots played on: {n} actions").format(n=n))

    def undo(self) -> None:
        """Back to before the last decision a person at this table made (the session's one rule)."""
        refusal = self.session.undo()
        if refusal is not None:
            self.toast.show(str(refusal), "error")
            return
        seat = self.state.current_player()
        who = self.state.players[seat] if seat >= 0 else ""
        self.toast.show(_("Undone – {name}'s turn again").format(name=who) if who else _("Undone"))

    def tell(self, text: str, *, error: bool = False) -> None:
        self.toast.show(text, "error" if error else "info")

    def new_match(self) -> None:
        self.host.replace(DiceTableScene(self.host, self.session.next_match()))

    def tallies(self) -> Ledger:
        """Strokes and Schüsse by the rulings that stand (a challenge overrides one: game.rules.challenge)."""
        return self.match.drinks()

    def open_log(self) -> None:
        names = [p.name for p in self.match.players]
        lines = [(i, tr(line)) for i, line in log_words(self.match.log.entries, names)]
        lines += [(i, switch_words(e.action)) for i, e in enumerate(self.match.log.entries) if e.seat == TABLE]
        items = [(f"{i + 1:>4}.  {line}", str(i)) for i, line in sorted(lines)]
        self.modal = log_dialog(self.fonts, self.host.size, items, self.undo_to)

    def open_challenge(self) -> None:
        """K: challenge a stroke or a Schuss; mats steer the game – the log's "undo to here"
        corrects those."""
        self.modal = ChallengeDialog(self.fonts, self.host.size, lambda: self.match.log.entries, self.match.people(), self.challenge)

    def challenge(self, ch: Challenge) -> str | None:
        """Apply a challenge: the referee's refusal, or None (the feed strikes the original)."""
        refusal = self.session.challenge(ch)
        if refusal is not None:
            return str(refusal)
        self.toast.show(_("Ruling {n} overridden – {name} challenged it").format(n=f"{ch.entry}.{ch.ruling}", name=ch.by))
        return None

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
                self.b_tower: self.tower,
                self.b_undo: self.undo,
                self.b_quick: self.finish_quickly,
                self.b_log: self.open_log,
                self.b_save: self.save,
                self.b_help: self.toggle_help,
                self.b_menu: self.leave,
            }
            f = actions.get(e.ui_element)
            if f is not None:
                f()
            return
        if e.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED) and e.ui_element is self.b_real:
            wanted = e.type == pygame_gui.UI_CHECK_BOX_CHECKED  # (the box set to the table's way posts this too)
            if wanted != self.session.real_table() and not self.switch_table():
                self._button_sig = ()  # refused: the box shows the table as it is played
            return
        if self.feed.handle_event(e):
            return
        if self.pad_event(e):
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
            elif e.key == pygame.K_q:
                self.finish_quickly()
            elif e.key == pygame.K_k:
                self.open_challenge()
            elif e.key == pygame.K_n and self.state.is_terminal():
                self.new_match()
            elif e.key == pygame.K_r:
                self.switch_table()
        elif e.type == pygame.MOUSEMOTION:
            self.dice.hover = self.dice.hit(e.pos) if self.can_keep() else None
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button in (1, 3):
            hit = self.dice.hit(e.pos)
            if hit is None:
                return
            if e.button == 3 and self.state.FLIPS:  # (a game that turns no sixes: a right click keeps, as a left one)
                if self.dice.slots[hit].face == 6 and not self.dice.slots[hit].out:
                    self.flip()
                else:
                    self.toast.show(_("Right-click turns a six into a one ({rule})").format(rule=self.state.flip_rule()), "error")
            else:
                self.toggle_die(hit)


    def pad_event(self, e: pygame.event.Event) -> bool:
        """The entry pad's keys and clicks while this keyboard's player enters a real throw: a face
        clicked (entered once there are as many as dice thrown), digits and spaces typed, Enter,
        Backspace, T for a Türmchen. True: the event was the pad's."""
        if not self.pad_open():
            return False
        if e.type == pygame.MOUSEBUTTONDOWN:
            face = self.pad.hit(e.pos) if e.button == 1 else None
            if face is None:  # (a click on the pad's panel is no click on the dice under it)
                return self.pad.drawn is not None and self.pad.drawn.collidepoint(e.pos)
            text = self.pad.click(face, self.state)
            if text is not None:
                self.enter(text)
            return True
        if e.type != pygame.KEYDOWN or e.mod & pygame.KMOD_CTRL:
            return False
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            typed = self.pad.typed.strip()
            if typed:
                self.enter(typed)
            else:
                self.toast.show(_("Enter the faces your dice show first: click them, or type 6 5 2"), "error")
            return True
        if e.key == pygame.K_BACKSPACE:
            self.pad.back()
            return True
        if e.key == pygame.K_t and self.entering_here():
            self.tower()
            return True
        if e.key == pygame.K_SPACE and not self.pad.typed and self.first_roll_here():
            return False  # Space with nothing typed: the roll, as at any table (then the faces)
        keypad = {pygame.K_KP1: "1", pygame.K_KP2: "2", pygame.K_KP3: "3", pygame.K_KP4: "4", pygame.K_KP5: "5", pygame.K_KP6: "6",
                  pygame.K_KP7: "7", pygame.K_KP8: "8", pygame.K_KP9: "9", pygame.K_KP0: "0"}
        char = e.unicode or keypad.get(e.key, "") or (chr(e.key) if 32 <= e.key < 127 else "")
        return self.pad.type(char)

    # --- time --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self._lang != language():  # the language was switched: buttons and chalkboard anew
            self.resize(self.L.size)
        self.ui.update(dt)
        self.dice.update(dt)
        self.update_overlays(dt)
        if not self.playing and self.shown is not self.match.state:
            self.resync()  # the match was changed past the session (a test, a tool): show it as it is
        self.play()
        self.session.tick(dt, hold=self.holding())
        if self.dice.hover is not None and not self.can_keep():
            self.dice.hover = None
        st = self.state
        if st.is_terminal() and not self.playing and self.modal is None and not self.final_dismissed and not self.banners.active:
            self.modal = FinalStanding(self)
        self._update_buttons()

    def _update_buttons(self) -> None:
        st = self.state
        seat = st.current_player()
        idle = not self.busy() and not st.is_terminal() and self.is_human(seat)
        legal = st.legal_actions() if idle else []
        roll_ok = any(isinstance(a, Roll) for a in legal)
        stand_ok = Stand() in legal
        flips = [a.count for a in legal if isinstance(a, Flip)]
        remote = not self.session.authority.local  # (a joined laptop: the host finishes the match)
        quick = not remote and not self.replaying and self.session.people_out()  # (the bots' dice may be in the air)
        entering = self.entering_here()
        tower_ok = entering and Tower() in st.legal_actions()
        switch_ok = not remote and not self.replaying and not st.is_terminal() and self.session.anyone_here() and not self.busy()
        real = self.session.real_table()
        sig = (roll_ok, stand_ok, tuple(flips), len(self.match.log.entries) > 1, quick, tower_ok, switch_ok, real)
        if sig == self._button_sig:
            return
        self._button_sig = sig
        self.b_tower.show() if tower_ok else self.b_tower.hide()
        if self.b_real.get_state() != real:
            self.b_real.set_state(real)
        if remote or self.replaying or self.watching() or st.is_terminal():
            self.b_real.hide()
        else:
            self.b_real.show()
            self.b_real.enable() if switch_ok else self.b_real.disable()
        for b in (self.b_roll, self.b_stand, self.b_quick):
            if (b is self.b_quick) == quick:
                b.show()
            else:
                b.hide()
        for b, ok in ((self.b_roll, roll_ok), (self.b_stand, stand_ok), (self.b_undo, sig[3])):
            if ok:
                b.enable()
            else:
                b.disable()
        if remote:  # joined from afar: undo is the host's; a spectator plays nothing
            self.b_undo.hide()
            if self.watching():
                self.b_roll.hide()
                self.b_stand.hide()
                self.b_flip.hide()
                return
        if flips and not tower_ok:
            self.b_flip.set_text(self.bar_label(_("Turn 2 sixes (F)") if flips[0] == 2 else _("Turn six (F)")))
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
        if self.pad_open():
            seat = self.keyboard_seat()
            name = self.state.players[seat] if 0 <= seat < len(self.state.players) else ""
            L = self.L
            top = (L.dice_center[0], L.stack_box.bottom + int(6 * L.s))
            felt = L.felt.inflate(-int(16 * L.s), -int(16 * L.s))
            clear = pygame.Rect(L.tumble.x, felt.y, L.tumble.w, felt.h)  # between the seats at the sides
            self.pad.draw(surface, self.fonts, self.state, name, top, clear if clear.w >= 260 else felt, L.s)
        else:
            self.pad.drawn = None
        self.feed.draw(surface)
        self.ui.draw_ui(surface)
        L = self.L
        self.toast.draw(surface, (L.felt.centerx, L.bottom.y - int(8 * L.s)), L.s, L.felt.w - 40)
        self.banners.s = L.s
        self.banners.draw(surface, (L.felt.centerx, L.felt.centery - int(40 * L.s)))
        self.draw_table(surface, (L.felt.right - int(10 * L.s), L.felt.y + int(10 * L.s)), L.s, L.felt.w // 2)
        self.draw_join(surface, (L.felt.right - int(10 * L.s), L.felt.bottom - int(10 * L.s)), L.s)
        if self.modal is not None:
            self.modal.draw(surface)
        if self.help is not None:
            self.help.draw(surface)

    def show_marks(self) -> bool:
        """Kept dice are marked only while a person may still change his choice: his turn, nothing in the air."""
        st = self.state
        return not self.busy() and not st.is_terminal() and self.is_human(st.current_player())
