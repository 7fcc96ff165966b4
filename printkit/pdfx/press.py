"""The registered printing condition printkit converts for, and its shipped conversion table.

FOGRA39 is the ICC-registered characterization of ISO 12647-2:2004/Amd 1, paper type 1 or 2
(premium coated offset). PDF/X-1a lets a file name a registered condition without embedding a
profile; for that name to be honest, the colours must be converted for that condition.
printkit ships press.lut: a grid of 17 x 17 x 17 sRGB colours, each with the CMYK that
prints it in that condition, derived from Fogra's own characterisation data (FOGRA39L.ti3, zlib
licence: LICENSE-FOGRA39L.txt) by the development tool pdfx.derive, with relative colorimetric
rendering and black point compensation, gamut mapping that keeps each colour's hue, black
generation as a press profile's (greys built on black) and at most 300 % total ink.
Conversions interpolate it (pdfx.colours); a kit's or a service's lower ink limit is applied
to the table itself. Every install, on every system, converts the same way.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from functools import cache
from pathlib import Path

CONDITION = "FOGRA39"
CONDITION_TEXT = (
    "Offset printing, according to ISO 12647-2:2004/Amd 1, OFCOM, paper type 1 or 2 = "
    "premium coated, 115 g/m2, tone value increase curves A (CMY) and B (K)"
)
REGISTRY = "http://www.color.org"
DESCRIPTION = "Coated FOGRA39 (ISO 12647-2:2004), printkit's table from Fogra's FOGRA39L data"
LUT_PATH = Path(__file__).with_name("press.lut")
GRID = 17
TABLE_MAX_INK = 3.0  # the table's own total ink limit (300 %)
_MAGIC = b"PKLUT1"

INK = tuple[float, float, float, float]


def limit_ink(ink: INK, max_ink: float) -> INK:
    """The same colour within a total ink limit: the grey of C, M and Y moved to black first
    (under colour removal), then C, M and Y scaled down until the total fits."""
    c, m, y, k = ink
    if c + m + y + k <= max_ink + 1e-9:
        return ink
    grey = min(c, m, y, 1 - k)
    need = c + m + y + k - max_ink
    move = min(grey, need / 2)  # each unit of grey moved to K saves two units of ink
    c, m, y, k = c - move, m - move, y - move, k + move
    total = c + m + y
    room = max(0.0, max_ink - k)
    if total > room and total > 0:
        f = room / total
        c, m, y = c * f, m * f, y * f
    return (c, m, y, min(1.0, k))


def write_table(path: Path, table: Sequence[Sequence[float]]) -> None:
    """The table as press.lut: a header, then 4 bytes (C, M, Y, K, 0..255) per node, blue
    varying slowest and red fastest (the order Pillow's Color3DLUT reads). Each node is
    rounded so its total ink stays within TABLE_MAX_INK."""
    data = bytearray()
    for ink in table:
        values = [round(v * 255) for v in ink]
        while sum(values) > round(TABLE_MAX_INK * 255):  # rounding up must not pass the limit
            values[values.index(max(values[:3]))] -= 1
        data += struct.pack("4B", *values)
    path.write_bytes(_MAGIC + bytes([GRID]) + bytes(data))


@cache
def table() -> tuple[INK, ...]:
    """The shipped table (see `write_table`); OSError or ValueError when it is damaged."""
    data = LUT_PATH.read_bytes()
    if not data.startswith(_MAGIC) or data[len(_MAGIC)] != GRID:
        raise ValueError(f"{LUT_PATH.name} is not printkit's press table")
    body = data[len(_MAGIC) + 1 :]
    if len(body) != GRID**3 * 4:
        raise ValueError(f"{LUT_PATH.name} is truncated")
    return tuple(
        tuple(body[i + j] / 255 for j in range(4))  # type: ignore[misc]
        for i in range(0, len(body), 4)
    )
