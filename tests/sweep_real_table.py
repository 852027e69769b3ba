"""The real table's pads for the text sweep (issue 32, tests/ui/test_text_sweep.py): the race's dice
pad (a refusal under it, then the 5 thrown again asked for) and Bierpong's throw card (flags set, a
refusal in red)."""
from __future__ import annotations

from typing import Callable

from game.bierpong.actions import parse_action
from game.match import Match, PlayerSpec
from game.rules import racerbile as racerbile_rules
from game.ui.common.app import App
from tests.scene_shows import frames


def race_pad(app: App) -> None:
    """A real-table Babybile race: the order's dice entered, two dice refused in first gear, a 5 to throw again."""
    from game.ui.race import race_pad as pad
    from game.ui.race.race import RaceScene

    m = Match("racerbile", [PlayerSpec("Anna"), PlayerSpec("Bernd")], racerbile_rules.SPEC.make("babybile", laps=1), seed=11,
              track="babybane", real_table=True)
    scene = RaceScene(app, m, autosave=False)
    app.push(scene)
    for face in ("5", "3"):
        frames(app, 1)
        assert scene.session.enter(scene.session.enterers()[0], face) is None
    frames(app, 20, 0.1)
    scene.pad.faces = [6, 2]
    pad.send(scene)
    frames(app, 2)
    scene.pad.faces = [5]
    pad.send(scene)
    frames(app, 2)
    scene.pad.faces = [2]
    frames(app, 1)


def pong_card(app: App) -> None:
    """A real-table Bierpong game past the throw-off: Anna's throw card with Bounce and a catcher set,
    then Bo's roller card with a refusal."""
    from game.ui.pong import pong_entry
    from game.ui.pong.bierpong_match import BierpongMatchScene

    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", drivers=("Cem", "Dana"))], real_table=True)
    for line in ("throw-off Anna hit 1, Cem back", "Foxes begin"):  # (an English "Cem: miss" in the feed reads as notation to the sweep)
        m.apply(parse_action(line))
    scene = BierpongMatchScene(app, m, autosave=False)
    app.push(scene)
    frames(app, 1)
    scene.entry.bounce, scene.entry.by = True, "Dana"
    frames(app, 2)
    scene.entry.clear()
    pong_entry.click_cup(scene, 4)
    frames(app, 1)
    scene.entry.roller, scene.entry.cups = True, [2, 5]
    pong_entry.send(scene, pong_entry.lines(scene, scene.entry, "hit", 11))
    frames(app, 2)


REAL_TABLE: dict[str, Callable[[App], None]] = {"real_race_pad": race_pad, "real_pong_card": pong_card}
