"""The Racerbile action notation splits its words without `shlex` when a line needs no shell quoting
(`game.racerbile.actions.split_words`): the parsed actions are exactly those `shlex.split` gives –
over the shipped records, a long seeded bot log and every character where the two could differ."""
from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from game.racerbile import actions, record
from game.racerbile.actions import parse_action, split_words
from game.racerbile.simulate import play_race
from game.tools.records import referee
from game.rules import racerbile as R

RECORDS = Path(__file__).resolve().parent.parent / "records"
RACES = sorted(RECORDS.glob("racerbile_*.yaml"))
T = TypeVar("T")
U = TypeVar("U")


def _parsed(text: str) -> object:
    try:
        return parse_action(text)
    except ValueError as e:
        return ("ValueError", str(e))


def _both(monkeypatch: pytest.MonkeyPatch, fn: Callable[[T], U], arg: T) -> tuple[U, U]:
    """`fn(arg)` with the fast path, then with `shlex.split` everywhere the notation splits words."""
    fast = fn(arg)
    with monkeypatch.context() as m:
        m.setattr(actions, "split_words", shlex.split)
        m.setattr(record, "split_words", shlex.split)
        slow = fn(arg)
    return fast, slow


def test_split_words_is_shlex_split_where_they_could_differ() -> None:
    odd = [chr(i) for i in range(sys.maxunicode + 1) if chr(i).isspace() and chr(i) not in " \t\r\n"]
    assert odd
    for ch in [*odd, "'", '"', "\\", "\t", "\r\n", "#", ";", "|"]:
        for text in (f"a{ch}b", f"{ch}a b", f"a b{ch}", f"'{ch} x' y", f'driver "Ann {ch}"'):
            try:
                want: object = shlex.split(text)
            except ValueError as e:
                want = str(e)
            try:
                got: object = split_words(text)
            except ValueError as e:
                got = str(e)
            assert got == want, repr(text)


def test_the_shipped_race_records_parse_alike_without_shlex(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every action of every racerbile record, and each record's whole ruling."""
    assert RACES
    texts = []
    for path in RACES:
        fast, slow = _both(monkeypatch, lambda p: referee(p).to_dict(), path)
        assert fast == slow, path.name
        rep = referee(path)
        assert isinstance(rep, record.RaceReport)
        texts += [a for turn in rep.turns for a in turn["actions"]]
    assert any("'" in t for t in texts) and any("'" not in t for t in texts)
    for t in texts:
        fast_a, slow_a = _both(monkeypatch, _parsed, t)
        assert fast_a == slow_a, t


def test_a_long_bot_log_parses_alike_without_shlex(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seeded one-hour Le Mans of four bot teams: thousands of entries, quoted team names among them."""
    run = play_race(["careful", "racer"] * 2, R.SPEC.make(R.LE_MANS, lemans_hours=1), track="le_mans", seed=3)
    texts = [e.action for e in run.match.log.entries if isinstance(e.action, str)]
    assert len(texts) > 1000 and any("'" in t for t in texts)
    fast, slow = _both(monkeypatch, lambda ts: [_parsed(t) for t in ts], texts)
    assert fast == slow
    assert sum(not isinstance(a, tuple) for a in fast) > 1000  # the turns' actions parse (the log's header line is no action)
