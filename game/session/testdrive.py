"""The track editor's test drive: two careful bots race a draft until the first has driven a lap.

`drive_lap` plays a `RaceSession` at `INSTANT` pace on the draft (a Racerbile race of two careful
bots, "Test" and "Pace") and keeps every move of theirs – the fields driven, the roll, the squeals,
whether it left the track – for the editor to animate (`game.ui.editor.editor_drive.DriveView`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.hexgrid import Hex
from game.i18n import _
from game.match import Match, PlayerSpec
from game.racerbile.actions import Drive
from game.racerbile.state import MOVE, RaceState
from game.racerbile.track import Track
from game.racerbile.tracks import FoundTrack
from game.rules.racerbile import SPEC
from game.session.events import Applied, SessionEvent
from game.session.race import RaceSession
from game.session.session import INSTANT, Session

MAX_TURNS = 600  # a lap that takes longer is a track the bots cannot get round


@dataclass(frozen=True)
class DriveMove:
    """One move of the test drive."""

    seat: int
    start: Hex
    path: tuple[Hex, ...]
    roll: int
    gear: int
    squeals: int
    off_track: bool


@dataclass
class DriveResult:
    """The moves of a test drive, and how the lap went for the first car."""

    moves: list[DriveMove] = field(default_factory=list)
    starts: tuple[Hex, ...] = ()
    lapped: bool = False  # the first car came round
    turns: int = 0  # the first car's turns to do it

    def summary(self) -> str:
        mine = [m for m in self.moves if m.seat == 0]
        squeals = sum(m.squeals for m in mine)
        off = sum(m.off_track for m in mine)
        if not self.lapped:
            return _("no lap in {n} turns – the bots could not get round").format(n=self.turns)
        sq = (_("{n} squeal") if squeals == 1 else _("{n} squeals")).format(n=squeals)
        return _("a lap in {n} turns").format(n=self.turns) + f" · {sq} · " + _("left the track {n}×").format(n=off)


class _Stop(Exception):
    """The test drive has seen enough."""


def drive_lap(track: Track, seed: int = 1, max_turns: int = MAX_TURNS) -> DriveResult:
    """Two careful bots race until the first has driven a lap (or `max_turns` turns of its own)."""
    players = [PlayerSpec("Test", "careful"), PlayerSpec("Pace", "careful")]
    match = Match("racerbile", players, SPEC.make("racerbile"), seed=seed,
                  settings={"track": FoundTrack(track.name or "draft", track)})
    session = RaceSession(match, pace=INSTANT)
    start: RaceState = match.state
    out = DriveResult(starts=tuple(c.pos for c in start.cars))
    first_lap: list[int] = []

    def heard(ev: SessionEvent) -> None:
        if not isinstance(ev, Applied):
            return
        before: RaceState = ev.before
        after: RaceState = ev.after
        if isinstance(ev.action, Drive) and before.phase == MOVE and before.turn is not None:
            t = before.turn
            m = next((x for x in before.moves().to(ev.action.path[-1] if ev.action.path else before.cars[t.seat].pos) if x.path == ev.action.path), None)
            out.moves.append(DriveMove(t.seat, before.cars[t.seat].pos, ev.action.path, t.roll, t.gear, m.squeals if m else 0, bool(m and m.off_track)))
            if t.seat == 0:
                out.turns += 1
        if not first_lap and after.turn is not None:
            first_lap.append(after.cars[0].lap)
        if first_lap and after.cars[0].lap > first_lap[0]:
            out.lapped = True

    def enough(s: Session) -> None:
        if out.lapped or out.turns >= max_turns:
            raise _Stop  # between two steps of the table: the session stays whole

    session.listen(heard)
    try:
        session.play_out(40 * 8 * max_turns, after=enough)
    except _Stop:
        pass
    return out
