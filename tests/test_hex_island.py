"""tests/kits/hex-island (issue 32): hex tiles sharing cut lines, round discs whose corners are
paper, and a sheet-sized aid centred on its paper, read back from the PDFs (outlines and
positions in mm, colours on renders)."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.layout.units import mm, to_mm
from tests.pdfcheck import page_texts
from tests.pdfshapes import page_lines

KIT = Path(__file__).resolve().parent / "kits" / "hex-island"
OFFSET = (1.5, -2.0)  # mm: a calibrated back offset
FOREST = (0x1F, 0x4A, 0x22)
DISC = (0xF4, 0xEA, 0xD2)


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """build(*options) -> the kit's output folder for those build options (built once)."""
    made: dict[tuple[str, ...], Path] = {}

    def run(*options: str) -> Path:
        if options not in made:
            root = tmp_path_factory.mktemp("hex-island")
            shutil.copytree(KIT, root / "hex-island")
            args = ["build", str(root / "hex-island"), "--out", str(root / "out"), "-j", "1"]
            r = CliRunner().invoke(main, [*args, *options], catch_exceptions=False)
            assert r.exit_code == 0, r.stdout + r.stderr
            made[options] = root / "out" / "hex-island"
        return made[options]

    return run


def _clips(path: Path, index: int) -> list[list[tuple[float, float]]]:
    """The page's clipping paths (each piece's outline grown by the bleed), as their points in
    page coordinates (curves by their end points)."""
    with pikepdf.open(path) as pdf:
        ops = pikepdf.parse_content_stream(pdf.pages[index])
    out, points = [], []
    for operands, op in ops:
        name = str(op)
        if name in ("m", "l"):
            points.append((float(operands[0]), float(operands[1])))
        elif name == "c":
            points.append((float(operands[4]), float(operands[5])))
        elif name in ("W", "W*"):
            out.append(points)
        if name in ("n", "f", "f*", "S", "B", "B*", "b", "re"):
            points = []
    return [p for p in out if p]


def _render(path: Path, index: int, dpi: int):
    pdf = pdfium.PdfDocument(str(path))
    try:
        return pdf[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        pdf.close()


def _near(a, b, tol=6) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


# -- hex tiles ------------------------------------------------------------------------------


@pytest.mark.slow
def test_19_hexes_8_to_each_full_a4_sheet(build):
    out = build()
    tiles = out / "tiles.pdf"
    assert len(page_texts(tiles)) == 6  # 3 sheets, front and back
    counts = [len(_clips(tiles, i)) for i in range(0, 6, 2)]
    assert counts == [8, 8, 3]
    fronts = " ".join(page_texts(tiles)[0::2]).split()
    # each tile carries its terrain and its number from the data (6 designs, 19 tiles)
    for name, number, count in [("FOREST", "6", 4), ("HILLS", "4", 3), ("DESERT", "0", 1)]:
        assert fronts.count(name) == count
        assert fronts.count(number) >= count
    for hexagon in _clips(tiles, 0):
        assert len(hexagon) == 6
        sides = [
            to_mm(math.dist(a, b)) for a, b in zip(hexagon, hexagon[1:] + hexagon[:1], strict=True)
        ]
        assert all(abs(s - 76 / math.sqrt(3)) < 0.01 for s in sides)


@pytest.mark.slow  # every line of the tiles' sheets read back
def test_hexes_share_their_cut_lines(build):
    lines = page_lines(build() / "tiles.pdf", 1)[0]
    lengths = [to_mm(math.hypot(ln["width"], ln["height"])) for ln in lines]
    cuts = [n for n in lengths if abs(n - 76 / math.sqrt(3)) < 0.05]
    assert len(cuts) == 8 * 6 - 13  # 13 sides are shared by two hexes: cut once
    # no crop mark: no straight cut of a honeycomb runs off the sheet
    assert not [n for n in lengths if abs(n - 4) < 0.1]


def test_hex_measures_76mm_across_the_flats_and_is_filled_edge_to_edge(build):
    tiles = build() / "tiles.pdf"
    dpi = 300
    image = _render(tiles, 0, dpi)
    height_pt = image.height * 72 / dpi
    forest = max(_clips(tiles, 0), key=lambda h: sum(p[1] for p in h))  # a top row's forest
    xs, ys = [p[0] for p in forest], [p[1] for p in forest]
    cx, cy = sum(xs) / 6, sum(ys) / 6
    px = round((cx + mm(20)) * dpi / 72)  # beside the text, still within the top edge's span
    middle = round((height_pt - cy) * dpi / 72)
    top = middle  # up to the paper above the tile: the top of its cut line
    while sum(image.getpixel((px, top - 1))) < 700:
        top -= 1
    bottom = middle  # down to the cut line it shares with the tile below: its top
    while _near(image.getpixel((px, bottom + 1)), FOREST, 40):
        bottom += 1
    across = (bottom + 1 - top) * 25.4 / dpi
    assert abs(across - 76.0) <= 0.2, across
    # each corner of the hex is its terrain's colour, 1 mm inside the cut
    for x, y in forest:
        dx, dy = cx - x, cy - y
        k = mm(1) / math.hypot(dx, dy)
        at = ((x + dx * k) * dpi / 72, (height_pt - (y + dy * k)) * dpi / 72)
        assert _near(image.getpixel((round(at[0]), round(at[1]))), FOREST), at


@pytest.mark.slow
@pytest.mark.parametrize(("duplex", "gang"), [("long", False), ("short", False), ("long", True)])
def test_each_back_lies_behind_its_front_with_the_back_offset(build, duplex, gang):
    options = ("--duplex", duplex, "--back-offset", f"{OFFSET[0]},{OFFSET[1]}")
    tiles = build(*options, *(["--gang"] if gang else [])) / ("gang.pdf" if gang else "tiles.pdf")
    with pikepdf.open(tiles) as pdf:
        w, h = (float(v) for v in pdf.pages[0].mediabox[2:])
    landscape = w > h
    columns_reverse = (duplex == "long") != landscape
    for sheet in range(3):
        fronts, backs = _clips(tiles, 2 * sheet), _clips(tiles, 2 * sheet + 1)
        assert fronts and len(fronts) == len(backs)
        for front, back in zip(fronts, backs, strict=True):
            want = [
                ((w - x) if columns_reverse else x, y if columns_reverse else (h - y))
                for x, y in front
            ]
            want = [(x + mm(OFFSET[0]), y + mm(OFFSET[1])) for x, y in want]
            for point in back:
                nearest = min(math.dist(point, q) for q in want)
                assert to_mm(nearest) <= 0.1, (sheet, point)


@pytest.mark.slow
def test_gang_sheets_hold_tiles_and_discs_on_as_few_sheets_as_the_area_bound(build):
    gang = build("--gang") / "gang.pdf"
    fronts = [_clips(gang, i) for i in range(0, len(page_texts(gang)), 2)]
    assert len(fronts) == 3  # the area lower bound: 19 hexes and 18 discs need 2.4 sheets
    assert [len([c for c in page if len(c) == 6]) for page in fronts] == [8, 8, 3]
    assert sum(len(page) for page in fronts) == 19 + 18
    lines = page_lines(gang, 1)[0]
    cuts = [ln for ln in lines if abs(to_mm(math.hypot(ln["width"], ln["height"])) - 43.88) < 0.05]
    assert len(cuts) == 8 * 6 - 13  # the honeycomb shares its cut lines on a gang sheet too


# -- round discs ----------------------------------------------------------------------------


@pytest.mark.slow
def test_discs_are_25mm_and_their_corners_are_paper(build):
    discs = build() / "discs.pdf"
    clips = _clips(discs, 0)
    assert len(clips) == 18
    dpi = 150
    image = _render(discs, 0, dpi)
    height_pt = image.height * 72 / dpi
    for disc in clips:
        xs, ys = [p[0] for p in disc], [p[1] for p in disc]
        assert abs(to_mm(max(xs) - min(xs)) - 25) < 0.01
        assert abs(to_mm(max(ys) - min(ys)) - 25) < 0.01
    centres = [
        (
            (min(p[0] for p in d) + max(p[0] for p in d)) / 2,
            (min(p[1] for p in d) + max(p[1] for p in d)) / 2,
        )
        for d in clips
    ]

    def pixel(x: float, y: float):
        return image.getpixel((round(x * dpi / 72), round((height_pt - y) * dpi / 72)))

    r = mm(12.5)
    corners = 0
    for cx, cy in centres:
        assert _near(pixel(cx, cy + r - mm(2)), DISC)  # the disc's own colour, near its edge
        for k in range(16):  # just outside the cut, wherever no other disc lies: paper
            a = 2 * math.pi * k / 16
            x, y = cx + (r + mm(1)) * math.cos(a), cy + (r + mm(1)) * math.sin(a)
            if all(math.dist((x, y), c) > r + mm(0.6) for c in centres if c != (cx, cy)):
                assert min(pixel(x, y)) >= 245, (cx, cy, k)  # paper (a cut line's soft edge)
                corners += 1
    assert corners > 100


# -- a sheet-sized piece --------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_sheet_sized_aid_is_centred_on_its_paper(build, paper):
    aid = build("--paper", paper) / "aid.pdf"
    with pikepdf.open(aid) as pdf:
        page = pdf.pages[0]
        w, h = (float(v) for v in page.mediabox[2:])
        x0, y0, x1, y1 = (float(v) for v in page.obj["/TrimBox"])
    assert round(to_mm(x1 - x0), 2) == 180 and round(to_mm(y1 - y0), 2) == 120
    assert abs(x0 - (w - x1)) < 0.01 and abs(y0 - (h - y1)) < 0.01
