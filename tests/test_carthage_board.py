"""The tiled carthage board read back from the PDF: coverage, glue bands, cut lines, marks."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from printkit.layout.units import mm
from tests.pdfcheck import page_chars, words
from tests.pdfshapes import page_rects

BOARD_W, BOARD_H = mm(594), mm(420)
GLUE = mm(12)
TOL = 0.05  # points


@dataclass
class Sheet:
    label: str
    window: tuple[float, float, float, float]  # content coordinates x0, y0, x1, y1
    bands: list[tuple[float, float, float, float]] = field(default_factory=list)
    cuts: list[tuple[float, float, float, float]] = field(default_factory=list)
    marks: set[tuple[float, float]] = field(default_factory=set)


def read_sheet(reader: PdfReader, page) -> Sheet:
    """Walk the page's own content stream (the board itself is one form placed on every sheet)."""
    ops = ContentStream(page.get_contents(), reader).operations
    clip = origin = None
    fill = None
    dashed = False
    width = None
    start = None
    label = ""
    bands, cuts, lines = [], [], []
    stack = []
    for i, (operands, op) in enumerate(ops):
        if op == b"q":
            stack.append((fill, dashed, width))
        elif op == b"Q":
            fill, dashed, width = stack.pop()
        elif op == b"re" and clip is None and ops[i + 1][1] in (b"W", b"W*"):
            x, y, w, h = map(float, operands)
            clip = (x, y, x + w, y + h)
        elif op == b"cm" and clip is not None and origin is None:
            origin = (float(operands[4]), float(operands[5]))
        elif op == b"rg":
            fill = tuple(round(float(v), 2) for v in operands)
        elif op == b"re" and origin is not None and fill == (0.55, 0.55, 0.55):
            x, y, w, h = map(float, operands)
            bands.append((x, y, x + w, y + h))
        elif op == b"d":
            dashed = bool(operands[0])
        elif op == b"w":
            width = float(operands[0])
        elif op == b"m":
            start = tuple(map(float, operands))
        elif op == b"l" and start is not None:
            end = tuple(map(float, operands))
            (cuts if dashed else lines).append((*start, *end, width))
        elif op == b"Tj" and re.fullmatch(r"[A-Z]\d", str(operands[0])):
            label = label or str(operands[0])
    assert clip and origin, "no clipped plan on this page"
    ox, oy = origin
    window = (clip[0] - ox, clip[1] - oy, clip[2] - ox, clip[3] - oy)
    marks = set()
    for x0, y0, x1, y1, w in lines:  # crosshair arms are 2 x 2.5 mm long
        if w == pytest.approx(0.4) and y0 == y1 and abs(abs(x1 - x0) - mm(5)) < TOL:
            marks.add((round((x0 + x1) / 2, 2), round(y0, 2)))
    return Sheet(label, window, bands, [c[:4] for c in cuts], marks)


_SHEETS: dict[Path, dict[str, Sheet]] = {}  # each board.pdf read once


@pytest.fixture
def sheets(built_kit) -> dict[str, Sheet]:
    """The A4 sheets of the kit's board (a build shared with other test files), by label."""
    board = built_kit("carthage") / "board.pdf"
    if board not in _SHEETS:
        reader = PdfReader(board)
        found = [read_sheet(reader, p) for p in reader.pages[1:]]
        _SHEETS[board] = {s.label: s for s in found}
    return _SHEETS[board]


def test_sheet_labels(sheets):
    assert sorted(sheets) == ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]


def test_every_part_of_the_board_is_on_some_sheet(sheets):
    step = mm(2)
    missing = []
    y = 0.0
    while y <= BOARD_H:
        x = 0.0
        while x <= BOARD_W:
            if not any(
                s.window[0] - TOL <= x <= s.window[2] + TOL
                and s.window[1] - TOL <= y <= s.window[3] + TOL
                for s in sheets.values()
            ):
                missing.append((x, y))
            x += step
        y += step
    assert not missing
    for s in sheets.values():  # and no sheet shows anything beyond the board
        assert s.window[0] >= -TOL and s.window[1] >= -TOL
        assert s.window[2] <= BOARD_W + TOL and s.window[3] <= BOARD_H + TOL


def neighbours(sheets):
    for label, s in sheets.items():
        row, col = label[0], int(label[1])
        right = sheets.get(f"{row}{col + 1}")
        below = sheets.get(f"{chr(ord(row) + 1)}{col}")
        if right:
            yield "x", s, right
        if below:
            yield "y", s, below


def test_glue_bands_have_the_stated_width_and_end_at_the_cut(sheets):
    pairs = list(neighbours(sheets))
    assert len(pairs) == 3 * 2 + 4  # 2 rows x 3 vertical seams, 4 columns x 1 horizontal seam
    for axis, first, second in pairs:
        if axis == "x":
            (cut,) = [c for c in first.cuts if c[0] == c[2]]  # the dashed vertical trim line
            seam = cut[0]
            (band,) = [b for b in second.bands if b[3] - b[1] > b[2] - b[0]]
            assert band[2] - band[0] == pytest.approx(GLUE, abs=TOL)
            assert band[2] == pytest.approx(seam, abs=TOL)
            assert first.window[2] >= seam - TOL  # the first sheet reaches its trim line
            assert second.window[0] <= seam - GLUE + TOL  # the second carries the whole band
        else:
            (cut,) = [c for c in second.cuts if c[1] == c[3]]  # trimmed along its top
            seam = cut[1]
            (band,) = [b for b in first.bands if b[2] - b[0] > b[3] - b[1]]
            assert band[3] - band[1] == pytest.approx(GLUE, abs=TOL)
            assert band[3] == pytest.approx(seam, abs=TOL)
            assert second.window[3] >= seam - TOL
            assert first.window[1] <= seam - GLUE + TOL


def test_registration_marks_sit_in_the_bands_and_never_on_the_sheet_laid_over_them(sheets):
    """A cross on the trimmed sheet would stay visible on the assembled board (issue 11): the
    crosses are printed on the sheet keeping the glue band only, hidden once it is glued."""
    for axis, first, second in neighbours(sheets):
        keeper = second if axis == "x" else first
        band = [b for b in keeper.bands if (b[3] - b[1] > b[2] - b[0]) == (axis == "x")][0]
        inside = {
            m
            for m in keeper.marks
            if band[0] - TOL <= m[0] <= band[2] + TOL and band[1] - TOL <= m[1] <= band[3] + TOL
        }
        assert inside, (first.label, second.label)
        other = first if keeper is second else second
        for m in inside & other.marks:  # only where the other sheet hides it under a neighbour
            assert any(
                b[0] - TOL <= m[0] <= b[2] + TOL and b[1] - TOL <= m[1] <= b[3] + TOL
                for b in other.bands
            ), (first.label, second.label, m)


def test_seams_cut_the_fewest_symbols_when_none_is_clear():
    from printkit.layout.geometry import Rect
    from printkit.layout.sizes import PAPER, Size
    from printkit.layout.tiling import plan_tiles

    content = Size(mm(300), mm(150))  # two sheets across: one seam, ideally at 150 mm
    # overlapping symbols along the whole width: every position cuts one or two of them,
    # and the ideal position (150 mm) cuts two
    avoid = [Rect(mm(10 * k + 7), mm(20), mm(15), mm(10)) for k in range(2, 28)]
    assert sum(1 for r in avoid if r.x < mm(150) < r.x1) == 2
    plan = plan_tiles(content, PAPER["a4"], mm(12), avoid)
    (seam,) = plan.x_seams
    assert sum(1 for r in avoid if r.x < seam < r.x1) == 1


def test_seams_are_chosen_together_to_miss_what_one_at_a_time_cannot():
    """Four sheets across: a greedy first seam at its ideal 148.5 mm leaves the second no clear
    spot ([230, 336.5] mm lies inside the symbol); seams chosen together all pass clear."""
    from printkit.layout.geometry import Rect
    from printkit.layout.sizes import PAPER, Size
    from printkit.layout.tiling import plan_tiles

    avoid = [Rect(mm(215), mm(20), mm(130), mm(10))]
    plan = plan_tiles(Size(mm(594), mm(200)), PAPER["a4"], mm(12), avoid)
    assert len(plan.x_seams) == 3
    assert not [x for x in plan.x_seams for r in avoid if r.x < x < r.x1]
    # and the sheets still cover the plan with the stated overlap
    edges = [0.0, *plan.x_seams, mm(594)]
    assert all(b - a >= mm(12) for a, b in zip(edges, edges[1:], strict=False))
    for tile in plan.tiles:
        assert tile.window.w <= mm(200) + TOL


@pytest.mark.slow  # every character of the 594 x 420 mm shop board read back
def test_seams_miss_the_fatum_symbol_strip_and_the_notes(sheets, built_kit):
    """The tiles of the FATUM-symbol strip and the words of the notes (bottom band) are read
    from the one-page shop board; no vertical seam of the A4 sheets runs through them."""
    board = built_kit("carthage", "--profile", "shop") / "board.pdf"
    bleed = mm(3)
    seams = sorted({s.window[0] + GLUE for s in sheets.values() if s.window[0] > TOL})
    assert len(seams) == 3
    width, height = (float(v) for v in PdfReader(board).pages[0].mediabox[2:])
    top = height - bleed - mm(40)  # the bottom band, in top-down y
    tiles = [
        (b["x0"] - bleed, b["x1"] - bleed)
        for b in page_rects(board)[0]
        if abs(b["width"] - mm(14)) < 0.5 and abs(b["height"] - mm(14)) < 0.5 and b["top"] > top
    ]
    words_ = [
        (w["x0"] - bleed, w["x1"] - bleed, w["text"])
        for w in words(page_chars(board)[0])
        if w["top"] > top and w["x0"] > width / 2 + mm(100)
    ]
    assert len(tiles) == 6  # laurel, egg, whip, torch, dolphin, eagle
    assert any(text == "anticlockwise." for *_, text in words_)
    crossed = [(x, a, b) for x in seams for a, b in tiles if a < x < b]
    crossed += [(x, text) for x in seams for a, b, text in words_ if a < x < b]
    assert not crossed
