"""Bierpong's throw card at a real table looked at (docs/real-table.md): the Foxes' phone on Ben's
throw after Ann's hit (cup 3 marked, Bounce set, the line entered last) and the Owls' phone waiting
for it, at 390×844 and 768×1024 in en, de and da – kept under `docs/img/phone/` as
`real_pong-<lang>-<w>x<h>.png` and `real_pong_wait-…` (`STAMMTISCH_SHOTS=1`). No button's words are cut."""
from __future__ import annotations

from typing import Any

import pytest

from game.net.host import TableHost
from tests.web.conftest import PHONE, TABLET, no_errors, shot
from tests.web.test_pong_real import START, logged, phone, real_host

DEVICES = {"phone": PHONE, "tablet": TABLET}
CUT = """() => [...document.querySelectorAll('.pong-card button, .pong-status, .pong-last')]
  .filter((b) => b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1).map((b) => b.textContent)"""


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_bierpong_real_table_card_screens(browser: Any, hosts: list[TableHost], lang: str, device: str) -> None:
    host = real_host(*START)
    hosts.append(host)
    dev = DEVICES[device]
    foxes, owls = phone(browser, host, "Foxes", device=dev, lang=lang), phone(browser, host, "Owls", device=dev, lang=lang)
    n = len(host.session.match.log.entries)
    foxes.locator(".pong-rack button[data-cup='3']").click()
    logged(foxes, host, n, "Ann: hit 3")
    foxes.locator(".pong-last", has_text="Ann: hit 3").wait_for()
    foxes.locator(".pong-flags button").first.click()  # Bounce (Ben throws alone now: no "… threw" to choose)
    foxes.locator(".pong-flags button[aria-pressed=true]").wait_for()
    owls.locator(".pong-last", has_text="Ann: hit 3").wait_for()
    for page, name in ((foxes, "real_pong"), (owls, "real_pong_wait")):
        assert page.evaluate(CUT) == [], name
        shot(page, name, lang)
        no_errors(page)
