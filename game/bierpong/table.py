"""The table's events and calls: both balls at once (bierpong.art4), swats, catches and fetches
(bierpong.art14, art23, art19), the calls (straighten, ball out, Island, the streak's), fouls, the game
clock and the timer's end (bierpong.art9), and cups knocked over (bierpong.art16)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.bierpong.actions import Call, Catch, Clock, Fetch, Foul, KnockOver, Swat, Together
from game.bierpong.outcome import Outcome
from game.bierpong.phases import CALLS, CHOOSE, KONTER, OVER, PLAY, REMOVE, THROWOFF, hits_text
from game.bierpong.removals import book_drinks, do_remove, win
from game.errors import IllegalAction
from game.i18n import N_
from game.rules.frozen import replace
from game.rules.phrase import phrase
from game.rules.ruling import Ruling, What

if TYPE_CHECKING:
    from game.bierpong.state import BierpongState


def together(st: BierpongState, a: Together, rs: list[Ruling]) -> BierpongState:
    """Both standard balls thrown at once (bierpong.art4): in a team game, by the pair whose turn it is."""
    if st.phase == PLAY and len(st.sides[st.team].members) == 1:
        raise IllegalAction(phrase(N_("{action}: throwing both balls at once is forbidden to a lone player – singles (bierpong.art4)"), action=str(a)))
    if st.phase != PLAY or st.on_fire or st.stage != "throws" or st.standard:
        raise IllegalAction(phrase(N_("{action}: two balls at once only as a round's two standard throws (bierpong.art4)"), action=str(a)))
    for t in (a.first, a.second):
        if st.team_of(t.player) != st.team:
            raise IllegalAction(phrase(N_("{who}: it is {team}'s round"), who=t.player, team=st.players[st.team]))
    if len(st.sides[st.team].members) >= 3:  # only the pair whose turn it is: together lifts no rotation (the Decision)
        firsts = st._standard_throwers()
        seconds = replace(st, standard=(a.first.player,))._standard_throwers()
        if a.first.player not in firsts or a.second.player not in seconds:
            pairs = sorted({" + ".join(sorted((p, q))) for p in firsts
                            for q in replace(st, standard=(p,))._standard_throwers()})
            raise IllegalAction(phrase(N_("{action}: both balls at once only by the pair whose turn it is ({pairs}) (bierpong.art11)"), action=str(a), pairs=", ".join(pairs)))
    if a.first.player == a.second.player:
        said = phrase(N_("{who} throws both balls at once – allowed in a team game"), who=a.first.player)
    else:
        said = phrase(N_("{first} and {second}: both balls at once – allowed in a team game"), first=a.first.player, second=a.second.player)
    rs.append(Ruling(st.players[st.team], What.NOTE, 0, "bierpong.art4", said))
    st = replace(st, standard=("",))._throw(a.first.player, a.first.outcome, rs, together=True)
    st = replace(st, standard=(a.first.player,))
    if st.phase == OVER:
        return st
    st = st._throw(a.second.player, a.second.outcome, rs, together=True)
    return st._flow(rs)


def swat(st: BierpongState, a: Swat, rs: list[Ruling]) -> BierpongState:
    """A defender swats a bounced ball away (bierpong.art14): the throw is a miss."""
    # in a Konter too: the finishers swat a bounced counter ball (the Decision "Swats, catches and fetches during a Konter")
    t = st.throwing_team()
    if st.phase not in (PLAY, KONTER) or st.team_of(a.defender) == t or st.team_of(a.thrower) != t:
        raise IllegalAction(phrase(N_("{action}: a defender swats a bounced ball of the throwing team (bierpong.art14)"), action=str(a)))
    rs.append(Ruling(a.defender, What.NOTE, 0, "bierpong.art14",
                     phrase(N_("{defender} swats {thrower}'s ball away after it touched down: no hit"), defender=a.defender, thrower=a.thrower)))
    return st._throw(a.thrower, Outcome(), rs)._flow(rs)


def catch(st: BierpongState, a: Catch, rs: list[Ruling]) -> BierpongState:
    """An air ball caught (bierpong.art23): the catcher's team throws one ball more in its next round."""
    # a counter air ball too: the catcher throws twice in his team's next round (the Decision "Swats, catches
    # and fetches during a Konter")
    if st.phase not in (PLAY, CALLS, KONTER) or not st.last or st.last[1] != "air" or st.last[0] != a.thrower:
        raise IllegalAction(phrase(N_("{action}: only a ball that just went over as an air ball can be caught (bierpong.art23)"), action=str(a)))
    if st.last[2]:
        raise IllegalAction(phrase(N_("{action}: a trickshot caught behind the edge is no air ball (bierpong.art19)"), action=str(a)))
    t = st.throwing_team()
    if st.team_of(a.catcher) == t:
        raise IllegalAction(phrase(N_("{action}: the catcher must be of the other team (bierpong.art23)"), action=str(a)))
    rs.append(Ruling(a.catcher, What.NOTE, 0, "bierpong.art23",
                     phrase(N_("Air ball caught: {team} have one throw more in their next round – {catcher} throws it after the two standard throws"),
                            team=st.players[1 - t], catcher=a.catcher)))
    return replace(st, last=(a.thrower, "caught", False), next_extra=(*st.next_extra, (1 - t, a.catcher)))._flow(rs)


def fetch(st: BierpongState, a: Fetch, rs: list[Ruling]) -> BierpongState:
    """A ball that came back fetched (bierpong.art19): a trickshot once the regular throws are done."""
    t = st.throwing_team()
    if st.phase not in (PLAY, CALLS, KONTER) or not st.last or st.last[1] != "back" or st.team_of(a.player) != t:
        raise IllegalAction(phrase(N_("{action}: only the throwing team fetches a ball that just came back to its half (bierpong.art19)"), action=str(a)))
    if st.phase == KONTER and st.konter is not None:  # a counter ball: a trickshot after the regular counter balls
        k = st.konter
        rs.append(Ruling(a.player, What.NOTE, 0, "bierpong.art19",
                         phrase(N_("{who} fetched the counter ball: a trickshot once the Konter's {n} regular throws are done"),
                                who=a.player, n=k.throws)))
        return replace(st, last=(a.player, "fetched", False), konter=replace(k, tricks=(*k.tricks, a.player)))
    rs.append(Ruling(a.player, What.NOTE, 0, "bierpong.art19",
                     phrase(N_("{who} fetched the ball: a trickshot once the regular throws are done"), who=a.player)))
    st = replace(st, last=(a.player, "fetched", False), fetched=(*st.fetched, a.player))
    return replace(st, phase=PLAY)._flow(rs)


def call(st: BierpongState, a: Call, rs: list[Ruling]) -> BierpongState:
    """A call at the table: straighten (bierpong.art5), ball out (bierpong.art6), Island, or a streak's call (bierpong.art21)."""
    t = st.team_of(a.player)
    other = st.players[1 - t]
    if a.word == "straighten":
        rs.append(Ruling(other, What.NOTE, 0, "bierpong.art5",
                         phrase(N_("{who} asks {team} to straighten their cups: they must (and not unasked)"), who=a.player, team=other)))
        return st
    if a.word == "ball out":
        rs.append(Ruling(other, What.NOTE, 0, "bierpong.art6",
                         phrase(N_("{who} asks {team} to take a ball out of a cup: they must"), who=a.player, team=other)))
        return st
    if a.word == "island":
        return call_island(st, a, rs)
    if a not in st._calls():
        n = st.streak_of(a.player)
        raise IllegalAction(phrase(N_("{action}: {who} has {hits} in a row; \"Heating up\" from two, \"On fire\" from three (with or "
                                      "without \"Heating up\"), each right after a hit of the streak (bierpong.art21)"), action=str(a), who=a.player, hits=hits_text(n)))
    if a.word == "heating up":
        rs.append(Ruling(a.player, What.CALL, 0, "bierpong.art21", phrase(N_("{who}: {n} in a row"), who=a.player, n=st.streak_of(a.player)),
                          words=("Heating up!",)))
        return replace(st, heated=tuple(sorted({**dict(st.heated), a.player: st.streak_of(a.player)}.items())))
    rs.append(Ruling(a.player, What.CALL, 0, "bierpong.art21",
                     phrase(N_("{who} is on fire: throws until a miss"), who=a.player), words=("On fire!",)))
    st = replace(st, on_fire=a.player, phase=PLAY, ended=False)
    if st.stage == "tricks" or st.queue:
        return st._flow(rs)
    return st


def call_island(st: BierpongState, a: Call, rs: list[Ruling]) -> BierpongState:
    """Island called on a cup standing alone for the caller's next throw, once a game (bierpong.art22)."""
    # in a Konter too: the counter repeats an Island with its call (bierpong.art10, the Decision "The Konter's special shot")
    if st.phase not in (PLAY, KONTER) or a.player not in st.throwers():
        raise IllegalAction(phrase(N_("{action}: Island is called by the player about to throw (bierpong.art22)"), action=str(a)))
    if a.player in st.islands_used:
        raise IllegalAction(phrase(N_("{action}: {who} has called Island already – once per game (bierpong.art22)"), action=str(a), who=a.player))
    if a.player in dict(st.island):
        raise IllegalAction(phrase(N_("{action}: {who} has called Island for the next throw already (bierpong.art22)"), action=str(a), who=a.player))
    assert a.cup is not None
    rack = st.sides[st.team].rack if st.phase == KONTER else st.defender.rack
    if not rack.is_island(a.cup):
        raise IllegalAction(phrase(N_("{action}: cup {cup} is not an island – it has neighbours or is gone (islands: {islands}) (bierpong.art22)"),
                                   action=str(a), cup=a.cup, islands=", ".join(map(str, rack.islands())) or phrase(N_("none"))))
    rs.append(Ruling(a.player, What.CALL, 0, "bierpong.art22", phrase(N_("{who} calls Island on cup {cup}"), who=a.player, cup=a.cup),
                      words=(f"Island {a.cup}!",)))
    return replace(st, island=(*st.island, (a.player, a.cup)), islands_used=st.islands_used | {a.player})


def foul(st: BierpongState, a: Foul, rs: list[Ruling]) -> BierpongState:
    """A foul noted (bierpong.art2, art7, art12, art17); the options give an elbow or a blown ball a sanction."""
    t = st.team_of(a.player)
    # fouls the rulebook forbids without a sanction (the Decision): noted with the article, nothing changes –
    # the table may sanction one by a challenge; the options give the old readings (recorded as the table rules)
    if a.kind == "elbow":
        if st.profile["elbow_voids_throw"]:
            check_void(st, a)
            said = phrase(N_("{who}'s elbow was over the table edge: that throw is void and not recorded – {who} throws it again "
                             "(elbow_voids_throw)"), who=a.player)
        else:
            said = phrase(N_("{who}'s elbow was over the table edge: a foul, noted – the rulebook sets no sanction, the throw stands "
                             "(the table may sanction it by a challenge)"), who=a.player)
        rs.append(Ruling(a.player, What.NOTE, 0, "bierpong.art12", said))
    elif a.kind == "blow":
        if st.profile["blown_ball_counts"]:
            said = phrase(N_("{who} blew or fingered out a ball not fully in the cup: not allowed – it counts as in (blown_ball_counts)"),
                          who=a.player)
        else:
            said = phrase(N_("{who} blew or fingered out a ball not fully in the cup: a foul, noted – the rulebook sets no sanction, "
                             "the ball is ruled where it ended (the table may sanction it by a challenge)"), who=a.player)
        rs.append(Ruling(a.player, What.NOTE, 0, "bierpong.art17", said))
    elif a.kind == "early":
        rs.append(Ruling(a.player, What.NOTE, 0, "bierpong.art7",
                         phrase(N_("{who} threw while {team} still had to drink: a foul, noted – the rulebook sets no sanction, the throw "
                                   "stands (the table may sanction it by a challenge)"), who=a.player, team=st.players[1 - t])))
    else:
        rs.append(Ruling(st.players[t], What.NOTE, 0, "bierpong.art2",
                         phrase(N_("{who} forgot to drink before the next round: {others} may set a penalty for all of {team} (a shot round)"),
                                who=a.player, others=st.players[1 - t], team=st.players[t])))
    return st


def check_void(st: BierpongState, a: Foul) -> None:
    """`elbow_voids_throw` (bierpong.art12): the voided throw is left out of the record and the call
    stands in its place, so the player must be about to throw (as the live table does it: it takes
    the throw back first). A call the state cannot honour – the player's throw just recorded, which
    counts – is refused with how to record it."""
    if st.phase in (THROWOFF, CHOOSE):
        return
    nxt = replace(st, ended=True, phase=PLAY)._flow([]) if st.phase == CALLS else st
    if a.player in nxt.throwers():
        return
    if st.last is not None and st.last[0] == a.player and st.last[1] != "fetched":
        raise IllegalAction(phrase(N_("{action}: with elbow_voids_throw the voided throw is not recorded – {who}'s throw just recorded counts; "
                                      "take it back and write \"{action}\" in its place, then the throw again (bierpong.art12)"), action=str(a), who=a.player))
    raise IllegalAction(phrase(N_("{action}: with elbow_voids_throw an elbow voids the throw of the player about to throw, and {who} is not "
                                  "(next to throw: {next}) – write \"{action}\" in place of the voided throw (bierpong.art12)"), action=str(a), who=a.player,
                               next=", ".join(nxt.throwers()) or phrase(N_("nobody"))))


def run_clock(st: BierpongState, a: Clock) -> BierpongState:
    """`Clock(seconds)`: the game clock runs on (bierpong.art9), never past the timer."""
    limit = st.time_limit()
    if limit is None:
        raise IllegalAction(phrase(N_("clock: this game has no timer (bierpong.art9)")))
    if not st.clock_runs():
        raise IllegalAction(phrase(N_("clock: the game clock runs from the end of the throw-off until time is up (bierpong.art9)")))
    if a.seconds < 1 or st.clock + a.seconds > limit:
        raise IllegalAction(phrase(N_("clock: {n} s – the clock has {left} s left (bierpong.art9)"), n=a.seconds, left=limit - st.clock))
    return replace(st, clock=st.clock + a.seconds)


def time_up(st: BierpongState, rs: list[Ruling]) -> BierpongState:
    """`Time`: the timer ran out (bierpong.art9) – more cups left wins, a tie is sudden death."""
    if not st.profile["timer"] or st.timed_out:
        raise IllegalAction(phrase(N_("time: this game has no timer running (bierpong.art9)")))
    # a hit cup not yet removed counts as gone, its drink is booked; a Dead Cup still standing is a cup
    # left (the Decision "Timer runs out with a hit cup not yet removed")
    now = st
    if st.phase in (PLAY, CALLS, REMOVE) and st.hits:  # the regular hits, and any on-fire cup still to remove
        now = st._close_regular([])
        now = replace(now, queue=(*st.queue, *now.queue))
    gone: list[Ruling] = []
    while now.queue and now.phase != KONTER:  # the cups the count takes as gone go, extra cups adjacent first (bierpong.art3)
        item = now.queue[0]
        now = do_remove(now, item, (item.cup, *now._extra_choices(item)[0]), gone)
    a, b = (len(s.rack) for s in now.sides)
    if a == b:  # the round goes on: its cups go when its regular throws are done, as always
        rs.append(Ruling(st.players[0], What.NOTE, 0, "bierpong.art9",
                         phrase(N_("Time: {a} cups to {b} – sudden death, the next team to hit wins, no Konter"), a=a, b=b)))
        return replace(st, timed_out=True, sudden=True)
    w = 0 if a > b else 1
    rs += [replace(r, arithmetic=phrase(N_("Time is up, the hit counts: {removal}"), removal=r.arithmetic)) for r in gone]
    rs.append(Ruling(st.players[w], What.NOTE, 0, "bierpong.art9",
                     phrase(N_("Time: {a} cups to {b} – {team} have more cups left and win"), a=a, b=b, team=st.players[w])))
    if now.phase != KONTER:
        book_drinks(now, rs)  # the turn's hit cups, drunk as at the end of a turn (bierpong.art1, bierpong.art2)
    # the final standing is the count's: the cups it took as gone are gone
    return win(replace(now, timed_out=True), w, rs, drinks=False)


def knock_over(st: BierpongState, a: KnockOver, rs: list[Ruling]) -> BierpongState:
    """Own cups knocked over (bierpong.art16): one cup goes, the last one is stood up again."""
    t = st.team_of(a.player)
    side = st.sides[t]
    named = (a.cup, *a.more)
    if len(set(named)) != len(named):
        raise IllegalAction(phrase(N_("{action}: name each cup that fell once"), action=str(a)))
    for c in named:
        if c not in side.rack:
            raise IllegalAction(phrase(N_("{action}: {team} have no cup {cup} standing"), action=str(a), team=side.name, cup=c))
    if len(side.rack) == 1:
        rs.append(Ruling(side.name, What.NOTE, 0, "bierpong.art16",
                         phrase(N_("{who} knocked over the last cup: it is stood up again, never removed this way"), who=a.player)))
        return st
    if 1 - t == st.team and a.cup in {h.cup for h in st.hits}:
        raise IllegalAction(phrase(N_("{action}: cup {cup} holds a ball of this round and goes anyway"), action=str(a), cup=a.cup))
    if a.more:  # one incident, one cup (the Decision): the first named goes – the owners name it first, as in a removal
        said = phrase(N_("{who} knocked over own cups {cups} at once: one incident, 1 cup removed – cup {cup}, named first; "
                         "the others are stood up again"), who=a.player, cups=" ".join(map(str, named)), cup=a.cup)
    else:
        said = phrase(N_("{who} knocked over own cup {cup}: 1 cup removed"), who=a.player, cup=a.cup)
    rs.append(Ruling(side.name, What.CUPS, 1, "bierpong.art16", said))
    new = replace(side, rack=side.rack.without({a.cup}), dead=side.dead - {a.cup})
    st = st._with_side(t, new)
    saved = st.round_saved
    if t != st.team and st.phase != KONTER and saved is not None and a.cup in saved.rack:
        # the owners' own cup: a made Konter puts back only what the finishing round's balls removed
        st = replace(st, round_saved=replace(saved, rack=saved.rack.without({a.cup}), dead=saved.dead - {a.cup}))
    return st
