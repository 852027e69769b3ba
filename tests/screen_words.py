"""What a screen shows in words: every text the theme renders and every pygame_gui widget's text
during some frames (tests/ui/test_screen_words.py compares German and Danish screens with English)."""
from __future__ import annotations

import re
from contextlib import contextmanager
from functools import cache
from typing import Callable, Iterator

import pygame_gui

from game.i18n import parse_po, po_path, program_msgids, set_language
from game.ui.common.app import App
from game.ui.common.theme import Fonts

WORD = re.compile(r"[A-Za-zÀ-ÿ]{3,}")
IDS = re.compile(r"\S*[._]\S*[a-z]\S*")  # rule ids, option ids, file names: not words of a language


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(IDS.sub(" ", text))}


@cache
def english_words(code: str) -> frozenset[str]:
    """Words of the program's English messages that `code`'s translations never use (lower case):
    a screen showing one of them in `code` shows English. (Read once per test process: the program's
    sources and catalogues do not change while the tests run.)"""
    cat = parse_po(po_path(code).read_text(encoding="utf-8"))
    theirs = set().union(*(_words(text) for text in cat.values()))
    ours = set().union(*(_words(m) for m in program_msgids()))
    return frozenset(ours - theirs)


def _widget_texts(manager: pygame_gui.UIManager) -> Iterator[str]:
    for el in manager.get_sprite_group().sprites():
        for attr in ("text", "html_text", "placeholder_text", "tool_tip_text"):
            v = getattr(el, attr, None)
            if isinstance(v, str) and v:
                yield v
        opts = getattr(el, "options_list", None)
        if isinstance(opts, list):
            for o in opts:
                yield o[0] if isinstance(o, tuple) else str(o)


@contextmanager
def watching() -> Iterator[tuple[set[str], list[pygame_gui.UIManager]]]:
    """Inside: every `Fonts.text` string and every UIManager made is recorded."""
    texts: set[str] = set()
    managers: list[pygame_gui.UIManager] = []
    text, init = Fonts.text, pygame_gui.UIManager.__init__

    def spy_text(self: Fonts, t: str, *a: object, **k: object) -> object:
        texts.add(t)
        return text(self, t, *a, **k)  # type: ignore[arg-type]

    def spy_init(self: pygame_gui.UIManager, *a: object, **k: object) -> None:
        init(self, *a, **k)  # type: ignore[arg-type]
        managers.append(self)

    Fonts.text = spy_text  # type: ignore[method-assign,assignment]
    pygame_gui.UIManager.__init__ = spy_init  # type: ignore[method-assign]
    try:
        yield texts, managers
    finally:
        Fonts.text = text  # type: ignore[method-assign]
        pygame_gui.UIManager.__init__ = init  # type: ignore[method-assign]


def screen_texts(app: App, code: str, show: Callable[[App], None]) -> set[str]:
    """The texts on screen while `show` opens a scene (and steps it) with `code` the language."""
    set_language(code)
    try:
        while app.stack:
            app.stack.pop()
        with watching() as (texts, managers):
            show(app)
            for m in managers:
                texts.update(_widget_texts(m))
    finally:
        set_language("en")
    return {t.strip() for t in texts if t.strip()}


def left_in_english(app: App, code: str, show: Callable[[App], None], allowed: frozenset[str] = frozenset(),
                    english: set[str] | None = None) -> list[str]:
    """Texts the `code` screen shows exactly as the English one does, with an English word in them
    (`english`: the English screen's texts, when the caller has them already)."""
    if english is None:
        english = screen_texts(app, "en", show)
    theirs = screen_texts(app, code, show)
    words = english_words(code)
    return sorted(t for t in theirs & english if t not in allowed and any(w.lower() in words for w in WORD.findall(t)))
