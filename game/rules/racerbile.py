"""Racerbile's rule profile, its fault catalogue and the pure arithmetic of gears and dice.

The state machine that drives a race is `game.racerbile.state`; what here is reckoned from the
rolled dice alone (clutch faults, 5s and 6s, the kind of driving) and the table of every fault
the table can call (racerbile.faults).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.i18n import N_
from game.rules.phrase import Phrase, phrase
from game.rules.spec_racerbile import BABYBILE as BABYBILE, LE_MANS as LE_MANS, RACERBILE as RACERBILE, SPEC as SPEC  # (beside the rules: the menu reads it alone)


TURN_CAP = 42  # racerbile.lemans.cap42
FUEL_LEAD = 12  # racerbile.option.out_of_fuel
NOL_LIMIT = 3  # racerbile.lemans.nol: the fourth nøl of a turn is a whole beer and ends it
VOMIT_LAPS = 5  # racerbile.lemans.vomit
CL_PER_MARK = 3  # racerbile.lemans.glasses: a mark every 3 cl, 11 marks to a beer
GEAR_WORDS = {1: "første", 2: "andet", 3: "tredje"}


def sips_to_cl(sips: int) -> int:
    """The centilitres a number of sips fills on a Le Mans measuring glass (racerbile.lemans.glasses)."""
    return sips * CL_PER_MARK


class Driving(StrEnum):
    """How a roll drives: by its total."""

    NORMAL = "normal"  # 1–6
    RECKLESS = "reckless"  # 7–9: each change of direction squeals (racerbile.reckless)
    FLAT_OUT = "flat_out"  # 10–12: neither turning nor braking (racerbile.flat_out)


def driving(total: int) -> Driving:
    if total >= 10:
        return Driving.FLAT_OUT
    if total >= 7:
        return Driving.RECKLESS
    return Driving.NORMAL


def too_fast_faults(seen_before: int, new: int) -> int:
    """Technical faults for `new` 5s and 6s after `seen_before` of them this turn: the third is
    one, each further one another (racerbile.too_fast)."""
    return max(0, seen_before + new - 2) - max(0, seen_before - 2)


class Kind(StrEnum):
    TECHNICAL = "technical"
    GENERAL = "general"
    EVENT = "event"  # a table event with its own penalty


@dataclass(frozen=True)
class Fault:
    """One entry of the "call a fault" menu: a rule id, what it costs, and whether it counts."""

    rule: str
    kind: Kind
    label: str
    unit: str = ""  # what a count counts ("field", "die", "cap", "nøl"); empty: once
    sips: int = 1  # per count
    beers: int = 0  # whole beers (racerbile.lemans.dunlop)
    laps: int = 0  # laps lost (racerbile.lemans.vomit, racerbile.lemans.delay)
    lemans: bool = False  # only at a Le Mans event
    option: str = ""  # only when this option is on


def _t(rule: str, label: str, unit: str = "", sips: int = 1) -> Fault:
    return Fault("racerbile.technical." + rule, Kind.TECHNICAL, label, unit, sips)


def _g(rule: str, label: str, unit: str = "") -> Fault:
    return Fault("racerbile.general." + rule, Kind.GENERAL, label, unit)


FAULTS: tuple[Fault, ...] = (
    _t("clutch", N_("Rolled a 1 (clutch)"), "die"),
    _t("wrong_cap", N_("Moved the wrong cap"), "field"),
    _t("upside_down", N_("Drove the cap upside down"), "field"),
    _t("own_cap_out_of_turn", N_("Moved own cap out of turn")),
    _t("others_cap", N_("Moved another's cap (and put it back)")),
    _t("too_fast", N_("A third or further 5-or-6"), "die"),
    _t("die_dropped", N_("A die fell off the table"), "die"),
    _t("die_moves_cap", N_("A die shifted a cap"), "cap"),
    _t("squeal", N_("A squeal on 7–9"), "squeal"),
    _t("fewer_fields", N_("Drove fewer fields than rolled"), "field"),
    _t("wrong_dice_count", N_("Rolled the wrong number of dice"), "die"),
    _t("stacking_order", N_("Stacked two caps the wrong way round"), sips=2),
    _t("wrong_branch", N_("Drove the wrong branch of a split"), "field"),
    _t("downshift", N_("Chose to shift down")),
    _t("self_nol", N_("Nøl'ed oneself")),
    _t("crooked_die", N_("A die landed tilted"), "die"),
    _t("die_on_object", N_("A die landed on something"), "die"),
    _t("roll_out_of_turn", N_("Rolled out of turn")),
    _t("no_flip", N_("Forgot to flip the cap on a blocking field")),
    _t("no_bonk", N_("Forgot to bonk when lifting a block")),
    _g("explain_rule", N_("Explained a rule")),
    _g("explain_wrong", N_("Explained a rule wrongly")),
    _g("no_upshift_call", N_("Forgot to announce an upshift")),
    _g("no_downshift_call", N_("Forgot to announce a downshift")),
    _g("no_front_last_call", N_("Forgot to announce the front/last sip")),
    _g("no_front_last_sip", N_("Forgot to drink the front/last sip")),
    _g("no_first_gear_call", N_("Forgot \"Jeg starter i første gear\"")),
    _g("no_squeal_call", N_("Forgot to say \"hvin\""), "squeal"),
    _g("no_midway_call", N_("Forgot to call \"Midtvejsskål!\"")),
    _g("no_midway_sip", N_("Did not drink the midway sip")),
    _g("strong_beer_excuse", N_("Pleaded a stronger drink")),
    _g("overtaken", N_("Was overtaken")),
    _g("noled", N_("Was nøl'ed (\"Tre. To. En. Nøl.\")"), "nøl"),
    Fault("racerbile.caps", Kind.TECHNICAL, N_("Moved the cap on its edge")),
    Fault("racerbile.touch", Kind.GENERAL, N_("Left a shifted cap where it went")),
    Fault("racerbile.option.two_wheels", Kind.TECHNICAL, N_("Wrong number of wheels on 7–9"), "field", option="two_wheels"),
    Fault("racerbile.lemans.dunlop", Kind.EVENT, N_("Knocked over the Dunlop bridge"), sips=0, beers=1, lemans=True),
    Fault("racerbile.lemans.vomit", Kind.EVENT, N_("Vomited (table or floor)"), sips=0, laps=VOMIT_LAPS, lemans=True),
    Fault("racerbile.lemans.delay", Kind.EVENT, N_("Delayed the game out of turn"), sips=0, laps=1, lemans=True),
)

FAULT_BY_RULE: dict[str, Fault] = {f.rule: f for f in FAULTS}

# --- the referee's words (phrases: English, translated where shown) ---------------------------

KIND_FAULT: dict[Kind, str] = {Kind.TECHNICAL: N_("technical fault"), Kind.GENERAL: N_("general fault"), Kind.EVENT: N_("table fault")}
UNIT_COUNTS: dict[str, tuple[str, str]] = {  # a fault's unit counted: one, more than one
    "field": (N_("{n} field"), N_("{n} fields")),
    "die": (N_("{n} die"), N_("{n} dies")),
    "cap": (N_("{n} cap"), N_("{n} caps")),
    "squeal": (N_("{n} squeal"), N_("{n} squeals")),
    "nøl": (N_("{n} nøl"), N_("{n} nøls")),
}


def count(n: int, one: str, many: str, plural: bool | None = None) -> Phrase:
    """`n` of something as a phrase: the template `one` or `many` (`N_` msgids with `{n}`);
    plural unless `n` is 1, or as `plural` says."""
    return phrase(many if (n != 1 if plural is None else plural) else one, n=n)


def sips(n: int, plural: bool | None = None) -> Phrase:
    """"2 sips", "1 sip"."""
    return count(n, N_("{n} sip"), N_("{n} sips"), plural)


def units(fault: Fault, n: int) -> Phrase:
    """`n` of a fault's unit: "2 fields", "1 die" (racerbile.faults)."""
    one, many = UNIT_COUNTS.get(fault.unit, ("{n} " + fault.unit, "{n} " + fault.unit + "s"))
    return count(n, one, many, n > 1)
