"""Every Racerbile rule id, with a title and a summary in our own words.

Part of the rule catalogue (`game.rules.catalog`); the ids and their order are those of
`shared/rules/racerbile.md`, the wording paraphrases the Danish rulebook (Officielle
Racerbileregler v1.1). The call-outs stay in Danish, as the table says them.
"""
from __future__ import annotations

from game.i18n import N_
from game.rules.catalog_text import RuleText

RACERBILE: tuple[RuleText, ...] = (
    # Penalties
    RuleText(
        "racerbile.fault.technical",
        N_("Technical fault"),
        N_("Any slip in the actual play – dice, caps, gears, moves – is a technical fault and costs 1 sip."),
        N_("The complete list is under racerbile.faults. A few of them count per field, per die or per cap, "
           "and stacking two caps the wrong way round counts as two."),
    ),
    RuleText(
        "racerbile.fault.general",
        N_("General fault"),
        N_("Every other slip – a missed call-out, an unpaid sip, explaining a rule, being overtaken or nøl'ed – "
           "is a general fault: 1 sip."),
    ),
    RuleText(
        "racerbile.beer",
        N_("Sips in a beer"),
        N_("A 33 cl beer of Guld Tuborg strength or more holds 11 sips; a light beer, or any other drink of "
           "at least 33 cl, holds 8."),
        N_("A stronger drink buys no discount, and pointing at its strength to drink less is a general fault. "
           "To \"bunde\" is to drink in one go: a whole beer (11 or 8 sips), or just what is left of the "
           "current one – so the ledger keeps each player's current beer."),
    ),
    RuleText(
        "racerbile.outside_turn",
        N_("Faults outside your turn"),
        N_("A fault made during somebody else's turn is drunk on the spot instead of waiting for your own turn."),
        N_("Rolling out of turn is a fault in itself, and any 1s on such a roll still count as clutch faults."),
    ),
    # Pieces and start
    RuleText(
        "racerbile.caps",
        N_("Bottle-cap cars"),
        N_("Each player drives a bottle cap marked on the inside; it stays mark up at all times, except when "
           "flipped on a blocking field."),
        N_("Driving it upside down costs a technical fault for every field so driven. Moving it on its edge is "
           "one technical fault, unless the option two_wheels asks for exactly that."),
    ),
    RuleText(
        "racerbile.nol",
        N_("Nøl: holding things up"),
        N_("Whoever stalls the game gets a slow chorus of \"Tre. To. En. Nøl.\" from the others; every nøl is "
           "a general fault for him."),
        N_("Nøl-ing yourself is a technical fault. Usual reasons: dice not passed on properly, not getting on "
           "with your turn, fetching beer, a trip to the toilet, chatting mid-turn. An optional turn timer "
           "can nøl on its own."),
    ),
    RuleText(
        "racerbile.start",
        N_("Start order: the roll"),
        N_("Everybody rolls; highest goes first, the next highest second, equal rolls roll again among "
           "themselves; play runs counter-clockwise."),
        N_("The opener's cap goes on the field bordering the start line, not on one the line cuts through. "
           "A race lasts a number of laps (option laps, default 3): the first car across the line after the "
           "last lap wins, and the others are ranked by how far they got."),
    ),
    # Dice and gears
    RuleText(
        "racerbile.gears",
        N_("Dice are gears"),
        N_("One cup, three six-sided dice; your gear is the number of dice you roll (1st, 2nd or 3rd)."),
        N_("Everybody starts in 1st gear without calling it, and nobody changes gear in the first turn."),
    ),
    RuleText(
        "racerbile.upshift",
        N_("Shifting up"),
        N_("At most one gear up per turn, called at the turn's start: \"Jeg gearer op til andet gear\" "
           "(or \"tredje gear\")."),
        N_("Shifting up without the call is a general fault. No upshift in the first turn, while standing on "
           "a downshift field, or in the turn after leaving the track."),
    ),
    RuleText(
        "racerbile.downshift",
        N_("Shifting down"),
        N_("At most one gear down per turn, called at the turn's start (\"Jeg gearer ned til første/andet "
           "gear\"); a missing call is a general fault."),
        N_("Choosing to shift down is itself a technical fault (1 sip). A forced drop on a downshift field is "
           "priced differently: a general fault per gear lost, so 3rd to 1st costs 2 sips."),
    ),
    RuleText(
        "racerbile.clutch",
        N_("Clutch faults"),
        N_("Every 1 rolled is a clutch fault, a technical fault of 1 sip each; the 1 still moves the car one "
           "field."),
        N_("Three 1s in one roll wreck the gearbox: instead of three sips the player must \"bunde\" the rest "
           "of his beer while the gearbox is swapped. In Babybile the car still moves the 3 fields rolled "
           "unless the option smashed_gearbox_zero is on."),
    ),
    RuleText(
        "racerbile.too_fast",
        N_("Too fast: 5s and 6s"),
        N_("A 5 or a 6 is rolled again – no car is that fast – so every die ends up worth 1 to 4."),
        N_("The third 5-or-6 showing up in one turn costs a technical fault, and every further one another. "
           "Real six-sided dice are rolled so that these re-rolls can be counted."),
    ),
    RuleText(
        "racerbile.reckless",
        N_("Reckless driving: 7–9"),
        N_("On a total of 7, 8 or 9 the tyres squeal at each change of direction: say \"hvin\" and take a "
           "technical fault every time."),
        N_("Not saying \"hvin\" adds a general fault; the technical one still stands. In Babybile the first "
           "step of a move may take any allowed direction without a squeal – only later changes count."),
    ),
    RuleText(
        "racerbile.flat_out",
        N_("Flat out: 10–12"),
        N_("On 10, 11 or 12 the car can neither turn nor brake; leaving the track costs a technical fault per "
           "rolled field not driven on it."),
        N_("In Babybile \"straight on\" is the direction of the first step, which the player picks. Going off "
           "forces 1st gear, a sip per gear dropped (3rd to 1st: 2): next turn the car first reverses onto "
           "the field where it left the track, then rolls in 1st gear and drives on, with no upshift that "
           "turn. With the option off_track_return_costs_turn the reversing is the whole turn, and the turn "
           "after it is an ordinary one."),
    ),
    # Fields
    RuleText(
        "racerbile.field.normal",
        N_("Ordinary field"),
        N_("Mostly yellow (red on the Stalin track); it has no rule of its own."),
    ),
    RuleText(
        "racerbile.field.downshift",
        N_("Downshift field"),
        N_("Dark blue: stopping here drops the car to 1st gear from any gear, at a general fault per gear lost "
           "(3rd to 1st = 2 sips)."),
        N_("The next turn opens with \"Jeg starter i første gear\", and there is no upshifting while the car "
           "stands on the field."),
    ),
    RuleText(
        "racerbile.field.blocking",
        N_("Blocking field"),
        N_("Red, often with a star: whoever stops here flips his cap to block it, and nobody may pass or stop "
           "there while it is blocked."),
        N_("A car that would reach or cross it halts on the field before, bonks the blocker's cap on the "
           "table (a collision) and lays it back mark up, which lifts the block. Choosing to halt right before "
           "it lifts it too; a roll that just runs out there does not, and a car level with it in the other "
           "lane is not before it. It holds one flipped cap; once lifted it is an ordinary occupied field. A "
           "flipped cap that flies off the track blocks no more."),
    ),
    RuleText(
        "racerbile.field.midway",
        N_("Midway toast"),
        N_("Whoever has got fully past the midway line calls \"Midtvejsskål!\" and the whole table drinks a sip."),
        N_("Forgetting the call, or the sip, is a general fault. Anyone away from the table when it is called "
           "(at the toilet, say) owes the sip plus a general fault. On the Stalin track the line is a hammer "
           "and sickle. At Le Mans every driver of every team drinks, not just those at the wheel."),
    ),
    RuleText(
        "racerbile.split",
        N_("Forks in the track"),
        N_("Where the track forks, the first car to get there picks the branch, and everybody else has to "
           "follow it."),
        N_("Each field driven along the other branch is a technical fault, and the cap returns to where the "
           "move began. The pick holds for the whole game, or for one lap with the option split_choice_per_lap. "
           "Flat out straight into the branch not chosen is going off the track."),
    ),
    RuleText(
        "racerbile.arrow",
        N_("Track arrows"),
        N_("An arrow drawn on the track marks the one permitted way through."),
    ),
    RuleText(
        "racerbile.stack",
        N_("Two caps per field"),
        N_("A field holds two caps at most; a full field blocks cars from behind, which brake or go round it "
           "where the track is wide enough."),
        N_("That block is no collision. The later arrival slides under the first; the wrong order costs two "
           "technical faults. The top cap – the earlier arrival – counts as ahead, so stopping on an occupied "
           "field overtakes nobody. A car off the track takes up no field until it has reversed back; if its "
           "field holds two caps by then, it backs onto the nearest field before it with room – never a third cap."),
    ),
    RuleText(
        "racerbile.touch",
        N_("Nudging another cap"),
        N_("Shifting someone else's cap by a quarter field or more – table, finger, another cap – means "
           "putting it back; the whole act is one technical fault."),
        N_("Leaving it where it ended up is a general fault, and putting it back admits having moved it. With "
           "the option touch_counts_twice the putting back is a second technical fault. A die that shifts caps "
           "is a separate technical fault per cap."),
    ),
    # A turn
    RuleText(
        "racerbile.turn",
        N_("Order of a turn"),
        N_("Front/last sip, gear call, roll as many dice as the gear, move, drink what you owe, pass the cup "
           "with all three dice."),
        N_("The leader and the last car first drink a sip, saying \"Jeg drikker for at ligge "
           "forrest/bagerst\" (ties drink too); a wrong number of dice is a technical fault per die. Move the "
           "total rolled, at least one field unless blocked; every field not moved, by choice or because "
           "blocked, is a technical fault. No step turns more than 60°, a move never goes to a field of lower "
           "progress or visits a field twice (lane changes at equal progress are fine), and a car you pass "
           "drinks a sip (general fault)."),
    ),
    RuleText(
        "racerbile.faults",
        N_("All the faults"),
        N_("Every technical and general fault has its own id; the program spots what it can and offers a "
           "\"call a fault\" menu for the rest."),
        N_("Each costs 1 sip unless its entry says otherwise (per field, per die, per cap, or two faults)."),
    ),
    # Technical faults
    RuleText(
        "racerbile.technical.clutch",
        N_("Clutch fault"),
        N_("1 sip for every 1 rolled; three 1s at once cost the rest of the beer instead (see racerbile.clutch)."),
    ),
    RuleText(
        "racerbile.technical.wrong_cap",
        N_("Wrong cap driven"),
        N_("Driving some other cap as if it were yours: 1 sip for every field it is moved."),
    ),
    RuleText(
        "racerbile.technical.upside_down",
        N_("Driving upside down"),
        N_("Moving your cap with its mark facing the table: 1 sip for every field driven that way."),
    ),
    RuleText(
        "racerbile.technical.own_cap_out_of_turn",
        N_("Own cap, wrong time"),
        N_("Moving your own cap while it is not your turn: 1 sip."),
    ),
    RuleText(
        "racerbile.technical.others_cap",
        N_("Moving another's cap"),
        N_("Moving an opponent's cap when no rule calls for it: 1 sip, and the cap goes back where it was."),
        N_("By default the whole act, putting it back included, is one fault; the option touch_counts_twice "
           "makes the putting back a second one (see racerbile.touch)."),
    ),
    RuleText(
        "racerbile.technical.too_fast",
        N_("Too many 5s and 6s"),
        N_("The third 5-or-6 rolled in a turn costs 1 sip, and so does each one after it."),
    ),
    RuleText(
        "racerbile.technical.die_dropped",
        N_("Die off the table"),
        N_("A die that lands on the floor or rolls over the table's edge: 1 sip."),
    ),
    RuleText(
        "racerbile.technical.die_moves_cap",
        N_("Die hits a cap"),
        N_("A rolled die that shifts a cap: 1 sip for each cap it moves."),
    ),
    RuleText(
        "racerbile.technical.squeal",
        N_("Squealing tyres"),
        N_("On a 7–9 roll each change of direction wears the tyres: 1 sip per \"hvin\"."),
    ),
    RuleText(
        "racerbile.technical.fewer_fields",
        N_("Fields left undriven"),
        N_("1 sip for each rolled field the car does not drive, whether by choice or because it is blocked."),
    ),
    RuleText(
        "racerbile.technical.wrong_dice_count",
        N_("Wrong number of dice"),
        N_("Rolling more or fewer dice than your gear: 1 sip for each die too many or too few."),
    ),
    RuleText(
        "racerbile.technical.stacking_order",
        N_("Caps stacked wrongly"),
        N_("Two caps on one field in the wrong order (the newcomer on top): two faults, 2 sips."),
    ),
    RuleText(
        "racerbile.technical.wrong_branch",
        N_("Wrong branch"),
        N_("Driving the branch of a fork that was not chosen: 1 sip per field, and the cap goes back to where "
           "the move started."),
    ),
    RuleText(
        "racerbile.technical.downshift",
        N_("Chosen downshift"),
        N_("Deciding to shift down costs 1 sip; a forced drop on a downshift field is paid as general faults "
           "instead."),
    ),
    RuleText(
        "racerbile.technical.self_nol",
        N_("Nøl-ing yourself"),
        N_("Starting the \"Tre. To. En. Nøl.\" count against yourself: 1 sip."),
    ),
    RuleText(
        "racerbile.technical.crooked_die",
        N_("Tilted die"),
        N_("A die that comes to rest leaning instead of flat: 1 sip."),
    ),
    RuleText(
        "racerbile.technical.die_on_object",
        N_("Die on an object"),
        N_("A die resting on anything but the bare table top (a card, a beer label): 1 sip."),
    ),
    RuleText(
        "racerbile.technical.roll_out_of_turn",
        N_("Rolling out of turn"),
        N_("Rolling the dice when it is not your turn: 1 sip, drunk at once – and any 1s still add clutch faults."),
    ),
    RuleText(
        "racerbile.technical.no_flip",
        N_("Block not flipped"),
        N_("Stopping on a blocking field without turning your cap over: 1 sip."),
    ),
    RuleText(
        "racerbile.technical.no_bonk",
        N_("Missing the bonk"),
        N_("Lifting a block without knocking the blocker's cap on the table: 1 sip."),
    ),
    # General faults
    RuleText(
        "racerbile.general.explain_rule",
        N_("Explaining a rule"),
        N_("Explaining any rule to the table: 1 sip, even when the explanation is right."),
    ),
    RuleText(
        "racerbile.general.explain_wrong",
        N_("Explaining it wrongly"),
        N_("Getting a rule wrong while explaining it: 1 sip."),
    ),
    RuleText(
        "racerbile.general.no_upshift_call",
        N_("Silent upshift"),
        N_("Shifting up without saying \"Jeg gearer op til andet gear\" (or \"tredje gear\"): 1 sip."),
    ),
    RuleText(
        "racerbile.general.no_downshift_call",
        N_("Silent downshift"),
        N_("Shifting down without calling it: 1 sip, besides the technical fault for the downshift itself."),
    ),
    RuleText(
        "racerbile.general.no_front_last_call",
        N_("Front/last sip uncalled"),
        N_("Drinking for lying in front or last without saying \"Jeg drikker for at ligge forrest/bagerst\": "
           "1 sip."),
    ),
    RuleText(
        "racerbile.general.no_front_last_sip",
        N_("Front/last sip skipped"),
        N_("Not drinking the sip owed for lying in front or last (ties included): 1 sip more."),
    ),
    RuleText(
        "racerbile.general.no_first_gear_call",
        N_("First-gear call forgotten"),
        N_("Not opening with \"Jeg starter i første gear\" after a forced drop to 1st, a smashed gearbox or "
           "leaving the track: 1 sip."),
    ),
    RuleText(
        "racerbile.general.no_squeal_call",
        N_("Silent squeal"),
        N_("Changing direction on 7–9 without saying \"hvin\": 1 sip, and the squeal's technical fault counts "
           "as well."),
    ),
    RuleText(
        "racerbile.general.no_midway_call",
        N_("Midway toast uncalled"),
        N_("Getting past the midway line without calling \"Midtvejsskål!\": 1 sip."),
    ),
    RuleText(
        "racerbile.general.no_midway_sip",
        N_("Midway sip skipped"),
        N_("Not drinking when \"Midtvejsskål!\" is called – being away counts too: 1 sip on top of the toast's sip."),
    ),
    RuleText(
        "racerbile.general.strong_beer_excuse",
        N_("Strong-beer excuse"),
        N_("Claiming your drink is stronger than Guld Tuborg to get away with fewer sips: 1 sip."),
    ),
    RuleText(
        "racerbile.general.overtaken",
        N_("Being overtaken"),
        N_("Each car that passes you costs you 1 sip; a car stopping on your field does not pass you."),
    ),
    RuleText(
        "racerbile.general.noled",
        N_("Being nøl'ed"),
        N_("Each \"Tre. To. En. Nøl.\" chanted at you: 1 sip."),
    ),
    # Racerbile on top of Babybile
    RuleText(
        "racerbile.variant.racerbile",
        N_("Racerbile additions"),
        N_("Racerbile is Babybile plus a beer time trial for the start, smashed gearboxes, a beer for going off "
           "track, and facing."),
        N_("Time trial: everyone must \"bunde\" his own drink (a Guld Tuborg by custom), the fastest starts – "
           "equal times roll off among those tied – and seats are swapped to match (the program takes the "
           "times, or falls back to a start roll). Three 1s smash the gearbox: "
           "next turn in 1st gear, a sip per gear lost and \"Jeg starter i første gear\" (general fault if "
           "forgotten); a car off the track must \"bunde\" the rest of its driver's beer before coming back. "
           "A car faces the way it last moved (at the start, a chosen way), so a turn may open with a turn: "
           "on 7–9 that first step can squeal, on 10–12 a car that has to turn goes off at once. A car left "
           "facing no field ahead within 60° turns as little as it can to reach one: every 60° past the first "
           "is a technical fault, and on 7–9 every 60° of the turn squeals."),
    ),
    # Optional rules
    RuleText(
        "racerbile.option.two_wheels",
        N_("On two wheels"),
        N_("On 7–9 the cap runs on its edge through bends and flat on straights; the wrong number of wheels is "
           "a technical fault."),
    ),
    RuleText(
        "racerbile.option.out_of_fuel",
        N_("Out of fuel"),
        N_("Starting a turn 12+ fields ahead of the second car means an empty tank: \"bunde\" your beer, skip "
           "the turn, restart in 1st gear."),
        N_("After refuelling the driver also drinks 1 sip, the technical fault for running dry."),
    ),
    RuleText(
        "racerbile.option.stalin",
        N_("Driving Stalin"),
        N_("A driving style (and a bot) from the Stalin track: always shift up, always take a reachable "
           "blocking field, always fly off the track."),
        N_("In 3rd gear Stalin holds: he never shifts down by choice."),
    ),
    RuleText(
        "racerbile.option.upside_down_redo",
        N_("Upside down: drive again"),
        N_("After driving upside down you pay every penalty, go back to the move's start and drive it again – "
           "squeals or an exit may be paid twice."),
        N_("Only the move is driven again: the next player's turn has opened already and is not opened twice "
           "(no second front/last sip)."),
    ),
    RuleText(
        "racerbile.option.triple_clutch_full_beer",
        N_("Triple clutch: whole beer"),
        N_("Three 1s cost a whole beer (11 sips) rather than just what is left of the current one."),
    ),
    RuleText(
        "racerbile.option.smashed_gearbox_zero",
        N_("Smashed gearbox stands still"),
        N_("Three 1s move the car 0 fields and cost a whole beer (11 sips)."),
        N_("Without this option a triple clutch fault still moves the car the 3 fields rolled."),
    ),
    RuleText(
        "racerbile.option.off_track_full_beer",
        N_("Off track: whole beer"),
        N_("Leaving the track costs a whole beer (11 sips) on top of every other sip it brings."),
    ),
    RuleText(
        "racerbile.option.finish_in_front",
        N_("Sip for finishing ahead"),
        N_("Ending your turn in front costs 1 sip, called as \"Jeg drikker for at slutte forrest\"."),
        N_("Every turn that ends in front counts: the winning move too, and turns lost to refuelling or to "
           "reversing onto the track."),
    ),
    # Le Mans
    RuleText(
        "racerbile.lemans.teams",
        N_("Le Mans teams"),
        N_("A 24-hour event for teams of three drivers on the dedicated Le Mans track, under the Racerbile "
           "rules with the changes below."),
        N_("The option lemans_drivers sets another team size (1 to 6). Any track with a pit lane will do; the "
           "42 field and the Dunlop bridge count where the track has them."),
    ),
    RuleText(
        "racerbile.lemans.judges",
        N_("Le Mans judges"),
        N_("Appointed judges, meant to stay sober enough, rule instead of the players; they may change rules "
           "mid-event and hand out penalty sips freely."),
        N_("Rule changes may serve safety, keep the game going or entertain the audience; the program has a "
           "judges' console. Organisers (sobriety watch, bar, counters) take no part in the game. The judges "
           "may put a team out, with a reason: it drives no more and ranks behind every team still in."),
    ),
    RuleText(
        "racerbile.lemans.glasses",
        N_("Measuring glasses"),
        N_("Each team gets glasses marked every 3 cl, 11 marks to a beer; any beer will do (see "
           "racerbile.beer), Guld Tuborg preferred."),
    ),
    RuleText(
        "racerbile.lemans.cap42",
        N_("42-sip ceiling"),
        N_("No single turn can sentence a player to more than 42 sips."),
    ),
    RuleText(
        "racerbile.lemans.field42",
        N_("The 42 field"),
        N_("Stopping on the 42 field lets you name an opponent who then drinks whatever you drink."),
        N_("Any opponent will do – a driver at the wheel or a team-mate of his who is not driving – and naming "
           "someone is a right, not a duty: you may name nobody. He drinks what you drink for the turn from its "
           "first sip on, under the 42-sip ceiling, but not a driver-change beer, which comes before the turn."),
    ),
    RuleText(
        "racerbile.lemans.dunlop",
        N_("Dunlop bridge"),
        N_("Knocking the Dunlop bridge over means downing a whole beer."),
    ),
    RuleText(
        "racerbile.lemans.vomit",
        N_("Throwing up"),
        N_("Vomiting over the table costs 5 laps, or disqualification if it holds up the game; on the floor, "
           "needing a clean-up, also 5 laps."),
    ),
    RuleText(
        "racerbile.lemans.pit",
        N_("Pit lane"),
        N_("The pit lane must be entered in 1st gear; drivers swap there for free."),
        N_("It is one way: in only from its entry field into its first field, out only from its last field "
           "to the exit – never back into it from the exit, nor back out onto the entry. Flat out straight "
           "into it is going off the track."),
    ),
    RuleText(
        "racerbile.lemans.driver_change",
        N_("Driver change on track"),
        N_("Swapping drivers outside the pit is called before the turn; the incoming driver downs a whole beer "
           "and only then does the turn begin."),
        N_("He can be nøl'ed while drinking. The change comes first: the incoming driver, now at the wheel, "
           "drinks the sip for lying in front or last."),
    ),
    RuleText(
        "racerbile.lemans.nol",
        N_("Nøl in Le Mans"),
        N_("A team can be nøl'ed three times in a turn; the fourth nøl is rounded up to a whole beer and the "
           "turn goes to the next team."),
        N_("Rounded up means the three nøl sips are made up to one beer (8 more from an 11-sip beer); the "
           "option nol4_beer_on_top adds a whole beer on top of the three sips instead. If the team cannot put "
           "a driver at the table at its next turn, the judges decide whether it is out."),
    ),
    RuleText(
        "racerbile.lemans.delay",
        N_("Delaying the game"),
        N_("Holding up the game outside your turn in a way no other rule covers: lose your next turn and a lap."),
        N_("A delay in your own turn is no such delay but a nøl; the call against the team on turn is refused."),
    ),
    RuleText(
        "racerbile.lemans.end",
        N_("End of the race"),
        N_("After 24 hours the last round is called; play stops once the team with the slowest time trial has "
           "had its turn."),
        N_("The clock runs a real 24 hours by default; the option lemans_hours sets another length and "
           "lemans_time_factor speeds time up."),
    ),
    RuleText(
        "racerbile.lemans.winner",
        N_("Deciding the winner"),
        N_("The team with the most laps wins; on equal laps the position on the track decides."),
    ),
)
