"""Every registered game keeps the contract the shared modules rely on (after OpenSpiel's api_test):
parametrized over `game.games.GAMES` – a game added to the registry is checked without a line here.

For each game and each of its variants: a seeded bots-only match (`GameInfo.short_match`) played out
by its session at INSTANT pace ends; every action it applied reads back from its notation; every
chance node's outcomes sum to 1 (and a node that is no chance has none); `Match.replay` and a saved
file reproduce every ruling; every refusal of an illegal action cites a rule of the game's own
prefix (and the session's rule-id pattern finds it); `rules GAME` and `referee` on the game's
example records answer for it. The help overlay's part is tests/ui/test_conformance_ui.py.
"""
from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.descriptor import GameInfo, load
from game.errors import IllegalAction
from game.games import GAMES
from game.match import Match
from game.rules.catalog import rules_for
from game.rules.challenge import CHALLENGE
from game.session import INSTANT, Refusal, session_for
from game.state import CHANCE
from game.store.matchfile import load_match, write_log
from game.tools.records import referee

RECORDS = Path(__file__).resolve().parent.parent / "records"
VARIANTS = [(g, v) for g, info in GAMES.items() for v in info.spec.variants]
IDS = [f"{g}-{v}" for g, v in VARIANTS]
CITED = re.compile(r"\(([a-z][a-z0-9_]*(?:\.[\w]+)+)\)")  # any rule id in parentheses, whichever game's
SEED = 7
PROBES = 60  # states where illegal actions are tried
POOL = 40  # distinct actions of the match tried at each


@lru_cache(maxsize=None)
def played(game: str, variant: str) -> Match:
    """The short bots-only match of `game`'s `variant`, played out once for every check."""
    info = GAMES[game]
    m, after = load(info.short_match)(game, variant, SEED)
    session_for(m, pace=INSTANT).play_out(50_000, after=after)
    return m


@lru_cache(maxsize=None)
def states(game: str, variant: str) -> tuple[Any, ...]:
    """The states of the played match, from the start to its end (through `Match.replay`)."""
    seen: list[Any] = []
    Match.replay(played(game, variant).log, on_state=lambda n, st: seen.append(st))
    return tuple(seen)


def actions(game: str, variant: str) -> list[tuple[str, Any]]:
    """Every action the match applied: its logged notation and the action read from it."""
    parse = GAMES[game].state.parse_action
    return [(e.action, parse(e.action)) for e in played(game, variant).log.entries[1:] if e.seat != CHALLENGE]


@pytest.mark.parametrize("game,variant", VARIANTS, ids=IDS)
def test_a_seeded_bots_only_match_ends_through_its_session(game: str, variant: str) -> None:
    m = played(game, variant)
    assert m.state.is_terminal(), f"{game} ({variant}) did not end in {len(m.log.entries)} entries"
    assert m.profile.variant == variant and m.info is GAMES[game]
    assert len(m.state.returns()) == len(m.players)


@pytest.mark.parametrize("game,variant", VARIANTS, ids=IDS)
def test_every_applied_action_reads_back_from_its_notation(game: str, variant: str) -> None:
    parse = GAMES[game].state.parse_action
    done = actions(game, variant)
    assert done
    for text, action in done:
        assert str(action) == text
        assert parse(str(action)) == action


@pytest.mark.parametrize("game,variant", VARIANTS, ids=IDS)
def test_chance_outcomes_sum_to_one_at_every_chance_node(game: str, variant: str) -> None:
    for st in states(game, variant):
        outcomes = st.chance_outcomes()
        if st.current_player() == CHANCE:
            assert outcomes and all(p > 0 for _, p in outcomes)
            assert math.isclose(sum(p for _, p in outcomes), 1.0, rel_tol=1e-9)
        else:
            assert not outcomes


@pytest.mark.parametrize("game,variant", VARIANTS, ids=IDS)
def test_replay_and_a_saved_file_reproduce_every_ruling(game: str, variant: str, tmp_path: Path) -> None:
    m = played(game, variant)
    again = Match.replay(m.log)
    assert [e.rulings for e in again.log.entries] == [e.rulings for e in m.log.entries]
    assert again.state.returns() == m.state.returns()
    path = tmp_path / f"{game}.json"
    write_log(m.log, path)
    loaded = load_match(path)
    assert [(e.action, e.rulings) for e in loaded.log.entries] == [(e.action, e.rulings) for e in m.log.entries]


@pytest.mark.parametrize("game,variant", VARIANTS, ids=IDS)
def test_every_refusal_cites_a_rule_of_the_game(game: str, variant: str) -> None:
    """Actions of the match tried where they are not legal: the referee says no, and every rule id a
    refusal cites is one of the game's own, which the session's refusal finds (`Refusal.rule`)."""
    info: GameInfo = GAMES[game]
    pool = list(dict.fromkeys(a for _, a in actions(game, variant)))[:POOL]
    alive = [st for st in states(game, variant) if not st.is_terminal()]
    step = max(1, len(alive) // PROBES)
    reasons = []
    for st in alive[::step]:
        for a in pool:
            try:
                st.apply(a)
            except (IllegalAction, ValueError) as e:
                reasons.append(str(e))
    assert reasons, f"no action of {game} was ever refused"
    for reason, ids in ((r, CITED.findall(r)) for r in reasons):
        assert all(i.startswith(info.prefix) for i in ids), reason
        if ids:
            assert Refusal(reason).rule == ids[0]


@pytest.mark.parametrize("game", GAMES)
def test_rules_lists_the_game_s_rules_under_its_prefix(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", game, "--options"]) == 0
    out = capsys.readouterr().out
    ids = [r.id for r in rules_for(game)]
    assert ids and all(i.startswith(GAMES[game].prefix) for i in ids)
    assert all(i in out for i in ids)


@pytest.mark.parametrize("game", GAMES)
def test_referee_rules_on_the_game_s_example_records(game: str) -> None:
    files = [f for f in sorted(RECORDS.glob("*.yaml")) if re.search(rf"^game: {re.escape(game)}\s*$", f.read_text(encoding="utf-8"), re.M)]
    assert files, f"tests/records has no example record of {game}"
    for f in files:
        report = referee(f)
        data = json.loads(json.dumps(report.to_dict()))
        assert data and report.to_text().strip()
        assert all(r["rule"].startswith(GAMES[game].prefix) for r in data["rulings"] if r.get("rule"))
