"""tiles.pdf read back: pages, boxes, duplex backs, and every tile's half-edges sampled from the
rendered pixels against the reference table (docs/reference chartae-tiles.md, typed in here)."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from printkit.layout.units import mm
from tests.conftest import mm_box
from tests.pdfcheck import page_chars, page_texts, printed

REFERENCE = {  # tile: half-edges 0..7 as in the published table
    "compass": "SSSLLLLS",
    "A": "LLLSSSSL",
    "B": "LLLSSSSL",
    "C": "LLSSSSLL",
    "D": "SSLLLLSS",
    "E": "LLLSSSSS",
    "F": "LLSSSLLL",
    "G": "SLSSSSLS",
    "H": "LLSLLSLL",
}
DPI = 100
INSET = mm(3.5)  # sample this far inside the trim, at the middle of each half-edge


@pytest.fixture
def shop_pdf(built_kit):
    """The kit built with the shop profile (a build shared with other test files)."""
    return built_kit("chartae", "--profile", "shop") / "tiles.pdf"


@pytest.fixture
def home_pdf(built_kit):
    """The kit built for home printing on A4 (shared with other test files)."""
    return built_kit("chartae") / "tiles.pdf"


def half_edge_points(trim) -> list[tuple[float, float]]:
    """The middle of each half-edge 0..7, INSET inside the trim (PDF points, origin bottom-left)."""
    x0, y0, x1, y1 = trim
    w, h = x1 - x0, y1 - y0
    q = [x0 + w / 4, x0 + 3 * w / 4]
    r = [y1 - h / 4, y1 - 3 * h / 4]
    return [
        (q[0], y1 - INSET),
        (q[1], y1 - INSET),
        (x1 - INSET, r[0]),
        (x1 - INSET, r[1]),
        (q[1], y0 + INSET),
        (q[0], y0 + INSET),
        (x0 + INSET, r[1]),
        (x0 + INSET, r[0]),
    ]


def sample(image, page_height: float, x: float, y: float, radius: int = 4):
    """Mean RGB of a small square around PDF point (x, y)."""
    scale = DPI / 72
    px, py = round(x * scale), round((page_height - y) * scale)
    pixels = [
        image.getpixel((px + dx, py + dy))[:3]
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
    ]
    return tuple(sum(p[i] for p in pixels) / len(pixels) for i in range(3))


def terrain(rgb) -> str:
    r, g, b = rgb
    return "S" if b > r else "L"


def grey(rgb) -> float:
    r, g, b = rgb
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def tile_id(chars: list[dict]) -> str:
    """The id printed in the tile's corner; the start tile shows the rose's N instead."""
    text = printed(chars).strip()
    return "compass" if text == "N" else text


def test_shop_profile_nine_fronts_and_backs_with_trimbox(shop_pdf):
    reader = PdfReader(shop_pdf)
    assert len(reader.pages) == 20  # 9 tiles + the reference card, each front then back
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page
        assert mm_box(page.trimbox) == pytest.approx((3, 3, 73, 73), abs=0.01)
        assert mm_box(page.bleedbox) == pytest.approx((0, 0, 76, 76), abs=0.01)
        assert mm_box(page.mediabox) == pytest.approx((0, 0, 76, 76), abs=0.01)


def test_every_tile_matches_the_reference_table_edge_for_edge(shop_pdf):
    pdf = pdfium.PdfDocument(str(shop_pdf))
    seen = {}
    land_grey, sea_grey = [], []
    chars = page_chars(shop_pdf)
    reader = PdfReader(shop_pdf)
    for index in range(0, 18, 2):  # the nine tile fronts
        page = pdf[index]
        image = page.render(scale=DPI / 72).to_pil().convert("RGB")
        height = page.get_height()
        trim = tuple(float(v) for v in reader.pages[index].trimbox)
        rgbs = [sample(image, height, x, y) for x, y in half_edge_points(trim)]
        drawn = "".join(terrain(rgb) for rgb in rgbs)
        seen[tile_id(chars[index])] = drawn
        for letter, rgb in zip(drawn, rgbs, strict=True):
            (land_grey if letter == "L" else sea_grey).append(grey(rgb))
    assert seen == REFERENCE
    # land and sea stay apart in a greyscale print too
    assert min(land_grey) - max(sea_grey) > 0.2


def test_tile_backs_are_one_common_back_and_the_card_has_its_own(shop_pdf):
    pdf = pdfium.PdfDocument(str(shop_pdf))

    def pixels(i):
        return pdf[i].render(scale=30 / 72).to_pil().convert("RGB").tobytes()

    backs = {pixels(i) for i in range(1, 18, 2)}
    assert len(backs) == 1
    assert pixels(19) not in backs  # the reference card's back is its second side
    assert pixels(18) != pixels(19)
    front, back = page_texts(shop_pdf)[18:20]
    assert "ROTATE" in front and "PLACE" in front
    assert "SCORING" in back and "placed the last tile loses" in back.replace("\r\n", " ")


def test_home_sheets_put_each_back_behind_its_front(home_pdf):
    """A4 portrait, long-edge duplex: a piece at x on the front has its back at W - x - w.

    Sheet 2 holds tile H (top left) and the reference card (top right), whose backs differ:
    the card's back must land top left on the back page, the common tile back top right."""
    reader = PdfReader(home_pdf)
    assert len(reader.pages) == 4  # 10 pieces, 8 a sheet: 2 sheets, fronts and backs
    pdf = pdfium.PdfDocument(str(home_pdf))
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    size = mm(70)
    slots = _slots(width, height, size)
    for sheet, pieces in ((0, 8), (1, 2)):
        front = pdf[2 * sheet].render(scale=DPI / 72).to_pil().convert("RGB")
        back = pdf[2 * sheet + 1].render(scale=DPI / 72).to_pil().convert("RGB")
        for k, (x, y) in enumerate(slots):
            mirror_x = width - x - size
            filled_front = sample(front, height, x + size / 2, y + size / 2) != (255, 255, 255)
            filled_back = sample(back, height, mirror_x + size / 2, y + size / 2) != (255, 255, 255)
            assert filled_front == filled_back == (k < pieces), (sheet, k)
    back = pdf[3].render(scale=DPI / 72).to_pil().convert("RGB")
    (x0, y0), (x1, _) = slots[0], slots[1]
    behind_card = sample(back, height, x0 + mm(8), y0 + mm(8))  # the mirror of the top right
    behind_h = sample(back, height, x1 + mm(8), y0 + mm(8))
    assert grey(behind_card) > 0.6  # the card's parchment
    assert grey(behind_h) < 0.35  # the common back's dark field


def _slots(width: float, height: float, size: float) -> list[tuple[float, float]]:
    """The 2 x 4 grid of 70 mm tiles centred on the sheet, top row first."""
    x0 = (width - 2 * size) / 2
    y_top = (height + 4 * size) / 2
    return [(x0 + c * size, y_top - (r + 1) * size) for r in range(4) for c in range(2)]
