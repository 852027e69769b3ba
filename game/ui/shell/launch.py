"""The ways into the window: `run_app` (the menu, a table, a saved match, joining a table) and the
launchers of the scenes that also open alone from the command line (the track editor, the replay
viewer, a Bierpong match, its demo, its practice table, the shot lab). Importing this module
imports no scene: each launcher imports its own when called."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.i18n import _
from game.ui.common.app import App

if TYPE_CHECKING:
    from game.games import PlayerSpec
    from game.match import Match
    from game.rules.profile import Profile


def run_app(
    start: str = "menu",
    *,
    game: str | None = None,
    players: list[PlayerSpec] | None = None,
    profile: Profile | None = None,
    load: str | None = None,
    frames: int | None = None,
    screenshot: str | None = None,
    fullscreen: bool = False,
    size: tuple[int, int] = (1280, 800),
    games: int = 1,
    seed: int | None = None,
    track: str | None = None,
    port: int | None = None,
    join: tuple[str, str, str | None] | None = None,
    remote_timeout: float | None = None,
    loaded: Any = None,
    announce: bool = True,
    real_table: bool = False,
) -> int:
    """Open the window and run until it is closed (or for `frames` frames); return an exit code.

    start="menu" opens the menu; start="table" opens the table of `game` for `players` and
    `profile` (defaults: the first registered game, one human and two bots) – for Racerbile the race on `track` –,
    or the saved match `load`. A file that cannot be loaded is shown as a message in the menu.
    `screenshot` saves the last frame (PNG). A table with remote players is hosted (on `port`, by
    default `game.net.hosting.DEFAULT_PORT`; announced on the network by mDNS unless not `announce`)
    and says on the terminal where to join it (`real_table`: the match is played with real dice, caps and
    cups, docs/real-table.md); `join` = (address, code, seat or None) opens the join
    screen, connects, and takes the seat (None: shows the seats).
    """
    from game.gcpause import paused_gc

    with paused_gc(freeze=True):  # the modules loaded now live as long as the program: no collection need scan them
        from game.errors import InputError
        from game.games import GAMES
        from game.ui.common.app import App
        from game.ui.common.prefs import reset_settings, startup_settings
        from game.ui.shell.menu import MenuScene
        from game.ui.shell.menu_model import MenuModel
        from game.ui.shell.tables import hosted_scene, match_scene

    if start not in ("menu", "table"):
        raise ValueError(f"start must be 'menu' or 'table', not {start!r}")
    app = App(size, fullscreen)
    try:
        g = game or (profile.game if profile is not None else None) or next(iter(GAMES))
        warning = startup_settings()  # the user's settings: language, sound, assists, players
        model = MenuModel.from_choice(g, players, profile, games, track)
        model.apply_settings(remembered=players is None)
        model.real_table = real_table
        menu = MenuScene(app, model)
        if warning:  # shown once, before anything the menu had to say
            menu.message = f"{warning} · {menu.message}" if menu.message else warning
        app.push(menu)
        if load is not None:
            try:
                from game.store.matchfile import load_match

                match = loaded if loaded is not None else load_match(load, defer_check=True)  # (`loaded`: the command line loaded it)
            except InputError as e:
                menu.message = _("Cannot load {file}: {error}").format(file=load, error=e)
            else:
                app.push(match_scene(app, match, save_path=load))
        elif start == "table":
            if g not in GAMES:
                menu.message = _("{game} is not playable at a table yet").format(game=g)
            else:
                try:
                    match = model.make_match(seed)
                except ValueError as e:
                    menu.message = str(e)
                else:
                    try:
                        scene = hosted_scene(app, match, port=port, remote_timeout=remote_timeout, announce=announce)
                    except ValueError as e:
                        menu.message = str(e)
                    else:
                        app.push(scene)
                        tell_table(getattr(scene, "table", None))
        elif join is not None:
            from game.ui.shell.join_scene import JoinScene

            app.push(JoinScene(app, address=join[0], code=join[1], seat=join[2]))
        return app.run(frames, screenshot)
    finally:
        app.close()
        reset_settings()


def tell_table(table: Any) -> None:
    """A table hosted from the command line (`host GAME`): where to join it, on the host's own
    terminal (as the window's corner shows it; never into a log file)."""
    if table is None:
        return
    from game.net.web_files import join_url, short_address

    print(f"Table open: {short_address(table.url)} · code {table.code}", flush=True)
    print(f"  phones: scan the QR code in the window's corner, or open {join_url(table.url, table.code)}", flush=True)
    print(f"  laptops: Join a table → {short_address(table.url)}, code {table.code}", flush=True)


def run_editor(
    file: str | None = None,
    *,
    template: str | None = None,
    frames: int | None = None,
    screenshot: str | None = None,
    fullscreen: bool = False,
    size: tuple[int, int] = (1280, 800),
) -> int:
    """`python main.py edit [FILE]`: open the editor (a broken file raises its `InputError`)."""
    from game.ui.editor.editor import EditorScene, open_editor

    editor = open_editor(file, template)

    app = App(size, fullscreen, title=_("Stammtisch – track editor – {name}").format(name=editor.draft.name))
    try:
        app.push(EditorScene(app, editor))
        return app.run(frames, screenshot)
    finally:
        app.close()


def run_replay(path: str, *, step: int | None = None, frames: int | None = None, screenshot: str | None = None,
               fullscreen: bool = False, size: tuple[int, int] = (1280, 800)) -> int:
    """`python main.py replay FILE`: the viewer on its own; a broken file is an `InputError` before
    any window opens (the command line prints it as file:line:column: message, exit 2)."""
    from game.replay import Replay
    from game.ui.shell.replay import ReplayScene

    replay = Replay.load(path)

    app = App(size, fullscreen, title=_("Stammtisch – replay"))
    try:
        scene = ReplayScene(app, replay, step=replay.steps if step is None else step)
        app.push(scene)
        return app.run(frames, screenshot)
    finally:
        app.close()


def run_bierpong(match: Match, *, frames: int | None = None, screenshot: str | None = None,
                 size: tuple[int, int] = (1280, 800), fullscreen: bool = False) -> int:
    """The match scene alone in a window (tests and tools)."""
    from game.ui.pong.bierpong_match import BierpongMatchScene


    app = App(size, fullscreen, title="Stammtisch – Bierpong")
    try:
        app.push(BierpongMatchScene(app, match))
        return app.run(frames, screenshot)
    finally:
        app.close()


def run_demo(shot: str, *, frames: int | None = None, screenshot: str | None = None, fullscreen: bool = False,
             size: tuple[int, int] = (1280, 800)) -> int:
    """Solve `shot` on the full rack, then play it."""
    from game.bierpong.solver import solve
    from game.bierpong.demo_match import referee_demo, short
    from game.ui.pong.pong_demo import _SOLVED, DemoScene

    solution = _SOLVED[shot] = solve(shot)
    print(f"{solution.summary}  ({solution.tries} simulated throws)")
    script = referee_demo(solution)
    acts = [ln.action for ln in script.setup if ln.action != "start"]
    print(f"  the referee's table: {' v '.join(script.teams)}; setup: {'; '.join(acts)}")
    for i, st in enumerate(solution.throws, 1):
        v = st.throw.velocity
        print(f"  throw {i}: {st.note}: {st.outcome}  release {tuple(round(c, 3) for c in st.throw.release)}"
              f" velocity {tuple(round(c, 3) for c in v)} spin {st.throw.spin}")
        ts = script.throws[i - 1]
        if ts.rack:
            print(f"      (rack: {ts.rack})")
        for ln in ts.lines:
            print(f"      {ln.action}" + ("" if ln.shown else "  (on record, not shown)"))
            for r in ln.rulings:
                print(f"          {short(r.rule):6} {r.arithmetic}" + (f" – {' '.join(r.words)}" if r.words else ""))
    print("  The referee:")
    for line in script.summary():
        print(f"    {line}")
    app = App(size, fullscreen, title=_("Stammtisch – Bierpong demo: {shot}").format(shot=shot))
    try:
        app.push(DemoScene(app, solution))
        return app.run(frames, screenshot)
    finally:
        app.close()


def run_pong(
    kind: str = "triangle10",
    *,
    demo: bool = False,
    frames: int | None = None,
    screenshot: str | None = None,
    fullscreen: bool = False,
    size: tuple[int, int] = (1280, 800),
) -> int:
    """`python main.py pong`: the table scene on its own."""
    from game.ui.pong.pong import PongScene


    app = App(size, fullscreen, title=_("Stammtisch – Bierpong table"))
    try:
        app.push(PongScene(app, kind, demo=demo))
        return app.run(frames, screenshot)
    finally:
        app.close()


def run_lab(path: str | None = None, *, frames: int | None = None, screenshot: str | None = None,
            fullscreen: bool = False, size: tuple[int, int] = (1280, 800)) -> int:
    """`python main.py lab [FILE]`: an existing FILE is loaded (and replayed); a missing one is a new
    shot to be saved there (none: Ctrl+S asks for a name, in the shot folder). A bad file is an `InputError` (file:line:column)."""
    from game.bierpong.shotfile import load
    from game.store.outpaths import check_output, exists
    from game.ui.pong.shot_lab import ShotLab

    shot = None
    if path is not None and exists(path):
        shot = load(path)  # a folder or an unreadable file is an InputError too
    elif path is not None:  # a new shot is saved there: no symlink loop, device, name too long …
        check_output(path, "the shot lab")
    app = App(size, fullscreen, title=_("Stammtisch – Bierpong shot lab"))
    try:
        app.push(ShotLab(app, path, shot))
        return app.run(frames, screenshot)
    finally:
        app.close()
