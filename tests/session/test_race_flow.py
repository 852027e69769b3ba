"""The race's flow without a window (moved from tests/ui/test_race_ui.py and the race scene's tests in
tests/rules/test_racerbile_readings_turns.py): the start order, shifting and the sips it costs, the
table's calls and the judges' decisions, the one undo rule, saving, Continue and the autosave – a
`RaceSession` driven by requests and ticks, as the scene drives it."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.match import Match, PlayerSpec
from game.racerbile.actions import Call, Drive, Judge, Order, Shift, StartDie, parse_action
from game.racerbile.state import GEAR, MOVE, ORDER
from game.rules import racerbile as R
from game.rules.ruling import What
from game.store.matchfile import load_match
from game.store.saves import autosave_path
from game.session import LIVE, Applied, SessionEvent
from game.session.race import RaceSession

TEAMS = [
    PlayerSpec("Rød", "human", drivers=("Anna", "Bo", "Carl")),
    PlayerSpec("Blå", "careful", drivers=("Dorte", "Emil", "Frida")),
    PlayerSpec("Gul", "racer", drivers=("Gustav", "Hanne", "Ib")),
]
DT = 0.05  # a frame of the scene


def race(variant: str, track: str, players: list[PlayerSpec] | None = None, seed: int = 5, **options: object) -> Match:
    profile = R.SPEC.make(variant, **options)
    return Match("racerbile", players or [PlayerSpec("Anna"), PlayerSpec("Bernd")], profile, seed=seed, track=track)


def actions(m: Match) -> list[str]:
    return [e.action for e in m.log.entries[1:]]


def person_on_turn(s: RaceSession) -> int | None:
    """The seat of the person here whose decision the table waits for (None: nobody's)."""
    waiting = [w for w in s.waiting_for() if s.here(w)]
    return waiting[0] if waiting else None


def wait_for(s: RaceSession, phase: str, turns: int = 0, limit: int = 4000) -> int:
    """Tick until a person here is to make a decision of `phase` (after `turns` finished turns);
    that person's seat. Earlier decisions of people: the first lit field, the gear held."""
    for _ in range(limit):
        st = s.state
        seat = person_on_turn(s)
        if seat is not None:
            if st.phase == phase and st.turns >= turns:
                return seat
            if st.phase == MOVE:
                lm = st.moves()
                assert s.request(seat, Drive(lm.to(lm.ends()[0])[0].path)) is None
                continue
            if st.phase == GEAR:
                assert s.request(seat, Shift(0)) is None
                continue
        assert not s.over(), f"the race ended before a {phase} decision"
        s.tick(DT)
    raise AssertionError(f"no {phase} decision came (phase {s.state.phase})")


def settle(s: RaceSession, limit: int = 400) -> None:
    """Tick until the table is at rest (no pause, no chance to draw)."""
    for _ in range(limit):
        s.tick(DT)
        if not s.busy():
            return
    raise AssertionError("the race never came to rest")


# --- the start -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "track", "players"),
    [
        ("babybile", "babybane", None),
        ("racerbile", "stalinbanen", [PlayerSpec("Anna"), PlayerSpec("Bernd", "stalin"), PlayerSpec("Carla", "racer")]),
        ("le_mans", "le_mans", TEAMS),
    ],
)
def test_racerbile_start_babybile_rolls_for_the_order_the_others_wait_for_the_time_trial(
        variant: str, track: str, players: list[PlayerSpec] | None) -> None:
    """racerbile.start, racerbile.variant.racerbile: Babybile rolls for the order by itself (the dice
    of the roll are logged at once); Racerbile and Le Mans wait for the people at the table to
    enter the time trial – the bots roll nothing meanwhile."""
    m = race(variant, track, players)
    s = RaceSession(m, pace=LIVE)
    for _ in range(6):
        s.tick(DT)
    if variant == "babybile":
        assert s.state.phase != ORDER
        assert any(isinstance(parse_action(a), StartDie) for a in actions(m))
    else:
        people = tuple(i for i, p in enumerate(m.players) if p.kind == "human")
        assert s.state.phase == ORDER and s.waiting_for() == people
        assert actions(m) == []


def test_racerbile_variant_racerbile_the_fastest_beer_starts() -> None:
    """racerbile.variant.racerbile: the times of the time trial set the order – the fastest beer
    starts – and everybody has drunk the beer."""
    m = race("racerbile", "babybane")
    s = RaceSession(m, pace=LIVE)
    assert s.request("Anna", Order((9.5, 7.25))) is None
    st = s.state
    assert actions(m)[0] == str(Order((9.5, 7.25)))
    assert st.order == (1, 0)
    assert all(st.ledger[n].beers == 1 for n in ("Anna", "Bernd"))


# --- shifting --------------------------------------------------------------------------------


def test_racerbile_technical_downshift_shifting_down_costs_a_sip() -> None:
    """racerbile.downshift: shifting down costs a sip (racerbile.technical.downshift) – the referee
    rules it on the one who shifted; holding and shifting up are logged as asked."""
    m = race("babybile", "babybane", seed=11)
    s = RaceSession(m, pace=LIVE)
    seat = wait_for(s, GEAR, turns=2)
    assert s.request(seat, Shift(0)) is None
    assert "gear hold" in actions(m)
    assert wait_for(s, GEAR, turns=4) == seat
    assert s.request(seat, Shift(1)) is None
    assert "gear up" in actions(m) and s.state.cars[seat].gear == 2
    assert wait_for(s, GEAR, turns=6) == seat
    who = s.state.driver(seat)
    before = s.state.ledger[who].sips
    n = len(m.log.entries)
    assert s.request(seat, Shift(-1)) is None
    entry = m.log.entries[n]
    assert entry.action == "gear down" and actions(m).count("gear down") == 1
    assert s.state.ledger[who].sips - before >= 1
    assert any(r.rule == "racerbile.technical.downshift" and r.who == who for r in entry.rulings)


# --- the table and the judges ----------------------------------------------------------------


def test_racerbile_technical_die_dropped_a_call_counts_per_die() -> None:
    """racerbile.faults: the table calls a fault in a person's turn (here
    racerbile.technical.die_dropped, counted per die); the referee rules on it."""
    m = race("babybile", "babybane", seed=3)
    s = RaceSession(m, pace=LIVE)
    wait_for(s, MOVE)
    before = s.state.ledger["Bernd"].sips
    assert s.request("Anna", Call("racerbile.technical.die_dropped", "Bernd", 2)) is None
    entry = m.log.entries[-1]
    assert entry.action == "call racerbile.technical.die_dropped Bernd 2"
    assert s.state.ledger["Bernd"].sips == before + 2
    assert entry.rulings[-1].rule == "racerbile.technical.die_dropped"


def test_racerbile_lemans_judges_sips_a_lap_penalty_and_a_rule_change_with_their_reasons() -> None:
    """racerbile.lemans.judges: penalty sips, a lap penalty and a rule change, each with a reason
    that the referee's ruling gives."""
    m = race("le_mans", "le_mans", TEAMS, seed=2)
    s = RaceSession(m, pace=LIVE)
    assert s.request("Anna", Order()) is None  # the time trial's "roll for it"
    settle(s)
    before = s.state.ledger["Emil"].sips
    assert s.request("Anna", Judge("sips", "Emil", "3", "spilled on the track")) is None
    assert parse_action(m.log.entries[-1].action) == Judge("sips", "Emil", "3", "spilled on the track")
    assert s.state.ledger["Emil"].sips == before + 3
    assert "spilled on the track" in m.log.entries[-1].rulings[-1].arithmetic
    assert s.request("Anna", Judge("laps", "Gul", "1", "late back from the bar")) is None
    assert s.state.cars[2].lost_laps == 1
    laps = m.log.entries[-1].rulings[-1]
    assert laps.what is What.LAPS and "late back from the bar" in laps.arithmetic
    assert s.request("Anna", Judge("rule", "finish_in_front", "true", "the audience wants speed")) is None
    assert s.state.profile["finish_in_front"] is True
    assert "the audience wants speed" in m.log.entries[-1].rulings[-1].arithmetic


def test_racerbile_lemans_judges_put_a_team_out_from_the_table() -> None:
    """racerbile.lemans.judges – Decision "Le Mans: putting a team out": the judges at the table put
    a team out with their reason (`judge out TEAM 'REASON'`); it drives no more and ranks last."""
    teams = [PlayerSpec("Rød", "human", drivers=("Anna", "Bo", "Carl")), PlayerSpec("Blå", "careful", drivers=("Dorte", "Emil", "Frida")),
             PlayerSpec("Gul", "careful", drivers=("Gustav", "Hanne", "Ib"))]
    m = race("le_mans", "le_mans", teams, seed=2)
    s = RaceSession(m, pace=LIVE)
    assert s.request("Anna", Order()) is None
    settle(s)
    assert s.request("Anna", Judge("out", "Gul", "", "vomited over the table")) is None
    last = [e for e in m.log.entries if not e.action.startswith("clock ")][-1]  # the event clock may log meanwhile
    assert parse_action(last.action) == Judge("out", "Gul", "", "vomited over the table")
    assert s.state.cars[2].out == "vomited over the table" and s.state.standings()[-1] == 2


# --- undo ------------------------------------------------------------------------------------


def test_undo_goes_back_to_before_the_last_human_decision() -> None:
    """The one undo rule: back to before the last decision of a person here – first Anna's gear
    (Bernd's turn before it stays), then her drive."""
    m = race("babybile", "babybane", [PlayerSpec("Anna"), PlayerSpec("Bernd", "careful")], seed=6)
    s = RaceSession(m, pace=LIVE)
    seat = wait_for(s, MOVE)
    before = s.state
    lm = before.moves()
    assert s.request(seat, Drive(lm.to(lm.ends()[0])[0].path)) is None
    wait_for(s, GEAR, turns=2)  # Bernd has driven meanwhile
    assert s.request(seat, Shift(0)) is None
    wait_for(s, MOVE, turns=2)
    assert s.state.turns > before.turns
    assert s.undo() is None  # back to before "gear hold" (Bernd's turn stays)
    st = s.state
    assert st.phase == GEAR and st.turns == before.turns + 2 and m.log.entries[-1].action != "gear hold"
    assert s.undo() is None  # back to before Anna's drive
    st = s.state
    assert st.phase == MOVE and st.cars == before.cars and st.turn == before.turn


# --- saving, Continue, leaving ---------------------------------------------------------------


def test_a_saved_race_loads_as_it_was() -> None:
    """A race saved mid-way (Ctrl+S) has the whole log in its file; loaded, it is the same race
    and keeps its file."""
    m = race("racerbile", "babybane", [PlayerSpec("Anna"), PlayerSpec("Bernd", "racer")], seed=8)
    s = RaceSession(m, pace=LIVE)
    assert s.request("Anna", Order()) is None
    wait_for(s, MOVE, turns=2)
    path = s.save()
    assert isinstance(path, Path) and path.is_file() and s.save_path == path
    back = load_match(path)
    assert [e.action for e in back.log.entries] == [e.action for e in m.log.entries]
    again = RaceSession(back, pace=LIVE, save_path=path)
    assert again.state.cars == s.state.cars and again.state.phase == s.state.phase
    assert again.save() == path


def test_a_le_mans_event_is_on_disk_after_every_action() -> None:
    """A Le Mans event survives a crash: every action goes to its journal as it happens, so a new
    start (Continue) goes on from the last completed action and keeps writing to the journal."""
    m = race("le_mans", "le_mans", [PlayerSpec(t.name, "racer", drivers=t.drivers) for t in TEAMS], seed=2)
    s = RaceSession(m, pace=LIVE, autosave=True)
    checked: list[int] = []

    def on_disk(ev: SessionEvent) -> None:
        if isinstance(ev, Applied):
            assert s.save_path is not None and m.journal is not None  # the journal opens with the first entry
            back = load_match(s.save_path)
            assert [e.action for e in back.log.entries] == [e.action for e in m.log.entries]
            assert back.state.cars == m.state.cars
            checked.append(ev.index)

    s.listen(on_disk)
    for _ in range(600):
        s.tick(DT)
        if len(checked) >= 12:
            break
    assert len(checked) >= 12
    path = s.save_path
    assert path is not None
    # as good as a crash: the session is not left, nothing more is written on the way out
    again = RaceSession(load_match(path, journal=path), pace=LIVE, autosave=True, save_path=path)
    assert again.match.journal is not None and again.state.cars == s.state.cars
    n = len(again.match.log.entries)
    for _ in range(200):
        again.tick(DT)
        if len(again.match.log.entries) > n:
            break
    assert len(load_match(path).log.entries) == len(again.match.log.entries) > n
    again.close()


def test_leaving_keeps_the_race_in_the_autosave() -> None:
    """Leaving an unfinished race keeps it: the autosave holds every entry so far."""
    m = race("babybile", "babybane", seed=6)
    s = RaceSession(m, pace=LIVE, autosave=True)
    wait_for(s, MOVE, turns=1)
    s.leave()
    back = load_match(autosave_path("racerbile"))
    assert [e.action for e in back.log.entries] == [e.action for e in m.log.entries]
    assert back.state.cars == m.state.cars

