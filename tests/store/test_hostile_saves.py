"""A save's seat fields and a Bierpong throw's launches are checked against the rulings they replay
(issue 28): a Schock seat with drivers, a plain race's seat with a crew, a kind that is no word, a
launch thrown by someone the action does not name, at its own team's cups, or kept on an action
that throws no ball – each refused when the save is opened (exit 2, the file and the entry), never
believed. Saves written by the program still open (the live table wrote them)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from game.cli import main
from game.errors import InputError
from game.games import PlayerSpec
from game.match import Match
from game.rules.racerbile import SPEC as RACE
from game.session import session_for
from game.session.session import INSTANT
from game.store.matchfile import load_match, write_log

PONG_TEAMS = [PlayerSpec("Foxes", "regular", drivers=("Anna", "Bo")), PlayerSpec("Owls", "regular", drivers=("Cem", "Dana"))]


def saved(tmp_path: Path, m: Match, entries: int) -> dict[str, Any]:
    session_for(m, pace=INSTANT).play_out(entries)
    p = tmp_path / "good.json"
    write_log(m.log, p)
    load_match(p)  # (what the program writes opens)
    data: dict[str, Any] = json.loads(p.read_text(encoding="utf-8"))
    return data


def refused(tmp_path: Path, data: dict[str, Any], change: Callable[[dict[str, Any]], None], words: str,
            capsys: pytest.CaptureFixture[str]) -> str:
    change(data)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_match(bad)
    assert words in e.value.message, e.value
    assert main(["replay", str(bad), "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{bad}:") and words in err and "internal error" not in err, err
    return err


def launch(data: dict[str, Any], action: str) -> dict[str, Any]:
    """The first entry of `action`'s kind with launches (its index, its first launch)."""
    for e in data["entries"]:
        if e["action"].startswith(action) and e.get("detail", {}).get("throws"):
            return e
    raise AssertionError(f"no {action} entry with launches")


@pytest.fixture(scope="module")
def pong(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return saved(tmp_path_factory.mktemp("pong"), Match("bierpong", PONG_TEAMS, seed=3), 40)


def test_a_throw_off_launch_by_another_player_is_refused(pong: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """bierpong.art8: `throw-off Anna hit 4` keeps Anna's ball; a launch of Dana's there is not the
    throw the ruling replays."""
    data = json.loads(json.dumps(pong))
    refused(tmp_path, data, lambda d: launch(d, "throw-off Anna")["detail"]["throws"][0].__setitem__("player", "Dana"),
            "Dana", capsys)


def test_a_throw_launch_by_a_team_mate_is_refused(pong: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(json.dumps(pong))
    e = next(e for e in data["entries"] if e.get("detail", {}).get("throws") and not e["action"].startswith("throw-off")
             and len(e["detail"]["throws"]) == 1)
    thrower = e["detail"]["throws"][0]["player"]
    mate = {"Anna": "Bo", "Bo": "Anna", "Cem": "Dana", "Dana": "Cem"}[thrower]
    refused(tmp_path, data, lambda d: d["entries"][data["entries"].index(e)]["detail"]["throws"][0].__setitem__("player", mate), mate, capsys)


def test_a_launch_at_the_throwers_own_cups_is_refused(pong: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A ball is thrown at the other team's cups (bierpong.art2): side 0 on Anna's (Foxes') ball is not it."""
    data = json.loads(json.dumps(pong))
    refused(tmp_path, data, lambda d: launch(d, "throw-off Anna")["detail"]["throws"][0].__setitem__("side", 0), "side", capsys)


def test_two_launches_for_one_ball_are_refused(pong: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(json.dumps(pong))

    def twice(d: dict[str, Any]) -> None:
        t = launch(d, "throw-off Anna")["detail"]["throws"]
        t.append(dict(t[0]))

    refused(tmp_path, data, twice, "launch", capsys)


def test_launches_on_an_action_that_throws_no_ball_are_refused(pong: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(json.dumps(pong))

    def moved(d: dict[str, Any]) -> None:
        begin = next(e for e in d["entries"] if e["action"].endswith(" begin"))
        begin["detail"] = launch(d, "throw-off Anna")["detail"]

    refused(tmp_path, data, moved, "no ball", capsys)


def test_a_schock_seat_with_drivers_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Schock seats one person a seat: drivers there (they took the seat's drinks) are refused."""
    data = saved(tmp_path, Match("schock", [PlayerSpec("Ann", "bot"), PlayerSpec("Bo", "bot")], seed=2), 15)
    refused(tmp_path, data, lambda d: d["players"][0].__setitem__("drivers", ["x", "y"]), "one person a seat", capsys)


def test_a_plain_race_seat_with_a_crew_is_refused_at_the_start(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.lemans.teams: drivers are for Le Mans teams – said at once, not as a later ruling that differs."""
    m = Match("racerbile", [PlayerSpec("Ann", "careful"), PlayerSpec("Bo", "careful")], RACE.make("racerbile"), seed=2, track="babybane")
    data = saved(tmp_path, m, 10)
    refused(tmp_path, data, lambda d: d["players"][0].__setitem__("drivers", ["x", "y"]), "Le Mans", capsys)


@pytest.mark.parametrize("kind", ["\x1b[31mbot", "x" * 300, ""])
def test_a_kind_that_is_no_word_is_refused(kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = saved(tmp_path, Match("schock", [PlayerSpec("Ann", "bot"), PlayerSpec("Bo", "bot")], seed=2), 5)
    refused(tmp_path, data, lambda d: d["players"][1].__setitem__("kind", kind), "kind", capsys)


def test_the_clocks_mark_on_a_throw_is_refused(pong: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """bierpong.art9: `{"clock": true}` marks the timer's own `time` entry (an undo passes it by); on
    a throw it would hide the thrower's decision from undo – refused."""
    data = json.loads(json.dumps(pong))
    refused(tmp_path, data, lambda d: launch(d, "throw-off Anna")["detail"].__setitem__("clock", True), "clock", capsys)
