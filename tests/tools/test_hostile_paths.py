"""Output paths and folders that cannot be written (issue 28): a save folder that cannot be made, an
output option naming a folder, a device, a FIFO, `/proc`, a symlink loop or a name too long for the
file system. Each is refused before any work (exit 2, `PATH:1:1: why`), or the table plays on and
says why; a finished match is never lost to a bad path – it goes to the save folder, and the
program says where. Every command runs in a subprocess (`tests.hostile.run`)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.errors import InputError
from game.store.matchfile import load_match, write_log
from game.store.outpaths import check_output, write_or_fall_back
from tests.hostile import Case, Result, run

DATA = Path(__file__).parent.parent / "data" / "tournaments"


def go(argv: list[str], timeout: float = 60.0) -> Result:
    return run(Case("paths", "save", Path(".")), argv, timeout)


def clean(r: Result) -> bool:
    return not r.hang and not r.traceback


def blocked_data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """XDG_DATA_HOME is a file: no save folder can be made under it."""
    home = tmp_path / "data-is-a-file"
    home.write_text("in the way\n")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


# --- item 6: the save folder cannot be made -------------------------------------------------------


def test_lemans_in_a_window_plays_on_without_a_save_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """racerbile.lemans: a bots' Le Mans race whose journal cannot be made plays on (as Schock and
    Bierpong do without their autosave) – no internal error (it was exit 70)."""
    blocked_data_home(tmp_path, monkeypatch)
    r = go(["play", "racerbile", "--variant", "le_mans", "--players", "Foxes:careful", "--teams", "2", "--frames", "120"])
    assert clean(r) and r.code == 0, r.err


def test_a_session_save_without_a_save_folder_is_a_refusal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+S at a table whose save folder cannot be made: a refusal saying why, not a crash."""
    from game.match import Match, PlayerSpec
    from game.session import session_for
    from game.session.events import Refusal

    blocked_data_home(tmp_path, monkeypatch)
    s = session_for(Match("schock", [PlayerSpec("Ann", "bot"), PlayerSpec("Bo", "bot")], seed=3))
    got = s.save()
    assert isinstance(got, Refusal) and "Not a directory" in got.reason


def test_tournament_add_without_a_data_folder_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """bierpong.scoring: the standings file's folder cannot be made – exit 2 naming the file, not 70."""
    home = blocked_data_home(tmp_path, monkeypatch)
    r = go(["tournament", "add", str(DATA / "2023-02-10-team.yaml")])
    assert clean(r) and r.code == 2, r.err
    assert r.err.startswith(str(home / "stammtisch" / "bierpong-standings.yaml") + ":1:1: cannot write"), r.err


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_read_only_data_folder_neither_stops_le_mans_nor_crashes_tournament_add(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "read-only"
    home.mkdir()
    home.chmod(0o500)
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    try:
        r = go(["play", "racerbile", "--variant", "le_mans", "--players", "Foxes:careful", "--teams", "2", "--frames", "120"])
        assert clean(r) and r.code == 0, r.err
        r = go(["tournament", "add", str(DATA / "2023-02-10-team.yaml")])
        assert clean(r) and r.code == 2 and "cannot write the standings file" in r.err, r.err
    finally:
        home.chmod(0o700)


# --- item 7: output paths checked before the match, a finished match never lost -----------------


def bad_outputs(tmp_path: Path) -> dict[str, str]:
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    blocker = tmp_path / "blocker"
    blocker.write_text("a file\n")
    return {
        "folder": str(tmp_path),
        "proc": "/proc/x",
        "dev_full": "/dev/full",
        "long": str(tmp_path / ("m" * 300 + ".json")),
        "loop": str(loop),
        "fifo": str(fifo),
        "under_a_file": str(blocker / "m.json"),
    }


@pytest.mark.parametrize("what", ["folder", "proc", "dev_full", "long", "loop", "fifo", "under_a_file"])
def test_host_save_to_a_bad_path_is_refused_before_the_match(what: str, tmp_path: Path) -> None:
    """`host --save PATH`: refused at once, before a table is opened (no `table ws://` line)."""
    path = bad_outputs(tmp_path)[what]
    r = go(["host", "schock", "--headless", "--players", "Ann:bot,Bo:bot", "--port", "0", "--bind", "127.0.0.1",
            "--no-announce", "--seed", "1", "--save", path], timeout=30)
    assert clean(r) and r.code == 2, r.err
    assert "table ws://" not in r.out
    assert r.err.startswith(f"{path}:1:1: ") and "--save" in r.err, r.err


@pytest.mark.parametrize("what", ["folder", "dev_full", "long", "loop", "fifo"])
def test_screenshot_to_a_bad_path_is_refused_at_once(what: str, tmp_path: Path) -> None:
    path = bad_outputs(tmp_path)[what]
    r = go(["play", "schock", "--frames", "2", "--screenshot", path], timeout=30)
    assert clean(r) and r.code == 2, r.err
    assert r.err.startswith(f"{path}:1:1: ") and "--screenshot" in r.err, r.err


def test_a_good_host_save_is_written(tmp_path: Path) -> None:
    out = tmp_path / "new" / "m.json"
    r = go(["host", "schock", "--headless", "--players", "Ann:bot,Bo:bot", "--port", "0", "--bind", "127.0.0.1",
            "--no-announce", "--seed", "1", "--save", str(out)])
    assert clean(r) and r.code == 0, r.err

    assert load_match(out).state.is_terminal()


def test_a_finished_match_falls_back_to_the_save_folder(tmp_path: Path) -> None:
    """The path broke after the check (the folder became a file): the match goes to the save
    folder, and the message says where."""
    from game.match import Match, PlayerSpec

    m = Match("schock", [PlayerSpec("Ann", "bot"), PlayerSpec("Bo", "bot")], seed=5)
    folder = tmp_path / "out"
    target = check_output(folder / "m.json", "--save")
    folder.write_text("now a file\n")  # (after the check)
    went, why = write_or_fall_back(target, lambda p: write_log(m.log, p), "match.json")
    assert why is not None and went != target and went.is_file()
    assert load_match(went).log.entries == m.log.entries


@pytest.mark.parametrize("text", ["/proc/self/status", "/dev/null", "/sys/kernel/x", "a\0b.json", "", "out/"])
def test_special_places_are_no_output_files(text: str) -> None:
    with pytest.raises(InputError) as e:
        check_output(text, "--save")
    assert e.value.file == text and "--save" in e.value.message


# --- item 9: the editor on a symlink loop --------------------------------------------------------


def test_edit_on_a_symlink_loop_is_refused(tmp_path: Path) -> None:
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)
    r = go(["edit", str(loop), "--frames", "2"], timeout=30)
    assert clean(r) and r.code == 2, r.err
    assert r.err.startswith(f"{loop}:1:1: ") and "symlink" in r.err.lower(), r.err


def test_edit_of_a_new_track_with_a_name_too_long_is_refused(tmp_path: Path) -> None:
    long = tmp_path / ("t" * 300 + ".yaml")
    r = go(["edit", str(long), "--frames", "2"], timeout=30)
    assert clean(r) and r.code == 2, r.err
    assert r.err.startswith(f"{long}:1:1: ") and "too long" in r.err, r.err


@pytest.mark.parametrize("what", ["loop", "long", "under_a_file"])
def test_lab_with_a_new_shot_at_a_bad_path_is_refused(what: str, tmp_path: Path) -> None:
    """`lab FILE` for a new shot: FILE is where Ctrl+S saves it – checked at once, like `edit FILE`."""
    path = bad_outputs(tmp_path)[what]
    r = go(["lab", path, "--frames", "2"], timeout=30)
    assert clean(r) and r.code == 2, r.err
    assert r.err.startswith(f"{path}:1:1: ") and "shot lab" in r.err, r.err


def test_host_save_that_breaks_during_the_match_goes_to_the_save_folder(tmp_path: Path) -> None:
    """`host --save DIR/new/m.json`: the path is good at the start; while the table waits, a file
    takes the place of the folder `new`. At the end the match goes to the save folder, the message
    says where (exit 2) – the match is not lost (it was exit 70 and nothing kept)."""
    import subprocess
    import sys

    from game.store.saves import save_dir
    from tests.hostile import ROOT

    target = tmp_path / "new" / "m.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "host", "schock", "--headless", "--players", "Ann:remote,Bo:bot",
                          "--port", "0", "--bind", "127.0.0.1", "--no-announce", "--seed", "1", "--timeout", "3", "--save", str(target)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, stdin=subprocess.DEVNULL)
    try:
        assert p.stdout is not None
        assert p.stdout.readline().startswith("table ws://")
        (tmp_path / "new").write_text("in the way\n")
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 2 and "internal error" not in err, err
    went = [f for f in save_dir().glob("schock-*.json")]
    assert len(went) == 1 and str(went[0]) in err and err.startswith(f"{target}:1:1: --save cannot write"), err
    assert "is a file, not a folder" in err and load_match(went[0]).log.entries
