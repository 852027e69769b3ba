"""Fields as a player sees them: "field 15 by Omvejen", "the pit lane", not axial coordinates.

The notation and the stored rulings keep their coordinates ("drive 1,2 2,3", "… at 4,-1"): they are
the match's truth and replay exactly. What a person reads is reworded here – a field's number
counts the fields from the start line along the lap (the progress the referee measures, the first
field after the line is field 1), with the name on the board nearest to it. No pygame here.
"""
from __future__ import annotations

from game.hexgrid import Hex, distance
from game.i18n import N_
from game.racerbile.actions import Drive
from game.racerbile.course import Course
from game.racerbile.track import Track
from game.rules.phrase import Phrase, phrase

LABEL_REACH = 3  # a name on the board speaks for the fields this near to it


def parse_hex(text: str) -> Hex | None:
    """"4,-1" as a hex, else None."""
    q, sep, r = text.strip().partition(",")
    try:
        return Hex(int(q), int(r)) if sep else None
    except ValueError:
        return None


def field_number(course: Course, h: Hex) -> int | None:
    """The field's number along the lap (1: the first after the line), None off the lap."""
    p = course.progress.get(h)
    return None if p is None else p + 1


def nearest_label(track: Track, h: Hex) -> str:
    """The name on the board nearest to `h` (within LABEL_REACH fields), or ""."""
    near = [(distance(lb.at, h), lb.text) for lb in track.labels if distance(lb.at, h) <= LABEL_REACH]
    return min(near)[1] if near else ""


def field_name(course: Course, track: Track, h: Hex) -> Phrase:
    """A field in words: "field 15", "field 15 by Omvejen", "the pit lane (3rd field)", "the 42 field"."""
    if h in course.pit and track.pit is not None:
        k = track.pit.fields.index(h) + 1 if h in track.pit.fields else 0
        return phrase(N_("pit lane field {n}"), n=k)
    n = field_number(course, h)
    if n is None:
        return phrase(N_("off the lap ({at})"), at=f"{h.q},{h.r}")
    label = nearest_label(track, h)
    if h == course.field42:
        return phrase(N_("the 42 field (field {n})"), n=n)
    return phrase(N_("field {n} by {label}"), n=n, label=label) if label else phrase(N_("field {n}"), n=n)


TOO_FAST = "5-or-6 number {first}–{last} this turn: the third and each further one is a fault: {sips}"  # racerbile.too_fast, as logged


def ordinal(n: int) -> Phrase:
    """"3rd", "11th" – "3." in German and Danish."""
    suffix = N_("{n}th") if 10 <= n % 100 <= 20 else {1: N_("{n}st"), 2: N_("{n}nd"), 3: N_("{n}rd")}.get(n % 10, N_("{n}th"))
    return phrase(suffix, n=n)


def too_fast_words(text: Phrase) -> Phrase:
    """racerbile.too_fast as a player says it: "3rd five-or-six this turn: a fault: 1 sip", "3rd to 4th
    five-or-six this turn: 2 faults: 2 sips" (the log keeps "5-or-6 number 3–3 …")."""
    args = dict(text.args)
    last = int(args["last"])
    first = max(3, int(args["first"]))
    if first >= last:
        return phrase(N_("{nth} five-or-six this turn: a fault: {sips}"), nth=ordinal(last), sips=args["sips"])
    return phrase(N_("{first} to {last} five-or-six this turn: {n} faults: {sips}"), first=ordinal(first), last=ordinal(last),
                  n=last - first + 1, sips=args["sips"])


def reworded(text: str, course: Course, track: Track) -> str:
    """A ruling's text with every field named in it (a `field` value "q,r") in words, a too-fast
    fault counted as a player counts it ("3rd five-or-six"); the rest as it is."""
    if not isinstance(text, Phrase):
        return text
    if text.template == TOO_FAST and {"first", "last", "sips"} <= {k for k, _v in text.args}:
        return too_fast_words(text)
    args = {}
    for k, v in text.args:
        h = parse_hex(v) if (k == "field" and isinstance(v, str) and not isinstance(v, Phrase)) else None
        args[k] = field_name(course, track, h) if h is not None else reworded(v, course, track) if isinstance(v, Phrase) else v
    return Phrase(text.template, args)


def drive_words(course: Course, track: Track, who: str, a: Drive) -> Phrase:
    """A drive in words: "Anna drives 5 fields to field 15 by Omvejen"."""
    if not a.path:
        return phrase(N_("{who} stays put"), who=who)
    n = len(a.path)
    where = field_name(course, track, a.path[-1])
    return phrase(N_("{who} drives {n} field to {field}") if n == 1 else N_("{who} drives {n} fields to {field}"), who=who, n=n, field=where)
