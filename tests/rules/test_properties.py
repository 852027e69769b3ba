"""Property tests: random games conserve mats and end; the throw order agrees with the tables."""
from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.match import GAMES, Match, PlayerSpec
from game.rules import katchen, schock
from game.rules.dice import ALL_THROWS, STRASSEN, Throw
from game.state import CHANCE

SCHOCK = schock.SPEC.default()
KATCHEN = katchen.SPEC.default()


def random_match(game: str, n: int, seed: int, options: dict[str, object]) -> tuple[Match, list[int]]:
    """Play a whole match with random legal choices; return it and the mats in play after every step."""
    rng = random.Random(seed)
    profile = GAMES[game].spec.make(None, **options)
    m = Match(game, [PlayerSpec(f"P{i}") for i in range(n)], profile, seed=seed, games=2, opener=rng.randrange(n))
    total = schock.TOTAL_MATS if game == "schock" else katchen.TOTAL_MATS
    seen = []
    for _ in range(20_000):
        st_ = m.state
        if st_.is_terminal():
            break
        if st_.current_player() == CHANCE:
            m.resolve_chance()
        else:
            m.apply(rng.choice(st_.legal_actions()))
        middle = m.state.middle if game == "schock" else m.state.stack  # type: ignore[attr-defined]
        seen.append(m.state.ledger.total_mats() + middle)
        assert all(m.state.ledger[p.name].mats >= 0 for p in m.players)
        assert 0 <= middle <= total
    return m, seen


schock_options = st.fixed_dictionaries(
    {
        "schock_aus": st.sampled_from(["lose_half", "halve_mats"]),
        "strasse_general_in_one_roll": st.booleans(),
        "general_beats_schock2": st.booleans(),
        "rank_generals_by_pips": st.booleans(),
        "no_flips_on_last_roll": st.booleans(),
    }
)
katchen_options = st.fixed_dictionaries(
    {"katchen_in_one_roll": st.booleans(), "schuss_limit": st.sampled_from([None, 1, 2])}
)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 8), seed=st.integers(0, 2**32), options=schock_options)
def test_schock_mats_conserved_and_every_game_ends(n: int, seed: int, options: dict[str, object]) -> None:
    """schock.game, schock.deckel: 15 mats in play at every step; a random match ends."""
    m, seen = random_match("schock", n, seed, options)
    assert m.state.is_terminal()
    assert set(seen) == {schock.TOTAL_MATS}
    assert sum(m.state.ledger[p.name].strokes for p in m.players) == 2


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 8), seed=st.integers(0, 2**32), options=katchen_options)
def test_katchen_mats_conserved_and_every_game_ends(n: int, seed: int, options: dict[str, object]) -> None:
    """katchen.phase1, katchen.phase2: 13 mats at every step; a random match ends."""
    m, seen = random_match("katchen", n, seed, options)
    assert m.state.is_terminal()
    assert set(seen) == {katchen.TOTAL_MATS}
    schuesse = sum(m.state.ledger[p.name].schuesse for p in m.players)
    if options["schuss_limit"] is None:
        assert schuesse == 2
    else:
        assert schuesse >= min(n - 1, 2)


def _schock_table_class(t: tuple[int, ...]) -> tuple[int, int]:
    """The digest's table, written independently: (row, sub-rank) with row 0 the best."""
    if t == (1, 1, 1):
        return (0, 0)
    if t == (4, 2, 1):
        return (1, 0)
    if t[1:] == (1, 1):
        return (2, -t[0])
    if t[0] == t[1] == t[2]:
        return (3, 0)
    if t in STRASSEN:
        return (4, 0)
    return (5, -(t[0] * 100 + t[1] * 10 + t[2]))


def test_schock_order_agrees_with_the_table_for_all_56_throws() -> None:
    """schock.throws: equal in the table ⇔ tie; otherwise strictly ordered; the order is transitive."""
    keys = {t: schock.value(t, True, SCHOCK).key for t in ALL_THROWS}
    for a, b in combinations(ALL_THROWS, 2):
        ta, tb = _schock_table_class(a), _schock_table_class(b)
        assert (keys[a] == keys[b]) == (ta == tb)
        assert (keys[a] > keys[b]) == (ta < tb) or ta == tb
    for a in ALL_THROWS:  # transitivity of the full order
        for b in ALL_THROWS:
            for c in ALL_THROWS:
                if keys[a] >= keys[b] >= keys[c]:
                    assert keys[a] >= keys[c]


def _katchen_table(t: tuple[int, ...]) -> tuple[int, int, int]:
    if t == (4, 2, 1):
        return (8, 1, 0)
    if t[1:] == (1, 1):
        x = 7 if t[0] == 1 else t[0]
        return (x, 2, -x)
    if t[0] == t[1] == t[2]:
        return (t[0], 3, -t[0])
    if t in STRASSEN:
        return (2, 4, -t[0])
    return (1, 5, -(t[0] * 100 + t[1] * 10 + t[2]))


def test_katchen_order_agrees_with_the_table_for_all_56_throws() -> None:
    """katchen.order: more mats first, then the table rank, then higher faces; strict and transitive."""
    keys = {t: katchen.value(t, True, KATCHEN).key for t in ALL_THROWS}
    ranked = sorted(ALL_THROWS, key=lambda t: (-_katchen_table(t)[0], _katchen_table(t)[1], _katchen_table(t)[2]))
    assert sorted(ALL_THROWS, key=lambda t: keys[t], reverse=True) == ranked
    assert len(set(keys.values())) == 56


@given(
    faces=st.sampled_from(ALL_THROWS),
    rolls=st.lists(st.tuples(st.integers(1, 3), st.booleans()), min_size=2, max_size=6),
)
def test_round_order_is_a_strict_total_order(faces: tuple[int, ...], rolls: list[tuple[int, bool]]) -> None:
    """schock.mit / katchen.mit: equal faces never tie in a round – rolls, then time, decide."""
    throws = [Throw(faces, r, one, order=i) for i, (r, one) in enumerate(rolls)]
    for strength, prof in ((schock.strength, SCHOCK), (katchen.strength, KATCHEN)):
        ks = [strength(t, prof) for t in throws]  # type: ignore[operator]
        assert len(set(ks)) == len(ks)
