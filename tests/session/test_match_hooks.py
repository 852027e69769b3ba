"""A match knows its game only through the state interface (`game.state.GameState`): the class hook
`new_match` starts it from the seating and the settings, the state draws its own chance and says
which challenges its rules refuse. Every game starts, draws and replays through these hooks."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.errors import IllegalAction, InputError
from game.games import GAMES
from game.match import Match, PlayerSpec
from game.racerbile.actions import Dice as RaceDice
from game.racerbile.tracks import find_track
from game.rules.challenge import JUDGES, Challenge, challengeable
from game.rules.dice import norm
from game.rules.matchlog import Entry
from game.rules.ruling import Ruling, What
from game.state import CHANCE, GameState, Seating
from game.store.matchfile import load_match, write_log

DICE = ("schock", "katchen")
SETTINGS: dict[str, dict[str, Any]] = {
    "schock": {"games": 2, "opener": 1},
    "katchen": {"games": 1, "opener": 2},
    "racerbile": {"track": "babybane"},
    "bierpong": {},
}


def players(game: str) -> list[PlayerSpec]:
    if game == "bierpong":
        return [PlayerSpec("Rød", drivers=("Ann", "Bo")), PlayerSpec("Blå", drivers=("Cem",))]
    return [PlayerSpec("Ann"), PlayerSpec("Bo"), PlayerSpec("Cem")]


def new(game: str, seed: int = 3) -> Match:
    kw = SETTINGS[game]
    return Match(game, players(game), seed=seed, games=kw.get("games", 1), opener=kw.get("opener", 0), track=kw.get("track"))


def play(m: Match, entries: int, seed: int = 0) -> Match:
    """On with random legal decisions and the match's own chance, up to `entries` log entries."""
    rng = random.Random(seed)
    while len(m.log.entries) < entries and not m.state.is_terminal():
        if m.state.current_player() == CHANCE:
            m.apply(m.draw_chance())
        else:
            m.apply(rng.choice(list(m.state.legal_actions())))
    return m


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_starts_through_its_state_class(game: str) -> None:
    """The match's start is the state class's `new_match` for the seating and settings asked for;
    the log keeps the settings the game made of them, and the state is a `GameState`."""
    m = new(game)
    ps = players(game)
    people = tuple(p.drivers or (p.name,) for p in ps)
    seating = Seating(tuple(p.name for p in ps), people, {d: p.drink for p, ds in zip(ps, people) for d in ds})
    step, settings = GAMES[game].state.new_match(seating, m.profile, SETTINGS[game])
    assert m.log.entries[0].rulings == step.rulings
    assert m.log.settings == settings
    assert m.state == step.state
    assert isinstance(m.state, GameState)
    assert m.state.players == seating.seats


@pytest.mark.parametrize("game", DICE)
def test_a_dice_table_logs_its_games_and_its_opener(game: str) -> None:
    """schock.game / katchen.phase1: the seat asked to open rolls first; games and opener are the
    log's settings and come back on replay."""
    m = new(game)
    assert m.log.settings == {"games": SETTINGS[game]["games"], "opener": SETTINGS[game]["opener"]}
    assert m.state.turn.seat == SETTINGS[game]["opener"]
    again = Match.replay(m.log)
    assert again.state == m.state and again.log.settings == m.log.settings


def test_a_race_logs_its_track_and_refuses_a_track_that_changed(tmp_path: Path) -> None:
    """A race's log names its track and the track's content hash; a saved hash that is not the
    track's now refuses the replay (docs/matchlog.md), and a race needs a track."""
    m = play(new("racerbile"), 12)
    found = find_track("babybane")
    assert m.log.settings == {"track": found.name, "track_hash": found.track.content_hash}
    assert Match.replay(m.log).state == m.state
    write_log(m.log, tmp_path / "race.json")
    saved = json.loads((tmp_path / "race.json").read_text(encoding="utf-8"))
    saved["settings"]["track_hash"] = "0" * len(found.track.content_hash)
    (tmp_path / "race.json").write_text(json.dumps(saved), encoding="utf-8")
    with pytest.raises(InputError, match="has changed since the match was saved"):
        load_match(tmp_path / "race.json")
    with pytest.raises(ValueError, match="needs a track"):
        Match("racerbile", players("racerbile"))


@pytest.mark.parametrize("game", DICE)
def test_the_dice_state_draws_the_roll_and_towers_only_at_schock(game: str) -> None:
    """schock.tower: at a Schock table a live roll now and then lands as a Türmchen (thrown again);
    Katchen has none. Otherwise the draw is the dice still to roll. The match draws through the
    state, from its own seeded generator."""
    m = play(new(game), 2)
    st = m.state
    assert st.current_player() == CHANCE
    n = 3 - len(st.turn.pending)
    draws = [st.draw_chance(random.Random(s)) for s in range(3000)]
    towers = [d for d in draws if str(d) == "tower"]
    dice = [d for d in draws if str(d) != "tower"]
    assert all(len(d.faces) == n and all(1 <= f <= 6 for f in d.faces) for d in dice)
    assert {norm(d.faces) for d in dice} == {a.faces for a, _ in st.chance_outcomes()}
    if st.TOWERS:
        assert 0 < len(towers) < len(draws) / 20
        tower = st.apply(towers[0])
        assert [r.rule for r in tower.rulings] == ["schock.tower"] and tower.state.current_player() == CHANCE
    else:
        assert towers == []
    same = random.Random(77)
    m.rng = random.Random(77)
    assert m.draw_chance() == st.draw_chance(same)


def test_the_race_draws_its_order_roll_and_its_dice() -> None:
    """racerbile.start / racerbile.too_fast: Babybile rolls one die a seat for the order; a turn
    rolls as many dice as the state has in the air (5s and 6s are rolled again)."""
    m = Match("racerbile", players("racerbile"), GAMES["racerbile"].spec.make("babybile"), seed=4, track="babybane")
    kinds: set[str] = set()
    rng = random.Random(1)
    while len(m.log.entries) < 80 and not m.state.is_terminal():
        st = m.state
        if st.current_player() != CHANCE:
            m.apply(rng.choice(list(st.legal_actions())))
            continue
        drawn = m.draw_chance()
        kinds.add(type(drawn).__name__)
        assert unordered(drawn) in {unordered(a) for a, _ in st.chance_outcomes()}
        m.apply(drawn)
        assert m.log.entries[-1].seat == CHANCE
    assert kinds == {"StartDie", "Dice"}


def unordered(a: object) -> object:
    """A race's chance outcome with its dice in no order (the outcomes list them sorted)."""
    return tuple(sorted(a.faces)) if isinstance(a, RaceDice) else a


def test_a_bierpong_game_has_no_chance_to_draw() -> None:
    """bierpong: a throw carries its outcome, so the state never waits for chance and has none to draw."""
    m = play(new("bierpong"), 40)
    assert m.state.chance_outcomes() == ()
    assert m.resolve_chance() is None
    with pytest.raises(IllegalAction, match="no chance to draw"):
        m.draw_chance()
    assert all(e.seat != CHANCE for e in m.log.entries)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_replays_through_the_hooks_and_every_ruling_is_verified(game: str, tmp_path: Path) -> None:
    """A saved match of every game replays to the same state and rulings; a ruling that does not
    replay as saved is reported with its entry."""
    m = play(new(game, seed=11), 40, seed=11)
    assert len(m.log.entries) > 10
    write_log(m.log, tmp_path / "m.json")
    back = load_match(tmp_path / "m.json")
    assert back.state == m.state and back.rulings() == m.rulings()
    assert back.log.settings == m.log.settings
    k = next(i for i, e in enumerate(m.log.entries) if i > 0 and e.rulings)
    e = m.log.entries[k]
    r = e.rulings[0]
    entries = list(m.log.entries)
    entries[k] = Entry(e.seat, e.action, (Ruling(r.who, r.what, r.amount + 1, r.rule, r.arithmetic),) + e.rulings[1:], e.detail)
    bad = m.log.prefix(len(entries))
    bad.entries[:] = entries
    with pytest.raises(InputError, match=f"entry {k + 1} .*do not replay as saved"):
        Match.replay(bad)


def test_the_judges_challenge_at_le_mans_and_nowhere_else() -> None:
    """racerbile.lemans.judges: a Le Mans event's judges may challenge a ruling; at another race
    (or a dice table) only the people at the table may."""
    teams = [PlayerSpec(f"Team {i}", drivers=tuple(f"D{i}{k}" for k in range(3))) for i in range(2)]
    lemans = play(Match("racerbile", teams, GAMES["racerbile"].spec.make("le_mans"), seed=2, track="le_mans"), 60)
    race = play(new("racerbile"), 60)
    assert lemans.state.challengers() == (JUDGES,) and race.state.challengers() == ()
    for m in (lemans, race):
        i, j, r = next((i, j, r) for i, j, r in challengeable(m.log.entries) if r.what is What.SIPS)
        ch = Challenge(i, j, JUDGES, 0, What.SIPS, r.who, "the dice were cocked")
        if m is lemans:
            assert m.apply(ch).rulings[0].amount == 0
        else:
            with pytest.raises(IllegalAction, match="nobody at this table$"):
                m.apply(ch)


@pytest.mark.parametrize("limit", [None, 2])
def test_a_katchen_schuss_is_challenged_only_outside_a_tournament(limit: int | None) -> None:
    """katchen.phase2: at a tournament table (a Schuss limit) the Schüsse decide who leaves, so the
    state refuses a challenge of a Schuss; outside one a Schuss is a drink ruling like any other."""
    m = Match("katchen", players("katchen"), GAMES["katchen"].spec.make(None, schuss_limit=limit))
    schuss = Ruling("Ann", What.SCHUSS, 1, "katchen.phase2", "Ann holds all the mats")
    refused = m.state.challenge_refusal(schuss)
    assert (refused is not None) == (limit is not None)
    assert refused is None or "katchen.phase2" in refused
    assert m.state.challenge_refusal(Ruling("Ann", What.SIPS, 1, "katchen.phase1", "a sip")) is None
