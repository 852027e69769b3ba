"""The referee's side of a solved special shot (no pygame): `referee_demo(solution)`.

The solver (`game.bierpong.solver`) finds throws through the physics and classifies them; here
those throws are played as a real singles match through `BierpongState` and the notation of
`game.bierpong.actions`, so the demo can show what the referee rules on them. Foxes (Ann) throw
at the Owls' (Cem's) rack; the Owls' cup ids are the solver's (`physics.table.formation("triangle10")`).

A script is lines of notation, each with the rulings it produced:
  setup      the throw-off and "Foxes begin" (bierpong.art8) – for the Konter also the earlier
             rounds that bring the Owls down to the solver's one cup (bierpong.art10)
  per throw  the solved throw with the solver's outcome, and the table actions it needs around it:
             the Island call before the island throw (art22), "Ann fetches" (art19), "Cem catches
             Ann" (art23), "heating up"/"on fire" (art21), "Owls leave N" (art18), the owners'
             removals (the first legal `Remove` – adjacent extras first, art3 – unless that would
             take a cup a later solved throw hits), "end of round" where a call could still follow
  records    throws the shot does not show but the referee needs: the round's other ball (a miss),
             the defenders' round in between – `shown=False`

Racks. The solver takes a hit cup off at once; at the table it stands, with the ball in it, until
the round's regular throws are done (bierpong.art3) – no ball can land in it then, so the solver's
outcome stands as classified. Where the two racks differ at a throw, `ThrowScript.rack` says so.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.bierpong.actions import Remove
from game.bierpong.outcome import Outcome
from game.bierpong.solver import Solution, SolvedThrow
from game.bierpong.state import CALLS, KONTER, OVER, PLAY, REMOVE, BierpongState
from game.i18n import N_
from game.rules import bierpong as R
from game.rules.phrase import phrase
from game.rules.ruling import Ruling, What
from physics.table import formation

TEAMS = ("Foxes", "Owls")
THROWER, DEFENDER = "Ann", "Cem"
RACK = "triangle10"

# the article each shot is ruled under
ARTICLES: dict[str, str] = {
    "bounce": "bierpong.art14",
    "roller": "bierpong.art15",
    "bombe": "bierpong.art20",
    "island": "bierpong.art22",
    "trickshot": "bierpong.art19",
    "air_ball": "bierpong.art23",
    "balls_back": "bierpong.art13",
    "on_fire": "bierpong.art21",
    "dead_cup": "bierpong.art18",
    "konter": "bierpong.art10",
}


@dataclass(frozen=True, slots=True)
class Line:
    """One action applied to the referee and what it ruled."""

    action: str  # the notation (`game.bierpong.actions`)
    rulings: tuple[Ruling, ...]
    setup: bool = False  # brings the table to where the shot starts
    shown: bool = True  # False: on record only, not played on the table
    solved: bool = False  # the solver's throw itself


@dataclass(frozen=True)
class ThrowScript:
    """One solved throw at the table: its lines (calls before it, removals after it) and racks."""

    index: int  # into `Solution.throws`
    note: str  # the solver's note
    lines: tuple[Line, ...]
    rack: str = ""  # how the solver's rack and the referee's differed ("" when they agree)

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        return tuple(r for ln in self.lines for r in ln.rulings)

    @property
    def before(self) -> tuple[Line, ...]:
        """The lines before the solved throw (calls, the defenders' round)."""
        i = next(i for i, ln in enumerate(self.lines) if ln.solved)
        return self.lines[:i]

    @property
    def after(self) -> tuple[Line, ...]:
        """The solved throw and what follows it."""
        i = next(i for i, ln in enumerate(self.lines) if ln.solved)
        return self.lines[i:]


@dataclass(frozen=True)
class DemoScript:
    """A solved shot as the referee saw it."""

    shot: str
    article: str  # the shot's rule id (`ARTICLES`)
    teams: tuple[str, str]
    setup: tuple[Line, ...]
    throws: tuple[ThrowScript, ...]
    start: BierpongState  # after the setup
    state: BierpongState  # after the last line

    def rulings(self, *, setup: bool = False) -> tuple[Ruling, ...]:
        """Every ruling of the shot (and of the setup with `setup`)."""
        pre = tuple(r for ln in self.setup for r in ln.rulings) if setup else ()
        return pre + tuple(r for t in self.throws for r in t.rulings)

    def lines(self) -> tuple[Line, ...]:
        return self.setup + tuple(ln for t in self.throws for ln in t.lines)

    def summary(self) -> tuple[str, ...]:
        """"The referee:" in a few lines: cups removed, sips, how it stands (phrases: `game.i18n.tr`)."""
        out: list[str] = []
        for before, after in zip(self.start.sides, self.state.sides):
            gone = [c for c in before.rack.ids if c not in after.rack]
            if gone:
                out.append(phrase(N_("{team}: cups {cups} removed ({before} → {after} left)"), team=before.name,
                                  cups=" ".join(map(str, gone)), before=len(before.rack), after=len(after.rack)))
        if not out:
            out.append(phrase(N_("no cups removed")))
        for side in self.state.sides:
            if side.dead:
                out.append(phrase(N_("{team}: Dead Cup {cups} left standing (art18)"), team=side.name, cups=" ".join(map(str, sorted(side.dead)))))
        sips: dict[str, int] = {}
        for r in self.rulings():
            if r.what == What.SIPS:
                sips[r.who] = sips.get(r.who, 0) + r.amount
        if sips:
            out.append(phrase(N_("sips: {sips} (art1)"), sips=", ".join(f"{who} {n}" for who, n in sips.items())))
        else:
            out.append(phrase(N_("no sips yet – the defenders drink when the throwing team's turn is over (art2)")))
        out.append(_standing(self.state))
        return tuple(out)


def _standing(st: BierpongState) -> str:
    if st.phase == OVER and st.winner is not None:
        return phrase(N_("{team} win (art9)"), team=st.players[st.winner])
    if st.phase == KONTER and st.konter is not None:
        return phrase(N_("{team} are countering (art10)"), team=st.players[st.konter.team])
    if st.extra:
        return phrase(N_("next: {team} throw – then one throw more for {players} (art23)"), team=st.players[st.team], players=", ".join(st.extra))
    return phrase(N_("next: {team} throw"), team=st.players[st.team])


def short(rule: str) -> str:
    """`bierpong.art14` → `art14` (for narrow columns)."""
    return rule.split(".", 1)[-1]


class _Table:
    """The referee, with every applied line kept (to be grouped by throw)."""

    def __init__(self) -> None:
        step = BierpongState.start(TEAMS, R.SPEC.make(), members=[(THROWER,), (DEFENDER,)])
        self.state: BierpongState = step.state
        self.lines: list[Line] = [Line("start", step.rulings, setup=True)]
        self.keep: frozenset[int] = frozenset()  # cups later solved throws still need

    def do(self, text: str, *, setup: bool = False, shown: bool = True, solved: bool = False) -> None:
        step = self.state.apply(text)
        self.state = step.state
        self.lines.append(Line(text, tuple(step.rulings), setup, shown, solved))

    def take(self) -> tuple[Line, ...]:
        out, self.lines = tuple(self.lines), []
        return out

    def settle(self, *, leave: frozenset[int] = frozenset(), setup: bool = False) -> None:
        """Close what the table must close: "end of round" where only a call could follow, and the
        owners' removals (or a cup in `leave` left standing: a Dead Cup)."""
        while True:
            st = self.state
            if st.phase == CALLS:
                self.do("end of round", setup=setup)
            elif st.phase == REMOVE:
                cup = st.queue[0].cup
                if cup in leave:
                    self.do(f"{st.defender.name} leave {cup}", setup=setup)
                else:
                    self.do(str(self._removal()), setup=setup)
            else:
                return

    def _removal(self) -> Remove:
        """The first legal removal (adjacent extras first, bierpong.art3) sparing the cups a later
        solved throw needs, if one does."""
        legal = [a for a in self.state.legal_actions() if isinstance(a, Remove)]
        return next((a for a in legal if not set(a.cups[1:]) & self.keep), legal[0])

    def in_round(self, team: int) -> bool:
        st = self.state
        return st.phase == PLAY and st.team == team and bool(st.standard or st.on_fire or st.extra or st.fetched)

    def finish_round(self, player: str, *, setup: bool = False, leave: frozenset[int] = frozenset()) -> None:
        """The round's remaining balls as misses on record (not shown), then its removals."""
        team = self.state.team_of(player)
        self.settle(leave=leave, setup=setup)
        while self.in_round(team):
            self.do(f"{player}: miss", setup=setup, shown=False)
            self.settle(leave=leave, setup=setup)

    def round_on_record(self, player: str, *, setup: bool = False) -> None:
        """A whole round of `player`'s team, just begun, thrown as misses on record (not shown)."""
        team = self.state.team_of(player)
        if self.state.phase == PLAY and self.state.team == team and not self.in_round(team):
            self.do(f"{player}: miss", setup=setup, shown=False)
        self.finish_round(player, setup=setup)

    def regular_done(self, player: str) -> None:
        """The round's standard throws completed with misses on record (a trickshot waits for them)."""
        while self.state.phase == PLAY and len(self.state.standard) < 2:
            self.do(f"{player}: miss", shown=False)
        self.settle()

    def target_side(self) -> tuple[int, ...]:
        """The ids of the cups the next ball is thrown at."""
        st = self.state
        if st.phase == KONTER and st.konter is not None:
            return st.sides[1 - st.konter.team].rack.ids
        return st.defender.rack.ids


@dataclass
class _Script:
    solution: Solution
    table: _Table = field(default_factory=_Table)
    throws: list[ThrowScript] = field(default_factory=list)
    racks: list[str] = field(default_factory=list)

    def throw(self, i: int, player: str) -> None:
        """The solved throw `i` by `player`, with the solver's outcome."""
        st = self.solution.throws[i]
        self.racks.append(_rack_note(st, self.table.target_side()))
        self.table.keep = frozenset(c for t in self.solution.throws[i + 1:] for c in _cups_of(t.outcome))
        self.table.do(f"{player}: {st.outcome}", solved=True)

    def close(self, i: int) -> None:
        """Group the lines applied since the last group as throw `i`'s."""
        st = self.solution.throws[i]
        self.throws.append(ThrowScript(i, st.note, self.table.take(), self.racks[i]))


def _cups_of(o: Outcome) -> set[int]:
    return set(o.touched) | ({o.cup} if o.cup is not None else set())


def _rack_note(st: SolvedThrow, referee: tuple[int, ...]) -> str:
    solver = tuple(c.id for c in st.cups)
    if set(solver) == set(referee):
        return ""
    held = [c for c in referee if c not in solver]
    missing = [c for c in solver if c not in referee]
    parts = []
    if held:
        parts.append(f"cup(s) {' '.join(map(str, held))} still stand at the table, each with a ball in it, until the round's "
                     "throws are done (art3) – the solver had taken them off; no ball can land there, so the outcome stands")
    if missing:
        parts.append(f"cup(s) {' '.join(map(str, missing))} of the solver's rack are gone at the table")
    return "; ".join(parts)


def _check_rack(solution: Solution) -> None:
    full = {c.id: c for c in formation(RACK)}
    for st in solution.throws:
        for c in st.cups:
            if full.get(c.id) != c:
                raise ValueError(f"{solution.shot}: the referee's demo needs the solver's default rack ({RACK}); "
                                 f"cup {c.id} is not one of it")


def referee_demo(solution: Solution) -> DemoScript:
    """Play `solution` as a singles match through the referee (see the module's docstring).
    ValueError if the shot is unknown or its rack is not the default one."""
    if solution.shot not in ARTICLES:
        raise ValueError(f"unknown shot {solution.shot!r}")
    _check_rack(solution)
    s = _Script(solution)
    t = s.table
    t.do(f"throw-off {THROWER} hit 1, {DEFENDER} miss", setup=True)
    t.do(f"{TEAMS[0]} begin", setup=True)
    if solution.shot == "konter":
        _konter_setup(s)
    setup = t.take()
    start = t.state
    _PLAYS[solution.shot](s)
    if t.lines:  # anything left over belongs to the last throw
        last = s.throws[-1]
        s.throws[-1] = ThrowScript(last.index, last.note, last.lines + t.take(), last.rack)
    return DemoScript(solution.shot, ARTICLES[solution.shot], TEAMS, setup, tuple(s.throws), start, t.state)


# --- the shots ---------------------------------------------------------------------------------------

def _one_ball(s: _Script) -> None:
    """bounce, roller: the ball, the round's other ball a miss on record, the owners' removal."""
    s.throw(0, THROWER)
    s.table.finish_round(THROWER)
    s.close(0)


def _round_of_two(s: _Script) -> None:
    """bombe, balls back: two balls of one round; "end of round", removals, balls back (art13)."""
    s.throw(0, THROWER)
    s.close(0)
    s.throw(1, THROWER)
    s.table.settle()
    s.close(1)


def _island(s: _Script) -> None:
    """The neighbours hit away (rounds closed, removals), then "Island N" and the island hit (art22)."""
    t = s.table
    n = len(s.solution.throws)
    for i in range(n - 1):
        s.throw(i, THROWER)
        if i == n - 2:
            t.finish_round(THROWER)
        else:
            t.settle()
        s.close(i)
    cup = s.solution.throws[-1].outcome.cup
    t.do(f"{THROWER}: island {cup}")
    s.throw(n - 1, THROWER)
    t.finish_round(THROWER)
    s.close(n - 1)


def _trickshot(s: _Script) -> None:
    """The ball back on the thrower's half, fetched; the regular throws done; the trickshot (art19)."""
    t = s.table
    s.throw(0, THROWER)
    t.do(f"{THROWER} fetches")
    t.regular_done(THROWER)
    s.close(0)
    s.throw(1, THROWER)
    t.finish_round(THROWER)
    s.close(1)


def _air_ball(s: _Script) -> None:
    """The air ball caught behind the far edge; the round done – the catcher's double throw next (art23)."""
    t = s.table
    s.throw(0, THROWER)
    t.do(f"{DEFENDER} catches {THROWER}")
    t.finish_round(THROWER)
    s.close(0)


def _on_fire(s: _Script) -> None:
    """Two hits, "Heating up", the round closed (balls back); the third hit, "On fire" (art21); he
    throws on until a miss (on record)."""
    t = s.table
    s.throw(0, THROWER)
    s.close(0)
    s.throw(1, THROWER)
    t.do(f"{THROWER}: heating up")
    t.settle()
    s.close(1)
    for i in range(2, len(s.solution.throws)):
        s.throw(i, THROWER)
        if i == 2:
            t.do(f"{THROWER}: on fire")
    t.finish_round(THROWER)
    s.close(len(s.solution.throws) - 1)


def _dead_cup(s: _Script) -> None:
    """A hit, a miss, the hit cup left standing (art18); the Owls' round on record; the Dead Cup hit."""
    t = s.table
    first = s.solution.throws[0].outcome.cup
    assert first is not None
    s.throw(0, THROWER)
    s.close(0)
    s.throw(1, THROWER)
    t.finish_round(THROWER, leave=frozenset({first}))
    s.close(1)
    t.round_on_record(DEFENDER)  # the defenders' round between: misses on record
    s.throw(2, THROWER)
    t.settle()
    s.close(2)


def _konter_setup(s: _Script) -> None:
    """Earlier rounds (setup): Foxes hit every Owls cup but the solver's last one, two a round."""
    t = s.table
    last = {c.id for c in s.solution.throws[0].cups}
    gone = [c for c in reversed(t.state.sides[1].rack.ids) if c not in last]
    t.keep = frozenset(last)
    for i in range(0, len(gone), 2):
        for c in gone[i:i + 2]:
            t.do(f"{THROWER}: hit {c}", setup=True)
        t.finish_round(THROWER, setup=True)  # two hits: balls back (art13); one: a miss ends the turn
    if t.state.team == 1:
        t.round_on_record(DEFENDER, setup=True)


def _konter(s: _Script) -> None:
    """The last cup hit as the round's second ball (the first a miss on record): the Konter opens;
    the counter – one hit in as few throws – is made: no cups removed, Foxes throw again (art10)."""
    t = s.table
    t.do(f"{THROWER}: miss", shown=False)
    s.throw(0, THROWER)
    s.racks[0] = ("the solver's finish is one throw; the referee counts the finishing round's throws – two, the first a "
                  "miss on record – so the counter needs one hit in up to two throws (art10, the Decision)")
    t.settle()
    s.close(0)
    for i in range(1, len(s.solution.throws)):
        s.throw(i, DEFENDER)
        s.close(i)


_PLAYS = {
    "bounce": _one_ball,
    "roller": _one_ball,
    "bombe": _round_of_two,
    "balls_back": _round_of_two,
    "island": _island,
    "trickshot": _trickshot,
    "air_ball": _air_ball,
    "on_fire": _on_fire,
    "dead_cup": _dead_cup,
    "konter": _konter,
}
