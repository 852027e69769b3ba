"""A hosted real table (issue 32, docs/real-table.md) across laptops, on loopback, every wait bounded:
the seat whose throw it is enters what its real dice show from its own laptop (the `act` message,
the faces as typed); anybody else's entry is refused with a reason and nothing is logged; at a
simulated table the host's table throws and no laptop enters; `host GAME --table` starts a real table."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from game.dice.actions import Dice
from game.match import Match, PlayerSpec
from game.net.client import Refused, TableClient
from game.net.host import TableHost
from game.session import INSTANT, session_for
from tests.net.waiting import WAIT, until

ROOT = Path(__file__).resolve().parent.parent.parent


def hosted(real: bool) -> TableHost:
    m = Match("schock", [PlayerSpec("Ann", "remote"), PlayerSpec("Bo", "remote")], seed=4, games=1, real_table=real)
    return TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0, drive_every=0.005)


@pytest.fixture
def real() -> Iterator[TableHost]:
    host = hosted(True)
    yield host
    host.close()


@pytest.fixture
def simulated() -> Iterator[TableHost]:
    host = hosted(False)
    yield host
    host.close()


def seats(host: TableHost) -> dict[str, TableClient]:
    out = {name: TableClient(f"ws://127.0.0.1:{host.port}", host.code, seat=name) for name in ("Ann", "Bo")}
    for c in out.values():
        until(lambda: c.mirror is not None, c.pump)
    return out


def refused(c: TableClient) -> Refused:
    return until(lambda: next((e for e in c.pump() if isinstance(e, Refused)), None))


def roll_first(host: TableHost, clients: dict[str, TableClient]) -> tuple[str, str]:
    """The seat on turn rolls (the first roll of a turn: nothing to keep); the table then waits for its
    faces. The names of the thrower and the other seat."""
    s = host.session
    thrower = s.match.players[s.to_act()].name
    other = next(n for n in clients if n != thrower)
    clients[thrower].request("roll")
    until(lambda: s.entering(), clients[thrower].pump)
    assert s.enterers() == (s.seat_index(thrower),)
    n = len(s.match.log.entries)  # both laptops have seen the roll (an entry made before it is refused as stale)
    for c in clients.values():
        until(lambda: c.mirror is not None and len(c.mirror.log.entries) == n, c.pump)
    return thrower, other


def test_schock_rolls_the_remote_seat_on_turn_enters_its_real_dice_and_the_host_logs_them_in_its_name(real: TableHost) -> None:
    """schock.rolls at a real table: the thrower's laptop sends the faces as typed (`6 5 2`); the host
    logs the roll as entered by that seat, as `Session.enter` would at the host's own keyboard."""
    clients = seats(real)
    thrower, _ = roll_first(real, clients)
    log = real.session.match.log.entries
    before = len(log)
    clients[thrower].request("6 5 2")
    until(lambda: len(real.session.match.log.entries) > before, clients[thrower].pump)
    entry = real.session.match.log.entries[before]
    assert entry.action == str(Dice((6, 5, 2))) and (entry.detail or {}).get("entered") == thrower
    assert real.refusals == []
    for c in clients.values():
        c.close()


def test_schock_rolls_another_seats_entry_and_an_impossible_throw_are_refused_with_a_reason_and_nothing_logged(real: TableHost) -> None:
    """Only the thrower enters his throw; a fourth die (schock.rolls: three dice) is refused by the
    rule's own reason – neither reaches the log."""
    clients = seats(real)
    thrower, other = roll_first(real, clients)
    before = len(real.session.match.log.entries)
    clients[other].request("6 5 2")
    got = refused(clients[other])
    assert f"it is {thrower}'s throw" in got.reason and not got.fatal
    clients[thrower].request("6 5 2 1")
    got = refused(clients[thrower])
    assert "3 dice were rolled" in got.reason and not got.fatal
    clients[other].request("dice 652")  # the notation, from the wrong seat
    assert f"it is {thrower}'s throw" in refused(clients[other]).reason
    assert len(real.session.match.log.entries) == before and real.session.entering()
    for c in clients.values():
        c.close()


def test_a_switch_of_the_table_from_afar_is_refused_the_host_switches(real: TableHost) -> None:
    """game.rules.realtable: the whole table's way is switched at the host's screen, not from one laptop."""
    clients = seats(real)
    before = len(real.session.match.log.entries)
    clients["Ann"].request("simulated table by Ann")
    assert "host" in refused(clients["Ann"]).reason
    assert len(real.session.match.log.entries) == before and real.session.real_table()
    for c in clients.values():
        c.close()


def test_at_a_simulated_table_no_laptop_enters_dice(simulated: TableHost) -> None:
    """The host's table draws the dice: the faces or the dice's notation from the seat on turn are refused."""
    clients = seats(simulated)
    s = simulated.session
    on_turn = s.match.players[s.to_act()].name
    before = len(s.match.log.entries)
    clients[on_turn].request("6 5 2")
    assert "no action of this game" in refused(clients[on_turn]).reason
    clients[on_turn].request("dice 652")
    assert "the host's table makes that" in refused(clients[on_turn]).reason
    assert len(s.match.log.entries) == before
    for c in clients.values():
        c.close()


def test_host_schock_table_headless_starts_a_real_table_match() -> None:
    """`host schock --table --headless`: a spectator's mirror reads a real table from the log's header."""
    host = subprocess.Popen([sys.executable, "main.py", "host", "schock", "--table", "--headless", "--bind", "127.0.0.1", "--port", "0",
                             "--players", "Ann:remote,Bo:remote", "--timeout", "60", "--no-announce"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert host.stdout is not None
        line = host.stdout.readline().split()
        assert len(line) == 4 and line[0] == "table", host.stderr.read() if host.poll() is not None and host.stderr else line
        tv = TableClient(line[1], line[3], watch=True)
        until(lambda: tv.mirror is not None, tv.pump, seconds=WAIT)
        assert tv.mirror is not None and tv.mirror.real_table
        assert tv.mirror.log.settings.get("real_table") is True
        tv.close()
    finally:
        host.kill()
        host.wait(WAIT)


def test_schock_rolls_an_attackers_entries_from_a_phone_are_refused_with_a_reason_and_the_table_plays_on(real: TableHost) -> None:
    """What the thrower's seat may send (schock.rolls) is still checked as text: from a browser's raw
    socket, a lone surrogate (text no encoder takes), a face of 0, a flood of faces near the size
    limit – each refused with a reason, nothing logged, the host alive; the faces as thrown then go in."""
    import json

    from websockets.sync.client import connect

    clients = seats(real)
    thrower, _ = roll_first(real, clients)
    clients[thrower].close()  # (the phone takes the seat back with its token)
    log = real.session.match.log.entries
    before = len(log)
    with connect(f"ws://127.0.0.1:{real.port}", open_timeout=WAIT, max_size=None) as ws:
        token = real.tokens[real.session.seat_index(thrower)]
        ws.send(json.dumps({"type": "hello", "v": 1, "code": real.code, "web": True, "lang": "de", "seat": thrower, "token": token}))
        for bad in ("\ud800 6 5 2", "0 5 2", " ".join(["6"] * 20000)):
            ws.send(json.dumps({"type": "act", "v": 1, "at": before, "action": bad}))  # (ASCII JSON: the surrogate as \\ud800)
            for _ in range(50):
                msg = json.loads(ws.recv(timeout=WAIT))
                if msg["type"] == "refused":
                    break
            else:
                raise AssertionError(f"{bad[:12]!r} was not refused")
            assert msg["reason"] and not msg["fatal"] and len(log) == before and real.session.entering()
        ws.send(json.dumps({"type": "act", "v": 1, "at": before, "action": "6 5 2"}))
        until(lambda: len(real.session.match.log.entries) > before)
    assert log[before].action == str(Dice((6, 5, 2))) and (log[before].detail or {}).get("entered") == thrower


def test_schock_rolls_a_laptops_entry_with_text_no_encoder_takes_is_sent_and_refused_not_a_dropped_connection(real: TableHost) -> None:
    """A laptop's own request holding a lone surrogate is sent in escapes (`protocol.encode`) and refused
    by the host with a reason (schock.rolls); the connection stays up and the faces then go in."""
    clients = seats(real)
    thrower, _ = roll_first(real, clients)
    log = real.session.match.log.entries
    before = len(log)
    clients[thrower].request("\ud800 6 5 2")
    assert refused(clients[thrower]).reason and len(log) == before
    clients[thrower].request("6 5 2")
    until(lambda: len(real.session.match.log.entries) > before, clients[thrower].pump)
    assert log[before].action == str(Dice((6, 5, 2)))

