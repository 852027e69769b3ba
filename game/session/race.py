"""A Racerbile race (Babybile, Racerbile, Le Mans) played live, without a window.

`RaceSession` adds to `Session` what the race needs besides the referee: the race bots (a "bot"
seat drives as the careful bot; a missing bot plays at random, with a `Notice`), the pauses after a
die of the roll for the order and after fast dice (5s and 6s, thrown again), the Le Mans event
clock (`Clock` entries: event time is logged on every turn, every `CLOCK_FLUSH` seconds and on
leaving; time an undo takes back is logged again), the turn timer that nøls a person who stalls
(racerbile.general.noled, option turn_timer), the Le Mans journal (a Le Mans race keeps a journal
as its save file instead of the autosave), the table's calls and the judges (open at any time),
and the start order, which the people at the table enter for everybody.

The undo rule's decisions come from the seats and the action types: a `Clock` and a nøl call are
no decision; the start order is the people's when any person is at the table.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from game.i18n import _
from game.match import Match
from game.racerbile.actions import Call, Clock, Dice, Judge, Order, StartDie, parse_action
from game.racerbile.state import GEAR, MOVE, NAME42, ORDER, OVER, ROLL, START_ROLL, RaceState
from game.rules.challenge import CHALLENGE
from game.rules.matchlog import Entry
from game.store.matchfile import attach_journal
from game.store.saves import new_save_path
from game.session.events import Refusal
from game.session.seats import Bot, Seat
from game.session.session import LIVE, Pace, Session

ORDER_PAUSE = 0.45  # seconds a die of the roll for the order stays in view
SHOW_FAST = 0.55  # seconds a 5 or 6 shows before it is thrown again
CLOCK_FLUSH = 5.0  # real seconds between two Clock entries at most (Le Mans)
NOL_RULE = "racerbile.general.noled"


def race_bot(kind: str) -> tuple[Any | None, str]:
    """A race bot of this kind (`make_race_bot(kind)`, with `act(state, rng)`), or None – random
    legal actions – with a note why."""
    try:
        from game.racerbile.bots import make_race_bot
    except ImportError:  # pragma: no cover - the bots ship with the race
        return None, _("the race bots are not installed – bots play at random")
    try:
        return make_race_bot(kind), ""
    except ValueError:
        return None, _("no {kind} bot – it plays at random").format(kind=repr(kind))


class RaceSession(Session):
    """A race at one table: bots, chance and its pauses, the event clock, the turn timer, the journal."""

    def __init__(self, match: Match, seats: Sequence[Seat] | None = None, pace: Pace = LIVE, *,
                 autosave: bool = False, save_path: str | Path | None = None) -> None:
        if not match.info.race:
            raise ValueError(f"a race session plays Racerbile, not {match.info.name}")
        self._bot_notes: list[str] = []
        lemans = bool(match.state.lemans)
        super().__init__(match, seats, pace, autosave=autosave and not lemans, save_path=save_path)
        self.journal_on = autosave and lemans  # a Le Mans race: its journal is its save and autosave
        self.clock_pending = 0.0  # event seconds not yet logged (Le Mans)
        self.clock_since = 0.0  # real seconds since the last Clock entry
        self.turns_seen = self.state.turns
        self.stall = 0.0  # seconds the person on turn has stalled (the turn timer)
        self.nols = 0  # nøls the turn timer called
        self._last: Any = None  # the action being applied (for `applied`)
        self._clock_before = 0.0
        self.journal_warned = False  # the table was told the journal is behind (told once, until it catches up)
        for note in self._bot_notes:
            self.notice(note)
        if self.journal_on and self.save_path is not None:
            self.keep_journal()  # a loaded event goes on in its journal

    @property
    def state(self) -> RaceState:
        st: RaceState = self.match.state
        return st

    # --- seats -----------------------------------------------------------------------------------

    def make_bot(self, seat: int, kind: str) -> Seat:
        kind = "careful" if kind == "bot" else kind
        bot, why = race_bot(kind)
        if why and why not in self._bot_notes:
            self._bot_notes.append(why)
        name = self.match.players[seat].name
        if bot is None:
            return Bot(name, kind, lambda st, rng: rng.choice(list(st.legal_actions())))
        return Bot(name, kind, bot.act)

    def kind_of(self, seat: int) -> str:
        """The seat's kind: "human", or the bot's ("careful", "racer", …)."""
        return self.seats[seat].kind if 0 <= seat < len(self.seats) else "human"

    def bot_times(self) -> dict[int, float]:
        """The time-trial seconds of every bot's seat (racerbile.variant.racerbile): set by its kind and
        the match's seed (`game.racerbile.bots.trial_seconds`), so nobody types a time for a bot."""
        from game.racerbile.bots import trial_seconds

        return {i: trial_seconds(self.kind_of(i), self.match.log.seed, i) for i in range(len(self.seats)) if self.is_bot(i)}

    def decide(self, seat: int) -> Any | None:
        """A table of bots runs the time trial as the menu does: every seat empties its drink in its
        bot's time, and equal times roll off (racerbile.variant.racerbile, Decisions: time trial)."""
        if self.state.phase == ORDER and not self.people():
            times = self.bot_times()
            return Order(tuple(times[i] for i in range(len(self.seats))))
        return super().decide(seat)

    def people(self) -> list[int]:
        """The seats people play (here or elsewhere)."""
        return [i for i in range(len(self.seats)) if not self.is_bot(i)]

    # --- whose move: the start order is the people's --------------------------------------------

    def to_act(self) -> int:
        if self.match.state.phase == ORDER and self.people():
            return self.people()[0]
        return super().to_act()

    def waiting_for(self) -> tuple[int, ...]:
        if self.state.phase == ORDER and not self.busy():
            return tuple(self.people())
        return super().waiting_for()

    def refusal(self, seat: int, action: Any) -> Refusal | None:
        if self.state.phase == ORDER and not self.busy() and not self.is_bot(seat) and not self.table_action(action):
            return None  # the people enter the times (or roll) for everybody
        return super().refusal(seat, action)

    def table_action(self, action: Any) -> bool:
        """A call of a fault and the judges' decisions: open to anybody at any time."""
        return isinstance(action, (Call, Judge))

    def has_judges(self) -> bool:
        return bool(self.state.lemans)

    def judge_action(self, action: Any) -> bool:
        return isinstance(action, Judge)

    # --- a real table: the driver enters the dice --------------------------------------------------

    def chance_seat(self) -> int | None:
        """The driver on turn rolls the gear's dice (and throws the 5s and 6s again); in the roll for
        the start order each rolls his own die."""
        st = self.state
        if st.phase == START_ROLL and st.groups and len(st.rolled) < len(st.groups[0]):
            return st.groups[0][len(st.rolled)]  # the next of the group rolling for the order
        return st.turn.seat if st.phase == ROLL and st.turn is not None else None

    def is_outcome(self, action: Any) -> bool:
        return isinstance(action, (Dice, StartDie))

    def parse_outcome(self, text: str) -> Any:
        """The faces as typed ("6 5 2"; one face in the roll for the order), or the notation."""
        faces = "".join(text.split())
        if faces.isdigit():
            return StartDie(int(faces)) if self.state.phase == START_ROLL else Dice(tuple(int(c) for c in faces))
        return parse_action(text)

    # --- applying --------------------------------------------------------------------------------

    def apply(self, action: Any, detail: dict[str, Any] | None = None, *, seat: int | None = None) -> Refusal | None:
        if self.journal_on:
            self.keep_journal()
        self._last = action
        refusal = super().apply(action, detail, seat=seat)
        self.journal_health()
        return refusal

    def journal_health(self) -> None:
        """A journal write that failed (a full disk) is told on screen once; play goes on and the
        journal catches up at the first write that succeeds (which is told too)."""
        j = self.match.journal
        if j is None:
            return
        if j.behind and not self.journal_warned:
            self.journal_warned = True
            self.notice(_("The crash-proof journal cannot be written ({error}); play goes on and it catches up "
                          "once the disk has room").format(error=j.error.strerror if j.error and j.error.strerror else j.error), "error")
        elif not j.behind and self.journal_warned:
            self.journal_warned = False
            self.notice(_("The crash-proof journal is up to date again"))

    def heard(self, entry: Entry, before: Any, action: Any) -> None:
        self._last = action  # (`applied` reads the action)
        super().heard(entry, before, action)

    def applied(self, entry: Entry, before: Any) -> None:
        a, st = self._last, self.match.state
        if self.pace.pauses and not self.entering():
            if isinstance(a, StartDie):
                self.pause = ORDER_PAUSE
            elif isinstance(a, Dice) and st.phase == ROLL and st.turn is not None and st.turn.pending:
                self.pause = SHOW_FAST
        if not isinstance(a, (Clock, Call, Judge)) or (st.turns, st.phase) != (before.turns, before.phase):
            self.stall = 0.0

    def keep_journal(self) -> None:
        """A Le Mans event survives a crash: its log goes to a journal (`game.store.journal`) that
        takes every entry as it happens – the race's save file, listed under "Continue saved match"."""
        if not self.state.lemans or self.match.journal is not None:
            return
        try:  # (the save folder may not be made: a file in its way, a read-only disk)
            path = self.save_path or new_save_path("lemans")
            attach_journal(self.match, path)
        except OSError as e:
            self.journal_on = False
            self.notice(_("No crash-proof journal ({error}); save with Ctrl+S").format(error=e), "error")
            return
        self.save_path = Path(path)

    # --- the Le Mans clock and the turn timer ----------------------------------------------------

    def clocks(self, dt: float, hold: bool) -> None:
        if self.pace.instant and not self.anyone_here():
            return  # no real time passes, and nobody here to stall
        self._event_clock(dt)
        if not hold:
            self._turn_timer(dt)

    def event_seconds(self) -> float:
        """The event clock now: the logged seconds and those still to log."""
        return self.state.clock + self.clock_pending

    def _event_clock(self, dt: float) -> None:
        st = self.state
        if self.pace.instant or not st.lemans or st.phase in (ORDER, START_ROLL, OVER):
            return
        factor = st.profile["lemans_time_factor"]
        self.clock_pending += dt * (factor if isinstance(factor, int) else 1)
        self.clock_since += dt
        if st.turns != self.turns_seen or self.clock_since >= CLOCK_FLUSH:
            self.turns_seen = st.turns
            self.flush_clock()

    def flush_clock(self) -> None:
        """Log the event time that has passed (whole seconds), one Clock entry for all of it."""
        self.clock_since = 0.0
        secs = int(self.clock_pending)
        if not self.state.lemans or secs < 1 or self.over():
            return
        self.clock_pending -= secs
        if self.apply(Clock(secs)) is not None:
            self.clock_pending += secs

    def stalling(self) -> bool:
        """A person at this table is to decide a turn of his (the turn timer runs)."""
        st = self.state
        return st.phase in (GEAR, MOVE, NAME42) and not self.busy() and self.here(self.to_act())

    def timer_left(self) -> float | None:
        """Seconds until the turn timer nøls the person on turn (None: no timer runs)."""
        limit = self.state.profile["turn_timer"]
        if not isinstance(limit, int) or not self.stalling():
            return None
        return max(0.0, limit - self.stall)

    def _turn_timer(self, dt: float) -> None:
        limit = self.state.profile["turn_timer"]
        if not isinstance(limit, int) or not self.stalling():
            return
        self.stall += dt
        if self.stall >= limit:
            self.stall = 0.0
            self.nols += 1
            self.apply(Call(NOL_RULE, self.state.driver(self.to_act())))

    # --- undo ------------------------------------------------------------------------------------

    def decided_here(self, index: int, entry: Entry) -> bool:
        if entry.seat == CHALLENGE:
            return True
        if entry.seat < 0 or not self.anyone_here():
            return False  # chance; a table of bots decides nothing here
        a = self.match.parse(entry.action)
        if not self.is_decision(entry, a):
            return False
        # the start order (the people's), a call, the judges: decided by whoever is at the table,
        # not by the seat on turn that the entry names
        return isinstance(a, (Order, Call, Judge)) or self.here(entry.seat)

    def is_decision(self, entry: Entry, action: Any = None) -> bool:
        """A Clock entry and a nøl call are the table's emissions, not decisions."""
        a = action if action is not None else self.match.parse(entry.action)
        return not isinstance(a, Clock) and not (isinstance(a, Call) and a.rule == NOL_RULE)

    def undo_to(self, n: int) -> None:
        self._clock_before = self.state.clock
        super().undo_to(n)

    def rewound(self, gone: list[Entry]) -> None:
        # the event time an undo takes back has passed all the same: it is logged again
        self.clock_pending += max(0.0, self._clock_before - self.state.clock)
        self.stall = 0.0
        self.clock_since = 0.0
        self.turns_seen = self.state.turns

    # --- leaving ------------------------------------------------------------------------------

    def leave(self) -> None:
        if not self.over() and any(e.seat >= 0 for e in self.match.log.entries):
            self.flush_clock()
        super().leave()
