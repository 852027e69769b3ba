"""The end of a match: the final standing, and what next (a new match, the menu, a last look)."""
from __future__ import annotations

from typing import Any, Protocol

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from game.dice.state import DiceState
from game.games import GAMES
from game.i18n import _
from game.match import Match
from game.rules.ledger import Ledger
from game.ui.common.modal import Modal
from game.ui.common.scene import Host
from game.ui.common.theme import Fonts


class TableLike(Protocol):
    fonts: Fonts
    host: Host
    match: Match

    def new_match(self) -> None: ...

    def leave(self) -> None: ...

    def replay_match(self) -> None: ...

    def open_save_as(self, after: Any = None) -> None: ...


class FinalStanding(Modal):
    """The end of the match: the standing, and what next."""

    def __init__(self, scene: TableLike) -> None:
        self.scene = scene
        st = scene.match.state
        self.rows = standing(st, scene.match.drinks())
        n = len(self.rows)
        super().__init__(scene.fonts, scene.host.size, (560, 204 + 34 * n))

    def build(self) -> None:
        w, h = self.rect.size
        c = self.panel
        UILabel(pygame.Rect(20, 14, w - 40, 40), _("The match is over"), self.ui, container=c, object_id="#title_label")
        y = 62
        for line in self.rows:
            UILabel(pygame.Rect(30, y, w - 60, 30), line, self.ui, container=c)
            y += 34
        self.new_button = UIButton(pygame.Rect(w - 20 - 3 * 160 - 20, h - 62, 160, 42), _("New match (N)"), self.ui, container=c, object_id="#go_button")
        self.menu_button = UIButton(pygame.Rect(w - 20 - 2 * 160 - 10, h - 62, 160, 42), _("Back to menu"), self.ui, container=c)
        self.close_button = UIButton(pygame.Rect(w - 20 - 160, h - 62, 160, 42), _("Look at table"), self.ui, container=c)
        self.replay_button = UIButton(pygame.Rect(w - 20 - 3 * 160 - 20, h - 114, 160, 42), _("Replay"), self.ui, container=c,
                                      tool_tip_text=_("step through the match just played, ruling by ruling"))
        self.save_as_button = UIButton(pygame.Rect(w - 20 - 2 * 160 - 10, h - 114, 160, 42), _("Save as…"), self.ui, container=c,
                                       tool_tip_text=_("keep the match under a name of your own"))

    def on_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.new_button:
                self.scene.new_match()
            elif e.ui_element is self.menu_button:
                self.scene.leave()
            elif e.ui_element is self.close_button:
                self.close()
            elif e.ui_element is self.replay_button:
                self.scene.replay_match()
            elif e.ui_element is self.save_as_button:
                self.scene.open_save_as()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_n:
            self.scene.new_match()


def standing(st: DiceState, tally: Ledger | None = None) -> list[str]:
    """The final standing as lines of text, best first; `tally` (the match's ledger by the rulings
    that stand, `Match.drinks`) counts the strokes and Schüsse when a challenge overrode one."""
    led = tally or st.ledger
    words = GAMES[st.profile.game].result  # what the game counts: strokes, Schüsse (`ResultWords.count_key`)
    counts = [int(getattr(led[p], words.count_key)) for p in st.players]
    ret = tuple(-float(n) for n in counts)
    order = sorted(range(len(st.players)), key=lambda i: -ret[i])
    lines = []
    place = 0
    prev: float | None = None
    for k, i in enumerate(order):
        if ret[i] != prev:
            place = k + 1
            prev = ret[i]
        p = st.players[i]
        what = _(words.one if counts[i] == 1 else words.many).format(n=counts[i])
        lines.append(f"{place}.  {p}  –  {what}")
    worst = order[-1]
    if ret[worst] != ret[order[0]]:
        lines.append(_("{name} buys the next round.").format(name=st.players[worst]))
    return lines
