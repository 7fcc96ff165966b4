"""Outlines of cut pieces are either on the trim or at least the 3 mm safe margin inside it: a
frame 0.5 to 1.9 mm inside (as tokens and bases had) shows every cutting error as an uneven
border. Measured on the shop files, one piece per page with its TrimBox."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from printkit.layout.units import to_mm

SAFE_MM = 3.0
ON_TRIM_MM = 0.5  # a stroke centred on the cut line


def frame_distances(pdf_path: Path) -> list[tuple[int, float]]:
    """(page, mm) of the distance from each stroked rectangle or curve to its page's trim,
    for those inside the trim."""
    found = []
    with pdfplumber.open(pdf_path) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            x0, y0, x1, y1 = (float(v) for v in page.page_obj.attrs["TrimBox"])
            height = float(page.height)
            for shape in page.rects + page.curves:
                if not shape.get("stroke"):
                    continue
                left, right = float(shape["x0"]), float(shape["x1"])
                bottom, top = height - float(shape["bottom"]), height - float(shape["top"])
                if right - left < 20 or top - bottom < 20:
                    continue  # a small shape, not a frame around the piece
                gaps = (left - x0, bottom - y0, x1 - right, y1 - top)
                if min(gaps) > -1:  # inside the trim
                    found.append((number, to_mm(min(gaps))))
    return found


@pytest.mark.slow
@pytest.mark.parametrize(
    ("kit", "pattern"), [("chariot-race", "bases.pdf"), ("carthage", "tokens-*.pdf")]
)
def test_frames_are_on_the_trim_or_inside_the_safe_area(built_kit, kit, pattern):
    folder = built_kit(kit, "--profile", "shop")  # the shared build of the whole kit
    distances = [d for pdf in sorted(folder.glob(pattern)) for d in frame_distances(pdf)]
    assert distances  # the frames are seen
    wrong = [(page, gap) for page, gap in distances if ON_TRIM_MM < gap < SAFE_MM - 0.05]
    assert wrong == [], wrong
