"""Bierpong tournament schedules (bierpong.scoring): a round robin (`RoundRobin`: every pair meets
once) or a knockout bracket (`Knockout`: byes for the top seeds when the field is not a power of
two, a game for third place), the results recorded and the places that follow. A field has at most
`MAX_ENTRANTS` entrants, and recording a tournament's games is linear in their number
(`record_many`). Pure: no pygame, no physics."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

MAX_ENTRANTS = 256  # a tournament's field (as a table has its seats): a knockout of 256, a round robin of 32,640 games


class GameRefused(ValueError):
    """A game of a list that cannot be recorded: the message, and which of the list it is."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a schedule; `b is None` is a bye (a walks on, or sits the round out)."""

    a: str
    b: str | None
    winner: str | None = None  # None: not played yet (or a bye)

    @property
    def bye(self) -> bool:
        return self.b is None

    @property
    def loser(self) -> str | None:
        if self.winner is None or self.b is None:
            return None
        return self.b if self.winner == self.a else self.a


def _key(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


def _check_entrants(entrants: Sequence[str]) -> tuple[str, ...]:
    out = tuple(entrants)
    if len(out) < 2:
        raise ValueError(f"a tournament needs at least two entrants, not {len(out)}")
    if len(out) > MAX_ENTRANTS:
        raise ValueError(f"a tournament has at most {MAX_ENTRANTS} entrants, not {len(out)}")
    if len(set(out)) != len(out):
        raise ValueError("every entrant may enter only once")
    return out


def _game_problem(field: set[str] | tuple[str, ...], played: set[frozenset[str]], winner: str, loser: str) -> str | None:
    """Why `winner > loser` cannot be recorded among `field` after the games `played` (None: it can)."""
    for who in (winner, loser):
        if who not in field:
            return f"{who!r} does not play in this tournament"
    if winner == loser:
        return f"{winner} cannot play against himself"
    if _key(winner, loser) in played:
        return f"{winner} and {loser} have played already"
    return None


def _record(entrants: tuple[str, ...], results: tuple[tuple[str, str], ...], winner: str, loser: str,
            playable: Iterable[frozenset[str]]) -> tuple[tuple[str, str], ...]:
    problem = _game_problem(entrants, {_key(w, l) for w, l in results}, winner, loser)
    if problem is not None:
        raise ValueError(problem)
    if _key(winner, loser) not in set(playable):
        raise ValueError(f"{winner} and {loser} do not play each other now")
    return results + ((winner, loser),)


@dataclass(frozen=True)
class RoundRobin:
    """Everyone plays everyone once (circle method; with an odd field one entrant sits out each round).

    Places: most wins; a tie is broken by the games among the tied entrants; entrants still level
    share the place (competition ranking: two firsts, then a third).
    """

    entrants: tuple[str, ...]
    results: tuple[tuple[str, str], ...] = ()  # (winner, loser)

    def __post_init__(self) -> None:
        object.__setattr__(self, "entrants", _check_entrants(self.entrants))

    def rounds(self) -> list[list[Game]]:
        """The schedule: each round's games (a bye for the one sitting out), results filled in."""
        slots: list[str | None] = list(self.entrants)
        if len(slots) % 2:
            slots.append(None)
        n = len(slots)
        won = {_key(w, l): w for w, l in self.results}
        out = []
        for _ in range(n - 1):
            games = []
            for i in range(n // 2):
                a, b = slots[i], slots[n - 1 - i]
                if a is None:
                    a, b = b, a
                assert a is not None
                games.append(Game(a, b, won.get(_key(a, b)) if b is not None else None))
            out.append(games)
            slots = [slots[0], slots[-1], *slots[1:-1]]
        return out

    def pending(self) -> list[Game]:
        return [g for r in self.rounds() for g in r if not g.bye and g.winner is None]

    def record(self, winner: str, loser: str) -> RoundRobin:
        return self.record_many([(winner, loser)])

    def record_many(self, games: Sequence[tuple[str, str]]) -> RoundRobin:
        """The games (winner, loser) recorded one after the other – every pair meets once, so each
        is checked against the field and the pairs played, not the schedule (linear time);
        `GameRefused` at the first that cannot be."""
        field, played, out = set(self.entrants), {_key(w, l) for w, l in self.results}, list(self.results)
        for i, (w, l) in enumerate(games):
            problem = _game_problem(field, played, w, l)
            if problem is not None:
                raise GameRefused(i, problem)
            played.add(_key(w, l))
            out.append((w, l))
        return RoundRobin(self.entrants, tuple(out))

    @property
    def finished(self) -> bool:
        return not self.pending()

    def wins(self, among: Iterable[str] | None = None) -> dict[str, int]:
        """Each entrant's wins (over the games among `among` only, when given)."""
        if among is None:
            return {e: len(self._beaten.get(e, ())) for e in self.entrants}
        group = set(among)
        return {e: sum(1 for l in self._beaten.get(e, ()) if l in group) for e in group}

    @property
    def _beaten(self) -> dict[str, list[str]]:
        """Who each entrant beat (made once: `_rank` asks again for every tied group)."""
        got = self.__dict__.get("_beaten_cache")
        if got is None:
            got = {}
            for w, l in self.results:
                got.setdefault(w, []).append(l)
            object.__setattr__(self, "_beaten_cache", got)
        return got

    @property
    def _seed(self) -> dict[str, int]:
        got = self.__dict__.get("_seed_cache")
        if got is None:
            got = {e: i for i, e in enumerate(self.entrants)}
            object.__setattr__(self, "_seed_cache", got)
        return got

    def placements(self) -> list[tuple[int, str]]:
        """(place, entrant) for everyone, best first; raises while games are open."""
        if not self.finished:
            raise ValueError(f"{len(self.pending())} games are still to be played")
        return _rank(list(self.entrants), self)


def _rank(group: list[str], rr: RoundRobin, start: int = 1, head_to_head: bool = False) -> list[tuple[int, str]]:
    """Rank `group` by wins (over all games, or among the group when breaking a tie); entrants
    level on wins are ranked by the games among them once; still level: a shared place."""
    wins = rr.wins(group if head_to_head else None)
    out: list[tuple[int, str]] = []
    place = start
    for lv in sorted({wins[e] for e in group}, reverse=True):
        tied = sorted((e for e in group if wins[e] == lv), key=rr._seed.__getitem__)
        if len(tied) > 1 and not head_to_head:
            out += _rank(tied, rr, place, head_to_head=True)
        else:
            out += [(place, e) for e in tied]
        place += len(tied)
    return out


def _seed_order(size: int) -> list[int]:
    """Bracket positions of the seeds 1…size so that 1 and 2 can meet only in the final."""
    order = [1]
    while len(order) < size:
        m = 2 * len(order) + 1
        order = [x for s in order for x in (s, m - s)]
    return order


_OPEN = ""  # a slot whose entrant is not known yet (its game is still to be played)


@dataclass(frozen=True)
class Knockout:
    """Single elimination; `entrants` in seed order. A field that is not a power of two gets byes
    in the first round – the top seeds walk on. The semi-final losers play for third place
    (`third_place_game=False`: they share it)."""

    entrants: tuple[str, ...]
    results: tuple[tuple[str, str], ...] = ()
    third_place_game: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "entrants", _check_entrants(self.entrants))

    @property
    def size(self) -> int:
        return 1 << (len(self.entrants) - 1).bit_length()

    def rounds(self) -> list[list[Game]]:
        """The bracket round by round; a game whose entrants are not known yet has `_OPEN` ("")."""
        n = len(self.entrants)
        won = {_key(w, l): w for w, l in self.results}
        slots: list[str | None] = [self.entrants[s - 1] if s <= n else None for s in _seed_order(self.size)]
        out = []
        while len(slots) > 1:
            games, nxt = [], []
            for i in range(0, len(slots), 2):
                a, b = slots[i], slots[i + 1]
                if a is None:
                    a, b = b, a
                assert a is not None
                if b is None:
                    games.append(Game(a, None))
                    nxt.append(a)
                    continue
                w = won.get(_key(a, b)) if a and b else None
                games.append(Game(a, b, w))
                nxt.append(w or _OPEN)
            out.append(games)
            slots = list(nxt)
        return out

    def third_place(self) -> Game | None:
        """The game for third place (None if there are not two semi-final losers, or none is played)."""
        rounds = self.rounds()
        if len(rounds) < 2 or not self.third_place_game:
            return None
        semis = [g for g in rounds[-2] if not g.bye]
        if len(semis) < 2:
            return None
        a, b = (g.loser or _OPEN for g in semis)
        won = {_key(w, l): w for w, l in self.results}
        return Game(a, b, won.get(_key(a, b)) if a and b else None)

    def games(self) -> list[Game]:
        g = [x for r in self.rounds() for x in r]
        third = self.third_place()
        return g + ([third] if third else [])

    def pending(self) -> list[Game]:
        """The games that can be played now."""
        return [g for g in self.games() if not g.bye and g.a and g.b and g.winner is None]

    def record(self, winner: str, loser: str) -> Knockout:
        playable = (_key(g.a, g.b) for g in self.pending() if g.b)
        return Knockout(self.entrants, _record(self.entrants, self.results, winner, loser, playable), self.third_place_game)

    def record_many(self, games: Sequence[tuple[str, str]]) -> Knockout:
        """The games recorded one after the other (a bracket of at most `MAX_ENTRANTS` has fewer
        games than entrants); `GameRefused` at the first that cannot be."""
        if len(games) > len(self.entrants):
            raise GameRefused(len(self.entrants), f"a knockout of {len(self.entrants)} has at most {len(self.entrants)} games, not {len(games)}")
        t = self
        for i, (w, l) in enumerate(games):
            try:
                t = t.record(w, l)
            except ValueError as e:
                raise GameRefused(i, str(e)) from None
        return t

    @property
    def finished(self) -> bool:
        return all(g.bye or g.winner for g in self.games())

    def placements(self) -> list[tuple[int, str]]:
        """1st the final's winner, 2nd its loser, 3rd the winner of the game for third place (or
        the only semi-final loser, or both sharing it); the rest by the round they went out in."""
        if not self.finished:
            raise ValueError(f"{len(self.pending())} games are still to be played")
        rounds = self.rounds()
        final = rounds[-1][0]
        assert final.winner is not None and final.loser is not None
        out = [(1, final.winner), (2, final.loser)]
        place = 3
        third = self.third_place()
        if third is not None:
            assert third.winner is not None and third.loser is not None
            out += [(3, third.winner), (4, third.loser)]
            place = 5
            earlier = rounds[:-2]
        else:
            earlier = rounds[:-1]
        for r in reversed(earlier):
            losers = sorted((g.loser for g in r if g.loser), key=self.entrants.index)
            out += [(place, e) for e in losers]
            place += len(losers)
        return out
