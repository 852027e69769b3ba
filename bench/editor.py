"""The track editor while drawing: Le Mans in the editor scene at 1920×1080, headless, one field
changed per frame.

`editor_frame_ms` is the median frame: one field of the track erased (or laid again, every other
frame, walking along the track) through the scene's `apply` – the edit a click of the paint brush
makes –, then the scene's `update` (live validation of the new draft: written out, read back,
checked; the board's picture patched where the field changed, the problem rings with it) and
`draw` (board, tool overlays, palette, panel, bars), and a flip. Validation runs on every frame
here: no debouncing (the scene only defers it during a drag). Compare with
`bench.board.baseline_blit_frame_ms` (one full-screen blit and a flip on the same display).
"""
from __future__ import annotations

import os

from bench.timing import median_ms
from bench.tracks import track_file

SIZE = (1920, 1080)
FRAMES = 200
WARMUP = 10


def editor_frame_ms() -> float:
    """One edit, the update with live validation, the frame drawn and flipped (see the module doc)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.racerbile.editing import Editor
    from game.racerbile.track import Kind
    from game.ui.common.app import App
    from game.ui.editor.editor import EditorScene

    app = App(SIZE)
    try:
        scene = EditorScene(app, Editor.open(track_file()))
        app.push(scene)
        d0 = scene.editor.draft
        order = sorted(d0.fields, key=lambda h: (h.q + h.r, h))
        n = 0

        def frame() -> None:
            nonlocal n
            h = order[(n // 2) % len(order)]
            kind = d0.fields[h]
            if n % 2 == 0:
                scene.apply(lambda d: d.erase([h]), "erase")
            else:
                scene.apply(lambda d: d.paint([h], kind if kind is not Kind.MIDWAY else Kind.MIDWAY), "paint")
            n += 1
            scene.update(1 / 60)
            assert scene._checked is scene.editor.draft  # validated this frame
            scene.draw(app.screen)
            pygame.display.flip()

        ms = median_ms(frame, runs=FRAMES, warmup=WARMUP)
        scene.left_clean = True  # nothing to keep: no draft of the benchmark's edits at close
        return ms
    finally:
        app.close()


if __name__ == "__main__":
    print(f"editor_frame_ms {editor_frame_ms():.2f}")
