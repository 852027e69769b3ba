"""The track editor scene: design a Racerbile track with the mouse (`python main.py edit [FILE]`).

The scene holds an `Editor` (game.racerbile.editing: the draft, unlimited undo, live validation,
safe saving) and shows its draft on a `SheetView` (game.ui.editor.editor_canvas) between the tool palette
and the side panel (game.ui.editor.editor_panels). The tools (game.ui.editor.editor_tools) turn presses and drags
on the board into edits; the paint brush edits live while dragging and its whole drag becomes one
step of the history. After an edit the draft is validated – at once after a quiet spell, else
(clicks, keys and drags alike) at most every `CHECK_EVERY` seconds, so that the last edit of a
quick run is checked that long after the one before at the latest – and its problems are ringed
in red on the board and listed in the panel (click one to go there).

T takes the draft for a test drive (game.session.testdrive, shown by game.ui.editor.editor_drive): a bot
drives a lap, animated, and the fields where a 10–12 leaves the track and the bends a 7–9 squeals
in are marked (game.racerbile.dangers). Ctrl+S saves
(refused while the track has problems over a good file – then "Save as draft…"), Ctrl+Shift+S
saves elsewhere, Ctrl+E exports a PNG. F1 or ? shows every key.

The scene keeps the state (the draft, the tool, the problems, the dialog) and the tools' interface;
its parts do the rest, each over the scene: `EditorInput` (keys and mouse, editor_input),
`EditorCommands` (buttons and command keys, editor_commands), `EditorFiles` (save, export,
editor_files), `EditorRecovery` (the recovery file and SIGTERM, editor_recovery) and `EditorFrame`
(the overlays and the frame round the board, editor_frame).
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, Sequence

import pygame

from game.errors import InputError
from game.hexgrid import Hex
from game.i18n import N_, _
from game.racerbile.dangers import hot_spots
from game.racerbile.draft import Draft
from game.racerbile.editing import Editor, Problem, unsplit_forks
from game.racerbile.recovery import Recovery, read_recovery, recoveries
from game.racerbile.track import Kind
from game.ui.common.modal import Confirm, ListDialog, Modal
from game.ui.common.scene import Host, Scene
from game.ui.editor.editor_canvas import SheetView
from game.ui.editor.editor_commands import EditorCommands
from game.ui.editor.editor_drive import DriveView
from game.ui.editor.editor_files import EditorFiles, short_path, user_tracks
from game.ui.editor.editor_frame import EditorFrame
from game.ui.editor.editor_input import EditorInput
from game.ui.editor.editor_panels import EditorLayout, PanelState, TextPrompt, render_help
from game.ui.editor.editor_recovery import RECOVERY_EVERY, EditorRecovery
from game.ui.editor.editor_tool_base import Edit, Tool
from game.ui.editor.editor_tools import TOOLS
from game.ui.editor.editor_tools_image import ImageTool

CHECK_EVERY = 0.1  # seconds between validations while a drag goes on
FORK_QUIET = 0.5  # s without an edit before the sheet is searched for forks without a split
MESSAGE_SECONDS = 5.0


class EditorScene(Scene):
    """The editor: board, tools, panel; see the module docstring."""

    def __init__(self, host: Host, editor: Editor | None = None, message: str = "", offer: bool = True) -> None:
        super().__init__(host)
        self.input = EditorInput(self)
        self.commands = EditorCommands(self)
        self.files = EditorFiles(self)
        self.recovery = EditorRecovery(self)
        self.frame = EditorFrame(self)
        self.editor = editor if editor is not None else Editor()
        self.fonts = host.fonts
        self.lay = EditorLayout.for_size(host.size)
        self.canvas = SheetView(self.editor.draft, self.lay.board, self.fonts)
        self.tools: list[Tool] = [cls(self) for cls in TOOLS]
        self.tool_index = 0
        self.kind: Kind = Kind.NORMAL
        self.lane_width = 2
        self.modal: Modal | None = None
        self.show_help = False
        self.problems: list[Problem] = []
        self.lap: int | None = None
        self.problem_scroll = 0
        self.drive: DriveView | None = None
        self.hover: Hex | None = None
        self.clock = 0.0
        self.message = message
        self.message_at = 0.0
        self.flash: tuple[tuple[Hex, ...], float] | None = None
        self.left_clean = False  # left by choice (nothing to keep at close)
        self._checked: Draft | None = None
        self._checked_at = -1.0
        self._stroke: tuple[int, Draft] | None = None
        self.forks: list[tuple[Hex, ...]] = []  # islands the track forks round with no split declared
        self._forks_of: object = None
        self.calib: list[tuple[float, float]] | None = None  # two-point calibration: the points clicked
        self.check()
        self.resize(host.size)
        if editor is not None and editor.notes:
            self.say(" · ".join(editor.notes))
        self.recovery.catch_sigterm()
        if offer:
            self.recovery.offer()

    # --- the ToolHost interface ------------------------------------------------------------------

    @property
    def draft(self) -> Draft:
        return self.editor.draft

    @property
    def tool(self) -> Tool:
        return self.tools[self.tool_index]

    def apply(self, edit: Edit, label: str, merge: bool = False) -> bool:
        """One edit of the draft; the board, the problems and the panel follow (`merge`: joins the
        last edit of the same label, as one step of the history)."""
        try:
            changed = self.editor.apply(edit, label, merge=merge)
        except ValueError as e:
            self.say(str(e))
            return False
        if changed:
            self.after_edit()
        return changed

    def begin_stroke(self) -> None:
        self._stroke = (len(self.editor.history), self.editor.draft)

    def end_stroke(self, label: str) -> None:
        """The edits since `begin_stroke` become one step of the history, labelled `label`."""
        if self._stroke is None:
            return
        start, _ = self._stroke
        self._stroke = None
        n = len(self.editor.history) - start
        if n <= 0:
            return
        final = self.editor.draft
        for _ in range(n):
            self.editor.undo()
        self.editor.apply(lambda _d: final, label)
        self.after_edit()

    def ask(self, title: str, prompts: Sequence[tuple[str, str]], done: Callable[[list[str] | None], None]) -> None:
        self.modal = TextPrompt(self.fonts, self.host.size, title, prompts, done)

    def say(self, text: str) -> None:
        self.message = text
        self.message_at = self.clock

    # --- keeping up with the draft ---------------------------------------------------------------

    def fork_hint(self, shore: tuple[Hex, ...]) -> str:
        return _("the track forks round an island near {field} without a split: declare one with the split tool (X)").format(field=shore[0] if shore else "?")

    def after_edit(self) -> None:
        if self.drive is not None:
            self.commands.stop_drive()
        self.canvas.set_draft(self.editor.draft)

    def check(self) -> None:
        """Validate the current draft now (the problems, their rings, the lap)."""
        draft = self.editor.draft
        self.problems = self.editor.problems()
        self._checked = draft
        self._checked_at = self.clock
        self.canvas.set_marks(h for p in self.problems for h in p.fields)
        self.lap = None if self.problems else self.editor.track().graph.lap_length
        self.problem_scroll = min(self.problem_scroll, max(0, len(self.problems) - 1))

    def look_for_forks(self) -> None:
        """Once the edits pause (`FORK_QUIET` s after the last check): where the track forks round an
        island without a split (a search of the whole sheet – never in the middle of a stroke)."""
        draft = self._checked
        if draft is None or self.clock - self._checked_at < FORK_QUIET:
            return
        key = (draft.fields, draft.splits)
        if self._forks_of != key:
            self._forks_of = key
            before = len(self.forks)
            self.forks = unsplit_forks(draft)
            if len(self.forks) > before:
                self.say(self.fork_hint(self.forks[-1]))

    def sync(self, now: bool = False) -> None:
        """Show the current draft and validate it when due: at once (`now`), or – clicks, keys and
        drags alike – at most every `CHECK_EVERY` seconds (an edit after a quiet spell at once)."""
        if self.canvas.draft is not self.editor.draft:
            self.canvas.set_draft(self.editor.draft)
        if self._checked is not self.editor.draft:
            if now or self.clock - self._checked_at >= CHECK_EVERY:
                self.check()

    @property
    def checking(self) -> bool:
        return self._checked is not self.editor.draft

    # --- layout, tools, events -------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.lay = EditorLayout.for_size(size)
        if self.canvas.area != self.lay.board:
            self.canvas.resize(self.lay.board)
        if self.modal is not None:
            self.modal.resize(size)

    def help_toggle(self) -> None:
        self.show_help = not self.show_help

    def select_tool(self, i: int) -> None:
        if i == self.tool_index:
            return
        self.tool.cancel()
        self.tool_index = i
        if isinstance(self.tool, ImageTool) and self.draft.background is None:
            self.commands.ask_background()

    def on_board(self, pos: tuple[int, int]) -> bool:
        return self.lay.board.collidepoint(pos)

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.TEXTINPUT and self.input.eat_text:
            self.input.eat_text = False
            return
        if e.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.input.eat_text = False
        if self.modal is not None:
            m = self.modal
            m.handle_event(e)
            if self.modal is m and not m.open:
                self.modal = None
            return
        if self.show_help:
            if e.type == pygame.KEYDOWN or e.type == pygame.MOUSEBUTTONDOWN:
                self.show_help = False
            return
        self.input.handle(e)

    # --- leaving ---------------------------------------------------------------------------------

    def back(self) -> bool:
        """Esc: close a dialog or the help, stop a drive, drop a tool's step – or leave (asking
        first when there are unsaved changes)."""
        if self.modal is not None:
            m, self.modal = self.modal, None
            if isinstance(m, TextPrompt) and m.open:
                m.finish(None)
                if self.modal is m:
                    self.modal = None
            return True
        if self.show_help:
            self.show_help = False
            return True
        if self.calib is not None:
            self.calib = None
            self.say(_("calibration cancelled"))
            return True
        if self.drive is not None:
            self.commands.stop_drive()
            return True
        if self.tool.cancel():
            self.input.held = 0
            return True
        if self.editor.dirty:
            self.ask_leave()
            return True
        self.left_clean = True
        return False

    def may_close(self) -> bool:
        """The window is closing: with unsaved changes ask Save / Discard / Cancel first."""
        if not self.editor.dirty or self.left_clean:
            return True
        self.quitting = True
        self.modal = None
        self.ask_leave()
        return False

    quitting = False  # the window's close button asked: leaving quits the program

    def ask_leave(self) -> None:
        def chosen(text: str) -> None:
            self.modal = None
            if text == N_("Save"):
                if self.editor.path is None:
                    self.files.save_as(then=self.leave)
                elif self.files.save(then=self.leave):
                    self.leave()
            elif text == N_("Discard"):
                self.leave()
            else:
                self.quitting = False

        question = _("Save {name} before leaving?").format(name=repr(self.editor.draft.name))
        self.modal = Confirm(self.fonts, self.host.size, _("Unsaved changes"), question, [N_("Save"), N_("Discard"), N_("Cancel")], chosen)

    def leave(self) -> None:
        self.left_clean = True
        self.recovery.drop()
        if self.quitting:
            self.host.quit(0)
        else:
            self.host.pop()

    def closed(self) -> None:
        """The scene leaves the stack: unsaved work is kept as a draft beside the user's tracks
        and in the recovery file (the window was closed without asking); work saved or left on
        purpose needs no recovery file."""
        self.recovery.release_sigterm()
        if self.recovery.kept:
            return  # (SIGTERM kept the work already)
        if self.left_clean or not self.editor.dirty:
            self.recovery.drop()
            return
        self.files.keep_unsaved()

    # --- frame -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.recovery.terminating:
            self.recovery.terminate()
            return
        if self.clock - self.recovery.written_at >= RECOVERY_EVERY:
            self.recovery.write()
        if self.modal is not None:
            self.modal.update(dt)
        self.sync()
        self.look_for_forks()
        if self.drive is not None:
            self.drive.update(dt)
            a = self.drive.analysis
            if not a.done:
                a.step(0.006)
                if a.done or int(self.clock * 4) != int((self.clock - dt) * 4):
                    self.canvas.set_markers(hot_spots(a.markers))
        if self.message and self.clock - self.message_at > MESSAGE_SECONDS:
            self.message = ""

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.lay.size:
            self.resize(surface.get_size())
        self.canvas.draw(surface)
        clip = surface.get_clip()
        surface.set_clip(self.lay.board)
        self.frame.draw_overlays(surface)
        surface.set_clip(clip)
        self.frame.draw_frame(surface)
        if self.show_help:
            if self.frame.help_pic is None:
                self.frame.help_pic = render_help(self.lay.size, self.fonts)
            surface.blit(self.frame.help_pic, (0, 0))
        if self.modal is not None:
            self.modal.draw(surface)

    # --- the scene's commands, done by its parts ----------------------------------------------

    def do(self, action: str) -> None:
        """A button of the palette, the panel or the title bar (`EditorCommands.do`)."""
        self.commands.do(action)

    def undo(self) -> None:
        self.commands.undo()

    def rename(self) -> None:
        self.commands.rename()

    def load_background(self, path: str) -> bool:
        return self.commands.load_background(path)

    def save(self, path: str | Path | None = None, overwrite: bool = False, then: Callable[[], None] | None = None) -> bool:
        """Ctrl+S (`EditorFiles.save`)."""
        return self.files.save(path, overwrite, then)

    def write_draft(self, path: str | Path) -> bool:
        return self.files.write_draft(path)

    def default_path(self, suffix: str = ".yaml") -> Path:
        return self.files.default_path(suffix)

    def write_recovery(self, force: bool = False) -> None:
        self.recovery.write(force)

    def restore(self, rec: Recovery) -> None:
        """Take up work left behind (`EditorRecovery.restore`)."""
        self.recovery.restore(rec)

    def panel_state(self) -> PanelState:
        return self.frame.panel_state()

    def facts(self) -> tuple[tuple[str, str], ...]:
        return self.frame.facts()

    def status_texts(self) -> tuple[str, tuple[int, int, int], str, str]:
        return self.frame.status_texts()


# --- opening the editor ----------------------------------------------------------------------------


def new_editor() -> Editor:
    """The editor on an empty sheet, the track named "New track" in the interface's language."""
    return Editor(Draft(name=_("New track")))


def open_editor(file: str | Path | None = None, template: str | None = None) -> Editor:
    """The editor for `file` (an existing track file; a path that does not exist yet: a new track
    to be saved there) or a shipped track as the template. Raises `InputError` for a file that
    cannot be read (`file:line:column: message`) or a name that is no shipped track."""
    if template is not None:
        try:
            ed = Editor.from_template(template)
        except ValueError as e:
            raise InputError(str(e), "--from") from None
        if file is not None:
            p = Path(file)
            _check_target(p)
            ed.path = p
        return ed
    if file is None:
        return new_editor()
    from game.store.outpaths import exists

    p = Path(file)
    if exists(p) and p.is_dir():
        raise InputError("is a folder, not a track file", str(p))
    if exists(p):
        return Editor.open(p, broken_ok=True)  # a draft (or a broken track) opens with its problems listed
    _check_target(p)  # (a symlink loop "exists" not: refused here)
    return Editor(Draft(name=p.stem.replace("_", " ").title() or "New track"), p)


def _check_target(p: Path) -> None:
    from game.store.outpaths import check_output, exists

    if p.suffix not in (".yaml", ".yml"):
        raise InputError("a track file ends in .yaml", str(p))
    if exists(p) and p.is_dir():
        raise InputError("is a folder, not a track file", str(p))

    check_output(p, "the editor")  # a new track is saved there: no symlink loop, device, name too long …


def editor_choices() -> list[tuple[str, str]]:
    """What "Edit tracks" offers: a new sheet, the shipped tracks as templates or (in a checkout)
    to open, the user's own tracks and drafts, and a file by its path. An installed copy's shipped
    tracks are only templates: saving one would write into the installed program."""
    from game.racerbile.tracks import SHIPPED, is_draft_file, shipped_names, shipped_title, track_title
    from game.resources import shipped_in_package

    out = []
    for r in recoveries():
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(r.written))
        out.append((_("Recover {name}: unsaved work from {when}").format(name=repr(r.draft.name), when=when), f"recover:{r.file}"))
    out.append((_("New track: an empty sheet"), "new"))
    names = shipped_names()
    out += [(_("Start from {name} (a copy)").format(name=shipped_title(n)), f"template:{n}") for n in names]
    folder = user_tracks()
    if folder.is_dir():
        for p in sorted(folder.glob("*.yaml")):
            mine = _("Open {file} (your draft)") if is_draft_file(p) else _("Open {file} (yours)")
            out.append((mine.format(file=f"{track_title(p)} · {p.name}"), f"open:{p}"))
    if not shipped_in_package():
        out += [(_("Open {file} (shipped)").format(file=f"{shipped_title(n)} · {n}.yaml"), f"open:{SHIPPED / (n + '.yaml')}") for n in names]
    out.append((_("Open a file by its path …"), "path"))
    return out


def editor_chooser(host: Host, size: tuple[int, int], show: Callable[[Modal], None], message: str = "") -> ListDialog:
    """The dialog behind "Edit tracks": choose, and the editor opens on top of the menu. `show`
    puts another dialog in its place (the path of a file to open)."""
    dialog: ListDialog

    def start(ed: Editor) -> None:
        dialog.close()
        host.push(EditorScene(host, ed))

    def recover(file: Path) -> None:
        try:
            rec = read_recovery(file)
        except (OSError, ValueError) as e:
            dialog.set_message(_("Cannot open it – {error}").format(error=e))
            return
        ed: Editor | None = None
        if rec.track is not None and rec.track.is_file():
            try:
                ed = open_editor(rec.track)
            except InputError:
                ed = None
        if ed is None:
            ed = Editor(Draft(name=rec.draft.name), rec.track)
        dialog.close()
        scene = EditorScene(host, ed, offer=False)
        host.push(scene)
        scene.restore(rec)

    def by_path(answers: list[str] | None) -> None:
        if not answers or not answers[0].strip():
            show(editor_chooser(host, size, show))
            return
        try:
            ed = open_editor(Path(answers[0].strip()).expanduser())
        except InputError as e:
            show(editor_chooser(host, size, show, _("Cannot open it – {error}").format(error=e)))
            return
        host.push(EditorScene(host, ed))

    def chosen(key: str | None) -> None:
        if key is None:
            dialog.set_message(_("Choose a track first"))
            return
        try:
            if key == "new":
                start(new_editor())
            elif key.startswith("template:"):
                start(open_editor(None, key.split(":", 1)[1]))
            elif key.startswith("open:"):
                start(open_editor(key.split(":", 1)[1]))
            elif key.startswith("recover:"):
                recover(Path(key.split(":", 1)[1]))
            elif key == "path":
                dialog.close()
                default = str(user_tracks() / "my_track.yaml")
                show(TextPrompt(host.fonts, size, _("Open a track file"), [(_("A .yaml file (a new one if it does not exist yet)"), default)], by_path))
        except InputError as e:
            dialog.set_message(_("Cannot open it – {error}").format(error=f"{Path(e.file).name}:{e.line}:{e.column}: {e.message}"))

    dialog = ListDialog(host.fonts, size, _("Edit tracks"), _("Your tracks live in {folder}").format(folder=short_path(user_tracks(), 60)), editor_choices(), _("Open"), chosen, panel_size=(700, 600))
    if message:
        dialog.set_message(message)
    return dialog
