"""What a print audit measures on a home sheet, read back from the PDF (import it from tests).

margin_ink(path)            pages whose unprintable 5 mm border is not blank (pixels)
on_bleed(path)              marks and text that straddle the edge of the pieces' bleed
outside_printable(path)     strokes and text reaching into the 5 mm border (vector)

and the reader they use, for any test that measures shapes and text on a page:

page_objects(path)          pdfplumber's lines, rects, curves, chars and images, read by pdfium
                            and pikepdf (many times faster on sheets of card art)
drawn_texts(path)           each page's text in drawing order
extract_text(page)          pdfplumber's extract_text / extract_words of a page_objects() page
extract_words(page)
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from pdfcheck import pdf_chars

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


# ---- the reader: pdfplumber's objects, read by pdfium ---------------------------------------


def page_objects(
    path: Path | str, pages: list[int] | None = None, stroked_only: bool = False
) -> list[dict]:
    """pdfplumber's `lines`, `rects`, `curves`, `chars` and `images` of each page (0-based
    indexes in `pages`, negative from the end; default all), many times faster on pages of
    vector art: shapes and images read by pdfium, characters by pdfcheck.pdf_chars. Each page
    is a dict with those lists, `width`, `height`, `number` (1-based), `boxes` (the MediaBox and
    any TrimBox and BleedBox the page sets, x0 y0 x1 y1), and `drawn`: its characters' text in
    drawing order.

    Paths follow pdfminer's rules: each subpath is one object, a line is `m l`, a rect an
    axis-aligned closed `m l l l`, anything else a curve (its box spans the end points, control
    points left out); linewidth in page units. Objects carry x0, x1, y0, y1 (from the page
    bottom), top, bottom (from the page top), width, height; paths also stroke, fill,
    linewidth, non_stroking_color and stroking_color (r, g, b from 0 to 1: pdfium reads colours
    in steps of 1/255), pts. pdfium keeps coordinates as 32-bit floats (about 1e-4 pt here).
    `stroked_only`: leave out paths that are only filled (artwork), for checks of strokes."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        n = len(pdf)
        wanted = list(
            dict.fromkeys(range(n) if pages is None else [k % n for k in pages if -n <= k < n])
        )
        chars = pdf_chars(path, wanted)
        return [
            _page_objects(pdf[k], k + 1, stroked_only, c)
            for k, c in zip(wanted, chars, strict=True)
        ]
    finally:
        pdf.close()


def _page_objects(page, number: int, stroked_only: bool, chars: list[dict]) -> dict:
    import pypdfium2.raw as pdfium_c

    height = page.get_height()
    shapes: dict[str, list[dict]] = {"line": [], "rect": [], "curve": []}
    images = []
    for obj in page.get_objects():  # one walk, forms included
        kind = pdfium_c.FPDFPageObj_GetType(obj.raw)
        if kind == pdfium_c.FPDF_PAGEOBJ_PATH:
            for shape_kind, shape in _path_shapes(obj, height, stroked_only):
                shapes[shape_kind].append(shape)
        elif kind == pdfium_c.FPDF_PAGEOBJ_IMAGE:
            to_page = _form_matrix(obj)
            corners = [to_page.on_point(*p) for p in _corners(obj.get_bounds())]
            images.append(_box_of(corners, height))
    boxes = {"MediaBox": tuple(page.get_mediabox())}
    for name, getter in (("TrimBox", page.get_trimbox), ("BleedBox", page.get_bleedbox)):
        box = getter(fallback_ok=False)
        if box is not None:
            boxes[name] = tuple(box)
    return {
        "number": number,
        "width": page.get_width(),
        "height": height,
        "boxes": boxes,
        "lines": shapes["line"],
        "rects": shapes["rect"],
        "curves": shapes["curve"],
        "chars": chars,
        "images": images,
        "drawn": "".join(c["text"] for c in chars),
    }


def _corners(box) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = box
    return [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]


def _page_matrix(obj):
    """The matrix that takes an object's own coordinates to the page: its own, then those of
    the forms holding it."""
    matrix = obj.get_matrix()
    form = obj.container
    while form is not None:
        matrix = matrix.multiply(form.get_matrix())
        form = form.container
    return matrix


def _form_matrix(obj):
    """The matrix that takes the space of the forms holding an object to the page."""
    import pypdfium2 as pdfium

    matrix, form = pdfium.PdfMatrix(), obj.container
    while form is not None:
        matrix = matrix.multiply(form.get_matrix())
        form = form.container
    return matrix


def _box_of(points: list[tuple[float, float]], height: float) -> dict:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return {
        "x0": x0,
        "x1": x1,
        "y0": y0,
        "y1": y1,
        "top": height - y1,
        "bottom": height - y0,
        "width": x1 - x0,
        "height": y1 - y0,
    }


def _path_shapes(obj, height: float, stroked_only: bool) -> list[tuple[str, dict]]:
    """(kind, object) for each subpath of a painted path object, as pdfminer splits them."""
    import ctypes
    import math

    import pypdfium2.raw as pdfium_c

    fillmode, stroke, width = ctypes.c_int(), ctypes.c_int(), ctypes.c_float()
    pdfium_c.FPDFPath_GetDrawMode(obj.raw, fillmode, stroke)
    if not stroke.value and (stroked_only or not fillmode.value):
        return []  # a clipping path only, or a fill not asked for
    pdfium_c.FPDFPageObj_GetStrokeWidth(obj.raw, width)
    rgba = [ctypes.c_uint() for _ in range(4)]
    colours = []
    for getter in (pdfium_c.FPDFPageObj_GetFillColor, pdfium_c.FPDFPageObj_GetStrokeColor):
        getter(obj.raw, *rgba)
        colours.append(tuple(v.value / 255 for v in rgba[:3]))
    to_page = _page_matrix(obj)
    style = {
        "stroke": bool(stroke.value),
        "fill": bool(fillmode.value),
        "linewidth": width.value * math.hypot(to_page.a, to_page.b),  # in page units, as pdfminer
        "non_stroking_color": colours[0],
        "stroking_color": colours[1],
    }
    out = []
    for shape, pts in _subpaths(obj.raw, to_page):
        kind, corners = _path_kind(shape, pts)
        out.append((kind, {**_box_of(corners, height), **style, "pts": pts}))
    return out


def _subpaths(raw, matrix) -> list[tuple[str, list[tuple[float, float]]]]:
    """(shape, end points) per subpath, shape in pdfminer's letters m, l, c and h (a closing
    h stands for the subpath's start)."""
    import ctypes

    import pypdfium2.raw as pdfium_c

    x, y = ctypes.c_float(), ctypes.c_float()
    out: list[tuple[str, list[tuple[float, float]]]] = []
    shape, pts, bezier = "", [], 0
    for i in range(pdfium_c.FPDFPath_CountSegments(raw)):
        segment = pdfium_c.FPDFPath_GetPathSegment(raw, i)
        kind = pdfium_c.FPDFPathSegment_GetType(segment)
        pdfium_c.FPDFPathSegment_GetPoint(segment, x, y)
        point = matrix.on_point(x.value, y.value)
        closed = pdfium_c.FPDFPathSegment_GetClose(segment)
        if kind == pdfium_c.FPDF_SEGMENT_MOVETO:
            if shape:
                out.append((shape, pts))
            shape, pts = "m", [point]
            continue
        if kind == pdfium_c.FPDF_SEGMENT_BEZIERTO:
            bezier = (bezier + 1) % 3
            if bezier:
                continue  # a control point
        if not (closed and kind == pdfium_c.FPDF_SEGMENT_LINETO and point == pts[0]):
            shape += "c" if kind == pdfium_c.FPDF_SEGMENT_BEZIERTO else "l"
            pts.append(point)
        if closed:
            shape += "h"
            pts.append(pts[0])
    if shape:
        out.append((shape, pts))
    return out


def _path_kind(shape: str, pts: list) -> tuple[str, list]:
    """pdfminer's kind of a subpath and the points that make its box."""
    if shape in ("mlh", "ml"):
        return "line", pts[:2]
    if shape in ("mlllh", "mllll"):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3), _ = pts
        square = (x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0) or (
            y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0
        )
        if pts[0] == pts[4] and square:
            return "rect", [pts[0], pts[2]]
    return "curve", pts


def drawn_texts(path: Path | str) -> list[str]:
    """Each page's text in drawing order, forms included, as pdfplumber's characters joined:
    a label turned 90 degrees reads as written."""
    return ["".join(c["text"] for c in chars) for chars in pdf_chars(path)]


def extract_text(page: dict) -> str:
    """pdfplumber's `page.extract_text()` of a page_objects() page."""
    from pdfplumber.utils import chars_to_textmap

    w, h = page["width"], page["height"]
    layout = {"layout_bbox": (0, 0, w, h), "layout_width": w, "layout_height": h}
    return chars_to_textmap(page["chars"], **layout).as_string


def extract_words(page: dict) -> list[dict]:
    """pdfplumber's `page.extract_words()` of a page_objects() page."""
    from pdfplumber.utils import extract_words as words_of

    return words_of(page["chars"])
