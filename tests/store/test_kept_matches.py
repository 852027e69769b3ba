"""Matches you played are kept (issue 18): a finished match is moved from the autosave into the saves;
"Replays…" lists matches by game, people, date and result – never file names, never the bookmarks
beside a save; every game's end-of-match dialog offers "Replay" and "Save as…"."""
from __future__ import annotations

import os

import pygame
import pygame_gui
import pytest

from game.match import Match
from game.store.matchfile import load_match, write_log
from game.store.saves import list_saves, safe_file_name, save_dir
from game.ui.common.app import App
from game.ui.common.modal import Confirm, ListDialog
from game.ui.shell.replay import ReplayScene
from game.ui.common.save_as import SaveAsDialog
from game.ui.dice.standing import FinalStanding
from game.ui.shell.menu import MenuScene
from game.ui.shell.tables import match_scene
from game.ui.race.race_dialogs import RaceFinal
from tests.autosave_worker import GAMES, new_match, play

SEEDS = {"schock": 3, "katchen": 4, "racerbile": 5, "bierpong": 6}


def press(app: App, element: object) -> None:
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element))
    app.step(0.05)


def esc(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step(0.05)


def final_dialog(app: App, scene: object, steps: int = 400) -> object:
    """Step the table until its end-of-match dialog is up."""
    for _ in range(steps):
        modal = getattr(scene, "modal", None)
        if isinstance(modal, (FinalStanding, RaceFinal, Confirm)):
            return modal
        app.step(0.05)
    raise AssertionError(f"no end-of-match dialog: {getattr(scene, 'modal', None)!r}")


def button(modal: object, word: str) -> object:
    if isinstance(modal, Confirm):
        return next(b for b, text in modal.button_map.items() if text == word)
    return {"Replay": getattr(modal, "replay_button"), "Save as…": getattr(modal, "save_as_button")}[word]


def played_to_the_end_at_the_table(app: App, game: str) -> tuple[object, Match]:
    """A bots' match of `game` one entry short of its end, opened at its table (autosaving), and
    finished there."""
    full = play(game, SEEDS[game])
    m = new_match(game, SEEDS[game])
    for e in full.log.entries[1:-1]:
        m.apply(m.info.state.parse_action(e.action), e.detail)
    scene = match_scene(app, m)  # type: ignore[arg-type]
    assert (save_dir() / f"autosave-{game}.json").exists()
    app.push(scene)
    app.step(0.05)
    scene.session.play_out()  # type: ignore[attr-defined]
    assert m.state.is_terminal()
    return scene, m


@pytest.mark.parametrize("game", GAMES)
def test_the_end_of_every_game_keeps_the_match_and_offers_replay_and_save_as(app: App, game: str) -> None:
    scene, m = played_to_the_end_at_the_table(app, game)
    modal = final_dialog(app, scene)
    folder = save_dir()
    assert not (folder / f"autosave-{game}.json").exists()
    kept = [s for s in list_saves(folder)]
    assert len(kept) == 1 and load_match(kept[0].path).log.entries == m.log.entries
    assert kept[0].game == game and kept[0].result is not None and kept[0].path.name not in kept[0].label
    # Replay: the viewer opens on the match just played; Esc comes back to the table's end
    press(app, button(modal, "Replay"))
    viewer = app.scene
    assert isinstance(viewer, ReplayScene) and viewer.replay.steps == len(m.log.entries) - 1
    esc(app)
    assert app.scene is scene
    modal = final_dialog(app, scene)
    # Save as…: a name of one's own; the made-up name goes, the dialog comes back
    press(app, button(modal, "Save as…"))
    dialog = getattr(scene, "modal")
    assert isinstance(dialog, SaveAsDialog) and game.capitalize() in dialog.entry.get_text()
    dialog.entry.set_text("Anna gegen Björn")
    press(app, dialog.save_button)
    mine = folder / "Anna gegen Björn.json"
    assert mine.exists() and load_match(mine).log.entries == m.log.entries
    assert [s.path for s in list_saves(folder)] == [mine]
    final_dialog(app, scene, steps=40)


def test_save_as_asks_before_replacing_a_taken_name(app: App) -> None:
    scene, m = played_to_the_end_at_the_table(app, "schock")
    modal = final_dialog(app, scene)
    taken = save_dir() / "Freitag.json"
    taken.write_text("somebody's match", encoding="utf-8")
    press(app, button(modal, "Save as…"))
    dialog = getattr(scene, "modal")
    assert isinstance(dialog, SaveAsDialog)
    dialog.entry.set_text("Freitag")
    press(app, dialog.save_button)
    assert taken.read_text(encoding="utf-8") == "somebody's match" and "exists already" in dialog.message
    press(app, dialog.save_button)
    assert load_match(taken).log.entries == m.log.entries


def test_safe_file_names_keep_letters_and_drop_folders() -> None:
    assert safe_file_name("Nåleøjet – Anna & Björn") == "Nåleøjet – Anna & Björn".replace("–", "-")
    assert safe_file_name("../../etc/passwd") == "etc-passwd"
    assert safe_file_name("  \x1b[31m ") == "31m"
    assert safe_file_name("...") == "match" and len(safe_file_name("x" * 300)) == 80


def test_replays_lists_matches_by_game_people_date_and_result_not_file_names(app: App) -> None:
    """The list: one line per match – game, people, date and who won or lost (or how far an unfinished
    one got); bookmarks, autosaves and indexes beside the saves are not listed; a damaged save is
    listed as damaged (the viewer says where when it is chosen)."""
    folder = save_dir()
    folder.mkdir(parents=True, exist_ok=True)
    done = play("katchen", 2)
    write_log(done.log, folder / "katchen-2026-01-01-200000.json")
    half = play("racerbile", 3, limit=15)
    write_log(half.log, folder / "racerbile-2026-01-02-200000.json")
    (folder / "racerbile-2026-01-02-200000.json.bookmarks.json").write_text('{"format":"stammtisch-bookmarks/1","steps":[3]}', encoding="utf-8")
    (folder / "katchen-2026-01-01-200000.bookmarks.json").write_text('{"format":"stammtisch-bookmarks/1","steps":[3]}', encoding="utf-8")
    (folder / "autosave-schock.json").write_text("{}", encoding="utf-8")
    (folder / "broken.json").write_text("{", encoding="utf-8")
    for i, name in enumerate(["katchen-2026-01-01-200000.json", "racerbile-2026-01-02-200000.json", "broken.json"]):
        os.utime(folder / name, (1_700_000_000 + i * 86_400, 1_700_000_000 + i * 86_400))
    menu = MenuScene(app)
    app.push(menu)
    app.step(0.05)
    menu.open_replays()
    dialog = menu.modal
    assert isinstance(dialog, ListDialog)
    labels = [label for label, _key in dialog.items]
    assert len(labels) == 3
    loser = done.state.players[min(range(len(done.state.players)), key=lambda i: done.state.returns()[i])]
    assert labels[2].startswith("Katchen · Seat 1, Seat 2, Seat 3 · ") and labels[2].endswith(f"{loser} loses")
    assert labels[1].startswith("Racerbile · Car 1, Car 2, Car 3 · ") and labels[1].endswith("unfinished, 14 actions")
    assert labels[0].startswith("damaged save")
    assert not any("200000" in label or "bookmarks" in label for label in labels)
    assert all(label.split(" · ")[-2 if not label.startswith("damaged") else 1][:4].isdigit() for label in labels)
