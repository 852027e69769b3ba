"""What a session tells the views that listen to it, and the referee's refusal as a value."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Union

from game.games import GAMES
from game.i18n import tr
from game.rules.matchlog import Entry

# a rule id in parentheses, starting with a registered game's prefix ("(racerbile.lemans.pit)")
_RULE = re.compile(r"\(((?:" + "|".join(re.escape(g.prefix.rstrip(".")) for g in GAMES.values()) + r")(?:\.[\w]+)+)\)")


@dataclass(frozen=True)
class Refusal:
    """Why a request was not applied: the referee's reason and the rule it cites. `reason` is as the
    rules gave it – English, a `Phrase` when it is one (logs and tests compare it); `str()` says it
    in the current language."""

    reason: str

    @classmethod
    def of(cls, e: BaseException) -> Refusal:
        """The refusal an `IllegalAction` (or `ValueError`) names, its `Phrase` kept."""
        return cls(e.args[0] if len(e.args) == 1 and isinstance(e.args[0], str) else str(e))

    @property
    def rule(self) -> str | None:
        """The rule id the reason cites, e.g. "racerbile.lemans.pit" (None: it cites none)."""
        m = _RULE.search(self.reason)
        return m.group(1) if m else None

    def __str__(self) -> str:
        return tr(self.reason)


@dataclass(frozen=True)
class Applied:
    """An entry went into the log (and to disk): `index` is its place (the start is 0); `before`
    and `after` are the states around it, for the view to animate."""

    entry: Entry
    index: int
    before: Any
    after: Any
    seat: int | None = None  # the seat whose decision it was (None: chance, a clock, the table)
    action: Any = None  # the action applied (what the view animates: a Drive's path, the dice)


@dataclass(frozen=True)
class Rewound:
    """The log was cut back to `length` entries (undo, undo to here): views re-sync to the state."""

    length: int


@dataclass(frozen=True)
class Notice:
    """Something the people at the table should read (a bot fell back to random play, a write failed)."""

    text: str
    kind: str = "info"  # "info" or "error"


SessionEvent = Union[Applied, Rewound, Notice]
