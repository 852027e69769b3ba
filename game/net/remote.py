"""The session of a seat joined from another machine: the same scenes draw it as a local one.

The host plays the match; here nothing is decided. `remote_session(client)` gives the game's own
session class over a `TableClient` whose mirror holds the host's log, ruled by a `RemoteAuthority`
(composition: `Session.rule_from`, `game.session.authority`), so a scene asks it the same questions
(whose turn, what is legal, why not) and hears the same `Applied` and `Rewound` events – raised when
the host's entries arrive, each with the state before it, so the dice tumble and the cars hop as
they do at the host. What the authority changes:

- `request` is checked as at the host and sent there (for this seat only, with the log position it
  was made at; a real throw's outcome is ruled on here too, so an impossible one is refused at once,
  on the pad); the host's refusal comes back as a notice (the rules' words in this laptop's language
  when the rules here refuse the same: `heard`), its entry as an `Applied`.
- no chance, no bots, no clocks: their entries come from the host (`follow` ends every tick).
- undo, challenges and a next match are the host's to make; saving keeps a copy of the match here.
- a live table (Bierpong, `Session.live_table()`): the ball is let go and defended at the host's
  table, and the host's balls are drawn as it sends them (`MirrorTable`).
- the connection dropping is told and retried with the seat's token (`RECONNECT` seconds).
"""
from __future__ import annotations

import time
from collections import deque
from typing import Any

from game.errors import IllegalAction, InputError
from game.i18n import N_, _, tr
from game.net.client import Gone, Refused, TableClient
from game.session import LIVE, Notice, Person, Refusal, Rewound, Session, session_for
from game.session.authority import Change, LiveTableSession
from game.session.session import REMOTE

RECONNECT = 30.0  # seconds a dropped seat tries to come back (its token) before it gives up
RETRY = 1.0  # seconds between two tries

_HOSTS: dict[Change, str] = {  # (said through `_` when refused)
    "log": N_("the host keeps this table's log"),
    "undo": N_("Undo is the host's: ask at the table"),
    "challenge": N_("Challenges are made at the host's table"),
    "next match": N_("the host starts the next match"),
}


class RemoteAuthority:
    """The truth lives at the host: requests go there over `client`, its entries come back."""

    local = False

    def __init__(self, session: Session, client: TableClient) -> None:
        self.session = session
        self.client = client
        self.gone: str | None = None  # the table is over or unreachable: why
        self._retry_at = self._give_up = 0.0
        self._asked: deque[Any] = deque(maxlen=4)  # the last actions sent to the host (`heard`)
        self._hook(client)

    def _hook(self, client: TableClient) -> None:
        client.on_entry = self.session.heard
        client.on_rewound = self._rewound_there
        live = self.session.live_table()
        if live is not None:
            client.on_table = self.table_shown

    @property
    def connected(self) -> bool:
        return self.gone is None

    # --- what the session asks -----------------------------------------------------------------

    def request(self, seat: int, action: Any, detail: dict[str, Any] | None) -> Refusal | None:
        s, c = self.session, self.client
        if c.index is None:
            if c.judge and s.judge_action(action):
                if self.gone is not None:
                    return Refusal(_("not connected to the table – wait until it is back"))
                c.request(action)
                self._asked.append(action)
                return None
            if c.judge:
                return Refusal(_("the judges' seat decides as the judges only (J: the judges' console)"))
            return Refusal(_("you are watching: a spectator plays no seat"))
        if seat != c.index and not s.table_action(action):
            return Refusal(_("you play {name}'s seat only").format(name=s.match.players[c.index].name))
        if self.gone is not None:
            return Refusal(_("not connected to the table – wait until it is back"))
        refusal = s.refusal(seat, action)
        if refusal is not None:
            return refusal
        if s.entering() and s.is_outcome(action):  # a real throw: ruled here first, as the host will (the pad keeps the reason)
            try:
                s.state.apply(action)
            except (IllegalAction, ValueError) as e:
                return Refusal.of(e)
        c.request(action)
        self._asked.append(action)
        return None

    def refusal(self, change: Change) -> Refusal | None:
        return Refusal(_(_HOSTS[change]))

    def heard(self, reason: str) -> str:
        """The host's refusal (its English words) in this laptop's language: the rules here refuse
        an action just sent with the very same words – the mirror is the host's table – so they are
        said again as a `Phrase`; anything else is shown as the host sent it."""
        for action in reversed(self._asked):
            try:
                self.session.state.apply(action)
            except IllegalAction as e:
                if e.args and e.args[0] == reason:
                    return tr(e.args[0])
            except (ValueError, TypeError, KeyError, IndexError, AttributeError):
                continue  # (not an action of the state's: a challenge, a switch of the table)
        return reason

    def follow(self, dt: float, hold: bool) -> bool:
        self.pump()
        if not hold:
            self.session.pause = max(0.0, self.session.pause - dt)
        return True

    def launch(self, live: LiveTableSession, player: str, t: Any, *, pairable: bool, fresh: bool) -> Refusal | None:
        """The ball goes to the host (the rules' checks passed here first, `PongSession.release`)."""
        if self.gone is not None:
            return Refusal(_("not connected to the table – wait until it is back"))
        self.client.launch(player, t.release, t.velocity, t.spin)
        return None

    def defend(self, live: LiveTableSession, who: int | str, req: Any) -> Refusal | None:
        f = live.table.flights.get(req.ball)
        if f is None or not f.open:
            return Refusal(_("that ball is not in play"))
        d = live.target_side()
        if not isinstance(who, str) or who not in live.state.sides[d].members or not live.here(d):
            return Refusal(_("{name} does not defend this ball").format(name=who))
        if self.gone is not None:
            return Refusal(_("not connected to the table – wait until it is back"))
        self.client.defend(str(req.how), int(req.ball), who)
        return None

    def close(self) -> None:
        self.client.close()

    # --- what arrives ------------------------------------------------------------------------

    def _rewound_there(self, length: int) -> None:
        self.session.pause = 0.0
        self.session.emit(Rewound(length))

    def table_shown(self, msg: dict[str, Any]) -> None:
        """The host's live table as it sent it: drawn, its events heard as the host's scene hears them."""
        live = self.session.live_table()
        if live is None:
            return
        if not msg.get("flights"):  # the throw is over: the rack as the state now holds it
            live.table.flights = {}
            live.sync(force=True)
        live.table.show(msg)
        live.table_events += live.table.events  # labels, sounds, splashes and the swat's ring, as at the host
        del live.table_events[:-200]

    def pump(self) -> None:
        """Take in what the host sent (every tick); a drop is retried with the seat's token."""
        s = self.session
        if self.gone is not None and self.client.gone is not None:
            self._come_back()
            return
        try:
            events = self.client.pump()
        except InputError as e:  # another program's rulings: this table shows no other match
            s.refused = str(e)
            s.notice(s.refused, "error")
            self.client.close()
            return
        for ev in events:
            if isinstance(ev, Refused):
                s.notice(_("The host says: {reason}").format(reason=self.heard(ev.reason)), "error")
            elif isinstance(ev, Gone):
                over = s.over()
                self.gone = ev.reason
                if over or (self.client.token is None and (self.client.index is not None or self.client.judge)):
                    s.notice(_("The table is closed: {reason}").format(reason=ev.reason), "info" if over else "error")
                else:
                    s.notice(_("The connection to the table dropped ({reason}) – coming back…").format(reason=ev.reason), "error")
                    self._give_up = time.monotonic() + RECONNECT
                    self._retry_at = 0.0

    def _come_back(self) -> None:
        s = self.session
        now = time.monotonic()
        if s.over() or now > self._give_up or now < self._retry_at:
            return
        self._retry_at = now + RETRY
        token = self.client.token  # (a spectator has none: it watches again with the code)
        try:
            c = TableClient(self.client.url, str(self.client._hello["code"]), token=token, watch=token is None, timeout=0.5,
                            mirror=s.match, judge=False)
        except OSError:
            return
        if c.gone is not None:
            c.close()
            return
        self.client.close()
        self.client = c
        self.gone = None
        self._hook(c)
        s.notice(_("Back at the table"), "info")


def remote_session(client: TableClient) -> Session:
    """The game's session over `client`'s mirror (the client has joined: `client.mirror` is set)."""
    match = client.mirror
    if match is None:
        raise ValueError("remote_session: the client has not joined yet")
    s = session_for(match, pace=LIVE)  # the host's seats as its session makes them: bots stay bots (they act there)
    s.seats = [Person(p.name) if i == client.index else seat if not seat.here else Person(p.name, REMOTE, here=False)
               for i, (p, seat) in enumerate(zip(match.players, s.seats))]
    live = s.live_table()
    if live is not None:  # Bierpong: the host's live table, drawn as it sends it
        from game.net.mirror_table import MirrorTable

        live.table = MirrorTable(live.rack_cups(), side=live.target_side())
    s.rule_from(RemoteAuthority(s, client))
    return s


def remote_of(session: Session) -> RemoteAuthority | None:
    """The remote authority `session` is ruled by (None: it rules itself, or another authority does)."""
    a = session.authority
    return a if isinstance(a, RemoteAuthority) else None


__all__ = ["Notice", "RemoteAuthority", "remote_of", "remote_session"]
