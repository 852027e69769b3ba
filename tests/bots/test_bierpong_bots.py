"""Bierpong bots (`game.bierpong.bots`) throwing through the real physics, bot games through
`game.match.Match` (`game.bierpong.simulate`), and `main.py simulate bierpong`.

Cups of the 10-cup triangle: 1 at the front tip, then 2 3, 4 5 6, 7 8 9 10 (row by row).
"""
from __future__ import annotations

import dataclasses
import functools
import json
import random
from typing import Any

import pytest

from game.bierpong.actions import (
    Call,
    Catch,
    EndRound,
    Fetch,
    Remove,
    Swat,
    Throw,
    Together,
    parse_action,
)
from game.bierpong.bots import (
    SKILLS,
    BierpongBots,
    bounce_throw,
    compactness,
    find_bounce,
    hit_rate,
    skill_of,
    target_cup,
    throw_at,
)
from game.bierpong.classify import classify
from game.bierpong.outcome import parse_outcome
from game.bierpong.rack import Rack
from game.bierpong.simulate import play_game, simulate, team_players
from game.cli import main
from game.match import Match, PlayerSpec
from game.rules import bierpong as R
from game.rules.ruling import What
from game.store.matchfile import read_json_log, write_log
from physics.events import CupContact, TableBounce
from physics.table import formation
from physics.world import simulate as physics_simulate


def new_game(*lines: str, **options: Any) -> Match:
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Ann",)), PlayerSpec("Owls", drivers=("Cem",))], R.SPEC.make(**options))
    for line in ("throw-off Ann hit 1, Cem miss", "Foxes begin", *lines):
        m.apply(parse_action(line))
    return m


@functools.cache
def bot_game(skills: tuple[str, str], per_team: int, seed: int) -> Any:
    """A bots-only game through the real physics, played once per test process and shared by the
    tests that only read it (`play_game`: each call plays it again)."""
    return play_game(list(skills), per_team, seed)


def bots(**changes: Any) -> BierpongBots:
    sk = dataclasses.replace(SKILLS["regular"], **changes)
    return BierpongBots({"Ann": sk, "Cem": sk}, random.Random(3))


# --- whole games ------------------------------------------------------------------------------


@pytest.mark.parametrize("per_team", [1, 2, 3])
def test_bot_games_end_with_a_side_out_of_cups(per_team: int) -> None:
    """A bots-only game ends: one side has no cups left and loses (bierpong.art9), after the
    throw-off (bierpong.art8) and any Konter (bierpong.art10)."""
    for seed in range(3):
        run = bot_game(("casual", "pro"), per_team, seed)
        st = run.state
        assert run.finished and st.is_terminal()
        assert st.winner is not None
        assert len(st.sides[1 - st.winner].rack) == 0
        assert len(st.sides[st.winner].rack) > 0
        assert all(len(s.members) == per_team for s in st.sides)
        losses = [r for r in run.match.rulings() if r.what == What.LOSS]
        assert [r.who for r in losses] == [st.players[1 - st.winner]]


def test_same_seed_same_game_log() -> None:
    """The bots draw only from the match's seeded generator: same seed, same log; another seed, another."""
    a = json.loads(bot_game(("casual", "pro"), 2, 0).match.log.to_json())
    b = json.loads(play_game(["casual", "pro"], 2, 0).match.log.to_json())  # played again
    c = json.loads(bot_game(("casual", "pro"), 2, 1).match.log.to_json())
    assert a == b
    assert len(a["entries"]) > 20
    assert a["entries"] != c["entries"]


def test_replay_of_a_bot_game_reproduces_every_ruling(tmp_path: Any) -> None:
    """`Match.replay` of a saved bot game – physics outcomes written in the notation – rules every
    entry exactly as played (it raises on the first ruling that differs)."""
    for per_team, seed in ((1, 0), (2, 1), (3, 2)):
        run = bot_game(("casual", "pro"), per_team, seed)
        path = tmp_path / f"game{seed}.json"
        write_log(run.match.log, path)
        again = Match.replay(read_json_log(path))
        assert again.state.winner == run.state.winner
        assert again.rulings() == run.match.rulings()
        assert again.state.summary() == run.state.summary()


def test_bot_games_use_the_special_rules() -> None:
    """Over a few games the bots make rollers (bierpong.art15), call and hit (bierpong.art21,
    bierpong.art22), catch air balls (bierpong.art23) – and every sip drunk is a hit cup's (bierpong.art1)."""
    total: dict[str, int] = {}
    for seed in range(6):
        run = bot_game(("good", "pro"), 2, seed)
        for row in run.stats().values():
            for k, v in row.items():
                total[k] = total.get(k, 0) + v
        sips = sum(r.amount for r in run.match.rulings() if r.what == What.SIPS)
        assert sips == sum(row["sips"] for row in run.stats().values())
    assert total["hits"] > 0 and total["rollers"] > 0 and total["catches"] > 0
    assert total["on_fire"] + total["islands"] + total["bombes"] > 0


# --- skill --------------------------------------------------------------------------------------


@pytest.mark.slow
def test_skill_bands_measured_over_500_throws() -> None:
    """The hard-coded spreads keep the calibrated hit rates (at a full 10-cup rack): casual 15–25 %,
    pro 40–50 %, regular and good between (bierpong.art1: a hit is a ball in a cup)."""
    rates = {k: hit_rate(k, 500, seed=101) for k in SKILLS}
    assert 0.15 <= rates["casual"] <= 0.25, rates
    assert 0.40 <= rates["pro"] <= 0.50, rates
    assert rates["casual"] < rates["regular"] < rates["good"] < rates["pro"], rates


@pytest.mark.slow
def test_calibration_finds_a_wider_spread_for_a_lower_rate() -> None:
    """`calibrate` bisects the spread to a hit rate: a lower target rate needs a wider spread."""
    from game.bierpong.bots import calibrate

    wide = calibrate("regular", 0.15, n=120, steps=6)
    narrow = calibrate("regular", 0.5, n=120, steps=6)
    assert 0.2 < narrow < wide < 20.0


def test_unknown_skill_is_refused() -> None:
    with pytest.raises(ValueError, match="casual, regular, good, pro"):
        skill_of("legend")
    with pytest.raises(ValueError, match="two teams"):
        team_players(["pro"], 2)


# --- decisions ----------------------------------------------------------------------------------


def test_target_is_the_rack_centre_a_dead_cup_or_the_called_island() -> None:
    """Aim at the cup with the most neighbours (the centre, 5), at a Dead Cup (hitting it wins,
    bierpong.art18), or at the Island called (bierpong.art22)."""
    rack = Rack(formation("triangle10"))
    assert target_cup(rack) == 5
    assert target_cup(rack, dead=frozenset({9})) == 9
    lone = rack.without({2, 3})
    assert lone.is_island(1)
    assert target_cup(lone, called=1) == 1


def test_a_pro_throw_at_a_lone_cup_goes_through_the_physics() -> None:
    """A throw is aimed, spread and simulated: a pro hits a lone cup sometimes, never another cup."""
    rack = Rack(formation("three")).without({2, 3})
    rng = random.Random(5)
    outs = [throw_at(rack, 1, SKILLS["pro"], rng) for _ in range(60)]
    assert any(o.hit for o in outs)
    assert not all(o.hit for o in outs)
    assert {o.cup for o in outs if o.hit} == {1}


def test_bot_calls_heating_up_after_two_hits() -> None:
    """Two hits in a row: the bot calls "Heating up" (bierpong.art21)."""
    m = new_game("Ann: hit 1", "Ann: hit 2")
    a = bots().act(m.state)
    assert a == Call("Ann", "heating up")
    m.apply(a)
    assert m.log.entries[-1].rulings[0].rule == "bierpong.art21"


def test_bot_catches_an_air_ball_when_quick_enough() -> None:
    """An air ball: a defender catches it (bierpong.art23) – always with catch 1, never with 0."""
    m = new_game("Ann: air")
    assert bots(catch=1.0).act(m.state) == Catch("Cem", "Ann")
    assert isinstance(bots(catch=0.0).act(m.state), Throw)


def test_bot_fetches_a_ball_that_came_back() -> None:
    """A ball back on the throwers' half is fetched for a trickshot (bierpong.art19)."""
    m = new_game("Ann: back")
    assert bots(fetch=1.0).act(m.state) == Fetch("Ann")
    m2 = new_game("Ann: miss", "Ann: back")
    assert bots(fetch=0.0).act(m2.state) == EndRound()


def test_bot_swats_a_bounced_ball_that_would_drop_in() -> None:
    """A bounced ball on its way in is swatted away sometimes (bierpong.art14): a bot that always
    throws bounces finds, within a few seeds, a bounce hit – swatted with swat 1, played with swat 0."""
    m = new_game()
    for seed in range(40):
        sk = dataclasses.replace(SKILLS["pro"], bounce=1.0)
        a = BierpongBots({"Ann": sk, "Cem": dataclasses.replace(sk, swat=1.0)}, random.Random(seed)).act(m.state)
        if isinstance(a, Swat):
            assert a == Swat("Cem", "Ann")
            b = BierpongBots({"Ann": sk, "Cem": dataclasses.replace(sk, swat=0.0)}, random.Random(seed)).act(m.state)
            assert isinstance(b, Throw) and b.player == "Ann" and b.outcome.hit and b.outcome.bounced
            return
        assert isinstance(a, Throw) and not (a.outcome.hit and a.outcome.bounced)
    pytest.fail("no bounce hit in 40 seeds")


def test_bot_removes_adjacent_extras_keeping_the_rack_compact() -> None:
    """A bounce in cup 5 takes one more, an adjacent one (bierpong.art3, bierpong.art14): the owners
    pick the one that leaves the rack most compact."""
    m = new_game("Ann: bounce 5", "Ann: miss")
    a = bots().act(m.state)
    assert isinstance(a, Remove) and a.cups[0] == 5
    rack = m.state.defender.rack
    assert a.cups[1] in rack.neighbours(5)
    best = max(compactness(rack.without({5, c})) for c in rack.neighbours(5))
    assert compactness(rack.without(set(a.cups))) == best
    m.apply(a)
    owls = m.state.sides[1].rack
    assert len(owls) == 8 and owls.islands() == ()


# --- bounce shots, the Konter's special shot, both balls at once -----------------------------------


def test_bounce_throw_bounces_then_drops_in_art14() -> None:
    """bierpong.art14: the bounce aim (zero spread) touches the table short of the target cup and drops
    into it – on the full rack and on a 3-cup rack – and is searched once per rack and cup (cached)."""
    for rack in (Rack(formation("triangle10")), Rack(formation("three"))):
        for cup in (target_cup(rack), rack.ids[0]):
            th = bounce_throw(rack, cup, SKILLS["pro"], random.Random(1), spread=0.0)
            events = physics_simulate(rack.cups, th).events
            o = classify(events)
            assert o.hit and o.bounced and o.cup == cup, (rack.ids, cup, o)
            assert isinstance(next(e for e in events if isinstance(e, (TableBounce, CupContact))), TableBounce)
            assert find_bounce(rack, cup) is find_bounce(rack, cup)
            base = find_bounce(rack, cup)
            assert base is not None and th.velocity == pytest.approx(base.velocity) and th.release == base.release


def first_contact_is_table(rack: Rack, th: Any) -> bool:
    events = physics_simulate(rack.cups, th).events
    contacts = [e for e in events if isinstance(e, (TableBounce, CupContact))]
    return bool(contacts) and isinstance(contacts[0], TableBounce)


def test_bot_aims_bounce_for_bounce_konter_art10() -> None:
    """bierpong.art10: the last cup fell to a bounce, so the Konter must bounce too – a pro's planned
    throw touches the table first in most seeds (it touches down short of the cup, bierpong.art14)."""
    m = new_game("Ann: hit 1", "Ann: miss", "Cem: miss", "Cem: miss", "Ann: miss", "Ann: bounce 2",
                 cups=3, auto_remove_cups=True)
    st = m.state
    assert st.konter is not None and st.konter.special == "bounce" and st.current_player() == 1
    pro = dataclasses.replace(SKILLS["pro"], bounce=0.0)  # the Konter alone makes it bounce
    rack = st.sides[0].rack
    table_first = 0
    for seed in range(20):
        b = BierpongBots({"Ann": pro, "Cem": pro}, random.Random(seed))
        assert b.rack_for(st, "Cem") == rack
        table_first += first_contact_is_table(rack, b.plan(st, "Cem"))
    assert table_first >= 12, table_first
    a = BierpongBots({"Cem": pro}, random.Random(0)).act(st)  # Ann no bot: nobody swats for her
    assert isinstance(a, Throw) and a.player == "Cem"
    m.apply(a)


def test_bots_swat_catch_and_fetch_counter_balls_art14_art23_art19() -> None:
    """bierpong.art14, art23, art19 – Decision "Swats, catches and fetches during a Konter": a bot
    finisher swats a bounced counter ball and catches a counter air ball; a bot counter fetches its ball
    that came back, or – fetching nothing when it is the last – says "end of round" (the Konter fails)."""
    m = new_game("Ann: hit 1", "Ann: miss", "Cem: miss", "Cem: miss", "Ann: miss", "Ann: bounce 2",
                 cups=3, auto_remove_cups=True)
    st = m.state
    assert st.konter is not None and st.konter.special == "bounce"
    keen = dataclasses.replace(SKILLS["pro"], swat=1.0, catch=1.0, fetch=1.0)
    acts = [BierpongBots({"Ann": keen, "Cem": keen}, random.Random(seed)).act(st) for seed in range(12)]
    assert Swat("Ann", "Cem") in acts
    assert all(isinstance(a, Throw) or a == Swat("Ann", "Cem") for a in acts)
    air = m.state.apply(parse_action("Cem: air")).state
    assert BierpongBots({"Ann": keen, "Cem": keen}, random.Random(0)).act(air) == Catch("Ann", "Cem")
    back = m.state.apply(parse_action("Cem: back")).state
    assert BierpongBots({"Ann": keen, "Cem": keen}, random.Random(0)).act(back) == Fetch("Cem")
    last = m.state.apply(parse_action("Cem: miss")).state.apply(parse_action("Cem: back")).state
    assert last.phase == "konter" and not last.throwers()
    lazy = dataclasses.replace(keen, fetch=0.0)
    a = BierpongBots({"Ann": lazy, "Cem": lazy}, random.Random(0)).act(last)
    assert a == EndRound() and last.apply(a).state.winner == 0


def test_bot_tries_bombe_in_bombe_konter_art20() -> None:
    """bierpong.art10, bierpong.art20: the last cups fell to a Bombe; the counter hit cup 2 – the bot
    aims at cup 2 again (unspread it drops in: a Bombe, the Konter made)."""
    m = new_game("Ann: hit 1", "Ann: hit 1", "end of round", "Cem: hit 2", cups=3, auto_remove_cups=True)
    st = m.state
    assert st.konter is not None and st.konter.special == "bombe" and st.konter.cups == (2,)
    sure = dataclasses.replace(SKILLS["pro"], spread=0.0)
    b = BierpongBots({"Ann": sure, "Cem": sure}, random.Random(4))
    a = b.act(st)
    assert isinstance(a, Throw) and a.player == "Cem" and a.outcome.cup == 2
    rs = m.apply(a).rulings
    assert any("Konter made" in r.arithmetic for r in rs if r.rule == "bierpong.art10")


def test_bot_aims_at_an_island_in_island_konter_art22() -> None:
    """bierpong.art10, bierpong.art22: the Owls' last cup fell to a called Island, so the counter calls
    Island (the Decision "The Konter's special shot": with its call) on an island of the Foxes' rack –
    cup 1, cut off when the Owls hit 2 and 3 – and, unspread, hits it."""
    m = new_game("Ann: miss", "Ann: miss", "Cem: hit 2", "Cem: hit 3", "end of round", "Cem: miss", "Cem: miss",
                 "Ann: hit 2", "Ann: hit 3", "end of round", "Ann: hit 4", "Ann: hit 5", "end of round",
                 "Ann: hit 6", "Ann: island 1", "Ann: hit 1", "end of round", cups=6, auto_remove_cups=True)
    st = m.state
    assert st.konter is not None and st.konter.special == "island"
    rack = st.sides[0].rack
    assert rack.islands() == (1,) and target_cup(rack) != 1
    sure = dataclasses.replace(SKILLS["pro"], spread=0.0)
    bots = BierpongBots({"Ann": sure, "Cem": sure}, random.Random(2))
    call = bots.act(st)
    assert call == Call("Cem", "island", 1)
    a = bots.act(st.apply(call).state)
    assert isinstance(a, Throw) and a.outcome.cup == 1


def test_bots_throw_both_balls_at_once_in_teams_art4() -> None:
    """bierpong.art4: in 2-against-2 bot games a round's two standard balls are sometimes thrown at
    once (a `Together`, ruled under art4); a lone player never does (1-against-1 games)."""
    def togethers(run: Any) -> list[Any]:
        return [e for e in run.match.log.entries[1:] if isinstance(parse_action(e.action), Together)]

    runs = [bot_game(("good", "pro"), 2, seed) for seed in range(6)]  # (the special rules' games)
    teams = [e for run in runs for e in togethers(run)]
    assert teams
    assert all(any(r.rule == "bierpong.art4" for r in e.rulings) for e in teams)
    for run in runs:  # both balls' outcomes are in the log: a replay rules them alike
        assert Match.replay(run.match.log).rulings() == run.match.rulings()
    for seed in (1, 2):
        assert not togethers(bot_game(("good", "pro"), 1, seed))


# --- the command ------------------------------------------------------------------------------------


def test_simulate_bierpong_prints_json_and_repeats_with_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "bierpong", "--teams", "2", "--players-per-team", "2", "--seed", "1", "--skill", "casual,pro", "--json"]
    assert main(args) == 0
    first = capsys.readouterr().out
    data = json.loads(first)
    game = data["games"][0]
    assert game["winner"] in ("Foxes", "Owls")
    assert game["teams"]["Foxes"]["skill"] == "casual" and game["teams"]["Owls"]["skill"] == "pro"
    assert set(game["players"]) == {"F1", "F2", "O1", "O2"}
    assert min(game["cups_left"].values()) == 0
    assert all({"hits", "throws", "sips", "bounces", "islands"} <= set(row) for row in game["players"].values())
    assert main(args) == 0
    assert capsys.readouterr().out == first


def test_simulate_bierpong_text_and_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "bierpong", "--seed", "2", "--players-per-team", "1"]) == 0
    out = capsys.readouterr().out
    assert "win" in out and "cups left" in out and "drank" in out
    assert main(["simulate", "bierpong", "--seed", "2", "--teams", "3"]) == 2
    assert "two teams" in capsys.readouterr().err
    assert main(["simulate", "bierpong", "--seed", "2", "--skill", "legend"]) == 2
    assert "--skill:1:1: unknown skill 'legend'" in capsys.readouterr().err


def test_simulate_runs_several_games() -> None:
    res = simulate(["pro", "pro"], 1, 3, 9)  # (pros end a game in a quarter of the regulars' throws)
    assert len(res.games) == 3 and sum(res.to_dict()["wins"].values()) == 3


# --- swat and catch rates per skill (docs/bierpong-table.md) ----------------------------------------


def rates(kind: str, n: int = 600) -> tuple[float, float]:
    """How often bot defenders of skill `kind` swat a human's bounce on its way in (bierpong.art14) and
    catch a human's air ball (bierpong.art23): `n` live matches with seeds 0 … n-1, one decision each,
    drawn by the session from each match's seeded generator as at the table."""
    from game.session import INSTANT
    from game.session.pong import PongSession

    swats = catches = 0
    for seed in range(n):
        m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Ann",)), PlayerSpec("Owls", kind, drivers=("Cem",))], seed=seed)
        for line in ("throw-off Ann hit 1, Cem miss", "Foxes begin"):
            m.apply(parse_action(line))
        s = PongSession(m, pace=INSTANT, autosave=False)
        swats += s.bot_swatter(parse_outcome("bounce 5")) == "Cem"
        s.put(Throw("Ann", parse_outcome("air")))
        s.bot_reacts()
        catches += m.log.entries[-1].action == str(Catch("Cem", "Ann"))
    return swats / n, catches / n


def test_swat_and_catch_rates_per_skill_art14_art23() -> None:
    """Each skill swats and catches about as often as `SKILLS` says – a casual bot rarely swats (about
    1 in 20), a regular one about 1 in 7, a pro every second ball – and the same seeds decide the same."""
    measured = {k: rates(k) for k in SKILLS}
    for k, (swat, catch) in measured.items():
        sk = SKILLS[k]
        assert abs(swat - sk.swat) < 0.06 and abs(catch - sk.catch) < 0.07, (k, swat, catch)
    assert measured["casual"][0] < 0.1 and measured["casual"][0] < measured["regular"][0] < measured["good"][0] < measured["pro"][0]
    assert measured["casual"][1] < measured["regular"][1] < measured["good"][1] < measured["pro"][1]
    assert rates("regular", 80) == rates("regular", 80)  # seeded: a replayed match decides alike
