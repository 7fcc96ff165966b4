"""The `header` kind: a label strip across the top of a card."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.core.fieldwise import fieldwise
from printkit.draw.colour import colour
from printkit.draw.fonts import font
from printkit.layout.geometry import Rect
from printkit.layout.units import mm
from printkit.model.face import (
    Element,
    Sized,
    caption_key,
    colour_key,
    element_kind,
    field_key,
    font_key,
    text_key,
    valign_key,
)
from printkit.model.fromdata import fill_placeholders, format_value

if TYPE_CHECKING:
    from reportlab.lib.colors import Color

    from printkit.draw.elements import ElementPainter, Palette


@element_kind("header", "a label strip in the face's colour, with a number in both corners")
@fieldwise(kw_only=True)
class Header(Sized):
    """A rounded strip in the face's main colour with a label (its `text`, else the kind's
    label) and, when `field` gives a value, that value (and its `caption`) in both corners."""

    text_keys = ("text", "caption")
    field_keys = ("field",)

    text: str | None = text_key("the label (default: the kind's label)")
    field: str | None = field_key("the card field shown in both corners")
    caption: str | None = caption_key("words after the corner value")
    font: str = font_key()
    colour: str | None = colour_key("the label's colour (default: the text on the face's colour)")
    valign: str = valign_key()

    def draw(
        self, painter: ElementPainter, values: Any, palette: Palette, box: Rect, ink: Color
    ) -> None:
        c = painter.canvas
        painter.set_fill(colour(palette.colour))
        c.roundRect(box.x, box.y, box.w, box.h, min(mm(1.2), box.h / 2), stroke=0, fill=1)
        painter.set_fill(colour(self.colour or palette.on_colour))
        inner = Rect(box.x + mm(1.2), box.y + box.h * 0.14, box.w - mm(2.4), box.h * 0.72)
        size = painter.text_size(self)
        if self.field and values.get(self.field) is not None:
            corner = format_value(values.get(self.field)) + (self.caption or "")
            face = font(c, "heading")
            side = Rect(inner.x, inner.y, inner.w * 0.2, inner.h)
            painter.text(self, "field", corner, face, side, size * 1.1, "left")
            painter.text(self, "field", corner, face, side.shift(inner.w * 0.8, 0), size * 1.1,
                         "right")  # fmt: skip
            inner = Rect(inner.x + inner.w * 0.2, inner.y, inner.w * 0.6, inner.h)
        label = fill_placeholders(self.text, values) if self.text else palette.label
        if label:
            attr, valign = ("text", self.valign) if self.text else ("label", "middle")
            painter.text(self, attr, label, font(c, self.font), inner, size, valign=valign)


KINDS: tuple[type[Element], ...] = (Header,)
