"""A seeded mutation fuzzer over the shipped tracks, the records and the saves (issue 19).

    python tests/fuzz_files.py [SEED] [MUTATIONS]

Each mutation (a byte flipped, a span cut or doubled, lines swapped, a hostile token put in:
`.nan`, `1e400`, `Infinity`, deep brackets, a NUL, a quote …) is written to a file and read by
the reader a command uses – a track read and validated, a record refereed, a save or journal
loaded and replayed. An `InputError` is the right answer; any other exception is counted as a
traceback, more than `HANG_SECONDS` as a hang. Prints the counts.
"""
from __future__ import annotations

import random
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

if __name__ == "__main__":  # run as a script from anywhere: the project's root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.errors import InputError  # noqa: E402
from game.store.matchfile import load_match, write_log

ROOT = Path(__file__).resolve().parent.parent
HANG_SECONDS = 10
TOKENS = [".nan", ".inf", "-.inf", "1e400", "-1", "0", "999999999999", "9" * 500, "9" * 350, "Infinity", "NaN", "-Infinity",
          "[" * 200, "{" * 200, "'", '"', "\0", "\\", ":", "- ", "&a ", "*a", "!!python/name:os.system", "!!binary",
          "\n", "    ", "0x1F", "1e1", "null", "true", "[]", "{}", "\u202e", "\u200b", "\x1b[31m", "2024-06-01 10:00:00",
          ",", ";", "#", "%", "\t", "é", "\ufeff", "1_000", "0o17", "<<: *a"]


@dataclass
class Counts:
    tried: int = 0
    refused: int = 0  # an InputError: the right answer to a broken file
    accepted: int = 0  # the mutation still made sense
    tracebacks: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)


class _Hang(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Hang()


VALUES: list[Any] = [None, True, False, -1, 0, 1, 7, 9, 10**30, -(10**30), 2**63, 10**350, 1e308, -0.5, "x", "", "\x1b[31mA", "A" * 300,
                     [], {}, [[[]]], {"a": {"b": {}}}, "Infinity", "dice 9", "judge sips Eva -5 x", "clock nan", [1, 2, 3]]
WORDS = [".nan", ".inf", "1e400", "-1", "0", "999999999999", "1e1", "null", "true", "~", "''", "x", "-5", "2024-06-01 10:00:00",
         "nan", "inf", "-0", "1e-400", "0,0", "99999,99999", "e5000", "9" * 40]


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three mutations of `data`: mostly of its values (the file stays well-formed), else of
    its bytes."""
    if rng.random() < 0.65:
        return _mutate_values(data, rng)
    return _mutate_bytes(data, rng)


def _mutate_values(data: bytes, rng: random.Random) -> bytes:
    import json
    import re

    text = data.decode("utf-8")
    if text.lstrip().startswith("{"):  # JSON (a save; a journal line by line)
        lines = text.split("\n")
        journal = len(lines) > 2 and all(ln.startswith("{") for ln in lines if ln)
        for _ in range(rng.randint(1, 3)):
            if journal:
                k = rng.randrange(len(lines) - 1)
                value = json.loads(lines[k])
                lines[k] = json.dumps(_change(value, rng), ensure_ascii=False, separators=(",", ":"))
            else:
                lines = json.dumps(_change(json.loads("\n".join(lines)), rng), ensure_ascii=False, indent=1).split("\n")
        return "\n".join(lines).encode("utf-8")
    words = list(re.finditer(r"[A-Za-z0-9_.,+-]+", text))  # YAML: a word (a name, a number, an action's part) replaced
    for _ in range(rng.randint(1, 3)):
        if words:
            m = rng.choice(words)
            text = text[: m.start()] + rng.choice(WORDS) + text[m.end() :]
            words = list(re.finditer(r"[A-Za-z0-9_.,+-]+", text))
    return text.encode("utf-8")


def _change(value: Any, rng: random.Random) -> Any:
    """`value` with one of its parts (chosen at random, depth first) replaced by a hostile value."""
    if isinstance(value, dict) and value and rng.random() < 0.85:
        k = rng.choice(list(value))
        if rng.random() < 0.1:
            return {kk: v for kk, v in value.items() if kk != k}  # a field left out
        return {**value, k: _change(value[k], rng)}
    if isinstance(value, list) and value and rng.random() < 0.85:
        i = rng.randrange(len(value))
        return value[:i] + [_change(value[i], rng)] + value[i + 1 :]
    return rng.choice(VALUES)


def _mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(7)
        n = max(1, len(data))
        i = rng.randrange(n)
        if op == 0:  # a byte flipped
            data = data[:i] + bytes([rng.randrange(256)]) + data[i + 1 :]
        elif op == 1:  # a span cut
            data = data[:i] + data[i + rng.randint(1, 64) :]
        elif op == 2:  # a span doubled
            j = min(len(data), i + rng.randint(1, 200))
            data = data[:j] + data[i:j] + data[j:]
        elif op == 3:  # lines swapped
            lines = data.split(b"\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            data = b"\n".join(lines)
        elif op == 4:  # a token put in
            data = data[:i] + rng.choice(TOKENS).encode("utf-8", "surrogatepass") + data[i:]
        elif op == 5:  # a number replaced by a hostile one
            import re

            nums = list(re.finditer(rb"-?\d+(\.\d+)?", data))
            if nums:
                m = rng.choice(nums)
                data = data[: m.start()] + rng.choice(TOKENS[:13]).encode() + data[m.end() :]
        else:  # cut off
            data = data[:i]
    return data


def read_track(path: Path) -> None:
    from game.racerbile.trackfile import read_track as read
    from game.racerbile.validate import validate

    problems = validate(read(path))
    if problems:
        raise problems[0]


def read_record(path: Path) -> None:
    from game.tools.records import referee

    referee(path).to_text()


def read_save(path: Path) -> None:
    from game.replay import Replay

    load_match(path)
    Replay.load(path)


def seeds(tmp: Path) -> list[tuple[str, bytes, Callable[[Path], None], str]]:
    """(name, text, reader, suffix) of every seed file."""

    out: list[tuple[str, bytes, Callable[[Path], None], str]] = []
    out += [(p.name, p.read_bytes(), read_track, ".yaml") for p in sorted((ROOT / "tracks").glob("*.yaml"))]
    out += [(p.name, p.read_bytes(), read_record, ".yaml") for p in sorted((ROOT / "tests" / "records").glob("*.yaml"))]
    from game.tools.records import referee

    for rec in sorted((ROOT / "tests" / "records").glob("*.yaml")):  # the records' matches, saved and journaled
        match = referee(rec).match
        save = tmp / f"{rec.stem}.save.json"
        write_log(match.log, save)
        out.append((save.name, save.read_bytes(), read_save, ".json"))
        journal = tmp / f"{rec.stem}.journal.json"
        back = load_match(save, journal=journal)
        back.close_journal()
        out.append((journal.name, journal.read_bytes(), read_save, ".json"))
    return out


def fuzz(seed: int, mutations: int, budget: float = 55.0) -> Counts:
    """`mutations` mutations (fewer if `budget` seconds run out), spread over the seed files."""
    rng = random.Random(seed)
    counts = Counts()
    old = signal.signal(signal.SIGALRM, _alarm)
    t0 = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as d:
            tmp = Path(d)
            files = seeds(tmp)
            for k in range(mutations):
                if time.perf_counter() - t0 > budget:
                    break
                name, data, reader, suffix = files[k % len(files)]
                path = tmp / f"m{k % 8}{suffix}"
                path.write_bytes(mutate(data, rng))
                counts.tried += 1
                signal.alarm(HANG_SECONDS)
                try:
                    reader(path)
                    counts.accepted += 1
                except InputError:
                    counts.refused += 1
                except _Hang:
                    counts.hangs.append(f"{name} #{k}")
                except Exception as e:  # the finding
                    counts.tracebacks.append(f"{name} #{k}: {e.__class__.__name__}: {e}\n{traceback.format_exc(limit=-3)}")
                finally:
                    signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, old)
    return counts


def main() -> int:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 19
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    t0 = time.perf_counter()
    c = fuzz(seed, n, budget=1e9)
    for t in c.tracebacks[:20]:
        print(t)
    print(f"seed {seed}: {c.tried} mutations in {time.perf_counter() - t0:.1f} s: {c.refused} refused, {c.accepted} accepted, "
          f"{len(c.tracebacks)} tracebacks, {len(c.hangs)} hangs")
    return 1 if c.tracebacks or c.hangs else 0


if __name__ == "__main__":
    raise SystemExit(main())
