"""A Bierpong game as an immutable state on the one state interface (`game.state`).

Seats are the two teams (1–4 players each). The game runs: the throw-off (bierpong.art8,
`Throwoff`, then `Begin`), then turns of the throwing team. A turn is one round or more
(balls back, bierpong.art13): two standard throws (bierpong.art11), extra throws (an air-ball
catcher's double throw, bierpong.art23; on fire, bierpong.art21), then the trickshots of the
balls fetched (bierpong.art19). Hit cups go when the round's regular throws are done – the
owners pick the extra cups (`Remove`, bierpong.art3) or leave a hit cup standing (`Leave`: a
Dead Cup, bierpong.art18) unless `auto_remove_cups`; trickshot and on-fire cups go at once.
Drinks are booked when the turn is over (bierpong.art1, bierpong.art2). The last cup falling
opens a Konter (bierpong.art10); the game ends when a side has no cups (bierpong.art9).

Throws carry their outcome (a physics classification or a record's `bounce 5`), so there are no
chance nodes. `legal_actions` lists the decisions a bot needs (throws, calls, catches, fetches,
removals); the table's events (`Together`, `Swat`, `KnockOver`, `Foul`, `Time`, requests) are
accepted by `apply` whenever the rules allow them.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Mapping, Sequence

from game.bierpong.actions import (
    Action, Begin, Call, Catch, EndRound, Fetch, Foul, KnockOver, Leave, Remove, Swat, Throw, Throwoff, Time, Together,
    parse_action,
)
from game.bierpong.outcome import Outcome
from game.bierpong.rack import Rack
from game.errors import IllegalAction
from game.i18n import N_
from game.rules import bierpong as R
from game.rules.phrase import phrase
from game.rules.profile import Profile
from game.rules.ruling import Ruling, What
from game.state import TERMINAL, Step

THROWOFF, CHOOSE, PLAY, CALLS, REMOVE, KONTER, OVER = "throwoff", "choose", "play", "calls", "remove", "konter", "over"
MAX_TEAM = 4


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
    special: str  # "" or "bounce", "bombe", "island": the special shot to repeat
    saved: Side  # the finished side as the finishing round found it
    made: int = 0
    got: int = 0
    special_done: bool = False
    cups: tuple[int, ...] = ()


@dataclass(frozen=True)
class BierpongState:
    players: tuple[str, ...]  # the two teams' names (the seats)
    profile: Profile
    sides: tuple[Side, Side]
    phase: str = THROWOFF
    team: int = 0  # the throwing team (the choosing team in CHOOSE)
    rethrow: tuple[str, str] | None = None
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
    last: tuple[str, str, bool] | None = None  # (player, "hit" | "miss" | "air" | "back", trickshot)
    island: tuple[tuple[str, int], ...] = ()  # Island called for the player's next throw
    islands_used: frozenset[str] = frozenset()
    streak: tuple[tuple[str, int], ...] = ()
    heated: tuple[tuple[str, int], ...] = ()  # streak length at the "Heating up" call
    last_pair: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    queue: tuple[R.Removal, ...] = ()  # removals the defenders must make now
    round_throws: int = 0
    round_hits: int = 0
    round_special: str = ""
    round_saved: Side | None = None
    turn_cups: int = 0
    konter: Konter | None = None
    sudden: bool = False
    timed_out: bool = False
    winner: int | None = None

    parse_action = staticmethod(parse_action)

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

    # --- the interface -------------------------------------------------------------------

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase == REMOVE:
            return 1 - self.team
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
            return self.sides[self.konter.team].members
        if self.phase != PLAY:
            return ()
        if self.on_fire:
            return (self.on_fire,)
        if self.stage == "tricks":
            return tuple(dict.fromkeys(self.fetched))
        if len(self.standard) < 2:
            return self._standard_throwers()
        return tuple(dict.fromkeys(self.extra))

    def _standard_throwers(self) -> tuple[str, ...]:
        members = self.sides[self.team].members
        if len(members) == 1:
            return members
        last = self.last_pair[self.team]
        ok = []
        for p in members:
            if self.standard and p == self.standard[0]:
                continue
            partners = [q for q in members if q != p] if not self.standard else [self.standard[0]]
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
            if self.phase == PLAY:
                out += self._calls() + self._catch_fetch()
                called = {p for p, _ in self.island}
                for p in self.throwers():
                    if p not in self.islands_used and p not in called:
                        out += [Call(p, "island", c) for c in self.defender.rack.islands()]
        return out

    def _catch_fetch(self) -> list[Action]:
        out: list[Action] = []
        if self.last and self.last[1] == "air" and not self.last[2]:
            out += [Catch(d, self.last[0]) for d in self.defender.members]
        if self.last and self.last[1] == "back":
            out += [Fetch(p) for p in self.sides[self.team].members]
        return out

    def _calls(self) -> list[Action]:
        out: list[Action] = []
        if self.last and self.last[1] == "hit":
            p = self.last[0]
            n, heated = self.streak_of(p), dict(self.heated).get(p)
            if n >= 2 and heated is None:
                out.append(Call(p, "heating up"))
            if n >= 3 and heated is not None and n > heated and self.on_fire != p:
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
        if st.phase == CALLS and not isinstance(action, (Call, EndRound, Foul, Fetch, Catch)):
            st = dataclasses.replace(st, ended=True, phase=PLAY)._flow(rulings)
            if st.phase == OVER:
                raise IllegalAction("the game is over")
        st = st._apply(action, rulings)
        return Step(st, tuple(rulings))

    def _apply(self, a: Action, rs: list[Ruling]) -> BierpongState:
        if isinstance(a, Throwoff):
            return self._throwoff(a, rs)
        if isinstance(a, Begin):
            return self._begin(a, rs)
        if isinstance(a, Foul):
            return self._foul(a, rs)
        if self.phase in (THROWOFF, CHOOSE):
            raise IllegalAction(f"{a}: the throw-off comes first (bierpong.art8)")
        if isinstance(a, EndRound):
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

    def _begin(self, a: Begin, rs: list[Ruling]) -> BierpongState:
        if self.phase != CHOOSE:
            raise IllegalAction(f"{a}: only the throw-off's winner chooses who begins, right after it (bierpong.art8)")
        t = self.side_named(a.team)
        rs.append(Ruling(self.players[t], What.NOTE, 0, "bierpong.art8",
                         phrase(N_("{chooser} chose: {team} begin"), chooser=self.players[self.team], team=self.players[t])))
        return self._new_round(t, dataclasses.replace(self, phase=PLAY))

    def _new_round(self, team: int, st: BierpongState, *, keep_turn: bool = False) -> BierpongState:
        extra = tuple(p for t, p in st.next_extra if t == team)
        return dataclasses.replace(
            st, phase=PLAY, team=team, standard=(), hits=(), extra=extra,
            next_extra=tuple((t, p) for t, p in st.next_extra if t != team), fetched=(), stage="throws",
            balls_back=False, ended=False, on_fire=None, island=(), last=None, queue=(), round_throws=0, round_hits=0,
            round_special="", round_saved=st.sides[1 - team], turn_cups=st.turn_cups if keep_turn else 0,
        )

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
        st = dataclasses.replace(st, last=(player, "hit", kind == "trick"), round_hits=st.round_hits + 1, turn_cups=st.turn_cups + 1,
                                 round_special="island" if called is not None else "bounce" if bounces else "")
        if o.roller:
            rs.append(Ruling(player, What.NOTE, 0, "bierpong.art15",
                             phrase(N_("Roller over cups {cups}: counts as a bounce"), cups=">".join(map(str, o.touched)))))
        if cup in self.defender.dead:
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
        rs.append(Ruling(self.players[self.team], What.NOTE, 0, "bierpong.art4",
                         phrase(N_("{first} and {second}: both balls at once – allowed in a team game"), first=a.first.player, second=a.second.player)))
        st = dataclasses.replace(self, standard=("",))._throw(a.first.player, a.first.outcome, rs, together=True)
        st = dataclasses.replace(st, standard=(a.first.player,))
        if st.phase == OVER:
            return st
        st = st._throw(a.second.player, a.second.outcome, rs, together=True)
        return st._flow(rs)

    def _swat(self, a: Swat, rs: list[Ruling]) -> BierpongState:
        if self.phase != PLAY or self.team_of(a.defender) == self.team or self.team_of(a.thrower) != self.team:
            raise IllegalAction(f"{a}: a defender swats a bounced ball of the throwing team (bierpong.art14)")
        rs.append(Ruling(a.defender, What.NOTE, 0, "bierpong.art14",
                         phrase(N_("{defender} swats {thrower}'s ball away after it touched down: no hit"), defender=a.defender, thrower=a.thrower)))
        return self._throw(a.thrower, Outcome(), rs)._flow(rs)

    def _catch(self, a: Catch, rs: list[Ruling]) -> BierpongState:
        if self.phase not in (PLAY, CALLS) or not self.last or self.last[1] != "air" or self.last[0] != a.thrower:
            raise IllegalAction(f"{a}: only a ball that just went over as an air ball can be caught (bierpong.art23)")
        if self.last[2]:
            raise IllegalAction(f"{a}: a trickshot caught behind the edge is no air ball (bierpong.art19)")
        if self.team_of(a.catcher) == self.team:
            raise IllegalAction(f"{a}: the catcher must be of the other team (bierpong.art23)")
        rs.append(Ruling(a.catcher, What.NOTE, 0, "bierpong.art23",
                         phrase(N_("Air ball caught: {catcher} throws one ball twice next round"), catcher=a.catcher)))
        return dataclasses.replace(self, last=(a.thrower, "caught", False), next_extra=(*self.next_extra, (1 - self.team, a.catcher)))._flow(rs)

    def _fetch(self, a: Fetch, rs: list[Ruling]) -> BierpongState:
        if self.phase not in (PLAY, CALLS) or not self.last or self.last[1] != "back" or self.team_of(a.player) != self.team:
            raise IllegalAction(f"{a}: only the throwing team fetches a ball that just came back to its half (bierpong.art19)")
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
            raise IllegalAction(f"{a}: {a.player} has {n} hit(s) in a row; \"Heating up\" after two, \"On fire\" at a later hit, "
                                "each right after a hit (bierpong.art21)")
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
        if self.phase != PLAY or a.player not in self.throwers():
            raise IllegalAction(f"{a}: Island is called by the player about to throw (bierpong.art22)")
        if a.player in self.islands_used:
            raise IllegalAction(f"{a}: {a.player} has called Island already – once per game (bierpong.art22)")
        assert a.cup is not None
        if not self.defender.rack.is_island(a.cup):
            raise IllegalAction(f"{a}: cup {a.cup} is not an island – it has neighbours or is gone (islands: "
                                f"{', '.join(map(str, self.defender.rack.islands())) or 'none'}) (bierpong.art22)")
        rs.append(Ruling(a.player, What.CALL, 0, "bierpong.art22", phrase(N_("{who} calls Island on cup {cup}"), who=a.player, cup=a.cup),
                          words=(f"Island {a.cup}!",)))
        return dataclasses.replace(self, island=(*self.island, (a.player, a.cup)), islands_used=self.islands_used | {a.player})

    def _foul(self, a: Foul, rs: list[Ruling]) -> BierpongState:
        t = self.team_of(a.player)
        if a.kind == "elbow":
            rs.append(Ruling(a.player, What.NOTE, 0, "bierpong.art12",
                             phrase(N_("{who}'s elbow was over the table edge: that throw is void – throw it again"), who=a.player)))
        elif a.kind == "blow":
            rs.append(Ruling(a.player, What.NOTE, 0, "bierpong.art17",
                             phrase(N_("{who} blew or fingered out a ball not fully in the cup: not allowed – it counts as in"), who=a.player)))
        elif a.kind == "early":
            rs.append(Ruling(a.player, What.NOTE, 0, "bierpong.art7",
                             phrase(N_("{who} threw while {team} still had to drink: the throw does not count"), who=a.player, team=self.players[1 - t])))
        else:
            rs.append(Ruling(self.players[t], What.NOTE, 0, "bierpong.art2",
                             phrase(N_("{who} forgot to drink before the next round: {others} may set a penalty for all of {team} (a shot round)"),
                                    who=a.player, others=self.players[1 - t], team=self.players[t])))
        return self

    def _time(self, rs: list[Ruling]) -> BierpongState:
        if not self.profile["timer"] or self.timed_out:
            raise IllegalAction("time: this game has no timer running (bierpong.art9)")
        a, b = len(self.sides[0].rack), len(self.sides[1].rack)
        if a == b:
            rs.append(Ruling(self.players[0], What.NOTE, 0, "bierpong.art9",
                             phrase(N_("Time: {a} cups to {b} – sudden death, the next team to hit wins, no Konter"), a=a, b=b)))
            return dataclasses.replace(self, timed_out=True, sudden=True)
        w = 0 if a > b else 1
        rs.append(Ruling(self.players[w], What.NOTE, 0, "bierpong.art9",
                         phrase(N_("Time: {a} cups to {b} – {team} have more cups left and win"), a=a, b=b, team=self.players[w])))
        return dataclasses.replace(self, timed_out=True)._win(w, rs, drinks=False)

    def _knock(self, a: KnockOver, rs: list[Ruling]) -> BierpongState:
        t = self.team_of(a.player)
        side = self.sides[t]
        if a.cup not in side.rack:
            raise IllegalAction(f"{a}: {side.name} have no cup {a.cup} standing")
        if len(side.rack) == 1:
            rs.append(Ruling(side.name, What.NOTE, 0, "bierpong.art16",
                             phrase(N_("{who} knocked over the last cup: it is stood up again, never removed this way"), who=a.player)))
            return self
        if 1 - t == self.team and a.cup in {h.cup for h in self.hits}:
            raise IllegalAction(f"{a}: cup {a.cup} holds a ball of this round and goes anyway")
        rs.append(Ruling(side.name, What.CUPS, 1, "bierpong.art16",
                         phrase(N_("{who} knocked over own cup {cup}: 1 cup removed"), who=a.player, cup=a.cup)))
        new = dataclasses.replace(side, rack=side.rack.without({a.cup}), dead=side.dead - {a.cup})
        return self._with_side(t, new)

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
                if len(st.standard) < 2 or st.extra:
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
                st = dataclasses.replace(st, last_pair=st._pairs(pair))
                return st._new_round(st.team, st, keep_turn=True)
            return st._end_turn(rs)

    def _pairs(self, pair: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
        return (pair, self.last_pair[1]) if self.team == 0 else (self.last_pair[0], pair)

    def _close_regular(self, rs: list[Ruling]) -> BierpongState:
        """The regular throws are done: their cups go (bierpong.art3), Bombe and balls back."""
        std = [h for h in self.hits if h.standard]
        bombe_cup = std[0].cup if len(std) == 2 and std[0].cup == std[1].cup else None
        queue: list[R.Removal] = []
        fb = bool(self.profile["on_fire_specials_bonus"])
        for cup in dict.fromkeys(h.cup for h in self.hits):
            balls = [h for h in self.hits if h.cup == cup]
            rem = R.removal(cup, bounces=sum(h.bounces for h in balls), bombe=cup == bombe_cup, island=any(h.island for h in balls), fire_bonus=fb)
            queue.append(rem)
        special = "bombe" if bombe_cup is not None else self.round_special
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
                new = dataclasses.replace(side, dead=side.dead | {item.cup}, owed=(*side.owed, item))
                return dataclasses.replace(self._with_side(t, new), queue=self.queue[1:])._flow(rs)
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
        return self._with_side(t, new)

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
        new = dataclasses.replace(side, rack=side.rack.without(set(gone)))
        return dataclasses.replace(self._with_side(t, new), queue=self.queue[1:])

    # --- ends: turn, Konter, game ------------------------------------------------------------

    def _drinks(self, rs: list[Ruling]) -> None:
        if not self.turn_cups:
            return
        per = int(self.profile["drink_per_cup"] or 1)  # type: ignore[arg-type]
        for m in self.defender.members:
            rs.append(Ruling(m, What.SIPS, self.turn_cups * per, "bierpong.art1",
                             phrase(N_("{who} drinks {cups} cup(s) hit × {per} sip(s) = {n} sip(s), now that all throws are done (bierpong.art2)"),
                                    who=m, cups=self.turn_cups, per=per, n=self.turn_cups * per)))

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
        saved = self.round_saved or self.sides[d]
        k = Konter(d, self.round_throws, self.round_hits, self.round_special, saved)
        sp = phrase(N_(", with the same special shot ({shot})"), shot=R.shot_name(self.round_special)) if self.round_special else ""
        rs.append(Ruling(self.players[d], What.NOTE, 0, "bierpong.art10",
                         phrase(N_("Last cup down: {team} may counter – {hits} hit(s) in {throws} throw(s){special}"),
                                team=self.players[d], hits=self.round_hits, throws=self.round_throws, special=sp)))
        return dataclasses.replace(self, phase=KONTER, konter=k, queue=(), fetched=(), on_fire=None)

    def _konter_throw(self, player: str, o: Outcome, rs: list[Ruling]) -> BierpongState:
        k = self.konter
        assert k is not None
        if self.team_of(player) != k.team:
            raise IllegalAction(f"{player}: {self.players[k.team]} are countering (bierpong.art10)")
        got, cups, sp = k.got, k.cups, k.special_done
        if o.hit:
            assert o.cup is not None
            got += 1
            if k.special == "bounce" and (o.bounced or o.roller):
                sp = True
            if k.special == "bombe" and o.cup in cups:
                sp = True
            if k.special == "island" and self.sides[self.team].rack.is_island(o.cup):
                sp = True
            cups = (*cups, o.cup)
        k = dataclasses.replace(k, made=k.made + 1, got=got, cups=cups, special_done=sp)
        st = dataclasses.replace(self, konter=k, last=(player, "hit" if o.hit else "miss", False))
        left = k.throws - k.made
        ok = k.got >= k.hits and (k.special_done or not k.special)
        if ok:
            rs.append(Ruling(self.players[k.team], What.NOTE, 0, "bierpong.art10",
                             phrase(N_("Konter made: {got} hit(s) in {made} throw(s) – no cups removed, {team} throw again"),
                                    got=k.got, made=k.made, team=self.players[self.team])))
            st = st._with_side(k.team, k.saved)
            st = dataclasses.replace(st, konter=None, turn_cups=st.turn_cups - st.round_hits)
            return st._new_round(self.team, st, keep_turn=True)
        if left == 0 or k.got + left < k.hits:
            without = phrase(N_(", without the {shot} shot"), shot=R.shot_name(k.special)) if k.special and not k.special_done else ""
            rs.append(Ruling(self.players[k.team], What.NOTE, 0, "bierpong.art10",
                             phrase(N_("Konter failed: {got} hit(s) of {needed} needed in {made} of {throws} throw(s){without}"),
                                    got=k.got, needed=k.hits, made=k.made, throws=k.throws, without=without)))
            return dataclasses.replace(st, konter=None)._win(self.team, rs)
        return st

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
