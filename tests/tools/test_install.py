"""Installed like a user (issue 18): a wheel built from this checkout, installed into a fresh venv and
run from a folder outside the checkout, has everything it reads at run time – the shipped tracks, the
pygame_gui theme, the sounds, the compiled translations – inside the package (`game/resources.py`).

The venv gets no copy of the dependencies: a .pth file lets it see the site-packages of the Python
running the tests (this machine's, or the README's .venv), after its own, so the installed `game` wins
and nothing is downloaded. Every check asks the installed copy, never the checkout.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import site
import subprocess
import sys
import sysconfig
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game.i18n import compile_catalog_file, parse_po
from game.resources import INSIDE

ROOT = Path(__file__).resolve().parents[2]
TOP_LEVEL_SKIP = {".git", "build", "dist", ".venv", "venv", "tests", "docs", "saves"}
EVERYWHERE_SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".mypy_cache", ".pytest_cache", ".hypothesis")


def _ignore(folder: str, names: list[str]) -> set[str]:
    skip = set(EVERYWHERE_SKIP(folder, names))
    if Path(folder).resolve() == ROOT:
        skip |= TOP_LEVEL_SKIP & set(names)
    return skip


def _run(cmd: list[str], *, cwd: Path, env: dict[str, str] | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert p.returncode == 0, f"{' '.join(cmd)} exited {p.returncode}\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}"
    return p


@dataclass(frozen=True)
class Install:
    wheel: Path
    venv: Path
    python: Path
    command: Path  # the `stammtisch` script the wheel installed
    outside: Path  # a folder outside the checkout to run in
    user: Path  # the user's config and data folders

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON") and k != "VIRTUAL_ENV"}
        env.update(
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
            XDG_CONFIG_HOME=str(self.user / "config"),
            XDG_DATA_HOME=str(self.user / "data"),
            PATH=f"{self.command.parent}{os.pathsep}{os.environ.get('PATH', '')}",
        )
        env.update(extra)
        return env

    def probe(self, code: str, *args: str, **env: str) -> dict[str, Any]:
        """Run `code` with the installed Python in the outside folder; the JSON it prints last."""
        script = self.outside / "probe.py"
        script.write_text(code, encoding="utf-8")
        p = _run([str(self.python), str(script), *args], cwd=self.outside, env=self.env(**env))
        out: dict[str, Any] = json.loads(p.stdout.strip().splitlines()[-1])
        return out


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Install:
    """The wheel built and installed once per run – the workers of one run (pytest-xdist) share it,
    under a lock – each worker with its own folder to run in and its own user folders."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    run = tmp_path_factory.getbasetemp().parent if worker else tmp_path_factory.getbasetemp()
    base = run / "stammtisch-install"
    with _locked(run / "stammtisch-install.lock"):
        if not (base / "done").exists():
            shutil.rmtree(base, ignore_errors=True)
            base.mkdir()
            _build(base)
            (base / "done").write_text("", encoding="utf-8")
    (wheel,) = (base / "dist").glob("stammtisch-*.whl")
    venv = base / "venv"
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    mine = tmp_path_factory.mktemp("installed")
    outside = mine / "elsewhere"
    outside.mkdir()
    return Install(wheel, venv, python, python.parent / ("stammtisch.exe" if os.name == "nt" else "stammtisch"), outside, mine / "user")


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """One process at a time (where `fcntl` is: elsewhere the workers do not share a run's folder)."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(path, "a+", encoding="utf-8") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _build(base: Path) -> None:
    """The wheel built from a copy of this checkout, a venv, the wheel installed into it."""
    src, dist, venv = base / "src", base / "dist", base / "venv"
    # a copy of the checkout: the build's own build/ folder there cannot leave stale files in this one
    shutil.copytree(ROOT, src, ignore=_ignore)
    _run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "--no-build-isolation", "-w", str(dist)], cwd=base)
    (wheel,) = dist.glob("stammtisch-*.whl")
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=base)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=base).stdout.strip())
    # the dependencies (and pip) of the Python running the tests, seen after the venv's own packages
    deps = [*site.getsitepackages(), sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    if site.ENABLE_USER_SITE:
        deps.append(site.getusersitepackages())
    (purelib / "_stammtisch_test_deps.pth").write_text("\n".join(dict.fromkeys(d for d in deps if Path(d).is_dir())) + "\n", encoding="utf-8")
    _run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--ignore-installed", "-q", str(wheel)], cwd=base,
         env={k: v for k, v in os.environ.items() if not k.startswith("PYTHON") and k != "VIRTUAL_ENV"})


@pytest.mark.slow
def test_the_wheel_carries_the_tracks_theme_sounds_and_compiled_translations_but_not_bench(installed: Install) -> None:
    from game.ui.common.sound import NAMES

    with zipfile.ZipFile(installed.wheel) as z:
        names = set(z.namelist())
        top_level = z.read(next(n for n in names if n.endswith(".dist-info/top_level.txt"))).decode().split()
        inside = f"game/{INSIDE}"
        tracks = {Path(n).stem for n in names if n.startswith(f"{inside}/tracks/") and n.endswith(".yaml")}
        assert tracks == {p.stem for p in (ROOT / "tracks").glob("*.yaml")}
        assert f"{inside}/assets/ui_theme.json" in names
        assert {f"{inside}/assets/sounds/{n}.wav" for n in NAMES} <= names
        for code in ("de", "da"):
            mo = z.read(f"{inside}/locale/{code}/LC_MESSAGES/stammtisch.mo")
            assert mo == compile_catalog_file(ROOT / "locale" / code / "LC_MESSAGES" / "stammtisch.po"), code  # compiled fresh
    assert not any(n.startswith("bench/") for n in names)
    assert "bench" not in top_level and "game" in top_level


def _web_files() -> dict[str, bytes]:
    """The browser client's files of the checkout (every kind the host serves), by name."""
    from game.net.web_files import TYPES

    return {p.name: p.read_bytes() for p in (ROOT / "game" / "web").iterdir() if p.is_file() and p.suffix in TYPES}


@pytest.mark.slow
def test_the_wheel_carries_the_browser_client(installed: Install) -> None:
    """Issue 31: the page a phone opens ships inside the package (game/web/: html, js, css, …)."""
    web = _web_files()
    assert {"index.html", "main.js", "style.css"} <= set(web)
    with zipfile.ZipFile(installed.wheel) as z:
        for name, body in web.items():
            assert z.read(f"game/web/{name}") == body, name


@pytest.mark.slow
def test_a_host_started_from_the_installed_wheel_serves_the_page(installed: Install) -> None:
    """`stammtisch host GAME --headless` of the installed copy answers a browser's requests for the
    page and its scripts on the table's port, from the files inside the package."""
    import urllib.request

    p = subprocess.Popen([str(installed.command), "host", "schock", "--headless", "--players", "Ann:remote,Bo:bot", "--port", "0",
                          "--bind", "127.0.0.1", "--no-announce", "--seed", "1", "--timeout", "120"],
                         cwd=installed.outside, env=installed.env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         stdin=subprocess.DEVNULL)
    try:
        assert p.stdout is not None
        line = p.stdout.readline().split()  # table ws://127.0.0.1:PORT code CODE
        assert line[:1] == ["table"] and line[1].startswith("ws://127.0.0.1:"), (line, p.stderr.read() if p.poll() is not None and p.stderr else "")
        base = "http://" + line[1].removeprefix("ws://")
        assert p.stdout.readline().strip() == f"phones open {base}/#{line[3]}"
        web = _web_files()
        for path, name in (("/", "index.html"), ("/main.js", "main.js")):
            with urllib.request.urlopen(base + path, timeout=30) as r:
                assert r.status == 200 and r.read() == web[name], path
                assert "javascript" in r.headers["Content-Type"] if name.endswith(".js") else "html" in r.headers["Content-Type"]
    finally:
        p.kill()
        p.wait(timeout=30)


PROBE_PATHS = """
import json, game, game.resources as r
from game.racerbile.tracks import shipped_names
from game.ui.common.theme import ui_theme_path
from game.ui.common.sound import SOUND_DIR, Sounds
sounds = Sounds()
played = sounds.play("dice_rattle")
from game.i18n import LOCALE_DIR, set_language, _
from game.ui.editor.editor import editor_choices
opened = [c[1][len("open:"):] for c in editor_choices() if c[1].startswith("open:")]
set_language("de")
print(json.dumps({"game": game.__file__, "inside": r.shipped_in_package(), "tracks": shipped_names(),
                  "dirs": [str(r.TRACKS), str(r.ASSETS), str(SOUND_DIR), str(LOCALE_DIR)], "theme": ui_theme_path(),
                  "settings_de": _("Settings…"), "editor_opens": opened,
                  "sound": [played, sounds.status]}))
"""


@pytest.mark.slow
def test_the_installed_copy_runs_and_finds_its_files_inside_the_package(installed: Install) -> None:
    got = installed.probe(PROBE_PATHS)
    package = Path(str(got["game"])).parent
    assert package.is_relative_to(installed.venv) and not package.is_relative_to(ROOT), got["game"]
    assert got["inside"] is True
    assert got["tracks"] == sorted(p.stem for p in (ROOT / "tracks").glob("*.yaml"))
    for folder in got["dirs"]:
        assert Path(folder).is_relative_to(package / INSIDE), folder
    assert got["theme"] is not None and Path(str(got["theme"])).is_relative_to(package / INSIDE)
    de = parse_po((ROOT / "locale/de/LC_MESSAGES/stammtisch.po").read_text(encoding="utf-8"))
    assert got["settings_de"] == de["Settings…"] != "Settings…"
    played, status = got["sound"]
    assert played is True and "missing" not in status, status  # every sound loaded from the package, on the dummy audio driver
    # the editor offers the shipped tracks as templates only: saving one must not write into the install
    assert not [f for f in got["editor_opens"] if Path(f).is_relative_to(package)], got["editor_opens"]


@pytest.mark.slow
def test_stammtisch_simulates_a_race_on_the_shipped_le_mans(installed: Install) -> None:
    p = _run([str(installed.command), "simulate", "racerbile", "--track", "le_mans"],  # as a user types it (4 cars, seed 1)
             cwd=installed.outside, env=installed.env())
    assert "le_mans, seed 1:" in p.stdout and re.search(r"Race 1 \(seed \d+\): \d+ turns, winner Car \d", p.stdout), p.stdout
    assert "name a shipped track" not in p.stdout + p.stderr


PROBE_MENU = """
import json, sys
import game
from game.ui.shell import launch as appmod
seen = {}
save = appmod.App.save_screenshot
def save_and_note(self, path):  # the texts of the widgets in the frame saved
    save(self, path)
    ui = getattr(self.scene, "ui", None)
    seen["texts"] = sorted({str(e.text) for e in ui.get_sprite_group().sprites() if isinstance(getattr(e, "text", None), str)}) if ui else []
appmod.App.save_screenshot = save_and_note
code = appmod.run_app("menu", frames=3, screenshot=sys.argv[1])
print(json.dumps({"code": code, "game": game.__file__, "texts": seen.get("texts", [])}))
"""


def _theme_pixels(png: Path) -> int:
    """How many pixels of the screenshot have the theme's button colour (pygame_gui's default is grey)."""
    import pygame

    theme = json.loads((ROOT / "assets/ui_theme.json").read_text(encoding="utf-8"))
    colour = pygame.Color(theme["defaults"]["colours"]["normal_bg"])
    shot = pygame.image.load(str(png))
    mask = pygame.mask.from_threshold(shot, colour, (1, 1, 1, 255))
    return int(mask.count())


@pytest.mark.slow
def test_the_installed_menu_is_themed_and_speaks_german(installed: Install) -> None:
    shots = installed.outside / "shots"
    shots.mkdir(exist_ok=True)
    # the menu as the command opens it, in English
    _run([str(installed.command), "--frames", "3", "--screenshot", str(shots / "menu_en.png")], cwd=installed.outside, env=installed.env())
    assert _theme_pixels(shots / "menu_en.png") > 2000  # the brown buttons, not pygame_gui's grey ones
    en = installed.probe(PROBE_MENU, str(shots / "menu_en_probe.png"))
    # the same menu after the user chose German in the settings
    settings = installed.user / "config" / "stammtisch" / "settings.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"language": "de"}), encoding="utf-8")
    try:
        de_got = installed.probe(PROBE_MENU, str(shots / "menu_de.png"))
    finally:
        settings.unlink()
    assert en["code"] == de_got["code"] == 0
    assert Path(str(de_got["game"])).is_relative_to(installed.venv)
    assert _theme_pixels(shots / "menu_de.png") > 2000
    de = parse_po((ROOT / "locale/de/LC_MESSAGES/stammtisch.po").read_text(encoding="utf-8"))
    en_texts, de_texts = set(en["texts"]), set(de_got["texts"])
    german = {de[t] for t in en_texts if de.get(t) and de[t] != t}
    assert len(german) >= 5, en_texts
    assert german <= de_texts, german - de_texts
    assert not {t for t in en_texts if de.get(t) and de[t] != t} & de_texts  # no English left where German is known


def test_a_catalog_that_cannot_be_written_is_compiled_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An installed package's locale folder may be read-only: no .mo and no way to write one still
    gives the translations (the .mo's place is taken by a folder, so even root cannot write it)."""
    from game import i18n

    target = tmp_path / "de" / "LC_MESSAGES"
    target.mkdir(parents=True)
    po = ROOT / "locale/de/LC_MESSAGES/stammtisch.po"
    (target / "stammtisch.po").write_bytes(po.read_bytes())
    (target / "stammtisch.mo").mkdir()
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    try:
        i18n.set_language("de")
        assert i18n._("Settings…") == parse_po(po.read_text(encoding="utf-8"))["Settings…"] != "Settings…"
    finally:
        i18n.set_language("en")
    assert (target / "stammtisch.mo").is_dir()


# --- the README's commands and facts ---------------------------------------------------------------


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```\n(.*?)```", section, re.S)]


def test_ci_runs_exactly_the_readmes_test_command_in_a_venv_of_its_own() -> None:
    install, tests = _readme_commands()[:2]
    for command in (install, tests):
        assert command.startswith("python3 -m venv .venv && . .venv/bin/activate && "), command  # PEP 668: never the system Python
    assert install.endswith("python -m pip install -e . && python main.py")
    ci = [line.strip() for line in (ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()]
    assert tests in ci, ci


def test_ci_installs_chromium_and_skips_no_browser_test() -> None:
    """Issue 31: on a fresh machine `.ci/run` installs Debian's Chromium (its headless build,
    `chromium-headless-shell`) and makes the browser tests required (tests/web/conftest.py fails them
    without a browser instead of skipping), before the tests."""
    ci = (ROOT / ".ci/run").read_text(encoding="utf-8")
    tests = _readme_commands()[1]
    for needed in ("apt-get install -y -qq chromium-headless-shell", "export STAMMTISCH_BROWSER=required STAMMTISCH_CHROMIUM"):
        assert needed in ci and ci.index(needed) < ci.index(tests), needed
    p = subprocess.run(["bash", "-n", str(ROOT / ".ci/run")], capture_output=True, text=True, timeout=30)
    assert p.returncode == 0, p.stderr


def test_the_readme_tells_the_minimum_window_and_where_saves_go() -> None:
    from game.store.saves import save_dir
    from game.ui.common.app import MIN_SIZE

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"{MIN_SIZE[0]}×{MIN_SIZE[1]}" in text
    assert f"$XDG_DATA_HOME/{save_dir().parent.name}/{save_dir().name}" in text
    assert "finished matches" in text.lower()
