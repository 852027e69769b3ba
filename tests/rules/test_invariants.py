"""Invariants over many seeded matches of every game, with every option combination a profile allows
(issue 27): every match ends; no ruling cites an unknown rule id; the saved log replays every ruling;
at Bierpong cups never go negative, a made Konter restores exactly what the finishing round took,
a team's members drink alike and pairs rotate in teams of three or more."""
from __future__ import annotations

import random
from typing import Any

import pytest

from game.rules.profile import Profile, ProfileSpec
from tests.invariants import check_common, covering, features, play_dice, play_pong, play_race, random_profile, team_sips

# (matches per game in the quick loop, in the slow sweep)
QUICK, SWEEP = 12, 300
# The dice and race sweeps play half of a range of seeds (`covering`): every pair of option values,
# variants, player counts and tracks that the whole range draws, then others up to the number.
# (A dice match takes ten times a Bierpong table's.)
DICE_SEEDS, DICE_SWEEP = range(QUICK, 200), 90
RACE_SEEDS, RACE_SWEEP = range(3, 103), 50


def _pong_cases(n: int) -> list[tuple[int, int]]:
    return [(seed, 1 + seed % 4) for seed in range(n)]  # teams of one to four


def _pong(seed: int, per_team: int) -> None:
    rng = random.Random(seed)
    fixed: dict[str, Any] = {"cups": rng.choice([3, 4, 6, 10])}
    fixed["formation"] = {3: rng.choice(["triangle", "line"]), 4: "diamond", 6: "triangle", 10: "triangle"}[fixed["cups"]]
    if rng.random() < 0.5:
        fixed["timer"] = rng.choice([1, 2, 5])
    profile = random_profile("bierpong", rng, **fixed)
    m, problems = play_pong(seed, per_team, profile)
    assert not problems, f"seed {seed}, {per_team} a team, {profile.changed(profile_spec())}: {problems[:3]}"
    assert m.state.is_terminal(), f"seed {seed}: not over after {len(m.log.entries)} entries"
    for team, sips in team_sips(m).items():
        assert len(set(sips.values())) == 1, f"seed {seed}: {team}'s members drank unalike: {sips}"
    check_common(m)


def profile_spec() -> ProfileSpec:
    from game.match import GAMES
    return GAMES["bierpong"].spec


@pytest.mark.parametrize("seed,per_team", _pong_cases(QUICK))
def test_bierpong_invariants_quick(seed: int, per_team: int) -> None:
    """bierpong.art9, art10, art11, art1: a few random tables, every option drawn."""
    _pong(seed, per_team)


@pytest.mark.slow
def test_bierpong_invariants_sweep() -> None:
    """bierpong.art9, art10, art11, art1: a few hundred random tables, small racks, timers, teams of 1–4."""
    for seed, per_team in _pong_cases(SWEEP)[QUICK:]:
        _pong(seed, per_team)


@pytest.mark.slow
def test_bierpong_bot_games_on_the_physics_table() -> None:
    """The bots on the real table (the same path as a live game, the game clock spending a table's
    seconds) keep the invariants too."""
    from game.bierpong.simulate import play_game
    for seed in range(6):
        rng = random.Random(seed)
        profile = random_profile("bierpong", rng, cups=rng.choice([3, 6]), formation="triangle", timer=rng.choice([None, 1, 2]))
        run = play_game([rng.choice(["casual", "regular", "good", "pro"]) for _ in range(2)], 1 + seed % 3, seed, profile=profile)
        assert run.finished, f"seed {seed}"
        for team, sips in team_sips(run.match).items():
            assert len(set(sips.values())) == 1, f"seed {seed}: {team}'s members drank unalike: {sips}"
        check_common(run.match)


def _dice_setup(game: str, seed: int) -> tuple[int, Profile]:
    """The players and the profile a seed draws."""
    rng = random.Random(seed)
    return rng.randint(2, 8), random_profile(game, rng)


def _dice(game: str, seed: int) -> None:
    n, profile = _dice_setup(game, seed)
    m = play_dice(game, seed, n, profile)
    assert m.state.is_terminal(), f"{game} seed {seed}"
    check_common(m)


@pytest.mark.parametrize("game", ["schock", "katchen"])
def test_dice_invariants_quick(game: str) -> None:
    """schock.game, katchen.phase2: bot matches with random options end and replay."""
    for seed in range(QUICK):
        _dice(game, seed)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["schock", "katchen"])
def test_dice_invariants_sweep(game: str) -> None:
    def drawn(seed: int) -> list[str]:
        n, profile = _dice_setup(game, seed)
        return features(profile, players=n)

    for seed in covering(DICE_SEEDS, drawn, DICE_SWEEP):
        _dice(game, seed)


def _race_setup(seed: int, lemans: bool) -> tuple[int, Profile, str]:
    """The cars, the profile and the track a seed draws."""
    from game.rules import racerbile as R
    rng = random.Random(seed)
    if lemans:
        profile = random_profile("racerbile", rng, variant=R.LE_MANS, lemans_hours=1, lemans_drivers=1 + seed % 6, laps=None)
        return rng.randint(2, 4), profile, "le_mans"
    variant = rng.choice([v for v in profile_variants() if v != R.LE_MANS])
    profile = random_profile("racerbile", rng, variant=variant, laps=rng.choice([1, 2]))
    return rng.randint(2, 6), profile, rng.choice(["babybane", "naaleoejet", "stalinbanen", "le_mans"])


def _race(seed: int, lemans: bool) -> None:
    m = play_race(seed, *_race_setup(seed, lemans))
    assert m.state.is_terminal(), f"seed {seed}"
    check_common(m)


def profile_variants() -> tuple[str, ...]:
    from game.match import GAMES
    return GAMES["racerbile"].spec.variants


@pytest.mark.parametrize("lemans", [False, True], ids=["race", "lemans"])
def test_racerbile_invariants_quick(lemans: bool) -> None:
    """racerbile.turn, racerbile.lemans.end: bot races with random options end and replay."""
    for seed in range(3):
        _race(seed, lemans)


@pytest.mark.slow
@pytest.mark.parametrize("lemans", [False, True], ids=["race", "lemans"])
def test_racerbile_invariants_sweep(lemans: bool) -> None:
    def drawn(seed: int) -> list[str]:
        n, profile, track = _race_setup(seed, lemans)
        return features(profile, cars=n, track=track)

    for seed in covering(RACE_SEEDS, drawn, RACE_SWEEP) if not lemans else range(3, 39):
        _race(seed, lemans)
