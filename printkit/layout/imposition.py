"""Imposition: where each card goes on each sheet, for home printing and for print shops.

home: cards n-up on a sheet, centred, with crop marks in the margins and an information band
      (scale bar, labels) kept at least `keep_out` inside the sheet edge.
shop: one card per page; the page is the trim plus bleed, TrimBox = card, BleedBox = page.

Duplex: backs go on the interleaved even pages at the mirrored position, so that after the
sheet is flipped each back lands behind its front. Long-edge flip on a portrait sheet reverses
the columns, short-edge flip reverses the rows; on landscape sheets the two swap. A back offset
(dx, dy) shifts every back, in the back page's own coordinates.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import field
from functools import lru_cache
from typing import Literal, NamedTuple, Protocol

from printkit.core.fieldwise import fieldwise
from printkit.layout.geometry import Rect
from printkit.layout.sizes import Size
from printkit.layout.units import mm, to_mm

Duplex = Literal["long", "short", "off"]
Side = Literal["front", "back"]

KEEP_OUT = mm(5)  # printers cannot print this close to the edge; no mark goes nearer
MIN_MARGIN = mm(7)  # from the sheet edge to the nearest printing of a card (its bleed)
MARK_GAP = mm(0.75)  # crop marks start this far outside the cards' bleed
MARK_LENGTH = mm(4)
MARK_WIDTH = 0.3  # pt: the crop marks' stroke
PRINTABLE_EDGE = KEEP_OUT + mm(0.1)  # where a thin mark may end: its half width stays inside
SCALE_BAR_ROOM = mm(52)  # the 50 mm bar, its inset and end tick, along its band
SCALE_BAR_DEPTH = mm(5)  # across a side band: the bar, its ticks and a line of words over it
STROKE_ROOM = mm(0.5)  # kept inside KEEP_OUT for outlines stroked on a piece's edge


class Grid(NamedTuple):
    """Cards laid out n-up on one sheet: `cols` x `rows` cells of the card's size plus gaps."""

    sheet: Size
    card: Size
    cols: int
    rows: int
    gap: float = 0.0  # between neighbouring cards (2 x bleed when cards carry their own bleed)
    bleed: float = 0.0

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def width(self) -> float:
        return self.cols * self.card.width + (self.cols - 1) * self.gap

    @property
    def height(self) -> float:
        return self.rows * self.card.height + (self.rows - 1) * self.gap

    @property
    def area(self) -> Rect:
        """The trim rectangles' hull (the TrimBox of a home sheet)."""
        x0 = (self.sheet.width - self.width) / 2
        y0 = (self.sheet.height - self.height) / 2
        return Rect(x0, y0, self.width, self.height)

    @property
    def printed(self) -> Rect:
        """Everything the pieces print, bleed included (the BleedBox): marks stay outside it."""
        return self.area.expand(self.bleed)

    def slots(self) -> list[Rect]:
        """Trim rectangles in reading order: top row first, left to right."""
        a = self.area
        out = []
        for r in range(self.rows):
            y = a.y1 - (r + 1) * self.card.height - r * self.gap
            for c in range(self.cols):
                out.append(Rect(a.x + c * (self.card.width + self.gap), y, *self._wh()))
        return out

    def _wh(self) -> tuple[float, float]:
        return self.card.width, self.card.height


def fit_grid(
    paper: Size, card: Size, *, bleed: float = 0.0, min_margin: float = MIN_MARGIN
) -> Grid:
    """The densest grid of cards on the paper, portrait or landscape (portrait wins ties).

    `min_margin` is kept between the sheet edge and the cards' outer bleed, so that crop marks,
    the scale bar and the label fit on white paper inside the printable area.
    Raises ValueError when not even one card fits.
    """
    gap = 2 * bleed
    best: Grid | None = None
    for sheet in (paper, paper.rotated()):
        usable_w = sheet.width - 2 * min_margin - 2 * bleed
        usable_h = sheet.height - 2 * min_margin - 2 * bleed
        cols = int((usable_w + gap + 1e-6) // (card.width + gap))
        rows = int((usable_h + gap + 1e-6) // (card.height + gap))
        if cols < 1 or rows < 1:
            continue
        grid = Grid(sheet, card, cols, rows, gap, bleed)
        while grid.rows > 1 and not _bar_fits(grid):  # a row less leaves a margin for the bar
            grid = grid._replace(rows=grid.rows - 1)
        if best is None or grid.per_sheet > best.per_sheet:
            best = grid
    if best is None:
        raise ValueError("card does not fit on the paper")
    return best


def _bar_fits(grid: Grid) -> bool:
    """The scale bar has a band: along the bottom, or up a side within one row of pieces and
    deep enough for its words (inside the printable area: no caption nearer the edge than
    KEEP_OUT)."""
    bands = info_bands(grid)
    if not bands.vertical:
        return True
    return bands.scale.h >= SCALE_BAR_ROOM and bands.scale.w >= SCALE_BAR_DEPTH


def margin_problem(grid: Grid) -> str | None:
    """Why a home sheet's marks would come nearer its edge than KEEP_OUT, or None: the crop
    marks, the scale bar's band (long and deep enough for the bar and its words) and the page
    label's band each stay inside the printable area."""
    if not _bar_fits(grid):
        return "the scale bar and its words do not fit in the sheet's margins"
    bands = info_bands(grid)
    parts = [("a crop mark", _hull(seg)) for seg in crop_marks(grid)]
    parts += [("the scale bar", bands.scale), ("the page label", bands.label)]
    for name, box in parts:
        nearest = _edge_distance(box, grid.sheet)
        if nearest < KEEP_OUT - mm(0.05):
            return f"{name} comes {to_mm(nearest):.2f} mm from the paper's edge"
    return None


def _hull(segment: tuple[float, float, float, float]) -> Rect:
    x0, y0, x1, y1 = segment
    grow = MARK_WIDTH / 2
    return Rect(
        min(x0, x1) - grow, min(y0, y1) - grow, abs(x1 - x0) + 2 * grow, abs(y1 - y0) + 2 * grow
    )


def _edge_distance(box: Rect, sheet: Size) -> float:
    return min(box.x, box.y, sheet.width - box.x1, sheet.height - box.y1)


def columns_reverse(sheet: Size, duplex: Duplex) -> bool:
    """Whether the flip turns the sheet about its vertical axis (columns reverse), else about
    its horizontal axis (rows reverse)."""
    return (duplex in ("long", "off")) != sheet.landscape


def mirror(rect: Rect, sheet: Size, duplex: Duplex) -> Rect:
    """Where the back of the card at `rect` goes so it lands behind the front after the flip.

    `off` (all fronts then all backs, fed through again by hand) mirrors as for a long-edge flip.
    """
    if columns_reverse(sheet, duplex):
        return Rect(sheet.width - rect.x - rect.w, rect.y, rect.w, rect.h)
    return Rect(rect.x, sheet.height - rect.y - rect.h, rect.w, rect.h)


@fieldwise
class Page:
    """One page to draw: its size, which side it is, and the cards on it with their trim rects."""

    size: Size
    side: Side
    items: list[tuple[int, Rect]] = field(default_factory=list)
    trim: Rect | None = None  # shop profile: the TrimBox
    bleed_box: Rect | None = None  # shop profile: the BleedBox
    sheet_number: int = 0  # 1-based physical sheet (home) or card (shop)
    backs: list[tuple[int, Rect]] = field(default_factory=list)  # a folded sheet's backs

    def __init__(
        self,
        size: Size,
        side: Side,
        items: list[tuple[int, Rect]] | None = None,
        trim: Rect | None = None,
        bleed_box: Rect | None = None,
        sheet_number: int = 0,
        backs: list[tuple[int, Rect]] | None = None,
    ) -> None:
        # its own, not the shared one (core/fieldwise.py): a build makes one a page; a list
        # not given is a new empty one
        self.size = size
        self.side = side
        self.items = [] if items is None else items
        self.trim = trim
        self.bleed_box = bleed_box
        self.sheet_number = sheet_number
        self.backs = [] if backs is None else backs


class Sheet(Protocol):
    """What home_pages needs of a sheet's layout: a Grid, or a layout/shaped.ShapedGrid."""

    @property
    def sheet(self) -> Size: ...

    @property
    def per_sheet(self) -> int: ...

    def slots(self) -> list[Rect]: ...


def home_pages(
    n_cards: int,
    grid: Sheet,
    duplex: Duplex,
    back_offset: tuple[float, float] = (0.0, 0.0),
    with_backs: bool = True,
) -> Iterator[Page]:
    """Fronts and backs for a home build, in print order, one page at a time."""
    slots = grid.slots()
    sheets = -(-n_cards // grid.per_sheet)

    def front(s: int) -> Page:
        first = s * grid.per_sheet
        cards = range(first, min(first + grid.per_sheet, n_cards))
        return Page(grid.sheet, "front", [(i, slots[i - first]) for i in cards], sheet_number=s + 1)

    def back(s: int) -> Page:
        f = front(s)
        dx, dy = back_offset
        items = [(i, mirror(r, grid.sheet, duplex).shift(dx, dy)) for i, r in f.items]
        return Page(grid.sheet, "back", items, sheet_number=s + 1)

    if not with_backs:
        yield from (front(s) for s in range(sheets))
    elif duplex == "off":
        yield from (front(s) for s in range(sheets))
        yield from (back(s) for s in range(sheets))
    else:
        for s in range(sheets):
            yield front(s)
            yield back(s)


def shop_pages(
    n_cards: int, card: Size, bleed: float, duplex: Duplex, with_backs: bool = True
) -> Iterator[Page]:
    """One card per page, page = trim + bleed; fronts and backs interleaved unless duplex is off."""
    page = Size(card.width + 2 * bleed, card.height + 2 * bleed)
    trim = Rect(bleed, bleed, card.width, card.height)
    full = Rect(0, 0, page.width, page.height)

    def one(i: int, side: Side) -> Page:
        return Page(page, side, [(i, trim)], trim=trim, bleed_box=full, sheet_number=i + 1)

    if not with_backs:
        yield from (one(i, "front") for i in range(n_cards))
    elif duplex == "off":
        yield from (one(i, "front") for i in range(n_cards))
        yield from (one(i, "back") for i in range(n_cards))
    else:
        for i in range(n_cards):
            yield one(i, "front")
            yield one(i, "back")


def crop_marks(grid: Grid) -> list[tuple[float, float, float, float]]:
    """Crop-mark segments (x0, y0, x1, y1) in the margins, on the extension of every cut line.

    Marks start MARK_GAP outside the cards' bleed, so they lie on white paper and never run into
    a card, and end at PRINTABLE_EDGE, so their whole stroke is inside the printable area.
    """
    a, out = grid.area, grid.printed
    xs = sorted({r.x for r in grid.slots()} | {r.x1 for r in grid.slots()})
    ys = sorted({r.y for r in grid.slots()} | {r.y1 for r in grid.slots()})
    bottom_len = min(MARK_LENGTH, out.y - MARK_GAP - PRINTABLE_EDGE)
    side_len = min(MARK_LENGTH, out.x - MARK_GAP - PRINTABLE_EDGE)
    segs = []
    if bottom_len > 0:
        for x in xs:
            segs.append((x, out.y - MARK_GAP, x, out.y - MARK_GAP - bottom_len))
            segs.append((x, out.y1 + MARK_GAP, x, out.y1 + MARK_GAP + bottom_len))
    if side_len > 0:
        for y in ys:
            segs.append((out.x - MARK_GAP, y, out.x - MARK_GAP - side_len, y))
            segs.append((out.x1 + MARK_GAP, y, out.x1 + MARK_GAP + side_len, y))
    del a
    return segs


class InfoBands(NamedTuple):
    """Where a sheet's scale bar and its label go: rectangles in the margin, clear of marks.

    `vertical` bands run up the side margins (text turned 90 degrees); otherwise they run along
    the bottom (scale bar) and top (label) margins.
    """

    scale: Rect
    label: Rect
    vertical: bool


@lru_cache(maxsize=64)
def info_bands(grid: Grid, min_band: float = mm(4.5)) -> InfoBands:
    """Pick margin bands for the scale bar and label, preferring bottom/top over the sides.

    Bands lie inside the printable area and outside the cards' bleed and the crop marks.
    Worked out once a grid: every sheet of a deck asks.
    """
    a, out = grid.area, grid.printed
    s = grid.sheet
    marks_room = MARK_GAP + MARK_LENGTH + mm(0.75)
    horizontal_room = out.y - KEEP_OUT - marks_room
    if horizontal_room >= min_band:
        h = min(horizontal_room, mm(8))
        return InfoBands(
            scale=Rect(a.x, KEEP_OUT, a.w, h),
            label=Rect(a.x, s.height - KEEP_OUT - h, a.w, h),
            vertical=False,
        )
    # Side margins: stay within one card row so no horizontal crop mark is crossed.
    row_h = grid.card.height
    span_y = a.y1 - row_h + mm(2)
    w = min(out.x - KEEP_OUT - mm(0.5), mm(8))
    return InfoBands(
        scale=Rect(KEEP_OUT, span_y, w, row_h - mm(4)),
        label=Rect(s.width - KEEP_OUT - w, span_y, w, row_h - mm(4)),
        vertical=True,
    )
