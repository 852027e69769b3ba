"""The match log: saving is atomic, loading replays every ruling exactly, undo replays a prefix."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.errors import InputError
from game.match import Match, PlayerSpec
from game.rules.ledger import Drink
from game.state import CHANCE
from game.store.matchfile import load_match, read_json_log, write_log
from tests.helpers import play, table


def played(game: str = "schock", seed: int = 7, steps: int = 400) -> Match:
    rng = random.Random(seed)
    m = Match(game, [PlayerSpec("Ann"), PlayerSpec("Ben", "bot", Drink.OTHER), PlayerSpec("Cem")], seed=seed)
    for _ in range(steps):
        if m.state.is_terminal():
            break
        if m.state.current_player() == CHANCE:
            m.resolve_chance()
        else:
            m.apply(rng.choice(m.state.legal_actions()))
    return m


@pytest.mark.parametrize("game", ["schock", "katchen"])
def test_save_and_load_reproduce_every_ruling(game: str, tmp_path: Path) -> None:
    m = played(game)
    f = tmp_path / "match.json"
    write_log(m.log, f)
    back = load_match(f)
    assert back.rulings() == m.rulings() and len(back.rulings()) > 10
    assert back.state == m.state
    assert [p.to_dict() for p in back.players] == [p.to_dict() for p in m.players]
    assert not [p for p in tmp_path.iterdir() if p.name != "match.json"]  # no temporary left behind


def test_log_records_profile_and_seed(tmp_path: Path) -> None:
    m = table("schock", "Ann", "Ben", schock_aus="halve_mats")
    play(m, "Ann: 652", "Ben: 543")
    f = tmp_path / "m.json"
    write_log(m.log, f)
    data = json.loads(f.read_text(encoding="utf-8"))
    assert data["profile"]["options"]["schock_aus"] == "halve_mats" and "seed" in data
    assert [e["action"] for e in data["entries"][:3]] == ["start", "roll", "dice 652"]


def test_undo_replays_a_prefix() -> None:
    m = played("katchen", steps=120)
    n = len(m.log.entries) // 2
    expected = Match.replay(m.log.prefix(n)).state
    m.undo_to(n)
    assert m.state == expected and len(m.log.entries) == n


def test_undo_turn_goes_back_before_the_last_decision() -> None:
    m = table("schock", "Ann", "Ben")
    play(m, "Ann: 652 6+43")
    before = len(m.log.entries)
    m.undo_turn()  # the Stand of Ann's turn
    assert len(m.log.entries) == before - 1 and m.state.turn is not None and m.state.turn.seat == 0
    m.undo_turn()  # the second roll (and its dice)
    assert m.state.turn is not None and m.state.turn.rolls == 1


def test_a_tampered_ruling_is_refused(tmp_path: Path) -> None:
    m = played("schock", steps=60)
    f = tmp_path / "m.json"
    write_log(m.log, f)
    data = json.loads(f.read_text(encoding="utf-8"))
    for e in data["entries"]:
        for r in e["rulings"]:
            if r["what"] == "mats":
                r["amount"] += 1
                break
    f.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InputError, match="do not replay"):
        load_match(f)


def test_a_truncated_save_gives_a_positioned_error(tmp_path: Path) -> None:
    m = played("schock", steps=60)
    f = tmp_path / "m.json"
    write_log(m.log, f)
    text = f.read_text(encoding="utf-8")
    f.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(InputError) as e:
        read_json_log(f)
    assert str(e.value).startswith(f"{f}:") and e.value.line > 1


def test_save_is_atomic_and_keeps_the_old_file_on_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An interrupted save leaves the previous save whole."""
    import os

    m = played("schock", steps=30)
    f = tmp_path / "m.json"
    write_log(m.log, f)
    good = f.read_text(encoding="utf-8")
    play_more = played("schock", steps=90)

    def boom(*a: object, **k: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_log(play_more.log, f)
    assert f.read_text(encoding="utf-8") == good
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]


def test_a_rulings_json_form_is_its_fields_in_order_and_reads_back_as_itself() -> None:
    """A ruling's JSON form (a journal line's rulings, issue 28: made directly, not deep-copied)
    holds its fields in their order as plain values – `words` only when it has any – exactly as the
    dataclass's own `asdict` gives them, and reads back as the same ruling; in all four games."""
    from dataclasses import asdict

    from game.rules.ruling import Ruling
    from tests.autosave_worker import GAMES
    from tests.autosave_worker import play as play_match

    seen = {"giver": 0, "words": 0}
    for game in GAMES:
        for e in play_match(game, 21).log.entries:
            for r in e.rulings:
                d = r.to_dict()
                want = {**asdict(r), "what": r.what.value, "words": list(r.words)}
                if not r.words:
                    del want["words"]
                assert json.dumps(d, ensure_ascii=False) == json.dumps(want, ensure_ascii=False)
                assert Ruling.from_dict(json.loads(json.dumps(d))) == r
                seen["giver"] += r.giver is not None
                seen["words"] += bool(r.words)
    assert seen["giver"] > 0 and seen["words"] > 0
