"""What a seat may send now in a race, as a browser's offers: the host's legal actions in their
notation with words to show – the gear, the Le Mans driver change, the 42 field's name, the start
(the time trial's form: `trial_offer`; a roll for the order), the ways to drive (each with the
coach's words: fields, squeals, sips, worked out by the referee in advance), the seat's own faults
(racerbile.faults) and the judges' decisions at Le Mans (racerbile.lemans.judges). The page shows
these and sends the one tapped; it composes only the time trial's `times …` from the seconds typed
(the host's referee checks them like any request).
"""
from __future__ import annotations

from typing import Any

from game.errors import IllegalAction
from game.hexgrid import DIRECTION_NAMES
from game.i18n import N_, _, refusal_words, tr
from game.racerbile.actions import Call, Drive, Driver, Judge, Name, Order, Shift
from game.racerbile.fieldnames import field_name
from game.racerbile.moves import Move, outcome
from game.racerbile.state import GEAR, MAX_TRIAL_SECONDS, MOVE, NAME42, ORDER, RaceState
from game.rules import racerbile as R
from game.rules.option_words import option_label, value_label
from game.rules.ruling import What
from game.session.events import Refusal
from game.session.race import RaceSession
from game.session.session import Session

WAYS_PER_FIELD = 3  # the cheapest distinct ways to a field the coach explains (the desktop's Tab)
JUDGE_SIPS = (1, 3, 5)  # the penalty sips the console offers
JUDGE_LAPS = (1, 5)  # … and laps (5: racerbile.lemans.vomit)
# the judges' reasons, after the rules (racerbile.lemans.judges, racerbile.lemans.vomit, Decisions)
SIP_REASONS = (N_("unsporting conduct"), N_("spilled on the track"))
LAP_REASONS = (N_("vomited over the table"), N_("vomited on the floor"), N_("held up the game"))
OUT_REASONS = (N_("vomiting that delays the game"), N_("no driver to field"))
RULE_REASONS = (N_("for safety"), N_("to keep the game going"), N_("to entertain the audience"))
KIND_HEADS = {R.Kind.TECHNICAL: N_("Technical faults (in the act of playing)"),
              R.Kind.GENERAL: N_("General faults (anything else)"), R.Kind.EVENT: N_("Table events")}


def offers(session: Session, seat: int | None, judges: int) -> list[dict[str, Any]]:
    """What `seat` may send now (`judges`: the judges' seat's number): the turn's decisions when the
    table waits for it, its own faults any time, the judges' decisions for the judges' seat."""
    st: RaceState = session.state
    if seat is None or session.over():
        return []
    if seat == judges:
        return judge_offers(st) if st.lemans else []
    out: list[dict[str, Any]] = []
    if seat in session.waiting_for():
        if st.phase == ORDER:  # the times, or (turn_offers) the roll
            out.append(trial_offer(session))
        out += turn_offers(st, seat)
    return out + fault_offers(st, seat)


def _offer(action: Any, label: str, kind: str, **more: Any) -> dict[str, Any]:
    return {"action": str(action), "label": label, "kind": kind, **more}


def trial_offer(session: Session) -> dict[str, Any]:
    """The time trial at the start (racerbile.variant.racerbile): every seat in seat order – its name,
    at Le Mans its driver at the wheel, and a bot's seconds, set by `session.bot_times()` (nobody types
    a time for a bot) – and the limits of a time. Any person enters the times for everybody; the page
    sends `times S1 S2 …` (its `action` and one number per seat) and the referee checks them: a time
    missing, out of range or not a number is refused with the rule's reason, nothing logged. Equal
    times roll off (Decisions: time trial)."""
    st: RaceState = session.state
    bots = session.bot_times() if isinstance(session, RaceSession) else {}
    said = {s: f"{t:g}" for s, t in bots.items()}
    seats = [{"name": name, "driver": st.drivers[s][0] if st.lemans else "", "bot": said.get(s),
              "label": _("{seconds} s (bot)").format(seconds=said[s]) if s in said else ""}
             for s, name in enumerate(st.players)]
    return _offer("times", _("Start with these times"), "trial", seats=seats, most=MAX_TRIAL_SECONDS,
                  hint=_("Each empties his drink: enter the seconds (fastest starts), or roll."),
                  limits=_("Each time more than 0 and at most {most} seconds; equal times roll off for their places.").format(most=MAX_TRIAL_SECONDS),
                  unit=_("seconds"))


def turn_offers(st: RaceState, seat: int) -> list[dict[str, Any]]:
    """The decisions of the turn: the start, the gear, a driver, a way to drive, a name on 42."""
    legal = st.legal_actions()
    if st.phase == ORDER:
        return [_offer(Order(), _("Roll for the order"), "order")] if Order() in legal else []
    t = st.turn
    if t is None or t.seat != seat:
        return []
    if st.phase == GEAR:
        car = st.cars[seat]
        now = 1 if car.first_gear else car.gear
        out = []
        for a in legal:
            if isinstance(a, Shift):
                label = {1: _("Up to gear {n}"), 0: _("Hold gear {n}"), -1: _("Down to gear {n} (1 sip)")}[a.delta].format(n=now + a.delta)
                out.append(_offer(a, label, "gear", delta=a.delta))
            elif isinstance(a, Driver):
                pit = car.pos in st.course.pit
                cost = _("free in the pit") if pit else _("outside the pit: he empties a whole beer first")
                out.append(_offer(a, _("{name} takes the wheel").format(name=a.name), "driver", note=cost))
        return out
    if st.phase == MOVE:
        return drive_offers(st)
    if st.phase == NAME42:
        out = []
        for s, crew in st.opponents():
            for d in crew:
                out.append(_offer(Name(d), _("Name {name} ({team})").format(name=d, team=st.players[s]), "name42"))
        return out + [_offer(Name(""), _("Name nobody"), "name42")]
    return []


def ways(st: RaceState) -> dict[tuple[int, int], list[Move]]:
    """The ways the coach explains, by end field: the cheapest of each distinct outcome, a few a field."""
    by_end: dict[tuple[int, int], list[Move]] = {}
    moves = st.moves()
    for end in moves.ends():
        seen: set[tuple[object, ...]] = set()
        kept: list[Move] = []
        for m in moves.to(end):
            o = outcome(m)
            if o not in seen:
                seen.add(o)
                kept.append(m)
            if len(kept) == WAYS_PER_FIELD:
                break
        by_end[(end.q, end.r)] = kept
    return by_end


def drive_offers(st: RaceState) -> list[dict[str, Any]]:
    """Each way kept (`ways`) as an offer: its end field, its path and the coach's words on it."""
    out = []
    for (q, r), kept in ways(st).items():
        for i, m in enumerate(kept):
            lines, sips = coach(st, m)
            out.append(_offer(Drive(m.path), lines[0][0], "drive", to=[q, r], way=i, ways=len(kept),
                              path=[c for h in (m.start,) + m.path for c in (h.q, h.r)],
                              coach=lines, sips=sips, off=m.off_track))
    return out


def coach(st: RaceState, way: Move) -> tuple[list[list[str]], int]:
    """The coach's words on a way (the referee's own rulings on it, worked out in advance: the state is
    immutable), each [text, tone], and the sips it costs the driver."""
    t = st.turn
    assert t is not None
    me = st.driver(t.seat)
    try:
        step = st.apply(Drive(way.path))
    except IllegalAction as e:
        return [[refusal_words(str(Refusal.of(e))), "bad"]], 0
    n = len(way.path)
    where = tr(field_name(st.course, st.track, way.end))
    head = (_("{n} of {roll} fields to {field}") if t.roll != 1 else _("{n} of {roll} field to {field}")).format(n=n, roll=t.roll, field=where) if n else _("stays put")
    lines = [[head, "head"]]
    others: dict[str, int] = {}
    for r in step.rulings:
        if r.what not in (What.SIPS, What.BEER, What.BEER_REST) or r.rule == "racerbile.turn":
            continue
        if r.who == me:
            lines.append([tr(r.arithmetic), "rule"])
        else:
            acc = st.ledger[r.who]
            k = r.amount if r.what is What.SIPS else acc.drink.sips * r.amount if r.what is What.BEER else acc.beer_left
            others[r.who] = others.get(r.who, 0) + k
    mine = step.state.ledger[me].sips - st.ledger[me].sips
    mine -= sum(r.amount for r in step.rulings if r.who == me and r.rule == "racerbile.turn" and r.what is What.SIPS)
    if way.squeals:
        lines.append([_("say “hvin” {n}×").format(n=way.squeals), "call"])
    if way.off_track:
        lines.append([_("leaves the track"), "bad"])
    if st.facing_rule and way.facing is not None:
        lines.append([_("ends facing {direction}").format(direction=DIRECTION_NAMES[way.facing % 6].upper()), "muted"])
    drinks = (_("{name} drinks {n} sip") if mine == 1 else _("{name} drinks {n} sips")).format(name=me, n=mine) if mine else _("{name} drinks nothing").format(name=me)
    lines.append([drinks, "sips" if mine else "free"])
    for who, k in others.items():
        lines.append([_("{name} drinks {n}").format(name=who, n=k), "muted"])
    return lines, mine


def fault_offers(st: RaceState, seat: int) -> list[dict[str, Any]]:
    """The seat's own faults (a seat owns up to its own, racerbile.faults): called once each, in the
    name of its driver at the wheel."""
    if st.phase == "over":
        return []
    who = st.driver(seat)
    out = []
    for f in st.faults():
        if f.rule == "racerbile.lemans.delay" and st.turn is not None and st.turn.seat == seat:
            continue  # a delay in one's own turn is a nøl (Decisions: forsinkelse)
        out.append(_offer(Call(f.rule, who), _(f.label), "fault", group=_(KIND_HEADS[f.kind]), cost=fault_cost(f)))
    return out


def fault_cost(f: R.Fault) -> str:
    """What a fault costs, in words: "1 sip", "a whole beer", "5 laps"."""
    parts = []
    if f.sips:
        parts.append((_("{n} sip") if f.sips == 1 else _("{n} sips")).format(n=f.sips))
    if f.beers:
        parts.append(_("a whole beer"))
    if f.laps:
        parts.append((_("{n} lap") if f.laps == 1 else _("{n} laps")).format(n=f.laps))
    return ", ".join(parts)


def judge_offers(st: RaceState) -> list[dict[str, Any]]:
    """The judges' decisions (racerbile.lemans.judges), each with a reason after the rules: penalty
    sips for any driver, laps from a team, a team put out, a house rule switched."""
    if st.phase == "over":
        return []
    out: list[dict[str, Any]] = []
    for s, crew in enumerate(st.drivers):
        for d in crew:
            for n in JUDGE_SIPS:
                for why in SIP_REASONS:
                    out.append(_offer(Judge("sips", d, str(n), _(why)), "", "judge", group="sips", target=f"{d} ({st.players[s]})",
                                      amount=(_("{n} sip") if n == 1 else _("{n} sips")).format(n=n), reason=_(why)))
    for s, team in enumerate(st.players):
        if st.cars[s].out:
            continue
        for n in JUDGE_LAPS:
            for why in LAP_REASONS:
                out.append(_offer(Judge("laps", team, str(n), _(why)), "", "judge", group="laps", target=team,
                                  amount=(_("{n} lap") if n == 1 else _("{n} laps")).format(n=n), reason=_(why)))
        if sum(1 for c in st.cars if not c.out) > 1:
            for why in OUT_REASONS:
                out.append(_offer(Judge("out", team, "", _(why)), "", "judge", group="out", target=team, amount="", reason=_(why)))
    for o in R.SPEC.options:
        if o.kind == "count" or o.name == "lemans_drivers":
            continue
        now = st.profile[o.name]
        for v in ([not now] if o.kind == "bool" else [c for c in o.choices if c != now]):
            words = value_label("racerbile", o.name, v)
            shown = _(words) if words else _("on") if v is True else _("off") if v is False else str(v)
            text = ("true" if v else "false") if isinstance(v, bool) else str(v)
            for why in RULE_REASONS:
                out.append(_offer(Judge("rule", o.name, text, _(why)), "", "judge", group="rule",
                                  target=_(option_label("racerbile", o.name)), amount=shown, reason=_(why)))
    for offer in out:
        offer["label"] = " · ".join(x for x in (offer["target"], offer["amount"], offer["reason"]) if x)
    return out
