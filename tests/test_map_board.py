"""The generic board (component type `map`, issue 21): the hexwar test kit's map, measured in
the PDF as a wargamer would measure the printed map: 1/2 in hexes across the flats (the size
of its counters), numbered 0101..2014, a river along hexsides, named cities, a turn track; one
side only; tiled at 1:1 over A4 and over Letter, the sheets registering on their seams."""

from __future__ import annotations

import math
import shutil
import time
from functools import cache
from pathlib import Path

import pytest
from conftest import edit, line_of
from pdfcheck import page_chars, words
from pdfshapes import filled_paths, page_polylines, page_rects
from pypdf import PdfReader

from printkit.layout.units import mm, to_mm

KIT = Path(__file__).parent / "kits" / "hexwar"
HEX = 12.7  # mm across the flats: 1/2 in, the counters' size
RIVER_BLUE = (0x2F / 255, 0x6F / 255, 0xB5 / 255)


BUILDS = {"shop": ("--profile", "shop"), "a4": ("--paper", "a4"), "letter": ("--paper", "letter")}


class _Builds(dict):
    """The map's PDF by build ("shop", "a4", "letter"), each built when a test first asks for
    it: once a test run, shared between test processes (conftest's built_kit)."""

    def __init__(self, built_kit) -> None:
        super().__init__()
        self.built_kit = built_kit

    def __missing__(self, name: str) -> Path:
        self[name] = self.built_kit(str(KIT), "--only", "map", *BUILDS[name]) / "map.pdf"
        return self[name]


@pytest.fixture(scope="module")
def builds(built_kit) -> _Builds:
    """The map built shop (one page) and home on A4 and on Letter."""
    return _Builds(built_kit)


def _close(a: float, b: float, tol: float = 0.01) -> bool:
    return abs(a - b) <= tol


@cache
def chars(path: Path) -> list[list[dict]]:
    """page_chars of every page of a map, read once for the module's tests (only read)."""
    return page_chars(path)


@cache
def page_words(path: Path, page: int) -> list[dict]:
    return words(chars(path)[page])


@cache
def polylines(path: Path) -> list[list[dict]]:
    """page_polylines of every page of a map, read once for the module's tests."""
    return page_polylines(path)


@cache
def hexagons(path: Path, page: int) -> list[list[tuple[float, float]]]:
    """The corners of the hex outlines drawn on a page at the map's hex size (stroked,
    unfilled, six corners and back to the first); the legend's smaller swatches are not."""
    shapes = polylines(path)[page]
    outlines = [
        s["points"][:6]
        for s in shapes
        if s["stroke"]
        and not s["fill"]
        and len(s["points"]) == 7
        and s["points"][6] == s["points"][0]
    ]
    return [h for h in outlines if across_flats(h) > HEX - 1]


def across_flats(corners: list[tuple[float, float]]) -> float:
    """A flat-top hex's height in mm: from its top flat to its bottom flat."""
    ys = [y for _, y in corners]
    return to_mm(max(ys) - min(ys))


def test_every_hex_measures_half_an_inch_across_the_flats(builds):
    outlines = hexagons(builds["shop"], 0)
    assert len(outlines) == 20 * 14
    for corners in outlines:
        assert _close(across_flats(corners), HEX, 0.002)
        xs = [x for x, _ in corners]
        assert _close(to_mm(max(xs) - min(xs)), HEX * 2 / math.sqrt(3), 0.002)  # corner to corner


def test_hexes_are_numbered_column_then_row(builds):
    labels = {w["text"] for w in page_words(builds["shop"], 0)}
    expected = {f"{c:02d}{r:02d}" for c in range(1, 21) for r in range(1, 15)}
    assert expected <= labels
    sizes = {
        round(to_mm(w["size"]), 2) for w in page_words(builds["shop"], 0) if w["text"] == "0101"
    }
    assert sizes == {1.7}


def _hex_centre_of(label: str, path: Path, page: int) -> tuple[float, float]:
    """The centre of the hex whose number is `label`: the hex outline just below that number."""
    [word] = {(w["x0"], w["top"]): w for w in page_words(path, page) if w["text"] == label}.values()
    cx = (word["x0"] + word["x1"]) / 2
    best = min(
        hexagons(path, page),
        key=lambda h: abs(_centre(h)[0] - cx) + abs(min(y for _, y in h) - word["top"]),
    )
    return _centre(best)


def _centre(corners: list[tuple[float, float]]) -> tuple[float, float]:
    return sum(x for x, _ in corners) / 6, sum(y for _, y in corners) / 6


def _on_screen(rgb: tuple[float, float, float]) -> tuple[float, ...]:
    """How pdfium shows the CMYK the shop conversion makes of an sRGB colour."""
    import io

    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    from printkit.pdfx import converter_for

    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(10, 10))
    c.setFillColorCMYK(*converter_for(None).cmyk(rgb))
    c.rect(0, 0, 10, 10, stroke=0, fill=1)
    c.showPage()
    c.save()
    doc = pdfium.PdfDocument(buffer.getvalue())
    try:
        pixel = doc[0].render(scale=1).to_pil().convert("RGB").getpixel((5, 5))
    finally:
        doc.close()
    return tuple(v / 255 for v in pixel)


def test_the_river_runs_along_hexsides(builds):
    shapes = polylines(builds["shop"])[0]
    blue = _on_screen(RIVER_BLUE)  # the shop file is CMYK
    rivers = [
        s
        for s in shapes
        if s["stroke"]
        and all(_close(a, b, 0.01) for a, b in zip(s["stroke_colour"], blue, strict=False))
    ]
    assert rivers and _close(to_mm(max(s["width"] for s in rivers)), 1.5)
    corners = [p for h in hexagons(builds["shop"], 0) for p in h]
    points = [
        p for s in rivers for p in s["points"] if to_mm(p[1]) < 200
    ]  # the map, not the legend
    assert len(points) >= 34  # 33 hexsides, joined into one line
    for x, y in points:
        assert any(_close(x, cx, 0.01) and _close(y, cy, 0.01) for cx, cy in corners), (x, y)


GRID_LEFT, GRID_TOP = 13.2 + 3, 14 + 3  # mm on the shop page: the grid's `at` plus the bleed
GRID_RIGHT = GRID_LEFT + 19 * 1.5 * HEX / math.sqrt(3) + 2 * HEX / math.sqrt(3)
GRID_BOTTOM = GRID_TOP + 14.5 * HEX  # the foot of the lower columns


def test_the_river_runs_on_to_a_hexside_on_the_maps_edge(builds):
    """1414/1315 names a side of 1414 with the hex just off the map: the river runs along it
    to the map's bottom edge."""
    blue = _on_screen(RIVER_BLUE)
    rivers = [s for s in polylines(builds["shop"])[0] if s["stroke"] and s["points"]
              and all(_close(a, b, 0.01) for a, b in zip(s["stroke_colour"], blue, strict=False))
              and to_mm(s["points"][0][1]) < 200]  # fmt: skip
    lowest = max((p for s in rivers for p in s["points"]), key=lambda p: p[1])
    assert _close(to_mm(lowest[1]), GRID_BOTTOM, 0.01)
    cx, cy = _hex_centre_of("1414", builds["shop"], 0)
    assert _close(lowest[0], cx - HEX / math.sqrt(3) / 2 * 72 / 25.4, 0.05)  # 1414's SW corner


def _rails(path: Path) -> list[dict]:
    """The railway lines: dashed, black, 0.6 mm wide (each dash run is one path)."""
    return [s for s in polylines(path)[0] if s["stroke"] and not s["fill"]
            and _close(to_mm(s["width"]), 0.6) and max(s["stroke_colour"]) < 0.2]  # fmt: skip


def test_two_railways_leave_the_map_at_its_edges(builds):
    """Each rail's first or last cell is just off the map: the line runs from the last hex's
    centre to the middle of its side on the map's edge (half a hex), not beyond."""
    ends = [p for s in _rails(builds["shop"]) for p in (s["points"][0], s["points"][-1])]
    xs = sorted(to_mm(x) for x, _ in ends)
    assert _close(xs[0], GRID_LEFT + HEX / math.sqrt(3) / 4, 0.02)  # west: the side's middle
    assert _close(xs[-1], GRID_RIGHT - HEX / math.sqrt(3) / 4, 0.02)  # east
    assert all(GRID_LEFT < x < GRID_RIGHT for x in xs)


def test_a_city_and_a_set_up_star_share_a_hex_and_the_star_keeps_its_fill(builds):
    """Brissac (1306) holds its city square at the centre and the North's set-up star in its
    north-east (`spot: ne`), filled red as its symbol says, outlined in its stroke."""
    red = _on_screen((0xC8 / 255, 0x10 / 255, 0x2E / 255))
    stars = [s for s in polylines(builds["shop"])[0] if s["fill"] and len(s["points"]) >= 10
             and all(_close(a, b, 0.02) for a, b in zip(s["fill_colour"], red, strict=False))]  # fmt: skip
    on_map = [s for s in stars if to_mm(s["points"][0][1]) < 200]
    assert len(on_map) == 1 and on_map[0]["stroke"]
    sx = sum(x for x, _ in on_map[0]["points"][:10]) / 10
    sy = sum(y for _, y in on_map[0]["points"][:10]) / 10
    cx, cy = _hex_centre_of("1306", builds["shop"], 0)
    dx, dy = to_mm(sx - cx), to_mm(sy - cy)
    assert dx > 2 and dy < -2 and math.hypot(dx, dy) < HEX / 2  # up and right, in the hex
    squares = [r for r in page_rects(builds["shop"])[0] if r["fill"]
               and _close(to_mm(r["x1"] - r["x0"]), 3.2, 0.05)]  # fmt: skip
    city = min(squares, key=lambda r: abs((r["x0"] + r["x1"]) / 2 - cx) + abs(r["top"] - cy))
    assert _close((city["x0"] + city["x1"]) / 2, cx, 0.1)  # the city stays at the centre
    assert to_mm(sy) < to_mm(city["top"])  # the star clear of the square


def test_cities_have_a_symbol_and_a_name(builds):
    texts = [w["text"] for w in page_words(builds["shop"], 0)]
    for name in ("Varenne", "Brissac", "Montfort", "Dunmere", "Saint-Aubin", "Bois", "Noir"):
        assert name in texts
    italic = {c["fontname"] for c in chars(builds["shop"])[0] if c["text"] == "N"}
    assert any("Oblique" in name for name in italic)  # "Bois Noir": a name alone, in italic
    squares = [r for r in page_rects(builds["shop"], first=1)[0] if _close(to_mm(r["width"]), 3.2)]
    assert len(squares) >= 5 + 1  # one in each city, one in the legend


def test_the_turn_track_has_ten_numbered_spaces(builds):
    spaces = [
        r
        for r in page_rects(builds["shop"], first=1)[0]
        if _close(to_mm(r["width"]), 13) and _close(to_mm(r["height"]), 13)
    ]
    assert len(spaces) == 10
    lefts = sorted(to_mm(r["x0"]) for r in spaces)
    assert all(_close(b - a, 13) for a, b in zip(lefts, lefts[1:], strict=False))
    texts = [w["text"] for w in page_words(builds["shop"], 0)]
    assert {"reinforcements", "TURN"} <= set(texts)


def test_the_shop_map_is_one_page_with_bleed_and_no_back(builds):
    reader = PdfReader(builds["shop"])
    assert len(reader.pages) == 1
    trim = reader.pages[0].trimbox
    assert (round(to_mm(float(trim.width)), 3), round(to_mm(float(trim.height)), 3)) == (250, 240)


@pytest.mark.slow
@pytest.mark.parametrize("paper, size", [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_home_tiles_over_sheets_at_full_size_without_backs(builds, paper, size):
    """An assembly map, then one sheet per tile (two columns), no back pages; every hex on a
    tile measures as on the shop page: 1:1."""
    reader = PdfReader(builds[paper])
    assert len(reader.pages) == 3
    for page in reader.pages:
        box = page.mediabox
        assert sorted(
            (round(to_mm(float(box.width)), 1), round(to_mm(float(box.height)), 1))
        ) == sorted(size)
    text = chars(builds[paper])
    assert "Assembly" in "".join(c["text"] for c in text[0])
    for index in (1, 2):
        whole = hexagons(builds[paper], index)
        assert len(whole) > 50
        assert all(_close(across_flats(h), HEX, 0.002) for h in whole)


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_overlap_by_the_glue_band_and_register(builds, paper):
    """A hex on both sheets lies as far from sheet A1's cut line as from the edge of sheet A2's
    glue band (which goes under A1 along that line): glued so, the two prints coincide."""
    path = builds[paper]
    cut = [ln for ln in _vertical_lines(path, 1) if to_mm(ln["bottom"] - ln["top"]) > 150]
    assert len(cut) == 1
    bands = [r for r in page_rects(path)[2] if r["fill"] and _close(to_mm(r["width"]), 12)]
    assert len(bands) == 1
    band = bands[0]
    for label in ("0901", "0907", "0914"):  # hexes the seam runs through, top to bottom
        x1, y1 = _hex_centre_of(label, path, 1)
        x2, y2 = _hex_centre_of(label, path, 2)
        assert _close(to_mm(cut[0]["x0"] - x1), to_mm(band["x1"] - x2), 0.01)
        assert _close(to_mm(y1), to_mm(y2), 0.01)


def _vertical_lines(path: Path, page: int) -> list[dict]:
    from pdfshapes import page_lines

    return [ln for ln in page_lines(path)[page] if _close(ln["x0"], ln["x1"], 1e-3)]


# -- rules data and input errors -------------------------------------------------------------


@pytest.fixture
def hexwar(tmp_path) -> Path:
    return Path(shutil.copytree(KIT, tmp_path / "hexwar"))


def test_the_kit_checks_clean(cli):
    r = cli("check", KIT)
    assert r.exit_code == 0 and "0 errors, 0 warnings" in r.stdout, r.output


def test_a_terrain_missing_from_the_terrain_chart_is_found_at_its_cells(cli, hexwar):
    edit(hexwar / "terrain.yaml", "  marsh:", "  swamp:")
    r = cli("check", hexwar)
    assert r.exit_code == 1
    first = line_of(hexwar / "map.yaml", "- ffccccccmccccchhhhcc")
    assert f"map.yaml:{first}:" in r.stdout and "[DR006]" in r.stdout
    assert (
        "map item '0901' has terrain 'marsh', which terrain.yaml effects does not have" in r.stdout
    )


def test_a_deck_can_name_hexes_of_the_map(cli, hexwar):
    """`refers` with `component:` reads the map's cells: every objective card's hex is a hex of
    the map, and one that is not is found at the card's value."""
    (hexwar / "objectives.yaml").write_text(
        "card_size: poker\nfields:\n  hex: {type: text, doc: the objective's hex}\n"
        'kinds:\n  objective:\n    label: OBJECTIVE\n    colour: "#7a2e1c"\n    face:\n'
        "      - {element: title, box: [5, 5, 53, 10]}\n"
        'cards:\n  - {id: varenne, kind: objective, title: Varenne, hex: "0403"}\n'
        "  - {id: montfort, kind: objective, title: Montfort, hex: 0710}\n"
        '  - {id: lost, kind: objective, title: Lost, hex: "2115"}\n',
        encoding="utf-8",
    )
    edit(
        hexwar / "kit.yaml",
        "components:\n",
        "components:\n  objectives: {type: deck, file: objectives.yaml}\n",
    )
    edit(
        hexwar / "rules.yaml",
        "checks:\n",
        "checks:\n  - {rule: refers, deck: objectives, field: hex, component: map, component_kind: hex}\n",
    )
    r = cli("check", hexwar)
    assert r.exit_code == 1, r.output
    assert f"objectives.yaml:{line_of(hexwar / 'objectives.yaml', 'id: lost')}:" in r.stdout
    assert "card 'lost' has hex '2115', which map 'map''s hex items does not have" in r.stdout
    assert "varenne" not in r.stdout
    assert "montfort" not in r.stdout  # 0710 unquoted reads as 710: it still names hex 0710


@pytest.mark.parametrize(
    "old, new, needle, message",
    [
        (
            "- fffcccccmmcccchhhhhc",
            "- fffcccccmmcccchhhhhx",
            "- fffcccccmmcccchhhhhx",
            "row 2 of `cells` uses 'x', which `terrain` does not have",
        ),
        (
            "0901/1001 0902/1001",
            "0901/1001 0905/1001",
            "sides: >-",
            "0905 and 1001 share no side (0905/1001)",
        ),
        (
            '{at: "1306", symbol: city',
            '{at: "2115", symbol: city',
            '"2115"',
            "'2115' is not a cell of grid 'map'",
        ),
        (
            "cells: 1712 1812 1912",
            "cells: 1712 1912",
            "cells: 1712 1912",
            "1712 and 1912 are not neighbours: each cell of a rail path must touch the one "
            "before (step 1 of 3)",
        ),
        (
            "cells: 1712 1812 1912",
            "cells: 1712 2112 1912",
            "cells: 1712 2112",
            "'2112' is not a cell of grid 'map'",  # off the map, but not at the path's end
        ),
        (
            "1414/1315",
            "1415/1315",
            "sides: >-",
            "'1415' is not a cell of grid 'map'",  # a side needs a hex of the map
        ),
        (
            "{line: road, cells",
            "{line: raod, cells",
            "line: raod",
            "no line style 'raod' in this grid; it has: river, road, rail",
        ),
        (
            "at: [13.2, 14]",
            "at: [40, 14]",
            "at: [40, 14]",
            "reaches outside the 250 mm x 240 mm map",
        ),
    ],
)
def test_bad_map_data_is_an_input_error_where_it_is_written(cli, hexwar, old, new, needle, message):
    edit(hexwar / "map.yaml", old, new)
    r = cli("check", hexwar)
    assert r.exit_code == 2, r.output
    assert f"map.yaml:{line_of(hexwar / 'map.yaml', needle)}:" in r.stderr
    assert message in r.stderr
    assert "Traceback" not in r.output


def test_an_unknown_element_names_the_board_elements(cli, hexwar):
    edit(hexwar / "map.yaml", "element: hex-grid", "element: hexgrid")
    r = cli("check", hexwar)
    assert r.exit_code == 2
    assert "did you mean 'hex-grid'?" in r.stderr and "square-grid" in r.stderr


@pytest.mark.slow  # pypdf reads the map's 1,168 glyph forms in 5 s (tests/test_halo_text.py: quick)
def test_every_place_name_and_hex_number_is_read_once_by_pdfplumber_and_pypdf(builds):
    """A label's halo is no text (issue 37): pdfplumber and pypdf read each city, each name
    without a symbol and each of the 280 hex numbers of the shop file's map once, not twice
    interleaved ("SSmmoolleennsskk")."""
    import re

    import pdfplumber
    from pypdf import PdfReader

    names = ("Varenne", "Brissac", "Montfort", "Dunmere", "Saint-Aubin", "Bois Noir")
    with pdfplumber.open(builds["shop"]) as pdf:
        plumbed = pdf.pages[0].extract_text()
    for text in (plumbed, PdfReader(builds["shop"]).pages[0].extract_text()):
        assert all(text.count(name) == 1 for name in names), text[:300]
        numbers = re.findall(r"\b\d{4}\b", text)
        assert len(numbers) == len(set(numbers)) == 20 * 14, len(numbers)
        assert "SSaa" not in text and "0000" not in text


def test_the_labels_halo_stays_paper_white_in_the_shop_cmyk(builds):
    """A label's halo is its glyphs' outlines, stroked (each glyph a form of its outline in
    the font's units, placed by a `cm` scaling it to the label's size): the CMYK rewrite must
    set their stroke colour, or the halo round every city name and hex number prints black;
    and a paper-coloured halo knocks out what is under it (never overprinted, as 100 % K text
    and lines are)."""
    import pikepdf

    pdf = pikepdf.open(builds["shop"])
    forms = pdf.pages[0].Resources.XObject
    state = {"stroke": None, "scale": 1.0, "overprint": False}
    saved, halos = [], []
    for operands, op in pikepdf.parse_content_stream(pdf.pages[0]):
        name = str(op)
        if name == "q":
            saved.append(dict(state))
        elif name == "Q":
            state = saved.pop()
        elif name == "K":
            state["stroke"] = tuple(float(v) for v in operands)
        elif name == "gs":
            state["overprint"] = str(operands[0]) == "/PKOverprint"
        elif name == "cm":
            state["scale"] *= float(operands[0])
        elif name == "Do" and state["scale"] < 0.01:  # a glyph's outline, stroked in its form
            assert forms[operands[0]].read_bytes().split()[-1] == b"S"
            halos.append((state["stroke"], state["overprint"]))
    assert len(halos) >= 280 * 4 + 5  # every hex number's 4 digits, every city name
    assert all(s is not None and s[3] < 0.2 for s, _ in halos), {s for s, _ in halos}
    assert not any(overprint for _, overprint in halos)


def test_a_text_too_long_for_its_space_is_an_input_error_at_its_element(cli, hexwar):
    edit(
        hexwar / "map.yaml",
        "text: reinforcements,",
        "text: Reinforcementsfromthenorthroad,",
    )
    r = cli("check", hexwar)
    assert r.exit_code == 2, r.output
    assert f"map.yaml:{line_of(hexwar / 'map.yaml', '- element: track')}:" in r.stderr
    assert "does not fit its space even at" in r.stderr and "Traceback" not in r.output
    r = cli("build", hexwar, "--out", hexwar.parent / "out", "-j", "1")
    assert r.exit_code == 2 and "does not fit its space" in r.stderr


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            "kind: hex, field: terrain",
            "kind: hexx, field: terrain",
            "map 'map' has no kind 'hexx'; did you mean 'hex'? (its item kinds: hex, square, space, point, label, city, north-setup)",
        ),
        (
            "kind: hex, field: terrain",
            "kind: hex, field: terain",
            "map 'map' has no field 'terain'; did you mean 'terrain'?",
        ),
        (
            "deck: map, kind: city, min: 4",
            "deck: map, kind: cities, min: 4",
            "has no kind 'cities'; did you mean 'city'?",
        ),
    ],
)
def test_a_map_check_naming_an_unknown_kind_or_field_is_located(cli, hexwar, old, new, message):
    """A misspelt kind or field would make a check read nothing and pass: it is an error."""
    edit(hexwar / "rules.yaml", old, new)
    r = cli("check", hexwar)
    assert r.exit_code == 2, r.output
    assert f"rules.yaml:{line_of(hexwar / 'rules.yaml', new)}:" in r.stderr
    assert message in r.stderr


def test_a_city_in_a_lake_is_found_at_the_city(cli, hexwar):
    edit(hexwar / "map.yaml", '{at: "1306", symbol: city', '{at: "1204", symbol: city')
    r = cli("check", hexwar)
    assert r.exit_code == 1, r.output
    assert f"map.yaml:{line_of(hexwar / 'map.yaml', 'label: Brissac')}:" in r.stdout
    assert "map item 'Brissac' has terrain 'lake'; allowed: clear, forest, hills, marsh" in r.stdout


def test_the_map_json_schema_accepts_the_map_and_flags_a_misspelt_element():
    """Editors read the same schema the loader validates with: hex-grid, track and the card
    elements are told apart by `element:`."""
    import yaml
    from jsonschema import Draft202012Validator

    from printkit.components.map import schema

    validator = Draft202012Validator(schema().json())
    data = yaml.safe_load((KIT / "map.yaml").read_text(encoding="utf-8"))
    assert list(validator.iter_errors(data)) == []
    data["face"][2]["element"] = "hexgrid"
    assert list(validator.iter_errors(data))


@pytest.mark.slow
def test_hex_numbers_can_go_at_the_foot_of_the_hex(cli, hexwar):
    edit(
        hexwar / "map.yaml",
        "    coordinate_size: 1.7mm\n",
        "    coordinate_size: 1.7mm\n    coordinate_position: bottom\n",
    )
    out = hexwar.parent / "out"
    r = cli("build", hexwar, "--out", out, "-j", "1", "--profile", "shop")
    assert r.exit_code == 0, r.output
    pdf = out / "hexwar" / "shop" / "map.pdf"
    word = next(w for w in words(page_chars(pdf)[0]) if w["text"] == "0101")
    hexagon = min(hexagons(pdf, 0), key=lambda h: _centre(h)[0] + _centre(h)[1])  # top-left
    cx, cy = _centre(hexagon)
    bottom = max(y for _, y in hexagon)
    assert abs((word["x0"] + word["x1"]) / 2 - cx) < 0.5
    assert cy < word["top"] and word["bottom"] < bottom  # below the centre, inside the hex


@pytest.mark.slow
def test_a_map_that_fits_the_sheet_is_one_sheet_without_an_assembly_map(cli, tmp_path):
    r = cli("build", KIT, "--out", tmp_path, "-j", "1", "--only", "map", "--paper", "a3")
    assert r.exit_code == 0, r.output
    pdf = tmp_path / "hexwar" / "map.pdf"
    assert len(PdfReader(pdf).pages) == 1
    assert "Assembly" not in "".join(c["text"] for c in page_chars(pdf)[0])
    outlines = hexagons(pdf, 0)
    assert len(outlines) == 20 * 14 and all(_close(across_flats(h), HEX, 0.002) for h in outlines)


def test_the_legend_keys_every_terrain_line_and_symbol(builds):
    """Each entry's name sits beside its swatch, in the legend's box (150..237 x 203..235 mm of
    the map, shop page 3 mm of bleed in)."""
    names = {"clear", "forest", "hills", "marsh", "lake", "River", "Road", "Railway", "City",
             "North", "sets", "up"}  # fmt: skip
    found = {w["text"]: w for w in page_words(builds["shop"], 0) if w["text"] in names}
    assert set(found) == names
    texts = {w["text"] for w in page_words(builds["shop"], 0)}
    assert not texts & {"north-setup", "rail", "city"}  # display names, not the keys
    for w in found.values():
        x, top = to_mm(w["x0"]) - 3, to_mm(w["top"]) - 3
        assert 150 < x < 237 and 203 < top < 235, w["text"]


def _largest_map(folder: Path, pattern: str, spacing: str, cells: int = 300) -> Path:
    """A kit whose map is the largest the limits allow: 3,000 x 3,000 mm, a 300 x 300 grid
    of 10 mm squares, every one of terrain `pattern` at `spacing` (`cells`: a smaller square
    grid, the map as large as it)."""
    folder.mkdir()
    (folder / "kit.yaml").write_text(
        "name: largest\ntitle: Largest\ncomponents:\n  board: {type: map, file: board.yaml}\n",
        encoding="utf-8",
    )
    rows = "".join(f"      - {'p' * cells}\n" for _ in range(cells))
    (folder / "board.yaml").write_text(
        f"width: {cells * 10}mm\nheight: {cells * 10}mm\nface:\n  - element: square-grid\n"
        f"    at: [0, 0]\n    columns: {cells}\n    rows: {cells}\n    size: 10mm\n    terrain:\n"
        f'      p: {{name: patterned, fill: "#e8dfc0", pattern: {pattern}, '
        f"pattern_spacing: {spacing}}}\n    cells:\n{rows}",
        encoding="utf-8",
    )
    return folder


@pytest.mark.parametrize(
    ("cells", "counted"),
    [
        # 300 x 300 (its size is what it tests: read whole for seconds) in the slow suite; the
        # same count just past the limit on 70 x 70 (4,900 cells of 42 marks) in the quick one
        pytest.param(300, "3,780,000 marks (90,000 cells of 'patterned' make 3,780,000",
                     marks=pytest.mark.slow),
        (70, "205,800 marks (4,900 cells of 'patterned' make 205,800"),
    ],
    ids=["300x300", "70x70"],
)  # fmt: skip
def test_a_map_whose_textures_pass_the_limit_is_refused_at_its_terrain(
    cli, tmp_path, cells, counted
):
    """Issue 33: a 300 x 300 grid of patterned squares drew for minutes and ran out of memory;
    the marks are counted from the cells and the pattern_spacing before anything is drawn."""
    kit = _largest_map(tmp_path / "dense", "trees", "2mm", cells=cells)
    started = time.process_time()
    r = cli("check", kit)
    assert time.process_time() - started < 10
    line = line_of(kit / "board.yaml", "pattern_spacing")
    assert r.exit_code == 2, r.output
    assert f"board.yaml:{line}:" in r.stderr
    assert f"would draw {counted}" in r.stderr
    assert "the limit (MAX_MAP_MARKS) is 200,000" in r.stderr
    assert cli("build", kit, "--out", tmp_path / "out").exit_code == 2
    assert not (tmp_path / "out").exists()


def test_texture_marks_are_counted_as_they_are_drawn():
    import io

    from reportlab.pdfgen.canvas import Canvas

    from printkit.components.map.terrain import MARKS, terrain_texture, texture_marks
    from printkit.layout.geometry import Rect

    drawn = []

    class Counting(Canvas):
        """A canvas that counts the marks hills and waves draw (one path each)."""

        def drawPath(self, *a, **k):  # noqa: N802 - reportlab's name
            drawn.append(1)

    for name in ("hills", "waves"):
        for spacing in (mm(0.5), mm(2), mm(3.2), mm(50)):
            drawn.clear()
            terrain_texture(
                Counting(io.BytesIO()), name, Rect(mm(7), mm(9), mm(10), mm(12)), spacing, 1
            )
            counted = texture_marks(name, mm(10), mm(12), spacing)
            assert abs(len(drawn) - counted) <= 0.03 * counted + 1, (name, spacing)
    assert set(MARKS) >= {"hills", "waves"}


@pytest.mark.slow
def test_the_largest_map_the_limits_allow_builds_in_bounded_time_and_memory(tmp_path):
    """300 x 300 squares of 3,000 mm, two texture marks a cell (180,000 marks) and 90,000 cell
    numbers, each with its halo (a form per glyph, drawn at every letter): about 23 s of CPU
    and 510 MB on the test machine."""
    import subprocess
    import sys

    kit = _largest_map(tmp_path / "largest", "hills", "50mm")
    root = Path(__file__).resolve().parent.parent
    code = (
        "import resource, subprocess, sys\n"
        "r = subprocess.run([sys.executable, '-m', 'printkit', 'build', *sys.argv[1:]])\n"
        "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(r.returncode, u.ru_utime + u.ru_stime, u.ru_maxrss)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(kit), "--out", str(tmp_path / "out"), "-j", "1", "-q"],
        capture_output=True, text=True, cwd=root, timeout=900,
    )  # fmt: skip
    exit_code, seconds, peak_kb = done.stdout.split()
    assert int(exit_code) == 0, done.stderr
    assert float(seconds) < 120 and int(peak_kb) / 1024 < 1000, (seconds, peak_kb)


@pytest.mark.slow
def test_hexes_can_be_numbered_with_a_point_and_marked_with_centre_dots(cli, hexwar):
    """`coordinates: "01.01"` prints 13.06 (the data's 1306 still names that hex), and
    `centre_dot: 0.6mm` puts a dot of that width at every hex's centre."""
    edit(
        hexwar / "map.yaml",
        "    coordinate_size: 1.7mm\n",
        '    coordinate_size: 1.7mm\n    coordinates: "01.01"\n    centre_dot: 0.6mm\n',
    )
    out = hexwar.parent / "out"
    r = cli("build", hexwar, "--out", out, "-j", "1", "--profile", "shop", "--only", "map")
    assert r.exit_code == 0, r.output
    pdf = out / "hexwar" / "shop" / "map.pdf"
    texts = {w["text"] for w in words(page_chars(pdf)[0])}
    assert {"01.01", "13.06", "20.14"} <= texts and "1306" not in texts
    dots = [s for s in filled_paths(pdf)[0] if _close(to_mm(s["x1"] - s["x0"]), 0.6, 0.02)
            and _close(to_mm(s["bottom"] - s["top"]), 0.6, 0.02)]  # fmt: skip
    assert len(dots) == 20 * 14
    cx, cy = _hex_centre_of("13.06", pdf, 0)
    assert any(_close((d["x0"] + d["x1"]) / 2, cx, 0.05) and _close((d["top"] + d["bottom"]) / 2,
               cy, 0.05) for d in dots)  # fmt: skip
