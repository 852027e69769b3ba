"""Joining from a phone's browser, against a real host on loopback: the code from the address or typed,
a wrong code and the way back, the seats to choose (a Le Mans team's drivers, the judges' seat, Watch),
the host's refusals in the page's language, the language switch (kept), and the connection lost and
found again. Each screen is kept as a screenshot (`docs/img/phone/shell-*`) in en, de and da at a
phone's and a tablet's size."""
from __future__ import annotations

from typing import Any

import pytest

from game.net.host import TableHost
from tests.net.test_authority import race
from tests.web.conftest import PHONE, TABLET, host_match, new_page, no_errors, page_url, shot

LANGS = ("en", "de", "da")
WORDS = {  # what each screen says, per language (the catalogues' words)
    "en": {"wrong": "Wrong join code", "choose": "Choose your seat", "judges": "Judges' seat", "lost": "Connection lost – trying again",
           "drivers": "Drivers: Anna, Bo, Cy", "taken": "Foxes is taken (come back with its token)", "watching": "Watching"},
    "de": {"wrong": "Falscher Beitrittscode", "choose": "Wähle deinen Platz", "judges": "Platz der Kampfrichter",
           "lost": "Verbindung verloren – neuer Versuch läuft", "drivers": "Fahrer: Anna, Bo, Cy",
           "taken": "Foxes ist besetzt (komm mit seinem Token zurück)", "watching": "Zuschauer"},
    "da": {"wrong": "Forkert kode", "choose": "Vælg din plads", "judges": "Dommerpladsen", "lost": "Forbindelsen er tabt – prøver igen",
           "drivers": "Kørere: Anna, Bo, Cy", "taken": "Foxes er optaget (kom tilbage med dens token)", "watching": "Ser med"},
}


def lemans_host() -> TableHost:
    return host_match("racerbile", [], match=race(lemans=True))


def drop_connections(host: TableHost) -> None:
    """The host's side of every connection breaks off (no goodbye): Wi-Fi gone."""
    for c in list(host._conns.values()):  # noqa: SLF001 - the network failing, not the host deciding
        if c.ws.transport is not None:
            host._loop.call_soon_threadsafe(c.ws.transport.abort)  # noqa: SLF001


def fits(page: Any) -> None:
    """Nothing on the screen is wider than the screen (no text cut off at the side); a board's SVG
    must fit, what is drawn in it is clipped by it (the board pans and zooms)."""
    wide = page.evaluate("""() => [...document.querySelectorAll('#app *, .sheet *')].filter(e => !e.ownerSVGElement).filter(e => {
        const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > innerWidth + 1 || e.scrollWidth > e.clientWidth + 2
          && getComputedStyle(e).overflowX === 'visible'); }).map(e => e.tagName + '.' + e.className + ': ' + e.textContent.slice(0, 40))""")
    assert wide == [], wide


@pytest.mark.parametrize("device", [PHONE, TABLET], ids=["phone", "tablet"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_join_screens_in_each_language_code_wrong_code_seats_with_drivers_and_judges_and_a_lost_connection(
        browser: Any, hosts: list[TableHost], lang: str, device: dict[str, Any]) -> None:
    host = lemans_host()
    hosts.append(host)
    w = WORDS[lang]
    page = new_page(browser, device=device, lang=lang)
    page.goto(f"http://127.0.0.1:{host.port}/")  # no code in the address: it is typed
    page.locator("#code").wait_for()
    fits(page)
    shot(page, "shell-code", lang)
    page.fill("#code", "zzzz zz")
    page.click("#connect")
    page.get_by_text(w["wrong"]).wait_for()
    assert page.input_value("#code") == "ZZZZZZ"
    fits(page)
    shot(page, "shell-wrongcode", lang)
    page.fill("#code", host.code.lower())  # typed as it comes: the case does not matter
    page.click("#connect")
    page.get_by_text(w["choose"]).wait_for()
    assert page.locator("[data-seat=Foxes]").inner_text().count(w["drivers"]) == 1
    assert w["judges"] in page.locator("[data-seat=judges]").inner_text()
    fits(page)
    shot(page, "shell-seats", lang)
    page.click("[data-seat=Foxes]")
    page.locator("#bar .you", has_text="Foxes").wait_for()
    page.context.set_offline(True)  # the phone's Wi-Fi is gone, then the table's side breaks off too
    drop_connections(host)
    page.get_by_text(w["lost"]).wait_for()
    fits(page)
    shot(page, "shell-lost", lang)
    page.context.set_offline(False)  # back: the page finds its seat again by itself (its token)
    page.locator("#conn").wait_for(state="detached")
    assert page.locator("#bar .you").inner_text() == "Foxes"
    other = new_page(browser, device=device, lang=lang)  # a second phone wants the same team
    other.goto(page_url(host))
    other.locator("[data-seat=Foxes]:disabled").wait_for()  # shown as taken
    other.evaluate("document.querySelector('[data-seat=Foxes]').disabled = false")  # (pressed anyway: the host says no)
    other.click("[data-seat=Foxes]")
    other.locator("#toast", has_text=w["taken"]).wait_for()
    other.get_by_text(w["choose"]).wait_for()  # back to the seats, watching meanwhile
    other.click("[data-seat=judges]")
    other.locator("#bar .you").wait_for()
    assert other.locator("#bar .you").inner_text() == {"en": "the judges", "de": "die Kampfrichter", "da": "dommerne"}[lang]
    no_errors(page)
    no_errors(other)
    other.context.close()
    page.context.close()


def test_the_language_switch_is_kept_and_the_seat_comes_back_in_the_new_language(browser: Any, hosts: list[TableHost]) -> None:
    host = host_match("schock", [("Ann", "remote"), ("Bo", "bot")], games=1)
    hosts.append(host)
    page = new_page(browser, lang="en")
    page.goto(page_url(host))
    page.click("[data-seat=Ann]")
    page.locator("#bar .you", has_text="Ann").wait_for()
    page.click("#open-log")
    page.select_option("#lang", "da")  # the page starts again in Danish, at its seat
    page.locator("#open-log", has_text="Log").wait_for()
    page.locator("#bar .turn", has_text="Din tur").wait_for()
    assert page.evaluate("document.documentElement.lang") == "da" and page.locator("#bar .you").inner_text() == "Ann"
    page.reload()
    page.locator("#bar .turn", has_text="Din tur").wait_for()  # kept in the browser
    no_errors(page)
    page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_kontra_from_a_phone_challenges_a_drink_ruling_the_host_offers_and_the_host_rules_it(browser: Any, hosts: list[TableHost], lang: str) -> None:
    host = host_match("racerbile", [], match=race(lemans=True, until_drink=True))
    hosts.append(host)
    log = host.session.match.log
    page = new_page(browser, lang=lang)
    page.goto(page_url(host))
    page.click("[data-seat=Foxes]")
    page.click("#open-kontra:enabled")
    first = page.locator("button.ruling-pick").first
    target = first.get_attribute("data-ruling")
    fits(page)
    shot(page, "shell-kontra", lang)
    first.click()
    page.select_option("#kontra-by", "Bo")
    page.select_option("#kontra-who", "Dana")
    for _ in range(12):  # (down to none: the stepper stops at 0)
        page.click(".stepper button.step >> nth=0")
    page.click("#kontra-send")
    assert page.locator("#kontra-reason.missing").count() == 1  # no reason, no challenge
    page.fill("#kontra-reason", "counted twice")
    fits(page)
    shot(page, "shell-kontra-details", lang)
    n = len(log.entries)
    page.click("#kontra-send")
    page.locator("#feed .ruling.override").first.wait_for()  # the host's override, in the feed
    assert len(log.entries) == n + 1 and str(log.entries[n].action) == f"challenge {target} by Bo: 0 sips to Dana – counted twice"
    no_errors(page)
    page.context.close()


def test_an_away_seat_waits_for_its_own_phone_and_is_not_offered_to_another(browser: Any, hosts: list[TableHost]) -> None:
    host = host_match("schock", [("Ann", "remote"), ("Bo", "remote")], games=1)
    hosts.append(host)
    first = new_page(browser)
    first.goto(page_url(host))
    first.click("[data-seat=Ann]")
    first.locator("#bar .you", has_text="Ann").wait_for()
    first.context.close()  # Ann's phone is gone (its token with it, for now)
    other = new_page(browser)
    other.goto(page_url(host))
    other.locator("[data-seat=Ann]:disabled", has_text="away – the seat waits for its own phone or laptop").wait_for()
    assert other.locator("[data-seat=Bo]").is_enabled()
    no_errors(other)
    other.context.close()
