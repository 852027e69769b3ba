"""The dice games' part of a browser's view (`game.net.views.dice`), without a browser: the choices the
host offers a seat are its legal actions in words with the dice each roll keeps (schock.rolls,
schock.sixes, katchen.phase2), the table says what lies where, and the last round what was ruled."""
from __future__ import annotations

from typing import Any

from game.dice.actions import Action, Dice, Roll, Stand, Tower
from game.match import Match, PlayerSpec
from game.net.views.dice import view
from game.net.web_view import view as web_view
from game.session import INSTANT, Pace, Session, session_for


def _table(game: str, seed: int = 3, players: tuple[str, ...] = ("Ann", "Bo", "Cem")) -> Session:
    m = Match(game, [PlayerSpec(n, "remote") for n in players], seed=seed, games=1)
    s = session_for(m, pace=INSTANT)
    s.play_out()
    return s


def _do(s: Session, seat: int, action: Action, *dice: tuple[int, ...]) -> None:
    """`seat` asks for `action`; the dice that roll land on `dice` (scripted)."""
    s.script(*(Dice(d) for d in dice))
    assert s.request(seat, action) is None
    s.play_out()


def _offers(v: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [o for o in v["actions"] if o["kind"] == kind]


def test_schock_rolls_dice_put_out_stay_out_in_every_roll_offered() -> None:
    s = _table("schock")
    first = view(s, 0)
    assert [(o["action"], o["label"], o["keep"]) for o in first["actions"]] == [("roll", "Roll the dice", [])]
    _do(s, 0, Roll(), (5, 4, 1))
    v = view(s, 0)
    assert {o["action"]: o["keep"] for o in _offers(v, "roll")}["roll 51"] == [5, 1]
    _do(s, 0, Roll((1,)), (5, 2))
    v = view(s, 0)
    cup = v["table"]["cup"]
    assert cup["phase"] == "rolled" and cup["roll"] == 2 and cup["tappable"]
    assert [d["face"] for d in cup["dice"] if d.get("out")] == [1]
    assert sorted(d["face"] for d in cup["dice"] if not d.get("out")) == [2, 5]
    rolls = _offers(v, "roll")
    assert rolls and all(1 in o["keep"] for o in rolls)  # schock.rolls: the 1 is out of the cup for good
    labels = {o["action"]: o["label"] for o in rolls}
    assert labels["roll 1"] == "Roll 2 dice"
    assert labels["roll 51"] == "Put out 5, roll 1 die"
    assert _offers(v, "stand")[0]["label"] == "Stand"


def test_schock_sixes_turning_is_offered_in_words_with_the_rolls() -> None:
    s = _table("schock")
    _do(s, 0, Roll(), (6, 6, 3))
    flips = _offers(view(s, 0), "flip")
    assert [(o["action"], o["label"]) for o in flips] == [("flip 1", "Turn a six into a one")]
    assert s.request(0, s.state.parse_action(flips[0]["action"])) is None
    s.play_out()
    v = view(s, 0)
    assert not _offers(v, "stand")  # schock.sixes: a turned single six obliges another roll
    assert [d["face"] for d in v["table"]["cup"]["dice"] if d.get("out")] == [1]


def test_katchen_phase2_every_keep_is_offered_and_the_last_keep_comes_back_kept() -> None:
    s = _table("katchen", seed=11)
    for _ in range(200):
        if s.state.phase == 2 or s.over():
            break
        _do(s, s.waiting_for()[0], Roll())
    assert s.state.phase == 2
    seat = s.waiting_for()[0]
    _do(s, seat, Roll(), (5, 2, 1))
    v = view(s, seat)
    keeps = sorted(tuple(o["keep"]) for o in _offers(v, "roll"))
    assert keeps == sorted([(), (5,), (2,), (1,), (5, 2), (5, 1), (2, 1)])  # katchen.phase2: keep whichever dice
    assert {o["action"]: o["label"] for o in _offers(v, "roll")}["roll 21"] == "Keep 2 1, roll 1 die"
    _do(s, seat, Roll((2, 1)), (6,))
    cup = view(s, seat)["table"]["cup"]
    assert [d["face"] for d in cup["dice"] if d.get("kept")] == [2, 1]  # the page picks them again
    assert [d["face"] for d in cup["dice"] if d.get("new")] == [6]
    assert view(s, seat)["table"]["cup"]["hint"] == "Tap a die to keep it for the next roll"


def test_only_the_seat_on_turn_is_offered_anything() -> None:
    s = _table("schock")
    assert view(s, 0)["actions"]
    assert view(s, 1)["actions"] == [] and view(s, None)["actions"] == []
    assert view(s, None)["table"]["cup"]["mine"] is False


def test_the_view_speaks_the_connections_language_and_shows_no_notation() -> None:
    s = _table("schock")
    _do(s, 0, Roll(), (5, 4, 1))
    for lang in ("en", "de", "da"):
        body = web_view(s, 0, lang, [], static=False)
        assert all(o["label"] != o["action"] for o in body["actions"])
        if lang != "en":
            english = {o["label"] for o in view(s, 0)["actions"]}
            assert not english & {o["label"] for o in body["actions"]}, lang
    assert web_view(s, 0, "de", [], static=False)["table"]["pile"]["label"] == "Mitte"


def test_schock_deckel_a_new_round_shows_the_last_rounds_throws_and_what_was_ruled() -> None:
    s = _table("schock")
    _do(s, 0, Roll(), (6, 5, 4))  # a Straße
    _do(s, 0, Stand())
    _do(s, 1, Roll(), (6, 5, 2))  # the round's worst
    _do(s, 2, Roll(), (6, 6, 5))  # (one roll each, as the opener: the turns end by themselves)
    table = view(s, 0)["table"]
    assert s.state.round_no == 2 and table["fresh"]
    last = table["last_round"]
    assert [(t["name"], t["throw"].split(" (")[0]) for t in last["throws"]] == [("Ann", "Straße"), ("Bo", "652"), ("Cem", "665")]
    assert any("Bo" in line and "2" in line for line in last["outcome"])  # schock.deckel: the Straße's 2 mats to Bo
    bo = next(r for r in table["seats"] if r["name"] == "Bo")
    assert bo["mats"] == 2 and bo["mats_text"] == "2 mats"
    assert table["pile"]["n"] == 13


def test_the_match_over_says_the_result_and_the_standing() -> None:
    s = _table("schock")
    for _ in range(2000):
        if s.over():
            break
        seat = s.waiting_for()[0]
        legal = s.state.legal_actions()
        _do(s, seat, Stand() if Stand() in legal else next(a for a in legal if isinstance(a, Roll)))
    assert s.over()
    v = view(s, 0)
    assert v["actions"] == [] and v["result"].endswith("loses")
    standing = v["table"]["standing"]
    assert standing[0].startswith("1.") and standing[-1].endswith("buys the next round.")
    assert v["table"]["cup"]["phase"] == "over" and v["table"]["last_round"]["outcome"]


def test_schock_tower_and_calls_are_shown_big_while_the_roll_is_in_the_air() -> None:
    m = Match("schock", [PlayerSpec(n, "remote") for n in ("Ann", "Bo")], seed=3, games=1)
    s = session_for(m, pace=Pace(0.0, 0.0, True))  # (a table that holds still after a Türmchen)
    s.script(Tower())
    assert s.request(0, Roll()) is None  # the Türmchen lands (schock.tower): the roll is thrown again
    v = view(s, 0)
    assert v["table"]["calls"] == ["Türmchen!"]
    assert v["table"]["cup"]["phase"] == "rolling" and v["actions"] == []
    s.script(Dice((1, 1, 1)))
    s.play_out()
    assert "Horrido!" in view(s, 0)["table"]["calls"]  # schock.calls: a Schock aus out of the bag
