"""The window, the frame loop and the scene stack; `run_app` is the entry point of the UI.

Time runs in seconds (`dt` from the clock), never in frames. Keys the app handles itself:
F11 toggles full screen, Esc goes back (a scene closes its overlays first), F1 asks the scene
for its help overlay. Importing this module does nothing; pygame starts in `App()`.
"""
from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

import pygame

from game.errors import InputError
from game.gcpause import paused_gc
from game.games import GAMES, PlayerSpec
from game.i18n import _
from game.rules.profile import Profile
from game.ui.common.scene import Scene
from game.ui.common.theme import Fonts

FPS = 60
MIN_SIZE = (960, 640)


class App:
    """Owns pygame, the window and the stack of scenes."""

    def __init__(self, size: tuple[int, int] = (1280, 800), fullscreen: bool = False, title: str = "Stammtisch") -> None:
        pygame.display.init()  # only what the app uses: start-up time counts (bench first_frame_ms)
        pygame.font.init()
        pygame.display.set_caption(title)
        self.windowed_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.fullscreen = False
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._set_minimum_size()
        self._last_size = self.screen.get_size()
        self.fonts = Fonts()
        self.stack: list[Scene] = []
        self.running = True
        self.exit_code = 0
        self.clock = pygame.time.Clock()
        pygame.key.set_repeat(400, 40)
        if fullscreen:
            self.toggle_fullscreen()

    # --- the Host interface ----------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scene(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)

    def pop(self) -> None:
        if self.stack:
            self.stack.pop().closed()
        if not self.stack:
            self.quit(self.exit_code)
        else:
            self.stack[-1].resize(self.size)

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().closed()
        self.stack.append(scene)

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    # --- window ----------------------------------------------------------------------------

    def _set_minimum_size(self) -> None:
        try:
            with warnings.catch_warnings():  # pygame-ce deprecates this bridge, but offers no other
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):  # pragma: no cover - older SDL or no window
            pass

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self._set_minimum_size()
            self.fullscreen = False
        else:
            self.windowed_size = self.screen.get_size()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            self.fullscreen = True
        for s in self.stack:
            s.resize(self.size)

    def _resized(self) -> None:
        surf = pygame.display.get_surface()
        if surf is not None:
            self.screen = surf
        if not self.fullscreen:
            self.windowed_size = self.screen.get_size()
        if self.scene is not None:
            self.scene.resize(self.size)

    # --- the loop --------------------------------------------------------------------------

    def dispatch(self, e: pygame.event.Event) -> None:
        scene = self.scene
        if e.type == pygame.QUIT:
            if scene is None or scene.may_close():
                self.quit(0)
        elif e.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            surf = pygame.display.get_surface()
            if surf is not None and surf.get_size() != self._last_size:
                self._resized()
                self._last_size = self.screen.get_size()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE and scene is not None:
            if not scene.back():
                self.pop()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_F1 and scene is not None:
            scene.help_toggle()
        elif scene is not None:
            scene.handle_event(e)

    def step(self, dt: float) -> None:
        """One frame: events, update by `dt` seconds, draw, flip."""
        for e in pygame.event.get():
            self.dispatch(e)
            if not self.running:
                return
        scene = self.scene
        if scene is None:
            self.quit(self.exit_code)
            return
        scene.update(dt)
        if self.scene is scene:
            scene.draw(self.screen)
        elif self.scene is not None:
            self.scene.draw(self.screen)
        pygame.display.flip()

    def run(self, frames: int | None = None, screenshot: str | Path | None = None) -> int:
        n, dt = 0, 0.0
        self.clock.tick()
        while self.running:
            self.step(dt)  # the first frame is drawn at once, not after a frame's wait
            n += 1
            if frames is not None and n >= frames:
                break
            if n == 1:
                self.start_sound()
            dt = min(0.1, self.clock.tick(FPS) / 1000.0)
        if screenshot is not None:
            self.save_screenshot(screenshot)
        return self.exit_code

    def start_sound(self) -> None:
        """Start the mixer and load the sounds after the first frame (not before it: start-up time
        counts); muted, it waits for the first sound played."""
        from game.ui.common.sound import sounds

        if not sounds().muted:
            sounds().init()

    def save_screenshot(self, path: str | Path) -> None:
        """The last frame as a PNG at `path` (checked before the first frame: `game.outpaths`); should
        it fail all the same, in the save folder – said on standard error, and the exit status is 2."""
        from game.outpaths import write_or_fall_back

        def write(p: Path) -> None:
            p.parent.mkdir(parents=True, exist_ok=True)
            try:
                pygame.image.save(self.screen, str(p))
            except pygame.error as e:
                raise OSError(str(e)) from None

        went, why = write_or_fall_back(Path(path), write, "screenshot.png")
        if why is not None:
            print(f"{path}:1:1: --screenshot cannot write here ({why}); the picture is at {went}", file=sys.stderr)
            self.exit_code = self.exit_code or 2

    def close(self) -> None:
        while self.stack:
            self.stack.pop().closed()
        pygame.display.quit()
        pygame.quit()


def default_players() -> list[PlayerSpec]:
    return [PlayerSpec("Anna"), PlayerSpec("Bernd", "bot"), PlayerSpec("Carla", "bot")]


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
) -> int:
    """Open the window and run until it is closed (or for `frames` frames); return an exit code.

    start="menu" opens the menu; start="table" opens the table of `game` for `players` and
    `profile` (defaults: Schock, one human and two bots) – for Racerbile the race on `track` –,
    or the saved match `load`. A file that cannot be loaded is shown as a message in the menu.
    `screenshot` saves the last frame (PNG). A table with remote players is hosted (on `port`, by
    default `game.net.hosting.DEFAULT_PORT`); `join` = (address, code, seat or None) opens the join
    screen, connects, and takes the seat (None: shows the seats).
    """
    with paused_gc(freeze=True):  # the modules loaded now live as long as the program: no collection need scan them
        from game.ui.menu.menu import MenuModel, MenuScene, hosted_scene, match_scene
        from game.ui.common.prefs import reset_settings, startup_settings

    if start not in ("menu", "table"):
        raise ValueError(f"start must be 'menu' or 'table', not {start!r}")
    app = App(size, fullscreen)
    try:
        g = game or (profile.game if profile is not None else None) or "schock"
        warning = startup_settings()  # the user's settings: language, sound, assists, players
        model = MenuModel.from_choice(g, players, profile, games, track)
        model.apply_settings(remembered=players is None)
        menu = MenuScene(app, model)
        if warning:  # shown once, before anything the menu had to say
            menu.message = f"{warning} · {menu.message}" if menu.message else warning
        app.push(menu)
        if load is not None:
            try:
                from game.match import Match

                match = loaded if loaded is not None else Match.load(load, defer_check=True)  # (`loaded`: the command line loaded it)
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
                        app.push(hosted_scene(app, match, port=port, remote_timeout=remote_timeout))
                    except ValueError as e:
                        menu.message = str(e)
        elif join is not None:
            from game.ui.menu.join_scene import JoinScene

            app.push(JoinScene(app, address=join[0], code=join[1], seat=join[2]))
        return app.run(frames, screenshot)
    finally:
        app.close()
        reset_settings()
