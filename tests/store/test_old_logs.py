"""Logs saved before issue 13's (and issue 27's) corrections: a log whose rulings no longer replay is
refused, naming the entry – never silently re-ruled. The files in tests/data/old_logs/ were written by the program as
it stood before the corrections."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.errors import InputError
from game.store.matchfile import load_match

OLD = Path(__file__).resolve().parents[1] / "data" / "old_logs"


@pytest.mark.parametrize(
    "name, entry",
    [
        ("schock_final_schock_aus.json", "entry 20 (dice 652)"),  # schock.schock_aus: "loses the half" in the final
        ("bierpong_bombe_drinks.json", "entry 8 (Ben: miss)"),  # bierpong.art1: the Bombe's cup drunk twice
        ("bierpong_worked_example.json", "entry 6 (Owls remove 1 2)"),  # bierpong.art1: "cup(s) hit × 1 sip(s)"
        ("bierpong_dead_cup_fire.json", "entry 9 (Owls remove 1)"),  # bierpong.art1: the drink's new wording
        ("bierpong_konter_balls_back.json", "entry 7 (Ben: miss)"),  # bierpong.art10: the Konter counts balls back too
        ("racerbile_flat_out.json", "entry 23 (drive 1,6)"),  # racerbile.flat_out: the forced drop to 1st costs 2 sips
        ("racerbile_lemans_judges.json", "entry 2 (times 40 44)"),  # racerbile.lemans.driver_change: the change comes first
        ("racerbile_lemans_field42.json", "entry 151 (name Dorte)"),  # issue 27, racerbile.lemans.field42: not the change beer
    ],
)
def test_old_log_with_a_corrected_ruling_is_refused_naming_the_entry(name: str, entry: str) -> None:
    """A saved log whose rulings the corrected referee rules differently is refused with the entry named."""
    path = OLD / name
    with pytest.raises(InputError) as e:
        load_match(path)
    text = str(e.value)
    assert text.startswith(f"{path}:") and entry in text and "do not replay as saved" in text


def test_old_log_with_a_throw_now_refused_names_the_entry(tmp_path: Path) -> None:
    """bierpong.art11 (issue 27, the Decision "The round after a made Konter"): a log saved when the pair
    after a made Konter was compared with the round before the finishing one – Ben + Eve finished, and
    threw again – is refused at the throw the referee now refuses, naming the entry and the rule. As
    saved, it is refused earlier: the Konter's words are plural-aware since issue 29 ("1 hit in 2
    throws", not "1 hit(s) in 2 throw(s)"); with those words brought up to date it replays to the throw."""
    path = OLD / "bierpong_pair_after_konter.json"
    with pytest.raises(InputError) as e:
        load_match(path)
    assert "entry 13 (Eve: miss): the rulings do not replay as saved" in str(e.value)  # the Konter's old words
    now = tmp_path / path.name
    now.write_text(path.read_text(encoding="utf-8").replace("1 hit(s) in 2 throw(s)", "1 hit in 2 throws"), encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_match(now)
    text = str(e.value)
    assert text.startswith(f"{now}:") and "entry 17: Eve may not throw now" in text and "bierpong.art11" in text


def test_old_log_replays_up_to_the_corrected_entry(tmp_path: Path) -> None:
    """schock.schock_aus: the same log cut before the corrected entry still loads (nothing else changed)."""
    data = json.loads((OLD / "schock_final_schock_aus.json").read_text(encoding="utf-8"))
    data["entries"] = data["entries"][:19]
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data), encoding="utf-8")
    m = load_match(cut)
    assert len(m.log.entries) == 19 and m.state.stage == "final"


def test_old_log_the_corrections_do_not_touch_still_loads() -> None:
    """racerbile.field.blocking: the shipped Babybile block record, saved before the corrections, rules the same."""
    m = load_match(OLD / "racerbile_babybile_block.json")
    assert len(m.log.entries) == 33


def test_old_lemans_log_replays_up_to_the_named_opponent(tmp_path: Path) -> None:
    """racerbile.lemans.field42 (issue 27): the log of Bent's driver change and landing on 42, cut
    before he names Dorte, still loads – only what the named opponent drinks changed."""
    data = json.loads((OLD / "racerbile_lemans_field42.json").read_text(encoding="utf-8"))
    data["entries"] = data["entries"][:150]
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data), encoding="utf-8")
    m = load_match(cut)
    assert len(m.log.entries) == 150 and m.state.phase == "name42"
    assert "name Erik" in [str(a) for a in m.state.legal_actions()]  # a team-mate not at the wheel, now
