"""The table's page in a real browser: it loads from the host, joins with the code in its address,
lists the free seats, and plays a seat by the host's views (the host rules; the page only asks)."""
from __future__ import annotations

from typing import Any

from game.net.host import TableHost
from tests.web.conftest import host_match, new_page, no_errors, page_url


def test_a_phone_opens_the_table_page_sees_the_free_seats_and_plays_a_schock_turn(browser: Any, hosts: list[TableHost]) -> None:
    host = host_match("schock", [("Ann", "remote"), ("Bo", "bot")], games=1)
    hosts.append(host)
    page = new_page(browser)
    page.goto(page_url(host))
    page.locator("button[data-seat=Ann]").click()
    page.locator("button.action").first.wait_for()
    before = len(host.session.match.log.entries)
    page.locator("button.action", has_text="roll").first.click()
    page.wait_for_function("n => document.querySelectorAll('.ruling, .feed-header').length > 0 || true", arg=before)
    page.wait_for_timeout(300)
    assert len(host.session.match.log.entries) > before
    assert host.session.match.log.entries[before].seat == 0  # Ann's roll came from the phone
    no_errors(page)
