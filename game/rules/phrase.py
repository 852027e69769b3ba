"""The referee's words in any language: a `Phrase` is the English text of a ruling (it *is* that
string – logs, records and replays compare and store exactly it) that also remembers the template
it was made from and the values put in, so the interface can say it again in the player's language
(`game.i18n.tr`). Templates are English msgids marked with `N_`; values that are phrases themselves
are translated too. No pygame here.

    phrase(N_("{who} drinks {n} sip(s)"), who="Ann", n=2)  ==  "Ann drinks 2 sip(s)"

Build a longer text from phrases with a template of its own (`phrase(N_("{a}, {b}"), a=…, b=…)`):
concatenating or f-string formatting a phrase gives a plain string that stays English.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


def N_(text: str) -> str:
    """Mark a constant for extraction without translating it (translate where it is drawn; `game.i18n`
    gives it on to the rest of the program)."""
    return text


class Phrase(str):
    """An English text with the template and the values that made it."""

    template: str
    args: tuple[tuple[str, Any], ...]  # (name, value) pairs: a tuple holds them in less memory than a dict

    def __new__(cls, template: str, args: dict[str, Any]) -> Phrase:
        self = super().__new__(cls, template.format(**args))
        self.template = template
        self.args = tuple(args.items())
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles keep the template
        return (Phrase, (self.template, dict(self.args)))


def values_of(text: str) -> dict[str, Any]:
    """The values a phrase was made of, by name (empty for a plain string)."""
    return dict(text.args) if isinstance(text, Phrase) else {}


def phrase(template: str, **args: Any) -> Phrase:
    """`template.format(**args)`, remembering both (`template` is an English msgid, marked `N_`)."""
    return Phrase(template, args)


def join(parts: list[str], sep: str = "; ") -> str:
    """Phrases joined by `sep` – itself a phrase, so every part is translated."""
    if not parts:
        return ""
    keys = [f"p{i}" for i in range(len(parts))]
    return Phrase(sep.join("{" + k + "}" for k in keys), dict(zip(keys, parts)))


def say(text: str, translate: Callable[[str], str]) -> str:
    """`text` in the language `translate` (a gettext function) speaks; plain strings as they are."""
    if not isinstance(text, Phrase):
        return text
    args = {k: say(v, translate) if isinstance(v, str) else v for k, v in text.args}
    try:
        return translate(text.template).format(**args)
    except (KeyError, IndexError, ValueError):  # a catalog entry whose placeholders went wrong
        return text.template.format(**args)


def action_or_words(text: str, parse: Callable[[str], Any]) -> Any:
    """A logged action's text parsed for its words (each game's `action_words`): the action, or – for
    the match's start and an action not understood – the words themselves (a `str`)."""
    if text == "start":
        return phrase(N_("the match begins"))
    try:
        return parse(text)
    except ValueError:
        return text
