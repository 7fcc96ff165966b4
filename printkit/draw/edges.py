"""What a tile's edges carry, drawn: a wall along an edge, a door in its middle, a road from it
to the centre (layout/edges.py gives the shapes), from one value per edge or half-edge.

A tile's data says what each edge is (`door`, `wall`, `open`...); the face says how each value
looks (`EdgeLook`): the same data then prints as a floor plan, a garden or a road network, and
a rules check reads the same values. Walls and roads run out past the cut into the bleed (the
piece's clip stops them), so a slightly-off cut never shows the floor under a wall.
"""

from __future__ import annotations

from typing import NamedTuple

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.colour import colour
from printkit.layout.edges import Edge, Quad, door, halves, road, tile_edges, wall
from printkit.layout.geometry import Rect

DRAWS = ("wall", "door", "road", "none")


class EdgeLook(NamedTuple):
    """How one edge value is drawn: `draw` (wall, door, road or none), its colour, the wall
    either side of a door (None: no wall), the band's width (a wall's or door's depth, a road's
    breadth) and a door's length along the edge."""

    draw: str
    colour: str
    width: float
    length: float = 0.0
    wall: str | None = None


def edge_places(box: Rect, sides: int, count: int) -> list[Edge]:
    """The edges (`count` == sides) or half-edges (`count` == 2 x sides) the values go on."""
    edges = tile_edges(box, sides)
    if count == len(edges):
        return edges
    if count == 2 * len(edges):
        return halves(edges)
    raise ValueError(
        f"{count} edge values for a tile of {sides} sides: give one per edge ({sides}) or one "
        f"per half-edge ({2 * sides})"
    )


def draw_edges(
    c: Canvas, box: Rect, sides: int, values: list[str], looks: dict[str, EdgeLook]
) -> None:
    """Each edge's (or half-edge's) look, from its value; a value without a look draws
    nothing. Roads first, then walls and doors over them."""
    places = edge_places(box, sides, len(values))
    centre = (box.cx, box.cy)
    halved = len(places) == 2 * sides
    drawn = [
        (looks[v], e, n) for n, (v, e) in enumerate(zip(values, places, strict=True)) if v in looks
    ]
    for look, edge, _ in drawn:
        if look.draw == "road":
            _fill(c, look.colour, road(edge, look.width, centre))
    for look, edge, n in drawn:
        corners = (not halved or n % 2 == 0, not halved or n % 2 == 1)
        if look.draw == "wall":
            _fill(c, look.colour, wall(edge, look.width, corners))
        elif look.draw == "door":
            before, after, leaf = door(edge, look.length, look.width, corners)
            if look.wall is not None:
                _fill(c, look.wall, before)
                _fill(c, look.wall, after)
            _fill(c, look.colour, leaf)


def _fill(c: Canvas, ink: str, quad: Quad) -> None:
    c.setFillColor(colour(ink))
    path = c.beginPath()
    path.moveTo(*quad[0])
    for p in quad[1:]:
        path.lineTo(*p)
    path.close()
    c.drawPath(path, stroke=0, fill=1)
