"""The Le Mans journal on a full disk (issue 19): the file stays readable, the race goes on with one
warning, and the first write that succeeds again catches the journal up. Proved for real in a
subprocess: RLIMIT_FSIZE (any user), and a tiny tmpfs filled to the last byte (root only)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKER = ROOT / "tests" / "journal_full_worker.py"


def run_worker(*args: str) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, str(WORKER), *args], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def check(out: dict[str, Any]) -> None:
    actions = out["actions"]
    full, after = out["disk_while_full"], out["disk_after"]
    assert out["behind"] and out["full"] > out["before"]  # the race went on while the disk was full
    assert full["readable"] and not full["torn"], full  # no torn line left behind
    assert out["before"] <= full["entries"]
    if "undone" not in out:
        assert full["entries"] < out["full"]
        assert full["actions"] == actions[: full["entries"]]  # what is on disk is the race so far
    assert after["readable"] and not out["behind_after"]
    assert after["actions"] == actions and out["after"] > out["full"]  # caught up: nothing lost
    warnings = [n for n in out["notices"] if "journal cannot be written" in n]
    assert len(warnings) == 1, out["notices"]  # told once, not at every entry
    assert any("up to date again" in n for n in out["notices"])


def test_lemans_journal_on_a_full_disk_rlimit_fsize(tmp_path: Path) -> None:
    """Every write beyond the journal's size (and 37 bytes: a torn line) fails with EFBIG."""
    check(run_worker(str(tmp_path / "lemans.json"), "fsize"))


def test_lemans_journal_undo_on_a_full_disk_is_written_once_there_is_room(tmp_path: Path) -> None:
    """An undo while the disk is full (the journal's rewrite fails too): the old journal stays
    whole, and the first write that succeeds brings it to the log as it is then."""
    out = run_worker(str(tmp_path / "lemans.json"), "fsize", "undo")
    assert out["undone"] < out["full"]
    check(out)


def test_lemans_journal_on_a_really_full_tmpfs(tmp_path: Path) -> None:
    """A 256 KiB tmpfs filled to its last byte (ENOSPC), then emptied again."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mnt)], capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        check(run_worker(str(mnt / "lemans.json"), "filler", str(mnt / "filler")))
    finally:
        subprocess.run(["umount", str(mnt)], capture_output=True)
