"""Pieces of any shape: outlines, bleed and safe area, and their imposition, in mm."""

from __future__ import annotations

import math

import pytest

from printkit.layout.geometry import Rect
from printkit.layout.shaped import centred, cut_lines, fit_shaped, too_large
from printkit.layout.shapes import (
    Shape,
    bounds,
    corners,
    hexagon_size,
    mirrored,
    offset_polygon,
    outline,
    polygon_size,
)
from printkit.layout.sizes import PAPER, Size
from printkit.layout.units import mm, to_mm

HEX = Shape("hexagon")
HEX76 = hexagon_size(mm(76))


def _mm(values):
    return [round(to_mm(v), 2) for v in values]


def _apothem(pts):
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    n = len(pts)
    return [
        abs((b[0] - a[0]) * (a[1] - cy) - (a[0] - cx) * (b[1] - a[1])) / math.dist(a, b)
        for a, b in zip(pts, pts[1:] + pts[:1], strict=True)
    ][: n // 2]


def test_hexagon_box_across_flats_and_corners():
    flat = hexagon_size(mm(76))
    assert _mm([flat.width, flat.height]) == [87.76, 76.0]
    pointy = hexagon_size(mm(76), pointy=True)
    assert _mm([pointy.width, pointy.height]) == [76.0, 87.76]
    corners_ = hexagon_size(mm(80), measured="corners")
    assert _mm([corners_.width, corners_.height]) == [80.0, 69.28]


def test_hexagon_outline_fills_its_box_and_grows_by_the_bleed():
    box = Rect(mm(10), mm(20), HEX76.width, HEX76.height)
    cut = corners(HEX, box)
    assert cut is not None
    assert _mm(bounds(outline(HEX, box)).box()) == _mm(box.box())
    assert {round(to_mm(a) * 2, 2) for a in _apothem(cut)} == {76.0}
    bleed = corners(HEX, box, mm(3))
    safe = corners(HEX, box, -mm(3))
    assert {round(to_mm(a) * 2, 2) for a in _apothem(bleed)} == {82.0}
    assert {round(to_mm(a) * 2, 2) for a in _apothem(safe)} == {70.0}


def test_circle_and_rounded_rectangle_grow_their_radius():
    box = Rect(0, 0, mm(25), mm(25))
    assert _mm(bounds(outline(Shape("circle"), box, mm(3))).box()) == [-3.0, -3.0, 28.0, 28.0]
    card = Shape("rectangle", radius=mm(3))
    grown = outline(card, Rect(0, 0, mm(63), mm(88)), mm(3))
    assert _mm(bounds(grown).box()) == [-3.0, -3.0, 66.0, 91.0]
    assert round(to_mm(float(grown[0][1])), 2) == 3.0  # the corner's radius is now 6 mm
    assert outline(Shape(), Rect(0, 0, 10, 10)) == [
        ("M", 0, 0), ("L", 10, 0), ("L", 10, 10), ("L", 0, 10), ("Z",)
    ]  # fmt: skip


def test_polygon_and_path_offsets():
    tri = Shape("polygon", sides=3)
    size = polygon_size(mm(60), 3)
    box = Rect(0, 0, size.width, size.height)
    assert _mm(bounds(outline(tri, box)).box()) == _mm(box.box())
    assert {round(to_mm(a), 2) for a in _apothem(corners(tri, box, mm(2)))} == {17.0}
    square = offset_polygon([(0, 0), (0, 10), (10, 10), (10, 0)], 1)  # clockwise in
    assert sorted(square) == [(-1, -1), (-1, 11), (11, -1), (11, 11)]
    path = Shape("path", points=((0, 0), (mm(20), 0), (0, mm(10))))  # from the top-left, y down
    pts = corners(path, Rect(0, 0, mm(20), mm(10)))
    assert sorted((round(to_mm(x), 2), round(to_mm(y), 2)) for x, y in pts) == [
        (0.0, 0.0), (0.0, 10.0), (20.0, 10.0)
    ]  # fmt: skip


def test_mirrored_shapes():
    size = Size(mm(20), mm(10))
    assert mirrored(HEX, size, True) == HEX
    assert mirrored(Shape("polygon", sides=5, rotation=10), size, True).rotation == -10
    assert mirrored(Shape("polygon", sides=5), size, False).rotation == 180
    path = Shape("path", points=((0, 0), (mm(20), 0), (0, mm(10))))
    assert mirrored(path, size, True).points[0] == (mm(20), 0)


@pytest.mark.parametrize(("margin", "count"), [(7, 6), (5, 8)])
def test_hexes_of_76mm_on_a4_by_sheet_margin(margin, count):
    grid = fit_shaped(PAPER["a4"], HEX76, HEX, margin=mm(margin))
    assert grid.per_sheet == count
    printed = grid.printed
    edge = min(printed.x, printed.y, grid.sheet.width - printed.x1, grid.sheet.height - printed.y1)
    assert to_mm(edge) >= margin - 1e-6
    # centred on the sheet
    assert abs(printed.x - (grid.sheet.width - printed.x1)) < 1e-6
    assert abs(printed.y - (grid.sheet.height - printed.y1)) < 1e-6


def test_honeycomb_columns_share_cut_lines():
    grid = fit_shaped(PAPER["a4"], HEX76, HEX, margin=mm(5))
    assert grid.sheet.landscape
    xs = sorted({round(to_mm(b.x), 2) for b in grid.boxes})
    assert [round(b - a, 2) for a, b in zip(xs, xs[1:], strict=False)] == [65.82] * 3
    ys = sorted({round(to_mm(b.y), 2) for b in grid.boxes})
    assert [round(b - a, 2) for a, b in zip(ys, ys[1:], strict=False)] == [38.0] * 3
    lines = cut_lines(grid, list(grid.boxes))
    assert len(lines) == 8 * 6 - 13  # 13 sides are shared by two hexes
    assert grid.label_band.h >= mm(3.5) and grid.scale_band.h >= mm(3.5)


def test_hexes_with_their_own_bleed_do_not_share_cuts():
    grid = fit_shaped(PAPER["a4"], HEX76, HEX, bleed=mm(3), margin=mm(5))
    assert not grid.shared
    assert len(cut_lines(grid, list(grid.boxes))) == grid.per_sheet
    centres = sorted((b.cx, b.cy) for b in grid.boxes)
    nearest = min(math.dist(a, b) for a in centres for b in centres if a != b)
    assert round(to_mm(nearest), 2) == 82.0  # the grown hexes touch


def test_circles_in_staggered_rows():
    grid = fit_shaped(PAPER["a4"], Size(mm(25), mm(25)), Shape("circle"))
    assert grid.per_sheet == 84  # a square grid holds 77
    ys = sorted({round(to_mm(b.y), 2) for b in grid.boxes})
    assert round(ys[1] - ys[0], 2) == round(25 * math.sqrt(3) / 2, 2)


def test_pointy_hexes_in_offset_rows():
    size = hexagon_size(mm(76), pointy=True)
    grid = fit_shaped(PAPER["a4"], size, Shape("hexagon", pointy=True), margin=mm(5))
    assert grid.per_sheet == 6  # the label and scale bar bands take the 8th row's room
    xs = sorted({round(to_mm(b.x), 2) for b in grid.boxes})
    assert [round(b - a, 2) for a, b in zip(xs, xs[1:], strict=False)] == [38.0] * 3
    assert len(cut_lines(grid, list(grid.boxes))) == 6 * 6 - 9  # 9 sides are shared


def test_a_sheet_smaller_than_the_paper_is_centred():
    aid = centred(PAPER["a4"], Size(mm(180), mm(120)))
    assert _mm(aid.box()) == [15.0, 88.5, 195.0, 208.5]
    letter = centred(PAPER["letter"], Size(mm(180), mm(120)))
    assert _mm([letter.x, letter.y]) == [17.95, 79.7]


def test_too_large():
    assert too_large(PAPER["a4"], Size(mm(200), mm(290)), 0, mm(7))
    assert not too_large(PAPER["a4"], Size(mm(280), mm(190)), 0, mm(7))
    with pytest.raises(ValueError):
        fit_shaped(PAPER["a4"], hexagon_size(mm(250)), HEX)


def test_gang_packing_of_hexes_and_discs_reaches_the_area_bound():
    from printkit.layout.packing import Run, area_lower_bound, pack

    runs = [Run(HEX76, 19, HEX), Run(Size(mm(25), mm(25)), 18, Shape("circle"))]
    layout = pack(PAPER["a4"], runs, 0.0)
    assert len(layout.sheets) == area_lower_bound(runs, PAPER["a4"], 0.0) == 3
    first = [s for b in layout.sheets[0] for s in b.slots()]
    assert len(first) == 8
    xs = sorted({round(to_mm(r.x), 2) for r in first})
    assert [round(b - a, 2) for a, b in zip(xs, xs[1:], strict=False)] == [65.82] * 3
    placed = [s for sheet in layout.sheets for b in sheet for s in b.slots()]
    assert len(placed) == 37
    for sheet in layout.sheets:  # no two pieces' boxes overlap but where hexes share a side
        boxes = [s for b in sheet for s in b.slots()]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert math.dist((a.cx, a.cy), (b.cx, b.cy)) >= min(a.h, b.h) - 1e-6
