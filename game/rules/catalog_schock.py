"""Every Schock rule id, with a title and a summary in our own words.

Part of the rule catalogue (`game.rules.catalog`; the game's descriptor names it, `GameInfo.catalog`);
the ids and their order are those of `shared/rules/schock.md`, the wording paraphrases the rulebook.
"""
from __future__ import annotations

from game.i18n import N_
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
