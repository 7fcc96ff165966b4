"""Edge geometry (printkit/layout/edges.py) in millimetres: a square's and a flat-top hexagon's
edges clockwise from the top, half-edges, and the shapes a wall, a door and a road take."""

from __future__ import annotations

import math

import pytest

from printkit.layout.edges import door, halves, inward, road, tile_edges, wall
from printkit.layout.geometry import Rect
from printkit.layout.shapes import hexagon_size
from printkit.layout.units import mm, to_mm

TILE = Rect(0, 0, mm(50), mm(50))


def in_mm(points):
    return [(round(to_mm(x), 3), round(to_mm(y), 3)) for x, y in points]


def test_a_squares_edges_run_clockwise_from_the_top():
    edges = tile_edges(TILE, 4)
    assert [in_mm(e) for e in edges] == [
        [(0, 50), (50, 50)],
        [(50, 50), (50, 0)],
        [(50, 0), (0, 0)],
        [(0, 0), (0, 50)],
    ]
    assert [inward(e) for e in edges] == [(0, -1), (-1, 0), (0, 1), (1, 0)]


def test_a_flat_hexagons_edges_are_equal_and_clockwise_from_the_top():
    size = hexagon_size(mm(76))  # 76 mm across the flats
    edges = tile_edges(Rect(0, 0, size.width, size.height), 6)
    lengths = [to_mm(math.dist(*e)) for e in edges]
    assert lengths == pytest.approx([76 / math.sqrt(3)] * 6, abs=1e-6)
    top = edges[0]
    assert to_mm(top[0][1]) == to_mm(top[1][1]) == pytest.approx(76)
    assert top[0][0] < top[1][0]  # left to right along the top
    centre = (size.width / 2, size.height / 2)
    for e in edges:  # every inward normal points at the centre
        n = inward(e)
        mid = ((e[0][0] + e[1][0]) / 2, (e[0][1] + e[1][1]) / 2)
        assert (centre[0] - mid[0]) * n[0] + (centre[1] - mid[1]) * n[1] == pytest.approx(
            mm(38), rel=1e-9
        )


def test_half_edges_split_each_edge_at_its_middle():
    h = halves(tile_edges(TILE, 4))
    assert len(h) == 8
    assert in_mm(h[0]) == [(0, 50), (25, 50)]  # half-edge 0: the top's left half
    assert in_mm(h[3]) == [(50, 25), (50, 0)]  # half-edge 3: the right's lower half


def test_a_wall_lies_inside_the_edge_and_reaches_out_into_the_bleed():
    quad = wall(tile_edges(TILE, 4)[0], mm(3))
    ys = sorted({round(to_mm(y), 3) for _, y in quad})
    assert ys[0] == 47.0  # 3 mm deep inside the top edge
    assert ys[-1] > 53  # and past the cut, so the 3 mm bleed is covered
    inner = [p for p in in_mm(quad) if p[1] == 47.0]
    assert sorted(inner) == [(0, 47), (50, 47)]


def test_a_door_is_in_the_middle_of_its_edge():
    left_wall, right_wall, leaf = door(tile_edges(TILE, 4)[1], mm(14), mm(3))  # the right edge
    xs = sorted({round(to_mm(x), 3) for x, _ in leaf})
    ys = sorted({round(to_mm(y), 3) for _, y in leaf})
    assert xs[0] == 47.0 and xs[1] > 53  # 3 mm deep inside the right edge, and into the bleed
    assert ys == [18.0, 32.0]  # 14 mm long, centred on the edge's middle (25 mm)
    upper = [y for x, y in in_mm(left_wall) if x <= 50]  # the wall's inside, above the door
    lower = [y for x, y in in_mm(right_wall) if x <= 50]  # and below it
    assert min(upper) == 32.0 and max(lower) == 18.0


def test_a_road_runs_from_the_edges_middle_to_the_centre():
    quad = road(tile_edges(TILE, 4)[2], mm(6), (mm(25), mm(25)))  # from the bottom edge
    xs = sorted({round(to_mm(x), 3) for x, _ in quad})
    assert xs == [22.0, 28.0]
    assert max(round(to_mm(y), 3) for _, y in quad) == 25.0
    assert min(to_mm(y) for _, y in quad) < -3  # into the bleed below the cut
