"""Page boxes, and what may sit inside them: the box rules of PDF/X.

- every page has a MediaBox (its own or inherited from the page tree);
- a PDF/X page has a TrimBox or an ArtBox, never both (the TrimBox is the finished size; a
  page that has only an ArtBox is trimmed to it);
- the TrimBox (or ArtBox) lies inside the BleedBox, the BleedBox inside the MediaBox;
- a box that is not four numbers is an error, not a crash;
- PDF/X-1a: no annotation or form field on the printed area (inside the BleedBox, or the
  TrimBox/ArtBox when there is no BleedBox), except TrapNet and PrinterMark annotations.
A page's annotations, and the appearances of those that print, are read here too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pikepdf

from printkit.layout.units import format_mm, mm
from printkit.preflight.program import is_number
from printkit.preflight.scan_math import Box
from printkit.preflight.standard import BLEED_MM, Severity

Item = tuple[str, Severity, str]
INHERITED = ("/MediaBox", "/CropBox")  # boxes a page takes from its parents in the page tree
MAX_TREE_DEPTH = 64
ALLOWED_ANNOTATIONS = ("/TrapNet", "/PrinterMark")


def page_box(page: pikepdf.Page, key: str) -> Box | None:
    """The page's box (inherited for MediaBox and CropBox), normalised; None when absent or
    not four numbers (`malformed_boxes` says which)."""
    return rectangle(_raw_box(page, key))


def rectangle(value: Any) -> Box | None:
    """A PDF rectangle (four numbers, any two opposite corners) as a normalised box."""
    if isinstance(value, pikepdf.Array) and len(value) == 4 and all(map(is_number, value)):
        x0, y0, x1, y1 = (float(v) for v in value)
        return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    return None


def _raw_box(page: pikepdf.Page, key: str) -> Any:
    node: Any = page.obj
    for _ in range(MAX_TREE_DEPTH):
        if not isinstance(node, pikepdf.Dictionary):
            return None
        if key in node or key not in INHERITED:
            return node.get(key)
        node = node.get("/Parent")
    return None


def trim_box(page: pikepdf.Page) -> Box | None:
    """The finished size: the TrimBox, else the ArtBox."""
    return page_box(page, "/TrimBox") or page_box(page, "/ArtBox")


def malformed_boxes(page: pikepdf.Page) -> Iterator[Item]:
    for key in ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox"):
        if _raw_box(page, key) is not None and page_box(page, key) is None:
            yield "PF-BOX", "error", f"the {key[1:]} is not four numbers"


def check_boxes(page: pikepdf.Page, shop: bool) -> Iterator[Item]:
    yield from malformed_boxes(page)
    media = page_box(page, "/MediaBox")
    if media is None:
        yield "PF-BOX", "error", "no MediaBox"
        return
    has_trim, has_art = "/TrimBox" in page.obj, "/ArtBox" in page.obj
    if shop and has_trim and has_art:
        yield "PF-BOX", "error", "both a TrimBox and an ArtBox: PDF/X allows one of them"
    trim, bleed = trim_box(page), page_box(page, "/BleedBox")
    if trim is None:
        if shop and not (has_trim or has_art):
            yield "PF-BOX", "error", "no TrimBox: the printer cannot know the finished size"
        return
    name = "TrimBox" if has_trim else "ArtBox"
    outer = bleed or media
    if not inside(trim, outer):
        yield "PF-BOX", "error", f"the {name} is not inside the {'Bleed' if bleed else 'Media'}Box"
    if bleed is not None and not inside(bleed, media):
        yield "PF-BOX", "error", "the BleedBox is not inside the MediaBox"
    if shop:
        yield from _bleed(trim, outer)


def _bleed(trim: Box, outer: Box) -> Iterator[Item]:
    sides = zip(("left", "bottom", "right", "top"), (1, 1, -1, -1), trim, outer, strict=True)
    narrow = [(n, s * (t - o)) for n, s, t, o in sides if s * (t - o) < mm(BLEED_MM) - 0.1]
    if narrow:
        shown = ", ".join(f"{n} {format_mm(w)}" for n, w in narrow)
        yield "PF-BLEED", "warning", f"bleed {shown}; printers ask {BLEED_MM:g} mm (1/8 in)"


def inside(inner: Box, outer: Box, tol: float = 0.01) -> bool:
    return (
        inner[0] >= outer[0] - tol
        and inner[1] >= outer[1] - tol
        and inner[2] <= outer[2] + tol
        and inner[3] <= outer[3] + tol
    )


def meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def annotations_on_print(page: pikepdf.Page) -> Iterator[Item]:
    """PDF/X-1a: annotations and form fields lie outside the BleedBox (TrimBox or ArtBox
    when there is none), TrapNet and PrinterMark annotations excepted."""
    area = page_box(page, "/BleedBox") or trim_box(page)
    if area is None:
        return
    for annot in page_annotations(page):
        kind = str(annot.get("/Subtype", "/Annotation"))
        rect = rectangle(annot.get("/Rect"))
        if kind in ALLOWED_ANNOTATIONS or rect is None or not meets(rect, area):
            continue
        what = "a form field" if kind == "/Widget" else f"a {kind[1:]} annotation"
        yield (
            "PF-ANNOT",
            "error",
            f"{what} on the printed area (inside the trim and bleed); PDF/X-1a allows "
            "annotations and form fields only outside it",
        )


def page_annotations(page: pikepdf.Page) -> list[Any]:
    annots = page.obj.get("/Annots")
    if not isinstance(annots, pikepdf.Array):
        return []
    return [a for a in annots if isinstance(a, pikepdf.Dictionary)]


def printable_annotations(page: pikepdf.Page) -> list[tuple[Any, str]]:
    """(annotation, a readable name) of each annotation with an appearance that prints."""
    found = []
    annots = page.obj.get("/Annots")
    for i, annot in enumerate(annots if isinstance(annots, pikepdf.Array) else []):
        if not isinstance(annot, pikepdf.Dictionary):
            continue
        flags = annot.get("/F", 0)
        prints = isinstance(flags, int) and flags & 4 and not flags & 2  # Print, not Hidden
        ap = annot.get("/AP")
        if prints and isinstance(ap, pikepdf.Dictionary) and "/N" in ap:
            found.append((annot, f"appearance of {annot.get('/Subtype', 'an')} annotation {i + 1}"))
    return found


def appearance_streams(annot: Any) -> list[Any]:
    """The normal appearance of an annotation: one stream, or one per state (a check box)."""
    appearance = annot.get("/AP").get("/N")
    if isinstance(appearance, pikepdf.Stream):
        return [appearance]
    if isinstance(appearance, pikepdf.Dictionary):
        return [s for s in appearance.values() if isinstance(s, pikepdf.Stream)]
    return []
