"""Packing cut pieces of different sizes onto shared sheets, and their crop marks.

The packer is MaxRects with the best-short-side-fit rule (J. Jylänki, "A Thousand Ways to Pack
the Bin", 2010): each sheet keeps the maximal free rectangles left; a piece goes into the free
rectangle of the earliest open sheet where it leaves the shortest leftover side, and the free
rectangles it overlaps are split around it. Pieces keep `gap` between them (room to cut and
for each piece's bleed); they are not rotated, so every piece keeps its printed orientation
and its back's mirror position stays exact.

Crop marks sit on the extension of each piece's cut lines at its corners and are shortened so
that none reaches another piece (nor the unprintable edge of the sheet).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.layout.geometry import Rect
from printkit.layout.sizes import Size
from printkit.layout.units import mm

EPS = 1e-6
MIN_MARK = mm(1)  # a mark shorter than this is left out


@dataclass(frozen=True)
class Placement:
    index: int  # the piece's index in the list given to pack()
    sheet: int  # 0-based
    rect: Rect  # its trim on the sheet


class _Sheet:
    def __init__(self, area: Rect) -> None:
        self.free = [area]

    def best(self, w: float, h: float) -> tuple[float, Rect] | None:
        """(leftover short side, free rect) of the best fit, or None if it does not fit."""
        found: tuple[float, Rect] | None = None
        for r in self.free:
            if w <= r.w + EPS and h <= r.h + EPS:
                score = min(r.w - w, r.h - h)
                if found is None or score < found[0] - EPS:
                    found = (score, r)
        return found

    def place(self, used: Rect) -> None:
        pieces: list[Rect] = []
        for r in self.free:
            pieces.extend(_split(r, used) if _overlaps(r, used) else [r])
        self.free = [r for r in pieces if not any(o is not r and _inside(r, o) for o in pieces)]
        self.free = _unique(self.free)


def _overlaps(a: Rect, b: Rect) -> bool:
    return a.x < b.x1 - EPS and b.x < a.x1 - EPS and a.y < b.y1 - EPS and b.y < a.y1 - EPS


def _inside(a: Rect, b: Rect) -> bool:
    return a.x >= b.x - EPS and a.y >= b.y - EPS and a.x1 <= b.x1 + EPS and a.y1 <= b.y1 + EPS


def _unique(rects: list[Rect]) -> list[Rect]:
    seen: dict[tuple[float, ...], Rect] = {}
    for r in rects:
        seen.setdefault(tuple(round(v, 6) for v in (r.x, r.y, r.w, r.h)), r)
    return list(seen.values())


def _split(free: Rect, used: Rect) -> list[Rect]:
    """The up to four maximal rectangles of `free` outside `used`."""
    out = []
    if used.x > free.x + EPS:
        out.append(Rect(free.x, free.y, used.x - free.x, free.h))
    if used.x1 < free.x1 - EPS:
        out.append(Rect(used.x1, free.y, free.x1 - used.x1, free.h))
    if used.y > free.y + EPS:
        out.append(Rect(free.x, free.y, free.w, used.y - free.y))
    if used.y1 < free.y1 - EPS:
        out.append(Rect(free.x, used.y1, free.w, free.y1 - used.y1))
    return out


def pack(sizes: list[Size], area: Rect, gap: float) -> list[Placement]:
    """Place every piece (in the order given) on as few sheets as the rule finds.

    Each piece occupies its size plus `gap` (and the area is widened by `gap`), so neighbours
    end up at least `gap` apart and pieces may touch the area's edges. Pieces are placed top
    first. Raises ValueError for a piece larger than the area.
    """
    grown = Rect(area.x, area.y, area.w + gap, area.h + gap)
    sheets: list[_Sheet] = []
    placed = []
    for index, size in enumerate(sizes):
        w, h = size.width + gap, size.height + gap
        if w > grown.w + EPS or h > grown.h + EPS:
            raise ValueError(f"piece {index} does not fit the sheet area")
        for number, sheet in enumerate([*sheets, None]):
            if sheet is None:
                sheet = _Sheet(grown)
                sheets.append(sheet)
            fit = sheet.best(w, h)
            if fit is not None:
                free = fit[1]
                used = Rect(free.x, free.y1 - h, w, h)  # top-left of the free rectangle
                sheet.place(used)
                trim = Rect(used.x, used.y, size.width, size.height)  # gap above, right
                placed.append(Placement(index, number, trim))
                break
    return placed


def sheets_lower_bound(sizes: list[Size], area: Rect, gap: float) -> int:
    """No packing can use fewer sheets than the pieces' total area (with gaps) needs."""
    need = sum((s.width + gap) * (s.height + gap) for s in sizes)
    return max(1, math.ceil(need / ((area.w + gap) * (area.h + gap)) - 1e-9)) if sizes else 0


Segment = tuple[float, float, float, float]


def corner_marks(
    rects: list[Rect], clear: float, limit: Rect, gap: float, length: float
) -> list[Segment]:
    """Crop marks at the corners of every trim rect, on its cut lines, starting `gap` from the
    corner and at most `length` long, stopped `clear` before any other piece and inside
    `limit` (the printable part of the sheet)."""
    segments: list[Segment] = []
    for i, r in enumerate(rects):
        others = [o.expand(clear) for j, o in enumerate(rects) if j != i]
        for x, y, dx, dy in _corner_rays(r):
            seg = _clipped_ray(x + dx * gap, y + dy * gap, dx, dy, length, others, limit)
            if seg is not None:
                segments.append(seg)
    return segments


def _corner_rays(r: Rect) -> list[tuple[float, float, int, int]]:
    """(x, y, dx, dy): from each corner, outwards along the two cut lines through it."""
    return [
        (r.x, r.y, -1, 0), (r.x, r.y, 0, -1), (r.x1, r.y, 1, 0), (r.x1, r.y, 0, -1),
        (r.x, r.y1, -1, 0), (r.x, r.y1, 0, 1), (r.x1, r.y1, 1, 0), (r.x1, r.y1, 0, 1),
    ]  # fmt: skip


def _clipped_ray(
    x: float, y: float, dx: int, dy: int, length: float, others: list[Rect], limit: Rect
) -> Segment | None:
    reach = length
    for o in others:
        reach = min(reach, _distance_to(x, y, dx, dy, o))
    reach = min(reach, _distance_to_edge(x, y, dx, dy, limit))
    if reach < MIN_MARK:
        return None
    return (x, y, x + dx * reach, y + dy * reach)


def _distance_to(x: float, y: float, dx: int, dy: int, o: Rect) -> float:
    """How far a ray may go before entering rectangle `o` (inf if it never does)."""
    if dx:
        if not (o.y - EPS <= y <= o.y1 + EPS):
            return math.inf
        d = (o.x - x) if dx > 0 else (x - o.x1)
    else:
        if not (o.x - EPS <= x <= o.x1 + EPS):
            return math.inf
        d = (o.y - y) if dy > 0 else (y - o.y1)
    if d < -EPS:  # starts inside or beyond: only a problem when it starts inside
        inside = o.x - EPS <= x <= o.x1 + EPS and o.y - EPS <= y <= o.y1 + EPS
        return 0.0 if inside else math.inf
    return d


def _distance_to_edge(x: float, y: float, dx: int, dy: int, limit: Rect) -> float:
    if not (limit.x - EPS <= x <= limit.x1 + EPS and limit.y - EPS <= y <= limit.y1 + EPS):
        return 0.0
    if dx:
        return (limit.x1 - x) if dx > 0 else (x - limit.x)
    return (limit.y1 - y) if dy > 0 else (y - limit.y)
