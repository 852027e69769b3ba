"""Join a table hosted at another laptop: the tables found on the network (or a typed
address), the join code, then a free seat – or watch.

Nothing here waits on the network in the frame: looking for tables and connecting run on threads
of their own, the screen says what they are doing, and a wrong code or address comes back as a
message. A seat taken is played in the match scene the host would show (`game.net.remote`).
"""
from __future__ import annotations

import threading
from typing import Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from game.i18n import _
from game.ui.common import textures, theme
from game.ui.common.hosting_ui import draw_placeholder
from game.ui.common.modal import make_manager
from game.ui.common.scene import Host, OverlayScene
from game.ui.common.sound import sounds

LOOK_SECONDS = 1.5  # how long one look for tables on the network lasts
CONNECT_SECONDS = 5.0
PLACE_ADDRESS, PLACE_CODE = "192.168.1.20:47474", "K7QX2P"  # the fields' examples (placeholders, never their text)


def normal_url(text: str) -> str:
    """What a person types for a table's address, as the client takes it: `ws://ADDRESS:PORT`
    (a bare address gets the menu's default port). The page's address the host shows for phones,
    `http://ADDRESS:PORT` (even with its `/#CODE`), is the same table on the same port."""
    from game.net.hosting import DEFAULT_PORT

    t = text.strip()
    if not t:
        raise ValueError(_("type the table's address (as the host shows it: http://ADDRESS:PORT)"))
    for web, ws in (("http://", "ws://"), ("https://", "wss://")):
        if t.lower().startswith(web):
            t = ws + t[len(web):].split("#", 1)[0].split("/", 1)[0]
    if "://" not in t:
        t = "ws://" + t
    if not t.startswith(("ws://", "wss://")):
        raise ValueError(_("a table's address starts with http:// or ws:// – {text!r} does not").format(text=text.strip()))
    rest = t.split("://", 1)[1]
    if not rest or rest.startswith(":"):
        raise ValueError(_("type the table's address (as the host shows it: http://ADDRESS:PORT)"))
    if ":" not in rest.rsplit("]", 1)[-1]:
        t += f":{DEFAULT_PORT}"
    return t


class _Job:
    """A piece of network work on a thread: its result or its error, once done."""

    def __init__(self, work: Callable[[], Any]) -> None:
        self.result: Any = None
        self.error: str | None = None
        self.done = False

        def run() -> None:
            try:
                self.result = work()
            except Exception as e:  # shown on the screen, never raised into the frame
                self.error = str(e) or type(e).__name__
            self.done = True

        threading.Thread(target=run, name="join-table", daemon=True).start()


class JoinScene(OverlayScene):
    """Join a table: found or typed, the code, then a seat or watch."""

    def __init__(self, host: Host, *, address: str = "", code: str = "", seat: str | None = None) -> None:
        """`address` and `code` given: it connects at once; with `seat` too it takes that seat."""
        super().__init__(host)
        self.fonts = host.fonts
        self.ui = make_manager(host.size, self.overlay_open)
        self.size = host.size
        self.found: list[Any] = []  # `game.net.discovery.Found`
        self.looking: _Job | None = None
        self.connecting: _Job | None = None
        self.client: Any = None  # the spectator's connection that shows the seats, then the seat's
        self.address = address
        self.code = code
        self.message = ""
        self.status = ""
        self.wanted = seat  # the seat to take once connected (the command line's `join --seat`)
        self._static: pygame.Surface | None = None
        self.resize(host.size)
        if address and code:
            self.connect()
        else:
            self.look()

    # --- what the screen does ------------------------------------------------------------------

    def look(self) -> None:
        """Look for tables on the network (a second and a half, on a thread)."""
        if self.looking is not None and not self.looking.done:
            return

        def work() -> list[Any]:
            from game.net.discovery import browse

            return browse(LOOK_SECONDS)

        self.looking = _Job(work)
        self.status = _("looking for tables on this network…")

    def choose_found(self, i: int) -> None:
        if 0 <= i < len(self.found):
            self._sync()
            self.address = self.found[i].url
            self.rebuild()

    def connect(self) -> None:
        """Connect with the address and code as a spectator first: the seats show which are free."""
        self._sync()
        try:
            url = normal_url(self.address)
        except ValueError as e:
            self.message = str(e)
            return
        if not self.code.strip():
            self.message = _("type the join code the host shows")
            return
        self._drop_client()
        code = self.code.strip().upper()

        def work() -> Any:
            from game.net.client import TableClient

            return _joined(TableClient(url, code, watch=True, timeout=CONNECT_SECONDS))

        self.message = ""
        self.status = _("connecting to {url}…").format(url=url)
        self.connecting = _Job(work)

    def take_seat(self, name: str | None) -> None:
        """Play `name`'s seat (None: watch) at the table connected to."""
        if self.client is None:
            return
        url, code = self.client.url, str(self.client._hello["code"])
        if name is None:
            self._open(self.client)
            self.client = None
            return
        self._drop_client()
        from game.net.client import JUDGES_SEAT

        judge = name == JUDGES_SEAT

        def work() -> Any:
            from game.net.client import TableClient

            if judge:
                return _joined(TableClient(url, code, judge=True, timeout=CONNECT_SECONDS))
            return _joined(TableClient(url, code, seat=name, timeout=CONNECT_SECONDS))

        self.status = _("taking the judges' seat…") if judge else _("taking {name}'s seat…").format(name=name)
        self.connecting = _Job(work)

    def _open(self, client: Any) -> None:
        from game.net.remote import remote_session
        from game.ui.shell.tables import joined_scene

        session = remote_session(client)
        self.host.replace(joined_scene(self.host, session))

    def _drop_client(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None

    def free_seats(self) -> list[tuple[str, bool]]:
        """The remote seats of the table connected to: (name, free)."""
        if self.client is None:
            return []
        return [(str(s.get("name")), not s.get("connected")) for s in self.client.seats if s.get("kind") == "remote"]

    def placeholders(self) -> list[tuple[UITextEntryLine, str]]:
        """The fields' examples, drawn grey in an empty field and gone once typed in (never text in it)."""
        return [(self.address_entry, PLACE_ADDRESS), (self.code_entry, PLACE_CODE)]

    # --- layout ----------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.rebuild()

    def _sync(self) -> None:
        if hasattr(self, "address_entry"):
            self.address = self.address_entry.get_text()
            self.code = self.code_entry.get_text()

    def rebuild(self) -> None:
        ui = self.ui
        ui.set_window_resolution(self.size)
        ui.clear_and_reset()
        w, h = self.size
        f = self.fonts
        margin, compact, self.left, self.right = theme.two_panels(self.size)
        labels: list[tuple[pygame.Surface, tuple[int, int]]] = []

        def head(text: str, x: int, y: int) -> None:
            labels.append((f.shadowed(text, 24, theme.BRASS, "serif"), (x, y)))

        def label(text: str, x: int, y: int, color: theme.Color = theme.CREAM, size: int = 15, style: str = "bold") -> None:
            labels.append((f.text(text, size, color, style), (x, y)))

        # the tables found
        x, y = self.left.x + 18, self.left.y + 14
        inner = self.left.w - 36
        head(_("Tables on this network"), x, y)
        y += 46
        self.found_buttons: dict[UIButton, int] = {}
        for i, t in enumerate(self.found[:7]):
            text = f"{t.name}: {t.players}"
            b = UIButton(pygame.Rect(x, y, inner, 40), text, ui, tool_tip_text=t.url)
            self.found_buttons[b] = i
            y += 46
        self.found_at = (x, y + 4)
        self.look_button = UIButton(pygame.Rect(x, self.left.bottom - 56, min(220, inner), 40), _("Look again"), ui,
                                    tool_tip_text=_("ask the network again for tables (mDNS)"))
        # the address, the code, the seats
        rx, ry = self.right.x + 18, self.right.y + 14
        rinner = self.right.w - 36
        head(_("Join"), rx, ry)
        ry += 46
        label(_("Address"), rx, ry + 8)
        ew = max(160, rinner - 150)
        self.address_entry = UITextEntryLine(pygame.Rect(rx + rinner - ew, ry, ew, 34), ui, initial_text=self.address)
        self.address_entry.set_text_length_limit(200)
        ry += 46
        label(_("Join code"), rx, ry + 8)
        self.code_entry = UITextEntryLine(pygame.Rect(rx + rinner - ew, ry, min(ew, 160), 34), ui, initial_text=self.code)
        self.code_entry.set_text_length_limit(12)
        ry += 50
        self.connect_button = UIButton(pygame.Rect(rx + rinner - 200, ry, 200, 42), _("Connect"), ui, object_id="#start_button",
                                       tool_tip_text=_("connect with the code; then choose a free seat, or watch"))
        ry += 58
        self.seat_buttons: dict[UIButton, str | None] = {}
        self.seats_at = (rx, ry)
        if self.client is not None:
            label(_("Seats"), rx, ry)
            ry += 30
            for name, free in self.free_seats():
                b = UIButton(pygame.Rect(rx, ry, min(rinner, 320), 38), _("Play {name}").format(name=name) if free else
                             _("{name} (taken)").format(name=name), ui)
                if not free:
                    b.disable()
                self.seat_buttons[b] = name
                ry += 44
            if self.client.judges is not None:  # Le Mans: the judges' seat
                from game.net.client import JUDGES_SEAT

                b = UIButton(pygame.Rect(rx, ry, min(rinner, 320), 38), _("Judges' seat") if not self.client.judges else _("Judges' seat (taken)"), ui,
                             tool_tip_text=_("decide as the judges: penalty sips, laps, rule changes (J at the table)"))
                if self.client.judges:
                    b.disable()
                self.seat_buttons[b] = JUDGES_SEAT
                ry += 44
            b = UIButton(pygame.Rect(rx, ry, min(rinner, 320), 38), _("Watch"), ui, tool_tip_text=_("follow the match as a spectator"))
            self.seat_buttons[b] = None
        # the bottom bar
        by = h - 78
        self.back_button = UIButton(pygame.Rect(w - margin - 200, by, 200, 54), _("Back"), ui, tool_tip_text=_("back to the menu (Esc)"))
        self.message_rect = pygame.Rect(margin, by, w - 2 * margin - 220, 56)
        bg = textures.wood(self.size, theme.WOOD_DARK, seed=9, plank=int(110 * theme.scale_for(self.size)))
        for rect in (self.left, self.right):
            theme.rounded_panel(bg, rect, (20, 12, 6, 170), theme.BRASS_DARK, 14, 2)
        title = f.shadowed(_("Join a table"), 64 if not compact else 50, theme.CREAM, "serif", 3)
        bg.blit(title, (margin + 4, 18 if not compact else 12))
        for img, pos in labels:
            bg.blit(img, pos)
        self._static = theme.for_display(bg)

    # --- events and time -----------------------------------------------------------------------

    def back(self) -> bool:
        if self.close_overlay():
            return True
        self.host.pop()
        return True

    def closed(self) -> None:
        self._drop_client()

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.overlay_event(e):
            return
        self.ui.process_events(e)
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            sounds().play("ui_click")
            el = e.ui_element
            if el is self.back_button:
                self.back()
            elif el is self.look_button:
                self.look()
            elif el is self.connect_button:
                self.connect()
            elif el in self.found_buttons:
                self.choose_found(self.found_buttons[el])
            elif el in self.seat_buttons:
                self.take_seat(self.seat_buttons[el])
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.connect()

    def update(self, dt: float) -> None:
        self.ui.update(dt)
        if self.looking is not None and self.looking.done:
            job, self.looking = self.looking, None
            self._sync()
            self.found = list(job.result or [])
            self.status = "" if job.error is None else _("cannot look at the network: {error}").format(error=job.error)
            self.rebuild()
        if self.connecting is not None and self.connecting.done:
            job, self.connecting = self.connecting, None
            self.status = ""
            self._sync()
            if job.error is not None:
                self.message = job.error
            elif job.result is not None:
                client = job.result
                if client.index is not None or client.judge:  # a seat taken: to the table
                    self._open(client)
                    return
                self.client = client
                wanted, self.wanted = self.wanted, None
                if wanted is not None:
                    self.take_seat(wanted)
                    return
                self.rebuild()
        if self.client is not None:
            before = len(self.client.seats)
            self.client.pump()
            if self.client.gone is not None:
                self.message = self.client.gone
                self._drop_client()
                self.rebuild()
            elif len(self.client.seats) != before:
                self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        if self._static is None or self._static.get_size() != surface.get_size():
            self.resize(surface.get_size())
        assert self._static is not None
        surface.blit(self._static, (0, 0))
        f = self.fonts
        if not self.found:
            note = _("none found yet – type the address the host shows") if self.looking is None else _("looking…")
            for k, line in enumerate(f.wrap(note, 14, self.left.w - 36, "italic")[:3]):
                surface.blit(f.text(line, 14, theme.MUTED, "italic"), (self.found_at[0], self.found_at[1] + 18 * k))
        self.ui.draw_ui(surface)
        for entry, example in self.placeholders():
            draw_placeholder(surface, f, entry, example)
        y = self.message_rect.y + 2
        if self.status:
            surface.blit(f.text(self.status, 15, theme.MUTED, "italic"), (self.message_rect.x + 10, y))
            y += 20
        if self.message:
            for line in f.wrap(self.message, 15, self.message_rect.w - 20, "bold")[:2]:
                img = f.text(line, 15, theme.CHALK_RED, "bold")
                surface.blit(img, (self.message_rect.x + 10, y))
                y += img.get_height()
        if self.modal is not None:
            self.modal.draw(surface)


def _joined(client: Any, seconds: float = CONNECT_SECONDS) -> Any:
    """Wait (on the job's thread) until the host welcomed `client` and listed the seats; its refusal as an error."""
    import time

    from game.net.client import Gone, Joined, Refused

    end = time.monotonic() + seconds
    joined = False
    while time.monotonic() < end:
        for ev in client.pump():
            if isinstance(ev, Refused) and ev.fatal:
                client.close()
                raise ValueError(_("The host refused: {reason}").format(reason=ev.reason))
            if isinstance(ev, Gone):
                client.close()
                raise ValueError(_("The table closed: {reason}").format(reason=ev.reason))
            joined = joined or isinstance(ev, Joined)
        if joined and client.seats:
            return client
        time.sleep(0.01)
    client.close()
    raise ValueError(_("The table did not answer within {n} s").format(n=int(seconds)))


__all__ = ["JoinScene", "normal_url"]
