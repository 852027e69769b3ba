"""What the menu's buttons and keys open: the match (hosted when a player is remote), the last
unfinished match, saved matches, replays, the settings, joining a table, a practice table, the
special shots, the track editor, and the question before quitting."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.errors import InputError
from game.i18n import N_, _
from game.store.saves import list_saves, new_save_path, save_dir, shown_dir
from game.ui.common.modal import Confirm, ListDialog, Modal
from game.ui.shell.tables import hosted_scene, match_scene

if TYPE_CHECKING:
    from game.store.autosave_folder import AutosaveInfo
    from game.match import Match
    from game.ui.common.scene import Host
    from game.ui.common.theme import Fonts
    from game.ui.shell.menu_model import MenuModel


class MenuActions:
    """The menu scene's actions (a part of `MenuScene`)."""

    host: Host
    model: MenuModel
    fonts: Fonts
    size: tuple[int, int]
    message: str
    modal: Modal | None
    drop_timeout: float | None
    unfinished: AutosaveInfo | None

    def rebuild(self) -> None:
        raise NotImplementedError

    def _sync_names(self) -> None:
        raise NotImplementedError

    def start(self) -> bool:
        """Start the match; with a remote player, the host dialog first (a friend who drops: the
        table waits, or a bot plays after N s) – True once the match (or the dialog) is open."""
        self._sync_names()
        try:
            match = self.model.make_match()
        except ValueError as e:
            self.message = str(e)
            return False
        self.message = ""
        from game.net.hosting import remote_players

        remotes = remote_players(match)
        if remotes:
            from game.ui.common.hosting_ui import HostDialog

            def open_table(timeout: float | None) -> None:
                self.drop_timeout = timeout
                self.open_match(match, timeout)

            self.modal = HostDialog(self.fonts, self.host.size, remotes, open_table, self.drop_timeout)
            return True
        return self.open_match(match, None)

    def open_match(self, match: Match, remote_timeout: float | None) -> bool:
        """The match's scene (its table open to the other laptops when a player is remote)."""
        from game.ui.common.prefs import remember_players

        try:
            scene = hosted_scene(self.host, match, coach=self.model.coach, remote_timeout=remote_timeout)
        except ValueError as e:
            self.message = str(e)
            return False
        self.host.push(scene)
        err = remember_players(self.model.people())  # only when the program loaded settings
        if err:
            self.message = err
        return True

    def find_unfinished(self) -> None:
        """Look for the last unfinished (autosaved) match: `unfinished` (None: there is none). The
        menu starts whatever the save folder holds: an autosave none of whose copies can be read is
        moved into the `damaged` subfolder (kept, never deleted) and said once in the message line;
        one whose backup is used is said too."""
        if not save_dir().is_dir():  # nothing was ever saved here (a first start): the autosave code stays unloaded
            self.unfinished = None
            return
        from game.store.autosave import put_aside
        from game.store.autosave_folder import last_unfinished

        for _tries in range(4):  # each damaged autosave put aside, then look again
            try:
                self.unfinished = last_unfinished()
            except Exception as e:  # never a menu that cannot start because of a save
                self.unfinished = None
                self._note(_("The saved matches could not be looked through: {error}").format(error=e))
                return
            info = self.unfinished
            if info is None or not info.damaged:
                break
            where = put_aside(info.path)
            self.unfinished = None
            self._note(_("The autosave of {match} is damaged ({problem}); it was moved to {folder}").format(
                match=info.title, problem=info.problem, folder=shown_dir(where.parent) if where else shown_dir(info.path.parent)))
        info = self.unfinished
        if info is not None and info.problem:
            self._note(_("The autosave of {match} is damaged: {problem}").format(match=info.title, problem=info.problem))

    def _note(self, note: str) -> None:
        """Add `note` to the message line (once)."""
        if note not in self.message:
            self.message = f"{self.message} · {note}" if self.message else note

    def resume_last(self) -> bool:
        """Continue the last unfinished match from its autosave (its backup, when it is damaged:
        the message says so); an autosave that cannot be resumed is a message, never a crash – and is
        moved aside (`put_aside`), so it is not offered again. A match another program has open is
        not continued here."""
        from game.store.autosave import Autosave, load_autosave, put_aside
        from game.store.autosave_folder import open_elsewhere

        info = self.unfinished
        if info is None:
            self.message = _("There is no unfinished match to continue.")
            return False
        if open_elsewhere(info.path):
            self.message = _("{match} is open in another Stammtisch window: continue it there (or close it first).").format(match=info.title)
            return False
        try:
            r = load_autosave(info.path)
        except InputError as e:
            where = put_aside(info.path)
            self.message = _("Cannot continue: {error}").format(error=e)
            if where is not None:
                self.message += " · " + _("the autosave was moved to {folder}").format(folder=shown_dir(where.parent))
            self.find_unfinished()
            self.rebuild()
            return False
        except Exception as e:  # a damaged file broke the reader: said, never a crash
            self.message = _("Cannot continue: {error}").format(error=f"{info.path}: {type(e).__name__}")
            return False
        if r.match.state.is_terminal():  # over already: kept as a save, its autosave goes
            Autosave(r.match, info.path).finish(keep=new_save_path(r.match.info.name))
        self.message = r.message or ""
        scene = match_scene(self.host, r.match, coach=self.model.coach)
        note = r.message or (_("The program stopped while it saved the last action: that action is not in the log, play it again") if r.torn else None)
        if note:
            toast = getattr(scene, "toast", None)
            if isinstance(toast, str):
                setattr(scene, "toast", note)
            elif toast is not None and hasattr(toast, "show"):
                toast.show(note, "error" if r.message else "info", seconds=8)
        self.host.push(scene)
        return True

    def open_settings(self) -> None:
        """The settings screen (S); the menu takes the remembered players and the coach back from it."""
        from game.ui.shell.settings_scene import SettingsScene

        self._sync_names()
        self.host.push(SettingsScene(self.host))

    def open_join(self) -> None:
        """Join a table hosted at another laptop (J)."""
        from game.ui.shell.join_scene import JoinScene

        self._sync_names()
        self.host.push(JoinScene(self.host))

    def open_practice(self) -> None:
        """A practice table without rules (P in the menu): the chosen game's, else the first game's that has one."""
        from game.descriptor import load
        from game.ui.scenes import scenes

        found = scenes()
        first = found.get(self.model.game)
        tables = [first] if first is not None and first.practice else []
        tables += [s for s in found.values() if s.practice]
        if tables:
            self.host.push(load(tables[0].practice)(self.host))

    def open_shots(self) -> None:
        """"Special shots…" (D): Bierpong's special shots, solved and played (`ShotMenu`, alone on top:
        Esc from it comes back here)."""
        from game.ui.pong.pong_demo import ShotMenu

        self.host.push(ShotMenu(self.host))

    def open_saves(self) -> None:
        saves = list_saves()
        items = [(sv.label, str(sv.path)) for sv in saves]
        self.modal = ListDialog(
            self.fonts,
            self.size,
            _("Continue a saved match"),
            _("Saved matches in {folder}").format(folder=shown_dir()),
            items,
            _("Load"),
            self._load_chosen,
            empty=_("No saved matches yet (Ctrl+S at the table saves one)."),
            wrap=True,
        )

    def open_replays(self) -> None:
        """"Replays…": the saved matches; the chosen one opens in the replay viewer (`game.ui.shell.replay`)."""
        items = [(sv.label, str(sv.path)) for sv in list_saves()]
        self.modal = ListDialog(self.fonts, self.size, _("Replays"), _("Saved matches in {folder}").format(folder=shown_dir()), items,
                                _("Replay"), self._replay_chosen, empty=_("No saved matches yet (Ctrl+S at the table saves one)."), wrap=True)

    def _replay_chosen(self, key: str | None) -> None:
        if key is None:
            if isinstance(self.modal, ListDialog):
                self.modal.set_message(_("Choose a saved match first"))
            return
        from game.ui.shell.replay import ReplayScene

        try:
            scene = ReplayScene(self.host, key)
        except InputError as e:
            if isinstance(self.modal, ListDialog):
                self.modal.set_message(_("Cannot replay {where}: {error}").format(where=f"{Path(e.file).name}:{e.line}:{e.column}", error=e.message))
            return
        self.modal = None
        self.host.push(scene)

    def _load_chosen(self, key: str | None) -> None:
        if key is None:
            if isinstance(self.modal, ListDialog):
                self.modal.set_message(_("Choose a saved match first"))
            return
        try:
            from game.store.matchfile import load_match

            match = load_match(key, defer_check=True)  # a long journal shows at once (game.store.snapshot)
        except InputError as e:
            if isinstance(self.modal, ListDialog):
                self.modal.set_message(_("Cannot load {where}: {error}").format(where=f"{Path(e.file).name}:{e.line}:{e.column}", error=e.message))
            return
        self.modal = None
        self.host.push(match_scene(self.host, match, save_path=key))

    def load(self, path: str | Path) -> bool:
        """Open a saved match at the table; a broken file is shown as a message."""
        try:
            from game.store.matchfile import load_match

            match = load_match(path, defer_check=True)
        except InputError as e:
            self.message = _("Cannot load it: {error}").format(error=e)
            return False
        self.message = ""
        self.host.push(match_scene(self.host, match, save_path=path))
        return True

    def open_editor(self) -> None:
        """"Edit tracks": a new sheet, a copy of a shipped track, or a file – the editor opens on top."""
        from game.ui.editor.editor import editor_chooser

        def show(modal: Modal) -> None:
            self.modal = modal

        self.modal = editor_chooser(self.host, self.size, show)

    def ask_quit(self) -> None:
        def chosen(text: str) -> None:
            if text == "Quit":
                self.host.quit(0)
            else:
                self.modal = None

        self.modal = Confirm(self.fonts, self.size, _("Leave the Stammtisch?"), _("Esc again quits."), [N_("Quit"), N_("Stay")], chosen)
