"""Output hygiene (issue 37), read back from what a build writes and what `check` says: a shop
build never replaces the home build's files; a tiled map's assembly text keeps clear of the map
frame and its footer clear of the scale bar; a plan of one sheet says nothing of rows and
columns; an image printed below the profile's resolution is a `check` warning on a map too."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from conftest import line_of
from PIL import Image

from printkit.layout.units import mm, to_mm

MINI = Path(__file__).parent / "fixtures" / "mini"  # cards poker size, tokens 44 x 63 mm
LONG_TITLE = "The Very Long Campaign of the Northern Marches and the Seven Rivers"


def _map_kit(root: Path, width: str, height: str, title: str = "Maps", face: str = "") -> Path:
    """A kit of one map of that size, its face (YAML list items, indented) under a ground."""
    kit = root / "maps"
    kit.mkdir(parents=True)
    (kit / "kit.yaml").write_text(
        f"name: maps\ntitle: {title}\ncomponents:\n  map: {{type: map, file: map.yaml}}\n",
        encoding="utf-8",
    )
    (kit / "map.yaml").write_text(
        f'width: {width}\nheight: {height}\ncolour: "#f3efe2"\nface:\n'
        '  - {element: text, box: [10, 10, 60, 12], text: "HERE", size: 5mm}\n' + face,
        encoding="utf-8",
    )
    return kit


@pytest.mark.slow  # a home and a shop build of a whole kit
def test_a_shop_build_into_the_same_folder_keeps_the_home_files(cli, tmp_path):
    """The home PDFs stay byte for byte; the shop's go to <kit>/shop/ (so a home tokens.pdf
    never stays beside a shop build's tokens-<size>.pdf either)."""
    out = tmp_path / "out"
    assert cli("build", MINI, "--out", out).exit_code == 0
    home = {p.name: p.read_bytes() for p in (out / "mini").glob("*.pdf")}
    assert "tokens.pdf" in home and "cards.pdf" in home
    r = cli("build", MINI, "--out", out, "--profile", "shop")
    assert r.exit_code == 0, r.output
    assert {p.name: p.read_bytes() for p in (out / "mini").glob("*.pdf")} == home
    shop = sorted(p.name for p in (out / "mini" / "shop").glob("*.pdf"))
    assert shop == ["cards.pdf", "tokens.pdf"]
    assert str(out / "mini" / "shop" / "cards.pdf") in r.stdout
    again = cli("build", MINI, "--out", out, "--profile", "shop")
    assert "up to date" in again.output  # the shop build's own record, apart from the home's


def test_a_variant_may_not_take_the_shop_folders_name(cli, tmp_path):
    kit = _map_kit(tmp_path, "100mm", "100mm")
    manifest = kit / "kit.yaml"
    manifest.write_text(manifest.read_text() + "variants:\n  shop: {}\n", encoding="utf-8")
    r = cli("check", kit)
    assert r.exit_code == 2
    assert f"kit.yaml:{line_of(manifest, '  shop:')}:3: error: a variant may not be" in r.stderr


def test_a_one_sheet_map_says_nothing_of_rows_and_columns(cli, tmp_path):
    kit = _map_kit(tmp_path, "120mm", "100mm")
    assert cli("build", kit, "--out", tmp_path / "out").exit_code == 0
    with pdfplumber.open(tmp_path / "out" / "maps" / "map.pdf") as pdf:
        assert len(pdf.pages) == 1  # no assembly map either
        text = pdf.pages[0].extract_text()
    assert "column" not in text and "1 x 1" not in text
    assert "Maps: map" in text  # the title is still there


def _bar_left(page) -> float:
    """The left end of the footer's 50 mm scale bar (its long horizontal line)."""
    bars = [
        line
        for line in page.lines
        if abs(line["top"] - line["bottom"]) < 0.1 and abs(to_mm(line["x1"] - line["x0"]) - 50) < 1
    ]
    assert bars, "no 50 mm scale bar"
    return min(line["x0"] for line in bars)


def test_the_footer_words_stop_before_the_scale_bar(cli, tmp_path):
    """A long title on a tiled sheet is fitted left of the bar, never struck through by it."""
    kit = _map_kit(tmp_path, "300mm", "200mm", title=LONG_TITLE)
    assert cli("build", kit, "--out", tmp_path / "out").exit_code == 0
    with pdfplumber.open(tmp_path / "out" / "maps" / "map.pdf") as pdf:
        sheet = pdf.pages[1]  # the first sheet after the assembly map
        left = _bar_left(sheet)
        footer = [c for c in sheet.chars if c["bottom"] > sheet.height - mm(20)]
        words = [c for c in footer if c["x0"] < left]  # the caption stands right of the bar
        assert max(c["x1"] for c in words) < left - 1
        assert not [c for c in footer if c["x0"] < left < c["x1"]]
        text = "".join(c["text"] for c in words)
    assert "Northern" in text and "row A, column 1 of" in text


def test_the_assembly_map_keeps_below_its_instructions(cli, tmp_path):
    """A tall map fills the assembly page's height: its frame starts below the last line."""
    kit = _map_kit(tmp_path, "150mm", "900mm")
    assert cli("build", kit, "--out", tmp_path / "out").exit_code == 0
    with pdfplumber.open(tmp_path / "out" / "maps" / "map.pdf") as pdf:
        page = pdf.pages[0]
        frame = [r for r in page.rects if abs(r["linewidth"] - 1.2) < 0.05]
        assert len(frame) == 1
        last = [
            w["top"] for w in page.extract_words() if w["text"] == "bands" and w["top"] < mm(60)
        ]
        assert len(last) == 1, "the instructions' last line: Glue bands are 12 mm wide."
        lowest = max(c["bottom"] for c in page.chars if c["top"] <= last[0] + 1)
        assert frame[0]["top"] > lowest + mm(2)


def test_check_warns_of_a_coarse_image_on_a_map(cli, tmp_path):
    """87 px over 60 mm is 37 dpi: `check` names the file, its print size and dpi at the
    element, and the map still builds."""
    kit = _map_kit(
        tmp_path,
        "120mm",
        "100mm",
        face="  - {element: image, box: [10, 30, 60, 60], image: art/coarse.png}\n",
    )
    (kit / "art").mkdir()
    Image.new("RGB", (87, 87), "red").save(kit / "art" / "coarse.png")
    r = cli("check", kit)
    assert r.exit_code == 0, r.output
    line = line_of(kit / "map.yaml", "coarse.png")
    assert f"map.yaml:{line}:" in r.stdout
    assert "warning [FACE005] image 'art/coarse.png' (87x87 px) prints 60x60 mm" in r.stdout
    assert "37 dpi: below the home profile's 150 dpi" in r.stdout
    assert cli("build", kit, "--out", tmp_path / "out").exit_code == 0
    Image.new("RGB", (800, 800), "red").save(kit / "art" / "coarse.png")
    fine = cli("check", kit)
    assert "FACE005" not in fine.stdout


def test_check_warns_of_a_5_pt_table_cell_on_a_map(cli, tmp_path):
    """A combat results table whose cells fit only at 5 pt: FACE004 at the table's size."""
    table = (
        "  - {element: table, box: [70, 10, 40, 20], size: 5pt, min_size: 4pt, rows: [[a, b]]}\n"
    )
    kit = _map_kit(tmp_path, "120mm", "100mm", face=table)
    r = cli("check", kit)
    assert r.exit_code == 0, r.output
    line = line_of(kit / "map.yaml", "element: table")
    assert f"map.yaml:{line}:" in r.stdout
    assert "warning [FACE004] text 'a' in 'map' prints at 5.0 pt, below 6 pt" in r.stdout
    roomy = (kit / "map.yaml").read_text().replace("size: 5pt, min_size: 4pt", "size: 8pt")
    (kit / "map.yaml").write_text(roomy, encoding="utf-8")
    assert "FACE004" not in cli("check", kit).stdout


def test_an_image_on_tokens_is_an_input_error_at_its_line(cli, tmp_path):
    """Tokens print no pictures: an image element there is refused at its line (exit 2, nothing
    written), not an internal error."""
    kit = tmp_path / "tok"
    (kit / "art").mkdir(parents=True)
    Image.new("RGB", (200, 200), "red").save(kit / "art" / "coin.png")
    (kit / "kit.yaml").write_text(
        "name: tok\ntitle: Tok\ncomponents:\n  tokens: {type: tokens, file: tokens.yaml}\n",
        encoding="utf-8",
    )
    (kit / "tokens.yaml").write_text(
        "groups:\n  coins:\n    role: coin\n    width: 40mm\n    height: 40mm\n    face:\n"
        "      - {element: image, box: [0, 0, 100%, 100%], image: art/coin.png}\n"
        '    pieces:\n      - {colour_id: gold, label: "5", colour: "#c9a227", count: 1}\n',
        encoding="utf-8",
    )
    line = line_of(kit / "tokens.yaml", "element: image")
    for command in (["check", kit], ["build", kit, "--out", tmp_path / "out"]):
        r = cli(*command)
        assert r.exit_code == 2, r.output
        assert f"tokens.yaml:{line}:" in r.stderr and "prints no pictures" in r.stderr
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))
