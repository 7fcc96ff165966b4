"""The fonts printkit ships (DejaVu, embedded as TrueType subsets) and cached text measurement.

Fonts are registered once per process. Every canvas starts with one of these as its initial
font, so no unembedded Helvetica ever reaches a PDF.

A kit may replace the font of any role with a TrueType file of its own (kit.yaml `fonts:`).
`check_font_file` proves such a file can be embedded before any drawing starts. The kit's fonts
travel with what draws for it: a `KitCanvas` made for the kit carries them (`role_fonts`), and
`font(c, role)` answers with the kit's font on that canvas; `role_font(fonts, role)` measures
with a kit's fonts where no canvas is at hand.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Hashable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from printkit.core import limits
from printkit.draw.fontmetrics import FONT_DIR as FONT_DIR
from printkit.draw.fontmetrics import shipped_tt_font
from printkit.load.fontfile import DamagedFont, check_font_tables
from printkit.load.reads import ReadLog, note

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


class FontFileError(Exception):
    """A kit's font file cannot be used; the message says why, for the user."""


class KitCanvas(Canvas):
    """A reportlab canvas drawn for one kit: it carries the kit's own fonts (role -> registered
    name, `Kit.fonts()`), which `font(c, role)` answers with."""

    def __init__(self, *args: Any, role_fonts: Mapping[str, str] | None = None, **kw: Any) -> None:
        self.role_fonts: Mapping[str, str] = dict(role_fonts or {})
        # The text operators of lines drawn on this canvas, by (font, size, x, baseline, text):
        # a line drawn again (a caption on every card) is appended as the operators made the
        # first time, instead of being formatted again (draw/text.py draw_lines). None on a
        # canvas that draws text another way (the measuring probe).
        self.line_codes: dict[tuple[str, float, float, float, str], str] | None = {}
        # The operators of a drawing repeated in one place on many pages (the legend of the
        # kit's own mark on every sheet of a deck), by what it is and where: written once and
        # then appended (draw/sheet.py).
        self.kept_codes: dict[Hashable, str] = {}
        super().__init__(*args, **kw)

    def place_form(self, name: str, x: float, y: float) -> None:
        """Draw form `name` with its origin at (x, y): the operators saveState, translate,
        doForm and restoreState write, byte for byte, without saving and restoring the
        canvas's state in Python, which placing a form leaves as it was."""
        self.addLiteral(_origin_code(x, y))
        self.doForm(name)
        self.addLiteral("Q")

    def clip_rect(self, x: float, y: float, w: float, h: float) -> None:
        """Clip to a rectangle: the operators clipPath writes for a path of that one rectangle,
        neither stroked nor filled (even-odd), byte for byte, without making the path."""
        self.addLiteral(f"n {fp_str(x, y, w, h)} re W* n")


@lru_cache(maxsize=1024)
def _origin_code(x: float, y: float) -> str:
    """The operators that save the state and move the origin to (x, y), as saveState and
    translate write them: formatted once for a place where forms are placed on every sheet
    (a card's slot)."""
    return f"q\n{fp_str(1, 0, 0, 1, x, y)} cm"


def clip_rect(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """Clip any canvas to a rectangle (KitCanvas.clip_rect)."""
    if isinstance(c, KitCanvas):
        c.clip_rect(x, y, w, h)
        return
    path = c.beginPath()
    path.rect(x, y, w, h)
    c.clipPath(path, stroke=0, fill=0)


def place_form(c: Canvas, name: str, x: float, y: float) -> None:
    """Draw form `name` on any canvas with its origin at (x, y) (KitCanvas.place_form)."""
    if isinstance(c, KitCanvas):
        c.place_form(name, x, y)
        return
    c.saveState()
    c.translate(x, y)
    c.doForm(name)
    c.restoreState()


def fonts_of(c: object) -> Mapping[str, str]:
    """The kit's own fonts a canvas carries (none on a canvas not made for a kit)."""
    return c.role_fonts if isinstance(c, KitCanvas) else {}


def font(c: object, role: str) -> str:
    """The reportlab font name for a role on canvas `c`: the kit's own font if the canvas was
    made for a kit that has one, else ours."""
    return role_font(fonts_of(c), role)


def role_font(fonts: Mapping[str, str], role: str) -> str:
    """The font name for a role among a kit's own fonts `fonts` (Kit.fonts()), else ours."""
    return fonts.get(role) or shipped_font(role)


@cache
def shipped_font(role: str) -> str:
    """The font printkit ships for a role, registered on first use."""
    name = f"pk-{role}"
    pdfmetrics.registerFont(shipped_tt_font(name, FONT_DIR / FONTS[role]))
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
        pdfmetrics.registerFont(TTFont(name, font_file))  # the bytes read
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


@cache
def text_width(text: str, font_name: str, size: float) -> float:
    return string_width(text, font_name, size)


def string_width(text: str, font_name: str, size: float) -> float:
    """The width of `text`, not kept (text_width keeps it): for what is measured once, as a
    line the render places, so that a deck's every line does not stay in memory."""
    return _widths_of(font_name)(text, size)


@cache
def _widths_of(font_name: str) -> Any:
    """The registered font's own width function (what pdfmetrics.stringWidth calls), found
    once: a font name is registered once per process, for one font file."""
    return pdfmetrics.getFont(font_name).stringWidth


@cache
def ascent_descent(font_name: str, size: float) -> tuple[float, float]:
    """Ascent (above the baseline) and descent (below, positive) in points."""
    face = pdfmetrics.getFont(font_name).face
    return face.ascent * size / 1000, -face.descent * size / 1000
