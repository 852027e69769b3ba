"""Safe YAML in, positions kept; atomic file writes.

YAML is only ever composed with the safe loader. Nodes keep their line and column, so every
complaint about a file can name the place: `file:line:column: message`.
"""
from __future__ import annotations

import re
from itertools import chain
from pathlib import Path
from typing import Any

import yaml

from game.store import fileio
from game.errors import InputError
from game.gcpause import paused_gc

try:  # the C loader is faster; both are safe
    _Base: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Base = yaml.SafeLoader


class _Loader(_Base):  # type: ignore[misc, valid-type]
    """The safe loader, reading YAML 1.2's float forms too (`1e1`, `1.5e-3`, `.5`: YAML 1.1 reads
    them as text). Tried after YAML 1.1's own expressions, so `10` stays an int."""


_FLOAT_12 = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$", re.X)  # (the flags of the safe resolver's own expressions: joined with them)
_Loader.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT_12, list("-+.0123456789"))


class Dumper(yaml.SafeDumper):
    """The safe dumper, quoting a text that the readers would read as a YAML 1.2 float (`0E0`, `.5`)."""


Dumper.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT_12, list("-+.0123456789"))


def load_safely(text: str) -> Any:
    """`text`'s one document read by the safe loader (YAML 1.2 floats too), as the readers read it."""
    loader = _Loader(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()

_STD = "tag:yaml.org,2002:"
_PLAIN_TAGS = frozenset(_STD + t for t in ("str", "int", "float", "bool", "null", "seq", "map"))  # the usual safe tags


def _joined_resolvers(resolvers: dict[Any, list[tuple[str, re.Pattern[str]]]]) -> dict[str, tuple[re.Pattern[str], list[str]]]:
    """For each first character, the expressions that resolve a plain scalar's tag joined into one,
    in their order (so the first that matches still wins), with the tag of each branch. Characters
    whose expressions cannot be joined exactly (other flags, groups of their own) are left out."""
    joined = {}
    for ch, rules in resolvers.items():
        if ch is None or len({rx.flags for _, rx in rules}) != 1 or any(rx.groups for _, rx in rules):
            continue
        try:
            rx = re.compile("|".join(f"({rx.pattern})" for _, rx in rules), rules[0][1].flags)
        except re.error:  # (an expression with flags of its own inside)
            continue
        joined[ch] = (rx, [""] + [tag for tag, _ in rules])  # the tag of each branch, by its group
    return joined


def _fingerprint(resolvers: dict[Any, list[Any]]) -> tuple[int, int, int]:
    """Changes when a resolver is added (`yaml.add_implicit_resolver` appends or copies)."""
    return id(resolvers), len(resolvers), sum(map(len, resolvers.values()))


class _QuickLoader(_Loader):  # type: ignore[misc, valid-type]
    """The safe loader, resolving a plain scalar's tag with one expression for its first character
    instead of trying the safe resolver's expressions one by one: the same tags, sooner."""

    def resolve(self, kind: Any, value: str, implicit: tuple[bool, bool]) -> str:
        if kind is yaml.ScalarNode and implicit[0]:
            joined = _JOINED.get(value[:1])
            if joined is not None:
                m = joined[0].match(value)
                return joined[1][m.lastindex] if m and m.lastindex else self.DEFAULT_SCALAR_TAG
            if value[:1] not in self.yaml_implicit_resolvers:
                return self.DEFAULT_SCALAR_TAG
        return str(super().resolve(kind, value, implicit))


_SAFE: Any = _Loader
_JOINED = _joined_resolvers(_SAFE.yaml_implicit_resolvers)
_JOINED_FROM = _fingerprint(_SAFE.yaml_implicit_resolvers)


def _loader() -> type:
    """The quick loader, as long as the safe loader resolves as it did when its expressions were joined."""
    resolvers = _SAFE.yaml_implicit_resolvers
    if _fingerprint(resolvers) == _JOINED_FROM and None not in resolvers and not _SAFE.yaml_path_resolvers:
        return _QuickLoader
    return _Loader


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
        seen: set[str] = set()
        for k, _ in node.value:
            if not isinstance(k, yaml.ScalarNode):
                raise self.error(k, f"a key in {what} must be a plain name")
            if k.value in seen:
                raise self.error(k, f"duplicate key {k.value!r} in {what}")
            seen.add(k.value)
        return list(node.value)

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
    pop, push = stack.pop, stack.extend
    while stack:
        n = pop()
        tag = n.tag
        if tag not in _PLAIN_TAGS and (not tag.startswith(_STD) or tag.startswith(_STD + "python/")):
            raise doc.error(n, f"tag {tag!r} is not allowed: files are read as plain, safe YAML")
        if isinstance(n, yaml.ScalarNode):
            continue
        if id(n) in seen:
            raise doc.error(n, "a list or mapping may not be repeated with an alias (*name)")
        seen.add(id(n))
        if isinstance(n, yaml.SequenceNode):
            push(n.value)
        elif isinstance(n, yaml.MappingNode):
            push(chain.from_iterable(n.value))  # each key, then its value


def parse(text: str, file: str) -> Doc:
    """Compose one YAML document safely; syntax errors become `InputError`s with a position."""
    try:
        with paused_gc():  # nodes make no cycles: collecting while composing only slows a big file down
            root = yaml.compose(text, Loader=_loader())
    except yaml.reader.ReaderError as e:  # a character YAML does not allow, at its place
        line, col = fileio.place(text[: e.position])
        raise InputError(f"a character YAML does not allow ({e.reason}, #x{e.character if isinstance(e.character, int) else ord(e.character):04x})", file, line, col) from None
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


def read_text(path: str | Path) -> str:
    """A text file's text (`game.store.fileio.read_text`: a regular file of a few MB, UTF-8 without NUL
    bytes); an unreadable file is an `InputError` naming it (and the place of a bad byte)."""
    return fileio.read_text(path)


def read(path: str | Path) -> Doc:
    """Read and compose a YAML file; an unreadable file is an `InputError` too."""
    return parse(read_text(path), str(path))
