"""The menu: choose a game, its seats (players, or teams – as the game's seating rules say), the
house rules; start. The choices live in a `MenuModel` (`menu_model`, no pygame); the pygame_gui
widgets are rebuilt from it (`menu_panels`) whenever the layout changes (a player added, another
game chosen, the window resized); what the buttons open is in `menu_actions`.
"""
from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UITextEntryLine

from game.games import GAMES
from game.i18n import _, language
from game.rules.option_words import variant_label
from game.rules.profile import Profile
from game.ui.common import textures, theme
from game.ui.common.help import HelpOverlay
from game.ui.common.modal import Confirm, Modal, make_manager
from game.ui.common.names import cut_name
from game.ui.common.scene import Host, OverlayScene
from game.ui.scenes import scene_info
from game.ui.shell import menu_panels as panels
from game.ui.shell.menu_actions import MenuActions
from game.ui.shell.menu_model import DRINKS, MenuModel, PlayerRow, TeamRow, drink_label
from game.ui.shell.menu_panels import Canvas


class MenuScene(MenuActions, OverlayScene):
    """The start screen."""

    # the widgets, made by `rebuild` (`menu_panels`)
    left: pygame.Rect
    right: pygame.Rect
    compact: bool
    game_buttons: dict[UIButton, str]
    add_button: UIButton
    coach_box: UICheckBox | None
    real_box: UICheckBox
    variant_menu: UIDropDownMenu | None
    track_menu: UIDropDownMenu | None
    option_widgets: dict[str, Any]
    games_entry: UITextEntryLine | None
    more_button: UIButton | None
    pager_note: pygame.Rect
    start_button: UIButton
    quit_button: UIButton
    load_button: UIButton
    replays_button: UIButton
    help_button: UIButton
    edit_button: UIButton
    shots_button: UIButton
    settings_button: UIButton
    join_button: UIButton
    continue_button: UIButton | None
    message_rect: pygame.Rect

    def __init__(self, host: Host, model: MenuModel | None = None, message: str = "") -> None:
        super().__init__(host)
        self.model = model or MenuModel()
        self.fonts = host.fonts
        self.ui = make_manager(host.size, self.overlay_open)
        self.help: HelpOverlay | None = None
        self.modal: Modal | None = None
        self.message = message
        self.drop_timeout: float | None = None  # the host dialog's last choice: seconds before a bot plays a dropped seat
        self._lang = language()  # a switch of language rebuilds the widgets (`update`)
        self.options_at_end = False  # the last page of options is shown ("First options")
        self.option_scroll = 0  # the first option shown (when they take more room than there is)
        self.options_shown = 0  # options on the page
        self.team_scroll = 0  # the first team shown (when they take more room than there is)
        self.tracks: list[tuple[str, str]] = []  # a race's tracks offered: (label, reference)
        self.short_drinks = False  # the drinks are offered in their short words (a narrow window)
        self._bg: pygame.Surface | None = None  # the wood, kept for the next still picture (None: drawn when needed)
        self._bg_lent = False  # the first still picture was drawn on the wood itself (`background`)
        self._static: pygame.Surface | None = None
        self.resize(host.size)

    # --- layout ----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.find_unfinished()
        self.s = theme.scale_for(size)
        self._bg = self._render_background(size)
        if self.help is not None:
            self.help.resize(size)
        if self.modal is not None:
            self.modal.resize(size)
        self.rebuild()

    def _render_background(self, size: tuple[int, int]) -> pygame.Surface:
        bg = textures.wood(size, theme.WOOD_DARK, seed=9, plank=int(110 * theme.scale_for(size)))
        return bg

    def background(self) -> pygame.Surface:
        """The wood for a still picture to be drawn on: the first is drawn on the wood itself (no copy of
        a whole window before the first frame, issue 30), every later one on a copy of it (the wood drawn
        again once, then kept)."""
        if self._bg is None:
            self._bg = self._render_background(self.size)
        if self._bg_lent:
            return self._bg.copy()
        self._bg_lent = True
        bg, self._bg = self._bg, None
        return bg

    def rebuild(self) -> None:
        """(Re)create every widget from the model: the seats as the game's seating rules say
        (players, or teams), its house rules, the bottom bar."""
        ui = self.ui
        ui.set_window_resolution(self.size)
        ui.clear_and_reset()
        m = self.model
        margin, self.compact, self.left, self.right = theme.two_panels(self.size, 0.54)
        cv = Canvas(self.fonts, self.left)
        self.brief: list[str] = []  # the "In brief" entries shown ("title: summary", in the current language)
        self.option_help: dict[str, str] = {}  # option name → the help text under its row (before any cut)
        self.name_entries: list[UITextEntryLine] = []
        self.kind_menus: list[UIDropDownMenu] = []
        self.drink_menus: list[UIDropDownMenu] = []
        self.remove_buttons: list[UIButton] = []
        self.driver_entries: list[tuple[int, int, UITextEntryLine]] = []  # team, driver, entry
        self.row_index: list[int] = []  # the player (or team) of each row of widgets
        x0, y = self.left.x + 18, self.left.y + 14
        cv.head(_("Game"), x0, y)
        y = panels.game_row(self, cv, x0, y + 40)
        y = panels.team_panel(self, cv, x0, y) if m.team_game else panels.player_panel(self, cv, x0, y)
        panels.coach_row(self, cv, x0, y)
        panels.real_table_row(self, cv, x0, y)
        panels.brief(self, cv, x0, y + 34 + 26)
        panels.profile_panel(self, cv)
        panels.bottom_bar(self, margin)
        panels.continue_button(self, margin)
        self.cut_help: list[tuple[pygame.Rect, str]] = cv.cut_help  # where a help text was cut, and the whole of it
        self._static = panels.still_picture(self, cv, margin)

    def _variant_layout(self) -> tuple[Any, ...]:
        """What a variant changes in the layout: teams or players, the options shown, the track."""
        m = self.model
        names = [o.name for o in m.info.spec.options] if m.game in GAMES else []
        return m.team_game, scene_info(m.game).shown_options(m.variants[m.game], names) if m.game in GAMES else (), m.track

    # --- actions ---------------------------------------------------------------------------

    def _sync_names(self) -> None:
        m = self.model
        rows = m.team_rows if m.team_game else m.players
        for e, i in zip(self.name_entries, self.row_index):
            if i < len(rows):
                rows[i].name = e.get_text()
        for i, j, e in self.driver_entries:
            if i < len(m.team_rows):
                m.team_rows[i].drivers[j] = e.get_text()
        if self.games_entry is not None:
            m.games = self.games_entry.get_text()
        for name, wdg in self.option_widgets.items():
            if isinstance(wdg, UITextEntryLine):
                m.counts[m.game][name] = wdg.get_text()

    def _typing(self) -> bool:
        entries = [*self.name_entries, *(d for _i, _j, d in self.driver_entries)]
        return any(x.is_focused for x in entries) or any(isinstance(w, UITextEntryLine) and w.is_focused for w in self.option_widgets.values())

    def toggle_help(self) -> None:
        if self.help is not None:
            self.help = None
            return
        game = self.model.game if self.model.game in GAMES else next(iter(GAMES))
        try:
            prof: Profile | None = self.model.profile()
        except (ValueError, KeyError):
            prof = None
        self.help = HelpOverlay(self.fonts, game, self.size, prof, GAMES[game].spec)

    help_toggle = toggle_help

    # --- events ----------------------------------------------------------------------------

    def back(self) -> bool:
        if isinstance(self.modal, Confirm) and self.help is None:
            self.host.quit(0)
        elif not self.close_overlay():
            self.ask_quit()
        return True

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.overlay_event(e):
            return
        self.ui.process_events(e)
        m = self.model
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            from game.ui.common.sound import sounds

            sounds().play("ui_click")
            el = e.ui_element
            if el in self.game_buttons:
                self._sync_names()
                m.game = self.game_buttons[el]
                self.option_scroll = 0  # each game's options from the first
                self.message = ""
                self.rebuild()
            elif el is self.add_button:
                self._sync_names()
                m.add_player()
                if m.team_game:
                    self.team_scroll = len(m.team_rows)
                self.rebuild()
            elif el in self.remove_buttons:
                self._sync_names()
                m.remove_seat(self.row_index[self.remove_buttons.index(el)])
                self.rebuild()
            elif el is self.more_button:
                self._sync_names()
                self.option_scroll = 0 if self.options_at_end else self.option_scroll + self.options_shown
                self.rebuild()
            elif el is self.start_button:
                self.start()
            elif el is self.load_button:
                self.open_saves()
            elif el is self.replays_button:
                self.open_replays()
            elif el is self.help_button:
                self.toggle_help()
            elif el is self.edit_button:
                self.open_editor()
            elif el is self.quit_button:
                self.ask_quit()
            elif el is self.shots_button:
                self.open_shots()
            elif el is self.settings_button:
                self.open_settings()
            elif el is self.join_button:
                self.open_join()
            elif el is not None and el is self.continue_button:
                self.resume_last()
        elif e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            el = e.ui_element
            rows: list[Any] = m.team_rows if m.team_game else m.players
            if el in self.kind_menus:
                i = self.row_index[self.kind_menus.index(el)]
                rows[i].kind = next(k.id for k in m.seating.kinds if _(k.label) == e.text)
                self.start_button.set_text(_("Host table") if m.hosting() else _("Start"))
            elif el in self.drink_menus:
                i = self.row_index[self.drink_menus.index(el)]
                rows[i].drink = next(d for d, _l in DRINKS if drink_label(d, self.short_drinks) == e.text)
            elif el is self.variant_menu:
                self._sync_names()
                was = self._variant_layout()
                m.variants[m.game] = next((v for v in GAMES[m.game].spec.variants if _(variant_label(m.game, v)) == e.text), e.text)
                fit = scene_info(m.game).track_for
                if m.seating.track and fit is not None:  # the track the variant is raced on (racerbile.lemans.pit)
                    m.track, note = fit(m.variants[m.game], m.track)
                    if note:
                        self.message = note
                if self._variant_layout() != was:
                    self.rebuild()
            elif el is self.track_menu:
                ref = next((r for label, r in self.tracks if label == e.text), m.track)
                problem = m.track_problem(ref)
                if problem:  # refused at once, with the reason
                    self.message = problem + " – " + _("{track} has none").format(track=e.text)
                    self.rebuild()  # the dropdown shows the track still chosen
                else:
                    m.track = ref
            else:
                for name, wdg in self.option_widgets.items():
                    if wdg is el:
                        opt = GAMES[m.game].spec.option(name)
                        m.options[m.game][name] = next(c for c in opt.choices if panels.choice_label(m.game, name, c) == e.text)
                        if name == m.seating.drivers_option:  # as many driver slots per team
                            self._sync_names()
                            self.rebuild()
                        break
        elif e.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            if e.ui_element is self.coach_box:
                m.coach = e.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if e.ui_element is self.real_box:
                m.real_table = e.type == pygame_gui.UI_CHECK_BOX_CHECKED
            for name, wdg in self.option_widgets.items():
                if wdg is e.ui_element:
                    m.options[m.game][name] = e.type == pygame_gui.UI_CHECK_BOX_CHECKED
        elif e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            names = self.name_entries + [d for _i, _j, d in self.driver_entries]
            cut = cut_name(e.ui_element) if e.ui_element in names else None
            self._sync_names()
            if cut:
                self.message = cut  # said, never a silent cut
            elif self.message:
                self.message = ""
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not any(x.is_focused for x in self.name_entries):
            self.start()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_p and not self._typing():
            self.open_practice()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_d and not self._typing():
            self.open_shots()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_s and not self._typing():
            self.open_settings()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_j and not self._typing():
            self.open_join()
        elif e.type == pygame.MOUSEWHEEL and (m.team_game or self.more_button is not None):
            pos = pygame.mouse.get_pos()
            if self.right.collidepoint(pos):
                self._sync_names()
                self.option_scroll = max(0, self.option_scroll - e.y)
                self.rebuild()
            elif m.team_game and self.left.collidepoint(pos):
                self._sync_names()
                self.team_scroll = max(0, self.team_scroll - e.y)
                self.rebuild()

    def update(self, dt: float) -> None:
        if self._lang != language():  # the language was switched: every label anew
            self._lang = language()
            self._sync_names()
            self.rebuild()
        self.ui.update(dt)
        if self.help is not None:
            self.help.update(dt)
        if self.modal is not None:
            self.modal.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self._static is None or self._static.get_size() != surface.get_size():
            self.resize(surface.get_size())
        assert self._static is not None
        surface.blit(self._static, (0, 0))
        self.ui.draw_ui(surface)
        if self.message:
            lines = self.fonts.wrap(self.message, 15, self.message_rect.w - 20, "bold")
            y = self.message_rect.y + 2
            for line in lines[:3]:
                img = self.fonts.text(line, 15, theme.CHALK_RED, "bold")
                surface.blit(img, (self.message_rect.x + 10, y))
                y += img.get_height()
        if not self.overlay_open():
            self.draw_cut_help(surface, pygame.mouse.get_pos())
        if self.modal is not None:
            self.modal.draw(surface)
        if self.help is not None:
            self.help.draw(surface)

    def draw_cut_help(self, surface: pygame.Surface, mouse: tuple[int, int]) -> pygame.Rect | None:
        """Over an option whose help was cut ("…"): the whole help in a box by the pointer."""
        text = next((t for r, t in self.cut_help if r.collidepoint(mouse)), None)
        if text is None:
            return None
        f = self.fonts
        sw, sh = surface.get_size()
        width = min(440, sw - 40)
        lines = f.wrap(text, 14, width - 24)
        imgs = [f.text(line, 14, theme.CREAM) for line in lines]
        box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 24, sum(i.get_height() for i in imgs) + 16)
        box.topleft = (mouse[0] + 16, mouse[1] + 18)
        if box.right > sw - 10:
            box.right = mouse[0] - 12
        if box.bottom > sh - 10:
            box.bottom = mouse[1] - 12
        box.clamp_ip(surface.get_rect())
        theme.rounded_panel(surface, box, (24, 18, 12, 240), theme.BRASS, 8, 1)
        y = box.y + 8
        for img in imgs:
            surface.blit(img, (box.x + 12, y))
            y += img.get_height()
        return box


__all__ = ["MenuModel", "MenuScene", "PlayerRow", "TeamRow"]
