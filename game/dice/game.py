"""Schock and Katchen as the rest of the program sees them (`game.descriptor`)."""
from __future__ import annotations

from game.descriptor import GameInfo, ResultWords, SeatKind, Seating
from game.i18n import N_
from game.rules import spec_katchen
from game.rules import spec_schock

KINDS = (SeatKind("human", N_("Human")), SeatKind("bot", N_("Bot"), bot=True), SeatKind("random", N_("Random bot"), bot=True),
         SeatKind("remote", N_("Remote")))
SEATING = Seating(min_seats=2, max_seats=8, kinds=KINDS, default_bot="bot",
                  default_players=(("Anna", "human"), ("Bernd", "bot"), ("Carla", "bot")))

SCHOCK = GameInfo(
    "schock", "Schock", spec_schock.SPEC, "game.dice.schock:SchockState", "game.session.dice:DiceSession",
    seating=SEATING, result=ResultWords(loser=True, count=N_("strokes {n}"), count_key="strokes", one=N_("{n} stroke"), many=N_("{n} strokes")),
    words="game.dice.words:action_words", record_reader="game.dice.record:referee_dice",
    simulator="game.dice.command:simulate", simulate_options=("bots",), command_table="game.dice.command:table",
    short_match="game.dice.simulate:short_match", authority="game.dice.authority:AUTHORITY",
    round_header="game.dice.headers:laden_header", catalog="game.rules.catalog_schock:SCHOCK", scenes="game.ui.dice.scene_info:SCHOCK",
    web_view="game.net.views.dice:view", web_client="dice",
)
KATCHEN = GameInfo(
    "katchen", "Katchen", spec_katchen.SPEC, "game.dice.katchen:KatchenState", "game.session.dice:DiceSession",
    seating=SEATING, result=ResultWords(loser=True, count=N_("Schüsse {n}"), count_key="schuesse", one="{n} Schuss", many="{n} Schüsse"),
    words="game.dice.words:action_words", record_reader="game.dice.record:referee_dice",
    simulator="game.dice.command:simulate", simulate_options=("bots",), command_table="game.dice.command:table",
    short_match="game.dice.simulate:short_match", authority="game.dice.authority:AUTHORITY",
    round_header="game.dice.headers:katchen_header", catalog="game.rules.catalog_katchen:KATCHEN", scenes="game.ui.dice.scene_info:KATCHEN",
    web_view="game.net.views.dice:view", web_client="dice",
)
