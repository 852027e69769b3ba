"""The track editor's test drive without a window (moved from tests/ui/test_editor_ui.py): the drive of
two careful bots round the draft (`game.session.testdrive.drive_lap`, a `RaceSession` at instant
pace) and the dangers it marks (`game.racerbile.dangers.Analysis`) – what the editor then plays
back and draws."""
from __future__ import annotations

from pathlib import Path

from game.racerbile.dangers import Analysis
from game.racerbile.editing import Editor
from game.session.testdrive import drive_lap

DATA = Path(__file__).resolve().parent.parent / "data" / "tracks"
REFERENCE = DATA / "editor_reference.yaml"  # tests/tracks/test_editor_model.py: REFERENCE_EDITS draws it


def test_the_test_drive_drives_a_lap_and_marks_the_dangers() -> None:
    """racerbile.turn, racerbile.reckless: the bots drive a lap of the reference draft – every move
    that stays on the track drives fields – and the analysis marks run-offs (a 10 straight on round
    a two-lane ring of radius 4 flies off) and bends (its corners), on the draft's fields only."""
    editor = Editor.open(REFERENCE)
    track = editor.draft.to_track()
    result = drive_lap(track)
    assert result.lapped and result.turns > 0
    assert all(m.path for m in result.moves if not m.off_track)
    assert result.summary().startswith(f"a lap in {result.turns} turns")
    markers = Analysis(track).run()
    assert any(m.runoffs for m in markers.values()) and any(m.squeals for m in markers.values())
    assert all(h in editor.draft.fields for h in markers)
