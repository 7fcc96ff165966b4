"""Hex and square grid geometry (layout/hexgrid.py), in points: what a map's drawing, its
features and its rules data rely on."""

from __future__ import annotations

import math

import pytest

from printkit.layout.hexgrid import (
    Coordinates,
    HexLayout,
    SquareLayout,
    ring_cells,
    toward_border,
)
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


@pytest.mark.parametrize(
    "form, label",
    [("0101", "0305"), ("01.01", "03.05"), ("A1", "C5"), ("1-1", "3-5")],
)
def test_each_numbering_style_names_a_cell_and_reads_the_name_back(form, label):
    names = Coordinates(form)
    assert names.label((2, 4)) == label
    assert names.position(label) == (2, 4)
    assert names.position("nonsense") is None


def test_a_name_just_off_the_map_reads_as_the_cell_outside_it():
    """Column 00 and row 15 of a 14-row map: the ring round the map that a map-edge side or
    a path leaving the map names."""
    assert Coordinates("0101").position("0007") == (-1, 6)
    assert Coordinates("0101").position("1415") == (13, 14)
    assert Coordinates("1-1").position("3-0") == (2, -1)


def test_a_spot_lies_its_share_of_the_way_to_the_cells_border():
    """On a flat-top hex, east is a corner (the radius away) and north the middle of a side
    (half the size across the flats); a square's north-east is its corner."""
    hexes = HexLayout(3, 3, mm(20))
    centre, corners = hexes.centre((1, 1)), hexes.corners((1, 1))
    east = toward_border(centre, corners, 0.0, 1.0)
    north = toward_border(centre, corners, 270.0, 0.5)
    assert math.isclose(east[0] - centre[0], hexes.radius) and math.isclose(east[1], centre[1])
    assert math.isclose(centre[1] - north[1], mm(10) / 2) and math.isclose(north[0], centre[0])
    squares = SquareLayout(2, 2, mm(10))
    corner = toward_border(squares.centre((0, 0)), squares.corners((0, 0)), 315.0, 1.0)
    assert math.isclose(corner[0], mm(10)) and math.isclose(corner[1], 0.0, abs_tol=1e-9)


def test_a_grid_numbered_with_a_point_or_a_dash_still_reads_plain_names():
    assert Coordinates("01.01").position("0305") == (2, 4)
    assert Coordinates("1-1").position("0305") == (2, 4)
    assert Coordinates("A1").position("0305") is None
