"""A piece larger than the home sheet (issue 21) is no longer refused: it is tiled at 1:1 over
sheets with glue bands and an assembly map, front and back, in its component's own PDF, and
what it prints measures as its data says."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import edit
from pdfcheck import page_paths, page_texts
from pypdf import PdfReader

from printkit.layout.units import to_mm

MINI = Path(__file__).parent / "fixtures" / "mini"
BOX = '{element: shape, box: [20, 40, 50, 30], stroke: "#000000", line_width: 0.3mm}'


def _big_tokens(tmp_path: Path) -> Path:
    kit = Path(shutil.copytree(MINI, tmp_path / "mini"))
    edit(kit / "tokens.yaml", "card_size: mini", "card_size: {width: 250mm, height: 320mm}")
    edit(
        kit / "tokens.yaml", "      - {element: header", f"      - {BOX}\n      - {{element: header"
    )
    return kit


def test_a_piece_larger_than_the_sheet_tiles_at_full_size(cli, tmp_path):
    kit = _big_tokens(tmp_path)
    r = cli("build", kit, "--out", tmp_path / "out", "-j", "1", "--only", "tokens")
    assert r.exit_code == 0, r.output
    pdf = tmp_path / "out" / "mini" / "tokens.pdf"
    reader = PdfReader(pdf)
    a4 = (210.0, 297.0)
    for page in reader.pages:
        box = page.mediabox
        assert sorted(
            (round(to_mm(float(box.width)), 1), round(to_mm(float(box.height)), 1))
        ) == sorted(a4)
    texts = page_texts(pdf)
    maps = [i for i, t in enumerate(texts) if "Assembly map" in t]
    per_side = maps[1] - maps[0]  # an assembly map and its tiles
    assert per_side >= 3  # 250 x 320 mm needs at least two A4 sheets
    assert len(maps) == 5 * 2  # five tokens (3 + 2 copies), front and back each
    assert len(reader.pages) == len(maps) * per_side
    assert "front" in texts[maps[0]] and "back" in texts[maps[1]]
    # the 50 x 30 mm box drawn on the first tile of the first front, at 1:1
    # pdfium bounds a stroked path by its line width (0.3 mm) on every side
    shapes = page_paths(pdf, first=maps[0] + 2)[maps[0] + 1]
    drawn = [s for s in shapes if abs(to_mm(s["x1"] - s["x0"]) - 50.6) < 0.01]
    assert len(drawn) == 1 and abs(to_mm(drawn[0]["bottom"] - drawn[0]["top"]) - 30.6) < 0.01


def test_the_shop_profile_still_prints_one_page_per_side(cli, tmp_path):
    kit = _big_tokens(tmp_path)
    r = cli(
        "build", kit, "--out", tmp_path / "out", "-j", "1", "--only", "tokens", "--profile", "shop"
    )
    assert r.exit_code == 0, r.output
    reader = PdfReader(tmp_path / "out" / "mini" / "shop" / "tokens.pdf")
    assert len(reader.pages) == 5 * 2
    trim = reader.pages[0].trimbox
    assert (round(to_mm(float(trim.width))), round(to_mm(float(trim.height)))) == (250, 320)
