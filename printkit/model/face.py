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
from dataclasses import dataclass
from typing import Any

from printkit.core import limits
from printkit.layout.units import mm, parse_length
from printkit.load.records import record, record_of, schema_fields, spec
from printkit.load.schema import (
    Choice,
    Color,
    Id,
    Int,
    Invalid,
    Length,
    ListOf,
    Number,
    Record,
    Str,
    Type,
    where,
)
from printkit.model.conditions import CONDITION_DOC, Condition, ConditionType
from printkit.model.fromdata import FromField, bind, named_fields, set_aside_templates, templates

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
    "table",
)
AREAS = ("trim", "safe", "panel", "bleed")
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


VALIGNS = ("top", "middle", "bottom")
TABLE_RULES = ("grid", "rows", "columns", "none")
TEXT_ATTRS = ("text", "caption", "image", "icon")  # the texts placeholders fill
VALIGN_DOC = (
    "where text sits in its box: top (the first line at the box's top on every card), middle "
    "or bottom"
)
ROWS_DOC = (
    "table: its rows, each a list of cells (text, which may use {field} placeholders and inline "
    "icons); the first `header` rows are headings"
)
WIDTHS_DOC = (
    "table: the columns' widths, in proportion to each other (default: equal); as many as the "
    "widest row has cells"
)
RULES_DOC = "table: the lines drawn between cells: grid (all, and a frame), rows, columns or none"
CELL = Str(0, 120, doc="a table cell")
ELEMENT_DOC = (
    "what to draw: header (label strip), value (big number), title, text, fan (an angle fan "
    "from a number field), drift (sideways arrows from a number field), band (boxed text with a "
    "caption), marker (a variant's marker), icon (a named icon), image (a picture file), shape "
    "(rect, rounded, circle, ellipse, meander border), pattern (a texture filling the box), table "
    "(rows and columns of fitted text with a heading row and rules)"
)
BOX_DOC = (
    "[x, y, width, height] from the top-left corner of `within`; each a length (plain numbers "
    'are mm) or a percentage of that area ("50%")'
)
WITHIN_DOC = (
    "the area the box is measured in: trim (the cut edge), safe (safe_margin inside the trim), "
    "panel (inside the frame) or bleed (the trim grown by the bleed: edge art and full-bleed "
    "grounds that a slightly-off cut must not show the paper under)"
)
FONT_DOC = (
    "the typeface role: a DejaVu font printkit ships and embeds, or the kit's own (kit.yaml fonts)"
)
SIZE_DOC = (
    'largest font size: a length, or a share of the box\'s height ("40%"), so text grows and '
    "shrinks with the card"
)
ROTATE_DOC = (
    "degrees anticlockwise about the box centre (180: upside down, for backs readable from "
    "either side; 90 or 270: text runs up or down the box, which stays where it is drawn)"
)
BOX = ListOf(
    BoxLength(0, 600, allow_zero=True),
    4,
    4,
    doc='[x, y, width, height] from the top-left of the area: lengths or percentages ("10%")',
)
# the keys in the order the docs show them (the fields keep the order callers construct by)
ELEMENT_KEYS = (
    "element", "box", "within", "text", "field", "mode", "font", "size", "empty", "min_size",
    "align", "colour", "caption", "max_lines", "image", "icon", "shape", "pattern", "fill",
    "stroke", "accent", "line_width", "radius", "spacing", "rotate",
    "valign", "when", "rows", "header", "widths", "rules",
)  # fmt: skip


def _set_aside(element: Element, ctx: Any, path: Any) -> None:
    set_aside_templates(element, STYLE_TYPES, STYLE_DEFAULTS)


@record("face element", keys=ELEMENT_KEYS, check=_set_aside)
@dataclass
class Element:
    """One thing drawn on a face, in a box measured from the top-left of its area."""

    element: str = spec(Choice(ELEMENT_TYPES), required=True, doc=ELEMENT_DOC)
    box: list[float | Percent] = spec(BOX, required=True, doc=BOX_DOC)
    text: str | None = spec(
        Str(0, 500), doc="text with {field} placeholders and inline icons like {icon:star}"
    )
    field: str | None = spec(
        Id(), doc="the card field the element shows (fan, drift: required; icon: its name)"
    )
    mode: str | None = spec(Id(), doc="drift: the field that says 'or' or 'and'")
    font: str = spec(FromField(Choice(FONT_ROLES)), default="body", doc=FONT_DOC)
    size: float | Percent = spec(FromField(SizeLength(1, 100)), default=mm(3.5), doc=SIZE_DOC)
    min_size: float | None = spec(
        FromField(Length(1, 100)), doc="smallest font size (default: the deck's min_text_size)"
    )
    align: str = spec(
        FromField(Choice(("left", "centre", "right"))),
        default="centre",
        doc="how text lines align",
    )
    colour: str | None = spec(
        FromField(Color()), doc="text, icon or pattern colour (default: the ink)"
    )
    caption: str | None = spec(Str(0, 60), doc="small text under a value or pictogram")
    max_lines: int = spec(FromField(Int(1, 50)), default=20, doc="most lines the text may wrap to")
    empty: str | None = spec(
        Str(1, 40), doc="drawn, muted, instead of the pictogram when the card has no value"
    )
    image: str | None = spec(
        Str(1, 255),
        doc="image: a PNG or JPEG in the kit folder (may use {field}), fitted in the box",
    )
    icon: str | None = spec(
        Str(1, 80), doc="icon: the icon's name (may use {field}); `printkit icons` shows them all"
    )
    within: str = spec(Choice(AREAS), default="trim", doc=WITHIN_DOC)
    shape: str = spec(FromField(Choice(SHAPES)), default="rect", doc="shape: the outline drawn")
    pattern: str = spec(FromField(Choice(PATTERNS)), default="lattice", doc="pattern: the texture")
    fill: str | None = spec(
        FromField(Color()),
        doc="shape: its fill; icon: its light colour (default: paper); table: every other row",
    )
    stroke: str | None = spec(
        FromField(Color()), doc="shape: its outline colour (default: none); table: its rules"
    )
    accent: str | None = spec(
        FromField(Color()), doc="icon: its third colour (default: the face's accent)"
    )
    line_width: float = spec(
        FromField(Length(0.05, 20)), default=0.8, doc="shape, pattern, table: line width"
    )
    radius: float = spec(
        FromField(Length(0, 50, allow_zero=True)), default=0.0, doc="rounded shape: corner radius"
    )
    spacing: float = spec(
        FromField(Length(0.5, 50)), default=mm(2.4), doc="pattern: distance between marks"
    )
    rotate: float = spec(FromField(Number(-360, 360)), default=0.0, doc=ROTATE_DOC)
    valign: str = spec(FromField(Choice(VALIGNS)), default="middle", doc=VALIGN_DOC)
    when: Condition | None = spec(ConditionType(), doc=CONDITION_DOC)
    rows: list[list[str]] = spec(ListOf(ListOf(CELL, 1, 30), 0, 60), default=list, doc=ROWS_DOC)
    header: int = spec(Int(0, 10), default=1, doc="table: how many first rows are headings")
    widths: list[float] = spec(ListOf(Number(0.01, 1000), 0, 30), default=list, doc=WIDTHS_DOC)
    rules: str = spec(Choice(TABLE_RULES), default="grid", doc=RULES_DOC)


STYLE_TYPES: dict[str, Type] = {
    name: f.type.inner
    for name, f in schema_fields(Element).items()
    if isinstance(f.type, FromField)
}
STYLE_DEFAULTS: dict[str, Any] = {
    name: schema_fields(Element)[name].default for name in STYLE_TYPES
}


def bind_element(element: Element, values: Any) -> Element:
    """The element one piece draws: its placeholders in properties filled from `values`
    (model/fromdata.py: MissingValue, BadFieldValue)."""
    bound: Element = bind(element, values, STYLE_TYPES)
    return bound


def element_fields(element: Element) -> set[str]:
    """Every piece field the element reads: placeholders in its texts and properties, its
    `when:` condition, its table's cells (`field` and `mode` are checked on their own)."""
    names = {n for attr in TEXT_ATTRS for n in named_fields(getattr(element, attr))}
    names.update(n for t in templates(element).values() for n in named_fields(t))
    names.update(n for row in element.rows for cell in row for n in named_fields(cell))
    if element.when is not None:
        names |= element.when.names()
    return names


ELEMENT: Record = record_of(Element)
BACK_KEYS = (
    "colour", "ink", "accent", "pattern", "pattern_colour", "pattern_spacing", "pattern_width",
    "face", "title", "subtitle",
)  # fmt: skip
TITLE_DOC = (
    "a shorthand: a line near the lower edge, printed again upside down at the top, in the ink, "
    "after the face elements"
)


@record("back", keys=BACK_KEYS)
@dataclass
class Back:
    """A back: a ground colour over the bleed, an optional texture, and face elements."""

    colour: str = spec(Color(), default="#6e1a12", doc="the ground, over the bleed")
    ink: str = spec(Color(), default="#f7f0e1", doc="the default colour of text and icons")
    accent: str = spec(Color(), default="#d9b25f", doc="a second colour elements may use")
    pattern: str = spec(
        Choice(PATTERNS), default="plain", doc="a texture over the whole back, bleed included"
    )
    pattern_colour: str | None = spec(
        Color(), doc="the texture's colour (default: a shade of the ground)"
    )
    face: list[Element] = spec(
        ListOf(ELEMENT, 0, limits.MAX_FACE_ELEMENTS),
        default=list,
        doc="what is drawn on the back, in order (the same elements as a card face; "
        "placeholders read the card behind it)",
    )
    pattern_spacing: float = spec(
        Length(0.5, 100), default=mm(2.4), doc="the distance between the texture's marks"
    )
    pattern_width: float = spec(Length(0.05, 10), default=0.5, doc="the texture's line width")
    title: str = spec(Str(0, 40), default="", doc=TITLE_DOC)
    subtitle: str = spec(
        Str(0, 60), default="", doc="a shorthand: a smaller line under the title, in the accent"
    )

    def elements(self) -> list[Element]:
        """The face elements, then the title and subtitle lines (each once either way up)."""
        return [*self.face, *self._line_elements()]

    def _line_elements(self) -> list[Element]:
        """The title and subtitle lines as elements, made once for the back's title, subtitle
        and accent (a deck's checks and drawing ask for them per card)."""
        key = (self.title, self.subtitle, self.accent)
        made: tuple[tuple[str, str, str], list[Element]] | None = self.__dict__.get("_lines")
        if made is None or made[0] != key:
            made = (key, self._make_line_elements())
            object.__setattr__(self, "_lines", made)
        return made[1]

    def _make_line_elements(self) -> list[Element]:
        lines: list[tuple[str, str, str, float, float, float, str | None]] = [
            ("title", self.title, "display", mm(4.6), mm(10), mm(5), None)
        ]
        lines.append(("subtitle", self.subtitle, "heading", mm(2.4), mm(7), mm(3), self.accent))
        out: list[Element] = []
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


BACK: Record = record_of(Back)


def plain_back() -> Back:
    return Back("#6e1a12", "#f7f0e1", "#d9b25f", "plain", None, [])  # a plain dark ground


@dataclass(frozen=True)
class Areas:
    """The rectangles a piece's boxes may be measured in, as (x, top, width, height) in pt."""

    width: float
    height: float
    safe_margin: float
    frame_width: float
    bleed: float = 0.0  # what the piece prints past its trim (none when checking the data)

    def area(self, name: str) -> tuple[float, float, float, float]:
        insets = {"trim": 0.0, "safe": self.safe_margin, "panel": self.frame_width}
        inset = insets.get(name, -self.bleed)  # bleed: outside the trim
        return inset, inset, self.width - 2 * inset, self.height - 2 * inset


def in_bleed(element: Element, areas: Areas) -> bool:
    """Whether the element is drawn in the bleed: measured `within: bleed`, or a ground that
    covers the whole trim (a pattern, or a filled rectangle, with the box [0, 0, 100%, 100%]),
    which a user expects to reach the bleed as the piece's own colour does."""
    if element.within == "bleed":
        return True
    ground = element.element == "pattern" or (
        element.element == "shape" and element.shape == "rect" and bool(element.fill)
    )
    if not ground or element.within != "trim" or element.rotate:
        return False
    whole = (0.0, 0.0, areas.width, areas.height)
    return all(abs(a - b) < 0.01 for a, b in zip(resolve_box(element, areas), whole, strict=True))


def resolve_box(element: Element, areas: Areas) -> tuple[float, float, float, float]:
    """The element's box as (x, top, width, height) in pt from the piece's top-left trim."""
    ax, atop, aw, ah = areas.area(element.within)
    x, y, w, h = (
        value.of(span) if isinstance(value, Percent) else float(value)
        for value, span in zip(element.box, (aw, ah, aw, ah), strict=True)
    )
    return ax + x, atop + y, w, h


def quarter_turn(degrees: float) -> bool:
    """A turn of 90 or 270 degrees (either way): the element's width and height swap."""
    return degrees % 180 == 90
