"""Bierpong's part of the authority table (`game.rules.authority`, combined in `game.net.authority`):
its actions, and the live table's `Launch` and `Defend` messages."""
from __future__ import annotations

from game.bierpong.actions import (Begin, Call, Catch, Clock, EndRound, Fetch, Foul, KnockOver, Leave, Remove, Swat, Throw, Throwoff,
                                   ThrowoffBall, Time, Together)
from game.rules.authority import Defend, Launch, Row, Sender, player

AUTHORITY: tuple[Row, ...] = (
    Row("bierpong", Launch, Sender.NAMED, player, "bierpong.art4: a team throws its own balls"),
    Row("bierpong", Defend, Sender.NAMED, lambda a: str(a.defender), "bierpong.art14, bierpong.art23: the defenders' own swat or catch"),
    Row("bierpong", Throwoff, Sender.HOST, why="bierpong.art8: the host's live table rules every ball"),
    Row("bierpong", ThrowoffBall, Sender.HOST, why="bierpong.art8: the host's live table rules every ball", real=Sender.ENTERER),
    Row("bierpong", Throw, Sender.HOST, why="the host's live table rules every ball (a team sends its launch)", real=Sender.ENTERER),
    Row("bierpong", Together, Sender.HOST, why="bierpong.art4: the host's live table rules both balls", real=Sender.ENTERER),
    Row("bierpong", Swat, Sender.HOST, why="bierpong.art14: a defender sends the swat of a ball in play (defend)", real=Sender.ENTERER),
    Row("bierpong", Catch, Sender.NAMED, lambda a: str(a.catcher), "bierpong.art23: the catcher's own team says it",
        real=Sender.ENTERER),  # at a real table the thrower's team enters the catch with its air ball too
    Row("bierpong", Begin, Sender.TURN, why="bierpong.art8: the throw-off's winners choose"),
    Row("bierpong", Call, Sender.NAMED, player, "bierpong.art21, art22, art5, art6: a player's own call"),
    Row("bierpong", Fetch, Sender.NAMED, player, "bierpong.art19"),
    Row("bierpong", Remove, Sender.NAMED, lambda a: str(a.team), "bierpong.art3: the owners remove their cups"),
    Row("bierpong", Leave, Sender.NAMED, lambda a: str(a.team), "bierpong.art18: the owners leave a Dead Cup"),
    Row("bierpong", KnockOver, Sender.NAMED, player, "bierpong.art16: a team owns up to its knock-over"),
    Row("bierpong", Foul, Sender.NAMED, player, "bierpong.art2, art7, art12, art17: a team owns up to its fouls"),
    Row("bierpong", EndRound, Sender.TURN, why="bierpong.art2"),
    Row("bierpong", Time, Sender.HOST, why="bierpong.art9: the game clock runs at the host"),
    Row("bierpong", Clock, Sender.HOST, why="bierpong.art9: the game clock runs at the host"),
)
