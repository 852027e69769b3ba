"""The help overlay answers for every registered game (`game.games.GAMES`; the rest of the
conformance test is tests/rules/test_conformance.py): its rules under the game's prefix, its
house-rule options."""
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
