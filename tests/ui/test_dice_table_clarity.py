"""The dice tables explain themselves (issue 18), headless: Schock's Laden is the header of its round
in the feed, not a card each round; the table shows who lost each half and who plays the final; the
first time a person may keep a die a hint says how, and the die under the pointer is outlined;
Katchen's rule text says who opens the later rounds of phase 2."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

import pygame
import pytest

from game.i18n import set_language
from game.match import Match, PlayerSpec
from game.rules.catalog import rules_for
from game.rules.ruling import Ruling
from game.session import INSTANT
from game.session.dice import DiceSession
from game.session.feed import FeedItem, round_header
from game.ui.common.prefs import forget_hints, hint_seen
from tests.ui.test_ui import click, key, settle, table_for

if TYPE_CHECKING:
    from game.ui.common.app import App

BOTS = [PlayerSpec("Anna", "bot"), PlayerSpec("Bo", "bot"), PlayerSpec("Cem", "bot")]


@pytest.fixture(autouse=True)
def _fresh_hints() -> Iterator[None]:
    forget_hints()
    yield
    forget_hints()
    set_language("en")


def played_until(game: str, seed: int, done: object) -> Match:
    """A bots' match played entry by entry until `done(state)` holds."""
    m = Match(game, BOTS, seed=seed)
    s = DiceSession(m, pace=INSTANT)
    while not done(m.state):  # type: ignore[operator]
        assert not m.state.is_terminal() and len(m.log.entries) < 3000, "never got there"
        s.play_out(len(m.log.entries) + 1)
    return m


# --- Laden: the round's header -------------------------------------------------------------------


def test_laden_is_the_round_header_not_a_card_each_round(app: App) -> None:
    """schock.laden: every round starts with Laden – shown as a slim header line with the round, the
    half and who opens; the other rulings stay cards. The same header from a loaded log's plain text."""
    m = played_until("schock", 3, lambda st: st.round_no >= 4)
    table = table_for(app, m)
    app.step(0.05)
    feed = table.feed
    laden = [it for it in feed.items if it.ruling.rule == "schock.laden"]
    cards = [it for it in feed.items if it.ruling.rule == "schock.deckel"]
    assert len(laden) >= 4 and cards
    opener = laden[-1].ruling.who
    head = round_header(laden[-1].ruling)
    assert head is not None and head.startswith(f"Round {m.state.round_no} · first half · Laden: {opener} opens")
    assert max(feed.item(it).get_height() for it in laden) * 2 < min(feed.item(it).get_height() for it in cards)
    plain = Ruling(opener, laden[-1].ruling.what, 0, "schock.laden", str(laden[-1].ruling.arithmetic))
    assert round_header(plain) == head  # a log read back from a file holds plain text
    assert round_header(cards[0].ruling) is None
    set_language("de")
    assert round_header(laden[-1].ruling) == f"Runde {m.state.round_no} · erste Hälfte · Laden: {opener} beginnt"
    feed.item(FeedItem(laden[-1].ruling))


# --- halves and the final ------------------------------------------------------------------------


def test_the_table_shows_who_lost_each_half_and_who_plays_the_final(app: App) -> None:
    """schock.halves: the loser of the first half is named in the second half's header and on his
    seat; in the final both finalists' seats say which half they lost and that they play the final,
    the third seat watches."""
    m = played_until("schock", 3, lambda st: st.stage == "half2")
    table = table_for(app, m)
    app.step(0.05)
    first = m.state.half_losers[0]
    name = m.state.players[first]
    assert f"second half · round {m.state.round_no} · first half lost by {name}" in table.stage_text()
    assert table.seat_tag(first) == "lost half 1"
    assert [table.seat_tag(s) for s in range(3) if s != first] == ["", ""]
    app.pop()

    m = played_until("schock", 3, lambda st: st.stage == "final")
    table = table_for(app, m)
    app.step(0.05)
    a, b = m.state.half_losers
    assert a != b and set(m.state.stage_players) == {a, b}
    assert table.seat_tag(a) == "lost half 1 · plays the final"
    assert table.seat_tag(b) == "lost half 2 · plays the final"
    third = next(s for s in range(3) if s not in (a, b))
    assert table.seat_tag(third) == "" and table.seat_status(third)[0] == "watches the final"
    assert "final" in table.stage_text() and " v " in table.stage_text()
    set_language("da")
    assert table.seat_tag(b) == "tabte halvleg 2 · spiller finalen"


# --- keeping a die -------------------------------------------------------------------------------


def test_the_first_time_a_die_may_be_kept_a_hint_says_how_and_the_pointed_die_is_outlined(app: App) -> None:
    """After the first roll of a person's turn the table explains how to keep a die (click it, or
    1 2 3); the die under the pointer gets a ring; once a die was kept the hint is not shown again."""
    m = Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bo")], seed=12)
    table = table_for(app, m)
    app.step(0.05)
    assert table.keep_hint() == ""  # nothing to keep before the first roll
    key(pygame.K_SPACE)
    settle(app, table)
    assert table.can_keep()
    assert table.keep_hint().startswith("Click a die to put it out")  # Schock: a kept die is out of the cup
    app.step(0.05)
    box = table.hint_drawn
    assert box is not None and app.screen.get_rect().contains(box)
    assert not any(box.colliderect(table.dice.rect(i)) for i in range(3))
    assert not box.colliderect(table.L.feed)

    target = table.dice.rect(1)
    before = app.screen.copy()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.05)
    assert table.dice.hover == 1
    ring = target.inflate(int(10 * table.dice.s), int(10 * table.dice.s))
    changed = sum(1 for x in range(ring.x, ring.right) if app.screen.get_at((x, ring.y + 1)) != before.get_at((x, ring.y + 1)))
    assert changed > ring.w // 2  # the outline is drawn

    click(target.center)
    app.step(0.05)
    assert table.dice.slots[1].kept and hint_seen("keep_die")
    assert table.keep_hint() == ""
    app.step(0.05)
    assert table.hint_drawn is None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.05)
    assert table.dice.hover is None


def test_no_hint_or_outline_while_a_bot_plays(app: App) -> None:
    m = Match("katchen", BOTS, seed=4)
    table = table_for(app, m)
    for _ in range(20):
        app.step(0.1)
        d = table.dice
        if d.shown:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=d.rect(0).center, rel=(0, 0), buttons=(0, 0, 0)))
        assert table.keep_hint() == "" and table.dice.hover is None


def test_katchen_keeps_dice_with_its_own_hint(app: App) -> None:
    """katchen.phase2: dice left standing may be rolled again later, so the hint says "keep"."""
    m = Match("katchen", [PlayerSpec("Anna"), PlayerSpec("Bo", "bot"), PlayerSpec("Cem", "bot")], seed=4)
    table = table_for(app, m)
    for _ in range(3000):  # Anna throws through phase 1 (one throw each) until her first turn of phase 2
        app.step(0.25)
        if table.busy():
            continue
        st = m.state
        if st.is_terminal() or (st.phase == 2 and st.current_player() == 0 and st.turn is not None and st.turn.rolls == 0):
            break
        if st.current_player() == 0:
            key(pygame.K_SPACE)
            app.step(0.05)
        elif st.phase == 2 and 0 not in st.round_order:
            pytest.skip("Anna came out of phase 1 without mats (seed)")
    assert m.state.phase == 2 and m.state.current_player() == 0
    for _ in range(20):  # Space once the table is ready for it (a banner of the round's end may still show)
        key(pygame.K_SPACE)
        settle(app, table)
        turn = m.state.turn
        if turn is not None and turn.rolls > 0:
            break
    assert table.can_keep()
    assert table.keep_hint() == "Click a die to keep it for the next roll (or press 1, 2, 3)"


# --- Katchen: who opens --------------------------------------------------------------------------


def test_katchen_phase2_text_says_who_opens_each_round_and_the_game_does_so() -> None:
    """katchen.phase2: the most mats open the first round of phase 2; each later round is opened by the
    worst throw of the round before – the one just given mats. The rule text says both, and the game
    plays it."""
    rt = next(r for r in rules_for("katchen") if r.id == "katchen.phase2")
    text = rt.summary + " " + rt.details
    assert "opens the first round" in text and "each later round" in text and "worst throw" in text
    m = played_until("katchen", 4, lambda st: st.phase == 2 and st.round_no >= 2)
    entries = m.log.entries
    # the round before's rulings: the mats given name who received them, who now opens
    given = [r for e in entries for r in e.rulings if r.rule == "katchen.phase2" and r.amount > 0]
    assert given and m.state.players[m.state.round_order[0]] == given[-1].who


def test_the_dice_table_draws_every_new_thing_at_the_minimum_size(app: App) -> None:
    """At 960×640 the header with the half's loser and the seat tags stay inside the window."""
    app.screen = pygame.display.set_mode((960, 640), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 640), w=960, h=640))
    m = played_until("schock", 3, lambda st: st.stage == "final")
    table = table_for(app, m)
    app.step(0.05)
    assert table.L.size == (960, 640)
    assert all(app.screen.get_rect().contains(r) for r in table.header_drawn)
