"""Headless Bierpong games of bots: every throw through the physics, every ruling by the referee.

Every game is a `game.match.Match` (the log is the truth; nothing is saved) of two teams of bots
(`game.bierpong.bots`) played out by `PongSession(match, pace=INSTANT).play_out()` on the live table –
the same path as a live game – drawing all their randomness from the match's seeded generator, so the
same arguments give the same games. Game i is seeded `seed * 1_000_003 + i`. A seat's `kind` is its
team's skill (casual, regular, good, pro). With a `timer` every throw, removal and drink spends the
seconds a table takes on the game clock (`game.session.pong.table_seconds`), so the clock's entries,
time and sudden death come as in a live game.
"""
from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.bierpong.actions import Action, Call, Catch, Fetch, Swat, Throw, Together, parse_action
from game.bierpong.bots import skill_of
from game.bierpong.state import PLAY, BierpongState
from game.match import Match, PlayerSpec
from game.rules.challenge import effective_rulings
from game.rules.realtable import ASIDE
from game.rules.profile import Profile
from game.rules.ruling import What

MAX_ACTIONS = 20_000  # a game that has not ended after this many actions is stopped (reported unfinished)
TEAM_NAMES = ("Foxes", "Owls", "Bears", "Crows")


STAT_KEYS = ("throws", "hits", "bounces", "rollers", "islands", "bombes", "trickshots", "on_fire", "swats", "catches",
             "fetches", "sips")


def tally(out: dict[str, dict[str, int]], st: BierpongState, a: Action) -> None:
    """Count action `a`, played on `st`, into the per-player `out`."""
    if isinstance(a, Together):  # both balls at once (bierpong.art4): counted as thrown, one after the other
        tally(out, st, a.first)
        tally(out, st, a.second)
        f, g = a.first.outcome, a.second.outcome
        out[a.second.player]["bombes"] += int(f.hit and f.cup == g.cup)
        return
    if isinstance(a, Throw):
        row = out[a.player]
        row["throws"] += 1
        o = a.outcome
        if not o.hit:
            return
        called = dict(st.island).get(a.player)
        if called is not None and called != o.cup:
            return  # an Island called and another cup hit does not count (bierpong.art22)
        row["hits"] += 1
        row["bounces"] += int(o.bounced and not o.roller)
        row["rollers"] += int(o.roller)
        row["islands"] += int(called is not None)
        if st.phase == PLAY:
            row["trickshots"] += int(st.stage == "tricks" and not st.on_fire)
            std = [h for h in st.hits if h.standard]
            second = len(st.standard) == 1 and st.stage == "throws" and not st.on_fire
            row["bombes"] += int(second and len(std) == 1 and std[0].cup == o.cup)
    elif isinstance(a, Swat):
        out[a.defender]["swats"] += 1
        out[a.thrower]["throws"] += 1
    elif isinstance(a, Catch):
        out[a.catcher]["catches"] += 1
    elif isinstance(a, Fetch):
        out[a.player]["fetches"] += 1
    elif isinstance(a, Call) and a.word == "on fire":
        out[a.player]["on_fire"] += 1


def team_players(skills: list[str], per_team: int) -> list[PlayerSpec]:
    """Two seats (teams) of `per_team` players each; the seat's kind is its skill."""
    if len(skills) != 2:
        raise ValueError(f"Bierpong is played by two teams, not {len(skills)}")
    for s in skills:
        skill_of(s)
    if not 1 <= per_team <= 4:
        raise ValueError(f"a team has 1 to 4 players, not {per_team}")
    out = []
    for i, s in enumerate(skills):
        name = TEAM_NAMES[i]
        out.append(PlayerSpec(name, s, drivers=tuple(f"{name[0]}{j + 1}" for j in range(per_team))))
    return out


@dataclass
class GameRun:
    """One game played: the finished match and what it took."""

    match: Match
    actions: int = 0
    finished: bool = True
    elapsed: float = 0.0

    @property
    def state(self) -> BierpongState:
        st: BierpongState = self.match.state
        return st

    def stats(self) -> dict[str, dict[str, int]]:
        """Per player: throws, hits, specials and sips drunk – the match log read beside the states
        it passed through (a Bombe or an Island hit is known only from the state before the throw)."""
        st0 = self.match.log.entries
        players = [m for s in self.state.sides for m in s.members]
        out: dict[str, dict[str, int]] = {p: dict.fromkeys(STAT_KEYS, 0) for p in players}
        st: BierpongState = BierpongState.start(self.state.players, self.state.profile,
                                                members=[s.members for s in self.state.sides]).state
        for e in st0[1:]:
            if e.seat not in ASIDE:  # a challenge or a switch of the table changes no state; its override counts below
                a = parse_action(e.action)
                tally(out, st, a)
                st = st.apply(a).state
        for r in effective_rulings(st0):
            if r.what == What.SIPS and r.who in out:
                out[r.who]["sips"] += r.amount
        return out

    def to_dict(self) -> dict[str, Any]:
        st = self.state
        w = st.winner
        return {
            "winner": st.players[w] if w is not None else None,
            "finished": self.finished,
            "actions": self.actions,
            "cups_left": {s.name: len(s.rack) for s in st.sides},
            "timer_s": st.time_limit(),  # the game clock (bierpong.art9): None without a timer
            "clock_s": st.clock,
            "timed_out": st.timed_out,
            "sudden_death": st.sudden,
            "teams": {s.name: {"skill": p.kind, "members": list(s.members)} for s, p in zip(st.sides, self.match.players)},
            "players": self.stats(),
        }


def play_game(skills: list[str], per_team: int, seed: int, *, profile: Profile | None = None,
              max_actions: int = MAX_ACTIONS) -> GameRun:
    """One bots-only game through the session: each throw on the live table, ruled when it rests."""
    from game.session import INSTANT
    from game.session.pong import PongSession

    t0 = time.perf_counter()
    match = Match("bierpong", team_players(skills, per_team), profile, seed=seed)
    run = GameRun(match)
    PongSession(match, pace=INSTANT).play_out(max_actions + 1)
    run.actions = len(match.log.entries) - 1
    run.finished = match.state.is_terminal()
    run.elapsed = time.perf_counter() - t0
    return run


@dataclass
class SimResult:
    games: list[GameRun] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        wins = Counter(g.to_dict()["winner"] for g in self.games)
        d: dict[str, Any] = {"games": [g.to_dict() for g in self.games], "wins": dict(wins)}
        return d

    def to_text(self) -> str:
        lines = []
        for i, g in enumerate(self.games, start=1):
            d = g.to_dict()
            cups = ", ".join(f"{k} {v}" for k, v in d["cups_left"].items())
            teams = "; ".join(f"{k} ({v['skill']}): {' '.join(v['members'])}" for k, v in d["teams"].items())
            state = "" if d["finished"] else " (stopped unfinished)"
            if d["timed_out"]:
                state += f" – time after {d['clock_s'] // 60}:{d['clock_s'] % 60:02d}" + (", sudden death" if d["sudden_death"] else "")
            lines.append(f"game {i}: {d['winner'] or 'nobody'} win{state} – cups left: {cups} – {d['actions']} actions")
            lines.append(f"  {teams}")
            for p, row in d["players"].items():
                specials = ", ".join(f"{k} {row[k]}" for k in ("bounces", "rollers", "islands", "bombes", "trickshots", "on_fire",
                                                                 "swats", "catches", "fetches") if row[k])
                lines.append(f"  {p}: {row['hits']}/{row['throws']} hits" + (f", {specials}" if specials else "") + f", drank {row['sips']} sip(s)")
        if len(self.games) > 1:
            lines.append("wins: " + ", ".join(f"{k} {v}" for k, v in self.to_dict()["wins"].items()))
        return "\n".join(lines)


def simulate(skills: list[str], per_team: int, games: int, seed: int, *, profile: Profile | None = None,
             progress: Callable[[int, int], None] | None = None) -> SimResult:
    """`games` bot games, game i seeded `seed * 1_000_003 + i`."""
    res = SimResult()
    for i in range(games):
        res.games.append(play_game(skills, per_team, seed * 1_000_003 + i, profile=profile))
        if progress:
            progress(i + 1, games)
    return res


def short_match(game: str, variant: str, seed: int) -> tuple[Match, None]:
    """A short bots-only game (`GameInfo.short_match`): three cups a side, one player a team."""
    from game.rules.bierpong import SPEC

    return Match(game, team_players(["good", "pro"], 1), SPEC.make(variant, cups=3), seed=seed), None
