"""The special-shot demos as the referee rules them (bierpong.art10, art13–15, art18–23): each
solved shot (`game.bierpong.solver`) played as a singles match through the referee
(`game.bierpong.demo_match.referee_demo`), the rulings in the demo scene's feed, and "Special
shots…" (key D) in the main menu. Real physics, real pygame (headless)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pytest

from game.bierpong.actions import parse_action
from game.bierpong.demo_match import ARTICLES, DemoScript, referee_demo, short
from game.bierpong.rack import Rack
from game.bierpong.solver import SHOTS, Solution, solve
from game.match import Match, PlayerSpec
from game.rules import bierpong as R
from game.rules.phrase import values_of
from game.rules.ruling import Ruling, What
from game.ui.pong.pong_feed import outcome_text, plain

if TYPE_CHECKING:
    from game.ui.common.app import App

_SOLVED: dict[str, Solution] = {}
FULL = Rack.of("triangle10")


def solution(shot: str) -> Solution:
    if shot not in _SOLVED:
        _SOLVED[shot] = solve(shot)
    return _SOLVED[shot]


def script(shot: str) -> DemoScript:
    return referee_demo(solution(shot))


def of(rulings: tuple[Ruling, ...], rule: str) -> list[Ruling]:
    return [r for r in rulings if r.rule == rule]


def removed(sc: DemoScript, team: int = 1) -> set[int]:
    return set(sc.start.sides[team].rack.ids) - set(sc.state.sides[team].rack.ids)


def sips(sc: DemoScript) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in sc.rulings():
        if r.what == What.SIPS:
            out[r.who] = out.get(r.who, 0) + r.amount
    return out


# --- every shot: the script is a real match through the notation --------------------------------------

@pytest.mark.parametrize("shot", SHOTS, ids=list(SHOTS))
def test_demo_shot_is_a_refereed_match_citing_its_article(shot: str) -> None:
    """Each solved throw is at least one action (the throw itself, with the solver's outcome); the
    script's rulings cite the shot's article (bierpong.art10, art13–15, art18–23); the same lines,
    applied in a fresh match through the public notation, rule exactly the same."""
    sol, sc = solution(shot), script(shot)
    assert len(sc.throws) == len(sol.throws)
    for st, ts in zip(sol.throws, sc.throws):
        solved = [ln for ln in ts.lines if ln.solved]
        assert len(solved) == 1 and solved[0].action.endswith(f": {st.outcome}") and solved[0].shown
        assert solved[0] in ts.after and solved[0] not in ts.before
    assert of(sc.rulings(), ARTICLES[shot]), [str(r) for r in sc.rulings()]
    assert all(ln.setup for ln in sc.setup) and not any(ln.setup for t in sc.throws for ln in t.lines)
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Ann",)), PlayerSpec("Owls", drivers=("Cem",))], R.SPEC.make())
    replayed: list[Ruling] = list(m.log.entries[0].rulings)
    for ln in sc.lines()[1:]:
        replayed += m.apply(parse_action(ln.action)).rulings
    assert tuple(replayed) == sc.rulings(setup=True)
    assert m.state.summary() == sc.state.summary()


# --- each shot's arithmetic ------------------------------------------------------------------------------

def test_demo_bounce_ruled_by_art14() -> None:
    """bierpong.art14, bierpong.art3: the bounced cup counts twice – it and one neighbour go; the
    round's other ball (a miss on record) ends the round, the defender drinks per hit cup (art1)."""
    sc = script("bounce")
    cup = solution("bounce").throws[0].outcome.cup
    assert cup is not None
    (r,) = of(sc.rulings(), "bierpong.art14")
    assert r.what == What.CUPS and r.amount == 2 and r.arithmetic.startswith(f"bounce: cup {cup} + 1 = 2 cups")
    (extra,) = removed(sc) - {cup}
    assert removed(sc) == {cup, extra} and extra in FULL.neighbours(cup)
    assert [ln.action for ln in sc.throws[0].lines if not ln.shown] == ["Ann: miss"]
    assert sips(sc) == {"Cem": 1}


def test_demo_roller_ruled_by_art15() -> None:
    """bierpong.art15: the roller's path of cups is named and it counts as a bounce – two cups."""
    sc = script("roller")
    o = solution("roller").throws[0].outcome
    (note,) = of(sc.rulings(), "bierpong.art15")
    assert ">".join(map(str, o.touched)) in note.arithmetic and "counts as a bounce" in note.arithmetic
    (r,) = [r for r in sc.rulings() if r.what == What.CUPS]
    assert r.amount == 2 and r.rule == "bierpong.art14" and o.cup in removed(sc) and len(removed(sc)) == 2


def test_demo_bombe_ruled_by_art20() -> None:
    """bierpong.art20: two balls in one cup – that cup and two more (the adjacent first, art3) go,
    then balls back (art13): the Foxes throw again and nobody drinks yet (art2)."""
    sc = script("bombe")
    cup = solution("bombe").throws[0].outcome.cup
    assert cup is not None and solution("bombe").throws[1].outcome.cup == cup
    (r,) = of(sc.rulings(), "bierpong.art20")
    assert r.amount == 3 and r.arithmetic.startswith(f"Bombe: cup {cup} + 2 = 3 cups")
    assert len(removed(sc)) == 3 and cup in removed(sc) and removed(sc) - {cup} <= set(FULL.neighbours(cup))
    assert of(sc.rulings(), "bierpong.art13") and sc.state.team == 0 and not sc.state.standard and not sips(sc)


def test_demo_island_ruled_by_art22() -> None:
    """bierpong.art22: the neighbours hit away, "Island N" is called before the throw, the called cup
    hit – it and one more go."""
    sc, sol = script("island"), solution("island")
    island = sol.throws[-1].outcome.cup
    assert island is not None
    last = sc.throws[-1]
    assert [ln.action for ln in last.before] == [f"Ann: island {island}"]
    (call,) = [r for r in last.rulings if r.what == What.CALL]
    assert call.rule == "bierpong.art22" and f"cup {island}" in call.arithmetic
    (r,) = [r for r in last.rulings if r.what == What.CUPS]
    assert r.rule == "bierpong.art22" and r.amount == 2 and island in removed(sc)
    cleared = {t.outcome.cup for t in sol.throws[:-1]}
    assert cleared == set(FULL.neighbours(island)) and cleared <= removed(sc) and len(removed(sc)) == len(cleared) + 2


def test_demo_trickshot_ruled_by_art19() -> None:
    """bierpong.art19: the ball back on the thrower's half is fetched; the trickshot waits for the
    regular throws (the other ball, on record) and its cup goes at once."""
    sc = script("trickshot")
    first, second = sc.throws
    assert [ln.action for ln in first.after][1:] == ["Ann fetches", "Ann: miss"] and not first.after[-1].shown
    assert "fetched" in of(first.rulings, "bierpong.art19")[0].arithmetic
    (r,) = [r for r in second.rulings if r.what == What.CUPS]
    cup = solution("trickshot").throws[1].outcome.cup
    assert r.rule == "bierpong.art19" and "goes at once" in r.arithmetic and removed(sc) == {cup}


def test_demo_air_ball_ruled_by_art23() -> None:
    """bierpong.art23: the air ball caught behind the far edge – the catcher throws one ball twice in
    his team's next round: after the Owls' two standard throws, Cem still throws."""
    sc = script("air_ball")
    (r,) = of(sc.rulings(), "bierpong.art23")
    assert "Owls have one throw more in their next round – Cem throws it after the two standard throws" in r.arithmetic and not removed(sc)
    st = sc.state
    assert st.current_player() == 1 and st.extra == ("Cem",)
    st = st.apply("Cem: miss").state.apply("Cem: miss").state
    assert st.team == 1 and st.throwers() == ("Cem",)


def test_demo_balls_back_ruled_by_art13() -> None:
    """bierpong.art13: both balls of the round hit two cups – both go and the team throws again."""
    sc, sol = script("balls_back"), solution("balls_back")
    hit = {t.outcome.cup for t in sol.throws}
    assert len(hit) == 2 and removed(sc) == hit
    assert [r.amount for r in sc.rulings() if r.what == What.CUPS] == [1, 1]
    assert of(sc.rulings(), "bierpong.art13") and sc.state.team == 0 and sc.state.throwers() == ("Ann",) and not sips(sc)


def test_demo_on_fire_ruled_by_art21() -> None:
    """bierpong.art21: "Heating up" after two hits in a row, "On fire" at the third; on fire he throws
    until a miss; each hit removes one cup."""
    sc, sol = script("on_fire"), solution("on_fire")
    calls = [r for r in sc.rulings() if r.what == What.CALL]
    assert [(r.rule, r.words) for r in calls] == [("bierpong.art21", ("Heating up!",)), ("bierpong.art21", ("On fire!",))]
    assert any("no longer on fire" in r.arithmetic for r in of(sc.rulings(), "bierpong.art21"))
    hit = {t.outcome.cup for t in sol.throws}
    assert removed(sc) == hit and all(r.amount == 1 for r in sc.rulings() if r.what == What.CUPS)
    assert sips(sc) == {"Cem": len(hit)}


def test_demo_dead_cup_ruled_by_art18() -> None:
    """bierpong.art18: the owners leave the hit cup standing – a Dead Cup; after the Owls' round (on
    record) the Foxes hit it again and win at once (art9)."""
    sc = script("dead_cup")
    cup = solution("dead_cup").throws[0].outcome.cup
    first, second, third = sc.throws
    assert f"Owls leave {cup}" in [ln.action for ln in second.lines]
    assert [ln.action for ln in third.before] == ["Cem: miss", "Cem: miss"] and not any(ln.shown for ln in third.before)
    win = of(third.rulings, "bierpong.art18")
    assert win and f"Dead Cup {cup}" in win[0].arithmetic
    assert sc.state.is_terminal() and sc.state.winner == 0
    assert [r.who for r in sc.rulings() if r.what == What.LOSS] == ["Owls"]


def test_demo_konter_ruled_by_art10() -> None:
    """bierpong.art10: set up with the Owls down to the solver's last cup; it is hit – the Konter
    opens; the counter hits as many cups in no more throws: made – no cups removed, the Foxes throw
    again (and nobody drinks while the counter runs, art2)."""
    sc, sol = script("konter"), solution("konter")
    assert sc.start.sides[1].rack.ids == tuple(c.id for c in sol.throws[0].cups)
    assert [ln.action for ln in sc.setup[1:3]] == ["throw-off Ann hit 1, Cem miss", "Foxes begin"]
    opened = of(sc.throws[0].rulings, "bierpong.art10")
    assert opened and "Owls may counter – 1 hit in" in opened[0].arithmetic
    made = of(sc.throws[1].rulings, "bierpong.art10")
    assert made and made[0].arithmetic.startswith("Konter made: 1 hit in 1 throw – no cups removed")
    assert removed(sc, 1) == set() and removed(sc, 0) == set() and sc.state.team == 0 and not sips(sc)
    assert sc.summary()[0] == "no cups removed"


# --- the demo scene and the menu ---------------------------------------------------------------------------

def key(app: App, k: int, uni: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=uni))
    app.step(0.0)


def test_the_demo_scene_lists_the_referees_rulings_after_each_ball(app: App) -> None:
    """bierpong.art14: `demo bounce` played to the end – the feed holds the ball's classification,
    then the referee's lines with their articles, then "The referee:" summary."""
    from game.ui.pong.pong_demo import DemoScene

    demo = DemoScene(app, solution("bounce"))
    app.push(demo)
    key(app, pygame.K_s, "s")  # 1×: the same throws, sooner
    for _ in range(60 * 20):
        app.step(1 / 60)
        if demo.finished:
            break
    assert demo.finished
    sc = demo.script
    assert sc is not None
    whens = [w for w, _ in demo.feed]
    feed = " ".join(" ".join(t for _, t in demo.feed).split())  # the entries are wrapped to the feed's width
    outcome = solution("bounce").throws[0].outcome
    (r14,) = of(sc.rulings(), "bierpong.art14")
    (drink,) = [r for r in sc.rulings() if r.what == What.SIPS]
    at = feed.index(f"throw 1: {outcome_text(outcome)}")  # in words, as the match's feed says it
    cups = " + ".join(values_of(r14.arithmetic)["cups"].split())
    assert at < feed.index("Ann: miss (on record)") < feed.index(f"Owls remove cups {cups}") < feed.index(f"Cem drinks {drink.amount} sip")
    assert "art14" in whens and "art1" in whens and "setup" in whens
    assert "(s)" not in feed and "bierpong." not in feed and "›" not in feed
    head = feed.index("The referee:", at)
    for line in sc.summary():
        assert feed.index(plain(line)) > head
    assert "Foxes (Ann) v Owls (Cem)" in feed and short(r14.rule) == "art14"


def test_special_shots_in_the_main_menu_open_the_list_and_esc_goes_back(app: App) -> None:
    """The menu's "Special shots…" button and key D open the shot list on its own; a chosen shot plays
    on top of it (bierpong.art20); Esc from the demo returns to the list, Esc from the list to the menu."""
    from game.ui.shell.menu import MenuScene
    from game.ui.pong.pong_demo import DemoScene, ShotMenu

    menu = MenuScene(app)
    app.push(menu)
    app.step(1 / 60)
    b = menu.shots_button.rect
    assert not any(b.colliderect(o.rect) for o in (menu.load_button, menu.help_button, menu.edit_button, menu.quit_button, menu.start_button))
    assert b.bottom > menu.left.bottom  # in the bottom bar at 1280×800
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b.center, button=1))
    for _ in range(3):
        app.step(1 / 60)
    shots = app.scene
    assert isinstance(shots, ShotMenu) and shots.under is None and app.stack[-2] is menu
    assert len(shots.rows) == len(SHOTS)  # drawn on its own background
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu and app.running
    key(app, pygame.K_d, "d")
    shots = app.scene
    assert isinstance(shots, ShotMenu)
    key(app, pygame.K_3, "3")
    demo = app.scene
    assert isinstance(demo, DemoScene) and demo.solution.shot == SHOTS[2] == "bombe" and app.stack[-2] is shots
    app.step(1 / 60)
    key(app, pygame.K_ESCAPE)
    assert app.scene is shots
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu and app.running
