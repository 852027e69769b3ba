"""The referee's refusals from the games' rules in the player's language: a `Refusal` keeps the rules'
reason as given (a `Phrase`: English in the log and in `reason`), says it in the interface's language
(`str`), and cites the rule in every language; a browser hears it in its own language."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.dice.actions import Flip, Roll
from game.errors import IllegalAction
from game.i18n import extract_files, language, parse_po, po_path, set_language
from game.net.web_conns import spoken
from game.racerbile.actions import Shift
from game.racerbile.state import GEAR, ROLL
from game.rules.phrase import Phrase
from game.session.events import Refusal
from game.ui.common.words import refusal_words
from tests.session.test_real_table_dice import real_session
from tests.session.test_real_table_pong import real_pong, to_play
from tests.session.test_real_table_race import real_race, start

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture
def speaking() -> Iterator[None]:
    was = language()
    yield
    set_language(was)


def said(refusal: Refusal | None) -> dict[str, str]:
    """The refusal as read in each language."""
    assert refusal is not None and isinstance(refusal.reason, Phrase), refusal
    out = {}
    for code in ("en", "de", "da"):
        set_language(code)
        out[code] = str(refusal)
    set_language("en")
    assert out["en"] == refusal.reason  # English: the rules' words as the log and the tests have them
    return out


def test_schock_rolls_four_dice_entered_at_a_real_table_are_refused_in_german_and_danish(speaking: None) -> None:
    s = real_session("schock", 2)
    assert s.request("Anna", Roll()) is None
    words = said(s.enter("Anna", "6 5 2 1"))
    assert words["en"] == "3 dice were rolled; they cannot show 6521"
    assert words["de"] == "3 Würfel wurden geworfen; sie können nicht 6521 zeigen"
    assert words["da"] == "der blev slået med 3 terninger; de kan ikke vise 6521"
    assert said(s.enter("Anna", "roll"))["de"].startswith("die Würfel rollen: 3 Würfel")


def test_schock_sixes_the_rule_is_cited_in_every_language(speaking: None) -> None:
    s = real_session("schock", 3)
    assert s.request("Anna", Roll()) is None and s.enter("Anna", "4 3 2") is None
    refusal = s.request("Anna", Flip(1))
    words = said(refusal)
    assert refusal is not None and refusal.rule == "schock.sixes"
    assert all(w.endswith("(schock.sixes)") for w in words.values())
    assert words["de"].startswith("drehen geht nur mit zwei oder drei Sechsen")
    assert words["da"].startswith("at vende kræver to eller tre seksere")


def test_racerbile_gears_a_wrong_dice_count_reads_in_german_and_danish_with_the_rule(speaking: None) -> None:
    s = real_race(2)
    start(s)
    if s.state.phase == GEAR:
        assert s.request("Ann", Shift(0)) is None
    assert s.state.phase == ROLL
    words = said(s.enter("Ann", "4 4 4 4"))
    assert words["en"].startswith("1 dice are rolling, not 4 (racerbile.gears: as many dice as the gear")
    assert words["de"].startswith("1 Würfel rollen, nicht 4 (racerbile.gears: so viele Würfel wie der Gang")
    assert words["da"].startswith("1 terninger ruller, ikke 4 (racerbile.gears: lige så mange terninger som gearet")
    set_language("de")  # the toast cites the rule after the reason, in the reader's words
    assert refusal_words(words["de"]).endswith("Fünfen und Sechsen neu (Regel racerbile.gears)")


def test_racerbile_a_gear_not_open_names_why_in_the_readers_language(speaking: None) -> None:
    s = real_race(2)
    start(s)
    for _ in range(20):  # each driver enters 2s and drives on until a gear is chosen
        if s.state.phase == GEAR:
            break
        if s.entering():
            assert s.enter(s.enterers()[0], " ".join(["2"] * (s.state.turn.pending if s.state.turn else 1))) is None
        else:
            assert s.request(s.waiting_for()[0], next(iter(s.state.legal_actions()))) is None
    assert s.state.phase == GEAR and s.state.turn is not None
    words = said(s.request(s.state.turn.seat, Shift(-1)))  # first gear is the lowest
    assert words["en"].startswith("gear down is not open now – first gear is the lowest (racerbile.gears); open: ")
    assert words["de"].startswith("gear down geht jetzt nicht – der erste Gang ist der niedrigste (racerbile.gears); möglich: ")
    assert words["da"].startswith("gear down er ikke muligt nu – første gear er det laveste (racerbile.gears); muligt: ")


def test_bierpong_a_cup_gone_and_a_roller_over_it_read_in_german_and_danish(speaking: None) -> None:
    s = real_pong(2)
    to_play(s)
    words = said(s.enter("Foxes", "Ann: hit 11"))
    assert words["de"].startswith("Ann: in Becher 11 kann jetzt kein Ball landen (es stehen: ")
    assert words["da"].startswith("Ann: krus 11 er ikke et krus, en bold kan lande i nu (står: ")
    words = said(s.enter("Foxes", "Ann: roller 12>2"))
    assert all("bierpong.art15" in w for w in words.values())
    assert "der nicht auf dem Tisch steht" in words["de"] and "som ikke står på bordet" in words["da"]
    words = said(s.enter("Foxes", "Cem: hit 3"))  # not the Owls' round
    assert words["de"] == "Cem: Foxes sind an der Reihe" and words["da"] == "Cem: det er Foxes, der har runden"


def test_a_browser_hears_the_rules_refusal_in_its_own_language() -> None:
    """The host passes the reason itself (`game.net.host`): `spoken` says it in the browser's language."""
    s = real_session("schock", 2)
    assert s.request("Anna", Roll()) is None
    refusal = s.enter("Anna", "6 5 2 1")
    assert refusal is not None
    assert spoken("da", refusal.reason, {}) == "der blev slået med 3 terninger; de kan ikke vise 6521"
    assert spoken("en", refusal.reason, {}) == "3 dice were rolled; they cannot show 6521"
    assert str(refusal) == refusal.reason  # (the host's own language untouched)


def test_a_refusal_keeps_a_plain_reason_and_says_it_as_it_is(speaking: None) -> None:
    set_language("de")
    r = Refusal.of(IllegalAction("plain words"))
    assert r.reason == "plain words" and str(r) == "plain words"
    assert Refusal.of(ValueError("a", 2)).reason == "('a', 2)"


def test_every_refusal_of_the_rules_is_a_phrase_with_its_msgid_in_both_catalogues() -> None:
    """No `raise IllegalAction("…")` or f-string left in the rules converted here; each N_ msgid of
    their files is in the German and Danish catalogues."""
    files = [ROOT / "game" / p for p in ("dice/state.py", "dice/schock.py", "racerbile/state.py", "racerbile/moves.py",
                                          "racerbile/turn.py", "racerbile/start.py", "racerbile/drive.py", "racerbile/table.py", "bierpong/state.py",
                                          "bierpong/table.py", "bierpong/removals.py", "bierpong/throwoff.py", "bierpong/konter.py",
                                          "rules/challenge.py", "match.py")]
    for f in files:
        text = f.read_text(encoding="utf-8")
        assert 'IllegalAction(f"' not in text and 'IllegalAction("' not in text, f
    msgids = extract_files(files)
    for code in ("de", "da"):
        cat = parse_po(po_path(code).read_text(encoding="utf-8"))
        assert not [m for m in msgids if m not in cat], code


def test_each_phrase_of_the_refusals_gets_exactly_its_placeholders() -> None:
    """`phrase(N_("…{who}…"), who=…)`: a missing or misspelt value would fail only when refused."""
    import ast
    import re

    checked = 0
    for f in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "phrase" and node.args):
                continue
            first = node.args[0]
            if any(k.arg is None for k in node.keywords):
                continue  # (values passed on as **words)
            if isinstance(first, ast.Call) and isinstance(first.func, ast.Name) and first.func.id == "N_" and isinstance(first.args[0], ast.Constant):
                wanted = set(re.findall(r"\{(\w+)", str(first.args[0].value)))
                assert {k.arg for k in node.keywords} == wanted, f"{f.name}:{node.lineno}"
                checked += 1
    assert checked > 150


def test_the_tables_own_refusals_are_phrases_too_so_a_browser_hears_them_in_its_language(speaking: None) -> None:
    """Whose turn it is, a throw not waiting: the session's refusals are said where they are read,
    not in the host's language at the moment they were made."""
    s = real_session("schock", 2)
    set_language("de")  # the host speaks German; a Danish phone asks out of turn
    refusal = s.request("Bernd", Roll())
    assert refusal is not None and refusal.reason == "it is Anna's turn"
    assert str(refusal) == "Anna ist an der Reihe" and spoken("da", refusal.reason, {}) == "det er Annas tur"
