"""Safe YAML with positions: tags, aliases and YAML 1.1 scalars never crash the readers."""
from __future__ import annotations

import pytest

from game.errors import InputError
from game.yamlio import parse


@pytest.mark.parametrize("text", ["a: &x [*x]\n", "a: &x {k: 1}\nb: *x\n", "a: !!python/name:os.system x\n"])
def test_recursive_or_repeated_collections_and_python_tags_are_refused(text: str) -> None:
    with pytest.raises(InputError) as e:
        parse(text, "t.yaml")
    assert str(e.value).startswith("t.yaml:1:")


def test_scalars_read_as_safe_yaml_reads_them() -> None:
    doc = parse("a: 1:30\nb: .inf\nc: 0b11\nd: 0x1f\ne: yes\nf: ~\ng: '12'\nh: 12\n", "t.yaml")
    assert doc.value(doc.root) == {"a": 90, "b": float("inf"), "c": 3, "d": 31, "e": True, "f": None, "g": "12", "h": 12}
