"""Tokens: groups of same-sized cut pieces (counters, cues...) and player aids with diagrams.

A group has a role (e.g. "chariot", "cue") that game checks ask about, a size, a shape, an
emblem, an optional back, and pieces: one colour each, `count` copies, tied to a player colour.
A player aid is a card of headed sections, each with text and an optional move diagram: a small
strip of squares (forward to the right, lanes stacked) showing a chariot, its path, blockers and crosses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.errors import Location
from printkit.load.schema import (
    Choice,
    Color,
    Field,
    Id,
    Int,
    Length,
    ListOf,
    MapOf,
    Record,
    Str,
    describe,
    where,
)
from printkit.model.face import ELEMENT, Element

CELL = ListOf(Int(0, 20), 2, 2, doc="[lane, square]: lane 0 at the top, square 0 on the left")


@dataclass
class Piece:
    colour_id: str
    label: str
    colour: str
    ink: str
    count: int


@dataclass
class PieceBack:
    label: str
    emblem: str
    face: list[Element] = field(default_factory=list)


@dataclass
class Group:
    role: str
    width: float
    height: float
    shape: str
    emblem: str
    caption: str
    back: PieceBack | None
    pieces: list[Piece]


@dataclass
class Diagram:
    lanes: int
    squares: int
    chariot: list[int]
    path: list[list[int]]
    blockers: list[list[int]]
    crosses: list[list[int]]
    forbidden: list[list[int]]
    caption: str


@dataclass
class Section:
    heading: str
    text: str
    diagram: Diagram | None


@dataclass
class Aid:
    width: float
    height: float
    count: int
    title: str
    colour: str
    sections: list[Section]


@dataclass
class Tokens:
    groups: dict[str, Group]
    aid: Aid | None
    file: str = ""
    extra: dict = field(default_factory=dict)

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


PIECE = Record(
    "piece",
    {
        "colour_id": Field(Id(), required=True, doc="the player colour this piece belongs to"),
        "label": Field(Str(0, 20), default=""),
        "colour": Field(Color(), required=True),
        "ink": Field(Color(), default="#ffffff"),
        "count": Field(Int(1, 100), default=1),
    },
    cls=Piece,
)

PIECE_BACK = Record(
    "piece back",
    {
        "label": Field(Str(0, 20), default=""),
        "emblem": Field(Str(0, 24), default=""),
        "face": Field(ListOf(ELEMENT, 0, 20), default=list),
    },
    cls=PieceBack,
)
GROUP = Record(
    "token group",
    {
        "role": Field(Id(), required=True, doc="what the pieces are, for the game's checks"),
        "width": Field(Length(5, 200), required=True),
        "height": Field(Length(5, 200), required=True),
        "shape": Field(Choice(("round", "rounded")), default="rounded"),
        "emblem": Field(Str(0, 24), default=""),
        "caption": Field(Str(0, 30), default="", doc="small text on every piece"),
        "back": Field(PIECE_BACK, doc="the other side; default: the same as the front"),
        "pieces": Field(ListOf(PIECE, 1, 50), required=True),
    },
    cls=Group,
)

DIAGRAM = Record(
    "move diagram",
    {
        "lanes": Field(Int(1, 8), required=True),
        "squares": Field(Int(1, 12), required=True),
        "chariot": Field(CELL, required=True),
        "path": Field(ListOf(CELL), default=list),
        "blockers": Field(ListOf(CELL), default=list),
        "crosses": Field(ListOf(CELL), default=list, doc="squares struck out (moves lost)"),
        "forbidden": Field(ListOf(CELL), default=list, doc="moves never allowed, struck through"),
        "caption": Field(Str(0, 60), default=""),
    },
    cls=Diagram,
)

SECTION = Record(
    "aid section",
    {
        "heading": Field(Str(1, 40), required=True),
        "text": Field(Str(1, 400), required=True),
        "diagram": Field(DIAGRAM),
    },
    cls=Section,
)

AID = Record(
    "player aid",
    {
        "width": Field(Length(30, 300), required=True),
        "height": Field(Length(30, 300), required=True),
        "count": Field(Int(1, 20), default=4),
        "title": Field(Str(0, 40), default=""),
        "colour": Field(Color(), default="#7a2e1c"),
        "sections": Field(ListOf(SECTION, 1, 12), required=True),
    },
    cls=Aid,
)

describe(
    PIECE,
    {
        "label": "text printed on the piece",
        "colour": "the piece's colour",
        "ink": "the colour of its text and emblem",
        "count": "how many of this piece are printed",
    },
)
describe(
    GROUP,
    {
        "width": "a piece's width",
        "height": "a piece's height",
        "shape": "round counters or rounded squares",
        "emblem": "the pictogram on every piece (an emblem name)",
        "pieces": "the pieces of this size, by colour",
    },
)
describe(
    PIECE_BACK,
    {
        "label": "text on the back",
        "emblem": "emblem on the back",
        "face": "instead of label and emblem: face elements, as on a card (boxes measured in the "
        "piece; placeholders {label} and {colour_id} read the piece), on a darker ground",
    },
)
describe(
    DIAGRAM,
    {
        "lanes": "tracks drawn in the diagram",
        "squares": "squares drawn along each track",
        "chariot": "[lane, square] of the moving chariot",
        "path": "[lane, square] cells the move passes, in order",
        "blockers": "[lane, square] cells holding other chariots",
        "caption": "text under the diagram",
    },
)
describe(
    SECTION,
    {"heading": "the section's heading", "text": "what it says", "diagram": "an optional diagram"},
)
describe(
    AID,
    {
        "width": "the aid card's width",
        "height": "the aid card's height",
        "count": "how many aids are printed",
        "title": "the heading at the top",
        "colour": "the heading band's colour",
        "sections": "the rules summary, one section per rule",
    },
)

TOKENS = Record(
    "tokens",
    {
        "groups": Field(
            MapOf(GROUP, min_items=1), required=True, doc="group id -> pieces of one size"
        ),
        "aid": Field(AID, doc="the player aid card"),
    },
)
