"""The board on screen: one frame of Le Mans at 1920×1080 against one full-screen blit, headless.

`board_frame_ms` draws the cached static board, a highlighted path of ten fields and six caps (two
of them stacked, one flipped) and flips the display; `baseline_blit_frame_ms` blits one prepared
full-screen surface and flips. Both on the same dummy display, the median over 200 frames.
"""
from __future__ import annotations

import os

from bench.timing import median_ms
from bench.tracks import track_file

SIZE = (1920, 1080)
FRAMES = 200
WARMUP = 10


def _display() -> object:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    pygame.font.init()
    return pygame.display.set_mode(SIZE)


def board_frame_ms() -> float:
    """Le Mans at 1920×1080 with six caps and a highlighted path: cached board + caps + flip."""
    import pygame

    from game.hexgrid import Hex
    from game.racerbile.track import Kind
    from game.ui.board.board_app import load
    from game.ui.board.board_view import BoardView, CapView

    screen = _display()
    assert isinstance(screen, pygame.Surface)
    try:
        track = load(track_file())
        view = BoardView(track, SIZE)
        g = track.graph
        order = sorted(track.fields, key=lambda h: (g.progress.get(h, 0), h))
        path: list[Hex] = [order[0]]
        while len(path) < 10:  # ten fields forward along the track
            p = g.progress.get(path[-1], 0)
            ahead = [n for n in g.neighbours(path[-1]) if g.progress.get(n) == p + 1 and n not in path]
            if not ahead:
                break
            path.append(ahead[0])
        colours = [(200, 30, 30), (30, 90, 200), (40, 150, 60), (230, 160, 20), (140, 50, 170), (240, 240, 240)]
        spots = [order[len(order) * i // 5] for i in range(5)]
        blocking = [h for h, k in track.fields.items() if k is Kind.BLOCKING]
        at = [spots[0], spots[0], spots[1], blocking[0] if blocking else spots[2], spots[3], spots[4]]
        caps = [CapView(h, c, "ABCDEF"[i], i % 6, flipped=bool(blocking) and i == 3) for i, (h, c) in enumerate(zip(at, colours))]

        def frame() -> None:
            view.draw(screen, caps, path)
            pygame.display.flip()

        return median_ms(frame, runs=FRAMES, warmup=WARMUP)
    finally:
        pygame.display.quit()


def baseline_blit_frame_ms() -> float:
    """One full-screen blit of a prepared surface and a flip, on the same display."""
    import pygame

    screen = _display()
    assert isinstance(screen, pygame.Surface)
    try:
        prepared = pygame.Surface(SIZE)
        prepared.fill((90, 60, 34))
        pygame.draw.circle(prepared, (70, 128, 60), (SIZE[0] // 2, SIZE[1] // 2), 400)
        prepared = prepared.convert()

        def frame() -> None:
            screen.blit(prepared, (0, 0))
            pygame.display.flip()

        return median_ms(frame, runs=FRAMES, warmup=WARMUP)
    finally:
        pygame.display.quit()
