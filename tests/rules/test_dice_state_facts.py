"""Issue 30: what the dice table labels is said by the dice states – whose turn it is (`on_turn`), the
roll under way (`Turn.roll_no`), what the dice on the table count as (`throw_now`), where the match
stands (`headline`: the game, Schock's half or final, Katchen's phase, the round), which half a seat
lost and that it plays the final (`seat_tags`), and why a seat throws in no round (`absence`) – driven
through the action notation and random legal play.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from game.dice.katchen import KatchenState
from game.dice.schock import SchockState
from game.dice.state import DiceState
from game.match import Match, PlayerSpec
from game.rules import katchen as K
from game.rules.dice import Throw
from game.state import CHANCE

THREE = [PlayerSpec("Anna"), PlayerSpec("Bo"), PlayerSpec("Cem")]


def play(m: Match, *lines: str) -> None:
    for line in lines:
        m.apply(m.state.parse_action(line))


def walk_until(m: Match, done: Callable[[Any], bool], seed: int = 1, limit: int = 6000) -> None:
    """Random legal play (chance drawn from a seeded source) until `done(state)`."""
    rng = random.Random(seed)
    for _ in range(limit):
        st = m.state
        if done(st):
            return
        assert not st.is_terminal(), "the match ended first"
        a = st.draw_chance(rng) if st.current_player() == CHANCE else rng.choice(st.legal_actions())
        m.apply(a)
    raise AssertionError("never got there")


def test_schock_rolls_the_roll_under_way_and_what_the_dice_count() -> None:
    """schock.rolls: up to three rolls; the roll under way counts from the cup's lift (the dice still
    rolling), the dice count once they lie, and the next seat's turn starts with none."""
    m = Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bo")])
    st: DiceState = m.state
    assert st.on_turn() == 0 and st.turn is not None and st.turn.roll_no == 0 and st.throw_now() is None
    play(m, "roll")
    st = m.state
    assert st.turn is not None and st.turn.roll_no == 1 and st.throw_now() is None  # the dice are rolling
    play(m, "dice 532")
    st = m.state
    assert st.turn is not None and st.turn.roll_no == 1 and st.throw_now() == Throw((5, 3, 2), 1, True, 0)
    play(m, "roll 5", "dice 11")
    st = m.state
    now = st.throw_now()
    assert st.turn is not None and st.turn.roll_no == 2 and now == Throw((5, 1, 1), 2, False, 0)
    assert st.describe(now) == "Schock 5 (5-1-1, 2 rolls)"
    play(m, "stand")
    st = m.state
    assert st.on_turn() == 1 and st.turn is not None and st.turn.roll_no == 0 and st.throw_now() is None
    assert st.turn.max_rolls == 2  # the opener stood after two rolls (schock.rolls)


def test_schock_game_the_headline_and_the_seats_through_the_halves_and_the_final() -> None:
    """schock.game: two halves, their losers meet in the final; the header says the half and the
    round, in the second half who lost the first, in the final who plays it; the finalists' seats say
    which half they lost, the third seat watches; at the end nobody is on turn."""
    m = Match("schock", THREE)
    st: SchockState = m.state
    assert st.headline() == ("game 1 of 1", "first half", "round 1") and st.seat_tags(0) == ()
    walk_until(m, lambda s: s.stage == "half2")
    st = m.state
    first = st.half_losers[0]
    assert st.headline() == ("game 1 of 1", "second half", f"round {st.round_no}", f"first half lost by {st.players[first]}")
    assert st.seat_tags(first) == ("lost half 1",) and [st.seat_tags(s) for s in range(3) if s != first] == [(), ()]
    walk_until(m, lambda s: s.stage == "final")
    st = m.state
    a, b = st.half_losers
    third = next(s for s in range(3) if s not in (a, b))
    x, y = (st.players[s] for s in sorted((a, b)))
    assert st.headline() == ("game 1 of 1", "final", f"round {st.round_no}", f"{x} v {y}")
    assert st.seat_tags(a) == ("lost half 1", "plays the final") and st.seat_tags(b) == ("lost half 2", "plays the final")
    assert st.seat_tags(third) == () and st.absence(third) == "watches the final" and st.on_turn() in (a, b)
    walk_until(m, lambda s: s.is_terminal())
    st = m.state
    assert st.on_turn() is None and st.throw_now() is None and st.seat_tags(a) == ()


def test_katchen_phase1_phase2_the_headline_and_who_sits_out() -> None:
    """katchen.phase1: one throw each while the stack has mats; katchen.phase2: the mat holders give
    them back, whoever holds none sits out. The header says the phase and the round; a tournament table
    (`schuss_limit`) counts no games."""
    m = Match("katchen", THREE)
    st: KatchenState = m.state
    assert st.headline() == ("game 1 of 1", "phase 1: distributing", "round 1") and st.turn is not None and st.turn.max_rolls == 1
    walk_until(m, lambda s: s.phase == 2 and len(s.round_order) < 3)
    st = m.state
    assert st.headline() == ("game 1 of 1", "phase 2: giving back", f"round {st.round_no}")
    out = [s for s in range(3) if s not in st.round_order]
    assert out and all(st.absence(s) == "sits out (no mats)" for s in out)
    t = Match("katchen", THREE, K.SPEC.make(schuss_limit=1), seed=2)
    assert t.state.headline()[0] == "game 1"


def test_katchen_phase2_a_tournament_sends_a_player_away_who_has_then_left_the_table() -> None:
    """katchen.phase2 with `schuss_limit` 1: the first Schuss sends its player away – his seat says he
    has left the table, the others play on."""
    m = Match("katchen", THREE, K.SPEC.make(schuss_limit=1), seed=2)
    walk_until(m, lambda s: len(s.in_game) < 3 or s.is_terminal())
    st = m.state
    gone = [s for s in range(3) if s not in st.in_game]
    assert gone and all(st.absence(s) == "has left the table" for s in gone)
    assert all(st.absence(s) == "sits out (no mats)" for s in st.in_game)


def test_schock_tower_the_log_says_each_roll_with_the_dice_it_brought() -> None:
    """The match log in words (`game.dice.words.log_words`, the log dialog's lines) reads the parsed
    actions: a roll with its dice in one line, after a Türmchen too (schock.tower); chance's entries
    are no lines of their own."""
    from game.dice.words import log_words

    m = Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bo")])
    play(m, "roll", "tower", "dice 532", "roll 5", "dice 11", "stand", "roll")
    lines = log_words(m.log.entries, [p.name for p in m.players])
    assert [(i, str(line)) for i, line in lines] == [
        (1, "Anna rolls 5 3 2 (after a Türmchen)"), (4, "Anna keeps 5 and rolls 1 1"), (6, "Anna stands"), (7, "Bo rolls")]


def test_schock_schock_aus_and_katchen_table_what_the_bot_weighs_is_the_states() -> None:
    """schock.schock_aus, schock.sixes, katchen.table: the exact bot asks the state, not the game's
    name – a Schock aus weighs the whole half (15) under `lose_half` and nothing under `halve_mats`,
    Katchen's 4-2-1 is worth 8; only Schock turns sixes, on the last roll unless
    `no_flips_on_last_roll`; a throw's strength is the rules' own."""
    from game.rules import schock as S

    plain = S.SPEC.default()
    halve = S.SPEC.make(schock_aus="halve_mats")
    assert SchockState.throw_mats((1, 1, 1), True, plain) == S.TOTAL_MATS == 15
    assert SchockState.throw_mats((1, 1, 1), True, halve) == 0
    assert KatchenState.throw_mats((4, 2, 1), True, K.SPEC.default()) == 8
    assert (SchockState.FLIPS, KatchenState.FLIPS, DiceState.FLIPS) == (True, False, False)
    assert SchockState.flips_on_last_roll(plain) and not SchockState.flips_on_last_roll(S.SPEC.make(no_flips_on_last_roll=True))
    t = Throw((6, 6, 1), 2, False, 0)
    assert KatchenState.throw_strength(t, K.SPEC.default()) == K.strength(t, K.SPEC.default())


def test_every_registered_dice_game_gets_the_exact_bot_from_its_state() -> None:
    """schock.deckel, katchen.phase2: every dice game of the registry builds the bot's turn model from
    its state class alone (ranks worst first: a 1-1-1 above a plain 6-5-2, that above a plain 3-2-2)."""
    from game.dice.bots import model
    from game.games import GAMES

    dice = [(info, info.state) for info in GAMES.values() if issubclass(info.state, DiceState)]
    assert {info.name for info, _cls in dice} >= {"schock", "katchen"}
    for info, cls in dice:
        assert issubclass(cls, DiceState)
        m = model(cls, info.spec.default())
        assert m.game == info.name and m.n_ranks > 10
        assert m.rank[((1, 1, 1), 1, True)] > m.rank[((6, 5, 2), 1, True)] > m.rank[((3, 2, 2), 1, True)]
