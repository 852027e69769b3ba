"""Racerbile bots and bot races: every variant on every shipped track ends, the log is the truth
(same seed, same race; a replay rules the same), the careful bot drinks less per field than the
racer, Stalin keeps to his style, the Le Mans habits (the 42 field, driver changes), and the
`simulate racerbile` command line."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Callable

import pytest

from game.cli import main
from game.match import Match
from game.racerbile.actions import Action, Clock, Drive, Driver, Name, Order, Shift
from game.racerbile.bots import BOTS, CourseMemo, course_memo, dice_sips, make_race_bot, too_fast_sips, totals
from game.racerbile.simulate import play_race, race_players, simulate
from game.racerbile.state import GEAR, MOVE, NAME42, ORDER, RaceState
from game.racerbile.track import Kind
from game.racerbile.tracks import find_track, shipped_names
from game.rules import racerbile as R
from game.rules.profile import Profile
from game.rules.ruling import What
from game.state import CHANCE

MIX = ["careful", "racer", "stalin", "random"]


def profile(variant: str, **options: object) -> Profile:
    if variant == R.LE_MANS:
        options.setdefault("lemans_hours", 1)
    else:
        options.setdefault("laps", 1)
    return R.SPEC.make(variant, **options)


Check = Callable[[RaceState, int, Action], None]


def race(kinds: list[str], variant: str, track: str, seed: int, check: Check | None = None, round_seconds: float = 600.0, **options: object) -> Match:
    """A bots-only race through a Match, `check(state, seat, action)` called on every bot decision."""
    prof = profile(variant, **options)
    lemans = variant == R.LE_MANS
    m = Match("racerbile", race_players(kinds, lemans), prof, seed=seed, track=track)
    bots = [make_race_bot(k) for k in kinds]
    st: RaceState = m.state
    rounds = 0
    while not st.is_terminal():
        who = st.current_player()
        if who == CHANCE:
            m.apply(st.draw_chance(m.rng))
        else:
            a = bots[who].act(st, m.rng)
            if check is not None:
                check(st, who, a)
            m.apply(a)
        st = m.state
        if lemans and st.turns // len(kinds) > rounds and not st.is_terminal():
            m.apply(Clock(round_seconds))
            rounds += 1
            st = m.state
        assert st.turns < 20_000, "the race does not end"
    return m


# --- the dice model ------------------------------------------------------------------------


def test_dice_model_each_die_one_to_four() -> None:
    """racerbile.too_fast: 5s and 6s are rolled again, so every die ends on 1–4 alike."""
    for gear in (1, 2, 3):
        dist = dict(totals(gear))
        assert sum(dist.values()) == pytest.approx(1.0)
        assert min(dist) == gear and max(dist) == 4 * gear
        assert sum(t * p for t, p in dist.items()) == pytest.approx(2.5 * gear)


def test_too_fast_expectation_matches_a_count_of_rerolls() -> None:
    """racerbile.too_fast: the third and each further 5-or-6 of a turn is a sip. The bot's
    expectation against a plain simulation of rolling real dice."""
    rng = random.Random(5)
    for gear in (1, 2, 3):
        n, total = 40_000, 0
        for _ in range(n):
            seen, left = 0, gear
            while left:
                fives = sum(1 for _ in range(left) if rng.randint(1, 6) >= 5)
                seen, left = seen + fives, fives
            total += R.too_fast_faults(0, seen)
        assert too_fast_sips(gear) == pytest.approx(total / n, abs=0.02)


def test_clutch_expectation_counts_the_ones_and_the_triple() -> None:
    """racerbile.clutch: a sip per 1; three 1s in third gear cost the beer instead of three sips."""
    assert dice_sips(1, 0, 0) == pytest.approx(0.25 + too_fast_sips(1))
    cheap, dear = dice_sips(3, 3, 0), dice_sips(3, 11, 2)
    assert cheap == pytest.approx(0.75 + too_fast_sips(3))
    assert dear - cheap == pytest.approx((11 + 2 - 3) / 64)


# --- races end, and the log is the truth ---------------------------------------------------


@pytest.mark.parametrize("track", shipped_names())
@pytest.mark.parametrize("variant", [R.BABYBILE, R.RACERBILE, R.LE_MANS])
def test_bots_only_race_ends(variant: str, track: str) -> None:
    """Bots-only races end: Babybile and Racerbile with the first car over the line after the
    laps (racerbile.turn), Le Mans after the last round of turns once the clock has run
    (racerbile.lemans.end). Replaying the log rules every action as it was ruled. Le Mans runs
    on a track with a pit lane only (racerbile.lemans.pit); elsewhere it is refused."""
    if variant == R.LE_MANS and find_track(track).track.pit is None:
        with pytest.raises(ValueError, match="pit lane"):
            race(MIX, variant, track, seed=11)
        return
    m = race(MIX, variant, track, seed=11)
    st: RaceState = m.state
    assert st.is_terminal() and st.winner is not None
    first = st.standings()[0]
    assert first == st.winner
    if variant == R.LE_MANS:
        assert st.last_round and st.clock >= 3600
        assert any(r.rule == "racerbile.lemans.winner" for r in m.log.entries[-1].rulings)
    else:
        assert st.cars[first].lap >= 1
        assert all(st.cars[s].lap < 1 for s in range(len(MIX)) if s != first)
    again = Match.replay(m.log)
    assert [(e.action, e.rulings) for e in again.log.entries] == [(e.action, e.rulings) for e in m.log.entries]
    assert again.state.ledger == st.ledger


def test_same_seed_same_race() -> None:
    """Deterministic bots and the match's seeded dice: the same seed gives the same log, another
    seed another race."""
    def log(seed: int) -> list[tuple[int, str, tuple[object, ...]]]:
        run = play_race(MIX, profile(R.RACERBILE), track="naaleoejet", seed=seed)
        return [(e.seat, e.action, e.rulings) for e in run.match.log.entries]

    assert log(3) == log(3)
    assert log(3) != log(4)


def test_le_mans_clock_one_round_per_clock_step() -> None:
    """racerbile.lemans.end: every round of turns advances the event clock by the round's
    seconds; the last round is called once the hours are up and then played out."""
    run = play_race(["careful", "racer", "careful"], profile(R.LE_MANS), track="le_mans", seed=2, round_seconds=450)
    st = run.state
    clocks = [e.action for e in run.match.log.entries if e.action.startswith("clock")]
    assert clocks and set(clocks) == {"clock 450"}
    assert st.clock == 450 * len(clocks) >= 3600
    called = [i for i, e in enumerate(run.match.log.entries) if any(r.rule == "racerbile.lemans.end" for r in e.rulings)]
    assert len(called) == 1
    after = [e for e in run.match.log.entries[called[0]:] if e.action.startswith("drive")]
    assert len(after) <= 3  # one more turn per team at most
    assert st.turns == 3 * run.rounds


# --- what the bots do ----------------------------------------------------------------------


def test_careful_drinks_fewer_sips_per_field_than_racer() -> None:
    """The careful bot's whole aim (fewest expected sips per field) against the racer's (the most
    fields), Racerbile rules – where leaving the track costs the rest of the beer – over a few
    races on three tracks, the seats mixed."""
    sips = {"careful": 0, "racer": 0}
    fields = {"careful": 0, "racer": 0}
    for track in ("le_mans", "naaleoejet", "stalinbanen"):
        sim = simulate(["careful", "racer", "careful", "racer"], 2, 7, profile=profile(R.RACERBILE), track=track)
        for seat in sim.seats():
            sips[seat["bot"]] += seat["sips"]
            fields[seat["bot"]] += seat["fields"]
    assert fields["careful"] > 0 and fields["racer"] > 0
    assert sips["careful"] / fields["careful"] < sips["racer"] / fields["racer"]


def test_stalin_always_up_onto_blocking_and_off_the_track() -> None:
    """racerbile.option.stalin: Stalin shifts up whenever he may (the pit lane aside, where first
    gear is the rule), takes a blocking field whenever a move lands on one (short of a dead end),
    and leaves the track whenever a move does – checked at every decision of his races."""
    seen = {"up": 0, "block": 0, "off": 0}

    def check(st: RaceState, seat: int, a: Action) -> None:
        if st.phase == GEAR and isinstance(a, Shift) and 1 in st.shifts() and st.cars[seat].pos not in st.course.pit:
            assert a == Shift(1)
            seen["up"] += 1
        if st.phase == MOVE:
            assert isinstance(a, Drive)
            moves = list(st.moves())
            chosen = next(m for m in moves if m.path == a.path)
            memo = course_memo(st.course)
            if any(m.off_track for m in moves):
                assert chosen.off_track
                seen["off"] += 1
            elif any(m.path and st.course.kinds.get(m.end) is Kind.BLOCKING and not memo.dead_end(m.end, m.facing) for m in moves):
                assert chosen.path and st.course.kinds.get(chosen.end) is Kind.BLOCKING
                seen["block"] += 1

    for variant, track in ((R.RACERBILE, "stalinbanen"), (R.BABYBILE, "stalinbanen"), (R.RACERBILE, "le_mans")):
        race(["stalin", "stalin", "careful"], variant, track, seed=5, check=lambda st, s, a: check(st, s, a) if s < 2 else None, laps=2)
    assert all(seen.values()), seen


def test_racer_stays_on_the_track_when_it_can() -> None:
    """The racer takes the furthest move but never leaves the track when a move keeps to it."""
    offered = 0

    def check(st: RaceState, seat: int, a: Action) -> None:
        nonlocal offered
        if st.phase == MOVE and seat == 0:
            moves = list(st.moves())
            chosen = next(m for m in moves if m.path == a.path)  # type: ignore[union-attr]
            if any(m.off_track for m in moves) and any(not m.off_track for m in moves):
                offered += 1
                assert not chosen.off_track

    race(["racer", "careful"], R.BABYBILE, "babybane", seed=1, check=check, laps=3)
    assert offered


def test_bots_choose_legal_actions_and_random_follows_the_rng() -> None:
    """Every bot's decision is legal where it is taken; the random bot's come from the generator
    it is handed, so two generators with one seed give one race."""
    def check(st: RaceState, seat: int, a: Action) -> None:
        if st.phase == MOVE:
            assert isinstance(a, Drive) and any(m.path == a.path for m in st.moves())
        elif st.phase != ORDER:
            assert a in st.legal_actions()

    for kinds in (["careful", "racer"], ["stalin", "random"]):
        race(kinds, R.RACERBILE, "babybane", seed=9, check=check)
    a = race(["random", "random"], R.BABYBILE, "babybane", seed=4)
    b = race(["random", "random"], R.BABYBILE, "babybane", seed=4)
    assert [e.action for e in a.log.entries] == [e.action for e in b.log.entries]


def test_careful_gear_avoids_flat_out_into_a_bend() -> None:
    """The careful bot reckons what 10–12 would cost where it stands (racerbile.flat_out: off the
    track, and in Racerbile the rest of the beer): the same car in third gear keeps it on a long
    straight and shifts down before a bend, where the racer keeps it."""
    bot, racer = make_race_bot("careful"), make_race_bot("racer")
    found = {"straight": False, "bend": False}

    def check(st: RaceState, seat: int, a: Action) -> None:
        if st.phase != GEAR or not isinstance(a, Shift) or -1 not in st.shifts() or st.cars[seat].gear != 3:
            return
        car = st.cars[seat]
        run = course_memo(st.course).straight_run(car.pos, car.facing) if car.facing is not None else 0
        d = bot.gear(st, seat, st.shifts())  # type: ignore[attr-defined]
        if run >= 12:
            found["straight"] |= d >= 0
        if run <= 1:
            found["bend"] |= d < 0
            assert racer.act(st, random.Random(0)) in (Shift(0), Shift(1))

    race(["careful", "careful", "careful"], R.RACERBILE, "le_mans", seed=3, check=check, laps=1)
    assert all(found.values()), found


def test_le_mans_names_the_leader_and_changes_drivers() -> None:
    """racerbile.lemans.field42: a bot on the 42 field names the leading opponent's driver.
    racerbile.lemans.pit / racerbile.lemans.driver_change: a bot hands the wheel only to the
    least-drunk teammate – in the pit once its driver has drunk clearly more, outside only when
    much more."""
    from game.racerbile.bots import OUTSIDE_CHANGE, PIT_CHANGE

    seen = {"name": 0, "driver": 0}

    def check(st: RaceState, seat: int, a: Action) -> None:
        if st.phase == NAME42:
            leader = next(s for s in st.standings() if s != seat)
            assert a == Name(st.driver(leader))
            seen["name"] += 1
        if isinstance(a, Driver):
            led = st.ledger
            crew = [d for d in st.drivers[seat] if d != st.driver(seat)]
            assert led[a.name].sips == min(led[d].sips for d in crew)
            diff = led[st.driver(seat)].sips - led[a.name].sips
            assert diff >= (PIT_CHANGE if st.cars[seat].pos in st.course.pit else OUTSIDE_CHANGE)
            seen["driver"] += 1

    race(["racer", "careful", "racer", "careful"], R.LE_MANS, "le_mans", seed=8, check=check, round_seconds=60, lemans_hours=3)
    assert seen["driver"], seen
    # the 42 field is one field of the lap: give it a few seeds
    for seed in range(30):
        if seen["name"]:
            break
        race(["racer", "racer"], R.LE_MANS, "le_mans", seed=seed, check=check, round_seconds=60, lemans_hours=2)
    assert seen["name"], seen


def test_make_race_bot_names_the_valid_kinds() -> None:
    assert set(BOTS) == {"careful", "racer", "stalin", "random"}
    with pytest.raises(ValueError, match="valid bots: careful, racer, stalin, random"):
        make_race_bot("speedy")
    assert isinstance(course_memo(find_track("babybane").track.course), CourseMemo)


def test_bots_order_by_roll() -> None:
    """A bot on its own settles the order by the roll (racerbile.start): `startroll`; a table of bots
    runs the time trial in its bots' times (the session, tests/rules/test_racerbile_time_trial.py)."""
    st = RaceState.start(["a", "b"], profile(R.RACERBILE), track=find_track("babybane").track).state
    for kind in BOTS:
        assert make_race_bot(kind).act(st, random.Random(0)) == Order()


# --- the command line ----------------------------------------------------------------------


def test_simulate_cli_json_standings(capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate racerbile … --json`: valid JSON with the standings (seat, name, laps, progress,
    position) and what every seat drank; the same seed prints the same race."""
    argv = ["simulate", "racerbile", "--track", "babybane", "--players", "4", "--seed", "1", "--json", "--bots", "careful,racer"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "racerbile" and data["track"] == "babybane" and data["games"] == 1
    assert data["bots"] == ["careful", "racer", "careful", "racer"]
    (race_,) = data["races"]
    rows = race_["standings"]
    assert [r["position"] for r in rows] == [1, 2, 3, 4]
    assert sorted(r["seat"] for r in rows) == [1, 2, 3, 4]
    assert rows[0]["name"] == race_["winner"] and rows[0]["laps"] == 3
    for r in rows:
        assert {"seat", "name", "laps", "progress", "position", "sips", "beers", "bot"} <= set(r)
        assert r["sips"] > 0 and r["beers"] >= 0
    assert sum(s["sips"] for s in data["seats"]) == sum(r["sips"] for r in rows)
    assert main(argv) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["races"][0]["standings"] == rows


def test_simulate_cli_le_mans_teams(capsys: pytest.CaptureFixture[str]) -> None:
    """`--teams N` races Le Mans teams of three drivers (racerbile.lemans.teams); `--hours` and
    `--round-seconds` shorten the event; the text output is a standings table."""
    assert main(["simulate", "racerbile", "--teams", "3", "--seed", "2", "--hours", "1", "--round-seconds", "600", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "le_mans" and data["track"] == "le_mans"
    assert data["profile"]["options"]["lemans_hours"] == 1
    rows = data["races"][0]["standings"]
    assert len(rows) == 3
    for r in rows:
        assert len(r["drivers"]) == 3
        assert r["sips"] == sum(d["sips"] for d in r["drivers"])
    assert data["races"][0]["clock_s"] >= 3600
    assert main(["simulate", "racerbile", "--variant", "le_mans", "--players", "2", "--seed", "2", "--hours", "1", "--round-seconds", "900"]) == 0
    text = capsys.readouterr().out
    assert "Team 1/1" in text and "winner Team" in text and "pos" in text


def test_simulate_cli_profile_variant_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A profile's variant and options hold unless --variant says otherwise; a broken profile is
    `file:line:column: message` and exit 2; bad arguments name the flag."""
    good = tmp_path / "house.yaml"
    good.write_text("game: racerbile\nvariant: babybile\noptions:\n  laps: 1\n")
    assert main(["simulate", "racerbile", "--players", "2", "--seed", "1", "--profile", str(good), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "babybile" and data["profile"]["options"]["laps"] == 1
    bare = tmp_path / "bare.yaml"
    bare.write_text("game: racerbile\noptions:\n  laps: 1\n")
    assert main(["simulate", "racerbile", "--players", "2", "--seed", "1", "--profile", str(bare), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == "racerbile"
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: racerbile\noptions:\n  laps: zero\n")
    assert main(["simulate", "racerbile", "--players", "2", "--seed", "1", "--profile", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{bad}:3:9: ") and "laps" in err and "Traceback" not in err
    for argv, flag in (
        (["--players", "9"], "--players"),
        (["--players", "3", "--bots", "careful,speedy"], "--bots"),
        (["--players", "3", "--track", "nowhere"], "--track"),
        (["--players", "3", "--teams", "3", "--variant", "racerbile"], "--teams"),
        (["--players", "3", "--round-seconds", "0"], "--round-seconds"),
    ):
        assert main(["simulate", "racerbile", "--seed", "1", *argv]) == 2
        assert flag in capsys.readouterr().err


def test_rules_cli_lists_racerbile(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "racerbile", "--options"]) == 0
    out = capsys.readouterr().out
    assert "racerbile.lemans.field42" in out and "stalin = False" in out and "le_mans" in out


def test_sips_per_field_counts_beer_rulings() -> None:
    """The standings' sips are the ledger's: the rest of a beer counts its sips."""
    run = play_race(["racer", "stalin"], profile(R.RACERBILE), track="le_mans", seed=1)
    st = run.state
    rows = {r["name"]: r for r in run.standings()}
    for s, name in enumerate(st.players):
        assert rows[name]["sips"] == st.ledger[st.driver(s)].sips
    assert any(r.what is What.BEER_REST for e in run.match.log.entries for r in e.rulings)
