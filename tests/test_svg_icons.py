"""A kit's SVG and PNG icons: clean in the PDF (no unembedded font, transparency and gradients
carried at home and flattened in shop files), and hostile files refused cheaply, at their line."""

from __future__ import annotations

import io
import math
import shutil
import time
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from bench import hostile
from printkit.preflight.scan import scan_page

NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
GRADIENT_SVG = f"""<svg {NS} width="64" height="64" viewBox="0 0 64 64">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#d94a1a"/>
      <stop offset="1" stop-color="#1a5ad9"/>
    </linearGradient>
  </defs>
  <rect x="0" y="0" width="64" height="64" fill="url(#g)"/>
  <circle cx="32" cy="32" r="12" fill="#ffee00" fill-opacity="0.5"/>
</svg>
"""


def glow_png(size: int = 300) -> Image.Image:
    """An orange radial glow: opaque in the middle, fading to fully transparent."""
    image = Image.new("RGBA", (size, size))
    half = size / 2
    image.putdata(
        [
            (230, 120, 20, round(255 * max(0.0, 1 - math.hypot(x - half, y - half) / half)))
            for y in range(size)
            for x in range(size)
        ]
    )
    return image


@pytest.fixture
def new_kit(cli, tmp_path):
    """A kit made by `printkit new` (one deck with an SVG icon), its cards cut to two."""

    def make(name: str = "blank") -> Path:
        kit = tmp_path / name
        assert cli("new", kit).exit_code == 0
        cards = kit / "cards.yaml"
        text = cards.read_text(encoding="utf-8")
        head, _, rows = text.partition("\ncards:")
        lines = [line for line in rows.splitlines() if line.strip().startswith("- {id:")]
        kept = [lines[0].replace("count: 6", "count: 1"), lines[3].replace("count: 3", "count: 1")]
        cards.write_text(head + "\ncards:\n" + "\n".join(kept) + "\n", encoding="utf-8")
        (kit / "rules.yaml").write_text("checks:\n  - {rule: unique, field: title}\n", "utf-8")
        return kit

    return make


@pytest.mark.slow
def test_a_new_kit_passes_home_and_shop_preflight(cli, new_kit, tmp_path):
    """The SVG icon renderer names no unembedded font (it once wrote `/F4 10 Tf` for Helvetica
    on every page): home files pass --standard home, shop files --standard x1a."""
    kit = new_kit()
    for profile, standard in (("home", "home"), ("shop", "x1a")):
        out = tmp_path / profile
        r = cli("build", kit, "--out", out, "--profile", profile)
        assert r.exit_code == 0, r.output
        # shop files are written to OUT/<kit>/shop/, home files to OUT/<kit>/
        pdf_path = out / "blank" / ("shop" if profile == "shop" else "") / "cards.pdf"
        pre = cli("preflight", "--standard", standard, pdf_path)
        assert pre.exit_code == 0 and "PF-FONT" not in pre.stdout, pre.stdout
        with pikepdf.open(pdf_path) as pdf:
            fonts = {str(f.get("/BaseFont")) for f in pdf.objects if _is_font(f)}
        assert not any("Helvetica" in f for f in fonts), fonts


def _is_font(obj) -> bool:
    return isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font"


@pytest.fixture
def art_kit(new_kit):
    """A new kit whose two cards show an SVG with a gradient and 50 % opacity, and a PNG with
    soft alpha."""
    kit = new_kit("art")
    (kit / "icons" / "grad.svg").write_text(GRADIENT_SVG, encoding="utf-8")
    glow_png().save(kit / "icons" / "glow.png")
    cards = kit / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    text = text.replace(
        "  gem: icons/gem.svg",
        "  gem: icons/gem.svg\n  grad: icons/grad.svg\n  glow: icons/glow.png",
    )
    text = text.replace("icon: palm", "icon: grad").replace("icon: horse", "icon: glow")
    cards.write_text(text, encoding="utf-8")
    return kit


def _render(pdf: Path, index: int, dpi: int = 150) -> tuple[Image.Image, float]:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[index]
        return page.render(scale=dpi / 72).to_pil().convert("RGB"), page.get_size()[1]
    finally:
        doc.close()


def _icon_box(pdf: Path, index: int) -> tuple[float, ...]:
    with pikepdf.open(pdf) as doc:
        uses = [i for i in scan_page(doc.pages[index]).images if i.box[2] - i.box[0] > 20]
        return min(uses, key=lambda u: u.box[0]).box  # the first card's (the leftmost)


def _pixel(image: Image.Image, height: float, x: float, y: float, dpi: int = 150):
    s = dpi / 72
    return image.getpixel((round(x * s), round((height - y) * s)))


def _close(a, b, tolerance: int) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=True))


@pytest.mark.slow
def test_gradient_opacity_and_soft_png_pass_both_preflights_and_print_like_the_source(
    cli, art_kit, tmp_path
):
    home, shop = tmp_path / "home", tmp_path / "shop"
    assert cli("build", art_kit, "--out", home).exit_code == 0
    assert cli("build", art_kit, "--out", shop, "--profile", "shop").exit_code == 0
    home_pdf, shop_pdf = home / "art" / "cards.pdf", shop / "art" / "shop" / "cards.pdf"
    assert cli("preflight", "--standard", "home", home_pdf).exit_code == 0
    pre = cli("preflight", "--standard", "x1a", shop_pdf)
    assert pre.exit_code == 0 and "PF-TRANSP" not in pre.stdout, pre.stdout
    assert b"/Sh0 sh" not in _all_content(home_pdf)  # no shading without its resource

    # home: the gradient runs from orange-red to blue, the 50 % yellow disc lets it show;
    # shop: the same, flattened and converted (each colour as pdfium shows its CMYK)
    left, right = (217, 74, 26), (26, 90, 217)
    under = [(a + b) / 2 for a, b in zip(left, right, strict=True)]
    centre = [(u + y) / 2 for u, y in zip(under, (255, 238, 0), strict=True)]
    for pdf, shown in ((home_pdf, _as_rgb), (shop_pdf, _as_cmyk)):
        page, height = _render(pdf, 0)
        x0, y0, x1, y1 = _icon_box(pdf, 0)
        mid_y = (y0 + y1) / 2
        assert _close(_pixel(page, height, x0 + 2, mid_y), shown(left), 14), pdf
        assert _close(_pixel(page, height, x1 - 2, mid_y), shown(right), 14), pdf
        assert _close(_pixel(page, height, (x0 + x1) / 2, mid_y), shown(centre), 14), pdf
    with pikepdf.open(shop_pdf) as pdf:
        images = [
            o
            for o in pdf.objects
            if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"
        ]
        assert images and not any("/SMask" in o or "/Mask" in o for o in images)
    _glow_flattened_onto_the_card(shop_pdf, 2)
    _ghostscript_reads(shop_pdf)


def _ghostscript_reads(pdf: Path) -> None:
    """An independent renderer reads the shop file without complaint (when installed)."""
    if shutil.which("gs") is None:
        return
    import subprocess

    r = subprocess.run(
        ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", str(pdf)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert r.returncode == 0 and "rror" not in r.stdout + r.stderr, r.stdout + r.stderr


def _as_rgb(rgb) -> tuple[float, ...]:
    return tuple(rgb)


def _as_cmyk(rgb) -> tuple[int, ...]:
    """How pdfium shows the CMYK the shop conversion makes of an sRGB colour."""
    from reportlab.pdfgen.canvas import Canvas

    from printkit.pdfx import converter_for

    cmyk = converter_for(None).cmyk(tuple(v / 255 for v in rgb))
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(10, 10))
    c.setFillColorCMYK(*cmyk)
    c.rect(0, 0, 10, 10, stroke=0, fill=1)
    c.showPage()
    c.save()
    doc = pdfium.PdfDocument(buffer.getvalue())
    try:
        return doc[0].render(scale=1).to_pil().convert("RGB").getpixel((5, 5))
    finally:
        doc.close()


def _glow_flattened_onto_the_card(shop_pdf: Path, index: int) -> None:
    """The soft glow's transparent corner shows the card beneath (flattened onto it, not a box
    or a hard-edged disc), and half-way out it is a blend of the two."""
    page, height = _render(shop_pdf, index)
    x0, y0, x1, y1 = _icon_box(shop_pdf, index)
    corner = _pixel(page, height, x0 + 1, y1 - 1)
    beyond = _pixel(page, height, x0 - 2, y1 + 2)
    assert _close(corner, beyond, 10), (corner, beyond)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    half = _pixel(page, height, cx + (x1 - x0) / 4, cy)
    middle = _pixel(page, height, cx, cy)
    assert not _close(half, beyond, 20) and not _close(half, middle, 20), (half, beyond, middle)
    blend = [(m + b) / 2 for m, b in zip(middle, beyond, strict=True)]
    assert _close(half, blend, 30), (half, blend)


def _all_content(pdf_path: Path) -> bytes:
    with pikepdf.open(pdf_path) as pdf:
        streams = [p.obj.Contents for p in pdf.pages] + [
            o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"
        ]
        return b"\n".join(s.read_bytes() for s in streams)


# -- hostile SVG and PNG files: refused at their line, cheaply ---------------------------------
HOSTILE = hostile.hostile_svgs()


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_svg_icon_is_refused_at_its_line(cli, new_kit, case):
    text, line, words = HOSTILE[case]
    kit = new_kit(case)
    (kit / "icons" / "gem.svg").write_text(text, encoding="utf-8")
    started = time.process_time()
    r = cli("check", kit)
    spent = time.process_time() - started
    assert r.exit_code == 2, r.output
    assert f"gem.svg:{line}: error: icon file 'icons/gem.svg'" in r.output, r.output
    assert words in r.output, r.output
    assert spent < 2.0  # the nested <use> once took 16 s


def test_a_png_icon_claiming_ten_billion_pixels_is_refused_from_its_header(cli, new_kit):
    kit = new_kit("bomb")
    (kit / "icons" / "gem.png").write_bytes(hostile.png_header(100_000, 100_000))
    cards = kit / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("gem.svg", "gem.png"), "utf-8")
    r = cli("check", kit)
    assert r.exit_code == 2 and "100,000 x 100,000 pixels" in r.output, r.output


def test_a_16_bit_grey_png_keeps_its_greys(cli, new_kit, tmp_path):
    """Pillow's own conversion clips 16-bit samples at 255: every grey printed white."""
    kit = new_kit("grey")
    ramp = Image.new("I;16", (256, 16))
    ramp.putdata([x * 257 for _ in range(16) for x in range(256)])
    ramp.save(kit / "icons" / "gem.png")
    cards = kit / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("gem.svg", "gem.png"), "utf-8")
    out = tmp_path / "out"
    assert cli("build", kit, "--out", out).exit_code == 0
    with pikepdf.open(out / "grey" / "cards.pdf") as pdf:
        (image,) = [
            pikepdf.PdfImage(o).as_pil_image()
            for o in pdf.objects
            if isinstance(o, pikepdf.Stream)
            and o.get("/Subtype") == "/Image"
            and int(o.Width) == 256
        ]
    grey = image.convert("L")
    assert abs(grey.getpixel((128, 8)) - 128) <= 2 and grey.getpixel((64, 8)) < 80
