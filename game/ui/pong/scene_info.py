"""Bierpong's scenes as the shell sees them (`game.ui.scenes`)."""
from __future__ import annotations

from game.i18n import N_
from game.ui.scenes import SceneInfo

BIERPONG = SceneInfo(
    "bierpong", "game.ui.pong.bierpong_match:BierpongMatchScene",
    practice="game.ui.pong.pong:PongScene",
    tip=N_("Bierpong: two teams of 1–4 on the physics table (P: the practice table)"),
)
