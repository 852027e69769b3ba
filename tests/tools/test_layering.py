"""The rules and physics layers never import pygame (DESIGN.md: dependencies point one way)."""
from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

from tests.source_trees import nodes

ROOT = Path(__file__).resolve().parents[2]
PURE = ("game/rules", "physics", "game/dice", "game/racerbile")


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in nodes(path):
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
        "game.rules.catalog, game.match, game.tools.records, game.dice.record, game.dice.bots, physics\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
        "assert 'pymunk' not in sys.modules, 'pymunk was imported'\n"
    )
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr


# The window is a layer on top (docs/architecture.md): only the command line's window commands and the
# drawing benchmarks reach into it; the session layer and the autosave never do.
UI_ENTRY_POINTS = ("game/cli.py", "main.py")


def _ui_imports(path: Path) -> list[str]:
    return sorted(m for m in imported_modules(path) if m == "game.ui" or m.startswith("game.ui."))


def test_nothing_outside_game_ui_imports_game_ui() -> None:
    offenders = []
    for f in sorted((ROOT / "game").rglob("*.py")):
        rel = f.relative_to(ROOT).as_posix()
        if rel.startswith("game/ui/") or rel in UI_ENTRY_POINTS:
            continue
        if _ui_imports(f):
            offenders.append(f"{rel}: {', '.join(_ui_imports(f))}")
    assert offenders == []


def test_the_command_line_opens_windows_only_inside_its_window_commands() -> None:
    """game/cli.py imports game.ui only inside functions (a headless command never loads pygame)."""
    tree = ast.parse((ROOT / "game/cli.py").read_text(encoding="utf-8"))
    top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert not [n for n in top if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("game.ui")]


def test_the_session_layer_and_the_store_never_import_pygame_or_the_ui() -> None:
    files = sorted((ROOT / "game/session").rglob("*.py")) + sorted((ROOT / "game/store").rglob("*.py"))
    assert len(files) > 10
    for f in files:
        mods = imported_modules(f)
        assert "pygame" not in mods and "pygame_gui" not in mods, f
        assert not _ui_imports(f), f


def _full_imports(path: Path) -> set[str]:
    """Every module `path` imports, by its full name (lazy imports too): `from a.b import c` gives a.b and a.b.c."""
    names: set[str] = set()
    for node in nodes(path):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return names


def _in(mods: set[str], package: str) -> list[str]:
    return sorted(m for m in mods if m == package or m.startswith(package + "."))


FILE_MODULES = {"os", "io", "shutil", "tempfile", "mmap", "fcntl", "msvcrt", "glob"}
FILE_METHODS = {"read_text", "write_text", "read_bytes", "write_bytes", "unlink", "mkdir", "rmdir", "touch", "iterdir",
                "rglob", "fsync", "fdatasync", "ftruncate", "truncate", "listdir", "scandir", "makedirs", "rename"}


def test_the_rules_and_the_match_read_and_write_no_files() -> None:
    """Persistence has its own folder (`game/store/`): the rules, the match log and the match know no
    files – they neither import the store nor open, write, list or delete a file themselves."""
    files = sorted((ROOT / "game/rules").rglob("*.py")) + [ROOT / "game/match.py", ROOT / "game/state.py"]
    for f in files:
        mods = _full_imports(f)
        assert _in(mods, "game.store") == [], f
        assert not {m.split(".")[0] for m in mods} & FILE_MODULES, f
        calls = [n.func for n in nodes(f) if isinstance(n, ast.Call)]
        assert not [c for c in calls if isinstance(c, ast.Name) and c.id == "open"], f
        assert not sorted({c.attr for c in calls if isinstance(c, ast.Attribute)} & FILE_METHODS), f


def test_the_store_sits_below_the_session_and_the_network() -> None:
    """The store saves what the session plays; it never reaches up into the session, the network or the
    command line (the session owns its match's autosave, not the other way round)."""
    for f in sorted((ROOT / "game/store").rglob("*.py")):
        mods = _full_imports(f)
        assert _in(mods, "game.session") + _in(mods, "game.net") + _in(mods, "game.cli") == [], f


def _import_circles(names: set[str]) -> list[list[str]]:
    """The import circles (strongly connected groups, lazy imports counted) among game's modules that
    hold a module of `names` or of a package among them."""
    mods: dict[str, Path] = {}
    for p in (ROOT / "game").rglob("*.py"):
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        mods[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = p

    def owner(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    edges = {m: {o for n in _full_imports(p) if (o := owner(n)) is not None and o != m} for m, p in mods.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 and any(m in names or m.rpartition(".")[0] in names for m in group):
                out.append(sorted(group))

    for v in sorted(mods):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle_runs_through_the_match_or_the_store() -> None:
    """The match imports nothing of the store (the store loads and saves matches): `game.match ↔
    game.snapshot` was such a circle."""
    assert _import_circles({"game.match", "game.store"}) == []


def test_playing_a_session_loads_no_pygame() -> None:
    code = (
        "import sys\n"
        "from game.match import Match, PlayerSpec\n"
        "from game.session import INSTANT, session_for\n"
        "m = Match('schock', [PlayerSpec('A', 'bot'), PlayerSpec('B', 'random')], seed=5)\n"
        "session_for(m, pace=INSTANT).play_out()\n"
        "assert m.state.is_terminal()\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr


def test_the_match_knows_no_game_by_name() -> None:
    """game/match.py plays every game through the state interface (game.state.GameState): no game's
    name, no `info.race` / `info.teams`, no game's own fields (Le Mans, towers) and no game package."""
    walked = nodes(ROOT / "game/match.py")
    from game.games import GAMES

    banned = (*GAMES, "lemans", "le_mans", "tower", "judges")
    words = [n.value for n in walked if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    words += [n.id for n in walked if isinstance(n, ast.Name)]
    words += [n.attr for n in walked if isinstance(n, ast.Attribute)]
    words += [a.name for n in walked if isinstance(n, ast.ImportFrom) for a in n.names]
    hits = sorted({w for w in words for b in banned if b in w.lower()})
    assert hits == []
    attrs = {n.attr for n in walked if isinstance(n, ast.Attribute)}
    assert not attrs & {"race", "teams", "TOWERS", "turn"}
    assert not [n for n in walked if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "getattr"]
    games = {f"game.{g}" for g in ("dice", "racerbile", "bierpong")}
    assert not [m for m in imported_modules(ROOT / "game/match.py") if any(m == g or m.startswith(g + ".") for g in games)]


# What the menu's first frames may not load (docs/architecture.md, "Start-up"): the games are found through
# the registry, whose heavy parts are lazy "module:attribute" references – a game's state, session, words,
# record reader, simulator, practice table – and the physics comes with a match, not with the menu.
STARTUP_CHECK = """
import dataclasses, json, re, sys
from game.cli import main

code = main(["--frames", "3"])
from game.games import GAMES

lazy = {"pymunk", "physics", "game.session"}
MENU_READS = ("catalog", "scenes")  # light data the menu shows: the rule texts, the scenes' tips and seating
for info in GAMES.values():
    for f in dataclasses.fields(info):
        value = getattr(info, f.name)
        if f.name in MENU_READS:
            continue
        if isinstance(value, str) and re.fullmatch(r"[A-Za-z_][\\w.]*:[A-Za-z_]\\w*", value):
            lazy.add(value.partition(":")[0])
loaded = sorted(m for m in sys.modules if m in lazy or m.split(".")[0] in ("pymunk", "physics") or m.startswith("game.session."))
print(json.dumps({"code": code, "lazy": sorted(lazy), "loaded": loaded}))
"""


def test_the_menus_first_frames_load_no_game_engine_no_session_and_no_physics() -> None:
    """`python main.py` (the app's entry, as main.py calls it) shows the menu's first frames without
    importing any game's state or session module, the physics or pymunk: start-up stays light."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "SDL_NO_SIGNAL_HANDLERS": "1",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    p = subprocess.run([sys.executable, "-c", STARTUP_CHECK], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    got = json.loads(p.stdout.strip().splitlines()[-1])
    assert got["code"] == 0
    assert {"game.dice.schock", "game.racerbile.state", "game.bierpong.state", "game.session.pong"} <= set(got["lazy"])
    assert got["loaded"] == []
