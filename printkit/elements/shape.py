"""The `shape` kind: a rectangle, rounded rectangle, circle, ellipse or meander border."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.core.fieldwise import fieldwise
from printkit.draw import pictograms
from printkit.draw.colour import colour
from printkit.layout.geometry import Rect
from printkit.load.records import spec
from printkit.load.schema import Choice, Length
from printkit.model.face import (
    SHAPES,
    Element,
    colour_key,
    element_kind,
    fill_key,
    line_width_key,
    spacing_key,
)
from printkit.model.fromdata import FromField

if TYPE_CHECKING:
    from reportlab.lib.colors import Color

    from printkit.draw.elements import ElementPainter, Palette


@element_kind("shape", "a rectangle, rounded rectangle, circle, ellipse or meander border")
@fieldwise(kw_only=True)
class Shape(Element):
    """An outline filled with `fill` and stroked with `stroke` (either may be left out); a
    meander is a key-pattern border drawn along the box's edges."""

    shape: str = spec(FromField(Choice(SHAPES)), default="rect", doc="the outline drawn")
    colour: str | None = colour_key("a meander's colour when `stroke` is not given")
    fill: str | None = fill_key("its fill (default: none)")
    stroke: str | None = fill_key("its outline colour (default: none)")
    line_width: float = line_width_key("the outline's width")
    radius: float = spec(
        FromField(Length(0, 50, allow_zero=True)), default=0.0, doc="a rounded shape's radius"
    )
    spacing: float = spacing_key("a meander's step")

    def ground(self) -> bool:
        """A filled rectangle with no outline is a ground: over the whole trim, it reaches the
        bleed. One with an outline is a frame, whose line belongs on the cut, so it stays there."""
        return self.shape == "rect" and bool(self.fill) and not self.stroke

    def draw(
        self, painter: ElementPainter, values: Any, palette: Palette, box: Rect, ink: Color
    ) -> None:
        c = painter.canvas
        fill, stroke = bool(self.fill), bool(self.stroke)
        if fill:
            painter.set_fill(colour(self.fill or "#000000"))
        if stroke:
            c.setStrokeColor(colour(self.stroke or "#000000"))
        c.setLineWidth(self.line_width)
        if self.shape == "meander":
            edge = colour(self.stroke or self.colour or palette.accent)
            pictograms.meander_border(c, box.x, box.y, box.w, box.h, self.spacing, edge)
        elif self.shape == "circle":
            c.circle(box.cx, box.cy, min(box.w, box.h) / 2, stroke=int(stroke), fill=int(fill))
        elif self.shape == "ellipse":
            c.ellipse(box.x, box.y, box.x1, box.y1, stroke=int(stroke), fill=int(fill))
        else:
            radius = self.radius if self.shape == "rounded" else 0.0
            c.roundRect(box.x, box.y, box.w, box.h, radius, stroke=int(stroke), fill=int(fill))


KINDS: tuple[type[Element], ...] = (Shape,)
