"""The parsed metrics of the fonts printkit ships, made once from the font files and shipped
beside them, so that no start parses them again.

reportlab reads a TrueType file's tables (character map, widths, glyph positions) in pure Python
every time a font is registered: a large part of what a small build's own start-up costs
(docs/performance.md, "No code from a cache"). For the fonts in printkit/fonts/, that parse is
done once, by `python -m printkit.draw.fontmetrics`, and written as plain data beside each font
(`<font>.metrics.json`: numbers, strings and arrays of numbers, deflated, in base64; no code).

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

import base64
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
FORMAT = 2  # bump when what an entry holds changes
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
    if entry is None or entry["size"] != len(data) or entry["crc32"] != crc:
        return TTFont(name, str(path))
    return _font_of(name, _face_of(entry, str(path), data))


def table_path(font: Path) -> Path:
    """Where the metrics of a shipped font are: beside it, `<font>.metrics.json`."""
    return font.with_name(f"{font.stem}.metrics.json")


def _entry(path: Path) -> dict[str, Any] | None:
    """The entry in `path`; None when it is missing or was made with another reportlab or
    format."""
    try:
        entry = json.loads(path.read_text(encoding="ascii"))
    except (OSError, ValueError):
        return None
    if entry.get("format") != FORMAT or entry.get("reportlab") != reportlab.Version:
        return None
    return entry


def _numbers(code: str, text: str) -> list[Any]:
    values = array(code)
    values.frombytes(zlib.decompress(base64.b64decode(text)))
    if sys.byteorder == "big":
        values.byteswap()  # the entries hold little-endian numbers
    return values.tolist()


def _encoded(code: str, values: Any) -> str:
    packed = array(code, values)
    if sys.byteorder == "big":
        packed.byteswap()
    return base64.b64encode(zlib.compress(packed.tobytes(), 9)).decode("ascii")


def _face_of(entry: dict[str, Any], filename: str, data: bytes) -> TTFontFace:
    """The face reportlab's parse of the file makes, from its entry."""
    scalars = entry["scalars"]
    made: dict[str, Any] = {
        "filename": filename,
        "_ttf_data": data,
        "_pdfScale": _scale(scalars["unitsPerEm"]),
        **{key: TTFNameBytes(entry[key].encode("latin-1")) for key in _NAMES},
        **{key: entry[key].encode("latin-1") for key in _BYTES},
        **{key: _ARRAY_READERS[key](entry[key]) for key in _ARRAYS},
    }
    records = entry["tables"]
    made["table"] = {record["tag"]: record for record in records}
    made["tables"] = list(made["table"].values())
    face = TTFontFace.__new__(TTFontFace)
    face.__dict__.update(
        {key: made[key] if key in made else _scalar(key, scalars[key]) for key in entry["order"]}
    )
    return face


def _scalar(key: str, value: Any) -> Any:
    return tuple(value) if key == "fontRevision" else value


def _char_to_glyph(arrays: list[str]) -> dict[int, int]:
    return dict(zip(_numbers("I", arrays[0]), _numbers("I", arrays[1]), strict=True))


def _glyph_to_char(arrays: list[str]) -> dict[int, list[int]]:
    """Each glyph's characters: [glyphs, characters] when each glyph has one (the usual
    case), else [glyphs, how many each has, characters]."""
    glyphs, chars = _numbers("I", arrays[0]), _numbers("I", arrays[-1])
    if len(arrays) == 2:
        return dict(zip(glyphs, map(list, zip(chars)), strict=True))
    ends = list(accumulate(_numbers("I", arrays[1])))
    starts = [0, *ends[:-1]]
    pieces = [chars[s:e] for s, e in zip(starts, ends, strict=True)]
    return dict(zip(glyphs, pieces, strict=True))


def _char_widths(arrays: list[str]) -> dict[int, float]:
    return dict(zip(_numbers("I", arrays[0]), _numbers("d", arrays[1]), strict=True))


def _hmetrics(arrays: list[Any]) -> list[tuple[float, int]]:
    # advance widths as JSON writes them: reportlab's parse makes a few of them floats
    return list(zip(arrays[0], _numbers("i", arrays[1]), strict=True))


def _glyph_pos(text: str) -> list[int]:
    return _numbers("I", text)


_ARRAY_READERS: dict[str, Callable[[Any], Any]] = {
    "charToGlyph": _char_to_glyph,
    "glyphToChar": _glyph_to_char,
    "charWidths": _char_widths,
    "hmetrics": _hmetrics,
    "glyphPos": _glyph_pos,
}


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


def entry_of(path: Path) -> dict[str, Any]:
    """The entry of one font file, from reportlab's parse of it."""
    data = path.read_bytes()
    state = TTFont("probe", str(path)).face.__dict__
    g2c, c2g, widths = state["glyphToChar"], state["charToGlyph"], state["charWidths"]
    entry: dict[str, Any] = {
        "format": FORMAT,
        "reportlab": reportlab.Version,
        "size": len(data),
        "crc32": zlib.crc32(data),
        "order": list(state),
        "scalars": {k: v for k, v in state.items() if k not in _MADE},
        "tables": state["tables"],
        "charToGlyph": [_encoded("I", c2g.keys()), _encoded("I", c2g.values())],
        "glyphToChar": [
            _encoded("I", g2c.keys()),
            *(
                []
                if all(len(c) == 1 for c in g2c.values())
                else [_encoded("I", map(len, g2c.values()))]
            ),
            _encoded("I", [c for chars in g2c.values() for c in chars]),
        ],
        "charWidths": [_encoded("I", widths.keys()), _encoded("d", widths.values())],
        "hmetrics": [
            [aw for aw, _ in state["hmetrics"]],
            _encoded("i", [lsb for _, lsb in state["hmetrics"]]),
        ],
        "glyphPos": _encoded("I", state["glyphPos"]),
    }
    for key in _NAMES + _BYTES:
        entry[key] = bytes(state[key]).decode("latin-1")
    return entry


def entry_text(font: Path) -> str:
    """The text of a font's metrics file, as `write_entries` writes it."""
    return json.dumps(entry_of(font), separators=(",", ":")) + "\n"


def write_entries() -> list[Path]:
    """Write the metrics of every font in printkit/fonts/ beside it; returns the files."""
    written = []
    for font in sorted(FONT_DIR.glob("*.ttf")):
        table_path(font).write_text(entry_text(font), encoding="ascii")
        written.append(table_path(font))
    return written


if __name__ == "__main__":
    for written in write_entries():
        print(f"wrote {written}")
