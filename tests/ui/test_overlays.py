"""Overlays (issue 18), headless: a dialog or the rules dim the scene and block all of it – its
pygame_gui buttons neither light up under the pointer nor show tooltips behind the overlay; an open
drop-down of a dialog (the judges' console, the challenge dialog) is drawn above the dialog's text."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UITooltip

from game.match import Match, PlayerSpec
from game.store.matchfile import write_log
from game.ui.common.modal import raise_expanded
from game.ui.common.scene import OverlayScene
from tests.ui.test_ui import key, table_for

if TYPE_CHECKING:
    from game.ui.common.app import App


def point_at(app: App, pos: tuple[int, int], seconds: float = 1.5) -> None:
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(int(seconds / 0.1)):
        app.step(0.1)


def tooltips(scene: OverlayScene) -> list[UITooltip]:
    return [e for e in scene.ui.get_sprite_group().sprites() if isinstance(e, UITooltip)]  # type: ignore[attr-defined]


def mouse_reaches_the_window() -> bool:
    """pygame.mouse.set_pos reaches the pointer the managers read under this video driver."""
    pygame.mouse.set_pos((17, 23))
    pygame.event.pump()
    return pygame.mouse.get_pos() == (17, 23)


def check_blocked(app: App, scene: OverlayScene, button: UIButton, open_overlay: object) -> None:
    """Hovering `button` lights it and shows its tooltip; with the overlay open it does neither, and
    the button is drawn dimmed."""
    if not mouse_reaches_the_window():
        pytest.skip("the dummy video driver does not move the pointer")
    point_at(app, button.rect.center)
    assert button.hovered and tooltips(scene), "the test must see a hover without an overlay"
    bright = app.screen.get_at(button.rect.center)
    point_at(app, (3, 3))
    open_overlay()  # type: ignore[operator]
    app.step(0.05)
    assert scene.overlay_open()
    point_at(app, button.rect.center)
    assert not button.hovered and not tooltips(scene)
    dim = app.screen.get_at(button.rect.center)
    assert sum(dim[:3]) < sum(bright[:3]) * 0.8  # the overlay dims the scene, widgets included
    assert scene.close_overlay()
    point_at(app, button.rect.center)
    assert button.hovered  # and back to normal when it closes


def test_the_log_dialog_and_the_rules_block_the_dice_tables_buttons(app: App) -> None:
    table = table_for(app, Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bo")], seed=3))
    app.step(0.05)
    check_blocked(app, table, table.b_save, lambda: key(pygame.K_l))
    check_blocked(app, table, table.b_save, table.toggle_help)


def test_the_judges_console_blocks_the_race_scenes_buttons(app: App) -> None:
    from tests.ui.test_race_ui import TEAMS, open_scene, race, settle

    scene = open_scene(app, race("le_mans", "le_mans", TEAMS, seed=2))
    app.step(0.05)
    scene.modal.go(roll=True)  # type: ignore[union-attr]
    settle(app, scene)
    buttons = [e for e in scene.ui.get_sprite_group().sprites() if isinstance(e, UIButton) and e.tool_tip_text and e.visible]
    assert buttons
    check_blocked(app, scene, buttons[0], lambda: key(pygame.K_j))


def test_the_menus_dialogs_block_its_buttons(app: App) -> None:
    from game.ui.shell.menu import MenuScene

    menu = MenuScene(app)
    app.push(menu)
    app.step(0.05)
    buttons = [e for e in menu.ui.get_sprite_group().sprites() if isinstance(e, UIButton) and e.tool_tip_text and e.visible]
    assert buttons
    check_blocked(app, menu, buttons[0], lambda: key(pygame.K_F1))


def _switch(dd: UIDropDownMenu, to: str) -> None:
    state = dd.current_state
    assert state is not None
    state.should_transition = True
    state.target_state = to


def _expand(dd: UIDropDownMenu, app: App) -> None:
    _switch(dd, "expanded")
    for _ in range(3):
        app.step(0.05)
    assert dd.current_state is dd.menu_states["expanded"]


def test_an_open_drop_down_of_the_judges_console_is_above_its_text(app: App) -> None:
    """The driver list opens over the rule help and the list of the judges' decisions: what the list
    covers looks the same whatever the console writes there (a decision added below it)."""
    import pygame_gui

    from game.ui.race.race_dialogs import JudgesConsole
    from tests.ui.test_race_ui import TEAMS, open_scene, race, settle

    scene = open_scene(app, race("le_mans", "le_mans", TEAMS, seed=2))
    app.step(0.05)
    scene.modal.go(roll=True)  # type: ignore[union-attr]
    settle(app, scene)
    key(pygame.K_j)
    app.step(0.05)
    judges = scene.modal
    assert isinstance(judges, JudgesConsole)

    def covered() -> tuple[pygame.Rect, bytes]:
        _expand(judges.driver_menu, app)
        lists = raise_expanded(judges.ui, app.screen.copy())
        big = max(lists, key=lambda r: r.h)
        assert big.h > 100
        pixels = pygame.image.tobytes(app.screen.subsurface(big.inflate(-4, -4)).copy(), "RGB")
        _switch(judges.driver_menu, "closed")
        app.step(0.05)
        return big, pixels

    where, before = covered()
    text_y = judges.rect.y + judges.rule_y + 40  # the rule's help and the decisions start here
    assert where.top < text_y < where.bottom
    judges.reason_entry.set_text("a very long reason that runs right across the console, under the list")
    judges.sips_entry.set_text("2")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=judges.sips_button))
    app.step(0.05)
    assert judges.recent(), "a decision is listed"
    where2, after = covered()
    assert where2 == where and after == before


# --- text that fits --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de", "da"])
@pytest.mark.parametrize("size", [(960, 640), (1280, 800), (1600, 1000)])
def test_the_menus_tool_bar_fits_its_words_in_every_language(app: App, lang: str, size: tuple[int, int]) -> None:
    """Each tool button holds its whole word (two rows of smaller buttons when a narrow window in a
    longer language needs them), none overlaps another, the Quit or the Start button."""
    from game.i18n import set_language
    from game.ui.shell.menu import MenuScene

    set_language(lang)
    try:
        app.screen = pygame.display.set_mode(size)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        menu = MenuScene(app)
        app.push(menu)
        app.step(0.05)
        tools = [menu.load_button, menu.replays_button, menu.help_button, menu.edit_button, menu.shots_button,
                 menu.settings_button, menu.join_button]
        for b in tools:
            small = "#tool_small" in b.object_ids
            need = app.fonts.width(b.text, 14 if small else 16, "bold") + 8
            assert need <= b.rect.w, f"{b.text!r} is cut ({need} > {b.rect.w})"
            assert app.screen.get_rect().contains(b.rect)
        others = tools + [menu.quit_button, menu.start_button]
        for i, a in enumerate(others):
            assert not any(a.rect.colliderect(b.rect) for b in others[i + 1:]), a.text
    finally:
        set_language("en")


def test_a_cut_option_help_shows_in_full_under_the_pointer(app: App) -> None:
    """At 960×640 an option's help is cut with "…"; with the pointer on it the whole text shows, in a
    box inside the window."""
    from game.ui.shell.menu import MenuScene
    from game.ui.shell.menu_model import MenuModel

    app.screen = pygame.display.set_mode((960, 640))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 640), w=960, h=640))
    menu = MenuScene(app, MenuModel(game="racerbile"))
    app.push(menu)
    app.step(0.05)
    assert menu.cut_help, "some help is cut at 960×640"
    rect, text = menu.cut_help[0]
    assert text in menu.option_help.values()
    box = menu.draw_cut_help(app.screen, rect.center)
    assert box is not None and app.screen.get_rect().contains(box)
    lines = app.fonts.wrap(text, 14, min(440, 960 - 40) - 24)
    assert box.h >= 14 * len(lines)  # every line of it
    assert menu.draw_cut_help(app.screen, (2, 2)) is None


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_the_replay_viewers_key_help_is_whole_at_960(app: App, tmp_path: object, lang: str) -> None:
    """The key help is wrapped at its " · " into a column at the right of the bar – every key shown,
    no "…" – and the step's action and rulings keep left of it."""
    from pathlib import Path

    from game.i18n import set_language
    from game.ui.shell.replay import ReplayScene
    from tests.ui.test_awkward_names import awkward_match

    path = Path(str(tmp_path)) / "m.json"
    write_log(awkward_match("schock", ["Anna", "Bo", "Cem"], 3).log, path)
    set_language(lang)
    try:
        app.screen = pygame.display.set_mode((960, 640))
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 640), w=960, h=640))
        viewer = ReplayScene(app, str(path), step=5)
        app.push(viewer)
        app.step(0.05)
        from game.i18n import _

        keys = _("← → step · Home/End · Space play · +/− speed · B bookmark · N/P bookmarks · J jump · Esc leave")
        lines = viewer.hint_lines(keys, 12, int(viewer.bar.w * 0.42))
        assert " · ".join(lines) == keys and len(lines) >= 2
        assert all("…" not in line for line in lines)
        hint = viewer.hint_drawn
        assert viewer.bar.contains(hint) and hint.h >= 12 * len(lines)
    finally:
        set_language("en")


def test_the_jump_list_fits_its_rows_and_wraps_a_long_ruling_whole(app: App, tmp_path: object) -> None:
    """J at 960×640: no row runs past the list's edge, and a ruling too long for one row goes on
    over the next ones – whole, nothing cut with "…" – each of its rows choosing its step."""
    from pathlib import Path

    import pygame_gui

    from game.ui.common.modal import ListDialog
    from game.ui.shell.replay import ReplayScene
    from tests.ui.test_awkward_names import awkward_match

    path = Path(str(tmp_path)) / "m.json"
    write_log(awkward_match("schock", ["Anna", "Bo", "Cem"], 3).log, path)
    app.screen = pygame.display.set_mode((960, 640))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 640), w=960, h=640))
    viewer = ReplayScene(app, str(path), step=5)
    app.push(viewer)
    app.step(0.05)
    viewer.open_jump()
    dialog = viewer.modal
    assert isinstance(dialog, ListDialog)
    room = dialog.list.rect.w - 20
    rows = [item["text"] for item in dialog.list.item_list]
    assert rows and all(app.fonts.width(t, 15) <= room for t in rows)
    assert not dialog.cut and not any(t.endswith("…") and "rulings" not in t for t in rows)
    ids = [item["object_id"] for item in dialog.list.item_list]
    assert len(set(dialog.keys[i] for i in ids)) < len(ids), "some ruling takes more than one row"
    whole = {dialog.keys[i] for i in ids}
    longest = max(whole, key=lambda k: sum(1 for i in ids if dialog.keys[i] == k))
    rows_of = [i for i in ids if dialog.keys[i] == longest]
    item = dialog.list.item_list[ids.index(rows_of[-1])]  # its last row
    item["selected"] = True
    pygame.event.post(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=dialog.list, text=item["text"]))
    app.step(0.05)
    assert dialog.chosen == longest


def test_a_save_message_with_a_long_path_is_wrapped_inside_the_table(app: App, tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+S: the message naming the save's (long) path is wrapped – the path broken after a "/" –
    and stays inside the felt, at 960×640 too."""
    from pathlib import Path

    deep = Path(str(tmp_path)) / ("a-rather-long-folder-name-for-the-saves-" * 3) / "und-noch-einer"
    monkeypatch.setenv("XDG_DATA_HOME", str(deep))
    app.screen = pygame.display.set_mode((960, 640))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 640), w=960, h=640))
    table = table_for(app, Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bo")], seed=3))
    app.step(0.05)
    table.save()
    app.step(0.05)
    said = table.toast.history[-1]
    assert "a-rather-long-folder-name" in said
    img = table.toast._image
    assert img is not None and img.get_width() <= table.L.felt.w - 40 + 4
    lines = app.fonts.wrap(said, int(17 * table.L.s), table.L.felt.w - 80, "bold")
    assert len(lines) >= 2 and all(app.fonts.width(line, int(17 * table.L.s), "bold") <= table.L.felt.w - 80 for line in lines)


def test_the_bierpong_headline_and_team_lines_fit_the_scoreboard(app: App) -> None:
    """The scoreboard's headline (round, Konter, who throws) and the team lines are fitted to the
    board: long team and player names are cut with "…", never past its edge."""
    from game.ui.pong.bierpong_match import BierpongMatchScene
    from game.ui.shell.menu import MenuScene

    app.screen = pygame.display.set_mode((960, 640))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 640), w=960, h=640))
    long = "Die Durstigen Füchse vom Stammtisch am Marktplatz"
    m = Match("bierpong", [PlayerSpec(long, drivers=("Annemarie-Luise Müller-Lüdenscheidt",)), PlayerSpec("Owls", drivers=("Cem",))], seed=2)
    app.push(MenuScene(app))
    scene = BierpongMatchScene(app, m)
    app.push(scene)
    for _ in range(3):
        app.step(0.05)
    side = scene.view.layout.side
    assert scene.board_lines
    assert all(r.left >= side.left and r.right <= side.right + 2 for r in scene.board_lines)


@pytest.mark.parametrize("lang", ["en", "de", "da"])
@pytest.mark.parametrize("size", [(960, 640), (1600, 1000)])
def test_the_dice_tables_bottom_buttons_never_overlap_and_hold_their_words(app: App, lang: str, size: tuple[int, int]) -> None:
    """Undo, Turn sixes, Roll and Stand side by side: smaller type when the words are long (de at
    960×640 had Undo under "Sechs drehen"), every word whole."""
    from game.i18n import set_language

    set_language(lang)
    try:
        app.screen = pygame.display.set_mode(size)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        table = table_for(app, Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bo")], seed=3))
        app.step(0.05)
        buttons = [table.b_undo, table.b_flip, table.b_roll, table.b_stand]
        for i, a in enumerate(buttons):
            assert not any(a.rect.colliderect(b.rect) for b in buttons[i + 1:]), (a.text, lang, size)
        table.b_flip.set_text(table.b_flip.text)
        for b in buttons + [table.b_flip]:
            small = "#tool_small" in b.object_ids
            from game.i18n import _

            texts = [b.text] if b is not table.b_flip else [table.bar_label(_("Turn six (F)")), table.bar_label(_("Turn 2 sixes (F)"))]
            for t in texts:
                assert app.fonts.width(t, 14 if small else 16, "bold") + 8 <= b.rect.w, (t, lang, size)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "de", "da"])
@pytest.mark.parametrize("size", [(960, 640), (1280, 800), (1600, 1000)])
def test_the_editors_key_help_fits_its_sheet_without_overlaps(app: App, lang: str, size: tuple[int, int]) -> None:
    """The editor's key help (F1): every key and its wrapped words inside the sheet, nothing drawn
    over anything else (de at 960×640 ran over the second column and past the sheet)."""
    from game.i18n import set_language
    from game.ui.editor.editor_panels import help_layout

    set_language(lang)
    try:
        box, items = help_layout(size, app.fonts)
        rects = [img.get_rect(topleft=pos) for img, pos in items]
        assert all(box.contains(r) for r in rects), [r for r in rects if not box.contains(r)]
        for i, a in enumerate(rects):
            assert not any(a.inflate(-2, -2).colliderect(b.inflate(-2, -2)) for b in rects[i + 1:]), a
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_the_menus_option_pager_note_keeps_clear_of_its_button(app: App, lang: str) -> None:
    """At 960×640 "options 1–4 of 13 · the mouse wheel scrolls" ran under "More options"."""
    from game.i18n import set_language
    from game.ui.shell.menu import MenuScene
    from game.ui.shell.menu_model import MenuModel

    set_language(lang)
    try:
        app.screen = pygame.display.set_mode((960, 640))
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 640), w=960, h=640))
        menu = MenuScene(app, MenuModel(game="racerbile"))
        app.push(menu)
        app.step(0.05)
        more = menu.more_button
        assert more is not None, "the racerbile options need a second page at 960×640"
        assert app.fonts.width(more.text, 16, "bold") + 8 <= more.rect.w
        assert menu.pager_note.w > 40 and menu.pager_note.right < more.rect.left
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_the_menus_drop_downs_hold_their_words_at_the_smallest_window(lang: str) -> None:
    """960×640: a player's drink (short words where the long ones do not fit: "Bier · 11") and a
    house rule's choice ("verliert die Hälfte") fit their boxes, beside the arrow."""
    from pygame_gui.elements import UIDropDownMenu

    from game.i18n import set_language
    from game.ui.common.app import App
    from game.ui.shell.menu import MenuScene

    set_language(lang)
    small = App((960, 640))
    try:
        for game in ("schock", "racerbile", "bierpong"):
            menu = MenuScene(small)
            small.push(menu)
            menu.model.game = game
            menu.rebuild()
            small.step(0.05)
            boxes = [*menu.drink_menus, *(w for w in menu.option_widgets.values() if isinstance(w, UIDropDownMenu))]
            assert boxes
            for dd in boxes:
                text = dd.selected_option[0] if isinstance(dd.selected_option, tuple) else dd.selected_option
                assert small.fonts.width(text, 15) <= dd.rect.w - 34, (game, text, dd.rect.w)
            small.pop()
    finally:
        small.close()
        set_language("en")
