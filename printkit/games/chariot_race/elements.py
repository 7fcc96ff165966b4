"""Chariot Race's own element kinds: `fan` (how far a card turns) and `drift` (how far it
slides), with the pictograms they draw. The game gives them as its `element_kinds`
(printkit/api.py), so a chariot-race kit's faces may use them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from printkit.api import (
    Element,
    ElementPainter,
    MissingValue,
    Palette,
    Rect,
    Sized,
    Str,
    arrow_head,
    caption_key,
    colour,
    colour_key,
    element_kind,
    field_key,
    fieldwise,
    fill_placeholders,
    font,
    mm,
    shade,
    spec,
    tint,
)

if TYPE_CHECKING:
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas

CAPTION_H = mm(4.2)  # the strip under a pictogram that holds its caption


@fieldwise(kw_only=True)
class Pictogram(Sized):
    """A pictogram drawn from a number field, with a caption under it."""

    text_keys: ClassVar[tuple[str, ...]] = ("caption",)
    field_keys: ClassVar[tuple[str, ...]] = ("field",)
    number_keys: ClassVar[tuple[str, ...]] = ("field",)

    field: str | None = field_key("the card field holding the number it draws (required)")
    caption: str | None = caption_key("small text under the pictogram")
    colour: str | None = colour_key("the pictogram's and caption's colour (default: the ink)")

    def caption_under(self, painter: ElementPainter, values: Any, box: Rect, ink: Color) -> float:
        """Draw the caption in a strip along the box's foot; the height it takes."""
        if not self.caption:
            return 0.0
        painter.set_fill(ink)
        strip = Rect(box.x, box.y, box.w, CAPTION_H - mm(0.4))
        caption = fill_placeholders(self.caption, values)
        size = min(painter.text_size(self), mm(3.2))
        painter.text(self, "caption", caption, font(painter.canvas, "heading"), strip, size)
        return CAPTION_H

    def problems(self, place: str) -> Iterator[tuple[str | None, str]]:
        if not self.field:
            yield (
                "element",
                (
                    f"a {self.kind} element in {place} needs `field:`, the card field holding the "
                    "number it draws"
                ),
            )


@element_kind("fan", "an angle fan: how far a card turns, from a number field (degrees)")
@fieldwise(kw_only=True)
class Fan(Pictogram):
    """A fan of +-`field` degrees (at most 90) around straight ahead, spokes every 15."""

    def draw(
        self, painter: ElementPainter, values: Any, palette: Palette, box: Rect, ink: Color
    ) -> None:
        value = values.get(self.field or "")
        if value is None:
            raise MissingValue(self.field or "")
        under = self.caption_under(painter, values, box, ink)
        radius = min(box.w / 2.3, (box.h - under) / 1.25)
        base = box.y + under + mm(0.5)
        fill = tint(palette.colour, 0.7)
        angle = min(float(value), 90.0)
        angle_fan(painter.canvas, box.cx, base, radius, angle, ink, fill)


@element_kind("drift", "sideways arrows: how far a card slides, from a number field")
@fieldwise(kw_only=True)
class Drift(Pictogram):
    """Sideways arrows when `field` gives a number, the `mode` field's word over them; without
    one, a muted crossed-out pictogram and the `empty` words."""

    field_keys = ("field", "mode")

    mode: str | None = field_key("the card field that says 'or' or 'and'")
    empty: str | None = spec(
        Str(1, 40), doc="drawn, muted, instead of the pictogram when the card has no value"
    )

    def draw(
        self, painter: ElementPainter, values: Any, palette: Palette, box: Rect, ink: Color
    ) -> None:
        if not values.get(self.field or ""):
            if not self.empty:
                raise MissingValue(self.field or "")
            self._draw_empty(painter, palette, box)
            return
        under = self.caption_under(painter, values, box, ink)
        mid = box.y + under + (box.h - under) * 0.42
        drift_arrows(painter.canvas, box.cx, mid, box.w * 0.42, ink)
        mode = values.get(self.mode) if self.mode else None
        if mode:
            painter.set_fill(colour(palette.colour))
            strip = Rect(box.x, box.y1 - mm(3.6), box.w, mm(3.6))
            face = font(painter.canvas, "heading")
            painter.text(self, "mode", str(mode).upper(), face, strip, mm(3))

    def _draw_empty(self, painter: ElementPainter, palette: Palette, box: Rect) -> None:
        """A muted pictogram and the element's `empty` words, so the box is plainly not blank."""
        c = painter.canvas
        muted = tint(palette.colour, 0.6)
        mid = box.y + CAPTION_H + (box.h - CAPTION_H) * 0.42
        drift_arrows(c, box.cx, mid, box.w * 0.42, muted)
        c.setStrokeColor(muted)
        c.setLineWidth(1.2)
        c.line(box.cx - box.w * 0.3, mid - mm(4), box.cx + box.w * 0.3, mid + mm(4))
        painter.set_fill(shade(palette.colour, 0.1))
        strip = Rect(box.x, box.y, box.w, CAPTION_H - mm(0.4))
        size = min(painter.text_size(self), mm(3.2))
        painter.text(self, "empty", self.empty or "", font(c, "heading"), strip, size)


def angle_fan(
    c: Canvas,
    cx: float,
    base_y: float,
    radius: float,
    angle: float,
    ink: Color,
    fill: Color,
    step: float = 15.0,
) -> None:
    """A fan of +-angle degrees around straight ahead, pivoting at (cx, base_y).

    Spokes every `step` degrees; the straight-ahead spoke is an arrow. Angle 0 is a lone arrow.
    """
    c.saveState()
    c.setStrokeColor(ink)
    c.setFillColor(fill)
    if angle > 0:
        p = c.beginPath()
        p.moveTo(cx, base_y)
        p.arcTo(cx - radius, base_y - radius, cx + radius, base_y + radius, 90 - angle, 2 * angle)
        p.close()
        c.setLineWidth(0.8)
        c.drawPath(p, stroke=1, fill=1)
        c.setLineWidth(0.4)
        a = step
        while a < angle - 1e-6:
            for sign in (-1, 1):
                t = math.radians(90 + sign * a)
                c.line(cx, base_y, cx + radius * math.cos(t), base_y + radius * math.sin(t))
            a += step
    c.setLineWidth(1.1)
    tip = base_y + radius * (1.12 if angle > 0 else 1.0)
    c.line(cx, base_y, cx, tip - mm(1.6))
    arrow_head(c, cx, tip, 90, mm(2.2), ink)
    c.restoreState()


def drift_arrows(c: Canvas, cx: float, cy: float, half_width: float, ink: Color) -> None:
    """A sideways double arrow: drift either way from a small block in the middle."""
    c.saveState()
    c.setStrokeColor(ink)
    c.setFillColor(ink)
    block_w, block_h = mm(2.2), mm(5)
    c.rect(cx - block_w / 2, cy - block_h / 2, block_w, block_h, stroke=0, fill=1)
    c.setLineWidth(1.1)
    c.setDash(2, 1.5)
    gap = block_w / 2 + mm(1)
    c.line(cx - gap, cy, cx - half_width + mm(1.6), cy)
    c.line(cx + gap, cy, cx + half_width - mm(1.6), cy)
    c.setDash()
    arrow_head(c, cx - half_width, cy, 180, mm(2.2), ink)
    arrow_head(c, cx + half_width, cy, 0, mm(2.2), ink)
    c.restoreState()


KINDS: tuple[type[Element], ...] = (Fan, Drift)
