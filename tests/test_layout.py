"""Geometry without reportlab: units, grids, duplex mirroring, crop marks, info bands."""

import pytest

from printkit.layout.geometry import Rect
from printkit.layout.imposition import (
    KEEP_OUT,
    crop_marks,
    fit_grid,
    home_pages,
    info_bands,
    mirror,
    shop_pages,
)
from printkit.layout.sizes import CARD, PAPER, Size
from printkit.layout.units import inch, mm, parse_length, to_mm


@pytest.mark.parametrize(
    ("text", "expected_mm"),
    [
        (63, 63.0),
        (2.5, 2.5),
        ("63mm", 63.0),
        ("2.5in", 63.5),
        ("72pt", 25.4),
        ("1.5 cm", 15.0),
        ('3"', 76.2),
    ],
)
def test_lengths_parse_in_every_unit(text, expected_mm):
    assert to_mm(parse_length(text)) == pytest.approx(expected_mm)


@pytest.mark.parametrize("bad", ["lots", "-3mm", "12 furlongs", True, None, [], float("nan"), -1])
def test_non_lengths_are_refused(bad):
    assert parse_length(bad) is None


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_fit_portrait_and_centred(paper):
    grid = fit_grid(PAPER[paper], CARD["poker"])
    assert (grid.cols, grid.rows) == (3, 3)
    assert not grid.sheet.landscape
    area = grid.area
    assert area.x == pytest.approx(grid.sheet.width - area.x1)
    assert area.y == pytest.approx(grid.sheet.height - area.y1)


def test_a4_card_positions_in_mm():
    slots = fit_grid(PAPER["a4"], CARD["poker"]).slots()
    xs = sorted({round(to_mm(s.x), 3) for s in slots})
    ys = sorted({round(to_mm(s.y), 3) for s in slots})
    assert xs == [10.5, 73.5, 136.5]
    assert ys == [16.5, 104.5, 192.5]
    # reading order: the first slot is the top-left card
    assert (round(to_mm(slots[0].x), 3), round(to_mm(slots[0].y), 3)) == (10.5, 192.5)


def test_long_edge_flip_reverses_columns_on_portrait():
    sheet = PAPER["a4"]
    r = Rect(mm(10.5), mm(192.5), mm(63), mm(88))
    back = mirror(r, sheet, "long")
    assert to_mm(back.x) == pytest.approx(210 - 10.5 - 63)
    assert back.y == r.y


def test_short_edge_flip_reverses_rows_on_portrait():
    sheet = PAPER["a4"]
    r = Rect(mm(10.5), mm(192.5), mm(63), mm(88))
    back = mirror(r, sheet, "short")
    assert back.x == r.x
    assert to_mm(back.y) == pytest.approx(297 - 192.5 - 88)


def test_landscape_swaps_the_flips():
    sheet = PAPER["a4"].rotated()
    r = Rect(mm(20), mm(30), mm(63), mm(88))
    assert mirror(r, sheet, "long").x == r.x
    assert to_mm(mirror(r, sheet, "long").y) == pytest.approx(210 - 30 - 88)
    assert to_mm(mirror(r, sheet, "short").x) == pytest.approx(297 - 20 - 63)


def test_back_offset_shifts_every_back():
    grid = fit_grid(PAPER["a4"], CARD["poker"])
    pages = list(home_pages(4, grid, "long", (mm(1.5), mm(-0.5))))
    front, back = pages
    for (i, f), (j, b) in zip(front.items, back.items, strict=True):
        assert i == j
        expected = mirror(f, grid.sheet, "long")
        assert to_mm(b.x - expected.x) == pytest.approx(1.5)
        assert to_mm(b.y - expected.y) == pytest.approx(-0.5)


def test_duplex_off_prints_all_fronts_then_all_backs():
    grid = fit_grid(PAPER["a4"], CARD["poker"])
    sides = [p.side for p in home_pages(20, grid, "off")]
    assert sides == ["front"] * 3 + ["back"] * 3


def test_crop_marks_stay_in_the_margin_and_inside_the_keep_out():
    for paper in ("a4", "letter"):
        grid = fit_grid(PAPER[paper], CARD["poker"])
        a, s = grid.area, grid.sheet
        segs = crop_marks(grid)
        assert segs
        for x0, y0, x1, y1 in segs:
            for x, y in ((x0, y0), (x1, y1)):
                assert KEEP_OUT - 1e-6 <= x <= s.width - KEEP_OUT + 1e-6
                assert KEEP_OUT - 1e-6 <= y <= s.height - KEEP_OUT + 1e-6
                assert not (a.x < x < a.x1 and a.y < y < a.y1), "a mark runs into a card"


def test_info_bands_avoid_the_marks():
    for paper in ("a4", "letter"):
        grid = fit_grid(PAPER[paper], CARD["poker"])
        bands = info_bands(grid)
        for band in (bands.scale, bands.label):
            assert band.x >= KEEP_OUT - 1e-6 and band.y >= KEEP_OUT - 1e-6
            assert band.x1 <= grid.sheet.width - KEEP_OUT + 1e-6
            assert band.y1 <= grid.sheet.height - KEEP_OUT + 1e-6
            for x0, y0, x1, y1 in crop_marks(grid):
                lo_x, hi_x = sorted((x0, x1))
                lo_y, hi_y = sorted((y0, y1))
                overlaps = lo_x < band.x1 and hi_x > band.x and lo_y < band.y1 and hi_y > band.y
                assert not overlaps


def test_shop_pages_are_trim_plus_bleed():
    pages = list(shop_pages(2, CARD["poker"], mm(3), "long"))
    assert [p.side for p in pages] == ["front", "back", "front", "back"]
    p = pages[0]
    assert (round(to_mm(p.size.width), 3), round(to_mm(p.size.height), 3)) == (69, 94)
    assert p.bleed_box.contains(p.trim)
    assert to_mm(p.trim.x) == pytest.approx(3)


def test_a_card_too_big_for_the_paper_is_refused():
    with pytest.raises(ValueError):
        fit_grid(PAPER["a4"], Size(inch(9), inch(12)))
