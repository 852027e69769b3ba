"""A track being edited: an immutable `Draft`, changed only by pure edits that return a new one.

A draft may be broken (no start, a gap, two midways …): `to_track` builds the `Track` without
checking it – `game.racerbile.editing.Editor.problems` runs the real validator. `from_track` and
`to_track` are inverses: `Draft.from_track(t).to_track()` has the content hash of `t`.

The author the format leaves out is "unknown" (what the reader fills in); a draft keeps it as ""
so that a new track shows an empty author, and `to_track` writes "" back as "unknown".
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Iterator, Mapping, TypeVar

from game.hexgrid import Hex
from game.racerbile.track import THEMES, Kind, Label, PitLane, Split, Track

K = TypeVar("K")
V = TypeVar("V")

UNKNOWN_AUTHOR = "unknown"  # what the reader makes of a file without an author
ORIENTATIONS = ("pointy", "flat")


class FrozenMap(Mapping[K, V]):
    """An immutable mapping (a dict nobody changes): equal to any mapping with the same items,
    hashable, kept in the order it was made in."""

    __slots__ = ("_d", "_hash")

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        self._d: dict[K, V] = dict(items)
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._d[key]

    def __contains__(self, key: object) -> bool:
        return key in self._d

    def __iter__(self) -> Iterator[K]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._d == other._d
        if isinstance(other, Mapping):
            return self._d == dict(other.items())
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._d.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenMap({self._d!r})"

    def copy(self) -> dict[K, V]:
        """A plain dict of the items (to change and freeze again)."""
        return dict(self._d)


@dataclass(frozen=True)
class Background:
    """An image drawn under the grid, to trace a real circuit (kept by the editor, not in the track).

    Its place is given in *hex units*: the coordinates of a layout whose hexes have size 1 (centre
    to corner) with the centre of hex 0,0 at the origin (`Layout(ORIENTATIONS[o], (1, 1), (0, 0))`).
    The image's top-left corner lies at `offset`, and `scale` of its pixels make one hex unit (so
    an image W pixels wide spans W / scale units; a larger scale draws it smaller). `opacity` is
    0 (invisible) … 1 (opaque).
    """

    path: str
    scale: float = 1.0  # image pixels per hex unit
    offset: tuple[float, float] = (0.0, 0.0)  # the image's top-left corner, in hex units
    opacity: float = 0.5


def _without(m: Mapping[Hex, V], gone: set[Hex]) -> Mapping[Hex, V]:
    """The map less the keys in `gone` (the same map when it holds none of them)."""
    hit = [h for h in gone if h in m]
    if not hit:
        return m
    d = m.copy() if isinstance(m, FrozenMap) else dict(m)
    for h in hit:
        del d[h]
    return FrozenMap(d)


def _hexes(hexes: Iterable[Hex]) -> list[Hex]:
    """The hexes as `Hex`es, each once, in their order."""
    return list(dict.fromkeys(Hex(int(h[0]), int(h[1])) for h in hexes))


@dataclass(frozen=True)
class Draft:
    """A track being edited (see the module docstring). Every edit returns a new draft; one that
    changes nothing returns an equal draft."""

    name: str = "New track"
    author: str = ""
    orientation: str = "pointy"
    theme: str = "classic"
    fields: Mapping[Hex, Kind] = field(default_factory=FrozenMap)
    start: tuple[Hex, ...] = ()
    heading: int = 0
    arrows: Mapping[Hex, int] = field(default_factory=FrozenMap)
    splits: tuple[Split, ...] = ()
    pit: PitLane | None = None
    field42: Hex | None = None
    dunlop: tuple[Hex, ...] = ()
    labels: tuple[Label, ...] = ()
    background: Background | None = None

    def __post_init__(self) -> None:
        if self.pit is not None and not self.pit.fields:
            raise ValueError("a pit lane has at least one field")
        if not isinstance(self.fields, FrozenMap):
            object.__setattr__(self, "fields", FrozenMap(self.fields))
        if not isinstance(self.arrows, FrozenMap):
            object.__setattr__(self, "arrows", FrozenMap(self.arrows))

    # to and from tracks

    @classmethod
    def from_track(cls, track: Track) -> Draft:
        """The draft of a track (no background)."""
        return cls(
            name=track.name,
            author="" if track.author == UNKNOWN_AUTHOR else track.author,
            orientation=track.orientation,
            theme=track.theme,
            fields=FrozenMap(track.fields),
            start=tuple(track.start),
            heading=track.heading,
            arrows=FrozenMap(track.arrows),
            splits=tuple(track.splits),
            pit=track.pit,
            field42=track.field42,
            dunlop=tuple(track.dunlop),
            labels=tuple(track.labels),
        )

    def to_track(self) -> Track:
        """The track as drawn, not checked (it may well be broken)."""
        return Track(
            name=self.name,
            author=self.author or UNKNOWN_AUTHOR,
            fields=self.fields.copy() if isinstance(self.fields, FrozenMap) else dict(self.fields),
            start=self.start,
            heading=self.heading,
            orientation=self.orientation,
            theme=self.theme,
            arrows=dict(self.arrows),
            splits=self.splits,
            pit=self.pit,
            field42=self.field42,
            dunlop=self.dunlop,
            labels=self.labels,
        )

    # what is where

    def is_pit(self, h: Hex) -> bool:
        """Whether `h` is a field of the pit lane."""
        return self.pit is not None and h in self.pit.fields

    def occupied(self) -> frozenset[Hex]:
        """Every field, the pit lane's included."""
        return frozenset(self.fields) | frozenset(self.pit.fields if self.pit else ())

    def midways(self) -> list[Hex]:
        return [h for h, k in self.fields.items() if k is Kind.MIDWAY]

    # edits

    def paint(self, hexes: Iterable[Hex], kind: Kind = Kind.NORMAL) -> Draft:
        """Lay fields of `kind` on the hexes (new fields, or fields of another kind re-kinded)."""
        kind = Kind(kind)
        todo = [h for h in _hexes(hexes) if self.fields.get(h) is not kind]
        if not todo:
            return self
        fields = self.fields.copy() if isinstance(self.fields, FrozenMap) else dict(self.fields)
        for h in todo:
            fields[h] = kind
        return replace(self, fields=FrozenMap(fields))

    def erase(self, hexes: Iterable[Hex]) -> Draft:
        """Take the fields off the hexes, and whatever stands on them: start fields, arrows, the 42
        field, bridge fields, labels; a split that names one of them as fork, rejoin or branch goes;
        pit lane fields on them leave the pit lane, and the pit lane goes when its entry or exit is
        erased (or it has no field left)."""
        gone = set(_hexes(hexes))
        if not gone:
            return self
        pit = self.pit
        if pit is not None:
            if pit.entry in gone or pit.exit in gone:
                pit = None
            elif gone.intersection(pit.fields):
                rest = tuple(h for h in pit.fields if h not in gone)
                pit = replace(pit, fields=rest) if rest else None
        new = replace(
            self,
            fields=_without(self.fields, gone),
            start=tuple(h for h in self.start if h not in gone),
            arrows=_without(self.arrows, gone),
            splits=tuple(
                s for s in self.splits if s.fork not in gone and s.rejoin not in gone and not any(b in gone for _, b in s.branches)
            ),
            pit=pit,
            field42=None if self.field42 in gone else self.field42,
            dunlop=tuple(h for h in self.dunlop if h not in gone),
            labels=tuple(lb for lb in self.labels if lb.at not in gone),
        )
        return self if new == self else new

    def set_start(self, hexes: Iterable[Hex], heading: int) -> Draft:
        """The start fields (just past the line, in the given order) and the heading across it."""
        return replace(self, start=tuple(_hexes(hexes)), heading=int(heading) % 6)

    def set_arrow(self, at: Hex, direction: int | None) -> Draft:
        """An arrow on `at` pointing in `direction` (0–5), or none (None)."""
        arrows = dict(self.arrows)
        if direction is None:
            arrows.pop(at, None)
        else:
            arrows[Hex(*at)] = int(direction) % 6
        return replace(self, arrows=FrozenMap(arrows))

    def add_split(self, split: Split) -> Draft:
        """Add a split, or replace the split of the same name."""
        splits = list(self.splits)
        for i, s in enumerate(splits):
            if s.name == split.name:
                splits[i] = split
                break
        else:
            splits.append(split)
        return replace(self, splits=tuple(splits))

    def remove_split(self, name: str) -> Draft:
        return replace(self, splits=tuple(s for s in self.splits if s.name != name))

    def set_pit(self, pit: PitLane | None) -> Draft:
        """The pit lane (its fields in driving order, at least one: ValueError otherwise), or none."""
        return replace(self, pit=pit)

    def set_field42(self, at: Hex | None) -> Draft:
        return replace(self, field42=None if at is None else Hex(*at))

    def set_dunlop(self, hexes: Iterable[Hex]) -> Draft:
        return replace(self, dunlop=tuple(_hexes(hexes)))

    def set_label(self, at: Hex, text: str | None) -> Draft:
        """The label on `at` (one a field): a new text, or none (None or blank text). A new label
        comes last; a changed one keeps its place."""
        at = Hex(*at)
        labels = list(self.labels)
        i = next((i for i, lb in enumerate(labels) if lb.at == at), None)
        if text is None or not text.strip():
            if i is not None:
                del labels[i]
        elif i is None:
            labels.append(Label(at, text))
        else:
            labels[i] = Label(at, text)
        return replace(self, labels=tuple(labels))

    def set_theme(self, theme: str) -> Draft:
        """The colour theme (one of `THEMES`; ValueError otherwise)."""
        if theme not in THEMES:
            raise ValueError(f"unknown theme {theme!r}; valid themes: {', '.join(THEMES)}")
        return replace(self, theme=theme)

    def set_meta(self, *, name: str | None = None, author: str | None = None) -> Draft:
        """The name and/or the author ("" for unknown)."""
        return replace(self, name=self.name if name is None else name, author=self.author if author is None else author)

    def set_orientation(self, orientation: str) -> Draft:
        """Pointy or flat tops (ValueError otherwise)."""
        if orientation not in ORIENTATIONS:
            raise ValueError(f"unknown orientation {orientation!r}; valid orientations: {', '.join(ORIENTATIONS)}")
        return replace(self, orientation=orientation)

    def set_background(self, bg: Background | None) -> Draft:
        return replace(self, background=bg)
