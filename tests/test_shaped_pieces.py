"""Cards and tokens of any shape (issue 32), from small kits written here: a deck of pointy
hexes with a `within: bleed` band, a `round` token with a face (a disc), and a shaped piece
too large for its paper (a located error, not a tiled sheet)."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.layout.units import mm, to_mm

DATA = Path(__file__).resolve().parent.parent / "data"
KIT = """\
name: shaped
title: Shaped pieces
components:
  cards: {type: deck, file: cards.yaml}
  tokens: {type: tokens, file: tokens.yaml}
"""
CARDS = """\
shape: {kind: hexagon, across: 60mm, pointy: true}
frame_width: 0
kinds:
  k:
    label: K
    colour: "#2e6b30"
    paper: "#8cc05a"
    face:
      - {element: shape, box: [0, 0, 100%, 30%], within: bleed, fill: "#1d4e89"}
      - {element: text, box: [0, 40%, 100%, 20%], text: "{title}", font: heading, size: 6mm}
back: {colour: "#1d4e89", title: HEX}
sides: 2
cards:
  - {id: a, kind: k, title: ALPHA, count: 3}
  - {id: b, kind: k, title: BETA, count: 2}
"""
TOKENS = """\
groups:
  coins:
    role: coin
    width: 20mm
    height: 20mm
    shape: round
    face:
      - {element: text, box: [0, 30%, 100%, 40%], text: "{label}", font: bold, size: 6mm}
    pieces:
      - {colour_id: gold, label: "5", colour: "#c9a227", ink: "#1d1a16", count: 4}
"""


def _kit(tmp_path: Path, cards: str = CARDS, tokens: str = TOKENS) -> Path:
    kit = tmp_path / "shaped"
    kit.mkdir()
    (kit / "kit.yaml").write_text(KIT, encoding="utf-8")
    (kit / "cards.yaml").write_text(cards, encoding="utf-8")
    (kit / "tokens.yaml").write_text(tokens, encoding="utf-8")
    return kit


def _build(kit: Path, *options: str):
    """The build's result and its output folder (shop/ below the kit's for a shop build)."""
    out = kit.parent / "out"
    args = ["build", str(kit), "--out", str(out), "-j", "1", *options]
    shop = ["shop"] if "--profile shop" in " ".join(options) else []
    return CliRunner().invoke(main, args, catch_exceptions=False), out.joinpath("shaped", *shop)


def _clips(path: Path, index: int) -> list[list[tuple[float, float]]]:
    with pikepdf.open(path) as pdf:
        ops = pikepdf.parse_content_stream(pdf.pages[index])
    out, points = [], []
    for operands, op in ops:
        name = str(op)
        if name in ("m", "l"):
            points.append((float(operands[0]), float(operands[1])))
        elif name == "c":
            points.append((float(operands[4]), float(operands[5])))
        elif name in ("W", "W*"):
            out.append(points)
        if name in ("n", "f", "f*", "S", "B", "B*", "b", "re"):
            points = []
    return [p for p in out if p]


def test_a_deck_of_pointy_hexes(tmp_path):
    result, out = _build(_kit(tmp_path))
    assert result.exit_code == 0, result.output
    clips = _clips(out / "cards.pdf", 0)
    assert len(clips) == 5
    for hexagon in clips:
        xs, ys = [p[0] for p in hexagon], [p[1] for p in hexagon]
        assert round(to_mm(max(xs) - min(xs)), 2) == 60.0  # across the flats: pointy top
        assert round(to_mm(max(ys) - min(ys)), 2) == 69.28


def test_a_within_bleed_band_reaches_the_shop_page_edge(tmp_path):
    result, out = _build(_kit(tmp_path), "--profile", "shop")
    assert result.exit_code == 0, result.output
    pdf = pdfium.PdfDocument(str(out / "cards.pdf"))
    try:
        image = pdf[0].render(scale=150 / 72).to_pil().convert("RGB")
    finally:
        pdf.close()
    width_mm = image.width * 25.4 / 150
    # the page's top centre is in the bleed, above the hex's top corner: the band is there
    r, g, b = image.getpixel((image.width // 2, round(0.5 * 150 / 25.4)))
    assert b > 100 and b > r + 40 and b > g, (r, g, b)
    assert round(width_mm) == 66  # 60 mm across the flats and 3 mm of bleed each side
    # a corner of the page lies outside the hex grown by the bleed: paper
    assert image.getpixel((2, 2)) == (255, 255, 255)


def test_a_round_token_with_a_face_is_a_disc(tmp_path):
    result, out = _build(_kit(tmp_path))
    assert result.exit_code == 0, result.output
    clips = _clips(out / "tokens.pdf", 0)
    assert len(clips) == 4
    for disc in clips:
        xs = [p[0] for p in disc]
        assert round(to_mm(max(xs) - min(xs)), 2) == 20.0
        assert len(disc) == 5  # a start and four quarter arcs


def test_a_shaped_piece_too_large_for_its_paper_is_a_located_error(tmp_path):
    big = CARDS.replace("across: 60mm", "across: 290mm")
    result, out = _build(_kit(tmp_path, cards=big))
    assert result.exit_code == 2, result.output
    assert "cards.yaml:" in result.output
    assert "hexagon does not fit on A4 paper" in result.output
    assert not (out / "cards.pdf").exists()


MAP_KIT = """\
name: sheet
title: A small sheet
components:
  sheet: {type: map, file: sheet.yaml}
"""


def test_a_sheet_smaller_than_the_paper_is_centred_on_it(tmp_path):
    kit = tmp_path / "sheet"
    kit.mkdir()
    (kit / "kit.yaml").write_text(MAP_KIT, encoding="utf-8")
    (kit / "sheet.yaml").write_text(
        'width: 180mm\nheight: 120mm\ncolour: "#f3efe2"\nface:\n'
        '  - {element: text, box: [10, 10, 160, 20], text: "CHARACTER", size: 8mm}\n',
        encoding="utf-8",
    )
    for paper in ("a4", "letter"):
        out = tmp_path / paper
        args = ["build", str(kit), "--out", str(out), "-j", "1", "--paper", paper]
        result = CliRunner().invoke(main, args, catch_exceptions=False)
        assert result.exit_code == 0, result.output
        with pikepdf.open(out / "sheet" / "sheet.pdf") as pdf:
            page = pdf.pages[0]
            w, h = (float(v) for v in page.mediabox[2:])
            x0, y0, x1, y1 = (float(v) for v in page.obj["/TrimBox"])
        assert round(to_mm(x1 - x0), 2) == 180 and round(to_mm(y1 - y0), 2) == 120
        assert abs(x0 - (w - x1)) < 0.01 and abs(y0 - (h - y1)) < 0.01, paper


GROUND = """\
card_size: poker
frame_width: 0
kinds:
  k:
    label: K
    colour: "#ffffff"
    paper: "#ffffff"
    face:
      - {element: shape, box: [0, 0, 100%, 100%], fill: "#b3261e"}
      - {element: text, box: [6, 40, 51, 10], text: "{title}", font: heading, size: 6mm}
back: {colour: "#1d4e89", title: BACK}
sides: 2
cards:
  - {id: a, kind: k, title: ALPHA}
"""


def test_a_ground_over_the_whole_trim_reaches_the_bleed(tmp_path):
    result, out = _build(_kit(tmp_path, cards=GROUND), "--profile", "shop")
    assert result.exit_code == 0, result.output
    pdf = pdfium.PdfDocument(str(out / "cards.pdf"))
    try:
        image = pdf[0].render(scale=150 / 72).to_pil().convert("RGB")
    finally:
        pdf.close()
    r, g, b = image.getpixel((3, 3))  # in the bleed, beyond the card's corner
    assert r > 120 and g < 80 and b < 80, (r, g, b)


CORNER_TEXT = TOKENS.replace(
    '      - {element: text, box: [0, 30%, 100%, 40%], text: "{label}", font: bold, size: 6mm}',
    '      - {element: text, box: [3.5, 3.5, 4, 3], text: "{label}", font: bold, size: 2.5mm}',
)


def test_text_in_a_discs_corner_is_outside_its_safe_area(tmp_path):
    kit = _kit(tmp_path, tokens=CORNER_TEXT)
    result = CliRunner().invoke(main, ["check", str(kit)], catch_exceptions=False)
    assert "PK001" in result.output and "tokens.yaml" in result.output, result.output
    (tmp_path / "fine").mkdir()
    fine = _kit(tmp_path / "fine")
    result = CliRunner().invoke(main, ["check", str(fine)], catch_exceptions=False)
    assert "PK001" not in result.output, result.output


@pytest.mark.slow  # a shop build of the tiles beside the shared one
def test_a_tile_prints_its_count_of_copies(tmp_path, built_kit):
    kit = tmp_path / "chartae"
    shutil.copytree(DATA / "chartae", kit)
    tiles = kit / "tiles.yaml"
    text = tiles.read_text(encoding="utf-8")
    tiles.write_text(
        text.replace("{id: B, edges: LL LS SS SL}", "{id: B, edges: LL LS SS SL, count: 3}")
    )
    out = tmp_path / "out"
    args = ["build", str(kit), "--out", str(out), "-j", "1", "--only", "tiles", "--profile", "shop"]
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    plain = built_kit("chartae", "--profile", "shop")  # the shared build of the kit
    with (
        pikepdf.open(out / "chartae" / "shop" / "tiles.pdf") as more,
        pikepdf.open(plain / "tiles.pdf") as fewer,
    ):
        assert len(more.pages) == len(fewer.pages) + 2 * 2  # two more tiles, face and back


@pytest.mark.parametrize(
    ("shape", "line", "words"),
    [
        ("{kind: path}", "tokens.yaml:6:", "a path needs `points`"),
        ("path", "tokens.yaml:6:12", "shape must be"),
        ("{kind: circle, points: [[0, 0], [1, 0], [0, 1]]}", "tokens.yaml:6:", "`points` is for"),
        ("{kind: ellipse, across: 20mm}", "tokens.yaml:6:", "`across` sizes a hexagon"),
        ("{kind: hexagon, acros: 20mm}", "tokens.yaml:6:", "acros"),
    ],
)
def test_a_wrong_shape_is_a_located_input_error(tmp_path, shape, line, words):
    tokens = TOKENS.replace("    shape: round\n", f"    shape: {shape}\n")
    result, out = _build(_kit(tmp_path, tokens=tokens))
    assert result.exit_code == 2, result.output
    assert line in result.output and words in result.output, result.output
    assert not out.exists() or not (out / "tokens.pdf").exists()


def test_a_path_shaped_token(tmp_path):
    tokens = TOKENS.replace(
        "    shape: round\n", "    shape: {kind: path, points: [[0, 0], [20, 0], [10, 20]]}\n"
    )
    result, out = _build(_kit(tmp_path, tokens=tokens))
    assert result.exit_code == 0, result.output
    clips = _clips(out / "tokens.pdf", 0)
    assert len(clips) == 4 and all(len(c) == 3 for c in clips)
    # the back's outline is the front's seen from behind: the triangle's apex stays at the bottom
    # (long-edge flip reverses the columns), its points mirrored about the sheet's middle
    backs = _clips(out / "tokens.pdf", 1)
    assert sorted(round(to_mm(y), 2) for y in (p[1] for p in backs[0])) == sorted(
        round(to_mm(y), 2) for y in (p[1] for p in clips[0])
    )


def test_a_rounded_rectangle_is_clipped_to_its_corners(tmp_path):
    tokens = TOKENS.replace("    shape: round\n", "    shape: {kind: rectangle, radius: 4mm}\n")
    result, out = _build(_kit(tmp_path, tokens=tokens))
    assert result.exit_code == 0, result.output
    clips = _clips(out / "tokens.pdf", 0)
    assert len(clips) == 4
    pdf = pdfium.PdfDocument(str(out / "tokens.pdf"))
    try:
        image = pdf[0].render(scale=150 / 72).to_pil().convert("RGB")
    finally:
        pdf.close()
    height = image.height * 72 / 150
    for clip in clips:
        xs, ys = [p[0] for p in clip], [p[1] for p in clip]
        assert round(to_mm(max(xs) - min(xs)), 2) == 20.0
        x, y = min(xs) + mm(0.5), max(ys) - mm(0.5)  # the top-left corner, cut away: paper
        assert min(image.getpixel((round(x * 150 / 72), round((height - y) * 150 / 72)))) > 240
        x, y = min(xs) + mm(4), max(ys) - mm(1)  # along the top edge: the piece's gold
        r, g, b = image.getpixel((round(x * 150 / 72), round((height - y) * 150 / 72)))
        assert r > 150 and b < 100, (r, g, b)


def test_a_path_beyond_its_box_is_a_located_error(tmp_path):
    tokens = TOKENS.replace(
        "    shape: round\n", "    shape: {kind: path, points: [[0, 0], [30, 0], [10, 20]]}\n"
    )
    result, _ = _build(_kit(tmp_path, tokens=tokens))
    assert result.exit_code == 2, result.output
    assert "tokens.yaml:6:" in result.output and "[30, 0] mm lies outside" in result.output


def test_tiles_take_a_shape(tmp_path):
    kit = tmp_path / "chartae"
    shutil.copytree(DATA / "chartae", kit)
    tiles = kit / "tiles.yaml"
    text = tiles.read_text(encoding="utf-8")
    tiles.write_text(
        text.replace("tile_size:", "shape: {kind: rectangle, radius: 4mm}\ntile_size:", 1)
        if "tile_size:" in text
        else "shape: {kind: rectangle, radius: 4mm}\n" + text,
        encoding="utf-8",
    )
    out = tmp_path / "out"
    args = ["build", str(kit), "--out", str(out), "-j", "1", "--only", "tiles"]
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    clips = _clips(out / "chartae" / "tiles.pdf", 0)
    assert clips and all(len(c) == 9 for c in clips)  # four sides and four rounded corners


def test_a_maps_sheets_keep_the_kits_sheet_margin(tmp_path):
    nearest = {}
    for margin in ("", "sheet_margin: 12mm\n"):
        kit = tmp_path / f"map{len(margin)}"
        kit.mkdir()
        (kit / "kit.yaml").write_text(MAP_KIT + margin)
        (kit / "sheet.yaml").write_text(
            'width: 300mm\nheight: 250mm\ncolour: "#f3efe2"\nface:\n'
            '  - {element: text, box: [10, 10, 160, 20], text: "BIG MAP", size: 8mm}\n',
            encoding="utf-8",
        )
        out = tmp_path / f"out{len(margin)}"
        args = ["build", str(kit), "--out", str(out), "-j", "1"]
        result = CliRunner().invoke(main, args, catch_exceptions=False)
        assert result.exit_code == 0, result.output
        edges = []
        with pikepdf.open(out / "sheet" / "sheet.pdf") as pdf:
            for page in pdf.pages[1:]:  # the sheets after the assembly map
                w, h = (float(v) for v in page.mediabox[2:])
                x0, y0, x1, y1 = (float(v) for v in page.obj["/TrimBox"])
                edges.append(min(x0, y0, w - x1, h - y1))
        nearest[bool(margin)] = to_mm(min(edges))
    assert round(nearest[False], 2) == 5.5  # the printable edge and room for the outline
    assert nearest[True] >= 12.5 - 0.01  # the kit's 12 mm margin and room for the outline


def test_a_hex_that_fits_the_paper_but_not_its_bands_is_a_located_error(tmp_path):
    big = CARDS.replace("across: 60mm, pointy: true", "across: 195mm")  # A4 is 210 mm high
    result, _ = _build(_kit(tmp_path, cards=big))
    assert result.exit_code == 2, result.output
    assert "cards.yaml:" in result.output and "does not fit on A4 paper" in result.output


def test_a_showcase_card_is_cut_to_its_shape():
    from PIL import Image

    from printkit.export.showcase import cut_out
    from printkit.layout.shapes import Shape, hexagon_size

    size = hexagon_size(mm(60), pointy=True)
    image = Image.new("RGBA", (600, round(600 * size.height / size.width)), (200, 30, 30, 255))
    cut = cut_out(image, Shape("hexagon", pointy=True), size.width)
    alpha = cut.getchannel("A")
    assert alpha.getpixel((2, 2)) == 0  # a corner of the box: outside the hex
    assert alpha.getpixel((300, cut.height // 2)) == 255
    assert alpha.getpixel((300, 3)) == 255  # the top corner of a pointy hex
    rounded = cut_out(image.copy(), Shape("rectangle", radius=mm(6)), mm(60))
    assert rounded.getchannel("A").getpixel((3, 3)) == 0
    assert rounded.getchannel("A").getpixel((300, 3)) == 255


def test_a_shaped_cards_frame_follows_its_outline(tmp_path):
    framed = CARDS.replace("frame_width: 0", "frame_width: 4mm")
    result, out = _build(_kit(tmp_path, cards=framed))
    assert result.exit_code == 0, result.output
    hexagon = _clips(out / "cards.pdf", 0)[0]
    bottom = min(hexagon, key=lambda p: p[1])  # a pointy hex's bottom corner
    cx, cy = sum(p[0] for p in hexagon) / 6, sum(p[1] for p in hexagon) / 6
    lower_left = min((p for p in hexagon if p[1] < cy), key=lambda p: p[0])
    mid = ((bottom[0] + lower_left[0]) / 2, (bottom[1] + lower_left[1]) / 2)
    k = mm(2.5) / math.dist(mid, (cx, cy))  # 2.5 mm in from the middle of a slanted side
    slanted = (mid[0] + (cx - mid[0]) * k, mid[1] + (cy - mid[1]) * k)
    pdf = pdfium.PdfDocument(str(out / "cards.pdf"))
    try:
        image = pdf[0].render(scale=150 / 72).to_pil().convert("RGB")
    finally:
        pdf.close()
    height = image.height * 72 / 150

    def pixel(up_mm: float) -> tuple[int, int, int]:
        x, y = bottom[0], bottom[1] + mm(up_mm)
        return image.getpixel((round(x * 150 / 72), round((height - y) * 150 / 72)))

    frame, paper = (0x2E, 0x6B, 0x30), (0x8C, 0xC0, 0x5A)
    assert all(abs(a - b) < 12 for a, b in zip(pixel(2), frame, strict=True)), pixel(2)
    assert all(abs(a - b) < 12 for a, b in zip(pixel(8), paper, strict=True)), pixel(8)
    x, y = slanted  # the frame runs along the slanted side, not only along the box's edges
    near_side = image.getpixel((round(x * 150 / 72), round((height - y) * 150 / 72)))
    assert all(abs(a - b) < 12 for a, b in zip(near_side, frame, strict=True)), near_side
