"""Track validation: every broken track in tests/data/bad_tracks/ gives its message at its place,
the good tracks in tests/data/tracks/ pass, and `tracks validate` never shows a traceback."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.errors import InputError
from game.hexgrid import Hex
from game.racerbile.trackfile import parse_path, track_from_text
from game.racerbile.validate import TrackErrors, load_track, load_track_source, validate

ROOT = Path(__file__).resolve().parents[2]
BAD = sorted((ROOT / "tests/data/bad_tracks").glob("*.yaml"))
GOOD = sorted((ROOT / "tests/data/tracks").glob("*.yaml"))
EXPECT = re.compile(r"^# expect: (\d+):(\d+): (.+)$")


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, capture_output=True, text=True, timeout=60)


def expectation(path: Path) -> tuple[int, int, str]:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    m = EXPECT.match(first)
    assert m, f"{path.name}: the first line must be '# expect: LINE:COL: message'"
    return int(m.group(1)), int(m.group(2)), m.group(3)


def test_there_is_a_broken_track_for_every_kind_of_error() -> None:
    assert len(BAD) >= 15
    names = {p.stem for p in BAD}
    for kind in ("yaml_syntax", "python_tag", "unknown_key", "unknown_kind", "unknown_direction", "bad_coordinate",
                 "duplicate_field", "open_track", "dead_end", "start_in_front", "no_midway", "two_midways",
                 "split_no_rejoin", "arrow_off_track", "pit_not_joined", "too_many_fields", "unknown_theme"):
        assert kind in names


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_a_broken_track_is_refused_with_its_message_at_its_place(path: Path) -> None:
    line, col, message = expectation(path)
    rel = str(path.relative_to(ROOT))
    p = run_cli("tracks", "validate", rel)
    assert p.returncode == 2, p.stdout + p.stderr
    assert "Traceback" not in p.stderr and "internal error" not in p.stderr, p.stderr
    assert p.stdout == ""
    first = p.stderr.splitlines()[0]
    assert first.startswith(f"{rel}:{line}:{col}: "), first
    assert message in first, first
    for ln in p.stderr.splitlines():  # every problem is positioned
        assert re.match(rf"^{re.escape(rel)}:\d+:\d+: \S", ln), ln


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_the_loader_raises_an_input_error_for_a_broken_track(path: Path) -> None:
    line, col, message = expectation(path)
    with pytest.raises(InputError) as got:
        load_track(path)
    assert (got.value.line, got.value.column) == (line, col)
    assert message in got.value.message


@pytest.mark.parametrize("path", GOOD, ids=[p.stem for p in GOOD])
def test_a_good_track_passes(path: Path) -> None:
    rel = str(path.relative_to(ROOT))
    p = run_cli("tracks", "validate", rel)
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    track = load_track(path)
    m = re.fullmatch(rf"{re.escape(rel)}: ok \((\d+) fields, lap (\d+), hash ([0-9a-f]{{8}})…\)\n", p.stdout)
    assert m, p.stdout
    assert int(m.group(1)) == len(track.fields)
    assert int(m.group(2)) == track.graph.lap_length
    assert track.content_hash.startswith(m.group(3))


def test_several_files_report_each_and_fail_if_any_fails() -> None:
    good, bad = "tests/data/tracks/ring.yaml", "tests/data/bad_tracks/two_midways.yaml"
    p = run_cli("tracks", "validate", good, bad, "tests/data/no_such_track.yaml")
    assert p.returncode == 2
    assert p.stdout.startswith(f"{good}: ok (")
    lines = p.stderr.splitlines()
    assert lines[0].startswith(f"{bad}:11:7: a second midway field")
    assert lines[-1].startswith("tests/data/no_such_track.yaml:1:1: cannot read the file")
    assert "Traceback" not in p.stderr


def test_render_needs_a_proper_size(tmp_path: Path) -> None:
    p = run_cli("tracks", "render", "tests/data/tracks/ring.yaml", "-o", str(tmp_path / "new" / "x.png"), "--size", "big")
    assert p.returncode == 2 and "--size takes WIDTHxHEIGHT" in p.stderr and "Traceback" not in p.stderr


# the validator's findings, one by one

RING = (ROOT / "tests/data/tracks/ring.yaml").read_text(encoding="utf-8")
FULL = (ROOT / "tests/data/tracks/full.yaml").read_text(encoding="utf-8")


def problems(text: str) -> list[str]:
    return [str(e) for e in validate(track_from_text(text, "t.yaml"))]


def test_the_good_tracks_have_no_problems() -> None:
    assert problems(RING) == []
    assert problems(FULL) == []


def test_load_track_raises_every_problem_at_once() -> None:
    text = RING.replace("midway: 3,-3", "midway: [\"3,-3\", \"0,3\"]").replace("  heading: e", "  heading: e\narrows:\n  \"0,3\": nw")
    p = tmp_track(text)
    with pytest.raises(TrackErrors) as got:
        load_track(p)
    assert len(got.value.errors) == 2
    assert "points off the track" in str(got.value).splitlines()[0]
    assert "a second midway field 0,3" in str(got.value).splitlines()[1]
    assert isinstance(got.value, InputError)


def tmp_track(text: str) -> Path:
    import tempfile

    d = Path(tempfile.mkdtemp())
    p = d / "t.yaml"
    p.write_text(text, encoding="utf-8")
    return p


def test_load_track_source_keeps_the_places() -> None:
    src = load_track_source(ROOT / "tests/data/tracks/full.yaml")
    assert src.track.name == "Full"
    assert src.places["pit.exit"].node.start_mark.line + 1 == 29
    assert src.fields[Hex(0, 0)].node.start_mark.line + 1 == 9


def test_a_branch_field_off_the_track() -> None:
    got = problems(FULL.replace('under: "9,1"', 'under: "9,2"'))
    assert len(got) == 1 and "t.yaml:24:" in got[0] and "the branch 'under' 9,2 of the split 'Island' is not a field of the track" in got[0]


def test_a_split_with_one_branch() -> None:
    got = problems(FULL.replace('branches: {over: "10,-3", under: "9,1"}', 'branches: {over: "10,-3"}'))
    assert any("needs at least two branches" in g for g in got)


def test_fork_and_rejoin_swapped() -> None:
    got = problems(FULL.replace("fork: 6,0", "fork: 13,0").replace("rejoin: 13,0", "rejoin: 6,0"))
    assert got and all("does not lie between the fork 13,0" in g and "is the rejoin before the fork?" in g for g in got)


def test_a_branch_that_cannot_be_driven_because_an_arrow_turns_it_back() -> None:
    # an arrow at the fork sends every car over the top: the branch under it is never reached
    got = problems(FULL.replace('  "13,-2": se', '  "13,-2": se\n  "6,0": ne'))
    assert any("the branch 'under'" in g and ("cannot be driven" in g or "does not lead" in g) for g in got), got


def test_the_pit_lane_must_be_a_path_and_joined() -> None:
    broken = FULL.replace("  lane: 11,5 sw w5 nw", "  lane:\n    - 11,5 sw w2\n    - 6,6 w nw")
    got = problems(broken)
    assert len(got) == 1 and "the pit lane breaks between 8,6 and 6,6" in got[0]
    assert "t.yaml:29:7:" in got[0]
    got = problems(FULL.replace("entry: 12,4", "entry: 20,4"))
    assert len(got) == 1 and "the pit entry 20,4 is not a field of the track" in got[0]


def test_pit_fields_are_part_of_the_race_only_when_joined() -> None:
    # a pit lane joined at one end only: the joins are the problem, not each of its fields
    got = problems(FULL.replace("entry: 12,4", "entry: 13,4"))
    assert len(got) == 1 and "the pit entry 13,4 is not next to the first field of the pit lane (11,5)" in got[0]


def test_features_and_labels_on_the_track() -> None:
    got = problems(FULL.replace("field42: 15,4", "field42: 16,4").replace("dunlop: 2,4 w2", "dunlop: 2,4 nw2"))
    assert [g.split(": ", 1)[1] for g in got] == [
        "the 42 field 16,4 is not a field of the track",
        "the Dunlop bridge field 2,3 is not a field of the track",
        "the Dunlop bridge field 2,2 is not a field of the track",
    ]


def test_an_arrow_beside_the_track_and_one_back_over_the_line() -> None:
    got = problems(RING + 'arrows:\n  "0,0": e\n  "-3,3": nw\n')
    assert len(got) == 2
    assert "the arrow on 0,0 is not on a field of the track" in got[0]
    assert "the arrow on -3,3 points back over the start line" in got[1]


def test_an_arrow_from_the_track_into_the_side_of_the_pit_lane() -> None:
    got = problems(FULL.replace('  "13,-2": se', '  "13,-2": se\n  "8,4": se'))
    assert len(got) == 1 and "the arrow on 8,4 points at 8,5" not in got[0]  # 8,5 is no field
    got = problems(FULL.replace('  "13,-2": se', '  "13,-2": se\n  "7,5": se'))
    assert len(got) == 1 and "the arrow on 7,5 is not on a field" in got[0]


def test_a_start_field_without_track_ahead() -> None:
    got = problems(RING.replace("heading: e", "heading: ne"))
    assert any("the start field -3,3 has no field of the track ahead of it in the heading (ne)" in g for g in got)


def test_no_fields_before_the_line() -> None:
    text = RING.replace("  - -3,3 e3 ne3 nw3 w3 sw3 se2\n  - -4,4 e4 ne4 nw4 w4 sw4 se3\n", "  - -3,3 e5\n  - -4,4 e5\n")
    got = problems(text.replace("midway: 3,-3", "midway: 1,3").replace('blocking: ["1,2"]', 'blocking: ["0,4"]').replace("downshift: -1,-3", "downshift: 0,3"))
    assert len(got) == 1 and "no fields just before the start line" in got[0]


def test_a_loop_broken_in_the_middle_says_where_the_way_ends() -> None:
    text = FULL.replace("  - 0,0 e6 ne3 e4 se3 e2 se4 w17 nw4 e   # the main loop, the long branch over the top",
                        "  - 0,0 e6 ne3 e4 se3 e2 se4 w7\n  - 6,4 w8 nw4 e")
    text = text[: text.index("pit:")] + text[text.index("lemans:") :]  # no pit lane round the gap
    got = problems(text)
    assert got and "the track is not a closed loop" in got[0] and "the way ends at 8,4" in got[0]


def test_a_balloon_off_the_track_is_a_dead_end() -> None:
    # a stalk off the outer lane ending in a little loop: on no lap that visits each field once
    text = RING.replace("  - -4,4 e4 ne4 nw4 w4 sw4 se3\n", "  - -4,4 e4 ne4 nw4 w4 sw4 se3\n  - 5,-2 e2 ne nw w sw\n")
    got = problems(text)
    assert len(got) == 1 and "the field 6,-2 is not part of the race: it is a dead end" in got[0], got
    assert "(nor can 5 more fields joined to it)" in got[0]  # 5,-2 is a bulge beside the lane: on a lap


def test_a_wide_track_is_all_part_of_the_race() -> None:
    assert problems((ROOT / "tests/data/tracks/lanes.yaml").read_text(encoding="utf-8")) == []


def test_reader_refuses_duplicates_in_feature_lists() -> None:
    for text, msg in [
        (RING.replace("fields: -3,3 sw", "fields: -3,3 sw ne"), "the start fields: -3,3 twice"),
        (FULL.replace("lane: 11,5 sw w5 nw", "lane: 11,5 sw ne"), "the pit lane: 11,5 twice"),
        (FULL.replace('  "13,-2": se', '  "13,-2": se\n  "013,-2": se'), "two arrows on 13,-2"),
        (FULL.replace("dunlop: 2,4 w2", "dunlop: 2,4 w e"), "the Dunlop bridge: 2,4 twice"),
    ]:
        with pytest.raises(InputError, match=re.escape(msg)):
            track_from_text(text)


def test_reader_refuses_numbers_python_cannot_read() -> None:
    for bad in ("1:30", ".inf", "0b11", "true"):
        with pytest.raises(InputError):
            track_from_text(RING.replace("format: 1", f"format: {bad}"))


def test_a_huge_step_count_is_refused_before_it_is_walked() -> None:
    with pytest.raises(InputError, match="a step count is between 1 and 5000"):
        track_from_text(RING.replace("se2\n", "se99999999999\n"))
    with pytest.raises(ValueError):
        parse_path("0,0 e3000 w3000")


def test_too_many_fields_generated() -> None:
    lanes = "\n".join(f"  - 0,{r} e100" for r in range(0, 51))  # 51 × 101 = 5,151 fields
    text = f"format: 1\nname: Big\nlanes:\n{lanes}\nstart:\n  fields: 0,0\n  heading: e\n"
    with pytest.raises(InputError) as got:
        track_from_text(text, "big.yaml")
    assert "too many fields: a track has at most 5000" in got.value.message
    assert got.value.line == 4 + 49  # the lane that brings the 5,001st field


def test_the_cli_wraps_an_unexpected_error_into_a_message(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from game import cli
    from game.racerbile import validate as v

    def boom(src: object) -> list[InputError]:
        raise RuntimeError("boom")

    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(v, "validate", boom)
    monkeypatch.delenv("STAMMTISCH_DEBUG", raising=False)
    assert cli.main(["tracks", "validate", "tests/data/tracks/ring.yaml"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tests/data/tracks/ring.yaml:1:1: internal error while checking this file (RuntimeError: boom)")


def test_the_example_in_the_docs_is_a_good_track() -> None:
    doc = (ROOT / "docs/tracks.md").read_text(encoding="utf-8")
    example = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
    src = track_from_text(example, "docs/tracks.md")
    assert [str(e) for e in validate(src)] == []
    full = track_from_text(FULL).track
    assert src.track.fields == full.fields and src.track.pit == full.pit and src.track.splits == full.splits


def test_the_track_modules_stay_pure() -> None:
    import ast

    for f in (ROOT / "game/racerbile").rglob("*.py"):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not any(m.split(".")[0] in ("pygame", "pygame_gui") or m.startswith("game.ui") for m in names), f
