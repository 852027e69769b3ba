"""A match played live, without a window: who may act, bots after the pace's delays, chance, clocks,
undo, challenges and saving. Scenes draw a session and turn clicks and keys into `request`s; the
simulators, the kill test and the editor's test drive run one at `INSTANT` pace.

Apply first, then animate: every request, bot decision, chance outcome and clock emission goes into
the log (and the autosave) the moment it happens, and `Applied` tells the views, which play it
afterwards – while they do, they pass `hold=True` to `tick`, and bots and chance wait.

The one undo rule (docs/matchlog.md): `undo()` goes back to before the last decision a person at this
table made; the bots' decisions, chance outcomes and clock entries after it go with it.
"""
from __future__ import annotations

import random
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from game.store.autosave import MatchAutosave
from game.errors import IllegalAction
from game.i18n import N_, _
from game.match import Match
from game.rules.challenge import CHALLENGE, Challenge
from game.rules.matchlog import Entry
from game.rules.phrase import phrase
from game.rules.realtable import TABLE, TableMode
from game.session.authority import Authority, LiveTableSession, LocalAuthority
from game.store.matchfile import write_log
from game.store.saves import new_save_path, write_save
from game.session.events import Applied, Notice, Refusal, Rewound, SessionEvent
from game.session.seats import Bot, Person, Seat
from game.state import CHANCE

Listener = Callable[[SessionEvent], None]


@dataclass(frozen=True)
class Pace:
    """How fast the table plays: a bot's thinking time (seconds) and pauses after eye-catching
    entries; `INSTANT` plays out with no waiting at all."""

    bot_delay: float = 0.5
    read_delay: float = 0.9  # a bot waits this long while a finished throw lies on the table
    pauses: bool = True  # the pauses a game holds after some entries (a Türmchen, the order roll)

    @property
    def instant(self) -> bool:
        return self.bot_delay <= 0 and self.read_delay <= 0 and not self.pauses


REMOTE = "remote"  # a player's kind: plays from another machine (`game.net`)
VERIFY_SLICE = 0.004  # seconds of each tick spent verifying a log loaded from its snapshot (a frame lasts 16)

LIVE = Pace()
INSTANT = Pace(0.0, 0.0, False)


class Session:
    """One match at one table. Subclasses (`DiceSession`, `RaceSession`, `PongSession`) add their game's
    chance, clocks and table; the base holds what every game shares."""

    def __init__(self, match: Match, seats: Sequence[Seat] | None = None, pace: Pace = LIVE, *,
                 autosave: bool = False, save_path: str | Path | None = None) -> None:
        self.match = match
        self.pace = pace
        self.rng = random.Random(match.log.seed + 99)  # the fallback's and the bots' own source
        self.seats: list[Seat] = list(seats) if seats is not None else self.default_seats()
        self.listeners: list[Listener] = []
        self.notices: list[str] = []  # every notice so far (bots that fell back), for tests and the CLI
        self.save_path = Path(save_path) if save_path else None
        self.pause = 0.0  # seconds the table holds still after an entry (a game's pause)
        self.bot_wait = 0.0  # seconds the bot on turn has been thinking
        self._settling = False  # drawing the chance that an entry made due
        self.scripted: deque[Any] = deque()  # chance outcomes to draw first (`script`)
        self.autosave = MatchAutosave(match, enabled=autosave, keep=lambda: self.save_path)
        self._told: str | None = None  # the autosave problem told to the table (told once, until it is over)
        self.refused: str | None = None  # the loaded log did not replay after all: the table is closed
        self._seat_rngs: dict[int, random.Random] = {}
        self.on_tick: list[Callable[[], None]] = []  # run first in every tick (a hosted table's network: `game.net`)
        self._acting: int | None = None  # the seat a player elsewhere is acting for now (`acting_for`)
        self.authority: Authority = LocalAuthority(self)  # where the match's truth lives (`rule_from`)

    def rule_from(self, authority: Authority) -> None:
        """The match's truth lives with `authority` from now on (a joined laptop: `game.net.remote`)."""
        self.authority = authority

    def live_table(self) -> LiveTableSession | None:
        """The session's live table, if its game has one (Bierpong: the session itself)."""
        return None

    # --- seats -----------------------------------------------------------------------------------

    def default_seats(self) -> list[Seat]:
        """The seats the match's players ask for: people for "human", players elsewhere for "remote"
        (they act by the table's network, `game.net`), the game's bots for the rest."""
        return [Person(p.name) if p.kind == "human" else Person(p.name, REMOTE, here=False) if p.kind == REMOTE
                else self.make_bot(i, p.kind) for i, p in enumerate(self.match.players)]

    def seat_rng(self, seat: int) -> random.Random:
        """The random source of the bot at `seat`: its own, seeded by the match and the seat, so that a
        bot decides alike here and seated from afar (`game.net`) whatever the others do meanwhile."""
        got = self._seat_rngs.get(seat)
        if got is None:
            got = self._seat_rngs[seat] = random.Random(f"{self.match.log.seed}/seat/{seat}")
        return got

    def make_bot(self, seat: int, kind: str) -> Seat:
        """The game's bot of `kind` for `seat` (a subclass knows its bots; the base plays at random)."""
        return Bot(self.match.players[seat].name, kind, lambda st, rng: rng.choice(list(st.legal_actions())))

    def seat_index(self, who: int | str) -> int:
        """A seat by its number, its player's name, or one of its members' or drivers' names."""
        if isinstance(who, int):
            if not 0 <= who < len(self.seats):
                raise KeyError(who)
            return who
        for i, p in enumerate(self.match.players):
            if who == p.name or who in p.drivers:
                return i
        raise KeyError(who)

    def here(self, seat: int) -> bool:
        """A person at this keyboard plays `seat`."""
        return 0 <= seat < len(self.seats) and self.seats[seat].here

    @contextmanager
    def acting_for(self, seat: int | None) -> Iterator[None]:
        """While it lasts, requests are a person's at `seat` though nobody sits here for it: the
        player at another laptop whose message the table's network hands on (`game.net.host`)."""
        was, self._acting = self._acting, seat
        try:
            yield
        finally:
            self._acting = was

    def acts(self, seat: int) -> bool:
        """A person acts for `seat` now: here at this keyboard, or from afar through the network."""
        return self.here(seat) or (seat == self._acting and not self.is_bot(seat))

    def is_bot(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and isinstance(self.seats[seat], Bot)

    def anyone_here(self) -> bool:
        return any(s.here for s in self.seats)

    # --- whose move -----------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.match.state

    def over(self) -> bool:
        return bool(self.state.is_terminal())

    def to_act(self) -> int:
        """The seat whose decision the table waits for (`CHANCE`: a roll; a game may say otherwise)."""
        return int(self.state.current_player())

    def busy(self) -> bool:
        """Nobody may decide now: a pause, or chance still to be drawn (not entered: `entering`)."""
        return self.pause > 0 or (self.to_act() == CHANCE and not self.entering())

    def waiting_for(self) -> tuple[int, ...]:
        """The seats whose request the table waits for now (none: a bot, chance or a pause, or the end)."""
        if self.refused is not None or self.over() or self.busy():
            return ()
        if self.entering():
            return self.enterers()
        seat = self.to_act()
        return (seat,) if 0 <= seat < len(self.seats) and not self.is_bot(seat) else ()

    # --- acting ----------------------------------------------------------------------------------

    def request(self, who: int | str, action: Any, detail: dict[str, Any] | None = None) -> Refusal | None:
        """`who` (a seat, or a person's name) asks for `action`: applied when it is theirs to take and
        legal – then None – else the referee's refusal."""
        try:
            seat = self.seat_index(who)
        except KeyError:
            return Refusal(phrase(N_("{name!r} has no seat at this table"), name=who))
        return self.authority.request(seat, action, detail)

    def refusal(self, seat: int, action: Any) -> Refusal | None:
        """Why `seat` may not take `action` now (None: it may). The game's legality is the state's own
        (`apply` raises): this checks whose turn it is – and at a real table whose throw it is."""
        if self.refused is not None:
            return Refusal(self.refused)
        if self.over():
            return Refusal(phrase(N_("the match is over")))
        if isinstance(action, TableMode):
            return self.switch_refusal(seat)
        if self.table_action(action):
            return None
        if self.entering():
            if seat not in self.enterers():
                hands = self.enterers()
                name = self.match.players[hands[0]].name if len(hands) == 1 else phrase(N_("a player here"))
                return Refusal(phrase(N_("it is {name}'s throw: {name} enters what it shows"), name=name))
            return None  # the state rules on the outcome entered (`apply` raises with the rule's reason)
        if self.is_outcome(action):
            if not self.match.real_table:
                return Refusal(phrase(N_("at a simulated table the program throws; switch to a real table to enter what a throw shows")))
            return Refusal(phrase(N_("no throw waits to be entered now – the dice are thrown first (roll)")))
        if self.busy():
            return Refusal(phrase(N_("wait – the table is still busy")))
        if self.to_act() != seat:
            now = self.to_act()
            name = self.match.players[now].name if 0 <= now < len(self.match.players) else phrase(N_("chance"))
            return Refusal(phrase(N_("it is {name}'s turn"), name=name))
        if self.is_bot(seat):
            return Refusal(phrase(N_("{name} is a bot's seat"), name=self.match.players[seat].name))
        return None

    def table_action(self, action: Any) -> bool:
        """An action open to anybody at the table at any time (a call, the judges): the game says."""
        return False

    def has_judges(self) -> bool:
        """The match has a judges' seat (Le Mans): the game says."""
        return False

    def judge_action(self, action: Any) -> bool:
        """A judges' decision (at a table across laptops only the judges' seat makes it): the game says."""
        return False

    def apply(self, action: Any, detail: dict[str, Any] | None = None, *, seat: int | None = None) -> Refusal | None:
        """Put `action` into the log now (the referee checks it); listeners hear `Applied`. Chance that
        falls due right after it is drawn at once (apply first, then animate)."""
        if self.refused is not None:
            return Refusal(self.refused)
        kept = self.authority.refusal("log")
        if kept is not None:
            return kept
        before = self.state
        if seat is not None and 0 <= seat < len(self.match.players) and self.to_act() == CHANCE and not isinstance(action, TableMode):
            detail = {**(detail or {}), "entered": self.match.players[seat].name}  # a real throw's outcome
        try:
            entry = self.match.apply(action, detail)
        except (IllegalAction, ValueError) as e:
            return Refusal.of(e)
        self.bot_wait = 0.0
        self.applied(entry, before)
        self.emit(Applied(entry, len(self.match.log.entries) - 1, before, self.state, seat, action))
        self.tell_autosave()
        if not self._settling:
            self._settling = True
            try:
                while self.pause <= 0 and not self.over() and self.to_act() == CHANCE and not self.entering():
                    n = len(self.match.log.entries)
                    self.chance()
                    if len(self.match.log.entries) == n:
                        break
            finally:
                self._settling = False
        return None

    def applied(self, entry: Entry, before: Any) -> None:
        """A game's own bookkeeping after an entry (a pause to hold, a clock to reset)."""

    def heard(self, entry: Entry, before: Any, action: Any) -> None:
        """An entry the keeper of the log wrote elsewhere is in this session's match now (a joined
        laptop, `game.net.remote`): the bookkeeping and the `Applied` as if it were applied here."""
        self.bot_wait = 0.0
        self.applied(entry, before)
        seat = entry.seat if entry.seat >= 0 else None
        self.emit(Applied(entry, len(self.match.log.entries) - 1, before, self.state, seat, action))

    def tell_autosave(self) -> None:
        """Tell the table once when the autosave cannot be written (play goes on; each action is
        tried again, and the first write that works brings the file up to the whole log), and once
        when it works again; a finished match kept as a save becomes this session's save file."""
        a = self.autosave
        err = a.error
        if err is not None and self._told is None:
            self._told = err
            self.notice(_("{error} – play goes on; the autosave is tried again after every action").format(error=err), "error")
        elif err is None and self._told is not None:
            self._told = None
            self.notice(_("The autosave works again: every action so far is saved"))
        if a.kept is not None and self.save_path is None:
            self.save_path = a.kept

    def challenge(self, ch: Challenge) -> Refusal | None:
        """A challenge of a drink ruling (a new entry, never an edit): None, or the referee's refusal."""
        kept = self.authority.refusal("challenge")
        return kept if kept is not None else self.apply(ch)

    # --- a real table: real dice, caps and cups (`game.rules.realtable`) --------------------------

    def real_table(self) -> bool:
        """The match is played at a real table now: the seats enter what their throws show."""
        return bool(self.match.real_table)

    def chance_seat(self) -> int | None:
        """The seat whose throw the pending chance outcome is (None: the game names none – anybody
        playing at the table enters it, e.g. the roll for the start order)."""
        return None

    def is_outcome(self, action: Any) -> bool:
        """`action` is a chance outcome of the game (the dice shown): the game says."""
        return False

    def parse_outcome(self, text: str) -> Any:
        """An outcome from what a person typed: the game's notation (a game may take a shorter form)."""
        return self.match.parse(text)

    def entering(self) -> bool:
        """The table waits for a person to enter the pending chance outcome (a real table; a bot's
        throws are drawn as ever – a bot has no hands)."""
        if not self.match.real_table or self.over() or self.to_act() != CHANCE:
            return False
        return bool(self.enterers())

    def enterers(self) -> tuple[int, ...]:
        """The seats that may enter the pending outcome: the seat whose throw it is, or every person's."""
        seat = self.chance_seat()
        if seat is not None:
            return () if self.is_bot(seat) else (seat,)
        return tuple(i for i in range(len(self.seats)) if not self.is_bot(i))

    def enter(self, who: int | str, outcome: Any) -> Refusal | None:
        """`who` enters what a real throw showed: an action of the game's notation or its text (dice
        also as their faces, "6 5 2"; Bierpong "Ann: bounce 3"). Requested like any action – refused
        with the rule's reason, nothing logged, when the rules or the turn forbid it."""
        if isinstance(outcome, str):
            try:
                outcome = self.parse_outcome(outcome)
            except ValueError as e:
                return Refusal(phrase(N_("{text!r} is no outcome of this game ({error})"), text=outcome, error=Refusal.of(e).reason))
        if not self.match.real_table:
            return Refusal(phrase(N_("at a simulated table the program throws; switch to a real table to enter what a throw shows")))
        return self.request(who, outcome)

    def switch_table(self, who: int | str, real: bool) -> Refusal | None:
        """`who` (a person at the table, by seat or name) switches the match to a real table (`real`)
        or to simulated chance – logged, so the log says who threw which way."""
        try:
            seat = self.seat_index(who)
        except KeyError:
            return Refusal(phrase(N_("{name!r} has no seat at this table"), name=who))
        by = who if isinstance(who, str) else self.match.players[seat].name
        return self.request(seat, TableMode(real, by))

    def switch_refusal(self, seat: int) -> Refusal | None:
        """Why `seat` may not switch the table now (None: it may): a bot does not; nor in a pause."""
        if self.is_bot(seat):
            return Refusal(phrase(N_("{name} is a bot's seat"), name=self.match.players[seat].name))
        if self.pause > 0:
            return Refusal(phrase(N_("wait – the table is still busy")))
        return None

    def entered_here(self, entry: Entry) -> bool:
        """`entry` is a real throw's outcome a person at this table entered (undo takes it back alone)."""
        name = (entry.detail or {}).get("entered")
        if not isinstance(name, str):
            return False
        try:
            return self.here(self.seat_index(name))
        except KeyError:
            return False

    # --- time ------------------------------------------------------------------------------------

    def tick(self, dt: float, *, hold: bool = False, hooks: bool = True) -> None:
        """`dt` seconds passed. Clocks run; unless the view holds the table (it is showing an entry,
        a dialog is open), chance is drawn and the bot on turn acts after the pace's delay.
        (`hooks=False`: a subclass ran `on_tick` already.)"""
        if dt < 0 or dt != dt:
            raise ValueError(f"tick: dt must be a non-negative number of seconds, not {dt!r}")
        if hooks:
            for f in list(self.on_tick):
                f()
        if self.authority.follow(dt, hold):
            return
        self.verify(VERIFY_SLICE)
        if self.refused is not None:
            return
        self.clocks(dt, hold)
        if hold:
            return
        self.pause = max(0.0, self.pause - dt)
        if self.pause > 0 or self.over():
            return
        if self.to_act() == CHANCE:
            if not self.entering():  # (at a real table the seat on turn enters it: `enter`)
                self.chance()
            return
        seat = self.to_act()
        if not self.is_bot(seat):
            self.bot_wait = 0.0
            return
        self.bot_wait += dt
        if self.bot_wait >= self.bot_delay():
            self.bot_wait = 0.0
            self.bot_turn(seat)

    def verify(self, seconds: float = 1e9) -> bool:
        """Go on verifying the rulings a snapshot stood for when the match was loaded (`game.store.snapshot`)
        for about `seconds` – the table is shown and playable meanwhile; True once none are left. A log
        that does not replay closes the table: `refused` says why, and every request is refused."""
        check = self.match.pending
        if check is None:
            return True
        if not check.step(seconds):
            return False
        self.match.pending = None
        if check.error is not None:
            e = check.error
            where = f"{Path(e.file).name}:{e.line}:{e.column}" if e.line else Path(e.file).name
            if check.stale:  # the shortcut was wrong, not (necessarily) the log: it is replayed in full next time
                self.refused = _("The quick start of this saved match does not match its log ({where}); the table is closed – continue it again and it is replayed in full").format(where=where)
            else:
                self.refused = _("This saved match does not replay ({where}: {error}); the table is closed and the file left as it is").format(
                    where=where, error=e.message)
            self.notice(self.refused, "error")
        return True

    def checking(self) -> float | None:
        """How much of a loaded log is verified so far, 0 to 1 (None: all of it)."""
        check = self.match.pending
        return None if check is None else check.done / max(1, check.total)

    def clocks(self, dt: float, hold: bool) -> None:
        """A game's clocks (the Le Mans event clock, a turn timer, the Bierpong game clock): they log
        what they emit."""

    def bot_delay(self) -> float:
        return self.pace.bot_delay

    def script(self, *outcomes: Any) -> None:
        """Chance outcomes (dice, a Türmchen, an order die) to be drawn before the match's seeded
        source is asked again – for tests and demonstrations; they are logged like any other roll."""
        self.scripted.extend(outcomes)

    def chance(self) -> None:
        """Draw the pending chance outcome (a scripted one first, else from the match's seeded
        source) and log it."""
        if not self.scripted:
            self.apply(self.match.draw_chance())
            return
        outcome = self.scripted.popleft()
        refusal = self.apply(outcome)
        if refusal is not None:
            raise ValueError(f"the scripted outcome {outcome} cannot be drawn now: {refusal}")

    def bot_turn(self, seat: int) -> None:
        """The bot at `seat` decides; a bot that fails or chooses an illegal action is replaced, for
        this decision, by a random legal one (and the table is told)."""
        action = self.decide(seat)
        if action is not None and self.apply(action, seat=seat) is None:
            return
        if action is not None:
            self.notice(_("{name}'s bot chose {action}, which is not allowed; it plays at random").format(
                name=self.match.players[seat].name, action=action), "error")
        fallback = self.fallback(seat)
        if fallback is not None:
            self.apply(fallback, seat=seat)

    def decide(self, seat: int) -> Any | None:
        try:
            return self.seats[seat].decide(self.state, self.seat_rng(seat))
        except Exception as e:  # a bot under construction must not end the evening
            self.notice(_("{name}'s bot failed ({error}); it plays at random").format(name=self.match.players[seat].name, error=e), "error")
            return None

    def fallback(self, seat: int) -> Any | None:
        legal = list(self.state.legal_actions())
        return self.rng.choice(legal) if legal else None

    def play_out(self, limit: int = 1_000_000, *, after: Callable[[Session], None] | None = None) -> Match:
        """Play on with no waiting until the match ends, `limit` entries are logged, or only people
        could go on (they are asked nothing here). `after(self)` hears every step."""
        stuck = 0
        while not self.over() and len(self.match.log.entries) < limit:
            n = len(self.match.log.entries)
            self.pause = 0.0
            self.tick(max(self.bot_delay(), 0.0) + 1e-9)
            if len(self.match.log.entries) == n:
                stuck += 1
                if stuck > 3 and self.waiting_for():
                    break
                if stuck > 50:
                    raise RuntimeError(f"the {self.match.info.name} session makes no progress at entry {n}")
            else:
                stuck = 0
            if after is not None:
                after(self)
        return self.match

    # --- undo ------------------------------------------------------------------------------------

    def decided_here(self, index: int, entry: Entry) -> bool:
        """Entry `index` is a decision a person at this table made (a challenge is one too)."""
        if entry.seat == CHALLENGE:
            return True
        return entry.seat >= 0 and self.here(entry.seat) and self.is_decision(entry)

    def is_decision(self, entry: Entry) -> bool:
        """An entry by a seat that is that seat's choice, not a clock's emission (the game says)."""
        return True

    def last_decision(self) -> int | None:
        """The log index of the last decision a person at this table made (None: none yet)."""
        entries = self.match.log.entries
        for i in range(len(entries) - 1, 0, -1):
            if entries[i].seat == TABLE or self.entered_here(entries[i]) or self.decided_here(i, entries[i]):
                return i
        return None

    def undo(self) -> Refusal | None:
        """Back to before the last decision a person at this table made (what followed goes too)."""
        kept = self.authority.refusal("undo")
        if kept is not None:
            return kept
        i = self.last_decision()
        if i is None:
            return Refusal(_("Nothing to undo"))
        self.undo_to(i)
        return None

    def undo_to(self, n: int) -> None:
        """Back to just after the first `n` log entries (at least the start)."""
        kept = self.authority.refusal("undo")
        if kept is not None:
            self.notice(str(kept), "error")
            return
        gone = self.match.log.entries[max(1, n):]
        self.match.undo_to(n)
        self.rewound(gone)
        self.autosave.after_undo()
        self.tell_autosave()
        self.pause = 0.0
        self.bot_wait = 0.0
        self.emit(Rewound(len(self.match.log.entries)))

    def rewound(self, gone: list[Entry]) -> None:
        """A game's own bookkeeping after an undo (`gone`: the entries taken back)."""

    # --- saving, leaving, the next match ---------------------------------------------------------

    def save(self, path: str | Path | None = None) -> Path | Refusal:
        """Save the match (its journal, if it keeps one) – at `path`, its own file, or a new one."""
        try:  # (the save folder may not be made: a file in its way, a read-only disk)
            target = Path(path) if path is not None else (self.save_path or new_save_path(self.match.info.name))
        except OSError as e:
            return Refusal(_("Could not save: {error}").format(error=e.strerror or e))
        error = write_save(self.match, target)
        if error is not None:
            return Refusal(_("Could not save: {error}").format(error=error))
        self.save_path = target
        return target

    def leave(self) -> None:
        """The table is left: an unfinished match stays on disk (its own file, or the autosave)."""
        if not self.over() and self.save_path is not None and self.match.journal is None:
            try:
                write_log(self.match.log, self.save_path)
            except OSError:
                pass
        self.close()

    def close(self) -> None:
        self.authority.close()
        self.autosave.close()
        self.match.close_journal()

    def next_match(self, seed: int | None = None) -> Match:
        """A new match for the same table and profile (a fresh seed unless one is given)."""
        kept = self.authority.refusal("next match")
        if kept is not None:
            raise ValueError(str(kept))
        m = self.match
        seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
        s = m.log.settings
        return Match(m.info.name, list(m.players), m.profile, seed=seed, games=int(s.get("games", 1)),
                     opener=0, track=s.get("track"), real_table=m.real_table)

    # --- listeners -------------------------------------------------------------------------------

    def listen(self, f: Listener) -> None:
        self.listeners.append(f)

    def emit(self, event: SessionEvent) -> None:
        for f in list(self.listeners):
            f(event)

    def notice(self, text: str, kind: str = "info") -> None:
        self.notices.append(text)
        self.emit(Notice(text, kind))
