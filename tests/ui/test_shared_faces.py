"""One FreeType face per font file, shared by its sizes (`theme.SharedFont`): text drawn through it is
what a font of its own draws, whatever size, script of shaping or user (the scenes' `Fonts`,
pygame_gui's widgets) set the face last; a size that keeps coming back takes a face of its own."""
from __future__ import annotations

import io
from pathlib import Path

import pygame
from pygame_gui.core.gui_font_pygame import GUIFontPygame
from pygame_gui.core.utility import FontResource, PackageResource

from game.ui.common import gui_fonts, theme

TEXTS = ("Hello World", "Straße über Ölfässer", "Kørsel på banen æøå", "Schock 4 is 4", "1.", "12:30", "Привет", "Γειά", "Tiếng Việt", "fi ffi AV")


def _pixels(s: pygame.Surface) -> tuple[tuple[int, int], bytes]:
    return s.get_size(), pygame.image.tobytes(s, "RGBA")


def test_text_drawn_on_a_shared_face_is_what_a_font_of_its_own_draws_in_any_order_of_sizes() -> None:
    pygame.font.init()
    for name in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf"):
        path = theme.bundled_font(name)
        assert path is not None
        sizes = (12, 13, 14, 15, 16, 18, 22, 64)
        own = {s: pygame.font.Font(path, s) for s in sizes}
        shared = {s: theme.SharedFont(path, s) for s in sizes}
        latn = {s: theme.SharedFont(path, s, "Latn") for s in sizes}  # (pygame_gui's shaping, on the same face)
        own_latn = {s: pygame.font.Font(path, s) for s in sizes}
        for f in own_latn.values():
            f.set_script("Latn")
        for text in TEXTS:
            for s in (*sizes, *reversed(sizes)):  # the face goes from size to size, and back
                assert _pixels(shared[s].render(text, True, (200, 120, 40))) == _pixels(own[s].render(text, True, (200, 120, 40))), (name, s, text)
                assert _pixels(latn[s].render(text, True, (20, 30, 40))) == _pixels(own_latn[s].render(text, True, (20, 30, 40))), (name, s, text)
                assert shared[s].size(text) == own[s].size(text)
                assert shared[s].metrics(text) == own[s].metrics(text)
                assert (shared[s].get_height(), shared[s].get_ascent(), shared[s].get_linesize()) == (own[s].get_height(), own[s].get_ascent(), own[s].get_linesize())


def test_the_sizes_and_styles_of_the_text_path_share_one_face_per_font_file() -> None:
    pygame.font.init()
    fonts = theme.Fonts()
    for size in (12, 13, 14, 15, 16, 18, 22):
        fonts.text("Stammtisch", size, theme.CREAM, "regular")
        fonts.text("Stammtisch", size, theme.CREAM, "bold")
    faces = {id(f._face) for f in (fonts.font(s, style) for s in (12, 13, 14, 15, 16, 18, 22) for style in ("regular", "bold"))
             if isinstance(f, theme.SharedFont)}
    assert len(faces) == 2  # Noto Sans and Noto Sans Bold: a face each, not one per size


def test_a_size_drawn_again_and_again_beside_another_takes_a_face_of_its_own() -> None:
    pygame.font.init()
    path = theme.bundled_font("NotoSans-Regular.ttf")
    assert path is not None
    a, b = theme.SharedFont(path, 17), theme.SharedFont(path, 19)
    for i in range(theme.OWN_FACE_AFTER):
        a.render(f"clock {i}", True, (0, 0, 0))
        b.render(f"score {i}", True, (0, 0, 0))
    assert a._face is not None  # so far it shares the face
    for i in range(3):
        a.render(f"clock {i}", True, (0, 0, 0))
        b.render(f"score {i}", True, (0, 0, 0))
    assert a._face is None  # it draws with a face of its own now (and the same) …
    assert b._face is not None  # … and the shared face stays at the other's size: no more switching
    assert _pixels(a.render("clock 42", True, (9, 9, 9))) == _pixels(pygame.font.Font(path, 17).render("clock 42", True, (9, 9, 9)))
    assert _pixels(b.render("score 42", True, (9, 9, 9))) == _pixels(pygame.font.Font(path, 19).render("score 42", True, (9, 9, 9)))


def test_pygame_gui_loads_its_packaged_fonts_from_their_files_onto_the_shared_faces() -> None:
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    gui_fonts.install()
    style: dict[str, str | int | bool] = {"bold": True, "italic": False, "antialiased": True, "script": "Latn", "direction": pygame.DIRECTION_LTR}
    where = PackageResource("pygame_gui.data", "NotoSans-Bold.ttf")
    res = FontResource("noto_sans_bold_16", 16, style, (where, False))
    assert res.load() is None
    font = res.loaded_font
    assert isinstance(font, gui_fonts.SafeGUIFont) and isinstance(font._font, theme.SharedFont)
    assert res.location is where  # (left as it was)
    path = theme.bundled_font("NotoSans-Bold.ttf")
    assert path is not None
    original = GUIFontPygame(io.BytesIO(Path(path).read_bytes()), 16, False, style)  # pygame_gui's own way
    for text in ("Start", "Continue saved match…", "Straße", "+ Add player"):
        assert _pixels(font.render_premul(text, pygame.Color("white"))) == _pixels(original.render_premul(text, pygame.Color("white"))), text
        assert font.get_rect(text).size == original.get_rect(text).size, text


def test_a_font_read_into_memory_draws_what_the_file_draws_and_a_large_file_stays_a_path(tmp_path: Path) -> None:
    """`theme.font_file`: SDL_ttf reads no open file piece by piece (issue 30)."""
    pygame.font.init()
    path = theme.bundled_font("NotoSans-Regular.ttf")
    assert path is not None
    got = theme.font_file(path)
    assert isinstance(got, io.BytesIO) and got.getvalue() == Path(path).read_bytes()
    for size in (13, 16, 22):
        for text in TEXTS:
            assert _pixels(pygame.font.Font(theme.font_file(path), size).render(text, True, "white")) == \
                _pixels(pygame.font.Font(path, size).render(text, True, "white"))
    big = tmp_path / "big.ttf"
    big.write_bytes(Path(path).read_bytes() + b"\0" * theme.FONT_IN_MEMORY)
    assert theme.font_file(str(big)) == str(big)
