"""The replay viewer shows a match, not a live table (issue 18): no prompts to press keys, no throw
zone, no buttons to remove cups; the jump list wraps its long rulings; Le Mans clock entries are
folded, so stepping and playing never stop at one. Matches of people (not bots): the prompts a live
table has for them are what must not show."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.bierpong.state import REMOVE
from game.match import Match
from game.racerbile.actions import Clock
from game.replay import Replay, folded
from game.session import INSTANT, Session, session_for
from game.store.matchfile import load_match, write_log
from game.ui.common.app import App
from game.ui.common.modal import ListDialog
from game.ui.shell.replay import ReplayScene
from game.ui.shell.tables import match_scene
from tests.autosave_worker import play
from tests.store.test_journal import lemans


def of_people(game: str, seed: int, tmp_path: Path, limit: int = 100_000) -> Path:
    """A bots' match of `game` saved as if people had played it."""
    m = play(game, seed, limit=limit)
    m.log.players = [{**p, "kind": "human"} for p in m.log.players]
    path = tmp_path / f"{game}.json"
    write_log(m.log, path)
    return path


def drawn(app: App, draw: object) -> set[str]:
    """The texts one frame draws (read from the fonts' cache of rendered text, emptied first)."""
    cache = getattr(app.fonts, "_text")
    cache.clear()
    surface = pygame.Surface(app.size)
    draw(surface)  # type: ignore[operator]
    return {str(k[0]).removeprefix("\x00shadow") for k in cache}


def test_the_dice_replay_asks_nobody_to_press_a_key(app: App, tmp_path: Path) -> None:
    path = of_people("schock", 3, tmp_path)
    viewer = ReplayScene(app, str(path))
    app.push(viewer)
    live = match_scene(app, Match.replay(load_match(path).log.prefix(1)), autosave=False)
    live_texts = drawn(app, live.draw)
    assert any("press Space to roll" in t for t in live_texts)  # the live table asks …
    for k in (0, 5, 6, 40):
        viewer.goto(k)
        app.step(0.05)
        texts = drawn(app, viewer.draw)
        assert not any("Space to roll" in t or "click a die" in t or "K challenge" in t for t in texts), (k, texts)
        assert any(f"step {k} of" in t for t in texts)  # … the viewer shows the step


def test_the_bierpong_replay_has_no_throw_zone_keys_or_removal_buttons(app: App, tmp_path: Path) -> None:
    path = of_people("bierpong", 6, tmp_path)
    viewer = ReplayScene(app, str(path))
    app.push(viewer)
    scene = viewer.scene
    remove = next(k for k in range(viewer.replay.steps) if viewer.replay.state_at(k).phase == REMOVE)
    viewer.goto(remove)
    app.step(0.05)
    assert scene.options() == [] and not scene.view.zone_shown
    texts = drawn(app, viewer.draw)
    assert not any(t.startswith("Remove ") or "drag back" in t or "Ctrl+Z" in t for t in texts), texts
    scene.replaying = False  # the same step at a live table offers the removal
    assert any(b.text.startswith("Remove ") for b in scene.options())


def test_the_race_replay_has_no_key_hints(app: App, tmp_path: Path) -> None:
    path = of_people("racerbile", 5, tmp_path)
    viewer = ReplayScene(app, str(path))
    app.push(viewer)
    for k in range(1, 40):
        viewer.goto(k)
        texts = drawn(app, viewer.draw)
        assert not any("click a lit field" in t or "point at a lit field" in t or "choose the gear" in t for t in texts), (k, texts)


def test_the_jump_list_wraps_long_rulings_and_every_row_jumps(app: App, tmp_path: Path) -> None:
    path = of_people("schock", 3, tmp_path)
    viewer = ReplayScene(app, str(path))
    app.push(viewer)
    viewer.open_jump()
    dialog = viewer.modal
    assert isinstance(dialog, ListDialog) and dialog.wrap
    rows, keys = dialog._wrapped(dialog.list.rect.w - 20 - 2 * 12)
    assert len(rows) > len(dialog.items)  # some rulings go on over a second row …
    font = app.fonts.font(15)
    assert all(font.size(text)[0] <= dialog.list.rect.w - 20 for text, _oid in rows)
    label = " ".join(t.strip() for t, oid in rows if oid.startswith("#item_1_") or oid == "#item_1")
    assert label.split() == dialog.items[1][0].split()  # … nothing of them is lost
    continued = next(oid for _t, oid in rows if oid.count("_") == 2)
    assert keys[continued] == keys[continued.rsplit("_", 1)[0]]


def clocked_lemans(tmp_path: Path) -> Path:
    """A Le Mans whose live table logged the event time: a clock entry after every third entry."""
    m = lemans()

    def clock(s: Session) -> None:
        if m.state.turns and len(m.log.entries) % 3 == 0 and not m.state.is_terminal():
            s.apply(Clock(5))

    session_for(m, pace=INSTANT).play_out(250, after=clock)
    path = tmp_path / "lemans.json"
    write_log(m.log, path)
    return path


def test_le_mans_clock_entries_are_folded_when_stepping_and_playing(app: App, tmp_path: Path) -> None:
    path = clocked_lemans(tmp_path)
    r = Replay.load(path)
    clocks = [k for k, e in enumerate(r.log.entries) if folded(e)]
    assert len(clocks) > 25
    viewer = ReplayScene(app, str(path))
    app.push(viewer)
    while not viewer.replay.done:
        viewer.replay.advance(1.0)
    seen = [viewer.step]
    while viewer.step < viewer.replay.steps:
        viewer.forward()
        seen.append(viewer.step)
    assert not set(seen) & set(clocks) and seen == r.stops
    assert len(seen) == len(r.log.entries) - len(clocks)
    viewer.step_back()
    viewer.step_back()
    assert viewer.step == r.stops[-3]
    viewer.home()
    viewer.toggle_play()
    played = []
    for _ in range(30):
        app.step(1.0)  # a step a second at 1×
        played.append(viewer.step)
    assert not set(played) & set(clocks) and played[:10] == r.stops[1:11]
