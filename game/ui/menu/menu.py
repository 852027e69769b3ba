"""The menu: choose a game, the players (2–8: name, human or bot, drink), the rule profile; start.

The choices live in a `MenuModel` (plain data, no pygame); the pygame_gui widgets are rebuilt from
it whenever the layout changes (a player added, another game chosen, the window resized).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UITextEntryLine

from game.errors import InputError
from game.games import DRIVER_NAMES, GAMES, TEAM_NAMES, PlayerSpec
from game.i18n import N_, _, language

if TYPE_CHECKING:
    from game.match import Match
from game.rules.catalog import rules_for
from game.rules.ledger import Drink
from game.rules.profile import Option, OptionValue, Profile
from game.ui.common import theme
from game.ui.common.help import HelpOverlay, option_name_text, option_value_text
from game.rules.option_words import VARIANT_LABELS
from game.ui.common.modal import Confirm, ListDialog, Modal, make_manager
from game.ui.common.names import cut_name, too_long
from game.saves import list_saves, new_save_path, save_dir, shown_dir
from game.ui.common.scene import Host, OverlayScene
from game.ui.common.theme import fit_text

MENU_GAMES: list[tuple[str, str, bool]] = [  # id, title, playable
    ("schock", "Schock", True),
    ("katchen", "Katchen", True),
    ("racerbile", "Racerbile", True),
    ("bierpong", "Bierpong", True),
]
PRACTICE_GAME = "bierpong"  # P in the menu opens its practice table (the physics, no rules)
# the kinds of seat (id, label): the labels are shown through `_()`
PONG_KINDS: list[tuple[str, str]] = [("human", N_("Human")), ("casual", N_("Casual bot")), ("bot", N_("Regular bot")), ("good", N_("Good bot")), ("pro", N_("Pro bot")),
                                     ("remote", N_("Remote"))]
PONG_TEAM = 4  # players a Bierpong team has at most
# "remote": a player at another laptop, who joins the table the menu hosts (`game.net`)
KINDS: list[tuple[str, str]] = [("human", N_("Human")), ("bot", N_("Bot")), ("random", N_("Random bot")), ("remote", N_("Remote"))]
RACE_KINDS: list[tuple[str, str]] = [
    ("human", N_("Human")),
    ("careful", N_("Careful bot")),
    ("racer", N_("Racer bot")),
    ("stalin", N_("Stalin bot")),
    ("random", N_("Random bot")),
    ("remote", N_("Remote")),
]
RACE_BOTS = ("careful", "racer", "stalin")
LEMANS_ONLY = ("lemans_hours", "lemans_time_factor", "lemans_drivers", "nol4_beer_on_top")  # Racerbile options shown only for Le Mans …
RACE_ONLY = ("laps",)  # … and for the other variants only
DRINKS: list[tuple[Drink, str]] = [  # shown through `drink_label`
    (Drink.BEER, N_("Beer ({n} sips)")),
    (Drink.LIGHT_BEER, N_("Light beer ({n} sips)")),
    (Drink.OTHER, N_("Other ({n} sips)")),
]
SHORT_DRINKS: dict[Drink, str] = {  # the same where the long words do not fit (a narrow window, longer words)
    Drink.BEER: N_("Beer · {n}"),
    Drink.LIGHT_BEER: N_("Light · {n}"),
    Drink.OTHER: N_("Other · {n}"),
}
NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Elke", "Frank", "Gabi", "Heinz"]
MIN_PLAYERS, MAX_PLAYERS = 2, 8


@dataclass
class PlayerRow:
    name: str
    kind: str = "human"
    drink: Drink = Drink.BEER


@dataclass
class TeamRow:
    """A Le Mans team: its name, its three drivers, who drives it (a person or a bot), the drink."""

    name: str
    drivers: list[str] = field(default_factory=lambda: ["", "", ""])
    kind: str = "human"
    drink: Drink = Drink.BEER


def drink_label(drink: Drink, short: bool = False) -> str:
    """A drink as the menu offers it ("Beer (11 sips)"; `short`: "Beer · 11"), in the current language."""
    return _(SHORT_DRINKS[drink] if short else dict(DRINKS)[drink]).format(n=drink.sips)


def kind_for(game: str, kind: str) -> str:
    """A seat's kind as the game knows it: the dice games' one bot is "careful" at a race."""
    if game == "racerbile":
        return "careful" if kind == "bot" else kind
    return "bot" if kind in RACE_BOTS else kind


def kinds_for(game: str) -> list[tuple[str, str]]:
    return RACE_KINDS if game == "racerbile" else PONG_KINDS if game == "bierpong" else KINDS


def default_pong_teams() -> list[TeamRow]:
    """Bierpong: two teams of one to four players (empty slots are left out)."""
    return [TeamRow("Foxes", ["Anna", "Bo", "", ""]), TeamRow("Owls", ["Cem", "Dana", "", ""], "bot")]


def default_teams() -> list[TeamRow]:
    return [
        TeamRow("Rød", ["Anna", "Bo", "Carl"]),
        TeamRow("Blå", ["Dorte", "Emil", "Frida"], "careful"),
        TeamRow("Gul", ["Gustav", "Hanne", "Ib"], "racer"),
        TeamRow("Grøn", ["Jens", "Karen", "Lars"], "careful"),
    ]


def track_choices() -> list[tuple[str, str]]:
    """The tracks to race on: (label, what `find_track` takes) – the shipped ones, then the user's."""
    from game.racerbile.tracks import shipped_names, shipped_title, track_title, user_race_tracks

    out = [(shipped_title(name), name) for name in shipped_names()]
    out += [(_("{name} (yours)").format(name=track_title(p)), str(p)) for p in user_race_tracks()]  # (drafts are no race tracks)
    return out


@dataclass
class MenuModel:
    """Everything the menu lets one choose, as plain data."""

    game: str = "schock"
    players: list[PlayerRow] = field(
        default_factory=lambda: [PlayerRow("Anna"), PlayerRow("Bernd", "bot"), PlayerRow("Carla", "bot", Drink.LIGHT_BEER)]
    )
    variants: dict[str, str] = field(default_factory=dict)
    options: dict[str, dict[str, OptionValue]] = field(default_factory=dict)
    counts: dict[str, dict[str, str]] = field(default_factory=dict)  # the typed text of count options
    games: str = "1"
    track: str = "babybane"  # Racerbile: a shipped track's name or a file
    coach: bool = True  # Racerbile: the coach explains the ways (C switches it in the race)
    teams: list[TeamRow] = field(default_factory=default_teams)  # Le Mans
    pong_teams: list[TeamRow] = field(default_factory=default_pong_teams)  # Bierpong

    def __post_init__(self) -> None:
        for g, info in GAMES.items():
            self.variants.setdefault(g, info.spec.variants[0])
            opts = self.options.setdefault(g, {})
            counts = self.counts.setdefault(g, {})
            for o in info.spec.options:
                opts.setdefault(o.name, o.default)
                if o.kind == "count":
                    counts.setdefault(o.name, "" if o.default is None else str(o.default))

    @classmethod
    def from_choice(
        cls, game: str | None, players: list[PlayerSpec] | None, profile: Profile | None, games: int = 1, track: str | None = None
    ) -> MenuModel:
        m = cls()
        if game in GAMES:
            m.game = game
        if players and game == "bierpong":
            m.pong_teams = [TeamRow(p.name, list(p.drivers[:PONG_TEAM] or (p.name,)) + [""] * (PONG_TEAM - len(p.drivers[:PONG_TEAM] or (p.name,))), p.kind, p.drink)
                            for p in players][:2]
        elif players and any(p.drivers for p in players):
            m.teams = [TeamRow(p.name, list(p.drivers[:3]) + [""] * (3 - len(p.drivers[:3])), p.kind, p.drink) for p in players][:MAX_PLAYERS]
        elif players:
            m.players = [PlayerRow(p.name, p.kind, p.drink) for p in players][:MAX_PLAYERS]
        if track:
            m.track = track
        if profile is not None and profile.game in GAMES:
            m.variants[profile.game] = profile.variant
            for k, v in profile.options.items():
                m.options[profile.game][k] = v
                if k in m.counts[profile.game]:
                    m.counts[profile.game][k] = "" if v is None else str(v)
        m.games = str(games)
        return m

    @property
    def lemans(self) -> bool:
        return self.game == "racerbile" and self.variants.get("racerbile") == "le_mans"

    @property
    def team_game(self) -> bool:
        """Seats are teams of named players: Le Mans, Bierpong."""
        return self.lemans or self.game == "bierpong"

    @property
    def team_rows(self) -> list[TeamRow]:
        return self.pong_teams if self.game == "bierpong" else self.teams

    def apply_settings(self, remembered: bool = True) -> None:
        """Take the coach default and (with `remembered`) the remembered people from the settings in
        force (`game.ui.menu.settings_scene`): they sit first, as humans, the default bots fill up to three."""
        from game.ui.common.prefs import loaded_settings

        s = loaded_settings()
        if s is None:
            return
        self.coach = s.coach
        if remembered and s.players:
            rows = [PlayerRow(n, "human", Drink(d)) for n, d in s.players][:MAX_PLAYERS]
            taken = {r.name for r in rows}
            for bot in (PlayerRow("Bernd", "bot"), PlayerRow("Carla", "bot", Drink.LIGHT_BEER)):
                if len(rows) >= 3:
                    break
                if bot.name not in taken:
                    rows.append(bot)
            self.players = rows
            names = [n for n, _d in s.players]
            # the team games: the remembered people make up the first team of humans
            for teams, seats in ((self.pong_teams, PONG_TEAM), (self.teams, 3)):
                team = next((t for t in teams if t.kind == "human"), None)
                if team is not None:
                    team.drivers = (names[:seats] + [""] * seats)[:seats]
                    team.drink = Drink(s.players[0][1])

    def people(self) -> list[tuple[str, str]]:
        """The humans at the table now, (name, drink) – what Start remembers (in a team game the
        members of the human teams, each with the team's drink)."""
        if self.team_game:
            return [(d.strip(), str(t.drink)) for t in self.team_rows if t.kind == "human" for d in t.drivers if d.strip()]
        return [(p.name.strip(), str(p.drink)) for p in self.players if p.kind == "human" and p.name.strip()]

    @property
    def team_size(self) -> int:
        """Drivers per Le Mans team: the option lemans_drivers (racerbile.lemans.teams)."""
        n = self.options.get("racerbile", {}).get("lemans_drivers", 3)
        return n if isinstance(n, int) and 1 <= n <= 6 else 3

    def fit_teams(self) -> None:
        """Give every Le Mans team as many driver slots as lemans_drivers says: cut or fill up with
        free driver names."""
        size = self.team_size
        taken = {d for t in self.teams for d in t.drivers}
        free = [d for d in DRIVER_NAMES if d not in taken]
        for t in self.teams:
            if len(t.drivers) > size:
                t.drivers = t.drivers[:size]
            while len(t.drivers) < size:
                name = free.pop(0) if free else f"{t.name} {len(t.drivers) + 1}"
                t.drivers.append(name)

    def add_team(self) -> None:
        if len(self.teams) >= MAX_PLAYERS:
            return
        taken = {t.name for t in self.teams}
        name = next((n for n in TEAM_NAMES if n not in taken), f"Team {len(self.teams) + 1}")
        drivers = {d for t in self.teams for d in t.drivers}
        size = self.team_size
        free = [d for d in DRIVER_NAMES if d not in drivers] + [f"{name} {j}" for j in range(1, size + 1)]
        self.teams.append(TeamRow(name, free[:size], "careful"))

    def remove_team(self, i: int) -> None:
        if len(self.teams) > MIN_PLAYERS and 0 <= i < len(self.teams):
            del self.teams[i]

    def add_player(self) -> None:
        if self.game == "bierpong":
            return
        if self.lemans:
            self.add_team()
            return
        if len(self.players) >= MAX_PLAYERS:
            return
        taken = {p.name for p in self.players}
        name = next((n for n in NAMES if n not in taken), _("Player {n}").format(n=len(self.players) + 1))
        self.players.append(PlayerRow(name, "bot"))

    def remove_player(self, i: int) -> None:
        if len(self.players) > MIN_PLAYERS and 0 <= i < len(self.players):
            del self.players[i]

    def problems(self) -> list[str]:
        """What keeps the match from starting (empty: all is well)."""
        out = []
        if self.game == "bierpong":
            out += self._pong_problems()
        elif self.lemans:
            out += self._team_problems()
        else:
            names = [p.name.strip() for p in self.players]
            if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
                out.append(_("{low} to {high} players, please (now {n})").format(low=MIN_PLAYERS, high=MAX_PLAYERS, n=len(names)))
            if any(not n for n in names):
                out.append(_("every player needs a name"))
            dup = sorted({n for n in names if n and names.count(n) > 1})
            if dup:
                out.append(_("names must differ: {names} sits twice").format(names=", ".join(dup)))
            long = too_long(names)
            if long:
                out.append(long)
        if self.game not in GAMES:
            out.append(_("this game is not playable yet"))
            return out
        g = self.games.strip()
        if self.game == "racerbile":
            if not self.track.strip():
                out.append(_("choose a track"))
            elif self.lemans and self.pitless(self.track):
                out.append(_("Le Mans needs a track with a pit lane ({rule})").format(rule="racerbile.lemans.pit"))
        elif not g.isdigit() or not 1 <= int(g) <= 99:
            out.append(_("the number of games must be a whole number from 1 to 99"))
        for name, text in self.counts.get(self.game, {}).items():
            t = text.strip()
            if t and (not t.isdigit() or int(t) < 1):
                out.append(_("{option}: a whole number of at least 1, or empty for none").format(option=name))
        return out

    @staticmethod
    def pitless(track: str) -> bool:
        """Whether the track (a shipped name or a file) has no pit lane: no Le Mans on it (racerbile.lemans.pit)."""
        from game.racerbile.tracks import find_track

        try:
            return find_track(track).track.pit is None
        except (ValueError, InputError):
            return False  # a track that cannot be loaded says so when the match starts

    def _team_problems(self) -> list[str]:
        out = []
        teams = [t.name.strip() for t in self.teams]
        if not MIN_PLAYERS <= len(teams) <= MAX_PLAYERS:
            out.append(_("{low} to {high} teams, please (now {n})").format(low=MIN_PLAYERS, high=MAX_PLAYERS, n=len(teams)))
        if any(not n for n in teams):
            out.append(_("every team needs a name"))
        dup = sorted({n for n in teams if n and teams.count(n) > 1})
        if dup:
            out.append(_("team names must differ: {names} races twice").format(names=", ".join(dup)))
        self.fit_teams()
        drivers = [d.strip() for t in self.teams for d in t.drivers]
        if any(not d for d in drivers):
            size = self.team_size
            out.append(_("every team needs three drivers with names") if size == 3 else _("every team needs {n} drivers with names").format(n=size))
        dup = sorted({d for d in drivers if d and drivers.count(d) > 1})
        if dup:
            out.append(_("driver names must differ: {names} drives twice").format(names=", ".join(dup)))
        long = too_long(teams + drivers)
        if long:
            out.append(long)
        return out

    def _pong_problems(self) -> list[str]:
        out = []
        names = [t.name.strip() for t in self.pong_teams]
        if len(names) != 2:
            out.append(_("Bierpong is two teams, not {n}").format(n=len(names)))
        if any(not n for n in names):
            out.append(_("every team needs a name"))
        if len(set(names)) != len(names):
            out.append(_("the two teams need different names"))
        everyone = []
        for t in self.pong_teams:
            members = [d.strip() for d in t.drivers if d.strip()]
            if not 1 <= len(members) <= PONG_TEAM:
                out.append(_("{team}: 1 to {n} players").format(team=t.name or _("a team"), n=PONG_TEAM))
            everyone += members
        dup = sorted({d for d in everyone if everyone.count(d) > 1})
        if dup:
            out.append(_("player names must differ: {names} plays twice").format(names=", ".join(dup)))
        long = too_long(names + everyone)
        if long:
            out.append(long)
        return out

    def profile(self) -> Profile:
        spec = GAMES[self.game].spec
        values: dict[str, Any] = {}
        for o in spec.options:
            if o.kind == "count":
                t = self.counts[self.game].get(o.name, "").strip()
                values[o.name] = int(t) if t.isdigit() and int(t) >= 1 else None
            else:
                values[o.name] = self.options[self.game][o.name]
        return spec.make(self.variants[self.game], **values)

    def player_specs(self) -> list[PlayerSpec]:
        if self.game == "bierpong":
            return [PlayerSpec(t.name.strip(), t.kind, t.drink, tuple(d.strip() for d in t.drivers if d.strip())) for t in self.pong_teams]
        if self.lemans:
            self.fit_teams()
            return [PlayerSpec(t.name.strip(), kind_for(self.game, t.kind), t.drink, tuple(d.strip() for d in t.drivers)) for t in self.teams]
        return [PlayerSpec(p.name.strip(), kind_for(self.game, p.kind), p.drink) for p in self.players]

    def hosting(self) -> bool:
        """A player is remote: Start opens the table to the other laptops."""
        rows: list[Any] = self.team_rows if self.team_game else self.players
        return any(r.kind == "remote" for r in rows)

    def make_match(self, seed: int | None = None) -> Match:
        """The match to start; raises ValueError listing the problems."""
        probs = self.problems()
        if probs:
            raise ValueError("; ".join(probs))
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        from game.match import Match

        if GAMES[self.game].race:
            try:
                return Match(self.game, self.player_specs(), self.profile(), seed=seed, track=self.track)
            except InputError as e:
                raise ValueError(_("the track {track} cannot be loaded: {error}").format(track=repr(self.track), error=e)) from None
        return Match(self.game, self.player_specs(), self.profile(), seed=seed, games=int(self.games.strip()))


def match_scene(host: Host, match: Match, save_path: str | Path | None = None, coach: bool = True,
                autosave: bool = True) -> OverlayScene:
    """The scene that plays a match: the race scene for a race, the pong table for Bierpong, the dice
    table for the rest. `autosave=False`: the scene writes no autosave (the replay viewer's)."""
    if match.info.name == "bierpong":
        from game.ui.pong.bierpong_match import BierpongMatchScene

        return BierpongMatchScene(host, match, save_path=save_path, autosave=autosave)
    if match.info.race:
        from game.ui.race.race import RaceScene

        return RaceScene(host, match, save_path=save_path, coach=coach, autosave=autosave)
    from game.ui.dice.dice_table import DiceTableScene

    return DiceTableScene(host, match, save_path=save_path, autosave=autosave)


def hosted_scene(host: Host, match: Match, save_path: str | Path | None = None, coach: bool = True,
                 announce: bool = True, port: int | None = None, remote_timeout: float | None = None) -> OverlayScene:
    """The match scene, its table served to the other laptops when a player is remote (`game.net`);
    ValueError when no port can be opened."""
    from game.net.hosting import DEFAULT_PORT, HostedTable, remote_players

    if not remote_players(match):
        return match_scene(host, match, save_path, coach)
    scene = match_scene(host, match, save_path, coach)
    try:
        scene.table = HostedTable(scene.session, port=DEFAULT_PORT if port is None else port, announce=announce,  # type: ignore[attr-defined]
                                  remote_timeout=remote_timeout)
    except OSError as e:
        scene.closed()
        raise ValueError(_("The table cannot be opened to the network: {error}").format(error=e)) from None
    return scene


def user_track_dir_text() -> str:
    from game.racerbile.tracks import user_track_dir

    home = str(Path.home())
    d = str(user_track_dir())
    return "~" + d[len(home):] if d.startswith(home) else d


def _choice_label(game: str, name: str, value: OptionValue) -> str:
    return option_value_text(value, game, name)


class MenuScene(OverlayScene):
    """The start screen."""

    def __init__(self, host: Host, model: MenuModel | None = None, message: str = "") -> None:
        super().__init__(host)
        self.model = model or MenuModel()
        self.fonts = host.fonts
        self.ui = make_manager(host.size, self.overlay_open)
        self.help: HelpOverlay | None = None
        self.modal: Modal | None = None
        self.message = message
        self.drop_timeout: float | None = None  # the host dialog's last choice: seconds before a bot plays a dropped seat
        self._lang = language()  # a switch of language rebuilds the widgets (`update`)
        self.options_at_end = False  # Racerbile: the last page of options is shown ("First options")
        self.option_scroll = 0  # Racerbile: the first option shown (they take more room than there is)
        self.team_scroll = 0  # Le Mans: the first team shown
        self.short_drinks = False  # the drinks are offered in their short words (a narrow window)
        self._bg: pygame.Surface | None = None
        self._static: pygame.Surface | None = None
        self.resize(host.size)

    # --- layout ----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.find_unfinished()
        self.s = theme.scale_for(size)
        self._bg = self._render_background(size)
        if self.help is not None:
            self.help.resize(size)
        if self.modal is not None:
            self.modal.resize(size)
        self.rebuild()

    def _render_background(self, size: tuple[int, int]) -> pygame.Surface:
        bg = theme.wood(size, theme.WOOD_DARK, seed=9, plank=int(110 * theme.scale_for(size)))
        return bg

    def rebuild(self) -> None:
        """(Re)create every widget from the model."""
        ui = self.ui
        ui.set_window_resolution(self.size)
        ui.clear_and_reset()
        w, h = self.size
        m = self.model
        margin, self.compact, self.left, self.right = theme.two_panels(self.size, 0.54)
        lw, rw = self.left.w, self.right.w
        labels: list[tuple[pygame.Surface, tuple[int, int]]] = []
        f = self.fonts
        self.brief: list[str] = []  # the "In brief" entries shown ("title: summary", in the current language)
        self.option_help: dict[str, str] = {}  # option name → the help text under its row (before any cut)
        self.cut_help: list[tuple[pygame.Rect, str]] = []  # where a help text was cut, and the whole of it

        def head(text: str, x: int, y: int) -> None:
            labels.append((f.shadowed(text, 24, theme.BRASS, "serif"), (x, y)))

        def small(text: str, x: int, y: int, color: theme.Color = theme.MUTED, size: int = 13, style: str = "italic") -> None:
            labels.append((f.text(text, size, color, style), (x, y)))

        def aside(text: str, x: int, y: int) -> None:
            """A note beside a heading of the left panel (at `y`): on two lines when one is too short
            for it, cut to the panel after that (the whole of it under the pointer)."""
            room = self.left.right - 12 - x
            lines = f.wrap(text, 13, room, "italic")
            if len(lines) == 1:
                small(text, x, y)
                return
            first = lines[0]
            second = f.fit(text[len(first):].strip(), 13, room, "italic")
            small(first, x, y - 8)
            small(second, x, y + 8)
            if len(lines) > 2:
                self.cut_help.append((pygame.Rect(x, y - 8, room, 34), text))

        # games
        x0, y = self.left.x + 18, self.left.y + 14
        head(_("Game"), x0, y)
        y += 40
        gw = (lw - 36 - 3 * 10) // 4
        self.game_buttons: dict[UIButton, str] = {}
        for i, (gid, game_title, playable) in enumerate(MENU_GAMES):
            r = pygame.Rect(x0 + i * (gw + 10), y, gw, 46)
            oid = "#game_button" if gw >= 130 else "#game_button_small"
            practice = gid == PRACTICE_GAME  # P opens the physics table to throw on without rules
            soon = _("coming soon")
            tip = _("Bierpong: two teams of 1–4 on the physics table (P: the practice table)") if practice else None if playable else soon
            b = UIButton(r, game_title, ui, object_id=oid, tool_tip_text=tip)
            if practice and gid != m.game:
                pt = _("P: practice table")
                small(pt, r.centerx - f.size(pt, 13, "italic")[0] // 2, r.bottom + 3)
            if not playable:
                b.disable()
                small(soon, r.centerx - f.size(soon, 13, "italic")[0] // 2, r.bottom + 3)
            elif gid == m.game:
                b.select()
            self.game_buttons[b] = gid
        y += 46 + (30 if not self.compact else 26)
        # players (or Le Mans teams)
        self.name_entries: list[UITextEntryLine] = []
        self.kind_menus: list[UIDropDownMenu] = []
        self.drink_menus: list[UIDropDownMenu] = []
        self.remove_buttons: list[UIButton] = []
        self.driver_entries: list[tuple[int, int, UITextEntryLine]] = []  # team, driver, entry
        self.row_index: list[int] = []  # the player (or team) of each row of widgets
        inner = lw - 36
        nw = int(inner * 0.33)
        kw = int(inner * 0.26)  # room for "Random bot" at the smallest window
        dw = int(inner * 0.29)
        xw = inner - nw - kw - dw - 18
        kinds = kinds_for(m.game)
        kind_labels: list[str | tuple[str, str]] = [_(label) for _k, label in kinds]
        widest = max(self.fonts.width(str(label), 15) for label in kind_labels) + 40  # (the arrow's room)
        wider = max(0, min(widest, int(inner * 0.36)) - kw)  # "Normaler Bot" whole: the name's box gives way
        kw, nw = kw + wider, nw - wider
        brief = max(self.fonts.width(drink_label(d), 15) for d, _l in DRINKS) > dw - 40  # (the arrow's room)
        self.short_drinks = brief
        drink_labels: list[str | tuple[str, str]] = [drink_label(d, brief) for d, _l in DRINKS]
        if m.team_game:
            pong = m.game == "bierpong"
            if not pong:
                m.fit_teams()  # as many driver slots as lemans_drivers says
            size = m.team_size
            head(_("Teams"), x0, y)
            room = self.left.bottom - y - 40 - 50
            n = len(m.team_rows)
            row_h = max(34, min(38, room // max(1, 2 * n)))
            shown = max(1, min(n, room // (2 * row_h + 4)))
            self.team_scroll = max(0, min(self.team_scroll, n - shown))
            if pong:
                aside(_("two teams of 1–{n} players (empty names are left out) · P: practice table").format(n=PONG_TEAM), x0 + 90, y + 10)
            elif shown < n:
                first, last = self.team_scroll + 1, self.team_scroll + shown
                each = _("teams {first}–{last} of {n} (three drivers each) · the mouse wheel scrolls") if size == 3 else _("teams {first}–{last} of {n} ({d} drivers each) · the mouse wheel scrolls")
                aside(each.format(first=first, last=last, n=n, d=size), x0 + 90, y + 10)
            else:
                each = _("{low}–{high} teams of three drivers, in seating order") if size == 3 else _("{low}–{high} teams of {d} drivers, in seating order")
                aside(each.format(low=MIN_PLAYERS, high=MAX_PLAYERS, d=size), x0 + 90, y + 10)
            y += 40
            for k, i in enumerate(range(self.team_scroll, self.team_scroll + shown)):
                t = m.team_rows[i]
                ry = y + k * (2 * row_h + 4)
                small(f"{i + 1}.", x0 - 2, ry + 9, theme.MUTED, 13, "bold")
                e = UITextEntryLine(pygame.Rect(x0 + 22, ry, nw - 22, row_h - 4), ui, initial_text=t.name, placeholder_text=_("team"))
                self.name_entries.append(e)
                self.row_index.append(i)
                current = next((_(label) for kk, label in kinds if kk == kind_for(m.game, t.kind)), _(kinds[0][1]))
                self.kind_menus.append(UIDropDownMenu(kind_labels, current, pygame.Rect(x0 + nw + 6, ry, kw, row_h - 4), ui))
                cur_d = drink_label(t.drink, brief)
                self.drink_menus.append(UIDropDownMenu(drink_labels, cur_d, pygame.Rect(x0 + nw + kw + 12, ry, dw, row_h - 4), ui))
                rb = UIButton(pygame.Rect(x0 + nw + kw + dw + 18, ry, xw, row_h - 4), "×", ui, tool_tip_text=_("take this team off the track"))
                if n <= MIN_PLAYERS:
                    rb.disable()
                self.remove_buttons.append(rb)
                nd = len(t.drivers)
                ew = (nw + kw + dw - 22 + 12 - (nd - 1) * 6) // nd
                for j in range(nd):
                    word = (_("player {n}") if pong else _("driver {n}")).format(n=j + 1)
                    d = UITextEntryLine(pygame.Rect(x0 + 22 + j * (ew + 6), ry + row_h, ew, row_h - 4), ui, initial_text=t.drivers[j], placeholder_text=word)
                    self.driver_entries.append((i, j, d))
            y += shown * (2 * row_h + 4) + 4
            self.add_button = UIButton(pygame.Rect(x0 + 22, y, 170, 34), _("+ Add team"), ui)
            if n >= MAX_PLAYERS or pong:
                self.add_button.disable()
        else:
            head(_("Players"), x0, y)
            aside(_("{low}–{high} at the table, in seating order (clockwise)").format(low=MIN_PLAYERS, high=MAX_PLAYERS), x0 + 110, y + 10)
            y += 40
            room = self.left.bottom - y - 50
            row_h = max(30, min(38, room // max(1, len(m.players))))
            for i, p in enumerate(m.players):
                ry = y + i * row_h
                small(f"{i + 1}.", x0 - 2, ry + 9, theme.MUTED, 13, "bold")
                e = UITextEntryLine(pygame.Rect(x0 + 22, ry, nw - 22, row_h - 4), ui, initial_text=p.name, placeholder_text=_("name"))
                self.name_entries.append(e)
                self.row_index.append(i)
                current = next((_(label) for k, label in kinds if k == kind_for(m.game, p.kind)), _(kinds[0][1]))
                self.kind_menus.append(UIDropDownMenu(kind_labels, current, pygame.Rect(x0 + nw + 6, ry, kw, row_h - 4), ui))
                cur_d = drink_label(p.drink, brief)
                self.drink_menus.append(UIDropDownMenu(drink_labels, cur_d, pygame.Rect(x0 + nw + kw + 12, ry, dw, row_h - 4), ui))
                rb = UIButton(pygame.Rect(x0 + nw + kw + dw + 18, ry, xw, row_h - 4), "×", ui, tool_tip_text=_("take this player off the table"))
                if len(m.players) <= MIN_PLAYERS:
                    rb.disable()
                self.remove_buttons.append(rb)
            y += len(m.players) * row_h + 6
            self.add_button = UIButton(pygame.Rect(x0 + 22, y, 170, 34), _("+ Add player"), ui)
            if len(m.players) >= MAX_PLAYERS:
                self.add_button.disable()
        self.coach_box: UICheckBox | None = None
        if m.game == "racerbile":
            self.coach_box = UICheckBox(
                pygame.Rect(x0 + 212, y + 7, 20, 20), _("coach"), ui, initial_state=m.coach, tool_tip_text=_("the coach explains each way: its path, squeals and sips (C in the race)")
            )
            hint = _("shows the path and the sips of each way")
            if x0 + 300 + f.size(hint, 12, "italic")[0] < self.left.right - 10:
                small(hint, x0 + 300, y + 10, theme.MUTED, 12)
        y += 34 + 26
        if m.game in GAMES and self.left.bottom - y >= 110:
            head(_("In brief"), x0, y)
            y += 38
            for rule in rules_for(m.game):
                entry = f"{_(rule.title)}: {_(rule.summary)}"
                lines = f.wrap(entry, 14, lw - 50)
                if y + 18 * len(lines) > self.left.bottom - 14:
                    break
                self.brief.append(entry)
                for k, line in enumerate(lines):
                    small(line, x0 + (4 if k == 0 else 14), y, theme.CREAM if k == 0 else theme.MUTED, 14, "regular")
                    y += 18
                y += 4
        # the rule profile
        info = GAMES.get(m.game)
        x1, y = self.right.x + 18, self.right.y + 14
        rinner = rw - 36
        head(_("House rules"), x1, y)
        y += 44
        self.variant_menu: UIDropDownMenu | None = None
        self.option_widgets: dict[str, Any] = {}
        self.games_entry: UITextEntryLine | None = None
        self.track_menu: UIDropDownMenu | None = None
        self.more_button: UIButton | None = None
        self.pager_note = pygame.Rect(0, 0, 0, 0)  # where the "options 1–4 of 13" note went
        if info is not None and info.race:
            y = self._race_profile(info, x1, y, rinner, labels, small)
        elif info is not None:
            small(_("Variant"), x1, y + 8, theme.CREAM, 15, "bold")
            variants: list[str | tuple[str, str]] = [_(VARIANT_LABELS.get(v, v)) for v in info.spec.variants]
            self.variant_menu = UIDropDownMenu(variants, _(VARIANT_LABELS.get(m.variants[m.game], m.variants[m.game])), pygame.Rect(x1 + rinner - 160, y, 160, 32), ui)
            y += 42
            room = self.right.bottom - y - 56
            help_lines = 0
            for n_lines in (3, 2, 1):
                need = sum(34 + 16 * min(n_lines, len(self._help_lines(o, rinner))) + 6 for o in info.spec.options)
                if need <= room:
                    help_lines = n_lines
                    break
            if help_lines == 0:  # more options than room (Bierpong): a page at a time, as Racerbile's
                y = self._option_page(list(info.spec.options), x1, y, rinner, labels, small)
            else:
                for o in info.spec.options:
                    y = self._option_row(o, x1, y, rinner, labels, help_lines)
            if m.game != "bierpong":  # a Bierpong match is one game
                small(_("Games in the match"), x1, y + 8, theme.CREAM, 15, "bold")
                self.games_entry = UITextEntryLine(pygame.Rect(x1 + rinner - 90, y, 90, 32), ui, initial_text=m.games)
                self.games_entry.set_allowed_characters("numbers")
                self.games_entry.set_text_length_limit(2)
                note = _("strokes and Schüsse add up over the games")
                if rinner >= 420 and 170 + f.size(note, 12, "italic")[0] <= rinner - 98:  # clear of the entry
                    small(note, x1 + 170, y + 10, theme.MUTED, 12)
                y += 40
        # bottom bar
        by = h - 78
        sw, qw = (200, 110) if w >= 1100 else (150, 84)
        start = _("Host table") if m.hosting() else _("Start")
        self.start_button = UIButton(pygame.Rect(w - margin - sw, by, sw, 54), start, ui, object_id="#start_button",
                                     tool_tip_text=_("start the match and open it to the remote players' laptops") if m.hosting() else None)
        self.quit_button = UIButton(pygame.Rect(w - margin - sw - 12 - qw, by, qw, 48), _("Quit"), ui)
        # the tools, left to right: (text, its short word, tool tip, width wished); narrowed alike when
        # the bar is short (a longer language's words widen their button first)
        bf = f.at(16, "bold")
        tools: list[tuple[str, str, str, int]] = [
            (_("Continue saved match…"), _("Saved…"), str(save_dir()), 240),
            (_("Replays…"), _("Replays"), _("step through a saved match, ruling by ruling (the replay viewer)"), 110),
            (_("? Rules"), _("Rules"), _("the rules of the chosen game (F1)"), 110),
            (_("Edit tracks…"), _("Tracks…"), _("the track editor: a new track, a copy of a shipped one, or yours"), 150),
            (_("Special shots…"), _("Shots…"), _("Bierpong's special shots, solved through the physics and played slowly, with the referee's rulings (D)"), 150),
            (_("Settings…"), _("Settings"), _("language, sound, assists and the remembered players (S)"), 130),
            (_("Join a table…"), _("Join…"), _("play at a table another laptop hosts on this network, or watch it (J)"), 150),
        ]
        tools = [(text, word, tip, max(tw, bf.size(text)[0] + 24)) for text, word, tip, tw in tools]
        room = self.quit_button.rect.left - 12 - margin - 12 * (len(tools) - 1)
        if sum(bf.size(text)[0] + 24 for text, _s, _h, _w in tools) > room:  # a short bar: short words
            tools = [(word, word, tip, bf.size(word)[0] + 24) for _t, word, tip, _w in tools]
        made: list[UIButton] = []
        if sum(bf.size(text)[0] + 24 for text, _s, _h, _w in tools) <= room:
            shrink = min(1.0, room / sum(tw for _t, _s, _h, tw in tools))
            bx = margin
            for text, _s, tip, tw in tools:
                bw = max(bf.size(text)[0] + 24, int(tw * shrink))
                made.append(UIButton(pygame.Rect(bx, by, bw, 48), text, ui, tool_tip_text=tip))
                bx += bw + 12
        else:  # even the short words do not fit (a narrow window in a longer language): two rows, smaller type
            sf = f.at(14, "bold")
            rows = (tools[:4], tools[4:])
            gap = 8
            for k, row in enumerate(rows):
                widths = [sf.size(word)[0] + 20 for _t, word, _h, _w in row]
                spare = max(0, room + 12 * (len(tools) - 1) - gap * (len(row) - 1) - sum(widths)) // len(row)
                bx = margin
                for (_t, word, tip, _w), bw in zip(row, widths):
                    made.append(UIButton(pygame.Rect(bx, by - 4 + k * 29, bw + spare, 26), word, ui, tool_tip_text=tip,
                                         object_id="#tool_small"))
                    bx += bw + spare + gap
        self.load_button, self.replays_button, self.help_button, self.edit_button, self.shots_button, self.settings_button, self.join_button = made
        self.message_rect = pygame.Rect(bx, by - 4, self.quit_button.rect.left - 12 - bx, 56)
        if self.message_rect.w < 300:
            self.message_rect = pygame.Rect(margin, by - 26, w - 2 * margin, 24)
        # "Continue: <the last unfinished match>" at the top right, under the keys
        self.continue_button: UIButton | None = None
        resume = self.unfinished
        if resume is not None and resume.players:
            title_w = f.shadowed("Stammtisch", 64 if not self.compact else 50, theme.CREAM, "serif", 3).get_width()
            most = w - 2 * margin - 4 - title_w - 24
            short = f"{resume.title}: {', '.join(resume.players)}"
            go = _("Continue: {match}")
            tries = (go.format(match=resume.label), _("Continue: {match} – {n} actions").format(match=short, n=resume.actions), go.format(match=short))
            text = next((c for c in tries if f.size(c, 22, "bold")[0] + 40 <= most), go.format(match=resume.title))
            cw = min(f.size(text, 22, "bold")[0] + 40, most)
            self.continue_button = UIButton(pygame.Rect(w - margin - cw, 54 if not self.compact else 38, cw, 44 if not self.compact else 38), text, ui,
                                            object_id="#start_button", tool_tip_text=_("resume the last unfinished match – {match} – from {path}").format(match=resume.label, path=resume.path))
        # static text: title, headings, labels
        assert self._bg is not None
        static = self._bg.copy()
        for rect in (self.left, self.right):
            theme.rounded_panel(static, rect, (20, 12, 6, 170), theme.BRASS_DARK, 14, 2)
        title = f.shadowed("Stammtisch", 64 if not self.compact else 50, theme.CREAM, "serif", 3)
        static.blit(title, (margin + 4, 18 if not self.compact else 12))
        sub = f.text(_("pub games at the regulars' table – Schock, Katchen, Racerbile and Bierpong tonight"), 18, theme.MUTED, "italic")
        sub_x = margin + 10 + title.get_width() + 18
        keys = f.text(_("F1 rules · F11 full screen · Esc quit"), 14, theme.MUTED, "italic")
        static.blit(keys, (w - margin - keys.get_width(), 30 if not self.compact else 16))
        sub_end = self.continue_button.rect.left - 12 if self.continue_button is not None else w - margin
        if sub_x + sub.get_width() < sub_end:
            static.blit(sub, (sub_x, (18 if not self.compact else 12) + title.get_height() - sub.get_height() - 12))
        for img, pos in labels:
            static.blit(img, pos)
        self._static = theme.for_display(static)

    def _race_profile(self, info: Any, x: int, y: int, width: int, labels: list[tuple[pygame.Surface, tuple[int, int]]], small: Any) -> int:
        """Racerbile's house rules: the variant, the track, and the options a page at a time."""
        m = self.model
        ui = self.ui
        ww = 200 if width >= 400 else 170
        small(_("Variant"), x, y + 8, theme.CREAM, 15, "bold")
        variants: list[str | tuple[str, str]] = [_(VARIANT_LABELS.get(v, v)) for v in info.spec.variants]
        self.variant_menu = UIDropDownMenu(variants, _(VARIANT_LABELS.get(m.variants[m.game], m.variants[m.game])), pygame.Rect(x + width - ww, y, ww, 32), ui)
        y += 40
        small(_("Track"), x, y + 8, theme.CREAM, 15, "bold")
        self.tracks = track_choices()
        if m.track not in [ref for _l, ref in self.tracks]:
            from game.racerbile.tracks import track_title

            self.tracks.append((track_title(m.track) if Path(m.track).is_file() else (Path(m.track).stem or m.track), m.track))
        current = next(label for label, ref in self.tracks if ref == m.track)
        track_labels: list[str | tuple[str, str]] = [label for label, _r in self.tracks]
        self.track_menu = UIDropDownMenu(track_labels, current, pygame.Rect(x + width - ww, y, ww, 32), ui, expansion_height_limit=260)
        where = _("your tracks: {folder}").format(folder=user_track_dir_text())
        if self.fonts.size(where, 11, "italic")[0] <= width - ww - 70:
            small(where, x + 60, y + 10, theme.MUTED, 11)
        y += 44
        opts = [o for o in info.spec.options if o.name not in (RACE_ONLY if m.lemans else LEMANS_ONLY)]
        if m.lemans:  # the event's clock first
            opts.sort(key=lambda o: o.name not in LEMANS_ONLY)
        return self._option_page(opts, x, y, width, labels, small)

    def _option_page(self, opts: list[Option], x: int, y: int, width: int, labels: list[tuple[pygame.Surface, tuple[int, int]]],
                     small: Any) -> int:
        """As many of `opts` as there is room for, from `option_scroll` on, and the "More options" button."""
        ui = self.ui
        row = 34 + 16 + 6
        shown = max(1, min(len(opts), (self.right.bottom - y - 44) // row))
        if self.option_scroll >= len(opts):
            self.option_scroll = 0
        self.option_scroll = max(0, min(self.option_scroll, len(opts) - shown))
        self.options_shown = shown
        for o in opts[self.option_scroll : self.option_scroll + shown]:
            y = self._option_row(o, x, y, width, labels, 1)
        if shown < len(opts):
            a, b = self.option_scroll + 1, self.option_scroll + shown
            self.options_at_end = b >= len(opts)
            more = _("First options") if self.options_at_end else _("More options")
            bw = max(150, self.fonts.width(more, 16, "bold") + 30)
            self.more_button = UIButton(pygame.Rect(x + width - bw, y + 4, bw, 32), more, ui)
            note = _("options {first}–{last} of {n} · the mouse wheel scrolls").format(first=a, last=b, n=len(opts))
            room = width - bw - 10  # the note keeps clear of the button: its first part alone when short of room
            if self.fonts.width(note, 13, "italic") > room:
                note = note.split(" · ")[0]
            note = self.fonts.fit(note, 13, room, "italic")
            small(note, x, y + 12, theme.MUTED, 13)
            self.pager_note = pygame.Rect(x, y + 12, self.fonts.width(note, 13, "italic"), 18)
            y += 40
        return y

    def _help_text(self, o: Option) -> str:
        """An option's help and default, in the current language."""
        return _("{help}. Default: {default}.").format(help=_(o.help).rstrip("."), default=option_value_text(o.default, self.model.game, o.name))

    def _help_lines(self, o: Option, width: int) -> list[str]:
        return self.fonts.wrap(self._help_text(o), 13, width - 10, "italic")

    def _option_row(self, o: Option, x: int, y: int, width: int, labels: list[tuple[pygame.Surface, tuple[int, int]]], help_lines: int = 3) -> int:
        f = self.fonts
        m = self.model
        value = m.options[m.game][o.name]
        ww = 160 if width >= 400 else 130
        if o.kind not in ("bool", "count"):  # a choice: as wide as its longest words (within reason), the label gives way
            need = max(f.width(_choice_label(m.game, o.name, c), 15) for c in o.choices) + 44
            ww = max(ww, min(need, int(width * 0.55)))
        name = fit_text(f, option_name_text(m.game, o), 15, width - ww - 10, theme.CREAM, "bold")
        labels.append((name, (x, y + 7)))
        if help_lines == 0:
            d = f.text(_("default: {value}").format(value=option_value_text(o.default, m.game, o.name)), 12, theme.MUTED, "italic")
            if name.get_width() + 10 + d.get_width() < width - ww - 8:
                labels.append((d, (x + name.get_width() + 10, y + 10)))
        r = pygame.Rect(x + width - ww, y, ww, 32)
        if o.kind == "bool":
            cb = UICheckBox(pygame.Rect(r.x, r.y + 6, 20, 20), _("on"), self.ui, initial_state=bool(value), tool_tip_text=_(o.help))
            self.option_widgets[o.name] = cb
        elif o.kind == "count":
            e = UITextEntryLine(r, self.ui, initial_text=m.counts[m.game].get(o.name, ""), placeholder_text=_("none"))
            e.set_allowed_characters("numbers")
            e.set_text_length_limit(3)
            self.option_widgets[o.name] = e
        else:
            labels_: list[str | tuple[str, str]] = [_choice_label(m.game, o.name, c) for c in o.choices]
            dd = UIDropDownMenu(labels_, _choice_label(m.game, o.name, value), r, self.ui)
            self.option_widgets[o.name] = dd
        lines = self._help_lines(o, width)
        if help_lines > 0:
            self.option_help[o.name] = self._help_text(o)
        if len(lines) > help_lines and help_lines > 0:
            lines = lines[:help_lines]
            last = lines[-1]
            while last and f.size(last + " …", 13, "italic")[0] > width - 10:
                last = last[:-1]
            lines[-1] = last.rstrip() + " …"
            self.cut_help.append((pygame.Rect(x, y + 32, width, 4 + 16 * len(lines)), self._help_text(o)))
        elif help_lines == 0:
            lines = []
        yy = y + 34
        for line in lines:
            labels.append((f.text(line, 13, theme.MUTED, "italic"), (x + 6, yy)))
            yy += 16
        return yy + 6

    # --- actions ---------------------------------------------------------------------------

    def _sync_names(self) -> None:
        m = self.model
        rows = m.team_rows if m.team_game else m.players
        for e, i in zip(self.name_entries, self.row_index):
            if i < len(rows):
                rows[i].name = e.get_text()
        for i, j, e in self.driver_entries:
            if i < len(m.team_rows):
                m.team_rows[i].drivers[j] = e.get_text()
        if self.games_entry is not None:
            m.games = self.games_entry.get_text()
        for name, wdg in self.option_widgets.items():
            if isinstance(wdg, UITextEntryLine):
                m.counts[m.game][name] = wdg.get_text()

    def start(self) -> bool:
        """Start the match; with a remote player, the host dialog first (a friend who drops: the
        table waits, or a bot plays after N s) – True once the match (or the dialog) is open."""
        self._sync_names()
        try:
            match = self.model.make_match()
        except ValueError as e:
            self.message = str(e)
            return False
        self.message = ""
        from game.net.hosting import remote_players

        remotes = remote_players(match)
        if remotes:
            from game.ui.common.hosting_ui import HostDialog

            def open_table(timeout: float | None) -> None:
                self.drop_timeout = timeout
                self.open_match(match, timeout)

            self.modal = HostDialog(self.fonts, self.host.size, remotes, open_table, self.drop_timeout)
            return True
        return self.open_match(match, None)

    def open_match(self, match: Match, remote_timeout: float | None) -> bool:
        """The match's scene (its table open to the other laptops when a player is remote)."""
        from game.ui.common.prefs import remember_players

        try:
            scene = hosted_scene(self.host, match, coach=self.model.coach, remote_timeout=remote_timeout)
        except ValueError as e:
            self.message = str(e)
            return False
        self.host.push(scene)
        err = remember_players(self.model.people())  # only when the program loaded settings
        if err:
            self.message = err
        return True

    def _typing(self) -> bool:
        entries = [*self.name_entries, *(d for _i, _j, d in self.driver_entries)]
        return any(x.is_focused for x in entries) or any(isinstance(w, UITextEntryLine) and w.is_focused for w in self.option_widgets.values())

    def find_unfinished(self) -> None:
        """Look for the last unfinished (autosaved) match: `unfinished` (None: there is none). The
        menu starts whatever the save folder holds: an autosave none of whose copies can be read is
        moved into the `damaged` subfolder (kept, never deleted) and said once in the message line;
        one whose backup is used is said too."""
        if not save_dir().is_dir():  # nothing was ever saved here (a first start): the autosave code stays unloaded
            self.unfinished = None
            return
        from game.autosave import last_unfinished, put_aside

        for _tries in range(4):  # each damaged autosave put aside, then look again
            try:
                self.unfinished = last_unfinished()
            except Exception as e:  # never a menu that cannot start because of a save
                self.unfinished = None
                self._note(_("The saved matches could not be looked through: {error}").format(error=e))
                return
            info = self.unfinished
            if info is None or not info.damaged:
                break
            where = put_aside(info.path)
            self.unfinished = None
            self._note(_("The autosave of {match} is damaged ({problem}); it was moved to {folder}").format(
                match=info.title, problem=info.problem, folder=shown_dir(where.parent) if where else shown_dir(info.path.parent)))
        info = self.unfinished
        if info is not None and info.problem:
            self._note(_("The autosave of {match} is damaged: {problem}").format(match=info.title, problem=info.problem))

    def _note(self, note: str) -> None:
        """Add `note` to the message line (once)."""
        if note not in self.message:
            self.message = f"{self.message} · {note}" if self.message else note

    def resume_last(self) -> bool:
        """Continue the last unfinished match from its autosave (its backup, when it is damaged:
        the message says so); an autosave that cannot be resumed is a message, never a crash – and is
        moved aside (`put_aside`), so it is not offered again. A match another program has open is
        not continued here."""
        from game.autosave import Autosave, load_autosave, open_elsewhere, put_aside

        info = self.unfinished
        if info is None:
            self.message = _("There is no unfinished match to continue.")
            return False
        if open_elsewhere(info.path):
            self.message = _("{match} is open in another Stammtisch window: continue it there (or close it first).").format(match=info.title)
            return False
        try:
            r = load_autosave(info.path)
        except InputError as e:
            where = put_aside(info.path)
            self.message = _("Cannot continue: {error}").format(error=e)
            if where is not None:
                self.message += " · " + _("the autosave was moved to {folder}").format(folder=shown_dir(where.parent))
            self.find_unfinished()
            self.rebuild()
            return False
        except Exception as e:  # a damaged file broke the reader: said, never a crash
            self.message = _("Cannot continue: {error}").format(error=f"{info.path}: {type(e).__name__}")
            return False
        if r.match.state.is_terminal():  # over already: kept as a save, its autosave goes
            Autosave(r.match, info.path).finish(keep=new_save_path(r.match.info.name))
        self.message = r.message or ""
        scene = match_scene(self.host, r.match, coach=self.model.coach)
        note = r.message or (_("The program stopped while it saved the last action: that action is not in the log, play it again") if r.torn else None)
        if note:
            toast = getattr(scene, "toast", None)
            if isinstance(toast, str):
                setattr(scene, "toast", note)
            elif toast is not None and hasattr(toast, "show"):
                toast.show(note, "error" if r.message else "info", seconds=8)
        self.host.push(scene)
        return True

    def open_settings(self) -> None:
        """The settings screen (S); the menu takes the remembered players and the coach back from it."""
        from game.ui.menu.settings_scene import SettingsScene

        self._sync_names()
        self.host.push(SettingsScene(self.host))

    def open_join(self) -> None:
        """Join a table hosted at another laptop (J)."""
        from game.ui.menu.join_scene import JoinScene

        self._sync_names()
        self.host.push(JoinScene(self.host))

    def open_practice(self) -> None:
        """The Bierpong practice table: the physics alone, no rules (P in the menu)."""
        from game.ui.pong.pong import PongScene

        self.host.push(PongScene(self.host))

    def open_shots(self) -> None:
        """"Special shots…" (D): Bierpong's special shots, solved and played (`ShotMenu`, alone on top:
        Esc from it comes back here)."""
        from game.ui.pong.pong_demo import ShotMenu

        self.host.push(ShotMenu(self.host))

    def open_saves(self) -> None:
        saves = list_saves()
        items = [(sv.label, str(sv.path)) for sv in saves]
        self.modal = ListDialog(
            self.fonts,
            self.size,
            _("Continue a saved match"),
            _("Saved matches in {folder}").format(folder=shown_dir()),
            items,
            _("Load"),
            self._load_chosen,
            empty=_("No saved matches yet (Ctrl+S at the table saves one)."),
            wrap=True,
        )

    def open_replays(self) -> None:
        """"Replays…": the saved matches; the chosen one opens in the replay viewer (`game.ui.common.replay`)."""
        items = [(sv.label, str(sv.path)) for sv in list_saves()]
        self.modal = ListDialog(self.fonts, self.size, _("Replays"), _("Saved matches in {folder}").format(folder=shown_dir()), items,
                                _("Replay"), self._replay_chosen, empty=_("No saved matches yet (Ctrl+S at the table saves one)."), wrap=True)

    def _replay_chosen(self, key: str | None) -> None:
        if key is None:
            if isinstance(self.modal, ListDialog):
                self.modal.set_message(_("Choose a saved match first"))
            return
        from game.ui.common.replay import ReplayScene

        try:
            scene = ReplayScene(self.host, key)
        except InputError as e:
            if isinstance(self.modal, ListDialog):
                self.modal.set_message(_("Cannot replay {where}: {error}").format(where=f"{Path(e.file).name}:{e.line}:{e.column}", error=e.message))
            return
        self.modal = None
        self.host.push(scene)

    def _load_chosen(self, key: str | None) -> None:
        if key is None:
            if isinstance(self.modal, ListDialog):
                self.modal.set_message(_("Choose a saved match first"))
            return
        try:
            from game.match import Match
            
            match = Match.load(key, defer_check=True)  # a long journal shows at once (game.snapshot)
        except InputError as e:
            if isinstance(self.modal, ListDialog):
                self.modal.set_message(_("Cannot load {where}: {error}").format(where=f"{Path(e.file).name}:{e.line}:{e.column}", error=e.message))
            return
        self.modal = None
        self.host.push(match_scene(self.host, match, save_path=key))

    def load(self, path: str | Path) -> bool:
        """Open a saved match at the table; a broken file is shown as a message."""
        try:
            from game.match import Match
            
            match = Match.load(path, defer_check=True)
        except InputError as e:
            self.message = _("Cannot load it: {error}").format(error=e)
            return False
        self.message = ""
        self.host.push(match_scene(self.host, match, save_path=path))
        return True

    def open_editor(self) -> None:
        """"Edit tracks": a new sheet, a copy of a shipped track, or a file – the editor opens on top."""
        from game.ui.editor.editor import editor_chooser

        def show(modal: Modal) -> None:
            self.modal = modal

        self.modal = editor_chooser(self.host, self.size, show)

    def ask_quit(self) -> None:
        def chosen(text: str) -> None:
            if text == "Quit":
                self.host.quit(0)
            else:
                self.modal = None

        self.modal = Confirm(self.fonts, self.size, _("Leave the Stammtisch?"), _("Esc again quits."), [N_("Quit"), N_("Stay")], chosen)

    def toggle_help(self) -> None:
        if self.help is not None:
            self.help = None
            return
        game = self.model.game if self.model.game in GAMES else "schock"
        try:
            prof: Profile | None = self.model.profile()
        except (ValueError, KeyError):
            prof = None
        self.help = HelpOverlay(self.fonts, game, self.size, prof, GAMES[game].spec)

    help_toggle = toggle_help

    # --- events ----------------------------------------------------------------------------

    def back(self) -> bool:
        if isinstance(self.modal, Confirm) and self.help is None:
            self.host.quit(0)
        elif not self.close_overlay():
            self.ask_quit()
        return True

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.overlay_event(e):
            return
        self.ui.process_events(e)
        m = self.model
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            from game.ui.common.sound import sounds

            sounds().play("ui_click")
            el = e.ui_element
            if el in self.game_buttons:
                self._sync_names()
                m.game = self.game_buttons[el]
                self.option_scroll = 0  # each game's options from the first
                self.message = ""
                self.rebuild()
            elif el is self.add_button:
                self._sync_names()
                m.add_player()
                if m.lemans:
                    self.team_scroll = len(m.teams)
                self.rebuild()
            elif el in self.remove_buttons:
                self._sync_names()
                i = self.row_index[self.remove_buttons.index(el)]
                if m.game == "bierpong":
                    pass  # Bierpong is two teams
                elif m.lemans:
                    m.remove_team(i)
                else:
                    m.remove_player(i)
                self.rebuild()
            elif el is self.more_button:
                self._sync_names()
                self.option_scroll = 0 if self.options_at_end else self.option_scroll + self.options_shown
                self.rebuild()
            elif el is self.start_button:
                self.start()
            elif el is self.load_button:
                self.open_saves()
            elif el is self.replays_button:
                self.open_replays()
            elif el is self.help_button:
                self.toggle_help()
            elif el is self.edit_button:
                self.open_editor()
            elif el is self.quit_button:
                self.ask_quit()
            elif el is self.shots_button:
                self.open_shots()
            elif el is self.settings_button:
                self.open_settings()
            elif el is self.join_button:
                self.open_join()
            elif el is not None and el is self.continue_button:
                self.resume_last()
        elif e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            el = e.ui_element
            rows: list[Any] = m.team_rows if m.team_game else m.players
            if el in self.kind_menus:
                i = self.row_index[self.kind_menus.index(el)]
                rows[i].kind = next(k for k, label in kinds_for(m.game) if _(label) == e.text)
                self.start_button.set_text(_("Host table") if m.hosting() else _("Start"))
            elif el in self.drink_menus:
                i = self.row_index[self.drink_menus.index(el)]
                rows[i].drink = next(d for d, _l in DRINKS if drink_label(d, self.short_drinks) == e.text)
            elif el is self.variant_menu:
                self._sync_names()
                was = m.lemans
                m.variants[m.game] = next((v for v, label in VARIANT_LABELS.items() if _(label) == e.text), e.text)
                if m.lemans and not was and m.pitless(m.track):
                    if m.track != "babybane":  # (the default track: no word needed)
                        self.message = _("Le Mans needs a track with a pit lane ({rule})").format(rule="racerbile.lemans.pit") + " – " + _("Le Mans is raced on the Le Mans track")
                    m.track = "le_mans"
                if m.lemans != was:
                    self.rebuild()
            elif el is self.track_menu:
                ref = next((r for label, r in self.tracks if label == e.text), m.track)
                if m.lemans and m.pitless(ref):  # refused at once, with the reason (racerbile.lemans.pit)
                    self.message = _("Le Mans needs a track with a pit lane ({rule})").format(rule="racerbile.lemans.pit") + " – " + _("{track} has none").format(track=e.text)
                    self.rebuild()  # the dropdown shows the track still chosen
                else:
                    m.track = ref
            else:
                for name, wdg in self.option_widgets.items():
                    if wdg is el:
                        opt = GAMES[m.game].spec.option(name)
                        m.options[m.game][name] = next(c for c in opt.choices if _choice_label(m.game, name, c) == e.text)
                        if name == "lemans_drivers":  # as many driver slots per team
                            self._sync_names()
                            self.rebuild()
                        break
        elif e.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            if e.ui_element is self.coach_box:
                m.coach = e.type == pygame_gui.UI_CHECK_BOX_CHECKED
            for name, wdg in self.option_widgets.items():
                if wdg is e.ui_element:
                    m.options[m.game][name] = e.type == pygame_gui.UI_CHECK_BOX_CHECKED
        elif e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            names = self.name_entries + [d for _i, _j, d in self.driver_entries]
            cut = cut_name(e.ui_element) if e.ui_element in names else None
            self._sync_names()
            if cut:
                self.message = cut  # said, never a silent cut
            elif self.message:
                self.message = ""
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not any(x.is_focused for x in self.name_entries):
            self.start()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_p and not self._typing():
            self.open_practice()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_d and not self._typing():
            self.open_shots()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_s and not self._typing():
            self.open_settings()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_j and not self._typing():
            self.open_join()
        elif e.type == pygame.MOUSEWHEEL and (m.game == "racerbile" or self.more_button is not None):
            pos = pygame.mouse.get_pos()
            if self.right.collidepoint(pos):
                self._sync_names()
                self.option_scroll = max(0, self.option_scroll - e.y)
                self.rebuild()
            elif m.lemans and self.left.collidepoint(pos):
                self._sync_names()
                self.team_scroll = max(0, self.team_scroll - e.y)
                self.rebuild()

    def update(self, dt: float) -> None:
        if self._lang != language():  # the language was switched: every label anew
            self._lang = language()
            self._sync_names()
            self.rebuild()
        self.ui.update(dt)
        if self.help is not None:
            self.help.update(dt)
        if self.modal is not None:
            self.modal.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self._static is None or self._static.get_size() != surface.get_size():
            self.resize(surface.get_size())
        assert self._static is not None
        surface.blit(self._static, (0, 0))
        self.ui.draw_ui(surface)
        if self.message:
            lines = self.fonts.wrap(self.message, 15, self.message_rect.w - 20, "bold")
            y = self.message_rect.y + 2
            for line in lines[:3]:
                img = self.fonts.text(line, 15, theme.CHALK_RED, "bold")
                surface.blit(img, (self.message_rect.x + 10, y))
                y += img.get_height()
        if not self.overlay_open():
            self.draw_cut_help(surface, pygame.mouse.get_pos())
        if self.modal is not None:
            self.modal.draw(surface)
        if self.help is not None:
            self.help.draw(surface)

    def draw_cut_help(self, surface: pygame.Surface, mouse: tuple[int, int]) -> pygame.Rect | None:
        """Over an option whose help was cut ("…"): the whole help in a box by the pointer."""
        text = next((t for r, t in self.cut_help if r.collidepoint(mouse)), None)
        if text is None:
            return None
        f = self.fonts
        sw, sh = surface.get_size()
        width = min(440, sw - 40)
        lines = f.wrap(text, 14, width - 24)
        imgs = [f.text(line, 14, theme.CREAM) for line in lines]
        box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 24, sum(i.get_height() for i in imgs) + 16)
        box.topleft = (mouse[0] + 16, mouse[1] + 18)
        if box.right > sw - 10:
            box.right = mouse[0] - 12
        if box.bottom > sh - 10:
            box.bottom = mouse[1] - 12
        box.clamp_ip(surface.get_rect())
        theme.rounded_panel(surface, box, (24, 18, 12, 240), theme.BRASS, 8, 1)
        y = box.y + 8
        for img in imgs:
            surface.blit(img, (box.x + 12, y))
            y += img.get_height()
        return box
