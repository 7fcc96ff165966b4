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
    return out / "isles" / "shop" / "tiles.pdf"


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


# -- a tile set's edges as data: features drawn by edge_looks, read by checks ------------------

ROOMS = """\
tile_size: 50mm
corner_marks: false
terrains:
  floor: {letter: F, colour: "#e8dcc0", ink: "#6e5330"}
  lawn: {letter: G, colour: "#cfe3b5", ink: "#2f5a2a"}
edge_looks:
  wall: {draw: wall, colour: "#3d3428", width: 3mm}
  door: {draw: door, colour: "#a0522d", wall: "#3d3428", width: 3mm, length: 14mm}
tiles:
  - {id: hall, edges: FF FF GG GG, features: door wall wall door}
  - {id: cell, edges: FF FF FF GG, features: wall wall wall wall}
"""
RULES = """\
checks:
  - {rule: among, deck: tiles, fields: [top, right, bottom, left], value: door, min: 1}
"""
DOOR = (0xA0 / 255, 0x52 / 255, 0x2D / 255)


@pytest.fixture(scope="module")
def rooms_set(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("rooms-set")
    (folder / "kit.yaml").write_text(
        KIT.replace("name: isles", "name: cells") + "rules: {file: rules.yaml}\n", "utf-8"
    )
    (folder / "tiles.yaml").write_text(ROOMS, encoding="utf-8")
    (folder / "rules.yaml").write_text(RULES, encoding="utf-8")
    return folder


def test_a_tile_sets_features_draw_doors_mid_edge(rooms_set, tmp_path):
    from printkit.kit import Derived, load_kit
    from printkit.layout.units import to_mm
    from printkit.model.options import Options
    from tests.pdfshapes import page_polylines

    kit = load_kit(str(rooms_set), Options(profile="shop", bleed_mm=3))
    pdf = tmp_path / "tiles.pdf"
    kit.component("tiles").render(kit, Derived(), "tiles", pdf)
    doors = []
    for poly in page_polylines(pdf, first=1)[0]:
        colour = poly["fill_colour"]
        if poly["fill"] and all(abs(a - b) < 2 / 255 for a, b in zip(colour, DOOR, strict=True)):
            inner = [
                (round(to_mm(x) - 3, 2), round(to_mm(y) - 3, 2))
                for x, y in poly["points"]
                if 0 <= to_mm(x) - 3 <= 50 and 0 <= to_mm(y) - 3 <= 50
            ]
            doors.append(sorted(inner))
    # the hall's doors: its top edge (3 mm down from it) and its left edge, each 14 mm long
    # and centred on the edge (y measured down from the tile's top)
    assert sorted(doors) == [[(3.0, 18.0), (3.0, 32.0)], [(18.0, 3.0), (32.0, 3.0)]]


def test_a_check_reads_a_tiles_features_as_its_edges(rooms_set):
    r = CliRunner().invoke(main, ["check", str(rooms_set)], catch_exceptions=False)
    assert r.exit_code == 1
    assert "DR008" in r.output and "tile 'cell' has 0 of top, right, bottom, left" in r.output
    assert "'hall'" not in r.output
