"""`theme.for_display`: a surface in the display's pixel format is kept as it is (no copy of a whole
screen for nothing); any other – per-pixel or surface alpha, a colour key, a part of another surface –
is converted, as before."""
from __future__ import annotations

import pygame

from game.ui.common import theme


def test_a_surface_in_the_displays_format_is_kept_and_any_other_is_converted() -> None:
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    plain = pygame.Surface((10, 10))
    plain.fill((52, 31, 16))
    assert theme.for_display(plain) is plain
    part = plain.subsurface((0, 0, 5, 5))
    translucent = pygame.Surface((10, 10), pygame.SRCALPHA)
    faded = pygame.Surface((10, 10))
    faded.set_alpha(100)
    keyed = pygame.Surface((10, 10))
    keyed.set_colorkey((0, 0, 0))
    for other in (part, translucent, faded, keyed):
        shown = theme.for_display(other)
        assert shown is not other and shown.get_size() == other.get_size()
    alpha = theme.for_display(plain, alpha=True)
    assert alpha is not plain and alpha.get_flags() & pygame.SRCALPHA
    assert pygame.image.tobytes(theme.for_display(part), "RGB") == pygame.image.tobytes(part, "RGB")
