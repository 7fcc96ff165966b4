"""A line of text as the outlines of its glyphs: a path, not text, for what is drawn around text.

A map label's halo (components/map/draw_grid.py) is a stroke of the paper's colour around the
letters, under their fill. Drawn as a second text run in a stroking render mode, it looked right
but was text: pdfplumber and pypdf read the label twice, one letter of each run in turn
("SSmmoolleennsskk"). Drawn as the same glyphs' outlines, stroked, it is the same ink on paper and
no text at all, so every extractor reads the label once, from its fill.

The outlines are the embedded font's own (draw/glyf.py reads them from the bytes reportlab embeds
a subset of), TrueType's quadratic curves written as the cubic curves they equal. Each glyph sits
where reportlab's text run puts it: the run starts at (x, y) and each character advances by the
width the PDF's font dictionary gives it (reportlab draws a string with no kerning and no
shaping), so the outline lies exactly under the fill.

A glyph's path is made once per font and kept as PDF operators in the font's units, and written
once per PDF as a form (the outline stroked with its own line width and round joins, in the
colour it is drawn in: the label's halo colour); a label is one `cm` that scales font units to
its size at its place, then each glyph's form, moved along by its advance. A map may name every
one of 90,000 cells: written out in full at each use, the outlines made a content stream of
hundreds of megabytes that no reader could parse; as forms, a glyph costs a translation and a
`Do` (and preflight walks each form once, scan.py's FormShape).
"""

from __future__ import annotations

from functools import cache
from weakref import WeakKeyDictionary

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import font_data
from printkit.draw.glyf import TrueTypeGlyphs, contour_path

_NBSP, _SPACE = 0xA0, 0x20  # reportlab writes a no-break space as a space
Box = tuple[float, float, float, float]


class GlyphOutlines:
    """One TrueType font file's glyph outlines as PDF path operators in the font's units (y up
    from the baseline, x from the glyph's origin), each glyph's made on first use and kept."""

    def __init__(self, data: bytes) -> None:
        self._glyphs = TrueTypeGlyphs(data)
        self.units_per_em: int = self._glyphs.units_per_em
        self.glyph_count: int = self._glyphs.glyph_count
        self._paths: dict[int, tuple[str, Box]] = {}

    def path(self, glyph: int) -> str:
        """Glyph `glyph`'s outline as path operators (m, l, c, h), empty for a blank glyph; a
        glyph number the font lacks is its .notdef, as a viewer draws it."""
        return self._made(glyph)[0]

    def bounds(self, glyph: int) -> Box:
        """The box (x0, y0, x1, y1) of glyph `glyph`'s outline's points (the curves' control
        points included, so it holds the curves), in font units; an empty box at the origin
        for a blank glyph."""
        return self._made(glyph)[1]

    def _made(self, glyph: int) -> tuple[str, Box]:
        kept = self._paths.get(glyph)
        if kept is None:
            number = glyph if 0 <= glyph < self.glyph_count else 0
            ops: list[str] = []
            xs: list[float] = []
            ys: list[float] = []
            for contour in self._glyphs.contours(number):
                for op, points in contour_path(contour):
                    ops.append(f"{' '.join(_xy(p) for p in points)} {op}")
                    xs += [p[0] for p in points]
                    ys += [p[1] for p in points]
                ops.append("h")
            box = (min(xs), min(ys), max(xs), max(ys)) if xs else (0.0, 0.0, 0.0, 0.0)
            kept = self._paths[glyph] = (" ".join(ops), box)
        return kept


def _xy(pt: tuple[float, float]) -> str:
    """A point in font units, to a hundredth of a unit (a curve's control points are thirds)."""
    return fp_str(round(pt[0], 2), round(pt[1], 2))


# The glyph forms each canvas's document holds, by font, glyph and stroke width (a canvas is one
# PDF; forgotten with it): their names are short (a map may draw 700,000 glyphs) and numbered in
# the order they are first drawn, so the same drawing gives the same file
_defined_forms: WeakKeyDictionary[Canvas, dict[tuple[str, int, str], str]] = WeakKeyDictionary()


@cache
def outlines_of(font_name: str) -> GlyphOutlines:
    """The glyph outlines of registered TrueType font `font_name`, read from the bytes reportlab
    embeds a subset of (once per process: a font name stands for one font file's content)."""
    return GlyphOutlines(font_data(font_name))


def stroke_outline(c: Canvas, text: str, font_name: str, size: float, x: float, y: float,
                   width: float) -> None:  # fmt: skip
    """Stroke the outlines of `text`'s glyphs as `c.drawString(x, y, text)` in `font_name` at
    `size` would place them, with lines `width` points wide and round joins, in the canvas's
    stroke colour."""
    face = pdfmetrics.getFont(font_name).face
    outlines = outlines_of(font_name)
    scale = size / outlines.units_per_em
    per_thousand = outlines.units_per_em / 1000  # a character's PDF width is in 1/1000 em
    widths, glyphs, blank = face.charWidths, face.charToGlyph, face.defaultWidth
    reach = fp_str(width / scale)  # the stroke's width in font units
    # the label's own operators come first: a form begun on a page with none yet would end by
    # clearing what reportlab keeps for the page (its accumulators are saved only when it has code)
    c.addLiteral(f"q {fp_str(scale, 0, 0, scale, x, y)} cm")
    pending = 0.0  # how far, in font units, the next glyph is from the last translation
    for char in map(ord, text):
        code = _SPACE if char == _NBSP else char
        form = _glyph_form(c, font_name, outlines, glyphs.get(code, 0), reach)
        if form:
            if pending:
                c.addLiteral(f"1 0 0 1 {fp_str(pending)} 0 cm")
            c.doForm(form)
            pending = 0.0
        pending += widths.get(code, blank) * per_thousand
    c.addLiteral("Q")


def _glyph_form(c: Canvas, font_name: str, outlines: GlyphOutlines, glyph: int,
                reach: str) -> str | None:  # fmt: skip
    """The name of the form that strokes glyph `glyph`'s outline in font units with lines
    `reach` font units wide and round joins, in the stroke colour it is drawn in, defined in
    `c`'s document on first use (None for a blank glyph). Its box holds the outline with the
    stroke round it. The form sets its own width, so a reader (preflight's hairline check, the
    shop file's rewrite) sees the width it strokes with."""
    path = outlines.path(glyph)
    if not path:
        return None
    defined = _defined_forms.setdefault(c, {})
    name = defined.get((font_name, glyph, reach))
    if name is None:
        name = defined[font_name, glyph, reach] = f"pkHalo{len(defined)}"
        margin = float(reach)  # twice what a round-joined stroke reaches past the outline
        x0, y0, x1, y1 = outlines.bounds(glyph)
        c.beginForm(name, x0 - margin, y0 - margin, x1 + margin, y1 + margin)
        c.addLiteral(f"{reach} w 1 j {path} S")
        c.endForm()
    return name
