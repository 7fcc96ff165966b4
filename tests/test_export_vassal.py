"""`printkit export KIT --vassal` (issue 35): tests/kits/hexwar's VASSAL module, read back as
VASSAL reads it: buildFile.xml's one map board with a hex grid of the map's size and numbering
(its hexes falling on the map picture's hexes), a piece slot for every counter design whose
two layers are the front and the back the PDF prints behind it, palettes by side, the charts."""

from __future__ import annotations

import csv
import io
import math
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from PIL import Image, ImageChops

KIT = Path(__file__).parent / "kits" / "hexwar"
DPI = 150
P = "VASSAL.build."


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    """The module and, for comparison, `export --images` of the same kit without bleed."""
    from click.testing import CliRunner

    from printkit.cli import main

    out = tmp_path_factory.mktemp("vassal")
    for args in (["--vassal"], ["--images", "--bleed", "0"]):
        r = CliRunner().invoke(
            main, ["export", str(KIT), "--dpi", str(DPI), "--out", str(out), *args],
            catch_exceptions=False,
        )  # fmt: skip
        assert r.exit_code == 0, r.output
    vmod = zipfile.ZipFile(out / "hexwar" / "hexwar.vmod")
    return vmod, ET.fromstring(vmod.read("buildFile.xml")), out / "hexwar" / "images"


def _image(vmod: zipfile.ZipFile, name: str) -> Image.Image:
    return Image.open(io.BytesIO(vmod.read(f"images/{name}"))).convert("RGB")


def _same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def vassal_name(numbering: ET.Element, row: int, column: int) -> str:
    """VASSAL's RegularGridNumbering.getName for a numeric or alphabetic grid (no stagger)."""

    def part(value: int, kind: str, leading: int) -> str:
        if kind == "A":
            return chr(65 + value)
        text = str(value)
        return text.zfill(leading + 1) if value < 10**leading else text

    a = numbering.attrib
    col = part(column + int(a["hOff"]), a["hType"], int(a["hLeading"]))
    r = part(row + int(a["vOff"]), a["vType"], int(a["vLeading"]))
    return col + a["sep"] + r if a["first"] == "H" else r + a["sep"] + col


def test_the_module_holds_one_map_board_with_the_maps_hex_grid(module):
    vmod, build, _ = module
    [board] = build.iter(P + "module.map.boardPicker.Board")
    assert len(list(build.iter(P + "module.Map"))) == 1
    picture = _image(vmod, board.attrib["image"])
    assert picture.size == (round(250 / 25.4 * DPI), round(240 / 25.4 * DPI))  # the map's trim
    [grid] = board.iter(P + "module.map.boardPicker.board.HexGrid")
    px = DPI / 25.4  # pixels a millimetre
    assert math.isclose(float(grid.attrib["dy"]), 12.7 * px, abs_tol=0.01)  # across the flats
    assert math.isclose(float(grid.attrib["dx"]), 1.5 * 12.7 / math.sqrt(3) * px, abs_tol=0.01)
    assert grid.attrib["sideways"] == "false"
    x0, y0 = int(grid.attrib["x0"]), int(grid.attrib["y0"])  # hex 0101's centre
    assert abs(x0 - (13.2 + 12.7 / math.sqrt(3)) * px) <= 0.5
    assert abs(y0 - (14 + 12.7 / 2) * px) <= 0.5


def test_the_grid_names_hexes_as_the_map_prints_them_and_falls_on_its_hexes(module):
    """Brissac's hex is VASSAL's column 12, row 5 from the origin: named 1306 by the grid's
    numbering, and its centre on the picture is the city square's dark middle."""
    vmod, build, _ = module
    [board] = build.iter(P + "module.map.boardPicker.Board")
    [grid] = board.iter(P + "module.map.boardPicker.board.HexGrid")
    [numbering] = grid.iter(P + "module.map.boardPicker.board.mapgrid.HexGridNumbering")
    assert vassal_name(numbering, 0, 0) == "0101"
    assert vassal_name(numbering, 5, 12) == "1306"
    assert vassal_name(numbering, 13, 19) == "2014"
    dx, dy = float(grid.attrib["dx"]), float(grid.attrib["dy"])
    x = int(grid.attrib["x0"]) + 12 * dx
    y = int(grid.attrib["y0"]) + 5 * dy  # column 12 is even: VASSAL does not move it down
    picture = _image(vmod, board.attrib["image"])
    assert max(picture.getpixel((round(x), round(y)))) < 80  # the city's dark square
    x, y = int(grid.attrib["x0"]) + 19 * dx, int(grid.attrib["y0"]) + dy / 2  # 2001, moved down
    assert picture.getpixel((round(x), round(y))) == (0xEC, 0xE6, 0xC8)  # a clear hex's middle


def test_every_counter_is_a_piece_whose_layers_are_the_pdfs_front_and_back(module):
    vmod, build, images = module
    slots = list(build.iter(P + "widget.PieceSlot"))
    assert len(slots) == 10  # 2 sides x 5 unit types: every design of the counters deck
    text = (images / "manifest.csv").read_text(encoding="utf-8")
    manifest = {row["card"]: row for row in csv.DictReader(io.StringIO(text))}
    for slot in slots:
        kind, rest = slot.text.split("\t", 1)
        fields = kind.split(";")
        assert slot.text.startswith("+/null/emb2;") and "piece;;;" in rest
        front, back = fields[16].split(",")
        assert fields[4] == "Flip" and fields[28] == "70,130"  # Ctrl+F turns it over
        card = slot.attrib["entryName"]
        row = manifest[card]
        assert _same(_image(vmod, front), Image.open(images / row["front"]).convert("RGB"))
        assert _same(_image(vmod, back), Image.open(images / row["back"]).convert("RGB"))
        assert not _same(_image(vmod, front), _image(vmod, back))
        size = _image(vmod, front).size
        assert (int(slot.attrib["width"]), int(slot.attrib["height"])) == size == (75, 75)


def test_the_palette_has_a_tab_for_each_side_and_the_charts_a_window(module):
    _, build, _ = module
    panels = list(build.iter(P + "widget.PanelWidget"))
    assert [p.attrib["entryName"] for p in panels] == ["NORTH", "SOUTH"]
    for panel in panels:
        names = [s.attrib["entryName"] for s in panel.iter(P + "widget.PieceSlot")]
        assert len(names) == 5
        assert all(n.startswith(panel.attrib["entryName"].lower() + "-") for n in names)
    charts = [c.attrib["chartName"] for c in build.iter(P + "widget.Chart")]
    assert charts == ["Combat results", "Terrain effects"]


@pytest.mark.slow  # a whole module exported again
def test_a_field_can_name_the_palette_tabs(cli, tmp_path):
    r = cli("export", KIT, "--vassal", "--vassal-group", "army", "--dpi", "72", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    build = ET.fromstring(
        zipfile.ZipFile(tmp_path / "hexwar" / "hexwar.vmod").read("buildFile.xml")
    )
    tabs = [p.attrib["entryName"] for p in build.iter(P + "widget.PanelWidget")]
    assert tabs == ["I ARMY", "II ARMY"]


@pytest.mark.parametrize("pointy", [False, True])
@pytest.mark.parametrize("offset", ["even", "odd"])
@pytest.mark.parametrize("form", ["0101", "01.01", "A1", "1-1"])
def test_vassals_grid_puts_every_hex_where_the_map_does_and_names_it_alike(pointy, offset, form):
    """VASSAL's HexGrid arithmetic (odd columns from the origin half a hex lower; a sideways
    grid the same with x and y swapped) on the attributes written: every hex's centre within
    half a pixel of the map's, and HexGridNumbering's name the map's."""
    from printkit.export.vassal import hex_grid_attributes
    from printkit.layout.hexgrid import BoardGrid, Coordinates, HexLayout

    layout = HexLayout(9, 7, 40.0, pointy, offset)
    grid = BoardGrid("map", 30.0, 50.0, layout, Coordinates(form, 1, 1, 2))
    attrs, numbering_attrs = hex_grid_attributes(grid)
    numbering = ET.Element("n", numbering_attrs)
    dx, dy = float(attrs["dx"]), float(attrs["dy"])
    x0, y0 = int(attrs["x0"]), int(attrs["y0"])
    assert attrs["sideways"] == ("true" if pointy else "false")
    for col in range(9):
        for row in range(7):
            cx, cy = layout.centre((col, row))
            cx, cy = cx + grid.x, cy + grid.y
            along, across = (cy, cx) if pointy else (cx, cy)
            vcol = round((along - x0) / dx)
            vrow_float = (across - y0 - (dy / 2 if vcol % 2 else 0)) / dy
            vrow = round(vrow_float)
            assert abs(x0 + vcol * dx - along) <= 0.5 and abs(vrow_float - vrow) * dy <= 0.5
            assert vassal_name(numbering, vrow, vcol) == grid.names.label((col, row))


@pytest.mark.parametrize("form", ["0101", "01.01", "A1", "1-1"])
def test_vassals_square_grid_puts_every_square_where_the_map_does_and_names_it_alike(form):
    """VASSAL's SquareGrid arithmetic (the origin a square's centre, columns dx apart, rows dy)
    on the attributes written: every square's centre within half a pixel of the map's, and
    SquareGridNumbering's name the map's."""
    from printkit.export.vassal import square_grid_attributes
    from printkit.layout.hexgrid import BoardGrid, Coordinates, SquareLayout

    layout = SquareLayout(9, 7, 40.0)
    grid = BoardGrid("map", 30.0, 50.0, layout, Coordinates(form, 1, 1, 2))
    attrs, numbering_attrs = square_grid_attributes(grid)
    numbering = ET.Element("n", numbering_attrs)
    dx, dy = float(attrs["dx"]), float(attrs["dy"])
    x0, y0 = int(attrs["x0"]), int(attrs["y0"])
    assert dx == dy == 40.0
    for col in range(9):
        for row in range(7):
            cx, cy = layout.centre((col, row))
            cx, cy = cx + grid.x, cy + grid.y
            vcol, vrow = math.floor((cx - x0) / dx + 0.5), math.floor((cy - y0) / dy + 0.5)
            assert abs(x0 + vcol * dx - cx) <= 0.5 and abs(y0 + vrow * dy - cy) <= 0.5
            assert vassal_name(numbering, vrow, vcol) == grid.names.label((col, row))


def test_a_square_grid_map_is_a_board_with_a_square_grid_of_its_size(cli, tmp_path):
    """A board whose grid is 6 x 4 squares of 15 mm at (20, 20) mm, named A1...: the module's
    board carries a SquareGrid 15 mm a square, its origin A1's centre, numbered A1 to F4."""
    (tmp_path / "kit.yaml").write_text(
        "name: squares\ntitle: Squares\ncomponents:\n  board: {type: map, file: board.yaml}\n",
        encoding="utf-8",
    )
    (tmp_path / "board.yaml").write_text(
        "width: 150mm\nheight: 100mm\nface:\n  - element: square-grid\n    at: [20, 20]\n"
        "    columns: 6\n    rows: 4\n    size: 15mm\n    coordinates: A1\n",
        encoding="utf-8",
    )
    r = cli("export", tmp_path, "--vassal", "--dpi", str(DPI), "--out", tmp_path / "out")
    assert r.exit_code == 0, r.output
    vmod = zipfile.ZipFile(tmp_path / "out" / "squares" / "squares.vmod")
    [board] = ET.fromstring(vmod.read("buildFile.xml")).iter(P + "module.map.boardPicker.Board")
    assert not list(board.iter(P + "module.map.boardPicker.board.HexGrid"))
    [grid] = board.iter(P + "module.map.boardPicker.board.SquareGrid")
    px = DPI / 25.4
    assert math.isclose(float(grid.attrib["dx"]), 15 * px, abs_tol=0.01)
    assert math.isclose(float(grid.attrib["dy"]), 15 * px, abs_tol=0.01)
    assert abs(int(grid.attrib["x0"]) - 27.5 * px) <= 0.5
    assert abs(int(grid.attrib["y0"]) - 27.5 * px) <= 0.5
    [numbering] = grid.iter(P + "module.map.boardPicker.board.mapgrid.SquareGridNumbering")
    assert vassal_name(numbering, 0, 0) == "A1"
    assert vassal_name(numbering, 3, 5) == "F4"
