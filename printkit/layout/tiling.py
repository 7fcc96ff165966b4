"""Tiling a large plan (a board, a full-size track) over home sheets, with glue overlaps.

The content is split into a grid of windows. Neighbouring windows overlap by at least
`overlap`; in each overlap the later piece keeps a glue band and the earlier one is cut along
the seam line, so the seam lines partition the content exactly. Seams are moved, within the
slack the sheet size allows, so that they do not cut through the rectangles in `avoid`
(symbols, squares, labels) where that is possible.

Rows are lettered from the top (A, B, ...), columns numbered from the left (1, 2, ...).
All numbers are points; content coordinates have their origin at the content's bottom-left.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Callable
from typing import NamedTuple

from printkit.layout.geometry import Rect
from printkit.layout.imposition import KEEP_OUT, STROKE_ROOM
from printkit.layout.sizes import Size
from printkit.layout.units import mm

LABEL_ROOM = mm(7)  # margin strip on each sheet for the row/column label and neighbours
EDGE = KEEP_OUT + STROKE_ROOM  # the content window starts here: its outline stays printable
TRIM_BLEED = mm(3)  # content printed past a cut line, so a slightly wide cut shows no white


class Tile(NamedTuple):
    row: int  # 0 = top row
    col: int  # 0 = left column
    window: Rect  # the part of the content this sheet shows (content coordinates)
    cut: Rect  # the part of the content this piece keeps after trimming (its seams)
    origin: tuple[float, float]  # where content (0, 0) lands on the sheet

    @property
    def label(self) -> str:
        return f"{row_letter(self.row)}{self.col + 1}"

    def to_sheet(self, r: Rect) -> Rect:
        """A content rectangle in sheet coordinates."""
        return r.shift(*self.origin)


class TilePlan(NamedTuple):
    content: Size
    sheet: Size
    overlap: float
    rows: int
    cols: int
    tiles: tuple[Tile, ...]
    x_seams: tuple[float, ...]  # content x of each vertical cut line
    y_seams: tuple[float, ...]  # content y of each horizontal cut line (bottom to top)
    side_label: bool = False  # one sheet whose label strip runs up its left margin

    def tile(self, row: int, col: int) -> Tile:
        return self.tiles[row * self.cols + col]


def row_letter(row: int) -> str:
    letters = ""
    row += 1
    while row:
        row, rem = divmod(row - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def printable_window(sheet: Size, label_room: float = LABEL_ROOM, edge: float = EDGE) -> Size:
    """The content area of one sheet: inside the keep-out margins (and room for the outline's
    stroke), less a strip for labels."""
    return Size(sheet.width - 2 * edge, sheet.height - 2 * edge - label_room)


def _count(length: float, window: float, overlap: float) -> int:
    if length <= window + 1e-6:
        return 1
    return math.ceil((length - window) / (window - overlap) - 1e-9) + 1


def _seams(
    length: float, window: float, overlap: float, n: int, avoid: list[tuple[float, float]]
) -> list[float]:
    """Cut lines s_1..s_{n-1}: window i spans [s_i - overlap, s_i - overlap + window].

    The seams are chosen together, not one after the other: moving one seam changes where the
    next may go, and the set that cuts the fewest avoided intervals in total (then lies nearest
    the even spacing) wins. The greedy placement is always among the choices.
    """
    greedy: list[float] = []
    prev = overlap  # a virtual seam for window 0, which starts at 0
    for i in range(1, n):
        hi = prev - overlap + window  # the previous window must reach the seam
        lo = length - (n - i) * (window - overlap) + overlap  # the rest must still be covered
        greedy.append(_best_seam(max(lo, overlap), hi, i * length / n, avoid))
        prev = greedy[-1]
    if n <= 2 or not avoid:
        return greedy
    return _joint_seams(length, window, overlap, n, avoid, greedy)


Layer = dict[float, tuple[int, float, float | None]]  # position -> (cuts, drift, previous)


def _joint_seams(length, window, overlap, n, avoid, greedy: list[float]) -> list[float]:
    """The seams with the fewest cuts in total, by dynamic programming over candidate positions
    (the even spacing, either side of every avoided interval, the greedy seams, and the points
    a whole window short of those). Linear in the candidates per seam, so large plans stay fast.
    """
    starts = sorted(a for a, _ in avoid)
    ends = sorted(b for _, b in avoid)

    def cuts(x: float) -> int:  # intervals with a < x < b
        return bisect_left(starts, x) - bisect_right(ends, x)

    span = window - overlap  # the most one seam may lie beyond the one before
    candidates = _seam_candidates(length, overlap, n, span, avoid, greedy)
    # per seam: position -> (cuts so far, distance from the even spacing, previous position)
    layers: list[Layer] = [{overlap: (0, 0.0, None)}]
    for i in range(1, n):
        lo = max(length - (n - i) * span + overlap, overlap)
        layer = _next_layer(layers[-1], candidates, lo, i * length / n, overlap, span, cuts)
        if not layer:
            return greedy
        layers.append(layer)
    ends_ok = [(v[:2], x) for x, v in layers[-1].items() if x + span >= length - 1e-6]
    if not ends_ok:
        return greedy
    seams: list[float] = []
    at: float | None = min(ends_ok)[1]
    for layer in reversed(layers[1:]):
        assert at is not None  # each layer's positions came from one in the layer before
        seams.append(at)
        at = layer[at][2]
    return seams[::-1]


def _seam_candidates(length, overlap, n, span, avoid, greedy: list[float]) -> list[float]:
    """Where a seam may go: either side of every avoided interval, the even spacing, the greedy
    seams, and the points whole spans short of those, within the plan."""
    points = {x for a, b in avoid for x in (a - mm(0.5), b + mm(0.5))}
    points |= {i * length / n for i in range(1, n)} | set(greedy)
    # a seam may have to sit just far enough along for the next one to reach a clear spot
    points |= {p - k * span for p in list(points) for k in range(1, n)}
    return sorted(p for p in points if overlap <= p <= length - overlap)


def _next_layer(
    previous: Layer,
    candidates: list[float],
    lo: float,
    ideal: float,
    overlap: float,
    span: float,
    cuts: Callable[[float], int],
) -> Layer:
    """The best way to reach each candidate from a seam of `previous` that lies at least
    `overlap` and at most `span` behind it (a sliding-window minimum over the previous seams)."""
    before = sorted(previous.items())
    layer: Layer = {}
    window_min: deque[tuple[float, tuple[int, float, float | None]]] = deque()
    j = 0
    for x in candidates:
        if x < lo:
            continue
        while j < len(before) and before[j][0] + overlap <= x:  # prev now close enough
            entry = before[j]
            while window_min and window_min[-1][1][:2] >= entry[1][:2]:
                window_min.pop()
            window_min.append(entry)
            j += 1
        while window_min and window_min[0][0] + span < x:  # prev too far behind
            window_min.popleft()
        if window_min:
            prev, (k, d, _) = window_min[0]
            layer[x] = (k + cuts(x), d + abs(x - ideal), prev)
    return layer


def _best_seam(lo: float, hi: float, ideal: float, avoid: list[tuple[float, float]]) -> float:
    """The position in [lo, hi] that cuts the fewest avoided intervals, nearest `ideal` among those.

    A seam runs the whole length of the plan, so on a busy plan (a board full of symbols) no
    position may be clear; then it still passes between as many symbols as it can.
    """
    ideal = min(max(ideal, lo), hi)

    def cuts(x: float) -> int:
        return sum(1 for a, b in avoid if a < x < b)

    if cuts(ideal) == 0:
        return ideal
    candidates = [ideal]
    for a, b in avoid:
        for x in (a - mm(0.5), b + mm(0.5)):
            if lo <= x <= hi:
                candidates.append(x)
    return min(candidates, key=lambda x: (cuts(x), abs(x - ideal)))


def plan_tiles(
    content: Size,
    paper: Size,
    overlap: float = mm(12),
    avoid: list[Rect] | tuple[Rect, ...] = (),
    label_room: float = LABEL_ROOM,
    edge: float = EDGE,
) -> TilePlan:
    """Split `content` over sheets of `paper` (portrait or landscape, fewest sheets wins),
    printing nothing nearer a sheet's edge than `edge` (a kit's sheet margin, when larger)."""
    best: TilePlan | None = None
    for sheet in (paper, paper.rotated()):
        win = printable_window(sheet, label_room, edge)
        if content.width <= win.width + 1e-6 and content.height <= win.height + 1e-6:
            best = None  # fits one sheet as it is: planned below, labels along the bottom
            break
    else:
        one = _one_sheet_side_label(content, paper, label_room, edge)
        if one is not None:
            return one
    for sheet in (paper, paper.rotated()):
        win = printable_window(sheet, label_room, edge)
        if win.width <= 2 * overlap or win.height <= 2 * overlap:
            continue
        plan = _plan(content, sheet, win, overlap, avoid, label_room, edge)
        if best is None or len(plan.tiles) < len(best.tiles):
            best = plan
    if best is None:
        raise ValueError("paper too small for tiling")
    return best


def _plan(content, sheet, win, overlap, avoid, label_room, edge=EDGE) -> TilePlan:  # noqa: PLR0913
    cols = _count(content.width, win.width, overlap)
    rows = _count(content.height, win.height, overlap)
    xs = _seams(content.width, win.width, overlap, cols, [(r.x, r.x1) for r in avoid])
    ys = _seams(content.height, win.height, overlap, rows, [(r.y, r.y1) for r in avoid])
    x_edges = [0.0, *xs, content.width]
    y_edges = [0.0, *ys, content.height]
    tiles = []
    for row in range(rows):
        band = rows - 1 - row  # row 0 is the top band
        for col in range(cols):
            cut = Rect(
                x_edges[col],
                y_edges[band],
                x_edges[col + 1] - x_edges[col],
                y_edges[band + 1] - y_edges[band],
            )
            wx = 0.0 if col == 0 else x_edges[col] - overlap
            wy = 0.0 if band == 0 else y_edges[band] - overlap
            wx1 = min(wx + win.width, content.width, cut.x1 + TRIM_BLEED)
            wy1 = min(wy + win.height, content.height, cut.y1 + TRIM_BLEED)
            window = Rect(wx, wy, wx1 - wx, wy1 - wy)
            origin = (edge - wx, edge + label_room - wy)
            if rows == cols == 1:
                origin = _centred_origin(content, sheet, label_room, edge)
            tiles.append(Tile(row, col, window, cut, origin))
    return TilePlan(content, sheet, overlap, rows, cols, tuple(tiles), tuple(xs), tuple(ys))


def _one_sheet_side_label(
    content: Size, paper: Size, label_room: float, edge: float
) -> TilePlan | None:
    """A plan too tall for one sheet with its label strip along the bottom, that fits one sheet
    with the strip (label and scale bar) turned up the left margin: centred on the sheet,
    clear of the strip, nothing nearer an edge than `edge`."""
    for sheet in (paper.rotated(), paper) if not paper.landscape else (paper, paper.rotated()):
        room_w = sheet.width - 2 * edge - label_room
        room_h = sheet.height - 2 * edge
        if content.width <= room_w + 1e-6 and content.height <= room_h + 1e-6:
            x = max((sheet.width - content.width) / 2, edge + label_room)
            y = (sheet.height - content.height) / 2
            window = Rect(0, 0, content.width, content.height)
            tile = Tile(0, 0, window, window, (x, y))
            return TilePlan(content, sheet, 0.0, 1, 1, (tile,), (), (), side_label=True)
    return None


def _centred_origin(
    content: Size, sheet: Size, label_room: float, edge: float = EDGE
) -> tuple[float, float]:
    """Where a plan that fits one sheet goes: centred on the sheet, or, when the label strip
    along the bottom leaves no room for that, centred across it and just above the strip."""
    x = (sheet.width - content.width) / 2
    y = (sheet.height - content.height) / 2
    return x, max(y, edge + label_room)


def registration_guides(plan: TilePlan) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """(mark, seam point) pairs: a mark in the middle of a glue band, and the point of the seam
    straight across from it, where the neighbour's trimmed edge must lie.

    The band lies on the side of the seam that the sheet keeping it does not show: under the
    neighbour once glued. The sheet trimmed along the seam shows that place, so it never
    carries the mark (see render/tiled.py).
    """
    guides = []
    half = plan.overlap / 2
    for x in plan.x_seams:
        for f in (0.15, 0.5, 0.85):
            y = plan.content.height * f
            guides.append(((x - half, y), (x, y)))
    for y in plan.y_seams:
        for f in (0.15, 0.5, 0.85):
            x = plan.content.width * f
            guides.append(((x, y - half), (x, y)))
    return guides
