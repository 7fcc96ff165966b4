"""Small PDFs crafted with pikepdf to be valid PDF/X-1a:2003, or invalid in one known way.

`valid_x1a()` is one 63 x 88 mm page with 3 mm bleed (and a 10 mm slug around it), a CMYK
rectangle, the PDF/X-1a:2003 identification and an OutputIntent embedding a CMYK output
profile. Each case of tests/test_preflight_x1a.py changes one thing in it; `save()` writes it
as PDF 1.4 without object streams, unless told otherwise.
"""

from __future__ import annotations

import struct
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name, String

from printkit.layout.units import mm

TRIM = (mm(63), mm(88))
BLEED = mm(3)
SLUG = mm(10)
CMYK_BOX = b"q 0 0.6 1 0 k 40 40 80 80 re f Q\n"


def icc_header(device_class: bytes = b"prtr", space: bytes = b"CMYK") -> bytes:
    """The 128-byte header of an ICC profile with no tags: all preflight reads of a profile."""
    header = struct.pack(
        ">I4s4s4s4s4s", 132, b"lcms", b"\x04\x30\x00\x00", device_class, space, b"Lab "
    )
    return header.ljust(128, b"\0") + b"\0\0\0\0"


def boxes() -> dict[str, list[float]]:
    """MediaBox (trim, bleed and slug), BleedBox and TrimBox, in points."""
    w, h = TRIM
    o = BLEED + SLUG
    return {
        "/MediaBox": [0, 0, w + 2 * o, h + 2 * o],
        "/BleedBox": [SLUG, SLUG, w + 2 * BLEED + SLUG, h + 2 * BLEED + SLUG],
        "/TrimBox": [o, o, o + w, o + h],
    }


def valid_x1a(content: bytes = CMYK_BOX) -> pikepdf.Pdf:
    pdf = pikepdf.new()
    page = pikepdf.Page(Dictionary(Type=Name.Page, Resources=Dictionary()))
    pdf.pages.append(page)
    page = pdf.pages[0]
    for key, box in boxes().items():
        page.obj[key] = Array(box)
    page.obj.Contents = pdf.make_stream(content)
    pdf.docinfo = pdf.make_indirect(
        Dictionary(
            Title=String("crafted case"),
            CreationDate=String("D:20260101000000Z"),
            ModDate=String("D:20260101000000Z"),
            GTS_PDFXVersion=String("PDF/X-1a:2003"),
            Trapped=Name("/False"),
        )
    )
    pdf.Root.OutputIntents = Array([pdf.make_indirect(output_intent(pdf))])
    return pdf


def output_intent(pdf: pikepdf.Pdf, profile: bytes | None = None, **keys: object) -> Dictionary:
    intent = Dictionary(
        Type=Name.OutputIntent,
        S=Name.GTS_PDFX,
        OutputConditionIdentifier=String("Custom"),
        Info=String("crafted CMYK condition"),
        DestOutputProfile=pdf.make_stream(profile or icc_header(), N=4),
    )
    for key, value in keys.items():
        if value is None:
            del intent[f"/{key}"]
        else:
            intent[f"/{key}"] = value
    return intent


def resources(pdf: pikepdf.Pdf, kind: str, name: str, obj: object) -> None:
    """Add a resource to the first page (ColorSpace, Pattern, Font, XObject, ExtGState...)."""
    res = pdf.pages[0].obj.Resources
    if f"/{kind}" not in res:
        res[f"/{kind}"] = Dictionary()
    res[f"/{kind}"][f"/{name}"] = obj


def draw(pdf: pikepdf.Pdf, content: bytes) -> None:
    """Append content to the first page."""
    page = pdf.pages[0]
    page.obj.Contents = pdf.make_stream(page.obj.Contents.read_bytes() + content)


def form(pdf: pikepdf.Pdf, content: bytes, **keys: object) -> pikepdf.Stream:
    stream = pdf.make_stream(content, Type=Name.XObject, Subtype=Name.Form, BBox=[0, 0, 100, 100])
    for key, value in keys.items():
        stream[f"/{key}"] = value
    return stream


def save(pdf: pikepdf.Pdf, path: Path, **options: object) -> Path:
    options.setdefault("force_version", "1.4")
    options.setdefault("object_stream_mode", pikepdf.ObjectStreamMode.disable)
    pdf.save(path, **options)
    return path


def strip_trailer_id(path: Path) -> Path:
    """Blank out the trailer's /ID (pikepdf always writes one), keeping every offset."""
    data = path.read_bytes()
    start = data.rindex(b"/ID")
    end = data.index(b"]", start) + 1
    path.write_bytes(data[:start] + b" " * (end - start) + data[end:])
    return path
