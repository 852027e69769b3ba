"""A Bierpong match on the physics table: a view over its `PongSession` (`game.session.pong`).

The session holds the game: the live table (`LiveTable`), who throws, both balls at once
(bierpong.art4), resolving a throw when its balls rest, the throw-off ball by ball, swats and
catches, the bots, the game clock (bierpong.art9) and undo. This scene only draws it and turns
clicks and keys into `session.request(...)`.

The table is always drawn from the thrower's end: the cups thrown at stand at the far end (the live
physics), the thrower's own rack is drawn mirrored at the near end. A human throws with the mouse
(the slingshot, `game.ui.pong.pong_aim`). While a ball is in the air the defenders may click it: after
it touched down that is a swat (bierpong.art14), past the far edge without a touch a catch
(bierpong.art23); of several human defenders the scene asks which (`DefenderChooser`, keys 1–4, the
table stands still; Esc: nobody). Hit cups are removed by their owners with clicks (the hit cup is
shown close up, as they see their rack from their end: the hit cup, the extra cups that may go – the
adjacent ones first – big to click, and what to do in words; `pong_removal`). The throw-off is seen
from the side, both racks in the picture (bierpong.art8). Calls, fetches, "end of round" and
the choice of who begins are buttons (and keys); the table's events are entered in the "Table
events" dialog (key T).

Keys: drag to throw (in teams the partner may throw too while the first ball flies), A aim preview
(an assist, off by default), Tab next thrower, H heating up, O on fire, I island, F fetch, C catch,
E end of round, Enter remove the selected cups, T table events, L the log, K challenge a drink ruling
(the original stays struck through in the feed, its override right after it), Ctrl+Z undo, Ctrl+S save,
S slow motion, Space pause, ↑/↓ or wheel the angle, Esc leave.
"""
from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.bierpong.actions import Begin, Call, Catch, EndRound, Fetch, Leave, Remove, Together
from game.bierpong.state import CALLS, CHOOSE, KONTER, OVER, PLAY, REMOVE, THROWOFF, BierpongState
from game.i18n import N_, _, tr
from game.rules.challenge import Challenge
from game.rules.realtable import ASIDE, parse_mode
from game.session import LIVE, Applied, Notice, Rewound, SessionEvent, session_for
from game.session.live_table import LiveTable
from game.session.pong import CatchBall, PongSession, Release, SwatBall
from game.ui.common.session_scene import SessionScene
from game.ui.common.table_panel import TV_KEYS
from game.ui.common.challenge import ChallengeDialog
from game.session.feed import FeedItem
from game.ui.common.modal import Confirm, log_dialog
from game.ui.pong.pong_view import ball_draws, cup_draws
from game.ui.pong.pong import SLOW, draw_call_out, event_label, event_place, follow_balls, is_routine, play_sound
from game.ui.pong import pong_entry
from game.ui.pong.pong_aim import Sling
from game.ui.pong.pong_dialogs import TABLE_EVENTS, DefenderChooser, TableEvents
from game.ui.pong.pong_feed import ScoreSheet, SheetFeed, cups_text, shot_word
from game.ui.pong.pong_hud import OVERRIDE_MARK, Button, StruckLine, draw_board, draw_removal, strike_feed
from game.ui.pong.effects import TableEffects, calls
from game.ui.common.banners import Banners
from game.ui.common.words import HOST_SWITCHES, refusal_words
from game.ui.common.sound import sounds
from game.ui.pong.pong_cameras import TableCameras
from game.ui.pong.pong_removal import Choices, RemovalCard, RemovalPicker
from game.ui.pong.pong_view import BallDraw, CupDraw, Dims, Label, PongFrame, PongView, add_label
from game.ui.common.prefs import assist, choose_aim_preview, count_pong_match, pong_aim_preview
from game.ui.common.scene import Host, OverlayScene
from physics.constants import CONST
from physics.events import Event
from physics.table import Cup

if TYPE_CHECKING:
    from game.match import Match

__all__ = ["BierpongMatchScene", "OVERRIDE_MARK", "StruckLine", "TABLE_EVENTS", "TableEvents"]

KEYS = (  # shown through `_()` by the view
    N_("drag back: throw · Tab: thrower"),
    N_("teams: partner may join the 1st ball (art4)"),
    N_("click the ball: swat / catch past the edge"),
    N_("A: aim preview · H O I: calls · F: fetch"),
    N_("E: end of round · cups + Enter: remove"),
    N_("T: table events (fouls, knock-over, time)"),
    N_("L: log · K: challenge a drink ruling"),
    N_("Ctrl+Z: undo · Ctrl+S: save"),
    N_("Ctrl+R: real table (throws entered)"),
    N_("S: slow · Space: pause · ↑↓: angle · Esc"),
    N_("V: view (thrower's · side · above)"),
    N_("P: side view inset (in perspective)"),
)
CLICK_R = 28  # px around a ball that a click reaches


class BierpongMatchScene(SheetFeed, RemovalPicker, SessionScene, TableCameras, Sling, OverlayScene):
    """The match scene: a `Match` of Bierpong played on its session's live table."""

    lists_keys = True  # a spectator's keys are on the scene's own key list

    session: PongSession

    def __init__(self, host: Host, match: Match, *, save_path: str | Path | None = None, autosave: bool = True,
                 session: PongSession | None = None) -> None:
        super().__init__(host)
        self.match = match
        if session is None:  # (given: a team joined from another laptop, `game.net.remote`)
            session = session_for(match, pace=LIVE, autosave=autosave, save_path=save_path)  # type: ignore[assignment]
        assert isinstance(session, PongSession)
        self.session: PongSession = session
        self.dims = Dims(CONST.cup_rim_radius, CONST.cup_base_radius, CONST.cup_height, CONST.ball_radius)
        self.view = PongView(host.fonts, host.size, self.dims)
        self.slow = assist("slow_motion", False)
        self.paused = False
        self.init_sling()
        self.preview_on = pong_aim_preview()  # an assist: on in a player's first match, then as they chose (A)
        self.feed: list[tuple[str, str]] = []
        self.labels: list[Label] = []
        self.results: list[Label] = []  # the balls' results, labelled once their last events are
        self.selected: list[int] = []  # cups clicked for the removal
        self.card = RemovalCard(host.fonts, self.dims)  # the owners' rack close up before a removal
        self._choices: tuple[object, Choices | None] = (None, None)  # (the state, its removal choices)
        self.throwoff_rest: tuple[float, float, float] | None = None  # the throw-off's first ball, where it rests
        self.toast = ""
        self.message = ""
        self.buttons: list[Button] = []
        self.banner_rect: pygame.Rect | None = None  # where the last frame drew the call-out
        self.shown: LiveTable | None = None  # a table to draw instead of the session's (the replay's)
        self.effects = TableEffects()  # splashes, shakes, cups lifted away, the count ticking, swattable balls
        self.banners = Banners(host.fonts)  # a hit's shot and the special shots, called out over the table
        # the cameras (V): the thrower's view in perspective, from the side, or the top-down view;
        # a change of view (V) moves the camera smoothly, a change of the throwing team cuts there (`pong_cameras`)
        self.init_cameras("side" if self.watching() else "thrower")  # the TV sees both racks
        self._cam_team = self.state.throwing_team()
        self.sheet = ScoreSheet()  # the feed: one block per round (`pong_feed`)
        self.entry = pong_entry.ThrowEntry()  # a real table: what a real throw did (`pong_entry`)
        self.session.listen(self.heard)
        self.refeed()
        if len(match.log.entries) <= 1 and not self.watching():  # a match begun here (the first shows the aim preview)
            count_pong_match()

    # --- the session's view ----------------------------------------------------------------------

    @property
    def state(self) -> BierpongState:
        return self.session.state

    @property
    def save_path(self) -> Path | None:
        return self.session.save_path

    @save_path.setter
    def save_path(self, path: str | Path | None) -> None:
        self.session.save_path = Path(path) if path else None

    @property
    def live(self) -> LiveTable:
        """The table drawn: the session's, or one the replay viewer shows (`show_table`)."""
        return self.shown if self.shown is not None else self.session.table

    def show_table(self, table: LiveTable | None) -> None:
        """Draw `table` instead of the session's (None: the session's again) – the replay's balls."""
        self.shown = table

    def thrower(self) -> str | None:
        return self.session.thrower()

    def heard(self, ev: SessionEvent) -> None:
        """The session applied an entry, rewound, or has something to say."""
        if isinstance(ev, Applied):
            self.toast = ""
            self.selected = []
            side = self.session.table.side  # the rack on the live table: its removed cups rise away
            if 0 <= side < 2 and hasattr(ev.before, "sides"):
                gone = [c for c in ev.before.sides[side].rack.cups if c.id not in ev.after.sides[side].rack]
                if gone:
                    self.effects.removed([CupDraw(c.id, c.x, c.y) for c in gone])
            if hasattr(ev.before, "sides") and hasattr(ev.after, "sides"):
                for i in range(2):  # the scoreboard's count ticks down
                    self.effects.cups_gone(i, len(ev.before.sides[i].rack), len(ev.after.sides[i].rack))
                self.call_out(ev)
            if ev.entry.seat in ASIDE:  # (a challenge, a switch of the table: no throw of the game)
                self.switched(ev.entry.action)
                self.refeed()
                return
            if not isinstance(ev.before, BierpongState) or not isinstance(ev.after, BierpongState):
                self.refeed()
            elif self.sheet.add(ev.entry.action, [FeedItem(r) for r in ev.entry.rulings], ev.before, ev.after):
                self.show_feed()
            pair = self.state.parse_action(ev.entry.action)
            if isinstance(pair, Together):
                self.label_pair(pair)
            if self.state.is_terminal():
                self.open_final()
        elif isinstance(ev, Rewound):
            self.selected = []
            self.labels.clear()
            self.banners.clear()
            self.refeed()
        elif isinstance(ev, Notice):
            self.sheet.note(ev.text)
            self.show_feed()
            if ev.kind == "error":
                self.toast = ev.text
                if pong_entry.entry_open(self):  # (the host refused what the card sent: said on the card too)
                    self.entry.error = ev.text

    def switch_table(self) -> bool:
        """Ctrl+R: from now on the throws are entered (a real table) or thrown on the physics table –
        between throws, by a team playing at this keyboard (the host's alone when hosted); logged."""
        s = self.session
        if self.replaying or self.watching() or s.table.busy or s.over():
            return False
        if not s.authority.local:
            self.toast = _(HOST_SWITCHES)
            return False
        t = self.state.throwing_team()
        seat = next((i for i in (t, 1 - t) if self._here(i)), None)
        if seat is None:
            return False
        refusal = s.switch_table(seat, not s.real_table())
        if refusal is not None:
            self.toast = refusal_words(str(refusal))
        return refusal is None

    def switched(self, action: str) -> None:
        """A logged switch of the table: a banner says who switched and which way."""
        try:
            mode = parse_mode(action)
        except ValueError:
            return  # (a challenge)
        said = (_("{name}: real balls – each throw is entered on the card") if mode.real
                else _("{name}: the balls fly on the screen again")).format(name=mode.by)
        self.banners.push(_("Real table") if mode.real else _("Simulated table"), said, "info", 1.6)
        self.toast = said

    def call_out(self, ev: Applied) -> None:
        """A hit's banner – its shot's name, who hit which cup – with its sound, and the special shots'
        call-outs (`effects.calls`); a busy moment lets the oldest waiting banners go."""
        try:
            action = ev.before.parse_action(ev.entry.action)
        except ValueError:
            return
        for c in calls(action, ev.entry.rulings, ev.before):
            while len(self.banners.queue) > 2:
                del self.banners.queue[1]
            self.banners.push(c.text, c.sub, c.style, 1.4 if c.style == "call" else 1.2)
            sounds().play(c.sound)

    def label_pair(self, a: Together) -> None:
        """Each ball of a throw of both balls at once labelled with its result where it rests."""
        for b, t in zip(self.session.table.balls(), (a.first, a.second)):
            said = f"{t.player}: {shot_word(t.outcome)}" + (f" → {cups_text((t.outcome.cup,))}" if t.outcome.cup is not None else "")
            self.results.append(Label(said, b.pos[0], b.pos[1], b.pos[2], 0.0, ball=b.id, life=2.0))  # after the balls' last events

    def label_events(self, live: LiveTable, events: list[Event]) -> None:
        """The table's events labelled where they happened (and their sounds)."""
        self.effects.events(events, bool(self.session.human_defenders()) and self.state.phase in (PLAY, KONTER))
        for e in events:
            play_sound(e)
            if not is_routine(e):
                x, y, z = event_place(live, e, self.dims.cup_h)
                add_label(self.labels, Label(event_label(e, live), x, y, z, 0.0, ball=e.ball))

    def resync(self) -> None:
        """The view anew from the match as it stands (the replay viewer's step)."""
        self.session.resync()
        self.shown = None
        self.selected = []
        self.labels.clear()
        self.banners.clear()
        self.toast = self.message = ""
        self.refeed()

    def target_side(self) -> int:
        return self.session.target_side()

    def cups_now(self) -> tuple[Cup, ...]:
        """The cups standing on the table now (the preview's rack)."""
        return tuple(Cup(c.id, c.pos[0], c.pos[1]) for c in self.live.table_cups() if not c.tipped) or self.session.rack_cups()

    @property
    def factor(self) -> float:
        """The table's speed: paused, slow motion, and slowed a moment when a ball becomes swattable."""
        return 0.0 if self.paused else (SLOW if self.slow else 1.0) * self.effects.factor

    # --- time ------------------------------------------------------------------------------------

    def can_aim(self) -> bool:
        """A person here may throw now: the ball waits in the thrower's hand."""
        who = self.thrower()
        st = self.state
        return (who is not None and self.shown is None and self.modal is None and st.phase in (PLAY, THROWOFF, KONTER) and not self.session.real_table()
                and self._here(self.state.throwing_team())
                and (not self.session.table.busy or self.session.pairing() is not None))

    def shown_view(self) -> str:
        """The throw-off is seen from the side: both ends, both racks and both balls in the picture
        (bierpong.art8), from the same place for both balls – unless V chose the top-down view."""
        if self.state.phase == THROWOFF and self.camera_mode in ("thrower", "side"):
            return "throwoff"
        return super().shown_view()

    def view_team(self) -> int | None:
        """A laptop that joined a table for one team keeps that team's end for the other team's throws
        too: its own rack near, at the bottom (the "you" place); at one keyboard, None."""
        own = self.own_seat()
        return own if own in (0, 1) else None

    def rack_names(self) -> tuple[str, str] | None:
        """The throwing team's own rack stands at the near end of its world, the rack it throws at at
        the far end (seen from the other end when the eye is `turned`: the names are where the racks are)."""
        sides = self.state.sides
        t = self.state.throwing_team()
        return (sides[t].name, sides[1 - t].name) if len(sides) == 2 else None

    def _here(self, seat: int) -> bool:
        """A person at this keyboard plays `seat` (not a bot, not a team on another laptop)."""
        seats = self.session.seats
        return 0 <= seat < len(seats) and bool(seats[seat].here)

    def update(self, dt: float) -> None:
        team = self.state.throwing_team()
        if team != self._cam_team:  # the table's world is the thrower's: the labels still up turn with it
            for lab in self.labels:
                lab.x, lab.y = CONST.table_length - lab.x, -lab.y
        self.move_camera(dt, team)
        self.effects.update(dt)
        self.banners.update(dt)
        self.feed_language()
        if not self.session.table.busy:
            self.effects.balls_done()
        if self.modal is not None and not self.modal.open:
            self.close_modal()
        self.watch_table()  # a friend who dropped: ask the host (`SessionScene`)
        if self.modal is not None:
            self.modal.update(dt)
        if self.help is not None:
            self.help.update(dt)
        hold = self.modal is not None or self.help is not None
        first = self.state.phase == THROWOFF and self.state.throwoff_first is None
        balls = [b.pos for b in self.session.table.balls()] if first else []
        self.session.tick(dt, hold=hold, table_dt=dt * self.factor)
        st = self.state
        if st.phase != THROWOFF or st.throwoff_first is None:
            self.throwoff_rest = None
        elif first and balls:  # the first throw-off ball was just ruled: it stays in the picture
            self.throwoff_rest = balls[-1]
        self.label_events(self.session.table, self.session.drain_table_events())
        pong_entry.refresh(self)
        for lab in self.results:
            add_label(self.labels, lab)
        self.results.clear()
        follow_balls(self.labels, self.live, dt)
        if self.press is not None:
            if self.preview_on:
                self.update_preview(self.cups_now())
            else:
                self.preview = []

    def clock_text(self) -> str:
        left = self.session.time_left()
        if left is None:
            return ""
        if self.state.timed_out:
            return _("time is up")
        s = max(0, math.ceil(left))
        return _("{clock} left").format(clock=f"{s // 60}:{s % 60:02d}")

    def round_number(self) -> int:
        """The round (bierpong.art11) now: the state's count (1 in the throw-off)."""
        return max(1, self.state.round)

    def scoreboard(self) -> str:
        st = self.state
        a, b = st.sides
        head = f"{a.name} {self.effects.count(0, len(a.rack))} – {self.effects.count(1, len(b.rack))} {b.name}"  # (ticking down)
        pending = sorted({h.cup for h in st.hits}) if st.phase in (PLAY, CALLS, REMOVE) else []
        if pending:  # hit, not yet removed: the score shows what is to come off
            head += ", " + (_("cup {cups} hit") if len(pending) == 1 else _("cups {cups} hit")).format(cups=" ".join(map(str, pending)))
        if self.clock_text():
            head = f"{head} · {self.clock_text()}"
        if st.phase == OVER:
            w = st.winner
            return f"{head} · " + (_("{team} win!").format(team=st.players[w]) if w is not None else _("over"))
        who = self.thrower()
        flights = self.session.table.flights
        if st.phase == THROWOFF:
            what = _("throw-off: {name} throws").format(name=who)
        elif st.phase == CHOOSE:
            what = _("{team} choose who begins").format(team=st.players[st.team])
        elif st.phase == REMOVE:
            what = _("{team} remove cups: {arithmetic}").format(team=st.defender.name, arithmetic=tr(st.queue[0].arithmetic))
        elif st.phase == CALLS:
            what = _("calls, catch or fetch – or end of round")
        elif st.phase == KONTER and who is None:  # a counter ball came back: fetch it, or the Konter is decided
            what = _("Konter: fetch the ball – or end of round")
        elif st.phase == KONTER:
            what = _("Konter: {name} throws").format(name=who)
        elif self.session.pairing() is not None and who is not None:
            what = _("{name} may throw too – both balls at once ({rule})").format(name=who, rule="art4")
        elif len(flights) > 1:
            what = _("{names}: both balls in the air ({rule})").format(names=" & ".join(f.player for f in flights.values()), rule="art4")
        else:
            what = _("{name} throws ({team})").format(name=who, team=st.players[st.team])
        return f"{head} · " + _("round {n}").format(n=self.round_number()) + f" · {what}"

    # --- requests --------------------------------------------------------------------------------

    def ask(self, who: int | str, action: Any) -> bool:
        """Request `action` for `who`; a refusal goes to the toast."""
        refusal = self.session.request(who, action)
        if refusal is not None:
            self.toast = str(refusal)
        return refusal is None

    def _do(self, who: int | str, action: Any) -> Callable[[], None]:
        return lambda: None if self.ask(who, action) else None

    def release(self, t: Any) -> None:
        """The slingshot let go: the thrower picked now throws (bierpong.art4: the partner too)."""
        who = self.thrower()
        if who is None:
            self.message = _("no throw now")
            return
        refusal = self.session.request(who, Release(t, who))
        self.toast = str(refusal) if refusal is not None else ""

    def options(self) -> list[Button]:
        """The buttons that make sense now (calls, fetch, catch, end of round, begin, removal)."""
        st = self.state
        out: list[Button] = []
        if st.phase == OVER or self.session.table.busy or self.replaying:  # the replay viewer: nothing to press
            return out
        seat = self.state.throwing_team() if st.phase == THROWOFF else int(st.current_player())
        legal = [] if st.phase in (THROWOFF, OVER) else st.legal_actions()
        catch = self.catch_button(legal)  # human defenders may say they caught an air ball, whoever acts next
        if self.session.is_bot(seat) or not self._here(seat):  # (a bot's decision, or a team's at another laptop)
            return [catch] if catch is not None else out
        for a in legal:
            if isinstance(a, Begin):
                out.append(Button(_("{team} begin").format(team=a.team), self._do(st.team, a)))
            elif isinstance(a, Call) and a.word == "heating up":
                out.append(Button(f"{a.player}: Heating up!", self._do(a.player, a), "H"))
            elif isinstance(a, Call) and a.word == "on fire":
                out.append(Button(f"{a.player}: On fire!", self._do(a.player, a), "O"))
            elif isinstance(a, Call) and a.word == "island" and a.player == self.thrower():
                out.append(Button(f"Island {a.cup}!", self._do(a.player, a), "I"))
            elif isinstance(a, Fetch):
                out.append(Button(_("{name} fetches").format(name=a.player), self._do(a.player, a), "F"))
            elif isinstance(a, Catch) and catch is not None:
                out.append(catch)
                catch = None
            elif isinstance(a, EndRound):
                out.append(Button(_("End of round"), self._do(seat, a), "E"))
            elif isinstance(a, Remove) and st.phase == PLAY:  # the owners' own Dead Cup, in their round (bierpong.art18)
                out.append(Button(_("Remove Dead Cup {cup}").format(cup=a.cups[0]), self._do(a.team, a)))
            elif isinstance(a, Leave):  # offered only for a plain hit's cup that is not the last (the state decides)
                out.append(Button(_("Leave {cup} (Dead Cup)").format(cup=a.cup), self._do(a.team, a)))
        ch = self.removal()
        if ch is not None:
            left = ch.need - len(self.selected)
            text = (_("Remove cup {cup}").format(cup=ch.cup) if not ch.need else
                    _("Remove cups {cups}").format(cups=", ".join(map(str, self.removal_cups()))) if left <= 0 else
                    _("Remove: choose one more cup") if left == 1 else _("Remove: choose {n} more cups").format(n=left))
            out.insert(0, Button(text, self.remove_selected, "Enter"))
        return out

    def catch_button(self, legal: list[Any]) -> Button | None:
        """"… caught it" for an air ball just thrown (bierpong.art23), for human defenders only: a
        lone defender's name; several – it asks which."""
        humans = set(self.session.human_defenders())
        catches = [a for a in legal if isinstance(a, Catch) and a.catcher in humans]
        if not catches:
            return None
        if len(catches) == 1:
            return Button(_("{name} caught it").format(name=catches[0].catcher), self._do(catches[0].catcher, catches[0]), "C")
        thrower = catches[0].thrower
        names = [a.catcher for a in catches]
        return Button(_("Caught it – who?"), lambda: self.ask_defender(
            _("Who caught {thrower}'s ball?").format(thrower=thrower), "art23", lambda d: None if self.ask(d, Catch(d, thrower)) else None, names), "C")

    def ask_defender(self, question: str, rule: str, then: Callable[[str], None], defenders: list[str] | None = None) -> None:
        """The defender who did it (the Decision "Who catches or swats", art14/art23): a lone human
        defender at once; several – the table waits while `DefenderChooser` asks which."""
        names = defenders if defenders is not None else list(self.session.human_defenders())
        if len(names) == 1:
            then(names[0])
            return
        self.modal = DefenderChooser(self.host.fonts, self.host.size, question,
                                     _("The defender who did it is credited ({rule}) – 1–{n} or a click; Esc: nobody").format(rule=rule, n=len(names)),
                                     names, then)

    # --- the removal -----------------------------------------------------------------------------

    def click_ball(self, pos: tuple[int, int]) -> bool:
        """A defender's click on a ball in play (the nearest under the pointer): a swat after a
        bounce (bierpong.art14), a catch past the far edge untouched (bierpong.art23)."""
        table = self.session.table
        if not table.busy or self.state.phase not in (PLAY, KONTER):  # counter balls too (bierpong.art10)
            return False
        L = self.aim_layout()
        best: tuple[float, int] | None = None
        near = False  # a click beside a swattable ball: a miss, said so
        for v in table.balls():
            f = table.flights.get(v.id)
            if f is None or not f.open:
                continue
            px, py = L.to_top(v.pos[0], v.pos[1], v.pos[2])
            d = math.hypot(pos[0] - px, pos[1] - py)
            reach = CLICK_R * L.s * (1.6 if self.perspective() else 1.0)
            if d <= reach and (best is None or d < best[0]):
                best = (d, v.id)
            elif v.id in self.effects.ringed and d <= 4 * reach:
                near = True
        if best is None:
            if near:
                self.toast = _("missed the ball – click on it (its ring)")
                return True
            return False
        bid = best[1]
        f = table.flights[bid]
        view = table.ball(bid)
        past = view is not None and f.past_far_edge(view.pos[0], CONST.table_length) and not f.touched
        if not f.bounced and not past:
            return False
        if not self.session.human_defenders():  # bots act only for their own seat
            self.toast = _("{team} are bots: they swat and catch for themselves").format(team=self.state.players[self.target_side()])
            return True
        req = SwatBall(bid) if f.bounced else CatchBall(bid)
        question = (_("Who swatted {thrower}'s ball?") if f.bounced else _("Who caught {thrower}'s ball?")).format(thrower=f.player)
        self.ask_defender(question, "art14" if f.bounced else "art23", lambda d: self.defend(d, req))
        return True

    def defend(self, defender: str, req: SwatBall | CatchBall) -> None:
        if self.ask(defender, req) and isinstance(req, CatchBall):
            self.toast = _("{name} caught the ball").format(name=defender)

    # --- input -----------------------------------------------------------------------------------

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.overlay_event(e) or pong_entry.event(self, e):
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
            if ctrl and e.key == pygame.K_r:
                self.switch_table()
                return
            self.key(e.key)
            return
        handled, t = self.sling_event(e)
        if t is not None:
            self.release(t)

    def key(self, key: int) -> None:
        by_key = {b.key: b for b in self.options() if b.key}
        names = {pygame.K_h: "H", pygame.K_o: "O", pygame.K_i: "I", pygame.K_f: "F", pygame.K_c: "C", pygame.K_e: "E",
                 pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter"}
        if key in names and names[key] in by_key:
            by_key[names[key]].action()
        elif key == pygame.K_v:
            self.toast = self.cycle_camera()
        elif key == pygame.K_p:
            self.inset_on = not self.inset_on
        elif key == pygame.K_a:  # the choice is remembered for the next matches (the settings)
            self.preview_on = not self.preview_on
            self.preview = []
            self.toast = choose_aim_preview(self.preview_on) or (_("aim preview on – remembered (A: off)") if self.preview_on
                                                                  else _("aim preview off – remembered (A: on)"))
        elif key == pygame.K_TAB:
            self.session.next_thrower()
        elif key == pygame.K_l:
            self.open_log()
        elif key == pygame.K_k:
            self.open_challenge()
        elif key == pygame.K_t:
            self.open_table_events()
        elif key == pygame.K_s:
            self.slow = not self.slow
        elif key == pygame.K_SPACE:
            self.paused = not self.paused
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.set_angle(self.angle + (2 if key == pygame.K_UP else -2))

    def modal_closed(self, modal: Any) -> None:
        from game.ui.common.save_as import SaveAsDialog

        if isinstance(modal, SaveAsDialog):  # Esc on "Save as…": the end-of-match dialog comes back
            modal.finish()

    def back(self) -> bool:
        if self.close_overlay():
            return True
        if self.press is not None:  # Esc while aiming drops the ball unthrown
            self.press = None
            self.preview = []
            return True
        self.leave()
        return True

    def tell(self, text: str, *, error: bool = False) -> None:
        self.toast = text

    def undo(self) -> None:
        """Ctrl+Z: back to before the last decision a person here made (the session's one rule)."""
        refusal = self.session.undo()
        self.toast = _("nothing to undo") if refusal is not None else _("back to before action {n}").format(n=len(self.match.log.entries) + 1)


    def open_log(self) -> None:
        items = [(f"{i + 1:>4}.  {e.action}", str(i)) for i, e in enumerate(self.match.log.entries) if i > 0]
        self.modal = log_dialog(self.host.fonts, self.host.size, items, self.undo_to)

    def open_challenge(self) -> None:
        """K: challenge a drink ruling: the dialog lists them, newest first."""
        self.modal = ChallengeDialog(self.host.fonts, self.host.size, lambda: self.match.log.entries, self.match.people(), self.challenge)

    def challenge(self, ch: Challenge) -> str | None:
        """Apply a challenge (also after the game): the referee's refusal, or None; the feed strikes
        the original and shows the override after it."""
        refusal = self.session.challenge(ch)
        if refusal is not None:
            return str(refusal)
        self.toast = _("ruling {n} overridden – {name} challenged it").format(n=f"{ch.entry}.{ch.ruling}", name=ch.by)
        return None

    def open_table_events(self) -> None:
        def apply_event(action: Any) -> str | None:
            refusal = self.session.table_event(action)
            return None if refusal is None else str(refusal)

        self.modal = TableEvents(self.host.fonts, self.host.size, lambda: self.state, apply_event)

    # --- the end ---------------------------------------------------------------------------------

    def final_standing(self) -> tuple[str, str, str]:
        """The end: who won, the cups left, and the sips each player drank (bierpong.art1, bierpong.art9)."""
        st = self.state
        w = st.winner
        head = _("{team} win!").format(team=st.players[w]) if w is not None else _("The game is over")
        cups = " · ".join((_("{team}: {n} cup left") if len(s.rack) == 1 else _("{team}: {n} cups left")).format(team=s.name, n=len(s.rack))
                          for s in st.sides)
        led = self.match.drinks()  # the rulings that stand: a challenge's override counts, not the original
        sips: dict[str, int] = {m: led[m].sips if m in led.players else 0 for s in st.sides for m in s.members}
        drank = ", ".join(f"{m} {n}" for m, n in sips.items())
        return head, cups, _("Sips drunk: {sips}").format(sips=drank)

    def open_final(self) -> None:
        head, detail, _sips = self.final_standing()

        def chosen(text: str) -> None:
            self.modal = None
            if text == "New match":
                self.host.replace(BierpongMatchScene(self.host, self.session.next_match()))
            elif text == "Menu":
                self.leave()
            elif text == "Replay":
                self.replay_match()
                self.open_final()  # there again when the viewer is left
            elif text == "Save as…":
                self.open_save_as(after=self.open_final)

        self.modal = Confirm(self.host.fonts, self.host.size, head, detail,
                             [N_("New match"), N_("Menu"), N_("Replay"), N_("Save as…"), N_("Look at the table")], chosen)

    # --- drawing ---------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.view.resize(size)
        if self.modal is not None:
            self.modal.resize(size)
        if self.help is not None:
            self.help.resize(size)

    def frame(self) -> PongFrame:
        st = self.state
        live = self.live
        hit = {h.cup for h in st.hits} if st.phase in (PLAY, CALLS, REMOVE) and self.shown is None else set()
        cups = [dataclasses.replace(c, holds_ball=c.holds_ball or c.id in hit) for c in cup_draws(live, self.dims.cup_h)]
        swatted = frozenset(b for b, f in live.flights.items() if f.swatted_by is not None)
        own = st.sides[self.state.throwing_team()].rack
        aside = st.phase != THROWOFF  # the thrower's own rack, not thrown at (at the throw-off a target too)
        ghost = aside and not (self.turned() and self.camera_mode == "thrower")  # (seen from the other end: far, whole)
        mine = [CupDraw(c.id, CONST.table_length - c.x, -c.y, dim=ghost) for c in own.cups]  # seen from its own end
        status = self.scoreboard()
        if self.toast or self.message:
            status = f"{self.toast or self.message} · {status}"
        a, b = st.players
        cups = self.effects.cups(cups) + mine if aside else self.effects.cups(cups + mine)  # (its numbers are the other rack's too)
        ringed = {live.flights[bid].number for bid in self.effects.ringed if bid in live.flights and live.flights[bid].open}
        balls = [dataclasses.replace(bd, ringed=bd.number in ringed) for bd in ball_draws(live, swatted)]
        if self.throwoff_rest is not None and self.shown is None:  # the other team's throw-off ball, at their end's far side
            x, y, z = self.throwoff_rest
            balls.append(BallDraw(0, CONST.table_length - x, -y, z, False))
        return PongFrame(cups=cups, balls=balls, trails=live.trails(), preview=self.preview,
                         sling=(self.press, self.mouse) if self.press is not None else None, sling_text=self.sling_text(),
                         labels=self.labels, feed=self.feed, status="", keys=(N_("V: view (thrower's · side · above)"), TV_KEYS) if self.watching() else pong_entry.KEYS if self.session.real_table() else KEYS,
                         title=_("Bierpong – {a} vs {b}").format(a=a, b=b), banner=status)

    def draw(self, surface: pygame.Surface) -> None:
        fr = self.frame()
        if self.replaying:  # the replay viewer: no keys to press
            fr = dataclasses.replace(fr, keys=())
        self.view.draw(surface, dataclasses.replace(fr, banner=""), over=self.viewport() if self.perspective() else None)
        board_at = self.view.layout
        if self.perspective():
            self.draw_perspective(surface, fr)
            board_at = _BoardPlace(self.view.layout, self.viewport())
        strike_feed(surface, self.view.layout, self.host.fonts, fr)
        if not self.replaying:
            draw_removal(surface, self.aim_layout(), self.state, self.selected, self.eligible())
        self.view.zone_shown = not self.replaying
        self.buttons = self.options()
        card = self.card_shown()
        final = self.final_standing()[2] if self.state.is_terminal() else None
        self.board_lines = draw_board(surface, board_at, self.host.fonts, self.state, fr.banner, [self.session.is_bot(i) for i in range(2)],
                   final, [] if card else self.buttons, self.preview_on)
        ch = self.removal()
        if card and ch is not None:  # the owners' rack close up, its buttons with it
            self.card.draw(surface, self.viewport(), self.view.layout.s, self.state, ch, self.selected, self.buttons,
                           self.scoreboard(), self.toast)
        L = self.view.layout
        pong_entry.draw(self, surface, self.viewport(), L.s)
        title_w = self.host.fonts.size(_(fr.title), int(24 * L.s), "serif")[0]
        self.draw_table(surface, (L.top.right, max(2, L.header.y + (L.header.h - int(30 * L.s)) // 2)), L.s * 0.85,
                        max(120, L.top.right - L.header.left - title_w - int(20 * L.s)), one_line=True)
        port = self.viewport()
        self.draw_join(surface, (port.right - int(10 * L.s), port.bottom - int(10 * L.s)), L.s)
        self.draw_banner(surface)
        if self.modal is not None:
            self.modal.draw(surface)
        if self.help is not None:
            self.help.draw(surface)

    def draw_banner(self, surface: pygame.Surface) -> None:
        """The call-out showing now (`pong.draw_call_out`)."""
        self.banner_rect = draw_call_out(self, surface, 0.62)


class _BoardPlace:
    """The scoreboard's place over the perspective table: the top band of the view (the layout's
    other measures as they are)."""

    def __init__(self, layout: Any, viewport: pygame.Rect) -> None:
        self._layout = layout
        self.side = pygame.Rect(viewport.x, viewport.y - int(14 * layout.s), viewport.w, viewport.h)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._layout, name)
