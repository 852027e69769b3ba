"""A headless host's server thread plays the match itself (`TableHost(drive_every=…)`, as
`serve_headless` hosts, issue 16): requests are ruled on as they arrive, the host's bots play in
its ticks, and nobody pumps it – on loopback, every wait bounded."""
from __future__ import annotations

import random
from typing import Iterator

import pytest

from game.match import Match, PlayerSpec
from game.net.client import Refused, TableClient
from game.net.host import TableHost
from game.session import INSTANT, session_for
from tests.net.waiting import WAIT, until


@pytest.fixture
def driven() -> Iterator[TableHost]:
    m = Match("schock", [PlayerSpec("Ann", "remote"), PlayerSpec("Bo", "remote"), PlayerSpec("Cy", "bot")], seed=4, games=1)
    host = TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0, drive_every=0.005)
    yield host
    host.close()


def join(host: TableHost, *, seat: str | None = None, watch: bool = False) -> TableClient:
    c = TableClient(f"ws://127.0.0.1:{host.port}", host.code, seat=seat, watch=watch)
    until(lambda: c.mirror is not None, c.pump)
    return c


def test_a_driven_host_plays_the_match_to_its_end_without_its_owner_pumping(driven: TableHost) -> None:
    """Two remote seats play their turns from afar, the host's bot its own in the host's ticks; a
    spectator's mirror ends with the host's log, and the owner's `wait` returns once it is over."""
    tv = join(driven, watch=True)
    players = [join(driven, seat="Ann"), join(driven, seat="Bo")]
    rng = random.Random(3)
    asked: dict[int, int] = {}  # player → the log's length when it last asked (one request per position)

    def play() -> None:
        for k, p in enumerate(players):
            p.pump()
            st = p.mirror.state if p.mirror is not None else None
            n = len(p.mirror.log.entries) if p.mirror is not None else 0
            if st is not None and not st.is_terminal() and st.current_player() == p.index and asked.get(k) != n:
                asked[k] = n
                p.request(rng.choice(list(st.legal_actions())))

    until(lambda: driven.session.over(), play, seconds=3 * WAIT)
    driven.wait(WAIT)  # returns at once: the match is over
    log = driven.session.match.log.entries
    until(lambda: tv.mirror is not None and tv.mirror.log.entries == log, tv.pump)
    assert {0, 1, 2} <= {e.seat for e in log}  # both remote seats acted, and the host's bot
    assert driven.session.over() and driven.refusals == []
    for c in (tv, *players):
        c.close()


def test_a_driven_host_refuses_a_wrong_code_and_a_spectators_action_and_logs_neither(driven: TableHost) -> None:
    wrong = TableClient(f"ws://127.0.0.1:{driven.port}", "ZZZZZZ", seat="Ann")
    got = until(lambda: [e for e in wrong.pump() if isinstance(e, Refused)])
    assert got[0].fatal and "wrong join code" in got[0].reason and wrong.mirror is None
    wrong.close()
    tv = join(driven, watch=True)
    before = len(driven.session.match.log.entries)
    tv.request("roll")
    got = until(lambda: [e for e in tv.pump() if isinstance(e, Refused)])
    assert "a spectator acts for nobody" in got[0].reason
    assert len(driven.session.match.log.entries) == before
    tv.close()


def test_what_breaks_a_driven_host_reaches_its_owner(driven: TableHost) -> None:
    """A fault in the host's own ticks (here a hook of the session's that raises) is not swallowed
    by the server's thread: the owner's `wait` raises it, and the table still closes."""

    def broken() -> None:
        raise ZeroDivisionError("a hook of the host's that fails")

    driven.session.on_tick.append(broken)
    with pytest.raises(RuntimeError, match="the table's host failed: ZeroDivisionError"):
        driven.wait(WAIT)


def test_drive_every_refuses_nonsense() -> None:
    m = Match("schock", [PlayerSpec("Ann", "remote"), PlayerSpec("Bo", "bot")], seed=1)
    for bad in (0.0, -1.0, float("nan"), 5.0):
        with pytest.raises(ValueError, match="drive_every"):
            TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0, drive_every=bad)


def test_remote_timeout_at_a_driven_host_a_bot_plays_an_away_seat_until_its_token_brings_it_back() -> None:
    m = Match("schock", [PlayerSpec("Ann", "remote"), PlayerSpec("Bo", "bot")], seed=4, games=1)
    s = session_for(m, pace=INSTANT)
    host = TableHost(s, host="127.0.0.1", port=0, remote_timeout=0.2, drive_every=0.005)
    try:
        ann = join(host, seat="Ann")
        token = ann.token
        ann.close()  # Ann's laptop sleeps
        until(lambda: 0 in host.away)
        n = len(s.match.log.entries)
        until(lambda: any(e.seat == 0 for e in s.match.log.entries[n:]))  # the stand-in plays Ann's turns
        assert 0 in host.stand_ins and any("Ann is away" in text for text in s.notices)
        back = TableClient(f"ws://127.0.0.1:{host.port}", host.code, token=token)
        until(lambda: back.mirror is not None and 0 not in host.stand_ins, back.pump)
        assert back.index == 0 and any("Ann is back" in text for text in s.notices) and not s.is_bot(0)
        until(lambda: back.mirror is not None and back.mirror.log.entries == s.match.log.entries, back.pump)
        back.close()
    finally:
        host.close()


def test_join_bot_refuses_a_seat_at_a_live_table_and_says_why() -> None:
    """`join --bot` (`play_remote_bot`) at Bierpong: the session says it has a live table (no game's
    name compared), and a bot afar would have to throw real balls – refused, 2, with the reason."""
    import io

    from game.net.play import play_remote_bot
    from game.rules import bierpong as BP

    m = Match("bierpong", [PlayerSpec("Foxes", "remote", drivers=("Ann",)), PlayerSpec("Owls", "bot", drivers=("Cem",))], BP.SPEC.make())
    host = TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0, drive_every=0.005)
    err = io.StringIO()
    try:
        assert play_remote_bot(f"ws://127.0.0.1:{host.port}", host.code, "Foxes", "bot", err=err, timeout=WAIT) == 2
        assert "live table (Bierpong)" in err.getvalue() and "play it in a window" in err.getvalue()
    finally:
        host.close()
