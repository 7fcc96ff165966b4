"""Lines of text drawn again on a canvas are appended as the operators made the first time
(draw/text.py draw_lines, KitCanvas.line_codes): the PDF is byte for byte the one reportlab's
own drawString, drawCentredString and drawRightString write."""

from __future__ import annotations

import io
import itertools

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import KitCanvas, shipped_font
from printkit.draw.text import FittedText, draw_lines

ALIGNS = ("left", "centre", "right")
LINES = ("Move 4, turn 30", "and drift 1.", "Crash: (lose) a wheel \\ ½")


def _pdf(c: Canvas) -> bytes:
    font = shipped_font("body")
    for page in range(2):
        # each line at two sizes, two heights and three alignments, in two places a page
        for size, top, align, dx in itertools.product((8.0, 9.5), (700, 640), ALIGNS, (0, 30)):
            fitted = FittedText(LINES, size, font, size * 1.2)
            c.saveState()
            c.translate(10 + page + dx, 20)
            draw_lines(c, fitted, 12.5, top, 150.25, align)
            c.restoreState()
        c.showPage()
    return c.getpdfdata()


def test_lines_drawn_again_write_the_bytes_reportlab_writes() -> None:
    font = shipped_font("body")
    known = KitCanvas(io.BytesIO(), invariant=1, initialFontName=font)
    plain = Canvas(io.BytesIO(), invariant=1, initialFontName=font)
    assert _pdf(known) == _pdf(plain)
    assert known.line_codes  # the lines did go through the kept operators


def test_lines_past_the_limit_are_made_afresh(monkeypatch) -> None:
    from printkit.draw import text

    monkeypatch.setattr(text, "MAX_LINE_CODES", 2)
    font = shipped_font("body")
    known = KitCanvas(io.BytesIO(), invariant=1, initialFontName=font)
    plain = Canvas(io.BytesIO(), invariant=1, initialFontName=font)
    assert _pdf(known) == _pdf(plain)
    assert known.line_codes is not None and len(known.line_codes) <= 2
