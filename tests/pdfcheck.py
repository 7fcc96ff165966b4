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


def pdf_chars(path: Path | str, pages: list[int] | None = None) -> list[list[dict]]:
    """Each page's characters in drawing order, where pdfplumber puts them (its keys), many
    times faster: pikepdf parses only text operators (Tj, TJ; simple fonts). `pages`: 0-based."""
    import pikepdf

    with pikepdf.open(path) as pdf:
        out = []
        parsed: dict = {}  # forms drawn on several pages are parsed once
        for page in pdf.pages if pages is None else [pdf.pages[i] for i in pages]:
            reader = _TextReader(float(page.mediabox[3]) - float(page.mediabox[1]), parsed)
            reader.run(page, page.obj.get("/Resources"), pikepdf.Matrix())
            out.append(reader.chars)
        return out


_TEXT_OPS = "q Q cm BT Tf Tm Td TD T* TL Tc Tw Tz Ts Tj TJ Do"  # not ' and " (reportlab: unused)
_NO_FONT: dict = {"width": {}, "descent": 0.0, "name": "", "text": {}}


def _font_metrics(font) -> dict:
    """A simple font's widths and descent (em), name, and each code's text."""
    import re

    first, widths = int(font.get("/FirstChar", 0)), font.get("/Widths", [])
    descent = -abs(float((font.get("/FontDescriptor") or {}).get("/Descent", 0))) / 1000
    cmap = font.ToUnicode.read_bytes().decode("latin-1") if "/ToUnicode" in font else ""
    chars = "".join(re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S))
    pairs = re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", chars)
    text = {int(k, 16): bytes.fromhex(v).decode("utf-16-be", "replace") for k, v in pairs}
    width = {first + i: float(w) / 1000 for i, w in enumerate(widths)}
    name = str(font.get("/BaseFont", "/?"))[1:]
    return {"width": width, "descent": descent, "name": name, "text": text}


class _TextReader:
    """The CTM and text state through content streams, as pdfminer keeps them."""

    def __init__(self, height: float, parsed: dict | None = None) -> None:
        self.height, self.chars, self.fonts = height, [], {}
        self.parsed = {} if parsed is None else parsed  # a form's operators, by its object

    def _operators(self, owner) -> list[tuple[str, list]]:
        """(operator, operands: numbers as floats) of a page's or form's text operators; a
        form drawn many times (a card back) is parsed once."""
        from pikepdf import Object, Page, parse_content_stream

        key = None if isinstance(owner, Page) or owner.objgen == (0, 0) else owner.objgen
        if key not in self.parsed:
            found = [
                (
                    str(ins.operator),
                    [v if isinstance(v, Object) else float(v) for v in ins.operands],
                )
                for ins in parse_content_stream(owner, _TEXT_OPS)
            ]
            if key is None:
                return found
            self.parsed[key] = found
        return self.parsed[key]

    def run(self, owner, resources, ctm) -> None:
        from pikepdf import Matrix

        stack, font, size, tm = [], _NO_FONT, 0.0, Matrix()
        lm, state = tm, {"TL": 0.0, "Tc": 0.0, "Tw": 0.0, "Tz": 100.0, "Ts": 0.0}
        for op, args in self._operators(owner):
            if op in state:
                state[op] = args[0]
            elif op == "q":
                stack.append(ctm)
            elif op == "Q" and stack:
                ctm = stack.pop()
            elif op in ("cm", "BT", "Tm"):
                m = Matrix(*args)
                ctm, tm, lm = (m @ ctm, tm, lm) if op == "cm" else (ctm, m, m)
            elif op == "Tf":
                font, size = self._font(resources, args[0]), args[1]
            elif op in ("Td", "TD", "T*"):
                state["TL"] = -args[1] if op == "TD" else state["TL"]
                tm = lm = Matrix(1, 0, 0, 1, *(args or (0.0, -state["TL"]))) @ lm
            elif op in ("Tj", "TJ"):
                tm = self._show(list(args[0]) if op == "TJ" else args, tm, ctm, font, size, state)
            elif op == "Do":  # a form: its own resources (or these), its matrix then the CTM
                form = (resources.get("/XObject") or {}).get(str(args[0]))
                if form is not None and form.get("/Subtype") == "/Form":
                    m = Matrix(*(float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0])))
                    self.run(form, form.get("/Resources", resources), m @ ctm)

    def _font(self, resources, name) -> dict:
        font = (resources.get("/Font") or {}).get(str(name))
        if font is not None and font.objgen not in self.fonts:
            self.fonts[font.objgen] = _font_metrics(font)
        return _NO_FONT if font is None else self.fonts[font.objgen]

    def _show(self, parts: list, tm, ctm, font: dict, size: float, state: dict):
        """Place each character of a shown string; the text matrix after it."""
        from pikepdf import Matrix, String

        scale, x, start = state["Tz"] / 100, 0.0, tm @ ctm
        for part in parts:
            x -= 0.0 if isinstance(part, String) else float(part) / 1000 * size * scale  # TJ
            for code in bytes(part) if isinstance(part, String) else ():
                advance = font["width"].get(code, 0.0) * size * scale
                self._char(font, code, size, Matrix(1, 0, 0, 1, x, 0) @ start, advance, state)
                x += advance + (state["Tc"] + (state["Tw"] if code == 32 else 0.0)) * scale
        return Matrix(1, 0, 0, 1, x, 0) @ tm

    def _char(self, font: dict, code: int, size: float, m, advance: float, state: dict) -> None:
        (a, b, c, d, e, f), y = m.shorthand, font["descent"] * size + state["Ts"]
        corners = [(u, v) for u in (0.0, advance) for v in (y, y + size)]
        xs, ys = [a * u + c * v + e for u, v in corners], [b * u + d * v + f for u, v in corners]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        box = {"x0": x0, "x1": x1, "y0": y0, "y1": y1, "width": x1 - x0, "height": y1 - y0}
        edges = {"top": self.height - y1, "bottom": self.height - y0, "doctop": self.height - y1}
        text, upright = font["text"].get(code, chr(code)), a * d > 0 and b * c <= 0
        about = {"text": text, "size": size, "fontname": font["name"], "upright": upright}
        self.chars.append({**box, **edges, **about, "matrix": m.shorthand})
