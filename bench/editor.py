"""The track editor while drawing: Le Mans in the editor scene at 1920×1080, headless, one field
changed per frame.

`editor_frame_ms` is the median frame: one field of the track erased (or laid again, every other
frame, walking along the track) through the scene's `apply` – the edit a click of the paint brush
makes –, then the scene's `update` (live validation of the new draft: written out, read back,
checked; the board's picture patched where the field changed, the problem rings with it) and
`draw` (board, tool overlays, palette, panel, bars), and a flip. Validation runs on every frame
here: no debouncing (the scene defers it to at most every `CHECK_EVERY` seconds). Compare with
`bench.board.baseline_blit_frame_ms` (one full-screen blit and a flip on the same display).

`editor_edit_ms_5k` is one field changed on a 5,000-field track made here (`five_k_track`, seeded),
validation included – the scene's `apply` and its check (problems, rings, the lap), no drawing –,
beside `editor_edit_ms_le_mans`, the same on le_mans.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from bench.timing import median_ms
from bench.tracks import generated_track, track_file

SIZE = (1920, 1080)
FRAMES = 200
WARMUP = 10
BUDGET_S = 4.0  # seconds at most per edit figure


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
            scene.sync(now=True)  # (the scene debounces validation; here it runs every frame)
            scene.update(1 / 60)
            assert scene._checked is scene.editor.draft  # validated this frame
            scene.draw(app.screen)
            pygame.display.flip()

        ms = median_ms(frame, runs=FRAMES, warmup=WARMUP)
        scene.left_clean = True  # nothing to keep: no draft of the benchmark's edits at close
        return ms
    finally:
        app.close()


EDITS = 200  # edits timed per track
FIVE_K = 5000


def five_k_track(seed: int = 15) -> str:
    """A 5,000-field track, made here: five concentric lanes round a hexagon (4,980 fields) and 20
    bumps on the outside at seeded places, some seeded fields blocking or downshift."""
    import random

    from game.hexgrid import Hex, ring
    from game.racerbile.draft import Draft
    from game.racerbile.track import Kind
    from game.racerbile.trackfile import track_from_text
    from game.racerbile.trackwriter import dump_track

    radius, lanes = 164, 5
    rng = random.Random(seed)
    d = Draft.from_track(track_from_text(generated_track(radius=radius, lanes=lanes), "five_k").track)
    outer = ring(Hex(0, 0), radius + lanes - 1)
    bumps: list[Hex] = []
    while len(d.fields) + len(bumps) < FIVE_K:  # a field outside touching two of the outer lane: on a lap
        i = rng.randrange(len(outer))
        a, b = outer[i], outer[(i + 1) % len(outer)]
        out = [h for h in a.neighbours() if h in b.neighbours() and h not in d.fields and _ring_of(h) > radius + lanes - 1]
        if out and out[0] not in bumps and not any(n in bumps for n in out[0].neighbours()):
            bumps.append(out[0])
    d = d.paint(bumps)
    plain = [h for h, k in d.fields.items() if k is Kind.NORMAL and h not in d.start]
    for h in rng.sample(plain, 60):
        d = d.paint([h], rng.choice([Kind.BLOCKING, Kind.DOWNSHIFT]))
    assert len(d.fields) == FIVE_K
    return dump_track(d.to_track())


def _ring_of(h: tuple[int, int]) -> int:
    """How far out from 0,0 a hex lies (its ring)."""
    q, r = h
    return max(abs(q), abs(r), abs(q + r))


def _edit_ms(path: Path, seed: int) -> float:
    """One field erased or laid again (seeded fields that carry nothing else), through the scene's
    `apply`, and the scene's validation of the new draft (problems, rings, the lap) – no drawing."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import random

    from game.racerbile.editing import Editor
    from game.racerbile.track import Kind
    from game.ui.common.app import App
    from game.ui.editor.editor import EditorScene

    app = App(SIZE)
    try:
        scene = EditorScene(app, Editor.open(path))
        app.push(scene)
        d0 = scene.editor.draft
        g = d0.to_track().graph
        busy = set(d0.start) | set(d0.arrows) | {lb.at for lb in d0.labels} | set(d0.dunlop) | {d0.field42}
        busy |= {h for s in d0.splits for h in (s.fork, s.rejoin, *(b for _, b in s.branches))}
        if d0.pit is not None:
            busy |= {d0.pit.entry, d0.pit.exit}
        plain = sorted(h for h, k in d0.fields.items() if k is Kind.NORMAL and h not in busy and h not in g.before_line)
        picks = random.Random(seed).sample(plain, min(len(plain), EDITS // 2 + 1))
        n = 0

        def edit() -> None:
            nonlocal n
            h = picks[(n // 2) % len(picks)]
            if n % 2 == 0:
                scene.apply(lambda d: d.erase([h]), "erase")
            else:
                scene.apply(lambda d: d.paint([h], Kind.NORMAL), "paint")
            n += 1
            scene.sync(now=True)
            assert scene._checked is scene.editor.draft

        ms = median_ms(edit, runs=EDITS, warmup=WARMUP, budget_s=BUDGET_S)
        scene.left_clean = True
        return ms
    finally:
        app.close()


def editor_edit_ms_5k() -> float:
    """One field changed on a 5,000-field track (generated, seeded), validation included."""
    path = Path(tempfile.gettempdir()) / "stammtisch_bench_five_k.yaml"
    text = five_k_track()
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return _edit_ms(path, 15)


def editor_edit_ms_le_mans() -> float:
    """The same on le_mans (`bench.tracks.track_file`)."""
    return _edit_ms(track_file(), 15)


if __name__ == "__main__":
    print(f"editor_frame_ms {editor_frame_ms():.2f}")
    print(f"editor_edit_ms_5k {editor_edit_ms_5k():.2f}")
    print(f"editor_edit_ms_le_mans {editor_edit_ms_le_mans():.2f}")
