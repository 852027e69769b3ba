"""The type hints hold: mypy checks game/, physics/, bench/ and tests/ (configured in pyproject.toml)."""
from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_mypy_passes(tmp_path: Path) -> None:
    import os

    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        out, err, status = api.run(["--cache-dir", str(tmp_path / "cache"), "--no-error-summary"])
    finally:
        os.chdir(cwd)
    assert status == 0, out + err
