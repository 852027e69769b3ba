"""A Le Mans race whose journal's disk fills up in the middle and has room again later (issue 19).

    python tests/journal_full_worker.py PATH fsize [undo]
    python tests/journal_full_worker.py PATH filler FILLER

Bots race Le Mans at instant pace with the journal at PATH. After some entries the disk is made
full: `fsize` lowers RLIMIT_FSIZE to the journal's size (every further write fails with EFBIG);
`filler` fills the (small) file system PATH lies on with the file FILLER (ENOSPC). The race goes on
for a while; then the room comes back and the race goes on again. Prints one JSON line: the
entries at each stage, the journal as read from the disk while full, the notices.
"""
from __future__ import annotations

import json
import os
import resource
import signal
import sys
from pathlib import Path

if __name__ == "__main__":  # run as a script from anywhere: the project's root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.errors import InputError  # noqa: E402
from game.match import Match, PlayerSpec  # noqa: E402
from game.rules import racerbile as R  # noqa: E402
from game.store.journal import read_journal  # noqa: E402
from game.session import INSTANT  # noqa: E402
from game.session.race import RaceSession  # noqa: E402


def tick_until(s: RaceSession, entries: int) -> None:
    for _ in range(20000):
        if len(s.match.log.entries) >= entries or s.over():
            return
        s.tick(0.5)


def on_disk(path: Path) -> dict[str, object]:
    try:
        read = read_journal(path)
    except InputError as e:
        return {"readable": False, "error": str(e)}
    return {"readable": True, "entries": len(read.log.entries), "torn": read.torn,
            "actions": [e.action for e in read.log.entries]}


def fill(filler: Path) -> None:
    """Write `filler` until the file system is full, to the last byte."""
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        for size in (1 << 16, 4096, 1):
            while True:
                try:
                    os.write(fd, b"\0" * size)
                except OSError:
                    break
    finally:
        os.close(fd)


def main() -> None:
    path, how = Path(sys.argv[1]), sys.argv[2]
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write beyond RLIMIT_FSIZE fails with EFBIG instead
    players = [PlayerSpec("Red", "careful", drivers=("Ane", "Bent", "Carl")), PlayerSpec("Blue", "racer", drivers=("Dorte", "Erik", "Finn"))]
    m = Match("racerbile", players, R.SPEC.make(R.LE_MANS, lemans_time_factor=60), seed=4, track="le_mans")
    s = RaceSession(m, pace=INSTANT, autosave=True, save_path=path)
    out: dict[str, object] = {}
    tick_until(s, 30)
    out["before"] = len(m.log.entries)
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    if how == "fsize":
        resource.setrlimit(resource.RLIMIT_FSIZE, (path.stat().st_size + 37, hard))  # the next line is torn: cut back
    else:
        fill(Path(sys.argv[3]))
    tick_until(s, out["before"] + 30)  # type: ignore[operator]
    if how == "fsize" and "undo" in sys.argv[3:]:  # an undo while the disk is full: the rewrite waits too
        m.undo_to(len(m.log.entries) - 5)
        out["undone"] = len(m.log.entries)
    tick_until(s, len(m.log.entries) + 30)
    out["full"] = len(m.log.entries)
    out["behind"] = bool(m.journal and m.journal.behind)
    out["disk_while_full"] = on_disk(path)
    if how == "fsize":
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
    else:
        os.unlink(sys.argv[3])
    tick_until(s, out["full"] + 20)  # type: ignore[operator]
    out["after"] = len(m.log.entries)
    out["behind_after"] = bool(m.journal and m.journal.behind)
    out["disk_after"] = on_disk(path)
    out["actions"] = [e.action for e in m.log.entries]
    out["notices"] = s.notices
    s.close()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
