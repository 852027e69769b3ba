"""Replaying a saved match step by step: the pure part of the replay viewer.

`Replay` reads a saved match (or a journal), replays it once forward – verifying every ruling as
`game.store.matchfile.load_match` does; the viewer's replay opens after a short start and verifies the rest behind it,
frame by frame – and keeps only checkpoints (the state every `KEEP` entries; states are
immutable). A step's state is rebuilt from the nearest checkpoint before it by applying
the logged actions (already verified); the last few stretches rebuilt are cached, so a step back or
forward is a lookup or one action. Step k is the match after its first k + 1 log entries: step 0 is
the start.
`Cursor` is the viewer's position, play/pause, speed and bookmarks; bookmarks are kept beside the
save as `<save>.bookmarks.json` (`game.store.bookmarks`). `throws_of` reads the ball launches a Bierpong entry's `detail`
keeps, so the viewer can throw them again on the same rack. No pygame here.
"""
from __future__ import annotations

import math
import random
import time
from bisect import bisect_right
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from game.errors import InputError
from game.bierpong.launches import launch_problem
from game.gcpause import paused_gc
from game.match import Match, at_journal_line
from game.rules.challenge import overridden
from game.rules.realtable import ASIDE
from game.store.journal import is_journal
from game.rules.matchlog import Entry, MatchLog
from game.rules.ruling import Ruling
from game.state import GameState
from game.store.matchfile import read_log

SPEEDS: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
STEP_SECONDS = 1.0  # seconds a step is shown at 1× while playing
# entries between two states the replay keeps: a step's state is rebuilt from fewer than this many
# (50: a step back across one ≈ 5 ms on a Le Mans, the kept states ≈ 26 MiB at 95,000 entries)
KEEP = 50
SPANS = 8  # stretches of rebuilt states (each from a kept state, under `KEEP` long) cached
OPEN_SECONDS = 0.3  # verification the viewer waits for before it opens; the rest follows frame by frame
PARSED = 4096  # parsed action texts kept for rebuilding (a race's drives are mostly distinct)


def folded(entry: Entry) -> bool:
    """An entry the replay passes over when stepping and playing: a Le Mans clock entry (event time,
    logged every few seconds) that rules nothing – the time it adds shows at the next step."""
    return not entry.rulings and entry.action.startswith("clock ")


class Replay:
    """A saved match replayed once: its checkpoints, the rulings, the struck ones.

    The replay verifies every ruling. `progressive=True` (the viewer) verifies only what
    `OPEN_SECONDS` allow before it opens; `advance` goes on a slice at a time (the viewer's frames),
    and steps reach only as far as verified (`reach`). A ruling that does not replay then stops it
    there (`error`); without `progressive` it is an `InputError` at once, as `load_match` raises."""

    def __init__(self, log: MatchLog, file: str = "<log>", *, journal: bool = False, progressive: bool = False) -> None:
        self.file = file
        self.log = log
        self._journal = journal
        try:
            # the replayed entries, not the saved ones: their rulings are phrases a viewer translates
            m, steps = Match.replaying(log, file, keep_saved=False)
        except InputError as e:
            raise (at_journal_line(e) if journal else e) from None
        log.entries[0] = m.log.entries[0]  # the start too (checked equal to the saved one): a German viewer's first ruling was English
        self._marks: list[int] = [1]  # entry counts: 1 (the start) and every `KEEP`
        self._mark_states: list[GameState] = [m.state]  # the state after that many entries
        self._verifier: Match | None = m  # the verifying replay, while it runs
        self._steps: Iterator[int] | None = steps
        self.verified = 1  # entries verified so far
        self.error: InputError | None = None  # the first ruling that did not replay
        # rebuilt stretches, the latest last: checkpoint count → the states after c, c + 1, … entries
        self._spans: OrderedDict[int, list[GameState]] = OrderedDict()
        self._parsed: dict[str, Any] = {}  # action text → action (actions are immutable and repeat)
        shell = Match.replay(log.prefix(1), file)
        self.match = shell  # the match the viewer's scene draws; `show(k)` moves it to step k
        self.struck: set[tuple[int, int]] = overridden(log.entries)
        # the steps the viewer stops at: all but the folded ones (Le Mans clock entries that rule nothing)
        last = len(log.entries) - 1
        self.stops: list[int] = [k for k, e in enumerate(log.entries) if k in (0, last) or not folded(e)]
        self.advance(OPEN_SECONDS if progressive else math.inf)
        if self.error is not None:
            raise self.error

    def advance(self, seconds: float) -> bool:
        """Verify on for about `seconds`, keeping a state every `KEEP` entries; True once done
        (`error` says whether a ruling did not replay)."""
        steps, m = self._steps, self._verifier
        if steps is None or m is None:
            return True
        until = time.perf_counter() + seconds
        try:
            with paused_gc():
                entries, replayed = self.log.entries, m.log.entries
                for n in steps:
                    entries[n - 1] = replayed[n - 1]  # equal to the saved entry, and one copy is held
                    if n % KEEP == 0:
                        self._marks.append(n)
                        self._mark_states.append(m.state)
                    self.verified = n
                    if n % 64 == 0 and time.perf_counter() >= until:
                        return False
        except InputError as e:
            self.error = at_journal_line(e) if self._journal else e
        self._steps = self._verifier = None
        return True

    @property
    def done(self) -> bool:
        """Every entry is verified (or the first that does not replay is found)."""
        return self._steps is None

    @property
    def reach(self) -> int:
        """The last step verified: as far as the viewer may go."""
        return max(0, self.verified - 1)

    @classmethod
    def load(cls, path: str | Path, *, progressive: bool = False) -> Replay:
        return cls(read_log(path), str(path), journal=is_journal(path), progressive=progressive)

    @property
    def steps(self) -> int:
        """The number of steps (entries after the start): the last step's index."""
        return len(self.log.entries) - 1

    @property
    def checkpoints(self) -> list[int]:
        """The entry counts whose states are kept (the start's 1 and every `KEEP`)."""
        return list(self._marks)

    @property
    def game(self) -> str:
        return self.log.game

    def next_stop(self, k: int, n: int = 1) -> int:
        """The n-th step after k the viewer stops at (a folded step is passed over), within reach."""
        i = bisect_right(self.stops, k) + n - 1
        return self.clamp(self.stops[i] if i < len(self.stops) else self.steps)

    def previous_stop(self, k: int) -> int:
        """The last step before k the viewer stops at (0 at the start)."""
        i = bisect_right(self.stops, k - 1) - 1
        return self.stops[i] if i >= 0 else 0

    def entry(self, k: int) -> Entry:
        return self.log.entries[self.clamp(k)]

    def clamp(self, k: int) -> int:
        """Step k, within the steps verified so far."""
        return max(0, min(self.reach, k))

    def state_at(self, k: int) -> Any:
        """The game's state after step k: from the stretch cached around it, or replayed from the
        nearest checkpoint before it (fewer than `KEEP` actions). The viewer reads its game's
        own fields, hence `Any`."""
        n = self.clamp(k) + 1  # entries in the match at step k
        i = bisect_right(self._marks, n) - 1
        c = self._marks[i]
        span = self._spans.get(c)
        if span is None:
            span = self._spans[c] = [self._mark_states[i]]
            if len(self._spans) > SPANS:
                self._spans.popitem(last=False)
        else:
            self._spans.move_to_end(c)
        entries = self.log.entries
        while c + len(span) <= n:  # the stretch carried on to step k
            e = entries[c + len(span) - 1]
            st = span[-1]
            if e.seat not in ASIDE:  # a challenge or a switch of the table leaves the game's state alone
                action = self._parsed.get(e.action)
                if action is None:
                    if len(self._parsed) >= PARSED:
                        self._parsed.clear()
                    action = self._parsed[e.action] = self.match.parse(e.action)
                st = st.apply(action).state
            span.append(st)
        return span[n - c]

    def show(self, k: int) -> Match:
        """Move `self.match` to step k in place (its state and its log so far) and return it."""
        k = self.clamp(k)
        self.match.state = self.state_at(k)
        self.match.log = self.log.prefix(k + 1)
        self.match.rng = random.Random(f"{self.log.seed}/replay/{k}")
        return self.match

    def rulings_at(self, k: int) -> list[tuple[Ruling, bool]]:
        """The rulings of step k, each with whether a challenge struck it."""
        k = self.clamp(k)
        return [(r, (k + 1, j + 1) in self.struck) for j, r in enumerate(self.log.entries[k].rulings)]

    def rulings_between(self, first: int, last: int) -> list[tuple[int, Ruling, bool]]:
        """The rulings of steps `first`..`last` with their step and whether they were struck (a page
        of the jump list)."""
        return [(k, r, s) for k in range(self.clamp(first), self.clamp(last) + 1) for r, s in self.rulings_at(k)]

    def all_rulings(self) -> list[tuple[int, Ruling, bool]]:
        """Every ruling of the match with its step and whether it was struck."""
        return self.rulings_between(0, self.steps)


# --- the viewer's position -------------------------------------------------------------------------


@dataclass
class Cursor:
    """Where the viewer stands: the step, playing or not, the speed, the bookmarks."""

    last: int
    step: int = 0
    playing: bool = False
    speed_index: int = SPEEDS.index(1.0)
    bookmarks: list[int] = field(default_factory=list)
    clock: float = 0.0  # seconds shown of the current step while playing

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def go(self, k: int) -> int:
        self.step = max(0, min(self.last, k))
        self.clock = 0.0
        if self.step >= self.last:
            self.playing = False
        return self.step

    def forward(self) -> int:
        return self.go(self.step + 1)

    def back(self) -> int:
        return self.go(self.step - 1)

    def home(self) -> int:
        return self.go(0)

    def end(self) -> int:
        return self.go(self.last)

    def toggle_play(self) -> bool:
        if not self.playing and self.step >= self.last:
            self.go(0)
        self.playing = not self.playing
        self.clock = 0.0
        return self.playing

    def faster(self) -> float:
        self.speed_index = min(len(SPEEDS) - 1, self.speed_index + 1)
        return self.speed

    def slower(self) -> float:
        self.speed_index = max(0, self.speed_index - 1)
        return self.speed

    def interval(self) -> float:
        """Seconds each step is shown while playing."""
        return STEP_SECONDS / self.speed

    def tick(self, dt: float) -> int:
        """Playing: advance by the steps `dt` seconds hold at this speed; how many were taken."""
        if not self.playing:
            return 0
        self.clock += dt
        n = 0
        while self.clock >= self.interval() and self.step < self.last:
            self.clock -= self.interval()
            self.step += 1
            n += 1
        if self.step >= self.last:
            self.playing = False
            self.clock = 0.0
        return n

    def toggle_bookmark(self) -> bool:
        """Bookmark the step, or drop its bookmark; True when it is bookmarked now."""
        if self.step in self.bookmarks:
            self.bookmarks.remove(self.step)
            return False
        self.bookmarks = sorted({*self.bookmarks, self.step})
        return True

    def next_bookmark(self) -> int | None:
        later = [b for b in self.bookmarks if b > self.step]
        return self.go(later[0]) if later else None

    def previous_bookmark(self) -> int | None:
        earlier = [b for b in self.bookmarks if b < self.step]
        return self.go(earlier[-1]) if earlier else None


# --- Bierpong launches -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Launch:
    """One ball of a logged throw: who threw it, the physics throw, the fixed steps after the
    throw's first ball it was released (0 for the first ball, and for both of a bot's pair), and
    the side whose cups it was thrown at (None: the side thrown at in the state before it)."""

    player: str
    release: tuple[float, float, float]
    velocity: tuple[float, float, float]
    spin: tuple[float, float, float]
    after: int = 0
    side: int | None = None


def launch_detail(player: str, release: Any, velocity: Any, spin: Any, after: int = 0, side: int | None = None) -> dict[str, Any]:
    """One ball's launch as an entry's detail keeps it (`{"throws": [this, …]}`)."""
    d: dict[str, Any] = {"player": player, "release": [float(v) for v in release],
                         "velocity": [float(v) for v in velocity], "spin": [float(v) for v in spin]}
    if after:
        d["after"] = int(after)
    if side is not None:
        d["side"] = int(side)
    return d


def throws_of(entry: Entry) -> list[Launch]:
    """The launches an entry's detail keeps (none when it has none or they are garbled)."""
    detail = entry.detail or {}
    out = []
    if launch_problem(detail) is not None:  # (a saved match's reader refuses these; a hand-made entry may hold them)
        return []
    try:
        for t in detail.get("throws", []):
            r, v, s = (tuple(float(x) for x in t[k]) for k in ("release", "velocity", "spin"))
            if len(r) != 3 or len(v) != 3 or len(s) != 3:
                return []
            side = t.get("side")
            out.append(Launch(str(t["player"]), r, v, s, int(t.get("after", 0)),  # type: ignore[arg-type]
                              None if side is None else int(side)))
    except (KeyError, TypeError, ValueError, AttributeError):
        return []
    return out
