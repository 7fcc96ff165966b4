"""The icon contact sheet: every icon a kit can name, drawn in a grid with its name under it."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.colour import colour
from printkit.draw.fonts import font
from printkit.draw.icons import Colours, IconLibrary
from printkit.draw.text import fit_in_box
from printkit.layout.units import mm
from printkit.output import new_canvas

CELL = mm(30)
ICON = mm(18)
MARGIN = mm(12)
INK, ACCENT = colour("#1d1a16"), colour("#8a6110")


def draw_icon_sheet(
    path: Path, library: IconLibrary, paper: tuple[float, float], title: str
) -> int:
    """Write the contact sheet PDF; returns its number of pages."""
    c = new_canvas(path, paper, f"{title}: icons", "every icon name, drawn")
    width, height = paper
    columns = max(1, int((width - 2 * MARGIN) // CELL))
    rows = max(1, int((height - 2 * MARGIN - mm(10)) // CELL))
    names = library.names()
    per_page = columns * rows
    pages = max(1, -(-len(names) // per_page))
    for page in range(pages):
        c.setFillColor(INK)
        heading = f"{title} · icons · page {page + 1} of {pages}"
        box = (MARGIN, height - MARGIN - mm(6), width - 2 * MARGIN, mm(6))
        fit_in_box(c, heading, font("heading"), box, 12, 6, "left")
        for i, name in enumerate(names[page * per_page : (page + 1) * per_page]):
            x = MARGIN + (i % columns) * CELL
            top = height - MARGIN - mm(10) - (i // columns) * CELL
            _cell(c, library, name, x, top)
        c.showPage()
    c.save()
    return pages


def _cell(c: Canvas, library: IconLibrary, name: str, x: float, top: float) -> None:
    """One icon in its framed cell, its name and where it comes from under it."""
    c.setStrokeColor(colour("#c9bfa8"))
    c.setLineWidth(0.4)
    c.rect(x + mm(1), top - CELL + mm(1), CELL - mm(2), CELL - mm(2), stroke=1, fill=0)
    library.draw(c, name, x + CELL / 2, top - mm(12), ICON, Colours(INK, white, ACCENT))
    c.setFillColor(INK)
    name_box = (x + mm(2), top - CELL + mm(4.5), CELL - mm(4), mm(3.4))
    fit_in_box(c, name, font("heading"), name_box, 8, 4)
    c.setFillColor(colour("#6b6357"))
    source_box = (x + mm(2), top - CELL + mm(1.8), CELL - mm(4), mm(2.6))
    fit_in_box(c, library.icons[name].source, font("body"), source_box, 6, 3)
