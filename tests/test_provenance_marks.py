"""Provenance on paper (issue 36): a card whose rules text or values are the kit's own
(`source: ours`, the deck's or the card's) prints a discreet mark, a small diamond 3 mm inside
its trim's lower right corner, and each sheet with such a card a one-line legend beside the page
label. Measured on the built PDF: the marks' positions in mm from the TrimBox, the legend's
words; none on backs, none for a kit that labels nothing its own."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest

from tests.conftest import edit, untextured

MM = 72 / 25.4
LEGEND = "this kit's own rules or values (source: ours), not the game's"
POKER = (63.0, 88.0)
KITS = Path(__file__).resolve().parent / "kits"


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


def test_every_own_card_carries_the_mark_and_its_sheet_the_legend(built_kit):
    with pdfplumber.open(built_kit("chariot-race") / "cards.pdf") as pdf:
        front, back = pdf.pages[0], pdf.pages[1]
        found = marks(front)
        corners = card_corners(front)
        assert len(found) == len(corners) == 9
        for (mx, my), (cx, cy) in zip(found, corners, strict=True):
            assert abs((cx - mx) - 3.0) < 0.05 and abs((cy - my) - 3.0) < 0.05
        assert LEGEND in text(front)
        assert marks(back) == [] and LEGEND not in text(back)


def test_the_legend_shows_the_mark_as_the_pieces_show_it(built_kit):
    """The legend's diamond is the one on the cards: white inside, a grey outline (a solid
    diamond in the legend would name a mark no card carries)."""
    with pdfplumber.open(built_kit("chariot-race") / "cards.pdf") as pdf:
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


@pytest.mark.slow  # the deck built again and read back
def test_a_card_of_the_game_in_an_own_deck_carries_no_mark(kit_copy, cli, tmp_path):
    kit = kit_copy("chariot-race")
    # the first card design (2 copies) said to be the game's own: two marks fewer on sheet 1
    edit(
        kit / "cards.yaml",
        "{id: m4-t90-a, kind: movement,",
        "{id: m4-t90-a, source: seed, kind: movement,",
    )
    assert cli("build", str(kit), "--only", "cards", "--out", str(tmp_path)).exit_code == 0
    with pdfplumber.open(tmp_path / "chariot-race" / "cards.pdf") as pdf:
        assert len(marks(pdf.pages[0])) == 7


@pytest.mark.slow  # a whole kit built and read back
def test_a_kit_that_labels_nothing_its_own_prints_no_mark(cli, tmp_path):
    from pathlib import Path

    kit = Path(__file__).parent / "kits" / "playing-cards"
    assert cli("build", str(kit), "--out", str(tmp_path)).exit_code == 0
    (pdf_path,) = (tmp_path / "playing-cards").glob("*.pdf")
    with pdfplumber.open(pdf_path) as pdf:
        assert all(marks(p) == [] and LEGEND not in text(p) for p in pdf.pages[:2])


@pytest.mark.slow  # every token sheet of a kit read back
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


def test_a_whole_own_sheet_carries_the_mark_and_its_legend(built_kit):
    """The damage chart (its OUT boxes are ours) and the playing area (its measures are ours):
    the diamond 8 mm from the sheet's right edge and 12.5 mm from its foot (inside the printable
    area, above the label band), the legend's words on its line."""
    for name in ("damage-chart.pdf", "playing-area.pdf"):
        with pdfplumber.open(built_kit("chariot-race") / name) as pdf:
            page = pdf.pages[0]
            assert (round(float(page.width) / MM), round(float(page.height) / MM)) == (297, 210)
            assert marks(page) == [(A4_LANDSCAPE[0] - 8.0, A4_LANDSCAPE[1] - 12.5)], name
            assert LEGEND in text(page), name


@pytest.mark.slow  # two components built and read back
def test_a_whole_sheet_without_own_content_carries_none(kit_copy, cli, tmp_path):
    kit = kit_copy("chariot-race")
    edit(kit / "damage-chart.yaml", "source: ours", "source: seed")
    edit(kit / "templates.yaml", "source: ours", "source: seed")
    only = ("--only", "damage-chart", "--only", "templates")
    assert cli("build", str(kit), *only, "--out", str(tmp_path)).exit_code == 0
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
    by a shop on one page: the diamond 3 mm inside the corner its double frame leaves free
    (the frame's inner line 5.6 mm inside the trim), on the legend's line, above that line;
    labelled the game's, the board has neither."""
    kit = kit_copy("carthage")

    def in_corner(right: float, foot: float, found: list[tuple[float, float]]) -> bool:
        return any(
            abs(x - (right - 5.6 - 3.0)) < 0.02 and 5.6 + 2.0 < foot - y < 5.6 + 4.0
            for x, y in found
        )

    (right, foot), found, words = board_marks(cli, kit, tmp_path / "ours")
    assert in_corner(right, foot, found), found
    assert LEGEND in words
    edit(kit / "board.yaml", "source: ours ", "source: seed ")
    (right, foot), found, words = board_marks(cli, kit, tmp_path / "seed")
    assert not in_corner(right, foot, found), found
    assert LEGEND not in words


# -- a plan's legend in the shop file: in the safe area, clear of the artwork, black ink alone --

SAFE = 3.0  # mm: text at least this far inside the trim (printing.md, preflight PF-SAFE)


def shop_legend(
    pdf_path, page_index: int = 0
) -> tuple[dict[str, float], list[tuple[float, ...]], str]:
    """The shop plan's legend words: their box in mm from the TrimBox's left, right and foot
    ("left", "right", "foot", "top"), the fill colours they print in, and any other text within
    1 mm of them."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[page_index]
        x0, y0, x1, _ = (float(v) for v in page.trimbox)
        height = float(page.height)
        found = page.search(LEGEND, regex=False, return_chars=True)
        assert len(found) == 1, found
        inside = found[0]["chars"]
        words = page.extract_words()
        left, right = min(ch["x0"] for ch in inside), max(ch["x1"] for ch in inside)
        top, bottom = min(ch["top"] for ch in inside), max(ch["bottom"] for ch in inside)
        grow = MM
        near = [
            w["text"]
            for w in words
            if not (w["x0"] >= left - 0.01 and w["x1"] <= right + 0.01 and w["top"] >= top - 0.01)
            and w["x0"] < right + grow
            and w["x1"] > left - grow
            and w["top"] < bottom + grow
            and w["bottom"] > top - grow
        ]  # words of other text within 1 mm of the legend's (its own words lie inside its box)
    box = {
        "left": (left - x0) / MM,
        "right": (x1 - right) / MM,
        "foot": (height - bottom - y0) / MM,
        "top": (height - top - y0) / MM,
    }
    return box, sorted({tuple(ch["non_stroking_color"]) for ch in inside}), " ".join(near)


def black_ink_only(colour: tuple[float, ...]) -> bool:
    """A grey (one component: black ink) or a CMYK colour with no C, M or Y."""
    return len(colour) == 1 or (len(colour) == 4 and max(colour[:3]) == 0)


@pytest.mark.slow  # a shop build of a board
def test_an_own_boards_legend_lies_inside_its_frame_in_black_ink(kit_copy, cli, tmp_path):
    """The Carthage board's frame runs 4 to 5.6 mm inside its trim: the legend's words lie in
    the safe area, above the frame's inner line, clear of the notes above them (no other text
    on their line), printed in black ink alone; preflight finds no PF-SAFE."""
    kit = kit_copy("carthage")
    out = tmp_path / "out"
    args = ("build", str(kit), "--profile", "shop", "--only", "board", "--out", str(out))
    assert cli(*args).exit_code == 0
    board = out / "carthage" / "shop" / "board.pdf"
    box, colours, near = shop_legend(board)
    assert box["foot"] >= 5.6 + 1.0 and box["right"] >= 5.6 + SAFE, box
    assert near == ""
    assert colours and all(black_ink_only(c) for c in colours), colours
    preflight = cli("preflight", str(board))
    assert "PF-SAFE" not in preflight.output, preflight.output


@pytest.mark.slow  # a shop build of a map
def test_an_own_maps_legend_lies_in_the_safe_area_in_black_ink(cli, tmp_path):
    """A map labelled `source: ours` (hexwar's, here): the legend in its lower right corner,
    its words at least 3 mm inside the trim, in black ink alone in the shop file. (Untextured:
    the marks of its forests and hills are most of the build and of reading its page back.)"""
    kit = tmp_path / "hexwar"
    shutil.copytree(KITS / "hexwar", kit)
    untextured(kit)
    edit(kit / "map.yaml", "width: 250mm", "source: ours\nwidth: 250mm")
    out = tmp_path / "out"
    args = ("build", str(kit), "--profile", "shop", "--only", "map", "--out", str(out))
    assert cli(*args).exit_code == 0
    box, colours, near = shop_legend(out / "hexwar" / "shop" / "map.pdf")
    assert box["foot"] >= SAFE - 0.01 and box["right"] >= SAFE - 0.01 and near == "", box
    assert box["foot"] < SAFE + 1.0  # in the corner: not lifted further than the safe area asks
    assert colours and all(black_ink_only(c) for c in colours), colours


def test_a_full_size_tracks_legend_lies_on_its_page_in_the_safe_area(cli, tmp_path):
    """The chariot race's playing area at 1:1 (--full-size), in the shop's one page after its
    plan page: the track's drawing moves its origin; the legend still lies in the plan's lower
    right corner, inside the trim and its safe area (it was drawn 700 mm off the page)."""
    out = tmp_path / "out"
    args = ("build", "chariot-race", "--only", "playing-area", "--full-size", "--profile", "shop")
    assert cli(*args, "--out", str(out)).exit_code == 0
    box, colours, near = shop_legend(out / "chariot-race" / "shop" / "playing-area.pdf", 1)
    assert SAFE - 0.01 <= box["foot"] < SAFE + 1.0 and SAFE - 0.01 <= box["right"] < SAFE + 5.1, box
    assert near == "" and all(black_ink_only(c) for c in colours), (near, colours)


def test_the_mark_written_as_one_piece_of_code_is_what_its_drawing_calls_write():
    """On a sheet's canvas the mark's operators are written at once (draw/sheet.py: a deck has
    a mark a card): byte for byte what saving the state, setting its colours and line width,
    stroking and filling the diamond and restoring write, under either fill rule; where an
    alpha is set, the calls themselves draw it."""
    import io

    from printkit.draw import sheet
    from printkit.draw.fonts import KitCanvas

    def page(fill_mode: int, alpha: float, direct: bool) -> list[str]:
        c = KitCanvas(io.BytesIO())
        c._fillMode = fill_mode
        c.setFillAlpha(alpha)
        before = len(c._code)
        if direct:
            sheet._mark_at(c, 101.25, 57.5)
        else:
            c.saveState()
            c.setStrokeColor(sheet.GREY)
            c.setFillColor(sheet.WHITE)
            c.setLineWidth(sheet.OWN_LINE)
            sheet._diamond(c, 101.25, 57.5)
            c.restoreState()
        assert c._fillMode == fill_mode and c._extgstate.getValue("ca") == alpha
        return "\n".join(c._code[before:]).split("\n")

    for fill_mode in (0, 1):
        assert sheet._writes_mark_code(KitCanvas(io.BytesIO()))
        assert page(fill_mode, 1, direct=True) == page(fill_mode, 1, direct=False)
    shaded = KitCanvas(io.BytesIO())
    shaded.setFillAlpha(0.5)
    assert not sheet._writes_mark_code(shaded)
    assert page(0, 0.5, direct=True) == page(0, 0.5, direct=False)
    assert any(op.endswith(" gs") for op in page(0, 0.5, direct=True))


def test_a_legend_drawn_again_in_its_band_is_what_drawing_it_writes():
    """The legend in a band it was drawn in before on the same canvas is appended as the
    operators written then (draw/sheet.py): byte for byte what drawing it again writes, on
    one page or the next, across a band or down one."""
    import io

    from printkit.draw import sheet
    from printkit.draw.fonts import KitCanvas
    from printkit.layout.geometry import Rect

    class Drawn(KitCanvas):
        """A sheet's canvas whose legends are all drawn (not a KitCanvas itself)."""

    def pages(cls: type[KitCanvas]) -> bytes:
        out = io.BytesIO()
        c = cls(out, invariant=1)
        c.setPageCompression(0)
        for _ in range(3):
            sheet.draw_own_legend(c, Rect(20, 10, 400, 14), False)
            sheet.draw_own_legend(c, Rect(5, 100, 14, 300), True)
            c.showPage()
        c.save()
        return out.getvalue()

    kept, drawn = pages(KitCanvas), pages(Drawn)
    assert kept == drawn and kept.count(b"source: ours") == 6
    c = KitCanvas(io.BytesIO())
    sheet.draw_own_legend(c, Rect(20, 10, 400, 14), False)
    assert len(c.kept_codes) == 1  # kept: the next sheet appends it
