"""What the shell needs to know of each game's scenes: one `SceneInfo` per game, declared in the
game's own ui package (`game/ui/dice/scene_info.py`, `game/ui/race/scene_info.py`,
`game/ui/pong/scene_info.py`) and named by the game's descriptor (`GameInfo.scenes`, a
"module:NAME" string), so the game registry's one line is the only list. The scenes are named as
lazy "module:Class" strings: the menu imports no game's table until a match starts."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from game.descriptor import load
from game.games import GAMES


@dataclass(frozen=True)
class SceneInfo:
    """One game's scenes and what the menu shows for it beyond its seating rules (`game.descriptor`)."""

    game: str  # the game's name (`GameInfo.name`)
    match: str  # "module:Class": the scene that plays a match – (host, match, *, save_path, autosave, session[, coach])
    practice: str = ""  # "module:Class": a table to practise on without rules (P in the menu), if any
    tip: str = ""  # N_-marked: the game button's tool tip
    coach: bool = False  # the match scene takes the coach switch; the menu offers its box
    games: bool = False  # a match is several games: the menu asks how many
    # variant → the options shown only in that variant (first, before the others) …
    variant_options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # … and the options not shown in that variant
    variant_hides: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # (variant, track) → why that variant cannot be raced on that track ("": it can)
    track_problem: Callable[[str, str], str] | None = None
    # (variant, track) → the track to race a newly chosen variant on, and a note saying why it changed ("")
    track_for: Callable[[str, str], tuple[str, str]] | None = None
    # the current track → the tracks offered, (label, reference), the current one among them
    tracks: Callable[[str], list[tuple[str, str]]] | None = None
    track_folder: Callable[[], str] | None = None  # where the user's own tracks are, as shown

    def shown_options(self, variant: str, names: list[str]) -> list[str]:
        """The option `names` the menu shows for `variant`, in the order it shows them."""
        own = self.variant_options.get(variant, ())
        hidden = set(self.variant_hides.get(variant, ()))
        for other, only in self.variant_options.items():
            if other != variant:
                hidden |= set(only) - set(own)
        kept = [n for n in names if n not in hidden]
        return sorted(kept, key=lambda n: n not in own)  # (a stable sort: the variant's own first)


_SCENES: dict[str, SceneInfo] = {}


def scenes() -> dict[str, SceneInfo]:
    """Every registered game's `SceneInfo` (`GameInfo.scenes`), by game name, in the registry's
    order (read on first use; a game without scenes has no table to play at)."""
    if not _SCENES:
        for game in GAMES.values():
            if not game.scenes:
                continue
            info = load(game.scenes)
            assert isinstance(info, SceneInfo) and info.game == game.name, game.scenes
            _SCENES[info.game] = info
    return _SCENES


def scene_info(game: str) -> SceneInfo:
    """The `SceneInfo` of `game` (KeyError: no scenes are registered for it)."""
    return scenes()[game]

