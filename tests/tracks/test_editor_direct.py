"""The editor checks its draft directly (`Checked`, no text written or read): the same problems –
messages, marked fields, lines and columns of the written file, in the same order – as writing the
draft out, reading it back and validating it (`check`), for the shipped tracks and mutated drafts."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.errors import InputError
from game.hexgrid import Hex
from game.racerbile.draft import Draft
from game.racerbile.editing import Checked, Editor, check, reads_back
from game.racerbile.track import Kind, PitLane, Split
from game.racerbile.trackfile import read_track, track_from_text
from tests.tracks.test_tracks_fuzz import mutated

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "tracks").glob("*.yaml")) + sorted((ROOT / "tests/data/tracks").glob("*.yaml"))
def _draft(path: Path) -> Draft | None:
    try:
        return Draft.from_track(read_track(path).track)
    except InputError:
        return None


BASES = [d for d in map(_draft, FILES) if d is not None]


def same_problems(draft: Draft, prev: Checked | None = None) -> Checked:
    """The direct check and the dump-and-parse check agree on everything they say."""
    direct = Checked(draft, "t.yaml", prev)
    text, slow = check(draft, "t.yaml")
    got = [(p.message, p.fields, p.line, p.column) for p in direct.problems]
    want = [(p.message, p.fields, p.line, p.column) for p in slow]
    assert got == want
    assert direct.text == text
    return direct


def test_the_shipped_and_test_tracks_check_alike() -> None:
    assert len(BASES) >= 4
    for d in BASES:
        assert reads_back(d)
        same_problems(d)


def test_a_draft_the_reader_would_refuse_gets_the_readers_message() -> None:
    d = BASES[0]
    for bad in (d.set_meta(name=" "), d.set_start([*d.start, Hex(999, 999)], d.heading), replace(d, dunlop=(Hex(0, 0), Hex(0, 0)))):
        assert not reads_back(bad)
        same_problems(bad)


def test_a_problems_line_is_worked_out_only_when_asked_for() -> None:
    d = BASES[0]
    h = next(iter(d.fields))
    c = Checked(d.erase([h]).paint([h], Kind.MIDWAY).paint([next(h2 for h2 in d.fields if h2 != h and d.fields[h2] is Kind.NORMAL)], Kind.MIDWAY), "t.yaml")
    assert c.problems and c._text is None  # found without writing the draft out
    assert c.problems[0].line >= 1 and c._text is not None


def test_the_editor_builds_the_graph_once_per_draft() -> None:
    ed = Editor(BASES[0])
    first = ed.track().graph
    h = next(h for h, k in ed.draft.fields.items() if k is Kind.NORMAL and h not in ed.draft.start)
    ed.apply(lambda d: d.paint([h], Kind.BLOCKING), "a kind: the same ways")
    assert ed.track() is ed.track() and ed.track().graph is first
    assert ed.problems() == check(ed.draft)[1]
    ed.apply(lambda d: d.erase([h]), "a field less: a new graph")
    assert ed.track().graph is not first and ed.problems() == check(ed.draft)[1]


@st.composite
def edited(draw: st.DrawFn) -> Draft:
    """A shipped or test track changed by a few random edits, as the editor's tools make them."""
    d = draw(st.sampled_from(BASES))
    for _ in range(draw(st.integers(1, 4))):
        cells = sorted(d.fields, key=lambda h: (h.r, h.q))
        if not cells:
            break
        pick = st.sampled_from(cells)
        near = st.builds(lambda h, dq, dr: Hex(h.q + dq, h.r + dr), pick, st.integers(-2, 2), st.integers(-2, 2))
        op = draw(st.sampled_from(["erase", "erase", "paint", "kind", "start", "arrow", "split", "pit", "lemans", "label"]))
        if op == "erase":
            h = draw(pick)
            d = d.erase([h] + ([] if draw(st.booleans()) else list(h.neighbours())))
        elif op == "paint":
            d = d.paint(draw(st.lists(near, min_size=1, max_size=4)), draw(st.sampled_from(list(Kind))))
        elif op == "kind":
            d = d.paint([draw(pick)], draw(st.sampled_from(list(Kind))))
        elif op == "start":
            d = d.set_start(draw(st.lists(near, min_size=0, max_size=3)), draw(st.integers(0, 5)))
        elif op == "arrow":
            d = d.set_arrow(draw(near), draw(st.one_of(st.none(), st.integers(0, 5))))
        elif op == "split":
            d = d.add_split(Split(draw(st.sampled_from(["a", "b"])), draw(near), tuple((n, draw(near)) for n in draw(st.lists(st.sampled_from(["x", "y", "z"]), unique=True, max_size=3))), draw(near)))
        elif op == "pit":
            lane = draw(st.lists(near, min_size=1, max_size=4, unique=True))
            d = d.set_pit(draw(st.one_of(st.none(), st.just(PitLane(tuple(lane), draw(near), draw(near))))))
        elif op == "lemans":
            d = d.set_field42(draw(st.one_of(st.none(), near))).set_dunlop(draw(st.lists(near, max_size=3, unique=True)))
        else:
            h = draw(near)
            d = d.set_label(h, draw(st.sampled_from(["Mulsanne", "", "Tertre Rouge", "1,2"])))
    return d


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edited())
def test_edited_drafts_check_alike(draft: Draft) -> None:
    same_problems(draft)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_drafts_of_mutated_track_files_check_alike(text: str) -> None:
    try:
        src = track_from_text(text, "m.yaml")
    except InputError:
        return
    same_problems(Draft.from_track(src.track))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edited(), st.data())
def test_an_edit_that_keeps_the_ways_reuses_the_graph_and_checks_alike(draft: Draft, data: st.DataObject) -> None:
    """Kinds, labels, splits, the Le Mans features: the graph (and which fields are part of the
    race) is taken from the check before – with the same problems as checking afresh."""
    before = Checked(draft, "t.yaml")
    if not draft.fields or before.checker is None:
        return
    cells = sorted(draft.fields, key=lambda h: (h.r, h.q))
    h = data.draw(st.sampled_from(cells))
    op = data.draw(st.sampled_from(["kind", "label", "split", "lemans"]))
    if op == "kind":
        after = draft.paint([h], data.draw(st.sampled_from(list(Kind))))
    elif op == "label":
        after = draft.set_label(h, data.draw(st.sampled_from(["Mulsanne", "", "1,2"])))
    elif op == "split":
        after = draft.add_split(Split("s", h, (("x", data.draw(st.sampled_from(cells))), ("y", data.draw(st.sampled_from(cells)))), data.draw(st.sampled_from(cells))))
    else:
        after = draft.set_field42(h).set_dunlop([data.draw(st.sampled_from(cells))])
    got = same_problems(after, before)
    if reads_back(after):
        assert got.track.graph is before.track.graph
