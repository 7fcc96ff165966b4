"""The chariot-race deck end to end, read back from the PDF as a user would measure it."""

import hashlib
import re
import shutil

import pdfplumber
import pytest
from pypdf import PdfReader

from printkit.layout.units import to_mm
from tests.conftest import DATA, edit, mm_box
from tests.pdfcheck import page_chars, page_texts, printed, words
from tests.pdfshapes import page_lines, page_rects

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)


def page_size_mm(page) -> tuple[float, float]:
    return (
        round(to_mm(float(page.mediabox.width)), 1),
        round(to_mm(float(page.mediabox.height)), 1),
    )


def page_height(path, index: int = 0) -> float:
    """The height of a page in points."""
    return float(PdfReader(path).pages[index].mediabox.height)


def card_rects(path, index: int, w=63.0, h=88.0):
    """Trim rectangles of cards on a page: (x, y) of the bottom-left corner in mm."""
    height = page_height(path, index)
    out = []
    for r in page_rects(path, first=index + 1)[index]:
        if abs(to_mm(r["width"]) - w) < 0.05 and abs(to_mm(r["height"]) - h) < 0.05:
            out.append((round(to_mm(r["x0"]), 2), round(to_mm(height - r["bottom"]), 2)))
    return sorted(set(out))


BUILDS = {  # the deck as other test files build it too, so the builds are shared
    "a4": ("--only", "cards"),
    "letter": ("--only", "cards", "--paper", "letter"),
    "shop": ("--only", "cards", "--profile", "shop"),
}


@pytest.fixture
def built(built_kit):
    """built("a4") -> the built-in deck's cards.pdf on A4 (or letter, or the shop profile)."""
    return lambda key: built_kit("chariot-race", *BUILDS[key]) / "cards.pdf"


@pytest.mark.parametrize(("key", "size"), [("a4", A4), ("letter", LETTER)])
def test_every_page_has_the_paper_size(built, key, size):
    reader = PdfReader(built(key))
    assert len(reader.pages) == 16  # 72 cards: 8 sheets, front and back
    assert {page_size_mm(p) for p in reader.pages} == {size}


@pytest.mark.parametrize("key", ["a4", "letter"])
def test_nine_cards_per_sheet_at_their_positions(built, key):
    rects = card_rects(built(key), 0)
    width = A4[0] if key == "a4" else LETTER[0]
    height = A4[1] if key == "a4" else LETTER[1]
    x0 = round((width - 189) / 2, 2)
    y0 = round((height - 264) / 2, 2)
    expected = sorted(
        (round(x0 + 63 * c, 2), round(y0 + 88 * r, 2)) for c in range(3) for r in range(3)
    )
    assert rects == expected


def test_scale_bar_measures_50_mm_and_page_is_labelled(built):
    lines = page_lines(built("a4"), first=1)[0]
    bars = [ln for ln in lines if abs(to_mm(ln["x1"] - ln["x0"]) - 50) < 0.01]
    text = page_texts(built("a4"))[0]
    assert bars, "no 50 mm line on the sheet"
    assert "must measure 50 mm" in text
    assert re.search(r"chariot-race · Cards · sheet 1 front · page 1 of 16", text)


def test_crop_marks_are_in_the_margin(built):
    height = page_height(built("a4"))
    marks = [
        ln
        for ln in page_lines(built("a4"), first=1)[0]
        if to_mm(ln["x1"] - ln["x0"]) < 5 and to_mm(ln["bottom"] - ln["top"]) < 5
    ]
    for ln in marks:
        x, y = to_mm(ln["x0"]), to_mm(height - ln["bottom"])
        assert 5 - 0.01 <= x <= 205 + 0.01 and 5 - 0.01 <= y <= 292 + 0.01
        inside_cards = 10.5 < x < 199.5 and 16.5 < y < 280.5
        assert not inside_cards
    assert len(marks) >= 16


def _partial_deck(kit_copy, total_wanted=4):
    """A copy of the kit whose deck has only `total_wanted` cards of distinct designs."""
    kit = kit_copy("chariot-race")
    cards = kit / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    head, body = text.split("\ncards:\n")
    lines = [ln for ln in body.splitlines() if ln.startswith("  - {")][:total_wanted]
    lines = [re.sub(r"count: \d+", "count: 1", ln) for ln in lines]
    cards.write_text(head + "\ncards:\n" + "\n".join(lines) + "\n", encoding="utf-8")
    edit(kit / "rules.yaml", "max: 4", "max: 1")
    edit(kit / "rules.yaml", "hand: 6", "hand: 2")
    return kit


@pytest.mark.parametrize(
    ("duplex", "offset", "mirror"),
    [("long", (0, 0), "columns"), ("short", (0, 0), "rows"), ("long", (1.5, -0.5), "columns")],
)
def test_each_back_sits_behind_its_front(cli, kit_copy, tmp_path, duplex, offset, mirror):
    kit = _partial_deck(kit_copy, 4)  # a partial sheet: 2 cards in row 1, 2 in row 2
    args = ["build", str(kit), "--out", tmp_path / "out", "--duplex", duplex, "--only", "cards"]
    args += ["--ignore-rule-errors"]  # a 4-card deck breaks chariot-race's rules: print anyway
    if offset != (0, 0):
        args += ["--back-offset", f"{offset[0]},{offset[1]}"]
    r = cli(*args)
    assert r.exit_code == 0, r.output
    fronts = card_rects(tmp_path / "out" / kit.name / "cards.pdf", 0)
    backs = card_rects(tmp_path / "out" / kit.name / "cards.pdf", 1)
    assert len(fronts) == 4
    if mirror == "columns":
        expected = sorted(
            (round(210 - x - 63 + offset[0], 2), round(y + offset[1], 2)) for x, y in fronts
        )
    else:
        expected = sorted((x, round(297 - y - 88, 2)) for x, y in fronts)
    assert len(backs) == len(expected)
    for got, want in zip(backs, expected, strict=True):
        assert got == pytest.approx(want, abs=0.02)


@pytest.mark.slow  # the deck built for a shop (PDF/X), every page read
def test_shop_profile_has_nested_trim_and_bleed_boxes(built):
    reader = PdfReader(built("shop"))
    assert len(reader.pages) == 144  # 72 cards, front and back
    for page in reader.pages[:4]:
        assert "/TrimBox" in page and "/BleedBox" in page
        assert mm_box(page.mediabox) == pytest.approx((0, 0, 69, 94), abs=0.01)
        assert mm_box(page.bleedbox) == pytest.approx((0, 0, 69, 94), abs=0.01)
        assert mm_box(page.trimbox) == pytest.approx((3, 3, 66, 91), abs=0.01)


@pytest.mark.slow  # the deck built for a shop (PDF/X)
def test_shop_backgrounds_reach_into_the_bleed(built):
    rects = page_rects(built("shop"), first=1)[0]
    full = [r for r in rects if to_mm(r["width"]) > 68.9 and to_mm(r["height"]) > 93.9]
    assert full, "no background covering the bleed"


def test_home_pages_carry_trim_and_bleed_boxes(built):
    page = PdfReader(built("a4")).pages[0]
    assert "/TrimBox" in page and "/BleedBox" in page
    assert mm_box(page.trimbox) == pytest.approx((10.5, 16.5, 199.5, 280.5), abs=0.01)


def _fonts(reader):
    fonts = {}
    for page in reader.pages:
        resources = page["/Resources"]
        stack = [resources]
        while stack:
            res = stack.pop()
            for f in (res.get("/Font") or {}).values():
                f = f.get_object()
                fonts[str(f["/BaseFont"])] = f
            for x in (res.get("/XObject") or {}).values():
                x = x.get_object()
                if "/Resources" in x:
                    stack.append(x["/Resources"])
    return fonts


@pytest.mark.parametrize("key", ["a4", "shop"])
def test_every_font_is_an_embedded_truetype_subset(built, key):
    fonts = _fonts(PdfReader(built(key)))
    assert fonts
    for name, f in fonts.items():
        assert "Helvetica" not in name
        assert re.match(r"/[A-Z]{6}\+", name), f"{name} is not a subset"
        descriptor = f["/FontDescriptor"]
        assert "/FontFile2" in descriptor, f"{name} is not embedded"


LONG = "Add 2″ to one of your movement cards this turn, " * 3


@pytest.fixture(scope="module")
def edited_deck(tmp_path_factory):
    """One build of a copy of the deck with three edits, each on its own element: a Unicode
    title (Whip), markup typed as a title (Rein In), and a text too long for its box (Whip's
    rule text). Returns the characters of each page of its cards.pdf."""
    from click.testing import CliRunner

    from printkit.cli.app import main

    kit = tmp_path_factory.mktemp("edited") / "chariot-race"
    shutil.copytree(DATA / "chariot-race", kit)
    edit(kit / "cards.yaml", 'title: "Whip"', 'title: "Whip – Æthelé’s ×2"')
    edit(kit / "cards.yaml", 'title: "Rein In"', "title: \"<img src='/etc/passwd'/>\"")
    edit(
        kit / "cards.yaml",
        "Add 2″ to one of your movement cards this turn (never beyond 20″).",
        LONG.strip(),
    )
    out = kit.parent / "out"
    r = CliRunner().invoke(main, ["build", str(kit), "--out", str(out), "--only", "cards"])
    assert r.exit_code == 0, r.output
    return page_chars(out / "chariot-race" / "cards.pdf")


def test_unicode_text_renders(edited_deck):
    text = "".join(printed(p) for p in edited_deck[-2:])
    assert "Whip–Æthelé’s×2" in text.replace(" ", "")  # lines may wrap at any space


def test_card_text_is_text_not_markup(edited_deck):
    text = "".join(printed(p) for p in edited_deck[-2:])
    assert "<imgsrc='/etc/passwd'/>" in text.replace(" ", "")  # printed as typed


def test_rebuilds_are_byte_identical(cli, built, tmp_path):
    """A second build of the deck, in another folder and process state, has the same bytes."""
    r = cli("build", "chariot-race", "--out", tmp_path, "--only", "cards")
    assert r.exit_code == 0
    digests = [
        hashlib.sha256(path.read_bytes()).hexdigest()
        for path in (built("a4"), tmp_path / "chariot-race" / "cards.pdf")
    ]
    assert digests[0] == digests[1]


def test_long_text_shrinks_to_fit(edited_deck):
    chars = [
        c
        for p in edited_deck
        for c in p
        if c["text"] == "A" and c["fontname"].endswith("DejaVuSans")
    ]
    sizes = {round(c["size"], 2) for c in chars}
    assert min(sizes) < 10.77  # smaller than the 3.8 mm the box asks for
    assert min(sizes) >= 6.0  # never below min_text_size
    # the long text's own three "Add"s shrink; Lean's "Add 15°" keeps the box's 3.8 mm
    adds = sorted(round(w["size"], 2) for p in edited_deck for w in words(p) if w["text"] == "Add")
    assert len(adds) == 4 and adds[-1] == 10.77
    assert 6.0 <= adds[0] == adds[2] < 10.77


@pytest.mark.slow  # a whole kit or several builds, read back
def test_frame_width_and_panel_corners_come_from_the_data(cli, built, kit_copy, tmp_path):
    """The face panel sits frame_width inside the card edge; changing it moves the panel."""
    kit = kit_copy("chariot-race")
    # the default first (the built-in deck gives no frame_width), then the data's own value
    edit(kit / "cards.yaml", "min_text_size: 6pt", "min_text_size: 6pt\nframe_width: 5mm")
    assert cli("build", kit, "--out", tmp_path, "--only", "cards").exit_code == 0
    panels = {}
    for frame, pdf_path in {
        "2.6mm": built("a4"),
        "5mm": tmp_path / "chariot-race" / "cards.pdf",
    }.items():
        with pdfplumber.open(pdf_path) as pdf:
            page = pdf.pages[0]
            # the top-left card's trim starts at x = 10.5 mm; its panel is its tallest curve
            curves = [c for c in page.curves if to_mm(c["x1"]) < 73.6]
            panel = max(curves, key=lambda c: c["bottom"] - c["top"])
            panels[frame] = round(to_mm(panel["x0"]) - 10.5, 1)
    assert panels == {"2.6mm": 2.6, "5mm": 5.0}
