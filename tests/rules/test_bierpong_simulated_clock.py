"""A simulated Bierpong match spends the seconds a table takes (bierpong.art9 with a `timer`): every
throw, cup removed and sip drunk runs the game clock by the figures of docs/bierpong-table.md, so the
clock's `clock` entries, `time` and sudden death come in `simulate bierpong` as in a live game – and
the log replays, ruling for ruling."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.bierpong.actions import Clock, Remove, Swat, Throw, Time, Together, parse_action
from game.bierpong.simulate import play_game
from game.bierpong.state import BierpongState
from game.cli import main
from game.match import Match
from game.rules import bierpong as R
from game.rules.ruling import What
from game.session.pong import DRINK_SECONDS, REMOVE_SECONDS, THROW_SECONDS, table_seconds

ART9 = "bierpong.art9"


def spent_while_running(m: Match, upto: int | None = None) -> int:
    """The table's seconds of every entry (before entry `upto`) made while the game clock ran (the figures, summed)."""
    st: BierpongState = Match("bierpong", list(m.players), m.profile, seed=m.log.seed).state
    total = 0
    for e in m.log.entries[1:upto]:
        a = parse_action(e.action)
        if st.clock_runs():
            total += table_seconds(a, e.rulings)
        st = st.apply(a).state
    return total


def test_simulate_bierpong_timer_logs_clock_and_time_entries() -> None:
    """bierpong.art9: with `timer` 3 the simulated clock runs out – `clock` entries add up to the
    three minutes, `time` follows as the clock's call, and no second of the table is lost; replayed,
    the log rules the same."""
    m = play_game(["regular", "regular"], 2, 1, profile=R.SPEC.make(timer=3)).match
    actions = [parse_action(e.action) for e in m.log.entries[1:]]
    clocks = [a for a in actions if isinstance(a, Clock)]
    times = [e for e in m.log.entries[1:] if isinstance(parse_action(e.action), Time)]
    st: BierpongState = m.state
    assert clocks and sum(c.seconds for c in clocks) == st.clock == 180
    assert len(times) == 1 and (times[0].detail or {}).get("clock") and st.timed_out
    assert any(r.rule == ART9 for r in times[0].rulings)
    assert spent_while_running(m) >= 180  # the clock ran on the table's seconds, not on the ticks
    assert all(1 <= c.seconds <= THROW_SECONDS + 10 * (REMOVE_SECONDS + DRINK_SECONDS) for c in clocks)
    assert Match.replay(m.log).rulings() == m.rulings()


def test_simulate_bierpong_spends_the_figures_per_throw_removal_and_drink() -> None:
    """docs/bierpong-table.md: a throw (or two balls together, or a swatted ball) takes THROW_SECONDS,
    each cup removed REMOVE_SECONDS, each sip drunk DRINK_SECONDS."""
    m = play_game(["good", "good"], 2, 5, profile=R.SPEC.make(timer=30)).match
    st: BierpongState = m.state
    assert st.is_terminal() and not st.timed_out  # decided by the cups within the half hour
    last = max(i for i, e in enumerate(m.log.entries) if i and isinstance(parse_action(e.action), Clock))
    assert st.clock == spent_while_running(m, last) > 0  # every second of the table up to the last clock entry is logged
    seen = {type(parse_action(e.action)) for e in m.log.entries[1:]}
    assert {Throw, Remove} <= seen
    drink = next(e for e in m.log.entries[1:] if any(r.what is What.SIPS for r in e.rulings))
    sips = sum(r.amount for r in drink.rulings if r.what is What.SIPS)
    assert table_seconds(parse_action(drink.action), drink.rulings) >= DRINK_SECONDS * sips
    assert table_seconds(Remove("Owls", (1, 2, 3)), ()) == 3 * REMOVE_SECONDS
    pair = next((parse_action(e.action) for e in m.log.entries[1:] if isinstance(parse_action(e.action), Together)), None)
    if pair is not None:
        assert table_seconds(pair, ()) == THROW_SECONDS  # both balls at once: one throw's time
    assert table_seconds(Swat("O1", "F1"), ()) == THROW_SECONDS


def test_simulate_bierpong_timer_tie_goes_to_sudden_death() -> None:
    """bierpong.art9, "Timer runs out" Decisions: a tie when time is up is sudden death – the next
    team to hit wins, without a Konter; the simulated match plays it out and replays the same."""
    found = []
    for seed in range(1, 40):
        m = play_game(["casual", "casual"], 1, seed, profile=R.SPEC.make(timer=1)).match
        if m.state.sudden:
            found.append(m)
            break
    assert found, "no simulated tie in 40 games"
    m = found[0]
    st: BierpongState = m.state
    assert st.is_terminal() and st.winner is not None and st.timed_out
    time_entry = next(e for e in m.log.entries[1:] if isinstance(parse_action(e.action), Time))
    assert any("sudden death" in r.arithmetic for r in time_entry.rulings)
    after = m.log.entries[m.log.entries.index(time_entry) + 1:]
    assert not any(isinstance(parse_action(e.action), Clock) for e in after)  # the clock stands after time
    assert Match.replay(m.log).rulings() == m.rulings()


def test_simulate_bierpong_without_a_timer_logs_no_clock() -> None:
    """bierpong.art9: no timer, no game clock – a simulated match logs no `clock` or `time`."""
    m = play_game(["pro", "pro"], 1, 2).match
    assert not any(isinstance(parse_action(e.action), (Clock, Time)) for e in m.log.entries[1:])


def test_simulate_bierpong_cli_with_a_timer_profile_reports_the_clock(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate bierpong --profile` with `timer`: the JSON tells the clock, time and sudden death;
    the text says when time was called; the same seed prints the same."""
    prof = tmp_path / "timer.yaml"
    prof.write_text("game: bierpong\noptions:\n  timer: 2\n", encoding="utf-8")
    args = ["simulate", "bierpong", "--seed", "3", "--games", "2", "--players-per-team", "1", "--profile", str(prof), "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    for g in data["games"]:
        assert g["timer_s"] == 120 and 0 < g["clock_s"] <= 120 and isinstance(g["sudden_death"], bool)
    assert any(g["timed_out"] for g in data["games"])
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == data
    assert main(args[:-1]) == 0
    assert "time after 2:00" in capsys.readouterr().out
