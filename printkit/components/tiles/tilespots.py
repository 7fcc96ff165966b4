"""Where marks go on a square edge tile (components/tiles/edgetile.py): the roomiest open spot, evenly
scattered points inside a terrain, stipple dots, and a repeatable jitter.

Pure functions on plain numbers, no drawing. A shape's spots are computed once per shape
(TileShape.memo): `check`'s safe-area probe and the build draw the same tiles.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from functools import lru_cache

from printkit.components.tiles.edgetile import Point, TileShape, point_in_polygon
from printkit.layout.units import mm

Segment = tuple[float, float, float, float, float]  # ax, ay, dx, dy, squared length


def _segments(line: list[Point]) -> list[Segment]:
    """Each segment of a polyline as its start, its vector and its squared length."""
    out = []
    for a, b in zip(line, line[1:], strict=False):
        dx, dy = b[0] - a[0], b[1] - a[1]
        out.append((a[0], a[1], dx, dy, dx * dx + dy * dy))
    return out


def _closer_than(p: Point, segments: list[Segment], limit: float) -> float | None:
    """The distance from p to the nearest segment, or None as soon as one is `limit` or closer.

    Each segment's distance is the clamped projection's, computed exactly as it always was, so
    the minimum is bit for bit the same."""
    px, py = p
    best = math.inf
    for ax, ay, dx, dy, length2 in segments:
        if length2 == 0:
            d = math.dist(p, (ax, ay))
        else:
            f = ((px - ax) * dx + (py - ay) * dy) / length2
            f = 0.0 if f <= 0.0 else (1.0 if f >= 1.0 else f)
            d = math.dist(p, (ax + f * dx, ay + f * dy))
        if d <= limit:
            return None
        if d < best:
            best = d
    return best


def distance_to_polyline(p: Point, line: list[Point]) -> float:
    """The distance from p to the nearest point of the polyline (inf for a single point)."""
    best = _closer_than(p, _segments(line), -math.inf)
    assert best is not None
    return best


def _shape_segments(shape: TileShape) -> list[list[Segment]]:
    """The segments of every coastline of a shape, computed once per shape."""
    found = shape.memo.get("segments")
    if found is None:
        found = shape.memo["segments"] = [_segments(line) for line in shape.coastlines]
    return found


def _in_terrain(p: Point, shape: TileShape, terrain: str) -> bool:
    return any(t == terrain and point_in_polygon(p, poly) for t, poly in shape.regions)


def open_spot(shape: TileShape, size: float, terrain: str | None = None) -> tuple[Point, float]:
    """The point farthest from every coast and the border (inside `terrain` if given), and that
    distance: where a compass rose or a label has most room."""
    key = ("open_spot", size, terrain)
    if key not in shape.memo:
        shape.memo[key] = _open_spot(shape, size, terrain)
    found: tuple[Point, float] = shape.memo[key]
    return found


def _open_spot(shape: TileShape, size: float, terrain: str | None) -> tuple[Point, float]:
    """open_spot's search over a 23 x 23 grid; a point stops being measured as soon as it
    cannot beat the best so far (its room only shrinks with each coast)."""
    best: tuple[Point, float] = ((size / 2, size / 2), 0.0)
    lines = _shape_segments(shape)
    steps = 24
    for i in range(1, steps):
        for j in range(1, steps):
            p = (size * i / steps, size * j / steps)
            room = min(p[0], p[1], size - p[0], size - p[1])
            beat = best[1] + 1e-9
            if room <= beat or (terrain is not None and not _in_terrain(p, shape, terrain)):
                continue
            for segments in lines:
                d = _closer_than(p, segments, beat)
                if d is None:
                    break
                room = min(room, d)
            else:
                if room > beat:
                    best = (p, room)
    return best


def scatter(
    shape: TileShape,
    size: float,
    terrain: str,
    spacing: float,
    margin: float,
    seed: str,
    avoid: Sequence[tuple[Point, float]] = (),
) -> list[Point]:
    """Evenly spread, slightly jittered points inside `terrain`, at least `margin` from every coast
    and from the trim, and outside each (centre, radius) in `avoid`: where marks like hills go."""
    key = ("scatter", size, terrain, spacing, margin, seed, tuple(avoid))
    if key not in shape.memo:
        shape.memo[key] = _scatter(shape, size, terrain, spacing, margin, seed, avoid)
    return list(shape.memo[key])


def _scatter(
    shape: TileShape,
    size: float,
    terrain: str,
    spacing: float,
    margin: float,
    seed: str,
    avoid: Sequence[tuple[Point, float]],
) -> list[Point]:
    lines = _shape_segments(shape)
    nearer = math.nextafter(margin, -math.inf)  # d <= nearer exactly when d < margin
    rng = zlib.crc32(seed.encode())
    out = []
    row = 0
    y = spacing / 2
    while y < size:
        x = spacing / 2 + (spacing / 2 if row % 2 else 0)
        while x < size:
            rng = (rng * 1103515245 + 12345) & 0x7FFFFFFF
            jx = (rng / 0x7FFFFFFF - 0.5) * spacing * 0.5
            rng = (rng * 1103515245 + 12345) & 0x7FFFFFFF
            jy = (rng / 0x7FFFFFFF - 0.5) * spacing * 0.5
            p = (x + jx, y + jy)
            x += spacing
            if min(p[0], p[1], size - p[0], size - p[1]) < margin:
                continue
            if any(math.dist(p, c) < r for c, r in avoid):
                continue
            if not _in_terrain(p, shape, terrain):
                continue
            if any(_closer_than(p, segments, nearer) is None for segments in lines):
                continue
            out.append(p)
        y += spacing * 0.866
        row += 1
    return out


def jitter(key: str, x: float, y: float) -> float:
    """A number in [0, 1) that is the same for the same key and place (to 0.1)."""
    return (zlib.crc32(f"{key}:{x:.1f}:{y:.1f}".encode()) % 1000) / 1000


@lru_cache(maxsize=256)
def stipple_dots(tile_id: str, name: str, size: float) -> tuple[Point, ...]:
    """The stipple's dots: a jittered grid 2.2 mm apart, rounded to 0.1 pt (once per tile)."""
    step = mm(2.2)
    n = int(size / step)
    dots = []
    for i in range(n + 1):
        for j in range(n + 1):
            x = (i + 0.5 * (j % 2) + 0.6 * (jitter(tile_id, i, j) - 0.5)) * step
            y = (j + 0.6 * (jitter(name, j, i) - 0.5)) * step
            dots.append((round(x, 1), round(y, 1)))
    return tuple(dots)
