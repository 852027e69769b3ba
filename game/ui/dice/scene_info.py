"""Schock's and Katchen's scenes as the shell sees them (`game.ui.scenes`)."""
from __future__ import annotations

from game.ui.scenes import SceneInfo

SCHOCK = SceneInfo("schock", "game.ui.dice.dice_table:DiceTableScene", games=True)
KATCHEN = SceneInfo("katchen", "game.ui.dice.dice_table:DiceTableScene", games=True)
