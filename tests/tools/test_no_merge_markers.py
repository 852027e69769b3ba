"""No file of the project keeps a merge's conflict markers (a merge resolved in a hurry)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^(<{7} |>{7} |={7}$)", re.M)
TEXT = ("*.py", "*.md", "*.js", "*.css", "*.html", "*.po", "*.yaml", "*.toml", "*.json")


def test_no_file_keeps_a_merge_conflict_marker() -> None:
    found = []
    for pattern in TEXT:
        for f in ROOT.rglob(pattern):
            if any(part.startswith(".") or part in {"node_modules", "build", "dist", "__pycache__"} for part in f.relative_to(ROOT).parts):
                continue
            text = f.read_text(encoding="utf-8", errors="replace")
            found += [f"{f.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}" for m in MARKER.finditer(text)]
    assert found == []
