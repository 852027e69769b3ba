"""A race at a real table in a browser's view, without a browser (issue 32): the host tells the seat
whose throw it is that it enters now and how many dice – the die for the start order, the gear's dice,
each throw of the 5s and 6s again – and every other seat whose throw is awaited. The page counts nothing."""
from __future__ import annotations

from game.match import Match, PlayerSpec
from game.net.authority import JUDGES
from game.net.views.race import view
from game.racerbile.actions import Drive, Order, Shift
from game.racerbile.state import GEAR, MOVE, ORDER, ROLL, START_ROLL
from game.racerbile.words import throw_dice
from game.rules import racerbile as R
from game.session import INSTANT
from game.session.race import RaceSession


def real_race(*, lemans: bool = False) -> RaceSession:
    if lemans:
        teams = [PlayerSpec("Foxes", "remote", drivers=("Anna", "Bo", "Cy")), PlayerSpec("Owls", "remote", drivers=("Dana", "Eli", "Finn"))]
        m = Match("racerbile", teams, R.SPEC.make("le_mans"), seed=2, track="le_mans", real_table=True)
    else:
        m = Match("racerbile", [PlayerSpec("Ann", "remote"), PlayerSpec("Ben", "remote")], R.SPEC.make(R.BABYBILE, laps=1),
                  seed=2, track="babybane", real_table=True)
    return RaceSession(m, pace=INSTANT)


def test_racerbile_start_the_seat_rolling_for_the_order_enters_one_die_the_others_see_whose_it_is() -> None:
    s = real_race()
    assert s.state.phase == START_ROLL
    ann, ben = view(s, 0), view(s, 1)
    assert ann["table"]["real"] is True and ann["table"]["entering"]["name"] == "Ann"
    assert ann["enter"]["dice"] == 1 and ann["enter"]["order"] and "Ann" in ann["enter"]["say"]
    assert ben["enter"] is None and ben["table"]["entering"]["say"] == "Waiting for Ann to enter the real dice"
    key = ann["enter"]["key"]
    assert s.enter("Ann", "5") is None
    assert view(s, 0)["enter"] is None and view(s, 1)["enter"]["dice"] == 1 and view(s, 1)["enter"]["key"] != key


def test_racerbile_gears_the_driver_enters_the_gears_dice_then_the_5s_and_6s_again_as_many_as_the_host_says() -> None:
    s = real_race()
    assert s.enter("Ann", "5") is None and s.enter("Ben", "3") is None
    turn = s.state.turn
    assert s.state.phase == ROLL and turn is not None and turn.gear == 1  # the first turn starts in first gear: one die
    first = view(s, 0)["enter"]
    assert first["dice"] == 1 and not first["again"] and not first["order"] and view(s, 1)["enter"] is None
    assert s.enter("Ann", "6") is None  # racerbile.gears: the 6 is thrown again
    again = view(s, 0)["enter"]
    assert again["dice"] == 1 and again["again"] and again["key"] != first["key"] and "5 or 6 again" in again["say"]
    assert s.enter("Ann", "3") is None
    assert view(s, 0)["enter"] is None and view(s, 0)["table"]["entering"] is None
    for seat in (0, 1):  # each drives; then Ann shifts up to second gear
        assert s.state.phase == MOVE and s.request(seat, Drive(next(iter(s.state.moves())).path)) is None
        if seat == 0:
            assert s.state.phase == ROLL or s.request(1, Shift(0)) is None
            assert s.enter(1, "2") is None
    assert s.state.phase == GEAR and view(s, 0)["enter"] is None
    assert s.request("Ann", Shift(1)) is None
    mine = view(s, 0)["enter"]
    assert mine["dice"] == 2 and not mine["again"] and "2" in mine["say"] and view(s, 1)["enter"] is None


def test_a_simulated_table_asks_nobody_to_enter() -> None:
    m = Match("racerbile", [PlayerSpec("Ann", "remote"), PlayerSpec("Ben", "remote")], R.SPEC.make(R.BABYBILE, laps=1), seed=2, track="babybane")
    s = RaceSession(m, pace=INSTANT)
    got = view(s, 0)
    assert got["table"]["real"] is False and got["table"]["entering"] is None and got["enter"] is None


def test_racerbile_lemans_end_the_clock_runs_and_the_judges_decide_while_a_team_enters_its_dice() -> None:
    s = real_race(lemans=True)
    for _step in range(40):  # (bounded) the start, then the Foxes' first turn up to their dice
        st = s.state
        if s.entering():
            (seat,) = s.enterers()
            if st.phase == ROLL and seat == 0:
                break
            assert s.enter(seat, "4" if st.phase == START_ROLL and seat == 0 else "2" if st.phase == START_ROLL else "1 " * throw_dice(st)) is None
        elif st.phase == ORDER:
            assert s.request(0, Order()) is None  # racerbile.start: rolled for
        else:
            (seat,) = s.waiting_for()
            assert s.request(seat, next(a for a in st.legal_actions() if isinstance(a, Shift))) is None
    assert s.state.phase == ROLL and s.enterers() == (0,)
    foxes = view(s, 0)
    assert foxes["enter"]["dice"] == throw_dice(s.state) >= 1 and foxes["table"]["clock"]["running"]
    judges = view(s, JUDGES)
    assert judges["enter"] is None and any(o["kind"] == "judge" for o in judges["actions"])
