"""The rules a track carries, checked on the shipped tracks and the test tracks."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.hexgrid import DIRECTIONS
from game.racerbile.track import Kind
from game.racerbile.validate import load_track

ROOT = Path(__file__).resolve().parents[2]
TRACKS = ROOT / "tracks"


def test_field_kinds_are_the_four_of_the_rulebook() -> None:
    """racerbile.field.normal, racerbile.field.downshift, racerbile.field.blocking, racerbile.field.midway."""
    assert {k.value for k in Kind} == {"normal", "downshift", "blocking", "midway"}
    t = load_track(TRACKS / "babybane.yaml")
    kinds = set(t.fields.values())
    assert kinds == set(Kind) and sum(k is Kind.MIDWAY for k in t.fields.values()) == 1


def test_an_arrow_is_the_only_way_through() -> None:
    """racerbile.arrow: from a field with an arrow a car may step only the arrow's way."""
    t = load_track(TRACKS / "naaleoejet.yaml")
    assert t.arrows
    for h, d in t.arrows.items():
        assert t.graph.successors(h) == [h + DIRECTIONS[d]]
        assert len(t.graph.ways(h)) >= 1


def test_le_mans_has_its_split_pit_42_field_and_bridge() -> None:
    """racerbile.split, racerbile.lemans.pit, racerbile.lemans.field42, racerbile.lemans.dunlop."""
    t = load_track(TRACKS / "le_mans.yaml")
    assert t.splits and t.pit is not None and t.field42 in t.fields and t.dunlop
    assert all(h in t.fields for h in t.dunlop)
    prog = t.graph.progress
    assert prog[t.pit.exit] > prog[t.pit.entry]


@pytest.mark.parametrize("name", ["babybane", "le_mans", "stalinbanen", "naaleoejet"])
def test_a_blocked_field_can_be_driven_around(name: str) -> None:
    """racerbile.field.blocking and racerbile.stack: every blocking field has a neighbour of the
    same or the next progress that is not itself blocking, so cars can pass a blocked or full field."""
    t = load_track(TRACKS / f"{name}.yaml")
    prog = t.graph.progress
    for h, k in t.fields.items():
        if k is Kind.BLOCKING:
            around = [n for n in t.graph.neighbours(h) if n in t.fields and t.fields[n] is not Kind.BLOCKING and prog[n] in (prog[h], prog[h] + 1)]
            assert around, f"{name}: {h} cannot be driven around"
