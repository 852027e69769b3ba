"""Rule profiles: a variant plus named house-rule options, with documented defaults."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any, Mapping

OptionValue = bool | int | str | None


@dataclass(frozen=True)
class Option:
    """One house-rule option: its name, default, the values it takes, and what it changes."""

    name: str
    default: OptionValue
    help: str
    rule: str
    choices: tuple[OptionValue, ...] = ()  # empty: see `kind`
    kind: str = "choice"  # "choice", "bool", or "count" (None or a positive int)
    maximum: int = 1000  # the largest count (a count beyond it is no house rule but a typo or an attack)
    label: str = ""  # N_-marked: its short label on a screen ("Schock aus"; `game.rules.option_words`)
    words: tuple[tuple[OptionValue, str], ...] = ()  # (value, N_-marked words) for values that are ids

    def check(self, value: Any) -> OptionValue:
        """Return the value if valid, else raise ValueError naming the valid values."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise ValueError(f"option {self.name!r} takes true or false, not {value!r}")
        if self.kind == "count":
            if value is None or (isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= self.maximum):
                return value  # type: ignore[no-any-return]
            raise ValueError(f"option {self.name!r} takes a whole number of at least 1 and at most {self.maximum} (or null for none), not {value!r:.40}")
        if value in self.choices:
            return value  # type: ignore[no-any-return]
        valid = ", ".join(str(c) for c in self.choices)
        raise ValueError(f"option {self.name!r} takes one of: {valid}; not {value!r}")

    def describe_values(self) -> str:
        if self.kind == "bool":
            return "true | false"
        if self.kind == "count":
            return f"null | 1, 2, 3, … {self.maximum}"
        return " | ".join(str(c) for c in self.choices)


@dataclass(frozen=True)
class ProfileSpec:
    """What a game's profiles may say: its variants and its options."""

    game: str
    variants: tuple[str, ...]
    options: tuple[Option, ...]
    variant_labels: tuple[tuple[str, str], ...] = ()  # (variant, N_-marked name) as a screen shows it

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        valid = ", ".join(o.name for o in self.options) or "(none)"
        raise KeyError(f"unknown option {name!r} for {self.game}; valid options: {valid}")

    def default(self) -> Profile:
        return Profile(self.game, self.variants[0], MappingProxyType({o.name: o.default for o in self.options}))

    def make(self, variant: str | None = None, **options: Any) -> Profile:
        """A profile from keyword options; unknown names or bad values raise ValueError."""
        variant = variant or self.variants[0]
        if variant not in self.variants:
            raise ValueError(f"unknown variant {variant!r} for {self.game}; valid variants: {', '.join(self.variants)}")
        values = {o.name: o.default for o in self.options}
        for name, value in options.items():
            try:
                opt = self.option(name)
            except KeyError as e:
                raise ValueError(e.args[0]) from None
            values[name] = opt.check(value)
        return Profile(self.game, variant, MappingProxyType(values))


@dataclass(frozen=True)
class Profile:
    """A game, a variant and the value of every option (defaults filled in)."""

    game: str
    variant: str
    options: Mapping[str, OptionValue] = field(default_factory=lambda: MappingProxyType({}))

    def __getitem__(self, name: str) -> OptionValue:
        return self.options[name]

    def changed(self, spec: ProfileSpec) -> dict[str, OptionValue]:
        """The options that differ from their defaults."""
        return {o.name: self.options[o.name] for o in spec.options if self.options[o.name] != o.default}

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "variant": self.variant, "options": dict(self.options)}

    @cached_property
    def _key(self) -> tuple[str, str, tuple[tuple[str, OptionValue], ...]]:
        return (self.game, self.variant, tuple(sorted(self.options.items(), key=lambda kv: kv[0])))

    def __hash__(self) -> int:
        return hash(self._key)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Profile) and self._key == other._key)
