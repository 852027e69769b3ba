"""Bierpong's part of a browser's view at a real table (`game.net.views.pong_entry`), without a browser:
the seat whose ball it is gets the throw card's facts – who may have thrown and the lines to write
each ball into, the defenders' swats and catches, the cups a ball may land in – the others see that
the table is real, whose throw is awaited and the lines entered last; a line the card makes is one
`Session.enter` takes (bierpong.art11, art14, art8)."""
from __future__ import annotations

from game.match import Match, PlayerSpec
from game.net.views.pong import view
from game.rules import bierpong as R
from game.session import INSTANT
from game.session.pong import PongSession
from tests.bierpong_helpers import play

START = ("throw-off Ann hit 1, Cem miss", "Foxes begin")


def real(*lines: str, real_table: bool = True) -> PongSession:
    m = Match("bierpong", [PlayerSpec("Foxes", "remote", drivers=("Ann", "Ben")), PlayerSpec("Owls", "remote", drivers=("Cem", "Dana"))],
              R.SPEC.make(), seed=1, real_table=real_table)
    play(m, *lines)
    return PongSession(m, pace=INSTANT)


def test_bierpong_art11_the_seat_on_turn_enters_its_ball_with_the_hosts_lines() -> None:
    s = real(*START)
    v = view(s, 0)
    assert v["table"]["real"] and v["table"]["entering"] == 0 and v["table"]["last"] == ""
    e = v["entry"]
    assert not e["throwoff"] and e["defenders"] == ["Cem", "Dana"] and e["open"] == list(range(1, 11))
    ann = e["throwers"][0]
    assert [p["name"] for p in e["throwers"]] == ["Ann", "Ben"]
    assert ann == {"name": "Ann", "line": "Ann: {}", "fetch": "Ann fetches", "swat": [["Cem", "Cem swats Ann"], ["Dana", "Dana swats Ann"]],
                   "catch": [["Cem", "Cem catches Ann"], ["Dana", "Dana catches Ann"]]}
    assert "entry" not in view(s, 1) and "entry" not in view(s, None)  # the other team and a watcher: no card
    assert s.enter(0, ann["line"].format("bounce 3")) is None  # the line the card makes is the notation's
    entry = s.match.log.entries[-1]
    assert entry.action == "Ann: bounce 3" and entry.detail == {"entered": "Foxes"}


def test_bierpong_art14_the_other_phones_see_whose_throw_is_awaited_and_the_lines_entered_last() -> None:
    s = real(*START)
    assert s.enter(0, "Ann: bounce 3") is None
    other = view(s, 1)["table"]
    assert other["entering"] == 0 and other["last"] == "Ann: bounce 3" and other["last_at"] == len(s.match.log.entries)
    assert [p["name"] for p in view(s, 0)["entry"]["throwers"]] == ["Ben"]  # bierpong.art11: the partner throws the second ball
    assert s.enter(0, "Ben: miss") is None
    t = view(s, 1)["table"]
    assert t["phase"] == "remove" and t["entering"] == -1 and t["last"] == "Ann: bounce 3 · Ben: miss"
    assert "entry" not in view(s, 0)  # the owners remove their cups now: no card
    assert any(o["kind"] == "remove" and len(o["cups"]) == 2 for o in view(s, 1)["actions"])  # a bounce takes two cups


def test_bierpong_art8_the_throw_off_ball_line_and_a_simulated_table_has_no_card() -> None:
    s = real()
    e = view(s, 0)["entry"]
    assert e["throwoff"] and e["defenders"] == [] and e["throwers"][0]["line"] == "throw-off Ann {}"
    assert s.enter(0, "throw-off Ann hit 2") is None and view(s, 1)["entry"]["throwers"][0]["line"] == "throw-off Cem {}"
    sim = real(*START, real_table=False)
    assert "entry" not in view(sim, 0) and view(sim, 0)["table"]["real"] is False


def test_bierpong_art4_the_card_may_join_the_rounds_two_balls_while_both_are_to_throw() -> None:
    """Both standard balls at once (bierpong.art4): offered (`pair`) at a team's round before either ball
    is in, the joined line is one `Together` the host rules with art4; after one ball, at the throw-off
    and on fire (the thrower throws on alone) no pair is offered."""
    s = real(*START)
    e = view(s, 0)["entry"]
    assert e["pair"] == "{} & {}"
    line = e["pair"].replace("{}", e["throwers"][0]["line"].format("hit 3"), 1).replace("{}", e["throwers"][1]["line"].format("miss"), 1)
    assert line == "Ann: hit 3 & Ben: miss" and s.enter(0, line) is None
    assert any(r.rule == "bierpong.art4" for r in s.match.log.entries[-1].rulings)
    one = real(*START)
    assert one.enter(0, "Ann: miss") is None and view(one, 0)["entry"]["pair"] == ""
    assert view(real(), 0)["entry"]["pair"] == ""  # the throw-off
    fire = real(*START, "Ann: hit 1", "Ben: miss", "Owls remove 1", "Cem: miss", "Dana: miss", "Ann: hit 2", "Ann: heating up", "Ben: miss",
                "Owls remove 2", "Cem: miss", "Dana: miss", "Ann: hit 3", "Ann: on fire")
    assert view(fire, 0)["entry"]["pair"] == ""
