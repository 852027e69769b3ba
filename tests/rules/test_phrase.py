"""The referee's words in any language (game.rules.phrase): a phrase is its English text – logs and
replays compare exactly that – and says itself again in the interface's language."""
from __future__ import annotations

import copy
import json
import pickle

from game import i18n
from game.rules.phrase import Phrase, join, phrase, say
from game.rules.ruling import Ruling, What


def test_a_phrase_is_its_english_text() -> None:
    p = phrase("{who} drinks {n} sip(s)", who="Ann", n=2)
    assert p == "Ann drinks 2 sip(s)" and isinstance(p, str) and hash(p) == hash("Ann drinks 2 sip(s)")
    r = Ruling("Ann", What.SIPS, 2, "bierpong.art1", p)
    assert r == Ruling("Ann", What.SIPS, 2, "bierpong.art1", "Ann drinks 2 sip(s)")
    assert json.loads(json.dumps(r.to_dict()))["arithmetic"] == "Ann drinks 2 sip(s)"


def test_copies_keep_the_template() -> None:
    p = phrase("{a} and {b}", a=phrase("{x}!", x="Hallo"), b=3)
    for q in (copy.deepcopy(p), pickle.loads(pickle.dumps(p))):
        assert isinstance(q, Phrase) and q.template == "{a} and {b}" and q == p


def test_say_translates_the_template_and_the_phrases_inside() -> None:
    inner = phrase("{n} cup(s)", n=2)
    outer = phrase("Bombe: {cups}", cups=inner)
    table = {"Bombe: {cups}": "Bombe: {cups} weg", "{n} cup(s)": "{n} Becher"}
    assert say(outer, lambda t: table.get(t, t)) == "Bombe: 2 Becher weg"
    assert say("plain", lambda t: "never") == "plain"
    assert say(join([inner, phrase("{n} cup(s)", n=1)]), lambda t: table.get(t, t)) == "2 Becher; 1 Becher"


def test_a_broken_catalog_entry_falls_back_to_english() -> None:
    p = phrase("{n} cup(s)", n=2)
    assert say(p, lambda t: "{m} Becher") == "2 cup(s)"


def test_tr_follows_the_language() -> None:
    p = phrase(i18n.N_("{n} sips"), n=3)  # a msgid the catalogs hold (the challenge dialog's)
    try:
        i18n.set_language("de")
        german = i18n.tr(p)
    finally:
        i18n.set_language("en")
    assert german != p and "3" in german
    assert i18n.tr(p) == "3 sips"


def test_every_ruling_of_every_game_is_said_in_german_and_danish() -> None:
    """Bot matches of all four games: each ruling's text is a phrase whose English is the logged
    text, and it reads in German and Danish with every placeholder filled (the call-outs and names
    inside stay as they are)."""
    from tests.autosave_worker import GAMES, play

    rulings = [r for game in GAMES for r in play(game, 7).rulings()]
    assert rulings and all(isinstance(r.arithmetic, Phrase) for r in rulings)
    assert all(say(r.arithmetic, lambda t: t) == r.arithmetic for r in rulings)  # English: itself
    for lang in ("de", "da"):
        try:
            i18n.set_language(lang)
            said = [i18n.tr(r.arithmetic) for r in rulings]
        finally:
            i18n.set_language("en")
        assert not any("{" in s for s in said)
        changed = sum(s != r.arithmetic for s, r in zip(said, rulings))
        assert changed >= 0.9 * len(rulings), f"{lang}: only {changed} of {len(rulings)} rulings translated"


def test_a_completed_lap_shows_its_banner_from_the_phrases_values() -> None:
    """racerbile.turn: "Rød completes lap 2" banners as "Lap 2" – read from the phrase's values,
    which the phrase keeps as pairs (`values_of`)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.i18n import N_
    from game.rules.phrase import phrase, values_of
    from game.rules.ruling import Ruling, What
    from game.ui.common.banners import Banners
    from game.ui.common.theme import Fonts
    from game.ui.race.race_draw import push_ruling

    import pygame

    pygame.init()
    text = phrase(N_("{team} completes lap {lap}"), team="Rød", lap=2)
    assert values_of(text) == {"team": "Rød", "lap": 2} and values_of("plain") == {}
    banners = Banners(Fonts())
    push_ruling(banners, Ruling("Rød1", What.LAPS, 1, "racerbile.turn", text), lambda who: who)
    assert banners.queue and banners.queue[0].text == "Lap 2" and banners.queue[0].sub == "Rød1"
