"""Flatten soft transparency for PDF/X-1a: each image with a soft mask (a PNG's alpha, an SVG
icon drawn to pixels) becomes opaque pixels of itself composited onto what lies beneath it.

PDF/X-1a forbids transparency. The backdrop is the page as pdfium renders it with the soft
images made fully transparent, at `BACKDROP_DPI`, resampled onto each image's own pixel grid
through the transformation it is drawn with (its first placement: a card design's image has
the same ground under it on every copy). What is drawn above the image is drawn again above
the flattened pixels, so it is not lost.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pikepdf
import pypdfium2 as pdfium
from PIL import Image

from printkit.pdfx.rewrite import write_pixels
from printkit.preflight.scan_math import IDENTITY, Matrix, multiply

BACKDROP_DPI = 300
MAX_DEPTH = 12
Placement = tuple[int, Matrix]  # page index, the image's transformation on the page


def soft_images(pdf: pikepdf.Pdf) -> dict[tuple[int, int], Any]:
    """Every image XObject with a soft mask, by object id."""
    return {
        obj.objgen: obj
        for obj in pdf.objects
        if isinstance(obj, pikepdf.Stream)
        and obj.get("/Subtype") == "/Image"
        and isinstance(obj.get("/SMask"), pikepdf.Stream)
    }


def flatten_soft_images(pdf: pikepdf.Pdf, source: Path) -> None:
    """Composite every soft-masked image of `pdf` (opened from `source`) onto its backdrop."""
    images = soft_images(pdf)
    if not images:
        return
    placements = _first_placements(pdf, set(images))
    backdrop = _backdrop_document(source, set(images))
    try:
        rendered: dict[int, Image.Image] = {}
        for key, (page_index, ctm) in placements.items():
            if page_index not in rendered:
                rendered[page_index] = _render(backdrop, page_index)
            box = [float(v) for v in pdf.pages[page_index].mediabox]
            _composite(images[key], rendered[page_index], ctm, box)
    finally:
        backdrop.close()


def _first_placements(pdf: pikepdf.Pdf, wanted: set[tuple[int, int]]) -> dict[Any, Placement]:
    found: dict[Any, Placement] = {}
    for index, page in enumerate(pdf.pages):
        for key, ctm in _placements(page, page.obj.get("/Resources"), IDENTITY, 0):
            if key in wanted and key not in found:
                found[key] = (index, ctm)
        if len(found) == len(wanted):
            break
    return found


def _placements(stream: Any, resources: Any, ctm: Matrix, depth: int) -> Iterator[Any]:
    """(image id, matrix) of every image drawn by a content stream and the forms it draws."""
    stack: list[Matrix] = []
    for ins in pikepdf.parse_content_stream(stream, "q Q cm Do"):
        op = str(ins.operator)
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop() if stack else ctm
        elif op == "cm":
            ctm = multiply(tuple(float(v) for v in ins.operands), ctm)  # type: ignore[arg-type]
        elif op == "Do" and resources is not None:
            xobj = (resources.get("/XObject") or {}).get(str(ins.operands[0]))
            if xobj is None:
                continue
            if xobj.get("/Subtype") == "/Image":
                yield xobj.objgen, ctm
            elif xobj.get("/Subtype") == "/Form" and depth < MAX_DEPTH:
                matrix = tuple(float(v) for v in xobj.get("/Matrix", IDENTITY))
                inner = xobj.get("/Resources", resources)
                yield from _placements(xobj, inner, multiply(matrix, ctm), depth + 1)  # type: ignore[arg-type]


def _backdrop_document(source: Path, images: set[tuple[int, int]]) -> Any:
    """The PDF with every soft image fully transparent, opened in pdfium."""
    with pikepdf.open(source) as copy:
        clear = pikepdf.Stream(copy, zlib.compress(b"\x00"))
        clear.Type, clear.Subtype = pikepdf.Name.XObject, pikepdf.Name.Image
        clear.Width = clear.Height = 1
        clear.ColorSpace, clear.BitsPerComponent = pikepdf.Name.DeviceGray, 8
        clear.Filter = pikepdf.Name.FlateDecode
        for key in images:
            copy.get_object(key).SMask = clear
        buffer = io.BytesIO()
        copy.save(buffer)
    return pdfium.PdfDocument(buffer.getvalue())


def _render(document: Any, index: int) -> Image.Image:
    bitmap = document[index].render(scale=BACKDROP_DPI / 72, fill_color=(255, 255, 255, 255))
    return bitmap.to_pil().convert("RGB")


def _composite(xobj: Any, page: Image.Image, ctm: Matrix, media: list[float]) -> None:
    """Replace the soft image by itself over the backdrop, opaque RGB."""
    picture = pikepdf.PdfImage(xobj).as_pil_image().convert("RGB")
    alpha = pikepdf.PdfImage(xobj.SMask).as_pil_image().convert("L").resize(picture.size)
    w, h = picture.size
    a, b, c, d, e, f = ctm
    s = BACKDROP_DPI / 72
    x0, y1 = min(media[0], media[2]), max(media[1], media[3])
    # image pixel (x, y), y down -> page point -> backdrop pixel
    coeffs = (s * a / w, -s * c / h, s * (c + e - x0), -s * b / w, s * d / h, s * (y1 - d - f))
    backdrop = page.transform((w, h), Image.Transform.AFFINE, coeffs, Image.Resampling.BILINEAR)
    write_pixels(xobj, Image.composite(picture, backdrop, alpha), pikepdf.Name.DeviceRGB)
