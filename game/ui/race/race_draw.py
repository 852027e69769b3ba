"""What the race scene draws beside the board and the HUD (`game.ui.race.race_hud`): a car's hop along
its path, the lit fields, the coach's notes, the top bar's and the controls' texts, the banners of a
ruling and the lines of the match log. Everything here reads states; nothing changes the match.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.errors import IllegalAction
from game.hexgrid import DIRECTION_NAMES, DIRECTIONS, Hex
from game.i18n import _, tr
from game.match import Match
from game.racerbile.actions import Clock, Drive, parse_action
from game.racerbile.fieldnames import field_name
from game.racerbile.words import action_words
from game.racerbile.moves import LegalMoves, Move
from game.racerbile.state import GEAR, MOVE, NAME42, ORDER, ROLL, START_ROLL, RaceState
from game.rules import racerbile as R
from game.rules.phrase import action_or_words, values_of
from game.rules.catalog import title
from game.rules.challenge import CHALLENGE
from game.rules.realtable import TABLE, parse_mode
from game.rules.ruling import Ruling, What
from game.session.events import Applied, Refusal
from game.state import CHANCE
from game.ui.common import theme
from game.ui.common.banners import Banners
from game.ui.common.words import bot_label
from game.ui.board.board_view import BoardView
from game.ui.race.race_hud import Line, clock_text

HOP_TIME = 0.13  # seconds an animated car takes per field
ARRIVE_PAUSE = 0.12  # … and rests on the last field before the next entry plays


def step_direction(a: Hex, b: Hex) -> int | None:
    for d, v in enumerate(DIRECTIONS):
        if a + v == b:
            return d
    return None


@dataclass
class Hop:
    """A car driving a move that is in the log already, field by field (`event`: its entry)."""

    seat: int
    path: tuple[Hex, ...]  # the start, then every field driven
    event: Applied
    t: float = 0.0

    @property
    def duration(self) -> float:
        return HOP_TIME * max(0, len(self.path) - 1) + ARRIVE_PAUSE

    @property
    def field(self) -> int:
        """The index into `path` of the field the car is on now."""
        return min(len(self.path) - 1, int(self.t / HOP_TIME))

    def at(self) -> tuple[Hex, int | None]:
        i = self.field
        d = step_direction(self.path[i - 1], self.path[i]) if i > 0 else None
        return self.path[i], d


class Highlight:
    """The veil over the board with the reachable fields cut out and lit, cached per view."""

    def __init__(self) -> None:
        self._hl: tuple[Any, pygame.Surface] | None = None

    def clear(self) -> None:
        self._hl = None

    def layer(self, view: BoardView, size: tuple[int, int], ends: list[Hex], off: set[Hex]) -> pygame.Surface:
        key = (view.scale, view.origin, tuple(ends), tuple(sorted(off)), size, view.palette.name)
        if self._hl is not None and self._hl[0] == key:
            return self._hl[1]
        layer = pygame.Surface(size, pygame.SRCALPHA)  # lit on any palette: a darker veil and a lighter field on a dark one
        pal = view.palette
        layer.fill((0, 0, 0, pal.veil))
        lay = view.layout
        w = max(2, int(view.scale * 0.12))
        for h in ends:
            pygame.draw.polygon(layer, (255, 255, 255, int(255 * pal.lit_fill)), lay.corners(h))
        for h in ends:
            corners = lay.corners(h)
            cx, cy = lay.to_pixel(h)
            inner = [(cx + (x - cx) * 0.84, cy + (y - cy) * 0.84) for x, y in corners]
            pygame.draw.lines(layer, (20, 16, 12, 220), True, corners, w + 2)
            pygame.draw.lines(layer, (238, 70, 50, 255) if h in off else (255, 244, 170, 255), True, inner, w)
        self._hl = (key, layer)
        return layer


def coach_lines(st: RaceState, way: Move, moves: LegalMoves | None, alt: int) -> list[Line]:
    """What the coach says about a way: the fields, the squeals, the sips – the referee's own
    rulings on it, worked out in advance (the state is immutable)."""
    t = st.turn
    assert t is not None
    me = st.driver(t.seat)
    try:
        step = st.apply(Drive(way.path))
    except IllegalAction as e:
        return [(str(Refusal.of(e)), theme.CHALK_RED, "bold")]  # (the referee's words, in the reader's language)
    ways = len(moves.to(way.end)) if moves is not None else 1
    end = way.end
    lines: list[Line] = []
    n = len(way.path)
    where = tr(field_name(st.course, st.track, end))
    head = (_("{n} of {roll} fields to {field}") if t.roll != 1 else _("{n} of {roll} field to {field}")).format(n=n, roll=t.roll, field=where) if n else _("stays put")
    lines.append((head, theme.CHALK_YELLOW, "bold"))
    others: dict[str, int] = {}
    for r in step.rulings:
        if r.what not in (What.SIPS, What.BEER, What.BEER_REST) or r.rule == "racerbile.turn":
            continue
        if r.who == me:
            lines.append((f"· {tr(r.arithmetic)}", theme.CREAM, "regular"))
        else:
            n_sips = r.amount if r.what is What.SIPS else st.ledger[r.who].drink.sips * r.amount if r.what is What.BEER else st.ledger[r.who].beer_left
            others[r.who] = others.get(r.who, 0) + n_sips
    mine = step.state.ledger[me].sips - st.ledger[me].sips
    mine -= sum(r.amount for r in step.rulings if r.who == me and r.rule == "racerbile.turn" and r.what is What.SIPS)
    if way.squeals:
        lines.append(("· " + _("say “hvin” {n}×").format(n=way.squeals), theme.AMBER, "italic"))
    if way.off_track:
        lines.append(("· " + _("leaves the track"), theme.CHALK_RED, "bold"))
    if st.facing_rule and way.facing is not None:
        lines.append(("· " + _("ends facing {direction}").format(direction=DIRECTION_NAMES[way.facing % 6].upper()), theme.MUTED, "italic"))
    drinks = (_("{name} drinks {n} sip") if mine == 1 else _("{name} drinks {n} sips")).format(name=me, n=mine) if mine else _("{name} drinks nothing").format(name=me)
    lines.append((drinks, theme.CHALK_RED if mine else theme.CHALK_YELLOW, "bold"))
    for who, k in others.items():
        lines.append((_("{name} drinks {n}").format(name=who, n=k), theme.MUTED, "regular"))
    if ways > 1:
        lines.append((_("way {n} of {total} – Tab for another").format(n=alt % ways + 1, total=ways), theme.CHALK_BLUE, "italic"))
    return lines


def push_ruling(banners: Banners, r: Ruling, seat_name: Callable[[str], str], *, won: bool = False) -> None:
    """Banners for a ruling: the Danish call-outs, a beer emptied, laps, the winner (`won`: the entry
    decided the race – the state's `winner`, not the ruling's words)."""
    q = banners.queue
    while len(q) > 3:  # a busy turn: the oldest waiting call-outs make way
        del q[1]
    if r.words:
        words = list(r.words)
        text = " ".join(words) if len(words) <= 3 else f"{words[0]} × {len(words)}"
        banners.push(text, r.who, "call", 1.25)
    elif r.what in (What.BEER, What.BEER_REST):
        emptied = _("{name} empties the rest of the beer") if r.what is What.BEER_REST else _("{name} empties a whole beer")
        banners.push("Bunde!", emptied.format(name=r.who), "loss", 1.3)
    elif r.what is What.LAPS and r.amount < 0:
        laps = _("−{n} laps") if r.amount < -1 else _("−{n} lap")
        banners.push(laps.format(n=-r.amount), tr(r.arithmetic), "loss", 1.4)
    elif won and r.rule in ("racerbile.turn", "racerbile.lemans.winner") and r.what is What.NOTE:
        banners.push(_("{name} wins!").format(name=seat_name(r.who)), tr(r.arithmetic), "reply", 2.2)
    elif r.what is What.LAPS and r.amount > 0:
        lap = values_of(r.arithmetic).get("lap")
        head = _("Lap {n}").format(n=lap) if lap is not None else tr(r.arithmetic)
        banners.push(head, seat_name(r.who), "info", 1.0)


def turn_text(st: RaceState, people: int, is_bot: Callable[[int], bool], kind_of: Callable[[int], str], coach_on: bool) -> tuple[str, str, theme.Color]:
    """The top bar: whose turn, and what now."""
    if st.phase == ORDER:
        if people:
            return _("The start: the time trial"), _("enter each seat's time (T), or roll for the order"), theme.CHALK_YELLOW
        return _("The start"), _("the bots run the time trial"), theme.CREAM
    if st.phase == START_ROLL:
        done = ", ".join(f"{st.players[a]} {f}" for a, f in st.rolled)
        if st.trial:  # equal times in the time trial: those tied roll off (Decisions: time trial)
            tied = ", ".join(st.players[s] for s in st.groups[0]) if st.groups else ""
            return (_("Roll-off: {players} have equal times").format(players=tied),
                    _("they roll for their places, highest first") + (f" · {done}" if done else ""), theme.CHALK_YELLOW)
        return _("Rolling for the order"), (_("highest starts, ties roll again") + (f" · {done}" if done else "")), theme.CREAM
    if st.is_terminal():
        w = st.players[st.standings()[0]]
        return _("The race is over – {name} wins").format(name=w), _("N: a new race · Esc: the menu"), theme.CHALK_YELLOW
    t = st.turn
    assert t is not None
    seat = t.seat
    who = st.driver(seat)
    team = f" ({st.players[seat]})" if st.lemans else ""
    bot = is_bot(seat)
    color = theme.CHALK_YELLOW if not bot else theme.CREAM
    if st.phase == GEAR:
        sub = _("{bot} is choosing the gear").format(bot=bot_label(kind_of(seat))) if bot else _("choose the gear: ↑ up · Enter hold · ↓ down")
        return _("{name}'s turn").format(name=who) + team, sub, color
    if st.phase == ROLL:
        rolls = _("{name} rolls {n} die") if t.gear == 1 else _("{name} rolls {n} dice")
        return rolls.format(name=who, n=t.gear) + team, _("5s and 6s are rolled again"), color
    if st.phase == MOVE:
        if bot:
            return _("{name} drives {n}").format(name=who, n=t.roll) + team, bot_label(kind_of(seat)), color
        hint = _("click a lit field · Tab: another way · C: coach off") if coach_on else _("click a lit field · Tab: another way · C: coach on")
        return _("{name} drives {n}").format(name=who, n=t.roll) + team, hint, color
    if st.phase == NAME42:
        return _("{name} is on the 42 field").format(name=who) + team, _("names an opponent (N)") if not bot else _("naming an opponent"), color
    return "", "", color


def gear_text(st: RaceState) -> list[Line]:
    """What the controls say about the gear: now, forced, and the announcement of each choice."""
    t = st.turn
    if t is None:
        return []
    car = st.cars[t.seat]
    gear_now = 1 if car.first_gear else car.gear
    head = _("Gear {n}").format(n=gear_now) + (" – " + _("forced to first ({reason})").format(reason=car.first_gear) if car.first_gear else "")
    opts = st.shifts()
    if st.profile["stalin"]:
        head += " · " + _("Stalin: always up")
    elif not car.started:
        head += " · " + _("no gear change in the first turn")
    elif opts == [0]:
        head += " · " + _("no change open")
    lines: list[Line] = [(head, theme.CREAM, "bold")]
    bits = []
    if 1 in opts:
        bits.append(f"↑ “Jeg gearer op til {R.GEAR_WORDS[gear_now + 1]} gear”")
    if -1 in opts:
        bits.append(f"↓ “Jeg gearer ned til {R.GEAR_WORDS[gear_now - 1]} gear” " + _("(1 sip)"))
    if bits:
        lines.append(("   ".join(bits), theme.MUTED, "italic"))
    return lines


def control_lines(st: RaceState, moves: LegalMoves | None, human: bool, coach_on: bool) -> list[Line]:
    """The lines above the controls: the gear, the roll and its reach, the start."""
    lines: list[Line] = []
    if st.phase == GEAR and st.turn is not None:
        lines = gear_text(st)
        if st.lemans and len(lines) < 2:
            car = st.cars[st.turn.seat]
            where = _("free in the pit") if car.pos in st.course.pit else _("outside the pit the new driver empties a beer")
            lines.append((_("{name} at the wheel · a change of driver: {where}").format(name=st.driver(st.turn.seat), where=where), theme.MUTED, "italic"))
    elif st.phase == MOVE and st.turn is not None:
        n = len(moves.ends()) if moves is not None else 0
        reach = _("Rolled {roll}: {n} field within reach, lit on the board") if n == 1 else _("Rolled {roll}: {n} fields within reach, lit on the board")
        lines = [(reach.format(roll=st.turn.roll, n=n), theme.CREAM, "bold")]
        if human:
            lines.append((_("point at a lit field for the coach") if coach_on else _("the coach is off (C): lit fields are still clickable"), theme.MUTED, "italic"))
    elif st.phase == ROLL and st.turn is not None:
        gear_dice = _("Gear {n}: {n} die") if st.turn.gear == 1 else _("Gear {n}: {n} dice")
        lines = [(gear_dice.format(n=st.turn.gear), theme.CREAM, "bold"), (_("a 1 is a clutch fault; 5s and 6s are rolled again"), theme.MUTED, "italic")]
    elif st.phase == START_ROLL:
        lines = [(_("Roll-off for equal times: highest first") if st.trial else _("Roll for the order: highest starts"), theme.CREAM, "bold")]
        if st.rolled:
            lines.append((" · ".join(f"{st.players[a]} {fc}" for a, fc in st.rolled), theme.MUTED, "regular"))
    elif st.phase == ORDER:
        lines = [(_("The start"), theme.CREAM, "bold"), (_("each empties a beer against the clock – fastest first"), theme.MUTED, "italic")]
    return lines


def clock_lines(st: RaceState, now: float) -> list[str]:
    """The judges' console's lines on the event clock (`now`: its seconds)."""
    hours = st.profile["lemans_hours"]
    end = (hours if isinstance(hours, int) else 24) * 3600
    factor = st.profile["lemans_time_factor"] or 1
    lines = [_("Event clock {now} of {end}").format(now=clock_text(now), end=clock_text(end)) + ("  " + _("(time-lapse ×{factor})").format(factor=factor) if factor != 1 else "")]
    if st.last_round:
        lines.append(_("The last round of turns has been called"))
    return lines


def entry_words(match: Match, i: int) -> str:
    """An entry of the log as a person reads it, in the language of the screen: a drive in fields of
    the board ("Rød drives 5 fields to field 15 by Omvejen"), a shift, the dice, a call and the
    judges' decisions in words (`game.racerbile.words`, as the replay viewer says them)."""
    e = match.log.entries[i]
    players = match.players
    if e.seat == CHALLENGE:
        return e.action
    if e.seat == TABLE:  # a switch between a real and a simulated table (`game.rules.realtable`)
        mode = parse_mode(e.action)
        return (_("{name} switched to a real table") if mode.real else _("{name} switched to simulated dice")).format(name=mode.by)
    who = players[e.seat].name if 0 <= e.seat < len(players) else ""
    return tr(action_words(e.action, who, match.state))


def log_items(match: Match, words: Callable[[Ruling], str] | None = None) -> list[tuple[str, str]]:
    """The match log's lines for the log dialog (the event clock's entries left out), keyed by index:
    each action in words, the referee's rulings on it under it (`words`: a ruling as shown)."""
    items = []
    say = words or (lambda r: tr(r.arithmetic))
    for i, e in enumerate(match.log.entries):
        if i == 0 or isinstance(action_or_words(e.action, parse_action), Clock):
            continue
        indent = "      " if e.seat == CHANCE else ""
        items.append((f"{i + 1:>4}.  {indent}{entry_words(match, i)}", str(i)))
        for r in e.rulings:
            if r.what is What.NOTE and r.rule == "racerbile.turn" and not r.arithmetic:
                continue
            head = _(title(r.rule)) if title(r.rule) else ""  # the rule's name, not its id
            items.append((f"           ·  {head}: {say(r)}" if head else f"           ·  {say(r)}", str(i)))
    return items
