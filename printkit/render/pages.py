"""Where a page begins: its size and its TrimBox and BleedBox.

Components decide pages; drawing code (printkit/draw/) draws onto the page it is given and
never sets a page size or ends a page. Imposed sheets (imposed.py) and tiled plans (tiled.py)
set their own boxes from their layouts; every other page is a whole sheet, started here.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.sheet import draw_own_mark, draw_own_words, set_page_labels
from printkit.kit import Kit
from printkit.layout.geometry import Rect
from printkit.layout.imposition import KEEP_OUT
from printkit.layout.sizes import Size
from printkit.layout.units import mm

SHEET_LABEL_BAND = mm(4.5)  # a whole sheet's bottom band: its scale bar and its label


def chosen_sheet_margin(kit: Kit) -> float | None:
    """The sheet margin asked for, in points: --sheet-margin or the user's settings
    (`kit.options`), else kit.yaml's `sheet_margin`; None when neither says (each imposition
    then keeps its own default)."""
    chosen = kit.options.sheet_margin
    return kit.manifest.sheet_margin if chosen is None else chosen


def sheet_label(kit: Kit) -> str:
    """The kit as its sheets' labels name it: its name, and the variants it is built with."""
    variants = kit.options.variants
    if not variants:
        return kit.name
    return f"{kit.name}, variant{'s' if len(variants) > 1 else ''} {'+'.join(variants)}"


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


def mark_own_sheet(c: Canvas, sheet: Size, own: bool) -> None:
    """A whole sheet whose rules text, values or layout are the kit's own (`source: ours` in its
    data) says so as a card does (draw/sheet.py): the 1.8 mm diamond inside the lower right
    corner of the sheet's printable area, just above its label band, and the one-line legend on
    the diamond's line, ending just left of it (as a plan's corner, render/tiled.own_corner).
    Every type that draws whole sheets calls this once a sheet is drawn; nothing when `own` is
    false."""
    if not own:
        return
    area = Rect(KEEP_OUT, KEEP_OUT + SHEET_LABEL_BAND, sheet.width - 2 * KEEP_OUT, mm(10))
    draw_own_mark(c, area)
    draw_own_words(c, area)
