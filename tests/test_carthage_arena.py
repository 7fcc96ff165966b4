"""Arena geometry (games/carthage/components/board/geometry.py): sectors line up across lanes and tile the ring exactly."""

from __future__ import annotations

import math

import pytest

from printkit.games.carthage.components.board.geometry import (
    fit_arena,
    heading,
    point,
    segment,
    square_outline,
)
from printkit.layout.geometry import Rect
from printkit.layout.units import mm


@pytest.fixture
def arena():
    return fit_arena(Rect(mm(12), mm(40), mm(570), mm(322)), mm(8), 4, mm(25), mm(48), 8, 4)


def test_the_arena_fills_the_width_and_fits_the_height(arena):
    outer = arena.outline(4)
    assert outer.x - mm(8) == pytest.approx(mm(12))
    assert outer.x1 + mm(8) == pytest.approx(mm(582))
    assert outer.h + 2 * mm(8) <= mm(322)
    assert arena.sectors == 24


def test_sector_lines_run_straight_across_all_lanes(arena):
    """A sideways move is well defined: each sector boundary is one straight line across lanes."""
    for s in range(arena.sectors):
        p0, p4 = point(arena, s, 0), point(arena, s, 4)
        for lane in (1, 2, 3):
            p = point(arena, s, lane)
            cross = (p4[0] - p0[0]) * (p[1] - p0[1]) - (p4[1] - p0[1]) * (p[0] - p0[0])
            assert abs(cross) < 1e-6 * mm(100) ** 2


def test_squares_share_their_edges(arena):
    for lane in range(4):
        for s in range(arena.sectors):
            this, after = square_outline(arena, s, lane), square_outline(arena, s + 1, lane)
            # this square's leading inner corner is the next square's trailing inner corner
            n = len(this) // 2
            assert this[n - 1] == pytest.approx(after[0])


def test_travel_is_anticlockwise(arena):
    assert segment(arena, 0).kind == "bottom" and heading(arena, 0.5) == 0
    right = segment(arena, arena.straight_sectors)
    assert right.kind == "right"
    assert heading(arena, arena.straight_sectors + 0.5) == pytest.approx(-90 + 22.5 + 90)
    assert heading(arena, arena.sectors / 2 + 0.5) == 180
    assert math.isclose(point(arena, arena.sectors, 0)[0], point(arena, 0, 0)[0])


def test_too_small_a_board_is_refused():
    with pytest.raises(ValueError, match="height"):
        fit_arena(Rect(0, 0, mm(500), mm(200)), mm(8), 4, mm(25), mm(48), 8, 4)
