"""The command line's `simulate`: bots play headless – the dice games, Racerbile races and Le Mans
events, Bierpong games through the physics (`game.cli` parses the options)."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.cli import DEFAULT_SEATS, _lemans_track
from game.errors import InputError


def simulate_command(args: argparse.Namespace) -> int:
    """`simulate GAME …`: bots only, headless (the dice games, Racerbile and Le Mans, Bierpong)."""
    from game.tools.recordfile import load_profile

    if args.game == "racerbile":
        return _simulate_race(args)
    if args.game == "bierpong":
        return _simulate_bierpong(args)
    for flag, value in (("--players-per-team", args.players_per_team), ("--skill", args.skill)):
        if value is not None:
            raise InputError(f"{flag} is for bierpong", flag)
    for flag, value in (("--track", args.track), ("--variant", args.variant), ("--teams", args.teams), ("--hours", args.hours)):
        if value is not None:
            raise InputError(f"{flag} is for racerbile", flag)
    profile = load_profile(args.profile, args.game) if args.profile else None
    from game.dice.bots import BOTS
    from game.dice.simulate import simulate

    if args.players is None:
        args.players = DEFAULT_SEATS
    if not 2 <= args.players <= 8:
        raise InputError(f"--players takes 2 to 8, not {args.players}", "--players")
    args.games = 100 if args.games is None else args.games
    if args.games < 1:
        raise InputError("--games must be at least 1", "--games")
    kinds_cycle = [k.strip() for k in (args.bots or "bot").split(",") if k.strip()]
    for k in kinds_cycle:
        if k not in BOTS:
            raise InputError(f"unknown bot {k!r}; valid bots: {', '.join(BOTS)}", "--bots")
    kinds = [kinds_cycle[i % len(kinds_cycle)] for i in range(args.players)]
    bar = _ProgressBar(args.games) if sys.stderr.isatty() else None
    result = simulate(args.game, kinds, args.games, args.seed, progress=bar, profile=profile)
    if bar:
        bar.done()
    data = result.to_dict()
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        for k, v in data.items():
            print(f"{k}: {v}")
    return 0


def _simulate_bierpong(args: argparse.Namespace) -> int:
    """`simulate bierpong`: two teams of bots play through the physics; winner, cups, hits, drinks."""
    from game.bierpong.bots import SKILLS
    from game.bierpong.simulate import simulate
    from game.tools.recordfile import load_profile

    for flag, value in (("--track", args.track), ("--variant", args.variant), ("--hours", args.hours), ("--bots", args.bots)):
        if value is not None:
            raise InputError(f"{flag} is not for bierpong", flag)
    teams = args.teams if args.teams is not None else args.players if args.players is not None else 2
    if teams != 2:
        raise InputError(f"Bierpong is played by two teams, not {teams}", "--teams" if args.teams is not None else "--players")
    per = 2 if args.players_per_team is None else args.players_per_team
    if not 1 <= per <= 4:
        raise InputError(f"--players-per-team takes 1 to 4, not {per}", "--players-per-team")
    cycle = [k.strip() for k in (args.skill or "regular").split(",") if k.strip()]
    for k in cycle:
        if k not in SKILLS:
            raise InputError(f"unknown skill {k!r}; skills: {', '.join(SKILLS)}", "--skill")
    if not cycle:
        raise InputError("name at least one skill", "--skill")
    games = 1 if args.games is None else args.games
    if games < 1:
        raise InputError("--games must be at least 1", "--games")
    profile = load_profile(args.profile, "bierpong") if args.profile else None
    skills = [cycle[i % len(cycle)] for i in range(2)]
    bar = _ProgressBar(games) if sys.stderr.isatty() and games > 1 else None
    result = simulate(skills, per, games, args.seed, profile=profile, progress=bar)
    return _report(result, args.json, bar)


def _simulate_race(args: argparse.Namespace) -> int:
    """`simulate racerbile`: bot cars (or Le Mans teams) race; standings and drinks."""
    from game.racerbile.bots import BOTS
    from game.racerbile.simulate import simulate
    from game.racerbile.tracks import find_track
    from game.tools.recordfile import load_profile
    from game.rules.racerbile import LE_MANS, RACERBILE, SPEC

    base = load_profile(args.profile, "racerbile") if args.profile else None
    variant = args.variant or (LE_MANS if args.teams is not None else None)
    if variant is None:
        variant = base.variant if base is not None and _names_variant(args.profile) else RACERBILE
    if args.teams is not None and variant != LE_MANS:
        raise InputError("--teams is for Le Mans (--variant le_mans)", "--teams")
    options = dict(base.options) if base is not None else {}
    if args.hours is not None:
        if variant != LE_MANS:
            raise InputError("--hours is for Le Mans (--variant le_mans)", "--hours")
        top = SPEC.option("lemans_hours").maximum
        if not 1 <= args.hours <= top:
            raise InputError(f"--hours takes a whole number from 1 to {top} (option lemans_hours), not {args.hours}", "--hours")
        options["lemans_hours"] = args.hours
    profile = SPEC.make(variant, **options)
    seats = args.teams if args.teams is not None else args.players
    what = "teams" if variant == LE_MANS else "players"
    if seats is None:
        seats = DEFAULT_SEATS
    if args.teams is not None and args.players is not None and args.players != args.teams:
        raise InputError(f"--players {args.players} and --teams {args.teams} disagree (at Le Mans the seats are the teams)", "--players")
    if not 2 <= seats <= 8:
        raise InputError(f"2 to 8 {what}, not {seats}", "--teams" if args.teams is not None else "--players")
    games = 1 if args.games is None else args.games
    if games < 1:
        raise InputError("--games must be at least 1", "--games")
    rs = args.round_seconds
    from game.racerbile.table import MAX_CLOCK_STEP

    if not (0 < rs <= MAX_CLOCK_STEP and float(f"{rs:g}") == rs):  # logged as `clock S`, it must replay exactly (NaN fails too)
        raise InputError(f"--round-seconds takes a positive number of seconds up to {MAX_CLOCK_STEP} (a day, racerbile.lemans.end; "
                         f"at most six digits), not {rs:g}", "--round-seconds")
    kinds_cycle = [k.strip() for k in (args.bots or "careful,racer,stalin").split(",") if k.strip()]
    for k in kinds_cycle:
        if k not in BOTS:
            raise InputError(f"unknown bot {k!r}; valid bots: {', '.join(BOTS)}", "--bots")
    if not kinds_cycle:
        raise InputError("name at least one bot", "--bots")
    kinds = [kinds_cycle[i % len(kinds_cycle)] for i in range(seats)]
    track = args.track or ("le_mans" if variant == LE_MANS else "babybane")
    try:
        found = find_track(track)
    except ValueError as e:
        raise InputError(str(e), "--track") from None
    _lemans_track(found.track, variant)
    bar = _ProgressBar(100, "%") if sys.stderr.isatty() else None
    progress = (lambda f: bar(int(100 * f), 100)) if bar else None
    result = simulate(kinds, games, args.seed, profile=profile, track=track, round_seconds=rs, progress=progress)
    return _report(result, args.json, bar)


def _report(result: Any, as_json: bool, bar: _ProgressBar | None) -> int:
    """A simulation's result printed (JSON, or its text) once its progress bar is done."""
    if bar:
        bar.done()
    if as_json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=1))
    else:
        print(result.to_text())
    return 0


def _names_variant(path: str) -> bool:
    """Whether a profile file says `variant:` (an unnamed one is filled in as the first variant)."""
    from game.yamlio import read

    doc = read(path)
    return any(k.value == "variant" for k, _ in doc.mapping(doc.root, "a profile file"))


class _ProgressBar:
    """A one-line progress bar on the terminal's standard error."""

    def __init__(self, total: int, unit: str = "games") -> None:
        self.total = total
        self.unit = unit
        self.last = -1

    def __call__(self, done: int, total: int) -> None:
        if done == self.last:
            return
        self.last = done
        width = 40
        filled = width * done // max(1, total)
        count = f"{done}%" if self.unit == "%" else f"{done}/{total} {self.unit}"
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {count}")
        sys.stderr.flush()

    def done(self) -> None:
        sys.stderr.write("\n")
