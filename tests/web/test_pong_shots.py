"""Bierpong's phone screens looked at: aiming, a ball in flight, defending, cups to remove and the
big-screen watch, at 390×844 and 768×1024 in en, de and da – kept under `docs/img/phone/`
(`pong-<screen>-<lang>-<w>x<h>.png`, `STAMMTISCH_SHOTS=1`; without the pictures each language once, the
devices in turn: `looked_at`). Each screen is checked for what a newcomer needs on it."""
from __future__ import annotations

from typing import Any

import pytest

from game.net.client import TableClient
from game.net.host import TableHost
from tests.web.conftest import OPEN, PHONE, TABLET, looked_at, new_page, no_errors, page_url
from tests.web.conftest import shot as kept
from tests.web.test_pong import BOUNCING, flick, pong_host, wait_for

DEVICES = {"phone": PHONE, "tablet": TABLET}


def shot(page: Any, name: str, lang: str) -> None:
    kept(page, f"pong-{name}", lang)  # (`pong-<screen>-<lang>-<w>x<h>.png`, with STAMMTISCH_SHOTS=1)


def take(browser: Any, host: TableHost, lang: str, device: dict[str, Any], seat: str | None = "Foxes") -> Any:
    page = new_page(browser, device=device, lang=lang)
    OPEN.append(page)
    page.goto(page_url(host))
    page.locator(f"button[data-seat={seat}]" if seat else "button.watch").click()
    page.locator("canvas.pong-canvas").wait_for()
    return page


@pytest.mark.parametrize(("lang", "device"), looked_at(("en", "de", "da"), tuple(DEVICES)))
def test_bierpong_phone_screens(browser: Any, hosts: list[TableHost], lang: str, device: str) -> None:
    dev = DEVICES[device]
    # aiming and the flight, seen by the thrower and by a watching screen
    host = pong_host("throw-off Ann hit 1, Cem miss", "Foxes begin")
    hosts.append(host)
    page, watch = take(browser, host, lang, dev), take(browser, host, lang, dev, seat=None)
    assert page.locator(".pong-status").inner_text().strip() and page.locator(".pong-score .side.mine").count() == 1
    cdp = page.context.new_cdp_session(page)
    box = page.locator("canvas.pong-canvas").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.9
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
    for i in range(1, 6):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + 3 * i, "y": y - 30 * i, "id": 1}]})
        page.wait_for_timeout(12)
    page.wait_for_timeout(60)
    shot(page, "aim", lang)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchCancel", "touchPoints": []})
    cdp.detach()
    n = len(host.session.match.log.entries)
    flick(page, dx=8)
    page.locator("canvas.pong-canvas[data-drawn]").wait_for()
    page.wait_for_timeout(250)
    shot(page, "flight", lang)
    watch.bring_to_front()  # (a page behind another may get no animation frames)
    watch.locator("canvas.pong-canvas[data-drawn]").wait_for()
    shot(watch, "watch", lang)
    wait_for(page, lambda: len(host.session.match.log.entries) > n)
    no_errors(page)
    no_errors(watch)
    # defending against the other team's laptop
    host = pong_host("throw-off Ann hit 1, Cem miss", "Owls begin", owls="remote")
    hosts.append(host)
    page = take(browser, host, lang, dev)
    owls = TableClient(f"ws://127.0.0.1:{host.port}", host.code, seat="Owls")
    try:
        wait_for(page, lambda: owls.pump() is not None and owls.mirror is not None and owls.index is not None)
        owls.launch("Cem", *BOUNCING, (0.0, 0.0, 0.0))
        page.locator("button.pong-defend").wait_for(state="visible")
        shot(page, "defend", lang)
    finally:
        owls.close()
    no_errors(page)
    # the cups to remove after the other team's bounce hit
    host = pong_host("throw-off Ann hit 1, Cem miss", "Owls begin", "Cem: bounce 5", "Dana: miss")
    hosts.append(host)
    page = take(browser, host, lang, dev)
    page.locator(".pong-cups button[data-cup='2']").wait_for()
    shot(page, "remove", lang)
    no_errors(page)
