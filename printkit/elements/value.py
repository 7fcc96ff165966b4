"""The `value` kind: a big number (or word) from a field, with a caption strip under it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.core.fieldwise import fieldwise
from printkit.draw.colour import shade
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
from printkit.model.fromdata import fill_placeholders

if TYPE_CHECKING:
    from reportlab.lib.colors import Color

    from printkit.draw.elements import ElementPainter, Palette


@element_kind("value", "a big number from a field, with a small caption under it")
@fieldwise(kw_only=True)
class Value(Sized):
    """A card field's value (or its `text`) as large as fits, and its `caption` in a strip
    under it."""

    text_keys = ("text", "caption")
    field_keys = ("field",)

    text: str | None = text_key("what is shown (default: `{field}`)")
    field: str | None = field_key("the card field shown")
    caption: str | None = caption_key("small text under the value")
    font: str = font_key()
    colour: str | None = colour_key()
    valign: str = valign_key()

    def draw(
        self, painter: ElementPainter, values: Any, palette: Palette, box: Rect, ink: Color
    ) -> None:
        text = fill_placeholders(self.text or "{" + (self.field or "") + "}", values)
        caption_h = mm(3.4) if self.caption else 0.0
        painter.set_fill(ink)
        number = Rect(box.x, box.y + caption_h, box.w, box.h - caption_h)
        face = font(painter.canvas, self.font)
        painter.text(self, "text", text, face, number, painter.text_size(self), valign=self.valign)
        if self.caption:
            painter.set_fill(shade(palette.colour, 0.1))
            strip = Rect(box.x, box.y, box.w, caption_h)
            caption = fill_placeholders(self.caption, values)
            painter.text(self, "caption", caption, font(painter.canvas, "heading"), strip, mm(2.6))


KINDS: tuple[type[Element], ...] = (Value,)
