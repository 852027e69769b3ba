"""Cups removed and the end of a turn: the defenders' removals (bierpong.art3) or a hit cup left
standing, a Dead Cup (bierpong.art18); the turn's drinks (bierpong.art1, bierpong.art2); the house
rule's re-rack (bierpong.art5); and the game won (bierpong.art9)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.bierpong.actions import Leave, Remove
from game.bierpong.phases import CALLS, OVER, PLAY, REMOVE
from game.bierpong.rack import Rack
from game.errors import IllegalAction
from game.i18n import N_
from game.rules import bierpong as R
from game.rules.frozen import replace
from game.rules.phrase import phrase
from game.rules.ruling import Ruling, What

if TYPE_CHECKING:
    from game.bierpong.state import BierpongState


def remove_cups(st: BierpongState, a: Remove | Leave, rs: list[Ruling]) -> BierpongState:
    """`Remove` or `Leave`: the removal due now (REMOVE), or a Dead Cup its owners take away."""
    t = st.side_named(a.team)
    side = st.sides[t]
    if st.phase == REMOVE:
        if t == st.team:
            raise IllegalAction(phrase(N_("{action}: {team} throw; their opponents remove cups now"), action=str(a), team=side.name))
        item = st.queue[0]
        if isinstance(a, Leave):
            if a.cup != item.cup:
                raise IllegalAction(phrase(N_("{action}: the cup to remove now is {cup}"), action=str(a), cup=item.cup))
            rs.append(Ruling(side.name, What.NOTE, 0, "bierpong.art18",
                             phrase(N_("{team} leave the hit cup {cup} standing: a Dead Cup – if hit again, the hitters win at once"),
                                    team=side.name, cup=item.cup)))
            if not st._may_leave(item):
                why = (N_("it is the last cup standing: the hit opens the Konter (bierpong.art10)") if item.may_stay else
                       N_("only a plain hit's cup may stay; a special shot's, balls back's and a trickshot's cups go (bierpong.art3, bierpong.art13, bierpong.art19)"))
                raise IllegalAction(phrase(N_("{action}: cup {cup} cannot be left standing – {why}; {removal}"), action=str(a), cup=item.cup, why=phrase(why),
                                           removal=item.arithmetic))
            new = replace(side, dead=side.dead | {item.cup}, owed=(*side.owed, item))
            st = replace(st._with_side(t, new), queue=st.queue[1:], just_left=st.just_left | {item.cup})
            return st._flow(rs)
        choices = st._extra_choices(item)
        if not a.cups or a.cups[0] != item.cup or tuple(sorted(a.cups[1:])) not in {tuple(sorted(c)) for c in choices}:
            near, _ = side.rack.eligible_extra(item.cup, item.extra, frozenset(r.cup for r in st.queue[1:]))
            raise IllegalAction(phrase(N_("{action}: remove cup {cup} and {n} more – the adjacent ones first ({near}) (bierpong.art3); {removal}"), action=str(a),
                                       cup=item.cup, n=item.extra, near=", ".join(map(str, near)) or phrase(N_("none left")), removal=item.arithmetic))
        return do_remove(st, item, a.cups, rs)._flow(rs)
    # a Dead Cup removed by its owners, not in the other team's round (bierpong.art18)
    if isinstance(a, Leave) or t != st.team or st.phase not in (PLAY, CALLS) or not a.cups or a.cups[0] not in side.dead:
        raise IllegalAction(phrase(N_("{action}: cups are removed after a hit, or a Dead Cup by its owners in their own round (bierpong.art18)"), action=str(a)))
    item = next(r for r in side.owed if r.cup == a.cups[0])
    near, rest = side.rack.eligible_extra(item.cup, item.extra)
    n = min(item.extra, len(near) + len(rest))
    ok = set(a.cups[1:]) <= set(near) if n <= len(near) else set(near) <= set(a.cups[1:]) <= set(near) | set(rest)
    if len(a.cups) - 1 != n or not ok:
        raise IllegalAction(phrase(N_("{action}: the Dead Cup {cup} goes with {n} more, adjacent ones first (bierpong.art3)"), action=str(a), cup=item.cup, n=n))
    rs.append(Ruling(side.name, What.CUPS, 1 + n, "bierpong.art18",
                     phrase(N_("{team} remove their Dead Cup: {removal}"), team=side.name, removal=item.arithmetic)))
    new = replace(side, rack=side.rack.without(set(a.cups)), dead=side.dead - {item.cup},
                              owed=tuple(r for r in side.owed if r is not item))
    st = st._with_side(t, new)
    if not len(new.rack):  # their own last cup: no cup standing, the game is decided – no Konter (the Decision "The end")
        rs.append(Ruling(side.name, What.NOTE, 0, "bierpong.art9",
                         phrase(N_("{team} removed their last cup: no cup left standing – they lose at once, no Konter"), team=side.name)))
        return win(st, 1 - t, rs)
    return st


def do_remove(st: BierpongState, item: R.Removal, cups: tuple[int, ...], rs: list[Ruling]) -> BierpongState:
    """The first removal of the queue made with these cups (the hit cup first, then the extras)."""
    t = 1 - st.team
    side = st.sides[t]
    gone = [c for c in cups if c in side.rack]
    removed = " ".join(map(str, gone))
    if len(gone) == item.count:
        said = phrase(N_("{removal} (removed: {cups})"), removal=item.arithmetic, cups=removed)
    else:
        said = phrase(N_("{removal} – only {n} left to remove (removed: {cups})"), removal=item.arithmetic, n=len(gone), cups=removed)
    rs.append(Ruling(side.name, What.CUPS, len(gone), item.rule, said))
    # a Dead Cup taken along (as an extra, or by a trickshot into it) is no longer listed as dead
    new = replace(side, rack=side.rack.without(set(gone)), dead=side.dead - set(gone),
                              owed=tuple(r for r in side.owed if r.cup not in gone))
    st = replace(st._with_side(t, new), queue=st.queue[1:])
    if st.profile["drink_per_removed_cup"]:  # the bonus cups are drunk too (bierpong.art1, the option)
        bonus = len([c for c in gone if c != item.cup])
        st = replace(st, turn_cups=st.turn_cups + bonus, round_drinks=st.round_drinks + bonus)
    return st


def book_drinks(st: BierpongState, rs: list[Ruling]) -> None:
    """The turn's drinks for every defender (bierpong.art1, bierpong.art2)."""
    if not st.turn_cups:
        return
    per = int(st.profile["drink_per_cup"] or 1)  # type: ignore[arg-type]
    n = st.turn_cups
    if st.profile["drink_per_removed_cup"]:
        cups = phrase(N_("{n} cup removed") if n == 1 else N_("{n} cups removed"), n=n)
        template = N_("{who} drinks {cups} × {per} = {sips}, every removed cup counts (drink_per_removed_cup), now that all throws are done (bierpong.art2)")
    else:  # per hit cup, once however many balls went in (the Decision)
        cups = phrase(N_("{n} cup hit") if n == 1 else N_("{n} cups hit"), n=n)
        template = N_("{who} drinks {cups} × {per} = {sips}, now that all throws are done (bierpong.art2)")
    for m in st.defender.members:
        rs.append(Ruling(m, What.SIPS, n * per, "bierpong.art1",
                         phrase(template, who=m, cups=cups, per=R.sips(per), sips=R.sips(n * per))))


def end_turn(st: BierpongState, rs: list[Ruling]) -> BierpongState:
    book_drinks(st, rs)
    st = replace(st, last_pair=st._pairs(frozenset(st.standard)))
    st = rerack(st, 1 - st.team, rs)
    return st._new_round(1 - st.team, st)


def rerack(st: BierpongState, t: int, rs: list[Ruling]) -> BierpongState:
    side = st.sides[t]
    n = len(side.rack)
    if n not in R.rerack_counts(st.profile["rerack_at"]) or n in side.reracked or side.dead or n not in R.RERACK_OF:
        return st
    kind = R.RERACK_OF[n]
    rack = Rack.of(kind)
    rs.append(Ruling(side.name, What.NOTE, 0, "bierpong.art5",
                     phrase(N_("House rule rerack_at: {team} re-rack their {n} cups ({formation}, cups 1–{n})"), team=side.name, n=n, formation=kind)))
    return st._with_side(t, replace(side, rack=rack, reracked=(*side.reracked, n)))


def win(st: BierpongState, w: int, rs: list[Ruling], *, drinks: bool = True) -> BierpongState:
    if drinks and w == st.team:
        book_drinks(st, rs)
    rs.append(Ruling(st.players[1 - w], What.LOSS, 1, "bierpong.art9",
                     phrase(N_("{winners} win: {losers} lose the game"), winners=st.players[w], losers=st.players[1 - w])))
    return replace(st, phase=OVER, winner=w, konter=None, queue=())
