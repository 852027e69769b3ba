"""The Bierpong match scene's dialogs: the table's events (key T) and which defender swatted or
caught a ball (the Decision "Who catches or swats")."""
from __future__ import annotations

from typing import Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from game.bierpong.actions import Call, Foul, KnockOver, Time
from game.bierpong.state import BierpongState
from game.i18n import N_, _
from game.ui.common.modal import ListDialog, Modal
from game.ui.common.theme import Fonts

TABLE_EVENTS = (  # (key, label) of the "Table events" dialog's first list (labels shown through `_()`)
    ("elbow", N_("Elbow over the table edge – foul (art12)")),
    ("blow", N_("Blew or fingered a ball out – foul (art17)")),
    ("early", N_("Threw while the others drink – foul (art7)")),
    ("forgot", N_("Forgot to drink – foul (art2)")),
    ("knock", N_("Knocked over an own cup (art16)")),
    ("straighten", N_("Asks the others to straighten their cups (art5)")),
    ("ball out", N_("Asks the others to take a ball out (art6)")),
    ("time", N_("Time is up (art9)")),
)


class TableEvents(ListDialog):
    """The table's events (key T): first the event, then the player, for a knock-over the cup.

    `apply_event` applies the chosen action and returns the referee's refusal (None: applied),
    which the dialog shows; it closes on success."""

    def __init__(self, fonts: Fonts, size: tuple[int, int], state: Callable[[], BierpongState],
                 apply_event: Callable[[Any], str | None]) -> None:
        self.state = state
        self.apply_event = apply_event
        self.kind: str | None = None
        self.player: str | None = None
        super().__init__(fonts, size, _("Table events"), _("What happened at the table? The referee rules on it."),
                         [(_(label), k) for k, label in TABLE_EVENTS], _("Next (Enter)"), self.choose)

    def show(self, hint: str, items: list[tuple[str, str]], action: str) -> None:
        """The next step: a new list in the same panel."""
        self.hint, self.items, self.action, self.chosen = hint, items, action, None
        self.resize(self.size)

    def choose(self, key: str | None) -> None:
        if key is None:
            self.set_message(_("Choose one in the list first"))
            return
        self.set_message("")
        st = self.state()
        if self.kind is None:
            if key == "time":
                self.submit(Time())
                return
            self.kind = key
            people = [(f"{m}  ({side.name})", m) for side in st.sides for m in side.members]
            asks = key in ("straighten", "ball out")
            self.show(_("Who asks?") if asks else _("Who was it?"), people, _("Next (Enter)") if key == "knock" else _("Apply (Enter)"))
        elif self.kind == "knock" and self.player is None:
            self.player = key
            cups = st.sides[st.team_of(key)].rack.ids
            self.show(_("Which of {team}' cups did {name} knock over?").format(team=st.players[st.team_of(key)], name=key),
                      [(_("cup {n}").format(n=c), str(c)) for c in cups], _("Apply (Enter)"))
        elif self.kind == "knock" and self.player is not None:
            self.submit(KnockOver(self.player, int(key)))
        elif self.kind in ("straighten", "ball out"):
            self.submit(Call(key, self.kind))
        else:
            self.submit(Foul(self.kind, key))

    def submit(self, action: Any) -> None:
        refusal = self.apply_event(action)
        if refusal:
            self.set_message(refusal)
        else:
            self.close()


class DefenderChooser(Modal):
    """Which defender swatted or caught the ball (the Decision "Who catches or swats", bierpong.art14,
    bierpong.art23): one button per defender, the keys 1–4 too; Esc closes it – nobody did."""

    BUTTON = 170

    def __init__(self, fonts: Fonts, size: tuple[int, int], question: str, detail: str, defenders: list[str],
                 on_choice: Callable[[str], None]) -> None:
        self.question = question
        self.detail = detail
        self.defenders = defenders
        self.on_choice = on_choice
        super().__init__(fonts, size, (max(560, 40 + len(defenders) * (self.BUTTON + 10)), 200))

    def build(self) -> None:
        w, h = self.rect.size
        c = self.panel
        UILabel(pygame.Rect(20, 16, w - 40, 36), self.question, self.ui, container=c, object_id="#title_label")
        UILabel(pygame.Rect(20, 56, w - 40, 26), self.detail, self.ui, container=c, object_id="#hint_label")
        bw = min(self.BUTTON, (w - 40) // max(1, len(self.defenders)) - 10)
        x = (w - len(self.defenders) * (bw + 10) + 10) // 2
        self.button_map: dict[UIButton, str] = {}
        for i, name in enumerate(self.defenders):
            b = UIButton(pygame.Rect(x + i * (bw + 10), h - 74, bw, 42), f"{i + 1}  {name}", self.ui, container=c)
            self.button_map[b] = name

    def choose(self, name: str) -> None:
        self.close()
        self.on_choice(name)

    def on_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element in self.button_map:
            self.choose(self.button_map[e.ui_element])
        elif e.type == pygame.KEYDOWN and pygame.K_1 <= e.key < pygame.K_1 + len(self.defenders):
            self.choose(self.defenders[e.key - pygame.K_1])

