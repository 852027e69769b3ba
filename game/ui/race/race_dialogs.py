"""The race scene's dialogs: call a fault, the judges' console, the time trial, the 42 field, the end.

Each dialog turns what is chosen into one Racerbile action and hands it to a callback of the
scene, which applies it to the match and answers with an error text (or None when it went
through). The dialogs hold no rules: what is on offer comes from the state (`faults()`, the
drivers, the profile's options).
"""
from __future__ import annotations

from typing import Callable, Sequence, TypeVar

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UISelectionList,
    UITextEntryLine,
)

from game.i18n import N_, _, tr
from game.i18n import plural as count_words
from game.racerbile.actions import Action, Call, Judge, Name, Order
from game.racerbile.state import RaceState
from game.rules import racerbile as R
from game.rules.ledger import Ledger
from game.rules.ruling import Ruling, What
from game.ui.common import theme
from game.ui.common.help import option_name_text, option_value_text
from game.ui.common.modal import Modal, raise_expanded
from game.ui.common.theme import Fonts
from game.ui.race.race_hud import signed

Apply = Callable[[Action], "str | None"]  # applies an action; an error text, or None when it went through

KIND_HEADS = {
    R.Kind.TECHNICAL: N_("Technical faults (in the act of playing)"),
    R.Kind.GENERAL: N_("General faults (anything else)"),
    R.Kind.EVENT: N_("Table events"),
}


# what a fault's count counts, in the reader's words ("nøl" is a call-out and stays as it is)
PER_UNIT = {"die": N_("per die"), "field": N_("per field"), "cap": N_("per cap"), "squeal": N_("per squeal")}
UNITS = {"die": N_("dice"), "field": N_("fields"), "cap": N_("caps"), "squeal": N_("squeals")}


def plural(unit: str) -> str:
    """The count's unit beside the count field: "dice", "fields"."""
    return _(UNITS[unit]) if unit in UNITS else unit


def per_unit(unit: str) -> str:
    """ "per die", translated; a unit without words of its own as it is ("per nøl")."""
    return _(PER_UNIT[unit]) if unit in PER_UNIT else _("per {unit}").format(unit=unit)


def fault_cost(f: R.Fault) -> str:
    """What a fault costs, in words: "1 sip per die", "a whole beer", "5 laps"."""
    parts = []
    if f.sips:
        sips = (_("{n} sip") if f.sips == 1 else _("{n} sips")).format(n=f.sips)
        parts.append(sips + (" " + per_unit(f.unit) if f.unit else ""))
    if f.beers:
        parts.append(_("a whole beer"))
    if f.laps:
        laps = (_("{n} lap") if f.laps == 1 else _("{n} laps")).format(n=f.laps)
        parts.append(laps + (" " + _("and the next turn") if f.rule == "racerbile.lemans.delay" else ""))
    return ", ".join(parts) or "–"


def fault_items(faults: Sequence[R.Fault]) -> list[tuple[str, str]]:
    """The fault menu's rows, grouped technical / general / table events, each under its heading
    (a heading's key starts with "#")."""
    items: list[tuple[str, str]] = []
    for kind in (R.Kind.TECHNICAL, R.Kind.GENERAL, R.Kind.EVENT):
        group = [f for f in faults if f.kind is kind]
        if not group:
            continue
        items.append((f"—— {_(KIND_HEADS[kind])} ——", f"#{kind.value}"))
        items += [(f"   {_(f.label)}  ·  {fault_cost(f)}", f.rule) for f in group]
    return items


def everyone(st: RaceState) -> list[str]:
    """Who can be called: every driver (at Le Mans, with his team)."""
    if st.lemans:
        return [f"{d} ({st.players[s]})" for s, ds in enumerate(st.drivers) for d in ds]
    return list(st.players)


def _who(label: str) -> str:
    return label.rsplit(" (", 1)[0] if label.endswith(")") else label


A = TypeVar("A")  # an action a dialog hands to the race


class _Dialog(Modal):
    """A modal with a title, a hint, a message line above its buttons and a Close button."""

    title = ""
    hint = ""

    def __init__(self, fonts: Fonts, size: tuple[int, int], panel: tuple[int, int]) -> None:
        self.message = ""
        self.message_ok = False
        super().__init__(fonts, size, panel)

    def head(self) -> None:
        w = self.rect.w
        UILabel(pygame.Rect(20, 10, w - 40, 34), _(self.title), self.ui, container=self.panel, object_id="#title_label")
        if self.hint:
            UILabel(pygame.Rect(20, 42, w - 40, 24), _(self.hint), self.ui, container=self.panel, object_id="#hint_label")
        self.close_button = UIButton(pygame.Rect(w - 20 - 130, self.rect.h - 56, 130, 40), _("Close (Esc)"), self.ui, container=self.panel)

    def say(self, text: str, ok: bool = False) -> None:
        self.message, self.message_ok = text, ok

    def send(self, send: Callable[[A], str | None], action: A, *, close: bool = True) -> bool:
        """Hand the action to the race; its refusal is shown, else the dialog closes (`close`)."""
        err = send(action)
        if err:
            self.say(err)
            return False
        if close:
            self.close()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.message:
            lines = self.fonts.wrap(self.message, 14, self.rect.w - 40, "bold")[:2]
            y = self.rect.bottom - 64 - 18 * len(lines)
            for line in lines:
                img = self.fonts.text(line, 14, theme.CHALK_YELLOW if self.message_ok else theme.CHALK_RED, "bold")
                surface.blit(img, (self.rect.x + 20, y))
                y += 18
        raise_expanded(self.ui, surface)


class FaultMenu(_Dialog):
    """Call a fault (key X): the table saw it, the referee rules on it (racerbile.faults)."""

    title = N_("Call a fault")
    hint = N_("Choose the fault, who made it and how many; the referee rules on it.")

    def __init__(self, fonts: Fonts, size: tuple[int, int], state: RaceState, on_call: Apply, who: str | None = None) -> None:
        self.faults = {f.rule: f for f in state.faults()}
        self.items = fault_items(state.faults())
        self.people = everyone(state)
        self.on_call = on_call
        self.chosen: str | None = None
        default = who if who is not None else state.driver(state.turn.seat) if state.turn is not None else state.players[0]
        self.who = next((p for p in self.people if _who(p) == default), self.people[0])
        self.count = "1"
        super().__init__(fonts, size, (720, 620))

    def build(self) -> None:
        w, h = self.rect.size
        c = self.panel
        self.head()
        self.list = UISelectionList(pygame.Rect(20, 74, w - 40, h - 74 - 150), list(self.items), self.ui, container=c)
        y = h - 134
        UILabel(pygame.Rect(20, y, 60, 32), _("Who"), self.ui, container=c)
        self.who_menu = UIDropDownMenu(list(self.people), self.who, pygame.Rect(80, y, 250, 32), self.ui, container=c, expansion_height_limit=260)
        UILabel(pygame.Rect(340, y, 70, 32), _("Count"), self.ui, container=c)
        self.count_entry = UITextEntryLine(pygame.Rect(416, y, 70, 32), self.ui, container=c, initial_text=self.count)
        self.count_entry.set_allowed_characters("numbers")
        self.count_entry.set_text_length_limit(3)
        self.unit_label = UILabel(pygame.Rect(490, y, w - 510, 32), "", self.ui, container=c)
        self.apply_button = UIButton(pygame.Rect(w - 20 - 130 - 10 - 170, h - 56, 170, 40), _("Call it (Enter)"), self.ui, container=c, object_id="#go_button")
        self._sync()

    def _sync(self) -> None:
        f = self.faults.get(self.chosen or "")
        if f is not None and f.unit:
            self.count_entry.enable()
            self.unit_label.set_text(plural(f.unit))
        else:
            self.count_entry.set_text("1")
            self.count_entry.disable()
            self.unit_label.set_text(_("once") if f is not None else "")
        if f is None:
            self.apply_button.disable()
        else:
            self.apply_button.enable()

    def choose(self, rule: str) -> None:
        if rule in self.faults:
            self.chosen = rule
            self._sync()

    def set_who(self, name: str) -> None:
        self.who = next((p for p in self.people if _who(p) == name), self.who)

    def call(self) -> bool:
        if self.chosen is None:
            self.say(_("Choose a fault in the list first"))
            return False
        text = self.count_entry.get_text().strip()
        count = int(text) if text.isdigit() and int(text) >= 1 else 0
        if count < 1:
            self.say(_("How many: a whole number of at least 1"))
            return False
        return self.send(self.on_call, Call(self.chosen, _who(self.who), count))

    def on_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.close_button:
                self.close()
            elif e.ui_element is self.apply_button:
                self.call()
        elif e.type in (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION) and e.ui_element is self.list:
            sel = self.list.get_single_selection(include_object_id=True)
            key = sel[1] if isinstance(sel, tuple) else None
            label = sel[0] if isinstance(sel, tuple) else None
            rule = next((r for lab, r in self.items if lab == label), key)
            if rule and not rule.startswith("#"):
                self.choose(rule)
                self.say("")
            else:
                self.chosen = None
                self._sync()
        elif e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and e.ui_element is self.who_menu:
            self.who = e.text
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.count_entry.is_focused:
            self.call()


class JudgesConsole(_Dialog):
    """The judges' console (key J, Le Mans): penalty sips, lap penalties, putting a team out, rule
    changes – each with the judges' reason (racerbile.lemans.judges)."""

    title = N_("The judges' console")
    hint = N_("Every decision needs a reason; it goes into the referee's feed and the match log.")

    def __init__(
        self,
        fonts: Fonts,
        size: tuple[int, int],
        get_state: Callable[[], RaceState],
        on_judge: Apply,
        status: Callable[[], list[str]],
        rulings: Callable[[], list[Ruling]],
    ) -> None:
        self.get_state = get_state
        state = get_state()
        self.on_judge = on_judge
        self.status = status
        self.rulings = rulings
        self.people = everyone(state)
        self.teams = list(state.players)
        self.options = [o for o in R.SPEC.options if o.name not in ("laps", "lemans_drivers")]  # a Le Mans event runs on the clock; its teams are seated
        self.driver = self.people[0]
        self.team = self.teams[0]
        self.option = self.options[0].name
        self.reason = ""
        super().__init__(fonts, size, (760, 600))

    def build(self) -> None:
        w = self.rect.w
        c = self.panel
        self.head()
        y = 130
        UILabel(pygame.Rect(20, y, 110, 32), _("Reason"), self.ui, container=c)
        self.reason_entry = UITextEntryLine(pygame.Rect(130, y, w - 150, 32), self.ui, container=c, initial_text=self.reason, placeholder_text=_("why (required)"))
        self.reason_entry.set_text_length_limit(120)
        y += 50
        words = (_("Give sips"), _("Take laps"), _("Put team out"), _("Change rule"))
        bw = max(150, max(self.fonts.width(t, 16, "bold") for t in words) + 30)  # as wide as the longest word on them
        ex = w - 20 - bw
        UILabel(pygame.Rect(20, y, 110, 32), _("Penalty sips"), self.ui, container=c)
        self.driver_menu = UIDropDownMenu(list(self.people), self.driver, pygame.Rect(130, y, ex - 130 - 100, 32), self.ui, container=c, expansion_height_limit=240)
        self.sips_entry = UITextEntryLine(pygame.Rect(ex - 90, y, 80, 32), self.ui, container=c, initial_text="1")
        self.sips_entry.set_allowed_characters("numbers")
        self.sips_entry.set_text_length_limit(2)
        self.sips_button = UIButton(pygame.Rect(ex, y, bw, 32), _("Give sips"), self.ui, container=c)
        y += 44
        UILabel(pygame.Rect(20, y, 110, 32), _("Lap penalty"), self.ui, container=c)
        self.team_menu = UIDropDownMenu(list(self.teams), self.team, pygame.Rect(130, y, ex - 130 - 100, 32), self.ui, container=c, expansion_height_limit=240)
        self.laps_entry = UITextEntryLine(pygame.Rect(ex - 90, y, 80, 32), self.ui, container=c, initial_text="1")
        self.laps_entry.set_allowed_characters("numbers")
        self.laps_entry.set_text_length_limit(2)
        self.laps_button = UIButton(pygame.Rect(ex, y, bw, 32), _("Take laps"), self.ui, container=c)
        y += 44
        # putting a team out: the team of the lap-penalty row (racerbile.lemans.judges)
        UILabel(pygame.Rect(20, y, ex - 30, 32), _("Put the team above out of the race"), self.ui, container=c)
        self.out_button = UIButton(pygame.Rect(ex, y, bw, 32), _("Put team out"), self.ui, container=c,
                                   tool_tip_text=_("It drives no more and ranks behind every team still in"))
        y += 44
        UILabel(pygame.Rect(20, y, 124, 32), _("Rule change"), self.ui, container=c)
        self.option_names = {option_name_text("racerbile", o): o.name for o in self.options}  # label shown → option id
        self.option_menu = UIDropDownMenu(list(self.option_names), option_name_text("racerbile", R.SPEC.option(self.option)), pygame.Rect(148, y, ex - 148 - 150, 32), self.ui, container=c, expansion_height_limit=300)
        self.value_rect = pygame.Rect(ex - 140, y, 130, 32)
        self.value_widget: UIDropDownMenu | UITextEntryLine | None = None
        self.rule_button = UIButton(pygame.Rect(ex, y, bw, 32), _("Change rule"), self.ui, container=c)
        self.rule_y = y
        self._value_widget()

    def _value_widget(self) -> None:
        if self.value_widget is not None:
            self.value_widget.kill()
        o = R.SPEC.option(self.option)
        current = self.get_state().profile[o.name]
        if o.kind == "count":
            e = UITextEntryLine(self.value_rect, self.ui, container=self.panel, initial_text="" if current is None else str(current), placeholder_text=_("none"))
            e.set_allowed_characters("numbers")
            e.set_text_length_limit(6)
            self.value_widget = e
        else:
            choices = [True, False] if o.kind == "bool" else list(o.choices)
            labels: list[str | tuple[str, str]] = [option_value_text(v, "racerbile", o.name) for v in choices]
            self.value_widget = UIDropDownMenu(labels, option_value_text(current, "racerbile", o.name), self.value_rect, self.ui, container=self.panel)
        self.value_choices = {option_value_text(v, "racerbile", o.name): v for v in ([True, False] if o.kind == "bool" else list(o.choices))}

    def value_text(self) -> str:
        o = R.SPEC.option(self.option)
        w = self.value_widget
        if isinstance(w, UITextEntryLine):
            t = w.get_text().strip()
            return t if t else "none"
        assert w is not None
        v = self.value_choices.get(w.selected_option[0] if isinstance(w.selected_option, tuple) else w.selected_option)
        if o.kind == "bool":
            return "true" if v else "false"
        return str(v)

    def judge(self, kind: str) -> bool:
        reason = self.reason_entry.get_text().strip()
        if not reason:
            self.say(_("The judges give a reason for every decision (the Reason field)"))
            return False
        if kind == "sips":
            n = self.sips_entry.get_text().strip()
            if not n.isdigit() or int(n) < 1:
                self.say(_("Penalty sips: a whole number of at least 1"))
                return False
            action = Judge("sips", _who(self.driver), n, reason)
        elif kind == "laps":
            n = self.laps_entry.get_text().strip()
            if not n.isdigit() or int(n) < 1:
                self.say(_("Lap penalty: a whole number of at least 1"))
                return False
            action = Judge("laps", self.team, n, reason)
        elif kind == "out":
            action = Judge("out", self.team, "", reason)
        else:
            action = Judge("rule", self.option, self.value_text(), reason)
        if not self.send(self.on_judge, action, close=False):
            return False
        words = {"sips": _("Penalty sips"), "laps": _("Lap penalty"), "out": _("Put team out"), "rule": _("Change rule")}
        self.say(_("Done: {kind} – {reason}").format(kind=words.get(action.kind, action.kind), reason=reason), ok=True)
        self.reason_entry.set_text("")
        return True

    def on_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.close_button:
                self.close()
            elif e.ui_element is self.sips_button:
                self.judge("sips")
            elif e.ui_element is self.laps_button:
                self.judge("laps")
            elif e.ui_element is self.out_button:
                self.judge("out")
            elif e.ui_element is self.rule_button:
                self.judge("rule")
        elif e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if e.ui_element is self.driver_menu:
                self.driver = e.text
            elif e.ui_element is self.team_menu:
                self.team = e.text
            elif e.ui_element is self.option_menu:
                self.option = self.option_names.get(e.text, self.option)
                self._value_widget()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        f = self.fonts
        y = self.rect.y + 72
        for line in self.status()[:2]:
            img = f.text(line, 15, theme.CHALK_YELLOW, "bold")
            surface.blit(img, (self.rect.x + 22, y))
            y += 20
        o = R.SPEC.option(self.option)
        now = _("now {value}").format(value=option_value_text(self.get_state().profile[o.name], "racerbile", o.name))
        hint = f.wrap(f"{option_name_text('racerbile', o)}: {_(o.help)} ({now})", 13, self.rect.w - 44, "italic")[:2]
        y = self.rect.y + self.rule_y + 40
        for line in hint:
            surface.blit(f.text(line, 13, theme.MUTED, "italic"), (self.rect.x + 22, y))
            y += 17
        y += 8
        surface.blit(f.text(_("The judges' decisions so far"), 14, theme.BRASS, "bold"), (self.rect.x + 22, y))
        y += 20
        for line in (self.recent() or [_("none yet")])[-5:]:
            for part in f.wrap(line, 13, self.rect.w - 50)[:1]:
                surface.blit(f.text(part, 13, theme.CREAM), (self.rect.x + 28, y))
                y += 17
        raise_expanded(self.ui, surface)  # an open drop-down stays above the console's text

    def recent(self) -> list[str]:
        """The judges' rulings of this race, oldest first."""
        return [tr(r.arithmetic) if r.what is What.NOTE else f"{r.who}: {tr(r.arithmetic)}" for r in self.rulings() if r.rule == "racerbile.lemans.judges"]


class TimeTrialDialog(_Dialog):
    """The start of Racerbile and Le Mans: each seat's time trial – a beer emptied, in seconds –
    or a roll for the order (racerbile.variant.racerbile, racerbile.start). A bot's seat needs no
    typing: its time is set (`bots`: seat → seconds, `game.racerbile.bots.trial_seconds`)."""

    title = N_("The time trial")
    hint = N_("Each empties his drink: enter the seconds (fastest starts), or roll.")

    def __init__(self, fonts: Fonts, size: tuple[int, int], state: RaceState, on_order: Apply, bots: dict[int, float] | None = None) -> None:
        self.state = state
        self.on_order = on_order
        self.bots = dict(bots or {})
        self.texts = ["" for _ in state.players]
        n = len(state.players)
        super().__init__(fonts, size, (560, 194 + 40 * n))

    def build(self) -> None:
        w, h = self.rect.size
        c = self.panel
        self.head()
        # equal times are decided by a roll-off among those tied (Decisions: time trial)
        UILabel(pygame.Rect(20, 66, w - 40, 24), _("Equal times: those tied roll off for their places."), self.ui, container=c, object_id="#hint_label")
        y = 102
        self.entries: dict[int, UITextEntryLine] = {}  # a person's seat → where the seconds are typed
        st = self.state
        for s, name in enumerate(st.players):
            who = f"{name} – {st.drivers[s][0]}" if st.lemans else name
            lw = min(w - 210, self.fonts.size(who, 16)[0] + 24)
            UILabel(pygame.Rect(w - 180 - lw, y, lw, 32), who, self.ui, container=c)
            if s in self.bots:  # a bot empties its beer in the time it is given
                UILabel(pygame.Rect(w - 170, y, 150, 32), _("{seconds} s (bot)").format(seconds=f"{self.bots[s]:g}"), self.ui, container=c)
            else:
                e = UITextEntryLine(pygame.Rect(w - 170, y, 100, 32), self.ui, container=c, initial_text=self.texts[s], placeholder_text=_("seconds"))
                e.set_allowed_characters(list("0123456789.,"))
                e.set_text_length_limit(6)
                UILabel(pygame.Rect(w - 66, y, 46, 32), "s", self.ui, container=c)
                self.entries[s] = e
            y += 40
        self.close_button.kill()
        roll, go = _("Roll for the order"), _("Start with these times")
        roll_w, go_w = (max(least, self.fonts.width(t, 16, "bold") + 32) for t, least in ((roll, 200), (go, 230)))  # the words whole
        self.roll_button = UIButton(pygame.Rect(20, h - 56, roll_w, 40), roll, self.ui, container=c)
        self.go_button = UIButton(pygame.Rect(w - 20 - go_w, h - 56, go_w, 40), go, self.ui, container=c, object_id="#go_button")

    def times(self) -> tuple[float, ...] | None:
        out = []
        for s in range(len(self.state.players)):
            if s in self.bots:
                out.append(self.bots[s])
                continue
            t = self.entries[s].get_text().strip().replace(",", ".")
            try:
                v = float(t)
            except ValueError:
                self.say(_("{name}: enter the time in seconds, like 7.4").format(name=self.state.players[s]))
                return None
            if not 0 < v < 1000:  # (NaN and inf are no times either)
                self.say(_("{name}: a time above 0 seconds").format(name=self.state.players[s]))
                return None
            out.append(v)
        return tuple(out)

    def go(self, roll: bool = False) -> bool:
        if roll:
            action = Order()
        else:
            times = self.times()
            if times is None:
                return False
            action = Order(times)
        return self.send(self.on_order, action)

    def on_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.roll_button:
                self.go(roll=True)
            elif e.ui_element is self.go_button:
                self.go()
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.go()


class OpponentChooser(_Dialog):
    """The 42 field (Le Mans): the driver names an opponent – any driver of another team, at the
    wheel or not – who drinks what he drinks this turn, or nobody (racerbile.lemans.field42). A row
    per team, its driver at the wheel first; the number keys name the one at the wheel."""

    title = N_("The 42 field!")

    def __init__(self, fonts: Fonts, size: tuple[int, int], state: RaceState, on_name: Apply) -> None:
        assert state.turn is not None
        self.state = state
        self.on_name = on_name
        me = state.turn.seat
        self.teams = [(state.players[s], crew) for s, crew in state.opponents()]  # the driver at the wheel first
        self.choices = [(ds[0], team) for team, ds in self.teams]  # the drivers at the wheel (keys 1–9)
        self.hint = _("{name} names any opponent, at the wheel or not: he drinks what {name} drinks this turn.").format(name=state.driver(me))
        super().__init__(fonts, size, (720, 170 + 46 * (len(self.teams) + 1)))

    def build(self) -> None:
        w = self.rect.w
        self.head()
        self.close_button.set_text(_("Later (Esc)"))
        self.buttons: dict[UIButton, str] = {}
        y = 78
        label = 150
        for i, (team, drivers) in enumerate(self.teams):
            UILabel(pygame.Rect(20, y, label - 10, 38), f"{i + 1}.  {team}", self.ui, container=self.panel)
            bw = (w - 40 - label) // max(len(drivers), 1)
            for j, driver in enumerate(drivers):
                b = UIButton(pygame.Rect(20 + label + j * bw, y, bw - 6, 38), driver, self.ui, container=self.panel)
                self.buttons[b] = driver
            y += 46
        # naming nobody is allowed (racerbile.lemans.field42)
        b = UIButton(pygame.Rect(20, y, w - 40, 38), f"{len(self.teams) + 1}.  " + _("Name nobody"), self.ui, container=self.panel)
        self.buttons[b] = ""

    def name(self, driver: str) -> bool:
        return self.send(self.on_name, Name(driver))

    def on_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.close_button:
                self.close()
            elif e.ui_element in self.buttons:
                self.name(self.buttons[e.ui_element])
        elif e.type == pygame.KEYDOWN and pygame.K_1 <= e.key <= pygame.K_9:
            i = e.key - pygame.K_1
            if i < len(self.choices):
                self.name(self.choices[i][0])
            elif i == len(self.choices):
                self.name("")  # nobody


def final_lines(st: RaceState, drinks: Ledger | None = None) -> list[str]:
    """The final standings as lines, winner first; `drinks` (the match's ledger by the rulings that
    stand, `Match.drinks`) counts the sips when a challenge overrode one."""
    led = drinks if drinks is not None else st.ledger
    out = []
    for place, seat in enumerate(st.standings(), start=1):
        car = st.cars[seat]
        accs = [led[d] for d in st.drivers[seat]]
        sips, beers = sum(a.sips for a in accs), sum(a.beers for a in accs)
        laps = car.lap - car.lost_laps  # as scored: lost laps off, below zero too (racerbile.lemans.vomit)
        lap_text = (_("{n} lap") if laps == 1 else _("{n} laps")).format(n=signed(laps))
        beer_text = (_("{n} beer") if beers == 1 else _("{n} beers")).format(n=beers)
        into = st.course.progress[car.pos]
        fields = (_("+ {n} field") if into == 1 else _("+ {n} fields")).format(n=into)
        sip_text = count_words("{n} sip", "{n} sips", sips)
        out.append(f"{place}.  {st.players[seat]}  –  {lap_text} {fields}  ·  {sip_text}, {beer_text}")
    return out


class RaceFinal(_Dialog):
    """The end of the race: the standings, and what next."""

    title = N_("The race is over")

    def __init__(self, fonts: Fonts, size: tuple[int, int], state: RaceState, on_new: Callable[[], None], on_menu: Callable[[], None],
                 drinks: Ledger | None = None, on_replay: Callable[[], None] | None = None,
                 on_save_as: Callable[[], None] | None = None) -> None:
        self.lines = final_lines(state, drinks)
        winner = state.players[state.standings()[0]]
        self.hint = _("{name} wins!").format(name=winner)
        self.on_new = on_new
        self.on_menu = on_menu
        self.on_replay = on_replay
        self.on_save_as = on_save_as
        extra = 50 if (on_replay or on_save_as) else 0
        # each button as wide as its words ("Neues Rennen (N)" was cut at 150 px); the dialog wider when they need it
        self.widths = [max(least, fonts.width(t, 16, "bold") + 30)
                       for t, least in ((_("New race (N)"), 150), (_("Back to menu"), 170), (_("Look at the board"), 170))]
        super().__init__(fonts, size, (max(640, sum(self.widths) + 60), 170 + extra + 32 * len(self.lines)))

    def build(self) -> None:
        w, h = self.rect.size
        c = self.panel
        self.head()
        self.close_button.kill()  # made anew in its place and size (a resized button drew its old text cut)
        bn, bm, bc = self.widths
        xc = w - 20 - bc
        xm = xc - 10 - bm
        xn = xm - 10 - bn
        self.close_button = UIButton(pygame.Rect(xc, h - 56, bc, 40), _("Look at the board"), self.ui, container=c)
        y = 76
        for line in self.lines:
            UILabel(pygame.Rect(24, y, w - 48, 30), line, self.ui, container=c)
            y += 32
        self.new_button = UIButton(pygame.Rect(xn, h - 56, bn, 40), _("New race (N)"), self.ui, container=c, object_id="#go_button")
        self.menu_button = UIButton(pygame.Rect(xm, h - 56, bm, 40), _("Back to menu"), self.ui, container=c)
        self.replay_button = self.save_as_button = None
        if self.on_replay is not None:
            self.replay_button = UIButton(pygame.Rect(xn, h - 106, bn, 40), _("Replay"), self.ui, container=c,
                                          tool_tip_text=_("step through the race just driven, ruling by ruling"))
        if self.on_save_as is not None:
            self.save_as_button = UIButton(pygame.Rect(xm, h - 106, bm, 40), _("Save as…"), self.ui, container=c,
                                           tool_tip_text=_("keep the race under a name of your own"))

    def on_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.close_button:
                self.close()
            elif e.ui_element is self.new_button:
                self.on_new()
            elif e.ui_element is self.menu_button:
                self.on_menu()
            elif self.replay_button is not None and e.ui_element is self.replay_button and self.on_replay is not None:
                self.on_replay()
            elif self.save_as_button is not None and e.ui_element is self.save_as_button and self.on_save_as is not None:
                self.on_save_as()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_n:
            self.on_new()
