"""A map tiled over home sheets, assembled as docs/printing.md section 9 says, is the one-piece
map (issue 34): no gap and no doubled strip at a seam, every sheet within 0.1 mm of its place.

The assembly is done on the pixels of the printed sheets, by the rule the docs and the sheets
give, read from the PDF: at each seam the sheet below keeps its glue band, the sheet on top is
trimmed along its dashed line and laid so that its trimmed edge runs along the ends of the
crosses' guide lines (sheets of one row share their height on the page, sheets of one column
their left edge). The result is compared with the same map built on one sheet large enough
for it, rendered at the same resolution.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import numpy as np
import pdfplumber
import pypdfium2 as pdfium
import pytest

from tests.pdfcheck import page_texts

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
DPI = 400  # a pixel is 0.0635 mm: a sheet 0.1 mm off shows as a shift of 2 pixels
SCALE = DPI / 72
SEARCH = 8  # pixels each way a sheet's best match is looked for


def _tutorial_kit(folder: Path) -> Path:
    spec = importlib.util.spec_from_file_location(
        "tutorial_board", ROOT / "docs/images/tutorial_board.py"
    )
    assert spec is not None and spec.loader is not None
    steps = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(steps)
    kit = folder / "wolfford"
    for step in dict.fromkeys(name for name, _, _ in steps.STEPS):
        steps.apply(kit, step)
    return kit


def _guide_ends(page) -> tuple[float | None, float | None]:
    """(x of the left seam, top of the bottom seam) where this sheet's guide lines end, in
    points from the page's top-left. A guide continues a cross's arm: a horizontal one starts
    where an arm ends, a vertical one (going up) ends where an arm begins."""
    lines = [
        tuple(round(ln[k], 2) for k in ("x0", "top", "x1", "bottom"))
        for ln in page.lines
        if abs(ln["linewidth"] - 0.4) < 0.01
    ]
    seam_x = seam_top = None
    for x0, top, x1, bottom in lines:
        if top == bottom and any(b == top and a1 == x0 for _, b, a1, _ in lines):
            seam_x = x1
        if x0 == x1 and any(a == x0 and t == bottom for a, t, _, _ in lines):
            seam_top = top
    return seam_x, seam_top


def _cut_lines(page) -> tuple[float | None, float | None]:
    """(x of the right dashed line, top of the top dashed line), points from the top-left."""
    right = top = None
    for ln in page.lines:
        if abs(ln["linewidth"] - 0.5) > 0.01 or not ln.get("dash"):
            continue
        if abs(ln["x0"] - ln["x1"]) < 0.01:
            right = ln["x0"]
        else:
            top = ln["top"]
    return right, top


def _render(pdf: pdfium.PdfDocument, index: int, box: tuple[float, ...] | None = None):
    """Page `index` as grey pixels; `box` (x0, y0, x1, y1, PDF points) crops it."""
    page = pdf[index]
    crop = (0, 0, 0, 0)
    if box is not None:
        width, height = page.get_size()
        crop = (box[0], box[1], width - box[2], height - box[3])
    image = page.render(scale=SCALE, crop=crop).to_pil().convert("L")
    return np.asarray(image, dtype=np.int16)


def _assemble(tiled: Path, rows: int, cols: int, shape: tuple[int, int]) -> dict:
    """The assembled map's pixels and where each sheet's kept part lies in it."""
    plumber = pdfplumber.open(tiled)
    pdf = pdfium.PdfDocument(tiled)
    canvas = np.full(shape, -1, dtype=np.int16)
    placed: dict[tuple[int, int], tuple[float, float]] = {}
    info = {}
    for r in range(rows):
        for c in range(cols):
            page = plumber.pages[1 + r * cols + c]  # page 1 is the assembly map
            x0, top, _, _ = page.trimbox
            info[r, c] = (page, (x0, top), _guide_ends(page), _cut_lines(page))
    for r in range(rows):
        for c in range(cols):
            _, (x0, top), (gx, gtop), _ = info[r, c]
            ox, oy = (-x0, -top)  # page point + (ox, oy) = map point
            if c > 0:
                _, _, _, (dash_x, _) = info[r, c - 1]
                ox = placed[r, c - 1][0] + dash_x - gx
            if r > 0:
                _, _, (_, up_gtop), _ = info[r - 1, c]
                _, _, _, (_, dash_top) = info[r, c]
                oy = placed[r - 1, c][1] + up_gtop - dash_top
                if c == 0:
                    ox = placed[r - 1, c][0]
            elif c > 0:
                oy = placed[r, c - 1][1]
            placed[r, c] = (ox, oy)
    regions = {}
    for r in range(rows):
        for c in reversed(range(cols)):  # the sheet on top, trimmed, is laid last
            page, (x0, top), _, (dash_x, dash_top) = info[r, c]
            _, _, x1, bottom = page.trimbox
            left, upper = x0, dash_top if dash_top is not None else top
            right = dash_x if dash_x is not None else x1
            pixels = _render(pdf, 1 + r * cols + c)
            ox, oy = placed[r, c]
            sx0, sy0 = round(left * SCALE), round(upper * SCALE)
            sx1, sy1 = round(right * SCALE), round(bottom * SCALE)
            dx, dy = round((left + ox) * SCALE), round((upper + oy) * SCALE)
            h = min(sy1 - sy0, shape[0] - dy)
            w = min(sx1 - sx0, shape[1] - dx)
            canvas[dy : dy + h, dx : dx + w] = pixels[sy0 : sy0 + h, sx0 : sx0 + w]
            regions[r, c] = (dx, dy, w, h)
    return {"canvas": canvas, "regions": regions}


def _shift(canvas, whole, region) -> tuple[int, int, float]:
    """The (dx, dy) moving this part of the assembly onto the one-piece map best, and the
    mean grey difference there; only the part away from the seams (1 mm) is compared."""
    dx, dy, w, h = region
    m = round(1 / 25.4 * DPI) + SEARCH
    part = canvas[dy + m : dy + h - m, dx + m : dx + w - m]
    best = None
    for sy in range(-SEARCH, SEARCH + 1):
        for sx in range(-SEARCH, SEARCH + 1):
            other = whole[dy + m + sy : dy + h - m + sy, dx + m + sx : dx + w - m + sx]
            if other.shape != part.shape:
                continue
            diff = float(np.abs(other - part).mean())
            if best is None or diff < best[2]:
                best = (sx, sy, diff)
    assert best is not None
    return best


def _map_pdfs(cli, kit, out: Path) -> tuple[Path, Path]:
    """The map built on A4 sheets (tiled) and on one sheet large enough for it."""
    name = Path(kit).name
    r = cli("build", kit, "--only", "map", "--out", out / "tiled", "-j", "1")
    assert r.exit_code == 0, r.output
    r = cli("build", kit, "--only", "map", "--out", out / "whole", "--paper", "1000x1000mm")
    assert r.exit_code == 0, r.output
    return out / "tiled" / name / "map.pdf", out / "whole" / name / "map.pdf"


@pytest.mark.parametrize("which", ["hexwar", "tutorial"])
def test_tiled_map_assembles_into_the_one_piece_map(which, cli, tmp_path):
    kit = ROOT / "tests/kits/hexwar" if which == "hexwar" else _tutorial_kit(tmp_path)
    tiled, whole_pdf = _map_pdfs(cli, kit, tmp_path)
    with pdfplumber.open(whole_pdf) as doc:
        assert len(doc.pages) == 1  # the whole map on one sheet
        x0, top, x1, bottom = doc.pages[0].trimbox
        height = float(doc.pages[0].height)
    whole = _render(pdfium.PdfDocument(whole_pdf), 0, (x0, height - bottom, x1, height - top))
    texts = page_texts(tiled)  # pdfium's: pdfplumber parses the whole map's form for it
    grid = re.search(r"of (\d+) x (\d+)", texts[1])
    assert grid is not None and len(texts) - 1 >= 2
    rows, cols = int(grid[1]), int(grid[2])
    built = _assemble(tiled, rows, cols, whole.shape)
    canvas = built["canvas"]
    assert (canvas[2:-2, 2:-2] >= 0).all(), "a gap: part of the map is covered by no sheet"
    for (r, c), region in built["regions"].items():
        sx, sy, diff = _shift(canvas, whole, region)
        error_mm = max(abs(sx), abs(sy)) * 25.4 / DPI
        assert error_mm < 0.1, (which, (r, c), sx, sy, diff)
        assert diff < 8, (which, (r, c), diff)  # the same picture, not only the same place
