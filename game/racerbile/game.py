"""Racerbile (and its 24-hour event, Le Mans) as the rest of the program sees it (`game.descriptor`)."""
from __future__ import annotations

from game.descriptor import GameInfo, ResultWords, SeatKind, Seating
from game.i18n import N_
from game.rules import spec_racerbile

KINDS = (
    SeatKind("human", N_("Human")),
    SeatKind("careful", N_("Careful bot"), bot=True),
    SeatKind("racer", N_("Racer bot"), bot=True),
    SeatKind("stalin", N_("Stalin bot"), bot=True),
    SeatKind("random", N_("Random bot"), bot=True),
    SeatKind("remote", N_("Remote")),
)
RACERBILE = GameInfo(
    "racerbile", "Racerbile", spec_racerbile.SPEC, "game.racerbile.state:RaceState", "game.session.race:RaceSession",
    seating=Seating(
        min_seats=2, max_seats=8, team_variants=("le_mans",), team_size=(1, 8), drivers_option="lemans_drivers", track=True,
        kinds=KINDS, default_bot="careful",
        default_players=(("Anna", "human"), ("Bernd", "careful"), ("Carla", "racer")),
        default_teams=(("Rød", ("Anna", "Bo", "Carl"), "human"), ("Blå", ("Dorte", "Emil", "Frida"), "careful"),
                       ("Gul", ("Gustav", "Hanne", "Ib"), "racer"), ("Grøn", ("Jens", "Karen", "Lars"), "careful")),
    ),
    result=ResultWords(loser=False),
    words="game.racerbile.words:action_words",
    record_reader="game.racerbile.record:referee_race",
    simulator="game.racerbile.command:simulate", simulate_options=("track", "variant", "teams", "hours", "bots"),
    command_table="game.racerbile.command:table", short_match="game.racerbile.simulate:short_match",
    authority="game.racerbile.authority:AUTHORITY",
    catalog="game.rules.catalog_racerbile:RACERBILE", scenes="game.ui.race.scene_info:RACERBILE",
    web_view="game.net.views.race:view", web_client="race",
)
