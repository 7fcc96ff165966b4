"""Geometry of hex and square grids: cell centres, corners, shared sides, coordinate labels.

A grid is `columns` x `rows` cells; cell (col, row) counts from 0 at the top-left. Positions are
points with y growing *down* from the grid's top-left corner (the way a face's boxes measure),
so the caller flips them onto the page. A hex grid is flat-top (columns of hexes, every other
column half a hex lower) or pointy-top (rows of hexes, every other row half a hex to the right);
`size` is the distance across the flats, the measure a counter must fit.
Which columns (rows) move is `offset`: "even" moves the 2nd, 4th... as printed from 1.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

Point = tuple[float, float]
Cell = tuple[int, int]  # (col, row) from 0


def column_letters(n: int) -> str:
    """1 -> A, 26 -> Z, 27 -> AA."""
    letters = ""
    while n > 0:
        n, rem = divmod(n - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


NUMBER_FORMS = ("0101", "01.01", "A1", "1-1")
_FORM_PATTERNS = {
    "01.01": re.compile(r"^(\d+)\.(\d+)$"),
    "A1": re.compile(r"^([A-Z]+)(\d+)$"),
    "1-1": re.compile(r"^(\d+)-(\d+)$"),
}


@dataclass(frozen=True)
class Coordinates:
    """How cells are named: "0101" (column then row, zero-padded), "01.01" (the same with a
    point between), "A1" (column letter, row number) or "1-1" (column, dash, row, unpadded),
    each counted from `first_column` and `first_row`."""

    form: str = "0101"
    first_column: int = 1
    first_row: int = 1
    digits: int = 2

    def label(self, cell: Cell) -> str:
        col, row = cell[0] + self.first_column, cell[1] + self.first_row
        if self.form == "A1":
            return f"{column_letters(col)}{row}"
        if self.form == "1-1":
            return f"{col}-{row}"
        sep = "." if self.form == "01.01" else ""
        return f"{col:0{self.digits}d}{sep}{row:0{self.digits}d}"

    def position(self, name: str) -> Cell | None:
        """The (col, row) a name means, on the grid or off it (the ring of cells round a map
        that a map-edge side or a path leaving the map names); None if it is no such name.
        A grid numbered 01.01 or 1-1 also reads the plain "0305" form."""
        if self.form == "0101" or (self.form != "A1" and name.isdigit()):
            if not name.isdigit() or len(name) != 2 * self.digits:
                return None
            col, row = int(name[: self.digits]), int(name[self.digits :])
        else:
            match = _FORM_PATTERNS[self.form].match(name)
            if match is None:
                return None
            first, second = match.groups()
            col = column_number(first) if self.form == "A1" else int(first)
            row = int(second)
        return col - self.first_column, row - self.first_row


def column_number(letters: str) -> int:
    """A -> 1, Z -> 26, AA -> 27 (column_letters turned back)."""
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def toward_border(centre: Point, corners: list[Point], angle: float, share: float) -> Point:
    """The point `share` of the way from a cell's centre to its border (the polygon of
    `corners`) in the direction `angle` (degrees, y down: 0 is east, 90 is south)."""
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    cx, cy = centre
    reach = math.inf
    for (ax, ay), (bx, by) in zip(corners, [*corners[1:], corners[0]], strict=True):
        ex, ey = bx - ax, by - ay
        denom = dx * ey - dy * ex
        if abs(denom) < 1e-12:
            continue
        t = ((ax - cx) * ey - (ay - cy) * ex) / denom  # along the ray
        u = ((ax - cx) * dy - (ay - cy) * dx) / denom  # along the side
        if t > 0 and -1e-9 <= u <= 1 + 1e-9:
            reach = min(reach, t)
    reach = 0.0 if reach == math.inf else reach
    return cx + dx * reach * share, cy + dy * reach * share


@dataclass(frozen=True)
class HexLayout:
    """A hex grid's geometry in points from its top-left corner (y down)."""

    columns: int
    rows: int
    size: float  # across the flats
    pointy: bool = False
    offset: str = "even"

    @property
    def radius(self) -> float:
        """Centre to corner (= the side's length)."""
        return self.size / math.sqrt(3)

    def _shifted(self, index: int) -> bool:
        """Whether column (flat-top) or row (pointy-top) `index` (from 0) moves half a hex."""
        return (index % 2 == 1) if self.offset == "even" else (index % 2 == 0)

    def _any_shifted(self) -> bool:
        span = self.rows if self.pointy else self.columns
        return any(self._shifted(i) for i in range(span))

    @property
    def width(self) -> float:
        r = self.radius
        if self.pointy:
            return self.columns * self.size + (self.size / 2 if self._any_shifted() else 0)
        return (self.columns - 1) * 1.5 * r + 2 * r

    @property
    def height(self) -> float:
        r = self.radius
        if self.pointy:
            return (self.rows - 1) * 1.5 * r + 2 * r
        return self.rows * self.size + (self.size / 2 if self._any_shifted() else 0)

    def centre(self, cell: Cell) -> Point:
        col, row = cell
        r, f = self.radius, self.size
        if self.pointy:
            x = f / 2 + col * f + (f / 2 if self._shifted(row) else 0)
            return x, r + row * 1.5 * r
        y = f / 2 + row * f + (f / 2 if self._shifted(col) else 0)
        return r + col * 1.5 * r, y

    def corners(self, cell: Cell) -> list[Point]:
        """The six corners, clockwise on the page (y down) from the first after 0 degrees."""
        cx, cy = self.centre(cell)
        start = 30 if self.pointy else 0
        return [
            (
                cx + self.radius * math.cos(math.radians(start + 60 * k)),
                cy + self.radius * math.sin(math.radians(start + 60 * k)),
            )
            for k in range(6)
        ]

    def cells(self) -> Iterator[Cell]:
        for row in range(self.rows):
            for col in range(self.columns):
                yield col, row

    def neighbours(self, a: Cell, b: Cell) -> bool:
        ax, ay = self.centre(a)
        bx, by = self.centre(b)
        return abs(math.hypot(ax - bx, ay - by) - self.size) < 1e-6 * max(1.0, self.size)

    def side(self, a: Cell, b: Cell) -> tuple[Point, Point] | None:
        """The side two neighbouring hexes share (None when they are not neighbours)."""
        if not self.neighbours(a, b):
            return None
        shared = [p for p in self.corners(a) if any(_near(p, q) for q in self.corners(b))]
        return (shared[0], shared[1]) if len(shared) == 2 else None


@dataclass(frozen=True)
class SquareLayout:
    """A square grid's geometry in points from its top-left corner (y down)."""

    columns: int
    rows: int
    size: float  # a cell's side

    @property
    def width(self) -> float:
        return self.columns * self.size

    @property
    def height(self) -> float:
        return self.rows * self.size

    def centre(self, cell: Cell) -> Point:
        return (cell[0] + 0.5) * self.size, (cell[1] + 0.5) * self.size

    def corners(self, cell: Cell) -> list[Point]:
        x, y = cell[0] * self.size, cell[1] * self.size
        s = self.size
        return [(x, y), (x + s, y), (x + s, y + s), (x, y + s)]

    def cells(self) -> Iterator[Cell]:
        for row in range(self.rows):
            for col in range(self.columns):
                yield col, row

    def neighbours(self, a: Cell, b: Cell) -> bool:
        return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1

    def side(self, a: Cell, b: Cell) -> tuple[Point, Point] | None:
        """The edge two side-by-side cells share (None when they do not touch along an edge)."""
        if not self.neighbours(a, b):
            return None
        shared = [p for p in self.corners(a) if any(_near(p, q) for q in self.corners(b))]
        return shared[0], shared[1]


GridLayout = HexLayout | SquareLayout


@dataclass(frozen=True)
class BoardGrid:
    """A grid on a board as a table-top program needs it: where its top-left corner lies
    (points from the board's top-left, y down), its cells' geometry and how they are named."""

    name: str
    x: float
    y: float
    layout: GridLayout
    names: Coordinates


def _near(p: Point, q: Point) -> bool:
    return abs(p[0] - q[0]) < 1e-6 and abs(p[1] - q[1]) < 1e-6


def polyline_stations(points: list[Point], n: int) -> list[tuple[Point, float]]:
    """`n` points spread evenly along the polyline (its ends included), each with the path's
    direction there in degrees (y down)."""
    legs = list(zip(points, points[1:], strict=False))
    lengths = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in legs]
    total = sum(lengths)
    out = []
    for k in range(n):
        at = total * k / (n - 1) if n > 1 else 0.0
        out.append(_station(legs, lengths, at))
    return out


def _station(legs: list[tuple[Point, Point]], lengths: list[float], at: float):
    for (a, b), length in zip(legs, lengths, strict=True):
        if at <= length + 1e-9 or (a, b) == legs[-1]:
            t = at / length if length else 0.0
            angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), angle
        at -= length
    raise ValueError("a polyline needs two points")


def ring_cells(width: float, height: float, n: int) -> list[tuple[float, float, float, float]]:
    """`n` spaces round the edge of a width x height box, clockwise from its top-left corner:
    (x, y, w, h) each, y down; the corners hold one space each. `n` must be even, at least 4."""
    per_side = width / (width + height) * (n / 2 + 2)
    across = max(2, round(per_side))
    down = n // 2 + 2 - across
    if down < 2 or n % 2:
        raise ValueError(f"{n} spaces cannot go round a box evenly (an even number, 4 or more)")
    sx, sy = width / across, height / down
    top = [(i * sx, 0.0) for i in range(across)]
    right = [(width - sx, j * sy) for j in range(1, down)]
    bottom = [(width - sx - i * sx, height - sy) for i in range(1, across)]
    left = [(0.0, height - sy - j * sy) for j in range(1, down - 1)]
    return [(x, y, sx, sy) for x, y in top + right + bottom + left]
