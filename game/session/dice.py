"""Schock and Katchen played live: the dice bots, chance and the Türmchen pause (never pygame).

Chance is drawn the moment a roll is asked for (apply first, then animate): the `Dice` entry is in
the log before the view throws the dice, which tumble to its faces. A `Tower` (schock.tower) holds
the table still for `TOWER_PAUSE` seconds – at a live pace – before the roll is drawn again. A bot
waits `pace.read_delay` instead of `pace.bot_delay` while a finished throw lies on the table.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from game.dice import bots as dice_bots
from game.dice.actions import Action, Dice, Flip, Roll, Stand, Tower, parse_action
from game.dice.state import DiceState
from game.errors import IllegalAction
from game.i18n import _
from game.match import Match
from game.rules.matchlog import Entry
from game.session.events import Refusal
from game.session.seats import Bot, Seat
from game.session.session import LIVE, Pace, Session
from game.state import CHANCE

TOWER_PAUSE = 0.8  # seconds the table holds after a Türmchen before the roll is thrown again


def bot_seed(match: Match, seat: int) -> int:
    """The seed of the bot at `seat` (as the dice table has always seeded them)."""
    return match.log.seed * 31 + seat


def dice_bot(name: str, kind: str, bot: dice_bots.Bot) -> Bot:
    """A dice bot (`choose(state)`) as a seat."""
    return Bot(name, kind, lambda state, rng: bot.choose(state))


class DiceSession(Session):
    """A Schock or Katchen match at one table."""

    def __init__(self, match: Match, seats: Sequence[Seat] | None = None, pace: Pace = LIVE, *,
                 autosave: bool = False, save_path: str | Path | None = None) -> None:
        self._fallbacks: list[str] = []  # bots of an unknown kind, told once the table listens
        super().__init__(match, seats, pace, autosave=autosave, save_path=save_path)
        for text in self._fallbacks:
            self.notice(text, "error")

    @property
    def state(self) -> DiceState:
        st: DiceState = self.match.state
        return st

    # --- seats -----------------------------------------------------------------------------------

    def make_bot(self, seat: int, kind: str) -> Seat:
        """The dice bot of `kind`; an unknown kind is played by another bot, with a notice."""
        name = self.match.players[seat].name
        if kind in dice_bots.BOTS:
            return dice_bot(name, kind, dice_bots.make_bot(kind, bot_seed(self.match, seat)))
        fallback = self.match.info.seating.kind_for(kind)  # the game's own bot for a kind it has not
        fallback = fallback if fallback in dice_bots.BOTS else next(iter(dice_bots.BOTS))
        why = _("the {kind} bot is not available yet – the {fallback} bot plays instead").format(kind=repr(kind), fallback=fallback)
        if why not in self._fallbacks:
            self._fallbacks.append(why)
        return dice_bot(name, fallback, dice_bots.make_bot(fallback, bot_seed(self.match, seat)))

    def decide(self, seat: int) -> Any | None:
        """The bot's choice, if it is a player's action (the state's `apply` rules on its legality;
        anything else – a die's outcome, a challenge – is refused here and the table is told)."""
        action = super().decide(seat)
        if action is None or isinstance(action, (Roll, Flip, Stand)):
            return action
        self.notice(_("{name}'s bot chose {action}, which is not allowed; it plays at random").format(
            name=self.match.players[seat].name, action=action), "error")
        return None

    # --- chance and pacing -----------------------------------------------------------------------

    def applied(self, entry: Entry, before: Any) -> None:
        """A Türmchen (a chance entry after which the roll is still to be drawn) holds the table."""
        if self.pace.pauses and before.current_player() == CHANCE and self.to_act() == CHANCE and not self.entering():
            self.pause = TOWER_PAUSE

    # --- a real table: the player on turn enters the faces ------------------------------------------

    def chance_seat(self) -> int | None:
        t = self.state.turn
        return None if t is None else t.seat

    def is_outcome(self, action: Any) -> bool:
        return isinstance(action, (Dice, Tower))

    def parse_outcome(self, text: str) -> Any:
        """The faces as typed ("6 5 2", "652"), "tower", or the notation ("dice 652")."""
        faces = "".join(text.split())
        if faces.isdigit():
            return Dice(tuple(int(c) for c in faces))
        return parse_action(text)

    def throw_on_table(self) -> bool:
        """A finished throw lies on the table: the turn on now has not rolled yet."""
        st = self.state
        t = st.turn
        return st.last is not None and t is not None and t.rolls == 0 and t.pending is None

    def bot_delay(self) -> float:
        return self.pace.read_delay if self.throw_on_table() else self.pace.bot_delay

    # --- every person out: the bots finish quickly -------------------------------------------------

    def people_out(self) -> bool:
        """Every person at the table sits out while bots play on (Katchen: no mats left in phase 2,
        or off a tournament table – katchen.phase2); the match is not over."""
        st = self.state
        people = [i for i in range(len(self.seats)) if not self.is_bot(i)]
        return bool(people) and not st.is_terminal() and all(i not in st.round_order for i in people)

    def finish_quickly(self, limit: int = 20_000) -> int:
        """Play on with no waiting while every person is out (at most `limit` entries): until the match
        ends or a person is dealt in again (the next game). The number of entries logged."""
        start = len(self.match.log.entries)
        while self.people_out() and len(self.match.log.entries) - start < limit:
            n = len(self.match.log.entries)
            self.pause = 0.0
            self.play_out(n + 1)
            if len(self.match.log.entries) == n:
                break  # only people could go on (never while they are all out)
        return len(self.match.log.entries) - start

    # --- questions the view asks -------------------------------------------------------------------

    def why_not(self, seat: int, action: Action) -> Refusal | None:
        """Why `seat` could not take `action` now (None: it could) – asked, nothing is applied."""
        refusal = self.refusal(seat, action)
        if refusal is not None:
            return refusal
        try:
            self.state.apply(action)
        except IllegalAction as e:
            return Refusal.of(e)
        return None
