"""Sheet furniture for home printing: crop marks, the 100 % scale bar, and the page label."""

from __future__ import annotations

from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import font, text_width
from printkit.layout.geometry import Rect
from printkit.layout.units import mm

GREY = Color(0.35, 0.35, 0.35)


def draw_crop_marks(c: Canvas, segments: list[tuple[float, float, float, float]]) -> None:
    c.saveState()
    c.setStrokeColor(black)
    c.setLineWidth(0.3)
    for x0, y0, x1, y1 in segments:
        c.line(x0, y0, x1, y1)
    c.restoreState()


def draw_scale_bar(
    c: Canvas,
    band: Rect,
    vertical: bool,
    length_mm: float = 50,
    label: str | None = None,
    size: float = 6.5,
) -> None:
    """A bar exactly `length_mm` long with mm ticks, and the words to check 100 % printing.

    Horizontal bands: the bar runs along the band's bottom edge from its left end. Vertical
    bands: the bar runs up the band's left edge from its bottom end (text turned 90 degrees).
    The label (font `size` pt) is shortened to "= N mm at 100 %" when the band is too short.
    """
    text = label or f"this bar must measure {length_mm:g} mm: print at actual size / 100 %"
    length = mm(length_mm)
    c.saveState()
    if vertical:
        c.translate(band.x1, band.y)
        c.rotate(90)
        span = band.h
    else:
        c.translate(band.x, band.y)
        span = band.w
    c.setStrokeColor(black)
    c.setFillColor(black)
    c.setLineWidth(0.6)
    bar_y = mm(0.6)
    c.line(0, bar_y, length, bar_y)
    for i in range(int(length_mm) + 1):
        tick = mm(1.6) if i % 10 == 0 else mm(0.9) if i % 5 == 0 else mm(0.5)
        c.setLineWidth(0.35 if i % 10 else 0.6)
        c.line(mm(i), bar_y, mm(i), bar_y + tick)
    if length + mm(2) + text_width(text, font("condensed"), size) > span:
        text = f"= {length_mm:g} mm at 100 %"
    c.setFont(font("condensed"), size)
    c.drawString(length + mm(2), bar_y, text)
    c.restoreState()


def set_page_labels(c: Canvas, shown: bool) -> None:
    """Whether draw_page_label draws on this canvas's pages: home sheets carry a label, shop
    sheets (trimmed by the printer) do not. Set by whoever starts the page."""
    c.printkit_page_labels = shown


def _page_labels_shown(c: Canvas) -> bool:
    return getattr(c, "printkit_page_labels", True)


def draw_page_label(c: Canvas, band: Rect, vertical: bool, text: str) -> None:
    if not _page_labels_shown(c):
        return  # a shop sheet: the printer trims it; home labels do not belong on it
    c.saveState()
    c.setFillColor(GREY)
    c.setFont(font("condensed"), 7)
    if vertical:
        c.translate(band.x + mm(2.5), band.y + band.h)
        c.rotate(-90)
        c.drawString(0, 0, text)
    else:
        c.drawRightString(band.x1, band.y1 - mm(2.5), text)
    c.restoreState()
