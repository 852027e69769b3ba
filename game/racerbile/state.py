"""A Racerbile race as an immutable state: Babybile, Racerbile and Le Mans (racerbile.*).

The state implements the one state interface (`game.state`). A turn (racerbile.turn) runs:
the front/last sip and any forced announcement as the turn opens; the gear (`Shift`, and at Le
Mans a `Driver` change first); the dice (`Dice`, chance – 5s and 6s are rolled again and
counted, racerbile.too_fast); the move (`Drive`, one of `legal_moves`); at Le Mans the opponent
named on the 42 field (`Name`). The table's calls (`Call`), the judges (`Judge`) and the event
clock (`Clock`) may come at any decision.

Seats are players – or, at Le Mans, teams of drivers; the ledger is kept per driver.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import factorial
from typing import Any, Iterable, Mapping, Sequence, TypeVar

from game.errors import IllegalAction
from game.hexgrid import Hex
from game.racerbile.actions import Action, Call, Clock, Dice, Drive, Driver, Judge, Name, Order, Shift, StartDie, parse_action
from game.racerbile.course import Course
from game.racerbile.moves import Board, LegalMoves, Move, check_path, legal_moves, outcome
from game.racerbile.track import Kind, Track
from game.racerbile.tracks import FoundTrack, find_track
from game.i18n import N_
from game.rules import racerbile as R
from game.rules.challenge import JUDGES
from game.rules.ledger import Drink, Ledger
from game.rules.phrase import phrase
from game.rules.profile import Profile
from game.rules.ruling import Ruling, What
from game.state import CHANCE, TERMINAL, Seating, Step

ORDER, START_ROLL, GEAR, ROLL, MOVE, NAME42, OVER = "order", "start_roll", "gear", "roll", "move", "name42", "over"


@dataclass(frozen=True, slots=True)
class Car:
    """One cap on the track."""

    pos: Hex
    lap: int = 0  # line crossings (a car that starts behind the line starts at -1)
    facing: int | None = None  # racerbile.variant.racerbile: the way it last moved
    gear: int = 1
    arrival: int = 0  # when it came to its field: the earlier arrival lies on top (racerbile.stack)
    flipped: bool = False  # blocking (racerbile.field.blocking)
    off: bool = False  # left the track at `pos` (racerbile.flat_out)
    first_gear: str = ""  # the rule that makes it start its next turn in first gear
    started: bool = False  # has had a turn (no gear change in the first: racerbile.gears)
    skip: int = 0  # turns to lose
    lost_laps: int = 0  # laps taken away (racerbile.lemans.vomit, racerbile.lemans.delay, judges)
    driver: int = 0  # the team's driver at the wheel (Le Mans)
    out: str = ""  # Le Mans: put out by the judges, with their reason (drives no more, ranks last)


@dataclass(frozen=True, slots=True)
class Turn:
    seat: int
    gear: int = 1
    shifted: bool = False
    changed_driver: bool = False
    dice: tuple[int, ...] = ()  # the dice that have landed on 1–4
    pending: int = 0  # dice in the air
    fives: int = 0  # 5s and 6s seen this turn
    throws: tuple[tuple[int, ...], ...] = ()  # every throw of the turn's dice, faces as thrown (5s and 6s are thrown again)
    roll: int = 0  # fields rolled (once every die has landed)
    smashed: bool = False  # triple clutch fault
    sips: tuple[tuple[str, int], ...] = ()  # sips charged this turn, per player (racerbile.lemans.cap42)
    nols: int = 0
    start_car: Car | None = None  # the car as the move began (racerbile.option.upside_down_redo)
    opened: bool = True  # the front/last sip and forced calls are made (Le Mans: once the driver is settled)
    forced: str = ""  # the rule that forces first gear this turn (why an upshift is refused)


@dataclass(frozen=True)
class RaceState:
    profile: Profile
    players: tuple[str, ...]  # the seats: players, or Le Mans teams
    drivers: tuple[tuple[str, ...], ...]  # each seat's drivers (one each outside Le Mans)
    track: Track
    ledger: Ledger
    cars: tuple[Car, ...]
    phase: str = ORDER
    order: tuple[int, ...] = ()  # seats in turn order
    at: int = 0  # the index into `order` of the seat on turn
    turn: Turn | None = None
    ranked: tuple[int, ...] = ()  # the start: seats whose place in the order is settled
    groups: tuple[tuple[int, ...], ...] = ()  # the start: tied seats still to roll, best first
    rolled: tuple[tuple[int, int], ...] = ()  # the start: (seat, face) of the group rolling
    chosen: tuple[tuple[int, int, str], ...] = ()  # split choices: (split, lap or 0, branch)
    arrivals: int = 0
    turns: int = 0  # turns finished
    clock: float = 0.0  # Le Mans event seconds
    last_round: bool = False
    winner: int | None = None
    named: str | None = None  # the opponent named on the 42 field this turn
    redo: RaceState | None = None  # the state before the last move (racerbile.option.upside_down_redo)
    reopened: bool = False  # a move driven again: the next turn has opened already (its opening is not charged twice)
    # how many of the rulings that led here opened the turn now on (its front/last sip, forced calls,
    # lost turns) – the last ones of the step that ended the turn before; read only when a turn opened
    opening: int = dataclasses.field(default=0, compare=False)

    GAME = "racerbile"

    # --- set-up ----------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        players: Sequence[str],
        profile: Profile,
        *,
        track: Track,
        drivers: Sequence[Sequence[str]] | None = None,
        drinks: Mapping[str, Drink] | None = None,
    ) -> Step:
        """A race on `track` before the order is settled. `drivers` per seat (Le Mans teams)."""
        if not 2 <= len(players) <= 8:
            raise ValueError("a race takes 2 to 8 players (or teams)")
        crew = tuple(tuple(d) for d in drivers) if drivers else tuple((p,) for p in players)
        if len(crew) != len(players) or any(not d for d in crew):
            raise ValueError("every seat needs at least one driver")
        names = [d for ds in crew for d in ds]
        if len(set(names)) != len(names):
            raise ValueError("every driver needs a name of his own")
        crews = [f"{p} has {', '.join(d)}" for p, d in zip(players, crew) if d != (p,)]
        if profile.variant != R.LE_MANS and crews:  # (a save's seat with a crew: they would drink for the seat)
            raise ValueError(f"drivers are for Le Mans teams (racerbile.lemans.teams); a {profile.variant} seat is one person: {'; '.join(crews)}")
        if profile.variant == R.LE_MANS:
            # any track with a pit lane; the 42 field and the Dunlop bridge where it has them (Decisions)
            if track.pit is None:
                raise ValueError(f"Le Mans needs a track with a pit lane (racerbile.lemans.pit); {track.name or 'this track'} has none")
            size = profile["lemans_drivers"]
            wrong = [f"{p} has {len(d)}" for p, d in zip(players, crew) if len(d) != size]
            if wrong:
                raise ValueError(f"a Le Mans team has {size} driver{'s' if size != 1 else ''} (option lemans_drivers, racerbile.lemans.teams): {', '.join(wrong)}")
        ledger = Ledger.new(names, drinks)
        start = course_fields(track)
        cars = tuple(Car(start[0][0], lap=start[0][1]) for _ in players)
        st = cls(profile, tuple(players), crew, track, ledger, cars)
        rulings: list[Ruling] = []
        if profile.variant == R.LE_MANS:
            for s, team in enumerate(crew):
                rulings.append(Ruling(team[0], What.NOTE, len(team), "racerbile.lemans.teams", phrase(N_("{team}: {drivers} – {driver} at the wheel"), team=players[s], drivers=", ".join(team), driver=team[0])))
        if profile.variant == R.BABYBILE:
            st = replace(st, phase=START_ROLL, groups=(tuple(range(len(players))),))
            rulings.append(Ruling(players[0], What.NOTE, 0, "racerbile.start", phrase(N_("roll for the order: highest starts, ties roll again"))))
        return Step(st, tuple(rulings))

    @classmethod
    def new_match(cls, seating: Seating, profile: Profile, settings: Mapping[str, Any]) -> tuple[Step, dict[str, Any]]:
        """A race on the track the settings name (`game.state.GameState.new_match`); the log keeps the
        track's name and content hash, and a saved hash must be the hash of the track found now."""
        ref = settings.get("track")
        if ref is None:
            raise ValueError("a race needs a track")
        found = ref if isinstance(ref, FoundTrack) else find_track(str(ref))  # a FoundTrack: a draft (the editor's test drive)
        want = settings.get("track_hash")
        if want is not None and want != found.track.content_hash:
            raise ValueError(f"the track {ref!r} has changed since the match was saved (its content hash differs)")
        step = cls.start(seating.seats, profile, track=found.track, drivers=seating.people, drinks=seating.drinks)
        return step, {"track": found.name, "track_hash": found.track.content_hash}

    @property
    def course(self) -> Course:
        return self.track.course

    @property
    def variant(self) -> str:
        return self.profile.variant

    @property
    def lemans(self) -> bool:
        return self.profile.variant == R.LE_MANS

    @property
    def facing_rule(self) -> bool:
        return self.profile.variant != R.BABYBILE

    def driver(self, seat: int) -> str:
        return self.drivers[seat][self.cars[seat].driver]

    def seat_of(self, name: str) -> int:
        for s, ds in enumerate(self.drivers):
            if name in ds or name == self.players[s]:
                return s
        raise KeyError(name)

    # --- the state interface ---------------------------------------------------------------

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase == ORDER:
            return 0
        if self.phase == START_ROLL or (self.phase == ROLL and self.turn is not None and self.turn.pending):
            return CHANCE
        assert self.turn is not None
        return self.turn.seat

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> tuple[float, ...]:
        if self.phase != OVER:
            return tuple(0.0 for _ in self.players)
        return tuple(1.0 if s == self.standings()[0] else 0.0 for s in range(len(self.players)))

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == START_ROLL:
            return [(StartDie(f), 1 / 6) for f in range(1, 7)]
        if self.phase == ROLL and self.turn is not None and self.turn.pending:
            return [(Dice(f), p) for f, p in dice_outcomes(self.turn.pending)]
        return []

    def draw_chance(self, rng: Any) -> Action:
        """The pending chance outcome, drawn from `rng` (a random.Random)."""
        if self.phase == START_ROLL:
            return StartDie(rng.randint(1, 6))
        assert self.turn is not None
        return Dice(tuple(rng.randint(1, 6) for _ in range(self.turn.pending)))

    def challenge_refusal(self, ruling: Ruling) -> str | None:
        """Every drink ruling of a race may be challenged."""
        return None

    def challengers(self) -> tuple[str, ...]:
        """A Le Mans event has judges, who may challenge too (racerbile.lemans.judges)."""
        return (JUDGES,) if self.lemans else ()

    @staticmethod
    def parse_action(text: str) -> Action:
        """An action of this game from its notation."""
        return parse_action(text)

    @staticmethod
    def detail_problem(detail: Mapping[str, Any]) -> str | None:
        """No detail of this game's entries is read back (a replay shows none)."""
        return None

    def detail_mismatch(self, action: Any, detail: Mapping[str, Any]) -> str | None:
        """No detail of this game's entries is read back: none disagrees with its action."""
        return None

    def legal_actions(self) -> list[Action]:
        """The decisions open to the player on turn (the table's calls, the judges and the clock
        are always open too, see `apply`)."""
        if self.phase == ORDER:
            return [Order()]
        if self.phase in (START_ROLL, OVER) or self.turn is None:
            return [a for a, _ in self.chance_outcomes()]
        t = self.turn
        if self.phase == ROLL:
            return [a for a, _ in self.chance_outcomes()]
        if self.phase == GEAR:
            acts: list[Action] = [Shift(d) for d in self.shifts()]
            if self.lemans and not t.changed_driver:
                car = self.cars[t.seat]
                acts += [Driver(d) for i, d in enumerate(self.drivers[t.seat]) if i != car.driver]
            return acts
        if self.phase == MOVE:
            return [Drive(m.path) for m in self.moves()]
        if self.phase == NAME42:  # an opponent at the wheel, or nobody (racerbile.lemans.field42)
            names: list[Action] = [Name(self.driver(s)) for s in range(len(self.players)) if s != t.seat and not self.cars[s].out]
            return names + [Name("")]
        return []

    def shifts(self) -> list[int]:
        """The gear changes open at the start of this turn (racerbile.upshift, racerbile.downshift)."""
        t = self.turn
        assert t is not None
        car = self.cars[t.seat]
        if not car.started or t.shifted:
            return [0]
        # no upshift with first gear forced, nor while standing on a downshift field (racerbile.field.downshift)
        up = car.gear < 3 and not car.first_gear and self.course.kinds.get(car.pos) is not Kind.DOWNSHIFT
        down = car.gear > 1
        if self.profile["stalin"]:  # up whenever he may, else he holds: never down by choice (Decisions)
            return [1] if up else [0]
        return [0] + ([1] if up else []) + ([-1] if down else [])

    def shift_refusal(self, delta: int) -> str:
        """Why the gear change `delta` is not open at the start of this turn, citing the rule that
        forbids it (racerbile.gears, racerbile.field.downshift, racerbile.flat_out, …)."""
        t = self.turn
        assert t is not None
        car = self.cars[t.seat]
        if not car.started:
            return "no change of gear in a car's first turn (racerbile.gears)"
        forced = car.first_gear or t.forced
        if delta > 0 and forced:
            if forced == "racerbile.flat_out":
                return "the turn after leaving the track starts in first gear, no upshift (racerbile.flat_out)"
            return f"the turn starts in first gear, no upshift ({forced})"
        if delta > 0 and self.course.kinds.get(car.pos) is Kind.DOWNSHIFT:
            return "no upshift while standing on a downshift field (racerbile.field.downshift)"
        if self.profile["stalin"] and delta <= 0 and 1 in self.shifts():
            return "Stalin always shifts up when he may (racerbile.option.stalin)"
        if self.profile["stalin"] and delta < 0:
            return "Stalin never shifts down by choice (racerbile.option.stalin)"
        if delta > 0 and car.gear >= 3:
            return "third gear is the highest (racerbile.gears)"
        if delta < 0 and car.gear <= 1:
            return "first gear is the lowest (racerbile.gears)"
        return "the gear is chosen once, at the start of the turn (racerbile.upshift, racerbile.downshift)"

    def board_for(self, seat: int) -> Board:
        """The other caps as obstacles for `seat`'s car, and the split choices binding it."""
        counts: dict[Hex, int] = {}
        flipped = set()
        placed = self.phase not in (ORDER, START_ROLL)  # before the order is settled no cap is on the track
        for s, c in enumerate(self.cars):
            if s == seat or not placed or c.out:  # a team put out is off the track (racerbile.lemans.judges)
                continue
            if c.off:  # off the track: it occupies no field until it reverses back (racerbile.flat_out; Decisions: a car off the track)
                continue
            counts[c.pos] = counts.get(c.pos, 0) + 1
            if c.flipped:
                flipped.add(c.pos)
        full = frozenset(h for h, n in counts.items() if n >= 2 and h not in flipped)
        lap = self.cars[seat].lap if self.profile["split_choice_per_lap"] else 0
        chosen = {sp: br for sp, lp, br in self.chosen if lp == lap}
        return Board(frozenset(flipped), full, chosen)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without its caches (`_moves`): a snapshot keeps the fields only (`game.snapshot`)."""
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}

    def moves(self) -> LegalMoves:
        """The legal moves of the car on turn for its roll (worked out once per state)."""
        memo: LegalMoves | None = self.__dict__.get("_moves")  # a cache, not a field: `replace` drops it
        if memo is not None:
            return memo
        t = self.turn
        assert t is not None and self.phase == MOVE
        car = self.cars[t.seat]
        lm = legal_moves(
            self.course, car.pos, car.facing if self.facing_rule else None, t.roll, self.board_for(t.seat),
            gear=t.gear, facing_rule=self.facing_rule,
        )
        if self.profile["stalin"]:
            lm = stalin_moves(lm, self.course)
        self.__dict__["_moves"] = lm
        return lm

    # --- positions -------------------------------------------------------------------------

    def distance(self, seat: int) -> int:
        """Fields driven from the line, laps included (lost laps taken off)."""
        c = self.cars[seat]
        return (c.lap - c.lost_laps) * self.course.lap + self.course.progress[c.pos]

    def ahead(self, a: int, b: int) -> bool:
        """Whether car `a` is ahead of car `b`: further on, or on top of it on one field."""
        da, db = self.distance(a), self.distance(b)
        if da != db:
            return da > db
        ca, cb = self.cars[a], self.cars[b]
        return ca.pos == cb.pos and ca.arrival < cb.arrival

    def standings(self) -> list[int]:
        """Seats from first to last: the winner first, then (Le Mans) every team still in before those put out, by laps and position."""
        seats = list(range(len(self.players)))
        seats.sort(key=lambda s: (s != self.winner, bool(self.cars[s].out), -self.distance(s), self.cars[s].arrival))
        return seats

    def front_last(self, seat: int) -> tuple[bool, bool]:
        others = [s for s in range(len(self.players)) if s != seat and not self.cars[s].out]  # a team put out races no more
        front = not any(self.ahead(o, seat) for o in others)
        last = not any(self.ahead(seat, o) for o in others)
        return front, last

    # --- applying --------------------------------------------------------------------------

    def apply(self, action: Action) -> Step:
        if isinstance(action, Call):
            return self._call(action)
        if isinstance(action, Judge):
            return self._judge(action)
        if isinstance(action, Clock):
            return self._clock(action)
        if self.phase == OVER:
            raise IllegalAction("the race is over")
        if self.phase == ORDER:
            if not isinstance(action, Order):
                raise IllegalAction("first the order: enter the time-trial times, or roll for it")
            return self._order(action)
        if self.phase == START_ROLL:
            if not isinstance(action, StartDie) or not 1 <= action.face <= 6:
                raise IllegalAction("the players roll one die each for the order")
            return self._start_die(action.face)
        t = self.turn
        assert t is not None
        if self.phase == GEAR:
            if isinstance(action, Driver):
                return self._driver(t, action.name)
            if not isinstance(action, Shift):
                raise IllegalAction(f"{self.driver(t.seat)} first chooses the gear (gear up/down/hold)")
            ok = self.shifts()
            if action.delta not in ok:
                raise IllegalAction(f"gear {'up' if action.delta > 0 else 'down' if action.delta < 0 else 'hold'} is not open now – {self.shift_refusal(action.delta)}; open: {', '.join(str(Shift(d)) for d in ok)}")
            return self._shift(t, action.delta)
        if self.phase == ROLL:
            if not isinstance(action, Dice) or len(action.faces) != t.pending or any(not 1 <= f <= 6 for f in action.faces):
                raise IllegalAction(f"{t.pending} dice are rolling")
            return self._dice(t, action.faces)
        if self.phase == MOVE:
            if not isinstance(action, Drive):
                raise IllegalAction(f"{self.driver(t.seat)} drives now (rolled {t.roll})")
            return self._drive(t, action.path)
        if self.phase == NAME42:
            if isinstance(action, Name) and not action.player:  # naming nobody is allowed (Decisions)
                note = Ruling(self.driver(t.seat), What.NOTE, 0, "racerbile.lemans.field42", phrase(N_("{who} names nobody on the 42 field"), who=self.driver(t.seat)))
                return replace(self, named=None)._end_turn([note])
            if not isinstance(action, Name) or action.player not in [self.driver(s) for s in range(len(self.players)) if s != t.seat and not self.cars[s].out]:
                raise IllegalAction("name an opponent at the wheel, or nobody: name - (racerbile.lemans.field42)")
            st = replace(self, named=action.player)
            note = Ruling(action.player, What.NOTE, 0, "racerbile.lemans.field42", phrase(N_("{who} names {named}: he drinks what {who} drinks this turn"), who=self.driver(t.seat), named=action.player))
            return st._end_turn([note])
        raise IllegalAction(f"{action} is not open now")

    # --- rulings and the ledger ------------------------------------------------------------

    def _charge(self, rulings: Iterable[Ruling]) -> tuple[RaceState, list[Ruling]]:
        """Book rulings in the ledger; at Le Mans no player drinks more than 42 sips a turn."""
        if isinstance(rulings, (list, tuple)) and not rulings:
            return self, []  # nothing to book: the state as it is
        led, out, t = self.ledger, [], self.turn
        sips = dict(t.sips) if t else {}
        cap = self.lemans
        for r in rulings:
            if r.what in (What.SIPS, What.BEER, What.BEER_REST) and t is not None:
                acc = led[r.who]
                n = r.amount if r.what is What.SIPS else acc.drink.sips * r.amount if r.what is What.BEER else acc.beer_left
                had = sips.get(r.who, 0)
                if cap and had + n > R.TURN_CAP:
                    room = max(0, R.TURN_CAP - had)
                    r = Ruling(r.who, What.SIPS, room, r.rule, phrase(N_("{ruling}; capped at {cap} sips a turn: {n} ({rule})"), ruling=r.arithmetic, cap=R.TURN_CAP, n=room, rule="racerbile.lemans.cap42"), r.giver, r.words)
                    n = room
                sips[r.who] = had + n
            led = led.apply(r)
            out.append(r)
        st = replace(self, ledger=led, turn=replace(t, sips=tuple(sips.items())) if t else None)
        return st, out

    def sips_this_turn(self, who: str) -> int:
        return dict(self.turn.sips).get(who, 0) if self.turn else 0

    # --- the start -------------------------------------------------------------------------

    def _order(self, a: Order) -> Step:
        if not a.times:
            return Step(replace(self, phase=START_ROLL, groups=(tuple(range(len(self.players))),)),
                        (Ruling(self.drivers[0][0], What.NOTE, 0, "racerbile.start", phrase(N_("no times entered: roll for the order"))),))
        if len(a.times) != len(self.players) or not all(0 < t <= MAX_TRIAL_SECONDS for t in a.times):  # (NaN fails too)
            raise IllegalAction(f"racerbile.variant.racerbile: enter one time per seat ({len(self.players)}), each more than 0 and at most {MAX_TRIAL_SECONDS} seconds")
        order = tuple(sorted(range(len(self.players)), key=lambda s: (a.times[s], s)))
        rulings = [
            Ruling(self.drivers[s][0], What.BEER, 1, "racerbile.variant.racerbile", phrase(N_("time trial: {who} empties a beer in {seconds} s"), who=self.drivers[s][0], seconds=f"{a.times[s]:g}"))
            for s in range(len(self.players))
        ]
        st, out = self._charge(rulings)
        step = st._place(order)
        return Step(step.state, tuple(out) + step.rulings)

    def _start_die(self, face: int) -> Step:
        group = self.groups[0]
        rolled = self.rolled + ((group[len(self.rolled)], face),)
        note = Ruling(self.drivers[rolled[-1][0]][0], What.NOTE, face, "racerbile.start", phrase(N_("{who} rolls {face} for the order"), who=self.players[rolled[-1][0]], face=face))
        if len(rolled) < len(group):
            return Step(replace(self, rolled=rolled), (note,))
        faces = sorted({f for _, f in rolled}, reverse=True)
        sub = tuple(tuple(s for s, f in rolled if f == x) for x in faces)
        groups = sub + self.groups[1:]
        ranked = self.ranked
        while groups and len(groups[0]) == 1:
            ranked += groups[0]
            groups = groups[1:]
        st = replace(self, groups=groups, rolled=(), ranked=ranked)
        if groups:
            tie = Ruling(self.drivers[groups[0][0]][0], What.NOTE, 0, "racerbile.start", phrase(N_("tie between {players}: they roll again"), players=", ".join(self.players[s] for s in groups[0])))
            return Step(st, (note, tie))
        step = st._place(ranked)
        return Step(step.state, (note,) + step.rulings)

    def _place(self, order: tuple[int, ...]) -> Step:
        """The caps on the start: the first in the order on the field next to the line, two to a field."""
        spots = course_fields(self.track)
        cars = list(self.cars)
        for i, s in enumerate(order):
            pos, lap = spots[min(i, len(spots) - 1)]
            cars[s] = Car(pos, lap=lap, arrival=i)
        st = replace(self, cars=tuple(cars), order=order, at=0, arrivals=len(order), phase=GEAR, ranked=(), groups=(), rolled=())
        note = Ruling(self.drivers[order[0]][0], What.NOTE, 0, "racerbile.start", phrase(N_("order: {players}"), players=", ".join(self.players[s] for s in order)))
        step = st._begin(0)
        return Step(replace(step.state, opening=len(step.rulings)), (note,) + step.rulings)

    # --- a turn ----------------------------------------------------------------------------

    def _begin(self, at: int) -> Step:
        """Open the turn of `order[at]`: skipped turns, the front/last sip, forced first gear. At Le
        Mans a team with drivers to choose from settles its driver first (racerbile.lemans.driver_change):
        the sip and the calls wait for that (`_open`)."""
        seat = self.order[at]
        car = self.cars[seat]
        st = replace(self, at=at, turn=Turn(seat, car.gear), phase=GEAR, named=None)
        who = st.driver(seat)
        # a move driven again (racerbile.option.upside_down_redo): this turn opened already, its
        # rulings stand and are not charged again
        quiet = self.reopened
        if car.out:  # put out by the judges: drives no more (racerbile.lemans.judges)
            return st._next([])
        if car.skip:
            cars = _set(st.cars, seat, replace(car, skip=car.skip - 1))
            st = replace(st, cars=cars)
            lost = Ruling(who, What.LOST_TURN, 1, "racerbile.lemans.delay" if self.lemans else "racerbile.option.out_of_fuel", phrase(N_("{team} loses this turn"), team=self.players[seat]))
            return st._next([] if quiet else [lost] + st._finish_front(seat))
        st = replace(st, reopened=False)
        rulings: list[Ruling] = st._front_last_sip(seat)
        # the turn after refuelling is driven (in first gear) however far ahead the car still is
        if self.profile["out_of_fuel"] and len(self.players) > 1 and car.first_gear != "racerbile.option.out_of_fuel":
            lead = st.distance(seat) - max((st.distance(s) for s in range(len(self.players)) if s != seat and not st.cars[s].out), default=st.distance(seat))
            if lead >= R.FUEL_LEAD:
                rulings += [
                    Ruling(who, What.BEER_REST, 1, "racerbile.option.out_of_fuel", phrase(N_("{lead} fields ahead of the second (12 or more): out of fuel, refuels by emptying the beer"), lead=lead)),
                    Ruling(who, What.LOST_TURN, 1, "racerbile.option.out_of_fuel", phrase(N_("refuelling takes the turn; the next starts in first gear"))),
                    Ruling(who, What.SIPS, 1, "racerbile.option.out_of_fuel", phrase(N_("running out of fuel is a technical fault: 1 sip"))),
                ]
                st = replace(st, cars=_set(st.cars, seat, replace(car, gear=1, first_gear="racerbile.option.out_of_fuel", started=True)), reopened=quiet)
                return st._next([] if quiet else rulings + st._finish_front(seat))  # _next books them
        if car.off:
            rulings.append(Ruling(who, What.NOTE, 0, "racerbile.flat_out", phrase(N_("reverses back onto the track at {field}"), field=f"{car.pos.q},{car.pos.r}")))
            # back on its field it arrives anew: under any cap there; a cap flipped there meanwhile
            # is laid back – a blocking field holds one flipped cap (Decisions: a car off the track,
            # blocking field capacity)
            car = replace(car, off=False, arrival=st.arrivals)
            back = list(st.cars)
            for o_seat, o in enumerate(back):
                if o_seat != seat and o.pos == car.pos and o.flipped and not o.off:
                    back[o_seat] = replace(o, flipped=False)
                    rulings.append(Ruling(st.driver(o_seat), What.NOTE, 0, "racerbile.field.blocking", phrase(N_("{who} reverses back onto {field} beside {owner}'s flipped cap: it is laid back mark up, the block is lifted"), who=who, field=f"{car.pos.q},{car.pos.r}", owner=self.players[o_seat])))
            back[seat] = car
            st = replace(st, cars=tuple(back), arrivals=st.arrivals + 1)
            if self.profile["off_track_return_costs_turn"]:
                # reversing is the whole turn – the turn after leaving the track; the next is a
                # normal turn (racerbile.flat_out, Decisions: off_track_return_costs_turn)
                st = replace(st, cars=_set(st.cars, seat, replace(car, first_gear="")), reopened=quiet)
                return st._next([] if quiet else rulings + st._finish_front(seat))  # _next books them
        if car.first_gear:
            st = replace(st, turn=replace(st.turn, gear=1, forced=car.first_gear) if st.turn else None)
        if self.lemans and len(self.drivers[seat]) > 1:
            # the driver first: a change (and its beer) comes before the turn, and the incoming
            # driver drinks the front/last sip (racerbile.lemans.driver_change, Decisions)
            keep = [r for r in rulings if r.rule == "racerbile.flat_out"]
            st = replace(st, turn=replace(st.turn, opened=quiet) if st.turn else None)
            st, out = st._charge([] if quiet else keep)
            return Step(st, tuple(out))
        rulings += st._first_gear_call(seat)
        st, out = st._charge([] if quiet else rulings)
        step = st._maybe_roll()
        return Step(step.state, tuple(out) + step.rulings)

    def _front_last_sip(self, seat: int) -> list[Ruling]:
        """The sip for lying in front or last as the turn opens (racerbile.turn, step 1)."""
        front, last = self.front_last(seat)
        if not (front or last):
            return []
        words = "Jeg drikker for at ligge " + ("forrest" if front else "bagerst")
        said = N_("in front and last at the start of the turn: 1 sip") if front and last else N_("in front at the start of the turn: 1 sip") if front else N_("last at the start of the turn: 1 sip")
        return [Ruling(self.driver(seat), What.SIPS, 1, "racerbile.turn", phrase(said), words=(words,))]

    def _first_gear_call(self, seat: int) -> list[Ruling]:
        """"Jeg starter i første gear" when the turn is forced to start in first gear."""
        car = self.cars[seat]
        if not car.first_gear:
            return []
        return [Ruling(self.driver(seat), What.CALL, 0, car.first_gear, phrase(N_("starts the turn in first gear (no upshift this turn)")), words=("Jeg starter i første gear",))]

    def _open(self) -> tuple[RaceState, list[Ruling]]:
        """Le Mans: the turn opens once the driver is settled – the driver at the wheel now drinks
        the front/last sip and makes the forced calls."""
        t = self.turn
        assert t is not None
        if t.opened:
            return self, []
        st = replace(self, turn=replace(t, opened=True))
        return st._charge(st._front_last_sip(t.seat) + st._first_gear_call(t.seat))

    def _finish_front(self, seat: int) -> list[Ruling]:
        """The sip for ending a turn in front, on every turn that ends so – the winning move and
        lost turns included (racerbile.option.finish_in_front, Decisions)."""
        if not self.profile["finish_in_front"] or not self.front_last(seat)[0]:
            return []
        return [Ruling(self.driver(seat), What.SIPS, 1, "racerbile.option.finish_in_front", phrase(N_("ends the turn in front: 1 sip")), words=("Jeg drikker for at slutte forrest",))]

    def _maybe_roll(self) -> Step:
        """Skip the gear choice when nothing can be chosen."""
        t = self.turn
        assert t is not None
        if self.shifts() == [0] and not (self.lemans and len(self.drivers[t.seat]) > 1 and not t.changed_driver):
            return self._shift(t, 0)
        return Step(self)

    def _driver(self, t: Turn, name: str) -> Step:
        """Le Mans: a new driver takes the wheel – free in the pit, a beer outside it."""
        if not self.lemans:
            raise IllegalAction("driver changes are a Le Mans rule (racerbile.lemans.driver_change)")
        crew = self.drivers[t.seat]
        if name not in crew or name == self.driver(t.seat) or t.changed_driver:
            raise IllegalAction(f"{self.players[t.seat]} can hand over to: {', '.join(d for d in crew if d != self.driver(t.seat))} (once, before the gear)")
        car = self.cars[t.seat]
        st = replace(self, cars=_set(self.cars, t.seat, replace(car, driver=crew.index(name))), turn=replace(t, changed_driver=True))
        if car.pos in self.course.pit:
            rulings = [Ruling(name, What.NOTE, 0, "racerbile.lemans.pit", phrase(N_("driver change in the pit: {driver} takes over from {previous}, free"), driver=name, previous=self.driver(t.seat)))]
        else:
            rulings = [
                Ruling(name, What.CALL, 0, "racerbile.lemans.driver_change", phrase(N_("{team} changes driver outside the pit"), team=self.players[t.seat]), words=(f"{name} kører nu",)),
                Ruling(name, What.BEER, 1, "racerbile.lemans.driver_change", phrase(N_("{driver} takes over outside the pit: empties a whole beer before the turn"), driver=name)),
            ]
        st, out = st._charge(rulings)
        st, opening = st._open()  # the incoming driver drinks the front/last sip
        step = st._maybe_roll()
        return Step(step.state, tuple(out) + tuple(opening) + step.rulings)

    def _shift(self, t: Turn, delta: int) -> Step:
        if not t.opened:  # Le Mans: the driver stays at the wheel – now the turn opens
            st, opening = self._open()
            assert st.turn is not None
            step = st._shift(st.turn, delta)
            return Step(step.state, tuple(opening) + step.rulings)
        car = self.cars[t.seat]
        gear = (1 if car.first_gear else car.gear) + delta
        who = self.driver(t.seat)
        rulings: list[Ruling] = []
        if delta > 0:
            rulings.append(Ruling(who, What.CALL, 0, "racerbile.upshift", phrase(N_("up to gear {gear}"), gear=gear), words=(f"Jeg gearer op til {R.GEAR_WORDS[gear]} gear",)))
        elif delta < 0:
            rulings.append(Ruling(who, What.CALL, 0, "racerbile.downshift", phrase(N_("down to gear {gear}"), gear=gear), words=(f"Jeg gearer ned til {R.GEAR_WORDS[gear]} gear",)))
            rulings.append(Ruling(who, What.SIPS, 1, "racerbile.technical.downshift", phrase(N_("choosing to shift down is a technical fault: 1 sip"))))
        cars = _set(self.cars, t.seat, replace(car, gear=gear, first_gear=""))
        st = replace(self, cars=cars, phase=ROLL, turn=replace(t, gear=gear, shifted=True, pending=gear))
        st, out = st._charge(rulings)
        return Step(st, tuple(out))

    def _dice(self, t: Turn, faces: tuple[int, ...]) -> Step:
        who = self.driver(t.seat)
        fast = sum(1 for f in faces if f >= 5)
        landed = t.dice + tuple(sorted((f for f in faces if f <= 4), reverse=True))
        rulings: list[Ruling] = []
        n = R.too_fast_faults(t.fives, fast)
        if n:
            rulings.append(Ruling(who, What.SIPS, n, "racerbile.too_fast", phrase(N_("5-or-6 number {first}–{last} this turn: the third and each further one is a fault: {sips}"), first=t.fives + 1, last=t.fives + fast, sips=R.sips(n, n > 1))))
        t2 = replace(t, dice=landed, pending=fast, fives=t.fives + fast, throws=t.throws + (tuple(faces),))
        if fast:
            st, out = replace(self, turn=t2)._charge(rulings)
            return Step(st, tuple(out))
        # every die has landed
        ones = landed.count(1)
        total = sum(landed)
        smashed = t.gear == 3 and ones == 3
        if smashed:
            zero = bool(self.profile["smashed_gearbox_zero"])
            if zero or self.profile["triple_clutch_full_beer"]:
                rule = "racerbile.option.smashed_gearbox_zero" if zero else "racerbile.option.triple_clutch_full_beer"
                rulings.append(Ruling(who, What.BEER, 1, rule, phrase(N_("triple clutch fault: a whole beer, and the car moves 0 fields") if zero else N_("triple clutch fault: a whole beer"))))
            else:
                rulings.append(Ruling(who, What.BEER_REST, 1, "racerbile.clutch", phrase(N_("triple clutch fault: the gearbox is smashed – empties the rest of the beer while it is replaced"))))
            if zero:
                total = 0
        elif ones:
            rulings.append(Ruling(who, What.SIPS, ones, "racerbile.clutch", phrase(N_("{n} × a 1 (clutch fault): {sips}"), n=ones, sips=R.sips(ones, ones > 1))))
        kind = R.driving(total)
        if kind is R.Driving.RECKLESS:
            rulings.append(Ruling(who, What.NOTE, total, "racerbile.reckless", phrase(N_("{total}: reckless driving – every change of direction squeals"), total=total)))
        elif kind is R.Driving.FLAT_OUT:
            rulings.append(Ruling(who, What.NOTE, total, "racerbile.flat_out", phrase(N_("{total}: flat out – no turning, no braking"), total=total)))
        t2 = replace(t2, roll=total, smashed=smashed, start_car=self.cars[t.seat])
        st, out = replace(self, turn=t2, phase=MOVE, redo=None)._charge(rulings)
        return Step(st, tuple(out))

    def _drive(self, t: Turn, path: tuple[Hex, ...]) -> Step:
        car = self.cars[t.seat]
        # a path among the legal moves is that move (what check_path would rule, without a second search)
        m = next((x for x in self.moves().to(path[-1] if path else car.pos) if x.path == path), None)
        if m is not None:
            return replace(self, redo=self).drive(m)
        try:
            m = check_path(self.course, car.pos, car.facing if self.facing_rule else None, t.roll, path, self.board_for(t.seat), gear=t.gear, facing_rule=self.facing_rule)
        except ValueError as e:
            raise IllegalAction(str(e)) from None
        if self.profile["stalin"] and outcome(m) not in {outcome(x) for x in self.moves()}:
            raise IllegalAction("Stalin drives: onto a blocking field, off the track, whenever he can (racerbile.option.stalin)")
        return replace(self, redo=self).drive(m)

    def drive(self, m: Move) -> Step:
        """Drive a legal move of the car on turn and rule on it."""
        t = self.turn
        assert t is not None
        seat, who = t.seat, self.driver(t.seat)
        car, c = self.cars[t.seat], self.course
        rulings: list[Ruling] = []
        before = [s for s in range(len(self.players)) if s != seat and not self.cars[s].out and self.ahead(s, seat)]
        # what the move costs
        if m.off_track:
            rulings.append(Ruling(who, What.SIPS, m.short, "racerbile.flat_out", phrase(N_("off the track: {fields} of the {roll} rolled not driven on it"), fields=R.count(m.short, N_("{n} field"), N_("{n} fields")), roll=t.roll)))
            if self.variant != R.BABYBILE:
                rulings.append(Ruling(who, What.BEER_REST, 1, "racerbile.variant.racerbile", phrase(N_("left the track: empties the rest of the beer before coming back"))))
            if self.profile["off_track_full_beer"]:
                rulings.append(Ruling(who, What.BEER, 1, "racerbile.option.off_track_full_beer", phrase(N_("left the track: a whole beer on top"))))
        elif m.short:
            full = self.board_for(seat).full
            by_stack = m.blocked and any(n in full for n, _ in c.steps[m.end])
            rule = "racerbile.field.blocking" if m.bonk else "racerbile.stack" if by_stack else "racerbile.turn" if m.blocked else "racerbile.technical.fewer_fields"
            why = N_("blocked after {driven} of {roll} fields: {sips}") if m.blocked else N_("stopped after {driven} of {roll} fields: {sips}")
            rulings.append(Ruling(who, What.SIPS, m.short, rule, phrase(why, driven=len(m.path), roll=t.roll, sips=R.sips(m.short))))
        if m.squeals:
            rulings.append(Ruling(who, What.CALL, m.squeals, "racerbile.reckless", phrase(N_("{n} changes of direction on {roll}") if m.squeals > 1 else N_("{n} change of direction on {roll}"), n=m.squeals, roll=t.roll), words=("hvin",) * m.squeals))
            rulings.append(Ruling(who, What.SIPS, m.squeals, "racerbile.technical.squeal", phrase(N_("{squeals} (tyre wear): {sips}"), squeals=R.count(m.squeals, N_("{n} squeal"), N_("{n} squeals"), m.squeals > 1), sips=R.sips(m.squeals, m.squeals > 1))))
        if m.sharp:  # out of a corner (racerbile Decisions: a car facing no forward field within 60°)
            rulings.append(Ruling(who, What.SIPS, m.sharp, "racerbile.variant.racerbile", phrase(N_("facing no forward field within 60°: turns {degrees}° to the nearest, a technical fault per 60° beyond the first: {sips}"), degrees=60 * (m.sharp + 1), sips=R.sips(m.sharp, m.sharp > 1))))
        cars = list(self.cars)
        if m.bonk is not None:
            for s, o in enumerate(cars):
                if o.pos == m.bonk and o.flipped:
                    cars[s] = replace(o, flipped=False)
                    rulings.append(Ruling(self.driver(s), What.NOTE, 0, "racerbile.field.blocking", phrase(N_("{who} stops before {field}, bonks {owner}'s cap on the table and lays it back mark up: the block is lifted"), who=who, field=f"{m.bonk.q},{m.bonk.r}", owner=self.players[s])))
        # the car moves
        lap = car.lap
        prev = car.pos
        for h in m.path:
            if c.crosses_line(prev, h):
                lap += 1
            prev = h
        arrival = self.arrivals
        moved = bool(m.path)
        new = replace(
            car,
            pos=m.end,
            lap=lap,
            facing=m.facing if moved and self.facing_rule else car.facing,
            arrival=arrival if moved else car.arrival,
            flipped=False if moved or m.off_track else car.flipped,  # a flipped cap that flies off blocks no more (Decisions: a car off the track)
            off=m.off_track,
            started=True,
        )
        if m.off_track:
            dropped = new.gear - 1
            new = replace(new, gear=1, first_gear="racerbile.flat_out")
            rulings.append(Ruling(who, What.CALL, 0, "racerbile.flat_out", phrase(N_("forced down to first gear; next turn the car reverses back onto the track")), words=("Jeg gearer ned til første gear",)))
            if dropped:  # a sip per gear dropped, as every forced downshift (Decisions)
                rulings.append(Ruling(who, What.SIPS, dropped, "racerbile.flat_out", phrase(N_("forced downshift off the track: gear {gear} → 1, a sip per gear dropped: {n}"), gear=dropped + 1, n=dropped)))
        others_here = [s for s, o in enumerate(cars) if s != seat and o.pos == m.end and not o.off]  # a car off the track lies on no field
        if moved and not m.off_track:
            kind = c.kinds.get(m.end)
            if kind is Kind.BLOCKING and not others_here:
                new = replace(new, flipped=True)
                rulings.append(Ruling(who, What.NOTE, 0, "racerbile.field.blocking", phrase(N_("lands on the blocking field {field}: the cap is flipped – nobody passes"), field=f"{m.end.q},{m.end.r}")))
            if kind is Kind.DOWNSHIFT:
                dropped = new.gear - 1
                new = replace(new, gear=1, first_gear="racerbile.field.downshift")
                if dropped:
                    rulings.append(Ruling(who, What.SIPS, dropped, "racerbile.field.downshift", phrase(N_("downshift field: gear {gear} → 1, a sip per gear dropped: {n}"), gear=dropped + 1, n=dropped)))
                else:
                    rulings.append(Ruling(who, What.NOTE, 0, "racerbile.field.downshift", phrase(N_("downshift field: already in first gear"))))
            if others_here:
                rulings.append(Ruling(who, What.NOTE, 0, "racerbile.stack", phrase(N_("lands on {owner}'s field: goes underneath"), owner=self.players[others_here[0]])))
        if t.smashed and self.variant != R.BABYBILE:
            dropped = new.gear - 1
            new = replace(new, gear=1, first_gear="racerbile.variant.racerbile")
            rulings.append(Ruling(who, What.SIPS, dropped, "racerbile.variant.racerbile", phrase(N_("smashed gearbox: back to first gear, a sip per gear dropped: {n}"), n=dropped)))
        cars[seat] = new
        chosen = self.chosen
        per_lap = self.profile["split_choice_per_lap"]
        for split, name in m.choice:
            chosen += ((split, car.lap if per_lap else 0, name),)
            rulings.append(Ruling(who, What.NOTE, 0, "racerbile.split", phrase(N_("{who} is first at the split {split!r}: everyone takes the branch {branch!r}"), who=who, split=self.track.splits[split].name, branch=name)))
        st = replace(self, cars=tuple(cars), arrivals=arrival + 1 if moved else self.arrivals, chosen=chosen)
        # overtaking, laps, midway
        for s in before:
            if st.ahead(seat, s):
                rulings.append(Ruling(st.driver(s), What.SIPS, 1, "racerbile.general.overtaken", phrase(N_("overtaken by {who}: 1 sip"), who=who)))
        if lap > car.lap:
            rulings.append(Ruling(who, What.LAPS, lap - car.lap, "racerbile.turn", phrase(N_("{team} completes lap {lap}"), team=self.players[seat], lap=lap)))
        if c.midway is not None and _passes(c, car.pos, m.path, c.midway):
            rulings.append(Ruling(who, What.CALL, 0, "racerbile.field.midway", phrase(N_("past the midway line")), words=("Midtvejsskål!",)))
            for crew in self.drivers:  # every driver of every team, not only those at the wheel (Decisions)
                for d in crew:
                    rulings.append(Ruling(d, What.SIPS, 1, "racerbile.field.midway", phrase(N_("{who} calls midtvejsskål: everybody drinks 1 sip"), who=who)))
        st, out = st._charge(rulings)
        laps = self.profile["laps"]
        if not self.lemans and isinstance(laps, int) and lap >= laps:
            st, front = replace(st, winner=seat)._charge(st._finish_front(seat))
            out += front
            win = Ruling(who, What.NOTE, 0, "racerbile.turn", phrase(N_("{team} crosses the line after lap {laps}: wins the race"), team=self.players[seat], laps=laps))
            done = replace(st, phase=OVER, turn=t, turns=st.turns + 1)
            return Step(done, tuple(out) + (win,))
        if self.lemans and m.path and m.end == c.field42:
            return Step(replace(st, phase=NAME42), tuple(out))
        step = st._end_turn([])
        return Step(step.state, tuple(out) + step.rulings)

    def _end_turn(self, rulings: list[Ruling]) -> Step:
        t = self.turn
        assert t is not None
        seat, who = t.seat, self.driver(t.seat)
        rulings += self._finish_front(seat)
        st, out = self._charge(rulings)
        if self.named is not None:
            n = st.sips_this_turn(who)
            if n:
                st, more = st._charge([Ruling(self.named, What.SIPS, n, "racerbile.lemans.field42", phrase(N_("named on the 42 field: drinks what {who} drank this turn, {n}"), who=who, n=n))])
                out += more
        step = st._next([])
        return Step(step.state, tuple(out) + step.rulings)

    def _next(self, rulings: list[Ruling]) -> Step:
        """On to the next seat (or the end of a Le Mans event)."""
        st, out = self._charge(rulings)
        st = replace(st, turns=st.turns + 1)
        if st.lemans and st.last_round and st.at == len(st.order) - 1:
            return Step(replace(st, phase=OVER, winner=st.lemans_leader()), tuple(out) + (Ruling(st.driver(st.lemans_leader()), What.NOTE, 0, "racerbile.lemans.winner", phrase(N_("{team} wins: most laps, then position"), team=st.players[st.lemans_leader()])),))
        step = st._begin((st.at + 1) % len(st.order))
        return Step(replace(step.state, opening=len(step.rulings)), tuple(out) + step.rulings)

    def lemans_leader(self) -> int:
        return max(range(len(self.players)), key=lambda s: (not self.cars[s].out, self.distance(s), -self.cars[s].arrival))

    # --- the table, the judges, the clock --------------------------------------------------

    def faults(self) -> list[R.Fault]:
        """The "call a fault" menu for this race (racerbile.faults)."""
        return [f for f in R.FAULTS if (not f.lemans or self.lemans) and (not f.option or self.profile[f.option])]

    def _call(self, a: Call) -> Step:
        f = R.FAULT_BY_RULE.get(a.rule)
        if f is None or f not in self.faults():
            raise IllegalAction(f"{a.rule} is not on this table's fault menu")
        try:
            seat = self.seat_of(a.who)
        except KeyError:
            raise IllegalAction(f"nobody called {a.who!r} sits at this table") from None
        if a.count < 1 or (not f.unit and a.count != 1):
            raise IllegalAction(f"{a.rule} counts {'per ' + f.unit if f.unit else 'once'}")
        if a.count > MAX_CALL_COUNT:
            raise IllegalAction(f"{a.rule}: at most {MAX_CALL_COUNT} at one call, not {a.count}")
        if self.phase == OVER:
            raise IllegalAction("the race is over")
        who = a.who if a.who in self.drivers[seat] else self.driver(seat)
        on_turn = self.turn is not None and self.turn.seat == seat and self.phase not in (ORDER, START_ROLL)
        # called on the mover right after his move (before the next dice land): made in his turn
        just_moved = self.redo is not None and self.redo.turn is not None and self.redo.turn.seat == seat and f.rule not in ("racerbile.technical.roll_out_of_turn", "racerbile.technical.own_cap_out_of_turn")
        when = "" if on_turn or just_moved else phrase(N_(" – outside his turn, drunk at once ({rule})"), rule="racerbile.outside_turn")
        label, kind = phrase(f.label), phrase(R.KIND_FAULT[f.kind])
        rulings: list[Ruling] = []
        st = self
        if f.rule == "racerbile.general.noled" and self.lemans and on_turn and self.turn is not None:
            nols = self.turn.nols + a.count
            st = replace(st, turn=replace(self.turn, nols=nols))
            if nols > R.NOL_LIMIT:
                within = max(0, R.NOL_LIMIT - self.turn.nols)  # the nøls of this call up to the third are sips
                if within:
                    rulings.append(Ruling(who, What.SIPS, within, f.rule, phrase(N_("{label} – {fault} × {units}: {sips}{when}"), label=label, fault=phrase(R.KIND_FAULT[R.Kind.GENERAL]), units=R.count(within, N_("{n} nøl"), N_("{n} nøls"), within > 1), sips=R.sips(within, within > 1), when=""), words=("Tre. To. En. Nøl.",)))
                if self.profile["nol4_beer_on_top"]:
                    rulings.append(Ruling(who, What.BEER, 1, "racerbile.lemans.nol", phrase(N_("nøl number {n} this turn: a whole beer on top of the three sips ({option}), and the turn passes on"), n=R.NOL_LIMIT + 1, option="nol4_beer_on_top"), words=("Tre. To. En. Nøl.",)))
                else:  # the turn's nøl sips rounded up to one whole beer (Decisions)
                    beer = self.ledger[who].drink.sips
                    more = max(0, beer - R.NOL_LIMIT)
                    rulings.append(Ruling(who, What.SIPS, more, "racerbile.lemans.nol", phrase(N_("nøl number {n} this turn: the {limit} nøl sips are rounded up to a whole beer ({beer} sips): {more} more, and the turn passes on"), n=R.NOL_LIMIT + 1, limit=R.NOL_LIMIT, beer=beer, more=R.sips(more)), words=("Tre. To. En. Nøl.",)))
                pre: list[Ruling] = []
                if st.turn is not None and not st.turn.opened:  # passed before the driver was settled: the turn opens first
                    st, pre = st._open()
                step = st._next(rulings + st._finish_front(seat))  # _next books them
                return Step(step.state, tuple(pre) + step.rulings)
        n = a.count * f.sips
        if f.rule == "racerbile.technical.others_cap" and self.profile["touch_counts_twice"]:
            n = 2
        if n:
            words = ("Tre. To. En. Nøl.",) if f.rule in ("racerbile.general.noled", "racerbile.technical.self_nol") else ()
            rulings.append(Ruling(who, What.SIPS, n, f.rule, phrase(N_("{label} – {fault} × {units}: {sips}{when}") if f.unit else N_("{label} – {fault}: {sips}{when}"), label=label, fault=kind, units=R.units(f, a.count) if f.unit else "", sips=R.sips(n), when=when), words=words))
        if f.beers:
            rulings.append(Ruling(who, What.BEER, f.beers, f.rule, phrase(N_("{label}: empties a whole beer{when}"), label=label, when=when)))
        if f.laps:
            car = st.cars[seat]
            lost = f.laps * a.count
            extra = 1 if f.rule == "racerbile.lemans.delay" else 0
            st = replace(st, cars=_set(st.cars, seat, replace(car, lost_laps=car.lost_laps + lost, skip=car.skip + extra)))
            rulings.append(Ruling(who, What.LAPS, -lost, f.rule, phrase(N_("{label}: {team} loses {laps} and the next turn") if extra else N_("{label}: {team} loses {laps}"), label=label, team=st.players[seat], laps=R.count(lost, N_("{n} lap"), N_("{n} laps"), lost > 1))))
        if f.rule == "racerbile.technical.upside_down" and self.profile["upside_down_redo"] and self.redo is not None and self.redo.turn is not None and self.redo.turn.seat == seat:
            # only the mover's move is driven again: the next turn has opened, and opens once (Decisions)
            back = replace(self.redo, ledger=st.ledger, clock=st.clock, redo=None, reopened=self.turn is not None and self.turn.opened)
            back, out = back._charge(rulings)
            out.append(Ruling(who, What.NOTE, 0, "racerbile.option.upside_down_redo", phrase(N_("back to where the move began: drive it again"))))
            return Step(back, tuple(out))
        st, out = st._charge(rulings)
        return Step(st, tuple(out))

    def _judge(self, a: Judge) -> Step:
        if not self.lemans:
            raise IllegalAction("judges run a Le Mans event (racerbile.lemans.judges)")
        if self.phase == OVER:
            raise IllegalAction("the event is over: the judges have had their say")
        if not a.reason.strip():
            raise IllegalAction("racerbile.lemans.judges: the judges give a reason for every decision (judge … 'REASON')")
        reason = a.reason
        if a.kind in ("sips", "laps"):
            top = MAX_PENALTY_SIPS if a.kind == "sips" else MAX_PENALTY_LAPS
            if not (a.value.isascii() and a.value.isdigit() and 1 <= int(a.value[:6]) <= top):
                raise IllegalAction(f"racerbile.lemans.judges: a penalty of {a.kind} is a whole number from 1 to {top}, not {a.value[:20]!r}")
        if a.kind == "sips":
            try:
                seat, n = self.seat_of(a.target), int(a.value)
            except (KeyError, ValueError):
                raise IllegalAction("judge sips WHO N REASON") from None
            who = a.target if a.target in self.drivers[seat] else self.driver(seat)
            st, out = self._charge([Ruling(who, What.SIPS, n, "racerbile.lemans.judges", phrase(N_("penalty from the judges: {n} sips – {reason}"), n=n, reason=reason))])
            return Step(st, tuple(out))
        if a.kind == "laps":
            try:
                seat, n = self.seat_of(a.target), int(a.value)
            except (KeyError, ValueError):
                raise IllegalAction("judge laps TEAM N REASON") from None
            car = self.cars[seat]
            st = replace(self, cars=_set(self.cars, seat, replace(car, lost_laps=car.lost_laps + n)))
            return Step(st, (Ruling(self.driver(seat), What.LAPS, -n, "racerbile.lemans.judges", phrase(N_("the judges take {laps} from {team} – {reason}"), laps=R.count(n, N_("{n} lap"), N_("{n} laps")), team=self.players[seat], reason=reason)),))
        if a.kind == "rule":
            name = a.target
            if name == "lemans_drivers":
                raise IllegalAction("the teams are seated at the start: lemans_drivers cannot change during the event")
            try:
                opt = R.SPEC.option(name)
                value: Any = _parse_value(a.value)
                opts = dict(self.profile.options)
                opts[name] = opt.check(value)
                profile = R.SPEC.make(self.profile.variant, **opts)
            except (KeyError, ValueError) as e:
                raise IllegalAction(str(e.args[0])) from None
            st = replace(self, profile=profile)
            return Step(st, (Ruling(self.driver(0), What.NOTE, 0, "racerbile.lemans.judges", phrase(N_("the judges set {option} = {value} – {reason}"), option=name, value=a.value, reason=reason)),))
        if a.kind == "out":
            try:
                seat = self.seat_of(a.target)
            except KeyError:
                raise IllegalAction("judge out TEAM REASON") from None
            if self.cars[seat].out:
                raise IllegalAction(f"{self.players[seat]} is out already ({self.cars[seat].out})")
            if sum(1 for c in self.cars if not c.out) <= 1:
                raise IllegalAction("the last team still in cannot be put out")
            car = self.cars[seat]
            st = replace(self, cars=_set(self.cars, seat, replace(car, out=reason, flipped=False)))
            note = Ruling(self.driver(seat), What.NOTE, 0, "racerbile.lemans.judges", phrase(N_("the judges put {team} out – {reason}: it drives no more and ranks behind every team still in"), team=self.players[seat], reason=reason))
            if self.turn is not None and self.turn.seat == seat and self.phase not in (ORDER, START_ROLL):
                step = st._next([note])  # its turn ends here
                return Step(step.state, step.rulings)
            return Step(st, (note,))
        raise IllegalAction("the judges hand out sips, take laps, change a rule or put a team out (judge sips|laps|rule|out …)")

    def _clock(self, a: Clock) -> Step:
        if not self.lemans or not 0 <= a.seconds <= MAX_CLOCK_STEP:  # (NaN and infinity fail too)
            raise IllegalAction(f"racerbile.lemans.end: the event clock runs at Le Mans only, forwards, at most {MAX_CLOCK_STEP} seconds at a time")
        hours = self.profile["lemans_hours"]
        end = (hours if isinstance(hours, int) else 24) * 3600
        clock = self.clock + a.seconds
        st = replace(self, clock=clock)
        if not self.last_round and clock >= end and self.phase not in (ORDER, START_ROLL, OVER):
            st = replace(st, last_round=True)
            return Step(st, (Ruling(self.driver(self.order[self.at]), What.CALL, 0, "racerbile.lemans.end", phrase(N_("{hours} hour is up: the last round of turns") if end == 3600 else N_("{hours} hours are up: the last round of turns"), hours=f"{end / 3600:g}"), words=("Sidste omgang!",)),))
        return Step(st)


MAX_TRIAL_SECONDS = 3600  # a time-trial time (racerbile.variant.racerbile): nobody takes an hour over a beer
MAX_CLOCK_STEP = 24 * 3600  # seconds one Clock entry may add (racerbile.lemans.end)
MAX_PENALTY_SIPS = 50  # a judges' penalty (racerbile.lemans.judges)
MAX_PENALTY_LAPS = 10
MAX_CALL_COUNT = 20  # a fault called with a count (per sip, per field …) at one call


def _parse_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("null", "none"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _set(cars: tuple[Car, ...], seat: int, car: Car) -> tuple[Car, ...]:
    return cars[:seat] + (car,) + cars[seat + 1 :]


_FIELDS: dict[type, tuple[tuple[str, ...], frozenset[str]]] = {}
_T = TypeVar("_T")


def replace(obj: _T, **changes: Any) -> _T:
    """`dataclasses.replace` for the race's own dataclasses (RaceState, Car, Turn: no __post_init__,
    every field in __init__) without its generic checks – a 24-hour Le Mans calls it half a million
    times. Anything else goes to `dataclasses.replace`; an unknown field is a TypeError as there."""
    cls = type(obj)
    spec = _FIELDS.get(cls)
    if spec is None:
        if cls not in (RaceState, Car, Turn):
            return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
        names = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
        spec = _FIELDS[cls] = (names, frozenset(names))
    names, known = spec
    if not known.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(set(changes) - known))}")
    new = object.__new__(cls)
    if cls is RaceState:  # fields live in __dict__ (a cache such as `_moves` does not carry over)
        nd = obj.__dict__.copy()
        if len(nd) != len(names):
            nd = {n: nd[n] for n in names}
        nd.update(changes)
        object.__setattr__(new, "__dict__", nd)
    else:  # slots
        put = object.__setattr__
        for n in names:
            put(new, n, changes[n] if n in changes else getattr(obj, n))
    return new


def _passes(c: Course, start: Hex, path: tuple[Hex, ...], m: int) -> bool:
    """Whether a move fully passes the midway line (progress from at most `m` to beyond it)."""
    prev = c.progress[start]
    for h in path:
        p = c.progress[h]
        if prev <= m < p:
            return True
        prev = p
    return False


def course_fields(track: Track) -> list[tuple[Hex, int]]:
    """Where the caps start, in order: the fields past the line (lap 0), then those before it (lap -1)."""
    c = track.course
    spots = [(h, 0) for h in c.start] + [(h, -1) for h in sorted(c.behind, key=lambda h: (-c.progress[h], h))]
    return [s for s in spots for _ in range(2)]


_DICE: dict[int, list[tuple[tuple[int, ...], float]]] = {}


def dice_outcomes(n: int) -> list[tuple[tuple[int, ...], float]]:
    """The distinct ways `n` dice land (sorted high to low) with their probabilities."""
    if n not in _DICE:
        out = []
        for combo in combinations_with_replacement(range(6, 0, -1), n):
            ways = factorial(n)
            for f in set(combo):
                ways //= factorial(combo.count(f))
            out.append((combo, ways / 6**n))
        _DICE[n] = out
    return _DICE[n]


def stalin_moves(lm: LegalMoves, course: Course) -> LegalMoves:
    """Stalin's pick of the moves: off the track if he can, else onto a free blocking field, else any
    (racerbile.option.stalin)."""
    moves = list(lm)
    off = [m for m in moves if m.off_track]
    if off:
        return LegalMoves(off)
    block = [m for m in moves if m.path and course.kinds.get(m.end) is Kind.BLOCKING]
    return LegalMoves(block) if block else lm
