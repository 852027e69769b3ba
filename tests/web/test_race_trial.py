"""The time trial at the start of Racerbile from phones, in a real browser against a real host
(racerbile.variant.racerbile): two phones at a table with a bot; one types the people's seconds (a
bot's are set: shown, not typed), a time over the limit is refused with the host's reason on the form
and nothing logged, then the times go in – the host's log has `times …` with the bot's seconds from
`bot_times` – and equal times roll off for their places (Decisions: time trial). Screenshots of the form
and of its refusal in en, de and da at phone and tablet size go to docs/img/phone/."""
from __future__ import annotations

from typing import Any

import pytest

from game.match import Match, PlayerSpec
from game.net.host import TableHost
from game.racerbile.state import MAX_TRIAL_SECONDS, ORDER
from game.rules.racerbile import SPEC
from game.rules.ruling import What
from game.session import INSTANT, session_for
from game.session.race import RaceSession
from tests.web.conftest import new_page, no_errors
from tests.web.test_race import LANGS, shoot, take, until

REFUSED = {  # the referee's reason (game/racerbile/start.py) as each phone shows it
    "en": "enter one time per seat (3), each more than 0 and at most 3600 seconds – the time trial (rule racerbile.variant.racerbile)",
    "de": "eine Zeit pro Platz eingeben (3), jede über 0 und höchstens 3600 Sekunden – das Zeitfahren (Regel racerbile.variant.racerbile)",
    "da": "indtast én tid pr. plads (3), hver over 0 og højst 3600 sekunder – tidskørslen (regel racerbile.variant.racerbile)",
}


def trial_host() -> TableHost:
    players = [PlayerSpec("Ann", "remote"), PlayerSpec("Ben", "remote"), PlayerSpec("Robo", "careful")]
    m = Match("racerbile", players, SPEC.make("racerbile"), seed=7, track="babybane")
    return TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0, drive_every=0.005)


@pytest.mark.parametrize("lang", LANGS)
def test_racerbile_variant_racerbile_a_phone_enters_the_time_trial_and_equal_times_roll_off(browser: Any, hosts: list[TableHost], lang: str) -> None:
    host = trial_host()
    hosts.append(host)
    ann, ben = new_page(browser, lang=lang), new_page(browser, lang=lang)
    take(ann, host, "Ann")
    take(ben, host, "Ben")
    assert isinstance(host.session, RaceSession)
    bot = f"{host.session.bot_times()[2]:g}"
    form = ann.locator("form.trial")
    for page in (ann, ben):  # any person may enter the times for everybody: both phones get the form
        f = page.locator("form.trial")
        f.wait_for()
        assert f.locator("input").count() == 2 and f.locator("button.action-order").count() == 1  # the roll beside it
        assert bot in f.locator(".trial-row.bot").inner_text()  # the bot's seconds shown, not typed
    log = host.session.match.log.entries
    n = len(log)
    ann.locator('input[data-seat="0"]').fill("5,5")  # a comma is read as the point
    ann.locator('input[data-seat="1"]').fill(f"{MAX_TRIAL_SECONDS + 400}")
    ann.locator("button.action-trial").click()
    refusal = form.locator(".refusal")
    refusal.wait_for()
    assert refusal.inner_text() == REFUSED[lang]
    assert len(log) == n and host.session.state.phase == ORDER  # nothing logged
    assert ann.locator('input[data-seat="0"]').input_value() == "5,5"  # the times kept to be mended
    shoot(ann, "race-trial-refused", lang)
    ann.locator('input[data-seat="1"]').fill("")  # a time missing: refused alike, the empty field marked
    assert refusal.is_hidden()  # mending the times takes the old refusal away
    ann.locator("button.action-trial").click()
    ann.locator('input[data-seat="1"].missing').wait_for()
    assert form.locator(".refusal").inner_text() == REFUSED[lang] and len(log) == n
    ann.locator('input[data-seat="1"]').fill(bot)  # Ben as fast as the bot: they roll off
    assert ann.locator("input.missing").count() == 0
    shoot(ann, "race-trial", lang)
    ann.locator("button.action-trial").click()
    until(lambda: len(log) > n, "the times entered")
    assert str(log[n].action) == f"times 5.5 {bot} {bot}"
    st = until(lambda: host.session.state if host.session.state.order else None, "the order settled")
    ties = [r for r in log[n].rulings if r.rule == "racerbile.variant.racerbile" and r.what is What.NOTE]
    assert len(ties) == 1 and "Ben, Robo" in str(ties[0].arithmetic)
    rolled = [r for e in log[n + 1:] for r in e.rulings if r.rule == "racerbile.start" and r.amount and str(e.action).startswith("start ")]
    assert {r.who for r in rolled} == {"Ben", "Robo"}  # only those tied roll, ties again roll again
    last = {r.who: r.amount for r in rolled[-2:]}
    assert st.order[0] == 0 and [st.players[s] for s in st.order[1:]] == sorted(last, key=lambda w: -last[w])
    ben.locator("form.trial").wait_for(state="detached")  # the other phone's form is gone: the order is settled
    no_errors(ann)
    no_errors(ben)
