"""A race's actions in words, for the match log and the replay viewer: "Rød shifts up a gear",
"Rød drives 5 fields to field 15 by Omvejen", "the dice show 5 6", "the judges: Blå drinks 3 sips";
and a car's state in the standings ("off the track", "−2 laps"), for the window and the phone alike.
The notation stays the log's truth; these are phrases said in the reader's language
(`game.i18n.tr`). No pygame here.
"""
from __future__ import annotations

from typing import Any

from game.i18n import N_, _
from game.racerbile.actions import Call, Clock, Dice, Drive, Driver, Judge, Name, Order, Shift, StartDie, parse_action
from game.racerbile.fieldnames import drive_words
from game.racerbile.parts import ROLL, START_ROLL, Car
from game.rules.option_words import option_label
from game.rules.phrase import action_or_words, phrase


def action_words(text: str, who: str, state: Any = None) -> str:
    """One logged action in words (`who`: the seat's name; `state`: the race it was made in, whose
    board names the fields a drive ends on); an action not understood comes back as it is."""
    a = action_or_words(text, parse_action)
    if isinstance(a, str):
        return a
    if isinstance(a, Order):
        if not a.times:
            return phrase(N_("the order of the start is rolled"))
        return phrase(N_("the time-trial times: {times} s"), times=", ".join(f"{t:g}" for t in a.times))
    if isinstance(a, StartDie):
        return phrase(N_("the start die shows {face}"), face=a.face)
    if isinstance(a, Shift):
        return phrase({1: N_("{who} shifts up a gear"), -1: N_("{who} shifts down a gear")}.get(a.delta, N_("{who} holds the gear")), who=who)
    if isinstance(a, Driver):
        return phrase(N_("{who}: {driver} takes the wheel"), who=who, driver=a.name)
    if isinstance(a, Dice):
        faces = " ".join(map(str, a.faces))
        return phrase(N_("the die shows {faces}") if len(a.faces) == 1 else N_("the dice show {faces}"), faces=faces)
    if isinstance(a, Drive):
        course, track = getattr(state, "course", None), getattr(state, "track", None)
        if course is not None and track is not None:
            return drive_words(course, track, who, a)
        n = len(a.path)
        if not n:
            return phrase(N_("{who} stays put"), who=who)
        return phrase(N_("{who} drives {n} field") if n == 1 else N_("{who} drives {n} fields"), who=who, n=n)
    if isinstance(a, Name):
        return phrase(N_("{who} names {player}"), who=who, player=a.player) if a.player else phrase(N_("{who} names nobody"), who=who)
    if isinstance(a, Call):
        if a.count != 1:
            return phrase(N_("the table calls a fault on {who}: {rule} × {n}"), who=a.who, rule=a.rule, n=a.count)
        return phrase(N_("the table calls a fault on {who}: {rule}"), who=a.who, rule=a.rule)
    if isinstance(a, Judge):
        return _judge_words(a)
    assert isinstance(a, Clock)
    return phrase(N_("{seconds} s of event time pass"), seconds=f"{a.seconds:g}")


def _judge_words(a: Judge) -> str:
    reason = a.reason or "–"
    if a.kind == "out":
        return phrase(N_("the judges put {team} out: {reason}"), team=a.target, reason=reason)
    if a.kind == "sips":
        one = a.value == "1"
        return phrase(N_("the judges: {who} drinks {n} sip – {reason}") if one else N_("the judges: {who} drinks {n} sips – {reason}"),
                      who=a.target, n=a.value, reason=reason)
    if a.kind == "laps":
        one = a.value == "1"
        return phrase(N_("the judges: {team} loses {n} lap – {reason}") if one else N_("the judges: {team} loses {n} laps – {reason}"),
                      team=a.target, n=a.value, reason=reason)
    return phrase(N_("the judges set {option} to {value} – {reason}"), option=phrase(option_label("racerbile", a.target)), value=a.value, reason=reason)


def car_notes(car: Car) -> list[str]:
    """What the standings say of a car beside its place, in the current language: put out by the
    judges (racerbile.lemans.judges), off the track, blocking, losing a turn, laps taken away."""
    notes = []
    if car.out:
        notes.append(_("out: {reason}").format(reason=car.out))
    if car.off:
        notes.append(_("off the track"))
    if car.flipped:
        notes.append(_("blocking"))
    if car.skip:
        notes.append(_("loses a turn"))
    if car.lost_laps:
        notes.append((_("−{n} lap") if car.lost_laps == 1 else _("−{n} laps")).format(n=car.lost_laps))
    return notes


def throw_dice(st: Any) -> int:
    """How many dice a real throw asks for now: one in the roll for the start order, else the dice in the air."""
    if st.phase == START_ROLL:
        return 1
    return st.turn.pending if st.phase == ROLL and st.turn is not None else 0


def throw_prompt(st: Any, seat: int) -> str:
    """What a real throw asks `seat` to enter, in words: the die for the order, the gear's dice, or
    the 5s and 6s thrown again (the desktop's pad and the phone's say the same)."""
    n = throw_dice(st)
    if st.phase == START_ROLL:
        return _("{name}: roll your die for the order and enter it").format(name=st.players[seat])
    t = st.turn
    assert t is not None
    who = st.driver(seat)
    if t.dice or t.fives:
        words = _("{name}: throw the 5 or 6 again and enter it") if n == 1 else _("{name}: throw the {n} fives and sixes again and enter them")
        return words.format(name=who, n=n)
    words = _("{name}: enter the die rolled in gear {gear}") if n == 1 else _("{name}: enter the {n} dice rolled in gear {gear}")
    return words.format(name=who, n=n, gear=t.gear)
