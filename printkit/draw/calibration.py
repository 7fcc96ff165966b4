"""Drawing the duplex calibration sheet laid out by layout/calibration.py: page 1 the front
(targets, labels, instructions, scale bar), page 2 the back (shifted crosses and their labels).
"""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import font
from printkit.draw.sheet import draw_scale_bar
from printkit.draw.text import draw_line_fitted
from printkit.layout.calibration import (
    MARK_ARM,
    TARGET_ARM,
    TARGET_RING,
    CalibrationSheet,
    Cell,
    offset_label,
)
from printkit.layout.geometry import Rect
from printkit.layout.units import mm

INK = Color(0.12, 0.12, 0.12)
GRID = Color(0.78, 0.78, 0.78)
LABEL = Color(0.3, 0.3, 0.3)
CENTRE_TINT = Color(0.93, 0.93, 0.93)
LINE = 0.35  # pt: thin enough to see a 0.5 mm step, dark enough to show through paper

FLIP_WORDS = {"long": "the long edge", "short": "the short edge", "off": "the long edge"}
OTHER_FLIP = {"long": "short", "short": "long", "off": "short"}


def front_page(c: Canvas, sheet: CalibrationSheet, paper_name: str) -> None:
    """The front of the sheet: a grid of crosshair targets, on the current page."""
    centre = offset_label(sheet.centre_mm)
    c.setLineWidth(0.3)
    c.setStrokeColor(GRID)
    for cell in sheet.cells:
        if cell.label == centre:
            c.setFillColor(CENTRE_TINT)
            c.rect(cell.front.x, cell.front.y, cell.front.w, cell.front.h, stroke=0, fill=1)
    g = sheet.grid
    n = sheet.per_side
    for i in range(n + 1):
        x = g.x + i * g.w / n
        y = g.y + i * g.h / n
        c.line(x, g.y, x, g.y1)
        c.line(g.x, y, g.x1, y)
    for cell in sheet.cells:
        _target(c, cell)
        _label(c, cell.front_label, cell.label, bold=cell.label == centre)
    _front_header(c, sheet, paper_name)
    draw_scale_bar(c, sheet.footer, vertical=False)


def _target(c: Canvas, cell: Cell) -> None:
    x, y = cell.target
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(LINE)
    c.circle(x, y, TARGET_RING, stroke=1, fill=0)
    c.line(x - TARGET_ARM, y, x + TARGET_ARM, y)
    c.line(x, y - TARGET_ARM, x, y + TARGET_ARM)
    c.restoreState()


def _label(c: Canvas, band: Rect, text: str, bold: bool = False) -> None:
    c.setFillColor(INK if bold else LABEL)
    role = "heading" if bold else "condensed"
    draw_line_fitted(c, text, font(c, role), 6.5, band.x, band.y + mm(0.9), band.w)


def _front_header(c: Canvas, sheet: CalibrationSheet, paper_name: str) -> None:
    h = sheet.header
    flip = FLIP_WORDS[sheet.duplex]
    c.setFillColor(INK)
    c.setFont(font(c, "heading"), 16)
    c.drawString(h.x, h.y1 - mm(7), "Duplex calibration · front")
    c.setFont(font(c, "condensed"), 8.5)
    c.setFillColor(LABEL)
    c.drawString(
        h.x,
        h.y1 - mm(11.5),
        f"printkit · {paper_name.upper()} · printed double-sided, flipped on {flip} · "
        f"cells {sheet.step_mm:g} mm apart · centre cell {offset_label(sheet.centre_mm)}",
    )
    steps = [
        f"1  Print both pages double-sided, flipping on {flip}, at actual size / 100 %: "
        "the bar at the bottom must measure 50 mm.",
        "2  Hold the sheet up to a window or a lamp with this side towards you. Each cell's "
        "cross from the back shows through.",
        "3  Find the cell where that cross runs exactly through the centre of the ring. "
        "Its label is your back offset X,Y in mm.",
        "4  Save it:  printkit config set back-offset X,Y   (or pass --back-offset X,Y "
        "to printkit build).",
    ]
    c.setFillColor(INK)
    y = h.y1 - mm(16.5)
    for line in steps:
        draw_line_fitted(c, line, font(c, "body"), 7.5, h.x, y, h.w, align="left")
        y -= mm(4.1)


def back_page(c: Canvas, sheet: CalibrationSheet, paper_name: str) -> None:
    """The back: a cross behind each target, shifted by its cell's offset, on the current page."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(LINE)
    for cell in sheet.cells:
        x, y = cell.mark
        c.line(x - MARK_ARM, y, x + MARK_ARM, y)
        c.line(x, y - MARK_ARM, x, y + MARK_ARM)
    c.restoreState()
    for cell in sheet.cells:
        _label(c, cell.back_label, cell.label)
    h = sheet.back_header
    other = OTHER_FLIP[sheet.duplex]
    c.setFillColor(INK)
    c.setFont(font(c, "heading"), 16)
    c.drawString(h.x, h.y1 - mm(7), "Duplex calibration · back")
    lines = [
        f"printkit · {paper_name.upper()} · flipped on {FLIP_WORDS[sheet.duplex]}. "
        "Read the sheet from the front, against the light.",
        "This heading must lie behind the front's heading. If it lies behind the front's "
        "scale bar instead,",
        f"your printer flipped on the other edge: run  printkit calibrate --duplex {other}  "
        f"and build with  --duplex {other}.",
    ]
    y = h.y1 - mm(12)
    for line in lines:
        draw_line_fitted(c, line, font(c, "body"), 7.5, h.x, y, h.w, align="left")
        y -= mm(4.1)
