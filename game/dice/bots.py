"""Bots for the dice table.

`ExactBot` ("bot") plays a turn of Schock or Katchen from the exact probabilities of the rolls it
has left. Its aim, in this order: not to end the round with the worst throw (schock.deckel,
katchen.phase2), and then to receive as few mats as it can expect.

The model
---------
A throw's place in a round is its strength without the time order: value, then fewer rolls
(schock.mit, katchen.order/katchen.mit), for Schock also the Schock aus in one go. The bot numbers
these classes 0 (worst) … n-1 (best): its *rank*. Between two throws of the same rank the
earlier one is better, so

- my throw of rank m is below an earlier throw of rank p iff m <= p, and
- a later player's throw of rank x beats mine iff x > m.

P(I end worst | my final throw m) = [m <= every rank already thrown] x prod over the players still
to throw of P(they beat m). Given that I am the worst so far, the throw each later player must top
is mine, so each of them is modelled as a player who plays his turn to maximise P(rank > m)
with the rolls he is allowed: the opener's roll count (schock.rolls, katchen.phase2) – for the
opener that is the number of rolls he ends with, so standing early also binds the others.
That probability ("beat table"), and the distribution of the later player's final throw under that
play, are computed exactly once per (game, profile, max rolls) and cached.

Secondary aim: the mats received, E[mats | m] = P(worst | m) x E[mats of the round's best throw |
I am worst], the best throw being the best of those already made and of the later players' throws
(each conditioned on beating mine). Schock aus counts as the whole half (15) under the default
`schock_aus: lose_half`, as 0 under `halve_mats` (it gives mats back); caps by the middle or by
the giver's mats are ignored. The two aims are combined into one cost
P(worst) + 1e-7 x E[mats], i.e. mats only break (near-)ties of P(worst).

The turn itself is an expectimax over the rolls left: after roll k the bot may stand, roll again
keeping a sub-multiset of the dice (in Schock one containing the dice set aside), or – Schock –
turn sixes; the value of rolling with a kept multiset is the average over the exact outcome
distribution of the other dice (`game.dice.state.roll_outcomes`). Transition tables (per kept
multiset: every outcome with its probability, the throw classes it makes, the keeps and flips it
allows) are built once per (game, profile); values are memoised per *context* (max rolls,
players still to throw, opener or not, the worst and the best rank already thrown), so a repeated
situation costs a few dictionary look-ups.
"""
from __future__ import annotations

import random
from array import array
from collections import OrderedDict
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any, Callable, Protocol, Sequence

from game.dice.actions import Action, Flip, Roll, Stand
from game.dice.state import DiceState, roll_outcomes
from game.dice.turn import contains, sub_multisets
from game.rules.dice import ALL_THROWS, Faces, Throw, norm
from game.rules.profile import Profile


class Bot(Protocol):
    name: str

    def choose(self, state: DiceState) -> Action: ...


class RandomBot:
    """Keeps dice at random and stands at random: the baseline the real bot must beat."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: DiceState) -> Action:
        acts = state.legal_actions()
        return self.rng.choice(acts)


# --- the turn model ------------------------------------------------------------------------

MATS_WEIGHT = 1e-7
"""Weight of the expected mats against P(worst) in the bot's cost (mats only break near-ties)."""

KEEPS: tuple[Faces, ...] = tuple(
    norm(c) for n in range(3) for c in combinations_with_replacement(range(1, 7), n)
)
"""Every multiset of dice that can be kept for a roll (0 to 2 dice), high to low."""
KEEP_ID: dict[Faces, int] = {k: i for i, k in enumerate(KEEPS)}

# A transition record: what one outcome of a roll leaves on the table.
# (probability, stand rank by roll number, keeps allowed next, sixes that may be turned,
#  rank after turning by roll number, keeps allowed after turning)
Rec = tuple[float, tuple[int, ...], tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]


def _flip(faces: Faces, n: int) -> Faces:
    f = list(faces)
    for _ in range(n):
        f[f.index(6)] = 1
    return norm(tuple(f))


class TurnModel:
    """A game under a profile: throw classes (ranks), transition tables, and the later players' model."""

    def __init__(self, game: type[DiceState], profile: Profile) -> None:
        self.state_class = game
        self.game = game.GAME
        self.profile = profile
        self.sets_aside = game.SETS_ASIDE  # schock.rolls: dice put out stay out
        self.flips = game.FLIPS  # schock.sixes
        self.flip_last_ok = game.FLIPS and game.flips_on_last_roll(profile)
        strength: Callable[[Throw, Profile], tuple[object, ...]] = game.throw_strength
        # ranks: the strength without the time order, numbered worst first
        classes: dict[tuple[Faces, int, bool], tuple[object, ...]] = {}
        for faces in ALL_THROWS:
            for rolls in (1, 2, 3):
                for one in (True, False):
                    classes[(faces, rolls, one)] = strength(Throw(faces, rolls, one, 0), profile)[:-1]
        distinct = sorted(set(classes.values()))
        index = {s: i for i, s in enumerate(distinct)}
        self.rank: dict[tuple[Faces, int, bool], int] = {k: index[s] for k, s in classes.items()}
        self.n_ranks = len(distinct)
        self.rank_rolls = [0] * self.n_ranks
        self.rank_mats = [0] * self.n_ranks
        for (faces, rolls, one), r in self.rank.items():
            self.rank_rolls[r] = rolls
            self.rank_mats[r] = self._mats(faces, one)
        # transition tables: for every kept multiset, every outcome of the other dice
        self.recs: list[list[Rec]] = [self._records(k) for k in KEEPS]
        self._beat: dict[int, tuple[list[float], list[array[float]]]] = {}
        self._mexp: dict[tuple[int, int], list[tuple[array[float], float]]] = {}

    def _mats(self, faces: Faces, one_roll: bool) -> int:
        return self.state_class.throw_mats(faces, one_roll, self.profile)

    def _keeps_from(self, faces: Faces, out: Faces) -> tuple[int, ...]:
        return tuple(
            KEEP_ID[k] for k in sub_multisets(faces) if len(k) < 3 and contains(norm(k), out)
        )

    def _records(self, keep: Faces) -> list[Rec]:
        recs: list[Rec] = []
        one = not keep
        for new, p in roll_outcomes(3 - len(keep)):
            faces = norm(keep + new)
            out = keep if self.sets_aside else ()
            stand = (-1,) + tuple(self.rank[(faces, k, one)] for k in (1, 2, 3))
            nxt = self._keeps_from(faces, out)
            sixes = sum(1 for f in new if f == 6)
            n = (2 if sixes == 3 else 1 if sixes == 2 else 0) if self.flips else 0
            if n:
                ff = _flip(faces, n)
                fstand = (-1,) + tuple(self.rank[(ff, k, False)] for k in (1, 2, 3))
                fnext = self._keeps_from(ff, norm(out + (1,) * n))
            else:
                fstand, fnext = (), ()
            recs.append((p, stand, nxt, n, fstand, fnext))
        return recs

    # --- the expectimax --------------------------------------------------------------------

    def expect(self, term: Sequence[float], R: int, memo: list[list[float | None]], k: int, kid: int) -> float:
        """Least expected cost of rolling for the k-th time keeping KEEPS[kid], `R` rolls at most.

        `term[rank]` is the cost of ending the turn with a throw of that rank; `memo[k][kid]`
        caches the answers for this `term` and `R`.
        """
        row = memo[k]
        v = row[kid]
        if v is not None:
            return v
        total = 0.0
        if k >= R:
            last_ok = self.flip_last_ok
            for p, stand, _nxt, n, fstand, _fnext in self.recs[kid]:
                best = term[stand[k]]
                if n == 2 and last_ok:
                    x = term[fstand[k]]
                    if x < best:
                        best = x
                total += p * best
        else:
            nrow = memo[k + 1]
            expect = self.expect
            for p, stand, nxt, n, fstand, fnext in self.recs[kid]:
                best = term[stand[k]]
                for j in nxt:
                    y = nrow[j]
                    if y is None:
                        y = expect(term, R, memo, k + 1, j)
                    if y < best:
                        best = y
                if n:
                    for j in fnext:
                        y = nrow[j]
                        if y is None:
                            y = expect(term, R, memo, k + 1, j)
                        if y < best:
                            best = y
                    if n == 2:
                        x = term[fstand[k]]
                        if x < best:
                            best = x
                total += p * best
        row[kid] = total
        return total

    def _final_distribution(self, term: Sequence[float], R: int, memo: list[list[float | None]]) -> list[float]:
        """Probability of each final rank when the turn is played by the policy `expect` found."""
        dist = [0.0] * self.n_ranks
        mass: list[dict[int, float]] = [{} for _ in range(R + 2)]
        mass[1][KEEP_ID[()]] = 1.0
        last_ok = self.flip_last_ok
        for k in range(1, R + 1):
            nrow = memo[k + 1] if k < R else None
            nmass = mass[k + 1]
            for kid, m0 in mass[k].items():
                for p, stand, nxt, n, fstand, fnext in self.recs[kid]:
                    m = m0 * p
                    # the same comparisons, in the same order, as `expect`
                    best = term[stand[k]]
                    choice = stand[k]  # >= 0: stand on that rank; < 0: roll keeping KEEPS[-choice - 1]
                    if nrow is None:
                        if n == 2 and last_ok and term[fstand[k]] < best:
                            choice = fstand[k]
                    else:
                        for j in nxt:
                            x = nrow[j]
                            assert x is not None
                            if x < best:
                                best, choice = x, -j - 1
                        if n:
                            for j in fnext:
                                x = nrow[j]
                                assert x is not None
                                if x < best:
                                    best, choice = x, -j - 1
                            if n == 2 and term[fstand[k]] < best:
                                best, choice = term[fstand[k]], fstand[k]
                    if choice >= 0:
                        dist[choice] += m
                    else:
                        nmass[-choice - 1] = nmass.get(-choice - 1, 0.0) + m
        return dist

    def beat(self, R: int) -> tuple[list[float], list[array[float]]]:
        """For a player allowed `R` rolls who plays to top a throw of rank t, for every t:
        P(his final rank > t), and the distribution of his final rank restricted to ranks > t."""
        if R not in self._beat:
            n = self.n_ranks
            probs: list[float] = []
            dists: list[array[float]] = []
            for t in range(n):
                term = [1.0 if r <= t else 0.0 for r in range(n)]
                memo: list[list[float | None]] = [[None] * len(KEEPS) for _ in range(R + 2)]
                fail = self.expect(term, R, memo, 1, KEEP_ID[()])
                dist = self._final_distribution(term, R, memo)
                for r in range(t + 1):
                    dist[r] = 0.0
                probs.append(max(0.0, 1.0 - fail))
                dists.append(array("d", dist))
            self._beat[R] = (probs, dists)
        return self._beat[R]

    def mats_tables(self, R: int, L: int) -> list[tuple[array[float], float]]:
        """For each rank t, with Y the best throw of L later players (R rolls, each conditioned on
        topping t): E[mats(max(s, Y))] for every rank s (the best throw already made), and E[mats(Y)]."""
        key = (R, L)
        if key not in self._mexp:
            probs, dists = self.beat(R)
            n = self.n_ranks
            mats = self.rank_mats
            rows = []
            for t in range(n):
                pb = probs[t]
                by_high = array("d", bytes(8 * n))
                total = 0.0
                if pb > 0.0:
                    # Y tops t: P(Y <= s) is 0 for s <= t, so the sums run over s > t only, and below
                    # t + 1 E[mats(max(s, Y))] is E[mats(Y)] (the same sums, term by term, as over every s)
                    cdf = [0.0] * n  # P(Y <= s)
                    acc = 0.0
                    d = dists[t]
                    for s in range(t + 1, n):
                        acc += d[s]
                        x = acc / pb
                        cdf[s] = (x if x < 1.0 else 1.0) ** L  # (min(1.0, x) ** L, without the call)
                    run = 0.0  # sum over s' > s of P(Y = s') x mats(s')
                    below = cdf[n - 1]
                    for s in range(n - 1, t, -1):
                        c, ms, below = below, mats[s], cdf[s - 1]
                        by_high[s] = c * ms + run
                        run += (c - below) * ms
                    for s in range(t + 1):
                        by_high[s] = run
                    total = run
                rows.append((by_high, total))
            self._mexp[key] = rows
        return self._mexp[key]

    def terminal(self, R: int, later: int, opener: bool, low: int | None, high: int | None) -> list[float]:
        """The cost of ending my turn with each rank: P(I end worst) + MATS_WEIGHT x E[mats I receive].

        `low`/`high`: the worst and the best rank already thrown this round (None: nobody yet);
        `later`: players still to throw after me; `opener`: I open, so they get my roll count.
        """
        n = self.n_ranks
        mats = self.rank_mats
        if later == 0:
            best = mats[high] if high is not None else 0
            return [
                0.0 if low is not None and r > low else 1.0 + MATS_WEIGHT * best for r in range(n)
            ]
        term = [0.0] * n
        top = n - 1 if low is None else low
        for r in range(top + 1):
            Rl = self.rank_rolls[r] if opener else R
            probs, _ = self.beat(Rl)
            f = probs[r] ** later
            if f == 0.0:
                continue
            by_high, total = self.mats_tables(Rl, later)[r]
            g = total if high is None else by_high[high]
            term[r] = f * (1.0 + MATS_WEIGHT * g)
        return term


def model(game: type[DiceState], profile: Profile) -> TurnModel:
    """The turn model of a dice game (its state class) under a profile (built once; the later
    players' tables lazily)."""
    cls: Any = game  # (a class is hashable; mypy sees its instances' __hash__, which a frozen dataclass may not have)
    return _model(cls, profile)


@lru_cache(maxsize=16)
def _model(game: type[DiceState], profile: Profile) -> TurnModel:
    return TurnModel(game, profile)


class _Context:
    """A turn's situation for the bot: the cost of each final rank and the memoised roll values."""

    __slots__ = ("R", "term", "memo")

    def __init__(self, R: int, term: list[float]) -> None:
        self.R = R
        self.term = term
        self.memo: list[list[float | None]] = [[None] * len(KEEPS) for _ in range(R + 2)]


CONTEXT_CACHE_SIZE = 4096  # a 4-player simulation meets about 2,000 contexts per game
_contexts: OrderedDict[tuple[object, ...], _Context] = OrderedDict()


def clear_contexts() -> None:
    """Forget every memoised context (the per-game tables stay)."""
    _contexts.clear()


def _context(m: TurnModel, R: int, later: int, opener: bool, low: int | None, high: int | None) -> _Context:
    key = (m.game, m.profile, R, later, opener, low, high)
    ctx = _contexts.get(key)
    if ctx is None:
        ctx = _Context(R, m.terminal(R, later, opener, low, high))
        _contexts[key] = ctx
        if len(_contexts) > CONTEXT_CACHE_SIZE:
            _contexts.popitem(last=False)
    return ctx


class ExactBot:
    """Minimises P(ending the round with the worst throw), then the mats it expects to receive,
    by an exact expectimax over its remaining rolls (see the module docstring)."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # the bot is deterministic; the seed is accepted for a uniform interface

    def evaluate(self, state: DiceState) -> list[tuple[Action, float]]:
        """Every legal action with its cost (lower is better), in `legal_actions()` order."""
        acts = state.legal_actions()
        t = state.turn
        if t is None or t.pending is not None or state.over:
            raise ValueError("the bot acts only when a player is to move")
        m = model(type(state), state.profile)
        rank = m.rank
        done = [rank[(th.faces, th.rolls, th.one_roll)] for _, th in state.results]
        low = min(done) if done else None
        high = max(done) if done else None
        later = len(state.round_order) - len(state.results) - 1
        R = t.max_rolls
        ctx = _context(m, R, later, not done, low, high)
        term, memo = ctx.term, ctx.memo
        k = t.rolls
        out: list[tuple[Action, float]] = []
        for a in acts:
            if isinstance(a, Stand):
                cost = term[rank[(t.faces, k, t.one_roll)]]
            elif isinstance(a, Roll):
                cost = m.expect(term, R, memo, k + 1, KEEP_ID[norm(a.keep)])
            elif isinstance(a, Flip):
                ff = _flip(t.faces, a.count)
                stand_cost = term[rank[(ff, k, False)]]
                if k >= R:
                    cost = stand_cost  # the turn ends with the turned dice
                else:
                    cost = stand_cost if a.count == 2 else float("inf")  # one six turned: must roll
                    fout = norm(t.out + (1,) * a.count)
                    for j in m._keeps_from(ff, fout):
                        cost = min(cost, m.expect(term, R, memo, k + 1, j))
            else:  # pragma: no cover - chance actions are not offered to a player
                raise ValueError(f"unexpected action {a}")
            out.append((a, cost))
        return out

    def choose(self, state: DiceState) -> Action:
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        if not acts:
            raise ValueError("the bot acts only when a player is to move")
        scored = self.evaluate(state)
        # ties (within rounding) go to standing first, then to the earlier legal action
        order = sorted(range(len(scored)), key=lambda i: (not isinstance(scored[i][0], Stand), i))
        best_i = order[0]
        for i in order[1:]:
            if scored[i][1] < scored[best_i][1] - 1e-12:
                best_i = i
        return scored[best_i][0]


BOTS: dict[str, type] = {"bot": ExactBot, "random": RandomBot}


def make_bot(kind: str, seed: int = 0) -> Bot:
    return BOTS[kind](seed)  # type: ignore[no-any-return]
