"""An inline icon (`{icon:name}` in a text) is drawn in the colour of the text around it, read
from printkit's own drawing state, not from reportlab's private canvas attributes."""

from __future__ import annotations

import pdfplumber
import pytest

from printkit.kit import load_kit
from printkit.model.options import Options
from tests.conftest import edit
from tests.test_faces import _draw_designs


@pytest.mark.slow
def test_an_inline_icon_takes_the_colour_of_its_text(kit_copy, tmp_path):
    kit_dir = kit_copy("chariot-race")
    edit(kit_dir / "cards.yaml", '"Play at once – cannot be held"', '"{icon:star} Play at once"')
    kit = load_kit(str(kit_dir), Options())
    pdf_path = tmp_path / "inline.pdf"
    pages = _draw_designs(kit, "cards", pdf_path)
    index = [label for label, _ in pages].index("favour-of-nike")
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[index]
        p = next(c for c in page.chars if c["text"] == "P" and c["size"] < 9)
        stars = [o for o in page.curves if abs(o["top"] - p["top"]) < 4 and o["x1"] <= p["x0"]]
        star = max(stars, key=lambda o: o["x1"] - o["x0"])  # the card's texture has small dots
    assert star["x1"] - star["x0"] > p["size"] * 0.6 and star["fill"]
    text_colour = tuple(p["non_stroking_color"])
    assert text_colour != (0, 0, 0)  # a colour of its own: a star in the default black would fail
    assert tuple(star["non_stroking_color"]) == text_colour
