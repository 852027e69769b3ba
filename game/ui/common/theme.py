"""The look of the pub: colours, fonts with a pre-rendered text cache, boxes and layouts (the
materials – felt, wood, slate – are `game.ui.common.textures`).

Everything that needs pygame initialised lives in objects (`Fonts`) created by the app, never in
module globals: a font made before `pygame.quit()` would be dead after the next `pygame.init()`.
"""
from __future__ import annotations

import io
import os
import re
import unicodedata
from collections import OrderedDict
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import pygame
import pygame.freetype

from game.resources import ASSETS  # ui_theme.json, sounds/: the checkout's or the installed package's
from game.ui.common.cmap import char_map

Color = tuple[int, int, int] | tuple[int, int, int, int]

# --- palette ---------------------------------------------------------------------------------
FELT = (24, 96, 56)
FELT_DARK = (12, 58, 33)
WOOD = (98, 60, 32)
WOOD_DARK = (52, 31, 16)
WOOD_LIGHT = (140, 92, 50)
BRASS = (214, 174, 92)
BRASS_DARK = (150, 112, 50)
CREAM = (246, 236, 210)
CHALK = (232, 234, 226)
CHALK_DIM = (170, 176, 170)
CHALK_YELLOW = (242, 214, 110)
CHALK_BLUE = (150, 196, 230)
CHALK_RED = (238, 128, 110)
SLATE = (38, 44, 44)
INK = (28, 24, 20)
RED = (176, 40, 34)
RED_DARK = (110, 22, 20)
AMBER = (236, 168, 48)
MUTED = (196, 184, 160)
SHADOW = (0, 0, 0, 110)

UI_THEME = ASSETS / "ui_theme.json"


def ui_theme_path() -> str | None:
    """The pygame_gui theme file, or None (pygame_gui's defaults) when it is not shipped."""
    return str(UI_THEME) if UI_THEME.is_file() else None


@cache
def bundled_font(name: str) -> str | None:
    """A font file that comes with pygame_gui (Noto Sans: umlauts, ß, dashes, quotes); looked up once."""
    try:
        p = resources.files("pygame_gui.data").joinpath(name)
        return str(p) if p.is_file() else None
    except (ModuleNotFoundError, FileNotFoundError, TypeError):  # pragma: no cover
        return None


FONTS_DIR = ASSETS / "fonts"
# Shipped fallbacks (assets/fonts, licences beside them): symbols such as ✓ → ✗, then emoji.
_SHIPPED = {"regular": ("DejaVuSans.ttf", "Symbola.ttf"), "bold": ("DejaVuSans-Bold.ttf", "Symbola.ttf")}
# Scripts Noto Sans lacks, shipped with pygame_gui.
_SCRIPTS = {
    "regular": ("NotoSansSC-Regular.otf", "NotoSansJP-Regular.otf", "NotoSansKR-Regular.ttf",
                "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansGeorgian-Regular.ttf"),
    "bold": ("NotoSansSC-Bold.otf", "NotoSansJP-Bold.otf", "NotoSansKR-Bold.ttf",
             "NotoSansArabic-Bold.ttf", "NotoSansHebrew-Bold.ttf", "NotoSansGeorgian-Bold.ttf"),
}
MAX_CHARS = 1000  # longer text is cut with "…" (no screen shows more on one line)
UNKNOWN = "?"  # drawn for a character no font in the chain has (never a box)


_SELECTORS = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")  # variation selectors (printable, dropped)


def displayable(text: object) -> str:
    """`text` as it can be drawn on one line: control and format characters (zero-width joiners and
    spaces, direction overrides, BOM, soft hyphen) and variation selectors dropped, line breaks, tabs
    and other spaces as plain spaces, lone surrogates as `UNKNOWN`, at most `MAX_CHARS` characters."""
    s = text if isinstance(text, str) else str(text)
    if s.isprintable() and (s.isascii() or not _SELECTORS.search(s)):  # (no space but " ", no control, format or surrogate)
        return s if len(s) <= MAX_CHARS else s[: MAX_CHARS - 1] + "…"
    out: list[str] = []
    for c in s:
        cat = unicodedata.category(c)
        if cat in ("Zs", "Zl", "Zp") or c in "\t\n\r\x0b\x0c\x85":
            out.append(" ")
        elif cat == "Cs":
            out.append(UNKNOWN)
        elif cat in ("Cc", "Cf") or 0xFE00 <= ord(c) <= 0xFE0F or 0xE0100 <= ord(c) <= 0xE01EF:
            continue
        else:
            out.append(c)
    if len(out) > MAX_CHARS:
        out = out[: MAX_CHARS - 1] + ["…"]
    return "".join(out)


@cache
def _is_file(path: str) -> bool:
    """Whether a font file is there (asked once: the chains of every style share the files)."""
    return Path(path).is_file()


# (font file, character) → the file has a glyph for it: facts about the files (no pygame object), shared by
# every chain and kept across `pygame.quit()`
_COVERAGE: dict[tuple[str, str], bool] = {}


class GlyphChain:
    """Font files tried in order for each character: the first that has its glyph draws it.

    Coverage is read from the file's character map (`cmap`; FreeType, where a missing glyph has no
    metrics, for a file it cannot read), once per file and character – for all the new characters of a
    text at once (`learn`)."""

    def __init__(self, paths: list[str]) -> None:
        self.paths = [p for i, p in enumerate(paths) if p and p not in paths[:i] and _is_file(p)]
        self._probe: dict[str, object] = {}
        self._pick: dict[str, int] = {}
        self._fonts: dict[tuple[int, int], pygame.font.Font] = {}

    def _probe_font(self, path: str) -> object:
        """The FreeType face that answers for `path` (False: the file cannot be read)."""
        f = self._probe.get(path)
        if f is None:
            try:
                if not pygame.freetype.get_init():
                    pygame.freetype.init()
                f = pygame.freetype.Font(path, 16)
            except Exception:  # pragma: no cover - an unreadable font file covers nothing
                f = False
            self._probe[path] = f
        return f

    def _cover(self, path: str, chars: str) -> None:
        """Ask `path` about every character of `chars` (each at most once) and keep the answers: its
        character map when it can be read here (`cmap`), else FreeType."""
        if len(_COVERAGE) > 200_000:  # (text from anywhere: the facts stay bounded)
            _COVERAGE.clear()
        known = char_map(path)
        if known is not None:
            for c in chars:
                _COVERAGE[(path, c)] = known.has(c)
            return
        f = self._probe_font(path)
        try:
            metrics = f.get_metrics(chars) if f is not False else [None] * len(chars)  # type: ignore[attr-defined]
            for c, m in zip(chars, metrics, strict=True):
                _COVERAGE[(path, c)] = m is not None
        except Exception:  # pragma: no cover - a string FreeType refuses: letter by letter
            for c in chars:
                try:
                    _COVERAGE[(path, c)] = f is not False and f.get_metrics(c)[0] is not None  # type: ignore[attr-defined]
                except Exception:
                    _COVERAGE[(path, c)] = False

    def _covers(self, path: str, ch: str) -> bool:
        got = _COVERAGE.get((path, ch))
        if got is None:
            self._cover(path, ch)
            got = _COVERAGE[(path, ch)]
        return got

    def has(self, i: int, ch: str) -> bool:
        """True when font `i` of the chain has a glyph for `ch`."""
        return self._covers(self.paths[i], ch)

    def learn(self, text: str) -> None:
        """Pick the font of each character of `text` not seen before: each file of the chain is asked
        about all those its predecessors lack at once."""
        left = [c for c in dict.fromkeys(text) if c not in self._pick]
        for k, path in enumerate(self.paths):
            if not left:
                break
            new = "".join(c for c in left if (path, c) not in _COVERAGE)
            if new:
                self._cover(path, new)
            rest = []
            for c in left:
                if self._covers(path, c):
                    self._pick[c] = k
                else:
                    rest.append(c)
            left = rest
        for c in left:
            self._pick[c] = -1

    def pick(self, ch: str) -> int:
        """The index of the first font with `ch`, or -1 when none has it."""
        i = self._pick.get(ch)
        if i is None:
            i = next((k for k in range(len(self.paths)) if self.has(k, ch)), -1)
            self._pick[ch] = i
        return i

    def font(self, i: int, size: int) -> pygame.font.Font:
        f = self._fonts.get((i, size))
        if f is None:
            f = SharedFont(self.paths[i], size)
            self._fonts[(i, size)] = f
        return f

    def runs(self, text: str) -> list[tuple[int, str]]:
        """`text` (displayable) cut into runs of one font each; a combining mark stays with its base,
        a character no font has becomes `UNKNOWN` in the first font."""
        self.learn(text)
        if all(self._pick[c] == 0 for c in set(text)):  # (the common case: the first font has every letter)
            return [(0, text)] if text else []
        runs: list[tuple[int, str]] = []
        for c in text:
            if runs and (c == " " or unicodedata.combining(c)):
                i = runs[-1][0]
            else:
                i = self.pick(c)
                if i < 0:
                    i, c = 0, UNKNOWN
            if runs and runs[-1][0] == i:
                runs[-1] = (i, runs[-1][1] + c)
            else:
                runs.append((i, c))
        return runs


# One FreeType face per font file, shared by its sizes, styles of shaping and users (these fonts,
# pygame_gui's widgets): FreeType's autofitter studies a face the first time a glyph is loaded from it
# (~3 ms for Noto Sans: which glyphs each of its scripts covers), so each size opened as a face of its
# own paid that again – some twenty faces before the menu's first frame. Setting the shared face to
# another size costs a fraction of that (~0.5 ms: its glyphs are loaded again at that size), so a size
# that keeps coming back to it after others (text redrawn in several sizes every frame) moves to a
# face of its own after a few times: rent, then buy (building the menu sets a face back to a size
# up to 9 times; a text redrawn every frame in another size than its neighbours takes its own face
# within its first dozen frames).
NO_SCRIPT = "Zzzz"  # SDL_ttf's own default: the script is not set (pygame_gui sets its locale's, e.g. "Latn")
OWN_FACE_AFTER = 10  # times a font had to set the shared face back to its size before it takes a face of its own


FONT_IN_MEMORY = 4 << 20  # bytes: a font file up to this size is read into memory (`font_file`)


@cache
def _font_bytes(path: str) -> bytes | None:
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        return f.read() if size <= FONT_IN_MEMORY else None


def font_file(path: str) -> io.BytesIO | str:
    """The font file `path` to open a font from, read into memory once (every font of the file shares the
    bytes): SDL_ttf reads an open file piece by piece, a seek and a read each – some 20 000 system calls
    before the menu's first frame (issue 30), none from memory. A large file (a CJK font) stays a path.
    OSError as opening it would."""
    data = _font_bytes(path)
    return path if data is None else io.BytesIO(data)


class _Face:
    """A font file's shared face and what it is set to now (size, script, direction)."""

    __slots__ = ("font", "size", "script", "direction")

    def __init__(self, path: str, size: int) -> None:
        self.font = pygame.font.Font(font_file(path), size)
        self.size = size
        self.script = NO_SCRIPT
        self.direction = pygame.DIRECTION_LTR  # (SDL_ttf's default)


_FACES: dict[str, _Face] = {}  # font file → its shared face (all dead, and dropped, once the font module quit)


def _shared_face(path: str, size: int) -> _Face:
    face = _FACES.get(path)
    if face is not None:
        try:
            face.font.get_height()
        except pygame.error:  # the font module quit since (`pygame.quit()`): every face is dead
            _FACES.clear()
            face = None
    if face is None:
        face = _FACES[path] = _Face(path, size)
    return face


_Font = pygame.font.Font


class SharedFont(pygame.font.Font):
    """A font file at one size (and script and direction of shaping) whose glyphs are loaded,
    measured and drawn by the file's shared face, set to this size first when another used it last
    – or, once that happened `OWN_FACE_AFTER` times, by its own face; its metrics (height, ascent,
    line size) are its own. Draws exactly what a font of its own would."""

    def __init__(self, path: str, size: int, script: str = NO_SCRIPT, direction: int = pygame.DIRECTION_LTR) -> None:
        super().__init__(font_file(path), size)
        self._pt = int(size)
        self._script = script or NO_SCRIPT
        self._direction = direction
        if self._script != NO_SCRIPT:
            self.set_script(self._script)
        if direction != pygame.DIRECTION_LTR:
            self.set_direction(direction)
        self._face: _Face | None = _shared_face(path, self._pt)
        self._returns = 0  # times the shared face was set back to this font's size

    def _at(self) -> pygame.font.Font:
        face = self._face
        if face is None:
            return self
        f = face.font
        if face.size != self._pt or face.script != self._script or face.direction != self._direction:
            self._returns += 1
            if self._returns > OWN_FACE_AFTER:
                self._face = None
                return self
            if face.size != self._pt:
                f.point_size = face.size = self._pt
            if face.script != self._script:
                f.set_script(self._script)
                face.script = self._script
            if face.direction != self._direction:
                f.set_direction(self._direction)
                face.direction = self._direction
        return f

    def size(self, text: str | bytes) -> tuple[int, int]:  # type: ignore[override]
        return _Font.size(self._at(), text)

    def render(self, text: str | bytes | None, antialias: bool, color: Any, bgcolor: Any = None, wraplength: int = 0) -> pygame.Surface:  # type: ignore[override]
        return _Font.render(self._at(), text, antialias, color, bgcolor, wraplength)

    def metrics(self, text: str | bytes) -> list[tuple[int, int, int, int, int] | None]:  # type: ignore[override]
        return _Font.metrics(self._at(), text)


def _render_run(f: pygame.font.Font, run: str, color: Color) -> pygame.Surface | None:
    """One run in one font, or None when SDL_ttf refuses it (zero width, too wide)."""
    try:
        return f.render(run, True, color)
    except (pygame.error, ValueError, UnicodeError):
        return None


_OVERHANG: dict[tuple[int, str], bool] = {}
HAIR = "\u200a"  # a hair space: opens a word space a glyph's ink runs into
_BEFORE_SPACE = re.compile("[^ ](?= )")  # a glyph a word space follows


def _overhangs(f: pygame.font.Font, c: str) -> bool:
    """`c`'s ink reaches past its advance into a narrow word space in `f` (hinted small type: a "4"
    at 11–13 px, where a space is 3 px) – before a space the words would seem to run together ("Schock 4is")."""
    key = (id(f), c)
    got = _OVERHANG.get(key)
    if got is None:
        try:
            m, space, hair = f.metrics(c + " " + HAIR)
            over = m[1] - m[4] if m else 0
            got = bool(space and hair and over > 0 and (2 * over >= space[4] or space[4] <= 3))  # (a font without the hair space: as it is)
        except (pygame.error, ValueError, UnicodeError, TypeError):
            got = False
        if len(_OVERHANG) > 4096:
            _OVERHANG.clear()
        _OVERHANG[key] = got
    return got


def open_spaces(f: pygame.font.Font, run: str) -> str:
    """`run` with a hair space after each glyph whose ink runs into the word space after it."""
    if " " not in run:
        return run
    over = {c for c in set(_BEFORE_SPACE.findall(run)) if _overhangs(f, c)}
    if not over:
        return run
    return _BEFORE_SPACE.sub(lambda m: m[0] + HAIR if m[0] in over else m[0], run)


def _width_of(f: pygame.font.Font, run: str) -> int:
    try:
        return int(f.size(run)[0])
    except (pygame.error, ValueError, UnicodeError):
        return 0


def render_runs(runs: list[tuple[pygame.font.Font, str]], main: pygame.font.Font, color: Color) -> pygame.Surface:
    """Runs of text, each in its font, side by side on the baseline of `main`. Never raises: a run
    SDL_ttf refuses (zero width) is drawn letter by letter, what it still refuses is left out."""
    parts: list[tuple[pygame.Surface, pygame.font.Font]] = []
    for f, run in runs:
        p = _render_run(f, run, color) if run else None
        if p is None and run:
            for c in run:
                q = _render_run(f, c, color)
                if q is not None:
                    parts.append((q, f))
        elif p is not None:
            parts.append((p, f))
    if len(parts) == 1 and parts[0][1] is main:
        return parts[0][0]
    top = max([main.get_ascent()] + [f.get_ascent() for _p, f in parts])
    h = max([top - main.get_ascent() + main.get_height()] + [top - f.get_ascent() + p.get_height() for p, f in parts])
    w = sum(p.get_width() for p, _f in parts)
    out = pygame.Surface((min(w, 16000), h), pygame.SRCALPHA)
    x = 0
    for p, f in parts:
        out.blit(p, (x, top - f.get_ascent()))
        x += p.get_width()
    return out


_SERIF_FILES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf",
    "/usr/share/fonts/TTF/DejaVuSerif-Bold.ttf",
    "/Library/Fonts/Georgia Bold.ttf",
    "C:/Windows/Fonts/georgiab.ttf",
)


def _serif_font() -> str | None:
    """A bold serif for titles: a well-known file if present (no font scan at start-up), else a scan."""
    for f in _SERIF_FILES:
        if Path(f).is_file():
            return f
    try:
        return pygame.font.match_font("georgia,dejavuserif,liberationserif,notoserif,timesnewroman,freeserif", bold=True)
    except Exception:  # pragma: no cover - font discovery is best effort
        return None


def _pygame_default_font() -> str:
    """pygame's own font file (always there: it ships inside pygame)."""
    return str(Path(pygame.__file__).parent / pygame.font.get_default_font())


def chain_paths(style: str, first: str | None) -> list[str]:
    """The font files tried for `style`, `first` (the style's own font) first."""
    kind = "regular" if style in ("regular", "italic") else "bold"
    shipped = [str(FONTS_DIR / n) for n in _SHIPPED[kind]]
    scripts = [p for p in (bundled_font(n) for n in _SCRIPTS[kind]) if p]
    return [p for p in [first, *shipped, *scripts, _pygame_default_font()] if p]


class Fonts:
    """Fonts by size and style, and a cache of rendered text (pre-rendered, blitted each frame).

    `text`, `size`, `width`, `fit` and `wrap` are the one path for drawing and measuring text: they
    take any string (zero-width characters, direction overrides, emoji, control characters, any
    length) and never raise; glyphs the style's font lacks come from the next font of a chain
    (`chain_paths`), and a character no font has is drawn as `UNKNOWN`, never as a box."""

    CACHE_SIZE = 3000

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._regular = bundled_font("NotoSans-Regular.ttf")
        self._bold = bundled_font("NotoSans-Bold.ttf")
        self._italic = bundled_font("NotoSans-Italic.ttf")
        self._serif = _serif_font() or self._bold
        self._chains: dict[str, GlyphChain] = {}
        self._fonts: dict[tuple[int, str], pygame.font.Font] = {}
        self._text: OrderedDict[tuple[str, int, Color, str], pygame.Surface] = OrderedDict()
        self._run_cache: dict[tuple[str, int, str], list[tuple[pygame.font.Font, str]]] = {}  # (`_runs`)
        self._width_cache: dict[tuple[str, int, str], int] = {}  # (`width`)

    def _path(self, style: str) -> str | None:
        return {"regular": self._regular, "bold": self._bold, "italic": self._italic, "serif": self._serif}.get(style)

    def chain(self, style: str) -> GlyphChain:
        c = self._chains.get(style)
        if c is None:
            c = GlyphChain(chain_paths(style, self._path(style)))
            self._chains[style] = c
        return c

    def font(self, size: int, style: str = "regular") -> pygame.font.Font:
        """style: regular, bold, italic or serif (a bold serif for titles). For its metrics (height,
        line size): draw and measure text with `text` / `width`, never with the font itself."""
        size = max(6, int(size))
        key = (size, style)
        f = self._fonts.get(key)
        if f is None:
            path = self._path(style)
            try:
                f = SharedFont(path, size) if path is not None else pygame.font.Font(None, size)
            except (OSError, FileNotFoundError):  # pragma: no cover
                f = pygame.font.Font(None, size)
            if path is None and style == "bold":
                f.bold = True
            self._fonts[key] = f
        return f

    def text(self, text: str, size: int, color: Color = CREAM, style: str = "regular") -> pygame.Surface:
        """The rendered text, from the cache when it was drawn before. Never raises."""
        key = (text, int(size), color, style)
        surf = self._text.get(key)
        if surf is not None:
            self._text.move_to_end(key)
            return surf
        surf = self._render(text, int(size), color, style)
        self._text[key] = surf
        if len(self._text) > self.CACHE_SIZE:
            self._text.popitem(last=False)
        return surf

    def lacks(self, style: str, ch: str) -> bool:
        """True when no font of the chain for `style` has a glyph for `ch` (it is drawn as `UNKNOWN`)."""
        return ch.strip() != "" and self.chain(style).pick(ch) < 0

    def _runs(self, text: str, size: int, style: str) -> list[tuple[pygame.font.Font, str]]:
        """The runs of `text` with the font that draws each (the style's own font first); the same
        text's runs kept (`CACHE_SIZE`): a frame measures the same words again and again."""
        key = (text, size, style)
        got = self._run_cache.get(key)
        if got is None:
            got = self._run_cache[key] = self._find_runs(text, size, style)
            if len(self._run_cache) > self.CACHE_SIZE:
                self._run_cache.pop(next(iter(self._run_cache)))
        return got

    def _find_runs(self, text: str, size: int, style: str) -> list[tuple[pygame.font.Font, str]]:
        s = displayable(text)
        main = self.font(size, style)
        chain = self.chain(style)
        if not chain.paths or s.isascii():
            return [(main, open_spaces(main, s))]
        out: list[tuple[pygame.font.Font, str]] = []
        for i, run in chain.runs(s):
            f = main if i == 0 and chain.paths[0] == self._path(style) else chain.font(i, max(6, size))
            out.append((f, open_spaces(f, run)))
        return out

    def _render(self, text: str, size: int, color: Color, style: str) -> pygame.Surface:
        """Render run by run, each in the first font of the chain that has its glyphs, on one baseline."""
        return render_runs(self._runs(text, size, style), self.font(size, style), color)

    def width(self, text: str, size: int, style: str = "regular") -> int:
        """How wide `text` is drawn (without rendering it; the same text's width kept). Never raises."""
        key = (text, int(size), style)
        got = self._width_cache.get(key)
        if got is None:
            got = self._width_cache[key] = sum(_width_of(f, run) for f, run in self._runs(text, int(size), style))
            if len(self._width_cache) > self.CACHE_SIZE:
                self._width_cache.pop(next(iter(self._width_cache)))
        return got

    def size(self, text: str, size: int, style: str = "regular") -> tuple[int, int]:
        """Width and line height of `text` as drawn. Never raises."""
        main = self.font(size, style)
        fonts = {f for f, _run in self._runs(text, int(size), style)} | {main}
        top = max(f.get_ascent() for f in fonts)
        return self.width(text, size, style), max(top - f.get_ascent() + f.get_height() for f in fonts)

    def at(self, size: int, style: str = "regular") -> SizedFont:
        """The text path at one size and style, shaped like a font (`size`, `get_height`...)."""
        return SizedFont(self, int(size), style)

    def fit(self, text: str, size: int, width: int, style: str = "regular") -> str:
        """`text` cut with "…" so it is at most `width` pixels wide (unchanged when it fits)."""
        s = displayable(text)
        if self.width(s, size, style) <= width:
            return s
        lo, hi = 0, len(s)
        while lo < hi:  # the longest prefix that fits with the ellipsis
            mid = (lo + hi + 1) // 2
            if self.width(s[:mid].rstrip() + "…", size, style) <= width:
                lo = mid
            else:
                hi = mid - 1
        return s[:lo].rstrip() + "…" if lo > 0 else "…"

    def wrap(self, text: str, size: int, width: int, style: str = "regular") -> list[str]:
        """Break `text` into lines no wider than `width` pixels; a word longer than a line (a file's
        path) is broken too, after a "/" where it can be."""
        lines: list[str] = []
        for para in str(text).split("\n"):
            words = para.split(" ")
            line = ""
            j = 0
            while j < len(words):
                while not line and j < len(words) and not words[j]:  # (no line starts with a space)
                    j += 1
                # the most of the next words that still fit on the line (a line only widens word by
                # word, so a search finds what adding them one at a time would, measuring fewer lines)
                lo, hi, step = 0, len(words) - j, 1
                while lo < hi:  # gallop: 1, 2, 4 … words, then halve
                    mid = min(hi, lo + step) if step else (lo + hi + 1) // 2
                    if self.width(_joined(line, words[j: j + mid]), size, style) <= width:
                        lo, step = mid, step * 2
                    else:
                        hi, step = mid - 1, 0
                if lo:
                    line, j = _joined(line, words[j: j + lo]), j + lo
                if j == len(words):
                    break
                w = words[j]
                j += 1
                if line:
                    lines.append(line)
                line = w
                while len(line) > 1 and self.width(line, size, style) > width:
                    head = self._longest_head(line, size, width, style)
                    lines.append(head)
                    line = line[len(head):]
            lines.append(line)
        return lines

    def _longest_head(self, word: str, size: int, width: int, style: str) -> str:
        """The longest start of `word` within `width` (at least one character), ending after a
        path separator or a dash when one is in the second half of it."""
        lo, hi = 1, len(word)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.width(word[:mid], size, style) <= width:
                lo = mid
            else:
                hi = mid - 1
        head = word[:lo]
        cut = max(head.rfind(c) for c in "/\\-_.")
        return head[: cut + 1] if cut >= lo // 2 else head

    def shadowed(self, text: str, size: int, color: Color, style: str = "bold", offset: int = 2) -> pygame.Surface:
        """Text with a soft dark shadow, for titles on the felt."""
        key = ("\x00shadow" + text, int(size), color, style + str(offset))
        surf = self._text.get(key)
        if surf is not None:
            return surf
        front = self.text(text, size, color, style)
        back = self._render(text, int(size), (0, 0, 0), style).copy()
        back.set_alpha(150)
        surf = pygame.Surface((front.get_width() + offset, front.get_height() + offset), pygame.SRCALPHA)
        surf.blit(back, (offset, offset))
        surf.blit(front, (0, 0))
        self._text[key] = surf
        return surf


def fit_text(fonts: Fonts, text: str, size: int, width: int, color: Color, style: str = "regular") -> pygame.Surface:
    """Text in `width`: smaller, then cut with an ellipsis (the surface; `Fonts.fit` gives the words)."""
    for k in (0, 1, 2):
        img = fonts.text(text, max(8, size - k), color, style)
        if img.get_width() <= width:
            return img
    t = text
    while t and fonts.size(t + "…", max(8, size - 2), style)[0] > width:
        t = t[:-1]
    return fonts.text(t + "…", max(8, size - 2), color, style)


def _joined(line: str, words: list[str]) -> str:
    more = " ".join(words)
    return line + " " + more if line else more


class SizedFont:
    """`Fonts` at one size and style, where code wants a font-like measurer: `size(text)` is
    `Fonts.size`, the metrics are the style's font's."""

    def __init__(self, fonts: Fonts, size: int, style: str) -> None:
        self.fonts, self.pt, self.style = fonts, size, style
        self._font = fonts.font(size, style)

    def size(self, text: str) -> tuple[int, int]:
        return self.fonts.size(text, self.pt, self.style)

    def text(self, text: str, color: Color = CREAM) -> pygame.Surface:
        return self.fonts.text(text, self.pt, color, self.style)

    def get_height(self) -> int:
        return self._font.get_height()

    def get_linesize(self) -> int:
        return self._font.get_linesize()

    def get_ascent(self) -> int:
        return self._font.get_ascent()


# --- drawing helpers -------------------------------------------------------------------------


def two_panels(size: tuple[int, int], share: float = 0.5) -> tuple[int, bool, pygame.Rect, pygame.Rect]:
    """The screens with a title over two panels side by side (the menu, the settings, the join
    screen): the margin, whether the window is short, and the left panel (`share` of the width) and
    the right, leaving room for the bottom bar."""
    w, h = size
    margin = 36 if w >= 1100 else 20
    compact = h < 740
    top = 118 if not compact else 92
    lw = int((w - 3 * margin) * share)
    return margin, compact, pygame.Rect(margin, top, lw, h - top - 100), pygame.Rect(2 * margin + lw, top, w - 3 * margin - lw, h - top - 100)


def rounded_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: Color,
    border: Color | None = None,
    radius: int = 10,
    width: int = 2,
) -> None:
    """A rounded box; translucent fills (alpha < 255) are blended."""
    if len(fill) == 4 and fill[3] < 255:
        tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, fill, tmp.get_rect(), border_radius=radius)
        surface.blit(tmp, rect.topleft)
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if border is not None and width > 0:
        pygame.draw.rect(surface, border, rect, width, border_radius=radius)


def for_display(surf: pygame.Surface, alpha: bool = False) -> pygame.Surface:
    """The surface in the display's pixel format (blits faster), when a display is open – `surf`
    itself when it is in that format already (no copy of a whole screen made for nothing)."""
    screen = pygame.display.get_surface() if pygame.display.get_init() else None
    if screen is None:
        return surf
    if alpha:
        return surf.convert_alpha()
    if (surf.get_bitsize() == screen.get_bitsize() and surf.get_masks() == screen.get_masks() and not surf.get_flags() & pygame.SRCALPHA
            and surf.get_alpha() is None and surf.get_colorkey() is None and surf.get_parent() is None):
        return surf
    return surf.convert()


def scale_for(size: tuple[int, int]) -> float:
    """How much larger than the 1280×800 design the window is (clamped)."""
    return max(0.6, min(1.6, min(size[0] / 1280, size[1] / 800)))
