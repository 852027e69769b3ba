"""The state both dice games share: rounds of turns, the turn machine, chance and the ledger.

`SchockState` and `KatchenState` subclass it and override the hooks that differ (python-chess
style variants): which dice stay out, sixes, towers, how many rolls, and what ends a round.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import product
from typing import Any, ClassVar, Mapping, Self, Sequence

from game.dice.actions import Action, Dice, Flip, Roll, Stand, Tower, parse_action
from game.dice.turn import Turn, contains, sub_multisets
from game.errors import IllegalAction
from game.i18n import N_
from game.rules.dice import Faces, Throw, norm
from game.rules.frozen import replace, replaceable
from game.rules.ledger import Drink, Ledger
from game.rules.phrase import phrase
from game.rules.profile import Profile
from game.rules.ruling import Ruling
from game.state import CHANCE, TERMINAL, Seating, Step

TOWER_CHANCE = 1 / 60  # how often a live roll lands as a Türmchen at a table that has them (Schock)

_OUTCOMES: dict[int, list[tuple[Faces, float]]] = {}


def roll_outcomes(n: int) -> list[tuple[Faces, float]]:
    """The distinct results of rolling `n` dice (sorted high to low) with their probabilities."""
    if n not in _OUTCOMES:
        counts: dict[Faces, int] = {}
        for combo in product(range(1, 7), repeat=n):
            k = norm(combo)
            counts[k] = counts.get(k, 0) + 1
        total = 6**n
        _OUTCOMES[n] = [(k, c / total) for k, c in sorted(counts.items())]
    return _OUTCOMES[n]


@replaceable
@dataclass(frozen=True)
class DiceState:
    """A match at the dice table; immutable. Seats are indices into `players`."""

    GAME: ClassVar[str] = ""
    SETS_ASIDE: ClassVar[bool] = False  # dice put out stay out (Schock)
    TOWERS: ClassVar[bool] = False  # a Türmchen is thrown again (Schock)
    FLIPS: ClassVar[bool] = False  # sixes may be turned to ones (Schock; `flippable` says when)
    PILE: ClassVar[str] = ""  # N_-marked: what the game calls the mats not yet handed out ("middle", "stack")

    profile: Profile
    players: tuple[str, ...]
    ledger: Ledger
    games: int = 1
    game_no: int = 1
    round_no: int = 1
    round_order: tuple[int, ...] = ()
    results: tuple[tuple[int, Throw], ...] = ()
    turn: Turn | None = None
    over: bool = False
    turns_done: int = 0  # finished turns in the whole match
    last: tuple[Turn, Throw] | None = None  # the latest finished turn, as it ended, and its throw

    @staticmethod
    def parse_action(text: str) -> Action:
        """An action of this game from its notation."""
        return parse_action(text)

    @staticmethod
    def detail_problem(detail: Mapping[str, Any]) -> str | None:
        """No detail of this game's entries is read back (a replay shows none)."""
        return None

    def detail_mismatch(self, action: Any, detail: Mapping[str, Any]) -> str | None:
        """No detail of this game's entries is read back: none disagrees with its action."""
        return None

    # --- set-up ----------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        players: tuple[str, ...] | list[str],
        profile: Profile | None = None,
        *,
        games: int = 1,
        opener: int = 0,
        drinks: Mapping[str, Drink] | None = None,
    ) -> Step:
        """A new match of `games` games, `opener` rolling first; the step holds its opening rulings."""
        raise NotImplementedError(f"{cls.__name__} does not say how a match starts")

    @classmethod
    def new_match(cls, seating: Seating, profile: Profile, settings: Mapping[str, Any]) -> tuple[Step, dict[str, Any]]:
        """The start of a match at the dice table (`game.state.GameState.new_match`): its settings are
        the number of games and the seat that opens."""
        games, opener = int(settings.get("games", 1)), int(settings.get("opener", 0))
        teams = [f"{seat} has {', '.join(people)}" for seat, people in zip(seating.seats, seating.people) if people != (seat,)]
        if teams:  # (a save's seat with drivers: they would drink for the seat the rulings name)
            raise ValueError(f"{cls.GAME.title()} seats one person a seat, no team or drivers: {'; '.join(teams)}")
        step = cls.start(seating.seats, profile, games=games, opener=opener, drinks=seating.drinks)
        return step, {"games": games, "opener": opener}

    @property
    def pile(self) -> int:
        """The mats not yet handed out (what the game calls its `PILE`)."""
        return 0

    # --- what the dice bot asks of the game (`game.dice.bots.TurnModel`) --------------------------

    @staticmethod
    def throw_strength(throw: Throw, profile: Profile) -> tuple[object, ...]:
        """How a throw ranks against others, best highest; its last item is the time order."""
        raise NotImplementedError

    @staticmethod
    def throw_mats(faces: Faces, one_roll: bool, profile: Profile) -> int:
        """The mats a round's best throw of these faces hands to the worst (what the bot weighs)."""
        raise NotImplementedError

    @staticmethod
    def flips_on_last_roll(profile: Profile) -> bool:
        """Whether sixes may be turned on the turn's last roll too (only where `FLIPS`)."""
        return False

    # --- the state interface ---------------------------------------------------------------

    def current_player(self) -> int:
        if self.over or self.turn is None:
            return TERMINAL
        return CHANCE if self.turn.pending is not None else self.turn.seat

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list[Action]:
        t = self.turn
        if self.over or t is None:
            return []
        if t.pending is not None:
            acts: list[Action] = [Dice(f) for f, _ in roll_outcomes(3 - len(t.pending))]
            return acts + ([Tower()] if self.TOWERS else [])
        acts = []
        if t.rolls < t.max_rolls:
            if t.rolls == 0:
                acts.append(Roll(()))
            else:
                for keep in sub_multisets(t.faces):
                    if len(keep) < 3 and contains(keep, t.out if self.SETS_ASIDE else ()):
                        acts.append(Roll(keep))
        n = self.flippable(t)
        if n:
            acts.append(Flip(n))
        if t.rolls >= 1 and not t.must_roll:
            acts.append(Stand())
        return acts

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        t = self.turn
        if t is None or t.pending is None:
            return []
        return [(Dice(f), p) for f, p in roll_outcomes(3 - len(t.pending))]

    def draw_chance(self, rng: random.Random) -> Action:
        """The dice of the pending roll, drawn from `rng`; at a table with towers a roll lands as a
        Türmchen with probability TOWER_CHANCE (seeded logs depend on this order of draws)."""
        t = self.turn
        if t is None or t.pending is None:
            raise IllegalAction(phrase(N_("no roll is pending")))
        if self.TOWERS and rng.random() < TOWER_CHANCE:
            return Tower()
        return Dice(tuple(rng.randint(1, 6) for _ in range(3 - len(t.pending))))

    def challenge_refusal(self, ruling: Ruling) -> str | None:
        """Every drink ruling of the dice table may be challenged (a game may say otherwise)."""
        return None

    def challengers(self) -> tuple[str, ...]:
        return ()

    def apply(self, action: Action) -> Step:
        """Apply one action; an illegal one raises `IllegalAction` naming what is allowed."""
        t = self.turn
        if self.over or t is None:
            raise IllegalAction(phrase(N_("the match is over")))
        if t.pending is not None:
            if isinstance(action, Dice):
                return self._rolled(t, t.pending, norm(action.faces))
            if isinstance(action, Tower) and self.TOWERS:
                return Step(replace(self, turn=replace(t, towers=t.towers + 1)), self.tower_rulings(t))
            raise IllegalAction(phrase(N_("the dice are rolling: {n} dice must land (or a tower)"), n=3 - len(t.pending)))
        if isinstance(action, Roll):
            return self._roll(t, norm(action.keep))
        if isinstance(action, Flip):
            n = self.flippable(t)
            if not n or action.count != n:
                raise IllegalAction(self.why_no_flip(t, action.count))
            t2 = t.flipped(n)
            if t2.rolls >= t2.max_rolls:
                return self._end_turn(t2, ())
            return Step(replace(self, turn=t2))
        if isinstance(action, Stand):
            if t.rolls == 0:
                raise IllegalAction(phrase(N_("{who} has not rolled yet"), who=self.players[t.seat]))
            if t.must_roll:
                raise IllegalAction(phrase(N_("a six was turned: turning is only allowed when another roll follows (schock.sixes)")))
            return self._end_turn(t, ())
        raise IllegalAction(phrase(N_("{action} is not an action of this table"), action=str(action)))

    def returns(self) -> tuple[float, ...]:
        raise NotImplementedError

    # --- the turn machine ------------------------------------------------------------------

    def _roll(self, t: Turn, keep: Faces) -> Step:
        who = self.players[t.seat]
        if t.rolls >= t.max_rolls:
            why = N_("{who} has used all {n} rolls the round's opener allows") if t.max_rolls < self.max_rolls() else N_("{who} has used all {n} rolls the rules allow")
            raise IllegalAction(phrase(why, who=who, n=t.max_rolls))
        if t.rolls == 0 and keep:
            raise IllegalAction(phrase(N_("the first roll throws all three dice")))
        if t.rolls > 0 and not contains(t.faces, keep):
            raise IllegalAction(phrase(N_("{who} cannot keep {keep}: the dice show {faces}"), who=who, keep=''.join(map(str, keep)), faces=''.join(map(str, t.faces))))
        if len(keep) >= 3:
            raise IllegalAction(phrase(N_("keeping all three dice leaves nothing to roll: stand instead")))
        if self.SETS_ASIDE and not contains(keep, t.out):
            raise IllegalAction(phrase(N_("{out} lie outside the cup and may not be rolled again (schock.rolls)"), out="".join(map(str, t.out))))
        return Step(replace(self, turn=replace(t, pending=keep)))

    def _rolled(self, t: Turn, kept: Faces, new: Faces) -> Step:
        if len(new) != 3 - len(kept) or any(not 1 <= f <= 6 for f in new):
            raise IllegalAction(phrase(N_("{n} dice were rolled; they cannot show {faces}"), n=3 - len(kept), faces="".join(map(str, new))))
        t2 = t.rolled(kept, new, self.SETS_ASIDE)
        rulings = self.roll_rulings(t2, new, 3 - len(kept))
        if t2.rolls >= t2.max_rolls and not self.flippable(t2):
            return self._end_turn(t2, rulings)
        return Step(replace(self, turn=t2), rulings)

    def _end_turn(self, t: Turn, rulings: tuple[Ruling, ...]) -> Step:
        throw = t.finish(len(self.results))
        rulings = rulings + self.throw_rulings(t.seat, throw)
        results = self.results + ((t.seat, throw),)
        self = replace(self, turns_done=self.turns_done + 1, last=(t, throw))
        if len(results) < len(self.round_order):
            opener_rolls = results[0][1].rolls
            nxt = self.round_order[len(results)]
            st = replace(self, results=results, turn=Turn(nxt, min(opener_rolls, self.max_rolls())))
            return Step(st, rulings)
        step = replace(self, results=results, turn=None).finish_round()
        return Step(step.state, rulings + step.rulings)

    def start_round(self, opener: int, seats: Sequence[int]) -> Self:
        """A new round opened by `opener`, then clockwise through `seats`."""
        n = len(self.players)
        order = tuple(s % n for s in range(opener, opener + n) if s % n in seats)
        return replace(
            self,
            round_order=order,
            results=(),
            turn=Turn(order[0], self.max_rolls()),
        )

    # --- what the table shows ----------------------------------------------------------------

    def on_turn(self) -> int | None:
        """The seat whose turn it is (None: the match is over)."""
        return None if self.over or self.turn is None else self.turn.seat

    def throw_now(self) -> Throw | None:
        """What the dice on the table count as now: the turn's throw so far (None before its first
        roll, while dice roll, or with no turn)."""
        t = self.turn
        if self.over or t is None or t.rolls == 0 or t.pending is not None:
            return None
        return t.finish(len(self.results))

    def headline(self) -> tuple[str, ...]:
        """Where the match stands, as phrases for the table's header: the game, its stage, the round."""
        return (phrase(N_("game {n} of {total}"), n=self.game_no, total=self.games), phrase(N_("round {n}"), n=self.round_no))

    def seat_tags(self, seat: int) -> tuple[str, ...]:
        """What sets `seat` apart in this game now, as phrases (none)."""
        return ()

    def absence(self, seat: int) -> str:
        """Why `seat` throws in no round now, as a phrase: it holds no mats."""
        return phrase(N_("sits out (no mats)"))

    def throws(self) -> list[tuple[str, Throw]]:
        return [(self.players[s], t) for s, t in self.results]

    def seat(self, name: str) -> int:
        return self.players.index(name)

    # --- hooks -----------------------------------------------------------------------------

    def max_rolls(self) -> int:
        """Rolls allowed to the round's opener."""
        raise NotImplementedError

    def flippable(self, t: Turn) -> int:
        return 0

    def flip_rule(self) -> str:
        """The rule id on turning dice (a game without it says so)."""
        return f"{self.GAME} has no turning of dice"

    def rolls_rule(self) -> str:
        """The rule id that limits the rolls of a turn."""
        raise NotImplementedError

    def why_no_flip(self, t: Turn, count: int) -> str:
        return phrase(N_("no dice may be turned here"))

    def roll_rulings(self, t: Turn, new: Faces, dice_in_cup: int) -> tuple[Ruling, ...]:
        return ()

    def throw_rulings(self, seat: int, throw: Throw) -> tuple[Ruling, ...]:
        return ()

    def tower_rulings(self, t: Turn) -> tuple[Ruling, ...]:
        return ()

    def finish_round(self) -> Step:
        raise NotImplementedError

    def describe(self, throw: Throw) -> str:
        raise NotImplementedError
