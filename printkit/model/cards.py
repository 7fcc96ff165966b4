"""Cards: the model every component type with cards gives (`has_cards`: its model is a `Deck`),
which card previews, deck reports, card exports and a game's deal read: the card size, kinds
(colour, label, face layout), backs, declared fields, cards. The deck type
(printkit/components/deck/) loads it from a deck file; printkit/api.py re-exports it.

A deck file declares its own card fields (e.g. speed, turn) with types and ranges, so the
engine stays generic: the same schema validates the cards and describes them to editors.

Each @record dataclass is also the schema of its part of the file (load/records.py); a card's
declared fields are added at run time (`card_schema`) and gathered in its `values`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from operator import attrgetter
from typing import Any, NoReturn

from printkit.core import limits
from printkit.core.fieldwise import fieldwise
from printkit.layout.countersheet import RowLayout
from printkit.layout.shapes import Shape
from printkit.layout.sizes import CARD, Size
from printkit.layout.units import mm
from printkit.load.images import KitImage
from printkit.load.records import record, record_of, schema_fields, spec
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
from printkit.model.edges import EDGES, EdgesSpec
from printkit.model.face import BACK, ELEMENT, Areas, Back, Element, plain_back
from printkit.model.generated import GENERATE, Generator
from printkit.model.shape import SHAPE, SHAPE_KINDS_DOC, ShapeSpec, as_shape, sized

__all__ = ["Element"]

FIELD_TYPE_DOC = (
    "number (may have decimals), integer, text, choice (one of `choices`) or flag (true/false)"
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


# what JSON Schema can say of field_decl_problems (not that min <= max: it compares no two keys)
FIELD_DECL_JSON_RULES: tuple[dict, ...] = (
    {
        "if": {"properties": {"type": {"const": "choice"}}, "required": ["type"]},
        "then": {
            "required": ["choices"],
            "properties": {"choices": {"type": "array", "minItems": 1}},
        },
    },
    {
        "if": {"properties": {"type": {"not": {"const": "choice"}}}},
        "then": {"properties": {"choices": {"maxItems": 0}}},
    },
    {
        "if": {"properties": {"type": {"enum": ["text", "choice", "flag"]}}},
        "then": {"properties": {"min": {"type": "null"}, "max": {"type": "null"}}},
    },
)


# Points: text below this may be too small to read (a deck's default `min_text_size`; `check`
# warns of smaller text on every other component type, build/drawchecks.py).
MIN_TEXT_SIZE = 6.0


@record("field declaration", check=_check_field_decl, json_rules=FIELD_DECL_JSON_RULES)
@fieldwise
class FieldDecl:
    type: str = spec(
        Choice(("number", "integer", "text", "choice", "flag")),
        required=True,
        doc=FIELD_TYPE_DOC,
    )
    min: float | None = spec(Number(), doc="smallest allowed value (number and integer fields)")
    max: float | None = spec(Number(), doc="largest allowed value (number and integer fields)")
    choices: list[str | float] = spec(
        ListOf(Either((Str(1, 40), Number()))),
        default=list,
        doc="the allowed values of a choice field",
    )
    unit: str = spec(Str(0, 12), default="", doc="the unit, for reports and docs (e.g. in, deg)")
    doc: str = spec(Str(0, 300), default="", doc="what the field means, for editors and docs")
    required: bool = spec(Bool(), default=False, doc="true: every card must give this field")


LABEL_INK_DOC = (
    "the colour of text on the kind's colour (header, band captions); default: the paper "
    "colour. Use a dark ink on a light kind colour"
)


@record("card kind")
@fieldwise(kw_only=True)
class Kind:
    label: str = spec(Str(1, 40), required=True, doc="printed on every card of this kind")
    colour: str = spec(Color(), required=True, doc="the kind's frame colour")
    ink: str = spec(Color(), default="#1d1a16", doc="the colour of text on the card")
    paper: str = spec(Color(), default="#f7f0e1", doc="the colour inside the frame")
    # text on the kind's colour; None: the paper colour
    label_ink: str | None = spec(Color(), doc=LABEL_INK_DOC)
    pattern: str = spec(
        Choice(("plain", "dots", "stripes", "stars")),
        default="plain",
        doc="a texture on the frame, so kinds differ in greyscale too",
    )
    face: list[Element] = spec(
        ListOf(ELEMENT, 1, limits.MAX_FACE_ELEMENTS),
        required=True,
        doc="what is drawn on the face, in order",
    )
    # the kind's own back; None: the deck's
    back: Back | None = spec(BACK, doc="this kind's own back (default: the deck's back)")
    edges: EdgesSpec | None = spec(
        EDGES,
        doc="for tiles: the fields that hold each edge's value and how each value is drawn (a "
        "wall, a door mid-edge, a road to the centre), under the face's elements",
    )

    @property
    def on_colour(self) -> str:
        return self.label_ink or self.paper


CARD_ATTRIBUTES = ("id", "kind", "count", "title", "text", "marker", "source")
SOURCES = (
    "seed",
    "ours",
)  # where a card's rules come from: the game's, or the kit's own  # the rest: Card.values


@record("card", extra="values")
@fieldwise(slots=True)
class Card:
    """A card design; `count` copies of it are printed. `values` holds the declared fields.

    Slotted (a deck has thousands): the positions it was read from are its one `_source`
    (load/sources.py), looked up only when a message asks."""

    id: str = spec(Id(), required=True, doc="unique card id")
    kind: str = spec(Id(), required=True, doc="one of the deck's kinds")
    count: int = spec(
        Int(1, limits.MAX_COUNT_PER_CARD), default=1, doc="how many copies are printed"
    )
    title: str | None = spec(Str(1, 60), doc="the card's name, shown by `{title}` placeholders")
    text: str | None = spec(
        Str(1, 600), doc="the card's rules text, shown by `{text}` placeholders"
    )
    tags: list[str] = spec(
        ListOf(Id()), default=list, doc="for variants: keep, drop or mark by tag"
    )
    source: str | None = spec(
        Choice(SOURCES),
        doc="ours: this card's rules text or values are the kit's own, not the game's (a "
        "discreet mark prints on it); seed: the game's (default: the deck's `source`)",
    )
    values: dict[str, Any] = field(default_factory=dict)
    marker: str | None = None
    _source: Any = field(default=None, init=False, repr=False, compare=False)

    def __init__(  # noqa: PLR0913  (the card's fields, as @dataclass would take them)
        self,
        id: str,
        kind: str,
        count: int = 1,
        title: str | None = None,
        text: str | None = None,
        tags: list[str] | None = None,
        source: str | None = None,
        values: dict[str, Any] | None = None,
        marker: str | None = None,
    ) -> None:
        # its own, not the shared one (core/fieldwise.py): a deck has thousands; a list or
        # dict not given is a new empty one, as the fields' defaults say
        self.id = id
        self.kind = kind
        self.count = count
        self.title = title
        self.text = text
        self.tags = [] if tags is None else tags
        self.source = source
        self.values = {} if values is None else values
        self.marker = marker
        self._source = None

    def get(self, name: str) -> Any:
        if name in CARD_ATTRIBUTES:
            return getattr(self, name)
        return self.values.get(name)


BASE_CARD_FIELDS: dict[str, Field] = schema_fields(Card)


def _refused(what: str, holder: str, own: str) -> Callable[..., NoReturn]:
    """A method that would change a shared empty: it raises, saying what to do instead."""

    def refuse(self: object, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError(
            f"this card's {what} cannot change in place: {holder} that every such card "
            f"shares; give it its own ({own})"
        )

    return refuse


class SharedEmptyTags(list):
    """The one empty `tags` every card without tags holds (a deck has thousands). It is a
    list and reads as `[]`; whatever would add to it raises TypeError, so no plug-in can
    change every card at once through it (`card.tags = [...]` gives one card its own)."""

    __slots__ = ()
    append = extend = insert = __setitem__ = __iadd__ = _refused(
        "tags", "a card without tags holds the one empty list", "card.tags = [...]"
    )


class SharedEmptyValues(dict):
    """The one empty `values` every card that gives no declared field holds: a dict that reads
    as `{}`, to which nothing can be added (`card.values = {...}` gives one card its own)."""

    __slots__ = ()
    __setitem__ = setdefault = update = __ior__ = _refused(
        "values",
        "a card that gives no declared field holds the one empty map of values",
        "card.values = {...}",
    )


# about 120 bytes a card fewer than an empty list and dict of each card's own
NO_VALUES: dict[str, Any] = SharedEmptyValues()
NO_TAGS: list[str] = SharedEmptyTags()


def keep_declared(cards: list[Card], fields: dict[str, FieldDecl]) -> None:
    """Keep in each card's `values` the deck's declared fields it gives (its own fields, or
    the value of a base field the deck declares), in declaration order; which declared names
    are base fields is found once for the deck. A card with no values, or no tags, is given
    the shared empty one (NO_VALUES, NO_TAGS), which nothing can add to."""
    declared = [(name, name in BASE_CARD_FIELDS) for name in fields]
    for card in cards:
        own = card.values
        kept = {}
        for name, base in declared:
            value = own[name] if name in own else getattr(card, name) if base else None
            if value is not None:
                kept[name] = value
        card.values = kept or NO_VALUES
        if not card.tags:
            card.tags = NO_TAGS


@record("card size")
@fieldwise(frozen=True, kw_only=True)
class CardSize(Size):
    width: float = spec(Length(10, 600), required=True, doc="the trimmed width")
    height: float = spec(Length(10, 600), required=True, doc="the trimmed height")


def _card_size_from(value: Any) -> Size:
    if isinstance(value, str):
        return CARD[value]
    return Size(value.width, value.height)


CARD_SIZE = Either(
    (Choice(tuple(CARD), doc="a named size"), record_of(CardSize)),
    doc="poker (63 x 88 mm), bridge, mini, tarot, square, or {width, height}",
)

TABLE_FILE = Str(5, 255, doc="a spreadsheet in the kit folder: cards.csv, cards.xlsx or cards.ods")


@record("card table")
@fieldwise(kw_only=True)
class CardTable:
    file: str = spec(TABLE_FILE, required=True, doc="the spreadsheet, in the kit folder")
    sheet: str | None = spec(Str(1, 100), doc="the workbook sheet to read (default: the first)")


FIELD_DECL: Record = record_of(FieldDecl)
KIND: Record = record_of(Kind)
TABLE_SOURCE: Record = record_of(CardTable)


def _cards_type(card: Record) -> Type:
    """The `cards:` key: a list of `card` records, or a spreadsheet that holds them."""
    return Either((ListOf(card, 0, limits.MAX_CARDS_PER_DECK), TABLE_FILE, TABLE_SOURCE))


def edge(max_mm: float, default: float, doc: str) -> Any:
    """A width in from the card's edge: a length, 0 allowed."""
    return spec(Length(0, max_mm, allow_zero=True), default=default, doc=doc)


CARDS_DOC = (
    "the card designs, each printed `count` times: a list, or a spreadsheet (.csv, .xlsx, .ods, "
    "or an https link to a published CSV: docs/design-loop.md) whose header row names the card "
    "fields; at least one card, here or made by `generate`"
)


GENERATE_DOC = (
    "more cards, made as the product of value lists (ranks x suits), each with fields of its "
    "own; added after the cards written out (see docs/data-format.md, Generated cards)"
)
SIDES_DOC = (
    "2: every card has a back, printed behind its front; 1: fronts only (maps, player aids, "
    "charts): no back pages, and the back keys are not used"
)


def _check_has_cards(deck: Deck, ctx: Context, path: PathKey) -> None:
    if not deck.cards:
        ctx.error(
            path,
            "a deck needs at least one card: list them under `cards:` (or name a spreadsheet "
            "there), or make them with `generate:`",
        )
    oob = deck.order_of_battle
    if oob is not None and oob.group_by not in (*CARD_ATTRIBUTES, *deck.fields):
        ctx.error(
            (*path, "order_of_battle", "group_by"),
            f"order_of_battle groups by {oob.group_by!r}, which is no field of this deck's "
            f"cards; it has: {', '.join([*CARD_ATTRIBUTES, *deck.fields])}",
        )
    layout = deck.sheet_layout
    if layout is not None and layout.group_by not in (*CARD_ATTRIBUTES, *deck.fields):
        known = ", ".join([*CARD_ATTRIBUTES, *deck.fields])
        ctx.error(
            (*path, "sheet_layout", "group_by"),
            f"sheet_layout groups by {layout.group_by!r}, which is no field of this deck's "
            f"cards; it has: {known}",
        )


# what JSON Schema can say of _check_has_cards: without `generate`, `cards` lists at least one
# (an empty `cards:` reads as null, which is no card either)
HAS_CARDS_JSON_RULES: tuple[dict, ...] = (
    {
        "if": {"not": {"required": ["generate"]}},
        "then": {
            "required": ["cards"],
            "properties": {"cards": {"minItems": 1, "not": {"type": "null"}}},
        },
    },
)


@record("sheet layout")
@fieldwise(kw_only=True)
class SheetLayout:
    """A counter sheet laid out as a wargame's (home sheets): rows grouped by a field, in a set
    order, a gutter between groups, and optionally folded over for one-sided printers."""

    group_by: str = spec(
        Id(), default="kind", doc="the card field whose value groups the rows (a side, a formation)"
    )
    order: list[str] = spec(
        ListOf(Str(1, 80), 0, 200),
        default=list,
        doc="the groups' order, by value (groups not named follow in the deck's order)",
    )
    gutter: float = spec(
        Length(0, 50, allow_zero=True), default=mm(3), doc="extra space before each new group"
    )
    fold: bool = spec(
        Bool(),
        default=False,
        doc="fold-over: fronts on the left half of a landscape sheet, each back mirrored on the "
        "right half, for printers that print one side; fold along the dashed line and glue",
    )


@record("order of battle")
@fieldwise(kw_only=True)
class OrderOfBattle:
    """A chart of the deck's designs, each drawn once at its size with the number printed,
    under a heading per group (a side): <deck>-oob.pdf beside the deck's PDF."""

    title: str = spec(Str(1, 80), default="Order of battle", doc="the chart's heading")
    group_by: str = spec(
        Id(), default="kind", doc="the card field whose value heads each section (a side)"
    )
    order: list[str] = spec(
        ListOf(Str(1, 80), 0, 200), default=list, doc="the sections' order, by value"
    )


@record("deck", check=_check_has_cards, json_rules=HAS_CARDS_JSON_RULES)
@fieldwise(kw_only=True)
class Deck:
    card_size: str | CardSize = spec(CARD_SIZE, default="poker")
    shape: str | ShapeSpec = spec(
        SHAPE,
        default="rectangle",
        doc="the outline the cards are cut along, filling card_size: "
        + SHAPE_KINDS_DOC
        + " (an `across` gives the card's size instead of card_size)",
    )
    frame_width: float = edge(
        20, mm(2.6), "the coloured frame between the card edge and the face panel"
    )
    corner_radius: float = edge(
        20,
        mm(2),
        "rounding of the face panel's corners (cards are cut square; round them with a corner "
        "punch)",
    )
    min_text_size: float = spec(
        Length(1, 50),
        default=MIN_TEXT_SIZE,
        doc="text never shrinks below this; text that cannot fit at it is an error",
    )
    safe_margin: float = edge(
        30,
        mm(4),
        "the safe area's distance inside the trim (boxes with `within: safe`); below 3 mm it is "
        "also how near the trim `check` lets text come (PK001), for small counters",
    )
    min_image_dpi: float = spec(
        Number(1, 2400),
        default=200.0,
        doc="images printed at fewer pixels per inch than this are a `check` warning",
    )
    icon_files: dict[str, str] = spec(
        MapOf(Str(1, 255)),
        default=dict,
        key="icons",
        doc="icon name -> a PNG, JPEG or SVG file in the kit folder; used by `icon:` elements "
        "and `{icon:name}` in text like the built-in icons",
    )
    fields: dict[str, FieldDecl] = spec(
        MapOf(FIELD_DECL), default=dict, doc="the card fields this deck uses"
    )
    kinds: dict[str, Kind] = spec(
        MapOf(KIND, min_items=1),
        required=True,
        doc="kind name -> its label, colours and face layout",
    )
    back: Back = spec(
        BACK,
        default=plain_back,
        doc="the back shared by every card (a kind may have its own): a ground colour, a texture "
        "and face elements",
    )
    sides: int = spec(Choice((1, 2)), default=2, doc=SIDES_DOC)
    source: str | None = spec(
        Choice(SOURCES),
        doc="ours: the cards' rules text and values are the kit's own, not the game's (each "
        "card prints a discreet mark and each sheet a one-line legend; a card's own `source` "
        "overrides); seed or none: the game's",
    )
    order_of_battle: OrderOfBattle | None = spec(
        record_of(OrderOfBattle),
        doc="also print <deck>-oob.pdf: each design once, at size, with its count, by side",
    )
    sheet_layout: SheetLayout | None = spec(
        record_of(SheetLayout),
        doc="home sheets laid out as a wargame's counter sheet: rows by group, gutters, fold-over",
    )
    cards: list[Card] = spec(_cards_type(record_of(Card)), default=list, doc=CARDS_DOC)
    generate: list[Generator] = spec(GENERATE, default=list, doc=GENERATE_DOC)
    # not keys of the file: filled in by the loader (components/deck)
    size: Size = field(default=CARD["poker"], init=False)  # the card_size as a Size
    file: str = ""
    sheet: str = ""  # the spreadsheet its cards come from (relative to the kit), if any
    images: dict[str, KitImage] = field(default_factory=dict)  # relative path -> its image
    icons: Any = None  # draw.icons.IconLibrary: the built-in icons and the deck's own

    def __post_init__(self) -> None:
        if self.card_size is not None:  # None: a wrong size, which validation reports
            self.size = _card_size_from(self.card_size)
        across = sized(self.shape)
        if across is not None:
            self.size = across

    def cut(self) -> Shape:
        """The outline the cards are cut along."""
        return as_shape(self.shape)

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

    def sheet_copies(self) -> list[Card]:
        """Every printed card in the order its home sheets print them: the deck's order, or
        grouped as `sheet_layout` says (its `order` first, then the other groups as met)."""
        copies = self.copies()
        layout = self.sheet_layout
        if layout is None:
            return copies
        keys = [self.group_of(card) for card in copies]
        rank = {value: i for i, value in enumerate(layout.order)}
        first: dict[str, int] = {}
        for key in keys:
            first.setdefault(key, len(rank) + len(first))
        order = sorted(range(len(copies)), key=lambda i: rank.get(keys[i], first[keys[i]]))
        return [copies[i] for i in order]

    def group_of(self, card: Card) -> str:
        """The card's row group on a counter sheet: its value of `sheet_layout.group_by`."""
        field_name = self.sheet_layout.group_by if self.sheet_layout else "kind"
        value = card.get(field_name)
        return "" if value is None else str(value)

    def rows(self, copies: list[Card]) -> RowLayout | None:
        """How `copies` (sheet_copies()) fill a counter sheet's rows, or None for the densest
        grid."""
        layout = self.sheet_layout
        if layout is None:
            return None
        keys = tuple(self.group_of(card) for card in copies)
        return RowLayout(keys, layout.gutter, layout.fold)

    def data_items(self) -> list[Card]:
        """The items a data check reads (checks/data_items.ItemModel): the cards."""
        return self.cards

    def own(self, card: Card) -> bool:
        """Whether a card's rules text or values are the kit's own (`source: ours`, the card's
        or else the deck's), marked so on paper."""
        return (card.source or self.source) == "ours"

    def item_reader(self, field_name: str) -> Callable[[Card], Any]:
        """Reads a card's field, a declared one included (None when the card has none)."""
        if field_name in CARD_ATTRIBUTES:
            return attrgetter(field_name)
        return lambda card: card.values.get(field_name)


@fieldwise
class TextChoice(Choice):
    """A declared choice field: its choices are read as text (`choices: [A, 2, 3]` holds "2"),
    so a card's unquoted number `2` is the choice "2"."""

    def convert(self, value: Any, ctx: Any, path: Any) -> Any:
        if isinstance(value, int | float) and not isinstance(value, bool):
            text = f"{value:g}" if isinstance(value, float) else str(value)
            if text in self.values:
                return text
        return super().convert(value, ctx, path)


def declared_type(decl: FieldDecl) -> Type:
    """The schema type a deck's field declaration stands for."""
    if decl.type == "number":
        return Number(decl.min, decl.max, decl.unit, decl.doc)
    if decl.type == "integer":
        lo = int(decl.min) if decl.min is not None else None
        hi = int(decl.max) if decl.max is not None else None
        return Int(lo, hi, decl.doc)
    if decl.type == "choice":
        return TextChoice(tuple(decl.choices), decl.doc)
    if decl.type == "flag":
        return Bool(decl.doc)
    return Str(1, 600, doc=decl.doc)


def card_schema(fields: dict[str, FieldDecl], kinds: tuple[str, ...]) -> Record:
    """A card of a deck that declares `fields` and `kinds`; the declared fields go to `values`."""
    declared = {
        name: Field(declared_type(d), required=d.required, doc=d.doc)
        for name, d in fields.items()
        if name not in BASE_CARD_FIELDS
    }
    kind = Field(Choice(kinds), required=True, doc="one of the deck's kinds")
    return record_of(Card).with_fields({"kind": kind, **declared})


def deck_schema(fields: dict[str, FieldDecl] | None = None, kinds: tuple[str, ...] = ()) -> Record:
    """The deck file's schema. Cards are checked against the fields the file declares."""
    if fields is None:
        return record_of(Deck)
    cards = _cards_type(card_schema(fields, kinds))
    return record_of(Deck).with_fields({"cards": Field(cards, default=list, doc=CARDS_DOC)})
