"""The carthage kit end to end: outputs, page sizes and boxes, player counts, pick list, markers."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit.cli.app import main
from printkit.layout.units import mm
from tests.conftest import DATA, edit, line_of, mm_box
from tests.pdfcheck import assert_fonts_embedded, page_chars, page_texts, words

A4 = (210.0, 297.0)


def build(out: Path, *args: str):
    r = CliRunner().invoke(main, ["build", "carthage", "--out", str(out), *args])
    assert r.exit_code == 0, r.output
    return r


@pytest.fixture(scope="module")
def home_run(tmp_path_factory):
    """This file's own build of the whole kit on A4, with what it printed: (folder, stdout)."""
    out = tmp_path_factory.mktemp("home")
    r = build(out, "--paper", "a4")
    return out / "carthage", r.stdout


@pytest.fixture
def home(built_kit):
    """The whole kit built on A4 (the default paper), a build shared with other test files."""
    return built_kit("carthage")


@pytest.fixture(scope="module")
def three(tmp_path_factory):
    """The two decks built for 3 players (the pick list comes with any build), and stdout."""
    out = tmp_path_factory.mktemp("three")
    r = build(out, "--players", "3", "--only", "curriculum,fatum", "-j", "1")
    return out / "carthage", r.stdout


def page_mm(page) -> tuple[float, float]:
    box = page.mediabox
    return (round(float(box.width) / mm(1), 1), round(float(box.height) / mm(1), 1))


def test_build_writes_every_component(home_run):
    folder, stdout = home_run
    for name in ("board.pdf", "curriculum.pdf", "fatum.pdf", "tokens.pdf", "pick-list-4p.txt"):
        assert (folder / name).is_file(), name
        assert f"wrote {folder / name}" in stdout


def test_home_board_pages_are_a4_with_assembly_map_first(home):
    folder = home
    reader = PdfReader(folder / "board.pdf")
    assert len(reader.pages) == 9  # the map and 2 x 4 sheets
    for page in reader.pages:
        assert sorted(page_mm(page)) == sorted(A4)
    first = reader.pages[0].extract_text()
    assert "Assembly map" in first and "Glue bands are 12 mm wide" in first
    for label in ("A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"):
        assert label in first
    assert "row A, column 1 of 2 x 4" in reader.pages[1].extract_text()


def test_letter_board_pages_are_letter(built_kit):
    reader = PdfReader(built_kit("carthage", "--only", "board", "--paper", "letter") / "board.pdf")
    for page in reader.pages:
        assert sorted(page_mm(page)) == [215.9, 279.4]


@pytest.mark.slow
def test_shop_board_is_one_page_with_nested_boxes(built_kit):
    reader = PdfReader(built_kit("carthage", "--profile", "shop") / "board.pdf")
    assert len(reader.pages) == 1
    page = reader.pages[0]
    assert "/TrimBox" in page and "/BleedBox" in page
    trim, bleed, media = mm_box(page.trimbox), mm_box(page.bleedbox), mm_box(page.mediabox)
    assert trim == pytest.approx((3, 3, 597, 423), abs=0.01)  # A2 landscape + 3 mm bleed
    assert bleed == pytest.approx(media, abs=0.01)
    assert bleed[0] <= trim[0] and bleed[2] >= trim[2] and bleed[3] >= trim[3]


def test_every_font_is_embedded(home):
    folder = home
    for name in ("board.pdf", "curriculum.pdf", "fatum.pdf", "tokens.pdf"):
        fonts = assert_fonts_embedded(folder / name)  # every font of every page and form
        assert fonts and all("+" in f for f in fonts), (name, fonts)  # subset = embedded


def test_pick_list_for_three_players(three):
    folder, stdout = three
    text = (folder / "pick-list-3p.txt").read_text(encoding="utf-8")
    title = "Chariot Race at Carthage: what goes in the box for 3 players"
    assert text.startswith(title)
    assert f"{title}: {folder / 'pick-list-3p.txt'}" in stdout.splitlines()  # one line, not all
    assert "Wood cues" not in stdout
    assert "Chariots: blue, red, green  (leave out: white)" in text
    assert "Wood cues: 7 each for blue, red, green (21)" in text
    assert "CURRICULUM cards: 19 cards" in text
    left_out = text.split("CURRICULUM cards: 19 cards")[1].split("leave out (6, each marked 4P):")[
        1
    ]
    numbers = [
        int(line.split(".")[0]) for line in left_out.split("FATUM")[0].split("\n") if "." in line
    ]
    assert numbers == [7, 8, 9, 16, 24, 25]
    assert "FATUM cards: 13 cards" in text
    assert "leave out (1, each marked 4P):\n      MALEDICTION TABLETS FOR THE WHITE ONES" in text
    assert "Deal all 13 FATUM cards face up: 5, 4, 4 (uneven, from the dealer's left)." in text


def test_pick_list_for_two_players_names_the_teams(tmp_path):
    r = build(tmp_path, "--players", "2", "--only", "tokens")  # the pick list comes with any build
    text = (tmp_path / "carthage" / "pick-list-2p.txt").read_text(encoding="utf-8")
    assert "Player 1 runs: blue and red" in text and "Player 2 runs: green and white" in text
    assert "Deal all 14 FATUM cards face up: 7, 7." in text
    assert "leave out" not in text
    assert "every card is used, those marked 4P too" in " ".join(text.split())
    assert "for 2 players" in r.stdout


def test_players_out_of_range_is_an_input_error(tmp_path):
    r = CliRunner().invoke(main, ["build", "carthage", "--players", "5", "--out", str(tmp_path)])
    assert r.exit_code == 2
    line = line_of(DATA / "carthage" / "rules.yaml", "  max: 4")
    assert f"rules.yaml:{line}:8: error: kit 'carthage' is for 2 to 4 players" in r.stderr
    assert "--players 5 is not possible" in r.stderr
    assert not (tmp_path / "carthage").exists() or not any((tmp_path / "carthage").iterdir())


@pytest.mark.parametrize("command", ["check", "build"])
def test_a_default_player_count_outside_the_range_is_said_at_the_data(kit_copy, tmp_path, command):
    """rules.yaml `players: default` is the count a build without --players plays: outside
    min..max, `check` and `build` alike stop at that line (exit 2), nothing written; not a
    passing check and then a build that blames a --players never given."""
    kit = kit_copy("carthage")
    edit(kit / "rules.yaml", "  default: 4 ", "  default: 9 ")
    args = [command, str(kit)] + (["--out", str(tmp_path / "out")] if command == "build" else [])
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2, r.output
    line = line_of(kit / "rules.yaml", "  default: 9")
    assert f"rules.yaml:{line}:12: error: default must be a player count from min to max" in (
        r.stderr
    )
    assert "--players" not in r.stderr
    assert not (tmp_path / "out").exists()


def card_cell(word, page) -> tuple[int, int]:
    """Which card of the centred 3 x 3 grid of 63 x 88 mm poker cards a word lies on."""
    x0 = (float(page.mediabox.width) - 3 * mm(63)) / 2
    y0 = (float(page.mediabox.height) - 3 * mm(88)) / 2
    return int((word["x0"] - x0) // mm(63)), int((word["top"] - y0) // mm(88))


def cards_with_marker(path: Path, marker: str) -> list[str]:
    """Every printed card front carrying `marker`: its big number, or else its title words."""
    found = []
    for page, chars in zip(PdfReader(path).pages, page_chars(path), strict=True):
        on_page = words(chars)
        for m in (w for w in on_page if w["text"] == marker):
            cell = card_cell(m, page)
            on_card = [w for w in on_page if card_cell(w, page) == cell and w is not m]
            biggest = max(on_card, key=lambda w: w["size"])
            if biggest["text"].isdigit():
                found.append(biggest["text"])
            else:
                found.append(" ".join(w["text"] for w in on_card if w["size"] > 11))
    return found


def test_marked_cards_are_exactly_the_removal_list(three):
    folder, _ = three
    curriculum = cards_with_marker(folder / "curriculum.pdf", "4P")
    assert sorted(int(n) for n in curriculum) == [7, 8, 9, 16, 24, 25]
    fatum = cards_with_marker(folder / "fatum.pdf", "4P")
    assert len(fatum) == 1 and "WHITE" in fatum[0]


def test_tokens_hold_chariots_cues_and_aids(home):
    text = "\n".join(page_texts(home / "tokens.pdf"))
    for word in (
        "BLUE",
        "RED",
        "GREEN",
        "WHITE",
        "BLOCKED",
        "HOW TO MOVE",
        "EVEN ROLL",
        "ODD ROLL",
    ):
        assert word in text
    assert text.count("HOW TO MOVE") == 4


def test_rebuild_is_byte_identical(home_run, home):
    """Two builds of the kit, in different folders and process states, have the same bytes."""
    folder, _ = home_run
    for name in ("board.pdf", "fatum.pdf"):
        assert (home / name).read_bytes() == (folder / name).read_bytes()


def test_curriculum_titles_sit_on_one_line_below_the_number(home):
    """A two-line title runs up against the big number above it: every CURRICULUM title is
    short enough for one line, so each row of cards shows its titles at one height."""
    title_size = mm(5)
    for index, chars in enumerate(page_chars(home / "curriculum.pdf")):
        if index % 2:
            continue  # the fronts only
        on_page = words(chars)
        numbers = {round(w["top"]) for w in on_page if w["size"] > mm(10)}  # the big numbers
        titles = {round(w["top"]) for w in on_page if abs(w["size"] - title_size) < 0.5}
        assert numbers and len(titles) == len(numbers), (index + 1, titles, numbers)


def test_each_wood_cue_names_its_colour_for_a_greyscale_print(home):
    """Blue, red and green cues print as near-identical greys: each carries its initial."""
    pieces = [
        w["text"]
        for chars in page_chars(home / "tokens.pdf")
        for w in words(chars)
        if w["text"] in ("B", "R", "G", "W") and w["x1"] - w["x0"] < mm(4)
    ]
    # the cues are printed on the fronts and again on their backs
    counts = {letter: pieces.count(letter) for letter in "BRGW"}
    assert len(set(counts.values())) == 1 and counts["B"] >= 7, counts
