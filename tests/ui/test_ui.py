"""The pygame-ce user interface, headless: scenes render, synthesised input drives the match."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import importlib.metadata  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.dice.actions import Dice, Flip, Roll, Stand, Tower  # noqa: E402
from game.match import Match, PlayerSpec  # noqa: E402
from game.rules.catalog import rules_for  # noqa: E402
from game.state import CHANCE  # noqa: E402
from game.store.matchfile import load_match, write_log
from game.ui.common.app import App  # noqa: E402
from game.ui.shell.launch import run_app  # noqa: E402
from game.ui.dice.dice_table import DiceTableScene  # noqa: E402
from game.ui.dice.dice_view import DiceView  # noqa: E402
from game.ui.common.help import HelpOverlay, worded  # noqa: E402
from game.ui.dice.standing import FinalStanding  # noqa: E402
from game.ui.shell.menu import MenuScene  # noqa: E402
from game.ui.shell.menu_model import MenuModel, PlayerRow  # noqa: E402
from game.ui.common.modal import ListDialog  # noqa: E402
from game.ui.dice.table_layout import compute_layout  # noqa: E402

HUMANS = [PlayerSpec("Anna"), PlayerSpec("Bernd")]




def table_for(app: App, match: Match) -> DiceTableScene:
    app.push(MenuScene(app))
    t = DiceTableScene(app, match)
    app.push(t)
    return t


def settle(app: App, table: DiceTableScene, limit: int = 200) -> None:
    """Step until the dice lie still and the match waits for a person."""
    for _ in range(limit):
        app.step(0.05)
        if not table.busy() and not table.dice.animating:
            return
    raise AssertionError("the table never came to rest")


def colours(surface: pygame.Surface) -> int:
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y))) for x in range(0, w, 37) for y in range(0, h, 29)})


def key(k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def click(pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def player_actions(m: Match) -> list[str]:
    return [e.action for e in m.log.entries if e.seat >= 0]


# --- the installation ------------------------------------------------------------------------


def test_pygame_is_ce_and_the_legacy_distribution_is_absent() -> None:
    assert getattr(pygame, "IS_CE", False)
    with pytest.raises(importlib.metadata.PackageNotFoundError):
        importlib.metadata.distribution("pygame")


# --- rendering -------------------------------------------------------------------------------


def test_the_menu_renders_a_frame(app: App) -> None:
    app.push(MenuScene(app))
    app.step(1 / 60)
    assert colours(app.screen) > 30


@pytest.mark.parametrize("game", ["schock", "katchen"])
def test_the_dice_table_renders_a_frame_for_each_game(app: App, game: str) -> None:
    table_for(app, Match(game, HUMANS + [PlayerSpec("Carla", "random")], seed=3))
    app.step(1 / 60)
    assert colours(app.screen) > 30


def test_run_app_runs_frames_and_writes_a_png(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    out = tmp_path / "shot.png"
    assert run_app(frames=3, screenshot=str(out)) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    out2 = tmp_path / "table.png"
    assert run_app("table", game="katchen", players=HUMANS, frames=3, screenshot=str(out2), size=(1024, 700), fullscreen=True) == 0
    assert out2.stat().st_size > 1000


def test_a_broken_save_is_a_message_not_a_traceback(tmp_path: Path, app: App) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text("{ not json", encoding="utf-8")
    menu = MenuScene(app)
    app.push(menu)
    assert not menu.load(bad)
    assert "broken.json" in menu.message and "not a saved match" in menu.message
    assert app.scene is menu
    assert run_app("table", load=str(bad), frames=2) == 0


def test_the_table_follows_a_resized_window_and_full_screen(app: App) -> None:
    table = table_for(app, Match("schock", HUMANS, seed=3))
    app.step(0.02)
    app.screen = pygame.display.set_mode((1024, 700), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 700), w=1024, h=700))
    app.step(0.02)
    assert table.L.size == (1024, 700)
    assert table.L.felt.right <= table.L.side.x
    key(pygame.K_F11)
    app.step(0.02)
    key(pygame.K_F11)
    app.step(0.02)
    assert app.size == (1024, 700) and table.L.size == (1024, 700)


# --- driving the table -------------------------------------------------------------------------


def test_space_rolls_and_a_clicked_die_is_kept_in_the_next_roll(app: App) -> None:
    m = Match("schock", HUMANS, seed=12)
    table = table_for(app, m)
    key(pygame.K_SPACE)
    settle(app, table)
    assert player_actions(m) == ["roll"]
    rect = table.dice.rect(0)
    face = table.dice.slots[0].face
    click(rect.center)
    app.step(0.05)
    assert table.dice.slots[0].kept
    key(pygame.K_SPACE)
    app.step(0.05)
    assert player_actions(m)[-1] == f"roll {face}"
    settle(app, table)
    # an out die cannot be taken back (schock.rolls, tests/session/test_dice_flow): the click is answered with a message
    out_slot = next(i for i, sl in enumerate(table.dice.slots) if sl.out)
    click(table.dice.rect(out_slot).center)
    app.step(0.05)
    assert table.dice.slots[out_slot].out
    assert "stays out" in table.toast.history[-1]


def test_an_illegal_action_shows_why(app: App) -> None:
    """Enter (stand) and F (turn) reach the session; its refusal is the toast (the rulings: test_dice_flow)."""
    m = Match("schock", HUMANS, seed=1)
    table = table_for(app, m)
    key(pygame.K_RETURN)
    app.step(0.05)
    assert player_actions(m) == []
    assert table.toast.history[-1] == str(table.session.why_not(0, Stand()))
    key(pygame.K_f)
    app.step(0.05)
    assert table.toast.history[-1] == str(table.session.why_not(0, Flip(1)))


def test_ctrl_z_undoes_the_last_turn(app: App) -> None:
    m = Match("katchen", HUMANS, seed=4)
    table = table_for(app, m)
    key(pygame.K_SPACE)
    settle(app, table)
    assert player_actions(m) == ["roll"]
    key(pygame.K_z, pygame.KMOD_CTRL)
    app.step(0.05)
    assert len(m.log.entries) == 1
    assert not table.dice.shown


def test_ctrl_s_saves_a_match_that_loads_again(app: App) -> None:
    m = Match("schock", HUMANS, seed=5)
    table = table_for(app, m)
    key(pygame.K_SPACE)
    settle(app, table)
    assert table.save_path is None
    key(pygame.K_s, pygame.KMOD_CTRL)
    app.step(0.05)
    assert table.save_path is not None and table.save_path.is_file()  # where and what: test_dice_flow
    assert str(table.save_path) in table.toast.history[-1]


def test_the_log_panel_undoes_to_the_chosen_action(app: App) -> None:
    m = Match("katchen", HUMANS, seed=6)
    table = table_for(app, m)
    for _ in range(3):
        key(pygame.K_SPACE)
        settle(app, table)
    assert len(player_actions(m)) == 3
    key(pygame.K_l)
    app.step(0.05)
    assert table.modal is not None
    second = [i for i, e in enumerate(m.log.entries) if e.seat >= 0][1]
    assert isinstance(table.modal, ListDialog)
    table.modal.on_action(str(second))
    assert len(m.log.entries) == second
    assert table.modal is None


def throws(app: App, table: DiceTableScene, *steps: tuple[int, Roll | Stand, Dice | None]) -> None:
    """Each (seat, action, dice): the seat's request (the dice it lands on scripted), played until it lies still."""
    for seat, action, dice in steps:
        if dice is not None:
            table.session.script(dice)
        assert table.session.request(seat, action) is None
        settle(app, table)


def test_call_outs_become_banners_once_the_dice_have_landed(app: App) -> None:
    m = Match("schock", HUMANS, seed=9)
    table = table_for(app, m)
    table.session.script(Dice((1, 1, 1)))
    assert table.session.request(0, Roll()) is None
    assert "Horrido!" not in table.banners.shown and table.dice.animating  # logged, still in the air
    settle(app, table)
    assert "Horrido!" in table.banners.shown
    throws(app, table, (0, Stand(), None), (1, Roll(), Dice((2, 2, 1))))  # the opener's one roll is Bernd's only one
    shown = table.banners.shown
    assert shown[shown.index("Kröger!") + 1] == "Hallo!"
    for _ in range(5):
        app.step(0.1)
    assert colours(app.screen) > 30


@pytest.mark.parametrize("game", ["schock", "katchen"])
def test_the_help_overlay_lists_every_rule_of_the_game(app: App, game: str) -> None:
    table = table_for(app, Match(game, HUMANS, seed=2))
    key(pygame.K_F1)
    app.step(0.05)
    overlay = table.help
    assert isinstance(overlay, HelpOverlay)
    for r in rules_for(game):
        assert r.id in overlay.text_lines and r.title in overlay.text_lines and worded(r.summary, game) in overlay.text_lines
        if r.details:
            assert worded(r.details, game) in overlay.text_lines  # (the options it names in words)
    key(pygame.K_END)
    app.step(0.5)
    assert overlay.scroll > 0 or overlay.max_scroll == 0
    key(pygame.K_ESCAPE)
    app.step(0.05)
    assert table.help is None and app.scene is table


def test_the_end_of_a_match_shows_the_standing_and_n_starts_a_new_one(app: App) -> None:
    import random

    m = Match("katchen", [PlayerSpec("Anna", "random"), PlayerSpec("Robo", "random")], seed=21)
    rng = random.Random(1)
    while not m.state.is_terminal():
        if m.state.current_player() == CHANCE:
            m.resolve_chance()
        else:
            m.apply(rng.choice(m.state.legal_actions()))
    m.undo_turn()  # the bots play the last decision at the table
    table = table_for(app, m)
    for _ in range(200):
        app.step(0.1)
        if isinstance(table.modal, FinalStanding):
            break
    assert m.state.is_terminal() and isinstance(table.modal, FinalStanding)
    assert any("Schuss" in line for line in table.modal.rows)
    key(pygame.K_ESCAPE)  # a last look at the table …
    app.step(0.05)
    assert table.modal is None and app.scene is table
    key(pygame.K_SPACE)  # … and Space brings the standing back, with what next
    app.step(0.05)
    assert isinstance(table.modal, FinalStanding)
    key(pygame.K_n)
    app.step(0.05)
    assert isinstance(app.scene, DiceTableScene) and app.scene is not table
    assert len(app.scene.match.log.entries) == 1


# --- the dice area: tumbling dice keep clear of the stack, its label and the seats ------------------

SIZES = [(960, 640), (1024, 700), (1280, 720), (1280, 800), (1366, 768), (1920, 1080), (1920, 640), (960, 1080)]


@pytest.mark.parametrize("size", SIZES)
def test_the_dice_area_is_clear_of_the_middle_stack_and_the_seats(size: tuple[int, int]) -> None:
    for n in range(2, 9):
        for out_row in (True, False):
            L = compute_layout(size, n, out_row)
            where = f"{size}, {n} players, out row {out_row}"
            assert L.felt.contains(L.tumble) and L.felt.contains(L.stack_box), where
            assert not L.tumble.colliderect(L.stack_box), where
            for seat, guard in zip(L.seats, L.guards):
                assert guard.contains(seat), where
                assert not L.tumble.colliderect(guard) and not L.stack_box.colliderect(guard), where


def _fly_and_check(dice: DiceView, area: pygame.Rect, seats: list[pygame.Rect], where: str) -> None:
    """Step a throw to its end; every die, as drawn (image, shadow, glow), stays inside `area`."""
    for frame in range(60):
        dice.update(1 / 60)
        for i in range(3):
            assert area.contains(dice.footprint(i)), f"{where}: die {i} at frame {frame} leaves the dice area"
        if frame > 45:
            assert not dice.animating


@pytest.mark.parametrize("size", [(960, 640), (1280, 800), (1920, 1080)])
def test_dice_tumble_and_rest_inside_the_dice_area_from_every_seat(app: App, size: tuple[int, int]) -> None:
    import random

    rng = random.Random(size[0])
    for game, sets_aside in (("schock", True), ("katchen", False)):
        for n in (2, 3, 5, 8):
            L = compute_layout(size, n, sets_aside)
            dice = DiceView(sets_aside, seed=n)
            dice.layout(L.dice_center, L.s, L.tumble)
            for seat in range(n):
                where = f"{game} {size} {n} players, thrown by seat {seat}"
                dice.clear()
                dice.throw([0, 1, 2], L.seats[seat].center, [6, 6, 5])
                _fly_and_check(dice, L.tumble, L.seats, where)
                # one die kept (Schock: put out), two thrown again, one of them a Türmchen
                dice.select([dice.slots[2].face])
                assert dice.slots[2].kept
                dice.throw([0, 1], L.seats[seat].center, None, tower=sets_aside and seat % 2 == 0)
                assert dice.slots[2].out == sets_aside  # a kept die is out of the cup as the others fly
                _fly_and_check(dice, L.tumble, L.seats, where)
                dice.set_dice([rng.randint(1, 6) for _ in range(3)], (), [dice.slots[1].face])
                dice.throw([0], L.seats[seat].center, [1], tower=sets_aside)
                _fly_and_check(dice, L.tumble, L.seats, where)


@pytest.mark.parametrize("size", [(960, 640), (1920, 1080)])
def test_the_middle_stack_and_its_label_are_drawn_where_no_die_goes(app: App, size: tuple[int, int]) -> None:
    app.screen = pygame.display.set_mode(size)
    for game in ("schock", "katchen"):
        for n in (2, 7, 8):
            table = DiceTableScene(app, Match(game, [PlayerSpec(f"P{i}") for i in range(n)], seed=1))
            table.draw(app.screen)
            assert len(table.middle_drawn) == 3
            for r in table.middle_drawn:
                assert table.L.stack_box.contains(r) and not r.colliderect(table.L.tumble), (game, n, r)


def test_the_screenshot_match_keeps_its_dice_off_the_stack(app: App) -> None:
    """The reported case: Cem (seat 2, at the top) throws over the middle stack of 4 players."""
    m = Match("schock", [PlayerSpec("Ann", "bot"), PlayerSpec("Ben", "bot"), PlayerSpec("Cem", "random"), PlayerSpec("Dora", "bot")], seed=5)
    table = table_for(app, m)
    flights = 0
    for _ in range(700):
        app.step(1 / 60)
        if table.dice.animating:
            flights += 1
            for i in range(3):
                fp = table.dice.footprint(i)
                assert table.L.tumble.contains(fp)
                assert fp.collidelist(table.middle_drawn) < 0 and fp.collidelist(table.L.seats) < 0
    assert flights > 60


# --- kept and out marks: only the current player's current choice --------------------------------


def test_no_keep_mark_while_dice_fly_or_for_a_bot(app: App) -> None:
    """Cem's kept 4 showed "put out" on the table while his other dice were still in the air."""
    m = Match("schock", [PlayerSpec("Ann", "bot"), PlayerSpec("Ben", "bot"), PlayerSpec("Cem", "random"), PlayerSpec("Dora", "bot")], seed=5)
    table = table_for(app, m)
    kept_rolls = 0
    for _ in range(900):
        app.step(1 / 60)
        assert table.dice.marked(table.show_marks()) == []
        t = table.state.turn  # the state shown while the logged roll's dice fly
        if t is not None and t.pending and table.dice.animating:
            kept_rolls += 1
            assert sum(sl.out for sl in table.dice.slots) == len(t.pending)  # Schock: what stays is out of the cup
            assert table.turn_text().endswith(f"roll {t.rolls + 1} of {t.max_rolls}")
    assert kept_rolls > 0


def katchen_in_phase_2(players: list[PlayerSpec], seed: int) -> Match:
    """A Katchen match played through phase 1 (where each throws once) to the start of phase 2."""
    import random

    m = Match("katchen", players, seed=seed)
    rng = random.Random(seed)
    while m.state.phase == 1:  # type: ignore[attr-defined]
        if m.state.current_player() == CHANCE:
            m.resolve_chance()
        else:
            m.apply(rng.choice(m.state.legal_actions()))
    assert not m.state.is_terminal() and m.state.turn is not None and m.state.turn.rolls == 0
    return m


@pytest.mark.parametrize("game", ["schock", "katchen"])
def test_a_persons_keep_mark_shows_his_choice_and_goes_when_the_dice_fly(app: App, game: str) -> None:
    m = Match(game, HUMANS, seed=12) if game == "schock" else katchen_in_phase_2(HUMANS, 12)
    table = table_for(app, m)
    t = m.state.turn
    assert t is not None
    who, most = m.state.players[t.seat], t.max_rolls
    assert most >= 2
    key(pygame.K_SPACE)
    app.step(0.05)
    assert table.dice.marked(table.show_marks()) == []
    settle(app, table)
    key(pygame.K_1)
    app.step(0.05)
    assert table.dice.marked(table.show_marks()) == [0]
    key(pygame.K_SPACE)
    app.step(0.05)
    assert table.dice.animating and table.dice.marked(table.show_marks()) == []
    assert table.turn_text() == f"{who} · roll 2 of {most}"
    if game == "schock":
        assert table.dice.slots[0].out and not table.dice.slots[0].tumble
    settle(app, table)
    # Schock: the die is out now (no mark); Katchen: it stays chosen for the next roll, to be changed
    assert table.dice.marked(table.show_marks()) == ([] if game == "schock" else [0])
    key(pygame.K_RETURN)
    settle(app, table)
    assert table.dice.finished and table.dice.marked(table.show_marks()) == []


def test_a_bots_last_keep_is_not_shown_as_its_next_choice(app: App) -> None:
    m = katchen_in_phase_2([PlayerSpec("Anna", "bot"), PlayerSpec("Robo", "bot")], 5)
    table = table_for(app, m)
    seat = m.state.current_player()
    table.session.script(Dice((6, 4, 2)), Dice((5, 3)))
    table.session.apply(Roll(), seat=seat)  # the bot's decisions, logged as its own
    settle(app, table)
    table.session.apply(Roll((6,)), seat=seat)
    settle(app, table)
    assert player_actions(m)[-2:] == ["roll", "roll 6"]
    assert table.dice.shown and not any(sl.kept for sl in table.dice.slots)
    assert table.dice.marked(table.show_marks()) == []


def test_a_turn_message_goes_once_that_player_has_acted(app: App) -> None:
    m = Match("schock", HUMANS, seed=4)
    table = table_for(app, m)
    throws(app, table, (0, Roll(), Dice((6, 5, 3))), (0, Stand(), None))
    assert table.toast.text == "Bernd's turn – Space to roll" and table.toast.t > 0
    assert table.session.request(1, Roll()) is None
    assert table.toast.t == 0


def test_a_loaded_match_shows_the_last_throw_on_the_table(app: App, tmp_path: Path) -> None:
    m = Match("schock", HUMANS, seed=4)
    for a in (Roll(), Dice((6, 5, 3)), Stand()):
        m.apply(a)
    write_log(m.log, tmp_path / "m.json")
    table = table_for(app, load_match(tmp_path / "m.json"))
    assert table.dice.shown and table.dice.finished
    assert sorted(table.dice.faces()) == [3, 5, 6] and table.finished_caption.startswith("Anna: ")


def test_a_tower_lands_on_a_die_of_the_same_roll(app: App) -> None:
    m = Match("schock", HUMANS, seed=4)
    table = table_for(app, m)
    throws(app, table, (0, Roll(), Dice((6, 4, 2))))
    table.session.script(Tower())
    assert table.session.request(0, Roll((6,))) is None
    app.step(0.01)
    stacked = [i for i, sl in enumerate(table.dice.slots) if sl.stacked]
    assert len(stacked) == 1
    under = [i for i, sl in enumerate(table.dice.slots) if sl.tumble is not None and not sl.stacked]
    assert len(under) == 1 and not table.dice.slots[under[0]].out


def test_the_header_and_the_seat_lines_fit_a_small_window_with_long_names(app: App) -> None:
    app.screen = pygame.display.set_mode((960, 640))
    names = ["Anna", "Bernhard-Maximilian", "Cem", "Dora", "Elke", "Frank", "Gabi", "Heinz"]
    m = Match("katchen", [PlayerSpec(n) for n in names], seed=2, opener=1)
    table = DiceTableScene(app, m)
    table.draw(app.screen)
    turn, *stage = table.header_drawn
    assert "Bernhard-Maximilian" in table.turn_text()
    assert turn.right <= table.L.top.right and all(not turn.colliderect(r) for r in stage)
    img = table._fit("last: Schock aus (1-1-1, 1 roll)", 100, (255, 255, 255))
    assert img.get_width() <= 100


# --- the menu ------------------------------------------------------------------------------------


def test_the_menu_refuses_bad_player_lists_with_a_message(app: App) -> None:
    model = MenuModel(players=[PlayerRow("Anna"), PlayerRow("Anna", "bot")])
    menu = MenuScene(app, model)
    app.push(menu)
    assert not menu.start()
    assert "Anna" in menu.message and app.scene is menu
    model.players[1].name = ""
    menu.rebuild()
    assert not menu.start() and "name" in menu.message
    model.players = [PlayerRow("Solo")]
    assert model.problems()


def test_the_menu_starts_a_match_with_the_chosen_profile(app: App) -> None:
    model = MenuModel(game="katchen", players=[PlayerRow("Anna"), PlayerRow("Bernd", "random")])
    model.options["katchen"]["katchen_in_one_roll"] = True
    model.counts["katchen"]["schuss_limit"] = "2"
    menu = MenuScene(app, model)
    app.push(menu)
    assert menu.start()
    table = app.scene
    assert isinstance(table, DiceTableScene)
    assert table.match.profile["katchen_in_one_roll"] is True and table.match.profile["schuss_limit"] == 2
    key(pygame.K_ESCAPE)
    app.step(0.05)
    assert app.scene is menu
