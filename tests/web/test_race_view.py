"""The race's part of a browser's view, without a browser: the track sent once is the track, and
every offer is a decision the referee takes for that seat – the page sends offers only, so an offer
the referee refused would be a dead button."""
from __future__ import annotations

from game.errors import IllegalAction
from game.hexgrid import Hex
from game.match import Match, PlayerSpec
from game.net.authority import JUDGES
from game.net.views.race import KINDS, static, view
from game.racerbile.state import GEAR, MOVE
from game.rules.racerbile import SPEC
from game.session import INSTANT, session_for
from game.session.session import Session
from game.state import CHANCE


def lemans(until: str) -> Session:
    """A Le Mans race (the Foxes at a phone, the Owls a bot) played on until the Foxes reach `until`."""
    teams = [PlayerSpec("Foxes", "remote", drivers=("Anna", "Bo", "Cy")), PlayerSpec("Owls", "careful", drivers=("Dana", "Eli", "Finn"))]
    m = Match("racerbile", teams, SPEC.make("le_mans"), seed=2, track="le_mans")
    s = session_for(m, pace=INSTANT)
    for _step in range(500):  # (bounded)
        s.tick(0.05)
        st = s.state
        if 0 in s.waiting_for():
            if st.phase == until:
                return s
            assert s.request(0, st.legal_actions()[0]) is None
        elif st.current_player() == CHANCE:
            continue
    raise AssertionError(f"the Foxes never got to {until}")


def test_the_track_is_sent_once_as_it_is_every_field_with_its_kind_and_the_pit_lane() -> None:
    s = lemans(GEAR)
    got = static(s)
    track = s.state.track
    f = got["fields"]
    assert {Hex(f[i], f[i + 1]): KINDS[f[i + 2]] for i in range(0, len(f), 3)} == dict(track.fields)
    assert len(got["pit"]) == 2 * len(track.pit.fields) and got["field42"] == [track.field42.q, track.field42.r]


def test_racerbile_turn_every_drive_offered_is_a_legal_move_and_its_coach_says_the_referees_sips() -> None:
    s = lemans(MOVE)
    st = s.state
    drives = [o for o in view(s, 0)["actions"] if o["kind"] == "drive"]
    assert {tuple(o["to"]) for o in drives} == {(h.q, h.r) for h in st.moves().ends()}  # every field within reach lit
    me = st.driver(st.turn.seat)
    for o in drives:
        step = st.apply(st.parse_action(o["action"]))  # the referee takes it (IllegalAction otherwise)
        drunk = step.state.ledger[me].sips - st.ledger[me].sips
        assert o["sips"] == drunk - sum(r.amount for r in step.rulings if r.who == me and r.rule == "racerbile.turn")
    assert view(s, 1)["actions"] == [] or all(o["kind"] == "fault" for o in view(s, 1)["actions"])  # not the Owls' turn


def test_racerbile_lemans_judges_every_decision_offered_is_ruled_and_no_team_seat_gets_one() -> None:
    s = lemans(GEAR)
    st = s.state
    offers = view(s, JUDGES)["actions"]
    assert {o["group"] for o in offers} == {"sips", "laps", "out", "rule"}
    for o in offers:
        try:
            st.apply(st.parse_action(o["action"]))
        except IllegalAction as e:  # pragma: no cover - the message says which
            raise AssertionError(f"{o['action']}: {e}") from None
    assert not any(o["kind"] == "judge" for o in view(s, 0)["actions"])
    assert view(s, None)["actions"] == []  # a watcher decides nothing
