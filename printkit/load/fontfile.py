"""A kit's TrueType font measured from its table directory before any font library parses it.

reportlab trusts what a font says of itself: a character map that claims four billion characters
is walked character by character (seconds before anything is refused), and a damaged `loca` table
(glyph offsets out of order or past the glyph data) is only read when a page is saved, so `check`
passed a font that crashed the build. Here the tables a font library relies on are checked
against their own sizes, cheaply and in pure Python: the table directory, `head`, `maxp`, `loca`
against `glyf`, and the number of characters `cmap` maps (limits.MAX_FONT_CHARACTERS).
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from typing import Any

from printkit.core import limits

_REQUIRED = (b"head", b"maxp", b"cmap", b"loca", b"glyf", b"hmtx", b"hhea")
_UNICODE = 0x110000


class DamagedFont(ValueError):
    """The font's tables contradict themselves; the message says which, for the user."""


def check_font_tables(data: bytes) -> None:
    """Raise DamagedFont when a TrueType font's tables are missing, out of the file, or claim
    more than they hold. (A collection, ttcf, is checked by the library that opens it.)"""
    if data[:4] == b"ttcf":
        return
    tables = _table_directory(data)
    missing = [tag.decode() for tag in _REQUIRED if tag not in tables]
    if missing:
        raise DamagedFont(f"it has no {', '.join(missing)} table")
    glyphs = _unpack(">H", tables[b"maxp"], 4, "maxp")[0]
    long_offsets = _unpack(">h", tables[b"head"], 50, "head")[0] == 1
    _check_loca(tables[b"loca"], len(tables[b"glyf"]), glyphs, long_offsets)
    _check_cmap(tables[b"cmap"])


def _table_directory(data: bytes) -> dict[bytes, bytes]:
    count = _unpack(">H", data, 4, "the table directory")[0]
    if count > 512:
        raise DamagedFont(f"its table directory lists {count:,} tables")
    tables = {}
    for index in range(count):
        tag, _, offset, length = _unpack(">4sIII", data, 12 + 16 * index, "the table directory")
        if offset + length > len(data):
            raise DamagedFont(
                f"its {tag.decode('latin-1')!r} table reaches past the end of the file"
            )
        tables[tag] = data[offset : offset + length]
    return tables


def _unpack(layout: str, data: bytes, offset: int, table: str) -> tuple[Any, ...]:
    try:
        return struct.unpack_from(layout, data, offset)
    except struct.error:
        raise DamagedFont(f"its {table} is cut short") from None


def _check_loca(loca: bytes, glyf_size: int, glyphs: int, long_offsets: bool) -> None:
    """`loca` holds glyphs + 1 offsets into `glyf`, in order, none past its end."""
    size, scale = (4, 1) if long_offsets else (2, 2)
    if len(loca) < (glyphs + 1) * size:
        raise DamagedFont(f"its loca table holds fewer than the {glyphs + 1:,} offsets it needs")
    offsets = struct.unpack_from(f">{glyphs + 1}{'I' if long_offsets else 'H'}", loca)
    previous = 0
    for glyph, offset in enumerate(offsets):
        at = offset * scale
        if at < previous or at > glyf_size:
            raise DamagedFont(f"its loca table is damaged (glyph {glyph}'s offset is out of range)")
        previous = at


def _check_cmap(cmap: bytes) -> None:
    """Each Unicode subtable maps at most the characters Unicode has."""
    for offset in _subtables(cmap):
        fmt = _unpack(">H", cmap, offset, "cmap")[0]
        if fmt in (12, 13):
            _check_groups(cmap, offset)


def _subtables(cmap: bytes) -> Iterator[int]:
    count = _unpack(">H", cmap, 2, "cmap")[0]
    for index in range(count):
        offset = _unpack(">I", cmap, 4 + 8 * index + 4, "cmap")[0]
        if offset >= len(cmap):
            raise DamagedFont("its cmap table points past its own end")
        yield offset


def _check_groups(cmap: bytes, offset: int) -> None:
    length, _, groups = _unpack(">III", cmap, offset + 4, "cmap")
    if groups * 12 + 16 > length or offset + length > len(cmap):
        raise DamagedFont(f"its cmap table claims {groups:,} groups it does not hold")
    mapped = 0
    for index in range(groups):
        start, end, _ = _unpack(">III", cmap, offset + 16 + 12 * index, "cmap")
        if end < start or end >= _UNICODE:
            raise DamagedFont(f"its cmap table maps characters beyond Unicode (up to {end:#x})")
        mapped += end - start + 1
        if mapped > limits.MAX_FONT_CHARACTERS:
            raise DamagedFont(
                f"its cmap table maps more than {mapped:,} characters; the limit "
                f"(MAX_FONT_CHARACTERS) is {limits.MAX_FONT_CHARACTERS:,}"
            )
