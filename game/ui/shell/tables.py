"""The table a match is played at, found through the scene registry (`game.ui.scenes`): its game's
match scene, served to the other laptops when a player is remote."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.descriptor import load
from game.i18n import _
from game.ui.scenes import scene_info

if TYPE_CHECKING:
    from game.match import Match
    from game.ui.common.scene import Host, OverlayScene


def match_scene(host: Host, match: Match, save_path: str | Path | None = None, coach: bool = True,
                autosave: bool = True, session: Any = None) -> OverlayScene:
    """The scene that plays `match` (its game's, found through the registry). `autosave=False`: the
    scene writes no autosave (the replay viewer's, a seat joined from afar); `session`: a session
    made elsewhere (a remote seat's) in place of the scene's own."""
    info = scene_info(match.info.name)
    kwargs: dict[str, Any] = {"save_path": save_path, "autosave": autosave}
    if info.coach:
        kwargs["coach"] = coach
    if session is not None:
        kwargs["session"] = session
    scene: OverlayScene = load(info.match)(host, match, **kwargs)
    return scene


def hosted_scene(host: Host, match: Match, save_path: str | Path | None = None, coach: bool = True,
                 announce: bool = True, port: int | None = None, remote_timeout: float | None = None) -> OverlayScene:
    """The match scene, its table served to the other laptops when a player is remote (`game.net`);
    ValueError when no port can be opened."""
    from game.net.hosting import DEFAULT_PORT, HostedTable, remote_players

    scene = match_scene(host, match, save_path, coach)
    if not remote_players(match):
        return scene
    try:
        scene.table = HostedTable(scene.session, port=DEFAULT_PORT if port is None else port, announce=announce,  # type: ignore[attr-defined]
                                  remote_timeout=remote_timeout)
    except OSError as e:
        scene.closed()
        raise ValueError(_("The table cannot be opened to the network: {error}").format(error=e)) from None
    return scene


def joined_scene(host: Host, session: Any) -> OverlayScene:
    """The match scene for a seat joined from afar (or a spectator): the host's scene for its game."""
    return match_scene(host, session.match, session=session, autosave=False)
