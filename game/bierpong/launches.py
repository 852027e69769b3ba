"""The ball launches a Bierpong entry keeps in its detail, checked where they enter (a saved match,
a journal): finite numbers in the ranges of the shot lab (`game.bierpong.shotfile`), a side of
the table that exists."""
from __future__ import annotations

import math
from typing import Any, Callable

from physics.constants import CONST

MAX_LAUNCH_SPEED = 50.0  # m/s: far beyond any arm (a shot file allows 20)
MAX_SPIN = 2000.0  # rad/s, each axis (as a shot file)
MAX_AFTER = 100_000  # fixed steps between a throw's balls
RELEASE = ((-1.0, CONST.table_length + 1.0), (-1.5, 1.5), (0.0, 3.0))  # m: x along, y across, z above the table top


def _finite(x: Any) -> bool:
    """A finite number (a whole number of hundreds of digits is none: it is no float)."""
    if isinstance(x, bool):
        return False
    if isinstance(x, int):
        return abs(x) <= 10**300
    return isinstance(x, float) and math.isfinite(x)


def launch_problem(detail: Any) -> str | None:
    """What is wrong with the launches of an entry's detail (None: nothing, or no launches)."""
    if not isinstance(detail, dict) or "throws" not in detail:
        return None
    throws = detail["throws"]
    if not isinstance(throws, list) or len(throws) > 8:
        return "the detail's throws must be a list of at most 8 launches"
    for i, t in enumerate(throws, 1):
        where = f"launch {i}"
        if not isinstance(t, dict):
            return f"{where} is not a JSON object"
        if "player" in t and not isinstance(t["player"], str):  # (a launch lacking a part is no launch the viewer throws)
            return f"{where}: the player is a name"
        for key in ("release", "velocity", "spin"):
            v = t.get(key, [0.0, 0.0, 0.0])
            if not isinstance(v, list) or len(v) != 3 or not all(_finite(x) for x in v):
                return f"{where}: {key} must be three finite numbers"
        r, v, s = (t.get(k, [0.0, 0.0, 0.0]) for k in ("release", "velocity", "spin"))
        for axis, x, (lo, hi) in zip("xyz", r, RELEASE):
            if not lo <= x <= hi:
                return f"{where}: the release point's {axis} = {x:g} m is off the table (from {lo:g} to {hi:g} m{'; the table top is z = 0' if axis == 'z' else ''})"
        if math.hypot(*v) > MAX_LAUNCH_SPEED:
            return f"{where}: a launch speed of {math.hypot(*v):g} m/s (at most {MAX_LAUNCH_SPEED:g})"
        if any(abs(x) > MAX_SPIN for x in s):
            return f"{where}: a spin of more than {MAX_SPIN:g} rad/s"
        from physics.world import Throw, throw_problem  # (the table's own limits, as a throw there meets them)

        problem = throw_problem(Throw(tuple(r), tuple(v), tuple(s)))
        if problem is not None:
            return f"{where}: {problem}"
        after = t.get("after", 0)
        if not isinstance(after, int) or isinstance(after, bool) or not 0 <= after <= MAX_AFTER:
            return f"{where}: after must be a whole number of steps from 0 to {MAX_AFTER}"
        side = t.get("side")
        if side is not None and (not isinstance(side, int) or isinstance(side, bool) or side not in (0, 1)):
            return f"{where}: the side thrown at is 0 or 1, not {side!r:.20}"
    return None


def launch_mismatch(action: Any, detail: Any, team_of: Callable[[str], int]) -> str | None:
    """Where the launches of an entry's detail disagree with its action, the throw its ruling
    replays (None: they agree, or there are none): a ball is launched by a player the action
    names, one launch a ball (two for both at once, bierpong.art4), at the other team's cups
    (bierpong.art8); an action that throws no ball keeps no launches. `team_of(player)`: his team."""
    from game.bierpong.actions import Throw, ThrowoffBall, Together

    if not isinstance(detail, dict) or not detail.get("throws"):
        return None
    throws = detail["throws"]
    if isinstance(action, (Throw, ThrowoffBall)):
        named = [action.player]
    elif isinstance(action, Together):
        named = [action.first.player, action.second.player]
    else:
        return f"{type(action).__name__.lower()} throws no ball, yet its entry keeps {len(throws)} launch{'es' if len(throws) != 1 else ''}"
    if len(throws) > len(named):
        return f"{len(throws)} launches for the {'ball' if len(named) == 1 else 'two balls'} of {' and '.join(named)}"
    whose = [t.get("player") for t in throws if isinstance(t, dict)]
    for t in throws:
        who = t.get("player")
        if who is None:
            continue
        if who not in named:
            return f"a launch by {who!r:.40}, but the ball is {' and '.join(named)}'s"
        side = t.get("side")
        if side is not None and side != 1 - team_of(who):
            return f"{who}'s ball launched at side {side}: the cups of his own team (a ball goes at the other team's, bierpong.art8)"
    if len(named) == 2 and len(whose) == 2 and whose[0] == whose[1] and named[0] != named[1]:
        return f"both launches are {whose[0]}'s, but the balls are {' and '.join(named)}'s"
    return None
