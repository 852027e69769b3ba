"""The race scene: a Racerbile race (Babybile, Racerbile, Le Mans) on the board, live.

The board (`BoardView`: wheel zooms, dragging pans, F fits) carries the caps; a bar on top says
whose turn it is and what now, the bar under the board holds the dice tray and the gear
controls, the side panel the tools, the standings and the referee's feed. Input (keys, clicks,
the dialogs, bots) becomes Racerbile actions applied to the `Match`, the single source of
truth: undo and load simply re-sync the view to it. Chance outcomes are drawn from the match,
tumble in the tray and are applied when they land; a move is animated field by field and
applied when the car arrives.

Keys: ↑ ↓ Enter choose the gear; Tab cycles the ways to the hovered field, Enter drives it;
C switches the coach, X calls a fault, J opens the judges' console (Le Mans), L the match log,
Ctrl+Z undoes, Ctrl+S saves, F shows the whole track (G follows the car on turn again), + and −
zoom, F1 shows the rules, Esc leaves.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.errors import IllegalAction
from game.i18n import N_, _, tr
from game.hexgrid import DIRECTION_NAMES, DIRECTIONS, Hex
from game.match import Match
from game.racerbile.actions import (
    Action,
    Call,
    Clock,
    Dice,
    Drive,
    Driver,
    Judge,
    Name,
    Order,
    Shift,
    StartDie,
)
from game.racerbile.moves import LegalMoves, Move
from game.racerbile.state import (
    GEAR,
    MOVE,
    NAME42,
    ORDER,
    OVER,
    ROLL,
    START_ROLL,
    RaceState,
)
from game.rules import racerbile as R
from game.rules.challenge import CHALLENGE, Challenge
from game.rules.ledger import Ledger
from game.rules.ruling import Ruling, What
from game.state import CHANCE
from game.ui import theme
from game.ui.banners import Banners, Toast
from game.ui.board_view import BoardView, CapView
from game.ui.challenge import ChallengeDialog
from game.ui.feed import Feed
from game.ui.help import HelpOverlay
from game.ui.modal import Confirm, ListDialog, Modal, log_dialog, make_manager
from game.ui.race_dialogs import (
    FaultMenu,
    JudgesConsole,
    OpponentChooser,
    RaceFinal,
    TimeTrialDialog,
)
from game.ui.race_hud import (
    SHOW_FAST,
    DiceTray,
    Line,
    clock_text,
    draw_note,
    draw_panels,
    draw_standings,
    draw_top_bar,
    fit_text,
    initials,
    race_layout,
    seat_color,
    standing_rows,
)
from game.saves import new_save_path, write_save
from game.ui.scene import Host, OverlayScene
from game.autosave import MatchAutosave
from game.ui.sound import sounds

BOT_DELAY = 0.55  # seconds a bot waits before it acts, so that people can follow
HOP_TIME = 0.13  # seconds an animated car takes per field
ARRIVE_PAUSE = 0.12  # … and rests on the last field before the move is ruled on
ORDER_PAUSE = 0.45  # a die of the roll for the order stays in view this long
CLOCK_FLUSH = 5.0  # real seconds between two Clock actions at most (Le Mans)
NOL_RULE = "racerbile.general.noled"
FOLLOW_PX = 26  # the hex size (at 1280×800) the view zooms to for the car of the person on turn
WHEEL_STEP = 1.15
KEY_ZOOM = 1.25
BOT_KINDS = ("careful", "racer", "stalin", "random")
VARIANT_TITLES = {R.BABYBILE: "Babybile", R.RACERBILE: "Racerbile", R.LE_MANS: "Le Mans"}
DECISIONS = ("gear", "driver", "drive", "name", "times", "startroll")
LEAVE = N_("Leave")  # the leave question's answer (Confirm shows it through `_()`)


def race_bot(kind: str) -> tuple[Any | None, str]:
    """A race bot of this kind (`make_race_bot(kind).act(state, rng)`), or None – random legal
    actions – with a note why."""
    try:
        from game.racerbile.bots import make_race_bot
    except ImportError:  # pragma: no cover - the bots ship with the race
        return None, _("the race bots are not installed – bots play at random")
    try:
        return make_race_bot(kind), ""
    except ValueError:
        return None, _("no {kind} bot – it plays at random").format(kind=repr(kind))


def turn_throws(match: Match) -> list[tuple[int, ...]]:
    """The dice thrown so far in the turn on hand (5s and 6s are thrown again), from the log."""
    out: list[tuple[int, ...]] = []
    for e in reversed(match.log.entries):
        word = e.action.split(" ", 1)[0]
        if word == "dice":
            out.append(tuple(int(c) for c in e.action[5:]))
        elif word in ("call", "judge", "clock", "challenge"):
            continue
        else:
            break
    return out[::-1]


def step_direction(a: Hex, b: Hex) -> int | None:
    for d, v in enumerate(DIRECTIONS):
        if a + v == b:
            return d
    return None


@dataclass
class Hop:
    """A car driving its move, field by field; the move is applied when it arrives."""

    seat: int
    path: tuple[Hex, ...]  # the start, then every field driven
    action: Action
    t: float = 0.0

    @property
    def duration(self) -> float:
        return HOP_TIME * max(0, len(self.path) - 1) + ARRIVE_PAUSE

    def at(self) -> tuple[Hex, int | None]:
        i = min(len(self.path) - 1, int(self.t / HOP_TIME))
        d = step_direction(self.path[i - 1], self.path[i]) if i > 0 else None
        return self.path[i], d


class RaceScene(OverlayScene):
    """A Racerbile race at the table: board, dice tray, gears, standings, feed, dialogs."""

    def __init__(self, host: Host, match: Match, *, save_path: str | Path | None = None, note: str = "", coach: bool = True,
                 autosave: bool = True) -> None:
        super().__init__(host)
        assert match.info.race, "the race scene runs Racerbile matches"
        self.match = match
        self.fonts = host.fonts
        self.save_path = Path(save_path) if save_path else None
        st = self.state
        self.track = st.track
        self.view = BoardView(self.track, host.size, fonts=self.fonts, area=race_layout(host.size, len(st.players)).board)
        self.tray = DiceTray(seed=match.log.seed + 5)
        self.banners = Banners(self.fonts)
        self.toast = Toast(self.fonts)
        self.feed = Feed(self.fonts)
        self.help: HelpOverlay | None = None
        self.modal: Modal | None = None
        self.rng = random.Random(match.log.seed + 77)
        self.bots: dict[int, Any] = {}
        notes = [note] if note else []
        for seat, p in enumerate(match.players):
            if p.kind != "human":
                kind = "careful" if p.kind == "bot" else p.kind
                bot, why = race_bot(kind)
                self.bots[seat] = bot
                if why and why not in notes:
                    notes.append(why)
        self.marks = initials(st.players)
        self.coach_on = coach
        self.follow = True  # the view goes to the car of the person on turn (F: the whole track)
        self._followed: tuple[int, str] | None = None
        self.hover: Hex | None = None
        self.alt = 0  # which of the ways to the hovered field (Tab)
        self._coach: dict[tuple[Hex, ...], list[Line]] = {}
        self._moves: tuple[RaceState, LegalMoves] | None = None
        self.pending: Action | None = None  # a chance outcome whose dice are in the air
        self.hop: Hop | None = None
        self.hold = 0.0
        self.bot_clock = 0.0
        self.stall = 0.0  # seconds the person on turn has stalled (the turn timer)
        self.nols = 0  # nøls the turn timer called (tests, curiosity)
        self.clock_pending = 0.0  # Le Mans event seconds not yet logged
        self.clock_since = 0.0
        self.turns_seen = st.turns
        self.final_dismissed = False
        self.trial_dismissed = False
        self.chooser_dismissed = False
        self._drag_from: tuple[int, int] | None = None
        self._dragged = False
        self._mouse = (0, 0)
        self._hl: tuple[Any, pygame.Surface] | None = None
        self.ui = make_manager(host.size)
        self._sig: tuple[Any, ...] = ()
        self.resize(host.size)
        self.resync()
        if self.save_path is not None:
            self.keep_journal()  # a loaded event goes on in its journal (a torn last line dropped)
        self.autosave = MatchAutosave(match, enabled=autosave and not st.lemans)  # Le Mans: the journal is its autosave
        if notes:
            self.toast.show(" · ".join(notes), seconds=6)

    # --- the match -------------------------------------------------------------------------

    @property
    def state(self) -> RaceState:
        st: RaceState = self.match.state
        return st

    def is_human(self, seat: int) -> bool:
        return seat >= 0 and seat not in self.bots

    def humans(self) -> int:
        return sum(1 for s in range(len(self.match.players)) if self.is_human(s))

    def kind_of(self, seat: int) -> str:
        k = self.match.players[seat].kind
        return "careful" if k == "bot" else k

    def busy(self) -> bool:
        """Dice in the air, a car on its way, a pause, or chance to draw: no one may decide."""
        return self.pending is not None or self.hop is not None or self.tray.animating or self.hold > 0 or self.state.current_player() == CHANCE

    def moves(self) -> LegalMoves | None:
        """The legal moves of the car on turn (cached per state)."""
        st = self.state
        if st.phase != MOVE:
            return None
        if self._moves is None or self._moves[0] is not st:
            self._moves = (st, st.moves())
        return self._moves[1]

    def resync(self) -> None:
        """Make the view match the match (after start, load, undo)."""
        st = self.state
        self.pending = None
        self.hop = None
        self.hold = 0.0
        self.bot_clock = 0.0
        self.stall = 0.0
        self.banners.clear()
        self._coach.clear()
        self._moves = None
        self._followed = None
        self.turns_seen = st.turns
        throws = turn_throws(self.match) if st.phase in (ROLL, MOVE, NAME42) else []
        if throws and st.turn is not None:
            t = st.turn
            fast_now = [f for f in throws[-1] if f >= 5] if t.pending else []
            rerolled = [f for th in (throws[:-1] if t.pending else throws) for f in th if f >= 5]
            self.tray.show(t.dice, fast_now, rerolled)
            self.tray.caption = f"{st.driver(t.seat)} · " + _("gear {n}").format(n=t.gear)
        else:
            self.tray.clear()
        self.feed.set_log(self.match.log.entries)
        self.feed.flash.clear()
        if not st.is_terminal():
            self.final_dismissed = False
            if isinstance(self.modal, RaceFinal):
                self.modal = None
        self._sig = ()

    def apply_action(self, action: Action) -> str | None:
        """Apply any action to the match and bring the view along; an error text, or None."""
        before = self.state
        self.keep_journal()
        try:
            entry = self.match.apply(action)
        except IllegalAction as e:
            return str(e)
        after = self.state
        if any(a.flipped and not b.flipped for a, b in zip(after.cars, before.cars)):
            sounds().play("cap_flip")
        for r in entry.rulings:
            self.push_ruling(r)
        self.feed.set_log(self.match.log.entries)
        self._coach.clear()
        self.hover_check()
        if not isinstance(action, (Clock, Call, Judge)) or after.turn != before.turn:
            self.stall = 0.0
        self.bot_clock = 0.0
        if isinstance(action, (Order, Name)):
            self.trial_dismissed = self.chooser_dismissed = False
        self.toast.dismiss("turn")
        return None

    def push_ruling(self, r: Ruling) -> None:
        """Banners for a ruling: the Danish call-outs, a beer emptied, laps, the winner."""
        q = self.banners.queue
        while len(q) > 3:  # a busy turn: the oldest waiting call-outs make way
            del q[1]
        if r.words:
            words = list(r.words)
            text = " ".join(words) if len(words) <= 3 else f"{words[0]} × {len(words)}"
            self.banners.push(text, r.who, "call", 1.25)
        elif r.what in (What.BEER, What.BEER_REST):
            emptied = _("{name} empties the rest of the beer") if r.what is What.BEER_REST else _("{name} empties a whole beer")
            self.banners.push("Bunde!", emptied.format(name=r.who), "loss", 1.3)
        elif r.what is What.LAPS and r.amount < 0:
            laps = _("−{n} laps") if r.amount < -1 else _("−{n} lap")
            self.banners.push(laps.format(n=-r.amount), tr(r.arithmetic), "loss", 1.4)
        elif r.rule in ("racerbile.turn", "racerbile.lemans.winner") and r.what is What.NOTE and ("wins" in r.arithmetic):
            self.banners.push(_("{name} wins!").format(name=self._seat_name(r.who)), tr(r.arithmetic), "reply", 2.2)
        elif r.what is What.LAPS and r.amount > 0:
            lap = getattr(r.arithmetic, "args", {}).get("lap")
            head = _("Lap {n}").format(n=lap) if lap is not None else tr(r.arithmetic)
            self.banners.push(head, self._seat_name(r.who), "info", 1.0)

    def _seat_name(self, who: str) -> str:
        try:
            return self.state.players[self.state.seat_of(who)]
        except KeyError:
            return who

    def keep_journal(self) -> None:
        """A Le Mans event survives a crash: its log goes to a journal (`game.rules.journal`) that
        takes every action as it happens – the race's save file, listed under "Continue saved match"."""
        if not self.state.lemans or self.match.journal is not None:
            return
        path = self.save_path or new_save_path("lemans")
        try:
            self.match.attach_journal(path)
        except OSError as e:
            self.toast.show(_("No crash-proof journal ({error}); save with Ctrl+S").format(error=e), "error", seconds=6)
            return
        self.save_path = Path(path)

    def closed(self) -> None:
        self.autosave.close()
        self.match.close_journal()

    # --- human decisions -------------------------------------------------------------------

    def _can_act(self, quiet: bool = False) -> bool:
        st = self.state
        if st.is_terminal():
            if not quiet:
                self.toast.show(_("The race is over: N starts a new one, Ctrl+Z takes the last move back"), "error")
            return False
        if self.busy():
            return False
        seat = st.current_player()
        if st.phase == ORDER:
            return self.humans() > 0
        if not self.is_human(seat):
            if not quiet:
                who = st.driver(seat) if seat >= 0 else _("chance")
                self.toast.show(_("It is {name}'s turn ({kind} bot)").format(name=who, kind=self.kind_of(seat)), "error")
            return False
        return True

    def act(self, action: Action) -> str | None:
        """A person's decision: applied when it is his to make and legal, else the reason."""
        if not self._can_act():
            return "not now"
        st = self.state
        if isinstance(action, Drive):
            m = self.moves()
            if m is None or not any(x.path == action.path for x in m):
                return self._why(action)
            self.start_hop(st.turn.seat if st.turn else 0, action)
            return None
        if not isinstance(action, Order) and action not in st.legal_actions():  # times are not listed: any will do
            return self._why(action)
        return self.apply_action(action)

    def _why(self, action: Action) -> str:
        try:
            self.state.apply(action)
        except IllegalAction as e:
            return str(e)
        return _("{action} is not open now").format(action=action)

    def decide(self, action: Action) -> bool:
        err = self.act(action)
        if err and err != "not now":
            self.toast.show(err, "error")
        return err is None

    def shift(self, delta: int) -> bool:
        st = self.state
        if st.phase != GEAR:
            return False
        return self.decide(Shift(delta))

    def table_action(self, action: Action) -> str | None:
        """A call, a judges' decision: open at any time, ruled on at once."""
        if self.state.is_terminal():
            return _("the race is over")
        return self.apply_action(action)

    def start_hop(self, seat: int, action: Drive) -> None:
        car = self.state.cars[seat]
        self.hop = Hop(seat, (car.pos,) + action.path, action)
        self.hover = None

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

    def last_decision(self) -> int | None:
        """The log index of the last decision a person made (None: none yet)."""
        entries = self.match.log.entries
        for i in range(len(entries) - 1, 0, -1):
            e = entries[i]
            if e.seat == CHALLENGE:  # a challenge is undone on its own (as at the other tables)
                return i
            word = e.action.split(" ", 1)[0]
            if word not in DECISIONS:
                continue
            if word in ("times", "startroll") and self.humans():
                return i
            if self.is_human(e.seat):
                return i
        return None

    def undo(self) -> None:
        i = self.last_decision()
        if i is None:
            self.toast.show(_("Nothing to undo"), "error")
            return
        self.undo_to(i, _("Undone: {action}").format(action=self.match.log.entries[i].action))

    def undo_to(self, n: int, message: str | None = None) -> None:
        """Back to just after the first `n` log entries; event time undone is kept (Le Mans)."""
        gone = self.match.log.entries[n:]
        for e in gone:
            if e.action.startswith("clock "):
                self.clock_pending += float(e.action[6:])
        self.match.undo_to(n)  # a journal is rewritten with it
        self.autosave.after_undo()
        if isinstance(self.modal, ListDialog):
            self.modal = None
        self.resync()
        self.toast.show(message or _("Back to before action {n}").format(n=n + 1))

    def save(self) -> Path | None:
        path = self.save_path or new_save_path("racerbile")
        error = write_save(self.match, path)
        if error is not None:
            self.toast.show(_("Could not save: {error}").format(error=error), "error")
            return None
        self.save_path = path
        self.toast.show(_("Saved to {path}").format(path=path))
        return path

    def leave(self) -> None:
        """Back to the menu; an unfinished race is kept (its own file, or the autosave)."""
        st = self.state
        if not st.is_terminal() and any(e.seat >= 0 for e in self.match.log.entries):
            self.flush_clock()
            if self.match.journal is None and self.save_path is not None:  # a journal, the autosave hold it already
                try:
                    self.match.save(self.save_path)
                except OSError:
                    pass
        self.autosave.close()
        self.host.pop()

    def ask_leave(self) -> None:
        def chosen(text: str) -> None:
            self.modal = None
            if text == LEAVE:
                self.leave()

        done = self.state.is_terminal()
        decided = any(e.seat >= 0 for e in self.match.log.entries)
        detail = _("The race is over.") if done else _("It is saved: continue it from the menu.") if decided else _("Nothing has happened yet.")
        self.modal = Confirm(self.fonts, self.host.size, _("Leave the race?"), detail, [LEAVE, N_("Stay")], chosen)

    def new_race(self) -> None:
        m = self.match
        seed = random.SystemRandom().randrange(1, 2**31)
        new = Match("racerbile", list(m.players), m.profile, seed=seed, track=str(m.log.settings.get("track")))
        self.host.replace(RaceScene(self.host, new, coach=self.coach_on))

    def open_log(self) -> None:
        entries = self.match.log.entries
        items = []
        players = self.match.players
        for i, e in enumerate(entries):
            if i == 0 or e.action.startswith("clock "):
                continue
            word = e.action.split(" ", 1)[0]
            if word in ("call", "judge"):
                label = _("table: {action}").format(action=e.action) if word == "call" else _("judges: {action}").format(action=e.action[6:])
            elif e.seat == CHANCE:
                label = f"      {e.action}"
            elif e.seat == CHALLENGE:
                label = e.action
            else:
                label = f"{players[e.seat].name if 0 <= e.seat < len(players) else _('start')}: {e.action}"
            items.append((f"{i + 1:>4}.  {label}", str(i)))
        self.modal = log_dialog(self.fonts, self.host.size, items, self.undo_to)

    def drinks(self) -> Ledger:
        """What everybody has drunk by the rulings that stand (`Match.drinks`)."""
        return self.match.drinks()

    def open_challenge(self) -> None:
        """K: challenge a drink ruling (issue 8); at Le Mans the judges may challenge too."""
        self.modal = ChallengeDialog(self.fonts, self.host.size, lambda: self.match.log.entries, self.match.people(),
                                     self.challenge, judges=self.state.lemans)

    def challenge(self, ch: Challenge) -> str | None:
        """Apply a challenge (also after the finish): the refusal, or None; the feed strikes the
        original and the standings' sips follow `match.drinks()`."""
        self.keep_journal()
        try:
            self.match.apply(ch)
        except IllegalAction as e:
            return str(e)
        self.feed.set_log(self.match.log.entries)
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
        self.modal = JudgesConsole(self.fonts, self.host.size, lambda: self.state, self.table_action, self.clock_lines, self.match.rulings)

    def open_trial(self) -> None:
        if self.state.phase == ORDER:
            self.modal = TimeTrialDialog(self.fonts, self.host.size, self.state, self.act)

    def open_chooser(self) -> None:
        if self.state.phase == NAME42 and self.is_human(self.state.current_player()):
            self.modal = OpponentChooser(self.fonts, self.host.size, self.state, self.act)

    def toggle_coach(self) -> None:
        self.coach_on = not self.coach_on
        self.toast.show(_("The coach explains each way") if self.coach_on else _("The coach is off: lit fields are still clickable"))
        self._sig = ()

    def toggle_help(self) -> None:
        if self.help is None:
            self.help = HelpOverlay(self.fonts, "racerbile", self.host.size, self.match.profile, self.match.info.spec)
        else:
            self.help = None

    help_toggle = toggle_help

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

    # --- the Le Mans clock and the turn timer ----------------------------------------------

    def event_seconds(self) -> float:
        return self.state.clock + self.clock_pending

    def clock_lines(self) -> list[str]:
        st = self.state
        hours = st.profile["lemans_hours"]
        end = (hours if isinstance(hours, int) else 24) * 3600
        factor = st.profile["lemans_time_factor"] or 1
        lines = [_("Event clock {now} of {end}").format(now=clock_text(self.event_seconds()), end=clock_text(end)) + ("  " + _("(time-lapse ×{factor})").format(factor=factor) if factor != 1 else "")]
        if st.last_round:
            lines.append(_("The last round of turns has been called"))
        return lines

    def flush_clock(self) -> None:
        """Log the event time that has passed (whole seconds), one Clock action for all of it."""
        st = self.state
        self.clock_since = 0.0
        secs = int(self.clock_pending)
        if not st.lemans or secs < 1 or st.is_terminal():
            return
        self.clock_pending -= secs
        err = self.apply_action(Clock(secs))
        if err:
            self.clock_pending += secs

    def _tick_clock(self, dt: float) -> None:
        st = self.state
        if not st.lemans or st.phase in (ORDER, START_ROLL, OVER):
            return
        factor = st.profile["lemans_time_factor"]
        self.clock_pending += dt * (factor if isinstance(factor, int) else 1)
        self.clock_since += dt
        if st.turns != self.turns_seen or self.clock_since >= CLOCK_FLUSH:
            self.turns_seen = st.turns
            self.flush_clock()

    def timer_left(self) -> float | None:
        limit = self.state.profile["turn_timer"]
        if not isinstance(limit, int) or not self._waiting_for_human():
            return None
        return max(0.0, limit - self.stall)

    def _waiting_for_human(self) -> bool:
        st = self.state
        return st.phase in (GEAR, MOVE, NAME42) and not self.busy() and self.is_human(st.current_player())

    def _tick_timer(self, dt: float) -> None:
        limit = self.state.profile["turn_timer"]
        if not isinstance(limit, int) or not self._waiting_for_human() or self.help is not None or self.modal is not None:
            return
        self.stall += dt
        if self.stall >= limit:
            self.stall = 0.0
            st = self.state
            self.nols += 1
            self.apply_action(Call(NOL_RULE, st.driver(st.current_player())))

    # --- layout ----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.L = race_layout(size, len(self.state.players))
        L = self.L
        if (self.view.size, self.view.area) != (size, L.board):
            self.view.resize(size, L.board)
        head = max(22, int(30 * L.s))
        self.feed.set_rect(pygame.Rect(L.feed.x + 2, L.feed.y + head, L.feed.w - 4, L.feed.h - head - 4), L.s)
        self.banners.s = L.s
        self._hl = None
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
        font = self.fonts.font(16, "bold")
        gap = max(4, int(6 * s))
        row_h = (L.tools.h - gap) // 2
        lemans = self.state.lemans
        rows: list[list[tuple[str, str, str]]] = [
            [("faults", _("Fault (X)"), _("call a fault the table saw (X)"))]
            + ([("judges", _("Judges (J)"), _("the judges' console (J)"))] if lemans else [])
            + [("coach", _("Coach (C)"), _("the coach explains each way: path, squeals, sips (C)")), ("log", _("Log (L)"), _("the match log: undo to any action (L)")),
               ("challenge", _("Kontra (K)"), _("challenge a drink ruling, with a reason (K)"))],
            [("undo", _("Undo"), _("back to before the last decision (Ctrl+Z)")), ("save", _("Save"), _("save the race (Ctrl+S)")), ("help", _("Rules"), _("the rules (F1)")), ("menu", _("Menu"), _("leave the race (Esc)"))],
        ]
        if lemans:  # five tools a row at most: the coach moves down beside Undo
            coach = next(t for t in rows[0] if t[0] == "coach")
            rows = [[t for t in rows[0] if t is not coach], [coach, *rows[1]]]
        self.tool_buttons: dict[str, UIButton] = {}
        for k, row in enumerate(rows):
            bw = (L.tools.w - gap * (len(row) - 1)) // len(row)
            for i, (key, text, tip) in enumerate(row):
                if font.size(text)[0] + 18 > bw:
                    text = text.split(" (")[0]
                r = pygame.Rect(L.tools.x + i * (bw + gap), L.tools.y + k * (row_h + gap), bw, row_h)
                self.tool_buttons[key] = UIButton(r, text, self.ui, tool_tip_text=tip)
        c = L.controls
        pad = int(12 * s)
        bh = max(32, int(38 * s))
        y = c.bottom - pad - bh
        x = c.x + pad
        bw = max(max(int(124 * s), font.size(t)[0] + 30) for t in (_("Gear up"), _("Hold (Enter)"), _("Gear down")))
        self.b_up = UIButton(pygame.Rect(x, y, bw, bh), _("Gear up"), self.ui, tool_tip_text=_("one gear up (the Up key)"))
        self.b_hold = UIButton(pygame.Rect(x + bw + gap, y, bw, bh), _("Hold (Enter)"), self.ui, tool_tip_text=_("keep the gear (Enter)"))
        self.b_down = UIButton(pygame.Rect(x + 2 * (bw + gap), y, bw, bh), _("Gear down"), self.ui, tool_tip_text=_("one gear down (the Down key): a technical fault, 1 sip"))
        self.driver_x = x + 3 * (bw + gap) + gap
        self.controls_button_y = y
        self.b_drivers: list[UIButton] = []
        self.driver_names: dict[UIButton, str] = {}  # a driver button → the driver it names
        self.b_action = UIButton(pygame.Rect(x, y, max(230, int(260 * s)), bh), "", self.ui, object_id="#go_button")
        self._sig = ()
        self._update_buttons()

    def _update_buttons(self) -> None:
        st = self.state
        seat = st.current_player()
        mine = not self.busy() and self.is_human(seat) and not st.is_terminal()
        gear = st.phase == GEAR and mine
        shifts = st.shifts() if gear else []
        drivers = [a.name for a in st.legal_actions() if isinstance(a, Driver)] if gear else []
        action = ""
        if st.phase == ORDER and self.humans() and not isinstance(self.modal, TimeTrialDialog):
            action = _("Time trial… (T)")
        elif st.phase == NAME42 and mine:
            action = _("Name an opponent… (N)")
        elif st.is_terminal():
            action = _("Final standings")
        elif st.phase == MOVE and mine:
            m = self.moves()
            if m is not None and len(m.ends()) == 1:
                action = _("Drive (Enter)")
        sig = (gear, tuple(shifts), tuple(drivers), action, len(self.match.log.entries) > 1, self.coach_on)
        if sig == self._sig:
            return
        self._sig = sig
        for b, delta in ((self.b_up, 1), (self.b_hold, 0), (self.b_down, -1)):
            if gear:
                b.show()
                if delta in shifts:
                    b.enable()
                else:
                    b.disable()
            else:
                b.hide()
        for b in self.b_drivers:
            b.kill()
        self.b_drivers = []
        self.driver_names = {}
        x = self.driver_x
        font = self.fonts.font(16, "bold")
        pit = st.turn is not None and st.cars[st.turn.seat].pos in st.course.pit
        room = self.L.controls.right - int(12 * self.L.s) - self.driver_x
        for name in drivers:
            text = _("{name} drives").format(name=name)
            w = max(60, min(font.size(text)[0] + 30, room // 2 - 6))
            tip = _("{name} takes the wheel").format(name=name) + " – " + (
_("free in the pit") if pit else _("outside the pit: he empties a whole beer first"))
            self.b_drivers.append(UIButton(pygame.Rect(x, self.controls_button_y, w, self.b_up.rect.h), text, self.ui, tool_tip_text=tip))
            self.driver_names[self.b_drivers[-1]] = name
            x += w + 6
        if action:
            self.b_action.set_text(action)
            self.b_action.set_dimensions((self.fonts.font(16, "bold").size(action)[0] + 40, self.b_action.rect.h))
            self.b_action.show()
        else:
            self.b_action.hide()
        if self.coach_on:
            self.tool_buttons["coach"].select()
        else:
            self.tool_buttons["coach"].unselect()

    # --- the view ------------------------------------------------------------------------------

    def follow_car(self) -> None:
        """Bring the car of the person on turn (and where it can go) into view, big enough to play."""
        st = self.state
        t = st.turn
        if not self.follow or t is None or st.phase not in (GEAR, MOVE) or self.busy():
            return
        if not self.is_human(t.seat) and self.humans():
            return
        key = (st.turns, st.phase)
        if key == self._followed:
            return
        self._followed = key
        fields = [st.cars[t.seat].pos]
        m = self.moves()
        if m is not None:
            fields += m.ends()
        self.show_fields(fields, centre=st.phase == GEAR)

    def show_fields(self, fields: list[Hex], centre: bool = False) -> None:
        v, B = self.view, self.L.board
        want = FOLLOW_PX * self.L.s
        if v.scale < want * 0.95:
            v.zoom(want / v.scale, B.center)
        pts = [v.to_pixel(h) for h in fields]
        x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
        y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
        inner = B.inflate(-int(2 * v.scale) - 40, -int(2 * v.scale) - 40)
        if centre or not (inner.left <= x0 and x1 <= inner.right and inner.top <= y0 and y1 <= inner.bottom):
            v.pan(B.centerx - (x0 + x1) / 2, B.centery - (y0 + y1) / 2)
        self._hl = None

    def fit_board(self) -> None:
        self.view.fit()
        self._hl = None
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
            self.key(e.key, e.mod)
        elif e.type == pygame.MOUSEWHEEL:
            pos = getattr(e, "pos", None) or pygame.mouse.get_pos()
            if self.L.board.collidepoint(pos):
                steps = getattr(e, "precise_y", None) or e.y
                if steps:
                    self.view.zoom(WHEEL_STEP ** float(steps), pos, preview=True)
                    self._hl = None
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button in (1, 2, 3):
            if self.L.board.collidepoint(e.pos):
                self._drag_from = e.pos
                self._dragged = False
        elif e.type == pygame.MOUSEBUTTONUP and e.button in (1, 2, 3):
            start, self._drag_from = self._drag_from, None
            if start is not None and not self._dragged and e.button == 1:
                self.click(e.pos)
        elif e.type == pygame.MOUSEMOTION:
            self._mouse = e.pos
            if self._drag_from is not None:
                if not any(e.buttons):
                    self._drag_from = None
                else:
                    dx, dy = e.pos[0] - self._drag_from[0], e.pos[1] - self._drag_from[1]
                    if self._dragged or abs(dx) + abs(dy) > 4:
                        self._dragged = True
                        self.view.pan(dx, dy)
                        self._hl = None
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
        if st.phase == MOVE and self._can_act(quiet=True):
            m = self.moves()
            if m is not None and m.to(h):
                self.hover = h
                self.drive_to(h)
            else:
                self.toast.show(_("Not reachable with this roll – click a lit field"), "error")

    def key(self, k: int, mod: int = 0) -> None:
        ctrl = bool(mod & pygame.KMOD_CTRL)
        st = self.state
        if k == pygame.K_z and ctrl:
            self.undo()
        elif k == pygame.K_s and ctrl:
            self.save()
        elif k == pygame.K_UP and st.phase == GEAR:
            self.shift(1)
        elif k == pygame.K_DOWN and st.phase == GEAR:
            self.shift(-1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.enter()
        elif k == pygame.K_TAB:
            self.alt += 1
        elif k == pygame.K_c:
            self.toggle_coach()
        elif k == pygame.K_x:
            self.open_faults()
        elif k == pygame.K_j:
            self.open_judges()
        elif k == pygame.K_l:
            self.open_log()
        elif k == pygame.K_k:
            self.open_challenge()
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
        elif k in (pygame.K_f, pygame.K_HOME):
            self.fit_board()
        elif k == pygame.K_g:
            self.follow_again()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.view.zoom(KEY_ZOOM)
            self._hl = None
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.view.zoom(1 / KEY_ZOOM)
            self._hl = None

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
        }
        for key, b in self.tool_buttons.items():
            if el is b:
                tools[key]()
                return
        if el is self.b_up:
            self.shift(1)
        elif el is self.b_hold:
            self.shift(0)
        elif el is self.b_down:
            self.shift(-1)
        elif el in self.b_drivers:
            name = self.driver_names.get(el, el.text.rsplit(" drives", 1)[0])
            self.decide(Driver(name))
        elif el is self.b_action:
            self.enter() if self.state.phase != NAME42 else self.open_chooser()

    # --- time --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.ui.update(dt)
        self.view.update(dt)
        self.tray.update(dt)
        self.banners.update(dt)
        self.toast.update(dt)
        self.feed.update(dt)
        if self.help is not None:
            self.help.update(dt)
        if self.modal is not None:
            self.modal.update(dt)
        self.hold = max(0.0, self.hold - dt)
        if self.hop is not None:
            was = int(self.hop.t / HOP_TIME)
            self.hop.t += dt
            if was < int(self.hop.t / HOP_TIME) <= len(self.hop.path) - 1:
                sounds().play("cap_click")  # the cap lands on the next field
        self._tick_clock(dt)
        self._step_match(dt)
        self._tick_timer(dt)
        self.follow_car()
        self._update_buttons()

    def _step_match(self, dt: float) -> None:
        st = self.state
        if self.hop is not None:
            if self.hop.t >= self.hop.duration:
                hop, self.hop = self.hop, None
                err = self.apply_action(hop.action)
                if err:
                    self.toast.show(err, "error")
            return
        if self.pending is not None:
            if not self.tray.animating:
                outcome, self.pending = self.pending, None
                sounds().play("dice_land")
                self.apply_action(outcome)
                after = self.state
                if isinstance(outcome, StartDie):
                    self.hold = ORDER_PAUSE
                elif after.phase == ROLL and after.turn is not None and after.turn.pending:
                    self.hold = SHOW_FAST
            return
        if self.hold > 0:
            return
        seat = st.current_player()
        if seat == CHANCE:
            self._throw(st)
            return
        if st.is_terminal():
            if self.modal is None and not self.final_dismissed and not self.banners.active:
                self.modal = RaceFinal(self.fonts, self.host.size, st, self.new_race, self.leave, self.drinks())
            return
        if st.phase == ORDER and self.humans():
            if self.modal is None and self.help is None and not self.trial_dismissed:
                self.open_trial()
            return
        if st.phase == NAME42 and self.is_human(seat):
            if self.modal is None and self.help is None and not self.chooser_dismissed:
                self.open_chooser()
            return
        if (seat in self.bots or (st.phase == ORDER and not self.humans())) and self.modal is None and self.help is None:
            self.bot_clock += dt
            if self.bot_clock >= BOT_DELAY:
                self.bot_clock = 0.0
                self._bot_move(seat, st)
        else:
            self.bot_clock = 0.0

    def _throw(self, st: RaceState) -> None:
        outcome = self.match.draw_chance()
        if isinstance(outcome, StartDie):
            seat = st.groups[0][len(st.rolled)] if st.groups else 0
            self.tray.clear(_("{name} rolls for the order").format(name=st.players[seat]))
            self.tray.throw([outcome.face])
        elif isinstance(outcome, Dice) and st.turn is not None:
            t = st.turn
            if not t.dice and not t.fives:
                self.tray.clear(f"{st.driver(t.seat)} · " + _("gear {n}").format(n=t.gear))
            self.tray.throw(outcome.faces)
        sounds().play("dice_rattle")
        self.pending = outcome

    def _bot_move(self, seat: int, st: RaceState) -> None:
        legal = st.legal_actions()
        bot = self.bots.get(seat)
        a: Action | None = None
        if bot is not None:
            try:
                a = bot.act(st, self.rng)
            except Exception as e:  # a bot under construction must not end the evening
                self.toast.show(_("{name}'s bot failed ({error}); it plays at random").format(name=st.players[seat], error=e), "error")
        if a is not None and a not in legal:
            self.toast.show(_("{name}'s bot chose {action}, which is not open; it plays at random").format(name=st.players[seat], action=a), "error")
            a = None
        if a is None:
            a = self.rng.choice(legal)
        if isinstance(a, Drive):
            self.start_hop(seat, a)
        else:
            err = self.apply_action(a)
            if err:
                self.toast.show(err, "error")

    # --- drawing -----------------------------------------------------------------------------

    def caps(self) -> list[CapView]:
        st = self.state
        if st.phase in (ORDER, START_ROLL):
            return []
        facing = st.facing_rule
        seats = sorted(range(len(st.players)), key=lambda s: st.cars[s].arrival)
        out = []
        moving = None
        for s in seats:
            car = st.cars[s]
            if self.hop is not None and self.hop.seat == s:
                at, d = self.hop.at()
                moving = CapView(at, seat_color(s), self.marks[s], (d if d is not None else car.facing) if facing else None)
                continue
            out.append(CapView(car.pos, seat_color(s), self.marks[s], car.facing if facing else None, car.flipped))
        if moving is not None:
            out.insert(0, moving)  # the car on its way lies on top
        return out

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
        """What the coach says about a way: the fields, the squeals, the sips – the referee's own
        rulings on it, worked out in advance (the state is immutable)."""
        got = self._coach.get(way.path)
        if got is not None:
            return got
        st = self.state
        t = st.turn
        assert t is not None
        me = st.driver(t.seat)
        try:
            step = st.apply(Drive(way.path))
        except IllegalAction as e:
            return [(str(e), theme.CHALK_RED, "bold")]
        m = self.moves()
        ways = len(m.to(way.end)) if m is not None else 1
        end = way.end
        lines: list[Line] = []
        n = len(way.path)
        head = (_("{n} of {roll} fields to {q},{r}") if t.roll != 1 else _("{n} of {roll} field to {q},{r}")).format(n=n, roll=t.roll, q=end.q, r=end.r) if n else _("stays put")
        lines.append((head, theme.CHALK_YELLOW, "bold"))
        others: dict[str, int] = {}
        for r in step.rulings:
            if r.what not in (What.SIPS, What.BEER, What.BEER_REST) or r.rule == "racerbile.turn":
                continue
            if r.who == me:
                lines.append((f"· {tr(r.arithmetic)}", theme.CREAM, "regular"))
            else:
                n_sips = r.amount if r.what is What.SIPS else st.ledger[r.who].drink.sips * r.amount if r.what is What.BEER else st.ledger[r.who].beer_left
                others[r.who] = others.get(r.who, 0) + n_sips
        mine = step.state.ledger[me].sips - st.ledger[me].sips
        mine -= sum(r.amount for r in step.rulings if r.who == me and r.rule == "racerbile.turn" and r.what is What.SIPS)
        if way.squeals:
            lines.append(("· " + _("say “hvin” {n}×").format(n=way.squeals), theme.AMBER, "italic"))
        if way.off_track:
            lines.append(("· " + _("leaves the track"), theme.CHALK_RED, "bold"))
        if st.facing_rule and way.facing is not None:
            lines.append(("· " + _("ends facing {direction}").format(direction=DIRECTION_NAMES[way.facing % 6].upper()), theme.MUTED, "italic"))
        drinks = (_("{name} drinks {n} sip") if mine == 1 else _("{name} drinks {n} sips")).format(name=me, n=mine) if mine else _("{name} drinks nothing").format(name=me)
        lines.append((drinks, theme.CHALK_RED if mine else theme.CHALK_YELLOW, "bold"))
        for who, k in others.items():
            lines.append((_("{name} drinks {n}").format(name=who, n=k), theme.MUTED, "regular"))
        if ways > 1:
            lines.append((_("way {n} of {total} – Tab for another").format(n=self.alt % ways + 1, total=ways), theme.CHALK_BLUE, "italic"))
        self._coach[way.path] = lines
        return lines

    def highlight_layer(self, ends: list[Hex], off: set[Hex]) -> pygame.Surface:
        key = (self.view.scale, self.view.origin, tuple(ends), tuple(sorted(off)), self.L.size)
        if self._hl is not None and self._hl[0] == key:
            return self._hl[1]
        # a veil over the board with the reachable fields cut out: lit on any palette
        layer = pygame.Surface(self.L.size, pygame.SRCALPHA)
        layer.fill((0, 0, 0, 120))
        lay = self.view.layout
        w = max(2, int(self.view.scale * 0.12))
        for h in ends:
            pygame.draw.polygon(layer, (0, 0, 0, 0), lay.corners(h))
        for h in ends:
            corners = lay.corners(h)
            cx, cy = lay.to_pixel(h)
            inner = [(cx + (x - cx) * 0.84, cy + (y - cy) * 0.84) for x, y in corners]
            pygame.draw.lines(layer, (20, 16, 12, 220), True, corners, w + 2)
            pygame.draw.lines(layer, (238, 70, 50, 255) if h in off else (255, 244, 170, 255), True, inner, w)
        self._hl = (key, layer)
        return layer

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
        self.view.draw(surface, (), path, self.hover if self.L.board.collidepoint(self._mouse) else None)
        m = self.moves() if (st.phase == MOVE and not self.busy() and self.is_human(st.current_player())) else None
        if m is not None:
            clip = surface.get_clip()
            surface.set_clip(L.board)
            ends = m.ends()
            off = {x.end for x in m if x.off_track}
            surface.blit(self.highlight_layer(ends, off), (0, 0))
            surface.set_clip(clip)
        clip = surface.get_clip()
        surface.set_clip(L.board)
        self.view.draw_caps(surface, self.caps())
        surface.set_clip(clip)
        draw_panels(surface, L)
        self._draw_top(surface)
        self._draw_controls(surface)
        self.tray.draw(surface, self.fonts, L.tray, s)
        kinds = [self.kind_of(i) if i in self.bots else "human" for i in range(len(st.players))]
        title = _("Standings") if st.phase not in (ORDER, START_ROLL) else _("Seats")
        self.standing_rects = draw_standings(surface, self.fonts, L.standings, standing_rows(st, kinds, self.drinks()), s, title)
        head = self.fonts.text(_("The referee"), max(12, int(17 * s)), theme.CHALK, "serif")
        surface.blit(head, (L.feed.x + int(10 * s), L.feed.y + int(4 * s)))
        self.feed.draw(surface)
        self.ui.draw_ui(surface)
        if way is not None and self.modal is None and self.help is None:
            draw_note(surface, self.fonts, self.coach_lines(way), self._mouse, L.board, s)
        self.toast.draw(surface, (L.board.centerx, L.board.bottom - int(10 * s)), s, L.board.w - 40)
        self.banners.s = self.banner_scale()
        self.banners.draw(surface, (L.board.centerx, L.board.y + int(L.board.h * 0.22)))
        if self.modal is not None:
            self.modal.draw(surface)
        if self.help is not None:
            self.help.draw(surface)

    def banner_scale(self) -> float:
        """The banners' scale: the window's, or less, so that a long call-out fits over the board."""
        L = self.L
        q = self.banners.queue
        if not q or q[0].image is not None:
            return self.banners.s
        text = q[0].text
        big = len(text) <= 14  # as the banners measure it
        w = self.fonts.font(int((92 if big else 56) * L.s), "serif").size(text)[0] + int(190 * L.s)
        return L.s * min(1.0, L.board.w * 0.94 / max(1, w))

    def turn_text(self) -> tuple[str, str, theme.Color]:
        st = self.state
        if st.phase == ORDER:
            if self.humans():
                return _("The start: the time trial"), _("enter each seat's time (T), or roll for the order"), theme.CHALK_YELLOW
            return _("The start"), _("the bots roll for the order"), theme.CREAM
        if st.phase == START_ROLL:
            done = ", ".join(f"{st.players[a]} {f}" for a, f in st.rolled)
            return _("Rolling for the order"), (_("highest starts, ties roll again") + (f" · {done}" if done else "")), theme.CREAM
        if st.is_terminal():
            w = st.players[st.standings()[0]]
            return _("The race is over – {name} wins").format(name=w), _("N: a new race · Esc: the menu"), theme.CHALK_YELLOW
        t = st.turn
        assert t is not None
        seat = t.seat
        who = st.driver(seat)
        team = f" ({st.players[seat]})" if st.lemans else ""
        bot = seat in self.bots
        color = theme.CHALK_YELLOW if not bot else theme.CREAM
        if st.phase == GEAR:
            sub = _("{kind} bot is choosing the gear").format(kind=self.kind_of(seat)) if bot else _("choose the gear: ↑ up · Enter hold · ↓ down")
            return _("{name}'s turn").format(name=who) + team, sub, color
        if st.phase == ROLL:
            rolls = _("{name} rolls {n} die") if t.gear == 1 else _("{name} rolls {n} dice")
            return rolls.format(name=who, n=t.gear) + team, _("5s and 6s are rolled again"), color
        if st.phase == MOVE:
            if bot:
                return _("{name} drives {n}").format(name=who, n=t.roll) + team, _("{kind} bot").format(kind=self.kind_of(seat)), color
            hint = _("click a lit field · Tab: another way · C: coach off") if self.coach_on else _("click a lit field · Tab: another way · C: coach on")
            return _("{name} drives {n}").format(name=who, n=t.roll) + team, hint, color
        if st.phase == NAME42:
            return _("{name} is on the 42 field").format(name=who) + team, _("names an opponent (N)") if not bot else _("naming an opponent"), color
        return "", "", color

    def _draw_top(self, surface: pygame.Surface) -> None:
        L = self.L
        st = self.state
        turn, sub, color = self.turn_text()
        right: list[Line] = []
        if st.lemans:
            hours = st.profile["lemans_hours"]
            right.append((_("{now} of {hours} h").format(now=clock_text(self.event_seconds()), hours=hours if isinstance(hours, int) else 24), theme.CREAM, "bold"))
            if st.last_round:
                right.append((_("LAST ROUND"), theme.CHALK_RED, "bold"))
        left = self.timer_left()
        if left is not None:
            right.append((_("nøl in {n} s").format(n=math.ceil(left)), theme.CHALK_RED if left < 5 else theme.AMBER, "bold"))
        variant = VARIANT_TITLES.get(st.variant, st.variant)
        title = variant if self.track.name.lower() == variant.lower() else f"{variant} · {self.track.name}"
        self.top_drawn = draw_top_bar(surface, self.fonts, L.top, L.s, title, turn, sub, color, right)

    def gear_text(self) -> list[Line]:
        """What the controls say about the gear: now, forced, and the announcement of each choice."""
        st = self.state
        t = st.turn
        if t is None:
            return []
        car = st.cars[t.seat]
        gear_now = 1 if car.first_gear else car.gear
        head = _("Gear {n}").format(n=gear_now) + (" – " + _("forced to first ({reason})").format(reason=car.first_gear) if car.first_gear else "")
        opts = st.shifts()
        if st.profile["stalin"]:
            head += " · " + _("Stalin: always up")
        elif not car.started:
            head += " · " + _("no gear change in the first turn")
        elif opts == [0]:
            head += " · " + _("no change open")
        lines: list[Line] = [(head, theme.CREAM, "bold")]
        bits = []
        if 1 in opts:
            bits.append(f"↑ “Jeg gearer op til {R.GEAR_WORDS[gear_now + 1]} gear”")
        if -1 in opts:
            bits.append(f"↓ “Jeg gearer ned til {R.GEAR_WORDS[gear_now - 1]} gear” " + _("(1 sip)"))
        if bits:
            lines.append(("   ".join(bits), theme.MUTED, "italic"))
        return lines

    def _draw_controls(self, surface: pygame.Surface) -> None:
        L = self.L
        s = L.s
        st = self.state
        c = L.controls
        pad = int(12 * s)
        area = pygame.Rect(c.x + pad, c.y + int(8 * s), c.w - 2 * pad, self.controls_button_y - c.y - int(14 * s))
        f = self.fonts
        size = max(11, int(15 * s))
        seat = st.current_player()
        lines: list[Line] = []
        if st.phase == GEAR and st.turn is not None:
            lines = self.gear_text()
            if st.lemans and len(lines) < 2:
                car = st.cars[st.turn.seat]
                where = _("free in the pit") if car.pos in st.course.pit else _("outside the pit the new driver empties a beer")
                lines.append((_("{name} at the wheel · a change of driver: {where}").format(name=st.driver(st.turn.seat), where=where), theme.MUTED, "italic"))
        elif st.phase == MOVE and st.turn is not None:
            m = self.moves()
            n = len(m.ends()) if m is not None else 0
            reach = _("Rolled {roll}: {n} field within reach, lit on the board") if n == 1 else _("Rolled {roll}: {n} fields within reach, lit on the board")
            lines = [(reach.format(roll=st.turn.roll, n=n), theme.CREAM, "bold")]
            if self.is_human(seat):
                lines.append((_("point at a lit field for the coach") if self.coach_on else _("the coach is off (C): lit fields are still clickable"), theme.MUTED, "italic"))
        elif st.phase == ROLL and st.turn is not None:
            gear_dice = _("Gear {n}: {n} die") if st.turn.gear == 1 else _("Gear {n}: {n} dice")
            lines = [(gear_dice.format(n=st.turn.gear), theme.CREAM, "bold"), (_("a 1 is a clutch fault; 5s and 6s are rolled again"), theme.MUTED, "italic")]
        elif st.phase == START_ROLL:
            lines = [(_("Roll for the order: highest starts"), theme.CREAM, "bold")]
            if st.rolled:
                lines.append((" · ".join(f"{st.players[a]} {fc}" for a, fc in st.rolled), theme.MUTED, "regular"))
        elif st.phase == ORDER:
            lines = [(_("The start"), theme.CREAM, "bold"), (_("each empties a beer against the clock – fastest first"), theme.MUTED, "italic")]
        y = area.y
        for text, color, style in lines:
            if y + f.font(size, style).get_linesize() > area.bottom + 4:
                break
            y += surface.blit(fit_text(f, text, size, area.w, color, style), (area.x, y)).h
