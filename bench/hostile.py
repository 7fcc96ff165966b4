"""Small hostile files, made on the spot, that printkit must refuse cheaply (docs/limits.md).

Each function writes one file a few kilobytes long that claims far more than it holds: a workbook
cell at XFD1048576, a gigabyte of shared strings deflated to a megabyte, ODS cells repeated
20,000 x 500 times, a CSV header of 150,000 columns, a font whose cmap maps four billion
characters or whose loca table is out of order; PDFs whose forms draw one another over and
over, or whose content inflates a thousand times; SVG icons that nest `<use>` 10 x 10 x 100
deep, hide a 64-megapixel PNG in a data URI, write nan or 1e400, or hold text; a PNG header
claiming 100,000 x 100,000 pixels. bench/limits.py times each refusal; the tests
(tests/test_sheet_limits.py, tests/test_font_tables.py, tests/test_preflight_hostile.py,
tests/test_svg_icons.py) check the messages.
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from pathlib import Path

import pikepdf

XLSX_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
ODS_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
)
_RELS = (
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
    '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
    'officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>'
)


def xlsx(path: Path, sheet_xml: str, shared: bytes | None = None, repeat: int = 0) -> Path:
    """A minimal workbook: one sheet, and shared strings whose second string is `shared`
    written `repeat` times (streamed into the archive, never held whole)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            'content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
        )
        z.writestr(
            "xl/workbook.xml",
            f'<?xml version="1.0"?><workbook {XLSX_NS} xmlns:r="http://schemas.openxmlformats.org/'
            'officeDocument/2006/relationships"><sheets><sheet name="Cards" sheetId="1" '
            'r:id="rId1"/></sheets></workbook>',
        )
        z.writestr("xl/_rels/workbook.xml.rels", _RELS)
        z.writestr("xl/worksheets/sheet1.xml", sheet_xml)
        if shared is not None:
            with z.open("xl/sharedStrings.xml", "w", force_zip64=True) as f:
                f._compressor = _RepeatingDeflate()  # zipfile deflates through it
                f.write(
                    f'<?xml version="1.0"?><sst {XLSX_NS}><si><t>title</t></si><si><t>'.encode()
                )
                for _ in range(repeat):
                    f.write(shared)
                f.write(b"</t></si></sst>")
    return path


class _RepeatingDeflate:
    """zipfile's raw deflate, for an entry that writes one chunk over and over: every write
    ends with a full flush, which empties the compressor's history, so a chunk written again
    after itself deflates to the same bytes as last time, kept instead of deflated again (a
    gigabyte of one megabyte chunk costs one megabyte's deflating, not seconds)."""

    def __init__(self) -> None:
        self._z = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15)
        self._last: tuple[bytes, bytes] | None = None
        self._repeats = 0

    def compress(self, data: bytes) -> bytes:
        if self._last is not None and data is self._last[0] and self._repeats:
            return self._last[1]
        self._repeats = 1 if self._last is not None and data is self._last[0] else 0
        out = self._z.compress(data) + self._z.flush(zlib.Z_FULL_FLUSH)
        self._last = (data, out)
        return out

    def flush(self) -> bytes:
        return self._z.flush()


def sheet(*cells: tuple[str, str]) -> str:
    """Worksheet XML with inline-string cells at the given references, one row each."""
    rows = "".join(
        f'<row r="{ref.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")}"><c r="{ref}" t="inlineStr">'
        f"<is><t>{text}</t></is></c></row>"
        for ref, text in cells
    )
    return f'<?xml version="1.0"?><worksheet {XLSX_NS}><sheetData>{rows}</sheetData></worksheet>'


def far_cell_xlsx(path: Path) -> Path:
    """3 KB: a title in A1 and one cell at XFD1048576, the last cell a sheet has."""
    return xlsx(path, sheet(("A1", "title"), ("XFD1048576", "x")))


def shared_string_bomb_xlsx(path: Path) -> Path:
    """About 1 MB on disk: a shared string of 1 GiB."""
    cells = (
        f'<?xml version="1.0"?><worksheet {XLSX_NS}><sheetData>'
        '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c>'
        "</row></sheetData></worksheet>"
    )
    return xlsx(path, cells, shared=b"A" * (1 << 20), repeat=1024)


def ods(path: Path, rows_xml: str) -> Path:
    content = (
        f'<?xml version="1.0"?><office:document-content {ODS_NS}><office:body>'
        f'<office:spreadsheet><table:table table:name="Cards">{rows_xml}</table:table>'
        "</office:spreadsheet></office:body></office:document-content>"
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", content)
    return path


def ods_cell(text: str, repeated: int = 1) -> str:
    return (
        f'<table:table-cell table:number-columns-repeated="{repeated}" '
        f'office:value-type="string"><text:p>{text}</text:p></table:table-cell>'
    )


def repeated_cells_ods(path: Path) -> Path:
    """1 KB: 500 rows of a cell repeated 20,000 times."""
    rows = (
        f"<table:table-row>{ods_cell('title')}</table:table-row>"
        f'<table:table-row table:number-rows-repeated="500">{ods_cell("x", 20_000)}'
        "</table:table-row>"
    )
    return ods(path, rows)


def wide_csv(path: Path, columns: int = 150_000) -> Path:
    path.write_text("title" + "," * (columns - 1) + "\nx\n", encoding="utf-8")
    return path


# -- fonts ----------------------------------------------------------------------------------------


def tables(data: bytes) -> list[tuple[bytes, int, int, int]]:
    """A TrueType font's table directory: (tag, checksum, offset, length) per table."""
    count = struct.unpack_from(">H", data, 4)[0]
    return [struct.unpack_from(">4sIII", data, 12 + 16 * i) for i in range(count)]


def table(data: bytes, tag: bytes) -> bytes:
    for found, _, offset, length in tables(data):
        if found == tag:
            return data[offset : offset + length]
    raise KeyError(tag)


def with_table(data: bytes, tag: bytes, new: bytes) -> bytes:
    """The font with one table's bytes replaced (the directory rewritten, tables in order)."""
    entries = tables(data)
    body_start = 12 + 16 * len(entries)
    directory, body = b"", b""
    for found, checksum, offset, length in entries:
        content = new if found == tag else data[offset : offset + length]
        directory += struct.pack(">4sIII", found, checksum, body_start + len(body), len(content))
        body += content + b"\0" * (-len(content) % 4)
    return data[:12] + directory + body


def cmap_mapping(end: int) -> bytes:
    """A cmap whose one format-12 group maps every code from 0 to `end`."""
    group = struct.pack(">HHIII", 12, 0, 28, 0, 1) + struct.pack(">III", 0, end, 1)
    return struct.pack(">HH", 0, 1) + struct.pack(">HHI", 3, 10, 12) + group


def four_billion_characters(font: bytes) -> bytes:
    return with_table(font, b"cmap", cmap_mapping(0xFFFFFFFE))


def damaged_loca(font: bytes) -> bytes:
    """Glyph 9's offset past the glyph data, glyph 10's before it."""
    loca = bytearray(table(font, b"loca"))
    long = struct.unpack_from(">h", table(font, b"head"), 50)[0] == 1
    layout, size, past = (">I", 4, 0xFFFFFFF) if long else (">H", 2, 0xFFFF)
    struct.pack_into(layout, loca, 9 * size, past)
    struct.pack_into(layout, loca, 10 * size, 0)
    return with_table(font, b"loca", bytes(loca))


def table_past_the_end(font: bytes) -> bytes:
    data = bytearray(font)
    struct.pack_into(">I", data, 12 + 12, len(font))  # the first table's length: the whole file
    return bytes(data)


# PDFs for `printkit preflight`: a few kilobytes that ask for minutes of work (docs/limits.md:
# MAX_PREFLIGHT_DEPTH, MAX_PREFLIGHT_OPERATORS, MAX_PREFLIGHT_INFLATION). Each adds to the
# first page of a pikepdf document (`blank_pdf()`, or a test's own valid file).


def blank_pdf() -> pikepdf.Pdf:
    pdf = pikepdf.new()
    pdf.add_blank_page()
    return pdf


def _draw_form(pdf: pikepdf.Pdf, form: pikepdf.Object) -> None:
    page = pdf.pages[0].obj
    if "/Resources" not in page:
        page.Resources = pikepdf.Dictionary()
    page.Resources.XObject = pikepdf.Dictionary(Fm0=form)
    before = page.Contents.read_bytes() if "/Contents" in page else b""
    page.Contents = pdf.make_stream(before + b"\n/Fm0 Do\n")


def _form(pdf: pikepdf.Pdf, content: bytes, below: pikepdf.Object | None = None) -> pikepdf.Object:
    form = pdf.make_indirect(
        pdf.make_stream(content, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                        BBox=[0, 0, 100, 100])
    )  # fmt: skip
    if below is not None:
        form.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Fm0=below))
    return form


def form_chain(pdf: pikepdf.Pdf, length: int, draws: int) -> pikepdf.Pdf:
    """`length` forms, each drawing the next `draws` times (9 and 10: 10^8 form draws in 2 KB)."""
    below = _form(pdf, b"0 0 0 1 k 0 0 1 1 re f")
    for _ in range(length - 1):
        below = _form(pdf, b"/Fm0 Do " * draws, below)
    _draw_form(pdf, below)
    return pdf


def self_drawing_form(pdf: pikepdf.Pdf) -> pikepdf.Pdf:
    """A form that draws itself ten times (issue 25's 789-byte file)."""
    form = _form(pdf, b"/Fm0 Do " * 10)
    form.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Fm0=form))
    _draw_form(pdf, form)
    return pdf


def inflating_content(pdf: pikepdf.Pdf) -> pikepdf.Pdf:
    """Content of five million `0 0 m`: 30 MB that compresses to 44 KB (save it with
    compress_streams=True)."""
    pdf.pages[0].obj.Contents = pdf.make_stream(b"0 0 m\n" * 5_000_000)
    return pdf


def form_chain_9x10(pdf: pikepdf.Pdf) -> pikepdf.Pdf:
    return form_chain(pdf, 9, 10)


def repeated_page_pdf(path: Path, pages: int = 100_000) -> Path:
    """A page tree that lists one page `pages` times (600 KB for 100,000): qpdf makes each a
    page of its own, and preflight would check them all."""
    kids = b" ".join(b"3 0 R" for _ in range(pages))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [" + kids + b"] /Count " + str(pages).encode() + b" >>",
        b"<< /Type /Page /MediaBox [0 0 10 10] /Parent 2 0 R >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += (
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    )
    path.write_bytes(bytes(out))
    return path


# -- SVG icons and PNG headers (tests/test_svg_icons.py, bench/limits.py) ----------------------
SVG_NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'


def png_header(width: int, height: int, depth: int = 8, colour: int = 0) -> bytes:
    """A PNG signature and header claiming `width` x `height` pixels, with almost no data."""
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    idat = zlib.compress(b"\0" * 64)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def nested_use_svg() -> str:
    """4 KB that svglib expands to 10 x 10 x 100 rectangles (it once took 16 s)."""
    rects = "".join(f'<rect x="{i % 10}" y="{i // 10}" width="1" height="1"/>' for i in range(100))
    row = "".join(f'<use xlink:href="#a" x="{i * 10}"/>' for i in range(10))
    rows = "".join(f'<use xlink:href="#b" y="{i * 10}"/>' for i in range(10))
    return (
        f'<svg {SVG_NS} width="100" height="100"><defs><g id="a">{rects}</g>'
        f'<g id="b">{row}</g></defs>{rows}</svg>'
    )


def data_uri_svg(png: bytes, wrap: bool = False) -> str:
    """An SVG holding a PNG as a data URI; `wrap`: as Inkscape saves it, base64 over lines."""
    import base64

    text = base64.b64encode(png).decode()
    if wrap:
        text = "\n" + "\n".join(text[i : i + 76] for i in range(0, len(text), 76)) + "\n"
    return (
        f'<svg {SVG_NS} xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" '
        f'width="10" height="10">\n<image width="10" height="10" '
        f'xlink:href="data:image/png;base64,{text}" sodipodi:absref="/home/u/pic.png"/></svg>'
    )


def small_png() -> bytes:
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (20, 20), (200, 10, 10)).save(buffer, "PNG")
    return buffer.getvalue()


def hostile_svgs() -> dict[str, tuple[str, int, str]]:
    """name -> (SVG text, the line its refusal names, words the refusal says)."""
    return {
        "nested-use": (nested_use_svg(), 1, "MAX_SVG_ELEMENTS"),
        "use-cycle": (
            f'<svg {SVG_NS} width="9" height="9"><g id="a"><use xlink:href="#a"/></g></svg>',
            1,
            "MAX_SVG_USE_DEPTH",
        ),
        "bomb-inside": (data_uri_svg(png_header(8000, 8000)), 2, "MAX_IMAGE_PIXELS"),
        # libxml2 gives the line where the start tag ends
        "inkscape-raster": (data_uri_svg(small_png(), wrap=True), 5, "PNG icon"),
        "huge-width": (
            f'<svg {SVG_NS} width="1e300" height="10"><rect width="5" height="5"/></svg>',
            1,
            "MAX_SVG_NUMBER",
        ),
        "nan": (
            f'<svg {SVG_NS} width="10" height="10">\n<path d="M 0 0 L nan 5 Z"/></svg>',
            2,
            "'nan'",
        ),
        "overflow": (
            f'<svg {SVG_NS} width="10" height="10">\n\n<path d="M 0 0 L 1e400 5 Z"/></svg>',
            3,
            "'1e400'",
        ),
        "in-style": (
            f'<svg {SVG_NS} width="10" height="10">\n'
            '<rect width="5" height="5" style="stroke-width:inf"/></svg>',
            2,
            "'inf'",
        ),
        "text": (
            f'<svg {SVG_NS} width="10" height="10">\n<text x="1" y="5">Hi</text></svg>',
            2,
            "outlines",
        ),
    }
