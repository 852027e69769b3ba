"""Bierpong on the command line: the table `play`/`host` opens and `simulate` (two teams of bots
through the physics) – `GameInfo.command_table`, `GameInfo.simulator`; `game.cli` parses the options."""
from __future__ import annotations

import argparse
from typing import Any, Callable

from game.bierpong.game import BIERPONG
from game.errors import InputError
from game.games import PlayerSpec
from game.tools.recordfile import load_profile
from game.tools.seats import Table, cycled, drink_of

PONG_PLAYERS = "Foxes=Anna/Bo,Owls=Cem/Dana"
# the seat kinds of the game, and "regular" – the skill a "bot" seat plays at – by its name too
KINDS = tuple(dict.fromkeys((*(k.id for k in BIERPONG.seating.kinds if k.id != "remote"), "regular", "remote")))


def pong_players(text: str) -> list[PlayerSpec]:
    """Bierpong's two teams from --players: TEAM=P1/P2[/P3/P4][:KIND[:DRINK]] (KIND human|bot|casual|regular|good|pro)."""
    low, high = BIERPONG.seating.team_size
    out = []
    for part in text.split(","):
        bits = [b.strip() for b in part.split(":")]
        name, _, crew = bits[0].partition("=")
        name = name.strip()
        members = tuple(m.strip() for m in crew.split("/") if m.strip()) or (name,)
        if not name:
            raise InputError("a team needs a name", "--players")
        if not low <= len(members) <= high:
            raise InputError(f"{name}: a team has {low} to {high} players, not {len(members)}", "--players")
        kind = bits[1] if len(bits) > 1 and bits[1] else "human"
        if kind not in KINDS:
            raise InputError(f"unknown kind {kind!r} for {name}; valid kinds: {', '.join(KINDS)}", "--players")
        out.append(PlayerSpec(name, kind, drink_of(bits), members))
    if len(out) != 2:
        raise InputError(f"Bierpong is two teams, not {len(out)}", "--players")
    everyone = [m for p in out for m in p.drivers]
    if len(set(everyone)) != len(everyone) or out[0].name == out[1].name:
        raise InputError("every team and player needs a name of its own", "--players")
    return out


def table(args: argparse.Namespace, purpose: str) -> Table:
    """The table of `play` (purpose "play"), of `host` in a window ("host") or headless ("serve")."""
    if purpose == "play":
        profile = load_profile(args.profile, "bierpong") if args.profile else None
        return Table(pong_players(args.players or PONG_PLAYERS), profile)
    if purpose == "host":
        return Table(pong_players(args.players or "Foxes=Anna/Bo,Owls=Cem/Dana:remote"), games=args.games)
    return Table(pong_players(args.players or "Foxes=Anna/Bo:remote,Owls=Cem/Dana:bot"))


def simulate(args: argparse.Namespace, bars: Callable[[int, str], Any]) -> Any:
    """`simulate bierpong`: two teams of bots play through the physics; winner, cups, hits, drinks."""
    from game.bierpong.bots import SKILLS
    from game.bierpong.simulate import simulate as run

    teams = args.teams if args.teams is not None else args.players if args.players is not None else 2
    if teams != 2:
        raise InputError(f"Bierpong is played by two teams, not {teams}", "--teams" if args.teams is not None else "--players")
    per = 2 if args.players_per_team is None else args.players_per_team
    if not 1 <= per <= 4:
        raise InputError(f"--players-per-team takes 1 to 4, not {per}", "--players-per-team")
    skills = cycled(args.skill, "regular", SKILLS, 2, "--skill", "skill", "skills")
    games = 1 if args.games is None else args.games
    if games < 1:
        raise InputError("--games must be at least 1", "--games")
    profile = load_profile(args.profile, "bierpong") if args.profile else None
    return run(skills, per, games, args.seed, profile=profile, progress=bars(games, "games") if games > 1 else None)
