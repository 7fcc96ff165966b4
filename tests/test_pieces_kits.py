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
from tests.pdfcheck import page_chars, page_texts
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
            made[key] = root / "out" / kit
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
