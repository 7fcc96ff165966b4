"""Imposition of pieces that are not plain rectangles: hexes in offset rows that share their cut
lines (a honeycomb), circles in staggered rows, any other shape in a grid of its boxes.

Where each piece goes is its *box* (layout/shapes.py: the bounding rectangle of its outline).
Pieces that carry their own bleed (bleed > 0) are spaced so that their grown outlines touch
instead of their cuts; with no bleed, hexes share every inner cut (one cut makes two edges) and
circles touch. The printed pieces are centred on the sheet, and nothing prints nearer its edge
than the sheet margin (`DEFAULT_SHEET_MARGIN` unless the kit says otherwise: home printers print
to 3 to 5 mm, so a kit may lower it). The page label and the scale bar go in bands between the
pieces and the printable edge (`KEEP_OUT`), along the top and the bottom.

Cut lines: a honeycomb's are the hexes' sides, each drawn once where two pieces share it; any
other shape's is its own outline. No crop mark is drawn: no straight cut of a honeycomb or of
staggered circles runs off the sheet (a rounded rectangle is cut along its outline too).
"""

from __future__ import annotations

from typing import NamedTuple

from printkit.layout.geometry import Rect
from printkit.layout.imposition import KEEP_OUT, MIN_MARGIN
from printkit.layout.shapes import SQRT3, Segment, Shape, corners, outline
from printkit.layout.sizes import Size
from printkit.layout.units import mm

DEFAULT_SHEET_MARGIN = MIN_MARGIN  # from the sheet's edge to the nearest printing of a piece
BAND = mm(3.5)  # the page label's and the scale bar's bands need this much depth
EPS = 1e-6


class ShapedGrid(NamedTuple):
    """Where the pieces of one shape go on one sheet: their boxes, in reading order."""

    sheet: Size
    piece: Size
    shape: Shape
    boxes: tuple[Rect, ...]
    bleed: float = 0.0

    @property
    def per_sheet(self) -> int:
        return len(self.boxes)

    @property
    def shared(self) -> bool:
        """Neighbours share cut lines (a honeycomb printed without bleed)."""
        return shared_cuts(self.shape, self.bleed)

    def slots(self) -> list[Rect]:
        return list(self.boxes)

    @property
    def area(self) -> Rect:
        """The pieces' boxes' hull (the TrimBox of a home sheet)."""
        return _hull(list(self.boxes))

    @property
    def printed(self) -> Rect:
        """Everything the pieces print, bleed included (the BleedBox)."""
        return _hull([_grown_box(self.shape, b, self.bleed) for b in self.boxes])

    @property
    def label_band(self) -> Rect:
        """Above the pieces, inside the printable area: the page label."""
        top = self.printed.y1
        depth = min(self.sheet.height - KEEP_OUT - top, mm(8))
        return Rect(
            KEEP_OUT, self.sheet.height - KEEP_OUT - depth, self.sheet.width - 2 * KEEP_OUT, depth
        )

    @property
    def scale_band(self) -> Rect:
        """Below the pieces, inside the printable area: the 100 % scale bar."""
        depth = min(self.printed.y - KEEP_OUT, mm(8))
        return Rect(KEEP_OUT, KEEP_OUT, self.sheet.width - 2 * KEEP_OUT, depth)


def _hull(rects: list[Rect]) -> Rect:
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    x1, y1 = max(r.x1 for r in rects), max(r.y1 for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _grown_box(shape: Shape, box: Rect, bleed: float) -> Rect:
    """The box of the piece's outline grown by the bleed."""
    pts = corners(shape, box, bleed)
    if pts is None:
        return box.expand(bleed)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def fit_shaped(
    paper: Size,
    piece: Size,
    shape: Shape,
    *,
    bleed: float = 0.0,
    margin: float = DEFAULT_SHEET_MARGIN,
) -> ShapedGrid:
    """The most pieces of this shape on the paper, portrait or landscape (portrait on ties),
    centred, none printing nearer the edge than `margin`, with room for the label and the scale
    bar. Raises ValueError when not even one piece fits."""
    best: ShapedGrid | None = None
    for sheet in (paper, paper.rotated()):
        for centres in _candidates(sheet, piece, shape, bleed, margin):
            if not centres:
                continue
            grid = _placed(sheet, piece, shape, bleed, centres)
            if best is None or grid.per_sheet > best.per_sheet:
                best = grid
    if best is None:
        raise ValueError("piece does not fit on the paper")
    return best


def _candidates(
    sheet: Size, piece: Size, shape: Shape, bleed: float, margin: float
) -> list[list[tuple[float, float]]]:
    """Piece centres (about any origin) of each way of laying the pieces out that fits the
    room inside the margin, the label band and the scale band."""
    room = Size(sheet.width - 2 * margin, sheet.height - 2 * max(margin, KEEP_OUT + BAND))
    return arrangements(room, piece, shape, bleed)


def arrangements(
    room: Size, piece: Size, shape: Shape, bleed: float
) -> list[list[tuple[float, float]]]:
    """Piece centres (about any origin) of each way of laying pieces of this shape out so that
    what they print, bleed included, fits `room`."""
    if shape.kind == "hexagon":
        return _honeycombs(room, piece, shape.pointy, bleed)
    if shape.kind == "circle":
        d = min(piece.width, piece.height) + 2 * bleed
        return [_rows(room, d, d, d, staggered=True), _rows(room, d, d, d, staggered=False)]
    w, h = piece.width + 2 * bleed, piece.height + 2 * bleed
    return [_rows(room, w, h, h, staggered=False)]


def _honeycombs(
    room: Size, piece: Size, pointy: bool, bleed: float
) -> list[list[tuple[float, float]]]:
    """Flat-top hexes in columns 1.5 sides apart, every other column half a hex lower (pointy
    tops: the same, turned); with bleed, the lattice of the hexes grown by the bleed."""
    flats = (piece.height if not pointy else piece.width) + 2 * bleed
    side = flats / SQRT3
    turned = Size(room.height, room.width) if pointy else room
    out = []
    for short_odd in (False, True):
        centres = _columns(turned, side, flats, short_odd)
        out.append([(y, x) for x, y in centres] if pointy else centres)
    return out


def _columns(room: Size, side: float, flats: float, short_odd: bool) -> list[tuple[float, float]]:
    """Centres of flat-top hexes (`side`, `flats` across) in offset columns filling `room`;
    `short_odd`: the lowered columns hold one hex fewer, so they end no lower than the others."""
    cols = (
        int((room.width - 2 * side + EPS) // (1.5 * side)) + 1
        if room.width + EPS >= 2 * side
        else 0
    )
    if cols < 1:
        return []
    drop = flats / 2 if cols > 1 and not short_odd else 0.0
    rows = int((room.height - drop + EPS) // flats)
    out = []
    for c in range(cols):
        lowered = c % 2 == 1
        n = rows - 1 if lowered and short_odd else rows
        for r in range(n):
            y = -(r * flats) - (flats / 2 if lowered else 0.0)
            out.append((c * 1.5 * side, y))
    return out


def _rows(
    room: Size, w: float, h: float, pitch: float, *, staggered: bool
) -> list[tuple[float, float]]:
    """Centres of w x h cells in rows; `staggered`: circles in rows sqrt(3)/2 apart, every other
    row half a cell to the right (one fewer when it would not fit)."""
    cols = int((room.width + EPS) // w)
    if cols < 1 or room.height + EPS < h:
        return []
    if not staggered:
        rows = int((room.height + EPS) // pitch)
        return [(c * w, -r * pitch) for r in range(rows) for c in range(cols)]
    step = pitch * SQRT3 / 2
    rows = int((room.height - h + EPS) // step) + 1
    shifted_cols = cols if (cols + 0.5) * w <= room.width + EPS else cols - 1
    out = []
    for r in range(rows):
        odd = r % 2 == 1
        n, dx = (shifted_cols, w / 2) if odd else (cols, 0.0)
        out += [(dx + c * w, -r * step) for c in range(n)]
    return out


def _placed(
    sheet: Size, piece: Size, shape: Shape, bleed: float, centres: list[tuple[float, float]]
) -> ShapedGrid:
    """The pieces at these centres, moved together so that what they print is centred on the
    sheet, in reading order (top row first, left to right)."""
    boxes = boxes_at(piece, centres)
    printed = printed_hull(shape, boxes, bleed)
    dx = (sheet.width - printed.w) / 2 - printed.x
    dy = (sheet.height - printed.h) / 2 - printed.y
    return ShapedGrid(sheet, piece, shape, tuple(b.shift(dx, dy) for b in boxes), bleed)


def boxes_at(piece: Size, centres: list[tuple[float, float]]) -> list[Rect]:
    """The boxes of pieces centred at these points, in reading order (top row first, left to
    right)."""
    boxes = [
        Rect(x - piece.width / 2, y - piece.height / 2, piece.width, piece.height)
        for x, y in centres
    ]
    return sorted(boxes, key=lambda b: (-round(b.y1, 3), b.x))


def printed_hull(shape: Shape, boxes: list[Rect], bleed: float) -> Rect:
    """The rectangle holding all that pieces at these boxes print, bleed included."""
    return _hull([_grown_box(shape, b, bleed) for b in boxes])


def snug(grid: ShapedGrid, n_items: int) -> ShapedGrid:
    """A sheet of only its first `n_items` pieces, centred again, when they all fit one sheet."""
    if n_items >= grid.per_sheet or n_items < 1:
        return grid
    centres = [(b.cx, b.cy) for b in grid.boxes[:n_items]]
    return _placed(grid.sheet, grid.piece, grid.shape, grid.bleed, centres)


def shared_cuts(shape: Shape, bleed: float) -> bool:
    """Neighbours of this shape share their cut lines (hexes printed without bleed)."""
    return shape.kind == "hexagon" and bleed == 0


def centred(sheet: Size, piece: Size) -> Rect:
    """Where a single piece or sheet smaller than the paper goes: in its middle."""
    return Rect(
        (sheet.width - piece.width) / 2,
        (sheet.height - piece.height) / 2,
        piece.width,
        piece.height,
    )


def cut_lines(grid: ShapedGrid, boxes: list[Rect]) -> list[list[Segment]]:
    """The cut lines of the pieces at these boxes: each hex side once where two hexes of a
    honeycomb share it, else each piece's outline."""
    return outline_cuts(grid.shape, boxes, grid.bleed)


def outline_cuts(shape: Shape, boxes: list[Rect], bleed: float) -> list[list[Segment]]:
    """The cut lines of pieces of this shape at these boxes (see `cut_lines`)."""
    if not shared_cuts(shape, bleed):
        return [outline(shape, b) for b in boxes]
    seen: set[tuple[tuple[float, float], tuple[float, float]]] = set()
    out: list[list[Segment]] = []
    for box in boxes:
        pts = corners(shape, box) or []
        for a, b in zip(pts, pts[1:] + pts[:1], strict=True):
            ka, kb = (round(a[0], 2), round(a[1], 2)), (round(b[0], 2), round(b[1], 2))
            key = (ka, kb) if ka <= kb else (kb, ka)
            if key in seen:
                continue
            seen.add(key)
            out.append([("M", *a), ("L", *b)])
    return out


def too_large(paper: Size, piece: Size, bleed: float, margin: float) -> bool:
    """Whether a piece cannot lie on the paper, turned or not, within the margin."""
    w, h = piece.width + 2 * bleed + 2 * margin, piece.height + 2 * bleed + 2 * margin
    return not any(w <= s.width + EPS and h <= s.height + EPS for s in (paper, paper.rotated()))
