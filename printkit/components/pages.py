"""Where a page begins: its size and its TrimBox and BleedBox.

Components decide pages; drawing code (printkit/draw/) draws onto the page it is given and
never sets a page size or ends a page. Imposed sheets (imposed.py) and tiled plans (tiled.py)
set their own boxes from their layouts; every other page is a whole sheet, started here.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.layout.sizes import Size


def start_sheet(c: Canvas, sheet: Size) -> None:
    """The next page is the whole sheet, nothing cut from it: TrimBox = BleedBox = the sheet."""
    c.setPageSize((sheet.width, sheet.height))
    c.setTrimBox((0, 0, sheet.width, sheet.height))
    c.setBleedBox((0, 0, sheet.width, sheet.height))
