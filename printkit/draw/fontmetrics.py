"""The parsed metrics of the fonts printkit ships, made once from the font files and shipped
beside them, so that no start parses them again.

reportlab reads a TrueType file's tables (character map, widths, glyph positions) in pure Python
every time a font is registered: a large part of what a small build's own start-up costs
(docs/performance.md, "No code from a cache"). For the fonts in printkit/fonts/, that parse is
done once, by `python -m printkit.draw.fontmetrics`, and written as plain data beside each font
(`<font>.metrics`; no code). Its layout: one line of JSON (ASCII, ended by a newline), the header:
the entry's format, the reportlab version and the font's size and CRC-32 it was made from, the
face's attribute names in reportlab's order, its scalars, table records and names, the few
advance widths reportlab makes floats (`float_advances`, [glyph, width] pairs), and `arrays`:
[name, type code, count] for each array of numbers that follows. After the line come those
arrays, back to back, as little-endian machine numbers of Python's `array` type codes ("H"/"h"
unsigned/signed 16-bit, "I"/"i" unsigned/signed 32-bit, "d" 64-bit float; each integer array has
the smallest that holds it), nothing after them. Reading it is one
`json.loads` of a short line and an `array.frombytes` per array: no inflating, no base64, no
long JSON list, the cheapest read of these numbers the standard library offers.

An entry is used only when the font file's bytes have the size and CRC-32 it was made from and
reportlab is the version that made it; otherwise the font is parsed as usual. The check is there
to notice a font replaced without its entry being made again (a packager's mistake); the fonts
and their entries ship together inside the package, trusted as its code is, so it need not
withstand a forger, and a CRC-32 of the bytes costs a small part of what a SHA-256 of them did
at every start (docs/performance.md, "Where it stands: start-up without kept code").

The face made from an entry is the face reportlab's parse makes, attribute for attribute and in
the same order (tests/test_font_metrics.py compares them for every shipped font, and fails when
a font or reportlab changes without the entries being made again), so every PDF is byte for
byte the same.
Nothing is read from anywhere else: the entries are part of the package, as the fonts are.
"""

from __future__ import annotations

import json
import sys
import zlib
from array import array
from collections.abc import Callable
from fnmatch import fnmatch
from itertools import accumulate
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from printkit.core.shipped import file_and_crc

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
FORMAT = 3  # bump when what an entry holds changes
_NAMES = ("name", "familyName", "styleName", "fullName", "uniqueFontID")  # TTFNameBytes
_BYTES = ("subfontNameX",)
_ARRAYS = ("charToGlyph", "glyphToChar", "charWidths", "hmetrics", "glyphPos")
_MADE = ("_ttf_data", "_pdfScale", "filename", "table", "tables", *_NAMES, *_BYTES, *_ARRAYS)


def shipped_tt_font(name: str, path: Path) -> TTFont:
    """reportlab's TTFont of a font file printkit ships, from its entry when the entry was
    made from these bytes by this reportlab, else parsed. The bytes and their CRC-32 come from
    the process's one read of the font (core/shipped.py), which the code fingerprint shares."""
    data, crc = file_and_crc(str(path))
    entry = _entry(table_path(path))
    if entry is None or entry[0]["size"] != len(data) or entry[0]["crc32"] != crc:
        return TTFont(name, str(path))
    return _font_of(name, _face_of(entry, str(path), data))


def table_path(font: Path) -> Path:
    """Where the metrics of a shipped font are: beside it, `<font>.metrics`."""
    return font.with_name(f"{font.stem}.metrics")


def _entry(path: Path) -> tuple[dict[str, Any], dict[str, list[Any]]] | None:
    """The entry in `path`, as its header and its arrays of numbers by name; None when it is
    missing, damaged, or was made with another reportlab or format."""
    try:
        raw = file_and_crc(str(path))[0]  # one read a process, shared with the fingerprint
        line_end = raw.index(b"\n")
        header = json.loads(raw[:line_end])
        if header.get("format") != FORMAT or header.get("reportlab") != reportlab.Version:
            return None
        return header, _arrays(header["arrays"], memoryview(raw)[line_end + 1 :])
    except (OSError, ValueError, KeyError, TypeError, EOFError):
        return None


def _arrays(layout: list[list[Any]], body: memoryview) -> dict[str, list[Any]]:
    """The arrays the header's `arrays` lists ([name, type code, count] each, in the order they
    follow it), read from the little-endian bytes after the header line."""
    found: dict[str, list[Any]] = {}
    offset = 0
    for key, code, count in layout:
        values = array(code)
        size = values.itemsize * count
        if offset + size > len(body):
            raise EOFError(key)
        values.frombytes(body[offset : offset + size])
        if sys.byteorder == "big":
            values.byteswap()  # the entries hold little-endian numbers
        found[key] = values.tolist()
        offset += size
    if offset != len(body):
        raise ValueError("trailing bytes")
    return found


def _face_of(
    entry: tuple[dict[str, Any], dict[str, list[Any]]], filename: str, data: bytes
) -> TTFontFace:
    """The face reportlab's parse of the file makes, from its entry."""
    header, arrays = entry
    scalars = header["scalars"]
    glyphs = arrays["glyphs"]
    advances: list[float] = arrays["advances"]
    for index, value in header["float_advances"]:
        advances[index] = value  # reportlab's parse makes a few advance widths floats
    made: dict[str, Any] = {
        "filename": filename,
        "_ttf_data": data,
        "_pdfScale": _scale(scalars["unitsPerEm"]),
        **{key: TTFNameBytes(header[key].encode("latin-1")) for key in _NAMES},
        **{key: header[key].encode("latin-1") for key in _BYTES},
        "charToGlyph": dict(zip(arrays["chars"], glyphs, strict=True)),
        "glyphToChar": _glyph_to_char(arrays),
        "charWidths": dict(zip(arrays["chars"], arrays["widths"], strict=True)),
        "hmetrics": list(zip(advances, arrays["side_bearings"], strict=True)),
        "glyphPos": arrays["glyph_pos"],
    }
    made["table"] = {record["tag"]: record for record in header["tables"]}
    made["tables"] = list(made["table"].values())
    face = TTFontFace.__new__(TTFontFace)
    face.__dict__.update(
        {key: made[key] if key in made else _scalar(key, scalars[key]) for key in header["order"]}
    )
    return face


def _scalar(key: str, value: Any) -> Any:
    return tuple(value) if key == "fontRevision" else value


def _glyph_to_char(arrays: dict[str, list[Any]]) -> dict[int, list[int]]:
    """Each glyph's characters, glyphs in the order reportlab's parse meets them: from
    `g2c_glyphs` and `g2c_chars` when each glyph has one character (the usual case), else
    with `g2c_counts`, how many characters each glyph has."""
    glyphs, chars = arrays["g2c_glyphs"], arrays["g2c_chars"]
    if "g2c_counts" not in arrays:
        return dict(zip(glyphs, map(list, zip(chars)), strict=True))
    ends = list(accumulate(arrays["g2c_counts"]))
    starts = [0, *ends[:-1]]
    pieces = [chars[s:e] for s, e in zip(starts, ends, strict=True)]
    return dict(zip(glyphs, pieces, strict=True))


def _font_of(name: str, face: TTFontFace) -> TTFont:
    """What TTFont(name, file) makes, around a face made from an entry instead of parsed
    (the attributes reportlab's TTFont.__init__ sets; tests/test_font_metrics.py holds them
    to a parsed font's)."""
    font = TTFont.__new__(TTFont)
    font.fontName = name
    font.face = face
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, pattern) for pattern in rl_config.unShapedFontGlob)
    return font


def _scale(units_per_em: int) -> Callable[[float], float]:
    """Font units to reportlab's thousandths of an em, as its parser sets `_pdfScale`."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor


def entry_of(path: Path) -> bytes:
    """The entry of one font file, from reportlab's parse of it: its bytes, as `write_entries`
    writes them (the layout is the module's docstring's)."""
    data = path.read_bytes()
    state = TTFont("probe", str(path)).face.__dict__
    g2c, c2g, widths = state["glyphToChar"], state["charToGlyph"], state["charWidths"]
    if list(c2g) != list(widths):
        raise ValueError(f"{path.name}: charToGlyph and charWidths name different characters")
    advances = [aw for aw, _ in state["hmetrics"]]
    arrays: list[tuple[str, str, list[Any]]] = [
        ("chars", _code(list(c2g)), list(c2g)),
        ("glyphs", _code(c2g.values()), list(c2g.values())),
        ("widths", "d", list(widths.values())),
        ("g2c_glyphs", _code(g2c), list(g2c)),
        *(
            []
            if all(len(chars) == 1 for chars in g2c.values())
            else [("g2c_counts", "H", [len(chars) for chars in g2c.values()])]
        ),
        ("g2c_chars", _code(chars := [c for cs in g2c.values() for c in cs]), chars),
        ("advances", _code(whole := [int(aw) for aw in advances]), whole),
        ("side_bearings", _code(lsbs := [lsb for _, lsb in state["hmetrics"]]), lsbs),
        ("glyph_pos", _code(state["glyphPos"]), state["glyphPos"]),
    ]
    header: dict[str, Any] = {
        "format": FORMAT,
        "reportlab": reportlab.Version,
        "size": len(data),
        "crc32": zlib.crc32(data),
        "order": list(state),
        "scalars": {k: v for k, v in state.items() if k not in _MADE},
        "tables": state["tables"],
        "float_advances": [[i, aw] for i, aw in enumerate(advances) if type(aw) is not int],
        "arrays": [[key, code, len(values)] for key, code, values in arrays],
    }
    for key in _NAMES + _BYTES:
        header[key] = bytes(state[key]).decode("latin-1")
    body = b"".join(_packed(code, values) for _, code, values in arrays)
    return json.dumps(header, separators=(",", ":")).encode("ascii") + b"\n" + body


def _code(values: Any) -> str:
    """The smallest of `array`'s 16- and 32-bit integer type codes that holds every value."""
    low, high = min(values, default=0), max(values, default=0)
    if low >= 0:
        return "H" if high < 1 << 16 else "I"
    return "h" if low >= -(1 << 15) and high < 1 << 15 else "i"


def _packed(code: str, values: list[Any]) -> bytes:
    packed = array(code, values)
    if sys.byteorder == "big":
        packed.byteswap()
    return packed.tobytes()


def write_entries() -> list[Path]:
    """Write the metrics of every font in printkit/fonts/ beside it; returns the files."""
    written = []
    for font in sorted(FONT_DIR.glob("*.ttf")):
        table_path(font).write_bytes(entry_of(font))
        written.append(table_path(font))
    return written


if __name__ == "__main__":
    for written in write_entries():
        print(f"wrote {written}")
