"""Tokens: groups of same-sized cut pieces (counters, cues...) and player aids with diagrams.

A group has a role (e.g. "pawn") that game checks ask about, a size, a shape, an
emblem, an optional back, and pieces: one colour each, `count` copies, tied to a player colour.
A player aid is a card of headed sections, each with text and an optional move diagram: a small
strip of squares (forward to the right, lanes stacked) showing the moving piece, its path, blockers
and crosses.
"""

from __future__ import annotations

from typing import Any

from printkit.core import limits
from printkit.core.errors import Location
from printkit.core.fieldwise import fieldwise
from printkit.layout.shapes import RECTANGLE, Shape
from printkit.load.records import record, record_of, spec
from printkit.load.schema import (
    Choice,
    Color,
    Id,
    Int,
    Length,
    ListOf,
    MapOf,
    Record,
    Str,
    where,
)
from printkit.model.face import ELEMENT, Element
from printkit.model.fromdata import Scalar
from printkit.model.shape import SHAPE_KINDS_DOC, TOKEN_SHAPE, ShapeSpec, as_shape

CELL = ListOf(Int(0, 20), 2, 2, doc="[lane, square]: lane 0 at the top, square 0 on the left")


PIECE_FIELDS_DOC = (
    "the piece's own values, for its faces' placeholders and conditions (e.g. strength, "
    "reduced, move): name -> a number or text"
)
PIECE_FIELDS = ("label", "colour_id", "colour", "ink", "count")
VALUE = Scalar(200, doc="a number or text")


@record("piece")
@fieldwise(kw_only=True)
class Piece:
    colour_id: str = spec(Id(), required=True, doc="the player colour this piece belongs to")
    label: str = spec(Str(0, 20), default="", doc="text printed on the piece")
    colour: str = spec(Color(), required=True, doc="the piece's colour")
    ink: str = spec(Color(), default="#ffffff", doc="the colour of its text and emblem")
    count: int = spec(Int(1, 100), default=1, doc="how many of this piece are printed")
    fields: dict[str, Any] = spec(MapOf(VALUE), default=dict, doc=PIECE_FIELDS_DOC)

    def get(self, name: str) -> Any:
        """A field a face's placeholders and conditions read: its own, or label, colour_id,
        colour, ink, count."""
        if name in ("label", "colour_id", "colour", "ink", "count"):
            return getattr(self, name)
        return self.fields.get(name)


BACK_FACE_DOC = (
    "instead of label and emblem: face elements, as on a card (boxes measured in the piece; "
    "placeholders and conditions read the piece: {label}, {colour_id}, {colour}, {ink} and its "
    "`fields`), on a darker ground"
)
FACE_DOC = (
    "instead of emblem, label and outline: face elements, as on a card (boxes measured in the "
    "piece; placeholders and conditions read the piece: {label}, {colour_id}, {colour}, {ink} "
    "and its `fields`), on the piece's colour"
)


@record("piece back")
@fieldwise(kw_only=True)
class PieceBack:
    label: str = spec(Str(0, 20), default="", doc="text on the back")
    emblem: str = spec(Str(0, 24), default="", doc="emblem on the back")
    face: list[Element] = spec(
        ListOf(ELEMENT, 0, limits.MAX_FACE_ELEMENTS), default=list, doc=BACK_FACE_DOC
    )


@record("token group")
@fieldwise(kw_only=True)
class Group:
    role: str = spec(Id(), required=True, doc="what the pieces are, for the game's checks")
    width: float = spec(
        Length(5, 200), default=0.0, doc="a piece's width (not needed when `shape` has `across`)"
    )
    height: float = spec(
        Length(5, 200), default=0.0, doc="a piece's height (not needed when `shape` has `across`)"
    )
    shape: str | ShapeSpec = spec(
        TOKEN_SHAPE,
        default="rounded",
        doc="round counters, rounded squares or square counters (the frame of a piece drawn "
        "without `face`, cut square; a `round` piece with a `face` is cut as a disc), or a cut "
        "shape: " + SHAPE_KINDS_DOC,
    )
    emblem: str = spec(Str(0, 24), default="", doc="the pictogram on every piece (an emblem name)")
    caption: str = spec(Str(0, 30), default="", doc="small text on every piece")
    face: list[Element] = spec(
        ListOf(ELEMENT, 0, limits.MAX_FACE_ELEMENTS), default=list, doc=FACE_DOC
    )
    back: PieceBack | None = spec(
        record_of(PieceBack), doc="the other side; default: the same as the front"
    )
    sides: int = spec(
        Choice((1, 2)),
        default=2,
        doc="2: the pieces have a back (`back`, else the front again); 1: fronts only, no back "
        "printed behind them",
    )
    pieces: list[Piece] = spec(
        ListOf(record_of(Piece), 1, 50), required=True, doc="the pieces of this size, by colour"
    )
    source: str | None = spec(
        Choice(("seed", "ours")),
        doc="ours: these pieces are the kit's own rules or values, not the game's (each piece prints "
        "the discreet mark of the kit's own, and its sheet the legend); seed or none: the game's",
    )

    def cut(self) -> Shape:
        """The outline the pieces are cut along: `round` with a face is a disc, the other
        frame styles are cut square."""
        if self.shape == "round":
            return Shape("circle") if self.face else RECTANGLE
        if self.shape in ("rounded", "square"):
            return RECTANGLE
        return as_shape(self.shape)


def cells(doc: str) -> Any:
    """A list of [lane, square] cells of a move diagram."""
    return spec(ListOf(CELL), default=list, doc=doc)


@record("move diagram")
@fieldwise(kw_only=True)
class Diagram:
    lanes: int = spec(Int(1, 8), required=True, doc="tracks drawn in the diagram")
    squares: int = spec(Int(1, 12), required=True, doc="squares drawn along each track")
    mover: list[int] = spec(CELL, required=True, doc="[lane, square] of the moving piece")
    path: list[list[int]] = cells("[lane, square] cells the move passes, in order")
    blockers: list[list[int]] = cells("[lane, square] cells holding other pieces")
    crosses: list[list[int]] = cells("squares struck out (moves lost)")
    forbidden: list[list[int]] = cells("moves never allowed, struck through")
    caption: str = spec(Str(0, 60), default="", doc="text under the diagram")


@record("aid section")
@fieldwise(kw_only=True)
class Section:
    heading: str = spec(Str(1, 40), required=True, doc="the section's heading")
    text: str = spec(Str(1, 400), required=True, doc="what it says")
    diagram: Diagram | None = spec(record_of(Diagram), doc="an optional diagram")


@record("player aid")
@fieldwise(kw_only=True)
class Aid:
    width: float = spec(Length(30, 300), required=True, doc="the aid card's width")
    height: float = spec(Length(30, 300), required=True, doc="the aid card's height")
    count: int = spec(Int(1, 20), default=4, doc="how many aids are printed")
    title: str = spec(Str(0, 40), default="", doc="the heading at the top")
    colour: str = spec(Color(), default="#7a2e1c", doc="the heading band's colour")
    sections: list[Section] = spec(
        ListOf(record_of(Section), 1, 12),
        required=True,
        doc="the rules summary, one section per rule",
    )
    source: str | None = spec(
        Choice(("seed", "ours")),
        doc="ours: the aid's rules summary are the kit's own rules or values, not the game's (each piece prints "
        "the discreet mark of the kit's own, and its sheet the legend); seed or none: the game's",
    )


@record("tokens")
@fieldwise(kw_only=True)
class Tokens:
    groups: dict[str, Group] = spec(
        MapOf(record_of(Group), min_items=1), required=True, doc="group id -> pieces of one size"
    )
    aid: Aid | None = spec(record_of(Aid), doc="the player aid card")
    file: str = ""  # not a key of the file: set by the loader

    def count_for(self, role: str, colour_id: str) -> int:
        return sum(
            p.count
            for g in self.groups.values()
            if g.role == role
            for p in g.pieces
            if p.colour_id == colour_id
        )

    def where_for(self, role: str, colour_id: str) -> Location:
        for g in self.groups.values():
            if g.role != role:
                continue
            for p in g.pieces:
                if p.colour_id == colour_id:
                    return where(p, "count") or where(p) or Location(self.file)
            return where(g, "pieces") or Location(self.file)
        return Location(self.file, 1)


PIECE: Record = record_of(Piece)
PIECE_BACK: Record = record_of(PieceBack)
GROUP: Record = record_of(Group)
DIAGRAM: Record = record_of(Diagram)
SECTION: Record = record_of(Section)
AID: Record = record_of(Aid)
TOKENS: Record = record_of(Tokens)
