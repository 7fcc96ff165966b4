"""What a tile's edges carry, as data: which fields hold each edge's value, and how each value
is drawn (printkit/draw/edges.py, from layout/edges.py's shapes).

A kind of a deck (or any piece whose faces are drawn from fields) gives `edges:`

    edges:
      fields: [top, right, bottom, left]        # clockwise from the top; 8 for half-edges
      looks:
        door: {draw: door, colour: "#7a4a21", wall: "#3d3428", width: 3mm, length: 14mm}
        wall: {draw: wall, colour: "#3d3428", width: 3mm}

and each piece's own fields say what each edge is. A value with no look draws nothing (`open`).
The same values are what a rules file's checks read (`rule: among`, `values`, `count`).
"""

from __future__ import annotations

from printkit.core.fieldwise import fieldwise
from printkit.layout.units import mm
from printkit.load.records import record, record_of, spec
from printkit.load.schema import Choice, Color, Id, Length, ListOf, MapOf, Record

DRAWS = ("wall", "door", "road", "none")
DRAW_DOC = (
    "wall: a band along the whole edge, reaching into the bleed; door: a leaf in the middle of "
    "the edge (with `wall` either side); road: a band from the edge's middle to the centre "
    "(a river too); none: nothing"
)


@record("edge look")
@fieldwise(kw_only=True)
class EdgeLookSpec:
    draw: str = spec(Choice(DRAWS), required=True, doc=DRAW_DOC)
    colour: str = spec(Color(), default="#1d1a16", doc="the band's (a door's leaf's) colour")
    wall: str | None = spec(
        Color(), doc="door: the wall's colour either side of it (default: none)"
    )
    width: float = spec(
        Length(0.2, 50),
        default=mm(3),
        doc="a wall's or door's depth into the tile; a road's breadth",
    )
    length: float = spec(Length(1, 200), default=mm(12), doc="door: its length along the edge")


@record("edges")
@fieldwise(kw_only=True)
class EdgesSpec:
    fields: list[str] = spec(
        ListOf(Id(), 4, 12),
        required=True,
        doc="the fields holding each edge's value, clockwise from the top: 4 (a square's "
        "edges) or 8 (its half-edges, 0 the top edge's left half); 6 or 12 with `sides: 6`",
    )
    sides: int = spec(Choice((4, 6)), default=4, doc="4: a square; 6: a flat-top hexagon")
    looks: dict[str, EdgeLookSpec] = spec(
        MapOf(record_of(EdgeLookSpec), min_items=1),
        required=True,
        doc="edge value -> how it is drawn; a value not listed draws nothing",
    )


EDGES: Record = record_of(EdgesSpec)
