"""Checkpoints and the running ledger (issue 15): an undo replays from the nearest kept state and gives
exactly what a replay of the whole prefix gives – state, log, generator and drinks – in every game,
with Le Mans clock entries and with a challenge in the log. The checkpoint distance is made small
here so that short bot matches hold many checkpoints."""
from __future__ import annotations

import random

import pytest

import game.match
from game.match import Match, PlayerSpec
from game.racerbile.actions import Clock
from game.rules import racerbile as RR
from game.rules.challenge import Challenge, challengeable
from game.rules.ruling import What
from game.session import session_for
from game.session.session import INSTANT, Session

K = 7  # the checkpoint distance in these tests


@pytest.fixture(autouse=True)
def small_checkpoints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game.match, "CHECKPOINT", K)


def bots(game_name: str, seed: int) -> Match:
    if game_name == "bierpong":
        teams = [PlayerSpec("Foxes", "bot", drivers=("Anna", "Bo")), PlayerSpec("Owls", "bot", drivers=("Cem", "Dana"))]
        return Match("bierpong", teams, seed=seed)
    if game_name == "le_mans":
        teams = [PlayerSpec(f"Team {i}", k, drivers=(f"T{i}a", f"T{i}b")) for i, k in enumerate(("careful", "racer", "careful"))]
        return Match("racerbile", teams, RR.SPEC.make(RR.LE_MANS, lemans_drivers=2), seed=seed, track="le_mans")
    return Match(game_name, [PlayerSpec("Anna", "bot"), PlayerSpec("Robo", "random"), PlayerSpec("Cleo", "bot")], seed=seed)


def play_on(s: Session, entries: int) -> None:
    """Bots play `entries` more entries (at Le Mans a `clock` entry after every round of turns)."""
    m = s.match
    end = len(m.log.entries) + entries
    if m.info.race and s.state.lemans:
        teams = len(m.players)
        rounds = [s.state.turns // teams]

        def after(s: Session) -> None:
            r = s.state.turns // teams
            if r > rounds[0] and not s.state.is_terminal():
                s.apply(Clock(30.0))
            rounds[0] = r

        s.play_out(end, after=after)
    else:
        s.play_out(end)


def expect_undo(m: Match, n: int) -> None:
    """`m.undo_to(n)` leaves what today's full replay of the first `n` entries leaves."""
    ref = Match.replay(m.log.prefix(n))
    probe = random.Random()
    probe.setstate(m.rng.getstate())
    rng = random.Random(f"{m.log.seed}/{n}/{n}/{probe.random()}")  # undone dice do not simply repeat
    m.undo_to(n)
    assert m.state == ref.state
    assert [e.to_dict() for e in m.log.entries] == [e.to_dict() for e in ref.log.entries]
    assert (m.log.game, m.log.players, m.log.profile, m.log.seed, m.log.settings) == \
        (ref.log.game, ref.log.players, ref.log.profile, ref.log.seed, ref.log.settings)
    assert m.rng.getstate() == rng.getstate()
    assert m.drinks() == ref.drinks() == m._drinks_now()


@pytest.mark.parametrize("game_name", ["schock", "katchen", "le_mans", "bierpong"])
def test_undo_from_a_checkpoint_is_a_full_replay(game_name: str) -> None:
    """Undo to every point of a bots' match – on a checkpoint, just after one, just before one –
    then play on and undo again: each time the state, log, generator and drinks of a full replay."""
    m = bots(game_name, seed=11)
    s = session_for(m, pace=INSTANT)
    play_on(s, 5 * K + 3)
    assert len(m.log.entries) > 4 * K, "the bots played too little to cross checkpoints"
    if game_name == "le_mans":
        assert any(e.action.startswith("clock ") for e in m.log.entries)
    full = m.log.prefix(len(m.log.entries))
    for n in (1, 2, K - 1, K, K + 1, 3 * K, 3 * K + 4, len(full.entries) - 1, len(full.entries)):
        m = Match.replay(full)
        expect_undo(m, n)
    m = Match.replay(full)
    expect_undo(m, 3 * K + 2)
    s = session_for(m, pace=INSTANT)
    play_on(s, 2 * K)  # entries played after the undo keep checkpoints of their own
    expect_undo(m, len(m.log.entries) - 3)
    expect_undo(m, 2 * K + 1)


def test_undo_with_a_challenge_in_the_log_is_a_full_replay() -> None:
    """A challenge (it overrides an earlier drink ruling) between checkpoints: undo before it, onto
    it and after it gives a full replay's state, log and drinks; the running ledger follows the
    override (the same as the ledger rebuilt from every ruling that stands)."""
    m = bots("le_mans", seed=5)
    s = session_for(m, pace=INSTANT)
    while not challengeable(m.log.entries):
        play_on(s, K)
    play_on(s, 2 * K)
    i, j, r = challengeable(m.log.entries)[-1]  # the oldest drink ruling
    m.drinks()  # the running ledger is on before the challenge
    people = m.people()
    who = next(p for p in people if p != r.who)
    more = 2 if r.what == What.SIPS else 0  # (a challenge hands out no more than a ruling may: at most one beer)
    assert s.challenge(Challenge(i, j, people[0], r.amount + more, r.what, who, "the wrong driver drank")) is None
    at = len(m.log.entries)
    assert m.drinks() == m._drinks_now()
    assert m.drinks()[who] != Match.replay(m.log.prefix(at - 1)).drinks()[who]
    play_on(s, 3 * K)
    assert m.drinks() == m._drinks_now()
    full = m.log.prefix(len(m.log.entries))
    for n in (at - 1, at, at + 1, len(full.entries) - 2, i, i + 1):
        m = Match.replay(full)
        m.drinks()
        expect_undo(m, n)


def test_the_running_ledger_is_the_ledger_of_every_ruling_that_stands() -> None:
    """Asked after every entry, across undos, the running ledger equals the one rebuilt from the log."""
    m = bots("schock", seed=3)
    s = session_for(m, pace=INSTANT)
    seen: list[bool] = []

    def check(_e: object) -> None:
        seen.append(m.drinks() == m._drinks_now())

    m.listeners.append(check)
    play_on(s, 6 * K)
    s.undo_to(len(m.log.entries) - 2 * K - 1)
    assert m.drinks() == m._drinks_now()
    play_on(s, 2 * K)
    assert seen and all(seen)
