"""What a game tells the rest of the program about itself: one `GameInfo` per game, declared
beside the game (`game/dice/game.py`, `game/racerbile/game.py`, `game/bierpong/game.py`) and listed
once in `game.games.REGISTRY`. Nothing here imports a game's rules engine: the heavy parts are named
as lazy "module:attribute" strings and imported when a match starts (the menu's start-up stays light).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any

from game.rules.profile import ProfileSpec

if TYPE_CHECKING:
    from game.state import GameState


def load(ref: str) -> Any:
    """The object a lazy "module:attribute" reference names (imported now)."""
    module, _, name = ref.partition(":")
    return getattr(import_module(module), name)


@dataclass(frozen=True)
class SeatKind:
    """A kind of seat the menu and the command line offer: a person, a bot of the game's, remote."""

    id: str  # what a `PlayerSpec.kind` says ("human", "careful", "remote")
    label: str  # N_-marked words, shown through `_()` ("Careful bot")
    bot: bool = False  # a bot of the game's bot registry


@dataclass(frozen=True)
class Seating:
    """Who sits at the game's table.

    Seats are players, or teams of `team_size` players (Bierpong always; Racerbile in the
    `team_variants`, where a team's drivers take turns at the wheel and `drivers_option` says how
    many). `min_seats`–`max_seats` seats; the defaults fill a fresh menu."""

    min_seats: int = 2
    max_seats: int = 8
    teams: bool = False  # every variant seats teams
    team_variants: tuple[str, ...] = ()  # the variants that seat teams although `teams` is False
    team_size: tuple[int, int] = (1, 1)  # players per team, at least and at most
    drivers_option: str = ""  # the profile option that sets the players per team (Le Mans: lemans_drivers)
    track: bool = False  # the match is raced on a track the menu asks for
    kinds: tuple[SeatKind, ...] = ()
    default_bot: str = "bot"  # the kind a plain "bot" seat becomes at this game
    default_players: tuple[tuple[str, str], ...] = ()  # (name, kind) for a fresh menu / command line
    default_teams: tuple[tuple[str, tuple[str, ...], str], ...] = ()  # (team, players, kind)

    def team_game(self, variant: str) -> bool:
        """Whether the seats are teams in `variant`."""
        return self.teams or variant in self.team_variants

    @property
    def bot_kinds(self) -> tuple[str, ...]:
        return tuple(k.id for k in self.kinds if k.bot)

    def kind_for(self, kind: str) -> str:
        """A seat's kind as this game knows it: a bot kind it has not becomes its `default_bot`."""
        if kind in ("human", "remote") or kind in self.bot_kinds:
            return kind
        return self.default_bot


@dataclass(frozen=True)
class ResultWords:
    """How a finished match reads: the dice games name a loser, a race and a Bierpong game a winner;
    what a row of the standing counts."""

    loser: bool  # the result names the loser ("Anna loses") rather than the winner
    count: str = ""  # N_-marked, with {n}: what a standing row counts ("strokes {n}", "Schüsse {n}")
    count_key: str = ""  # the standing row's key for that count, the ledger account's field ("strokes", "schuesse")
    one: str = ""  # with {n}: a final standing's count of one ("{n} stroke"; N_-marked, or a proper word kept as is)
    many: str = ""  # … and of several ("{n} strokes", "{n} Schüsse")

    @property
    def unit(self) -> str:
        """What the count counts, in the source language ("strokes", "Schüsse")."""
        return self.count.replace("{n}", "").strip()


@dataclass(frozen=True)
class GameInfo:
    """One game, as the menu, the command line, saves, replays, the host and the help see it."""

    name: str  # the id in files, logs and on the command line ("schock")
    title: str  # shown as is (a proper name: "Schock", "Bierpong")
    spec: ProfileSpec
    state_class: str  # "module:Class": the rules' state (`game.state.GameState`)
    session_class: str  # "module:Class": the live session (`game.session`)
    seating: Seating = field(default_factory=Seating)
    result: ResultWords = field(default_factory=lambda: ResultWords(loser=True))
    rule_prefix: str = ""  # every rule id the game cites starts with it ("schock."); default: name + "."
    words: str = ""  # "module:function": a logged action in words (`game.games.action_words`)
    record_reader: str = ""  # "module:function": `referee` of a record file of this game (doc, text, path)
    simulator: str = ""  # "module:function": `simulate GAME` (argparse namespace, progress bars → a result with to_dict/to_text)
    simulate_options: tuple[str, ...] = ()  # the game-specific `simulate` options it reads ("bots", "track", "skill", …)
    short_match: str = ""  # "module:function": (game, variant, seed) → (Match, after-hook or None), a short bots-only match
    #                          a session plays out at INSTANT pace (`Session.play_out(after=…)`; tests/rules/test_conformance.py)
    command_table: str = ""  # "module:function": the seats, profile and track of `play`/`host GAME` (`game.tools.seats.Table`)
    throws: bool = False  # the log keeps real throws through the physics: a replay flies them, a clip films one, a
    #                       seat from afar needs a window (no headless bot), a host plays at a real pace
    authority: str = ""  # "module:TABLE": who may send which of its actions from afar (`game.rules.authority.Row`s)
    round_header: str = ""  # "module:function": a ruling that only opens a round → its round's header in the feed (None: a card)
    catalog: str = ""  # "module:NAME": its rule texts (`game.rules.catalog_text.RuleText`s, in the digest's order)
    scenes: str = ""  # "module:NAME": its scenes (`game.ui.scenes.SceneInfo`; a string: the domain imports no UI)
    web_view: str = ""  # "module:function": (session, seat) → its part of a browser's `view` (`game.net.web_view`)
    web_client: str = ""  # the browser's module that draws it: game/web/<web_client>.js ("dice", "race", "pong")

    @property
    def race(self) -> bool:
        """A race on a track: the menu asks for one."""
        return self.seating.track

    @property
    def prefix(self) -> str:
        return self.rule_prefix or self.name + "."

    @property
    def state(self) -> type[GameState]:
        """The game's state class (imported now: the menu's start-up stays light)."""
        cls: type[GameState] = load(self.state_class)
        return cls
