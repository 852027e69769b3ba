"""Racerbile records through `main.py referee FILE [--json]` (docs/records.md): the shipped record
files rule as the digest says, and every mistake is `file:line:column: message` with exit 2."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.match import Match, PlayerSpec
from game.racerbile.tracks import find_track
from game.rules import racerbile as R
from game.rules.ledger import Drink

RECORDS = Path(__file__).parent.parent / "records"
BABY = RECORDS / "racerbile_babybile_block.yaml"
FLAT = RECORDS / "racerbile_flat_out.yaml"
LEMANS = RECORDS / "racerbile_lemans_judges.yaml"


def referee_json(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["referee", str(path), "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def rulings(data: dict[str, Any], rule: str, who: str | None = None) -> list[dict[str, Any]]:
    return [r for r in data["rulings"] if r["rule"] == rule and (who is None or r["who"] == who)]


def entry(data: dict[str, Any], action: str) -> dict[str, Any]:
    found = [e for e in data["log"] if e["action"] == action]
    assert len(found) == 1, action
    return found[0]


def sips_of(r: dict[str, Any], drink: Drink, left: int) -> int:
    """What one ruling costs a drinker whose glass holds `left` sips."""
    if r["what"] == "sips":
        return int(r["amount"])
    if r["what"] == "beer":
        return drink.sips * int(r["amount"])
    if r["what"] == "beer_rest":
        return left
    return 0


def test_record_names_the_track_by_its_content_hash(capsys: pytest.CaptureFixture[str]) -> None:
    data = referee_json(BABY, capsys)
    assert data["track"]["hash"] == find_track("babybane").track.content_hash
    assert data["track"]["name"] == "babybane" and data["variant"] == "babybile"


def test_babybile_block_and_bonk(capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.field.blocking: Ann lands on 7,-4 and flips her cap; Ben rolls 8, stops right
    before it (2 fields short, a sip each) and bonks the cap: the block is lifted."""
    data = referee_json(BABY, capsys)
    flip = entry(data, "drive 5,1 6,0 7,-1 7,-2 7,-3 7,-4")
    assert any(r["rule"] == "racerbile.field.blocking" and "flipped" in r["arithmetic"] and r["who"] == "Ann" for r in flip["rulings"])
    bonk = entry(data, "drive 4,2 5,1 6,0 7,-1 7,-2 7,-3")
    short = [r for r in bonk["rulings"] if r["rule"] == "racerbile.field.blocking" and r["what"] == "sips"]
    assert [(r["who"], r["amount"]) for r in short] == [("Ben", 8 - 6)]
    lifted = [r for r in bonk["rulings"] if r["rule"] == "racerbile.field.blocking" and r["what"] == "note"]
    assert lifted and lifted[0]["who"] == "Ann" and "bonks" in lifted[0]["arithmetic"]
    assert not any(c.get("flipped") for c in data["standing"]["cars"])


def test_babybile_overtaking_and_midway(capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.general.overtaken and racerbile.field.midway: Ben passes Ann, then Ann passes Ben
    over the midway line – "Midtvejsskål!" and a sip for everybody."""
    data = referee_json(BABY, capsys)
    assert [r["who"] for r in rulings(data, "racerbile.general.overtaken")] == ["Ann", "Ben"]
    mid = entry(data, "drive 2,-6 2,-7 2,-8 2,-9 1,-9 0,-9 -1,-9")["rulings"]
    calls = [r for r in mid if r["rule"] == "racerbile.field.midway" and r["what"] == "call"]
    assert calls and calls[0]["words"] == ["Midtvejsskål!"] and calls[0]["who"] == "Ann"
    assert sorted(r["who"] for r in mid if r["rule"] == "racerbile.field.midway" and r["what"] == "sips") == ["Ann", "Ben"]
    cars = data["standing"]["cars"]
    assert [c["seat"] for c in cars] == ["Ann", "Ben"] and cars[0]["progress"] > cars[1]["progress"]


def test_babybile_rerolls_and_table_call(capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.too_fast: `dice 651 64 4` – the third 5-or-6 of the turn is a fault; the table's
    call racerbile.technical.die_dropped costs Ben a sip."""
    data = referee_json(BABY, capsys)
    throws = [e["action"] for e in data["log"] if e["who"] == "Ben" and e["line"] == entry(data, "dice 651")["line"]]
    assert throws[:4] == ["gear up", "dice 651", "dice 64", "dice 4"]
    assert [r["amount"] for r in entry(data, "dice 64")["rulings"] if r["rule"] == "racerbile.too_fast"] == [1]
    assert not entry(data, "dice 651")["rulings"]
    dropped = rulings(data, "racerbile.technical.die_dropped")
    assert [(r["who"], r["amount"]) for r in dropped] == [("Ben", 1)]


def test_babybile_standing_adds_up_the_rulings(capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.beer: Ben drinks light beer (8 sips a glass); the standing's sips and beers are
    the sum of the rulings, and the next player is named with what he does next."""
    data = referee_json(BABY, capsys)
    for name, drink in (("Ann", Drink.BEER), ("Ben", Drink.LIGHT_BEER)):
        total = sum(sips_of(r, drink, 0) for r in data["rulings"] if r["who"] == name)
        row = data["standing"]["drivers"][name]
        assert row["sips"] == total > 0
        assert row["beers"] == total // drink.sips and row["beer_left"] == drink.sips - total % drink.sips
    nxt = data["standing"]["next"]
    assert nxt["seat"] == "Ben" and nxt["phase"] == "gear" and "gear hold" in nxt["to"]


def test_text_output_prints_rule_ids_danish_words_and_standing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["referee", str(BABY)]) == 0
    out = capsys.readouterr().out
    assert '[racerbile.turn] last at the start of the turn: 1 sip – "Jeg drikker for at ligge bagerst"' in out
    assert '"Midtvejsskål!"' in out and '"Jeg gearer op til tredje gear"' in out and '"hvin hvin"' in out
    assert "Standing after" in out and "On turn: Ben – choose the gear" in out
    lines = out.splitlines()
    assert any(line.lstrip().startswith("1. Ann") and "-1,-9" in line for line in lines)


def test_time_trial_orders_the_start(capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.variant.racerbile: the time trial – each empties a beer, the fastest starts."""
    data = referee_json(FLAT, capsys)
    trial = rulings(data, "racerbile.variant.racerbile")[:3]
    assert [(r["who"], r["what"]) for r in trial] == [("Ann", "beer"), ("Ben", "beer"), ("Cem", "beer")]
    order = [r for r in rulings(data, "racerbile.start") if r["arithmetic"].startswith("order:")]
    assert order[0]["arithmetic"] == "order: Ben, Ann, Cem"
    assert data["turns"][0]["player"] == "Ben"


def test_flat_out_leaves_the_track_and_comes_back(capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.flat_out: 10 straight east from 0,6 leaves the bend after one field – a sip for
    each of the other 9 – Racerbile adds the rest of the beer; next turn the car reverses back and
    starts in first gear ("Jeg starter i første gear")."""
    data = referee_json(FLAT, capsys)
    off = entry(data, "drive 1,6")["rulings"]
    short = [r for r in off if r["rule"] == "racerbile.flat_out" and r["what"] == "sips"]
    # the forced drop from third to first gear costs a sip per gear dropped (Decisions)
    assert [(r["who"], r["amount"]) for r in short] == [("Ann", 10 - 1), ("Ann", 3 - 1)]
    assert any(r["what"] == "beer_rest" and r["rule"] == "racerbile.variant.racerbile" for r in off)
    assert any(r.get("words") == ["Jeg gearer ned til første gear"] for r in off)
    back = [e for e in data["log"] if any("reverses back onto the track at 1,6" in r["arithmetic"] for r in e["rulings"])]
    assert len(back) == 1
    assert any(r.get("words") == ["Jeg starter i første gear"] and r["who"] == "Ann" for r in back[0]["rulings"])
    ann = next(c for c in data["standing"]["cars"] if c["seat"] == "Ann")
    assert ann["gear"] == 1 and not ann.get("off")


def test_facing_makes_the_first_step_a_turn(capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.variant.racerbile (facing): Cem faces east after driving east; on 8 his first
    step north-east into the bend is a change of direction and squeals (racerbile.reckless)."""
    data = referee_json(FLAT, capsys)
    cem = entry(data, "drive 0,6 1,5 2,4 3,3 4,2 5,1 6,0 7,-1")["rulings"]
    assert [r["amount"] for r in cem if r["rule"] == "racerbile.technical.squeal"] == [1]
    facing = {c["seat"]: c["facing"] for c in data["standing"]["cars"]}
    assert facing == {"Ben": "nw", "Cem": "ne", "Ann": "ne"}


def test_smashed_gearbox(capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.clutch: three 1s in third gear – the rest of the beer; racerbile.variant.racerbile:
    back to first gear, a sip per gear dropped, and the next turn starts in first gear."""
    data = referee_json(FLAT, capsys)
    assert [r["what"] for r in entry(data, "dice 111")["rulings"]] == ["beer_rest"]
    drop = [r for r in entry(data, "drive 6,0 6,-1 6,-2")["rulings"] if "smashed" in r["arithmetic"]]
    assert [(r["who"], r["amount"]) for r in drop] == [("Ben", 3 - 1)]


def test_lemans_driver_changes(capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.lemans.driver_change: Eva takes over outside the pit – "Eva kører nu" and a whole
    beer; racerbile.lemans.pit: Bo takes over in the pit lane, free."""
    data = referee_json(LEMANS, capsys)
    eva = entry(data, "driver Eva")["rulings"]
    # the change and its beer come first; then the incoming driver drinks the last sip (Decisions)
    assert [(r["who"], r["what"], r.get("words")) for r in eva] == [
        ("Eva", "call", ["Eva kører nu"]),
        ("Eva", "beer", None),
        ("Eva", "sips", ["Jeg drikker for at ligge bagerst"]),
    ]
    bo = entry(data, "driver Bo")["rulings"]
    assert [(r["who"], r["rule"], r["what"]) for r in bo] == [("Bo", "racerbile.lemans.pit", "note"), ("Bo", "racerbile.turn", "sips")]
    assert {c["seat"]: c["driver"] for c in data["standing"]["cars"]} == {"Røde": "Bo", "Blå": "Eva"}
    assert data["standing"]["drivers"]["Eva"]["beers"] >= 1 and data["standing"]["drivers"]["Cy"]["sips"] == 0


def test_lemans_judges_clock_and_winner(capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.lemans.judges: penalty sips and a lap taken, each with the judges' reason;
    racerbile.lemans.end: the hour is up – "Sidste omgang!"; racerbile.lemans.winner: most laps,
    then position – the lap taken decides it."""
    data = referee_json(LEMANS, capsys)
    judged = rulings(data, "racerbile.lemans.judges")
    assert [(r["who"], r["what"], r["amount"]) for r in judged] == [("Eva", "sips", 3), ("Eva", "laps", -1)]
    assert "spilt beer on the track" in judged[0]["arithmetic"] and "pit wall" in judged[1]["arithmetic"]
    end = rulings(data, "racerbile.lemans.end")
    assert end and end[0]["words"] == ["Sidste omgang!"]
    st = data["standing"]
    assert st["over"] and st["last_round"] and st["clock"] == 3600
    blaa = next(c for c in st["cars"] if c["seat"] == "Blå")
    roede = next(c for c in st["cars"] if c["seat"] == "Røde")
    assert blaa["progress"] > roede["progress"] and blaa["lost_laps"] == 1
    assert st["winner"] == "Røde"
    winner_note = rulings(data, "racerbile.lemans.winner")[0]
    assert winner_note["who"] in ("Ann", "Bo", "Cy") and "Røde wins" in winner_note["arithmetic"]


def test_lemans_noel_call_outside_the_wheel(capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.general.noled: a nøl called on Finn (not at the wheel) is his sip, with the chant."""
    data = referee_json(LEMANS, capsys)
    [r] = rulings(data, "racerbile.general.noled")
    assert r["who"] == "Finn" and r["amount"] == 1 and r["words"] == ["Tre. To. En. Nøl."]


HEAD = "game: racerbile\ntrack: {track}\nplayers: [Ann, Ben, Cem]\nprofile: {{variant: babybile}}\norder:\n  rolls: {rolls}\nturns:\n"


def record(tmp_path: Path, turns: str, rolls: str = "{Ann: 5, Ben: 3, Cem: 2}", track: str = "b4a25d1f") -> Path:
    f = tmp_path / "r.yaml"
    f.write_text(HEAD.format(track=track, rolls=rolls) + turns, encoding="utf-8")
    return f


def test_ties_roll_again_for_the_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.start: Ann and Ben tie on 6 and roll again; Ben's 5 beats Ann's 2."""
    f = record(tmp_path, "  - Ben: dice 4\n", rolls="{Ann: 6 2, Ben: 6 5, Cem: 3}")
    data = referee_json(f, capsys)
    notes = [r["arithmetic"] for r in rulings(data, "racerbile.start")]
    assert "tie between Ann, Ben: they roll again" in notes and "order: Ben, Ann, Cem" in notes


def test_a_track_named_by_name_rules_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    turns = "  - Ann: dice 4; drive -5,6 -4,6 -3,6 -2,6\n  - Ben: dice 2; drive -5,6 -4,6\n"
    by_hash = referee_json(record(tmp_path, turns), capsys)
    by_name = referee_json(record(tmp_path, turns, track="babybane"), capsys)
    assert by_hash["rulings"] == by_name["rulings"] and by_hash["track"]["hash"] == by_name["track"]["hash"]
    assert by_hash["track"]["named_by_hash"] and not by_name["track"]["named_by_hash"]
    assert main(["referee", str(record(tmp_path, turns, track="babybane"))]) == 0
    assert "its content hash b4a25d1f5186 is the canonical name" in capsys.readouterr().out


LINE = "  - Ann: dice 4; drive -5,6 -4,6 -4,8 -2,6\n"
BAD: dict[str, tuple[str, dict[str, str], str, str]] = {
    # name: (turns, head fields, the text the column points at (in the line named), message)
    "illegal_step": (LINE, {}, "-4,8 -2,6", "step 3: -4,8 is not a forward field next to -4,6; 10 legal moves for the 4 rolled from -6,6"),
    "too_far": ("  - Ann: dice 3; drive -5,6 -4,6 -3,6 -2,6\n", {}, "drive", "4 fields is more than the 3 rolled; 7 legal moves"),
    "out_of_turn": ("  - Ben: dice 4\n", {}, "Ben", "it is Ann's turn (roll 1 die in gear 1), not Ben's"),
    "impossible_die": ("  - Ann: dice 7\n", {}, "7", "impossible die '7'"),
    "dice_count": ("  - Ann: dice 42\n", {}, "42", "'42' shows 2 dice, but Ann throws 1 die in gear 1"),
    "landed": ("  - Ann: dice 4 21\n", {}, "21", "no die is in the air"),
    "first_turn_gear": ("  - Ann: gear up; dice 4\n", {}, "gear up", "no change of gear in a car's first turn (racerbile.gears)"),
    "unknown_action": ("  - Ann: roll 4\n", {}, "roll", "unknown action 'roll'"),
    "unknown_player": ("  - Dora: dice 4\n", {}, "Dora", "unknown player 'Dora'; the players are Ann, Ben, Cem"),
    "not_a_field": ("  - Ann: dice 4; drive -5,6 x\n", {}, "x", "'x' is not a field"),
    "unknown_fault": ("  - call racerbile.technical.die_drop Ben\n", {}, "call", "did you mean racerbile.technical.die_dropped"),
    "turn_over": ("  - Ann: dice 4; drive -5,6 -4,6 -3,6 -2,6; dice 3\n", {}, "dice 3", "Ann's turn is over – it is Ben's turn now"),
    "no_player": ("  - dice 4\n", {}, "dice", "say whose turn it is"),
    "quoted": ('  - "Ann: dice 4; drive -5,6 -4,6 -4,8 -2,6"\n', {}, "-4,8 -2,6", "step 3"),
    "judge_outside_le_mans": ("  - judge sips Ann 3 'slow'\n", {}, "judge", "judges run a Le Mans event"),
    "no_track": ("", {"track": "deadbeef00"}, "deadbeef00", "no track 'deadbeef00'"),
    "missing_reroll": ("", {"rolls": "{Ann: 5, Ben: 5, Cem: 2}"}, "5, Ben", "Ann needs another roll for the order: Ann and Ben are tied"),
    "no_roll": ("", {"rolls": "{Ann: 5, Ben: 3}"}, "{Ann: 5", "no roll for Cem"),
    "roll_too_many": ("", {"rolls": "{Ann: 5 3, Ben: 4, Cem: 2}"}, "3, Ben", "Ann's roll 3 is one too many"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_race_record_gives_file_line_column(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    turns, head, at, message = BAD[name]
    f = record(tmp_path, turns, **head)
    assert main(["referee", str(f)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    lines = f.read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, start=1) if at in text and (i > 7 or not turns))
    column = lines[line - 1].index(at) + 1
    assert err.startswith(f"{f}:{line}:{column}: "), err
    assert message in err, err


def test_error_inside_a_turn_folded_over_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = record(tmp_path, "  - Ann: dice 4;\n      drive -5,6 -4,6\n        -4,8 -2,6\n")
    assert main(["referee", str(f)]) == 2
    assert capsys.readouterr().err.startswith(f"{f}:10:9: drive -5,6 -4,6 -4,8 -2,6: step 3")


def test_lemans_driver_not_at_the_wheel(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.lemans.driver_change: a turn in a driver's name needs him at the wheel, or `driver NAME` first."""
    text = LEMANS.read_text(encoding="utf-8").replace("  - Eva: driver Eva;", "  - Eva:")
    f = tmp_path / "lm.yaml"
    f.write_text(text, encoding="utf-8")
    assert main(["referee", str(f)]) == 2
    err = capsys.readouterr().err
    line = next(i for i, t in enumerate(text.splitlines(), start=1) if t.startswith("  - Eva:"))
    assert err.startswith(f"{f}:{line}:5: Eva is not at the wheel of Blå (Dan is)"), err


def test_dice_records_still_go_to_the_dice_referee(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["referee", str(RECORDS / "schock_example.yaml")]) == 0
    assert "[schock." in capsys.readouterr().out


def as_record(m: Match) -> str:
    """A match's log written as a race record: the order, then each seat's actions in the race
    notation (consecutive throws of a turn in one `dice`), the table's actions on their own."""
    from game.racerbile.actions import Call, Clock, Dice, Judge, Order, StartDie, parse_action

    log = m.log
    again = Match("racerbile", list(m.players), m.profile, seed=log.seed, track=str(log.settings["track"]))
    order: dict[str, Any] = {}
    items: list[tuple[str | None, list[str]]] = []
    for e in log.entries[1:]:
        st = again.state
        a = parse_action(e.action)
        if isinstance(a, Order):
            if a.times:
                order["times"] = dict(zip(st.players, a.times))
        elif isinstance(a, StartDie):  # the roll for the order, or the time trial's roll-off of equal times
            who = st.players[st.groups[0][len(st.rolled)]]
            rolls = order.setdefault("rolloff" if st.trial else "rolls", {})
            rolls[who] = f"{rolls.get(who, '')} {a.face}".strip()
        elif isinstance(a, (Call, Judge, Clock)):
            items.append((None, [e.action]))
        else:
            who = st.players[st.turn.seat]
            text = e.action
            if items and items[-1][0] == who and isinstance(a, Dice) and items[-1][1][-1].startswith("dice ") and st.turn.fives:
                items[-1][1][-1] += " " + text.split()[1]  # a re-roll of the 5s and 6s
                text = ""
            elif items and items[-1][0] == who:
                items[-1][1].append(text)
                text = ""
            if text:
                items.append((who, [text]))
        again.apply(a)
    players = [{"name": p.name, "drink": str(p.drink), **({"drivers": list(p.drivers)} if p.drivers else {})} for p in m.players]
    lines = [
        "game: racerbile",
        f"track: {log.settings['track_hash'][:16]}",
        f"players: {json.dumps(players, ensure_ascii=False)}",
        f"profile: {json.dumps({'variant': m.profile.variant, 'options': m.profile.to_dict()['options']})}",
        f"order: {json.dumps(order, ensure_ascii=False)}",
        "turns:",
    ]
    for who, acts in items:
        text = json.dumps("; ".join(acts), ensure_ascii=False)
        lines.append(f"  - {json.dumps(who, ensure_ascii=False)}: {text}" if who else f"  - {text}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "variant, track, kinds, seed",
    [
        ("babybile", "babybane", ["careful", "racer", "stalin"], 1),
        ("racerbile", "naaleoejet", ["racer", "careful", "random", "stalin"], 2),
        ("racerbile", "stalinbanen", ["stalin", "racer"], 3),
        ("le_mans", "le_mans", ["careful", "racer", "stalin"], 4),
    ],
)
def test_a_bot_race_written_as_a_record_rules_the_same(
    variant: str, track: str, kinds: list[str], seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    race(variant, track, kinds, seed, tmp_path, capsys)


def race(variant: str, track: str, kinds: list[str], seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Match:
    """Replaying a log reproduces every ruling – here through the record notation: a bots' race,
    with the table's calls and (Le Mans) the clock and the judges, is written as a record, and the
    referee's rulings are the match's, one for one."""
    from game.racerbile.actions import Call, Clock, Judge
    from game.racerbile.bots import make_race_bot
    from game.state import CHANCE

    lemans = variant == "le_mans"
    players = [
        PlayerSpec(f"Team {i}" if lemans else f"P{i}", k, Drink.LIGHT_BEER if i % 2 else Drink.BEER, tuple(f"D{i} {d}" for d in "abc") if lemans else ())
        for i, k in enumerate(kinds)
    ]
    m = Match("racerbile", players, R.SPEC.make(variant, **({"lemans_hours": 1} if lemans else {"laps": 2})), seed=seed, track=track)
    bots = [make_race_bot(k) for k in kinds]
    rng = random.Random(seed)
    turns = 0
    while not m.state.is_terminal() and len(m.log.entries) < 1500:
        if m.state.current_player() == CHANCE:
            m.resolve_chance()
        else:
            m.apply(bots[m.state.current_player()].act(m.state, m.rng))
        if m.state.turns and rng.random() < 0.05 and not m.state.is_terminal():
            who = rng.choice([d for p in players for d in (p.drivers or (p.name,))])
            m.apply(Call(rng.choice([f.rule for f in m.state.faults() if f.sips and not f.laps]), who))
        if lemans and m.state.turns > turns and not m.state.is_terminal():
            turns = m.state.turns
            m.apply(Clock(40))  # 90 turns to the hour
            if rng.random() < 0.05:
                m.apply(Judge("sips", rng.choice(players).drivers[0], str(rng.randint(1, 5)), "a judges' whim; no reason needed"))
    f = tmp_path / "race.yaml"
    f.write_text(as_record(m), encoding="utf-8")
    data = referee_json(f, capsys)
    assert data["rulings"] == [r.to_dict() for r in m.rulings()]
    # a turn's opening rulings have an entry of their own ("turn opens"), under the turn they open
    assert len([e for e in data["log"] if e["action"] != "turn opens"]) == len(m.log.entries) and data["standing"]["over"] == m.state.is_terminal()
    return m
