"""A counter sheet laid out as a wargame's: rows grouped (a side, a formation), a row break and a
gutter before each group, and optionally folded over (fronts on the left half of a landscape
sheet, backs on the right, mirrored about the fold line, for printers that print one side).

Pieces fill rows left to right, top to bottom; a piece whose group differs from the one before
starts a new row `gutter` lower. A sheet holds the rows that fit between the bands kept for
the page label (top) and the scale bar (bottom); crop marks go in the margins on every cut
line. In points, y up (as layout/imposition.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from printkit.layout.geometry import Rect
from printkit.layout.imposition import (
    KEEP_OUT,
    MARK_GAP,
    MARK_LENGTH,
    PRINTABLE_EDGE,
    Duplex,
    Page,
    mirror,
)
from printkit.layout.sizes import Size
from printkit.layout.units import mm

BAND = mm(8)  # the page label's band (top) and the scale bar's (bottom)
MARKS_ROOM = MARK_GAP + MARK_LENGTH + mm(0.75)  # crop marks between the pieces and a band
FOLD_ROOM = mm(3)  # from the fold line to the nearest trim on either side


class RowLayout(NamedTuple):
    """How a component's pieces are grouped into rows: each piece's group key (in piece order),
    the gutter before each new group, and whether the sheet folds over."""

    keys: tuple[str, ...]
    gutter: float = 0.0
    fold: bool = False


class RowSheet(NamedTuple):
    """The geometry of one counter sheet: its size, the piece, the columns a row holds, the
    left trim edge of the first column, and the band of height the rows may fill."""

    sheet: Size
    piece: Size
    cols: int
    x0: float
    top: float  # the highest a trim's top may be (y up)
    bottom: float  # the lowest a trim's bottom may be
    gap: float
    bleed: float
    gutter: float
    fold: bool

    @property
    def fold_x(self) -> float:
        return self.sheet.width / 2

    def label_band(self) -> Rect:
        return Rect(
            KEEP_OUT, self.sheet.height - KEEP_OUT - BAND, self.sheet.width - 2 * KEEP_OUT, BAND
        )

    def scale_band(self) -> Rect:
        return Rect(KEEP_OUT, KEEP_OUT, self.sheet.width - 2 * KEEP_OUT, BAND)


def row_sheet(
    paper: Size, piece: Size, bleed: float, margin: float, gutter: float, fold: bool
) -> RowSheet:
    """The sheet for `piece`s: portrait, or landscape when folded over (its left half holds the
    fronts, right-aligned to FOLD_ROOM from the fold). Raises ValueError when no piece fits."""
    sheet = paper.rotated() if fold and not paper.landscape else paper
    side = max(margin, PRINTABLE_EDGE + MARKS_ROOM)
    gap = 2 * bleed
    room = (sheet.width / 2 - FOLD_ROOM - side) if fold else sheet.width - 2 * side
    cols = int((room - 2 * bleed + gap + 1e-6) // (piece.width + gap))
    top = sheet.height - KEEP_OUT - BAND - MARKS_ROOM - bleed
    bottom = KEEP_OUT + BAND + MARKS_ROOM + bleed
    if cols < 1 or top - bottom < piece.height - 1e-6:
        raise ValueError("piece does not fit on the paper")
    width = cols * piece.width + (cols - 1) * gap
    x0 = sheet.width / 2 - FOLD_ROOM - bleed - width if fold else (sheet.width - width) / 2
    return RowSheet(sheet, piece, cols, x0, top, bottom, gap, bleed, gutter, fold)


def placements(layout: RowLayout, grid: RowSheet) -> list[list[tuple[int, Rect]]]:
    """Each sheet's pieces (index, trim), in rows that break before every new group."""
    sheets: list[list[tuple[int, Rect]]] = [[]]
    w, h = grid.piece.width, grid.piece.height
    y = grid.top  # the top of the next row
    col = 0
    previous: str | None = None
    for index, key in enumerate(layout.keys):
        new_group = previous is not None and key != previous
        if col == grid.cols or (new_group and col):  # col is 0 only on a sheet's first row
            y -= h + grid.gap + (grid.gutter if new_group else 0.0)
            col = 0
        if y - h < grid.bottom - 1e-6:
            sheets.append([])
            y, col = grid.top, 0
        x = grid.x0 + col * (w + grid.gap)
        sheets[-1].append((index, Rect(x, y - h, w, h)))
        col += 1
        previous = key
    return [s for s in sheets if s]


def row_pages(
    layout: RowLayout,
    grid: RowSheet,
    duplex: Duplex,
    back_offset: tuple[float, float] = (0.0, 0.0),
    with_backs: bool = True,
) -> Iterator[Page]:
    """The sheets' pages in print order: a folded sheet is one page carrying its backs mirrored
    about the fold; otherwise each front is followed by its back (fronts, then backs, with
    `duplex: off`), as layout/imposition.home_pages."""
    sheets = placements(layout, grid)
    dx, dy = back_offset

    def front(s: int) -> Page:
        page = Page(grid.sheet, "front", list(sheets[s]), sheet_number=s + 1)
        if grid.fold and with_backs:
            page.backs = [(i, _across_fold(r, grid.fold_x)) for i, r in sheets[s]]
        return page

    def back(s: int) -> Page:
        items = [(i, mirror(r, grid.sheet, duplex).shift(dx, dy)) for i, r in sheets[s]]
        return Page(grid.sheet, "back", items, sheet_number=s + 1)

    if grid.fold or not with_backs:
        yield from (front(s) for s in range(len(sheets)))
    elif duplex == "off":
        yield from (front(s) for s in range(len(sheets)))
        yield from (back(s) for s in range(len(sheets)))
    else:
        for s in range(len(sheets)):
            yield front(s)
            yield back(s)


def sheet_count(layout: RowLayout, grid: RowSheet) -> int:
    return len(placements(layout, grid))


def _across_fold(r: Rect, fold_x: float) -> Rect:
    """Where a piece's back goes so the sheet, folded along x = fold_x, puts it behind its front."""
    return Rect(2 * fold_x - r.x - r.w, r.y, r.w, r.h)


def trim_marks(
    trims: list[Rect], bleed: float, sheet: Size
) -> list[tuple[float, float, float, float]]:
    """Crop marks in the margins on the extension of every cut line of these trims: beyond the
    hull of the pieces' bleed by MARK_GAP, MARK_LENGTH long (shortened to stay printable)."""
    if not trims:
        return []
    left = min(r.x for r in trims) - bleed
    right = max(r.x1 for r in trims) + bleed
    low = min(r.y for r in trims) - bleed
    high = max(r.y1 for r in trims) + bleed
    xs = sorted({round(v, 4) for r in trims for v in (r.x, r.x1)})
    ys = sorted({round(v, 4) for r in trims for v in (r.y, r.y1)})
    down = min(MARK_LENGTH, low - MARK_GAP - PRINTABLE_EDGE)
    up = min(MARK_LENGTH, sheet.height - high - MARK_GAP - PRINTABLE_EDGE)
    out_l = min(MARK_LENGTH, left - MARK_GAP - PRINTABLE_EDGE)
    out_r = min(MARK_LENGTH, sheet.width - right - MARK_GAP - PRINTABLE_EDGE)
    segs = []
    for x in xs:
        if down > 0:
            segs.append((x, low - MARK_GAP, x, low - MARK_GAP - down))
        if up > 0:
            segs.append((x, high + MARK_GAP, x, high + MARK_GAP + up))
    for y in ys:
        if out_l > 0:
            segs.append((left - MARK_GAP, y, left - MARK_GAP - out_l, y))
        if out_r > 0:
            segs.append((right + MARK_GAP, y, right + MARK_GAP + out_r, y))
    return segs
