"""The command line: no arguments opens the menu; subcommands for the rest (`--help` lists them)."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from game import __version__
from game.descriptor import load
from game.errors import InputError
from game.games import GAMES

if TYPE_CHECKING:
    import argparse

# The choices come from the game registry (`game.games.GAMES`: no game is named here).
GAME_CHOICES = tuple(GAMES)
VARIANTS = tuple(dict.fromkeys(v for info in GAMES.values() if len(info.spec.variants) > 1 for v in info.spec.variants))
TRACK_GAMES = tuple(g for g, info in GAMES.items() if info.seating.track)  # the games raced on a track (--track)
PONG_FORMATIONS = ("triangle10", "six", "three", "diamond", "line")  # physics.table.FORMATIONS (not imported: pymunk loads late)
DEMO_SHOTS = ("bounce", "roller", "bombe", "island", "trickshot", "air_ball", "balls_back", "on_fire", "dead_cup", "konter")  # game.bierpong.solver.SHOTS


def _parser() -> argparse.ArgumentParser:
    import argparse

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
        default=None,
        help=f"comma-separated NAME[:KIND[:DRINK]], KIND {_kinds_help()}, "
        "DRINK beer|light_beer|other; a Le Mans team is TEAM=DRIVER/DRIVER/DRIVER[:KIND[:DRINK]], "
        "a Bierpong team TEAM=P1/P2[/P3/P4][:KIND] (default Foxes=Anna/Bo,Owls=Cem/Dana) "
        "(default: You,Bot 1:bot,Bot 2:bot)",
    )
    play.add_argument("--track", metavar="NAME|FILE", default=None, help="Racerbile: a shipped track's name or a track file (default: babybane; le_mans for Le Mans)")
    play.add_argument("--variant", choices=VARIANTS, default=None, help="Racerbile: the rules (default: the profile's, else babybile)")
    play.add_argument("--teams", type=int, default=None, metavar="N", help="Le Mans: N teams of three (2–8); teams not named in --players are bots")
    play.add_argument("--profile", metavar="FILE", help="a rule profile (YAML, see docs/profiles.md)")
    play.add_argument("--games", type=int, default=1, help="games in the match (default 1)")
    play.add_argument("--seed", type=int, default=None, help="seed of the dice (default: random)")
    play.add_argument("--load", metavar="FILE", help="continue a saved match instead")
    play.add_argument("--table", action="store_true",
                      help="a real table: you throw real dice, caps and balls and enter what they show; the program rules (docs/real-table.md)")
    _frames(play)
    play.add_argument("--fullscreen", action="store_true")

    ref = sub.add_parser("referee", help="rule on a record file: Schock, Katchen, a Racerbile race or a Bierpong game (docs/records.md)")
    ref.add_argument("file")
    ref.add_argument("--json", action="store_true", help="print every ruling and the standing as JSON")

    sim = sub.add_parser(
        "simulate",
        help="bots only, headless: play many games, or race bot cars",
        description="Bots only, headless. Dice games: --players seats, --games games (default 100). "
        "Racerbile: --players bot cars race --games races (default 1) on --track with --variant rules "
        "(default racerbile); at Le Mans (--variant le_mans, or --teams N) on a track with a pit lane the "
        "seats are teams of three drivers (the profile's lemans_drivers) – --teams N teams, or --players N when --teams is absent – and every round of turns "
        "takes --round-seconds of the event clock until the last round after --hours (the profile's "
        "lemans_hours, default 24) is called and played.",
    )
    sim.add_argument("game", choices=tuple(g for g, info in GAMES.items() if info.simulator))
    sim.add_argument("--players", type=int, default=None, help="2 to 8 seats (Racerbile: cars; Le Mans without --teams: teams; default 4)")
    sim.add_argument("--games", type=int, default=None, help="games to play (default: 100; Racerbile: 1 race)")
    sim.add_argument("--seed", type=int, default=1, help="the dice's seed: the same seed plays the same (default 1)")
    sim.add_argument(
        "--bots",
        default=None,
        help="comma-separated bot kinds for the seats, repeated (default: bot; Racerbile: careful,racer,stalin – "
        "careful|racer|stalin|random)",
    )
    sim.add_argument("--profile", metavar="FILE", help="a rule profile (YAML, see docs/profiles.md)")
    sim.add_argument("--track", metavar="NAME|FILE", default=None, help="Racerbile: a shipped track's name, a track file or a content hash (default: babybane; le_mans for Le Mans)")
    sim.add_argument("--variant", choices=VARIANTS, default=None, help="Racerbile: the rules (default: the profile's variant if it names one, else racerbile; le_mans with --teams)")
    sim.add_argument("--teams", type=int, default=None, metavar="N", help="Le Mans: N teams (2–8) of three drivers, or the profile's lemans_drivers; implies --variant le_mans")
    sim.add_argument("--hours", type=int, default=None, metavar="H", help="Le Mans: the event's length in hours (sets lemans_hours)")
    sim.add_argument("--players-per-team", type=int, default=None, metavar="N", help="Bierpong: players in each of the two teams (1–4, default 2)")
    sim.add_argument("--skill", default=None, help="Bierpong: the teams' skills, comma-separated, repeated (casual|regular|good|pro; default regular)")
    sim.add_argument("--round-seconds", type=float, default=30.0, metavar="S", help="Le Mans: event seconds a round of turns takes (default 30)")
    sim.add_argument("--json", action="store_true", help="print JSON")

    host = sub.add_parser("host", help="host a table that friends join from their own machines (docs/network.md)")
    host.add_argument("game", choices=tuple(g for g, info in GAMES.items() if info.command_table))
    host.add_argument("--players", default=None,
                      help="comma-separated NAME[:KIND[:DRINK]], KIND remote|bot|random (Racerbile: remote|careful|racer|stalin|random) "
                      "(default: Ann:remote,Bo:bot)")
    host.add_argument("--track", metavar="NAME|FILE", default=None, help="Racerbile: the track (default babybane)")
    host.add_argument("--variant", choices=VARIANTS, default=None,
                      help="Racerbile: the rules (default babybile); le_mans: teams TEAM=D1/D2/D3[:KIND], a judges' seat to join with `join --judge`")
    host.add_argument("--port", type=int, default=None, help="the port to listen on (0: a free one; default: a free one headless, 47474 with a window)")
    host.add_argument("--bind", default="0.0.0.0", metavar="ADDRESS", help="the address to listen on (default: every interface)")
    host.add_argument("--games", type=int, default=1, help="games in the match (default 1)")
    host.add_argument("--seed", type=int, default=None, help="seed of the dice (default: random)")
    host.add_argument("--headless", action="store_true", help="no window: print `table ws://ADDRESS:PORT code CODE`, exit 0 when the match is over "
                      "(without it the table opens in a window, showing its address and code)")
    host.add_argument("--remote-timeout", type=float, default=None, metavar="S",
                      help="a remote player away for S seconds while the table waits for them: a bot plays the seat until they are back (default: the seat waits)")
    host.add_argument("--timeout", type=float, default=24 * 3600.0, metavar="S", help="give up after S seconds (exit 1)")
    host.add_argument("--save", metavar="FILE", default=None, help="save the match there when it is over")
    host.add_argument("--no-announce", action="store_true", help="do not announce the table on the network (mDNS)")
    host.add_argument("--journal", metavar="FILE", default=None,
                      help="crash-proof: every entry on disk there as it happens; after a crash, --load FILE serves it again")
    host.add_argument("--load", metavar="FILE", default=None, help="serve the match of a journal again (the same code; clients come back with their tokens)")
    host.add_argument("--table", action="store_true",
                      help="a real table: every seat throws real dice, caps and balls and enters what they show, from its own laptop or phone (docs/real-table.md)")

    join = sub.add_parser("join", help="join a hosted table: seat a bot or watch (docs/network.md)")
    join.add_argument("address", metavar="ADDRESS", help="ws://ADDRESS:PORT as the host prints it")
    join.add_argument("--code", required=True, help="the table's join code")
    who = join.add_mutually_exclusive_group(required=True)
    who.add_argument("--seat", metavar="NAME", help="the remote seat to take")
    who.add_argument("--watch", action="store_true", help="follow as a spectator, printing the entries")
    who.add_argument("--judge", action="store_true", help="Le Mans: take the judges' seat in a window (the judges' console, J)")
    join.add_argument("--bot", metavar="KIND", default=None, help="the bot that plays the seat (bot, random, …); without it the seat opens in a window for you to play")
    join.add_argument("--timeout", type=float, default=24 * 3600.0, metavar="S", help="give up after S seconds (exit 1)")

    tables = sub.add_parser("tables", help="the tables hosted on the local network (mDNS): where to join them")
    tables.add_argument("--seconds", type=float, default=2.0, help="how long to listen (default 2)")
    tables.add_argument("--interface", default=None, metavar="ADDRESS", help="listen on this address only (default: every interface)")

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

    edit = sub.add_parser(
        "edit",
        help="the track editor: open FILE, or a new track to be saved as FILE",
        description="The track editor. FILE: a track file to edit; a path that does not exist yet is a new "
        "track to be saved there; none: a new track (Ctrl+S asks where). F1 in the editor lists every key.",
    )
    edit.add_argument("file", nargs="?", metavar="FILE", default=None)
    edit.add_argument("--from", dest="template", metavar="NAME", default=None, help="start from a copy of a shipped track (babybane, le_mans, …)")
    edit.add_argument("--size", default=None, metavar="WxH", help="window size in pixels (default 1280x800)")
    _frames(edit)
    edit.add_argument("--fullscreen", action="store_true")

    pong = sub.add_parser("pong", help="the beer-pong table: throw with the mouse, watch the physics")
    pong.add_argument("--formation", choices=PONG_FORMATIONS, default="triangle10", help="the cups' formation (default triangle10)")
    pong.add_argument("--demo", action="store_true", help="the table throws by itself (aimed throws at the cups)")
    _frames(pong)
    pong.add_argument("--fullscreen", action="store_true")

    demo = sub.add_parser("demo", help="Bierpong: solve a special shot through the physics and play it in slow motion")
    demo.add_argument("shot", choices=DEMO_SHOTS, metavar="SHOT", help="one of " + ", ".join(DEMO_SHOTS))
    _frames(demo)
    demo.add_argument("--fullscreen", action="store_true")
    demo.add_argument("--export", metavar="FILE", default=None, help="no window: write the shot as an animated clip (.webp or .gif, 30 fps)")
    demo.add_argument("--size", metavar="WxH", default=None, help="the clip's size (default 960x540)")

    lab = sub.add_parser(
        "lab",
        help="Bierpong shot lab: set up cups, throw with exact parameters, save, load and replay a shot (YAML)",
        description="The Bierpong shot lab. FILE: a shot file to load and replay; a path that does not exist yet "
        "is a new shot to be saved there (Ctrl+S); none: a new shot – Ctrl+S asks for its name and saves it in the shot folder. "
        "--check replays FILE headless and compares it with what it recorded.",
    )
    lab.add_argument("file", nargs="?", metavar="FILE", default=None)
    lab.add_argument("--check", action="store_true", help="no window: replay FILE and compare with its record (exit 1 if it differs)")
    _frames(lab)
    lab.add_argument("--fullscreen", action="store_true")

    stand = sub.add_parser("standings", help="Bierpong: the team and single standings – points, wins, participations (docs/tournaments.md)")
    stand.add_argument("--file", metavar="F", default=None, help="the standings file (default: $XDG_DATA_HOME/stammtisch/bierpong-standings.yaml)")
    stand.add_argument("--json", action="store_true", help="print both tables as JSON")

    tourn = sub.add_parser("tournament", help="Bierpong tournaments: enter a finished one into the standings, show one's schedule (docs/tournaments.md)")
    tsub2 = tourn.add_subparsers(dest="tournament_command", metavar="ACTION", required=True)
    tadd = tsub2.add_parser("add", help="enter a finished tournament (placements, or format/entrants/games) into the standings")
    tadd.add_argument("tfile", metavar="FILE")
    tadd.add_argument("--file", metavar="F", default=None, help="the standings file (default: $XDG_DATA_HOME/stammtisch/bierpong-standings.yaml)")
    tshow2 = tsub2.add_parser("show", help="a tournament file's schedule or bracket, the games still to play, the places")
    tshow2.add_argument("tfile", metavar="FILE")

    rep = sub.add_parser("replay", help="the replay viewer: step through a saved match of any game, ruling by ruling")
    rep.add_argument("file", metavar="FILE", help="a saved match (JSON) or a journal")
    rep.add_argument("--step", type=int, default=None, metavar="K", help="open at step K (default: the last)")
    _frames(rep)
    rep.add_argument("--fullscreen", action="store_true")
    rep.add_argument("--export", metavar="FILE", default=None, help="Bierpong, no window: write step K's throw as an animated clip (.webp or .gif)")
    rep.add_argument("--size", metavar="WxH", default=None, help="the clip's size (default 960x540)")

    menu = sub.add_parser("menu", help="open the menu (the same as no subcommand)")
    _frames(menu)
    menu.add_argument("--fullscreen", action="store_true")
    return p


def _frames(p: argparse.ArgumentParser) -> None:
    p.add_argument("--frames", type=int, default=None, help="run this many frames, then exit")
    p.add_argument("--screenshot", metavar="FILE", default=None, help="save the last frame as PNG")


def _kinds_help() -> str:
    """The seat kinds of `--players`, per game (from the registry)."""
    seen: dict[tuple[str, ...], list[str]] = {}
    for info in GAMES.values():
        ids = tuple(k.id for k in info.seating.kinds if k.id != "remote")
        seen.setdefault(ids, []).append(info.title)
    return "; ".join(f"{'/'.join(titles)}: {'|'.join(ids)}" for ids, titles in seen.items())


def _refuse_track_options(args: argparse.Namespace) -> None:
    """--track, --variant and --teams belong to the games raced on a track (`Seating.track`)."""
    if args.track or args.variant or args.teams is not None:
        raise InputError(f"--track, --variant and --teams are for {', '.join(TRACK_GAMES)}",
                         "--track" if args.track else "--variant" if args.variant else "--teams")


def _host(args: argparse.Namespace) -> int:
    """`host GAME`: a hosted table in a window, or with --headless served on the network until its match is over."""
    import random

    from game.match import Match
    from game.net.play import serve_headless
    from game.store.matchfile import load_match

    if args.games < 1:
        raise InputError("--games must be at least 1", "--games")
    if args.port is not None and not 0 <= args.port <= 65535:
        raise InputError(f"--port must be 0 to 65535, not {args.port}", "--port")
    t = args.remote_timeout
    if t is not None and not 0 < t <= 24 * 3600:  # (NaN fails too)
        raise InputError(f"--remote-timeout must be a number of seconds above 0 and at most a day, not {t}", "--remote-timeout")
    info = GAMES[args.game]
    if args.track and not info.seating.track:
        raise InputError(f"--track is for {', '.join(TRACK_GAMES)}", "--track")
    if not args.headless:
        if args.load or args.journal:
            raise InputError("--load and --journal are for --headless (a window continues saved matches from the menu)", "--load")
        from game.ui.shell.launch import run_app

        table = load(info.command_table)(args, "host")
        return run_app("table", game=args.game, players=table.players, profile=table.profile, seed=args.seed, games=table.games,
                       track=table.track, port=args.port, remote_timeout=t, frames=args.frames, screenshot=args.screenshot,
                       announce=not args.no_announce, real_table=args.table)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    if args.load:
        if args.table:
            raise InputError("a journal keeps the way its match was played: --table starts a new match only", "--table")
        match = load_match(args.load, defer_check=True)
        if match.info.name != args.game:
            raise InputError(f"{args.load} holds a {match.info.name} match, not {args.game}", args.load)
    else:
        table = load(info.command_table)(args, "serve")
        try:
            match = Match(args.game, table.players, table.profile, seed=seed, games=table.games, track=table.track, real_table=args.table)
        except ValueError as e:
            raise InputError(str(e), "--track" if table.track else "--players") from None
    try:
        rc = serve_headless(match, host=args.bind, port=args.port or 0, timeout=args.timeout, announce=not args.no_announce,
                            journal=args.load or args.journal, remote_timeout=t)
    except OSError as e:
        raise InputError(str(e), "--port") from None
    if args.save:
        from game.store.outpaths import write_or_fall_back
        from game.store.matchfile import write_log
        from game.store.saves import save_name

        went, why = write_or_fall_back(Path(args.save), lambda p: write_log(match.log, p), save_name(match.info.name))
        if why is not None:
            print(InputError(f"--save cannot write here ({why}); the match is saved at {went}", args.save), file=sys.stderr)
            return 2
    return rc


def _join(args: argparse.Namespace) -> int:
    """`join ADDRESS --code C --seat NAME --bot KIND` or `--watch`."""
    from game.net.play import play_remote_bot, watch

    if args.watch:
        return watch(args.address, args.code, timeout=args.timeout)
    if args.judge or not args.bot:
        from game.net.client import JUDGES_SEAT
        from game.ui.shell.launch import run_app

        return run_app("menu", join=(args.address, args.code, JUDGES_SEAT if args.judge else args.seat))
    return play_remote_bot(args.address, args.code, args.seat, args.bot, timeout=args.timeout)


# control characters (ANSI escapes, a backspace, C1 controls) and the bidirectional overrides a name
# or a file could hold: printed as \uXXXX – which a JSON string reads as the same character – never raw
_CONTROLS = {c: f"\\u{c:04x}" for c in (*range(0x20), 0x7F, *range(0x80, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A))
             if c not in (0x09, 0x0A, 0x0D)}


def printable(text: str) -> str:
    """`text` with its control characters escaped (tab, newline and carriage return stay)."""
    return text.translate(_CONTROLS)


class _Escaping:
    """A text stream that escapes control characters on their way to the terminal (`printable`)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(printable(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before anything imports pygame
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Escaping(out), _Escaping(err)  # type: ignore[assignment]
    try:
        return _main(argv)
    finally:
        if isinstance(sys.stdout, _Escaping):
            sys.stdout = out
        if isinstance(sys.stderr, _Escaping):
            sys.stderr = err


def _main(argv: Sequence[str] | None) -> int:
    plain = _plain_start(sys.argv[1:] if argv is None else argv)
    if plain is not None:  # the menu's start: the whole parser is not built (issue 30: the first frame's time)
        def menu() -> int:
            _check_outputs(plain)
            return _menu(**plain)

        return _guarded(menu)
    args = _parser().parse_args(argv)
    return _guarded(lambda: _run(args))


def _plain_start(argv: Sequence[str]) -> dict[str, Any] | None:
    """What the parser makes of a start of the menu with no more than its own options, each once and spelled
    out (`--frames N`, `--screenshot FILE`, `--fullscreen`); None for anything else: the parser decides."""
    got: dict[str, Any] = {"frames": None, "screenshot": None, "fullscreen": False}
    words = list(argv)
    seen: set[str] = set()
    while words:
        word = words.pop(0)
        if word in seen or word not in ("--frames", "--screenshot", "--fullscreen"):
            return None
        seen.add(word)
        if word == "--fullscreen":
            got["fullscreen"] = True
            continue
        if not words or words[0].startswith("-"):
            return None
        value = words.pop(0)
        if word == "--screenshot":
            got["screenshot"] = value
            continue
        try:
            got["frames"] = int(value)  # as argparse's type=int
        except ValueError:
            return None
    return got


def _guarded(run: Callable[[], int]) -> int:
    """`run()`'s exit status; a mistake of the user's is one line on standard error, exit 2."""
    try:
        return run()
    except InputError as e:
        print(e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`… | head`): nothing more to say
        sys.stderr.close()
        return 0
    except Exception as e:  # a bug: one line saying so, not a traceback (STAMMTISCH_DEBUG=1 shows it)
        if os.environ.get("STAMMTISCH_DEBUG"):
            raise
        print(f"stammtisch: internal error ({e.__class__.__name__}: {e}); please report it – STAMMTISCH_DEBUG=1 shows where", file=sys.stderr)
        return 70


OUTPUTS = (("save", "--save"), ("screenshot", "--screenshot"), ("output", "--output"), ("export", "--export"), ("journal", "--journal"))


def _check_outputs(values: dict[str, Any]) -> None:
    """The files the options name to write, checked before any work: a match is never played to be lost to its path."""
    from game.store.outpaths import check_output

    for attr, flag in OUTPUTS:
        if values.get(attr) is not None:
            check_output(values[attr], flag)


def _run(args: argparse.Namespace) -> int:
    cmd = args.command
    _check_outputs(vars(args))
    if cmd is None or cmd == "menu":
        return _menu(args.frames, args.screenshot, args.fullscreen)
    if cmd == "play":
        import random

        from game.ui.shell.launch import run_app

        if args.load:
            from game.store.matchfile import load_match

            if args.table:
                raise InputError("a saved match keeps the way it was played: switch the table in the match instead (R)", "--table")
            loaded = load_match(args.load, defer_check=True)  # a broken file: file:line:column: message, exit 2 – before any window
            return run_app("table", load=args.load, loaded=loaded, frames=args.frames, screenshot=args.screenshot, fullscreen=args.fullscreen)
        if not GAMES[args.game].seating.track:
            _refuse_track_options(args)
        table = load(GAMES[args.game].command_table)(args, "play")
        return run_app(
            "table",
            game=args.game,
            players=table.players,
            profile=table.profile,
            games=table.games,
            seed=args.seed if args.seed is not None else random.SystemRandom().randrange(2**31),
            track=table.track,
            frames=args.frames,
            screenshot=args.screenshot,
            fullscreen=args.fullscreen,
            real_table=args.table,
        )
    if cmd == "referee":
        from game.tools.records import referee

        report = referee(args.file)
        if args.json:
            print(json.dumps(report.to_dict(), ensure_ascii=False, indent=1))
        else:
            print(report.to_text())
        return 0
    if cmd == "simulate":
        from game.tools.simulate import simulate_command

        return simulate_command(args)
    if cmd == "tracks":
        return _tracks(args)
    if cmd == "edit":
        from game.ui.shell.launch import run_editor

        size = _size(args.size) if args.size else (1280, 800)
        return run_editor(args.file, template=args.template, frames=args.frames, screenshot=args.screenshot, fullscreen=args.fullscreen, size=size)
    if cmd == "demo" and args.export:
        from game.ui.pong.clip import SIZE, demo_clip, terminal_bar

        clip = demo_clip(args.shot, args.export, size=_size(args.size) if args.size else SIZE, progress=terminal_bar(sys.stderr))
        print(f"{clip.path}: {clip.frames} pictures at {clip.fps} fps, {clip.size[0]}×{clip.size[1]}")
        return 0
    if cmd == "replay" and args.export:
        from game.ui.pong.clip import SIZE, replay_clip, terminal_bar

        if args.step is None:
            raise InputError("--export needs --step K: the throw to put in the clip", "--step")
        clip = replay_clip(args.file, args.step, args.export, size=_size(args.size) if args.size else SIZE, progress=terminal_bar(sys.stderr))
        print(f"{clip.path}: {clip.frames} pictures at {clip.fps} fps, {clip.size[0]}×{clip.size[1]}")
        return 0
    if cmd == "demo":
        from game.ui.shell.launch import run_demo

        return run_demo(args.shot, frames=args.frames, screenshot=args.screenshot, fullscreen=args.fullscreen)
    if cmd == "lab":
        return _lab(args)
    if cmd == "replay":
        from game.ui.shell.launch import run_replay

        return run_replay(args.file, step=args.step, frames=args.frames, screenshot=args.screenshot, fullscreen=args.fullscreen)
    if cmd == "pong":
        from game.ui.shell.launch import run_pong

        return run_pong(args.formation, demo=args.demo, frames=args.frames, screenshot=args.screenshot, fullscreen=args.fullscreen)
    if cmd in ("standings", "tournament"):
        from game.bierpong.tournament import run_command

        return run_command(args)
    if cmd == "host":
        return _host(args)
    if cmd == "join":
        return _join(args)
    if cmd == "tables":
        from game.net.discovery import browse

        if not 0 < args.seconds <= 30:
            raise InputError(f"--seconds must be more than 0 and at most 30, not {args.seconds}", "--seconds")
        found = browse(args.seconds, interfaces=[args.interface] if args.interface else None)
        for f in found:
            print(f"{f.url}  {f.game}  {f.players}  ({f.name})")
        if not found:
            print("no table answered", file=sys.stderr)
        return 0
    if cmd == "rules":
        from game.rules.catalog import rules_for

        texts = rules_for(args.game)
        width = max(20, *(len(r.id) for r in texts))
        for r in texts:
            print(f"{r.id:{width}} {r.title}: {r.summary}")
        if args.options:
            spec = GAMES[args.game].spec
            if len(spec.variants) > 1:
                print(f"\nVariants (profile `variant:`): {', '.join(spec.variants)} (default {spec.variants[0]})")
            print("\nHouse-rule options (rule profile):")
            for o in GAMES[args.game].spec.options:
                print(f"  {o.name} = {o.default!r}   [{o.describe_values()}]  {o.help} ({o.rule})")
        return 0
    raise AssertionError(cmd)  # pragma: no cover - argparse restricts the commands


def _menu(frames: int | None, screenshot: str | None, fullscreen: bool) -> int:
    """No subcommand, or `menu`: the menu in a window."""
    from game.ui.shell.launch import run_app

    return run_app("menu", frames=frames, screenshot=screenshot, fullscreen=fullscreen)


def _lab(args: argparse.Namespace) -> int:
    """`lab [FILE]`: the shot lab, or with --check a headless replay of FILE against its record."""
    if args.check:
        from game.bierpong.shotfile import check, load, play

        if args.file is None:
            raise InputError("--check needs a shot FILE", "--check")
        shot = load(args.file)
        for i, p in enumerate(play(shot), 1):
            print(f"throw {i}: {p.outcome}" + (f" · tipped {', '.join(map(str, p.tipped))}" if p.tipped else "") + f"  ({len(p.events)} events)")
        problems = check(shot)
        for line in problems:
            print(f"{args.file}: {line}", file=sys.stderr)
        print(f"{args.file}: " + ("the replay DIFFERS from the record" if problems else "the replay gives the recorded events"))
        return 1 if problems else 0
    from game.ui.shell.launch import run_lab

    return run_lab(args.file, frames=args.frames, screenshot=args.screenshot, fullscreen=args.fullscreen)


def _tracks(args: argparse.Namespace) -> int:
    if args.tracks_command == "validate":
        return 2 if sum(not _validate_track(f) for f in args.files) else 0
    if args.tracks_command == "show":  # the board loads and validates the file itself
        from game.ui.board.board_app import show_track

        return show_track(args.file, frames=args.frames, screenshot=args.screenshot)
    from game.ui.board.board_app import render_track

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
