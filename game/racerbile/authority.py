"""Racerbile's (Babybile's, Le Mans') part of the authority table (`game.rules.authority`, combined in
`game.net.authority`)."""
from __future__ import annotations

from game.racerbile.actions import Call, Clock, Dice, Drive, Driver, Judge, Name, Order, Shift, StartDie
from game.rules.authority import Row, Sender

AUTHORITY: tuple[Row, ...] = (
    Row("racerbile", Order, Sender.TURN, why="racerbile.start: the players enter the start for the table"),
    Row("racerbile", StartDie, Sender.HOST, why="chance: drawn at the host", real=Sender.ENTERER),
    Row("racerbile", Shift, Sender.TURN, why="racerbile.turn"),
    Row("racerbile", Driver, Sender.TURN, why="racerbile.lemans.driver_change"),
    Row("racerbile", Dice, Sender.HOST, why="chance: drawn at the host", real=Sender.ENTERER),
    Row("racerbile", Drive, Sender.TURN, why="racerbile.turn"),
    Row("racerbile", Name, Sender.TURN, why="racerbile.lemans.field42"),
    Row("racerbile", Call, Sender.NAMED, lambda a: str(a.who), "racerbile.faults: a seat owns up to its own faults"),
    Row("racerbile", Judge, Sender.JUDGES, why="racerbile.lemans.judges"),
    Row("racerbile", Clock, Sender.HOST, why="racerbile.lemans.end: the event clock runs at the host"),
)
