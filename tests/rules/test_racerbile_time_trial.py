"""The Racerbile time trial (racerbile.variant.racerbile; Decisions: time trial): each player empties
his own drink, the fastest starts, equal times are decided by a roll-off among those tied (as at the
Babybile start), the record notation's `rolloff:` line, and `simulate racerbile` running the trial
as the menu does."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.errors import IllegalAction
from game.match import Match, PlayerSpec
from game.racerbile.actions import Order, StartDie, parse_action
from game.racerbile.bots import make_race_bot
from game.racerbile.simulate import play_race
from game.racerbile.state import START_ROLL, RaceState
from game.racerbile.tracks import find_track
from game.rules import racerbile as R
from game.rules.ledger import Drink, Ledger
from game.rules.ruling import What
from game.session.race import RaceSession
from game.session.seats import Person
from game.session.session import INSTANT, LIVE
from game.state import CHANCE
from tests.racerbile_helpers import Race, of
from tests.tools.test_racerbile_records import as_record, referee_json

TRIAL = "racerbile.variant.racerbile"


def start(*players: str, variant: str = R.RACERBILE, drinks: dict[str, Drink] | None = None,
          drivers: list[tuple[str, ...]] | None = None, track: str = "babybane", **options: object) -> Race:
    st = RaceState.start(players, R.SPEC.make(variant, **options), track=find_track(track).track, drivers=drivers, drinks=drinks)
    return Race(st.state, list(st.rulings))


def order_names(r: Race) -> list[str]:
    return [r.state.players[s] for s in r.state.order]


# --- equal times roll off ------------------------------------------------------------------------


def test_time_trial_tie_goes_to_roll_off_among_tied() -> None:
    """Decisions, time trial: Bo and Cy both take 7.5 s – only they roll, highest first; a tie in the
    roll-off rolls again; the others keep the places their times gave them."""
    r = start("Anna", "Bo", "Cy", "Dan")
    out = r.play("times 9 7.5 7.5 12")
    assert r.state.phase == START_ROLL and r.state.current_player() == CHANCE and len(r.state.chance_outcomes()) == 6
    assert r.state.groups[0] == (r.seat("Bo"), r.seat("Cy"))  # only the tied roll
    assert [x.arithmetic for x in of(out, TRIAL, What.NOTE)] == ["equal times (7.5 s): Bo, Cy roll off for their places"]
    with pytest.raises(IllegalAction):
        r.play("gear hold")  # nobody drives before the roll-off has settled the order
    again = r.play("start 4", "start 4")
    assert any("tie between Bo, Cy: they roll again" in x.arithmetic for x in of(again, "racerbile.start"))
    r.play("start 2", "start 5")
    assert order_names(r) == ["Cy", "Bo", "Anna", "Dan"] and r.on_turn == "Cy"
    assert r.pos("Cy") == r.course.start[0]


def test_time_trial_two_ties_each_roll_off_among_themselves() -> None:
    """Decisions, time trial: two pairs with equal times – each pair rolls off for its own places;
    the second pair is not told to roll "again" before it has rolled at all."""
    r = start("Anna", "Bo", "Cy", "Dan")
    out = r.play("times 7 9 7 9")
    assert len(of(out, TRIAL, What.NOTE)) == 2 and r.state.groups == ((0, 2), (1, 3))
    between = r.play("start 2", "start 6")
    assert not [x for x in between if "again" in x.arithmetic]  # Anna's and Cy's rolls; Bo and Dan have not rolled yet
    assert r.state.phase == START_ROLL and r.state.groups == ((1, 3),) and r.state.ranked == (2, 0)
    r.play("start 1", "start 3")
    assert order_names(r) == ["Cy", "Anna", "Dan", "Bo"]


def test_time_trial_without_equal_times_needs_no_roll() -> None:
    """racerbile.variant.racerbile: different times settle the order at once, fastest first."""
    r = start("Anna", "Bo", "Cy")
    r.play("times 9.5 7.25 8")
    assert order_names(r) == ["Bo", "Cy", "Anna"] and r.state.phase != START_ROLL


def test_time_trial_tie_at_le_mans_rolls_off_among_the_tied_teams() -> None:
    """Decisions, time trial: at Le Mans the teams' times; equal times roll off among those teams."""
    r = start("Red", "Blue", "Green", variant=R.LE_MANS, track="le_mans",
              drivers=[("Ann", "Bob", "Cid"), ("Dot", "Eli", "Fay"), ("Gus", "Hal", "Ida")])
    r.play("times 40 38 40")
    assert r.state.groups[0] == (0, 2)
    r.play("start 3", "start 6")
    assert order_names(r) == ["Blue", "Green", "Red"]  # Red last: the worst time trial (racerbile.lemans.end)


def test_time_trial_roll_off_through_the_session_after_the_people_enter_the_times() -> None:
    """The people enter the times (the dialog's request); with equal times the table rolls off for the
    tied ones, as at the Babybile start – the dice are chance, logged after the times."""
    m = Match("racerbile", [PlayerSpec("Anna"), PlayerSpec("Bo"), PlayerSpec("Robo", "careful")], R.SPEC.make(R.RACERBILE), seed=3, track="babybane")
    s = RaceSession(m, pace=LIVE)
    s.script(StartDie(2), StartDie(5))
    assert s.request("Anna", Order((8.0, 8.0, 11.0))) is None
    for _ in range(20):
        s.tick(0.5)
    logged = [parse_action(e.action) for e in m.log.entries[1:4]]
    assert logged == [Order((8.0, 8.0, 11.0)), StartDie(2), StartDie(5)]
    assert [m.players[i].name for i in s.state.order] == ["Bo", "Anna", "Robo"]


# --- each his own drink --------------------------------------------------------------------------


def test_time_trial_each_player_drinks_own_drink() -> None:
    """Decisions, time trial: each empties his own drink – 11 sips of beer, 8 of a light beer or of
    anything else (racerbile.beer) – and starts a fresh one."""
    r = start("Anna", "Bo", "Cy", drinks={"Anna": Drink.BEER, "Bo": Drink.LIGHT_BEER, "Cy": Drink.OTHER})
    out = r.play("times 8 9 10")
    assert [(x.who, x.what, x.amount) for x in of(out, TRIAL)] == [("Anna", What.BEER, 1), ("Bo", What.BEER, 1), ("Cy", What.BEER, 1)]
    drinks = {"Anna": Drink.BEER, "Bo": Drink.LIGHT_BEER, "Cy": Drink.OTHER}
    led = Ledger.new(("Anna", "Bo", "Cy"), drinks).apply_all(of(out, TRIAL))  # the trial alone (Anna's turn opens after it)
    assert [(led[p].sips, led[p].beers, led[p].beer_left) for p in ("Anna", "Bo", "Cy")] == [(11, 1, 11), (8, 1, 8), (8, 1, 8)]
    assert r.state.ledger["Bo"].sips == 8 and r.state.ledger["Cy"].sips == 8
    words = [x.arithmetic for x in of(out, TRIAL)]
    assert words[0] == "time trial: Anna empties a beer in 8 s" and words[1] == "time trial: Bo empties his drink (8 sips) in 9 s"


def test_time_trial_at_le_mans_the_driver_at_the_wheel_drinks_his_own() -> None:
    """Decisions, time trial: at Le Mans each team's first driver empties his own drink (a light beer: 8)."""
    r = start("Red", "Blue", variant=R.LE_MANS, track="le_mans", drivers=[("Ann", "Bob", "Cid"), ("Dot", "Eli", "Fay")],
              drinks={"Dot": Drink.LIGHT_BEER})
    r.play("times 40 44")
    led = r.state.ledger
    assert (led["Ann"].sips, led["Dot"].sips, led["Bob"].sips) == (11, 8, 0)


# --- the record notation -------------------------------------------------------------------------

HEAD = "game: racerbile\ntrack: b4a25d1f\nplayers: [Ann, Ben, Cem]\nprofile: {{variant: racerbile}}\norder:\n{order}turns:\n{turns}"


def record(tmp_path: Path, order: str, turns: str = "") -> Path:
    f = tmp_path / "trial.yaml"
    f.write_text(HEAD.format(order=order, turns=turns), encoding="utf-8")
    return f


def test_time_trial_record_rolloff_line_settles_equal_times(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/records.md: `rolloff:` after `times:` gives the tied players' rolls (a tie rolls again)."""
    f = record(tmp_path, "  times: {Ann: 8.5, Ben: 8.5, Cem: 7}\n  rolloff: {Ann: 4 6, Ben: 4 2}\n", "  - Cem: dice 4\n")
    data = referee_json(f, capsys)
    assert [e["action"] for e in data["log"][1:6]] == ["times 8.5 8.5 7", "start 4", "start 4", "start 6", "start 2"]
    notes = [r["arithmetic"] for r in data["rulings"] if r["what"] == "note"]
    assert "equal times (8.5 s): Ann, Ben roll off for their places" in notes and "order: Cem, Ann, Ben" in notes


@pytest.mark.parametrize(
    "order, at, message",
    [
        ("  times: {Ann: 8.5, Ben: 8.5, Cem: 7}\n", "{Ann: 8.5", "Ann and Ben have equal times and roll off for their places: add `rolloff: {Ann: ROLLS, Ben: ROLLS}`"),
        ("  times: {Ann: 8, Ben: 9, Cem: 7}\n  rolloff: {Ann: 4, Ben: 2}\n", "rolloff", "no equal times: there is nothing to roll off"),
        ("  times: {Ann: 8, Ben: 8, Cem: 7}\n  rolloff: {Ann: 4, Cem: 2}\n", "Cem: 2", "Cem has no equal time and does not roll off"),
        ("  times: {Ann: 8, Ben: 8, Cem: 7}\n  rolloff: {Ann: 4, Ben: 4}\n", "4, Ben: 4}", "Ann needs another roll for the order: Ann and Ben are tied and roll again"),
        ("  times: {Ann: 8, Ben: 8, Cem: 7}\n  rolloff: {Ann: 5, Ben: 4 3}\n", "3}", "Ben's roll 3 is one too many"),
        ("  rolloff: {Ann: 4, Ben: 2}\n", "rolloff", "a roll-off follows the time trial's equal times: write `times:` first"),
    ],
)
def test_time_trial_record_rolloff_mistakes_name_their_place(order: str, at: str, message: str, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    f = record(tmp_path, order)
    assert main(["referee", str(f)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    lines = f.read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, start=1) if at in text and i > 5)
    column = lines[line - 1].index(at) + 1
    assert err.startswith(f"{f}:{line}:{column}: "), err
    assert message in err, err


def test_time_trial_roll_off_log_prints_as_a_record_and_rules_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The roll-off round-trips: a race whose times tie, written as a record (`rolloff:`), rules as the
    match did, ruling for ruling; the log replays (Match.replay)."""
    players = [PlayerSpec(n, "careful", Drink.LIGHT_BEER if n == "P1" else Drink.BEER) for n in ("P0", "P1", "P2")]
    m = Match("racerbile", players, R.SPEC.make(R.RACERBILE, laps=1), seed=7, track="babybane")
    m.apply(Order((9.0, 9.0, 9.0)))
    bot = make_race_bot("careful")
    while not m.state.is_terminal() and len(m.log.entries) < 400:
        m.apply(m.draw_chance() if m.state.current_player() == CHANCE else bot.act(m.state, m.rng))
    assert any(isinstance(parse_action(e.action), StartDie) for e in m.log.entries[1:])
    f = tmp_path / "race.yaml"
    text = as_record(m)
    assert "rolloff" in text and "rolls" not in text
    f.write_text(text, encoding="utf-8")
    data = referee_json(f, capsys)
    assert data["rulings"] == [r.to_dict() for r in m.rulings()]
    assert Match.replay(m.log).rulings() == m.rulings()


# --- simulate racerbile runs the trial -----------------------------------------------------------


@pytest.mark.parametrize(
    "variant, track, kinds, seed",
    [
        (R.RACERBILE, "babybane", ["careful", "racer", "stalin", "random"], 1),
        (R.RACERBILE, "babybane", ["racer", "racer", "racer", "racer"], 2),
        (R.LE_MANS, "le_mans", ["careful", "racer", "stalin"], 3),
    ],
)
def test_simulate_racerbile_runs_time_trial_sips_match_live(variant: str, track: str, kinds: list[str], seed: int) -> None:
    """A simulated race starts as the menu starts a live one: the bots' trial times, each seat's driver
    emptying his drink – the same rulings a live table gets for those times – so every seat's sips
    include the trial drink (11 of beer), equal times rolled off."""
    prof = R.SPEC.make(variant, **({"lemans_hours": 1} if variant == R.LE_MANS else {"laps": 1}))
    run = play_race(kinds, prof, track=track, seed=seed, round_seconds=600.0)
    m = run.match
    times = RaceSession(Match("racerbile", list(m.players), prof, seed=seed, track=track), pace=INSTANT).bot_times()
    first = m.log.entries[1]
    assert parse_action(first.action) == Order(tuple(times[i] for i in range(len(kinds))))
    live = Match("racerbile", list(m.players), prof, seed=seed, track=track)
    table = RaceSession(live, [Person(p.name) for p in m.players], pace=LIVE)  # people at the table enter the times
    assert table.request(0, Order(tuple(times[i] for i in range(len(kinds))))) is None
    assert live.log.entries[1].rulings == first.rulings
    st = run.state
    assert run.finished and st.is_terminal()
    # the property: each seat's sips are the race's sips plus its driver's trial drink
    names = [d for crew in st.drivers for d in crew]
    without = Ledger.new(names).apply_all(r for e in m.log.entries[2:] for r in e.rulings)
    for row in run.standings():
        crew = st.drivers[row["seat"] - 1]
        assert row["sips"] == sum(without[d].sips for d in crew) + 11, row
        assert row["sips"] >= 11


def test_simulate_racerbile_cli_each_seat_drank_the_trial(capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate racerbile --json`: every seat's sips include the trial beer; the same seed, the same race."""
    argv = ["simulate", "racerbile", "--track", "babybane", "--players", "3", "--seed", "4", "--json", "--bots", "racer"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert all(r["sips"] >= 11 and r["beers"] >= 1 for r in data["races"][0]["standings"])
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["races"][0]["standings"] == data["races"][0]["standings"]
