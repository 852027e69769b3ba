"""A hosted table never gets stuck (issue 29, item 9), headless on loopback with real clicks and keys:
a friend who drops is offered to a bot at the window host, the bot plays the seat and the friend's
token takes it back (in every game); Esc at a table friends play at asks first; the join fields'
examples are placeholders; a joined seat sits at the bottom of the dice table."""
from __future__ import annotations

import argparse
import time
from typing import Any, Callable

import pygame
import pytest

from game.descriptor import load
from game.games import GAMES
from game.match import Match, PlayerSpec
from game.net.client import TableClient
from game.net.host import TableHost
from game.rules import bierpong as R
from game.session import INSTANT, Pace, session_for
from game.ui.common.app import App
from game.ui.common.hosting_ui import DroppedNotice, HostDialog, Question
from game.ui.common.table_panel import table_lines
from game.ui.shell.join_scene import PLACE_ADDRESS, PLACE_CODE, JoinScene
from game.ui.shell.menu import MenuScene
from game.ui.shell.tables import hosted_scene
from tests.net.waiting import WAIT, until


def steps(app: App, what: Callable[[], Any], *pumps: Callable[[], Any], seconds: float = WAIT) -> Any:
    """Frames of the app (events, update, draw) until `what()` holds – bounded."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for f in pumps:
            f()
        app.step(1 / 60)
        got = what()
        if got:
            return got
        time.sleep(0.002)
    raise AssertionError(f"not within {seconds} s: {what}")


def click(app: App, button: Any) -> None:
    """A real click on a pygame_gui button: the pointer over it, pressed and let go, a frame."""
    pos = button.get_abs_rect().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(0.0)
    app.step(0.0)  # the press pygame_gui posted


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(0.0)


def button(q: Question, want: str) -> Any:
    return next(b for b, k in q.button_map.items() if k == want)


def hosted(app: App, m: Match) -> Any:
    hs: Any = hosted_scene(app, m, announce=False, port=0)
    app.push(hs)
    return hs


def joined(app: App, hs: Any, seat: str) -> TableClient:
    c = TableClient(f"ws://127.0.0.1:{hs.table.host.port}", hs.table.code, seat=seat)
    steps(app, lambda: c.mirror is not None and c.index is not None, c.pump)
    return c


def test_a_friend_who_drops_is_offered_to_a_bot_at_the_window_host_the_bot_plays_and_his_token_takes_the_seat_back(app: App) -> None:
    m = Match("schock", [PlayerSpec("Ann", "bot"), PlayerSpec("Bernd", "remote")], seed=5, games=3)
    hs = hosted(app, m)
    try:
        bernd = joined(app, hs, "Bernd")
        token = bernd.token
        bernd.close()  # his laptop's lid shuts
        notice = steps(app, lambda: hs.modal if isinstance(hs.modal, DroppedNotice) else None)
        assert notice.title == "Bernd dropped" and notice.seat == 1
        assert any(hs.table.code in line and "come back" in line for line in notice.lines)  # the seat is his again with the code
        assert not hs.session.is_bot(1)  # nothing happens before the host chooses
        n = len(m.log.entries)
        click(app, button(notice, "bot"))
        assert hs.modal is None
        steps(app, lambda: any(e.seat == 1 for e in m.log.entries[n:]))  # the stand-in plays Bernd's turns
        assert hs.session.is_bot(1) and any("Bernd is away" in t for t in hs.session.notices)
        assert any("Bernd" in t and "a bot plays" in t for t, _c in table_lines(hs.session, hs.table))
        back = TableClient(f"ws://127.0.0.1:{hs.table.host.port}", hs.table.code, token=token)  # his laptop keeps the token
        steps(app, lambda: back.index == 1 and not hs.session.is_bot(1), back.pump)
        assert any("Bernd is back" in t for t in hs.session.notices) and hs.table.dropped() == []
        steps(app, lambda: back.mirror is not None and back.mirror.log.entries == m.log.entries, back.pump)
        back.close()
        # he drops again: asked again; Esc on the question waits (the seat stays his, no bot)
        steps(app, lambda: isinstance(hs.modal, DroppedNotice) or m.state.is_terminal())
        if not m.state.is_terminal():
            key(app, pygame.K_ESCAPE)
            assert hs.modal is None and not hs.session.is_bot(1) and hs.table.dropped() == []
            assert any("Bernd" in t and "waits" in t for t, _c in table_lines(hs.session, hs.table))
    finally:
        hs.closed()


def test_the_notice_goes_away_by_itself_when_the_friend_is_back_first(app: App) -> None:
    m = Match("katchen", [PlayerSpec("Ann", "human"), PlayerSpec("Bernd", "remote")], seed=2)
    hs = hosted(app, m)
    try:
        bernd = joined(app, hs, "Bernd")
        token = bernd.token
        bernd.close()
        steps(app, lambda: isinstance(hs.modal, DroppedNotice))
        back = TableClient(f"ws://127.0.0.1:{hs.table.host.port}", hs.table.code, token=token)
        steps(app, lambda: hs.modal is None, back.pump)
        assert not hs.session.is_bot(1)
        back.close()
    finally:
        hs.closed()


def test_a_bierpong_team_that_drops_is_thrown_for_by_a_bot_at_the_window_host(app: App) -> None:
    from tests.bierpong_helpers import play

    m = Match("bierpong", [PlayerSpec("Foxes", "remote", drivers=("Anna", "Bo")), PlayerSpec("Owls", "human", drivers=("Cem", "Dana"))],
              R.SPEC.make(), seed=3)
    play(m, "throw-off Anna hit 1, Cem miss", "Foxes begin")
    hs = hosted(app, m)
    try:
        foxes = joined(app, hs, "Foxes")
        foxes.close()
        notice = steps(app, lambda: hs.modal if isinstance(hs.modal, DroppedNotice) else None)
        assert notice.title == "Foxes dropped"
        n = len(m.log.entries)
        click(app, button(notice, "bot"))
        steps(app, lambda: any(e.action.startswith(("Anna: ", "Bo: ")) for e in m.log.entries[n:]), seconds=2 * WAIT)
        assert hs.session.is_bot(0)  # the stand-in threw the Foxes' ball, on the host's live table
    finally:
        hs.closed()


def _until_the_seat_plays(host: TableHost, seat: int, tick: Callable[[], None]) -> None:
    m = host.session.match
    n = len(m.log.entries)
    until(lambda: any(e.seat == seat for e in m.log.entries[n:]), tick, seconds=2 * WAIT)


@pytest.mark.parametrize("game", GAMES)
def test_let_a_bot_play_a_dropped_seat_in_every_game_until_its_token_brings_the_player_back(game: str) -> None:
    """The host's choice (`TableHost.let_bot_play`, the `remote_timeout` stand-in without the wait),
    at the table `host GAME --headless` serves by default (a remote seat, then a bot's)."""
    info = GAMES[game]
    table = load(info.command_table)(argparse.Namespace(game=game, players=None, variant=None, track=None, games=1), "serve")
    m = Match(game, table.players, table.profile, seed=3, games=table.games, track=table.track)
    assert m.players[0].kind == "remote" and m.players[1].kind != "remote"
    s = session_for(m, pace=Pace(0.0, 0.0, True) if info.throws else INSTANT)  # real throws: a live table in real time
    host = TableHost(s, host="127.0.0.1", port=0)

    def tick() -> None:
        host.pump()
        s.tick(1 / 15)

    try:
        c = TableClient(f"ws://127.0.0.1:{host.port}", host.code, seat=m.players[0].name)
        until(lambda: c.mirror is not None, c.pump, tick)
        token = c.token
        assert not host.let_bot_play(0)  # connected: nothing to stand in for
        c.close()
        until(lambda: 0 in host.away, tick)
        assert host.let_bot_play(0)
        _until_the_seat_plays(host, 0, tick)
        assert s.is_bot(0) and 0 in host.stand_ins
        back = TableClient(f"ws://127.0.0.1:{host.port}", host.code, token=token)
        until(lambda: back.index == 0 and not s.is_bot(0), back.pump, tick)
        assert 0 not in host.stand_ins and 0 not in host.bot_now
        back.close()
    finally:
        host.close()


@pytest.mark.parametrize("game", ["schock", "racerbile", "bierpong"])
def test_esc_at_a_table_friends_play_at_from_their_laptops_asks_first(app: App, game: str) -> None:
    if game == "bierpong":
        m = Match(game, [PlayerSpec("Foxes", "remote", drivers=("Anna", "Bo")), PlayerSpec("Owls", "human", drivers=("Cem", "Dana"))],
                  R.SPEC.make(), seed=3)
        seat = "Foxes"
    else:
        kw: dict[str, Any] = {"track": "babybane"} if game == "racerbile" else {}
        m = Match(game, [PlayerSpec("Ann", "human"), PlayerSpec("Bernd", "remote")], seed=3, **kw)
        seat = "Bernd"
    hs = hosted(app, m)
    try:
        friend = joined(app, hs, seat)
        steps(app, lambda: hs.table.friends() == 1, friend.pump)
        key(app, pygame.K_ESCAPE)
        q = hs.modal
        on_top = app.scene is hs
        assert isinstance(q, Question) and on_top
        assert q.title == "1 friend is playing at this table from their laptop – leave anyway?"
        hs.draw(app.screen)
        click(app, button(q, "stay"))
        on_top = app.scene is hs
        assert on_top and hs.modal is None and hs.table is not None  # still hosting
        key(app, pygame.K_ESCAPE)
        again: Any = getattr(hs, "modal")  # (asked again)
        assert isinstance(again, Question)
        click(app, button(again, "leave"))
        assert app.scene is not hs and hs.table is None  # left: the table closed for the friend
        friend.close()
    finally:
        hs.closed()


def test_esc_at_a_hosted_table_nobody_joined_leaves_at_once(app: App) -> None:
    m = Match("schock", [PlayerSpec("Ann", "human"), PlayerSpec("Bernd", "remote")], seed=3)
    hs = hosted(app, m)
    try:
        assert hs.table.friends() == 0
        key(app, pygame.K_ESCAPE)
        assert app.scene is not hs
    finally:
        hs.closed()


def test_the_host_dialog_offers_a_bot_for_a_friend_who_drops_and_opens_the_table_with_it(app: App) -> None:
    menu = MenuScene(app)
    app.push(menu)
    menu.model.players[1].kind = "remote"
    menu.rebuild() if hasattr(menu, "rebuild") else None
    assert menu.start()
    dlg = menu.modal
    assert isinstance(dlg, HostDialog) and dlg.choice is None  # the table waits, unless the host says otherwise
    menu.draw(app.screen)
    click(app, dlg.bot_button)
    assert dlg.choice == 60.0
    click(app, dlg.bot_button)  # another click: the next number of seconds
    assert dlg.choice == 120.0
    click(app, button(dlg, "open"))
    hs: Any = app.scene
    try:
        assert hs is not menu and hs.table.host.remote_timeout == 120.0
        assert menu.drop_timeout == 120.0  # offered again next time
    finally:
        hs.closed()


def test_the_join_fields_examples_are_placeholders_grey_and_gone_once_typed(app: App) -> None:
    js = JoinScene(app, address="", code="")
    js.looking = None
    app.push(js)
    app.step(0.0)
    assert js.address_entry.get_text() == "" and js.code_entry.get_text() == ""  # nothing prefilled to delete
    shown = {example for entry, example in js.placeholders() if not entry.get_text() and not entry.is_focused}
    assert shown == {PLACE_ADDRESS, PLACE_CODE}
    r = pygame.Rect(js.code_entry.get_abs_rect())
    js.draw(app.screen)
    grey = [app.screen.get_at((x, y))[:3] for x in range(r.x + 8, r.x + 60) for y in range(r.y + 6, r.bottom - 6)]
    from game.ui.common import theme

    assert any(max(abs(a - b) for a, b in zip(p, theme.MUTED)) < 40 for p in grey)  # drawn in grey
    click(app, js.code_entry)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="ab"))
    app.step(0.0)
    assert js.code_entry.get_text() == "ab"
    assert [ex for entry, ex in js.placeholders() if not entry.get_text() and not entry.is_focused] == [PLACE_ADDRESS]


def test_a_joined_player_sits_at_the_bottom_of_the_dice_table(app: App) -> None:
    from game.net.remote import remote_session
    from game.ui.shell.tables import joined_scene

    m = Match("schock", [PlayerSpec("Ann", "human"), PlayerSpec("Bo", "bot"), PlayerSpec("Bernd", "remote")], seed=3)
    hs = hosted(app, m)
    try:
        bernd = joined(app, hs, "Bernd")
        scene: Any = joined_scene(app, remote_session(bernd))
        scene.resize(app.size)
        seats = scene.L.seats
        assert seats[2].centery == max(r.centery for r in seats)  # Bernd, seat 2, in the "you" place
        assert abs(seats[2].centerx - scene.L.felt.centerx) <= 2
        assert hs.L.seats[0].centery == max(r.centery for r in hs.L.seats)  # the host's own player at its bottom
        scene.draw(app.screen)
        scene.closed()
    finally:
        hs.closed()
