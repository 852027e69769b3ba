"""The beer-pong table on screen: one frame at 1920×1080 with two balls in flight, headless.

`pong_frame_ms` runs the Bierpong match scene's frame in its default view, the thrower's camera in
perspective (issue 17) – `update(1/60 s)` (the session: the fixed physics steps of a sixtieth of a
second, labels, trails, the camera) then `draw` and a display flip – on the full 10-cup rack, with
both standard balls of a team in the air (thrown again, outside the median's reach, whenever the
throw is over). `pong_topdown_frame_ms` is the practice table's top-down view, as before. The
baseline is `bench.board.baseline_blit_frame_ms` (one full-screen blit and a flip).
"""
from __future__ import annotations

from typing import Any, Callable

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


def _frame_ms(scene: Any, screen: Any, rethrow: Callable[[], None]) -> float:
    """Median ms of a scene's frame – balls thrown again when fewer fly (`rethrow`), the update of
    a sixtieth of a second, the drawing and a flip."""
    import pygame

    def frame() -> None:
        rethrow()
        scene.update(1 / 60)
        scene.draw(screen)
        pygame.display.flip()

    return median_ms(frame, runs=FRAMES, warmup=WARMUP)


def pong_frame_ms() -> float:
    """Median ms of one Bierpong match frame in perspective (session, physics of 1/60 s, drawing,
    flip) with both balls of a pair throw flying, the trails on."""
    import pygame

    from game.match import Match, PlayerSpec
    from game.rules import bierpong as R
    from game.session.pong import Release
    from game.ui.pong.bierpong_match import BierpongMatchScene
    from physics.world import Throw

    screen = _display()
    assert isinstance(screen, pygame.Surface)
    try:
        m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", drivers=("Cem", "Dana"))], R.SPEC.make())
        for line in ("throw-off Anna hit 1, Cem miss", "Foxes begin"):
            m.apply(m.parse(line))
        scene = BierpongMatchScene(_Host(SIZE), m, autosave=False)  # type: ignore[arg-type]
        assert scene.perspective()
        high = (Throw((0.0, -0.1, 0.45), (3.0, 0.12, 4.2)), Throw((0.0, 0.1, 0.45), (2.6, -0.1, 4.6)))  # high lobs: long flights

        def rethrow() -> None:
            if not scene.session.table.busy:
                if len(m.log.entries) > 3:  # the throw was ruled: taken back, the same rack each time
                    scene.session.undo_to(3)
                scene.session.request("Anna", Release(high[0], "Anna"))
                scene.session.request("Bo", Release(high[1], "Bo"))

        return _frame_ms(scene, screen, rethrow)
    finally:
        pygame.display.quit()


def pong_topdown_frame_ms() -> float:
    """Median ms of one practice-table frame in the top-down view (physics of 1/60 s, drawing, flip)
    with two balls flying."""
    import pygame

    from game.ui.pong.pong import RELEASE_X, RELEASE_Z, PongScene
    from physics.world import Throw

    screen = _display()
    assert isinstance(screen, pygame.Surface)
    try:
        scene = PongScene(_Host(SIZE))
        high = (Throw((RELEASE_X, -0.1, RELEASE_Z), (3.0, 0.12, 4.2)), Throw((RELEASE_X, 0.1, RELEASE_Z), (2.6, -0.1, 4.6)))

        def rethrow() -> None:
            if scene.in_flight() < 2:
                for t in high[scene.in_flight():]:
                    scene.throw(t)

        return _frame_ms(scene, screen, rethrow)
    finally:
        pygame.display.quit()
