"""Bierpong record files: a game written by hand for `python main.py referee FILE` (docs/records.md).

    game: bierpong
    teams:                       # two teams of 1 to 4 players
      Foxes: [Ann, Ben]
      Owls: [Cem, Dana]
    profile: {options: {auto_remove_cups: true}}   # optional (or a profile file's name)
    play:                        # one action a line, in the match log's notation (game.bierpong.actions)
      - throw-off Ann hit 3, Cem miss
      - Foxes begin
      - Ann: bounce 5            # a YAML mapping `player: outcome` is read as "Ann: bounce 5"
      - Owls remove 5 2

Every complaint names its place (`file:line:column`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game.bierpong.actions import name_text, parse_action
from game.errors import IllegalAction
from game.match import GAMES, Match, PlayerSpec
from game.rules.ruling import Ruling, What
from game.tools.recordfile import load_profile, profile_from_node, record_items
from game.yamlio import Doc

KEYS = ("game", "teams", "profile", "play")


@dataclass
class BierpongReport:
    """Every ruling of a Bierpong record and the standing at its end."""

    match: Match
    rulings: list[Ruling] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)

    @property
    def game(self) -> str:
        return "bierpong"

    def standing(self) -> dict[str, Any]:
        st = self.match.state
        drinks: dict[str, int] = {}
        for s in st.sides:
            for m in s.members:
                drinks[m] = 0
        for r in self.rulings:
            if r.what == What.SIPS:
                drinks[r.who] = drinks.get(r.who, 0) + r.amount
        teams = {s.name: {"players": list(s.members), "cups": list(s.rack.ids), "dead": sorted(s.dead)} for s in st.sides}
        out: dict[str, Any] = {"teams": teams, "sips": drinks, "over": st.is_terminal(), "phase": st.phase}
        if st.winner is not None:
            out["winner"] = st.players[st.winner]
        elif not st.is_terminal():
            out["next"] = st.players[st.current_player()]
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "bierpong",
            "teams": {s.name: list(s.members) for s in self.match.state.sides},
            "profile": self.match.profile.to_dict(),
            "play": self.actions,
            "rulings": [r.to_dict() for r in self.rulings],
            "standing": self.standing(),
        }

    def to_text(self) -> str:
        s = self.standing()
        lines = ["Bierpong: " + " vs ".join(f"{t} ({', '.join(v['players'])})" for t, v in s["teams"].items())]
        lines += [f"  [{r.rule}] {r.arithmetic}" for r in self.rulings]
        lines.append("Standing:")
        for t, v in s["teams"].items():
            dead = f"  dead: {' '.join(map(str, v['dead']))}" if v["dead"] else ""
            lines.append(f"  {t:12} cups {len(v['cups']):2} ({' '.join(map(str, v['cups'])) or '-'}){dead}")
        lines.append("  sips: " + ", ".join(f"{p} {n}" for p, n in s["sips"].items()))
        if "winner" in s:
            lines.append(f"  {s['winner']} win")
        elif "next" in s:
            lines.append(f"  next: {s['next']} ({s['phase']})")
        return "\n".join(lines)


def _teams(doc: Doc, node: yaml.Node) -> list[PlayerSpec]:
    out: list[PlayerSpec] = []
    seen: set[str] = set()
    for k, v in doc.mapping(node, "the teams (name: [players])"):
        members: list[str] = []
        if isinstance(v, yaml.SequenceNode):
            for m in doc.sequence(v, "a team's players"):
                name = doc.text(m, "a player's name")
                if not name.strip() or name != name.strip() or name in seen:
                    raise doc.error(m, f"{name!r}: a player needs a name (spaces inside are fine), unique in the game")
                seen.add(name)
                members.append(name)
        else:
            raise doc.error(v, "list a team's players: Foxes: [Ann, Ben]")
        if not 1 <= len(members) <= 4:
            raise doc.error(v, f"a team has 1 to 4 players, not {len(members)}")
        if not k.value.strip() or k.value != k.value.strip() or k.value in seen:
            raise doc.error(k, f"{k.value!r}: a team needs a name (spaces inside are fine), unlike its players'")
        seen.add(k.value)
        out.append(PlayerSpec(k.value, drivers=tuple(members)))
    if len(out) != 2:
        raise doc.error(node, f"Bierpong is played by two teams, not {len(out)}")
    return out


def referee_pong(doc: Doc, text: str, path: str | Path) -> BierpongReport:
    """Rule on a Bierpong record (`game: bierpong`), already composed from `text`."""
    items = record_items(doc, KEYS, ("teams", "play"), "a Bierpong record")
    teams = _teams(doc, items["teams"][1])
    spec = GAMES["bierpong"].spec
    profile = spec.default()
    if "profile" in items:
        pnode = items["profile"][1]
        if isinstance(pnode, yaml.ScalarNode):
            profile = load_profile(Path(str(path)).parent / pnode.value, "bierpong")
        else:
            profile = profile_from_node(doc, pnode, spec)
    try:
        match = Match("bierpong", teams, profile)
    except ValueError as e:
        raise doc.error(items["profile"][1] if "profile" in items else items["teams"][1], str(e)) from None
    report = BierpongReport(match, list(match.log.entries[0].rulings))
    for node in doc.sequence(items["play"][1], "the play (one action a line)"):
        where: yaml.Node = node
        if isinstance(node, yaml.MappingNode) and len(node.value) == 1:
            k, v = node.value[0]
            text = f"{name_text(str(k.value))}: {v.value}" if isinstance(v, yaml.ScalarNode) else ""  # "Anna Lena: hit 3"
            where = v
        elif isinstance(node, yaml.ScalarNode):
            text = str(node.value)
        else:
            raise doc.error(node, "write one action a line, e.g. \"Ann: bounce 5\" or \"Owls remove 5 2\"")
        try:
            action = parse_action(text)
        except ValueError as e:
            raise doc.error(where, str(e)) from None
        try:
            report.rulings += match.apply(action).rulings
        except IllegalAction as e:
            raise doc.error(where, f"{action}: {e}" if str(action) not in str(e) else str(e)) from None
        report.actions.append(str(action))
    return report
