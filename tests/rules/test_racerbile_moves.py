"""The legal-move search against the brute-force oracle, and the driving rules it keeps.

Positions are found on the shipped tracks (tracks/*.yaml), not written down: bends, straight
runs, blocking fields, arrows, the split and the pit lane are looked up in the course.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.hexgrid import DIRECTIONS, Hex
from game.racerbile import oracle
from game.racerbile.course import Course
from game.racerbile.moves import Board, Move, check_path, cornered, legal_moves
from game.racerbile.track import Kind, Track
from game.racerbile.validate import load_track

ROOT = Path(__file__).resolve().parents[2]
TRACKS = sorted(p.stem for p in (ROOT / "tracks").glob("*.yaml"))
EXAMPLES = 150 // max(len(TRACKS), 1) + 1  # about 150 positions over all the tracks


@cache
def track(name: str) -> Track:
    return load_track(ROOT / "tracks" / f"{name}.yaml")


def course(name: str) -> Course:
    return track(name).course


def outcome(m: Move) -> oracle.Outcome:
    return (m.end, m.facing, m.squeals, len(m.path), m.choice, m.off_track, m.blocked, m.bonk, m.sharp)


def turn(a: int, b: int) -> int:
    """The turn between two directions in steps of 60°."""
    t = (a - b) % 6
    return min(t, 6 - t)


def way(c: Course, a: Hex, b: Hex) -> int:
    """The direction of the forward step a → b (the test fails if there is none)."""
    ds = [d for n, d in c.steps[a] if n == b]
    assert ds, f"{b} is no forward step from {a}"
    return ds[0]


def ahead(c: Course, a: Hex, b: Hex) -> int:
    return (c.progress[b] - c.progress[a]) % c.lap


def bends(c: Course) -> list[tuple[Hex, int]]:
    """(field, the way a car came along the track) where straight on is no forward step."""
    out = set()
    for h, steps in c.steps.items():
        for n, d in steps:
            if c.progress[n] > c.progress[h] and (n + DIRECTIONS[d], d) not in c.steps[n]:
                out.add((n, d))
    return sorted(out)


def straight(c: Course, h: Hex, d: int) -> list[Hex]:
    """The fields straight on from `h` in direction `d` while each is a forward step."""
    run: list[Hex] = []
    while (h + DIRECTIONS[d], d) in c.steps[h] and len(run) < 13:
        h = h + DIRECTIONS[d]
        run.append(h)
    return run


def changes(start_way: int | None, ways: list[int]) -> int:
    """Changes of direction along the ways of a path (the first counts only from a facing)."""
    seq = ([start_way] if start_way is not None else []) + ways
    return sum(1 for a, b in zip(seq, seq[1:]) if a != b)


# --- the search against brute force --------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn, name: str) -> tuple[Hex, int | None, int, Board, int, bool]:
    """A random position: the car, its facing (or none), the roll, the other caps (a few, some
    flipped on blocking fields, two on a field block it), maybe a chosen branch, gear, facing rule."""
    c = course(name)
    fields = sorted(c.progress)
    start = draw(st.sampled_from(fields))
    facing = draw(st.none() | st.integers(0, 5))
    roll = draw(st.integers(1, 12))
    near = [h for h in fields if h != start and 0 < ahead(c, start, h) <= 12]
    caps = draw(st.lists(st.sampled_from(near), max_size=6)) if near else []
    flipped = {h for h in caps if c.kinds.get(h) is Kind.BLOCKING and draw(st.booleans())}
    full = {h for h in caps if caps.count(h) >= 2} - flipped
    chosen: dict[int, str] | None = None
    if bool(c.branch_of) and draw(st.booleans()):
        split, branch = draw(st.sampled_from(sorted(set(c.branch_of.values()))))
        chosen = {split: branch}
    board = Board(frozenset(flipped), frozenset(full), chosen)
    return start, facing, roll, board, draw(st.integers(1, 3)), draw(st.booleans())


def check_move(c: Course, start: Hex, facing: int | None, roll: int, board: Board, gear: int, facing_rule: bool, m: Move) -> None:
    """racerbile.turn: the path is forward steps, at most 60° from step to step, no field twice."""
    got = check_path(c, start, facing, roll, m.path, board, gear=gear, facing_rule=facing_rule)
    if m.path:
        assert outcome(got) == outcome(m)
    else:  # `drive -` names no way: any move of no fields
        assert not got.path
    cur, f = start, facing
    if cornered(c, start, facing) and roll < 10:
        f = None  # in a corner the first step turns as it must (and squeals on 7–9)
    for n in m.path:
        d = way(c, cur, n)
        assert f is None or turn(d, f) <= 1
        cur, f = n, d
    assert len(set(m.path) | {start}) == len(m.path) + 1
    assert len(m.path) + m.short == roll


@pytest.mark.parametrize("name", TRACKS)
@settings(max_examples=EXAMPLES, deadline=None)
@given(data=st.data())
def test_legal_moves_match_the_brute_force_oracle(name: str, data: st.DataObject) -> None:
    """racerbile.turn, racerbile.reckless, racerbile.flat_out, racerbile.field.blocking, racerbile.stack,
    racerbile.split, racerbile.lemans.pit, racerbile.variant.racerbile: the search finds exactly
    the outcomes of a plain depth-first search over every path, each once, and every path passes."""
    c = course(name)
    start, facing, roll, board, gear, facing_rule = data.draw(positions(name))
    legal = legal_moves(c, start, facing, roll, board, gear=gear, facing_rule=facing_rule)
    truth = oracle.paths(c, start, facing, roll, board, gear=gear, facing_rule=facing_rule)
    assert {outcome(m) for m in legal} == {o for _, o in truth}
    assert len({outcome(m) for m in legal}) == len(legal)  # no move twice
    for m in legal:
        check_move(c, start, facing, roll, board, gear, facing_rule, m)
    # every path the brute force drives is accepted as the move it is, not only the search's ones
    for path, o in truth[:: max(1, len(truth) // 8)]:
        if path:
            assert outcome(check_path(c, start, facing, roll, path, board, gear=gear, facing_rule=facing_rule)) == o


def roundabout() -> Course:
    """A ring of six fields of equal progress: a car could drive round it within the 60° limit."""
    ring = [DIRECTIONS[i] for i in range(6)]
    steps = {h: tuple((n, way) for n in (ring[(i + 1) % 6], ring[i - 1]) for way in [DIRECTIONS.index(n - h)]) for i, h in enumerate(ring)}
    return Course(
        track_hash="roundabout",
        lap=100,
        progress={h: 0 for h in ring},
        steps=steps,
        kinds={h: Kind.NORMAL for h in ring},
        pit=frozenset(),
        start=(ring[0],),
        behind=(),
        branch_of={},
        midway=None,
        field42=None,
        dunlop=frozenset(),
        heading=0,
    )


def test_a_move_never_comes_back_to_a_field_even_round_a_loop() -> None:
    """racerbile Decisions (direction of travel): no field twice. The search keeps one path per
    state only where no move can come back to a field – true of every shipped track; on a loop of
    equal progress it keeps every path, and still finds what the brute force finds."""
    assert not any(course(name).loops for name in TRACKS)
    c = roundabout()
    assert c.loops
    start = sorted(c.progress)[0]
    for roll in (5, 6, 7, 9):
        for facing in (None, *range(6)):
            legal = legal_moves(c, start, facing, roll, Board(), facing_rule=True)
            assert {outcome(m) for m in legal} == oracle.outcomes(c, start, facing, roll, Board(), facing_rule=True)
            assert all(start not in m.path and len(set(m.path)) == len(m.path) for m in legal)
            assert max(len(m.path) for m in legal) <= 5  # round the ring, not back onto the start


# --- the rules, one by one -----------------------------------------------------------------


def a_sharp_step(name: str) -> tuple[Hex, int, Hex, Hex]:
    """A field, a facing, a forward step 120° off it and one within 60°."""
    c = course(name)
    for h in sorted(c.steps):
        for n1, d1 in c.steps[h]:
            for n2, d2 in c.steps[h]:
                if turn(d1, d2) == 2:
                    return h, d1, n1, n2
    raise AssertionError("no field with a 120° fork")


def test_no_turn_of_more_than_60_degrees() -> None:
    """racerbile.turn: no turn of more than 60° from one field to the next; facing no way (Babybile)
    the first step takes any direction."""
    c = course("le_mans")
    h, f, ok, sharp = a_sharp_step("le_mans")
    legal = legal_moves(c, h, f, 3, Board(), facing_rule=True)
    assert all(m.path[0] != sharp for m in legal)
    assert any(m.path[0] == ok for m in legal)
    with pytest.raises(ValueError, match="60°"):
        check_path(c, h, f, 3, (sharp,), Board(), facing_rule=True)
    assert check_path(c, h, None, 3, (sharp,), Board()).path == (sharp,)


def test_at_least_one_field_and_a_sip_per_field_not_driven() -> None:
    """racerbile.turn, racerbile.technical.fewer_fields: a car that can move drives at least one
    field; each field of the roll not driven is a sip."""
    c = course("babybane")
    h = c.start[0]
    legal = legal_moves(c, h, None, 4, Board())
    assert {len(m.path) for m in legal} == {1, 2, 3, 4}
    with pytest.raises(ValueError, match="at least one field"):
        check_path(c, h, None, 4, (), Board())
    one = next(m for m in legal if len(m.path) == 1)
    assert one.short == 3 and one.sips == 3 and not one.blocked


def test_reckless_driving_squeals_at_every_change_of_direction() -> None:
    """racerbile.reckless, racerbile.technical.squeal: on 7–9 every change of direction is a squeal
    (a sip); the same path on a 6 costs none."""
    c = course("le_mans")
    h = next(h for h in sorted(c.progress) if len(c.steps[h]) >= 3)
    legal = legal_moves(c, h, None, 7, Board())
    winding = max((m for m in legal if len(m.path) <= 6), key=lambda m: (m.squeals, m.path))
    ways, cur = [], h
    for n in winding.path:
        ways.append(way(c, cur, n))
        cur = n
    assert winding.squeals == changes(None, ways) >= 2
    assert check_path(c, h, None, 7, winding.path, Board()).squeals == winding.squeals
    calm = check_path(c, h, None, 6, winding.path, Board())
    assert calm.squeals == 0 and calm.sips == 6 - len(winding.path)


def a_short_straight(name: str) -> tuple[Hex, int, list[Hex]]:
    """A field, a way along the track, and the fields straight on before the track bends away (1–9)."""
    c = course(name)
    for h, d in bends(c):
        back = h
        for _ in range(4):
            prev = back - DIRECTIONS[d]
            if (back, d) not in c.steps.get(prev, ()):
                break
            back = prev
        run = straight(c, back, d)
        if back != h and 1 <= len(run) <= 9 and run[-1] == h:
            return back, d, run
    raise AssertionError("no straight run into a bend")


def test_flat_out_goes_straight_and_leaves_the_track() -> None:
    """racerbile.flat_out: on 10–12 the car neither turns nor brakes – straight on until the track
    bends away, then off it, a sip for every field of the roll not driven on the track."""
    c = course("le_mans")
    h, d, run = a_short_straight("le_mans")
    for roll in (10, 12):
        (m,) = legal_moves(c, h, d, roll, Board(), gear=3, facing_rule=True)
        assert m.path == tuple(run) and m.off_track and m.squeals == 0
        assert m.short == m.sips == roll - len(run)
    with pytest.raises(ValueError):  # no braking
        check_path(c, h, d, 10, tuple(run[:-1]), Board(), gear=3, facing_rule=True)


def before_blocking(name: str) -> tuple[Hex, Hex, int, Hex]:
    """A blocking field, the field right before it, the way onto that field and the field before
    that (so a car arriving there faces the blocking field)."""
    c = course(name)
    for x in sorted(h for h, k in c.kinds.items() if k is Kind.BLOCKING):
        for p in sorted(c.steps):
            for n, d in c.steps[p]:
                if n != x or c.progress[x] <= c.progress[p]:
                    continue
                for q in sorted(c.steps):
                    for n2, d2 in c.steps[q]:
                        if n2 == p and turn(d, d2) <= 1 and c.progress[p] > c.progress[q]:
                            return x, p, d2, q
    raise AssertionError("no blocking field reached along the track")


def test_a_flipped_cap_cannot_be_passed_and_stopping_before_it_lifts_it() -> None:
    """racerbile.field.blocking: nobody drives onto or through a flipped cap; a car that stops right
    before it (short of its roll) lifts the block – the bonk; landing there on the last field of
    the roll does not."""
    c = course("stalinbanen")
    x, p, d, q = before_blocking("stalinbanen")
    board = Board(flipped=frozenset({x}))
    legal = legal_moves(c, q, d, 5, board, facing_rule=True)
    assert all(x not in m.path for m in legal)
    stop = check_path(c, q, d, 5, (p,), board, facing_rule=True)
    assert stop.blocked and stop.bonk == x and stop.short == 4
    assert check_path(c, q, d, 1, (p,), board, facing_rule=True).bonk is None
    free = check_path(c, q, d, 5, (p,), Board(), facing_rule=True)
    assert not free.blocked and free.bonk is None


def test_a_car_with_every_way_blocked_stays_and_bonks() -> None:
    """racerbile.field.blocking, racerbile.stack, racerbile.turn: with a flipped cap and two-cap
    fields on every field ahead the car cannot move: it stays, drinks the whole roll and lifts the
    flipped cap's block."""
    c = course("stalinbanen")
    x, p, d, _ = before_blocking("stalinbanen")
    others = frozenset(n for n, e in c.steps[p] if n != x)
    board = Board(flipped=frozenset({x}), full=others)
    (m,) = legal_moves(c, p, None, 4, board)
    assert m.path == () and m.blocked and m.bonk == x and m.sips == 4
    assert check_path(c, p, None, 4, (), board) == m
    # flat out (racerbile.flat_out) every way it might pick stops it at once: one move, not one a way
    stacks = Board(full=others | {x})
    (flat,) = legal_moves(c, p, None, 11, stacks)
    assert flat.path == () and flat.blocked and flat.bonk is None and flat.sips == 11


def test_two_caps_block_a_field_without_a_bonk() -> None:
    """racerbile.stack: a field with two caps is blocked for cars from behind – no collision, so
    stopping right before it lifts nothing."""
    c = course("stalinbanen")
    x, p, d, q = before_blocking("stalinbanen")
    board = Board(full=frozenset({x}))
    assert all(x not in m.path for m in legal_moves(c, q, d, 5, board, facing_rule=True))
    stop = check_path(c, q, d, 5, (p,), board, facing_rule=True)
    assert stop.blocked and stop.bonk is None


def test_an_arrow_is_the_only_way_through() -> None:
    """racerbile.arrow: from a field with an arrow every move goes the arrow's way."""
    t = track("naaleoejet")
    c = t.course
    h, d = sorted(t.arrows.items())[0]
    target = h + DIRECTIONS[d]
    legal = legal_moves(c, h, None, 3, Board())
    assert legal and all(m.path[0] == target for m in legal)
    other = next(n for n in t.graph.ways(h) if n != target)
    with pytest.raises(ValueError):
        check_path(c, h, None, 3, (other,), Board())


def test_the_wrong_branch_of_a_split_is_refused() -> None:
    """racerbile.split: the first car to a split picks the branch (the move records it); after that
    every car must take it."""
    t = track("le_mans")
    c = t.course
    split = t.splits[0]
    (left, _), (right, _) = split.branches
    into_right = next(
        (p for p, o in oracle.paths(c, split.fork, None, 6, Board()) if o[4] == ((0, right),)), None
    )
    assert into_right is not None
    first = check_path(c, split.fork, None, 6, into_right, Board())
    assert first.choice == ((0, right),)
    chosen = Board(chosen={0: left})
    with pytest.raises(ValueError):
        check_path(c, split.fork, None, 6, into_right, chosen)
    legal = legal_moves(c, split.fork, None, 6, chosen)
    assert legal and all(c.branch_of.get(h, (0, left)) == (0, left) for m in legal for h in m.path)


def test_the_pit_lane_only_in_first_gear() -> None:
    """racerbile.lemans.pit: the pit lane is entered in first gear."""
    t = track("le_mans")
    c = t.course
    assert t.pit is not None
    entry = t.pit.entry
    assert any(set(m.path) & c.pit for m in legal_moves(c, entry, None, 3, Board(), gear=1))
    for gear in (2, 3):
        assert not any(set(m.path) & c.pit for m in legal_moves(c, entry, None, 3, Board(), gear=gear))


def test_facing_a_turn_can_squeal_on_the_first_step_and_flat_out_leaves_at_once() -> None:
    """racerbile.variant.racerbile: a car faces the way it last moved, so a turn may begin with a
    turn – on 7–9 the first step squeals (not so facing no way, as in Babybile), on 10–12 a car that
    must turn leaves the track at once."""
    c = course("babybane")
    h, d = bends(c)[0]
    faced = legal_moves(c, h, d, 7, Board(), facing_rule=True)
    assert all(m.squeals >= 1 for m in faced)  # straight on is no step: every move turns first
    assert all(m.facing == way(c, m.path[-2] if len(m.path) > 1 else h, m.end) for m in faced)
    free = legal_moves(c, h, None, 7, Board(), facing_rule=True)
    assert any(m.squeals == 0 for m in free if len(m.path) == 1)
    (off,) = legal_moves(c, h, d, 11, Board(), gear=3, facing_rule=True)
    assert off.path == () and off.off_track and off.short == 11


def test_a_car_in_the_pit_lane_drives_on_in_any_gear() -> None:
    """racerbile.lemans.pit: first gear is the rule for driving in; a car already in the lane
    that shifted up drives on through it."""
    t = load_track("tracks/le_mans.yaml")
    c = t.course
    assert t.pit is not None
    inside = t.pit.fields[0]
    for gear in (2, 3):
        moves = legal_moves(c, inside, None, 2, Board(), gear=gear)
        assert any(len(m.path) == 2 and m.path[0] in c.pit for m in moves)


def _corner(track: str) -> tuple[Course, Hex, int]:
    """A field and a facing with no forward step within 60° of it (reached by a lane change)."""
    c = load_track(f"tracks/{track}.yaml").course
    for h in sorted(c.steps):
        for f in range(6):
            if c.steps[h] and all(min((d - f) % 6, (f - d) % 6) > 1 for _, d in c.steps[h]):
                if any(n == h and d == f for x in c.steps for n, d in c.steps[x]):
                    return c, h, f
    raise AssertionError("no corner on the track")


def test_a_cornered_car_turns_as_it_must_and_squeals_on_reckless() -> None:
    """racerbile.turn, racerbile.variant.racerbile: a car left facing a way with no forward step
    within 60° is not stuck for good – its first step turns, which squeals on 7–9."""
    c, h, f = _corner("le_mans")
    for roll in (3, 8):
        moves = list(legal_moves(c, h, f, roll, Board(), gear=3, facing_rule=True))
        assert moves and all(m.path for m in moves)
        first = {m.path[0] for m in moves}
        assert first == {n for n, _ in c.steps[h]} - {h}
        if roll == 8:
            assert all(m.squeals >= 1 for m in moves)
        for m in moves:
            assert check_path(c, h, f, roll, m.path, Board(), gear=3, facing_rule=True).squeals == m.squeals
    assert {oracle_key for oracle_key in oracle.outcomes(c, h, f, 8, Board(), gear=3, facing_rule=True)} == {
        outcome(m) for m in legal_moves(c, h, f, 8, Board(), gear=3, facing_rule=True)
    }


# --- wide tracks: loops of equal progress across the lanes ---------------------------------


@cache
def wide(lanes: int) -> Course:
    """A generated track of `lanes` concentric lanes (`bench.tracks.generated_track`): where the
    rings turn, fields of equal progress across the lanes hold loops."""
    from bench.tracks import generated_track
    from game.racerbile.trackfile import track_from_text

    return track_from_text(generated_track(radius=12, lanes=lanes), f"wide{lanes}").track.course


def looping(c: Course) -> list[Hex]:
    """The fields whose progress holds a loop (a move from there may come back to a field)."""
    return sorted(h for h in c.progress if c.tables.on_loop(h))


@pytest.mark.parametrize("lanes", [5, 7, 9])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_legal_moves_match_the_brute_force_oracle_on_wide_tracks(lanes: int, data: st.DataObject) -> None:
    """racerbile.turn, racerbile.reckless, racerbile.field.blocking, racerbile.stack: on a track of
    5–9 lanes – fields of equal progress across the lanes, some holding loops – the search finds
    exactly the outcomes of the brute force, half the cars starting where a move may come back."""
    c = wide(lanes)
    fields = sorted(c.progress)
    loop = looping(c)
    assert loop, "the generated track has loops of equal progress"
    start = data.draw(st.sampled_from(loop) if data.draw(st.booleans()) else st.sampled_from(fields))
    facing = data.draw(st.none() | st.integers(0, 5))
    roll = data.draw(st.integers(1, 9))
    near = [h for h in fields if h != start and 0 < ahead(c, start, h) <= 9]
    caps = data.draw(st.lists(st.sampled_from(near), max_size=6))
    flipped = {h for h in caps if c.kinds.get(h) is Kind.BLOCKING}
    board = Board(frozenset(flipped), frozenset(h for h in caps if caps.count(h) >= 2) - flipped)
    gear, facing_rule = data.draw(st.integers(1, 3)), data.draw(st.booleans())
    legal = legal_moves(c, start, facing, roll, board, gear=gear, facing_rule=facing_rule)
    truth = oracle.outcomes(c, start, facing, roll, board, gear=gear, facing_rule=facing_rule)
    assert {outcome(m) for m in legal} == truth
    assert len({outcome(m) for m in legal}) == len(legal)  # each outcome once
    for m in legal:
        assert len(set(m.path) | {start}) == len(m.path) + 1


def test_move_tables_fill_only_where_the_search_goes() -> None:
    """The course's move tables are built lazily: a first move numbers only the fields it reaches,
    and the moves are the same as on a course whose tables are filled everywhere."""
    c = wide(9)
    fresh = track_of_wide(9)
    start = sorted(fresh.progress)[0]
    moves = legal_moves(fresh, start, fresh.heading, 9, Board(), gear=3, facing_rule=True)
    assert 0 < len(fresh.tables.hexes) < len(fresh.progress) // 2
    for h in c.progress:  # fill every field's tables first
        c.tables.ahead[c.tables.index[h] * 7]
    full = legal_moves(c, start, c.heading, 9, Board(), gear=3, facing_rule=True)
    assert [outcome(m) for m in moves] == [outcome(m) for m in full]
    assert {outcome(m) for m in moves} == oracle.outcomes(c, start, c.heading, 9, Board(), gear=3, facing_rule=True)


def track_of_wide(lanes: int) -> Course:
    """A fresh course of the same wide track (its tables untouched)."""
    from bench.tracks import generated_track
    from game.racerbile.trackfile import track_from_text

    return track_from_text(generated_track(radius=12, lanes=lanes), f"fresh{lanes}").track.course


@pytest.mark.parametrize("radius", [1, 2])
def test_legal_moves_match_the_brute_force_oracle_on_a_lap_of_twelve_or_fewer(radius: int) -> None:
    """racerbile.turn (no field twice): on a lap of 12 fields or fewer a move may come round to a
    field it drove – the search keeps those apart and finds exactly what the brute force finds."""
    from bench.tracks import generated_track
    from game.racerbile.trackfile import track_from_text

    c = track_from_text(generated_track(radius=radius, lanes=2, stretch=2), f"tiny{radius}").track.course
    assert c.lap <= 12 and c.loops
    for start in sorted(c.progress):
        for facing in (None, *range(6)):
            for roll in (4, 7, 9):
                legal = legal_moves(c, start, facing, roll, Board(), gear=1, facing_rule=facing is not None)
                truth = oracle.outcomes(c, start, facing, roll, Board(), gear=1, facing_rule=facing is not None)
                assert {outcome(m) for m in legal} == truth
                assert all(len(set(m.path) | {start}) == len(m.path) + 1 for m in legal)
