"""A hosted real Bierpong table seen from the joined laptop's window (issue 32, docs/real-table.md),
headless on loopback, every wait bounded: the Foxes play at the host's keyboard, the Owls joined from
their laptop. The Owls' throw card opens on their turn at their laptop only, and its one-click lines
reach the host logged as theirs – a hit, a bounce, an air ball caught by a Fox (two lines) –; a cup
not there is refused on their card with nothing logged; the owners remove their cups on the removal
card at their own laptop; both logs agree."""
from __future__ import annotations

from typing import Any, Callable

import pygame

from game.bierpong.actions import parse_action
from game.bierpong.state import REMOVE
from game.match import Match, PlayerSpec
from game.ui.common.app import App
from game.ui.pong import pong_entry
from game.ui.pong.bierpong_match import BierpongMatchScene
from game.ui.pong.pong_entry import entry_open
from tests.net.test_lan_ui import frames, host_and_join


def click_at(scene: Any, pos: tuple[int, int]) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def press_key(scene: Any, k: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def press(scene: Any, app: App, text: str) -> None:
    """Click the card's button whose words begin with `text` (drawn anew first: where it is)."""
    scene.draw(app.screen)
    b = next(b for b in scene.entry.buttons if b.text.removeprefix(pong_entry.MARK).startswith(text))
    click_at(scene, b.rect.center)


def click_cup(scene: Any, app: App, cup: int) -> None:
    """Click a cup of the rack on the card."""
    scene.draw(app.screen)
    x, y, _r = scene.entry.cup_spots[cup]
    click_at(scene, (x, y))


def test_bierpong_at_a_hosted_real_table_the_joined_team_enters_its_throws_on_its_own_card(app: App) -> None:
    """bierpong.art1 (a hit, the owners remove it), bierpong.art14 (a bounce takes two cups),
    bierpong.art23 (an air ball caught: its catch entered with it), bierpong.art3 and art15 (a cup
    gone, a roller over it: refused on the card, nothing logged) – the Owls' lines from their laptop,
    logged at the host as theirs."""
    m = Match("bierpong", [PlayerSpec("Foxes", "human", drivers=("Anna", "Bo")), PlayerSpec("Owls", "remote", drivers=("Cem", "Dana"))],
              real_table=True)
    for line in ("throw-off Anna miss, Cem hit 1", "Owls begin"):
        m.apply(parse_action(line))
    hs, joined = host_and_join(app, m, "Owls", BierpongMatchScene)
    try:
        assert joined.session.real_table()

        def sync() -> None:
            """Both tables hold the same log, drawn (the card's parts where they are)."""
            frames(lambda: len(joined.match.log.entries) == len(m.log.entries) and not hs.session.busy(), hs, joined)
            for _ in range(3):
                hs.update(1 / 60)
                joined.update(1 / 60)
            hs.draw(app.screen)
            joined.draw(app.screen)

        def owls(clicks: list[Callable[[], None]], lines: int) -> list[str]:
            """The Owls' clicks on their card at their laptop; the lines the host logged (as the Owls')."""
            sync()
            assert entry_open(joined) and not entry_open(hs)  # the Owls' throw: their card, at their laptop only
            n = len(m.log.entries)
            for c in clicks:
                c()
            frames(lambda: len(m.log.entries) >= n + lines, hs, joined)
            sync()
            assert joined.entry.error == "" and hs.table.host.refusals == []
            assert all((e.detail or {}).get("entered") == "Owls" for e in m.log.entries[n:])
            return [e.action for e in m.log.entries[n:]]

        thrower = joined.session.thrower()
        assert owls([lambda: click_cup(joined, app, 3)], 1) == [f"{thrower}: hit 3"]  # one click
        thrower = joined.session.thrower()
        got = owls([lambda: press(joined, app, "caught by Anna"), lambda: press(joined, app, "Air ball")], 2)  # the flag, then the result
        assert got == [f"{thrower}: air", f"Anna catches {thrower}"] and "bierpong.art23" in [r.rule for r in m.log.entries[-1].rulings]
        assert hs.state.phase == REMOVE and hs.card_shown() and not joined.card_shown()  # the Foxes' cups: their card, at the host
        assert [b.text for b in hs.options()][:1] == ["Remove cup 3"] and joined.options() == []  # their buttons too
        press_key(hs, pygame.K_RETURN)
        sync()
        assert m.log.entries[-1].action == "Foxes remove 3"

        removed_here = False
        for _ in range(12):  # the Foxes' round at the host's keyboard: a hit in cup 2, then misses
            if entry_open(joined):
                break
            assert not (entry_open(hs) and entry_open(joined))
            if joined.card_shown():  # the Owls' cup: their removal card at their laptop
                assert not hs.card_shown()
                n = len(m.log.entries)
                press_key(joined, pygame.K_RETURN)
                frames(lambda: len(m.log.entries) > n, hs, joined)
                removed_here = True
            elif entry_open(hs):
                if any(e.action.endswith("hit 2") for e in m.log.entries):
                    press_key(hs, pygame.K_m)
                else:
                    click_cup(hs, app, 2)
            elif any(b.key == "E" for b in hs.options()):
                press_key(hs, pygame.K_e)
            sync()
        assert removed_here and "Owls remove 2" in [e.action for e in m.log.entries]
        assert entry_open(joined) and not entry_open(hs)

        n = len(m.log.entries)
        pong_entry.click_cup(joined, 3)  # what the card does with a click on cup 3 (gone: not drawn)
        for _ in range(20):  # (frames enough for a line sent to come back logged or refused)
            hs.update(1 / 60)
            joined.update(1 / 60)
        sync()
        assert "cup 3" in joined.entry.error and len(m.log.entries) == n and hs.table.host.refusals == []  # on the card, nothing sent
        press(joined, app, "Roller")  # bierpong.art15: a roller over cup 3 (gone), into cup 5
        joined.entry.cups = [3]  # (what a click on cup 3 would add, were it drawn)
        click_cup(joined, app, 5)
        press(joined, app, "Enter the roller")
        assert "art15" in joined.entry.error and len(m.log.entries) == n and hs.table.host.refusals == []
        press_key(joined, pygame.K_BACKSPACE)  # the flags off
        thrower = joined.session.thrower()
        joined.entry.error = ""
        assert joined.session.enter(joined.session.to_act(), f"{thrower}: hit 3") is None  # past the card's check: sent
        frames(lambda: joined.entry.error, hs, joined)  # the host's refusal comes back onto the card
        assert "cup 3" in joined.entry.error and len(m.log.entries) == n and len(hs.table.host.refusals) == 1
        hs.table.host.refusals.clear()
        assert owls([lambda: press(joined, app, "Bounce"), lambda: click_cup(joined, app, 5)], 1) == [f"{thrower}: bounce 5"]
        frames(lambda: hs.state.phase == REMOVE or entry_open(joined), hs, joined)
        if entry_open(joined):  # the partner's ball: a miss (M)
            owls([lambda: press_key(joined, pygame.K_m)], 1)
        frames(lambda: hs.state.phase == REMOVE, hs, joined)
        sync()
        q = hs.state.queue[0]
        assert (q.cup, q.extra, q.rule) == (5, 1, "bierpong.art14") and hs.card_shown() and not joined.card_shown()
        frames(lambda: len(joined.match.log.entries) == len(m.log.entries), hs, joined)
        assert [e.to_dict() for e in joined.match.log.entries] == [e.to_dict() for e in m.log.entries]
        assert hs.table.host.refusals == []
    finally:
        hs.closed()
