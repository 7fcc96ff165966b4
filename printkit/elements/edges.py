"""The `edges` kind: what a tile's edges carry (a wall, a door mid-edge, a road to the centre),
drawn from one value per edge (or half-edge) that the piece's own fields give.

The same data a deck kind's `edges:` or a tile set's `features` hold, as an element: it draws
in its box (a square's edges, or a flat-top hexagon's with `sides: 6`) at its place among the
face's elements, on any face (cards, tokens, tiles). Shapes: layout/edges.py; drawing:
draw/edges.py; looks: model/edges.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from printkit.core.fieldwise import fieldwise
from printkit.draw.edges import EdgeLook, draw_edges
from printkit.layout.geometry import Rect
from printkit.load.records import record_of, spec
from printkit.load.schema import Choice, MapOf, Str
from printkit.model.edges import EdgeLookSpec
from printkit.model.face import Element, element_kind
from printkit.model.fromdata import MissingValue, fill_placeholders

if TYPE_CHECKING:
    from reportlab.lib.colors import Color

    from printkit.draw.elements import ElementPainter, Palette

VALUES_DOC = (
    "each edge's value, clockwise from the top, one word each: usually the piece's fields, "
    '"{top} {right} {bottom} {left}", or one field holding them all ("{edges}"); as many '
    "words as the tile has sides, or twice as many for half-edges (0: the top edge's first "
    "half)"
)


@element_kind(
    "edges", "what a tile's edges carry: walls, doors mid-edge, roads to the centre, from data"
)
@fieldwise(kw_only=True)
class Edges(Element):
    """One look per edge value, drawn on the sides of the box (a square) or of the flat-top
    hexagon that fills it; a value with no look draws nothing."""

    text_keys: ClassVar[tuple[str, ...]] = ("values",)

    values: str = spec(Str(1, 400), required=True, doc=VALUES_DOC)
    sides: int = spec(Choice((4, 6)), default=4, doc="4: a square; 6: a flat-top hexagon")
    looks: dict[str, EdgeLookSpec] = spec(
        MapOf(record_of(EdgeLookSpec), min_items=1),
        required=True,
        doc="edge value -> how it is drawn (wall, door, road, none)",
    )

    def draw(
        self, painter: ElementPainter, values: Any, palette: Palette, box: Rect, ink: Color
    ) -> None:
        words = fill_placeholders(self.values, values).split()
        if len(words) not in (self.sides, 2 * self.sides):
            raise MissingValue(self.values)  # a value of several words: nothing to draw
        looks = {
            word: EdgeLook(look.draw, look.colour, look.width, look.length, look.wall)
            for word, look in self.looks.items()
        }
        draw_edges(painter.canvas, box, self.sides, words, looks)

    def problems(self, place: str) -> Iterator[tuple[str | None, str]]:
        count = len(self.values.split())
        if count != 1 and count not in (self.sides, 2 * self.sides):  # 1: a field of them all
            yield (
                "values",
                f"an edges element in {place} gives {count} values for a tile of {self.sides} "
                f"sides: give one per edge ({self.sides}) or one per half-edge "
                f"({2 * self.sides})",
            )


KINDS: tuple[type[Element], ...] = (Edges,)
