"""Icons from data: the registry, kit icons from SVG and PNG files, inline icons in text, the
`printkit icons` contact sheet, and unknown names found by `check` with a suggestion."""

from __future__ import annotations

import pdfplumber
import pytest

from printkit.kit import load_kit
from printkit.model.options import Options
from tests.conftest import edit, line_of
from tests.pdfcheck import page_chars, page_paths, page_texts
from tests.pdfshapes import filled_paths, page_image_counts
from tests.test_faces import _draw_designs, _png


def test_unknown_icon_names_are_errors_with_a_suggestion(cli, kit_copy):
    kit_dir = kit_copy("carthage")
    edit(kit_dir / "fatum.yaml", "emblem: horse,", "emblem: hrose,")
    r = cli("check", kit_dir)
    assert r.exit_code == 2, r.output
    line = line_of(kit_dir / "fatum.yaml", "emblem: hrose")
    assert f"fatum.yaml:{line}:" in r.output
    assert "unknown icon 'hrose'; did you mean 'horse'?" in r.output


def test_an_icon_element_with_only_text_is_an_error_not_a_wheel(cli, kit_copy):
    kit_dir = kit_copy("carthage")
    edit(kit_dir / "fatum.yaml", "field: emblem}", 'text: "{title}"}')
    r = cli("check", kit_dir)
    assert r.exit_code == 2  # an icon takes no text: its keys are named
    assert "unknown key 'text' in icon element" in r.output and "icon, rotate" in r.output
    edit(kit_dir / "fatum.yaml", ', text: "{title}"}', "}")
    r = cli("check", kit_dir)
    assert r.exit_code == 2
    assert "needs `icon: <name>` or `field:`" in r.output


def test_inline_icons_are_drawn_in_the_text_line(kit_copy, tmp_path):
    kit_dir = kit_copy("chariot-race")
    edit(kit_dir / "cards.yaml", '"Play at once – cannot be held"', '"{icon:star} Play at once"')
    kit = load_kit(str(kit_dir), Options())
    pdf_path = tmp_path / "inline.pdf"
    pages = _draw_designs(kit, "cards", pdf_path, cards={"favour-of-nike"})
    index = [label for label, _ in pages].index("favour-of-nike")
    text = page_texts(pdf_path)[index]
    assert "Play at once" in text and "{icon" not in text
    p = next(c for c in page_chars(pdf_path)[index] if c["text"] == "P" and c["size"] < 9)
    shapes = page_paths(pdf_path)[index]
    stars = [o for o in shapes if abs(o["top"] - p["top"]) < 4 and o["x1"] <= p["x0"]]
    assert stars, "no icon drawn before the text on its line"
    # the icon, not one of the kind's small background stars (a fifth of the text size) that
    # lie left of the text too: the tallest shape, ending just before the text, at its size
    star = max(stars, key=lambda o: o["bottom"] - o["top"])
    assert p["size"] * 0.5 <= star["bottom"] - star["top"] <= p["size"] * 1.05
    assert p["x0"] - p["size"] <= star["x1"]


def test_an_unknown_inline_icon_is_an_error(cli, kit_copy):
    kit_dir = kit_copy("chariot-race")
    edit(kit_dir / "cards.yaml", '"Play at once – cannot be held"', '"{icon:stra} Play"')
    r = cli("check", kit_dir)
    assert r.exit_code == 2
    assert "did you mean 'star'?" in r.output


SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20">'
    '<rect x="2" y="2" width="16" height="16" fill="#2266aa"/></svg>'
)


def test_a_kit_adds_icons_from_svg_and_png_files(cli, kit_copy, tmp_path):
    kit_dir = kit_copy("carthage")
    (kit_dir / "box.svg").write_text(SVG, encoding="utf-8")
    _png(kit_dir / "dot.png", 64, 64)
    edit(kit_dir / "kit.yaml", "components:", "icons: {box: box.svg}\ncomponents:")
    edit(kit_dir / "fatum.yaml", "min_text_size: 6pt", "min_text_size: 6pt\nicons: {dot: dot.png}")
    edit(kit_dir / "fatum.yaml", "emblem: horse,", "emblem: box,")
    edit(kit_dir / "fatum.yaml", "emblem: palm,", "emblem: dot,")
    assert cli("check", kit_dir).exit_code == 0
    r = cli("icons", kit_dir, "--out", tmp_path)
    assert r.exit_code == 0, r.output
    words = page_texts(tmp_path / "carthage" / "icons.pdf")[0]
    assert "box" in words and "dot" in words and "box.svg" in words
    assert page_image_counts(tmp_path / "carthage" / "icons.pdf")[0]  # the PNG icon
    assert (tmp_path / "carthage" / "icons.png").stat().st_size > 0
    kit = load_kit(str(kit_dir), Options())
    pages = _draw_designs(kit, "fatum", tmp_path / "f.pdf", cards={"epone-goddess"})
    index = [label for label, _ in pages].index("epone-goddess")
    blue = (0x22, 0x66, 0xAA)
    shapes = filled_paths(tmp_path / "f.pdf", first=index + 1)[index]
    # the SVG's square, drawn as vectors
    assert [o for o in shapes if tuple(round(v * 255) for v in o["colour"]) == blue]


def test_a_bad_icon_file_is_an_input_error_at_its_key(cli, kit_copy):
    kit_dir = kit_copy("carthage")
    (kit_dir / "bad.svg").write_text("<svg", encoding="utf-8")
    edit(kit_dir / "kit.yaml", "components:", "icons: {bad: bad.svg}\ncomponents:")
    r = cli("check", kit_dir)
    assert r.exit_code == 2
    assert f"kit.yaml:{line_of(kit_dir / 'kit.yaml', 'bad.svg')}:" in r.output


def test_printkit_icons_names_every_builtin_icon(cli, tmp_path):
    from printkit.draw.icons import BUILTIN

    r = cli("icons", "--out", tmp_path)
    assert r.exit_code == 0, r.output
    words = set(page_texts(tmp_path / "icons.pdf")[0].split())
    assert set(BUILTIN.names()) <= words


def test_tile_ornaments_are_icons_named_in_data(cli, kit_copy):
    kit_dir = kit_copy("chartae")
    edit(kit_dir / "tiles.yaml", "ornament: whale}", "ornament: whael}")
    r = cli("check", kit_dir)
    assert r.exit_code == 2
    assert "did you mean 'whale'?" in r.output  # the game's own icon
    assert f"tiles.yaml:{line_of(kit_dir / 'tiles.yaml', 'whael')}:" in r.output


CRATER_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
<path d="M10 60 Q50 5 90 60 Q50 95 10 60 Z" fill="#ff00ff"/>
</svg>
"""


@pytest.mark.slow  # a board built and read back
def test_a_board_square_may_show_the_kits_own_icon(cli, kit_copy, tmp_path):
    """A square kind's emblem may name an icon of the kit's own (kit.yaml `icons:`): check
    accepts it and the board draws it (as vectors: the SVG's path, not a picture)."""
    kit = kit_copy("carthage")
    (kit / "icons").mkdir()
    (kit / "icons" / "crater.svg").write_text(CRATER_SVG, encoding="utf-8")
    manifest = (kit / "kit.yaml").read_text()
    (kit / "kit.yaml").write_text(
        manifest.replace("components:", "icons: {crater: icons/crater.svg}\ncomponents:", 1)
    )
    board = kit / "board.yaml"
    board.write_text(board.read_text().replace("emblem: broken-wheel", "emblem: crater", 1))
    r = cli("check", kit)
    assert r.exit_code == 0, r.output
    out = tmp_path / "out"
    r = cli("build", kit, "--out", out, "--only", "board", "--profile", "shop")
    assert r.exit_code == 0, r.output
    with pdfplumber.open(out / "carthage" / "shop" / "board.pdf") as pdf:
        page = pdf.pages[0]
        assert not page.images  # the SVG is drawn as vectors, not as a picture
        magenta = [
            c
            for c in page.curves + page.rects
            if len(c.get("non_stroking_color") or ()) == 4
            and c["non_stroking_color"][1] > 0.6  # magenta through the CMYK profile
            and max(c["non_stroking_color"][i] for i in (2, 3)) < 0.1
        ]
        squares = board.read_text().count("kind: wreck")
        assert len(magenta) >= max(1, squares)  # the crater on the WRECK squares (and legend)
    board.write_text(board.read_text().replace("emblem: crater", "emblem: cratr", 1))
    r = cli("check", kit)
    assert r.exit_code == 2 and "did you mean 'crater'?" in r.output
