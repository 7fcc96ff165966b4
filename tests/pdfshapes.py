"""Fast readers of a PDF's vector shapes and images, as pdfplumber reports them (import them from
any test; the text readers are in pdfcheck.py). pdfium reads in milliseconds what pdfplumber
parses in seconds on a page of card art.

    page_rects(path)         # painted rectangles: box without the stroke, fill, stroke, colour
    page_lines(path)         # stroked straight lines
    filled_paths(path)       # filled shapes (rectangles, curves) with their fill colour
    stroked_paths(path)      # stroked shapes of any form (lines, curves), their box
    page_image_counts(path)  # images drawn on each page
    pages_only(path, [0, 2], out)  # a copy with only these pages, to read a few of many fast

Boxes are x0, x1, top, bottom in page points, top measured from the page top, forms included;
colours are (r, g, b) from 0 to 1, to 1/255. `first`: read only that many pages.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

Shape = Callable[[object, float], dict | None]


def _each_path(path: Path | str, first: int | None, shape: Shape) -> list[list[dict]]:
    """`shape(obj, page_height)` of every path object of each page (inside forms too), those
    that are not None."""
    pdf = pdfium.PdfDocument(str(path))
    pages = []
    try:
        for index in range(len(pdf) if first is None else min(first, len(pdf))):
            page = pdf[index]
            height = page.get_height()
            found = (
                shape(o, height) for o in page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_PATH,))
            )
            pages.append([d for d in found if d is not None])
    finally:
        pdf.close()
    return pages


def _on_page(obj, box: tuple[float, float, float, float], height: float) -> dict:
    """A box (left, bottom, right, top) in the object's container space, on the page."""
    left, bottom, right, top = box
    form = obj.container
    while form is not None:  # a form's contents are in the form's own space
        left, bottom, right, top = form.get_matrix().on_rect(left, bottom, right, top)
        form = form.container
    return {"x0": left, "x1": right, "top": height - top, "bottom": height - bottom}


def _draw_mode(obj) -> tuple[bool, bool]:
    """(filled, stroked) of a path object."""
    fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
    pdfium_c.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill_mode), ctypes.byref(stroke))
    return fill_mode.value != pdfium_c.FPDF_FILLMODE_NONE, bool(stroke.value)


def _fill_colour(obj) -> tuple[float, float, float]:
    rgba = [ctypes.c_uint() for _ in range(4)]
    pdfium_c.FPDFPageObj_GetFillColor(obj.raw, *(ctypes.byref(v) for v in rgba))
    return tuple(v.value / 255 for v in rgba[:3])


def _points(obj) -> list[tuple[int, tuple[float, float]]] | None:
    """(segment type, point) of each segment of a path without curves, in its container's
    space; None for a path with a curve."""
    x, y = ctypes.c_float(), ctypes.c_float()
    at_x, at_y = ctypes.byref(x), ctypes.byref(y)
    matrix = obj.get_matrix()  # read once: pdfium makes a new matrix object each time
    points = []
    for i in range(pdfium_c.FPDFPath_CountSegments(obj.raw)):
        segment = pdfium_c.FPDFPath_GetPathSegment(obj.raw, i)
        kind = pdfium_c.FPDFPathSegment_GetType(segment)
        if kind == pdfium_c.FPDF_SEGMENT_BEZIERTO:
            return None
        pdfium_c.FPDFPathSegment_GetPoint(segment, at_x, at_y)
        points.append((kind, matrix.on_point(x.value, y.value)))
    return points


def _rectangle(obj) -> tuple[float, float, float, float] | None:
    """The box of a path that is one axis-aligned rectangle (a `re`, or four corners joined by
    lines), without the stroke's width; else None."""
    if pdfium_c.FPDFPath_CountSegments(obj.raw) not in (4, 5):
        return None
    points = _points(obj)
    kinds = [kind for kind, _ in points or []]
    if (
        not kinds
        or kinds[0] != pdfium_c.FPDF_SEGMENT_MOVETO
        or pdfium_c.FPDF_SEGMENT_MOVETO in kinds[1:]
    ):
        return None
    corners = [p for _, p in points[:4]]
    if len(points) == 5 and points[4][1] != corners[0]:
        return None
    edges = zip(corners, corners[1:] + corners[:1], strict=True)
    if not all(abs(a[0] - b[0]) < 1e-3 or abs(a[1] - b[1]) < 1e-3 for a, b in edges):
        return None
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return min(xs), min(ys), max(xs), max(ys)


def page_rects(path: Path | str, first: int | None = None) -> list[list[dict]]:
    """Each page's painted rectangles, as pdfplumber's `page.rects`: the box of the rectangle
    itself (no stroke width), width, height, `fill`, `stroke` and the fill `colour`."""

    def rect(obj, height: float) -> dict | None:
        filled, stroked = _draw_mode(obj)
        box = _rectangle(obj) if filled or stroked else None
        if box is None:
            return None
        found = _on_page(obj, box, height)
        found.update(width=found["x1"] - found["x0"], height=found["bottom"] - found["top"])
        return {**found, "fill": filled, "stroke": stroked, "colour": _fill_colour(obj)}

    return _each_path(path, first, rect)


def page_lines(path: Path | str, first: int | None = None) -> list[list[dict]]:
    """Each page's stroked straight lines (a path of one segment), as pdfplumber's
    `page.lines`: box, width and height."""

    def line(obj, height: float) -> dict | None:
        if pdfium_c.FPDFPath_CountSegments(obj.raw) != 2 or not _draw_mode(obj)[1]:
            return None
        points = _points(obj)
        if points is None or points[1][0] != pdfium_c.FPDF_SEGMENT_LINETO:
            return None
        (x0, y0), (x1, y1) = (p for _, p in points)
        found = _on_page(obj, (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)), height)
        found.update(width=found["x1"] - found["x0"], height=found["bottom"] - found["top"])
        return found

    return _each_path(path, first, line)


def filled_paths(path: Path | str, first: int | None = None) -> list[list[dict]]:
    """Each page's filled shapes (pdfplumber's `fill`), not those only stroked: box (a stroked
    outline's width included, as pdfcheck.page_paths) and fill `colour`."""

    def filled(obj, height: float) -> dict | None:
        if not _draw_mode(obj)[0]:
            return None
        return {**_on_page(obj, obj.get_bounds(), height), "colour": _fill_colour(obj)}

    return _each_path(path, first, filled)


def stroked_paths(path: Path | str, first: int | None = None) -> list[list[dict]]:
    """Each page's stroked shapes of any form (a rounded outline as well as a line): box,
    width and height (the stroke's width included, as pdfium bounds it)."""

    def stroked(obj, height: float) -> dict | None:
        if not _draw_mode(obj)[1]:
            return None
        found = _on_page(obj, obj.get_bounds(), height)
        found.update(width=found["x1"] - found["x0"], height=found["bottom"] - found["top"])
        return found

    return _each_path(path, first, stroked)


def page_image_counts(path: Path | str) -> list[int]:
    """How many images each page draws, inside forms too (as pdfplumber's `page.images`)."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        image = (pdfium_c.FPDF_PAGEOBJ_IMAGE,)
        return [len(list(pdf[i].get_objects(filter=image))) for i in range(len(pdf))]
    finally:
        pdf.close()


def pages_only(path: Path | str, indexes, out: Path | str) -> Path:
    """Write to `out` a copy of the PDF holding only these pages (0-based, in this order), so
    the page readers read a few pages of a long PDF without parsing all the others."""
    source = pdfium.PdfDocument(str(path))
    copy = pdfium.PdfDocument.new()
    try:
        copy.import_pages(source, pages=list(indexes))
        copy.save(str(out))
    finally:
        copy.close()
        source.close()
    return Path(out)


def _form_matrices(obj) -> list:
    """The matrices of the forms holding an object, innermost first (applied in this order,
    one after the other, they take the object's container space to the page)."""
    matrices, form = [], obj.container
    while form is not None:
        matrices.append(form.get_matrix())
        form = form.container
    return matrices


def _stroke_colour(obj) -> tuple[float, float, float]:
    rgba = [ctypes.c_uint() for _ in range(4)]
    pdfium_c.FPDFPageObj_GetStrokeColor(obj.raw, *(ctypes.byref(v) for v in rgba))
    return tuple(v.value / 255 for v in rgba[:3])


def page_polylines(path: Path | str, first: int | None = None) -> list[list[dict]]:
    """Each page's paths made of straight segments only (polygons, polylines): `points` on the
    page (x, and y measured down from the page top, forms included), `fill`, `stroke`, the
    `stroke_colour`, the `fill_colour` and the stroke's `width` (in the path's own space)."""

    def polyline(obj, height: float) -> dict | None:
        filled, stroked = _draw_mode(obj)
        points = _points(obj) if filled or stroked else None
        if not points:
            return None
        forms = _form_matrices(obj)
        on_page = []
        for _, (x, y) in points:
            for matrix in forms:
                x, y = matrix.on_point(x, y)
            on_page.append((x, height - y))
        width = ctypes.c_float()
        pdfium_c.FPDFPageObj_GetStrokeWidth(obj.raw, ctypes.byref(width))
        return {
            "points": on_page,
            "fill": filled,
            "stroke": stroked,
            "stroke_colour": _stroke_colour(obj),
            "fill_colour": _fill_colour(obj),
            "width": width.value,
        }

    return _each_path(path, first, polyline)
