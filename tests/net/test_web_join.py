"""A browser joins a real host on loopback: the host's refusals come in the browser's language with an
id the page acts on (a laptop keeps the English it always had), the seats name a Le Mans team's
drivers and the judges' seat, and a seat's view offers Kontra – what may be challenged, in whose name –
which the host rules on when the page sends it back as an `act`."""
from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from game.match import Match
from game.net.authority import JUDGES as SEAT_OF_JUDGES
from game.net.host import TableHost
from game.net.web_view import challenge_offer
from game.rules.challenge import JUDGES
from game.session import INSTANT, session_for
from tests.net.test_authority import race
from tests.net.waiting import WAIT, until


def hosted(m: Match) -> TableHost:
    return TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0, drive_every=0.005)


@pytest.fixture
def lemans() -> Iterator[TableHost]:
    host = hosted(race(lemans=True, until_drink=True))
    yield host
    host.close()


@contextmanager
def hello(host: TableHost, **fields: Any) -> Iterator[ClientConnection]:
    """A connection to `host` that said hello with the table's code and `fields`."""
    with connect(f"ws://127.0.0.1:{host.port}", open_timeout=WAIT, max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "v": 1, "code": host.code, **fields}))
        yield ws


def heard(ws: ClientConnection, kind: str) -> dict[str, Any]:
    for _ in range(20):  # (bounded: the messages a join brings)
        msg = json.loads(ws.recv(timeout=WAIT))
        if msg["type"] == kind:
            return msg  # type: ignore[no-any-return]
    raise AssertionError(f"no {kind} message")


@pytest.mark.parametrize(("lang", "taken", "wrong"), [
    ("de", "Foxes ist besetzt (komm mit seinem Token zurück)", "falscher Beitrittscode"),
    ("da", "Foxes er optaget (kom tilbage med dens token)", "forkert kode"),
    ("en", "Foxes is taken (come back with its token)", "wrong join code"),
])
def test_a_browser_is_refused_in_its_language_with_the_reason_id_and_a_laptop_in_english(lemans: TableHost, lang: str, taken: str, wrong: str) -> None:
    with hello(lemans, seat="Foxes", web=True, lang=lang) as first:
        assert heard(first, "welcome")["seat"] == "Foxes"
        with hello(lemans, seat="Foxes", web=True, lang=lang) as second:
            refused = heard(second, "refused")
            assert (refused["reason"], refused["why"], refused["fatal"]) == (taken, "taken", True)
        with hello(lemans, seat="Foxes") as laptop:
            assert heard(laptop, "refused")["reason"] == "Foxes is taken (come back with its token)"
    with connect(f"ws://127.0.0.1:{lemans.port}", open_timeout=WAIT) as ws:
        ws.send(json.dumps({"type": "hello", "v": 1, "code": "ZZZZZZ", "watch": True, "web": True, "lang": lang}))
        refused = heard(ws, "refused")
        assert (refused["reason"], refused["why"]) == (wrong, "code")
    with hello(lemans, token="x" * 24, web=True, lang=lang) as ws:
        assert heard(ws, "refused")["why"] == "token"
    assert "Foxes is taken (come back with its token)" in lemans.refusals  # the host's own record stays English


def test_le_mans_seats_name_each_teams_drivers_and_the_judges_seat(lemans: TableHost) -> None:
    with hello(lemans, watch=True, web=True, lang="en") as ws:
        seats = heard(ws, "seats")
    assert [(s["name"], s["drivers"], s["kind"]) for s in seats["seats"]] == [
        ("Foxes", ["Anna", "Bo", "Cy"], "remote"), ("Owls", ["Dana", "Eli", "Finn"], "remote")]
    assert seats["judges"] is False  # a judges' seat, free


def test_a_seat_is_offered_kontra_in_its_drivers_names_and_the_host_rules_the_challenge_the_page_composes(lemans: TableHost) -> None:
    s = lemans.session
    with hello(lemans, seat="Foxes", web=True, lang="de") as ws:
        view = heard(ws, "view")["view"]
        offer = view["challenge"]
        assert offer["by"] == ["Anna", "Bo", "Cy"] and offer["people"] == ["Anna", "Bo", "Cy", "Dana", "Eli", "Finn"]
        assert offer["rulings"] and all(r["what"] in ("sips", "beer", "rest", "stroke", "schuss") for r in offer["rulings"])
        assert view["log"] and view["log"][0]["entry"] == 1  # the first view brings the whole feed (the log sheet)
        r = offer["rulings"][0]
        n = len(s.match.log.entries)
        # what sheets.js sends: the ruling, one of `by`, an amount in the offer's words, one of `people`, a reason
        ws.send(json.dumps({"type": "act", "v": 1, "at": view["at"],
                            "action": f"challenge {r['ruling']} by Bo: 0 {r['words'][1]} to {r['who']} – counted twice"}))
        until(lambda: len(s.match.log.entries) > n)
        assert str(s.match.log.entries[n].action).startswith(f"challenge {r['ruling']} by Bo: 0")
        ws.send(json.dumps({"type": "act", "v": 1, "at": len(s.match.log.entries),
                            "action": f"challenge {offer['rulings'][-1]['ruling']} by Dana: 0 sips to Dana – not mine"}))
        refused = heard(ws, "refused")  # in another seat's name: the host's authority says no, in German
        assert refused["reason"] == "du erhebst Einsprüche nur im Namen von Foxes, nicht von Dana", refused
    assert challenge_offer(s, SEAT_OF_JUDGES)["by"] == [JUDGES]


def test_the_hosts_goodbye_reaches_a_browser_in_its_language_and_a_laptop_in_english() -> None:
    host = hosted(race())
    try:
        with hello(host, watch=True, web=True, lang="da") as phone, hello(host, watch=True) as laptop:
            heard(phone, "view")
            heard(laptop, "seats")
            host.close()
            assert heard(phone, "bye")["reason"] == "værten lukkede bordet"
            assert heard(laptop, "bye")["reason"] == "the host closed the table"
    finally:
        host.close()
