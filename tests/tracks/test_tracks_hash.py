"""The content hash names a track's content, not its layout; the path notation round-trips."""
from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from game.hexgrid import DIRECTIONS, Hex
from game.racerbile.trackfile import format_path, parse_path, track_from_text

ROOT = Path(__file__).resolve().parents[2]
FULL = (ROOT / "tests/data/tracks/full.yaml").read_text(encoding="utf-8")

# the same track as full.yaml: no comments, other whitespace, keys and entries in another order,
# flow and block styles swapped, lanes cut into other stretches, directions as digits
FULL_REWRITTEN = """
labels: [{text: Short cut, at: "7,1"}, {at: "11,-3", text: Over the top}]
lemans: {dunlop: "0,4 e2", field42: "15,4"}
pit:
    exit:   5,4
    entry:  12,4
    lane:   11,5 4 3 3 3 3 3 2
splits:
- rejoin: 13,0
  branches:
    under: 9,1
    over: 10,-3
  fork: 6,0
  name: Island
arrows: {"13,-2": se, "-2,1": "2"}
start: {heading: e, fields: "0,0"}
kinds:
  downshift: ["10,4"]
  blocking:
  - -2,2
  - 9,1
  midway: "15,2"
lanes:
- "6,1 e e e e e e"
- 15,2 se2 w17 nw4 e
- 0,0 e6 ne3 e4 se3 e2 se
theme: lemans
orientation: pointy
author: Stammtisch tests
name: Full
format: 1
"""


def digest(text: str) -> str:
    return track_from_text(text).track.content_hash


def test_layout_comments_and_order_do_not_change_the_hash() -> None:
    assert digest(FULL) == digest(FULL_REWRITTEN)
    assert digest(FULL) == digest("# a comment\n" + FULL.replace("\n", "   # more\n", 3).replace("  ", "  ", 1))


def test_any_change_of_content_changes_the_hash() -> None:
    base = digest(FULL)
    changed = [
        FULL.replace("midway: 15,2", "midway: 15,3"),
        FULL.replace("downshift: 10,4", "downshift: 11,4"),
        FULL.replace("- 6,1 e6 ", "- 6,1 e6 se2 "),  # two more fields
        FULL.replace("name: Full", "name: Fuller"),
        FULL.replace("theme: lemans", "theme: night"),
        FULL.replace('"-2,1": nw', '"-2,1": ne'),
        FULL.replace("text: Short cut", "text: Short cuts"),
        FULL.replace("exit: 5,4", "exit: 4,5"),
        FULL.replace("field42: 15,4", "field42: 14,4"),
    ]
    hashes = [digest(t) for t in changed]
    assert all(h != base for h in hashes)
    assert len(set(hashes)) == len(hashes)


def test_the_hash_is_a_sha256_of_the_canonical_content() -> None:
    import hashlib
    import json

    track = track_from_text(FULL).track
    text = json.dumps(track.canonical(), separators=(",", ":"), ensure_ascii=False)
    assert track.content_hash == hashlib.sha256(text.encode()).hexdigest()


walks = st.tuples(
    st.builds(Hex, st.integers(-500, 500), st.integers(-500, 500)),
    st.lists(st.tuples(st.integers(0, 5), st.integers(1, 30)), max_size=12),
)


@given(walks)
def test_format_path_and_parse_path_round_trip(walk: tuple[Hex, list[tuple[int, int]]]) -> None:
    first, steps = walk
    hexes = [first]
    for d, n in steps:
        for _ in range(n):
            hexes.append(hexes[-1] + DIRECTIONS[d])
    text = format_path(hexes)
    assert [h for h, _ in parse_path(text)] == hexes
    assert format_path([h for h, _ in parse_path(text)]) == text  # the notation is canonical
    assert len(text.split()) <= 1 + len(steps)


@given(st.text(alphabet="0123456789-, enwsx\t", max_size=40))
def test_parse_path_reads_or_says_where_it_stopped(text: str) -> None:
    try:
        got = parse_path(text)
    except ValueError as e:
        message, offset = e.args
        assert isinstance(message, str) and 0 <= offset <= len(text)
    else:
        assert got and all(0 <= off < len(text) for _, off in got)
        assert all((b - a) in DIRECTIONS for (a, _), (b, _) in zip(got, got[1:]))
