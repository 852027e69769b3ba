"""The network table in the window (issue 16), headless on loopback: the menu hosts a match with a
remote player and shows its address, code and seats; the join screen connects with the code, lists
the free seat, takes it, and the joined player's scene plays that seat at the host's table."""
from __future__ import annotations

import time
from typing import Any, Callable

import pytest

from game.match import Match, PlayerSpec
from game.dice.actions import Roll, Stand
from game.ui.common.app import App
from game.ui.common.table_panel import table_lines
from game.ui.dice.dice_table import DiceTableScene
from game.ui.shell.join_scene import JoinScene, normal_url
from game.ui.shell.menu_model import MenuModel
from game.ui.shell.tables import hosted_scene

WAIT = 30.0


def frames(what: Callable[[], Any], *scenes: Any, seconds: float = WAIT) -> Any:
    """Update the scenes a frame at a time until `what()` holds (bounded)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for s in scenes:
            s.update(1 / 60)
        got = what()
        if got:
            return got
        time.sleep(0.005)
    raise AssertionError(f"not within {seconds} s: {what}")


def host_and_join(app: App, m: Match, seat: str, scene: type) -> tuple[Any, Any]:
    """The host's scene of `m` (its table open on loopback, on the app's stack) and the `scene` of the
    laptop that joined it as `seat` (as `join --seat SEAT`); the caller closes the host's scene."""
    hs: Any = hosted_scene(app, m, announce=False, port=0)
    app.push(hs)
    js = JoinScene(app, address=f"127.0.0.1:{hs.table.host.port}", code=hs.table.code, seat=seat)
    app.push(js)
    joined: Any = frames(lambda: app.stack[-1] if isinstance(app.stack[-1], scene) else None, hs, js)
    return hs, joined




def test_normal_url_takes_what_a_person_types() -> None:
    assert normal_url(" 192.168.1.20:5000 ") == "ws://192.168.1.20:5000"
    assert normal_url("ws://pub-tv.local:47000") == "ws://pub-tv.local:47000"
    assert normal_url("192.168.1.20").startswith("ws://192.168.1.20:")
    # the page's address the host's corner shows for phones is the same table (its code stays out of the address)
    assert normal_url("http://192.168.1.20:47474") == normal_url("HTTP://192.168.1.20:47474/#K7QX2P") == "ws://192.168.1.20:47474"
    assert normal_url("https://pub-tv.local:47000/") == "wss://pub-tv.local:47000"
    for bad in ("", "   ", "ftp://x:1", "ws://", "http://"):
        with pytest.raises(ValueError):
            normal_url(bad)


def test_the_menu_offers_the_remote_kind_and_start_hosts_the_table() -> None:
    m = MenuModel()
    assert not m.hosting()
    m.players[1].kind = "remote"
    assert m.hosting()


def test_a_bierpong_table_from_the_menu_opens_at_the_joined_laptop_and_the_ball_flies_there(app: App) -> None:
    """bierpong across laptops: the Foxes' laptop throws with the scene's own release; the host's live
    table throws it, and the joined scene draws the ball the host sends."""
    from game.rules import bierpong as R
    from game.ui.pong.bierpong_match import BierpongMatchScene
    from tests.bierpong_helpers import play
    from tests.bierpong_physics_helpers import RELEASE, rack_now, shot

    m = Match("bierpong", [PlayerSpec("Foxes", "remote", drivers=("Anna", "Bo")), PlayerSpec("Owls", "human", drivers=("Cem", "Dana"))], R.SPEC.make())
    play(m, "throw-off Anna hit 1, Cem miss", "Foxes begin")
    hs, joined = host_and_join(app, m, "Foxes", BierpongMatchScene)
    try:
        st = joined.session.state
        joined.release(shot(rack_now(st, "Anna"), "hit", None, among=st.targets(), release=RELEASE).throw)  # the sling let go
        assert joined.toast == ""
        frames(lambda: joined.session.table.busy and joined.session.table.balls(), hs, joined)
        joined.draw(app.screen)
        n = len(m.log.entries)
        frames(lambda: len(m.log.entries) > n and len(joined.match.log.entries) == len(m.log.entries), hs, joined)
        assert m.log.entries[n].action.startswith("Anna: ")
    finally:
        hs.closed()


def test_the_join_screen_takes_a_free_seat_at_a_table_the_menu_hosts_and_plays_it(app: App) -> None:
    m = Match("schock", [PlayerSpec("Ann", "human"), PlayerSpec("Bo", "remote")], seed=3, games=1)
    hs: Any = hosted_scene(app, m, announce=False, port=0)
    app.push(hs)
    try:
        port = hs.table.host.port
        lines = [t for t, _c in table_lines(hs.session, hs.table)]
        assert hs.table.code in lines[0] and any("Bo" in t and "free" in t for t in lines)
        js = JoinScene(app)
        app.push(js)
        js.address_entry.set_text(f"127.0.0.1:{port}")
        js.code_entry.set_text("WRONG1")
        js.connect()
        frames(lambda: js.message, hs, js)
        assert "wrong join code" in js.message
        js.code_entry.set_text(hs.table.code.lower())  # typed in small letters: the code is the same
        js.connect()
        frames(lambda: js.client is not None and js.seat_buttons, hs, js)
        assert js.free_seats() == [("Bo", True)]
        js.draw(app.screen)
        js.take_seat("Bo")
        joined: Any = frames(lambda: app.stack[-1] if isinstance(app.stack[-1], DiceTableScene) else None, hs, js)
        assert joined.session.authority.client.index == 1 and joined.is_human(1) and not joined.is_human(0)
        frames(lambda: any("Bo" in t and "connected" in t for t, _c in table_lines(hs.session, hs.table)), hs, joined)
        # Ann plays at the host, Bo at the joined laptop, until Bo has stood once
        def play() -> bool:
            if not hs.busy() and not joined.busy() and hs.session.waiting_for():
                seat = hs.session.waiting_for()[0]
                scene = hs if seat == 0 else joined
                if seat == 0 or joined.session.waiting_for() == (1,):
                    legal = list(scene.session.state.legal_actions())
                    scene.ask(Stand() if Stand() in legal else Roll(()))
            return any(e.seat == 1 and e.action == "stand" for e in hs.session.match.log.entries)
        frames(play, hs, joined, seconds=60)
        frames(lambda: len(joined.match.log.entries) == len(hs.session.match.log.entries), hs, joined)
        assert [e.to_dict() for e in joined.match.log.entries] == [e.to_dict() for e in hs.session.match.log.entries]
        hs.draw(app.screen)
        joined.draw(app.screen)
        assert any("Joined" in t for t, _c in table_lines(joined.session, None))
    finally:
        hs.closed()


def test_a_spectator_from_the_join_screen_sees_the_race_without_controls_and_cannot_act(app: App) -> None:
    from game.ui.race.race import RaceScene

    m = Match("racerbile", [PlayerSpec("Ann", "human"), PlayerSpec("Bo", "remote")], seed=3, track="babybane")
    hs: Any = hosted_scene(app, m, announce=False, port=0)
    app.push(hs)
    try:
        js = JoinScene(app, address=f"127.0.0.1:{hs.table.host.port}", code=hs.table.code)  # connects at once
        app.push(js)
        frames(lambda: js.client is not None and js.seat_buttons, hs, js)
        js.take_seat(None)  # Watch
        tv: Any = app.stack[-1]
        assert isinstance(tv, RaceScene) and tv.watching()
        assert not tv.tool_buttons  # the TV's big-screen layout: no buttons, its keys in the table's corner
        assert tv.L.tools.h == 0 and tv.feed.s > tv.L.s  # the standings take the buttons' room, the feed is larger
        n = len(hs.session.match.log.entries)
        refused = tv.session.request(0, next(iter(tv.session.state.legal_actions())))
        assert refused is not None and "spectator" in str(refused)
        for _ in range(30):
            hs.update(1 / 60)
            tv.update(1 / 60)
        assert len(hs.session.match.log.entries) == n  # nothing reached the host's log
        hs.session.request(0, next(iter(hs.session.state.legal_actions())))  # Ann acts at the host: the TV follows
        frames(lambda: len(tv.match.log.entries) == len(hs.session.match.log.entries) > n, hs, tv)
        tv.draw(app.screen)
        lines = [t for t, _c in table_lines(tv.session, None)]
        assert any("Watching" in t for t in lines) and any("Esc" in t for t in lines)
    finally:
        hs.closed()


def test_the_tv_watches_a_dice_table_in_its_big_screen_layout_and_a_bierpong_table_from_the_side(app: App) -> None:
    """A spectator (the pub TV): the dice table without buttons or their bar, the feed in larger
    text than at a player's seat of the same window; at Bierpong the camera beside the table."""
    from game.net.client import TableClient
    from game.net.host import TableHost
    from game.net.remote import remote_session
    from game.session import INSTANT, session_for
    from game.ui.shell.tables import joined_scene
    from game.ui.pong.bierpong_match import BierpongMatchScene

    for game in ("schock", "bierpong"):
        m = Match(game, [PlayerSpec("Ann", "careful"), PlayerSpec("Bo", "careful")], seed=3)
        host = TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0)
        watcher = TableClient(f"ws://127.0.0.1:{host.port}", host.code, watch=True)
        try:
            end = time.monotonic() + WAIT
            while watcher.mirror is None and time.monotonic() < end:
                host.pump()
                watcher.pump()
                time.sleep(0.005)
            assert watcher.mirror is not None
            tv: Any = joined_scene(app, remote_session(watcher))
            player: Any = joined_scene(app, session_for(Match(game, [PlayerSpec("Ann", "human"), PlayerSpec("Bo", "careful")], seed=3)))
            for scene in (tv, player):
                scene.resize(app.size)
                scene.draw(app.screen)
            assert tv.watching() and not player.watching()
            if isinstance(tv, BierpongMatchScene):
                assert (tv.camera_mode, player.camera_mode) == ("side", "thrower")
            else:
                assert isinstance(tv, DiceTableScene)
                assert tv.L.bottom.h < player.L.bottom.h and tv.L.felt.h > player.L.felt.h  # the table takes the buttons' bar
                assert tv.feed.s > player.feed.s and tv.feed.rect.h > player.feed.rect.h
                assert not any(b.visible for b in (tv.b_log, tv.b_save, tv.b_help, tv.b_menu, tv.b_roll, tv.b_stand))
        finally:
            watcher.close()
            host.close()
