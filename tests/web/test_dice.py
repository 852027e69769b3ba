"""Schock and Katchen played from phones in a real browser against a real host on loopback: the page
draws the host's view, the players tap dice and buttons, and the host's log is the one a laptop makes
of the same choices (schock.rolls, schock.sixes, katchen.phase2). Every loop is bounded."""
from __future__ import annotations

from typing import Any

from game.match import Match, PlayerSpec
from game.net.host import TableHost
from game.session import INSTANT, session_for
from tests.web.conftest import TABLET, WAIT_MS, host_match, new_page, no_errors, page_url

SCHOCK_SEED = 24  # the phones' way of playing (below) turns sixes and puts dice out with this seed
KATCHEN_SEED = 11  # Ann comes out of phase 1 holding mats and keeps dice in phase 2 with this seed
MAX_CLICKS = 200  # a Schock match of 3 seats at this seed asks the phones some 40 times


def _take(page: Any, host: TableHost, name: str) -> None:
    page.goto(page_url(host))
    page.locator(f'button.seat[data-seat="{name}"]').click()
    page.locator(".game-dice .cup").wait_for()


def _watch(page: Any, host: TableHost) -> None:
    page.goto(page_url(host))
    page.locator("button.watch").click()
    page.locator(".game-dice .cup").wait_for()


def _at(page: Any) -> int:
    return int(page.locator(".game-dice").get_attribute("data-at") or -1)


def _click_and_wait(page: Any, button: Any) -> None:
    """Tap `button` and wait for the host's next view (the log grew)."""
    before = _at(page)
    button.click()
    page.wait_for_function("n => Number(document.querySelector('.game-dice').dataset.at) > n", arg=before)


def _my_turn(page: Any) -> bool:
    return page.locator(".dice-actions button.action:not([disabled])").count() > 0


def _play_one(page: Any) -> str:
    """One decision as the phones play: turn sixes when offered; in the first two rolls put out (or
    keep) every 1 and roll on; else stand (or roll, when a turned six obliges). Returns what was tapped."""
    actions = page.locator(".dice-actions")
    flip = actions.locator("button.action-flip")
    if flip.count():
        _click_and_wait(page, flip.first)
        return "flip"
    cup = page.locator(".cup")
    roll = actions.locator("button.action-roll")
    if roll.count() and int(cup.get_attribute("data-roll") or 0) < 2:
        for die in page.locator(".dice-row button.die[data-face='1']").all():
            die.click()
        if roll.first.is_enabled():
            _click_and_wait(page, roll.first)
            return "roll"
        picked = page.locator(".dice-row button.die[aria-pressed='true']")
        for _ in range(3):  # (three dice cannot be kept: tapped back)
            if picked.count():
                picked.first.click()
    stand = actions.locator("button.action-stand")
    what = "stand" if stand.count() else "roll"
    _click_and_wait(page, stand.first if what == "stand" else roll.first)
    return what


def _laptop_log(host: TableHost, players: list[tuple[str, str]], seed: int) -> list[dict[str, Any]]:
    """The same match played at one laptop: the phones' decisions (from the host's log) asked for in
    the same order by people at the keyboard, the bot and the dice as seeded."""
    phones = [i for i, (_, kind) in enumerate(players) if kind == "remote"]
    decisions = [(e.seat, e.action) for e in host.session.match.log.entries if e.seat in phones]
    m = Match("schock", [PlayerSpec(n, "human" if k == "remote" else k) for n, k in players], seed=seed, games=1)
    s = session_for(m, pace=INSTANT)
    for seat, action in decisions:
        s.play_out()
        assert s.waiting_for() == (seat,), f"the laptop waits for {s.waiting_for()}, the phones' log had seat {seat} next"
        assert s.request(seat, m.parse(action)) is None
    s.play_out()
    assert s.over()
    return [e.to_dict() for e in m.log.entries]


def test_schock_match_from_two_phones_and_a_bot_logs_as_at_one_laptop_and_a_watcher_follows(browser: Any, hosts: list[TableHost]) -> None:
    players = [("Ann", "remote"), ("Bo", "remote"), ("Cem", "bot")]
    host = host_match("schock", players, seed=SCHOCK_SEED, games=1)
    hosts.append(host)
    ann, bo = new_page(browser), new_page(browser, lang="de")
    watcher = new_page(browser, device=TABLET, lang="da")
    _take(ann, host, "Ann")
    _take(bo, host, "Bo")
    _watch(watcher, host)
    tapped: list[str] = []
    for _ in range(MAX_CLICKS):
        if host.session.over():
            break
        for page in (ann, bo):
            if _my_turn(page):
                tapped.append(_play_one(page))
                if len(tapped) == 10:  # the watcher follows as the match goes on, not only at its end
                    n = len(host.session.match.log.entries)
                    watcher.wait_for_function("n => Number(document.querySelector('.game-dice').dataset.at) >= n", arg=n)
                    assert watcher.locator(".cup .die").count() >= 1
                break
        else:
            ann.wait_for_timeout(50)  # a bot's turn or a view on its way
    assert host.session.over(), f"the match is not over after {len(tapped)} decisions from the phones"
    assert {"roll", "flip", "stand"} <= set(tapped)
    log = host.session.match.log.entries
    assert any(e.seat in (0, 1) and e.action.startswith("roll ") for e in log), "no die was put out from a phone"
    assert [e.to_dict() for e in log] == _laptop_log(host, players, SCHOCK_SEED)
    for page in (ann, bo, watcher):
        page.locator(".dice-end .standing li").first.wait_for()
        assert page.locator(".dice-end .result").inner_text().strip()
        assert page.locator(".dice-actions button").count() == 0
    assert _at(watcher) == len(log)
    assert watcher.locator(".seat-row").count() == 3
    for page in (ann, bo, watcher):
        no_errors(page)


def test_katchen_phase2_from_a_phone_keeps_the_tapped_die_and_rolls_the_rest(browser: Any, hosts: list[TableHost]) -> None:
    host = host_match("katchen", [("Ann", "remote"), ("Bo", "bot"), ("Cem", "bot")], seed=KATCHEN_SEED, games=1)
    hosts.append(host)
    page = new_page(browser)
    _take(page, host, "Ann")
    kept: int | None = None
    for _ in range(40):
        if host.session.over():
            break
        if not _my_turn(page):
            page.wait_for_timeout(50)
            continue
        phase2 = "phase 2" in page.locator(".dice-head .headline").inner_text()
        dice = page.locator(".dice-row button.die")
        if phase2 and dice.count() == 3:
            kept = int(dice.first.get_attribute("data-face") or 0)
            dice.first.click()
            roll = page.locator(".dice-actions button.action-roll.primary")
            assert roll.inner_text().startswith(f"Keep {kept}, roll 2 dice")
            n = len(host.session.match.log.entries)
            _click_and_wait(page, roll)
            assert host.session.match.log.entries[n].seat == 0
            assert host.session.match.log.entries[n].action == f"roll {kept}"
            break
        button = page.locator(".dice-actions button.action-roll, .dice-actions button.action-stand").first
        _click_and_wait(page, button)
    assert kept is not None, "Ann never kept a die in phase 2"
    page.wait_for_function("() => document.querySelectorAll('.dice-row .die').length === 3", timeout=WAIT_MS)
    no_errors(page)
