"""What the menu lets one choose, as plain data (no pygame): the game, its seats – players, or teams
as the game's seating rules say (`game.descriptor.Seating`) – and its house rules; what keeps a
match from starting; the match to start."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.descriptor import GameInfo, Seating
from game.errors import InputError
from game.games import DRIVER_NAMES, GAMES, TEAM_NAMES, PlayerSpec
from game.i18n import N_, _
from game.rules.drink import Drink
from game.rules.profile import OptionValue, Profile

if TYPE_CHECKING:
    from game.match import Match

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
DEFAULT_TRACK = "babybane"  # a race's track in a fresh menu


@dataclass
class PlayerRow:
    name: str
    kind: str = "human"
    drink: Drink = Drink.BEER


@dataclass
class TeamRow:
    """A team: its name, its players (a race's drivers), who plays it (a person or a bot), the drink."""

    name: str
    drivers: list[str] = field(default_factory=lambda: ["", "", ""])
    kind: str = "human"
    drink: Drink = Drink.BEER


def drink_label(drink: Drink, short: bool = False) -> str:
    """A drink as the menu offers it ("Beer (11 sips)"; `short`: "Beer · 11"), in the current language."""
    return _(SHORT_DRINKS[drink] if short else dict(DRINKS)[drink]).format(n=drink.sips)


def team_slots(info: GameInfo, options: dict[str, OptionValue]) -> int:
    """The player slots of each of the game's teams: as many as its drivers option says (every slot a
    driver: racerbile.lemans.teams), else its largest team (empty slots are left out)."""
    seating = info.seating
    if seating.drivers_option:
        opt = info.spec.option(seating.drivers_option)
        n = options.get(seating.drivers_option, opt.default)
        return n if isinstance(n, int) and n in opt.choices else int(opt.default or 1)
    return seating.team_size[1]


def default_teams() -> dict[str, list[TeamRow]]:
    """Each team game's teams in a fresh menu (the seating rules' defaults)."""
    out: dict[str, list[TeamRow]] = {}
    for name, info in GAMES.items():
        s = info.seating
        if not s.default_teams:
            continue
        pad = 0 if s.drivers_option else s.team_size[1]  # free slots to fill in (a race's drivers fit the option)
        out[name] = [TeamRow(team, list(players) + [""] * (pad - len(players)), kind) for team, players, kind in s.default_teams]
    return out


@dataclass
class MenuModel:
    """Everything the menu lets one choose, as plain data."""

    game: str = field(default_factory=lambda: next(iter(GAMES)))  # the first registered game
    players: list[PlayerRow] = field(
        default_factory=lambda: [PlayerRow("Anna"), PlayerRow("Bernd", "bot"), PlayerRow("Carla", "bot", Drink.LIGHT_BEER)]
    )
    variants: dict[str, str] = field(default_factory=dict)
    options: dict[str, dict[str, OptionValue]] = field(default_factory=dict)
    counts: dict[str, dict[str, str]] = field(default_factory=dict)  # the typed text of count options
    games: str = "1"
    track: str = DEFAULT_TRACK  # a race's track: a shipped track's name or a file
    coach: bool = True  # a race's coach explains the ways (C switches it in the race)
    teams: dict[str, list[TeamRow]] = field(default_factory=default_teams)  # each team game's teams, by game
    real_table: bool = False  # played with real dice, caps and cups: the seats enter what they throw (docs/real-table.md)

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
        if track:
            m.track = track
        if profile is not None and profile.game in GAMES:
            m.variants[profile.game] = profile.variant
            for k, v in profile.options.items():
                m.options[profile.game][k] = v
                if k in m.counts[profile.game]:
                    m.counts[profile.game][k] = "" if v is None else str(v)
        s = m.seating
        if players and (s.teams or (s.team_variants and any(p.drivers for p in players))):
            slots = m.team_slots(m.game)
            rows = []
            for p in players[:s.max_seats]:
                members = list(p.drivers[:slots]) or ([] if m.fixed_teams else [p.name])
                rows.append(TeamRow(p.name, members + [""] * (slots - len(members)), p.kind, p.drink))
            m.teams[m.game] = rows
        elif players:
            m.players = [PlayerRow(p.name, p.kind, p.drink) for p in players][:s.max_seats]
        m.games = str(games)
        return m

    @property
    def info(self) -> GameInfo:
        return GAMES[self.game]

    @property
    def seating(self) -> Seating:
        return GAMES[self.game].seating if self.game in GAMES else Seating()

    @property
    def team_game(self) -> bool:
        """Seats are teams of named players in the variant chosen (Le Mans, Bierpong)."""
        return self.game in GAMES and self.seating.team_game(self.variants.get(self.game, ""))

    @property
    def team_rows(self) -> list[TeamRow]:
        return self.teams.setdefault(self.game, [])

    @property
    def fixed_teams(self) -> bool:
        """Every slot of a team is a player who must be named (a race's drivers, as many as its option says)."""
        return bool(self.seating.drivers_option)

    def team_slots(self, game: str | None = None) -> int:
        """The slots of each team of `game` (the chosen game): `team_slots`."""
        g = game or self.game
        return team_slots(GAMES[g], self.options.get(g, {}))

    @property
    def team_size(self) -> int:
        """The chosen game's slots per team."""
        return self.team_slots()

    def apply_settings(self, remembered: bool = True) -> None:
        """Take the coach default and (with `remembered`) the remembered people from the settings in
        force (`game.ui.shell.settings_scene`): they sit first, as humans, the default bots fill up to three."""
        from game.ui.common.prefs import loaded_settings

        s = loaded_settings()
        if s is None:
            return
        self.coach = s.coach
        if remembered and s.players:
            rows = [PlayerRow(n, "human", Drink(d)) for n, d in s.players][:self.seating.max_seats]
            taken = {r.name for r in rows}
            for bot in (PlayerRow("Bernd", "bot"), PlayerRow("Carla", "bot", Drink.LIGHT_BEER)):
                if len(rows) >= 3:
                    break
                if bot.name not in taken:
                    rows.append(bot)
            self.players = rows
            names = [n for n, _d in s.players]
            # the team games: the remembered people make up the first team of humans
            for game, teams in self.teams.items():
                seats = self.team_slots(game)
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

    def fit_teams(self) -> None:
        """Give every team of fixed size as many slots as its option says: cut, or fill up with free
        driver names (racerbile.lemans.teams)."""
        if not self.fixed_teams:
            return
        size = self.team_size
        teams = self.team_rows
        taken = {d for t in teams for d in t.drivers}
        free = [d for d in DRIVER_NAMES if d not in taken]
        for t in teams:
            if len(t.drivers) > size:
                t.drivers = t.drivers[:size]
            while len(t.drivers) < size:
                name = free.pop(0) if free else f"{t.name} {len(t.drivers) + 1}"
                t.drivers.append(name)

    def add_team(self) -> None:
        teams = self.team_rows
        if len(teams) >= self.seating.max_seats:
            return
        taken = {t.name for t in teams}
        name = next((n for n in TEAM_NAMES if n not in taken), f"Team {len(teams) + 1}")
        drivers = {d for t in teams for d in t.drivers}
        size = self.team_size
        free = [d for d in DRIVER_NAMES if d not in drivers] + [f"{name} {j}" for j in range(1, size + 1)]
        teams.append(TeamRow(name, free[:size], self.seating.default_bot))

    def remove_team(self, i: int) -> None:
        teams = self.team_rows
        if len(teams) > self.seating.min_seats and 0 <= i < len(teams):
            del teams[i]

    def add_player(self) -> None:
        """Another seat: a team in a team game (up to its most), else a bot player."""
        if self.team_game:
            self.add_team()
            return
        if len(self.players) >= self.seating.max_seats:
            return
        taken = {p.name for p in self.players}
        name = next((n for n in NAMES if n not in taken), _("Player {n}").format(n=len(self.players) + 1))
        self.players.append(PlayerRow(name, "bot"))

    def remove_player(self, i: int) -> None:
        if len(self.players) > self.seating.min_seats and 0 <= i < len(self.players):
            del self.players[i]

    def remove_seat(self, i: int) -> None:
        """Take seat `i` off the table (a team in a team game), while more than the fewest sit."""
        if self.team_game:
            self.remove_team(i)
        else:
            self.remove_player(i)

    def problems(self) -> list[str]:
        """What keeps the match from starting (empty: all is well)."""
        from game.ui.common.names import too_long

        out = []
        seating = self.seating
        low, high = seating.min_seats, seating.max_seats
        if self.team_game:
            out += self._team_problems()
        else:
            names = [p.name.strip() for p in self.players]
            if not low <= len(names) <= high:
                out.append(_("{low} to {high} players, please (now {n})").format(low=low, high=high, n=len(names)))
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
        if seating.track:
            if not self.track.strip():
                out.append(_("choose a track"))
            else:
                problem = self.track_problem(self.track)
                if problem:
                    out.append(problem)
        elif not g.isdigit() or not 1 <= int(g) <= 99:
            out.append(_("the number of games must be a whole number from 1 to 99"))
        for name, text in self.counts.get(self.game, {}).items():
            t = text.strip()
            if t and (not t.isdigit() or int(t) < 1):
                out.append(_("{option}: a whole number of at least 1, or empty for none").format(option=name))
        return out

    def track_problem(self, track: str) -> str:
        """Why the chosen variant cannot be raced on `track` ("": it can) – the game's scenes say (`game.ui.scenes`)."""
        from game.ui.scenes import scene_info

        check = scene_info(self.game).track_problem
        return check(self.variants[self.game], track) if check is not None else ""

    def _team_problems(self) -> list[str]:
        from game.ui.common.names import too_long

        out = []
        seating = self.seating
        rows = self.team_rows
        teams = [t.name.strip() for t in rows]
        if not seating.min_seats <= len(teams) <= seating.max_seats:
            out.append(_("{low} to {high} teams, please (now {n})").format(low=seating.min_seats, high=seating.max_seats, n=len(teams)))
        if any(not n for n in teams):
            out.append(_("every team needs a name"))
        dup = sorted({n for n in teams if n and teams.count(n) > 1})
        if self.fixed_teams:  # drivers: every slot named (racerbile.lemans.teams)
            if dup:
                out.append(_("team names must differ: {names} races twice").format(names=", ".join(dup)))
            self.fit_teams()
            everyone = [d.strip() for t in rows for d in t.drivers]
            if any(not d for d in everyone):
                size = self.team_size
                out.append(_("every team needs three drivers with names") if size == 3 else _("every team needs {n} drivers with names").format(n=size))
            dup = sorted({d for d in everyone if d and everyone.count(d) > 1})
            if dup:
                out.append(_("driver names must differ: {names} drives twice").format(names=", ".join(dup)))
        else:  # players: the empty slots are left out
            if dup:
                out.append(_("the two teams need different names"))
            everyone = []
            least, most = seating.team_size
            for t in rows:
                members = [d.strip() for d in t.drivers if d.strip()]
                if not least <= len(members) <= most:
                    out.append(_("{team}: 1 to {n} players").format(team=t.name or _("a team"), n=most))
                everyone += members
            dup = sorted({d for d in everyone if everyone.count(d) > 1})
            if dup:
                out.append(_("player names must differ: {names} plays twice").format(names=", ".join(dup)))
        long = too_long(teams + everyone)
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
        kind_for = self.seating.kind_for
        if self.team_game:
            self.fit_teams()
            fixed = self.fixed_teams
            return [PlayerSpec(t.name.strip(), kind_for(t.kind), t.drink, tuple(d.strip() for d in t.drivers if fixed or d.strip()))
                    for t in self.team_rows]
        return [PlayerSpec(p.name.strip(), kind_for(p.kind), p.drink) for p in self.players]

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
                return Match(self.game, self.player_specs(), self.profile(), seed=seed, track=self.track, real_table=self.real_table)
            except InputError as e:
                raise ValueError(_("the track {track} cannot be loaded: {error}").format(track=repr(self.track), error=e)) from None
        return Match(self.game, self.player_specs(), self.profile(), seed=seed, games=int(self.games.strip()),
                     real_table=self.real_table)
