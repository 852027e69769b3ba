"""Katchen at the dice table: phase 1 (distributing), phase 2 (giving back), Schüsse."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from game.dice.state import DiceState
from game.i18n import N_
from game.rules import katchen as rules
from game.rules.dice import Faces, Throw
from game.rules.frozen import replace, replaceable
from game.rules.ledger import Drink, Ledger
from game.rules.phrase import phrase
from game.rules.profile import Profile
from game.rules.ruling import Ruling, What
from game.state import Step


@replaceable
@dataclass(frozen=True)
class KatchenState(DiceState):
    GAME = "katchen"

    phase: int = 1
    stack: int = rules.TOTAL_MATS
    PILE = N_("stack")

    @property
    def pile(self) -> int:
        """The mats on the stack (`DiceState.PILE`)."""
        return self.stack
    in_game: tuple[int, ...] = ()  # seats still at the table (a tournament sends players out)
    received: tuple[int, ...] = ()  # seats in the order they last received mats

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
        players = tuple(players)
        if not 2 <= len(players) <= 8:
            raise ValueError("Katchen is played by 2 to 8 players")
        if len(set(players)) != len(players):
            raise ValueError("every player needs a name of his own")
        profile = profile or rules.SPEC.default()
        seats = tuple(range(len(players)))
        st = cls(profile, players, Ledger.new(players, drinks), games=games, in_game=seats)
        st = st.start_round(opener, seats)
        return Step(st, st._opening())

    # --- hooks -----------------------------------------------------------------------------

    @staticmethod
    def throw_strength(throw: Throw, profile: Profile) -> tuple[object, ...]:
        return rules.strength(throw, profile)

    @staticmethod
    def throw_mats(faces: Faces, one_roll: bool, profile: Profile) -> int:
        return rules.value(faces, one_roll, profile).mats

    def max_rolls(self) -> int:
        return 1 if self.phase == 1 else rules.MAX_ROLLS

    def rolls_rule(self) -> str:
        return "katchen.phase1" if self.phase == 1 else "katchen.phase2"

    def describe(self, throw: Throw) -> str:
        return rules.describe(throw, self.profile)

    def headline(self) -> tuple[str, ...]:
        """The game (of a tournament table: no count of games), the phase, the round (katchen.phase1, katchen.phase2)."""
        game = (phrase(N_("game {n}"), n=self.game_no) if self.profile["schuss_limit"]
                else phrase(N_("game {n} of {total}"), n=self.game_no, total=self.games))
        phase = phrase(N_("phase 1: distributing") if self.phase == 1 else N_("phase 2: giving back"))
        return (game, phase, phrase(N_("round {n}"), n=self.round_no))

    def absence(self, seat: int) -> str:
        """A seat a tournament sent away has left the table (katchen.phase2); else it holds no mats."""
        return phrase(N_("has left the table")) if seat not in self.in_game else super().absence(seat)

    def returns(self) -> tuple[float, ...]:
        return tuple(-float(self.ledger[p].schuesse) for p in self.players)

    def challenge_refusal(self, ruling: Ruling) -> str | None:
        """At a tournament table a Schuss is not challenged: the Schüsse decide who leaves (katchen.phase2)."""
        if ruling.what is What.SCHUSS and self.profile["schuss_limit"] is not None:
            return phrase(N_("at a tournament table the Schüsse decide who leaves it (katchen.phase2) – go back to before it (undo to here) instead"))
        return None

    def _opening(self) -> tuple[Ruling, ...]:
        who = self.players[self.round_order[0]]
        if self.phase == 1:
            text = phrase(
                N_("game {game}, phase 1, round {round}: {who} leads; one throw of all three dice each, clockwise "
                   "({stack} mats on the stack)"),
                game=self.game_no,
                round=self.round_no,
                who=who,
                stack=self.stack,
            )
        else:
            text = phrase(
                N_("game {game}, phase 2, round {round}: {who} opens with up to 3 rolls; the others may not use more"),
                game=self.game_no,
                round=self.round_no,
                who=who,
            )
        rule = "katchen.phase1" if self.phase == 1 else "katchen.phase2"
        return (Ruling(who, What.NOTE, 0, rule, text),)

    # --- rounds and phases -----------------------------------------------------------------

    def finish_round(self) -> Step:
        if self.phase == 1:
            res = rules.rule_phase1(self.throws(), self.stack, self.profile)
        else:
            mats = {p: self.ledger[p].mats for p in self.players}
            res = rules.rule_phase2(self.throws(), mats, self.profile)
        worst = self.seat(res.worst)
        ledger = self.ledger.apply_all(res.rulings)
        rulings = list(res.rulings)
        received = tuple(s for s in self.received if s != worst) + (worst,)
        st = replace(self, ledger=ledger, stack=rules.TOTAL_MATS - ledger.total_mats(), received=received)
        full = [s for s in st.in_game if ledger[st.players[s]].mats == rules.TOTAL_MATS]
        if full:
            rule = "katchen.phase1" if self.phase == 1 else "katchen.phase2"
            step = st._schuss(full[0], rule)
            return Step(step.state, tuple(rulings) + step.rulings)
        holders = tuple(s for s in st.in_game if ledger[st.players[s]].mats > 0)
        if self.phase == 2:
            for s in self.round_order:
                if s not in holders:
                    p = self.players[s]
                    text = phrase(N_("{who} has no mats left and leaves the game"), who=p)
                    rulings.append(Ruling(p, What.NOTE, 0, "katchen.phase2", text))
            st = replace(st, round_no=st.round_no + 1).start_round(worst, holders)
        elif st.stack > 0:
            st = replace(st, round_no=st.round_no + 1).start_round(worst, st.in_game)
        else:
            opener = max(holders, key=lambda s: (ledger[st.players[s]].mats, received.index(s) if s in received else -1))
            st = replace(st, phase=2, round_no=1).start_round(opener, holders)
        return Step(st, tuple(rulings) + st._opening())

    def _schuss(self, loser: int, rule: str) -> Step:
        name = self.players[loser]
        schuss = phrase(N_("{who} holds all {total} mats → a Schuss"), who=name, total=rules.TOTAL_MATS)
        rulings: list[Ruling] = [Ruling(name, What.SCHUSS, 1, rule, schuss)]
        limit = self.profile["schuss_limit"]
        if limit is None:
            text = phrase(N_("outside a tournament {who} buys a round"), who=name)
            rulings.append(Ruling(name, What.NOTE, 0, "katchen.phase2", text))
        ledger = self.ledger.apply_all(rulings)
        in_game = self.in_game
        if limit is not None:
            assert isinstance(limit, int)
            if ledger[name].schuesse >= limit:
                in_game = tuple(s for s in in_game if s != loser)
                note = phrase(
                    N_("{who} has {n} Schüsse (limit {limit}) and leaves the tournament table"),
                    who=name,
                    n=ledger[name].schuesse,
                    limit=limit,
                )
                rulings.append(Ruling(name, What.NOTE, 0, "katchen.phase2", note))
            done = len(in_game) <= 1
            if done and in_game:
                w = self.players[in_game[0]]
                text = phrase(N_("{who} is the last player at the table: Katchenmeister!"), who=w)
                rulings.append(Ruling(w, What.NOTE, 0, "katchen.phase2", text))
        else:
            done = self.game_no >= self.games
        if done:  # the mats stay where they lie: the final picture of the match
            return Step(replace(self, ledger=ledger, in_game=in_game, turn=None, over=True), tuple(rulings))
        back = [
            Ruling(
                p,
                What.MATS,
                -ledger[p].mats,
                "katchen.phase1",
                phrase(N_("the next game: {who} puts {n} mats back on the stack"), who=p, n=ledger[p].mats),
            )
            for p in self.players
            if ledger[p].mats > 0
        ]
        rulings += back
        ledger = ledger.apply_all(back)
        base = replace(self, ledger=ledger, stack=rules.TOTAL_MATS, in_game=in_game, received=())
        n = len(self.players)
        opener = next(s % n for s in range(loser, loser + n) if s % n in in_game)
        st = replace(base, phase=1, round_no=1, game_no=self.game_no + 1).start_round(opener, in_game)
        return Step(st, tuple(rulings) + st._opening())
