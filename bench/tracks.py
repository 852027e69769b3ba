"""Loading a track against parsing its YAML: `le_mans` read, validated and its graph built, beside a
plain `yaml.load` of the same file with the C safe loader. Medians of repeated runs, each figure
within about a second.

Until tracks/le_mans.yaml exists the largest shipped track stands in, and without any a generated
three-lane track of about 750 fields written in short stretches, as a person would.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

import yaml

from bench.timing import median_ms
from game.resources import TRACKS

BUDGET_S = 1.0


def track_file() -> Path:
    """tracks/le_mans.yaml, else the largest shipped track, else a generated one."""
    le_mans = TRACKS / "le_mans.yaml"
    if le_mans.is_file():
        return le_mans
    shipped = sorted((TRACKS).glob("*.yaml"), key=lambda p: p.stat().st_size, reverse=True)
    if shipped:
        return shipped[0]
    path = Path(tempfile.gettempdir()) / "stammtisch_bench_track.yaml"
    text = generated_track()
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return path


def generated_track(radius: int = 40, lanes: int = 3, stretch: int = 6) -> str:
    """Concentric hexagonal rings driven counter-clockwise, each lane written in short stretches."""
    from game.hexgrid import Hex, ring
    from game.racerbile.trackfile import format_path

    out = ["# a generated benchmark track", "format: 1", "name: Generated", "author: bench", "theme: lemans", "lanes:"]
    rings = [ring(Hex(0, 0), radius + k) for k in range(lanes)]
    for k, rg in enumerate(rings):
        out.append(f"  # lane {k + 1}")
        for i in range(0, len(rg), stretch):
            out.append(f"  - {format_path(rg[i:i + stretch])}")
    inner = rings[0]
    blocking = ", ".join(f'"{inner[i]}"' for i in range(7, len(inner), 37))
    out += [
        "kinds:",
        f"  midway: {inner[len(inner) // 2]}",
        f"  blocking: [{blocking}]",
        f"  downshift: {rings[-1][len(inner) // 3]}",
        "start:",
        f"  fields: {inner[0]} sw{lanes - 1}",
        "  heading: e",
        "labels:",
        f'  - {{at: "{inner[radius]}", text: Mulsanne}}',
    ]
    return "\n".join(out) + "\n"


def track_load_ms() -> float:
    """Read, validate and build the graph (progress) of le_mans."""
    from game.racerbile.validate import load_track

    path = track_file()

    def load() -> object:
        return load_track(path).graph.progress

    return median_ms(load, budget_s=BUDGET_S)


def baseline_yaml_parse_ms() -> float:
    """`yaml.load` of the same file with the C safe loader (reading the file included)."""
    path = track_file()
    def parse() -> object:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)

    return median_ms(parse, budget_s=BUDGET_S)
