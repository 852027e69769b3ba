"""The challenge dialog (key K, "Kontra"): override a drink ruling, with a reason.

Step 1 lists the rulings that can be challenged, newest first (`game.rules.challenge.challengeable`:
drink rulings not overridden yet). Step 2 says who challenges (the players; at Le Mans also the
judges), the new drink, to whom, and why. Apply hands a `Challenge` to the scene, which applies it
to the match and answers with the referee's refusal or None; a refusal is shown in the dialog, and
on success the dialog closes. Rules stay in `game.rules.challenge`: the dialog only collects.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel, UISelectionList, UITextEntryLine

from game.i18n import N_, _, tr
from game.rules.challenge import DRINKS, JUDGES, TALLIES, Challenge, challengeable, parse_challenge
from game.rules.matchlog import Entry
from game.rules.ruling import Ruling, What
from game.session.feed import drink_text
from game.ui.common import theme
from game.ui.common.modal import Modal, button_width, hint_lines, raise_expanded
from game.ui.common.theme import Fonts

Send = Callable[[Challenge], "str | None"]  # applies a challenge: the refusal, or None when it stands
WHAT_WORDS: dict[What, str] = {What.SIPS: N_("sips"), What.BEER: N_("beers"), What.BEER_REST: N_("rest of the beer"),
                               What.STROKE: N_("strokes"), What.SCHUSS: "Schüsse"}


def ruling_label(entry: int, ruling: int, r: Ruling, width: int = 72) -> str:
    """A row of step 1: "12.2  Bo: 2 sips – bounce: cup 5 …" (the arithmetic cut to fit)."""
    said = tr(r.arithmetic)
    why = said if len(said) <= width else said[: width - 1].rstrip() + "…"
    return f"{entry}.{ruling}  {r.who}: {drink_text(r.what, r.amount)} – {why}"


class ChallengeDialog(Modal):
    """Challenge a drink ruling: choose it (step 1), then the override and its reason (step 2).

    Driven by the mouse, or through `choose`, `next`, `set_by`, `set_who`, `set_what`, `set_amount`,
    `bump`, `set_reason` and `apply` (what the widgets call)."""

    def __init__(
        self,
        fonts: Fonts,
        size: tuple[int, int],
        entries: Callable[[], Sequence[Entry]],
        people: Sequence[str],
        send: Send,
        *,
        judges: bool = False,
    ) -> None:
        self.entries = entries
        self.people = list(dict.fromkeys(people))
        self.challengers = self.people + ([JUDGES] if judges else [])
        self.send = send
        self.step = 1
        self.target: tuple[int, int] | None = None
        self.by = self.challengers[0] if self.challengers else JUDGES
        self.who = self.people[0] if self.people else ""
        self.what = What.SIPS
        self.amount = 0
        self.reason = ""
        self.message = ""
        self._built: int | None = None  # the step whose widgets are up
        super().__init__(fonts, size, (760, 560))

    # --- what can be chosen --------------------------------------------------------------------

    def rows(self) -> list[tuple[str, str]]:
        """Step 1's rows (label, "entry.ruling"), newest first."""
        return [(ruling_label(i, j, r), f"{i}.{j}") for i, j, r in challengeable(self.entries())]

    def original(self) -> Ruling | None:
        """The ruling being challenged."""
        if self.target is None:
            return None
        i, j = self.target
        entries = self.entries()
        if not (1 <= i <= len(entries) and 1 <= j <= len(entries[i - 1].rulings)):
            return None
        return entries[i - 1].rulings[j - 1]

    # --- the widgets ---------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self._pull()
        super().resize(size)

    def _pull(self) -> None:
        """Keep what was typed when the widgets are built anew."""
        if self._built == 2:
            self.reason = self.reason_entry.get_text()
            t = self.amount_entry.get_text().strip()
            self.amount = int(t) if t.isdigit() else 0

    def build(self) -> None:
        w, h = self.rect.size
        c = self.panel
        self._built = None
        self.close_button = UIButton(pygame.Rect(w - 20 - 130, h - 56, 130, 40), _("Close (Esc)"), self.ui, container=c)
        if self.step == 1:
            self._build_list(w, h, c)
        else:
            self._build_override(w, h, c)

    def _build_list(self, w: int, h: int, c: UIPanel) -> None:
        UILabel(pygame.Rect(20, 10, w - 40, 34), _("Challenge a ruling"), self.ui, container=c, object_id="#title_label")
        extra = hint_lines(self.fonts, self.ui, c, _("Pick the drink ruling you think is wrong; to change a move itself, undo it in the log (L)."), 42, w - 40)
        rows = self.rows()
        self.keys = {f"#row_{k}": key for k, (_label, key) in enumerate(rows)}
        labels: list[str | tuple[str, str]] = [(label, f"#row_{k}") for k, (label, _key) in enumerate(rows)]
        if not labels:
            labels = [(_("No drink ruling to challenge yet."), "#empty")]
        chosen = next((k for k, (_label, key) in enumerate(rows) if self.target is not None and key == f"{self.target[0]}.{self.target[1]}"), None)
        default = labels[chosen] if chosen is not None else None
        self.list = UISelectionList(pygame.Rect(20, 74 + extra, w - 40, h - 74 - extra - 120), labels, self.ui, container=c, default_selection=default)
        go = _("Challenge it… (Enter)")
        bw = button_width(self.fonts, go, 200)
        self.next_button = UIButton(pygame.Rect(w - 20 - 130 - 10 - bw, h - 56, bw, 40), go, self.ui, container=c, object_id="#go_button")
        if not rows:
            self.next_button.disable()
        self._built = 1

    def _build_override(self, w: int, h: int, c: UIPanel) -> None:
        r = self.original()
        assert self.target is not None and r is not None
        i, j = self.target
        UILabel(pygame.Rect(20, 10, w - 40, 34), _("Challenge ruling {n}").format(n=f"{i}.{j}"), self.ui, container=c, object_id="#title_label")
        UILabel(pygame.Rect(20, 42, w - 40, 24), _("The old ruling stays in the log, crossed out, and your new one counts instead."),
                self.ui, container=c, object_id="#hint_label")
        self.original_rect = pygame.Rect(20, 72, w - 40, 64)  # drawn by `draw`: the ruling as it stands
        y = 150
        lw = 150
        UILabel(pygame.Rect(20, y, lw, 32), _("Challenged by"), self.ui, container=c)
        self.by_menu = UIDropDownMenu(list(self.challengers), self.by, pygame.Rect(20 + lw, y, 260, 32), self.ui, container=c, expansion_height_limit=220)
        y += 48
        UILabel(pygame.Rect(20, y, lw, 32), _("Instead"), self.ui, container=c)
        x = 20 + lw
        self.minus_button = UIButton(pygame.Rect(x, y, 36, 32), "−", self.ui, container=c, tool_tip_text=_("one less"))
        self.amount_entry = UITextEntryLine(pygame.Rect(x + 40, y, 60, 32), self.ui, container=c, initial_text=str(self.amount))
        self.amount_entry.set_allowed_characters("numbers")
        self.amount_entry.set_text_length_limit(3)
        self.plus_button = UIButton(pygame.Rect(x + 104, y, 36, 32), "+", self.ui, container=c, tool_tip_text=_("one more"))
        kinds = [r.what] if r.what in TALLIES else list(DRINKS)  # a stroke stays a stroke, a drink a drink
        words: list[str | tuple[str, str]] = [_(WHAT_WORDS[k]) for k in kinds]
        self.what_menu = UIDropDownMenu(words, _(WHAT_WORDS[self.what]), pygame.Rect(x + 148, y, 180, 32), self.ui, container=c)
        if self.what is What.BEER_REST:
            self.amount_entry.disable()
            self.minus_button.disable()
            self.plus_button.disable()
        y += 48
        UILabel(pygame.Rect(20, y, lw, 32), _("to"), self.ui, container=c)
        people = self.people if self.who in self.people else [*self.people, self.who]
        self.who_menu = UIDropDownMenu(list(people), self.who, pygame.Rect(20 + lw, y, 260, 32), self.ui, container=c, expansion_height_limit=220)
        y += 48
        UILabel(pygame.Rect(20, y, lw, 32), _("Reason"), self.ui, container=c)
        self.reason_entry = UITextEntryLine(pygame.Rect(20 + lw, y, w - 40 - lw, 32), self.ui, container=c, initial_text=self.reason,
                                            placeholder_text=_("why (required)"))
        self.reason_entry.set_text_length_limit(120)
        self.back_button = UIButton(pygame.Rect(20, h - 56, 130, 40), _("Back"), self.ui, container=c)
        self.apply_button = UIButton(pygame.Rect(w - 20 - 130 - 10 - 180, h - 56, 180, 40), _("Apply (Enter)"), self.ui, container=c, object_id="#go_button")
        self._built = 2

    def _rebuild(self) -> None:
        """The widgets anew from the dialog's fields (call `_pull` first to keep what was typed)."""
        self._built = None
        super().resize(self.size)

    # --- the steps -----------------------------------------------------------------------------

    def choose(self, key: str | None) -> bool:
        """Select the ruling "entry.ruling" in step 1."""
        keys = [k for _label, k in self.rows()]
        if key not in keys:
            self.say(_("Choose a ruling in the list first"))
            return False
        a, _sep, b = key.partition(".")
        self.target = (int(a), int(b))
        self.say("")
        return True

    def next(self) -> bool:
        """Step 2 for the chosen ruling, its drink and drinker as the starting point."""
        r = self.original()
        if r is None:
            self.say(_("Choose a ruling in the list first"))
            return False
        self.step = 2
        self.what, self.amount, self.who = r.what, r.amount, r.who
        self.by = r.who if r.who in self.challengers else self.by
        self.reason = ""
        self.say("")
        self._rebuild()
        return True

    def back(self) -> None:
        """Back to the list."""
        self._pull()
        self.step = 1
        self.say("")
        self._rebuild()

    def set_by(self, name: str) -> None:
        if name in self.challengers:
            self._pull()
            self.by = name
            self._rebuild()

    def set_who(self, name: str) -> None:
        if name in self.people:
            self._pull()
            self.who = name
            self._rebuild()

    def set_what(self, what: What) -> None:
        self._pull()
        self.what = what
        if what is What.BEER_REST:
            self.amount = 1
        self._rebuild()

    def set_amount(self, n: int) -> None:
        self.amount = max(0, n)
        if self._built == 2:
            self.amount_entry.set_text(str(self.amount))

    def bump(self, delta: int) -> None:
        self._pull()
        self.set_amount(self.amount + delta)

    def set_reason(self, text: str) -> None:
        self.reason = text
        if self._built == 2:
            self.reason_entry.set_text(text)

    def challenge(self) -> Challenge | None:
        """The challenge as entered (None before a ruling is chosen)."""
        self._pull()
        if self.target is None:
            return None
        amount = 1 if self.what is What.BEER_REST else self.amount
        return Challenge(self.target[0], self.target[1], self.by, amount, self.what, self.who, " ".join(self.reason.split()))

    def apply(self) -> bool:
        """Hand the challenge to the scene: the refusal is shown, else the dialog closes."""
        ch = self.challenge()
        if ch is None or self.step != 2:
            self.say(_("Choose a ruling in the list first"))
            return False
        if ch.reason:
            try:
                parse_challenge(str(ch))
            except ValueError as e:
                self.say(str(e))
                return False
        err = self.send(ch)
        if err:
            self.say(err)
            return False
        self.close()
        return True

    def say(self, text: str) -> None:
        self.message = text

    # --- events and drawing --------------------------------------------------------------------

    def on_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            el = e.ui_element
            if el is self.close_button:
                self.close()
            elif self.step == 1 and el is self.next_button:
                self.next()
            elif self.step == 2:
                if el is self.apply_button:
                    self.apply()
                elif el is self.back_button:
                    self.back()
                elif el is self.minus_button:
                    self.bump(-1)
                elif el is self.plus_button:
                    self.bump(1)
        elif e.type in (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION):
            if self.step == 1 and e.ui_element is self.list:
                sel = self.list.get_single_selection(include_object_id=True)
                key = self.keys.get(sel[1]) if isinstance(sel, tuple) else None
                if key is not None and self.choose(key) and e.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
                    self.next()
        elif e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and self.step == 2:
            if e.ui_element is self.by_menu:
                self.by = e.text
            elif e.ui_element is self.who_menu:
                self.who = e.text
            elif e.ui_element is self.what_menu:
                what = next((k for k, word in WHAT_WORDS.items() if _(word) == e.text), None)
                if what is not None:
                    self.set_what(what)
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.step == 1:
                self.next()
            else:
                self.apply()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        f = self.fonts
        r = self.original()
        if self.step == 2 and r is not None:
            box = self.original_rect.move(self.rect.topleft)
            theme.rounded_panel(surface, box, (20, 24, 24, 230), theme.BRASS_DARK, 8, 1)
            head = f.text(f"{r.who}: {drink_text(r.what, r.amount)}  ·  {r.rule}", 16, theme.CHALK_YELLOW, "bold")
            surface.blit(head, (box.x + 10, box.y + 6))
            y = box.y + 8 + head.get_height()
            for line in f.wrap(tr(r.arithmetic), 14, box.w - 20)[:2]:
                surface.blit(f.text(line, 14, theme.CHALK), (box.x + 10, y))
                y += 18
        if self.message:
            lines = f.wrap(self.message, 14, self.rect.w - 40, "bold")[:3]
            y = self.rect.bottom - 64 - 18 * len(lines)
            for line in lines:
                surface.blit(f.text(line, 14, theme.CHALK_RED, "bold"), (self.rect.x + 20, y))
                y += 18
        raise_expanded(self.ui, surface)  # an open drop-down stays above the dialog's text
