"""Where marks go on an edge tile (components/tiles/tilespots.py) is exactly what the plain definitions
give: the roomiest grid point and the scattered points, measured against every segment of every
coast, for each tile of the built-in Chartae set; asked again, a shape answers the same."""

from __future__ import annotations

import math
import zlib

import pytest

from printkit.components.tiles.edgetile import point_in_polygon, tile_shape
from printkit.components.tiles.tilespots import distance_to_polyline, open_spot, scatter
from printkit.kit import load_kit
from printkit.layout.units import mm


def _segment_distance(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.dist(p, a)
    f = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.dist(p, (a[0] + f * dx, a[1] + f * dy))


def _distance(p, line) -> float:
    pairs = zip(line, line[1:], strict=False)
    return min((_segment_distance(p, a, b) for a, b in pairs), default=math.inf)


def _inside(p, shape, terrain) -> bool:
    return any(t == terrain and point_in_polygon(p, poly) for t, poly in shape.regions)


_ROOMS: dict[str, dict[tuple[float, float], float]] = {}  # a tile's grid rooms, by its id


def _plain_rooms(shape, size, tile_id: str) -> dict[tuple[float, float], float]:
    """Each grid point's room (to the trim and to every coast segment), by the definition;
    the same for every terrain, so worked out once per tile for the three terrains' tests
    (the tiles' shapes are made afresh for each test, so that each asks printkit anew)."""
    if tile_id not in _ROOMS:
        rooms = {}
        for i in range(1, 24):
            for j in range(1, 24):
                p = (size * i / 24, size * j / 24)
                room = min([p[0], p[1], size - p[0], size - p[1]])
                rooms[p] = min([room] + [_distance(p, line) for line in shape.coastlines])
        _ROOMS[tile_id] = rooms
    return _ROOMS[tile_id]


def _plain_open_spot(shape, size, tile_id: str, terrain=None):
    best = ((size / 2, size / 2), 0.0)
    for p, room in _plain_rooms(shape, size, tile_id).items():  # i, then j, as the grid runs
        if terrain is not None and not _inside(p, shape, terrain):
            continue
        if room > best[1] + 1e-9:
            best = (p, room)
    return best


def _plain_scatter(shape, size, terrain, spacing, margin, seed, avoid=()):
    rng, out, row, y = zlib.crc32(seed.encode()), [], 0, spacing / 2
    while y < size:
        x = spacing / 2 + (spacing / 2 if row % 2 else 0)
        while x < size:
            rng = (rng * 1103515245 + 12345) & 0x7FFFFFFF
            jx = (rng / 0x7FFFFFFF - 0.5) * spacing * 0.5
            rng = (rng * 1103515245 + 12345) & 0x7FFFFFFF
            jy = (rng / 0x7FFFFFFF - 0.5) * spacing * 0.5
            p = (x + jx, y + jy)
            x += spacing
            near_trim = min(p[0], p[1], size - p[0], size - p[1]) < margin
            avoided = any(math.dist(p, c) < r for c, r in avoid)
            near_coast = any(_distance(p, line) < margin for line in shape.coastlines)
            if not (near_trim or avoided or near_coast) and _inside(p, shape, terrain):
                out.append(p)
        y += spacing * 0.866
        row += 1
    return out


def _shapes():
    tile_set = load_kit("chartae").model("tiles")
    size, roughness = tile_set.tile_size, tile_set.coast.roughness
    return [
        (tile_shape(t.halves, t.piece_of(), size, 0.0, roughness, t.id), size, t.id)
        for t in tile_set.tiles
    ]


@pytest.mark.parametrize(
    "terrain",
    # every grid point of every tile weighed, for each terrain: one terrain (sea) in the quick suite
    [
        pytest.param(None, marks=pytest.mark.slow),
        pytest.param("land", marks=pytest.mark.slow),
        "sea",
    ],
)
def test_open_spot_is_the_roomiest_grid_point(terrain):
    for shape, size, tile_id in _shapes():
        expected = _plain_open_spot(shape, size, tile_id, terrain)
        assert open_spot(shape, size, terrain) == expected
        assert open_spot(shape, size, terrain) == expected  # asked again: the same


def test_scatter_keeps_every_point_the_definition_keeps():
    kept = 0
    for shape, size, tile_id in _shapes():
        for terrain, spacing, margin in (("sea", mm(5.2), mm(5.5)), ("land", mm(8.5), mm(5.0))):
            avoid = (((size / 2, size / 2), mm(9)),)
            expected = _plain_scatter(shape, size, terrain, spacing, margin, tile_id, avoid)
            assert scatter(shape, size, terrain, spacing, margin, tile_id, avoid) == expected
            points = scatter(shape, size, terrain, spacing, margin, tile_id, avoid)
            points.clear()  # the caller's own list: the next caller still gets every point
            assert scatter(shape, size, terrain, spacing, margin, tile_id, avoid) == expected
            kept += len(expected)
    assert kept > 100


def test_distance_to_a_polyline_is_the_nearest_segment():
    shape, size, _ = _shapes()[0]
    for line in shape.coastlines:
        for p in [(0.0, 0.0), (size / 3, size / 2), (size, size * 0.7), line[5]]:
            assert distance_to_polyline(p, line) == _distance(p, line)
    assert distance_to_polyline((1.0, 1.0), [(0.0, 0.0)]) == math.inf
