"""PNG previews rendered from the real PDFs with pypdfium2, so they show exactly what prints.

For each component PDF `<name>.pdf`, two images go into a chosen folder:
    <name>-contact.png  a contact sheet: every page as a labelled thumbnail in a grid
    <name>-page1.png    the first page at 100 dpi (its pixel size is the page size at 100 dpi)
Images are written through output.staged, so they appear all together or not at all.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageDraw, ImageFont

from printkit.draw.fonts import FONT_DIR, FONTS
from printkit.layout.units import to_mm
from printkit.output import staged

PAGE_DPI = 100
THUMB_BOX = 240  # px: the largest page of a PDF fills this square
MAX_COLUMNS = 8  # even, so a front and its back sit side by side
MAX_THUMBNAILS = 96  # a contact sheet shows at most this many pages and says how many more
PAD = 22
LABEL_H = 22
HEADER_H = 66
BACKGROUND = (236, 233, 228)
SHADOW = (205, 200, 192)
BORDER = (150, 145, 138)
INK = (40, 36, 32)
MUTED = (110, 104, 96)


def preview_names(pdf: Path) -> tuple[str, str]:
    """File names of the contact sheet and the first-page image for a PDF."""
    return f"{pdf.stem}-contact.png", f"{pdf.stem}-page1.png"


@cache
def _font(role: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / FONTS[role]), size)


def render_page(pdf_path: Path, index: int = 0, dpi: float = PAGE_DPI) -> Image.Image:
    """One page of a PDF as an RGB image at `dpi`."""
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        return pdf[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        pdf.close()


def contact_sheet(pdf_path: Path, title: str) -> Image.Image:
    """Every page (up to MAX_THUMBNAILS) as a numbered thumbnail, at one common scale."""
    pdf = pdfium.PdfDocument(str(pdf_path))
    try:
        n = len(pdf)
        sizes = [pdf[i].get_size() for i in range(min(n, MAX_THUMBNAILS))]
        scale = THUMB_BOX / max(max(w, h) for w, h in sizes)
        thumbs = [pdf[i].render(scale=scale).to_pil().convert("RGB") for i in range(len(sizes))]
    finally:
        pdf.close()
    w0, h0 = sizes[0]
    subtitle = f"{pdf_path.name} · {n} page{'s' if n != 1 else ''} · {_mm(w0)} × {_mm(h0)} mm"
    if n > len(thumbs):
        subtitle += f" · first {len(thumbs)} shown"
    return _grid(thumbs, title, subtitle)


def _mm(points: float) -> str:
    return f"{to_mm(points):.4g}"


def _grid(thumbs: list[Image.Image], title: str, subtitle: str) -> Image.Image:
    cols = min(len(thumbs), MAX_COLUMNS)
    rows = -(-len(thumbs) // cols)
    cell_w = max(t.width for t in thumbs) + PAD
    cell_h = max(t.height for t in thumbs) + LABEL_H + PAD // 2
    width = max(PAD + cols * cell_w, 520)
    height = HEADER_H + rows * cell_h + PAD // 2
    sheet = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(sheet)
    draw.text((PAD, 14), title, font=_font("heading", 24), fill=INK)
    draw.text((PAD, 44), subtitle, font=_font("condensed", 14), fill=MUTED)
    label_font = _font("condensed", 13)
    for i, thumb in enumerate(thumbs):
        r, c = divmod(i, cols)
        x = PAD + c * cell_w + (cell_w - PAD - thumb.width) // 2
        y = HEADER_H + r * cell_h + (cell_h - LABEL_H - PAD // 2 - thumb.height)
        draw.rectangle((x + 3, y + 3, x + thumb.width + 3, y + thumb.height + 3), fill=SHADOW)
        sheet.paste(thumb, (x, y))
        draw.rectangle((x - 1, y - 1, x + thumb.width, y + thumb.height), outline=BORDER)
        draw.text(
            (x + thumb.width // 2, y + thumb.height + 6),
            str(i + 1),
            font=label_font,
            fill=MUTED,
            anchor="mt",
        )
    return sheet


def write_previews(pdfs: Iterable[tuple[Path, Path]]) -> list[Path]:
    """For each (pdf, folder), write the contact sheet and first page into folder.

    The contact sheet's title is "<folder name> · <pdf stem>" (kit and component) or the PDF's
    own title when it has one. Returns the files written.
    """
    pairs = list(pdfs)
    if not pairs:
        return []
    # Stage in the folder that holds them all: the kits' folders are siblings under --out.
    root = Path(os.path.commonpath([str(folder.resolve()) for _, folder in pairs]))
    with staged(root) as stage:
        for pdf, folder in pairs:
            contact_name, page_name = preview_names(pdf)
            sheet = contact_sheet(pdf, _title(pdf, folder))
            sheet.save(stage.temp_for(folder / contact_name), format="PNG")
            page = render_page(pdf, 0, PAGE_DPI)
            page.save(stage.temp_for(folder / page_name), format="PNG", dpi=(PAGE_DPI, PAGE_DPI))
        written = [target for _, target in stage.pending]
    return written


def _title(pdf: Path, folder: Path) -> str:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        title = doc.get_metadata_dict().get("Title", "")
    finally:
        doc.close()
    return title or f"{folder.name} · {pdf.stem}"
