"""Provenance on paper (issue 36): a card whose rules text or values are the kit's own
(`source: ours`, the deck's or the card's) prints a discreet mark, a small diamond 3 mm inside
its trim's lower right corner, and each sheet with such a card a one-line legend beside the page
label. Measured on the built PDF: the marks' positions in mm from the TrimBox, the legend's
words; none on backs, none for a kit that labels nothing its own."""

from __future__ import annotations

import pdfplumber

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
    edit(kit / "tokens.yaml", "aid:\n  width: 95\n", "aid:\n  source: ours\n  width: 95\n")
    assert cli("build", str(kit), "--only", "tokens", "--out", str(tmp_path)).exit_code == 0
    with pdfplumber.open(tmp_path / "carthage" / "tokens.pdf") as pdf:
        marked = [p for p in pdf.pages if marks(p)]
        assert marked and all(LEGEND in text(p) for p in marked)
        assert sum(len(marks(p)) for p in pdf.pages) == 4  # the four aids, nothing else
