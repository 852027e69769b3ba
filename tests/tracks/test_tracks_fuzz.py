"""Random mutations of good track files: the reader and the validator answer with `InputError`s
(positioned inside the file) or a track – never with any other exception."""
from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.errors import InputError
from game.racerbile.trackfile import track_from_text
from game.racerbile.validate import validate

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [(ROOT / "tests/data/tracks" / n).read_text(encoding="utf-8") for n in ("full.yaml", "ring.yaml", "lanes.yaml")]
CHARS = "0123456789-,: []{}\"'#&*!|>\n\tenwsabcxyz.%@\\"
NUMBER = re.compile(r"-?\d+")
DIRECTION = re.compile(r"\b(e|ne|nw|w|sw|se)(\d*)\b")


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SOURCES))
    for _ in range(draw(st.integers(1, 4))):
        lines = text.split("\n")
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "char", "number", "direction", "drop_key", "indent"]))
        i = draw(st.integers(0, len(lines) - 1))
        if op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "indent":
            lines[i] = draw(st.sampled_from(["", "  ", "    ", "\t"])) + lines[i].lstrip()
        elif op == "drop_key":  # a key and the lines indented under it
            keyed = [k for k, ln in enumerate(lines) if re.match(r"^\s*[a-z0-9_]+:", ln)]
            if keyed:
                k = draw(st.sampled_from(keyed))
                depth = len(lines[k]) - len(lines[k].lstrip())
                end = k + 1
                while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > depth):
                    end += 1
                del lines[k:end]
        text = "\n".join(lines)
        if op == "char" and text:
            pos = draw(st.integers(0, len(text) - 1))
            how = draw(st.sampled_from(["replace", "insert", "delete"]))
            c = draw(st.sampled_from(CHARS))
            text = text[:pos] + (c if how != "delete" else "") + text[pos + (0 if how == "insert" else 1):]
        elif op == "number":
            found = list(NUMBER.finditer(text))
            if found:
                m = draw(st.sampled_from(found))
                n = draw(st.one_of(st.integers(-12, 12), st.integers(-10**12, 10**12), st.sampled_from([0, 5000, 5001, 99999])))
                text = text[: m.start()] + str(n) + text[m.end():]
        elif op == "direction":
            found = list(DIRECTION.finditer(text))
            if found:
                m = draw(st.sampled_from(found))
                d = draw(st.sampled_from(["e", "ne", "nw", "w", "sw", "se", "n", "x", "0", "5", "6"]))
                text = text[: m.start()] + d + m.group(2) + text[m.end():]
    return text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_mutated_track_gives_input_errors_or_a_track(text: str) -> None:
    lines = text.count("\n") + 1
    try:
        src = track_from_text(text, "m.yaml")
    except InputError as e:
        assert e.file == "m.yaml" and 1 <= e.line <= lines + 1 and e.column >= 1, e
        return
    problems = validate(src)
    for p in problems:
        assert isinstance(p, InputError) and p.file == "m.yaml"
        assert 1 <= p.line <= lines + 1 and p.column >= 1, p
        assert str(p).startswith(f"m.yaml:{p.line}:{p.column}: ")
    track = src.track
    assert len(track.content_hash) == 64
    if not problems:  # a good track after all: its graph holds together
        g = track.graph
        assert g.closed and set(g.progress) == set(g.cells)
        assert all(g.progress[h] == 0 for h in g.start)
        assert all(0 <= p < g.lap_length for p in g.progress.values())
