"""Nonsense is not believed (issue 19): numbers checked where they enter, control characters
escaped when printed, YAML 1.2 floats read, big inputs refused before they are counted."""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pytest

from game.bierpong.shotfile import from_text as shot_from_text
from game.cli import main
from game.errors import InputError
from game.replay import throws_of
from game.store.bookmarks import bookmarks_path, load_bookmarks
from game.store.journal import is_journal
from game.rules.matchlog import Entry
from game.ui.shell.replay import ReplayScene
from game.yamlio import parse
from tests.session.test_replay_flow import dice_match, saved

if TYPE_CHECKING:
    from game.ui.common.app import App

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records"


def test_yaml_1_2_float_forms_are_numbers() -> None:
    """`1e1`, `.5`, `-2E-3` are floats (YAML 1.1 reads them as text); `10` stays an int, `1e` text."""
    doc = parse("a: 1e1\nb: 10\nc: .5\nd: -2E-3\ne: 1e\nf: 1.0\n", "f")
    got = {k.value: doc.value(v) for k, v in doc.root.value}
    assert got == {"a": 10.0, "b": 10, "c": 0.5, "d": -0.002, "e": "1e", "f": 1.0}
    assert isinstance(got["b"], int) and isinstance(got["a"], float)
    shot = (ROOT / "tests" / "data" / "shots" / "roller_bounce.yaml").read_text(encoding="utf-8")
    assert shot_from_text(shot.replace("speed: 4.96", "speed: 496e-2")).throws[0].speed == pytest.approx(4.96)


def test_a_nul_byte_and_bad_utf8_are_reported_where_they_are(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (RECORDS / "schock_example.yaml").read_text(encoding="utf-8")
    nul = tmp_path / "nul.yaml"
    nul.write_text(text.replace("  - Carla\n", "  - Car\0la\n"), encoding="utf-8")
    assert main(["referee", str(nul)]) == 2
    assert capsys.readouterr().err.startswith(f"{nul}:6:8: a NUL byte")
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(text.replace("  - Carla\n", "  - Carla\n  - B\udcffo\n").encode("utf-8", "surrogateescape"))
    assert main(["referee", str(bad)]) == 2
    assert capsys.readouterr().err.startswith(f"{bad}:7:6: not UTF-8 text")


def test_referee_escapes_control_characters_in_what_it_prints(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A player named with ANSI escapes and a title-setting OSC sequence: printed escaped (\\u001b),
    never raw; the JSON output still holds the very name."""
    evil = "\\e[31mAnna\\e]0;pwned\\a"
    text = (RECORDS / "schock_example.yaml").read_text(encoding="utf-8")
    text = text.replace("  - Anna\n", f'  - "{evil}"\n').replace("opener: Anna", f'opener: "{evil}"')
    text = text.replace("  - Anna: 652", f'  - "{evil}": 652').replace("    Anna: 653", f'    "{evil}": 653')
    rec = tmp_path / "ansi.yaml"
    rec.write_text(text, encoding="utf-8")
    assert main(["referee", str(rec)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "\\u001b[31mAnna\\u001b]0;pwned\\u0007" in out
    assert main(["referee", str(rec), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"][0] == "\x1b[31mAnna\x1b]0;pwned\x07"


def test_lemans_hours_have_an_upper_bound(capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.lemans.end: --hours (and the option lemans_hours) at most 72."""
    assert main(["simulate", "racerbile", "--teams", "2", "--seed", "1", "--hours", "100000"]) == 2
    assert "from 1 to 72" in capsys.readouterr().err


def test_a_stored_launch_out_of_range_is_no_launch() -> None:
    """A Bierpong entry's launch with a side of 9, NaN, or a release under the table: the viewer's
    animation gets no launch from it (the save's reader refuses it: tests/data/bad/save/)."""
    good = {"player": "Ann", "release": [0.1, 0.0, 0.3], "velocity": [3.0, 0.0, 2.0], "spin": [0.0, 0.0, 0.0]}
    assert len(throws_of(Entry(0, "Ann: miss", (), {"throws": [good]}))) == 1
    for bad in ({"side": 9}, {"velocity": [float("nan"), 0.0, 2.0]}, {"release": [0.1, 0.0, -0.5]}, {"spin": [0.0, 1e9, 0.0]}):
        assert throws_of(Entry(0, "Ann: miss", (), {"throws": [{**good, **bad}]})) == []


def test_bookmarks_of_nonsense_steps_do_not_crash_the_viewer(app: App, tmp_path: Path) -> None:
    """Bookmarks of 1e400, Infinity (not JSON: none at all), of fractions, negatives, texts, or a
    step far beyond the match: only whole steps are kept, and N goes no further than the last step."""
    path = saved(tmp_path, dice_match("schock", 11))
    marks = bookmarks_path(path)
    marks.write_text('{"format": "stammtisch-bookmarks/1", "steps": [Infinity, 1e400, 3]}')
    assert load_bookmarks(path) == []
    marks.write_text(json.dumps({"format": "stammtisch-bookmarks/1", "steps": [4, 2.5, -3, "x", True, 9_000_000, 10**30]}))
    assert load_bookmarks(path) == [4, 9_000_000]
    viewer = ReplayScene(app, str(path), step=0)
    app.push(viewer)
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode=""))
        app.step(0.0)
    assert 4 <= viewer.step <= viewer.replay.steps


def test_the_journal_sniffing_survives_deep_and_huge_first_lines(tmp_path: Path) -> None:
    for first in ("[" * 1000 + "]" * 1000, "9" * 5000, '{"format": "stammtisch-journal/1", "x": ' + "[" * 1000 + "]" * 1000 + "}"):
        p = tmp_path / "j.json"
        p.write_text(first + "\n{}\n")
        assert is_journal(p) is False or first.startswith('{"format"')
    with pytest.raises(InputError) as e:
        from game.store.journal import read_journal

        read_journal(p)
    assert "nested more than 64 deep" in e.value.message and e.value.line == 1


def test_a_record_of_a_million_players_is_refused_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Beyond the size limit (4 MB) at once; below it, 8 players at most before any name is read."""
    huge = tmp_path / "huge.yaml"
    huge.write_text("game: schock\nplayers:\n" + "".join(f"  - P{i}\n" for i in range(1_000_000)) + "rounds: []\n")
    many = tmp_path / "many.yaml"
    many.write_text("game: schock\nplayers:\n" + "".join(f"  - P{i}\n" for i in range(200_000)) + "rounds: []\n")
    drivers = tmp_path / "drivers.yaml"
    drivers.write_text("game: racerbile\ntrack: le_mans\nprofile: {variant: le_mans}\nplayers:\n  - {name: A, drivers: [a]}\n"
                       "  - {name: B, drivers: [" + ", ".join(f"D{i}" for i in range(100_000)) + "]}\norder: {times: {A: 40, B: 44}}\nturns: []\n")
    for f, what in ((huge, "larger than 4 MB"), (many, "2 to 8 players, not 200000"), (drivers, "at most 6 drivers")):
        t0 = time.perf_counter()
        assert main(["referee", str(f)]) == 2
        err = capsys.readouterr().err
        assert what in err and err.startswith(f"{f}:"), err
        assert time.perf_counter() - t0 < 20


@pytest.mark.parametrize("raw", ["[" * 1000 + "]" * 1000, '{"v": ' + "9" * 5000 + "}", '{"v": NaN}', b"\xff{}"])
def test_a_hostile_network_message_is_a_bad_message(raw: str | bytes) -> None:
    """Deep nesting, a 5,000-digit number, NaN, bad UTF-8 from the network: refused as a message."""
    from game.net.protocol import BadMessage, decode

    with pytest.raises(BadMessage):
        decode(raw)


@pytest.mark.parametrize("seconds", ["86401", "inf", "1e308", "nan", "0", "-5"])
def test_round_seconds_beyond_one_clock_entry_are_refused_up_front(seconds: str) -> None:
    """racerbile.lemans.end: one `clock` entry adds at most a day; a round that takes longer (or
    never ends) is refused before the race – it was accepted, every round's clock was refused and
    the race never ended."""
    from tests.hostile import Case, run

    r = run(Case("round", "profile", Path(".")), ["simulate", "racerbile", "--teams", "2", "--seed", "1", "--hours", "1",
                                                  "--round-seconds", seconds], timeout=30)
    assert r.code == 2 and not r.traceback, r.err
    assert r.err.startswith("--round-seconds:1:1: ") and "86400" in r.err, r.err


def test_a_refused_round_clock_stops_the_simulation() -> None:
    """The loop that logs each round's clock never ignores the referee's refusal: a race whose
    clock is refused (here a clock step the referee does not take) ends with the refusal's reason."""
    from game.racerbile.simulate import play_race
    from game.rules.racerbile import SPEC

    with pytest.raises(ValueError) as e:
        play_race(["careful", "racer"], SPEC.make("le_mans", lemans_hours=1), track="le_mans", seed=1, round_seconds=86401.0)
    assert "racerbile.lemans.end" in str(e.value)


HUGE = "9" * 400  # a whole number too large for a float


@pytest.mark.parametrize("old,new", [("speed: 4.96", f"speed: {HUGE}"), ("angle: 45.0", f"angle: -{HUGE}"),
                                     ("release: [0.0, 0.0, 0.45]", f"release: [0.0, {HUGE}, 0.45]"),
                                     ("{id: 1, x: 2.1518789123441415", f"{{id: 1, x: {HUGE}"),
                                     ("{id: 1, x:", f"{{id: {HUGE}, x:")])
def test_a_400_digit_number_in_a_shot_file_is_refused_where_it_is(old: str, new: str, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """`lab --check`: a 400-digit number (an OverflowError when made a float) is a bad value at its
    line and column, exit 2 – not an internal error."""
    text = (ROOT / "tests" / "data" / "shots" / "roller_bounce.yaml").read_text(encoding="utf-8")
    assert old in text
    shot = tmp_path / "huge.yaml"
    shot.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert main(["lab", "--check", str(shot)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{shot}:") and err.split(":")[1].isdigit() and "internal error" not in err, err


@pytest.mark.parametrize("field", ["scale", "opacity", "offset"])
def test_a_400_digit_number_in_the_editors_side_file_is_left_out_with_a_reason(field: str, tmp_path: Path) -> None:
    """The editor's side file (`NAME.editor.json`) with a 400-digit number: nothing of it is
    believed, the track opens without it and the designer is told why (it was an OverflowError)."""
    from game.racerbile.editing import read_side, sidecar
    from game.racerbile.recovery import draft_from_data
    from game.racerbile.tracks import SHIPPED

    track = tmp_path / "mine.yaml"
    track.write_bytes((SHIPPED / "babybane.yaml").read_bytes())
    bg: dict[str, object] = {"path": "bg.png", "scale": 1.0, "offset": [0.0, 0.0], "opacity": 0.5}
    bg[field] = [int(HUGE), 0.0] if field == "offset" else int(HUGE)
    sidecar(track).write_text(json.dumps({"background": bg}), encoding="utf-8")
    got, why = read_side(track)
    assert got == {} and "must be a number" in why, why
    with pytest.raises(ValueError):
        draft_from_data({"orientation": "flat", "theme": "x", "heading": int(HUGE)})


def test_a_350_digit_launch_number_is_a_problem_not_an_overflow() -> None:
    """A save's JSON takes numbers of up to 399 digits; one in a Bierpong launch is no float: the
    launch is refused with a reason (it was an OverflowError while the save was checked)."""
    from game.bierpong.launches import launch_problem

    for key in ("release", "velocity", "spin"):
        got = launch_problem({"throws": [{"player": "Ann", key: [10**350, 0.0, 0.3]}]})
        assert got is not None and key in got
