"""Building many long-lived immutable values at once (a log read, a replay, a snapshot loaded)
with the cyclic garbage collector paused: entries, rulings and states make (next to) no cycles,
so a collection would only scan them again and again. No pygame here."""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def paused_gc(*, freeze: bool = False) -> Iterator[None]:
    """The collector off inside (as it was after); with `freeze`, what exists at the end is moved
    out of its reach for good (`gc.freeze`: values that live as long as the match)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        if was:
            gc.enable()
