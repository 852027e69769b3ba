"""Every Bierpong rule id, with a title and a summary in our own words.

Part of the rule catalogue (`game.rules.catalog`); the ids are those of `shared/rules/bierpong.md`
(Art 1 … Art 23 of the Bierpongregelwerk v1.4.1, the combinations and the tournament scoring),
the wording paraphrases the German rulebook and the digest's Decisions.
"""
from __future__ import annotations

from game.i18n import N_
from game.rules.catalog_text import RuleText

BIERPONG: tuple[RuleText, ...] = (
    RuleText("bierpong.art1", N_("Drinking per cup"), N_("For every cup that is hit, each player of the defending team drinks the amount agreed beforehand."),
             N_("Stammtisch books it in sips: drink_per_cup per hit cup, for every member of the team whose cup it was. A cup is drunk once "
                "however many balls went in; bonus cups and a counter's hits are not drunk (option drink_per_removed_cup: every removed cup is).")),
    RuleText("bierpong.art2", N_("When to drink"), N_("Nobody drinks until the other team has thrown all its balls; a Konter's drinks wait until it has failed."),
             N_("A player who forgets to drink before the next round may be handed a penalty by the other team for the whole team – "
                "a round of shots is the usual one.")),
    RuleText("bierpong.art3", N_("Which cups go"), N_("A special shot's cup always goes; extra cups are taken next to it first, and the owners pick which."),
             N_("Only when no neighbouring cup is left may cups further away be taken. With auto_remove_cups the program picks for the owners.")),
    RuleText("bierpong.art4", N_("Both balls at once"), N_("Throwing both balls at the same moment is fine in team games (one player or two) but not for a lone singles player.")),
    RuleText("bierpong.art5", N_("Straightening cups"), N_("You may ask the other team to straighten its cups and they have to; they may not do it unasked without your consent."),
             N_("Re-racking into a new formation is not in the rulebook; Stammtisch offers it as the house rule rerack_at.")),
    RuleText("bierpong.art6", N_("Ball out of a cup"), N_("You may ask the other team to take a ball out of one of its cups; they may also do it on their own.")),
    RuleText("bierpong.art7", N_("No throwing while they drink"), N_("Wait until the other team has drunk what it owes before throwing."),
             N_("If they drink without owing anything, or dawdle to distract, you may throw anyway. The rulebook sets no sanction: the "
                "referee notes the foul and the throw stands; the table may sanction it by a challenge.")),
    RuleText("bierpong.art8", N_("Throw-off"), N_("One player from each side throws at the other side's cups at the same moment, eyes locked."),
             N_("The first team to hit picks who begins, the other team picks the table side. If both hit, the same two throw again.")),
    RuleText("bierpong.art9", N_("End of the game"), N_("A team with no cups left has lost. With a timer, the game also ends when time is up."),
             N_("A tie at the whistle goes to sudden death: the next team to hit any cup wins, with no Konter. Otherwise the team with more cups left wins. "
                "A ball already in a cup counts: that cup is gone for the count and drunk; a Dead Cup still standing is a cup left. "
                "Owners who take away their own last cup, a Dead Cup, lose at once without a Konter.")),
    RuleText("bierpong.art10", N_("Konter"), N_("When your last cup falls you may counter: hit as many cups with as many throws as the finishers needed."),
             N_("The finishers' whole round counts, balls back, trickshots and on-fire balls included. If their last throw was a special shot, "
                "the counter must repeat it in full: a combination with all its parts, an Island with its call (option konter_any_part: one "
                "part is enough). A Dead Cup hit during the counter wins for the counter. The finishers may swat a bounced counter ball and "
                "catch a counter air ball (the catcher throws twice in their next round); a counter ball that comes back may be fetched for a "
                "trickshot after the counter's throws. A good counter puts back every cup of that round and the finishers throw a new round – "
                "with three or more players another pair; there is no limit to counters.")),
    RuleText("bierpong.art11", N_("Throws per round"), N_("Two standard throws per round, more through special shots; in a team two different players throw."),
             N_("With three or four players in a team, the pair changes every round – also when both balls are thrown at once. "
                "A Konter's balls are thrown by two different players too.")),
    RuleText("bierpong.art12", N_("Elbow"), N_("The throwing elbow stays behind the table edge – or its imagined extension when you stand to the side."),
             N_("Throwing from beside the table (the \"Millane\" style) is only fine where it hinders nobody. The rulebook sets no "
                "sanction: the referee notes the foul and the throw stands (option elbow_voids_throw: it is thrown again).")),
    RuleText("bierpong.art13", N_("Balls back"), N_("If both throws of a round hit, the two cups go and the team throws again."),
             N_("In a team of three or more the pair that hit throws the returned balls, then the pair changes (option balls_back_new_pair). "
                "After a Bombe balls back follows at once; an air-ball catcher's extra ball comes after the returned balls.")),
    RuleText("bierpong.art14", N_("Bounce"), N_("A ball that touched down on the table (or an object on it) before going in counts twice: one extra cup."),
             N_("Once it has touched down the defenders may swat it away. Whether touching cups counts as a touchdown is the option cup_contact_is_bounce.")),
    RuleText("bierpong.art15", N_("Roller"), N_("A ball that touched at least two cups before dropping in is a roller and counts like a bounce."),
             N_("Only touching the rim of the cup it then drops into does not make a roller. Two rims touched at the same moment "
                "(within 35 ms – the seam where two cups meet) count as one touch: a ball that lands on a seam and drops straight in is no roller.")),
    RuleText("bierpong.art16", N_("Knocking over your own cups"), N_("Knock over your own team's cups and one of them is removed – but never the last one."),
             N_("Several cups knocked over at once are one incident: one cup goes, the one the owners name first; the others are stood up again.")),
    RuleText("bierpong.art17", N_("No blowing"), N_("A ball that is not fully in the cup may not be blown or fingered out."),
             N_("The rulebook sets no sanction: the referee notes the foul and the ball counts where it ended (option blown_ball_counts: as a hit).")),
    RuleText("bierpong.art18", N_("Dead Cup"), N_("A hit cup still standing when the round is over is dead: hitting it later wins the game at once."),
             N_("Only a plain hit's cup may be left standing, never the last cup; it is dead from the next round on, so no trickshot, "
                "on-fire or balls-back throw of the same round wins on it. The owners may take a dead cup away once they notice it, "
                "just not while the other team is throwing.")),
    RuleText("bierpong.art19", N_("Trickshot"), N_("A ball that comes back over the centre line onto your half may be fetched and thrown again after the regular throws."),
             N_("The regular balls' cups go first, a trickshot's cup goes straight away. A trickshot that comes back may be fetched again, "
                "once the ball rolls back to the other half it is lost; a caught trickshot is no air ball.")),
    RuleText("bierpong.art20", N_("Bombe"), N_("Both throws of a round in the same cup: that cup and two more go, then balls back.")),
    RuleText("bierpong.art21", N_("On fire"), N_("Two hits in a row: call \"Heating up\"; a further hit and \"On fire\": you throw until you miss."),
             N_("The calls may spread over rounds and a forgotten call can be made at the next hit of the streak; \"On fire\" at the third "
                "hit or any later one needs no \"Heating up\" before it. By default a player on fire gets no bonus cups for bounces or "
                "specials (option on_fire_specials_bonus).")),
    RuleText("bierpong.art22", N_("Island"), N_("A cup without neighbours may be called as an Island: hit it and it goes with one more."),
             N_("Hitting another cup after the call does not count. Each player may call Island once per game.")),
    RuleText("bierpong.art23", N_("Air ball"), N_("A ball that touched nothing and is caught behind the table edge gives the catcher one ball to throw twice next round."),
             N_("The team's next round has one throw more: the catcher's, after the two standard throws – also when he is not in that "
                "round's pair. Balls thrown or caught from beside the table are not air balls.")),
    RuleText("bierpong.combo", N_("Combinations"), N_("Special shots add up: Bombe + bounce = cup + 2 + 1 per bouncing ball; Island + bounce = cup + 1 + 1; "
                "Bombe + Island = cup + 2 + 1.")),
    RuleText("bierpong.scoring", N_("Tournament points"), N_("Places 1, 2 and 3 score 5, 3 and 1 points; standings list points, wins and entries per person."),
             N_("Singles and team tournaments each get their own table.")),
)
