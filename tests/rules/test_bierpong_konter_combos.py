"""Issue 27, Bierpong: the Konter where it meets the other rules – balls back in the finishing round
(bierpong.art10, bierpong.art13, bierpong.art20), swats, catches and fetches of counter balls
(bierpong.art14, bierpong.art23, bierpong.art19) and the round after a made Konter (bierpong.art11),
alone and in combination, in teams of one, two and three; driven through the match log's notation.

The Decisions of shared/rules/bierpong.md: "Balls back in the finishing round", "Swats, catches and
fetches during a Konter", "The round after a made Konter". Cups of the 3-cup triangle: 1 in front,
2 3 behind; 6 cups: 1, 2 3, 4 5 6; 10 cups: 1, 2 3, 4 5 6, 7 8 9 10.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest

from game.bierpong.actions import Swat, Throw
from game.bierpong.state import KONTER, OVER, PLAY, BierpongState
from game.errors import IllegalAction
from game.match import Match, PlayerSpec
from game.rules import bierpong as R
from game.rules.ruling import Ruling, What
from tests.bierpong_helpers import DOUBLES, SINGLES, cups, new_game, of, play

if TYPE_CHECKING:
    from game.ui.common.app import App

THREE = (("Ann", "Ben", "Eve"), ("Cem", "Dana"))


def state(m: Match) -> BierpongState:
    st: BierpongState = m.state
    return st


def legal(m: Match) -> set[str]:
    return {str(a) for a in state(m).legal_actions()}


def sips(rs: list[Ruling]) -> list[tuple[str, int]]:
    return [(r.who, r.amount) for r in rs if r.what == What.SIPS]


def konter_text(rs: list[Ruling]) -> str:
    return of(rs, "bierpong.art10")[-1].arithmetic


def one_cup_left(teams: tuple[tuple[str, ...], ...] = SINGLES) -> Match:
    """Three cups a side; the Foxes took cups 1 and 2 of the Owls, it is the Foxes' round again."""
    m = new_game(teams, cups=3, auto_remove_cups=True)
    (a, b), (c, d) = [(t[0], t[1 % len(t)]) for t in teams]
    play(m, f"{a}: hit 1", f"{b}: miss", f"{c}: miss", f"{d}: miss", f"{a}: hit 2", f"{b}: miss", f"{c}: miss", f"{d}: miss")
    assert cups(m, 1) == (3,) and state(m).team == 0
    return m


# --- item 1: balls back in the finishing round (bierpong.art10, bierpong.art13) -------------------------


@pytest.mark.parametrize("auto", [True, False])
def test_art10_konter_after_balls_back_needs_the_whole_rounds_hits_and_throws(auto: bool) -> None:
    """bierpong.art10 (2), bierpong.art13 – Decision "Balls back in the finishing round": Ann hits, Ben
    hits (balls back), Ann takes the last cup, Ben misses – the Foxes needed 4 throws for 3 cups, so
    the Konter is 3 hits in 4 throws (1 hit in 2 is not enough), and made it puts back all 3 cups."""
    m = new_game(DOUBLES, cups=3, auto_remove_cups=auto)
    play(m, "Ann: hit 1", "Ben: hit 2", *([] if auto else ["Owls remove 1", "Owls remove 2"]), "Ann: hit 3")
    rs = play(m, "Ben: miss", *([] if auto else ["Owls remove 3"]))
    assert state(m).phase == KONTER and "counter – 3 hits in 4 throws" in konter_text(rs)
    rs = play(m, "Cem: hit 1", "Dana: miss")
    assert state(m).phase == KONTER and not of(rs, "bierpong.art10")  # 1 hit in 2 throws is not the Konter
    rs = play(m, "Cem: hit 2", "Dana: hit 3")
    assert "Konter made: 3 hits in 4 throws" in konter_text(rs)
    assert cups(m, 1) == (1, 2, 3) and state(m).team == 0 and state(m).phase == PLAY and not sips(rs)


def test_art10_konter_after_a_bombes_balls_back_restores_every_cup_of_the_round() -> None:
    """bierpong.art10, bierpong.art20, bierpong.art13 – Decision "Balls back in the finishing round": a
    Bombe (cups 1 2 3), balls back (4 5), then a bounce on the last cup 6 are one round of 6 throws
    and 5 hits; the last hit was a bounce, so the Konter must bounce too. Made, all 6 cups stand again."""
    m = new_game(cups=6, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ann: hit 1", "Ann: hit 4", "Ann: hit 5", "end of round")
    assert cups(m, 1) == (6,)
    rs = play(m, "Ann: bounce 6", "Ann: miss")
    assert "5 hits in 6 throws, with the same special shot (bounce)" in konter_text(rs)
    rs = play(m, "Cem: hit 1", "Cem: hit 2", "Cem: hit 3", "Cem: hit 4")
    assert state(m).phase == KONTER  # 4 hits, but no bounce yet
    rs = play(m, "Cem: bounce 5")
    assert "Konter made: 5 hits in 5 throws" in konter_text(rs) and cups(m, 1) == (1, 2, 3, 4, 5, 6)


def test_art10_konter_counts_the_finishing_rounds_trickshots() -> None:
    """bierpong.art10, bierpong.art19, bierpong.art13: balls back (cups 1 2), then a ball that came back,
    fetched, and its trickshot takes the last cup – 3 hits in 5 throws, all of them the round's."""
    m = new_game(cups=3, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ann: hit 2", "Ann: back", "Ann fetches", "Ann: miss")
    rs = play(m, "Ann: hit 3")
    assert "trickshot" in of(rs, "bierpong.art19")[0].arithmetic
    assert "counter – 3 hits in 5 throws" in konter_text(rs)
    rs = play(m, "Cem: hit 1", "Cem: miss", "Cem: hit 2", "Cem: miss", "Cem: hit 3")
    assert "Konter made: 3 hits in 5 throws" in konter_text(rs) and cups(m, 1) == (1, 2, 3)


def test_art10_konter_counts_the_finishing_rounds_on_fire_balls() -> None:
    """bierpong.art10, bierpong.art21, bierpong.art13: balls back, "Heating up", then "On fire" – the
    on-fire balls take cups 4 5 6 at once, the miss ends it, the regular cup 3 goes last: 6 hits in 8
    throws (the on-fire miss counts). Made, all 6 cups stand again."""
    m = new_game(cups=6, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ann: hit 2", "Ann: heating up", "Ann: hit 3", "Ann: on fire", "Ann: hit 4", "Ann: hit 5", "Ann: hit 6", "Ann: miss")
    assert cups(m, 1) == (3,) and state(m).phase == PLAY
    rs = play(m, "Ann: miss")
    assert "counter – 6 hits in 8 throws" in konter_text(rs) and cups(m, 1) == ()
    rs = play(m, *["Cem: hit 1"] * 6)
    assert "Konter made: 6 hits in 6 throws" in konter_text(rs) and cups(m, 1) == (1, 2, 3, 4, 5, 6)


def test_art10_a_made_konter_restores_no_cup_its_owners_knocked_over() -> None:
    """bierpong.art10, bierpong.art16: a made Konter puts back the cups the finishing round's balls
    removed – not cup 2, which Cem knocked over himself during that round."""
    m = new_game(cups=6, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ann: hit 4", "Cem knocks over 2", "Ann: hit 3", "Ann: hit 5")
    rs = play(m, "Ann: hit 6", "Ann: miss")
    assert cups(m, 1) == () and "counter – 5 hits in 6 throws" in konter_text(rs)
    rs = play(m, *["Cem: hit 1"] * 5)
    assert "Konter made" in konter_text(rs) and cups(m, 1) == (1, 3, 4, 5, 6)


# --- item 2: swats, catches and fetches during a Konter (bierpong.art14, art23, art19) -------------------


def test_art14_the_finishers_swat_a_bounced_counter_ball() -> None:
    """bierpong.art14 (2) – Decision "Swats, catches and fetches during a Konter": the Konter must be a
    bounce; Ann swats Cem's bounced ball away – a counter throw without a hit; only a defender swats."""
    m = one_cup_left()
    rs = play(m, "Ann: bounce 3", "Ann: miss")
    assert "1 hit in 2 throws, with the same special shot (bounce)" in konter_text(rs)
    with pytest.raises(IllegalAction, match="bierpong.art14"):
        play(m, "Cem swats Cem")
    rs = play(m, "Ann swats Cem")
    assert "Ann swats Cem's ball away" in of(rs, "bierpong.art14")[0].arithmetic
    k = state(m).konter
    assert k is not None and (k.made, k.got) == (1, 0) and state(m).phase == KONTER
    rs = play(m, "Ann swats Cem")
    assert "Konter failed: 0 of 1 hit needed in 2 of 2 throws, without the bounce shot" in konter_text(rs)
    assert state(m).winner == 0 and sips(rs) == [("Cem", 1)]


def test_art23_a_caught_counter_air_ball_earns_the_double_throw_next_round() -> None:
    """bierpong.art23 – Decision "Swats, catches and fetches during a Konter": Ben catches Dana's counter
    air ball; the Konter is made, and in the Foxes' next round Ben throws one ball twice."""
    m = one_cup_left(DOUBLES)
    play(m, "Ann: hit 3", "Ben: miss")
    play(m, "Dana: air")
    assert {"Ann catches Dana", "Ben catches Dana"} <= legal(m)
    with pytest.raises(IllegalAction, match="bierpong.art23"):
        play(m, "Cem catches Dana")
    rs = play(m, "Ben catches Dana")
    assert "Foxes have one throw more in their next round – Ben throws it" in of(rs, "bierpong.art23")[0].arithmetic
    rs = play(m, "Cem: hit 1")
    assert "Konter made: 1 hit in 2 throws" in konter_text(rs) and state(m).extra == ("Ben",)
    play(m, "Ann: miss", "Ben: miss")
    assert state(m).team == 0 and state(m).throwers() == ("Ben",)
    play(m, "Ben: miss")
    assert state(m).team == 1


def test_art19_a_counter_ball_that_comes_back_is_fetched_for_a_trickshot() -> None:
    """bierpong.art19 – Decision "Swats, catches and fetches during a Konter": Cem's counter ball comes
    back, he fetches it: a trickshot after the Konter's regular throws – it makes the Konter."""
    m = one_cup_left()
    play(m, "Ann: hit 3", "Ann: miss")
    play(m, "Cem: back")
    assert "Cem fetches" in legal(m) and "end of round" not in legal(m)
    with pytest.raises(IllegalAction, match="bierpong.art19"):
        play(m, "Ann fetches")
    rs = play(m, "Cem fetches")
    assert "trickshot once the Konter's 2 regular throws are done" in of(rs, "bierpong.art19")[0].arithmetic
    play(m, "Cem: miss")
    assert state(m).phase == KONTER and state(m).throwers() == ("Cem",)
    rs = play(m, "Cem: hit 1")
    assert "Konter made: 1 hit in 3 throws" in konter_text(rs) and cups(m, 1) == (3,)


def test_art19_the_last_counter_ball_back_waits_for_the_fetch_or_the_end() -> None:
    """bierpong.art19, bierpong.art10: the last counter ball came back – the Konter is lost unless it is
    fetched, so the table waits: a fetch, or "end of round" (the Konter fails). A trickshot that comes
    back is fetched again (art19 (4)); a caught trickshot is no air ball."""
    m = one_cup_left()
    play(m, "Ann: hit 3", "Ann: miss", "Cem: miss", "Cem: back")
    assert state(m).phase == KONTER and legal(m) == {"Cem fetches", "end of round"}
    rs = play(m, "end of round")
    assert "Konter failed: 0 of 1 hit needed in 2 of 2 throws" in konter_text(rs) and state(m).winner == 0
    m = one_cup_left()
    play(m, "Ann: hit 3", "Ann: miss", "Cem: miss", "Cem: back", "Cem fetches", "Cem: air")
    assert not [a for a in legal(m) if "catches" in a] and state(m).phase == OVER
    m = one_cup_left()
    play(m, "Ann: hit 3", "Ann: miss", "Cem: miss", "Cem: back", "Cem fetches", "Cem: back", "Cem fetches")
    rs = play(m, "Cem: hit 2")
    assert "Konter made: 1 hit in 4 throws" in konter_text(rs)


def test_art21_no_streak_call_follows_a_counter_hit() -> None:
    """bierpong.art21, bierpong.art10: counter balls leave streaks alone, so no call follows a counter
    hit – Cem, two hits in a row from his rounds, cannot call "Heating up" (nor "On fire", which would
    end the Konter) after his counter hit; the Konter goes on."""
    m = new_game(DOUBLES, cups=3, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ben: miss", "Cem: hit 1", "Dana: miss", "Ann: miss", "Ben: miss", "Cem: hit 2", "Dana: miss")
    rs = play(m, "Ann: hit 2", "Ben: hit 3")
    assert "counter – 2 hits in 2 throws" in konter_text(rs) and state(m).streak_of("Cem") == 2
    play(m, "Cem: hit 3")
    assert not [a for a in legal(m) if "heating" in a or "fire" in a]
    with pytest.raises(IllegalAction, match="bierpong.art21"):
        play(m, "Cem: heating up")
    assert state(m).phase == KONTER
    rs = play(m, "Dana: hit 3")
    assert "Konter made: 2 hits in 2 throws" in konter_text(rs)


# --- item 4: the round after a made Konter (bierpong.art11) ------------------------------------------


def test_art11_after_a_made_konter_the_finishing_pair_does_not_throw_again() -> None:
    """bierpong.art11 (3) – Decision "The round after a made Konter": Ann + Eve, Ann + Ben, then Ben + Eve
    finish; the Konter is made – the next round is a new round, so not Ben + Eve again (Ann + Ben and
    Ann + Eve may)."""
    m = new_game((("Ann", "Ben", "Eve"), ("Cem",)), cups=3, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Eve: miss", "Cem: miss", "Cem: miss", "Ann: hit 2", "Ben: miss", "Cem: miss", "Cem: miss",
         "Ben: hit 3", "Eve: miss", "Cem: miss")
    rs = play(m, "Cem: hit 1")
    assert "Konter made" in konter_text(rs) and state(m).throwers() == ("Ann", "Ben", "Eve")
    play(m, "Eve: miss")
    assert state(m).throwers() == ("Ann",)
    with pytest.raises(IllegalAction, match="bierpong.art11"):
        play(m, "Ben: miss")
    play(m, "Ann: miss")
    assert state(m).team == 1


@pytest.mark.parametrize("new_pair", [False, True])
def test_art11_after_a_konter_following_balls_back_the_last_pair_rotates(new_pair: bool) -> None:
    """bierpong.art11 (3), bierpong.art13 – Decisions "The round after a made Konter" and "Balls back in a
    team of three or more": the finishing round's last balls were thrown by Ann + Ben (the same pair
    again) or, with `balls_back_new_pair`, by Ben + Eve; after the made Konter that pair may not throw."""
    m = new_game((("Ann", "Ben", "Eve"), ("Cem",)), cups=3, auto_remove_cups=True, balls_back_new_pair=new_pair)
    play(m, "Ann: hit 1", "Ben: hit 2")
    last = ("Ben", "Eve") if new_pair else ("Ann", "Ben")
    rs = play(m, f"{last[1]}: hit 3", f"{last[0]}: miss")
    assert "counter – 3 hits in 4 throws" in konter_text(rs)
    rs = play(m, "Cem: hit 1", "Cem: hit 1", "Cem: hit 1")
    assert "Konter made" in konter_text(rs)
    play(m, f"{last[0]}: miss")
    with pytest.raises(IllegalAction, match="bierpong.art11"):
        play(m, f"{last[1]}: miss")


# --- combinations: Konter × balls back × Bombe × trickshot × on fire × swat × catch × fetch ----------------


def test_combo_doubles_bombe_balls_back_trickshot_konter_with_catch_fetch_made() -> None:
    """Doubles: a Bombe (cups 1 2 3, bierpong.art20), balls back, Ann's cup 4, Ben's ball back and fetched,
    his trickshot bounce takes 5 and 6 (bierpong.art19, art14) – the Konter is 4 hits in 5 throws with a
    bounce. Ben catches Cem's air ball, Dana fetches her ball back, Cem bounces, Dana's trickshot hits:
    made in 6 throws – every cup of the round stands again, nothing is drunk, Ben throws twice next."""
    m = new_game(DOUBLES, cups=6, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ben: hit 1", "Ann: hit 4", "Ben: back", "Ben fetches")
    rs = play(m, "Ben: bounce 5")
    assert cups(m, 1) == () and "4 hits in 5 throws, with the same special shot (bounce)" in konter_text(rs)
    rs = play(m, "Cem: air", "Ben catches Cem", "Dana: hit 1", "Cem: hit 2", "Dana: back", "Dana fetches", "Cem: bounce 3")
    assert state(m).phase == KONTER and state(m).throwers() == ("Dana",)
    rs += play(m, "Dana: hit 4")
    assert "Konter made: 4 hits in 6 throws" in konter_text(rs) and not sips(rs)
    assert cups(m, 1) == (1, 2, 3, 4, 5, 6) and cups(m, 0) == (1, 2, 3, 4, 5, 6) and state(m).extra == ("Ben",)
    rs = play(m, "Ann: miss", "Ben: miss", "Ben: hit 6")
    assert state(m).team == 1 and sips(rs) == [("Cem", 1), ("Dana", 1)]  # only the new round is drunk


def test_combo_doubles_balls_back_on_fire_konter_swatted_drinks_the_whole_round() -> None:
    """Doubles: balls back twice, "Heating up", "On fire" – 6 hits in 8 throws; the Foxes swat the
    Owls' bounced counter balls until the Konter cannot be made: it fails, and the Owls drink the
    whole finishing round's 6 hit cups (bierpong.art2: after the failed Konter)."""
    m = new_game(DOUBLES, cups=6, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ben: hit 2", "Ann: hit 3", "Ann: heating up", "Ben: hit 4", "end of round", "Ann: hit 5", "Ann: on fire",
         "Ann: hit 6", "Ann: miss")
    rs = play(m, "Ben: miss")
    assert "counter – 6 hits in 8 throws" in konter_text(rs) and not sips(rs)
    rs = play(m, "Cem: hit 1", "Ben swats Dana", "Ann swats Cem")
    assert state(m).phase == KONTER
    rs = play(m, "Ben swats Dana")
    assert "Konter failed: 1 of 6 hits needed in 4 of 8 throws" in konter_text(rs)
    assert sips(rs) == [("Cem", 6), ("Dana", 6)] and state(m).winner == 0


def test_combo_three_balls_back_on_fire_catches_swat_konter_made_then_a_new_pair() -> None:
    """A team of three: Eve + Ben finish with balls back twice and Eve on fire (her air ball caught by
    Dana); the Konter (9 hits in 11 throws) is made despite Ann catching Cem's air ball and Eve swatting
    Dana's bounce. Cups 2–10 stand again (cup 1 fell in an earlier round); the next round is a new one:
    not Ben + Eve; Ann throws her double ball after the pair's, Dana hers in the Owls' next round."""
    m = new_game(THREE, auto_remove_cups=True)
    play(m, "Ann: hit 1", "Ben: miss", "Cem: miss", "Dana: miss")
    play(m, "Eve: hit 2", "Ben: hit 3", "Eve: hit 4", "Eve: heating up", "Ben: hit 5", "end of round",
         "Eve: hit 6", "Eve: on fire", "Eve: hit 7", "Eve: hit 8", "Eve: bounce 9", "Eve: hit 10", "Eve: air", "Dana catches Eve")
    rs = play(m, "Ben: miss")
    assert "counter – 9 hits in 11 throws" in konter_text(rs) and cups(m, 1) == ()
    rs = play(m, "Cem: air", "Ann catches Cem", "Dana: hit 1", "Cem: hit 2", "Eve swats Dana",
              *[f"{p}: hit {c}" for p, c in zip(["Cem", "Dana"] * 4, range(3, 10))])
    assert "Konter made: 9 hits in 11 throws" in konter_text(rs) and not sips(rs)
    assert cups(m, 1) == tuple(range(2, 11)) and state(m).extra == ("Ann",)
    with pytest.raises(IllegalAction, match="bierpong.art11"):
        play(m, "Ben: miss", "Eve: miss")
    play(m, "Ann: miss")
    assert state(m).throwers() == ("Ann",)  # her double throw, after the pair's balls (bierpong.art23)
    play(m, "Ann: miss", "Cem: miss", "Dana: miss")
    assert state(m).team == 1 and state(m).throwers() == ("Dana",)


# --- the invariant: a made Konter restores exactly the finishing round's cups ---------------------------


def random_game(seed: int, teams: tuple[tuple[str, ...], ...], **options: Any) -> tuple[int, int]:
    """A game of random legal actions (and swats), checking at every step: no cup id twice, none
    beyond the rack, and a made Konter puts back exactly the cups standing when the finishing round
    began (a round begins when the throwing team changes or after a made Konter; balls back is no
    new round). Returns (Konters opened, Konters made)."""
    rng = random.Random(seed)
    m = new_game(teams, **options)
    n = len(state(m).sides[0].rack)
    start = {0: cups(m, 1), 1: cups(m, 0)}  # the rack a team's round found
    opened = made = 0
    for _ in range(600):
        st = state(m)
        if st.is_terminal():
            break
        actions = st.legal_actions()
        if not actions:
            break
        a = rng.choice(actions)
        if isinstance(a, Throw) and a.outcome.bounced and rng.random() < 0.3:  # the defenders swat it (bierpong.art14)
            a = Swat(rng.choice(st.sides[1 - st.throwing_team()].members), a.player)
        before = st
        rs = m.apply(a).rulings
        after = state(m)
        texts = [r.arithmetic for r in of(list(rs), "bierpong.art10")]
        opened += any("may counter" in t for t in texts)
        for side in after.sides:
            assert len(set(side.rack.ids)) == len(side.rack.ids) and set(side.rack.ids) <= set(range(1, n + 1))
        if any(t.startswith("Konter made") for t in texts):
            made += 1
            k = before.konter
            assert k is not None and after.sides[k.team].rack.ids == start[1 - k.team], (seed, a)
        if after.phase == PLAY and (before.team != after.team or before.phase == KONTER):
            start[after.team] = after.defender.rack.ids
    return opened, made


@pytest.mark.parametrize("teams", [SINGLES, DOUBLES, THREE], ids=["singles", "doubles", "three"])
def test_invariant_a_made_konter_restores_exactly_the_finishing_rounds_cups(teams: tuple[tuple[str, ...], ...]) -> None:
    """bierpong.art10 – Decision "Balls back in the finishing round": over seeded random games (balls
    back, Bombes, trickshots, on fire, catches, fetches and swats as they come), every made Konter
    restores exactly the cups standing when the finishing round began; cup ids never repeat or vanish
    into negative counts."""
    opened = made = 0
    for seed in range(40):
        o, k = random_game(seed, teams, cups=6, auto_remove_cups=seed % 2 == 0)
        opened, made = opened + o, made + k
    assert opened and made  # the games reached Konters, and some were made


# --- the match scene offers what the state allows --------------------------------------------------


def test_art23_art19_the_scene_offers_catch_fetch_and_end_in_a_konter(app: App) -> None:
    """bierpong.art23, bierpong.art19 – Decision "Swats, catches and fetches during a Konter": the match
    scene offers the finishers "Caught it – who?" for a counter air ball, and the counter "… fetches"
    and "End of round" when its last ball came back (the status line says so)."""
    from game.ui.pong.bierpong_match import BierpongMatchScene

    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", drivers=("Cem", "Dana"))],
              R.SPEC.make(cups=3, auto_remove_cups=True))
    play(m, "throw-off Anna hit 1, Cem miss", "Foxes begin", "Anna: hit 1", "Bo: miss", "Cem: miss", "Dana: miss",
         "Anna: hit 2", "Bo: miss", "Cem: miss", "Dana: miss", "Anna: hit 3", "Bo: miss", "Cem: air")
    scene = BierpongMatchScene(app, m)
    app.push(scene)
    app.step(0.0)
    assert state(m).phase == KONTER and "Caught it – who?" in [b.text for b in scene.options()]
    play(m, "Dana: back")
    texts = [b.text for b in scene.options()]
    assert {"Cem fetches", "Dana fetches", "End of round"} <= set(texts)
    assert "Konter: fetch the ball – or end of round" in scene.scoreboard()
