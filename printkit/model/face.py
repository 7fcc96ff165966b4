"""Faces: the element language shared by card fronts, card backs and tile backs.

A face is a list of elements (text, value, title, band, header, icon, image, shape, pattern,
...), each drawn in a box. A box is [x, y, width, height] from the top-left corner of an area
of the piece: the trim (the default), the safe area (`safe_margin` inside the trim) or the
panel (inside the frame). Each of the four numbers is a length ("4", "4mm", "12pt") or a
percentage of the area ("10%"), so a face written once fills a poker, tarot or mini card.
A back is a face too: a ground colour, an optional texture and elements.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar

from printkit.core import limits
from printkit.core.fieldwise import fieldwise
from printkit.core.words import close_matches
from printkit.layout.geometry import Rect
from printkit.layout.units import mm, parse_length
from printkit.load.containers import Tags
from printkit.load.records import RECORD, record, record_of, schema_fields, spec
from printkit.load.schema import (
    Choice,
    Color,
    Context,
    Field,
    Id,
    Int,
    Invalid,
    Length,
    ListOf,
    Number,
    Record,
    Shape,
    Str,
    Type,
    describe_found,
    key_name,
    path_name,
    where,
)
from printkit.load.yamlsafe import PathKey
from printkit.model.conditions import CONDITION_DOC, Condition, ConditionType
from printkit.model.fromdata import FromField, bind, named_fields, set_aside_templates, templates

if TYPE_CHECKING:  # the painter a kind draws on, a layer above (an annotation only)
    from reportlab.lib.colors import Color as Ink

    from printkit.draw.elements import ElementPainter, Palette

E = TypeVar("E", bound="Element")

AREAS = ("trim", "safe", "panel", "bleed")
SHAPES = ("rect", "rounded", "circle", "ellipse", "meander")
PATTERNS = ("plain", "dots", "stripes", "stars", "lattice", "grid")
FONT_ROLES = ("body", "bold", "italic", "condensed", "heading", "display", "serif-bold")
PERCENT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*%\s*(?:([+-])\s*(\S.*?))?\s*$")


class Percent(NamedTuple):
    """A share of the area a box is measured in, plus a length: "10%" or "100% - 6mm"."""

    share: float
    offset: float = 0.0  # pt

    def of(self, span: float) -> float:
        return self.share * span + self.offset


@fieldwise
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

    def json(self) -> dict[str, Any]:
        percent = {"type": "string", "pattern": r"^\s*\d+(\.\d+)?\s*%"}
        return {"anyOf": [*super().json()["anyOf"], percent]}

    def show(self, value: Any) -> Any:
        if isinstance(value, Percent):
            sign = "+" if value.offset >= 0 else "-"
            extra = f" {sign} {abs(value.offset) / mm(1):g}mm" if value.offset else ""
            return f"{value.share * 100:g}%{extra}"
        return super().show(value)


@fieldwise
class SizeLength(BoxLength):
    """A text size: a length, or a percentage of the element box's height ("40%")."""

    def describe(self) -> str:
        return 'a percentage of the box\'s height like "40%", or ' + Length.describe(self)


VALIGNS = ("top", "middle", "bottom")
TEXT_DOC = "text with {field} placeholders and inline icons like {icon:star}"
CAPTION_DOC = "small text under the element"
VALIGN_DOC = (
    "where text sits in its box: top (the first line at the box's top on every card), middle "
    "or bottom"
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
# The keys in the order the docs show them: every kind's `element`, `box` and `within` first and
# `rotate` and `when` last; a kind's own keys between, in this order when they are among these
# (the order the one shared record of all kinds had), then in the order the kind declares them.
HEAD_KEYS = ("element", "box", "within")
TAIL_KEYS = ("rotate", "when")
KEY_ORDER = (
    "text", "field", "mode", "font", "size", "empty", "min_size", "align", "colour", "caption",
    "max_lines", "image", "icon", "shape", "pattern", "fill", "stroke", "accent", "line_width",
    "radius", "spacing", "valign", "rows", "header", "widths", "rules",
)  # fmt: skip


def _set_aside(element: Element, ctx: Any, path: Any) -> None:
    kind = type(element)
    set_aside_templates(element, kind.style_types, kind.style_defaults)


@fieldwise(kw_only=True)
class Element:
    """One thing drawn on a face, in a box measured from the top-left of its area: the base of
    every element kind (printkit/elements/, a game's or an installed package's kinds).

    A kind is one class: a dataclass of its keys (each a `spec()` with its type, default and
    meaning: the schema, the JSON Schema and docs/data-format.md's tables are made from them by
    `@element_kind`) and its `draw()`. The keys here are every kind's; `Worded`, `Sized` and
    `Lettered` add the keys of kinds that fit text. Kinds are found by their `element:` name
    (`find_kind`): the engine calls what this class declares and never asks a kind's name.

    A kind's `draw` is also its measure: drawn on the probe canvas that paints nothing
    (render/safearea.ProbeCanvas, draw/sketch.py), each text it fits through the painter is
    noted with its box and its fit recorded, and the render draws from those records. One code
    path for both means a measure can never disagree with what is printed (platypus keeps
    `wrap` and `draw` apart; here the painter's records are the `wrap`).
    """

    kind: ClassVar[str] = ""  # the `element:` value that names the kind (set by @element_kind)
    kind_doc: ClassVar[str] = ""  # what the kind draws, in a line (the docs' and schema's)
    # one fitted text (its `text`, default {title}) in its colour, which the painter draws and
    # replays itself (draw/elements.PlainText) without calling `draw`: text and title only
    plain: ClassVar[bool] = False
    # the keys whose values are texts with {field} placeholders (`element_fields`, checks)
    text_keys: ClassVar[tuple[str, ...]] = ()
    # the keys whose values name a piece field outright (checked against the declared fields)
    field_keys: ClassVar[tuple[str, ...]] = ()
    # the keys whose field must hold a number (a deck checks their declared type)
    number_keys: ClassVar[tuple[str, ...]] = ()
    # the keys that name a picture file of the kit (may use placeholders): loaded and checked
    image_keys: ClassVar[tuple[str, ...]] = ()
    # the keys that name an icon of the kit's library (may use placeholders): checked
    icon_keys: ClassVar[tuple[str, ...]] = ()
    # the properties that take a "{field}" placeholder -> their type; their defaults
    style_types: ClassVar[dict[str, Type]] = {}
    style_defaults: ClassVar[dict[str, Any]] = {}

    element: str = spec(Str(1, 40), required=True, doc="the element's kind")
    box: list[float | Percent] = spec(BOX, required=True, doc=BOX_DOC)
    within: str = spec(Choice(AREAS), default="trim", doc=WITHIN_DOC)
    rotate: float = spec(FromField(Number(-360, 360)), default=0.0, doc=ROTATE_DOC)
    when: Condition | None = spec(ConditionType(), doc=CONDITION_DOC)

    def draw(
        self, painter: ElementPainter, values: Any, palette: Palette, box: Rect, ink: Ink
    ) -> None:
        """Draw the element in `box` (PDF points, turned already) on `painter`'s canvas, its
        properties bound to the piece's `values`, in a saved state the painter restores; `ink`
        is its `colour:` or the face's ink. MissingValue leaves the element out."""
        raise NotImplementedError(f"the {self.kind} element kind draws nothing")

    def ground(self) -> bool:
        """Whether the element is a ground (a fill, a texture) that, covering the whole trim,
        reaches the bleed as the piece's own colour does (`in_bleed`)."""
        return False

    def placeholder_texts(self) -> Iterator[tuple[str, str]]:
        """(key, text) of each text the element fills from a piece's fields."""
        for key in self.text_keys:
            text = getattr(self, key)
            if text:
                yield key, text

    def icons(self) -> list[tuple[str, str]]:
        """(key, name) of each icon the element names by its `icon_keys` (templates)."""
        return [(key, name) for key in self.icon_keys if (name := getattr(self, key))]

    def images(self) -> list[str]:
        """The picture files the element names (templates: they may use {field})."""
        if not self.image_keys:  # most kinds name none: asked for every card drawn
            return []
        return [name for name in (getattr(self, key) for key in self.image_keys) if name]

    def problems(self, place: str) -> Iterator[tuple[str | None, str]]:
        """(key, or None for the whole element; the message) for what the kind's keys must
        satisfy together beyond each key's type (a table needs rows), the element being at
        `place` (in words: "kind 'x'")."""
        return iter(())


@fieldwise(kw_only=True)
class Worded(Element):
    """An element that fits text in its box: the least size its text may shrink to."""

    min_size: float | None = spec(
        FromField(Length(1, 100)), doc="smallest font size (default: the deck's min_text_size)"
    )


@fieldwise(kw_only=True)
class Sized(Worded):
    """An element whose text has a largest size of its own."""

    size: float | Percent = spec(FromField(SizeLength(1, 100)), default=mm(3.5), doc=SIZE_DOC)


def text_key(doc: str = TEXT_DOC) -> Any:
    return spec(Str(0, 500), doc=doc)


def font_key() -> Any:
    return spec(FromField(Choice(FONT_ROLES)), default="body", doc=FONT_DOC)


def colour_key(doc: str = "text colour (default: the ink)") -> Any:
    return spec(FromField(Color()), doc=doc)


def caption_key(doc: str = CAPTION_DOC) -> Any:
    return spec(Str(0, 60), doc=doc)


def field_key(doc: str) -> Any:
    return spec(Id(), doc=doc)


def align_key() -> Any:
    return spec(
        FromField(Choice(("left", "centre", "right"))), default="centre", doc="how text lines align"
    )


def max_lines_key() -> Any:
    return spec(FromField(Int(1, 50)), default=20, doc="most lines the text may wrap to")


def valign_key() -> Any:
    return spec(FromField(Choice(VALIGNS)), default="middle", doc=VALIGN_DOC)


def fill_key(doc: str) -> Any:
    return spec(FromField(Color()), doc=doc)


def line_width_key(doc: str) -> Any:
    return spec(FromField(Length(0.05, 20)), default=0.8, doc=doc)


def spacing_key(doc: str) -> Any:
    return spec(FromField(Length(0.5, 50)), default=mm(2.4), doc=doc)


@fieldwise(kw_only=True)
class Lettered(Sized):
    """An element that is mainly one text: its words, typeface, colour and how they sit (the
    painter draws a plain one, a title or a text, from its measure: draw/elements.PlainText)."""

    text: str | None = text_key()
    font: str = font_key()
    align: str = align_key()
    colour: str | None = colour_key()
    max_lines: int = max_lines_key()
    valign: str = valign_key()


K = TypeVar("K", bound=type[Element])


def element_kind(name: str, doc: str) -> Callable[[K], K]:
    """Class decorator (above `@dataclass(kw_only=True)`) that makes an Element subclass the
    kind `element: name`: its `Record` (keys in the docs' order, `element` one of `name`), the
    properties that take placeholders, and `doc`, the line that says what it draws."""

    def make(cls: K) -> K:
        fields = schema_fields(cls)
        own = [k for k in fields if k not in HEAD_KEYS + TAIL_KEYS]
        known = [k for k in KEY_ORDER if k in own]
        keys = (*HEAD_KEYS, *known, *(k for k in own if k not in known), *TAIL_KEYS)
        record(f"{name} element", keys=keys, check=_set_aside, doc=doc)(cls)
        made = record_of(cls)
        tag = Field(Choice((name,)), required=True, doc=f"{name}: {doc}")
        setattr(cls, RECORD, replace(made, fields={**made.fields, "element": tag}))
        cls.kind, cls.kind_doc = name, doc
        cls.style_types = {
            key: f.type.inner for key, f in made.fields.items() if isinstance(f.type, FromField)
        }
        cls.style_defaults = {key: made.fields[key].default for key in cls.style_types}
        return cls

    return make


# -- the registry -----------------------------------------------------------------------------

JSON_DEF = "face-element"  # the name of a face element's definition in a JSON Schema's $defs
ELEMENTS_PACKAGE = "printkit.elements"  # its BUILTIN_KINDS: kind name -> module, in docs order


def _no_kind(name: str) -> type[Element] | None:
    return None


class KindsInUse(NamedTuple):
    """The element kinds a kit's faces may use besides the built-in ones: its game's, and those
    installed packages give (found by name only when a face names one, `installed`; all of
    them, `every_installed`, for JSON Schemas and messages): printkit/plugins.py's."""

    kinds: tuple[type[Element], ...] = ()
    installed: Callable[[str], Any] = _no_kind
    every_installed: Callable[[], tuple[Any, ...]] = tuple


NO_MORE_KINDS = KindsInUse()  # outside a kit: the built-in kinds alone (frozen: shared safely)
_IN_USE: ContextVar[KindsInUse] = ContextVar("element_kinds", default=NO_MORE_KINDS)


@cache
def _builtin_modules() -> dict[str, str]:
    table: dict[str, str] = importlib.import_module(ELEMENTS_PACKAGE).BUILTIN_KINDS
    return table


def _builtin(name: str) -> type[Element]:
    module = importlib.import_module(f"{ELEMENTS_PACKAGE}.{_builtin_modules()[name]}")
    kinds: tuple[type[Element], ...] = module.KINDS
    return next(k for k in kinds if k.kind == name)


def find_kind(name: str) -> type[Element] | None:
    """The element kind `element: name` names: built in (printkit/elements/, imported the first
    time it is needed), else one of the kinds in use (`kinds_in_use`: the kit's game's)."""
    if name in _builtin_modules():
        return _builtin(name)
    in_use = _IN_USE.get()
    own = next((k for k in in_use.kinds if k.kind == name), None)
    if own is not None:
        return own
    installed = in_use.installed(name)
    return installed if isinstance(installed, type) and issubclass(installed, Element) else None


def element_kinds() -> list[type[Element]]:
    """Every element kind a face may use now: built in (in the docs' order), then those in use."""
    builtin = [_builtin(name) for name in _builtin_modules()]
    in_use = _IN_USE.get()
    more = [*in_use.kinds, *(k for k in in_use.every_installed() if isinstance(k, type))]
    out, names = builtin, set(_builtin_modules())
    for kind in more:
        if issubclass(kind, Element) and kind.kind not in names:
            out.append(kind)
            names.add(kind.kind)
    return out


@contextmanager
def kinds_in_use(
    kinds: Iterable[type[Element]],
    installed: Callable[[str], Any] = _no_kind,
    every_installed: Callable[[], tuple[Any, ...]] = tuple,
) -> Iterator[None]:
    """Faces validated (and JSON Schemas written) inside may also use `kinds`, the kit's game's
    own element kinds, and those installed packages give (`KindsInUse`): the kit gives them
    around loading a component and writing its schema, so that a kind one game adds is known to
    that game's kits only."""
    token = _IN_USE.set(KindsInUse(tuple(kinds), installed, every_installed))
    try:
        yield
    finally:
        _IN_USE.reset(token)


@fieldwise
class ElementType(Tags):
    """A face element: a map whose `element:` names its kind, validated by that kind's record."""

    shape: ClassVar[Shape] = "map"
    doc: str = ""

    def validate(self, value: Any, ctx: Context, path: PathKey) -> Any:
        if not isinstance(value, dict):
            ctx.error(
                path, f"{key_name(path)} must be {self.describe()}; got {describe_found(value)}"
            )
            return None
        name = value.get("element")
        if name is None:
            ctx.error(
                path, f"{path_name((*path, 'element'))} is required but missing ({self._names()})"
            )
            return None
        try:
            kind = find_kind(str(name))
        except LookupError as exc:  # an installed package's kind that cannot be loaded
            ctx.error((*path, "element"), str(exc))
            return None
        if kind is None:
            names = [k.kind for k in element_kinds()]
            close = close_matches(str(name), names, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            ctx.error(
                (*path, "element"), f"element must be one of {', '.join(names)}{hint}; got {name!r}"
            )
            return None
        return record_of(kind).validate(value, ctx, path)

    def tags(self) -> tuple[str, ...]:
        return tuple(k.kind for k in element_kinds())

    def knows(self, name: str) -> bool:
        try:
            return find_kind(name) is not None
        except LookupError:  # an installed kind that cannot be loaded: validate() says why
            return True

    def _names(self) -> str:
        return "one of " + ", ".join(self.tags())

    def kinds(self) -> list[Record]:
        """The record of every kind in use (docs/data-format.md's tables, Tagged's options)."""
        return [record_of(k) for k in element_kinds()]

    def describe(self) -> str:
        return f"a map (a face element: `element:` {self._names()})"

    def json(self) -> dict[str, Any]:
        """One of the kinds in use (a schema document keeps it once, in its `$defs`:
        `shared_defs`)."""
        return {"oneOf": [r.json() for r in self.kinds()]}


def shared_defs(document: dict[str, Any]) -> dict[str, Any]:
    """`document` (a JSON Schema) with every face element's definition kept once, in its
    `$defs`, and referred to where a face lists its elements: a deck's file has several faces."""
    definition = ELEMENT.json()
    ref = {"$ref": f"#/$defs/{JSON_DEF}"}
    found = False

    def swap(node: Any) -> Any:
        nonlocal found
        if isinstance(node, dict):
            if node == definition:
                found = True
                return ref
            return {key: swap(value) for key, value in node.items()}
        if isinstance(node, list):
            return [swap(item) for item in node]
        return node

    out: dict[str, Any] = swap(document)
    if found:
        out["$defs"] = {JSON_DEF: definition}
    return out


def bind_element(element: E, values: Any) -> E:
    """The element one piece draws: its placeholders in properties filled from `values`
    (model/fromdata.py: MissingValue, BadFieldValue)."""
    bound: E = bind(element, values, type(element).style_types)
    return bound


def element_fields(element: Element) -> set[str]:
    """Every piece field the element reads: placeholders in its texts and properties, its
    `when:` condition, its table's cells (the keys that name a field outright are checked on
    their own)."""
    names = {n for _, text in element.placeholder_texts() for n in named_fields(text)}
    names.update(n for t in templates(element).values() for n in named_fields(t))
    if element.when is not None:
        names |= element.when.names()
    return names


ELEMENT = ElementType(doc="a face element")
BACK_KEYS = (
    "colour", "ink", "accent", "pattern", "pattern_colour", "pattern_spacing", "pattern_width",
    "face", "title", "subtitle",
)  # fmt: skip
TITLE_DOC = (
    "a shorthand: a line near the lower edge, printed again upside down at the top, in the ink, "
    "after the face elements"
)


@record("back", keys=BACK_KEYS)
@fieldwise
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
    kind: Any = find_kind("text")  # built in: printkit/elements/text.py
    made: Element = kind(
        element="text", box=box, text=text, font=role, size=size, align="centre", colour=ink,
        max_lines=1, rotate=rotate,
    )  # fmt: skip
    return made


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


class Areas(NamedTuple):
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
    if not element.ground() or element.within != "trim" or element.rotate:
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
