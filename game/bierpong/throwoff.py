"""The throw-off (bierpong.art8): both balls at once (`Throwoff`) or one by one (`ThrowoffBall`, the
first held until the other side's), a rethrow when both or neither hit, and the winners' choice of who
begins (`Begin`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.bierpong.actions import Begin, Throwoff, ThrowoffBall
from game.bierpong.phases import CHOOSE, PLAY, THROWOFF
from game.errors import IllegalAction
from game.i18n import N_
from game.rules.frozen import replace
from game.rules.phrase import phrase
from game.rules.ruling import Ruling, What

if TYPE_CHECKING:
    from game.bierpong.state import BierpongState


def throwoff(st: BierpongState, a: Throwoff, rs: list[Ruling]) -> BierpongState:
    if st.phase != THROWOFF:
        raise IllegalAction(phrase(N_("the throw-off is over (bierpong.art8)")))
    if a.a not in st.sides[0].members or a.b not in st.sides[1].members:
        raise IllegalAction(phrase(N_("throw-off: first a player of {a}, then one of {b} (bierpong.art8)"), a=st.players[0], b=st.players[1]))
    if st.rethrow and (a.a, a.b) != st.rethrow:
        raise IllegalAction(phrase(N_("throw-off: both hit, so {a} and {b} throw again (bierpong.art8)"), a=st.rethrow[0], b=st.rethrow[1]))
    for o in (a.a_out, a.b_out):
        if o.cup is not None and o.cup not in st.sides[1 if o is a.a_out else 0].rack:
            raise IllegalAction(phrase(N_("throw-off: there is no cup {cup} (bierpong.art8)"), cup=o.cup))
    ha, hb = a.a_out.hit, a.b_out.hit
    if ha and hb:
        rs.append(Ruling(st.players[0], What.NOTE, 0, "bierpong.art8",
                         phrase(N_("Throw-off: {a} and {b} both hit – the same two throw again"), a=a.a, b=a.b)))
        return replace(st, rethrow=(a.a, a.b))
    if not ha and not hb:
        rs.append(Ruling(st.players[0], What.NOTE, 0, "bierpong.art8", phrase(N_("Throw-off: nobody hit – throw again"))))
        return st
    win = 0 if ha else 1
    first = a.a if ha else a.b
    rs.append(Ruling(st.players[win], What.NOTE, 0, "bierpong.art8",
                     phrase(N_("Throw-off: {first} hit first – {winners} choose who begins, {others} choose the table side"),
                            first=first, winners=st.players[win], others=st.players[1 - win])))
    return replace(st, phase=CHOOSE, team=win, rethrow=None)


def throwoff_ball(st: BierpongState, a: ThrowoffBall, rs: list[Ruling]) -> BierpongState:
    """One ball of the throw-off: the first (a player of the first team) is held, the second (of the
    other team) completes it – ruled as `Throwoff(first, second)`."""
    if st.phase != THROWOFF:
        raise IllegalAction(phrase(N_("the throw-off is over (bierpong.art8)")))
    first = st.throwoff_first
    t = st.throwing_team()
    if a.player not in st.sides[t].members:
        raise IllegalAction(phrase(N_("throw-off: the first ball is thrown by a player of {team} (bierpong.art8)") if t == 0 else
                                   N_("throw-off: the second ball is thrown by a player of {team} (bierpong.art8)"), team=st.players[t]))
    if st.rethrow and a.player != st.rethrow[t]:
        raise IllegalAction(phrase(N_("throw-off: both hit, so {a} and {b} throw again (bierpong.art8)"), a=st.rethrow[0], b=st.rethrow[1]))
    if first is not None:
        return throwoff(replace(st, throwoff_first=None), Throwoff(first[0], first[1], a.player, a.outcome), rs)
    if a.outcome.cup is not None and a.outcome.cup not in st.sides[1].rack:
        raise IllegalAction(phrase(N_("throw-off: there is no cup {cup} (bierpong.art8)"), cup=a.outcome.cup))
    rs.append(Ruling(st.players[0], What.NOTE, 0, "bierpong.art8",
                     phrase(N_("Throw-off: {name} {outcome} – now the ball of {team}"), name=a.player, outcome=str(a.outcome),
                            team=st.players[1])))
    return replace(st, throwoff_first=(a.player, a.outcome))


def begin(st: BierpongState, a: Begin, rs: list[Ruling]) -> BierpongState:
    if st.phase != CHOOSE:
        raise IllegalAction(phrase(N_("{action}: only the throw-off's winner chooses who begins, right after it (bierpong.art8)"), action=str(a)))
    t = st.side_named(a.team)
    rs.append(Ruling(st.players[t], What.NOTE, 0, "bierpong.art8",
                     phrase(N_("{chooser} chose: {team} begin"), chooser=st.players[st.team], team=st.players[t])))
    return st._new_round(t, replace(st, phase=PLAY))
