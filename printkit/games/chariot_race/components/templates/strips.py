"""Long strips cut into overlapping segments, and pieces packed onto sheets in shelves.

A strip of length L longer than the room on a sheet is cut into n equal pieces of length p that
overlap by `overlap`: piece k spans [k (p - overlap), k (p - overlap) + p]. Taped with each
piece laid over the overlap zone of the next, the pieces give back exactly L.

Shelf packing places pieces (width x height) first-fit, tallest first, left to right in rows
from the top of each sheet. Coordinates are points; a placement's (x, y) is the top-left
corner of the piece measured from the top-left of the area, y growing downward.
"""

from __future__ import annotations

import itertools
import math

from printkit.api import Size, fieldwise


def segments(length: float, room: float, overlap: float) -> list[tuple[float, float]]:
    """(start, end) of each piece along the strip; one piece when it fits in `room`."""
    if room <= overlap:
        raise ValueError("the room on a sheet must be longer than the overlap")
    if length <= room + 1e-6:
        return [(0.0, length)]
    n = math.ceil((length - overlap) / (room - overlap) - 1e-9)
    piece = (length + (n - 1) * overlap) / n
    starts = [k * (piece - overlap) for k in range(n)]
    return [(a, min(a + piece, length)) for a in starts]


def assembled_length(pieces: list[tuple[float, float]], overlap: float) -> float:
    """The length the taped pieces give: every piece, less one overlap per join."""
    return sum(b - a for a, b in pieces) - overlap * (len(pieces) - 1)


@fieldwise(frozen=True)
class Placement:
    index: int
    page: int
    x: float
    y: float  # from the top of the area, downward


def shelf_pack(sizes: list[Size], area: Size, gap: float) -> list[Placement]:
    """Place every piece on as few sheets as this simple first-fit shelf method finds.

    Raises ValueError if a piece is larger than the area.
    """
    order = sorted(range(len(sizes)), key=lambda i: (-sizes[i].height, i))
    shelves: list[list[float]] = []  # [page, top, height, used width]
    page_depth: list[float] = []
    out: list[Placement] = []
    for i in order:
        s = sizes[i]
        if s.width > area.width + 1e-6 or s.height > area.height + 1e-6:
            raise ValueError(f"piece {i} does not fit on a sheet")
        for shelf in shelves:
            page, top, height, used = shelf
            if s.height <= height + 1e-6 and used + gap + s.width <= area.width + 1e-6:
                out.append(Placement(i, int(page), used + gap, top))
                shelf[3] = used + gap + s.width
                break
        else:
            page, top = _free_page(page_depth, s.height, area.height, gap)
            if page == len(page_depth):
                page_depth.append(0.0)
            shelves.append([page, top, s.height, s.width])
            page_depth[page] = top + s.height
            out.append(Placement(i, page, 0.0, top))
    return sorted(out, key=lambda p: (p.page, p.y, p.x))


def _free_page(depths: list[float], height: float, room: float, gap: float) -> tuple[int, float]:
    """The first sheet with room for a new shelf of `height`, and the shelf's top."""
    for page, depth in enumerate(depths):
        top = depth + gap if depth else 0.0
        if top + height <= room + 1e-6:
            return page, top
    return len(depths), 0.0


def keep_groups_together(
    placements: list[Placement], groups: list[list[int]], max_search: int = 7
) -> list[Placement]:
    """Renumber the sheets so each group's pieces (a cut strip's, in order) fall on the same or
    consecutive sheets, in order, where some order of the sheets allows it.

    Only whole sheets move, so nothing overlaps; of the best orders, the one closest to the
    packing's own is kept. Past `max_search` sheets the packing's order is kept as it is.
    """
    n = max((p.page for p in placements), default=-1) + 1
    split = [g for g in groups if len(g) > 1]
    if not split or n > max_search:
        return placements
    page_of = {p.index: p.page for p in placements}

    def cost(order: tuple[int, ...]) -> int:
        at = {old: new for new, old in enumerate(order)}
        total = 0
        for g in split:
            for a, b in zip(g, g[1:], strict=False):
                step = at[page_of[b]] - at[page_of[a]]
                total += 0 if step in (0, 1) else abs(step) + 1
        return total

    best = min(itertools.permutations(range(n)), key=cost)  # first of the cheapest: stable
    at = {old: new for new, old in enumerate(best)}
    moved = [Placement(p.index, at[p.page], p.x, p.y) for p in placements]
    return sorted(moved, key=lambda p: (p.page, p.y, p.x))
