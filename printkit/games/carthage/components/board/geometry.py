"""Geometry of a stadium-shaped ring of lanes (an arena): squares, sectors, where symbols go.

The arena is two straights joined by two half-circle ends, centred on the plan. Lanes run from
the inside (lane 0, by the central barrier) outwards. The ring is cut into sectors that are the same for
every lane, so "the square beside this one" is always defined: on the straights sector lines are
perpendicular to the track, round the ends they are radial. Ring sector 0 starts at the left end
of the bottom straight; sectors are counted counter-clockwise (left to right along the bottom).

Pure functions on numbers (points, origin bottom-left); nothing here draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.api import Rect


@dataclass(frozen=True)
class Arena:
    cx: float
    cy: float
    half_straight: float  # half the length of each straight
    inner_radius: float  # of lane 0's inner edge
    lane_width: float
    lanes: int
    straight_sectors: int
    end_sectors: int

    @property
    def sectors(self) -> int:
        return 2 * (self.straight_sectors + self.end_sectors)

    @property
    def outer_radius(self) -> float:
        return self.inner_radius + self.lanes * self.lane_width

    def radius(self, lane_edge: float) -> float:
        """Distance from the end centres of a lane edge (0 = inside of lane 0; may be fractional)."""
        return self.inner_radius + lane_edge * self.lane_width

    @property
    def sector_length(self) -> float:
        """Length of one straight sector."""
        return 2 * self.half_straight / self.straight_sectors

    def outline(self, lane_edge: float) -> Rect:
        r = self.radius(lane_edge)
        return Rect(
            self.cx - self.half_straight - r, self.cy - r, 2 * (self.half_straight + r), 2 * r
        )


def fit_arena(
    area: Rect,
    wall: float,
    lanes: int,
    lane_width: float,
    inner_radius: float,
    straight_sectors: int,
    end_sectors: int,
) -> Arena:
    """The arena (with a wall of `wall` round it) filling `area` side to side, centred in it.

    Raises ValueError when it does not fit.
    """
    outer = inner_radius + lanes * lane_width + wall
    if 2 * outer > area.h + 1e-6:
        raise ValueError(
            f"the tracks and wall need {2 * outer:.0f} pt of height; there are {area.h:.0f}"
        )
    half = area.w / 2 - outer
    if half <= 0:
        raise ValueError("the board is too narrow for the ends of the tracks")
    return Arena(
        area.cx, area.cy, half, inner_radius, lane_width, lanes, straight_sectors, end_sectors
    )


@dataclass(frozen=True)
class Segment:
    """Where a ring sector lies: on a straight (x0..x1 at the given side) or round an end."""

    kind: str  # "bottom", "right", "top", "left"
    t0: float  # straights: x of the sector's start; ends: start angle (degrees)
    t1: float  # straights: x of the sector's end; ends: end angle


def segment(a: Arena, sector: int) -> Segment:
    s, e = a.straight_sectors, a.end_sectors
    j = sector % a.sectors
    d = a.sector_length
    left, right = a.cx - a.half_straight, a.cx + a.half_straight
    if j < s:
        return Segment("bottom", left + j * d, left + (j + 1) * d)
    j -= s
    if j < e:
        return Segment("right", -90 + j * 180 / e, -90 + (j + 1) * 180 / e)
    j -= e
    if j < s:
        return Segment("top", right - j * d, right - (j + 1) * d)
    j -= s
    return Segment("left", 90 + j * 180 / e, 90 + (j + 1) * 180 / e)


def point(a: Arena, sector: float, lane_edge: float) -> tuple[float, float]:
    """A point at a fractional sector position and lane edge (lane 1.5 = the middle of lane 1)."""
    j = math.floor(sector) % a.sectors
    f = sector - math.floor(sector)
    seg = segment(a, j)
    r = a.radius(lane_edge)
    t = seg.t0 + (seg.t1 - seg.t0) * f
    if seg.kind == "bottom":
        return t, a.cy - r
    if seg.kind == "top":
        return t, a.cy + r
    ox = a.cx + a.half_straight if seg.kind == "right" else a.cx - a.half_straight
    rad = math.radians(t)
    return ox + r * math.cos(rad), a.cy + r * math.sin(rad)


def heading(a: Arena, sector: float) -> float:
    """Direction of travel (degrees, counter-clockwise from +x) at a fractional sector."""
    j = math.floor(sector) % a.sectors
    f = sector - math.floor(sector)
    seg = segment(a, j)
    if seg.kind == "bottom":
        return 0.0
    if seg.kind == "top":
        return 180.0
    return seg.t0 + (seg.t1 - seg.t0) * f + 90.0


def square_outline(a: Arena, sector: int, lane: int, steps: int = 12) -> list[tuple[float, float]]:
    """The corners of one square as a polygon (ends: arcs sampled `steps` times)."""
    seg = segment(a, sector)
    n = 1 if seg.kind in ("bottom", "top") else steps
    inner = [point(a, sector + i / n, lane) for i in range(n + 1)]
    outer = [point(a, sector + i / n, lane + 1) for i in range(n, -1, -1)]
    return inner + outer


def square_inner_size(a: Arena, sector: int, lane: int) -> float:
    """The side of the largest upright square symbol that sits well inside the square."""
    seg = segment(a, sector)
    if seg.kind in ("bottom", "top"):
        along = a.sector_length
    else:
        along = math.radians(abs(seg.t1 - seg.t0)) * a.radius(lane + 0.15)
    return min(along, a.lane_width)
