"""Sleep and come back: a phone keeps its seat's token in the browser; reloaded mid-turn (or back from a
locked screen) it is at its seat again by itself, its view at the table's current position with
everything it missed in the log, and it can act on."""
from __future__ import annotations

import time
from typing import Any

from game.net.host import TableHost
from game.net.web_view import feed_lines
from tests.web.conftest import host_match, new_page, no_errors, page_url


def entries(host: TableHost) -> Any:
    """The host's log entries as they stand (an undo gives the match a new log)."""
    return host.session.match.log.entries


def grown(host: TableHost, n: int) -> None:
    """Wait until the host's log has more than `n` entries (bounded)."""
    for _ in range(600):
        if len(entries(host)) > n:
            return
        time.sleep(0.025)
    raise AssertionError(f"the host's log stayed at {n} entries")


def test_a_phone_reloading_mid_turn_comes_back_to_its_seat_at_the_current_position_and_acts_on(browser: Any, hosts: list[TableHost]) -> None:
    host = host_match("schock", [("Ann", "remote"), ("Bo", "bot")], games=1)
    hosts.append(host)
    log = host.session.match.log
    page = new_page(browser)
    page.goto(page_url(host))
    page.click("[data-seat=Ann]")
    page.locator("button.action", has_text="roll").first.wait_for()
    before = len(log.entries)
    page.locator("button.action", has_text="roll").first.click()
    grown(host, before + 1)  # the roll and its dice
    done = len(log.entries)
    assert log.entries[before].seat == 0 and list(host.session.waiting_for()) == [0]  # mid-turn: Ann's still
    token = page.evaluate("Object.entries(localStorage).filter(([k]) => k.startsWith('stammtisch.token.'))")
    assert len(token) == 1 and host.tokens[0] == token[0][1]  # the seat's token, kept by this browser only
    page.reload()  # the phone slept, its browser reloaded the page
    page.locator("#bar .turn.mine").wait_for()
    assert page.locator("#bar .you").inner_text() == "Ann" and page.locator("button.seat[data-seat]").count() == 0  # no seat to choose again (the chooser's buttons)
    assert page.evaluate("() => document.querySelectorAll('#feed > *').length") > 0
    page.click("#open-log")  # what it missed: the whole log is there
    assert page.locator("#log-feed > *").count() >= 1
    page.click(".sheet .close")
    offered = page.locator("button.action").first
    offered.wait_for()
    offered.click()
    grown(host, done)
    assert log.entries[done].seat == 0  # acted on from the same seat, at the current position
    assert not [r for r in host.refusals if "moved on" in r]  # its intent was not stale
    assert sum(1 for c in host._conns.values() if c.joined and c.seat == 0) == 1  # noqa: SLF001 - one connection plays Ann
    no_errors(page)
    page.context.close()


def test_an_undo_at_the_host_takes_the_phones_view_and_log_back_and_it_plays_on_from_there(browser: Any, hosts: list[TableHost]) -> None:
    host = host_match("schock", [("Ann", "remote"), ("Bo", "bot")], games=1)
    hosts.append(host)
    page = new_page(browser)
    page.goto(page_url(host))
    page.click("[data-seat=Ann]")
    roll = page.locator("button.action", has_text="roll").first
    roll.wait_for()
    start = len(entries(host))
    roll.click()
    grown(host, start + 1)
    host._loop.call_soon_threadsafe(lambda: host.session.undo_to(start))  # noqa: SLF001 - the host's own hand, on its thread
    for _ in range(400):  # (bounded)
        if len(entries(host)) == start:
            break
        time.sleep(0.025)
    assert len(entries(host)) == start, ([str(e.action) for e in entries(host)], host.refusals)
    page.locator("button.action", has_text="roll").first.wait_for()  # the view as it stood before the roll
    page.click("#open-log")
    assert page.locator("#log-feed > *").count() == len(feed_lines(entries(host)))  # the log sheet: cut back with the table
    page.click(".sheet .close")
    page.locator("button.action", has_text="roll").first.click()  # made at the position the undo left: not stale
    grown(host, start)
    assert entries(host)[start].seat == 0 and not [r for r in host.refusals if "went back" in r or "moved on" in r]
    no_errors(page)
    page.context.close()
