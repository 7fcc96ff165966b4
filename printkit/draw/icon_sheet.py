"""The icon contact sheet: every icon a kit can name, drawn in a grid with its name under it."""

from __future__ import annotations

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.colour import colour
from printkit.draw.fonts import font
from printkit.draw.icons import Colours, IconLibrary
from printkit.draw.text import fit_in_box
from printkit.layout.units import mm

CELL = mm(30)
ICON = mm(18)
MARGIN = mm(12)
INK, ACCENT = colour("#1d1a16"), colour("#8a6110")


def sheet_layout(library: IconLibrary, paper: tuple[float, float]) -> tuple[int, int, int]:
    """(columns, rows, pages) of the contact sheet on paper of this size."""
    width, height = paper
    columns = max(1, int((width - 2 * MARGIN) // CELL))
    rows = max(1, int((height - 2 * MARGIN - mm(10)) // CELL))
    return columns, rows, max(1, -(-len(library.names()) // (columns * rows)))


def draw_icon_page(
    c: Canvas, library: IconLibrary, paper: tuple[float, float], title: str, page: int
) -> None:
    """Page `page` (from 0) of the contact sheet, onto the page the caller started."""
    width, height = paper
    columns, rows, pages = sheet_layout(library, paper)
    per_page = columns * rows
    c.setFillColor(INK)
    heading = f"{title} · icons · page {page + 1} of {pages}"
    box = (MARGIN, height - MARGIN - mm(6), width - 2 * MARGIN, mm(6))
    fit_in_box(c, heading, font(c, "heading"), box, 12, 6, "left")
    for i, name in enumerate(library.names()[page * per_page : (page + 1) * per_page]):
        x = MARGIN + (i % columns) * CELL
        top = height - MARGIN - mm(10) - (i // columns) * CELL
        _cell(c, library, name, x, top)


def _cell(c: Canvas, library: IconLibrary, name: str, x: float, top: float) -> None:
    """One icon in its framed cell, its name and where it comes from under it."""
    c.setStrokeColor(colour("#c9bfa8"))
    c.setLineWidth(0.4)
    c.rect(x + mm(1), top - CELL + mm(1), CELL - mm(2), CELL - mm(2), stroke=1, fill=0)
    library.draw(c, name, x + CELL / 2, top - mm(12), ICON, Colours(INK, white, ACCENT))
    c.setFillColor(INK)
    name_box = (x + mm(2), top - CELL + mm(4.5), CELL - mm(4), mm(3.4))
    fit_in_box(c, name, font(c, "heading"), name_box, 8, 4)
    c.setFillColor(colour("#6b6357"))
    source_box = (x + mm(2), top - CELL + mm(1.8), CELL - mm(4), mm(2.6))
    fit_in_box(c, library.icons[name].source, font(c, "body"), source_box, 6, 3)
