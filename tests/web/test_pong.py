"""Bierpong from a phone in a real browser against a real host on loopback: a flick on the touch
screen arrives at the host as the laptops' `launch` and is ruled (bierpong.art11: the team's own
throw; a second flick while the first ball flies is the partner's, bierpong.art4), a tap on Swat! or Catch! while the phone's team defends arrives as a `defend` and is ruled
(bierpong.art14, art23), the owners take their hit cup and a neighbour off on the phone (bierpong.art3),
the streak call is tapped (bierpong.art21), and a watching page draws the ball the host's live
table plays."""
from __future__ import annotations

import contextlib
import math
import time
from typing import Any, Callable, Iterator


from game.bierpong.actions import Together, parse_action
from game.match import Match, PlayerSpec
from game.net.client import TableClient
from game.net.host import TableHost
from game.rules import bierpong as R
from game.session import Pace, session_for
from tests.bierpong_helpers import play
from tests.web.conftest import OPEN, PHONE, TABLET, WAIT_MS, new_page, no_errors, page_url

BOUNCING = ((0.0, 0.0, 0.45), (2.0, 0.0, 1.0))  # a ball that lands at 0.9 m and rolls on for ~2 s
AIR = ((0.0, 0.0, 0.45), (6.0, 0.0, 2.0))  # a ball over the whole table, cups and all: an air ball (bierpong.art23)


def pong_host(*lines: str, owls: str = "bot") -> TableHost:
    """A live Bierpong table on loopback (teams Foxes: Ann & Ben, a phone's seat; Owls: Cem & Dana)
    after `lines` of the notation (e.g. the throw-off and who begins)."""
    m = Match("bierpong", [PlayerSpec("Foxes", "remote", drivers=("Ann", "Ben")), PlayerSpec("Owls", owls, drivers=("Cem", "Dana"))],
              R.SPEC.make())
    play(m, *lines)
    return TableHost(session_for(m, pace=Pace(0.0, 0.0, True)), host="127.0.0.1", port=0, drive_every=0.005)


def wait_for(page: Any, what: Callable[[], Any], *, ms: int = WAIT_MS) -> Any:
    """Let the page run until `what()` holds at the host (bounded)."""
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        got = what()
        if got:
            return got
        page.wait_for_timeout(50)
    raise AssertionError(f"not within {ms} ms: {what}")


def flick(page: Any, *, dx: float = 0.0, up: float = 260.0, steps: int = 8, step_ms: int = 12) -> None:
    """A finger's flick up the table's canvas (CDP touch events: touchstart, moves, touchend), each
    event with its own timestamp: the page measures the same flick however busy the machine is."""
    box = page.locator("canvas.pong-canvas").bounding_box()
    x0, y0 = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.9
    cdp = page.context.new_cdp_session(page)
    t0 = time.time()

    def touch(kind: str, i: int) -> None:
        x, y = x0 + dx * i / steps, y0 - up * i / steps
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1, "radiusX": 6, "radiusY": 6, "force": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "timestamp": t0 + i * step_ms / 1000, "touchPoints": points})

    touch("touchStart", 0)
    for i in range(1, steps + 1):
        touch("touchMove", i)
    touch("touchEnd", steps)
    cdp.detach()


def seat_page(browser: Any, host: TableHost, seat: str, **kw: Any) -> Any:
    page = new_page(browser, **kw)
    OPEN.append(page)
    page.goto(page_url(host))
    page.locator(f"button[data-seat={seat}]").click()
    page.locator("canvas.pong-canvas").wait_for()
    return page


def test_art11_a_flick_on_the_phone_is_the_teams_launch_and_the_host_rules_the_throw(browser: Any, hosts: list[TableHost]) -> None:
    host = pong_host("throw-off Ann hit 1, Cem miss", "Foxes begin")
    hosts.append(host)
    page = seat_page(browser, host, "Foxes")
    page.locator(".pong-status", has_text="flick").wait_for()
    n = len(host.session.match.log.entries)
    flick(page, dx=10)
    page.locator("canvas.pong-canvas[data-drawn]").wait_for()  # the phone drew the host's ball in flight
    entry = wait_for(page, lambda: next((e for e in host.session.match.log.entries[n:]), None))
    assert entry.seat == 0 and entry.action.startswith("Ann: "), entry
    assert entry.detail and entry.detail["throws"][0]["player"] == "Ann"  # the launch the phone sent, kept for replays
    no_errors(page)


@contextlib.contextmanager
def owls_laptop_throws(browser: Any, hosts: list[TableHost], launch: tuple[tuple[float, float, float], tuple[float, float, float]]
                       ) -> Iterator[tuple[TableHost, Any, int]]:
    """The Foxes' phone at a table whose Owls play from a laptop: Cem throws `launch` (release,
    velocity) at the Foxes; yields (host, the phone's page, the log's length before the throw)."""
    host = pong_host("throw-off Ann hit 1, Cem miss", "Owls begin", owls="remote")
    hosts.append(host)
    page = seat_page(browser, host, "Foxes")
    owls = TableClient(f"ws://127.0.0.1:{host.port}", host.code, seat="Owls")
    try:
        wait_for(page, lambda: owls.pump() is not None and owls.mirror is not None and owls.index is not None)
        n = len(host.session.match.log.entries)
        owls.launch("Cem", *launch, (0.0, 0.0, 0.0))
        yield host, page, n
    finally:
        owls.close()
    no_errors(page)


def test_art14_the_phone_swats_the_bounced_ball_of_the_other_teams_laptop(browser: Any, hosts: list[TableHost]) -> None:
    with owls_laptop_throws(browser, hosts, BOUNCING) as (host, page, n):
        swat = page.locator("button.pong-defend[data-how=swat]")
        swat.wait_for(state="visible")
        swat.click()
        entry = wait_for(page, lambda: next((e for e in host.session.match.log.entries[n:]), None))
        assert entry.action == "Ann swats Cem", entry  # Ann: the Foxes' first member, the phone's defender


def test_art23_the_phone_says_it_caught_the_air_ball_of_the_other_teams_laptop(browser: Any, hosts: list[TableHost]) -> None:
    """An Owls' laptop throws over the whole table, touching nothing: an air ball. Past the far edge
    it flies a quarter of a second (Catch! is lit meanwhile), so the phone offers the catch once the
    ball is ruled too – "Ann caught it", as the host lights it; the tap is logged as Ann's catch and
    the Foxes' next round has her extra ball."""
    with owls_laptop_throws(browser, hosts, AIR) as (host, page, n):
        caught = page.locator("button[data-action='Ann catches Cem']")
        caught.wait_for(state="visible")
        assert [e.action for e in host.session.match.log.entries[n:]] == ["Cem: air"]
        caught.click()
        entry = wait_for(page, lambda: next((e for e in host.session.match.log.entries[n:] if "catches" in e.action), None))
        assert entry.action == "Ann catches Cem" and entry.rulings[0].who == "Ann", entry  # (her extra ball: bierpong.art23)


def test_a_watching_page_draws_the_ball_the_host_plays(browser: Any, hosts: list[TableHost]) -> None:
    host = pong_host("throw-off Ann hit 1, Cem miss", "Owls begin", owls="remote")
    hosts.append(host)
    page = new_page(browser)
    OPEN.append(page)
    page.goto(page_url(host))
    page.get_by_role("button", name="Watch").click()
    page.locator("canvas.pong-canvas").wait_for()
    assert page.locator(".pong-score .side").count() == 2
    owls = TableClient(f"ws://127.0.0.1:{host.port}", host.code, seat="Owls")
    try:
        wait_for(page, lambda: owls.pump() is not None and owls.mirror is not None and owls.index is not None)
        owls.launch("Cem", *BOUNCING, (0.0, 0.0, 0.0))
        page.locator("canvas.pong-canvas[data-drawn]").wait_for()
    finally:
        owls.close()
    no_errors(page)


def test_art3_the_phone_takes_its_hit_cup_and_a_neighbour_off_the_table(browser: Any, hosts: list[TableHost]) -> None:
    """A bounce hit takes one more cup, an adjacent one (bierpong.art3): the owners choose it on the phone."""
    host = pong_host("throw-off Ann hit 1, Cem miss", "Owls begin", "Cem: bounce 5", "Dana: miss")
    hosts.append(host)
    page = seat_page(browser, host, "Foxes")
    n = len(host.session.match.log.entries)
    page.locator(".pong-cups button[data-cup='2']").click()
    page.locator("button.action-remove", has_text="5, 2").click()
    entry = wait_for(page, lambda: next((e for e in host.session.match.log.entries[n:]), None))
    assert entry.action == "Foxes remove 5 2", entry
    no_errors(page)


def test_art21_the_phone_calls_heating_up_after_the_second_hit_in_a_row(browser: Any, hosts: list[TableHost]) -> None:
    """The streak call is the host's offer to the hitter's team (call-outs stay English)."""
    host = pong_host("throw-off Ann hit 1, Cem miss", "Foxes begin", "Ann: hit 1", "Ben: miss", "Owls remove 1", "Cem: miss", "Dana: miss",
                     "Ann: hit 2")
    hosts.append(host)
    page = seat_page(browser, host, "Foxes", lang="de")
    n = len(host.session.match.log.entries)
    page.locator("button.action-call", has_text="Ann: Heating up!").click()
    entry = wait_for(page, lambda: next((e for e in host.session.match.log.entries[n:]), None))
    assert entry.action == "Ann: heating up", entry
    no_errors(page)


def timed_flick(page: Any, *, up_px: float, steps: int, step_s: float) -> None:
    """A flick with the touch events' own timestamps (uniform, straight up from the table's middle):
    the page measures the same flick however busy the machine is."""
    box = page.locator("canvas.pong-canvas").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.9
    cdp = page.context.new_cdp_session(page)
    t0 = time.time()
    for i in range(steps + 1):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart" if i == 0 else "touchMove", "timestamp": t0 + i * step_s,
                                              "touchPoints": [{"x": x, "y": y - up_px * i / steps, "id": 1}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "timestamp": t0 + steps * step_s, "touchPoints": []})
    cdp.detach()


def test_a_flick_means_the_same_throw_on_a_phone_and_a_tablet(browser: Any, hosts: list[TableHost]) -> None:
    """The flick's mapping (docs/web.md): 150 CSS px up in 100 ms is 23.8 mm at 238 mm/s on any touch
    screen – 4.51 m/s (5 m/s at 400 mm/s, 0.3 m/s per 100 mm/s) at 38.8° (25° at 10 mm, 60° at 45 mm),
    straight down the table from its middle – on the phone and on the tablet alike."""
    mm = 150 * 25.4 / 160
    speed = 5.0 + 0.003 * (mm / 0.1 - 400)
    angle = math.radians(25 + 35 * (mm - 10) / 35)
    want = [speed * math.cos(angle), 0.0, speed * math.sin(angle)]
    for device in (PHONE, TABLET):
        host = pong_host("throw-off Ann hit 1, Cem miss", "Foxes begin")
        hosts.append(host)
        page = seat_page(browser, host, "Foxes", device=device)
        n = len(host.session.match.log.entries)
        timed_flick(page, up_px=150, steps=5, step_s=0.02)
        entry = wait_for(page, lambda: next((e for e in host.session.match.log.entries[n:]), None))
        launch = entry.detail["throws"][0]
        assert launch["release"] == [0.0, 0.0, 0.45], launch
        assert all(abs(a - b) < 0.005 for a, b in zip(launch["velocity"], want)), (device["viewport"], launch["velocity"], want)
        no_errors(page)


def test_art4_a_second_flick_while_the_first_ball_flies_is_the_partners_ball_thrown_with_it(browser: Any, hosts: list[TableHost]) -> None:
    """bierpong.art4 from one team phone: Ann's ball is in the air, the next flick is Ben's (the host's
    partners for a pairable first ball) – one `Together` entry, ruled under art4, both launches kept."""
    host = pong_host("throw-off Ann hit 1, Cem miss", "Foxes begin")
    hosts.append(host)
    page = seat_page(browser, host, "Foxes")
    n = len(host.session.match.log.entries)
    live = host.session.live_table()
    assert live is not None
    timed_flick(page, up_px=150, steps=5, step_s=0.02)
    wait_for(page, lambda: len(live.table.flights) == 1, ms=5000)  # Ann's ball is on the host's table
    timed_flick(page, up_px=120, steps=5, step_s=0.02)
    entry = wait_for(page, lambda: next((e for e in host.session.match.log.entries[n:]), None))
    action = parse_action(entry.action)
    assert isinstance(action, Together), entry
    assert {t["player"] for t in (entry.detail or {})["throws"]} == {"Ann", "Ben"}, entry.detail
    assert any(r.rule == "bierpong.art4" for r in entry.rulings), entry.rulings
    no_errors(page)


def test_art3_a_second_extra_cup_tapped_replaces_the_first(browser: Any, hosts: list[TableHost]) -> None:
    """A bounce takes exactly one more cup (bierpong.art3): tapping 2, then 3, chooses 3."""
    host = pong_host("throw-off Ann hit 1, Cem miss", "Owls begin", "Cem: bounce 5", "Dana: miss")
    hosts.append(host)
    page = seat_page(browser, host, "Foxes")
    n = len(host.session.match.log.entries)
    page.locator(".pong-cups button[data-cup='2']").click()
    page.locator(".pong-cups button[data-cup='3']").click()
    assert page.locator(".pong-cups button[aria-pressed=true]").all_inner_texts() == ["Cup 3"]
    page.locator("button.action-remove", has_text="5, 3").click()
    entry = wait_for(page, lambda: next((e for e in host.session.match.log.entries[n:]), None))
    assert entry.action == "Foxes remove 5 3", entry
    no_errors(page)
