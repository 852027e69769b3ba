"""The beer-pong table scene on screen: one frame at 1920×1080 with two balls in flight, headless.

`pong_frame_ms` runs the real scene's frame – `update(1/60 s)` (the fixed physics steps of a
sixtieth of a second, labels, trails) then `draw` and a display flip – on the full 10-cup rack,
with two balls in the air (thrown again, outside the median's reach, whenever fewer fly). Its
baseline is `bench.board.baseline_blit_frame_ms` (one full-screen blit and a flip).
"""
from __future__ import annotations

from bench.board import SIZE, _display
from bench.timing import median_ms

FRAMES = 200
WARMUP = 10


class _Host:
    """The least a scene needs of an app."""

    def __init__(self, size: tuple[int, int]) -> None:
        from game.ui.common.theme import Fonts

        self.fonts = Fonts()
        self._size = size

    @property
    def size(self) -> tuple[int, int]:
        return self._size

    def push(self, scene: object) -> None: ...

    def pop(self) -> None: ...

    def replace(self, scene: object) -> None: ...

    def quit(self, code: int = 0) -> None: ...


def pong_frame_ms() -> float:
    """Median ms of one table-scene frame (physics of 1/60 s, drawing, flip) with two balls flying."""
    import pygame

    from game.ui.pong.pong import RELEASE_X, RELEASE_Z, PongScene
    from physics.world import Throw

    screen = _display()
    assert isinstance(screen, pygame.Surface)
    try:
        scene = PongScene(_Host(SIZE))
        high = (Throw((RELEASE_X, -0.1, RELEASE_Z), (3.0, 0.12, 4.2)), Throw((RELEASE_X, 0.1, RELEASE_Z), (2.6, -0.1, 4.6)))

        def frame() -> None:
            if scene.in_flight() < 2:
                for t in high[scene.in_flight():]:
                    scene.throw(t)
            scene.update(1 / 60)
            scene.draw(screen)
            pygame.display.flip()

        return median_ms(frame, runs=FRAMES, warmup=WARMUP)
    finally:
        pygame.display.quit()
