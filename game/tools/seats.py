"""The seats of a table as the command line writes them (`--players`): what every game's
command-line part (`game.dice.command`, `game.racerbile.command`, `game.bierpong.command`) shares."""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from game.errors import InputError
from game.games import PlayerSpec
from game.rules.ledger import Drink
from game.rules.profile import Profile

DEFAULT_SEATS = 4  # `simulate` without --players (or --teams)


def drink_of(bits: list[str]) -> Drink:
    """The DRINK of NAME:KIND:DRINK (beer when not given)."""
    try:
        return Drink(bits[2]) if len(bits) > 2 else Drink.BEER
    except ValueError:
        raise InputError(f"unknown drink {bits[2]!r}; valid drinks: {', '.join(d.value for d in Drink)}", "--players") from None


def players(text: str, kinds: tuple[str, ...]) -> list[PlayerSpec]:
    """Seats from --players: NAME[:KIND[:DRINK]], 2 to 8 of them; a seat without a kind is `kinds[0]`."""
    out = []
    for part in text.split(","):
        bits = [b.strip() for b in part.split(":")]
        if not bits[0]:
            raise InputError("a player needs a name", "--players")
        kind = bits[1] if len(bits) > 1 and bits[1] else kinds[0]
        if kind not in kinds:
            raise InputError(f"unknown kind {kind!r} for {bits[0]}; valid kinds: {', '.join(kinds)}", "--players")
        out.append(PlayerSpec(bits[0], kind, drink_of(bits)))
    names = [p.name for p in out]
    if len(set(names)) != len(names):
        raise InputError("every player needs a name of his own", "--players")
    if not 2 <= len(out) <= 8:
        raise InputError(f"2 to 8 players, not {len(out)}", "--players")
    return out


@dataclass(frozen=True)
class Table:
    """What a game's command-line part (`GameInfo.command_table`) makes of `play`/`host GAME`'s
    options: the seats, the profile (None: the game's default), the track and the games."""

    players: list[PlayerSpec]
    profile: Profile | None = None
    track: str | None = None
    games: int = 1


def cycled(text: str | None, default: str, valid: Collection[str], seats: int, flag: str, what: str = "bot",
           known: str = "valid bots") -> list[str]:
    """`--bots a,b` (or `--skill`): the comma-separated kinds repeated over `seats` seats; an
    unknown kind or none at all is an `InputError` naming `flag`."""
    cycle = [k.strip() for k in (text or default).split(",") if k.strip()]
    for k in cycle:
        if k not in valid:
            raise InputError(f"unknown {what} {k!r}; {known}: {', '.join(valid)}", flag)
    if not cycle:
        raise InputError(f"name at least one {what}", flag)
    return [cycle[i % len(cycle)] for i in range(seats)]
