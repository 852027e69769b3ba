"""Headless Racerbile races of bots: standings and what every driver drank.

Every race is a `game.match.Match` on a track (the log is the truth; nothing is saved), played out
by a `RaceSession` at `INSTANT` pace – the bots of the seats (`game.racerbile.bots`), the dice
drawn from the match's seeded generator – so the same arguments give the same races. Race i is seeded `seed * 1_000_003 + i`.

At Le Mans the seats are teams of three drivers and the event clock advances by `Clock` actions
in time-lapse: every full round of turns (each team once) takes `round_seconds` simulated seconds
(30 by default: 2,880 rounds in 24 hours), until the last round is called and played
(racerbile.lemans.end).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from game.match import Match, PlayerSpec
from game.racerbile.actions import Clock
from game.racerbile.bots import BOTS
from game.racerbile.state import RaceState
from game.rules import racerbile as R
from game.rules.profile import Profile
from game.session.race import RaceSession
from game.session.session import INSTANT, Session

TEAM_SIZE = 3  # racerbile.lemans.teams: the default of the option lemans_drivers
MAX_ENTRIES = 10_000_000  # a race that has not ended after this many log entries is stopped (reported unfinished)


def seat_name(i: int, lemans: bool) -> str:
    return f"Team {i + 1}" if lemans else f"Car {i + 1}"


def race_players(kinds: list[str], lemans: bool, size: int = TEAM_SIZE) -> list[PlayerSpec]:
    """The seats: a car per bot, or at Le Mans a team of `size` drivers per bot (lemans_drivers)."""
    out = []
    for i, k in enumerate(kinds):
        name = seat_name(i, lemans)
        drivers = tuple(f"{name}/{j + 1}" for j in range(size)) if lemans else ()
        out.append(PlayerSpec(name, k, drivers=drivers))
    return out


@dataclass
class RaceRun:
    """One race played: the finished match and what it took."""

    match: Match
    kinds: list[str]
    decisions: int = 0
    rounds: int = 0
    finished: bool = True
    elapsed: float = 0.0

    @property
    def state(self) -> RaceState:
        st: RaceState = self.match.state
        return st

    def standings(self) -> list[dict[str, Any]]:
        """Seat by seat from first to last: laps, progress into the lap, fields in all, and drinks."""
        st = self.state
        c = st.course
        led = st.ledger
        rows = []
        for place, s in enumerate(st.standings(), start=1):
            car = st.cars[s]
            drivers = [
                {"name": d, "sips": led[d].sips, "beers": led[d].beers, "beer_left": led[d].beer_left}
                for d in st.drivers[s]
            ]
            row: dict[str, Any] = {
                "position": place,
                "seat": s + 1,
                "name": st.players[s],
                "bot": self.kinds[s],
                "laps": car.lap - car.lost_laps,
                "progress": c.progress[car.pos],
                "fields": st.distance(s),
                "sips": sum(d["sips"] for d in drivers),
                "beers": sum(d["beers"] for d in drivers),
            }
            if st.lemans:
                row["drivers"] = drivers
            rows.append(row)
        return rows

    def to_dict(self) -> dict[str, Any]:
        st = self.state
        return {
            "seed": self.match.log.seed,
            "finished": self.finished,
            "winner": st.players[st.winner] if st.winner is not None else None,
            "turns": st.turns,
            "rounds": self.rounds,
            "decisions": self.decisions,
            "log_entries": len(self.match.log.entries),
            "clock_s": st.clock if st.lemans else None,
            "elapsed_s": round(self.elapsed, 3),
            "standings": self.standings(),
        }


def play_race(
    kinds: list[str],
    profile: Profile,
    *,
    track: str,
    seed: int,
    round_seconds: float = 30.0,
    progress: Callable[[float], None] | None = None,
) -> RaceRun:
    """Race the bot `kinds` (one per seat) to the end; `progress(fraction)` now and then."""
    lemans = profile.variant == R.LE_MANS
    if not (round_seconds > 0 and float(str(Clock(round_seconds)).split()[1]) == round_seconds):
        raise ValueError(f"a round takes a positive number of seconds the log writes exactly, not {round_seconds!r}")
    t0 = time.perf_counter()
    m = Match("racerbile", race_players(kinds, lemans, int(profile["lemans_drivers"] or TEAM_SIZE)), profile, seed=seed, track=track)
    session = RaceSession(m, pace=INSTANT)
    run = RaceRun(m, list(kinds))
    n = len(kinds)
    hours = profile["lemans_hours"]
    end = (hours if isinstance(hours, int) else 24) * 3600
    laps = profile["laps"]
    rounds = 0
    seen = len(m.log.entries)

    def after(s: Session) -> None:
        nonlocal rounds, seen
        entries = m.log.entries
        run.decisions += sum(1 for e in entries[seen:] if e.seat >= 0)
        st: RaceState = m.state
        r = st.turns // n
        if r > rounds:
            if lemans and not st.is_terminal():
                for _ in range(r - rounds):  # one `clock` entry per round: the logged value replays exactly
                    refused = s.apply(Clock(round_seconds))
                    if refused is not None:  # never ignored: the race would wait for a clock that never runs
                        raise ValueError(f"the round's clock was refused: {refused.reason}")
                st = m.state
            rounds = r
            if progress is not None:
                if lemans:
                    progress(min(1.0, st.clock / end))
                elif isinstance(laps, int):
                    lead = max(st.cars[k].lap for k in range(n))
                    progress(min(1.0, max(0, lead) / laps))
        seen = len(m.log.entries)

    session.play_out(MAX_ENTRIES, after=after)
    run.finished = m.state.is_terminal()
    run.rounds = rounds
    run.elapsed = time.perf_counter() - t0
    return run


@dataclass
class RaceSim:
    """Several races of the same seats: each race, and per seat the sums."""

    variant: str
    track: str
    kinds: list[str]
    seed: int
    profile: Profile
    round_seconds: float = 30.0
    races: list[RaceRun] = field(default_factory=list)
    elapsed: float = 0.0

    def seats(self) -> list[dict[str, Any]]:
        """Per seat over all races: wins, the mean position, sips, beers, fields and sips per field."""
        n = len(self.kinds)
        lemans = self.variant == R.LE_MANS
        out = []
        for s in range(n):
            rows = [next(r for r in run.standings() if r["seat"] == s + 1) for run in self.races]
            sips = sum(r["sips"] for r in rows)
            fields = sum(max(0, r["fields"]) for r in rows)
            out.append(
                {
                    "seat": s + 1,
                    "name": seat_name(s, lemans),
                    "bot": self.kinds[s],
                    "wins": sum(1 for r in rows if r["position"] == 1),
                    "mean_position": round(sum(r["position"] for r in rows) / len(rows), 3) if rows else None,
                    "sips": sips,
                    "beers": sum(r["beers"] for r in rows),
                    "fields": fields,
                    "sips_per_field": round(sips / fields, 4) if fields else None,
                }
            )
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "racerbile",
            "variant": self.variant,
            "track": self.track,
            "seed": self.seed,
            "games": len(self.races),
            "bots": list(self.kinds),
            "round_seconds": self.round_seconds if self.variant == R.LE_MANS else None,
            "profile": self.profile.to_dict(),
            "races": [r.to_dict() for r in self.races],
            "seats": self.seats(),
            "elapsed_s": round(self.elapsed, 3),
        }

    def to_text(self) -> str:
        """Standings tables for people."""
        lemans = self.variant == R.LE_MANS
        lines = [f"Racerbile ({self.variant}) on {self.track}, seed {self.seed}: {len(self.races)} race{'s' if len(self.races) != 1 else ''}"]
        for i, run in enumerate(self.races, start=1):
            d = run.to_dict()
            extra = f", {d['clock_s'] / 3600:g} h on the clock" if lemans else ""
            status = f"winner {d['winner']}" if run.finished else "not finished"
            lines.append("")
            lines.append(f"Race {i} (seed {d['seed']}): {d['turns']} turns{extra}, {status}")
            lines.append(f"{'pos':>3}  {'seat':>4}  {'name':<10} {'bot':<8} {'laps':>4} {'progress':>8} {'sips':>6} {'beers':>5}")
            for r in d["standings"]:
                lines.append(f"{r['position']:>3}  {r['seat']:>4}  {r['name']:<10} {r['bot']:<8} {r['laps']:>4} {r['progress']:>8} {r['sips']:>6} {r['beers']:>5}")
                for dr in r.get("drivers", ()):
                    lines.append(f"{'':>3}  {'':>4}    {dr['name']:<26} {'':>8} {dr['sips']:>6} {dr['beers']:>5}")
        if len(self.races) > 1:
            lines.append("")
            lines.append("All races:")
            lines.append(f"{'seat':>4}  {'name':<10} {'bot':<8} {'wins':>4} {'mean pos':>8} {'sips':>7} {'beers':>5} {'sips/field':>10}")
            for s in self.seats():
                spf = f"{s['sips_per_field']:.3f}" if s["sips_per_field"] is not None else "–"
                lines.append(f"{s['seat']:>4}  {s['name']:<10} {s['bot']:<8} {s['wins']:>4} {s['mean_position']:>8} {s['sips']:>7} {s['beers']:>5} {spf:>10}")
        lines.append("")
        lines.append(f"{self.elapsed:.2f} s")
        return "\n".join(lines)


def simulate(
    kinds: list[str],
    games: int,
    seed: int,
    *,
    profile: Profile,
    track: str = "le_mans",
    round_seconds: float = 30.0,
    progress: Callable[[float], None] | None = None,
) -> RaceSim:
    """Race `games` races of the bot `kinds` (one per seat, or per team at Le Mans)."""
    for k in kinds:
        if k not in BOTS:
            raise ValueError(f"unknown bot {k!r}; valid bots: {', '.join(BOTS)}")
    if not 2 <= len(kinds) <= 8:
        raise ValueError("a race takes 2 to 8 players (or teams)")
    if games < 1:
        raise ValueError("at least one race")
    sim = RaceSim(profile.variant, track, list(kinds), seed, profile, round_seconds)
    t0 = time.perf_counter()
    for g in range(games):
        part = None
        if progress is not None:
            part = (lambda g: lambda f: progress((g + f) / games))(g)
        sim.races.append(play_race(kinds, profile, track=track, seed=seed * 1_000_003 + g, round_seconds=round_seconds, progress=part))
        if progress is not None:
            progress((g + 1) / games)
    sim.elapsed = time.perf_counter() - t0
    return sim


def short_match(game: str, variant: str, seed: int) -> tuple[Match, Callable[[Session], None] | None]:
    """A short bots-only race (`GameInfo.short_match`): one lap on the baby track, or a Le Mans hour
    of one-driver teams in rounds of ten minutes (the `after` hook runs the clock)."""
    lemans = variant == R.LE_MANS
    profile = R.SPEC.make(variant, laps=1, lemans_hours=1, lemans_drivers=1)
    m = Match(game, race_players(["careful", "racer"], lemans, 1), profile, seed=seed, track="le_mans" if lemans else "babybane")
    if not lemans:
        return m, None
    done = [0]

    def after(s: Session) -> None:
        st: RaceState = m.state
        r = st.turns // 2
        while done[0] < r and not st.is_terminal():
            refused = s.apply(Clock(600.0))
            if refused is not None:
                raise ValueError(f"the round's clock was refused: {refused.reason}")
            done[0] += 1
            st = m.state

    return m, after
