"""Every Katchen rule id, with a title and a summary in our own words.

Part of the rule catalogue (`game.rules.catalog`; the game's descriptor names it, `GameInfo.catalog`);
the ids and their order are those of `shared/rules/katchen.md`, the wording paraphrases the rulebook.
"""
from __future__ import annotations

from game.i18n import N_
from game.rules.catalog_text import RuleText

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
