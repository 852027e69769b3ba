"""The dice pad of a race at a real table (issue 32, `docs/real-table.md`): while the session waits for
a person here to enter a throw (`Session.entering()`), the controls under the board become a pad –
the six faces to click, or digits typed, Backspace takes one back, Enter sends them with
`Session.enter`. A refusal stays on the pad with the referee's reason; nothing is logged. The roll
for the start order takes one die, each player his own; a turn the gear's dice, then the 5s and 6s
thrown again, one throw at a time, as the session asks. Functions of the scene and a small state.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.racerbile.words import throw_dice, throw_prompt
from game.ui.common import theme
from game.ui.common.theme import fit_text
from game.ui.common.words import HOST_SWITCHES, refusal_words
from game.ui.dice.dice_view import DieArt

if TYPE_CHECKING:
    from game.ui.race.race import RaceScene

MAX_TYPED = 8  # digits kept on the pad (more is refused by the referee anyway)
DIGITS = {getattr(pygame, f"K_{d}"): d for d in range(10)} | {getattr(pygame, f"K_KP{d}"): d for d in range(10)}


@dataclass
class DicePad:
    """What the pad holds: the faces typed so far, the last refusal, where its parts were drawn."""

    faces: list[int] = field(default_factory=list)
    error: str = ""
    rects: dict[str, pygame.Rect] = field(default_factory=dict)  # "1"…"6", "back", "send"
    asked: tuple[int, int, int] = (-1, -1, -1)  # (entries, seat, dice) the pad was last cleared for
    art: DieArt | None = None


def pad_seat(sc: RaceScene) -> int | None:
    """The seat a person here enters a throw for now (None: the pad is closed)."""
    s = sc.session
    if sc.replaying or sc.playing is not None or sc.shows or sc.modal is not None or not s.entering():
        return None
    return next((i for i in s.enterers() if sc.is_human(i)), None)


def wanted(sc: RaceScene) -> int:
    """How many dice the session waits for: one in the roll for the order, else the throw's."""
    return throw_dice(sc.state)


def prompt(sc: RaceScene, seat: int) -> str:
    """What the pad asks for, in words: whose throw, how many dice, which."""
    return throw_prompt(sc.state, seat)


def refresh(sc: RaceScene) -> None:
    """A new throw asked for: the pad starts empty (a refusal's faces stay to be mended)."""
    pad = sc.pad
    seat = pad_seat(sc)
    now = (len(sc.match.log.entries), -1 if seat is None else seat, wanted(sc))
    if now != pad.asked:
        pad.asked = now
        pad.faces.clear()
        pad.error = ""


def add(sc: RaceScene, face: int) -> None:
    if len(sc.pad.faces) < MAX_TYPED:
        sc.pad.faces.append(face)
        sc.pad.error = ""


def send(sc: RaceScene) -> bool:
    """Enter the faces on the pad: logged (None) or refused, the reason shown on the pad."""
    seat = pad_seat(sc)
    pad = sc.pad
    if seat is None:
        return False
    if not pad.faces:
        pad.error = _("click the faces the dice show first (or type them)")
        return False
    refusal = sc.session.enter(seat, " ".join(map(str, pad.faces)))
    if refusal is not None:
        pad.error = refusal_words(str(refusal))
        sc.toast.show(pad.error, "error")
        return False
    pad.faces.clear()
    pad.error = ""
    return True


def key(sc: RaceScene, k: int) -> bool:
    """A key for the pad (digits, Backspace, Enter) while it is open: taken (True) or not."""
    if pad_seat(sc) is None:
        return False
    if k in DIGITS:
        add(sc, DIGITS[k])
    elif k == pygame.K_BACKSPACE:
        if sc.pad.faces:
            sc.pad.faces.pop()
        sc.pad.error = ""
    elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        send(sc)
    else:
        return False
    return True


def click(sc: RaceScene, pos: tuple[int, int]) -> bool:
    """A click on the pad: a face, Backspace's button, Enter's button (True: the pad took it)."""
    if pad_seat(sc) is None:
        return False
    for name, r in sc.pad.rects.items():
        if r.collidepoint(pos):
            if name == "back":
                key(sc, pygame.K_BACKSPACE)
            elif name == "send":
                send(sc)
            else:
                add(sc, int(name))
            return True
    return False


def draw(sc: RaceScene, surface: pygame.Surface) -> None:
    """The pad over the controls under the board: what is asked, six faces, ⌫ and Enter, what is typed
    (or the refusal's reason)."""
    pad = sc.pad
    seat = pad_seat(sc)
    pad.rects = {}
    if seat is None:
        return
    L = sc.L
    s = L.s
    c = L.controls
    pygame.draw.rect(surface, (34, 22, 13), c.inflate(-4, -4))
    m = int(12 * s)
    f = sc.fonts
    size = max(11, int(15 * s))
    line = f.font(size, "bold").get_linesize()
    x, y, w = c.x + m, c.y + int(6 * s), c.w - 2 * m
    surface.blit(fit_text(f, prompt(sc, seat), size, w, theme.CHALK_YELLOW, "bold"), (x, y))
    bottom_line = c.bottom - int(6 * s) - line
    top = y + line + int(4 * s)
    die = max(24, min(int(44 * s), bottom_line - top - int(4 * s)))
    if pad.art is None or pad.art.size != die:
        pad.art = DieArt(die)
    gap = max(4, int(8 * s))
    mouse = pygame.mouse.get_pos()
    for n in range(1, 7):
        r = pygame.Rect(x + (n - 1) * (die + gap), top, die, die)
        pad.rects[str(n)] = r
        surface.blit(pad.art.face(n), r)
        if r.collidepoint(mouse):
            pygame.draw.rect(surface, theme.BRASS, r.inflate(4, 4), 2, border_radius=int(die * 0.25))
    bx = x + 6 * (die + gap) + gap
    for name, text in (("back", _("← Back")), ("send", _("Enter ↵"))):
        tw = f.size(text, size, "bold")[0] + int(24 * s)
        r = pygame.Rect(bx, top, min(tw, max(40, c.right - m - bx)), die)
        if r.w <= 0:
            continue
        pad.rects[name] = r
        ready = name == "send" and len(pad.faces) == wanted(sc)
        theme.rounded_panel(surface, r, theme.RED if ready else theme.WOOD, theme.BRASS if r.collidepoint(mouse) or ready else theme.BRASS_DARK,
                            int(8 * s), 2)
        img = fit_text(f, text, size, r.w - 8, theme.CREAM, "bold")
        surface.blit(img, img.get_rect(center=r.center))
        bx = r.right + gap
    if pad.error:
        status, color = pad.error, theme.CHALK_RED
    else:
        typed = " ".join(map(str, pad.faces)) or "–"
        status = _("entered: {faces} ({n} of {want}) · Enter sends · Backspace takes one back").format(faces=typed, n=len(pad.faces), want=wanted(sc))
        color = theme.CREAM
    surface.blit(fit_text(f, status, max(10, int(14 * s)), w, color, "bold" if pad.error else "regular"), (x, bottom_line))


def switch(sc: RaceScene) -> None:
    """Switch between a real table and simulated dice (between turns): logged with who switched, said
    on a banner and a toast – or the refusal's reason."""
    s = sc.session
    if sc.replaying or sc.watching():
        return
    if getattr(s.authority, "client", None) is not None:  # (from another laptop the host switches)
        sc.toast.show(_(HOST_SWITCHES), "error")
        return
    real = not s.real_table()
    seat = sc.me()
    refusal = s.switch_table(seat, real)
    if refusal is not None:
        sc.toast.show(str(refusal), "error")
        return
    name = sc.match.players[seat].name
    head = _("Real table") if real else _("Simulated table")
    said = (_("{name} switched to a real table: the drivers enter the dice they roll") if real
            else _("{name} switched to a simulated table: the program rolls the dice")).format(name=name)
    sc.banners.push(head, said, "info", 1.6)
    sc.toast.show(said, seconds=5)
