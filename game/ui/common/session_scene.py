"""What every match scene does the same way with its session: undo to a log entry, save, leave."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from game.i18n import _
from game.session import Refusal, Session
from game.ui.common.help import HelpOverlay


TV_TEXT = 1.3  # a spectator's text (the pub TV, read across the room) against a player's seat


class SessionScene:
    """A mixin for the match scenes: `session`, `host` and `modal` are the scene's; `tell` shows a
    line to the table (each scene has its own toast)."""

    session: Session
    host: Any
    modal: Any
    feed: Any  # the referee's feed (`game.ui.common.feed.Feed`)
    banners: Any  # `game.ui.common.banners.Banners`
    toast: Any  # `game.ui.common.banners.Toast`
    final_dismissed: bool
    help: HelpOverlay | None
    table: Any = None  # the table served to other laptops (`game.net.hosting.HostedTable`), if any
    replaying = False  # drawn by the replay viewer: no prompts, hints or controls of a live table
    lists_keys = False  # the scene lists its keys itself (a spectator's corner does not repeat TV_KEYS)
    join_qr: Any = None  # where the hosted table's QR code was drawn last (`game.ui.common.join_qr.DrawnQR`)

    def watching(self) -> bool:
        """A spectator of a table hosted elsewhere: nothing here acts."""
        client = getattr(self.session.authority, "client", None)
        return client is not None and client.index is None and not client.judge

    def own_seat(self) -> int | None:
        """The seat this laptop joined a table elsewhere for: drawn at the bottom, the "you" place."""
        client = getattr(self.session.authority, "client", None)
        return client.index if client is not None else None

    def text_scale(self) -> float:
        """How much larger the feed and the clock are drawn: the TV's big-screen layout, or 1."""
        return TV_TEXT if self.watching() else 1.0

    def draw_table(self, surface: Any, topright: tuple[int, int], scale: float = 1.0, most: int | None = None, *,
                   above: bool = False, one_line: bool = False) -> None:
        """The network table's corner (hosted or joined; nothing at a table of one keyboard)."""
        if self.table is None and getattr(self.session.authority, "client", None) is None:
            return
        from game.ui.common.table_panel import draw_table_panel, table_lines

        draw_table_panel(surface, self.host.fonts, table_lines(self.session, self.table, not self.lists_keys), topright, scale, most, above=above, one_line=one_line)

    def draw_join(self, surface: Any, bottomright: tuple[int, int], scale: float = 1.0) -> None:
        """A hosted table's QR code in the corner of the game's area: a phone that scans it opens the
        table's page, the join code filled in – while a seat is free (once every seat is taken it
        leaves the corner to the game: a TV types the short address the table's box shows; nothing
        once the match is over or at a table nobody joins from afar)."""
        self.join_qr = None
        if self.table is None or self.session.over() or self.replaying:
            return
        if all(seat.state != "free" for seat in self.table.seats()) and self.table.host.judges_connected() is not False:
            return
        from game.net.web_files import join_url
        from game.ui.common.join_qr import draw_join_card

        self.join_qr = draw_join_card(surface, self.host.fonts, join_url(self.table.url, self.table.code), bottomright, scale)

    def tell(self, text: str, *, error: bool = False) -> None:
        raise NotImplementedError

    def resync_feed(self, final: type) -> None:
        """After a resync: the feed from the whole log, and a match reopened by an undo puts its
        final standing (a `final` dialog) away."""
        self.feed.set_log(self.session.match.log.entries)
        self.feed.flash.clear()
        if not self.session.over():
            self.final_dismissed = False
            if isinstance(self.modal, final):
                self.modal = None

    def undo_to(self, n: int) -> None:
        """Back to just after the first `n` log entries (the log's "undo to here")."""
        self.session.undo_to(n)
        self.modal = None
        self.tell(_("Back to before action {n}").format(n=n + 1))

    def save(self) -> Path | None:
        """Save the match (Ctrl+S): where it went, or None (the reason shown)."""
        got = self.session.save()
        if isinstance(got, Refusal):
            self.tell(str(got), error=True)
            return None
        self.tell(_("Saved to {path}").format(path=got))
        return got

    def save_as(self, path: Path) -> str | None:
        """Write the whole match to `path` ("Save as…"): None when written, else why not. A finished
        match kept under a made-up name is then kept under this one only (no second copy in
        "Replays…"); the session's save file becomes `path` unless it is a Le Mans journal."""
        from game.store.fileio import atomic_write
        from game.store.journal import journal_text

        s = self.session
        try:
            atomic_write(path, journal_text(s.match.log))
        except OSError as e:
            return str(e.strerror or e)
        kept = s.autosave.kept
        if kept is not None and kept == s.save_path and kept != path:
            kept.unlink(missing_ok=True)
            s.autosave.kept = path
        if s.match.journal is None:
            s.save_path = path
        self.tell(_("Saved to {path}").format(path=path))
        return None

    def open_save_as(self, after: Any = None) -> None:
        """"Save as…" (the end-of-match dialogs): a name, then the match in the save folder."""
        from game.ui.common.save_as import SaveAsDialog, suggested_name

        m = self.session.match
        self.modal = SaveAsDialog(self.host.fonts, self.host.size, suggested_name(m.info.title, [p.name for p in m.players]),
                                  self.save_as, after)

    def replay_match(self) -> None:
        """"Replay" (the end-of-match dialogs): the match in the replay viewer, from its start; Esc
        comes back to this table."""
        from game.errors import InputError
        from game.ui.shell.replay import ReplayScene

        s = self.session
        source: Any = s.save_path if (s.save_path is not None and s.save_path.exists() and s.match.journal is None) else \
            s.match.log.prefix(len(s.match.log.entries))
        try:
            scene = ReplayScene(self.host, source)
        except InputError as e:
            self.tell(_("Cannot replay: {error}").format(error=e), error=True)
            return
        self.host.push(scene)

    def friends_playing(self) -> int:
        """At a table this window hosts, before its end: the seats played from other laptops now."""
        return self.table.friends() if self.table is not None and not self.session.over() else 0

    def leave(self) -> None:
        """Back to the menu; an unfinished match is kept (its own file, its journal, or the autosave).
        At a table friends play at from their laptops, the host is asked first (it closes for them)."""
        friends = self.friends_playing()
        if friends:
            from game.ui.common.hosting_ui import leave_question

            self.modal = leave_question(self.host.fonts, self.host.size, friends, self.leave_now, lambda: None)
            return
        self.leave_now()

    def leave_now(self) -> None:
        self.session.leave()
        self.host.pop()

    def watch_table(self) -> None:
        """Each frame at a table this window hosts: a friend who dropped is asked about once ("let a
        bot play until they are back, or wait?"), when no other dialog is open; the question goes
        away by itself when they are back."""
        t = self.table
        if t is None:
            return
        from game.ui.common.hosting_ui import DroppedNotice

        m = self.modal
        if m is not None and not m.open:
            self.close_modal()  # type: ignore[attr-defined]
            m = None
        if isinstance(m, DroppedNotice) and not t.is_away(m.seat):
            self.modal = None  # back already (or a bot plays it): nothing to ask
            return
        if m is not None or self.help is not None or self.session.over():
            return
        for seat in t.dropped():
            t.asked_about(seat)
            self.modal = DroppedNotice(self.host.fonts, self.host.size, t, seat)
            return

    def closed(self) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None
        self.session.close()

    def update_overlays(self, dt: float) -> None:
        """The banners, the toast, the feed and an open dialog or rules overlay move on by `dt`."""
        self.banners.update(dt)
        self.toast.update(dt)
        self.feed.update(dt)
        if self.help is not None:
            self.help.update(dt)
        if self.modal is not None:
            self.modal.update(dt)
        self.watch_table()

    def toggle_help(self) -> None:
        """F1: the rules of this game under this match's profile (again: put away)."""
        if self.help is None:
            m = self.session.match
            self.help = HelpOverlay(self.host.fonts, m.info.name, self.host.size, m.profile, m.info.spec)
        else:
            self.help = None

    help_toggle = toggle_help
