"""The dice table's actions in words (the log and the replay viewer say them so, as rulings are said):
"Anna rolls 3 4 4", "Anna keeps 6 6 and rolls 3", "Anna stands", "the dice show 4 1 1". The notation
(`roll 66`, `dice 344`) stays the log's truth; these are phrases (`game.rules.phrase`), said in the
reader's language with `game.i18n.tr`. No pygame here.
"""
from __future__ import annotations

from typing import Any

from game.dice.actions import Dice, Flip, Roll, Stand, Tower, parse_action
from game.i18n import N_
from game.rules.phrase import Phrase, action_or_words, phrase


def faces_text(faces: tuple[int, ...]) -> str:
    """Dice as a person reads them: "3 4 4"."""
    return " ".join(map(str, faces))


def action_words(text: str, who: str, state: Any = None) -> str:
    """One logged action in words (`who`: the seat's name; chance and the start have none); an
    action that is not the dice table's comes back as it is."""
    a = action_or_words(text, parse_action)
    if isinstance(a, str):
        return a
    if isinstance(a, Roll):
        if a.keep:
            return phrase(N_("{who} keeps {kept} and rolls the rest"), who=who, kept=faces_text(a.keep))
        return phrase(N_("{who} rolls"), who=who)
    if isinstance(a, Flip):
        return phrase(N_("{who} turns a six into a one") if a.count == 1 else N_("{who} turns two sixes into ones"), who=who)
    if isinstance(a, Stand):
        return phrase(N_("{who} stands"), who=who)
    if isinstance(a, Dice):
        return phrase(N_("the die shows {faces}") if len(a.faces) == 1 else N_("the dice show {faces}"), faces=faces_text(a.faces))
    assert isinstance(a, Tower)
    return phrase(N_("Türmchen: the roll is thrown again"))


KATCHEN_OPENING = ("game {game}, phase 1, round {round}: {who} leads; one throw of all three dice each, clockwise "
                   "({stack} mats on the stack)")  # katchen.phase1, as logged


def ruling_words(text: str) -> str:
    """A ruling as the table says it: Katchen's opening with one mat left says "1 mat" (the log keeps
    its words, "1 mats", so old logs replay); any other ruling as it is."""
    if isinstance(text, Phrase) and text.template == KATCHEN_OPENING and dict(text.args).get("stack") == 1:
        return phrase(N_("game {game}, phase 1, round {round}: {who} leads; one throw of all three dice each, clockwise (1 mat on the stack)"),
                      **{k: v for k, v in text.args if k != "stack"})
    return text


def roll_words(roll: str, dice: str, who: str, towers: int = 0) -> Phrase | str:
    """A roll with the dice it brought, one line of the match log: "Anna rolls 3 4 4", "Anna keeps
    6 6 and rolls 3" (`towers`: Türmchen before the dice fell)."""
    try:
        a, d = parse_action(roll), parse_action(dice)
    except ValueError:
        return roll
    if not isinstance(a, Roll) or not isinstance(d, Dice):
        return action_words(roll, who)
    faces = faces_text(d.faces)
    if a.keep:
        line = phrase(N_("{who} keeps {kept} and rolls {faces}"), who=who, kept=faces_text(a.keep), faces=faces)
    else:
        line = phrase(N_("{who} rolls {faces}"), who=who, faces=faces)
    return phrase(N_("{line} (after a Türmchen)"), line=line) if towers else line
