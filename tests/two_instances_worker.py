"""One of two programs playing the same game at once, for the autosave lock test (issue 19).

    python tests/two_instances_worker.py GAME SEED

Starts a bots' match of GAME (`tests.autosave_worker.new_match`) autosaving where the program would
(the save folder of `$XDG_DATA_HOME`), prints `SLOT <path>` – the autosave it writes – and waits
for a line on stdin: `play N` plays N more entries and prints the count of log entries, `quit`
leaves the table (the autosave stays, as when a player goes back to the menu) and exits.
"""
from __future__ import annotations

import sys
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.store.autosave import MatchAutosave  # noqa: E402
from game.session import INSTANT, session_for  # noqa: E402
from tests.autosave_worker import new_match  # noqa: E402


def main(argv: list[str]) -> int:
    game, seed = argv[0], int(argv[1])
    m = new_match(game, seed)
    session = session_for(m, pace=INSTANT, autosave=True)
    save = session.autosave
    assert isinstance(save, MatchAutosave) and save.save is not None
    print("SLOT", save.save.path, flush=True)
    for line in sys.stdin:
        word, *rest = line.split()
        if word == "play":
            session.play_out(len(m.log.entries) + int(rest[0]))
            print(len(m.log.entries), flush=True)
        elif word == "quit":
            break
    session.leave()
    if save.error is not None:
        print(save.error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
