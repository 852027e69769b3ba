"""Issue 31: a hosted table's corner shows a QR code a phone scans to open the table's page with the
join code filled in (`http://IP:PORT/#CODE`), and the short address beside the join code. The code
is read back from the window's pixels – each module's centre, as a camera reads the screen – and
compared with what `segno` makes of the address; real windows (dummy driver), real hosts on the
network, at 1600×1000 and 960×640 in English, German and Danish."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pygame
import pytest
import segno

from game.i18n import _, set_language
from game.match import Match, PlayerSpec
from game.net.web_files import join_url, short_address
from game.ui.common.app import App
from game.ui.common.join_qr import QUIET, DrawnQR, qr_matrix
from game.ui.common.table_panel import table_lines
from game.ui.shell.tables import hosted_scene

ROOT = Path(__file__).resolve().parents[2]
SIZES = ((1600, 1000), (960, 640))
LANGS = ("en", "de", "da")


def _dark(surface: pygame.Surface, x: int, y: int) -> bool:
    return sum(surface.get_at((x, y))[:3]) < 384


def read_qr(surface: pygame.Surface, drawn: DrawnQR) -> list[list[bool]]:
    """The modules the pixels show (each module's centre: dark or not), the quiet zone with them."""
    m, half = drawn.module, drawn.module // 2
    x0, y0 = drawn.origin[0] - QUIET * m, drawn.origin[1] - QUIET * m
    n = drawn.size + 2 * QUIET
    return [[_dark(surface, x0 + c * m + half, y0 + r * m + half) for c in range(n)] for r in range(n)]


def segno_modules(url: str) -> list[list[bool]]:
    """The QR code segno makes of `url`, with its 4-module quiet zone."""
    return [[bool(v) for v in row] for row in segno.make(url, error="m", micro=False).matrix_iter(scale=1, border=QUIET)]


def _area(scene: Any) -> pygame.Rect:
    """The game's own area of a scene: the felt, the board, the beer-pong viewport."""
    for name in ("felt", "board"):
        L = getattr(scene, "L", None)
        if L is not None and hasattr(L, name):
            return pygame.Rect(getattr(L, name))
    rect: pygame.Rect = scene.viewport()
    return rect


MATCHES: dict[str, Callable[[], Match]] = {
    "schock": lambda: Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bo", "remote"), PlayerSpec("Cem", "bot")], seed=3),
    "racerbile": lambda: Match("racerbile", [PlayerSpec("Anna"), PlayerSpec("Bo", "remote")], seed=3, track="babybane"),
    "bierpong": lambda: Match("bierpong", [PlayerSpec("Anna"), PlayerSpec("Bo", "remote")], seed=3),
}


@pytest.mark.parametrize("game", list(MATCHES))
def test_the_hosted_tables_corner_shows_a_qr_code_that_reads_back_as_the_page_with_the_join_code(
        app: App, game: str, tmp_path: Path) -> None:
    scene: Any = hosted_scene(app, MATCHES[game](), announce=False, port=0)
    app.push(scene)
    try:
        table = scene.table
        url = join_url(table.url, table.code)
        assert url == f"{short_address(table.url)}/#{table.code}" and url.startswith("http://")
        for size in SIZES:
            app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            scene.resize(size)
            for lang in LANGS:
                set_language(lang)
                for _i in range(3):
                    app.step(0.05)
                drawn: DrawnQR = scene.join_qr
                assert drawn is not None and drawn.text == url, (size, lang)
                surface = app.screen
                # what a camera reads off the screen is the code segno makes of the page's address
                assert read_qr(surface, drawn) == segno_modules(url), (game, size, lang)
                assert [r[QUIET:-QUIET] for r in read_qr(surface, drawn)[QUIET:-QUIET]] == [list(r) for r in qr_matrix(url)]
                # crisp: every pixel of a module has its centre's colour (whole-pixel rectangles, nothing blurred)
                m = drawn.module
                assert m >= 2
                for r in range(drawn.size):
                    for c in range(drawn.size):
                        x, y = drawn.origin[0] + c * m, drawn.origin[1] + r * m
                        want = qr_matrix(url)[r][c]
                        assert _dark(surface, x, y) == _dark(surface, x + m - 1, y + m - 1) == want
                # in the corner of the game's area, on the screen, not over the seats' corner at the top
                area = _area(scene)
                assert area.contains(drawn.card) and surface.get_rect().contains(drawn.card), (drawn.card, area)
                assert drawn.card.bottom > area.centery and drawn.card.right > area.centerx
                pygame.image.save(surface, str(tmp_path / f"host-qr-{game}-{lang}-{size[0]}x{size[1]}.png"))
        # the corner's first line: the short address beside the join code
        set_language("en")
        head = table_lines(scene.session, table)[0][0]
        assert short_address(table.url) in head and table.code in head and "ws://" not in head
    finally:
        set_language("en")
        app.pop()


def test_the_address_in_the_code_is_the_lan_address_a_phone_reaches(app: App) -> None:
    """Bound to every interface, the table names this machine's address on its network – the one
    a packet to another machine leaves from –, never the loopback while there is a network."""
    scene: Any = hosted_scene(app, MATCHES["schock"](), announce=False, port=0)
    app.push(scene)
    try:
        app.step(0.05)
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect(("10.255.255.255", 1))  # sends nothing: the way out of this machine
                lan = s.getsockname()[0]
        except OSError:
            lan = "127.0.0.1"  # no network at all: the loopback is all there is
        assert scene.join_qr.text == f"http://{lan}:{scene.table.host.port}/#{scene.table.code}"
    finally:
        app.pop()


def test_the_code_leaves_the_corner_once_every_seat_is_taken(app: App) -> None:
    """The code is for joining: while Bo's seat is free it shows; once Bo plays from afar (a real
    client on loopback) the corner is the game's again, and the table's box keeps the address."""
    from game.net.client import TableClient

    scene: Any = hosted_scene(app, MATCHES["schock"](), announce=False, port=0)
    app.push(scene)
    client = None
    try:
        app.step(0.05)
        assert scene.join_qr is not None
        client = TableClient(f"ws://127.0.0.1:{scene.table.host.port}", scene.table.code, seat="Bo")
        for _i in range(400):  # (bounded: a few seconds at most)
            client.pump()
            app.step(0.01)
            if scene.join_qr is None:
                break
        assert scene.join_qr is None and [s.state for s in scene.table.seats()] == ["connected"]
        assert short_address(scene.table.url) in table_lines(scene.session, scene.table)[0][0]
    finally:
        if client is not None:
            client.close()
        app.pop()


def test_a_table_nobody_joins_from_afar_shows_no_code(app: App) -> None:
    scene: Any = hosted_scene(app, Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bo", "bot")], seed=3), announce=False, port=0)
    app.push(scene)
    try:
        for _i in range(2):
            app.step(0.05)
        assert scene.table is None and scene.join_qr is None
    finally:
        app.pop()


def test_the_card_says_what_the_code_is_for_in_every_language() -> None:
    try:
        words = set()
        for lang in LANGS:
            set_language(lang)
            words.add(_("Scan with a phone to join"))
        assert len(words) == 3
    finally:
        set_language("en")


def test_stammtisch_host_prints_where_phones_and_laptops_join(tmp_path: Path) -> None:
    """`stammtisch host GAME` (a window): the address and the code on the host's own terminal."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    shot = tmp_path / "host.png"
    p = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "3", "--screenshot", str(shot), "host", "schock",
                        "--players", "Ann,Bo:remote", "--port", "0", "--no-announce"], capture_output=True, text=True, env=env, timeout=120,
                       stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stderr
    first, phones, laptops = p.stdout.splitlines()[:3]
    assert first.startswith("Table open: http://") and " · code " in first, p.stdout
    address, code = first.removeprefix("Table open: ").split(" · code ")
    assert phones.endswith(f"{address}/#{code}") and address in laptops and code in laptops
    assert pygame.image.load(str(shot)).get_size() == (1280, 800)  # the window drew its frames and stopped
