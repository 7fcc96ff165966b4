"""PDF/X identification: the OutputIntent, the PDF/X version keys, and unique font subset tags.

PDF/X-1a:2003 asks for an OutputIntent naming the printing condition (with the ICC profile
embedded when the condition is not a registered one), GTS_PDFXVersion in the document
information, Trapped set to True or False, and the same in the XMP metadata. Without a
printer's profile, the intent names the registered condition FOGRA39 (ICC registry, no
profile embedded), which the colours were converted for (pdfx.press).
"""

from __future__ import annotations

import hashlib
from typing import Any

import pikepdf

from printkit.pdfx import press
from printkit.pdfx.colours import Converter

PDFX_VERSION = "PDF/X-1a:2003"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def add_output_intent(pdf: pikepdf.Pdf, conv: Converter) -> None:
    """The printer's profile, embedded; else the registered condition, named."""
    data = conv.profile_bytes()
    registered = data is None
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent,
        S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=pikepdf.String(press.CONDITION if registered else "Custom"),
        OutputCondition=pikepdf.String(press.CONDITION_TEXT if registered else conv.description),
        Info=pikepdf.String(conv.description),
        RegistryName=pikepdf.String(press.REGISTRY),
    )
    if data is not None:
        intent.DestOutputProfile = pdf.make_stream(data, N=4)
    pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])


def identify(pdf: pikepdf.Pdf) -> None:
    """The PDF/X-1a version keys and Trapped, in the document information and in XMP."""
    info = pdf.docinfo
    info[pikepdf.Name.GTS_PDFXVersion] = pikepdf.String(PDFX_VERSION)
    info[pikepdf.Name.GTS_PDFXConformance] = pikepdf.String(PDFX_VERSION)
    info[pikepdf.Name.Trapped] = pikepdf.Name("/False")
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["pdfxid:GTS_PDFXVersion"] = PDFX_VERSION
        meta["pdfx:GTS_PDFXVersion"] = PDFX_VERSION
        meta["pdf:Trapped"] = "False"
        title = info.get("/Title")
        if title is not None:
            meta["dc:title"] = str(title)


def unique_subset_tags(pdf: pikepdf.Pdf) -> None:
    """Give every embedded font subset a tag derived from its glyphs and name, not "AAAAAA":
    two files imposed together then never share a tag for different subsets."""
    for obj in list(pdf.objects):
        if not isinstance(obj, pikepdf.Dictionary) or obj.get("/Type") != "/Font":
            continue
        base = str(obj.get("/BaseFont", ""))[1:]
        if len(base) < 8 or base[6] != "+":
            continue
        descriptor = obj.get("/FontDescriptor")
        program = _font_program(descriptor)
        if program is None:
            continue
        name = base[7:]
        tag = _tag(program.read_raw_bytes() + name.encode())
        new = pikepdf.Name("/" + tag + "+" + name)
        obj.BaseFont = new
        if descriptor is not None:
            descriptor.FontName = new


def _font_program(descriptor: Any) -> Any:
    if descriptor is None:
        return None
    return next(
        (descriptor[k] for k in ("/FontFile2", "/FontFile", "/FontFile3") if k in descriptor), None
    )


def _tag(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "".join(_LETTERS[b % 26] for b in digest[:6])
