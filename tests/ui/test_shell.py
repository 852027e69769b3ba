"""The shell above the scenes (game/ui/shell): every registered game has its scenes in the scene
registry, the menu seats each game as its seating rules say, and the shell names no game."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from game.descriptor import load
from game.games import GAMES
from game.ui.common.app import App
from game.ui.common.scene import OverlayScene
from game.ui.scenes import scene_info, scenes
from game.ui.shell.menu import MenuScene
from game.ui.shell.menu_model import MenuModel

ROOT = Path(__file__).resolve().parents[2]


def test_every_registered_game_has_its_scenes() -> None:
    """The scene registry answers for the game registry, game by game; its scenes are classes."""
    assert list(scenes()) == list(GAMES)
    for name in GAMES:
        info = scene_info(name)
        assert issubclass(load(info.match), OverlayScene), name
        if info.practice:
            assert isinstance(load(info.practice), type), name


def test_the_menu_seats_each_game_as_its_seating_rules_say(app: App) -> None:
    """For every registered game (and Le Mans): players or teams as `Seating.team_game` says, the
    seat kinds the game offers, "+ Add" off at the most seats, a track row only for a raced game,
    a driver slot per driver of a team of fixed size (racerbile.lemans.teams)."""
    cases = [(g, GAMES[g].spec.variants[0]) for g in GAMES]
    cases += [(g, v) for g in GAMES for v in GAMES[g].seating.team_variants]
    assert ("racerbile", "le_mans") in cases
    for game, variant in cases:
        seating = GAMES[game].seating
        model = MenuModel()
        model.game, model.variants[game] = game, variant
        if seating.track:
            model.track = "le_mans"
        menu = MenuScene(app, model)
        rows = model.team_rows if seating.team_game(variant) else model.players
        assert model.team_game == seating.team_game(variant), game
        assert len(menu.kind_menus) == len(rows) >= seating.min_seats, game
        labels = menu.kind_menus[0].options_list
        assert [str(o[0] if isinstance(o, tuple) else o) for o in labels] == [k.label for k in seating.kinds], game
        assert menu.add_button.is_enabled == (len(rows) < seating.max_seats), game
        assert (menu.track_menu is not None) == seating.track, game
        assert (menu.games_entry is not None) == scene_info(game).games, game
        if seating.team_game(variant) and seating.drivers_option:
            drivers = GAMES[game].spec.option(seating.drivers_option).default  # (the option as a fresh menu has it)
            assert isinstance(drivers, int) and len(menu.driver_entries) == len(rows) * drivers, game
        assert not model.problems(), (game, model.problems())


def test_the_shell_names_no_game() -> None:
    """No module of the shell (nor the scene registry) compares or names a registered game: it reads
    the registries."""
    names = "|".join(re.escape(n) for n in GAMES)
    files = sorted((ROOT / "game" / "ui" / "shell").glob("*.py")) + [ROOT / "game" / "ui" / "scenes.py"]
    for f in files:
        found = re.findall(rf"""["']({names})["']""", f.read_text(encoding="utf-8"))
        assert not found, (f.name, found)


def test_the_menu_model_imports_no_pygame() -> None:
    """The menu's choices are plain data: importing `menu_model` (and the registries) starts no pygame."""
    code = "import sys, game.ui.shell.menu_model, game.ui.scenes; assert 'pygame' not in sys.modules, 'pygame'"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
