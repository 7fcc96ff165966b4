"""tests/kits/rooms: square room tiles whose edges are data (top, right, bottom, left), read by
the rules file's checks (`rule: among`: every tile has a door) and drawn by the tiles' faces;
indoor and outdoor backs in the PDF and both exports (tests/test_export_backs.py covers the
pairing pixel for pixel)."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main

KITS = Path(__file__).resolve().parent / "kits"


def run(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def rooms(tmp_path) -> Path:
    shutil.copytree(KITS / "rooms", tmp_path / "rooms")
    return tmp_path / "rooms"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_the_rooms_kit_passes_its_own_checks():
    r = run("check", KITS / "rooms")
    assert r.exit_code == 0, r.output


def test_a_tile_with_no_door_is_caught_at_its_line(rooms):
    tiles = rooms / "tiles.yaml"
    edit(
        tiles,
        "title: Chapel, top: wall, right: wall, bottom: door, left: wall",
        "title: Chapel, top: wall, right: wall, bottom: wall, left: wall",
    )
    line = next(
        n for n, text in enumerate(tiles.read_text().splitlines(), start=1) if "chapel" in text
    )
    r = run("check", rooms)
    assert r.exit_code == 1
    assert f"{tiles}:{line}:" in r.output
    assert "DR008" in r.output and "'chapel' has 0 of top, right, bottom, left" in r.output
    assert "a tile without a door can never be entered" in r.output


def test_an_among_check_naming_a_field_the_deck_lacks_is_an_input_error(rooms):
    edit(rooms / "rules.yaml", "fields: [top, right, bottom, left]", "fields: [top, rigth]")
    r = run("check", rooms)
    assert r.exit_code == 2
    assert "no field 'rigth'; did you mean 'right'?" in r.stderr


@pytest.mark.slow
def test_indoor_and_outdoor_backs_in_both_exports(tmp_path):
    r = run("export", KITS / "rooms", "--images", "--dpi", "72", "--tts", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader((tmp_path / "rooms" / "images" / "manifest.csv").open()))
    backs = {row["card"]: row["back"] for row in rows if row["deck"] == "tiles"}
    assert backs["hall"] == backs["chapel"] == "tiles/back-indoor.png"
    assert backs["lawn"] == backs["maze"] == "tiles/back-outdoor.png"
    assert len(backs) == 16
    tts = (tmp_path / "rooms" / "tts" / "tiles.json").read_text()
    assert "tiles-back-indoor.jpg" in tts and "tiles-back-outdoor.jpg" in tts


# -- edges drawn from the data -----------------------------------------------------------------

DOOR = (0xA0 / 255, 0x52 / 255, 0x2D / 255)  # tiles.yaml's door colour
BLEED = 3.0  # mm, the shop profile's


@pytest.fixture(scope="module")
def shop_tiles(tmp_path_factory) -> tuple[Path, list]:
    """The room tiles as the shop profile draws them (one tile a page, 3 mm bleed, each front
    followed by its back; before the shop finish turns it CMYK), and the cards."""
    from printkit.kit import Derived, load_kit
    from printkit.model.options import Options

    kit = load_kit(str(KITS / "rooms"), Options(profile="shop", bleed_mm=BLEED))
    pdf = tmp_path_factory.mktemp("tiles") / "tiles.pdf"
    kit.component("tiles").render(kit, Derived(), "tiles", pdf)
    return pdf, list(kit.model("tiles").cards)


def _door_sides(polys: list[dict]) -> set[str]:
    """The edges a door leaf (a polygon in the door colour) lies on: its inner side, the two
    corners inside the trim, is 14 mm long, 3 mm inside one edge and centred on it (page
    coordinates in mm, y down, the trim from BLEED to BLEED + 50)."""
    import math

    from printkit.layout.units import to_mm

    sides = set()
    for p in polys:
        if not p["fill"] or any(
            abs(a - b) > 2 / 255 for a, b in zip(p["fill_colour"], DOOR, strict=True)
        ):
            continue
        inner = [
            (round(to_mm(x) - BLEED, 3), round(to_mm(y) - BLEED, 3))
            for x, y in p["points"]
            if 0 <= to_mm(x) - BLEED <= 50 and 0 <= to_mm(y) - BLEED <= 50
        ]
        assert len(inner) == 2 and math.dist(*inner) == pytest.approx(14, abs=0.01)
        (x0, y0), (x1, y1) = inner
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        side = {(25.0, 3.0): "top", (47.0, 25.0): "right", (25.0, 47.0): "bottom"}.get(
            (round(middle[0], 2), round(middle[1], 2)), "left"
        )
        if side == "left":
            assert (round(middle[0], 2), round(middle[1], 2)) == (3.0, 25.0)
        sides.add(side)
    return sides


def test_a_door_is_drawn_mid_edge_wherever_the_data_says(shop_tiles):
    from tests.pdfshapes import page_polylines

    pdf, cards = shop_tiles
    pages = page_polylines(pdf)
    for n, card in enumerate(cards):
        want = {side for side in ("top", "right", "bottom", "left") if card.get(side) == "door"}
        assert _door_sides(pages[2 * n]) == want, card.id


def test_walls_reach_into_the_bleed_on_the_shop_profile(tmp_path):
    import pypdfium2 as pdfium

    r = run("build", KITS / "rooms", "--only", "tiles", "--profile", "shop", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    doc = pdfium.PdfDocument(str(tmp_path / "rooms" / "shop" / "tiles.pdf"))
    try:
        px = 150 / 25.4

        def at(page: int, x_mm: float, y_mm: float) -> tuple[int, ...]:
            image = doc[page].render(scale=150 / 72).to_pil().convert("RGB")
            return image.getpixel((round(x_mm * px), round(y_mm * px)))

        study = at(2, 3 + 25, 1.0)  # 1 mm from the page's top: 2 mm outside the cut
        gallery = at(12, 3 + 25, 1.0)  # the gallery's top is open: the floor, into the bleed
        corner = at(2, 0.8, 0.8)  # the study's top-left corner's bleed: walls meet there
    finally:
        doc.close()
    assert sum(study) < 200, study  # the wall's dark brown
    assert sum(corner) < 200, corner
    assert sum(gallery) > 550, gallery  # the light floor


# -- hex tiles: six edges, a road from each edge the data names to the centre ------------------

HEX_KIT = """\
name: hexroads
title: Hex Roads
components:
  tiles: {type: deck, file: tiles.yaml, title: Tiles}
"""
HEX_DECK = """\
shape: {kind: hexagon, across: 60mm}
frame_width: 0
fields:
  n: {type: choice, choices: [road, grass]}
  ne: {type: choice, choices: [road, grass]}
  se: {type: choice, choices: [road, grass]}
  s: {type: choice, choices: [road, grass]}
  sw: {type: choice, choices: [road, grass]}
  nw: {type: choice, choices: [road, grass]}
kinds:
  land:
    label: LAND
    colour: "#6f9a4c"
    paper: "#cfe3b5"
    edges:
      fields: [n, ne, se, s, sw, nw]
      sides: 6
      looks:
        road: {draw: road, colour: "#8b5a2b", width: 6mm}
    face:
      - {element: text, box: [20, 5, 29, 6], text: "{id}", size: 3mm}
cards:
  - {id: bend, kind: land, n: road, ne: grass, se: road, s: grass, sw: grass, nw: grass}
"""
ROAD = (0x8B / 255, 0x5A / 255, 0x2B / 255)


def test_a_hex_tile_draws_a_road_from_each_named_edge_to_its_centre(tmp_path):
    import math

    from printkit.kit import Derived, load_kit
    from printkit.layout.units import to_mm
    from printkit.model.options import Options
    from tests.pdfshapes import page_polylines

    (tmp_path / "kit.yaml").write_text(HEX_KIT, encoding="utf-8")
    (tmp_path / "tiles.yaml").write_text(HEX_DECK, encoding="utf-8")
    kit = load_kit(str(tmp_path), Options(profile="shop", bleed_mm=3))
    pdf = tmp_path / "tiles.pdf"
    kit.component("tiles").render(kit, Derived(), "tiles", pdf)
    w, h = 60 * 2 / math.sqrt(3), 60.0  # a flat-top hexagon 60 mm across the flats
    centre = (3 + w / 2, 3 + h / 2)
    roads = []
    for poly in page_polylines(pdf, first=1)[0]:
        colour = poly["fill_colour"]
        if poly["fill"] and all(abs(a - b) < 2 / 255 for a, b in zip(colour, ROAD, strict=True)):
            points = [(to_mm(x), to_mm(y)) for x, y in poly["points"]]
            near = [p for p in points if math.dist(p, centre) < 4]
            assert len(near) == 2  # its end at the centre, 6 mm wide
            assert math.dist(*near) == pytest.approx(6, abs=0.01)
            far = [p for p in points if p not in near]
            roads.append(math.degrees(math.atan2(centre[1] - far[0][1], far[0][0] - centre[0])))
    # the roads leave towards the top edge (90 degrees) and the lower right edge (-30)
    assert sorted(round(a / 30) * 30 for a in roads) == [-30, 90]


HEX_TOKENS_KIT = """\
name: rivers
title: Rivers
components:
  tiles: {type: tokens, file: tiles.yaml, title: Tiles}
"""
HEX_TOKENS = """\
groups:
  terrain:
    role: tile
    shape: {kind: hexagon, across: 60mm}
    face:
      - element: edges
        box: [0, 0, 100%, 100%]
        sides: 6
        values: "{rivers}"
        looks: {river: {draw: road, colour: "#3b6fb5", width: 8mm}}
      - {element: text, box: [0, 40%, 100%, 20%], text: "{label}", size: 4mm}
    pieces:
      - {colour_id: ford, label: FORD, colour: "#8cc05a", ink: "#1d1a16", fields: {rivers: "river no no river no no"}}
"""
RIVER = (0x3B / 255, 0x6F / 255, 0xB5 / 255)


def test_an_edges_element_on_a_hex_token_draws_its_rivers_to_the_centre(tmp_path):
    import math

    from printkit.kit import Derived, load_kit
    from printkit.layout.units import to_mm
    from printkit.model.options import Options
    from tests.pdfshapes import page_polylines

    (tmp_path / "kit.yaml").write_text(HEX_TOKENS_KIT, encoding="utf-8")
    (tmp_path / "tiles.yaml").write_text(HEX_TOKENS, encoding="utf-8")
    kit = load_kit(str(tmp_path), Options(profile="shop", bleed_mm=3))
    pdf = tmp_path / "tiles.pdf"
    kit.component("tiles").render(kit, Derived(), "tiles", pdf)
    w, h = 60 * 2 / math.sqrt(3), 60.0
    centre = (3 + w / 2, 3 + h / 2)
    angles = []
    for poly in page_polylines(pdf, first=1)[0]:
        colour = poly["fill_colour"]
        if poly["fill"] and all(abs(a - b) < 2 / 255 for a, b in zip(colour, RIVER, strict=True)):
            points = [(to_mm(x), to_mm(y)) for x, y in poly["points"]]
            far = [p for p in points if math.dist(p, centre) > 10]
            angles.append(math.degrees(math.atan2(centre[1] - far[0][1], far[0][0] - centre[0])))
    # rivers from the top edge (90 degrees) and the bottom edge (-90)
    assert sorted(round(a / 30) * 30 for a in angles) == [-90, 90]


def test_an_edges_element_with_the_wrong_number_of_values_is_refused_at_its_line(tmp_path):
    (tmp_path / "kit.yaml").write_text(HEX_TOKENS_KIT, encoding="utf-8")
    tiles = tmp_path / "tiles.yaml"
    tiles.write_text(HEX_TOKENS.replace('values: "{rivers}"', 'values: "{a} {b} {c}"'), "utf-8")
    line = next(n for n, t in enumerate(tiles.read_text().splitlines(), 1) if "{a} {b}" in t)
    r = run("check", tmp_path)
    assert r.exit_code == 2
    assert f"{tiles}:{line}:" in r.stderr
    assert "gives 3 values for a tile of 6 sides" in r.stderr


def test_gang_sheets_print_each_tile_with_its_own_back(rooms):
    """`--gang` with the tiles listed: behind each tile's place on the front sheet (mirrored
    for the long-edge flip) the back sheet shows its kind's back, indoor brown or outdoor
    green."""
    import pypdfium2 as pdfium
    from PIL import ImageStat

    from printkit.layout.units import to_mm
    from tests.pdfcheck import page_chars, words

    edit(
        rooms / "kit.yaml", "rules: {file: rules.yaml}", "rules: {file: rules.yaml}\ngang: [tiles]"
    )
    out = rooms.parent / "out"
    r = run("build", rooms, "--gang", "--out", out, "-j", "1")
    assert r.exit_code == 0, r.output
    # 16 tiles of 50 mm: one A4 sheet by area, but a sheet holds 3 x 5 with their marks
    assert "rooms gang: 2 A4 sheets for 16 pieces (lower bound 2)" in r.output
    pdf = out / "rooms" / "gang.pdf"
    kinds = {"Hall": "indoor", "Study": "indoor", "Lawn": "outdoor", "Pond": "outdoor"}
    doc = pdfium.PdfDocument(str(pdf))
    try:
        width_mm = to_mm(doc[0].get_size()[0])
        back = doc[1].render(scale=50 / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    px = 50 / 25.4
    seen = {}
    for w in words(page_chars(pdf)[0]):
        if w["text"] not in kinds:
            continue
        cx = to_mm((w["x0"] + w["x1"]) / 2)
        cy = to_mm((w["top"] + w["bottom"]) / 2)
        x, y = width_mm - cx, cy + 15  # mirrored; below the back's centred title
        patch = back.crop(
            (round((x - 3) * px), round((y - 3) * px), round((x + 3) * px), round((y + 3) * px))
        )
        red, green, _ = ImageStat.Stat(patch).mean
        seen[w["text"]] = "indoor" if red > green else "outdoor"
    assert seen == kinds
