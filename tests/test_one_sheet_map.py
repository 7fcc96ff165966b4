"""A map that fills a sheet's height prints on one sheet (issue 35): the 14 x 10 hex map at
3/4 in (236.5 x 200 mm), as Battle for Moscow was printed, goes on one Letter sheet at 1:1,
its label and scale bar turned up the left margin instead of taking a strip under it."""

from __future__ import annotations

import math
from pathlib import Path

from pdfcheck import page_chars
from pdfshapes import page_polylines
from pypdf import PdfReader

from printkit.layout.units import to_mm

MAP = """width: 671pt
height: 567pt
face:
  - element: hex-grid
    at: [0, 0]
    columns: 14
    rows: 10
    size: 0.75in
"""


def _kit(tmp_path: Path) -> Path:
    kit = tmp_path / "moscow"
    kit.mkdir()
    (kit / "kit.yaml").write_text(
        "name: moscow\ntitle: One sheet\ncomponents:\n  map: {type: map, file: map.yaml}\n",
        encoding="utf-8",
    )
    (kit / "map.yaml").write_text(MAP, encoding="utf-8")
    return kit


def test_a_14_by_10_map_at_three_quarter_inch_prints_on_one_letter_sheet(cli, tmp_path):
    out = tmp_path / "out"
    r = cli("build", _kit(tmp_path), "--out", out, "--paper", "letter")
    assert r.exit_code == 0, r.output
    pdf = out / "moscow" / "map.pdf"
    [page] = PdfReader(pdf).pages
    w, h = float(page.mediabox.width), float(page.mediabox.height)
    assert (round(to_mm(w), 1), round(to_mm(h), 1)) == (279.4, 215.9)  # Letter, landscape
    hexes = [s["points"] for s in page_polylines(pdf)[0] if s["stroke"] and len(s["points"]) == 7]
    assert len(hexes) == 140
    for corners in hexes:
        ys = [y for _, y in corners]
        assert abs(to_mm(max(ys) - min(ys)) - 19.05) < 0.002  # 3/4 in across the flats, 1:1
    xs = [x for c in hexes for x, _ in c]
    ys = [y for c in hexes for _, y in c]
    assert to_mm(min(xs)) > 5 + 7 and to_mm(w - max(xs)) >= 5  # clear of the label strip
    assert to_mm(min(ys)) >= 5 and to_mm(h - max(ys)) >= 5  # the home printer's margin
    chars = [c for c in page_chars(pdf)[0] if c["text"].strip()]
    label = [c for c in chars if c["x1"] < min(xs)]  # the sheet's label and the bar's words
    assert len(label) > 20 and all(to_mm(c["x0"]) >= 5 for c in label)
    span_x = max(c["x1"] for c in label) - min(c["x0"] for c in label)
    span_y = max(c["bottom"] for c in label) - min(c["top"] for c in label)
    assert to_mm(span_x) < 7.5 and to_mm(span_y) > 100  # turned up the left margin
    assert "".join(c["text"] for c in label).count("100") >= 1  # "50 mm at 100 %"
    assert math.isclose(to_mm(max(xs) - min(xs)), 236.5, abs_tol=0.05)
