"""Bierpong at a hosted real table from two phones (issue 32, docs/real-table.md), a real Chromium
against a real host on loopback: no ball flies – the Foxes' phone enters each real ball on its throw
card (one tap on a cup, the Bounce flag first, an air ball caught), the host rules it and logs it with
`detail: {"entered": "Foxes"}`, the rulings the same as the same lines through `Session.enter`; the
Owls' phone sees whose throw is awaited and the lines entered, and takes its hit cups off; a refusal
(a cup with a ball in it already) stays on the card with the host's reason, nothing logged."""
from __future__ import annotations

from typing import Any

from game.match import Match, PlayerSpec
from game.net.host import TableHost
from game.rules import bierpong as R
from game.session import INSTANT, Pace, session_for
from game.session.pong import PongSession
from tests.bierpong_helpers import play
from tests.web.conftest import OPEN, PHONE, new_page, no_errors, page_url
from tests.web.test_pong import wait_for

START = ("throw-off Ann hit 1, Cem miss", "Foxes begin")
ON_FIRE = (*START, "Ann: hit 1", "Ben: miss", "Owls remove 1", "Cem: miss", "Dana: miss", "Ann: hit 2", "Ann: heating up", "Ben: miss",
           "Owls remove 2", "Cem: miss", "Dana: miss", "Ann: hit 3", "Ann: on fire")  # Ann throws on; cup 3 holds her ball


def real_match(*lines: str) -> Match:
    m = Match("bierpong", [PlayerSpec("Foxes", "remote", drivers=("Ann", "Ben")), PlayerSpec("Owls", "remote", drivers=("Cem", "Dana"))],
              R.SPEC.make(), seed=1, real_table=True)
    play(m, *lines)
    return m


def real_host(*lines: str) -> TableHost:
    return TableHost(session_for(real_match(*lines), pace=Pace(0.0, 0.0, True)), host="127.0.0.1", port=0, drive_every=0.005)


def phone(browser: Any, host: TableHost, seat: str, *, device: dict[str, Any] = PHONE, lang: str = "en") -> Any:
    page = new_page(browser, device=device, lang=lang)
    OPEN.append(page)
    page.goto(page_url(host))
    page.locator(f"button[data-seat={seat}]").click()
    page.locator(".pong-score .side").first.wait_for()
    return page


def logged(page: Any, host: TableHost, n: int, action: str) -> Any:
    """The host's log gets `action` after its first `n` entries (the game clock's entries aside)."""
    return wait_for(page, lambda: next((e for e in host.session.match.log.entries[n:] if e.action == action), None))


def same_as_enter(host: TableHost, start: tuple[str, ...], lines: list[tuple[str, str]]) -> None:
    """The host's rulings of the phone's lines equal those `Session.enter` gives for the same lines."""
    s = PongSession(real_match(*start), pace=INSTANT)
    for who, line in lines:
        assert s.enter(who, line) is None, line
    want = [e.rulings for e in s.match.log.entries[len(start) + 1:]]
    got = [e.rulings for e in host.session.match.log.entries[len(start) + 1:] if e.action != "clock" and not e.action.startswith("clock")]
    assert got == want


def test_bierpong_art3_a_hit_tapped_on_the_card_is_entered_ruled_and_the_owners_take_the_cup_off(browser: Any, hosts: list[TableHost]) -> None:
    host = real_host(*START)
    hosts.append(host)
    foxes, owls = phone(browser, host, "Foxes"), phone(browser, host, "Owls")
    owls.locator(".pong-status", has_text="waiting for the throw of Foxes").wait_for()
    assert owls.locator(".pong-card").is_hidden()
    n = len(host.session.match.log.entries)
    foxes.locator(".pong-status", has_text="Ann's throw at Owls").wait_for()
    foxes.locator(".pong-rack button[data-cup='3']").click()  # one tap: entered at once
    entry = logged(foxes, host, n, "Ann: hit 3")
    assert entry.detail == {"entered": "Foxes"}
    owls.locator(".pong-last", has_text="Ann: hit 3").wait_for()
    foxes.locator(".pong-status", has_text="Ben's throw").wait_for()
    foxes.locator("button[data-result=miss]").click()
    logged(foxes, host, n, "Ben: miss")
    owls.locator("button.action-remove", has_text="3").click()  # the owners' removal, as at a simulated table
    logged(owls, host, n, "Owls remove 3")
    same_as_enter(host, START, [("Foxes", "Ann: hit 3"), ("Foxes", "Ben: miss"), ("Owls", "Owls remove 3")])
    no_errors(foxes)
    no_errors(owls)


def test_bierpong_art14_a_bounce_is_entered_with_its_flag_and_counts_two_cups(browser: Any, hosts: list[TableHost]) -> None:
    host = real_host(*START)
    hosts.append(host)
    foxes, owls = phone(browser, host, "Foxes"), phone(browser, host, "Owls")
    n = len(host.session.match.log.entries)
    foxes.get_by_role("button", name="Bounce").click()  # the flag first, then the cup
    assert foxes.get_by_role("button", name="Bounce").get_attribute("aria-pressed") == "true"
    foxes.locator(".pong-rack button[data-cup='5']").click()
    assert logged(foxes, host, n, "Ann: bounce 5").detail == {"entered": "Foxes"}
    foxes.locator(".pong-status", has_text="Ben's throw").wait_for()
    foxes.locator("button[data-result=miss]").click()
    logged(foxes, host, n, "Ben: miss")
    owls.locator(".pong-cups button[data-cup='2']").click()  # bierpong.art14: a bounce counts two cups – the owners choose the other
    owls.locator("button.action-remove", has_text="5, 2").click()
    logged(owls, host, n, "Owls remove 5 2")
    same_as_enter(host, START, [("Foxes", "Ann: bounce 5"), ("Foxes", "Ben: miss"), ("Owls", "Owls remove 5 2")])
    no_errors(foxes)
    no_errors(owls)


def test_bierpong_art23_an_air_ball_caught_is_entered_with_its_catcher(browser: Any, hosts: list[TableHost]) -> None:
    """The card sends the throw, then – once the host logged it – the catch (one tap after the flag)."""
    host = real_host(*START)
    hosts.append(host)
    foxes = phone(browser, host, "Foxes")
    n = len(host.session.match.log.entries)
    foxes.get_by_role("button", name="caught by Dana").click()
    foxes.locator("button[data-result=air]").click()
    logged(foxes, host, n, "Ann: air")
    assert logged(foxes, host, n, "Dana catches Ann").detail == {"entered": "Foxes"}
    same_as_enter(host, START, [("Foxes", "Ann: air"), ("Foxes", "Dana catches Ann")])
    no_errors(foxes)


def test_bierpong_art20_a_cup_with_a_ball_in_it_already_is_refused_on_the_card_nothing_logged(browser: Any, hosts: list[TableHost]) -> None:
    """On fire (bierpong.art21), Ann throws on; cup 3 still stands with her ball in it – only a Bombe's
    second ball lands there (art20): a tap on it is refused by the host with the rule's reason, shown on the card; nothing is logged, the next tap is taken."""
    host = real_host(*ON_FIRE)
    hosts.append(host)
    foxes = phone(browser, host, "Foxes")
    n = len(host.session.match.log.entries)
    foxes.locator(".pong-rack button[data-cup='3'].shut").click()
    foxes.locator(".pong-note.error", has_text="cup 3 is not a cup a ball can land in now").wait_for()
    assert [e.action for e in host.session.match.log.entries[n:] if e.seat >= 0] == []
    foxes.locator(".pong-rack button[data-cup='4']").click()
    logged(foxes, host, n, "Ann: hit 4")
    no_errors(foxes)


def test_bierpong_art15_a_roller_is_tapped_cup_by_cup_then_entered(browser: Any, hosts: list[TableHost]) -> None:
    """Roller on, the cups it touched in order (a second tap takes one back), the last the cup it went
    in, then "Enter the roller": `Ann: roller 2>5`, ruled as the same line through `Session.enter`."""
    host = real_host(*START)
    hosts.append(host)
    foxes = phone(browser, host, "Foxes")
    n = len(host.session.match.log.entries)
    foxes.get_by_role("button", name="Roller").click()
    send = foxes.get_by_role("button", name="Enter the roller")
    assert send.is_disabled()
    for cup in ("2", "4", "4", "5"):
        foxes.locator(f".pong-rack button[data-cup='{cup}']").click()
    foxes.locator(".pong-note", has_text="→ Ann: roller 2>5").wait_for()
    send.click()
    assert logged(foxes, host, n, "Ann: roller 2>5").detail == {"entered": "Foxes"}
    same_as_enter(host, START, [("Foxes", "Ann: roller 2>5")])
    no_errors(foxes)


def test_bierpong_art4_both_balls_at_once_on_the_card_go_in_as_one_line_when_the_second_is_tapped(browser: Any, hosts: list[TableHost]) -> None:
    """"Both balls at once" on: the first ball's cup is held on the card (nothing sent, no swat offered
    for a ball of a pair), the partner's result sends the pair's line – one `Together`, ruled with
    bierpong.art4 as `Session.enter` rules the same line."""
    host = real_host(*START)
    hosts.append(host)
    foxes = phone(browser, host, "Foxes")
    n = len(host.session.match.log.entries)
    both = foxes.get_by_role("button", name="Both balls at once")
    both.click()
    assert both.get_attribute("aria-pressed") == "true" and foxes.locator("button[data-result=swat]").count() == 0
    foxes.locator(".pong-rack button[data-cup='3']").click()
    foxes.locator(".pong-hint.held", has_text="the first ball: Ann: hit 3").wait_for()
    foxes.wait_for_timeout(200)
    assert [e.action for e in host.session.match.log.entries[n:] if e.seat >= 0] == []  # held on the card
    assert foxes.get_by_role("button", name="Ben threw").get_attribute("aria-pressed") == "true"  # the partner's ball next
    foxes.locator("button[data-result=miss]").click()
    entry = logged(foxes, host, n, "Ann: hit 3 & Ben: miss")
    assert entry.detail == {"entered": "Foxes"} and any(r.rule == "bierpong.art4" for r in entry.rulings)
    same_as_enter(host, START, [("Foxes", "Ann: hit 3 & Ben: miss")])
    no_errors(foxes)
