"""Challenging a ruling in the scenes (issue 8), headless: key K opens the dialog in the dice table,
the race and the Bierpong table; a challenged drink ruling stays in the feed struck through with its
override right after it, the log gets the challenge as a new entry, and the drinks shown follow
`Match.drinks()`. A challenge without a reason is refused in the dialog. "Undo to here" (L) goes back
to the chosen point in all three scenes, challenges included."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.bierpong.actions import parse_action as pong_action
from game.match import Match, PlayerSpec
from game.racerbile.actions import Call, Judge
from game.rules import racerbile as RR
from game.rules.challenge import CHALLENGE
from game.rules.ruling import What
from game.ui.pong.bierpong_match import OVERRIDE_MARK, BierpongMatchScene, StruckLine
from game.ui.pong.pong_hud import strike_feed
from game.ui.common.challenge import JUDGES, ChallengeDialog
from game.ui.dice.dice_table import DiceTableScene
from game.session.feed import FeedItem, feed_items
from game.ui.shell.menu import MenuScene
from game.ui.common.modal import ListDialog
from game.ui.race.race import RaceScene
from game.ui.race.race_hud import standing_rows

# The rulings themselves (the override logged, struck, the drinks following it, undo to a challenge)
# are session facts: tests/session/test_challenge_flow.py. Here: the keys, the dialogs and the feed.

if TYPE_CHECKING:
    from game.ui.common.app import App


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(0.0)


def press(app: App, element: object) -> None:
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element))
    app.step(0.0)


def pong_match() -> Match:
    """Foxes (Anna, Bo) v Owls (Cem, Dana): Anna hits cup 1, so Cem and Dana drink a sip each (bierpong.art1)."""
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", drivers=("Cem", "Dana"))])
    for line in ("throw-off Anna hit 1, Cem miss", "Foxes begin", "Anna: hit 1", "Bo: miss", "Owls remove 1"):
        m.apply(pong_action(line))
    return m


def open_on(app: App, scene: object) -> None:
    app.push(MenuScene(app))
    app.push(scene)  # type: ignore[arg-type]
    app.step(0.0)


def challenge_newest(app: App, dialog: ChallengeDialog, amount: int, who: str | None = None, by: str | None = None) -> tuple[int, int]:
    """Step 1: the newest ruling (the list's first row) → step 2 with `amount` to `who`; returns its (entry, ruling)."""
    rows = dialog.rows()
    assert rows, "nothing to challenge"
    assert dialog.choose(rows[0][1])
    press(app, dialog.next_button)
    assert dialog.step == 2
    target = dialog.target
    assert target is not None
    dialog.set_amount(amount)
    if who is not None:
        dialog.set_who(who)
    if by is not None:
        dialog.set_by(by)
    return target


# --- the feed's order ----------------------------------------------------------------------------


def test_feed_items_strike_the_original_and_put_the_override_after_it() -> None:
    """Issue 8: the challenged ruling stays in place, struck; its override follows it, marked; a
    challenge of the override chains on (bierpong.art1 sips)."""
    m = pong_match()
    before = feed_items(m.log.entries)
    assert not any(it.struck or it.override for it in before)
    m.apply("challenge 6.2 by Cem: 0 sips to Cem – the cup was empty")
    m.apply("challenge 7.1 by Anna: 2 sips to Cem – it was full after all")
    items = feed_items(m.log.entries)
    assert len(items) == len(before) + 2
    k = next(i for i, it in enumerate(items) if it.origin == (6, 2))
    assert items[k].struck and not items[k].override
    assert items[k + 1] == FeedItem(m.log.entries[6].rulings[0], True, True, (7, 1), m.log.entries[5].rulings[1])  # struck in turn
    assert items[k + 2].origin == (8, 1) and items[k + 2].override and not items[k + 2].struck
    assert items[k + 3].origin == (6, 3)  # the rest of entry 6 after the chain


def test_an_override_states_its_new_value_against_the_old_one(app: App) -> None:
    """Issue 18: the override's line says what now stands – "Cem: 3 sips instead of 1" – in the feed
    of the dice table and the race (`Feed`) and in the Bierpong feed; another drinker is named."""
    from game.i18n import set_language
    from game.ui.common.feed import Feed
    from game.session.feed import override_line

    m = pong_match()
    m.apply("challenge 6.2 by Cem: 3 sips to Cem – two cups were hit")
    m.apply("challenge 6.3 by Anna: 2 sips to Bo – Bo spilled it")
    items = feed_items(m.log.entries)
    over = [it for it in items if it.override]
    assert [override_line(it.ruling, it.was) for it in over] == ["Cem: 3 sips instead of 1", "Bo: 2 sips instead of 1 for Dana"]
    feed = Feed(app.fonts)
    feed.rect = pygame.Rect(0, 0, 320, 600)
    plain = feed.item(FeedItem(over[0].ruling, override=True))
    assert feed.item(over[0]).get_height() >= plain.get_height()  # the "instead of" line is drawn
    scene = BierpongMatchScene(app, m)
    open_on(app, scene)
    said = " ".join(t for _, t in scene.feed)
    assert "Cem: 3 sips instead of 1" in said and "Bo: 2 sips instead of 1 for Dana" in said
    try:
        set_language("de")
        assert override_line(over[0].ruling, over[0].was) == "Cem: 3 Schluck statt 1"
        set_language("da")
        assert override_line(over[1].ruling, over[1].was) == "Bo: 2 slurke i stedet for 1 til Dana"
    finally:
        set_language("en")


def test_the_challenge_dialog_explains_itself_in_one_plain_sentence(app: App) -> None:
    """Issue 18: each step of the dialog says in one sentence what it does."""
    from pygame_gui.elements import UILabel

    m = pong_match()
    scene = BierpongMatchScene(app, m)
    open_on(app, scene)
    key(app, pygame.K_k)
    dialog = scene.modal
    assert isinstance(dialog, ChallengeDialog)

    def explanation() -> str:
        labels = [e.text for e in dialog.ui.get_sprite_group().sprites() if isinstance(e, UILabel) and len(e.text) > 40]
        assert len(labels) == 1
        return labels[0]

    first = explanation()
    assert first == "Pick the drink ruling you think is wrong; to change a move itself, undo it in the log (L)."
    challenge_newest(app, dialog, 2)
    second = explanation()
    assert second == "The old ruling stays in the log, crossed out, and your new one counts instead."
    for text in (first, second):
        assert text.count(". ") == 0 and text.endswith(".") and ":" not in text


# --- the Bierpong table --------------------------------------------------------------------------


def test_bierpong_challenge_strikes_the_ruling_and_the_sips_follow(app: App, tmp_path: Path) -> None:
    """K opens the dialog; no reason is refused (shown in the dialog); with a reason the log gets a
    challenge entry, the feed a struck line and the override after it, and the final standing's
    "Sips drunk" follows the override (bierpong.art1)."""
    m = pong_match()
    scene = BierpongMatchScene(app, m)
    scene.camera_mode = "top"  # (the top-down layout's feed and boxes)
    open_on(app, scene)
    key(app, pygame.K_k)
    dialog = scene.modal
    assert isinstance(dialog, ChallengeDialog)
    assert [k for _, k in dialog.rows()] == ["6.3", "6.2"]  # newest first
    assert dialog.rows()[0][0].startswith("6.3  Dana: 1 sip – ")
    target = challenge_newest(app, dialog, 4, who="Dana")
    dialog.set_reason("")
    press(app, dialog.apply_button)
    assert scene.modal is dialog and "needs a reason" in dialog.message
    assert len(m.log.entries) == 6
    dialog.set_reason("she drank from the wrong cup")
    press(app, dialog.apply_button)
    app.step(0.0)
    assert scene.modal is None
    last = m.log.entries[-1]
    assert last.seat == CHALLENGE and last.action == f"challenge {target[0]}.{target[1]} by Dana: 4 sips to Dana – she drank from the wrong cup"
    struck = [line for line in scene.feed if isinstance(line, StruckLine)]
    assert struck and "Dana drinks 1 sip" in " ".join(t for _, t in struck)
    k = next(i for i, line in enumerate(scene.feed) if line[1].startswith(OVERRIDE_MARK))
    assert isinstance(scene.feed[k - 1], StruckLine)  # the override right after the struck ruling
    assert "Dana 4" in scene.final_standing()[2] and "Cem 1" in scene.final_standing()[2]
    app.step(0.0)
    boxes = strike_feed(app.screen, scene.view.layout, app.fonts, scene.frame())
    assert boxes  # the line through the struck text was drawn
    app.save_screenshot(tmp_path / "pong_struck.png")
    assert (tmp_path / "pong_struck.png").stat().st_size > 0


def test_bierpong_undo_to_here_from_the_log_dialog(app: App) -> None:
    """L, "Undo to here" on the challenge: it is gone, the ruling stands again; on "Anna: hit 1":
    play continues from there (the Foxes throw again)."""
    m = pong_match()
    m.apply("challenge 6.2 by Cem: 0 sips to Cem – the cup was empty")
    scene = BierpongMatchScene(app, m)
    scene.camera_mode = "top"  # (the top-down layout's feed and boxes)
    open_on(app, scene)
    assert any(isinstance(line, StruckLine) for line in scene.feed)
    key(app, pygame.K_l)
    log = scene.modal
    assert isinstance(log, ListDialog)
    k = next(kk for lab, kk in log.items if "challenge 6.2" in lab)
    log.on_action(k)
    assert len(m.log.entries) == int(k) == 6
    assert not any(isinstance(line, StruckLine) for line in scene.feed)
    key(app, pygame.K_l)
    log = scene.modal
    assert isinstance(log, ListDialog)
    k = next(kk for lab, kk in log.items if "Anna: hit 1" in lab)
    log.on_action(k)
    assert len(m.log.entries) == int(k) and scene.modal is None


# --- the race ------------------------------------------------------------------------------------


def race(variant: str, players: list[PlayerSpec] | None = None) -> Match:
    return Match("racerbile", players or [PlayerSpec("Anna"), PlayerSpec("Bernd")], RR.SPEC.make(variant), seed=5, track="babybane")


def test_race_challenge_strikes_the_fault_and_the_standings_follow(app: App, tmp_path: Path) -> None:
    """A fault called on Anna (racerbile.technical.others_cap, 1 sip), challenged by Bernd to 3 sips for
    Bernd: the feed strikes the original with the override after it, the standings' sips follow."""
    m = race("racerbile")
    scene = RaceScene(app, m)
    open_on(app, scene)
    scene.close_modal()  # the time trial dialog
    assert scene.table_action(Call("racerbile.technical.others_cap", "Anna", 1)) is None
    sips = {r.seat: r.sips for r in standing_rows(scene.state, (), scene.drinks())}
    key(app, pygame.K_k)
    dialog = scene.modal
    assert isinstance(dialog, ChallengeDialog) and JUDGES not in dialog.challengers
    target = challenge_newest(app, dialog, 3, who="Bernd", by="Bernd")
    press(app, dialog.apply_button)
    assert "needs a reason" in dialog.message  # refused: no reason
    dialog.set_reason("Anna never touched my cap")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.step(0.0)
    assert scene.modal is None
    assert m.log.entries[-1].seat == CHALLENGE
    items = scene.feed.items
    k = next(i for i, it in enumerate(items) if it.struck)
    assert items[k].origin == target and items[k + 1].override and items[k + 1].ruling.who == "Bernd"
    rows = {r.name: r.sips for r in standing_rows(scene.state, (), scene.drinks())}
    assert rows["Anna"] == sips[0] - 1 and rows["Bernd"] == sips[1] + 3
    scene.feed.set_rect(scene.feed.rect, scene.feed.s)
    app.step(0.0)
    app.save_screenshot(tmp_path / "race_struck.png")
    assert (tmp_path / "race_struck.png").stat().st_size > 0


def test_le_mans_judges_may_challenge(app: App) -> None:
    """At Le Mans the judges are among the challengers (racerbile.lemans.judges): their penalty
    sips, overridden by the judges themselves."""
    players = [PlayerSpec("Rød", drivers=("Anna", "Bo")), PlayerSpec("Blå", drivers=("Dorte", "Emil"))]
    # Le Mans runs on a track with a pit lane, with teams of lemans_drivers drivers (Decisions)
    m = Match("racerbile", players, RR.SPEC.make("le_mans", lemans_drivers=2), seed=5, track="le_mans")
    scene = RaceScene(app, m)
    open_on(app, scene)
    scene.close_modal()
    assert scene.table_action(Judge("sips", "Bo", "2", "jumped the start")) is None
    key(app, pygame.K_k)
    dialog = scene.modal
    assert isinstance(dialog, ChallengeDialog) and JUDGES in dialog.challengers
    assert dialog.people == ["Anna", "Bo", "Dorte", "Emil"]
    challenge_newest(app, dialog, 0, by=JUDGES)
    dialog.set_reason("the video shows a clean start")
    assert dialog.apply()
    assert m.log.entries[-1].action.startswith("challenge ") and " by judges: 0 sips to Bo" in m.log.entries[-1].action


def test_race_undo_to_here_takes_the_challenge_back(app: App) -> None:
    m = race("racerbile")
    scene = RaceScene(app, m)
    open_on(app, scene)
    scene.close_modal()
    scene.table_action(Call("racerbile.technical.others_cap", "Anna", 1))
    i = len(m.log.entries)
    m.apply(f"challenge {i}.1 by Anna: 0 sips to Anna – not me")
    scene.resync()
    assert any(it.struck for it in scene.feed.items)
    key(app, pygame.K_l)
    log = scene.modal
    assert isinstance(log, ListDialog)
    k = next(kk for lab, kk in log.items if "challenge " in lab)
    assert "start:" not in next(lab for lab, kk in log.items if kk == k)
    log.on_action(k)
    assert len(m.log.entries) == i
    assert not any(it.struck for it in scene.feed.items) and scene.modal is None


# --- the dice table ------------------------------------------------------------------------------


def test_dice_table_challenge_dialog_has_no_drinks_to_challenge(app: App) -> None:
    """Before a game is lost Schock has handed out only mats (they steer the game): K opens the dialog
    with an empty list, going on is refused in the dialog (game.rules.challenge)."""
    m = Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=9)
    table = DiceTableScene(app, m)
    open_on(app, table)
    key(app, pygame.K_k)
    dialog = table.modal
    assert isinstance(dialog, ChallengeDialog)
    assert dialog.rows() == [] and not dialog.next_button.is_enabled
    assert not dialog.next()
    assert dialog.message
    press(app, dialog.close_button)
    assert table.modal is None


def test_dice_table_undo_to_here_continues_from_there(app: App) -> None:
    from game.dice.actions import Dice, Roll, Stand

    m = Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=9)
    table = DiceTableScene(app, m)
    open_on(app, table)
    table.session.script(Dice((2, 3, 4)), Dice((6, 6, 5)))  # the dice the rolls land on
    for seat, a in ((0, Roll()), (0, Stand()), (1, Roll())):
        assert table.session.request(seat, a) is None
    key(app, pygame.K_l)
    log = table.modal
    assert isinstance(log, ListDialog)
    k = next(kk for lab, kk in log.items if "Bernd rolls 6 6 5" in lab)
    log.on_action(k)
    assert len(m.log.entries) == int(k) and table.modal is None


def test_dice_table_stroke_challenged_and_the_final_standing_follows(app: App) -> None:
    """schock.game: the stroke of a lost game, challenged at the table (K) onto another player with a
    reason; the tally on the table and the final standing follow the override."""
    from game.ui.dice.standing import standing
    from tests.autosave_worker import play

    m = play("schock", 3)
    assert m.state.is_terminal()
    table = DiceTableScene(app, m)
    open_on(app, table)
    table.modal = None
    loser = next(r.who for r in reversed(m.log.rulings()) if r.what is What.STROKE)
    other = next(p.name for p in m.players if p.name != loser)
    before = table.tallies()[loser].strokes
    key(app, pygame.K_k)
    dialog = table.modal
    assert isinstance(dialog, ChallengeDialog)
    challenge_newest(app, dialog, 1, who=other, by=other)
    dialog.set_reason("the last die was cocked")
    assert dialog.apply()
    assert m.log.entries[-1].seat == CHALLENGE
    assert table.tallies()[loser].strokes == before - 1  # the tally on the table (its ruling: test_challenge_flow)
    lines = standing(m.state, m.drinks())
    n = table.tallies()[other].strokes
    assert any(line.endswith(f"{other}  –  {n} stroke{'s' if n != 1 else ''}") for line in lines), lines
    assert standing(m.state) != lines  # the state's own tally still has the original stroke
