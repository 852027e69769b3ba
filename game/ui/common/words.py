"""Words for ids a screen would otherwise show raw: the kinds of bot, the cup formations, the
track themes, a switch of the table."""
from __future__ import annotations

from game.i18n import N_, _
from game.i18n import refusal_words as refusal_words  # (the window's and the phone's alike)
from game.rules.realtable import parse_mode

BOT_WORDS: dict[str, str] = {
    "careful": N_("Careful bot"),
    "racer": N_("Racer bot"),
    "stalin": N_("Stalin bot"),
    "random": N_("Random bot"),
    "bot": N_("Bot"),
    "casual": N_("Casual bot"),
    "good": N_("Good bot"),
    "pro": N_("Pro bot"),
}


def bot_label(kind: str) -> str:
    """A bot kind as people read it ("Careful bot", "Vorsichtiger Bot"), in the current language."""
    return _(BOT_WORDS[kind]) if kind in BOT_WORDS else _("{kind} bot").format(kind=kind)


FORMATION_WORDS: dict[str, str] = {  # physics.table.FORMATIONS
    "triangle10": N_("triangle of 10"),
    "six": N_("triangle of 6"),
    "three": N_("triangle of 3"),
    "diamond": N_("diamond of 4"),
    "line": N_("line of 3"),
}


def formation_label(kind: str) -> str:
    """A rack's formation as people read it ("triangle of 10", not `triangle10`)."""
    return _(FORMATION_WORDS[kind]) if kind in FORMATION_WORDS else kind


THEME_WORDS: dict[str, str] = {  # game.racerbile.track.THEMES
    "classic": N_("classic"),
    "stalin": N_("Stalin"),
    "lemans": N_("Le Mans"),
    "night": N_("night"),
}


def theme_label(name: str) -> str:
    """A track theme as people read it ("Nacht", not `night`)."""
    return _(THEME_WORDS[name]) if name in THEME_WORDS else name


def switch_words(action: str) -> str:
    """A logged switch of the table ("real table by Anna", `game.rules.realtable`) as people read it:
    "Anna switches to real dice"; anything else as it is."""
    try:
        mode = parse_mode(action)
    except ValueError:
        return action
    words = _("{name} switches to real dice") if mode.real else _("{name} switches to the program's dice")
    return words.format(name=mode.by)


HOST_SWITCHES = N_("Only the host switches between real and program dice")  # (a joined laptop asked: R, Ctrl+R)
