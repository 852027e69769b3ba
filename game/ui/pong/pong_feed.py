"""The Bierpong match's feed as a scorer's sheet: one block per round, headed "Round 3 ·
Owls", then what each ball did and what it cost – "Anna Maria: bounce → cups 2 + 1", "Owls drink 1
sip each" – instead of the log's notation with the referee's full sentences under it.

`ScoreSheet` follows the log entry by entry (`add`, with the states before and after the entry: the
round is the state's fact `BierpongState.round`, the block an entry belongs to is the round before
it). A removal is written onto the throw whose cup it took ("bounce → cup 2" becomes "bounce → cups 2
+ 1"); the throw-off's result is said once; drinks are summed per team. Names are written as they
are (no notation quotes), formations and options in words (no ids), rule ids only as the small
article before a ruling's line. A challenged drink stays struck through with its override after it
(`game.ui.common.feed.feed_by_entry` marks them). No drawing here: `rows()` are (head, text, mark).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Sequence

from game.bierpong.actions import Begin, Call, Catch, Clock, EndRound, Fetch, Leave, Remove, Swat, Throw, Throwoff, ThrowoffBall, Together
from game.bierpong.outcome import Outcome
from game.bierpong.state import BierpongState
from game.i18n import _, language, tr
from game.match import CHECKPOINT
from game.rules.phrase import values_of
from game.rules.ruling import Ruling, What
from game.rules.realtable import ASIDE
from game.session.feed import FeedItem, feed_by_entry, override_line
from game.ui.pong.pong_hud import OVERRIDE_MARK, FeedHead, StruckLine
from game.ui.common.words import formation_label

HEAD, STRUCK, OVERRIDE = "head", "struck", "override"  # a row's marks ("" for a plain row)
BLOCKS = 60  # the rounds the sheet keeps (the feed shows the last few)
_IDS = re.compile(r"\s*\((?:bierpong\.[a-z0-9_]+|art\d+|[a-z]+(?:_[a-z]+)+)\)")  # "(bierpong.art2)", "(art1)", "(drink_per_removed_cup)"


def shot_word(o: Outcome) -> str:
    """What a ball did, in a word or two ("bounce", "air ball", "miss")."""
    if o.hit:
        if o.roller:
            return _("bounce roller") if o.bounced else _("roller")
        return _("bounce") if o.bounced else _("hit")
    if o.air:
        return _("air ball")
    if o.back:
        return _("rolled back")
    return _("miss")


def outcome_text(o: Outcome) -> str:
    """A ball's result in words: "bounce → cup 5", "miss"."""
    return shot_word(o) + (f" → {cups_text((o.cup,))}" if o.cup is not None else "")


def cups_text(cups: Sequence[int]) -> str:
    """ "cup 2", "cups 2 + 1 + 3"."""
    if len(cups) == 1:
        return _("cup {cup}").format(cup=cups[0])
    return _("cups {cups}").format(cups=" + ".join(map(str, cups)))


def plain(text: str) -> str:
    """A ruling's words as the feed shows them: translated, without the ids in brackets."""
    return _IDS.sub("", tr(text)).strip()


@dataclass
class Row:
    """A line of a block: a throw (`who`, `shot`, its `cup` and the `cups` it took), or a text."""

    text: str = ""
    head: str = ""
    mark: str = ""
    who: str = ""
    shot: str = ""
    cup: int | None = None
    cups: tuple[int, ...] = ()

    def line(self) -> str:
        if not self.who:
            return self.text
        said = f"{self.who}: {self.shot}"
        if self.cup is not None:
            said += " → " + cups_text(self.cups or (self.cup,))
        return said + (f" {self.text}" if self.text else "")


@dataclass
class Block:
    round: int
    title: str
    rows: list[Row] = field(default_factory=list)


class ScoreSheet:
    """The match's feed, block by block (see the module doc)."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self._throws = True
        self.language = language()  # the language its rows are in

    def clear(self) -> None:
        self.blocks.clear()

    # --- entries -----------------------------------------------------------------------------

    def start(self, items: Sequence[FeedItem]) -> None:
        """The log's first entry: the throw-off's block with the racks it begins with."""
        self._block(0, _("Throw-off"))
        for it in items:
            args = values_of(it.ruling.arithmetic)
            if {"n", "formation"} <= set(args):
                self._row(Row(_("{n} cups a side, a {formation}").format(n=args["n"], formation=formation_label(str(args["formation"]))),
                              _art(it.ruling)))
            else:
                self._ruling(it)

    def add(self, action_text: str, items: Sequence[FeedItem], before: BierpongState, after: BierpongState, *,
            throws: bool = True) -> bool:
        """One log entry (its notation, its feed items, the states around it); `throws=False`: without
        the rows of its balls (the demo lists the ball itself). False: it says nothing (the clock)."""
        self._throws = throws
        try:
            a: Any = before.parse_action(action_text)
        except ValueError:
            a = None
        if isinstance(a, Clock) or (a is None and not items):
            return False
        r = before.round
        if not self.blocks or self.blocks[-1].round != r:
            self._block(r, _("Throw-off") if r == 0 else _("Round {n} · {team}").format(n=r, team=before.players[before.team]))
        rest = list(items)
        if isinstance(a, ThrowoffBall):
            self._throw(a.player, a.outcome)
            rest = [it for it in rest if not _said_throwoff_ball(it.ruling)]
        elif isinstance(a, Throwoff):
            self._throw(a.a, a.a_out)
            self._throw(a.b, a.b_out)
        elif isinstance(a, Begin):
            self._row(Row(_("{team} begin").format(team=a.team)))
            rest = [it for it in rest if it.ruling.rule != "bierpong.art8"]
        elif isinstance(a, Throw):
            self._throw(a.player, a.outcome)
            rest = [it for it in rest if it.ruling.rule != "bierpong.art15"]  # the roller: said by the throw's word
        elif isinstance(a, Together):
            if a.first.player == a.second.player:
                self._row(Row(_("{who} throws both balls at once").format(who=a.first.player), "art4"))
            else:
                self._row(Row(_("{a} and {b} throw at once").format(a=a.first.player, b=a.second.player), "art4"))
            self._throw(a.first.player, a.first.outcome)
            self._throw(a.second.player, a.second.outcome)
            rest = [it for it in rest if it.ruling.rule not in ("bierpong.art4", "bierpong.art15")]
        elif isinstance(a, Swat):
            self._row(Row(who=a.thrower, shot=_("swatted away by {defender}").format(defender=a.defender)))
            rest = [it for it in rest if it.ruling.rule != "bierpong.art14"]
        elif isinstance(a, Catch):
            self._row(Row(_("{catcher} caught {thrower}'s air ball: one throw more next round").format(catcher=a.catcher, thrower=a.thrower), "art23"))
            rest = [it for it in rest if it.ruling.rule != "bierpong.art23"]
        elif isinstance(a, Fetch):
            self._row(Row(_("{who} fetched the ball: a trickshot to come").format(who=a.player), "art19"))
            rest = [it for it in rest if it.ruling.rule != "bierpong.art19"]
        elif isinstance(a, Call) and a.word in ("heating up", "on fire"):
            calls = [it for it in rest if it.ruling.what is What.CALL]
            word = " ".join(calls[0].ruling.words) if calls and calls[0].ruling.words else a.word
            self._row(Row(f"{a.player}: {word}", "art21"))
            rest = [it for it in rest if it not in calls]
        elif isinstance(a, Leave):
            self._row(Row(_("{team} leave cup {cup} standing: a Dead Cup").format(team=a.team, cup=a.cup), "art18"))
            rest = [it for it in rest if it.ruling.rule != "bierpong.art18" or it.ruling.what is not What.NOTE]
        elif isinstance(a, (EndRound, Remove)) or a is None:
            pass
        self._rulings(rest, before, after)
        return True

    def note(self, text: str) -> None:
        """A notice of the table (not in the log), under the block it happened in."""
        if self.blocks:
            self._row(Row(text))

    # --- rows --------------------------------------------------------------------------------

    def rows(self, blocks: int | None = None) -> list[tuple[str, str, str]]:
        """(head, text, mark) of the last `blocks` blocks (all: None), each block's title first."""
        out: list[tuple[str, str, str]] = []
        for b in self.blocks[-blocks:] if blocks else self.blocks:
            out.append(("", b.title, HEAD))
            out += [(r.head, r.line(), r.mark) for r in b.rows]
        return out

    # --- inside ------------------------------------------------------------------------------

    def _block(self, r: int, title: str) -> None:
        self.blocks.append(Block(r, title))
        del self.blocks[:-BLOCKS]

    def _row(self, row: Row) -> None:
        if not self.blocks:
            self._block(0, _("Throw-off"))
        self.blocks[-1].rows.append(row)

    def _throw(self, who: str, o: Outcome) -> None:
        if self._throws:
            self._row(Row(who=who, shot=shot_word(o), cup=o.cup))

    def _rulings(self, items: list[FeedItem], before: BierpongState, after: BierpongState) -> None:
        sips = [it for it in items if it.ruling.what is What.SIPS and it.ruling.rule == "bierpong.art1"]
        plain_sips = all(not it.struck and not it.override for it in sips)
        for it in items:
            r = it.ruling
            if it in sips and plain_sips:
                if it is sips[0]:  # the turn's drinks, summed per team, where the referee booked them
                    self._drinks([s.ruling for s in sips], after)
                continue
            if r.what is What.CUPS and not it.struck and not it.override and self._took(r):
                continue
            self._ruling(it, before)

    def _took(self, r: Ruling) -> bool:
        """A removal written onto the throw whose cup it took (this block's last such throw)."""
        args = values_of(r.arithmetic)
        removal, gone = args.get("removal"), str(args.get("cups", ""))
        if removal is None or not gone:
            return False
        cups = tuple(int(c) for c in gone.split())
        for row in reversed(self.blocks[-1].rows if self.blocks else []):
            if row.who and row.cup == cups[0] and not row.cups:
                row.cups = cups
                row.shot = _removal_shot(r.rule, removal) or row.shot
                return True
        return False

    def _drinks(self, rs: list[Ruling], after: BierpongState) -> None:
        """The drinks of a turn per team: "Owls drink 1 sip each" (a lone player: "Cem drinks 1 sip")."""
        by_team: dict[int, list[Ruling]] = {}
        for r in rs:
            try:
                by_team.setdefault(after.team_of(r.who), []).append(r)
            except (ValueError, KeyError):
                by_team.setdefault(-1, []).append(r)
        for t, group in by_team.items():
            amounts = {r.amount for r in group}
            members = after.sides[t].members if t >= 0 else ()
            if t >= 0 and len(amounts) == 1 and len(group) == len(members) > 1:
                n = group[0].amount
                text = (_("{team} drink {n} sip each") if n == 1 else _("{team} drink {n} sips each")).format(team=after.players[t], n=n)
                self._row(Row(text, "art1"))
            else:
                for r in group:
                    self._row(Row((_("{who} drinks {n} sip") if r.amount == 1 else _("{who} drinks {n} sips")).format(who=r.who, n=r.amount), "art1"))

    def _ruling(self, it: FeedItem, before: BierpongState | None = None) -> None:
        r = it.ruling
        if it.override:
            self._row(Row(override_line(r, it.was), _art(r), OVERRIDE))
            return
        if r.what is What.SIPS:
            text = (_("{who} drinks {n} sip") if r.amount == 1 else _("{who} drinks {n} sips")).format(who=r.who, n=r.amount)
        elif r.what is What.LOSS and r.rule == "bierpong.art9":
            args = values_of(r.arithmetic)
            text = _("{team} win!").format(team=args["winners"]) if "winners" in args else plain(r.arithmetic)
        else:
            text = _ruling_text(r)
        self._row(Row(text, _art(r), STRUCK if it.struck else ""))


class SheetFeed:
    """The match scene's feed lines from its `ScoreSheet` (a mixin: the scene has `match`, `state`,
    `sheet`, `feed`, `view` and `host`)."""

    match: Any
    sheet: ScoreSheet
    feed: list[tuple[str, str]]
    view: Any
    host: Any

    def refeed(self) -> None:
        """The feed anew from the log, a block per round (`ScoreSheet`); a challenged ruling struck
        through with its override right after it."""
        self.sheet.clear()
        self.sheet.language = language()
        entries = self.match.log.entries
        rows = feed_by_entry(entries)
        first, st = self.replay_from()
        for i in range(first, len(entries)):
            e, row = entries[i], rows[i]
            if i == 0:
                self.sheet.start(row)
                continue
            after = st
            if e.seat not in ASIDE:  # (a challenge, a switch of the table change no state)
                try:
                    after = st.apply(e.action).state
                except ValueError:
                    break
            self.sheet.add(e.action, row, st, after)
            st = after
        self.show_feed()

    def replay_from(self) -> tuple[int, BierpongState]:
        """Where `refeed` starts and the state there: the latest state the match keeps (every
        `CHECKPOINT` entries) from which every round the sheet keeps (`BLOCKS`) is played again – each
        entry's round is the state's fact, so the rounds before need no replaying; else the start."""
        now: BierpongState = self.match.state
        first, st = 0, BierpongState.start(now.players, self.match.profile, members=[s.members for s in now.sides]).state
        for n in range(CHECKPOINT, len(self.match.log.entries), CHECKPOINT):
            kept = self.match.kept_state(n)
            if not isinstance(kept, BierpongState) or kept.round > now.round - BLOCKS:
                break
            first, st = n, kept
        return first, st

    def feed_language(self) -> None:
        """The interface's language changed: the feed is said again in the new one (each frame: cheap)."""
        if self.sheet.language != language():
            self.refeed()

    def show_feed(self) -> None:
        """The sheet's last blocks as the feed's lines, wrapped to its width."""
        self.feed.clear()
        for head, text, mark in self.sheet.rows(blocks=40):
            self.say(head, text, struck=mark == STRUCK, override=mark == OVERRIDE, title=mark == HEAD)

    def say(self, head: str, text: str, *, struck: bool = False, override: bool = False, title: bool = False) -> None:
        """A feed line, wrapped to the feed's width (the head only on its first line); `struck`: a
        ruling a challenge overrode (`StruckLine`s), `override`: the challenge's ruling (marked »),
        `title`: a round's head (`FeedHead`, the full width)."""
        if override:
            text = OVERRIDE_MARK + text
        L = self.view.layout
        if title:
            width = L.feed.w - int(20 * L.s)
            self.feed.append(FeedHead(("", self.host.fonts.fit(text, int(15 * L.s), width, "bold"))))
            return
        font = self.host.fonts.at(int(15 * L.s))
        width = L.feed.w - int(20 * L.s) - int(58 * L.s)
        line = ""
        for word in (w.replace("\0", " ") for w in text.replace(" + ", "\0+\0").split()):  # "cups 2 + 1 + 3" stays on one line
            t = f"{line} {word}".strip()
            if line and font.size(t)[0] > width:
                self.feed.append(StruckLine((head, line)) if struck else (head, line))
                head, line = "", word
            else:
                line = t
        self.feed.append(StruckLine((head, line)) if struck else (head, line))
        del self.feed[:-400]



def _art(r: Ruling) -> str:
    return r.rule.removeprefix("bierpong.")


def _said_throwoff_ball(r: Ruling) -> bool:
    """The throw-off's first ball's own ruling ("… – now the ball of Owls"): the ball's row says it."""
    return r.rule == "bierpong.art8" and "outcome" in values_of(r.arithmetic)


def _removal_shot(rule: str, removal: Any) -> str:
    """The shot a removal names: "Bombe", "Island", "bounce", "on fire", "trickshot" (or "" – a plain hit)."""
    inner = values_of(removal)
    if rule == "bierpong.art19":
        return _("trickshot")
    if rule == "bierpong.art21":
        return _("on fire")
    label = inner.get("label")
    return tr(label) if label else ""


def _ruling_text(r: Ruling) -> str:
    """A ruling's own line, shorter where the sheet says the rest."""
    args = values_of(r.arithmetic)
    if r.rule == "bierpong.art8" and "first" in args:
        return _("{first} hit first: {team} choose who begins").format(first=args["first"], team=args["winners"])
    if r.rule == "bierpong.art8" and {"a", "b"} <= set(args):
        return _("both hit: {a} and {b} throw again").format(a=args["a"], b=args["b"])
    if r.rule == "bierpong.art5" and "formation" in args:
        return _("{team} re-rack their {n} cups: a {formation}").format(team=args["team"], n=args["n"], formation=formation_label(str(args["formation"])))
    if r.rule == "bierpong.art13" and "team" in args:
        return _("Balls back: {team} throw again").format(team=args["team"])
    if r.what is What.CUPS:
        gone = str(args.get("cups", ""))
        if gone:
            return _("{team} remove {cups}").format(team=r.who, cups=cups_text([int(c) for c in gone.split()]))
    return plain(r.arithmetic)


__all__ = ["HEAD", "OVERRIDE", "STRUCK", "Block", "Row", "ScoreSheet", "SheetFeed", "cups_text", "outcome_text", "plain", "shot_word"]
