"""A Racerbile race as an immutable state: Babybile, Racerbile and Le Mans (racerbile.*).

The state implements the one state interface (`game.state`). A turn (racerbile.turn) runs:
the front/last sip and any forced announcement as the turn opens; the gear (`Shift`, and at Le
Mans a `Driver` change first); the dice (`Dice`, chance – 5s and 6s are rolled again and
counted, racerbile.too_fast); the move (`Drive`, one of `legal_moves`); at Le Mans the opponent
named on the 42 field (`Name`). The table's calls (`Call`), the judges (`Judge`) and the event
clock (`Clock`) may come at any decision.

Seats are players – or, at Le Mans, teams of drivers; the ledger is kept per driver.

Here: `RaceState` – its set-up, the state interface, positions, `apply` and the ledger. The
referee's rulings are plain functions over the state in `start` (the order), `turn` (a turn's
opening, gear, dice and end), `drive` (the move) and `table` (calls, judges, clock); `parts`
holds the phases, `Car`, `Turn` and `replace`.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import factorial
from typing import Any, Iterable, Mapping, Sequence

from game.errors import IllegalAction
from game.hexgrid import Hex
from game.i18n import N_
from game.racerbile.actions import Action, Call, Clock, Dice, Drive, Driver, Judge, Name, Order, Shift, StartDie, parse_action
from game.racerbile.course import Course
from game.racerbile.drive import drive_move, drive_path
from game.racerbile.moves import Board, LegalMoves, Move, legal_moves
from game.racerbile.parts import GEAR, MOVE, NAME42, ORDER, OVER, ROLL, START_ROLL, Car, Turn
from game.racerbile.start import MAX_TRIAL_SECONDS, course_fields, set_order, start_die
from game.racerbile.table import MOST_SIPS, call_fault, judge, run_clock
from game.racerbile.track import Kind, Track
from game.racerbile.tracks import FoundTrack, find_track
from game.racerbile.turn import change_driver, end_turn, land_dice, shift_gear
from game.rules import racerbile as R
from game.rules.challenge import JUDGES
from game.rules.frozen import replace, replaceable
from game.rules.ledger import Drink, Ledger
from game.rules.phrase import phrase
from game.rules.profile import Profile
from game.rules.ruling import Ruling, What
from game.state import CHANCE, TERMINAL, Seating, Step

__all__ = [
    "GEAR", "MAX_TRIAL_SECONDS", "MOVE", "NAME42", "ORDER", "OVER", "ROLL", "START_ROLL",
    "Car", "RaceState", "Turn", "course_fields", "dice_outcomes", "replace", "stalin_moves",
]


@replaceable
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
    trial: tuple[float, ...] = ()  # the time-trial times per seat (empty: the order was rolled); equal times roll off
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
        """Every drink ruling of a race may be challenged – to no more sips than one ruling of a race
        hands out (a judges' penalty, racerbile.lemans.judges; a call's count, racerbile.faults)."""
        if ruling.what is What.SIPS and ruling.amount > MOST_SIPS:
            return phrase(N_("one ruling of a race hands out at most {most} sips (racerbile.lemans.judges), not {n}"), most=MOST_SIPS, n=ruling.amount)
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
        if self.phase == NAME42:  # any opponent, at the wheel or not, or nobody (racerbile.lemans.field42)
            names: list[Action] = [Name(d) for d in self.nameable()]
            return names + [Name("")]
        return []

    def opponents(self) -> list[tuple[int, list[str]]]:
        """Whom the driver on the 42 field may name, team by team: any opponent – every driver of
        every other team still in, the one at the wheel first (racerbile.lemans.field42, Decisions)."""
        t = self.turn
        assert t is not None
        return [(s, [self.driver(s)] + [d for d in crew if d != self.driver(s)])
                for s, crew in enumerate(self.drivers) if s != t.seat and not self.cars[s].out]

    def nameable(self) -> list[str]:
        """Every driver the 42 field may name (`opponents`, one list)."""
        return [d for _, crew in self.opponents() for d in crew]

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
            return phrase(N_("no change of gear in a car's first turn (racerbile.gears)"))
        forced = car.first_gear or t.forced
        if delta > 0 and forced:
            if forced == "racerbile.flat_out":
                return phrase(N_("the turn after leaving the track starts in first gear, no upshift (racerbile.flat_out)"))
            return phrase(N_("the turn starts in first gear, no upshift ({rule})"), rule=forced)
        if delta > 0 and self.course.kinds.get(car.pos) is Kind.DOWNSHIFT:
            return phrase(N_("no upshift while standing on a downshift field (racerbile.field.downshift)"))
        if self.profile["stalin"] and delta <= 0 and 1 in self.shifts():
            return phrase(N_("Stalin always shifts up when he may (racerbile.option.stalin)"))
        if self.profile["stalin"] and delta < 0:
            return phrase(N_("Stalin never shifts down by choice (racerbile.option.stalin)"))
        if delta > 0 and car.gear >= 3:
            return phrase(N_("third gear is the highest (racerbile.gears)"))
        if delta < 0 and car.gear <= 1:
            return phrase(N_("first gear is the lowest (racerbile.gears)"))
        return phrase(N_("the gear is chosen once, at the start of the turn (racerbile.upshift, racerbile.downshift)"))

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
        """Pickled without its caches (`_moves`): a snapshot keeps the fields only (`game.store.snapshot`)."""
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

    def lemans_leader(self) -> int:
        """Le Mans: the team in the lead – still in, then most laps, then position."""
        return max(range(len(self.players)), key=lambda s: (not self.cars[s].out, self.distance(s), -self.cars[s].arrival))

    # --- applying --------------------------------------------------------------------------

    def apply(self, action: Action) -> Step:
        if isinstance(action, Call):
            return call_fault(self, action)
        if isinstance(action, Judge):
            return judge(self, action)
        if isinstance(action, Clock):
            return run_clock(self, action)
        if self.phase == OVER:
            raise IllegalAction(phrase(N_("the race is over")))
        if self.phase == ORDER:
            if not isinstance(action, Order):
                raise IllegalAction(phrase(N_("first the order: enter the time-trial times, or roll for it")))
            return set_order(self, action)
        if self.phase == START_ROLL:
            if not isinstance(action, StartDie) or not 1 <= action.face <= 6:
                raise IllegalAction(phrase(N_("the players roll one die each for the order")))
            return start_die(self, action.face)
        t = self.turn
        assert t is not None
        if self.phase == GEAR:
            if isinstance(action, Driver):
                return change_driver(self, t, action.name)
            if not isinstance(action, Shift):
                raise IllegalAction(phrase(N_("{who} first chooses the gear (gear up/down/hold)"), who=self.driver(t.seat)))
            ok = self.shifts()
            if action.delta not in ok:
                raise IllegalAction(phrase(N_("{shift} is not open now – {why}; open: {open}"), shift=str(Shift(max(-1, min(1, action.delta)))),
                                          why=self.shift_refusal(action.delta), open=", ".join(str(Shift(d)) for d in ok)))
            return shift_gear(self, t, action.delta)
        if self.phase == ROLL:
            if not isinstance(action, Dice) or len(action.faces) != t.pending:
                if isinstance(action, Dice):
                    raise IllegalAction(phrase(N_("{n} dice are rolling, not {got} (racerbile.gears: as many dice as the gear, 5s and 6s again)"), n=t.pending, got=len(action.faces)))
                raise IllegalAction(phrase(N_("{n} dice are rolling (racerbile.gears: as many dice as the gear, 5s and 6s again)"), n=t.pending))
            if any(not 1 <= f <= 6 for f in action.faces):
                raise IllegalAction(phrase(N_("a die shows 1 to 6, not {face}"), face=max(action.faces)))
            return land_dice(self, t, action.faces)
        if self.phase == MOVE:
            if not isinstance(action, Drive):
                raise IllegalAction(phrase(N_("{who} drives now (rolled {roll})"), who=self.driver(t.seat), roll=t.roll))
            return drive_path(self, t, action.path)
        if self.phase == NAME42:
            if isinstance(action, Name) and not action.player:  # naming nobody is allowed (Decisions)
                note = Ruling(self.driver(t.seat), What.NOTE, 0, "racerbile.lemans.field42", phrase(N_("{who} names nobody on the 42 field"), who=self.driver(t.seat)))
                return end_turn(replace(self, named=None), [note])
            if not isinstance(action, Name) or action.player not in self.nameable():
                named = action.player if isinstance(action, Name) else ""
                if named in self.drivers[t.seat]:
                    raise IllegalAction(phrase(N_("{named} drives for {team}, no opponent; name an opponent – any driver of another team, at the wheel or not – or nobody: name - (racerbile.lemans.field42)"),
                                               named=named, team=self.players[t.seat]))
                raise IllegalAction(phrase(N_("name an opponent – any driver of another team, at the wheel or not – or nobody: name - (racerbile.lemans.field42)")))
            st = replace(self, named=action.player)
            note = Ruling(action.player, What.NOTE, 0, "racerbile.lemans.field42", phrase(N_("{who} names {named}: he drinks what {who} drinks this turn"), who=self.driver(t.seat), named=action.player))
            return end_turn(st, [note])
        raise IllegalAction(phrase(N_("{action} is not open now"), action=str(action)))

    # --- rulings and the ledger ------------------------------------------------------------

    def charge(self, rulings: Iterable[Ruling]) -> tuple[RaceState, list[Ruling]]:
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

    # --- the referee's steps: start, turn, drive, table ------------------------------------

    def drive(self, m: Move) -> Step:
        """Drive a legal move of the car on turn and rule on it (`game.racerbile.drive`)."""
        return drive_move(self, m)


    def faults(self) -> list[R.Fault]:
        """The "call a fault" menu for this race (racerbile.faults)."""
        return [f for f in R.FAULTS if (not f.lemans or self.lemans) and (not f.option or self.profile[f.option])]


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
