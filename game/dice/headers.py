"""The dice games' round headers: a ruling that only opens a round is folded into a slim header of
its round in the referee's feed (`game.ui.common.feed.round_header`, through `GameInfo.round_header`),
said in the reader's language. No pygame here.
"""
from __future__ import annotations

import re
from typing import Any

from game.i18n import _, plural, tr
from game.rules.phrase import Phrase, values_of
from game.rules.ruling import Ruling, What

# The openings' words in a plain-text log (one read back from a file, before its check).
_LADEN = re.compile(r"game (?P<game>\d+), (?P<stage>.+?), round (?P<round>\d+): Laden .*; (?P<who>.+) opens \(schock\.start\)$", re.S)
_KATCHEN = re.compile(r"game (?P<game>\d+), phase (?P<phase>[12]), round (?P<round>\d+): (?P<who>.+?) (?:leads; .*\((?P<stack>\d+) mats on the stack\)|opens with up to 3 rolls; .*)$", re.S)


def laden_header(r: Ruling) -> str | None:
    """Schock's Laden, which opens a round, as the round's header: "Game 1 · second half · round 3 ·
    Laden, Anna opens" (schock.laden); None for any other ruling."""
    if r.what is not What.NOTE or r.rule != "schock.laden":
        return None
    args = values_of(r.arithmetic)
    if not {"game", "stage", "round", "who"} <= set(args):
        m = _LADEN.match(str(r.arithmetic))
        if m is None:
            return None
        args = m.groupdict()
    stage = args["stage"]
    stage = tr(stage) if isinstance(stage, Phrase) else _(str(stage))
    text = _("Round {round} · {stage} · Laden: {who} opens").format(stage=stage, round=args["round"], who=args["who"])
    if str(args["game"]) != "1":
        text = _("Game {game}").format(game=args["game"]) + " · " + text
    return text


def katchen_header(r: Ruling) -> str | None:
    """Katchen's opening of a round as its header – "Round 2 · Bo leads · 11 mats left", "Phase 2,
    round 3 · Cem opens" (katchen.phase1, katchen.phase2); the round's other notes – who leaves – stay
    cards: from the values its phrase was made of (only the openings name the game); a plain text (a
    log read back before its check) by its words. None for any other ruling."""
    if r.what is not What.NOTE or r.rule not in ("katchen.phase1", "katchen.phase2"):
        return None
    args: dict[str, Any] = values_of(r.arithmetic)
    if not {"game", "round", "who"} <= set(args):
        m = _KATCHEN.match(str(r.arithmetic))
        if m is None:
            return None
        args = m.groupdict()
    if args.get("stack") is not None:
        text = plural("Round {round} · {who} leads · {n} mat left", "Round {round} · {who} leads · {n} mats left",
                      int(args["stack"]), round=args["round"], who=args["who"])
    elif r.rule == "katchen.phase2":
        text = _("Phase 2, round {round} · {who} opens").format(round=args["round"], who=args["who"])
    else:
        return None
    if str(args["game"]) != "1":
        text = _("Game {game}").format(game=args["game"]) + " · " + text
    return text
