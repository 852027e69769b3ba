"""Racerbile (and Le Mans) on the command line: the race `play`/`host` opens and `simulate`
(`GameInfo.command_table`, `GameInfo.simulator`; `game.cli` parses the options)."""
from __future__ import annotations

import argparse
from typing import Any, Callable

from game.errors import InputError
from game.games import DRIVER_NAMES, TEAM_NAMES, PlayerSpec
from game.racerbile.game import RACERBILE
from game.rules.racerbile import LE_MANS, SPEC
from game.tools.recordfile import load_profile
from game.tools.seats import DEFAULT_SEATS, Table, cycled, drink_of, players

RACE_KINDS = tuple(k.id for k in RACERBILE.seating.kinds)  # remote: joins from another laptop (the table is hosted)


def check_lemans_track(track: Any, variant: str) -> None:
    """Le Mans runs on any track with a pit lane (racerbile.lemans.pit); a clear error otherwise."""
    if variant == LE_MANS and track.pit is None:
        raise InputError(f"Le Mans needs a track with a pit lane (racerbile.lemans.pit); {track.name} has none (le_mans has one)", "--track")


def _track(name: str | None, variant: str) -> tuple[str, Any]:
    """`--track` (default: babybane; le_mans for Le Mans) and the track found for it, checked for the variant."""
    from game.racerbile.tracks import find_track

    track = name or ("le_mans" if variant == LE_MANS else "babybane")
    try:
        found = find_track(track)
    except ValueError as e:
        raise InputError(str(e), "--track") from None
    check_lemans_track(found.track, variant)
    return track, found


def race_players(text: str | None, lemans: bool, teams: int | None, size: int = 3) -> list[PlayerSpec]:
    """The seats of a race from --players (and --teams at Le Mans): NAME[:KIND[:DRINK]], a team
    TEAM=D1/D2/D3[:KIND[:DRINK]]; unnamed Le Mans teams (and missing drivers) are filled in up to
    `size` drivers a team (option lemans_drivers, racerbile.lemans.teams)."""
    if teams is not None and not lemans:
        raise InputError("--teams is for Le Mans (--variant le_mans)", "--teams")
    if teams is not None and not 2 <= teams <= 8:
        raise InputError(f"--teams takes 2 to 8, not {teams}", "--teams")
    if text is None:
        text = "You" if lemans else "You,Bot 1:careful,Bot 2:racer"
    out = []
    for part in (p for p in text.split(",") if p.strip() or not lemans):
        bits = [b.strip() for b in part.split(":")]
        name, _, crew = bits[0].partition("=")
        name = name.strip()
        if not name:
            raise InputError("a player needs a name", "--players")
        kind = bits[1] if len(bits) > 1 and bits[1] else "human"
        kind = RACERBILE.seating.kind_for(kind) if kind == "bot" else kind
        if kind not in RACE_KINDS:
            raise InputError(f"unknown kind {kind!r} for {name}; valid kinds: {', '.join(RACE_KINDS)}", "--players")
        drink = drink_of(bits)
        drivers = tuple(d.strip() for d in crew.split("/") if d.strip()) if crew else ()
        if drivers and not lemans:
            raise InputError(f"{name}: drivers are for Le Mans teams (--variant le_mans)", "--players")
        if len(drivers) > size:
            raise InputError(f"{name}: a team has {size} driver{'s' if size != 1 else ''} (option lemans_drivers), not {len(drivers)}", "--players")
        out.append(PlayerSpec(name, kind, drink, drivers))
    if lemans:
        n = teams if teams is not None else max(len(out), 2)
        if len(out) > n:
            raise InputError(f"{len(out)} teams named in --players, but --teams is {n}", "--players")
        seats = {p.name for p in out}
        for t in TEAM_NAMES:
            if len(out) >= n:
                break
            if t not in seats:
                out.append(PlayerSpec(t, RACERBILE.seating.default_bot))
        taken = {d for p in out for d in p.drivers}
        pool = [d for d in DRIVER_NAMES if d not in taken]
        full = []
        for p in out:
            need = size - len(p.drivers)
            more = list(pool[:need]) + [f"{p.name} {j}" for j in range(len(p.drivers) + 1, size + 1)][len(pool[:need]) :]
            full.append(PlayerSpec(p.name, p.kind, p.drink, p.drivers + tuple(more[:need])))
            pool = pool[need:]
        out = full
    names = [p.name for p in out]
    if len(set(names)) != len(names):
        raise InputError("every player needs a name of his own", "--players")
    crews = [d for p in out for d in p.drivers]
    if len(set(crews)) != len(crews):
        raise InputError("every driver needs a name of his own", "--players")
    if not 2 <= len(out) <= 8:
        raise InputError(f"2 to 8 {'teams' if lemans else 'players'}, not {len(out)}", "--players")
    return out


def table(args: argparse.Namespace, purpose: str) -> Table:
    """The race of `play` (purpose "play"), of `host` in a window ("host") or headless ("serve")."""
    if purpose == "play":
        return _play(args)
    variant = args.variant or "babybile"
    profile = SPEC.make(variant)
    drivers = int(profile["lemans_drivers"] or 3)
    lemans = variant == LE_MANS
    if purpose == "host":
        if lemans:
            seats = race_players(args.players or "Foxes:human,Owls:remote", True, None, drivers)
        else:
            seats = players(args.players or "Ann:human,Bo:remote,Cy:careful", ("human", "remote", *RACERBILE.seating.bot_kinds))
        return Table(seats, profile, args.track or ("le_mans" if lemans else None), args.games)
    if lemans:
        seats = race_players(args.players or "Foxes:remote,Owls:careful", True, None, drivers)
    else:
        seats = players(args.players or "Ann:remote,Bo:careful", ("remote", *RACERBILE.seating.bot_kinds))
    return Table(seats, profile, args.track or ("le_mans" if lemans else "babybane"))


def _play(args: argparse.Namespace) -> Table:
    """`play racerbile`: a race on a track, straight away."""
    base = load_profile(args.profile, "racerbile") if args.profile else None
    variant = args.variant or (base.variant if base is not None else "babybile")
    profile = SPEC.make(variant, **dict(base.options if base is not None else {}))
    track, found = _track(args.track, variant)
    seats = race_players(args.players, variant == LE_MANS, args.teams, int(profile["lemans_drivers"] or 3))
    return Table(seats, profile, track)


def simulate(args: argparse.Namespace, bars: Callable[[int, str], Any]) -> Any:
    """`simulate racerbile`: bot cars (or Le Mans teams) race; standings and drinks."""
    from game.racerbile.bots import BOTS
    from game.racerbile.simulate import simulate as run
    from game.racerbile.table import MAX_CLOCK_STEP
    from game.rules.racerbile import RACERBILE as RACE

    base = load_profile(args.profile, "racerbile") if args.profile else None
    variant = args.variant or (LE_MANS if args.teams is not None else None)
    if variant is None:
        variant = base.variant if base is not None and _names_variant(args.profile) else RACE
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
    if not (0 < rs <= MAX_CLOCK_STEP and float(f"{rs:g}") == rs):  # logged as `clock S`, it must replay exactly (NaN fails too)
        raise InputError(f"--round-seconds takes a positive number of seconds up to {MAX_CLOCK_STEP} (a day, racerbile.lemans.end; "
                         f"at most six digits), not {rs:g}", "--round-seconds")
    kinds = cycled(args.bots, "careful,racer,stalin", BOTS, seats, "--bots")
    track, found = _track(args.track, variant)
    bar = bars(100, "%")
    progress = (lambda f: bar(int(100 * f), 100)) if bar else None
    return run(kinds, games, args.seed, profile=profile, track=track, round_seconds=rs, progress=progress)


def _names_variant(path: str) -> bool:
    """Whether a profile file says `variant:` (an unnamed one is filled in as the first variant)."""
    from game.yamlio import read

    doc = read(path)
    return any(k.value == "variant" for k, _ in doc.mapping(doc.root, "a profile file"))
