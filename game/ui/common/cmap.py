"""Which characters a font file has, read from its character map (the `cmap` table of a TrueType or
OpenType file): no font engine started, no glyph loaded – the text path asks this for every new letter.

It answers as FreeType does (the Unicode map it picks: a full one, platform 3 encoding 10 or platform
0 encoding 4/6, before a BMP one; a glyph index 0 or past the font's glyphs is no glyph). A file this
cannot read (a collection, another map format) answers None: ask FreeType then.
"""
from __future__ import annotations

import struct
from bisect import bisect_left
from functools import cache
from pathlib import Path


class CharMap:
    """One Unicode character map of a font file."""

    def __init__(self, data: bytes, num_glyphs: int) -> None:
        self._data = data  # the subtable, from its format field on
        self._glyphs = num_glyphs
        fmt = struct.unpack_from(">H", data)[0]
        self._fmt = fmt
        if fmt == 4:
            n = struct.unpack_from(">H", data, 6)[0] // 2
            self._ends = struct.unpack_from(f">{n}H", data, 14)
            self._starts = struct.unpack_from(f">{n}H", data, 16 + 2 * n)
            self._deltas = struct.unpack_from(f">{n}h", data, 16 + 4 * n)
            self._ranges_at = 16 + 6 * n
            self._ranges = struct.unpack_from(f">{n}H", data, self._ranges_at)
        elif fmt == 12:
            n = struct.unpack_from(">I", data, 12)[0]
            flat = struct.unpack_from(f">{3 * n}I", data, 16)  # (first character, last character, first glyph) each
            self._starts, self._ends, self._first = flat[0::3], flat[1::3], flat[2::3]
        else:
            raise ValueError(f"cmap format {fmt}")

    def glyph(self, code: int) -> int:
        """The glyph index of `code` (0: none)."""
        i = bisect_left(self._ends, code)
        if i == len(self._ends) or self._starts[i] > code:
            return 0
        if self._fmt == 12:
            g = self._first[i] + code - self._starts[i]
        elif self._ranges[i] == 0:
            g = (code + self._deltas[i]) & 0xFFFF
        else:
            at = self._ranges_at + 2 * i + self._ranges[i] + 2 * (code - self._starts[i])
            if at + 2 > len(self._data):
                return 0
            g = struct.unpack_from(">H", self._data, at)[0]
            if g:
                g = (g + self._deltas[i]) & 0xFFFF
        return g if g < self._glyphs else 0

    def has(self, ch: str) -> bool:
        return self.glyph(ord(ch)) != 0


_FULL = ((3, 10), (0, 6), (0, 4))  # maps past the BMP, preferred
_BMP = ((3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


@cache
def char_map(path: str) -> CharMap | None:
    """The character map of the font file at `path` (read once), or None when it cannot be read here."""
    try:
        with Path(path).open("rb") as f:
            head = f.read(12)
            if len(head) < 12 or head[:4] not in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
                return None
            count = struct.unpack_from(">H", head, 4)[0]
            tables: dict[bytes, tuple[int, int]] = {}
            directory = f.read(16 * count)
            for k in range(count):
                tag, _sum, offset, length = struct.unpack_from(">4sIII", directory, 16 * k)
                tables[tag] = (offset, length)
            if b"cmap" not in tables or b"maxp" not in tables:
                return None
            f.seek(tables[b"maxp"][0] + 4)
            num_glyphs = struct.unpack(">H", f.read(2))[0]
            offset, length = tables[b"cmap"]
            f.seek(offset)
            cmap = f.read(length)
        n = struct.unpack_from(">H", cmap, 2)[0]
        subtables: dict[tuple[int, int], int] = {}
        for k in range(n):
            platform, encoding, at = struct.unpack_from(">HHI", cmap, 4 + 8 * k)
            subtables.setdefault((platform, encoding), at)
        for key in (*_FULL, *_BMP):
            at = subtables.get(key)
            if at is None:
                continue
            fmt = struct.unpack_from(">H", cmap, at)[0]
            if fmt == 12 and key in _FULL:
                size = struct.unpack_from(">I", cmap, at + 4)[0]
            elif fmt == 4 and key in _BMP:
                size = struct.unpack_from(">H", cmap, at + 2)[0]
            else:
                continue
            return CharMap(cmap[at: at + size], num_glyphs)
        return None
    except (OSError, struct.error, ValueError, IndexError):
        return None
