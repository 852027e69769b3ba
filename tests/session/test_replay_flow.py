"""The replay of a saved match without a window (`game.replay`, moved from the viewer's UI tests,
issue 14): every step is the state `Match.replay` of that prefix gives, a challenged ruling is struck
at its own step, and a Bierpong throw kept with its launch re-simulates to the logged outcome
(bierpong.art4 for both balls at once, bierpong.art8 for the throw-off)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.bierpong.actions import Throw, Throwoff, ThrowoffBall, Together, parse_action
from game.bierpong.classify import classify
from game.bierpong.outcome import parse_outcome
from game.errors import InputError
from game.games import GAMES
from game.match import Match, PlayerSpec
from game.replay import SPEEDS, Cursor, Launch, Replay, throws_of
from game.rules.matchlog import MatchLog
from game.store.matchfile import read_json_log, write_log
from physics.table import Cup
from physics.world import Table, simulate
from physics.world import Throw as PhysThrow

# --- bot matches of the four games (the viewer's tests use them too) -----------------------------


def dice_match(game: str, seed: int) -> Match:
    from game.dice.bots import make_bot
    from game.dice.simulate import play_game

    m, *_ = play_game(game, [make_bot("bot", seed), make_bot("random", seed + 1), make_bot("bot", seed + 2)],
                      ["bot", "random", "bot"], seed=seed)
    return m


def race_match(seed: int) -> Match:
    from game.racerbile.simulate import play_race

    return play_race(["careful", "racer", "stalin"], GAMES["racerbile"].spec.make("babybile"), track="babybane", seed=seed).match


def pong_match(seed: int) -> Match:
    from game.bierpong.simulate import play_game

    return play_game(["good", "regular"], 2, seed).match


def live_pong_match(seed: int) -> Match:
    """A bots-only Bierpong match played on the session's live table (the match scene's): every ball
    thrown through the physics, its launch kept in the log."""
    from game.session import INSTANT
    from game.session.pong import PongSession

    m = Match("bierpong", [PlayerSpec("Foxes", "good", drivers=("Anna", "Bo")), PlayerSpec("Owls", "pro", drivers=("Cem", "Dana"))], seed=seed)
    PongSession(m, pace=INSTANT).play_out()
    assert m.state.is_terminal()
    return m


MATCHES = {
    "schock": lambda: dice_match("schock", 3),
    "katchen": lambda: dice_match("katchen", 4),
    "racerbile": lambda: race_match(2),
    "bierpong": lambda: pong_match(5),
}


def saved(tmp_path: Path, m: Match, name: str = "match") -> Path:
    p = tmp_path / f"{name}.json"
    write_log(m.log, p)
    return p


# --- stepping -------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game", list(MATCHES))
def test_every_step_forward_and_back_is_the_replayed_prefix(tmp_path: Path, game: str) -> None:
    """Through a whole bot match and back: the replay at step k has the state and the rulings
    `Match.replay` of the first k + 1 entries gives (all four games)."""
    m = MATCHES[game]()
    path = saved(tmp_path, m)
    replay = Replay.load(path)
    log = read_json_log(path)
    n = len(log.entries) - 1
    assert replay.steps == n and n > 20
    ref = Match.replay(log.prefix(1))
    for k in range(n + 1):
        if k > 0:
            ref.apply(ref.parse(log.entries[k].action), log.entries[k].detail)
        shown = replay.show(k)
        assert replay.state_at(k) == ref.state == shown.state, f"step {k}"
        assert shown.rulings() == ref.rulings()
    checked = sorted({*range(0, n + 1, max(1, n // 12)), n})
    for k in reversed(range(n)):  # and back again, checked against a fresh replay of the prefix
        shown = replay.show(k)
        if k in checked:
            want = Match.replay(log.prefix(k + 1))
            assert shown.state == want.state
            assert shown.rulings() == want.rulings()
    assert replay.show(0).state == Match.replay(log.prefix(1)).state


def test_a_challenged_ruling_is_struck_at_its_step() -> None:
    """A drink ruling a later challenge overrode (game.rules.challenge) is marked struck at its own
    step and in the list of every ruling; the challenge is a step of its own that leaves the game's
    state alone."""
    from game.rules.ruling import What

    m = pong_match(5)
    i, j, r = next((i, j, r) for i, e in enumerate(m.log.entries, 1) for j, r in enumerate(e.rulings, 1) if r.what == What.SIPS)
    m.apply(f"challenge {i}.{j} by {r.who}: {r.amount + 1} sips to {r.who} – miscounted")
    replay = Replay(m.log)
    marks = replay.rulings_at(i - 1)
    assert [s for _r, s in marks] == [k == j for k in range(1, len(marks) + 1)]
    assert replay.state_at(replay.steps) == replay.state_at(replay.steps - 1)  # the challenge moves no cup
    struck = [(k, x) for k, x, s in replay.all_rulings() if s]
    assert struck == [(i - 1, r)]


def test_cursor_stops_at_the_end_and_clamps() -> None:
    """The pure cursor: steps stay within the match, playing stops at the last step."""
    c = Cursor(5)
    assert c.back() == 0 and c.end() == 5 and c.forward() == 5
    c.home()
    c.toggle_play()
    for s in SPEEDS[SPEEDS.index(1.0):]:
        c.faster()
    assert c.speed == SPEEDS[-1] == 8.0
    assert c.tick(10.0) == 5 and not c.playing


# --- Bierpong: the launch kept ---------------------------------------------------------------------


def table_outcomes(before: Any, launches: list[Launch], cb: bool) -> dict[str, Any]:
    """Both balls of a together throw on one fresh table, each released `after` steps in."""
    side = launches[0].side
    assert side is not None and all(la.side == side for la in launches)
    table = Table([Cup(c.id, c.x, c.y) for c in before.sides[side].rack.cups])
    ids: dict[int, str] = {}
    events: list[Any] = []
    n = 0
    while n < 4000 and (len(ids) < len(launches) or table.busy):
        for la in launches:
            if la.after == n:
                ids[table.throw(PhysThrow(la.release, la.velocity, la.spin))] = la.player
        events += table.step()
        n += 1
    return {p: parse_outcome(str(classify(events, ball=b, cup_contact_is_bounce=cb))) for b, p in ids.items()}


def test_logged_launch_resimulates_to_the_logged_outcome_bierpong_art4(tmp_path: Path) -> None:
    """A live bot match keeps every ball's launch in its entry; `physics.world.simulate` of a single
    ball on the rack that stood before it, classified, is the logged outcome – and both balls of a
    `Together` (bierpong.art4), released together on one table, give both logged outcomes."""
    m = live_pong_match(4)
    path = saved(tmp_path, m, "pong")
    replay = Replay.load(path)
    cb = bool(m.profile["cup_contact_is_bounce"])
    singles = pairs = throwoffs = 0
    for k in range(1, replay.steps + 1):
        entry = replay.entry(k)
        launches = throws_of(entry)
        action = parse_action(entry.action)
        before = replay.state_at(k - 1)
        if isinstance(action, Throw) and len(launches) == 1:
            la = launches[0]
            assert la.player == action.player
            cups = [Cup(c.id, c.x, c.y) for c in before.sides[la.side].rack.cups]
            got = parse_outcome(str(classify(simulate(cups, PhysThrow(la.release, la.velocity, la.spin)).events, cup_contact_is_bounce=cb)))
            assert got == action.outcome, f"step {k}: {entry.action}"
            singles += 1
        elif isinstance(action, ThrowoffBall):  # bierpong.art8: each ball of the throw-off at its rack
            (la,) = launches
            assert la.player == action.player and la.side is not None
            cups = [Cup(c.id, c.x, c.y) for c in before.sides[la.side].rack.cups]
            got = parse_outcome(str(classify(simulate(cups, PhysThrow(la.release, la.velocity, la.spin)).events, cup_contact_is_bounce=cb)))
            assert got == action.outcome, f"step {k}: {entry.action}"
            throwoffs += 1
        elif isinstance(action, Throwoff):  # bierpong.art8: one ball at each rack, both kept
            assert [la.player for la in launches] == [action.a, action.b]
            for la, want in zip(launches, (action.a_out, action.b_out)):
                assert la.side is not None
                cups = [Cup(c.id, c.x, c.y) for c in before.sides[la.side].rack.cups]
                got = parse_outcome(str(classify(simulate(cups, PhysThrow(la.release, la.velocity, la.spin)).events, cup_contact_is_bounce=cb)))
                assert got == want, f"step {k}: {entry.action}"
            throwoffs += 1
        elif isinstance(action, Together) and len(launches) == 2:
            assert {la.player for la in launches} == {action.first.player, action.second.player}
            got2 = table_outcomes(before, launches, cb)
            assert got2 == {t.player: t.outcome for t in (action.first, action.second)}, f"step {k}"
            pairs += 1
    assert singles >= 5 and pairs >= 1 and throwoffs >= 1


@pytest.mark.parametrize("game", list(MATCHES))
def test_a_step_rebuilt_from_a_checkpoint_is_the_replayed_prefix(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay keeps only checkpoints (here every 7 entries) and rebuilds a step from
    the nearest one: steps visited in a seeded random order, back and forth across many stretches
    (more than it caches), each have the state and rulings `Match.replay` of that prefix gives."""
    import random

    import game.replay as replay_module

    log = MATCHES[game]().log
    monkeypatch.setattr(replay_module, "KEEP", 7)
    replay = Replay(log)
    n = replay.steps
    assert replay.checkpoints == [1, *range(7, n + 2, 7)] and n > 20
    rng = random.Random(15)
    visits = [rng.randrange(n + 1) for _ in range(25)]
    for k in visits + [v - 1 for v in visits if v > 0] + [n, 0]:
        want = Match.replay(log.prefix(k + 1))
        shown = replay.show(k)
        assert replay.state_at(k) == want.state == shown.state, f"step {k}"
        assert shown.rulings() == want.rulings()


def test_the_viewers_replay_opens_before_it_has_verified_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    """A progressive replay (the viewer's) opens having verified only the start; `advance` verifies
    on a slice at a time, steps reach only as far as verified, and once done every step is the one
    the replay verified whole at once gives."""
    import game.replay as replay

    monkeypatch.setattr(replay, "OPEN_SECONDS", 0.0)
    m = race_match(2)
    whole = Replay(m.log)
    quick = Replay(m.log, progressive=True)
    assert quick.verified < len(m.log.entries) and quick.reach < quick.steps == whole.steps
    assert quick.clamp(quick.steps) == quick.reach
    slices = 0
    while not quick.advance(0.0):
        slices += 1
        assert quick.state_at(quick.reach) == whole.state_at(quick.reach)
    assert slices >= 2 and quick.error is None and quick.reach == quick.steps
    for k in (0, quick.steps // 3, quick.steps):
        assert quick.state_at(k) == whole.state_at(k)
    assert quick.checkpoints == whole.checkpoints


def test_a_ruling_that_does_not_replay_stops_the_viewer_there(monkeypatch: pytest.MonkeyPatch) -> None:
    """A log whose ruling at entry k was changed: verified whole it is refused at once (entry k);
    the viewer's replay opens, finds it behind the open viewer and stops there – steps before it
    stay, none from it on."""
    import dataclasses

    import game.replay as replay
    from game.rules.matchlog import Entry

    monkeypatch.setattr(replay, "OPEN_SECONDS", 0.0)
    m = dice_match("schock", 3)
    entries = list(m.log.entries)
    k = next(i for i in range(len(entries) * 2 // 3, len(entries)) if entries[i].rulings)
    r = entries[k].rulings[0]
    entries[k] = Entry(entries[k].seat, entries[k].action, (dataclasses.replace(r, amount=r.amount + 1),) + entries[k].rulings[1:])
    bad = MatchLog(m.log.game, m.log.players, m.log.profile, m.log.seed, m.log.settings, entries)
    with pytest.raises(InputError, match=rf"entry {k + 1} "):
        Replay(bad)
    quick = Replay(bad, progressive=True)
    while not quick.advance(0.001):
        pass
    assert quick.error is not None and f"entry {k + 1} " in quick.error.message
    assert quick.reach == k - 1 and quick.clamp(quick.steps) == k - 1
