"""Issue 29, "Katchen worth watching": each round opens with one slim header line in the referee's
feed (katchen.phase1, katchen.phase2), as Schock's Laden does, and once every person at the table
is out (katchen.phase2: no mats left) the bots finish the game quickly – Q or the button."""
from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from game.i18n import set_language
from game.match import Match, PlayerSpec
from game.session import INSTANT
from game.session.dice import DiceSession
from game.store.matchfile import write_log
from game.ui.common.app import App
from game.rules.ruling import Ruling
from game.session.feed import round_header
from tests.ui.test_ui import key, settle, table_for


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def test_katchen_feed_one_line_per_round(app: App) -> None:
    """katchen.phase1, katchen.phase2: the note that opens a round is a header line in the feed –
    "Round 6 · Bo leads · 1 mat left", "Phase 2, round 2 · Cem opens" – one line per round (the rule id
    at its end says the phase), in German and Danish too; the rulings on the round stay cards."""
    m = Match("katchen", [PlayerSpec("Anna", "bot"), PlayerSpec("Bo", "bot"), PlayerSpec("Cem", "bot")], seed=3)
    DiceSession(m, pace=INSTANT).play_out(90)
    table = table_for(app, m)
    app.step(0.05)
    items = table.feed.items
    headers = [round_header(it.ruling) for it in items]
    plain = [round_header(Ruling(r.who, r.what, r.amount, r.rule, str(r.arithmetic))) for r in (it.ruling for it in items)]
    assert plain == headers  # from the phrase's values, or a plain text's words (a log read back): the same header
    opened = [r for e in m.log.entries for r in e.rulings if r.rule.startswith("katchen.phase") and "round" in r.arithmetic and "game 1" in r.arithmetic]
    shown = [h for h in headers if h is not None]
    assert len(shown) == len(opened) >= 8
    assert "Round 1 · Anna leads · 13 mats left" in shown
    assert "Round 6 · Bo leads · 1 mat left" in shown  # one mat, in the singular
    assert "Phase 2, round 2 · Cem opens" in shown
    cards = [it for it, h in zip(items, headers) if h is None]
    assert cards and all(it.ruling.what.name != "NOTE" or "leaves" in it.ruling.arithmetic or "Schuss" in it.ruling.arithmetic
                         or "tournament" in it.ruling.arithmetic for it in cards)
    line_h = table.feed.fonts.font(int(13 * table.feed.s), "bold").get_linesize()
    for code, words in (("en", "Round 6 · Bo leads · 1 mat left"), ("de", "Runde 6 · Bo beginnt · 1 Deckel übrig"),
                        ("da", "Runde 6 · Bo starter · 1 brik tilbage")):
        set_language(code)
        table.feed._items.clear()
        assert words in [round_header(it.ruling) for it in items]
        for it, h in zip(items, headers):
            if h is not None:  # one line of chalk, not wrapped (the window's feed at 1280×800)
                assert table.feed.item(it).get_height() < 2 * line_h, (code, round_header(it.ruling))


def anna_out() -> Match:
    """Katchen with Anna (a person) and two bots, played (Anna's seat by a bot) until Anna has no
    mats left in phase 2 and sits out the rest of the game."""
    for seed in range(40):
        m = Match("katchen", [PlayerSpec("Anna"), PlayerSpec("Bo", "bot"), PlayerSpec("Cem", "bot")], seed=seed)
        s = DiceSession(m, pace=INSTANT)
        s.seats[0] = s.make_bot(0, "bot")
        while not m.state.is_terminal() and len(m.log.entries) < 2000:
            st = m.state
            if st.phase == 2 and 0 not in st.round_order:  # type: ignore[attr-defined]
                return m
            s.play_out(len(m.log.entries) + 1)
    raise AssertionError("Anna never went out")


def test_katchen_finish_quickly_once_every_person_is_out(app: App) -> None:
    """katchen.phase2: Anna, the only person, has no mats left – the table offers "Finish quickly (Q)"
    instead of Roll and Stand; Q lets the bots play the game out with no waiting, and the table
    shows where it ended (the standing, or the next game with Anna dealt in again)."""
    m = anna_out()
    table = table_for(app, m)
    assert table.session.people_out()
    settle(app, table)
    app.step(0.05)
    assert table.b_quick.visible and not table.b_roll.visible and not table.b_stand.visible
    before = len(m.log.entries)
    key(pygame.K_q)
    app.step(0.05)
    assert len(m.log.entries) > before
    st = m.state
    assert st.is_terminal() or 0 in st.round_order  # type: ignore[attr-defined]
    assert table.shown is st and not table.playing
    app.step(0.05)
    assert not table.b_quick.visible


def test_no_finish_quickly_while_a_person_plays(app: App) -> None:
    """katchen.phase2: while a person is still dealt in, Q does nothing and the button stays hidden."""
    m = Match("katchen", [PlayerSpec("Anna"), PlayerSpec("Bo", "bot")], seed=2)
    table = table_for(app, m)
    settle(app, table)
    assert not table.session.people_out() and not table.b_quick.visible
    before = len(m.log.entries)
    key(pygame.K_q)
    app.step(0.05)
    assert len(m.log.entries) == before


def test_katchen_one_mat_left_is_said_in_the_singular_in_the_replay(app: App, tmp_path: object) -> None:
    """katchen.phase1: the round opening with one mat on the stack – logged "(1 mats on the stack)",
    so old logs replay – reads "(1 mat on the stack)" in the replay viewer's bar and jump list, and
    "(1 ølbrik i bunken)" in Danish."""
    from pathlib import Path

    from game.ui.shell.replay import ReplayScene

    m = Match("katchen", [PlayerSpec("Anna", "bot"), PlayerSpec("Bo", "bot"), PlayerSpec("Cem", "bot")], seed=3)
    DiceSession(m, pace=INSTANT).play_out(60)
    k, r = next((k, r) for k, e in enumerate(m.log.entries) for r in e.rulings if "(1 mats on the stack)" in r.arithmetic)
    path = Path(str(tmp_path)) / "k.json"
    write_log(m.log, path)
    viewer = ReplayScene(app, str(path), step=k)
    app.push(viewer)
    app.step(0.05)
    said = [viewer.ruling_said(x) for x, _struck in viewer.replay.rulings_at(k)]
    assert any(s.endswith("(1 mat on the stack)") for s in said) and not any("1 mats" in s for s in said)
    set_language("da")
    assert any(viewer.ruling_said(x).endswith("(1 ølbrik i bunken)") for x, _struck in viewer.replay.rulings_at(k))
    assert r.arithmetic.endswith("(1 mats on the stack)")  # the log's words stay
