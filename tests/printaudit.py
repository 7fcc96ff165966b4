"""What a print audit measures on a home sheet, read back from the PDF (import it from tests).

margin_ink(path)            pages whose unprintable 5 mm border is not blank (pixels)
on_bleed(path)              marks and text that straddle the edge of the pieces' bleed
outside_printable(path)     strokes and text reaching into the 5 mm border (vector)

The vector checks read pdfplumber's objects through pdfium (pdfcheck.page_objects), many times
faster on sheets of card art.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from pdfcheck import page_objects

from printkit.layout.units import mm, to_mm

KEEP_OUT_MM = 5.0


def margin_ink(path: Path, dpi: int = 300, pages: list[int] | None = None) -> list[str]:
    """Pages with any non-white pixel lying wholly within KEEP_OUT_MM of the sheet edge."""
    found = []
    pdf = pdfium.PdfDocument(str(path))
    for i in [k for k in pages if k < len(pdf)] if pages is not None else range(len(pdf)):
        img = pdf[i].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        w, h = img.size
        k = int(KEEP_OUT_MM / 25.4 * dpi)  # pixels 0..k-1 lie wholly in the border
        strips = (
            img.crop((0, 0, w, k)),
            img.crop((0, h - k, w, h)),
            img.crop((0, 0, k, h)),
            img.crop((w - k, 0, w, h)),
        )
        darkest = min(s.getextrema()[0] for s in strips)
        if darkest < 250:
            found.append(f"page {i + 1}: ink in the unprintable border (grey {darkest})")
    pdf.close()
    return found


def _objects(page: dict) -> list[tuple[str, float, float, float, float, float]]:
    """(kind, x0, y0, x1, y1, half stroke) in points from the bottom-left, for every stroke and
    character on the page (fills only count as their stroke, if any)."""
    out = []
    for kind in ("line", "rect", "curve"):
        for o in page[kind + "s"]:
            if not o["stroke"]:
                continue
            half = (o["linewidth"] or 0) / 2
            out.append((kind, o["x0"], o["y0"], o["x1"], o["y1"], half))
    for ch in page["chars"]:
        if ch["text"].strip():
            out.append(("char " + ch["text"], ch["x0"], ch["y0"], ch["x1"], ch["y1"], 0.0))
    return out


def _bleed_box(page: dict) -> tuple[float, float, float, float]:
    """The page's own BleedBox, or the whole page."""
    return page["boxes"].get("BleedBox", (0.0, 0.0, page["width"], page["height"]))


def on_bleed(path: Path, tol: float = mm(0.3), pages: list[int] | None = None) -> list[str]:
    """Marks and characters (straight strokes at most 3 mm across one way, so clipped artwork
    is left out) that lie partly inside and partly outside the BleedBox (the pieces' printed area,
    widened by `tol` for outlines stroked on a cut line) of a home sheet."""
    found = []
    for page in page_objects(path, _indexes(pages), stroked_only=True):
        bx0, by0, bx1, by1 = _bleed_box(page)
        if (bx1 - bx0, by1 - by0) == (page["width"], page["height"]):
            continue
        for kind, x0, y0, x1, y1, half in _objects(page):
            x0, y0, x1, y1 = x0 - half, y0 - half, x1 + half, y1 + half
            if kind.split()[0] not in ("line", "char") or min(x1 - x0, y1 - y0) > mm(3):
                continue  # marks, bars and labels are lines and text; curves are artwork
            inside = x0 >= bx0 - tol and x1 <= bx1 + tol and y0 >= by0 - tol and y1 <= by1 + tol
            apart = x1 <= bx0 + tol or x0 >= bx1 - tol or y1 <= by0 + tol or y0 >= by1 - tol
            if not inside and not apart:
                found.append(
                    f"page {page['number']}: {kind} at ({to_mm(x0):.2f}, {to_mm(y0):.2f})-"
                    f"({to_mm(x1):.2f}, {to_mm(y1):.2f}) mm straddles the bleed "
                    f"({to_mm(bx0):.2f}, {to_mm(by0):.2f})-({to_mm(bx1):.2f}, {to_mm(by1):.2f})"
                )
    return found


def outside_printable(path: Path, tol: float = 0.01, pages: list[int] | None = None) -> list[str]:
    """Strokes (with half their width) and characters that reach into the KEEP_OUT_MM border.
    Objects that touch the BleedBox of a sheet of pieces are the pieces' own (perhaps clipped)
    artwork and are left out; on a page whose BleedBox is the page, everything counts."""
    found = []
    edge = mm(KEEP_OUT_MM)
    for page in page_objects(path, _indexes(pages), stroked_only=True):
        w, h = page["width"], page["height"]
        bx0, by0, bx1, by1 = _bleed_box(page)
        whole = (bx1 - bx0, by1 - by0) == (w, h)
        for kind, x0, y0, x1, y1, half in _objects(page):
            x0, y0, x1, y1 = x0 - half, y0 - half, x1 + half, y1 + half
            if not whole and x0 < bx1 and x1 > bx0 and y0 < by1 and y1 > by0:
                continue
            if x0 < edge - tol or y0 < edge - tol or x1 > w - edge + tol or y1 > h - edge + tol:
                found.append(
                    f"page {page['number']}: {kind} at ({to_mm(x0):.2f}, {to_mm(y0):.2f})-"
                    f"({to_mm(x1):.2f}, {to_mm(y1):.2f}) mm is in the unprintable border"
                )
    return found


def _indexes(numbers: list[int] | None) -> list[int] | None:
    """0-based page indexes (negative: from the end) for 1-based page numbers, or all."""
    if numbers is None:
        return None
    return [k - 1 if k > 0 else k for k in numbers if k != 0]
