"""The checks of `validate` on an editor's draft as drawn: `DraftChecker` places its problems by the
writer's layout instead of a file read back, and `locate_in` finds them in the file once written.
"""
from __future__ import annotations

from game.errors import InputError
from game.hexgrid import Hex
from game.racerbile.track import Kind, Track
from game.racerbile.trackfile import TrackSource
from game.racerbile.trackwriter import _chains as chains
from game.racerbile.trackwriter import _Order
from game.racerbile.trackwriter import paths as write_paths
from game.racerbile.validate import Checker, Where


class DraftChecker(Checker):
    """The checks of `validate` run on a track as drawn (an editor's draft), without writing it out
    and reading it back: the problems come in the same order with the same messages as those of
    `validate(track_from_text(dump_track(track)))` – for a track that reads back as it was drawn.
    Given the check of a track with the same graph (`prev`), what depends only on the graph is
    taken from it.

    Where the order of problems (or the field a message names) depends on the place of things in
    the file, the place is worked out from the writer's layout (`trackwriter.paths`) only when
    needed. The problems carry no line and column (0, 0): `wheres[i]` tells where problem i points
    (a `TrackSource.places` key with its fallback, or a field), for `locate_in` on the written file.
    """

    def __init__(self, track: Track, file: str = "<draft>", prev: DraftChecker | None = None) -> None:
        self.track = track
        self.prev = prev if prev is not None and prev.track.graph is track.graph else None
        self.graph = track.graph
        self.file = file
        self.problems = []
        self.wheres: list[Where | Hex] = []
        self.pit_joined = True
        self.bad_arrows = set()
        self._layout: dict[Hex, tuple[int, int, int]] | None = None
        self._lanes: list[list[Hex]] | None = None

    def laps(self) -> None:
        """As `Checker.laps` – or taken from the check of a track with the same graph (an edit
        of kinds, labels, splits or the Le Mans features changes no way a car can drive)."""
        prev, self.prev = self.prev, None  # (not kept: no chain of checks held alive)
        if prev is None or not hasattr(prev, "lost"):
            super().laps()
            return
        self.lost, self.dead = prev.lost, prev.dead

    # the writer's layout, worked out when first needed

    def order(self) -> _Order:
        return _Order(self.track)

    def lanes(self) -> list[list[Hex]]:
        """The lanes as the writer lays them out."""
        if self._lanes is None:
            self._lanes = write_paths(self.track.fields, self.order())
        return self._lanes

    def layout(self) -> dict[Hex, tuple[int, int, int]]:
        """Every field's place in the file as (path, token, index on the path): lanes, then the pit lane."""
        if self._layout is None:
            out: dict[Hex, tuple[int, int, int]] = {}
            lanes = self.lanes()
            tokens(lanes, 0, out)
            if self.track.pit is not None:
                tokens(chains(self.track.pit.fields), len(lanes) + 1, out)
            self._layout = out
        return self._layout

    def position(self, h: Hex) -> tuple[int, int]:
        p = self.layout().get(h)
        return (1 << 30, 0) if p is None else (p[0], p[1])

    def field_order(self, h: Hex) -> tuple[int, int, int]:
        return self.layout().get(h, (1 << 30, 0, 0))

    def kind_position(self, h: Hex) -> tuple[int, int, int]:
        kind = self.track.fields.get(h)
        if kind is None or kind is Kind.NORMAL:
            return (1 << 30, 0, 0)
        out: dict[Hex, tuple[int, int, int]] = {}
        tokens(write_paths([x for x, k in self.track.fields.items() if k is kind], self.order()), 0, out)
        return out[h]

    def sorted_arrows(self) -> list[tuple[Hex, int]]:
        key = self.order().key
        return sorted(self.track.arrows.items(), key=lambda a: key(a[0]))

    # problems, placed later

    def report(self, where: Where, message: str) -> None:
        self.problems.append(InputError(message, self.file, 0, 0))
        self.wheres.append(where)

    def at_field(self, h: Hex, message: str) -> None:
        self.problems.append(InputError(message, self.file, 0, 0))
        self.wheres.append(h)

    def fields_at(self, where: Where | Hex) -> list[Hex] | None:
        """The fields laid where a problem points, as `editing` reads them off the written line –
        or None when that takes the written file (a place not worked out here)."""
        if isinstance(where, Hex):
            return None
        key, fallback = where
        if key == "start" and fallback is None:
            cs = chains(self.track.start)
            return list(cs[0]) if cs else []
        if (key, fallback) == ("kinds", "lanes"):
            if any(k is not Kind.NORMAL for k in self.track.fields.values()):
                return []  # the line `kinds:`
            lanes = self.lanes()
            return list(lanes[0]) if lanes else []
        return None


def locate_in(src: TrackSource, where: Where | Hex) -> tuple[int, int]:
    """The line and column (1-based) a `DraftChecker` problem points at in the file read as `src`."""
    if isinstance(where, Hex):
        e = src.at_field(where, "")
    else:
        key, fallback = where
        p = src.places.get(key)
        if p is None and fallback is not None:
            p = src.places.get(fallback)
        e = src.error(p, "")
    return e.line, e.column


def tokens(paths: list[list[Hex]], first: int, out: dict[Hex, tuple[int, int, int]]) -> None:
    """For each hex of the paths (numbered from `first`): its path, the token of `format_path` that
    lays it, and its index on the path."""
    for n, path in enumerate(paths, first):
        tok, run = 0, None
        prev = path[0]
        out[prev] = (n, 0, 0)
        for i in range(1, len(path)):
            h = path[i]
            d = (h[0] - prev[0], h[1] - prev[1])
            if d != run:
                tok += 1
                run = d
            out[h] = (n, tok, i)
            prev = h
