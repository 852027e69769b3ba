"""Track files: YAML in the format of docs/tracks.md, read safely, every node's place remembered.

`read_track(path)` gives a `TrackSource`: the `Track` and, for each field and feature, the place in
the file it came from, so that a problem found later (by `validate`) can still say
`file:line:column: message`. Structural mistakes (unknown keys and kinds, bad coordinates,
duplicate fields, more than 5,000 fields, an alias that repeats a list or mapping) are raised here
as `InputError`s.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain, repeat
from pathlib import Path
from typing import Iterator, NamedTuple

import yaml

from game.errors import InputError
from game.hexgrid import DIRECTION_NAMES, DIRECTIONS, Hex, direction_index
from game.racerbile.track import FORMAT_VERSION, MAX_FIELDS, THEMES, Kind, Label, PitLane, Split, Track
from game.yamlio import Doc, parse, read_text

_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

TOP_KEYS = ("format", "name", "author", "orientation", "theme", "lanes", "kinds", "start", "arrows", "splits", "pit", "lemans", "labels")
REQUIRED = ("format", "name", "lanes", "start")

_STEP = re.compile(r"^(?P<dir>[a-z]+|[0-5])(?P<n>\d*)$")
_HEX = re.compile(r"^(?P<q>-?\d+),(?P<r>-?\d+)$")


class Place(NamedTuple):
    """Where something was written: a YAML node and a character offset into its text."""

    node: yaml.Node
    offset: int = 0


@dataclass
class TrackSource:
    """A loaded track and where each of its parts stands in the file."""

    track: Track
    doc: Doc
    places: dict[str, Place] = field(default_factory=dict)  # feature → place; see `track_from_doc`
    lanes: list[yaml.Node] = field(default_factory=list, repr=False)  # their paths lay the track's fields, in order
    pit: list[tuple[Hex, Place]] = field(default_factory=list, repr=False)

    @cached_property
    def fields(self) -> dict[Hex, Place]:
        """The place of every field of the lanes and of the pit lane (worked out when first asked for)."""
        places = chain.from_iterable(_places(node, _walk(node.value)[1]) for node in self.lanes)
        out = dict(zip(self.track.fields, places))
        out.update(self.pit)
        return out

    def error(self, place: Place | None, message: str) -> InputError:
        if place is None:
            return self.doc.error(self.doc.root, message)
        return self.doc.error_at(place.node, place.offset, message)

    def at_field(self, h: Hex, message: str) -> InputError:
        return self.error(self.fields.get(h), message)


def parse_path(text: str, limit: int = MAX_FIELDS) -> list[tuple[Hex, int]]:
    """A path written `Q,R` then steps `DIR[N]` (e, ne, nw, w, sw, se; N defaults to 1).

    Returns every hex on the path with the character offset of the token that produced it.
    `"0,0 e3 ne"` → 0,0 1,0 2,0 3,0 4,-1. Raises ValueError(message, offset), also for a path of
    more than `limit` fields.
    """
    hexes, tokens = _walk(text, limit)
    return list(zip(hexes, chain.from_iterable(map(repeat, tokens[::2], tokens[1::2]))))


_STEPS: dict[str, tuple[int, int, int]] = {}  # a step token → (dq, dr, count), as read before
_new = tuple.__new__  # `_new(Hex, (q, r))` makes a Hex without the named tuple's slower constructor


def _short(tok: str) -> str:
    """A token for a message: quoted, and cut short if long."""
    return repr(tok if len(tok) <= 24 else tok[:20] + "…")


def _step(tok: str, off: int) -> tuple[int, int, int]:
    s = _STEP.match(tok.lower())
    if not s:
        if _HEX.match(tok):
            raise ValueError(f"{_short(tok)}: one path per entry – start another list entry for a new field or stretch", off)
        raise ValueError(f"cannot read the step {_short(tok)}: write a direction ({', '.join(DIRECTION_NAMES)}) and a count, like e3", off)
    try:
        d = direction_index(s.group("dir"))
    except ValueError as e:
        raise ValueError(str(e), off) from None
    digits = s.group("n")
    n = int(digits) if digits and len(digits) <= 6 else 1 if not digits else 0
    if n < 1 or n > MAX_FIELDS:
        raise ValueError(f"{_short(tok)}: a step count is between 1 and {MAX_FIELDS}", off)
    if len(_STEPS) < 10000:
        _STEPS[tok] = (DIRECTIONS[d].q, DIRECTIONS[d].r, n)
    return DIRECTIONS[d].q, DIRECTIONS[d].r, n


def _walk(text: str, limit: int = MAX_FIELDS) -> tuple[list[Hex], list[int]]:
    """The hexes of a path in order, and for each token its offset and how many of them it lays
    (one after the other in one list: offset, count, offset, count …)."""
    m = _HEX.match(text)
    if m and len(text) <= 16:  # a single field, the most common path
        return [_new(Hex, (int(m[1]), int(m[2])))], [0, 1]
    tokens = text.split()
    if not tokens:
        raise ValueError("an empty path: write a field as Q,R and steps as e3 ne2 …", 0)
    first = tokens[0]
    off = text.find(first)
    m = _HEX.match(first)
    if not m:
        raise ValueError(f"a path starts with a field written Q,R (like 4,-2), not {_short(first)}", off)
    if len(first) > 16:
        raise ValueError(f"the field {_short(first)} lies too far out: coordinates have at most 6 digits", off)
    q, r = int(m[1]), int(m[2])
    hexes = [_new(Hex, (q, r))]
    laid = [off, 1]
    add = hexes.append
    steps = _STEPS
    find = text.find
    off += len(first)
    for tok in tokens[1:]:
        off = find(tok, off)
        dq, dr, n = steps.get(tok) or _step(tok, off)
        if len(hexes) + n > limit:
            raise ValueError(f"too many fields: a track has at most {MAX_FIELDS}", off)
        if n < 16:
            for _ in range(n):
                q += dq
                r += dr
                add(_new(Hex, (q, r)))
        else:  # a long straight: in one go
            qs = range(q + dq, q + dq * (n + 1), dq) if dq else repeat(q, n)
            rs = range(r + dr, r + dr * (n + 1), dr) if dr else repeat(r, n)
            hexes += map(_new, repeat(Hex, n), zip(qs, rs))
            q, r = hexes[-1]
        laid += off, n
        off += len(tok)
    return hexes, laid


def _places(node: yaml.Node, tokens: list[int]) -> Iterator[Place]:
    """The place of each hex a path in `node` lays, from its tokens (see `_walk`)."""
    return chain.from_iterable(repeat(_new(Place, (node, off)), k) for off, k in zip(tokens[::2], tokens[1::2]))


def format_path(hexes: list[Hex]) -> str:
    """The shortest path notation for consecutive neighbouring hexes (inverse of parse_path)."""
    if not hexes:
        return ""
    parts = [str(hexes[0])]
    run_dir, run_n = -1, 0
    for a, b in zip(hexes, hexes[1:]):
        d = DIRECTIONS.index(b - a)
        if d == run_dir:
            run_n += 1
        else:
            if run_n:
                parts.append(f"{DIRECTION_NAMES[run_dir]}{run_n if run_n > 1 else ''}")
            run_dir, run_n = d, 1
    if run_n:
        parts.append(f"{DIRECTION_NAMES[run_dir]}{run_n if run_n > 1 else ''}")
    return " ".join(parts)


class _Reader:
    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.pit: list[tuple[Hex, Place]] = []  # the pit lane's fields and their places
        self.places: dict[str, Place] = {}

    def err(self, node: yaml.Node, message: str, offset: int = 0) -> InputError:
        return self.doc.error_at(node, offset, message) if offset else self.doc.error(node, message)

    def walk(self, node: yaml.Node, what: str) -> tuple[list[Hex], list[int]]:
        """A path's hexes, and for each token its offset and how many of them it lays (see `_walk`)."""
        if not isinstance(node, yaml.ScalarNode) or node.tag.endswith((":null", ":bool")):
            raise self.err(node, f"{what} must be a path like '0,0 e3 ne2'")
        try:
            return _walk(node.value)
        except ValueError as e:
            msg, off = e.args
            raise self.err(node, msg, off) from None

    def runs(self, node: yaml.Node, what: str) -> list[tuple[list[Hex], Place]]:
        """A path's hexes, grouped by the token that lays them, each group with its place."""
        hexes, tokens = self.walk(node, what)
        out = []
        i = 0
        for off, k in zip(tokens[::2], tokens[1::2]):
            out.append((hexes[i : i + k], Place(node, off)))
            i += k
        return out

    def path(self, node: yaml.Node, what: str) -> list[tuple[Hex, Place]]:
        hexes, tokens = self.walk(node, what)
        if len(hexes) == 1:
            return [(hexes[0], _new(Place, (node, tokens[0])))]
        return list(zip(hexes, _places(node, tokens)))

    def lanes(self, lanes: list[yaml.Node]) -> dict[Hex, Kind]:
        """Every field of the lanes (all normal).

        The lanes are read all at once; if anything is wrong, they are read again a run at a time,
        which stops at the first mistake in the file.
        """
        hexes: list[Hex] = []
        try:
            for n in lanes:
                if not isinstance(n, yaml.ScalarNode) or n.tag.endswith((":null", ":bool")):  # (see `walk`)
                    break
                hexes += _walk(n.value)[0]
                if len(hexes) > MAX_FIELDS:
                    break
            else:
                fields = dict.fromkeys(hexes, Kind.NORMAL)
                if len(fields) == len(hexes):
                    return fields
        except ValueError:
            pass
        src_fields: dict[Hex, Place] = {}
        for n in lanes:
            for run, place in self.runs(n, "a lane"):
                if not src_fields.keys().isdisjoint(run):  # (a straight run never meets itself)
                    h = next(h for h in run if h in src_fields)
                    first = src_fields[h].node.start_mark
                    raise self.err(place.node, f"duplicate field {h}: already laid at line {first.line + 1}", place.offset)
                src_fields.update(dict.fromkeys(run, place))
                if len(src_fields) > MAX_FIELDS:
                    raise self.err(place.node, f"too many fields: a track has at most {MAX_FIELDS}", place.offset)
        raise AssertionError("lanes that are read a run at a time without a mistake are read at once too")

    def paths(self, node: yaml.Node, what: str) -> list[tuple[Hex, Place]]:
        """A path, or a list of paths."""
        if isinstance(node, yaml.SequenceNode):
            if node.flow_style and any(isinstance(n, yaml.ScalarNode) and n.tag.endswith(":int") for n in node.value):
                raise self.err(node, f"{what}: inside [ ] a comma separates items – quote each field ('1,2') or use a block list")
            out: list[tuple[Hex, Place]] = []
            for n in node.value:
                out += self.path(n, what)
            return out
        return self.path(node, what)

    def one(self, node: yaml.Node, what: str) -> tuple[Hex, Place]:
        hexes, tokens = self.walk(node, what)
        if len(hexes) != 1:
            raise self.err(node, f"{what} is a single field, written Q,R")
        return hexes[0], _new(Place, (node, tokens[0]))

    def unique(self, got: list[tuple[Hex, Place]], what: str) -> list[tuple[Hex, Place]]:
        seen: set[Hex] = set()
        for h, place in got:
            if h in seen:
                raise self.err(place.node, f"{what}: {h} twice", place.offset)
            seen.add(h)
        return got

    def direction(self, node: yaml.Node, what: str) -> int:
        text = self.doc.text(node, what)
        try:
            return direction_index(text)
        except ValueError as e:
            raise self.err(node, f"{what}: {e}") from None

    def value(self, node: yaml.Node) -> object:
        try:
            return self.doc.value(node)
        except (ValueError, OverflowError):  # a number YAML resolves but Python cannot read (1:30, .inf, 0b1)
            raise self.err(node, f"cannot read the value {getattr(node, 'value', '')!r}") from None

    def string(self, node: yaml.Node, what: str) -> str:
        v = self.value(node) if isinstance(node, yaml.ScalarNode) else None
        if not isinstance(v, (str, int, float)) or isinstance(v, bool) or str(v).strip() == "":
            raise self.err(node, f"{what} must be a non-empty text")
        return str(v)

    def keys(self, node: yaml.Node, what: str, valid: tuple[str, ...], required: tuple[str, ...] = ()) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        items: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for k, v in self.doc.mapping(node, what):
            if k.value not in valid:
                raise self.err(k, f"unknown key {k.value!r} in {what}; valid keys: {', '.join(valid)}")
            items[k.value] = (k, v)
        for r in required:
            if r not in items:
                raise self.err(node, f"{what} needs {r!r}")
        return items


def track_from_doc(doc: Doc) -> TrackSource:
    """Build the track from a composed document; structural mistakes raise `InputError`.

    `places` names where each feature was written: "lanes", "kinds", "kinds.Q,R" (a field marked
    with a kind), "start" (the start fields), "start.Q,R", "heading", "arrows.Q,R", "splits.I",
    "splits.I.fork", "splits.I.rejoin", "splits.I.branch.NAME", "pit" (the pit lane), "pit.entry",
    "pit.exit", "field42", "dunlop", "dunlop.Q,R", "labels.I". `fields` holds the place of every
    field of the lanes and of the pit lane.
    """
    rd = _Reader(doc)
    places = rd.places
    top = rd.keys(doc.root, "a track file", TOP_KEYS, REQUIRED)
    fnode = top["format"][1]
    fmt = rd.value(fnode)
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt != FORMAT_VERSION:
        raise rd.err(fnode, f"unknown format {fmt!r}: this program reads format {FORMAT_VERSION}")
    name = rd.string(top["name"][1], "the name")
    author = rd.string(top["author"][1], "the author") if "author" in top else "unknown"
    orientation = "pointy"
    if "orientation" in top:
        onode = top["orientation"][1]
        orientation = doc.text(onode, "the orientation")
        if orientation not in ("pointy", "flat"):
            raise rd.err(onode, f"unknown orientation {orientation!r}; valid orientations: pointy, flat")
    theme = "classic"
    if "theme" in top:
        tnode = top["theme"][1]
        theme = doc.text(tnode, "the theme")
        if theme not in THEMES:
            raise rd.err(tnode, f"unknown theme {theme!r}; valid themes: {', '.join(THEMES)}")

    # lanes: every field of the race
    places["lanes"] = Place(top["lanes"][1])
    lanes = doc.sequence(top["lanes"][1], "lanes")
    fields = rd.lanes(lanes)
    if "kinds" in top:
        places["kinds"] = Place(top["kinds"][0])
        seen: dict[Hex, str] = {}
        valid_kinds = tuple(k.value for k in Kind if k is not Kind.NORMAL)
        for k, v in doc.mapping(top["kinds"][1], "kinds"):
            if k.value not in valid_kinds:
                raise rd.err(k, f"unknown kind {k.value!r}; valid kinds: {', '.join(valid_kinds)} (every other field is normal)")
            kind = Kind(k.value)
            for h, place in rd.paths(v, f"the {k.value} fields"):
                if h not in fields:
                    raise rd.err(place.node, f"{h} is marked {k.value} but is not a field of the lanes", place.offset)
                if h in seen:
                    raise rd.err(place.node, f"{h} is marked both {seen[h]} and {k.value}", place.offset)
                seen[h] = k.value
                fields[h] = kind
                places[f"kinds.{h}"] = place

    # the start line
    st = rd.keys(top["start"][1], "the start", ("fields", "heading"), ("fields", "heading"))
    start_src = rd.unique(rd.paths(st["fields"][1], "the start fields"), "the start fields")
    places["start"] = Place(st["fields"][1])
    heading = rd.direction(st["heading"][1], "the heading")
    places["heading"] = Place(st["heading"][1])
    for h, place in start_src:
        if h not in fields:
            raise rd.err(place.node, f"the start field {h} is not a field of the lanes", place.offset)
        places[f"start.{h}"] = place
    start = tuple(h for h, _ in start_src)

    arrows: dict[Hex, int] = {}
    if "arrows" in top:
        for k, v in doc.mapping(top["arrows"][1], "arrows"):
            h, _ = rd.one(k, "an arrow's field")
            if h in arrows:
                raise rd.err(k, f"two arrows on {h}")
            arrows[h] = rd.direction(v, f"the arrow on {h}")
            places[f"arrows.{h}"] = Place(k)

    splits: list[Split] = []
    if "splits" in top:
        for i, snode in enumerate(doc.sequence(top["splits"][1], "splits")):
            sk = rd.keys(snode, "a split", ("name", "fork", "branches", "rejoin"), ("fork", "branches", "rejoin"))
            sname = rd.string(sk["name"][1], "a split's name") if "name" in sk else f"split {i + 1}"
            fork, _ = rd.one(sk["fork"][1], "the fork")
            rejoin, _ = rd.one(sk["rejoin"][1], "the rejoin")
            branches = []
            for bk, bv in doc.mapping(sk["branches"][1], "the branches"):
                bh, _ = rd.one(bv, f"the branch {bk.value!r}")
                branches.append((str(bk.value), bh))
                places[f"splits.{i}.branch.{bk.value}"] = Place(bv)
            places[f"splits.{i}"] = Place(snode)
            places[f"splits.{i}.fork"] = Place(sk["fork"][1])
            places[f"splits.{i}.rejoin"] = Place(sk["rejoin"][1])
            splits.append(Split(sname, fork, tuple(branches), rejoin))

    pit: PitLane | None = None
    if "pit" in top:
        pk = rd.keys(top["pit"][1], "the pit lane", ("lane", "entry", "exit"), ("lane", "entry", "exit"))
        lane = rd.unique(rd.paths(pk["lane"][1], "the pit lane"), "the pit lane")
        if not lane:
            raise rd.err(pk["lane"][1], "the pit lane has no fields: lay at least one (or leave out `pit`)")
        for h, place in lane:
            if h in fields:
                raise rd.err(place.node, f"the pit lane field {h} is also a field of the lanes", place.offset)
        rd.pit = lane
        if len(fields) + len(lane) > MAX_FIELDS:
            raise rd.err(pk["lane"][1], f"too many fields: a track has at most {MAX_FIELDS}, the pit lane included")
        entry, _ = rd.one(pk["entry"][1], "the pit entry")
        exit_, _ = rd.one(pk["exit"][1], "the pit exit")
        places["pit"] = Place(pk["lane"][1])
        places["pit.entry"] = Place(pk["entry"][1])
        places["pit.exit"] = Place(pk["exit"][1])
        pit = PitLane(tuple(h for h, _ in lane), entry, exit_)

    field42: Hex | None = None
    dunlop: tuple[Hex, ...] = ()
    if "lemans" in top:
        lk = rd.keys(top["lemans"][1], "the Le Mans features", ("field42", "dunlop"))
        if "field42" in lk:
            field42, _ = rd.one(lk["field42"][1], "the 42 field")
            places["field42"] = Place(lk["field42"][1])
        if "dunlop" in lk:
            bridge = rd.unique(rd.paths(lk["dunlop"][1], "the Dunlop bridge"), "the Dunlop bridge")
            dunlop = tuple(h for h, _ in bridge)
            places["dunlop"] = Place(lk["dunlop"][1])
            for h, place in bridge:
                places[f"dunlop.{h}"] = place

    labels: list[Label] = []
    if "labels" in top:
        for i, ln in enumerate(doc.sequence(top["labels"][1], "labels")):
            lk2 = rd.keys(ln, "a label", ("at", "text"), ("at", "text"))
            at, place = rd.one(lk2["at"][1], "a label's field")
            labels.append(Label(at, rd.string(lk2["text"][1], "a label's text")))
            places[f"labels.{i}"] = place

    track = Track(
        name=name,
        author=author,
        fields=fields,
        start=start,
        heading=heading,
        orientation=orientation,
        theme=theme,
        arrows=arrows,
        splits=tuple(splits),
        pit=pit,
        field42=field42,
        dunlop=dunlop,
        labels=tuple(labels),
    )
    return TrackSource(track, doc, places, lanes, rd.pit)


def read_track(path: str | Path) -> TrackSource:
    """Read a track file (structure only; `validate` checks that it can be raced)."""
    return track_from_text(read_text(path), str(path))


def track_from_text(text: str, file: str = "<track>") -> TrackSource:
    """Read a track from its text (`file` names it in messages)."""
    if "*" in text:
        _refuse_aliased_collections(text, file)
    return track_from_doc(parse(text, file))


def _refuse_aliased_collections(text: str, file: str) -> None:
    """An alias may repeat a single value, not a list or mapping: such a node can contain itself
    (`&a [*a]`) or double at every level, and the document would be endless or huge."""
    collections: set[str] = set()
    try:
        for ev in yaml.parse(text, Loader=_LOADER):
            if isinstance(ev, (yaml.SequenceStartEvent, yaml.MappingStartEvent)) and ev.anchor:
                collections.add(ev.anchor)
            elif isinstance(ev, yaml.AliasEvent) and ev.anchor in collections:
                mark = ev.start_mark
                line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
                raise InputError(f"the alias *{ev.anchor} repeats a list or mapping: a track file may repeat only single values", file, line, col)
    except yaml.YAMLError:
        return  # a syntax error: `parse` reports it with its position
