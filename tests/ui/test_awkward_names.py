"""Text drawing never raises and never draws a box (issues 18, 19): awkward names – a sample of every
Unicode category, zero-width characters (U+200D, U+FE0F as in "Anna ❤️", U+200B), an RTL override, a
ZWJ family emoji, combining marks, 200 characters, control characters – through the text path, the
pygame_gui widgets and every scene headless (menu, dice tables, race, Bierpong match, replay viewer of
a save holding such names, the editor with such a track label)."""
from __future__ import annotations

import ast
import sys
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.source_trees import nodes
from game.games import GAMES, PlayerSpec
from game.match import Match
from game.store.matchfile import write_log
from game.ui.common.theme import UNKNOWN, Fonts, displayable

if TYPE_CHECKING:
    from game.ui.common.app import App

CATEGORIES = ("Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf",
              "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Co", "Cn")


def category_samples() -> dict[str, str]:
    """The first three characters of each general category (Cs, lone surrogates, apart: a save cannot
    hold them, the text path is tested with them below)."""
    found: dict[str, list[str]] = {c: [] for c in CATEGORIES}
    for cp in range(0x20, sys.maxunicode + 1):
        cat = unicodedata.category(chr(cp))
        if cat in found and len(found[cat]) < 3:
            found[cat].append(chr(cp))
            if all(len(s) == (1 if c in ("Zl", "Zp") else 3) for c, s in found.items()):
                break  # (the line and paragraph separators are one character each, U+2028 and U+2029)
    return {c: "".join(s) for c, s in found.items()}


SAMPLES = category_samples()
AWKWARD = [
    "\u200d",  # a zero-width joiner alone
    "Anna \u2764\ufe0f",  # U+FE0F, as typed on a phone
    "\u200b",  # zero-width space
    "\u202eevil",  # right-to-left override
    "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466",  # a ZWJ family
    "Zoe\u0308 Ma\u0301rta",  # combining marks
    "W" * 200,
    "Bo\x00\x07\x1b[31m\t\n",  # control characters (NUL, bell, an ANSI escape)
    "\ufeff\u00ad\u2066x\u2069",  # BOM, soft hyphen, isolates
    "\u0301",  # a combining mark with nothing to combine with
    "Jørgen Æblø Åse Müller ß",
    "日本語 한국어 עברית العربية ქართული",
    "\U000f0000\ue000\U0010fffd",  # private use
    "✓ → × 🍺 😀 ❤",
]
NAMES = AWKWARD + [f"{c}:{s}" for c, s in SAMPLES.items()]


def groups(n: int) -> list[list[str]]:
    """The awkward names in groups of `n` (each group distinct), so every name is seated once."""
    out = [NAMES[i: i + n] for i in range(0, len(NAMES), n)]
    out[-1] = (out[-1] + NAMES)[:n]
    return out


@pytest.fixture(scope="module")
def fonts() -> Fonts:
    pygame.init()
    return Fonts()


# --- the text path ----------------------------------------------------------------------------------


@pytest.mark.parametrize("style", ["regular", "bold", "italic", "serif"])
def test_every_awkward_string_draws_measures_fits_and_wraps(fonts: Fonts, style: str) -> None:
    for s in NAMES + ["\ud800x", "", " ", "x" * 5000]:
        surf = fonts.text(s, 16, (255, 255, 255), style)
        w, h = fonts.size(s, 16, style)
        assert abs(surf.get_width() - w) <= 2 and h >= fonts.font(16, style).get_height()
        fitted = fonts.fit(s, 16, 60, style)
        assert fonts.width(fitted, 16, style) <= 60
        assert fonts.shadowed(s, 16, (255, 255, 255), style).get_width() >= surf.get_width()
        assert all(fonts.width(line, 16, style) <= 200 or " " not in line for line in fonts.wrap(s, 16, 200, style))


@settings(max_examples=120, deadline=None)
@given(st.text(alphabet=st.characters(), max_size=40))
def test_any_text_draws_without_raising(s: str) -> None:
    pygame.init()
    f = _shared()
    assert f.text(s, 15).get_height() > 0
    assert f.width(s, 15, "bold") >= 0


_FONTS: list[Fonts] = []


def _shared() -> Fonts:
    if not _FONTS:
        _FONTS.append(Fonts())
    return _FONTS[0]


def test_zero_width_and_control_characters_are_left_out_and_the_rest_is_kept() -> None:
    assert displayable("Anna \u2764\ufe0f") == "Anna \u2764"
    assert displayable("\u202eevil\u200b") == "evil"
    assert displayable("Bo\x00\x07\tX") == "Bo X"
    assert displayable("\ud800") == UNKNOWN
    assert displayable("Zoe\u0308") == "Zoe\u0308"
    assert len(displayable("x" * 5000)) <= 1000


@pytest.mark.parametrize("ch", list("✓✗→←×·–…üøåæÆØÅßé€") + ["🍺", "😀", "❤", "👨", "🎲", "日", "한", "ש", "ع", "ა"])
def test_the_symbols_accents_and_emoji_have_a_glyph(fonts: Fonts, ch: str) -> None:
    """No box: some font of the chain has the glyph, and it is drawn (not the `UNKNOWN` sign)."""
    for style in ("regular", "bold"):
        assert not fonts.lacks(style, ch), (style, ch)
        glyph = pygame.image.tobytes(fonts.text(ch, 20, (255, 255, 255), style), "RGBA")
        assert glyph != pygame.image.tobytes(fonts.text(UNKNOWN, 20, (255, 255, 255), style), "RGBA")


def test_a_character_no_font_has_is_a_question_mark_not_a_box(fonts: Fonts) -> None:
    unknown = "\U000f0000"  # private use: no font of the chain has it
    assert fonts.lacks("regular", unknown)
    drawn = pygame.image.tobytes(fonts.text(unknown, 20, (255, 255, 255)), "RGBA")
    assert drawn == pygame.image.tobytes(fonts.text(UNKNOWN, 20, (255, 255, 255)), "RGBA")


def test_the_fallback_fonts_ship_with_their_licence() -> None:
    from game.ui.common.theme import FONTS_DIR, chain_paths

    assert (FONTS_DIR / "LICENSE.md").is_file()
    shipped = [p for p in chain_paths("regular", None) if Path(p).parent == FONTS_DIR]
    assert len(shipped) >= 2 and all(Path(p).stat().st_size > 100_000 for p in shipped)
    licence = (FONTS_DIR / "LICENSE.md").read_text(encoding="utf-8")
    assert all(Path(p).name in licence for p in shipped)


UI = Path(__file__).resolve().parents[2] / "game" / "ui"
THE_PATH = {UI / "common" / "theme.py", UI / "common" / "gui_fonts.py"}


def test_nothing_in_the_ui_draws_or_measures_text_past_the_safe_path() -> None:
    """Only theme.py (and the pygame_gui font it lends) touch SDL_ttf: no font.render / font.size /
    metrics on a font from `Fonts.font`, no pygame.font.Font or freetype, no UIManager made past
    `make_manager` (which installs the safe pygame_gui fonts)."""
    bad: list[str] = []
    for p in sorted(UI.rglob("*.py")):
        if p in THE_PATH:
            continue
        walked = nodes(p)
        fonts_of: set[str] = set()
        for node in walked:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute) \
                    and node.value.func.attr == "font":
                fonts_of |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        for node in walked:
            if not isinstance(node, ast.Attribute):
                continue
            where = f"{p.relative_to(UI)}:{node.lineno}"
            v = node.value
            if node.attr in ("render", "size", "metrics", "size_utf8"):
                if isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr == "font":
                    bad.append(f"{where}: .font(...).{node.attr}")
                if isinstance(v, ast.Name) and v.id in fonts_of:
                    bad.append(f"{where}: {v.id}.{node.attr} on a font")
            if node.attr in ("Font", "SysFont", "freetype") and isinstance(v, ast.Attribute) and v.attr in ("font", "freetype"):
                bad.append(f"{where}: pygame.{v.attr}.{node.attr}")
            if node.attr == "freetype" and isinstance(v, ast.Name) and v.id == "pygame":
                bad.append(f"{where}: pygame.freetype")
            if node.attr == "UIManager" and p.name != "modal.py":
                bad.append(f"{where}: a UIManager past make_manager")
    assert not bad, "\n".join(bad)


# --- pygame_gui widgets -------------------------------------------------------------------------------


def test_pygame_gui_widgets_take_any_string(app: App) -> None:
    from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UILabel, UITextEntryLine

    from game.ui.common.modal import make_manager

    ui = make_manager(app.screen.get_size())
    for i, s in enumerate(NAMES):
        r = pygame.Rect(10 + (i % 5) * 200, 10 + (i // 5) * 34 % 700, 180, 30)
        UILabel(r, s, ui)
        UIButton(r.move(0, 0), s, ui)
        UITextEntryLine(r, ui, initial_text=s.replace("\x00", ""))
        UIDropDownMenu([s, "x"], s, r, ui)
        UICheckBox(pygame.Rect(r.x, r.y, 20, 20), s, ui, initial_state=True)
    ui.update(0.05)
    ui.draw_ui(app.screen)


def test_the_check_box_tick_is_a_glyph_not_a_box(app: App) -> None:
    """The settings' check boxes draw pygame_gui's ✓ (Noto Sans has none) from the fallback chain."""
    from pygame_gui.elements import UICheckBox

    from game.ui.common.modal import make_manager

    from game.ui.common.gui_fonts import SafeGUIFont

    ui = make_manager((200, 60))
    box = UICheckBox(pygame.Rect(10, 10, 24, 24), "", ui, initial_state=True)
    ui.update(0.05)
    font = box.font
    assert isinstance(font, SafeGUIFont) and box.check_symbol == "✓"

    def drawn(text: str) -> bytes:
        return pygame.image.tobytes(font.render_premul(text, pygame.Color("white")), "RGBA")

    assert drawn("✓") != drawn("\U000f0000")  # not the box of a missing glyph
    assert drawn("✓") != drawn("")


# --- every scene ---------------------------------------------------------------------------------------


def frames(app: App, n: int = 4, dt: float = 0.05) -> None:
    for _ in range(n):
        app.step(dt)


@pytest.mark.parametrize("game", GAMES)
def test_the_menu_shows_awkward_names(app: App, game: str) -> None:
    from game.ui.shell.menu import MenuScene
    from game.ui.shell.menu_model import MenuModel, PlayerRow, TeamRow

    for names in groups(6)[:8]:
        model = MenuModel(game=game)
        model.players = [PlayerRow(n, "human" if i % 2 else "bot") for i, n in enumerate(names)]
        model.teams["bierpong"] = [TeamRow(names[0], [names[1], names[2], "", ""]), TeamRow(names[3], [names[4], names[5], "", ""], "bot")]
        menu = MenuScene(app, model)
        app.push(menu)
        frames(app, 2)
        app.pop()


@pytest.mark.parametrize("game", ["schock", "katchen"])
def test_the_dice_table_plays_with_awkward_names(app: App, game: str) -> None:
    from game.ui.dice.dice_table import DiceTableScene
    from game.ui.shell.menu import MenuScene

    app.push(MenuScene(app))
    for names in groups(4)[:6]:
        match = Match(game, [PlayerSpec(n, "random") for n in names], seed=7)
        table = DiceTableScene(app, match)
        app.push(table)
        frames(app, 60, 0.1)  # bots roll, dice land, banners and the log fill
        assert len(match.log.entries) > 1
        app.pop()


def test_the_race_runs_with_awkward_names(app: App) -> None:
    from game.rules import racerbile as R
    from game.ui.shell.menu import MenuScene
    from game.ui.race.race import RaceScene

    app.push(MenuScene(app))
    for names in groups(4)[:5]:
        match = Match("racerbile", [PlayerSpec(n, "careful") for n in names], R.SPEC.make("babybile"), seed=3, track="babybane")
        scene = RaceScene(app, match)
        app.push(scene)
        frames(app, 40, 0.1)
        app.pop()


def test_the_bierpong_match_shows_awkward_names(app: App) -> None:
    from game.ui.shell.menu import MenuScene
    from game.ui.pong.bierpong_match import BierpongMatchScene

    app.push(MenuScene(app))
    for names in groups(4)[:6]:
        match = Match("bierpong", [PlayerSpec(names[0], drivers=(names[1],)), PlayerSpec(names[2], "good", drivers=(names[3],))], seed=2)
        scene = BierpongMatchScene(app, match)
        app.push(scene)
        frames(app, 10, 0.1)
        app.pop()


def awkward_match(game: str, names: list[str], seed: int) -> Match:
    """A bots' match of `game` under `names`, played through the game's session (some 60 entries)."""
    from game.rules import racerbile as R
    from game.session import INSTANT
    from game.session.dice import DiceSession
    from game.session.pong import PongSession
    from game.session.race import RaceSession

    if game == "bierpong":  # the throw notation does not quote names yet: no spaces (issue 18, "Names")
        names = ["".join(c for c in n if not c.isspace()) or f"x{i}" for i, n in enumerate(names)]
        m = Match("bierpong", [PlayerSpec(names[0], "good", drivers=(names[1],)), PlayerSpec(names[2], "good", drivers=(names[3],))], seed=seed)
        PongSession(m, pace=INSTANT).play_out(60)
    elif game == "racerbile":
        m = Match("racerbile", [PlayerSpec(n, "careful") for n in names], R.SPEC.make("babybile"), seed=seed, track="babybane")
        RaceSession(m, pace=INSTANT).play_out(60)
    else:
        m = Match(game, [PlayerSpec(n, "random") for n in names], seed=seed)
        DiceSession(m, pace=INSTANT).play_out(60)
    return m


@pytest.mark.parametrize("game", GAMES)
def test_the_replay_viewer_shows_a_save_holding_awkward_names(app: App, tmp_path: Path, game: str) -> None:
    from game.ui.shell.replay import ReplayScene

    for i, names in enumerate(groups(4)[:4]):
        m = awkward_match(game, names, seed=i + 1)
        assert len(m.log.entries) > 5
        path = tmp_path / f"{game}{i}.json"
        write_log(m.log, path)
        viewer = ReplayScene(app, str(path), step=0)
        app.push(viewer)
        for k in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_END, pygame.K_j):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
            frames(app, 3)
        app.pop()


def test_the_editor_shows_a_track_label_and_name_holding_awkward_text(app: App) -> None:
    from game.racerbile.draft import Draft
    from game.racerbile.editing import Editor
    from game.racerbile.tracks import SHIPPED
    from game.racerbile.trackfile import read_track
    from game.ui.editor.editor import EditorScene

    base = Draft.from_track(read_track(SHIPPED / "babybane.yaml").track)
    fields = sorted(base.fields)[:: max(1, len(base.fields) // 12)]
    for names in groups(6)[:6]:
        draft = base.set_meta(name=names[0], author=names[1])
        for at, text in zip(fields, names * 2):
            if text.strip():
                draft = draft.set_label(at, text)
        scene = EditorScene(app, Editor(draft))
        app.push(scene)
        frames(app, 3)
        app.pop()
