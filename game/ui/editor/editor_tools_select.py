"""The Select tool: a region of the track selected, moved, turned, mirrored, copied, cut, pasted
and deleted (game.racerbile.region does the edits).
"""
from __future__ import annotations

from game.hexgrid import Hex
from game.i18n import N_, _
from game.racerbile import region, shapes
from game.ui.editor.editor_tool_base import CYAN, GOLD, RIGHT, Preview, Tool, ToolHost, fields_text


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
            self.host.apply(lambda d: region.paste(d, clip, h, anchor), _("paste {fields}").format(fields=fields_text(len(clip.fields))))
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
                self.host.say(_("{fields} selected: drag to move · Q/E turn · H mirror · Ctrl+C copy · Del delete").format(fields=fields_text(len(self.selection))))
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
        if self.host.apply(lambda d: region.transform(d, sel, m), label.format(fields=fields_text(len(sel)))):
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
            self.host.apply(lambda x: x.erase(sel), _("cut {fields}").format(fields=fields_text(len(sel))))
            self.selection = frozenset()
        self.host.say((_("cut {fields}: Ctrl+V to lay it elsewhere") if cut else _("copied {fields}: Ctrl+V to lay a copy")).format(fields=fields_text(len(self.clip.fields))))
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
        return self.host.apply(lambda d: d.erase(sel), _("delete {fields}").format(fields=fields_text(len(sel))))

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
            out.append(Preview(tuple(sel), GOLD, tags=((min(sel, key=lambda h: (h.r, h.q)), fields_text(len(sel))),)))
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
