"""The command line: no arguments opens the menu; subcommands for the rest (`--help` lists them)."""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Sequence

from game import __version__
from game.errors import InputError

GAME_CHOICES = ("schock", "katchen")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="stammtisch",
        description="Stammtisch – a tabletop simulator for pub games. Without a subcommand the menu opens.",
    )
    p.add_argument("--version", action="version", version=f"stammtisch {__version__}")
    _frames(p)
    p.add_argument("--fullscreen", action="store_true", help="start in fullscreen (F11 toggles)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="open the table of a game straight away")
    play.add_argument("game", choices=GAME_CHOICES)
    play.add_argument(
        "--players",
        default="You,Bot 1:bot,Bot 2:bot",
        help="comma-separated NAME[:KIND[:DRINK]], KIND human|bot|random, DRINK beer|light_beer|other "
        "(default: %(default)s)",
    )
    play.add_argument("--profile", metavar="FILE", help="a rule profile (YAML, see docs/profiles.md)")
    play.add_argument("--games", type=int, default=1, help="games in the match (default 1)")
    play.add_argument("--seed", type=int, default=None, help="seed of the dice (default: random)")
    play.add_argument("--load", metavar="FILE", help="continue a saved match instead")
    _frames(play)
    play.add_argument("--fullscreen", action="store_true")

    ref = sub.add_parser("referee", help="rule on a record file (docs/records.md)")
    ref.add_argument("file")
    ref.add_argument("--json", action="store_true", help="print JSON")

    sim = sub.add_parser("simulate", help="bots only, headless: play many games")
    sim.add_argument("game", choices=GAME_CHOICES)
    sim.add_argument("--players", type=int, required=True, help="2 to 8 seats")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, required=True)
    sim.add_argument("--bots", default="bot", help="comma-separated bot kinds for the seats, repeated (default: bot)")
    sim.add_argument("--profile", metavar="FILE")
    sim.add_argument("--json", action="store_true")

    rules = sub.add_parser("rules", help="every rule id of a game with a one-line summary")
    rules.add_argument("game", choices=GAME_CHOICES)
    rules.add_argument("--options", action="store_true", help="also list the house-rule options")

    tracks = sub.add_parser("tracks", help="Racerbile track files: validate, show, render (docs/tracks.md)")
    tsub = tracks.add_subparsers(dest="tracks_command", metavar="ACTION", required=True)
    tval = tsub.add_parser("validate", help="check track files; each problem as file:line:column: message")
    tval.add_argument("files", nargs="+", metavar="FILE")
    tshow = tsub.add_parser("show", help="open a track on the board")
    tshow.add_argument("file", metavar="FILE")
    _frames(tshow)
    trender = tsub.add_parser("render", help="draw a track into a PNG file")
    trender.add_argument("file", metavar="FILE")
    trender.add_argument("-o", "--output", required=True, metavar="OUT.png")
    trender.add_argument("--size", default=None, metavar="WxH", help="image size in pixels (default 1600x1000)")

    menu = sub.add_parser("menu", help="open the menu (the same as no subcommand)")
    _frames(menu)
    menu.add_argument("--fullscreen", action="store_true")
    return p


def _frames(p: argparse.ArgumentParser) -> None:
    p.add_argument("--frames", type=int, default=None, help="run this many frames, then exit")
    p.add_argument("--screenshot", metavar="FILE", default=None, help="save the last frame as PNG")


def _players(text: str) -> list:  # type: ignore[type-arg]
    from game.match import PlayerSpec
    from game.rules.ledger import Drink

    out = []
    for part in text.split(","):
        bits = [b.strip() for b in part.split(":")]
        if not bits[0]:
            raise InputError("a player needs a name", "--players")
        kind = bits[1] if len(bits) > 1 and bits[1] else "human"
        if kind not in ("human", "bot", "random"):
            raise InputError(f"unknown kind {kind!r} for {bits[0]}; valid kinds: human, bot, random", "--players")
        try:
            drink = Drink(bits[2]) if len(bits) > 2 else Drink.BEER
        except ValueError:
            raise InputError(f"unknown drink {bits[2]!r}; valid drinks: {', '.join(d.value for d in Drink)}", "--players") from None
        out.append(PlayerSpec(bits[0], kind, drink))
    names = [p.name for p in out]
    if len(set(names)) != len(names):
        raise InputError("every player needs a name of his own", "--players")
    if not 2 <= len(out) <= 8:
        raise InputError(f"2 to 8 players, not {len(out)}", "--players")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before anything imports pygame
    args = _parser().parse_args(argv)
    try:
        return _run(args)
    except InputError as e:
        print(e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _run(args: argparse.Namespace) -> int:
    cmd = args.command
    if cmd is None or cmd == "menu":
        from game.ui.app import run_app

        return run_app("menu", frames=args.frames, screenshot=args.screenshot, fullscreen=args.fullscreen)
    if cmd == "play":
        import random

        from game.records import load_profile
        from game.ui.app import run_app

        if args.load:
            return run_app("table", load=args.load, frames=args.frames, screenshot=args.screenshot, fullscreen=args.fullscreen)
        profile = load_profile(args.profile, args.game) if args.profile else None
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
        if args.games < 1:
            raise InputError("--games must be at least 1", "--games")
        return run_app(
            "table",
            game=args.game,
            players=_players(args.players),
            profile=profile,
            games=args.games,
            seed=seed,
            frames=args.frames,
            screenshot=args.screenshot,
            fullscreen=args.fullscreen,
        )
    if cmd == "referee":
        from game.records import referee

        report = referee(args.file)
        if args.json:
            print(json.dumps(report.to_dict(), ensure_ascii=False, indent=1))
        else:
            print(report.to_text())
        return 0
    if cmd == "simulate":
        return _simulate(args)
    if cmd == "tracks":
        return _tracks(args)
    if cmd == "rules":
        from game.match import GAMES
        from game.rules.catalog import rules_for

        for r in rules_for(args.game):
            print(f"{r.id:20} {r.title}: {r.summary}")
        if args.options:
            print("\nHouse-rule options (rule profile):")
            for o in GAMES[args.game].spec.options:
                print(f"  {o.name} = {o.default!r}   [{o.describe_values()}]  {o.help} ({o.rule})")
        return 0
    raise AssertionError(cmd)  # pragma: no cover - argparse restricts the commands


def _tracks(args: argparse.Namespace) -> int:
    if args.tracks_command == "validate":
        return 2 if sum(not _validate_track(f) for f in args.files) else 0
    if args.tracks_command == "show":  # the board loads and validates the file itself
        from game.ui.board_app import show_track

        return show_track(args.file, frames=args.frames, screenshot=args.screenshot)
    from game.ui.board_app import render_track

    if args.size is None:
        return render_track(args.file, args.output)
    return render_track(args.file, args.output, _size(args.size))


def _size(text: str) -> tuple[int, int]:
    import re

    m = re.fullmatch(r"(\d{1,5})[x×](\d{1,5})", text.strip().lower(), re.ASCII)
    if not m or not all(64 <= int(v) <= 16384 for v in m.groups()):
        raise InputError(f"--size takes WIDTHxHEIGHT in pixels, like 1920x1080, not {text!r}", "--size")
    return (int(m.group(1)), int(m.group(2)))


def _validate_track(path: str) -> bool:
    """Check one track file: `FILE: ok (…)` on standard output, or its problems on standard error."""
    from game.racerbile.trackfile import read_track
    from game.racerbile.validate import validate

    try:
        src = read_track(path)
        problems = validate(src)
        if not problems:
            t = src.track
            print(f"{path}: ok ({len(t.fields)} fields, lap {t.graph.lap_length}, hash {t.content_hash[:8]}…)")
            return True
    except InputError as e:
        problems = [e]
    except Exception as e:  # a bug, but one file must not hide the others' results
        if os.environ.get("STAMMTISCH_DEBUG"):
            raise
        problems = [InputError(f"internal error while checking this file ({e.__class__.__name__}: {e}); please report it", path)]
    for p in problems:
        print(p, file=sys.stderr)
    return False


def _simulate(args: argparse.Namespace) -> int:
    from game.records import load_profile

    profile = load_profile(args.profile, args.game) if args.profile else None
    from game.dice.bots import BOTS
    from game.dice.simulate import simulate

    if not 2 <= args.players <= 8:
        raise InputError(f"--players takes 2 to 8, not {args.players}", "--players")
    if args.games < 1:
        raise InputError("--games must be at least 1", "--games")
    kinds_cycle = [k.strip() for k in args.bots.split(",") if k.strip()]
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


class _ProgressBar:
    """A one-line progress bar on the terminal's standard error."""

    def __init__(self, total: int) -> None:
        self.total = total

    def __call__(self, done: int, total: int) -> None:
        width = 40
        filled = width * done // max(1, total)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
        sys.stderr.flush()

    def done(self) -> None:
        sys.stderr.write("\n")
