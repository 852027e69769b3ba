"""The command line's network play (issue 16): a headless host, a bot seated from afar, a spectator
that prints the entries. Each loop is bounded by the match (or a timeout) and never busy-waits
on the network: the connection lives on its own thread (`TableHost`, `TableClient`)."""
from __future__ import annotations

import sys
import time
from typing import IO

from game.match import Match
from game.net.client import Gone, Refused, TableClient
from game.net.host import TableHost, address_of
from game.session import INSTANT, session_for

FRAME = 0.005  # seconds a loop sleeps between two pumps


def serve_headless(match: Match, *, host: str = "0.0.0.0", port: int = 0, out: IO[str] | None = None,
                   timeout: float = 24 * 3600.0, announce: bool = True) -> int:
    """Serve `match` until it is over: its bots play at the host, its remote seats from afar. Prints
    `table ws://ADDRESS:PORT code CODE` once it is ready, and announces the table on the network
    (`game.net.discovery`; on that address alone when bound to one); 0 when the match ended."""
    out = out or sys.stdout
    session = session_for(match, pace=INSTANT)
    table = TableHost(session, host=host, port=port)
    url = address_of(table)
    print(f"table {url} code {table.code}", file=out, flush=True)
    shown = None
    if announce:
        from game.net.discovery import Announcement

        ip = url.removeprefix("ws://").rsplit(":", 1)[0]
        try:
            shown = Announcement(f"{match.info.title} table", ip, table.port, match.info.name, [p.name for p in match.players],
                                 interfaces=None if host in ("0.0.0.0", "") else [host])
        except Exception as e:  # no multicast here (a locked-down network): the address is printed all the same
            print(f"the table is not announced on the network ({type(e).__name__}: {e})", file=sys.stderr)
    end = time.monotonic() + timeout
    try:
        while not session.over() and time.monotonic() < end:
            table.pump()
            session.tick(FRAME)
            table.pump()
            time.sleep(FRAME)
    finally:
        table.close("the match is over" if session.over() else "the host stopped")
        if shown is not None:
            shown.close()
    return 0 if session.over() else 1


def play_remote_bot(url: str, code: str, seat: str, kind: str, *, err: IO[str] | None = None, timeout: float = 24 * 3600.0) -> int:
    """Seat the game's bot of `kind` at `seat` of the table at `url`; 0 when the match is over,
    2 when the host refuses us (a wrong code, no such seat)."""
    err = err or sys.stderr
    try:
        client = TableClient(url, code, seat=seat)
    except OSError as e:
        print(f"{url}: {e}", file=err)
        return 2
    local = None
    bot = None
    asked = 0.0  # when we last asked (0: not waiting for an answer)
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            for ev in client.pump():
                if isinstance(ev, Refused):
                    if ev.fatal:
                        print(f"{url}: {ev.reason}", file=err)
                        return 2
                    asked = 0.0 if time.monotonic() - asked > 0.05 else asked  # asked too early (a pause): ask again soon
                elif isinstance(ev, Gone):
                    return 0 if client.mirror is not None and client.mirror.state.is_terminal() else 1
                elif isinstance(ev, list) and ev:
                    asked = 0.0
            m = client.mirror
            if m is not None and m.state.is_terminal():
                return 0
            if m is not None and client.index is not None:
                if local is None:
                    local = session_for(m, pace=INSTANT)
                    bot = local.make_bot(client.index, kind)
                st = m.state
                if not asked and st.current_player() == client.index and bot is not None and local is not None:
                    client.request(bot.decide(st, local.seat_rng(client.index)))
                    asked = time.monotonic()
            time.sleep(FRAME)
        print(f"{url}: the match did not end within {timeout:g} s", file=err)
        return 1
    finally:
        client.close()


def watch(url: str, code: str, *, out: IO[str] | None = None, err: IO[str] | None = None, timeout: float = 24 * 3600.0) -> int:
    """Follow the table at `url` as a spectator, printing every entry as it comes (`N. ACTION – rulings`)."""
    out, err = out or sys.stdout, err or sys.stderr
    try:
        client = TableClient(url, code, watch=True)
    except OSError as failed:
        print(f"{url}: {failed}", file=err)
        return 2
    shown = 0
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            for ev in client.pump():
                if isinstance(ev, Refused) and ev.fatal:
                    print(f"{url}: {ev.reason}", file=err)
                    return 2
                if isinstance(ev, Gone):
                    return 0 if client.over else 1
            m = client.mirror
            if m is not None:
                for i, e in enumerate(m.log.entries[shown:], start=shown):
                    rulings = "; ".join(str(r) for r in e.rulings)
                    print(f"{i}. {e.action}" + (f" – {rulings}" if rulings else ""), file=out, flush=True)
                shown = len(m.log.entries)
                if m.state.is_terminal():
                    return 0
            time.sleep(FRAME)
        return 1
    finally:
        client.close()
