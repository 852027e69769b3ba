"""The build step pyproject.toml cannot say: a wheel carries the top-level folders the program reads at
run time – `tracks/`, `assets/`, `locale/` – inside the package as `game/_shipped/…` (found there by
`game/resources.py`), with the translations compiled fresh from their .po files. An editable install
and a checkout read the top-level folders themselves, so nothing is copied for them."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
FOLDERS = ("tracks", "assets", "locale")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "generate.py")  # generate.py: a tool of the repository


class BuildPyWithData(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "game" / "_shipped"
        shutil.rmtree(target, ignore_errors=True)  # a track removed since the last build is not shipped
        for name in FOLDERS:
            shutil.copytree(ROOT / name, target / name, ignore=SKIP)
        sys.path.insert(0, str(ROOT))
        try:
            from game.i18n import compile_catalog_file
        finally:
            sys.path.remove(str(ROOT))
        for po in sorted((target / "locale").glob("*/LC_MESSAGES/*.po")):
            po.with_suffix(".mo").write_bytes(compile_catalog_file(po))


setup(cmdclass={"build_py": BuildPyWithData})
