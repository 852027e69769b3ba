"""A region of a draft – what the editor's Select tool moves, copies, pastes, rotates and mirrors.

A `Clip` is everything that stands on a set of hexes: the fields and their kinds, arrows,
labels, Dunlop bridge fields, the 42 field, and the start line, splits and pit lane when all
their hexes lie in the region (a start line or split half taken would be broken). It is placed
back through a `Move` – an affine map of the hex grid (a shift, a turn by 60°s, a mirror) that
also maps the six directions, so arrows and the heading turn with the fields. Pure: no pygame.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable

from game.hexgrid import DIRECTIONS, Hex, rotate
from game.racerbile.draft import Draft, FrozenMap
from game.racerbile.track import Kind, Label, PitLane, Split


@dataclass(frozen=True)
class Move:
    """h ↦ centre + M·(h − centre) + shift, with M a turn by `turns` × 60° (counter-clockwise on
    screen), after a left–right mirror on screen when `mirror` (of the draft's `orientation`)."""

    shift: Hex = Hex(0, 0)
    turns: int = 0
    mirror: bool = False
    centre: Hex = Hex(0, 0)
    orientation: str = "pointy"

    def _linear(self, v: Hex) -> Hex:
        if self.mirror:
            v = Hex(-v.q - v.r, v.r) if self.orientation == "pointy" else Hex(-v.q, v.r + v.q)
        return rotate(v, self.turns % 6)

    def __call__(self, h: Hex) -> Hex:
        v = self._linear(Hex(h[0] - self.centre.q, h[1] - self.centre.r))
        return Hex(self.centre.q + v.q + self.shift.q, self.centre.r + v.r + self.shift.r)

    def way(self, d: int) -> int:
        """Where direction `d` points after the move."""
        v = self._linear(DIRECTIONS[d % 6])
        return DIRECTIONS.index(v)


@dataclass(frozen=True)
class Clip:
    """What stands on a region of a draft (see the module docstring)."""

    hexes: frozenset[Hex]
    fields: tuple[tuple[Hex, Kind], ...] = ()
    arrows: tuple[tuple[Hex, int], ...] = ()
    labels: tuple[Label, ...] = ()
    dunlop: tuple[Hex, ...] = ()
    field42: Hex | None = None
    start: tuple[Hex, ...] = ()
    heading: int = 0
    splits: tuple[Split, ...] = ()
    pit: PitLane | None = None

    @property
    def empty(self) -> bool:
        return not self.fields and not (self.pit and self.pit.fields)

    def centre(self) -> Hex:
        """The hex nearest the region's middle (what a turn or a mirror keeps in place)."""
        hs = [h for h, _ in self.fields] or list(self.hexes)
        if not hs:
            return Hex(0, 0)
        q = sum(h.q for h in hs) / len(hs)
        r = sum(h.r for h in hs) / len(hs)
        from game.hexgrid import hex_round

        return hex_round(q, r)

    def moved(self, m: Move) -> Clip:
        """The clip with every hex and direction mapped by `m`."""
        return Clip(
            frozenset(m(h) for h in self.hexes),
            tuple((m(h), k) for h, k in self.fields),
            tuple((m(h), m.way(d)) for h, d in self.arrows),
            tuple(Label(m(lb.at), lb.text) for lb in self.labels),
            tuple(m(h) for h in self.dunlop),
            None if self.field42 is None else m(self.field42),
            tuple(m(h) for h in self.start),
            m.way(self.heading),
            tuple(Split(s.name, m(s.fork), tuple((n, m(b)) for n, b in s.branches), m(s.rejoin)) for s in self.splits),
            None if self.pit is None else PitLane(tuple(m(h) for h in self.pit.fields), m(self.pit.entry), m(self.pit.exit)),
        )


def take(d: Draft, hexes: Iterable[Hex]) -> Clip:
    """Everything of `d` that stands on the hexes (fields, pit lane fields and the rest)."""
    region = frozenset(Hex(int(h[0]), int(h[1])) for h in hexes) & d.occupied()
    split_ok = [s for s in d.splits if {s.fork, s.rejoin, *(b for _, b in s.branches)} <= region]
    pit = d.pit if d.pit is not None and {*d.pit.fields, d.pit.entry, d.pit.exit} <= region else None
    whole_start = bool(d.start) and set(d.start) <= region
    return Clip(
        region,
        tuple((h, k) for h, k in d.fields.items() if h in region),
        tuple((h, w) for h, w in d.arrows.items() if h in region),
        tuple(lb for lb in d.labels if lb.at in region),
        tuple(h for h in d.dunlop if h in region),
        d.field42 if d.field42 in region else None,
        d.start if whole_start else (),
        d.heading,
        tuple(split_ok),
        pit,
    )


def place(d: Draft, clip: Clip) -> Draft:
    """The draft with the clip laid on it: what stood on the clip's hexes before gives way."""
    d = d.erase(clip.hexes | {h for h, _ in clip.fields})
    if clip.pit is not None and d.pit is None:
        d = d.set_pit(clip.pit)
    fields = d.fields.copy() if isinstance(d.fields, FrozenMap) else dict(d.fields)
    if d.pit is not None:
        for h in d.pit.fields:
            fields.pop(h, None)
    for h, k in clip.fields:
        if not d.is_pit(h):
            fields[h] = k
    arrows = dict(d.arrows)
    arrows.update(clip.arrows)
    labels = [lb for lb in d.labels if lb.at not in {x.at for x in clip.labels}] + list(clip.labels)
    names = {s.name for s in clip.splits}
    d = replace(
        d,
        fields=FrozenMap(fields),
        arrows=FrozenMap(arrows),
        labels=tuple(labels),
        dunlop=tuple(dict.fromkeys([*d.dunlop, *clip.dunlop])),
        field42=clip.field42 if clip.field42 is not None else d.field42,
        splits=tuple(s for s in d.splits if s.name not in names) + clip.splits,
    )
    if clip.start:
        d = d.set_start(clip.start, clip.heading)
    return d


def transform(d: Draft, hexes: Iterable[Hex], m: Move, *, keep: bool = False) -> Draft:
    """The region moved by `m` (`keep`: a copy, the original stays)."""
    clip = take(d, hexes)
    if clip.empty:
        return d
    base = d if keep else d.erase(clip.hexes)
    if keep:  # a copy takes no start line, split or pit lane along (there is one of each)
        clip = replace(clip, start=(), splits=(), pit=None, field42=None)
    return place(base, clip.moved(m))


def paste(d: Draft, clip: Clip, at: Hex, anchor: Hex) -> Draft:
    """The clip laid with its `anchor` hex on `at` (a copy: no start line, split or pit lane)."""
    c = replace(clip, start=(), splits=(), pit=None, field42=None)
    return place(d, c.moved(Move(shift=Hex(at[0] - anchor[0], at[1] - anchor[1]))))
