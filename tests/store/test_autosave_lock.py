"""Everything around the autosave (issue 19) and keeping finished matches (issue 18): two programs
playing the same game never overwrite each other's autosave (an OS file lock, real processes);
"Continue" orders by a play counter, not the clock; a save folder that cannot be written, or a full
disk (RLIMIT_FSIZE in a child process: real failing writes, also as root), keeps the previous good
copy, is told once, play goes on and the next write that works catches up; a finished match is kept
as a save."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.store.autosave import Autosave, MatchAutosave, load_autosave, read_autosave
from game.store.autosave_folder import last_unfinished, lock_of, open_elsewhere, unfinished
from game.store.filelock import FileLock, held_elsewhere
from game.session import INSTANT, session_for
from tests.autosave_worker import new_match, play, play_on

ROOT = Path(__file__).resolve().parents[2]
WORKER = ROOT / "tests" / "two_instances_worker.py"


def saves(data: Path) -> Path:
    return data / "stammtisch" / "saves"


class Program:
    """One running program (`tests/two_instances_worker.py`) playing `game`."""

    def __init__(self, game: str, seed: int, data: Path) -> None:
        env = {**os.environ, "XDG_DATA_HOME": str(data), "PYTHONPATH": str(ROOT)}
        self.p = subprocess.Popen([sys.executable, str(WORKER), game, str(seed)], cwd=ROOT, env=env, text=True,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        head = self.read().split()
        assert head[0] == "SLOT", head
        self.slot = Path(head[1])

    def read(self) -> str:
        assert self.p.stdout is not None
        line = self.p.stdout.readline()
        assert line, self.p.stderr.read() if self.p.stderr else ""
        return line

    def send(self, text: str) -> None:
        assert self.p.stdin is not None
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def play(self, n: int) -> int:
        self.send(f"play {n}")
        return int(self.read())

    def quit(self) -> None:
        self.send("quit")
        _out, err = self.p.communicate(timeout=60)
        assert self.p.returncode == 0, err


def test_two_programs_playing_the_same_game_never_overwrite_each_others_autosave(tmp_path: Path) -> None:
    """Issue 19: two programs (real processes) play Schock at once, taking turns for several rounds
    of actions; the second finds the autosave locked and writes the next slot. Every action either
    reported is in its own autosave, with the same seed's uninterrupted match as truth; while both
    run, neither autosave is offered as free to continue, and a third start of the game takes a slot
    of its own too."""
    data = tmp_path / "data"
    a = Program("schock", 1, data)
    b = Program("schock", 2, data)
    try:
        assert a.slot == saves(data) / "autosave-schock.json"
        assert b.slot == saves(data) / "autosave-schock.2.json"
        counts = {1: 1, 2: 1}
        for _round in range(4):
            counts[1] = a.play(7)
            counts[2] = b.play(5)
        for _round in range(3):  # and both at the same time
            a.send("play 40")
            b.send("play 40")
            counts[1], counts[2] = int(a.read()), int(b.read())
        assert all(held_elsewhere(lock_of(p.slot)) for p in (a, b))
        assert all(i.elsewhere for i in unfinished(saves(data)))
        third = Autosave.attach(new_match("schock", 3), a.slot)  # this test's process: a third program
        assert third.path == saves(data) / "autosave-schock.3.json" and third.elsewhere == a.slot
        third.finish()
        for seed, prog in ((1, a), (2, b)):
            got = read_autosave(prog.slot).entries
            assert got == play("schock", seed, limit=counts[seed]).log.entries[: len(got)]
            assert len(got) == counts[seed] >= 100
    finally:
        for prog in (a, b):
            if prog.p.poll() is None:
                prog.quit()
    infos = unfinished(saves(data))
    assert sorted(i.path.name for i in infos) == ["autosave-schock.2.json", "autosave-schock.json"]
    assert not any(i.elsewhere for i in infos)  # both left: the locks are gone
    for seed, prog in ((1, a), (2, b)):
        assert load_autosave(prog.slot).match.log.entries == play("schock", seed, limit=counts[seed]).log.entries


def test_a_program_killed_hard_leaves_no_stale_lock(tmp_path: Path) -> None:
    """kill -9 of the program playing: the OS drops its lock, so the match is continued at once (and
    goes on in the same autosave, not in a new slot)."""
    data = tmp_path / "data"
    a = Program("katchen", 4, data)
    n = a.play(9)
    assert open_elsewhere(a.slot)
    a.p.send_signal(signal.SIGKILL)
    a.p.communicate(timeout=60)
    assert not open_elsewhere(a.slot)
    r = load_autosave(a.slot)
    assert len(r.match.log.entries) == n
    save = Autosave.attach(r.match)
    assert save.path == a.slot and save.elsewhere is None and save.locked
    save.detach()
    assert not save.locked and not held_elsewhere(lock_of(a.slot))


def test_a_file_lock_excludes_a_second_holder_until_released(tmp_path: Path) -> None:
    one, two = FileLock(tmp_path / "x.lock"), FileLock(tmp_path / "x.lock")
    assert one.acquire() and not two.acquire() and held_elsewhere(tmp_path / "x.lock")
    one.release()
    assert two.acquire() and not one.acquire()
    two.release()
    assert not held_elsewhere(tmp_path / "x.lock") and not held_elsewhere(tmp_path / "absent.lock")


def test_continue_offers_the_match_played_last_even_after_the_clock_was_set_back(tmp_path: Path) -> None:
    """Issue 19: the order of "Continue" is a counter kept in the index (bumped whenever a match is
    attached or left), not the files' times: B was played after A, but the clock had been set back an
    hour in between (B's file looks older); B is offered. Continuing A makes A the last played."""
    matches = {}
    for seed, game in ((1, "schock"), (2, "katchen")):
        m = matches[game] = new_match(game, seed)
        save = Autosave.attach(m, tmp_path / f"autosave-{game}.json")
        play_on(m, lambda m: None, limit=8)
        save.detach()
    os.utime(tmp_path / "autosave-schock.json", (2_000_000_000, 2_000_000_000))
    os.utime(tmp_path / "autosave-katchen.json", (2_000_000_000 - 3600, 2_000_000_000 - 3600))  # "older"
    info = last_unfinished(tmp_path)
    assert info is not None and info.game == "katchen" and info.seq > 0
    r = load_autosave(tmp_path / "autosave-schock.json")
    save = Autosave.attach(r.match, tmp_path / "autosave-schock.json")
    play_on(r.match, lambda m: None, limit=10)
    save.detach()
    os.utime(tmp_path / "autosave-schock.json", (1_000_000_000, 1_000_000_000))  # and the clock went back further
    assert [i.game for i in unfinished(tmp_path)] == ["schock", "katchen"]


def test_a_save_folder_that_cannot_be_made_is_told_once_play_goes_on_and_the_next_write_catches_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19, a write that fails for real (also as root, where chmod stops nothing): the data home
    is a regular file, so the save folder cannot be made. The session starts and plays on, the table
    is told exactly once; once the folder can be made, the next action writes the whole log and the
    table is told that too."""
    home = tmp_path / "data"
    home.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    m = new_match("schock", 6)
    s = session_for(m, pace=INSTANT, autosave=True)
    s.play_out(25)
    assert len(m.log.entries) >= 25 and s.autosave.error is not None
    told = [n for n in s.notices if "autosave" in n]
    assert len(told) == 1 and "autosave could not be written" in told[0] and "play goes on" in told[0]
    home.unlink()
    home.mkdir()
    s.play_out(len(m.log.entries) + 1)
    assert s.autosave.error is None
    told = [n for n in s.notices if "autosave" in n]
    assert len(told) == 2 and "works again" in told[1]
    assert read_autosave(saves(home) / "autosave-schock.json").entries == m.log.entries
    s.leave()


DISK_FULL = textwrap.dedent("""
    import json, os, resource, signal, sys
    sys.path.insert(0, os.environ["ROOT"])
    from pathlib import Path
    from game.store.autosave import read_autosave
    from game.session import INSTANT, session_for
    from tests.autosave_worker import new_match

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG, as on a full disk
    m = new_match(sys.argv[1], 7)
    s = session_for(m, pace=INSTANT, autosave=True)
    s.play_out(20)
    path = s.autosave.save.path
    good = len(m.log.entries)
    _soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (path.stat().st_size + 40, hard))  # the disk fills up
    s.play_out(60)
    during = {"entries": len(m.log.entries), "error": s.autosave.error,
              "on_disk": len(read_autosave(path).entries), "good": good}
    resource.setrlimit(resource.RLIMIT_FSIZE, (hard, hard))  # space again
    s.play_out(len(m.log.entries) + 1)
    after = {"entries": len(m.log.entries), "error": s.autosave.error,
             "same": read_autosave(path).entries == m.log.entries}
    s.leave()
    print(json.dumps({"during": during, "after": after, "notices": [n for n in s.notices if "autosave" in n]}))
""")


@pytest.mark.parametrize("game", ["schock", "racerbile"])
def test_a_full_disk_keeps_the_good_copy_is_told_once_and_the_next_write_catches_up(game: str, tmp_path: Path) -> None:
    """Issue 19: in a child process whose file size limit stops the autosave from growing (every
    write past it fails, as on a full disk): the file keeps the good copy (at least every action
    saved before; a torn last line is dropped on reading), play goes on to 60 actions, the table is
    told once; with space again the next action writes the whole log, and the table hears it."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "ROOT": str(ROOT), "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", DISK_FULL, game], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout.splitlines()[-1])
    during, after, notices = got["during"], got["after"], got["notices"]
    assert during["entries"] >= 60 and during["error"] is not None and "File too large" in during["error"]
    assert during["good"] <= during["on_disk"] < 60
    assert after["error"] is None and after["same"] and after["entries"] > during["entries"]
    assert len(notices) == 2 and "could not be written" in notices[0] and "works again" in notices[1]


def test_a_finished_match_is_kept_as_a_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: a match played to its end is moved from the autosave into the saves (a fresh file,
    which becomes the session's save file); an undo that reopens it autosaves again, and the end
    after it keeps the match in the same file, not a second one."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    m = new_match("katchen", 3)
    s = session_for(m, pace=INSTANT, autosave=True)
    s.play_out()
    assert m.state.is_terminal()
    folder = saves(tmp_path / "data")
    kept = s.autosave.kept
    assert kept is not None and kept.parent == folder and kept.name.startswith("katchen-") and s.save_path == kept
    assert not (folder / "autosave-katchen.json").exists() and last_unfinished(folder) is None
    assert read_autosave(kept).entries == m.log.entries
    s.undo_to(len(m.log.entries) - 3)
    assert (folder / "autosave-katchen.json").exists()
    s.play_out()
    assert m.state.is_terminal() and s.autosave.kept == kept and read_autosave(kept).entries == m.log.entries
    assert sorted(p.name for p in folder.glob("*.json")) == [kept.name]
    s.leave()


def test_match_autosave_keeps_into_the_sessions_own_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A match loaded from its own save file is kept there at its end (no second copy)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    own = tmp_path / "mine.json"
    m = new_match("schock", 8)
    save = MatchAutosave(m, keep=lambda: own)
    assert save.save is not None and save.save.path.exists()
    play_on(m, lambda m: None, limit=100_000)
    assert m.state.is_terminal() and save.kept == own and read_autosave(own).entries == m.log.entries
    assert not save.save.path.exists() and list(saves(tmp_path / "data").glob("*.json")) == []


def test_the_table_shows_a_failing_autosave_once_on_screen(app: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19, on screen: a dice table whose save folder cannot be made shows the problem as its
    toast (drawn, not a traceback, not silence) – told once however many actions follow."""
    import pygame

    from game.ui.common.app import App
    from game.ui.dice.dice_table import DiceTableScene

    assert isinstance(app, App)
    home = tmp_path / "home-file"
    home.write_text("x", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    m = new_match("schock", 9)
    table = DiceTableScene(app, m)
    app.push(table)
    shown: list[str] = []
    for _ in range(300):
        app.step(0.1)
        if "autosave" in table.toast.text and table.toast.t > 0 and (not shown or shown[-1] != table.toast.text):
            shown.append(table.toast.text)
            with_toast, without = pygame.Surface(app.size), pygame.Surface(app.size)
            table.draw(with_toast)
            t, table.toast.t = table.toast.t, 0.0
            table.draw(without)
            table.toast.t = t
            assert pygame.image.tobytes(with_toast, "RGB") != pygame.image.tobytes(without, "RGB")  # drawn on the table
        if len(m.log.entries) > 40:
            break
    assert len(m.log.entries) > 40 and len(shown) == 1 and "could not be written" in shown[0]
    assert len([n for n in table.session.notices if "autosave" in n]) == 1


def test_the_menu_does_not_continue_a_match_another_program_has_open(app: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: the menu of a second program offers the match (there is no other), but says it is
    open elsewhere instead of opening it a second time; once the other program has left, it continues."""
    from game.ui.common.app import App
    from game.ui.shell.menu import MenuScene

    assert isinstance(app, App)
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    other = Program("katchen", 5, data)
    try:
        other.play(12)
        menu = MenuScene(app)
        app.push(menu)
        app.step(0.05)
        assert menu.unfinished is not None and menu.unfinished.elsewhere
        assert not menu.resume_last() and "another Stammtisch window" in menu.message and app.scene is menu
    finally:
        other.quit()
    menu = MenuScene(app)
    assert menu.unfinished is not None and not menu.unfinished.elsewhere
    assert menu.resume_last() and app.scene is not menu


def test_continuing_from_the_backup_keeps_the_damaged_autosave_aside(tmp_path: Path) -> None:
    """Issue 19, never delete the player's data: the autosave is damaged, its backup good; Continue
    resumes the backup, and the damaged file is moved into `damaged/` (byte for byte) rather than
    overwritten when the match goes on."""
    from game.store.journal import journal_text

    path = tmp_path / "autosave-schock.json"
    m = new_match("schock", 4)
    Autosave.attach(m, path).detach()
    play_on(m, lambda m: None, limit=12)
    (tmp_path / "autosave-schock.json.bak").write_text(journal_text(m.log), encoding="utf-8")
    bad = b'{"format":"stammtisch-journal/1",' + b"[" * 1000
    path.write_bytes(bad)
    r = load_autosave(path)
    assert r.path.name == "autosave-schock.json.bak" and r.message is not None
    save = Autosave.attach(r.match)
    assert save.path == path and save.error is None
    kept = list((tmp_path / "damaged").iterdir())
    assert [k.read_bytes() for k in kept] == [bad]
    assert read_autosave(path).entries == m.log.entries
    save.detach()
