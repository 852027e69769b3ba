"""No shared module compares a game's name: what differs between games is read from the registry
(`game.games.GAMES`, `game.descriptor.GameInfo`) or asked of the game's own state and session."""
from __future__ import annotations

import ast
from pathlib import Path

from game.games import GAMES

ROOT = Path(__file__).resolve().parent.parent.parent
# a game's own packages (where its state lives) and the rules' modules may name it
OWN = {"game/" + info.state_class.split(":")[0].split(".")[1] for info in GAMES.values()} | {"game/rules"}


def name_comparisons(path: Path) -> list[int]:
    """The lines of `path` that compare something with a registered game's name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(c, ast.Constant) and c.value in GAMES for side in sides for c in ast.walk(side)):
                lines.append(node.lineno)
    return lines


def test_no_shared_module_compares_a_game_name() -> None:
    assert OWN >= {"game/dice", "game/racerbile", "game/bierpong"}
    found = []
    for f in sorted((ROOT / "game").rglob("*.py")):
        rel = f.relative_to(ROOT).as_posix()
        if any(rel.startswith(own + "/") for own in OWN):
            continue
        found += [f"{rel}:{line}" for line in name_comparisons(f)]
    assert found == []


def test_the_check_sees_a_comparison(tmp_path: Path) -> None:
    """The scan itself: a module that compares a game's name is found, one that reads the registry is not."""
    game = next(iter(GAMES))
    probe = tmp_path / "probe.py"
    probe.write_text(f'def f(info):\n    return info.name == "{game}"\n\n\ndef g(info):\n    return info.name in ("{game}", "x")\n', encoding="utf-8")
    assert name_comparisons(probe) == [2, 6]
    probe.write_text("def f(info):\n    return info.seating.teams\n", encoding="utf-8")
    assert name_comparisons(probe) == []
