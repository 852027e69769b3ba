"""Issue 29, "Words a player uses": a too-fast fault is counted as players count it ("3rd
five-or-six this turn: a fault"), the editor's empty sheet says where to begin, the test drive's
legend names its caps, and the sound is "on" without a sample rate. Headless, real scenes."""
from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from game.i18n import set_language, tr
from game.racerbile.fieldnames import ordinal, reworded
from game.racerbile.editing import Editor
from game.ui.common.app import App
from tests.screen_words import watching
from tests.ui.test_editor_ui import REFERENCE, key, open_scene, step


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def test_too_fast_fault_is_the_third_five_or_six_not_number_3_3() -> None:
    """racerbile.too_fast: the log keeps "5-or-6 number 3–3 this turn: …"; the race's feed, banners
    and the replay say "3rd five-or-six this turn: a fault: 1 sip" (German "3. Fünf oder Sechs …")."""
    from tests.session.test_replay_flow import race_match

    m = race_match(2)
    st = m.state
    fast = [r for e in m.log.entries for r in e.rulings if r.rule == "racerbile.too_fast" and "number 3–3" in r.arithmetic]
    assert fast and fast[0].arithmetic.startswith("5-or-6 number 3–3 this turn")  # the log's truth stays
    said = {}
    for code in ("en", "de", "da"):
        set_language(code)
        said[code] = tr(reworded(fast[0].arithmetic, st.course, st.track))
    assert said["en"] == "3rd five-or-six this turn: a fault: 1 sip"
    assert said["de"] == "3. Fünf oder Sechs in diesem Zug: ein Fehler: 1 Schluck"
    assert said["da"] == "3. femmer eller sekser i denne tur: en fejl: 1 slurk"
    set_language("en")
    assert [tr(ordinal(n)) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23)] == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd"]


def test_too_fast_faults_in_a_row_are_counted_from_the_third() -> None:
    """racerbile.too_fast: two fives-or-sixes beyond the second in one roll: "3rd to 4th … 2 faults"."""
    from game.i18n import N_
    from game.rules import racerbile as R
    from game.rules.phrase import phrase
    from tests.session.test_replay_flow import race_match

    st = race_match(2).state
    logged = phrase(N_("5-or-6 number {first}–{last} this turn: the third and each further one is a fault: {sips}"), first=2, last=4, sips=R.sips(2, True))
    assert tr(reworded(logged, st.course, st.track)) == "3rd to 4th five-or-six this turn: 2 faults: 2 sips"


def test_editor_empty_sheet_says_start_by_painting_a_lane(app: App) -> None:
    """An empty sheet is no list of problems: the status bar and the panel say "start by painting a
    lane (L)"; once a lane is painted the problems are counted again."""
    scene = open_scene(app)
    with watching() as (texts, _managers):
        scene.frame.panel_pic = None  # drawn anew while the texts are watched
        step(app, 2)
    assert scene.status_texts()[0] == "start by painting a lane (L)"
    assert "Start by painting a lane (L)" in texts
    assert not [t for t in texts if t.startswith("✗")]
    set_language("de")
    assert scene.status_texts()[0] == "beginne mit einer Spur (L)"


def test_test_drive_legend_names_the_caps(app: App) -> None:
    """The test drive's legend says what the two caps on the board are (T and P, the test bots)."""
    scene = open_scene(app, Editor.open(REFERENCE))
    key(app, pygame.K_t)
    assert scene.drive is not None
    with watching() as (texts, _managers):
        scene.frame.panel_pic = None
        step(app, 2)
    assert any(t.startswith("the caps T and P") for t in texts), sorted(texts)


def test_sound_on_without_the_sample_rate() -> None:
    """The settings' sound line says "sound: on" – no "44100 Hz" for a player."""
    from game.ui.common.sound import Sounds

    s = Sounds()
    s.init()
    if s.available:
        assert s.shown == "sound: on"
    assert "Hz" not in s.shown
