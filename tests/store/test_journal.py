"""The match journal: a Le Mans event survives a crash at any moment and continues from the last
completed action with nothing lost; a torn last line is dropped, other damage is named by place."""
from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.errors import InputError
from game.match import Match, PlayerSpec
from game.racerbile.actions import Clock
from game.rules import racerbile as R
from game.store.journal import FORMAT, read_journal
from game.rules.matchlog import Entry
from game.session import INSTANT, session_for
from game.store.matchfile import attach_journal, load_match, write_log

ROOT = Path(__file__).resolve().parents[2]

# A bots-only Le Mans that autosaves to the journal named on its command line, or continues it
# when it exists; it prints the number of log entries after each completed action.
CHILD = """
import sys
from pathlib import Path
from game.match import Match, PlayerSpec
from game.racerbile.actions import Clock
from game.rules import racerbile as R
from game.session import INSTANT, Session, session_for
from game.store.matchfile import attach_journal, load_match

path, limit = Path(sys.argv[1]), int(sys.argv[2])
if path.exists():
    m = load_match(path, journal=path)
else:
    teams = [PlayerSpec(f"Team {i}", kind, drivers=tuple(f"D{i}{k}" for k in range(3)))
             for i, kind in enumerate(["careful", "racer", "stalin"])]
    m = attach_journal(Match("racerbile", teams, R.SPEC.make("le_mans"), seed=11, track="le_mans"), path)
print(len(m.log.entries), flush=True)
m.listeners.append(lambda entry: print(len(m.log.entries), flush=True))  # after the journal has it


def clock(s: Session) -> None:  # half a minute of event time after every tenth entry
    if m.state.turns and len(m.log.entries) % 10 == 0 and not m.state.is_terminal():
        s.apply(Clock(30))


session_for(m, pace=INSTANT).play_out(limit, after=clock)
"""


def lemans(path: Path | None = None, seed: int = 3) -> Match:
    teams = [PlayerSpec(f"Team {i}", "racer", drivers=(f"Å{i}", f"B{i}", f"C{i}")) for i in range(3)]
    m = Match("racerbile", teams, R.SPEC.make("le_mans"), seed=seed, track="le_mans")
    return m if path is None else attach_journal(m, path)


def play(m: Match, actions: int) -> Match:
    """The match's session drives about `actions` more log entries (its bots, chance drawn by the match)."""
    return session_for(m, pace=INSTANT).play_out(len(m.log.entries) + actions)


@pytest.mark.slow
def test_killed_at_random_moments_a_le_mans_continues_with_nothing_lost(tmp_path: Path) -> None:
    """racerbile.lemans.teams: a bots-only Le Mans, SIGKILLed again and again at random moments
    (before, while and after loading, mid-race); every restart continues the journal: every
    action the process had completed is there, the replay verifies every ruling, and the number
    of entries never goes down."""
    journal = tmp_path / "lemans.journal"
    script = tmp_path / "child.py"
    script.write_text(CHILD, encoding="utf-8")
    rng = random.Random(2024)
    kept: list[Entry] = []
    grew = 0
    for n in range(8):
        child = subprocess.Popen(
            [sys.executable, str(script), str(journal), "100000"],
            cwd=ROOT,
            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        # every other run is killed only once the race is under way (its first line: the journal is
        # loaded or begun), so a machine slow to start a process still sees kills mid-race
        first = child.stdout.readline() if n % 2 and child.stdout is not None else ""
        time.sleep(rng.uniform(0.05, 0.9))
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate(timeout=60)
        out = first + out
        assert child.returncode == -signal.SIGKILL, err  # it was killed, it did not fail on its own
        completed = max((int(x) for x in out.split()), default=0)
        if not journal.exists():  # killed before the journal was first written
            assert completed == 0 and not kept
            continue
        m = load_match(journal)  # replays and verifies every ruling
        entries = m.log.entries
        assert len(entries) >= completed, "an action the process had completed was lost"
        assert entries[: len(kept)] == kept, "the journal changed what was already there"
        grew += len(entries) > len(kept)
        kept = list(entries)
    assert grew >= 3 and len(kept) > 50
    # and once more without a kill: it goes on to the end of the run from where it stopped
    done = subprocess.run(
        [sys.executable, str(script), str(journal), str(len(kept) + 200)],
        cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    final = load_match(journal)
    assert final.log.entries[: len(kept)] == kept
    assert len(final.log.entries) >= len(kept) + 200 or final.state.is_terminal()
    assert int(done.stdout.split()[0]) == len(kept)  # the restart began at the last completed action
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_every_applied_entry_is_on_disk_at_once(tmp_path: Path) -> None:
    j = tmp_path / "m.journal"
    m = lemans(j)
    for _ in range(30):
        play(m, 1)
        assert read_journal(j).log.entries == m.log.entries
    lines = j.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["format"] == FORMAT and len(lines) == 1 + len(m.log.entries)


def test_a_torn_last_line_is_not_a_completed_action(tmp_path: Path) -> None:
    """The last line's writing was cut off (here inside the two bytes of an "Å"): the entry was
    not completed, so loading ends before it; continuing the journal drops it for good."""
    j = tmp_path / "m.journal"
    m = play(lemans(j), 40)
    whole = list(m.log.entries)
    m.close_journal()
    nxt = play(load_match(j), 1).log.entries[-1]
    line = json.dumps(nxt.to_dict(), ensure_ascii=False).encode("utf-8")
    cut = json.dumps(whole[0].to_dict(), ensure_ascii=False).encode("utf-8")
    cut = cut[: cut.index("Å".encode("utf-8")) + 1]  # half an "Å": not even UTF-8
    for torn in (line[: len(line) // 2], line, cut):  # a whole entry without its newline is torn too
        j.write_bytes(_complete(j, len(whole)) + torn)
        read = read_journal(j)
        assert read.torn and read.log.entries == whole
        back = load_match(j, journal=j)
        assert back.log.entries == whole and back.state == m.state
        play(back, 5)
        back.close_journal()
        assert not read_journal(j).torn and load_match(j).log.entries == back.log.entries


def _complete(j: Path, entries: int) -> bytes:
    """The first `entries` entry lines of a journal (with its header), each ending in a newline."""
    return b"".join(line + b"\n" for line in j.read_bytes().split(b"\n")[: 1 + entries])


def test_a_damaged_line_is_named_with_line_and_column(tmp_path: Path) -> None:
    j = tmp_path / "m.journal"
    m = play(lemans(j), 30)
    m.close_journal()
    lines = j.read_text(encoding="utf-8").splitlines(keepends=True)
    broken = lines[7]
    col = broken.index('"action"') + len('"action"')
    lines[7] = broken[: col] + "=" + broken[col + 1 :]  # the ':' after the key becomes '='
    j.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_match(j)
    assert str(e.value).startswith(f"{j}:8:{col + 1}: the journal is damaged: Expecting ':' delimiter")


def test_a_blank_line_in_the_middle_is_damage_not_a_tear(tmp_path: Path) -> None:
    j = tmp_path / "m.journal"
    m = play(lemans(j), 20)
    m.close_journal()
    lines = j.read_text(encoding="utf-8").splitlines(keepends=True)
    j.write_text("".join(lines[:5] + ["\n"] + lines[5:]), encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_match(j)
    assert str(e.value).startswith(f"{j}:6:1: the journal is damaged")


def test_a_tampered_ruling_is_refused_at_its_line(tmp_path: Path) -> None:
    j = tmp_path / "m.journal"
    m = play(lemans(j), 60)
    m.close_journal()
    lines = j.read_text(encoding="utf-8").splitlines(keepends=True)
    n = next(i for i, line in enumerate(lines) if i > 1 and '"what":"sips"' in line)
    data = json.loads(lines[n])
    next(r for r in data["rulings"] if r["what"] == "sips")["amount"] += 1
    lines[n] = json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    j.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_match(j)
    assert str(e.value).startswith(f"{j}:{n + 1}:1: entry {n}") and "do not replay as saved" in str(e.value)


def test_a_file_that_is_no_journal(tmp_path: Path) -> None:
    j = tmp_path / "m.journal"
    j.write_text('{"format":"stammtisch-journal/1","game":"racerbile"}\n', encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_match(j)
    assert str(e.value).startswith(f"{j}:1:1: the journal's header lacks")


def test_undo_rewrites_the_journal(tmp_path: Path) -> None:
    j = tmp_path / "m.journal"
    m = play(lemans(j), 50)
    m.undo_to(20)
    assert read_journal(j).log.entries == m.log.entries and len(m.log.entries) == 20
    play(m, 10)
    m.apply(Clock(60))
    back = load_match(j)
    assert back.log.entries == m.log.entries and back.state == m.state


def test_load_takes_a_saved_match_and_a_journal_alike(tmp_path: Path) -> None:
    j, saved = tmp_path / "m.journal", tmp_path / "m.json"
    m = play(lemans(j), 70)
    write_log(m.log, saved)
    a, b = load_match(saved), load_match(j)
    assert a.state == b.state == m.state and a.rulings() == b.rulings() == m.rulings()
    c = load_match(saved, journal=tmp_path / "new.journal")  # a saved match can start a journal
    play(c, 3)
    assert load_match(tmp_path / "new.journal").log.entries == c.log.entries


def test_an_undo_mark_cuts_the_log_and_later_lines_keep_their_places(tmp_path: Path) -> None:
    """Issue 15: a journal line `{"undo":n}` undoes every entry after the first n (the autosave
    appends one instead of rewriting); a damaged ruling after it is named at its own line; a mark
    beyond the log is damage, named by place."""
    j = tmp_path / "m.journal"
    m = play(lemans(j), 40)
    m.close_journal()
    lines = j.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = 15
    back = Match.replay(m.log.prefix(cut))
    play(back, 80)
    marked = lines + ['{"undo":%d}\n' % cut] + [json.dumps(e.to_dict(), ensure_ascii=False, separators=(",", ":")) + "\n" for e in back.log.entries[cut:]]
    j.write_text("".join(marked), encoding="utf-8")
    read = read_journal(j)
    assert read.log.entries == back.log.entries and read.lines == len(marked) - 1
    assert load_match(j).state == back.state
    n = next(i for i in range(len(lines) + 1, len(marked)) if '"what":"sips"' in marked[i])
    data = json.loads(marked[n])
    next(r for r in data["rulings"] if r["what"] == "sips")["amount"] += 1
    j.write_text("".join(marked[:n] + [json.dumps(data) + "\n"] + marked[n + 1 :]), encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_match(j)
    entry = cut + n - len(lines)  # the entries after the mark follow the first `cut`
    assert str(e.value).startswith(f"{j}:{n + 1}:1: entry {entry}") and "do not replay as saved" in str(e.value)
    j.write_text("".join(lines + ['{"undo":%d}\n' % (len(lines) + 5)]), encoding="utf-8")
    with pytest.raises(InputError) as e:
        read_journal(j)
    assert str(e.value).startswith(f"{j}:{len(lines) + 1}:1: the journal is damaged: an undo")


def test_undo_appends_a_mark_and_a_long_journal_is_written_whole(tmp_path: Path) -> None:
    """Issue 15: an undo in a Le Mans with its journal appends `{"undo":n}` (the same file, grown);
    once marks and undone lines make the journal much longer than the log it is replaced whole."""
    j = tmp_path / "m.journal"
    m = play(lemans(j), 50)
    inode, before = j.stat().st_ino, j.read_bytes()
    m.undo_to(20)
    assert j.stat().st_ino == inode and j.read_bytes() == before + b'{"undo":20}\n'
    assert read_journal(j).log.entries == m.log.entries
    for _ in range(12):
        play(m, 40)
        m.undo_to(20)
    read = read_journal(j)
    assert read.log.entries == m.log.entries and j.stat().st_ino != inode
    assert read.lines <= 2 * len(m.log.entries) + 256 + 1
    assert load_match(j).state == m.state


def test_continuing_a_journal_appends_to_the_same_file(tmp_path: Path) -> None:
    """Issue 15: `load_match(j, journal=j)` goes on in the very file (not written again); a torn
    last line is cut off first, so the next entry follows the last complete line."""
    j = tmp_path / "m.journal"
    m = play(lemans(j), 30)
    m.close_journal()
    whole = j.read_bytes()
    j.write_bytes(whole + b'{"seat":0,"act')
    inode = j.stat().st_ino
    back = load_match(j, journal=j)
    assert j.stat().st_ino == inode and j.read_bytes() == whole
    play(back, 10)
    assert j.stat().st_ino == inode and j.read_bytes().startswith(whole)
    assert read_journal(j).log.entries == back.log.entries and load_match(j).state == back.state
    back.close_journal()
