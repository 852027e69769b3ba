"""Watch on any screen: a spectator's page follows a match the bots play (the feed grows with every
entry, nothing to act on), in big type legible across a room – at a TV's size (1280×720, the feed beside
the table) and a phone's; each kept as a screenshot (`docs/img/phone/shell-watch-*`, `STAMMTISCH_SHOTS=1`;
without the pictures each language once, the screens in turn: `looked_at`)."""
from __future__ import annotations

from typing import Any

import pytest

from game.net.host import TableHost
from game.session import Pace
from tests.web.conftest import PHONE, TABLET, host_match, looked_at, new_page, no_errors, page_url, shot

TV = {"viewport": {"width": 1280, "height": 720}, "device_scale_factor": 1, "is_mobile": False, "has_touch": False}
WATCHING = {"en": "Watching", "de": "Zuschauer", "da": "Ser med"}


DEVICES = {"tv": TV, "phone": PHONE, "tablet": TABLET}


@pytest.mark.parametrize(("lang", "screen"), looked_at(("en", "de", "da"), tuple(DEVICES)))
def test_a_spectator_page_follows_a_match_in_big_type(browser: Any, hosts: list[TableHost], lang: str, screen: str) -> None:
    device = DEVICES[screen]
    host = host_match("schock", [("Ann", "random"), ("Bo", "random")], games=3, pace=Pace(0.08, 0.0, False))  # (long enough to be under way however slowly the page loads)
    hosts.append(host)
    log = host.session.match.log
    page = new_page(browser, device=device, lang=lang)
    page.goto(page_url(host))
    page.click("[data-seat=watch]")
    page.locator("#bar .you", has_text=WATCHING[lang]).wait_for()
    seen = str(page.evaluate("() => document.getElementById('feed').innerText"))
    at = len(log.entries)  # (the page may be an entry or two behind the host here)
    # the page follows the match past where the host was: its table and its feed (the newest lines:
    # what the feed says changes, its length may not)
    page.wait_for_function("n => Number(document.querySelector('.game-dice').dataset.at) > n", arg=at)
    page.wait_for_function("text => document.getElementById('feed').innerText !== text", arg=seen)  # (a ruling's lines)
    assert page.locator("button.action").count() == 0 and page.locator("#open-kontra").count() == 0  # nothing to act on
    assert page.evaluate("parseFloat(getComputedStyle(document.getElementById('app')).fontSize)") >= 22  # big type
    if device is TV:  # the feed beside the table, both on the screen at once
        feed = page.locator(".feed-box").bounding_box()
        game = page.locator(".game").bounding_box()
        assert feed is not None and game is not None and feed["x"] >= game["x"] + game["width"] - 1 and feed["y"] < 200
    shot(page, "shell-watch", lang)
    no_errors(page)
    page.context.close()
