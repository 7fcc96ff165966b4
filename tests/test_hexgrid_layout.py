"""Hex and square grid geometry (layout/hexgrid.py), in points: what a map's drawing, its
features and its rules data rely on."""

from __future__ import annotations

import math

import pytest

from printkit.layout.hexgrid import Coordinates, HexLayout, SquareLayout, ring_cells
from printkit.layout.units import mm


@pytest.mark.parametrize("pointy", [False, True])
@pytest.mark.parametrize("offset", ["even", "odd"])
def test_inner_hexes_have_six_neighbours_one_size_apart(pointy, offset):
    grid = HexLayout(6, 6, mm(16), pointy, offset)
    cells = list(grid.cells())
    inner = (2, 2)
    near = [c for c in cells if c != inner and grid.neighbours(inner, c)]
    assert len(near) == 6
    for cell in near:
        (ax, ay), (bx, by) = grid.centre(inner), grid.centre(cell)
        assert math.isclose(math.hypot(ax - bx, ay - by), mm(16))
        a, b = grid.side(inner, cell)
        assert math.isclose(math.hypot(a[0] - b[0], a[1] - b[1]), grid.radius)


def test_flat_top_even_columns_sit_half_a_hex_lower():
    grid = HexLayout(4, 3, mm(20))
    assert grid.centre((1, 0))[1] - grid.centre((0, 0))[1] == pytest.approx(mm(10))
    odd = HexLayout(4, 3, mm(20), offset="odd")
    assert odd.centre((0, 0))[1] - odd.centre((1, 0))[1] == pytest.approx(mm(10))
    assert grid.height == pytest.approx(mm(3 * 20 + 10))
    assert grid.width == pytest.approx(3 * 1.5 * grid.radius + 2 * grid.radius)


def test_pointy_top_rows_shift_right_and_every_hex_is_inside_the_grid():
    grid = HexLayout(5, 4, mm(20), pointy=True)
    assert grid.centre((0, 1))[0] - grid.centre((0, 0))[0] == pytest.approx(mm(10))
    for cell in grid.cells():
        for x, y in grid.corners(cell):
            assert -1e-6 <= x <= grid.width + 1e-6 and -1e-6 <= y <= grid.height + 1e-6


def test_cells_are_named_as_wargames_and_boards_name_them():
    assert Coordinates().label((0, 0)) == "0101"
    assert Coordinates().label((13, 9)) == "1410"
    assert Coordinates("0101", digits=3).label((104, 0)) == "105001"
    assert Coordinates("A1").label((0, 0)) == "A1"
    assert Coordinates("A1").label((27, 4)) == "AB5"
    assert Coordinates("0101", first_column=0, first_row=0).label((0, 0)) == "0000"


def test_square_cells_share_an_edge_only_side_by_side():
    grid = SquareLayout(3, 3, mm(10))
    assert grid.side((0, 0), (1, 0)) == ((mm(10), 0.0), (mm(10), mm(10)))
    assert grid.side((0, 0), (1, 1)) is None


def test_a_ring_track_fills_the_edge_of_its_box():
    spaces = ring_cells(mm(190), mm(150), 36)
    assert len(spaces) == 36
    assert spaces[0][:2] == (0.0, 0.0)
    right = max(x + w for x, _, w, _ in spaces)
    bottom = max(y + h for _, y, _, h in spaces)
    assert (right, bottom) == pytest.approx((mm(190), mm(150)))
    with pytest.raises(ValueError, match="even number"):
        ring_cells(mm(100), mm(100), 7)
