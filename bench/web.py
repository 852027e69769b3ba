"""Phones at a table (issue 31): an action from a browser until every other browser has the table's
new view, and the table's page loaded in a real browser.

- `web_action_ms`: a Schock table hosted as `serve_headless` hosts it (`TableHost`, the server's
  thread plays the session) with eight remote seats and twenty spectators, every one of them a
  browser's connection – a real WebSocket on loopback whose hello says `web: true` and a language
  (English, German and Danish in turn, as at a mixed table: the host makes a view per seat and
  language). From a quiet table (the host waits for a player, every connection has the view of the
  whole log) the phone on turn sends one of the actions its view lights as an `act`, timed until the
  last other connection has the view that shows the new entry. Median of `ACTIONS` actions. The
  browsers are read as `bench.lan` reads the laptops (`bench.lan_far`: a process of their own, the
  library's Sans-I/O client over one `selectors` loop, the kernel's arrival stamps), a view looked at
  only as far as its log position (a phone parses its own; 27 parses one after another would time
  this machine, not the host).
- `baseline_web_echo_ms`: the bare `websockets` echo round trip of `bench.lan` (`_Echo`),
  `ECHO_EACH` of them before each action (the same seconds). Goal: `web_action_ms` ≤ 4 × the echo,
  as for laptops (`lan_action_ms`).
- `web_page_load_ms`: the table's page in headless Chromium (the system's, driven by Playwright) at a
  phone's size, from the request to the first drawn table: the seat list drawn, and after the tap on
  a free seat the game's screen drawn (the moment of the tap left out: that is the person's time).
  Each load in a fresh browser context (nothing cached: a phone that never saw the table) against a
  new table. Median of `LOADS`.
- `baseline_blank_page_ms`: a blank page from the same host and port (a one-line HTML file added to
  what that table serves, for the bench only), from the request until it is drawn. Goal: the page
  ≤ 500 ms.
Without Chromium (`chromium` or else `chromium-headless-shell` on the PATH, or `STAMMTISCH_CHROMIUM`) the browser
figures are NaN and a line on stderr says why. Called by `python -m bench`.
"""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import random
import re
import selectors
import shutil
import statistics
import sys
import time
from functools import cache
from pathlib import Path
from typing import Any

from game.match import Match, PlayerSpec
from game.net.host import TableHost
from game.net.play import FRAME
from game.net.protocol import encode
from game.net.web_files import TYPES, File
from game.session import INSTANT, session_for

from bench.lan import _Echo
from bench.lan_far import _Far, _Laptop, serve_far

ACTIONS = 40
ECHO_EACH = 5
PLAYERS, SPECTATORS = 8, 20
LANGS = ("en", "de", "da")
LOADS = 10
WAIT = 15.0  # seconds anything here may take before the bench gives up
_AT = re.compile(r'"at":(\d+)')


class _Phone(_Laptop):
    """A browser's connection, read as lightly as `bench.lan_far` reads a laptop's: its count is the
    log position of the newest view it has (a view is looked at as far as that, and kept)."""

    raw = ""

    def heard(self, text: str) -> bool:
        head = text[:64]
        if '"type":"view"' in head:
            m = _AT.search(head)
            if m is not None and int(m.group(1)) > self.count:
                self.count, self.raw = int(m.group(1)), text
                return True
        elif '"type":"refused"' in head:
            raise RuntimeError(f"web bench: the host refused: {json.loads(text).get('reason')}")
        return False


class _Browsers(_Far):
    """The table's browsers, in a process of their own: `seats` (player index, or None to watch),
    each saying `web: true` and a language in its hello (English, German, Danish in turn)."""

    def __init__(self, url: str, code: str, seats: list[int | None]) -> None:
        self.seats = seats
        self.laptops: list[_Laptop] = []
        self.sel = selectors.DefaultSelector()
        self.rng = random.Random(5)
        for i, seat in enumerate(seats):
            phone = _Phone(url)
            ask: dict[str, Any] = {"seat": f"P{seat}"} if seat is not None else {"watch": True}
            phone.send(encode("hello", code=code, web=True, lang=LANGS[i % len(LANGS)], **ask))
            self.laptops.append(phone)
            self.sel.register(phone.sock, selectors.EVENT_READ, i)

    def command(self, cmd: tuple[Any, ...]) -> Any:
        if cmd[0] == "act" and cmd[2] is None:  # the phone on turn taps one of the actions its view lights
            phone = self.laptops[self.seats.index(cmd[1])]
            assert isinstance(phone, _Phone)
            lit = [a["action"] for a in json.loads(phone.raw)["view"]["actions"]]
            if not lit:
                raise RuntimeError("web bench: the view of the seat on turn lights no action")
            cmd = ("act", cmd[1], self.rng.choice(lit), cmd[3])
        return super().command(cmd)


def _web_round_trips(actions: int) -> tuple[list[float], list[float]]:
    """(ms per action, ms per echo round trip) at a table of 8 phones and 20 watching browsers."""
    m = Match("schock", [PlayerSpec(f"P{i}", "remote") for i in range(PLAYERS)], seed=21, games=50)
    session = session_for(m, pace=INSTANT)
    host = TableHost(session, host="127.0.0.1", port=0, drive_every=FRAME)  # as `serve_headless` hosts
    seats: list[int | None] = [*range(PLAYERS), *([None] * SPECTATORS)]
    ctx = multiprocessing.get_context("spawn")
    pipe, theirs = ctx.Pipe()
    proc = ctx.Process(target=serve_far, args=(theirs, f"ws://127.0.0.1:{host.port}", host.code, seats, _Browsers), daemon=True)
    proc.start()

    def answer() -> Any:
        if not pipe.poll(60):
            raise RuntimeError("web bench: the browsers stopped answering")
        return pipe.recv()

    times: list[float] = []
    echoes: list[float] = []
    echo = _Echo()
    try:
        if answer() != "ready":
            raise RuntimeError("web bench: the browsers did not join")
        for _ in range(actions):
            quiet = time.monotonic() + WAIT
            while not session.waiting_for() and time.monotonic() < quiet:
                time.sleep(0.0005)
            if m.state.is_terminal() or not session.waiting_for():
                break
            n = len(m.log.entries)
            pipe.send(("quiet", n))
            if not answer():
                raise RuntimeError("web bench: a browser never had the view of the whole log")
            echoes.extend(echo.rounds(ECHO_EACH))  # the baseline, at the same moment (not timed with the action)
            pipe.send(("act", session.waiting_for()[0], None, n))
            t0, got = answer()
            if got is None:
                raise RuntimeError("web bench: a browser never had the new view")
            times.append((got[0] - t0) / 1e6)
    finally:
        pipe.send(("stop",))
        proc.join(10)
        if proc.is_alive():
            proc.kill()
        echo.close()
        host.close()
    return times, echoes


@cache
def _action_figures() -> dict[str, float]:
    times, echoes = _web_round_trips(ACTIONS)
    return {"web_action_ms": statistics.median(times), "baseline_web_echo_ms": statistics.median(echoes)}


def web_action_ms() -> float:
    return _action_figures()["web_action_ms"]


def baseline_web_echo_ms() -> float:
    return _action_figures()["baseline_web_echo_ms"]


# --- the page in a real browser ------------------------------------------------------------------

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
# marks on the page's own clock (performance.now(): 0 is the navigation's start, the request): the seat
# list drawn, the tap, the game's screen drawn; a blank page drawn. A mark is taken in the frame that
# shows it (requestAnimationFrame after the change).
MARKS = """
window.__marks = {};
const mark = (name) => { if (!(name in window.__marks)) { window.__marks[name] = -1;
  requestAnimationFrame(() => { window.__marks[name] = performance.now(); }); } };
new MutationObserver(() => {
  if (document.querySelector("[data-seat]")) mark("seats");
  const game = document.querySelector(".game");
  if (game && game.childElementCount) mark("table");
}).observe(document, {subtree: true, childList: true});
document.addEventListener("pointerdown", () => { if (!("tap" in window.__marks)) window.__marks.tap = performance.now(); }, true);
addEventListener("load", () => { if (document.title === "blank") mark("blank"); });
"""
BLANK = b"<!doctype html><html><head><meta charset=utf-8><title>blank</title></head><body></body></html>"


def chromium() -> str | None:
    """The system's Chromium – the whole browser, as on a phone; else its headless build (what CI
    installs) – or None."""
    path = os.environ.get("STAMMTISCH_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-headless-shell")
    return path if path and Path(path).exists() else None


def _mark(page: Any, name: str) -> float:
    """The mark `name` once the page took it (asked every 10 ms: the mark is the page's own clock, so
    the asking adds nothing to it; the page's CSP forbids the evaluated predicates of `wait_for_function`)."""
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        got = page.evaluate("(name) => (window.__marks || {})[name]", name)
        if isinstance(got, (int, float)) and got > 0:
            return float(got)
        time.sleep(0.01)
    raise RuntimeError(f"web bench: the page's {name!r} not within {WAIT} s")


def _load_once(browser: Any, blank: bool) -> float:
    """One cold load at a new table: ms from the request to the first drawn table (or the blank page)."""
    m = Match("schock", [PlayerSpec("Ann", "remote"), PlayerSpec("Bo", "bot")], seed=3)
    host = TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0, drive_every=FRAME)
    host.files.files["/blank.html"] = File(BLANK, TYPES[".html"], '"' + hashlib.sha256(BLANK).hexdigest()[:24] + '"')
    ctx = browser.new_context(**PHONE, locale="en-GB")
    try:
        ctx.add_init_script(MARKS)
        page = ctx.new_page()
        if blank:
            page.goto(f"http://127.0.0.1:{host.port}/blank.html")
            return _mark(page, "blank")
        page.goto(f"http://127.0.0.1:{host.port}/#{host.code}")
        seats = _mark(page, "seats")
        page.locator('[data-seat="Ann"]').first.click()
        table = _mark(page, "table")
        tap = float(page.evaluate("() => window.__marks.tap"))
        return seats + (table - tap)
    finally:
        ctx.close()
        host.close()


@cache
def _page_figures() -> dict[str, float]:
    exe = chromium()
    if exe is None:
        print("bench web_page_load_ms: no Chromium (/usr/bin/chromium, `chromium` on the PATH or STAMMTISCH_CHROMIUM) – "
              "install Debian's chromium (apt-get install chromium); the browser figures are NaN", file=sys.stderr)
        return {"web_page_load_ms": float("nan"), "baseline_blank_page_ms": float("nan")}
    from playwright.sync_api import sync_playwright

    loads: list[float] = []
    blanks: list[float] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=FLAGS, headless=True)
        try:
            _load_once(browser, blank=False)  # the browser's own start-up is nobody's page load
            for _ in range(LOADS):  # in turns: a machine that slows down slows both alike
                blanks.append(_load_once(browser, blank=True))
                loads.append(_load_once(browser, blank=False))
        finally:
            browser.close()
    return {"web_page_load_ms": statistics.median(loads), "baseline_blank_page_ms": statistics.median(blanks)}


def web_page_load_ms() -> float:
    return _page_figures()["web_page_load_ms"]


def baseline_blank_page_ms() -> float:
    return _page_figures()["baseline_blank_page_ms"]


if __name__ == "__main__":
    print({**_action_figures(), **_page_figures()})
