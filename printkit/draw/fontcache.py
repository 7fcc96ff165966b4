"""Parsed font metrics kept between runs: reportlab reads a TrueType file's tables (character
map, widths, glyph positions) in pure Python, about 8 ms a font at every start; the parse is
kept in the user's cache folder and read back in well under a millisecond.

An entry is named by a SHA-256 of the font file's place and status (path, device, inode, size,
modification time) and reportlab's version, so a changed or replaced font or another reportlab
never meets an old parse, and no start hashes the fonts' bytes (a font written in the
last two seconds is parsed and not stored). Entries hold plain values only (numbers,
strings, lists, dicts), written with `marshal`, never pickled objects, and anything that cannot
be read back is parsed afresh (and rewritten). The cache is where `PRINTKIT_CACHE_DIR` says,
else the platform's user cache folder; a folder that cannot be written just means no cache.
The font drawn is the same either way: every attribute reportlab's parse sets is restored
(tests/test_font_cache.py compares them, and the PDFs are byte-identical).
"""

from __future__ import annotations

import hashlib
import marshal
import os
import tempfile
import time
from collections.abc import Callable
from fnmatch import fnmatch
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from printkit.core.cachedir import cache_dir
from printkit.core.perf import gc_paused

# A font under two seconds old (a file system's coarsest clock step) is not stored: an edit of
# the same size within that step would not change its modification time.
RACY_NS = 2_000_000_000
FORMAT = 1  # bump when what an entry holds changes
_NAMES = ("name", "familyName", "styleName", "fullName", "uniqueFontID")  # TTFNameBytes
_NOT_KEPT = ("_ttf_data", "_pdfScale")  # the file itself; a function of unitsPerEm


def tt_font(name: str, path: Path) -> TTFont:
    """reportlab's TTFont of the file, with its metrics from the cache when they are there."""
    with open(path, "rb") as handle:
        info = os.fstat(handle.fileno())
        data = handle.read()
    entry = cache_dir("fonts") / f"{_digest(path, info)}.marshal"
    face = _cached_face(entry, str(path), data)
    if face is None:
        font = TTFont(name, str(path))
        if time.time_ns() - info.st_mtime_ns > RACY_NS:  # else a same-size edit could hide
            _store(entry, font.face)
        return font
    return _font_of(name, face)


def _font_of(name: str, face: TTFontFace) -> TTFont:
    """What TTFont(name, file) makes, around a face read from the cache instead of parsed
    (the attributes of reportlab's TTFont.__init__; tests/test_font_cache.py holds them to a
    parsed font's)."""
    font = TTFont.__new__(TTFont)
    font.fontName = name
    font.face = face
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, pattern) for pattern in rl_config.unShapedFontGlob)
    return font


def _digest(path: Path, info: os.stat_result) -> str:
    place = f"{path.resolve()}\0{info.st_dev}\0{info.st_ino}\0{info.st_size}\0{info.st_mtime_ns}"
    key = hashlib.sha256(place.encode("utf8", "surrogateescape"))
    key.update(f"\0reportlab {reportlab.Version}\0format {FORMAT}".encode())
    return key.hexdigest()


def _state(face: TTFontFace) -> dict[str, Any]:
    state = {k: v for k, v in face.__dict__.items() if k not in _NOT_KEPT}
    for key in _NAMES:
        state[key] = state[key].ustr
    return state


def _store(entry: Path, face: TTFontFace) -> None:
    try:
        blob = marshal.dumps(_state(face))
        entry.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=entry.parent, prefix=".font-", suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(blob)
        os.replace(temp, entry)
    except (OSError, ValueError, AttributeError, KeyError):
        return  # no cache this time: the font was parsed and works as usual


def _cached_face(entry: Path, filename: str, data: bytes) -> TTFontFace | None:
    try:
        with gc_paused():  # tens of thousands of numbers, none of them a cycle
            state = marshal.loads(entry.read_bytes())
        for key in _NAMES:
            state[key] = TTFNameBytes(state[key].encode("utf8"))
    except Exception:  # noqa: BLE001 - a missing, old or damaged entry: parse the font instead
        return None
    face = TTFontFace.__new__(TTFontFace)
    face.__dict__.update(state)
    face.filename, face._ttf_data = filename, data
    face._pdfScale = _scale(face.unitsPerEm)
    return face


def _scale(units_per_em: int) -> Callable[[float], float]:
    """Font units to reportlab's thousandths of an em, as its parser sets `_pdfScale`."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor
