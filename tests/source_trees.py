"""The program's source files parsed once per test process: the tests that read the code (layering,
game names, words, placeholders) walk the same few hundred files, each parse ~10 ms and each walk more.
A file written anew (its time or size changed: a test's probe) is parsed anew."""
from __future__ import annotations

import ast
from functools import cache
from pathlib import Path


def _stamp(path: Path) -> tuple[Path, int, int]:
    st = path.stat()
    return path, st.st_mtime_ns, st.st_size


def tree(path: Path) -> ast.Module:
    """`path`'s syntax tree (never changed by a test: read it only)."""
    return _tree(_stamp(path))


def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of `path`'s tree, in `ast.walk`'s order."""
    return _nodes(_stamp(path))


@cache
def _tree(stamp: tuple[Path, int, int]) -> ast.Module:
    return ast.parse(stamp[0].read_text(encoding="utf-8"), filename=str(stamp[0]))


@cache
def _nodes(stamp: tuple[Path, int, int]) -> tuple[ast.AST, ...]:
    return tuple(ast.walk(_tree(stamp)))
