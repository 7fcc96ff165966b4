"""The `band` kind: boxed text with a caption strip on top."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.core.fieldwise import fieldwise
from printkit.draw.colour import colour, tint
from printkit.draw.fonts import font
from printkit.layout.geometry import Rect
from printkit.layout.units import mm
from printkit.model.face import Element, Lettered, caption_key, element_kind
from printkit.model.fromdata import fill_placeholders

if TYPE_CHECKING:
    from reportlab.lib.colors import Color

    from printkit.draw.elements import ElementPainter, Palette


@element_kind("band", "boxed text on a tint of the face's colour, with a caption strip on top")
@fieldwise(kw_only=True)
class Band(Lettered):
    """A rounded box on a light tint of the face's colour holding its `text`, with its
    `caption` in a strip of the face's colour along the top."""

    text_keys = ("text", "caption")

    caption: str | None = caption_key("the strip's words along the top")

    def draw(
        self, painter: ElementPainter, values: Any, palette: Palette, box: Rect, ink: Color
    ) -> None:
        c = painter.canvas
        text = fill_placeholders(self.text or "", values)
        painter.set_fill(tint(palette.colour, 0.82))
        c.setStrokeColor(colour(palette.colour))
        c.setLineWidth(0.6)
        c.roundRect(box.x, box.y, box.w, box.h, mm(1.5), stroke=1, fill=1)
        title_h = 0.0
        if self.caption:
            title_h = mm(3.6)
            painter.set_fill(colour(palette.colour))
            c.roundRect(box.x, box.y1 - title_h, box.w, title_h, mm(1.5), stroke=0, fill=1)
            c.rect(box.x, box.y1 - title_h, box.w, title_h / 2, stroke=0, fill=1)
            painter.set_fill(colour(palette.on_colour))
            strip = Rect(
                box.x + mm(1), box.y1 - title_h + mm(0.3), box.w - mm(2), title_h - mm(0.6)
            )
            caption = fill_placeholders(self.caption, values)
            painter.text(self, "caption", caption, font(c, "heading"), strip, mm(2.5))
        inner = Rect(box.x + mm(1.2), box.y + mm(0.8), box.w - mm(2.4), box.h - title_h - mm(1.4))
        painter.set_fill(ink)
        painter.text(
            self, "text", text, font(c, self.font), inner, painter.text_size(self), self.align,
            self.max_lines, self.valign,
        )  # fmt: skip


KINDS: tuple[type[Element], ...] = (Band,)
