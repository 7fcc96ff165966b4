"""The `pattern` kind: a texture filling the box."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.core.fieldwise import fieldwise
from printkit.draw import pictograms
from printkit.draw.fonts import clip_rect
from printkit.layout.geometry import Rect
from printkit.load.records import spec
from printkit.load.schema import Choice
from printkit.model.face import (
    PATTERNS,
    Element,
    colour_key,
    element_kind,
    line_width_key,
    spacing_key,
)
from printkit.model.fromdata import FromField

if TYPE_CHECKING:
    from reportlab.lib.colors import Color

    from printkit.draw.elements import ElementPainter, Palette


@element_kind("pattern", "a texture (dots, stripes, stars, lattice, grid) filling the box")
@fieldwise(kw_only=True)
class Pattern(Element):
    """A texture of marks `spacing` apart, in the element's colour, clipped to the box."""

    pattern: str = spec(FromField(Choice(PATTERNS)), default="lattice", doc="the texture")
    colour: str | None = colour_key("the texture's colour (default: the ink)")
    line_width: float = line_width_key("its lines' width")
    spacing: float = spacing_key("the distance between its marks")

    def ground(self) -> bool:
        """A texture is a ground: over the whole trim, it reaches the bleed."""
        return True

    def draw(
        self, painter: ElementPainter, values: Any, palette: Palette, box: Rect, ink: Color
    ) -> None:
        c = painter.canvas
        clip_rect(c, box.x, box.y, box.w, box.h)
        painter.set_fill(ink)
        c.setStrokeColor(ink)
        pictograms.texture(c, self.pattern, box.x, box.y, box.w, box.h, self.spacing,
                           self.line_width)  # fmt: skip


KINDS: tuple[type[Element], ...] = (Pattern,)
