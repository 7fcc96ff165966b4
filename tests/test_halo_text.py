"""A map label's halo is a path, not a second text run (issue 37): the label is text once, so
every text extractor reads "Smolensk" and none "SSmmoolleennsskk", and it looks as before on
paper: a paper-white outline round the letters over dark terrain, exactly under them."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pdfplumber
import pypdfium2 as pdfium
import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphComponent
from pdfcheck import assert_fonts_embedded
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import FONT_DIR, check_font_file, shipped_font
from printkit.draw.glyf import TrueTypeGlyphs
from printkit.draw.outlines import GlyphOutlines, stroke_outline
from tests.conftest import one_component_kit

LABEL = "Smolensk"
DARK = (0x1E, 0x2E, 0x24)  # the terrain under the label
INK = (0x4A, 0x46, 0x3E)  # the letters of a name without a symbol (coordinate_colour)
MAP = """width: 120mm
height: 70mm
face:
  - element: hex-grid
    at: [5, 5]
    columns: 4
    rows: 2
    size: 25mm
    coordinate_size: 0mm
    terrain:
      d: {name: forest, fill: "#1e2e24"}
    cells: [dddd, dddd]
    points:
      - {at: "0201", label: Smolensk, size: 6mm}
"""


@pytest.fixture(scope="module")
def label_map(tmp_path_factory) -> Path:
    """A one-sheet map of dark hexes with one label, built once for the module."""
    from click.testing import CliRunner

    from printkit.cli import main

    kit = one_component_kit(tmp_path_factory.mktemp("kit") / "halo", "map", "map", MAP)
    out = tmp_path_factory.mktemp("out")
    r = CliRunner().invoke(main, ["build", str(kit), "--out", str(out), "-j", "1"])
    assert r.exit_code == 0, r.output
    return out / "halo" / "map.pdf"


def _pdfplumber(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def _pypdf(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def _pdfium(path: Path) -> str:
    return "\n".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(path))


def _pdftotext(path: Path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    return subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


@pytest.mark.parametrize("extract", [_pdfplumber, _pypdf, _pdfium, _pdftotext])
def test_every_extractor_reads_the_label_once(label_map, extract):
    text = extract(label_map)
    assert text.count(LABEL) == 1, text
    assert "SS" not in text and "kk" not in text, text


def _label_chars(page) -> list[dict]:
    """The label's letters: the text at its size (6 mm), apart from the sheet's own words."""
    return [c for c in page.chars if abs(c["size"] - 6 * 72 / 25.4) < 0.1]


def test_the_label_is_one_text_run_and_its_fonts_are_embedded(label_map):
    with pdfplumber.open(label_map) as pdf:
        chars = [c for page in pdf.pages for c in _label_chars(page)]
    assert "".join(c["text"] for c in chars) == LABEL
    assert any("DejaVu" in name for name in assert_fonts_embedded(label_map))


def test_the_halo_is_paper_white_round_the_letters_over_the_dark_terrain(label_map):
    """Between and round the letters (the label's box, measured on the page) the white halo
    shows, over terrain and letters that are both dark."""
    with pdfplumber.open(label_map) as pdf:
        page = pdf.pages[0]
        chars = _label_chars(page)
        box = (
            min(c["x0"] for c in chars),
            min(c["top"] for c in chars),
            max(c["x1"] for c in chars),
            max(c["bottom"] for c in chars),
        )
    scale = 150 / 72
    image = pdfium.PdfDocument(label_map)[0].render(scale=scale).to_pil().convert("RGB")
    label = np.asarray(image.crop(tuple(round(v * scale) for v in box)), dtype=int)
    white = label.min(axis=2) > 235
    dark = np.abs(label - DARK).max(axis=2) < 8
    glyphs = np.abs(label - INK).max(axis=2) < 8
    assert white.mean() > 0.2, white.mean()  # the halo, round every letter
    assert dark.mean() > 0.05, dark.mean()  # and the terrain beyond it, inside the label's box
    assert glyphs.mean() > 0.05, glyphs.mean()  # the dark letters themselves
    # every letter's edge is white: within 2 pixels (0.34 mm) of a letter's pixels, white
    # shows, never the terrain (the halo reaches 0.66 mm past the letters)
    rows, columns = glyphs.shape
    padded, near = np.pad(glyphs, 2), np.zeros_like(glyphs)
    for dy in range(5):
        for dx in range(5):
            near |= padded[dy : dy + rows, dx : dx + columns]
    ring = near & ~glyphs
    assert white[ring].mean() > 0.5, white[ring].mean()
    assert dark[ring].mean() < 0.01, dark[ring].mean()


def _ink(draw) -> np.ndarray:
    """How dark each pixel of a page `draw` draws on is, rendered at 600 dpi (0 to 255)."""
    canvas_file = io.BytesIO()
    c = Canvas(canvas_file, pagesize=(600, 80), invariant=1)
    draw(c)
    c.showPage()
    c.save()
    page = pdfium.PdfDocument(canvas_file.getvalue())[0]
    return 255 - np.asarray(page.render(scale=600 / 72).to_pil().convert("L"), dtype=float)


def _kit_font() -> str:
    """A font as a kit names its own (kit.yaml `fonts:`), registered from the bytes read."""
    return check_font_file(FONT_DIR / "DejaVuSerif-Bold.ttf")


@pytest.mark.parametrize(
    "face",
    [lambda: shipped_font("italic"), lambda: shipped_font("heading"), _kit_font],
    ids=["italic", "heading", "kit-font"],
)
def test_the_outline_lies_where_the_stroked_text_did(face):
    """The glyph outlines stroked at a text's place are the stroked text a viewer draws (the
    halo as it was, a second text run in render mode 1), in a shipped font and in a kit's own:
    the same ink, its ends within 4 pixels at 600 dpi (0.17 mm) and its centre within 2 over a
    line of 20 letters at 30 pt, where an advance off by 1/100 em would move the end 50
    pixels. (pdfium places text's letters up to a sixth of a pixel each short of where the
    path is; poppler draws the text and the path to within a pixel.)"""
    face, size, text = face(), 30.0, "AVAWAY To\u00a0fj 0123ÉĦ"

    def as_text(c: Canvas) -> None:
        c.setLineWidth(size * 0.22)
        c.setLineJoin(1)
        t = c.beginText(12.3, 30.7)
        t.setFont(face, size)
        t.setTextRenderMode(1)
        t.textOut(text)
        c.drawText(t)

    def as_path(c: Canvas) -> None:
        c.setLineJoin(1)
        c.setFont(face, size)
        stroke_outline(c, text, face, size, 12.3, 30.7, size * 0.22)

    old, new = _ink(as_text), _ink(as_path)
    for axis in (0, 1):  # columns, then rows
        a, b = old.sum(axis=axis), new.sum(axis=axis)
        inked_a, inked_b = np.nonzero(a)[0], np.nonzero(b)[0]
        assert abs(inked_a[0] - inked_b[0]) <= 4 and abs(inked_a[-1] - inked_b[-1]) <= 4
        at = np.arange(len(a))
        assert abs((a * at).sum() / a.sum() - (b * at).sum() / b.sum()) < 2.0
    assert abs(new.sum() / old.sum() - 1) < 0.005  # the same ink: the same line width


def _font(composite: bool = False) -> bytes:
    """A TrueType font whose 'D' is a line and one quadratic curve; with `composite`, its 'E'
    is the 'D' scaled by half and moved by (100, 50), and its 'F' the 'D' with its point 1
    put on point 0 of a first part, the 'D' moved by (0, 1000) (a part placed by points)."""
    builder = FontBuilder(1000, isTTF=True)
    names = [".notdef", "D", "E", "F"]
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({ord(n): n for n in names[1:]})
    pen = TTGlyphPen(None)
    pen.moveTo((0, 0))
    pen.lineTo((0, 600))
    pen.qCurveTo((600, 600), (600, 0))
    pen.closePath()
    glyphs = {".notdef": TTGlyphPen(None).glyph(), "D": pen.glyph()}
    scaled = TTGlyphPen({"D": None})  # the glyph set it checks the part is in
    scaled.addComponent("D", (0.5, 0, 0, 0.5, 100, 50))
    glyphs["E"] = scaled.glyph() if composite else TTGlyphPen(None).glyph()
    glyphs["F"] = TTGlyphPen(None).glyph()
    builder.setupGlyf(glyphs)
    if composite:  # F: the D moved up, then a D whose point 1 (0, 600) lies on point 0 (0, 1000)
        glyf = builder.font["glyf"]
        first = GlyphComponent()
        first.glyphName, first.x, first.y, first.flags = "D", 0, 1000, 0x2
        second = GlyphComponent()
        second.glyphName, second.firstPt, second.secondPt, second.flags = "D", 0, 1, 0
        glyph = Glyph()
        glyph.numberOfContours, glyph.components = -1, [first, second]
        glyf["F"] = glyph
    builder.setupHorizontalMetrics({n: (600, 0) for n in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Test", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    data = io.BytesIO()
    builder.save(data)
    return data.getvalue()


def test_a_truetype_quadratic_curve_is_the_cubic_curve_it_equals():
    """A TrueType quadratic curve is written as the cubic curve it equals (control points two
    thirds of the way to the quadratic's), its closing line left to `h`."""
    outlines = GlyphOutlines(_font())
    assert outlines.units_per_em == 1000 and outlines.glyph_count == 4
    assert outlines.path(1) == "0 0 m 0 600 l 400 600 600 400 600 0 c h"
    assert outlines.bounds(1) == (0, 0, 600, 600)
    assert outlines.path(0) == "" and outlines.bounds(0) == (0, 0, 0, 0)  # a blank glyph
    assert outlines.path(99) == ""  # an unknown glyph is .notdef


def test_a_composite_glyphs_parts_are_scaled_and_placed():
    outlines = GlyphOutlines(_font(composite=True))
    assert outlines.path(2) == "100 50 m 100 350 l 300 350 400 250 400 50 c h"
    assert outlines.path(3) == (
        "0 1000 m 0 1600 l 400 1600 600 1400 600 1000 c h "
        "0 400 m 0 1000 l 400 1000 600 800 600 400 c h"
    )


def test_a_damaged_font_gives_no_outline_and_no_error():
    data = _font(composite=True)
    assert GlyphOutlines(data[:200]).path(1) == ""  # its tables cut off
    cut = GlyphOutlines(data[: len(data) - 40])
    assert [cut.path(n) for n in range(4)]  # glyphs past the end read as far as they go


@pytest.mark.parametrize("every", [23, pytest.param(1, marks=pytest.mark.slow)])
def test_every_glyph_of_the_shipped_fonts_reads_as_fonttools_reads_it(every):
    """draw/glyf.py against fontTools, on the fonts printkit ships (labels use any of them):
    every glyph's points, on and off the curve, composites' parts scaled, turned and placed;
    a sample of each font in the quick suite (every 23rd glyph), all of them when slow."""
    for path in sorted(FONT_DIR.glob("*.ttf")):
        font = TTFont(path)
        glyf, order = font["glyf"], font.getGlyphOrder()
        mine = TrueTypeGlyphs(path.read_bytes())
        assert mine.glyph_count == len(order) and mine.units_per_em == font["head"].unitsPerEm
        for number in range(0, len(order), every):
            coordinates, ends, flags = glyf[order[number]].getCoordinates(glyf)
            theirs, first = [], 0
            for last in ends:
                theirs.append(
                    [(*coordinates[n], bool(flags[n] & 1)) for n in range(first, last + 1)]
                )
                first = last + 1
            assert mine.contours(number) == theirs, (path.name, order[number])
