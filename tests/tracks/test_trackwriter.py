"""Writing tracks (`game.racerbile.trackwriter`): every track reads back as the same track, the
text is stable, laid out in the documented order, and a small change of the track is a small
change of the text."""
from __future__ import annotations

import difflib
import statistics
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from game.hexgrid import DIRECTIONS, Hex
from game.racerbile.draft import Draft
from game.racerbile.track import Kind, Label, PitLane, Split
from game.racerbile.trackfile import TOP_KEYS, parse_path, read_track, track_from_text
from game.racerbile.trackwriter import dump_track, quote

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "tracks").glob("*.yaml"))
FILES = SHIPPED + sorted((ROOT / "tests/data/tracks").glob("*.yaml"))


def changed_lines(a: str, b: str) -> int:
    """How many lines a diff of the two texts removes and adds."""
    diff = difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm="", n=0)
    return sum(1 for ln in diff if ln[:1] in "+-" and not ln.startswith(("+++", "---")))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_dumped_track_reads_back_the_same(path: Path) -> None:
    track = read_track(path).track
    text = dump_track(track)
    again = track_from_text(text, "dumped").track
    assert again.content_hash == track.content_hash
    assert again.pit == track.pit and again.start == track.start and again.labels == track.labels
    assert dump_track(track) == text  # twice the same
    assert dump_track(again) == text  # and a fixed point


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_layout(path: Path) -> None:
    track = read_track(path).track
    text = dump_track(track)
    keys = [ln.split(":")[0] for ln in text.splitlines() if ln and not ln.startswith((" ", "#"))]
    assert keys == [k for k in TOP_KEYS if k in keys]  # the documented order
    assert ("arrows" in keys) == bool(track.arrows) and ("splits" in keys) == bool(track.splits)
    assert ("pit" in keys) == (track.pit is not None) and ("labels" in keys) == bool(track.labels)
    assert ("lemans" in keys) == (track.field42 is not None or bool(track.dunlop))
    # the lanes are paths of the track's fields, each field once, in driving order
    lanes: list[str] = yaml.safe_load(text)["lanes"]
    laid = [h for lane in lanes for h, _ in parse_path(lane)]
    assert sorted(laid) == sorted(track.fields)
    progress = track.graph.progress
    firsts = [progress[parse_path(lane)[0][0]] for lane in lanes]
    assert firsts == sorted(firsts)
    assert len(lanes) <= len(track.fields) // 6  # paths, not a list of fields
    assert max(len(ln) for ln in text.splitlines()) < 200 or len(track.fields) > 300


def test_lanes_follow_the_direction_of_travel() -> None:
    track = read_track(ROOT / "tracks/le_mans.yaml").track
    g = track.graph
    text = dump_track(track)
    lanes: list[str] = yaml.safe_load(text)["lanes"]
    for lane in lanes:
        hexes = [h for h, _ in parse_path(lane)]
        assert all(g.progress[b] >= g.progress[a] for a, b in zip(hexes, hexes[1:])), lane


def _one_field_changes(draft: Draft) -> dict[str, list[Draft]]:
    """Changes of one field: a kind, a field taken away (where the track stays a closed loop), a
    field added beside the track – for every third field."""
    out: dict[str, list[Draft]] = {"kind": [], "erase": [], "add": []}
    cells = sorted(draft.fields, key=lambda h: (h.r, h.q))[::3]
    taken = draft.occupied()
    for h in cells:
        k = draft.fields[h]
        out["kind"].append(draft.paint([h], Kind.DOWNSHIFT if k is not Kind.DOWNSHIFT else Kind.NORMAL))
        erased = draft.erase([h])
        if erased.to_track().graph.closed and erased.splits == draft.splits and erased.labels == draft.labels:
            out["erase"].append(erased)
        beside = next((n for n in h.neighbours() if n not in taken), None)
        if beside is not None:
            out["add"].append(draft.paint([beside]))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_one_field_change_is_a_small_diff(path: Path) -> None:
    draft = Draft.from_track(read_track(path).track)
    base = dump_track(draft.to_track())
    changes = _one_field_changes(draft)
    kinds = [changed_lines(base, dump_track(d.to_track())) for d in changes["kind"]]
    assert max(kinds) <= 2  # a kind is a line of its own (or joins the next one)
    for what, typical in (("erase", 5), ("add", 2)):
        counts = sorted(changed_lines(base, dump_track(d.to_track())) for d in changes[what])
        assert counts, what
        # a field added lengthens a lane (1–2 lines); one taken away cuts a lane in two (3); among
        # the bends of a wide track the lanes round it are joined anew – a few lines of 20 to 120
        assert statistics.median(counts) <= typical, (what, counts)
        assert counts[int(len(counts) * 0.9)] <= 8, (what, counts)
        assert counts[-1] <= 20, (what, counts)


def test_a_field_beside_a_straight_is_one_line() -> None:
    draft = Draft().paint([Hex(q, 0) for q in range(10)] + [Hex(q, 1) for q in range(-1, 9)]).paint([Hex(0, 0)], Kind.BLOCKING)
    base = dump_track(draft.to_track())
    assert changed_lines(base, dump_track(draft.paint([Hex(10, 0)]).to_track())) == 2  # a lane one longer
    assert changed_lines(base, dump_track(draft.paint([Hex(5, 0)], Kind.BLOCKING).to_track())) == 1  # one more blocking field


@pytest.mark.parametrize(
    "text",
    ["yes", "no", "null", "~", "1,2", "12", "1.5", "1e3", "0x1F", "1_000", "- a", "#x", "a #b", "a: b", "'", '"', " lead",
     "trail ", "[x]", "{y}", "@a", "`b", "%c", "!d", "&e", "*f", "|", ">", "?", "Nåleøjet", "a\nb", "tab\there", ":", "-",
     "Chicane 1", "On", "OFF", "2001-01-01", "=", "<<"],
)
def test_quoted_texts_read_back(text: str) -> None:
    for flow in (False, True):
        q = quote(text, flow)
        assert "\n" not in q
        doc = f"v: [{q}]" if flow else f"v: {q}"
        assert yaml.safe_load(doc)["v"] == ([text] if flow else text)
    assert quote("Le Mans") == "Le Mans"  # plain where YAML allows


# random drafts


@st.composite
def drafts(draw: st.DrawFn) -> Draft:
    """A random small draft, not necessarily valid: a connected set of hexes, kinds, a start, arrows,
    a split, a pit lane, the Le Mans features and labels, with awkward texts."""
    n = draw(st.integers(1, 40))
    cells = [Hex(0, 0)]
    seen = {Hex(0, 0)}
    while len(cells) < n:
        h = cells[draw(st.integers(0, len(cells) - 1))] + DIRECTIONS[draw(st.integers(0, 5))]
        if h not in seen:
            seen.add(h)
            cells.append(h)
    texts = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=12).filter(lambda t: t.strip() != "")
    kinds = draw(st.lists(st.sampled_from(list(Kind)), min_size=n, max_size=n))
    d = Draft(name=draw(texts), author=draw(st.sampled_from(["", "Jens"]) | texts))
    d = d.paint(cells)
    for h, k in zip(cells, kinds):
        d = d.paint([h], k)
    pick = st.sampled_from(cells)
    d = d.set_start(draw(st.lists(pick, max_size=4, unique=True)), draw(st.integers(0, 5)))
    for h in draw(st.lists(pick, max_size=4, unique=True)):
        d = d.set_arrow(h, draw(st.integers(0, 5)))
    if draw(st.booleans()):
        branches = draw(st.lists(st.tuples(texts, pick), max_size=3, unique_by=lambda b: b[0]))  # (a mapping: names differ)
        d = d.add_split(Split(draw(texts), draw(pick), tuple(branches), draw(pick)))
    if draw(st.booleans()):
        # a pit lane off to the side, in driving order (not necessarily joined)
        lane = [Hex(50 + i, draw(st.integers(0, 1))) for i in range(draw(st.integers(1, 5)))]
        d = d.set_pit(PitLane(tuple(lane), draw(pick), draw(pick)))
    d = d.set_field42(draw(st.none() | pick)).set_dunlop(draw(st.lists(pick, max_size=4, unique=True)))
    for h, text in draw(st.lists(st.tuples(pick, texts), max_size=3, unique_by=lambda t: t[0])):
        d = d.set_label(h, text)
    d = d.set_theme(draw(st.sampled_from(["classic", "stalin", "lemans", "night"])))
    return d.set_orientation(draw(st.sampled_from(["pointy", "flat"])))


@pytest.mark.slow
@given(drafts())
@settings(max_examples=300, deadline=None)
def test_random_drafts_read_back_equal(draft: Draft) -> None:
    text = dump_track(draft.to_track())
    back = Draft.from_track(track_from_text(text, "draft").track)
    assert back == draft
    assert dump_track(back.to_track()) == text


def test_labels_and_names_with_awkward_texts() -> None:
    d = Draft(name="yes: no, [1,2] #", author="O'Brien \"the\" driver").paint([Hex(0, 0)])
    d = d.set_label(Hex(0, 0), "{at: 1,2}").add_split(Split("a: b", Hex(0, 0), (("- x", Hex(0, 0)), ("1,2", Hex(0, 0))), Hex(0, 0)))
    back = Draft.from_track(track_from_text(dump_track(d.to_track())).track)
    assert back == d
    assert back.labels == (Label(Hex(0, 0), "{at: 1,2}"),)
