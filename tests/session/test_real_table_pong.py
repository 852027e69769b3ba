"""Bierpong at a real table (issue 32): no ball flies on the physics table – after each real throw the
team on turn enters what the ball did in the notation (`Ann: bounce 3`, `Cem swats Ann`, …); the game
is ruled exactly as `referee` rules the same lines as a record; impossible outcomes are refused with
the rule's reason, nothing logged; the table switches mid-game; a real-table game saves and replays."""
from __future__ import annotations

import random
from pathlib import Path

from game.bierpong.actions import Throw
from game.bierpong.bots import BierpongBots, skill_of
from game.bierpong.state import PLAY
from game.match import Match, PlayerSpec
from game.rules import bierpong as R
from game.rules.realtable import TABLE
from game.session import INSTANT
from game.session.pong import PongSession, Release
from game.store.matchfile import load_match
from game.tools.records import referee
from physics.world import Throw as PhysThrow

TEAMS = {"Foxes": ("Ann", "Ben"), "Owls": ("Cem", "Dana")}


def real_pong(seed: int, *, real: bool = True) -> PongSession:
    m = Match("bierpong", [PlayerSpec(t, drivers=ms) for t, ms in TEAMS.items()], R.SPEC.make(), seed=seed, real_table=real)
    return PongSession(m, pace=INSTANT)


def play_real(s: PongSession, seed: int, limit: int = 3000, *, to_end: bool = True) -> None:
    """People at a real table: the team on turn enters what its real balls did (a seeded hand of
    regular players says it), and its choices (who begins, the cups removed)."""
    hands = BierpongBots({m: skill_of("regular") for ms in TEAMS.values() for m in ms}, random.Random(seed))
    for _ in range(limit):
        if s.over():
            return
        seat = s.to_act()
        action = hands.act(s.state)
        refusal = s.enter(s.match.players[seat].name, str(action))
        assert refusal is None, (str(action), refusal)
    assert not to_end, "the game did not end"


def record_of(m: Match, path: Path) -> Path:
    """The game as a record for `referee` (docs/records.md): the log's lines, one action a line."""
    lines = ["game: bierpong", "teams:"] + [f"  {t}: [{', '.join(ms)}]" for t, ms in TEAMS.items()] + ["play:"]
    lines += [f"  - \"{e.action}\"" for e in m.log.entries[1:] if e.seat != TABLE]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_real_table_whole_game_rules_as_referee_rules_the_record(tmp_path: Path) -> None:
    s = real_pong(21)
    play_real(s, 21)
    m = s.match
    assert m.state.is_terminal()
    assert not s.table.flights and not any((e.detail or {}).get("throws") for e in m.log.entries)  # no ball simulated
    report = referee(record_of(m, tmp_path / "pong.yaml"))
    assert report.rulings == m.rulings()
    assert report.match.state.is_terminal()


def to_play(s: PongSession) -> None:
    assert s.enter("Foxes", "throw-off Ann hit 2, Cem miss") is None
    assert s.enter("Foxes", "Foxes begin") is None
    assert s.state.phase == PLAY


def test_bierpong_art3_a_hit_entered_at_a_real_table_is_ruled_and_the_ball_is_not_thrown_on_the_physics() -> None:
    s = real_pong(1)
    to_play(s)
    refusal = s.request("Ann", Release(PhysThrow((0.1, 0.0, 0.3), (2.0, 0.0, 1.0), (0.0, 0.0, 0.0))))
    assert refusal is not None and "real" in str(refusal) and not s.table.flights
    assert s.enter("Foxes", "Ann: hit 3") is None
    assert s.match.log.entries[-1].action == "Ann: hit 3"


def test_bierpong_refuses_impossible_outcomes_with_the_reason_nothing_logged() -> None:
    s = real_pong(2)
    to_play(s)
    n = len(s.match.log.entries)
    for typed, why in (("Ann: hit 11", "cup 11 is not a cup"), ("Ann: roller 2>12", "cup 12 is not a cup"),
                       ("Ann: roller 12>2", "a roller over cup 12, which is not on the table"),
                       ("Ann: bounce", "not an outcome"), ("Cem: hit 3", "Foxes's round"), ("Ann: kaboom", "not an outcome"),
                       ("Ben: hit 3 & Ann: hit 3 & Ben: miss", "")):
        refusal = s.enter("Foxes", typed)
        assert refusal is not None and why in str(refusal), typed
    assert s.enter("Owls", "Ann: hit 3") is not None  # not the Owls' throw
    assert len(s.match.log.entries) == n


def test_bierpong_art3_a_cup_already_gone_is_refused() -> None:
    s = real_pong(3)
    to_play(s)
    assert s.enter("Foxes", "Ann: hit 3") is None
    assert s.enter("Foxes", "Ben: miss") is None
    while s.state.phase != PLAY or s.state.team != 0:  # the Owls remove cup 3, then throw and their cups go
        seat = s.to_act()
        if s.state.phase == PLAY:
            assert s.enter(s.match.players[seat].name, f"{s.state.throwers()[0]}: miss") is None
        else:
            acts = [a for a in s.state.legal_actions()]
            assert s.request(seat, acts[0]) is None
    n = len(s.match.log.entries)
    refusal = s.enter("Foxes", "Ann: hit 3")
    assert refusal is not None and "3" in str(refusal) and len(s.match.log.entries) == n


def test_switching_real_and_simulated_mid_game_then_saved_and_replayed(tmp_path: Path) -> None:
    s = real_pong(4)
    to_play(s)
    assert s.enter("Foxes", "Ann: miss") is None
    assert s.switch_table("Dana", False) is None
    assert s.match.log.entries[-1].action == "simulated table by Dana" and not s.match.real_table
    assert s.enter("Foxes", "Ben: miss") is not None  # at a simulated table the ball flies on the physics
    assert s.switch_table("Ann", True) is None
    play_real(s, 4, limit=40, to_end=False)
    path = s.save(tmp_path / "pong.json")
    assert isinstance(path, Path)
    loaded = load_match(path)
    assert loaded.real_table and loaded.rulings() == s.match.rulings()
    assert [e.action for e in loaded.log.entries if e.seat == TABLE] == ["simulated table by Dana", "real table by Ann"]
    assert any(isinstance(loaded.parse(e.action), Throw) for e in loaded.log.entries[1:])
