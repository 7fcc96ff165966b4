"""Decks of cards: the card size, kinds (colour, label, face layout), backs, declared fields, cards.

A deck file declares its own card fields (e.g. speed, turn, drift) with types and ranges, so the
engine stays generic: the same schema validates the cards and describes them to editors.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from printkit import limits
from printkit.layout.sizes import CARD, Size
from printkit.layout.units import mm
from printkit.load.schema import (
    Bool,
    Choice,
    Color,
    Context,
    Either,
    Field,
    Id,
    Int,
    Length,
    ListOf,
    MapOf,
    Number,
    Record,
    Str,
    Type,
)
from printkit.load.yamlsafe import PathKey
from printkit.model.face import BACK, ELEMENT, ELEMENT_TYPES, Areas, Back, Element, plain_back

__all__ = ["ELEMENT_TYPES", "Element"]


@dataclass
class FieldDecl:
    type: str
    min: float | None
    max: float | None
    choices: list
    unit: str
    doc: str
    required: bool


@dataclass
class Kind:
    label: str
    colour: str
    ink: str
    paper: str
    pattern: str
    face: list[Element]
    label_ink: str | None = None  # text on the kind's colour; None: the paper colour
    back: Back | None = None  # the kind's own back; None: the deck's

    @property
    def on_colour(self) -> str:
        return self.label_ink or self.paper


@dataclass
class Card:
    """A card design; `count` copies of it are printed. `values` holds the declared fields."""

    id: str
    kind: str
    count: int
    title: str | None = None
    text: str | None = None
    tags: list[str] = field(default_factory=list)
    values: dict[str, Any] = field(default_factory=dict)
    marker: str | None = None

    def get(self, name: str) -> Any:
        if name in ("id", "kind", "count", "title", "text", "marker"):
            return getattr(self, name)
        return self.values.get(name)


@dataclass
class Deck:
    size: Size
    min_text_size: float
    corner_radius: float
    frame_width: float
    fields: dict[str, FieldDecl]
    kinds: dict[str, Kind]
    back: Back
    cards: list[Card]
    file: str = ""
    safe_margin: float = mm(4)
    icon_files: dict[str, str] = field(default_factory=dict)  # icon name -> file in the kit
    images: dict[str, Any] = field(default_factory=dict)  # path -> load.images.KitImage
    icons: Any = None  # draw.icons.IconLibrary: the built-in icons and the deck's own
    min_image_dpi: float = 200.0

    def areas(self) -> Areas:
        """The trim, safe area and panel that face boxes are measured in."""
        return Areas(self.size.width, self.size.height, self.safe_margin, self.frame_width)

    def backs(self) -> dict[str, Back]:
        """Every back design by form name: 'back' (the deck's), 'back-<kind>' (a kind's own)."""
        out = {"back": self.back}
        out.update({f"back-{k}": kind.back for k, kind in self.kinds.items() if kind.back})
        return out

    @property
    def total(self) -> int:
        return sum(c.count for c in self.cards)

    def copies(self) -> list[Card]:
        """Every printed card in deck order (a card with count 3 appears three times)."""
        return [card for card in self.cards for _ in range(card.count)]


def _card_size_from(value: Any) -> Size:
    if isinstance(value, str):
        return CARD[value]
    return Size(value.width, value.height)


CARD_SIZE = Either(
    (
        Choice(tuple(CARD), doc="a named size"),
        Record(
            "card size",
            {
                "width": Field(Length(10, 600), required=True, doc="the trimmed width"),
                "height": Field(Length(10, 600), required=True, doc="the trimmed height"),
            },
        ),
    ),
    doc="poker (63 x 88 mm), bridge, mini, tarot, square, or {width, height}",
)


def field_decl_problems(decl: FieldDecl) -> list[tuple[str, str]]:
    """(key, message) for each way a field declaration contradicts itself."""
    problems: list[tuple[str, str]] = []
    if decl.type == "choice" and not decl.choices:
        problems.append(("type", "a choice field needs 'choices: [...]', the values it allows"))
    if decl.type != "choice" and decl.choices:
        problems.append(("choices", f"'choices' applies to choice fields; this one is {decl.type}"))
    if decl.min is not None and decl.max is not None and decl.min > decl.max:
        problems.append(("min", f"min {decl.min:g} is larger than max {decl.max:g}"))
    for key in ("min", "max"):
        if getattr(decl, key) is not None and decl.type not in ("number", "integer"):
            problems.append((key, f"'{key}' applies to number and integer fields, not {decl.type}"))
    return problems


def _check_field_decl(decl: FieldDecl, ctx: Context, path: PathKey) -> None:
    for key, message in field_decl_problems(decl):
        ctx.error((*path, key), message)


FIELD_DECL = Record(
    "field declaration",
    {
        "type": Field(
            Choice(("number", "integer", "text", "choice", "flag")),
            required=True,
            doc="number (may have decimals), integer, text, choice (one of `choices`) or flag "
            "(true/false)",
        ),
        "min": Field(Number(), doc="smallest allowed value (number and integer fields)"),
        "max": Field(Number(), doc="largest allowed value (number and integer fields)"),
        "choices": Field(
            ListOf(Either((Str(1, 40), Number()))),
            default=list,
            doc="the allowed values of a choice field",
        ),
        "unit": Field(Str(0, 12), default="", doc="the unit, for reports and docs (e.g. in, deg)"),
        "doc": Field(Str(0, 300), default="", doc="what the field means, for editors and docs"),
        "required": Field(Bool(), default=False, doc="true: every card must give this field"),
    },
    cls=FieldDecl,
    check=_check_field_decl,
)

KIND = Record(
    "card kind",
    {
        "label": Field(Str(1, 40), required=True, doc="printed on every card of this kind"),
        "colour": Field(Color(), required=True, doc="the kind's frame colour"),
        "ink": Field(Color(), default="#1d1a16", doc="the colour of text on the card"),
        "paper": Field(Color(), default="#f7f0e1", doc="the colour inside the frame"),
        "label_ink": Field(
            Color(),
            doc="the colour of text on the kind's colour (header, band captions); default: the "
            "paper colour. Use a dark ink on a light kind colour",
        ),
        "pattern": Field(
            Choice(("plain", "dots", "stripes", "stars")),
            default="plain",
            doc="a texture on the frame, so kinds differ in greyscale too",
        ),
        "face": Field(
            ListOf(ELEMENT, 1, 40), required=True, doc="what is drawn on the face, in order"
        ),
        "back": Field(BACK, doc="this kind's own back (default: the deck's back)"),
    },
    cls=Kind,
)

BASE_CARD_FIELDS = {
    "id": Field(Id(), required=True, doc="unique card id"),
    "kind": Field(Id(), required=True, doc="one of the deck's kinds"),
    "count": Field(Int(1, limits.MAX_COUNT_PER_CARD), default=1, doc="how many copies are printed"),
    "title": Field(Str(1, 60), doc="the card's name, shown by `{title}` placeholders"),
    "text": Field(Str(1, 600), doc="the card's rules text, shown by `{text}` placeholders"),
    "tags": Field(ListOf(Id()), default=list, doc="for variants: keep, drop or mark by tag"),
}


TABLE_FILE = Str(5, 255, doc="a spreadsheet in the kit folder: cards.csv, cards.xlsx or cards.ods")
TABLE_SOURCE = Record(
    "card table",
    {
        "file": Field(TABLE_FILE, required=True, doc="the spreadsheet, in the kit folder"),
        "sheet": Field(Str(1, 100), doc="the workbook sheet to read (default: the first)"),
    },
)


def declared_type(decl: FieldDecl) -> Type:
    """The schema type a deck's field declaration stands for."""
    if decl.type == "number":
        return Number(decl.min, decl.max, decl.unit, decl.doc)
    if decl.type == "integer":
        lo = int(decl.min) if decl.min is not None else None
        hi = int(decl.max) if decl.max is not None else None
        return Int(lo, hi, decl.doc)
    if decl.type == "choice":
        return Choice(tuple(decl.choices), decl.doc)
    if decl.type == "flag":
        return Bool(decl.doc)
    return Str(1, 600, doc=decl.doc)


def card_schema(fields: dict[str, FieldDecl], kinds: tuple[str, ...]) -> Record:
    base = dict(BASE_CARD_FIELDS)
    base["kind"] = Field(Choice(kinds), required=True, doc="one of the deck's kinds")
    extra = {
        name: Field(declared_type(d), required=d.required, doc=d.doc)
        for name, d in fields.items()
        if name not in base
    }
    return Record("card", {**base, **extra})


def deck_schema(fields: dict[str, FieldDecl] | None = None, kinds: tuple[str, ...] = ()) -> Record:
    """The deck file's schema. Cards are checked against the fields the file declares."""
    cards: Type = (
        ListOf(card_schema(fields, kinds), 1, limits.MAX_CARDS_PER_DECK)
        if fields is not None
        else ListOf(Record("card", dict(BASE_CARD_FIELDS)), 1, limits.MAX_CARDS_PER_DECK)
    )
    return Record(
        "deck",
        {
            "card_size": Field(CARD_SIZE, default="poker"),
            "frame_width": Field(
                Length(0, 20, allow_zero=True),
                default=mm(2.6),
                doc="the coloured frame between the card edge and the face panel",
            ),
            "corner_radius": Field(
                Length(0, 20, allow_zero=True),
                default=mm(2),
                doc="rounding of the face panel's corners (cards are cut square; round them "
                "with a corner punch)",
            ),
            "min_text_size": Field(
                Length(1, 50),
                default=6.0,
                doc="text never shrinks below this; text that cannot fit at it is an error",
            ),
            "safe_margin": Field(
                Length(0, 30, allow_zero=True),
                default=mm(4),
                doc="the safe area's distance inside the trim (boxes with `within: safe`)",
            ),
            "min_image_dpi": Field(
                Number(1, 2400),
                default=200.0,
                doc="images printed at fewer pixels per inch than this are a `check` warning",
            ),
            "icons": Field(
                MapOf(Str(1, 255)),
                default=dict,
                doc="icon name -> a PNG, JPEG or SVG file in the kit folder; used by `icon:` "
                "elements and `{icon:name}` in text like the built-in icons",
            ),
            "fields": Field(MapOf(FIELD_DECL), default=dict, doc="the card fields this deck uses"),
            "kinds": Field(
                MapOf(KIND, min_items=1),
                required=True,
                doc="kind name -> its label, colours and face layout",
            ),
            "back": Field(
                BACK,
                default=plain_back,
                doc="the back shared by every card (a kind may have its own): a ground colour, "
                "a texture and face elements",
            ),
            "cards": Field(
                Either((cards, TABLE_FILE, TABLE_SOURCE)),
                required=True,
                doc="the card designs, each printed `count` times: a list, or a spreadsheet "
                "(.csv, .xlsx, .ods) whose header row names the card fields",
            ),
        },
    )
