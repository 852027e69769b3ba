"""Issue 13, item 30 – the Decision "Roller: contacts at the same moment" (beside bierpong.art15):
contacts with two rims within the same 35 ms (the seam of two touching cups) are one touch, so a
ball that lands on a seam and drops straight in is no roller; two rims at clearly different times
still make one. Real throws through `physics.world.simulate`, classified by
`game.bierpong.classify` and ruled on a `Match`; and constructed contact lists either side of 35 ms.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from tests.bierpong_physics_helpers import SINGLES, cups, new_game, rack_now
from game.bierpong import solver as S
from game.bierpong.actions import Throw
from game.bierpong.classify import classify, read
from game.bierpong.outcome import Outcome, parse_outcome
from game.bierpong.state import BierpongState
from game.match import Match
from game.rules.ruling import Ruling, What
from physics.events import CupContact, Event, Sink, TableBounce
from physics.table import Cup
from physics.world import Throw as PhysThrow
from physics.world import simulate

SEAM = 0.035  # the Decision's 35 ms, written out so these tests also run against older code


def cup_contacts(events: Sequence[Event]) -> list[CupContact]:
    sink = next(e for e in events if isinstance(e, Sink))
    return [e for e in events if isinstance(e, CupContact) and e.t <= sink.t]


def search(rack: Sequence[Cup], seeds: Callable[[], Iterator[PhysThrow]],
           want: Callable[[tuple[Event, ...]], bool], budget: int = 3000) -> tuple[Event, ...]:
    """The events of the first throw of the solver's deterministic search that does `want` (no cup
    knocked over, no table contact: cup contacts only)."""
    for n, th in enumerate(S._varied(seeds, S.SPINS)):
        if n >= budget:
            break
        events = tuple(simulate(tuple(rack), th, max_time=S.MAX_TIME).events)
        r = read(events)
        if r.tipped or r.outcome.cup is None or any(isinstance(e, TableBounce) for e in events):
            continue
        if want(events):
            return events
    raise AssertionError("no physical throw of the search does it")


def seam_drop(events: tuple[Event, ...]) -> bool:
    """Two different rims at the same moment, nothing else, then into one of them."""
    cc = cup_contacts(events)
    sink = next(e for e in events if isinstance(e, Sink))
    return (len({e.cup for e in cc}) == 2 and sink.cup in {e.cup for e in cc}
            and max(e.t for e in cc) - min(e.t for e in cc) <= SEAM and all(e.kind == "rim" for e in cc))


def clear_roller(events: tuple[Event, ...]) -> bool:
    """The rim of one cup, then – more than 0.1 s later – the rim of the cup it drops into."""
    cc = cup_contacts(events)
    sink = next(e for e in events if isinstance(e, Sink))
    others = [e for e in cc if e.cup != sink.cup]
    own = [e for e in cc if e.cup == sink.cup and e.kind == "rim"]
    return (len({e.cup for e in others}) == 1 and bool(own)
            and min(e.t for e in own) - max(e.t for e in others) > 0.1)


def state(m: Match) -> BierpongState:
    st: BierpongState = m.state
    return st


def rule_throw(m: Match, player: str, events: Sequence[Event]) -> tuple[Outcome, list[Ruling]]:
    o = parse_outcome(str(classify(events)))  # as the match scene logs it
    return o, list(m.apply(Throw(player, o)).rulings)


def miss(m: Match, player: str) -> list[Ruling]:
    return list(m.apply(Throw(player, Outcome())).rulings)


def removed(rulings: list[Ruling]) -> list[tuple[int, str]]:
    return [(r.amount, r.rule) for r in rulings if r.what == What.CUPS]


# --- real throws ---------------------------------------------------------------------------------


def test_bierpong_art15_a_real_seam_drop_is_not_a_roller() -> None:
    """bierpong.art15, Decision "Roller: contacts at the same moment": a real ball lands on the seam
    of two touching rims of the full rack (both rims touched within 35 ms, nothing else) and drops
    straight into one of them – one touch, a plain hit: one cup goes, no roller's extra cup."""
    m = new_game(SINGLES, auto_remove_cups=True)
    rack = rack_now(state(m), "Ann")
    front = S._front_first(rack)
    events = search(rack, S._rim_seeds(rack, front[:3], S.RELEASE), seam_drop)
    cc = cup_contacts(events)
    sink = next(e for e in events if isinstance(e, Sink))
    assert len({e.cup for e in cc}) == 2  # two cups were touched – the old reading's roller
    o, rs = rule_throw(m, "Ann", events)
    assert str(o) == f"hit {sink.cup}" and not o.roller and not o.bounced
    rs += miss(m, "Ann")
    assert not [r for r in rs if r.rule == "bierpong.art15"]
    assert sum(n for n, _ in removed(rs)) == 1 and set(cups(m, 1)) == {c.id for c in rack} - {sink.cup}


def test_bierpong_art15_a_seam_drop_is_no_touch_down_with_cup_contact_is_bounce() -> None:
    """bierpong.art15 / art14, Decisions "Roller: contacts at the same moment" and "Do contacts with
    cups make an Aufsetzer?": with `cup_contact_is_bounce` a real seam drop into one of the two cups
    is rimming in – the seam is one touch of the cup it drops into – not a bounce."""
    m = new_game(SINGLES, auto_remove_cups=True, cup_contact_is_bounce=True)
    rack = rack_now(state(m), "Ann")
    events = search(rack, S._rim_seeds(rack, S._front_first(rack)[:3], S.RELEASE), seam_drop)
    o = classify(events, cup_contact_is_bounce=True)
    assert o.hit and not o.bounced and not o.roller


def test_bierpong_art15_two_rims_at_clearly_different_times_are_still_a_roller() -> None:
    """bierpong.art15, Decision "Roller: contacts at the same moment": a real ball touches one rim
    and, more than 0.1 s later, the rim of another cup it then drops into – two touches, a roller:
    it counts as an Aufsetzer, +1 cup."""
    m = new_game(SINGLES, auto_remove_cups=True)
    rack = rack_now(state(m), "Ann")
    events = search(rack, S._rim_seeds(rack, S._front_first(rack), S.RELEASE), clear_roller)
    o, rs = rule_throw(m, "Ann", events)
    first = cup_contacts(events)[0].cup
    assert o.roller and not o.bounced and o.touched == (first, o.cup) and str(o) == f"roller {first}>{o.cup}"
    rs += miss(m, "Ann")
    assert [r for r in rs if r.rule == "bierpong.art15"]
    assert removed(rs) == [(2, "bierpong.art14")] and len(cups(m, 1)) == 8


# --- constructed contact lists -------------------------------------------------------------------


def rims(*contacts: tuple[float, int], sink: int, at: float = 0.9) -> list[Event]:
    return [*(CupContact(t, c, "rim") for t, c in contacts), Sink(at, sink)]


def test_bierpong_art15_two_rims_34_ms_apart_are_one_touch() -> None:
    """bierpong.art15, Decision "Roller: contacts at the same moment": rims of cups 2 and 3 34 ms
    apart, then into 3 – one touch on the seam: a plain hit, not a roller."""
    o = classify(rims((0.500, 2), (0.534, 3), sink=3))
    assert o == Outcome(cup=3, touched=(3,)) and str(o) == "hit 3" and not o.roller
    assert str(classify(rims((0.500, 2), (0.534, 3), sink=2))) == "hit 2"  # into either cup of the seam


def test_bierpong_art15_two_rims_36_ms_apart_are_a_roller() -> None:
    """bierpong.art15, Decision "Roller: contacts at the same moment": rims of cups 2 and 3 36 ms
    apart, then into 3 – two touches: a roller 2>3."""
    o = classify(rims((0.500, 2), (0.536, 3), sink=3))
    assert o.roller and o.touched == (2, 3) and str(o) == "roller 2>3"


def test_bierpong_art15_a_seam_and_a_rattle_on_the_same_cup_is_no_roller() -> None:
    """bierpong.art15, Decision "Roller: contacts at the same moment": the seam of cups 2 and 3,
    then 60 ms later the rim of cup 3 again, then into 3 – one cup touched, no roller; the same seam
    and then cup 5's rim before dropping into 3 is a roller 5>3."""
    assert str(classify(rims((0.500, 2), (0.500, 3), (0.560, 3), sink=3))) == "hit 3"
    assert str(classify(rims((0.500, 2), (0.500, 3), (0.560, 5), sink=3))) == "roller 5>3"


def test_bierpong_art15_a_seam_touch_into_a_third_cup_is_one_rim() -> None:
    """bierpong.art15, Decisions "Roller (art15)" and "Roller: contacts at the same moment": the seam
    of cups 2 and 3 touched at once and the ball drops into cup 5 without touching its rim – one
    touch, like a single rim of another cup: no roller."""
    o = classify(rims((0.500, 2), (0.510, 3), sink=5))
    assert o.hit and o.cup == 5 and not o.roller and str(o) == "hit 5"


def test_bierpong_art15_the_same_moment_is_counted_from_a_touchs_first_contact() -> None:
    """bierpong.art15, Decision "Roller: contacts at the same moment": the 35 ms run from a touch's
    first contact, they do not chain – rims of 2, 3 and 5 at 0, 30 and 60 ms, then into 2: the seam
    of 2 and 3 is one touch, cup 5 another – a roller 5>2."""
    o = classify(rims((0.500, 2), (0.530, 3), (0.560, 5), sink=2))
    assert o.roller and str(o) == "roller 5>2"
