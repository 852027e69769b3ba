"""Which font draws a letter: the character map read from the file answers as FreeType does, and the
text path's shortcuts (a text's fonts found for all its letters at once, words wrapped by search) give
what the letter-by-letter and word-by-word ways gave."""
from __future__ import annotations

import random
import unicodedata
from pathlib import Path

import pygame
import pygame.freetype

from game.ui.common import theme
from game.ui.common.cmap import char_map

ROOT = Path(__file__).resolve().parents[2]


def _chain_files() -> list[str]:
    files: set[str] = set()
    for style, first in (("regular", "NotoSans-Regular.ttf"), ("bold", "NotoSans-Bold.ttf"), ("italic", "NotoSans-Italic.ttf")):
        files |= {p for p in theme.chain_paths(style, theme.bundled_font(first)) if Path(p).is_file()}
    return sorted(files)


def _sample() -> list[str]:
    rng = random.Random(30)
    codes = [*range(0x20, 0x250), *range(0x2000, 0x2700, 3), *rng.sample(range(0x3000, 0xD800), 300),
             *rng.sample(range(0xE000, 0x10000), 200), *rng.sample(range(0x10000, 0x30000), 300), 0x1F37A, 0x1F600, 0xFFFF]
    catalog_text = "".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "locale").rglob("*.po")))
    return sorted({chr(c) for c in codes} | set(catalog_text) - set("\n\r\t"))


def test_the_character_map_says_what_freetype_says_for_every_font_of_the_chains() -> None:
    files = _chain_files()
    assert len(files) >= 8  # Noto Sans, the shipped fallbacks and the scripts
    chars = _sample()
    pygame.freetype.init()
    for path in files:
        cmap = char_map(path)
        assert cmap is not None, path
        face = pygame.freetype.Font(path, 16)
        freetype = [m is not None for m in face.get_metrics("".join(chars))]
        assert [cmap.has(c) for c in chars] == freetype, path


def test_a_file_that_is_no_font_has_no_character_map(tmp_path: Path) -> None:
    (tmp_path / "x.ttf").write_bytes(b"\x00\x01\x00\x00" + b"\xff" * 40)
    (tmp_path / "y.ttf").write_text("no font", encoding="utf-8")
    assert char_map(str(tmp_path / "x.ttf")) is None
    assert char_map(str(tmp_path / "y.ttf")) is None
    assert char_map(str(tmp_path / "missing.ttf")) is None


def _wrap_word_by_word(fonts: theme.Fonts, text: str, size: int, width: int, style: str) -> list[str]:
    """`Fonts.wrap` as it was: every word tried on the line in turn."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for w in para.split(" "):
            cand = w if not line else line + " " + w
            if fonts.width(cand, size, style) <= width:
                line = cand
                continue
            if line:
                lines.append(line)
            line = w
            while len(line) > 1 and fonts.width(line, size, style) > width:
                head = fonts._longest_head(line, size, width, style)
                lines.append(head)
                line = line[len(head):]
        lines.append(line)
    return lines


def test_wrapping_by_search_breaks_the_lines_where_word_by_word_did() -> None:
    pygame.font.init()
    fonts = theme.Fonts()
    catalog = [line.split('"', 1)[1].rstrip('"') for p in sorted((ROOT / "locale").rglob("*.po"))
               for line in p.read_text(encoding="utf-8").splitlines() if line.startswith('msgstr "') and len(line) > 40]
    texts = [*random.Random(4).sample(catalog, 80), "", " ", "  two  spaces  ", " lead", "trail ", "a\n\nb c",
             "/a/very/long/path/" * 6 + " end", "x " * 40, "Schüsse – Anna · 4 is 日本語 😀 ok"]
    for text in texts:
        for size, style in ((13, "italic"), (15, "bold")):
            for width in (-3, 0, 40, 150, 420):
                assert fonts.wrap(text, size, width, style) == _wrap_word_by_word(fonts, text, size, width, style), (text, size, width)


def _runs_letter_by_letter(chain: theme.GlyphChain, text: str) -> list[tuple[int, str]]:
    """`GlyphChain.runs` as it was: each letter's font asked for on its own."""
    runs: list[tuple[int, str]] = []
    for c in text:
        if runs and (c == " " or unicodedata.combining(c)):
            i = runs[-1][0]
        else:
            i = next((k for k in range(len(chain.paths)) if chain.has(k, c)), -1)
            if i < 0:
                i, c = 0, theme.UNKNOWN
        if runs and runs[-1][0] == i:
            runs[-1] = (i, runs[-1][1] + c)
        else:
            runs.append((i, c))
    return runs


def test_a_texts_fonts_found_at_once_are_those_found_letter_by_letter() -> None:
    pygame.font.init()
    paths = theme.chain_paths("regular", theme.bundled_font("NotoSans-Regular.ttf"))
    at_once, alone = theme.GlyphChain(paths), theme.GlyphChain(paths)
    rng = random.Random(9)
    pool = "aä –·…ß中😀\u0301ضשქ✓★€→x\U000F0000"
    texts = [theme.displayable("".join(rng.choice(pool) for _ in range(rng.randint(0, 12)))) for _ in range(300)]
    assert any(len(at_once.runs(t)) > 2 for t in texts)  # (mixed scripts in the sample)
    for text in texts:
        assert at_once.runs(text) == _runs_letter_by_letter(alone, text), text
