"""Snapshots beside a match journal, so that a long match continues at once.

A journal (`game.store.journal`) is the truth; `<journal>.snap` is a cache of its replay. For each
stretch of `SEGMENT` entries it keeps the entries, the states the match kept in it (its checkpoints)
and the drinks at its end. A stretch is trusted only where it provably stands for the journal: written
by these very rules (`fingerprint`: the rules' source and the Python version), for this journal's
header, and for the very lines of its entries (a SHA-256 of the stretch's lines, compared with the
journal's lines, which need not be decoded for it).

`load_journal(path, defer_check=True)` takes the match from the trusted stretches and replays only
the entries after them; every ruling of the stretches is still verified, by a `Verification` that
the table's session advances a little every frame after the table is shown. A log that does not
replay is refused then (and the snapshot deleted, so the next load refuses it at once, as a
journal without a snapshot always is: `file:line:column`). Anything wrong with a snapshot – missing,
torn, stale, from other rules, unreadable – only means the whole journal is replayed, as it always was.

The file: frames of (payload length, first entry, end entry, SHA-256 of the payload, SHA-256 of the
lines it stands for) and a payload; the first frame is the header. A stretch's payload is a run of
pickles sharing one memo – each entry, `(n, state)` after an entry a state was kept after, then the
drinks – so that the writer gathers it an entry at a time, as the match is played (no action pays
for a whole stretch: `SnapshotWriter`). They are read by a restricted unpickler: only the games'
dataclasses, enums, named tuples and phrases (and a read-only mapping) can be built from it. Writes
are not synced: a lost or torn frame, or a stretch a crash cut short while it was gathered, costs
time on the next load, never a ruling. No pygame here.
"""
from __future__ import annotations

import copyreg
import dataclasses
import enum
import hashlib
import io
import json
import os
import pickle
import struct
import sys
import time
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import IO, Any, Callable, Iterator, Mapping

from game.errors import InputError
from game.gcpause import paused_gc
from game.match import Match
from game.rules.ledger import Ledger
from game.rules.matchlog import Entry, MatchLog
from game.store.fileio import SAVE_LIMIT, read_file, read_file_stat
from game.store.journal import FORMAT as JOURNAL_FORMAT, JournalRead, entry_line, header_line, line_undo, read_journal

FORMAT = "stammtisch-snapshot/2"
SEGMENT = 1000  # entries a stretch holds: a multiple of the match's CHECKPOINT (its end is a kept state)
STEP = 50  # entries one `SnapshotWriter.keep()` gathers at most (a backlog is caught up over many actions)
FRAME = struct.Struct(">QII32s32s")  # payload length, first entry, end entry, payload digest, lines digest
UNDO = b'{"undo":'


def snapshot_path(journal: str | Path) -> Path:
    """Where the snapshot of the journal at `journal` lies: `<journal>.snap`."""
    p = Path(journal)
    return p.with_name(p.name + ".snap")


def fingerprinted() -> list[tuple[str, Path]]:
    """The files `fingerprint` hashes, by their path in the `game` package: its source (byte code in
    an install without it) but its user interface (the scenes cannot change a ruling)."""
    import game

    root = Path(game.__file__).resolve().parent
    files = sorted(root.rglob("*.py")) or sorted(root.rglob("*.pyc"))
    return [(rel, p) for p in files if not (rel := p.relative_to(root).as_posix()).startswith("ui/")]


@cache
def fingerprint() -> str:
    """These rules and this Python: a snapshot written by others is not trusted. The version and the
    source of the `game` package but its user interface (`fingerprinted`)."""
    from game import __version__

    h = hashlib.sha256(f"{__version__}/{sys.version_info[:2]}/{pickle.HIGHEST_PROTOCOL}".encode())
    for rel, p in fingerprinted():
        h.update(rel.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def lines_digest(lines: list[bytes]) -> bytes:
    """The SHA-256 of journal lines (without their newlines), as the journal holds them."""
    h = hashlib.sha256()
    for raw in lines:
        h.update(raw)
        h.update(b"\n")
    return h.digest()


# --- pickling ------------------------------------------------------------------------------------


def _proxy(d: dict[str, Any]) -> MappingProxyType[str, Any]:
    return MappingProxyType(d)


def _shared(start: Any) -> dict[int, str]:
    """The start state's fields that are not plain values (the track, the profile, …), by identity:
    pickled by name and taken from the match built afresh from the journal's header."""
    if not dataclasses.is_dataclass(start):
        return {}
    return {id(getattr(start, f.name)): f.name for f in dataclasses.fields(start)
            if not isinstance(getattr(start, f.name), (int, float, str, bool, type(None)))}


_NAMES: dict[type, tuple[str, ...]] = {}


def _slotted(cls: type, values: tuple[Any, ...]) -> Any:
    """A frozen dataclass with slots from its field values (what its pickle holds)."""
    names = _NAMES.get(cls)
    if names is None:
        if not dataclasses.is_dataclass(cls):
            raise pickle.UnpicklingError(f"{cls!r} is no dataclass")
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    if len(values) != len(names):
        raise pickle.UnpicklingError(f"{cls.__name__} takes {len(names)} values, not {len(values)}")
    obj: Any = object.__new__(cls)
    put = object.__setattr__
    for n, v in zip(names, values):
        put(obj, n, v)
    return obj


class _Reducers(dict[type, Any]):
    """copyreg's reducers, a read-only mapping's, an enum's member by its value, and for dataclasses with
    slots their field values (`dataclasses`' own way costs a `fields()` call per object)."""

    def __missing__(self, cls: type) -> Any:
        if isinstance(cls, type) and issubclass(cls, enum.Enum):  # by value, as every Python 3.11 reads it
            self[cls] = lambda obj: (type(obj), (obj.value,))  # (3.11.2 pickles a StrEnum by `getattr`)
            return self[cls]
        if dataclasses.is_dataclass(cls) and "__slots__" in cls.__dict__:
            names = tuple(f.name for f in dataclasses.fields(cls))
            self[cls] = lambda obj: (_slotted, (type(obj), tuple(getattr(obj, n) for n in names)))
            return self[cls]
        raise KeyError(cls)


class _Pickler(pickle.Pickler):
    dispatch_table = _Reducers({**copyreg.dispatch_table, MappingProxyType: lambda m: (_proxy, (dict(m),))})

    def __init__(self, file: IO[bytes], shared: dict[int, str]) -> None:
        super().__init__(file, protocol=5)
        self.shared = shared

    def persistent_id(self, obj: Any) -> str | None:
        return self.shared.get(id(obj))


class _Unpickler(pickle.Unpickler):
    """Builds nothing but the games' values: their dataclasses, enums and named tuples."""

    def __init__(self, file: IO[bytes], start: Any) -> None:
        super().__init__(file)
        self.named = {f.name: getattr(start, f.name) for f in dataclasses.fields(start)} if dataclasses.is_dataclass(start) else {}

    def persistent_load(self, pid: Any) -> Any:
        try:
            return self.named[pid]
        except (KeyError, TypeError):
            raise pickle.UnpicklingError(f"no shared value {pid!r}") from None

    def find_class(self, module: str, name: str) -> Any:
        if module == __name__ and name in ("_proxy", "_slotted"):
            return _proxy if name == "_proxy" else _slotted
        if module.startswith("game.") and not module.startswith("game.ui"):
            obj = super().find_class(module, name)
            if isinstance(obj, type) and (dataclasses.is_dataclass(obj) or issubclass(obj, (enum.Enum, tuple, str))):
                return obj
        raise pickle.UnpicklingError(f"a snapshot may not hold {module}.{name}")


def _frame(payload: bytes, a: int, b: int, lines: bytes) -> bytes:
    return FRAME.pack(len(payload), a, b, hashlib.sha256(payload).digest(), lines) + payload


@dataclass(frozen=True)
class _Frame:
    a: int
    b: int
    lines: bytes  # the digest of the lines it stands for
    payload: bytes
    end: int  # the byte offset after it in the file


def _frames(data: bytes) -> list[_Frame]:
    """The sound frames of a snapshot file, up to the first torn or damaged one."""
    out, at = [], 0
    while at + FRAME.size <= len(data):
        size, a, b, digest, lines = FRAME.unpack_from(data, at)
        start = at + FRAME.size
        payload = data[start : start + size]
        if len(payload) != size or hashlib.sha256(payload).digest() != digest:
            break
        at = start + size
        out.append(_Frame(a, b, lines, payload, at))
    return out


# --- writing -------------------------------------------------------------------------------------


class _Gathering:
    """The stretch being gathered, a piece per entry: the SHA-256 of its lines and its payload – one
    pickle per record, sharing a memo: each entry, then `(n, state)` for a state kept after n entries,
    and at the end the drinks."""

    def __init__(self, top: int, start: Any) -> None:
        self.top = top  # its first entry (the end of the stretch before it)
        self.done = top  # entries gathered: it holds entries top..done
        self.last: Entry | None = None  # entries[done - 1] as gathered
        self.hash = hashlib.sha256()
        self.buf = io.BytesIO()
        self.pickler = _Pickler(self.buf, _shared(start))
        self.states: set[int] = set()  # the kept states gathered, by entry count

    def add(self, entry: Entry, n: int, state: Any) -> None:
        """Entry n (a count: the n-th), and the state kept after it (None: none kept)."""
        self.hash.update(entry_line(entry).encode("utf-8"))
        self.pickler.dump(entry)
        if state is not None:
            self.pickler.dump((n, state))
            self.states.add(n)
        self.done, self.last = n, entry

    def payload(self, ledger: Ledger) -> bytes:
        self.pickler.dump(ledger)
        return self.buf.getvalue()


def part_payload(entries: tuple[Entry, ...], states: Mapping[int, Any], ledger: Ledger, a: int, start: Any) -> bytes:
    """The payload of a stretch a..a+len(entries) holding `states` (by entry count) and `ledger`, as a
    writer gathers it."""
    g = _Gathering(a, start)
    for i, e in enumerate(entries, start=a + 1):
        g.add(e, i, states.get(i))
    return g.payload(ledger)


def read_part(payload: bytes, start: Any) -> tuple[list[Entry], dict[int, Any], Ledger] | None:
    """The entries, the kept states and the drinks a stretch's payload holds (None: it does not hold
    records in their order). `start` is the match's start state, whose shared values it names."""
    f = io.BytesIO(payload)
    u = _Unpickler(f, start)
    entries: list[Entry] = []
    states: dict[int, Any] = {}
    while f.tell() < len(payload):
        x = u.load()
        if isinstance(x, Entry):
            entries.append(x)
        elif type(x) is tuple and len(x) == 2 and type(x[0]) is int:
            states[x[0]] = x[1]
        elif isinstance(x, Ledger) and f.tell() == len(payload):
            return entries, states, x
        else:
            return None
    return None


class SnapshotWriter:
    """Keeps `<journal>.snap` up with a journaled match: `keep()` after each journal write gathers the
    new entry into the stretch being built – hashes its line, pickles it (and the state kept after
    it) – and once the stretch holds `SEGMENT` entries appends it to the file. So no action pays for
    a stretch at once: each pays for its own entry (bench/autosave_long.py); a backlog (a match first
    journaled when already long, or an undo back into the stretch) is gathered `STEP` entries a call.
    Stretches an undo left behind are cut off at the next write (until then their lines differ from
    the journal's, so no load trusts them). A stretch still being gathered is in memory only: a crash
    loses it, and the next load replays its entries from the journal. It never raises: a failed write
    only stops the snapshot (`broken`) and removes the file."""

    def __init__(self, journal: str | Path, match: Match, *, resumed: bool = False) -> None:
        self.path = snapshot_path(journal)
        self.match = match
        self.broken = False
        self.seconds = 0.0
        self.gathered = 0  # entries the last `keep()` gathered
        self._ends: list[tuple[int, int, Entry]] = []  # (end entry, file offset after its frame, entries[end - 1])
        self._header_end = 0
        self._part: _Gathering | None = None  # the stretch being gathered
        kept = match.snapshot_kept if resumed else None
        if kept is not None and kept[0] == self.path:
            self._adopt(kept[1], kept[2])
        else:
            self._guard(self._start)

    def _adopt(self, header_end: int, ends: list[tuple[int, int]]) -> None:
        entries = self.match.log.entries
        self._header_end = header_end
        self._ends = [(b, end, entries[b - 1]) for b, end in ends if b <= len(entries)]
        self._guard(lambda: os.truncate(self.path, self._ends[-1][1] if self._ends else header_end))  # stale stretches after them
        self._guard(self._cut)

    def _start(self) -> None:
        log = self.match.log
        head = {"format": FORMAT, "fingerprint": fingerprint()}
        data = _frame(json.dumps(head).encode(), 0, 0, lines_digest([header_line(log).rstrip("\n").encode("utf-8")]))
        with open(self.path, "wb") as f:
            f.write(data)
        self._header_end, self._ends = len(data), []

    def _cut(self) -> None:
        """Drop the stretches that no longer stand for the log (an undo went back into them)."""
        entries = self.match.log.entries
        keep = 0
        while keep < len(self._ends):
            b, _, last = self._ends[keep]
            if b > len(entries) or entries[b - 1] is not last:
                break
            keep += 1
        if keep < len(self._ends):
            del self._ends[keep:]
            os.truncate(self.path, self._ends[-1][1] if self._ends else self._header_end)

    def keep(self) -> None:
        """Follow the log: gather its new entries into the stretch being built (usually the one new
        entry; at most `STEP`), and append the stretch to the file once it holds `SEGMENT` entries."""
        self.gathered = 0
        if not self.broken:
            t0 = time.perf_counter()
            self._guard(self._keep)
            self.seconds += time.perf_counter() - t0

    def _stale(self, g: _Gathering | None) -> bool:
        """The log is no longer what the stretch being gathered holds (or there is none)."""
        entries = self.match.log.entries
        top = self._ends[-1][0] if self._ends else 0
        return g is None or g.top != top or g.done > len(entries) or (g.done > top and entries[g.done - 1] is not g.last)

    def _gathering(self) -> _Gathering:
        """The stretch being gathered, begun afresh where the log no longer is what it holds (an undo)."""
        entries = self.match.log.entries
        if self._ends and (self._ends[-1][0] > len(entries) or entries[self._ends[-1][0] - 1] is not self._ends[-1][2]):
            self._cut()
        g = self._part
        if g is None or self._stale(g):
            g = self._part = _Gathering(self._ends[-1][0] if self._ends else 0, self.match.start_state())
        return g

    def _keep(self) -> None:
        m, entries = self.match, self.match.log.entries
        g = self._gathering()
        upto = min(len(entries), g.top + SEGMENT, g.done + STEP)
        before = g.done
        for n in range(g.done + 1, upto + 1):
            g.add(entries[n - 1], n, m.kept_state(n))
        self.gathered = g.done - before
        if g.done == len(entries):
            m.drinks()  # the running ledger follows (an entry's fold), so the stretch's end finds its drinks made
        if g.done != g.top + SEGMENT or g.done not in g.states:
            return  # not complete yet – or no state was kept after its end (an undo replayed past it): never for this log
        data = _frame(g.payload(m.ledgers_after([g.done])[g.done]), g.top, g.done, g.hash.digest())
        self._part = None
        with open(self.path, "ab") as f:
            f.write(data)
            at = f.tell()
        assert g.last is not None
        self._ends.append((g.done, at, g.last))

    def behind(self) -> bool:
        """Entries are not gathered yet (a match first journaled when already long): `keep()` has work."""
        g = self._part
        if self.broken:
            return False
        if g is None or self._stale(g):
            return True  # (a `keep()` begins it, and then knows)
        return g.done < min(len(self.match.log.entries), g.top + SEGMENT)

    def remove(self) -> None:
        """The journal is gone (the match is over, or it was moved): so is its snapshot."""
        self.broken = True
        self._part = None
        self.path.unlink(missing_ok=True)

    def _guard(self, write: Callable[[], None]) -> None:
        try:
            write()
        except Exception:  # a cache: anything failing (disk full, a value that does not pickle) only stops it
            self.broken = True
            self._part = None
            try:
                self.path.unlink(missing_ok=True)
            except OSError:
                pass


# --- loading -------------------------------------------------------------------------------------


@dataclass
class Loaded:
    """A journal loaded: the match, the journal as read, and the verification still to run (None:
    every ruling was verified while loading)."""

    match: Match
    read: JournalRead
    check: Verification | None = None


def load_journal(path: str | Path, *, defer_check: bool = False) -> Loaded:
    """The match a journal holds. With `defer_check`, taken from its snapshot where one stands for it
    – `check` then verifies the rest; else (or without a usable snapshot) replayed and verified
    whole, every error an `InputError` at its line."""
    p = Path(path)
    if defer_check:
        try:
            got = _from_snapshot(p)
        except Exception:  # a snapshot that does not serve (or a journal the full replay will name the fault of)
            got = None
        if got is not None:
            return got
    read = read_journal(p)
    try:
        m = Match.replay(read.log, str(p), keep_saved=True)
    except InputError as e:
        raise read.placed(e) from None
    return Loaded(m, read)


def _journal_lines(p: Path) -> tuple[bytes, list[bytes], list[int], bool, int, tuple[int, ...], int]:
    """(header line, the lines of the log's entries – undo marks followed, not decoded – their line
    numbers, torn, bytes of complete lines, stamp, lines after the header)."""
    data, st = read_file_stat(p, SAVE_LIMIT)
    lines = data.split(b"\n")
    tail = lines.pop()
    if not lines:
        raise ValueError("no header")
    eff: list[bytes] = []
    places: list[int] = []
    for n, raw in enumerate(lines[1:], start=2):
        if raw.startswith(UNDO):
            undo = line_undo(json.loads(raw))
            if undo is None or not 1 <= undo <= len(eff):
                raise ValueError("a bad undo mark")
            del eff[undo:]
            del places[undo:]
            continue
        eff.append(raw)
        places.append(n)
    stamp = (st.st_ino, st.st_size, st.st_mtime_ns) if st.st_size == len(data) else ()
    return lines[0], eff, places, bool(tail), len(data) - len(tail), stamp, len(lines) - 1


def _from_snapshot(p: Path) -> Loaded | None:
    snap = snapshot_path(p)
    if not snap.exists():
        return None
    head_raw, eff, places, torn, end, stamp, nlines = _journal_lines(p)
    head = json.loads(head_raw)
    if not isinstance(head, dict) or head.get("format") != JOURNAL_FORMAT:
        return None
    frames = _frames(read_file(snap, SAVE_LIMIT))
    if not frames or frames[0].lines != lines_digest([head_raw]):
        return None
    top = json.loads(frames[0].payload)
    if top.get("format") != FORMAT or top.get("fingerprint") != fingerprint():
        return None
    good: list[_Frame] = []
    for fr in frames[1:]:
        if fr.a != (good[-1].b if good else 0) or fr.b > len(eff) or fr.lines != lines_digest(eff[fr.a : fr.b]):
            break
        good.append(fr)
    if not good:
        return None
    log = MatchLog(str(head["game"]), list(head["players"]), dict(head["profile"]), int(head["seed"]), dict(head.get("settings", {})))
    fresh = Match.replay(MatchLog(log.game, log.players, log.profile, log.seed, log.settings, [_entry(eff[0])]), str(p))
    with paused_gc(freeze=True):  # what was loaded lives as long as the match: the collector need not scan it again
        return _resume(p, fresh, good, eff, places, log, snap, frames[0].end, (torn, nlines, end, stamp))


def _resume(p: Path, fresh: Match, good: list[_Frame], eff: list[bytes], places: list[int], log: MatchLog, snap: Path,
            header_end: int, how: tuple[bool, int, int, tuple[int, ...]]) -> Loaded | None:
    """`fresh` (the match's start) continued from the trusted frames `good`, then by the entries after them."""
    start = fresh.state
    entries: list[Entry] = []
    states: dict[int, Any] = {}
    ledger: Ledger | None = None
    for fr in good:
        part = read_part(fr.payload, start)
        if part is None or len(part[0]) != fr.b - fr.a or not all(fr.a < k <= fr.b for k in part[1]):
            return None
        entries.extend(part[0])
        states.update(part[1])
        ledger = part[2]
    b = good[-1].b
    if not isinstance(ledger, Ledger) or entries[0] != fresh.log.entries[0] or b not in states or 1 not in states:
        return None
    m = fresh.resumed_from(entries, states, ledger)
    m.snapshot_kept = (snap, header_end, [(fr.b, fr.end) for fr in good])
    file = str(p)
    parsed: dict[str, Any] = {}
    for i in range(b, len(eff)):  # the entries after the snapshot: replayed and verified now
        saved = _entry(eff[i])
        action = parsed.get(saved.action)
        if action is None:
            action = parsed[saved.action] = m.parse(saved.action)
        got = m.apply(action, saved.detail)
        if got.rulings != saved.rulings:
            raise InputError(f"entry {i + 1} ({saved.action}): the rulings do not replay as saved", file, places[i], 1)
    m.reseed()
    torn, nlines, end, stamp = how
    read = JournalRead(m.log, torn, nlines, end, tuple(places), stamp)
    check = Verification(file, log, eff[:b], places[:b], tuple(entries[:b]), {k: v for k, v in states.items() if k <= b}, ledger, snap)
    return Loaded(m, read, check)


def _entry(raw: bytes) -> Entry:
    return Entry.from_dict(json.loads(raw))


# --- verifying after the table is shown ----------------------------------------------------------


@dataclass
class Verification:
    """The replay of a snapshot's stretch of a journal, every ruling checked, done a little at a
    time (`step`): the entries must replay as the journal holds them, and the states and the drinks
    must come out as the snapshot has them. `error` says why not (`file:line:column`)."""

    file: str
    header: MatchLog
    lines: list[bytes]
    places: list[int]
    entries: tuple[Entry, ...]
    states: Mapping[int, Any]
    ledger: Ledger
    snapshot: Path
    done: int = 0  # entries verified
    error: InputError | None = None
    stale: bool = False  # the error is the snapshot's own (the journal may replay well): not the log's
    complete: bool = False  # every entry replayed and the drinks compared
    _match: Match | None = field(default=None, repr=False)
    _steps: Iterator[int] | None = field(default=None, repr=False)

    @property
    def total(self) -> int:
        return len(self.lines)

    @property
    def finished(self) -> bool:
        return self.error is not None or self.complete

    def step(self, seconds: float) -> bool:
        """Verify entries for about `seconds`; True once finished (see `error`)."""
        if self.finished:
            return True
        t0 = time.perf_counter()
        try:
            self._step(t0 + seconds)
        except InputError as e:
            self.error = e
        except Exception as e:  # a damaged journal must never crash the table: name what broke
            self.error = InputError(f"the saved match cannot be replayed ({type(e).__name__}: {e})", self.file,
                                    self.places[min(self.done, self.total - 1)], 1)
        if self.error is not None:
            self.snapshot.unlink(missing_ok=True)  # the next load replays the journal and names the fault at once
        return self.finished

    def run(self) -> InputError | None:
        """Verify all that is left at once; the error (None: the log replays)."""
        while not self.step(1.0):
            pass
        return self.error

    def _fail(self, i: int, what: str, *, stale: bool = False) -> InputError:
        self.stale = stale
        return InputError(f"entry {i + 1}: {what}", self.file, self.places[i], 1)

    def _step(self, until: float) -> None:
        if self._steps is None:
            start = _entry(self.lines[0])
            if start != self.entries[0]:
                raise self._fail(0, "the snapshot does not hold the journal's start", stale=True)
            head = self.header
            self._match, self._steps = Match.replaying(MatchLog(head.game, head.players, head.profile, head.seed, head.settings, [start]),
                                                       self.file, keep_saved=True, rest=self._saved())
            self.done = 1
        m = self._match
        assert m is not None
        try:
            with paused_gc():
                for n in self._steps:
                    self.done = n
                    want = self.states.get(n)
                    if want is not None and m.state != want:
                        raise self._fail(n - 1, "the state after it is not the snapshot's", stale=True)
                    if n % 32 == 0 and time.perf_counter() >= until:
                        return
        except InputError as e:
            raise e if e.line else JournalRead(m.log, places=tuple(self.places)).placed(e) from None
        if m.drinks() != self.ledger:
            raise self._fail(self.total - 1, "the drinks after it are not the snapshot's", stale=True)
        self._match = self._steps = None
        self.complete = True

    def _saved(self) -> Iterator[Entry]:
        """The journal's entries after the start, decoded as the replay reaches them, each the snapshot's own."""
        for i in range(1, self.total):
            saved = _entry(self.lines[i])
            if saved != self.entries[i]:
                raise self._fail(i, "the snapshot does not hold the journal's entry", stale=True)
            yield saved
