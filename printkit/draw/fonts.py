"""The fonts printkit ships (DejaVu, embedded as TrueType subsets) and cached text measurement.

Fonts are registered once per process. Every canvas starts with one of these as its initial
font, so no unembedded Helvetica ever reaches a PDF.

A kit may replace the font of any role with a TrueType file of its own (kit.yaml `fonts:`).
`check_font_file` proves such a file can be embedded before any drawing starts, and
`kit_fonts(...)` makes `font(role)` answer with the kit's font while that kit is drawn.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.core import limits
from printkit.load.fontfile import DamagedFont, check_font_tables
from printkit.load.reads import ReadLog, note

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

# Role -> file. Roles are what kit data and drawing code ask for; files can change freely.
FONTS = {
    "body": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "heading": "DejaVuSansCondensed-Bold.ttf",
    "display": "DejaVuSerifCondensed-Bold.ttf",
    "serif-bold": "DejaVuSerif-Bold.ttf",
}
_kit_overrides: dict[str, str] = {}  # role -> registered name, while a kit with fonts is drawn


class FontFileError(Exception):
    """A kit's font file cannot be used; the message says why, for the user."""


def font(role: str) -> str:
    """The reportlab font name for a role: the kit's own font if it has one, else ours."""
    return _kit_overrides.get(role) or _shipped(role)


@cache
def _shipped(role: str) -> str:
    name = f"pk-{role}"
    pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / FONTS[role])))
    return name


_registered: set[str] = set()  # the kit fonts registered in this process, by name (content)


def _register_file(path: str, digest: str, data: bytes) -> str:
    """Register the font (once per content) from the bytes read, not from the file again."""
    name = f"pk-kit-{digest[:12]}"
    if name in _registered:
        return name
    font_file = io.BytesIO(data)
    font_file.name = path  # what reportlab calls the font in its messages, as for a file name
    try:
        pdfmetrics.registerFont(TTFont(name, font_file))
    except Exception as exc:  # reportlab raises TTFError, struct.error, IndexError... on bad files
        reason = str(exc).split("\n")[0] or type(exc).__name__
        if "postscript outlines" in reason.lower() or "cff" in reason.lower():
            reason = "it has PostScript (CFF) outlines; use a TrueType .ttf"
        raise FontFileError(f"cannot embed this font: {reason}") from None
    _registered.add(name)
    return name


def check_font_file(path: Path, log: ReadLog | None = None) -> str:
    """Register a kit's font file (once per content) and return its name; FontFileError if it
    is not a TrueType font that may be embedded (or is larger than limits.MAX_FONT_BYTES, which
    is checked before the file is read). The bytes read are noted in `log`."""
    data = note(log, path, _read_limited(path))
    if data[:4] not in (b"\x00\x01\x00\x00", b"true", b"OTTO", b"ttcf"):
        raise FontFileError("not a TrueType font file (.ttf)")
    if data[:4] == b"OTTO":
        raise FontFileError("it has PostScript (CFF) outlines; use a TrueType .ttf")
    try:
        check_font_tables(data)
    except DamagedFont as exc:
        raise FontFileError(f"cannot embed this font: {exc}") from None
    return _register_file(str(path), hashlib.sha256(data).hexdigest(), data)


def _read_limited(path: Path) -> bytes:
    """The font file's bytes, refused unread when it is larger than MAX_FONT_BYTES."""
    limit = limits.MAX_FONT_BYTES
    try:
        size = path.stat().st_size
        if size <= limit:
            with path.open("rb") as handle:
                data = handle.read(limit + 1)  # the file may grow after stat()
                size = max(size, len(data))
    except OSError as exc:
        raise FontFileError(f"cannot read it: {exc.strerror or exc}") from None
    if size > limit:
        raise FontFileError(f"the file is {size:,} bytes; the limit (MAX_FONT_BYTES) is {limit:,}")
    return data


@contextlib.contextmanager
def kit_fonts(names: dict[str, str]) -> Iterator[None]:
    """While drawing one kit: font(role) answers with the kit's registered fonts."""
    saved = dict(_kit_overrides)
    _kit_overrides.clear()
    _kit_overrides.update(names)
    try:
        yield
    finally:
        _kit_overrides.clear()
        _kit_overrides.update(saved)


@cache
def text_width(text: str, font_name: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font_name, size)


@cache
def ascent_descent(font_name: str, size: float) -> tuple[float, float]:
    """Ascent (above the baseline) and descent (below, positive) in points."""
    face = pdfmetrics.getFont(font_name).face
    return face.ascent * size / 1000, -face.descent * size / 1000
