"""Issue 29, "Nothing clipped, nothing covered" (headless, real scenes at 960×640 and in German): a
dialog's button and hint keep their words whole, a dialog's panel hides the table under it, the Key
(F2) button stands clear of the cars, a race replay offers no live gear choices, and a word space
stays open after a glyph whose ink runs into it ("Schock 4is")."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pygame
import pytest

from game.i18n import _, set_language
from game.match import Match, PlayerSpec
from game.rules import racerbile as racerbile_rules
from game.store.matchfile import write_log
from game.ui.common.app import App
from game.ui.common.modal import ListDialog
from tests.screen_words import watching


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def at_960(app: App) -> None:
    app.screen = pygame.display.set_mode((960, 640))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 640), w=960, h=640))


@pytest.mark.parametrize("which", ["log", "challenge"])
def test_undo_to_here_and_the_challenge_hint_are_whole_in_german_at_960(app: App, which: str) -> None:
    """The log's "Bis hierher rückgängig" fits its button; the challenge dialog's German hint goes on
    over a second line instead of running past the panel."""
    from pygame_gui.elements import UIButton, UILabel

    from game.ui.dice.dice_table import DiceTableScene

    set_language("de")
    at_960(app)
    table = DiceTableScene(app, Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bernd", "bot")], seed=3), autosave=False)
    app.push(table)
    app.step(0.05)
    table.open_log() if which == "log" else table.open_challenge()
    app.step(0.05)
    dialog = table.modal
    assert dialog is not None
    fonts = app.fonts
    widgets = dialog.ui.get_sprite_group().sprites()
    for b in (e for e in widgets if isinstance(e, UIButton)):
        assert fonts.width(b.text, 16, "bold") + 8 <= b.rect.w, b.text  # the words within the border and shadow
    hints = [e for e in widgets if isinstance(e, UILabel) and e.object_ids and e.object_ids[-1] == "#hint_label"]
    assert hints and all(fonts.width(h.text, 14, "italic") <= h.rect.w for h in hints)
    assert all(dialog.rect.contains(h.rect) for h in hints)
    whole = _('Choose an action; "Undo to here" takes it back with everything after it.') if which == "log" else \
        _("Pick the drink ruling you think is wrong; to change a move itself, undo it in the log (L).")
    assert " ".join(h.text for h in hints) == whole
    if which == "log":
        assert isinstance(dialog, ListDialog) and dialog.action_button.text == "Bis hierher rückgängig"


def test_a_dialog_panel_hides_the_table_under_it(app: App) -> None:
    """The judges' console (and every dialog) lies on an opaque panel: over a white table and over a
    black one the panel's inside looks the same – no button of the table shines through."""
    from game.ui.common.modal import Modal

    at_960(app)
    dialog = Modal(app.fonts, (960, 640), (720, 560))
    looks = []
    for ground in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface((960, 640))
        surface.fill(ground)
        dialog.draw(surface)
        inner = dialog.rect.inflate(-40, -40)
        looks.append([tuple(surface.get_at((x, y))) for x in range(inner.x, inner.right, 23) for y in range(inner.y, inner.bottom, 19)])
    assert looks[0] == looks[1]


@pytest.mark.parametrize("size", [(960, 640), (1600, 1000)])
def test_the_key_button_stands_clear_of_the_cars_at_the_start(app: App, size: tuple[int, int]) -> None:
    """The Key (F2) button takes a corner of the board where no car stands: with the start's grid
    in the bottom-left corner it usually takes, it moves to another."""
    from game.ui.race.race import RaceScene

    app.screen = pygame.display.set_mode(size)
    people = [PlayerSpec("Anna", "careful"), PlayerSpec("Bo", "careful"), PlayerSpec("Cem", "careful")]
    scene = RaceScene(app, Match("racerbile", people, racerbile_rules.SPEC.make("racerbile"), seed=5, track="naaleoejet"), autosave=False)
    app.push(scene)
    app.step(0.1)
    scene.follow = False  # the view stays where it is put
    usual = scene.b_legend.rect.copy()
    car = scene.field_rect(scene.state.cars[0].pos)
    scene.view.pan(usual.centerx - car.centerx, usual.centery - car.centery)
    cars = [scene.field_rect(c.pos) for c in scene.state.cars]
    assert any(usual.colliderect(r) for r in cars)  # the grid sits where the button usually is
    app.step(0.1)
    assert scene.b_legend.visible and scene.b_legend.rect != usual
    assert not any(scene.b_legend.rect.colliderect(r) for r in cars) and scene.L.board.contains(scene.b_legend.rect)


def test_a_race_replay_shows_no_live_gear_choices(app: App, tmp_path: Path) -> None:
    """racerbile.gears: stepping a replay onto a gear decision shows the gear, never the choices a
    live driver is offered ("Jeg gearer op …", "(1 sip)")."""
    from game.ui.shell.replay import ReplayScene
    from tests.session.test_replay_flow import race_match

    path = tmp_path / "race.json"
    m = race_match(2)
    write_log(m.log, path)
    k = next(i for i, e in enumerate(m.log.entries) if e.action.startswith("gear") and i > 20) - 1
    viewer = ReplayScene(app, str(path), step=k)
    app.push(viewer)
    app.step(0.05)
    from game.racerbile.state import GEAR

    assert viewer.scene.state.phase == GEAR
    with watching() as (texts, _managers):
        app.step(0.05)
    assert any(t.startswith("Gear ") for t in texts)
    assert not [t for t in texts if "Jeg gearer" in t or "(1 sip)" in t]


def test_a_word_space_stays_open_after_a_glyph_whose_ink_runs_into_it(app: App) -> None:
    """The feed's small type (13 px at 960×640 on the TV): in "Schock 4 is" the 4's ink reaches past
    its advance into a 3-pixel space – a hair space keeps a clear column between "4" and "is"."""
    from game.ui.common.theme import HAIR

    fonts = app.fonts
    for size in (11, 13):
        assert HAIR in fonts._runs("Schock 4 is", size, "regular")[0][1]
        img = fonts.text("4 i", size, (255, 255, 255))
        inked = [any(img.get_at((x, y))[3] > 40 for y in range(img.get_height())) for x in range(img.get_width())]
        first = inked.index(True)
        end_of_4 = next(x for x in range(first, len(inked)) if not inked[x])
        start_of_i = next(x for x in range(end_of_4, len(inked)) if inked[x])
        assert start_of_i - end_of_4 >= 2, size  # at least two clear columns: a space one sees
    assert fonts.width("Schock 3 is", 16) == fonts.font(16).size("Schock 3 is")[0]  # larger type as it was


def test_the_konter_demo_headline_and_a_saved_clip_stay_in_their_place_at_960(app: App) -> None:
    """bierpong.art10 demo (Konter) at 960×640 in German: the long summary is the headline in lines
    inside the table's picture (said in German, not English); a clip exported with X names its file
    in the status line – clear of the title – and its folder in the feed."""
    import time

    from game.ui.pong.pong_demo import ShotMenu

    set_language("de")
    at_960(app)
    menu = ShotMenu(app)
    app.push(menu)
    app.step(0.05)
    menu.choose("konter")
    demo: Any = app.scene
    for _i in range(3000):
        if getattr(demo, "finished", False):
            break
        app.step(0.1)
    assert demo.finished
    headline = demo.banner()
    assert headline.startswith("Konter: A trifft den letzten Becher")
    top = demo.view.layout.top
    surface = pygame.Surface((960, 640))
    surface.fill((1, 2, 3))
    demo._draw_banner(surface, headline, (top.x, top.y, top.w))
    drawn = pygame.mask.from_threshold(surface, (1, 2, 3), (1, 1, 1, 255))
    drawn.invert()
    assert drawn.count() > 0 and pygame.Rect(drawn.get_bounding_rects()[0]).union(top) == top  # nothing past its edges
    demo.key(pygame.K_x)
    end = time.monotonic() + 120
    while not demo.demo_job.done and time.monotonic() < end:  # (the export's thread has the process to itself)
        time.sleep(0.02)
    app.step(0.02)
    job = demo.demo_job
    assert job.done and not job.error and job.path.is_file()
    fr = demo.frame()
    assert fr.status.startswith(f"Clip gespeichert: {job.path.name} · ")
    s = demo.view.layout.s
    fonts = app.fonts
    title_right = demo.view.layout.header.left + fonts.width(fr.title, int(24 * s), "serif")
    assert title_right + 8 < top.right - fonts.width(fr.status, int(17 * s))
    said = "".join(text.strip() for _when, text in demo.feed)  # (wrapped lines)
    assert "Clip gespeichert:" in said and "/clips/" in said
