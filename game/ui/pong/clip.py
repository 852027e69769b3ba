"""Clips to share: a throw rendered offscreen through the cinematic camera, as an
animated WebP or GIF (Pillow), with the referee's verdict as a caption at the end.

`export_clip(shots, caption, path)` throws each `ClipShot` on a fresh table with its rack – the
same physics, the same fixed steps as in play, so the clip shows exactly what was ruled – and keeps
a picture every 1/`fps` s: the ball followed from behind and to its side, the camera closing in as
it nears the cups, the balls' shadows and trails. At the end the last picture stays `HOLD` seconds
with the caption over it. Headless: it needs no window (`SDL_VIDEODRIVER=dummy` is set when no
display is there), and `progress(done, total)` hears every picture (the command line's bar). Pictures that repeat the one
before (the verdict held at the end) are stored once, with a longer duration.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from game.errors import InputError
from game.games import GAMES
from game.session.live_table import LiveTable
from physics.constants import CONST
from physics.table import Cup
from physics.world import Throw

if TYPE_CHECKING:
    from game.bierpong.state import BierpongState
    from game.rules.matchlog import Entry

FPS = 30
SIZE = (960, 540)
HOLD = 2.0  # seconds the verdict stays at the end
MAX_SHOT = 8.0  # simulated seconds at most per shot
FORMATS = {".webp": "WEBP", ".gif": "GIF"}
MAX_SIZE = (3840, 2160)


@dataclass(frozen=True)
class ClipShot:
    """One table's worth of a clip: its rack and the balls thrown at it, each `after` fixed steps
    after the first (both balls of a pair throw)."""

    cups: tuple[Cup, ...]
    throws: tuple[tuple[Throw, int], ...]
    note: str = ""


@dataclass
class _Progress:
    total: int
    done: int = 0
    hear: Callable[[int, int], None] | None = None

    def step(self) -> None:
        self.done += 1
        if self.hear is not None:
            self.hear(self.done, self.total)


@dataclass
class Clip:
    """What `export_clip` wrote: the file, its pictures and their rate."""

    path: Path
    frames: int
    fps: int
    size: tuple[int, int]
    notes: list[str] = field(default_factory=list)


def check_target(path: str | Path, size: tuple[int, int]) -> tuple[Path, str]:
    """The file to write and Pillow's format for it; InputError for another suffix or an absurd size."""
    p = Path(path)
    fmt = FORMATS.get(p.suffix.lower())
    if fmt is None:
        raise InputError(f"a clip is an animated .webp or .gif, not {p.suffix or 'a file without a suffix'}", str(p))
    w, h = size
    if not (16 <= w <= MAX_SIZE[0] and 16 <= h <= MAX_SIZE[1]):
        raise InputError(f"a clip's size is 16×16 to {MAX_SIZE[0]}×{MAX_SIZE[1]} pixels, not {w}×{h}", "--size")
    if p.parent and not p.parent.exists():
        raise InputError(f"the folder {p.parent} does not exist", str(p))
    return p, fmt


def frame_count(shots: Sequence[ClipShot], fps: int = FPS) -> int:
    """How many pictures the clip of `shots` has (the physics decides when each shot ends)."""
    n = 0
    for shot in shots:
        n += sum(1 for _t in _steps(LiveTable(shot.cups, trails=False), shot, fps))
    return n + int(round(HOLD * fps))


def _steps(live: LiveTable, shot: ClipShot, fps: int) -> Iterator[int]:
    """Run `shot` on `live` a fixed step at a time; yield once per picture (every 1/`fps` s)."""
    dt = live.DT
    per = max(1, int(round(1 / (fps * dt))))
    pending = sorted(shot.throws, key=lambda t: t[1])
    tick = 0
    while True:
        while pending and pending[0][1] <= tick:
            live.throw(pending.pop(0)[0])
        live.advance(dt)
        tick += 1
        if tick % per == 0:
            yield tick
        if not pending and (not live.table.busy or tick * dt >= MAX_SHOT):
            if tick % per:
                yield tick
            return


def export_clip(shots: Sequence[ClipShot], caption: str, path: str | Path, *, size: tuple[int, int] = SIZE, fps: int = FPS,
                progress: Callable[[int, int], None] | None = None, title: str = "") -> Clip:
    """Render `shots` and write them to `path` (.webp or .gif); what was written."""
    target, fmt = check_target(path, size)
    if not shots:
        raise InputError("nothing to put in a clip: no throw with its launch", str(target))
    if not 1 <= fps <= 60:
        raise InputError(f"a clip has 1 to 60 pictures a second, not {fps}", str(target))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from PIL import Image

    from game.ui.common import theme
    from game.ui.pong.camera import blend, follow, thrower
    from game.ui.pong.pong_3d import PerspectiveView, backdrop
    from game.ui.pong.pong_view import PongFrame, ball_draws, cup_draws

    pygame.font.init()
    fonts = theme.Fonts()
    view = PerspectiveView(fonts)
    w, h = size
    screen = (0, 0, w, h)
    room = backdrop(size, theme.scale_for(size))
    total = frame_count(shots, fps)
    bar = _Progress(total, hear=progress)
    images: list[Image.Image] = []
    surf = pygame.Surface(size)
    length = CONST.table_length
    start = thrower(length).on(screen)
    cam = start
    for shot in shots:
        live = LiveTable(shot.cups)
        seen = 0
        for _tick in _steps(live, shot, fps):
            balls = ball_draws(live)
            fr = PongFrame(cups=cup_draws(live, CONST.cup_height), balls=balls, trails=live.trails())
            lead = max(balls, key=lambda b: b.x, default=None)
            if lead is not None:
                near = max(0.0, min(1.0, (lead.x - length * 0.45) / (length * 0.45)))
                cam = blend(start, follow((lead.x, lead.y, lead.z), length, near).on(screen), min(1.0, seen / (0.5 * fps)))
            elif seen == 0:
                cam = start
            # (no ball to follow – it lies in a cup: the camera stays where it was)
            seen += 1
            view.draw_table(surf, fr, cam, background=room)
            if title or shot.note:
                t = fonts.shadowed(" – ".join(x for x in (title, shot.note) if x), max(14, h // 30), theme.CREAM, "bold", 1)
                surf.blit(t, (int(w * 0.03), int(h * 0.03)))
            images.append(Image.frombytes("RGB", size, pygame.image.tobytes(surf, "RGB")))
            bar.step()
    # the verdict over the last picture
    last = surf.copy()
    box_h = max(40, h // 7)
    shade = pygame.Surface((w, box_h), pygame.SRCALPHA)
    shade.fill((12, 10, 8, 200))
    last.blit(shade, (0, h - box_h))
    lines = fonts.wrap(caption, max(16, h // 22), int(w * 0.92), "bold")[:2] or [""]
    y = h - box_h + (box_h - len(lines) * (max(16, h // 22) + 6)) // 2
    for line in lines:
        t = fonts.shadowed(line, max(16, h // 22), theme.CHALK_YELLOW, "bold", 1)
        last.blit(t, t.get_rect(midtop=(w // 2, y)))
        y += t.get_height() + 2
    verdict = Image.frombytes("RGB", size, pygame.image.tobytes(last, "RGB"))
    for _ in range(int(round(HOLD * fps))):
        images.append(verdict)
        bar.step()
    tmp = target.with_name(target.name + ".part")
    extra = {"quality": 80, "method": 4} if fmt == "WEBP" else {"optimize": False}
    images[0].save(tmp, format=fmt, save_all=True, append_images=images[1:], duration=int(round(1000 / fps)), loop=0, **extra)
    os.replace(tmp, target)  # atomic: a clip is either whole or not there
    return Clip(target, len(images), fps, size, [s.note for s in shots])


def demo_clip(shot: str, path: str | Path, *, size: tuple[int, int] = SIZE, progress: Callable[[int, int], None] | None = None) -> Clip:
    """`demo SHOT --export FILE`: the solved shot's throws, each on the rack it met, and the verdict:
    the shot's classification and the referee's summary."""
    from game.bierpong.demo_match import referee_demo
    from game.bierpong.solver import solve
    from game.i18n import tr

    check_target(path, size)
    solution = solve(shot)
    shots = [ClipShot(st.cups, ((st.throw, 0),), tr(st.note)) for st in solution.throws]
    verdict = tr(solution.summary)
    try:
        verdict += " – " + "; ".join(tr(line) for line in referee_demo(solution).summary())
    except ValueError:  # a rack of its own: classified, not ruled
        pass
    from game.ui.pong.shot_words import shot_name

    return export_clip(shots, verdict, path, size=size, progress=progress, title=shot_name(shot))  # "Bombe", not the id


def replay_clip(file: str | Path, step: int, path: str | Path, *, size: tuple[int, int] = SIZE,
                progress: Callable[[int, int], None] | None = None) -> Clip:
    """`replay FILE --step K --export FILE`: the Bierpong throw of step K (its logged launches on the
    rack that stood before it) and the referee's rulings on it."""
    from game.replay import Replay
    from game.store.matchfile import load_match

    check_target(path, size)
    m = load_match(file)
    if not m.info.throws:
        raise InputError(f"a clip is of a {' or '.join(g.title for g in GAMES.values() if g.throws)} throw; {file} holds a {m.info.name} match", str(file))
    entries = m.log.entries
    if not 1 <= step < len(entries):
        raise InputError(f"step {step}: the match has steps 1 to {len(entries) - 1}", str(file))
    rp = Replay(m.log, str(file))
    shots, verdict = step_shots(rp.state_at(step - 1), entries[step])
    if not shots:
        raise InputError(f"step {step} ({entries[step].action}) is no throw with its launch kept", str(file))
    return export_clip(shots, verdict, path, size=size, progress=progress, title=_step_title(step))


def step_shots(before: BierpongState, entry: Entry) -> tuple[list[ClipShot], str]:
    """A logged Bierpong entry's balls (none: no launch kept), each on the rack it met in the state
    `before` it, and the verdict: the entry and its first rulings."""
    from game.i18n import tr
    from game.replay import throws_of

    default = before.target_side()
    shots: list[ClipShot] = []
    for la in throws_of(entry):
        side = default if la.side is None else la.side
        cups = tuple(Cup(c.id, c.x, c.y) for c in before.sides[side].rack.cups)
        t = (Throw(la.release, la.velocity, la.spin), la.after)
        if shots and shots[-1].cups == cups:
            shots[-1] = ClipShot(cups, shots[-1].throws + (t,), shots[-1].note)
        else:
            shots.append(ClipShot(cups, (t,), la.player))
    rulings = "; ".join(tr(r.arithmetic) for r in entry.rulings[:2])
    return shots, entry.action + (f" – {rulings}" if rulings else "")


def _step_title(step: int) -> str:
    from game.i18n import _

    return _("step {k}").format(k=step)


def clips_dir() -> Path:
    """Where the scenes' "Export clip" writes (beside the saves)."""
    from game.store.saves import save_dir

    return save_dir().parent / "clips"


class ClipJob:
    """A clip exported on a thread of its own (a scene goes on drawing): `share` done so far, and
    once `done`, the `clip` or the `error`."""

    def __init__(self, shots: Sequence[ClipShot], caption: str, name: str, *, size: tuple[int, int] = SIZE, title: str = "") -> None:
        import threading
        import time

        folder = clips_dir()
        folder.mkdir(parents=True, exist_ok=True)
        safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in name)[:40] or "clip"
        self.path = folder / f"{safe}-{time.strftime('%Y%m%d-%H%M%S')}.webp"
        self.share = 0.0
        self.done = False
        self.clip: Clip | None = None
        self.error: str | None = None

        def hear(done: int, total: int) -> None:
            self.share = done / max(1, total)

        def run() -> None:
            try:
                self.clip = export_clip(shots, caption, self.path, size=size, progress=hear, title=title)
            except (InputError, OSError, ValueError) as e:
                self.error = str(e)
            self.done = True

        threading.Thread(target=run, name="clip-export", daemon=True).start()


def terminal_bar(out: object) -> Callable[[int, int], None]:
    """A progress bar on a terminal stream: `[#####.....] 120/300 pictures`."""
    tty = bool(getattr(out, "isatty", lambda: False)())
    shown = [-1]

    def hear(done: int, total: int) -> None:
        width = 30
        full = int(width * done / max(1, total))
        if not tty and full == shown[0] and done < total:
            return  # (into a file or a pipe: a line per step of the bar, not per picture)
        shown[0] = full
        bar = f"[{'#' * full}{'.' * (width - full)}] {done}/{total} pictures"
        print(("\r" + bar) if tty else bar, end="\n" if (done >= total or not tty) else "", file=out, flush=True)  # type: ignore[call-overload]
    return hear


__all__ = ["Clip", "ClipJob", "ClipShot", "clips_dir", "demo_clip", "export_clip", "frame_count", "replay_clip", "terminal_bar"]
