"""Provenance on paper (issue 36): a card whose rules text or values are the kit's own
(`source: ours`, the deck's or the card's) prints a discreet mark, a small diamond 3 mm inside
its trim's lower right corner, and each sheet with such a card a one-line legend beside the page
label. Measured on the built PDF: the marks' positions in mm from the TrimBox, the legend's
words; none on backs, none for a kit that labels nothing its own."""

from __future__ import annotations

import pdfplumber
import pytest

from tests.conftest import edit

MM = 72 / 25.4
LEGEND = "this kit's own rules or values (source: ours), not the game's"
POKER = (63.0, 88.0)


def marks(page) -> list[tuple[float, float]]:
    """Centres (mm from the page's left and top) of the 1.8 mm diamonds on a page."""
    out = []
    for c in page.curves:
        w, h = (c["x1"] - c["x0"]) / MM, (c["bottom"] - c["top"]) / MM
        if abs(w - 1.8) < 0.05 and abs(h - 1.8) < 0.05 and c["top"] / MM > 10:
            out.append(
                (
                    round((c["x0"] + c["x1"]) / 2 / MM, 2),
                    round((c["top"] + c["bottom"]) / 2 / MM, 2),
                )
            )
    return sorted(out)


def card_corners(page) -> list[tuple[float, float]]:
    """Each card's trim lower right corner (mm from left and top), from the sheet's TrimBox."""
    x0, _, x1, top = (float(v) for v in page.trimbox)
    height = float(page.height)
    cols = round((x1 - x0) / MM / POKER[0])
    rows = round((top - float(page.trimbox[1])) / MM / POKER[1])
    left, upper = x0 / MM, (height - top) / MM
    return sorted(
        (round(left + (i + 1) * POKER[0], 2), round(upper + (j + 1) * POKER[1], 2))
        for i in range(cols)
        for j in range(rows)
    )


def text(page) -> str:
    return " ".join(w["text"] for w in page.extract_words())


def test_every_own_card_carries_the_mark_and_its_sheet_the_legend(kit_copy, cli, tmp_path):
    kit = kit_copy("chariot-race")
    assert cli("build", str(kit), "--out", str(tmp_path)).exit_code == 0
    with pdfplumber.open(tmp_path / "chariot-race" / "cards.pdf") as pdf:
        front, back = pdf.pages[0], pdf.pages[1]
        found = marks(front)
        corners = card_corners(front)
        assert len(found) == len(corners) == 9
        for (mx, my), (cx, cy) in zip(found, corners, strict=True):
            assert abs((cx - mx) - 3.0) < 0.05 and abs((cy - my) - 3.0) < 0.05
        assert LEGEND in text(front)
        assert marks(back) == [] and LEGEND not in text(back)


def test_the_legend_shows_the_mark_as_the_pieces_show_it(kit_copy, cli, tmp_path):
    """The legend's diamond is the one on the cards: white inside, a grey outline (a solid
    diamond in the legend would name a mark no card carries)."""
    kit = kit_copy("chariot-race")
    assert cli("build", str(kit), "--out", str(tmp_path)).exit_code == 0
    with pdfplumber.open(tmp_path / "chariot-race" / "cards.pdf") as pdf:
        diamonds = [
            c
            for c in pdf.pages[0].curves
            if abs((c["x1"] - c["x0"]) / MM - 1.8) < 0.05
            and abs((c["bottom"] - c["top"]) / MM - 1.8) < 0.05
        ]
    legend = [c for c in diamonds if c["top"] / MM < 10]
    assert len(legend) == 1 and len(diamonds) == 10
    looks = {(tuple(c["non_stroking_color"]), tuple(c["stroking_color"])) for c in diamonds}
    assert len(looks) == 1
    assert tuple(legend[0]["non_stroking_color"]) == (1, 1, 1)


def test_a_card_of_the_game_in_an_own_deck_carries_no_mark(kit_copy, cli, tmp_path):
    kit = kit_copy("chariot-race")
    # the first card design (2 copies) said to be the game's own: two marks fewer on sheet 1
    edit(
        kit / "cards.yaml",
        "{id: m4-t90-a, kind: movement,",
        "{id: m4-t90-a, source: seed, kind: movement,",
    )
    assert cli("build", str(kit), "--out", str(tmp_path)).exit_code == 0
    with pdfplumber.open(tmp_path / "chariot-race" / "cards.pdf") as pdf:
        assert len(marks(pdf.pages[0])) == 7


def test_a_kit_that_labels_nothing_its_own_prints_no_mark(cli, tmp_path):
    from pathlib import Path

    kit = Path(__file__).parent / "kits" / "playing-cards"
    assert cli("build", str(kit), "--out", str(tmp_path)).exit_code == 0
    (pdf_path,) = (tmp_path / "playing-cards").glob("*.pdf")
    with pdfplumber.open(pdf_path) as pdf:
        assert all(marks(p) == [] and LEGEND not in text(p) for p in pdf.pages[:2])


def test_a_token_groups_or_aids_source_marks_its_pieces(kit_copy, cli, tmp_path):
    # the same mark through the same plug-in API (PieceGroup.own) from another component type
    kit = kit_copy("carthage")
    edit(kit / "tokens.yaml", "aid:\n  source: seed ", "aid:\n  source: ours ")
    assert cli("build", str(kit), "--only", "tokens", "--out", str(tmp_path)).exit_code == 0
    with pdfplumber.open(tmp_path / "carthage" / "tokens.pdf") as pdf:
        marked = [p for p in pdf.pages if marks(p)]
        assert marked and all(LEGEND in text(p) for p in marked)
        assert sum(len(marks(p)) for p in pdf.pages) == 4  # the four aids, nothing else


# -- whole sheets and plans (render/pages.mark_own_sheet, render/tiled.own_corner) --------------

A4_LANDSCAPE = (297.0, 210.0)


def test_a_whole_own_sheet_carries_the_mark_and_its_legend(kit_copy, cli, tmp_path):
    """The damage chart (its OUT boxes are ours) and the playing area (its measures are ours):
    the diamond 8 mm from the sheet's right edge and 12.5 mm from its foot (inside the printable
    area, above the label band), the legend's words on its line."""
    kit = kit_copy("chariot-race")
    assert cli("build", str(kit), "--out", str(tmp_path)).exit_code == 0
    for name in ("damage-chart.pdf", "playing-area.pdf"):
        with pdfplumber.open(tmp_path / "chariot-race" / name) as pdf:
            page = pdf.pages[0]
            assert (round(float(page.width) / MM), round(float(page.height) / MM)) == (297, 210)
            assert marks(page) == [(A4_LANDSCAPE[0] - 8.0, A4_LANDSCAPE[1] - 12.5)], name
            assert LEGEND in text(page), name


def test_a_whole_sheet_without_own_content_carries_none(kit_copy, cli, tmp_path):
    kit = kit_copy("chariot-race")
    edit(kit / "damage-chart.yaml", "source: ours", "source: seed")
    edit(kit / "templates.yaml", "source: ours", "source: seed")
    assert cli("build", str(kit), "--out", str(tmp_path)).exit_code == 0
    with pdfplumber.open(tmp_path / "chariot-race" / "damage-chart.pdf") as pdf:
        assert marks(pdf.pages[0]) == [] and LEGEND not in text(pdf.pages[0])
    with pdfplumber.open(tmp_path / "chariot-race" / "templates.pdf") as pdf:
        assert all(marks(p) == [] and LEGEND not in text(p) for p in pdf.pages)


def board_marks(cli, kit, out) -> tuple[tuple[float, float], list[tuple[float, float]], str]:
    """The shop board's trimmed lower right corner (mm from the page's left and top), the 1.8 mm
    diamonds on it and its words."""
    assert cli("build", str(kit), "--profile", "shop", "--out", str(out)).exit_code == 0
    with pdfplumber.open(out / "carthage" / "shop" / "board.pdf") as pdf:
        page = pdf.pages[0]
        x0, y0, x1, y1 = (float(v) for v in page.trimbox)
        assert (round((x1 - x0) / MM), round((y1 - y0) / MM)) == (594, 420)
        corner = (round(x1 / MM, 2), round((float(page.height) - y0) / MM, 2))
        return corner, marks(page), text(page)


@pytest.mark.slow  # two shop builds of the whole kit (PDF/X), about 6 s
def test_an_own_plan_carries_the_mark_in_its_corner(kit_copy, cli, tmp_path):
    """The Carthage board (its layout and "SEVEN LAPS · RUN ANTICLOCKWISE" are ours), printed
    by a shop on one page: the diamond 3 mm inside the board's trimmed lower right corner, the
    legend on its line; labelled the game's, the board has neither."""
    kit = kit_copy("carthage")
    (right, foot), found, words = board_marks(cli, kit, tmp_path / "ours")
    assert (round(right - 3.0, 2), round(foot - 3.0, 2)) in found
    assert LEGEND in words
    edit(kit / "board.yaml", "source: ours ", "source: seed ")
    (right, foot), found, words = board_marks(cli, kit, tmp_path / "seed")
    assert (round(right - 3.0, 2), round(foot - 3.0, 2)) not in found
    assert LEGEND not in words
