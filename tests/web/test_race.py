"""Racerbile and Le Mans in a real browser against a real host: a turn driven by taps (the gear, the
roll, a lit field tapped for the coach, confirmed), the Le Mans driver change from a phone, a judges'
decision from a tablet ruled at the host, and a watcher's big board. Screenshots of each screen in
en, de and da at phone and tablet size go to docs/img/phone/."""
from __future__ import annotations

import re
import time
from typing import Any, Callable, cast

import pytest

from game.hexgrid import FLAT, POINTY, Hex, Layout
from game.match import Match, PlayerSpec
from game.net.host import TableHost
from game.racerbile.actions import Call, Drive, Judge, Shift
from game.racerbile.state import MOVE, NAME42
from game.state import CHANCE
from game.rules.racerbile import SPEC
from game.session import INSTANT, session_for
from tests.web.conftest import PHONE, TABLET, new_page, no_errors, page_url, shot

SIZES: tuple[dict[str, int], ...] = (cast(dict[str, int], PHONE["viewport"]), cast(dict[str, int], TABLET["viewport"]))
LANGS = ("en", "de", "da")
ROLLS = 40  # the most turns a test plays before it must have seen what it looks for (bounded)


def until(ok: Callable[[], Any], what: str, seconds: float = 15.0) -> Any:
    """Wait (bounded) for the host to get there."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = ok()
        if got:
            return got
        time.sleep(0.03)
    raise AssertionError(f"the host never got there: {what}")


def race_host(*, lemans: bool = False) -> TableHost:
    if lemans:
        teams = [PlayerSpec("Foxes", "remote", drivers=("Anna", "Bo", "Cy")), PlayerSpec("Owls", "careful", drivers=("Dana", "Eli", "Finn"))]
        m = Match("racerbile", teams, SPEC.make("le_mans"), seed=2, track="le_mans")
    else:
        m = Match("racerbile", [PlayerSpec("Ann", "remote"), PlayerSpec("Ben", "remote")], SPEC.make("racerbile"), seed=7, track="babybane")
    return TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0, drive_every=0.005)


def on_the_42_field() -> Match:
    """A Le Mans race played on (here, by plain choices) until the Foxes' car lands on the 42 field."""
    teams = [PlayerSpec("Foxes", "remote", drivers=("Anna", "Bo", "Cy")), PlayerSpec("Owls", "careful", drivers=("Dana", "Eli", "Finn"))]
    m = Match("racerbile", teams, SPEC.make("le_mans"), seed=2, track="le_mans")
    course, f42 = m.state.course, m.state.track.field42
    for _step in range(2000):  # (bounded)
        st = m.state
        if st.phase == NAME42:
            return m
        if st.current_player() == CHANCE:
            m.resolve_chance()
            continue
        legal = [a for a in st.legal_actions() if not isinstance(a, (Call, Judge))]
        if st.phase == MOVE:  # towards the 42 field, onto it when the Foxes can
            moves = st.moves()
            if st.turn is not None and st.turn.seat == 0 and f42 in moves.ends():
                m.apply(Drive(moves.to(f42)[0].path))
                continue
            mark = course.progress[f42]
            m.apply(Drive(max(moves, key=lambda mv: (course.progress.get(mv.end, -1) <= mark, course.progress.get(mv.end, -1) * (1 if course.progress.get(mv.end, -1) <= mark else -1))).path))
            continue
        up = [a for a in legal if isinstance(a, Shift) and a.delta == 1]
        m.apply(up[0] if up else legal[0])
    raise AssertionError("the Foxes never landed on the 42 field")


def pinch(page: Any, x: float, y: float) -> None:
    """Two fingers on the screen at (x, y), spread apart (the browser's own touch input)."""
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, d: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x - d, "y": y, "id": 1}, {"x": x + d, "y": y, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 20)
    for d in (35, 50, 65, 80):
        touch("touchMove", d)
    touch("touchEnd", 0)


def shoot(page: Any, name: str, lang: str) -> None:
    """The screen at phone and tablet size (`name`-`lang`-WxH.png), checked for raw ids and notation."""
    text = re.sub(r"\((?:rule|Regel|regel) [a-z]+\.[\w.]+\)", "", page.inner_text(".game-race"))  # a rule cited, not a raw id
    for raw in ("racerbile.", "drive ", "gear up", "gear hold", "judge ", "call "):
        assert raw not in text, f"{name}: {raw!r} shown to a user"
    for size in SIZES:
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(150)
        shot(page, name, lang)
    page.set_viewport_size(SIZES[0])


def take(page: Any, host: TableHost, seat: str) -> None:
    page.goto(page_url(host))
    page.locator(f'button[data-seat="{seat}"]').click()
    page.locator("svg.board path.field").first.wait_for()


def tap_field(page: Any, host: TableHost, q: int, r: int) -> None:
    """Tap the field (q, r) on the page's board, where the page draws it."""
    orient = POINTY if host.session.state.track.orientation != "flat" else FLAT
    x, y = Layout(orient, (1.0, 1.0)).to_pixel(Hex(q, r))
    at = page.evaluate("""([x, y]) => { const s = document.querySelector("svg.board"); const p = s.createSVGPoint();
        p.x = x; p.y = y; const m = p.matrixTransform(s.getScreenCTM()); return [m.x, m.y]; }""", [x, y])
    page.touchscreen.tap(at[0], at[1])


@pytest.mark.parametrize("lang", LANGS)
def test_a_racerbile_turn_is_driven_by_taps_gear_roll_a_lit_field_and_confirm(browser: Any, hosts: list[TableHost], lang: str) -> None:
    host = race_host()
    hosts.append(host)
    ann, ben = new_page(browser, lang=lang), new_page(browser, lang=lang)
    take(ann, host, "Ann")
    take(ben, host, "Ben")
    log = host.session.match.log.entries
    ann.locator("button.action-order").click()  # racerbile.start: the people roll for the order
    until(lambda: host.session.state.phase not in ("order", "start_roll") and host.session.waiting_for(), "the first turn")
    done: set[str] = set()
    for _turn in range(ROLLS):
        seat = until(lambda: host.session.waiting_for(), "a seat on turn")[0]
        page, other = (ann, ben) if seat == 0 else (ben, ann)
        n = len(log)
        if seat == 1 and "waiting" not in done:
            other.locator(".hint.waiting").wait_for()
            shoot(other, "race-waiting", lang)
            done.add("waiting")
        if host.session.state.phase == MOVE:
            end = host.session.state.moves().ends()[-1]
            page.locator(".big-hint").wait_for()
            if seat == 0 and "lit" not in done:
                shoot(page, "race-turn", lang)
            tap_field(page, host, end.q, end.r)
            page.locator(".coach button.go").wait_for()
            if seat == 0 and "lit" not in done:
                shoot(page, "race-coach", lang)
            sent = page.locator(".coach button.go").get_attribute("data-action")
            page.locator(".coach button.go").click()
            until(lambda: len(log) > n, "the drive in the log")
            assert log[n].action == sent and log[n].seat == seat  # the host took the offer the phone confirmed
            done.add("lit" if seat == 0 else "other")
        else:
            button = page.locator("button.action-gear:not([disabled])").first
            button.wait_for()
            if seat == 0 and "gear" not in done:
                shoot(page, "race-gear", lang)
            sent = button.get_attribute("data-action")
            button.click()
            until(lambda: len(log) > n, "the gear in the log")
            assert log[n].action == sent and log[n].seat == seat
            if seat == 0:
                done.add("gear")
        if {"gear", "lit", "waiting"} <= done:
            break
    assert {"gear", "lit", "waiting"} <= done, done
    # Ann's gear, then the dice drawn at the host, then the way she confirmed – all in the host's log
    mine = [e.action.split()[0] for e in log if e.seat == 0]
    assert "gear" in mine and "drive" in mine
    no_errors(ann)
    no_errors(ben)


@pytest.mark.parametrize("lang", LANGS)
def test_le_mans_a_driver_change_from_a_phone_and_a_judges_decision_from_a_tablet_are_ruled_at_the_host(
        browser: Any, hosts: list[TableHost], lang: str) -> None:
    host = race_host(lemans=True)
    hosts.append(host)
    log = host.session.match.log.entries
    judges = new_page(browser, device=TABLET, lang=lang)
    take(judges, host, "judges")
    team = new_page(browser, lang=lang)
    take(team, host, "Foxes")
    team.locator("button.action-order").click()
    team.locator("button.action-driver").first.wait_for()  # racerbile.lemans.driver_change: before the gear
    shoot(team, "lemans-driver", lang)
    n = len(log)
    button = team.locator("button.action-driver").first
    sent = button.get_attribute("data-action")
    button.click()
    until(lambda: len(log) > n, "the driver change in the log")
    assert log[n].action == sent and log[n].action.startswith("driver ")
    assert any(r.rule.startswith("racerbile.lemans.") for r in log[n].rulings)
    # the judges: penalty sips for a driver, with a reason – picked from the host's offers
    judges.locator('.step-group button[data-value="sips"]').click()
    judges.locator(".step-target button").first.click()
    judges.locator(".step-amount button").nth(1).click()
    judges.locator(".step-reason button").first.click()
    decide = judges.locator("button.action-judge")
    decide.wait_for()
    shoot(judges, "judges-console", lang)
    sent = decide.get_attribute("data-action")
    n = len(log)
    decide.click()
    entry = until(lambda: next((e for e in log[n:] if e.action.startswith("judge ")), None), "the judges' decision in the log")
    assert entry.action == sent
    assert [(r.who, r.amount, r.rule) for r in entry.rulings] == [("Anna", 3, "racerbile.lemans.judges")]
    no_errors(judges)
    no_errors(team)


@pytest.mark.parametrize("lang", LANGS)
def test_le_mans_the_driver_on_the_42_field_names_an_opponent_from_a_phone(browser: Any, hosts: list[TableHost], lang: str) -> None:
    host = TableHost(session_for(on_the_42_field(), pace=INSTANT), host="127.0.0.1", port=0, drive_every=0.005)
    hosts.append(host)
    log = host.session.match.log.entries
    team = new_page(browser, lang=lang)
    take(team, host, "Foxes")
    names = team.locator("button.action-name42")
    names.first.wait_for()
    assert names.count() == 4  # any driver of the Owls, or nobody (racerbile.lemans.field42, Decisions)
    shoot(team, "lemans-42", lang)
    n = len(log)
    names.first.click()
    until(lambda: len(log) > n, "the name in the log")
    assert log[n].action == "name Dana" and log[n].seat == 0
    assert [r.rule for r in log[n].rulings][0] == "racerbile.lemans.field42"
    no_errors(team)


@pytest.mark.parametrize("lang", LANGS)
def test_a_watcher_sees_the_board_the_caps_the_standings_and_the_le_mans_clock(browser: Any, hosts: list[TableHost], lang: str) -> None:
    host = race_host(lemans=True)
    hosts.append(host)
    team = new_page(browser, lang=lang)
    take(team, host, "Foxes")
    team.locator("button.action-order").click()
    page = new_page(browser, device=TABLET, lang=lang)
    page.goto(page_url(host))
    page.locator("button.watch").click()
    page.locator("svg.board path.field").first.wait_for()
    page.locator("svg.board .cap").nth(1).wait_for()  # both teams' caps on the track
    assert page.locator(".standings .row").count() == 2
    assert page.locator(".race-controls button").count() == 0  # a spectator decides nothing
    assert ":" in page.inner_text(".race-clock")
    shoot(page, "lemans-watch", lang)
    before = page.get_attribute("svg.board", "viewBox")
    box = page.locator("svg.board").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -300)  # the wheel zooms in
    page.wait_for_function("v => document.querySelector('svg.board').getAttribute('viewBox') !== v", arg=before)
    width = float(page.get_attribute("svg.board", "viewBox").split()[2])
    pinch(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # two fingers spread: closer still
    page.wait_for_function("w => +document.querySelector('svg.board').getAttribute('viewBox').split(' ')[2] < w * 0.8", arg=width)
    page.locator(".board-tools button").click()  # the whole track again
    no_errors(page)


def test_the_track_sent_while_the_seats_are_chosen_is_kept_by_the_page_no_second_connection(browser: Any, hosts: list[TableHost]) -> None:
    host = race_host()
    hosts.append(host)
    page = new_page(browser)
    sockets: list[Any] = []
    page.on("websocket", lambda ws: sockets.append(ws))
    take(page, host, "Ann")  # the first view (with the track) came while the seats were shown
    assert page.locator("svg.board path.field").count() > 0  # (one path per kind of field)
    page.locator("button.action-order").wait_for()
    assert len(sockets) == 1  # the seat was taken on the same connection: the page kept the track
    no_errors(page)
