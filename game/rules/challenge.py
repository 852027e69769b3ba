"""Challenged rulings: a player (or a Le Mans judge) overrides a drink ruling, with a reason.

A challenge is a log entry of its own (seat `CHALLENGE`), written in the notation

    challenge 12.2 by Ann: 3 sips to Bo – the ball touched his elbow first

meaning: ruling 2 of log entry 12 (both counted from 1, as the log dialog shows them) is replaced by
"Bo drinks 3 sips". The original stays in the log and is shown struck through; the ledger of drinks
(`effective_rulings`) follows the override. A challenge may itself be challenged (target its entry, ruling 1).

Drink rulings (sips, a beer, the rest of a beer) and the tallies of a match (a Schock stroke, a Katchen
Schuss) can be challenged: they change what someone drinks or how the match is scored, and nothing the
game goes on from. A ruling that steers the game (cups, mats, laps, a lost game) is corrected by going
back to the action before it ("undo to here") and playing on correctly – overriding it alone would
leave the rest of the log ruled on a table that no longer exists. No pygame here.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from game.errors import IllegalAction
from game.rules.matchlog import Entry
from game.rules.phrase import N_, Phrase, phrase
from game.rules.ruling import Ruling, What

CHALLENGE = -4  # the seat of a challenge entry in the match log
JUDGES = "judges"  # who may challenge besides the people at the table (a Le Mans event's judges)
DRINKS = (What.SIPS, What.BEER, What.BEER_REST)
TALLIES = (What.STROKE, What.SCHUSS)  # a lost Schock game's stroke, a Katchen Schuss: counted, they steer nothing
CHALLENGEABLE = DRINKS + TALLIES
DRINK_WORDS = {"sip": What.SIPS, "sips": What.SIPS, "beer": What.BEER, "beers": What.BEER, "rest": What.BEER_REST,
               "stroke": What.STROKE, "strokes": What.STROKE, "Schuss": What.SCHUSS, "Schüsse": What.SCHUSS}
_FORM = re.compile(r"^challenge (\d+)\.(\d+) by (.+?): (\d+) (sips?|beers?|rest|strokes?|Schuss|Schüsse) to (.+?) [–-] (.+)$")
FORM = "challenge ENTRY.RULING by WHO: AMOUNT sips|beer|rest|strokes|Schüsse to PLAYER – REASON"
DIGITS = 9  # digits a number of a challenge may have (a log of a billion entries is no log; no rule hands out more)
# the most one ruling of any game hands out of these (sips: each game says, `challenge_refusal`)
MOST = {What.STROKE: (1, "schock.game"), What.SCHUSS: (1, "katchen.phase2"), What.BEER: (1, "racerbile.beer"),
        What.BEER_REST: (1, "racerbile.beer")}
# a ruling that may be overridden only by its own kind (or any drink by drinks): why not, by its kind
_ONLY_BY = {What.SIPS: N_("{head}: a sip can only be overridden by drinks"), What.BEER: N_("{head}: a beer can only be overridden by drinks"),
            What.BEER_REST: N_("{head}: a rest can only be overridden by drinks"),
            What.STROKE: N_("{head}: a stroke can only be overridden by strokes"), What.SCHUSS: N_("{head}: a Schuss can only be overridden by Schüsse")}
_MOST_WORDS = {What.STROKE: N_("{head}: one ruling hands out at most {most} stroke ({rule}), not {n}"),
               What.SCHUSS: N_("{head}: one ruling hands out at most {most} Schuss ({rule}), not {n}"),
               What.BEER: N_("{head}: one ruling hands out at most {most} beer ({rule}), not {n}"),
               What.BEER_REST: N_("{head}: one ruling hands out at most {most} rest ({rule}), not {n}")}


@dataclass(frozen=True, slots=True)
class Challenge:
    """Ruling `ruling` of log entry `entry` (1-based), overridden by `by`: `who` gets `amount` `what`."""

    entry: int
    ruling: int
    by: str
    amount: int
    what: What
    who: str
    reason: str

    def __str__(self) -> str:
        return f"challenge {self.entry}.{self.ruling} by {self.by}: {self.amount} {drink_word(self.what, self.amount)} to {self.who} – {self.reason}"

    @property
    def head(self) -> str:
        return f"challenge {self.entry}.{self.ruling} by {self.by}"


def drink_word(what: What, amount: int) -> str:
    """The notation's word for `amount` of what a ruling hands out: sip(s), beer(s), rest, stroke(s), Schuss/Schüsse."""
    if what is What.BEER_REST:
        return "rest"
    if what is What.SCHUSS:
        return "Schuss" if amount == 1 else "Schüsse"
    base = {What.SIPS: "sip", What.BEER: "beer", What.STROKE: "stroke"}[what]
    return base if amount == 1 else base + "s"


def is_challenge_text(text: str) -> bool:
    return text.strip().startswith("challenge ")


def parse_challenge(text: str) -> Challenge:
    """The inverse of `str(challenge)`; ValueError naming the form otherwise."""
    t = " ".join(text.split())
    m = _FORM.match(t) if t.startswith("challenge ") else None
    if m is None:
        raise ValueError(f"not a challenge: {text!r}; write: {FORM}")
    entry, ruling, by, amount, word, who, reason = m.groups()
    if max(len(entry), len(ruling), len(amount)) > DIGITS:
        raise ValueError(f"a challenge's numbers have at most {DIGITS} digits: {text[:80]!r}")
    return Challenge(int(entry), int(ruling), by.strip(), int(amount), DRINK_WORDS[word], who.strip(), reason.strip())


def nobody_here(head: str, name: str, others: tuple[str, ...]) -> Phrase:
    """Why `name` may not challenge: nobody at the table, nor one of the `others` who may (a Le Mans
    event's judges)."""
    if not others:
        return phrase(N_("{head}: {name} is nobody at this table"), head=head, name=repr(name))
    if others == (JUDGES,):
        return phrase(N_("{head}: {name} is nobody at this table, nor the judges"), head=head, name=repr(name))
    return phrase(N_("{head}: {name} is nobody at this table, nor the {others}"), head=head, name=repr(name), others=", nor the ".join(others))


def target_of(entries: Sequence[Entry], ch: Challenge) -> Ruling:
    """The ruling a challenge overrides; IllegalAction when there is none or it cannot be challenged."""
    if not 1 <= ch.entry <= len(entries):
        raise IllegalAction(phrase(N_("{head}: the log has no entry {entry}"), head=ch.head, entry=ch.entry))
    rulings = entries[ch.entry - 1].rulings
    if not 1 <= ch.ruling <= len(rulings):
        raise IllegalAction(phrase(N_("{head}: entry {entry} has {n} ruling(s), not a ruling {ruling}"), head=ch.head, entry=ch.entry, n=len(rulings), ruling=ch.ruling))
    r = rulings[ch.ruling - 1]
    if r.what not in CHALLENGEABLE:
        raise IllegalAction(phrase(N_("{head}: only drinks, strokes and Schüsse can be challenged; ruling {entry}.{ruling} hands out {what} – "
                                      "go back to before entry {entry} (undo to here) and play it again"), head=ch.head, entry=ch.entry, ruling=ch.ruling,
                                   what=str(r.what)))
    if (r.what in TALLIES) != (ch.what in TALLIES) or (r.what in TALLIES and ch.what is not r.what):
        raise IllegalAction(phrase(_ONLY_BY[r.what], head=ch.head))
    if (ch.entry, ch.ruling) in overridden(entries):
        raise IllegalAction(phrase(N_("{head}: ruling {entry}.{ruling} is overridden already – challenge its override"), head=ch.head, entry=ch.entry, ruling=ch.ruling))
    if not ch.reason.strip():
        raise IllegalAction(phrase(N_("{head}: a challenge needs a reason"), head=ch.head))
    if ch.amount < 0:
        raise IllegalAction(phrase(N_("{head}: an amount is 0 or more"), head=ch.head))
    most = MOST.get(ch.what)
    if most is not None and ch.amount > most[0]:
        raise IllegalAction(phrase(_MOST_WORDS[ch.what], head=ch.head, most=most[0], rule=most[1], n=ch.amount))
    return r


def rule_on(entries: Sequence[Entry], ch: Challenge) -> Ruling:
    """The override ruling a valid challenge puts in the log (it keeps the original's rule id)."""
    r = target_of(entries, ch)
    was = f"{r.amount} {drink_word(r.what, r.amount)} to {r.who}" if r.what is not What.BEER_REST else f"the rest of the beer to {r.who}"
    return Ruling(ch.who, ch.what, ch.amount, r.rule,
                  f"challenged by {ch.by}: {ch.reason} – instead of {was} ({r.arithmetic})", giver=r.giver)


def overrides(entries: Sequence[Entry], under: dict[tuple[int, int], int] | None = None, start: int = 0) -> dict[tuple[int, int], int]:
    """Each challenged ruling (entry, ruling) → the challenge entry that overrides it (all from 1);
    `under` and `start`: those of the first `start` entries, known already (the result adds to it)."""
    under = {} if under is None else under
    for k in range(start + 1, len(entries) + 1):
        e = entries[k - 1]
        if e.seat == CHALLENGE and e.rulings:
            try:
                ch = parse_challenge(e.action)
            except ValueError:
                continue
            if 1 <= ch.entry < k and 1 <= ch.ruling <= len(entries[ch.entry - 1].rulings):
                under.setdefault((ch.entry, ch.ruling), k)
    return under


def overridden(entries: Sequence[Entry]) -> set[tuple[int, int]]:
    """(entry, ruling), both from 1, of every ruling a challenge overrode."""
    return set(overrides(entries))


def effective_rulings(entries: Sequence[Entry]) -> list[Ruling]:
    """Every ruling that stands: the log's rulings without those overridden (their overrides instead)."""
    struck = overridden(entries)
    return [r for i, e in enumerate(entries, start=1) for j, r in enumerate(e.rulings, start=1) if (i, j) not in struck]


def challengeable(entries: Sequence[Entry]) -> list[tuple[int, int, Ruling]]:
    """The rulings a challenge may target now (drink rulings not yet overridden), newest first."""
    struck = overridden(entries)
    out = [(i, j, r) for i, e in enumerate(entries, start=1) for j, r in enumerate(e.rulings, start=1)
           if r.what in CHALLENGEABLE and (i, j) not in struck]
    return out[::-1]
