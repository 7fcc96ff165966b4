"""A kit's SVG icons: read within limits, checked before svglib sees them, drawn clean.

An SVG file is untrusted input. Before svglib builds anything, the XML tree is checked for
what would make it costly or unprintable, each refusal at the file's line:
  - more than `MAX_SVG_ELEMENTS` elements, counting every `<use>` as the elements it copies,
    or `<use>` nested deeper than `MAX_SVG_USE_DEPTH` (or referring to itself);
  - a number that is not finite or larger than `MAX_SVG_NUMBER` (the PDF would be invalid);
  - `<text>`, which would need a font the PDF cannot embed: convert text to outlines;
  - `<image>` (a raster inside the SVG): its size is read from its header first (a picture
    over MAX_IMAGE_PIXELS is refused as such), and it is refused in any case: save the picture
    as a PNG icon, which printkit sizes and checks as every kit image.
The drawing svglib makes is then checked once more for numbers out of range (a safety net),
and drawn with the canvas's own embedded font as its initial font, so no unembedded font is
ever named. An icon with transparency (opacity) or gradients is drawn once, at
`RASTER_PIXELS` on its long side, into transparent pixels (pdfium), and placed like a PNG
icon; shop files flatten those pixels onto what lies beneath (pdfx.flatten).
"""

from __future__ import annotations

import base64
import binascii
import io
import math
import re
from dataclasses import dataclass
from typing import Any

from PIL import Image

from printkit.core import limits
from printkit.core.errors import Location, fail

MAX_SVG_ELEMENTS = limits.MAX_SVG_ELEMENTS
MAX_SVG_USE_DEPTH = limits.MAX_SVG_USE_DEPTH
MAX_SVG_NUMBER = limits.MAX_SVG_NUMBER
RASTER_PIXELS = 1024  # long side of an icon drawn to pixels (transparency, gradients)
_NUMBER = re.compile(
    r"(?<![#\w.])[-+]?(?:nan|inf(?:inity)?|(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)", re.I
)
_SKIPPED = ("href", "id", "class", "lang", "space")
_TEXT = ("text", "tspan", "textPath", "flowRoot", "flowPara")


@dataclass(frozen=True)
class SvgSource:
    """Where the icon came from, for messages: the file as the kit names it, the file as it is
    shown (its path from the current folder), and the data key that names it."""

    relative: str
    shown: str
    where: Location

    def at(self, line: int | None) -> Location:
        return Location(self.shown, line or 0) if line else self.where

    def refuse(self, line: int | None, message: str) -> Exception:
        return fail(self.at(line), f"icon file {self.relative!r}: {message}")


def check_tree(data: bytes, source: SvgSource) -> None:
    """Refuse an SVG whose tree is too large, nests <use> too deeply, has out-of-range numbers,
    text or rasters (see the module doc); a file that is not XML is left to svglib's message."""
    # imported here, only when a kit has SVG icons (svglib needs lxml too)
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    try:
        root = etree.fromstring(data, parser=parser)
    except etree.XMLSyntaxError:
        return
    elements = [e for e in root.iter() if isinstance(e.tag, str)]
    if len(elements) > MAX_SVG_ELEMENTS:
        raise source.refuse(0, _too_many(len(elements)))
    ids = {e.get("id"): e for e in elements if e.get("id")}
    _expanded(root, ids, source, {}, ())
    for element in elements:
        _check_element(element, source)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _too_many(count: int) -> str:
    return (
        f"{count:,} elements or more with every <use> expanded; the limit (MAX_SVG_ELEMENTS) "
        f"is {MAX_SVG_ELEMENTS:,}"
    )


def _href(element: Any) -> str | None:
    for key, value in element.attrib.items():
        if _local(key) == "href":
            return str(value)
    return None


def _expanded(element: Any, ids: dict, source: SvgSource, memo: dict, chain: tuple) -> int:
    """How many elements `element` stands for, its <use> copies included (memoised)."""
    key = id(element)
    if key in memo:
        return memo[key]
    count = 1
    if isinstance(element.tag, str) and _local(element.tag) == "use":
        target = ids.get((_href(element) or "").removeprefix("#"))
        if target is not None:
            if target in chain or len(chain) >= MAX_SVG_USE_DEPTH:
                raise source.refuse(
                    element.sourceline,
                    f"<use> nested more than {MAX_SVG_USE_DEPTH} deep, or referring to itself "
                    "(the limit is MAX_SVG_USE_DEPTH)",
                )
            count += _expanded(target, ids, source, memo, (*chain, target))
    for child in element:
        count += _expanded(child, ids, source, memo, chain)
        if count > MAX_SVG_ELEMENTS:
            raise source.refuse(element.sourceline, _too_many(count))
    memo[key] = count
    return count


def _check_element(element: Any, source: SvgSource) -> None:
    name = _local(element.tag)
    if name in _TEXT:
        raise source.refuse(
            element.sourceline,
            f"<{name}> needs a font the PDF cannot embed; convert the text to outlines "
            "(Inkscape: Path > Object to Path) or put the words in the card's data",
        )
    if name == "image":
        _refuse_raster(element, source)
    for key, value in element.attrib.items():
        if _local(key) not in _SKIPPED:
            _check_numbers(str(value), _local(key), element.sourceline, source)


def _check_numbers(text: str, attribute: str, line: int | None, source: SvgSource) -> None:
    for match in _NUMBER.finditer(text):
        value = float(match.group())
        if not math.isfinite(value) or abs(value) > MAX_SVG_NUMBER:
            raise source.refuse(
                line,
                f"{attribute}={match.group()!r} is not a number a PDF can hold (finite, at most "
                f"{MAX_SVG_NUMBER:g} across; the limit is MAX_SVG_NUMBER)",
            )


def _refuse_raster(element: Any, source: SvgSource) -> None:
    """An <image>: refused, after its header is read for a clearer message about its size."""
    size = _data_uri_size(_href(element) or "")
    if size is not None and size[0] * size[1] > limits.MAX_IMAGE_PIXELS:
        raise source.refuse(
            element.sourceline,
            f"an embedded image of {size[0]:,} x {size[1]:,} pixels; the limit "
            f"(MAX_IMAGE_PIXELS) is {limits.MAX_IMAGE_PIXELS:,} pixels",
        )
    raise source.refuse(
        element.sourceline,
        "holds a raster image (<image>); save the picture as a PNG icon of its own instead",
    )


def _data_uri_size(href: str) -> tuple[int, int] | None:
    """(width, height) from the header of a base64 data URI's image, or None."""
    head, _, body = href.partition(",")
    if not head.startswith("data:") or ";base64" not in head:
        return None
    try:
        # the header is in the first bytes: decode only a little of a possibly huge string
        raw = base64.b64decode(re.sub(r"\s+", "", body[:8192])[:8188], validate=False)
        with Image.open(io.BytesIO(raw)) as probe:
            return probe.size
    except (binascii.Error, OSError, ValueError, Image.DecompressionBombError):
        return None


def check_drawing(drawing: Any, source: SvgSource) -> None:
    """Every number in svglib's drawing finite and in range (after its own unit conversions)."""
    stack = [drawing]
    seen = 0
    while stack:
        node = stack.pop()
        seen += 1
        if seen > MAX_SVG_ELEMENTS * 4:
            raise source.refuse(0, _too_many(seen))
        for name, value in _numbers_of(node):
            if not math.isfinite(value) or abs(value) > MAX_SVG_NUMBER * 100:
                raise source.refuse(0, f"{name} {value!r} is out of range once drawn")
        stack.extend(getattr(node, "contents", None) or [])


def _numbers_of(node: Any) -> list[tuple[str, float]]:
    out: list[tuple[str, float]] = []
    for name, value in vars(node).items():
        if name.startswith("_"):
            continue
        values = value if isinstance(value, list | tuple) else [value]
        out += [
            (name, float(v))
            for v in values
            if isinstance(v, int | float) and not isinstance(v, bool)
        ]
    return out


def uses_transparency(drawing: Any) -> bool:
    """True when the drawing has partial opacity or gradients (svglib's DirectDraw shapes)."""
    stack = [drawing]
    while stack:
        node = stack.pop()
        for key in ("fillOpacity", "strokeOpacity"):
            value = getattr(node, key, None)
            if isinstance(value, int | float) and value < 1:
                return True
        if type(node).__name__ in ("LinearGradientShape", "RadialGradientShape"):
            return True
        stack.extend(getattr(node, "contents", None) or [])
    return False


def rasterize(drawing: Any) -> Any:
    """The drawing as RGBA pixels (RASTER_PIXELS on its long side), transparent where it draws
    nothing: drawn alone by reportlab (a document of its own, where opacity and gradients keep
    their resources), then rendered by pdfium."""
    # imported here, only when an SVG icon has transparency: renderPDF and pdfium are slow to load
    import pypdfium2 as pdfium
    from reportlab.graphics import renderPDF

    width, height = float(drawing.width), float(drawing.height)
    document = pdfium.PdfDocument(renderPDF.drawToString(drawing, invariant=1))
    try:
        scale = RASTER_PIXELS / max(width, height)
        bitmap = document[0].render(scale=scale, fill_color=(255, 255, 255, 0))
        return bitmap.to_pil().convert("RGBA")
    finally:
        document.close()
