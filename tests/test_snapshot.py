"""Snapshots beside a journal (issue 15, `game.snapshot`): Continue takes a long match from its
snapshot and replays only what follows it, yet the match is the one a full replay gives – entries,
state, drinks, generator, undo and play after it – and every ruling is still verified after the
table is shown. A snapshot that does not stand for the journal (edited journal, stale stretches
after an undo, other rules, a torn frame, a forged pickle) is not trusted; a forged one that does
pass as trusted is caught by the verification, which closes the table."""
from __future__ import annotations

import io
import pickle
from pathlib import Path

import pytest

import game.snapshot as snapshot
from game.autosave import Autosave, load_autosave
from game.errors import InputError
from game.match import Match, PlayerSpec
from game.rules import racerbile as R
from game.session import INSTANT, session_for
from game.snapshot import load_journal, snapshot_path
from tests.autosave_worker import new_match, play_on

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
    full = Match.load(path)  # the whole journal replayed, every ruling checked
    assert full.pending is None
    same_match(r.match, full)
    assert r.match.pending.run() is None and r.match.pending.done == r.match.pending.total


def test_a_match_from_its_snapshot_undoes_and_plays_on_as_the_full_replay_does(tmp_path: Path) -> None:
    """Undo reaches back into the stretches the snapshot held (their kept states), and both matches
    then play on alike; the autosave continues the file, and the next Continue is right again."""
    path = tmp_path / "autosave-schock.json"
    autosaved(path)
    quick, full = load_autosave(path).match, Match.load(path)
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
    same_match(again, Match.load(path))


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
    same_match(loaded.match, Match.load(path))
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
    same_match(loaded.match, Match.load(path))
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
    m = Match.load(path)
    fr = frames[-1]
    part = snapshot._Unpickler(io.BytesIO(fr.payload), m.start_state()).load()
    if change == "state":
        inside = min(part["states"])
        assert inside < fr.b
        part["states"][inside] = m.start_state()
    else:
        part["ledger"] = m.ledgers_after([1])[1]
    buf = io.BytesIO()
    snapshot._Pickler(buf, snapshot._shared(m.start_state())).dump(part)
    snap.write_bytes(data[: frames[-2].end] + snapshot._frame(buf.getvalue(), fr.a, fr.b, fr.lines))


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
    same_match(again, Match.load(path))


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
    m.attach_journal(path)
    session_for(m, pace=INSTANT).play_out(650)
    m.close_journal()
    back = Match.load(path, journal=path, defer_check=True)
    assert back.pending is not None and back.pending.total == 600
    session_for(back, pace=INSTANT).play_out(900)
    back.close_journal()
    again = Match.load(path, defer_check=True)
    assert again.pending is not None and again.pending.total == 800
    same_match(again, Match.load(path))
    assert again.pending.run() is None


def test_the_snapshot_goes_with_its_autosave(tmp_path: Path) -> None:
    path = tmp_path / "autosave-schock.json"
    autosaved(path, entries=450)
    assert snapshot_path(path).exists()
    Autosave.attach(Match.load(path), path).finish()  # the match is over: its autosave goes, and its snapshot
    assert not path.exists() and not snapshot_path(path).exists()
