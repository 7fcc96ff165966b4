"""The preflight rules: each yields (code, severity, message) for a document or one page.

Codes (docs/printing.md, section 13, says which standard reports each, and how):
  PF-INTENT    no PDF/X OutputIntent, several, or one without what PDF/X asks of it
  PF-PDFX      no or wrong PDF/X identification (version, Trapped, Title, dates, trailer ID)
  PF-BOX       a page box missing, doubled (TrimBox and ArtBox), not nested, not four numbers
  PF-BLEED     bleed narrower than asked
  PF-FONT      a font not embedded
  PF-SUBSET    two fonts share a subset tag
  PF-COLOUR    a colour space the standard forbids, wherever the page paints it
  PF-TRANSP    transparency (X-1a)
  PF-DPI       an image below 300 dpi at its size
  PF-HAIR      a stroke under 0.25 pt
  PF-SAFE      text outside the safe area of the trim
  PF-MARGIN    marks in the home printer's unprintable margin
  PF-VERSION   a feature newer than PDF 1.4 (X-1a)
  PF-ENCRYPT   encryption
  PF-ACTION    JavaScript and the other forbidden actions
  PF-ANNOT     an annotation or form field on the printed area (X-1a)
  PF-FILTER    JPEG 2000, LZW or JBIG2 compression (X-1a)
  PF-TRANSFER  transfer functions and halftones
  PF-PS        embedded PostScript or OPI
  PF-SYNTAX    content preflight cannot read, and what qpdf had to repair
  PF-LIMIT     more work than preflight's limits allow (docs/limits.md)
The document-level PDF/X rules are in document.py, the box rules in boxes.py; each rule's
docstring says what it enforces.
"""

from __future__ import annotations

from collections.abc import Iterator

import pikepdf

from printkit.core.words import counted
from printkit.layout.units import format_mm, mm, to_mm
from printkit.preflight import document
from printkit.preflight.boxes import (
    annotations_on_print,
    check_boxes,
    inside,
    meets,
    page_annotations,
    page_box,
    trim_box,
)
from printkit.preflight.colourspace import families
from printkit.preflight.fonts import font_findings, subset_tags
from printkit.preflight.program import Programs
from printkit.preflight.scan import (
    HAIRLINE,
    Box,
    Budget,
    PageScan,
    scan_page,
)
from printkit.preflight.standard import (
    HOME_MARGIN_MM,
    LOW_DPI,
    MIN_DPI,
    Severity,
    Standard,
)

Item = tuple[str, Severity, str]
X1A_SPACES = ("DeviceCMYK", "DeviceGray", "Separation", "DeviceN", "Pattern", "Indexed")
# feature kind (scan.py) -> the code it is reported under and the standards that forbid it
FEATURES: dict[str, tuple[str, tuple[Standard, ...], str]] = {
    "transfer": ("PF-TRANSFER", ("x1a", "x4"), "PDF/X forbids transfer functions"),
    "jpx": ("PF-FILTER", ("x1a",), "JPEG 2000 (JPXDecode) is PDF 1.5; PDF/X-1a forbids it"),
    "lzw": ("PF-FILTER", ("x1a",), "PDF/X-1a forbids LZW compression"),
    "jbig2": ("PF-FILTER", ("x1a",), "PDF/X-1a forbids JBIG2 compression"),
    "postscript": ("PF-PS", ("x1a", "x4"), "PDF/X forbids embedded PostScript"),
    "opi": ("PF-PS", ("x1a", "x4"), "PDF/X forbids OPI (images swapped in by the printer)"),
}


def check_document(pdf: pikepdf.Pdf, standard: Standard) -> Iterator[Item]:
    yield from document.check_document(pdf, standard)
    if standard != "home":
        yield from subset_tags(pdf)


def check_page(
    page: pikepdf.Page,
    standard: Standard,
    safe: float,
    programs: Programs | None = None,
    budget: Budget | None = None,
) -> Iterator[Item]:
    """Findings for one page; `programs` and `budget`, shared by a document's pages, parse
    each form once and bound the whole file's work."""
    shop = standard != "home"
    yield from check_boxes(page, shop)
    yield from font_findings(page)
    scan = scan_page(page, programs, budget)
    yield from _problems(scan)
    yield from _colours(scan, standard)
    yield from _features(scan, standard)
    yield from _images(scan, shop)
    yield from _hairlines(scan, shop)
    if shop:
        yield from _page_actions(page)
        if standard == "x1a":
            yield from annotations_on_print(page)
        trim = trim_box(page)
        if trim is not None:
            yield from _safe_area(scan.texts, trim, safe)
    else:
        yield from _home_margin(page, scan)


def _hairlines(scan: PageScan, shop: bool) -> Iterator[Item]:
    if scan.hairlines:
        yield (
            "PF-HAIR",
            "error" if shop else "warning",
            f"{counted(scan.hairlines, 'stroke')} thinner than {HAIRLINE} pt (thinnest "
            f"{scan.thinnest_stroke:.3g} pt): they may not print",
        )


def _problems(scan: PageScan) -> Iterator[Item]:
    """Content that cannot be read as the PDF reference says, and work past the limits."""
    for code, message in scan.problems:
        yield code, "error", message
    if scan.more_problems:
        yield "PF-SYNTAX", "error", f"{scan.more_problems} more unreadable operator(s) on the page"


def _features(scan: PageScan, standard: Standard) -> Iterator[Item]:
    """Transfer functions and halftones, forbidden filters, PostScript and OPI."""
    for kind, where in sorted(scan.features.items()):
        code, standards, rule = FEATURES[kind]
        if standard in standards:
            yield code, "error", f"{where}: {rule}"


def _page_actions(page: pikepdf.Page) -> Iterator[Item]:
    """No JavaScript, Launch, Sound, Movie, ImportData, ResetForm or SubmitForm action on the
    page (its AA) or on an annotation (its A and AA)."""
    found = document.forbidden_actions_in(page.obj.get("/AA"))
    for annot in page_annotations(page):
        found += document.forbidden_actions(annot.get("/A"))
        found += document.forbidden_actions_in(annot.get("/AA"))
    for kind in sorted(set(found)):
        yield "PF-ACTION", "error", f"a {kind} action on the page; PDF/X forbids it"


def _colours(scan: PageScan, standard: Standard) -> Iterator[Item]:
    if standard == "home":
        return
    for space, what in sorted(scan.spaces.items()):
        if _forbidden(space, standard):
            yield (
                "PF-COLOUR",
                "error",
                f"{space} colour ({what}); {standard} allows CMYK, grey, spot",
            )
    if standard == "x1a" and scan.transparency:
        yield "PF-TRANSP", "error", f"transparency ({scan.transparency[0]}); X-1a forbids it"


def _forbidden(space: str, standard: Standard) -> bool:
    """X-1a: only CMYK, grey and spot colour, including a spot colour's alternate space and
    an indexed or uncoloured-pattern space's base; X-4: no DeviceRGB anywhere."""
    parts = families(space)
    if standard == "x4":
        return any(p in ("DeviceRGB", "unknown") for p in parts)
    return any(p not in X1A_SPACES for p in parts)


def _images(scan: PageScan, shop: bool) -> Iterator[Item]:
    for image in scan.images:
        if image.dpi >= MIN_DPI - 1:
            continue
        severity: Severity
        if image.dpi < LOW_DPI - 1:
            severity = "error" if shop else "warning"
        elif shop:
            severity = "warning"
        else:
            continue
        yield (
            "PF-DPI",
            severity,
            f"image {image.name} ({image.pixels[0]}x{image.pixels[1]} px) prints at "
            f"{image.dpi:.0f} dpi; printers ask {MIN_DPI:.0f}",
        )


def _safe_area(texts: list[tuple[str, Box]], trim: Box, safe: float) -> Iterator[Item]:
    inner = (trim[0] + safe, trim[1] + safe, trim[2] - safe, trim[3] - safe)
    outside = [  # text wholly outside the trim is slug (labels the cut removes): left alone
        (c, b) for c, b in texts if meets(b, trim) and not inside(b, inner, tol=0.5)
    ]
    if outside:
        sample = outside[0][0][:24]
        yield (
            "PF-SAFE",
            "warning",
            f"{counted(len(outside), 'line')} of text less than {format_mm(safe)} inside the trim "
            f"(e.g. {sample!r}); the cut may touch them",
        )


def _home_margin(page: pikepdf.Page, scan: PageScan) -> Iterator[Item]:
    media = page_box(page, "/MediaBox")
    if media is None:
        return
    m = mm(HOME_MARGIN_MM)
    printable = (media[0] + m, media[1] + m, media[2] - m, media[3] - m)
    boxes = scan.painted + [b for _, b in scan.texts]
    near = [b for b in boxes if not inside(b, printable, tol=0.05)]
    if near:
        worst = min(
            min(b[0] - media[0], b[1] - media[1], media[2] - b[2], media[3] - b[3]) for b in near
        )
        yield (
            "PF-MARGIN",
            "warning",
            f"{counted(len(near), 'mark')} within {HOME_MARGIN_MM:g} mm of the sheet edge (nearest "
            f"{max(0.0, to_mm(worst)):.1f} mm): a home printer may not print them",
        )
