"""Issue 18, "Translations complete": no English left on a German or Danish screen.

Every scene (menu, settings, join dialog, dice tables, races, Le Mans with the judges' console, the
fault menu, editor and key sheet, Bierpong match, demos, shot lab, replay viewer, the help overlay)
is drawn headless in English, German and Danish; every text the theme renders and every widget's
text is collected (tests/screen_words.py). A German or Danish text that is exactly the English one
and holds an English word – one of the program's English words that the language's catalog never
uses – fails. Allowed: rule ids, paths, the players' names, the tracks' own labels, the notation."""
from __future__ import annotations

import re
from typing import Iterator

import pytest

from game.i18n import set_language
from game.ui.common.app import App
from tests.scene_shows import SHOWS
from tests.screen_words import IDS, WORD, english_words, screen_texts

PATH = re.compile(r"[~/]\S*")
# names the scenes' players, teams and bots have; the notation a demo's set-up line quotes
NAMES = frozenset({"car"})
NOTATION = frozenset({"throw-off Ann hit 1, Cem", "miss; Foxes begin"})

_english: dict[str, set[str]] = {}


def track_names() -> frozenset[str]:
    """What the shipped tracks name themselves: their labels ("Mulsanne Straight") and splits."""
    from game.racerbile.tracks import find_track, shipped_names

    out: set[str] = set()
    for n in shipped_names():
        t = find_track(n).track
        out |= {lb.text for lb in t.labels} | {s.name for s in t.splits}
    return frozenset(out)


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def english_left(text: str, words: frozenset[str]) -> list[str]:
    """The English words in `text`, rule ids and paths taken out."""
    bare = IDS.sub(" ", PATH.sub(" ", text))
    return [w for w in WORD.findall(bare) if w.lower() in words and w.lower() not in NAMES]


def left_in_english(app: App, scene: str, code: str) -> list[str]:
    if scene not in _english:
        _english[scene] = screen_texts(app, "en", SHOWS[scene])
    theirs = screen_texts(app, code, SHOWS[scene])
    words = english_words(code)
    allowed = NOTATION | track_names()
    return sorted(t for t in theirs & _english[scene] if t not in allowed and english_left(t, words))


def test_the_check_finds_english_words_and_spares_ids_paths_and_names() -> None:
    """The check itself: "Bierpong: aim preview" is English to a German; a rule id, a path, a
    name, a number and a German word are not."""
    de = english_words("de")
    assert {"the", "would", "preview"} <= de and "bierpong" not in de and "schock" not in de
    assert english_left("the arc the ball would fly", de)[:2] == ["the", "arc"]
    assert english_left("racerbile.technical.die_dropped", de) == []
    assert english_left("/home/anna/.local/share/stammtisch/saves", de) == []
    assert english_left("1. Car 3", de) == [] and english_left("Würfel 3 5", de) == []


@pytest.mark.slow
@pytest.mark.parametrize("code", ["de", "da"])
@pytest.mark.parametrize("scene", list(SHOWS))
def test_no_english_is_left_on_a_translated_screen(app: App, scene: str, code: str) -> None:
    assert left_in_english(app, scene, code) == []

