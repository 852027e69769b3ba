"""Schock and Katchen played live by a `DiceSession` (game.session.dice), no window: scripted seats and
dice, the Türmchen pause, the one undo rule, bots that fail, refusals as values."""
from __future__ import annotations

import random
from typing import Any

import pytest

from game.dice.actions import Dice, Roll, Stand, Tower
from game.dice.bots import BOTS, make_bot
from game.match import Match, PlayerSpec
from game.session import INSTANT, LIVE, Applied, Bot, Notice, Pace, Person, Refusal, SessionEvent
from game.session.dice import TOWER_PAUSE, DiceSession
from game.state import CHANCE

ANNA_ROBO = [PlayerSpec("Anna"), PlayerSpec("Robo", "random")]


def heard(s: DiceSession) -> list[SessionEvent]:
    events: list[SessionEvent] = []
    s.listen(events.append)
    return events


def actions(m: Match, start: int = 1) -> list[str]:
    return [e.action for e in m.log.entries[start:]]


def until_person(s: DiceSession, limit: int = 500) -> None:
    """Tick until the table waits for a person (the bots have played what was theirs)."""
    for _ in range(limit):
        if s.waiting_for() or s.over():
            return
        s.tick(0.25)
    raise AssertionError("the table never waited for a person")


def broken(state: Any, rng: random.Random) -> Any:
    raise RuntimeError("under construction")


# --- chance: apply first, the Türmchen ------------------------------------------------------------


@pytest.mark.parametrize("game", ["schock", "katchen"])
def test_chance_is_drawn_at_once_after_a_persons_roll(game: str) -> None:
    """Apply first, then animate: the roll and the dice it landed on are both in the log when the
    request returns – the listeners heard the roll, then the dice (no tick needed)."""
    s = DiceSession(Match(game, [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=3), pace=LIVE)
    events = heard(s)
    assert s.request("Anna", Roll()) is None
    applied = [e for e in events if isinstance(e, Applied)]
    assert [e.entry.seat for e in applied] == [0, CHANCE]
    assert applied[1].before.current_player() == CHANCE and applied[1].after is s.state
    assert s.match.log.entries[-1].seat == CHANCE and s.to_act() != CHANCE


def test_a_tuermchen_holds_the_table_before_the_roll_is_thrown_again() -> None:
    """schock.tower: a die on another means the roll is thrown again – at a live pace the table
    holds TOWER_PAUSE seconds first (and not while the view holds it), then draws the roll anew."""
    s = DiceSession(Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=4), pace=LIVE)
    s.script(Tower(), Dice((6, 5, 3)))
    assert s.request(0, Roll()) is None
    assert actions(s.match) == ["roll", "tower"]
    assert s.pause == TOWER_PAUSE and s.busy() and s.waiting_for() == ()
    assert isinstance(s.request(0, Stand()), Refusal)  # nobody acts while the roll is still to fall
    s.tick(10 * TOWER_PAUSE, hold=True)  # the view shows the Türmchen: the pause has not begun
    s.tick(TOWER_PAUSE / 2)
    assert actions(s.match) == ["roll", "tower"]
    s.tick(TOWER_PAUSE / 2)
    assert actions(s.match) == ["roll", "tower", "dice 653"]
    assert s.waiting_for() == (0,)


def test_at_instant_pace_a_tuermchen_is_thrown_again_at_once() -> None:
    """schock.tower: with no pauses the roll is drawn again inside the same request."""
    s = DiceSession(Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=4), pace=INSTANT)
    s.script(Tower(), Tower(), Dice((2, 2, 1)))
    assert s.request(0, Roll()) is None
    assert actions(s.match) == ["roll", "tower", "tower", "dice 221"]
    assert s.pause == 0 and s.state.turn is not None and s.state.turn.towers == 2


def test_the_view_hears_each_rolls_outcome_with_the_states_around_it() -> None:
    """schock.rolls, schock.tower: every chance entry reaches the listeners with its outcome (the
    faces the view's dice land on) and the states before and after it."""
    s = DiceSession(Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=5), pace=INSTANT)
    events = heard(s)
    outcomes = (Dice((6, 4, 2)), Tower(), Dice((5, 1)), Dice((3,)))
    s.script(*outcomes)
    for a in (Roll(), Roll((6,)), Roll((6, 5))):
        assert s.request(0, a) is None
    rolls = [e for e in events if isinstance(e, Applied) and e.entry.seat == CHANCE]
    assert tuple(e.action for e in rolls) == outcomes
    assert all(e.before.current_player() == CHANCE for e in rolls)
    assert rolls[-1].after.turn is not None and rolls[-1].after.turn.seat == 1  # the third roll ended Anna's turn


def test_a_scripted_outcome_that_cannot_fall_is_an_error() -> None:
    s = DiceSession(Match("katchen", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=5), pace=INSTANT)
    s.script(Tower())  # katchen.table: Katchen knows no Türmchen
    with pytest.raises(ValueError):
        s.request(0, Roll())


# --- the bots ---------------------------------------------------------------------------------------


def test_a_bot_waits_its_delay_and_longer_while_a_finished_throw_lies_on_the_table() -> None:
    """A bot acts after pace.bot_delay; after a finished throw it gives the table pace.read_delay."""
    pace = Pace(bot_delay=0.2, read_delay=0.6, pauses=True)
    s = DiceSession(Match("schock", ANNA_ROBO, seed=8, opener=1), pace=pace)
    s.tick(0.15)
    assert actions(s.match) == []
    s.tick(0.1)
    assert actions(s.match)[:1] == ["roll"]
    s2 = DiceSession(Match("schock", ANNA_ROBO, seed=8, opener=0), pace=pace)
    s2.script(Dice((6, 5, 3)))
    assert s2.request(0, Roll()) is None and s2.request(0, Stand()) is None
    assert s2.throw_on_table() and s2.to_act() == 1
    n = len(s2.match.log.entries)
    s2.tick(0.5)
    assert len(s2.match.log.entries) == n  # past the bot delay, still reading Anna's throw
    s2.tick(0.15)
    assert s2.match.log.entries[n].seat == 1


def test_the_view_holding_the_table_holds_the_bots() -> None:
    s = DiceSession(Match("katchen", ANNA_ROBO, seed=2, opener=1), pace=LIVE)
    for _ in range(20):
        s.tick(0.5, hold=True)
    assert actions(s.match) == []
    s.tick(LIVE.bot_delay)
    assert actions(s.match)[0] == "roll"


def test_the_seats_bots_are_the_dice_bots_seeded_as_at_the_table() -> None:
    """Each bot seat plays `game.dice.bots.make_bot(kind, seed · 31 + seat)` – the same choices."""
    m = Match("katchen", [PlayerSpec("Anna", "random"), PlayerSpec("Robo", "bot")], seed=6)
    s = DiceSession(m, pace=INSTANT)
    assert [seat.kind for seat in s.seats] == ["random", "bot"] and not s.anyone_here()
    twin = make_bot("random", m.log.seed * 31 + 0)
    assert s.seats[0].decide(m.state, s.rng) == twin.choose(m.state)


def test_an_unknown_bot_kind_is_played_by_another_bot_with_a_notice() -> None:
    s = DiceSession(Match("schock", [PlayerSpec("Anna"), PlayerSpec("Robo", "grandmaster")], seed=1), pace=INSTANT)
    assert s.seats[1].kind in BOTS and s.is_bot(1)
    assert len(s.notices) == 1 and "grandmaster" in s.notices[0]


def test_a_bot_that_raises_falls_back_to_a_legal_action_with_a_notice() -> None:
    """A failing bot must not end the evening: for this decision a random legal action is played."""
    m = Match("schock", [PlayerSpec("Anna"), PlayerSpec("Robo", "broken")], seed=3, opener=1)
    s = DiceSession(m, [Person("Anna"), Bot("Robo", "broken", broken)], pace=INSTANT)
    events = heard(s)
    s.tick(0.0)
    assert m.log.entries[1].seat == 1 and actions(m)[0] == "roll"  # the one legal first action
    notices = [e for e in events if isinstance(e, Notice)]
    assert len(notices) == 1 and notices[0].kind == "error" and "under construction" in notices[0].text


@pytest.mark.parametrize("choice", [Stand(), Dice((1, 1, 1)), "stand please"])
def test_a_bot_that_chooses_an_illegal_action_falls_back_with_a_notice(choice: Any) -> None:
    """schock.rolls: standing before the first roll, a die's outcome or no action at all – refused,
    told to the table, and a legal action is played in its place."""
    m = Match("schock", [PlayerSpec("Anna"), PlayerSpec("Robo", "wrong")], seed=3, opener=1)
    s = DiceSession(m, [Person("Anna"), Bot("Robo", "wrong", lambda st, rng: choice)], pace=INSTANT)
    s.tick(0.0)
    assert actions(m)[0] == "roll" and m.log.entries[1].seat == 1
    assert len(s.notices) == 1 and "not allowed" in s.notices[0]


# --- refusals ---------------------------------------------------------------------------------------


def test_a_request_out_of_turn_is_a_refusal_and_changes_nothing() -> None:
    """schock.start: the opener rolls first; Bernd's roll now is refused, as a value."""
    m = Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=2)
    s = DiceSession(m, pace=INSTANT)
    refusal = s.request("Bernd", Roll())
    assert isinstance(refusal, Refusal) and "Anna" in refusal.reason
    assert actions(m) == []


def test_a_request_for_a_bots_seat_is_a_refusal() -> None:
    m = Match("schock", ANNA_ROBO, seed=2, opener=1)
    s = DiceSession(m, pace=LIVE)
    assert isinstance(s.request("Robo", Roll()), Refusal) and actions(m) == []
    assert isinstance(s.request("Nobody", Roll()), Refusal)


def test_an_illegal_request_is_the_referees_refusal() -> None:
    """schock.rolls: standing before the first roll is refused with the referee's reason."""
    s = DiceSession(Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=2), pace=INSTANT)
    refusal = s.request(0, Stand())
    assert isinstance(refusal, Refusal) and "not rolled" in refusal.reason
    assert s.why_not(0, Stand()) == refusal and s.why_not(0, Roll()) is None
    assert actions(s.match) == []


def test_a_request_after_the_end_is_a_refusal() -> None:
    """katchen.phase2: once the Schuss has fallen the match is over; nothing more is applied."""
    m = Match("katchen", [PlayerSpec("Anna", "random"), PlayerSpec("Robo", "random")], seed=7)
    DiceSession(m, pace=INSTANT).play_out()
    assert m.state.is_terminal()
    s = DiceSession(m, [Person("Anna"), Person("Robo")], pace=INSTANT)
    n = len(m.log.entries)
    assert isinstance(s.request("Anna", Roll()), Refusal) and len(m.log.entries) == n


# --- the one undo rule ---------------------------------------------------------------------------------


def test_undo_at_schock_goes_back_to_before_the_persons_last_decision() -> None:
    """schock.rolls: Anna rolls and stands, the bot plays its turn; undo takes back the bot's rolls
    and the dice after Anna's stand, and the stand itself – her rolled dice lie there again."""
    m = Match("schock", ANNA_ROBO, seed=11)
    s = DiceSession(m, pace=LIVE)
    s.script(Dice((6, 5, 3)))
    assert s.request("Anna", Roll()) is None
    stand_at = len(m.log.entries)
    assert s.request("Anna", Stand()) is None
    s.tick(LIVE.read_delay)
    until_person(s)
    after = m.log.entries[stand_at + 1:]
    assert any(e.seat == 1 for e in after) and any(e.seat == CHANCE for e in after)
    assert s.undo() is None
    assert len(m.log.entries) == stand_at
    t = m.state.turn
    assert t is not None and t.seat == 0 and t.rolls == 1 and t.faces == (6, 5, 3)
    assert s.waiting_for() == (0,)


def test_undo_at_katchen_takes_the_persons_roll_back_with_its_dice() -> None:
    """katchen.phase1: one throw each; undo goes back to before Anna's roll – her dice, the bot's
    throw and its dice go with it, and Anna throws again."""
    m = Match("katchen", ANNA_ROBO, seed=12)
    s = DiceSession(m, pace=INSTANT)
    assert s.request("Anna", Roll()) is None
    roll_at = len(m.log.entries) - 2
    until_person(s)
    gone = m.log.entries[roll_at:]
    assert {e.seat for e in gone} >= {0, 1, CHANCE}
    assert s.undo() is None
    assert len(m.log.entries) == roll_at and s.waiting_for() == (0,)


def test_undo_with_no_persons_decision_is_a_refusal() -> None:
    m = Match("schock", ANNA_ROBO, seed=2, opener=1)
    s = DiceSession(m, pace=INSTANT)
    s.tick(0.0)
    n = len(m.log.entries)
    assert n > 1 and isinstance(s.undo(), Refusal) and len(m.log.entries) == n


# --- the play-out path --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["schock", "katchen"])
def test_bots_play_a_whole_match_out_at_instant_pace(game: str) -> None:
    """The simulators' path: every decision is a seat's legal action, every roll chance's, to the end."""
    m = Match(game, [PlayerSpec("A", "bot"), PlayerSpec("B", "random"), PlayerSpec("C", "random")], seed=9)
    DiceSession(m, pace=INSTANT).play_out()
    assert m.state.is_terminal()
    again = Match.replay(m.log)
    assert again.state == m.state
