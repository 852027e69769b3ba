"""The tools that lay and erase fields: the paint brush (live while dragging), a lane of 1–3
widths along a stroke, a rectangle, and the fill of a region or an infield.
"""
from __future__ import annotations

from game.hexgrid import DIRECTIONS, Hex
from game.i18n import N_, _
from game.racerbile import shapes
from game.ui.editor.editor_tool_base import CYAN, KINDS, RED, RIGHT, Preview, Tool, ToolHost, chain_to, fields_text


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
        new = chain_to(self.path, h)
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
        self.host.end_stroke(f"{word}: {fields_text(len(set(self.path)))}")
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
            self.path += chain_to(self.path, h)

    def release(self, h: Hex, button: int) -> None:
        if not self.button:
            return
        self.drag(h)
        hexes = self.shape()
        kind = self.host.kind
        if self.button == RIGHT:
            self.host.apply(lambda d: d.erase(hexes), _("erase {tool}: {fields}").format(tool=_(self.name).lower(), fields=fields_text(len(hexes))))
        else:
            self.host.apply(lambda d: d.paint(hexes, kind), f"{_(self.name).lower()} {_(kind.value)}: {fields_text(len(hexes))}")
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
            tag = ((self.path[-1], f"{lanes} · {fields_text(len(cells))}"),) if self.path else ()
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
            self.host.apply(lambda x: x.erase(region), _("erase region: {fields}").format(fields=fields_text(len(region))))
            return
        region = shapes.fill(h, d, kind)
        if not region:
            self.host.say(_("nothing to fill here: outside the track's hexagon, or already that kind"))
            return
        self.host.apply(lambda x: x.paint(region, kind), _("fill {kind}: {fields}").format(kind=_(kind.value), fields=fields_text(len(region))))
