"""preflight --standard x1a follows PDF/X-1a:2003 (ISO 15930-4): a crafted PDF per rule.

Each case is tests/craftedpdf.py's valid file changed in one known way; the test pins the
whole verdict: the set of (code, page) of every error preflight reports (page 0 = the
document), read from `preflight --format json`. Warnings are not part of the verdict.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pikepdf
import pytest
from craftedpdf import (
    CMYK_BOX,
    boxes,
    draw,
    form,
    icc_header,
    output_intent,
    resources,
    save,
    strip_trailer_id,
    valid_x1a,
)
from pikepdf import Array, Dictionary, Name, String

RGB_BOX = b"1 0 0 rg 0 0 10 10 re f\n"
PAINT_WITH_P0 = b"/Pattern cs /P0 scn 40 40 80 80 re f\n"
Case = Callable[[pikepdf.Pdf, Path], Path]


def _plain(pdf: pikepdf.Pdf, path: Path) -> Path:
    return save(pdf, path)


def _tiling_pattern(content: bytes) -> Case:
    def case(pdf: pikepdf.Pdf, path: Path) -> Path:
        pattern = pdf.make_stream(
            content, PatternType=1, PaintType=1, TilingType=1, BBox=[0, 0, 10, 10],
            XStep=10, YStep=10, Resources=Dictionary(),
        )  # fmt: skip
        resources(pdf, "Pattern", "P0", pattern)
        draw(pdf, PAINT_WITH_P0)
        return save(pdf, path)

    return case


def _shading(space: str) -> Dictionary:
    c1 = [1, 0, 0] if space == "/DeviceRGB" else [0, 1, 0, 0]
    function = Dictionary(FunctionType=2, Domain=[0, 1], C0=[0] * len(c1), C1=c1, N=1)
    return Dictionary(
        ShadingType=2, ColorSpace=Name(space), Coords=[0, 0, 100, 0], Function=function
    )


def _shading_pattern(space: str) -> Case:
    def case(pdf: pikepdf.Pdf, path: Path) -> Path:
        resources(pdf, "Pattern", "P0", Dictionary(PatternType=2, Shading=_shading(space)))
        draw(pdf, PAINT_WITH_P0)
        return save(pdf, path)

    return case


def _spot(family: str, alternate: str) -> Case:
    def case(pdf: pikepdf.Pdf, path: Path) -> Path:
        n = 3 if alternate == "/DeviceRGB" else 4
        tint = Dictionary(FunctionType=2, Domain=[0, 1], C0=[0] * n, C1=[1] * n, N=1)
        names = Name("/Gold") if family == "/Separation" else Array([Name("/Gold")])
        resources(pdf, "ColorSpace", "CS0", Array([Name(family), names, Name(alternate), tint]))
        draw(pdf, b"/CS0 cs 1 scn 40 40 20 20 re f\n")
        return save(pdf, path)

    return case


def _type3(glyph: bytes) -> Case:
    def case(pdf: pikepdf.Pdf, path: Path) -> Path:
        font = Dictionary(
            Type=Name.Font, Subtype=Name.Type3, FontBBox=[0, 0, 500, 500],
            FontMatrix=[0.001, 0, 0, 0.001, 0, 0], FirstChar=97, LastChar=97, Widths=[500],
            Encoding=Dictionary(Type=Name.Encoding, Differences=[97, Name("/a")]),
            CharProcs=Dictionary(a=pdf.make_stream(b"500 0 d0 " + glyph)), Resources=Dictionary(),
        )  # fmt: skip
        resources(pdf, "Font", "T3", pdf.make_indirect(font))
        draw(pdf, b"BT /T3 12 Tf 60 60 Td (a) Tj ET\n")
        return save(pdf, path)

    return case


def _annotation(appearance: bytes, rect: list[float], subtype: str = "/Square") -> Case:
    def case(pdf: pikepdf.Pdf, path: Path) -> Path:
        ap = form(pdf, appearance, BBox=[0, 0, 10, 10])
        annot = Dictionary(
            Type=Name.Annot, Subtype=Name(subtype), Rect=rect, F=4, AP=Dictionary(N=ap)
        )
        pdf.pages[0].obj.Annots = Array([pdf.make_indirect(annot)])
        return save(pdf, path)

    return case


IN_SLUG = [2.0, 2.0, 12.0, 12.0]  # outside the BleedBox, on the sheet
IN_TRIM = [60.0, 60.0, 70.0, 70.0]


def _page_group(pdf: pikepdf.Pdf, path: Path) -> Path:
    pdf.pages[0].obj.Group = Dictionary(Type=Name.Group, S=Name.Transparency, CS=Name.DeviceRGB)
    return save(pdf, path)


def _object_streams(pdf: pikepdf.Pdf, path: Path) -> Path:
    return save(
        pdf, path, force_version="1.5", object_stream_mode=pikepdf.ObjectStreamMode.generate
    )


def _encrypted(user: str) -> Case:
    def case(pdf: pikepdf.Pdf, path: Path) -> Path:
        lock = pikepdf.Encryption(owner="owner", user=user, R=3, aes=False, metadata=False)
        return save(pdf, path, encryption=lock)

    return case


def _javascript(pdf: pikepdf.Pdf, path: Path) -> Path:
    action = pdf.make_indirect(Dictionary(S=Name.JavaScript, JS=String("app.alert(1)")))
    pdf.Root.Names = Dictionary(JavaScript=Dictionary(Names=Array([String("x"), action])))
    return save(pdf, path)


def _open_action_javascript(pdf: pikepdf.Pdf, path: Path) -> Path:
    pdf.Root.OpenAction = Dictionary(S=Name.JavaScript, JS=String("app.alert(1)"))
    return save(pdf, path)


def _acroform(pdf: pikepdf.Pdf, path: Path) -> Path:
    widget = pdf.make_indirect(
        Dictionary(Type=Name.Annot, Subtype=Name.Widget, FT=Name.Tx, T=String("name"),
                   Rect=IN_TRIM, F=4, P=pdf.pages[0].obj)
    )  # fmt: skip
    pdf.pages[0].obj.Annots = Array([widget])
    pdf.Root.AcroForm = Dictionary(Fields=Array([widget]))
    return save(pdf, path)


def _optional_content(pdf: pikepdf.Pdf, path: Path) -> Path:
    ocg = pdf.make_indirect(Dictionary(Type=Name.OCG, Name=String("layer")))
    pdf.Root.OCProperties = Dictionary(OCGs=[ocg], D=Dictionary(ON=[ocg]))
    return save(pdf, path)


def _jpx(pdf: pikepdf.Pdf, path: Path) -> Path:
    image = pdf.make_stream(
        b"\0" * 64, Type=Name.XObject, Subtype=Name.Image, Width=600, Height=600,
        ColorSpace=Name.DeviceCMYK, BitsPerComponent=8, Filter=Name.JPXDecode,
    )  # fmt: skip
    resources(pdf, "XObject", "Im0", image)
    draw(pdf, b"q 100 0 0 100 40 40 cm /Im0 Do Q\n")
    return save(pdf, path)


def _ext_gstate(**keys: object) -> Case:
    def case(pdf: pikepdf.Pdf, path: Path) -> Path:
        resources(pdf, "ExtGState", "GS0", Dictionary(Type=Name.ExtGState, **keys))
        draw(pdf, b"/GS0 gs " + CMYK_BOX)
        return save(pdf, path)

    return case


HALF = Dictionary(FunctionType=2, Domain=[0, 1], C0=[0], C1=[1], N=0.5)


def _intent(profile: bytes | None = None, **keys: object) -> Case:
    def case(pdf: pikepdf.Pdf, path: Path) -> Path:
        pdf.Root.OutputIntents = Array([pdf.make_indirect(output_intent(pdf, profile, **keys))])
        return save(pdf, path)

    return case


def _two_intents(pdf: pikepdf.Pdf, path: Path) -> Path:
    pdf.Root.OutputIntents = Array([output_intent(pdf), output_intent(pdf)])
    return save(pdf, path)


def _page_boxes(**change: list[float] | None) -> Case:
    def case(pdf: pikepdf.Pdf, path: Path) -> Path:
        for key, value in change.items():
            if value is None:
                del pdf.pages[0].obj[f"/{key}"]
            else:
                pdf.pages[0].obj[f"/{key}"] = Array(value)
        return save(pdf, path)

    return case


def _no_info_key(key: str) -> Case:
    def case(pdf: pikepdf.Pdf, path: Path) -> Path:
        del pdf.docinfo[f"/{key}"]
        return save(pdf, path)

    return case


def _no_trailer_id(pdf: pikepdf.Pdf, path: Path) -> Path:
    return strip_trailer_id(save(pdf, path))


def _rich_valid(pdf: pikepdf.Pdf, path: Path) -> Path:
    """Everything the invalid cases use, done the PDF/X-1a way."""
    for case in (
        _tiling_pattern(b"0 0 0 1 k 0 0 5 5 re f"),
        _shading_pattern("/DeviceCMYK"),
        _spot("/Separation", "/DeviceCMYK"),
        _type3(b"0 0 0 1 k 0 0 500 500 re f"),
        _annotation(b"0 0 0 1 k 0 0 10 10 re f", IN_SLUG),
        _ext_gstate(TR2=Name.Default),
    ):
        case(pdf, path)
    return save(pdf, path)


def _inherited_media_box(pdf: pikepdf.Pdf, path: Path) -> Path:
    pdf.Root.Pages.MediaBox = pdf.pages[0].obj.MediaBox
    del pdf.pages[0].obj["/MediaBox"]
    return save(pdf, path)


def _uncoloured_pattern(pdf: pikepdf.Pdf, path: Path) -> Path:
    pattern = pdf.make_stream(
        b"0 0 5 5 re f", PatternType=1, PaintType=2, TilingType=1, BBox=[0, 0, 10, 10],
        XStep=10, YStep=10, Resources=Dictionary(),
    )  # fmt: skip
    resources(pdf, "Pattern", "P0", pattern)
    resources(pdf, "ColorSpace", "CS0", Array([Name.Pattern, Name.DeviceCMYK]))
    draw(pdf, b"/CS0 cs 0 0 0 1 /P0 scn 40 40 80 80 re f\n")
    return save(pdf, path)


def _indexed_image(base: str) -> Case:
    def case(pdf: pikepdf.Pdf, path: Path) -> Path:
        n = 3 if base == "/DeviceRGB" else 4
        image = pdf.make_stream(
            b"\0" * 600 * 600, Type=Name.XObject, Subtype=Name.Image, Width=600, Height=600,
            BitsPerComponent=8, ColorSpace=Array([Name.Indexed, Name(base), 0, pikepdf.String(b"\0" * n)]),
        )  # fmt: skip
        resources(pdf, "XObject", "Im0", image)
        draw(pdf, b"q 100 0 0 100 40 40 cm /Im0 Do Q\n")
        return save(pdf, path)

    return case


def _registration(pdf: pikepdf.Pdf, path: Path) -> Path:
    tint = Dictionary(FunctionType=2, Domain=[0, 1], C0=[0, 0, 0, 0], C1=[1, 1, 1, 1], N=1)
    resources(pdf, "ColorSpace", "All", Array([Name.Separation, Name.All, Name.DeviceCMYK, tint]))
    draw(pdf, b"/All CS 1 SCN 0.5 w 5 5 m 20 5 l S\n")
    return save(pdf, path)


ART = boxes()["/TrimBox"]
BOXES = boxes()
CASES: dict[str, tuple[Case, set[tuple[str, int]]]] = {
    # valid controls
    "valid": (_plain, set()),
    "valid with patterns, shading, spot colour, Type 3 glyph, annotation": (_rich_valid, set()),
    "valid registered condition without a profile": (
        _intent(
            OutputConditionIdentifier=String("FOGRA39"),
            RegistryName=String("http://www.color.org"),
            DestOutputProfile=None,
            Info=None,
        ),
        set(),
    ),  # fmt: skip
    "valid printer's mark annotation on the trim": (
        _annotation(b"0 0 0 1 k 0 0 10 10 re f", IN_TRIM, "/PrinterMark"),
        set(),
    ),
    "valid ArtBox without TrimBox": (_page_boxes(TrimBox=None, ArtBox=ART), set()),
    "valid MediaBox inherited from the page tree": (_inherited_media_box, set()),
    "valid uncoloured pattern in CMYK": (_uncoloured_pattern, set()),
    "valid indexed CMYK image": (_indexed_image("/DeviceCMYK"), set()),
    "valid registration colour (Separation All)": (_registration, set()),
    "indexed RGB image": (_indexed_image("/DeviceRGB"), {("PF-COLOUR", 1)}),
    # colour inside what a page draws
    "RGB inside a tiling pattern": (_tiling_pattern(RGB_BOX), {("PF-COLOUR", 1)}),
    "RGB shading pattern used through scn": (_shading_pattern("/DeviceRGB"), {("PF-COLOUR", 1)}),
    "Separation with an RGB alternate space": (
        _spot("/Separation", "/DeviceRGB"),
        {("PF-COLOUR", 1)},
    ),
    "DeviceN with an RGB alternate space": (_spot("/DeviceN", "/DeviceRGB"), {("PF-COLOUR", 1)}),
    "RGB in a Type 3 glyph": (_type3(RGB_BOX), {("PF-COLOUR", 1)}),
    "RGB in an annotation appearance": (_annotation(RGB_BOX, IN_SLUG), {("PF-COLOUR", 1)}),
    "page group with an RGB blending space": (_page_group, {("PF-COLOUR", 1), ("PF-TRANSP", 1)}),
    # forbidden features
    "PDF 1.5 object streams": (_object_streams, {("PF-VERSION", 0)}),
    "encryption (empty user password)": (_encrypted(""), {("PF-ENCRYPT", 0)}),
    "encryption with a password": (_encrypted("secret"), {("PF-ENCRYPT", 0)}),
    "document JavaScript": (_javascript, {("PF-ACTION", 0)}),
    "JavaScript when the document opens": (_open_action_javascript, {("PF-ACTION", 0)}),
    "AcroForm field on the page": (_acroform, {("PF-ANNOT", 1)}),
    "annotation on the printed area": (
        _annotation(b"0 0 0 1 k 0 0 10 10 re f", IN_TRIM),
        {("PF-ANNOT", 1)},
    ),
    "optional content": (_optional_content, {("PF-VERSION", 0)}),
    "JPXDecode image": (_jpx, {("PF-FILTER", 1)}),
    "transfer function (TR)": (_ext_gstate(TR=HALF), {("PF-TRANSFER", 1)}),
    "transfer function (TR2)": (_ext_gstate(TR2=HALF), {("PF-TRANSFER", 1)}),
    # the OutputIntent
    "RGB monitor (mntr) OutputIntent profile": (
        _intent(icc_header(b"mntr", b"RGB ")),
        {("PF-INTENT", 0)},
    ),
    "RGB output (prtr) OutputIntent profile": (
        _intent(icc_header(b"prtr", b"RGB ")),
        {("PF-INTENT", 0)},
    ),
    "missing OutputConditionIdentifier": (
        _intent(OutputConditionIdentifier=None),
        {("PF-INTENT", 0)},
    ),
    "two GTS_PDFX OutputIntents": (_two_intents, {("PF-INTENT", 0)}),
    # boxes and required keys
    "TrimBox and ArtBox both present": (_page_boxes(ArtBox=ART), {("PF-BOX", 1)}),
    "neither TrimBox nor ArtBox": (_page_boxes(TrimBox=None), {("PF-BOX", 1)}),
    "no Title": (_no_info_key("Title"), {("PF-PDFX", 0)}),
    "no ModDate": (_no_info_key("ModDate"), {("PF-PDFX", 0)}),
    "no trailer ID": (_no_trailer_id, {("PF-PDFX", 0)}),
}


def verdict(cli, path: Path, standard: str = "x1a") -> tuple[set[tuple[str, int]], int, list]:
    r = cli("preflight", "--standard", standard, "--format", "json", path)
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    errors = {
        (o["code"], o["page"]) for o in rows if o["type"] == "finding" and o["severity"] == "error"
    }
    return errors, r.exit_code, rows


@pytest.mark.parametrize("name", list(CASES))
def test_each_case_gets_the_standards_verdict(name, cli, tmp_path):
    make, expected = CASES[name]
    path = make(valid_x1a(), tmp_path / "case.pdf")
    errors, code, rows = verdict(cli, path)
    assert errors == expected, rows
    assert code == (1 if expected else 0)
    passes = [o["passes"] for o in rows if o["type"] == "verdict"]
    assert passes == [not expected]


def test_the_crafted_valid_file_is_what_the_issue_calls_valid(tmp_path):
    """The control really has what PDF/X-1a asks: PDF 1.4, one intent with a prtr profile,
    boxes, identification; so a case's error comes from its one change."""
    path = _plain(valid_x1a(), tmp_path / "valid.pdf")
    with pikepdf.open(path) as pdf:
        assert pdf.pdf_version == "1.4" and "/ID" in pdf.trailer
        (intent,) = pdf.Root.OutputIntents
        assert intent.DestOutputProfile.read_bytes()[12:20] == b"prtrCMYK"
        page = pdf.pages[0].obj
        for key, box in BOXES.items():
            assert [float(v) for v in page[key]] == pytest.approx(box, abs=1e-4)
        assert (
            str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1a:2003" and pdf.docinfo.Trapped == "/False"
        )


def test_x4_allows_what_is_newer_than_pdf_14_but_not_rgb_or_javascript(cli, tmp_path):
    for make, allowed in ((_object_streams, True), (_optional_content, True), (_jpx, True),
                          (_javascript, False), (_tiling_pattern(RGB_BOX), False)):  # fmt: skip
        pdf = valid_x1a()
        pdf.docinfo["/GTS_PDFXVersion"] = String("PDF/X-4")
        errors, _, rows = verdict(cli, make(pdf, tmp_path / "x4.pdf"), "x4")
        assert (errors == set()) is allowed, rows
