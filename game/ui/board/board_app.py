"""Open a track in a window (`show_track`) or draw it to a PNG without one (`render_track`).

Both load the file the way `tracks validate` does when the validator is there (its
`load_track`), else with the plain reader; a file that cannot be loaded prints its
`file:line:column: message` and gives exit status 2, never a traceback.
"""
from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pygame

from game.i18n import _
from game.errors import InputError
from game.racerbile.track import Track
from game.ui.common import theme
from game.ui.board.board_view import BoardView
from game.ui.common.theme import Fonts


def load(path: str | Path) -> Track:
    """The track in `path`; InputError (or OSError) when it cannot be loaded."""
    try:  # the validator, when it is there
        validator: object = importlib.import_module("game.racerbile.validate")
    except ImportError:  # pragma: no cover - the reader alone
        validator = None
    load_track = getattr(validator, "load_track", None)
    if callable(load_track):
        got = load_track(path)
        track = getattr(got, "track", got)
        if isinstance(track, Track):
            return track
    from game.racerbile.trackfile import read_track

    return read_track(path).track


def _load_or_report(path: str | Path) -> Track | None:
    try:
        return load(path)
    except InputError as e:
        print(str(e), file=sys.stderr)
    except OSError as e:
        print(f"{path}: cannot read: {e.strerror or e}", file=sys.stderr)
    return None


def show_track(path: str | Path, *, frames: int | None = None, screenshot: str | Path | None = None, size: tuple[int, int] = (1280, 800)) -> int:
    """Open the board scene for the track in `path`; run until closed (or for `frames` frames)."""
    track = _load_or_report(path)
    if track is None:
        return 2
    from game.ui.common.app import App
    from game.ui.board.board import BoardScene

    app = App(size, title=f"Stammtisch – {track.name}")
    try:
        app.push(BoardScene(app, track))
        return app.run(frames, screenshot)
    finally:
        app.close()


def title_strip(fonts: Fonts, track: Track, width: int) -> pygame.Surface:
    """The small title of an exported board: name, author, lap, fields and the hash prefix."""
    s = max(0.7, min(1.6, width / 1600))
    name = fonts.shadowed(track.name, int(22 * s), theme.CREAM, "serif", 2)
    facts = fonts.text(
        _("by {author}").format(author=track.author) + " · " + _("lap {lap} · {n} fields").format(lap=track.graph.lap_length, n=len(track.fields))
        + f" · #{track.content_hash[:10]}",
        int(13 * s),
        theme.MUTED,
    )
    pad = int(10 * s)
    w = max(name.get_width(), facts.get_width()) + 2 * pad
    h = name.get_height() + facts.get_height() + pad
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    theme.rounded_panel(surf, surf.get_rect(), (22, 16, 10, 200), theme.BRASS_DARK, 10, 1)
    surf.blit(name, (pad, pad // 2))
    surf.blit(facts, (pad, pad // 2 + name.get_height()))
    return surf


def render_board(track: Track, size: tuple[int, int] = (1600, 1000), fonts: Fonts | None = None) -> pygame.Surface:
    """The whole board fitted to `size` with a small title, on a plain surface (no window needed)."""
    if not pygame.font.get_init():
        pygame.font.init()
    fonts = fonts if fonts is not None else Fonts()
    w, h = max(16, size[0]), max(16, size[1])
    title = title_strip(fonts, track, w)
    top = title.get_height() + 8
    view = BoardView(track, (w, h), fonts=fonts, area=pygame.Rect(0, top, w, h - top))
    surf = pygame.Surface((w, h))
    view.paint(surf, view.scale, view.origin)
    surf.blit(title, (8, 6))
    return surf


def render_track(path: str | Path, out: str | Path, size: tuple[int, int] = (1600, 1000)) -> int:
    """Write a PNG of the board in `path` to `out` (exit status: 0, or 2 with a message)."""
    track = _load_or_report(path)
    if track is None:
        return 2
    if size[0] < 16 or size[1] < 16 or size[0] > 16384 or size[1] > 16384:
        print(f"{out}: the size must be between 16×16 and 16384×16384, not {size[0]}×{size[1]}", file=sys.stderr)
        return 2
    surf = render_board(track, size)
    target = Path(out)
    try:
        if target.parent and not target.parent.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surf, str(target))
    except (OSError, pygame.error) as e:
        print(f"{out}: cannot write the image: {e}", file=sys.stderr)
        return 2
    return 0
