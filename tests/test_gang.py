"""Gang sheets (build --gang): pieces of several sizes share sheets, read back from the PDF.

Pieces are found in the PDF as the filled rectangles each painter draws at its trim (the token,
aid, card and base painters all do), crop marks as the 0.3 pt lines MARK_LENGTH long.
"""

from __future__ import annotations

import functools
import math
import re
from pathlib import Path

import pytest
from printaudit import page_objects

from printkit.kit import Derived, load_kit
from printkit.layout.geometry import Rect
from printkit.layout.packing import Run, area_lower_bound, block_marks, pack, sheets_lower_bound
from printkit.layout.shapes import Shape
from printkit.layout.sizes import PAPER, Size
from printkit.layout.units import mm
from printkit.model.options import Options
from printkit.render import gang_sheets
from printkit.render.gang import GANG_ID

MM = 72 / 25.4
TOL = 0.1 * MM  # 0.1 mm
KEEP_OUT = 5 * MM

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in points, origin bottom-left


def _render_gang(tmp_path: Path, kit_name: str, **options) -> Path:
    kit = load_kit(kit_name, Options(gang=True, **options))
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / f"{kit_name}-gang.pdf"
    gang_sheets.render(kit, Derived(), GANG_ID, path)
    return path


@pytest.fixture(scope="module")
def gang(tmp_path_factory):
    """gang(kit, **options) -> the kit's gang sheets, drawn once for the module (read only)."""
    folder = tmp_path_factory.mktemp("gang")
    cache: dict[tuple, Path] = {}

    def draw(kit_name: str, **options) -> Path:
        key = (kit_name, *sorted(options.items()))
        if key not in cache:
            cache[key] = _render_gang(folder / str(len(cache)), kit_name, **options)
        return cache[key]

    return draw


@functools.cache
def _read(path: Path) -> list[dict]:
    """Every page's shapes and text (pdfplumber's objects, read by pdfium), read once for the
    module's tests, which only read them."""
    return page_objects(path)


def _pieces(page: dict, sizes: list[tuple[float, float]]) -> list[Box]:
    """Rectangles on the page of exactly one of these trim sizes (mm), bottom-left origin."""
    h = float(page["height"])
    out = []
    for r in page["rects"]:
        w_mm, h_mm = r["width"] / MM, r["height"] / MM
        if any(abs(w_mm - w) < 0.05 and abs(h_mm - hh) < 0.05 for w, hh in sizes):
            out.append((r["x0"], h - r["bottom"], r["x1"], h - r["top"]))
    return sorted(set((round(a, 2), round(b, 2), round(c, 2), round(d, 2)) for a, b, c, d in out))


def _marks(page: dict) -> list[Box]:
    h = float(page["height"])
    out = []
    for ln in page["lines"]:
        length = math.hypot(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"])
        if abs(ln["linewidth"] - 0.3) < 1e-3 and abs(length - 4 * MM) < 0.01:
            out.append((ln["x0"], h - ln["bottom"], ln["x1"], h - ln["top"]))
    return out


def _overlap(a: Box, b: Box, tol: float = 1e-3) -> bool:
    return a[0] < b[2] - tol and b[0] < a[2] - tol and a[1] < b[3] - tol and b[1] < a[3] - tol


def _sides(pdf: list[dict]) -> list[str]:
    return [
        "front" if re.search(r"gang sheet \d+ of \d+ front", p["drawn"]) else "back" for p in pdf
    ]


CARTHAGE_SIZES = [(95, 135), (22, 22), (9, 30)]  # aids, chariots, cues (data/carthage/tokens)


def test_carthage_gang_fits_three_sheets_inside_the_printable_area(gang):
    pdf = _read(gang("carthage"))
    fronts = [p for p, side in zip(pdf, _sides(pdf), strict=True) if side == "front"]
    assert 1 <= len(fronts) <= 3
    for page in pdf:
        assert "TrimBox" in page["boxes"] and "BleedBox" in page["boxes"]
        assert (float(page["width"]), float(page["height"])) == pytest.approx(
            (210 * MM, 297 * MM), abs=0.01
        )
    counts = [len(_pieces(p, CARTHAGE_SIZES)) for p in fronts]
    assert sum(counts) == 4 + 4 + 28  # every piece, once
    for page in fronts:
        pieces = _pieces(page, CARTHAGE_SIZES)
        for box in pieces:
            assert box[0] >= KEEP_OUT - 1e-3 and box[1] >= KEEP_OUT - 1e-3
            assert box[2] <= page["width"] - KEEP_OUT + 1e-3
            assert box[3] <= page["height"] - KEEP_OUT + 1e-3
        for i, a in enumerate(pieces):
            assert not any(_overlap(a, b) for b in pieces[i + 1 :]), a


def test_crop_marks_cross_no_piece_and_mark_every_cut_line(gang):
    pdf = _read(gang("carthage"))
    for page, side in zip(pdf, _sides(pdf), strict=True):
        if side != "front":
            continue
        pieces = _pieces(page, CARTHAGE_SIZES)
        marks = _marks(page)
        assert marks
        for m in marks:
            seg = (min(m[0], m[2]), min(m[1], m[3]), max(m[0], m[2]), max(m[1], m[3]))
            assert not any(_overlap(seg, p, tol=-1e-3) for p in pieces), (m, page["number"])
            assert min(seg) >= KEEP_OUT - 1e-3 and seg[2] <= page["width"] - KEEP_OUT + 1e-3
        mark_xs = [m[0] for m in marks if abs(m[0] - m[2]) < 1e-6]
        mark_ys = [m[1] for m in marks if abs(m[1] - m[3]) < 1e-6]
        for p in pieces:  # every cut line of every piece has its marks
            assert all(any(abs(v - x) < 0.05 for x in mark_xs) for v in (p[0], p[2])), p
            assert all(any(abs(v - y) < 0.05 for y in mark_ys) for v in (p[1], p[3])), p


@pytest.mark.parametrize("duplex", ["long", "short", "off"])
def test_backs_lie_exactly_behind_their_fronts(gang, duplex):
    offset = (1.5, -2.0)
    pdf = _read(gang("carthage", duplex=duplex, back_offset_mm=offset))
    sides = _sides(pdf)
    n = len(sides) // 2
    if duplex == "off":  # all fronts, then all backs (fed through again by hand)
        assert sides == ["front"] * n + ["back"] * n
        pairs = zip(pdf[:n], pdf[n:], strict=True)
    else:
        assert sides == ["front", "back"] * n
        pairs = zip(pdf[::2], pdf[1::2], strict=True)
    two_sided = [(22, 22), (9, 30)]
    for front, back in pairs:
        w, h = float(front["width"]), float(front["height"])
        expected = []
        for x0, y0, x1, y1 in _pieces(front, two_sided):
            if duplex != "short":  # portrait sheet, long edge (and off): columns reverse
                x0, x1 = w - x1, w - x0
            else:  # short edge: rows reverse
                y0, y1 = h - y1, h - y0
            dx, dy = offset[0] * MM, offset[1] * MM
            expected.append((x0 + dx, y0 + dy, x1 + dx, y1 + dy))
        found = _pieces(back, two_sided)
        assert len(found) == len(expected)
        for box in expected:
            assert any(all(abs(a - b) < TOL for a, b in zip(box, f, strict=True)) for f in found)
        assert not _pieces(back, [(95, 135)])  # one-sided aids: nothing behind them


def test_reported_lower_bound_is_the_piece_area_over_the_printable_area(gang):
    kit = load_kit("carthage", Options(gang=True))
    line = gang_sheets.summary(kit, Derived())
    m = re.fullmatch(
        r"carthage gang: (\d+) A4 sheets? for (\d+) pieces \(lower bound (\d+)\)", line
    )
    assert m, line
    area = 4 * 95 * 135 + 4 * 22 * 22 + 28 * 9 * 30  # mm², from data/carthage/tokens.yaml
    assert int(m.group(3)) == math.ceil(area / (200 * 287))  # A4 less 5 mm all round
    assert int(m.group(2)) == 36
    pdf = _read(gang("carthage"))
    assert int(m.group(1)) == _sides(pdf).count("front") >= int(m.group(3))


def test_the_lower_bound_counts_what_one_grid_of_a_size_holds():
    """Sixteen 50 mm tiles have the area of one A4 sheet, but a sheet holds 3 x 5 of them with
    their crop marks (either way round): the bound is 2 sheets, and the packer reaches it."""
    tiles = [Run(Size(mm(50), mm(50)), 16)]
    assert area_lower_bound(tiles, PAPER["a4"], 0) == 1
    assert sheets_lower_bound(tiles, PAPER["a4"], 0) == len(pack(PAPER["a4"], tiles, 0).sheets) == 2
    fifteen = [Run(Size(mm(50), mm(50)), 15)]
    assert sheets_lower_bound(fifteen, PAPER["a4"], 0) == len(pack(PAPER["a4"], fifteen, 0).sheets)
    assert len(pack(PAPER["a4"], fifteen, 0).sheets) == 1
    hexes = [Run(Size(mm(50), mm(50)), 16, Shape("hexagon"))]  # shaped runs: the area alone
    assert sheets_lower_bound(hexes, PAPER["a4"], 0) == area_lower_bound(hexes, PAPER["a4"], 0)


def test_area_lower_bound_counts_bleed():
    runs = [Run(Size(mm(60), mm(60)), 16)]  # 16 x 66 x 66 mm with 3 mm bleed > one A4 (57400)
    assert area_lower_bound(runs, PAPER["a4"], 0) == 2
    assert area_lower_bound(runs, PAPER["a4"], mm(3)) == 2
    assert area_lower_bound([Run(Size(mm(60), mm(60)), 15)], PAPER["a4"], 0) == 1
    assert area_lower_bound([Run(Size(mm(60), mm(60)), 14)], PAPER["a4"], mm(3)) == 2


@pytest.mark.parametrize("bleed_mm", [0, 3])
def test_packed_mark_zones_never_touch_another_piece(bleed_mm):
    bleed = mm(bleed_mm)
    runs = [
        Run(Size(mm(95), mm(135)), 3),
        Run(Size(mm(40), mm(100)), 5),
        Run(Size(mm(22), mm(22)), 13),
        Run(Size(mm(9), mm(30)), 30),
    ]
    layout = pack(PAPER["a4"], runs, bleed)
    placed = [0] * len(runs)
    for blocks in layout.sheets:
        pieces = [s.expand(bleed) for b in blocks for s in b.slots()]
        for b in blocks:
            placed[b.run] += b.count
            for x0, y0, x1, y1 in block_marks(b, bleed):
                seg = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
                assert layout.printable.contains(Rect(*seg[:2], 0, 0))
                assert layout.printable.contains(Rect(seg[2], seg[3], 0, 0))
                for p in pieces:
                    assert not _overlap(seg, p.box(), tol=-1e-6)
        for i, a in enumerate(pieces):
            assert layout.printable.contains(a)
            assert not any(_overlap(a.box(), b.box()) for b in pieces[i + 1 :])
    assert placed == [r.count for r in runs]


@pytest.mark.slow
def test_chariot_race_bases_share_a_sheet_with_cards(gang):
    """kit.yaml's gang: [cards, bases]; 65 cards (serious variant) leave room beside the bases."""
    pdf = _read(gang("chariot-race", variants=("serious",)))
    fronts = [p for p, side in zip(pdf, _sides(pdf), strict=True) if side == "front"]
    with_bases = [p for p in fronts if _pieces(p, [(40, 100)])]
    assert len(with_bases) == 1 and len(_pieces(with_bases[0], [(40, 100)])) == 4
    assert _pieces(with_bases[0], [(63.5, 88.9), (63, 88)])  # cards on the same sheet
    assert len(fronts) == 8  # cards alone take 8 sheets (65 at 9 a sheet) and bases 1 more


def test_build_gang_writes_gang_pdf_instead_of_the_members(cli, tmp_path):
    r = cli("build", "chartae", "--gang", "--out", tmp_path, "-j", "1")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "chartae" / "gang.pdf").is_file()
    assert not (tmp_path / "chartae" / "tiles.pdf").exists()
    assert re.search(r"chartae gang: 2 A4 sheets for 10 pieces \(lower bound 2\)", r.stdout)
    again = cli("build", "chartae", "--gang", "--out", tmp_path, "-j", "1")
    assert "everything is up to date" in again.stdout and "chartae gang: 2 A4" in again.stdout


def test_shop_builds_never_gang():
    kit = load_kit("carthage", Options(gang=True)._replace(profile="shop"))
    from printkit.render.gang import build_ids

    assert GANG_ID not in build_ids(kit)


def test_gang_listing_an_unknown_component_is_located(cli, kit_copy, tmp_path):
    root = kit_copy("chariot-race")
    text = (root / "kit.yaml").read_text(encoding="utf-8")
    (root / "kit.yaml").write_text(text.replace("gang: [cards, bases]", "gang: [cards, basse]"))
    r = cli("build", root, "--gang", "--out", tmp_path / "out")
    assert r.exit_code == 2
    assert re.search(r"kit\.yaml:\d+:\d+: error: gang lists 'basse'", r.stderr), r.stderr
    assert not (tmp_path / "out" / "chariot-race").exists()


def test_a_piece_too_large_for_a_gang_sheet_is_an_input_error(cli, kit_copy, tmp_path):
    root = kit_copy("carthage")
    tokens = root / "tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8").replace("height: 135", "height: 278"))
    r = cli("build", root, "--gang", "--out", tmp_path / "out")
    assert r.exit_code == 2, r.output
    assert re.search(
        r"tokens\.yaml:\d+:\d+: error: a 95 mm x 278 mm piece does not fit a gang", r.stderr
    )
    assert not (tmp_path / "out" / "carthage").exists()


def test_text_that_cannot_fit_is_located_in_a_gang_build(cli, kit_copy, tmp_path):
    """Found only while drawing (as without --gang): an input error with its line, exit 2."""
    root = kit_copy("chartae")
    tiles = root / "tiles.yaml"
    text = tiles.read_text(encoding="utf-8")
    tiles.write_text(text.replace("tile_size: 70mm", "tile_size: 70mm\nmin_text_size: 9pt", 1))
    r = cli("build", root, "--gang", "--out", tmp_path / "out")
    assert r.exit_code == 2, r.output
    assert re.search(r"tiles\.yaml:\d+:\d+: error: the reference card text does not fit", r.stderr)
    assert not (tmp_path / "out" / "chartae").exists()
