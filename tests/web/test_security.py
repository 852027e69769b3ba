"""The page under its own Content-Security-Policy in a real browser: it works with no inline script or
style (Chromium reports anything the policy refuses to the console: none), and neither the join code nor
the seat's token ever leaves the browser in a request's address or a Referer – the code lives in the
address's fragment, the token in the page's storage and the WebSocket's messages only."""
from __future__ import annotations

from typing import Any

from game.net.host import TableHost
from game.net.web_files import CSP
from tests.web.conftest import host_match, new_page, no_errors, page_url


def test_the_page_works_under_its_csp_and_no_request_carries_the_join_code_or_the_seat_token(browser: Any, hosts: list[TableHost]) -> None:
    host = host_match("schock", [("Ann", "remote"), ("Bo", "bot")], games=1)
    hosts.append(host)
    page = new_page(browser)
    sent: list[tuple[str, dict[str, str]]] = []
    page.on("request", lambda r: sent.append((r.url, r.all_headers())))
    answer = page.goto(page_url(host))
    assert answer is not None and answer.header_value("content-security-policy") == CSP
    assert "unsafe-inline" not in CSP and "script-src 'self'" in CSP
    page.click("[data-seat=Ann]")
    page.locator("button.action").first.wait_for()
    page.click("#open-log")  # every sheet and screen drawn: the policy refused none of their styles or scripts
    page.click(".sheet .close")
    # an inline script put in by somebody is refused by the policy (and the console says so)
    page.evaluate("() => { const s = document.createElement('script'); s.textContent = 'window.ran = 1'; document.body.append(s); }")
    page.wait_for_timeout(200)
    assert page.evaluate("window.ran") is None
    assert page.errors and all("Content Security Policy" in e for e in page.errors)
    page.errors.clear()
    token = host.tokens[0]
    assert sent and all(url.startswith(f"http://127.0.0.1:{host.port}/") or url.startswith(f"ws://127.0.0.1:{host.port}/") for url, _ in sent)
    for url, headers in sent:
        where = url.split("#", 1)[0]  # (the fragment, which no browser sends: Playwright shows the page's own)
        said = where + " " + " ".join(f"{k}: {v}" for k, v in headers.items())
        assert host.code not in said and token not in said, said
        assert "referer" not in headers, headers  # no-referrer: not even the page's own address
    no_errors(page)
    page.context.close()
