"""The page a phone fetches stays small (docs/web.md): the browser client's JavaScript and CSS
together weigh 150 KB at most – what a phone on a weak bar network loads before it can take a seat."""
from __future__ import annotations

from pathlib import Path

import game

WEB = Path(game.__file__).resolve().parent / "web"
BUDGET = 150 * 1024  # bytes


def test_the_pages_javascript_and_css_weigh_150_kb_at_most() -> None:
    files = sorted(WEB.glob("*.js")) + sorted(WEB.glob("*.css"))
    total = sum(p.stat().st_size for p in files)
    assert files and total <= BUDGET, f"{total} bytes of JS+CSS, over the {BUDGET} budget: " + ", ".join(
        f"{p.name} {p.stat().st_size}" for p in sorted(files, key=lambda p: -p.stat().st_size)[:5])
