"""Where the files the program reads at run time lie: the shipped tracks, the assets (the pygame_gui
theme, the sounds) and the translations.

In the repository they are the top-level folders `tracks/`, `assets/` and `locale/`; a checkout
(`python main.py`) and an editable install read them there. A wheel carries copies inside the package,
as `game/_shipped/<folder>` (the build puts them there: `setup.py`), found with `importlib.resources`.
The copy inside the package wins when it is there. No pygame here.
"""
from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

FOLDERS = ("tracks", "assets", "locale")
INSIDE = "_shipped"  # the folder in the package (of a wheel) that holds the copies


def package_dir() -> Path:
    """The folder of the `game` package as imported (where `importlib.resources` finds its files;
    read from the package's own path when it has one: asking the import system costs the start-up)."""
    here = sys.modules["game"].__file__
    return Path(here).parent if here else Path(str(resources.files("game")))


def folder(name: str) -> Path:
    """The folder `name` (one of FOLDERS): inside the installed package, else the checkout's."""
    if name not in FOLDERS:
        raise ValueError(f"no shipped folder {name!r}; choose one of {', '.join(FOLDERS)}")
    package = package_dir()
    inside = package / INSIDE / name
    if inside.is_dir():
        return inside
    return package.parent / name


def shipped_in_package() -> bool:
    """Whether the program runs from an installed wheel (its files inside the package)."""
    return (package_dir() / INSIDE).is_dir()


TRACKS = folder("tracks")  # the shipped Racerbile tracks, `<name>.yaml`
ASSETS = folder("assets")  # ui_theme.json, sounds/
LOCALE = folder("locale")  # <lang>/LC_MESSAGES/stammtisch.po and .mo
