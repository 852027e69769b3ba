"""The tools that mark what a track is besides its fields: the start line and its heading, arrows,
splits with their branches, the pit lane, the 42 field, the Dunlop bridge and labels.
"""
from __future__ import annotations

from game.hexgrid import Hex, direction_between
from game.i18n import N_, _
from game.racerbile.track import PitLane, Split
from game.ui.editor.editor_tool_base import CYAN, PIT, RIGHT, WHITE, Preview, Tool, ToolHost, chain_to, fields_text


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
                self.host.apply(lambda d: d.set_start(picked, way), _("start line: {fields}").format(fields=fields_text(len(picked))))
                self.picked, self.heading = [], False
                return
        self.picked, self.dragging, self.heading = [h], True, False

    def drag(self, h: Hex) -> None:
        if self.dragging:
            for n in chain_to(self.picked, h):
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
            self.host.apply(lambda x: x.set_pit(pit), _("pit lane: {fields}").format(fields=fields_text(len(pit.fields))))
            return
        if h in d.fields:
            self.host.say(_("the pit lane runs beside the track: drag it over free hexes"))
            return
        self.lane, self.dragging, self.step = [h], True, ""

    def drag(self, h: Hex) -> None:
        if self.dragging:
            for n in chain_to(self.lane, h):
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
            self.path += [n for n in chain_to(self.path, h) if n not in self.path]

    def release(self, h: Hex, button: int) -> None:
        if self.path:
            self.drag(h)
            fields = list(self.path)
            self.path = []
            self.host.apply(lambda d: d.set_dunlop(fields), _("Dunlop bridge: {fields}").format(fields=fields_text(len(fields))))

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
