"""Logs saved before issue 13's corrections: a log whose rulings no longer replay is refused, naming
the entry – never silently re-ruled. The files in tests/data/old_logs/ were written by the program as
it stood before the corrections."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.errors import InputError
from game.match import Match

OLD = Path(__file__).parent / "data" / "old_logs"


@pytest.mark.parametrize(
    "name, entry",
    [
        ("schock_final_schock_aus.json", "entry 20 (dice 652)"),  # schock.schock_aus: "loses the half" in the final
    ],
)
def test_old_log_with_a_corrected_ruling_is_refused_naming_the_entry(name: str, entry: str) -> None:
    """A saved log whose rulings the corrected referee rules differently is refused with the entry named."""
    path = OLD / name
    with pytest.raises(InputError) as e:
        Match.load(path)
    text = str(e.value)
    assert text.startswith(f"{path}:") and entry in text and "do not replay as saved" in text


def test_old_log_replays_up_to_the_corrected_entry(tmp_path: Path) -> None:
    """schock.schock_aus: the same log cut before the corrected entry still loads (nothing else changed)."""
    data = json.loads((OLD / "schock_final_schock_aus.json").read_text(encoding="utf-8"))
    data["entries"] = data["entries"][:19]
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data), encoding="utf-8")
    m = Match.load(cut)
    assert len(m.log.entries) == 19 and m.state.stage == "final"
