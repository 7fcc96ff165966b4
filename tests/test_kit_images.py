"""Kit images: decoded once, reduced to what print needs, one image object per PDF; a missing
image named by a card is reported at that card."""

from __future__ import annotations

import math

import pytest
from pypdf import PdfReader

from bench.synthetic import write_deck_kit, write_picture
from printkit.build.pipeline import build_kits
from printkit.core.errors import InputError
from printkit.kit import load_kit
from printkit.load.images import PRINT_DPI, print_pixels
from tests.conftest import line_of
from tests.pdfcheck import page_texts


def _images(pdf) -> dict[int, object]:
    """Every image XObject the pages use (inside forms too), by object number."""
    found: dict[int, object] = {}
    seen: set[int] = set()

    def walk(resources) -> None:
        xobjects = resources.get("/XObject", {}) if resources else {}
        for ref in xobjects.values():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Image":
                found[ref.idnum] = obj
            else:
                walk(obj.get("/Resources"))

    for page in PdfReader(pdf).pages:
        walk(page.get("/Resources"))
    return found


@pytest.mark.slow
def test_a_large_image_on_every_card_is_embedded_once_at_print_resolution(tmp_path):
    kit = write_deck_kit(tmp_path / "kit", 12, picture_side=3000)
    build_kits([load_kit(str(kit))], tmp_path / "out")
    pdf = tmp_path / "out" / "bench-deck" / "deck1.pdf"
    images = list(_images(pdf).values())
    assert len(images) == 1  # 12 cards, one shared picture (its alpha is its /SMask)
    side = math.ceil(18 / 25.4 * PRINT_DPI)  # the 31 x 18 mm box fits an 18 mm square
    assert (images[0]["/Width"], images[0]["/Height"]) == (side, side)
    assert "/SMask" in images[0]
    texts = page_texts(pdf)
    assert all("Card" in texts[i] for i in (0, 2))


def test_print_pixels_never_enlarge_and_keep_the_aspect():
    assert print_pixels(100, 50, (50.0, 50.0)) == (100, 50)  # small image: kept as it is
    assert print_pixels(7000, 3500, (25.4, 25.4)) == (300, 150)
    assert print_pixels(7000, 7000, None) == (7000, 7000)


def test_a_missing_image_named_by_a_card_is_reported_at_that_card(tmp_path):
    kit = write_deck_kit(tmp_path / "kit", 3)
    deck = kit / "deck1.yaml"
    text = deck.read_text(encoding="utf-8").replace(
        "back:", "      - {element: image, box: [16, 17, 31, 18], image: 'art/{id}.png'}\nback:"
    )
    deck.write_text(text, encoding="utf-8")
    for card in ("c0", "c2"):
        write_picture(kit / "art" / f"{card}.png", 40)
    try:
        build_kits([load_kit(str(kit))], tmp_path / "out")
    except InputError as exc:
        messages = [str(d) for d in exc.diagnostics]
    else:
        raise AssertionError("a missing image was accepted")
    line = line_of(deck, "{id: c1,")
    col = deck.read_text(encoding="utf-8").splitlines()[line - 1].index("c1") + 1
    assert len(messages) == 1
    assert messages[0].startswith(f"{deck}:{line}:{col}: error: card 'c1': file 'art/c1.png' not")
    assert not (tmp_path / "out" / "bench-deck").exists()
