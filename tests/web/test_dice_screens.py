"""Every screen of Schock and Katchen on a phone and a tablet, in English, German and Danish: taken
into `docs/img/phone/` (dice-turn, dice-waiting, dice-round, dice-over, dice-watch, katchen-phase2)
and checked for what a newcomer would trip over – text wider than its box, a page wider than the
screen, a choice shown as its notation, words left in English. The matches are played up to each
screen at the host before it opens (every seat is a phone's, so nothing moves while the pages look)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.dice.actions import Flip, Roll, Stand
from game.match import Match, PlayerSpec
from game.net.host import TableHost
from game.session import INSTANT, Session, session_for
from tests.web.conftest import WAIT_MS, no_errors, shot

SIZES = ({"width": 390, "height": 844}, {"width": 768, "height": 1024})
LANGS = ("en", "de", "da")
PLAYERS = ("Ann", "Bo", "Cem")
LIMIT = 2000  # entries a screen's match may take to get there


def _simply(s: Session, until: Callable[[Session], bool]) -> None:
    """Play every seat simply (turn sixes, else stand once allowed, else roll) until `until(s)`."""
    for _ in range(LIMIT):
        s.play_out()
        if until(s) or s.over():
            return
        seat = s.waiting_for()[0]
        legal = s.state.legal_actions()
        flips = [a for a in legal if isinstance(a, Flip)]
        action = flips[0] if flips else Stand() if Stand() in legal else next(a for a in legal if isinstance(a, Roll))
        assert s.request(seat, action) is None
    raise AssertionError("the screen's match did not get there")


def _host(game: str, seed: int, to: Callable[[Session], None]) -> TableHost:
    m = Match(game, [PlayerSpec(n, "remote") for n in PLAYERS], seed=seed, games=1)
    s = session_for(m, pace=INSTANT)
    to(s)
    return TableHost(s, host="127.0.0.1", port=0, drive_every=0.005)


def _mid_turn(s: Session) -> None:
    """The opener has rolled twice and put the highest die out (schock.rolls)."""
    s.play_out()
    assert s.request(0, Roll()) is None
    s.play_out()
    assert s.request(0, Roll(s.state.turn.faces[:1])) is None
    s.play_out()


def _katchen_phase2(s: Session) -> None:
    """Phase 2 has begun and its opener has rolled once (katchen.phase2)."""
    _simply(s, lambda s: s.state.phase == 2)
    assert s.request(s.waiting_for()[0], Roll()) is None
    s.play_out()


def _screens(browser: Any, host: TableHost, shots: list[tuple[str, str | None, bool]]) -> None:
    """Each (screen, seat or None to watch, tap a die) in every language and size, checked and kept.
    One phone per seat: a seat once taken comes back only with its token, which the phone keeps."""
    for name, seat, tap in shots:
        ctx = browser.new_context(viewport=SIZES[0], device_scale_factor=1, is_mobile=True, has_touch=True)
        ctx.set_default_timeout(WAIT_MS)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e, page=page: page.errors.append(str(e)))
        for k, lang in enumerate(LANGS):
            page.set_viewport_size(SIZES[0])
            page.goto(f"http://127.0.0.1:{host.port}/?lang={lang}#{host.code}")
            if k == 0 or seat is None:
                page.locator(f'button.seat[data-seat="{seat}"]' if seat else "button.watch").click()
            page.locator(".game-dice .seat-row").first.wait_for()
            if tap:
                page.locator(".dice-row button.die").first.click()
            for size in SIZES:
                page.set_viewport_size(size)
                page.wait_for_timeout(100)
                _looks_right(page, lang)
                shot(page, name, lang, animations="disabled")
        no_errors(page)
        ctx.close()


def _looks_right(page: Any, lang: str) -> None:
    """No text cut or running over, no notation shown for a choice, the page's words in its language."""
    trouble = page.evaluate("""() => {
      const out = [];
      if (document.documentElement.scrollWidth > innerWidth + 1) out.push('the page is wider than the screen');
      for (const e of document.querySelectorAll('.game-dice button, .game-dice .seat-row, .game-dice .cup-top, .bar span')) {
        if (e.scrollWidth > e.clientWidth + 1) out.push('cut: ' + e.textContent);
      }
      for (const b of document.querySelectorAll('.game-dice button[data-action]')) {
        if (b.textContent.trim() === b.dataset.action) out.push('notation shown: ' + b.dataset.action);
      }
      return out;
    }""")
    assert trouble == [], trouble
    if lang != "en":
        english = ["Your cup", "This round", "Last round", "Roll the dice", "Stand", "waiting", "put out", "The match is over"]
        text = page.locator(".game-dice").inner_text()
        left = [w for w in english if w in text.split("\n")]
        assert left == [], f"English left on the {lang} page: {left}"


def test_schock_screens_your_turn_waiting_and_watching_in_three_languages(browser: Any, hosts: list[TableHost]) -> None:
    host = _host("schock", 3, _mid_turn)
    hosts.append(host)
    _screens(browser, host, [("dice-turn", "Ann", True), ("dice-waiting", "Bo", False), ("dice-watch", None, False)])


def test_schock_screens_round_over_and_match_over_in_three_languages(browser: Any, hosts: list[TableHost]) -> None:
    fresh = _host("schock", 3, lambda s: _simply(s, lambda s: s.state.round_no == 2))
    over = _host("schock", 3, lambda s: _simply(s, lambda s: False))
    hosts += [fresh, over]
    assert fresh.session.state.results == () and over.session.over()
    _screens(browser, fresh, [("dice-round", "Ann", False)])
    _screens(browser, over, [("dice-over", "Ann", False)])


def test_katchen_phase2_screen_in_three_languages(browser: Any, hosts: list[TableHost]) -> None:
    host = _host("katchen", 3, _katchen_phase2)
    hosts.append(host)
    opener = PLAYERS[host.session.state.turn.seat]
    _screens(browser, host, [("katchen-phase2", opener, True)])
