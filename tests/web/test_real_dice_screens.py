"""The entry pad of Schock at a real table on a phone and a tablet, in English, German and Danish:
taken into `docs/img/phone/` (real-dice: a first roll with one face tapped, real-dice-out: the dice put
out and the slot for the one thrown, real-dice-waiting: another phone while the thrower enters) and
checked as the other dice screens are (`test_dice_screens._looks_right`). Every seat is a phone's, so
nothing moves while the pages look."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.dice.actions import Roll, Stand
from game.match import Match, PlayerSpec
from game.net.host import TableHost
from game.session import INSTANT, Session, session_for
from tests.web.conftest import WAIT_MS, no_errors, shot
from tests.web.test_dice_screens import LANGS, PLAYERS, SIZES, _looks_right


def _host(to: Callable[[Session], None]) -> TableHost:
    m = Match("schock", [PlayerSpec(n, "remote") for n in PLAYERS], seed=3, games=1, real_table=True)
    s = session_for(m, pace=INSTANT)
    s.play_out()
    to(s)
    return TableHost(s, host="127.0.0.1", port=0, drive_every=0.005)


def _do(s: Session, seat: int, action: Any, faces: str | None = None) -> None:
    assert s.request(seat, action) is None
    s.play_out()
    if faces is not None:
        assert s.enter(seat, faces) is None
        s.play_out()


def _bo_to_roll(s: Session) -> None:
    """Ann threw a Straße and stood: Bo's first roll, the pad open before it."""
    _do(s, 0, Roll(), "6 5 4")
    _do(s, 0, Stand())


def _ann_put_out(s: Session) -> None:
    """Ann put out her two 1s (schock.rolls) and rolled the third die: she enters it."""
    _do(s, 0, Roll(), "1 1 4")
    _do(s, 0, Roll((1, 1)))


def _shots(browser: Any, host: TableHost, name: str, seat: str, tap: str | None) -> None:
    ctx = browser.new_context(viewport=SIZES[0], device_scale_factor=1, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(WAIT_MS)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    for k, lang in enumerate(LANGS):
        page.set_viewport_size(SIZES[0])
        page.goto(f"http://127.0.0.1:{host.port}/?lang={lang}#{host.code}")
        if k == 0:
            page.locator(f'button.seat[data-seat="{seat}"]').click()
        page.locator(".game-dice .seat-row").first.wait_for()
        assert page.locator("#real-table").inner_text() == {"en": "Real table", "de": "Echter Tisch", "da": "Rigtigt bord"}[lang]
        if tap:
            page.locator(f'.dice-pad .dice-keys button.dice-key[data-face="{tap}"]').click()
            assert page.locator(".dice-pad .dice-slots .dice-slot[data-face]").count() == 1
        for size in SIZES:
            page.set_viewport_size(size)
            page.wait_for_timeout(100)
            _looks_right(page, lang)
            trouble = page.evaluate("""() => [...document.querySelectorAll('.dice-pad .dice-keys button.dice-key')]
              .filter((b) => b.getBoundingClientRect().width < 64 || b.getBoundingClientRect().right > innerWidth).length""")
            assert trouble == 0, "a face button too small or off the screen"
            shot(page, name, lang, animations="disabled")
    no_errors(page)
    ctx.close()


def test_schock_real_table_pad_screens_in_three_languages(browser: Any, hosts: list[TableHost]) -> None:
    first, out = _host(_bo_to_roll), _host(_ann_put_out)
    hosts += [first, out]
    _shots(browser, first, "real-dice", "Bo", "6")
    _shots(browser, out, "real-dice-out", "Ann", None)
    _shots(browser, out, "real-dice-waiting", "Bo", None)
