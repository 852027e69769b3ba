"""A joined laptop hears the host's refusal from the rules in its own language: the host sends the
rules' English words; the laptop's rules refuse the action it just sent with the same words (its
mirror is the host's table) and say them as the `Phrase` they are – anything else stays as sent."""
from __future__ import annotations

from game.i18n import language, set_language
from game.match import Match, PlayerSpec
from game.net.client import TableClient
from game.net.host import TableHost
from game.net.remote import remote_of, remote_session
from game.session import INSTANT, Notice, Session, session_for
from tests.net.waiting import until


def test_schock_rolls_four_dice_entered_at_a_german_laptop_are_refused_in_german() -> None:
    m = Match("schock", [PlayerSpec("Ann", "remote"), PlayerSpec("Bo", "remote")], seed=4, games=1, real_table=True)
    s = session_for(m, pace=INSTANT)
    host = TableHost(s, host="127.0.0.1", port=0)
    s.on_tick.append(host.pump)
    tick = lambda: s.tick(0.01)  # noqa: E731
    thrower = m.players[s.to_act()].name
    c = TableClient(f"ws://127.0.0.1:{host.port}", host.code, seat=thrower)
    until(lambda: c.mirror is not None and c.index is not None, c.pump, tick)
    r: Session = remote_session(c)
    was = language()
    try:
        notes: list[str] = []
        r.listen(lambda ev: notes.append(ev.text) if isinstance(ev, Notice) else None)
        assert r.request(thrower, "roll") is None
        until(lambda: r.entering(), lambda: r.tick(0.01), tick)
        set_language("de")
        got = r.enter(thrower, "6 5 2 1")  # a real throw's faces are ruled here first: refused at once, nothing sent
        assert got is not None and str(got) == "3 Würfel wurden geworfen; sie können nicht 6521 zeigen"
        authority = remote_of(r)
        assert authority is not None
        authority._asked.append(r.parse_outcome("6 5 2 1"))  # as sent by a laptop that did not rule on it first
        c.request("6 5 2 1")
        until(lambda: notes, lambda: r.tick(0.01), tick)
        assert host.refusals == ["3 dice were rolled; they cannot show 6521"]  # English on the wire
        assert "3 Würfel wurden geworfen; sie können nicht 6521 zeigen" in notes[-1]
        assert authority.heard("a reason the rules here do not give") == "a reason the rules here do not give"
    finally:
        set_language(was)
        r.close()
        host.close()
