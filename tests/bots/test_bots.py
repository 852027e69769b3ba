"""The dice bots: the exact bot against a random keeper, legality, determinism, exactness,
and hand-made positions where the right choice is obvious."""
from __future__ import annotations

import json
import math
import random
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.dice.actions import Action, Dice, Flip, Roll, Stand
from game.dice.bots import BOTS, ExactBot, RandomBot, clear_contexts, make_bot, model
from game.dice.katchen import KatchenState
from game.dice.schock import SchockState
from game.dice.simulate import SimResult, play_game, simulate
from game.dice.state import DiceState
from game.match import GAMES, Match, PlayerSpec
from game.rules import katchen as katchen_rules
from game.rules import schock as schock_rules
from game.rules.dice import Throw
from game.state import CHANCE

GAMES_PER_RUN = 400  # the margins found below stay beyond 9 SE (3 SE is asked)


# --- helpers -------------------------------------------------------------------------------


def play(st: DiceState, *actions: Action) -> DiceState:
    for a in actions:
        st = st.apply(a).state
    return st


def throw(*faces: int) -> tuple[Action, Action]:
    """A roll of all three dice showing `faces`."""
    return Roll(()), Dice(tuple(faces))


def loss_margin(res: SimResult, bot_seat: int) -> tuple[float, float, float]:
    """The bot seat's loss rate, the other seats' mean loss rate, and the standard error of
    their difference. One seat loses each game, so per game d = [bot lost] - mean over the
    other seats of [seat lost]; its SE is taken as the larger of the observed one and the one
    under "the bot is no better" (every seat loses 1/n of the games) – the conservative choice."""
    n = len(res.kinds)
    g = res.games
    assert sum(res.losses) == g, "exactly one loser per game"
    bot = res.losses[bot_seat] / g
    others = [res.losses[i] / g for i in range(n) if i != bot_seat]
    other_mean = sum(others) / len(others)
    # d = 1 when the bot lost, -1/(n-1) when another seat lost
    lo = -1 / (n - 1)
    mean_d = bot - other_mean
    var_obs = bot * (1 - mean_d) ** 2 + (1 - bot) * (lo - mean_d) ** 2
    p0 = 1 / n
    var_h0 = p0 * 1.0 + (1 - p0) * lo**2
    se = math.sqrt(max(var_obs, var_h0) / g)
    return bot, other_mean, se


def positions(game: str, count: int, seed: int, players: int = 4, mid_round_only: bool = False) -> list[DiceState]:
    """Decision positions reached by random keepers (varied: flips, dice set aside, late seats)."""
    out: list[DiceState] = []
    rng = random.Random(seed)
    g = 0
    while len(out) < count:
        m = Match(game, [PlayerSpec(f"Seat {i + 1}", "random") for i in range(players)], seed=seed + g, opener=g % players)
        rb = RandomBot(seed + g)
        while not m.state.over and len(out) < count:
            s = m.state
            if s.current_player() == CHANCE:
                m.resolve_chance()
                continue
            t = s.turn
            assert t is not None
            late = len(s.results) < len(s.round_order) - 1
            if t.rolls >= 1 and len(s.legal_actions()) > 1 and (late or not mid_round_only) and rng.random() < 0.3:
                out.append(s)
            m.apply(rb.choose(s))
        g += 1
    return out


def brute_force(state: DiceState, cost: Callable[[Throw], float]) -> dict[Action, float]:
    """The least expected cost of each legal action, by expectimax over the real state machine
    (`legal_actions`, `chance_outcomes`, `apply`); the state's player must not be the round's last."""
    n0 = len(state.results)
    seat = state.turn.seat if state.turn else -1
    memo: dict[object, float] = {}

    def val(s: DiceState) -> float:
        if len(s.results) > n0:
            return cost(s.results[n0][1])
        assert s.turn is not None and s.turn.seat == seat
        key = s.turn
        if key not in memo:
            if s.current_player() == CHANCE:
                memo[key] = sum(p * val(s.apply(a).state) for a, p in s.chance_outcomes())
            else:
                memo[key] = min(val(s.apply(a).state) for a in s.legal_actions())
        return memo[key]

    return {a: val(state.apply(a).state) for a in state.legal_actions()}


# --- (a) the bot against a random keeper ------------------------------------------------------


@pytest.mark.slow
def test_schock_bot_loses_less_than_random_keeper() -> None:
    """schock.rolls (keeping dice, up to three rolls, the opener's count binding the others),
    schock.sixes, schock.mit, schock.deckel, schock.game: over 400 four-player games the exact
    bot's seat takes clearly fewer strokes than the seats that keep dice at random."""
    res = simulate("schock", ["bot", "random", "random", "random"], GAMES_PER_RUN, seed=20261129)
    assert res.games == GAMES_PER_RUN
    bot, others, se = loss_margin(res, 0)
    # found: bot 0.003 (1 of 400) against 0.333 per random seat, SE 0.029: 11.4 SE
    assert others - bot >= 3 * se, (bot, others, se)
    assert bot < 0.10


@pytest.mark.slow
def test_katchen_bot_loses_less_than_random_keeper() -> None:
    """katchen.phase2 (keeping dice, up to three rolls, nobody more than the opener), katchen.phase1,
    katchen.order, katchen.mit: over 400 four-player games the exact bot's seat gets clearly
    fewer Schüsse than the seats that keep dice at random."""
    res = simulate("katchen", ["bot", "random", "random", "random"], GAMES_PER_RUN, seed=20261129)
    assert res.games == GAMES_PER_RUN
    bot, others, se = loss_margin(res, 0)
    # found: bot 0.052 (21 of 400) against 0.316 per random seat, SE 0.029: 9.1 SE
    assert others - bot >= 3 * se, (bot, others, se)
    assert bot < 0.15


# --- (b) legality -----------------------------------------------------------------------------

SCHOCK_PROFILES = st.fixed_dictionaries(
    {
        "schock_aus": st.sampled_from(["lose_half", "halve_mats"]),
        "strasse_general_in_one_roll": st.booleans(),
        "general_beats_schock2": st.booleans(),
        "rank_generals_by_pips": st.booleans(),
        "no_flips_on_last_roll": st.booleans(),
    }
)
KATCHEN_PROFILES = st.fixed_dictionaries({"katchen_in_one_roll": st.booleans()})


@settings(max_examples=30, deadline=None)
@given(
    game_options=st.one_of(
        st.tuples(st.just("schock"), SCHOCK_PROFILES), st.tuples(st.just("katchen"), KATCHEN_PROFILES)
    ),
    players=st.integers(2, 8),
    seed=st.integers(0, 10**6),
)
@pytest.mark.slow
def test_bot_never_plays_an_illegal_action(game_options: tuple[str, dict[str, Any]], players: int, seed: int) -> None:
    """schock.rolls, schock.sixes, katchen.phase1, katchen.phase2: in every position of a whole game –
    reached half by the bot's own choices, half by random ones – the bot picks a legal action."""
    game, options = game_options
    profile = GAMES[game].spec.make(**options)
    m = Match(game, [PlayerSpec(f"Seat {i + 1}", "bot") for i in range(players)], profile, seed=seed, opener=seed % players)
    bot = ExactBot(seed)
    rng = random.Random(seed)
    decisions = 0
    while not m.state.over:
        s = m.state
        if s.current_player() == CHANCE:
            m.resolve_chance()
            continue
        legal = s.legal_actions()
        a = bot.choose(s)
        assert a in legal, (a, legal, s.turn)
        decisions += 1
        m.apply(a if rng.random() < 0.5 else rng.choice(legal))
    assert decisions > 0


def test_bot_choice_is_legal_in_many_random_positions() -> None:
    """schock.rolls, schock.sixes, katchen.phase2: positions reached by random keepers (dice set
    aside, sixes turned, a turned six that forces another roll) – the bot's action is always legal."""
    bot = ExactBot()
    n = 0
    for game in ("schock", "katchen"):
        for s in positions(game, 600, seed=11, players=5):
            assert bot.choose(s) in s.legal_actions()
            n += 1
    assert n == 1200


# --- (c) determinism --------------------------------------------------------------------------


def test_bot_decision_is_deterministic() -> None:
    """The same position gives the same action: with a fresh bot, another seed, and cold caches."""
    for game in ("schock", "katchen"):
        states = positions(game, 150, seed=5)
        first = [ExactBot(1).choose(s) for s in states]
        clear_contexts()
        again = [ExactBot(99).choose(s) for s in states]
        assert first == again


def test_simulation_is_deterministic_and_counts() -> None:
    """Same seed, same result; one loser per game; the opener rotates over the seats."""
    a = simulate("schock", ["bot", "random", "bot"], 12, seed=3)
    clear_contexts()
    b = simulate("schock", ["bot", "random", "bot"], 12, seed=3)
    da, db = a.to_dict(), b.to_dict()
    for d in (da, db):
        d.pop("elapsed_s")
        d.pop("games_per_s")
    assert da == db
    assert a.games == 12 and sum(a.losses) == 12
    assert a.rounds >= 2 * a.games and a.turns >= 2 * a.rounds
    json.dumps(a.to_dict())
    m, rounds, turns, _ = play_game("schock", [ExactBot(), RandomBot(1), RandomBot(2)], ["bot", "random", "random"], seed=8)
    assert m.state.over and turns == m.state.turns_done and rounds >= 2
    seen: list[tuple[int, int]] = []
    k = simulate("katchen", ["random", "random"], 4, seed=1, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert sum(k.losses) == 4 and k.to_dict()["loss_unit"] == "Schüsse"


def test_bot_registry() -> None:
    assert next(iter(BOTS)) == "bot"
    assert isinstance(make_bot("bot", 3), ExactBot)
    assert isinstance(make_bot("random", 3), RandomBot)
    with pytest.raises(ValueError):
        simulate("schock", ["bot", "nobody"], 1, seed=0)


# --- exactness --------------------------------------------------------------------------------


@pytest.mark.slow
def test_bot_values_equal_brute_force_expectimax() -> None:
    """schock.rolls, schock.sixes, schock.mit, katchen.phase2: the bot's value of every legal action
    equals an expectimax over the real state machine with the bot's own cost of each final throw –
    its transition tables (keeps, dice set aside, turned sixes, rolls left) are the rules'."""
    bot = ExactBot()
    for game, seed in (("schock", 17), ("katchen", 23)):
        for s in positions(game, 12, seed=seed, mid_round_only=True):
            m = model(type(s), s.profile)
            done = [m.rank[(t.faces, t.rolls, t.one_roll)] for _, t in s.results]
            assert s.turn is not None
            later = len(s.round_order) - len(s.results) - 1
            term = m.terminal(s.turn.max_rolls, later, not done, min(done, default=None), max(done, default=None))
            exact = brute_force(s, lambda t: term[m.rank[(t.faces, t.rolls, t.one_roll)]])
            mine = dict(bot.evaluate(s))
            for a, v in exact.items():
                assert mine[a] == pytest.approx(v, abs=1e-12), (a, s.turn)


def test_later_player_model_equals_brute_force() -> None:
    """schock.rolls, schock.mit: P(a later player with two rolls tops a throw) – the table the bot
    uses for the players after it – equals the best play found by brute force on the real game."""
    profile = schock_rules.SPEC.default()
    m = model(SchockState, profile)
    probs, _ = m.beat(2)
    # the opener stands on 6-5-3 after two rolls: B may use two rolls
    s = play(SchockState.start(["A", "B", "C"], profile).state, *throw(6, 5, 3), *throw(6, 5, 3), Stand())
    assert s.turn is not None and s.turn.max_rolls == 2
    for target in (0, 40, 80, 120, 140):
        exact = brute_force(s, lambda t: 0.0 if m.rank[(t.faces, t.rolls, t.one_roll)] > target else 1.0)
        assert 1 - exact[Roll(())] == pytest.approx(probs[target], abs=1e-12)
    # the final-throw distributions under that play agree with it
    for r in (1, 2, 3):
        probs, dists = m.beat(r)
        for target in range(m.n_ranks):
            assert sum(dists[target]) == pytest.approx(probs[target], abs=1e-12)
            assert all(d == 0.0 for d in dists[target][: target + 1])


# --- (d) hand-made positions ------------------------------------------------------------------


def test_schock_rolls_bot_keeps_both_ones() -> None:
    """schock.rolls, schock.mit: A opened with Schock 5 (1-1-5) in three rolls; B holds 2-1-1 after one
    roll. Keeping the two ones and rolling the 2 tops A with a 5, 6 or 1 (fewer rolls win ties);
    the bot keeps both ones."""
    s = SchockState.start(["A", "B", "C"]).state
    s = play(s, *throw(6, 4, 2), *throw(5, 3, 2), *throw(1, 1, 5))
    assert s.turn is not None and s.turn.seat == 1 and s.turn.max_rolls == 3
    s = play(s, *throw(2, 1, 1))
    assert ExactBot().choose(s) == Roll((1, 1))


@pytest.mark.parametrize("x", [2, 3, 4, 5, 6])
def test_schock_rolls_opener_never_throws_back_two_ones(x: int) -> None:
    """schock.rolls: the opener holding 1-1-x after one roll either stands on the Schock or rolls
    the x keeping both ones – never puts a one back in the cup."""
    s = play(SchockState.start(["A", "B", "C", "D"]).state, *throw(1, 1, x))
    a = ExactBot().choose(s)
    assert a == Stand() or a == Roll((1, 1)), a


def test_schock_rolls_opener_stands_early_to_bind_the_others() -> None:
    """schock.rolls (the others may not use more rolls than the opener), schock.mit: the opener of
    four holding 6-5-2 after one roll stands – each of the three others then has one roll to top
    it, and the bot's P(worst) is exactly P(one roll tops 6-5-2)^3."""
    profile = schock_rules.SPEC.default()
    s = play(SchockState.start(["A", "B", "C", "D"], profile).state, *throw(6, 5, 2))
    bot = ExactBot()
    assert bot.choose(s) == Stand()
    mine = schock_rules.strength(Throw((6, 5, 2), 1, True, 0), profile)
    rolls = [(a, b, c) for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)]
    p = sum(schock_rules.strength(Throw(r, 1, True, 1), profile) > mine for r in rolls) / len(rolls)
    costs = dict(bot.evaluate(s))
    assert costs[Stand()] == pytest.approx(p**3, rel=1e-5)  # the mats only add a 1e-7 tie-break
    assert all(costs[Stand()] < c for a, c in costs.items() if a != Stand())


def test_schock_sixes_bot_turns_three_sixes() -> None:
    """schock.sixes, schock.throws: three sixes in the first roll – turning two gives Schock 6
    (1-1-6), better than a General; the bot turns them."""
    s = play(SchockState.start(["A", "B", "C", "D"]).state, *throw(6, 6, 6))
    assert Flip(2) in s.legal_actions()
    assert ExactBot().choose(s) == Flip(2)


def test_katchen_phase2_bot_stands_on_seven_asse_in_one_roll() -> None:
    """katchen.phase2, the digest's worked example: Bob opens phase 2 with a Straße in three rolls;
    Alice throws 1-1-1 in one roll – she stands (nothing she can roll is safer)."""
    s = KatchenState.start(["Alice", "Bob", "Charlie"]).state
    for faces in [(5, 4, 4), (5, 4, 4), (6, 2, 1), (5, 5, 5), (1, 1, 5), (1, 2, 3), (5, 5, 1), (4, 4, 3), (4, 2, 1)]:
        assert ExactBot().choose(s) == Roll(())  # katchen.phase1: one throw, nothing to decide
        s = play(s, Roll(()), Dice(faces))
    assert s.phase == 2 and s.turn is not None and s.players[s.turn.seat] == "Bob"
    s = play(s, *throw(5, 2, 1), Roll((2, 1)), Dice((6,)), Roll((2, 1)), Dice((3,)))
    assert s.turn is not None and s.players[s.turn.seat] == "Alice" and s.turn.max_rolls == 3
    s = play(s, *throw(1, 1, 1))
    bot = ExactBot()
    assert bot.choose(s) == Stand()
    assert dict(bot.evaluate(s))[Stand()] == 0.0
    s = play(s, Stand())
    assert s.ledger["Bob"].schuesse == 1  # the example's end: Bob holds all 13
    assert katchen_rules.TOTAL_MATS == 13


def _mats_tables_every_rank(m: Any, R: int, L: int) -> list[tuple[list[float], float]]:
    """The bot's table of the mats a later player's best throw brings, summed over every rank (as it
    was before the sums skipped the ranks a topping throw cannot have) – the reference."""
    probs, dists = m.beat(R)
    n, mats = m.n_ranks, m.rank_mats
    rows = []
    for t in range(n):
        by_high, total = [0.0] * n, 0.0
        if probs[t] > 0.0:
            cdf, acc = [0.0] * n, 0.0
            for s in range(n):
                acc += dists[t][s]
                cdf[s] = min(1.0, acc / probs[t]) ** L
            run = 0.0
            for s in range(n - 1, -1, -1):
                by_high[s] = cdf[s] * mats[s] + run
                run += (cdf[s] - (cdf[s - 1] if s > 0 else 0.0)) * mats[s]
            total = run
        rows.append((by_high, total))
    return rows


@pytest.mark.parametrize("game", ["schock", "katchen"])
def test_the_later_players_mats_tables_are_the_sums_over_every_rank_bit_for_bit(game: str) -> None:
    """schock.rolls, schock.deckel: the bot's expected mats from the players after it – summed only
    over the ranks above the throw to top – equal the sums over every rank exactly (the bots play the
    same games, seed for seed)."""
    cls = SchockState if game == "schock" else KatchenState
    m = model(cls, GAMES[game].spec.make())
    for R in (1, 2, 3):
        for L in (1, 2, 4):
            got = [(list(by_high), total) for by_high, total in m.mats_tables(R, L)]
            assert got == _mats_tables_every_rank(m, R, L), (R, L)
