"""Where rich black is safe: only on areas large and thick, and never under fine light detail.

Rich black (the kit's `rich_black`, four inks) looks deeper than K alone, but its four plates
never register exactly: a thin shape of it shows coloured fringes, and so does a fine white
line (or any fine line lighter than black) knocked out of it. So a near-black fill becomes rich black only when it is at least
LARGE_AREA wide and tall *and* at least MIN_THICKNESS thick (twice its area over its
perimeter: a ring of 2 mm segments is thin, whatever its size), and a rich-black area that a
fine light stroke or shape (under FINE_KNOCKOUT) is later drawn over is printed as 100 % K.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from printkit.layout.units import mm
from printkit.pdfx.colours import is_near_black
from printkit.preflight.scan_math import Box, Matrix, apply, box_of

LARGE_AREA = mm(10)  # a fill at least this wide and tall may be rich black...
MIN_THICKNESS = mm(4.5)  # ...when it is this thick (a 10 mm square is 5 mm thick)
FINE_KNOCKOUT = mm(2)  # light lines and shapes thinner than this over rich black: K instead

Point = tuple[float, float]


@dataclass
class PathShape:
    """The current path in page space: its subpaths as polygons (curves by their control
    points, near enough for a size)."""

    subpaths: list[list[Point]] = field(default_factory=list)

    def add(self, op: str, operands: Any, ctm: Matrix) -> None:
        v = [float(x) for x in operands]
        if op == "re":
            x, y, w, h = v
            corners = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
            self.subpaths.append([apply(ctm, a, b) for a, b in corners])
            return
        points = [apply(ctm, v[i], v[i + 1]) for i in range(0, len(v) - 1, 2)]
        if op == "m" or not self.subpaths:
            self.subpaths.append(points)
        else:
            self.subpaths[-1].extend(points)

    @property
    def points(self) -> list[Point]:
        return [p for sub in self.subpaths for p in sub]

    def box(self) -> Box | None:
        points = self.points
        return box_of(points) if points else None

    def thickness(self) -> float:
        """Twice the area over the perimeter (a w-wide strip: about w; a disc: its radius);
        a subpath inside another's box counts as a hole."""
        boxes = [box_of(sub) for sub in self.subpaths if len(sub) > 2]
        rings = [sub for sub in self.subpaths if len(sub) > 2]
        area = perimeter = 0.0
        for i, ring in enumerate(rings):
            inside = any(j != i and _within(boxes[i], boxes[j]) for j in range(len(rings)))
            area += -_area(ring) if inside else _area(ring)
            perimeter += _perimeter(ring)
        return 2 * max(0.0, area) / perimeter if perimeter > 0 else 0.0

    def is_large(self) -> bool:
        box = self.box()
        if box is None or box[2] - box[0] < LARGE_AREA or box[3] - box[1] < LARGE_AREA:
            return False
        return self.thickness() >= MIN_THICKNESS


def _area(ring: list[Point]) -> float:
    return (
        abs(
            sum(
                x0 * y1 - x1 * y0
                for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True)
            )
        )
        / 2
    )


def _perimeter(ring: list[Point]) -> float:
    return sum(math.dist(a, b) for a, b in zip(ring, ring[1:] + ring[:1], strict=True))


def _within(inner: Box, outer: Box) -> bool:
    return (
        inner[0] >= outer[0]
        and inner[1] >= outer[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
        and inner != outer
    )


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass
class RichBlackAreas:
    """The rich-black fills written so far in one content stream: where each one's colour
    operator is in the output, and the area it paints."""

    areas: list[tuple[int, Box]] = field(default_factory=list)

    def wrote(self, index: int, box: Box | None) -> None:
        if box is not None:
            self.areas.append((index, box))

    def knocked_out(self, box: Box | None) -> list[int]:
        """The output positions of the rich-black areas a fine light shape at `box` lies on
        (each reported once)."""
        if box is None:
            return []
        hit = [index for index, area in self.areas if _meets(area, box)]
        self.areas = [(index, area) for index, area in self.areas if index not in hit]
        return hit


def is_light(rgb: tuple[float, float, float] | None) -> bool:
    """Any colour but black: drawn fine over rich black, it shows the plates' misregister."""
    return rgb is not None and not is_near_black(rgb)
