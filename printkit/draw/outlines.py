"""A line of text as the outlines of its glyphs: a path, not text, for what is drawn around text.

A map label's halo (components/map/draw_grid.py) is a stroke of the paper's colour around the
letters, under their fill. Drawn as a second text run in a stroking render mode, it looked right
but was text: pdfplumber and pypdf read the label twice, one letter of each run in turn
("SSmmoolleennsskk"). Drawn as the same glyphs' outlines, stroked, it is the same ink on paper and
no text at all, so every extractor reads the label once, from its fill.

The outlines are the embedded font's own (fontTools reads them from the bytes reportlab embeds a
subset of): TrueType's quadratic curves as the cubic curves they equal, a CFF font's cubic curves
as they are. Each glyph sits where reportlab's text run puts it: the run starts at (x, y) and
each character advances by the width the PDF's font dictionary gives it (reportlab draws a
string with no kerning and no shaping), so the outline lies exactly under the fill.

A glyph's path is made once per font and kept as PDF operators in the font's units; a label is
one `cm` that scales those units to its size at its place, then each glyph's operators, stroked,
with a translation by its advance between glyphs (a map draws hundreds of labels: each is a join
of kept strings, with a handful of numbers formatted).
"""

from __future__ import annotations

import io
from functools import cache, partial
from types import SimpleNamespace
from typing import Any

from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import font_data

_NBSP, _SPACE = 0xA0, 0x20  # reportlab writes a no-break space as a space


class GlyphOutlines:
    """One font file's glyph outlines as PDF path operators in the font's units (y up from the
    baseline, x from the glyph's origin), each glyph's made on first use and kept."""

    def __init__(self, data: bytes) -> None:
        font = TTFont(io.BytesIO(data), fontNumber=0, lazy=True)  # a collection's first font,
        self.units_per_em: int = font["head"].unitsPerEm  # as reportlab registers it
        self.glyph_count: int = font["maxp"].numGlyphs
        self._glyphs: Any  # name -> a glyph that draws itself with a pen (a glyph set)
        if "glyf" in font:  # TrueType: glyphs by number, without reading every glyph's name
            font.setGlyphOrder([f"glyph{n}" for n in range(self.glyph_count)])
            self._glyphs = _GlyfSet(font["glyf"])
        else:  # PostScript outlines (CFF, an .otf)
            self._glyphs = font.getGlyphSet()
        self._names: list[str] = font.getGlyphOrder()
        self._paths: dict[int, str] = {}

    def path(self, glyph: int) -> str:
        """Glyph `glyph`'s outline as path operators (m, l, c, h), empty for a blank glyph; a
        glyph number the font lacks is its .notdef, as a viewer draws it."""
        kept = self._paths.get(glyph)
        if kept is None:
            pen = OperatorPen(self._glyphs)  # a composite glyph's parts come from the set
            self._glyphs[self._names[glyph if 0 <= glyph < self.glyph_count else 0]].draw(pen)
            kept = self._paths[glyph] = " ".join(pen.ops)
        return kept


class _GlyfSet:
    """A TrueType font's glyf table as a glyph set (what a pen draws a composite's parts
    from), without the metrics tables fontTools' own glyph set reads first."""

    def __init__(self, glyf: Any) -> None:
        self.glyf = glyf

    def __getitem__(self, name: str) -> Any:
        return SimpleNamespace(draw=partial(self.glyf[name].draw, glyfTable=self.glyf))


class OperatorPen(BasePen):
    """Writes the outline it is drawn with as PDF path operators (BasePen turns TrueType's
    quadratic curves into the cubic curves they equal and draws a composite glyph's parts)."""

    def __init__(self, glyphs: Any) -> None:
        super().__init__(glyphs)
        self.ops: list[str] = []

    def _moveTo(self, pt: tuple[float, float]) -> None:  # noqa: N802 (BasePen's names)
        self.ops.append(f"{_xy(pt)} m")

    def _lineTo(self, pt: tuple[float, float]) -> None:  # noqa: N802
        self.ops.append(f"{_xy(pt)} l")

    def _curveToOne(self, *pts: tuple[float, float]) -> None:  # noqa: N802
        self.ops.append(f"{' '.join(_xy(p) for p in pts)} c")

    def _closePath(self) -> None:  # noqa: N802
        self.ops.append("h")


def _xy(pt: tuple[float, float]) -> str:
    """A point in font units, to a hundredth of a unit (a curve's control points are thirds)."""
    return fp_str(round(pt[0], 2), round(pt[1], 2))


@cache
def outlines_of(font_name: str) -> GlyphOutlines:
    """The glyph outlines of registered TrueType font `font_name`, read from the bytes reportlab
    embeds a subset of (once per process: a font name stands for one font file's content)."""
    return GlyphOutlines(font_data(font_name))


def stroke_outline(c: Canvas, text: str, font_name: str, size: float, x: float, y: float,
                   width: float) -> None:  # fmt: skip
    """Stroke the outlines of `text`'s glyphs as `c.drawString(x, y, text)` in `font_name` at
    `size` would place them, with lines `width` points wide, in the canvas's stroke colour,
    line join and cap."""
    face = pdfmetrics.getFont(font_name).face
    outlines = outlines_of(font_name)
    scale = size / outlines.units_per_em
    per_thousand = outlines.units_per_em / 1000  # a character's PDF width is in 1/1000 em
    widths, glyphs, blank = face.charWidths, face.charToGlyph, face.defaultWidth
    ops = [f"q {fp_str(scale, 0, 0, scale, x, y)} cm {fp_str(width / scale)} w"]
    pending = 0.0  # how far, in font units, the next glyph is from the last translation
    for char in map(ord, text):
        code = _SPACE if char == _NBSP else char
        path = outlines.path(glyphs.get(code, 0))
        if path:
            if pending:
                ops.append(f"1 0 0 1 {fp_str(pending)} 0 cm")
            ops.append(f"{path} S")
            pending = 0.0
        pending += widths.get(code, blank) * per_thousand
    ops.append("Q")
    c.addLiteral("\n".join(ops))
