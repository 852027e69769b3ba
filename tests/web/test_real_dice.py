"""Schock and Katchen at a hosted real table, entered from phones in a real browser against a real
host on loopback (docs/real-table.md, docs/web.md): the seat whose throw it is taps the faces its real
dice show on the pad the host offers it; the host logs each as entered by that seat, and the rulings
are those `Session.enter` gives for the same throws at one laptop; a refusal comes back with the
host's reason onto the pad, nothing logged; the other phones say who is entering. Every wait is bounded."""
from __future__ import annotations

import re
from typing import Any

from game.dice.actions import Tower
from game.match import Match, PlayerSpec
from game.net.host import TableHost
from game.net.views.dice_table import last_round
from game.session import INSTANT, session_for
from tests.web.conftest import OPEN, TABLET, WAIT_MS, host_match, new_page, no_errors, page_url, shot

PLAYERS = [("Ann", "remote"), ("Bo", "remote"), ("Cem", "bot")]
SEED = 5
THROWS = {"Ann": ["1 1 4", "6", "3 2 2", "5 5 1", "4", "6 6 2"], "Bo": ["5 3 2", "2 2 2", "6 4 1", "3", "6 5 4", "1 1 1"]}
MAX_STEPS = 120


def _take(page: Any, host: TableHost, name: str) -> None:
    page.goto(page_url(host))
    page.locator(f'button.seat[data-seat="{name}"]').click()
    page.locator(".game-dice .cup").first.wait_for(state="attached")
    OPEN.append(page)


def _at(page: Any) -> int:
    return int(page.locator(".game-dice").get_attribute("data-at") or -1)


def _grown(page: Any, n: int) -> None:
    page.wait_for_function("n => Number(document.querySelector('.game-dice').dataset.at) > n", arg=n, timeout=WAIT_MS)


def _pad_open(page: Any) -> bool:
    return page.locator(".dice-pad:not([hidden]) .dice-keys button.dice-key:enabled").count() == 6


def _tap(page: Any, faces: str) -> None:
    """Tap the faces on the pad (the last one sends them: after the roll, at a turn's first roll)."""
    for f in faces.split():
        page.locator(f'.dice-pad .dice-keys button.dice-key[data-face="{f}"]').click()


def _decide(page: Any) -> str:
    """A decision as the phones play: put out 1s in the first roll and roll on, else stand."""
    actions = page.locator(".dice-actions")
    roll = actions.locator("button.action-roll")
    if roll.count() and int(page.locator(".cup").get_attribute("data-roll") or 0) < 2:
        for die in page.locator(".dice-row button.die[data-face='1']").all():
            die.click()
        if roll.first.is_enabled() and page.locator(".dice-row button.die[aria-pressed='true']").count():
            roll.first.click()
            return "roll"
    stand = actions.locator("button.action-stand")
    (stand.first if stand.count() else roll.first).click()
    return "stand" if stand.count() else "roll"


def _laptop(players: list[tuple[str, str]], seed: int, host: TableHost, game: str = "schock") -> list[dict[str, Any]]:
    """The host's match at one laptop with the same seed: each decision requested and each entered throw
    given through `Session.enter` in the host's order; the bot plays and its dice are drawn as seeded."""
    m = Match(game, [PlayerSpec(n, "human" if k == "remote" else k) for n, k in players], seed=seed, games=1, real_table=True)
    s = session_for(m, pace=INSTANT)
    people = [i for i, (_, k) in enumerate(players) if k == "remote"]
    for e in host.session.match.log.entries[1:]:
        name = (e.detail or {}).get("entered")
        if name is None and e.seat not in people:
            continue  # (a bot's decision, its drawn dice: the laptop's session makes them)
        s.play_out()
        refusal = s.enter(name, e.action) if name else s.request(e.seat, m.parse(e.action))
        assert refusal is None, (e.action, refusal)
    s.play_out()
    return [e.to_dict() for e in m.log.entries]


def test_schock_rolls_two_phones_enter_their_own_throws_a_round_is_ruled_as_at_one_laptop(browser: Any, hosts: list[TableHost]) -> None:
    """schock.rolls, schock.tower, schock.deckel at a real table: Ann and Bo tap their faces on their
    own phones (Bo's first a Türmchen), the bot's dice are drawn; the host logs each entry as the
    thrower's and rules the round as one laptop does with `Session.enter`."""
    host = host_match("schock", PLAYERS, seed=SEED, games=1, real_table=True)
    hosts.append(host)
    ann, bo = new_page(browser), new_page(browser, lang="de")
    _take(ann, host, "Ann")
    _take(bo, host, "Bo")
    pages, names = {"Ann": ann, "Bo": bo}, {"Ann": "Bo", "Bo": "Ann"}
    throws = {k: list(v) for k, v in THROWS.items()}
    towered = seen_entering = False
    for _ in range(MAX_STEPS):
        if last_round(host.session) is not None and host.session.state.turn is not None and host.session.state.turn.rolls > 0:
            break
        for name, page in pages.items():
            if _pad_open(page):
                n = _at(page)
                other = pages[names[name]]
                if not towered and name == "Bo":  # a Türmchen first (schock.tower): the pad stays for the real faces
                    page.locator(".dice-pad button.dice-tower").click()
                    page.wait_for_function("n => Number(document.querySelector('.game-dice').dataset.at) >= n + 2", arg=n)
                    towered = True
                    assert _pad_open(page)
                    n = _at(page)
                needed = page.locator(".dice-pad .dice-slots .dice-slot:not(.stay)").count()
                faces = next(t for t in throws[name] if len(t.split()) == needed)
                throws[name].remove(faces)
                if page.locator(".dice-pad .dice-slots .dice-slot.stay").count():  # (while the thrower enters: the other phone says so)
                    other.wait_for_function("() => !!document.querySelector('.cup .cup-status')")
                    assert name in other.locator(".cup .cup-status").inner_text()
                    seen_entering = True
                _tap(page, faces)
                _grown(page, n)
                break
            if page.locator(".dice-actions button.action:enabled").count():
                n = _at(page)
                _decide(page)
                _grown(page, n)
                break
        else:
            ann.wait_for_timeout(50)  # the bot's turn, or a view on its way
    assert last_round(host.session) is not None, "no round was ruled"
    log = host.session.match.log.entries
    entered = [(e.detail or {}).get("entered") for e in log if (e.detail or {}).get("entered")]
    assert {"Ann", "Bo"} <= set(entered) and len(entered) >= 4
    assert any(e.action == str(Tower()) and (e.detail or {}).get("entered") == "Bo" for e in log)
    assert seen_entering
    assert host.refusals == []
    mine = [e.to_dict() for e in log]
    assert _laptop(PLAYERS, SEED, host)[:len(mine)] == mine
    for page in (ann, bo):
        no_errors(page)


def test_a_refusal_comes_back_onto_the_pad_with_the_hosts_reason_and_nothing_is_logged(browser: Any, hosts: list[TableHost]) -> None:
    """Ann taps a Türmchen by mistake; the host takes it back (its undo) while her phone is a step
    behind (the host's messages to it held on the way): her faces, made at the table's older position,
    are refused – the reason shows on the pad, nothing is logged – and entered again they count."""
    host = host_match("schock", [("Ann", "remote"), ("Bo", "remote")], seed=4, games=1, real_table=True)
    hosts.append(host)
    ann = new_page(browser)
    held: list[Any] = []
    hold = [False]
    routes: list[Any] = []

    def lag(ws: Any) -> None:
        server = ws.connect_to_server()
        server.on_message(lambda m: held.append(m) if hold[0] else ws.send(m))
        routes.append(ws)

    ann.route_web_socket(re.compile(".*"), lag)
    _take(ann, host, "Ann")
    s = host.session
    assert s.waiting_for() == (0,)
    ann.locator(".dice-pad:not([hidden])").wait_for()
    n = _at(ann)
    ann.locator(".dice-pad button.dice-tower").click()  # the roll, then the Türmchen
    ann.wait_for_function("n => Number(document.querySelector('.game-dice').dataset.at) >= n + 2", arg=n)
    length = len(s.match.log.entries)
    assert s.match.log.entries[-1].action == "tower" and _pad_open(ann)
    hold[0] = True
    host._loop.call_soon_threadsafe(lambda: s.undo_to(length - 1))  # noqa: SLF001 - the host's own hand, on its thread
    for _ in range(200):
        if len(s.match.log.entries) == length - 1:
            break
        ann.wait_for_timeout(10)
    _tap(ann, "6 5 2")
    for _ in range(200):
        if host.refusals:
            break
        ann.wait_for_timeout(10)
    assert host.refusals and "went back" in str(host.refusals[-1])
    assert len(s.match.log.entries) == length - 1
    hold[0] = False
    for m in held:
        routes[-1].send(m)
    why = ann.locator(".dice-pad .dice-why")
    why.wait_for()
    assert "went back" in why.inner_text() and ann.locator("#toast").count() == 0
    assert _pad_open(ann) and ann.locator(".dice-pad .dice-slots .dice-slot.empty").count() == 3
    ann.locator(".dice-call").wait_for(state="hidden")  # (the Türmchen's call-out, shown big a moment: taps go through it)
    ann.evaluate("scrollTo(0, 0)")
    shot(ann, "real-dice-refused", "en")
    _tap(ann, "6 5 2")
    _grown(ann, length - 1)
    last = s.match.log.entries[-1]
    assert last.action == "dice 652" and last.detail == {"entered": "Ann"}
    no_errors(ann)


def test_katchen_phase1_a_phone_enters_its_throw_and_the_host_logs_it_as_entered(browser: Any, hosts: list[TableHost]) -> None:
    """katchen.phase1 at a real table: no Türmchen on the pad; the faces tapped are logged as Ann's entry."""
    host = host_match("katchen", [("Ann", "remote"), ("Bo", "bot"), ("Cem", "bot")], seed=11, games=1, real_table=True)
    hosts.append(host)
    page = new_page(browser, device=TABLET, lang="da")
    _take(page, host, "Ann")
    for _ in range(MAX_STEPS):
        if _pad_open(page):
            break
        if page.locator(".dice-actions button.action:enabled").count():
            n = _at(page)
            _decide(page)
            _grown(page, n)
        else:
            page.wait_for_timeout(50)
    assert _pad_open(page) and page.locator(".dice-pad button.dice-tower").count() == 0
    n = len(host.session.match.log.entries)
    needed = page.locator(".dice-pad .dice-slots .dice-slot:not(.stay)").count()
    faces = "5 4 2"[: 2 * needed - 1]
    _tap(page, faces)
    _grown(page, n)
    got = [e for e in host.session.match.log.entries[n - 1:] if (e.detail or {}).get("entered")]
    assert got and got[0].detail == {"entered": "Ann"} and got[0].action == "dice " + faces.replace(" ", "")
    assert host.refusals == []
    no_errors(page)
