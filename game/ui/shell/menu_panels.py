"""The menu's panels, built from the model and the chosen game's seating rules
(`game.descriptor.Seating`) and scenes (`game.ui.scenes.SceneInfo`): the games, the seats (players,
or teams), the rules in brief, the house rules, the bottom bar. Each function puts its widgets on
the scene (`MenuScene`) and its text on a `Canvas`, and returns where the next row goes."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UITextEntryLine

from game.games import GAMES
from game.i18n import _
from game.rules.catalog import rules_for
from game.rules.option_words import variant_label
from game.rules.profile import Option, OptionValue
from game.store.saves import save_dir
from game.ui.common import theme
from game.ui.common.theme import fit_text
from game.ui.common.help import option_name_text, option_value_text
from game.ui.common.theme import Fonts
from game.ui.scenes import scene_info, scenes
from game.ui.shell.menu_model import DRINKS, drink_label

if TYPE_CHECKING:
    from game.ui.shell.menu import MenuScene

Labels = list[tuple[pygame.Surface, tuple[int, int]]]


class Canvas:
    """The text of the menu's still picture, gathered while the widgets are made."""

    def __init__(self, fonts: Fonts, left: pygame.Rect) -> None:
        self.fonts = fonts
        self.left = left
        self.labels: Labels = []
        self.cut_help: list[tuple[pygame.Rect, str]] = []  # where a help text was cut, and the whole of it

    def head(self, text: str, x: int, y: int) -> None:
        self.labels.append((self.fonts.shadowed(text, 24, theme.BRASS, "serif"), (x, y)))

    def small(self, text: str, x: int, y: int, color: theme.Color = theme.MUTED, size: int = 13, style: str = "italic") -> None:
        self.labels.append((self.fonts.text(text, size, color, style), (x, y)))

    def aside(self, text: str, x: int, y: int) -> None:
        """A note beside a heading of the left panel (at `y`): on two lines when one is too short
        for it, cut to the panel after that (the whole of it under the pointer)."""
        f = self.fonts
        room = self.left.right - 12 - x
        lines = f.wrap(text, 13, room, "italic")
        if len(lines) == 1:
            self.small(text, x, y)
            return
        first = lines[0]
        second = f.fit(text[len(first):].strip(), 13, room, "italic")
        self.small(first, x, y - 8)
        self.small(second, x, y + 8)
        if len(lines) > 2:
            self.cut_help.append((pygame.Rect(x, y - 8, room, 34), text))


def choice_label(game: str, name: str, value: OptionValue) -> str:
    return option_value_text(value, game, name)


def game_row(sc: MenuScene, cv: Canvas, x0: int, y: int) -> int:
    """A button per registered game (`game.games.GAMES`), the chosen one selected."""
    f, m = sc.fonts, sc.model
    gw = (sc.left.w - 36 - 3 * 10) // 4
    sc.game_buttons = {}
    for i, (gid, info) in enumerate(GAMES.items()):
        r = pygame.Rect(x0 + i * (gw + 10), y, gw, 46)
        oid = "#game_button" if gw >= 130 else "#game_button_small"
        si = scenes().get(gid)
        practice = si is not None and bool(si.practice)  # P opens its table to throw on without rules
        b = UIButton(r, info.title, sc.ui, object_id=oid, tool_tip_text=_(si.tip) if si is not None and si.tip else None)
        if practice and gid != m.game:
            pt = _("P: practice table")
            cv.small(pt, r.centerx - f.size(pt, 13, "italic")[0] // 2, r.bottom + 3)
        if gid == m.game:
            b.select()
        sc.game_buttons[b] = gid
    return y + 46 + (30 if not sc.compact else 26)


def seat_widths(sc: MenuScene) -> tuple[int, int, int, int]:
    """The widths of a seat's row: name, kind, drink and the "×" (the kind's box as wide as its
    longest words within reason; the drinks in their short words when the long ones do not fit)."""
    inner = sc.left.w - 36
    nw = int(inner * 0.33)
    kw = int(inner * 0.26)  # room for "Random bot" at the smallest window
    dw = int(inner * 0.29)
    xw = inner - nw - kw - dw - 18
    widest = max(sc.fonts.width(_(k.label), 15) for k in sc.model.seating.kinds) + 40  # (the arrow's room)
    wider = max(0, min(widest, int(inner * 0.36)) - kw)  # "Normaler Bot" whole: the name's box gives way
    sc.short_drinks = max(sc.fonts.width(drink_label(d), 15) for d, _l in DRINKS) > dw - 40  # (the arrow's room)
    return nw - wider, kw + wider, dw, xw


def _seat_row(sc: MenuScene, cv: Canvas, i: int, row: Any, x0: int, ry: int, row_h: int, placeholder: str, remove_tip: str,
              widths: tuple[int, int, int, int], removable: bool) -> None:
    """Seat `i`'s row: its number, name, kind, drink and "×"."""
    nw, kw, dw, xw = widths
    ui, seating = sc.ui, sc.model.seating
    kinds = seating.kinds
    cv.small(f"{i + 1}.", x0 - 2, ry + 9, theme.MUTED, 13, "bold")
    e = UITextEntryLine(pygame.Rect(x0 + 22, ry, nw - 22, row_h - 4), ui, initial_text=row.name, placeholder_text=placeholder)
    sc.name_entries.append(e)
    sc.row_index.append(i)
    kind_labels: list[str | tuple[str, str]] = [_(k.label) for k in kinds]
    current = next((_(k.label) for k in kinds if k.id == seating.kind_for(row.kind)), _(kinds[0].label))
    sc.kind_menus.append(UIDropDownMenu(kind_labels, current, pygame.Rect(x0 + nw + 6, ry, kw, row_h - 4), ui))
    drink_labels: list[str | tuple[str, str]] = [drink_label(d, sc.short_drinks) for d, _l in DRINKS]
    sc.drink_menus.append(UIDropDownMenu(drink_labels, drink_label(row.drink, sc.short_drinks), pygame.Rect(x0 + nw + kw + 12, ry, dw, row_h - 4), ui))
    rb = UIButton(pygame.Rect(x0 + nw + kw + dw + 18, ry, xw, row_h - 4), "×", ui, tool_tip_text=remove_tip)
    if not removable:
        rb.disable()
    sc.remove_buttons.append(rb)


def team_panel(sc: MenuScene, cv: Canvas, x0: int, y: int) -> int:
    """The teams: a row each (name, kind, drink) over its players' names – a race's drivers, as many
    as its drivers option says (racerbile.lemans.teams); scrolled when there are more than fit."""
    m = sc.model
    seating = m.seating
    m.fit_teams()  # as many driver slots as the option says
    size = m.team_size
    drivers = m.fixed_teams
    widths = seat_widths(sc)
    nw, kw, dw, _xw = widths
    cv.head(_("Teams"), x0, y)
    room = sc.left.bottom - y - 40 - 50
    rows = m.team_rows
    n = len(rows)
    row_h = max(34, min(38, room // max(1, 2 * n)))
    shown = max(1, min(n, room // (2 * row_h + 4)))
    sc.team_scroll = max(0, min(sc.team_scroll, n - shown))
    if not drivers:
        note = _("two teams of 1–{n} players (empty names are left out) · P: practice table").format(n=seating.team_size[1])
        si = scenes().get(m.game)
        cv.aside(note if si is not None and si.practice else note.split(" · ")[0], x0 + 90, y + 10)
    elif shown < n:
        first, last = sc.team_scroll + 1, sc.team_scroll + shown
        each = _("teams {first}–{last} of {n} (three drivers each) · the mouse wheel scrolls") if size == 3 else _("teams {first}–{last} of {n} ({d} drivers each) · the mouse wheel scrolls")
        cv.aside(each.format(first=first, last=last, n=n, d=size), x0 + 90, y + 10)
    else:
        each = _("{low}–{high} teams of three drivers, in seating order") if size == 3 else _("{low}–{high} teams of {d} drivers, in seating order")
        cv.aside(each.format(low=seating.min_seats, high=seating.max_seats, d=size), x0 + 90, y + 10)
    y += 40
    for k, i in enumerate(range(sc.team_scroll, sc.team_scroll + shown)):
        t = rows[i]
        ry = y + k * (2 * row_h + 4)
        _seat_row(sc, cv, i, t, x0, ry, row_h, _("team"), _("take this team off the track"), widths, n > seating.min_seats)
        nd = len(t.drivers)
        ew = (nw + kw + dw - 22 + 12 - (nd - 1) * 6) // nd
        for j in range(nd):
            word = (_("driver {n}") if drivers else _("player {n}")).format(n=j + 1)
            d = UITextEntryLine(pygame.Rect(x0 + 22 + j * (ew + 6), ry + row_h, ew, row_h - 4), sc.ui, initial_text=t.drivers[j], placeholder_text=word)
            sc.driver_entries.append((i, j, d))
    y += shown * (2 * row_h + 4) + 4
    sc.add_button = UIButton(pygame.Rect(x0 + 22, y, 170, 34), _("+ Add team"), sc.ui)
    if n >= seating.max_seats:
        sc.add_button.disable()
    return y


def player_panel(sc: MenuScene, cv: Canvas, x0: int, y: int) -> int:
    """The players, a row each, in seating order."""
    m = sc.model
    seating = m.seating
    widths = seat_widths(sc)
    cv.head(_("Players"), x0, y)
    cv.aside(_("{low}–{high} at the table, in seating order (clockwise)").format(low=seating.min_seats, high=seating.max_seats), x0 + 110, y + 10)
    y += 40
    room = sc.left.bottom - y - 50
    row_h = max(30, min(38, room // max(1, len(m.players))))
    for i, p in enumerate(m.players):
        _seat_row(sc, cv, i, p, x0, y + i * row_h, row_h, _("name"), _("take this player off the table"), widths, len(m.players) > seating.min_seats)
    y += len(m.players) * row_h + 6
    sc.add_button = UIButton(pygame.Rect(x0 + 22, y, 170, 34), _("+ Add player"), sc.ui)
    if len(m.players) >= seating.max_seats:
        sc.add_button.disable()
    return y


def coach_row(sc: MenuScene, cv: Canvas, x0: int, y: int) -> None:
    """The coach's box beside "+ Add", when the game's scene has a coach."""
    sc.coach_box = None
    info = scenes().get(sc.model.game)
    if info is None or not info.coach:
        return
    sc.coach_box = UICheckBox(
        pygame.Rect(x0 + 212, y + 7, 20, 20), _("coach"), sc.ui, initial_state=sc.model.coach, tool_tip_text=_("the coach explains each way: its path, squeals and sips (C in the race)")
    )


def real_table_row(sc: MenuScene, cv: Canvas, x0: int, y: int) -> None:
    """The real table's box beside "+ Add" (after the coach's): real dice, caps and cups, the seats
    enter what they throw and the program rules (docs/real-table.md) – every game."""
    x = x0 + (300 if sc.coach_box is not None else 212)
    sc.real_box = UICheckBox(pygame.Rect(x, y + 7, 20, 20), _("real table"), sc.ui, initial_state=sc.model.real_table,
                             tool_tip_text=_("you throw real dice, caps and balls and enter what they show; the program rules"))
    hint = _("you throw, the program rules")
    hx = x + 40 + sc.fonts.size(_("real table"), 14)[0]
    if hx + sc.fonts.size(hint, 12, "italic")[0] < sc.left.right - 10:
        cv.small(hint, hx, y + 10, theme.MUTED, 12)


def brief(sc: MenuScene, cv: Canvas, x0: int, y: int) -> None:
    """"In brief": the game's rules, a title and a summary each, as many as fit."""
    f, m = sc.fonts, sc.model
    if m.game not in GAMES or sc.left.bottom - y < 110:
        return
    cv.head(_("In brief"), x0, y)
    y += 38
    for rule in rules_for(m.game):
        entry = f"{_(rule.title)}: {_(rule.summary)}"
        lines = f.wrap(entry, 14, sc.left.w - 50)
        if y + 18 * len(lines) > sc.left.bottom - 14:
            break
        sc.brief.append(entry)
        for k, line in enumerate(lines):
            cv.small(line, x0 + (4 if k == 0 else 14), y, theme.CREAM if k == 0 else theme.MUTED, 14, "regular")
            y += 18
        y += 4


def profile_panel(sc: MenuScene, cv: Canvas) -> None:
    """The house rules: the variant, a race's track, the options (with their help, or a page at a
    time when they do not fit), and how many games a match has when it is several."""
    m = sc.model
    info = GAMES.get(m.game)
    x, y = sc.right.x + 18, sc.right.y + 14
    width = sc.right.w - 36
    cv.head(_("House rules"), x, y)
    y += 44
    sc.variant_menu = None
    sc.option_widgets = {}
    sc.games_entry = None
    sc.track_menu = None
    sc.more_button = None
    sc.pager_note = pygame.Rect(0, 0, 0, 0)  # where the "options 1–4 of 13" note went
    if info is None:
        return
    si = scene_info(m.game)
    ui, f = sc.ui, sc.fonts
    track_row = info.seating.track and si.tracks is not None
    ww = (200 if width >= 400 else 170) if track_row else 160
    cv.small(_("Variant"), x, y + 8, theme.CREAM, 15, "bold")
    variants: list[str | tuple[str, str]] = [_(variant_label(m.game, v)) for v in info.spec.variants]
    sc.variant_menu = UIDropDownMenu(variants, _(variant_label(m.game, m.variants[m.game])), pygame.Rect(x + width - ww, y, ww, 32), ui)
    y += 40 if track_row else 42
    if track_row:
        assert si.tracks is not None
        cv.small(_("Track"), x, y + 8, theme.CREAM, 15, "bold")
        sc.tracks = si.tracks(m.track)
        current = next(label for label, ref in sc.tracks if ref == m.track)
        track_labels: list[str | tuple[str, str]] = [label for label, _r in sc.tracks]
        sc.track_menu = UIDropDownMenu(track_labels, current, pygame.Rect(x + width - ww, y, ww, 32), ui, expansion_height_limit=260)
        if si.track_folder is not None:
            where = _("your tracks: {folder}").format(folder=si.track_folder())
            if f.size(where, 11, "italic")[0] <= width - ww - 70:
                cv.small(where, x + 60, y + 10, theme.MUTED, 11)
        y += 44
    by_name = {o.name: o for o in info.spec.options}
    opts = [by_name[n] for n in si.shown_options(m.variants[m.game], list(by_name))]
    room = sc.right.bottom - y - 56
    help_lines = 0
    if not track_row:  # a race's options are many: a page at a time from the start
        wrapped = [len(help_lines_of(sc, o, width)) for o in opts]  # (each help wrapped once)
        for n_lines in (3, 2, 1):
            need = sum(34 + 16 * min(n_lines, n) + 6 for n in wrapped)
            if need <= room:
                help_lines = n_lines
                break
    if help_lines == 0:  # more options than room: a page at a time
        y = option_page(sc, cv, opts, x, y, width)
    else:
        for o in opts:
            y = option_row(sc, cv, o, x, y, width, help_lines)
    if si.games:
        cv.small(_("Games in the match"), x, y + 8, theme.CREAM, 15, "bold")
        sc.games_entry = UITextEntryLine(pygame.Rect(x + width - 90, y, 90, 32), ui, initial_text=m.games)
        sc.games_entry.set_allowed_characters("numbers")
        sc.games_entry.set_text_length_limit(2)
        note = _("strokes and Schüsse add up over the games")
        if width >= 420 and 170 + f.size(note, 12, "italic")[0] <= width - 98:  # clear of the entry
            cv.small(note, x + 170, y + 10, theme.MUTED, 12)


def option_page(sc: MenuScene, cv: Canvas, opts: list[Option], x: int, y: int, width: int) -> int:
    """As many of `opts` as there is room for, from `option_scroll` on, and the "More options" button."""
    row = 34 + 16 + 6
    shown = max(1, min(len(opts), (sc.right.bottom - y - 44) // row))
    if sc.option_scroll >= len(opts):
        sc.option_scroll = 0
    sc.option_scroll = max(0, min(sc.option_scroll, len(opts) - shown))
    sc.options_shown = shown
    for o in opts[sc.option_scroll : sc.option_scroll + shown]:
        y = option_row(sc, cv, o, x, y, width, 1)
    if shown < len(opts):
        a, b = sc.option_scroll + 1, sc.option_scroll + shown
        sc.options_at_end = b >= len(opts)
        more = _("First options") if sc.options_at_end else _("More options")
        bw = max(150, sc.fonts.width(more, 16, "bold") + 30)
        sc.more_button = UIButton(pygame.Rect(x + width - bw, y + 4, bw, 32), more, sc.ui)
        note = _("options {first}–{last} of {n} · the mouse wheel scrolls").format(first=a, last=b, n=len(opts))
        room = width - bw - 10  # the note keeps clear of the button: its first part alone when short of room
        if sc.fonts.width(note, 13, "italic") > room:
            note = note.split(" · ")[0]
        note = sc.fonts.fit(note, 13, room, "italic")
        cv.small(note, x, y + 12, theme.MUTED, 13)
        sc.pager_note = pygame.Rect(x, y + 12, sc.fonts.width(note, 13, "italic"), 18)
        y += 40
    return y


def help_text(sc: MenuScene, o: Option) -> str:
    """An option's help and default, in the current language."""
    return _("{help}. Default: {default}.").format(help=_(o.help).rstrip("."), default=option_value_text(o.default, sc.model.game, o.name))


def help_lines_of(sc: MenuScene, o: Option, width: int) -> list[str]:
    return sc.fonts.wrap(help_text(sc, o), 13, width - 10, "italic")


def option_row(sc: MenuScene, cv: Canvas, o: Option, x: int, y: int, width: int, help_lines: int = 3) -> int:
    """One option: its name, its widget (a box, a number, a choice) and its help under it."""
    f, m, labels = sc.fonts, sc.model, cv.labels
    value = m.options[m.game][o.name]
    ww = 160 if width >= 400 else 130
    if o.kind not in ("bool", "count"):  # a choice: as wide as its longest words (within reason), the label gives way
        need = max(f.width(choice_label(m.game, o.name, c), 15) for c in o.choices) + 44
        ww = max(ww, min(need, int(width * 0.55)))
    name = fit_text(f, option_name_text(m.game, o), 15, width - ww - 10, theme.CREAM, "bold")
    labels.append((name, (x, y + 7)))
    if help_lines == 0:
        d = f.text(_("default: {value}").format(value=option_value_text(o.default, m.game, o.name)), 12, theme.MUTED, "italic")
        if name.get_width() + 10 + d.get_width() < width - ww - 8:
            labels.append((d, (x + name.get_width() + 10, y + 10)))
    r = pygame.Rect(x + width - ww, y, ww, 32)
    if o.kind == "bool":
        sc.option_widgets[o.name] = UICheckBox(pygame.Rect(r.x, r.y + 6, 20, 20), _("on"), sc.ui, initial_state=bool(value), tool_tip_text=_(o.help))
    elif o.kind == "count":
        e = UITextEntryLine(r, sc.ui, initial_text=m.counts[m.game].get(o.name, ""), placeholder_text=_("none"))
        e.set_allowed_characters("numbers")
        e.set_text_length_limit(3)
        sc.option_widgets[o.name] = e
    else:
        choices: list[str | tuple[str, str]] = [choice_label(m.game, o.name, c) for c in o.choices]
        sc.option_widgets[o.name] = UIDropDownMenu(choices, choice_label(m.game, o.name, value), r, sc.ui)
    lines = help_lines_of(sc, o, width)
    if help_lines > 0:
        sc.option_help[o.name] = help_text(sc, o)
    if len(lines) > help_lines and help_lines > 0:
        lines = lines[:help_lines]
        last = lines[-1]
        while last and f.size(last + " …", 13, "italic")[0] > width - 10:
            last = last[:-1]
        lines[-1] = last.rstrip() + " …"
        cv.cut_help.append((pygame.Rect(x, y + 32, width, 4 + 16 * len(lines)), help_text(sc, o)))
    elif help_lines == 0:
        lines = []
    yy = y + 34
    for line in lines:
        labels.append((f.text(line, 13, theme.MUTED, "italic"), (x + 6, yy)))
        yy += 16
    return yy + 6


def bottom_bar(sc: MenuScene, margin: int) -> None:
    """Start (or "Host table"), Quit and the tools, left to right: (text, its short word, tool tip,
    width wished); narrowed alike when the bar is short (a longer language's words widen their
    button first), on two rows of smaller type when even the short words do not fit."""
    w, h = sc.size
    f, m, ui = sc.fonts, sc.model, sc.ui
    by = h - 78
    sw, qw = (200, 110) if w >= 1100 else (150, 84)
    start = _("Host table") if m.hosting() else _("Start")
    sc.start_button = UIButton(pygame.Rect(w - margin - sw, by, sw, 54), start, ui, object_id="#start_button",
                               tool_tip_text=_("start the match and open it to the remote players' laptops") if m.hosting() else None)
    sc.quit_button = UIButton(pygame.Rect(w - margin - sw - 12 - qw, by, qw, 48), _("Quit"), ui)
    bf = f.at(16, "bold")
    tools: list[tuple[str, str, str, int]] = [
        (_("Continue saved match…"), _("Saved…"), str(save_dir()), 240),
        (_("Replays…"), _("Replays"), _("step through a saved match, ruling by ruling (the replay viewer)"), 110),
        (_("? Rules"), _("Rules"), _("the rules of the chosen game (F1)"), 110),
        (_("Edit tracks…"), _("Tracks…"), _("the track editor: a new track, a copy of a shipped one, or yours"), 150),
        (_("Special shots…"), _("Shots…"), _("Bierpong's special shots, solved through the physics and played slowly, with the referee's rulings (D)"), 150),
        (_("Settings…"), _("Settings"), _("language, sound, assists and the remembered players (S)"), 130),
        (_("Join a table…"), _("Join…"), _("play at a table another laptop hosts on this network, or watch it (J)"), 150),
    ]
    tools = [(text, word, tip, max(tw, bf.size(text)[0] + 24)) for text, word, tip, tw in tools]
    room = sc.quit_button.rect.left - 12 - margin - 12 * (len(tools) - 1)
    if sum(bf.size(text)[0] + 24 for text, _s, _h, _w in tools) > room:  # a short bar: short words
        tools = [(word, word, tip, bf.size(word)[0] + 24) for _t, word, tip, _w in tools]
    made: list[UIButton] = []
    bx = margin
    if sum(bf.size(text)[0] + 24 for text, _s, _h, _w in tools) <= room:
        shrink = min(1.0, room / sum(tw for _t, _s, _h, tw in tools))
        for text, _s, tip, tw in tools:
            bw = max(bf.size(text)[0] + 24, int(tw * shrink))
            made.append(UIButton(pygame.Rect(bx, by, bw, 48), text, ui, tool_tip_text=tip))
            bx += bw + 12
    else:  # even the short words do not fit (a narrow window in a longer language): two rows, smaller type
        sf = f.at(14, "bold")
        gap = 8
        for k, row in enumerate((tools[:4], tools[4:])):
            widths = [sf.size(word)[0] + 20 for _t, word, _h, _w in row]
            spare = max(0, room + 12 * (len(tools) - 1) - gap * (len(row) - 1) - sum(widths)) // len(row)
            bx = margin
            for (_t, word, tip, _w), bw in zip(row, widths):
                made.append(UIButton(pygame.Rect(bx, by - 4 + k * 29, bw + spare, 26), word, ui, tool_tip_text=tip, object_id="#tool_small"))
                bx += bw + spare + gap
    sc.load_button, sc.replays_button, sc.help_button, sc.edit_button, sc.shots_button, sc.settings_button, sc.join_button = made
    sc.message_rect = pygame.Rect(bx, by - 4, sc.quit_button.rect.left - 12 - bx, 56)
    if sc.message_rect.w < 300:
        sc.message_rect = pygame.Rect(margin, by - 26, w - 2 * margin, 24)


def continue_button(sc: MenuScene, margin: int) -> None:
    """"Continue: <the last unfinished match>" at the top right, under the keys (as much of its words as fit)."""
    w = sc.size[0]
    f = sc.fonts
    sc.continue_button = None
    resume = sc.unfinished
    if resume is None or not resume.players:
        return
    title_w = f.shadowed("Stammtisch", 64 if not sc.compact else 50, theme.CREAM, "serif", 3).get_width()
    most = w - 2 * margin - 4 - title_w - 24
    short = f"{resume.title}: {', '.join(resume.players)}"
    go = _("Continue: {match}")
    tries = (go.format(match=resume.label), _("Continue: {match} – {n} actions").format(match=short, n=resume.actions), go.format(match=short))
    text = next((c for c in tries if f.size(c, 22, "bold")[0] + 40 <= most), go.format(match=resume.title))
    cw = min(f.size(text, 22, "bold")[0] + 40, most)
    sc.continue_button = UIButton(pygame.Rect(w - margin - cw, 54 if not sc.compact else 38, cw, 44 if not sc.compact else 38), text, sc.ui,
                                  object_id="#start_button", tool_tip_text=_("resume the last unfinished match – {match} – from {path}").format(match=resume.label, path=resume.path))


def still_picture(sc: MenuScene, cv: Canvas, margin: int) -> pygame.Surface:
    """The background with the panels, the title, the keys and every label gathered on `cv`."""
    w = sc.size[0]
    f = sc.fonts
    static = sc.background()
    for rect in (sc.left, sc.right):
        theme.rounded_panel(static, rect, (20, 12, 6, 170), theme.BRASS_DARK, 14, 2)
    title = f.shadowed("Stammtisch", 64 if not sc.compact else 50, theme.CREAM, "serif", 3)
    static.blit(title, (margin + 4, 18 if not sc.compact else 12))
    sub = f.text(_("pub games at the regulars' table – Schock, Katchen, Racerbile and Bierpong tonight"), 18, theme.MUTED, "italic")
    sub_x = margin + 10 + title.get_width() + 18
    keys = f.text(_("F1 rules · F11 full screen · Esc quit"), 14, theme.MUTED, "italic")
    static.blit(keys, (w - margin - keys.get_width(), 30 if not sc.compact else 16))
    sub_end = sc.continue_button.rect.left - 12 if sc.continue_button is not None else w - margin
    if sub_x + sub.get_width() < sub_end:
        static.blit(sub, (sub_x, (18 if not sc.compact else 12) + title.get_height() - sub.get_height() - 12))
    for img, pos in cv.labels:
        static.blit(img, pos)
    return theme.for_display(static)


__all__ = ["Canvas", "bottom_bar", "brief", "choice_label", "coach_row", "continue_button", "game_row", "option_page",
           "option_row", "player_panel", "profile_panel", "still_picture", "team_panel"]
