"""An editor in a real window (dummy video) for the kill tests (issue 18).

    python tests/editor_worker.py TRACK_FILE EDITS

Opens the editor on TRACK_FILE (a new track if it does not exist), makes EDITS edits (a field
laid at q = 0 … EDITS-1 on row 9, as a paint stroke would), printing `edit N` after each, then
`ready`, and runs the window until it is closed or killed; prints `exit CODE` when `App.run` ends.
"""
from __future__ import annotations

import sys
from pathlib import Path

if __name__ == "__main__":  # run as a script from anywhere: the project's root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.hexgrid import Hex  # noqa: E402

ROW = 9


def laid(edits: int) -> set[Hex]:
    """The fields the worker lays."""
    return {Hex(q, ROW) for q in range(edits)}


def main(argv: list[str]) -> int:
    from game.ui.common.app import App
    from game.ui.editor.editor import EditorScene, open_editor

    path, edits = argv[0], int(argv[1])
    app = App((960, 640))
    scene = EditorScene(app, open_editor(path))
    app.push(scene)
    for q in range(edits):
        field = [Hex(q, ROW)]
        scene.apply(lambda d: d.paint(field), "paint")
        app.step(1 / 60)
        print("edit", q, flush=True)
    print("ready", flush=True)
    code = app.run()
    print("exit", code, flush=True)
    app.close()
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
