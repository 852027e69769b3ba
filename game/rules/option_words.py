"""What people read for a house-rule option: a short label for its name and words for its values.

The ids (`schock_aus`, `lose_half`) stay the profile's and the notation's; a screen shows
`option_label` / `value_label` (English sources, marked with `N_`, translated where drawn), so
"schock_aus: lose_half" reads "Schock aus: loses the half". Each game declares the words beside its
options (`Option.label`, `Option.words`, `ProfileSpec.variant_labels` in its rules module); this
module finds them through the registry. No pygame here.
"""
from __future__ import annotations

from game.rules.profile import Option, OptionValue, ProfileSpec


def _spec(game: str) -> ProfileSpec | None:
    from game.games import GAMES  # (the registry imports the games' rules: not at this module's import)

    info = GAMES.get(game)
    return info.spec if info is not None else None


def _option(game: str, name: str) -> Option | None:
    spec = _spec(game)
    return next((o for o in spec.options if o.name == name), None) if spec is not None else None


def labelled(game: str) -> tuple[str, ...]:
    """The options of `game` that have a label, by name."""
    spec = _spec(game)
    return tuple(o.name for o in spec.options if o.label) if spec is not None else ()


def option_label(game: str, name: str) -> str:
    """The English label of an option (the id itself for an option without one)."""
    o = _option(game, name)
    return o.label if o is not None and o.label else name


def value_label(game: str, name: str, value: OptionValue) -> str | None:
    """The English words for an id-like value, or None when the value reads as it is (numbers, on/off)."""
    if isinstance(value, bool) or value is None:
        return None
    o = _option(game, name)
    return dict(o.words).get(value) if o is not None else None


def variant_label(game: str, variant: str) -> str:
    """The English name of a variant of `game` (the id itself for one without a name)."""
    spec = _spec(game)
    return dict(spec.variant_labels).get(variant, variant) if spec is not None else variant


def variant_labels() -> dict[str, str]:
    """Every registered game's variant names: variant id → its name (English source)."""
    from game.games import GAMES

    return {v: label for info in GAMES.values() for v, label in info.spec.variant_labels}
