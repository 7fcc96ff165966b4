"""Die-line geometry (printkit/layout/dieline.py), measured in millimetres: a tuck box's panels
follow the deck it holds, its cut is one closed outline around every panel, its folds lie on
the panels' shared edges; a d6 net folds into a cube whose opposite faces add to 7."""

from __future__ import annotations

import pytest

from printkit.layout.dieline import (
    Sleeve,
    box_inside,
    cube_net,
    fits,
    placed,
    tuck_box,
)
from printkit.layout.geometry import Rect
from printkit.layout.sizes import Size
from printkit.layout.units import mm, to_mm

POKER = Size(mm(63), mm(88))
A4 = Size(mm(210), mm(297))


def mm_rect(r: Rect) -> tuple[float, float, float, float]:
    return tuple(round(to_mm(v), 3) for v in (r.x, r.y, r.w, r.h))  # type: ignore[return-value]


def area(points: list[tuple[float, float]]) -> float:
    """Signed area (positive: counter-clockwise)."""
    return (
        sum(
            x0 * y1 - x1 * y0
            for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True)
        )
        / 2
    )


def inside(points: list[tuple[float, float]], p: tuple[float, float]) -> bool:
    """Whether p lies inside the polygon (ray casting)."""
    x, y = p
    hit = False
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def test_the_inside_is_the_card_plus_clearance_and_the_stack():
    box = box_inside(POKER, 54, mm(0.3))
    assert round(to_mm(box.width), 3) == 64.0
    assert round(to_mm(box.height), 3) == 89.0
    assert round(to_mm(box.depth), 3) == round(54 * 0.3 + 1, 3) == 17.2


def test_a_sleeve_makes_the_box_larger_and_deeper():
    sleeve = Sleeve(mm(66), mm(91), mm(0.1))
    box = box_inside(POKER, 54, mm(0.3), sleeve=sleeve)
    assert (round(to_mm(box.width), 3), round(to_mm(box.height), 3)) == (67.0, 92.0)
    assert round(to_mm(box.depth), 3) == round(54 * 0.4 + 1, 3) == 22.6


def test_the_tuck_boxs_panels_follow_the_deck():
    die = tuck_box(box_inside(POKER, 54, mm(0.3)))
    assert [p.name for p in die.panels] == [
        "back",
        "left",
        "front",
        "right",
        "top",
        "tuck-top",
        "bottom",
        "tuck-bottom",
        "glue",
    ]
    # glue 10, back 64, side 17.2, front 64, side 17.2 across; tucks of 17.2 (between 10 and 18)
    assert mm_rect(die.panel("back").rect) == (10.0, 34.4, 64.0, 89.0)
    assert mm_rect(die.panel("left").rect) == (74.0, 34.4, 17.2, 89.0)
    assert mm_rect(die.panel("front").rect) == (91.2, 34.4, 64.0, 89.0)
    assert mm_rect(die.panel("right").rect) == (155.2, 34.4, 17.2, 89.0)
    assert mm_rect(die.panel("top").rect) == (10.0, 123.4, 64.0, 17.2)
    assert mm_rect(die.panel("bottom").rect) == (91.2, 17.2, 64.0, 17.2)
    assert (round(to_mm(die.size.width), 3), round(to_mm(die.size.height), 3)) == (172.4, 157.8)


def test_the_cut_is_one_closed_outline_around_every_panel():
    die = tuck_box(box_inside(POKER, 54, mm(0.3)))
    assert area(die.cut) > 0  # counter-clockwise, not crossing itself
    xs, ys = [p[0] for p in die.cut], [p[1] for p in die.cut]
    assert (min(xs), min(ys)) == (0, 0)
    assert max(xs) == pytest.approx(die.size.width) and max(ys) == pytest.approx(die.size.height)
    for panel in die.panels:
        r = panel.rect
        assert inside(die.cut, (r.x + r.w / 2, r.y + r.h / 2 - mm(1))), panel.name


def test_the_thumb_notch_is_cut_into_the_fronts_top_edge():
    die = tuck_box(box_inside(POKER, 54, mm(0.3)))
    front = die.panel("front").rect
    mid = front.x + front.w / 2
    assert not inside(die.cut, (mid, front.y1 - mm(9)))  # within the 10 mm notch: cut away
    assert inside(die.cut, (mid, front.y1 - mm(11)))
    assert inside(die.cut, (front.x + mm(5), front.y1 - mm(1)))


def test_folds_lie_on_shared_panel_edges():
    die = tuck_box(box_inside(POKER, 54, mm(0.3)))
    back, front, top = (die.panel(n).rect for n in ("back", "front", "top"))
    folds = {tuple(round(to_mm(v), 3) for point in fold for v in point) for fold in die.folds}
    assert (10.0, 123.4, 74.0, 123.4) in folds  # back | lid
    assert (91.2, 34.4, 155.2, 34.4) in folds  # front | bottom
    assert (74.0, 34.4, 74.0, 123.4) in folds  # back | left side
    assert round(to_mm(top.y), 3) == round(to_mm(back.y1), 3)
    # the front's top edge is a cut, not a fold: the lid tucks into it
    on_top = [
        (min(a[0], b[0]), max(a[0], b[0]))
        for a, b in die.folds
        if abs(a[1] - front.y1) < 1e-6 and abs(b[1] - front.y1) < 1e-6
    ]
    assert on_top and all(x1 <= front.x + 1e-6 or x0 >= front.x1 - 1e-6 for x0, x1 in on_top)


def test_a_d6_net_is_a_cross_whose_opposite_faces_add_to_seven():
    die = cube_net(mm(20))
    by_name = {p.name: p.rect for p in die.panels}
    assert sorted(by_name) == ["1", "2", "3", "4", "5", "6"]
    assert all(mm_rect(r)[2:] == (20.0, 20.0) for r in by_name.values())
    column = [n for n, r in sorted(by_name.items(), key=lambda i: i[1].y) if r.x == by_name["2"].x]
    assert column == ["5", "6", "2", "1"]
    # a column of four folds into a ring: faces two apart are opposite
    assert int(column[0]) + int(column[2]) == int(column[1]) + int(column[3]) == 7
    assert int("3") + int("4") == 7 and by_name["3"].y == by_name["4"].y == by_name["2"].y
    assert area(die.cut) > 0
    for r in by_name.values():
        assert inside(die.cut, (r.x + r.w / 2, r.y + r.h / 2))
    assert len(die.folds) == 5 + 7  # five between faces, one per glue flap
    assert (round(to_mm(die.size.width), 3), round(to_mm(die.size.height), 3)) == (60.0, 86.0)


def test_a_die_line_fits_the_sheet_as_given_or_turned():
    die = tuck_box(box_inside(POKER, 54, mm(0.3)))
    assert fits(die, A4, mm(5)) == A4
    wide = tuck_box(box_inside(Size(mm(88), mm(63)), 54, mm(0.3)))
    # 10 + 2 x 89 + 2 x 17.2 = 222.4 mm wide, 64 + 4 x 17.2 = 132.8 mm high: A4 turned
    assert fits(wide, A4, mm(5)) == Size(A4.height, A4.width)
    huge = tuck_box(box_inside(Size(mm(120), mm(180)), 100, mm(0.5)))
    assert fits(huge, A4, mm(5)) is None


def test_placing_moves_every_point():
    die = cube_net(mm(20))
    moved = placed(die, (mm(10), mm(20)))
    assert moved.cut[0] == (die.cut[0][0] + mm(10), die.cut[0][1] + mm(20))
    assert mm_rect(moved.panel("1").rect)[:2] == (30.0, 86.0)
