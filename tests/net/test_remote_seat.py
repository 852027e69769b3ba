"""A person playing a joined seat (issue 16): the remote session over a real host on loopback plays the
match the host's log records, hears every entry as an `Applied` with the state before it, refuses what
is not its seat's, and comes back after the connection dropped with the entries it missed."""
from __future__ import annotations

import random
from typing import Any, Callable

import pytest

from game.match import Match, PlayerSpec
from game.net.client import TableClient
from game.net.host import TableHost
from game.net.remote import RemoteAuthority, remote_of, remote_session
from tests.net.waiting import until
from game.session import INSTANT, Applied, Notice, Rewound, Session, session_for



def hosted(game: str, kinds: tuple[str, ...], seed: int = 3) -> tuple[Session, TableHost]:
    names = ["Ann", "Bo", "Cy", "Di"][: len(kinds)]
    kw: dict[str, Any] = {"track": "babybane"} if game == "racerbile" else {"games": 1}
    m = Match(game, [PlayerSpec(n, k) for n, k in zip(names, kinds)], seed=seed, **kw)
    s = session_for(m, pace=INSTANT)
    t = TableHost(s, host="127.0.0.1", port=0)
    s.on_tick.append(t.pump)
    return s, t


def remote(r: Session) -> RemoteAuthority:
    a = remote_of(r)
    assert a is not None
    return a


def join(t: TableHost, seat: str, host_tick: Callable[[], Any]) -> Session:
    c = TableClient(f"ws://127.0.0.1:{t.port}", t.code, seat=seat)
    until(lambda: c.mirror is not None and c.index is not None, c.pump, host_tick)
    return remote_session(c)


def test_a_person_at_a_joined_seat_plays_schock_to_the_end_and_the_table_records_what_the_host_records() -> None:
    s, t = hosted("schock", ("remote", "bot", "bot"))
    tick = lambda: s.tick(0.01)  # noqa: E731
    r = join(t, "Ann", tick)
    heard: list[Applied] = []
    r.listen(lambda ev: heard.append(ev) if isinstance(ev, Applied) else None)
    rng = random.Random(5)
    asked = -1
    try:
        def step() -> bool:
            nonlocal asked
            tick()
            r.tick(0.01)
            n = len(r.match.log.entries)
            if r.waiting_for() == (0,) and asked != n:  # our turn, and nothing asked at this length yet
                action = rng.choice(list(r.state.legal_actions()))
                assert r.request("Ann", action) is None
                asked = n
            return s.over() and len(r.match.log.entries) == len(s.match.log.entries)
        until(step, seconds=120)
        assert [e.to_dict() for e in r.match.log.entries] == [e.to_dict() for e in s.match.log.entries]
        assert any(e.seat == 0 for e in s.match.log.entries[1:])  # Ann acted, from afar
        # every entry was heard with the state before it
        assert len(heard) == len(s.match.log.entries) - 1
        for ev in heard:
            assert ev.index >= 1 and ev.entry is r.match.log.entries[ev.index]
        assert r.over()
    finally:
        r.close()
        t.close()


def test_a_joined_seat_acts_only_for_itself_and_undo_stays_with_the_host() -> None:
    s, t = hosted("schock", ("bot", "remote"))
    tick = lambda: s.tick(0.01)  # noqa: E731
    r = join(t, "Bo", tick)
    try:
        notes: list[str] = []
        r.listen(lambda ev: notes.append(ev.text) if isinstance(ev, Notice) else None)
        action = next(iter(r.state.legal_actions()))
        refused = r.request("Ann", action)
        assert refused is not None and "Bo" in str(refused)  # Ann is the host's bot: not ours to play
        assert r.undo() is not None
        n = len(s.match.log.entries)
        r.undo_to(1)
        assert len(s.match.log.entries) == n and notes  # told, nothing taken back
    finally:
        r.close()
        t.close()


def test_a_joined_seat_hears_the_hosts_undo_and_the_entries_after_it() -> None:
    s, t = hosted("racerbile", ("human", "remote"))
    tick = lambda: s.tick(0.01)  # noqa: E731
    r = join(t, "Bo", tick)
    rewound: list[int] = []
    r.listen(lambda ev: rewound.append(ev.length) if isinstance(ev, Rewound) else None)
    try:
        for _ in range(6):  # the people at the host and afar play a few decisions
            def someone_acts() -> bool:
                tick()
                r.tick(0.01)
                waiting = s.waiting_for()
                if not waiting:
                    return False
                seat = waiting[0]
                action = next(iter(s.state.legal_actions()))
                if seat == 1:
                    return r.request("Bo", action) is None
                return s.request(seat, action) is None
            until(someone_acts)
            until(lambda: len(r.match.log.entries) == len(s.match.log.entries), tick, lambda: r.tick(0.01))
        before = len(s.match.log.entries)
        s.undo_to(before - 2)
        until(lambda: [e.to_dict() for e in r.match.log.entries] == [e.to_dict() for e in s.match.log.entries], tick, lambda: r.tick(0.01))
        assert rewound and rewound[-1] <= before - 2
    finally:
        r.close()
        t.close()


def test_a_joined_seat_whose_connection_drops_comes_back_with_every_entry_it_missed() -> None:
    import asyncio

    s, t = hosted("katchen", ("bot", "bot", "remote"))
    r: Any = join(t, "Cy", t.pump)  # the host serves, and does not play yet
    try:
        ws = remote(r).client._ws
        assert ws is not None
        asyncio.run_coroutine_threadsafe(ws.close(), remote(r).client._loop).result(5)  # the laptop's Wi-Fi goes
        until(lambda: remote(r).gone is not None, lambda: r.tick(0.01))
        missed = len(r.match.log.entries)
        until(lambda: s.waiting_for() == (2,), lambda: s.tick(0.01))  # the bots play on meanwhile
        assert len(s.match.log.entries) > missed
        assert r.request("Cy", next(iter(r.state.legal_actions()))) is not None  # not while away
        until(lambda: remote(r).gone is None, lambda: s.tick(0.01), lambda: r.tick(0.01))  # back with the seat's token
        until(lambda: len(r.match.log.entries) == len(s.match.log.entries), lambda: s.tick(0.01), lambda: r.tick(0.01))
        assert [e.to_dict() for e in r.match.log.entries] == [e.to_dict() for e in s.match.log.entries]
        n = len(s.match.log.entries)
        assert r.waiting_for() == (2,)
        assert r.request("Cy", next(iter(r.state.legal_actions()))) is None
        until(lambda: len(s.match.log.entries) > n, lambda: s.tick(0.01), lambda: r.tick(0.01))
        assert s.match.log.entries[n].seat == 2  # Cy's action, from afar, after coming back
    finally:
        r.close()
        t.close()


def test_remote_timeout_a_bot_plays_an_away_seat_until_its_player_is_back() -> None:
    import asyncio

    from game.net.hosting import HostedTable

    m = Match("schock", [PlayerSpec("Ann", "remote"), PlayerSpec("Bo", "bot")], seed=4, games=1)
    s = session_for(m, pace=INSTANT)
    table = HostedTable(s, port=0, announce=False, remote_timeout=0.2)
    t = table.host
    try:
        r: Any = join(t, "Ann", t.pump)
        assert [x.state for x in table.seats()] == ["connected"]
        ws = remote(r).client._ws
        assert ws is not None
        asyncio.run_coroutine_threadsafe(ws.close(), remote(r).client._loop).result(5)  # Ann's laptop sleeps
        until(lambda: [x.state for x in table.seats()] == ["away"], lambda: s.tick(0.01))  # (Ann's laptop asleep: it does nothing)
        n = len(s.match.log.entries)
        until(lambda: any(e.seat == 0 for e in s.match.log.entries[n:]), lambda: s.tick(0.01))  # the stand-in plays Ann's turn
        assert [x.state for x in table.seats()] == ["stand_in"] and s.is_bot(0)
        assert any("Ann is away" in text for text in s.notices)
        until(lambda: remote(r).gone is None and not s.is_bot(0), lambda: s.tick(0.01), lambda: r.tick(0.01))  # back with the token
        assert [x.state for x in table.seats()] == ["connected"]
        assert any("Ann is back" in text for text in s.notices)
        until(lambda: len(r.match.log.entries) == len(s.match.log.entries), lambda: s.tick(0.01), lambda: r.tick(0.01))
        assert [e.to_dict() for e in r.match.log.entries] == [e.to_dict() for e in s.match.log.entries]
    finally:
        table.close()


def test_le_mans_across_laptops_the_judges_seat_decides_as_the_judges_only_and_a_team_seat_never_does() -> None:
    from game.rules.racerbile import SPEC

    teams = [PlayerSpec("Foxes", "remote", drivers=("Anna", "Bo", "Cy")), PlayerSpec("Owls", "careful", drivers=("Dana", "Eli", "Finn"))]
    m = Match("racerbile", teams, SPEC.make("le_mans"), seed=2, track="le_mans")
    s = session_for(m, pace=INSTANT)
    t = TableHost(s, host="127.0.0.1", port=0)
    url = f"ws://127.0.0.1:{t.port}"
    judges_c = TableClient(url, t.code, judge=True)
    until(lambda: judges_c.mirror is not None and judges_c.judge, judges_c.pump, t.pump)
    team = join(t, "Foxes", t.pump)
    judges = remote_session(judges_c)
    try:
        assert t.judges_connected() is True
        again = TableClient(url, t.code, judge=True)  # a second judges' table: refused, the seat is held
        until(lambda: again.refusals, again.pump, t.pump)
        assert "judges' seat is taken" in again.refusals[0]
        again.close()
        n = len(s.match.log.entries)
        decision = s.match.parse("judge sips Dana 2 'spilled on the track'")
        assert team.request("Foxes", decision) is None  # asked from the team's laptop: the host refuses it
        until(lambda: any("only the judges' seat" in r for r in t.refusals), t.pump, lambda: team.tick(0.01))
        assert len(s.match.log.entries) == n
        assert judges.request(0, decision) is None
        until(lambda: len(s.match.log.entries) == n + 1, t.pump, lambda: judges.tick(0.01))
        got = s.match.log.entries[n]
        assert got.action == str(decision)
        assert [(x.who, x.amount, x.rule) for x in got.rulings] == [("Dana", 2, "racerbile.lemans.judges")]
        # the judges' seat plays no team
        move = next(iter(judges.state.legal_actions()))
        assert judges.request(0, move) is not None
        until(lambda: len(team.match.log.entries) == len(judges.match.log.entries) == len(s.match.log.entries),
              t.pump, lambda: team.tick(0.01), lambda: judges.tick(0.01))
        assert [e.to_dict() for e in judges.match.log.entries] == [e.to_dict() for e in s.match.log.entries]
    finally:
        team.close()
        judges.close()
        t.close()


def test_a_joined_seat_is_the_games_own_session_ruled_from_afar() -> None:
    """issue 30: no class is made at run time – the joined laptop plays the game's own session class,
    ruled by a `RemoteAuthority` (the host's: its own `LocalAuthority`); what only the keeper of the
    log does is refused here with the reason."""
    s, t = hosted("schock", ("remote", "bot"))
    r = join(t, "Ann", lambda: s.tick(0.01))
    try:
        assert type(r) is type(s) and s.authority.local and not r.authority.local
        assert isinstance(r.authority, RemoteAuthority) and remote_of(s) is None
        assert r.live_table() is None  # (no live table: Bierpong has one)
        assert "the host keeps this table's log" in str(r.apply(next(iter(r.state.legal_actions()))))
        assert "Undo is the host's" in str(r.undo())
        with pytest.raises(ValueError, match="the host starts the next match"):
            r.next_match()
    finally:
        r.close()
        t.close()
