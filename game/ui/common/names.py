"""The name fields of the menu and the settings: one rule for every game, and no silent cut.

A name has at most `NAME_LIMIT` characters, spaces inside allowed (every game's notation quotes
such a name). pygame_gui's own length limit drops the keys and pastes past it without a word;
these fields have none: a longer text is cut back here and the scene says so (`cut_name`)."""
from __future__ import annotations

from pygame_gui.elements import UITextEntryLine

from game.i18n import _

NAME_LIMIT = 16


def cut_name(entry: UITextEntryLine) -> str | None:
    """Cut the entry's text to `NAME_LIMIT` characters if it is longer; the message to show then."""
    text = entry.get_text()
    if len(text) <= NAME_LIMIT:
        return None
    kept = text[:NAME_LIMIT]
    entry.set_text(kept)
    return _("A name has at most {n} characters: cut to “{name}”").format(n=NAME_LIMIT, name=kept)


def too_long(names: list[str]) -> str | None:
    """The problem with names longer than `NAME_LIMIT` (as a start refuses them), or None."""
    long = [n for n in names if len(n) > NAME_LIMIT]
    if not long:
        return None
    return _("{names}: a name has at most {n} characters").format(names=", ".join(long), n=NAME_LIMIT)

