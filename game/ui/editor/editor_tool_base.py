"""What every tool of the editor is: the `Tool` base (a small state machine over hexes), the
`ToolHost` it edits through (the scene), the `Preview`s it shows, and the words and colours the
tools share. The tools themselves and the palette: `editor_tools`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

from game.hexgrid import DIRECTIONS, Hex
from game.i18n import N_, _
from game.racerbile import shapes
from game.racerbile.draft import Draft
from game.racerbile.track import Kind

Edit = Callable[[Draft], Draft]
LEFT, RIGHT = 1, 3

KINDS: tuple[Kind, ...] = (Kind.NORMAL, Kind.DOWNSHIFT, Kind.BLOCKING, Kind.MIDWAY)


class ToolHost(Protocol):
    """What a tool may ask of the editor scene."""

    @property
    def draft(self) -> Draft: ...

    kind: Kind
    lane_width: int
    hover: Hex | None  # the hex under the mouse (None: off the board)

    def apply(self, edit: Edit, label: str, merge: bool = False) -> bool: ...

    def begin_stroke(self) -> None: ...

    def end_stroke(self, label: str) -> None: ...

    def ask(self, title: str, prompts: Sequence[tuple[str, str]], done: Callable[[list[str] | None], None]) -> None: ...

    def say(self, text: str) -> None: ...


@dataclass(frozen=True)
class Preview:
    """Something a tool shows on the board: hexes tinted in a colour (`erase`: struck out), or a
    compass – the six ways round `at` to click."""

    hexes: tuple[Hex, ...] = ()
    color: tuple[int, int, int] = (255, 255, 255)
    erase: bool = False
    compass: Hex | None = None
    tags: tuple[tuple[Hex, str], ...] = ()  # small texts on hexes (branch names, "entry")


WHITE = (250, 250, 246)
CYAN = (70, 220, 255)
RED = (236, 60, 50)
PIT = (200, 200, 210)
GOLD = (255, 214, 90)


class Tool:
    """The base of the tools: does nothing."""

    name = N_("tool")
    key = ""  # the key that picks it (shown in the palette)
    uses_kind = False  # shows the kind picker
    help = ""  # one line for the help overlay

    def __init__(self, host: ToolHost) -> None:
        self.host = host

    def press(self, h: Hex, button: int) -> None:
        """A mouse button went down on `h`."""

    def drag(self, h: Hex) -> None:
        """The mouse moved onto `h` with the button down."""

    def release(self, h: Hex, button: int) -> None:
        """The button came up on `h`."""

    def enter(self) -> bool:
        """Enter: finish the step under way (True if there was one)."""
        return False

    def cancel(self) -> bool:
        """Esc: drop the step under way (True if there was one)."""
        return False

    def previews(self) -> list[Preview]:
        return []

    def hint(self) -> str:
        return _(self.help) if self.help else ""

    @property
    def busy(self) -> bool:
        """Whether a step is under way (a drag, or a choice to make)."""
        return False


def chain_to(path: list[Hex], h: Hex) -> list[Hex]:
    """The new hexes from the end of `path` to `h` (a mouse that skipped hexes fills the gap)."""
    if not path:
        return [h]
    if h == path[-1]:
        return []
    return shapes.stroke(path[-1], h)[1:]


def fields_text(n: int) -> str:
    """ "1 field" / "5 fields" in the current language."""
    return (_("{n} field") if n == 1 else _("{n} fields")).format(n=n)


KIND_WORDS = (N_("normal"), N_("downshift"), N_("blocking"), N_("midway"))  # Kind values, shown through `_()`


def ways_round(at: Hex) -> list[tuple[int, Hex]]:
    """The six neighbours of a field with their directions (the compass of a tool)."""
    return [(d, at + DIRECTIONS[d]) for d in range(6)]
