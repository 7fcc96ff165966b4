"""The preflight rules: each yields (code, severity, message) for a document or one page.

Codes:
  PF-INTENT   no PDF/X OutputIntent                     PF-PDFX    no or wrong PDF/X identification
  PF-BOX      a page box missing or not nested          PF-BLEED   bleed narrower than asked
  PF-FONT     a font not embedded                       PF-SUBSET  two fonts share a subset tag
  PF-COLOUR   a colour space the standard forbids       PF-TRANSP  transparency (X-1a)
  PF-DPI      an image below 300 dpi at its size        PF-HAIR    a stroke under 0.25 pt
  PF-SAFE     text outside the safe area of the trim    PF-MARGIN  marks in the home printer's
                                                                   unprintable margin
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pikepdf

from printkit.core.words import counted
from printkit.layout.units import format_mm, mm, to_mm
from printkit.preflight.program import Programs
from printkit.preflight.scan import HAIRLINE, Box, PageScan, scan_page
from printkit.preflight.standard import (
    BLEED_MM,
    HOME_MARGIN_MM,
    LOW_DPI,
    MIN_DPI,
    Severity,
    Standard,
)

Item = tuple[str, Severity, str]
PDFX_VERSIONS = {"x1a": ("PDF/X-1:2001", "PDF/X-1a:2001", "PDF/X-1a:2003"), "x4": ("PDF/X-4",)}
X1A_SPACES = ("DeviceCMYK", "DeviceGray", "Separation", "DeviceN", "Pattern")


def check_document(pdf: pikepdf.Pdf, standard: Standard) -> Iterator[Item]:
    if standard == "home":
        return
    intents = [i for i in pdf.Root.get("/OutputIntents", []) if i.get("/S") == "/GTS_PDFX"]
    if not intents:
        yield "PF-INTENT", "error", "no PDF/X OutputIntent (the printing condition is unknown)"
    elif "/DestOutputProfile" not in intents[0]:
        named = str(intents[0].get("/OutputConditionIdentifier", "")).strip()
        if named.lower() in ("", "custom"):
            yield (
                "PF-INTENT",
                "error",
                "the OutputIntent embeds no ICC profile and names no registered printing condition",
            )
    info: Any = pdf.trailer.get("/Info", {})
    version = str(info.get("/GTS_PDFXVersion", ""))
    if version not in PDFX_VERSIONS[standard]:
        wanted = " or ".join(PDFX_VERSIONS[standard])
        yield "PF-PDFX", "error", f"GTS_PDFXVersion is {version or 'missing'}; expected {wanted}"
    if str(info.get("/Trapped", "")) not in ("/True", "/False"):
        yield "PF-PDFX", "error", "the Trapped key must say True or False"
    yield from _subset_tags(pdf)


def check_page(
    page: pikepdf.Page, standard: Standard, safe: float, programs: Programs | None = None
) -> Iterator[Item]:
    """Findings for one page; `programs`, shared by a document's pages, parses each form once."""
    shop = standard != "home"
    yield from _boxes(page, shop)
    yield from _fonts(page)
    scan = scan_page(page, programs)
    yield from _colours(scan, standard)
    yield from _images(scan, shop)
    if scan.hairlines:
        yield (
            "PF-HAIR",
            "error" if shop else "warning",
            f"{counted(scan.hairlines, 'stroke')} thinner than {HAIRLINE} pt (thinnest "
            f"{scan.thinnest_stroke:.3g} pt): they may not print",
        )
    if shop:
        trim = _box(page, "/TrimBox")
        if trim is not None:
            yield from _safe_area(scan.texts, trim, safe)
    else:
        yield from _home_margin(page, scan)


def _box(page: pikepdf.Page, key: str) -> Box | None:
    value = page.obj.get(key)
    if value is None:
        return None
    x0, y0, x1, y1 = (float(v) for v in value)
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _inside(inner: Box, outer: Box, tol: float = 0.01) -> bool:
    return (
        inner[0] >= outer[0] - tol
        and inner[1] >= outer[1] - tol
        and inner[2] <= outer[2] + tol
        and inner[3] <= outer[3] + tol
    )


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _boxes(page: pikepdf.Page, shop: bool) -> Iterator[Item]:
    media = _box(page, "/MediaBox")
    trim, bleed = _box(page, "/TrimBox"), _box(page, "/BleedBox")
    if media is None:
        yield "PF-BOX", "error", "no MediaBox"
        return
    if trim is None:
        if shop:
            yield "PF-BOX", "error", "no TrimBox: the printer cannot know the finished size"
        return
    outer = bleed or media
    if not _inside(trim, outer):
        yield "PF-BOX", "error", "the TrimBox is not inside the BleedBox"
    if bleed is not None and not _inside(bleed, media):
        yield "PF-BOX", "error", "the BleedBox is not inside the MediaBox"
    if shop:
        sides = zip(("left", "bottom", "right", "top"), (1, 1, -1, -1), trim, outer, strict=True)
        narrow = [(n, s * (t - o)) for n, s, t, o in sides if s * (t - o) < mm(BLEED_MM) - 0.1]
        if narrow:
            shown = ", ".join(f"{n} {format_mm(w)}" for n, w in narrow)
            yield "PF-BLEED", "warning", f"bleed {shown}; printers ask {BLEED_MM:g} mm (1/8 in)"


def _fonts(page: pikepdf.Page) -> Iterator[Item]:
    for name, font in _page_fonts(page):
        if not _embedded(font):
            yield "PF-FONT", "error", f"font {name} is not embedded"


def _page_fonts(page: pikepdf.Page) -> Iterator[tuple[str, Any]]:
    """(base font name, font dictionary) of every font on the page and in its forms."""
    seen: set[tuple[int, int]] = set()
    stack = [page.obj.get("/Resources")]
    while stack:
        resources = stack.pop()
        if resources is None:
            continue
        for font in (resources.get("/Font") or {}).values():
            key = font.objgen
            if key in seen:
                continue
            seen.add(key)
            yield str(font.get("/BaseFont", "?"))[1:], font
        for xobj in (resources.get("/XObject") or {}).values():
            if xobj.objgen not in seen and xobj.get("/Subtype") == "/Form":
                seen.add(xobj.objgen)
                stack.append(xobj.get("/Resources"))


def _embedded(font: Any) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True
    for part in font.get("/DescendantFonts") or [font]:
        descriptor = part.get("/FontDescriptor")
        if descriptor is None:
            return False
        if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
            return False
    return True


def _subset_tags(pdf: pikepdf.Pdf) -> Iterator[Item]:
    """Two different font programs under one subset name collide when files are imposed."""
    programs: dict[str, set[tuple[int, int]]] = {}
    for page in pdf.pages:
        for name, font in _page_fonts(page):
            if len(name) > 7 and name[6] == "+":
                descriptor = (font.get("/DescendantFonts") or [font])[0].get("/FontDescriptor")
                stream = next(
                    (
                        descriptor[k]
                        for k in ("/FontFile2", "/FontFile", "/FontFile3")
                        if descriptor is not None and k in descriptor
                    ),
                    None,
                )
                if stream is not None:
                    programs.setdefault(name, set()).add(stream.objgen)
    clashes = sorted(n for n, streams in programs.items() if len(streams) > 1)
    if clashes:
        yield (
            "PF-SUBSET",
            "warning",
            f"different font subsets share a name ({', '.join(clashes[:3])}): they may be "
            "swapped when the printer imposes files together",
        )


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
    base = space.removeprefix("Indexed(").removeprefix("Pattern(").rstrip(")")
    if standard == "x4":
        return base in ("DeviceRGB", "unknown")
    return base not in X1A_SPACES


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
        (c, b) for c, b in texts if _meets(b, trim) and not _inside(b, inner, tol=0.5)
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
    media = _box(page, "/MediaBox")
    if media is None:
        return
    m = mm(HOME_MARGIN_MM)
    printable = (media[0] + m, media[1] + m, media[2] - m, media[3] - m)
    boxes = scan.painted + [b for _, b in scan.texts]
    near = [b for b in boxes if not _inside(b, printable, tol=0.05)]
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
