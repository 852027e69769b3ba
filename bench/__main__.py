"""Print one JSON object of named figures, each baseline measured in the same run beside its figure.

`python -m bench NAME …` measures only the figures whose name contains one of the NAMEs (with their
baselines), e.g. `python -m bench first_frame`."""
from __future__ import annotations

import gc
import json
import os
import sys
from typing import Callable, Sequence

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries the JSON object only

from bench import autosave, autosave_long, bierpong, bierpong_game, board, clip, dice_bots, editor, lan, lemans, longmatch, movegen, pong, pong_frame, replay, startup, throws, tracks, web_frame  # noqa: E402
from bench import web, web_views  # noqa: E402

Figure = tuple[str, Callable[[], float]]

# (figure, its baseline or None); a ratio figure/baseline is added for each pair (a figure listed
# again beside a second baseline is measured once: its ratio is `<stem>_vs_<baseline stem>_ratio`)
FIGURES: list[tuple[Figure, Figure | None]] = [
    (("throw_eval_ns", throws.throw_eval_ns), ("baseline_dict_lookup_ns", throws.baseline_dict_lookup_ns)),
    (("bot_decision_us", dice_bots.bot_decision_us), None),
    (("schock_games_per_s", dice_bots.schock_games_per_s), None),
    (("first_frame_ms", startup.first_frame_ms), ("baseline_bare_window_ms", startup.baseline_bare_window_ms)),
    (("first_frame_ms", startup.first_frame_ms), ("baseline_gui_window_ms", startup.baseline_gui_window_ms)),
    (("track_load_ms", tracks.track_load_ms), ("baseline_yaml_parse_ms", tracks.baseline_yaml_parse_ms)),
    (("board_frame_ms", board.board_frame_ms), ("baseline_blit_frame_ms", board.baseline_blit_frame_ms)),
    (("movegen_us", movegen.movegen_us), ("baseline_bruteforce_us", movegen.baseline_bruteforce_us)),
    # issue 15: the move tables made on a race's first move (5,000 fields beside le_mans), and the
    # worst move search on a 9-lane track beside the brute force on the same positions
    (("move_tables_ms_5k", movegen.move_tables_ms_5k), ("move_tables_ms_le_mans", movegen.move_tables_ms_le_mans)),
    (("movegen_wide_ms_worst", movegen.movegen_wide_ms_worst), ("baseline_wide_bruteforce_ms_worst", movegen.baseline_wide_bruteforce_ms_worst)),
    (("lemans_24h_s", lemans.lemans_24h_s), None),
    # the same baseline as the board's, measured again beside the editor (the issue names it)
    (("editor_frame_ms", editor.editor_frame_ms), ("editor_baseline_blit_frame_ms", board.baseline_blit_frame_ms)),
    (("editor_edit_ms_5k", editor.editor_edit_ms_5k), ("editor_edit_ms_le_mans", editor.editor_edit_ms_le_mans)),
    (("throw_ms", pong.throw_ms), ("baseline_bare_pymunk_throw_ms", pong.baseline_bare_pymunk_throw_ms)),
    (("throw_ms", pong.throw_ms), ("baseline_python_flight_ms", pong.baseline_python_flight_ms)),
    # issue 17: the match's default view in perspective, beside the blit and the top-down view
    (("pong_frame_ms", pong_frame.pong_frame_ms), ("pong_baseline_blit_frame_ms", board.baseline_blit_frame_ms)),
    (("pong_topdown_frame_ms", pong_frame.pong_topdown_frame_ms), None),
    (("clip_export_s", clip.clip_export_s), None),
    (("demo_solve_s", bierpong.demo_solve_s), None),
    # issue 15: the solver on a sparse rack and on a request it cannot solve, beside the same
    # candidates simulated to the end
    (("solver_sparse_roller_s", bierpong.solver_sparse_roller_s), ("baseline_sparse_unpruned_s", bierpong.baseline_sparse_unpruned_s)),
    (("solver_impossible_s", bierpong.solver_impossible_s), ("baseline_impossible_unpruned_s", bierpong.baseline_impossible_unpruned_s)),
    (("bierpong_bot_game_s", bierpong_game.bierpong_bot_game_s), None),
    (("autosave_ms", autosave.autosave_ms), ("baseline_plain_save_ms", autosave.baseline_plain_save_ms)),
    # issue 15: an autosaved action and Continue at 50,000 entries, each beside the same at 1,000
    (("autosave_ms_50k", autosave_long.autosave_ms_50k), ("autosave_ms_1k", autosave_long.autosave_ms_1k)),
    (("continue_s_50k", autosave_long.continue_s_50k), ("continue_s_1k", autosave_long.continue_s_1k)),
    # Continue from the snapshot beside the whole journal replayed first; the verification left for the frames
    (("continue_s_50k", autosave_long.continue_s_50k), ("baseline_continue_full_replay_s_50k", autosave_long.baseline_continue_full_replay_s_50k)),
    (("continue_verify_s_50k", autosave_long.continue_verify_s_50k), None),
    (("autosave_worst_ms_50k", autosave_long.autosave_worst_ms_50k), ("autosave_worst_ms_1k", autosave_long.autosave_worst_ms_1k)),
    # issue 28: the snapshot's share of the dearest action (the rest of it is the journal's synced write)
    (("autosave_snapshot_worst_ms_50k", autosave_long.autosave_snapshot_worst_ms_50k), ("autosave_snapshot_worst_ms_1k", autosave_long.autosave_snapshot_worst_ms_1k)),
    # issue 15: undo at 50,000 entries and one race action (session + scene) at 80,000, beside the same at 1,000
    (("undo_ms_50k", longmatch.undo_ms_50k), ("undo_ms_1k", longmatch.undo_ms_1k)),
    (("race_action_ms_80k", longmatch.race_action_ms_80k), ("race_action_ms_1k", longmatch.race_action_ms_1k)),
    # issue 15: the replay viewer on a 95,000-entry Le Mans (open, a step, the peak memory of opening), beside the same at 1,000
    (("replay_open_s_95k", replay.replay_open_s_95k), ("replay_open_s_1k", replay.replay_open_s_1k)),
    (("replay_verify_s_95k", replay.replay_verify_s_95k), None),
    (("replay_read_s_95k", replay.replay_read_s_95k), None),
    (("replay_step_ms_95k", replay.replay_step_ms_95k), ("replay_step_ms_1k", replay.replay_step_ms_1k)),
    (("replay_peak_mib_95k", replay.replay_peak_mib_95k), ("replay_peak_mib_1k", replay.replay_peak_mib_1k)),
    # issue 16: one action from a client through the host to 7 players and 20 spectators, beside a bare echo
    # (the first ratio is the goal's; the others say what reading 27 laptops on one machine adds)
    (("lan_action_ms", lan.lan_action_ms), ("baseline_ws_echo_ms", lan.baseline_ws_echo_ms)),
    (("lan_action_all_read_ms", lan.lan_action_all_read_ms), ("baseline_ws_echo_ms", lan.baseline_ws_echo_ms)),
    (("lan_action_one_process_ms", lan.lan_action_one_process_ms), ("baseline_ws_echo_ms", lan.baseline_ws_echo_ms)),
    (("lan_spectators_at_50ms", lan.lan_spectators_at_50ms), None),
    # issue 28: the same action at a 12,000-entry table while 10 connections join it in a loop, beside
    # the first figure (goal: ≤ 2 ×); what the host grew by meanwhile, beside the entries' bytes it keeps
    (("lan_action_under_joins_ms", lan.lan_action_under_joins_ms), ("lan_action_ms", lan.lan_action_ms)),
    (("lan_joins_host_growth_mib", lan.lan_joins_host_growth_mib), ("lan_joins_cached_mib", lan.lan_joins_cached_mib)),
    (("lan_joins_per_s", lan.lan_joins_per_s), None),
    # issue 31: a phone's action until every other browser (8 phones, 20 watching) has the new view, beside
    # the bare echo (goal: ≤ 4 ×); the page in headless Chromium until the first drawn table, beside a blank page (≤ 500 ms)
    (("web_action_ms", web.web_action_ms), ("baseline_web_echo_ms", web.baseline_web_echo_ms)),
    # what making the views of one change takes the host of that table (no socket), beside the same table all in English
    (("web_views_ms", web_views.web_views_ms), ("web_views_one_language_ms", web_views.web_views_one_language_ms)),
    (("web_page_load_ms", web.web_page_load_ms), ("baseline_blank_page_ms", web.baseline_blank_page_ms)),
    (("web_frame_ms", web_frame.web_frame_ms), ("baseline_web_idle_frame_ms", web_frame.baseline_web_idle_frame_ms)),  # issue 31: Bierpong on a phone, CPU 4× throttled
]


def figures(only: Sequence[str] = ()) -> dict[str, float]:
    """Every figure, or those whose name contains one of `only`, each with its baseline and ratio."""
    out: dict[str, float] = {}
    for (name, fn), base in FIGURES:
        if only and not any(o in name for o in only):
            continue
        again = name in out
        if not again:
            gc.collect()  # each figure in a settled process: no garbage left over from the one before
            out[name] = round(fn(), 3)
        if base is not None:
            bname, bfn = base
            gc.collect()
            out[bname] = round(bfn(), 3)
            stem = name.rsplit("_", 1)[0]
            if again:
                stem += "_vs_" + bname.removeprefix("baseline_").rsplit("_", 1)[0]
            out[f"{stem}_ratio"] = round(out[name] / out[bname], 3) if out[bname] else float("nan")
    return out


if __name__ == "__main__":
    chosen = figures(sys.argv[1:])
    if not chosen:
        known = ", ".join(dict.fromkeys(name for (name, _), _b in FIGURES))
        sys.exit(f"bench: no figure's name contains {' or '.join(sys.argv[1:])!r}; the figures: {known}")
    print(json.dumps(chosen, indent=1))
