"""Where a page begins: its size and its TrimBox and BleedBox.

Components decide pages; drawing code (printkit/draw/) draws onto the page it is given and
never sets a page size or ends a page. Imposed sheets (imposed.py) and tiled plans (tiled.py)
set their own boxes from their layouts; every other page is a whole sheet, started here.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.sheet import set_page_labels
from printkit.kit import Kit
from printkit.layout.sizes import Size


def chosen_sheet_margin(kit: Kit) -> float | None:
    """The sheet margin asked for, in points: --sheet-margin or the user's settings
    (`kit.options`), else kit.yaml's `sheet_margin`; None when neither says (each imposition
    then keeps its own default)."""
    chosen = kit.options.sheet_margin
    return kit.manifest.sheet_margin if chosen is None else chosen


def start_sheet(c: Canvas, sheet: Size, bleed: float = 0.0) -> None:
    """The next page is one whole sheet (a chart, a page of templates, a plan).

    With no bleed (home) the page is the sheet: TrimBox = BleedBox = the sheet. With bleed
    (shop) the sheet is the TrimBox, the page is the sheet plus bleed on every side (the
    BleedBox), drawing is shifted so the sheet's own coordinates still apply, and the page
    carries no home page label (draw.sheet.draw_page_label reads `no_page_labels`).
    """
    page = (sheet.width + 2 * bleed, sheet.height + 2 * bleed)
    c.setPageSize(page)
    c.setTrimBox((bleed, bleed, bleed + sheet.width, bleed + sheet.height))
    c.setBleedBox((0, 0, page[0], page[1]))
    set_page_labels(c, shown=bleed == 0)
    if bleed:
        c.translate(bleed, bleed)
