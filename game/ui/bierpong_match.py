"""A Bierpong match on the physics table (issue 7): the referee (`game.bierpong.state`) over the
live table of `game.ui.pong.PongScene`.

The table is always drawn from the thrower's end: the cups thrown at stand at the far end (the live
physics), the thrower's own rack is drawn mirrored at the near end. A human throws with the mouse
(the slingshot of the practice table); when the ball has come to rest its events are classified
(`game.bierpong.classify`) and applied as `Throw(player, outcome)`. While the ball is in the air the
defenders may click it: after it touched down that is a swat (bierpong.art14), past the far edge
without a touch a catch (bierpong.art23). The defender who does it is credited (the Decision "Who
catches or swats"): a lone human defender at once; of several human defenders the scene asks which
(`DefenderChooser`, keys 1–4, the table waits; Esc: nobody). A bot seat swats and catches only for
itself – a click on a ball thrown at bots credits nobody – and no bot catches for a human. Hit cups are removed by their owners with clicks (the hit
cup is marked, the eligible extra cups – the adjacent ones first – glow); `auto_remove_cups` does it
for them.

Both balls at once (bierpong.art4): in a team game, while the first standard ball of a round flies,
the thrower switches to the partner, who may release the second ball; when both have come to rest
they are ruled as one `Together(Throw(a, o1), Throw(b, o2))`. A first ball that rests before the
partner throws is ruled alone; in singles a second release is refused. A swat is no part of a
together throw: a swatted ball of the pair is ruled after the other one (`Throw`, then `Swat`). Bot
teams throw both balls live when their bots decide so.

Calls (Heating up, On fire, Island), fetches, "end of round", the throw-off and the choice of
who begins are buttons (and keys). The table's own events – knocking over an own cup (bierpong.art16),
the fouls (elbow art12, blowing art17, early art7, forgot to drink art2), the requests (straighten
art5, ball out art6) and the end of time (bierpong.art9) – are entered in the "Table events" dialog
(key T); the fouls are only noted (the rulebook sets them no sanction) – with `elbow_voids_throw` an elbow
called on the player whose throw was just ruled takes that throw back, to be thrown again. With the
profile's `timer` the scoreboard shows the clock (real time from the end of the throw-off, paused while
a dialog is open); when it runs out `Time` is applied once. The feed lists
every ruling with its article and its arithmetic.

Keys: drag to throw (in teams the partner may throw too while the first ball flies), A aim preview
(an assist, off by default), Tab next thrower, H heating up, O on fire, I island, F fetch, C catch,
E end of round, Enter remove the selected cups, T table events, L the log, K challenge a drink ruling
(the original stays struck through in the feed, its override right after it), Ctrl+Z undo, Ctrl+S save,
S slow motion, Space pause, ↑/↓ or wheel the angle, Esc leave.
"""
from __future__ import annotations

import dataclasses
import math
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from game.bierpong.actions import (
    Begin, Call, Catch, EndRound, Fetch, Foul, KnockOver, Leave, Remove, Swat, Throw, Throwoff, Time, Together,
)
from game.bierpong.classify import classify, knocked_over
from game.bierpong.outcome import Outcome, parse_outcome
from game.bierpong.state import CALLS, CHOOSE, KONTER, OVER, PLAY, REMOVE, THROWOFF, BierpongState
from game.errors import IllegalAction
from game.i18n import N_, _, tr
from game.rules import bierpong as R
from game.rules.challenge import CHALLENGE, Challenge
from game.rules.ruling import Ruling, What
from game.ui import theme
from game.ui.theme import Fonts
from game.ui.challenge import ChallengeDialog
from game.ui.feed import feed_by_entry
from game.ui.modal import Confirm, ListDialog, Modal, log_dialog
from game.ui.pong import PongScene
from game.ui.pong_view import CupDraw, Label, PongFrame
from game.saves import new_save_path, write_save
from game.ui.scene import Host, OverlayScene
from game.autosave import MatchAutosave
from game.ui.prefs import assist
from physics.constants import CONST
from physics.events import CupContact, Event, LeftTable, TableBounce
from physics.table import Cup
from physics.world import Table
from physics.world import Throw as PhysThrow

if TYPE_CHECKING:
    from game.match import Match

KEYS = (  # shown through `_()` by the view
    N_("drag back from the left: throw · Tab: thrower"),
    N_("teams: partner may join the 1st ball (art4)"),
    N_("click the ball: swat / catch past the edge"),
    N_("A: aim preview · H O I: calls · F: fetch"),
    N_("E: end of round · cups + Enter: remove"),
    N_("T: table events (fouls, knock-over, time)"),
    N_("L: log · K: challenge a drink ruling"),
    N_("Ctrl+Z: undo · Ctrl+S: save"),
    N_("S: slow · Space: pause · ↑↓: angle · Esc"),
)
MAX_BALL_TIME = 8.0  # s of simulated time after which a ball counts as at rest
CLICK_R = 28  # px around a ball that a click reaches
BOT_DELAY = 0.8  # real seconds a bot waits before it acts
CATCH_TIME = 2.0  # more seconds it waits while human defenders could still say they caught an air ball


def bot_module() -> Any:
    """`game.bierpong.bots` when another helper has written it; None until then."""
    try:
        from game.bierpong import bots  # type: ignore[attr-defined, unused-ignore]
    except ImportError:
        return None
    return bots


def ruling_text(r: Ruling) -> tuple[str, str]:
    """A ruling as a feed line: its article, then the arithmetic (and the call's words)."""
    art = r.rule.removeprefix("bierpong.")
    words = " ".join(r.words) if r.words else ""
    said = tr(r.arithmetic)
    text = said if not words or (r.what == What.SIPS and r.amount) else f"{words} {said}"
    return art, text


class StruckLine(tuple[str, str]):
    """A feed line of a ruling a challenge overrode: drawn dimmed with a line through it."""

    __slots__ = ()


OVERRIDE_MARK = "» "  # the feed line of an override starts with it


@dataclasses.dataclass
class InFlight:
    """A ball of the match on the table: who threw it, its events so far and the defenders' say."""

    player: str
    events: list[Event] = dataclasses.field(default_factory=list)
    time: float = 0.0  # simulated seconds since its release
    catcher: str | None = None  # the defender who said he caught it past the far edge (bierpong.art23)
    rested: bool = False  # at rest (or given up on): ruled once every ball of its throw rests
    swatted_by: str | None = None  # the defender who swatted it (bierpong.art14)
    pairable: bool = False  # a round's first standard ball: the partner may throw with it (bierpong.art4)
    launch: tuple[PhysThrow, int, int] | None = None  # (throw, table step of its release, side thrown at): the log keeps it for replays


class _Button:
    """A plain clickable label in the scene's bar (no pygame_gui: the table keeps its own events)."""

    def __init__(self, text: str, action: Callable[[], None], key: str = "") -> None:
        self.text = text
        self.action = action
        self.key = key
        self.rect = pygame.Rect(0, 0, 0, 0)


TABLE_EVENTS = (  # (key, label) of the "Table events" dialog's first list (labels shown through `_()`)
    ("elbow", N_("Elbow over the table edge – foul (art12)")),
    ("blow", N_("Blew or fingered a ball out – foul (art17)")),
    ("early", N_("Threw while the others drink – foul (art7)")),
    ("forgot", N_("Forgot to drink – foul (art2)")),
    ("knock", N_("Knocked over an own cup (art16)")),
    ("straighten", N_("Asks the others to straighten their cups (art5)")),
    ("ball out", N_("Asks the others to take a ball out (art6)")),
    ("time", N_("Time is up (art9)")),
)


class TableEvents(ListDialog):
    """The table's events (key T): first the event, then the player, for a knock-over the cup.

    `apply_event` applies the chosen action and returns the referee's refusal (None: applied),
    which the dialog shows; it closes on success."""

    def __init__(self, fonts: Fonts, size: tuple[int, int], state: Callable[[], BierpongState],
                 apply_event: Callable[[Any], str | None]) -> None:
        self.state = state
        self.apply_event = apply_event
        self.kind: str | None = None
        self.player: str | None = None
        super().__init__(fonts, size, _("Table events"), _("What happened at the table? The referee rules on it."),
                         [(_(label), k) for k, label in TABLE_EVENTS], _("Next (Enter)"), self.choose)

    def show(self, hint: str, items: list[tuple[str, str]], action: str) -> None:
        """The next step: a new list in the same panel."""
        self.hint, self.items, self.action, self.chosen = hint, items, action, None
        self.resize(self.size)

    def choose(self, key: str | None) -> None:
        if key is None:
            self.set_message(_("Choose one in the list first"))
            return
        self.set_message("")
        st = self.state()
        if self.kind is None:
            if key == "time":
                self.submit(Time())
                return
            self.kind = key
            people = [(f"{m}  ({side.name})", m) for side in st.sides for m in side.members]
            asks = key in ("straighten", "ball out")
            self.show(_("Who asks?") if asks else _("Who was it?"), people, _("Next (Enter)") if key == "knock" else _("Apply (Enter)"))
        elif self.kind == "knock" and self.player is None:
            self.player = key
            cups = st.sides[st.team_of(key)].rack.ids
            self.show(_("Which of {team}' cups did {name} knock over?").format(team=st.players[st.team_of(key)], name=key),
                      [(_("cup {n}").format(n=c), str(c)) for c in cups], _("Apply (Enter)"))
        elif self.kind == "knock" and self.player is not None:
            self.submit(KnockOver(self.player, int(key)))
        elif self.kind in ("straighten", "ball out"):
            self.submit(Call(key, self.kind))
        else:
            self.submit(Foul(self.kind, key))

    def submit(self, action: Any) -> None:
        refusal = self.apply_event(action)
        if refusal:
            self.set_message(refusal)
        else:
            self.close()


class DefenderChooser(Modal):
    """Which defender swatted or caught the ball (the Decision "Who catches or swats", bierpong.art14,
    bierpong.art23): one button per defender, the keys 1–4 too; Esc closes it – nobody did."""

    BUTTON = 170

    def __init__(self, fonts: Fonts, size: tuple[int, int], question: str, detail: str, defenders: list[str],
                 on_choice: Callable[[str], None]) -> None:
        self.question = question
        self.detail = detail
        self.defenders = defenders
        self.on_choice = on_choice
        super().__init__(fonts, size, (max(560, 40 + len(defenders) * (self.BUTTON + 10)), 200))

    def build(self) -> None:
        w, h = self.rect.size
        c = self.panel
        UILabel(pygame.Rect(20, 16, w - 40, 36), self.question, self.ui, container=c, object_id="#title_label")
        UILabel(pygame.Rect(20, 56, w - 40, 26), self.detail, self.ui, container=c, object_id="#hint_label")
        bw = min(self.BUTTON, (w - 40) // max(1, len(self.defenders)) - 10)
        x = (w - len(self.defenders) * (bw + 10) + 10) // 2
        self.button_map: dict[UIButton, str] = {}
        for i, name in enumerate(self.defenders):
            b = UIButton(pygame.Rect(x + i * (bw + 10), h - 74, bw, 42), f"{i + 1}  {name}", self.ui, container=c)
            self.button_map[b] = name

    def choose(self, name: str) -> None:
        self.close()
        self.on_choice(name)

    def on_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element in self.button_map:
            self.choose(self.button_map[e.ui_element])
        elif e.type == pygame.KEYDOWN and pygame.K_1 <= e.key < pygame.K_1 + len(self.defenders):
            self.choose(self.defenders[e.key - pygame.K_1])


class BierpongMatchScene(PongScene, OverlayScene):
    """The match scene: a `Match` of Bierpong played on the live table."""

    def __init__(self, host: Host, match: Match, *, save_path: str | Path | None = None, autosave: bool = True) -> None:
        self.match = match
        self.save_path = Path(save_path) if save_path else None
        prof = match.profile
        self.formation = R.formation_kind(str(prof["formation"]), int(prof["cups"]))  # type: ignore[arg-type]
        self.throwoff: list[tuple[str, Outcome]] = []
        self.pick = 0  # which of the allowed throwers throws next (Tab)
        self.flying: dict[int, InFlight] = {}  # the balls of the throw being played (two: bierpong.art4)
        self._partners: tuple[tuple[int, str], tuple[str, ...]] = ((-1, ""), ())  # `partners`' cache
        self._table_bots: tuple[Any, Any] = (None, None)  # (key, `BierpongBots`) – `bots`' cache
        self.selected: list[int] = []  # cups clicked for the removal
        self.toast = ""
        self.bot_wait = BOT_DELAY
        self.buttons: list[_Button] = []
        self._rounds = (0, 1)  # (log length, round) – `round_number`'s cache
        self.clock = 0.0  # real seconds the game clock has run (bierpong.art9)
        self.time_called = False  # `Time` is applied by the clock once
        super().__init__(host, self.formation)
        self.preview_on = assist("aim_preview", False)  # an assist: off unless the settings say on
        self.refeed()
        self.sync_table()
        self.autosave = MatchAutosave(match, enabled=autosave)  # every action on disk at once (issue 8)

    # --- the referee's view ----------------------------------------------------------------------

    @property
    def state(self) -> BierpongState:
        st: BierpongState = self.match.state
        return st

    def thrower_team(self) -> int:
        """The team throwing now (the throw-off: team 0, then team 1)."""
        st = self.state
        if st.phase == THROWOFF:
            return len(self.throwoff) % 2
        if st.phase == KONTER and st.konter is not None:
            return st.konter.team
        return st.team

    def throwers(self) -> tuple[str, ...]:
        st = self.state
        if st.phase == THROWOFF:
            t = self.thrower_team()
            if st.rethrow:
                return (st.rethrow[t],)
            return st.sides[t].members
        if st.phase == CALLS:
            return ()
        return st.throwers()

    def thrower(self) -> str | None:
        """Who throws the next ball (while a first ball may be joined: the partner, bierpong.art4)."""
        first = self.pairing()
        ts = self.partners(first.player) if first is not None else self.throwers()
        return ts[self.pick % len(ts)] if ts else None

    # --- the balls in flight -----------------------------------------------------------------------

    @property
    def ball(self) -> int | None:
        """The first ball in flight (None: no throw is being played)."""
        return next(iter(self.flying), None)

    @ball.setter
    def ball(self, bid: int | None) -> None:
        if bid is None:
            self.flying = {}
        else:
            self.flying.setdefault(bid, InFlight(self.thrower() or ""))

    @property
    def ball_events(self) -> list[Event]:
        """The first ball's events so far."""
        return self.flying[self.ball].events if self.ball is not None else []

    @property
    def ball_player(self) -> str:
        return self.flying[self.ball].player if self.ball is not None else ""

    def pair_allowed(self) -> bool:
        """Could a ball thrown now be joined by the partner's (bierpong.art4)? Only in a team game,
        as the round's two standard throws."""
        st = self.state
        return (st.phase == PLAY and st.stage == "throws" and not st.on_fire and st.standard == ()
                and len(st.sides[st.team].members) >= 2)

    def pairing(self) -> InFlight | None:
        """The lone first standard ball in flight that the partner may still join (bierpong.art4)."""
        if len(self.flying) != 1:
            return None
        f = next(iter(self.flying.values()))
        return f if f.pairable and not f.rested and f.swatted_by is None else None

    def partners(self, first: str) -> tuple[str, ...]:
        """Who may throw the round's other standard ball beside `first` (the pairing rule, bierpong.art11)."""
        key = (len(self.match.log.entries), first)
        if self._partners[0] != key:
            try:
                after = self.state.apply(Throw(first, Outcome())).state
                ts = tuple(p for p in after.throwers() if p != first)
            except (IllegalAction, ValueError):
                ts = ()
            self._partners = (key, ts)
        return self._partners[1]

    def target_side(self) -> int:
        """The side whose cups stand at the far end (thrown at; in REMOVE: being removed)."""
        return 1 - self.thrower_team()

    def is_bot(self, seat: int) -> bool:
        return self.match.players[seat].kind != "human"

    def seat_to_act(self) -> int | None:
        st = self.state
        if st.phase == OVER:
            return None
        if st.phase == THROWOFF:
            return self.thrower_team()
        return int(st.current_player())

    # --- the table ---------------------------------------------------------------------------------

    def rack(self, kind: str) -> None:
        """The live table holds the cups now thrown at (R does not re-rack a match)."""
        self.sync_table()

    def sync_table(self) -> None:
        if not hasattr(self, "match"):
            return
        side = self.state.sides[self.target_side()]
        self.cups = tuple(Cup(c.id, c.x, c.y) for c in side.rack.cups)
        self.table = Table(self.cups)
        self.acc = 0.0
        self.sim_time = 0.0
        self.steps = 0
        self.flights = {}
        self.trails = []
        self.throws = getattr(self, "throws", 0)
        self.ball = None
        self._preview_for = None

    def throw(self, t: PhysThrow) -> int | None:
        """A human's release at the cups standing now: one ball at a time, except the partner's
        second standard ball while the first flies in a team game (bierpong.art4)."""
        who = self.thrower()
        first = self.pairing()
        if who is None:
            self.message = _("no throw now")
            return None
        if self.flying and first is None:
            st = self.state
            if st.phase == PLAY and len(st.sides[st.team].members) == 1:
                self.toast = _("{name}: both balls at once only in teams – wait for the ball to rest ({rule})").format(name=who, rule="bierpong.art4")
            elif st.phase == PLAY:
                self.toast = _("two balls at once only as a round's two standard throws – wait for the ball to rest ({rule})").format(rule="bierpong.art4")
            else:
                self.message = _("wait for the ball to come to rest")
            return None
        seat = self.thrower_team()
        if self.is_bot(seat):
            self.message = _("{name} is a bot").format(name=who)
            return None
        pairable = first is None and self.pair_allowed()
        if first is None:
            self.sync_table()
        bid = super().throw(t)
        if bid is not None:
            self.flying[bid] = InFlight(who, pairable=pairable, launch=(t, self.steps, self.target_side()))
            if pairable:
                self.pick = 0  # Tab now chooses among the partners
        return bid

    def advance(self, sim_seconds: float) -> list[Event]:
        events = super().advance(sim_seconds)
        if self.flying:
            busy = self.table.busy
            views = {b.id: b for b in self.table.balls()}
            for bid, f in self.flying.items():
                if f.swatted_by is None:
                    f.events += [e for e in events if e.ball == bid]
                f.time += sim_seconds
                view = views.get(bid)
                if view is None or view.settled or not busy or f.time > MAX_BALL_TIME:
                    f.rested = True
            if all(f.rested or f.swatted_by is not None for f in self.flying.values()):
                self.resolve()
        return events

    def _show(self, e: Event) -> None:
        feed, self.feed = self.feed, []
        super()._show(e)  # the table's labels stay; the feed is the referee's
        self.feed = feed

    def outcome_of(self, bid: int, f: InFlight) -> Outcome:
        """A ball's classified timeline, round-tripped through the notation: the log replays
        `str(outcome)` (a roller's touched cups come back in the notation's order, the cup it
        dropped into last)."""
        cb = bool(self.match.profile["cup_contact_is_bounce"])
        return parse_outcome(str(classify(f.events, ball=bid, cup_contact_is_bounce=cb)))

    def resolve(self) -> None:
        """Every ball of the throw is at rest: classify the timelines and rule on them."""
        if not self.flying:
            return
        flying, self.flying = self.flying, {}
        if len(flying) > 1:
            self.resolve_pair(flying)
            return
        bid, f = next(iter(flying.items()))
        outcome = self.outcome_of(bid, f)
        tipped = knocked_over(f.events, ball=bid)
        player, catcher = f.player, f.catcher
        if f.swatted_by is not None:
            self.act(Swat(f.swatted_by, player))
            return
        if self.bot_swats(player, outcome):
            return
        self.resolve_outcome(player, outcome, self.launch_detail([f]))
        if tipped:
            self.say(_("table"), _("{name}'s ball tipped cup(s) {cups} – stood up again").format(name=player, cups=", ".join(map(str, tipped))))
        if catcher is not None and outcome.air:  # the defender who caught it (the Decision "Who catches or swats")
            self.act(Catch(catcher, player))
        elif outcome.air:
            self.bot_reacts()

    def resolve_pair(self, flying: dict[int, InFlight]) -> None:
        """Both balls thrown at once are at rest: one `Together` (bierpong.art4); a swatted ball is no
        part of it – the other ball's `Throw` first, then the `Swat` (bierpong.art14)."""
        views = {b.id: b for b in self.table.balls()}
        results: list[tuple[InFlight, Outcome]] = []
        tipped: list[tuple[str, tuple[int, ...]]] = []
        for bid, f in flying.items():
            o = self.outcome_of(bid, f)
            if f.swatted_by is None:
                f.swatted_by = self.bot_swatter(o)
                tipped.append((f.player, knocked_over(f.events, ball=bid)))
            results.append((f, o))
            v = views.get(bid)
            if v is not None:  # each ball's result where it came to rest
                text = _("{name}: swatted").format(name=f.player) if f.swatted_by else f"{f.player}: {o}"
                self.labels.append(Label(text, v.pos[0], v.pos[1], v.pos[2], 0.0))
        kept = [Throw(f.player, o) for f, o in results if f.swatted_by is None]
        swats = [Swat(f.swatted_by, f.player) for f, _o in results if f.swatted_by is not None]
        if len(kept) == 2:
            if not self.act(Together(kept[0], kept[1]), self.launch_detail([f for f, _o in results])):
                refusal = self.toast
                self.say("art4", _("not ruled as one throw ({refusal}) – the balls one after the other").format(refusal=refusal))
                for (f, _o), t in zip(results, kept):
                    self.act(t, self.launch_detail([f]))
        else:
            if swats and kept:
                s = swats[0]
                self.say("art14", _("{defender} swatted {thrower}'s ball: a swat is no part of a together throw – "
                                    "{name}'s ball is ruled first, then the swat").format(defender=s.defender, thrower=s.thrower, name=kept[0].player))
            for f, o in results:
                if f.swatted_by is None:
                    self.act(Throw(f.player, o), self.launch_detail([f]))
            for sw in swats:
                self.act(sw)
        for player, cups in tipped:
            if cups:
                self.say(_("table"), _("{name}'s ball tipped cup(s) {cups} – stood up again").format(name=player, cups=", ".join(map(str, cups))))
        airs = [f for f, o in results if o.air and f.swatted_by is None]
        caught = [f for f in airs if f.catcher is not None]
        for f in caught:  # a refused catch leaves the referee's reason in the toast
            self.act(Catch(f.catcher or "", f.player))
        if airs and not caught:
            self.bot_reacts()

    def resolve_outcome(self, player: str, outcome: Outcome, detail: dict[str, Any] | None = None) -> None:
        """Apply one classified throw (the throw-off collects both sides' balls first); `detail`:
        the ball's launch, kept in the log (`launch_detail`)."""
        st = self.state
        if st.phase == THROWOFF:
            self.throwoff.append((player, outcome))
            if len(self.throwoff) == 1:
                self.throwoff_launches: list[dict[str, Any]] = []
            self.throwoff_launches += (detail or {}).get("throws", [])
            self.say("art8", _("throw-off: {name} {outcome}").format(name=player, outcome=outcome))
            if len(self.throwoff) == 2:
                (a, oa), (b, ob) = self.throwoff
                self.throwoff = []
                self.act(Throwoff(a, oa, b, ob), {"throws": self.throwoff_launches} if self.throwoff_launches else None)
            self.sync_table()
            return
        self.act(Throw(player, outcome), detail)

    def launch_detail(self, balls: list[InFlight]) -> dict[str, Any] | None:
        """The launches of a throw's balls as the log keeps them (`{"throws": [...]}`, see
        `game.replay`), so a replay throws them again exactly; None when none is known."""
        from game.replay import launch_detail

        known = [(f.player, f.launch) for f in balls if f.launch is not None]
        if not known:
            return None
        first = min(at for _p, (_t, at, _s) in known)
        return {"throws": [launch_detail(p, t.release, t.velocity, t.spin, at - first, side) for p, (t, at, side) in known]}

    def act(self, action: Any, detail: dict[str, Any] | None = None) -> bool:
        """Apply an action to the match (`detail`: what the log keeps for replays, e.g. the ball's
        launch); its rulings go to the feed; False (and a message) when illegal."""
        try:
            entry = self.match.apply(action, detail=detail)
        except (IllegalAction, ValueError) as e:
            self.toast = str(e)
            return False
        self.toast = ""
        self.say("", f"— {action}")
        self._feed_rulings(entry.rulings)
        self.selected = []
        self.pick = 0
        self.sync_table()
        if self.state.is_terminal():
            self.open_final()
        return True

    def final_standing(self) -> tuple[str, str, str]:
        """The end: who won, the cups left, and the sips each player drank (bierpong.art1, bierpong.art9)."""
        st = self.state
        w = st.winner
        head = _("{team} win!").format(team=st.players[w]) if w is not None else _("The game is over")
        cups = " · ".join(_("{team}: {n} cup(s) left").format(team=s.name, n=len(s.rack)) for s in st.sides)
        led = self.match.drinks()  # the rulings that stand: a challenge's override counts, not the original
        sips: dict[str, int] = {m: led[m].sips if m in led.players else 0 for s in st.sides for m in s.members}
        drank = ", ".join(f"{m} {n}" for m, n in sips.items())
        return head, cups, _("Sips drunk: {sips}").format(sips=drank)

    def open_final(self) -> None:
        head, detail, _sips = self.final_standing()

        def chosen(text: str) -> None:
            self.modal = None
            if text == "New match":
                self.new_match()
            elif text == "Menu":
                self.leave()

        self.modal = Confirm(self.host.fonts, self.host.size, head, detail, [N_("New match"), N_("Menu"), N_("Look at the table")], chosen)

    def new_match(self) -> None:
        from game.match import Match

        m = self.match
        new = Match("bierpong", list(m.players), m.profile, seed=random.SystemRandom().randrange(1, 2**31))
        self.host.replace(BierpongMatchScene(self.host, new))

    def refeed(self) -> None:
        """The feed from the log: each action, then its rulings; a challenged ruling struck through
        with its override right after it (the challenge's own line stays where it was made)."""
        self.feed.clear()
        entries = self.match.log.entries
        for i, (e, row) in enumerate(zip(entries, feed_by_entry(entries))):
            if i:
                self.say("", f"— {e.action}")
            for item in row:
                self.say(*ruling_text(item.ruling), struck=item.struck, override=item.override)

    def _feed_rulings(self, rulings: tuple[Ruling, ...] | list[Ruling]) -> None:
        for r in rulings:
            self.say(*ruling_text(r))

    def say(self, head: str, text: str, *, struck: bool = False, override: bool = False) -> None:
        """A feed line, wrapped to the feed's width (the head only on its first line); `struck`: a
        ruling a challenge overrode (`StruckLine`s), `override`: the challenge's ruling (marked »)."""
        if override:
            text = OVERRIDE_MARK + text
        L = self.view.layout
        font = self.host.fonts.font(int(15 * L.s))
        width = L.feed.w - int(20 * L.s) - int(58 * L.s)
        line = ""
        for word in text.split():
            t = f"{line} {word}".strip()
            if line and font.size(t)[0] > width:
                self.feed.append(StruckLine((head, line)) if struck else (head, line))
                head, line = "", word
            else:
                line = t
        self.feed.append(StruckLine((head, line)) if struck else (head, line))
        del self.feed[:-400]

    # --- choices beside throwing -------------------------------------------------------------------

    def legal(self) -> list[Any]:
        st = self.state
        return [] if st.phase in (THROWOFF, OVER) else st.legal_actions()

    def options(self) -> list[_Button]:
        """The buttons that make sense now (calls, fetch, catch, end of round, begin, removal)."""
        st = self.state
        out: list[_Button] = []
        if st.phase == OVER or self.ball is not None:
            return out
        seat = self.seat_to_act()
        legal = self.legal()
        catch = self.catch_button(legal)  # human defenders may say they caught an air ball, whoever acts next
        if seat is not None and self.is_bot(seat):
            return [catch] if catch is not None else out
        for a in legal:
            if isinstance(a, Begin):
                out.append(_Button(_("{team} begin").format(team=a.team), self._do(a)))
            elif isinstance(a, Call) and a.word == "heating up":
                out.append(_Button(f"{a.player}: Heating up!", self._do(a), "H"))
            elif isinstance(a, Call) and a.word == "on fire":
                out.append(_Button(f"{a.player}: On fire!", self._do(a), "O"))
            elif isinstance(a, Call) and a.word == "island" and a.player == self.thrower():
                out.append(_Button(f"Island {a.cup}!", self._do(a), "I"))
            elif isinstance(a, Fetch):
                out.append(_Button(_("{name} fetches").format(name=a.player), self._do(a), "F"))
            elif isinstance(a, Catch) and catch is not None:
                out.append(catch)
                catch = None
            elif isinstance(a, EndRound):
                out.append(_Button(_("End of round"), self._do(a), "E"))
            elif isinstance(a, Remove) and st.phase == PLAY:  # the owners' own Dead Cup, in their round (bierpong.art18)
                out.append(_Button(_("Remove Dead Cup {cup}").format(cup=a.cups[0]), self._do(a)))
            elif isinstance(a, Leave):  # offered only for a plain hit's cup that is not the last (the state decides)
                out.append(_Button(_("Leave {cup} (Dead Cup)").format(cup=a.cup), self._do(a)))
        if st.phase == REMOVE:
            need = self.removal_need()
            out.insert(0, _Button(_("Remove {cups} ({n}/{need} extra)").format(cups=" ".join(map(str, self.removal_cups())), n=len(self.selected), need=need),
                                  self.remove_selected, "Enter"))
        return out

    def catch_button(self, legal: list[Any]) -> _Button | None:
        """"… caught it" for an air ball just thrown (bierpong.art23), for human defenders only (a bot
        seat catches for itself, `bot_reacts`): a lone defender's name; several – it asks which."""
        humans = set(self.human_defenders())
        catches = [a for a in legal if isinstance(a, Catch) and a.catcher in humans]
        if not catches:
            return None
        if len(catches) == 1:
            return _Button(_("{name} caught it").format(name=catches[0].catcher), self._do(catches[0]), "C")
        thrower = catches[0].thrower

        def caught(defender: str) -> None:
            self.act(Catch(defender, thrower))
        return _Button(_("Caught it – who?"), lambda: self.ask_defender(
            _("Who caught {thrower}'s ball?").format(thrower=thrower), "art23", caught), "C")

    def _do(self, action: Any) -> Callable[[], None]:
        return lambda: None if self.act(action) else None

    def removal_need(self) -> int:
        st = self.state
        item = st.queue[0]
        near, rest = st.defender.rack.eligible_extra(item.cup, item.extra, frozenset(r.cup for r in st.queue[1:]))
        return min(item.extra, len(near) + len(rest))

    def eligible(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The cups that may go as extras now: adjacent ones first, the others once those are used up."""
        st = self.state
        if st.phase != REMOVE:
            return (), ()
        item = st.queue[0]
        return st.defender.rack.eligible_extra(item.cup, item.extra, frozenset(r.cup for r in st.queue[1:]))

    def removal_cups(self) -> tuple[int, ...]:
        st = self.state
        return (st.queue[0].cup, *self.selected) if st.phase == REMOVE else ()

    def remove_selected(self) -> None:
        st = self.state
        if st.phase != REMOVE:
            return
        if len(self.selected) != self.removal_need():
            self.toast = _("choose {n} extra cup(s) – {arithmetic}").format(n=self.removal_need(), arithmetic=tr(st.queue[0].arithmetic))
            return
        self.act(Remove(st.defender.name, self.removal_cups()))

    def click_cup(self, pos: tuple[int, int]) -> bool:
        """A click on a far cup while its owners remove: select or unselect it as an extra."""
        st = self.state
        if st.phase != REMOVE or self.is_bot(1 - st.team):
            return False
        L = self.view.layout
        r = max(8.0, CONST.cup_rim_radius * L.k)
        item = st.queue[0]
        for c in st.defender.rack.cups:
            px, py = L.to_top(c.x, c.y)
            if math.hypot(pos[0] - px, pos[1] - py) <= r:
                if c.id == item.cup:
                    return True
                if c.id in self.selected:
                    self.selected.remove(c.id)
                    return True
                near, rest = self.eligible()
                chosen_near = [x for x in self.selected if x in near]
                if c.id in near or (c.id in rest and len(chosen_near) == len(near)):
                    if len(self.selected) < self.removal_need():
                        self.selected.append(c.id)
                    else:
                        self.toast = _("enough cups chosen – Enter removes them")
                else:
                    self.toast = _("cup {n} may not go yet: the adjacent cups first ({cups}) ({rule})").format(
                        n=c.id, cups=", ".join(map(str, near)), rule="bierpong.art3")
                return True
        return False

    def click_ball(self, pos: tuple[int, int]) -> bool:
        """A defender's click on a flying ball (the nearest one under the pointer): a swat after a
        bounce (bierpong.art14), a catch past the far edge (bierpong.art23)."""
        if not self.flying or self.state.phase not in (PLAY,):
            return False
        L = self.view.layout
        best: tuple[float, int, Any] | None = None
        for v in self.table.balls():
            f = self.flying.get(v.id)
            if f is None or f.rested or f.swatted_by is not None:
                continue
            px, py = L.to_top(v.pos[0], v.pos[1])
            d = math.hypot(pos[0] - px, pos[1] - py)
            if d <= CLICK_R * L.s and (best is None or d < best[0]):
                best = (d, v.id, v)
        if best is None:
            return False
        _d, bid, view = best
        f = self.flying[bid]
        bounced = any(isinstance(e, TableBounce) for e in f.events)
        touched = any(isinstance(e, (TableBounce, CupContact)) for e in f.events)
        past = view.pos[0] > CONST.table_length or any(isinstance(e, LeftTable) and e.edge == "far" for e in f.events)
        if not bounced and not (past and not touched):
            return False
        defenders = self.human_defenders()
        if not defenders:  # bots act only for their own seat: they swat and catch by themselves
            self.toast = _("{team} are bots: they swat and catch for themselves").format(team=self.state.players[self.target_side()])
            return True
        if bounced:
            self.ask_defender(_("Who swatted {thrower}'s ball?").format(thrower=f.player), "art14", lambda d: self.swat_ball(bid, d))
        else:
            self.ask_defender(_("Who caught {thrower}'s ball?").format(thrower=f.player), "art23", lambda d: self.catch_ball(bid, d))
        return True

    def human_defenders(self) -> tuple[str, ...]:
        """The defenders a click on a ball may credit: the members of the side thrown at, if it is
        a human seat (a bot seat swats and catches for itself, `bot_swatter`, `bot_reacts`)."""
        d = self.target_side()
        return () if self.is_bot(d) else self.state.sides[d].members

    def ask_defender(self, question: str, rule: str, then: Callable[[str], None]) -> None:
        """The defender who did it (the Decision "Who catches or swats", art14/art23): a lone human
        defender at once; several – the table waits while `DefenderChooser` asks which."""
        defenders = self.human_defenders()
        if len(defenders) == 1:
            then(defenders[0])
            return
        self.modal = DefenderChooser(self.host.fonts, self.host.size, question,
                                     _("The defender who did it is credited ({rule}) – 1–{n} or a click; Esc: nobody").format(rule=rule, n=len(defenders)),
                                     list(defenders), then)

    def swat_ball(self, bid: int, defender: str) -> None:
        """`defender` swats the ball `bid` away (bierpong.art14)."""
        f = self.flying.get(bid)
        if f is None or f.rested or f.swatted_by is not None:
            return
        if len(self.flying) == 1:
            self.table.reset_balls()
            self.flying = {}
            self.act(Swat(defender, f.player))
            return
        f.swatted_by = defender  # one of two balls thrown at once: ruled when the other rests
        self.table.remove_ball(bid)  # off the table: it touches nothing more
        self.toast = _("{defender} swatted {thrower}'s ball ({rule}) – the other ball is ruled first").format(defender=defender, thrower=f.player, rule="art14")
        if all(g.rested or g.swatted_by is not None for g in self.flying.values()):
            self.resolve()

    def catch_ball(self, bid: int, defender: str) -> None:
        """`defender` caught the ball `bid` past the far edge (bierpong.art23): ruled when it rests."""
        f = self.flying.get(bid)
        if f is None:
            return
        f.catcher = defender
        self.toast = _("{name} caught the ball").format(name=defender)

    @property
    def factor(self) -> float:
        """The table stands still while the defenders say who swatted or caught (`DefenderChooser`)."""
        return 0.0 if isinstance(self.modal, DefenderChooser) else super().factor

    # --- bots ------------------------------------------------------------------------------------

    def bot_step(self, dt: float) -> None:
        seat = self.seat_to_act()
        if seat is None or not self.is_bot(seat) or self.flying:
            return
        bots = bot_module()
        if bots is None:
            self.message = _("bot seats wait: game/bierpong/bots.py is not there yet")
            return
        self.bot_wait -= dt
        st = self.state
        humans_may_catch = st.phase in (PLAY, CALLS) and not self.is_bot(1 - st.team) and any(isinstance(a, Catch) for a in self.legal())
        if self.bot_wait > (-CATCH_TIME if humans_may_catch else 0.0):  # give human catchers time to click
            return
        self.bot_wait = BOT_DELAY
        st = self.state
        rng = self.match.rng
        try:
            if st.phase == THROWOFF:  # the scene collects the throw-off ball by ball, each on the live table
                who = rng.choice(self.throwers())
                rack = st.sides[self.target_side()].rack
                sk = bot_skill(bots, self.match.players[seat].kind)
                t = bots.aimed_throw(rack.cup(bots.target_cup(rack)), sk, rng)
                self.sync_table()
                bid = PongScene.throw(self, t)
                if bid is not None:
                    self.flying[bid] = InFlight(who, launch=(t, self.steps, self.target_side()))
                return
            action = self.bots(bots).act(st)
            if isinstance(action, Together) and st.phase == PLAY:  # both balls at once (bierpong.art4)
                self.live_bot_together(bots, action)
                return
            if isinstance(action, (Throw, Swat)) and st.phase in (PLAY, KONTER):
                self.live_bot_throw(bots, action.player if isinstance(action, Throw) else action.thrower)
                return
        except Exception as e:  # a bot's own failure must not end the match
            self.message = _("the bot failed: {error}").format(error=e)
            return
        self.act(action)

    def bot_aim(self, bots: Any, st: BierpongState, player: str, *, avoid: frozenset[int] = frozenset()) -> PhysThrow:
        """The physical throw a bot makes now: `BierpongBots.plan` (bounce aims, a Konter's special
        shot; the second of two balls at once aims at another cup than the first)."""
        t: PhysThrow = self.bots(bots).plan(st, player, avoid=avoid)
        return t

    def live_bot_throw(self, bots: Any, player: str) -> None:
        """A bot's throw on the live table: aimed as `game.bierpong.bots` aims, ruled when it rests."""
        t = self.bot_aim(bots, self.state, player)
        self.sync_table()
        bid = PongScene.throw(self, t)
        if bid is not None:
            self.flying[bid] = InFlight(player, launch=(t, self.steps, self.target_side()))

    def live_bot_together(self, bots: Any, action: Together) -> None:
        """Bots throw both standard balls at once on the live table (bierpong.art4), both aimed at
        the rack standing now; ruled as one `Together` when both rest."""
        st = self.state
        first = self.bot_aim(bots, st, action.first.player)
        avoid = frozenset(c for c in (getattr(self.bots(bots), "last_target", None),) if c is not None)
        throws = [(action.first.player, first), (action.second.player, self.bot_aim(bots, st, action.second.player, avoid=avoid))]
        self.sync_table()
        for player, t in throws:
            bid = PongScene.throw(self, t)
            if bid is not None:
                self.flying[bid] = InFlight(player, pairable=True, launch=(t, self.steps, self.target_side()))

    def bots(self, bots: Any) -> Any:
        """The table's bots (`game.bierpong.bots.BierpongBots`): every bot team's players with their
        skill (kept while the seats and the match's random source stay, so their caches last)."""
        kinds = tuple((m, self.match.players[i].kind) for i, side in enumerate(self.state.sides)
                      for m in side.members if self.is_bot(i))
        key = (bots.BierpongBots, kinds, id(self.match.rng))
        if self._table_bots[0] != key or getattr(self._table_bots[1], "rng", None) is not self.match.rng:
            skills = {m: bot_skill(bots, kind) for m, kind in kinds}
            self._table_bots = (key, bots.BierpongBots(skills, self.match.rng))
        return self._table_bots[1]

    def bot_swatter(self, outcome: Outcome) -> str | None:
        """The bot defender who swats a bounced ball that would drop in, as often as their skill
        (bierpong.art14); None: no swat."""
        d = 1 - self.thrower_team()
        bots = bot_module()
        st = self.state
        if bots is None or not self.is_bot(d) or st.phase != PLAY or not (outcome.hit and outcome.bounced):
            return None
        if self.match.rng.random() >= bot_skill(bots, self.match.players[d].kind).swat:
            return None
        swatter: str = self.match.rng.choice(st.sides[d].members)
        return swatter

    def bot_swats(self, player: str, outcome: Outcome) -> bool:
        """Bot defenders swat a bounced ball that would drop in (bierpong.art14): applied, True."""
        d = self.bot_swatter(outcome)
        return d is not None and self.act(Swat(d, player))

    def bot_reacts(self) -> None:
        """Bot defenders of a human thrower: they catch an air ball now and then (bierpong.art23)."""
        d = 1 - self.thrower_team()
        bots = bot_module()
        if bots is None or not self.is_bot(d) or self.state.phase not in (PLAY, CALLS):
            return
        catches = [a for a in self.legal() if isinstance(a, Catch)]
        if catches and self.match.rng.random() < bot_skill(bots, self.match.players[d].kind).catch:
            self.act(catches[0])

    # --- input -------------------------------------------------------------------------------------

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.overlay_event(e):
            return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(e.pos):
                    b.action()
                    return
            if self.click_ball(e.pos) or self.click_cup(e.pos):
                return
        if e.type == pygame.KEYDOWN:
            ctrl = bool(e.mod & pygame.KMOD_CTRL)
            if ctrl and e.key == pygame.K_z:
                self.undo()
                return
            if ctrl and e.key == pygame.K_s:
                self.save()
                return
        super().handle_event(e)

    def key(self, key: int) -> None:
        by_key = {b.key: b for b in self.options() if b.key}
        names = {pygame.K_h: "H", pygame.K_o: "O", pygame.K_i: "I", pygame.K_f: "F", pygame.K_c: "C", pygame.K_e: "E",
                 pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter"}
        if key in names and names[key] in by_key:
            by_key[names[key]].action()
        elif key == pygame.K_a:
            self.preview_on = not self.preview_on
            self.preview = []
        elif key == pygame.K_TAB:
            self.pick += 1
        elif key == pygame.K_l:
            self.open_log()
        elif key == pygame.K_k:
            self.open_challenge()
        elif key == pygame.K_t:
            self.open_table_events()
        elif key in (pygame.K_s, pygame.K_SPACE, pygame.K_UP, pygame.K_DOWN):
            super().key(key)

    def _update_preview(self) -> None:
        if self.preview_on:
            super()._update_preview()
        else:
            self.preview = []

    def back(self) -> bool:
        if self.close_overlay() or super().back():
            return True
        self.leave()
        return True

    def leave(self) -> None:
        """Back to the menu; an unfinished match is kept (its own file, or the autosave)."""
        if not self.state.is_terminal() and self.save_path is not None:  # the autosave holds it anyway
            try:
                self.match.save(self.save_path)
            except OSError:
                pass
        self.autosave.close()
        self.host.pop()

    def closed(self) -> None:
        self.autosave.close()

    def help_toggle(self) -> None:
        """F1: the Bierpong rules of this match's profile."""
        from game.ui.help import HelpOverlay

        if self.help is None:
            self.help = HelpOverlay(self.host.fonts, "bierpong", self.host.size, self.match.profile, self.match.info.spec)
        else:
            self.help = None

    def undo(self) -> None:
        if len(self.match.log.entries) <= 1:
            self.toast = _("nothing to undo")
            return
        self.undo_to(len(self.match.log.entries) - 1)

    def undo_to(self, n: int) -> None:
        self.match.undo_to(n)
        self.autosave.after_undo()
        self.modal = None
        self.resync()
        self.toast = _("back to before action {n}").format(n=n + 1)

    def resync(self) -> None:
        """The table anew from the match as it stands now (after an undo; the replay viewer's step):
        no ball in play, nothing chosen, the feed from the log, the rack thrown at on the table."""
        self.throwoff = []
        self.selected = []
        self.flying = {}
        self.labels.clear()
        self.toast = self.message = ""
        self.table.reset_balls()
        self.refeed()
        self.sync_table()

    def save(self) -> Path | None:
        path = self.save_path or new_save_path("bierpong")
        error = write_save(self.match, path)
        if error is not None:
            self.toast = _("could not save: {error}").format(error=error)
            return None
        self.save_path = path
        self.toast = _("saved to {path}").format(path=path)
        return path

    def open_log(self) -> None:
        items = [(f"{i + 1:>4}.  {e.action}", str(i)) for i, e in enumerate(self.match.log.entries) if i > 0]
        self.modal = log_dialog(self.host.fonts, self.host.size, items, self.undo_to)

    def open_challenge(self) -> None:
        """K: challenge a drink ruling (issue 8): the dialog lists them, newest first."""
        self.modal = ChallengeDialog(self.host.fonts, self.host.size, lambda: self.match.log.entries, self.match.people(), self.challenge)

    def challenge(self, ch: Challenge) -> str | None:
        """Apply a challenge (also after the game): the referee's refusal, or None; the feed strikes
        the original and shows the override after it, the final standing's sips follow it."""
        try:
            self.match.apply(ch)
        except IllegalAction as e:
            return str(e)
        self.refeed()
        self.toast = _("ruling {n} overridden – {name} challenged it").format(n=f"{ch.entry}.{ch.ruling}", name=ch.by)
        return None

    def void_last_throw(self, player: str) -> bool:
        """Take back `player`'s throw if it is the last entry of the log (`elbow_voids_throw`); True if done."""
        entries = self.match.log.entries
        if len(entries) <= 1:
            return False
        try:
            last = self.state.parse_action(entries[-1].action)
        except ValueError:
            return False
        throwers = [last.player] if isinstance(last, Throw) else [last.first.player, last.second.player] if isinstance(last, Together) else []
        if player not in throwers:
            return False
        self.match.undo_to(len(entries) - 1)
        self.autosave.after_undo()
        self.resync()
        return True

    def open_table_events(self) -> None:
        self.modal = TableEvents(self.host.fonts, self.host.size, lambda: self.state, self.table_event)

    def table_event(self, action: Any) -> str | None:
        """Apply a table event through `act`: None when applied, else the referee's refusal.

        An elbow over the edge (bierpong.art12) is only noted by default (the rulebook sets no sanction);
        with `elbow_voids_throw` the player's throw just ruled is void: it is taken back first (the log then
        holds the call in its place, as a record does) and thrown again."""
        if isinstance(action, Foul) and action.kind == "elbow" and self.match.profile["elbow_voids_throw"]:
            self.void_last_throw(action.player)
        if self.act(action):
            return None
        refusal, self.toast = self.toast, ""
        return refusal or _("not allowed now")

    # --- time and drawing --------------------------------------------------------------------------

    def time_limit(self) -> float | None:
        """The game clock's length in seconds (the profile's `timer` minutes; None: no timer)."""
        minutes = self.match.profile["timer"]
        return float(minutes) * 60 if minutes else None  # type: ignore[arg-type]

    def clock_runs(self) -> bool:
        st = self.state
        return (self.time_limit() is not None and st.phase not in (THROWOFF, CHOOSE, OVER) and not st.timed_out
                and self.modal is None and self.help is None)

    def tick_clock(self, dt: float) -> None:
        """The game clock (bierpong.art9): real time; at its end `Time` is applied once (between balls)."""
        limit = self.time_limit()
        if limit is None or not self.clock_runs():
            return
        self.clock = min(limit, self.clock + dt)
        if self.clock >= limit and not self.time_called and self.ball is None:
            self.time_called = True
            self.act(Time())

    def clock_text(self) -> str:
        limit = self.time_limit()
        if limit is None:
            return ""
        if self.state.timed_out or self.time_called:
            return _("time is up")
        left = max(0, math.ceil(limit - self.clock))
        return _("{clock} left").format(clock=f"{left // 60}:{left % 60:02d}")

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.modal is not None and not self.modal.open:
            self.close_modal()
        if self.modal is not None:
            self.modal.update(dt)
        if self.help is not None:
            self.help.update(dt)
        self.tick_clock(dt)
        if self.modal is None and self.help is None:
            self.bot_step(dt)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.modal is not None:
            self.modal.resize(size)
        if self.help is not None:
            self.help.resize(size)

    def round_number(self) -> int:
        """The round (bierpong.art11) now: rounds begun in the log, replayed once per log length."""
        n = len(self.match.log.entries)
        if self._rounds[0] != n:
            st = BierpongState.start(self.state.players, self.match.profile,
                                     members=[s.members for s in self.state.sides]).state
            rounds = 0
            for e in self.match.log.entries[1:]:
                if e.seat == CHALLENGE:  # changes no state
                    continue
                was = (st.phase, st.team, st.round_throws)
                try:
                    st = st.apply(e.action).state
                except (IllegalAction, ValueError):
                    break
                if st.phase == PLAY and st.round_throws == 0 and was != (PLAY, st.team, 0):
                    rounds += 1
            self._rounds = (n, max(1, rounds))
        return self._rounds[1]

    def scoreboard(self) -> str:
        st = self.state
        a, b = st.sides
        head = f"{a.name} {len(a.rack)} – {len(b.rack)} {b.name}"
        if self.clock_text():
            head = f"{head} · {self.clock_text()}"
        if st.phase == OVER:
            w = st.winner
            return f"{head} · " + (_("{team} win!").format(team=st.players[w]) if w is not None else _("over"))
        who = self.thrower()
        if st.phase == THROWOFF:
            what = _("throw-off: {name} throws").format(name=who)
        elif st.phase == CHOOSE:
            what = _("{team} choose who begins").format(team=st.players[st.team])
        elif st.phase == REMOVE:
            what = _("{team} remove cups: {arithmetic}").format(team=st.defender.name, arithmetic=tr(st.queue[0].arithmetic))
        elif st.phase == CALLS:
            what = _("calls, catch or fetch – or end of round")
        elif st.phase == KONTER:
            what = _("Konter: {name} throws").format(name=who)
        elif self.pairing() is not None and who is not None:
            what = _("{name} may throw too – both balls at once ({rule})").format(name=who, rule="art4")
        elif len(self.flying) > 1:
            what = _("{names}: both balls in the air ({rule})").format(names=" & ".join(f.player for f in self.flying.values()), rule="art4")
        else:
            what = _("{name} throws ({team})").format(name=who, team=st.players[st.team])
        return f"{head} · " + _("round {n}").format(n=self.round_number()) + f" · {what}"

    def frame(self) -> PongFrame:
        fr = super().frame()
        st = self.state
        hit = {h.cup for h in st.hits} if st.phase in (PLAY, CALLS, REMOVE) else set()
        cups = [dataclasses.replace(c, holds_ball=c.holds_ball or c.id in hit) for c in fr.cups]
        gone = {self.flights[b].number for b, f in self.flying.items() if f.swatted_by is not None and b in self.flights}
        balls = [b for b in fr.balls if b.number not in gone]  # a swatted ball of a pair is off the table
        own = st.sides[self.thrower_team()].rack
        for c in own.cups:  # the thrower's own rack, seen from its own end
            cups.append(CupDraw(c.id, CONST.table_length - c.x, -c.y, dim=True))
        status = self.scoreboard()
        if self.toast or self.message:
            status = f"{self.toast or self.message} · {status}"
        a, b = st.players
        return dataclasses.replace(fr, cups=cups, balls=balls, status="", keys=KEYS, title=_("Bierpong – {a} vs {b}").format(a=a, b=b), banner=status)

    def draw(self, surface: pygame.Surface) -> None:
        fr = self.frame()
        self.view.draw(surface, dataclasses.replace(fr, banner=""))
        self.strike_feed(surface, fr)
        self._draw_hud(surface, fr.banner)
        if self.modal is not None:
            self.modal.draw(surface)
        if self.help is not None:
            self.help.draw(surface)

    def strike_feed(self, surface: pygame.Surface, fr: PongFrame) -> list[pygame.Rect]:
        """Dim the feed's `StruckLine`s and draw a line through them (the rows as `PongView` lays
        the feed out); returns the struck text rectangles."""
        L = self.view.layout
        s = L.s
        r = L.feed
        pad = int(10 * s)
        y = r.top + pad + int(28 * s)
        line_h = int(19 * s)
        room = max(0, (r.bottom - (len(fr.keys) * int(17 * s) + pad) - y - pad) // line_h)
        font = self.host.fonts.font(int(15 * s))
        out = []
        for k, line in enumerate(list(fr.feed)[-room:] if room else []):
            if isinstance(line, StruckLine) and line[1]:
                w, h = font.size(line[1])
                box = pygame.Rect(r.left + pad + int(58 * s), y + k * line_h, w, h)
                veil = pygame.Surface(box.inflate(4, 0).size, pygame.SRCALPHA)
                veil.fill((30, 36, 36, 130))
                surface.blit(veil, box.inflate(4, 0))
                pygame.draw.line(surface, theme.CHALK_RED, (box.x - 2, box.centery + 1), (box.right + 2, box.centery + 1), max(1, int(2 * s)))
                out.append(box)
        return out

    def _draw_hud(self, surface: pygame.Surface, status: str) -> None:
        L = self.view.layout
        s = L.s
        f = self.host.fonts
        st = self.state
        # the removal: the hit cup ringed, the eligible extras glowing, the chosen ones ticked
        if st.phase == REMOVE:
            r = max(6, int(CONST.cup_rim_radius * L.k) + int(3 * s))
            near, rest = self.eligible()
            chosen_near = [x for x in self.selected if x in near]
            for c in st.defender.rack.cups:
                p = L.to_top(c.x, c.y)
                if c.id == st.queue[0].cup:
                    pygame.draw.circle(surface, theme.AMBER, p, r, max(2, int(4 * s)))
                elif c.id in self.selected:
                    pygame.draw.circle(surface, (120, 255, 140), p, r, max(2, int(4 * s)))
                elif c.id in near or (c.id in rest and len(chosen_near) == len(near)):
                    pygame.draw.circle(surface, theme.CHALK_BLUE, p, r, max(1, int(2 * s)))
        # the scoreboard over the side view, the buttons below it
        sd = L.side
        back = pygame.Surface((sd.w - int(12 * s), int((98 if st.is_terminal() else 78) * s)), pygame.SRCALPHA)
        back.fill((18, 22, 24, 170))
        surface.blit(back, (sd.left + int(4 * s), sd.top + int(18 * s)))
        board = f.shadowed(status, int(17 * s), theme.CHALK_YELLOW, "bold")
        surface.blit(board, (sd.left + int(8 * s), sd.top + int(22 * s)))
        y = sd.top + int(22 * s) + board.get_height() + int(4 * s)
        x = sd.left + int(8 * s)
        for i, side in enumerate(st.sides):
            who = ", ".join(side.members)
            team = _("{team} (bots)").format(team=side.name) if self.is_bot(i) else side.name
            dead = " · " + _("Dead Cups {cups}").format(cups=", ".join(map(str, sorted(side.dead)))) if side.dead else ""
            text = _("{team}: {members} – cups {cups}").format(team=team, members=who, cups=" ".join(map(str, side.rack.ids)) or _("none"))
            line = f.text(text + dead, int(14 * s), theme.CHALK)
            surface.blit(line, (x, y))
            y += line.get_height() + int(2 * s)
        if st.is_terminal():
            line = f.text(self.final_standing()[2], int(14 * s), theme.CHALK_YELLOW)
            surface.blit(line, (x, y))
            y += line.get_height() + int(2 * s)
        self.buttons = self.options()
        bx, by = x, y + int(6 * s)
        for b in self.buttons:
            label = f"{b.text}" + (f"  [{b.key}]" if b.key else "")
            t = f.text(label, int(15 * s), theme.INK, "bold")
            rect = t.get_rect(topleft=(bx + int(8 * s), by + int(5 * s))).inflate(int(16 * s), int(10 * s))
            if rect.right > sd.right:
                bx, by = x, by + rect.height + int(6 * s)
                rect.topleft = (bx, by)
            pygame.draw.rect(surface, theme.CREAM, rect, border_radius=int(6 * s))
            pygame.draw.rect(surface, theme.BRASS_DARK, rect, 2, border_radius=int(6 * s))
            surface.blit(t, t.get_rect(center=rect.center))
            b.rect = rect
            bx = rect.right + int(8 * s)
        if self.preview_on:
            aim = f.text(_("aim preview on (A)"), int(13 * s), theme.CHALK_BLUE, "italic")
            surface.blit(aim, (sd.right - max(int(140 * s), aim.get_width() + int(8 * s)), sd.bottom - int(20 * s)))


BOT_KINDS = ("bot", "casual", "regular", "good", "pro")  # a seat's kind: "bot" is a regular player


def bot_skill(bots: Any, kind: str) -> Any:
    """The `game.bierpong.bots.Skill` of a seat's kind."""
    return bots.skill_of("regular" if kind not in bots.SKILLS else kind)


def run_bierpong(match: Match, *, frames: int | None = None, screenshot: str | None = None,
                 size: tuple[int, int] = (1280, 800), fullscreen: bool = False) -> int:
    """The match scene alone in a window (tests and tools)."""
    from game.ui.app import App

    app = App(size, fullscreen, title="Stammtisch – Bierpong")
    try:
        app.push(BierpongMatchScene(app, match))
        return app.run(frames, screenshot)
    finally:
        app.close()

