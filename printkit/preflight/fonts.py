"""Fonts: every font a page uses is embedded, and subset names are unique to their subset.

A page uses the fonts of its resources and of everything it draws: its forms, tiling
patterns, Type 3 glyphs and the appearances of its printable annotations. PDF/X (and a home
printer that should print what the designer saw) wants each one embedded (FontFile,
FontFile2 or FontFile3; a Type 3 font is its own program, its glyphs' fonts count).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pikepdf

from printkit.preflight.boxes import appearance_streams, printable_annotations
from printkit.preflight.standard import Severity

Item = tuple[str, Severity, str]
FONT_FILES = ("/FontFile2", "/FontFile", "/FontFile3")
MAX_RESOURCES = 10_000  # resource dictionaries followed for one page (a hostile file)


def font_findings(page: pikepdf.Page) -> Iterator[Item]:
    for name, font in page_fonts(page):
        if not _embedded(font):
            yield "PF-FONT", "error", f"font {name} is not embedded"


def page_fonts(page: pikepdf.Page) -> Iterator[tuple[str, Any]]:
    """(base font name, font dictionary) of every font the page uses."""
    seen: set[tuple[int, int]] = set()
    stack = [page.obj.get("/Resources")]
    for annot, _ in printable_annotations(page):
        stack += [s.get("/Resources") for s in appearance_streams(annot)]
    for _ in range(MAX_RESOURCES):
        if not stack:
            return
        resources = stack.pop()
        for font in _values(resources, "/Font"):
            if _first(font, seen):
                yield str(font.get("/BaseFont", "?"))[1:], font
                stack.append(font.get("/Resources"))  # a Type 3 font's glyphs
        for drawn in _values(resources, "/XObject") + _values(resources, "/Pattern"):
            if isinstance(drawn, pikepdf.Stream) and _first(drawn, seen):
                stack.append(drawn.get("/Resources"))


def _values(resources: Any, kind: str) -> list[Any]:
    if not isinstance(resources, pikepdf.Dictionary):
        return []
    group = resources.get(kind)
    if not isinstance(group, pikepdf.Dictionary):
        return []
    return [v for v in group.values() if isinstance(v, pikepdf.Dictionary | pikepdf.Stream)]


def _first(obj: Any, seen: set[tuple[int, int]]) -> bool:
    key = obj.objgen
    if key in seen:
        return False
    if key != (0, 0):
        seen.add(key)
    return True


def _embedded(font: Any) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True
    parts = font.get("/DescendantFonts")
    for part in parts if isinstance(parts, pikepdf.Array) else [font]:
        descriptor = part.get("/FontDescriptor") if isinstance(part, pikepdf.Dictionary) else None
        if not isinstance(descriptor, pikepdf.Dictionary):
            return False
        if not any(k in descriptor for k in FONT_FILES):
            return False
    return True


def _program(font: Any) -> Any:
    parts = font.get("/DescendantFonts")
    first = parts[0] if isinstance(parts, pikepdf.Array) and len(parts) else font
    descriptor = first.get("/FontDescriptor") if isinstance(first, pikepdf.Dictionary) else None
    if not isinstance(descriptor, pikepdf.Dictionary):
        return None
    return next((descriptor[k] for k in FONT_FILES if k in descriptor), None)


def subset_tags(pdf: pikepdf.Pdf) -> Iterator[Item]:
    """Two different font programs under one subset name collide when files are imposed."""
    programs: dict[str, set[tuple[int, int]]] = {}
    for page in pdf.pages:
        for name, font in page_fonts(page):
            stream = _program(font) if len(name) > 7 and name[6] == "+" else None
            if isinstance(stream, pikepdf.Stream):
                programs.setdefault(name, set()).add(stream.objgen)
    clashes = sorted(n for n, streams in programs.items() if len(streams) > 1)
    if clashes:
        yield (
            "PF-SUBSET",
            "warning",
            f"different font subsets share a name ({', '.join(clashes[:3])}): they may be "
            "swapped when the printer imposes files together",
        )
