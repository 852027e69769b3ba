"""The command line and bad input: `file:line:column: message`, exit status 2, never a traceback."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.tools.recordfile import load_profile
from game.rules.catalog import rules_for

ROOT = Path(__file__).resolve().parents[2]
RECORDS = Path(__file__).parent.parent / "records"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_referee_json_prints_every_ruling_and_the_standing() -> None:
    """katchen.phase2: the worked example through `main.py referee FILE --json`."""
    p = run("referee", str(RECORDS / "katchen_worked_example.yaml"), "--json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert data["standing"]["players"]["Bob"] == {"mats": 13, "strokes": 0, "schuesse": 1, "losses": 0}
    assert any(r["rule"] == "katchen.mit" or "katchen.mit" in r["arithmetic"] for r in data["rulings"])
    assert data["standing"]["lost"][0]["who"] == "Bob"


def test_referee_text_output() -> None:
    p = run("referee", str(RECORDS / "schock_example.yaml"))
    assert p.returncode == 0, p.stderr
    assert "[schock.deckel]" in p.stdout and "Standing:" in p.stdout


BAD = {
    "yaml_error.yaml": ("game: schock\nplayers: [Al, Bo\nrounds: []\n", 3, "YAML syntax error"),
    "unknown_player.yaml": ("game: schock\nplayers: [Al, Bo]\nrounds:\n  - {Al: 652, Cy: 543}\n", 4, "unknown player 'Cy'"),
    "impossible_die.yaml": ("game: katchen\nplayers: [Al, Bo]\nrounds:\n  - {Al: 527}\n", 4, "impossible die '7'"),
    "fourth_roll.yaml": ("game: schock\nplayers: [Al, Bo]\nrounds:\n  - Al: 652 6+43 6+52 6+11\n", 4, "roll 4"),
    "rerolled_out.yaml": ("game: schock\nplayers: [Al, Bo]\nrounds:\n  - Al: 611 11+5 1+23\n", 4, "may not be rolled again"),
    "more_than_opener.yaml": ("game: schock\nplayers: [Al, Bo]\nrounds:\n  - {Al: 652, Bo: 633 3+22}\n", 4, "only once"),
    "unknown_option.yaml": ("game: schock\nplayers: [Al, Bo]\nprofile: {options: {jule: 1}}\nrounds: []\n", 3, "valid options: schock_aus"),
    "bad_value.yaml": ("game: schock\nplayers: [Al, Bo]\nprofile: {options: {schock_aus: half}}\nrounds: []\n", 3, "lose_half, halve_mats"),
    "python_tag.yaml": ("game: schock\nplayers: !!python/object/apply:os.system [ls]\nrounds: []\n", 2, "not allowed"),
    "unknown_key.yaml": ("game: schock\nplayer: [Al, Bo]\nrounds: []\n", 2, "valid keys"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_record_gives_file_line_column_and_exit_2(name: str, tmp_path: Path) -> None:
    text, line, message = BAD[name]
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    p = run("referee", str(f))
    assert p.returncode == 2
    assert "Traceback" not in p.stderr and p.stdout == ""
    first = p.stderr.strip().splitlines()[0]
    assert first.startswith(f"{f}:{line}:") and message in first, first


def test_error_column_points_at_the_bad_roll(tmp_path: Path) -> None:
    f = tmp_path / "col.yaml"
    f.write_text("game: schock\nplayers: [Al, Bo]\nrounds:\n  - Al: 652 6+43 6+52 6+11\n", encoding="utf-8")
    p = run("referee", str(f))
    line = "  - Al: 652 6+43 6+52 6+11"
    assert p.stderr.startswith(f"{f}:4:{line.index('6+11') + 1}:")


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    p = run("referee", str(tmp_path / "nope.yaml"))
    assert p.returncode == 2 and "cannot read" in p.stderr and "Traceback" not in p.stderr


@pytest.mark.parametrize("game", ["schock", "katchen"])
def test_rules_lists_every_rule_id(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`rules GAME`: every id of the digest with a summary (schock.entry and schock.cup included)."""
    assert main(["rules", game]) == 0
    out = capsys.readouterr().out
    ids = [r.id for r in rules_for(game)]
    assert all(i in out for i in ids)
    digest = (ROOT.parent / "shared" / "rules" / f"{game}.md")
    if digest.exists():
        import re

        in_digest = set(re.findall(rf"\b{game}\.[a-z_0-9]*[a-z0-9]", digest.read_text(encoding="utf-8")))
        assert in_digest <= set(ids)


def test_version() -> None:
    p = run("--version")
    assert p.returncode == 0 and p.stdout.startswith("stammtisch ")


def test_profile_file_loads_and_rejects_unknown_values(tmp_path: Path) -> None:
    good = tmp_path / "house.yaml"
    good.write_text("game: schock\noptions:\n  schock_aus: halve_mats\n  general_beats_schock2: true\n", encoding="utf-8")
    prof = load_profile(good)
    assert prof["schock_aus"] == "halve_mats" and prof["general_beats_schock2"] is True and prof["no_flips_on_last_roll"] is False
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: katchen\noptions:\n  schuss_limit: 0\n", encoding="utf-8")
    p = run("simulate", "katchen", "--players", "3", "--seed", "1", "--games", "1", "--profile", str(bad))
    assert p.returncode == 2 and p.stderr.startswith(f"{bad}:3:17:") and "at least 1" in p.stderr
