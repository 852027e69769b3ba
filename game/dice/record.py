"""Schock and Katchen record files: a match (or the disputed part of one) written by hand in YAML,
for `python main.py referee FILE` (`game.tools.records` hands a dice game's record here).

See docs/records.md. Every complaint names its place: `file:line:column: message`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game.dice.actions import Flip, Stand
from game.dice.state import DiceState
from game.dice.notation import NotationError, parse_turn
from game.errors import IllegalAction, InputError
from game.match import GAMES, Match, PlayerSpec
from game.rules.ledger import Drink
from game.rules.ruling import Ruling, What
from game.store.fileio import check_file
from game.tools.recordfile import load_profile, profile_from_node, record_items
from game.yamlio import Doc

RECORD_KEYS = ("game", "players", "profile", "opener", "games", "rounds")


@dataclass
class RefereeReport:
    """What the referee says about a record: every ruling and the standing at the end."""

    game: str
    players: list[str]
    rulings: list[Ruling]
    match: Match
    turns: list[dict[str, Any]] = field(default_factory=list)

    def standing(self) -> dict[str, Any]:
        st = self.match.state
        led = st.ledger
        table = {
            p: {"mats": led[p].mats, "strokes": led[p].strokes, "schuesse": led[p].schuesse, "losses": led[p].losses}
            for p in self.players
        }
        lost = [
            {"who": r.who, "what": str(r.what), "rule": r.rule, "text": r.arithmetic}
            for r in self.rulings
            if r.what in (What.LOSS, What.STROKE, What.SCHUSS)
        ]
        out: dict[str, Any] = {"players": table, "lost": lost, "over": st.is_terminal()}
        out["middle"] = st.pile
        if not st.is_terminal() and st.turn is not None:
            out["next"] = self.players[st.turn.seat]
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "profile": self.match.profile.to_dict(),
            "turns": self.turns,
            "rulings": [r.to_dict() for r in self.rulings],
            "standing": self.standing(),
        }

    def to_text(self) -> str:
        lines = [f"{GAMES[self.game].title}: {', '.join(self.players)}"]
        for r in self.rulings:
            lines.append(f"  [{r.rule}] {r.arithmetic}")
        s = self.standing()
        lines.append("Standing:")
        for p, row in s["players"].items():
            words = GAMES[self.game].result
            extra = words.count.format(n=row[words.count_key])
            lines.append(f"  {p:12} mats {row['mats']:2}  {extra}")
        for lost in s["lost"]:
            lines.append(f"  {lost['text']}")
        if not s["over"] and "next" in s:
            lines.append(f"  next to throw: {s['next']}")
        return "\n".join(lines)


def _players(doc: Doc, node: yaml.Node) -> list[PlayerSpec]:
    out: list[PlayerSpec] = []
    seen: set[str] = set()
    where: yaml.Node
    listed = doc.sequence(node, "players")
    if not 2 <= len(listed) <= 8:  # (before anything is read of them: a list of a million is refused at once)
        raise doc.error(node, f"the dice games are played by 2 to 8 players, not {len(listed)}")
    for n in listed:
        if isinstance(n, yaml.MappingNode):
            d = {k.value: (k, v) for k, v in doc.mapping(n, "a player")}
            for key, (k, _) in d.items():
                if key not in ("name", "drink", "kind"):
                    raise doc.error(k, f"unknown key {key!r} for a player; valid keys: name, drink, kind")
            if "name" not in d:
                raise doc.error(n, "a player needs a name")
            name = doc.text(d["name"][1], "a player's name")
            drink = Drink.BEER
            if "drink" in d:
                dv = doc.text(d["drink"][1], "a drink")
                try:
                    drink = Drink(dv)
                except ValueError:
                    raise doc.error(d["drink"][1], f"unknown drink {dv!r}; valid drinks: {', '.join(x.value for x in Drink)}") from None
            kind = doc.text(d["kind"][1], "a kind") if "kind" in d else "human"
            out.append(PlayerSpec(name, kind, drink))
            where = n
        else:
            name = doc.text(n, "a player's name")
            out.append(PlayerSpec(name))
            where = n
        if not name.strip():
            raise doc.error(where, "a player needs a name")
        if name in seen:
            raise doc.error(where, f"{name!r} is listed twice")
        seen.add(name)
    if not 2 <= len(out) <= 8:
        raise doc.error(node, f"the dice games are played by 2 to 8 players, not {len(out)}")
    return out


def referee_dice(doc: Doc, text: str, path: str | Path) -> RefereeReport:
    """Rule on a Schock or Katchen record (`game: schock` / `katchen`), already composed from `text`."""
    items = record_items(doc, RECORD_KEYS, ("game", "players", "rounds"))
    gnode = items["game"][1]
    game = doc.text(gnode, "the game")
    if game not in GAMES:
        raise doc.error(gnode, f"unknown game {game!r}; valid games: {', '.join(GAMES)}")
    players = _players(doc, items["players"][1])
    names = [p.name for p in players]
    profile = GAMES[game].spec.default()
    if "profile" in items:
        pnode = items["profile"][1]
        if isinstance(pnode, yaml.ScalarNode):
            ppath = Path(str(path)).parent / pnode.value
            try:
                check_file(ppath)
            except InputError as e:  # the record's line names the profile that cannot be read
                raise doc.error(pnode, f"the profile {pnode.value!r}: {e.message}") from None
            profile = load_profile(ppath, game)
        else:
            profile = profile_from_node(doc, pnode, GAMES[game].spec)
    opener = 0
    if "opener" in items:
        onode = items["opener"][1]
        who = doc.text(onode, "the opener")
        if who not in names:
            raise doc.error(onode, f"unknown player {who!r}; the players are {', '.join(names)}")
        opener = names.index(who)
    games = 1
    if "games" in items:
        gn = items["games"][1]
        gv = doc.value(gn)
        if not isinstance(gv, int) or isinstance(gv, bool) or gv < 1:
            raise doc.error(gn, f"games must be a whole number of at least 1, not {gv!r}")
        games = gv
    try:
        match = Match(game, players, profile, games=games, opener=opener)
    except ValueError as e:
        raise doc.error(items["players"][1], str(e)) from None
    report = RefereeReport(game, names, list(match.log.entries[0].rulings), match)
    for rnode in doc.sequence(items["rounds"][1], "rounds"):
        for k, v in doc.mapping(rnode, "a round (player: throw)"):
            _play_turn(doc, report, k, v)
    return report


class TurnError(ValueError):
    """A turn that cannot be played; `offset` points into its notation (None: the player is wrong)."""

    def __init__(self, message: str, offset: int | None = None) -> None:
        super().__init__(message)
        self.offset = offset


def play_turn(match: Match, who: str, text: str) -> list[Ruling]:
    """Play one player's whole turn, written in the throw notation; return its rulings."""
    names = [p.name for p in match.players]
    if who not in names:
        raise TurnError(f"unknown player {who!r}; the players are {', '.join(names)}")
    st = match.state
    if st.is_terminal() or st.turn is None:
        raise TurnError("the match is already over")
    due = names[st.turn.seat]
    if who != due:
        raise TurnError(f"it is {due}'s turn, not {who}'s")
    try:
        tokens = parse_turn(text)
    except NotationError as e:
        raise TurnError(str(e), e.offset) from None
    limit, done = st.turn.max_rolls, st.turns_done
    rulings: list[Ruling] = []
    for n, tok in enumerate(tokens, start=1):
        for a in tok.actions:
            if match.state.turns_done != done:
                if isinstance(a, Flip):
                    raise TurnError(f"{tok.text!r}: no six may be turned after the turn's last roll ({st.flip_rule()})", tok.offset)
                raise TurnError(_too_many(st, who, limit, n, tok.text), tok.offset)
            try:
                rulings += match.apply(a).rulings
            except IllegalAction as e:
                raise TurnError(f"{tok.text!r}: {e}", tok.offset) from None
    s = match.state
    if s.turns_done == done and s.turn is not None:
        try:
            rulings += match.apply(Stand()).rulings
        except IllegalAction as e:
            raise TurnError(str(e), len(text.rstrip())) from None
    return rulings


def _too_many(st: DiceState, who: str, limit: int, n: int, token: str) -> str:
    rule = st.rolls_rule()
    if limit >= st.max_rolls():
        return f"{who} has used all {limit} rolls allowed: {token!r} would be roll {n} ({rule})"
    opener = st.players[st.round_order[0]]
    times = "once" if limit == 1 else f"{limit} times"
    return f"{who} may roll only {times}: the round's opener {opener} used {limit} ({rule}); {token!r} would be roll {n}"


def _play_turn(doc: Doc, report: RefereeReport, knode: yaml.ScalarNode, vnode: yaml.Node) -> None:
    if not isinstance(vnode, yaml.ScalarNode):
        raise doc.error(vnode, "write a turn as its rolls, e.g. 521 21+6 21+3")
    text = str(vnode.value)
    try:
        report.rulings += play_turn(report.match, knode.value, text)
    except TurnError as e:
        if e.offset is None:
            raise doc.error(knode, str(e)) from None
        raise doc.error_at(vnode, e.offset, str(e)) from None
    report.turns.append({"player": knode.value, "throw": text})
