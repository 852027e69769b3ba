"""Racerbile at a hosted real table from phones (issue 32, docs/real-table.md): each driver enters his
own real throw on his phone's pad – the die for the start order, the gear's dice, the 5 or 6 thrown
again – then taps the field where his real cap stands and drives. The host logs each entry in the
driver's name and rules the race exactly as `Session.enter` rules the same throws; a refusal's reason
stays on the pad; the other phone says whose throw is awaited. Screenshots of the pad (en, de, da;
phone and tablet) go to docs/img/phone/ with STAMMTISCH_SHOTS=1."""
from __future__ import annotations

import json
import re
import time
from typing import Any, Callable

import pytest

from game.match import Match, PlayerSpec
from game.net.host import TableHost
from game.racerbile.state import GEAR, MOVE, ROLL
from game.rules.racerbile import SPEC
from game.racerbile.words import throw_dice
from game.session import INSTANT, Pace, session_for
from game.session.race import RaceSession
from tests.web.conftest import TABLET, new_page, no_errors
from tests.web.test_race import LANGS, ROLLS, shoot, take, tap_field

PLAYERS = ("Ann", "Ben")


def real_match() -> Match:
    return Match("racerbile", [PlayerSpec(n, "remote") for n in PLAYERS], SPEC.make("racerbile"), seed=7, track="babybane", real_table=True)


def until(page: Any, ok: Callable[[], Any], what: str, seconds: float = 15.0) -> Any:
    """Wait (bounded) for the host to get there, the browser's messages flowing meanwhile (a page's
    routed WebSocket is served while Playwright waits)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = ok()
        if got:
            return got
        page.wait_for_timeout(30)
    raise AssertionError(f"the host never got there: {what}")


def tampered(page: Any, plan: dict[str, str]) -> None:
    """Route the page's WebSocket through the test: the next `act` gets `plan["add"]` appended (a
    phone whose view was outdated: more faces than the throw has) – once; everything else as sent."""
    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def up(message: Any) -> None:
            if isinstance(message, str) and plan.get("add"):
                msg = json.loads(message)
                if msg.get("type") == "act":
                    msg["action"] += plan.pop("add")
                    message = json.dumps(msg)
            server.send(message)
        ws.on_message(up)
    page.route_web_socket(re.compile(".*"), route)


def enter(page: Any, host: TableHost, faces: str, who: str) -> None:
    """Tap the faces on the pad; the host logs them as the driver's own entry."""
    log = host.session.match.log.entries
    n = len(log)
    for f in faces.split():
        page.locator(f'.pad button.face[data-face="{f}"]:not([disabled])').click()
    until(page, lambda: len(log) > n, f"{who}'s entry {faces} in the log")
    assert (log[n].detail or {}).get("entered") == who, log[n]


def drive(page: Any, host: TableHost) -> None:
    """The lit fields after the entered dice: tap where the real cap stands, Drive – the host logs the way offered."""
    s = host.session
    log = s.match.log.entries
    until(page, lambda: s.state.phase == MOVE, "the dice ruled")
    end = s.state.moves().ends()[-1]
    page.locator(".big-hint").wait_for()
    tap_field(page, host, end.q, end.r)
    go = page.locator(".coach button.go")
    sent = go.get_attribute("data-action")
    n = len(log)
    go.click()
    until(page, lambda: len(log) > n, "the drive in the log")
    assert log[n].action == sent


@pytest.mark.parametrize("lang", LANGS)
def test_racerbile_gears_phones_enter_their_real_dice_and_the_host_rules_them_as_session_enter_does(
        browser: Any, hosts: list[TableHost], lang: str) -> None:
    host = TableHost(session_for(real_match(), pace=INSTANT), host="127.0.0.1", port=0, drive_every=0.005)
    hosts.append(host)
    s = host.session
    log = s.match.log.entries
    ann, ben = new_page(browser, lang=lang), new_page(browser, lang=lang)
    plan: dict[str, str] = {}
    tampered(ben, plan)
    take(ann, host, "Ann")
    take(ben, host, "Ben")
    # racerbile.start: the roll for the order, each phone its own die; the other phone sees whose throw it is
    ann.locator("button.action-order").click()
    ann.locator(".pad .ask").wait_for()
    assert ann.locator(".pad .slots .pips").count() == 1 and ann.locator("#real-table").is_visible()
    waiting = ben.locator(".hint.waiting")
    waiting.wait_for()
    assert "Ann" in waiting.inner_text() and ben.locator(".pad").count() == 0
    shoot(ben, "real-race-waiting", lang)
    enter(ann, host, "5", "Ann")
    ben.locator(".pad .ask").wait_for()
    enter(ben, host, "3", "Ben")
    # Ann's first turn (first gear: one die): a 6, thrown again (racerbile.gears), then the field and Drive
    until(ann, lambda: s.entering() and s.state.phase == ROLL, "Ann's throw awaited")
    enter(ann, host, "6", "Ann")
    again = ann.locator(".pad .ask")
    until(ann, lambda: s.entering() and s.state.turn is not None and s.state.turn.fives, "the 6 to throw again")
    again.wait_for()
    shoot(ann, "real-race-again", lang)
    enter(ann, host, "3", "Ann")
    drive(ann, host)
    # Ben: a pad whose faces reach the host outdated (one more die) is refused – the reason on the pad, nothing logged
    until(ben, lambda: s.entering() and s.enterers() == (1,), "Ben's throw awaited")
    if s.state.phase == GEAR:
        ben.locator("button.action-gear:not([disabled])").first.click()
    ben.locator(".pad .ask").wait_for()
    n = len(log)
    plan["add"] = " 4"
    ben.locator('.pad button.face[data-face="2"]').click()
    refusal = ben.locator(".pad .refusal")
    refusal.wait_for()
    said = refusal.inner_text()  # the rule's reason in the phone's language, the rule cited
    rolling = {"en": "dice are rolling", "de": "Würfel rollen", "da": "terninger ruller"}[lang]
    assert rolling in said and "racerbile.gears" in said and len(log) == n and s.entering()
    shoot(ben, "real-race-refused", lang)
    ben.locator(".pad button.back").click()
    enter(ben, host, "2", "Ben")
    drive(ben, host)
    # Ann's second turn: up to gear 2, two dice tapped into their slots
    until(ann, lambda: s.state.phase == GEAR and 0 in s.waiting_for(), "Ann's second turn")
    up = ann.locator("button.action-gear.gear-up:not([disabled])")
    n = len(log)
    up.click()
    until(ann, lambda: len(log) > n and s.entering(), "Ann's gear")
    pad = ann.locator(".pad")
    until(ann, lambda: pad.locator(".slots .pips").count() == 2, "a pad of two dice")
    ann.locator('.pad button.face[data-face="4"]').click()
    ann.locator(".pad .slots .pips:not(.empty)").first.wait_for()
    shoot(ann, "real-race-pad", lang)
    ann.locator('.pad button.face[data-face="2"]').click()
    until(ann, lambda: s.state.phase == MOVE, "Ann's two dice ruled")
    assert log[-1].action == "dice 42" and (log[-1].detail or {}).get("entered") == "Ann"
    drive(ann, host)
    # the same throws through `Session.enter` at the host's own table rule the same race
    same = RaceSession(real_match(), pace=INSTANT)
    for e in log[len(same.match.log.entries):]:
        who = (e.detail or {}).get("entered")
        got = same.enter(who, e.action) if who else same.request(e.seat, same.match.parse(e.action))
        assert got is None, (e.action, got)
    assert same.match.rulings() == s.match.rulings() and [e.action for e in same.match.log.entries] == [e.action for e in log]
    entered = [(e.action, (e.detail or {}).get("entered")) for e in log if (e.detail or {}).get("entered")]
    assert entered == [("start 5", "Ann"), ("start 3", "Ben"), ("dice 6", "Ann"), ("dice 3", "Ann"), ("dice 2", "Ben"), ("dice 42", "Ann")]
    no_errors(ann)
    no_errors(ben)


def test_racerbile_lemans_end_the_clock_runs_and_the_judges_decide_while_a_team_enters_its_real_dice(
        browser: Any, hosts: list[TableHost]) -> None:
    teams = [PlayerSpec("Foxes", "remote", drivers=("Anna", "Bo", "Cy")), PlayerSpec("Owls", "careful", drivers=("Dana", "Eli", "Finn"))]
    m = Match("racerbile", teams, SPEC.make("le_mans"), seed=2, track="le_mans", real_table=True)
    host = TableHost(session_for(m, pace=Pace(0.0, 0.0, True)), host="127.0.0.1", port=0, drive_every=0.005)
    hosts.append(host)
    s = host.session
    log = s.match.log.entries
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    judges = new_page(browser, device=TABLET)
    take(judges, host, "judges")
    team = new_page(browser)
    take(team, host, "Foxes")
    team.locator("button.action-order").click()
    until(team, lambda: any(e.action == "startroll" for e in log), "the roll for the order")  # (then the entry's position is read)
    enter(team, host, "6", "Foxes")  # racerbile.start: the Foxes' own die; the Owls' (a bot's) is drawn at the host
    for _turn in range(ROLLS):  # (bounded) on to the Foxes' own dice
        until(team, lambda: 0 in s.waiting_for() or s.entering(), "the Foxes' turn")
        if s.entering():
            break
        if s.state.phase == MOVE:
            drive(team, host)
        else:
            n = len(log)
            try:
                team.locator("button.action-gear:not([disabled])").first.click(timeout=5_000)
            except PlaywrightTimeout:  # (a busy machine: the table moved on before the tap – the loop looks again)
                continue
            until(team, lambda: len(log) > n, "the gear")
    assert s.entering() and s.enterers() == (0,) and s.state.phase == ROLL
    team.locator(".pad .ask").wait_for()
    assert isinstance(s, RaceSession)
    clock = s.event_seconds()
    until(team, lambda: s.event_seconds() >= clock + 1, "the event clock running on while the dice are entered")
    # the judges decide meanwhile (racerbile.lemans.judges): penalty sips for Anna
    judges.locator('.step-group button[data-value="sips"]').click()
    judges.locator(".step-target button").first.click()
    judges.locator(".step-amount button").first.click()
    judges.locator(".step-reason button").first.click()
    n = len(log)
    judges.locator("button.action-judge").click()
    until(team, lambda: any(e.action.startswith("judge ") for e in log[n:]), "the judges' decision in the log")
    team.locator("#feed", has_text="judges").wait_for()  # (the team's phone has heard it)
    assert s.entering() and team.locator(".pad .ask").is_visible()
    want = throw_dice(s.state)
    n = len(log)
    for _die in range(want):
        team.locator('.pad button.face[data-face="3"]:not([disabled])').click()
    until(team, lambda: any((e.detail or {}).get("entered") == "Foxes" for e in log[n:]), "the Foxes' dice in the log")
    assert s.state.phase == MOVE
    no_errors(team)
    no_errors(judges)
