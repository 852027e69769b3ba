"""The editor's tools: what a press, a drag and a release on the board do, step by step – and the
palette (`TOOLS`, in the order of its buttons).

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

The base is `editor_tool_base`; the tools live by what they edit: `editor_tools_lay` (fields),
`editor_tools_marks` (start, arrows, splits, pit lane, 42 field, Dunlop, labels),
`editor_tools_image` (the background image) and `editor_tools_select` (regions).
"""
from __future__ import annotations

from game.ui.editor.editor_tool_base import Tool
from game.ui.editor.editor_tools_image import ImageTool
from game.ui.editor.editor_tools_lay import FillTool, LaneTool, PaintTool, RectTool
from game.ui.editor.editor_tools_marks import ArrowTool, DunlopTool, Field42Tool, LabelTool, PitTool, SplitTool, StartTool
from game.ui.editor.editor_tools_select import SelectTool

TOOLS: tuple[type[Tool], ...] = (
    PaintTool, LaneTool, RectTool, FillTool, StartTool, ArrowTool, SplitTool, PitTool, Field42Tool, DunlopTool, LabelTool, ImageTool, SelectTool,
)
