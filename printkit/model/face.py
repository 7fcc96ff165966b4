"""Faces: the element language shared by card fronts, card backs and tile backs.

A face is a list of elements (text, value, title, band, header, icon, image, shape, pattern,
...), each drawn in a box. A box is [x, y, width, height] from the top-left corner of an area
of the piece: the trim (the default), the safe area (`safe_margin` inside the trim) or the
panel (inside the frame). Each of the four numbers is a length ("4", "4mm", "12pt") or a
percentage of the area ("10%"), so a face written once fills a poker, tarot or mini card.
A back is a face too: a ground colour, an optional texture and elements.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from printkit.layout.units import mm, parse_length
from printkit.load.schema import (
    Choice,
    Color,
    Field,
    Id,
    Int,
    Invalid,
    Length,
    ListOf,
    Number,
    Record,
    Str,
    where,
)

ELEMENT_TYPES = (
    "header",
    "value",
    "title",
    "fan",
    "drift",
    "text",
    "band",
    "marker",
    "icon",
    "image",
    "shape",
    "pattern",
)
AREAS = ("trim", "safe", "panel")
SHAPES = ("rect", "rounded", "circle", "ellipse", "meander")
PATTERNS = ("plain", "dots", "stripes", "stars", "lattice", "grid")
FONT_ROLES = ("body", "bold", "italic", "condensed", "heading", "display", "serif-bold")
PERCENT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*%\s*(?:([+-])\s*(\S.*?))?\s*$")


@dataclass(frozen=True)
class Percent:
    """A share of the area a box is measured in, plus a length: "10%" or "100% - 6mm"."""

    share: float
    offset: float = 0.0  # pt

    def of(self, span: float) -> float:
        return self.share * span + self.offset


@dataclass
class BoxLength(Length):
    """A length, or a percentage of the area's width (x, width) or height (y, height)."""

    def convert(self, value: Any, ctx: Any, path: Any) -> Any:
        match = PERCENT.match(value) if isinstance(value, str) else None
        if match is None:
            return super().convert(value, ctx, path)
        share = float(match.group(1)) / 100
        offset = parse_length(match.group(3)) if match.group(3) else 0.0
        if share > 1 or offset is None:
            raise Invalid(self.describe())
        return Percent(share, -offset if match.group(2) == "-" else offset)

    def describe(self) -> str:
        return (
            'a percentage of the area like "10%" (at most 100%), maybe plus or minus a length '
            '("100% - 6mm"), or ' + super().describe()
        )

    def json(self) -> dict:
        percent = {"type": "string", "pattern": r"^\s*\d+(\.\d+)?\s*%"}
        return {"anyOf": [*super().json()["anyOf"], percent]}

    def show(self, value: Any) -> Any:
        if isinstance(value, Percent):
            sign = "+" if value.offset >= 0 else "-"
            extra = f" {sign} {abs(value.offset) / mm(1):g}mm" if value.offset else ""
            return f"{value.share * 100:g}%{extra}"
        return super().show(value)


@dataclass
class SizeLength(BoxLength):
    """A text size: a length, or a percentage of the element box's height ("40%")."""

    def describe(self) -> str:
        return 'a percentage of the box\'s height like "40%", or ' + Length.describe(self)


@dataclass
class Element:
    """One thing drawn on a face, in a box measured from the top-left of its area."""

    element: str
    box: list[Any]
    text: str | None
    field: str | None
    mode: str | None
    font: str
    size: float | Percent
    min_size: float | None
    align: str
    colour: str | None
    caption: str | None
    max_lines: int
    empty: str | None = None
    image: str | None = None
    icon: str | None = None
    within: str = "trim"
    shape: str = "rect"
    pattern: str = "lattice"
    fill: str | None = None
    stroke: str | None = None
    accent: str | None = None
    line_width: float = 0.8
    radius: float = 0.0
    spacing: float = mm(2.4)
    rotate: float = 0.0


@dataclass
class Back:
    """A back: a ground colour over the bleed, an optional texture, and face elements."""

    colour: str
    ink: str
    accent: str
    pattern: str
    pattern_colour: str | None
    face: list[Element] = field(default_factory=list)
    pattern_spacing: float = mm(2.4)
    pattern_width: float = 0.5
    title: str = ""
    subtitle: str = ""

    def elements(self) -> list[Element]:
        """The face elements, then the title and subtitle lines (each once either way up)."""
        lines: list[tuple[str, str, str, float, float, float, str | None]] = [
            ("title", self.title, "display", mm(4.6), mm(10), mm(5), None)
        ]
        lines.append(("subtitle", self.subtitle, "heading", mm(2.4), mm(7), mm(3), self.accent))
        out = list(self.face)
        for key, text, role, size, bottom, height, ink in lines:
            if not text:
                continue
            for turned in (False, True):
                top: Any = float(bottom) if turned else Percent(1.0, -(bottom + height))
                box = [mm(8), top, Percent(1.0, -mm(16)), height]
                element = _line_element(text, role, size, box, ink, 180.0 if turned else 0.0)
                out.append(_sourced(element, self, key))
        return out


def _line_element(
    text: str, role: str, size: float, box: list[Any], ink: str | None, rotate: float
) -> Element:
    return Element(
        "text", box, text, None, None, role, size, None, "centre", ink, None, 1, rotate=rotate
    )


def _sourced(element: Element, owner: Any, key: str) -> Element:
    """`element` placed in the data at `owner`'s `key` (for errors about it)."""
    spot = where(owner, key)
    object.__setattr__(element, "_where", spot)
    object.__setattr__(element, "_field_where", {"text": spot})
    object.__setattr__(element, "_key_where", {})
    return element


BOX = ListOf(
    BoxLength(0, 600, allow_zero=True),
    4,
    4,
    doc='[x, y, width, height] from the top-left of the area: lengths or percentages ("10%")',
)

ELEMENT = Record(
    "face element",
    {
        "element": Field(
            Choice(ELEMENT_TYPES),
            required=True,
            doc="what to draw: header (label strip), value (big number), title, text, fan "
            "(an angle fan from a number field), drift (sideways arrows from a number field), "
            "band (boxed text with a caption), marker (a variant's marker), icon (a named "
            "icon), image (a picture file), shape (rect, rounded, circle, ellipse, meander "
            "border), pattern (a texture filling the box)",
        ),
        "box": Field(
            BOX,
            required=True,
            doc="[x, y, width, height] from the top-left corner of `within`; each a length "
            '(plain numbers are mm) or a percentage of that area ("50%")',
        ),
        "within": Field(
            Choice(AREAS),
            default="trim",
            doc="the area the box is measured in: trim (the cut edge), safe (safe_margin "
            "inside the trim) or panel (inside the frame)",
        ),
        "text": Field(
            Str(0, 500),
            doc="text with {field} placeholders and inline icons like {icon:star}",
        ),
        "field": Field(
            Id(), doc="the card field the element shows (fan, drift: required; icon: its name)"
        ),
        "mode": Field(Id(), doc="drift: the field that says 'or' or 'and'"),
        "font": Field(
            Choice(FONT_ROLES),
            default="body",
            doc="the typeface role: a DejaVu font printkit ships and embeds, or the kit's own "
            "(kit.yaml fonts)",
        ),
        "size": Field(
            SizeLength(1, 100),
            default=mm(3.5),
            doc='largest font size: a length, or a share of the box\'s height ("40%"), so '
            "text grows and shrinks with the card",
        ),
        "empty": Field(
            Str(1, 40), doc="drawn, muted, instead of the pictogram when the card has no value"
        ),
        "min_size": Field(
            Length(1, 100), doc="smallest font size (default: the deck's min_text_size)"
        ),
        "align": Field(
            Choice(("left", "centre", "right")), default="centre", doc="how text lines align"
        ),
        "colour": Field(Color(), doc="text, icon or pattern colour (default: the ink)"),
        "caption": Field(Str(0, 60), doc="small text under a value or pictogram"),
        "max_lines": Field(Int(1, 50), default=20, doc="most lines the text may wrap to"),
        "image": Field(
            Str(1, 255),
            doc="image: a PNG or JPEG in the kit folder (may use {field}), fitted in the box",
        ),
        "icon": Field(
            Str(1, 80),
            doc="icon: the icon's name (may use {field}); `printkit icons` shows them all",
        ),
        "shape": Field(Choice(SHAPES), default="rect", doc="shape: the outline drawn"),
        "pattern": Field(Choice(PATTERNS), default="lattice", doc="pattern: the texture"),
        "fill": Field(Color(), doc="shape: its fill; icon: its light colour (default: paper)"),
        "stroke": Field(Color(), doc="shape: its outline colour (default: none)"),
        "accent": Field(Color(), doc="icon: its third colour (default: the face's accent)"),
        "line_width": Field(Length(0.05, 20), default=0.8, doc="shape, pattern: line width"),
        "radius": Field(
            Length(0, 50, allow_zero=True), default=0.0, doc="rounded shape: corner radius"
        ),
        "spacing": Field(Length(0.5, 50), default=mm(2.4), doc="pattern: distance between marks"),
        "rotate": Field(
            Number(-360, 360),
            default=0.0,
            doc="degrees anticlockwise about the box centre (180: upside down, for backs "
            "readable from either side)",
        ),
    },
    cls=Element,
)

BACK = Record(
    "back",
    {
        "colour": Field(Color(), default="#6e1a12", doc="the ground, over the bleed"),
        "ink": Field(Color(), default="#f7f0e1", doc="the default colour of text and icons"),
        "accent": Field(Color(), default="#d9b25f", doc="a second colour elements may use"),
        "pattern": Field(
            Choice(PATTERNS), default="plain", doc="a texture over the whole back, bleed included"
        ),
        "pattern_colour": Field(
            Color(), doc="the texture's colour (default: a shade of the ground)"
        ),
        "pattern_spacing": Field(
            Length(0.5, 100), default=mm(2.4), doc="the distance between the texture's marks"
        ),
        "pattern_width": Field(Length(0.05, 10), default=0.5, doc="the texture's line width"),
        "face": Field(
            ListOf(ELEMENT, 0, 60),
            default=list,
            doc="what is drawn on the back, in order (the same elements as a card face)",
        ),
        "title": Field(
            Str(0, 40),
            default="",
            doc="a shorthand: a line near the lower edge, printed again upside down at the top, "
            "in the ink, after the face elements",
        ),
        "subtitle": Field(
            Str(0, 60), default="", doc="a shorthand: a smaller line under the title, in the accent"
        ),
    },
    cls=Back,
)


def plain_back() -> Back:
    return Back("#6e1a12", "#f7f0e1", "#d9b25f", "plain", None, [])  # a plain dark ground


@dataclass(frozen=True)
class Areas:
    """The rectangles a piece's boxes may be measured in, as (x, top, width, height) in pt."""

    width: float
    height: float
    safe_margin: float
    frame_width: float

    def area(self, name: str) -> tuple[float, float, float, float]:
        inset = {"trim": 0.0, "safe": self.safe_margin, "panel": self.frame_width}[name]
        return inset, inset, self.width - 2 * inset, self.height - 2 * inset


def resolve_box(element: Element, areas: Areas) -> tuple[float, float, float, float]:
    """The element's box as (x, top, width, height) in pt from the piece's top-left trim."""
    ax, atop, aw, ah = areas.area(element.within)
    x, y, w, h = (
        value.of(span) if isinstance(value, Percent) else float(value)
        for value, span in zip(element.box, (aw, ah, aw, ah), strict=True)
    )
    return ax + x, atop + y, w, h
