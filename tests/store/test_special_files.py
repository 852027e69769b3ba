"""The menu's lists of matches never wait on a special file (issue 19): a FIFO named as an autosave,
as a save or as either folder's index is passed over or labelled damaged, and the lists come back
at once (a FIFO opened for reading blocks until someone writes – the readers never open one)."""
from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any, Callable

import pytest

from game.store.autosave_folder import INDEX as AUTOSAVE_INDEX, unfinished
from game.match import Match, PlayerSpec
from game.store.matchfile import write_log
from game.store.saves import INDEX as SAVES_INDEX, list_saves, save_dir


def within(seconds: float, fn: Callable[[], Any]) -> Any:
    """`fn()` on a thread that must finish within `seconds` (a hang fails the test, it does not hang it)."""
    got: list[Any] = []
    t = threading.Thread(target=lambda: got.append(fn()), daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"{fn} still reading after {seconds} s"
    return got[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_fifos_named_as_autosaves_saves_and_indexes_never_hang_the_lists() -> None:
    folder = save_dir()
    folder.mkdir(parents=True, exist_ok=True)
    good = Match("schock", [PlayerSpec("Ann", "bot"), PlayerSpec("Bo", "bot")], seed=2)
    write_log(good.log, folder / "good.json")
    for name in ("autosave-schock.json", "autosave-katchen.json.bak", "fifo.json", AUTOSAVE_INDEX, SAVES_INDEX):
        if not (folder / name).exists():
            os.mkfifo(folder / name)
    autos = within(10, lambda: unfinished(folder))
    assert all(a.problem for a in autos if Path(a.path).name == "autosave-schock.json")
    saves = within(10, lambda: list_saves(folder))
    assert any(Path(s.path).name == "good.json" for s in saves)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_fifos_as_the_editors_side_file_and_recovery_file_are_passed_over_with_a_reason(tmp_path: Path) -> None:
    from game.racerbile.editing import file_stamp, read_side, sidecar
    from game.racerbile.recovery import read_recovery
    from game.racerbile.tracks import SHIPPED

    track = tmp_path / "mine.yaml"
    track.write_bytes((SHIPPED / "babybane.yaml").read_bytes())
    os.mkfifo(sidecar(track))
    got, why = within(10, lambda: read_side(track))
    assert got == {} and "regular file" in why
    os.mkfifo(tmp_path / "work.json")

    def recovered() -> str:
        try:
            read_recovery(tmp_path / "work.json")
        except ValueError as e:
            return str(e)
        return ""

    assert "regular file" in within(10, recovered)
    assert within(10, lambda: file_stamp(tmp_path / "work.json")) is None
