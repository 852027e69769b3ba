"""Racerbile played live by a `RaceSession` (game.session.race), no window: the Le Mans event clock
through undo and Continue, the turn timer's nøl, the one undo rule, the table's calls and the
judges at any time, the start order entered by the people, refusals as values with their rule id,
apply first (the log holds a drive the moment it is asked for), the dice of a turn in the state."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.hexgrid import Hex
from game.match import Match, PlayerSpec
from game.racerbile.actions import Call, Clock, Dice, Drive, Judge, Order, Shift, StartDie, parse_action
from game.racerbile.moves import Board, legal_moves
from game.racerbile.state import GEAR, MOVE, ORDER, START_ROLL
from game.racerbile.tracks import find_track
from game.rules import racerbile as R
from game.session import INSTANT, LIVE, Applied, Notice, Pace, Refusal, SessionEvent
from game.session.race import CLOCK_FLUSH, NOL_RULE, RaceSession
from game.session.testdrive import drive_lap
from game.state import CHANCE
from game.store.matchfile import load_match

RED = ("Ane", "Bent", "Carl")
BLUE = ("Dorte", "Erik", "Finn")


def race(variant: str, track: str, players: list[PlayerSpec], seed: int = 5, **options: object) -> Match:
    return Match("racerbile", players, R.SPEC.make(variant, **options), seed=seed, track=track)


def lemans(red: str = "human", blue: str = "careful", **options: object) -> Match:
    return race(R.LE_MANS, "le_mans", [PlayerSpec("Red", red, drivers=RED), PlayerSpec("Blue", blue, drivers=BLUE)], seed=2, **options)


def babybile(*players: PlayerSpec, **options: object) -> Match:
    return race(R.BABYBILE, "babybane", list(players) or [PlayerSpec("Anna"), PlayerSpec("Robo", "careful")], seed=3, **options)


def heard(s: RaceSession) -> list[SessionEvent]:
    events: list[SessionEvent] = []
    s.listen(events.append)
    return events


def actions(m: Match, start: int = 1) -> list[str]:
    return [e.action for e in m.log.entries[start:]]


def clock_seconds(m: Match, start: int = 1) -> list[float]:
    """The seconds of the Clock entries from entry `start` on."""
    return [a.seconds for a in map(parse_action, actions(m, start)) if isinstance(a, Clock)]


def until_person(s: RaceSession, dt: float = 0.25, limit: int = 2000) -> int:
    """Tick until the table waits for a person here; that person's seat."""
    for _ in range(limit):
        waiting = [w for w in s.waiting_for() if s.here(w)]
        if waiting:
            return waiting[0]
        assert not s.over(), "the race ended before a person was asked"
        s.tick(dt)
    raise AssertionError("the table never waited for a person")


def decide(s: RaceSession, seat: int) -> None:
    """The person at `seat` makes the decision on hand: the times, the gear held, the first move."""
    st = s.state
    if st.phase == ORDER:
        action: object = Order(tuple(10.0 + k for k in range(len(st.players))))
    elif st.phase == GEAR:
        action = Shift(0)
    elif st.phase == MOVE:
        action = Drive(st.moves().to(st.moves().ends()[0])[0].path)
    else:
        action = st.legal_actions()[0]
    assert s.request(seat, action) is None


# --- the Le Mans event clock -------------------------------------------------------------------------


def test_racerbile_lemans_end_the_event_clock_logs_what_it_emits() -> None:
    """racerbile.lemans.end: event time passes in real time × the time factor and is logged as Clock
    entries – on every turn or every few seconds, not every tick; the state's clock is their sum."""
    m = lemans("careful", "racer", lemans_time_factor=60)
    s = RaceSession(m, pace=LIVE)
    running = 0.0
    for _ in range(3000):
        if s.state.phase not in (ORDER, START_ROLL):
            running += 0.05
        s.tick(0.05)
        if s.state.turns >= 3:
            break
    logged = clock_seconds(m)
    assert s.state.turns >= 3 and running > 2
    assert 1 <= len(logged) <= s.state.turns + running / CLOCK_FLUSH + 1
    assert s.state.clock == sum(logged)
    assert s.event_seconds() == pytest.approx(running * 60)


def test_racerbile_lemans_end_event_time_an_undo_takes_back_is_logged_again() -> None:
    """racerbile.lemans.end: undo takes the Clock entries after the person's decision back (they are
    no decisions), but the event time has passed all the same: it is kept and logged again."""
    m = lemans(lemans_time_factor=60)
    s = RaceSession(m, pace=LIVE)
    decide(s, until_person(s))  # the times
    decide(s, until_person(s))  # Red's gear
    seat = until_person(s)
    decide(s, seat)  # Red's drive: the last decision of a person here
    drive = len(m.log.entries) - 1
    for _ in range(400):
        if clock_seconds(m, drive + 1) and s.waiting_for():
            break
        s.tick(0.25)
    assert clock_seconds(m, drive + 1), "no event time was logged after the drive"
    total = s.event_seconds()
    assert s.undo() is None
    assert len(m.log.entries) == drive  # back to before the drive: Blue's turn and the clock went too
    assert s.state.phase == MOVE and s.state.clock < total
    assert s.event_seconds() == pytest.approx(total)
    for _ in range(int(CLOCK_FLUSH / 0.25) + 1):
        s.tick(0.25)
    assert s.state.clock >= int(total)


def test_racerbile_lemans_end_the_clock_goes_on_after_continue(tmp_path: Path) -> None:
    """racerbile.lemans.end: a Le Mans race keeps a journal as its save file; every Clock entry is in
    it at once, leaving logs the time not yet logged, and Continue (`load_match` of the journal)
    goes on from the logged clock."""
    path = tmp_path / "lemans.json"
    m = lemans(lemans_time_factor=60)
    s = RaceSession(m, pace=LIVE, autosave=True, save_path=path)
    assert m.journal is not None and s.autosave.enabled is False  # the journal is its autosave
    decide(s, until_person(s))
    for _ in range(200):
        s.tick(0.25)
        if len(clock_seconds(m)) >= 2:
            break
    back = load_match(path)
    assert actions(back) == actions(m) and back.state.clock == s.state.clock > 0
    s.tick(0.5)
    pending = s.event_seconds()
    s.leave()
    back = load_match(path)
    assert back.state.clock == s.state.clock and pending - 1 < back.state.clock <= pending
    again = RaceSession(load_match(path, journal=path), pace=LIVE, autosave=True, save_path=path)
    assert again.event_seconds() == back.state.clock
    n = len(clock_seconds(again.match))
    for _ in range(int(CLOCK_FLUSH / 0.25) + 2):
        again.tick(0.25)
    assert len(clock_seconds(load_match(path))) > n
    again.close()


# --- the turn timer ----------------------------------------------------------------------------------


def test_racerbile_general_noled_the_turn_timer_nols_a_stalling_person() -> None:
    """racerbile.nol, racerbile.general.noled: with turn_timer the table nøls a person who stalls for
    the timer's seconds – a general fault for the staller."""
    m = babybile(turn_timer=2)
    s = RaceSession(m, pace=LIVE)
    seat = until_person(s)
    who = s.state.driver(seat)
    n = len(m.log.entries)
    for _ in range(7):
        s.tick(0.25)
    assert len(m.log.entries) == n and s.timer_left() == pytest.approx(0.25)
    s.tick(0.25)
    entry = m.log.entries[-1]
    assert parse_action(entry.action) == Call(NOL_RULE, who) and s.nols == 1
    assert any(r.rule == "racerbile.general.noled" and r.who == who for r in entry.rulings)


def test_racerbile_general_noled_no_nol_for_a_bot_nor_while_the_view_holds_the_table() -> None:
    """racerbile.general.noled: the timer nøls people here only – never a slow bot – and it stands
    still while the view holds the table (a dialog open, an entry being shown)."""
    bots = babybile(PlayerSpec("Robo", "careful"), PlayerSpec("Rita", "racer"), turn_timer=2)
    slow = RaceSession(bots, pace=Pace(bot_delay=5.0, read_delay=0.0, pauses=False))
    for _ in range(200):
        slow.tick(0.25)
    assert bots.state.turns >= 2 and not any(parse_action(a) == Call(NOL_RULE, n) for a in actions(bots) for n in ("Robo", "Rita"))
    m = babybile(turn_timer=2)
    s = RaceSession(m, pace=LIVE)
    until_person(s)
    n = len(m.log.entries)
    for _ in range(40):
        s.tick(0.25, hold=True)
    assert len(m.log.entries) == n and s.nols == 0
    for _ in range(8):
        s.tick(0.25)
    nol = parse_action(m.log.entries[-1].action)
    assert s.nols == 1 and isinstance(nol, Call) and nol.rule == NOL_RULE


# --- the one undo rule -------------------------------------------------------------------------------


def test_undo_goes_back_to_before_the_persons_last_decision() -> None:
    """The one undo rule: back to before the last decision of a person at this table – the bot's
    moves and the dice after it go too; a nøl call is no decision (racerbile.general.noled)."""
    m = babybile(turn_timer=3)
    s = RaceSession(m, pace=LIVE)
    seat = until_person(s)
    while s.state.turns < 1 or s.state.phase != GEAR:  # Anna's first turn, then Robo's
        decide(s, seat)
        seat = until_person(s)
    mine = len(m.log.entries)
    decide(s, seat)  # Anna holds her gear; the dice fall at once
    assert len(m.log.entries) > mine + 1 and m.log.entries[mine + 1].seat == CHANCE
    seat = until_person(s)
    decide(s, seat)  # Anna drives
    until_person(s)  # Robo has had his turn meanwhile
    for _ in range(13):
        s.tick(0.25)  # … and Anna stalls: a nøl
    assert s.nols == 1
    assert s.undo() is None  # the nøl and Robo's turn go, and Anna's drive
    st = s.state
    assert st.phase == MOVE and st.turn is not None and st.turn.seat == 0 and s.nols == 1
    assert s.undo() is None
    assert len(m.log.entries) == mine and s.state.phase == GEAR


def test_undo_with_nobody_here_is_refused() -> None:
    """The one undo rule: a table of bots has no person's decision to go back to."""
    m = babybile(PlayerSpec("Robo", "careful"), PlayerSpec("Rita", "racer"))
    s = RaceSession(m, pace=INSTANT)
    s.play_out(40)
    refusal = s.undo()
    assert isinstance(refusal, Refusal) and len(m.log.entries) >= 40


# --- the table, the start, refusals ------------------------------------------------------------------


def test_racerbile_faults_calls_and_the_judges_are_open_at_any_time() -> None:
    """racerbile.faults, racerbile.lemans.judges: a call of a fault and the judges' decisions are open
    to anybody at the table at any time – in a bot's turn, while the dice are still to show."""
    m = lemans(lemans_time_factor=60)
    s = RaceSession(m, pace=LIVE)
    assert s.request("Ane", Judge("sips", "Erik", "2", "jumped the start")) is None  # before the order
    decide(s, until_person(s))
    decide(s, until_person(s))
    decide(s, until_person(s))  # Red has driven: Blue (a bot) is on turn
    assert s.is_bot(s.to_act())
    assert s.request("Ane", Call("racerbile.technical.die_dropped", "Dorte", 1)) is None
    assert parse_action(m.log.entries[-1].action) == Call("racerbile.technical.die_dropped", "Dorte", 1)
    refusal = s.request("Ane", Shift(0))
    assert isinstance(refusal, Refusal) and "Blue" in refusal.reason
    live = babybile()
    t = RaceSession(live, pace=LIVE)
    t.tick(0.01)  # the first die of the roll for the order: the table pauses while it shows
    assert isinstance(parse_action(live.log.entries[-1].action), StartDie) and t.busy()
    assert t.request("Anna", Call("racerbile.technical.die_dropped", "Robo", 1)) is None
    assert live.log.entries[-1].rulings[0].rule == "racerbile.technical.die_dropped"


def test_racerbile_variant_racerbile_the_people_enter_the_start_order_for_everybody() -> None:
    """racerbile.variant.racerbile: the time trial's times are entered by the people at the table for
    every seat, a bot's too (any person may); a table of bots runs the time trial in its bots' times."""
    players = [PlayerSpec("Robo", "careful"), PlayerSpec("Anna"), PlayerSpec("Bernd")]
    m = race(R.RACERBILE, "babybane", players)
    s = RaceSession(m, pace=LIVE)
    assert s.waiting_for() == (1, 2)
    for _ in range(20):
        s.tick(0.25)
    assert s.state.phase == ORDER  # the bot does not roll for the people
    assert s.request("Bernd", Order((9.0, 8.5, 7.25))) is None
    assert s.state.order == (2, 1, 0)
    assert s.last_decision() == 1  # the times are the people's decision
    bots = race(R.RACERBILE, "babybane", [PlayerSpec("Robo", "careful"), PlayerSpec("Rita", "racer")])
    b = RaceSession(bots, pace=INSTANT)
    b.tick(0.01)
    times = b.bot_times()
    assert actions(bots)[0] == str(Order((times[0], times[1]))) and bots.state.phase != ORDER


def test_racerbile_lemans_pit_a_drive_into_the_pit_in_second_gear_is_refused_with_its_rule() -> None:
    """racerbile.lemans.pit: the pit lane is entered in first gear only – a drive into it in gear 2
    is refused, the refusal a value citing the rule; nothing is logged."""
    m = lemans("human", "human")
    s = RaceSession(m, pace=INSTANT)
    assert s.request("Ane", Order((10.0, 12.0))) is None
    c = m.state.course
    for who in ("Ane", "Dorte"):  # a field each, staying out of the pit
        s.script(Dice((1,)))
        assert s.request(who, Shift(0)) is None
        way = next(x for x in m.state.moves() if not any(h in c.pit for h in x.path))
        assert s.request(who, Drive(way.path)) is None
    s.script(Dice((2, 1)))
    assert s.request("Ane", Shift(1)) is None and m.state.turn is not None and m.state.turn.roll == 3
    car = m.state.cars[0]
    into = [x for x in legal_moves(c, car.pos, car.facing, 3, Board(), gear=1, facing_rule=True) if any(h in c.pit for h in x.path)]
    assert into, "in first gear the pit lane would be open from here"
    n = len(m.log.entries)
    refusal = s.request("Ane", Drive(into[0].path))
    assert isinstance(refusal, Refusal) and refusal.rule == "racerbile.lemans.pit"
    assert len(m.log.entries) == n


def test_apply_first_the_log_holds_the_drive_the_moment_it_is_requested() -> None:
    """Apply first, then animate: a person's drive is in the log (and the state) at once; `Applied`
    gives the view the states before and after and the drive's path to play."""
    m = babybile()
    s = RaceSession(m, pace=LIVE)
    seat = until_person(s)
    while s.state.phase != MOVE:
        decide(s, seat)
        seat = until_person(s)
    events = heard(s)
    st = s.state
    way = st.moves().to(st.moves().ends()[-1])[0]
    assert s.request(seat, Drive(way.path)) is None
    drives = [e for e in events if isinstance(e, Applied) and isinstance(e.action, Drive)]
    assert len(drives) == 1 and drives[0].entry is m.log.entries[drives[0].index]
    assert parse_action(m.log.entries[drives[0].index].action) == Drive(way.path)
    assert drives[0].before.phase == MOVE and drives[0].after.cars[seat].pos == way.end == s.state.cars[seat].pos


def test_racerbile_too_fast_the_dice_a_turn_threw_are_in_the_state() -> None:
    """racerbile.too_fast: 5s and 6s are thrown again – every throw of the turn is in the state (the
    view shows them from there), and a replay of the log has them too."""
    m = babybile(PlayerSpec("Anna"), PlayerSpec("Bernd"))
    s = RaceSession(m, pace=INSTANT)
    s.script(StartDie(6), StartDie(2), Dice((5,)), Dice((6,)), Dice((3,)))
    s.tick(0.01)  # the order, then Anna's first turn: no gear to choose, the dice roll at once
    assert s.state.order == (0, 1) and s.state.phase == MOVE
    t = s.state.turn
    assert t is not None and t.throws == ((5,), (6,), (3,)) and t.roll == 3
    again = Match.replay(m.log)
    assert again.state.turn is not None and again.state.turn.throws == t.throws


def test_bot_seats_a_bot_is_careful_and_an_unknown_bot_plays_at_random_with_a_notice() -> None:
    """A seat of kind "bot" drives as the careful bot; an unknown kind plays at random, and the table
    is told (a `Notice`)."""
    m = babybile(PlayerSpec("Robo", "bot"), PlayerSpec("Rita", "turbo"))
    s = RaceSession(m, pace=INSTANT)
    assert s.kind_of(0) == "careful" and any("turbo" in n for n in s.notices)
    events = heard(s)
    s.play_out(60)
    assert len(m.log.entries) >= 60 and not [e for e in events if isinstance(e, Notice) and e.kind == "error"]


def test_the_test_drive_plays_a_race_session_until_the_first_car_has_lapped() -> None:
    """The editor's test drive (racerbile.turn: a lap is a crossing of the line) is a race of two
    careful bots played out at instant pace: every move starts where that car's last one ended,
    and it stops once the first car has come round – or after its turns run out."""
    track = find_track("babybane").track
    r = drive_lap(track, seed=4)
    assert r.lapped and r.turns == sum(1 for m in r.moves if m.seat == 0) > 0
    end: dict[int, Hex | None] = {}  # where each car's last move ended (None: off the track)
    for m in r.moves:
        if end.get(m.seat) is not None:
            assert m.start == end[m.seat]
        end[m.seat] = None if m.off_track else (m.path[-1] if m.path else m.start)
    short = drive_lap(track, seed=4, max_turns=2)
    assert not short.lapped and short.turns == 2 and short.moves == r.moves[: len(short.moves)]
