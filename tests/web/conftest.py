"""Browser tests: the table's page in Debian's Chromium, driven by Playwright, against a real host on
loopback (a free port, every wait bounded).

Playwright's own browser download needs the internet, so the system's Chromium is used (`.ci/run`
installs it): Debian's `chromium-headless-shell` where it is installed – the same Chromium release
built for automation without a window, the build Playwright itself runs headless tests in; the tests
cost about half the CPU they cost in the whole browser (`chromium` 156: 378 against 174 CPU-seconds
for tests/web/) – else the whole `chromium`. Without either these tests are skipped – unless
`STAMMTISCH_BROWSER=required` (as `.ci/run` sets), where a missing browser fails them: CI skips none.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.match import Match, PlayerSpec
from game.net.host import TableHost
from game.session import INSTANT, Pace, session_for

CHROMIUM = (os.environ.get("STAMMTISCH_CHROMIUM") or shutil.which("chromium-headless-shell") or shutil.which("chromium")
            or "/usr/bin/chromium-headless-shell")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
TABLET = {"viewport": {"width": 768, "height": 1024}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
WAIT_MS = 15_000  # the longest a page may take to show what a test waits for
DOCS_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "img" / "phone"
# The screens the tests look at are kept in the docs when asked (`STAMMTISCH_SHOTS=1`: refresh
# docs/img/phone), else in a folder of this run – a test run leaves the checkout as it was.
# Without it no picture is taken at all (nobody looks at a folder of the run, and the pictures were a good part
# of the browser tests' time): every check a screen test makes runs either way, only the picture is left out.
KEEP_SHOTS = bool(os.environ.get("STAMMTISCH_SHOTS"))
SHOTS = DOCS_SHOTS if KEEP_SHOTS else Path(tempfile.gettempdir()) / "stammtisch-shots"


def looked_at(langs: tuple[str, ...], devices: tuple[str, ...]) -> list[tuple[str, str]]:
    """The (language, device) pairs a screen test whose checks depend on neither runs in: every pair
    when the pictures are kept (`STAMMTISCH_SHOTS=1`: each screen in each language at each size),
    else each language once, the devices taken in turn – every language and every device is still
    played through (a test that checks words or fit per pair lists its pairs itself)."""
    if KEEP_SHOTS:
        return [(lang, device) for lang in langs for device in devices]
    return [(lang, devices[i % len(devices)]) for i, lang in enumerate(langs)]


def _need_browser() -> None:
    if not Path(CHROMIUM).exists():
        if os.environ.get("STAMMTISCH_BROWSER") == "required":
            pytest.fail(f"no Chromium at {CHROMIUM}: install Debian's (apt-get install chromium-headless-shell)")
        pytest.skip(f"no Chromium at {CHROMIUM} (Debian's chromium-headless-shell or chromium; .ci/run installs it)")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    _need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield b
        b.close()


def new_page(browser: Any, *, device: dict[str, Any] = PHONE, lang: str = "en") -> Any:
    """A fresh phone (its own storage: its own tokens) speaking `lang`."""
    ctx = browser.new_context(**device, locale={"en": "en-GB", "de": "de-DE", "da": "da-DK"}[lang])
    ctx.set_default_timeout(WAIT_MS)
    MADE.append(ctx)
    page = ctx.new_page()
    page.on("pageerror", lambda e: page.errors.append(str(e)))  # a script error fails the test (see `no_errors`)
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" and _BLOCKED in m.text else None)
    page.errors = []
    return page


_BLOCKED = "Content Security Policy"  # Chromium's console error for what the page's CSP refused


def no_errors(page: Any) -> None:
    """No script error and nothing the CSP refused (an inline style or script, another origin)."""
    assert page.errors == [], page.errors


def shot(page: Any, name: str, lang: str, **options: Any) -> Path:
    """A screenshot of the page as it stands: `SHOTS/<name>-<lang>-<w>x<h>.png` (taken with `STAMMTISCH_SHOTS=1` only)."""
    size = page.viewport_size
    path = SHOTS / f"{name}-{lang}-{size['width']}x{size['height']}.png"
    if KEEP_SHOTS:
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), scale="css", **options)  # (CSS pixels: the size in the name)
    return path


def host_match(game: str, players: list[tuple[str, str]], *, seed: int = 7, live: bool = False, pace: Pace | None = None,
               match: Match | None = None, **options: Any) -> TableHost:
    """A driven host on loopback serving a new match of `game` (players: (name, kind)), or `match`;
    `pace`: how fast its bots play (default: at once; `live`: with the games' pauses)."""
    m = match or Match(game, [PlayerSpec(n, k) for n, k in players], seed=seed, **options)
    pace = pace or (Pace(0.0, 0.0, True) if live else INSTANT)
    return TableHost(session_for(m, pace=pace), host="127.0.0.1", port=0, drive_every=0.005)


def page_url(host: TableHost, code: str | None = None) -> str:
    return f"http://127.0.0.1:{host.port}/#{code or host.code}"


@pytest.fixture
def hosts() -> Iterator[list[TableHost]]:
    """Hosts a test opens (`hosts.append(...)`): closed after it."""
    made: list[TableHost] = []
    yield made
    for h in made:
        h.close()


OPEN: list[Any] = []  # the pages a test keeps here are closed after it (a closed host's pages would retry for ever)
MADE: list[Any] = []  # the contexts `new_page` made for this test: closed after it too


@pytest.fixture(autouse=True)
def _close_pages(hosts: list[TableHost]) -> Iterator[None]:
    """After a test its pages are closed, and before its hosts (this fixture is set up after `hosts`, so torn
    down first): a host closed under an open page waited 5 s for its server to stop (TableHost.close), in
    about every fifth browser test."""
    yield
    contexts = [p.context for p in OPEN] + MADE
    OPEN.clear()
    MADE.clear()
    for ctx in dict.fromkeys(contexts):  # (each once, in order)
        try:
            ctx.close()
        except Exception:  # (a test closed it already – Playwright may say so)
            pass
