"""The Bierpong match scene (issue 7), headless: mouse throws, clicks and keys reach the session
(a drag is a Throw, clicks remove cups and swat, Ctrl+Z, Ctrl+S, the log, the table events), the
scoreboard, feed and labels, the menu and `play`. The rulings behind them are session facts
(tests/session/test_pong_flow.py)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.bierpong.actions import Remove, Swat, Throw, ThrowoffBall, Together, parse_action
from game.bierpong.classify import classify
from game.bierpong.outcome import Outcome, parse_outcome
from game.bierpong.state import REMOVE
from game.cli import main as cli_main
from game.match import Match, PlayerSpec
from game.store.matchfile import load_match
from game.ui.pong.bierpong_match import BierpongMatchScene, TableEvents
from game.ui.pong.pong_feed import shot_word
from game.ui.common.modal import Confirm
from physics.events import CupContact, TableBounce
from physics.world import simulate

if TYPE_CHECKING:
    from game.ui.common.app import App


def teams(kind: str = "human") -> list[PlayerSpec]:
    return [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", kind, drivers=("Cem", "Dana"))]


def begun(**options: object) -> Match:
    """A match past the throw-off: Anna hit first, the Foxes begin (bierpong.art8)."""
    m = Match("bierpong", teams())
    if options:
        m = Match("bierpong", teams(), m.info.spec.make(None, **options))
    for line in ("throw-off Anna hit 1, Cem miss", "Foxes begin"):
        m.apply(parse_action(line))
    return m


def open_scene(app: App, match: Match) -> BierpongMatchScene:
    """The match scene in the top-down view (V): these tests aim and click in its table metres (the
    perspective view's own are `tests/ui/test_pong_perspective.py`)."""
    scene = BierpongMatchScene(app, match)
    scene.camera_mode = "top"
    app.push(scene)
    app.step(0.0)
    return scene


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step(0.0)


def click(app: App, pos: tuple[float, float]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(pos[0]), round(pos[1])), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(round(pos[0]), round(pos[1])), button=1))
    app.step(0.0)


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    app.step(0.0)


def hitting_drag(scene: BierpongMatchScene) -> tuple[tuple[int, int], tuple[int, int]]:
    """A press on the near end and a pull straight back whose throw the physics drops into a cup."""
    L = scene.view.layout
    for y in (0.0, 0.03, -0.03, 0.06, -0.06):
        for px in range(40, 200, 2):
            a = L.to_top(0.3, y)
            start = (round(a[0]), round(a[1]))
            end = (start[0] - px, start[1])
            scene.press, scene.mouse = start, end
            t = scene.aimed_throw()
            scene.press = None
            if t is not None and classify(simulate(scene.cups_now(), t).events).hit:
                return start, end
    raise AssertionError("no pull drops a ball into a cup")


def settle(app: App, scene: BierpongMatchScene, seconds: float = 8.0) -> None:
    for _ in range(int(seconds * 60)):
        if not scene.session.table.busy:
            return
        app.step(1 / 60)


def test_a_mouse_throw_is_logged_as_a_throw_with_its_classified_outcome(app: App) -> None:
    """A drag releases the ball the aim shows: the Throw logged is Anna's with that throw's outcome,
    and the feed says it (the ruling: test_pong_flow, bierpong.art11)."""
    match = begun()
    scene = open_scene(app, match)
    assert scene.thrower() == "Anna" and [c.id for c in scene.live.table_cups()] == list(range(1, 11))
    start, end = hitting_drag(scene)
    scene.press, scene.mouse = start, end
    expected = parse_outcome(str(classify(simulate(scene.cups_now(), scene.aimed_throw()).events)))  # type: ignore[arg-type]
    scene.press = None
    drag(app, start, end)
    assert scene.session.table.busy  # in flight on the live table
    settle(app, scene)
    last = match.log.entries[-1]
    assert parse_action(last.action) == Throw("Anna", expected) and expected.hit
    assert any(text.startswith("Anna: ") for _, text in scene.feed)  # the scorer's sheet: the thrower, what the ball did


def test_the_owners_remove_a_hit_cup_and_its_neighbour_by_clicking(app: App) -> None:
    """The owners of a bounced cup click the extra cup and press Enter: the click on a cup that is not
    adjacent selects nothing (a toast says why), the neighbour is selected and Enter removes both
    (the ruling: test_pong_flow, bierpong.art14, bierpong.art3)."""
    match = begun()
    for line in ("Anna: bounce 1", "Bo: miss"):
        match.apply(parse_action(line))
    assert match.state.phase == REMOVE
    scene = open_scene(app, match)
    assert scene.card_shown()  # their rack close up (tests/ui/test_pong_view.py)
    at = scene.card.cups
    far = scene.state.sides[1].rack
    not_near = next(c for c in far.cups if c.id not in far.neighbours(1) and c.id != 1)
    click(app, at[not_near.id][:2])
    assert scene.selected == [] and "adjacent" in scene.toast  # not yet: the adjacent cups first
    near = far.cup(far.neighbours(1)[0])
    click(app, at[near.id][:2])
    assert scene.selected == [near.id]
    key(app, pygame.K_RETURN)
    assert parse_action(match.log.entries[-1].action) == Remove("Owls", (1, near.id))
    assert any("bounce" in text for _, text in scene.feed)  # the ruling's arithmetic in the feed


def test_ctrl_z_undoes_the_last_action(app: App) -> None:
    """Ctrl+Z reaches the session's undo (what it takes back: test_pong_flow)."""
    match = begun()
    match.apply(parse_action("Anna: miss"))
    open_scene(app, match)
    n = len(match.log.entries)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(match.log.entries) == n - 1


def test_ctrl_s_saves_and_the_saved_match_loads_into_the_scene(app: App, tmp_path: Path) -> None:
    """Ctrl+S writes the save; the menu opens it in the match scene (the save's content: test_pong_flow)."""
    match = begun()
    match.apply(parse_action("Anna: hit 3"))
    scene = open_scene(app, match)
    scene.save_path = tmp_path / "bp.json"
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert scene.save_path.exists()
    again = load_match(scene.save_path)
    from game.ui.shell.tables import match_scene

    loaded = match_scene(app, again)
    assert isinstance(loaded, BierpongMatchScene) and len(loaded.match.log.entries) == len(match.log.entries)


def test_the_scene_opens_from_the_menu(app: App) -> None:
    from tests.helpers import menu_on

    menu = menu_on(app, "bierpong")
    assert menu.model.game == "bierpong"
    specs = menu.model.player_specs()
    assert [p.drivers for p in specs] == [("Anna", "Bo"), ("Cem", "Dana")]
    assert menu.start()
    assert isinstance(app.scene, BierpongMatchScene) and app.scene.match.state.players == ("Foxes", "Owls")


def test_the_practice_table_stays_reachable_from_the_menu(app: App) -> None:
    from game.ui.shell.menu import MenuScene
    from game.ui.pong.pong import PongScene

    app.push(MenuScene(app))
    app.step(1 / 60)
    key(app, pygame.K_p)
    assert isinstance(app.scene, PongScene) and not isinstance(app.scene, BierpongMatchScene)


def test_play_bierpong_runs_headless(tmp_path: Path) -> None:
    shot = tmp_path / "bp.png"
    assert cli_main(["play", "bierpong", "--players", "Foxes=Anna,Owls=Cem/Dana/Emil/Fritz", "--frames", "20", "--screenshot", str(shot)]) == 0
    assert shot.exists()


def test_a_defender_swats_a_bounced_ball_by_clicking_it(app: App) -> None:
    """A click on a ball that touched down, and the chooser's 1, reach the session as Cem's swat
    (what the swat counts for: test_pong_flow, bierpong.art14)."""
    match = begun()
    scene = open_scene(app, match)
    L = scene.view.layout
    a = L.to_top(0.3, 0.0)
    start = (round(a[0]), round(a[1]))
    for px in range(20, 120, 2):  # a short pull: the ball lands on the table before the cups
        scene.press, scene.mouse = start, (start[0] - px, start[1])
        t = scene.aimed_throw()
        scene.press = None
        if t is not None:
            evs = simulate(scene.cups_now(), t).events
            if evs and any(isinstance(e, TableBounce) for e in evs):
                break
    drag(app, start, (start[0] - px, start[1]))
    (flight,) = scene.session.table.flights.values()
    for _ in range(300):
        if flight.bounced:
            break
        scene.update(1 / 60)
    ball = next(b for b in scene.live.balls() if b.id == flight.ball)
    click(app, L.to_top(ball.pos[0], ball.pos[1]))
    key(app, pygame.K_1)  # two human defenders: the chooser asks who swatted – Cem (the Decision "Who catches or swats")
    assert parse_action(match.log.entries[-1].action) == Swat("Cem", "Anna")


def test_the_aim_preview_is_an_assist_off_by_default(app: App) -> None:
    scene = open_scene(app, begun())
    L = scene.view.layout
    a = L.to_top(0.3, 0.0)
    start = (round(a[0]), round(a[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] - 80, start[1]), rel=(0, 0), buttons=(1, 0, 0)))
    app.step(1 / 60)
    assert scene.press is not None and not scene.preview
    key(app, pygame.K_a)
    app.step(1 / 60)
    assert scene.preview_on and scene.preview


def test_the_log_undoes_to_a_chosen_entry(app: App) -> None:
    """L opens the log; "Undo to here" cuts it back and closes it (the table after: test_pong_flow)."""
    match = begun()
    for line in ("Anna: miss", "Bo: miss"):
        match.apply(parse_action(line))
    scene = open_scene(app, match)
    key(app, pygame.K_l)
    assert scene.modal is not None
    scene.undo_to(3)  # what "Undo to here" on the fourth entry ("Anna: miss") does
    assert len(match.log.entries) == 3 and scene.modal is None


def test_the_throw_off_is_thrown_ball_by_ball_and_its_winner_chooses(app: App) -> None:
    """bierpong.art8 on screen: the scoreboard names the Owls' thrower after the Foxes' ball, and the
    winners' button "Owls begin" reaches the session (the throw-off's flow: test_pong_flow)."""
    match = Match("bierpong", teams())
    scene = open_scene(app, match)
    assert scene.session.request("Anna", ThrowoffBall("Anna", Outcome(cup=3))) is None
    assert "throw-off: Cem throws" in scene.scoreboard()
    assert scene.session.request("Cem", ThrowoffBall("Cem", Outcome())) is None
    app.step(1 / 60)
    begin = next(b for b in scene.buttons if b.text == "Owls begin")
    click(app, begin.rect.center)
    assert match.log.entries[-1].action == "Owls begin" and scene.modal is None


def test_the_table_events_dialog_applies_a_foul_and_a_knock_over(app: App) -> None:
    """T opens "Table events": an elbow over the edge, then Bo knocks over the Foxes' own cup 7 (the
    dialog lists those cups) – each reaches the log and the feed, the dialog closes (the rulings,
    bierpong.art12 and art16: test_pong_flow)."""
    match = begun()
    scene = open_scene(app, match)
    key(app, pygame.K_t)
    dialog = scene.modal
    assert isinstance(dialog, TableEvents)
    dialog.choose("elbow")
    dialog.choose("Anna")
    assert match.log.entries[-1].action == "elbow Anna" and not dialog.open
    app.step(0.0)
    assert scene.modal is None
    key(app, pygame.K_t)
    dialog = scene.modal
    assert isinstance(dialog, TableEvents)
    dialog.choose("knock")
    dialog.choose("Bo")
    assert [k for _, k in dialog.items] == [str(c) for c in range(1, 11)]  # the Foxes' own cups
    dialog.choose("7")
    assert match.log.entries[-1].action == "Bo knocks over 7" and not dialog.open
    assert "Bo knocked over own cup 7: 1 cup removed" in " ".join(text for _, text in scene.feed)  # (wrapped)


def test_a_refused_table_event_shows_the_referees_message(app: App) -> None:
    """Time without a timer is refused (bierpong.art9): the dialog stays open with the message."""
    match = begun()
    scene = open_scene(app, match)
    n = len(match.log.entries)
    key(app, pygame.K_t)
    dialog = scene.modal
    assert isinstance(dialog, TableEvents)
    dialog.choose("time")
    assert dialog.open and scene.modal is dialog and len(match.log.entries) == n
    assert "no timer" in dialog.message and "art9" in dialog.message
    assert dialog.items[0] == ("Elbow over the table edge – foul (art12)", "elbow")  # still the first list
    dialog.choose("blow")
    dialog.choose("Cem")  # another event still goes through
    assert match.log.entries[-1].action == "blow Cem" and not dialog.open
    app.step(0.0)
    assert scene.modal is None


def test_the_game_clock_runs_out_and_time_is_applied_once(app: App) -> None:
    """With `timer` 1 minute the scoreboard shows the clock, which stands while a dialog is open; at
    its end the scene shows the final standing (`Time` once and its ruling, bierpong.art9: test_pong_flow)."""
    match = begun(timer=1)
    match.apply(parse_action("Anna knocks over 2"))
    scene = open_scene(app, match)
    assert "1:00 left" in scene.scoreboard()
    scene.update(30.0)
    assert "0:30 left" in scene.scoreboard() and not match.state.is_terminal()
    key(app, pygame.K_t)  # the clock stops while a dialog is open
    scene.update(40.0)
    assert "0:30 left" in scene.scoreboard()
    key(app, pygame.K_ESCAPE)
    assert scene.modal is None
    scene.update(31.0)
    assert [e.action for e in match.log.entries].count("time") == 1
    assert isinstance(scene.modal, Confirm)  # the final standing


# --- both balls at once (bierpong.art4) ----------------------------------------------------------


def singles() -> Match:
    """1 v 1 past the throw-off: Anna begins for the Foxes (bierpong.art8)."""
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna",)), PlayerSpec("Owls", drivers=("Cem",))])
    for line in ("throw-off Anna hit 1, Cem miss", "Foxes begin"):
        m.apply(parse_action(line))
    return m


def predicted(scene: BierpongMatchScene, start: tuple[int, int], end: tuple[int, int]) -> tuple[Outcome, list[object]]:
    """The outcome (as the log writes it) and the timeline the physics gives that drag on the cups standing now."""
    scene.press, scene.mouse = start, end
    t = scene.aimed_throw()
    scene.press = None
    assert t is not None
    events = simulate(scene.cups_now(), t).events
    return parse_outcome(str(classify(events))), list(events)


def wide_drag(scene: BierpongMatchScene) -> tuple[tuple[int, int], tuple[int, int]]:
    """A pull, released off the centre line, whose ball passes the rack without touching a cup."""
    L = scene.view.layout
    for dy in (0.2, -0.2, 0.15, -0.15):
        a = L.to_top(0.3, dy)
        start = (round(a[0]), round(a[1]))
        for end in ((start[0] - 80, start[1] - 60), (start[0] - 80, start[1] + 60), (start[0] - 100, start[1] - 40)):
            outcome, events = predicted(scene, start, end)
            if not outcome.hit and not any(isinstance(e, CupContact) for e in events):
                return start, end
    raise AssertionError("no pull passes the cups")


def test_teams_throw_both_balls_at_once_art4(app: App) -> None:
    """bierpong.art4 on screen: while Anna's ball flies the scoreboard offers Bo the second ball, his
    drag releases it; the `Together` is in the feed with the art4 note and each ball's result is
    labelled on the table (the ruling: test_pong_flow)."""
    match = begun()
    scene = open_scene(app, match)
    n = len(match.log.entries)
    a_start, a_end = hitting_drag(scene)
    b_start, b_end = wide_drag(scene)
    anna, _ = predicted(scene, a_start, a_end)
    bo, _ = predicted(scene, b_start, b_end)
    drag(app, a_start, a_end)
    assert scene.session.table.busy and scene.thrower() == "Bo"
    assert "Bo may throw too" in scene.scoreboard() and "art4" in scene.scoreboard()
    drag(app, b_start, b_end)
    assert [f.player for f in scene.session.table.flights.values()] == ["Anna", "Bo"]
    settle(app, scene)
    assert len(match.log.entries) == n + 1
    last = match.log.entries[-1]
    assert parse_action(last.action) == Together(Throw("Anna", anna), Throw("Bo", bo))
    assert "Anna and Bo throw at once" in " ".join(text for _, text in scene.feed)  # the Together line (wrapped)
    assert any(head == "art4" for head, _ in scene.feed)  # the referee's note in the feed
    said = {lab.text for lab in scene.labels}  # each ball's result on the table, over its ball
    assert {t for t in said if t.startswith(("Anna: ", "Bo: "))} == {f"Anna: {shot_word(anna)}" + (f" → cup {anna.cup}" if anna.hit else ""),
                                                                      f"Bo: {shot_word(bo)}" + (f" → cup {bo.cup}" if bo.hit else "")}


def test_singles_refuses_second_ball_in_flight_art4(app: App) -> None:
    """bierpong.art4 on screen: a lone player's second drag while the first ball flies is refused with
    a toast and releases no ball (the ruling: test_pong_flow)."""
    match = singles()
    scene = open_scene(app, match)
    n = len(match.log.entries)
    a_start, a_end = hitting_drag(scene)
    b_start, b_end = wide_drag(scene)
    expected, _ = predicted(scene, a_start, a_end)
    drag(app, a_start, a_end)
    first = list(scene.session.table.flights)
    assert len(first) == 1 and scene.thrower() == "Anna"
    drag(app, b_start, b_end)
    assert "art4" in scene.toast and "teams" in scene.toast
    assert list(scene.session.table.flights) == first and len(scene.live.balls()) == 1
    settle(app, scene)
    assert parse_action(match.log.entries[n].action) == Throw("Anna", expected)


def test_first_ball_rests_before_partner_throws_is_single_throw(app: App) -> None:
    """bierpong.art11 on screen: once the first ball rests alone the scoreboard offers no second ball
    beside it; Bo's drag is then the round's second throw (the rulings: test_pong_flow)."""
    match = begun()
    scene = open_scene(app, match)
    n = len(match.log.entries)
    start, end = wide_drag(scene)
    expected, _ = predicted(scene, start, end)
    drag(app, start, end)
    assert scene.thrower() == "Bo" and "may throw too" in scene.scoreboard()  # Bo could have joined …
    settle(app, scene)
    assert parse_action(match.log.entries[n].action) == Throw("Anna", expected)  # … but did not
    assert "may throw too" not in scene.scoreboard()
    drag(app, start, end)
    settle(app, scene)
    assert parse_action(match.log.entries[-1].action) == Throw("Bo", expected)


def test_a_swatted_ball_of_a_together_throw_is_ruled_after_the_other_art4_art14(app: App) -> None:
    """bierpong.art14 with bierpong.art4 on screen: a click on Anna's bounced ball while Bo's flies too,
    and the chooser's 1, credit Cem's swat; the feed says a swat is no part of a together throw (the
    order of the rulings: test_pong_flow)."""
    match = begun()
    scene = open_scene(app, match)
    n = len(match.log.entries)
    L = scene.view.layout
    a = L.to_top(0.3, 0.0)
    start = (round(a[0]), round(a[1]))
    pull = next(px for px in range(20, 120, 2)
                if any(isinstance(e, TableBounce) for e in predicted(scene, start, (start[0] - px, start[1]))[1]))
    b_start, b_end = wide_drag(scene)
    bo, _ = predicted(scene, b_start, b_end)
    drag(app, start, (start[0] - pull, start[1]))
    drag(app, b_start, b_end)
    flights = scene.session.table.flights
    anna_ball, bo_ball = list(flights)
    for _ in range(300):
        if flights[anna_ball].bounced:
            break
        scene.update(1 / 60)
    ball = next(b for b in scene.live.balls() if b.id == anna_ball)
    click(app, L.to_top(ball.pos[0], ball.pos[1]))
    key(app, pygame.K_1)  # two human defenders: the chooser asks who swatted – Cem (the Decision "Who catches or swats")
    assert flights[anna_ball].swatted_by == "Cem" and len(match.log.entries) == n  # Bo's ball still flies
    settle(app, scene)
    assert [parse_action(e.action) for e in match.log.entries[n:]] == [Throw("Bo", bo), Swat("Cem", "Anna")]
    assert "no part of a together throw" in " ".join(text for _, text in scene.feed)  # noted in the feed


def test_a_finisher_swats_a_bounced_counter_ball_by_clicking_it(app: App) -> None:
    """bierpong.art14 in a Konter (the Decision "Swats, catches and fetches during a Konter"): the Owls
    counter; a click on Cem's ball once it touched down, and the chooser's 1, are Anna's swat."""
    match = Match("bierpong", teams(), Match("bierpong", teams()).info.spec.make(None, cups=3, auto_remove_cups=True))
    for line in ("throw-off Anna hit 1, Cem miss", "Foxes begin", "Anna: hit 1", "Bo: miss", "Cem: miss", "Dana: miss",
                 "Anna: hit 2", "Bo: miss", "Cem: miss", "Dana: miss", "Anna: hit 3", "Bo: miss"):
        match.apply(parse_action(line))
    assert match.state.phase == "konter"
    scene = open_scene(app, match)
    L = scene.view.layout
    found = None
    for x in (0.3, 0.5, 2.1, 1.9):  # the counter throws from its own end of the table
        a = L.to_top(x, 0.0)
        start = (round(a[0]), round(a[1]))
        for px in range(-120, 121, 2):
            scene.press, scene.mouse = start, (start[0] - px, start[1])
            t = scene.aimed_throw()
            scene.press = None
            if t is not None and any(isinstance(e, TableBounce) for e in simulate(scene.cups_now(), t).events):
                found = (start, (start[0] - px, start[1]))
                break
        if found:
            break
    assert found is not None, "no pull bounces a counter ball"
    drag(app, *found)
    (flight,) = scene.session.table.flights.values()
    assert flight.player in ("Cem", "Dana")
    for _ in range(300):
        if flight.bounced:
            break
        scene.update(1 / 60)
    ball = next(b for b in scene.live.balls() if b.id == flight.ball)
    click(app, L.to_top(ball.pos[0], ball.pos[1]))
    key(app, pygame.K_1)  # two human defenders: the chooser asks who swatted – Anna
    assert parse_action(match.log.entries[-1].action) == Swat("Anna", flight.player)
