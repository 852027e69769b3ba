"""The editor's commands – the buttons of the palette, the panel and the title bar, and the keys
that do the same: undo and redo, the history, problems, the track's name and theme, the Select
tool's region commands, the background image (load, scale, fit, two-point calibration) and the
test drive.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.racerbile.dangers import Analysis
from game.racerbile.draft import Background
from game.racerbile.editing import Problem
from game.racerbile.track import THEMES
from game.session.testdrive import drive_lap
from game.ui.common.modal import ListDialog
from game.ui.common.words import theme_label
from game.ui.editor.editor_drive import DriveView
from game.ui.editor.editor_tool_base import KINDS
from game.ui.editor.editor_tools_image import HEX_STEP, calibrate_background, fit_background, set_scale
from game.ui.editor.editor_tools_select import SelectTool

if TYPE_CHECKING:
    from game.ui.editor.editor import EditorScene


class EditorCommands:
    """What the buttons and command keys of one `EditorScene` do."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene

    def do(self, action: str) -> None:
        """A button of the palette, the panel or the title bar."""
        s = self.scene
        name, _, arg = action.partition(":")
        if name == "tool":
            s.select_tool(int(arg))
        elif name == "kind":
            s.kind = KINDS[int(arg)]
        elif name == "width":
            s.lane_width = max(1, min(3, s.lane_width + int(arg)))
        elif name == "problem":
            i = int(arg)
            if 0 <= i < len(s.problems):
                self.show_problem(s.problems[i])
        elif name == "hint":
            i = int(arg)
            if 0 <= i < len(s.forks):
                s.canvas.centre_on(s.forks[i])
                s.flash = (s.forks[i], s.clock)
                s.input.update_hover()
        elif name == "history":
            self.go_to(int(arg))
        elif name == "image":
            if arg == "load":
                self.ask_background()
            elif arg == "scale":
                self.ask_scale()
            elif arg == "fit":
                self.fit_image()
            elif arg == "calibrate":
                self.start_calibration()
            elif s.draft.background is not None:
                s.apply(lambda d: d.set_background(None), N_("remove the image"))
        elif name == "region":
            self.region_key(arg)
        elif name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "drive":
            self.toggle_drive()
        elif name == "save":
            s.files.save()
        elif name == "saveas":
            s.files.save_as()
        elif name == "export":
            s.files.export()
        elif name == "rename":
            self.rename()
        elif name == "theme":
            self.pick_theme()
        elif name == "help":
            s.show_help = True

    def undo(self) -> None:
        s = self.scene
        if s.editor.undo():
            s.say(_("undone"))
            s.after_edit()
        else:
            s.say(_("nothing to undo"))

    def redo(self) -> None:
        s = self.scene
        if s.editor.redo():
            s.say(_("redone"))
            s.after_edit()
        else:
            s.say(_("nothing to redo"))

    def go_to(self, index: int) -> None:
        """Back to the draft after edit `index` of the history."""
        s = self.scene
        while len(s.editor.history) - 1 > index and s.editor.undo():
            pass
        s.after_edit()

    def show_problem(self, p: Problem) -> None:
        s = self.scene
        if p.fields:
            s.canvas.centre_on(p.fields)
            s.flash = (p.fields, s.clock)
            s.input.update_hover()

    def rename(self) -> None:
        s = self.scene
        d = s.draft

        def done(answers: list[str] | None) -> None:
            if answers is not None:
                name = answers[0].strip() or d.name
                author = answers[1].strip() if len(answers) > 1 else d.author
                s.apply(lambda x: x.set_meta(name=name, author=author), _("name: {name}").format(name=name))

        s.ask(_("The track"), [(_("Name"), d.name), (_("Author"), d.author)], done)

    def pick_theme(self) -> None:
        """C: the board's colours – and whether the hexes have pointy or flat tops."""
        s = self.scene
        now = "  " + _("(now)")
        tops = {"pointy": _("pointy tops"), "flat": _("flat tops")}
        items = [(f"{theme_label(t)}{now if t == s.draft.theme else ''}", t) for t in THEMES]
        items += [(f"{tops[o]}{now if o == s.draft.orientation else ''}", f"orientation:{o}") for o in ("pointy", "flat")]

        def chosen(key: str | None) -> None:
            if key is None:
                return
            s.modal = None
            if key.startswith("orientation:"):
                o = key.partition(":")[2]
                s.apply(lambda d: d.set_orientation(o), tops[o])
            else:
                s.apply(lambda d: d.set_theme(key), _("theme {name}").format(name=theme_label(key)))

        s.modal = ListDialog(s.fonts, s.host.size, _("The theme"), _("The colours of the board and the hexes' tops"), items, _("Choose"), chosen, panel_size=(460, 440))

    def ask_background(self) -> None:
        s = self.scene
        bg = s.draft.background

        def done(answers: list[str] | None) -> None:
            if answers and answers[0].strip():
                self.load_background(answers[0].strip())

        s.ask(_("A background image"), [(_("A PNG or JPEG file (or drop one on the window)"), bg.path if bg else "")], done)

    def select_tool_index(self) -> int:
        s = self.scene
        return next(i for i, t in enumerate(s.tools) if isinstance(t, SelectTool))

    def region_key(self, what: str) -> None:
        """The Select tool's commands: turn-left, turn-right, mirror, copy, cut, paste, delete."""
        s = self.scene
        if not isinstance(s.tool, SelectTool):
            if what != "paste":
                return
            s.select_tool(self.select_tool_index())
        tool = s.tool
        assert isinstance(tool, SelectTool)
        if what == "turn-left":
            tool.turn(1)
        elif what == "turn-right":
            tool.turn(-1)
        elif what == "mirror":
            tool.mirror()
        elif what in ("copy", "cut"):
            tool.copy(cut=what == "cut")
        elif what == "paste":
            tool.paste()
        elif what == "delete":
            tool.delete()

    def ask_scale(self) -> None:
        """The image's scale typed in: its pixels a field (centre to centre), the board's centre
        staying put."""
        s = self.scene
        bg = s.draft.background
        if bg is None:
            self.ask_background()
            return

        def done(answers: list[str] | None) -> None:
            b = s.draft.background
            if not answers or b is None:
                return
            try:
                per_field = float(answers[0].replace(",", ".").strip())
                new = set_scale(b, per_field / HEX_STEP, s.canvas.units_at(s.lay.board.center))
            except ValueError as e:
                s.say(_("not a scale: {text} – {error}").format(text=answers[0], error=e if str(e) and "could not convert" not in str(e) else _("type a number")))
                return
            s.apply(lambda d: d.set_background(new), N_("scale the image"), merge=True)

        s.ask(_("The image's scale"), [(_("Image pixels from one field's centre to the next"), f"{bg.scale * HEX_STEP:.4g}")], done)

    def fit_image(self) -> None:
        """Scale and move the image so that the whole of it fits the board as it is shown now."""
        s = self.scene
        bg = s.draft.background
        img = s.canvas.background_image()
        if bg is None or img is None:
            s.say(_("no background image yet: O (or drop a PNG/JPEG on the window) to load one"))
            return
        b = s.lay.board
        x0, y0 = s.canvas.units_at((b.x + 8, b.y + 8))
        x1, y1 = s.canvas.units_at((b.right - 8, b.bottom - 8))
        new = fit_background(bg, img.get_size(), (x0, y0, x1, y1))
        s.apply(lambda d: d.set_background(new), N_("fit the image to the window"))

    def start_calibration(self) -> None:
        """Two-point calibration: click two points of the image, then type how many fields apart
        they are."""
        s = self.scene
        if s.draft.background is None:
            self.ask_background()
            return
        s.calib = []
        s.say(_("calibrate: click the first of two points on the image whose distance you know (Esc: cancel)"))

    def calibration_point(self, at: tuple[float, float]) -> None:
        s = self.scene
        assert s.calib is not None
        s.calib.append(at)
        if len(s.calib) < 2:
            s.say(_("calibrate: now click the second point"))
            return
        a, b = s.calib[0], s.calib[1]

        def done(answers: list[str] | None) -> None:
            s.calib = None
            bg = s.draft.background
            if not answers or bg is None:
                return
            try:
                fields = float(answers[0].replace(",", ".").strip())
                new = calibrate_background(bg, a, b, fields)
            except ValueError as e:
                s.say(_("not calibrated: {error}").format(error=e if str(e) and "could not convert" not in str(e) else _("type a number")))
                return
            s.apply(lambda d: d.set_background(new), N_("calibrate the image"))
            s.say(_("calibrated: the two points lie {n} fields apart").format(n=f"{fields:g}"))

        s.ask(_("Calibrate the image"), [(_("How many fields apart are the two points?"), "10")], done)

    def load_background(self, path: str) -> bool:
        """Lay the image in `path` under the grid, spanning the board as it is now."""
        s = self.scene
        try:
            img = pygame.image.load(str(Path(path).expanduser()))
        except (pygame.error, OSError, FileNotFoundError) as e:
            s.say(_("cannot load {path}: {error}").format(path=path, error=e))
            return False
        w = max(1, img.get_width())
        area = s.lay.board
        units = area.width * 0.8 / s.canvas.scale
        x0, y0 = s.canvas.units_at((area.x + area.width * 0.1, area.y + area.height * 0.1))
        old = s.draft.background
        bg = Background(path, w / units, (x0, y0), old.opacity if old else 0.5)
        s.apply(lambda d: d.set_background(bg), _("image {name}").format(name=Path(path).name))
        s.say(_("{name} under the grid: Image tool (I) or Alt+drag moves it, Alt+wheel or [ ] scales it, , . opacity").format(name=Path(path).name))
        return True

    def toggle_drive(self) -> None:
        s = self.scene
        if s.drive is not None:
            self.stop_drive()
            return
        s.sync(now=True)
        if s.problems:
            fix = _("fix the {n} problem first: the bots need a track they can race") if len(s.problems) == 1 else _("fix the {n} problems first: the bots need a track they can race")
            s.say(fix.format(n=len(s.problems)))
            return
        track = s.draft.to_track()
        try:
            result = drive_lap(track)
            analysis = Analysis(track)
        except Exception as e:  # the rules found something the validator let pass
            s.say(_("the bots cannot drive it: {error}").format(error=e))
            return
        s.drive = DriveView(result, analysis)
        s.say(_("test drive: {summary}").format(summary=result.summary()))

    def stop_drive(self) -> None:
        s = self.scene
        s.drive = None
        s.canvas.set_markers({})

