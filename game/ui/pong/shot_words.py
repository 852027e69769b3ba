"""The special shots in words: each shot, what it is and its article (the practice table's menu,
the demos, the clips)."""
from __future__ import annotations

from game.i18n import N_, _

# The special-shots menu of the practice table (M): each shot, what it is, its article (shown through `_()`).
SHOT_TEXTS: dict[str, str] = {
    "bounce": N_("Bounce (Aufsetzer) – touches down on the table, then drops in: two hits (art14)"),
    "roller": N_("Roller – touches two cups, then drops in: counts as a bounce (art15)"),
    "bombe": N_("Bombe – both throws of a round in the same cup: it and two more go (art20)"),
    "island": N_("Island – a cup without neighbours, called and hit: it and one more go (art22)"),
    "trickshot": N_("Trickshot – a ball comes back over the centre, is fetched and thrown again (art19)"),
    "air_ball": N_("Air ball – touches nothing, caught behind the far end: one throw more for the catcher (art23)"),
    "balls_back": N_("Balls back – both throws of a round hit: the team throws again (art13)"),
    "on_fire": N_("On fire – three hits in a row: the thrower goes on until he misses (art21)"),
    "dead_cup": N_("Dead cup – a hit cup left standing, hit again later: that wins at once (art18)"),
    "konter": N_("Konter – the last cup hit; the counter needs as many hits with as many throws (art10)"),
}


def shot_name(shot: str) -> str:
    """A special shot by its name in the reader's language ("Bombe", "Aufsetzer"), not its id."""
    return _(SHOT_TEXTS[shot]).split(" – ")[0] if shot in SHOT_TEXTS else shot
