"""Snapshots beside a journal (issue 15, `game.store.snapshot`): Continue takes a long match from its
snapshot and replays only what follows it, yet the match is the one a full replay gives – entries,
state, drinks, generator, undo and play after it – and every ruling is still verified after the
table is shown. A snapshot that does not stand for the journal (edited journal, stale stretches
after an undo, other rules, a torn frame, a forged pickle) is not trusted; a forged one that does
pass as trusted is caught by the verification, which closes the table."""
from __future__ import annotations

import io
import pickle
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.store.matchfile import attach_journal, load_match
import game.store.snapshot as snapshot
from game.store.autosave import Autosave, load_autosave
from game.errors import InputError
from game.match import Match, PlayerSpec
from game.rules import racerbile as R
from game.session import INSTANT, session_for
from game.rules.matchlog import Entry
from game.store.snapshot import STEP, load_journal, snapshot_path
from tests.autosave_worker import new_match, play, play_on

ROOT = Path(__file__).resolve().parents[2]
WORKER = ROOT / "tests" / "autosave_worker.py"

SEGMENT = 200  # stretches this long in these tests (a multiple of the match's CHECKPOINT), so logs stay short


@pytest.fixture(autouse=True)
def short_stretches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshot, "SEGMENT", SEGMENT)


def autosaved(path: Path, game: str = "schock", entries: int = 1130, seed: int = 3) -> Match:
    """A bots' match of `game` autosaved to `path` while it is played to `entries` log entries."""
    m = new_match(game, seed) if game != "schock" else Match("schock", [PlayerSpec(f"Seat {i}", "bot") for i in range(3)], seed=seed, games=40)
    a = Autosave.attach(m, path)
    play_on(m, lambda m: None, entries)
    assert a.error is None and a.snapshot is not None and not a.snapshot.broken
    a.detach()
    return m


def same_match(got: Match, want: Match) -> None:
    assert got.log.entries == want.log.entries
    assert got.state == want.state
    assert got.drinks() == want.drinks()
    assert got.rng.random() == want.rng.random()


def test_continue_takes_the_match_from_its_snapshot_and_it_is_the_full_replays_match(tmp_path: Path) -> None:
    path = tmp_path / "autosave-schock.json"
    live = autosaved(path)
    r = load_autosave(path)
    assert r.match.pending is not None and r.match.pending.total == (len(live.log.entries) // SEGMENT) * SEGMENT
    full = load_match(path)  # the whole journal replayed, every ruling checked
    assert full.pending is None
    same_match(r.match, full)
    assert r.match.pending.run() is None and r.match.pending.done == r.match.pending.total


def test_a_match_from_its_snapshot_undoes_and_plays_on_as_the_full_replay_does(tmp_path: Path) -> None:
    """Undo reaches back into the stretches the snapshot held (their kept states), and both matches
    then play on alike; the autosave continues the file, and the next Continue is right again."""
    path = tmp_path / "autosave-schock.json"
    autosaved(path)
    quick, full = load_autosave(path).match, load_match(path)
    for m in (quick, full):
        m.undo_to(333)
    same_match(quick, full)
    a = Autosave.attach(quick, path)
    play_on(quick, lambda m: None, 900)
    play_on(full, lambda m: None, 900)
    same_match(quick, full)
    a.detach()
    again = load_autosave(path).match
    assert again.pending is not None
    same_match(again, load_match(path))


def test_stretches_an_undo_left_behind_are_not_trusted(tmp_path: Path) -> None:
    """An undo to 450 and other play to 1,000: the snapshot's stretches after 400 no longer stand
    for the journal – until they are cut off, their lines' digests tell them apart."""
    path = tmp_path / "autosave-schock.json"
    m = Match("schock", [PlayerSpec(f"Seat {i}", "bot") for i in range(3)], seed=8, games=40)
    a = Autosave.attach(m, path)
    s = session_for(m, pace=INSTANT)
    s.play_out(1050)
    m.undo_to(450)
    a.sync()
    s.play_out(1000)
    a.detach()
    loaded = load_journal(path, defer_check=True)
    assert loaded.check is not None and loaded.check.total <= 1000
    same_match(loaded.match, load_match(path))
    assert loaded.check.run() is None


def test_a_journal_edited_after_its_snapshot_is_replayed_whole_and_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "autosave-schock.json"
    autosaved(path)
    lines = path.read_bytes().split(b"\n")
    at = next(i for i in range(100, len(lines)) if b'"amount":1' in lines[i])  # a ruling inside the first stretch
    lines[at] = lines[at].replace(b'"amount":1', b'"amount":2', 1)
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(InputError) as e:
        load_journal(path, defer_check=True)
    assert e.value.line == at + 1 and "do not replay" in e.value.message


def test_a_snapshot_is_trusted_only_for_the_source_of_the_whole_game_package_but_its_scenes() -> None:
    """The fingerprint a snapshot is written under covers every module that can change a ruling –
    the rules, the states, the match, the store itself – wherever in `game` the snapshot code lives;
    the scenes are left out (they cannot change a ruling)."""
    files = [rel for rel, _ in snapshot.fingerprinted()]
    for needed in ("rules/schock.py", "rules/matchlog.py", "dice/state.py", "racerbile/state.py", "bierpong/state.py",
                   "match.py", "store/snapshot.py", "store/journal.py", "__init__.py"):
        assert needed in files, needed
    assert not [f for f in files if f.startswith("ui/")]


@pytest.mark.parametrize("damage", ["other rules", "torn frame", "no snapshot", "garbage"])
def test_a_snapshot_that_does_not_serve_only_costs_the_full_replay(damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "autosave-schock.json"
    autosaved(path)
    snap = snapshot_path(path)
    data = snap.read_bytes()
    if damage == "other rules":
        monkeypatch.setattr(snapshot, "fingerprint", lambda: "rules of another version")
    elif damage == "torn frame":
        snap.write_bytes(data[: len(data) - 100])  # the last stretch torn: the ones before it still serve
    elif damage == "no snapshot":
        snap.unlink()
    else:
        snap.write_bytes(b"\x00" * 64 + data[64:])
    loaded = load_journal(path, defer_check=True)
    same_match(loaded.match, load_match(path))
    if damage == "torn frame":
        assert loaded.check is not None and loaded.check.total == (len(loaded.match.log.entries) // SEGMENT - 1) * SEGMENT
    else:
        assert loaded.check is None  # replayed whole, every ruling verified while loading


class _Evil:
    def __reduce__(self) -> tuple[object, ...]:
        return (print, ("a snapshot ran code",))


def test_a_snapshot_builds_only_the_games_values() -> None:
    """The unpickler builds the games' dataclasses, enums, named tuples and phrases, nothing else."""
    for value in (_Evil(), {"x": Path("/")}, print):
        buf = io.BytesIO()
        pickle.Pickler(buf, protocol=5).dump(value)
        with pytest.raises(pickle.UnpicklingError, match="may not hold"):
            snapshot._Unpickler(io.BytesIO(buf.getvalue()), None).load()


def forge(path: Path, change: str) -> None:
    """Rewrite the snapshot's last stretch so that it still passes as trusted (its frame and line
    digests right) but holds a wrong `change`: a state kept inside it (undo would start from it), or
    the drinks after it. The entries after the snapshot replay fine on top of either."""
    snap = snapshot_path(path)
    data = snap.read_bytes()
    frames = snapshot._frames(data)
    m = load_match(path)
    fr = frames[-1]
    part = snapshot.read_part(fr.payload, m.start_state())
    assert part is not None
    entries, states, ledger = part
    if change == "state":
        inside = min(states)
        assert inside < fr.b
        states[inside] = m.start_state()
    else:
        ledger = m.ledgers_after([1])[1]
    payload = snapshot.part_payload(tuple(entries), states, ledger, fr.a, m.start_state())
    snap.write_bytes(data[: frames[-2].end] + snapshot._frame(payload, fr.a, fr.b, fr.lines))


@pytest.mark.parametrize("change", ["state", "ledger"])
def test_a_forged_snapshot_is_caught_after_the_table_is_shown_and_the_table_closes(change: str, tmp_path: Path) -> None:
    path = tmp_path / "autosave-schock.json"
    autosaved(path, entries=450)
    forge(path, change)
    r = load_autosave(path)
    assert r.match.pending is not None and r.match.pending.total == 2 * SEGMENT
    s = session_for(r.match, pace=INSTANT)
    assert s.checking() == 0.0
    for _ in range(1000):
        s.tick(0.016)
        if s.refused is not None:
            break
    assert s.refused is not None and f"{path.name}:" in s.refused and s.notices[-1] == s.refused
    assert "replayed in full" in s.refused  # the snapshot was wrong, not the log
    assert r.match.pending is None and s.checking() is None
    n = len(r.match.log.entries)
    legal = next(iter(r.match.state.legal_actions()))
    assert str(s.apply(legal)) == s.refused and str(s.request(0, legal)) == s.refused and s.waiting_for() == ()
    s.tick(5.0)
    assert len(r.match.log.entries) == n  # no bot, no chance, no clock acts on a refused table
    assert not snapshot_path(path).exists()  # the next Continue replays the journal whole
    again = load_autosave(path).match
    assert again.pending is None
    same_match(again, load_match(path))


def test_a_sessions_ticks_verify_a_loaded_log_a_slice_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "autosave-schock.json"
    autosaved(path)
    r = load_autosave(path)
    s = session_for(r.match, pace=INSTANT)
    seen = [s.checking()]
    while s.checking() is not None:
        s.verify(0.0005)
        seen.append(s.checking())
    assert seen[0] == 0.0 and len(seen) > 3 and seen[-2] is not None and seen[-2] < 1.0
    assert s.refused is None


def test_a_le_mans_save_continues_from_its_snapshot_and_keeps_it(tmp_path: Path) -> None:
    """The Le Mans event keeps its own journal (the race's save): loaded with its snapshot it goes
    on appending to both, and loads from them again as the full replay does."""
    teams = [PlayerSpec(f"Team {i}", kind, drivers=(f"D{i}a", f"D{i}b", f"D{i}c")) for i, kind in enumerate(["careful", "racer"])]
    m = Match("racerbile", teams, R.SPEC.make(R.LE_MANS), seed=4, track="le_mans")
    path = tmp_path / "lemans.json"
    attach_journal(m, path)
    session_for(m, pace=INSTANT).play_out(650)
    m.close_journal()
    back = load_match(path, journal=path, defer_check=True)
    assert back.pending is not None and back.pending.total == 600
    session_for(back, pace=INSTANT).play_out(900)
    back.close_journal()
    again = load_match(path, defer_check=True)
    assert again.pending is not None and again.pending.total == 800
    same_match(again, load_match(path))
    assert again.pending.run() is None


def test_the_snapshot_goes_with_its_autosave(tmp_path: Path) -> None:
    path = tmp_path / "autosave-schock.json"
    autosaved(path, entries=450)
    assert snapshot_path(path).exists()
    Autosave.attach(load_match(path), path).finish()  # the match is over: its autosave goes, and its snapshot
    assert not path.exists() and not snapshot_path(path).exists()


def counted_pickling(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """What the snapshot pickles from now on, value by value (the real pickling, counted)."""
    dumped: list[object] = []
    real = snapshot._Pickler.dump

    def dump(self: snapshot._Pickler, obj: object) -> None:
        dumped.append(obj)
        real(self, obj)

    monkeypatch.setattr(snapshot._Pickler, "dump", dump)
    return dumped


def test_an_action_pickles_only_its_own_entry_and_a_stretch_is_written_with_its_last(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28 (steady frames): the snapshot is gathered as the match is played – every action's
    autosave pickles that one entry (with the state kept after it, and at a stretch's end the drinks),
    never a whole stretch; the stretch reaches the file on the very action that completes it, and
    Continue takes the match from it as the full replay gives it."""
    dumped = counted_pickling(monkeypatch)
    path = tmp_path / "autosave-schock.json"
    m = Match("schock", [PlayerSpec(f"Seat {i}", "bot") for i in range(3)], seed=3, games=40)
    a = Autosave.attach(m, path)
    assert a.snapshot is not None
    snap = snapshot_path(path)
    sizes = [snap.stat().st_size]
    seen: list[tuple[int, list[object]]] = []
    dumped.clear()  # the start, gathered by `attach`

    def heard(entry: Entry) -> None:  # after the autosave's listener: what it pickled for this entry
        seen.append((len(m.log.entries), list(dumped)))
        sizes.append(snap.stat().st_size)
        dumped.clear()

    m.listeners.append(heard)
    play_on(m, lambda m: None, 3 * SEGMENT + 50)
    m.listeners.remove(heard)
    assert len(seen) > 3 * SEGMENT and a.error is None and not a.snapshot.broken
    for n, objs in seen:
        assert [x for x in objs if isinstance(x, Entry)] == [m.log.entries[n - 1]]
        assert len(objs) <= 3  # the entry, the state kept after it, the drinks at a stretch's end
    grew = [n for (n, _), before, after in zip(seen, sizes, sizes[1:]) if after > before]
    assert grew == [SEGMENT, 2 * SEGMENT, 3 * SEGMENT]
    a.detach()
    r = load_autosave(path)
    assert r.match.pending is not None and r.match.pending.total == 3 * SEGMENT
    same_match(r.match, load_match(path))
    assert r.match.pending.run() is None


def test_a_long_match_autosaved_late_gathers_its_snapshot_a_step_an_action(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A match first autosaved when already long (1,130 entries, no snapshot yet): its stretches are
    gathered `STEP` entries an action, never all at once, and catch up while it is played."""
    m = Match("schock", [PlayerSpec(f"Seat {i}", "bot") for i in range(3)], seed=3, games=40)
    play_on(m, lambda m: None, 1130)
    dumped = counted_pickling(monkeypatch)
    path = tmp_path / "autosave-schock.json"
    a = Autosave.attach(m, path)
    assert a.snapshot is not None
    counts = [sum(isinstance(x, Entry) for x in dumped)]
    dumped.clear()

    def heard(entry: Entry) -> None:
        counts.append(sum(isinstance(x, Entry) for x in dumped))
        dumped.clear()

    m.listeners.append(heard)
    while a.snapshot.behind():
        play_on(m, lambda m: None, len(m.log.entries) + 1)
    m.listeners.remove(heard)
    assert max(counts) == STEP and len(counts) >= 1130 // STEP
    a.detach()
    r = load_autosave(path)
    assert r.match.pending is not None and r.match.pending.total == (len(m.log.entries) // SEGMENT) * SEGMENT
    same_match(r.match, load_match(path))
    assert r.match.pending.run() is None


@pytest.mark.slow
def test_killed_while_its_snapshot_is_gathered_nothing_saved_is_lost_and_continue_goes_on(tmp_path: Path) -> None:
    """A bots' Schock match autosaving in its own process, a stretch every 100 entries, is SIGKILLed
    at random moments – always while a stretch is being gathered, now and then while one is written:
    every action it had reported saved is there, Continue takes the match from the stretches written
    (at most the one being written is lost), they verify, and the match plays on and loads again."""
    rng = random.Random("kill/snapshot")
    full = play("schock", 21).log.entries
    for run in range(4):
        path = tmp_path / f"run{run}" / "autosave-schock.json"
        child = subprocess.Popen([sys.executable, str(WORKER), "schock", "21", str(path), "--segment", "100"], cwd=ROOT,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert child.stdout is not None
        target = rng.randint(250, len(full) - 200)  # well before its end (a kill never comes too late)
        seen: list[str] = []
        while len(seen) < target:
            line = child.stdout.readline()
            if not line:
                break
            seen.append(line)
        time.sleep(rng.uniform(0.0, 0.01))
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate(timeout=60)
        assert child.returncode == -signal.SIGKILL, err
        printed = [int(x) for x in ("".join(seen) + out).split()]
        r = load_autosave(path)
        n = len(r.match.log.entries)
        assert r.message is None and n >= printed[-1] and r.match.log.entries == full[:n]
        check = r.match.pending
        assert check is not None and check.total % 100 == 0 and check.total >= (n // 100 - 1) * 100
        assert check.run() is None
        save = Autosave.attach(r.match, path)
        assert r.match.apply(r.match.parse(full[n].action)) == full[n]
        play_on(r.match, lambda m: None, n + 150)
        assert save.error is None
        save.detach()
        again = load_autosave(path).match
        assert again.pending is not None and again.pending.run() is None
        same_match(again, load_match(path))


def test_an_enum_member_in_a_snapshot_is_kept_by_its_value_on_every_python_3_11() -> None:
    """Python 3.11.2 pickles a StrEnum's member as `getattr(Drink, "BEER")`, which the snapshot's reader
    refuses (it builds nothing but the games' values): every snapshot of a match with drinks then
    failed there and each Continue replayed the whole log. The snapshot keeps a member by its value."""
    from game.rules.drink import Drink

    out = io.BytesIO()
    snapshot._Pickler(out, {}).dump((Drink.BEER, Drink.OTHER))
    assert b"getattr" not in out.getvalue()
    assert snapshot._Unpickler(io.BytesIO(out.getvalue()), None).load() == (Drink.BEER, Drink.OTHER)
    with pytest.raises(pickle.UnpicklingError, match="may not hold builtins.getattr"):  # the reader still refuses it
        snapshot._Unpickler(io.BytesIO(pickle.dumps((getattr, (Drink, "BEER")), protocol=5)), None).load()
