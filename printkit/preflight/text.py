"""The text state of a content stream: where each shown string lands on the page.

Keeps the text matrix and line matrix (Tm, Td, TD, T*, TL), font and size (Tf), spacing (Tc, Tw,
Tz, Ts) and measures each string from the font's /Widths (simple fonts; other fonts count each
code as 0.6 em). The result is a box per shown string, in page points, good enough to tell
whether text comes near a cut line or a sheet edge.
"""

from __future__ import annotations

from typing import Any

import pikepdf

from printkit.preflight.colourspace import lookup
from printkit.preflight.program import is_number
from printkit.preflight.scan_math import IDENTITY, Box, Matrix, apply, box_of, multiply

DEFAULT_WIDTH = 600.0  # per mille of an em, for codes a font does not measure


class FontMetrics:
    """Widths (per mille of an em) and vertical extent of one font dictionary. A value that
    is not a number (a damaged font) counts as absent."""

    def __init__(self, font: Any) -> None:
        first = font.get("/FirstChar", 0)
        self.first = first if isinstance(first, int) else 0
        widths = font.get("/Widths")
        widths = widths if isinstance(widths, pikepdf.Array) else []
        try:
            self.widths = [float(w) for w in widths]
        except TypeError:  # a width that is not a number: that one counts as unknown
            self.widths = [float(w) if is_number(w) else DEFAULT_WIDTH for w in widths]
        self.two_byte = font.get("/Subtype") == "/Type0"
        descriptor = font.get("/FontDescriptor")
        if not isinstance(descriptor, pikepdf.Dictionary):
            descriptor = pikepdf.Dictionary()
        up, down = descriptor.get("/Ascent", 800), descriptor.get("/Descent", -200)
        ascent = float(up) if is_number(up) else 800.0
        descent = float(down) if is_number(down) else -200.0
        self.ascent: float = ascent / 1000
        self.descent: float = min(descent, 0.0) / 1000

    def codes(self, data: bytes) -> list[int]:
        if self.two_byte:
            return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data) - 1, 2)]
        return list(data)

    def width(self, code: int) -> float:
        i = code - self.first
        return self.widths[i] if 0 <= i < len(self.widths) else DEFAULT_WIDTH


class TextState:
    """Text positioning operators in, page boxes of shown strings out."""

    def __init__(self) -> None:
        self.tm: Matrix = IDENTITY
        self.lm: Matrix = IDENTITY
        self.font: FontMetrics | None = None
        self.size = 0.0
        self.leading = self.char_space = self.word_space = self.rise = 0.0
        self.scale = 1.0
        self._fonts: dict[tuple[int, int], FontMetrics] = {}

    def begin(self) -> None:
        self.tm = self.lm = IDENTITY

    def operate(self, op: str, operands: Any, resources: Any, ctm: Matrix) -> Box | None:  # noqa: C901
        """Apply one text operator; for a string shown, its box on the page."""
        v = operands
        if op == "Tf":
            self._set_font(v[0], float(v[1]), resources)
        elif op == "Tm":
            self.tm = self.lm = tuple(float(x) for x in v)  # type: ignore[assignment]
        elif op in ("Td", "TD"):
            if op == "TD":
                self.leading = -float(v[1])
            self._move(float(v[0]), float(v[1]))
        elif op == "T*":
            self._move(0.0, -self.leading)
        elif op in ("TL", "Tc", "Tw", "Tz", "Ts"):
            self._spacing(op, float(v[0]))
        elif op == "Tj":
            return self._show([v[0]], ctm)
        elif op == "TJ":
            return self._show(list(v[0]), ctm)
        elif op == "'":
            self._move(0.0, -self.leading)
            return self._show([v[0]], ctm)
        elif op == '"':
            self.word_space, self.char_space = float(v[0]), float(v[1])
            self._move(0.0, -self.leading)
            return self._show([v[2]], ctm)
        return None

    def _spacing(self, op: str, value: float) -> None:
        if op == "TL":
            self.leading = value
        elif op == "Tc":
            self.char_space = value
        elif op == "Tw":
            self.word_space = value
        elif op == "Tz":
            self.scale = value / 100
        else:
            self.rise = value

    def _set_font(self, name: Any, size: float, resources: Any) -> None:
        self.size = size
        font = lookup(resources, "/Font", str(name))
        if not isinstance(font, pikepdf.Dictionary):
            self.font = None
            return
        key = font.objgen
        if key not in self._fonts:
            self._fonts[key] = FontMetrics(font)
        self.font = self._fonts[key]

    def _move(self, tx: float, ty: float) -> None:
        self.lm = multiply((1.0, 0.0, 0.0, 1.0, tx, ty), self.lm)
        self.tm = self.lm

    def _show(self, parts: list[Any], ctm: Matrix) -> Box | None:
        metrics = self.font
        advance = 0.0
        for part in parts:
            if isinstance(part, pikepdf.String):
                data = bytes(part)
                codes = metrics.codes(data) if metrics else list(data)
                for code in codes:
                    w = metrics.width(code) if metrics else DEFAULT_WIDTH
                    advance += (w / 1000 * self.size + self.char_space) * self.scale
                    if code == 32 and not (metrics and metrics.two_byte):
                        advance += self.word_space * self.scale
            elif is_number(part):
                advance -= float(part) / 1000 * self.size * self.scale
        ascent = metrics.ascent if metrics else 0.8
        descent = metrics.descent if metrics else -0.2
        y0, y1 = self.rise + descent * self.size, self.rise + ascent * self.size
        m = multiply(self.tm, ctm)
        corners = [apply(m, x, y) for x, y in ((0, y0), (advance, y0), (0, y1), (advance, y1))]
        self.tm = multiply((1.0, 0.0, 0.0, 1.0, advance, 0.0), self.tm)
        return box_of(corners) if advance > 0 else None
