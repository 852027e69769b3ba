"""The settings screen and the program-wide glue around `game.settings` and `game.store.autosave`.

`SettingsScene`: language, sound on/off and volume, the assists (Racerbile coach, Bierpong aim
preview and slow motion) and the remembered players (names and drinks). It is saved with
`save_settings` when it is left (OK or Esc) and applied at once (`apply_settings`).

The settings in force: `run_app` loads them at start (`startup_settings`); until then (a scene
made directly, as in tests) `loaded_settings()` is None, the scenes keep their own defaults and
nothing is written to the user's configuration folder.

The settings in force and a match scene's autosave live in `game.ui.common.prefs` (re-exported here).
"""
from __future__ import annotations

from dataclasses import replace

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine

from game.i18n import LANGUAGES as I18N_LANGUAGES
from game.i18n import N_, _
from game.rules.ledger import Drink
from game.settings import LANGUAGES, Settings, load_settings, save_settings, settings_path
from game.ui.common import textures, theme
from game.ui.common.names import cut_name
from game.ui.common.modal import make_manager
from game.ui.common.scene import Host, OverlayScene
from game.ui.common.prefs import (
    MAX_REMEMBERED, apply_settings, assist, loaded_settings, remember_players, reset_settings,
    startup_settings,
)
from game.ui.common.sound import sounds

__all__ = [
    "SettingsScene", "apply_settings", "assist", "loaded_settings", "remember_players",
    "reset_settings", "startup_settings",
]

LANGUAGE_NAMES = I18N_LANGUAGES  # code → the language's own name
ASSISTS: tuple[tuple[str, str, str], ...] = (  # field, label, tool tip
    ("coach", N_("Racerbile: the coach explains each way"), N_("the path, the squeals and the sips of a way (C in the race)")),
    ("aim_preview", N_("Bierpong: aim preview"), N_("the arc the ball would fly, shown while aiming (A at the table)")),
    ("slow_motion", N_("Bierpong: throws in slow motion"), N_("the table starts at a quarter of the speed (S at the table)")),
)

# --- the screen ------------------------------------------------------------------------------------


def drink_choices() -> list[tuple[Drink, str]]:
    names = {Drink.BEER: _("Beer"), Drink.LIGHT_BEER: _("Light beer"), Drink.OTHER: _("Other")}
    return [(d, _("{drink} ({n} sips)").format(drink=names.get(d, str(d)), n=d.sips)) for d in Drink]


class SettingsScene(OverlayScene):
    """The settings: language, sound, assists and the remembered players; Esc or OK saves."""

    def __init__(self, host: Host, settings: Settings | None = None) -> None:
        super().__init__(host)
        self.fonts = host.fonts
        s = settings or loaded_settings() or load_settings()[0]
        self.language = s.language
        self.sound = s.sound
        self.volume = s.volume
        self.assists = {name: bool(getattr(s, name)) for name, _l, _t in ASSISTS}
        self.players: list[list[str]] = [[n, d] for n, d in s.players]
        self.base = s
        self.message = ""
        self.saved_to: str | None = None
        self.name_entries: list[tuple[int, UITextEntryLine]] = []  # (player, entry) of the rows shown
        self.ui = make_manager(host.size, self.overlay_open)
        self.size = host.size
        self._static: pygame.Surface | None = None
        self.resize(host.size)

    # --- the settings as chosen ------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        """What the screen shows now (names typed so far included; empty names left out)."""
        self._sync_names()
        people = tuple((n.strip(), d) for n, d in self.players if n.strip())
        chosen = self.base.aim_preview_chosen or self.assists["aim_preview"] != self.base.aim_preview  # (a choice made here)
        return replace(self.base, players=people, language=self.language, sound=self.sound,
                       volume=round(max(0.0, min(1.0, self.volume)), 2), aim_preview_chosen=chosen, **self.assists)

    def set_language(self, code: str) -> None:
        if code not in LANGUAGES:
            raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
        self.language = code
        apply_settings(replace(self.settings, language=code))  # the screen itself switches at once
        self.rebuild()

    def set_sound(self, on: bool) -> None:
        self.sound = on
        sounds().configure(self.sound, self.volume)
        self.rebuild()

    def set_volume(self, v: float) -> None:
        self.volume = max(0.0, min(1.0, float(v)))
        sounds().configure(self.sound, self.volume)

    def set_assist(self, name: str, on: bool) -> None:
        if name not in self.assists:
            raise KeyError(f"unknown assist {name!r}; known: {', '.join(self.assists)}")
        self.assists[name] = on

    def add_player(self, name: str = "", drink: str = "beer") -> None:
        self._sync_names()
        if len(self.players) < MAX_REMEMBERED:
            self.players.append([name, str(Drink(drink))])
        self.name_entries.clear()  # the rows changed: the old entries no longer match them
        self.rebuild()

    def remove_player(self, i: int) -> None:
        self._sync_names()
        if 0 <= i < len(self.players):
            del self.players[i]
        self.name_entries.clear()  # the rows changed: the old entries no longer match them
        self.rebuild()

    def done(self) -> bool:
        """Save and apply the settings and go back; on a write error the message stays (False)."""
        s = self.settings
        apply_settings(s)
        try:
            self.saved_to = str(save_settings(s))
        except OSError as e:
            if self.message.startswith("!"):  # asked once already: leave without saving
                self.host.pop()
                return False
            self.message = "!" + _("The settings could not be saved to {path}: {error} – Esc leaves without them").format(
                path=settings_path(), error=e)
            return False
        self.host.pop()
        return True

    # --- layout ----------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.rebuild()

    def _sync_names(self) -> None:
        for i, e in self.name_entries:
            if i < len(self.players):
                self.players[i][0] = e.get_text()

    def rebuild(self) -> None:
        """(Re)create the widgets from the values chosen."""
        self._sync_names()
        ui = self.ui
        ui.set_window_resolution(self.size)
        ui.clear_and_reset()
        w, h = self.size
        f = self.fonts
        margin, compact, self.left, self.right = theme.two_panels(self.size)
        lw = self.left.w
        labels: list[tuple[pygame.Surface, tuple[int, int]]] = []

        def head(text: str, x: int, y: int) -> None:
            labels.append((f.shadowed(text, 24, theme.BRASS, "serif"), (x, y)))

        def label(text: str, x: int, y: int, color: theme.Color = theme.CREAM, size: int = 15, style: str = "bold") -> None:
            labels.append((f.text(text, size, color, style), (x, y)))

        # general
        x, y = self.left.x + 18, self.left.y + 14
        inner = lw - 36
        cw = min(220, inner // 2)
        head(_("General"), x, y)
        y += 46
        label(_("Language"), x, y + 8)
        names: list[str | tuple[str, str]] = [LANGUAGE_NAMES.get(c, c) for c in LANGUAGES]
        self.language_menu = UIDropDownMenu(names, LANGUAGE_NAMES.get(self.language, self.language), pygame.Rect(x + inner - cw, y, cw, 32), ui)
        y += 48
        label(_("Sound"), x, y + 8)
        self.sound_box = UICheckBox(pygame.Rect(x + inner - cw, y + 6, 20, 20), _("on"), ui, initial_state=self.sound,
                                    tool_tip_text=_("dice, ball, caps, call-outs and clicks"))
        y += 44
        label(_("Volume"), x, y + 6)
        self.volume_slider = UIHorizontalSlider(pygame.Rect(x + inner - cw, y, cw, 30), int(round(self.volume * 100)), (0, 100), ui,
                                                click_increment=5)
        if not self.sound:
            self.volume_slider.disable()
        self.volume_at = (x + 90, y + 7)
        y += 40
        status = sounds().shown
        for line in f.wrap(status, 13, inner, "italic")[:2]:
            label(line, x, y, theme.MUTED, 13, "italic")
            y += 17
        y += 18
        head(_("Assists"), x, y)
        y += 44
        self.assist_boxes: dict[UICheckBox, str] = {}
        for name, text, tip in ASSISTS:
            box = UICheckBox(pygame.Rect(x, y + 4, 20, 20), "", ui, initial_state=self.assists[name], tool_tip_text=_(tip))
            self.assist_boxes[box] = name
            label(_(text), x + 30, y + 4, theme.CREAM, 15, "regular")
            y += 36
        # players
        rx, ry = self.right.x + 18, self.right.y + 14
        rinner = self.right.w - 36
        head(_("Players"), rx, ry)
        hint = _("remembered for new matches (Start remembers the people at the table)")
        lines = f.wrap(hint, 13, rinner, "italic")
        ry += 40
        for line in lines[:2]:
            label(line, rx, ry, theme.MUTED, 13, "italic")
            ry += 17
        ry += 8
        self.name_entries = []
        self.drink_menus: dict[UIDropDownMenu, int] = {}
        self.remove_buttons: dict[UIButton, int] = {}
        drinks = drink_choices()
        drink_labels: list[str | tuple[str, str]] = [lab for _d, lab in drinks]
        nw = int(rinner * 0.46)
        dw = int(rinner * 0.40)
        xw = rinner - nw - dw - 12
        row = max(34, min(40, (self.right.bottom - ry - 60) // max(1, MAX_REMEMBERED)))
        if not self.players:
            label(_("Nobody yet: the menu's default players are used"), rx, ry + 8, theme.MUTED, 14, "italic")
            ry += row
        for i, (name, drink) in enumerate(self.players):
            e = UITextEntryLine(pygame.Rect(rx, ry, nw, row - 6), ui, initial_text=name, placeholder_text=_("name"))
            self.name_entries.append((i, e))
            cur = next((lab for d, lab in drinks if str(d) == drink), drinks[0][1])
            self.drink_menus[UIDropDownMenu(drink_labels, cur, pygame.Rect(rx + nw + 6, ry, dw, row - 6), ui)] = i
            self.remove_buttons[UIButton(pygame.Rect(rx + nw + dw + 12, ry, xw, row - 6), "×", ui,
                                         tool_tip_text=_("forget this player"))] = i
            ry += row
        self.add_button = UIButton(pygame.Rect(rx, ry + 4, 180, 34), _("+ Add player"), ui)
        if len(self.players) >= MAX_REMEMBERED:
            self.add_button.disable()
        # bottom bar
        by = h - 78
        self.ok_button = UIButton(pygame.Rect(w - margin - 200, by, 200, 54), _("OK"), ui, object_id="#start_button",
                                  tool_tip_text=_("save the settings and go back (Esc does the same)"))
        self.message_rect = pygame.Rect(margin, by, w - 2 * margin - 220, 56)
        where = _("saved in {path}").format(path=settings_path())
        # static
        bg = textures.wood(self.size, theme.WOOD_DARK, seed=9, plank=int(110 * theme.scale_for(self.size)))
        for rect in (self.left, self.right):
            theme.rounded_panel(bg, rect, (20, 12, 6, 170), theme.BRASS_DARK, 14, 2)
        title = f.shadowed(_("Settings"), 64 if not compact else 50, theme.CREAM, "serif", 3)
        bg.blit(title, (margin + 4, 18 if not compact else 12))
        keys = f.text(_("Esc or OK: save and back to the menu"), 14, theme.MUTED, "italic")
        bg.blit(keys, (w - margin - keys.get_width(), 30 if not compact else 16))
        wimg = f.text(where, 13, theme.MUTED, "italic")
        if wimg.get_width() < self.message_rect.w - 20:
            bg.blit(wimg, (margin + 10, h - 20 - wimg.get_height()))
        for img, pos in labels:
            bg.blit(img, pos)
        self._static = theme.for_display(bg)

    # --- events ----------------------------------------------------------------------------------

    def back(self) -> bool:
        if self.close_overlay():
            return True
        self.done()
        return True

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.overlay_event(e):
            return
        self.ui.process_events(e)
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            sounds().play("ui_click")
            el = e.ui_element
            if el is self.ok_button:
                self.done()
            elif el is self.add_button:
                self.add_player()
            elif el in self.remove_buttons:
                self.remove_player(self.remove_buttons[el])
        elif e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            el = e.ui_element
            if el is self.language_menu:
                code = next((c for c, n in LANGUAGE_NAMES.items() if n == e.text), self.language)
                self.set_language(code)
            elif el in self.drink_menus:
                i = self.drink_menus[el]
                d = next((d for d, lab in drink_choices() if lab == e.text), Drink.BEER)
                self.players[i][1] = str(d)
        elif e.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            on = e.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if e.ui_element is self.sound_box:
                self.set_sound(on)
            elif e.ui_element in self.assist_boxes:
                self.set_assist(self.assist_boxes[e.ui_element], on)
        elif e.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and e.ui_element is self.volume_slider:
            self.set_volume(float(e.value) / 100.0)
        elif e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and any(e.ui_element is x for _i, x in self.name_entries):
            cut = cut_name(e.ui_element)
            if cut:
                self.message = cut  # said, never a silent cut
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self._typing():
            self.done()

    def _typing(self) -> bool:
        return any(x.is_focused for _i, x in self.name_entries)

    def update(self, dt: float) -> None:
        self.ui.update(dt)
        if self.modal is not None:
            self.modal.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self._static is None or self._static.get_size() != surface.get_size():
            self.resize(surface.get_size())
        assert self._static is not None
        surface.blit(self._static, (0, 0))
        vol = self.fonts.text(f"{round(self.volume * 100)} %", 15, theme.CREAM if self.sound else theme.MUTED, "regular")
        surface.blit(vol, self.volume_at)
        self.ui.draw_ui(surface)
        if self.message:
            text = self.message.lstrip("!")
            y = self.message_rect.y + 2
            for line in self.fonts.wrap(text, 15, self.message_rect.w - 20, "bold")[:3]:
                img = self.fonts.text(line, 15, theme.CHALK_RED, "bold")
                surface.blit(img, (self.message_rect.x + 10, y))
                y += img.get_height()
        if self.modal is not None:
            self.modal.draw(surface)
