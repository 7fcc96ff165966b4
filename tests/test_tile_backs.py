"""Tiles with face elements and a back of their own (components/tiles): a tile set's `face`
prints on every tile, a tile's own `back` prints behind it alone, the others keep the set's
common back (model/backs.piece_back decides, as for cards)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from printkit.cli import main
from tests.pdfcheck import page_texts

KIT = """\
name: isles
title: Isles
components:
  tiles: {type: tiles, file: tiles.yaml, title: Tiles}
"""

TILES = """\
tile_size: 50mm
corner_marks: false
terrains:
  land: {letter: L, colour: "#eadcae", ink: "#6e5330", texture: hills}
  sea: {letter: S, colour: "#5e8ca3", ink: "#1c4159", texture: waves}
back: {colour: "#22384a", title: ISLES}
face:
  - {element: text, box: [5, 20, 40, 10], text: "TILE {id}", font: heading, size: 4mm}
tiles:
  - {id: start, edges: SS SL LL LS, back: {colour: "#b8860b", title: START}}
  - {id: A, edges: LL LS SS SL}
  - {id: B, edges: LL SS SS LL}
"""


@pytest.fixture(scope="module")
def shop(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("isles")
    (folder / "kit.yaml").write_text(KIT, encoding="utf-8")
    (folder / "tiles.yaml").write_text(TILES, encoding="utf-8")
    out = folder / "out"
    args = ["build", str(folder), "--profile", "shop", "--out", str(out), "-j", "1"]
    r = CliRunner().invoke(main, args, catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return out / "isles" / "tiles.pdf"


def test_every_tile_face_carries_the_face_elements_with_its_own_id(shop):
    texts = page_texts(shop)
    assert [t.strip() for t in texts[0:6:2]] == ["TILE start", "TILE A", "TILE B"]


def test_a_tile_with_its_own_back_prints_it_and_the_others_keep_the_common_back(shop):
    texts = page_texts(shop)
    assert [t.split()[0] for t in texts[1:6:2]] == ["START", "ISLES", "ISLES"]
    doc = pdfium.PdfDocument(str(shop))
    try:
        corners = [doc[n].render(scale=1).to_pil().convert("RGB").getpixel((2, 2)) for n in (1, 3)]
    finally:
        doc.close()
    own, common = corners
    assert own[0] > own[2] + 60  # gold: far more red than blue
    assert common[2] > common[0]  # the common back's dark blue
