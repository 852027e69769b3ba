"""No shared module tells one game from another: what differs between games is read from the registry
(`game.games.GAMES`, `game.descriptor.GameInfo`) or asked of the game's own state and session.

Shared are the modules outside a game's own packages and its own rules modules; the dice games' scenes
(`game/ui/dice`) are shared by both, and so is their engine (`game/dice`) for an `isinstance` check on
one game's state class – a third dice game must be drawn and played without edits there."""
from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from tests.source_trees import nodes
from game.games import GAMES

ROOT = Path(__file__).resolve().parent.parent.parent


def _package(ref: str) -> str:
    """The folder of a "module:NAME" reference's module ("game.ui.dice.scene_info:X" → "game/ui/dice")."""
    return "/".join(ref.split(":")[0].split(".")[:-1])


# the games each package serves (its state's, its scenes'): an isinstance check on one game's state
# is fine where that game is alone
SERVES: dict[str, set[str]] = defaultdict(set)
for _info in GAMES.values():
    for _ref in (_info.state_class, _info.scenes):
        if _ref:
            SERVES[_package(_ref)].add(_info.name)
# a game's own packages – its rules engine's (the dice games share theirs), the scenes' of a game alone –
# and its own rules modules may name it
OWN = {_package(info.state_class) for info in GAMES.values()} | {pkg for pkg, games in SERVES.items() if len(games) == 1}
OWN_FILES = {f"game/rules/{stem}{name}.py" for name in GAMES for stem in ("", "catalog_")}
# a game's part of the browser's view (`GameInfo.web_view`, "game.net.views.race:view") and its helper
# modules beside it (`race_offers.py`) are that game's own when it serves that game alone
WEB_SERVES: dict[str, set[str]] = defaultdict(set)
for _info in GAMES.values():
    WEB_SERVES[_info.web_view.split(":")[0].replace(".", "/")].add(_info.name)
OWN_FILES |= {f.relative_to(ROOT).as_posix() for stem, games in WEB_SERVES.items() if len(games) == 1
              for f in [ROOT / f"{stem}.py", *(ROOT / stem).parent.glob(Path(stem).name + "_*.py")]}
STATES = {info.state_class.split(":")[1]: (info.name, info.state_class.split(":")[0].replace(".", "/") + ".py") for info in GAMES.values()}
PREFIXES = tuple(info.prefix for info in GAMES.values())


def _names_a_game(node: ast.AST) -> bool:
    """A constant that is a game's name ("schock") or one of its rule ids ("schock.laden")."""
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and (node.value in GAMES or node.value.startswith(PREFIXES))


def name_comparisons(path: Path) -> list[int]:
    """The lines of `path` that compare something with a registered game's name or rule id, or key a
    dict by one (`{"schock": …}`, `{("schock", "x"): …}`)."""
    lines = []
    for node in nodes(path):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_names_a_game(c) for side in sides for c in ast.walk(side)):
                lines.append(node.lineno)
        elif isinstance(node, ast.Dict):
            keys = [k for k in node.keys if k is not None]
            if any(isinstance(c, ast.Constant) and c.value in GAMES for k in keys for c in ast.walk(k)):
                lines.append(node.lineno)
    return sorted(set(lines))


def state_checks(path: Path) -> list[tuple[int, str]]:
    """`isinstance(x, SomeGameState)` in `path`: (line, the game whose state class it checks)."""
    found = []
    for node in nodes(path):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance" and len(node.args) == 2:
            for c in ast.walk(node.args[1]):
                name = c.id if isinstance(c, ast.Name) else c.attr if isinstance(c, ast.Attribute) else None
                if name in STATES:
                    found.append((node.lineno, STATES[name][0]))
    return found


def _shared(rel: str) -> bool:
    return rel not in OWN_FILES and not any(rel.startswith(own + "/") for own in OWN)


def test_no_shared_module_compares_a_game_name() -> None:
    """Names and rule ids: no shared module compares one, or keys a table by a game's name."""
    assert OWN >= {"game/dice", "game/racerbile", "game/bierpong"}
    found = []
    for f in sorted((ROOT / "game").rglob("*.py")):
        rel = f.relative_to(ROOT).as_posix()
        if _shared(rel):
            found += [f"{rel}:{line}" for line in name_comparisons(f)]
    assert found == []


def test_no_module_a_game_shares_checks_for_one_games_state() -> None:
    """`isinstance(st, SchockState)`: only in a package that serves that game alone (`game/ui/pong` may
    check for a Bierpong state; `game/ui/dice`, `game/dice` and the shared modules may not ask which
    dice game they hold) – or in the module that defines the class."""
    assert SERVES["game/ui/dice"] == {"schock", "katchen"}
    found = []
    for f in sorted((ROOT / "game").rglob("*.py")):
        rel = f.relative_to(ROOT).as_posix()
        for line, game in state_checks(f):
            if rel in {home for _n, home in STATES.values()} or SERVES.get(f.parent.relative_to(ROOT).as_posix()) == {game}:
                continue
            found.append(f"{rel}:{line}")
    assert found == []


def test_the_check_sees_a_comparison(tmp_path: Path) -> None:
    """The scan itself: a module that compares a game's name or one of its rule ids, keys a dict by a
    game's name or checks for a game's state class is found; one that reads the registry is not."""
    game = next(iter(GAMES))
    state = next(name for name, (g, _h) in STATES.items() if g == game)
    probe = tmp_path / "probe.py"
    probe.write_text(f'def f(info):\n    return info.name == "{game}"\n\n\ndef g(info):\n    return info.name in ("{game}", "x")\n'
                     f'\n\ndef h(r):\n    return r.rule != "{game}.x"\n\n\nT = {{("{game}", "o"): 1}}\n', encoding="utf-8")
    assert name_comparisons(probe) == [2, 6, 10, 13]
    probe.write_text(f"def f(st):\n    return isinstance(st, ({state}, int))\n", encoding="utf-8")
    assert state_checks(probe) == [(2, game)]
    probe.write_text('def f(info):\n    return info.seating.teams or {"x": 1}\n', encoding="utf-8")
    assert name_comparisons(probe) == [] and state_checks(probe) == []
