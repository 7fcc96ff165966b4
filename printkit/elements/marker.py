"""The `marker` kind: a variant's marker on a card, as a dark pill."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.core.fieldwise import fieldwise
from printkit.draw.colour import colour
from printkit.draw.fonts import font
from printkit.layout.geometry import Rect
from printkit.model.face import Element, Worded, element_kind

if TYPE_CHECKING:
    from reportlab.lib.colors import Color

    from printkit.draw.elements import ElementPainter, Palette


@element_kind("marker", "the card's marker (a variant's, or the game's), as a dark pill")
@fieldwise(kw_only=True)
class Marker(Worded):
    """The card's `marker` value (a variant's or the game's card markers) in white on a dark
    pill filling the box; nothing when the card has none."""

    def draw(
        self, painter: ElementPainter, values: Any, palette: Palette, box: Rect, ink: Color
    ) -> None:
        marker = values.get("marker")
        if not marker:
            return
        c = painter.canvas
        painter.set_fill(colour("#1d1a16"))
        c.roundRect(box.x, box.y, box.w, box.h, box.h / 2, stroke=0, fill=1)
        painter.set_fill(colour("#ffffff"))
        inner = Rect(box.x + box.h / 3, box.y + box.h * 0.12, box.w - box.h * 2 / 3, box.h * 0.76)
        painter.text(self, "marker", str(marker), font(c, "heading"), inner, box.h * 0.62)


KINDS: tuple[type[Element], ...] = (Marker,)
