"""A Bierpong match played on the live table (`LiveTable`), without a window.

People throw with `request(name, Release(throw))`; the physics runs in `tick`; when every ball of a
throw rests, its timelines are classified (`game.bierpong.classify`) and ruled: `Throw`, two balls at
once as one `Together` (bierpong.art4), `Swat`, `Catch`, the throw-off ball by ball (`ThrowoffBall`,
bierpong.art8) – each ball's launch kept in the entry's detail for replays. Defenders swat a bounced
ball (`SwatBall`, bierpong.art14) or catch an air ball past the far edge (`CatchBall`, bierpong.art23)
by name: the defender who clicked is credited. Bots throw on the same table (`BierpongBots.plan`),
wait while it is busy and give human catchers `CATCH_TIME`. The game clock (bierpong.art9) logs what
it runs (`Clock`) and calls `Time` when the logged clock reaches the profile's `timer`; at an instant
pace (the simulators) no real time passes and each entry spends the seconds a table takes
(`table_seconds`: a throw, a cup removed, a sip drunk) instead.
"""
from __future__ import annotations

from collections import deque

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Sequence

from game.bierpong.actions import Call, Catch, Clock, Fetch, Foul, KnockOver, Leave, Remove, Swat, Throw, ThrowoffBall, Time, Together
from game.bierpong.bots import SKILLS, BierpongBots, Skill, skill_of
from game.bierpong.classify import classify, knocked_over
from game.bierpong.outcome import Outcome, parse_outcome
from game.bierpong.state import CALLS, KONTER, PLAY, THROWOFF, BierpongState
from game.errors import IllegalAction
from game.i18n import N_, _
from game.match import Match
from game.rules.challenge import CHALLENGE
from game.rules.matchlog import Entry
from game.rules.phrase import phrase
from game.rules.realtable import TABLE
from game.rules.ruling import Ruling, What
from game.session.events import Refusal
from game.session.live_table import Flight, LiveTable
from game.session.seats import Bot, Seat
from game.session.session import LIVE, VERIFY_SLICE, Pace, Session
from physics.constants import CONST
from physics.events import Event
from physics.table import Cup
from physics.world import Throw as PhysThrow

REAL_LINES = (Throw, Together, ThrowoffBall, Swat, Catch)  # what a real ball did, entered by its seat

CATCH_TIME = 2.0  # more seconds a bot waits while human defenders could still say they caught an air ball
CLOCK_FLUSH = 5.0  # seconds of game clock at most between two logged `Clock` entries

# The seconds a table takes (docs/bierpong-table.md): at an instant pace no real time passes, so a
# simulated match spends these on the game clock (bierpong.art9) for what each entry did.
THROW_SECONDS = 8  # a ball aimed, thrown, in flight and fetched (two balls thrown together: once)
REMOVE_SECONDS = 3  # a cup taken off the table
DRINK_SECONDS = 5  # a sip drunk – nobody throws meanwhile (bierpong.art7)


def table_seconds(action: Any, rulings: Sequence[Ruling]) -> int:
    """The seconds a table takes over one entry: the throw, the cups removed, the sips drunk."""
    secs = 0
    if isinstance(action, (Throw, Together, Swat)):
        secs += THROW_SECONDS
    elif isinstance(action, Remove):
        secs += REMOVE_SECONDS * len(action.cups)
    elif isinstance(action, KnockOver):
        secs += REMOVE_SECONDS
    return secs + DRINK_SECONDS * sum(r.amount for r in rulings if r.what is What.SIPS and r.amount > 0)


@dataclass(frozen=True)
class Release:
    """A person lets a ball go: `throw` by `player` (None: the thrower picked now, `pick`)."""

    throw: PhysThrow
    player: str | None = None


@dataclass(frozen=True)
class SwatBall:
    """The requesting defender swats `ball` (a table ball id) after it touched down (bierpong.art14)."""

    ball: int
    how: ClassVar[str] = "swat"  # (the `defend` message's word)


@dataclass(frozen=True)
class CatchBall:
    """The requesting defender caught `ball` past the far edge, untouched (bierpong.art23)."""

    ball: int
    how: ClassVar[str] = "catch"  # (the `defend` message's word)


def bot_skill(kind: str) -> Skill:
    """The `Skill` of a seat's kind ("bot" and unknown kinds: a regular player)."""
    return skill_of(kind if kind in SKILLS else "regular")


class PongSession(Session):
    """One Bierpong match at one table, with its live physics table."""

    def __init__(self, match: Match, seats: Sequence[Seat] | None = None, pace: Pace = LIVE, **kw: Any) -> None:
        self.table = LiveTable(trails=not pace.instant)
        self.pick = 0  # which of the allowed throwers throws next (Tab)
        self.clock_pending = 0.0  # game-clock seconds not yet logged
        self._clock_before = 0.0  # the clock when an undo began (its time is logged again)
        self.clock_since = 0.0
        self.table_events: list[Event] = []  # the table's events since the view last drained them
        self.events_seen = 0  # how many events the table has reported in all (the network sends them on: `game.net.host`)
        self.recent_events: deque[tuple[int, Event]] = deque(maxlen=400)  # the latest, each with its number
        self._bots: tuple[Any, BierpongBots | None] = (None, None)
        super().__init__(match, seats, pace, **kw)
        self.sync(force=True)

    @property
    def state(self) -> BierpongState:
        st: BierpongState = self.match.state
        return st

    # --- seats and bots --------------------------------------------------------------------------

    def make_bot(self, seat: int, kind: str) -> Seat:
        return Bot(self.match.players[seat].name, kind, lambda st, rng: self.bots().act(st, live=True))

    def bots(self) -> BierpongBots:
        """The table's bots: every bot seat's players with their skill (kept while the seats and the
        match's random source stay, so their caches last)."""
        kinds = tuple((m, self.match.players[i].kind) for i, side in enumerate(self.state.sides)
                      for m in side.members if self.is_bot(i))
        key = (kinds, id(self.match.rng))
        if self._bots[0] != key or self._bots[1] is None:
            self._bots = (key, BierpongBots({m: bot_skill(k) for m, k in kinds}, self.match.rng))
        assert self._bots[1] is not None
        return self._bots[1]

    def seat_of(self, player: str) -> int:
        return self.state.team_of(player)

    # --- who throws ------------------------------------------------------------------------------

    def target_side(self) -> int:
        """The side whose cups stand on the live table (thrown at; in REMOVE: being removed): the state's
        `BierpongState.target_side`."""
        return self.state.target_side()

    def pairing(self) -> Flight | None:
        """The lone first standard ball in flight that the partner may still join (bierpong.art4)."""
        fl = list(self.table.flights.values())
        return fl[0] if len(fl) == 1 and fl[0].pairable and fl[0].open else None

    def allowed_throwers(self) -> tuple[str, ...]:
        first = self.pairing()
        if first is not None:
            return self.state.partners(first.player)
        return () if self.table.busy else self.state.throwers()

    def thrower(self) -> str | None:
        """Who throws the next ball (while a first ball may be joined: a partner, bierpong.art4)."""
        first = self.pairing()
        ts = self.state.partners(first.player) if first is not None else self.state.throwers()
        return ts[self.pick % len(ts)] if ts else None

    def next_thrower(self) -> None:
        """Tab: the next of the allowed throwers."""
        self.pick += 1

    def human_defenders(self) -> tuple[str, ...]:
        """The defenders a click on a ball may credit: the side thrown at, if people play it here."""
        d = self.target_side()
        return self.state.sides[d].members if self.here(d) else ()

    def waiting_for(self) -> tuple[int, ...]:
        if self.table.busy:
            first = self.pairing()
            t = self.state.throwing_team()
            return (t,) if first is not None and not self.is_bot(t) and self.state.partners(first.player) else ()
        return super().waiting_for()

    # --- the table -------------------------------------------------------------------------------

    def rack_cups(self) -> tuple[Cup, ...]:
        side = self.state.sides[self.target_side()]
        return tuple(Cup(c.id, c.x, c.y) for c in side.rack.cups)

    def sync(self, *, force: bool = False) -> None:
        """The live table holds the rack thrown at now (rebuilt when it changed, or `force`)."""
        if self.table.flights and not force:
            return
        cups, side = self.rack_cups(), self.target_side()
        if force or self.table.key != (side, tuple((c.id, c.x, c.y) for c in cups)):
            self.table.rack(cups, side)

    def fresh_table(self) -> None:
        """A new throw begins: the rack standing now, no balls (a hit cup still standing is a cup)."""
        self.table.rack(self.rack_cups(), self.target_side())

    def live_table(self) -> PongSession:
        """Bierpong has a live table: the session itself (`game.session.authority.LiveTableSession`)."""
        return self

    def launch(self, player: str, t: PhysThrow, *, pairable: bool = False, fresh: bool = True) -> Refusal | None:
        """A ball let go (the rules' checks passed, `release`): onto the table where the truth lives."""
        return self.authority.launch(self, player, t, pairable=pairable, fresh=fresh)

    def throw_here(self, player: str, t: PhysThrow, *, pairable: bool = False, fresh: bool = True) -> Refusal | None:
        """The ball goes onto this session's live table."""
        try:
            if fresh:
                self.fresh_table()
            self.table.throw(t, player, side=self.target_side(), pairable=pairable)
        except ValueError as e:
            return Refusal.of(e)
        return None

    def release(self, who: int | str, req: Release) -> Refusal | None:
        """A person's ball: one at a time, except the partner's second standard ball while the first
        flies in a team game (bierpong.art4)."""
        if self.over():
            return Refusal(phrase(N_("the match is over")))
        try:
            seat = self.seat_index(who)
        except KeyError:
            return Refusal(phrase(N_("{name!r} has no seat at this table"), name=who))
        st = self.state
        if self.match.real_table and not self.is_bot(seat):
            return Refusal(phrase(N_("at a real table the ball is a real one: enter what the throw did (miss, hit, the flags)")))
        member = isinstance(who, str) and any(who in s.members for s in st.sides)
        player = req.player or (who if member and isinstance(who, str) else self.thrower())
        first = self.pairing()
        if player is None:
            return Refusal(phrase(N_("no throw now")))
        if self.table.busy and first is None:
            if st.phase == PLAY and len(st.sides[st.team].members) == 1:
                return Refusal(phrase(N_("{name}: both balls at once only in teams – wait for the ball to rest ({rule})"), name=player, rule="bierpong.art4"))
            if st.phase == PLAY:
                return Refusal(phrase(N_("two balls at once only as a round's two standard throws – wait for the ball to rest ({rule})"), rule="bierpong.art4"))
            return Refusal(phrase(N_("wait for the ball to come to rest")))
        allowed = self.allowed_throwers()
        if player not in allowed:
            return Refusal(phrase(N_("no throw now")) if not allowed else phrase(N_("{name} does not throw now – {names} may ({rule})"),
                                                                                 name=player, names=", ".join(allowed), rule="bierpong.art11"))
        t = st.throwing_team()
        if seat != t or not self.acts(t):
            return Refusal(phrase(N_("{name} is a bot"), name=player) if self.is_bot(t) else phrase(N_("it is {name}'s turn"), name=self.match.players[t].name))
        pairable = first is None and st.may_pair()
        refusal = self.launch(player, req.throw, pairable=pairable, fresh=first is None)
        if refusal is None and pairable:
            self.pick = 0  # Tab now chooses among the partners
        return refusal

    # --- requests --------------------------------------------------------------------------------

    def request(self, who: int | str, action: Any, detail: dict[str, Any] | None = None) -> Refusal | None:
        if isinstance(action, Release):
            return self.release(who, action)
        if isinstance(action, (SwatBall, CatchBall)):
            return self.defend(who, action)
        if self.authority.local:  # (a joined laptop: the host voids the throw)
            self.elbow(action)
        return super().request(who, action, detail)

    def request_launch(self, who: str, release: tuple[float, float, float], velocity: tuple[float, float, float],
                       spin: tuple[float, float, float]) -> Refusal | None:
        """`who` lets a ball go with these numbers (a launch from afar, `game.net.host`)."""
        return self.request(who, Release(PhysThrow(release, velocity, spin), who))

    def request_defence(self, who: str, how: str, ball: int) -> Refusal | None:
        """`who` swats (`how` "swat") or caught ("catch") ball `ball` (from afar, `game.net.host`)."""
        return self.request(who, SwatBall(ball) if how == "swat" else CatchBall(ball))

    def table_event(self, action: Any) -> Refusal | None:
        """A table event from the "Table events" dialog (anybody may enter one): a foul (an elbow with
        `elbow_voids_throw` first takes the player's throw just ruled back), a knock-over, a request,
        time. None when applied, else the referee's refusal."""
        if self.over():
            return Refusal(phrase(N_("the match is over")))
        self.elbow(action)
        return self.apply(action)

    def elbow(self, action: Any) -> None:
        """An elbow over the edge with `elbow_voids_throw` (bierpong.art12): the player's throw just
        ruled is void – taken back first, so the call stands in its place and the ball is thrown again."""
        if not (isinstance(action, Foul) and action.kind == "elbow" and self.match.profile["elbow_voids_throw"]):
            return
        try:
            self.state.team_of(action.player)
        except IllegalAction:
            return  # the referee refuses the call itself
        self.void_last_throw(action.player)

    def apply(self, action: Any, detail: dict[str, Any] | None = None, *, seat: int | None = None) -> Refusal | None:
        """At a real table a ball's line a person's seat entered is logged with `detail: {"entered": SEAT}`,
        as real dice are (Bierpong's table never waits on chance: its throws are the seat's own decisions)."""
        if (seat is not None and self.match.real_table and 0 <= seat < len(self.match.players) and not self.is_bot(seat)
                and isinstance(action, REAL_LINES)):
            detail = {**(detail or {}), "entered": self.match.players[seat].name}
        return super().apply(action, detail, seat=seat)

    def table_action(self, action: Any) -> bool:
        return isinstance(action, (Foul, KnockOver, Time)) or (isinstance(action, Call) and action.word in ("straighten", "ball out"))

    def refusal(self, seat: int, action: Any) -> Refusal | None:
        real = self.match.real_table and seat == self.to_act()  # at a real table the thrower enters the catch too
        if isinstance(action, Catch) and not self.over() and not real:  # the catcher's own seat says it (bierpong.art23)
            if self.table.busy:
                return Refusal(phrase(N_("wait for the ball to come to rest")))
            try:
                mine = self.state.team_of(action.catcher) == seat
            except IllegalAction as e:
                return Refusal.of(e)
            if not mine:
                return Refusal(phrase(N_("{name} catches for his own team only"), name=action.catcher))
            if self.is_bot(seat):
                return Refusal(phrase(N_("{name} is a bot's seat"), name=self.match.players[seat].name))
            return None
        if self.table.busy and not self.table_action(action):
            return Refusal(phrase(N_("wait for the ball to come to rest")))
        return super().refusal(seat, action)

    def defend(self, who: int | str, req: SwatBall | CatchBall) -> Refusal | None:
        """A defender's click on a ball in play: a swat after a bounce (bierpong.art14), a catch past
        the far edge untouched (bierpong.art23) – credited to `who`, the defender who did it; ruled
        where the truth lives."""
        return self.authority.defend(self, who, req)

    def defend_here(self, who: int | str, req: SwatBall | CatchBall) -> Refusal | None:
        """A defender's swat or catch ruled at this session's live table."""
        f = self.table.flights.get(req.ball)
        if f is None or not f.open or self.state.phase not in (PLAY, KONTER):  # a counter ball too (bierpong.art10)
            return Refusal(phrase(N_("that ball is not in play")))
        d = self.target_side()
        defender = who if isinstance(who, str) else (self.state.sides[d].members[0] if 0 <= who < 2 else "")
        if defender not in self.state.sides[d].members:
            return Refusal(phrase(N_("{name} does not defend this ball"), name=defender))
        if not self.acts(d):
            return Refusal(phrase(N_("{team} are bots: they swat and catch for themselves"), team=self.state.players[d])
                           if self.is_bot(d) else phrase(N_("{team} defend from their own laptop"), team=self.state.players[d]))
        if isinstance(req, SwatBall):
            if not f.bounced:
                return Refusal(phrase(N_("a ball may be swatted only after it touched down ({rule})"), rule="bierpong.art14"))
            if len(self.table.flights) == 1:
                self.table.take()
                self.table.clear_balls()
                return self.apply(Swat(defender, f.player), seat=d)
            self.table.swat(req.ball, defender)  # one of two balls thrown at once: ruled when the other rests
            self.notice(_("{defender} swatted {thrower}'s ball ({rule}) – the other ball is ruled first").format(
                defender=defender, thrower=f.player, rule="art14"))
            if self.table.done:
                self.resolve()
            return None
        view = self.table.ball(req.ball)
        if f.touched or view is None or not f.past_far_edge(view.pos[0], CONST.table_length):
            return Refusal(phrase(N_("only an untouched ball past the far edge is caught ({rule})"), rule="bierpong.art23"))
        f.catcher = defender
        return None

    # --- resolving a throw -----------------------------------------------------------------------

    def outcome_of(self, f: Flight) -> Outcome:
        """A ball's classified timeline, round-tripped through the notation (the log replays it)."""
        cb = bool(self.match.profile["cup_contact_is_bounce"])
        return parse_outcome(str(classify(f.events, ball=f.ball, cup_contact_is_bounce=cb)))

    def launch_detail(self, flights: Sequence[Flight]) -> dict[str, Any] | None:
        """The launches of a throw's balls as the log keeps them (`{"throws": [...]}`, `game.replay`)."""
        from game.replay import launch_detail

        known = [f for f in flights if f.throw is not None]
        if not known:
            return None
        first = min(f.at for f in known)
        return {"throws": [launch_detail(f.player, f.throw.release, f.throw.velocity, f.throw.spin, f.at - first, f.side)
                           for f in known if f.throw is not None]}

    def put(self, action: Any, detail: dict[str, Any] | None = None, seat: int | None = None) -> bool:
        """Apply a ruling of the table; a refusal goes to the notices."""
        refusal = self.apply(action, detail, seat=seat)
        if refusal is not None:
            self.notice(str(refusal), "error")
        return refusal is None

    def tipped_notice(self, f: Flight) -> None:
        tipped = knocked_over(f.events, ball=f.ball)
        if tipped:
            said = _("{name}'s ball tipped cup {cups} – stood up again") if len(tipped) == 1 else _("{name}'s ball tipped cups {cups} – stood up again")
            self.notice(said.format(name=f.player, cups=", ".join(map(str, tipped))))

    def resolve(self) -> None:
        """Every ball of the throw is at rest: classify the timelines and rule on them."""
        flights = self.table.take()
        if not flights:
            return
        if len(flights) > 1:
            self.resolve_pair(flights)
            return
        f = flights[0]
        seat = self.seat_of(f.player)
        if f.swatted_by is not None:
            self.put(Swat(f.swatted_by, f.player), seat=1 - seat)
            return
        outcome = self.outcome_of(f)
        if self.state.phase == THROWOFF:
            self.put(ThrowoffBall(f.player, outcome), self.launch_detail([f]), seat)
            return
        swatter = self.bot_swatter(outcome)
        if swatter is not None:
            self.put(Swat(swatter, f.player), seat=1 - seat)
            return
        self.put(Throw(f.player, outcome), self.launch_detail([f]), seat)
        self.tipped_notice(f)
        if f.catcher is not None and outcome.air:
            self.put(Catch(f.catcher, f.player), seat=1 - seat)
        elif outcome.air:
            self.bot_reacts()

    def resolve_pair(self, flights: list[Flight]) -> None:
        """Both balls thrown at once rest: one `Together` (bierpong.art4); a swatted ball is no part of
        it – the other ball's `Throw` first, then the `Swat` (bierpong.art14)."""
        results = []
        for f in flights:
            o = self.outcome_of(f)
            if f.swatted_by is None:
                f.swatted_by = self.bot_swatter(o)
            results.append((f, o))
        seat = self.seat_of(flights[0].player)
        kept = [(f, Throw(f.player, o)) for f, o in results if f.swatted_by is None]
        swats = [Swat(f.swatted_by, f.player) for f, _o in results if f.swatted_by is not None]
        if len(kept) == 2:
            both = Together(kept[0][1], kept[1][1])
            refusal = self.apply(both, self.launch_detail(flights), seat=seat)
            if refusal is not None:
                self.notice(_("not ruled as one throw ({refusal}) – the balls one after the other").format(refusal=refusal), "error")
                for f, t in kept:
                    self.put(t, self.launch_detail([f]), seat)
        else:
            if swats and kept:
                s = swats[0]
                self.notice(_("{defender} swatted {thrower}'s ball: a swat is no part of a together throw – "
                              "{name}'s ball is ruled first, then the swat").format(defender=s.defender, thrower=s.thrower, name=kept[0][1].player))
            for f, t in kept:
                self.put(t, self.launch_detail([f]), seat)
            for sw in swats:
                self.put(sw, seat=1 - seat)
        for f, _t in kept:
            self.tipped_notice(f)
        airs = [f for f, o in results if o.air and f.swatted_by is None]
        caught = [f for f in airs if f.catcher is not None]
        for f in caught:
            self.put(Catch(f.catcher or "", f.player), seat=1 - seat)
        if airs and not caught:
            self.bot_reacts()

    def bot_swatter(self, outcome: Outcome) -> str | None:
        """The bot defender who swats a bounced ball that would drop in, as often as their skill
        (bierpong.art14); None: no swat."""
        d = self.target_side()
        st = self.state
        if not self.is_bot(d) or st.phase not in (PLAY, KONTER) or not (outcome.hit and outcome.bounced):
            return None
        if self.match.rng.random() >= bot_skill(self.match.players[d].kind).swat:
            return None
        swatter: str = self.match.rng.choice(st.sides[d].members)
        return swatter

    def bot_reacts(self) -> None:
        """Bot defenders of a human thrower catch an air ball now and then (bierpong.art23)."""
        d = self.target_side()
        st = self.state
        if not self.is_bot(d) or self.is_bot(1 - d) or st.phase not in (PLAY, CALLS, KONTER):
            return
        catches = [a for a in st.legal_actions() if isinstance(a, Catch)]
        if catches and self.match.rng.random() < bot_skill(self.match.players[d].kind).catch:
            self.put(catches[0], seat=d)

    # --- time ------------------------------------------------------------------------------------

    def tick(self, dt: float, *, hold: bool = False, table_dt: float | None = None, hooks: bool = True) -> None:
        """`dt` seconds passed; the live table runs `table_dt` simulated seconds (default `dt`; the
        view's slow motion and pause). A held table stands still."""
        if dt < 0 or dt != dt:
            raise ValueError(f"tick: dt must be a non-negative number of seconds, not {dt!r}")
        for f in list(self.on_tick) if hooks else []:  # (while a ball flies too: a partner's launch from afar, bierpong.art4)
            f()
        if self.authority.follow(dt, hold):
            return
        self.verify(VERIFY_SLICE)
        if self.refused is not None:
            return
        resolved = not hold and self.run_table(dt if table_dt is None else table_dt)
        if self.table.busy or resolved:  # bots wait while a ball is in play, and read the throw just ruled
            self.clocks(dt, hold)
            self.bot_wait = -self.pace.read_delay if resolved else 0.0  # a bot reads the ruled throw first
            return
        super().tick(dt, hold=hold, hooks=False)

    def run_table(self, sim_seconds: float) -> bool:
        """Run the table; at an instant pace a throw nobody here may still join is played to rest at
        once. True: a throw came to rest and was ruled."""
        if self.pace.instant and self.table.busy and self.waiting_for() == ():
            new = self.table.settle()
        else:
            new = self.table.advance(sim_seconds)
        self._reported(new)
        if self.table.done:
            self.resolve()
            return True
        return False

    def _reported(self, new: list[Event]) -> None:
        """The table reported `new`: kept for the view (drained) and numbered for the network."""
        self.table_events += new
        for e in new:
            self.events_seen += 1
            self.recent_events.append((self.events_seen, e))
        del self.table_events[:-200]

    def drain_table_events(self) -> list[Event]:
        """The table's events since the last call (for the view's labels and sounds)."""
        out, self.table_events = self.table_events, []
        return out

    def bot_delay(self) -> float:
        st = self.state
        humans_may_catch = (not self.pace.instant and st.phase in (PLAY, CALLS, KONTER) and not self.is_bot(1 - st.throwing_team())
                            and any(isinstance(a, Catch) for a in st.legal_actions()))
        return self.pace.bot_delay + (CATCH_TIME if humans_may_catch else 0.0)

    def time_left(self) -> float | None:
        """Seconds on the game clock (None: no timer), the unlogged ones counted."""
        limit = self.state.time_limit()
        return None if limit is None else max(0.0, limit - self.state.clock - self.clock_pending)

    def flush_clock(self, *, all_of_it: bool = False) -> None:
        """Log the game-clock seconds that have passed (whole seconds, one `Clock` for all of them)."""
        st = self.state
        limit = st.time_limit()
        if limit is None or not st.clock_runs():
            return
        secs = min(int(self.clock_pending), limit - st.clock)
        if secs >= 1 and (all_of_it or self.clock_since >= CLOCK_FLUSH or secs >= limit - st.clock):
            self.clock_since = 0.0
            if self.apply(Clock(secs)) is None:
                self.clock_pending -= secs

    def clocks(self, dt: float, hold: bool) -> None:
        """The game clock (bierpong.art9): it runs while nothing holds the table, logs what it ran,
        and calls `Time` between balls once the logged clock has reached the timer."""
        st = self.state
        if hold or not st.clock_runs():
            return
        if not self.pace.instant:  # at an instant pace the table's seconds pass with the entries (`applied`)
            self.clock_pending += dt
            self.clock_since += dt
        self.flush_clock()
        st = self.state
        limit = st.time_limit()
        if limit is not None and st.clock >= limit and st.clock_runs() and not self.table.busy:
            self.clock_pending = 0.0
            self.put(Time(), {"clock": True})

    # --- bots ------------------------------------------------------------------------------------

    def bot_turn(self, seat: int) -> None:
        """The bots of `seat` act: a throw goes onto the live table (`BierpongBots.plan`) and is ruled
        when it rests; anything else is applied at once."""
        if self.table.busy:
            return
        st = self.state
        bots = self.bots()
        try:
            if st.phase == THROWOFF:  # the throw-off ball by ball, each on the live table
                who = self.match.rng.choice(st.throwers())
                self.bot_throw([(who, bots.plan(st, who))])
                return
            action = bots.act(st, live=True)
            if isinstance(action, Together) and st.phase == PLAY:  # both balls at once (bierpong.art4)
                first = bots.plan(st, action.first.player)
                avoid = frozenset(c for c in (bots.last_target,) if c is not None)
                self.bot_throw([(action.first.player, first), (action.second.player, bots.plan(st, action.second.player, avoid=avoid))],
                               pairable=True)
                return
            if isinstance(action, (Throw, Swat)) and st.phase in (PLAY, KONTER):
                player = action.player if isinstance(action, Throw) else action.thrower
                self.bot_throw([(player, bots.plan(st, player))])
                return
        except Exception as e:  # a bot's own failure must not end the match
            self.notice(_("{name}'s bot failed ({error}); it plays at random").format(name=self.match.players[seat].name, error=e), "error")
            fallback = self.fallback(seat)
            if fallback is not None:
                self.apply(fallback, seat=seat)
            return
        if self.apply(action, seat=seat) is not None:
            super().bot_turn(seat)

    def bot_throw(self, throws: list[tuple[str, PhysThrow]], *, pairable: bool = False) -> None:
        for i, (player, t) in enumerate(throws):
            refusal = self.launch(player, t, pairable=pairable, fresh=i == 0)
            if refusal is not None:
                self.notice(str(refusal), "error")
        if self.pace.instant:
            self._reported(self.table.settle())
            if self.table.done:
                self.resolve()

    # --- undo ------------------------------------------------------------------------------------

    def decided_here(self, index: int, entry: Entry) -> bool:
        """A person here made entry `index`: the thrower, the defender who swatted or caught, the team
        that chose or removed; the clock's entries are nobody's; table events are a person's."""
        if entry.seat == CHALLENGE:
            return True
        try:
            a = self.state.parse_action(entry.action)
        except ValueError:
            return super().decided_here(index, entry)
        seat = self.actor(a, entry)
        return seat is not None and self.here(seat)

    def actor(self, a: Any, entry: Entry) -> int | None:
        """The seat whose decision action `a` (entry `entry`) was; None: the clock's."""
        st = self.state
        try:
            if isinstance(a, Clock) or (isinstance(a, Time) and (entry.detail or {}).get("clock")):
                return None
            if isinstance(a, (Throw, ThrowoffBall, Fetch)):
                return st.team_of(a.player)
            if isinstance(a, Together):
                return st.team_of(a.first.player)
            if isinstance(a, Swat):
                return st.team_of(a.defender)
            if isinstance(a, Catch):
                return st.team_of(a.catcher)
            if isinstance(a, Call) and a.word not in ("straighten", "ball out"):
                return st.team_of(a.player)
            if isinstance(a, (Remove, Leave)):
                return st.side_named(a.team)
            if isinstance(a, (Foul, KnockOver, Call, Time)):  # a table event: entered by a person here
                return next((i for i in range(len(self.seats)) if self.here(i)), None)
        except IllegalAction:
            return None
        return entry.seat if entry.seat >= 0 else None  # the seat on turn: a choice, the throw-off, end of round

    def void_last_throw(self, player: str) -> bool:
        """Take back `player`'s throw if it is the last entry (`elbow_voids_throw`); True if done."""
        entries = self.match.log.entries
        if len(entries) <= 1:
            return False
        try:
            last = self.state.parse_action(entries[-1].action)
        except ValueError:
            return False
        throwers = [last.player] if isinstance(last, Throw) else [last.first.player, last.second.player] if isinstance(last, Together) else []
        if player not in throwers:
            return False
        self.undo_to(len(entries) - 1)
        return True

    def applied(self, entry: Entry, before: Any) -> None:
        self.pick = 0
        self.sync()
        if self.pace.instant and before.clock_runs() and entry.seat != TABLE:  # a simulated match: the table's seconds pass
            spent = table_seconds(self.state.parse_action(entry.action), entry.rulings)
            self.clock_pending += spent
            self.clock_since += spent

    def undo_to(self, n: int) -> None:
        self._clock_before = self.state.clock + self.clock_pending
        super().undo_to(n)

    def rewound(self, gone: list[Entry]) -> None:
        """After an undo the table is set anew from the state: no ball in play, the rack thrown at.
        Game time an undo takes back has passed all the same (as at Le Mans): it is logged again."""
        self.pick = 0
        self.clock_pending = max(0.0, self._clock_before - self.state.clock)
        self._clock_before = self.state.clock
        self.clock_since = 0.0
        self.table_events = []
        self.sync(force=True)

    def resync(self) -> None:
        """The table anew from the match as it stands (the replay's step, a view's reset)."""
        self.rewound([])

    def save(self, path: str | Path | None = None) -> Path | Refusal:
        self.flush_clock(all_of_it=True)
        return super().save(path)

    def leave(self) -> None:
        self.flush_clock(all_of_it=True)
        super().leave()
