"""Every Racerbile rule id, with a title and a summary in our own words.

Part of the rule catalogue (`game.rules.catalog`); the ids and their order are those of
`shared/rules/racerbile.md`, the wording paraphrases the Danish rulebook (Officielle
Racerbileregler v1.1). The call-outs stay in Danish, as the table says them.
"""
from __future__ import annotations

from game.rules.catalog_text import RuleText

RACERBILE: tuple[RuleText, ...] = (
    # Penalties
    RuleText(
        "racerbile.fault.technical",
        "Technical fault",
        "Any slip in the actual play – dice, caps, gears, moves – is a technical fault and costs 1 sip.",
        "The complete list is under racerbile.faults. A few of them count per field, per die or per cap, "
        "and stacking two caps the wrong way round counts as two.",
    ),
    RuleText(
        "racerbile.fault.general",
        "General fault",
        "Every other slip – a missed call-out, an unpaid sip, explaining a rule, being overtaken or nøl'ed – "
        "is a general fault: 1 sip.",
    ),
    RuleText(
        "racerbile.beer",
        "Sips in a beer",
        "A 33 cl beer of Guld Tuborg strength or more holds 11 sips; a light beer, or any other drink of "
        "at least 33 cl, holds 8.",
        "A stronger drink buys no discount, and pointing at its strength to drink less is a general fault. "
        "To \"bunde\" is to drink in one go: a whole beer (11 or 8 sips), or just what is left of the "
        "current one – so the ledger keeps each player's current beer.",
    ),
    RuleText(
        "racerbile.outside_turn",
        "Faults outside your turn",
        "A fault made during somebody else's turn is drunk on the spot instead of waiting for your own turn.",
        "Rolling out of turn is a fault in itself, and any 1s on such a roll still count as clutch faults.",
    ),
    # Pieces and start
    RuleText(
        "racerbile.caps",
        "Bottle-cap cars",
        "Each player drives a bottle cap marked on the inside; it stays mark up at all times, except when "
        "flipped on a blocking field.",
        "Driving it upside down costs a technical fault for every field so driven. Moving it on its edge is "
        "one technical fault, unless the option two_wheels asks for exactly that.",
    ),
    RuleText(
        "racerbile.nol",
        "Nøl: holding things up",
        "Whoever stalls the game gets a slow chorus of \"Tre. To. En. Nøl.\" from the others; every nøl is "
        "a general fault for him.",
        "Nøl-ing yourself is a technical fault. Usual reasons: dice not passed on properly, not getting on "
        "with your turn, fetching beer, a trip to the toilet, chatting mid-turn. An optional turn timer "
        "can nøl on its own.",
    ),
    RuleText(
        "racerbile.start",
        "Start order (Babybile)",
        "Everybody rolls; highest goes first, the next highest second, equal rolls roll again among "
        "themselves; play runs counter-clockwise.",
        "The opener's cap goes on the field bordering the start line, not on one the line cuts through. "
        "A race lasts a number of laps (option laps, default 3): the first car across the line after the "
        "last lap wins, and the others are ranked by how far they got.",
    ),
    # Dice and gears
    RuleText(
        "racerbile.gears",
        "Dice are gears",
        "One cup, three six-sided dice; your gear is the number of dice you roll (1st, 2nd or 3rd).",
        "Everybody starts in 1st gear without calling it, and nobody changes gear in the first turn.",
    ),
    RuleText(
        "racerbile.upshift",
        "Shifting up",
        "At most one gear up per turn, called at the turn's start: \"Jeg gearer op til andet gear\" "
        "(or \"tredje gear\").",
        "Shifting up without the call is a general fault. No upshift in the first turn, while standing on "
        "a downshift field, or in the turn after leaving the track.",
    ),
    RuleText(
        "racerbile.downshift",
        "Shifting down",
        "At most one gear down per turn, called at the turn's start (\"Jeg gearer ned til første/andet "
        "gear\"); a missing call is a general fault.",
        "Choosing to shift down is itself a technical fault (1 sip). A forced drop on a downshift field is "
        "priced differently: a general fault per gear lost, so 3rd to 1st costs 2 sips.",
    ),
    RuleText(
        "racerbile.clutch",
        "Clutch faults",
        "Every 1 rolled is a clutch fault, a technical fault of 1 sip each; the 1 still moves the car one "
        "field.",
        "Three 1s in one roll wreck the gearbox: instead of three sips the player must \"bunde\" the rest "
        "of his beer while the gearbox is swapped. In Babybile the car still moves the 3 fields rolled "
        "unless the option smashed_gearbox_zero is on.",
    ),
    RuleText(
        "racerbile.too_fast",
        "Too fast: 5s and 6s",
        "A 5 or a 6 is rolled again – no car is that fast – so every die ends up worth 1 to 4.",
        "The third 5-or-6 showing up in one turn costs a technical fault, and every further one another. "
        "Real six-sided dice are rolled so that these re-rolls can be counted.",
    ),
    RuleText(
        "racerbile.reckless",
        "Reckless driving: 7–9",
        "On a total of 7, 8 or 9 the tyres squeal at each change of direction: say \"hvin\" and take a "
        "technical fault every time.",
        "Not saying \"hvin\" adds a general fault; the technical one still stands. In Babybile the first "
        "step of a move may take any allowed direction without a squeal – only later changes count.",
    ),
    RuleText(
        "racerbile.flat_out",
        "Flat out: 10–12",
        "On 10, 11 or 12 the car can neither turn nor brake; leaving the track costs a technical fault per "
        "rolled field not driven on it.",
        "In Babybile \"straight on\" is the direction of the first step, which the player picks. Going off "
        "forces 1st gear: next turn the car first reverses onto the field where it left the track, then "
        "rolls in 1st gear and drives on, with no upshift that turn. With the option "
        "off_track_return_costs_turn the reversing is the whole turn.",
    ),
    # Fields
    RuleText(
        "racerbile.field.normal",
        "Ordinary field",
        "Mostly yellow (red on the Stalin track); it has no rule of its own.",
    ),
    RuleText(
        "racerbile.field.downshift",
        "Downshift field",
        "Dark blue: stopping here drops the car to 1st gear from any gear, at a general fault per gear lost "
        "(3rd to 1st = 2 sips).",
        "The next turn opens with \"Jeg starter i første gear\", and there is no upshifting while the car "
        "stands on the field.",
    ),
    RuleText(
        "racerbile.field.blocking",
        "Blocking field",
        "Red, often with a star: whoever stops here flips his cap to block it, and nobody may pass or stop "
        "there while it is blocked.",
        "A car that would reach or cross it halts on the field before, bonks the blocker's cap on the "
        "table (a collision) and lays it back mark up, which lifts the block. Halting right before a "
        "blocked field always lifts it. It holds one flipped cap; once lifted it is an ordinary occupied "
        "field.",
    ),
    RuleText(
        "racerbile.field.midway",
        "Midway toast",
        "Whoever has got fully past the midway line calls \"Midtvejsskål!\" and the whole table drinks a sip.",
        "Forgetting the call, or the sip, is a general fault. Anyone away from the table when it is called "
        "(at the toilet, say) owes the sip plus a general fault. On the Stalin track the line is a hammer "
        "and sickle.",
    ),
    RuleText(
        "racerbile.split",
        "Forks in the track",
        "Where the track forks, the first car to get there picks the branch, and everybody else has to "
        "follow it.",
        "Each field driven along the other branch is a technical fault, and the cap returns to where the "
        "move began. The pick holds for the whole game, or for one lap with the option split_choice_per_lap.",
    ),
    RuleText(
        "racerbile.arrow",
        "Track arrows",
        "An arrow drawn on the track marks the one permitted way through.",
    ),
    RuleText(
        "racerbile.stack",
        "Two caps per field",
        "A field holds two caps at most; a full field blocks cars from behind, which brake or go round it "
        "where the track is wide enough.",
        "That block is no collision. The later arrival slides under the first; the wrong order costs two "
        "technical faults. The top cap – the earlier arrival – counts as ahead, so stopping on an occupied "
        "field overtakes nobody.",
    ),
    RuleText(
        "racerbile.touch",
        "Nudging another cap",
        "Shifting someone else's cap by a quarter field or more – table, finger, another cap – means "
        "putting it back; the whole act is one technical fault.",
        "Leaving it where it ended up is a general fault, and putting it back admits having moved it. With "
        "the option touch_counts_twice the putting back is a second technical fault. A die that shifts caps "
        "is a separate technical fault per cap.",
    ),
    # A turn
    RuleText(
        "racerbile.turn",
        "Order of a turn",
        "Front/last sip, gear call, roll as many dice as the gear, move, drink what you owe, pass the cup "
        "with all three dice.",
        "The leader and the last car first drink a sip, saying \"Jeg drikker for at ligge "
        "forrest/bagerst\" (ties drink too); a wrong number of dice is a technical fault per die. Move the "
        "total rolled, at least one field unless blocked; every field not moved, by choice or because "
        "blocked, is a technical fault. No step turns more than 60°, a move never goes to a field of lower "
        "progress or visits a field twice (lane changes at equal progress are fine), and a car you pass "
        "drinks a sip (general fault).",
    ),
    RuleText(
        "racerbile.faults",
        "All the faults",
        "Every technical and general fault has its own id; the program spots what it can and offers a "
        "\"call a fault\" menu for the rest.",
        "Each costs 1 sip unless its entry says otherwise (per field, per die, per cap, or two faults).",
    ),
    # Technical faults
    RuleText(
        "racerbile.technical.clutch",
        "Clutch fault",
        "1 sip for every 1 rolled; three 1s at once cost the rest of the beer instead (see racerbile.clutch).",
    ),
    RuleText(
        "racerbile.technical.wrong_cap",
        "Wrong cap driven",
        "Driving some other cap as if it were yours: 1 sip for every field it is moved.",
    ),
    RuleText(
        "racerbile.technical.upside_down",
        "Driving upside down",
        "Moving your cap with its mark facing the table: 1 sip for every field driven that way.",
    ),
    RuleText(
        "racerbile.technical.own_cap_out_of_turn",
        "Own cap, wrong time",
        "Moving your own cap while it is not your turn: 1 sip.",
    ),
    RuleText(
        "racerbile.technical.others_cap",
        "Moving another's cap",
        "Moving an opponent's cap when no rule calls for it: 1 sip, and the cap goes back where it was.",
        "By default the whole act, putting it back included, is one fault; the option touch_counts_twice "
        "makes the putting back a second one (see racerbile.touch).",
    ),
    RuleText(
        "racerbile.technical.too_fast",
        "Too many 5s and 6s",
        "The third 5-or-6 rolled in a turn costs 1 sip, and so does each one after it.",
    ),
    RuleText(
        "racerbile.technical.die_dropped",
        "Die off the table",
        "A die that lands on the floor or rolls over the table's edge: 1 sip.",
    ),
    RuleText(
        "racerbile.technical.die_moves_cap",
        "Die hits a cap",
        "A rolled die that shifts a cap: 1 sip for each cap it moves.",
    ),
    RuleText(
        "racerbile.technical.squeal",
        "Squealing tyres",
        "On a 7–9 roll each change of direction wears the tyres: 1 sip per \"hvin\".",
    ),
    RuleText(
        "racerbile.technical.fewer_fields",
        "Fields left undriven",
        "1 sip for each rolled field the car does not drive, whether by choice or because it is blocked.",
    ),
    RuleText(
        "racerbile.technical.wrong_dice_count",
        "Wrong number of dice",
        "Rolling more or fewer dice than your gear: 1 sip for each die too many or too few.",
    ),
    RuleText(
        "racerbile.technical.stacking_order",
        "Caps stacked wrongly",
        "Two caps on one field in the wrong order (the newcomer on top): two faults, 2 sips.",
    ),
    RuleText(
        "racerbile.technical.wrong_branch",
        "Wrong branch",
        "Driving the branch of a fork that was not chosen: 1 sip per field, and the cap goes back to where "
        "the move started.",
    ),
    RuleText(
        "racerbile.technical.downshift",
        "Chosen downshift",
        "Deciding to shift down costs 1 sip; a forced drop on a downshift field is paid as general faults "
        "instead.",
    ),
    RuleText(
        "racerbile.technical.self_nol",
        "Nøl-ing yourself",
        "Starting the \"Tre. To. En. Nøl.\" count against yourself: 1 sip.",
    ),
    RuleText(
        "racerbile.technical.crooked_die",
        "Tilted die",
        "A die that comes to rest leaning instead of flat: 1 sip.",
    ),
    RuleText(
        "racerbile.technical.die_on_object",
        "Die on an object",
        "A die resting on anything but the bare table top (a card, a beer label): 1 sip.",
    ),
    RuleText(
        "racerbile.technical.roll_out_of_turn",
        "Rolling out of turn",
        "Rolling the dice when it is not your turn: 1 sip, drunk at once – and any 1s still add clutch faults.",
    ),
    RuleText(
        "racerbile.technical.no_flip",
        "Block not flipped",
        "Stopping on a blocking field without turning your cap over: 1 sip.",
    ),
    RuleText(
        "racerbile.technical.no_bonk",
        "Missing the bonk",
        "Lifting a block without knocking the blocker's cap on the table: 1 sip.",
    ),
    # General faults
    RuleText(
        "racerbile.general.explain_rule",
        "Explaining a rule",
        "Explaining any rule to the table: 1 sip, even when the explanation is right.",
    ),
    RuleText(
        "racerbile.general.explain_wrong",
        "Explaining it wrongly",
        "Getting a rule wrong while explaining it: 1 sip.",
    ),
    RuleText(
        "racerbile.general.no_upshift_call",
        "Silent upshift",
        "Shifting up without saying \"Jeg gearer op til andet gear\" (or \"tredje gear\"): 1 sip.",
    ),
    RuleText(
        "racerbile.general.no_downshift_call",
        "Silent downshift",
        "Shifting down without calling it: 1 sip, besides the technical fault for the downshift itself.",
    ),
    RuleText(
        "racerbile.general.no_front_last_call",
        "Front/last sip uncalled",
        "Drinking for lying in front or last without saying \"Jeg drikker for at ligge forrest/bagerst\": "
        "1 sip.",
    ),
    RuleText(
        "racerbile.general.no_front_last_sip",
        "Front/last sip skipped",
        "Not drinking the sip owed for lying in front or last (ties included): 1 sip more.",
    ),
    RuleText(
        "racerbile.general.no_first_gear_call",
        "First-gear call forgotten",
        "Not opening with \"Jeg starter i første gear\" after a forced drop to 1st, a smashed gearbox or "
        "leaving the track: 1 sip.",
    ),
    RuleText(
        "racerbile.general.no_squeal_call",
        "Silent squeal",
        "Changing direction on 7–9 without saying \"hvin\": 1 sip, and the squeal's technical fault counts "
        "as well.",
    ),
    RuleText(
        "racerbile.general.no_midway_call",
        "Midway toast uncalled",
        "Getting past the midway line without calling \"Midtvejsskål!\": 1 sip.",
    ),
    RuleText(
        "racerbile.general.no_midway_sip",
        "Midway sip skipped",
        "Not drinking when \"Midtvejsskål!\" is called – being away counts too: 1 sip on top of the toast's sip.",
    ),
    RuleText(
        "racerbile.general.strong_beer_excuse",
        "Strong-beer excuse",
        "Claiming your drink is stronger than Guld Tuborg to get away with fewer sips: 1 sip.",
    ),
    RuleText(
        "racerbile.general.overtaken",
        "Being overtaken",
        "Each car that passes you costs you 1 sip; a car stopping on your field does not pass you.",
    ),
    RuleText(
        "racerbile.general.noled",
        "Being nøl'ed",
        "Each \"Tre. To. En. Nøl.\" chanted at you: 1 sip.",
    ),
    # Racerbile on top of Babybile
    RuleText(
        "racerbile.variant.racerbile",
        "Racerbile additions",
        "Racerbile is Babybile plus a beer time trial for the start, smashed gearboxes, a beer for going off "
        "track, and facing.",
        "Time trial: everyone must \"bunde\" a Guld Tuborg, the fastest starts and seats are swapped to "
        "match (the program takes the times, or falls back to a start roll). Three 1s smash the gearbox: "
        "next turn in 1st gear, a sip per gear lost and \"Jeg starter i første gear\" (general fault if "
        "forgotten); a car off the track must \"bunde\" the rest of its driver's beer before coming back. "
        "A car faces the way it last moved (at the start, a chosen way), so a turn may open with a turn: "
        "on 7–9 that first step can squeal, on 10–12 a car that has to turn goes off at once.",
    ),
    # Optional rules
    RuleText(
        "racerbile.option.two_wheels",
        "On two wheels",
        "On 7–9 the cap runs on its edge through bends and flat on straights; the wrong number of wheels is "
        "a technical fault.",
    ),
    RuleText(
        "racerbile.option.out_of_fuel",
        "Out of fuel",
        "Starting a turn 12+ fields ahead of the second car means an empty tank: \"bunde\" your beer, skip "
        "the turn, restart in 1st gear.",
        "After refuelling the driver also drinks 1 sip, the technical fault for running dry.",
    ),
    RuleText(
        "racerbile.option.stalin",
        "Driving Stalin",
        "A driving style (and a bot) from the Stalin track: always shift up, always take a reachable "
        "blocking field, always fly off the track.",
    ),
    RuleText(
        "racerbile.option.upside_down_redo",
        "Upside down: drive again",
        "After driving upside down you pay every penalty, go back to the move's start and drive it again – "
        "squeals or an exit may be paid twice.",
    ),
    RuleText(
        "racerbile.option.triple_clutch_full_beer",
        "Triple clutch: whole beer",
        "Three 1s cost a whole beer (11 sips) rather than just what is left of the current one.",
    ),
    RuleText(
        "racerbile.option.smashed_gearbox_zero",
        "Smashed gearbox stands still",
        "Three 1s move the car 0 fields and cost a whole beer (11 sips).",
        "Without this option a triple clutch fault still moves the car the 3 fields rolled.",
    ),
    RuleText(
        "racerbile.option.off_track_full_beer",
        "Off track: whole beer",
        "Leaving the track costs a whole beer (11 sips) on top of every other sip it brings.",
    ),
    RuleText(
        "racerbile.option.finish_in_front",
        "Sip for finishing ahead",
        "Ending your turn in front costs 1 sip, called as \"Jeg drikker for at slutte forrest\".",
    ),
    # Le Mans
    RuleText(
        "racerbile.lemans.teams",
        "Le Mans teams",
        "A 24-hour event for teams of three drivers on the dedicated Le Mans track, under the Racerbile "
        "rules with the changes below.",
    ),
    RuleText(
        "racerbile.lemans.judges",
        "Le Mans judges",
        "Appointed judges, meant to stay sober enough, rule instead of the players; they may change rules "
        "mid-event and hand out penalty sips freely.",
        "Rule changes may serve safety, keep the game going or entertain the audience; the program has a "
        "judges' console. Organisers (sobriety watch, bar, counters) take no part in the game.",
    ),
    RuleText(
        "racerbile.lemans.glasses",
        "Measuring glasses",
        "Each team gets glasses marked every 3 cl, 11 marks to a beer; any beer will do (see "
        "racerbile.beer), Guld Tuborg preferred.",
    ),
    RuleText(
        "racerbile.lemans.cap42",
        "42-sip ceiling",
        "No single turn can sentence a player to more than 42 sips.",
    ),
    RuleText(
        "racerbile.lemans.field42",
        "The 42 field",
        "Stopping on the 42 field lets you name an opponent who then drinks whatever you drink.",
    ),
    RuleText(
        "racerbile.lemans.dunlop",
        "Dunlop bridge",
        "Knocking the Dunlop bridge over means downing a whole beer.",
    ),
    RuleText(
        "racerbile.lemans.vomit",
        "Throwing up",
        "Vomiting over the table costs 5 laps, or disqualification if it holds up the game; on the floor, "
        "needing a clean-up, also 5 laps.",
    ),
    RuleText(
        "racerbile.lemans.pit",
        "Pit lane",
        "The pit lane must be entered in 1st gear; drivers swap there for free.",
    ),
    RuleText(
        "racerbile.lemans.driver_change",
        "Driver change on track",
        "Swapping drivers outside the pit is called before the turn; the incoming driver downs a whole beer "
        "and only then does the turn begin.",
        "He can be nøl'ed while drinking.",
    ),
    RuleText(
        "racerbile.lemans.nol",
        "Nøl in Le Mans",
        "A team can be nøl'ed three times in a turn; the fourth nøl is rounded up to a whole beer and the "
        "turn goes to the next team.",
        "If the team cannot put a driver at the table at its next turn, the judges decide whether it is out.",
    ),
    RuleText(
        "racerbile.lemans.delay",
        "Delaying the game",
        "Holding up the game outside your turn in a way no other rule covers: lose your next turn and a lap.",
    ),
    RuleText(
        "racerbile.lemans.end",
        "End of the race",
        "After 24 hours the last round is called; play stops once the team with the slowest time trial has "
        "had its turn.",
        "The clock runs a real 24 hours by default; the option lemans_hours sets another length and "
        "lemans_time_factor speeds time up.",
    ),
    RuleText(
        "racerbile.lemans.winner",
        "Deciding the winner",
        "The team with the most laps wins; on equal laps the position on the track decides.",
    ),
)
