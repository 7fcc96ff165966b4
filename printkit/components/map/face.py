"""Drawing a map's face (components/map/model.py): its ground, then every element in order.

Card elements go through draw/elements.py's ElementPainter; the board elements through
components/map/draw_grid.py (hex-grid, square-grid) and components/map/draw_routes.py (track, connections). The face is drawn
with its origin at the map's bottom-left, the ground painted `bleed` beyond every edge.
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit.components.map.draw_grid import Flip, GridPainter
from printkit.components.map.draw_routes import draw_connections, draw_track
from printkit.components.map.grid import HexGrid, Legend, SquareGrid
from printkit.components.map.model import BoardElement, MapBoard
from printkit.components.map.routes import ConnectionsElement, TrackElement
from printkit.draw.colour import colour
from printkit.draw.elements import ElementPainter, MissingValue, Palette
from printkit.draw.icons import IconLibrary
from printkit.draw.text import TextOverflow
from printkit.layout.geometry import Rect
from printkit.model.face import Areas, Element, Percent, resolve_box

MIN_TEXT = 4.0  # pt: the smallest a board's fitted text may shrink to


class BoardOverflow(Exception):
    """A text of a board element (a track's label or note) cannot fit its space."""

    def __init__(self, element: Any, overflow: TextOverflow) -> None:
        super().__init__(str(overflow))
        self.element = element
        self.overflow = overflow


def areas(m: MapBoard) -> Areas:
    return Areas(m.width, m.height, m.safe_margin, 0.0)


def box_of(m: MapBoard, e: TrackElement | ConnectionsElement | Legend) -> Rect:
    """A board element's box on the page (y up from the map's bottom-left)."""
    within = getattr(e, "within", "trim")
    x, top, w, h = resolve_box(Element(element="shape", box=e.box, within=within), areas(m))
    return Rect(x, m.height - top - h, w, h)


def grid_origin(m: MapBoard, g: HexGrid | SquareGrid) -> tuple[float, float]:
    """The grid's top-left (x, top) in points from the map's top-left."""
    spans = (m.width, m.height)
    x, top = (
        v.of(s) if isinstance(v, Percent) else float(v) for v, s in zip(g.at, spans, strict=True)
    )
    return x, top


class BoardPainter:
    """Draws a map's face on any canvas (a page, a form, a measuring canvas)."""

    def __init__(self, m: MapBoard, icons: IconLibrary, images: dict[str, Any]) -> None:
        self.map = m
        self.icons = icons
        self.images = images

    def draw(self, c: Canvas, bleed: float) -> None:
        m = self.map
        c.setFillColor(colour(m.colour))
        c.rect(-bleed, -bleed, m.width + 2 * bleed, m.height + 2 * bleed, stroke=0, fill=1)
        elements = ElementPainter(c, areas(m), self.icons, self.images, MIN_TEXT)
        palette = Palette(m.accent, m.ink, m.colour, "#ffffff", m.accent)
        for e in m.face:
            self.draw_element(c, e, elements, palette)

    def draw_element(
        self, c: Canvas, e: BoardElement, elements: ElementPainter, palette: Palette
    ) -> None:
        if isinstance(e, HexGrid | SquareGrid):
            x, top = grid_origin(self.map, e)
            painter = GridPainter(c, e, Flip(x, top, self.map.height), self.icons)
            painter.draw()
            if e.legend is not None:
                painter.legend(box_of(self.map, e.legend))
        elif isinstance(e, TrackElement):
            try:
                draw_track(c, e, box_of(self.map, e), MIN_TEXT)
            except TextOverflow as exc:
                raise BoardOverflow(e, exc) from None
        elif isinstance(e, ConnectionsElement):
            draw_connections(c, e, box_of(self.map, e))
        else:
            try:
                elements.draw(e, {}, palette)
            except MissingValue:
                return
