"""The screens answer for every registered game (`game.games.GAMES`; the rest of the conformance
test is tests/rules/test_conformance.py): the help overlay shows its rules under the game's prefix
and its house-rule options; the menu starts the scene its scene info names, which draws."""
from __future__ import annotations

import pytest

from game.games import GAMES
from game.rules.catalog import rules_for
from game.ui.common.app import App
from game.ui.common.help import HelpOverlay


@pytest.mark.parametrize("game", GAMES)
def test_the_help_overlay_shows_every_rule_and_option_of_the_game(app: App, game: str) -> None:
    info = GAMES[game]
    overlay = HelpOverlay(app.fonts, game, app.screen.get_size(), None, info.spec)
    ids = [r.id for r in rules_for(game)]
    assert ids and all(i.startswith(info.prefix) for i in ids)
    assert [t for t in overlay.text_lines if t in ids] == ids
    shown = "\n".join(overlay.text_lines)
    assert all(f"option {o.name}" in shown for o in info.spec.options)
    assert overlay.rule_ids == ids


@pytest.mark.parametrize("game", GAMES)
def test_the_menu_starts_the_games_own_scene_which_draws_and_helps(app: App, game: str) -> None:
    """Start from the menu with the game's default seats: the scene its scene info names opens on
    the stack, draws frames, and F1 there shows the game's own rules."""
    from game.descriptor import load
    from game.ui.common.session_scene import SessionScene
    from game.ui.scenes import scene_info
    from game.ui.shell.menu import MenuScene
    from game.ui.shell.menu_model import MenuModel

    model = MenuModel()
    model.game = game
    if GAMES[game].seating.track:
        model.track = "babybane"
    menu = MenuScene(app, model)
    app.push(menu)
    assert menu.start(), menu.message
    scene = app.scene
    assert isinstance(scene, load(scene_info(game).match)) and isinstance(scene, SessionScene)
    assert scene.session.match.info is GAMES[game]
    for _ in range(5):
        app.step(1 / 30)
    scene.toggle_help()
    assert scene.help is not None and scene.help.game == game
    ids = [r.id for r in rules_for(game)]
    assert scene.help.rule_ids == ids
