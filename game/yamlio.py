"""Safe YAML in, positions kept; atomic file writes.

YAML is only ever composed with the safe loader. Nodes keep their line and column, so every
complaint about a file can name the place: `file:line:column: message`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from game.errors import InputError

try:  # the C loader is faster; both are safe
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Loader = yaml.SafeLoader

_STD = "tag:yaml.org,2002:"


class Doc:
    """A composed YAML document that can point at its nodes."""

    def __init__(self, root: yaml.Node, file: str) -> None:
        self.root = root
        self.file = file

    def error(self, node: yaml.Node | None, message: str) -> InputError:
        if node is None:
            return InputError(message, self.file, 1, 1)
        mark = node.start_mark
        return InputError(message, self.file, mark.line + 1, mark.column + 1)

    def error_at(self, node: yaml.Node, offset: int, message: str) -> InputError:
        """An error `offset` characters into a one-line plain scalar."""
        mark = node.start_mark
        extra = 1 if isinstance(node, yaml.ScalarNode) and node.style in ("'", '"') else 0
        return InputError(message, self.file, mark.line + 1, mark.column + 1 + extra + offset)

    def mapping(self, node: yaml.Node, what: str) -> list[tuple[yaml.ScalarNode, yaml.Node]]:
        if not isinstance(node, yaml.MappingNode):
            raise self.error(node, f"{what} must be a mapping (key: value)")
        seen: dict[str, yaml.Node] = {}
        out = []
        for k, v in node.value:
            if not isinstance(k, yaml.ScalarNode):
                raise self.error(k, f"a key in {what} must be a plain name")
            if k.value in seen:
                raise self.error(k, f"duplicate key {k.value!r} in {what}")
            seen[k.value] = v
            out.append((k, v))
        return out

    def sequence(self, node: yaml.Node, what: str) -> list[yaml.Node]:
        if not isinstance(node, yaml.SequenceNode):
            raise self.error(node, f"{what} must be a list")
        return list(node.value)

    def value(self, node: yaml.Node) -> Any:
        """The plain Python value of a node (scalars, lists, mappings)."""
        if isinstance(node, yaml.ScalarNode):
            return _scalar(node)
        if isinstance(node, yaml.SequenceNode):
            return [self.value(n) for n in node.value]
        return {k.value: self.value(v) for k, v in self.mapping(node, "this mapping")}

    def text(self, node: yaml.Node, what: str) -> str:
        if not isinstance(node, yaml.ScalarNode):
            raise self.error(node, f"{what} must be a single value")
        return str(node.value)


_CONSTRUCTOR = yaml.constructor.SafeConstructor()


def _scalar(node: yaml.ScalarNode) -> Any:
    """The value of a scalar as YAML's safe constructor reads it (ints, floats, bools, null, text)."""
    if node.tag == _STD + "str":
        return node.value
    try:
        return _CONSTRUCTOR.construct_object(node)
    except (yaml.YAMLError, ValueError, TypeError, OverflowError):
        return node.value


def _check_tags(doc: Doc, node: yaml.Node) -> None:
    """Refuse non-standard tags (`!!python/…`) and lists or mappings repeated by an alias.

    A repeated collection could be recursive (`&a [*a]`) or blow up exponentially; no file of
    ours needs one.
    """
    seen: set[int] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if not n.tag.startswith(_STD) or n.tag.startswith(_STD + "python/"):
            raise doc.error(n, f"tag {n.tag!r} is not allowed: files are read as plain, safe YAML")
        if isinstance(n, yaml.ScalarNode):
            continue
        if id(n) in seen:
            raise doc.error(n, "a list or mapping may not be repeated with an alias (*name)")
        seen.add(id(n))
        if isinstance(n, yaml.SequenceNode):
            stack.extend(n.value)
        elif isinstance(n, yaml.MappingNode):
            for k, v in n.value:
                stack.extend((k, v))


def parse(text: str, file: str) -> Doc:
    """Compose one YAML document safely; syntax errors become `InputError`s with a position."""
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise InputError(f"YAML syntax error: {e.problem or e.context}", file, line, col) from None
    except yaml.YAMLError as e:
        raise InputError(f"YAML error: {e}", file) from None
    if root is None:
        raise InputError("the file is empty", file)
    doc = Doc(root, file)
    _check_tags(doc, root)
    return doc


def read(path: str | Path) -> Doc:
    """Read and compose a YAML file; an unreadable file is an `InputError` too."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read the file: {e.__class__.__name__}: {getattr(e, 'strerror', None) or e}", str(path)) from None
    return parse(text, str(path))
