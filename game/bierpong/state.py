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
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Mapping, Sequence

from game.bierpong.actions import (
    Action, Begin, Call, Catch, Clock, EndRound, Fetch, Foul, KnockOver, Leave, Remove, Swat, Throw, Throwoff, ThrowoffBall,
    Time, Together, parse_action,
)
from game.bierpong.launches import launch_mismatch, launch_problem
from game.bierpong.outcome import Outcome
from game.bierpong.rack import Rack
from game.errors import IllegalAction
from game.i18n import N_
from game.rules import bierpong as R
from game.rules.phrase import phrase
from game.rules.profile import Profile
from game.rules.ruling import Ruling, What
from game.state import TERMINAL, Seating, Step

THROWOFF, CHOOSE, PLAY, CALLS, REMOVE, KONTER, OVER = "throwoff", "choose", "play", "calls", "remove", "konter", "over"
MAX_TEAM = 4
FULL_RACK = 10  # cups of the biggest formation (triangle10, bierpong.art1): the most a turn can hit


@dataclass(frozen=True, slots=True)
class Side:
    name: str
    members: tuple[str, ...]
    rack: Rack
    dead: frozenset[int] = frozenset()  # hit cups left standing (bierpong.art18)
    owed: tuple[R.Removal, ...] = ()  # their removals, still to do
    reracked: tuple[int, ...] = ()  # house rule rerack_at: counts already re-racked at


@dataclass(frozen=True, slots=True)
class Hit:
    """A regular ball in a cup, waiting for the round's regular throws to end."""

    player: str
    cup: int
    bounces: int
    island: bool
    standard: bool


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
        raise IllegalAction("a Bierpong throw carries its outcome: there is no chance to draw")

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
        raise IllegalAction(f"{player!r} plays for neither team ({', '.join(m for s in self.sides for m in s.members)})")

    def side_named(self, name: str) -> int:
        for i, s in enumerate(self.sides):
            if s.name == name:
                return i
        raise IllegalAction(f"no team {name!r}; the teams are {self.players[0]} and {self.players[1]}")

    @property
    def defender(self) -> Side:
        return self.sides[1 - self.team]

    def streak_of(self, player: str) -> int:
        return dict(self.streak).get(player, 0)

    def throwers(self) -> tuple[str, ...]:
        """Who may throw the next ball (bierpong.art11; on fire, extra throws, trickshots, Konter)."""
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
                if self._konter_open():
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
        """The team throwing now: the round's, or in a Konter the counter's (bierpong.art10)."""
        return self.konter.team if (self.phase == KONTER and self.konter is not None) else self.team

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
            raise IllegalAction("the game is over")
        rulings: list[Ruling] = []
        st = self
        if st.phase == CALLS and not isinstance(action, (Call, EndRound, Foul, Fetch, Catch, Clock)):
            st = dataclasses.replace(st, ended=True, phase=PLAY)._flow(rulings)
            if st.phase == OVER:
                raise IllegalAction("the game is over")
        st = st._apply(action, rulings)
        return Step(st, tuple(rulings))

    def _apply(self, a: Action, rs: list[Ruling]) -> BierpongState:
        if isinstance(a, Throwoff):
            if self.throwoff_first is not None:
                raise IllegalAction(f"throw-off: {self.throwoff_first[0]}'s ball is thrown – now the ball of {self.players[1]} (bierpong.art8)")
            return self._throwoff(a, rs)
        if isinstance(a, ThrowoffBall):
            return self._throwoff_ball(a, rs)
        if isinstance(a, Clock):
            return self._clock(a)
        if isinstance(a, Begin):
            return self._begin(a, rs)
        if isinstance(a, Foul):
            return self._foul(a, rs)
        if self.phase in (THROWOFF, CHOOSE):
            raise IllegalAction(f"{a}: the throw-off comes first (bierpong.art8)")
        if isinstance(a, EndRound):
            if self._konter_open():  # the counter ball that came back is not fetched: the Konter is decided
                return dataclasses.replace(self, last=None)._konter_verdict(rs, no_fetch=True)
            if self.phase != CALLS:
                raise IllegalAction("end of round: the round ends by itself unless a call could follow its last hit")
            return dataclasses.replace(self, ended=True, phase=PLAY)._flow(rs)
        if isinstance(a, Time):
            return self._time(rs)
        if isinstance(a, Call):
            return self._call(a, rs)
        if isinstance(a, KnockOver):
            return self._knock(a, rs)
        if isinstance(a, (Remove, Leave)):
            return self._remove(a, rs)
        if isinstance(a, Throw):
            return self._throw(a.player, a.outcome, rs)._flow(rs)
        if isinstance(a, Together):
            return self._together(a, rs)
        if isinstance(a, Swat):
            return self._swat(a, rs)
        if isinstance(a, Catch):
            return self._catch(a, rs)
        if isinstance(a, Fetch):
            return self._fetch(a, rs)
        raise IllegalAction(f"not a Bierpong action: {a!r}")

    # --- the throw-off (bierpong.art8) ---------------------------------------------------

    def _throwoff(self, a: Throwoff, rs: list[Ruling]) -> BierpongState:
        if self.phase != THROWOFF:
            raise IllegalAction("the throw-off is over (bierpong.art8)")
        if a.a not in self.sides[0].members or a.b not in self.sides[1].members:
            raise IllegalAction(f"throw-off: first a player of {self.players[0]}, then one of {self.players[1]} (bierpong.art8)")
        if self.rethrow and (a.a, a.b) != self.rethrow:
            raise IllegalAction(f"throw-off: both hit, so {self.rethrow[0]} and {self.rethrow[1]} throw again (bierpong.art8)")
        for o in (a.a_out, a.b_out):
            if o.cup is not None and o.cup not in self.sides[1 if o is a.a_out else 0].rack:
                raise IllegalAction(f"throw-off: there is no cup {o.cup} (bierpong.art8)")
        ha, hb = a.a_out.hit, a.b_out.hit
        if ha and hb:
            rs.append(Ruling(self.players[0], What.NOTE, 0, "bierpong.art8",
                             phrase(N_("Throw-off: {a} and {b} both hit – the same two throw again"), a=a.a, b=a.b)))
            return dataclasses.replace(self, rethrow=(a.a, a.b))
        if not ha and not hb:
            rs.append(Ruling(self.players[0], What.NOTE, 0, "bierpong.art8", phrase(N_("Throw-off: nobody hit – throw again"))))
            return self
        win = 0 if ha else 1
        first = a.a if ha else a.b
        rs.append(Ruling(self.players[win], What.NOTE, 0, "bierpong.art8",
                         phrase(N_("Throw-off: {first} hit first – {winners} choose who begins, {others} choose the table side"),
                                first=first, winners=self.players[win], others=self.players[1 - win])))
        return dataclasses.replace(self, phase=CHOOSE, team=win, rethrow=None)

    def _throwoff_ball(self, a: ThrowoffBall, rs: list[Ruling]) -> BierpongState:
        """One ball of the throw-off: the first (a player of the first team) is held, the second (of the
        other team) completes it – ruled as `Throwoff(first, second)`."""
        if self.phase != THROWOFF:
            raise IllegalAction("the throw-off is over (bierpong.art8)")
        first = self.throwoff_first
        t = 0 if first is None else 1
        if a.player not in self.sides[t].members:
            raise IllegalAction(f"throw-off: the {'first' if t == 0 else 'second'} ball is thrown by a player of {self.players[t]} (bierpong.art8)")
        if self.rethrow and a.player != self.rethrow[t]:
            raise IllegalAction(f"throw-off: both hit, so {self.rethrow[0]} and {self.rethrow[1]} throw again (bierpong.art8)")
        if first is not None:
            return dataclasses.replace(self, throwoff_first=None)._throwoff(Throwoff(first[0], first[1], a.player, a.outcome), rs)
        if a.outcome.cup is not None and a.outcome.cup not in self.sides[1].rack:
            raise IllegalAction(f"throw-off: there is no cup {a.outcome.cup} (bierpong.art8)")
        rs.append(Ruling(self.players[0], What.NOTE, 0, "bierpong.art8",
                         phrase(N_("Throw-off: {name} {outcome} – now the ball of {team}"), name=a.player, outcome=str(a.outcome),
                                team=self.players[1])))
        return dataclasses.replace(self, throwoff_first=(a.player, a.outcome))

    def time_limit(self) -> int | None:
        """The game clock's length in seconds (the profile's `timer` minutes; None: no timer, bierpong.art9)."""
        minutes = self.profile["timer"]
        return int(minutes) * 60 if minutes else None  # type: ignore[call-overload]

    def clock_runs(self) -> bool:
        """The game clock runs now: a timer game after the throw-off, until time is called (bierpong.art9)."""
        return self.time_limit() is not None and self.phase not in (THROWOFF, CHOOSE, OVER) and not self.timed_out

    def _clock(self, a: Clock) -> BierpongState:
        limit = self.time_limit()
        if limit is None:
            raise IllegalAction("clock: this game has no timer (bierpong.art9)")
        if not self.clock_runs():
            raise IllegalAction("clock: the game clock runs from the end of the throw-off until time is up (bierpong.art9)")
        if a.seconds < 1 or self.clock + a.seconds > limit:
            raise IllegalAction(f"clock: {a.seconds} s – the clock has {limit - self.clock} s left (bierpong.art9)")
        return dataclasses.replace(self, clock=self.clock + a.seconds)

    def _begin(self, a: Begin, rs: list[Ruling]) -> BierpongState:
        if self.phase != CHOOSE:
            raise IllegalAction(f"{a}: only the throw-off's winner chooses who begins, right after it (bierpong.art8)")
        t = self.side_named(a.team)
        rs.append(Ruling(self.players[t], What.NOTE, 0, "bierpong.art8",
                         phrase(N_("{chooser} chose: {team} begin"), chooser=self.players[self.team], team=self.players[t])))
        return self._new_round(t, dataclasses.replace(self, phase=PLAY))

    def _new_round(self, team: int, st: BierpongState, *, keep_turn: bool = False, same_round: bool = False) -> BierpongState:
        """`team`'s next two standard throws. `keep_turn`: the turn goes on (its drinks wait: a made
        Konter); `same_round`: the returned balls of balls back – the same round goes on (bierpong.art13,
        the Decision "Balls back in the finishing round": its throws, hits, removed cups and drinks add up
        for a Konter)."""
        extra = tuple(p for t, p in st.next_extra if t == team)
        st = dataclasses.replace(
            st, phase=PLAY, team=team, round=st.round if same_round else st.round + 1, standard=(), hits=(), extra=extra,
            next_extra=tuple((t, p) for t, p in st.next_extra if t != team), fetched=(), stage="throws",
            balls_back=False, ended=False, on_fire=None, island=(), last=None, queue=(), back_pair=frozenset(),
            turn_cups=st.turn_cups if keep_turn or same_round else 0,
        )
        if same_round:
            return st
        return dataclasses.replace(st, round_throws=0, round_hits=0, round_special="", round_saved=st.sides[1 - team],
                                   round_drinks=0, just_left=frozenset())

    # --- throws ----------------------------------------------------------------------------

    def _throw(self, player: str, o: Outcome, rs: list[Ruling], *, together: bool = False) -> BierpongState:
        if self.phase not in (PLAY, KONTER):
            raise IllegalAction(f"{player}: no throw now – {self._waiting()}")
        if self.phase == PLAY and self.team_of(player) != self.team:
            raise IllegalAction(f"{player}: it is {self.players[self.team]}'s round")
        allowed = self.throwers()
        if player not in allowed and not together:
            raise IllegalAction(f"{player} may not throw now; next to throw: {', '.join(allowed) or 'nobody'} (bierpong.art11)")
        if o.cup is not None and o.cup not in self.targets():
            raise IllegalAction(f"{player}: cup {o.cup} is not a cup a ball can land in now (standing: {self._standing_text()})")
        if self.phase == KONTER:
            return self._konter_throw(player, o, rs)
        kind = "fire" if self.on_fire else "trick" if self.stage == "tricks" else "standard" if len(self.standard) < 2 else "extra"
        st = self
        if kind == "standard":
            st = dataclasses.replace(st, standard=(*st.standard, player))
        elif kind == "extra":
            ex = list(st.extra)
            ex.remove(player)
            st = dataclasses.replace(st, extra=tuple(ex))
        elif kind == "trick":
            fe = list(st.fetched)
            fe.remove(player)
            st = dataclasses.replace(st, fetched=tuple(fe))
        st = dataclasses.replace(st, round_throws=st.round_throws + 1)
        called = dict(st.island).get(player)
        if called is not None:
            st = dataclasses.replace(st, island=tuple(x for x in st.island if x[0] != player))
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
                st = dataclasses.replace(st, on_fire=None)
            return dataclasses.replace(st, last=(player, word, kind == "trick"))
        assert o.cup is not None
        cup = o.cup
        # (`cup_contact_is_bounce` is the classifier's business: it folds cup contacts into `bounced`)
        bounces = 1 if (o.bounced or o.roller) else 0
        st = st._streak(player, True)
        # drinks per hit cup (bierpong.art1, the Decision): a cup already holding a ball of this round (the
        # Bombe's) or already drunk as a Dead Cup is not drunk again
        fresh = int(cup not in {h.cup for h in self.hits} and cup not in self.defender.dead)
        st = dataclasses.replace(st, last=(player, "hit", kind == "trick"), round_hits=st.round_hits + 1, turn_cups=st.turn_cups + fresh,
                                 round_drinks=st.round_drinks + fresh,
                                 round_special=R.combination(island=called is not None, bounce=bool(bounces)))
        if o.roller:
            rs.append(Ruling(player, What.NOTE, 0, "bierpong.art15",
                             phrase(N_("Roller over cups {cups}: counts as a bounce"), cups=">".join(map(str, o.touched)))))
        if cup in self.defender.dead and cup not in self.just_left:  # dead only from the next round (the Decision)
            rs.append(Ruling(self.players[self.team], What.NOTE, 0, "bierpong.art18",
                             phrase(N_("{who} hit the Dead Cup {cup}: {team} win at once"), who=player, cup=cup, team=self.players[self.team])))
            return st._win(self.team, rs)
        if self.sudden:
            rs.append(Ruling(self.players[self.team], What.NOTE, 0, "bierpong.art9",
                             phrase(N_("Sudden death after the timer: {who} hit cup {cup} – {team} win, no Konter"), who=player, cup=cup,
                                    team=self.players[self.team])))
            return st._win(self.team, rs)
        if kind in ("standard", "extra"):
            return dataclasses.replace(st, hits=(*st.hits, Hit(player, cup, bounces, called is not None, kind == "standard")))
        fire = kind == "fire"
        rem = R.removal(cup, bounces=bounces, island=called is not None, on_fire=fire, fire_bonus=bool(self.profile["on_fire_specials_bonus"]))
        if kind == "trick":
            rem = R.Removal(rem.cup, rem.extra, "bierpong.art19", phrase(N_("trickshot, goes at once – {removal}"), removal=rem.arithmetic))
        return dataclasses.replace(st, queue=(*st.queue, rem))

    def _streak(self, player: str, hit: bool) -> BierpongState:
        s = dict(self.streak)
        h = dict(self.heated)
        if hit:
            s[player] = s.get(player, 0) + 1
        else:
            s.pop(player, None)
            h.pop(player, None)
        return dataclasses.replace(self, streak=tuple(sorted(s.items())), heated=tuple(sorted(h.items())))

    def _together(self, a: Together, rs: list[Ruling]) -> BierpongState:
        if self.phase == PLAY and len(self.sides[self.team].members) == 1:
            raise IllegalAction(f"{a}: throwing both balls at once is forbidden to a lone player – singles (bierpong.art4)")
        if self.phase != PLAY or self.on_fire or self.stage != "throws" or self.standard:
            raise IllegalAction(f"{a}: two balls at once only as a round's two standard throws (bierpong.art4)")
        for t in (a.first, a.second):
            if self.team_of(t.player) != self.team:
                raise IllegalAction(f"{t.player}: it is {self.players[self.team]}'s round")
        if len(self.sides[self.team].members) >= 3:  # only the pair whose turn it is: together lifts no rotation (the Decision)
            firsts = self._standard_throwers()
            seconds = dataclasses.replace(self, standard=(a.first.player,))._standard_throwers()
            if a.first.player not in firsts or a.second.player not in seconds:
                pairs = sorted({" + ".join(sorted((p, q))) for p in firsts
                                for q in dataclasses.replace(self, standard=(p,))._standard_throwers()})
                raise IllegalAction(f"{a}: both balls at once only by the pair whose turn it is ({', '.join(pairs)}) (bierpong.art11)")
        if a.first.player == a.second.player:
            said = phrase(N_("{who} throws both balls at once – allowed in a team game"), who=a.first.player)
        else:
            said = phrase(N_("{first} and {second}: both balls at once – allowed in a team game"), first=a.first.player, second=a.second.player)
        rs.append(Ruling(self.players[self.team], What.NOTE, 0, "bierpong.art4", said))
        st = dataclasses.replace(self, standard=("",))._throw(a.first.player, a.first.outcome, rs, together=True)
        st = dataclasses.replace(st, standard=(a.first.player,))
        if st.phase == OVER:
            return st
        st = st._throw(a.second.player, a.second.outcome, rs, together=True)
        return st._flow(rs)

    def _swat(self, a: Swat, rs: list[Ruling]) -> BierpongState:
        # in a Konter too: the finishers swat a bounced counter ball (the Decision "Swats, catches and fetches during a Konter")
        t = self.throwing_team()
        if self.phase not in (PLAY, KONTER) or self.team_of(a.defender) == t or self.team_of(a.thrower) != t:
            raise IllegalAction(f"{a}: a defender swats a bounced ball of the throwing team (bierpong.art14)")
        rs.append(Ruling(a.defender, What.NOTE, 0, "bierpong.art14",
                         phrase(N_("{defender} swats {thrower}'s ball away after it touched down: no hit"), defender=a.defender, thrower=a.thrower)))
        return self._throw(a.thrower, Outcome(), rs)._flow(rs)

    def _catch(self, a: Catch, rs: list[Ruling]) -> BierpongState:
        # a counter air ball too: the catcher throws twice in his team's next round (the Decision "Swats, catches
        # and fetches during a Konter")
        if self.phase not in (PLAY, CALLS, KONTER) or not self.last or self.last[1] != "air" or self.last[0] != a.thrower:
            raise IllegalAction(f"{a}: only a ball that just went over as an air ball can be caught (bierpong.art23)")
        if self.last[2]:
            raise IllegalAction(f"{a}: a trickshot caught behind the edge is no air ball (bierpong.art19)")
        t = self.throwing_team()
        if self.team_of(a.catcher) == t:
            raise IllegalAction(f"{a}: the catcher must be of the other team (bierpong.art23)")
        rs.append(Ruling(a.catcher, What.NOTE, 0, "bierpong.art23",
                         phrase(N_("Air ball caught: {team} have one throw more in their next round – {catcher} throws it after the two standard throws"),
                                team=self.players[1 - t], catcher=a.catcher)))
        return dataclasses.replace(self, last=(a.thrower, "caught", False), next_extra=(*self.next_extra, (1 - t, a.catcher)))._flow(rs)

    def _fetch(self, a: Fetch, rs: list[Ruling]) -> BierpongState:
        t = self.throwing_team()
        if self.phase not in (PLAY, CALLS, KONTER) or not self.last or self.last[1] != "back" or self.team_of(a.player) != t:
            raise IllegalAction(f"{a}: only the throwing team fetches a ball that just came back to its half (bierpong.art19)")
        if self.phase == KONTER and self.konter is not None:  # a counter ball: a trickshot after the regular counter balls
            k = self.konter
            rs.append(Ruling(a.player, What.NOTE, 0, "bierpong.art19",
                             phrase(N_("{who} fetched the counter ball: a trickshot once the Konter's {n} regular throws are done"),
                                    who=a.player, n=k.throws)))
            return dataclasses.replace(self, last=(a.player, "fetched", False), konter=dataclasses.replace(k, tricks=(*k.tricks, a.player)))
        rs.append(Ruling(a.player, What.NOTE, 0, "bierpong.art19",
                         phrase(N_("{who} fetched the ball: a trickshot once the regular throws are done"), who=a.player)))
        st = dataclasses.replace(self, last=(a.player, "fetched", False), fetched=(*self.fetched, a.player))
        return dataclasses.replace(st, phase=PLAY)._flow(rs)

    # --- calls ----------------------------------------------------------------------------

    def _call(self, a: Call, rs: list[Ruling]) -> BierpongState:
        t = self.team_of(a.player)
        other = self.players[1 - t]
        if a.word == "straighten":
            rs.append(Ruling(other, What.NOTE, 0, "bierpong.art5",
                             phrase(N_("{who} asks {team} to straighten their cups: they must (and not unasked)"), who=a.player, team=other)))
            return self
        if a.word == "ball out":
            rs.append(Ruling(other, What.NOTE, 0, "bierpong.art6",
                             phrase(N_("{who} asks {team} to take a ball out of a cup: they must"), who=a.player, team=other)))
            return self
        if a.word == "island":
            return self._call_island(a, rs)
        if a not in self._calls():
            n = self.streak_of(a.player)
            raise IllegalAction(f"{a}: {a.player} has {_hits(n)} in a row; \"Heating up\" from two, \"On fire\" from three (with or "
                                "without \"Heating up\"), each right after a hit of the streak (bierpong.art21)")
        if a.word == "heating up":
            rs.append(Ruling(a.player, What.CALL, 0, "bierpong.art21", phrase(N_("{who}: {n} in a row"), who=a.player, n=self.streak_of(a.player)),
                              words=("Heating up!",)))
            return dataclasses.replace(self, heated=tuple(sorted({**dict(self.heated), a.player: self.streak_of(a.player)}.items())))
        rs.append(Ruling(a.player, What.CALL, 0, "bierpong.art21",
                         phrase(N_("{who} is on fire: throws until a miss"), who=a.player), words=("On fire!",)))
        st = dataclasses.replace(self, on_fire=a.player, phase=PLAY, ended=False)
        if st.stage == "tricks" or st.queue:
            return st._flow(rs)
        return st

    def _call_island(self, a: Call, rs: list[Ruling]) -> BierpongState:
        # in a Konter too: the counter repeats an Island with its call (bierpong.art10, the Decision "The Konter's special shot")
        if self.phase not in (PLAY, KONTER) or a.player not in self.throwers():
            raise IllegalAction(f"{a}: Island is called by the player about to throw (bierpong.art22)")
        if a.player in self.islands_used:
            raise IllegalAction(f"{a}: {a.player} has called Island already – once per game (bierpong.art22)")
        if a.player in dict(self.island):
            raise IllegalAction(f"{a}: {a.player} has called Island for the next throw already (bierpong.art22)")
        assert a.cup is not None
        rack = self.sides[self.team].rack if self.phase == KONTER else self.defender.rack
        if not rack.is_island(a.cup):
            raise IllegalAction(f"{a}: cup {a.cup} is not an island – it has neighbours or is gone (islands: "
                                f"{', '.join(map(str, rack.islands())) or 'none'}) (bierpong.art22)")
        rs.append(Ruling(a.player, What.CALL, 0, "bierpong.art22", phrase(N_("{who} calls Island on cup {cup}"), who=a.player, cup=a.cup),
                          words=(f"Island {a.cup}!",)))
        return dataclasses.replace(self, island=(*self.island, (a.player, a.cup)), islands_used=self.islands_used | {a.player})

    def _foul(self, a: Foul, rs: list[Ruling]) -> BierpongState:
        t = self.team_of(a.player)
        # fouls the rulebook forbids without a sanction (the Decision): noted with the article, nothing changes –
        # the table may sanction one by a challenge; the options give the old readings (recorded as the table rules)
        if a.kind == "elbow":
            if self.profile["elbow_voids_throw"]:
                self._check_void(a)
                said = phrase(N_("{who}'s elbow was over the table edge: that throw is void and not recorded – {who} throws it again "
                                 "(elbow_voids_throw)"), who=a.player)
            else:
                said = phrase(N_("{who}'s elbow was over the table edge: a foul, noted – the rulebook sets no sanction, the throw stands "
                                 "(the table may sanction it by a challenge)"), who=a.player)
            rs.append(Ruling(a.player, What.NOTE, 0, "bierpong.art12", said))
        elif a.kind == "blow":
            if self.profile["blown_ball_counts"]:
                said = phrase(N_("{who} blew or fingered out a ball not fully in the cup: not allowed – it counts as in (blown_ball_counts)"),
                              who=a.player)
            else:
                said = phrase(N_("{who} blew or fingered out a ball not fully in the cup: a foul, noted – the rulebook sets no sanction, "
                                 "the ball is ruled where it ended (the table may sanction it by a challenge)"), who=a.player)
            rs.append(Ruling(a.player, What.NOTE, 0, "bierpong.art17", said))
        elif a.kind == "early":
            rs.append(Ruling(a.player, What.NOTE, 0, "bierpong.art7",
                             phrase(N_("{who} threw while {team} still had to drink: a foul, noted – the rulebook sets no sanction, the throw "
                                       "stands (the table may sanction it by a challenge)"), who=a.player, team=self.players[1 - t])))
        else:
            rs.append(Ruling(self.players[t], What.NOTE, 0, "bierpong.art2",
                             phrase(N_("{who} forgot to drink before the next round: {others} may set a penalty for all of {team} (a shot round)"),
                                    who=a.player, others=self.players[1 - t], team=self.players[t])))
        return self

    def _check_void(self, a: Foul) -> None:
        """`elbow_voids_throw` (bierpong.art12): the voided throw is left out of the record and the call
        stands in its place, so the player must be about to throw (as the live table does it: it takes
        the throw back first). A call the state cannot honour – the player's throw just recorded, which
        counts – is refused with how to record it."""
        if self.phase in (THROWOFF, CHOOSE):
            return
        nxt = dataclasses.replace(self, ended=True, phase=PLAY)._flow([]) if self.phase == CALLS else self
        if a.player in nxt.throwers():
            return
        if self.last is not None and self.last[0] == a.player and self.last[1] != "fetched":
            raise IllegalAction(f"{a}: with elbow_voids_throw the voided throw is not recorded – {a.player}'s throw just recorded counts; "
                                f"take it back and write \"{a}\" in its place, then the throw again (bierpong.art12)")
        raise IllegalAction(f"{a}: with elbow_voids_throw an elbow voids the throw of the player about to throw, and {a.player} is not "
                            f"(next to throw: {', '.join(nxt.throwers()) or 'nobody'}) – write \"{a}\" in place of the voided throw (bierpong.art12)")

    def _time(self, rs: list[Ruling]) -> BierpongState:
        if not self.profile["timer"] or self.timed_out:
            raise IllegalAction("time: this game has no timer running (bierpong.art9)")
        # a hit cup not yet removed counts as gone, its drink is booked; a Dead Cup still standing is a cup
        # left (the Decision "Timer runs out with a hit cup not yet removed")
        now = self
        if self.phase in (PLAY, CALLS, REMOVE) and self.hits:  # the regular hits, and any on-fire cup still to remove
            now = self._close_regular([])
            now = dataclasses.replace(now, queue=(*self.queue, *now.queue))
        gone: list[Ruling] = []
        while now.queue and now.phase != KONTER:  # the cups the count takes as gone go, extra cups adjacent first (bierpong.art3)
            item = now.queue[0]
            now = now._do_remove(item, (item.cup, *now._extra_choices(item)[0]), gone)
        a, b = (len(s.rack) for s in now.sides)
        if a == b:  # the round goes on: its cups go when its regular throws are done, as always
            rs.append(Ruling(self.players[0], What.NOTE, 0, "bierpong.art9",
                             phrase(N_("Time: {a} cups to {b} – sudden death, the next team to hit wins, no Konter"), a=a, b=b)))
            return dataclasses.replace(self, timed_out=True, sudden=True)
        w = 0 if a > b else 1
        rs += [dataclasses.replace(r, arithmetic=phrase(N_("Time is up, the hit counts: {removal}"), removal=r.arithmetic)) for r in gone]
        rs.append(Ruling(self.players[w], What.NOTE, 0, "bierpong.art9",
                         phrase(N_("Time: {a} cups to {b} – {team} have more cups left and win"), a=a, b=b, team=self.players[w])))
        if now.phase != KONTER:
            now._drinks(rs)  # the turn's hit cups, drunk as at the end of a turn (bierpong.art1, bierpong.art2)
        # the final standing is the count's: the cups it took as gone are gone
        return dataclasses.replace(now, timed_out=True)._win(w, rs, drinks=False)

    def _knock(self, a: KnockOver, rs: list[Ruling]) -> BierpongState:
        t = self.team_of(a.player)
        side = self.sides[t]
        named = (a.cup, *a.more)
        if len(set(named)) != len(named):
            raise IllegalAction(f"{a}: name each cup that fell once")
        for c in named:
            if c not in side.rack:
                raise IllegalAction(f"{a}: {side.name} have no cup {c} standing")
        if len(side.rack) == 1:
            rs.append(Ruling(side.name, What.NOTE, 0, "bierpong.art16",
                             phrase(N_("{who} knocked over the last cup: it is stood up again, never removed this way"), who=a.player)))
            return self
        if 1 - t == self.team and a.cup in {h.cup for h in self.hits}:
            raise IllegalAction(f"{a}: cup {a.cup} holds a ball of this round and goes anyway")
        if a.more:  # one incident, one cup (the Decision): the first named goes – the owners name it first, as in a removal
            said = phrase(N_("{who} knocked over own cups {cups} at once: one incident, 1 cup removed – cup {cup}, named first; "
                             "the others are stood up again"), who=a.player, cups=" ".join(map(str, named)), cup=a.cup)
        else:
            said = phrase(N_("{who} knocked over own cup {cup}: 1 cup removed"), who=a.player, cup=a.cup)
        rs.append(Ruling(side.name, What.CUPS, 1, "bierpong.art16", said))
        new = dataclasses.replace(side, rack=side.rack.without({a.cup}), dead=side.dead - {a.cup})
        st = self._with_side(t, new)
        saved = self.round_saved
        if t != self.team and self.phase != KONTER and saved is not None and a.cup in saved.rack:
            # the owners' own cup: a made Konter puts back only what the finishing round's balls removed
            st = dataclasses.replace(st, round_saved=dataclasses.replace(saved, rack=saved.rack.without({a.cup}), dead=saved.dead - {a.cup}))
        return st

    def _with_side(self, t: int, side: Side) -> BierpongState:
        sides = (side, self.sides[1]) if t == 0 else (self.sides[0], side)
        return dataclasses.replace(self, sides=sides)

    # --- the flow of a round ---------------------------------------------------------------

    def _flow(self, rs: list[Ruling]) -> BierpongState:
        st = self
        while True:
            if st.phase in (OVER, KONTER, CHOOSE, THROWOFF):
                return st
            if st.queue:
                if st.profile["auto_remove_cups"]:
                    item = st.queue[0]
                    st = st._do_remove(item, (item.cup, *st._extra_choices(item)[0]), rs)
                    continue
                return dataclasses.replace(st, phase=REMOVE)
            if st.phase == REMOVE:
                st = dataclasses.replace(st, phase=PLAY)
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
                    return dataclasses.replace(st, phase=CALLS)  # the table may still call, catch or fetch
                st = st._close_regular(rs)
                continue
            if st.fetched:
                return st
            if not st.ended and st.last and st.last[2] and st.last[1] in ("air", "back"):
                return dataclasses.replace(st, phase=CALLS)
            if st.balls_back:
                rs.append(Ruling(st.players[st.team], What.NOTE, 0, "bierpong.art13",
                                 phrase(N_("Balls back: both throws hit – {team} throw again"), team=st.players[st.team])))
                pair = frozenset(st.standard)
                carry = st.extra  # a catcher's extra ball not thrown yet (a Bombe): after the returned balls
                st = dataclasses.replace(st, last_pair=st._pairs(pair))
                st = st._new_round(st.team, st, same_round=True)
                if not st.profile["balls_back_new_pair"] and len(st.sides[st.team].members) >= 3:
                    st = dataclasses.replace(st, back_pair=pair)  # the same pair throws the returned balls (the Decision)
                return dataclasses.replace(st, extra=(*st.extra, *carry)) if carry else st
            return st._end_turn(rs)

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
            queue.append(dataclasses.replace(rem, may_stay=not rem.extra and len(std) < 2))
        special = self.round_special
        if bombe_cup is not None:  # the Bombe with what its balls added: the Konter repeats it in full (the Decision)
            balls = [h for h in self.hits if h.cup == bombe_cup]
            special = R.combination(bombe=True, island=any(h.island for h in balls), bounce=any(h.bounces for h in balls))
        return dataclasses.replace(self, queue=tuple(queue), hits=(), stage="tricks", balls_back=len(std) == 2, round_special=special)

    def _remove(self, a: Remove | Leave, rs: list[Ruling]) -> BierpongState:
        t = self.side_named(a.team)
        side = self.sides[t]
        if self.phase == REMOVE:
            if t == self.team:
                raise IllegalAction(f"{a}: {side.name} throw; their opponents remove cups now")
            item = self.queue[0]
            if isinstance(a, Leave):
                if a.cup != item.cup:
                    raise IllegalAction(f"{a}: the cup to remove now is {item.cup}")
                rs.append(Ruling(side.name, What.NOTE, 0, "bierpong.art18",
                                 phrase(N_("{team} leave the hit cup {cup} standing: a Dead Cup – if hit again, the hitters win at once"),
                                        team=side.name, cup=item.cup)))
                if not self._may_leave(item):
                    why = ("it is the last cup standing: the hit opens the Konter (bierpong.art10)" if item.may_stay else
                           "only a plain hit's cup may stay; a special shot's, balls back's and a trickshot's cups go (bierpong.art3, bierpong.art13, bierpong.art19)")
                    raise IllegalAction(f"{a}: cup {item.cup} cannot be left standing – {why}; {item.arithmetic}")
                new = dataclasses.replace(side, dead=side.dead | {item.cup}, owed=(*side.owed, item))
                st = dataclasses.replace(self._with_side(t, new), queue=self.queue[1:], just_left=self.just_left | {item.cup})
                return st._flow(rs)
            choices = self._extra_choices(item)
            if not a.cups or a.cups[0] != item.cup or tuple(sorted(a.cups[1:])) not in {tuple(sorted(c)) for c in choices}:
                near, _ = side.rack.eligible_extra(item.cup, item.extra, frozenset(r.cup for r in self.queue[1:]))
                raise IllegalAction(f"{a}: remove cup {item.cup} and {item.extra} more – the adjacent ones first "
                                    f"({', '.join(map(str, near)) or 'none left'}) (bierpong.art3); {item.arithmetic}")
            return self._do_remove(item, a.cups, rs)._flow(rs)
        # a Dead Cup removed by its owners, not in the other team's round (bierpong.art18)
        if isinstance(a, Leave) or t != self.team or self.phase not in (PLAY, CALLS) or not a.cups or a.cups[0] not in side.dead:
            raise IllegalAction(f"{a}: cups are removed after a hit, or a Dead Cup by its owners in their own round (bierpong.art18)")
        item = next(r for r in side.owed if r.cup == a.cups[0])
        near, rest = side.rack.eligible_extra(item.cup, item.extra)
        n = min(item.extra, len(near) + len(rest))
        ok = set(a.cups[1:]) <= set(near) if n <= len(near) else set(near) <= set(a.cups[1:]) <= set(near) | set(rest)
        if len(a.cups) - 1 != n or not ok:
            raise IllegalAction(f"{a}: the Dead Cup {item.cup} goes with {n} more, adjacent ones first (bierpong.art3)")
        rs.append(Ruling(side.name, What.CUPS, 1 + n, "bierpong.art18",
                         phrase(N_("{team} remove their Dead Cup: {removal}"), team=side.name, removal=item.arithmetic)))
        new = dataclasses.replace(side, rack=side.rack.without(set(a.cups)), dead=side.dead - {item.cup},
                                  owed=tuple(r for r in side.owed if r is not item))
        st = self._with_side(t, new)
        if not len(new.rack):  # their own last cup: no cup standing, the game is decided – no Konter (the Decision "The end")
            rs.append(Ruling(side.name, What.NOTE, 0, "bierpong.art9",
                             phrase(N_("{team} removed their last cup: no cup left standing – they lose at once, no Konter"), team=side.name)))
            return st._win(1 - t, rs)
        return st

    def _do_remove(self, item: R.Removal, cups: tuple[int, ...], rs: list[Ruling]) -> BierpongState:
        t = 1 - self.team
        side = self.sides[t]
        gone = [c for c in cups if c in side.rack]
        removed = " ".join(map(str, gone))
        if len(gone) == item.count:
            said = phrase(N_("{removal} (removed: {cups})"), removal=item.arithmetic, cups=removed)
        else:
            said = phrase(N_("{removal} – only {n} left to remove (removed: {cups})"), removal=item.arithmetic, n=len(gone), cups=removed)
        rs.append(Ruling(side.name, What.CUPS, len(gone), item.rule, said))
        # a Dead Cup taken along (as an extra, or by a trickshot into it) is no longer listed as dead
        new = dataclasses.replace(side, rack=side.rack.without(set(gone)), dead=side.dead - set(gone),
                                  owed=tuple(r for r in side.owed if r.cup not in gone))
        st = dataclasses.replace(self._with_side(t, new), queue=self.queue[1:])
        if self.profile["drink_per_removed_cup"]:  # the bonus cups are drunk too (bierpong.art1, the option)
            bonus = len([c for c in gone if c != item.cup])
            st = dataclasses.replace(st, turn_cups=st.turn_cups + bonus, round_drinks=st.round_drinks + bonus)
        return st

    # --- ends: turn, Konter, game ------------------------------------------------------------

    def _drinks(self, rs: list[Ruling]) -> None:
        if not self.turn_cups:
            return
        per = int(self.profile["drink_per_cup"] or 1)  # type: ignore[arg-type]
        n = self.turn_cups
        if self.profile["drink_per_removed_cup"]:
            cups = phrase(N_("{n} cup removed") if n == 1 else N_("{n} cups removed"), n=n)
            template = N_("{who} drinks {cups} × {per} = {sips}, every removed cup counts (drink_per_removed_cup), now that all throws are done (bierpong.art2)")
        else:  # per hit cup, once however many balls went in (the Decision)
            cups = phrase(N_("{n} cup hit") if n == 1 else N_("{n} cups hit"), n=n)
            template = N_("{who} drinks {cups} × {per} = {sips}, now that all throws are done (bierpong.art2)")
        for m in self.defender.members:
            rs.append(Ruling(m, What.SIPS, n * per, "bierpong.art1",
                             phrase(template, who=m, cups=cups, per=R.sips(per), sips=R.sips(n * per))))

    def _end_turn(self, rs: list[Ruling]) -> BierpongState:
        self._drinks(rs)
        st = dataclasses.replace(self, last_pair=self._pairs(frozenset(self.standard)))
        st = st._rerack(1 - self.team, rs)
        return st._new_round(1 - self.team, st)

    def _rerack(self, t: int, rs: list[Ruling]) -> BierpongState:
        side = self.sides[t]
        n = len(side.rack)
        if n not in R.rerack_counts(self.profile["rerack_at"]) or n in side.reracked or side.dead or n not in R.RERACK_OF:
            return self
        kind = R.RERACK_OF[n]
        rack = Rack.of(kind)
        rs.append(Ruling(side.name, What.NOTE, 0, "bierpong.art5",
                         phrase(N_("House rule rerack_at: {team} re-rack their {n} cups ({formation}, cups 1–{n})"), team=side.name, n=n, formation=kind)))
        return self._with_side(t, dataclasses.replace(side, rack=rack, reracked=(*side.reracked, n)))

    def _finished(self, rs: list[Ruling]) -> BierpongState:
        """The defenders' last cup fell: a Konter (bierpong.art10) unless after the timer."""
        if self.sudden:
            return self._win(self.team, rs)
        d = 1 - self.team
        if not self.round_hits or not self.round_throws:  # never a Konter for zero (the Decision "The end")
            rs.append(Ruling(self.players[d], What.NOTE, 0, "bierpong.art9",
                             phrase(N_("{team} have no cup standing: they lose, no Konter"), team=self.players[d])))
            return self._win(self.team, rs)
        saved = self.round_saved or self.sides[d]
        k = Konter(d, self.round_throws, self.round_hits, self.round_special, saved)
        # the finishing pair is this round's pair: the round after a made Konter is a new round and needs
        # another one (bierpong.art11, the Decision "The round after a made Konter")
        pairs = self._pairs(frozenset(self.standard)) if len(self.standard) == 2 else self.last_pair
        sp = phrase(N_(", with the same special shot ({shot})"), shot=R.shot_name(self.round_special)) if self.round_special else ""
        rs.append(Ruling(self.players[d], What.NOTE, 0, "bierpong.art10",
                         phrase(N_("Last cup down: {team} may counter – {hits} in {throws}{special}"),
                                team=self.players[d], hits=_hits(self.round_hits), throws=_throws(self.round_throws), special=sp)))
        return dataclasses.replace(self, phase=KONTER, konter=k, queue=(), fetched=(), on_fire=None, island=(), last=None, last_pair=pairs)

    def _konter_throw(self, player: str, o: Outcome, rs: list[Ruling]) -> BierpongState:
        k = self.konter
        assert k is not None
        if self.team_of(player) != k.team:
            raise IllegalAction(f"{player}: {self.players[k.team]} are countering (bierpong.art10)")
        trick = k.made - k.trick_made >= k.throws  # the regular counter balls are thrown: a fetched ball's trickshot
        got, cups, sp, balls = k.got, k.cups, k.special_done, k.balls
        called = dict(self.island).get(player)
        here = self if called is None else dataclasses.replace(self, island=tuple(x for x in self.island if x[0] != player))
        hit = o.hit
        if hit and called is not None and o.cup != called:
            rs.append(Ruling(player, What.NOTE, 0, "bierpong.art22",
                             phrase(N_("Island {called} called, but {who} hit cup {cup}: it does not count"), called=called, who=player, cup=o.cup)))
            hit = False
        if hit:
            assert o.cup is not None
            if o.cup in self.sides[self.team].dead:  # as at any other time (the Decision "A Dead Cup hit during a Konter")
                rs.append(Ruling(self.players[k.team], What.NOTE, 0, "bierpong.art18",
                                 phrase(N_("{who} hit the Dead Cup {cup} during the Konter: {team} win at once"),
                                        who=player, cup=o.cup, team=self.players[k.team])))
                return here._with_side(k.team, k.saved)._win(k.team, rs)
            got += 1
            balls = (*balls, (o.cup, o.bounced or o.roller, called is not None))
            sp = sp or self._konter_special(k.special, balls, any_part=bool(self.profile["konter_any_part"]))
            cups = (*cups, o.cup)
        if trick:
            tricks = list(k.tricks)
            tricks.remove(player)
            k = dataclasses.replace(k, tricks=tuple(tricks), trick_made=k.trick_made + 1)
        else:
            k = dataclasses.replace(k, by=(*k.by, player))
        k = dataclasses.replace(k, made=k.made + 1, got=got, cups=cups, special_done=sp, balls=balls)
        # a counter hit is no hit of a streak (counter balls leave streaks alone, bierpong.art21): no call follows it
        word = "counter hit" if hit else "air" if o.air else "back" if o.back else "miss"
        st = dataclasses.replace(here, konter=k, last=(player, word, trick))
        return st._konter_verdict(rs)

    def _konter_open(self) -> bool:
        """The Konter is lost unless the counter ball that just came back is fetched (bierpong.art19): the
        table waits for the fetch or "end of round"."""
        k = self.konter
        if self.phase != KONTER or k is None or self._konter_made() or not self.last or self.last[1] != "back":
            return False
        return k.left == 0 or k.got + k.left < k.hits

    def _konter_made(self) -> bool:
        k = self.konter
        return k is not None and k.got >= k.hits and (k.special_done or not k.special)

    def _konter_verdict(self, rs: list[Ruling], *, no_fetch: bool = False) -> BierpongState:
        """After a counter ball: made, failed, or on (bierpong.art10); a ball that came back may still be
        fetched for a trickshot first (`_konter_open`) unless `no_fetch`."""
        k = self.konter
        assert k is not None
        if self._konter_made():
            if k.special and not self._konter_special(k.special, k.balls, any_part=False):
                rs.append(Ruling(self.players[k.team], What.NOTE, 0, "bierpong.art10",
                                 phrase(N_("Option konter_any_part: one part of the {shot} is enough for the Konter"), shot=R.shot_name(k.special))))
            rs.append(Ruling(self.players[k.team], What.NOTE, 0, "bierpong.art10",
                             phrase(N_("Konter made: {got} in {made} – no cups removed, {team} throw again"),
                                    got=_hits(k.got), made=_throws(k.made), team=self.players[self.team])))
            # every cup the finishing round removed stands again (the Decision "Balls back in the finishing round")
            st = self._with_side(k.team, k.saved)
            pairs = list(st.last_pair)
            if len(k.by) >= 2:  # the counter was the team's round: the next one is thrown by another pair (bierpong.art11)
                pairs[k.team] = frozenset(k.by[:2])
            st = dataclasses.replace(st, konter=None, turn_cups=st.turn_cups - st.round_drinks, last_pair=(pairs[0], pairs[1]))
            # a new round of the finishers: another pair than the finishing one (the Decision "The round after a made Konter")
            return st._new_round(self.team, st, keep_turn=True)
        if k.left and k.got + k.left >= k.hits:
            return self
        if not no_fetch and self._konter_open():
            return self
        without = phrase(N_(", without the {shot} shot"), shot=R.shot_name(k.special)) if k.special and not k.special_done else ""
        throws = k.made + k.left
        rs.append(Ruling(self.players[k.team], What.NOTE, 0, "bierpong.art10",
                         phrase(N_("Konter failed: {got} of {needed} in {made} of {throws} throw{without}") if throws == 1 else
                                N_("Konter failed: {got} of {needed} in {made} of {throws} throws{without}"),
                                got=k.got, needed=phrase(N_("{n} hit needed") if k.hits == 1 else N_("{n} hits needed"), n=k.hits),
                                made=k.made, throws=throws, without=without)))
        return dataclasses.replace(self, konter=None)._win(self.team, rs)

    @staticmethod
    def _konter_special(special: str, balls: tuple[tuple[int, bool, bool], ...], *, any_part: bool) -> bool:
        """Did the counter's hits repeat the finishing shot (bierpong.art10)? In full (the Decision "The
        Konter's special shot"): one cup got all its parts – two balls in it for a Bombe, one on its called
        Island, one bounced (bierpong.combo); with `any_part` one of the parts is enough."""
        need = set(special.split("+")) - {""}
        for cup in dict.fromkeys(b[0] for b in balls):
            mine = [b for b in balls if b[0] == cup]
            made = {p for p, on in (("bombe", len(mine) >= 2), ("island", any(b[2] for b in mine)), ("bounce", any(b[1] for b in mine))) if on}
            if need <= made or (any_part and need & made):
                return True
        return False

    def _win(self, w: int, rs: list[Ruling], *, drinks: bool = True) -> BierpongState:
        if drinks and w == self.team:
            self._drinks(rs)
        rs.append(Ruling(self.players[1 - w], What.LOSS, 1, "bierpong.art9",
                         phrase(N_("{winners} win: {losers} lose the game"), winners=self.players[w], losers=self.players[1 - w])))
        return dataclasses.replace(self, phase=OVER, winner=w, konter=None, queue=())

    def _standing_text(self) -> str:
        return " ".join(map(str, self.defender.rack.ids)) or "none"

    def _waiting(self) -> str:
        if self.phase == REMOVE:
            return f"{self.defender.name} must first remove cups ({self.queue[0].arithmetic})"
        if self.phase == CALLS:
            return "the round is over"
        return f"phase {self.phase}"

    def summary(self) -> Mapping[str, Any]:
        return {s.name: {"cups": list(s.rack.ids), "dead": sorted(s.dead), "members": list(s.members)} for s in self.sides}


def _hits(n: int) -> str:
    """"1 hit", "2 hits" as a translatable phrase."""
    return phrase(N_("{n} hit") if n == 1 else N_("{n} hits"), n=n)


def _throws(n: int) -> str:
    """"1 throw", "2 throws" as a translatable phrase."""
    return phrase(N_("{n} throw") if n == 1 else N_("{n} throws"), n=n)
