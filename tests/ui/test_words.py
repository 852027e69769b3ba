"""Issue 18, "Words people read": no raw ids on screen, and names under one rule in every game.

Options read by their labels (`schock_aus: lose_half` → "Schock aus: loses the half") in the menu,
the F1 overlay and the judges' console, in en/de/da; bot kinds and tracks by name; the start
order's title fits every variant. Names: spaces in Bierpong too (quoted in the notation as the race
notation quotes them), a name cut in a menu field is said, never cut silently."""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Iterator

import pygame
import pygame_gui
import pytest

from game.bierpong.actions import Begin, Throw, parse_action
from game.bierpong.outcome import parse_outcome
from game.i18n import _, parse_po, po_path, set_language
from game.match import GAMES, Match, PlayerSpec
from game.rules import racerbile as R
from game.rules.catalog import catalogs, title
from game.rules.option_words import option_label, value_label, variant_label
from game.store.matchfile import load_match, write_log
from game.ui.common.app import App
from game.ui.common.help import HelpOverlay
from game.ui.common.names import NAME_LIMIT
from game.ui.common.words import bot_label
from game.ui.race.scene_info import track_choices
from game.ui.shell.menu import MenuScene
from game.ui.shell.menu_model import MenuModel, TeamRow
from game.ui.shell.settings_scene import SettingsScene
from game.ui.race.race_draw import turn_text


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def catalog(code: str) -> dict[str, str]:
    return dict(_catalog(code))


@functools.cache
def _catalog(code: str) -> dict[str, str]:  # (read once per test process)
    return parse_po(po_path(code).read_text(encoding="utf-8"))


def choose(app: App, menu: MenuScene, game: str) -> None:
    button = next(b for b, gid in menu.game_buttons.items() if gid == game)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    app.step(0.05)


# --- no raw ids --------------------------------------------------------------------------------


def test_every_option_and_every_id_like_value_has_a_label_in_both_catalogs() -> None:
    """schock.schock_aus … bierpong.art10: each option of each game has a label, each value that is an id
    (lose_half, halve_mats, triangle, "6,3") has words, and German and Danish translate them."""
    needed = []
    for game, info in GAMES.items():
        for o in info.spec.options:
            assert o.label and option_label(game, o.name) == o.label, f"{game}.{o.name} has no label"
            needed.append(o.label)
            for c in o.choices:
                if isinstance(c, str) and not c.isdigit():
                    words = value_label(game, o.name, c)
                    assert words, f"{game}.{o.name} = {c!r} has no words"
                    needed.append(words)
    for code in ("de", "da"):
        cat = catalog(code)
        assert [t for t in needed if not cat.get(t)] == []


@pytest.mark.parametrize("code", ["en", "de", "da"])
def test_no_options_help_names_its_values_by_id(code: str) -> None:
    """schock.schock_aus: the help under an option speaks in words – "loses the half at once", not
    "(lose_half)"; the values read by their labels beside it."""
    set_language(code)
    for info in GAMES.values():
        for o in info.spec.options:
            ids = [c for c in o.choices if isinstance(c, str) and "_" in c]
            assert not [c for c in ids if c in _(o.help)], (o.name, _(o.help))


@pytest.mark.parametrize("code", ["en", "de", "da"])
def test_schock_aus_reads_loses_the_half_in_the_menu_and_the_rules(app: App, code: str) -> None:
    """schock.schock_aus: the menu's option row shows its label and its values in words, and choosing
    "gives half its mats back" sets halve_mats; the F1 overlay says "Schock aus: loses the half"."""
    set_language(code)
    menu = MenuScene(app)
    app.push(menu)
    app.step(0.05)
    choose(app, menu, "schock")
    dd = menu.option_widgets["schock_aus"]
    assert isinstance(dd, pygame_gui.elements.UIDropDownMenu)
    shown = [o[0] if isinstance(o, tuple) else o for o in dd.options_list]
    assert shown == [_("loses the half"), _("gives half its mats back")]
    assert "lose_half" not in shown and "halve_mats" not in shown
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=dd, text=_("gives half its mats back")))
    app.step(0.05)
    assert menu.model.options["schock"]["schock_aus"] == "halve_mats"
    overlay = HelpOverlay(app.fonts, "schock", app.screen.get_size(), None, GAMES["schock"].spec)
    assert f"{_('Schock aus')}: {_('loses the half')}" in overlay.text_lines
    assert not any(line.startswith("schock_aus:") for line in overlay.text_lines)
    if code != "en":
        assert _("loses the half") == catalog(code)["loses the half"] != "loses the half"


def test_every_option_row_of_the_menu_shows_its_label_not_its_id(app: App) -> None:
    """In every game the option rows are labelled (racerbile.option.two_wheels reads "Two wheels")."""
    set_language("de")
    menu = MenuScene(app)
    app.push(menu)
    app.step(0.05)
    from tests.screen_words import watching

    for game in GAMES:
        with watching() as (texts, _managers):
            choose(app, menu, game)
            menu.draw(app.screen)
        for name in menu.option_widgets:
            assert name not in texts
            label = _(option_label(game, name))
            assert any(t == label or t.startswith(label[:8]) for t in texts), (game, name)


def test_the_judges_console_offers_rules_by_label_and_changes_the_one_chosen(app: App) -> None:
    """racerbile.lemans.judges: the rule-change menu lists labels; the label chosen names the option."""
    from game.ui.race.race import RaceScene
    from game.ui.race.race_dialogs import JudgesConsole, TimeTrialDialog

    set_language("da")
    teams = [PlayerSpec("Rød", "human", drivers=("Anna", "Bo", "Carl")), PlayerSpec("Blå", "careful", drivers=("Dorte", "Emil", "Frida"))]
    m = Match("racerbile", teams, R.SPEC.make("le_mans"), seed=2, track="le_mans")
    scene = RaceScene(app, m, autosave=False)
    app.push(scene)
    app.step(0.05)
    assert isinstance(scene.modal, TimeTrialDialog)
    scene.modal.go(roll=True)
    for _i in range(5):
        app.step(0.1)
    scene.open_judges()
    judges = scene.modal
    assert isinstance(judges, JudgesConsole)
    listed = [o[0] if isinstance(o, tuple) else o for o in judges.option_menu.options_list]
    assert _("Fourth nøl: a whole beer") in listed and "nol4_beer_on_top" not in listed
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=judges.option_menu, text=_("A sip for ending in front")))
    app.step(0.05)
    assert judges.option == "finish_in_front"


def test_bot_kinds_read_as_words_in_the_race(app: App) -> None:
    """A bot's turn line says "Careful bot" (de: the catalog's word), never "Bot careful"."""
    set_language("de")
    m = Match("racerbile", [PlayerSpec("Anna", "careful"), PlayerSpec("Bernd", "racer")], R.SPEC.make("babybile"), seed=5, track="babybane")
    st = m.state
    kinds = {0: "careful", 1: "racer"}
    _turn, sub, _colour = turn_text(st, 0, lambda s: True, lambda s: kinds[s], False)
    assert "careful" not in sub and "racer" not in sub
    assert bot_label("careful") == catalog("de")["Careful bot"] != "Careful bot"
    assert bot_label("stalin") == catalog("de")["Stalin bot"]


def test_track_names_come_from_the_track_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The menu offers "Nåleøjet" (the file's name:), not "Naaleoejet"; a user's track by its name."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "stammtisch" / "tracks"
    folder.mkdir(parents=True)
    from game.racerbile.tracks import SHIPPED

    text = (SHIPPED / "babybane.yaml").read_text(encoding="utf-8").replace("name: Babybane", "name: Süd-Schleife")
    (folder / "sued_schleife.yaml").write_text(text, encoding="utf-8")
    labels = dict(track_choices())
    assert labels["Nåleøjet"] == "naaleoejet" and labels["Le Mans"] == "le_mans"
    assert "Naaleoejet" not in labels
    assert _("{name} (yours)").format(name="Süd-Schleife") in labels


def test_a_saved_track_keeps_its_umlaut_and_gets_a_safe_file_name(app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The editor's default file for "Nürburgring Süd" is nuerburgring_sued.yaml, and the saved track's
    name keeps its ü."""
    from game.racerbile.editing import Editor
    from game.racerbile.tracks import SHIPPED, load_cached
    from game.ui.editor.editor import EditorScene
    from game.ui.editor.editor_files import slug

    assert slug("Nürburgring Süd") == "nuerburgring_sued" and slug("Nåleøjet") == "naaleoejet" and slug("Ærø") == "aeroe"
    assert slug("Café 🍺") == "cafe" and slug("!!!") == "track"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    ed = Editor.open(SHIPPED / "babybane.yaml")
    ed.path = None
    scene = EditorScene(app, ed)
    scene.apply(lambda d: d.set_meta(name="Nürburgring Süd"), "name")
    target = scene.default_path()
    assert target.name == "nuerburgring_sued.yaml"
    assert scene.save(target)
    assert load_cached(target).name == "Nürburgring Süd"


def test_no_rule_title_names_one_variant_where_every_variant_uses_it() -> None:
    """racerbile.start is the roll for the order at Babybile and Racerbile (the time trial's fallback)
    alike: its title names no variant; no title carries a variant in brackets."""
    assert "Babybile" not in title("racerbile.start")
    for rules in catalogs().values():
        for r in rules:
            assert not any(f"({v})" in r.title for v in ("Babybile", "Racerbile", "Le Mans")), r.id


# --- names -------------------------------------------------------------------------------------


def test_bierpong_names_with_spaces_are_quoted_in_the_notation_and_read_back() -> None:
    """bierpong.art8 and a throw: "Anna Lena" and "Die Füchse" are quoted as the race notation quotes
    names ('Anna Lena': hit 3), and the line reads back to the same action; a one-word name stays bare."""
    t = Throw("Anna Lena", parse_outcome("hit 3"))
    assert str(t) == "'Anna Lena': hit 3" and parse_action(str(t)) == t
    assert str(Begin("Die Füchse")) == "'Die Füchse' begin" and parse_action("'Die Füchse' begin") == Begin("Die Füchse")
    assert str(Throw("Rød", parse_outcome("miss"))) == "Rød: miss"
    assert parse_action(str(Throw("O'Neil", parse_outcome("miss")))) == Throw("O'Neil", parse_outcome("miss"))


def test_a_bierpong_match_with_spaced_names_plays_saves_and_replays(tmp_path: Path) -> None:
    """bierpong.art8 (the throw-off), then throws: a match of "Die Füchse" (Anna Lena, Bo) against
    "Die Eulen" runs through the notation, is saved and loads back with every ruling as logged."""

    m = Match("bierpong", [PlayerSpec("Die Füchse", "human", drivers=("Anna Lena", "Bo")), PlayerSpec("Die Eulen", "human", drivers=("Cem Can", "Dana"))], seed=3)
    for line in ["throw-off 'Anna Lena' hit 3, 'Cem Can' miss", "'Die Füchse' begin", "'Anna Lena': hit 5", "Bo: miss"]:
        m.apply(m.parse(line))
    assert [e.action for e in m.log.entries[1:3]] == ["throw-off 'Anna Lena' hit 3, 'Cem Can' miss", "'Die Füchse' begin"]
    assert any("Anna Lena" in r.arithmetic for e in m.log.entries for r in e.rulings)
    path = tmp_path / "match.json"
    write_log(m.log, path)
    back = load_match(path)
    assert [e.action for e in back.log.entries] == [e.action for e in m.log.entries]


def test_the_menu_lets_a_bierpong_team_and_player_have_spaces() -> None:
    model = MenuModel(game="bierpong")
    model.teams["bierpong"] = [TeamRow("Die Füchse", ["Anna Lena", "Bo", "", ""], "human"), TeamRow("Die Eulen", ["Cem", "", "", ""], "bot")]
    assert model.problems() == []
    match = model.make_match()
    assert match.players[0].name == "Die Füchse" and match.players[0].drivers == ("Anna Lena", "Bo")


def test_a_name_longer_than_the_limit_is_refused_with_a_reason_in_every_game() -> None:
    long = "Maximiliane-Charlotte"
    assert len(long) > NAME_LIMIT
    for game in ("schock", "racerbile"):
        model = MenuModel(game=game)
        model.players[0].name = long
        assert any(long in p and str(NAME_LIMIT) in p for p in model.problems())
    model = MenuModel(game="bierpong")
    model.teams["bierpong"][0].drivers[0] = long
    assert any(long in p for p in model.problems())


def _type_into(app: App, entry: pygame_gui.elements.UITextEntryLine, text: str) -> None:
    entry.focus()
    entry.edit_position = len(entry.get_text())
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step(0.0)
    app.step(0.0)  # the last change's event


@pytest.mark.parametrize("code", ["en", "de"])
def test_a_name_typed_past_the_limit_is_cut_and_said_so_in_the_menu(app: App, code: str) -> None:
    set_language(code)
    menu = MenuScene(app)
    app.push(menu)
    app.step(0.05)
    entry = menu.name_entries[0]
    entry.set_text("")
    _type_into(app, entry, "Maximiliane-Charlotte")
    assert entry.get_text() == "Maximiliane-Charlotte"[:NAME_LIMIT]
    assert menu.model.players[0].name == "Maximiliane-Charlotte"[:NAME_LIMIT]
    assert menu.message == _("A name has at most {n} characters: cut to “{name}”").format(n=NAME_LIMIT, name="Maximiliane-Charlotte"[:NAME_LIMIT])
    if code == "de":
        assert menu.message.startswith("Ein Name")


def test_a_remembered_name_typed_past_the_limit_is_cut_and_said_so_in_the_settings(app: App) -> None:
    from game.settings import Settings

    scene = SettingsScene(app, Settings(players=(("Anna", "beer"),)))
    app.push(scene)
    app.step(0.05)
    _i, entry = scene.name_entries[0]
    entry.set_text("Anna")
    _type_into(app, entry, " von und zu Hohenzollern")
    assert entry.get_text() == ("Anna von und zu Hohenzollern")[:NAME_LIMIT]
    assert "cut" in scene.message and str(NAME_LIMIT) in scene.message




@pytest.mark.parametrize("game", ["schock", "katchen", "bierpong"])
def test_the_variant_and_the_game_read_as_names_not_ids(app: App, game: str) -> None:
    """schock's kattenvenne, katchen's rote_loewen, bierpong's standard: the menu's variant menu and the
    F1 overlay name the variant ("Kattenvenne", "Rote Löwen", "the rulebook's") and the game."""
    set_language("de")
    menu = MenuScene(app)
    app.push(menu)
    app.step(0.05)
    choose(app, menu, game)
    assert menu.variant_menu is not None
    variant = GAMES[game].spec.variants[0]
    selected = menu.variant_menu.selected_option
    shown = selected[0] if isinstance(selected, tuple) else selected
    assert shown == _(variant_label(game, variant)) and shown != variant
    overlay = HelpOverlay(app.fonts, game, app.screen.get_size(), None, GAMES[game].spec)
    heading = _("House rules of this match (variant {variant})").format(variant=_(variant_label(game, variant)))
    assert heading in overlay.text_lines


def test_the_track_checkers_problems_are_english_for_the_command_line_and_german_in_the_editor(app: App) -> None:
    """An empty sheet has no midway field and no start line: the checker's messages stay the English
    text `main.py check` prints, and the editor's problem list shows them in German."""
    from game.i18n import tr
    from game.racerbile.editing import Editor
    from game.ui.editor.editor import EditorScene

    messages = [p.message for p in Editor().problems()]
    assert "no midway field: mark exactly one field of the track as midway (under kinds)" in messages
    set_language("de")
    scene = EditorScene(app, Editor())
    app.push(scene)
    app.step(0.05)
    de = catalog("de")
    shown = [tr(m) for m in messages]
    assert de["no midway field: mark exactly one field of the track as midway (under kinds)"] in shown
    assert all(s != m for s, m in zip(shown, messages))
    assert [str(m) for m in messages] == messages  # the same text as before, for files and the command line


def test_the_practice_table_names_its_formation_in_words(app: App) -> None:
    """bierpong.art5's formations: the practice table's status reads "Dreieck aus 10", not `triangle10`."""
    from game.ui.pong.pong import PongScene

    set_language("de")
    pong = PongScene(app)
    app.push(pong)
    app.step(0.05)
    assert pong.frame().status.startswith(catalog("de")["triangle of 10"] + " · ")
    assert "triangle10" not in pong.frame().status


def test_the_editor_names_the_theme_in_words(app: App) -> None:
    """Nåleøjet's night theme reads "Nacht" in the editor's facts, not `night`."""
    from game.racerbile.editing import Editor
    from game.racerbile.tracks import SHIPPED
    from game.ui.editor.editor import EditorScene

    set_language("de")
    scene = EditorScene(app, Editor.open(SHIPPED / "naaleoejet.yaml"))
    app.push(scene)
    app.step(0.05)
    facts = dict(scene.facts())
    assert facts["theme"] == catalog("de")["night"] == "Nacht"


def test_a_bierpong_record_with_spaced_names_goes_through_the_referee(tmp_path: Path) -> None:
    """bierpong.art8 and bierpong.art1 in a record file: teams and players with spaces, a throw written
    as YAML's `Anna Lena: hit 2` and the notation's quoted forms, refereed by `main.py referee`."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    record = tmp_path / "spaced.yaml"
    record.write_text(
        "game: bierpong\n"
        "teams:\n"
        "  Die Füchse: [Anna Lena, Ben]\n"
        "  Die Eulen: [Cem Can, Dana]\n"
        "play:\n"
        "  - throw-off 'Anna Lena' hit 2, 'Cem Can' miss\n"
        "  - \"'Die Füchse' begin\"\n"
        "  - Anna Lena: hit 1\n"
        "  - Ben: miss\n",
        encoding="utf-8",
    )
    p = subprocess.run([sys.executable, str(root / "main.py"), "referee", str(record)], capture_output=True, text=True, cwd=root, timeout=60)
    assert p.returncode == 0, p.stderr
    assert "Anna Lena" in p.stdout and "Die Eulen" in p.stdout


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_the_rules_overlay_names_the_options_its_rules_mention_in_words_not_ids(app: App, lang: str) -> None:
    """F1: a rule's text that mentions a house rule names it by its label ("“Schock aus: gives half
    its mats back”"), never by the profile's id (`schock_aus: halve_mats`); only the house rules'
    own lines at the end keep the id, small, for people writing profile files."""
    import re

    set_language(lang)
    try:
        for game in GAMES:
            overlay = HelpOverlay(app.fonts, game, app.screen.get_size(), None, GAMES[game].spec)
            rules = overlay.text_lines[: next(i for i, t in enumerate(overlay.text_lines) if t.startswith(_("House rules of this match (variant {variant})").split("{")[0]))]
            ids = [(t, re.findall(r"\\b[a-z]+_[a-z0-9_]+\\b", t)) for t in rules]
            assert not [x for x in ids if x[1]], (game, [x for x in ids if x[1]][:3])
        if lang == "en":
            schock = HelpOverlay(app.fonts, "schock", app.screen.get_size(), None, GAMES["schock"].spec)
            assert any("“Schock aus: gives half its mats back”" in t for t in schock.text_lines)
    finally:
        set_language("en")
