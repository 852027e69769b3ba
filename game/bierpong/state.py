"""A Bierpong game as an immutable state on the one state interface (`game.state`).

Seats are the two teams (1–4 players each). The game runs: the throw-off (bierpong.art8,
`Throwoff` – or its balls one by one, `ThrowoffBall`, the first held in `throwoff_first` until
the other side's – then `Begin`), then turns of the throwing team. A turn is one round, or more
after a made Konter: two standard throws (bierpong.art11), extra throws (an air-ball catcher's
double throw, bierpong.art23; on fire, bierpong.art21), then the trickshots of the balls fetched
(bierpong.art19); balls back (bierpong.art13) returns the two balls within the same round. Hit
cups go when the round's regular throws are done – the owners pick the extra cups (`Remove`,
bierpong.art3) or leave a hit cup standing (`Leave`: a Dead Cup, bierpong.art18) unless
`auto_remove_cups`; trickshot and on-fire cups go at once.
Drinks are booked when the turn is over (bierpong.art1, bierpong.art2). The last cup falling
opens a Konter (bierpong.art10) on the whole finishing round – its counter balls are swatted,
caught and fetched as in any round; the game ends when a side has no cups (bierpong.art9).

Throws carry their outcome (a physics classification or a record's `bounce 5`), so there are no
chance nodes. `legal_actions` lists the decisions a bot needs (throws, calls, catches, fetches,
removals); the table's events (`Together`, `Swat`, `KnockOver`, `Foul`, `Time`, requests) are
accepted by `apply` whenever the rules allow them. The game clock (bierpong.art9, the profile's
`timer`) is logged: `Clock(seconds)` adds to `clock`; `Time` follows when it has run out.

Here: the state's dataclasses, the interface, the legal actions, `apply`, a round's throws and its
flow. The referee's other parts are plain functions of the state: the throw-off
(`game.bierpong.throwoff`), the table's events and calls, fouls and the clock (`game.bierpong.table`),
removals, drinks and the end of a turn (`game.bierpong.removals`), the Konter (`game.bierpong.konter`);
the phases in `game.bierpong.phases`.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Mapping, Sequence

from game.bierpong.actions import (
    Action, Begin, Call, Catch, Clock, EndRound, Fetch, Foul, KnockOver, Leave, Remove, Swat, Throw, Throwoff, ThrowoffBall,
    Time, Together, parse_action,
)
from game.bierpong.konter import konter_open, konter_throw, konter_verdict
from game.bierpong.launches import launch_mismatch, launch_problem
from game.bierpong.outcome import Outcome
from game.bierpong.phases import CALLS, CHOOSE, FULL_RACK, KONTER, MAX_TEAM, OVER, PLAY, REMOVE, THROWOFF, hits_text, throws_text
from game.bierpong.rack import Rack
from game.bierpong.removals import do_remove, end_turn, remove_cups, win
from game.bierpong.table import call, catch, fetch, foul, knock_over, run_clock, swat, time_up, together
from game.bierpong.throwoff import begin, throwoff, throwoff_ball
from game.errors import IllegalAction
from game.i18n import N_
from game.rules import bierpong as R
from game.rules.frozen import replace, replaceable
from game.rules.phrase import phrase
from game.rules.profile import Profile
from game.rules.ruling import Ruling, What
from game.state import TERMINAL, Seating, Step

__all__ = [
    "CALLS", "CHOOSE", "FULL_RACK", "KONTER", "MAX_TEAM", "OVER", "PLAY", "REMOVE", "THROWOFF",
    "BierpongState", "Hit", "Konter", "Side",
]


@replaceable
@dataclass(frozen=True, slots=True)
class Side:
    name: str
    members: tuple[str, ...]
    rack: Rack
    dead: frozenset[int] = frozenset()  # hit cups left standing (bierpong.art18)
    owed: tuple[R.Removal, ...] = ()  # their removals, still to do
    reracked: tuple[int, ...] = ()  # house rule rerack_at: counts already re-racked at


@replaceable
@dataclass(frozen=True, slots=True)
class Hit:
    """A regular ball in a cup, waiting for the round's regular throws to end."""

    player: str
    cup: int
    bounces: int
    island: bool
    standard: bool


@replaceable
@dataclass(frozen=True, slots=True)
class Konter:
    """The defenders' counter (bierpong.art10): `throws` throws to hit `hits` cups."""

    team: int
    throws: int
    hits: int
    special: str  # "" or the special shot to repeat, a combination in full: "bounce", "bombe+island", … (R.combination)
    saved: Side  # the finished side as the finishing round found it
    made: int = 0
    got: int = 0
    special_done: bool = False
    cups: tuple[int, ...] = ()
    by: tuple[str, ...] = ()  # who threw the regular counter balls so far (bierpong.art11: two different players)
    balls: tuple[tuple[int, bool, bool], ...] = ()  # the counter's hits: (cup, bounced, on its called Island)
    tricks: tuple[str, ...] = ()  # fetched counter balls: trickshots owed after the regular ones (bierpong.art19)
    trick_made: int = 0  # trickshots thrown

    @property
    def left(self) -> int:
        """Counter balls still to throw: the regular ones, then the trickshots owed."""
        return self.throws - (self.made - self.trick_made) + len(self.tricks)


@replaceable
@dataclass(frozen=True)
class BierpongState:
    players: tuple[str, ...]  # the two teams' names (the seats)
    profile: Profile
    sides: tuple[Side, Side]
    phase: str = THROWOFF
    team: int = 0  # the throwing team (the choosing team in CHOOSE)
    rethrow: tuple[str, str] | None = None
    throwoff_first: tuple[str, Outcome] | None = None  # the throw-off's first ball, waiting for the other side's
    # the round
    standard: tuple[str, ...] = ()  # who made this round's standard throws
    hits: tuple[Hit, ...] = ()
    extra: tuple[str, ...] = ()  # extra throws owed this round (air-ball catchers)
    next_extra: tuple[tuple[int, str], ...] = ()  # (team, catcher) for that team's next round
    fetched: tuple[str, ...] = ()  # trickshots to throw
    stage: str = "throws"  # "throws" (standard, extra, on fire) or "tricks"
    balls_back: bool = False
    ended: bool = False  # "end of round" said in CALLS
    on_fire: str | None = None
    last: tuple[str, str, bool] | None = None  # (player, "hit" | "miss" | "air" | "back" | …, trickshot): the ball just thrown
    island: tuple[tuple[str, int], ...] = ()  # Island called for the player's next throw
    islands_used: frozenset[str] = frozenset()
    streak: tuple[tuple[str, int], ...] = ()
    heated: tuple[tuple[str, int], ...] = ()  # streak length at the "Heating up" call
    last_pair: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    queue: tuple[R.Removal, ...] = ()  # removals the defenders must make now
    round: int = 0  # the round now (bierpong.art11), counted from 1 at `Begin` (0: the throw-off); a made Konter begins a new one, balls back goes on in the same (bierpong.art13)
    round_throws: int = 0
    round_hits: int = 0
    round_special: str = ""
    round_saved: Side | None = None
    turn_cups: int = 0  # cups to drink this turn (bierpong.art1: per hit cup, the Decision)
    round_drinks: int = 0  # of them, this round's (a Konter made takes them back)
    back_pair: frozenset[str] = frozenset()  # balls back: the pair that throws the returned balls (bierpong.art13)
    just_left: frozenset[int] = frozenset()  # cups the defenders left standing this turn: dead only from the next round (bierpong.art18)
    konter: Konter | None = None
    sudden: bool = False
    timed_out: bool = False
    clock: int = 0  # seconds the game clock has run (bierpong.art9; logged `Clock` entries)
    winner: int | None = None

    @staticmethod
    def parse_action(text: str) -> Action:
        """An action of this game from its notation."""
        return parse_action(text)

    @staticmethod
    def detail_problem(detail: Mapping[str, Any]) -> str | None:
        """The ball launches a throw's entry keeps: finite, in range (`game.bierpong.launches`)."""
        return launch_problem(detail)

    def detail_mismatch(self, action: Any, detail: Mapping[str, Any]) -> str | None:
        """A throw's launches against the throw its ruling replays (`game.bierpong.launches`); the
        mark of the timer's own `time` (bierpong.art9) on that action only."""
        if "clock" in detail and (detail["clock"] is not True or not isinstance(action, Time)):
            return "only the timer's end (time) is marked as the clock's"
        return launch_mismatch(action, detail, self.team_of)

    # --- start ---------------------------------------------------------------------------

    @classmethod
    def start(cls, teams: Sequence[str], profile: Profile, *, members: Sequence[Sequence[str]] | None = None,
              **_: Any) -> Step:
        names = tuple(teams)
        if len(names) != 2:
            raise ValueError(f"Bierpong is played by two teams, not {len(names)}")
        groups = [tuple(m) for m in (members or [(n,) for n in names])]
        for g in groups:
            if not 1 <= len(g) <= MAX_TEAM:
                raise ValueError(f"a team has 1 to {MAX_TEAM} players, not {len(g)}")
        everyone = [p for g in groups for p in g]
        if len(set(everyone)) != len(everyone):
            raise ValueError("a player cannot play for both teams")
        kind = R.formation_kind(str(profile["formation"]), int(profile["cups"]))  # type: ignore[arg-type]
        # each rack as its opponents see it: thrown at from x = 0, standing at the far end (physics.table)
        sides = (Side(names[0], groups[0], Rack.of(kind)), Side(names[1], groups[1], Rack.of(kind)))
        st = cls(names, profile, sides)
        said = phrase(N_("Throw-off: one player a side throws at once; {n} cups a side ({formation})"), n=len(st.sides[0].rack), formation=kind)
        return Step(st, (Ruling(names[0], What.NOTE, 0, "bierpong.art8", said),))

    @classmethod
    def new_match(cls, seating: Seating, profile: Profile, settings: Mapping[str, Any]) -> tuple[Step, dict[str, Any]]:
        """A game of two teams of their members (`game.state.GameState.new_match`); no settings."""
        return cls.start(seating.seats, profile, members=seating.people), {}

    # --- the interface -------------------------------------------------------------------

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase == REMOVE:
            return 1 - self.team
        if self.phase == THROWOFF and self.throwoff_first is not None:
            return 1
        if self.phase == KONTER and self.konter is not None:
            return self.konter.team
        return self.team

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> tuple[float, ...]:
        if self.winner is None:
            return (0.0, 0.0)
        return tuple(1.0 if i == self.winner else -1.0 for i in range(2))

    def chance_outcomes(self) -> Sequence[tuple[Any, float]]:
        return ()

    def draw_chance(self, rng: Any) -> Action:
        """No chance to draw: a throw carries its outcome (a physics classification or a record's)."""
        raise IllegalAction(phrase(N_("a Bierpong throw carries its outcome: there is no chance to draw")))

    def challenge_refusal(self, ruling: Ruling) -> str | None:
        """Every drink ruling of a Bierpong game may be challenged – to no more sips than a turn drinks
        at most: every cup of a full rack at the table's sips per cup (bierpong.art1)."""
        most = FULL_RACK * int(self.profile["drink_per_cup"] or 1)  # type: ignore[arg-type]
        if ruling.what is What.SIPS and ruling.amount > most:
            return f"a turn drinks at most {FULL_RACK} cups × {most // FULL_RACK} = {most} sips (bierpong.art1), not {ruling.amount}"
        return None

    def challengers(self) -> tuple[str, ...]:
        return ()

    def team_of(self, player: str) -> int:
        for i, s in enumerate(self.sides):
            if player in s.members:
                return i
        raise IllegalAction(phrase(N_("{name} plays for neither team ({members})"), name=repr(player), members=", ".join(m for s in self.sides for m in s.members)))

    def side_named(self, name: str) -> int:
        for i, s in enumerate(self.sides):
            if s.name == name:
                return i
        raise IllegalAction(phrase(N_("no team {name}; the teams are {a} and {b}"), name=repr(name), a=self.players[0], b=self.players[1]))

    @property
    def defender(self) -> Side:
        return self.sides[1 - self.team]

    def streak_of(self, player: str) -> int:
        return dict(self.streak).get(player, 0)

    def throwers(self) -> tuple[str, ...]:
        """Who may throw the next ball (bierpong.art11; on fire, extra throws, trickshots, Konter; at the
        throw-off the ball's side, both hit: the same two again, bierpong.art8)."""
        if self.phase == THROWOFF:
            t = self.throwing_team()
            return (self.rethrow[t],) if self.rethrow else self.sides[t].members
        if self.phase == KONTER and self.konter is not None:
            k = self.konter
            if k.made - k.trick_made < k.throws:
                return self._standard_throwers(k.team, k.by)  # two different players (the Decision)
            return tuple(dict.fromkeys(k.tricks))  # then the fetched balls' trickshots (bierpong.art19)
        if self.phase != PLAY:
            return ()
        if self.on_fire:
            return (self.on_fire,)
        if self.stage == "tricks":
            return tuple(dict.fromkeys(self.fetched))
        if len(self.standard) < 2:
            return self._standard_throwers()
        return tuple(dict.fromkeys(self.extra))

    def _standard_throwers(self, team: int | None = None, thrown: tuple[str, ...] | None = None) -> tuple[str, ...]:
        """Who may throw the next of a pair's balls (bierpong.art11): two different players, with three
        or more a different pair than the team's last – except the returned balls of balls back, which
        the same pair throws (the Decision, unless `balls_back_new_pair`). `thrown`: the balls' throwers
        so far (a round's standard throws; a Konter's counter balls, beyond two: not the same twice running)."""
        t = self.team if team is None else team
        done = self.standard if thrown is None else thrown
        members = self.sides[t].members
        if len(members) == 1:
            return members
        if len(done) >= 2:
            return tuple(p for p in members if p != done[-1])
        lock = self.back_pair if (t == self.team and self.phase == PLAY and len(members) >= 3) else frozenset()
        last = self.last_pair[t]
        ok = []
        for p in members:
            if done and p == done[0]:
                continue
            if lock:
                if p in lock:
                    ok.append(p)
                continue
            partners = [q for q in members if q != p] if not done else [done[0]]
            if any(len(members) < 3 or frozenset((p, q)) != last for q in partners):
                ok.append(p)
        return tuple(ok)

    def targets(self) -> tuple[int, ...]:
        """The cups a ball may land in now (a cup with a ball in it only for the Bombe)."""
        side = self.sides[1 - self.konter.team] if (self.phase == KONTER and self.konter) else self.defender
        busy = {h.cup for h in self.hits} if self.phase != KONTER else set()  # a counter's balls remove nothing
        if self.phase == PLAY and len(self.standard) == 1 and not self.on_fire and self.stage == "throws":
            busy -= {h.cup for h in self.hits if h.standard}
        return tuple(c for c in side.rack.ids if c not in busy)

    def legal_actions(self) -> list[Action]:
        out: list[Action] = []
        if self.phase == THROWOFF and self.throwoff_first is not None:  # the other side's ball
            second = (self.rethrow[1],) if self.rethrow else self.sides[1].members
            return [ThrowoffBall(b, o) for b in second for o in (Outcome(), Outcome(cup=1))]
        if self.phase == THROWOFF:
            pairs = [self.rethrow] if self.rethrow else [(a, b) for a in self.sides[0].members for b in self.sides[1].members]
            for a, b in pairs:
                for oa in (Outcome(), Outcome(cup=1)):
                    for ob in (Outcome(), Outcome(cup=1)):
                        out.append(Throwoff(a, oa, b, ob))
            return out
        if self.phase == CHOOSE:
            return [Begin(self.players[0]), Begin(self.players[1])]
        if self.phase == REMOVE:
            item = self.queue[0]
            side = self.defender
            for extras in self._extra_choices(item):
                out.append(Remove(side.name, (item.cup, *extras)))
            if self._may_leave(item):
                out.append(Leave(side.name, item.cup))
            return out
        if self.phase == CALLS:
            out += self._calls() + self._catch_fetch()
            out.append(EndRound())
            return out
        if self.phase in (PLAY, KONTER):
            outcomes = [Outcome(), Outcome(air=True), Outcome(back=True)]
            for c in self.targets():
                outcomes += [Outcome(cup=c), Outcome(cup=c, bounced=True)]
            for p in self.throwers():
                out += [Throw(p, o) for o in outcomes]
            called = {p for p, _ in self.island}
            if self.phase == PLAY:
                out += self._calls() + self._catch_fetch()
                for p in self.throwers():
                    if p not in self.islands_used and p not in called:
                        out += [Call(p, "island", c) for c in self.defender.rack.islands()]
                own = self.sides[self.team]  # a Dead Cup its owners noticed, in their own round (bierpong.art18)
                out += [Remove(own.name, (r.cup,)) for r in own.owed if r.cup in own.dead and not r.extra]
            else:
                if self.konter is not None and "island" in self.konter.special.split("+") and not self.konter.special_done:
                    for p in self.throwers():  # the counter repeats an Island with its call (the Decision)
                        if p not in self.islands_used and p not in called:
                            out += [Call(p, "island", c) for c in self.sides[self.team].rack.islands()]
                out += self._catch_fetch()  # as in any round (the Decision "Swats, catches and fetches during a Konter")
                if konter_open(self):
                    out.append(EndRound())
        return out

    def _may_leave(self, item: R.Removal) -> bool:
        """May the owners leave this hit cup standing, a Dead Cup (bierpong.art18)? Only a plain
        regular hit's cup (the Decision "Which cups may be left standing": a special shot's, balls
        back's and a trickshot's cups always go), and never the last cup: a hit on the last cup opens
        the Konter (the Decision "The end")."""
        going = {r.cup for r in self.queue}
        return item.may_stay and any(c not in going for c in self.defender.rack.ids)

    def throwing_team(self) -> int:
        """The team throwing now: the round's, in a Konter the counter's (bierpong.art10), at the
        throw-off the first team's ball and then the other's (bierpong.art8); while the throw-off's
        winners choose, they."""
        if self.phase == THROWOFF:
            return 0 if self.throwoff_first is None else 1
        return self.konter.team if (self.phase == KONTER and self.konter is not None) else self.team

    def target_side(self) -> int:
        """The side whose cups are thrown at now (in REMOVE: being removed) – the throwing team's opponents."""
        return 1 - self.throwing_team()

    def may_pair(self) -> bool:
        """Could a ball thrown now be joined by a partner's at once (bierpong.art4)? Only in a team
        game, as the round's two standard throws (not on fire, not in a Konter)."""
        return (self.phase == PLAY and self.stage == "throws" and not self.on_fire and self.standard == ()
                and len(self.sides[self.team].members) >= 2)

    def partners(self, first: str) -> tuple[str, ...]:
        """Who may throw the round's other standard ball beside `first` (the pairing rule,
        bierpong.art11: two different players, with three or more not last round's pair, the same
        pair for balls back's returned balls) – none unless `first` may throw the round's first
        standard ball now."""
        if self.phase != PLAY or self.on_fire or self.stage != "throws" or self.standard or first not in self.throwers():
            return ()
        return tuple(p for p in self._standard_throwers(thrown=(first,)) if p != first)

    def _catch_fetch(self) -> list[Action]:
        """Catching the ball just thrown if it went over as an air ball (bierpong.art23: by the side thrown
        at), fetching it if it came back (bierpong.art19: by the throwing side) – in a Konter too."""
        out: list[Action] = []
        t = self.throwing_team()
        if self.last and self.last[1] == "air" and not self.last[2]:
            out += [Catch(d, self.last[0]) for d in self.sides[1 - t].members]
        if self.last and self.last[1] == "back":
            out += [Fetch(p) for p in self.sides[t].members]
        return out

    def _calls(self) -> list[Action]:
        """The streak calls open right after a hit (bierpong.art21): "Heating up" from the second hit in
        a row until called, "On fire" at the third or any later hit – whether or not "Heating up" was
        called (the Decision "On fire without an earlier Heating up")."""
        out: list[Action] = []
        if self.last and self.last[1] == "hit":
            p = self.last[0]
            n = self.streak_of(p)
            if n >= 2 and p not in dict(self.heated):
                out.append(Call(p, "heating up"))
            if n >= 3 and self.on_fire != p:
                out.append(Call(p, "on fire"))
        return out

    def _extra_choices(self, item: R.Removal) -> list[tuple[int, ...]]:
        rack = self.defender.rack
        others = frozenset(r.cup for r in self.queue[1:])
        near, rest = rack.eligible_extra(item.cup, item.extra, others)
        n = min(item.extra, len(near) + len(rest))
        if n <= len(near):
            return [tuple(c) for c in combinations(near, n)]
        return [(*near, *c) for c in combinations(rest, n - len(near))]

    # --- apply ---------------------------------------------------------------------------

    def apply(self, action: Any) -> Step:
        if isinstance(action, str):
            action = parse_action(action)
        if self.phase == OVER:
            raise IllegalAction(phrase(N_("the game is over")))
        rulings: list[Ruling] = []
        st = self
        if st.phase == CALLS and not isinstance(action, (Call, EndRound, Foul, Fetch, Catch, Clock)):
            st = replace(st, ended=True, phase=PLAY)._flow(rulings)
            if st.phase == OVER:
                raise IllegalAction(phrase(N_("the game is over")))
        st = st._apply(action, rulings)
        return Step(st, tuple(rulings))

    def _apply(self, a: Action, rs: list[Ruling]) -> BierpongState:
        if isinstance(a, Throwoff):
            if self.throwoff_first is not None:
                raise IllegalAction(phrase(N_("throw-off: {who}'s ball is thrown – now the ball of {team} (bierpong.art8)"), who=self.throwoff_first[0], team=self.players[1]))
            return throwoff(self, a, rs)
        if isinstance(a, ThrowoffBall):
            return throwoff_ball(self, a, rs)
        if isinstance(a, Clock):
            return run_clock(self, a)
        if isinstance(a, Begin):
            return begin(self, a, rs)
        if isinstance(a, Foul):
            return foul(self, a, rs)
        if self.phase in (THROWOFF, CHOOSE):
            raise IllegalAction(phrase(N_("{action}: the throw-off comes first (bierpong.art8)"), action=str(a)))
        if isinstance(a, EndRound):
            if konter_open(self):  # the counter ball that came back is not fetched: the Konter is decided
                return konter_verdict(replace(self, last=None), rs, no_fetch=True)
            if self.phase != CALLS:
                raise IllegalAction(phrase(N_("end of round: the round ends by itself unless a call could follow its last hit")))
            return replace(self, ended=True, phase=PLAY)._flow(rs)
        if isinstance(a, Time):
            return time_up(self, rs)
        if isinstance(a, Call):
            return call(self, a, rs)
        if isinstance(a, KnockOver):
            return knock_over(self, a, rs)
        if isinstance(a, (Remove, Leave)):
            return remove_cups(self, a, rs)
        if isinstance(a, Throw):
            return self._throw(a.player, a.outcome, rs)._flow(rs)
        if isinstance(a, Together):
            return together(self, a, rs)
        if isinstance(a, Swat):
            return swat(self, a, rs)
        if isinstance(a, Catch):
            return catch(self, a, rs)
        if isinstance(a, Fetch):
            return fetch(self, a, rs)
        raise IllegalAction(phrase(N_("not a Bierpong action: {action}"), action=repr(a)))

    # --- the clock and a new round -------------------------------------------------------

    def time_limit(self) -> int | None:
        """The game clock's length in seconds (the profile's `timer` minutes; None: no timer, bierpong.art9)."""
        minutes = self.profile["timer"]
        return int(minutes) * 60 if minutes else None  # type: ignore[call-overload]

    def clock_runs(self) -> bool:
        """The game clock runs now: a timer game after the throw-off, until time is called (bierpong.art9)."""
        return self.time_limit() is not None and self.phase not in (THROWOFF, CHOOSE, OVER) and not self.timed_out

    def _new_round(self, team: int, st: BierpongState, *, keep_turn: bool = False, same_round: bool = False) -> BierpongState:
        """`team`'s next two standard throws. `keep_turn`: the turn goes on (its drinks wait: a made
        Konter); `same_round`: the returned balls of balls back – the same round goes on (bierpong.art13,
        the Decision "Balls back in the finishing round": its throws, hits, removed cups and drinks add up
        for a Konter)."""
        extra = tuple(p for t, p in st.next_extra if t == team)
        st = replace(
            st, phase=PLAY, team=team, round=st.round if same_round else st.round + 1, standard=(), hits=(), extra=extra,
            next_extra=tuple((t, p) for t, p in st.next_extra if t != team), fetched=(), stage="throws",
            balls_back=False, ended=False, on_fire=None, island=(), last=None, queue=(), back_pair=frozenset(),
            turn_cups=st.turn_cups if keep_turn or same_round else 0,
        )
        if same_round:
            return st
        return replace(st, round_throws=0, round_hits=0, round_special="", round_saved=st.sides[1 - team],
                                   round_drinks=0, just_left=frozenset())

    # --- throws ----------------------------------------------------------------------------

    def _throw(self, player: str, o: Outcome, rs: list[Ruling], *, together: bool = False) -> BierpongState:
        if self.phase not in (PLAY, KONTER):
            raise IllegalAction(phrase(N_("{who}: no throw now – {why}"), who=player, why=self._waiting()))
        if self.phase == PLAY and self.team_of(player) != self.team:
            raise IllegalAction(phrase(N_("{who}: it is {team}'s round"), who=player, team=self.players[self.team]))
        allowed = self.throwers()
        if player not in allowed and not together:
            raise IllegalAction(phrase(N_("{who} may not throw now; next to throw: {next} (bierpong.art11)"), who=player, next=", ".join(allowed) or phrase(N_("nobody"))))
        if o.cup is not None and o.cup not in self.targets():
            raise IllegalAction(phrase(N_("{who}: cup {cup} is not a cup a ball can land in now (standing: {standing})"), who=player, cup=o.cup, standing=self._standing_text()))
        gone = next((c for c in o.touched if c not in self.defender.rack.ids), None)
        if gone is not None:
            raise IllegalAction(phrase(N_("{who}: a roller over cup {cup}, which is not on the table (standing: {standing}; bierpong.art15)"), who=player, cup=gone, standing=self._standing_text()))
        if self.phase == KONTER:
            return konter_throw(self, player, o, rs)
        kind = "fire" if self.on_fire else "trick" if self.stage == "tricks" else "standard" if len(self.standard) < 2 else "extra"
        st = self
        if kind == "standard":
            st = replace(st, standard=(*st.standard, player))
        elif kind == "extra":
            ex = list(st.extra)
            ex.remove(player)
            st = replace(st, extra=tuple(ex))
        elif kind == "trick":
            fe = list(st.fetched)
            fe.remove(player)
            st = replace(st, fetched=tuple(fe))
        st = replace(st, round_throws=st.round_throws + 1)
        called = dict(st.island).get(player)
        if called is not None:
            st = replace(st, island=tuple(x for x in st.island if x[0] != player))
        counts = o.hit
        if o.hit and called is not None and o.cup != called:
            rs.append(Ruling(player, What.NOTE, 0, "bierpong.art22",
                             phrase(N_("Island {called} called, but {who} hit cup {cup}: it does not count"), called=called, who=player, cup=o.cup)))
            counts = False
        if not counts:
            word = "air" if o.air else "back" if o.back else "miss"
            st = st._streak(player, False)
            if st.on_fire == player:
                rs.append(Ruling(player, What.NOTE, 0, "bierpong.art21", phrase(N_("{who} missed: no longer on fire"), who=player)))
                st = replace(st, on_fire=None)
            return replace(st, last=(player, word, kind == "trick"))
        assert o.cup is not None
        cup = o.cup
        # (`cup_contact_is_bounce` is the classifier's business: it folds cup contacts into `bounced`)
        bounces = 1 if (o.bounced or o.roller) else 0
        st = st._streak(player, True)
        # drinks per hit cup (bierpong.art1, the Decision): a cup already holding a ball of this round (the
        # Bombe's) or already drunk as a Dead Cup is not drunk again
        fresh = int(cup not in {h.cup for h in self.hits} and cup not in self.defender.dead)
        st = replace(st, last=(player, "hit", kind == "trick"), round_hits=st.round_hits + 1, turn_cups=st.turn_cups + fresh,
                                 round_drinks=st.round_drinks + fresh,
                                 round_special=R.combination(island=called is not None, bounce=bool(bounces)))
        if o.roller:
            rs.append(Ruling(player, What.NOTE, 0, "bierpong.art15",
                             phrase(N_("Roller over cups {cups}: counts as a bounce"), cups=">".join(map(str, o.touched)))))
        if cup in self.defender.dead and cup not in self.just_left:  # dead only from the next round (the Decision)
            rs.append(Ruling(self.players[self.team], What.NOTE, 0, "bierpong.art18",
                             phrase(N_("{who} hit the Dead Cup {cup}: {team} win at once"), who=player, cup=cup, team=self.players[self.team])))
            return win(st, self.team, rs)
        if self.sudden:
            rs.append(Ruling(self.players[self.team], What.NOTE, 0, "bierpong.art9",
                             phrase(N_("Sudden death after the timer: {who} hit cup {cup} – {team} win, no Konter"), who=player, cup=cup,
                                    team=self.players[self.team])))
            return win(st, self.team, rs)
        if kind in ("standard", "extra"):
            return replace(st, hits=(*st.hits, Hit(player, cup, bounces, called is not None, kind == "standard")))
        fire = kind == "fire"
        rem = R.removal(cup, bounces=bounces, island=called is not None, on_fire=fire, fire_bonus=bool(self.profile["on_fire_specials_bonus"]))
        if kind == "trick":
            rem = R.Removal(rem.cup, rem.extra, "bierpong.art19", phrase(N_("trickshot, goes at once – {removal}"), removal=rem.arithmetic))
        return replace(st, queue=(*st.queue, rem))

    def _streak(self, player: str, hit: bool) -> BierpongState:
        s = dict(self.streak)
        h = dict(self.heated)
        if hit:
            s[player] = s.get(player, 0) + 1
        else:
            s.pop(player, None)
            h.pop(player, None)
        return replace(self, streak=tuple(sorted(s.items())), heated=tuple(sorted(h.items())))

    def _with_side(self, t: int, side: Side) -> BierpongState:
        sides = (side, self.sides[1]) if t == 0 else (self.sides[0], side)
        return replace(self, sides=sides)

    # --- the flow of a round ---------------------------------------------------------------

    def _flow(self, rs: list[Ruling]) -> BierpongState:
        st = self
        while True:
            if st.phase in (OVER, KONTER, CHOOSE, THROWOFF):
                return st
            if st.queue:
                if st.profile["auto_remove_cups"]:
                    item = st.queue[0]
                    st = do_remove(st, item, (item.cup, *st._extra_choices(item)[0]), rs)
                    continue
                return replace(st, phase=REMOVE)
            if st.phase == REMOVE:
                st = replace(st, phase=PLAY)
            if not len(st.defender.rack):
                return st._finished(rs)
            if st.on_fire:
                return st
            if st.stage == "throws":
                if len(st.standard) < 2:
                    return st
                if st.extra and st._bombe_cup() is None:  # a Bombe goes at once, the extra ball after balls back (the Decision)
                    return st
                if not st.ended and st.last and (st._calls() or st.last[1] in ("air", "back")):
                    return replace(st, phase=CALLS)  # the table may still call, catch or fetch
                st = st._close_regular(rs)
                continue
            if st.fetched:
                return st
            if not st.ended and st.last and st.last[2] and st.last[1] in ("air", "back"):
                return replace(st, phase=CALLS)
            if st.balls_back:
                rs.append(Ruling(st.players[st.team], What.NOTE, 0, "bierpong.art13",
                                 phrase(N_("Balls back: both throws hit – {team} throw again"), team=st.players[st.team])))
                pair = frozenset(st.standard)
                carry = st.extra  # a catcher's extra ball not thrown yet (a Bombe): after the returned balls
                st = replace(st, last_pair=st._pairs(pair))
                st = st._new_round(st.team, st, same_round=True)
                if not st.profile["balls_back_new_pair"] and len(st.sides[st.team].members) >= 3:
                    st = replace(st, back_pair=pair)  # the same pair throws the returned balls (the Decision)
                return replace(st, extra=(*st.extra, *carry)) if carry else st
            return end_turn(st, rs)

    def _pairs(self, pair: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
        return (pair, self.last_pair[1]) if self.team == 0 else (self.last_pair[0], pair)

    def _bombe_cup(self) -> int | None:
        """The cup both standard balls of the round went into (a Bombe, bierpong.art20), if any."""
        std = [h for h in self.hits if h.standard]
        return std[0].cup if len(std) == 2 and std[0].cup == std[1].cup else None

    def _close_regular(self, rs: list[Ruling]) -> BierpongState:
        """The regular throws are done: their cups go (bierpong.art3), Bombe and balls back."""
        std = [h for h in self.hits if h.standard]
        bombe_cup = self._bombe_cup()
        queue: list[R.Removal] = []
        fb = bool(self.profile["on_fire_specials_bonus"])
        for cup in dict.fromkeys(h.cup for h in self.hits):
            balls = [h for h in self.hits if h.cup == cup]
            rem = R.removal(cup, bounces=sum(h.bounces for h in balls), bombe=cup == bombe_cup, island=any(h.island for h in balls), fire_bonus=fb)
            # only a plain hit's cup may stay, and none of balls back's (the Decision "Which cups may be left standing")
            queue.append(replace(rem, may_stay=not rem.extra and len(std) < 2))
        special = self.round_special
        if bombe_cup is not None:  # the Bombe with what its balls added: the Konter repeats it in full (the Decision)
            balls = [h for h in self.hits if h.cup == bombe_cup]
            special = R.combination(bombe=True, island=any(h.island for h in balls), bounce=any(h.bounces for h in balls))
        return replace(self, queue=tuple(queue), hits=(), stage="tricks", balls_back=len(std) == 2, round_special=special)

    # --- the last cup down ----------------------------------------------------------------

    def _finished(self, rs: list[Ruling]) -> BierpongState:
        """The defenders' last cup fell: a Konter (bierpong.art10) unless after the timer."""
        if self.sudden:
            return win(self, self.team, rs)
        d = 1 - self.team
        if not self.round_hits or not self.round_throws:  # never a Konter for zero (the Decision "The end")
            rs.append(Ruling(self.players[d], What.NOTE, 0, "bierpong.art9",
                             phrase(N_("{team} have no cup standing: they lose, no Konter"), team=self.players[d])))
            return win(self, self.team, rs)
        saved = self.round_saved or self.sides[d]
        k = Konter(d, self.round_throws, self.round_hits, self.round_special, saved)
        # the finishing pair is this round's pair: the round after a made Konter is a new round and needs
        # another one (bierpong.art11, the Decision "The round after a made Konter")
        pairs = self._pairs(frozenset(self.standard)) if len(self.standard) == 2 else self.last_pair
        sp = phrase(N_(", with the same special shot ({shot})"), shot=R.shot_name(self.round_special)) if self.round_special else ""
        rs.append(Ruling(self.players[d], What.NOTE, 0, "bierpong.art10",
                         phrase(N_("Last cup down: {team} may counter – {hits} in {throws}{special}"),
                                team=self.players[d], hits=hits_text(self.round_hits), throws=throws_text(self.round_throws), special=sp)))
        return replace(self, phase=KONTER, konter=k, queue=(), fetched=(), on_fire=None, island=(), last=None, last_pair=pairs)

    def _standing_text(self) -> str:
        return " ".join(map(str, self.defender.rack.ids)) or phrase(N_("none"))

    def _waiting(self) -> str:
        if self.phase == REMOVE:
            return phrase(N_("{team} must first remove cups ({removal})"), team=self.defender.name, removal=self.queue[0].arithmetic)
        if self.phase == CALLS:
            return phrase(N_("the round is over"))
        return phrase(N_("phase {phase}"), phase=self.phase)

    def summary(self) -> Mapping[str, Any]:
        return {s.name: {"cups": list(s.rack.ids), "dead": sorted(s.dead), "members": list(s.members)} for s in self.sides}
