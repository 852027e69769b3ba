"""The Konter (bierpong.art10), once the last cup fell: the counter balls and their trickshots, the
special shot repeated (in full, or any part with `konter_any_part`), and the verdict – made (the
finishing round's cups stand again, the finishers throw a new round) or failed (the game is won)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.bierpong.outcome import Outcome
from game.bierpong.phases import KONTER, hits_text, throws_text
from game.bierpong.removals import win
from game.errors import IllegalAction
from game.i18n import N_
from game.rules import bierpong as R
from game.rules.frozen import replace
from game.rules.phrase import phrase
from game.rules.ruling import Ruling, What

if TYPE_CHECKING:
    from game.bierpong.state import BierpongState


def konter_throw(st: BierpongState, player: str, o: Outcome, rs: list[Ruling]) -> BierpongState:
    """A counter ball (bierpong.art10): a regular one, or a fetched ball's trickshot after them."""
    k = st.konter
    assert k is not None
    if st.team_of(player) != k.team:
        raise IllegalAction(phrase(N_("{who}: {team} are countering (bierpong.art10)"), who=player, team=st.players[k.team]))
    trick = k.made - k.trick_made >= k.throws  # the regular counter balls are thrown: a fetched ball's trickshot
    got, cups, sp, balls = k.got, k.cups, k.special_done, k.balls
    called = dict(st.island).get(player)
    here = st if called is None else replace(st, island=tuple(x for x in st.island if x[0] != player))
    hit = o.hit
    if hit and called is not None and o.cup != called:
        rs.append(Ruling(player, What.NOTE, 0, "bierpong.art22",
                         phrase(N_("Island {called} called, but {who} hit cup {cup}: it does not count"), called=called, who=player, cup=o.cup)))
        hit = False
    if hit:
        assert o.cup is not None
        if o.cup in st.sides[st.team].dead:  # as at any other time (the Decision "A Dead Cup hit during a Konter")
            rs.append(Ruling(st.players[k.team], What.NOTE, 0, "bierpong.art18",
                             phrase(N_("{who} hit the Dead Cup {cup} during the Konter: {team} win at once"),
                                    who=player, cup=o.cup, team=st.players[k.team])))
            return win(here._with_side(k.team, k.saved), k.team, rs)
        got += 1
        balls = (*balls, (o.cup, o.bounced or o.roller, called is not None))
        sp = sp or konter_special(k.special, balls, any_part=bool(st.profile["konter_any_part"]))
        cups = (*cups, o.cup)
    if trick:
        tricks = list(k.tricks)
        tricks.remove(player)
        k = replace(k, tricks=tuple(tricks), trick_made=k.trick_made + 1)
    else:
        k = replace(k, by=(*k.by, player))
    k = replace(k, made=k.made + 1, got=got, cups=cups, special_done=sp, balls=balls)
    # a counter hit is no hit of a streak (counter balls leave streaks alone, bierpong.art21): no call follows it
    word = "counter hit" if hit else "air" if o.air else "back" if o.back else "miss"
    st = replace(here, konter=k, last=(player, word, trick))
    return konter_verdict(st, rs)


def konter_open(st: BierpongState) -> bool:
    """The Konter is lost unless the counter ball that just came back is fetched (bierpong.art19): the
    table waits for the fetch or "end of round"."""
    k = st.konter
    if st.phase != KONTER or k is None or konter_made(st) or not st.last or st.last[1] != "back":
        return False
    return k.left == 0 or k.got + k.left < k.hits


def konter_made(st: BierpongState) -> bool:
    """The counter has its hits, and its special shot if the finishing round had one."""
    k = st.konter
    return k is not None and k.got >= k.hits and (k.special_done or not k.special)


def konter_verdict(st: BierpongState, rs: list[Ruling], *, no_fetch: bool = False) -> BierpongState:
    """After a counter ball: made, failed, or on (bierpong.art10); a ball that came back may still be
    fetched for a trickshot first (`konter_open`) unless `no_fetch`."""
    k = st.konter
    assert k is not None
    if konter_made(st):
        if k.special and not konter_special(k.special, k.balls, any_part=False):
            rs.append(Ruling(st.players[k.team], What.NOTE, 0, "bierpong.art10",
                             phrase(N_("Option konter_any_part: one part of the {shot} is enough for the Konter"), shot=R.shot_name(k.special))))
        rs.append(Ruling(st.players[k.team], What.NOTE, 0, "bierpong.art10",
                         phrase(N_("Konter made: {got} in {made} – no cups removed, {team} throw again"),
                                got=hits_text(k.got), made=throws_text(k.made), team=st.players[st.team])))
        # every cup the finishing round removed stands again (the Decision "Balls back in the finishing round")
        st = st._with_side(k.team, k.saved)
        pairs = list(st.last_pair)
        if len(k.by) >= 2:  # the counter was the team's round: the next one is thrown by another pair (bierpong.art11)
            pairs[k.team] = frozenset(k.by[:2])
        st = replace(st, konter=None, turn_cups=st.turn_cups - st.round_drinks, last_pair=(pairs[0], pairs[1]))
        # a new round of the finishers: another pair than the finishing one (the Decision "The round after a made Konter")
        return st._new_round(st.team, st, keep_turn=True)
    if k.left and k.got + k.left >= k.hits:
        return st
    if not no_fetch and konter_open(st):
        return st
    without = phrase(N_(", without the {shot} shot"), shot=R.shot_name(k.special)) if k.special and not k.special_done else ""
    throws = k.made + k.left
    rs.append(Ruling(st.players[k.team], What.NOTE, 0, "bierpong.art10",
                     phrase(N_("Konter failed: {got} of {needed} in {made} of {throws} throw{without}") if throws == 1 else
                            N_("Konter failed: {got} of {needed} in {made} of {throws} throws{without}"),
                            got=k.got, needed=phrase(N_("{n} hit needed") if k.hits == 1 else N_("{n} hits needed"), n=k.hits),
                            made=k.made, throws=throws, without=without)))
    return win(replace(st, konter=None), st.team, rs)


def konter_special(special: str, balls: tuple[tuple[int, bool, bool], ...], *, any_part: bool) -> bool:
    """Did the counter's hits repeat the finishing shot (bierpong.art10)? In full (the Decision "The
    Konter's special shot"): one cup got all its parts – two balls in it for a Bombe, one on its called
    Island, one bounced (bierpong.combo); with `any_part` one of the parts is enough."""
    need = set(special.split("+")) - {""}
    for cup in dict.fromkeys(b[0] for b in balls):
        mine = [b for b in balls if b[0] == cup]
        made = {p for p, on in (("bombe", len(mine) >= 2), ("island", any(b[2] for b in mine)), ("bounce", any(b[1] for b in mine))) if on}
        if need <= made or (any_part and need & made):
            return True
    return False
