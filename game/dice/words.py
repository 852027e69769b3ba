"""The dice table's actions in words (the log and the replay viewer say them so, as rulings are said):
"Anna rolls 3 4 4", "Anna keeps 6 6 and rolls 3", "Anna stands", "the dice show 4 1 1". The notation
(`roll 66`, `dice 344`) stays the log's truth; these are phrases (`game.rules.phrase`), said in the
reader's language with `game.i18n.tr`. No pygame here.
"""
from __future__ import annotations

from typing import Any, Sequence

from game.dice.actions import Action, Dice, Flip, Roll, Stand, Tower, parse_action
from game.i18n import N_
from game.rules.matchlog import Entry
from game.rules.phrase import Phrase, action_or_words, phrase
from game.state import CHANCE


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


def roll_words(roll: Roll, dice: Dice, who: str, towers: int = 0) -> Phrase:
    """A roll with the dice it brought, one line of the match log: "Anna rolls 3 4 4", "Anna keeps
    6 6 and rolls 3" (`towers`: Türmchen before the dice fell)."""
    faces = faces_text(dice.faces)
    if roll.keep:
        line = phrase(N_("{who} keeps {kept} and rolls {faces}"), who=who, kept=faces_text(roll.keep), faces=faces)
    else:
        line = phrase(N_("{who} rolls {faces}"), who=who, faces=faces)
    return phrase(N_("{line} (after a Türmchen)"), line=line) if towers else line


def _parsed(text: str) -> Action | None:
    try:
        return parse_action(text)
    except ValueError:
        return None


def log_words(entries: Sequence[Entry], names: Sequence[str]) -> list[tuple[int, str]]:
    """The match log in words, a line for each person's or bot's action with its entry's index: a
    roll said with the dice chance brought it (after any Türmchen, schock.tower), anything else as
    `action_words` says it; chance's own entries are said with their roll. `names`: the seats' names."""
    out: list[tuple[int, str]] = []
    for i, e in enumerate(entries):
        if e.seat < 0:
            continue
        who = names[e.seat] if e.seat < len(names) else str(e.seat)
        a = _parsed(e.action)
        j = i + 1
        while j < len(entries) and entries[j].seat == CHANCE and isinstance(_parsed(entries[j].action), Tower):
            j += 1
        d = _parsed(entries[j].action) if j < len(entries) and entries[j].seat == CHANCE else None
        if isinstance(a, Roll) and isinstance(d, Dice):
            out.append((i, roll_words(a, d, who, towers=j - i - 1)))
        else:
            out.append((i, action_words(e.action, who)))
    return out
