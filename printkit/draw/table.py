"""The `table` face element: rows and columns of text from data, for combat results, terrain
effects and reference cards.

The element's box is split into equal rows and into columns in proportion to `widths`; the
first `header` rows are headings on the face's colour; other rows are striped with `fill` when
it is given; `rules` says which lines are drawn. Every cell is fitted by the one text-fitting
routine (draw/text.py, through the element painter), so a cell that cannot fit at the minimum
size is the same located error as any other text.
"""

from __future__ import annotations

from typing import Any, Protocol

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.colour import colour
from printkit.draw.fonts import font
from printkit.layout.geometry import Rect
from printkit.layout.units import mm
from printkit.model.face import Element
from printkit.model.fromdata import fill_placeholders


class CellPainter(Protocol):
    canvas: Canvas

    def text(self, e: Element, attr: str, text: str, face: str, box: Rect, size: float,
             align: str = "centre", lines: int = 1) -> None: ...  # fmt: skip

    def set_fill(self, ink: Any) -> None: ...


def column_edges(e: Element, box: Rect) -> list[float]:
    """The x of each column's left edge, and the table's right edge last."""
    n = max((len(row) for row in e.rows), default=0)
    shares = list(e.widths) if len(e.widths) == n else [1.0] * n
    total = sum(shares) or 1.0
    edges, x = [box.x], box.x
    for share in shares:
        x += box.w * share / total
        edges.append(x)
    edges[-1] = box.x1
    return edges


def draw_table(
    painter: CellPainter,
    e: Element,
    values: Any,
    colours: tuple[str, str, str],
    box: Rect,
    size: float,
) -> None:
    """The table in `box`, its text at most `size`; colours: (the face's main colour, text on
    it, the ink)."""
    main, on_main, ink = colours
    c = painter.canvas
    edges = column_edges(e, box)
    row_h = box.h / max(len(e.rows), 1)
    pad = min(mm(0.8), row_h * 0.12)
    for r, row in enumerate(e.rows):
        top = box.y1 - r * row_h
        heading = r < e.header
        ground = main if heading else (e.fill if e.fill and (r - e.header) % 2 else None)
        if ground:
            painter.set_fill(colour(ground))
            c.rect(box.x, top - row_h, box.w, row_h, stroke=0, fill=1)
        painter.set_fill(colour(on_main if heading else (e.colour or ink)))
        face = font(c, "heading") if heading else font(c, e.font)
        for k, cell in enumerate(row):
            text = fill_placeholders(cell, values) if cell else ""
            if not text.strip():
                continue
            inner = Rect(edges[k] + pad, top - row_h + pad, edges[k + 1] - edges[k] - 2 * pad,
                         row_h - 2 * pad)  # fmt: skip
            painter.text(e, "rows", text, face, inner, size, e.align, e.max_lines)
    _rules(c, e, box, edges, row_h, e.stroke or main)


def _rules(c: Canvas, e: Element, box: Rect, edges: list[float], row_h: float, ink: str) -> None:
    """The lines between cells that `rules` asks for (grid: all, and a frame)."""
    if e.rules == "none":
        return
    c.setStrokeColor(colour(ink))
    c.setLineWidth(e.line_width)
    if e.rules in ("grid", "rows"):
        for r in range(1, len(e.rows)):
            y = box.y1 - r * row_h
            c.line(box.x, y, box.x1, y)
    if e.rules in ("grid", "columns"):
        for x in edges[1:-1]:
            c.line(x, box.y, x, box.y1)
    if e.rules == "grid":
        c.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)
