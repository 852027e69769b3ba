"""The race scene: a Racerbile race (Babybile, Racerbile, Le Mans) on the board, live.

A thin view over its `RaceSession` (`self.session`, `game.session.race`), which holds the game:
the bots, chance, the Le Mans clock, the turn timer and its nøl, the journal, undo. The board
(`BoardView`: wheel zooms, dragging pans, F fits) carries the caps; a bar on top says whose turn
it is and what now, the bar under the board holds the dice tray and the gear controls, the side
panel the tools, the standings and the referee's feed. Keys, clicks and the dialogs become
`session.request`s. Apply first, then animate: an entry is in the log the moment it is made; the
scene plays the `Applied` events in turn – the dice tumble to their faces, the car hops along its
path – and holds the table (`tick(dt, hold=True)`) while it does, or while a dialog is open.

Keys: ↑ ↓ Enter choose the gear; Tab cycles the ways to the hovered field, Enter drives it;
C switches the coach, X calls a fault, J opens the judges' console (Le Mans), L the match log,
Ctrl+Z undoes, Ctrl+S saves, F shows the whole track (G follows the car on turn again), + and −
zoom, F1 shows the rules, Esc leaves. At a real table (`race_pad`) the dice are entered on the pad
under the board – faces clicked or typed, Backspace, Enter; R switches real and simulated dice.
"""
from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any, Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.hexgrid import Hex
from game.i18n import N_, _, tr
from game.match import Match
from game.racerbile.actions import Action, Dice, Drive, Driver, Name, Order, Shift, StartDie
from game.racerbile.fieldnames import reworded
from game.racerbile.moves import LegalMoves, Move
from game.racerbile.state import GEAR, MOVE, NAME42, ORDER, ROLL, START_ROLL, RaceState
from game.rules.challenge import Challenge
from game.rules.ledger import Ledger
from game.rules.ruling import Ruling
from game.session import LIVE, Applied, Notice, Refusal, Rewound, Session, SessionEvent, session_for
from game.session.race import RaceSession
from game.ui.common import theme
from game.ui.common.session_scene import SessionScene
from game.ui.common.banners import Banners, Toast
from game.ui.board.board_view import BoardView, CapView
from game.ui.board.legend import Legend
from game.ui.common.challenge import ChallengeDialog
from game.ui.common.feed import Feed
from game.ui.common.help import HelpOverlay
from game.ui.common.modal import Confirm, ListDialog, Modal, log_dialog, make_manager
from game.ui.race import race_frame as frame
from game.ui.race import race_pad as pad
from game.ui.race.race_dialogs import FaultMenu, JudgesConsole, OpponentChooser, RaceFinal, TimeTrialDialog
from game.ui.race.race_draw import Highlight, Hop, clock_lines, coach_lines, entry_words, log_items, push_ruling
from game.ui.race.race_hud import DiceTray, Line, draw_note, draw_panels, draw_standings, initials, race_layout, standing_rows, StandingRow
from game.ui.common.scene import Host, OverlayScene
from game.ui.common.sound import sounds

WHEEL_STEP = 1.15
KEY_ZOOM = 1.25
BANNER_FADED = 0.25  # a banner's opacity while the pointer moves over the board
BANNER_OVER = 0.55  # … and while no place on the board leaves the lit fields and cars free
POINTER_BUSY = 0.8  # … for this many seconds after it last moved
LEAVE = N_("Leave")  # the leave question's answer (Confirm shows it through `_()`)


class RaceScene(SessionScene, OverlayScene):
    """A Racerbile race at the table: board, dice tray, gears, standings, feed, dialogs."""

    session: RaceSession

    tool_buttons: dict[str, UIButton]  # the widgets (`race_frame.build_ui`)
    b_up: UIButton
    b_hold: UIButton
    b_down: UIButton
    b_action: UIButton
    b_legend: UIButton  # the board's key, in its corner
    b_drivers: list[UIButton]
    driver_names: dict[UIButton, str]  # a driver button → the driver it names
    driver_x: int
    controls_button_y: int
    controls_text_bottom: int
    top_drawn: list[pygame.Rect]
    standing_rows_shown: list[StandingRow]  # the standings as last drawn
    note_rect: pygame.Rect | None = None  # the coach's note as last drawn

    def __init__(self, host: Host, match: Match, *, save_path: str | Path | None = None, note: str = "", coach: bool = True,
                 autosave: bool = True, session: Session | None = None) -> None:
        super().__init__(host)
        assert match.info.race, "the race scene runs Racerbile matches"
        self.match = match
        if session is None:  # (given: a seat joined from another laptop, `game.net.remote`)
            session = session_for(match, pace=LIVE, autosave=autosave, save_path=save_path)
        assert isinstance(session, RaceSession)
        self.session = session
        self.fonts = host.fonts
        st = self.session.state
        self.track = st.track
        self.view = BoardView(self.track, host.size, fonts=self.fonts, area=race_layout(host.size, len(st.players)).board)
        self.tray = DiceTray(seed=match.log.seed + 5)
        self.banners = Banners(self.fonts)
        self.toast = Toast(self.fonts)
        self.feed = Feed(self.fonts, self.ruling_words)
        self.help: HelpOverlay | None = None
        self.legend = Legend(self.track, self.view.palette, self.fonts)
        self.legend_on = False  # the board's key (F2, or its button on the board)
        self.modal: Modal | None = None
        self.marks = initials(st.players)
        self.coach_on = coach
        self.follow = True  # the view goes to the car of the person on turn (F: the whole track)
        self._followed: tuple[int, str] | None = None
        self.hover: Hex | None = None
        self.alt = 0  # which of the ways to the hovered field (Tab)
        self._coach: dict[tuple[Hex, ...], list[Line]] = {}
        self._moves: tuple[RaceState, LegalMoves] | None = None
        self.shows: deque[Applied] = deque()  # entries logged, still to be shown
        self.playing: Applied | None = None  # the entry being shown (a hop, a throw)
        self.hop: Hop | None = None
        self.final_dismissed = False
        self.trial_dismissed = False
        self.chooser_dismissed = False
        self._drag_from: tuple[int, int] | None = None
        self._dragged = False
        self._mouse = (0, 0)
        self._pointer_busy = 0.0  # seconds the banners stay faded
        self.banner_rect: pygame.Rect | None = None
        self.banner_alpha = 1.0
        self.bridge_faint = False  # the Dunlop bridge drawn see-through (lit fields under it)
        self.hl = Highlight()
        self.pad = pad.DicePad()  # a real table: the dice a person here enters (`race_pad`)
        self.ui = make_manager(host.size, self.overlay_open)
        self._sig: tuple[Any, ...] = ()
        self.resize(host.size)
        self.resync()
        self.session.listen(self.heard)
        notes = ([note] if note else []) + self.session.notices
        if notes:
            self.toast.show(" · ".join(notes), seconds=6)

    # --- the session -------------------------------------------------------------------------

    @property
    def state(self) -> RaceState:
        """The state on screen: before the entry being shown, else the session's."""
        st: RaceState = self.playing.before if self.playing is not None else self.session.state
        return st

    @property
    def save_path(self) -> Path | None:
        return self.session.save_path

    def is_human(self, seat: int) -> bool:
        """A person at this keyboard plays `seat` (not a bot, nor a player at another laptop; nobody
        in the replay viewer)."""
        return not self.replaying and self.session.here(seat)

    def people(self) -> int:
        return 0 if self.replaying else len(self.session.people())

    def busy(self) -> bool:
        """An entry still to show, or the table busy (a pause, chance): no one may decide."""
        return self.playing is not None or bool(self.shows) or self.session.busy()

    def holding(self) -> bool:
        """The view holds the table: it is showing an entry, or a dialog or the rules are open."""
        return self.playing is not None or bool(self.shows) or self.modal is not None or self.help is not None

    def moves(self) -> LegalMoves | None:
        """The legal moves of the car on turn (cached per state)."""
        st = self.state
        if st.phase != MOVE:
            return None
        if self._moves is None or self._moves[0] is not st:
            self._moves = (st, st.moves())
        return self._moves[1]

    def heard(self, ev: SessionEvent) -> None:
        if isinstance(ev, Applied):
            self.shows.append(ev)
        elif isinstance(ev, Rewound):
            if isinstance(self.modal, ListDialog):
                self.modal = None
            self.resync()
        elif isinstance(ev, Notice):
            self.toast.show(ev.text, "error" if ev.kind == "error" else "info", seconds=6)
            if ev.kind == "error" and pad.pad_seat(self) is not None:  # (the host refused what the pad sent: said on it too)
                self.pad.error = ev.text

    def resync(self) -> None:
        """Make the view match the session (after start, load, undo)."""
        self.shows.clear()
        self.playing = None
        self.hop = None
        st = self.session.state
        self.banners.clear()
        self._coach.clear()
        self._moves = None
        self._followed = None
        t = st.turn
        throws = t.throws if t is not None and st.phase in (ROLL, MOVE, NAME42) else ()
        if throws and t is not None:
            fast_now = [f for f in throws[-1] if f >= 5] if t.pending else []
            rerolled = [f for th in (throws[:-1] if t.pending else throws) for f in th if f >= 5]
            self.tray.show(t.dice, fast_now, rerolled)
            self.tray.caption = f"{st.driver(t.seat)} · " + _("gear {n}").format(n=t.gear)
        else:
            self.tray.clear()
        self.resync_feed(RaceFinal)
        self._sig = ()

    def play(self, dt: float) -> None:
        """Show the logged entries in turn: a drive hops, dice tumble; the rest lands at once."""
        if self.hop is not None:
            was = self.hop.field
            self.hop.t += dt
            if was < self.hop.field:
                sounds().play("cap_click")  # the cap lands on the next field
            if self.hop.t < self.hop.duration:
                return
            self.hop = None
            self.landed()
        if self.playing is not None:
            if self.tray.animating:
                return
            sounds().play("dice_land")
            self.landed()
        while self.shows and self.playing is None:
            ev = self.shows.popleft()
            self.playing = ev
            a, b = ev.action, ev.before
            if isinstance(a, Drive) and b.phase == MOVE and b.turn is not None:
                self.hop = Hop(b.turn.seat, (b.cars[b.turn.seat].pos,) + a.path, ev)
                self.hover = None
            elif isinstance(a, StartDie) and b.groups:
                self.tray.clear(_("{name} rolls for the order").format(name=b.players[b.groups[0][len(b.rolled)]]))
                self.tray.throw([a.face])
                sounds().play("dice_rattle")
            elif isinstance(a, Dice) and b.turn is not None:
                if not b.turn.dice and not b.turn.fives:
                    self.tray.clear(f"{b.driver(b.turn.seat)} · " + _("gear {n}").format(n=b.turn.gear))
                self.tray.throw(a.faces)
                sounds().play("dice_rattle")
            else:
                self.landed()
            if self.playing is not None and (ev.entry.detail or {}).get("entered"):
                self.tray.finish()  # a real throw: its dice lie on the table already (the pad asks on at once)

    def landed(self) -> None:
        """The entry being shown has landed: its sounds, banners and feed lines."""
        ev = self.playing
        self.playing = None
        if ev is None:
            return
        if any(a.flipped and not b.flipped for a, b in zip(ev.after.cars, ev.before.cars)):
            sounds().play("cap_flip")
        decided = ev.after.winner is not None and ev.before.winner is None  # the entry's last ruling says who won
        for k, r in enumerate(ev.entry.rulings):
            push_ruling(self.banners, r, self._seat_name, won=decided and k == len(ev.entry.rulings) - 1)
        self.feed.set_log(self.match.log.entries, ev.index + 1)
        self._coach.clear()
        self.hover_check()
        if isinstance(ev.action, (Order, Name)):
            self.trial_dismissed = self.chooser_dismissed = False
        self.toast.dismiss("turn")

    def ruling_words(self, r: Ruling) -> str:
        """A ruling as the feed shows it: in the player's language, its fields named as on the board."""
        return tr(reworded(r.arithmetic, self.session.state.course, self.track))

    def _seat_name(self, who: str) -> str:
        try:
            return self.state.players[self.state.seat_of(who)]
        except KeyError:
            return who

    # --- requests ----------------------------------------------------------------------------

    def me(self) -> int:
        """The seat this keyboard asks as: the person on turn, else the first person here."""
        s = self.session
        now = s.to_act()
        if s.here(now):
            return now
        return next((i for i in range(len(s.seats)) if s.here(i)), max(0, now))

    def request(self, action: Any) -> str | None:
        """Ask the session for `action`: None when it went into the log, else the referee's reason."""
        refusal: Refusal | None = self.session.request(self.me(), action)
        return str(refusal) if refusal is not None else None

    def act(self, action: Action) -> str | None:
        """A person's decision (the dialogs' callback): applied, or the reason why not."""
        return self.request(action)

    def decide(self, action: Action) -> bool:
        """A person's decision by a key or a button: not while an entry is still showing."""
        if self.busy():
            return False
        err = self.act(action)
        if err:
            self.toast.show(err, "error")
        return err is None

    def switch_table(self) -> None:
        """R: a real table (the dice are entered) or a simulated one (the program rolls) from now on."""
        pad.switch(self)

    def shift(self, delta: int) -> bool:
        if self.state.phase != GEAR:
            return False
        return self.decide(Shift(delta))

    def table_action(self, action: Action) -> str | None:
        """A call, a judges' decision: open at any time, ruled on at once."""
        return self.request(action)

    def drive_to(self, end: Hex) -> bool:
        """Drive to a lit field: the way shown (Tab), or the cheapest."""
        m = self.moves()
        if m is None:
            return False
        ways = m.to(end)
        if not ways:
            self.toast.show(_("Not reachable with this roll – click a lit field"), "error")
            return False
        way = ways[self.alt % len(ways)] if (self.coach_on and end == self.hover) else ways[0]
        return self.decide(Drive(way.path))

    def hover_check(self) -> None:
        """The hovered field stays only while it can be driven to."""
        m = self.moves()
        if m is None or self.hover is None or not m.to(self.hover):
            self.alt = 0

    # --- undo, log, save, leave ------------------------------------------------------------

    def undo(self) -> None:
        i = self.session.last_decision()
        what = entry_words(self.match, i) if i is not None else ""
        refusal = self.session.undo()
        if refusal is not None:
            self.toast.show(str(refusal), "error")
        else:
            self.toast.show(_("Undone: {action}").format(action=what))

    def tell(self, text: str, *, error: bool = False) -> None:
        self.toast.show(text, "error" if error else "info")

    def ask_leave(self) -> None:
        if self.friends_playing():  # the friends' question asks instead (`SessionScene.leave`)
            return self.leave()

        def chosen(text: str) -> None:
            self.modal = None
            if text == LEAVE:
                self.leave()

        done = self.state.is_terminal()
        decided = any(e.seat >= 0 for e in self.match.log.entries)
        detail = _("The race is over.") if done else _("It is saved: continue it from the menu.") if decided else _("Nothing has happened yet.")
        self.modal = Confirm(self.fonts, self.host.size, _("Leave the race?"), detail, [LEAVE, N_("Stay")], chosen)

    def new_race(self) -> None:
        self.host.replace(RaceScene(self.host, self.session.next_match(), coach=self.coach_on))

    def open_log(self) -> None:
        self.modal = log_dialog(self.fonts, self.host.size, log_items(self.match, self.ruling_words), self.undo_to,
                                (min(920, self.host.size[0] - 60), min(640, self.host.size[1] - 40)))

    def drinks(self) -> Ledger:
        """What everybody has drunk by the rulings that stand (`Match.drinks`)."""
        return self.match.drinks()

    def open_challenge(self) -> None:
        """K: challenge a drink ruling; at Le Mans the judges may challenge too."""
        self.modal = ChallengeDialog(self.fonts, self.host.size, lambda: self.match.log.entries, self.match.people(),
                                     self.challenge, judges=self.state.lemans)

    def challenge(self, ch: Challenge) -> str | None:
        """Apply a challenge (also after the finish): the refusal, or None; the feed strikes the
        original and the standings' sips follow `match.drinks()`."""
        refusal = self.session.challenge(ch)
        if refusal is not None:
            return str(refusal)
        self.toast.show(_("Ruling {n} overridden – {name} challenged it").format(n=f"{ch.entry}.{ch.ruling}", name=ch.by))
        return None

    def open_faults(self) -> None:
        if self.state.is_terminal():
            self.toast.show(_("The race is over"), "error")
            return
        self.modal = FaultMenu(self.fonts, self.host.size, self.state, self.table_action)

    def open_judges(self) -> None:
        if not self.state.lemans:
            self.toast.show(_("Judges run a Le Mans event ({rule})").format(rule="racerbile.lemans.judges"), "error")
            return
        self.modal = JudgesConsole(self.fonts, self.host.size, lambda: self.session.state, self.table_action,
                                   lambda: clock_lines(self.session.state, self.session.event_seconds()), self.match.rulings)

    def open_trial(self) -> None:
        if self.state.phase == ORDER:
            self.modal = TimeTrialDialog(self.fonts, self.host.size, self.state, self.act, self.session.bot_times())

    def open_chooser(self) -> None:
        if self.state.phase == NAME42 and self.is_human(self.state.current_player()):
            self.modal = OpponentChooser(self.fonts, self.host.size, self.state, self.act)

    def toggle_legend(self) -> None:
        self.legend_on = not self.legend_on
        if self.legend_on:
            self.b_legend.select()
        else:
            self.b_legend.unselect()

    def toggle_coach(self) -> None:
        self.coach_on = not self.coach_on
        self.toast.show(_("The coach explains each way") if self.coach_on else _("The coach is off: lit fields are still clickable"))
        self._sig = ()

    def modal_closed(self, modal: Modal) -> None:
        if isinstance(modal, RaceFinal):
            self.final_dismissed = True
        elif isinstance(modal, TimeTrialDialog):
            self.trial_dismissed = True
        elif isinstance(modal, OpponentChooser):
            self.chooser_dismissed = True

    def back(self) -> bool:
        if not self.close_overlay():
            self.ask_leave()
        return True

    # --- layout ----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        L0 = race_layout(size, len(self.state.players))
        self.L = race_layout(size, len(self.state.players), frame.tool_row_count(self, L0.tools.w, L0.s),
                             frame.control_row_count(self, L0))
        L = self.L
        if (self.view.size, self.view.area) != (size, L.board):
            self.view.resize(size, L.board)
        head = max(22, int(30 * L.s))
        self.feed.set_rect(pygame.Rect(L.feed.x + 2, L.feed.y + head, L.feed.w - 4, L.feed.h - head - 4), L.s * self.text_scale())
        self.banners.s = L.s
        self.hl.clear()
        if self.help is not None:
            self.help.resize(size)
        if self.modal is not None:
            self.modal.resize(size)
        self._build_ui()

    def _build_ui(self) -> None:
        frame.build_ui(self)

    def _update_buttons(self) -> None:
        frame.update_buttons(self)

    # --- the view ------------------------------------------------------------------------------

    def follow_car(self) -> None:
        """Bring the car of the person on turn (and where it can go) into view, big enough to play."""
        frame.follow_car(self)

    def fit_board(self) -> None:
        self.view.fit()
        self.hl.clear()
        self.follow = False
        self.toast.show(_("The whole track · G goes back to following the car on turn"))

    def follow_again(self) -> None:
        self.follow = True
        self._followed = None
        self.follow_car()

    # --- input -----------------------------------------------------------------------------

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.overlay_event(e):
            return
        if self.ui.process_events(e):
            return
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(e.ui_element)
            return
        if self.feed.handle_event(e):
            return
        if e.type == pygame.KEYDOWN:
            if not pad.key(self, e.key):
                self.key(e.key, e.mod)
        elif e.type == pygame.MOUSEWHEEL:
            pos = getattr(e, "pos", None) or pygame.mouse.get_pos()
            if self.L.board.collidepoint(pos):
                steps = getattr(e, "precise_y", None) or e.y
                if steps:
                    self.view.zoom(WHEEL_STEP ** float(steps), pos, preview=True)
                    self.hl.clear()
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and pad.click(self, e.pos):
            return
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button in (1, 2, 3):
            if self.L.board.collidepoint(e.pos):
                self._drag_from = e.pos
                self._dragged = False
        elif e.type == pygame.MOUSEBUTTONUP and e.button in (1, 2, 3):
            start, self._drag_from = self._drag_from, None
            if start is not None and not self._dragged and e.button == 1:
                self.click(e.pos)
        elif e.type == pygame.MOUSEMOTION:
            if self.L.board.collidepoint(e.pos) and e.pos != self._mouse:
                self._pointer_busy = POINTER_BUSY  # choosing a field: a banner fades out of the way
            self._mouse = e.pos
            if self._drag_from is not None:
                if not any(e.buttons):
                    self._drag_from = None
                else:
                    dx, dy = e.pos[0] - self._drag_from[0], e.pos[1] - self._drag_from[1]
                    if self._dragged or abs(dx) + abs(dy) > 4:
                        self._dragged = True
                        self.view.pan(dx, dy)
                        self.hl.clear()
                        self._drag_from = e.pos
            self.hover_at(e.pos)

    def hover_at(self, pos: tuple[int, int]) -> None:
        h = self.view.field_at(pos) if self.L.board.collidepoint(pos) else None
        if h != self.hover:
            self.hover = h
            self.alt = 0

    def click(self, pos: tuple[int, int]) -> None:
        h = self.view.field_at(pos)
        if h is None:
            return
        st = self.state
        if st.phase == MOVE and not self.busy() and self.is_human(st.current_player()):
            m = self.moves()
            if m is not None and m.to(h):
                self.hover = h
                self.drive_to(h)
            else:
                self.toast.show(_("Not reachable with this roll – click a lit field"), "error")

    def key(self, k: int, mod: int = 0) -> None:
        st = self.state
        if mod & pygame.KMOD_CTRL and k in (pygame.K_z, pygame.K_s):
            self.undo() if k == pygame.K_z else self.save()
        elif k in (pygame.K_UP, pygame.K_DOWN) and st.phase == GEAR:
            self.shift(1 if k == pygame.K_UP else -1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.enter()
        elif k == pygame.K_TAB:
            self.alt += 1
        elif k == pygame.K_t and st.phase == ORDER:
            self.open_trial()
        elif k == pygame.K_n:
            if st.is_terminal():
                if self.modal is None and self.final_dismissed:
                    self.final_dismissed = False
                else:
                    self.new_race()
            elif st.phase == NAME42:
                self.open_chooser()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.view.zoom(KEY_ZOOM if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) else 1 / KEY_ZOOM)
            self.hl.clear()
        else:
            tool: dict[int, Callable[[], Any]] = {pygame.K_c: self.toggle_coach, pygame.K_x: self.open_faults, pygame.K_j: self.open_judges,
                                                  pygame.K_l: self.open_log, pygame.K_k: self.open_challenge, pygame.K_f: self.fit_board,
                                                  pygame.K_HOME: self.fit_board, pygame.K_g: self.follow_again,
                                                  pygame.K_F2: self.toggle_legend, pygame.K_r: self.switch_table}
            if k in tool:
                tool[k]()

    def enter(self) -> None:
        st = self.state
        if st.phase == GEAR:
            self.shift(0)
        elif st.phase == MOVE:
            m = self.moves()
            if m is None:
                return
            if self.hover is not None and m.to(self.hover):
                self.drive_to(self.hover)
            elif len(m.ends()) == 1:
                self.drive_to(m.ends()[0])
            else:
                self.toast.show(_("Click a lit field (or point at one and press Enter)"), "error")
        elif st.phase == ORDER:
            self.open_trial()
        elif st.phase == NAME42:
            self.open_chooser()
        elif st.is_terminal():
            self.final_dismissed = False

    def _button(self, el: Any) -> None:
        tools: dict[str, Callable[[], Any]] = {
            "faults": self.open_faults,
            "judges": self.open_judges,
            "coach": self.toggle_coach,
            "log": self.open_log,
            "challenge": self.open_challenge,
            "undo": self.undo,
            "save": self.save,
            "help": self.toggle_help,
            "menu": self.ask_leave,
            "table": self.switch_table,
        }
        for key, b in self.tool_buttons.items():
            if el is b:
                tools[key]()
                return
        if el is self.b_legend:
            self.toggle_legend()
        elif el is self.b_up:
            self.shift(1)
        elif el is self.b_hold:
            self.shift(0)
        elif el is self.b_down:
            self.shift(-1)
        elif el in self.b_drivers:
            name = self.driver_names[el]  # (every driver button is in the map: its words are never read back)
            self.decide(Driver(name))
        elif el is self.b_action:
            self.enter() if self.state.phase != NAME42 else self.open_chooser()

    # --- time --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._pointer_busy = max(0.0, self._pointer_busy - dt)
        self.ui.update(dt)
        self.view.update(dt)
        self.tray.update(dt)
        self.update_overlays(dt)
        if self.modal is not None and not self.modal.open:  # closed by its own button, without a further event
            self.close_modal()
        elif isinstance(self.modal, TimeTrialDialog) and self.session.state.phase != ORDER:
            self.close_modal()  # the order was decided at another laptop (the host's): the pad for the start roll shows
        self.play(dt)
        self.session.tick(dt, hold=self.holding())
        self.play(0.0)  # what the table did just now starts showing in this frame
        pad.refresh(self)
        self.open_dialogs()
        self.follow_car()
        self._update_buttons()

    def open_dialogs(self) -> None:
        """The dialog a person's decision needs (the time trial, the 42 field) and the final standings."""
        st = self.state
        if self.busy() or self.modal is not None or self.help is not None:
            return
        if st.is_terminal():
            if not self.final_dismissed and not self.banners.active:
                self.modal = RaceFinal(self.fonts, self.host.size, st, self.new_race, self.leave, self.drinks(),
                                       on_replay=self.replay_match, on_save_as=self.open_save_as)
        elif st.phase == ORDER and self.people():
            if not self.trial_dismissed:
                self.open_trial()
        elif st.phase == NAME42 and self.is_human(st.current_player()) and not self.chooser_dismissed:
            self.open_chooser()

    # --- drawing -----------------------------------------------------------------------------

    def caps(self) -> list[CapView]:
        return frame.caps(self)

    def shown_way(self) -> Move | None:
        """The way the coach shows: to the hovered lit field, the one Tab chose."""
        if self.hover is None or not self.coach_on or self.busy() or not self.is_human(self.state.current_player()):
            return None
        m = self.moves()
        if m is None:
            return None
        ways = m.to(self.hover)
        return ways[self.alt % len(ways)] if ways else None

    def coach_lines(self, way: Move) -> list[Line]:
        got = self._coach.get(way.path)
        if got is None:
            got = self._coach[way.path] = coach_lines(self.state, way, self.moves(), self.alt)
        return got

    def under_bridge(self, lit: Sequence[Hex], path: Sequence[Hex]) -> bool:
        """Whether a lit field or the way shown lies under the Dunlop bridge (then it is drawn faint)."""
        r = self.view.overhead_rect()
        if r is None:
            return False
        k = -int(self.view.scale * 0.6)  # a field's middle under it, not a corner
        return any(h in self.track.dunlop or r.colliderect(self.field_rect(h).inflate(k, k)) for h in (*lit, *path))

    def keep_clear(self, m: LegalMoves | None) -> list[pygame.Rect]:
        """What a banner should not hide: the lit fields, the way shown, the cars."""
        fields = set(m.ends()) if m is not None else set()
        if self.hop is not None:
            fields.update(self.hop.path)
        st = self.state
        if st.phase not in (ORDER, START_ROLL):
            fields.update(c.pos for c in st.cars)
        return [self.field_rect(h) for h in fields]

    def banner_spot(self, m: LegalMoves | None) -> tuple[tuple[int, int], bool]:
        """Where the banner stands: high over the board, unless that hides lit fields or cars – then
        the band of the board that hides the fewest; and whether it hides none (else it is drawn see-through)."""
        B = self.L.board
        size = self.banners.size()
        first = (B.centerx, B.y + int(B.h * 0.22))
        if size is None:
            return first, True
        w, h = size
        h += int(w * 0.11)  # it sways by up to 6°
        keep = self.keep_clear(m)
        best: tuple[tuple[int, int], tuple[int, int]] | None = None
        for k, fy in enumerate((0.22, 0.5, 0.78, 0.1, 0.9)):
            y = max(B.y + h // 2, min(B.bottom - h // 2, B.y + int(B.h * fy)))
            r = pygame.Rect(0, 0, w, h)
            r.center = (B.centerx, y)
            rank = (sum(1 for x in keep if r.colliderect(x)), k)
            if best is None or rank < best[0]:
                best = (rank, (B.centerx, y))
        assert best is not None
        return best[1], best[0][0] == 0

    def field_rect(self, h: Hex) -> pygame.Rect:
        """The box round a field on screen (a hex's width and height)."""
        x, y = self.view.to_pixel(h)
        r = self.view.scale * 0.9
        return pygame.Rect(int(x - r), int(y - r), int(2 * r), int(2 * r))

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.L.size:
            self.resize(surface.get_size())
        L = self.L
        s = L.s
        st = self.state
        way = self.shown_way()
        path = ((way.start,) + way.path) if way is not None and way.path else None
        if self.hop is not None:
            path = self.hop.path
        self.view.draw(surface, (), path, self.hover if self.L.board.collidepoint(self._mouse) else None, overhead=False)
        shows_reach = self.replaying or self.is_human(st.current_player())  # the replay viewer shows the roll's reach too
        m = self.moves() if (st.phase == MOVE and not self.busy() and shows_reach) else None
        clip = surface.get_clip()
        surface.set_clip(L.board)
        if m is not None:
            surface.blit(self.hl.layer(self.view, L.size, m.ends(), {x.end for x in m if x.off_track}), (0, 0))
        self.bridge_faint = self.under_bridge(list(m.ends()) if m is not None else [], path or ())
        self.view.draw_overhead(surface, self.bridge_faint)
        self.view.draw_caps(surface, self.caps())
        surface.set_clip(clip)
        draw_panels(surface, L)
        frame.draw_top(self, surface)
        frame.draw_controls(self, surface)
        pad.draw(self, surface)
        self.tray.draw(surface, self.fonts, L.tray, s)
        kinds = [self.session.kind_of(i) for i in range(len(st.players))]
        title = _("Standings") if st.phase not in (ORDER, START_ROLL) else _("Seats")
        self.standing_rows_shown = standing_rows(st, kinds, self.drinks(), self.view.geo.side_by_side)
        self.standing_rects = draw_standings(surface, self.fonts, L.standings, self.standing_rows_shown, s, title)
        head = self.fonts.text(_("The referee"), max(12, int(17 * s)), theme.CHALK, "serif")
        surface.blit(head, (L.feed.x + int(10 * s), L.feed.y + int(4 * s)))
        self.feed.draw(surface)
        frame.draw_hovered(self, surface)
        self.ui.draw_ui(surface)
        self.toast.draw(surface, (L.board.centerx, L.board.bottom - int(10 * s)), s, L.board.w - 40)
        self.banners.s = frame.banner_scale(self)
        spot, clear = self.banner_spot(m)
        self.banner_alpha = BANNER_FADED if self._pointer_busy > 0 else 1.0 if clear else BANNER_OVER
        self.banner_rect = self.banners.draw(surface, spot, self.banner_alpha)
        if self.legend_on:  # asked for: over the banners
            self.legend.draw(surface, L.board, s)
        self.note_rect = None  # the coach's note over all of them: the pointer asked for it
        if way is not None and self.modal is None and self.help is None:
            along = [self.field_rect(h) for h in (way.start,) + way.path]
            lit = [self.field_rect(h) for h in m.ends()] if m is not None else []
            lit += [self.field_rect(c.pos) for c in st.cars]  # … and the other cars, where it can
            self.note_rect = draw_note(surface, self.fonts, self.coach_lines(way), self._mouse, L.board, s, along, lit)
        self.draw_table(surface, (L.board.right - int(10 * s), L.board.y + int(10 * s)), s, L.board.w // 2)
        self.draw_join(surface, (L.board.right - int(10 * s), L.board.bottom - int(10 * s)), s)
        if self.modal is not None:
            self.modal.draw(surface)
        if self.help is not None:
            self.help.draw(surface)
