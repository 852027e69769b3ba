"""The public notation of a Bierpong match log: one line per action, `str(action)` and back.

  throw-off Ann hit 3, Cem miss    the start throw-off, one player a side (bierpong.art8)
  throw-off Ann hit 3              the throw-off's first ball alone (the live table logs each ball; the
                                   state holds it until the other side's: throw-off Cem miss)
  Foxes begin                      the throw-off winner's team picks who begins (bierpong.art8)
  Ann: bounce 5                    a throw and its outcome (game.bierpong.outcome notation)
  Ann: hit 3 & Ben: miss           two balls thrown at once – teams only (bierpong.art4)
  Ann: heating up | Ann: on fire   the streak calls (bierpong.art21)
  Ann: island 7                    an Island call before Ann's next throw (bierpong.art22)
  Ann: straighten | Ann: ball out  requests to the other team (bierpong.art5, bierpong.art6)
  Cem swats Ann                    a defender swats Ann's bounced ball away (bierpong.art14)
  Cem catches Ann                  a defender catches Ann's air ball (bierpong.art23)
  Ann fetches                      Ann fetches a ball that came back (bierpong.art19)
  Owls remove 5 2 3                the owners remove the hit cup 5 and their choice of extras (bierpong.art3)
  Owls leave 5                     the owners leave the hit cup 5 standing: a Dead Cup (bierpong.art18)
  Ann knocks over 4                Ann knocked over her own team's cup 4 (bierpong.art16)
  Cem knocks over 4 7              one incident, cups 4 and 7 fell: one cup goes, the first named (bierpong.art16)
  elbow Ann | blow Cem             table calls: elbow over the edge (bierpong.art12), blowing (bierpong.art17)
  early Ann | forgot Cem           threw while the others drink (bierpong.art7); forgot to drink (bierpong.art2)
  end of round                     the round is over (only needed after a last hit that could be called)
  time                             the timer ran out (bierpong.art9)
  clock 5                          the game clock ran 5 more seconds (bierpong.art9; logged by the live table)

A name with a space (or a quote, a colon, a comma, an ampersand) is quoted as in a shell, as the
race notation quotes it: `'Anna Lena': hit 3`, `'Die Füchse' begin`, `throw-off 'Anna Lena' miss`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any

from game.bierpong.outcome import Outcome, parse_outcome
from game.rules.frozen import replace

_PLAIN = re.compile(r"[^\s'\"\\:,&|]+")  # a name written as it is; anything else is quoted
_QUOTED = re.compile(r"(?:'[^']*'|\"(?:[^\"\\]|\\.)*\")+")  # adjacent quoted parts: one name
_HOLE = "\x00{}\x00"  # a quoted name's stand-in while a line is parsed


def name_text(name: str) -> str:
    """A name as the notation writes it: as it is, or quoted as a shell quotes it (`'Anna Lena'`)."""
    if _PLAIN.fullmatch(name):
        return name
    return "'" + name.replace("'", "'\"'\"'") + "'"


def _unquote(part: str) -> str:
    out: list[str] = []
    for m in re.finditer(r"'([^']*)'|\"((?:[^\"\\]|\\.)*)\"", part):
        out.append(m.group(1) if m.group(1) is not None else re.sub(r"\\(.)", r"\1", m.group(2)))
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Throwoff:
    a: str
    a_out: Outcome
    b: str
    b_out: Outcome

    def __str__(self) -> str:
        return f"throw-off {name_text(self.a)} {self.a_out}, {name_text(self.b)} {self.b_out}"


@dataclass(frozen=True, slots=True)
class ThrowoffBall:
    """One ball of the throw-off (bierpong.art8): the state holds the first until the other side's."""

    player: str
    outcome: Outcome

    def __str__(self) -> str:
        return f"throw-off {name_text(self.player)} {self.outcome}"


@dataclass(frozen=True, slots=True)
class Begin:
    team: str

    def __str__(self) -> str:
        return f"{name_text(self.team)} begin"


@dataclass(frozen=True, slots=True)
class Throw:
    player: str
    outcome: Outcome

    def __str__(self) -> str:
        return f"{name_text(self.player)}: {self.outcome}"


@dataclass(frozen=True, slots=True)
class Together:
    first: Throw
    second: Throw

    def __str__(self) -> str:
        return f"{self.first} & {self.second}"


CALLS = ("heating up", "on fire", "island", "straighten", "ball out")


@dataclass(frozen=True, slots=True)
class Call:
    player: str
    word: str  # one of CALLS
    cup: int | None = None  # the island's cup

    def __str__(self) -> str:
        return f"{name_text(self.player)}: {self.word}" + (f" {self.cup}" if self.cup is not None else "")


@dataclass(frozen=True, slots=True)
class Swat:
    defender: str
    thrower: str

    def __str__(self) -> str:
        return f"{name_text(self.defender)} swats {name_text(self.thrower)}"


@dataclass(frozen=True, slots=True)
class Catch:
    catcher: str
    thrower: str

    def __str__(self) -> str:
        return f"{name_text(self.catcher)} catches {name_text(self.thrower)}"


@dataclass(frozen=True, slots=True)
class Fetch:
    player: str

    def __str__(self) -> str:
        return f"{name_text(self.player)} fetches"


@dataclass(frozen=True, slots=True)
class Remove:
    team: str
    cups: tuple[int, ...]  # the hit (special) cup first, then the extras

    def __str__(self) -> str:
        return f"{name_text(self.team)} remove " + " ".join(str(c) for c in self.cups)


@dataclass(frozen=True, slots=True)
class Leave:
    team: str
    cup: int

    def __str__(self) -> str:
        return f"{name_text(self.team)} leave {self.cup}"


@dataclass(frozen=True, slots=True)
class KnockOver:
    """One incident: `cup` and the `more` cups that fell with it – one cup goes, `cup` (bierpong.art16)."""

    player: str
    cup: int
    more: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"{name_text(self.player)} knocks over " + " ".join(str(c) for c in (self.cup, *self.more))


FOULS = ("elbow", "blow", "early", "forgot")


@dataclass(frozen=True, slots=True)
class Foul:
    kind: str  # one of FOULS
    player: str

    def __str__(self) -> str:
        return f"{self.kind} {name_text(self.player)}"


@dataclass(frozen=True, slots=True)
class EndRound:
    def __str__(self) -> str:
        return "end of round"


@dataclass(frozen=True, slots=True)
class Time:
    def __str__(self) -> str:
        return "time"


@dataclass(frozen=True, slots=True)
class Clock:
    """The game clock ran `seconds` more (bierpong.art9): logged, so undo and Continue keep it."""

    seconds: int

    def __str__(self) -> str:
        return f"clock {self.seconds}"


Action = (Throwoff | ThrowoffBall | Begin | Throw | Together | Call | Swat | Catch | Fetch | Remove | Leave | KnockOver
          | Foul | EndRound | Time | Clock)

FORMS = (
    "throw-off A OUTCOME, B OUTCOME; throw-off A OUTCOME; TEAM begin; P: OUTCOME; P: OUTCOME & Q: OUTCOME; P: heating up | on fire | "
    "island N | straighten | ball out; D swats P; D catches P; P fetches; TEAM remove N …; TEAM leave N; "
    "P knocks over N …; elbow|blow|early|forgot P; end of round; time; clock SECONDS"
)


def _cups(words: list[str]) -> tuple[int, ...]:
    return tuple(int(w) for w in words)


def parse_action(text: str) -> Action:
    """The inverse of `str(action)`; ValueError naming the forms otherwise (names may be quoted)."""
    names: list[str] = []

    def hole(m: re.Match[str]) -> str:
        names.append(_unquote(m.group(0)))
        return _HOLE.format(len(names) - 1)

    held = _QUOTED.sub(hole, text) if ("'" in text or '"' in text) else text
    action = _parse(held, text)
    return _filled(action, names) if names else action


def _filled(action: Any, names: list[str]) -> Any:
    """`action` with each quoted name's stand-in replaced by the name."""
    changes: dict[str, Any] = {}
    for f in fields(action):
        v = getattr(action, f.name)
        if isinstance(v, str) and "\x00" in v:
            changes[f.name] = re.sub("\x00(\\d+)\x00", lambda m: names[int(m.group(1))], v)
        elif isinstance(v, (Throw,)):
            changes[f.name] = _filled(v, names)
    return replace(action, **changes) if changes else action


def _parse(held: str, text: str) -> Action:
    t = " ".join(held.split())
    try:
        if t == "end of round":
            return EndRound()
        if t == "time":
            return Time()
        if t.startswith("throw-off "):
            left, _, right = t[len("throw-off "):].partition(", ")
            a, _, ao = left.partition(" ")
            b, _, bo = right.partition(" ")
            if a and b:
                return Throwoff(a, parse_outcome(ao), b, parse_outcome(bo))
            if a and ao and not right:
                return ThrowoffBall(a, parse_outcome(ao))
        if t.startswith("clock ") and t[6:].isdigit():
            return Clock(int(t[6:]))
        if " & " in t:
            first, _, second = t.partition(" & ")
            f, s = parse_action(first), parse_action(second)
            if isinstance(f, Throw) and isinstance(s, Throw):
                return Together(f, s)
        if ": " in t:
            who, _, what = t.partition(": ")
            if who and _PLAIN.fullmatch(who.replace("\x00", "")):
                if what == "island":
                    raise ValueError(f"{t!r}: an Island call names its cup – {who}: island N (bierpong.art22)")
                for word in CALLS:
                    if what == word:
                        return Call(who, word)
                if what.startswith("island "):
                    return Call(who, "island", int(what.split()[1]))
                return Throw(who, parse_outcome(what))
        words = t.split()
        if len(words) == 2 and words[1] == "begin":
            return Begin(words[0])
        if len(words) == 2 and words[1] == "fetches":
            return Fetch(words[0])
        if len(words) == 2 and words[0] in FOULS:
            return Foul(words[0], words[1])
        if len(words) == 3 and words[1] == "swats":
            return Swat(words[0], words[2])
        if len(words) == 3 and words[1] == "catches":
            return Catch(words[0], words[2])
        if len(words) == 3 and words[1] == "leave":
            return Leave(words[0], int(words[2]))
        if len(words) >= 3 and words[1] == "remove":
            return Remove(words[0], _cups(words[2:]))
        if len(words) >= 4 and words[1:3] == ["knocks", "over"]:
            fell = _cups(words[3:])
            return KnockOver(words[0], fell[0], fell[1:])
    except ValueError as e:
        if "not an outcome" in str(e):
            raise
    raise ValueError(f"not a Bierpong action: {text!r}; write one of: {FORMS}")
