"""Schock's and Katchen's part of the authority table (`game.rules.authority`, combined in `game.net.authority`)."""
from __future__ import annotations

from game.dice.actions import Dice, Flip, Roll, Stand, Tower
from game.rules.authority import Row, Sender

AUTHORITY: tuple[Row, ...] = (
    Row("dice", Roll, Sender.TURN, why="schock.rolls, katchen.phase1"),
    Row("dice", Flip, Sender.TURN, why="schock.sixes"),
    Row("dice", Stand, Sender.TURN, why="schock.rolls, katchen.phase2"),
    Row("dice", Dice, Sender.HOST, why="the dice as they land are drawn at the host",
        real=Sender.ENTERER),  # a real table: the thrower enters the faces (docs/real-table.md)
    Row("dice", Tower, Sender.HOST, why="schock.tower: the dice as they land are the host's",
        real=Sender.ENTERER),
)
