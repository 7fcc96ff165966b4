"""Geometry of square edge tiles: the region of each terrain piece, computed from the half-edges.

Pure functions on plain numbers (points, origin bottom-left), no drawing, so tests can call them.

Boundary positions t run clockwise from the top-left corner in half-edge units: t=0 top-left,
1 top middle, 2 top-right, 3 right middle, 4 bottom-right, 5 bottom middle, 6 bottom-left,
7 left middle; half-edge i spans [i, i+1]. A coast starts wherever two neighbouring half-edges
belong to different pieces, so coasts always meet the border at a corner or an edge's middle, at
right angles to it (diagonally at a corner). That is what makes the coasts of two tiles laid side
by side continue into each other, whatever the tiles.

Which transition points a coast joins follows from the pieces: walking round a piece, each of its
runs of half-edges is followed by a coast to the start of its next run. The sea pieces and the land
pieces must agree on those coasts, or the pieces cannot lie side by side on a square.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

HALF_EDGES = 8
Point = tuple[float, float]


class ShapeError(ValueError):
    """The pieces cannot be drawn on a square (they would cross)."""


@dataclass(frozen=True)
class Run:
    """Neighbouring half-edges of one piece: boundary positions start..end (end > start)."""

    piece: int
    start: int
    end: int


def runs(piece_of: tuple[int, ...]) -> list[Run]:
    """Maximal runs of half-edges of one piece, in clockwise order, each as [start, end)."""
    n = len(piece_of)
    cuts = [i for i in range(n) if piece_of[i] != piece_of[i - 1]]
    if not cuts:
        return [Run(piece_of[0], 0, n)]
    out = []
    for k, s in enumerate(cuts):
        e = cuts[(k + 1) % len(cuts)]
        out.append(Run(piece_of[s], s, e if e > s else e + n))
    return out


def coasts(halves: tuple[str, ...], piece_of: tuple[int, ...]) -> list[tuple[int, int]]:
    """The coasts as (t_from, t_to) pairs of border positions (each coast once, from < to).

    Raises ShapeError when neighbouring half-edges of one terrain are in different pieces, or
    when the pieces would have to cross.
    """
    n = len(piece_of)
    for i in range(n):
        j = (i + 1) % n
        if halves[i] == halves[j] and piece_of[i] != piece_of[j]:
            raise ShapeError(
                f"half-edges {i} and {j} are both {halves[i]} and side by side, so they must be "
                "in the same piece"
            )
    all_runs = runs(piece_of)
    if len(all_runs) == 1:
        return []
    seen: dict[tuple[int, int], int] = {}
    for piece in sorted(set(piece_of)):
        mine = [r for r in all_runs if r.piece == piece]
        for k, r in enumerate(mine):
            nxt = mine[(k + 1) % len(mine)]
            pair = (r.end % n, nxt.start % n)
            key = (min(pair), max(pair))
            seen[key] = seen.get(key, 0) + 1
    if any(count != 2 for count in seen.values()):
        raise ShapeError(
            "its pieces cannot lie side by side on a square: one terrain's pieces would cross "
            "the other's; join or split them so each coast separates exactly two pieces"
        )
    result = sorted(seen)
    for a, b in result:
        for c, d in result:
            if a < c < b < d:
                raise ShapeError("its pieces would cross each other")
    return result


def border_point(t: float, size: float, grow: float = 0.0) -> Point:
    """The point at border position t on the square [0, size]^2 grown by `grow` on every side."""
    t %= HALF_EDGES
    lo, hi = -grow, size + grow
    span = hi - lo
    side, f = int(t // 2), (t % 2) / 2
    if side == 0:
        return (lo + f * span, hi)
    if side == 1:
        return (hi, hi - f * span)
    if side == 2:
        return (hi - f * span, lo)
    return (lo, lo + f * span)


def inward(t: int) -> Point:
    """The unit direction into the tile from border position t (diagonal at corners)."""
    d = {
        0: (1, -1),
        1: (0, -1),
        2: (-1, -1),
        3: (-1, 0),
        4: (-1, 1),
        5: (0, 1),
        6: (1, 1),
        7: (1, 0),
    }[t % HALF_EDGES]
    length = math.hypot(*d)
    return (d[0] / length, d[1] / length)


def coast_line(
    t0: int, t1: int, size: float, roughness: float, seed: str, samples: int = 64
) -> list[Point]:
    """A coastline from border position t0 to t1: a curve leaving the border at right angles,
    wandering by up to about `roughness` x size, the same for the same seed."""
    a, b = border_point(t0, size), border_point(t1, size)
    na, nb = inward(t0), inward(t1)
    chord = math.dist(a, b)
    reach = 0.42 * chord
    c1 = (a[0] + na[0] * reach, a[1] + na[1] * reach)
    c2 = (b[0] + nb[0] * reach, b[1] + nb[1] * reach)
    waves = _harmonics(f"{seed}:{t0}:{t1}")
    amplitude = roughness * size * min(1.0, chord / (0.5 * size))
    out = []
    for i in range(samples + 1):
        s = i / samples
        x, y = _bezier(a, c1, c2, b, s)
        dx, dy = _bezier_tangent(a, c1, c2, b, s)
        norm = math.hypot(dx, dy) or 1.0
        envelope = math.sin(math.pi * s) ** 1.6
        wobble = amplitude * envelope * sum(w * math.sin(k * math.pi * s + p) for k, w, p in waves)
        out.append((x - dy / norm * wobble, y + dx / norm * wobble))
    out[0], out[-1] = a, b
    return out


def _harmonics(key: str) -> list[tuple[int, float, float]]:
    """Deterministic wave components (frequency, weight, phase) from a key: a coastline's DNA."""
    seed = zlib.crc32(key.encode())
    out = []
    total = 0.0
    for k in (2, 3, 4, 6, 9, 13, 19, 27, 38):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        phase = seed / 0x7FFFFFFF * 2 * math.pi
        weight = 1.0 / k**0.8
        out.append((k, weight, phase))
        total += weight
    return [(k, w / total * 2.0, p) for k, w, p in out]


def _bezier(a: Point, b: Point, c: Point, d: Point, s: float) -> Point:
    u = 1 - s
    return (
        u**3 * a[0] + 3 * u * u * s * b[0] + 3 * u * s * s * c[0] + s**3 * d[0],
        u**3 * a[1] + 3 * u * u * s * b[1] + 3 * u * s * s * c[1] + s**3 * d[1],
    )


def _bezier_tangent(a: Point, b: Point, c: Point, d: Point, s: float) -> Point:
    u = 1 - s
    return (
        3 * u * u * (b[0] - a[0]) + 6 * u * s * (c[0] - b[0]) + 3 * s * s * (d[0] - c[0]),
        3 * u * u * (b[1] - a[1]) + 6 * u * s * (c[1] - b[1]) + 3 * s * s * (d[1] - c[1]),
    )


@dataclass(frozen=True)
class TileShape:
    """Everything a painter needs: each piece's outline and terrain, and each coastline."""

    regions: list[tuple[str, list[Point]]]  # (terrain, closed outline) per piece
    coastlines: list[list[Point]]  # open polylines, trim to trim
    # results of open_spot and scatter, which are pure: a shape asked twice (when `check`'s
    # safe-area probe and the build draw the same tile) computes them once
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)


@lru_cache(maxsize=512)
def _cached_shape(
    halves: tuple[str, ...],
    piece_of: tuple[int, ...],
    size: float,
    bleed: float,
    roughness: float,
    seed: str,
) -> TileShape:
    return _tile_shape(halves, piece_of, size, bleed, roughness, seed)


def tile_shape(
    halves: tuple[str, ...],
    piece_of: tuple[int, ...],
    size: float,
    bleed: float = 0.0,
    roughness: float = 0.03,
    seed: str = "",
) -> TileShape:
    """The outline of every piece of a tile, reaching `bleed` beyond the trim on the border.
    The same inputs give the same (shared, not to be changed) shape, computed once."""
    return _cached_shape(tuple(halves), tuple(piece_of), size, bleed, roughness, seed)


def _tile_shape(
    halves: tuple[str, ...],
    piece_of: tuple[int, ...],
    size: float,
    bleed: float,
    roughness: float,
    seed: str,
) -> TileShape:
    lines = {
        pair: coast_line(pair[0], pair[1], size, roughness, seed)
        for pair in coasts(halves, piece_of)
    }
    all_runs = runs(piece_of)
    regions = []
    for piece in sorted(set(piece_of)):
        mine = [r for r in all_runs if r.piece == piece]
        outline: list[Point] = []
        for k, r in enumerate(mine):
            outline.extend(_border_walk(r.start, r.end, size, bleed))
            if len(all_runs) == 1:
                break
            nxt = mine[(k + 1) % len(mine)]
            t0, t1 = r.end % HALF_EDGES, nxt.start % HALF_EDGES
            line = lines[(min(t0, t1), max(t0, t1))]
            outline.extend(line if t0 < t1 else list(reversed(line)))
        regions.append((halves[mine[0].start % HALF_EDGES], outline))
    return TileShape(regions, list(lines.values()))


def _border_walk(start: int, end: int, size: float, grow: float) -> list[Point]:
    """Border points from position start to end, clockwise, on the grown square (with corners)."""
    pts = [border_point(start, size, grow)]
    for t in range(start + 1, end):
        if t % 2 == 0:
            pts.append(border_point(t, size, grow))
    pts.append(border_point(end, size, grow))
    return pts


def point_in_polygon(p: Point, polygon: list[Point]) -> bool:
    """Even-odd rule."""
    x, y = p
    inside = False
    n = len(polygon)
    for i in range(n):
        x0, y0 = polygon[i]
        x1, y1 = polygon[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside
