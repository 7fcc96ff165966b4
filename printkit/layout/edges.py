"""Edges of a tile as places to draw on: the sides of a square or a flat-top hexagon, their
halves, and the shapes of what an edge carries (a wall along it, a door in its middle, a road
from it to the centre), as plain polygons in PDF points (y upward).

Edges are numbered clockwise from the top, as a tile's data lists them: a square's top, right,
bottom, left; a flat-top hexagon's top, upper right, lower right, bottom, lower left, upper
left. Splitting each edge in two gives the half-edges a coastline or a half-road follows (a
square's half-edge 0 is the top edge's left half, the numbering of tiles with half-edge
terrain: docs/data-format.md). Each edge runs clockwise, so the tile's inside is on its right.
"""

from __future__ import annotations

import math

from printkit.layout.geometry import Rect

Point = tuple[float, float]
Edge = tuple[Point, Point]
Quad = list[Point]

FAR = 1000.0  # pt: how far a wall reaches outward; the piece's clip (its bleed) stops it


def tile_edges(box: Rect, sides: int) -> list[Edge]:
    """The edges of a square (`sides` 4: the box) or a flat-top hexagon (`sides` 6: its
    corners on the box's left and right sides, its flats on the top and bottom), clockwise
    from the top."""
    if sides == 4:
        tl, tr = (box.x, box.y1), (box.x1, box.y1)
        br, bl = (box.x1, box.y), (box.x, box.y)
        corners = [tl, tr, br, bl]
    elif sides == 6:
        q = box.w / 4
        corners = [
            (box.x + q, box.y1),
            (box.x1 - q, box.y1),
            (box.x1, box.cy),
            (box.x1 - q, box.y),
            (box.x + q, box.y),
            (box.x, box.cy),
        ]
    else:
        raise ValueError(f"a tile's edges are those of a square or a hexagon, not {sides} sides")
    return [(corners[i], corners[(i + 1) % sides]) for i in range(sides)]


def halves(edges: list[Edge]) -> list[Edge]:
    """Each edge split at its middle: half-edge 2i is edge i's first half (clockwise)."""
    out: list[Edge] = []
    for a, b in edges:
        m = _lerp(a, b, 0.5)
        out += [(a, m), (m, b)]
    return out


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def inward(edge: Edge) -> Point:
    """The unit normal pointing into the tile (to the right of a clockwise edge)."""
    (x0, y0), (x1, y1) = edge
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    return ((y1 - y0) / length, -(x1 - x0) / length)


def _band(  # noqa: PLR0913
    a: Point, b: Point, n: Point, inner: float, outer: float, mitre: tuple[bool, bool]
) -> Quad:
    """The strip between the lines `outer` outside and `inner` inside the segment a-b; at an
    end that is a corner of the tile (`mitre`), the outside widens at 45 degrees, so that two
    walls meeting at a corner also cover the bleed beyond it."""
    d = (-n[1], n[0])  # along a -> b (n is to its right)
    sa, sb = (outer if mitre[0] else 0.0), (outer if mitre[1] else 0.0)
    return [
        (a[0] - n[0] * outer - d[0] * sa, a[1] - n[1] * outer - d[1] * sa),
        (b[0] - n[0] * outer + d[0] * sb, b[1] - n[1] * outer + d[1] * sb),
        (b[0] + n[0] * inner, b[1] + n[1] * inner),
        (a[0] + n[0] * inner, a[1] + n[1] * inner),
    ]


def wall(edge: Edge, width: float, corners: tuple[bool, bool] = (True, True)) -> Quad:
    """A wall on the edge: `width` deep inside the tile, reaching outward past the cut (into
    the bleed, where the piece's clip stops it), from end to end; at an end that is a corner
    of the tile (`corners`: a whole edge's two, a half-edge's one) it also fills the bleed
    beyond the corner."""
    a, b = edge
    return _band(a, b, inward(edge), width, FAR, corners)


def door(
    edge: Edge, length: float, width: float, corners: tuple[bool, bool] = (True, True)
) -> tuple[Quad, Quad, Quad]:
    """A door in the middle of the edge: the wall on either side of it (as `wall`) and the
    door leaf, `length` long along the edge and `width` deep, centred on the edge's middle
    (reaching into the bleed too, so a cut a little off shows the door, not the floor)."""
    a, b = edge
    n = inward(edge)
    full = math.dist(a, b)
    t = min(length, full) / full / 2
    p, q = _lerp(a, b, 0.5 - t), _lerp(a, b, 0.5 + t)
    return (
        _band(a, p, n, width, FAR, (corners[0], False)),
        _band(q, b, n, width, FAR, (False, corners[1])),
        _band(p, q, n, width, FAR, (False, False)),
    )


def road(edge: Edge, width: float, centre: Point) -> Quad:
    """A road `width` wide from the middle of the edge (and past it, into the bleed) to the
    tile's centre."""
    a, b = edge
    m = _lerp(a, b, 0.5)
    along = (centre[0] - m[0], centre[1] - m[1])
    length = math.hypot(*along) or 1.0
    u = (along[0] / length, along[1] / length)
    side = (-u[1] * width / 2, u[0] * width / 2)
    start = (m[0] - u[0] * FAR, m[1] - u[1] * FAR)
    return [
        (start[0] + side[0], start[1] + side[1]),
        (centre[0] + side[0], centre[1] + side[1]),
        (centre[0] - side[0], centre[1] - side[1]),
        (start[0] - side[0], start[1] - side[1]),
    ]
