"""Gang sheets: packing cut pieces of several sizes onto shared home sheets (geometry only).

Pieces of one size form *runs*. A run is placed as rectangular *blocks*: small grids of pieces
set out as render/imposed.py sets out a sheet (butted, or 2 x bleed apart when pieces carry
their own bleed), with crop marks on every cut line just outside the block. Each block reserves
a *mark zone* around its trim: bleed + MARK_GAP + MARK_LENGTH on every side. Blocks are packed so
that no two mark zones overlap, hence no crop mark can cross another piece, its bleed or its
marks, and every mark stays inside the printable area. A run may give each piece a row group
(a counter sheet's side): its blocks then start a new row, a gutter lower, at each new group.

The packer is a guillotine packer of our own, not a general one such as rectpack: a general
packer places independent rectangles, but here pieces of one size must stay together as grids
with shared cut lines and one set of marks, the shapes per kit are few, and the result must be
the same on every run. It works so: runs in decreasing piece area, each block sized to the
free rectangle that takes the most pieces (best fit on ties), placed at its top-left corner,
and the rest of that rectangle split in two along the cut that leaves the larger free one. Sheets are filled one after the other, and each sheet's blocks are then
centred together; the sheet orientation (portrait or landscape) that needs fewer sheets wins,
portrait on ties.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from printkit.layout.geometry import Rect
from printkit.layout.imposition import KEEP_OUT, MARK_GAP, MARK_LENGTH
from printkit.layout.shaped import arrangements, boxes_at, printed_hull
from printkit.layout.shapes import RECTANGLE, Shape
from printkit.layout.sizes import Size
from printkit.layout.units import mm

LABEL_BAND = mm(3.5)  # along the top of the printable area: the page label
SCALE_BAND = mm(3.5)  # along the bottom: the 100 % scale bar
EPS = 1e-6

Segment = tuple[float, float, float, float]


class PieceTooLarge(ValueError):
    """Run number `run`'s piece fits on no sheet, with its marks, in either orientation."""

    def __init__(self, run: int) -> None:
        super().__init__(f"run {run}: piece too large for a gang sheet")
        self.run = run


@dataclass(frozen=True)
class Run:
    """`count` pieces of one trim size and shape, to be packed together; `keys`, when given,
    the row group of each piece (a counter sheet's side): in a block each new group starts a new
    row, `gutter` lower."""

    size: Size
    count: int
    shape: Shape = RECTANGLE
    keys: tuple[str, ...] = ()
    gutter: float = 0.0


@dataclass(frozen=True)
class Block:
    """`count` pieces of run `run` (its pieces `first`...`first + count - 1`), in a grid of
    `cols` x `rows` pieces whose trim spans `span`; filled in reading order."""

    run: int
    first: int
    count: int
    cols: int
    rows: int
    span: Rect
    piece: Size
    gap: float
    shape: Shape = RECTANGLE
    # a shaped block's pieces, their boxes from the span's corner (its span: all they print)
    offsets: tuple[Rect, ...] = ()
    # a grouped block's pieces (rows broken, with gutters, between groups), their trims from
    # the span's corner
    places: tuple[Rect, ...] = ()

    def slots(self) -> list[Rect]:
        """Trim rectangles of the block's pieces, top row first, left to right."""
        if self.offsets or self.places:
            return [o.shift(self.span.x, self.span.y) for o in self.offsets or self.places]
        w, h = self.piece.width, self.piece.height
        out = []
        for i in range(self.count):
            r, c = divmod(i, self.cols)
            x = self.span.x + c * (w + self.gap)
            y = self.span.y1 - (r + 1) * h - r * self.gap
            out.append(Rect(x, y, w, h))
        return out


@dataclass
class GangLayout:
    """Where every piece goes: one list of blocks per sheet, all sheets of size `sheet`."""

    sheet: Size
    bleed: float
    sheets: list[list[Block]] = field(default_factory=list)

    @property
    def printable(self) -> Rect:
        return printable_area(self.sheet)

    @property
    def label_band(self) -> Rect:
        p = self.printable
        return Rect(p.x, p.y1 - LABEL_BAND, p.w, LABEL_BAND)

    @property
    def scale_band(self) -> Rect:
        p = self.printable
        return Rect(p.x, p.y, p.w, SCALE_BAND)


def printable_area(sheet: Size) -> Rect:
    """The sheet less the KEEP_OUT margin a home printer cannot print."""
    return Rect(KEEP_OUT, KEEP_OUT, sheet.width - 2 * KEEP_OUT, sheet.height - 2 * KEEP_OUT)


def mark_zone(bleed: float) -> float:
    """How far a block's crop marks reach beyond its trim."""
    return bleed + MARK_GAP + MARK_LENGTH


def piece_area(size: Size, bleed: float) -> float:
    """The paper one piece needs at the least: its trim plus its own bleed."""
    return (size.width + 2 * bleed) * (size.height + 2 * bleed)


def area_lower_bound(runs: list[Run], paper: Size, bleed: float) -> int:
    """No packing can use fewer sheets: total piece area (with bleed) over the printable area."""
    total = sum(piece_area(r.size, bleed) * r.count for r in runs)
    page = printable_area(paper)
    return math.ceil(total / (page.w * page.h) - 1e-9) if total else 0


def sheets_lower_bound(runs: list[Run], paper: Size, bleed: float) -> int:
    """No packing can use fewer sheets: the area bound, or the sheets a run of plain
    rectangles needs alone, whichever is more.

    Pieces are never turned, and on a gang sheet each lies at least 2 x bleed from the next and
    its block's crop-mark zone from the edge of the sheet's bin (the printable area less the
    label and scale bands). Identical rectangles so spaced fit no better than in one grid (every
    piece crosses one of floor(H / h) horizontal lines, and along each line at most
    floor(W / w) fit), so a run whose pieces one sheet's grid cannot all hold needs more than
    one sheet even when their area would fit (sixteen 50 mm tiles fit A4's printable area by
    area, but one sheet holds 15 of them with their marks)."""
    bound = area_lower_bound(runs, paper, bleed)
    for run in runs:
        if run.count and run.shape.rectangular:
            held = max(_grid_capacity(sheet, run, bleed) for sheet in (paper, paper.rotated()))
            if held:
                bound = max(bound, math.ceil(run.count / held))
    return bound


def _grid_capacity(sheet: Size, run: Run, bleed: float) -> int:
    """How many of a rectangular run's pieces one grid on an empty sheet holds."""
    cols, rows = _capacity(_bin(sheet), run, bleed)
    return cols * rows


def block_zone(block: Block, bleed: float) -> float:
    """How far a block's marks (or, for a shaped block, a gap) reach beyond its span."""
    return MARK_GAP if block.offsets else mark_zone(bleed)


def block_marks(block: Block, bleed: float) -> list[Segment]:
    """Crop marks (x0, y0, x1, y1) on the extension of every cut line of the block, starting
    bleed + MARK_GAP outside its trim and MARK_LENGTH long; none for a shaped block, which is
    cut along its outlines."""
    if block.offsets:
        return []
    a = block.span
    slots = block.slots() if block.places else _grid_slots(block)
    columns = {(s.x, s.x1) for s in slots}
    rows = {(s.y, s.y1) for s in slots}
    xs = sorted({v for pair in columns for v in pair})
    ys = sorted({v for pair in rows for v in pair})
    start = bleed + MARK_GAP
    segs: list[Segment] = []
    for x in xs:
        segs.append((x, a.y - start, x, a.y - start - MARK_LENGTH))
        segs.append((x, a.y1 + start, x, a.y1 + start + MARK_LENGTH))
    for y in ys:
        segs.append((a.x - start, y, a.x - start - MARK_LENGTH, y))
        segs.append((a.x1 + start, y, a.x1 + start + MARK_LENGTH, y))
    return segs


def _grid_slots(block: Block) -> list[Rect]:
    """Every place of the block's grid, filled or not (its cut lines)."""
    full = replace(block, first=0, count=block.cols * block.rows)
    return full.slots()


def pack(paper: Size, runs: list[Run], bleed: float) -> GangLayout:
    """The gang layout needing the fewest sheets, portrait (the paper as given) or turned.

    Raises PieceTooLarge for the first run whose piece fits neither orientation.
    """
    best: GangLayout | None = None
    too_large: PieceTooLarge | None = None
    for sheet in (paper, paper.rotated()):
        try:
            layout = _pack_on(sheet, runs, bleed)
        except PieceTooLarge as exc:
            too_large = too_large or exc
            continue
        if best is None or len(layout.sheets) < len(best.sheets):
            best = layout
    if best is None:
        raise too_large or PieceTooLarge(0)
    return best


def _bin(sheet: Size) -> Rect:
    """Where mark zones may go: the printable area less the label and scale-bar bands."""
    p = printable_area(sheet)
    return Rect(p.x, p.y + SCALE_BAND, p.w, p.h - SCALE_BAND - LABEL_BAND)


def _pack_on(sheet: Size, runs: list[Run], bleed: float) -> GangLayout:
    layout = GangLayout(sheet, bleed)
    order = sorted(range(len(runs)), key=lambda i: -piece_area(runs[i].size, 0))
    for i in order:
        if runs[i].count and _capacity(_bin(sheet), runs[i], bleed) == (0, 0):
            raise PieceTooLarge(i)
    placed = [0] * len(runs)
    while any(placed[i] < runs[i].count for i in order):
        blocks = _fill_sheet(_bin(sheet), runs, order, placed, bleed)
        layout.sheets.append(_centred(blocks, _bin(sheet), bleed))
    return layout


def _centred(blocks: list[Block], area: Rect, bleed: float) -> list[Block]:
    """The blocks moved together so that their mark zones are centred in `area`, as a home
    sheet centres its grid."""
    zones = [b.span.expand(block_zone(b, bleed)) for b in blocks]
    x0, y0 = min(z.x for z in zones), min(z.y for z in zones)
    x1, y1 = max(z.x1 for z in zones), max(z.y1 for z in zones)
    dx = area.x + (area.w - (x1 - x0)) / 2 - x0
    dy = area.y + (area.h - (y1 - y0)) / 2 - y0
    return [replace(b, span=b.span.shift(dx, dy)) for b in blocks]


def _fill_sheet(
    area: Rect, runs: list[Run], order: list[int], placed: list[int], bleed: float
) -> list[Block]:
    """Blocks for one sheet, taking pieces from the runs in `order`; advances `placed`."""
    free = [area]
    blocks: list[Block] = []
    for i in order:
        run = runs[i]
        while placed[i] < run.count:
            left = run.count - placed[i]
            choice = _best_free(free, run, bleed, left)
            if choice is None:
                break
            k, (cols, rows) = choice
            space = free.pop(k)
            if run.keys:
                block = _grouped_block_in(space, i, placed[i], run, cols, bleed, free)
            elif run.shape.rectangular:
                block = _block_in(space, i, placed[i], left, cols, rows, run.size, bleed, free)
            else:
                block = _shaped_block_in(space, i, placed[i], left, run, bleed, free)
            blocks.append(block)
            placed[i] += block.count
    return blocks


def _capacity(space: Rect, run: Run, bleed: float) -> tuple[int, int]:
    """(cols, rows) of pieces whose mark zone fits `space`; (0, 0) when none does. A shaped
    run's capacity is (pieces, 1): its pieces lie in offset rows, not a grid."""
    piece = run.size
    if not run.shape.rectangular:
        best = _arrangement(space, run, bleed)
        return (len(best), 1) if best else (0, 0)
    gap, zone = 2 * bleed, mark_zone(bleed)
    cols = int((space.w - 2 * zone + gap + EPS) // (piece.width + gap))
    rows = int((space.h - 2 * zone + gap + EPS) // (piece.height + gap))
    return (cols, rows) if cols > 0 and rows > 0 else (0, 0)


def _arrangement(space: Rect, run: Run, bleed: float) -> list[tuple[float, float]]:
    """The centres of the most pieces of a shaped run that fit `space` (a gap of MARK_GAP
    kept around what they print)."""
    room = Size(space.w - 2 * MARK_GAP, space.h - 2 * MARK_GAP)
    options = arrangements(room, run.size, run.shape, bleed)
    return max(options, key=len) if options else []


def _best_free(
    free: list[Rect], run: Run, bleed: float, left: int
) -> tuple[int, tuple[int, int]] | None:
    """The free rectangle taking the most of `left` pieces (the smallest one on ties)."""
    best: tuple[int, float, int, tuple[int, int]] | None = None
    for k, space in enumerate(free):
        cols, rows = _capacity(space, run, bleed)
        takes = min(left, cols * rows)
        if takes and (best is None or (-takes, space.w * space.h) < (-best[0], best[1])):
            best = (takes, space.w * space.h, k, (cols, rows))
    return None if best is None else (best[2], best[3])


def _shaped_block_in(  # noqa: PLR0913
    space: Rect, run_index: int, first: int, left: int, run: Run, bleed: float, free: list[Rect]
) -> Block:
    """The first `left` pieces (or as many as fit) of the shaped run's best arrangement in
    `space`, at its top-left; the rest of `space` goes back into `free`."""
    boxes = boxes_at(run.size, _arrangement(space, run, bleed))[:left]
    hull = printed_hull(run.shape, boxes, bleed)
    offsets = tuple(b.shift(-hull.x, -hull.y) for b in boxes)
    span = Rect(space.x + MARK_GAP, space.y1 - MARK_GAP - hull.h, hull.w, hull.h)
    free.extend(_split(space, hull.w + 2 * MARK_GAP, hull.h + 2 * MARK_GAP))
    return Block(
        run_index, first, len(boxes), len(boxes), 1, span, run.size, 0.0, run.shape, offsets
    )


def _shape(n: int, cols: int, rows: int, piece: Size, gap: float) -> tuple[int, int]:
    """The grid of at most cols x rows holding min(n, cols x rows) pieces in the least area."""
    if n >= cols * rows:
        return cols, rows
    options = []
    for c in range(1, cols + 1):
        r = -(-n // c)
        if r <= rows:
            area = (c * (piece.width + gap)) * (r * (piece.height + gap))
            options.append((area, c * r - n, -c, (c, r)))
    return min(options)[3]


def _block_in(  # noqa: PLR0913
    space: Rect,
    run: int,
    first: int,
    left: int,
    cols: int,
    rows: int,
    piece: Size,
    bleed: float,
    free: list[Rect],
) -> Block:
    """A block at the top-left of `space`; the rest of `space` goes back into `free`."""
    gap, zone = 2 * bleed, mark_zone(bleed)
    c, r = _shape(left, cols, rows, piece, gap)
    span_w = c * piece.width + (c - 1) * gap
    span_h = r * piece.height + (r - 1) * gap
    bw, bh = span_w + 2 * zone, span_h + 2 * zone
    span = Rect(space.x + zone, space.y1 - zone - span_h, span_w, span_h)
    free.extend(_split(space, bw, bh))
    return Block(run, first, min(left, c * r), c, r, span, piece, gap)


def _grouped_block_in(  # noqa: PLR0913
    space: Rect, run_index: int, first: int, run: Run, cols: int, bleed: float, free: list[Rect]
) -> Block:
    """A block of a grouped run at the top-left of `space`: up to `cols` pieces a row, each new
    group starting a new row `run.gutter` lower, as many rows as the space's height takes; the
    rest of `space` goes back into `free`."""
    gap, zone = 2 * bleed, mark_zone(bleed)
    w, h = run.size.width, run.size.height
    room = space.h - 2 * zone
    tops: list[tuple[int, float]] = []  # (column, distance from the block's top) of each piece
    col, top = 0, 0.0
    for k in range(first, run.count):
        if tops:
            new_group = run.keys[k] != run.keys[k - 1]
            if new_group or col == cols:
                col, top = 0, top + h + gap + (run.gutter if new_group else 0.0)
        if top + h > room + EPS:
            break
        tops.append((col, top))
        col += 1
    span_w = max(c for c, _ in tops) * (w + gap) + w
    span_h = tops[-1][1] + h
    places = tuple(Rect(c * (w + gap), span_h - y - h, w, h) for c, y in tops)
    span = Rect(space.x + zone, space.y1 - zone - span_h, span_w, span_h)
    free.extend(_split(space, span_w + 2 * zone, span_h + 2 * zone))
    rows = len({y for _, y in tops})
    return Block(run_index, first, len(tops), cols, rows, span, run.size, gap, places=places)


def _split(space: Rect, bw: float, bh: float) -> list[Rect]:
    """The two free rectangles left when bw x bh is taken from the top-left of `space`, cut
    so that the larger of them is as large as possible."""
    rest_w, rest_h = space.w - bw, space.h - bh
    beside_short = Rect(space.x + bw, space.y1 - bh, rest_w, bh)
    below_full = Rect(space.x, space.y, space.w, rest_h)
    beside_full = Rect(space.x + bw, space.y, rest_w, space.h)
    below_short = Rect(space.x, space.y, bw, rest_h)
    if max(rest_w * bh, space.w * rest_h) >= max(rest_w * space.h, bw * rest_h):
        pair = [beside_short, below_full]
    else:
        pair = [beside_full, below_short]
    return [r for r in pair if r.w > EPS and r.h > EPS]
