"""Profile files and a record's `game:` – what the generic record reader and every game's record
reader share (`game.tools.records` dispatches; `game.dice.record`, `game.racerbile.record`,
`game.bierpong.record` read). Every complaint names its place: `file:line:column: message`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from game.games import GAMES
from game.rules.profile import Profile, ProfileSpec
from game.yamlio import Doc, read


def profile_from_node(doc: Doc, node: yaml.Node, spec: ProfileSpec) -> Profile:
    """A profile from a YAML mapping `{variant: …, options: {name: value}}` (both optional)."""
    variant: str | None = None
    options: dict[str, Any] = {}
    for k, v in doc.mapping(node, "the profile"):
        if k.value == "game":
            if doc.value(v) != spec.game:
                raise doc.error(v, f"this profile is for {doc.value(v)!r}, not {spec.game!r}")
        elif k.value == "variant":
            variant = doc.text(v, "the variant")
            if variant not in spec.variants:
                raise doc.error(v, f"unknown variant {variant!r}; valid variants: {', '.join(spec.variants)}")
        elif k.value == "options":
            for ok, ov in doc.mapping(v, "the options"):
                try:
                    opt = spec.option(ok.value)
                except KeyError as e:
                    raise doc.error(ok, str(e.args[0])) from None
                try:
                    options[ok.value] = opt.check(doc.value(ov))
                except ValueError as e:
                    raise doc.error(ov, str(e)) from None
        else:
            raise doc.error(k, f"unknown key {k.value!r} in the profile; valid keys: game, variant, options")
    return spec.make(variant, **options)


def load_profile(path: str | Path, game: str | None = None) -> Profile:
    """Read a profile file (`game:` names the game unless `game` is given)."""
    doc = read(path)
    items = dict((k.value, (k, v)) for k, v in doc.mapping(doc.root, "a profile file"))
    name = game
    if "game" in items:
        k, v = items["game"]
        g = doc.text(v, "the game")
        if g not in GAMES:
            raise doc.error(v, f"unknown game {g!r}; valid games: {', '.join(GAMES)}")
        if game and g != game:
            raise doc.error(v, f"this profile is for {g!r}, not {game!r}")
        name = g
    if name is None:
        raise doc.error(doc.root, f"say which game the profile is for: game: {' | '.join(GAMES)}")
    return profile_from_node(doc, doc.root, GAMES[name].spec)


def game_of(doc: Doc) -> str | None:
    """The `game:` of a record, if it says one plainly."""
    if isinstance(doc.root, yaml.MappingNode):
        for k, v in doc.root.value:
            if isinstance(k, yaml.ScalarNode) and k.value == "game" and isinstance(v, yaml.ScalarNode):
                return str(v.value)
    return None


def record_items(doc: Doc, keys: tuple[str, ...], required: tuple[str, ...], what: str = "",
                 hint: str = "") -> dict[str, tuple[yaml.ScalarNode, yaml.Node]]:
    """A record file's top-level keys → (key node, value node): an unknown key or a missing
    required one is an error at its place. `what` names the record in the messages ("a Racerbile
    record"; empty: "a record file"), `hint` follows the missing key's message."""
    items: dict[str, tuple[yaml.ScalarNode, yaml.Node]] = {}
    for k, v in doc.mapping(doc.root, "a record file"):
        if k.value not in keys:
            where = f" in {what}" if what else ""
            raise doc.error(k, f"unknown key {k.value!r}{where}; valid keys: {', '.join(keys)}")
        items[k.value] = (k, v)
    for name in required:
        if name not in items:
            raise doc.error(doc.root, f"{what or 'a record file'} needs {name!r}{hint}")
    return items
