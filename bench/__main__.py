"""Print one JSON object of named figures, each baseline measured in the same run beside its figure."""
from __future__ import annotations

import json
import os
from typing import Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries the JSON object only

from bench import autosave, bierpong, bierpong_game, board, dice_bots, editor, lemans, movegen, pong, pong_frame, startup, throws, tracks  # noqa: E402

Figure = tuple[str, Callable[[], float]]

# (figure, its baseline or None); a ratio figure/baseline is added for each pair
FIGURES: list[tuple[Figure, Figure | None]] = [
    (("throw_eval_ns", throws.throw_eval_ns), ("baseline_dict_lookup_ns", throws.baseline_dict_lookup_ns)),
    (("bot_decision_us", dice_bots.bot_decision_us), None),
    (("schock_games_per_s", dice_bots.schock_games_per_s), None),
    (("first_frame_ms", startup.first_frame_ms), ("baseline_bare_window_ms", startup.baseline_bare_window_ms)),
    (("track_load_ms", tracks.track_load_ms), ("baseline_yaml_parse_ms", tracks.baseline_yaml_parse_ms)),
    (("board_frame_ms", board.board_frame_ms), ("baseline_blit_frame_ms", board.baseline_blit_frame_ms)),
    (("movegen_us", movegen.movegen_us), ("baseline_bruteforce_us", movegen.baseline_bruteforce_us)),
    (("lemans_24h_s", lemans.lemans_24h_s), None),
    # the same baseline as the board's, measured again beside the editor (the issue names it)
    (("editor_frame_ms", editor.editor_frame_ms), ("editor_baseline_blit_frame_ms", board.baseline_blit_frame_ms)),
    (("throw_ms", pong.throw_ms), ("baseline_bare_pymunk_throw_ms", pong.baseline_bare_pymunk_throw_ms)),
    (("pong_frame_ms", pong_frame.pong_frame_ms), ("pong_baseline_blit_frame_ms", board.baseline_blit_frame_ms)),
    (("demo_solve_s", bierpong.demo_solve_s), None),
    (("bierpong_bot_game_s", bierpong_game.bierpong_bot_game_s), None),
    (("autosave_ms", autosave.autosave_ms), ("baseline_plain_save_ms", autosave.baseline_plain_save_ms)),
]


def figures() -> dict[str, float]:
    out: dict[str, float] = {}
    for (name, fn), base in FIGURES:
        out[name] = round(fn(), 3)
        if base is not None:
            bname, bfn = base
            out[bname] = round(bfn(), 3)
            stem = name.rsplit("_", 1)[0]
            out[f"{stem}_ratio"] = round(out[name] / out[bname], 3) if out[bname] else float("nan")
    return out


if __name__ == "__main__":
    print(json.dumps(figures(), indent=1))
