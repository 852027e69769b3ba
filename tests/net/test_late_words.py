"""A dice table made once for every language (`game.net.late_words`): each browser's view says its
table in its own language, as a view made in that language does, and no language's words reach
another's (what the encoder keeps is kept per language)."""
from __future__ import annotations

import json
import random
from typing import Any

from game.i18n import speaking
from game.match import Match, PlayerSpec
from game.net.late_words import encode, fmt, in_words, said
from game.net.web_texts import Challengeable, FeedTexts, ViewTexts
from game.net.web_view import late_words, view
from game.session import INSTANT, session_for
from game.session.session import Session


def _table(game: str, actions: int) -> tuple[Session, list[dict[str, Any]]]:
    m = Match(game, [PlayerSpec(f"P{i}", "remote") for i in range(3)], seed=21)
    s = session_for(m, pace=INSTANT)
    rng = random.Random(5)
    for _ in range(actions):
        s.tick(0.0)
        s.request(s.waiting_for()[0], rng.choice(list(s.state.legal_actions())))
        s.tick(0.0)
    seats = [{"name": p.name, "kind": p.kind, "connected": True, "away": False, "stand_in": False} for p in m.players]
    return s, seats


def test_a_schock_table_made_once_is_said_in_each_browsers_language() -> None:
    s, seats = _table("schock", 5)
    assert late_words(s)
    texts = ViewTexts(s, seats, FeedTexts(), Challengeable())
    said_in = {lang: json.loads(texts.text(None, lang, False))["view"]["table"] for lang in ("en", "de", "da")}
    assert [said_in[lang]["count_label"] for lang in ("en", "de", "da")] == ["strokes", "Striche", "streger"]
    assert [said_in[lang]["pile"]["label"] for lang in ("en", "de", "da")] == ["Middle", "Mitte", "Midten"]
    assert "waiting" in [r["status"] for r in said_in["en"]["seats"]]
    assert "wartet" in [r["status"] for r in said_in["de"]["seats"]] and "venter" in [r["status"] for r in said_in["da"]["seats"]]
    assert said_in["de"]["headline"] == ["Spiel 1 von 1", "erste Hälfte", "Runde 1"]
    for lang in ("en", "de", "da"):  # the host's text and a view made for one connection say the same
        whole = json.loads(texts.text(1, lang, False))["view"]
        one = view(s, 1, lang, seats, static=False)
        assert whole["table"] == one["table"] and whole["lang"] == one["lang"] == lang


def test_what_the_encoder_keeps_stays_in_its_language() -> None:
    tree = {"a": said(len, "four"), "b": fmt("{n} mats", n=3), "c": [said(str, 7)]}
    with speaking("de"):
        de = json.loads(encode(tree))
    with speaking("en"):
        en = json.loads(encode(tree))
        plain = in_words(tree)
    with speaking("de"):
        again = json.loads(encode(tree))
    assert en == plain == {"a": 4, "b": "3 mats", "c": ["7"]}
    assert de == again == {"a": 4, "b": "3 Bierdeckel", "c": ["7"]}
