"""The other board elements of a map (issue 21), measured in the PDF: a square grid named A1,
B1..., a score track round the board's edge, a race track along a polyline, and a
point-to-point network, each where its data puts it."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from pdfcheck import page_chars, words
from pdfshapes import page_lines, page_polylines, page_rects

from printkit.layout.units import to_mm
from tests.conftest import one_component_kit

BOARD = """\
width: 200mm
height: 160mm
face:
  - element: square-grid
    at: [20, 20]
    columns: 6
    rows: 4
    size: 15mm
    coordinates: A1
    terrain:
      l: {name: land, fill: "#e8dfc0"}
      s: {name: sea, fill: "#a8c8e8", pattern: waves, label: SEA, icon: star}
    cells: [llsssl, lsssll, lssl.., llllll]
    lines: {wall: {colour: "#333333", width: 1mm}}
    edges: [{line: wall, sides: "A4/B4"}]
  - {element: track, box: [5, 5, 190, 150], spaces: 36, path: edge, first: 0, size: 3mm}
  - element: connections
    box: [120, 20, 60, 60]
    points: {Roma: [10, 10], Ostia: [50, 15], Antium: [30, 50]}
    links: ["Roma - Ostia", "Ostia - Antium"]
  - element: track
    box: [30, 90, 140, 50]
    spaces: 5
    path: polyline
    points: [[0, 40], [140, 40]]
    space: 11mm
"""


@pytest.fixture(scope="module")
def board(tmp_path_factory) -> Path:
    from click.testing import CliRunner

    from printkit.cli import main

    kit = one_component_kit(tmp_path_factory.mktemp("kits") / "demo", "board", "map", BOARD)
    out = kit.parent / "out"
    args = ["build", str(kit), "--out", str(out), "--profile", "shop", "-j", "1"]
    r = CliRunner().invoke(main, args, catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return out / "demo" / "shop" / "board.pdf"


BLEED = 3.0  # mm: the shop page's bleed, outside the trim


def _on_trim(x: float, top: float) -> tuple[float, float]:
    """Page points (top measured down) as mm from the board's top-left trim corner."""
    return round(to_mm(x) - BLEED, 2), round(to_mm(top) - BLEED, 2)


def _word(pdf: Path, text: str) -> dict:
    found = [w for w in words(page_chars(pdf)[0]) if w["text"] == text]
    assert found, text
    return found[0]


def test_square_cells_are_named_a1_and_measure_their_size(board):
    labels = {w["text"] for w in words(page_chars(board)[0])}
    assert {"A1", "F1", "D3", "F4"} <= labels
    assert "E3" not in labels and "F3" not in labels  # "." leaves no cell
    a4 = _word(board, "A4")
    cx = (a4["x0"] + a4["x1"]) / 2
    assert _on_trim(cx, a4["top"])[0] == pytest.approx(20 + 7.5, abs=0.05)  # A4's centre


def test_each_cell_shows_its_terrains_word_and_icon(board):
    seas = {
        (round(w["x0"], 1), round(w["top"], 1))
        for w in words(page_chars(board)[0])
        if w["text"] == "SEA"
    }
    assert len(seas) == 3 + 3 + 2  # the s cells of the three rows that have them
    stars = [p for p in page_polylines(board)[0] if p["fill"] and len(p["points"]) >= 10]
    assert len(stars) >= 8  # a star icon in every sea cell


def test_a_wall_runs_along_the_edge_two_squares_share(board):
    walls = [ln for ln in page_lines(board)[0] if ln["x0"] == ln["x1"]]
    wall = [ln for ln in walls if _on_trim(ln["x0"], 0)[0] == 35.0]
    assert len(wall) == 1
    top, bottom = _on_trim(0, wall[0]["top"])[1], _on_trim(0, wall[0]["bottom"])[1]
    assert (top, bottom) == (20 + 3 * 15, 20 + 4 * 15)  # row 4: 65 to 80 mm


def test_the_edge_track_rings_the_board(board):
    rects = page_rects(board)[0]
    spaces = [r for r in rects if r["stroke"] and r["fill"] and to_mm(r["width"]) > 15]
    assert len(spaces) == 36
    xs = sorted({_on_trim(r["x0"], r["top"]) for r in spaces})
    assert xs[0] == (5.0, 5.0)  # space 0 in the top-left corner
    right = max(to_mm(r["x1"]) - BLEED for r in spaces)
    bottom = max(to_mm(r["bottom"]) - BLEED for r in spaces)
    assert (round(right, 2), round(bottom, 2)) == (195.0, 155.0)
    zero = _word(board, "0")
    assert _on_trim(zero["x0"], zero["top"]) < (5 + 17.3, 5 + 15)


def test_polyline_spaces_are_evenly_spread_along_the_path(board):
    # the edge track prints 1..5 too; the polyline's lie on its line, 40 mm into its box
    on_line = [
        w
        for n in range(1, 6)
        for w in words(page_chars(board)[0])
        if w["text"] == str(n) and abs(_on_trim(0, (w["top"] + w["bottom"]) / 2)[1] - 130) < 3
    ]
    assert len(on_line) == 5
    centres = sorted(_on_trim((w["x0"] + w["x1"]) / 2, 0)[0] for w in on_line)
    gaps = [b - a for a, b in zip(centres, centres[1:], strict=False)]
    assert all(math.isclose(g, 35, abs_tol=0.3) for g in gaps)  # 140 mm / 4


def test_connections_join_the_named_points(board):
    for name, (x, y) in {"Roma": (130, 30), "Ostia": (170, 35), "Antium": (150, 70)}.items():
        w = _word(board, name)
        cx = _on_trim((w["x0"] + w["x1"]) / 2, w["top"])
        assert cx[0] == pytest.approx(x, abs=0.1)
        assert y < cx[1] < y + 8  # the name under its point
    links = [ln for ln in page_lines(board)[0] if ln["width"] > 0 and ln["height"] > 0]
    ends = {(_on_trim(ln["x0"], ln["top"]), _on_trim(ln["x1"], ln["bottom"])) for ln in links}
    assert ((130.0, 30.0), (170.0, 35.0)) in ends
    assert ((150.0, 35.0), (170.0, 70.0)) in ends  # Ostia - Antium: its box's corners
