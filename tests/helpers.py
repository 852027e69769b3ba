"""Set up positions through the public notation (never through private fields)."""
from __future__ import annotations

from typing import Any

from game.match import Match, PlayerSpec
from game.dice.record import play_turn
from game.rules.ruling import Ruling, What


def table(game: str, *names: str, games: int = 1, opener: int = 0, **options: object) -> Match:
    """A match of `game` with the named players and profile options."""
    from game.match import GAMES

    profile = GAMES[game].spec.make(None, **options)
    return Match(game, [PlayerSpec(n) for n in names], profile, games=games, opener=opener)


def play(match: Match, *turns: str) -> list[Ruling]:
    """Play turns written as 'Name: notation'; return their rulings."""
    out: list[Ruling] = []
    for t in turns:
        who, _, text = t.partition(":")
        out += play_turn(match, who.strip(), text.strip())
    return out


def mats(match: Match) -> dict[str, int]:
    return {p.name: match.state.ledger[p.name].mats for p in match.players}


def of(rulings: list[Ruling], what: What, rule: str | None = None) -> list[Ruling]:
    return [r for r in rulings if r.what is what and (rule is None or r.rule == rule)]


def menu_on(app: Any, game: str) -> Any:
    """The menu scene pushed on `app`, with `game` chosen by a click on its button."""
    import pygame
    import pygame_gui

    from game.ui.shell.menu import MenuScene

    menu = MenuScene(app)
    app.push(menu)
    app.step(1 / 60)
    button = next(b for b, gid in menu.game_buttons.items() if gid == game)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    app.step(1 / 60)
    return menu


def key(app: Any, k: int, uni: str = "", mod: int = 0) -> None:
    """A key pressed in the headless app, then a frame."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=uni))
    app.step(0.0)


def click(app: Any, pos: tuple[float, float]) -> None:
    """A left click at `pos` (rounded to a pixel) in the headless app, then a frame."""
    import pygame

    p = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))
    app.step(0.0)
