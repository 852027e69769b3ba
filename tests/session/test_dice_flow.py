"""Schock and Katchen game flow at a `DiceSession`, no window – the rule-level facts the dice table's UI
tests used to check through keys and frames: kept dice, the referee's refusals, a bot's delay, saving
and the autosave. The keys that send these requests are tested in test_ui and test_settings_ui."""
from __future__ import annotations

import os
from pathlib import Path

from game.store.autosave_folder import backup_of
from game.dice.actions import Dice, Flip, Roll, Stand
from game.match import Match, PlayerSpec
from game.store.matchfile import load_match
from game.store.saves import autosave_path
from game.session import INSTANT, LIVE, Refusal
from game.session.dice import DiceSession
from game.state import CHANCE
from tests.autosave_worker import new_match

HUMANS = [PlayerSpec("Anna"), PlayerSpec("Bernd")]


def player_actions(m: Match) -> list[str]:
    return [e.action for e in m.log.entries if e.seat >= 0]


def on_disk(game: str) -> Match:
    return load_match(autosave_path(game))


# --- the referee at the table --------------------------------------------------------------------


def test_schock_rolls_a_kept_die_is_out_of_the_cup_and_stays_out() -> None:
    """schock.rolls: a die kept with the next roll is put out of the cup and may not be rolled again
    this turn – the request to roll it is the referee's refusal, citing the rule."""
    m = Match("schock", HUMANS, seed=12)
    s = DiceSession(m, pace=LIVE)
    s.script(Dice((6, 4, 2)), Dice((5, 3)))
    assert s.request(0, Roll()) is None
    assert player_actions(m) == ["roll"]
    t = m.state.turn
    assert t is not None and t.rolls == 1 and sorted(t.faces) == [2, 4, 6]
    assert s.request(0, Roll((6,))) is None
    assert player_actions(m)[-1] == "roll 6"
    t = m.state.turn
    assert t is not None and t.rolls == 2 and 6 in t.out  # the kept die is out of the cup now
    n = len(m.log.entries)
    refusal = s.request(0, Roll())  # all three again: the 6 would go back into the cup
    assert isinstance(refusal, Refusal) and refusal.rule == "schock.rolls"
    t = m.state.turn
    assert len(m.log.entries) == n and t is not None and 6 in t.out


def test_an_illegal_action_is_refused_with_the_referees_reason() -> None:
    """schock.sixes: standing before the first roll, or turning without sixes, is refused with the
    referee's reason and nothing is logged; `why_not` says the same without applying anything."""
    m = Match("schock", HUMANS, seed=1)
    s = DiceSession(m, pace=LIVE)
    for action, why in ((Stand(), "has not rolled yet"), (Flip(1), "sixes")):
        asked = s.why_not(0, action)
        refusal = s.request(0, action)
        assert isinstance(refusal, Refusal) and why in refusal.reason
        assert asked == refusal
    assert s.request(0, Flip(1)) == Refusal("turning needs two or three sixes from the last roll (schock.sixes)")
    assert player_actions(m) == []


# --- bots and time ---------------------------------------------------------------------------------


def test_a_bot_acts_after_a_short_delay() -> None:
    """A bot on turn waits the live pace's delay before its decision; its roll's dice are drawn at once,
    and while the view shows them (it holds the table) the bot does not go on."""
    m = Match("schock", [PlayerSpec("Anna"), PlayerSpec("Robo", "random")], seed=8, opener=1)
    s = DiceSession(m, pace=LIVE)
    s.tick(LIVE.bot_delay / 2)
    assert player_actions(m) == []
    s.tick(LIVE.bot_delay / 2)
    assert player_actions(m) == ["roll"]
    assert m.log.entries[-1].seat == CHANCE and m.state.current_player() == 1
    for _ in range(4):
        s.tick(LIVE.bot_delay / 2, hold=True)  # the dice tumble on the table
    assert player_actions(m) == ["roll"]


# --- saving and the autosave ----------------------------------------------------------------------


def test_save_writes_a_match_that_loads_again() -> None:
    """Save without a path: a new file in the user's save folder, which loads to the same log."""
    m = Match("schock", HUMANS, seed=5)
    s = DiceSession(m, pace=LIVE)
    assert s.request(0, Roll()) is None
    saved = s.save()
    assert isinstance(saved, Path) and saved.is_file() and s.save_path == saved
    assert saved.parent == Path(os.environ["XDG_DATA_HOME"]) / "stammtisch" / "saves"
    again = load_match(saved)
    assert [e.action for e in again.log.entries] == [e.action for e in m.log.entries]


def test_every_entry_is_autosaved_at_once_and_leaving_keeps_the_unfinished_match() -> None:
    """Apply first: the roll and its dice are on disk when the request returns; leaving an unfinished
    match keeps its autosave (a journal appended to, issue 15), for the menu's Continue."""
    m = Match("schock", HUMANS, seed=3)
    s = DiceSession(m, pace=LIVE, autosave=True)
    assert s.request(0, Roll()) is None
    assert any(e.action.startswith("roll") for e in m.log.entries) and m.log.entries[-1].seat == CHANCE
    assert on_disk("schock").log.entries == m.log.entries  # on disk as soon as it happened
    s.leave()
    path = autosave_path("schock")
    assert path.exists() and path.read_bytes().count(b"\n") == len(m.log.entries) + 1  # the header, an entry a line
    resumed = load_match(path)
    assert resumed.log.entries == m.log.entries and resumed.state == m.state


def test_undo_is_autosaved() -> None:
    """Undo to an earlier action: the autosave holds the shorter log at once."""
    m = Match("schock", HUMANS, seed=8)
    s = DiceSession(m, pace=LIVE, autosave=True)
    s.script(Dice((6, 4, 2)))
    assert s.request(0, Roll()) is None and s.request(0, Stand()) is None
    n = len(m.log.entries)
    s.undo_to(2)
    assert len(m.log.entries) == 2 < n
    assert on_disk("schock").log.entries == m.log.entries


def test_schock_match_a_finished_match_leaves_no_autosave_and_an_undo_brings_it_back() -> None:
    """schock.match: once the match is over its autosave (and backup) is gone – nothing to continue;
    an undo makes it unfinished again and the autosave holds the log again."""
    m = new_match("schock", seed=5)
    s = DiceSession(m, pace=INSTANT, autosave=True)
    s.play_out(100_000)
    assert m.state.is_terminal()
    path = autosave_path("schock")
    assert not path.exists() and not backup_of(path).exists()
    s.undo_to(len(m.log.entries) - 1)
    assert not m.state.is_terminal()
    assert on_disk("schock").log.entries == m.log.entries
