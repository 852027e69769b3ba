"""The track editor's model (no pygame): drafts and their edits, the tools' shapes, undo and redo,
live validation that marks the fields concerned, and saving that never loses a good track."""
from __future__ import annotations

import math
import random
import shutil
from pathlib import Path
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.errors import InputError
from game.hexgrid import DIRECTIONS, POINTY, Hex, Layout, distance, line, ring
from game.racerbile.draft import Background, Draft
from game.racerbile.editing import Editor, Problem
from game.racerbile.shapes import centreline, chain, fill, lane, rect, stroke
from game.racerbile.track import Kind, Label, PitLane, Split
from game.racerbile.trackfile import read_track
from game.racerbile.validate import load_track, validate

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests/data"
REFERENCE = DATA / "tracks/editor_reference.yaml"
TRACK_FILES = sorted((ROOT / "tracks").glob("*.yaml")) + sorted((DATA / "tracks").glob("*.yaml"))

Edit = Callable[[Draft], Draft]

# The reference track, drawn from an empty draft (the defaults: name "New track", no author,
# pointy tops, theme classic). The scene's tests draw the same track with the mouse.
RING = ring(Hex(0, 0), 4)  # -4,4 e4 ne4 nw4 w4 sw4 se3: round 0,0 counter-clockwise on screen
REFERENCE_EDITS: list[tuple[str, Edit]] = [
    ("lane", lambda d: d.paint(lane(RING + [RING[0]], 2))),
    ("start", lambda d: d.set_start([Hex(-2, 3), Hex(-2, 4)], 0)),
    ("blocking", lambda d: d.paint([Hex(4, -2)], Kind.BLOCKING)),
    ("midway", lambda d: d.paint([Hex(1, -4)], Kind.MIDWAY)),
]


def reference_editor() -> Editor:
    """The reference track (tests/data/tracks/editor_reference.yaml), made by these edits:

    1. the lane tool, 2 wide, one stroke round the ring of radius 4 about 0,0 – from -4,4 three
       fields east to -1,4, on round counter-clockwise (as drawn: east along the bottom, then up the
       right) through 0,4, 4,0, 4,-4, 0,-4, -4,0 and back to -4,4, closing the ring: 24 fields, and
       the second lane on the stroke's left, the ring of radius 3 inside it (18 fields);
    2. the start tool: the start fields -2,3 and -2,4 (across the bottom), heading e (east);
    3. the kind tool, blocking, on 4,-2;
    4. the kind tool, midway, on 1,-4 (the top, half-way round).
    """
    ed = Editor()
    for label, edit in REFERENCE_EDITS:
        assert ed.apply(edit, label)
    return ed


def test_the_reference_track_is_drawn_by_edits() -> None:
    ed = reference_editor()
    assert ed.problems() == []
    track = ed.draft.to_track()
    assert len(track.fields) == 42
    assert track.content_hash == load_track(REFERENCE).content_hash
    assert ed.history == ["start", "lane", "start", "blocking", "midway"]
    assert read_track(REFERENCE).track.graph.lap_length == track.graph.lap_length


def test_the_reference_track_saves_as_a_valid_file(tmp_path: Path) -> None:
    ed = reference_editor()
    out = ed.save(tmp_path / "ref.yaml")
    assert load_track(out).content_hash == load_track(REFERENCE).content_hash
    assert not ed.dirty and ed.path == out
    assert not (tmp_path / "ref.yaml.bak").exists()  # nothing was replaced


# drafts and tracks


@pytest.mark.parametrize("path", TRACK_FILES, ids=lambda p: p.stem)
def test_draft_and_track_round_trip(path: Path) -> None:
    track = read_track(path).track
    draft = Draft.from_track(track)
    assert draft.to_track().content_hash == track.content_hash
    assert Draft.from_track(draft.to_track()) == draft


def test_edits_are_pure_and_a_no_op_changes_nothing() -> None:
    d = Draft()
    d2 = d.paint([Hex(0, 0), Hex(1, 0)])
    assert d.fields == {} and dict(d2.fields) == {Hex(0, 0): Kind.NORMAL, Hex(1, 0): Kind.NORMAL}
    assert d2.paint([Hex(0, 0)]) is d2
    assert d2.paint([Hex(0, 0)], Kind.MIDWAY).fields[Hex(0, 0)] is Kind.MIDWAY
    assert d2.erase([Hex(5, 5)]) is d2
    assert hash(d2) == hash(Draft().paint([Hex(1, 0), Hex(0, 0)]))
    with pytest.raises(ValueError):
        d.set_theme("neon")
    with pytest.raises(ValueError):
        d.set_orientation("round")
    with pytest.raises(ValueError):
        d.set_pit(PitLane((), Hex(0, 0), Hex(1, 0)))


def test_erase_drops_what_stands_on_the_fields() -> None:
    t = read_track(DATA / "tracks/full.yaml").track
    d = Draft.from_track(t)
    assert d.pit is not None and d.field42 is not None and t.pit is not None and t.field42 is not None
    gone = [t.start[0], next(iter(t.arrows)), t.splits[0].fork, t.pit.entry, t.field42, t.dunlop[0], t.labels[0].at]
    e = d.erase(gone)
    assert not set(gone) & set(e.fields)
    assert t.start[0] not in e.start and not set(gone) & set(e.arrows)
    assert e.splits == () and e.pit is None and e.field42 is None
    assert t.dunlop[0] not in e.dunlop and all(lb.at not in gone for lb in e.labels)
    # a pit lane field leaves the pit lane; the lane stays
    e2 = d.erase([t.pit.fields[1]])
    assert e2.pit is not None and e2.pit.fields == t.pit.fields[:1] + t.pit.fields[2:]


def test_features_are_set_replaced_and_removed() -> None:
    d = Draft().paint(line(Hex(0, 0), Hex(5, 0)))
    d = d.set_label(Hex(1, 0), "A").set_label(Hex(2, 0), "B").set_label(Hex(1, 0), "C")
    assert d.labels == (Label(Hex(1, 0), "C"), Label(Hex(2, 0), "B"))
    assert d.set_label(Hex(1, 0), None).set_label(Hex(2, 0), "  ").labels == ()
    d = d.set_arrow(Hex(1, 0), 7)
    assert d.arrows == {Hex(1, 0): 1} and d.set_arrow(Hex(1, 0), None).arrows == {}
    s1 = Split("S", Hex(0, 0), (("a", Hex(1, 0)), ("b", Hex(2, 0))), Hex(3, 0))
    s2 = Split("S", Hex(0, 0), (("a", Hex(2, 0)), ("b", Hex(1, 0))), Hex(3, 0))
    d = d.add_split(s1).add_split(s2)
    assert d.splits == (s2,) and d.remove_split("S").splits == ()
    d = d.set_meta(name="N", author="A").set_theme("night").set_orientation("flat")
    assert (d.name, d.author, d.theme, d.orientation) == ("N", "A", "night", "flat")
    bg = Background("circuit.png", scale=20.0, offset=(-3.5, 2.0), opacity=0.3)
    d2 = d.set_background(bg)
    assert d2.background == bg and d2.to_track().content_hash == d.to_track().content_hash
    assert Draft().set_meta(author="").to_track().author == "unknown"


# shapes


def test_a_stroke_is_a_line_of_neighbours() -> None:
    s = stroke(Hex(0, 0), Hex(4, -2))
    assert s[0] == Hex(0, 0) and s[-1] == Hex(4, -2) and len(s) == 5
    assert all(distance(a, b) == 1 for a, b in zip(s, s[1:]))


@pytest.mark.parametrize("width, count", [(1, 24), (2, 42), (3, 54)])
def test_a_lane_round_a_ring_adds_the_rings_inside_on_its_left(width: int, count: int) -> None:
    cells = lane(RING + [RING[0]], width)
    assert len(cells) == len(set(cells)) == count
    assert {distance(h, Hex(0, 0)) for h in cells} == set(range(5 - width, 5))


def test_a_lane_lies_on_the_left_of_the_stroke() -> None:
    east = [Hex(q, 0) for q in range(6)]
    assert set(lane(east, 2)) - set(east) == {Hex(q, -1) for q in range(7)}  # north: the row above
    west = east[::-1]
    assert set(lane(west, 2)) - set(west) == {Hex(q, 1) for q in range(-1, 6)}  # south


def _pieces(cells: set[Hex]) -> int:
    """How many pieces of neighbouring hexes the cells make."""
    left, n = set(cells), 0
    while left:
        n += 1
        todo = [left.pop()]
        while todo:
            for x in todo.pop().neighbours():
                if x in left:
                    left.remove(x)
                    todo.append(x)
    return n


@pytest.mark.parametrize("turn", [1, 2, -1, -2])
def test_a_widened_lane_runs_on_round_a_bend(turn: int) -> None:
    s = [Hex(q, 0) for q in range(5)]
    s += [s[-1] + DIRECTIONS[turn % 6].scale(k) for k in range(1, 5)]
    inner = set(centreline(s))  # (a corner cut across three hexes is cut: the lane is one hex thick)
    for width in (2, 3):
        cells = set(lane(s, width))
        new = cells - inner
        assert _pieces(new) == 1, f"lane {width} is cut in the bend"
        assert all(any(n in inner for n in h.neighbours()) for h in new)  # beside the lane before
        if turn < 0:  # the bend's outside: the new lane is longer
            assert len(new) > len(s)
        inner = cells


@given(st.lists(st.sampled_from(range(6)), min_size=1, max_size=30), st.integers(1, 3))
@settings(max_examples=150, deadline=None)
def test_lanes_are_joined_and_hold_the_stroke(dirs: list[int], width: int) -> None:
    s = [Hex(0, 0)]
    for d in dirs:
        s.append(s[-1] + DIRECTIONS[d])
    cells = lane(s, width)
    assert len(cells) == len(set(cells))
    assert set(centreline(s)) <= set(cells)  # the stroke as meant: its wobbles straightened
    # one piece
    todo, seen = [cells[0]], {cells[0]}
    while todo:
        for n in todo.pop().neighbours():
            if n in set(cells) and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(cells)


def _hand_loop(radius: float, noise: float, seed: int, clockwise: bool) -> list[Hex]:
    """The hexes a hand passes drawing a circle round 0,0 on screen (size-1 pointy hexes)."""
    lay, rnd = Layout(POINTY, (1.0, 1.0), (0.0, 0.0)), random.Random(seed)
    out: list[Hex] = []
    for i in range(401):
        a = 2 * math.pi * i / 400 * (1 if clockwise else -1)
        r = radius + rnd.uniform(-noise, noise)
        h = lay.to_hex((r * math.cos(a), r * math.sin(a)))
        if not out or out[-1] != h:
            out.append(h)
    return out


@pytest.mark.parametrize("clockwise", [True, False])
@pytest.mark.parametrize("radius, noise", [(5, 0.1), (5, 0.4), (8, 0.25), (12, 0.4)])
@pytest.mark.parametrize("width", [1, 2, 3])
def test_a_hand_drawn_loop_lays_exactly_width_lanes(width: int, radius: float, noise: float, clockwise: bool) -> None:
    """Issue 18: a width-2 stroke round a loop laid a 3-row blob (the hand's wobble made the stroke
    itself two rows thick). Now the stroke is straightened into a line one hex thick and the lanes
    are laid beside it: every field lies 0 … width-1 fields from it, each such band a closed ring."""
    s = _hand_loop(radius, noise, 1, clockwise)
    assert sum(1 for h in set(chain(s)) if sum(n in set(chain(s)) for n in h.neighbours()) > 2) > 0 or noise < 0.2  # (the hand wobbles)
    middle = centreline(s)
    ring_ = set(middle)
    assert all(sum(n in ring_ for n in h.neighbours()) == 2 for h in ring_)  # one hex thick, closed
    cells = lane(s, width)
    bands: dict[int, set[Hex]] = {}
    for h in cells:
        bands.setdefault(min(distance(h, m) for m in middle), set()).add(h)
    assert sorted(bands) == list(range(width))
    for k, band in bands.items():
        assert _pieces(band) == 1, f"lane {k} is one closed ring"
        assert all(sum(n in band for n in h.neighbours()) >= 2 for h in band)
    inside = {h for h in cells if distance(h, Hex(0, 0)) < min(distance(m, Hex(0, 0)) for m in middle)}
    assert bool(inside) == (not clockwise and width > 1)  # on the stroke's left: inside when drawn anticlockwise on screen


def test_a_lane_is_one_to_three_wide() -> None:
    with pytest.raises(ValueError):
        lane([Hex(0, 0)], 4)
    assert lane([], 2) == []


def test_rect_is_a_screen_rectangle() -> None:
    cells = rect(Hex(0, 0), Hex(2, 2))  # 2,2 lies 3 columns right of 0,0 (rows lean)
    assert len(cells) == 12 and Hex(2, 2) in cells
    assert {h.r for h in cells} == {0, 1, 2}
    assert rect(Hex(2, 2), Hex(0, 0)) == cells
    layout = Layout(POINTY, (1.0, 1.0))
    xs = [layout.to_pixel(h)[0] for h in cells]
    for r in (0, 1, 2):  # every row spans the same width, odd rows shifted half a hex
        row = sorted(layout.to_pixel(h)[0] for h in cells if h.r == r)
        assert len(row) == 4 and max(row) - min(row) == pytest.approx(3 * 3**0.5)
    assert max(xs) - min(xs) < 4 * 3**0.5
    flat = rect(Hex(0, 0), Hex(2, 1), orientation="flat")
    assert len(flat) == 3 * 3 and {h.q for h in flat} == {0, 1, 2}


def test_fill() -> None:
    d = reference_editor().draft
    # the infield of the ring
    inner = fill(Hex(0, 0), d, Kind.NORMAL)
    assert set(inner) == {h for r in range(3) for h in ring(Hex(0, 0), r)}
    assert fill(Hex(10, 10), d, Kind.NORMAL) == []  # outside the fields' bounding hexagon
    # re-kind the region of the seed's kind
    assert fill(Hex(4, -2), d, Kind.DOWNSHIFT) == [Hex(4, -2)]
    assert len(fill(Hex(-4, 4), d, Kind.DOWNSHIFT)) == 40
    assert fill(Hex(-4, 4), d, Kind.NORMAL) == []


# undo and redo


def _edits() -> st.SearchStrategy[tuple[str, Edit]]:
    hexes = st.builds(Hex, st.integers(-3, 3), st.integers(-3, 3))
    kinds = st.sampled_from(list(Kind))

    def paint(hs: list[Hex], k: Kind) -> tuple[str, Edit]:
        return ("paint", lambda d: d.paint(hs, k))

    def erase(hs: list[Hex]) -> tuple[str, Edit]:
        return ("erase", lambda d: d.erase(hs))

    def start(hs: list[Hex], heading: int) -> tuple[str, Edit]:
        return ("start", lambda d: d.set_start(hs, heading))

    def arrow(h: Hex, direction: int | None) -> tuple[str, Edit]:
        return ("arrow", lambda d: d.set_arrow(h, direction))

    def label(h: Hex, text: str | None) -> tuple[str, Edit]:
        return ("label", lambda d: d.set_label(h, text))

    def meta(name: str) -> tuple[str, Edit]:
        return ("meta", lambda d: d.set_meta(name=name))

    def feature(h: Hex | None, hs: list[Hex]) -> tuple[str, Edit]:
        return ("lemans", lambda d: d.set_field42(h).set_dunlop(hs))

    def shape(a: Hex, b: Hex, width: int) -> tuple[str, Edit]:
        return ("lane", lambda d: d.paint(lane(stroke(a, b), width)))

    return st.one_of(
        st.builds(paint, st.lists(hexes, max_size=5), kinds),
        st.builds(erase, st.lists(hexes, max_size=5)),
        st.builds(start, st.lists(hexes, max_size=3), st.integers(0, 5)),
        st.builds(arrow, hexes, st.none() | st.integers(0, 5)),
        st.builds(label, hexes, st.none() | st.sampled_from(["Pits", "Esses", "x"])),
        st.builds(meta, st.sampled_from(["A", "B"])),
        st.builds(feature, st.none() | hexes, st.lists(hexes, max_size=2)),
        st.builds(shape, hexes, hexes, st.integers(1, 3)),
    )


@given(st.lists(_edits(), max_size=25))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_undo_all_and_redo_all(edits: list[tuple[str, Edit]]) -> None:
    ed = Editor()
    drafts = [ed.draft]
    for label, edit in edits:
        before = ed.draft
        changed = ed.apply(edit, label)
        assert changed == (ed.draft != before)
        if changed:
            drafts.append(ed.draft)
    assert ed.draft is drafts[-1]
    for d in reversed(drafts[:-1]):
        assert ed.undo()
        assert ed.draft is d
    assert not ed.undo() and not ed.can_undo and not ed.dirty
    for d in drafts[1:]:
        assert ed.redo()
        assert ed.draft is d
    assert not ed.redo() and not ed.can_redo
    assert len(ed.history) == len(drafts)


def test_a_new_edit_clears_redo() -> None:
    ed = reference_editor()
    assert ed.undo() and ed.undo() and ed.can_redo
    assert ed.redo_label == "blocking" and ed.undo_label == "start"
    assert ed.apply(lambda d: d.set_theme("night"), "theme")
    assert not ed.can_redo and ed.history[-1] == "theme"
    assert not ed.apply(lambda d: d.set_theme("night"), "theme again")
    assert ed.history[-1] == "theme"


# live validation


def test_problems_name_the_fields_concerned() -> None:
    ed = reference_editor()
    ed.apply(lambda d: d.paint([Hex(5, 0), Hex(6, 0), Hex(7, 0)]), "spur")  # off the corner 4,0
    problems = ed.problems()
    assert len(problems) == 1
    assert "not part of the race" in problems[0].message
    assert set(problems[0].fields) == {Hex(5, 0), Hex(6, 0), Hex(7, 0)}
    ed.undo()
    ed.apply(lambda d: d.paint([Hex(1, -4)]), "no midway")
    assert [p.message.split(":")[0] for p in ed.problems()] == ["no midway field"]
    assert ed.problems()[0].fields == ()
    ed.apply(lambda d: d.paint([Hex(1, -4), Hex(-1, 4)], Kind.MIDWAY), "two midways")
    (p,) = ed.problems()
    assert "second midway" in p.message and set(p.fields) <= {Hex(1, -4), Hex(-1, 4)} and p.fields
    ed.undo()
    ed.undo()
    assert ed.problems() == []
    ed.apply(lambda d: d.set_start([Hex(-2, 4)], 0), "half a start")
    (p,) = ed.problems()
    assert "gap" in p.message and p.fields == (Hex(-2, 3), Hex(-1, 3))
    ed.apply(lambda d: d.set_start([Hex(-2, 4), Hex(-2, 5)], 0), "a start off the track")
    p = ed.problems()[0]
    assert "-2,5" in p.message and p.fields == (Hex(-2, 5),)  # beside the track: marked all the same


def test_problems_are_worked_out_once_per_draft() -> None:
    ed = reference_editor()
    first = ed.problems()
    ed._check()
    assert ed._checked[id(ed.draft)][2] is ed._check()[1]
    ed.apply(lambda d: d.erase([Hex(1, -4)]), "x")
    assert ed.problems() != first
    ed.undo()
    assert ed.problems() == first


def test_a_draft_that_cannot_even_be_read_has_that_one_problem() -> None:
    ed = Editor(Draft(name=" "))
    (p,) = ed.problems()
    assert isinstance(p, Problem) and "name" in p.message


def test_an_empty_draft_has_problems_not_an_exception() -> None:
    assert Editor().problems()


# saving and opening


def _valid(tmp_path: Path, name: str = "ring.yaml") -> Path:
    p = tmp_path / name
    shutil.copy(DATA / "tracks/ring.yaml", p)
    return p


def test_an_invalid_draft_is_refused_over_a_valid_file(tmp_path: Path) -> None:
    p = _valid(tmp_path)
    before = p.read_bytes()
    ed = Editor.open(p)
    ed.apply(lambda d: d.erase([Hex(3, -3)]), "erase the midway")
    with pytest.raises(InputError) as e:
        ed.save()
    assert "no midway field" in str(e.value) and str(e.value).startswith(f"{p}:")
    assert p.read_bytes() == before and not (tmp_path / "ring.yaml.bak").exists()
    # nor under another name that holds a valid track
    other = _valid(tmp_path, "other.yaml")
    with pytest.raises(InputError):
        ed.save(other)
    with pytest.raises(InputError):
        ed.save_draft(other)
    with pytest.raises(InputError):
        ed.save_draft(p)
    assert other.read_bytes() == before and p.read_bytes() == before
    assert sorted(f.name for f in tmp_path.iterdir()) == ["other.yaml", "ring.yaml"]


def test_a_good_save_keeps_the_previous_version(tmp_path: Path) -> None:
    p = _valid(tmp_path)
    before = p.read_bytes()
    ed = Editor.open(p)
    assert not ed.dirty
    ed.apply(lambda d: d.paint([Hex(1, 2)]).paint([Hex(0, 2)], Kind.BLOCKING), "move a block")
    assert ed.dirty and ed.problems() == []
    assert ed.save() == p
    assert not ed.dirty
    assert (tmp_path / "ring.yaml.bak").read_bytes() == before
    assert load_track(p).content_hash == ed.draft.to_track().content_hash
    saved = p.read_bytes()
    ed.apply(lambda d: d.set_theme("night"), "theme")
    ed.save()
    assert (tmp_path / "ring.yaml.bak").read_bytes() == saved
    assert not [f for f in tmp_path.iterdir() if f.name.endswith(".tmp")]


def test_a_draft_may_go_over_a_broken_file_or_to_a_new_one(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    shutil.copy(DATA / "bad_tracks/no_midway.yaml", broken)
    old = broken.read_bytes()
    ed = reference_editor()
    ed.apply(lambda d: d.erase([Hex(1, -4)]), "no midway")
    assert ed.problems()
    assert ed.save(broken) == broken  # nothing good to lose
    assert (tmp_path / "broken.yaml.bak").read_bytes() == old
    new = tmp_path / "sub" / "new.yaml"
    assert ed.save_draft(new) == new
    src = read_track(new)
    assert validate(src) and src.track.content_hash == ed.draft.to_track().content_hash
    # a good draft goes anywhere
    ed.undo()
    assert ed.save(tmp_path / "ok.yaml") and load_track(tmp_path / "ok.yaml")


def test_its_own_file_is_not_overwritten_by_a_broken_draft_once_valid(tmp_path: Path) -> None:
    ed = reference_editor()
    p = ed.save(tmp_path / "mine.yaml")
    good = p.read_bytes()
    ed.apply(lambda d: d.erase([Hex(1, -4)]), "no midway")
    with pytest.raises(InputError):
        ed.save()
    assert p.read_bytes() == good
    assert ed.save_draft(tmp_path / "mine-draft.yaml").exists()
    assert ed.path == p and ed.dirty


def test_a_new_track_needs_a_name_to_save() -> None:
    with pytest.raises(InputError):
        Editor().save()


@pytest.mark.parametrize("name", ["yaml_syntax", "unknown_key", "no_midway", "dead_end", "open_track"])
def test_opening_a_broken_file_says_where(tmp_path: Path, name: str) -> None:
    p = tmp_path / f"{name}.yaml"
    shutil.copy(DATA / f"bad_tracks/{name}.yaml", p)
    before = p.read_bytes()
    expect = p.read_text(encoding="utf-8").splitlines()[0].removeprefix("# expect: ")
    line_col, message = expect.split(": ", 1)
    with pytest.raises(InputError) as e:
        Editor.open(p)
    assert str(e.value).splitlines()[0].startswith(f"{p}:{line_col}: {message}")
    assert p.read_bytes() == before and [f.name for f in tmp_path.iterdir()] == [p.name]


def test_a_broken_file_that_reads_opens_to_be_mended(tmp_path: Path) -> None:
    p = tmp_path / "no_midway.yaml"
    shutil.copy(DATA / "bad_tracks/no_midway.yaml", p)
    ed = Editor.open(p, broken_ok=True)
    assert [q.message.split(":")[0] for q in ed.problems()] == ["no midway field"]
    with pytest.raises(InputError):
        Editor.open(DATA / "bad_tracks/yaml_syntax.yaml", broken_ok=True)
    assert ed.save() == p  # still broken, over a broken file: allowed
    assert ed.apply(lambda d: d.paint([next(iter(d.fields))], Kind.MIDWAY), "midway")
    assert ed.problems() == [] and ed.save() == p and load_track(p)


def test_start_from_a_template() -> None:
    ed = Editor.from_template("le_mans")
    assert ed.path is None and ed.problems() == [] and not ed.dirty
    assert ed.draft.to_track().content_hash == load_track(ROOT / "tracks/le_mans.yaml").content_hash
    with pytest.raises(ValueError):
        Editor.from_template("nowhere")


def test_the_background_is_kept_beside_the_track(tmp_path: Path) -> None:
    """A traced background survives save and open (in NAME.editor.json, not in the track file);
    dropping it removes the side file; a broken side file is passed over."""
    from game.racerbile.draft import Background
    from game.racerbile.editing import sidecar

    src = Path("tests/data/tracks/ring.yaml")
    target = tmp_path / "ring.yaml"
    target.write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    image = tmp_path / "circuit.png"
    image.write_bytes(b"not read here")
    ed = Editor.open(target)
    ed.apply(lambda d: d.set_background(Background(str(image), 12.5, (-3.0, 2.0), 0.4)), "background")
    ed.save()
    assert "background" not in target.read_text(encoding="utf-8")
    assert '"circuit.png"' in sidecar(target).read_text(encoding="utf-8")
    again = Editor.open(target)
    assert again.draft.background == Background(str(image), 12.5, (-3.0, 2.0), 0.4) and not again.dirty
    again.apply(lambda d: d.set_background(None), "no background")
    again.save()
    assert not sidecar(target).exists()
    sidecar(target).write_text("{broken", encoding="utf-8")
    assert Editor.open(target).draft.background is None
