"""The `text` and `title` kinds: one text from the piece's fields, fitted in the box."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.core.fieldwise import fieldwise
from printkit.draw.fonts import font
from printkit.layout.geometry import Rect
from printkit.model.face import Element, Lettered, element_kind
from printkit.model.fromdata import fill_placeholders

if TYPE_CHECKING:
    from reportlab.lib.colors import Color

    from printkit.draw.elements import ElementPainter, Palette


@element_kind("text", "a text (default: the piece's title), wrapped and shrunk to fit the box")
@fieldwise(kw_only=True)
class Text(Lettered):
    """Words from the data fitted in the box: wrapped to at most `max_lines` and shrunk from
    `size` down to `min_size` (draw/text.py's one fitting routine). A plain text (unturned) is
    drawn by the painter from its measure (draw/elements.PlainText) without this method."""

    plain = True
    text_keys = ("text",)

    def draw(
        self, painter: ElementPainter, values: Any, palette: Palette, box: Rect, ink: Color
    ) -> None:
        text = fill_placeholders(self.text or "{title}", values)
        painter.set_fill(ink)
        face = font(painter.canvas, self.font)
        painter.text(
            self, "text", text, face, box, painter.text_size(self), self.align, self.max_lines,
            self.valign,
        )  # fmt: skip


@element_kind("title", "a title (default: the piece's title), fitted like a text")
@fieldwise(kw_only=True)
class Title(Text):
    """A text that is the piece's title: drawn as a text is, named for what it shows."""


KINDS: tuple[type[Element], ...] = (Text, Title)
