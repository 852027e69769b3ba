"""The editor's test drive on the board: the bots' moves played back a field at a time.

The drive itself is `game.session.testdrive.drive_lap` (a `RaceSession` at instant pace); the
dangers of the track are `game.racerbile.dangers.Analysis`. `DriveView` plays the moves back for
the scene, works the analysis out a slice per frame, and says how it goes.
"""
from __future__ import annotations

from game.hexgrid import Hex, direction_between
from game.i18n import _
from game.racerbile.dangers import Analysis
from game.session.testdrive import DriveResult

FIELD_SECONDS = 0.045  # the playback: a field driven …
MOVE_PAUSE = 0.15  # … and the pause after a move


class DriveView:
    """The test drive on the board: the bots' moves played back a field at a time, and the
    analysis worked out a slice per frame."""

    def __init__(self, result: DriveResult, analysis: Analysis) -> None:
        self.result = result
        self.analysis = analysis
        self.cars: list[tuple[Hex, int | None]] = [(h, None) for h in result.starts]
        self.index = 0  # the move being driven
        self.step = 0  # fields of it driven
        self.clock = 0.0
        self.trail: list[Hex] = []

    @property
    def finished(self) -> bool:
        return self.index >= len(self.result.moves)

    def update(self, dt: float) -> None:
        self.clock += dt
        while not self.finished:
            m = self.result.moves[self.index]
            need = FIELD_SECONDS if self.step < len(m.path) else MOVE_PAUSE
            if self.clock < need:
                break
            self.clock -= need
            if self.step < len(m.path):
                h = m.path[self.step]
                prev = self.cars[m.seat][0]
                way = direction_between(prev, h)
                self.cars[m.seat] = (h, way if way is not None else self.cars[m.seat][1])
                self.trail = list(m.path[: self.step + 1])
                self.step += 1
            else:
                self.index += 1
                self.step = 0
                self.trail = []

    def skip(self) -> None:
        while not self.finished:
            m = self.result.moves[self.index]
            if m.path:
                way = direction_between(m.path[-2] if len(m.path) > 1 else m.start, m.path[-1])
                self.cars[m.seat] = (m.path[-1], way if way is not None else self.cars[m.seat][1])
            self.index += 1
        self.trail = []

    def lines(self) -> tuple[str, ...]:
        r = self.result
        mine = [m for m in r.moves[: self.index + 1] if m.seat == 0]
        out = [r.summary()]
        if not self.finished and mine:
            m = mine[-1]
            extra = (", " + (_("{n} squeal") if m.squeals == 1 else _("{n} squeals")).format(n=m.squeals) if m.squeals else "") + (", " + _("off the track!") if m.off_track else "")
            out.append(_("turn {n}: gear {gear}, rolled {roll}, drove {fields}").format(n=len(mine), gear=m.gear, roll=m.roll, fields=len(m.path)) + extra + " · " + _("Enter: skip"))
        elif self.finished:
            out.append(_("the lap is done · T again: back to editing"))
        a = self.analysis
        if a.done:
            runs = sum(a.runoffs.values())
            out.append(_("run-offs: from {n} of {total} fields a 10–12 can leave the track – {ways} ways, over {fields} fields").format(n=a.starts_off, total=a.total, ways=runs, fields=len(a.runoffs)))
            bends = _("bends: {n} field where a 7–9 that cannot go straight turns") if len(a.bends) == 1 else _("bends: {n} fields where a 7–9 that cannot go straight turns")
            out.append(bends.format(n=len(a.bends)))
        else:
            out.append(_("looking at every field … {n}%").format(n=int(a.progress * 100)))
        return tuple(out)
