"""A back's ground and palette: every component type whose pieces have a `Back` (model/face.py)
draws it with these, so one back looks the same behind any piece. Which back is behind a piece
is model/backs.py's; a back's elements are drawn by the element painter (draw/elements.py).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.draw import pictograms
from printkit.draw.colour import colour, shade
from printkit.draw.elements import Palette
from printkit.model.cards import Card
from printkit.model.face import Back


def back_palette(back: Back) -> Palette:
    """The colours a back's elements draw with."""
    return Palette(back.accent, back.ink, back.colour, back.colour, back.accent)


def back_values(kind: str) -> Card:
    """What a shared back's placeholders read: nothing but the kind."""
    return Card(id="back", kind=kind, count=1)


def draw_back(c: Canvas, back: Back, w: float, h: float, bleed: float) -> None:
    """A back's ground: its colour and texture over the whole piece and bleed (elements
    follow)."""
    c.setFillColor(colour(back.colour))
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    ink = colour(back.pattern_colour) if back.pattern_colour else shade(back.colour, 0.35)
    c.setFillColor(ink)
    c.setStrokeColor(ink)
    span = (-bleed, -bleed, w + 2 * bleed, h + 2 * bleed)
    pictograms.texture(c, back.pattern, *span, back.pattern_spacing, back.pattern_width)
