"""The special-shot solver (`game.bierpong.solver`) and `python main.py demo SHOT`: every shot kind
solved on the default rack through the real physics, each solved throw re-simulated and
re-classified; the demo scene replays exactly the solved throws; the command runs headless.

Each solve runs with a bounded budget of simulated throws (`BUDGET`) and must succeed within it."""
from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from game.bierpong.classify import classify, knocked_over
from game.bierpong.solver import NEIGHBOUR, SHOTS, NotFound, Solution, solve
from game.cli import main as cli_main
from physics.constants import CONST
from physics.events import Settled
from physics.table import Cup, formation
from physics.world import simulate

if TYPE_CHECKING:
    from game.ui.common.app import App

RACK = formation("triangle10")
BUDGET = 3000  # simulated throws, about 3 s at most per shot


def solved(shot: str) -> Solution:
    sol = solve(shot, RACK, budget=BUDGET)
    assert sol.tries <= BUDGET
    for st in sol.throws:  # every throw is real: the physics gives the same timeline and outcome again
        tl = simulate(st.cups, st.throw, max_time=8.0)
        assert tl.events == st.timeline.events
        assert classify(tl.events) == st.outcome and knocked_over(tl.events) == st.tipped
    return sol


def outcomes(sol: Solution) -> list[str]:
    return [str(st.outcome) for st in sol.throws]


def test_the_solver_finds_a_bounce() -> None:
    """bierpong.art14: one ball, touched down on the table, then into a cup."""
    sol = solved("bounce")
    (st,) = sol.throws
    assert st.outcome.hit and st.outcome.bounced and st.cups == RACK
    assert sol.summary.startswith(f"bounce: cup {st.outcome.cup}")


def test_the_solver_finds_a_roller_on_the_full_rack() -> None:
    """bierpong.art15: two distinct cups touched, then in – "roller: cups A → N"."""
    sol = solved("roller")
    (st,) = sol.throws
    assert st.outcome.roller and len(st.cups) == 10
    assert sol.summary == "roller: cups " + " → ".join(
        str(c) for c in (*[c for c in st.outcome.touched if c != st.outcome.cup], st.outcome.cup))


def test_the_solver_finds_a_bombe() -> None:
    """bierpong.art20: both throws of a round into the same cup (the cup stays for the second)."""
    sol = solved("bombe")
    a, b = sol.throws
    assert a.outcome.hit and a.outcome.cup == b.outcome.cup
    assert a.cups == b.cups == RACK


def test_the_solver_finds_an_island() -> None:
    """bierpong.art22: the neighbours of a cup are hit away, then that cup – now an island – hit."""
    sol = solved("island")
    *clear, last = sol.throws
    island = next(c for c in last.cups if c.id == last.outcome.cup)
    assert clear and all(t.outcome.hit for t in clear)
    assert not [c for c in last.cups if c.id != island.id and math.dist((c.x, c.y), (island.x, island.y)) <= NEIGHBOUR]
    assert {t.outcome.cup for t in clear} == {c.id for c in RACK if c.id != island.id
                                               and math.dist((c.x, c.y), (island.x, island.y)) <= NEIGHBOUR}


def test_the_solver_finds_a_trickshot() -> None:
    """bierpong.art19: a ball comes back and lies on the thrower's half; fetched, it is thrown from
    there and hits."""
    sol = solved("trickshot")
    back, shot = sol.throws
    assert back.outcome.back
    rest = next(e for e in reversed(back.timeline.events) if isinstance(e, Settled))
    assert rest.x < CONST.centre
    assert shot.throw.release[0] == pytest.approx(min(rest.x, CONST.centre - 0.05))
    assert shot.outcome.hit


def test_the_solver_finds_an_air_ball() -> None:
    """bierpong.art23: touched nothing, over the far end."""
    assert outcomes(solved("air_ball")) == ["air"]


def test_the_solver_finds_balls_back() -> None:
    """bierpong.art13: both throws of a round hit, two different cups."""
    a, b = solved("balls_back").throws
    assert a.outcome.hit and b.outcome.hit and a.outcome.cup != b.outcome.cup


def test_the_solver_finds_on_fire() -> None:
    """bierpong.art21: three hits in a row, each hit cup gone before the next throw."""
    sol = solved("on_fire")
    assert len(sol.throws) == 3 and all(t.outcome.hit for t in sol.throws)
    for earlier, later in zip(sol.throws, sol.throws[1:]):
        assert earlier.outcome.cup not in {c.id for c in later.cups}


def test_the_solver_finds_a_dead_cup() -> None:
    """bierpong.art18: a hit cup left standing when the round ends (the second throw misses) is hit
    again."""
    hit, miss, again = solved("dead_cup").throws
    assert hit.outcome.hit and not miss.outcome.hit and again.outcome.cup == hit.outcome.cup
    assert hit.outcome.cup in {c.id for c in again.cups}


def test_the_solver_finds_a_konter() -> None:
    """bierpong.art10: A hits B's last cup with one throw; B counters with one throw, one hit, of the
    same kind (a plain hit)."""
    finish, counter = solved("konter").throws
    assert len(finish.cups) == 1 and finish.outcome.cup == finish.cups[0].id
    assert counter.cups == RACK
    for t in (finish, counter):
        assert t.outcome.hit and not t.outcome.bounced and not t.outcome.roller


def test_every_shot_kind_is_solved_on_the_default_rack() -> None:
    """All ten kinds, by name, within the budget (the demo's menu)."""
    for shot in SHOTS:
        assert solve(shot, budget=BUDGET).throws


def test_the_solver_is_deterministic() -> None:
    a, b = solve("trickshot"), solve("trickshot")
    assert [t.throw for t in a.throws] == [t.throw for t in b.throws] and a.tries == b.tries


def test_the_solver_works_on_another_rack() -> None:
    """bierpong.art15 on a six-cup rack."""
    sol = solve("roller", formation("six"), budget=BUDGET)
    assert sol.throws[0].outcome.roller and len(sol.throws[0].cups) == 6


def test_unknown_shots_and_exhausted_budgets_are_errors() -> None:
    with pytest.raises(ValueError, match="unknown shot"):
        solve("fadeaway")
    with pytest.raises(NotFound):
        solve("trickshot", budget=2)
    with pytest.raises(NotFound):  # one cup far off the table's line: no roller possible
        solve("roller", (Cup(1, 2.3, 0.0),), budget=400)


def test_the_demo_scene_replays_the_solved_throws_exactly(app: App) -> None:
    """The scene throws each solved throw on a fresh table with its rack: the same events, and the
    classification shown."""
    from game.ui.pong.pong_demo import DemoScene

    sol = solve("balls_back")
    scene = DemoScene(app, sol)
    app.push(scene)
    for _ in range(2000):
        scene.update(1 / 30)
        if scene.finished:
            break
    assert scene.finished
    assert [tuple(ev) for ev in scene.events] == [st.timeline.events for st in sol.throws]
    assert scene.classified == [str(st.outcome) for st in sol.throws]
    frame = scene.frame()
    assert frame.banner == sol.summary
    assert sol.summary in " ".join(text.strip() for _, text in scene.feed)  # the feed wraps long lines


def test_the_demo_command_runs_headless(tmp_path: Path) -> None:
    shot = tmp_path / "demo.png"
    assert cli_main(["demo", "roller", "--frames", "40", "--screenshot", str(shot)]) == 0
    assert shot.exists() and shot.stat().st_size > 1000
    with pytest.raises(SystemExit) as e:
        cli_main(["demo", "fadeaway"])
    assert e.value.code == 2


SPARSE = tuple(c for c in RACK if c.id in (1, 10))


def test_the_solver_finds_a_roller_on_a_sparse_rack() -> None:
    """bierpong.art15 on cups 1 and 10 alone: the one cup glanced off, the other dropped into – found
    within a few hundred candidate throws (the old search needed about 2,000)."""
    sol = solve("roller", SPARSE, budget=300)
    (st,) = sol.throws
    assert st.outcome.roller and set(st.outcome.touched) == {1, 10} and st.cups == SPARSE
    tl = simulate(SPARSE, st.throw, max_time=8.0)
    assert tl.events == st.timeline.events and classify(tl.events) == st.outcome


def test_the_early_stop_rules_out_only_throws_that_do_not_solve() -> None:
    """A candidate the search drops (by its free flight or its first events) is one whose full
    simulation does not make the shot either, and every one it keeps does: over the sparse roller's
    candidates up to its solution, and the plain hits' and the air ball's first candidates."""
    from game.bierpong import solver as S

    cases = [
        (SPARSE, S._varied(S._roller_seeds(SPARSE, S._front_first(SPARSE), S.RELEASE)),
         S._clean(lambda o: o.roller and not o.bounced, flat=True), 150),
        (RACK, S._varied(S._hit_seeds(RACK, [5], S.RELEASE)), S._clean(S._plain, flat=True), 40),
        (RACK, S._varied(S._bounce_seeds(RACK, [1], S.RELEASE)), S._clean(lambda o: o.hit and o.bounced), 20),
        (RACK, S._varied(S._air_seeds(S.RELEASE)), S._Goal(lambda o, tipped: o.air, untouched=True), 20),
    ]
    kept = dropped = 0
    for cups, candidates, goal, n in cases:
        search = S._Search(budget=10_000)
        for _, th in zip(range(n), candidates):
            tl = simulate(cups, th, max_time=S.MAX_TIME)
            full = goal.ok(classify(tl.events), knocked_over(tl.events))
            st = search._try(cups, th, goal)
            assert (st is not None) == full, th
            if st is not None:
                assert st.timeline.events == tl.events
            kept, dropped = kept + full, dropped + (not full)
    assert kept and dropped


def test_an_impossible_request_ends_within_the_step_budget() -> None:
    """A roller needs two cups a glance apart: on two cups at opposite corners of the far half none is
    found, and the search gives up after its bounded number of physics steps ("cannot be found")."""
    from game.bierpong.solver import MAX_STEPS

    apart = (Cup(1, 1.9, -0.25), Cup(2, 2.4, 0.25))
    with pytest.raises(NotFound, match="steps"):
        solve("roller", apart)
    with pytest.raises(NotFound, match="within 2000 simulated steps"):
        solve("roller", apart, max_steps=2000)
    assert solve("roller", SPARSE).steps <= MAX_STEPS
