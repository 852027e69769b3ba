"""Where every text of a screen is drawn, for the sweep (tests/ui/test_text_sweep.py, issue 29): a
recorder, installed by the test only, that tags each surface `Fonts.text` / `Fonts.shadowed` hands
out and notes each blit of one – its text, its ink rect and the surface it lands on (the window, or
a panel's own surface) – and the rounded panels drawn on each surface before it in the frame. It
also keeps every string given to `wrap` / `fit` (what a screen says, before it is broken into
lines) and pygame_gui's warnings ("Label Rect is too small for text")."""
from __future__ import annotations

import os
import re
import sys
import warnings
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Callable, Iterator, Sequence

import pygame
import pygame_gui

from game.i18n import parse_po, po_path
from game.ui.common.app import App
from game.ui.common.theme import Fonts

MIN_PANEL = 20  # a rounded box smaller than this is a mark on the board or a bar, not a panel for text
SLACK = 1  # pixels of anti-aliasing a text's ink may stand over its surface's or panel's edge
BASE = pygame.Surface  # the real class (`pygame.Surface` is `Surf` while recording)
RULE_ID = re.compile(r"\b(bierpong|racerbile|schock|katchen)\.[a-z0-9_.]+")
# a rule id cited, not standing for a word: a tag of its own, "[schock.laden] …", "rule schock.laden",
# "(see racerbile.clutch)" in each language
CITED = re.compile(r"(\[|\b(rule|Regel|regel|see|siehe|se|under|unter)\s+)(bierpong|racerbile|schock|katchen)\.[a-z0-9_.]+")


class Surf(BASE):
    """A pygame surface that tells the recorder where text lands on it (installed as `pygame.Surface`
    while recording, and as the window the scenes draw on)."""

    window = False

    def blit(self, source: Any, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        got = super().blit(source, dest, area, special_flags)
        if RECORDER is not None:
            RECORDER.blitted(self, source, dest, area)
        return got

    def blits(self, blit_sequence: Any, doreturn: Any = True) -> Any:  # type: ignore[override]
        got = [self.blit(*item) for item in blit_sequence]
        return got if doreturn else None

    def fblits(self, blit_sequence: Any, special_flags: int = 0, /) -> None:  # type: ignore[override]
        for src, dest in blit_sequence:
            self.blit(src, dest, None, special_flags)


@dataclass(frozen=True)
class Finding:
    """One thing wrong on a screen: `kind` (too_small, past_window, past_surface, over_panel_edge,
    cut, panel_past_window, english, rule_id, notation, widget_past_window, button_text_cut), the text and what is wrong
    with it."""

    kind: str
    text: str
    detail: str = ""


@dataclass
class Recorder:
    texts: dict[int, tuple[str, pygame.Surface]] = field(default_factory=dict)  # id(surface) → text
    carriers: dict[int, tuple[str, pygame.Surface]] = field(default_factory=dict)  # surfaces with a text drawn on them
    panels: dict[int, list[pygame.Rect]] = field(default_factory=dict)  # id(target) → rounded panels this frame
    panel_surfaces: set[int] = field(default_factory=set)  # surfaces that are one rounded panel
    said: dict[str, str] = field(default_factory=dict)  # every string drawn, wrapped or fitted → where (file:line)
    shortened: dict[str, str] = field(default_factory=dict)  # strings `fit` cut with "…" (not a fault: told, not failed)
    lines: set[str] = field(default_factory=set)  # the lines `wrap` broke a string into (their string is checked whole)
    findings: set[Finding] = field(default_factory=set)
    keep: list[pygame.Surface] = field(default_factory=list)
    managers: list[pygame_gui.UIManager] = field(default_factory=list)

    def tag(self, surf: pygame.Surface, text: str) -> pygame.Surface:
        self.texts[id(surf)] = (text, surf)
        self.say(text, 3)
        return surf

    def say(self, text: str, depth: int) -> None:
        """Note `text` with the program's line that draws it (`depth` frames up)."""
        if text not in self.said:
            f = sys._getframe(depth)
            while f.f_back is not None and "theme.py" in f.f_code.co_filename:
                f = f.f_back
            self.said[text] = f"{os.path.relpath(f.f_code.co_filename)}:{f.f_lineno}"

    def frame(self) -> None:
        self.panels.clear()

    def panel(self, target: pygame.Surface, rect: pygame.Rect) -> None:
        if rect == target.get_rect():
            self.panel_surfaces.add(id(target))
            self.keep.append(target)
        elif rect.w >= MIN_PANEL and rect.h >= MIN_PANEL:  # a new panel hides the ones it covers
            kept = [p for p in self.panels.get(id(target), []) if not rect.contains(p)]
            self.panels[id(target)] = kept + [pygame.Rect(rect)]

    def blitted(self, target: pygame.Surface, source: Any, dest: Any, area: Any) -> None:
        if not isinstance(source, BASE):
            return
        at = pygame.Rect(dest if isinstance(dest, pygame.Rect) else (dest, (0, 0))).topleft
        if at == (0, 0) and source.get_size() == target.get_size():  # a layer over everything (a modal's dimming)
            self.panels.pop(id(target), None)
        if id(source) in self.panel_surfaces:
            self.panel(target, pygame.Rect(at, source.get_size()))
            return
        held = self.carriers.get(id(source))
        if held is not None and held[1] is source and area is None and source.get_size() != target.get_size():
            self.carried(target, source, at, held[0])
        got = self.texts.get(id(source))
        if got is None or got[1] is not source:
            return
        text = got[0]
        if not getattr(target, "window", False):
            self.carriers.setdefault(id(target), (text, target))
        bounds = source.get_bounding_rect()
        if bounds.w == 0 or not text.strip():
            return
        if area is not None:  # a part shown on purpose (scrolling) – but not a line cut off at its side
            part = pygame.Rect(area).clip(source.get_rect())
            if part.h > 0 and (bounds.x < part.x - SLACK or bounds.right > part.right + SLACK):
                self.findings.add(Finding("cut", text, f"{bounds.w} px of ink shown {part.w} px wide · {self.said.get(text, '')}"))
            return
        ink = bounds.move(at)
        room = target.get_rect()  # (a clip is a part redrawn on purpose)
        if not room.inflate(2 * SLACK, 2 * SLACK).contains(ink):
            where = "window" if getattr(target, "window", False) else f"surface {target.get_width()}×{target.get_height()}"
            kind = "past_window" if getattr(target, "window", False) else "past_surface"
            self.findings.add(Finding(kind, text, f"ink {tuple(ink)} outside the {where} · {self.said.get(text, '')}"))
        for p in self.panels.get(id(target), []):
            if p.colliderect(ink) and not p.inflate(2 * SLACK, 2 * SLACK).contains(ink) and not ink.contains(p):
                self.findings.add(Finding("over_panel_edge", text, f"ink {tuple(ink)} over the edge of the panel {tuple(p)} · {self.said.get(text, '')}"))


    def carried(self, target: pygame.Surface, source: pygame.Surface, at: tuple[int, int], text: str) -> None:
        """A surface with text on it (a card, a banner, a button) drawn: inside the window?"""
        if not getattr(target, "window", False):
            self.carriers.setdefault(id(target), (text, target))
            return
        ink = source.get_bounding_rect().move(at)
        if ink.w and not target.get_rect().inflate(2 * SLACK, 2 * SLACK).contains(ink):
            self.findings.add(Finding("panel_past_window", text, f"its surface's ink {tuple(ink)} · {self.said.get(text, '')}"))

    def derived(self, source: Any, out: pygame.Surface) -> pygame.Surface:
        """`out` (scaled or turned from `source`) holds the same text."""
        for store in (self.texts, self.carriers):
            got = store.get(id(source))
            if got is not None and got[1] is source:
                store[id(out)] = (got[0], out)
        return out


RECORDER: Recorder | None = None


def _radius(args: Sequence[Any], kwargs: dict[str, Any]) -> tuple[int, int]:
    width = kwargs.get("width", args[3] if len(args) > 3 else 0)
    radius = kwargs.get("border_radius", args[4] if len(args) > 4 else -1)
    return int(width), int(radius)


@contextmanager
def recording() -> Iterator[Recorder]:
    """Inside: surfaces are `Surf`s, the theme's text is tagged, rounded panels and pygame_gui's
    warnings are noted. Everything is put back on the way out."""
    global RECORDER
    rec = Recorder()
    text, shadowed, wrap, fit = Fonts.text, Fonts.shadowed, Fonts.wrap, Fonts.fit
    surface, rect, init, draw_ui = pygame.Surface, pygame.draw.rect, pygame_gui.UIManager.__init__, pygame_gui.UIManager.draw_ui

    def spy_init(self: pygame_gui.UIManager, *a: Any, **k: Any) -> None:
        init(self, *a, **k)
        rec.managers.append(self)

    def spy_draw_ui(self: pygame_gui.UIManager, target: pygame.Surface) -> None:
        draw_ui(self, target)
        for el in self.get_sprite_group().sprites():  # the dialogs' windows and panels are panels too
            if isinstance(el, (pygame_gui.elements.UIWindow, pygame_gui.elements.UIPanel)) and el.visible:
                rec.panel(target, pygame.Rect(el.rect))

    def spy_text(self: Fonts, t: str, *a: Any, **k: Any) -> pygame.Surface:
        return rec.tag(text(self, t, *a, **k), t)

    def spy_shadowed(self: Fonts, t: str, *a: Any, **k: Any) -> pygame.Surface:
        return rec.tag(shadowed(self, t, *a, **k), t)

    def spy_wrap(self: Fonts, t: str, *a: Any, **k: Any) -> list[str]:
        rec.say(str(t), 2)
        got = wrap(self, t, *a, **k)
        if len(got) > 1:
            rec.lines.update(got)
        return got

    def spy_fit(self: Fonts, t: str, *a: Any, **k: Any) -> str:
        rec.say(str(t), 2)
        got = fit(self, t, *a, **k)
        if got != t:
            rec.shortened.setdefault(str(t), rec.said.get(str(t), ""))
        return got

    def spy_rect(target: pygame.Surface, color: Any, r: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
        got = rect(target, color, r, *args, **kwargs)
        width, radius = _radius((target, color, r, *args), kwargs)
        if width == 0 and radius > 0 and isinstance(target, Surf):
            rec.panel(target, pygame.Rect(r))
        return got

    turns = {name: getattr(pygame.transform, name) for name in ("rotozoom", "rotate", "scale", "smoothscale", "scale_by", "smoothscale_by")}

    def turned(fn: Callable[..., pygame.Surface]) -> Callable[..., pygame.Surface]:
        def spy(src: Any, *a: Any, **k: Any) -> pygame.Surface:
            return rec.derived(src, fn(src, *a, **k))
        return spy

    for name, fn in turns.items():
        setattr(pygame.transform, name, turned(fn))
    Fonts.text, Fonts.shadowed, Fonts.wrap, Fonts.fit = spy_text, spy_shadowed, spy_wrap, spy_fit  # type: ignore[method-assign,assignment]
    pygame.Surface = Surf  # type: ignore[misc]
    pygame.draw.rect = spy_rect  # type: ignore[assignment]
    pygame_gui.UIManager.__init__ = spy_init  # type: ignore[method-assign]
    pygame_gui.UIManager.draw_ui = spy_draw_ui  # type: ignore[method-assign,assignment]
    RECORDER = rec
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield rec
        for w in caught:
            if "too small" in str(w.message):
                rec.findings.add(Finding("too_small", str(w.message).split(": ", 1)[-1][:120]))
    finally:
        RECORDER = None
        for name, fn in turns.items():
            setattr(pygame.transform, name, fn)
        Fonts.text, Fonts.shadowed, Fonts.wrap, Fonts.fit = text, shadowed, wrap, fit  # type: ignore[method-assign]
        pygame.Surface = surface  # type: ignore[misc]
        pygame.draw.rect = rect
        pygame_gui.UIManager.__init__ = init  # type: ignore[method-assign]
        pygame_gui.UIManager.draw_ui = draw_ui  # type: ignore[method-assign]


class SweepApp(App):
    """The app with a recording window: each frame starts the panels afresh."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.screen = window(self.screen.get_size())

    def step(self, dt: float) -> None:
        if RECORDER is not None:
            RECORDER.frame()
        super().step(dt)


def window(size: tuple[int, int]) -> Surf:
    w = Surf(size)
    w.window = True
    return w


# --- what a string on a German or Danish screen must not be ---------------------------------------


_UNTRANSLATED: dict[tuple[str, str], tuple[frozenset[str], tuple[tuple[re.Pattern[str], str], ...]]] = {}


def untranslated(code: str) -> tuple[frozenset[str], tuple[tuple[re.Pattern[str], str], ...]]:
    """The catalogue's English msgids that `code` translates differently (and never uses as a translation): the plain ones, and the
    ones with placeholders as patterns (only those with some words of their own). Worked out once per catalogue text (a sweep
    checks some forty screens against it: parsing and compiling it for each took half the sweep's time)."""
    text = po_path(code).read_text(encoding="utf-8")
    got = _UNTRANSLATED.get((code, text))
    if got is None:
        got = _UNTRANSLATED[(code, text)] = _untranslated(text)
    return got


def _untranslated(text: str) -> tuple[frozenset[str], tuple[tuple[re.Pattern[str], str], ...]]:
    cat = parse_po(text)
    plain: set[str] = set()
    shaped: list[tuple[re.Pattern[str], str]] = []
    for msgid, msgstr in cat.items():
        if not msgid or not msgstr or msgstr == msgid:
            continue
        if "{" in msgid:
            words = re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", " ", msgid))
            if len(words) >= 2:
                body = "".join(".+?" if part.startswith("{") else re.escape(part) for part in re.split(r"(\{[^}]*\})", msgid))
                shaped.append((re.compile(body + r"\Z", re.S), msgid))
        elif re.search(r"[A-Za-z]{3,}", msgid):
            plain.add(msgid)
    # a word spelled alike in both languages ("Stand" translates "Standings" and is a msgid of its own)
    return frozenset(plain - set(cat.values())), tuple(shaped)


@cache
def _with_literals(shaped: tuple[tuple[re.Pattern[str], str], ...]) -> list[tuple[str, re.Pattern[str], str]]:
    """Each shaped msgid with the longest run of its own words: a text holding that run is matched
    against its pattern, no other (nearly every text holds none: one `in` each instead of a match –
    the matching was a tenth of a sweep's time)."""
    return [(max(re.split(r"\{[^}]*\}", msgid), key=len), pat, msgid) for pat, msgid in shaped]


def is_notation(text: str) -> bool:
    """True when `text`, or what follows a "name: " in it (a step of the log, "6. Anna: roll 12"),
    is a move in a game's action notation as the log stores it."""
    from game.bierpong.actions import parse_action as pong
    from game.dice.actions import parse_action as dice
    from game.racerbile.actions import parse_action as race

    s = text.strip()
    parts = [s] + [s.split(": ", i + 1)[-1] for i in range(s.count(": "))]
    for part in parts:
        if not re.search(r"[a-z]{3,}", part) or " " not in part and not part[:1].islower():
            continue  # a name, a number: not a move
        for parse in (dice, race, pong):
            try:
                parse(part)
            except (ValueError, KeyError, IndexError):
                continue
            return True
    return False


def widget_texts(managers: list[pygame_gui.UIManager]) -> Iterator[str]:
    from tests.screen_words import _widget_texts

    for m in managers:
        yield from _widget_texts(m)


def widgets_past(managers: list[pygame_gui.UIManager], size: tuple[int, int]) -> Iterator[Finding]:
    """Visible pygame_gui elements that stand past the window, and buttons too narrow for their text."""
    room = pygame.Rect((0, 0), size)
    for m in managers:
        for el in m.get_sprite_group().sprites():
            if not getattr(el, "visible", True) or not hasattr(el, "rect") or isinstance(el, pygame_gui.core.UIContainer):
                continue
            r = el.rect
            name = str(getattr(el, "text", "") or type(el).__name__)
            if r.w > 0 and r.h > 0 and not room.contains(r):
                yield Finding("widget_past_window", name, f"{type(el).__name__} {tuple(r)}")
            font = getattr(el, "font", None)
            if isinstance(el, pygame_gui.elements.UIButton) and font is not None and el.text:
                w = font.size(el.text)[0]
                if w > r.w - 4:
                    yield Finding("button_text_cut", name, f"{w} px of text in a button {r.w} px wide")


def check_words(said: dict[str, str], code: str, allowed: Callable[[str], bool]) -> set[Finding]:
    """Rule ids, raw notation, and (on a German or Danish screen) English catalogue strings in what a
    screen said (`Recorder.said` less `Recorder.lines`: a wrapped string is checked whole)."""
    out: set[Finding] = set()
    plain, shaped = untranslated(code) if code != "en" else (frozenset(), ())
    by_literal = _with_literals(shaped)
    for raw, where in said.items():
        t = raw.strip()
        if not t or allowed(t):
            continue
        m = RULE_ID.search(CITED.sub(" ", t)) if not RULE_ID.fullmatch(t) else None
        if m:
            out.add(Finding("rule_id", t, f"{m.group(0)} · {where}"))
        if is_notation(t):
            out.add(Finding("notation", t, where))
        if t in plain:
            out.add(Finding("english", t, where))
        else:
            hit = next((msgid for lit, pat, msgid in by_literal if lit in t and pat.match(t)), None)
            if hit is not None:
                out.add(Finding("english", t, f"{hit!r} · {where}"))
    return out
