"""Hostile files against every command that reads files (issue 19): the corpus of tests/data/bad/
and the cases made here (FIFOs, /dev/zero behind a `.yaml`/`.json` link, folders, a missing file,
300 MB and 7.5 MB files, JSON or YAML nested 1,000 deep, 5,000-digit numbers, NUL bytes, bad
UTF-8). What could hang or fill the memory (a FIFO, /dev/zero, the 300 MB file) runs in a subprocess
with a memory limit (`tests.hostile.MEMORY`) and a timeout; regular files run in this process, through
the same `main`. Each must exit 2 with `file:line:column: message` (or an entry's number), no traceback."""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from game.cli import main
from tests.hostile import COMMANDS, Case, Result, placed, run, shipped_cases, special_cases


STREAMS = ("/fifo", "/dev_zero", "/huge")  # the special cases that could hang or fill the memory if a check broke


def attack(cases: list[Case], standings: Path) -> list[Result]:
    jobs = [(c, argv) for c in cases for argv in c.commands(standings)]
    with ThreadPoolExecutor(2) as pool:  # (two cores)
        return list(pool.map(lambda j: run(*j), jobs))


def problems(results: list[Result]) -> list[str]:
    out = []
    for r in results:
        named = r.case.name.endswith("/missing") and str(r.case.path) in r.err  # (a --track that names no file: the flag's error names it)
        what = ("HANG" if r.hang else "TRACEBACK" if r.traceback else f"exit {r.code}" if r.code != 2
                else "no file:line:column" if not (placed(r) or named) else "")
        if what:
            out.append(f"{r.case.name} · {' '.join(r.argv[:2])}: {what}: {r.err.strip()[-240:]!r}")
    return out


@pytest.mark.parametrize("kind", sorted(COMMANDS))
def test_the_bad_corpus_is_refused_with_its_place(kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every committed bad file of this kind, through every command that reads the kind (in this
    process: they are small regular files; the special ones below run in subprocesses)."""
    cases = [c for c in shipped_cases() if c.kind == kind]
    assert cases, f"no committed bad {kind} files"
    results = here(cases, tmp_path / "standings.yaml", capsys)
    assert problems(results) == []
    assert all(r.seconds < 20 for r in results), [(r.case.name, r.seconds) for r in results if r.seconds >= 20]


def here(cases: list[Case], standings: Path, capsys: pytest.CaptureFixture[str]) -> list[Result]:
    """Every command of each case through `main` in this process (regular files only)."""
    out = []
    for c in cases:
        for argv in c.commands(standings):
            t0 = time.perf_counter()
            try:
                code = main(argv)
            except SystemExit as e:  # (argparse)
                code = int(e.code or 0)
            out.append(Result(c, argv, code, "", capsys.readouterr().err, time.perf_counter() - t0))
    return out


@pytest.mark.parametrize("kind", sorted(COMMANDS))
def test_special_files_never_hang_nor_exhaust_the_memory(kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A FIFO, /dev/zero behind a link, a folder, huge files … of this kind: refused, at once."""
    cases = [c for c in special_cases(tmp_path / "cases") if c.kind == kind]
    if kind == "standings":  # no standings file yet is no error: the standings are empty
        cases = [c for c in cases if not c.name.endswith("/missing")]
    streams = [c for c in cases if c.name.endswith(STREAMS)]
    assert len(streams) == len(STREAMS)
    results = attack(streams, tmp_path / "standings.yaml") + here([c for c in cases if c not in streams], tmp_path / "standings.yaml", capsys)
    assert problems(results) == []
    for r in results:
        if r.case.name.endswith(("/fifo", "/dev_zero", "/huge")) or (r.case.name.endswith("/big") and kind != "save"):
            assert "regular file" in r.err or "larger than" in r.err, r.err  # says what is wrong
    assert all(r.seconds < 30 for r in results)


def test_the_limits_are_stated_in_the_message(tmp_path: Path) -> None:
    """A file beyond the size limit names the limit."""
    big = tmp_path / "big.yaml"
    big.write_bytes(b"# x\n" * (5 << 18))
    r = run(Case("big", "record", big), ["referee", str(big)])
    assert r.code == 2 and "larger than 4 MB" in r.err and "Traceback" not in r.err


LONE_SURROGATES = ["save/player_name_lone_surrogate.json", "save/journal_player_lone_surrogate.json"]


@pytest.mark.parametrize("name", LONE_SURROGATES)
@pytest.mark.parametrize("command", ["play", "host"])
def test_a_lone_surrogate_in_a_player_name_is_refused_with_its_place(name: str, command: str, tmp_path: Path) -> None:
    """Issue 28: a save or journal whose player name holds half of a surrogate pair (the JSON escape
    `\\udc80`) – no text, nothing can write it out again – is refused at its line and column with
    exit 2 by `play --load` and `host --load`, never an internal error (exit 70) or a table that dies."""
    from tests.hostile import BAD

    path = tmp_path / Path(name).name  # (a copy: a journal is continued where it lies)
    path.write_bytes((BAD / name).read_bytes())
    argv = (["play", "schock", "--load", str(path), "--frames", "1"] if command == "play" else
            ["host", "schock", "--headless", "--load", str(path), "--bind", "127.0.0.1", "--port", "0", "--timeout", "5", "--no-announce"])
    r = run(Case(name, "save", path), argv)
    assert r.code == 2 and placed(r) and not r.traceback and "surrogate" in r.err, (r.code, r.err[-400:])
    assert path.read_bytes() == (BAD / name).read_bytes()  # the file is left as it was
