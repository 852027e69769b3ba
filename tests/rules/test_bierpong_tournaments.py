"""Bierpong tournaments and standings (bierpong.scoring): schedules, places, the two tables, the file.

The conformance case: the four tournaments of the original (Bierpongregelwerk 1.4.1, "Turniere und
Platzierungen", in tests/data/tournaments/) entered one after the other give exactly the points and
wins of its two tables ("Bestenliste (Team)", "Bestenliste (Einzel)").
"""
from __future__ import annotations

import datetime
import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from game.bierpong.tournament import (
    MAX_ENTRANTS,
    POINTS,
    Game,
    Kind,
    Knockout,
    RoundRobin,
    Row,
    Standings,
    add_tournament,
    read_schedule,
    read_standings,
    read_tournament,
    standings_path,
    write_standings,
)
from game.cli import main
from game.errors import InputError
from game.yamlio import Dumper
from tests.hostile import Case, Result, run as run_hostile

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent.parent / "data" / "tournaments"
ORIGINAL = sorted(DATA.glob("*.yaml"))

# The original's tables, typed in as they stand (name: points, wins, participations).
ORIGINAL_TEAM = {
    "Dominik": (5, 1, 1), "Tim": (5, 1, 2), "Michael": (5, 1, 2), "Leonhard": (5, 1, 2), "Moritz W.": (4, 0, 2),
    "Sophie": (3, 0, 1), "Mukhtar": (3, 0, 2), "Markus": (3, 0, 2), "Marcel": (1, 0, 2), "Felix": (1, 0, 2),
    "Lea": (1, 0, 2), "Millane": (0, 0, 1), "Sebbi": (0, 0, 1),
}
ORIGINAL_SINGLE = {
    "Moritz G.": (6, 0, 2), "Markus": (5, 1, 2), "Millane": (5, 1, 2), "Leonhard": (1, 0, 2), "Moritz W.": (1, 0, 2),
    "Mukhtar": (0, 0, 2), "Sophie": (0, 0, 1), "Lea": (0, 0, 1), "Marcel": (0, 0, 1), "Felix": (0, 0, 1),
}


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    import os

    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=ROOT, timeout=60,
        env={**os.environ, **(env or {})},
    )


def enter_original() -> Standings:
    s = Standings()
    for f in ORIGINAL:
        s = s.add(read_tournament(f, s))
    return s


# --- scoring and the conformance case ------------------------------------------------------------


def test_places_score_five_three_one() -> None:
    """bierpong.scoring: 1st 5 points, 2nd 3, 3rd 1 – nothing below."""
    assert dict(POINTS) == {1: 5, 2: 3, 3: 1}
    t = read_tournament(DATA / "2023-02-10-team.yaml")
    assert t.awards() == [("Tim", 5, 1), ("Michael", 5, 1), ("Sophie", 3, 0), ("Moritz W.", 3, 0), ("Marcel", 1, 0), ("Felix", 1, 0)]


@pytest.mark.parametrize(("kind", "original"), [(Kind.TEAM, ORIGINAL_TEAM), (Kind.SINGLE, ORIGINAL_SINGLE)])
def test_the_four_original_tournaments_give_the_original_points_and_wins(kind: Kind, original: dict[str, tuple[int, int, int]]) -> None:
    """bierpong.scoring conformance: entering the original's four tournaments (28.01.23, 10.02.23,
    05.03.23, 23.04.23) gives exactly the points and wins of its team and single tables – for
    everyone in them (those without a podium place: 0 and 0) and nobody else."""
    assert len(ORIGINAL) == 4
    rows = {r.name: (r.points, r.wins) for r in enter_original().table(kind)}
    assert set(rows) <= set(original)
    assert {n: rows.get(n, (0, 0)) for n in original} == {n: (p, w) for n, (p, w, _) in original.items()}


def test_lea_and_moritz_is_moritz_w() -> None:
    """bierpong.scoring, digest decision: "Lea & Moritz" (05.03.23) is Moritz W. – 3 (10.02.23) + 1
    = the team table's 4 points; Moritz G. has no team points, as in the original."""
    team = {r.name: r for r in enter_original().table(Kind.TEAM)}
    assert (team["Moritz W."].points, team["Moritz W."].participations) == (4, 2)
    assert "Moritz G." not in team


def test_a_bare_moritz_is_refused_as_ambiguous(tmp_path: Path) -> None:
    """bierpong.scoring: entered after the others, the original's spelling "Lea & Moritz" is refused
    with its position – the standings know Moritz G. and Moritz W."""
    s = Standings()
    for f in ORIGINAL[:2]:
        s = s.add(read_tournament(f, s))
    s = s.add(read_tournament(DATA / "2023-04-23-single.yaml", s))
    f = tmp_path / "t.yaml"
    f.write_text("date: 05.03.23\nkind: team\nplacements:\n  1: Dominik & Leonhard\n  2: Markus & Mukhtar\n  3: Lea & Moritz\n")
    with pytest.raises(InputError) as e:
        read_tournament(f, s)
    assert (e.value.line, e.value.column) == (6, 6)
    assert "Moritz G. and Moritz W." in e.value.message


def test_participations_are_counted_from_the_tournaments_entered() -> None:
    """bierpong.scoring, digest decision: participations count the tournaments entered. The original's
    list names only the podium, so its participation column (which also counts tournaments without a
    podium place) is not reproduced: Tim took part in both team tournaments there, here in one."""
    s = enter_original()
    team = {r.name: r.participations for r in s.table(Kind.TEAM)}
    single = {r.name: r.participations for r in s.table(Kind.SINGLE)}
    assert team == {"Dominik": 1, "Tim": 1, "Michael": 1, "Leonhard": 1, "Moritz W.": 2, "Sophie": 1, "Mukhtar": 1,
                    "Markus": 1, "Marcel": 1, "Felix": 1, "Lea": 1}
    assert single == {"Moritz G.": 2, "Markus": 1, "Millane": 1, "Leonhard": 1, "Moritz W.": 1}
    assert ORIGINAL_TEAM["Tim"][2] == 2  # the difference, named


def test_participants_without_a_place_count_a_participation(tmp_path: Path) -> None:
    """bierpong.scoring: `participants:` lists who took part without a podium place – a participation,
    no points."""
    f = tmp_path / "t.yaml"
    f.write_text("date: 2023-01-28\nkind: single\nplacements: {1: Millane, 2: Moritz G., 3: Leonhard}\n"
                 "participants: [Mukhtar, Markus, Millane]\n")
    rows = {r.name: r for r in Standings().add(read_tournament(f)).table(Kind.SINGLE)}
    assert (rows["Mukhtar"].points, rows["Mukhtar"].wins, rows["Mukhtar"].participations) == (0, 0, 1)
    assert rows["Millane"].participations == 1  # named twice, counted once


def test_tables_are_ordered_by_points_then_wins_then_fewer_participations() -> None:
    """bierpong.scoring: the original's team table puts Dominik (5, 1 win, 1 participation) first."""
    names = [r.name for r in enter_original().table(Kind.TEAM)]
    assert names[0] == "Dominik" and names[4] == "Moritz W."


def test_the_same_tournament_twice_is_refused() -> None:
    """bierpong.scoring: a tournament counts once."""
    s = enter_original()
    with pytest.raises(ValueError, match="entered already"):
        s.add(read_tournament(ORIGINAL[0]))


# --- schedules -----------------------------------------------------------------------------------


@given(st.integers(min_value=2, max_value=13))
def test_round_robin_every_pair_meets_once(n: int) -> None:
    """A round robin: every pair of entrants exactly once; nobody twice in a round; the fewest rounds."""
    names = [f"P{i}" for i in range(n)]
    rounds = RoundRobin(tuple(names)).rounds()
    pairs = [frozenset((g.a, g.b)) for r in rounds for g in r if not g.bye]
    assert sorted(sorted(map(str, p)) for p in pairs) == sorted(sorted(p) for p in itertools.combinations(names, 2))
    assert len(set(pairs)) == len(pairs)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    for r in rounds:
        seen = [x for g in r for x in (g.a, g.b) if x is not None]
        assert sorted(seen) == sorted(names)  # everyone once a round (the odd one out on a bye)
        assert sum(g.bye for g in r) == n % 2


@given(st.integers(min_value=2, max_value=20))
def test_knockout_byes_fill_the_bracket_to_a_power_of_two(n: int) -> None:
    """A knockout bracket: a field that is not a power of two gets byes for its top seeds in the first
    round, so that round two holds a power of two; no two byes meet; seeds 1 and 2 meet at the earliest
    in the final."""
    names = tuple(f"S{i}" for i in range(1, n + 1))
    k = Knockout(names)
    first = k.rounds()[0]
    size = 1 << (n - 1).bit_length()
    assert len(first) == size // 2
    byes = [g.a for g in first if g.bye]
    assert len(byes) == size - n
    assert set(byes) == set(names[: size - n])  # the top seeds walk on
    assert len(k.rounds()) == size.bit_length() - 1
    if n > 2:
        halves = [x for g in first[: len(first) // 2] for x in (g.a, g.b)]
        assert ("S1" in halves) != ("S2" in halves)


def test_knockout_with_five_three_byes() -> None:
    k = Knockout(("A", "B", "C", "D", "E"))
    first = k.rounds()[0]
    assert [(g.a, g.b) for g in first] == [("A", None), ("D", "E"), ("B", None), ("C", None)]
    assert [(g.a, g.b) for g in k.rounds()[1]] == [("A", ""), ("B", "C")]  # "": the winner of D – E
    assert [(g.a, g.b) for g in k.pending()] == [("D", "E"), ("B", "C")]


def play_out(k: Knockout | RoundRobin, better: list[str]) -> Knockout | RoundRobin:
    """Play every open game; the entrant earlier in `better` wins."""
    while k.pending():
        g = k.pending()[0]
        assert g.b is not None
        w, l = sorted((g.a, g.b), key=better.index)
        k = k.record(w, l)
    return k


def test_knockout_places_follow_the_final_and_the_game_for_third() -> None:
    """bierpong.scoring: 1st the final's winner, 2nd its loser, 3rd the winner of the game for third."""
    k = Knockout(("A", "B", "C", "D", "E", "F"))
    # seeds 1 and 2 (A, B) walk on; D – E and C – F open; F, the lowest seed, wins it all
    played = play_out(k, ["F", "A", "B", "D", "C", "E"])
    assert isinstance(played, Knockout) and played.finished
    k = played
    assert [(g.a, g.b, g.winner) for g in k.rounds()[1]] == [("A", "D", "A"), ("B", "F", "F")]
    third = k.third_place()
    assert third is not None and {third.a, third.b} == {"B", "D"}
    places = k.placements()
    assert places[:4] == [(1, "F"), (2, "A"), (3, "B"), (4, "D")]
    assert sorted(e for _, e in places) == ["A", "B", "C", "D", "E", "F"]


def test_knockout_of_three_gives_the_semi_final_loser_third() -> None:
    k = play_out(Knockout(("A", "B", "C")), ["C", "A", "B"])
    assert isinstance(k, Knockout) and k.third_place() is None
    assert k.placements() == [(1, "C"), (2, "A"), (3, "B")]


def test_knockout_without_a_game_for_third_shares_it() -> None:
    k = play_out(Knockout(("A", "B", "C", "D"), third_place_game=False), ["A", "B", "C", "D"])
    assert k.placements() == [(1, "A"), (2, "B"), (3, "C"), (3, "D")]


def test_knockout_refuses_a_game_not_in_the_bracket() -> None:
    k = Knockout(("A", "B", "C", "D"))
    with pytest.raises(ValueError, match="do not play each other now"):
        k.record("A", "B")  # they can only meet in the final
    with pytest.raises(ValueError, match="does not play"):
        k.record("A", "Z")


def test_round_robin_places_by_wins_then_head_to_head() -> None:
    """bierpong.scoring: round-robin places – most wins; two level on wins: the game between them."""
    r = RoundRobin(("A", "B", "C", "D"))
    for w, l in [("A", "B"), ("A", "C"), ("B", "C"), ("D", "A"), ("B", "D"), ("D", "C")]:
        r = r.record(w, l)
    assert r.finished
    # A, B, D: 2 wins each – a circle (A>B, B>D, D>A): they share 1st; C has none
    assert r.placements() == [(1, "A"), (1, "B"), (1, "D"), (4, "C")]
    r2 = RoundRobin(("A", "B", "C"))
    for w, l in [("B", "A"), ("A", "C"), ("C", "B")]:
        r2 = r2.record(w, l)
    assert r2.placements() == [(1, "A"), (1, "B"), (1, "C")]
    r3 = RoundRobin(("A", "B", "C", "D"))
    for w, l in [("B", "A"), ("A", "C"), ("A", "D"), ("B", "C"), ("D", "B"), ("C", "D")]:
        r3 = r3.record(w, l)
    # B and A 2 wins each (B beat A), C and D 1 each (C beat D)
    assert r3.placements() == [(1, "B"), (2, "A"), (3, "C"), (4, "D")]


def test_round_robin_head_to_head_breaks_a_tie_of_two() -> None:
    r = RoundRobin(("A", "B", "C"))
    for w, l in [("A", "C"), ("B", "C")]:
        r = r.record(w, l)
    with pytest.raises(ValueError, match="still to be played"):
        r.placements()
    r = r.record("B", "A")
    assert r.placements() == [(1, "B"), (2, "A"), (3, "C")]
    with pytest.raises(ValueError, match="played already"):
        r.record("A", "B")


def test_places_derived_from_the_games_of_a_file(tmp_path: Path) -> None:
    """bierpong.scoring: a file with format:, entrants: and games: – the places follow from the results
    and score 5 / 3 / 1 per member."""
    f = tmp_path / "ko.yaml"
    f.write_text(
        "date: 2024-06-01\nkind: team\nformat: knockout\n"
        "entrants: [Tim & Michael, Sophie & Moritz W., Marcel & Felix, Lea & Sebbi, Dominik & Leonhard]\n"
        "games:\n  - Dominik & Leonhard > Lea & Sebbi\n  - Dominik & Leonhard > Tim & Michael\n"
        "  - Sophie & Moritz W. > Marcel & Felix\n  - Dominik & Leonhard > Sophie & Moritz W.\n"
        "  - Tim & Michael > Marcel & Felix\n"
    )
    t = read_tournament(f)
    assert t.placements[:3] == ((1, "Dominik & Leonhard"), (2, "Sophie & Moritz W."), (3, "Tim & Michael"))
    rows = {r.name: (r.points, r.wins, r.participations) for r in Standings().add(t).table(Kind.TEAM)}
    assert rows["Leonhard"] == (5, 1, 1) and rows["Moritz W."] == (3, 0, 1) and rows["Michael"] == (1, 0, 1)
    assert rows["Sebbi"] == (0, 0, 1) and rows["Felix"] == (0, 0, 1)


def test_an_unfinished_tournament_is_refused_with_the_open_games(tmp_path: Path) -> None:
    f = tmp_path / "rr.yaml"
    f.write_text("date: 2024-06-01\nkind: single\nformat: round_robin\nentrants: [A, B, C]\ngames:\n  - A > B\n")
    with pytest.raises(InputError, match="still to play") as e:
        read_tournament(f)
    assert e.value.line == 6
    assert run("tournament", "show", str(f)).stdout.count(" – ") >= 3


# --- the standings file ------------------------------------------------------------------------


def test_standings_round_trip(tmp_path: Path) -> None:
    """bierpong.scoring: the standings written and read back are the same tournaments and tables."""
    s = enter_original()
    p = write_standings(s, tmp_path / "s.yaml")
    back = read_standings(p)
    assert back == s
    assert back.as_dict() == s.as_dict()


def test_default_file_is_under_xdg_data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert standings_path() == tmp_path / "xdg" / "stammtisch" / "bierpong-standings.yaml"
    for f in ORIGINAL:
        add_tournament(f)
    assert standings_path().exists()
    assert read_standings() == enter_original()


def test_broken_standings_file_is_refused_and_left_untouched(tmp_path: Path) -> None:
    """A standings file that cannot be read: `file:line:column: message`, exit 2, the file as it was."""
    p = tmp_path / "s.yaml"
    text = "tournaments:\n  - date: 2023-01-28\n    kind: single\n    placements: {1: Millane, 2: [Moritz G.\n"
    p.write_text(text)
    r = run("tournament", "add", str(ORIGINAL[0]), "--file", str(p))
    assert r.returncode == 2
    assert r.stderr.startswith(f"{p}:5:1: YAML syntax error")
    assert p.read_text() == text
    r = run("standings", "--file", str(p))
    assert r.returncode == 2 and f"{p}:5:1:" in r.stderr


def test_a_hand_edited_table_is_refused_with_its_position(tmp_path: Path) -> None:
    """bierpong.scoring: the tables in the file are derived; a number that disagrees is pointed at."""
    p = write_standings(enter_original(), tmp_path / "s.yaml")
    text = p.read_text().replace("{name: Moritz G., points: 6", "{name: Moritz G., points: 60")
    p.write_text(text)
    with pytest.raises(InputError, match="Moritz G.'s points are 60, but the tournaments give 6") as e:
        read_standings(p)
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "points: 60" in l)
    assert e.value.line == line and e.value.column == text.splitlines()[line - 1].index("60") + 1
    assert main(["tournament", "add", str(ORIGINAL[0]), "--file", str(p)]) == 2
    assert p.read_text() == text


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("date: 2023-01-28\nkind: single\nplacements: {1: A, 3: B}\n", 3, 20, "place 3 follows place 1"),
        ("date: 2023-01-28\nkind: double\nplacements: {1: A}\n", 2, 7, "unknown kind 'double'"),
        ("date: 2023-01-28\nkind: team\nplacements: {1: A & B, 2: C}\n", 3, 27, "teams of two or more"),
        ("date: 2023-01-28\nkind: single\nplacements: {1: A & B}\n", 3, 17, "players, not teams"),
        ("date: 2023-01-28\nkind: team\nplacements: {1: A & B, 2: B & C}\n", 3, 27, "B is in 'A & B' and in 'B & C'"),
        ("date: 31.02.23\nkind: single\nplacements: {1: A}\n", 1, 7, "a date is"),
        ("date: 2023-01-28\nkind: single\nplacement: {1: A}\n", 3, 1, "unknown key 'placement'"),
        ("date: 2023-01-28\nkind: single\nformat: knockout\nentrants: [A, B]\ngames: [B beat A]\n", 5, 9, "WINNER > LOSER"),
    ],
)
def test_bad_tournament_files_name_the_place(tmp_path: Path, text: str, line: int, column: int, words: str) -> None:
    f = tmp_path / "t.yaml"
    f.write_text(text)
    with pytest.raises(InputError) as e:
        read_tournament(f)
    assert words in e.value.message
    assert (e.value.line, e.value.column) == (line, column)


# --- the command line --------------------------------------------------------------------------


def test_cli_enters_the_original_and_prints_both_tables(tmp_path: Path) -> None:
    """bierpong.scoring: `tournament add FILE` four times, then `standings` prints the team table and
    the single table; `--json` gives the same numbers."""
    p = tmp_path / "s.yaml"
    for f in ORIGINAL:
        r = run("tournament", "add", str(f), "--file", str(p))
        assert r.returncode == 0, r.stderr
    r = run("standings", "--file", str(p))
    assert r.returncode == 0, r.stderr
    team, single = r.stdout.split("Standings (single)")
    assert "Standings (team)" in team and "Moritz W." in team and "Moritz G." not in team
    assert any(l.split() == ["Moritz", "G.", "6", "0", "2"] for l in single.splitlines())
    data = json.loads(run("standings", "--file", str(p), "--json").stdout)
    assert {row["name"]: (row["points"], row["wins"]) for row in data["single"]} == {
        n: (pts, w) for n, (pts, w, _) in ORIGINAL_SINGLE.items() if pts or w
    }
    again = run("tournament", "add", str(ORIGINAL[0]), "--file", str(p))
    assert again.returncode == 2 and "entered already" in again.stderr


def test_cli_standings_without_a_file_says_so(tmp_path: Path) -> None:
    r = run("standings", env={"XDG_DATA_HOME": str(tmp_path)})
    assert r.returncode == 0 and "no tournaments entered" in r.stdout


def test_cli_show_prints_a_bracket_with_byes(tmp_path: Path) -> None:
    f = tmp_path / "ko.yaml"
    f.write_text("date: 2024-06-01\nkind: single\nformat: knockout\nentrants: [A, B, C, D, E]\n")
    r = run("tournament", "show", str(f))
    assert r.returncode == 0, r.stderr
    assert "A: bye" in r.stdout and "D – E" in r.stdout and "To play now" in r.stdout


def test_game_dataclass_loser() -> None:
    assert Game("A", "B", "B").loser == "A" and Game("A", None).loser is None


def test_the_examples_of_the_docs_are_valid_tournaments(tmp_path: Path) -> None:
    """docs/tournaments.md: every example tournament file reads, and gives the places it describes."""
    import re

    doc = (ROOT / "docs" / "tournaments.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```yaml\n(.*?)```", doc, re.S) if b.startswith("date:")]
    assert len(blocks) == 2
    got = []
    for i, b in enumerate(blocks):
        f = tmp_path / f"ex{i}.yaml"
        f.write_text(b, encoding="utf-8")
        got.append(read_tournament(f))
    assert got[0].participants == ("Tim & Michael",) and got[0].name == "Frühlingsturnier"
    assert got[1].placements[:3] == ((1, "Anna"), (2, "Ben"), (3, "Cem"))


_NAME = st.text(alphabet=st.characters(blacklist_characters="&>\r\n\x85\u2028\u2029", blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12).map(str.strip).filter(bool)


@example(["0E0", ".5", "1e1"])  # YAML 1.2 floats to the readers: written quoted
@given(st.lists(_NAME, min_size=3, max_size=6, unique=True))
def test_standings_round_trip_any_names(names: list[str]) -> None:
    """bierpong.scoring: whatever the names (quotes, colons, 'null', accents), the standings file reads
    back as it was written."""
    import tempfile

    import yaml

    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "t.yaml"
        f.write_text(yaml.dump({"date": "01.02.24", "kind": "single", "placements": {1: names[0], 2: names[1], 3: names[2]},
                                "participants": names[3:]}, Dumper=Dumper, allow_unicode=True), encoding="utf-8")  # (names quoted as the reader needs)
        t = read_tournament(f)
        assert [e for _, e in t.placements] == names[:3]
        s = Standings().add(t)
        assert read_standings(write_standings(s, Path(d) / "s.yaml")) == s


# --- hostile tournament files (issue 28) ---------------------------------------------------------


def hostile(f: Path, *argv: str) -> Result:
    """A command in a subprocess with the hostile tests' memory limit and timeout."""
    return run_hostile(Case(f.name, "tournament", f), list(argv))


def refused(r: Result, f: Path, words: str) -> None:
    assert not r.hang and not r.traceback and r.code == 2, r.err[-300:]
    assert r.err.startswith(f"{f}:") and words in r.err, r.err[-300:]


@pytest.mark.parametrize("where", ["entrants", "placements", "participants", "games"])
def test_ten_thousand_entrants_are_refused_before_their_names_are_read(where: str, tmp_path: Path) -> None:
    """bierpong.scoring: a tournament has at most MAX_ENTRANTS entrants (as a table has at most its
    seats) – 10,000 of them are refused at once, not scheduled for minutes in gigabytes."""
    many = "".join(f"  - P{i}\n" for i in range(10_000))
    head = "date: 2024-06-01\nkind: single\n"
    body = {
        "entrants": "format: round_robin\nentrants:\n" + many,
        "placements": "placements:\n  1:\n" + many.replace("  - ", "    - "),
        "participants": "placements: {1: Q}\nparticipants:\n" + many,
        "games": "format: knockout\nentrants: [A, B]\ngames:\n" + "  - A > B\n" * 10_000,
    }[where]
    f = tmp_path / "many.yaml"
    f.write_text(head + body)
    words = "games" if where == "games" else f"at most {MAX_ENTRANTS} entrants"
    refused(hostile(f, "tournament", "show", str(f)), f, words)
    refused(hostile(f, "tournament", "add", str(f), "--file", str(tmp_path / "s.yaml")), f, words)
    assert not (tmp_path / "s.yaml").exists()


@pytest.mark.slow  # (a scale check)
def test_the_largest_round_robin_is_entered_in_linear_time(tmp_path: Path) -> None:
    """MAX_ENTRANTS entrants, every pair played (32,640 games): checked game by game without
    scheduling the field again at each one."""
    n = MAX_ENTRANTS
    f = tmp_path / "rr.yaml"
    f.write_text("date: 2024-06-01\nkind: single\nformat: round_robin\nentrants:\n" + "".join(f"  - P{i}\n" for i in range(n))
                 + "games:\n" + "".join(f"  - P{i} > P{j}\n" for i in range(n) for j in range(i + 1, n)))
    s = tmp_path / "s.yaml"
    r = hostile(f, "tournament", "add", str(f), "--file", str(s))
    assert r.code == 0 and not r.traceback, r.err[-300:]
    assert read_standings(s).table(Kind.SINGLE)[0] == Row("P0", 5, 1, 1)


@pytest.mark.slow  # (a scale check: 20,000 tournaments in a subprocess)
def test_a_standings_file_of_thousands_of_tournaments_is_read_in_linear_time(tmp_path: Path) -> None:
    """20,000 tournaments entered: the standings are read with one sort, not one per tournament."""
    s = tmp_path / "s.yaml"
    day = datetime.date(1970, 1, 1)
    s.write_text("tournaments:\n" + "".join(f"  - {{date: {day + datetime.timedelta(days=i)}, kind: single, placements: {{1: A{i % 50}, 2: B}}}}\n"
                                            for i in range(20_000)))
    r = hostile(s, "standings", "--file", str(s), "--json")
    assert r.code == 0 and not r.traceback, r.err[-300:]
    assert json.loads(r.out)["tournaments"] == 20_000


@pytest.mark.parametrize("value", ["null", "~", "true", "false", "0", "7", "1.5", "2024-06-01"])
@pytest.mark.parametrize("where", ["placements", "entrants", "participants"])
def test_a_placement_of_null_true_or_0_is_no_person(where: str, value: str, tmp_path: Path) -> None:
    """`2: null`, `2: true`, `2: 0` are no names: refused at their place (they became people with
    points called "null", "True" and "0"); a name that looks like one is quoted ("'0'" is fine)."""
    text = {
        "placements": f"date: 2024-06-01\nkind: single\nplacements:\n  1: Anna\n  2: {value}\n",
        "entrants": f"date: 2024-06-01\nkind: single\nformat: knockout\nentrants:\n  - Anna\n  - {value}\ngames: []\n",
        "participants": f"date: 2024-06-01\nkind: single\nplacements: {{1: Anna}}\nparticipants:\n  - {value}\n",
    }[where]
    f = tmp_path / "t.yaml"
    f.write_text(text)
    with pytest.raises(InputError) as e:
        read_tournament(f)
    before, _, after = text.rpartition(f" {value}\n")
    assert e.value.line == before.count("\n") + 1 and "a name" in e.value.message, e.value
    f.write_text(f"{before} '{value}'\n{after}")  # quoted: a name
    assert value in (read_schedule(f).entrants if where == "entrants" else read_tournament(f).people())
