"""Bierpong across laptops (issue 16), on loopback: a team's laptop sends the launch, the host's live
table throws it and rules it, every laptop draws the balls the host sends (they do not simulate) – both
balls of a pair throw at once included (bierpong.art4) – and ends with the host's log."""
from __future__ import annotations

from typing import Any, cast

from game.bierpong.actions import Together, parse_action
from game.match import Match, PlayerSpec
from game.net.client import TableClient
from game.net.host import TableHost
from game.net.mirror_table import MirrorTable
from game.net.remote import remote_session
from game.rules import bierpong as R
from game.session.pong import PongSession, Release
from tests.bierpong_helpers import play
from tests.net.waiting import until
from tests.bierpong_physics_helpers import RELEASE, rack_now, shot
from tests.session.pong_helpers import REAL, STEP



def aim(s: Any, player: str, want: str, *, release: tuple[float, float, float] = RELEASE) -> Any:
    st = s.state
    return shot(rack_now(st, player), want, None, among=st.targets(), release=release).throw


def two_laptops() -> tuple[Match, PongSession, TableHost, Any, Any]:
    """A Bierpong table hosted on loopback after the throw-off, the Foxes and the Owls each joined
    from a laptop of their own: the match, the host's session and table, the two remote sessions."""
    m = Match("bierpong", [PlayerSpec("Foxes", "remote", drivers=("Ann", "Ben")), PlayerSpec("Owls", "remote", drivers=("Cem", "Dana"))],
              R.SPEC.make())
    play(m, "throw-off Ann hit 1, Cem miss", "Foxes begin")
    host = PongSession(m, pace=REAL)
    t = TableHost(host, host="127.0.0.1", port=0)
    host.on_tick.append(t.pump)
    clients = [TableClient(f"ws://127.0.0.1:{t.port}", t.code, seat=name) for name in ("Foxes", "Owls")]
    until(lambda: all(c.mirror is not None and c.index is not None for c in clients), t.pump, *[c.pump for c in clients])
    foxes, owls = (cast(Any, remote_session(c)) for c in clients)
    return m, host, t, foxes, owls


def test_bierpong_pair_throw_across_laptops_the_host_throws_both_balls_and_every_laptop_draws_them() -> None:
    """bierpong.art4 from afar: Ann's ball and Ben's while it flies, sent from the Foxes' laptop, are one
    `Together` at the host; the Owls' laptop saw both balls in play at once and has the host's log."""
    m, host, t, foxes, owls = two_laptops()
    both_seen = False

    def frame() -> None:
        nonlocal both_seen
        host.tick(STEP)
        foxes.tick(STEP)
        owls.tick(STEP)
        both_seen = both_seen or len(owls.table.flights) == 2

    try:
        assert isinstance(foxes.table, MirrorTable) and foxes.waiting_for() == (0,)
        n = len(m.log.entries)
        assert foxes.request("Ann", Release(aim(foxes, "Ann", "hit"), "Ann")) is None
        until(lambda: owls.table.busy and foxes.pairing() is not None, frame)  # the Owls' laptop draws Ann's ball
        assert foxes.waiting_for() == (0,), "the partner may still join the first ball"
        assert foxes.request("Ben", Release(aim(foxes, "Ben", "miss", release=(RELEASE[0], -0.08, RELEASE[2])), "Ben")) is None
        until(lambda: len(m.log.entries) > n and not host.table.busy, frame)
        a = parse_action(m.log.entries[n].action)
        assert isinstance(a, Together) and (a.first.player, a.second.player) == ("Ann", "Ben"), (t.refusals, [e.action for e in m.log.entries[n:]])
        assert both_seen, "the Owls' laptop never drew both balls at once"
        until(lambda: all(len(x.match.log.entries) == len(m.log.entries) for x in (foxes, owls)) and not owls.table.busy, frame)
        for x in (foxes, owls):
            assert [e.to_dict() for e in x.match.log.entries] == [e.to_dict() for e in m.log.entries]
        # a throw for the other team, or out of turn, never reaches the host's log
        refused = owls.request("Cem", Release(aim(owls, "Cem", "hit"), "Cem"))
        assert refused is not None
    finally:
        for x in (foxes, owls):
            x.close()
        t.close()


def test_a_launch_with_nonsense_numbers_is_refused_and_the_table_plays_on() -> None:
    from websockets.sync.client import connect

    m = Match("bierpong", [PlayerSpec("Foxes", "remote", drivers=("Ann",)), PlayerSpec("Owls", "bot", drivers=("Cem",))], R.SPEC.make())
    play(m, "throw-off Ann hit 1, Cem miss", "Foxes begin")
    host = PongSession(m, pace=REAL)
    t = TableHost(host, host="127.0.0.1", port=0)
    host.on_tick.append(t.pump)
    c = TableClient(f"ws://127.0.0.1:{t.port}", t.code, seat="Foxes")
    until(lambda: c.mirror is not None and c.index is not None, t.pump, c.pump)
    try:
        n = len(m.log.entries)
        import json

        for bad in ({"release": [0, 0, float("nan")], "velocity": [1, 0, 1]}, {"release": [0, 0, 0.3], "velocity": [1e9, 0, 1]},
                    {"release": [0, 0], "velocity": [1, 0, 1]}, {"release": [0, 0, 0.3], "velocity": [1, 0, 1], "spin": [True, 0, 0]}):
            c._send(json.dumps({"type": "launch", "v": 1, "player": "Ann", "at": c.position, **bad}))
        c._send(json.dumps({"type": "launch", "v": 1, "player": "Cem", "release": list(RELEASE), "velocity": [2.0, 0.0, 2.0], "at": c.position}))
        until(lambda: len(c.refusals) >= 5, lambda: host.tick(STEP), c.pump)
        assert any("finite" in r for r in c.refusals) and any("you act for Foxes only" in r for r in c.refusals)  # (game.net.authority)
        assert len(m.log.entries) == n and not host.table.busy
        del connect
    finally:
        c.close()
        t.close()


def test_the_tables_events_reach_the_joined_laptop_for_its_labels_splashes_and_swats() -> None:
    """The host sends each of its table's events once, with the balls: the Owls' laptop hears the
    sink (its splash and label) and the bounce (the swat's ring) as the host's scene would."""
    from physics.events import Sink

    from game.net.mirror_table import decode_event, encode_event

    m, host, t, foxes, owls = two_laptops()
    heard: list[Any] = []
    try:
        n = len(m.log.entries)
        assert foxes.request("Ann", Release(aim(foxes, "Ann", "hit"), "Ann")) is None

        def frame() -> None:
            host.tick(STEP)
            foxes.tick(STEP)
            owls.tick(STEP)
            heard.extend(owls.drain_table_events())
        until(lambda: len(owls.match.log.entries) > n and not owls.table.busy, frame)
        at_host = [e for _n, e in host.recent_events]
        assert heard == at_host, "every event once, in order"
        assert any(isinstance(e, Sink) for e in heard)
        for e in at_host:  # the wire format round-trips
            assert decode_event(encode_event(e)) == e
        assert decode_event({"event": "Sink", "t": float("nan"), "cup": 1, "ball": 1}) is None
        assert decode_event({"event": "Explode", "t": 0.0}) is None
    finally:
        for x in (foxes, owls):
            x.close()
        t.close()


def test_a_joined_laptop_of_the_owls_watches_the_foxes_throw_from_its_own_end_its_rack_near(app: Any) -> None:
    """issue 29: a joined team sits at the "you" place – the Owls' laptop keeps its eye at the Owls'
    end while the Foxes throw (the Owls' rack near, whole and at the bottom, the Foxes' far and not
    ghosted, the ball coming towards the eye), and moves smoothly, without a cut, to the thrower's view
    when the Owls throw; the Foxes' laptop throws from its own end as at one keyboard."""
    from game.ui.pong.bierpong_match import BierpongMatchScene
    from game.ui.pong.camera import thrower
    from physics.constants import CONST

    m, host, t, foxes, owls = two_laptops()
    sc: Any = BierpongMatchScene(app, owls.match, session=owls, autosave=False)
    at_foxes: Any = BierpongMatchScene(app, foxes.match, session=foxes, autosave=False)
    app.push(sc)
    depths: list[float] = []
    splashed = {True: False, False: False}  # (in the rack near the Owls' eye)

    def frame() -> None:
        host.tick(STEP)
        foxes.tick(STEP)
        sc.update(STEP)
        at_foxes.update(STEP)
        fr = sc.frame()
        for b in fr.balls:
            if b.in_flight and (p := sc.camera().project((b.x, b.y, b.z))) is not None:
                depths.append(p.depth)
        for c in fr.cups:  # the sink's splash: in the Owls' cup only, not in the Foxes' cup of that number
            splashed[c.x > CONST.table_length / 2] |= c.splash >= 0

    try:
        assert sc.view_team() == 1 and at_foxes.view_team() == 0
        assert foxes.request("Ann", Release(aim(foxes, "Ann", "hit"), "Ann")) is None
        until(lambda: owls.table.busy and len(depths) > 20, frame)
        assert owls.state.throwing_team() == 0 and sc.turned() and not at_foxes.turned()
        cam, vp = sc.camera(), sc.viewport()
        assert cam.eye[0] > CONST.table_length  # beyond the Owls' rack, the far end of the Foxes' world
        assert at_foxes.camera().eye[0] < 0  # the Foxes' laptop: behind the thrower, as before
        cups = sc.frame().cups
        near = [c for c in cups if c.x > CONST.table_length / 2]  # the rack thrown at: the Owls'
        far = [c for c in cups if c.x < CONST.table_length / 2]
        assert len(near) == len(far) == 10 and not any(c.dim for c in cups)
        at = {id(c): cam.project((c.x, c.y, 0.0)) for c in cups}
        assert all((p := at[id(c)]) is not None and vp.collidepoint(p.x, p.y) for c in near), "the whole own rack in the picture"
        assert min(at[id(c)].y for c in near) > max(at[id(c)].y for c in far) + vp.h * 0.2  # the own rack at the bottom
        assert any(c.dim for c in at_foxes.frame().cups)  # the thrower's own rack ghosted at its near end
        assert depths[-1] < depths[0] - 0.3, "the Foxes' ball comes towards the Owls' eye"
        sc.draw(app.screen)
        until(lambda: splashed[True], frame)  # Ann hit: the Owls' cup splashes
        assert not splashed[False]
        # the Owls throw next: the same end of the room, the eye moving to the thrower's view
        sc.move_camera(STEP, 1)
        assert not sc.turned() and sc._fade == 0.0
        moved = sc.camera()
        assert moved.eye[0] < 0 and moved != thrower(CONST.table_length).on(moved.screen)
        for _ in range(120):
            sc.move_camera(STEP, 1)
        assert sc.camera() == thrower(CONST.table_length).on(moved.screen)
    finally:
        for x in (foxes, owls):
            x.close()
        t.close()


def test_the_live_table_is_a_declared_capability_at_the_host_and_at_each_laptop() -> None:
    """issue 30: Bierpong's session says it has a live table (`Session.live_table`); a joined laptop's
    is the same class, drawing the host's balls (`MirrorTable`) – no class made at run time."""
    m, host, t, foxes, owls = two_laptops()
    try:
        assert host.live_table() is host and type(foxes) is type(owls) is PongSession
        assert foxes.live_table() is foxes and isinstance(foxes.table, MirrorTable) and not foxes.authority.local
    finally:
        for x in (foxes, owls):
            x.close()
        t.close()
