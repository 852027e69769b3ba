"""A Bierpong match's actions in words, for the replay viewer: "Ann hits cup 3", "Cem swats Ann's
ball away", "the Owls remove cups 5, 2". The notation stays the log's truth; these are phrases said
in the reader's language (`game.i18n.tr`). No pygame here.
"""
from __future__ import annotations

from typing import Any

from game.bierpong.actions import (Begin, Call, Catch, Clock, EndRound, Fetch, Foul, KnockOver, Leave, Remove, Swat,
                                   Throw, Throwoff, ThrowoffBall, Time, Together, parse_action)
from game.bierpong.outcome import Outcome
from game.i18n import N_
from game.rules.phrase import Phrase, action_or_words, phrase


def outcome_words(who: str, o: Outcome) -> Phrase:
    """A throw and where it went: "Ann hits cup 3", "Ann misses"."""
    if o.cup is not None:
        if o.roller:
            return phrase(N_("{who} rolls over the rims into cup {cup}"), who=who, cup=o.cup)
        return phrase(N_("{who} hits cup {cup} off a bounce") if o.bounced else N_("{who} hits cup {cup}"), who=who, cup=o.cup)
    if o.air:
        return phrase(N_("{who} throws an air ball"), who=who)
    if o.back:
        return phrase(N_("{who}'s ball comes back"), who=who)
    return phrase(N_("{who} misses"), who=who)


_CALLS = {"heating up": N_("{who} is heating up"), "on fire": N_("{who} is on fire"), "straighten": N_("{who} asks to straighten the cups"),
          "ball out": N_("{who} asks for the ball to be taken out")}
_FOULS = {"elbow": N_("{who}'s elbow was over the edge"), "blow": N_("{who} blew"), "early": N_("{who} threw while the others drank"),
          "forgot": N_("{who} forgot to drink")}


def _cups(cups: tuple[int, ...]) -> str:
    return ", ".join(map(str, cups))


def action_words(text: str, who: str = "", state: Any = None) -> str:
    """One logged action in words (the notation names its players itself); an action not
    understood comes back as it is."""
    a = action_or_words(text, parse_action)
    if isinstance(a, str):
        return a
    if isinstance(a, Throwoff):
        return phrase(N_("throw-off: {a}; {b}"), a=outcome_words(a.a, a.a_out), b=outcome_words(a.b, a.b_out))
    if isinstance(a, ThrowoffBall):
        return phrase(N_("throw-off: {a}"), a=outcome_words(a.player, a.outcome))
    if isinstance(a, Begin):
        return phrase(N_("{team} begin"), team=a.team)
    if isinstance(a, Throw):
        return outcome_words(a.player, a.outcome)
    if isinstance(a, Together):
        return phrase(N_("{a} & {b}"), a=outcome_words(a.first.player, a.first.outcome), b=outcome_words(a.second.player, a.second.outcome))
    if isinstance(a, Call):
        if a.word == "island":
            return phrase(N_("{who} calls Island on cup {cup}"), who=a.player, cup=a.cup)
        return phrase(_CALLS.get(a.word, "{who}: " + a.word), who=a.player)
    if isinstance(a, Swat):
        return phrase(N_("{who} swats {thrower}'s ball away"), who=a.defender, thrower=a.thrower)
    if isinstance(a, Catch):
        return phrase(N_("{who} catches {thrower}'s ball"), who=a.catcher, thrower=a.thrower)
    if isinstance(a, Fetch):
        return phrase(N_("{who} fetches the ball"), who=a.player)
    if isinstance(a, Remove):
        if len(a.cups) == 1:
            return phrase(N_("{team} remove cup {cups}"), team=a.team, cups=_cups(a.cups))
        return phrase(N_("{team} remove cups {cups}"), team=a.team, cups=_cups(a.cups))
    if isinstance(a, Leave):
        return phrase(N_("{team} leave cup {cup} standing"), team=a.team, cup=a.cup)
    if isinstance(a, KnockOver):
        cups = (a.cup, *a.more)
        if len(cups) == 1:
            return phrase(N_("{who} knocks over cup {cups}"), who=a.player, cups=_cups(cups))
        return phrase(N_("{who} knocks over cups {cups}"), who=a.player, cups=_cups(cups))
    if isinstance(a, Foul):
        return phrase(_FOULS.get(a.kind, a.kind + " {who}"), who=a.player)
    if isinstance(a, EndRound):
        return phrase(N_("the round is over"))
    if isinstance(a, Time):
        return phrase(N_("the time is up"))
    assert isinstance(a, Clock)
    return phrase(N_("the game clock runs {seconds} s"), seconds=a.seconds)
