"""Property-based fuzzing of the readers of untrusted bytes: card lists (CSV, XLSX, ODS) and kit
fonts. Random bytes, and real files with random bytes flipped, cut or spliced in, must each end in
the reader's answer or its located refusal (InputError / FontFileError, exit 2 on the command
line): never another exception, never an abort of the process.

CI runs a small, derandomised number of examples (a few seconds); PRINTKIT_FUZZ=N runs N each.
"""

from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.lib.colors import Color

from printkit.core.errors import InputError, Location
from printkit.draw.fonts import FONT_DIR, FontFileError, check_font_file
from printkit.load.spreadsheet import read_table

_fuzz = os.environ.get("PRINTKIT_FUZZ", "")
EXAMPLES = int(_fuzz) if _fuzz.isdigit() and int(_fuzz) > 1 else 40
FUZZ = settings(
    max_examples=EXAMPLES,
    derandomize=not _fuzz,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


def workbook_bytes() -> bytes:
    """A small real workbook, as openpyxl writes one (imported here: it is slow to import)."""
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["id", "title", "count"])
    sheet.append(["a", "Alpha", 2])
    sheet.append(["b", "=1+2", 3])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def ods_bytes() -> bytes:
    content = (
        '<?xml version="1.0"?><office:document-content '
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body>'
        '<office:spreadsheet><table:table table:name="Cards"><table:table-row>'
        '<table:table-cell office:value-type="string"><text:p>id</text:p></table:table-cell>'
        '</table:table-row><table:table-row><table:table-cell office:value-type="string">'
        "<text:p>a</text:p></table:table-cell></table:table-row></table:table>"
        "</office:spreadsheet></office:body></office:document-content>"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", content)
    return buffer.getvalue()


SEEDS = {".xlsx": workbook_bytes(), ".ods": ods_bytes(), ".csv": b"id,title\na,Alpha\nb,Beta\n"}


@st.composite
def damaged(draw, original: bytes) -> bytes:
    """The bytes with a few random edits: flips, cuts, insertions, or only random bytes."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.binary(max_size=4096))
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 8))):
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        edit = draw(st.sampled_from(["flip", "cut", "insert", "truncate"]))
        if edit == "flip":
            data[at] ^= draw(st.integers(1, 255))
        elif edit == "cut":
            del data[at : at + draw(st.integers(1, 64))]
        elif edit == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=64))
        else:
            del data[at:]
    return bytes(data)


def rezipped(original: bytes, entry_edit: bytes) -> bytes:
    """A workbook whose entries are intact zip members but whose XML has random edits."""
    source = zipfile.ZipFile(io.BytesIO(original))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename.endswith(".xml") and entry_edit:
                cut = len(entry_edit) % max(1, len(data))
                data = data[:cut] + entry_edit + data[cut:]
            archive.writestr(info.filename, data)
    return buffer.getvalue()


@pytest.mark.slow
@pytest.mark.parametrize("suffix", sorted(SEEDS))
@FUZZ
@given(data=st.data())
def test_a_damaged_card_list_is_read_or_refused(tmp_path_factory, suffix, data):
    original = SEEDS[suffix]
    if suffix != ".csv" and data.draw(st.booleans()):
        raw = rezipped(original, data.draw(st.binary(max_size=200)))
    else:
        raw = data.draw(damaged(original))
    path: Path = tmp_path_factory.mktemp("sheet") / f"cards{suffix}"
    path.write_bytes(raw)
    try:
        read_table(path, path.name, None, Location("deck.yaml", 1, 1))
    except InputError as exc:
        assert str(exc).strip(), "a refusal says why"


@pytest.mark.slow
@FUZZ
@given(data=st.data())
def test_a_damaged_font_is_registered_or_refused(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("font") / "kit.ttf"
    path.write_bytes(data.draw(damaged((FONT_DIR / "DejaVuSans.ttf").read_bytes())))
    try:
        check_font_file(path)
    except FontFileError as exc:
        assert str(exc).strip()


SVG_SEED = (
    b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
    b'width="64" height="64" viewBox="0 0 64 64"><defs><linearGradient id="g"><stop offset="0" '
    b'stop-color="#d94a1a"/><stop offset="1" stop-color="#1a5ad9"/></linearGradient>'
    b'<g id="a"><rect x="1" y="1" width="9" height="9"/></g></defs>'
    b'<rect width="64" height="64" fill="url(#g)"/><use xlink:href="#a" x="20"/>'
    b'<circle cx="32" cy="32" r="12" fill="#ffee00" fill-opacity="0.5"/>'
    b'<path d="M 4 60 L 60 60 L 32 40 Z" transform="rotate(10 32 32)"/></svg>'
)


@pytest.mark.slow
@FUZZ
@given(data=st.data())
def test_a_damaged_svg_icon_is_read_or_refused(tmp_path_factory, data):
    """An SVG icon with random edits is drawn or refused at its key: never another exception
    (svglib's own errors, lxml's, numbers out of range)."""
    from reportlab.pdfgen.canvas import Canvas

    from printkit.draw.icons import Colours, IconLibrary, icon_from_file

    root = tmp_path_factory.mktemp("svg")
    (root / "icon.svg").write_bytes(data.draw(damaged(SVG_SEED)))
    try:
        icon = icon_from_file(root, "icon", "icon.svg", Location("kit.yaml", 3, 9))
    except InputError as exc:
        assert str(exc).strip()
        return
    c = Canvas(str(root / "out.pdf"), pagesize=(100, 100))
    IconLibrary({"icon": icon}).draw(c, "icon", 50, 50, 40, Colours(ink=Color(0, 0, 0)))
    c.showPage()
    c.save()
    assert _numbers_are_finite(root / "out.pdf")


def _numbers_are_finite(pdf_path: Path) -> bool:
    import math
    from decimal import Decimal

    import pikepdf

    with pikepdf.open(pdf_path) as pdf:
        streams = [*pdf.pages] + [
            o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"
        ]
        for stream in streams:
            for ins in pikepdf.parse_content_stream(stream):
                operands = getattr(ins, "operands", [])
                numbers = [float(v) for v in operands if isinstance(v, int | float | Decimal)]
                if not all(math.isfinite(v) for v in numbers):
                    return False
    return True
