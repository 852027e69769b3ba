"""The rules and physics layers never import pygame (DESIGN.md: dependencies point one way)."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = ("game/rules", "physics", "game/dice", "game/racerbile")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
            if node.module.startswith("game."):
                names.add(node.module)
    return names


def test_rules_and_physics_source_never_import_pygame() -> None:
    for folder in PURE:
        for f in (ROOT / folder).rglob("*.py"):
            mods = imported_modules(f)
            assert "pygame" not in mods and "pygame_gui" not in mods, f
            assert not any(m.startswith("game.ui") for m in mods), f


def test_importing_the_referee_loads_no_pygame() -> None:
    code = (
        "import sys, game.rules.schock, game.rules.katchen, game.rules.ledger, game.rules.matchlog, "
        "game.rules.catalog, game.match, game.records, game.dice.bots, physics\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
        "assert 'pymunk' not in sys.modules, 'pymunk was imported'\n"
    )
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
