"""The `nato` element kind (issue 35): NATO land unit symbols drawn as vectors from a counter's
fields, measured in the PDF: a friend's frame is a rectangle 1.5 times as wide as high, a
hostile's a diamond; infantry crosses the frame corner to corner; the echelon's marks stand
over the frame (a division's XX: four strokes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdfshapes import page_lines, page_polylines, page_rects

from printkit.layout.units import to_mm

DECK = """card_size: {width: 16mm, height: 16mm}
frame_width: 0
min_text_size: 3pt
fields:
  side: {type: choice, choices: [friend, hostile]}
  unit: {type: text}
  size: {type: text}
kinds:
  unit:
    label: UNIT
    colour: "#ffffff"
    paper: "#ffffff"
    face:
      - {element: nato, box: [2, 1, 12, 10], identity: "{side}", unit: "{unit}", echelon: "{size}"}
cards:
  - {id: a, kind: unit, side: friend, unit: inf, size: division}
  - {id: b, kind: unit, side: hostile, unit: armour, size: battalion}
"""


@pytest.fixture(scope="module")
def pdf(tmp_path_factory) -> Path:
    from click.testing import CliRunner

    from printkit.cli import main

    kit = tmp_path_factory.mktemp("nato")
    (kit / "kit.yaml").write_text(
        "name: nato\ntitle: NATO\ncomponents:\n  units: {type: deck, file: units.yaml}\n",
        encoding="utf-8",
    )
    (kit / "units.yaml").write_text(DECK.replace("min_text_size", "sides: 1\nmin_text_size"))
    out = kit / "out"
    args = ["build", str(kit), "--out", str(out), "--profile", "shop", "-j", "1"]
    r = CliRunner().invoke(main, args, catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return out / "nato" / "shop" / "units.pdf"


def test_a_friendly_infantry_division_is_a_crossed_rectangle_under_xx(pdf):
    [frame] = [r for r in page_rects(pdf)[0] if not r["fill"]]
    w, h = to_mm(frame["x1"] - frame["x0"]), to_mm(frame["bottom"] - frame["top"])
    assert abs(w / h - 1.5) < 0.01 and abs(h - 7.8) < 0.01  # 3:2, under the echelon band
    lines = page_lines(pdf)[0]
    diagonals = [ln for ln in lines if abs(ln["width"] - (frame["x1"] - frame["x0"])) < 0.01
                 and abs(ln["height"] - (frame["bottom"] - frame["top"])) < 0.01]  # fmt: skip
    assert len(diagonals) == 2  # corner to corner, both ways
    above = [ln for ln in lines if ln["bottom"] <= frame["top"] + 0.01]
    assert len(above) == 4  # XX: two crosses of two strokes
    assert all(frame["x0"] < ln["x0"] and ln["x1"] < frame["x1"] for ln in above)


def test_a_hostile_armoured_battalion_is_a_diamond_with_an_oval_under_ii(pdf):
    diamonds = [
        s["points"] for s in page_polylines(pdf)[1] if s["stroke"] and len(s["points"]) >= 4
    ]
    [diamond] = [p for p in diamonds if len({round(x, 2) for x, _ in p}) == 3]
    xs, ys = [x for x, _ in diamond], [y for _, y in diamond]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    assert any(abs(x - cx) < 0.01 and abs(y - min(ys)) < 0.01 for x, y in diamond)  # top point
    assert any(abs(x - max(xs)) < 0.01 and abs(y - cy) < 0.01 for x, y in diamond)  # right
    bars = [
        ln for ln in page_lines(pdf)[1] if ln["bottom"] <= min(ys) + 0.01 and ln["width"] < 0.01
    ]
    assert len(bars) == 2  # II: a battalion


def test_a_unit_type_it_does_not_know_is_an_error_naming_the_types(cli, tmp_path):
    (tmp_path / "kit.yaml").write_text(
        "name: nato\ntitle: NATO\ncomponents:\n  units: {type: deck, file: units.yaml}\n",
        encoding="utf-8",
    )
    (tmp_path / "units.yaml").write_text(DECK.replace("unit: inf,", "unit: infantery,"))
    r = cli("check", tmp_path)
    assert r.exit_code == 2, r.output
    assert "infantery" in r.stderr and "mechanised" in r.stderr
