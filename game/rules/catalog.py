"""Every rule id of the games, with a title and a summary in our own words.

Used by `main.py rules GAME`, the in-game help overlay and the tournament set-up. The wording
paraphrases the rulebooks (see shared/rules/); the ids are the digests'. The Racerbile texts live
in `catalog_racerbile.py`; `RuleText` lives in `catalog_text.py` and is re-exported here.
"""
from __future__ import annotations

from game.i18n import N_
from game.rules.catalog_bierpong import BIERPONG
from game.rules.catalog_racerbile import RACERBILE
from game.rules.catalog_text import RuleText

SCHOCK: tuple[RuleText, ...] = (
    RuleText(
        "schock.throws",
        N_("Kinds of throw"),
        N_("Best first: Schock aus 1-1-1, Jule 1-2-4 (one roll only), Schock 6…2 (two ones), General, Straße, simple throw."),
        N_("A Schock is two ones plus one die; that die names it and its worth in mats. Every General is worth 3, "
           "every Straße 2, any other throw 1. Simple throws compare as numbers read high to low (6-5-2 beats 3-2-2). "
           "A 1-2-4 put together over several rolls is only a simple throw."),
    ),
    RuleText(
        "schock.deckel",
        N_("Who gets mats"),
        N_("The round's best throw decides how many mats; the round's worst throw receives them."),
        N_("While the middle holds mats they come from there (only what is left). Once it is empty, the best "
           "thrower passes that many of his own mats to the worst (all he has if fewer); players without mats sit out."),
    ),
    RuleText("schock.start", N_("Who opens"), N_("The loser of the last round – or of the last game – opens the next round.")),
    RuleText(
        "schock.schock_aus",
        N_("Schock aus"),
        N_("When the best throw is a Schock aus, the worst throw loses the whole half at once."),
        N_("The sheet literally says the lowest thrower 'loses half of his mats' – which would reward him; "
           "Stammtisch follows common practice and offers the literal reading as the option schock_aus: halve_mats."),
    ),
    RuleText(
        "schock.mit",
        N_("Mit ist Schitt"),
        N_("Equal throws: fewer rolls win; with equal rolls the earlier throw wins – except a Schock aus in one go beats an assembled one."),
    ),
    RuleText(
        "schock.rolls",
        N_("Rolling"),
        N_("Up to three rolls; the round's opener fixes how many the others may use; dice put out stay out."),
    ),
    RuleText(
        "schock.sixes",
        N_("Turning sixes"),
        N_("Two sixes from a roll: one may become a one if another roll follows; three sixes: two may become ones."),
        N_("A turned die goes out of the cup. Three sixes may be turned on the last roll too, unless the "
           "option no_flips_on_last_roll is set."),
    ),
    RuleText("schock.tower", N_("Türmchen"), N_("A die that lands on another (a tower) voids the roll: it is thrown again.")),
    RuleText("schock.laden", N_("Laden"), N_("Every round starts with Laden: each player turns his cup over once.")),
    RuleText("schock.cup", N_("Lifting the cup"), N_("The thrower lifts the cup with one hand and keeps the other hand well away.")),
    RuleText(
        "schock.game",
        N_("Halves, final, strokes"),
        N_("15 mats, two halves; whoever ends up with all 15 loses the half; the two half losers play the final."),
        N_("Losing both halves loses the game outright. The second half's loser opens the final. The game's "
           "loser gets a stroke (Strich) on his tournament mat; strokes add up over the evening."),
    ),
    RuleText(
        "schock.calls",
        N_("Call-outs"),
        N_("Three ones in one roll: on the chair, \"Horrido!\"; the lowest throw 2-2-1: all call \"Kröger!\", all answer \"Hallo!\"."),
    ),
    RuleText(
        "schock.entry",
        N_("Tournament terms"),
        N_("Players are 18 or over; the organiser brings the dice; signing up accepts the rules and the referees; the organiser may exclude anyone."),
    ),
)

KATCHEN: tuple[RuleText, ...] = (
    RuleText(
        "katchen.table",
        N_("Value of a throw"),
        N_("Katchen 4-2-1 = 8; 1-1-x = x Asse (1-1-1 = 7); x-x-x Pasch = x; Straße = 2; any other throw = 1."),
        N_("By default a 4-2-1 assembled over several rolls counts; the option katchen_in_one_roll makes it a normal number then."),
    ),
    RuleText(
        "katchen.order",
        N_("Comparing throws"),
        N_("More mats is higher; at equal worth the better table rank wins (1-1-5 beats 5-5-5); within a rank the higher faces win."),
    ),
    RuleText("katchen.mit", N_("Mit ist shit"), N_("Two identical throws: the later one is the worse.")),
    RuleText(
        "katchen.phase1",
        N_("Phase 1: distributing"),
        N_("One throw of all three dice each, clockwise; the lowest takes from the 13-mat stack what the highest is worth."),
        N_("The receiver leads the next round; when the stack is empty phase 2 begins. If one player already holds all 13, "
           "he gets the Schuss at once."),
    ),
    RuleText(
        "katchen.phase2",
        N_("Phase 2: giving back"),
        N_("Mat holders only; the one with most mats opens the first round, the one just given mats opens each later round; "
           "up to three rolls; the best throw gives its worth to the worst."),
        N_("The others try to beat the opener with no more rolls than he used; ties go to fewer rolls, then the earlier "
           "thrower. A player without mats leaves. The next round is opened by the player with the round's worst throw (he "
           "was just given the mats). Whoever holds all 13 gets a Schuss – in a "
           "tournament a player is out after the agreed number of Schüsse (option schuss_limit); otherwise he buys a round."),
    ),
)

CATALOG: dict[str, tuple[RuleText, ...]] = {"schock": SCHOCK, "katchen": KATCHEN, "racerbile": RACERBILE, "bierpong": BIERPONG}


def rules_for(game: str) -> tuple[RuleText, ...]:
    """The rule texts of a game, in the order of its digest."""
    return CATALOG[game]


def title(rule_id: str) -> str:
    """The short title of a rule id ('' for an unknown id)."""
    for texts in CATALOG.values():
        for t in texts:
            if t.id == rule_id:
                return t.title
    return ""
