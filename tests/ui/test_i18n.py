"""Issue 8: the interface in English, German and Danish through gettext catalogs.

The catalogs are checked against the code (every marked string translated, placeholders kept),
the compiled .mo files against their .po sources, and real headless scenes are drawn in German.
The call-outs (Horrido!, Midtvejsskål!, …) stay in the rulebooks' words in every language.
"""
from __future__ import annotations

import ast
import functools
import gettext
import io
import string
from pathlib import Path
from typing import Iterator

import pygame
import pygame_gui
import pytest

from tests.source_trees import nodes
from game import i18n
from game.dice.actions import Dice, Roll, Stand
from game.i18n import LANGUAGES, N_, _, compile_catalog, extract, language, mo_bytes, parse_po, po_path, set_language
from game.match import GAMES, Match, PlayerSpec
from game.racerbile.editing import Editor
from game.rules import racerbile as racerbile_rules
from game.rules.catalog import rules_for
from game.rules.ruling import Ruling, What
from game.ui.common.app import App
from game.ui.common.banners import Banners
from game.ui.pong.bierpong_match import TABLE_EVENTS, BierpongMatchScene, TableEvents
from game.ui.dice.dice_table import DiceTableScene
from game.ui.editor.editor import EditorScene
from game.ui.editor.editor_panels import render_help
from game.ui.common.help import HelpOverlay, worded
from game.ui.shell.menu import MenuScene
from game.ui.common.modal import Confirm, log_dialog
from game.ui.pong.pong import PongScene
from game.ui.race.race import RaceScene
from game.ui.pong.shot_lab import ShotLab

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [c for c in LANGUAGES if c != "en"]
# the call-outs of the rulebooks: shouted as written, whatever the interface language
CALL_OUTS = ("Midtvejsskål!", "Horrido!", "Sidste omgang!", "Island!", "On fire!", "Heating up!", "Kröger!", "Hallo!", "Türmchen!", "Bunde!")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Every test leaves the interface in English, the default other tests expect."""
    yield
    set_language("en")


def catalog(code: str) -> dict[str, str]:
    """The .po file of `code` as msgid → msgstr (a copy: a test may change it)."""
    return dict(_catalog(po_path(code)))


@functools.cache
def _catalog(path: Path) -> dict[str, str]:  # (read once per test process: ~0.2 s a file)
    entries = parse_po(path.read_text(encoding="utf-8"))
    entries.pop("", None)  # the header
    return entries


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def source_msgids() -> dict[str, Path]:
    """Every `_("…")` / `N_("…")` literal in the program, with a file that uses it."""
    found: dict[str, Path] = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        for msgid in extract(path.read_text(encoding="utf-8")):
            found.setdefault(msgid, path)
    return found


# --- the mechanism ------------------------------------------------------------------------------


def test_the_compiled_catalogs_are_up_to_date_with_their_sources() -> None:
    for code in TRANSLATED:
        mo = po_path(code).with_suffix(".mo")
        assert mo.is_file(), f"{mo} is missing: run python -m game.i18n"
        assert mo.read_bytes() == compile_catalog(code), f"{mo} is stale: run python -m game.i18n"


def test_the_mo_writer_round_trips_through_gnu_gettext() -> None:
    entries = {"": "Content-Type: text/plain; charset=UTF-8\n", "Save": "Gem", 'say "hi"\n': "sig „hej“\n", "{n} mats": "{n} ølbrikker"}
    po = "\n".join(f'msgid "{k}"\nmsgstr "{v}"\n' for k, v in (("Save", "Gem"), ('say \\"hi\\"\\n', "sig „hej“\\n"), ("{n} mats", "{n} ølbrikker")))
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    assert parse_po(header + po) == entries
    t = gettext.GNUTranslations(io.BytesIO(mo_bytes(entries)))
    for msgid, msgstr in entries.items():
        if msgid:
            assert t.gettext(msgid) == msgstr
    assert t.gettext("not in the catalog") == "not in the catalog"


def test_german_and_danish_come_from_their_catalogs() -> None:
    for code in TRANSLATED:
        want = catalog(code)
        set_language(code)
        assert language() == code
        for msgid in ("Roll (Space)", "Match log", "{n} mats"):
            assert _(msgid) == want[msgid] != msgid
        assert _("{n} mats").format(n=3) == want["{n} mats"].format(n=3)
    set_language("en")
    assert _("Roll (Space)") == "Roll (Space)"


def test_the_language_is_looked_up_at_call_time() -> None:
    label = N_("Stand (Enter)")
    assert label == "Stand (Enter)"  # N_ only marks
    seen = []
    for code in ("en", "de", "da", "en"):
        set_language(code)
        seen.append(_(label))
    assert seen[0] == seen[3] == label
    assert len(set(seen)) == 3


def test_an_unknown_language_is_refused_with_the_known_ones_listed() -> None:
    set_language("de")
    with pytest.raises(ValueError) as err:
        set_language("fr")
    for code in LANGUAGES:
        assert code in str(err.value)
    assert language() == "de"  # nothing changed


def test_a_missing_mo_file_is_compiled_from_its_po(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "de" / "LC_MESSAGES"
    target.mkdir(parents=True)
    (target / "stammtisch.po").write_bytes(po_path("de").read_bytes())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    set_language("de")
    assert (target / "stammtisch.mo").read_bytes() == compile_catalog("de")
    assert _("Save") == catalog("de")["Save"]


# --- the catalogs against the code ----------------------------------------------------------------


def test_every_marked_string_is_translated_in_german_and_danish() -> None:
    msgids = source_msgids()
    assert len(msgids) > 300  # the interface is wrapped, not a handful of strings
    for code in TRANSLATED:
        cat = catalog(code)
        missing = [f"{path.relative_to(ROOT)}: {m!r}" for m, path in msgids.items() if m not in cat]
        assert not missing, f"not in the {code} catalog:\n" + "\n".join(missing)


def test_every_catalog_entry_has_a_translation_with_the_same_placeholders() -> None:
    for code in TRANSLATED:
        for msgid, msgstr in catalog(code).items():
            assert msgstr.strip(), f"{code}: {msgid!r} has no translation"
            assert placeholders(msgstr) == placeholders(msgid), f"{code}: {msgid!r} → {msgstr!r}"
            msgstr.format(**{p: "x" for p in placeholders(msgid)})  # a well-formed format string


def test_both_catalogs_hold_the_same_messages() -> None:
    assert catalog("de").keys() == catalog("da").keys()


def test_a_message_formatted_in_place_gets_exactly_its_placeholders() -> None:
    """`_("…{name}…").format(name=…)`: a missing or misspelt keyword would fail only in some language."""
    checked = 0
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in nodes(path):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"):
                continue
            inner = node.func.value
            options = [inner.body, inner.orelse] if isinstance(inner, ast.IfExp) else [inner]
            for o in options:
                if isinstance(o, ast.Call) and isinstance(o.func, ast.Name) and o.func.id == "_" and isinstance(o.args[0], ast.Constant):
                    msgid = str(o.args[0].value)

                    assert not node.args and {k.arg for k in node.keywords} == placeholders(msgid), f"{path.name}:{node.lineno} {msgid!r}"
                    checked += 1
    assert checked > 100


# --- the call-outs stay as the rulebooks have them ------------------------------------------------


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_call_outs_are_never_translated(code: str) -> None:
    set_language(code)
    for words in CALL_OUTS:
        assert _(words) == words
    for code2 in TRANSLATED:
        assert not set(CALL_OUTS) & catalog(code2).keys()


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_schock_call_outs_are_shouted_as_is_at_a_german_or_danish_table(app: App, code: str) -> None:
    """schock.horrido and the Kröger call: the banners show the rulebook's words in every language;
    only the line under the reply ("all present") is interface text."""
    set_language(code)
    table = DiceTableScene(app, Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=9))
    app.push(table)
    table.session.script(Dice((1, 1, 1)), Dice((2, 2, 1)))  # the dice the two rolls land on
    for seat, action in ((0, Roll()), (0, Stand()), (1, Roll())):
        assert table.session.request(seat, action) is None
        for _frame in range(40):  # the banners come once the dice have landed
            app.step(0.05)
            if not table.busy():
                break
    shown = table.banners.shown
    assert "Horrido!" in shown
    assert shown[shown.index("Kröger!") + 1] == "Hallo!"
    reply = next(b for b in table.banners.queue if b.text == "Hallo!")
    assert reply.sub == _("all present")
    assert (reply.sub == "all present") == (code == "en")


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_midway_toast_keeps_its_danish_words(app: App, code: str) -> None:
    """racerbile.field.midway: the ruling the race state makes, shown as a banner in any language."""
    set_language(code)
    banners = Banners(app.fonts)
    banners.push_ruling(Ruling("Anna", What.CALL, 0, "racerbile.field.midway", "past the midway line", words=("Midtvejsskål!",)))
    assert banners.shown == ["Midtvejsskål!"]
    assert banners.queue[0].sub == "Anna"


# --- scenes drawn in German ---------------------------------------------------------------------------


def test_the_dice_table_draws_in_german(app: App) -> None:
    set_language("de")
    de = catalog("de")
    table = DiceTableScene(app, Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=3))
    app.push(table)
    app.step(0.05)
    table.draw(app.screen)
    assert table.b_roll.text == de["Roll (Space)"]
    assert table.b_stand.text == de["Stand (Enter)"]
    assert table.b_undo.text == de["Undo (Ctrl+Z)"]
    assert table.turn_text() == de["{name} to roll"].format(name="Anna")
    assert table.stage_text().startswith(de["game {n} of {total}"].format(n=1, total=1))


def test_switching_the_language_relabels_an_open_table_at_the_next_frame(app: App) -> None:
    table = DiceTableScene(app, Match("katchen", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=3))
    app.push(table)
    app.step(0.05)
    assert table.b_roll.text == "Roll (Space)"
    set_language("da")
    app.step(0.05)
    assert table.b_roll.text == catalog("da")["Roll (Space)"]
    assert table.b_save.text in (catalog("da")["Save"],)


def test_a_german_question_answers_with_its_key(app: App) -> None:
    """The Confirm dialog shows its buttons translated but reports the button it was given."""
    set_language("de")
    chosen: list[str] = []
    dialog = Confirm(app.fonts, app.screen.get_size(), _("Leave the race?"), "", [N_("Leave"), N_("Stay")], chosen.append)
    shown = {b.text: key for b, key in dialog.button_map.items()}
    assert shown == {catalog("de")["Leave"]: "Leave", catalog("de")["Stay"]: "Stay"}
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    for e in pygame.event.get():
        dialog.handle_event(e)
    assert chosen == ["Leave"]


def test_the_match_log_dialog_is_german(app: App) -> None:
    set_language("de")
    dialog = log_dialog(app.fonts, app.screen.get_size(), [], lambda n: None)
    assert dialog.title == catalog("de")["Match log"]
    assert dialog.action_button.text == catalog("de")["Undo to here"]
    assert dialog.close_button.text == catalog("de")["Close (Esc)"]
    assert dialog.empty == catalog("de")["No one has acted yet."]


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_bots_race_runs_and_draws_in_every_language(app: App, code: str) -> None:
    """A Babybile race of bots (racerbile.start: the roll for the order, then gear, roll, move) in German
    and Danish: every phase's texts are formatted and drawn without a fault."""
    set_language(code)
    cat = catalog(code)
    profile = racerbile_rules.SPEC.make("babybile")
    m = Match("racerbile", [PlayerSpec("Anna", "careful"), PlayerSpec("Bernd", "racer")], profile, seed=5, track="babybane")
    scene = RaceScene(app, m)
    app.push(scene)
    for _frame in range(160):
        app.step(0.1)
    assert len(m.log.entries) > 10  # the bots got going
    assert scene.tool_buttons["faults"].text in (cat["Fault (X)"], cat["Fault (X)"].split(" (")[0])
    assert scene.b_up.text == cat["Gear up"]


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_editor_and_its_key_sheet_draw_in_every_language(app: App, code: str) -> None:
    set_language(code)
    scene = EditorScene(app, Editor())
    app.push(scene)
    app.step(0.05)
    left, _col, middle, right = scene.status_texts()
    assert middle.startswith(_(scene.tool.name) + ": ")
    assert right == catalog(code)["{n} px a hex · F1 keys"].format(n=int(round(scene.canvas.scale)))
    assert render_help(app.screen.get_size(), app.fonts).get_size() == app.screen.get_size()


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_pong_table_and_the_shot_lab_draw_in_every_language(app: App, code: str) -> None:
    set_language(code)
    pong = PongScene(app)
    app.push(pong)
    app.step(0.05)
    assert pong.frame().status.endswith("1×")
    assert catalog(code)["angle {degrees}°"].split("{")[0] in pong.frame().status
    lab = ShotLab(app)
    app.push(lab)
    app.step(0.05)
    fr = lab.frame()
    assert fr.title.startswith(catalog(code)["Bierpong – shot lab: {name}"].format(name=catalog(code)["new shot"]))


def test_the_menu_draws_in_german_and_reads_its_german_choices_back(app: App) -> None:
    """The menu switches at the next frame: buttons, seat kinds and drinks in German; a German
    choice in a drop-down still sets the seat's kind, and a problem is said in German."""
    de = catalog("de")
    menu = MenuScene(app)
    app.push(menu)
    app.step(0.05)
    assert menu.quit_button.text == "Quit"
    set_language("de")
    app.step(0.05)
    menu.draw(app.screen)
    assert menu.quit_button.text == de["Quit"] != "Quit"
    assert menu.add_button.text == de["+ Add player"]
    assert menu.kind_menus[0].selected_option[0] == de["Human"]
    assert menu.drink_menus[0].selected_option[0] in (de["Beer ({n} sips)"].format(n=11), de["Beer · {n}"].format(n=11))  # (short where the long words do not fit)
    light = (de["Light · {n}"] if menu.short_drinks else de["Light beer ({n} sips)"]).format(n=8)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu.drink_menus[1], text=light))
    for e in pygame.event.get():
        menu.handle_event(e)
    assert menu.model.players[1].drink.sips == 8
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu.kind_menus[1], text=de["Random bot"]))
    for e in pygame.event.get():
        menu.handle_event(e)
    assert menu.model.players[1].kind == "random"
    menu.model.players[1].name = menu.model.players[0].name
    menu.name_entries[1].set_text(menu.model.players[0].name)
    assert not menu.start()
    assert de["names must differ: {names} sits twice"].format(names="Anna") in menu.message


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_bierpong_match_draws_in_every_language(app: App, code: str) -> None:
    """bierpong.art8: the throw-off in the scoreboard, the key lines and the table events dialog
    (bierpong.art12 and the other fouls) in the interface's language; the log's actions stay notation."""
    set_language(code)
    cat = catalog(code)
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", drivers=("Cem", "Dana"))])
    scene = BierpongMatchScene(app, m)
    app.push(scene)
    app.step(0.05)
    scene.draw(app.screen)
    board = scene.scoreboard()
    assert cat["round {n}"].format(n=1) in board
    assert cat["throw-off: {name} throws"].format(name=scene.thrower()) in board
    assert scene.frame().title == cat["Bierpong – {a} vs {b}"].format(a="Foxes", b="Owls")
    scene.open_table_events()
    dialog = scene.modal
    assert isinstance(dialog, TableEvents)
    assert dialog.title == cat["Table events"]
    assert [label for label, _key in dialog.items] == [cat[label] for _k, label in TABLE_EVENTS]
    scene.undo()
    assert scene.toast == cat["nothing to undo"]


def test_update_adds_a_new_message_untranslated_for_a_translator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`python -m game.i18n update`: a msgid new in the code lands in each .po file with an empty msgstr."""
    dropped = "Roll (Space)"
    for code in TRANSLATED:
        target = tmp_path / code / "LC_MESSAGES"
        target.mkdir(parents=True)
        entries = catalog(code)
        del entries[dropped]
        header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        body = "\n".join(f"msgid {i18n._po_quote(k)}\nmsgstr {i18n._po_quote(v)}\n" for k, v in entries.items())
        (target / "stammtisch.po").write_text(header + body, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    todo = i18n.update_catalogs()
    for code in TRANSLATED:
        assert todo[code] == [dropped]
        again = parse_po((tmp_path / code / "LC_MESSAGES" / "stammtisch.po").read_text(encoding="utf-8"))
        assert again[dropped] == "" and again.keys() >= catalog(code).keys()
    assert i18n.update_catalogs() == todo  # nothing added twice


# --- the rule catalogue and the house-rule options in German and Danish ---------------------------


def _press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(0.05)


def _choose_game(app: App, menu: MenuScene, game: str) -> None:
    """Click the game's button in the menu (through pygame_gui's event, as a mouse click sends it)."""
    button = next(b for b, gid in menu.game_buttons.items() if gid == game)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    app.step(0.05)
    assert menu.model.game == game


def test_every_rule_text_option_help_and_variant_label_is_in_both_catalogs() -> None:
    """The catalogue behind `main.py rules`, the F1 overlay and the menu (schock.throws … bierpong.scoring,
    racerbile.*): every title, summary, detail and option help has a German and a Danish text."""
    from game.rules.catalog import catalogs
    from game.rules.option_words import variant_labels

    texts = [t for rules in catalogs().values() for r in rules for t in (r.title, r.summary, r.details) if t]
    texts += [o.help for info in GAMES.values() for o in info.spec.options]
    texts += list(variant_labels().values())
    assert len(texts) > 300
    for code in TRANSLATED:
        cat = catalog(code)
        assert [t for t in texts if not cat.get(t)] == []
        changed = [t for t in texts if cat[t] != t]
        assert len(changed) > 0.9 * len(texts)  # a translation, not the English copied over


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_overlay_and_the_menus_in_brief_speak_german(app: App, game: str) -> None:
    """With German set, the F1 overlay lists every rule (schock.throws, katchen.table, racerbile.turn,
    bierpong.art14, …) with its German title, summary and details and the house rules with their
    German help; the menu's "In brief" box and option rows show the same German texts. Ids stay."""
    set_language("de")
    de = catalog("de")
    spec = GAMES[game].spec
    menu = MenuScene(app)
    app.push(menu)
    app.step(0.05)
    _choose_game(app, menu, game)
    menu.draw(app.screen)
    rules = rules_for(game)
    assert 3 <= len(menu.brief) <= len(rules)
    assert menu.brief == [f"{de[r.title]}: {de[r.summary]}" for r in rules[: len(menu.brief)]]
    assert any(not entry.startswith(r.title + ":") for entry, r in zip(menu.brief, rules))  # German, not English
    # the option rows say what the option does in German: under the row (Bierpong's many options a page
    # at a time, so there is room), and as the switches' tool tips
    assert menu.option_help
    for name, text in menu.option_help.items():
        assert text.startswith(de[spec.option(name).help].rstrip("."))
        assert spec.option(name).help.rstrip(".") not in text
    switches = [o for o in spec.options if o.kind == "bool" and o.name in menu.option_widgets]
    assert switches
    for o in switches:
        assert menu.option_widgets[o.name].tool_tip_text == de[o.help] != o.help
    _press(app, pygame.K_F1)
    overlay = menu.help
    assert isinstance(overlay, HelpOverlay)
    for r in rules:
        assert r.id in overlay.text_lines
        assert de[r.title] in overlay.text_lines and worded(de[r.summary], game) in overlay.text_lines
        if r.details:
            assert worded(de[r.details], game) in overlay.text_lines  # (the options it names in words)
    shown = "\n".join(overlay.text_lines)
    for o in spec.options:
        assert de[o.help].rstrip(".") + ". " in shown and o.name in shown
    assert [r.title for r in rules if r.title in overlay.text_lines] == [r.title for r in rules if de[r.title] == r.title]


def test_a_known_rule_title_is_drawn_in_danish_and_back_in_english(app: App) -> None:
    """schock.deckel: the overlay follows the language at the moment it is opened."""
    from game.rules.catalog import title

    english = title("schock.deckel")
    for code in ("da", "en"):
        set_language(code)
        overlay = HelpOverlay(app.fonts, "schock", app.screen.get_size(), None, GAMES["schock"].spec)
        want = catalog(code)[english] if code != "en" else english
        assert want in overlay.text_lines
        assert (want == english) == (code == "en")


def test_the_racerbile_variant_menu_reads_a_translated_label_back(app: App) -> None:
    """racerbile.lemans.teams: the variant labels go through the catalog and still choose the variant."""
    set_language("da")
    menu = MenuScene(app)
    app.push(menu)
    app.step(0.05)
    _choose_game(app, menu, "racerbile")
    assert menu.variant_menu is not None
    label = catalog("da")["Le Mans"]
    assert label in [o[0] if isinstance(o, tuple) else o for o in menu.variant_menu.options_list]
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu.variant_menu, text=label))
    app.step(0.05)
    assert menu.model.variants["racerbile"] == "le_mans"


def test_main_rules_stays_english_whatever_the_interface_language(tmp_path: Path) -> None:
    """`python main.py rules schock --options` prints the catalogue's English source texts even when
    the saved settings choose German (the CLI is English; the ids schock.* as they are)."""
    import os
    import subprocess
    import sys

    from game.settings import Settings, save_settings

    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"), LANG="de_DE.UTF-8", LANGUAGE="de")
    (tmp_path / "config" / "stammtisch").mkdir(parents=True)
    save_settings(Settings(language="de"), tmp_path / "config" / "stammtisch" / "settings.json")
    out = subprocess.run([sys.executable, "main.py", "rules", "schock", "--options"], cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    de = catalog("de")
    for r in rules_for("schock"):
        assert f"{r.id}" in out and f" {r.title}: {r.summary}" in out
        if de[r.title] != r.title:
            assert de[r.title] not in out
        assert de[r.summary] not in out
    for o in GAMES["schock"].spec.options:
        assert f"  {o.name} = {o.default!r}" in out and o.help in out and de[o.help] not in out


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_each_msgid_is_in_its_catalogue_once(code: str) -> None:
    """Two branches adding the same words leave one entry (a second one would win silently when compiled)."""
    ids = [line for line in po_path(code).read_text(encoding="utf-8").splitlines() if line.startswith('msgid "') and line != 'msgid ""']
    twice = sorted({i for i in ids if ids.count(i) > 1})
    assert twice == []
    lines = po_path(code).read_text(encoding="utf-8").splitlines()
    two_words = [n + 1 for n, (a, b) in enumerate(zip(lines, lines[1:])) if a.startswith("msgstr ") and b.startswith("msgstr ")]
    assert two_words == []  # one entry, two translations: a merge left both
