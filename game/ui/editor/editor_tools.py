"""The editor's tools: what a press, a drag and a release on the board do, step by step.

Each tool is a small state machine over hexes (no pixels, no pygame drawing): `press`, `drag` and
`release` with the mouse button (1 left, 3 right), `enter` to finish a step, `cancel` (Esc) to drop
the step under way. Edits go through the `ToolHost` (the scene): `apply` makes one edit of the
draft with a label for the history; `begin_stroke`/`end_stroke` gather the live edits of a drag
(the paint brush) into one step of the history; `ask` opens a small dialog for a text. A tool
shows what it is about to do as `Preview`s (hexes to tint, a compass of the six ways round a
field) and says what to do next in `hint`.

| key | tool       | left                                      | right          |
|-----|------------|-------------------------------------------|----------------|
| B   | paint      | drag: lay fields of the chosen kind       | drag: erase    |
| L   | lane       | drag a stretch 1–3 lanes wide ([ ])       | drag: erase it |
| R   | rectangle  | drag from corner to corner                | erase it       |
| G   | fill       | click: re-kind a region / fill an infield | erase a region |
| S   | start line | drag the start fields, click the heading  | clear          |
| A   | arrows     | click a field, then the way out           | remove         |
| X   | splits     | fork, branches (Enter), rejoin, a name    | remove         |
| P   | pit lane   | drag its fields in order, entry, exit     | remove         |
| N   | 42 field   | click                                     | remove         |
| D   | Dunlop     | drag the fields under the bridge          | remove         |
| W   | labels     | click, type the text                      | remove         |
| I   | image      | drag: move the background; [ ] scale      | –              |
| M   | select     | drag a box; drag the region to move it    | clear          |
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

from game.hexgrid import DIRECTIONS, Hex, direction_between
from game.i18n import N_, _
from game.racerbile import region, shapes
from game.racerbile.draft import Background, Draft
from game.racerbile.track import Kind, PitLane, Split

Edit = Callable[[Draft], Draft]
LEFT, RIGHT = 1, 3

KINDS: tuple[Kind, ...] = (Kind.NORMAL, Kind.DOWNSHIFT, Kind.BLOCKING, Kind.MIDWAY)


class ToolHost(Protocol):
    """What a tool may ask of the editor scene."""

    @property
    def draft(self) -> Draft: ...

    kind: Kind
    lane_width: int
    hover: Hex | None  # the hex under the mouse (None: off the board)

    def apply(self, edit: Edit, label: str, merge: bool = False) -> bool: ...

    def begin_stroke(self) -> None: ...

    def end_stroke(self, label: str) -> None: ...

    def ask(self, title: str, prompts: Sequence[tuple[str, str]], done: Callable[[list[str] | None], None]) -> None: ...

    def say(self, text: str) -> None: ...


@dataclass(frozen=True)
class Preview:
    """Something a tool shows on the board: hexes tinted in a colour (`erase`: struck out), or a
    compass – the six ways round `at` to click."""

    hexes: tuple[Hex, ...] = ()
    color: tuple[int, int, int] = (255, 255, 255)
    erase: bool = False
    compass: Hex | None = None
    tags: tuple[tuple[Hex, str], ...] = ()  # small texts on hexes (branch names, "entry")


WHITE = (250, 250, 246)
CYAN = (70, 220, 255)
RED = (236, 60, 50)
PIT = (200, 200, 210)
GOLD = (255, 214, 90)


class Tool:
    """The base of the tools: does nothing."""

    name = N_("tool")
    key = ""  # the key that picks it (shown in the palette)
    uses_kind = False  # shows the kind picker
    help = ""  # one line for the help overlay

    def __init__(self, host: ToolHost) -> None:
        self.host = host

    def press(self, h: Hex, button: int) -> None:
        """A mouse button went down on `h`."""

    def drag(self, h: Hex) -> None:
        """The mouse moved onto `h` with the button down."""

    def release(self, h: Hex, button: int) -> None:
        """The button came up on `h`."""

    def enter(self) -> bool:
        """Enter: finish the step under way (True if there was one)."""
        return False

    def cancel(self) -> bool:
        """Esc: drop the step under way (True if there was one)."""
        return False

    def previews(self) -> list[Preview]:
        return []

    def hint(self) -> str:
        return _(self.help) if self.help else ""

    @property
    def busy(self) -> bool:
        """Whether a step is under way (a drag, or a choice to make)."""
        return False


def _chain_to(path: list[Hex], h: Hex) -> list[Hex]:
    """The new hexes from the end of `path` to `h` (a mouse that skipped hexes fills the gap)."""
    if not path:
        return [h]
    if h == path[-1]:
        return []
    return shapes.stroke(path[-1], h)[1:]


def _fields(n: int) -> str:
    """ "1 field" / "5 fields" in the current language."""
    return (_("{n} field") if n == 1 else _("{n} fields")).format(n=n)


KIND_WORDS = (N_("normal"), N_("downshift"), N_("blocking"), N_("midway"))  # Kind values, shown through `_()`


class PaintTool(Tool):
    """Left drag lays fields of the chosen kind, right drag erases – live, one history step a drag."""

    name = N_("Paint")
    key = "B"
    uses_kind = True
    help = N_("left drag: lay fields of the chosen kind (1–4) · right drag: erase")

    def __init__(self, host: ToolHost) -> None:
        super().__init__(host)
        self.path: list[Hex] = []
        self.button = 0
        self.count = 0

    @property
    def busy(self) -> bool:
        return self.button != 0

    def press(self, h: Hex, button: int) -> None:
        self.button, self.path, self.count = button, [], 0
        self.host.begin_stroke()
        self.drag(h)

    def drag(self, h: Hex) -> None:
        if not self.button:
            return
        new = _chain_to(self.path, h)
        if not new:
            return
        self.path += new
        kind = self.host.kind
        if self.button == RIGHT:
            if self.host.apply(lambda d: d.erase(new), "erase"):
                self.count += len(new)
        elif self.host.apply(lambda d: d.paint(new, kind), "paint"):
            self.count += len(new)

    def release(self, h: Hex, button: int) -> None:
        if not self.button:
            return
        self.drag(h)
        word = _("erase") if self.button == RIGHT else _("paint {kind}").format(kind=_(self.host.kind.value))
        self.host.end_stroke(f"{word}: {_fields(len(set(self.path)))}")
        self.button, self.path = 0, []

    def cancel(self) -> bool:
        if self.button:
            self.release(self.path[-1] if self.path else Hex(0, 0), self.button)
            return True
        return False


class ShapeTool(Tool):
    """A shape dragged out and laid (left) or erased (right) at the release."""

    def __init__(self, host: ToolHost) -> None:
        super().__init__(host)
        self.button = 0
        self.a: Hex | None = None
        self.b: Hex | None = None
        self.path: list[Hex] = []

    @property
    def busy(self) -> bool:
        return self.button != 0

    def shape(self) -> list[Hex]:
        return []

    def press(self, h: Hex, button: int) -> None:
        self.button, self.a, self.b, self.path = button, h, h, [h]

    def drag(self, h: Hex) -> None:
        if self.button:
            self.b = h
            self.path += _chain_to(self.path, h)

    def release(self, h: Hex, button: int) -> None:
        if not self.button:
            return
        self.drag(h)
        hexes = self.shape()
        kind = self.host.kind
        if self.button == RIGHT:
            self.host.apply(lambda d: d.erase(hexes), _("erase {tool}: {fields}").format(tool=_(self.name).lower(), fields=_fields(len(hexes))))
        else:
            self.host.apply(lambda d: d.paint(hexes, kind), f"{_(self.name).lower()} {_(kind.value)}: {_fields(len(hexes))}")
        self.button, self.path = 0, []

    def cancel(self) -> bool:
        if self.button:
            self.button, self.path = 0, []
            return True
        return False

    def previews(self) -> list[Preview]:
        if not self.button:
            return []
        return [Preview(tuple(self.shape()), RED if self.button == RIGHT else CYAN, erase=self.button == RIGHT)]


class LaneTool(ShapeTool):
    name = N_("Lane")
    key = "L"
    uses_kind = True
    help = N_("drag along the track: a stretch 1–3 lanes wide ([ ] width), on the stroke's left · right drag: erase")

    def shape(self) -> list[Hex]:
        return shapes.lane(self.path, self.host.lane_width) if self.path else []

    def hint(self) -> str:
        return _(self.help) + " – " + _("width {n}").format(n=self.host.lane_width)

    def previews(self) -> list[Preview]:
        """Dragging: exactly what the release will lay, with the count; hovering: a short stretch
        of the width a stroke eastwards would lay here (its lanes on the stroke's left)."""
        w = self.host.lane_width
        lanes = (_("{n} lane") if w == 1 else _("{n} lanes")).format(n=w)
        if self.button:
            cells = tuple(self.shape())
            tag = ((self.path[-1], f"{lanes} · {_fields(len(cells))}"),) if self.path else ()
            return [Preview(cells, RED if self.button == RIGHT else CYAN, erase=self.button == RIGHT, tags=tag)]
        h = self.host.hover
        if h is None:
            return []
        east = DIRECTIONS[0]
        stub = shapes.lane([h + Hex(-east[0], -east[1]), h, h + east], w)
        return [Preview(tuple(stub), CYAN, tags=((h, lanes),))]


class RectTool(ShapeTool):
    name = N_("Rectangle")
    key = "R"
    uses_kind = True
    help = N_("drag from corner to corner: a block of fields · right drag: erase a block")

    def shape(self) -> list[Hex]:
        if self.a is None or self.b is None:
            return []
        return shapes.rect(self.a, self.b, self.host.draft.orientation)


class FillTool(Tool):
    name = N_("Fill")
    key = "G"
    uses_kind = True
    help = N_("click a field: re-kind its region · click inside a ring: fill the infield · right click: erase a region")

    def press(self, h: Hex, button: int) -> None:
        d = self.host.draft
        kind = self.host.kind
        if button == RIGHT:
            own = d.fields.get(h)
            if own is None:
                return
            other = next(k for k in KINDS if k is not own)
            region = shapes.fill(h, d, other)
            self.host.apply(lambda x: x.erase(region), _("erase region: {fields}").format(fields=_fields(len(region))))
            return
        region = shapes.fill(h, d, kind)
        if not region:
            self.host.say(_("nothing to fill here: outside the track's hexagon, or already that kind"))
            return
        self.host.apply(lambda x: x.paint(region, kind), _("fill {kind}: {fields}").format(kind=_(kind.value), fields=_fields(len(region))))


class StartTool(Tool):
    """Drag (or click) the start fields, then click the way the cars go across the line."""

    name = N_("Start line")
    key = "S"
    help = N_("drag across the start fields (just past the line), then click the heading · right click: clear")

    def __init__(self, host: ToolHost) -> None:
        super().__init__(host)
        self.picked: list[Hex] = []
        self.dragging = False
        self.heading = False  # waiting for the heading

    @property
    def busy(self) -> bool:
        return self.dragging or self.heading

    def centre(self) -> Hex:
        return self.picked[len(self.picked) // 2]

    def press(self, h: Hex, button: int) -> None:
        if button == RIGHT:
            self.cancel()
            self.host.apply(lambda d: d.set_start((), d.heading), N_("clear the start line"))
            return
        if self.heading and self.picked:
            way = direction_between(self.centre(), h)
            if way is not None:
                picked = list(self.picked)
                self.host.apply(lambda d: d.set_start(picked, way), _("start line: {fields}").format(fields=_fields(len(picked))))
                self.picked, self.heading = [], False
                return
        self.picked, self.dragging, self.heading = [h], True, False

    def drag(self, h: Hex) -> None:
        if self.dragging:
            for n in _chain_to(self.picked, h):
                if n not in self.picked:
                    self.picked.append(n)

    def release(self, h: Hex, button: int) -> None:
        if self.dragging:
            self.drag(h)
            self.dragging = False
            self.heading = bool(self.picked)

    def enter(self) -> bool:
        if self.picked and not self.heading:
            self.heading = True
            return True
        return False

    def cancel(self) -> bool:
        busy = bool(self.picked)
        self.picked, self.dragging, self.heading = [], False, False
        return busy

    def previews(self) -> list[Preview]:
        out = [Preview(tuple(self.picked), WHITE)] if self.picked else []
        if self.heading and self.picked:
            out.append(Preview(compass=self.centre()))
        return out

    def hint(self) -> str:
        if self.heading:
            return _("now click the way the cars cross the line (an arrow round the middle field) · Esc: start again")
        return _(self.help)


class ArrowTool(Tool):
    name = N_("Arrows")
    key = "A"
    help = N_("click a field, then the one way out of it · right click: remove the arrow")

    def __init__(self, host: ToolHost) -> None:
        super().__init__(host)
        self.at: Hex | None = None

    @property
    def busy(self) -> bool:
        return self.at is not None

    def press(self, h: Hex, button: int) -> None:
        if button == RIGHT:
            self.at = None
            if h in self.host.draft.arrows:
                self.host.apply(lambda d: d.set_arrow(h, None), _("remove the arrow on {field}").format(field=h))
            return
        if self.at is not None:
            way = direction_between(self.at, h)
            if way is not None:
                at = self.at
                self.host.apply(lambda d: d.set_arrow(at, way), _("arrow on {field}").format(field=at))
                self.at = None
                return
        if h in self.host.draft.fields:
            self.at = h
        else:
            self.at = None
            self.host.say(_("an arrow stands on a field of the track"))

    def cancel(self) -> bool:
        busy, self.at = self.at is not None, None
        return busy

    def previews(self) -> list[Preview]:
        return [Preview((self.at,), WHITE, compass=self.at)] if self.at is not None else []

    def hint(self) -> str:
        return _("now click the way out of the field · Esc: another field") if self.at is not None else _(self.help)


class SplitTool(Tool):
    name = N_("Splits")
    key = "X"
    help = N_("click the fork, a field inside each branch (Enter when done), the rejoin; then name it · right click: remove")

    def __init__(self, host: ToolHost) -> None:
        super().__init__(host)
        self.fork: Hex | None = None
        self.branches: list[Hex] = []
        self.rejoin_next = False

    @property
    def busy(self) -> bool:
        return self.fork is not None

    def press(self, h: Hex, button: int) -> None:
        d = self.host.draft
        if button == RIGHT:
            if self.fork is not None:
                if self.branches and not self.rejoin_next:
                    self.branches.pop()
                else:
                    self.cancel()
                return
            for sp in d.splits:
                if h in (sp.fork, sp.rejoin) or any(h == b for _, b in sp.branches):
                    name = sp.name
                    self.host.apply(lambda x: x.remove_split(name), _("remove the split {name}").format(name=name))
                    return
            return
        if h not in d.fields:
            self.host.say(_("a split is made of fields of the track"))
            return
        if self.fork is None:
            self.fork = h
        elif self.rejoin_next:
            self._finish(h)
        elif h == self.fork:
            self.enter()
        elif h not in self.branches:
            self.branches.append(h)

    def enter(self) -> bool:
        if self.fork is None or self.rejoin_next:
            return False
        if len(self.branches) < 2:
            self.host.say(_("a split needs at least two branches: click a field inside each"))
            return True
        self.rejoin_next = True
        return True

    def _finish(self, rejoin: Hex) -> None:
        fork, branches = self.fork, list(self.branches)
        assert fork is not None
        taken = {s.name for s in self.host.draft.splits}
        name = next(f"Split {i}" for i in range(1, 100) if f"Split {i}" not in taken)
        names = ", ".join("abcdefgh"[i] if i < 8 else f"b{i}" for i in range(len(branches)))

        def done(answers: list[str] | None) -> None:
            if answers is None:
                return
            title = answers[0].strip() or name
            labels = [b.strip() for b in answers[1].split(",") if b.strip()] if len(answers) > 1 else []
            labels += [f"b{i + 1}" for i in range(len(labels), len(branches))]
            if len(set(labels[: len(branches)])) < len(branches):
                self.host.say(_("the branches need names of their own"))
                return
            split = Split(title, fork, tuple(zip(labels, branches)), rejoin)
            self.host.apply(lambda d: d.add_split(split), _("split {name}").format(name=title))

        self.cancel()
        self.host.ask(_("A split"), [(_("Name of the split"), name), (_("Names of the branches (comma-separated, in the order clicked)"), names)], done)

    def cancel(self) -> bool:
        busy = self.fork is not None
        self.fork, self.branches, self.rejoin_next = None, [], False
        return busy

    def previews(self) -> list[Preview]:
        if self.fork is None:
            return []
        tags = [(self.fork, "fork")] + [(b, "abcdefgh"[i] if i < 8 else str(i)) for i, b in enumerate(self.branches)]
        return [Preview((self.fork, *self.branches), CYAN, tags=tuple(tags))]

    def hint(self) -> str:
        if self.fork is None:
            return _(self.help)
        if self.rejoin_next:
            return _("now click the rejoin: the first field every branch leads into")
        return _("click a field well inside each branch ({n} so far) · Enter: done, then the rejoin · right click: drop the last").format(n=len(self.branches))


class PitTool(Tool):
    name = N_("Pit lane")
    key = "P"
    help = N_("drag the pit lane's fields in driving order, then click its entry and its exit · right click: remove")

    def __init__(self, host: ToolHost) -> None:
        super().__init__(host)
        self.lane: list[Hex] = []
        self.dragging = False
        self.entry: Hex | None = None
        self.step = ""  # "", "entry", "exit"

    @property
    def busy(self) -> bool:
        return bool(self.lane)

    def press(self, h: Hex, button: int) -> None:
        d = self.host.draft
        if button == RIGHT:
            self.cancel()
            if d.pit is not None:
                self.host.apply(lambda x: x.set_pit(None), N_("remove the pit lane"))
            return
        if self.step == "entry":
            self.entry, self.step = h, "exit"
            return
        if self.step == "exit" and self.entry is not None:
            pit = PitLane(tuple(self.lane), self.entry, h)
            self.cancel()
            self.host.apply(lambda x: x.set_pit(pit), _("pit lane: {fields}").format(fields=_fields(len(pit.fields))))
            return
        if h in d.fields:
            self.host.say(_("the pit lane runs beside the track: drag it over free hexes"))
            return
        self.lane, self.dragging, self.step = [h], True, ""

    def drag(self, h: Hex) -> None:
        if self.dragging:
            for n in _chain_to(self.lane, h):
                if n not in self.lane and n not in self.host.draft.fields:
                    self.lane.append(n)

    def release(self, h: Hex, button: int) -> None:
        if self.dragging:
            self.drag(h)
            self.dragging = False
            self.step = "entry"

    def cancel(self) -> bool:
        busy = bool(self.lane)
        self.lane, self.dragging, self.entry, self.step = [], False, None, ""
        return busy

    def previews(self) -> list[Preview]:
        if not self.lane:
            return []
        tags = [(self.lane[0], "1")] + ([(self.entry, "entry")] if self.entry is not None else [])
        return [Preview(tuple(self.lane), PIT, tags=tuple(tags))]

    def hint(self) -> str:
        if self.step == "entry":
            return _("now click the entry: the track field next to the pit lane's first field")
        if self.step == "exit":
            return _("now click the exit: the track field next to its last field, further on")
        return _(self.help)


class Field42Tool(Tool):
    name = N_("42 field")
    key = "N"
    help = N_("click a field: the 42 field (Le Mans) · right click: remove it")

    def press(self, h: Hex, button: int) -> None:
        d = self.host.draft
        if button == RIGHT:
            self.host.apply(lambda x: x.set_field42(None), N_("remove the 42 field"))
        elif h not in d.fields and not d.is_pit(h):
            self.host.say(_("the 42 field is a field of the track"))
        else:
            self.host.apply(lambda x: x.set_field42(h), _("42 field on {field}").format(field=h))


class DunlopTool(Tool):
    name = N_("Dunlop")
    key = "D"
    help = N_("drag over the fields under the Dunlop bridge (Le Mans) · right click: remove it")

    def __init__(self, host: ToolHost) -> None:
        super().__init__(host)
        self.path: list[Hex] = []

    @property
    def busy(self) -> bool:
        return bool(self.path)

    def press(self, h: Hex, button: int) -> None:
        if button == RIGHT:
            self.path = []
            self.host.apply(lambda d: d.set_dunlop(()), N_("remove the Dunlop bridge"))
        else:
            self.path = [h]

    def drag(self, h: Hex) -> None:
        if self.path:
            self.path += [n for n in _chain_to(self.path, h) if n not in self.path]

    def release(self, h: Hex, button: int) -> None:
        if self.path:
            self.drag(h)
            fields = list(self.path)
            self.path = []
            self.host.apply(lambda d: d.set_dunlop(fields), _("Dunlop bridge: {fields}").format(fields=_fields(len(fields))))

    def cancel(self) -> bool:
        busy, self.path = bool(self.path), []
        return busy

    def previews(self) -> list[Preview]:
        return [Preview(tuple(self.path), (40, 40, 44))] if self.path else []


class LabelTool(Tool):
    name = N_("Labels")
    key = "W"
    help = N_("click a field and type the label's text · right click: remove the label")

    def press(self, h: Hex, button: int) -> None:
        d = self.host.draft
        old = next((lb.text for lb in d.labels if lb.at == h), "")
        if button == RIGHT:
            if old:
                self.host.apply(lambda x: x.set_label(h, None), _("remove the label {text}").format(text=repr(old)))
            return
        if h not in d.fields and not d.is_pit(h):
            self.host.say(_("a label stands on a field of the track (the board sets it beside the track)"))
            return

        def done(answers: list[str] | None) -> None:
            if answers is None:
                return
            text = answers[0].strip()
            self.host.apply(lambda x: x.set_label(h, text or None), _("label {text}").format(text=repr(text)) if text else N_("remove a label"))

        self.host.ask(_("A label on {field}").format(field=h), [(_("Text (empty: no label)"), old)], done)


class ImageTool(Tool):
    """Move the background image by dragging; [ ] scale it, , . its opacity (keys in the scene)."""

    name = N_("Image")
    key = "I"
    help = N_("drag: move the background image · [ ] smaller/larger · , . fainter/stronger · O: load · Del: remove · K: calibrate by two points")

    def __init__(self, host: ToolHost) -> None:
        super().__init__(host)
        self.last: Hex | None = None

    def hint(self) -> str:
        if self.host.draft.background is None:
            return _("no background image yet: O (or drop a PNG/JPEG on the window) to load one")
        return _(self.help)



def move_background(bg: Background, dx_units: float, dy_units: float) -> Background:
    """The background moved by some hex units."""
    lim = OFFSET_LIMIT
    x, y = bg.offset[0] + dx_units, bg.offset[1] + dy_units
    return Background(bg.path, bg.scale, (max(-lim, min(lim, x)), max(-lim, min(lim, y))), bg.opacity)


OFFSET_LIMIT = 1e6  # hex units (the side file's check too)


def scale_background(bg: Background, factor: float, around: tuple[float, float]) -> Background:
    """The background drawn `factor` times larger, the point `around` (hex units) staying put."""
    ax, ay = around
    ox, oy = bg.offset
    scale = min(SCALE_RANGE[1], max(SCALE_RANGE[0], bg.scale / factor))
    factor = bg.scale / scale
    return Background(bg.path, scale, (ax + (ox - ax) * factor, ay + (oy - ay) * factor), bg.opacity)


SCALE_RANGE = (1e-3, 1e6)  # image pixels per hex unit the editor accepts (the side file's check too)
HEX_STEP = 3.0**0.5  # hex units between the centres of neighbouring fields


def set_scale(bg: Background, scale: float, around: tuple[float, float]) -> Background:
    """The background at `scale` image pixels a hex unit (ValueError for a scale that is not a
    finite number in `SCALE_RANGE`), the point `around` staying put."""
    if not (math.isfinite(scale) and SCALE_RANGE[0] <= scale <= SCALE_RANGE[1]):
        raise ValueError(_("the scale must be a number from {lo} to {hi}").format(lo=f"{SCALE_RANGE[0]:g}", hi=f"{SCALE_RANGE[1]:g}"))
    return scale_background(bg, bg.scale / scale, around)


def fit_background(bg: Background, image: tuple[int, int], area: tuple[float, float, float, float]) -> Background:
    """The background scaled and moved so that the whole image fits the area (left, top, right,
    bottom in hex units), centred in it."""
    w, h = max(1, image[0]), max(1, image[1])
    x0, y0, x1, y1 = area
    aw, ah = max(1e-6, x1 - x0), max(1e-6, y1 - y0)
    scale = max(w / aw, h / ah)
    scale = min(SCALE_RANGE[1], max(SCALE_RANGE[0], scale))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return Background(bg.path, scale, (cx - w / scale / 2, cy - h / scale / 2), bg.opacity)


def calibrate_background(bg: Background, a: tuple[float, float], b: tuple[float, float], fields: float) -> Background:
    """The background scaled so that the points `a` and `b` of the image (where they lie now, in hex
    units) come to lie `fields` fields apart (centre to centre), `a` staying put. ValueError for a
    distance that is not a positive finite number, or two points too close together."""
    if not (math.isfinite(fields) and 0 < fields <= 10_000):
        raise ValueError(_("the distance must be a number of fields above 0"))
    dist = math.hypot(b[0] - a[0], b[1] - a[1])
    if dist < 1e-6:
        raise ValueError(_("the two points lie on each other: click two points apart"))
    factor = fields * HEX_STEP / dist  # how many times larger the image is drawn
    if not SCALE_RANGE[0] <= bg.scale / factor <= SCALE_RANGE[1]:
        raise ValueError(_("the scale must be a number from {lo} to {hi}").format(lo=f"{SCALE_RANGE[0]:g}", hi=f"{SCALE_RANGE[1]:g}"))
    return scale_background(bg, factor, a)


def fade_background(bg: Background, delta: float) -> Background:
    return Background(bg.path, bg.scale, bg.offset, round(max(0.0, min(1.0, bg.opacity + delta)), 2))


class SelectTool(Tool):
    """Select a region (drag a box), then move it (drag it), turn it (Q/E), mirror it (H), copy,
    cut and paste it (Ctrl+C/X/V: the copy follows the mouse, a click lays it), delete it (Del)."""

    name = N_("Select")
    key = "M"
    help = N_("drag a box: select · drag the selection: move it · Q/E turn · H mirror · Ctrl+C/X/V copy, cut, paste · Del: delete · right click: clear")

    def __init__(self, host: ToolHost) -> None:
        super().__init__(host)
        self.selection: frozenset[Hex] = frozenset()
        self.mode = ""  # "box" (dragging a box) or "move" (dragging the selection)
        self.a: Hex | None = None
        self.b: Hex | None = None
        self.clip: region.Clip | None = None  # what Ctrl+C or Ctrl+X took
        self.anchor = Hex(0, 0)
        self.pasting = False

    @property
    def busy(self) -> bool:
        return self.mode != "" or self.pasting

    def selected(self) -> frozenset[Hex]:
        """The selection, less what no longer stands there (an undo, an erase)."""
        return self.selection & self.host.draft.occupied()

    def box(self) -> frozenset[Hex]:
        if self.a is None or self.b is None:
            return frozenset()
        return frozenset(shapes.rect(self.a, self.b, self.host.draft.orientation)) & self.host.draft.occupied()

    def press(self, h: Hex, button: int) -> None:
        if button == RIGHT:
            self.cancel()
            self.selection = frozenset()
            return
        if self.pasting and self.clip is not None:
            clip, anchor = self.clip, self.anchor
            self.host.apply(lambda d: region.paste(d, clip, h, anchor), _("paste {fields}").format(fields=_fields(len(clip.fields))))
            shift = Hex(h.q - anchor.q, h.r - anchor.r)
            self.selection = frozenset(Hex(x.q + shift.q, x.r + shift.r) for x, _k in clip.fields)
            self.pasting = False
            return
        self.a = self.b = h
        self.mode = "move" if h in self.selected() else "box"

    def drag(self, h: Hex) -> None:
        if self.mode:
            self.b = h

    def release(self, h: Hex, button: int) -> None:
        if not self.mode:
            return
        self.b = h
        if self.mode == "box":
            self.selection = self.box()
            if self.selection:
                self.host.say(_("{fields} selected: drag to move · Q/E turn · H mirror · Ctrl+C copy · Del delete").format(fields=_fields(len(self.selection))))
        elif self.a is not None and self.a != h:
            shift = Hex(h.q - self.a.q, h.r - self.a.r)
            self.transform(region.Move(shift=shift), _("move {fields}"))
        self.mode, self.a, self.b = "", None, None

    def transform(self, m: region.Move, label: str) -> bool:
        """Move, turn or mirror the selection (one step of the history); it stays selected."""
        sel = self.selected()
        if not sel:
            self.host.say(_("select a region first: drag a box round it"))
            return False
        if self.host.apply(lambda d: region.transform(d, sel, m), label.format(fields=_fields(len(sel)))):
            self.selection = frozenset(m(h) for h in sel)
            return True
        return False

    def centred(self, **kw: object) -> region.Move:
        d = self.host.draft
        return region.Move(centre=region.take(d, self.selected()).centre(), orientation=d.orientation, **kw)  # type: ignore[arg-type]

    def turn(self, steps: int) -> bool:
        return self.transform(self.centred(turns=steps), _("turn {fields}"))

    def mirror(self) -> bool:
        return self.transform(self.centred(mirror=True), _("mirror {fields}"))

    def copy(self, cut: bool = False) -> bool:
        sel = self.selected()
        if not sel:
            self.host.say(_("select a region first: drag a box round it"))
            return False
        d = self.host.draft
        self.clip = region.take(d, sel)
        self.anchor = self.clip.centre()
        if cut:
            self.host.apply(lambda x: x.erase(sel), _("cut {fields}").format(fields=_fields(len(sel))))
            self.selection = frozenset()
        self.host.say((_("cut {fields}: Ctrl+V to lay it elsewhere") if cut else _("copied {fields}: Ctrl+V to lay a copy")).format(fields=_fields(len(self.clip.fields))))
        return True

    def paste(self) -> bool:
        """Ctrl+V: the copy follows the mouse; a click lays it (Esc: not)."""
        if self.clip is None:
            self.host.say(_("nothing copied yet: select a region, Ctrl+C"))
            return False
        self.pasting = True
        self.host.say(_("click where the copy goes (Esc: cancel)"))
        return True

    def delete(self) -> bool:
        sel = self.selected()
        if not sel:
            return False
        self.selection = frozenset()
        return self.host.apply(lambda d: d.erase(sel), _("delete {fields}").format(fields=_fields(len(sel))))

    def cancel(self) -> bool:
        if self.mode or self.pasting:
            self.mode, self.a, self.b, self.pasting = "", None, None, False
            return True
        if self.selection:
            self.selection = frozenset()
            return True
        return False

    def previews(self) -> list[Preview]:
        out = []
        sel = self.selected()
        if self.mode == "move" and self.a is not None and self.b is not None and sel:
            shift = Hex(self.b.q - self.a.q, self.b.r - self.a.r)
            out.append(Preview(tuple(Hex(h.q + shift.q, h.r + shift.r) for h in sel), CYAN))
        elif sel:
            out.append(Preview(tuple(sel), GOLD, tags=((min(sel, key=lambda h: (h.r, h.q)), _fields(len(sel))),)))
        if self.mode == "box" and self.a is not None and self.b is not None:
            out.append(Preview(tuple(shapes.rect(self.a, self.b, self.host.draft.orientation)), CYAN))
        h = self.host.hover
        if self.pasting and self.clip is not None and h is not None:
            shift = Hex(h.q - self.anchor.q, h.r - self.anchor.r)
            out.append(Preview(tuple(Hex(x.q + shift.q, x.r + shift.r) for x, _k in self.clip.fields), CYAN))
        return out

    def hint(self) -> str:
        if self.pasting:
            return _("click where the copy goes (Esc: cancel)")
        return _(self.help)


TOOLS: tuple[type[Tool], ...] = (
    PaintTool, LaneTool, RectTool, FillTool, StartTool, ArrowTool, SplitTool, PitTool, Field42Tool, DunlopTool, LabelTool, ImageTool, SelectTool,
)


def ways_round(at: Hex) -> list[tuple[int, Hex]]:
    """The six neighbours of a field with their directions (the compass of a tool)."""
    return [(d, at + DIRECTIONS[d]) for d in range(6)]
