"""Reusable output-validity check for any PDF a build writes (import it from any test).

    from pdfcheck import assert_valid_pdf, assert_valid_outputs
    assert_valid_pdf(path)            # one file
    assert_valid_outputs(out_dir)     # every PDF under a build's --out folder
    assert_fonts_embedded(path)       # every font an embedded TrueType subset
    page_texts(path)                  # each page's text, fast (pdfium)
    page_chars(path), words(chars)    # characters and words with size, font and position, fast
    page_paths(path)                  # filled shapes (forms included) with colour and box, fast

A PDF is valid when pypdf opens it in strict mode without a single warning and reads every
page's boxes and content streams, pypdfium2 renders every page, and `qpdf --check` passes
without warnings (skipped when qpdf is not installed).
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import warnings
from pathlib import Path


class _Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record.getMessage())


def check_pypdf_strict(path: Path) -> int:
    """Open in strict mode, touch every page; fail on any warning. Returns the page count."""
    from pypdf import PdfReader

    capture = _Capture()
    logger = logging.getLogger("pypdf")
    logger.addHandler(capture)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            reader = PdfReader(str(path), strict=True)
            assert reader.metadata is not None, f"{path}: no document information"
            for page in reader.pages:
                for box in (page.mediabox, page.trimbox, page.bleedbox):
                    assert box.width > 0 and box.height > 0, f"{path}: empty page box"
                contents = page.get_contents()
                assert contents is not None and contents.get_data(), f"{path}: empty page"
                assert contents.operations, f"{path}: page content does not parse"
                _touch_resources(page.get("/Resources"), path, set())
            n = len(reader.pages)
    finally:
        logger.removeHandler(capture)
    assert not capture.records, f"{path}: pypdf warnings: {capture.records}"
    return n


def _touch_resources(resources, path: Path, seen: set) -> None:
    """Decode every form, image and embedded font file the page uses (each object once)."""
    if resources is None:
        return
    resources = resources.get_object()
    for xobj in (resources.get("/XObject") or {}).values():
        ref = getattr(xobj, "idnum", None)
        if ref in seen:
            continue
        seen.add(ref)
        xobj = xobj.get_object()
        if xobj.get("/Subtype") == "/Image":
            assert xobj.get_data(), f"{path}: empty image"
        else:
            xobj.get_data()
            _touch_resources(xobj.get("/Resources"), path, seen)
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        for descendant in font.get("/DescendantFonts") or [font]:
            descriptor = descendant.get_object().get("/FontDescriptor")
            if descriptor is None:
                continue
            descriptor = descriptor.get_object()
            for key in ("/FontFile", "/FontFile2", "/FontFile3"):
                if key in descriptor and id(descriptor[key]) not in seen:
                    assert descriptor[key].get_object().get_data(), f"{path}: empty font file"


def check_pdfium_renders(path: Path, scale: float = 0.15) -> int:
    """pypdfium2 renders every page (at a small scale, to stay fast). Returns the page count."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        n = len(pdf)
        assert n > 0, f"{path}: no pages"
        for i in range(n):
            page = pdf[i]
            bitmap = page.render(scale=scale)
            image = bitmap.to_pil()
            assert image.width > 0 and image.height > 0
            assert image.getextrema() != ((255, 255),) * len(image.getbands()), (
                f"{path}: page {i + 1} renders blank"
            )
            page.close()
    finally:
        pdf.close()
    return n


def check_qpdf(path: Path) -> None:
    """`qpdf --check` exits 0 with no warnings (skipped when qpdf is missing)."""
    qpdf = shutil.which("qpdf")
    if qpdf is None:
        return
    r = subprocess.run([qpdf, "--check", str(path)], capture_output=True, text=True)
    assert r.returncode == 0, f"{path}: qpdf --check exit {r.returncode}:\n{r.stdout}{r.stderr}"
    assert "WARNING" not in (r.stdout + r.stderr).upper(), r.stdout + r.stderr


def assert_fonts_embedded(path: Path | str) -> set[str]:
    """Every font in the PDF (forms included) is an embedded TrueType subset; returns the names."""
    from pypdf import PdfReader

    names: set[str] = set()
    reader = PdfReader(str(path))
    pending = [page.get("/Resources") for page in reader.pages]
    seen: set[int] = set()
    while pending:
        res = pending.pop()
        if res is None:
            continue
        res = res.get_object()
        for xobj in (res.get("/XObject") or {}).values():
            if getattr(xobj, "idnum", None) not in seen:
                seen.add(getattr(xobj, "idnum", None))
                pending.append(xobj.get_object().get("/Resources"))
        for font in (res.get("/Font") or {}).values():
            font = font.get_object()
            base = str(font.get("/BaseFont"))
            names.add(base)
            descendants = [d.get_object() for d in font.get("/DescendantFonts") or [font]]
            for d in descendants:
                descriptor = d.get("/FontDescriptor")
                assert descriptor is not None, f"{path}: font {base} is not embedded"
                assert "/FontFile2" in descriptor.get_object(), (
                    f"{path}: font {base} is not an embedded TrueType font"
                )
            assert "+" in base, f"{path}: font {base} is not a subset"
    assert names, f"{path}: no fonts"
    return names


def assert_valid_pdf(path: Path | str) -> int:
    """Every reader check on one PDF; returns its page count."""
    path = Path(path)
    n = check_pypdf_strict(path)
    assert check_pdfium_renders(path) == n, f"{path}: readers disagree on the page count"
    check_qpdf(path)
    return n


def assert_valid_outputs(out_dir: Path | str) -> list[Path]:
    """assert_valid_pdf on every PDF under a build's output folder; returns them."""
    pdfs = sorted(Path(out_dir).rglob("*.pdf"))
    assert pdfs, f"no PDF under {out_dir}"
    for pdf in pdfs:
        assert_valid_pdf(pdf)
    return pdfs


def page_texts(path: Path | str) -> list[str]:
    """Each page's text as pdfium reads it: a hundred times faster than pdfplumber, so a test
    can read every page of a whole deck (use pdfplumber for positions, colours and sizes)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        return [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    finally:
        pdf.close()


def pages_with(path: Path | str, text: str) -> list[int]:
    """Indexes of the pages whose text holds `text` (to read only those with pdfplumber)."""
    return [i for i, page in enumerate(page_texts(path)) if text in page]


def page_chars(path: Path | str) -> list[list[dict]]:
    """Each page's characters as pdfium reads them, like pdfplumber's `page.chars` but many
    times faster on pages full of vector art: text, size (pt), fontname (without the subset
    tag), fill colour (r, g, b from 0 to 1), the character's box x0, x1, top, bottom in points
    (from the font's ascent to its descent, as pdfplumber; top measured from the page top), and
    `generated`: True for the spaces and line breaks pdfium adds between runs of text (they are
    not in the PDF; words() splits at them, `printed()` leaves them out)."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    pdf = pdfium.PdfDocument(str(path))
    name = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    rgba = [ctypes.c_uint() for _ in range(4)]
    pages = []
    try:
        for index in range(len(pdf)):
            page = pdf[index]
            height = page.get_height()
            text = page.get_textpage()
            chars = []
            for i in range(text.count_chars()):
                pdfium_c.FPDFText_GetFontInfo(text.raw, i, name, 256, ctypes.byref(flags))
                pdfium_c.FPDFText_GetFillColor(text.raw, i, *(ctypes.byref(v) for v in rgba))
                left, bottom, right, top = text.get_charbox(i, loose=True)
                chars.append(
                    {
                        "text": text.get_text_range(i, 1),
                        "size": pdfium_c.FPDFText_GetFontSize(text.raw, i),
                        "fontname": name.value.decode("utf-8", "replace").split("+")[-1],
                        "colour": tuple(v.value / 255 for v in rgba[:3]),
                        "x0": left,
                        "x1": right,
                        "top": height - top,
                        "bottom": height - bottom,
                        "generated": pdfium_c.FPDFText_IsGenerated(text.raw, i) == 1,
                    }
                )
            pages.append(chars)
    finally:
        pdf.close()
    return pages


def words(chars: list[dict]) -> list[dict]:
    """Runs of characters between white space: text, size and colour (of the first character)
    and box."""
    out: list[dict] = []
    run: list[dict] = []
    for ch in [*chars, {"text": " "}]:
        if ch["text"].strip():
            run.append(ch)
            continue
        if run:
            out.append(
                {
                    "text": "".join(c["text"] for c in run),
                    "size": run[0]["size"],
                    "colour": run[0]["colour"],
                    "x0": min(c["x0"] for c in run),
                    "x1": max(c["x1"] for c in run),
                    "top": min(c["top"] for c in run),
                    "bottom": max(c["bottom"] for c in run),
                }
            )
            run = []
    return out


def printed(chars: list[dict]) -> str:
    """The characters the PDF draws, in order, without pdfium's generated ones."""
    return "".join(c["text"] for c in chars if not c["generated"])


def page_paths(path: Path | str, first: int | None = None) -> list[list[dict]]:
    """Each page's vector shapes, inside forms too, as pdfium reads them (pdfplumber takes
    seconds on a page of card art): fill colour (r, g, b from 0 to 1) and the box x0, x1, top,
    bottom in page points, top measured from the page top. `first`: only that many pages."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    pdf = pdfium.PdfDocument(str(path))
    rgba = [ctypes.c_uint() for _ in range(4)]
    pages = []
    try:
        for index in range(len(pdf) if first is None else min(first, len(pdf))):
            page = pdf[index]
            height = page.get_height()
            shapes = []
            for obj in page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_PATH,)):
                left, bottom, right, top = obj.get_bounds()
                form = obj.container
                while form is not None:  # a form's contents are in the form's own space
                    left, bottom, right, top = form.get_matrix().on_rect(left, bottom, right, top)
                    form = form.container
                pdfium_c.FPDFPageObj_GetFillColor(obj.raw, *(ctypes.byref(v) for v in rgba))
                shapes.append(
                    {
                        "colour": tuple(v.value / 255 for v in rgba[:3]),
                        "x0": left,
                        "x1": right,
                        "top": height - top,
                        "bottom": height - bottom,
                    }
                )
            pages.append(shapes)
    finally:
        pdf.close()
    return pages


# ---- pdfplumber's objects, read by pdfium ----------------------------------------------------


def page_objects(
    path: Path | str, pages: list[int] | None = None, stroked_only: bool = False
) -> list[dict]:
    """pdfplumber's `lines`, `rects`, `curves`, `chars` and `images` of each page (0-based
    indexes in `pages`, negative from the end; default all), read by pdfium: many times faster
    on pages of vector art. Each page is a dict with those lists, `width`, `height`, `number`
    (1-based), `boxes` (the MediaBox and any TrimBox and BleedBox the page sets, x0 y0 x1 y1),
    and `drawn`: the text of the page's text objects in drawing order.

    Paths follow pdfminer's rules: each subpath is one object, a line is `m l`, a rect an
    axis-aligned closed `m l l l`, anything else a curve (its box spans the end points, control
    points left out). Objects carry x0, x1, y0, y1 (from the page bottom), top, bottom (from the
    page top), width, height; paths also stroke, fill, linewidth, non_stroking_color and
    stroking_color (r, g, b from 0 to 1), pts. A character's box runs from the font's descent
    to one font size above it, as pdfminer's; its advance is pdfium's (whole font units, so a
    character may sit up to about 1 pt off pdfminer's at the end of a long line).
    `stroked_only`: leave out paths that are only filled (artwork), for checks of strokes."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        n = len(pdf)
        wanted = range(n) if pages is None else [k % n for k in pages if -n <= k < n]
        return [_page_objects(pdf[k], k + 1, stroked_only) for k in dict.fromkeys(wanted)]
    finally:
        pdf.close()


def _page_objects(page, number: int, stroked_only: bool) -> dict:
    import pypdfium2.raw as pdfium_c

    height = page.get_height()
    textpage = page.get_textpage()
    shapes: dict[str, list[dict]] = {"line": [], "rect": [], "curve": []}
    images, texts = [], []
    for obj in page.get_objects(textpage=textpage):  # one walk, forms included
        kind = pdfium_c.FPDFPageObj_GetType(obj.raw)
        if kind == pdfium_c.FPDF_PAGEOBJ_PATH:
            for shape_kind, shape in _path_shapes(obj, height, stroked_only):
                shapes[shape_kind].append(shape)
        elif kind == pdfium_c.FPDF_PAGEOBJ_IMAGE:
            to_page = _form_matrix(obj)
            corners = [to_page.on_point(*p) for p in _corners(obj.get_bounds())]
            images.append(_box_of(corners, height))
        elif kind == pdfium_c.FPDF_PAGEOBJ_TEXT:
            texts.append(obj.extract())
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
        "chars": _plumber_chars(textpage, height),
        "images": images,
        "drawn": "".join(texts),
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


def _plumber_chars(text, height: float) -> list[dict]:
    """The characters the PDF draws (not pdfium's generated ones): text, size, fontname and
    the box pdfminer gives them."""
    import ctypes

    import pypdfium2.raw as pdfium_c

    raw = text.raw
    matrix, loose = pdfium_c.FS_MATRIX(), pdfium_c.FS_RECTF()
    ox, oy = ctypes.c_double(), ctypes.c_double()
    descent, ascent = ctypes.c_float(), ctypes.c_float()
    name, flags = ctypes.create_string_buffer(256), ctypes.c_int()
    out = []
    for i in range(text.count_chars()):
        if pdfium_c.FPDFText_IsGenerated(raw, i) == 1:
            continue
        size = pdfium_c.FPDFText_GetFontSize(raw, i)
        pdfium_c.FPDFText_GetMatrix(raw, i, matrix)
        pdfium_c.FPDFText_GetCharOrigin(raw, i, ox, oy)
        pdfium_c.FPDFText_GetLooseCharBox(raw, i, loose)
        pdfium_c.FPDFText_GetFontInfo(raw, i, name, 256, ctypes.byref(flags))
        font = pdfium_c.FPDFTextObj_GetFont(pdfium_c.FPDFText_GetTextObject(raw, i))
        pdfium_c.FPDFFont_GetDescent(font, ctypes.c_float(size), descent)
        pdfium_c.FPDFFont_GetAscent(font, ctypes.c_float(size), ascent)
        a, b, c, d = matrix.a, matrix.b, matrix.c, matrix.d
        tall = ascent.value - descent.value  # the loose box's height, before the matrix
        if abs(a) >= abs(b):
            advance = (loose.right - loose.left - abs(c) * tall) / abs(a)
        else:
            advance = (loose.top - loose.bottom - abs(d) * tall) / abs(b)
        corners = [(u, v) for u in (0.0, advance) for v in (descent.value, descent.value + size)]
        points = [(ox.value + a * u + c * v, oy.value + b * u + d * v) for u, v in corners]
        box = _box_of(points, height)
        out.append(
            {
                **box,
                "text": text.get_text_range(i, 1),
                "size": size,
                "fontname": name.value.decode("utf-8", "replace"),
                "upright": a * d > 0 and b * c <= 0,  # for pdfplumber.utils.extract_text
                "doctop": box["top"],
                "matrix": (a, b, c, d, ox.value, oy.value),
            }
        )
    return out


def drawn_texts(path: Path | str) -> list[str]:
    """Each page's text in drawing order (its text objects, forms included, one after the
    other), as pdfplumber's characters joined: a label turned 90 degrees reads as written."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    pdf = pdfium.PdfDocument(str(path))
    try:
        pages = []
        for index in range(len(pdf)):
            page = pdf[index]
            textpage = page.get_textpage()
            objects = page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_TEXT,), textpage=textpage)
            pages.append("".join(obj.extract() for obj in objects))
        return pages
    finally:
        pdf.close()


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
