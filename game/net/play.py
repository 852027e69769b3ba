"""The command line's network play: a headless host, a bot seated from afar, a spectator
that prints the entries. Each loop is bounded by the match (or a timeout) and never busy-waits
on the network: the connection lives on its own thread (`TableHost`, `TableClient`)."""
from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path
from typing import IO

from game.errors import InputError
from game.store.fileio import MB, atomic_write, load_json, read_text

from game.match import Match
from game.net.client import Gone, Refused, TableClient
from game.net.host import TableHost, address_of
from game.session import INSTANT, Pace, session_for
from game.store.matchfile import attach_journal

FRAME = 0.005  # seconds a loop sleeps between two pumps
TABLE_FORMAT = "stammtisch-table/1"
RECONNECT = 30.0  # seconds a seated bot tries to come back after its connection dropped


def table_file(journal: str | Path) -> Path:
    """Beside a hosted match's journal: its join code and the seats' tokens, for a restarted host."""
    p = Path(journal)
    return p.with_name(p.name + ".table.json")


def _keep_table(path: Path, table: TableHost) -> None:
    data = json.dumps({"format": TABLE_FORMAT, "code": table.code, "tokens": {str(k): v for k, v in table.tokens.items()}})
    atomic_write(path, data + "\n")
    os.chmod(path, 0o600)  # the tokens are the seats' secrets


def _kept_table(path: Path) -> tuple[str | None, dict[int, str]]:
    """The code and tokens a crashed host kept (none: a table of its own)."""
    try:
        if not path.exists():
            return None, {}
        d = load_json(read_text(path, MB), str(path))  # a regular file of a bounded size (never a FIFO)
        if d.get("format") == TABLE_FORMAT and isinstance(d.get("code"), str) and isinstance(d.get("tokens"), dict):
            return d["code"], {int(k): str(v) for k, v in d["tokens"].items()}
    except (InputError, OSError, ValueError, TypeError, AttributeError):
        pass
    return None, {}


def serve_headless(match: Match, *, host: str = "0.0.0.0", port: int = 0, out: IO[str] | None = None,
                   timeout: float = 24 * 3600.0, announce: bool = True, journal: str | Path | None = None,
                   remote_timeout: float | None = None) -> int:
    """Serve `match` until it is over: its bots play at the host, its remote seats from afar. Prints
    `table ws://ADDRESS:PORT code CODE` once it is ready (and on the next line the page's address a
    phone opens, `phones open http://ADDRESS:PORT/#CODE`), and announces the table on the network
    (`game.net.discovery`; on that address alone when bound to one); 0 when the match ended.
    With `journal` every entry is on disk before it counts (`game.store.matchfile.attach_journal`), and the code and
    the seats' tokens beside it (`table_file`): a host killed and started again on that journal
    serves the same match, and its clients come back with their tokens. `remote_timeout`: seconds an
    away seat waits before a bot plays it until its player is back (`TableHost`)."""
    out = out or sys.stdout
    # no waiting for bots; but a Le Mans event's clock and a Bierpong table run in real time (an
    # instant pace stops the clock, and plays a ball to rest before anybody afar could see it fly)
    session = session_for(match, pace=INSTANT)
    if getattr(match.state, "lemans", None) or session.live_table() is not None:
        session = session_for(match, pace=Pace(0.0, 0.0, True))
    code, tokens = _kept_table(table_file(journal)) if journal is not None else (None, {})
    if journal is not None:
        attach_journal(match, journal)  # continues the journal the match was loaded from
    # no window to draw: the server's thread plays the match, each request ruled on as it arrives
    table = TableHost(session, host=host, port=port, code=code, tokens=tokens, remote_timeout=remote_timeout,
                      drive_every=FRAME)
    if journal is not None:
        kept = [dict(table.tokens)]
        _keep_table(table_file(journal), table)

        def keep_tokens() -> None:  # (on the server's thread, in each tick: where the tokens change)
            if table.tokens != kept[0]:
                kept[0] = dict(table.tokens)
                _keep_table(table_file(journal), table)

        session.on_tick.append(keep_tokens)
    url = address_of(table)
    print(f"table {url} code {table.code}", file=out, flush=True)
    from game.net.web_files import join_url

    print(f"phones open {join_url(url, table.code)}", file=out, flush=True)  # the host's own terminal: never a log
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
            table.wait(min(1.0, max(0.0, end - time.monotonic())))  # until the match is over (or the host breaks)
    finally:
        table.close("the match is over" if session.over() else "the host stopped")
        if shown is not None:
            shown.close()
        if journal is not None:
            match.close_journal()
            if session.over():
                table_file(journal).unlink(missing_ok=True)
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
    bot = None
    rng: random.Random | None = None  # the bot's own draws: they go on across a reconnect
    waiting = False  # asked, and no answer yet
    retry = 0.0  # after a refusal: not before then
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            for ev in client.pump():
                if isinstance(ev, Refused):
                    if ev.fatal:
                        print(f"{url}: {ev.reason}", file=err)
                        return 2
                    waiting, retry = False, time.monotonic() + 0.05  # asked too early (the table still busy): again, a little later
                elif isinstance(ev, Gone):
                    if client.mirror is not None and client.mirror.state.is_terminal():
                        return 0
                    back = _come_back(url, code, client.token, err)  # the host dropped (or restarts): the seat's token
                    if back is None:
                        return 1
                    client.close()
                    client, waiting = back, False
                    break
                elif isinstance(ev, list) and ev:
                    waiting = False
            m = client.mirror
            if m is not None and m.state.is_terminal():
                return 0
            if m is not None and client.index is not None:
                if bot is None or rng is None:  # the game's bot, as the host's own session would seat it
                    local = session_for(m, pace=INSTANT)
                    if local.live_table() is not None:
                        print(f"{url}: a seat at a live table (Bierpong) throws real balls from afar: play it in a window (join without --bot)",
                              file=err)
                        return 2
                    bot, rng = local.make_bot(client.index, kind), local.seat_rng(client.index)
                st = m.state
                if not waiting and st.current_player() == client.index and time.monotonic() >= retry:
                    client.request(bot.decide(st, rng))
                    waiting = True
            time.sleep(FRAME)
        print(f"{url}: the match did not end within {timeout:g} s", file=err)
        return 1
    finally:
        client.close()


def _come_back(url: str, code: str, token: str | None, err: IO[str]) -> TableClient | None:
    """Connect again with the seat's token, for up to `RECONNECT` seconds (None: the table is gone)."""
    if token is None:
        return None
    end = time.monotonic() + RECONNECT
    while time.monotonic() < end:
        try:
            c = TableClient(url, code, token=token, timeout=2.0)
        except OSError:
            time.sleep(0.2)
            continue
        if c.gone is None:
            return c
        c.close()
        time.sleep(0.2)
    print(f"{url}: the table did not come back within {RECONNECT:g} s", file=err)
    return None


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
            gone = False
            for ev in client.pump():
                if isinstance(ev, Refused) and ev.fatal:
                    print(f"{url}: {ev.reason}", file=err)
                    return 2
                gone = gone or isinstance(ev, Gone)
            m = client.mirror
            if m is not None:  # what came with the goodbye is shown too
                for i, e in enumerate(m.log.entries[shown:], start=shown):
                    rulings = "; ".join(str(r) for r in e.rulings)
                    print(f"{i}. {e.action}" + (f" – {rulings}" if rulings else ""), file=out, flush=True)
                shown = len(m.log.entries)
                if m.state.is_terminal():
                    return 0
            if gone:
                return 1
            time.sleep(FRAME)
        return 1
    finally:
        client.close()
