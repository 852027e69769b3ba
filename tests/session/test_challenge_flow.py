"""Challenging a ruling at a live table, no window (issue 8, game.rules.challenge): a session's
`challenge` logs the override as a new entry (never an edit), the drinks follow it, a challenge
without a reason is the referee's refusal, and `undo_to` takes a challenge back like any entry – in
Bierpong, the race and the dice table. The dialogs that send these are tested in test_challenge_ui."""
from __future__ import annotations

from game.bierpong.actions import parse_action as pong_action
from game.dice.actions import Dice, Roll, Stand
from game.match import Match, PlayerSpec
from game.racerbile.actions import Call, Judge
from game.rules import racerbile as RR
from game.rules.challenge import CHALLENGE, JUDGES, Challenge, challengeable
from game.rules.ruling import What
from game.session import Refusal
from game.session.dice import DiceSession
from game.session.pong import PongSession
from game.session.race import RaceSession
from tests.autosave_worker import play


def actions(m: Match) -> list[str]:
    return [e.action for e in m.log.entries]


def pong_match() -> Match:
    """Foxes (Anna, Bo) v Owls (Cem, Dana): Anna hits cup 1, so Cem and Dana drink a sip each (bierpong.art1)."""
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", drivers=("Cem", "Dana"))])
    for line in ("throw-off Anna hit 1, Cem miss", "Foxes begin", "Anna: hit 1", "Bo: miss", "Owls remove 1"):
        m.apply(pong_action(line))
    return m


def race(variant: str) -> Match:
    return Match("racerbile", [PlayerSpec("Anna"), PlayerSpec("Bernd")], RR.SPEC.make(variant), seed=5, track="babybane")


# --- Bierpong ----------------------------------------------------------------------------------------


def test_bierpong_challenge_strikes_the_ruling_and_the_sips_follow() -> None:
    """bierpong.art1: Dana's sip (6.3), challenged to 4 sips for Dana – without a reason the referee
    refuses and nothing is logged; with one the log gets the challenge entry, the ruling is struck and
    the sips follow the override (Cem's sip stands)."""
    m = pong_match()
    s = PongSession(m)
    assert [f"{i}.{j}" for i, j, _r in challengeable(m.log.entries)] == ["6.3", "6.2"]  # newest first
    refusal = s.challenge(Challenge(6, 3, "Dana", 4, What.SIPS, "Dana", ""))
    assert isinstance(refusal, Refusal) and "needs a reason" in refusal.reason
    assert len(m.log.entries) == 6 and not m.struck()
    assert s.challenge(Challenge(6, 3, "Dana", 4, What.SIPS, "Dana", "she drank from the wrong cup")) is None
    last = m.log.entries[-1]
    assert last.seat == CHALLENGE and last.action == "challenge 6.3 by Dana: 4 sips to Dana – she drank from the wrong cup"
    assert (6, 3) in m.struck()
    assert m.drinks()["Dana"].sips == 4 and m.drinks()["Cem"].sips == 1


def test_bierpong_undo_to_here_takes_the_challenge_back_and_play_continues() -> None:
    """Undo to the challenge: it is gone and the ruling stands again (Cem's sip); undo to "Anna: hit 1":
    play continues from there – the Foxes throw again."""
    m = pong_match()
    s = PongSession(m)
    assert s.challenge(Challenge(6, 2, "Cem", 0, What.SIPS, "Cem", "the cup was empty")) is None
    assert (6, 2) in m.struck() and m.drinks()["Cem"].sips == 0
    s.undo_to(6)
    assert len(m.log.entries) == 6 and not m.struck()
    assert m.drinks()["Cem"].sips == 1
    s.undo_to(actions(m).index("Anna: hit 1"))
    assert actions(m)[-1] == "Foxes begin"
    assert s.request("Bo", pong_action("Bo: miss")) is None  # and on from there
    assert actions(m)[-1] == "Bo: miss"


# --- the race ------------------------------------------------------------------------------------------


def test_race_challenge_strikes_the_fault_and_the_standings_follow() -> None:
    """A fault called on Anna (racerbile.technical.others_cap, 1 sip), challenged by Bernd to 3 sips for
    Bernd: no reason is refused; with one the fault is struck and the sips follow the override."""
    m = race("racerbile")
    s = RaceSession(m)
    before = {p: m.drinks()[p].sips for p in ("Anna", "Bernd")}
    assert s.request("Anna", Call("racerbile.technical.others_cap", "Anna", 1)) is None
    assert m.drinks()["Anna"].sips == before["Anna"] + 1
    i, j, ruling = challengeable(m.log.entries)[0]
    assert (i, ruling.who, ruling.rule) == (len(m.log.entries), "Anna", "racerbile.technical.others_cap")
    refusal = s.challenge(Challenge(i, j, "Bernd", 3, What.SIPS, "Bernd", ""))
    assert isinstance(refusal, Refusal) and "needs a reason" in refusal.reason and not m.struck()
    assert s.challenge(Challenge(i, j, "Bernd", 3, What.SIPS, "Bernd", "Anna never touched my cap")) is None
    assert m.log.entries[-1].seat == CHALLENGE and (i, j) in m.struck()
    assert m.drinks()["Anna"].sips == before["Anna"] and m.drinks()["Bernd"].sips == before["Bernd"] + 3


def test_racerbile_lemans_judges_may_challenge_their_own_penalty() -> None:
    """racerbile.lemans.judges: the judges' penalty sips for Bo, overridden by the judges themselves."""
    players = [PlayerSpec("Rød", drivers=("Anna", "Bo")), PlayerSpec("Blå", drivers=("Dorte", "Emil"))]
    m = Match("racerbile", players, RR.SPEC.make("le_mans", lemans_drivers=2), seed=5, track="le_mans")
    s = RaceSession(m)
    assert s.request("Anna", Judge("sips", "Bo", "2", "jumped the start")) is None
    assert m.drinks()["Bo"].sips == 2
    i, j, ruling = challengeable(m.log.entries)[0]
    assert ruling.who == "Bo"
    assert s.challenge(Challenge(i, j, JUDGES, 0, What.SIPS, "Bo", "the video shows a clean start")) is None
    assert m.log.entries[-1].action.startswith("challenge ") and " by judges: 0 sips to Bo" in m.log.entries[-1].action
    assert m.drinks()["Bo"].sips == 0


def test_race_undo_to_here_takes_the_challenge_back() -> None:
    """Undo to the challenge of Anna's fault: the log ends with the fault and nothing is struck."""
    m = race("racerbile")
    s = RaceSession(m)
    assert s.request("Anna", Call("racerbile.technical.others_cap", "Anna", 1)) is None
    i = len(m.log.entries)
    assert s.challenge(Challenge(i, 1, "Anna", 0, What.SIPS, "Anna", "not me")) is None
    assert m.struck() and m.drinks()["Anna"].sips == 0
    s.undo_to(i)
    assert len(m.log.entries) == i and not m.struck()
    assert m.drinks()["Anna"].sips == 1


# --- the dice table ------------------------------------------------------------------------------------


def test_schock_hands_out_only_mats_before_a_game_is_lost_so_nothing_is_challengeable() -> None:
    """game.rules.challenge: before a game is lost Schock's rulings are mats (they steer the game), none
    a drink; a challenge of one is the referee's refusal."""
    m = Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=9)
    s = DiceSession(m)
    assert challengeable(m.log.entries) == []
    s.script(Dice((2, 3, 4)), Dice((6, 6, 5)))
    for seat, a in ((0, Roll()), (0, Stand()), (1, Roll())):  # the opener's one roll is Bernd's only one
        assert s.request(seat, a) is None
    i, j = next((i, j) for i, e in enumerate(m.log.entries, start=1) for j, r in enumerate(e.rulings, start=1)
                if r.what is What.MATS)  # the round handed out mats …
    assert challengeable(m.log.entries) == []  # … and nothing to challenge
    n = len(m.log.entries)
    assert isinstance(s.challenge(Challenge(i, j, "Anna", 0, What.SIPS, "Bernd", "he threw first")), Refusal)
    assert len(m.log.entries) == n and not m.struck()


def test_dice_table_undo_to_here_continues_from_there() -> None:
    """Undo to before Bernd's roll: Bernd rolls again, the log up to there is kept, and his new throw
    (1-1-1, Schock out: schock.calls) replaces the undone one."""
    m = Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=9)
    s = DiceSession(m)
    s.script(Dice((2, 3, 4)), Dice((6, 6, 5)))  # the dice the rolls land on
    for seat, a in ((0, Roll()), (0, Stand()), (1, Roll())):
        assert s.request(seat, a) is None
    undone = actions(m)
    k = max(i for i, e in enumerate(m.log.entries) if e.seat == 1 and e.action == "roll")
    s.undo_to(k)
    assert len(m.log.entries) == k
    assert m.state.current_player() == 1 and s.waiting_for() == (1,)  # Bernd rolls again
    s.script(Dice((1, 1, 1)))
    assert s.request("Bernd", Roll()) is None
    assert actions(m)[:k] == undone[:k]
    assert m.log.entries[-1].action != undone[-1]  # Bernd's new throw replaced the undone one
    assert any(r.what is What.CALL for r in m.log.entries[-1].rulings)  # Schock out! (schock.calls)


def test_schock_game_a_lost_games_stroke_challenged_onto_another_player() -> None:
    """schock.game: the stroke of a lost game, challenged onto another player with a reason: the
    tallies (`Match.drinks`) follow the override – the loser has one stroke less, the other has it."""
    m = play("schock", 3)
    assert m.state.is_terminal()
    s = DiceSession(m)
    tally = m.drinks()
    loser = next(r.who for r in reversed(m.log.rulings()) if r.what is What.STROKE)
    other = next(p.name for p in m.players if p.name != loser)
    before = (tally[loser].strokes, tally[other].strokes)
    i, j, ruling = next((i, j, r) for i, j, r in challengeable(m.log.entries) if r.what is What.STROKE)
    assert ruling.who == loser
    assert s.challenge(Challenge(i, j, other, 1, What.STROKE, other, "the last die was cocked")) is None
    assert m.log.entries[-1].seat == CHALLENGE and (i, j) in m.struck()
    after = m.drinks()
    assert after[loser].strokes == before[0] - 1
    assert after[other].strokes == before[1] + 1 >= 1
