"""The print audit of issue 11, measured on the PDFs: marks, bars and labels on white, printable
paper; duplex off; page labels; the templates bar's end tick; text inside the safe area; the
board's registration crosses hidden once assembled; the duplex-off instructions in the docs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from printaudit import (
    drawn_texts,
    margin_ink,
    on_bleed,
    outside_printable,
    page_objects,
)

from printkit.kit import Derived, load_kit
from printkit.layout.units import to_mm
from printkit.model.options import Options
from printkit.plugins import component_type

ROOT = Path(__file__).resolve().parent.parent
LABEL = re.compile(r"sheet (\d+) (front|back) · page (\d+) of (\d+)")


def render(tmp_path: Path, kit_name: str, cid: str, **options) -> Path:
    """One component of a kit drawn into a PDF, as `printkit build` draws it."""
    kit = load_kit(str(kit_name), Options(**options))
    tag = "-".join(f"{k}{v}" for k, v in sorted(options.items()))
    path = tmp_path / f"{Path(kit_name).name}-{cid}-{tag}.pdf"
    component_type(kit.spec(cid).type).render(kit, Derived(), cid, path)
    return path


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """drawn(kit, cid, **options) -> render() of a built-in kit's component, drawn once for the
    module (tests only read it)."""
    folder = tmp_path_factory.mktemp("drawn")
    cache: dict[tuple, Path] = {}

    def draw(kit_name: str, cid: str, **options) -> Path:
        key = (kit_name, cid, *sorted(options.items()))
        if key not in cache:
            cache[key] = render(folder, kit_name, cid, **options)
        return cache[key]

    return draw


def labels(path: Path) -> list[tuple[int, str, int, int]]:
    """(sheet, side, page, of) read from each page's label."""
    out = []
    for number, drawn in enumerate(drawn_texts(path), start=1):  # a label turned 90° too
        found = LABEL.search(drawn)
        assert found, f"page {number} has no label"
        sheet, side, page, of = found.groups()
        out.append((int(sheet), side, int(page), int(of)))
    return out


# ---- templates bar ------------------------------------------------------------------------


def test_the_100_mm_templates_bar_has_a_tick_at_its_end(drawn):
    (page,) = page_objects(drawn("chariot-race", "templates"), [0])
    bar = next(ln for ln in page["lines"] if abs(to_mm(ln["x1"] - ln["x0"]) - 100) < 0.05)
    ticks = [
        ln
        for ln in page["lines"]
        if abs(ln["x0"] - ln["x1"]) < 0.01 and abs(ln["bottom"] - bar["top"]) < 0.5
    ]
    positions = sorted(round(to_mm(t["x0"] - bar["x0"]), 2) for t in ticks)
    assert positions[0] == 0 and positions[-1] == 100, positions
    assert len(positions) == 101


# ---- duplex off and page labels -------------------------------------------------------------


def test_tokens_duplex_off_prints_every_front_before_any_back(drawn):
    long_edge = drawn("carthage", "tokens", duplex="long")
    off = drawn("carthage", "tokens", duplex="off")
    assert long_edge.read_bytes() != off.read_bytes()
    sides = [side for _, side, _, _ in labels(off)]
    first_back = sides.index("back")
    assert set(sides[:first_back]) == {"front"} and set(sides[first_back:]) == {"back"}
    assert len(sides) == 2 * first_back, "every front sheet has one back page"
    fronts = [s for s, side, _, _ in labels(off) if side == "front"]
    backs = [s for s, side, _, _ in labels(off) if side == "back"]
    assert fronts == backs == list(range(1, first_back + 1)), "backs in the fronts' order"


def test_tokens_long_edge_keeps_each_back_after_its_front(drawn):
    pages = labels(drawn("carthage", "tokens", duplex="long"))
    assert [side for _, side, _, _ in pages] == ["front", "back"] * (len(pages) // 2)
    assert [s for s, *_ in pages] == [k // 2 + 1 for k in range(len(pages))]


@pytest.mark.parametrize("duplex", ["long", "off"])
def test_token_page_labels_count_across_the_whole_file(drawn, duplex):
    pages = labels(drawn("carthage", "tokens", duplex=duplex))
    n = len(pages)
    assert n >= 5
    assert [(number, of) for _, _, number, of in pages] == [(k, n) for k in range(1, n + 1)]
    sheets = sorted({s for s, *_ in pages})
    assert sheets == list(range(1, n // 2 + 1)), "sheets numbered across the groups"


# ---- marks and labels on white, printable paper ---------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [1.5, 3])
def test_marks_bar_and_label_stay_off_the_bleed_and_in_the_printable_area(drawn, paper, bleed):
    path = drawn("chariot-race", "cards", paper=paper, bleed_mm=bleed)
    assert on_bleed(path, pages=[1, 2, -2, -1]) == []
    assert margin_ink(path, pages=[0, 1]) == []
    (page,) = page_objects(path, [0])
    marks = [ln for ln in page["lines"] if abs(ln["linewidth"] - 0.3) < 0.01]
    text = page["drawn"]
    horizontal = [m for m in marks if abs(m["top"] - m["bottom"]) < 0.01]
    vertical = [m for m in marks if abs(m["x0"] - m["x1"]) < 0.01]
    assert horizontal and vertical, "crop marks on every cut line, on both axes"
    assert all(to_mm(m["x1"] - m["x0"]) >= 1 for m in horizontal), "visible side marks"
    assert "this bar must measure 50 mm" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0, 3])
def test_token_and_base_sheets_keep_marks_off_the_bleed(drawn, paper, bleed):
    for kit, cid in (("carthage", "tokens"), ("chariot-race", "bases")):
        path = drawn(kit, cid, paper=paper, bleed_mm=bleed)
        assert on_bleed(path) == [], (kit, cid)
        assert margin_ink(path) == [], (kit, cid)


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_ink_in_the_unprintable_border_of_any_component(drawn, paper):
    cases = [
        ("chariot-race", "templates", {}),
        ("chariot-race", "damage-chart", {}),
        ("chariot-race", "playing-area", {}),
        ("chariot-race", "playing-area", {"full_size": True}),
        ("carthage", "board", {}),
        ("chartae", "tiles", {"bleed_mm": 3}),
    ]
    for kit, cid, extra in cases:
        path = drawn(kit, cid, paper=paper, **extra)
        assert margin_ink(path, dpi=200, pages=[0, 1, 2]) == [], (kit, cid, extra)


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_mark_and_outline_is_wholly_inside_the_printable_area(drawn, paper):
    cases = [
        ("chariot-race", "cards", {}),
        ("chariot-race", "cards", {"bleed_mm": 3}),
        ("chariot-race", "templates", {}),
        ("chariot-race", "bases", {}),
        ("chariot-race", "damage-chart", {}),
        ("carthage", "tokens", {}),
    ]
    for kit, cid, extra in cases:
        path = drawn(kit, cid, paper=paper, **extra)
        assert outside_printable(path, pages=[1, -1]) == [], (kit, cid, extra)
    # tile backs are clipped patterns that run off the page: only the front sheet is vector-
    # checked (the pixel test above covers every page)
    tiles = drawn("chartae", "tiles", paper=paper)
    assert outside_printable(tiles, pages=[1]) == []


@pytest.mark.slow  # every sheet of a kit on Letter read back
def test_letter_scale_bar_uses_the_a4_wording(drawn):
    path = drawn("chariot-race", "cards", paper="letter")
    assert "this bar must measure 50 mm: print at actual size / 100 %" in drawn_texts(path)[0]


# ---- the safe area --------------------------------------------------------------------------


@pytest.mark.parametrize("kit, cid", [("carthage", "tokens"), ("chariot-race", "bases")])
def test_text_on_every_piece_is_3_mm_inside_the_trim(drawn, kit, cid):
    for page in page_objects(drawn(kit, cid, profile="shop")):
        x0, y0, x1, y1 = page["boxes"]["TrimBox"]
        if (x1 - x0, y1 - y0) == (page["width"], page["height"]):
            continue  # a page that is not one piece (none here, but be sure)
        for ch in page["chars"]:
            if not ch["text"].strip():
                continue
            gap = min(ch["x0"] - x0, x1 - ch["x1"], ch["y0"] - y0, y1 - ch["y1"])
            assert to_mm(gap) >= 3 - 0.01, (page["number"], ch["text"], to_mm(gap))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_text_on_every_template_strip_is_3_mm_inside_its_cut(drawn, paper):
    path = drawn("chariot-race", "templates", paper=paper)
    base = 40.0  # the strips' width: the chariot base of the built-in kit
    near = []
    for page in page_objects(path):
        strips = [
            r
            for r in page["rects"]
            if abs(to_mm(r["height"]) - base) < 0.05 and to_mm(r["width"]) > 16
        ]
        assert strips
        for r in strips:
            for ch in page["chars"]:
                inside = r["x0"] <= ch["x0"] and ch["x1"] <= r["x1"]
                if not (inside and r["top"] <= ch["top"] and ch["bottom"] <= r["bottom"]):
                    continue
                gap = min(
                    ch["x0"] - r["x0"],
                    r["x1"] - ch["x1"],
                    ch["top"] - r["top"],
                    r["bottom"] - ch["bottom"],
                )
                if ch["text"].strip() and to_mm(gap) < 3 - 0.01:
                    near.append((page["number"], ch["text"], round(to_mm(gap), 2)))
    assert near == []


def test_check_reports_text_outside_the_safe_area_at_its_piece(cli, kit_copy):
    kit = kit_copy("carthage")
    tokens = kit / "tokens.yaml"
    text = tokens.read_text()
    tokens.write_text(text.replace("width: 9\n    height: 30", "width: 7\n    height: 30", 1))
    r = cli("check", kit)
    line = next(n for n, s in enumerate(tokens.read_text().splitlines(), 1) if "label: B," in s)
    found = [ln for ln in r.output.splitlines() if "[PK001]" in ln]
    assert found, r.output
    assert any(f"tokens.yaml:{line}:" in ln and "'B'" in ln for ln in found), found
    assert r.exit_code == 0, "a warning, not an error"
    clean = cli("check", "carthage")
    assert "[PK001]" not in clean.output


# ---- the board's registration crosses -------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_registration_crosses_lie_only_in_glue_bands(drawn, paper):
    path = drawn("carthage", "board", paper=paper)
    crosses = 0
    for page in page_objects(path)[1:]:
        bands = [  # grey 0.55 fills (pdfium reads colours in steps of 1/255)
            r
            for r in page["rects"]
            if r["fill"] and all(abs(v - 0.55) < 1 / 255 for v in r["non_stroking_color"])
        ]
        rings = [
            c
            for c in page["curves"]
            if abs(to_mm(c["x1"] - c["x0"]) - 3) < 0.1
            and abs(to_mm(c["bottom"] - c["top"]) - 3) < 0.1
        ]
        for ring in rings:
            cx, cy = (ring["x0"] + ring["x1"]) / 2, (ring["top"] + ring["bottom"]) / 2
            inside = [b for b in bands if b["x0"] < cx < b["x1"] and b["top"] < cy < b["bottom"]]
            assert inside, f"page {page['number']}: a cross outside every glue band"
        crosses += len(rings)
    assert crosses > 0


# ---- docs: landscape sheets and duplex off --------------------------------------------------


def _mini_kit(root: Path, n: int) -> Path:
    root.mkdir(parents=True)
    (root / "kit.yaml").write_text(
        "name: minicards\ntitle: Mini cards\ncomponents:\n"
        "  cards: {type: deck, file: cards.yaml, title: Cards}\n"
    )
    cards = "\n".join(f"  - {{id: c{i}, kind: plain, title: C{i}}}" for i in range(1, n + 1))
    (root / "cards.yaml").write_text(
        "card_size: mini\nkinds:\n  plain:\n    label: PLAIN\n    colour: '#7a1f12'\n"
        "    face:\n      - {element: title, box: [4, 20, 36, 10], text: '{title}', size: 5mm}\n"
        f"back:\n  title: BACK\ncards:\n{cards}\n"
    )
    return root


def _card_rects(page: dict, w_mm: float, h_mm: float) -> set[tuple[float, float]]:
    return {
        (round(r["x0"], 1), round(page["height"] - r["bottom"], 1))
        for r in page["rects"]
        if abs(to_mm(r["width"]) - w_mm) < 0.05 and abs(to_mm(r["height"]) - h_mm) < 0.05
    }


def test_duplex_off_on_a_landscape_sheet_backs_every_card_when_turned_as_the_docs_say(tmp_path):
    kit = _mini_kit(tmp_path / "minicards", 11)
    path = render(tmp_path, kit, "cards", duplex="off")
    front, back = page_objects(path, [0, 1])
    assert front["width"] > front["height"], "11 mini cards are laid out on a landscape sheet"
    fronts, backs = _card_rects(front, 44, 63), _card_rects(back, 44, 63)
    height = front["height"]
    assert len(fronts) == len(backs) == 11
    # the docs: turn the paper over on its long edge; on a landscape page that edge runs left
    # to right, so a back at y lands behind the front at (height - y - card height)
    card_h = 63 * 72 / 25.4
    turned = {(x, round(height - y - card_h, 1)) for x, y in backs}
    assert turned == fronts
    docs = " ".join((ROOT / "docs" / "printing.md").read_text().split())
    assert "for a long-edge flip the rows of backs are reversed" in docs
    assert "turn it over on the paper's long edge" in docs


@pytest.mark.parametrize("length_mm", [50.0, 99.99999, 101.6])
def test_every_scale_bar_ends_with_a_tick_at_its_length(tmp_path, length_mm):
    from reportlab.pdfgen.canvas import Canvas

    from printkit.draw.fonts import shipped_font
    from printkit.draw.sheet import draw_scale_bar
    from printkit.layout.geometry import Rect
    from printkit.layout.units import mm

    path = tmp_path / "bar.pdf"
    c = Canvas(str(path), pagesize=(mm(200), mm(40)), initialFontName=shipped_font("body"))
    draw_scale_bar(c, Rect(mm(10), mm(10), mm(180), mm(8)), False, length_mm)
    c.save()
    lines = page_objects(path)[0]["lines"]
    bar = max(lines, key=lambda ln: ln["x1"] - ln["x0"])
    ticks = sorted(ln["x0"] for ln in lines if abs(ln["x0"] - ln["x1"]) < 0.01)
    assert to_mm(bar["x1"] - bar["x0"]) == pytest.approx(length_mm, abs=0.01)
    assert to_mm(ticks[-1] - bar["x0"]) == pytest.approx(length_mm, abs=0.01)
    assert to_mm(bar["x0"]) >= 10, "the bar starts inside its band"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_full_sheets_of_small_counters_keep_the_bar_clear_of_the_crop_marks(
    tmp_path, kit_copy, paper
):
    kit = kit_copy("carthage")
    tokens = kit / "tokens.yaml"
    tokens.write_text(tokens.read_text().replace("count: 7}", "count: 60}"))
    path = render(tmp_path, kit, "tokens", paper=paper)
    (page,) = page_objects(path, [2])  # a full sheet of cues
    bar = next(ln for ln in page["lines"] if abs(to_mm(max(ln["width"], ln["height"])) - 50) < 0.01)
    marks = [ln for ln in page["lines"] if abs(ln["linewidth"] - 0.3) < 0.01]
    text = page["drawn"]
    assert marks and "this bar must measure 50 mm" in text
    for m in marks:  # the bar with its ticks (1.6 mm) against each mark's box
        apart = (
            m["x1"] < bar["x0"] - 5
            or m["x0"] > bar["x1"] + 5
            or m["bottom"] < bar["top"] - 5
            or m["top"] > bar["bottom"] + 5
        )
        assert apart, "the scale bar runs across a crop mark"
    assert on_bleed(path, pages=[1, 3]) == [] and margin_ink(path, pages=[2]) == []
