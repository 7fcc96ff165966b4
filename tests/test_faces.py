"""Faces from data: backs built from elements, relative boxes, icons, and text that always fits.

Each test reads the PDF back (pdfium through tests/pdfcheck.py, pdfplumber for shapes) or runs
`printkit check` as a user would.
"""

from __future__ import annotations

import io
import json

import pdfplumber
import pytest

from printkit.components import deck as deck_component
from printkit.components.deck.painter import CardPainter
from printkit.draw.colour import colour, tint
from printkit.kit import Derived, load_kit
from printkit.layout.units import mm, to_mm
from printkit.model.face import resolve_box
from printkit.model.options import Options
from printkit.output import new_canvas
from tests.conftest import edit, line_of
from tests.pdfcheck import page_chars, page_texts, printed

TOL = 0.3  # pt: the glyph boxes read back (ascent to descent) against the boxes the data gives


def _draw_designs(kit, cid: str, path, cards=None) -> list[tuple[str, list]]:
    """Every card design (or only those whose id is in `cards`) and every back of a deck on its
    own page (the card's size, no bleed); returns each page's (label, element list)."""
    deck = kit.model(cid)
    pages = []
    c = new_canvas(path, (deck.size.width, deck.size.height), "faces")
    painter = CardPainter(c, deck, 0)
    for card in deck.cards:
        if cards is not None and card.id not in cards:
            continue
        painter.draw_front(card)
        c.showPage()
        pages.append((card.id, deck.kinds[card.kind].face))
    for name, back in deck.backs().items():
        painter.draw_back(back, name.removeprefix("back").removeprefix("-"))
        c.showPage()
        pages.append((name, back.elements()))
    c.save()
    return pages


def _outside(chars, elements, areas) -> list[str]:
    """The drawn characters of a page (pdfcheck.page_chars) outside every element's box."""
    boxes = []
    for e in elements:
        x, top, w, h = resolve_box(e, areas)
        boxes.append((x - TOL, top - TOL, x + w + TOL, top + h + TOL))
    bad = []
    for ch in chars:
        if ch["generated"] or ch["text"].isspace():
            continue
        if not any(
            b[0] <= ch["x0"] and ch["x1"] <= b[2] and b[1] <= ch["top"] and ch["bottom"] <= b[3]
            for b in boxes
        ):
            bad.append(f"{ch['text']!r} at ({to_mm(ch['x0']):.1f}, {to_mm(ch['top']):.1f}) mm")
    return bad


@pytest.mark.slow
@pytest.mark.parametrize(
    "kit_name, cid", [("chariot-race", "cards"), ("carthage", "curriculum"), ("carthage", "fatum")]
)
def test_every_drawn_character_lies_inside_its_elements_box(tmp_path, kit_name, cid):
    kit = load_kit(kit_name, Options())
    pdf_path = tmp_path / "faces.pdf"
    pages = _draw_designs(kit, cid, pdf_path)
    areas = kit.model(cid).areas()
    problems = []
    chars = page_chars(pdf_path)
    assert len(chars) == len(pages)
    for page, (label, elements) in zip(chars, pages, strict=True):
        assert printed(page).strip() or label.startswith("back"), f"{label}: no text"
        problems += [f"{label}: {p}" for p in _outside(page, elements, areas)]
    assert not problems, "\n".join(problems[:20])


def _filled(page, fills) -> list[dict]:
    objs = [*page.rects, *page.curves]
    wanted = {tuple(round(v, 3) for v in f) for f in fills}
    out = []
    for o in objs:
        colour_ = o.get("non_stroking_color")
        if o.get("fill") and colour_ and tuple(round(v, 3) for v in colour_) in wanted:
            out.append(o)
    return out


def _rgb(col) -> tuple[float, float, float]:
    return (col.red, col.green, col.blue)


def test_tarot_chariot_cards_fill_the_card_to_the_safe_area(kit_copy, tmp_path):
    """Switched to tarot (70 x 120 mm), the face reaches the safe area on all four sides."""
    kit_dir = kit_copy("chariot-race")
    edit(kit_dir / "cards.yaml", "card_size: poker", "card_size: tarot")
    kit = load_kit(str(kit_dir), Options())
    pdf_path = tmp_path / "tarot.pdf"
    deck = kit.model("cards")
    _draw_designs(kit, "cards", pdf_path, cards={deck.cards[0].id})
    safe = to_mm(deck.safe_margin)
    header, band = colour("#7a1f12"), tint("#7a1f12", 0.82)
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]  # a movement card
        assert (round(to_mm(page.width)), round(to_mm(page.height))) == (70, 120)
        shapes = [
            o
            for o in _filled(page, [_rgb(header), _rgb(band)])
            if o["x1"] - o["x0"] < page.width - mm(1)  # not the frame under the whole card
        ]
        left = to_mm(min(o["x0"] for o in shapes))
        right = to_mm(max(o["x1"] for o in shapes))
        top = to_mm(min(o["top"] for o in shapes))
        bottom = to_mm(max(o["bottom"] for o in shapes))
    assert left == pytest.approx(safe, abs=0.2)
    assert right == pytest.approx(70 - safe, abs=0.2)
    assert top == pytest.approx(safe, abs=0.2)
    assert bottom == pytest.approx(120 - safe, abs=0.2)


@pytest.mark.parametrize("size", ["mini", "tarot", "square"])
def test_chariot_race_deck_checks_clean_at_other_card_sizes(cli, kit_copy, size):
    kit_dir = kit_copy("chariot-race")
    edit(kit_dir / "cards.yaml", "card_size: poker", f"card_size: {size}")
    r = cli("check", kit_dir)
    assert r.exit_code == 0, r.output
    assert "reaches outside" not in r.output


def test_the_back_is_drawn_from_its_elements(kit_copy, tmp_path):
    """The back shows what its data says (a title); with no elements it shows nothing else."""
    kit_dir = kit_copy("chariot-race")
    kit = load_kit(str(kit_dir), Options())
    pdf_path = tmp_path / "backs.pdf"
    pages = _draw_designs(kit, "cards", pdf_path, cards=())  # the backs only
    assert [label for label, _ in pages] == ["back"]
    assert "CHARIOT RACE" in page_texts(pdf_path)[-1]
    cards = kit_dir / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    start = text.index("back:")
    end = text.index("\ncards:")
    cards.write_text(text[:start] + 'back: {colour: "#203040"}\n' + text[end:], encoding="utf-8")
    kit = load_kit(str(kit_dir), Options())
    _draw_designs(kit, "cards", pdf_path, cards=())
    with pdfplumber.open(pdf_path) as pdf:
        back = pdf.pages[-1]
        assert back.chars == [] and back.curves == [] and len(back.rects) == 1


def test_a_kind_may_have_its_own_back(kit_copy, tmp_path):
    kit_dir = kit_copy("chariot-race")
    edit(
        kit_dir / "cards.yaml",
        "    pattern: stars\n",
        '    pattern: stars\n    back: {colour: "#102030", face: [{element: text, text: SPELL, '
        "box: [0, 40%, 100%, 20%], size: 8mm}]}\n",
    )
    r_kit = load_kit(str(kit_dir), Options())
    pdf_path = tmp_path / "k.pdf"
    pages = _draw_designs(r_kit, "cards", pdf_path, cards=())  # the backs only
    names = [label for label, _ in pages]
    assert names == ["back", "back-magic"]
    texts = page_texts(pdf_path)
    assert "SPELL" in texts[-1]
    assert "SPELL" not in texts[-2]


def test_a_58_character_fan_caption_is_a_check_error_at_the_caption(cli, kit_copy):
    kit_dir = kit_copy("chariot-race")
    caption = "TURN {turn}° OR LESS WHEN THE TRACK IS WET AND SLIPPERY!!"
    assert 55 <= len(caption) <= 60
    edit(kit_dir / "cards.yaml", 'caption: "TURN {turn}°"', f'caption: "{caption}"')
    r = cli("check", kit_dir)
    assert r.exit_code == 2, r.output
    line = line_of(kit_dir / "cards.yaml", "OR LESS WHEN")
    assert f"cards.yaml:{line}:" in r.output
    assert "does not fit its box" in r.output


def test_fan_and_drift_need_a_field(cli, kit_copy):
    kit_dir = kit_copy("chariot-race")
    edit(kit_dir / "cards.yaml", "within: safe, field: turn,", "within: safe,")
    r = cli("check", kit_dir)
    assert r.exit_code == 2
    line = line_of(kit_dir / "cards.yaml", "element: fan")
    assert f"cards.yaml:{line}:" in r.output and "needs `field:`" in r.output


def test_characters_the_font_lacks_are_a_warning(cli, kit_copy):
    kit_dir = kit_copy("chariot-race")
    edit(kit_dir / "cards.yaml", "draw 2 cards now.", "draw 2 cards now 中.")
    r = cli("check", kit_dir, "--format", "json")
    assert r.exit_code == 0, r.output
    found = [json.loads(line) for line in r.stdout.splitlines()]
    glyph = [f for f in found if f.get("code") == "FACE001"]
    assert glyph, r.output
    assert "'中'" in glyph[0]["message"] and "favour-of-nike" in glyph[0]["message"]
    assert len(glyph) == 1
    assert "DejaVu" in glyph[0]["message"]
    assert glyph[0]["line"] == line_of(kit_dir / "cards.yaml", "中")


def _png(path, w, h) -> None:
    from PIL import Image

    Image.new("RGB", (w, h), (200, 40, 40)).save(path)


def test_low_resolution_images_are_a_warning(cli, kit_copy):
    kit_dir = kit_copy("carthage")
    _png(kit_dir / "tiny.png", 30, 20)
    edit(
        kit_dir / "fatum.yaml",
        "      - {element: marker,",
        '      - {element: image, image: tiny.png, box: [0, 0, "100%", "40%"], within: safe}\n'
        "      - {element: marker,",
    )
    r = cli("check", kit_dir, "--format", "json")
    assert r.exit_code == 0, r.output
    dpi = [json.loads(x) for x in r.stdout.splitlines() if '"FACE002"' in x]
    assert dpi and "tiny.png" in dpi[0]["message"] and "dpi" in dpi[0]["message"]


def test_the_tile_back_is_drawn_from_its_elements(kit_copy, tmp_path):
    from printkit.components.tiles.draw import TilePainter

    kit_dir = kit_copy("chartae")
    edit(kit_dir / "tiles.yaml", "text: CHARTAE,", "text: MAPPA,", count=2)
    kit = load_kit(str(kit_dir), Options())
    tiles = kit.model("tiles")
    buffer = io.BytesIO()
    c = new_canvas(tmp_path / "t.pdf", (tiles.tile_size, tiles.tile_size), "t")
    TilePainter(c, tiles, 0).draw_back()
    c.showPage()
    c.save()
    del buffer
    with pdfplumber.open(tmp_path / "t.pdf") as pdf:
        text = pdf.pages[0].extract_text()  # reads upside-down words backwards
    assert text.count("MAPPA") == 1 and text.count("APPAM") == 1  # once each way up
    assert "CHARTAE" not in text


def test_deck_preflight_sees_backs(kit_copy):
    """Text of a back that cannot fit is reported by check, like a front's."""
    kit_dir = kit_copy("chariot-race")
    edit(kit_dir / "cards.yaml", 'text: "AD CIRCVM MAXIMVM"', 'text: "' + "AD CIRCVM " * 8 + '"')
    kit = load_kit(str(kit_dir), Options())
    from printkit.core.errors import InputError

    with pytest.raises(InputError) as exc:
        deck_component.preflight(kit, Derived(), "cards")
    assert "the back" in str(exc.value.diagnostics[0].message)


def test_tile_back_text_lies_inside_its_boxes(tmp_path):
    from printkit.components.tiles.draw import TilePainter
    from printkit.model.face import Areas

    kit = load_kit("chartae", Options())
    tiles = kit.model("tiles")
    s = tiles.tile_size
    c = new_canvas(tmp_path / "t.pdf", (s, s), "t")
    TilePainter(c, tiles, 0).draw_back()
    c.showPage()
    c.save()
    page = page_chars(tmp_path / "t.pdf")[0]
    assert len([ch for ch in page if not ch["generated"] and not ch["text"].isspace()]) > 20
    assert _outside(page, tiles.back.elements(), Areas(s, s, mm(4), 0.0)) == []


@pytest.mark.parametrize("value", ['"150%"', '"50% - 3furlongs"'])
def test_a_bad_box_percentage_is_a_located_error(cli, kit_copy, value):
    kit_dir = kit_copy("chariot-race")
    edit(
        kit_dir / "cards.yaml",
        'box: [0, "10.62%", "100%", "30%"]',
        f'box: [0, "10.62%", {value}, "30%"]',
    )
    r = cli("check", kit_dir)
    assert r.exit_code == 2
    line = line_of(kit_dir / "cards.yaml", value.strip('"'))
    assert f"cards.yaml:{line}:" in r.output and "percentage of the area" in r.output


def test_absolute_boxes_still_work_and_overflowing_ones_are_errors(cli, kit_copy):
    kit_dir = kit_copy("chariot-race")
    edit(
        kit_dir / "cards.yaml",
        'box: [0, 0, "100%", "8.75%"], within: safe, size: "50%", field: speed',
        "box: [4, 4, 55, 7], size: 3.5mm, field: speed",
    )
    assert cli("check", kit_dir).exit_code == 0
    edit(kit_dir / "cards.yaml", "box: [4, 4, 55, 7]", "box: [4, 4, 65, 7]")
    r = cli("check", kit_dir)
    assert r.exit_code == 2 and "reaches outside the 63 x 88 mm card" in r.output


def test_a_token_back_can_be_a_face_of_elements(cli, kit_copy, tmp_path):
    kit_dir = kit_copy("carthage")
    edit(
        kit_dir / "tokens.yaml",
        "back: {label: BLOCKED, emblem: broken-wheel}",
        'back: {face: [{element: icon, icon: broken-wheel, box: ["20%", "12%", "60%", "50%"]}, '
        '{element: text, text: "{label} OUT", font: heading, size: 2.6mm, '
        'box: ["10%", "66%", "80%", "20%"]}]}',
    )
    assert cli("check", kit_dir).exit_code == 0
    r = cli("build", kit_dir, "--out", tmp_path, "--only", "tokens")
    assert r.exit_code == 0, r.output
    back = page_texts(tmp_path / "carthage" / "tokens.pdf")[1]
    assert "BLUE OUT" in back and "BLOCKED" not in back
    edit(kit_dir / "tokens.yaml", '"{label} OUT"', '"{label} IS OUT OF THE RACE FOR GOOD"')
    r = cli("check", kit_dir)
    assert r.exit_code == 2
    assert f"tokens.yaml:{line_of(kit_dir / 'tokens.yaml', 'OUT OF THE RACE')}:" in r.output


def _body_size(kit, card_id: str, path) -> float:
    pages = _draw_designs(kit, "cards", path, cards={card_id})
    index = [label for label, _ in pages].index(card_id)
    sizes = [ch["size"] for ch in page_chars(path)[index] if ch["fontname"].endswith("DejaVuSans")]
    return max(sizes)


def test_text_sizes_given_in_percent_follow_the_card(kit_copy, tmp_path):
    """The deck's text sizes are shares of their boxes: larger on tarot, smaller on mini."""
    kit_dir = kit_copy("chariot-race")
    sizes = {}
    previous = "poker"
    for card_size in ("poker", "tarot", "mini"):
        edit(kit_dir / "cards.yaml", f"card_size: {previous}", f"card_size: {card_size}")
        kit = load_kit(str(kit_dir), Options())
        sizes[card_size] = _body_size(kit, "whip", tmp_path / f"{card_size}.pdf")
        previous = card_size
    assert sizes["poker"] == pytest.approx(mm(3.8), abs=0.3)  # as the poker deck was designed
    assert sizes["tarot"] > sizes["poker"] * 1.2
    assert 6.0 <= sizes["mini"] < sizes["poker"]


@pytest.mark.slow
def test_a_back_shows_its_own_cards_fields_and_a_misspelt_one_is_located(cli, kit_copy, tmp_path):
    """A back may read the card behind it ({speed}); a field no card has is an error at it."""
    kit_dir = kit_copy("chariot-race")
    edit(kit_dir / "cards.yaml", 'text: "AD CIRCVM MAXIMVM"', 'text: "{speed} INCHES"')
    r = cli("build", kit_dir, "--only", "cards", "--out", tmp_path, "-j", "1")
    assert r.exit_code == 0, r.output
    texts = page_texts(tmp_path / "chariot-race" / "cards.pdf")
    speeds = {w for t in texts[1::2] for w in t.split() if w.isdigit()}
    assert len(speeds) > 1  # backs differ: each shows its own card's speed
    edit(kit_dir / "cards.yaml", '"{speed} INCHES"', '"{sped} INCHES"')
    r = cli("check", kit_dir)
    assert r.exit_code == 2
    line = line_of(kit_dir / "cards.yaml", "{sped} INCHES")
    assert f"cards.yaml:{line}:" in r.output and "placeholder {sped} in the back" in r.output


def test_a_single_line_never_draws_wider_than_its_width():
    """draw_line_fitted used to shrink to 4 pt and then draw anyway; now it refuses."""
    from reportlab.pdfgen.canvas import Canvas

    from printkit.draw.fonts import shipped_font
    from printkit.draw.text import TextOverflow, draw_line_fitted

    c = Canvas(io.BytesIO())
    size = draw_line_fitted(c, "NO DRIFT", shipped_font("heading"), 9, 0, 0, mm(26))
    assert size == 9
    with pytest.raises(TextOverflow):
        draw_line_fitted(c, "X" * 58, shipped_font("heading"), 9, 0, 0, mm(26), min_size=4.0)


def test_characters_the_font_lacks_are_reported_in_the_order_of_the_text(cli, kit_copy):
    """The same kit gives the same warnings in the same order in every run (a set of the text's
    characters ordered them by string hashes, which differ from process to process)."""
    kit_dir = kit_copy("chariot-race")
    lacking = "中文字漢語日本"
    edit(kit_dir / "cards.yaml", "draw 2 cards now.", f"draw 2 cards now {lacking}.")
    r = cli("check", kit_dir, "--format", "json")
    assert r.exit_code == 0, r.output
    found = [json.loads(line) for line in r.stdout.splitlines()]
    shown = [
        ch
        for f in found
        if f.get("code") == "FACE001"
        for ch in lacking
        if f"'{ch}'" in f["message"]
    ]
    assert shown == list(lacking)


@pytest.mark.slow  # a whole kit or several builds, read back
def test_max_lines_keeps_a_text_on_that_many_lines(cli, tmp_path):
    """A text with `max_lines: 1` is drawn on one line, smaller, where it would otherwise wrap
    in its box (a mutation that ignored max_lines survived the suite; issue 33)."""
    from tests.badkits import MINI, copy_kit

    kit = copy_kit(MINI, tmp_path / "mini")
    words = "alpha beta gamma delta"
    element = f'      - {{element: text, box: [3, 44, 38, 14], text: "{words}", size: 5mm'
    edit(kit / "tokens.yaml", "cards:\n", f"{element}, max_lines: LINES}}\ncards:\n")
    tops = {}
    for lines, was in ((1, "LINES"), (3, "max_lines: 1")):
        edit(kit / "tokens.yaml", was, "1" if lines == 1 else "max_lines: 3")
        out = tmp_path / f"out{lines}"
        r = cli("build", kit, "--out", out)
        assert r.exit_code == 0, r.output
        with pdfplumber.open(out / "mini" / "tokens.pdf") as pdf:
            found = [w for w in pdf.pages[0].extract_words() if w["text"] in words.split()]
        first_card = [w for w in found if w["x0"] < found[0]["x0"] + mm(40)][:4]
        tops[lines] = {round(w["top"]) for w in first_card}
    assert len(tops[1]) == 1, tops
    assert len(tops[3]) > 1, tops  # the same text wraps when it may
