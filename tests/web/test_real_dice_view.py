"""The dice games' view at a real table, without a browser (docs/real-table.md, docs/web.md): the seat
whose throw it is gets the entry pad (`enter`: how many dice, the ones that stay, whether a Türmchen
may be entered, the roll to ask for first at a turn's first roll), nobody else does, the table says
who is entering, every view says the table is real – and the last round is replayed past a switch of
the table (`ASIDE`: it leaves the game's state alone)."""
from __future__ import annotations

from game.dice.actions import Dice, Roll, Stand
from game.match import Match, PlayerSpec
from game.net.late_words import in_words
from game.net.views.dice import view
from game.net.views.dice_table import last_round, picture
from game.net.web_view import view as web_view
from game.session import INSTANT, Session, session_for


def _real(game: str, seed: int = 3, real: bool = True) -> Session:
    m = Match(game, [PlayerSpec(n, "remote") for n in ("Ann", "Bo", "Cem")], seed=seed, games=1, real_table=real)
    s = session_for(m, pace=INSTANT)
    s.play_out()
    return s


def _enter(s: Session, seat: int, faces: str) -> None:
    assert s.enter(seat, faces) is None
    s.play_out()


def test_schock_rolls_at_a_real_table_the_thrower_alone_gets_the_pad_first_roll_then_the_faces() -> None:
    s = _real("schock")
    first = view(s, 0)
    assert first["enter"] == {"dice": 3, "stay": [], "tower": True, "roll": "roll",
                              "title": "Tap the faces of the 3 dice you threw"}
    assert "enter" not in view(s, 1) and "enter" not in view(s, None)
    assert s.request(0, Roll()) is None
    s.play_out()
    assert s.entering() and s.enterers() == (0,)
    v = view(s, 0)
    assert v["enter"] == {"dice": 3, "stay": [], "tower": True, "title": "Tap the faces of the 3 dice you threw"}
    assert v["actions"] == []
    other = view(s, 1)
    assert "enter" not in other and other["table"]["cup"]["entering"] == "Ann is entering the throw"
    _enter(s, 0, "1 1 4")
    assert "enter" not in view(s, 0)  # Ann decides now: keep, put out, stand
    assert s.request(0, Roll((1, 1))) is None  # schock.rolls: the two 1s put out stay out
    s.play_out()
    assert view(s, 0)["enter"] == {"dice": 1, "stay": [1, 1], "tower": True, "title": "Tap the face of the die you threw"}
    _enter(s, 0, "6")
    assert s.match.log.entries[-1].action == str(Dice((6,))) and s.match.log.entries[-1].detail == {"entered": "Ann"}


def test_katchen_phase1_pad_has_no_tower_and_the_view_says_the_table_is_real() -> None:
    s = _real("katchen")
    seat = s.waiting_for()[0]
    pad = view(s, seat)["enter"]
    assert pad["tower"] is False and pad["roll"] == "roll" and pad["dice"] == 3
    body = web_view(s, seat, "de", [], static=False)
    assert body["real_table"] is True and body["enter"]["title"] == "Tippe die Augen der 3 geworfenen Würfel an"
    assert web_view(s, None, "en", [], static=False)["real_table"] is True and "enter" not in web_view(s, None, "en", [], static=False)


def test_at_a_simulated_table_no_pad_and_no_entering() -> None:
    s = _real("schock", real=False)
    assert "enter" not in view(s, 0)
    assert web_view(s, 0, "en", [], static=False)["real_table"] is False
    assert s.request(0, Roll()) is None
    s.play_out()
    assert "entering" not in view(s, 1)["table"]["cup"] and "enter" not in view(s, 0)


def test_schock_deckel_the_last_round_is_replayed_past_a_switch_of_the_table() -> None:
    """A switch mid-round (an ASIDE entry, game.rules.realtable) is skipped where the view replays the
    log: the last round's throws and rulings come out as without it."""
    s = _real("schock")
    assert s.request(0, Roll()) is None
    s.play_out()
    _enter(s, 0, "6 5 4")  # a Straße
    assert s.request(0, Stand()) is None
    s.play_out()
    assert s.switch_table("Bo", False) is None  # the rest of the round with the program's dice …
    assert s.switch_table("Bo", True) is None  # … and back: two entries that leave the state alone
    for seat, faces in ((1, "6 5 2"), (2, "6 6 5")):
        assert s.request(seat, Roll()) is None
        s.play_out()
        _enter(s, seat, faces)
    assert s.state.round_no == 2
    last = last_round(s)
    assert last is not None and [(s.match.players[k].name, str(t)) for k, t in last.throws()][0][0] == "Ann"
    table = in_words(picture(s))["last_round"]  # (its words said in the language spoken)
    assert [(t["name"], t["throw"].split(" (")[0]) for t in table["throws"]] == [("Ann", "Straße"), ("Bo", "652"), ("Cem", "665")]
    assert any("Bo" in line for line in table["outcome"])
