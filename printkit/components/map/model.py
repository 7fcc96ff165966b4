"""A map: a generic board of any size, one large face in the element language of cards.

Its `face` takes every card element (text, shape, icon, image...) and the board elements:
`hex-grid` and `square-grid` (components/map/grid.py), `track` and `connections` (components/map/routes.py).
A map prints on one side only: a shop page with bleed, or tiled at 1:1 over home sheets.
Its cells, point features, track spaces and connection points are the map's *items*, which
data rules (checks/data_rules.py) read like a deck's cards: each has an `id` (a cell's name,
a place's label, a space's number, a point's name), a `kind` and its fields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from printkit.components.map.grid import HEX_GRID, SQUARE_GRID, Grid
from printkit.components.map.routes import (
    CONNECTIONS,
    TRACK_ELEMENT,
    ConnectionsElement,
    TrackElement,
)
from printkit.core.errors import Location
from printkit.core.fieldwise import fieldwise
from printkit.layout.sizes import Size
from printkit.layout.units import mm
from printkit.load.containers import Tagged
from printkit.load.records import record, spec
from printkit.load.schema import Choice, Color, Length, ListOf
from printkit.model.cards import SOURCES
from printkit.model.face import ELEMENT, Element

BOARD_ELEMENT = Tagged(
    options=(ELEMENT, HEX_GRID, SQUARE_GRID, TRACK_ELEMENT, CONNECTIONS),
    tag="element",
    doc="a face element, or a board element: hex-grid, square-grid, track, connections",
)
BoardElement = Element | Grid | TrackElement | ConnectionsElement
FACE_DOC = (
    "what is drawn, in order: any card element, and hex-grid, square-grid, track and connections"
)


@dataclass
class MapItem:
    """One thing of a map that rules data can name: a cell, a place, a track space, a point."""

    id: str
    kind: str
    fields: dict[str, Any] = field(default_factory=dict)

    def get(self, name: str) -> Any:
        if name == "id":
            return self.id
        if name == "kind":
            return self.kind
        return self.fields.get(name)

    def located(self, at: Location | None) -> MapItem:
        object.__setattr__(self, "_where", at)
        object.__setattr__(self, "_field_where", {})
        return self


ITEM_KINDS = ("hex", "square", "space", "point", "label")  # and the grids' symbols (city...)
ITEM_FIELDS = ("id", "kind", "grid", "terrain", "letter", "place", "column", "row", "at",
               "label", "track", "number", "network", "links")  # fmt: skip


def item_names(data: object) -> tuple[list[str], list[str]]:
    """(the kinds, the fields) of a map's items, read from its file as written (for checking
    a data rule's `kind` and `field` before the map loads)."""
    face = data.get("face") if isinstance(data, dict) else None
    elements = face if isinstance(face, list) else []
    symbols = [
        str(name)
        for e in elements
        if isinstance(e, dict) and isinstance(e.get("symbols"), dict)
        for name in e["symbols"]
    ]
    return [*ITEM_KINDS, *symbols], list(ITEM_FIELDS)


@record("map")
@fieldwise(kw_only=True)
class MapBoard:
    """A board or map of any size: one face, printed on one side."""

    width: float = spec(Length(20, 3000), required=True, doc="the finished map's width")
    height: float = spec(Length(20, 3000), required=True, doc="the finished map's height")
    colour: str = spec(Color(), default="#f6f2e6", doc="the ground, over the bleed")
    ink: str = spec(Color(), default="#1d1a16", doc="the default colour of text and icons")
    accent: str = spec(Color(), default="#7a2e1c", doc="a second colour elements may use")
    safe_margin: float = spec(
        Length(0, 50, allow_zero=True), default=mm(3), doc="the safe area inside the trim"
    )
    glue_overlap: float = spec(
        Length(5, 40), default=mm(12), doc="home tiling: the glue band on every seam"
    )
    face: list[BoardElement] = spec(ListOf(BOARD_ELEMENT, 1, 400), required=True, doc=FACE_DOC)
    source: str | None = spec(
        Choice(SOURCES),
        doc="ours: the map's layout or values are the kit's own, not the game's (the map prints "
        "the mark of the kit's own and its legend in its lower right corner); seed or none: the "
        "game's",
    )
    file: str = ""  # set by the loader
    items: list[MapItem] = field(default_factory=list)  # set by the loader (components/mapboard)
    images: dict[str, Any] = field(default_factory=dict)  # verified kit images, by path

    @property
    def size(self) -> Size:
        return Size(self.width, self.height)

    def data_items(self) -> list[MapItem]:
        """The items a data check reads (checks/data_items.ItemModel): cells, places, spaces
        and points."""
        return self.items

    def item_reader(self, field_name: str) -> Callable[[MapItem], Any]:
        """Reads a field of a map item (None when it has none)."""
        return lambda item: item.get(field_name)

    def grids(self) -> list[Grid]:
        return [e for e in self.face if e.element in ("hex-grid", "square-grid")]  # type: ignore[misc]

    def tracks(self) -> list[TrackElement]:
        return [e for e in self.face if isinstance(e, TrackElement)]

    def networks(self) -> list[ConnectionsElement]:
        return [e for e in self.face if isinstance(e, ConnectionsElement)]
