"""Crash-safe autosave (issues 8, 15): every action of every game is on disk once `apply` returns,
appended as one line to the autosave's journal; a resumed match replays every ruling; a torn last
line is dropped, other damage falls back to the backup with a message naming the place; a process
SIGKILLed at a random moment resumes with nothing it had saved lost; the menu's label comes from
an index that is never wrong."""
from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.store.autosave import Autosave, load_autosave, read_autosave
from game.store.autosave_folder import backup_of, last_unfinished, unfinished
from game.errors import InputError
from game.match import Match
from game.store.journal import journal_text, read_journal
from game.rules.matchlog import MatchLog
from game.store.matchfile import load_match, write_log
from tests.autosave_worker import GAMES, new_match, play, play_on

ROOT = Path(__file__).resolve().parents[2]
WORKER = ROOT / "tests" / "autosave_worker.py"


def on_disk(path: Path) -> MatchLog:
    return read_autosave(path)


def place(path: Path) -> str:
    """The start of a message that points into `path`: `file:line:col: `."""
    return rf"{re.escape(str(path))}:\d+:\d+: "


@pytest.mark.parametrize("game", GAMES)
def test_every_action_of_a_match_is_autosaved_and_resumes_with_its_rulings(game: str, tmp_path: Path) -> None:
    """A bots' match of each game with autosave: after every action the file holds the whole log,
    having grown by that action's one line (append-only, no backup needed); resuming replays every
    ruling to the same state."""
    path = tmp_path / f"autosave-{game}.json"
    m = new_match(game, seed=5)
    save = Autosave.attach(m, path)
    assert on_disk(path).entries == m.log.entries and not backup_of(path).exists()
    seen = 0
    before = path.read_bytes()

    def check(m: Match) -> None:
        nonlocal seen, before
        seen += 1
        now = path.read_bytes()
        assert now.startswith(before) and now.count(b"\n") == before.count(b"\n") + 1
        assert on_disk(path).entries == m.log.entries and not backup_of(path).exists()
        before = now

    play_on(m, check, limit=160)
    assert seen >= 100 and save.writes == seen + 1 and save.error is None
    r = load_autosave(path)
    assert r.message is None and r.path == path
    assert r.match.log.entries == m.log.entries and r.match.rulings() == m.rulings()
    assert r.match.state == m.state
    # and play goes on from the resumed match exactly as from the live one
    if not m.state.is_terminal():
        nxt = play(game, 5, limit=len(m.log.entries) + 1).log.entries[len(m.log.entries)]
        got = r.match.apply(r.match.info.state.parse_action(nxt.action))
        assert got == nxt


def test_undo_is_autosaved_when_synced(tmp_path: Path) -> None:
    """After `undo_to` the scene calls `sync()`: an undo mark is appended (the file is not
    rewritten) and the file reads as the shorter log; the next actions are appended after it."""
    path = tmp_path / "autosave-schock.json"
    m = new_match("schock", seed=8)
    save = Autosave.attach(m, path)
    play_on(m, lambda m: None, limit=40)
    before = path.read_bytes()
    m.undo_to(25)
    save.sync()
    now = path.read_bytes()
    assert now.startswith(before) and now[len(before):] == b'{"undo":25}\n'
    assert on_disk(path).entries == m.log.entries and len(m.log.entries) == 25
    play_on(m, lambda m: None, limit=30)
    assert on_disk(path).entries == m.log.entries and not backup_of(path).exists()
    assert load_autosave(path).match.state == m.state


def test_a_journal_much_longer_than_its_log_is_compacted(tmp_path: Path) -> None:
    """Undo after undo: once the journal holds far more lines than the log it is rewritten whole
    (the file before it kept as the backup, which reads as the same log); it never grows unbounded."""
    path = tmp_path / "autosave-schock.json"
    m = new_match("schock", seed=8)
    save = Autosave.attach(m, path)
    play_on(m, lambda m: None, limit=12)
    longest = 0
    for _ in range(60):
        play_on(m, lambda m: None, limit=22)
        m.undo_to(12)
        save.sync()
        assert on_disk(path).entries == m.log.entries
        longest = max(longest, read_journal(path).lines)
    assert backup_of(path).exists() and on_disk(backup_of(path)).entries[:12] == m.log.entries
    assert longest <= 2 * 22 + 256 + 12 and read_journal(path).lines < longest
    assert save.error is None and load_autosave(path).match.log.entries == m.log.entries


def test_a_finished_match_leaves_no_autosave(tmp_path: Path) -> None:
    """`finish()` deletes the autosave and its backup and stops writing, so the menu does not
    offer a finished match."""
    path = tmp_path / "autosave-katchen.json"
    m = new_match("katchen", seed=4)
    save = Autosave.attach(m, path)
    play_on(m, lambda m: None, limit=100_000)
    assert m.state.is_terminal() and on_disk(path).entries == m.log.entries
    assert last_unfinished(tmp_path) is not None
    save.finish()
    assert not path.exists() and not backup_of(path).exists()
    assert last_unfinished(tmp_path) is None
    m.undo_to(len(m.log.entries) - 1)
    play_on(m, lambda m: None, limit=100_000)
    assert m.state.is_terminal() and not path.exists()  # no longer listening


@lru_cache(maxsize=None)
def saved_pair(game: str, actions: int) -> tuple[str, str, int]:
    """The texts of an autosave after `actions` log entries and of a backup one action shorter (as a
    compaction leaves it), and that length."""
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / f"autosave-{game}.json"
        m = new_match(game, seed=12)
        Autosave.attach(m, path)
        play_on(m, lambda m: None, limit=actions)
        return path.read_text(encoding="utf-8"), journal_text(m.log.prefix(len(m.log.entries) - 1)), len(m.log.entries)


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(["schock", "racerbile"]), cut=st.floats(0, 1, exclude_max=True))
def test_a_truncated_autosave_falls_back_to_its_backup_with_a_message(game: str, cut: float) -> None:
    """A journal cut at any byte: its complete lines are the log (a torn last line was an action
    not completely written); cut before the header and the start are whole, it is no game at all:
    the backup is resumed, one action shorter, and the message names the file's place."""
    text, bak, n = saved_pair(game, 60)
    data = text.encode("utf-8")
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / f"autosave-{game}.json"
        kept = data[: int(cut * len(data))]
        path.write_bytes(kept)
        backup_of(path).write_text(bak, encoding="utf-8")
        r = load_autosave(path)
        whole = kept.count(b"\n") - 1  # complete entry lines
        if whole >= 1:
            assert r.path == path and r.message is None
            assert r.match.log.entries == saved_log(game, 60).entries[:whole]
        else:
            assert r.path == backup_of(path) and len(r.match.log.entries) == n - 1
            assert r.message is not None and re.match(place(path), r.message)
            assert "backup" in r.message
            with pytest.raises(InputError):
                load_match(path)  # the file itself is not silently taken for a game


@lru_cache(maxsize=None)
def saved_log(game: str, actions: int) -> MatchLog:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "log.json"
        path.write_text(saved_pair(game, actions)[0], encoding="utf-8")
        return read_autosave(path)


def test_an_autosave_whose_rulings_do_not_replay_falls_back_to_its_backup(tmp_path: Path) -> None:
    """An autosave whose logged ruling differs from what the rules give is not resumed: the
    message names the entry; the backup is resumed instead."""
    text, bak, n = saved_pair("racerbile", 60)
    lines = text.splitlines()
    entries = [json.loads(x) for x in lines[1:]]
    i = max(k for k, e in enumerate(entries) if e["rulings"])
    entries[i]["rulings"][0]["amount"] += 1
    lines[i + 1] = json.dumps(entries[i])
    path = tmp_path / "autosave-racerbile.json"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    backup_of(path).write_text(bak, encoding="utf-8")
    r = load_autosave(path)
    assert r.message is not None and re.match(place(path), r.message)
    assert f"entry {i + 1}" in r.message and "do not replay" in r.message
    assert len(r.match.log.entries) == n - 1


def test_a_crash_between_the_renames_resumes_from_the_backup(tmp_path: Path) -> None:
    """Killed after the current file became the backup and before the new one took its place:
    only the backup is there, and it is resumed (no action that had been saved is lost)."""
    text, bak, n = saved_pair("schock", 50)
    path = tmp_path / "autosave-schock.json"
    backup_of(path).write_text(text, encoding="utf-8")
    r = load_autosave(path)
    assert len(r.match.log.entries) == n and r.message is not None and "no such file" in r.message
    info = last_unfinished(tmp_path)
    assert info is not None and info.path == path and info.actions == n - 1


def test_both_copies_broken_is_an_input_error_naming_both(tmp_path: Path) -> None:
    """Neither copy usable: an InputError giving both files and both reasons, never an empty game."""
    text, bak, _ = saved_pair("schock", 50)
    path = tmp_path / "autosave-schock.json"
    lines = text.splitlines(keepends=True)
    lines[len(lines) // 2] = lines[len(lines) // 2][:20] + "\n"  # a line damaged in the middle
    path.write_text("".join(lines), encoding="utf-8")
    backup_of(path).write_text("{}", encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_autosave(path)
    msg = str(e.value)
    assert re.match(place(path), msg) and f"{path}:{len(lines) // 2 + 1}:" in msg
    assert f"{path}:" in msg and f"{backup_of(path)}:" in msg
    assert "damaged" in msg and "format" in msg
    backup_of(path).unlink()
    path.unlink()
    with pytest.raises(InputError, match="no such file"):
        load_autosave(path)


def test_attaching_replaces_a_damaged_autosave_and_its_backup(tmp_path: Path) -> None:
    """Resumed from the backup and autosaving again: the damaged file is replaced at once, so a
    crash in the next write can never leave only the damaged copy as the backup."""
    text, bak, n = saved_pair("racerbile", 40)
    path = tmp_path / "autosave-racerbile.json"
    path.write_text(text[:100], encoding="utf-8")
    backup_of(path).write_text(bak, encoding="utf-8")
    r = load_autosave(path)
    save = Autosave.attach(r.match, path)
    assert on_disk(path).entries == r.match.log.entries and not backup_of(path).exists()
    (tmp_path / f".{path.name}.junk.tmp").write_text("{", encoding="utf-8")  # a write cut short earlier
    play_on(r.match, lambda m: None, limit=n + 3)
    assert on_disk(path).entries == r.match.log.entries and len(r.match.log.entries) == n + 3
    assert save.error is None
    Autosave.attach(r.match, path)
    assert not list(tmp_path.glob("*.tmp"))


def test_a_failed_write_does_not_stop_the_match(tmp_path: Path) -> None:
    """The save folder is not a folder: the match goes on, `error` says why, nothing is raised."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    m = new_match("schock", seed=2)
    save = Autosave.attach(m, blocker / "autosave-schock.json")
    play_on(m, lambda m: None, limit=10)
    assert len(m.log.entries) == 10 and save.writes == 0
    assert save.error is not None and "autosave-schock.json" in save.error


def test_last_unfinished_is_the_newest_unfinished_autosave(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The menu's "Continue last match": the newest autosave in the save folder, with its game,
    players and number of actions; finished matches (their autosave deleted) are not offered."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert last_unfinished() is None  # no save folder at all
    saves: dict[str, Autosave] = {}
    matches: dict[str, Match] = {}
    for k, game in enumerate(["schock", "racerbile", "bierpong"]):
        m = matches[game] = new_match(game, seed=k)
        saves[game] = Autosave.attach(m)  # the default place: the save folder
        play_on(m, lambda m: None, limit=10 + k)
        if game == "racerbile":  # an older copy, as a compaction leaves it
            saves[game].backup.write_text(journal_text(m.log.prefix(len(m.log.entries) - 1)), encoding="utf-8")
        for p in (saves[game].path, saves[game].backup):
            if p.exists():
                os.utime(p, (1_000_000 + k, 1_000_000 + k))
    folder = tmp_path / "data" / "stammtisch" / "saves"
    assert saves["schock"].path == folder / "autosave-schock.json"
    newest = last_unfinished()
    assert newest is not None and newest.game == "bierpong" and newest.actions == len(matches["bierpong"].log.entries) - 1 >= 11
    assert newest.players == ("Foxes", "Owls") and newest.problem is None
    assert newest.path == saves["bierpong"].path and newest.modified == 1_000_002
    saves["bierpong"].finish()
    newest = last_unfinished(folder)
    assert newest is not None and newest.game == "racerbile" and newest.players == ("Car 1", "Car 2", "Car 3")
    assert [i.game for i in unfinished(folder)] == ["racerbile", "schock"]
    saves["racerbile"].path.write_text("{", encoding="utf-8")  # damaged: its backup still tells
    info = last_unfinished(folder)
    assert info is not None and info.game == "racerbile" and info.actions == len(matches["racerbile"].log.entries) - 2
    assert info.problem is not None and re.match(place(saves["racerbile"].path), info.problem)
    saves["racerbile"].finish()
    saves["schock"].finish()
    assert last_unfinished(folder) is None


def test_bench_autosave_measures_both_sizes() -> None:
    """The bench figure: ms per autosaved action at two log sizes, beside the naive whole save."""
    from bench.autosave import bench_autosave

    got = bench_autosave(sizes=(20, 120), actions=5)
    assert set(got) == {"autosave_20_ms", "autosave_120_ms", "baseline_save_120_ms"}
    assert all(v > 0 for v in got.values())


# --- THE KILL TEST -------------------------------------------------------------------------------

RUNS = 4  # kills per game


def start(game: str, seed: int, path: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(WORKER), game, str(seed), str(path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_killed_at_a_random_moment_the_match_resumes_with_nothing_saved_lost(game: str, tmp_path: Path) -> None:
    """Issue 8: a bots' match autosaving in its own process is SIGKILLed after a random short
    delay; the resumed log holds at least every action the process had reported saved, equals
    the start of the same seed's uninterrupted match (rulings included), and play continues."""
    rng = random.Random(f"kill/{game}")
    seed = 21
    full = play(game, seed).log.entries
    # how long the whole match takes in the worker, from its first autosave to its end
    timing = start(game, seed, tmp_path / "timing.json")
    assert timing.stdout is not None
    timing.stdout.readline()
    t0 = time.perf_counter()
    out, err = timing.communicate(timeout=60)
    span = time.perf_counter() - t0
    assert timing.returncode == 0, err
    assert int(out.split()[-1]) == len(full)
    assert load_autosave(tmp_path / "timing.json").match.log.entries == full
    cut_short = 0
    for run in range(RUNS):
        path = tmp_path / f"run{run}" / f"autosave-{game}.json"
        child = start(game, seed, path)
        assert child.stdout is not None
        # kill at a random moment: after a random number of reported saves (so the kill always
        # comes before the end, however busy the machine is), then a random fraction of an action
        target = rng.randint(1, max(1, int(len(full) * 0.8)))
        seen: list[str] = []
        while len(seen) < target:
            line = child.stdout.readline()
            if not line:
                break
            seen.append(line)
        time.sleep(rng.uniform(0.0, 1.5) * span / len(full))
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate(timeout=60)
        printed = [int(x) for x in ("".join(seen) + out).split()]
        if child.returncode == 0:  # it finished before the kill came
            assert printed[-1] == len(full)
        else:
            assert child.returncode == -signal.SIGKILL, err
            cut_short += 1
        r = load_autosave(path)
        got = list(r.match.log.entries)
        n = len(got)
        assert r.message is None or r.path == backup_of(path), r.message
        assert n >= printed[-1], "an action the process had saved was lost"
        assert got == full[:n], "the resumed log is not the start of the uninterrupted match"
        if n < len(full):  # and play goes on: the next action of the uninterrupted match
            save = Autosave.attach(r.match, path)
            nxt = r.match.apply(r.match.info.state.parse_action(full[n].action))
            assert nxt == full[n]
            assert on_disk(path).entries == full[: n + 1] and save.error is None
    assert cut_short >= RUNS - 1, "the kills came too late to cut the matches short"


def test_a_match_nobody_has_acted_in_is_not_offered(tmp_path: Path) -> None:
    m = new_match("schock", 4)
    Autosave.attach(m, tmp_path / "autosave-schock.json")
    assert [i.actions for i in unfinished(tmp_path)] == [0]
    assert last_unfinished(tmp_path) is None
    play_on(m, lambda m: None, 3)
    info = last_unfinished(tmp_path)
    assert info is not None and info.actions == 2


def test_a_new_match_never_overwrites_another_unfinished_one(tmp_path: Path) -> None:
    """Issue 8 – never silently lose a game: the game's autosave holds an unfinished match; a new
    match of that game (or a loaded save) starting to autosave moves it into the save folder first."""
    path = tmp_path / "autosave-schock.json"
    old = new_match("schock", 4)
    Autosave.attach(old, path)
    play_on(old, lambda m: None, 6)
    new = new_match("schock", 5)
    a = Autosave.attach(new, path)
    assert a.kept is not None and a.kept.parent == tmp_path and a.kept.name.startswith("schock-unfinished-")
    assert load_autosave(a.kept).match.log.entries == old.log.entries
    assert on_disk(path).entries == new.log.entries
    # the same match attached again (a resumed autosave) is not moved aside
    assert Autosave.attach(new, path).kept is None


def test_a_damaged_autosave_keeps_its_good_backup_when_a_new_match_starts(tmp_path: Path) -> None:
    path = tmp_path / "autosave-katchen.json"
    old = new_match("katchen", 4)
    Autosave.attach(old, path)
    play_on(old, lambda m: None, 6)
    backup_of(path).write_text(journal_text(old.log.prefix(5)), encoding="utf-8")  # an older copy
    path.write_text(path.read_text()[:50])  # the header damaged
    new = new_match("katchen", 5)
    a = Autosave.attach(new, path)
    assert a.kept is not None
    assert load_autosave(a.kept).match.log.entries == old.log.entries[:5]  # the backup


def test_a_torn_autosave_is_kept_aside_without_its_torn_line(tmp_path: Path) -> None:
    """A new match starting where an unfinished one's journal ends in a torn line: the complete
    lines are kept aside, as a save "Continue saved match…" loads."""
    path = tmp_path / "autosave-katchen.json"
    old = new_match("katchen", 4)
    Autosave.attach(old, path)
    play_on(old, lambda m: None, 8)
    path.write_bytes(path.read_bytes()[:-7])  # the last line torn
    a = Autosave.attach(new_match("katchen", 5), path)
    assert a.kept is not None and load_match(a.kept).log.entries == old.log.entries[:-1]


def test_an_old_whole_json_autosave_still_loads_labels_and_goes_on(tmp_path: Path) -> None:
    """Issue 15: an autosave written before the journal (one JSON document) resumes, is labelled
    for "Continue", and autosaving goes on in the journal form."""
    path = tmp_path / "autosave-schock.json"
    m = play("schock", 3, limit=30)
    write_log(m.log, path)  # the old format
    assert not path.read_text(encoding="utf-8").startswith('{"format":"stammtisch-journal')
    info = last_unfinished(tmp_path)
    assert info is not None and info.actions == 29 and info.problem is None
    r = load_autosave(path)
    assert r.message is None and r.match.log.entries == m.log.entries
    Autosave.attach(r.match, path)
    play_on(r.match, lambda m: None, limit=35)
    assert read_journal(path).log.entries == r.match.log.entries and len(r.match.log.entries) >= 35


def test_continue_appends_to_the_autosave_it_resumed(tmp_path: Path) -> None:
    """Issue 15: Continue does not write the resumed autosave again – the same file is appended to;
    a torn last line is cut off first, so the next line follows the last complete one."""
    path = tmp_path / "autosave-katchen.json"
    m = new_match("katchen", 6)
    Autosave.attach(m, path)
    play_on(m, lambda m: None, 20)
    whole = path.read_bytes()
    path.write_bytes(whole + b'{"seat":1,"act')  # a line whose writing was cut short
    inode = path.stat().st_ino
    r = load_autosave(path)
    assert r.message is None and r.torn and r.match.log.entries == m.log.entries  # the menu says the action was cut off
    save = Autosave.attach(r.match, path)
    assert path.stat().st_ino == inode and path.read_bytes() == whole and save.kept is None
    play_on(r.match, lambda m: None, 24)
    assert path.stat().st_ino == inode and path.read_bytes().startswith(whole)
    assert read_journal(path).log.entries == r.match.log.entries and len(r.match.log.entries) >= 24
    assert not load_autosave(path).torn  # cut off once, then appended to whole lines again
    # a file changed after it was resumed is written whole again, never appended to blindly
    r = load_autosave(path)
    path.write_bytes(path.read_bytes() + b"\n")
    Autosave.attach(r.match, path)
    assert path.stat().st_ino != inode and read_journal(path).log.entries == r.match.log.entries


def test_the_continue_label_comes_from_the_index_and_is_never_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15: the menu's label is taken from the index beside the autosaves when the file is
    unchanged (not read at all) or only grew (only its new lines read); a file changed otherwise,
    or a missing or garbled index, is read again – the label always says what the file holds."""
    import game.store.autosave_folder as A

    path = tmp_path / "autosave-schock.json"
    m = new_match("schock", 9)
    save = Autosave.attach(m, path)
    play_on(m, lambda m: None, 15)

    def acts() -> list[int]:
        return [i.actions for i in unfinished(tmp_path)]

    assert acts() == [len(m.log.entries) - 1]
    assert (tmp_path / A.INDEX).exists()
    reads: list[str] = []
    real = A.read_journal

    def counted(p: str | Path) -> object:
        reads.append(str(p))
        return real(p)

    monkeypatch.setattr(A, "read_journal", counted)
    assert acts() == [len(m.log.entries) - 1] and reads == []  # unchanged: the index
    play_on(m, lambda m: None, 40)
    m.undo_to(33)
    save.sync()  # an undo mark
    play_on(m, lambda m: None, 36)
    info = last_unfinished(tmp_path)
    assert info is not None and info.actions == len(m.log.entries) - 1 and reads == []
    assert info.players == ("Seat 1", "Seat 2", "Seat 3")
    save.detach()  # leaving to the menu notes the file in the index
    assert acts() == [len(m.log.entries) - 1] and reads == []
    # rewritten in place, to an other length: read again
    path.write_text(journal_text(m.log.prefix(7)), encoding="utf-8")
    assert acts() == [6] and len(reads) == 1
    # the same size and inode but another mtime: read again too
    os.utime(path, (2_000_000, 2_000_000))
    assert acts() == [6] and len(reads) == 2
    # damaged after it was indexed: the label says so
    path.write_text(path.read_text(encoding="utf-8")[:-30] + "\n", encoding="utf-8")
    info = last_unfinished(tmp_path)
    assert info is not None and info.problem is not None and re.match(place(path), info.problem)
    for junk in ("", "{]", '{"format": "stammtisch-autosave-index/1", "files": 3}'):
        (tmp_path / A.INDEX).write_text(junk, encoding="utf-8")
        path.write_text(journal_text(m.log), encoding="utf-8")
        assert acts() == [len(m.log.entries) - 1]
    (tmp_path / A.INDEX).unlink()
    assert acts() == [len(m.log.entries) - 1] and (tmp_path / A.INDEX).exists()
    # changed in its indexed part and grown (same inode): not taken for an append, read again
    data = path.read_bytes()
    last = data[data.rindex(b"\n", 0, len(data) - 1) + 1 :]
    path.write_bytes(data[: -len(last)] + b"#" + last[1:] + last)
    info = last_unfinished(tmp_path)
    assert info is not None and info.problem is not None and re.match(place(path), info.problem)
    assert not [s for s in __import__("game.store.saves", fromlist=["list_saves"]).list_saves(tmp_path) if s.path.name == A.INDEX]


def test_bench_autosave_long_measures_an_action_and_continue() -> None:
    """The issue-15 bench figures: ms per autosaved action and s to continue, at a given length."""
    from bench.autosave_long import autosave_figures

    ms, s = autosave_figures(200, actions=5)
    assert ms > 0 and s > 0


def test_a_sync_after_an_undo_and_other_moves_marks_where_they_part(tmp_path: Path) -> None:
    """Issue 15: synced only now and then (`listen=False`): after an undo and other moves, one sync
    appends an undo mark to where the logs part and the new entries after it; the file reads as the log."""
    path = tmp_path / "autosave-katchen.json"
    m = new_match("katchen", seed=3)
    save = Autosave.attach(m, path, listen=False)
    play_on(m, lambda m: None, limit=40)
    save.sync()
    written = list(m.log.entries)
    before = path.read_bytes()
    m.undo_to(10)
    play_on(m, lambda m: None, limit=45)
    save.sync()
    part = next(i for i, (a, b) in enumerate(zip(written, m.log.entries)) if a != b)
    assert path.read_bytes().startswith(before + b'{"undo":%d}\n' % part)
    assert on_disk(path).entries == m.log.entries and save.error is None
