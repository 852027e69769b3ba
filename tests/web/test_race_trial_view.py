"""The time trial at the start of Racerbile and Le Mans in a browser's view, without a browser
(racerbile.variant.racerbile): the host offers it to every person's seat the table waits for – each
seat in seat order, a bot's seconds set by `bot_times` – and to no other; the `times …` a page composes
from it is the referee's to take or refuse, and a stale one is refused before the referee sees it."""
from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

from websockets.sync.client import connect

from game.i18n import speaking
from game.match import Match, PlayerSpec
from game.net.authority import JUDGES
from game.net.host import TableHost
from game.net.views.race import view
from game.racerbile.state import MAX_TRIAL_SECONDS, ORDER
from game.rules.racerbile import SPEC
from game.session import INSTANT, session_for
from game.session.race import RaceSession
from game.session.session import Session
from tests.net.waiting import WAIT, until


def racerbile(seed: int = 7) -> RaceSession:
    """Ann and Ben at phones, Robo a bot, at the start of a Racerbile race."""
    players = [PlayerSpec("Ann", "remote"), PlayerSpec("Ben", "remote"), PlayerSpec("Robo", "careful")]
    s = session_for(Match("racerbile", players, SPEC.make("racerbile"), seed=seed, track="babybane"), pace=INSTANT)
    assert isinstance(s, RaceSession)
    s.tick(0.01)
    return s


def kinds(s: Session, seat: int | None) -> list[str]:
    """The start's offers to `seat` (the time trial, the roll for the order)."""
    return [o["kind"] for o in view(s, seat)["actions"] if o["kind"] in ("trial", "order")]


def trial(s: Session, seat: int | None) -> dict[str, Any]:
    return next(o for o in view(s, seat)["actions"] if o["kind"] == "trial")


def test_racerbile_variant_racerbile_the_time_trial_lists_every_seat_with_the_bots_times_and_the_limits() -> None:
    s = racerbile()
    assert s.state.phase == ORDER and s.waiting_for() == (0, 1)
    bot = s.bot_times()[2]
    for seat in (0, 1):  # any person enters the times for everybody
        assert kinds(s, seat) == ["trial", "order"]  # the times, and the roll for the order beside them
        o = trial(s, seat)
        assert o["action"] == "times" and o["most"] == MAX_TRIAL_SECONDS
        assert [(x["name"], x["bot"]) for x in o["seats"]] == [("Ann", None), ("Ben", None), ("Robo", f"{bot:g}")]
        assert o["seats"][2]["label"] == f"{bot:g} s (bot)" and str(MAX_TRIAL_SECONDS) in o["limits"]
    # the page's composition (seat order, a bot's seconds as offered) is the referee's to take
    line = " ".join(["times", "9.5", "12", trial(s, 0)["seats"][2]["bot"]])
    n = len(s.match.log.entries)
    assert s.request(1, s.match.parse(line)) is None
    assert str(s.match.log.entries[n].action) == line == f"times 9.5 12 {bot:g}"


def test_racerbile_variant_racerbile_no_time_trial_for_a_seat_not_waited_for() -> None:
    s = racerbile()
    assert 2 not in s.waiting_for()
    assert kinds(s, 2) == [] and kinds(s, None) == [] and kinds(s, JUDGES) == []  # the bot's seat, a watcher, no judges here
    assert s.request(0, s.match.parse("times 9 9.5 10")) is None
    assert s.state.phase != ORDER
    assert all("trial" not in kinds(s, seat) for seat in (0, 1, 2, None))  # the order is being settled: no form any more


def test_racerbile_lemans_teams_the_time_trial_names_each_teams_driver_at_the_wheel_and_no_judge_gets_it() -> None:
    teams = [PlayerSpec("Foxes", "remote", drivers=("Anna", "Bo", "Cy")), PlayerSpec("Owls", "careful", drivers=("Dana", "Eli", "Finn"))]
    s = session_for(Match("racerbile", teams, SPEC.make("le_mans"), seed=2, track="le_mans"), pace=INSTANT)
    s.tick(0.01)
    o = trial(s, 0)
    assert [(x["name"], x["driver"], x["bot"] is None) for x in o["seats"]] == [("Foxes", "Anna", True), ("Owls", "Dana", False)]
    assert kinds(s, JUDGES) == [] and kinds(s, 1) == []


def test_racerbile_variant_racerbile_the_form_speaks_the_browsers_language() -> None:
    s = racerbile()
    english = trial(s, 0)
    for lang in ("de", "da"):
        with speaking(lang):
            said = trial(s, 0)
        for key in ("label", "hint", "limits", "unit"):
            assert said[key] and said[key] != english[key], (lang, key)
        assert said["seats"][2]["bot"] == english["seats"][2]["bot"]  # the notation's number: the same in every language


def test_racerbile_variant_racerbile_a_time_out_of_range_or_missing_is_refused_with_the_rule_and_nothing_logged() -> None:
    s = racerbile()
    bot = trial(s, 0)["seats"][2]["bot"]
    log = s.match.log.entries
    n = len(log)
    for line in (f"times 9.5 {MAX_TRIAL_SECONDS + 1} {bot}", f"times 0 12 {bot}", f"times 9.5 {bot}"):
        refusal = s.request(0, s.match.parse(line))
        assert refusal is not None and "(racerbile.variant.racerbile: " in refusal.reason, line
        assert len(log) == n and s.state.phase == ORDER
        with speaking("de"):
            assert str(refusal).startswith("eine Zeit pro Platz eingeben (3), jede über 0 und höchstens 3600 Sekunden")


def test_racerbile_variant_racerbile_times_sent_after_the_order_was_entered_are_refused_as_stale() -> None:
    """Both phones show the form; Ben's times, sent at the position before Ann's were taken, are stale."""
    s = racerbile()
    host = TableHost(s, host="127.0.0.1", port=0, drive_every=0.005)
    try:
        with ExitStack() as stack:
            socks = []
            for name in ("Ann", "Ben"):
                ws = stack.enter_context(connect(f"ws://127.0.0.1:{host.port}", open_timeout=WAIT, max_size=None))
                ws.send(json.dumps({"type": "hello", "v": 1, "code": host.code, "web": True, "lang": "de", "seat": name}))
                socks.append(ws)
            until(lambda: all(host.connected().values()))
            log = s.match.log.entries
            at = len(log)
            bot = f"{s.bot_times()[2]:g}"
            socks[0].send(json.dumps({"type": "act", "v": 1, "action": f"times 9 10 {bot}", "at": at}))
            until(lambda: len(log) > at)
            socks[1].send(json.dumps({"type": "act", "v": 1, "action": f"times 8 7 {bot}", "at": at}))
            for _ in range(100):
                msg = json.loads(socks[1].recv(timeout=WAIT))
                if msg["type"] == "refused":
                    break
            assert msg["type"] == "refused" and not msg["fatal"] and msg["reason"] == host.refusals[-1] != "", msg
            assert [str(e.action) for e in log[at:]][:1] == [f"times 9 10 {bot}"] and "times 8 7" not in " ".join(str(e.action) for e in log)
    finally:
        host.close()


def test_racerbile_variant_racerbile_unreadable_times_from_a_browser_are_refused_and_the_table_plays_on() -> None:
    """An attacker's `times` lines (no number, NaN, infinity, an overflow, a negative, too many, a huge
    line): each refused to its sender, none fatal, nothing logged – and the next good times are taken."""
    s = racerbile()
    host = TableHost(s, host="127.0.0.1", port=0, drive_every=0.005)
    bad = ["times abc 9 9", "times nan nan nan", "times inf 9 9", "times 1e999 9 9", "times -1 9 9", "times 9 9 9 9 9",
           "times 9,5 9 9", "times " + "9" * 3000 + " 9 9", "times \u0000 9 9", "times \ud800 9 9"]
    try:
        with connect(f"ws://127.0.0.1:{host.port}", open_timeout=WAIT, max_size=None) as ws:
            ws.send(json.dumps({"type": "hello", "v": 1, "code": host.code, "web": True, "lang": "da", "seat": "Ann"}))
            until(lambda: host.connected()[0])
            log = s.match.log.entries
            at = len(log)
            for line in bad:
                ws.send(json.dumps({"type": "act", "v": 1, "action": line, "at": at}))
                for _ in range(100):
                    msg = json.loads(ws.recv(timeout=WAIT))
                    if msg["type"] in ("refused", "bye"):
                        break
                assert msg["type"] == "refused" and not msg["fatal"] and msg["reason"], (line, msg)
                assert len(log) == at and s.state.phase == ORDER, line
            bot = f"{s.bot_times()[2]:g}"
            ws.send(json.dumps({"type": "act", "v": 1, "action": f"times 9 10 {bot}", "at": at}))
            until(lambda: len(log) > at)
            assert str(log[at].action) == f"times 9 10 {bot}"
    finally:
        host.close()
