"""The movement and turning templates, read back from the PDF and measured in millimetres."""

from __future__ import annotations

import functools
import math
import re

import pytest
from pdfplumber.utils import chars_to_textmap
from printaudit import page_objects

from printkit.games.chariot_race.components.templates.strips import assembled_length, segments
from printkit.layout.units import to_mm

BASE_MM = 40.0
OVERLAP_MM = 15.0


@pytest.fixture(scope="module", params=["a4", "letter"])
def templates_pdf(request, built_kit):
    paper = () if request.param == "a4" else ("--paper", request.param)  # a4: the default
    return built_kit("chariot-race", "--only", "templates", *paper) / "templates.pdf"


@functools.cache  # a built PDF never changes, so each is read once
def pages(pdf_path) -> list[dict]:
    """Every page's shapes and characters (pdfplumber's objects, read by pdfium)."""
    return page_objects(pdf_path)


def page_rects(pdf_path) -> list[list[dict]]:
    """Every page's rectangles."""
    return [page["rects"] for page in pages(pdf_path)]


def within(chars: list[dict], box: tuple[float, float, float, float]) -> list[dict]:
    """The characters wholly inside (x0, top, x1, bottom), as pdfplumber's within_bbox."""
    x0, top, x1, bottom = box
    return [
        c
        for c in chars
        if c["x0"] >= x0 and c["x1"] <= x1 and c["top"] >= top and c["bottom"] <= bottom
    ]


def text_of(chars: list[dict], box: tuple[float, float, float, float]) -> str:
    """pdfplumber's extract_text of these characters on a page (or crop) spanning box."""
    x0, top, x1, bottom = box
    layout = {"layout_bbox": box, "layout_width": x1 - x0, "layout_height": bottom - top}
    return chars_to_textmap(chars, **layout).as_string


def page_text(page: dict) -> str:
    return text_of(page["chars"], (0, 0, page["width"], page["height"]))


@functools.cache
def strip_rects(pdf_path):
    """(page, rect, text inside) for every strip piece: rects as wide as the base."""
    found = []
    for page in pages(pdf_path):
        for r in page["rects"]:
            if abs(to_mm(r["height"]) - BASE_MM) < 0.05 and to_mm(r["width"]) > OVERLAP_MM + 1:
                box = (r["x0"], r["top"], r["x1"], r["bottom"])
                found.append((page["number"], r, text_of(within(page["chars"], box), box) or ""))
    return found


def overlap_rects(pdf_path, page_number, piece):
    return [
        r
        for r in page_rects(pdf_path)[page_number - 1]
        if abs(to_mm(r["height"]) - BASE_MM) < 0.05
        and abs(to_mm(r["width"]) - OVERLAP_MM) < 0.05
        and r["x0"] >= piece["x0"] - 0.01
        and r["x1"] <= piece["x1"] + 0.01
        and abs(r["top"] - piece["top"]) < 0.01
    ]


def test_short_strips_measure_their_speed_in_inches(templates_pdf):
    rects = strip_rects(templates_pdf)
    for speed, expected in ((4, 101.6), (6, 152.4), (8, 203.2)):
        mine = [r for _, r, text in rects if re.search(rf"(?<!\d){speed}″", text)]
        assert len(mine) == 1, f"one {speed} in strip expected"
        assert abs(to_mm(mine[0]["width"]) - expected) <= 0.2
        assert abs(to_mm(mine[0]["height"]) - BASE_MM) <= 0.2


def test_20_inch_strip_assembles_to_508_mm(templates_pdf):
    pieces = [(p, r) for p, r, text in strip_rects(templates_pdf) if "20″" in text]
    assert len(pieces) >= 2, "the 20 in strip does not fit a sheet, so it is cut"
    total = 0.0
    overlaps = 0
    for page, r in pieces:
        total += to_mm(r["width"])
        zones = overlap_rects(templates_pdf, page, r)
        overlaps += len(zones)
        total -= sum(to_mm(z["width"]) for z in zones)
    assert overlaps == len(pieces) - 1
    assert abs(total - 508.0) <= 0.2


def test_every_page_has_a_100_mm_calibration_bar(templates_pdf):
    for page in pages(templates_pdf):
        bars = [ln for ln in page["lines"] if abs(to_mm(ln["width"]) - 100.0) < 0.05]
        assert bars, f"page {page['number']} has no 100 mm bar"
        text = page_text(page)
        assert "must measure 100 mm – print at actual size / 100 %" in text


def test_fans_are_labelled_every_15_degrees_up_to_the_largest_turn(templates_pdf):
    text = "\n".join(page_text(p) for p in pages(templates_pdf))
    assert "TURN UP TO 90°" in text and "TURN UP TO 30°" in text
    assert "TURN UP TO 15°" in text  # the 20 in strip: a Lean adds 15° to a straight card
    for angle in (15, 30, 45, 60, 75, 90):
        assert f"{angle}°" in text
    # the turn words run along a fan line, so read them in drawing order rather than by layout
    drawn = "".join(page["drawn"] for page in pages(templates_pdf))
    assert "TURN LEFT" in drawn and "TURN RIGHT" in drawn


def test_segments_give_back_the_exact_length():
    for length in (101.6, 406.4, 508.0, 1234.5):
        for room in (180.0, 269.4, 287.0):
            cuts = segments(length, room, OVERLAP_MM)
            assert all(b - a <= room + 1e-9 for a, b in cuts)
            assert abs(assembled_length(cuts, OVERLAP_MM) - length) < 1e-9
            assert cuts[0][0] == 0 and abs(cuts[-1][1] - length) < 1e-9


def test_rendered_at_100_percent_the_4_inch_strip_measures_up(built_kit):
    """Rasterise at 10 px/mm and measure the 4 in strip and its inch ticks in pixels."""
    import numpy as np
    import pypdfium2

    pdf_path = built_kit("chariot-race", "--only", "templates") / "templates.pdf"
    page_number, rect = next(
        (p, r) for p, r, text in strip_rects(pdf_path) if re.search(r"(?<!\d)4″", text)
    )
    px_per_pt = 254 / 72  # 10 pixels per millimetre
    page = pypdfium2.PdfDocument(pdf_path)[page_number - 1]
    image = np.asarray(page.render(scale=px_per_pt).to_pil().convert("L"))
    x0, x1 = rect["x0"] * px_per_pt, rect["x1"] * px_per_pt
    mid = int((rect["top"] + rect["bottom"]) / 2 * px_per_pt)
    dark = (image[mid - 10 : mid + 10] < 100).all(axis=0)
    edges = np.flatnonzero(dark)
    left = edges[np.abs(edges - x0) < 5].mean()
    right = edges[np.abs(edges - x1) < 5].mean()
    assert abs((right - left) - 1016) <= 2  # 101.6 mm
    # whole-inch ticks, read just inside the bottom edge, above the half-inch ticks
    y = int(rect["bottom"] * px_per_pt) - 55
    xs = np.flatnonzero(image[y, int(left) - 5 : int(right) + 6] < 100) + int(left) - 5
    groups = np.split(xs, np.flatnonzero(np.diff(xs) > 2) + 1)
    centres = [g.mean() for g in groups]
    assert len(centres) == 5  # 0 to 4 in: the two ends and three ticks
    assert all(abs((b - a) - 254) <= 1.5 for a, b in zip(centres[:-1], centres[1:], strict=True))


def test_fan_labels_sit_on_the_part_that_is_cut_out(templates_pdf):
    """Cutting a template out along its outline (strip + fan wedges) keeps every angle label and
    the TURN LEFT / TURN RIGHT words: every letter between the header and the footer lies inside
    a strip or inside the wedge of a fan (radius 38 mm from templates.yaml plus the label rim)."""
    import math

    from printkit.games.chariot_race.components.templates.draw import WING_EXTRA

    outer_mm = 38.0 + to_mm(WING_EXTRA)
    checked = 0
    for page in pages(templates_pdf):
        strips = [
            r
            for r in page["rects"]
            if abs(to_mm(r["height"]) - BASE_MM) < 0.05 and to_mm(r["width"]) > OVERLAP_MM + 1
        ]
        pivots = []  # (x, top, side, fan angle): the END corners of strips with fans
        for r in strips:
            box = (r["x0"], r["top"], r["x1"], r["bottom"])
            m = re.search(r"TURN UP TO (\d+)°", text_of(within(page["chars"], box), box))
            if m:
                fan = float(m.group(1))
                pivots += [(r["x1"], r["top"], 1, fan), (r["x1"], r["bottom"], -1, fan)]

        def in_strip(x, y, strips=strips):
            return any(
                r["x0"] - 0.5 <= x <= r["x1"] + 0.5 and r["top"] - 0.5 <= y <= r["bottom"] + 0.5
                for r in strips
            )

        def in_wedge(x, y, pivots=pivots):
            for px, py, side, fan in pivots:
                back, out = px - x, (py - y) * side  # back along the strip; away from it
                turn = math.degrees(math.atan2(back, out))
                if to_mm(math.hypot(back, out)) <= outer_mm + 0.2 and -0.5 <= turn <= fan + 0.5:
                    return True
            return False

        body = [
            ch
            for ch in page["chars"]
            if to_mm(ch["top"]) > 18
            and to_mm(page["height"] - ch["bottom"]) > 15
            and ch["text"].strip()
        ]
        for ch in body:
            corners = [(ch[a], ch[b]) for a in ("x0", "x1") for b in ("top", "bottom")]
            if all(in_strip(x, y) for x, y in corners):
                continue
            for x, y in corners:
                assert in_wedge(x, y), f"page {page['number']}: {ch['text']!r} is cut away"
            checked += 1
    assert checked >= 100  # the fans' letters were really looked at


def test_a_cut_strips_pieces_print_on_the_same_or_consecutive_sheets(templates_pdf):
    """Read back: each piece k of a cut strip is on the sheet of piece k-1 or the next one."""
    pages: dict[str, list[tuple[int, int]]] = {}
    for page, _, text in strip_rects(templates_pdf):
        m = re.search(r"(\d+)″.*?PIECE (\d+) OF \d+", text, re.S)
        if m:
            pages.setdefault(m.group(1), []).append((int(m.group(2)), page))
    assert set(pages) >= {"16", "20"}
    for speed, found in pages.items():
        sheets = [page for _, page in sorted(found)]
        steps = [b - a for a, b in zip(sheets, sheets[1:], strict=False)]
        assert all(s in (0, 1) for s in steps), f"{speed} in pieces on sheets {sheets}"


def test_keep_groups_together_moves_whole_sheets_only():
    from printkit.games.chariot_race.components.templates.strips import (
        Placement,
        keep_groups_together,
    )

    # the packing put strip A's pieces (0, 1) on sheets 0 and 3, strip B's (2, 3) on 1 and 2
    packed = [Placement(0, 0, 0, 0), Placement(4, 0, 0, 50), Placement(2, 1, 0, 0)]
    packed += [Placement(3, 2, 0, 0), Placement(1, 3, 0, 0)]
    moved = keep_groups_together(packed, [[0, 1], [2, 3], [4]])
    page = {p.index: p.page for p in moved}
    assert page[1] - page[0] == 1 and page[3] - page[2] == 1
    assert page[4] == page[0]  # sheet-mates stay together
    assert sorted(page.values()) == sorted(p.page for p in packed)
    assert {(p.index, p.x, p.y) for p in moved} == {(p.index, p.x, p.y) for p in packed}


def test_joins_are_labelled_clear_of_the_ticks(templates_pdf):
    """Piece 1 says which piece it is taped over; piece 2's overlap says which piece covers it,
    and none of those letters is struck through by a tick (ticks run 7 mm in from each edge)."""
    drawn = "".join(page["drawn"] for page in pages(templates_pdf))
    assert drawn.count("OVER PIECE 2") == 2 and drawn.count("GOES OVER HERE") == 2
    for page, r, _ in strip_rects(templates_pdf):
        for zone in overlap_rects(templates_pdf, page, r):
            p = pages(templates_pdf)[page - 1]
            box = (zone["x0"], zone["top"], zone["x1"], zone["bottom"])
            letters = within(p["chars"], box)
            assert letters
            for ch in letters:
                assert (
                    to_mm(ch["top"] - zone["top"]) > 7 and to_mm(zone["bottom"] - ch["bottom"]) > 7
                )


def test_crowded_fan_labels_never_touch():
    """A club's finer fan (lines every 10° on a 30 mm radius) keeps 0° and the largest angle
    and leaves out the labels that would touch a neighbour; the default fan keeps them all."""
    from printkit.games.chariot_race.components.templates.draw import WING_EXTRA, _label_spots
    from printkit.layout.units import mm

    default = _label_spots([0, 15, 30, 45, 60, 75, 90], 90, mm(38) + WING_EXTRA / 2)
    assert [a for a, _ in default] == [0, 15, 30, 45, 60, 75, 90]
    fine = _label_spots([a * 10.0 for a in range(10)], 90, mm(30) + WING_EXTRA / 2)
    kept = [a for a, _ in fine]
    assert kept[0] == 0 and kept[-1] == 90 and len(kept) < 10
    shown = [at for _, at in fine]
    radius = mm(30) + WING_EXTRA / 2
    gaps = [radius * math.radians(b - a) for a, b in zip(shown, shown[1:], strict=False)]
    assert min(gaps) >= mm(4.4)  # room for two half labels ("90°" is about 4.3 mm wide)
