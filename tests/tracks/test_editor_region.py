"""The Select tool's model (game.racerbile.region): a region moved, turned, mirrored, copied –
whole tracks stay valid, moves undo exactly, a copy takes no second start line."""
from __future__ import annotations


import pytest

from game.hexgrid import DIRECTIONS, Hex
from game.racerbile.draft import Draft
from game.racerbile.editing import Editor
from game.racerbile.region import Move, paste, take, transform
from game.racerbile.trackfile import read_track
from game.racerbile.tracks import SHIPPED, shipped_names


def shipped(name: str) -> Draft:
    return Draft.from_track(read_track(SHIPPED / f"{name}.yaml").track)


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("turns, mirror", [(0, False), (1, False), (3, False), (-2, False), (0, True), (2, True)])
def test_a_whole_track_turned_or_mirrored_is_still_a_valid_track(name: str, turns: int, mirror: bool) -> None:
    d = shipped(name)
    every = d.occupied()
    m = Move(shift=Hex(2, -1), turns=turns, mirror=mirror, centre=take(d, every).centre(), orientation=d.orientation)
    moved = transform(d, every, m)
    assert len(moved.fields) == len(d.fields) and len(moved.labels) == len(d.labels) and len(moved.splits) == len(d.splits)
    assert Editor(moved).problems() == []
    assert moved.to_track().graph.lap_length == d.to_track().graph.lap_length  # the same race, turned


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_directions_turn_and_mirror_with_the_fields(orientation: str) -> None:
    for k in range(6):
        m = Move(turns=k, orientation=orientation)
        for d in range(6):
            assert m(DIRECTIONS[d]) == DIRECTIONS[m.way(d)] == DIRECTIONS[(d + k) % 6]
    m = Move(mirror=True, orientation=orientation)
    assert sorted(m.way(d) for d in range(6)) == list(range(6))
    assert all(m.way(m.way(d)) == d for d in range(6))  # twice: as it was
    assert all(m(m(h)) == h for h in (Hex(3, -1), Hex(-2, 5)))


def test_moving_a_region_and_back_is_the_same_draft() -> None:
    d = shipped("babybane")
    part = sorted(d.fields)[:30]
    there = transform(d, part, Move(shift=Hex(0, 40)))
    assert set(part).isdisjoint(there.fields)
    back = transform(there, [Hex(h.q, h.r + 40) for h in part], Move(shift=Hex(0, -40)))
    assert back.to_track().content_hash == d.to_track().content_hash


def test_a_copy_takes_no_second_start_line_and_lays_over_what_was_there() -> None:
    d = shipped("babybane")
    clip = take(d, d.occupied())
    assert clip.start == d.start
    far = paste(d, clip, Hex(100, 0), clip.centre())
    assert len(far.fields) == 2 * len(d.fields) and far.start == d.start and far.splits == d.splits
    over = paste(Draft().paint([Hex(0, 0)], ), take(Draft().paint([Hex(5, 5), Hex(6, 5)]), [Hex(5, 5), Hex(6, 5)]), Hex(0, 0), Hex(5, 5))
    assert set(over.fields) == {Hex(0, 0), Hex(1, 0)}
