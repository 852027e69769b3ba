"""Seeded matches for the invariant tests (`tests/rules/test_invariants.py`): the profiles a game allows,
whole matches played by its bots (or, at Bierpong's state level, by a random table), and the checks
every match must pass whatever its options."""
from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from game.bierpong.actions import Action, Clock, Swat, Throw, Time, Together
from game.bierpong.state import KONTER, OVER, PLAY, BierpongState
from game.match import GAMES, Match, PlayerSpec
from game.rules.catalog import catalogs
from game.rules.challenge import effective_rulings
from game.rules.matchlog import MatchLog
from game.rules.profile import Option, Profile
from game.rules.ruling import What

KNOWN_RULES = frozenset(t.id for texts in catalogs().values() for t in texts)


def option_values(o: Option) -> tuple[Any, ...]:
    """The values worth trying of one option: every choice, both booleans, small counts and none."""
    if o.kind == "bool":
        return (False, True)
    if o.kind == "count":
        return (None, 1, 2, 5)
    return o.choices


def random_profile(game: str, rng: random.Random, *, variant: str | None = None, **fixed: Any) -> Profile:
    """A profile with every option drawn at random from what the spec allows (then `fixed` on top);
    options the spec's own check refuses in combination are drawn again."""
    spec = GAMES[game].spec
    for _ in range(100):
        opts = {o.name: rng.choice(option_values(o)) for o in spec.options}
        opts.update(fixed)
        try:
            return spec.make(variant or rng.choice(spec.variants), **opts)
        except (ValueError, KeyError):
            continue
    raise AssertionError(f"no valid {game} profile drawn with {fixed}")


def features(profile: Profile, **more: Any) -> list[str]:
    """What a seeded match is drawn with, as "name=value" each: the variant, every option, and `more`
    (players, track): the values `covering` pairs."""
    return [f"variant={profile.variant}", *(f"{k}={v}" for k, v in sorted(profile.to_dict()["options"].items())),
            *(f"{k}={v}" for k, v in sorted(more.items()))]


def covering(seeds: Iterable[int], drawn: Callable[[int], Sequence[str]], total: int) -> list[int]:
    """`total` of `seeds` (at least as many as it takes): first – chosen greedily – seeds that together
    draw every pair of values any of `seeds` draws (`drawn(seed)`: its `features`, worked out without
    playing the match), then the others in order. A sweep of half the matches keeps every pairing of
    options, variants, player counts and tracks that the whole range drew."""
    pool = list(seeds)
    pairs = {s: set(itertools.combinations(sorted(drawn(s)), 2)) for s in pool}
    left = set().union(*pairs.values())
    chosen: list[int] = []
    while left:
        best = max((s for s in pool if s not in chosen), key=lambda s: (len(pairs[s] & left), -s))
        chosen.append(best)
        left -= pairs[best]
    rest = [s for s in pool if s not in chosen]
    return chosen + rest[:max(0, total - len(chosen))]


# --- checks every match passes ----------------------------------------------------------------


def check_common(m: Match) -> None:
    """Every ruling cites a rule the catalogue knows, and the log (as saved, JSON and back) replays to
    the very same rulings."""
    unknown = {r.rule for e in m.log.entries for r in e.rulings} - KNOWN_RULES
    assert not unknown, f"rulings cite unknown rule ids: {sorted(unknown)}"
    saved = MatchLog(**_log_fields(m.log))
    again = Match.replay(saved)
    assert [e.rulings for e in again.log.entries] == [e.rulings for e in m.log.entries]
    assert str(again.state.summary() if hasattr(again.state, "summary") else "") == str(
        m.state.summary() if hasattr(m.state, "summary") else "")


def _log_fields(log: MatchLog) -> dict[str, Any]:
    import json

    from game.rules.matchlog import Entry
    data = json.loads(log.to_json())
    return {"game": data["game"], "players": data["players"], "profile": data["profile"], "seed": data["seed"],
            "settings": data["settings"], "entries": [Entry.from_dict(e) for e in data["entries"]]}


# --- Bierpong at the state level: a random table that tries everything the notation allows --------


def _pong_candidates(st: BierpongState, rng: random.Random) -> list[Action]:
    """The legal actions, plus swats of a bounced ball and both balls at once (which the legal list
    leaves to the table), tried and kept when the referee takes them."""
    out: list[Action] = list(st.legal_actions())
    throws = [a for a in out if isinstance(a, Throw)]
    if st.phase in (PLAY, KONTER) and throws:
        bounced = [a for a in throws if a.outcome.bounced]
        defenders = st.sides[1 - st.team].members if st.phase == PLAY else st.sides[st.team].members
        for a in rng.sample(bounced, min(2, len(bounced))):
            out.append(Swat(rng.choice(defenders), a.player))
        if len(throws) >= 2 and st.phase == PLAY:
            f, g = rng.sample(throws, 2)
            out.append(Together(f, g))
    return out


def play_pong(seed: int, per_team: int, profile: Profile, *, limit: int = 4000) -> tuple[Match, list[str]]:
    """A whole Bierpong match of random legal choices (hits made likely, so Konters, balls back, Bombes
    and on-fire streaks come often); the clock runs in whole minutes when the profile has a timer.
    Returns the match and the invariant breaches found while it was played."""
    rng = random.Random(seed)
    teams = [PlayerSpec(n, drivers=tuple(f"{n[0]}{j + 1}" for j in range(per_team))) for n in ("Foxes", "Owls")]
    m = Match("bierpong", teams, profile, seed=seed)
    problems: list[str] = []
    watch = PongWatch(m.state)
    for _ in range(limit):
        st: BierpongState = m.state
        if st.is_terminal():
            break
        if st.clock_runs() and rng.random() < 0.15:
            limit_s = st.time_limit() or 0
            left = limit_s - st.clock
            m.apply(Clock(min(left, 60)) if left > 0 else Time())
            continue
        cands = _pong_candidates(st, rng)
        rng.shuffle(cands)
        hits = [a for a in cands if isinstance(a, Throw) and a.outcome.hit]
        pick = hits[:1] + cands if hits and rng.random() < 0.5 else cands
        for a in pick:
            try:
                m.apply(a)
                break
            except Exception as e:  # an action the table offered that the referee refuses is a finding
                if isinstance(a, (Swat, Together)):
                    continue
                problems.append(f"legal action refused: {a} ({e})")
                return m, problems
        else:
            problems.append(f"no action taken in phase {st.phase}")
            return m, problems
        problems += [f"entry {len(m.log.entries)}: {x}" for x in watch.step(m.state, m.log.entries[-1])]
    return m, problems


class PongWatch:
    """The Bierpong invariants, followed entry by entry from the outside: cups never below zero or
    above the start; a made Konter restores exactly the cups the finishing round took; in teams of
    three or more a team's round starts with another pair than the one that threw its last round's
    last standard balls (bierpong.art11 (3); a counter is the counterers' round)."""

    def __init__(self, st: BierpongState) -> None:
        self.start = [len(s.rack) for s in st.sides]
        self.round_start: list[frozenset[int]] = [frozenset(s.rack.ids) for s in st.sides]
        self.prev = st
        self.first: dict[int, frozenset[str]] = {}  # this round's first pair, per team
        self.last: dict[int, frozenset[str]] = {}  # the pair that threw the team's latest standard balls
        self.closed: dict[int, frozenset[str]] = {}  # the last pair of the team's round before this one

    def step(self, st: BierpongState, entry: Any) -> list[str]:
        out: list[str] = []
        p = self.prev
        for t, s in enumerate(st.sides):
            if not 0 <= len(s.rack) <= max(self.start[t], 10):
                out.append(f"{entry.action}: {s.name} have {len(s.rack)} cups")
        made = p.phase == KONTER and st.phase == PLAY
        if made:
            k = p.konter
            assert k is not None
            want = self.round_start[k.team]
            got = frozenset(st.sides[k.team].rack.ids)
            if got != want:
                out.append(f"{entry.action}: a made Konter left {sorted(got)}, the finishing round began with {sorted(want)}")
        pair = _second_standard(p, entry.action)
        if pair is not None:
            self.last[p.team] = pair
            if p.team not in self.first:
                self.first[p.team] = pair
                before = self.closed.get(p.team)
                if len(p.sides[p.team].members) >= 3 and pair == before:
                    out.append(f"{entry.action}: {p.players[p.team]} threw two rounds in a row with {sorted(pair)}")
        if p.phase == KONTER and p.konter is not None and st.konter is None:  # the counter was the counterers' round
            by = [*p.konter.by, *_throwers(p, entry.action)][:2]
            t = p.konter.team
            if len(set(by)) == 2:
                if len(p.sides[t].members) >= 3 and frozenset(by) == self.closed.get(t):
                    out.append(f"{entry.action}: {p.players[t]} countered with the pair of their last round, {sorted(by)}")
                self.closed[t] = frozenset(by)
        turn_passed = p.phase not in ("throwoff", "choose", OVER) and st.team != p.team and st.phase == PLAY
        if turn_passed or made:
            if p.team in self.last:
                self.closed[p.team] = self.last[p.team]
            self.first.pop(p.team, None)
            self.round_start = [frozenset(s.rack.ids) for s in st.sides]
        if p.phase == "choose" and st.phase == PLAY:
            self.round_start = [frozenset(s.rack.ids) for s in st.sides]
        self.prev = st
        return out


def _second_standard(p: BierpongState, text: str) -> frozenset[str] | None:
    """The pair, when `text` played on `p` is a round's second standard ball (bierpong.art11)."""
    if p.phase != PLAY or p.on_fire or p.stage != "throws":
        return None
    thrown = [*p.standard, *_throwers(p, text)]
    return frozenset(thrown[:2]) if len(p.standard) < 2 <= len(thrown) else None


def _throwers(p: BierpongState, text: str) -> list[str]:
    """Who threw the balls of the action `text` (a swatted ball is its thrower's)."""
    a = p.parse_action(text)
    return [a.first.player, a.second.player] if isinstance(a, Together) else [a.player] if isinstance(a, Throw) else \
        [a.thrower] if isinstance(a, Swat) else []


def team_sips(m: Match) -> dict[str, dict[str, int]]:
    """Sips per member of each team, from the rulings in force."""
    st: BierpongState = m.state
    out: dict[str, dict[str, int]] = {s.name: dict.fromkeys(s.members, 0) for s in st.sides}
    where = {p: s.name for s in st.sides for p in s.members}
    for r in effective_rulings(m.log.entries):
        if r.what == What.SIPS and r.who in where:
            out[where[r.who]][r.who] += r.amount
    return out


# --- the dice games and the races through their bots ----------------------------------------------


def play_dice(game: str, seed: int, n: int, profile: Profile) -> Match:
    from game.dice.bots import BOTS, make_bot
    from game.dice.simulate import _bot_seed, play_game

    rng = random.Random(seed)
    kinds = [rng.choice(sorted(BOTS)) for _ in range(n)]
    bots = [make_bot(k, _bot_seed(seed, 0, i)) for i, k in enumerate(kinds)]
    m, *_ = play_game(game, bots, kinds, seed=seed, opener=rng.randrange(n), profile=profile)
    return m


def play_race(seed: int, n: int, profile: Profile, track: str) -> Match:
    from game.racerbile.bots import BOTS
    from game.racerbile.simulate import play_race as run

    rng = random.Random(seed)
    kinds = [rng.choice(sorted(BOTS)) for _ in range(n)]
    return run(kinds, profile, track=track, seed=seed, round_seconds=120.0).match
