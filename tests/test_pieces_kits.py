"""The test kits of issue 21 (tests/kits/), built and read back from their PDFs: a 54-card
deck generated from ranks x suits, a party-game deck with top-aligned text and conditional
marks, double-sided counters whose backs show their own values."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.layout.units import mm, to_mm
from tests.pdfcheck import page_chars, page_texts, words
from tests.pdfshapes import stroked_paths

KITS = Path(__file__).resolve().parent / "kits"


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """build("playing-cards", "--profile", "shop") -> the kit's output folder (built once)."""
    made: dict[tuple[str, ...], Path] = {}

    def run(kit: str, *options: str) -> Path:
        key = (kit, *options)
        if key not in made:
            root = tmp_path_factory.mktemp(kit)
            shutil.copytree(KITS / kit, root / kit)
            args = ["build", str(root / kit), "--out", str(root / "out"), "-j", "1", *options]
            r = CliRunner().invoke(main, args, catch_exceptions=False)
            assert r.exit_code == 0, r.stdout + r.stderr
            shop = ["shop"] if "--profile shop" in " ".join(options) else []
            made[key] = root.joinpath("out", kit, *shop)
        return made[key]

    return run


# -- a standard 54-card deck ---------------------------------------------------------------


def test_playing_cards_generate_52_combinations_and_two_jokers(build):
    out = build("playing-cards", "--profile", "shop")
    texts = page_texts(out / "cards.pdf")
    fronts = texts[0::2]
    assert len(fronts) == 54
    ranks = [t.split()[0].rstrip("♠♥♦♣") for t in fronts[2:]]  # the jokers first, as written
    assert ranks[:13] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert all(f.count("JOKER") == 2 for f in fronts[:2])


def test_playing_cards_take_red_and_black_from_the_suit(build):
    out = build("playing-cards")  # home: sRGB as written (shop converts to CMYK)
    pages = page_chars(out / "cards.pdf")
    red, black = (200 / 255, 16 / 255, 46 / 255), (29 / 255, 26 / 255, 22 / 255)

    rounded = {name: tuple(round(v, 2) for v in rgb) for name, rgb in (("r", red), ("b", black))}
    suits = {"♠": "b", "♥": "r", "♦": "r", "♣": "b"}
    seen = set()
    for page in pages[0::2]:  # 9 cards a sheet, each suit on some
        for sign, ink in suits.items():
            on_page = {tuple(round(v, 2) for v in c["colour"]) for c in page if c["text"] == sign}
            assert on_page <= {rounded[ink]}
            seen |= {sign} if on_page else set()
    assert seen == set(suits)


@pytest.mark.slow  # a whole kit or several builds, read back
def test_playing_cards_have_no_hairline_on_the_cut(build):
    """frame_width: 0 draws no outline: no stroked shape of any form runs around a card."""
    for profile in ("home", "shop"):
        out = build("playing-cards", "--profile", profile)
        for page in stroked_paths(out / "cards.pdf"):
            for shape in page:
                size = (to_mm(shape["width"]), to_mm(shape["height"]))
                assert not (abs(size[0] - 63) < 1 and abs(size[1] - 88) < 1), (profile, shape)


def test_playing_cards_pips_follow_the_rank(build):
    out = build("playing-cards", "--profile", "shop")
    fronts = page_chars(out / "cards.pdf")[0::2]
    for n, front in enumerate(fronts[3:12], start=2):  # 2 to 10 of spades
        pips = [c for c in front if c["text"] == "♠" and c["size"] > mm(8)]
        assert len(pips) == n


# -- a text-heavy party game ------------------------------------------------------------------


def test_party_cards_with_valign_top_start_their_first_line_at_one_height(build):
    """Short and long prompts (1 to 5 lines at 13 pt): every first line starts at the same
    height on the card, the box's top (text was centred: 14 to 33 mm from the top)."""
    out = build("party", "--profile", "shop")
    fronts = page_chars(out / "cards.pdf")[0::2]
    assert len(fronts) == 9
    tops, lines = [], []
    for page in fronts:
        body = [c for c in page if abs(c["size"] - 13) < 0.01 and c["text"].strip()]
        tops.append(round(to_mm(min(c["top"] for c in body)), 2))
        lines.append(len({round(c["top"] / (13 * 1.18)) for c in body}))  # at the leading
    assert len(set(tops)) == 1, tops
    assert min(lines) == 1 and max(lines) >= 5  # the texts really differ in length


def test_party_pick_2_mark_only_where_the_field_says_so(build):
    out = build("party", "--profile", "shop")
    fronts = page_texts(out / "cards.pdf")[0::2]
    marked = [i for i, text in enumerate(fronts) if "PICK 2" in text]
    assert marked == [2, 3]  # p3 and p4, the rows of cards.csv whose pick is 2


# -- double-sided counters -------------------------------------------------------------------

SIDE = mm(12.7)


def _counters(page_rects_: list[dict], page_words: list[dict]) -> dict:
    """Each 1/2 in square piece on a page (its top-left, mm) -> the words printed inside it."""
    out: dict = {}
    squares = [
        r for r in page_rects_ if abs(r["width"] - SIDE) < 0.01 and abs(r["height"] - SIDE) < 0.01
    ]
    for r in squares:
        inside = [
            w["text"]
            for w in page_words
            if r["x0"] < (w["x0"] + w["x1"]) / 2 < r["x1"]
            and r["top"] < (w["top"] + w["bottom"]) / 2 < r["bottom"]
        ]
        out[(to_mm(r["x0"]), to_mm(r["top"]))] = sorted(inside)
    return out


def _expected_backs() -> dict[str, str]:
    """Front values -> the reduced values its back must show, read from the kit's data."""
    import yaml

    data = yaml.safe_load((KITS / "hexwar" / "counters.yaml").read_text(encoding="utf-8"))
    units = data["generate"][0]["by"]["unit"]
    return {
        f"{u['attack']}-{u['defence']}-{u['move']}": f"{u['reduced_attack']}-{u['reduced_defence']}-{u['move']}"
        for u in units.values()
    }


def _registration(pdf: Path, front: int, back: int, flip: str, offset=(0.0, 0.0)) -> list[float]:
    """For every counter on sheet `front`: how far (mm) its back lands from where the flip puts
    it, and that the back there shows the front's own reduced values."""
    from pypdf import PdfReader

    from tests.pdfshapes import page_rects

    page = PdfReader(str(pdf)).pages[front]
    width, height = to_mm(float(page.mediabox.width)), to_mm(float(page.mediabox.height))
    rects = page_rects(pdf)
    chars = page_chars(pdf)
    fronts = _counters(rects[front], words(chars[front]))
    backs = _counters(rects[back], words(chars[back]))
    reduced = _expected_backs()
    misses = []
    for (x, top), texts in fronts.items():
        mx, mtop = (width - x - 12.7, top) if flip == "long" else (x, height - top - 12.7)
        mx, mtop = mx + offset[0], mtop - offset[1]
        (bx, btop), back_texts = min(
            backs.items(), key=lambda kv: abs(kv[0][0] - mx) + abs(kv[0][1] - mtop)
        )
        misses.append(max(abs(bx - mx), abs(btop - mtop)))
        values = next(t for t in texts if t in reduced)
        assert reduced[values] in back_texts, (texts, back_texts)
        assert set(texts) - {values} == set(back_texts) - {reduced[values]}  # same unit, army
    return misses


@pytest.mark.parametrize("flip", ["long", "short", "off"])
def test_forty_counters_register_their_own_backs_on_both_flips(build, flip):
    """off: every front sheet, then every back sheet, fed through by hand as for a long flip."""
    out = build("hexwar", "--only", "counters", "--duplex", flip)
    misses = _registration(out / "counters.pdf", 0, 1, "short" if flip == "short" else "long")
    assert len(misses) == 40
    assert max(misses) < 0.005  # 0.00 mm


def test_counter_backs_move_by_the_back_offset(build):
    out = build("hexwar", "--only", "counters", "--back-offset", "1,0.5")
    misses = _registration(out / "counters.pdf", 0, 1, "long", offset=(1.0, 0.5))
    assert len(misses) == 40 and max(misses) < 0.005


@pytest.mark.slow  # a whole kit on gang sheets, read back
def test_counters_on_a_gang_sheet_keep_their_own_backs(build):
    out = build("hexwar", "--gang")
    pdf = out / "gang.pdf"
    assert pdf.exists() and not (out / "counters.pdf").exists()
    misses = _registration(pdf, 0, 1, "long")
    assert len(misses) == 40 and max(misses) < 0.005


def test_the_chart_is_one_sided_and_its_table_cells_sit_in_their_columns(build):
    out = build("hexwar", "--only", "charts")
    texts = page_texts(out / "charts.pdf")
    assert len(texts) == 1 and "sheet 1 front" in texts[0]  # both charts, and no back page
    chars = page_chars(out / "charts.pdf")[0]
    found = words(chars)
    heads = [w for w in found if w["text"] in ("1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1")]
    assert [w["text"] for w in sorted(heads, key=lambda w: w["x0"])][:7] == [
        "1-3",
        "1-2",
        "1-1",
        "2-1",
        "3-1",
        "4-1",
        "5-1",
    ]
    column = [
        w for w in found if abs((w["x0"] + w["x1"]) / 2 - (heads[0]["x0"] + heads[0]["x1"]) / 2) < 1
    ]
    assert [w["text"] for w in sorted(column, key=lambda w: w["top"])] == [
        "1-3",
        "AE",
        "AE",
        "AR",
        "AR",
        "AR",
        "EX",
    ]


# -- exported images -------------------------------------------------------------------------
@pytest.mark.slow  # a whole kit exported as pictures
def test_exported_images_pair_each_counter_with_its_own_back_and_charts_with_none(cli, tmp_path):
    import csv

    shutil.copytree(KITS / "hexwar", tmp_path / "hexwar")
    r = cli("export", tmp_path / "hexwar", "--images", "--out", tmp_path / "out")
    assert r.exit_code == 0, r.output
    assert (
        "counters: 40 fronts and 10 backs" in r.output
        and "charts: 2 fronts and 0 backs" in r.output
    )
    folder = tmp_path / "out" / "hexwar" / "images"
    rows = list(csv.DictReader((folder / "manifest.csv").open(encoding="utf-8")))
    counters = [row for row in rows if row["deck"] == "counters"]
    assert len(counters) == 40
    assert all(row["back"] == f"counters/{row['card']}-back.png" for row in counters)
    assert all((folder / row["back"]).exists() for row in counters)
    assert [row["back"] for row in rows if row["deck"] == "charts"] == ["", ""]


@pytest.mark.slow
def test_exported_playing_cards_have_no_line_on_the_cut(cli, tmp_path):
    """frame_width: 0 and white paper: the pixels along the cut are white on every card."""
    from PIL import Image

    shutil.copytree(KITS / "playing-cards", tmp_path / "playing-cards")
    r = cli(
        "export", tmp_path / "playing-cards", "--images", "--out", tmp_path / "out", "--dpi", "150"
    )
    assert r.exit_code == 0, r.output
    image = Image.open(
        tmp_path / "out" / "playing-cards" / "images" / "cards" / "A-spades-1.png"
    ).convert("L")
    bleed = round(3 / 25.4 * 72)
    w, h = image.size
    for x in range(bleed - 1, w - bleed + 1):
        for y in (bleed - 1, bleed, h - bleed - 1, h - bleed):
            assert image.getpixel((x, y)) > 245, (x, y)


def test_designs_pages_give_each_counter_design_its_own_back_and_a_chart_none(build):
    """--card-pages designs: each design's front, then its own back; a one-sided deck's
    designs alone. The count list says what each page is."""
    out = build(
        "hexwar", "--profile", "shop", "--card-pages", "designs", "--only", "counters,charts"
    )
    counts = (out / "counters-counts.csv").read_text(encoding="utf-8").splitlines()
    assert counts[1:3] == ["1,front,north-inf,8", "2,back,north-inf,8"] and len(counts) == 21
    texts = page_texts(out / "counters.pdf")
    assert len(texts) == 20 and "4-4-4" in texts[0] and "2-2-4" in texts[1]
    charts = (out / "charts-counts.csv").read_text(encoding="utf-8").splitlines()
    assert charts == ["page,side,card,copies", "1,front,crt,1", "2,front,tec,1"]
    assert len(page_texts(out / "charts.pdf")) == 2
