"""Hostile input files and the commands that read them (issue 19): the corpus of tests/data/bad/
and the cases no repository can hold – FIFOs, /dev/zero behind a link, folders, huge files – made
in a temporary folder. Each command runs in a subprocess with a memory limit and a timeout.

    python tests/hostile.py          # every case against every command; prints the counts
"""
from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BAD = ROOT / "tests" / "data" / "bad"
MEMORY = 1 << 30  # bytes of address space a command may use (a /dev/zero read to the end would need far more)
TIMEOUT = 60.0  # seconds (a FIFO that blocks the reader would hang for ever)

# the kinds of file, and the commands that read each ({} is the file, {S} a standings file)
COMMANDS: dict[str, list[list[str]]] = {
    "save": [["replay", "{}", "--frames", "1"], ["play", "schock", "--load", "{}", "--frames", "1"]],
    "record": [["referee", "{}"]],
    "track": [["tracks", "validate", "{}"], ["simulate", "racerbile", "--players", "2", "--seed", "1", "--track", "{}"]],
    "profile": [["simulate", "racerbile", "--players", "2", "--seed", "1", "--profile", "{}"]],
    "tournament": [["tournament", "add", "{}", "--file", "{S}"], ["tournament", "show", "{}"]],
    "standings": [["standings", "--file", "{}"]],
    "shot": [["lab", "--check", "{}"]],
}
SUFFIX = {"save": ".json", "record": ".yaml", "track": ".yaml", "profile": ".yaml", "tournament": ".yaml",
          "standings": ".yaml", "shot": ".yaml"}


@dataclass(frozen=True)
class Case:
    name: str
    kind: str
    path: Path

    def commands(self, standings: Path) -> list[list[str]]:
        return [[a.replace("{}", str(self.path)).replace("{S}", str(standings)) for a in cmd] for cmd in COMMANDS[self.kind]]


def shipped_cases() -> list[Case]:
    """The committed corpus: tests/data/bad/KIND/*.""" 
    return [Case(f"{d.name}/{f.name}", d.name, f) for d in sorted(BAD.iterdir()) if d.is_dir() and d.name in COMMANDS
            for f in sorted(d.iterdir()) if f.is_file()]


def special_cases(tmp: Path) -> list[Case]:
    """The cases made here for every kind: a FIFO, /dev/zero behind a link with the kind's suffix, a
    folder, a missing file, a file far too big, deep nesting and a huge number, NUL and bad UTF-8."""
    out = []
    for kind in COMMANDS:
        d = tmp / kind
        d.mkdir(parents=True, exist_ok=True)
        sfx = SUFFIX[kind]
        fifo = d / f"fifo{sfx}"
        os.mkfifo(fifo)
        zero = d / f"zero{sfx}"
        zero.symlink_to("/dev/zero")
        folder = d / f"folder{sfx}"
        folder.mkdir()
        huge = d / f"huge{sfx}"
        with open(huge, "wb") as f:  # 300 MB, sparse: beyond every limit, even a save's
            f.truncate(300 << 20)
        big = d / f"big{sfx}"
        big.write_bytes(b"# a comment\n" * (5 << 17))  # 7.5 MB of text: beyond a text file's limit
        files = {"fifo": fifo, "dev_zero": zero, "folder": folder, "missing": d / f"missing{sfx}", "huge": huge, "big": big}
        if sfx == ".json":
            files["deep"] = _write(d / "deep.json", "[" * 1000 + "]" * 1000)
            files["digits"] = _write(d / "digits.json", '{"format": ' + "9" * 5000 + "}")
            files["nul"] = _write(d / "nul.json", '{"format":\n "stammtisch-match/1\0"}')
        else:
            files["deep"] = _write(d / "deep.yaml", "a: " + "[" * 1000 + "]" * 1000 + "\n")
            files["digits"] = _write(d / "digits.yaml", "a: " + "9" * 5000 + "\n")
            files["nul"] = _write(d / "nul.yaml", "game: schock\nplayers: [A\0B]\n")
        bad = d / f"utf8{sfx}"
        bad.write_bytes(b'{"a":\n "\xff"}' if sfx == ".json" else b"game: schock\nplayers: [\xff]\n")
        files["utf8"] = bad
        out += [Case(f"{kind}/{name}", kind, p) for name, p in files.items()]
    return out


def _write(p: Path, text: str) -> Path:
    p.write_text(text, encoding="utf-8")
    return p


@dataclass
class Result:
    case: Case
    argv: list[str]
    code: int | None  # None: timed out
    out: str
    err: str
    seconds: float

    @property
    def traceback(self) -> bool:
        return "Traceback (most recent call last)" in self.err or "internal error (" in self.err

    @property
    def hang(self) -> bool:
        return self.code is None


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(case: Case, argv: list[str], timeout: float = TIMEOUT) -> Result:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    t0 = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], capture_output=True, text=True,
                              timeout=timeout, env=env, preexec_fn=_limit, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as e:
        return Result(case, argv, None, str(e.stdout or ""), str(e.stderr or ""), time.perf_counter() - t0)
    return Result(case, argv, done.returncode, done.stdout, done.stderr, time.perf_counter() - t0)


def placed(r: Result) -> bool:
    """The message names the file and a place: `file:line:column:` (or an entry's number)."""
    first = r.err.strip().splitlines()[0] if r.err.strip() else ""
    path = str(r.case.path)
    if not first.startswith(path + ":"):
        return False
    rest = first[len(path) + 1 :].split(":")
    return (len(rest) >= 3 and rest[0].isdigit() and rest[1].isdigit()) or "entry " in first


def main() -> int:
    import tempfile

    tries = tracebacks = hangs = wrong = 0
    with tempfile.TemporaryDirectory() as tmp:
        standings = Path(tmp) / "standings.yaml"
        for case in shipped_cases() + special_cases(Path(tmp) / "cases"):
            if case.name == "standings/missing":  # no standings file yet: no tournaments yet, no error
                continue
            for argv in case.commands(standings):
                r = run(case, argv)
                tries += 1
                named = case.name.endswith("/missing") and str(case.path) in r.err  # (`--track FILE`: the flag's error names it)
                bad = r.hang or r.traceback or r.code != 2 or not (placed(r) or named)
                tracebacks += r.traceback
                hangs += r.hang
                wrong += bad
                if bad:
                    print(f"{case.name}: {' '.join(argv[:2])}: code {r.code} {r.seconds:.1f}s: {r.err.strip()[-300:]!r}")
    print(f"attacks {tries}, tracebacks {tracebacks}, hangs {hangs}, not exit 2 with a place {wrong}")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
