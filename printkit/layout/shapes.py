"""A piece's shape: its outline (the cut), the outline grown by the bleed (the clip) and shrunk
by the safe margin (the safe area), as plain numbers in PDF points.

A piece is laid out in its *box*: the bounding rectangle of its outline (a card's trim, a hex's
corner-to-corner width by its height across the flats). Every outline is a closed path of
`Segment`s (move, line, curve, close) that draw/ turns into a canvas path; polygonal outlines
also give their corners (`corners()`), which imposition uses for cut lines shared by
neighbours.

Growing or shrinking an outline by `d` keeps every side `d` further out (or in): a rectangle's
corner radius grows with it, a circle's radius, a regular polygon's apothem; a path of the
user's own is offset side by side with mitred corners. An ellipse grows by `d` on each
semi-axis (an ellipse again, within a small fraction of `d` of the true offset).
"""

from __future__ import annotations

import math
from typing import Literal

from printkit.core.fieldwise import fieldwise
from printkit.layout.geometry import Rect
from printkit.layout.sizes import Size

ShapeKind = Literal["rectangle", "circle", "ellipse", "hexagon", "polygon", "path"]
SHAPE_KINDS: tuple[str, ...] = ("rectangle", "circle", "ellipse", "hexagon", "polygon", "path")
KAPPA = 0.5522847498307936  # a quarter circle as one cubic Bezier: control points at k x r
SQRT3 = math.sqrt(3.0)

Point = tuple[float, float]
# ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)
Segment = tuple[str | float, ...]


@fieldwise(frozen=True)
class Shape:
    """What a piece's cut looks like, independent of where it is.

    kind: rectangle (corner `radius`), circle and ellipse (filling the box), hexagon (`pointy`
    top or flat top), polygon (`sides`, turned by `rotation` degrees; its first corner points
    straight up at 0), or path (`points`, the corners of a closed outline measured from the
    box's top-left corner, y downward, as a face's boxes are).
    """

    kind: ShapeKind = "rectangle"
    radius: float = 0.0
    sides: int = 6
    pointy: bool = False
    rotation: float = 0.0
    points: tuple[Point, ...] = ()

    @property
    def rectangular(self) -> bool:
        """A plain rectangle with square corners: imposed and marked as cards always were.
        A rounded one is clipped to its corners and cut along its outline, as other shapes."""
        return self.kind == "rectangle" and self.radius == 0


RECTANGLE = Shape()


def hexagon_size(across: float, measured: str = "flats", pointy: bool = False) -> Size:
    """The box of a regular hexagon `across` wide, measured across the flats or the corners.

    A flat-top hexagon is as high as it is across the flats and as wide as across the
    corners; a pointy-top one the other way round.
    """
    flats = across if measured == "flats" else across * SQRT3 / 2
    corners = flats * 2 / SQRT3
    return Size(flats, corners) if pointy else Size(corners, flats)


def polygon_size(across: float, sides: int, rotation: float = 0.0) -> Size:
    """The box of a regular polygon whose corners lie on a circle of diameter `across`."""
    pts = _unit_polygon(sides, rotation)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    r = across / 2
    return Size((max(xs) - min(xs)) * r, (max(ys) - min(ys)) * r)


def _unit_polygon(sides: int, rotation: float) -> list[Point]:
    """Corners of a regular polygon on the unit circle, counter-clockwise, the first at the
    top turned by `rotation` degrees (clockwise, as a user turns a drawing)."""
    start = math.radians(90.0 - rotation)
    return [
        (math.cos(start + 2 * math.pi * k / sides), math.sin(start + 2 * math.pi * k / sides))
        for k in range(sides)
    ]


def _regular(shape: Shape) -> tuple[int, float]:
    """(sides, rotation) of a hexagon or a polygon."""
    if shape.kind == "hexagon":
        return 6, 0.0 if shape.pointy else 30.0
    return shape.sides, shape.rotation


def corners(shape: Shape, box: Rect, grow: float = 0.0) -> list[Point] | None:
    """The corners of a polygonal outline in `box`, grown by `grow` (shrunk when negative),
    counter-clockwise; None for a rectangle, circle or ellipse (which have curves or are
    described by their box)."""
    if shape.kind in ("hexagon", "polygon"):
        sides, rotation = _regular(shape)
        unit = _unit_polygon(sides, rotation)
        xs, ys = [p[0] for p in unit], [p[1] for p in unit]
        span_w, span_h = max(xs) - min(xs), max(ys) - min(ys)
        r = min(box.w / span_w, box.h / span_h)  # circumradius: the polygon fits the box
        cx = box.x + box.w / 2 - r * (max(xs) + min(xs)) / 2
        cy = box.y + box.h / 2 - r * (max(ys) + min(ys)) / 2
        apothem = r * math.cos(math.pi / sides)
        r2 = (apothem + grow) / math.cos(math.pi / sides)
        return [(cx + r2 * ux, cy + r2 * uy) for ux, uy in unit]
    if shape.kind == "path":
        pts = [(box.x + px, box.y1 - py) for px, py in shape.points]
        return offset_polygon(pts, grow)
    return None


def offset_polygon(points: list[Point], d: float) -> list[Point]:
    """A simple polygon with every side moved `d` outward (inward when negative), corners
    mitred; returned counter-clockwise."""
    if _signed_area(points) < 0:
        points = points[::-1]
    if d == 0:
        return list(points)
    n = len(points)
    out = []
    for i in range(n):
        p0, p1, p2 = points[i - 1], points[i], points[(i + 1) % n]
        a = _outward(p0, p1)
        b = _outward(p1, p2)
        bis = (a[0] + b[0], a[1] + b[1])
        dot = a[0] * bis[0] + a[1] * bis[1]
        scale = d / dot if abs(dot) > 1e-9 else d
        out.append((p1[0] + bis[0] * scale, p1[1] + bis[1] * scale))
    return out


def _outward(p: Point, q: Point) -> Point:
    """The unit normal pointing out of a counter-clockwise polygon's side p -> q."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1.0
    return dy / length, -dx / length


def _signed_area(points: list[Point]) -> float:
    n = len(points)
    return (
        sum(
            points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
            for i in range(n)
        )
        / 2
    )


def outline(shape: Shape, box: Rect, grow: float = 0.0) -> list[Segment]:
    """The closed outline of a piece whose box is `box`, grown by `grow` (shrunk when
    negative): grow 0 is the cut, the bleed is the clip, minus the safe margin the safe area."""
    pts = corners(shape, box, grow)
    if pts is not None:
        return _polyline(pts)
    if shape.kind in ("circle", "ellipse"):
        rx, ry = box.w / 2 + grow, box.h / 2 + grow
        if shape.kind == "circle":
            rx = ry = min(box.w, box.h) / 2 + grow
        return _ellipse(box.cx, box.cy, max(rx, 0.0), max(ry, 0.0))
    r = box.expand(grow)
    radius = max(shape.radius + grow, 0.0) if shape.radius > 0 else 0.0
    return _rounded_rect(r, min(radius, r.w / 2, r.h / 2))


def _polyline(pts: list[Point]) -> list[Segment]:
    first, *rest = pts
    return [("M", *first), *[("L", *p) for p in rest], ("Z",)]


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list[Segment]:
    kx, ky = KAPPA * rx, KAPPA * ry
    return [
        ("M", cx + rx, cy),
        ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
        ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
        ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
        ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
        ("Z",),
    ]


def _rounded_rect(r: Rect, radius: float) -> list[Segment]:
    if radius <= 0:
        return _polyline([(r.x, r.y), (r.x1, r.y), (r.x1, r.y1), (r.x, r.y1)])
    k = radius * (1 - KAPPA)
    x0, y0, x1, y1 = r.x, r.y, r.x1, r.y1
    return [
        ("M", x0 + radius, y0),
        ("L", x1 - radius, y0),
        ("C", x1 - k, y0, x1, y0 + k, x1, y0 + radius),
        ("L", x1, y1 - radius),
        ("C", x1, y1 - k, x1 - k, y1, x1 - radius, y1),
        ("L", x0 + radius, y1),
        ("C", x0 + k, y1, x0, y1 - k, x0, y1 - radius),
        ("L", x0, y0 + radius),
        ("C", x0, y0 + k, x0 + k, y0, x0 + radius, y0),
        ("Z",),
    ]


def bounds(segments: list[Segment]) -> Rect:
    """The rectangle holding every point of an outline (curves by their control points, which
    for the quarter arcs drawn here lie on the curve's own box)."""
    xs: list[float] = []
    ys: list[float] = []
    for seg in segments:
        nums = [float(v) for v in seg[1:]]
        xs += nums[0::2]
        ys += nums[1::2]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def mirrored(shape: Shape, size: Size, left_right: bool) -> Shape:
    """The outline a piece's back has on the back page: its front's, seen from behind.

    `left_right`: the sheet flips about its vertical axis (columns reverse, layout/imposition's
    `mirror`), else about its horizontal axis (rows reverse). Hexagons, circles, ellipses,
    rectangles and even polygons are their own mirror images; a turned odd polygon turns the
    other way, and a path's points are reflected in its box.
    """
    if shape.kind == "polygon":
        rotation = -shape.rotation if left_right else 180.0 - shape.rotation
        return Shape("polygon", sides=shape.sides, rotation=rotation)
    if shape.kind == "path":
        if left_right:
            return Shape("path", points=tuple((size.width - x, y) for x, y in shape.points))
        return Shape("path", points=tuple((x, size.height - y) for x, y in shape.points))
    return shape


def inside_distance(shape: Shape, box: Rect, x: float, y: float) -> float:
    """How far the point (x, y) lies inside the outline of a piece whose box is `box`
    (negative: outside it), for the safe area of a piece of any shape. A rectangle's is the
    distance to its nearest side (its corner radius aside); an ellipse's is measured along its
    axes, scaled by its shorter semi-axis."""
    pts = corners(shape, box)
    if pts is not None:
        n = len(pts)
        nearest = min(_segment_distance((x, y), pts[i], pts[(i + 1) % n]) for i in range(n))
        return nearest if _contains(pts, x, y) else -nearest
    if shape.kind in ("circle", "ellipse"):
        rx, ry = box.w / 2, box.h / 2
        if shape.kind == "circle":
            rx = ry = min(rx, ry)
        if shape.kind == "circle" or rx == ry:
            return rx - math.hypot(x - box.cx, y - box.cy)
        scaled = math.hypot((x - box.cx) / rx, (y - box.cy) / ry)
        return (1 - scaled) * min(rx, ry)
    return min(x - box.x, y - box.y, box.x1 - x, box.y1 - y)


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = (
        0.0
        if length2 == 0
        else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    )
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))


def _contains(pts: list[Point], x: float, y: float) -> bool:
    """Whether the point lies inside the polygon (even-odd rule)."""
    inside = False
    n = len(pts)
    for i in range(n):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def lower_right_inside(shape: Shape, box: Rect, inset: float) -> Point:
    """The point nearest the lower right of a piece that lies `inset` inside its outline: where
    a mark of the piece's own goes (draw/sheet.draw_own_mark). For a rectangle of any corner
    radius, `inset` in from both sides at its lower right corner (as on a card); for any other
    shape, the farthest point from the box's centre towards its lower right corner that is
    still `inset` inside the outline (a hex's lower right side, a disc's four-thirty), found
    by bisection along that line; the centre itself when the piece is too small for `inset`."""
    if shape.kind == "rectangle":
        return (box.x1 - inset, box.y + inset)
    cx, cy = box.cx, box.cy

    def at(t: float) -> Point:
        return (cx + t * (box.x1 - cx), cy + t * (box.y - cy))

    if inside_distance(shape, box, cx, cy) < inset:
        return (cx, cy)
    low, high = 0.0, 1.0
    for _ in range(40):  # the line's length / 2**40: far below a printer's dot
        mid = (low + high) / 2
        if inside_distance(shape, box, *at(mid)) >= inset:
            low = mid
        else:
            high = mid
    return at(low)
