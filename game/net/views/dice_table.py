"""The dice table as a browser draws it (`game.net.views.dice`): the cup on turn, the seats with their
throws this round, mats and strokes or Schüsse, the pile, the last round and, once over, the standing.

The `table` of a view (every text in the connection's language; the page shows them as they come):

- `headline` – where the match stands, in parts ("Game 1 of 1", "first half", "round 3");
- `pile` – the mats not handed out: `label` ("Middle", "Stack"), `n`, `text` ("13 mats", "empty");
- `cup` – the dice on the table: `phase` (`to_roll`, `rolling`, `rolled`, `over`), whose (`seat`,
  `name`), `roll`/`rolls` and `roll_text`, `dice` (each `{face, out?, kept?, new?}`: out of the
  cup for good – Schock –, kept from the last roll – Katchen's phase 2, the page picks them again –,
  just landed), `throw` (what they count as), `hint` (how the seat on turn picks dice for its next
  roll: the page shows it when it offers that seat a roll), `mark` (the word under a picked die),
  `last` (the latest finished throw: `name`, `throw`, `dice`), `status`/`up_to` before the first roll;
- `seats` – a row per player, the round's throwers in order, then who sits out: `seat`, `name`, `bot`,
  `current`, `active`, `mats`, `mats_text`, `count`/`count_text` (strokes or Schüsse), `status` (the
  throw this round, "rolling · 2 of 3", "last: …", "waiting", why it sits out), `thrown`, `tags`;
- `count_label`, `fresh` (nobody has rolled in this round yet), `last_round` (`title`, `throws`,
  `outcome`: what the referee ruled when it ended), `calls` (call-outs to show big), and once over
  `standing` (lines, best first).

The table is the same for every seat and watcher; `marked` adds what one seat sees as its own (its
row's `you`, its cup's `mine`, `tappable`), as the page does by its view's `you` and `actions`.

The last round's throws are replayed from the log's nearest kept state (a round ends inside one entry,
so its throws are no longer in the state). No pygame here.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.descriptor import load
from game.dice.actions import Action, Roll, Tower
from game.dice.state import DiceState
from game.dice.turn import minus
from game.dice.words import ruling_words
from game.i18n import N_, _, language, plural
from game.i18n import tr as _tr
from game.net.late_words import Said, fmt, later, said
from game.rules.dice import Faces, Throw
from game.rules.matchlog import Entry
from game.rules.realtable import ASIDE
from game.rules.ruling import Ruling, What
from game.session.session import Session
from game.state import CHANCE



_SAID: dict[tuple[str, str], str] = {}  # (language, referee's text) → its words: a view says the same throws again and again
_SAID_KEPT = 4096


def tr(text: str) -> str:
    """`game.i18n.tr`, kept per language (the views of every change say the same throws again)."""
    key = (language(), text)
    got = _SAID.get(key)
    if got is None:
        if len(_SAID) >= _SAID_KEPT:
            _SAID.clear()
        got = _SAID[key] = _tr(text)
    return got


def picture(session: Session) -> dict[str, Any]:
    """The `table` part of a view, the same for every seat and watcher (`marked`: a seat's own), made
    once for every language: its words are said when it is encoded (`game.net.late_words`)."""
    st: DiceState = session.state
    last = last_round(session)
    words = session.match.info.result
    table: dict[str, Any] = {
        "headline": [said(_up_tr, p) if k == 0 else said(tr, p) for k, p in enumerate(st.headline())],
        "cup": cup(session),
        "seats": seats(session, last),
        "count_label": said(_, words.unit),
        "fresh": not st.results and (st.turn is None or st.turn.roll_no == 0),  # nobody has rolled yet this round
        "last_round": later(_said_round, session, last),
        "calls": later(calls, session.match.log.entries),
    }
    if st.PILE:
        text = said(mats_text, st.pile) if st.pile else said(_, N_("empty"))
        table["pile"] = {"label": said(_up_gettext, st.PILE), "n": st.pile, "text": text}
    if session.over():
        table["standing"] = later(standing, session)
    return table


def _first_up(text: str) -> str:
    """A label that starts a line: its first letter upper case ("middle" → "Middle")."""
    return text[:1].upper() + text[1:]


def _up_tr(text: str) -> str:
    return _first_up(tr(text))


def _up_gettext(msgid: str) -> str:
    return _first_up(_(msgid))


def _count_text(one: str, many: str, n: int) -> str:
    """Strokes or Schüsse in words ("1 stroke", "3 Schüsse")."""
    return _(one if n == 1 else many).format(n=n)


def mats_text(n: int) -> str:
    return _("{n} mat").format(n=n) if n == 1 else _("{n} mats").format(n=n)


def _die(face: int, **flags: bool) -> dict[str, Any]:
    return {"face": face, **{k: v for k, v in flags.items() if v}}


def marked(table: dict[str, Any], seat: int | None, offers: list[dict[str, Any]]) -> dict[str, Any]:
    """`table` (a `picture`) as `seat` sees it – as the page marks it: its row (`you`), its cup
    (`mine`), and whether it may pick dice for a roll it is offered (`tappable`, with the `hint`)."""
    c = dict(table["cup"])
    c["mine"] = seat is not None and c.get("seat") == seat
    if c.get("phase") == "rolled":
        c["tappable"] = c["mine"] and any(o["kind"] == "roll" for o in offers)
        if not c["tappable"]:
            c.pop("hint", None)
    rows = [{**row, "you": seat == row["seat"]} for row in table["seats"]]
    return {**table, "cup": c, "seats": rows}


def cup(session: Session) -> dict[str, Any]:
    """The dice on the table: the turn's (out of the cup, kept, just rolled), or the last finished
    throw while the next player has not rolled; whose they are and what they count as."""
    st: DiceState = session.state
    entries = session.match.log.entries
    t = st.turn
    out: dict[str, Any] = {"dice": [], "mark": said(_, N_("put out")) if st.SETS_ASIDE else said(_, N_("kept"))}
    if st.last is not None:  # the latest finished throw, as it lies
        t2, throw = st.last
        out["last"] = {"seat": t2.seat, "name": st.players[t2.seat], "throw": said(tr, st.describe(throw)),
                       "dice": _finished_dice(st, t2.faces, t2.out)}
    if t is None:
        out["phase"] = "over"
        return out
    name = st.players[t.seat]
    out.update(seat=t.seat, name=name, roll=t.roll_no, rolls=t.max_rolls,
               roll_text=fmt("roll {n} of {total}", n=t.roll_no, total=t.max_rolls))
    if t.pending is not None:
        out.update(phase="rolling", dice=[_die(f, out=st.SETS_ASIDE, kept=not st.SETS_ASIDE) for f in t.pending])
        if session.entering():  # a real table: the thrower enters what his dice show (docs/real-table.md)
            out["entering"] = fmt("{name} is entering the throw", name=name)
        return out
    if t.rolls == 0:
        out.update(phase="to_roll", status=fmt("{name} to roll", name=name),
                   up_to=said(plural, N_("up to {n} roll"), N_("up to {n} rolls"), t.max_rolls))
        return out
    set_aside = t.out if st.SETS_ASIDE else ()
    kept = () if st.SETS_ASIDE else _last_keep(entries, t.seat)
    rest = minus(minus(t.faces, set_aside), kept)
    landed = bool(entries) and entries[-1].seat == CHANCE and entries[-1].action.startswith("dice")
    now = st.throw_now()
    out.update(
        phase="rolled",
        dice=[_die(f, out=True) for f in set_aside] + [_die(f, kept=True) for f in kept] + [_die(f, new=landed) for f in rest],
        throw=said(tr, st.describe(now)) if now is not None else "",
        hint=said(_, N_("Tap a die to put it out before the next roll") if st.SETS_ASIDE else N_("Tap a die to keep it for the next roll")),
    )
    return out


def _finished_dice(st: DiceState, faces: Faces, set_aside: Faces) -> list[dict[str, Any]]:
    out = set_aside if st.SETS_ASIDE else ()
    return [_die(f, out=True) for f in out] + [_die(f) for f in minus(faces, out)]


def _parsed(text: str) -> Action | None:
    try:
        return DiceState.parse_action(text)
    except ValueError:
        return None


def _last_keep(entries: list[Entry], seat: int) -> Faces:
    """The dice `seat` kept for its last roll (the turn under way has one: it has rolled)."""
    for e in reversed(entries):
        if e.seat == seat:
            a = _parsed(e.action)
            if isinstance(a, Roll):
                return a.keep
    return ()


def seats(session: Session, last: Round | None) -> list[dict[str, Any]]:
    """Each player as a row: the round's throwers in their order, then who sits this round out."""
    st: DiceState = session.state
    words = session.match.info.result
    tally = session.match.drinks()  # strokes and Schüsse by the rulings that stand (a challenge overrides one)
    results = dict(st.results)
    before = dict(last.throws()) if last is not None else {}
    playing = set(st.round_order)
    order = list(st.round_order) + [i for i in range(len(st.players)) if i not in playing]
    on, over, key = st.on_turn(), session.over(), words.count_key
    rows = []
    for i in order:
        name = st.players[i]
        n = int(getattr(tally[name], key)) if key else 0
        mats = st.ledger[name].mats
        row: dict[str, Any] = {
            "seat": i, "name": name, "bot": session.is_bot(i), "current": on == i, "active": over or i in playing,
            "mats": mats, "mats_text": said(mats_text, mats),
            "count": n, "count_text": said(_count_text, words.one, words.many, n) if words.one else str(n),
            "tags": [said(tr, p) for p in st.seat_tags(i)],
        }
        row["status"], row["thrown"] = _status(st, i, results, before)
        rows.append(row)
    return rows


def _status(st: DiceState, i: int, results: dict[int, Throw], before: dict[int, Throw]) -> tuple[Said | str, bool]:
    """What a seat's row says now (said in the reader's language), and whether it has thrown this round."""
    t = st.turn
    if st.is_terminal():
        if i in before:
            return said(tr, st.describe(before[i])), True
        return (said(tr, st.absence(i)) if i not in st.round_order else ""), False
    if t is not None and t.seat == i:
        if t.roll_no == 0:
            return fmt("to roll · up to {total}", total=t.max_rolls), False
        return fmt("rolling · {n} of {total}", n=t.roll_no, total=t.max_rolls), False
    if i in results:
        return said(tr, st.describe(results[i])), True
    if i in st.round_order:
        return (fmt("last: {throw}", throw=said(tr, st.describe(before[i]))) if i in before else said(_, N_("waiting"))), False
    return said(tr, st.absence(i)), False


# --- the last round ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Round:
    """The latest finished round: the states just before and after the entry that ended it (its last
    throw), and that entry."""

    before: DiceState
    after: DiceState
    entry: Entry

    def throws(self) -> list[tuple[int, Throw]]:
        """Its throws in order, by seat."""
        throws = list(self.before.results)
        if self.after.last is not None:
            t, throw = self.after.last
            throws.append((t.seat, throw))
        return throws


_ROUNDS: dict[tuple[int, int], Round] = {}  # (log, entry) → the round it ended (a few kept: views repeat them)
_ROUNDS_KEPT = 16
_ROUNDS_LOCK = threading.Lock()


def last_round(session: Session) -> Round | None:
    """The latest finished round, or None before the first one ends. A round ends in the entry whose
    rulings open the next one (its header: `GameInfo.round_header`), or in the match's last entry."""
    match = session.match
    entries = match.log.entries
    header = match.info.round_header
    end = None
    if session.over():
        end = next((j for j in range(len(entries) - 1, 0, -1) if entries[j].seat not in ASIDE), None)
    elif header:
        end = next((j for j in range(len(entries) - 1, 0, -1) if any(_header(session, r) is not None for r in entries[j].rulings)), None)
    if end is None or entries[end].seat in ASIDE:
        return None
    key = (id(match.log), end)
    with _ROUNDS_LOCK:  # (several tables' threads in one program)
        got = _ROUNDS.get(key)
    if got is not None and got.entry is entries[end]:
        return got
    before = _state_after(session, end)
    if before is None:
        return None
    got = Round(before, before.apply(before.parse_action(entries[end].action)).state, entries[end])
    with _ROUNDS_LOCK:
        while len(_ROUNDS) >= _ROUNDS_KEPT:
            _ROUNDS.pop(next(iter(_ROUNDS)))
        _ROUNDS[key] = got
    return got


def _header(session: Session, r: Ruling) -> str | None:
    """The round header `r` opens (None: `r` opens no round)."""
    ref = session.match.info.round_header
    return _loaded(ref)(r) if ref else None  # type: ignore[no-any-return]


@cache
def _loaded(ref: str) -> Any:
    return load(ref)


def _state_after(session: Session, n: int) -> DiceState | None:
    """The state after the log's first `n` entries, replayed from the nearest state the match kept."""
    match = session.match
    k = n
    while k > 1 and match.kept_state(k) is None:
        k -= 1
    st = match.kept_state(k)
    if st is None:
        return None
    for e in match.log.entries[k:n]:
        if e.seat not in ASIDE:  # (a challenge, a switch of the table: the game's state stays)
            st = st.apply(st.parse_action(e.action)).state
    return st  # type: ignore[no-any-return]


_SAID_ROUNDS: dict[tuple[int, str], tuple[Round, dict[str, Any]]] = {}  # (id of a Round, language) → it in words


def _said_round(session: Session, last: Round | None) -> dict[str, Any] | None:
    """The last round in words: where it stood, each throw, and what the referee ruled when its last
    throw fell (mats, a lost half, a stroke or a Schuss – not the next round's opening, not a call).
    Kept per round and language (the round stays the last one for many views)."""
    if last is None:
        return None
    key = (id(last), language())
    with _ROUNDS_LOCK:
        got = _SAID_ROUNDS.get(key)
    if got is not None and got[0] is last:
        return got[1]
    said = _round_words(session, last)
    with _ROUNDS_LOCK:
        while len(_SAID_ROUNDS) >= 3 * _ROUNDS_KEPT:
            _SAID_ROUNDS.pop(next(iter(_SAID_ROUNDS)))
        _SAID_ROUNDS[key] = (last, said)
    return said


def _round_words(session: Session, last: Round) -> dict[str, Any]:
    before = last.before
    return {
        "title": " · ".join(tr(p) for p in before.headline()),
        "throws": [{"name": before.players[s], "throw": tr(before.describe(th))} for s, th in last.throws()],
        "outcome": [tr(ruling_words(r.arithmetic)) for r in last.entry.rulings if r.what is not What.CALL and _header(session, r) is None],
    }


def calls(entries: list[Entry]) -> list[str]:
    """The call-outs of the newest entries ("Horrido!", "Kröger!" – schock.calls) and a Türmchen
    (schock.tower): shown big."""
    out: list[str] = []
    if entries and entries[-1].seat == CHANCE and isinstance(_parsed(entries[-1].action), Tower):
        out.append("Türmchen!")
    for e in entries[-2:]:
        for r in e.rulings:
            if r.what is What.CALL:
                out += list(r.words) or [tr(ruling_words(r.arithmetic))]
    return out


def standing(session: Session) -> list[str]:
    """The final standing, best first ("1.  Ann  –  0 strokes"), and who buys the next round."""
    st: DiceState = session.state
    words = session.match.info.result
    tally = session.match.drinks()
    counts = [int(getattr(tally[p], words.count_key)) if words.count_key else 0 for p in st.players]
    order = sorted(range(len(st.players)), key=lambda i: counts[i])
    lines = []
    place, prev = 0, None
    for k, i in enumerate(order):
        if counts[i] != prev:
            place, prev = k + 1, counts[i]
        what = _(words.one if counts[i] == 1 else words.many).format(n=counts[i]) if words.one else str(counts[i])
        lines.append(f"{place}.  {st.players[i]}  –  {what}")
    if counts[order[-1]] != counts[order[0]]:
        lines.append(_("{name} buys the next round.").format(name=st.players[order[-1]]))
    return lines
