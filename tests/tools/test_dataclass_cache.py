"""The methods `dataclasses` makes are compiled once and kept (`game.dataclass_cache`, issue 30)."""
from __future__ import annotations

import dataclasses
import marshal
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from game import dataclass_cache

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_game_package_installs_it() -> None:
    assert getattr(dataclasses, "exec", None) is dataclass_cache._exec


def test_a_dataclass_made_from_kept_code_is_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dataclass_cache, "FILE", tmp_path / "kept.marshal")
    monkeypatch.setattr(dataclass_cache, "_kept", {})
    monkeypatch.setattr(dataclass_cache, "_used", {})
    monkeypatch.setattr(sys, "dont_write_bytecode", False)

    def make() -> type:
        @dataclasses.dataclass(frozen=True)
        class Seat:
            name: str
            kind: str = "human"
            drivers: tuple[str, ...] = ()

        return Seat

    first = make()
    dataclass_cache._write()
    kept = marshal.loads((tmp_path / "kept.marshal").read_bytes())
    assert kept and all(isinstance(k, str) and isinstance(v, bytes) for k, v in kept.items())
    monkeypatch.setattr(dataclass_cache, "_kept", dataclass_cache._read())
    monkeypatch.setattr(dataclass_cache, "_new", False)
    again = make()
    assert not dataclass_cache._new  # (nothing compiled anew)
    for cls in (first, again):
        a = cls("Anna", drivers=("Bo",))
        assert (a.name, a.kind, a.drivers) == ("Anna", "human", ("Bo",))
        assert repr(a).endswith(".Seat(name='Anna', kind='human', drivers=('Bo',))")
        assert a == cls("Anna", "human", ("Bo",)) and hash(a) == hash(cls("Anna", "human", ("Bo",)))
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.name = "Bo"  # type: ignore[misc]


def test_a_broken_file_is_compiled_anew(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "kept.marshal").write_bytes(b"\x00not marshal")
    monkeypatch.setattr(dataclass_cache, "FILE", tmp_path / "kept.marshal")
    assert dataclass_cache._read() == {}
    monkeypatch.setattr(dataclass_cache, "_kept", {"x = 1": b"\x00broken"})
    ns: dict[str, object] = {}
    dataclass_cache._exec("x = 1", {}, ns)
    assert ns == {"x": 1}


def test_a_start_without_bytecode_writes_nothing(tmp_path: Path) -> None:
    field = "x_" + uuid.uuid4().hex  # (a class no file holds yet)
    code = (
        "import sys; from pathlib import Path; import game.dataclass_cache as c\n"
        f"c.FILE = Path({str(tmp_path / 'kept.marshal')!r})\n"
        "import dataclasses\n"
        f"@dataclasses.dataclass\nclass A:\n    {field}: int = 0\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    p = subprocess.run([sys.executable, "-B", "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert not (tmp_path / "kept.marshal").exists()
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert (tmp_path / "kept.marshal").exists()
