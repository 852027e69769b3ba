"""Print one JSON object of named figures, each baseline measured in the same run."""
from __future__ import annotations

import json
import sys
from typing import Callable

from bench import startup, throws


def figures() -> dict[str, float]:
    out: dict[str, float] = {}
    runs: list[tuple[str, Callable[[], float]]] = [
        ("throw_eval_ns", throws.throw_eval_ns),
        ("baseline_dict_lookup_ns", throws.baseline_dict_lookup_ns),
    ]
    try:
        from bench import dice_bots

        runs += [
            ("bot_decision_us", dice_bots.bot_decision_us),
            ("schock_games_per_s", dice_bots.schock_games_per_s),
        ]
    except ImportError as e:  # pragma: no cover - reported, not hidden
        print(f"bench: bots not measured: {e}", file=sys.stderr)
    runs += [
        ("first_frame_ms", startup.first_frame_ms),
        ("baseline_bare_window_ms", startup.baseline_bare_window_ms),
    ]
    from bench import board

    runs += [
        ("board_frame_ms", board.board_frame_ms),
        ("baseline_blit_frame_ms", board.baseline_blit_frame_ms),
    ]
    from bench import tracks

    runs += [
        ("track_load_ms", tracks.track_load_ms),
        ("baseline_yaml_parse_ms", tracks.baseline_yaml_parse_ms),
    ]
    for name, fn in runs:
        out[name] = round(fn(), 3)
    if out.get("baseline_bare_window_ms"):
        out["first_frame_ratio"] = round(out["first_frame_ms"] / out["baseline_bare_window_ms"], 3)
    if out.get("baseline_blit_frame_ms"):
        out["board_frame_ratio"] = round(out["board_frame_ms"] / out["baseline_blit_frame_ms"], 3)
    if out.get("baseline_yaml_parse_ms"):
        out["track_load_ratio"] = round(out["track_load_ms"] / out["baseline_yaml_parse_ms"], 3)
    if out.get("baseline_dict_lookup_ns"):
        out["throw_eval_ratio"] = round(out["throw_eval_ns"] / out["baseline_dict_lookup_ns"], 3)
    return out


if __name__ == "__main__":
    print(json.dumps(figures(), indent=1))
