"""Stale intent: every `act`, `launch` and `defend` a client sends carries `at`, the log
position it was made at (the entries its table held); the host refuses one made at an older
position than the table's, and nothing of it is applied – as boardgame.io refuses a stale state id.

"Older" is not "any entry since": the host's table writes entries on its own – chance drawn, the
game clocks (Racerbile's Le Mans clock and turn timer, Bierpong's game clock logs a `Clock` every
few seconds, even while a ball flies) – and an intent made before one of those is still meant. So
the host keeps two marks, each the log position just after an entry that moved the table on:

- `moved` (for `act`): the last entry that changed whose decision it is (the seat on turn, or the
  end), or that somebody decided – a seat's action, a bot's, a judges' decision, a challenge (what
  the authority table lets some seat send, `game.net.authority`, and the session counts as a
  decision, `Session.is_decision`). Two clients answering one question at one position (the same
  decision sent twice, two seats challenging one ruling): the first is applied, the second is
  refused, whatever the referee would make of it now.
- `turned` (for `launch` and `defend`, Bierpong's live table): only the last entry that changed
  whose decision it is. While a ball flies the table may log clock time and table events (a foul,
  a knock-over called meanwhile); a defender's swat of the ball in flight stays meant through them.
  The live table itself refuses a ball that is no longer in play, and the throw's ruling, once every
  ball rests, hands the turn on.

A position beyond the table's log is refused too: the host took entries back (an undo) after the
intent was made. (A position says no more than the log's length: an intent made before an undo
and sent after the table has grown back to that length is taken as made now, and the referee's
turn rules judge it.)
"""
from __future__ import annotations

from typing import Any

from game.i18n import _
from game.net import authority
from game.rules.challenge import Challenge
from game.session.events import Applied, Rewound, SessionEvent
from game.session.session import Session


def _question(state: Any) -> tuple[int, bool]:
    """Whose decision the table waits for in `state` (and whether the match is over)."""
    return int(state.current_player()), bool(state.is_terminal())


class Positions:
    """The marks of a hosted session's log that an intent must not be older than (see the module)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        n = len(session.match.log.entries)
        self.moved = n  # (what came before the host opened is older than any intent it hears)
        self.turned = n

    def heard(self, event: SessionEvent) -> None:
        """Follow the session's log: an entry may move the table on, an undo takes marks back."""
        if isinstance(event, Applied):
            n = event.index + 1
            turned = _question(event.before) != _question(event.after)
            if turned:
                self.turned = n
            if turned or self._decided(event):
                self.moved = n
        elif isinstance(event, Rewound):
            self.moved = min(self.moved, event.length)
            self.turned = min(self.turned, event.length)

    def _decided(self, event: Applied) -> bool:
        action = event.action
        if isinstance(action, Challenge):
            return True
        row = authority.row_of(action)
        return row is not None and row.sender is not authority.Sender.HOST and self.session.is_decision(event.entry)

    def refusal(self, at: int, *, live: bool = False) -> str | None:
        """Why an intent made at log position `at` is stale (None: it is not). `live`: a ball's launch
        or a defence at the live table (Bierpong), which only a change of whose decision it is outdates."""
        now = len(self.session.match.log.entries)
        if at > now:
            return _("the table went back: made at entry {at}, the table is at {now}").format(at=at, now=now)
        mark = self.turned if live else self.moved
        if at < mark:
            return _("the table moved on: made at entry {at}, the table is at {now}").format(at=at, now=now)
        return None


__all__ = ["Positions"]
