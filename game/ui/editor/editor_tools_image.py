"""The background image under the grid: the Image tool, and the plain arithmetic that moves,
scales, fits, calibrates (two points a known number of fields apart) and fades it.
"""
from __future__ import annotations

import math

from game.hexgrid import Hex
from game.i18n import N_, _
from game.racerbile.draft import Background
from game.ui.editor.editor_tool_base import Tool, ToolHost


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
