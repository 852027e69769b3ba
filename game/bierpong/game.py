"""Bierpong as the rest of the program sees it (`game.descriptor`)."""
from __future__ import annotations

from game.descriptor import GameInfo, ResultWords, SeatKind, Seating
from game.i18n import N_
from game.rules import spec_bierpong

KINDS = (
    SeatKind("human", N_("Human")),
    SeatKind("casual", N_("Casual bot"), bot=True),
    SeatKind("bot", N_("Regular bot"), bot=True),
    SeatKind("good", N_("Good bot"), bot=True),
    SeatKind("pro", N_("Pro bot"), bot=True),
    SeatKind("remote", N_("Remote")),
)
BIERPONG = GameInfo(
    "bierpong", "Bierpong", spec_bierpong.SPEC, "game.bierpong.state:BierpongState", "game.session.pong:PongSession",
    seating=Seating(min_seats=2, max_seats=2, teams=True, team_size=(1, 4), kinds=KINDS, default_bot="bot",
                    default_teams=(("Foxes", ("Anna", "Bo"), "human"), ("Owls", ("Cem", "Dana"), "bot"))),
    result=ResultWords(loser=False),
    words="game.bierpong.words:action_words",
    record_reader="game.bierpong.record:referee_pong",
    simulator="game.bierpong.command:simulate", simulate_options=("players_per_team", "skill", "teams"),
    command_table="game.bierpong.command:table", short_match="game.bierpong.simulate:short_match",
    throws=True,
    authority="game.bierpong.authority:AUTHORITY",
    catalog="game.rules.catalog_bierpong:BIERPONG", scenes="game.ui.pong.scene_info:BIERPONG",
    web_view="game.net.views.pong:view", web_client="pong",
)
