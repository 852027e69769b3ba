"""Words a view says in each reader's language, while the rest of it is made once for all readers.

A game's table in a view (`game.net.web_view`) is the same for every browser but its words: made once
per language, the whole picture was worked out three times at a mixed table – the host's largest
cost per change. A view module that sets `LATE_WORDS = True` makes its table once, with each text
left as a `Said`, the call that says it (`said(tr, phrase)`, `fmt("{n} mats", n=3)`,
`later(f, round)`); the text is said when the view is encoded for a language (`encode`, inside
`speaking(lang)`: the JSON encoder calls each `Said`, and keeps what a call of texts and numbers
said), or for a plain dict (`in_words`). No pygame here.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from game.i18n import _, language


class Said:
    """A text to be said later, in the language then spoken: `f(*args)` (`keep`: what it says in a
    language may be kept for the next view – its arguments are texts and numbers)."""

    __slots__ = ("f", "args", "keep")

    def __init__(self, f: Callable[..., Any], *args: Any, keep: bool = False) -> None:
        self.f = f
        self.args = args
        self.keep = keep

    def __call__(self) -> Any:
        return self.f(*self.args)

    def __repr__(self) -> str:
        return f"Said({getattr(self.f, '__name__', self.f)}, {', '.join(map(repr, self.args))})"


def said(f: Callable[..., Any], *args: str | int) -> Said:
    """`f(*args)` – a text made of texts and numbers – said when the view is encoded (and kept per
    language: the next views say it again)."""
    return Said(f, *args, keep=True)


def later(f: Callable[..., Any], *args: Any) -> Said:
    """`f(*args)` – any JSON value holding texts, made of anything (a session, a round) – said afresh
    each time a view is encoded."""
    return Said(f, *args)


def _formatted(msgid: str, values: dict[str, Any]) -> str:
    return _(msgid).format(**{k: v() if isinstance(v, Said) else v for k, v in values.items()})


def fmt(msgid: str, **values: Any) -> Said:
    """`_(msgid).format(**values)`, said later (a value may be a `Said` too)."""
    return Said(_formatted, msgid, values)


_SAID: dict[tuple[Any, ...], Any] = {}  # (language, f, args) → what it said: views say the same texts again and again
_SAID_KEPT = 8192


def _say(o: Any) -> Any:
    if not isinstance(o, Said):
        raise TypeError(f"{type(o).__name__} is not JSON serializable")
    if not o.keep:
        return o()
    key = (language(), o.f, o.args)
    got = _SAID.get(key)
    if got is None:
        if len(_SAID) >= _SAID_KEPT:
            _SAID.clear()
        got = _SAID[key] = o()
    return got


# (a view is a tree of dicts and lists made afresh: no cycle to look for)
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False, default=_say)


def encode(tree: Any) -> str:
    """`tree` as JSON text, each `Said` in it said now (call inside `speaking(lang)`)."""
    return _ENCODER.encode(tree)


def in_words(tree: Any) -> Any:
    """`tree` with each `Said` said now (call inside `speaking(lang)`): plain dicts, lists and texts."""
    if isinstance(tree, Said):
        return in_words(tree())
    if isinstance(tree, dict):
        return {k: in_words(v) for k, v in tree.items()}
    if isinstance(tree, (list, tuple)):
        return [in_words(v) for v in tree]
    return tree
