"""Schock at the dice table: halves, the final, strokes across games (schock.game)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from game.dice.state import DiceState
from game.dice.turn import Turn
from game.i18n import N_
from game.rules import schock as rules
from game.rules.dice import Faces, Throw
from game.rules.frozen import replace, replaceable
from game.rules.ledger import Drink, Ledger
from game.rules.phrase import phrase
from game.rules.profile import Profile
from game.rules.ruling import Ruling, What
from game.state import Step

STAGES = ("half1", "half2", "final")
STAGE_NAMES = {"half1": N_("first half"), "half2": N_("second half"), "final": N_("final")}


@replaceable
@dataclass(frozen=True)
class SchockState(DiceState):
    GAME = "schock"
    SETS_ASIDE = True
    TOWERS = True
    FLIPS = True

    stage: str = "half1"
    stage_players: tuple[int, ...] = ()
    half_losers: tuple[int, ...] = ()
    middle: int = rules.TOTAL_MATS
    PILE = N_("middle")

    @property
    def pile(self) -> int:
        """The mats in the middle (`DiceState.PILE`)."""
        return self.middle

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
        """A new match; the step holds the first round's Laden."""
        players = tuple(players)
        if not 2 <= len(players) <= 8:
            raise ValueError("Schock is played by 2 to 8 players")
        if len(set(players)) != len(players):
            raise ValueError("every player needs a name of his own")
        profile = profile or rules.SPEC.default()
        st = cls(profile, players, Ledger.new(players, drinks), games=games, stage_players=tuple(range(len(players))))
        st = st.start_round(opener, st.stage_players)
        return Step(st, st._laden())

    # --- hooks -----------------------------------------------------------------------------

    @staticmethod
    def throw_strength(throw: Throw, profile: Profile) -> tuple[object, ...]:
        return rules.strength(throw, profile)

    @staticmethod
    def throw_mats(faces: Faces, one_roll: bool, profile: Profile) -> int:
        """A Schock aus counts as the whole half under `schock_aus: lose_half`, as none under
        `halve_mats` (it gives mats back) – schock.schock_aus."""
        v = rules.value(faces, one_roll, profile)
        if v.mats is None:
            return rules.TOTAL_MATS if profile["schock_aus"] == "lose_half" else 0
        return v.mats

    @staticmethod
    def flips_on_last_roll(profile: Profile) -> bool:
        return not profile["no_flips_on_last_roll"]  # schock.sixes

    def max_rolls(self) -> int:
        return rules.MAX_ROLLS

    def flip_rule(self) -> str:
        return "schock.sixes"

    def rolls_rule(self) -> str:
        return "schock.rolls"

    def flippable(self, t: Turn) -> int:
        if t.pending is not None or t.rolls == 0:
            return 0
        n = rules.sixes_flippable(t.fresh)
        last = t.rolls >= t.max_rolls
        if n == 1 and last:
            return 0
        if n == 2 and last and self.profile["no_flips_on_last_roll"]:
            return 0
        return n

    def why_no_flip(self, t: Turn, count: int) -> str:
        sixes = sum(1 for f in t.fresh if f == 6)
        if t.rolls >= t.max_rolls and sixes == 2:
            return phrase(N_("a six may not be turned on the last roll (schock.sixes)"))
        if sixes < 2:
            return phrase(N_("turning needs two or three sixes from the last roll (schock.sixes)"))
        return phrase(N_("with {sixes} sixes, {may} may be turned, not {count} (schock.sixes)"), sixes=sixes, may=rules.sixes_flippable(t.fresh), count=count)

    def roll_rulings(self, t: Turn, new: Faces, dice_in_cup: int) -> tuple[Ruling, ...]:
        return tuple(rules.roll_callouts(self.players[t.seat], new, dice_in_cup))

    def throw_rulings(self, seat: int, throw: Throw) -> tuple[Ruling, ...]:
        return tuple(rules.throw_callouts(self.players[seat], throw))

    def tower_rulings(self, t: Turn) -> tuple[Ruling, ...]:
        who = self.players[t.seat]
        text = phrase(N_("Türmchen! {who}'s roll is thrown again and does not count"), who=who)
        return (Ruling(who, What.NOTE, 0, "schock.tower", text),)

    def describe(self, throw: Throw) -> str:
        return rules.describe(throw, self.profile)

    def headline(self) -> tuple[str, ...]:
        """The game, the half or the final, the round; in the second half who lost the first, in the
        final who plays it (schock.game)."""
        parts = [phrase(N_("game {n} of {total}"), n=self.game_no, total=self.games), phrase(STAGE_NAMES[self.stage]),
                 phrase(N_("round {n}"), n=self.round_no)]
        if self.stage == "half2" and self.half_losers:
            parts.append(phrase(N_("first half lost by {name}"), name=self.players[self.half_losers[0]]))
        if self.stage == "final" and len(self.stage_players) == 2:
            a, b = (self.players[i] for i in self.stage_players)
            parts.append(phrase(N_("{a} v {b}"), a=a, b=b))
        return tuple(parts)

    def seat_tags(self, seat: int) -> tuple[str, ...]:
        """Which half `seat` lost, and that it plays the final (schock.game)."""
        if self.over or seat not in self.half_losers:
            return ()
        tags = [phrase(N_("lost half {n}"), n=self.half_losers.index(seat) + 1)]
        if self.stage == "final" and seat in self.stage_players:
            tags.append(phrase(N_("plays the final")))
        return tuple(tags)

    def absence(self, seat: int) -> str:
        """A seat not in the final watches it (schock.game); else it holds no mats."""
        return phrase(N_("watches the final")) if seat not in self.stage_players else super().absence(seat)

    def returns(self) -> tuple[float, ...]:
        return tuple(-float(self.ledger[p].strokes) for p in self.players)

    # --- rounds, halves, games -------------------------------------------------------------

    def _laden(self) -> tuple[Ruling, ...]:
        opener = self.players[self.round_order[0]]
        where = phrase(STAGE_NAMES[self.stage])
        return (
            Ruling(
                opener,
                What.NOTE,
                0,
                "schock.laden",
                phrase(
                    N_("game {game}, {stage}, round {round}: Laden – every cup is turned over once; {who} opens (schock.start)"),
                    game=self.game_no,
                    stage=where,
                    round=self.round_no,
                    who=opener,
                ),
            ),
        )

    def mats(self) -> dict[str, int]:
        return {p: self.ledger[p].mats for p in self.players}

    def finish_round(self) -> Step:
        res = rules.rule_round(self.throws(), self.mats(), self.middle, self.profile, final=self.stage == "final")
        ledger = self.ledger.apply_all(res.rulings)
        st = replace(self, ledger=ledger, middle=rules.TOTAL_MATS - ledger.total_mats())
        worst = self.seat(res.worst)
        if res.half_lost_by is not None:
            step = st._end_stage(worst)
            return Step(step.state, res.rulings + step.rulings)
        holders = tuple(s for s in st.stage_players if ledger[st.players[s]].mats > 0)
        seats = st.stage_players if st.middle > 0 else holders
        st = replace(st, round_no=st.round_no + 1).start_round(worst, seats)
        return Step(st, res.rulings + st._laden())

    def _end_stage(self, loser: int) -> Step:
        name = self.players[loser]
        rulings: list[Ruling] = [
            Ruling(
                p,
                What.MATS,
                -self.ledger[p].mats,
                "schock.game",
                phrase(
                    N_("the {stage} is over: {who} puts {n} mats back in the middle"),
                    stage=phrase(STAGE_NAMES[self.stage]),
                    who=p,
                    n=self.ledger[p].mats,
                ),
            )
            for p in self.players
            if self.ledger[p].mats > 0
        ]
        every = tuple(range(len(self.players)))
        game_loser: int | None = None
        if self.stage == "half1":
            nxt = replace(self, stage="half2", stage_players=every, half_losers=(loser,))
            opener = loser
        elif self.stage == "half2":
            first = self.half_losers[0]
            if first == loser:
                text = phrase(N_("{who} lost both halves → the game is lost outright, no final: a stroke"), who=name)
                rulings.append(Ruling(name, What.STROKE, 1, "schock.game", text))
                game_loser = loser
                nxt = self
                opener = loser
            else:
                a = self.players[first]
                rulings.append(
                    Ruling(
                        name,
                        What.NOTE,
                        0,
                        "schock.game",
                        phrase(N_("final: {first} (first half) against {second} (second half); {second} opens"), first=a, second=name),
                    )
                )
                nxt = replace(self, stage="final", stage_players=tuple(sorted((first, loser))), half_losers=(first, loser))
                opener = loser
        else:
            text = phrase(N_("{who} lost the final → the game is lost: a stroke"), who=name)
            rulings.append(Ruling(name, What.STROKE, 1, "schock.game", text))
            game_loser = loser
            nxt = self
            opener = loser
        if game_loser is not None:
            if self.game_no >= self.games:  # the mats stay where they lie: the final picture
                strokes = [r for r in rulings if r.what is not What.MATS]
                return Step(replace(self, ledger=self.ledger.apply_all(strokes), turn=None, over=True), tuple(strokes))
            nxt = replace(self, stage="half1", stage_players=every, half_losers=(), game_no=self.game_no + 1)
        ledger = self.ledger.apply_all(rulings)
        st = replace(nxt, ledger=ledger, middle=rules.TOTAL_MATS, round_no=1).start_round(opener, nxt.stage_players)
        return Step(st, tuple(rulings) + st._laden())
