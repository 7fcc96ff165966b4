"""The arena's measures and words are board data: changing them in board.yaml changes the
printed board (read back from the shop PDF), and a board without them gets the generic defaults."""

from __future__ import annotations

from printkit.games.carthage.components.board.model import ArenaLayout
from printkit.kit import Derived, load_kit
from printkit.layout.units import to_mm
from printkit.model.options import Options
from printkit.plugins import component_type
from tests.conftest import edit
from tests.pdfcheck import page_texts
from tests.pdfshapes import page_rects


def _board_pdf(folder, tmp_path):
    kit = load_kit(str(folder), Options(profile="shop"))
    path = tmp_path / "board.pdf"
    component_type("board").render(kit, Derived(), "board", path)
    return path


def _squares(rects: list[dict], side_mm: float) -> list:
    """The rectangles (pdfcheck.page_rects) of a page that are squares of this side."""
    return [
        r
        for r in rects
        if abs(to_mm(r["width"]) - side_mm) < 0.05 and abs(to_mm(r["height"]) - side_mm) < 0.05
    ]


def test_legend_tiles_and_words_follow_the_board_data(kit_copy, tmp_path):
    folder = kit_copy("carthage")
    board = folder / "board.yaml"
    edit(
        board,
        "legend_title: THE SQUARES\n",
        "legend_title: THE SQUARES\nlayout: {legend_tile: 13mm}\n",
    )
    edit(board, "  line: START · ARRIVAL\n", "  line: DEPART ICI\n")
    pdf = _board_pdf(folder, tmp_path)
    text, rects = page_texts(pdf)[0], page_rects(pdf)[0]
    # one legend tile per square kind, plus the mileage stone and the start line
    assert len(_squares(rects, 13)) == 10
    assert _squares(rects, 17) == []
    assert "DEPART ICI" in text and "START · ARRIVAL" not in text
    assert "MILEAGE STONE" in text  # Carthage's own word, from its board.yaml


def test_without_labels_the_board_prints_generic_words(kit_copy, tmp_path):
    folder = kit_copy("carthage")
    board = folder / "board.yaml"
    text = board.read_text(encoding="utf-8")
    start = text.index("labels:")
    end = text.index("symbols_title:")
    board.write_text(text[:start] + text[end:], encoding="utf-8")
    pdf = _board_pdf(folder, tmp_path)
    words = page_texts(pdf)[0]
    assert len(_squares(page_rects(pdf)[0], to_mm(ArenaLayout().legend_tile))) == 10
    assert "START LINE" in words and "MARKER" in words
    assert "Crossing it" not in words and "MILEAGE STONE" not in words
