"""A model's base: its colour, its name and number, the front, and the rear pivot corners.

Drawn upright (front at the top) inside a trim rectangle. Ink is chosen light or dark by the
colour's brightness, so every base reads in greyscale too.
"""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.api import Rect, ascent_descent, colour, draw_line_fitted, font, mm, shade, tint

SAFE = mm(3)  # text stays this far inside the trim (a shop's safe area)


def brightness(hex_colour: str) -> float:
    c = colour(hex_colour)
    return float(0.299 * c.red + 0.587 * c.green + 0.114 * c.blue)


def ink_for(hex_colour: str) -> Color:
    return colour("#1d1a16") if brightness(hex_colour) > 0.55 else colour("#ffffff")


def draw_base(
    c: Canvas,
    trim: Rect,
    name: str,
    team: str,
    number: int,
    hex_colour: str,
    bleed: float = 0,
    words: tuple[str, str] = ("FRONT", "PIVOT"),
) -> None:
    """One base; `words`: the front's and the pivot corners' labels (the bases file's labels)."""
    ink = ink_for(hex_colour)
    c.saveState()
    c.translate(trim.x, trim.y)
    w, h = trim.w, trim.h
    if bleed:
        c.setFillColor(colour(hex_colour))
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    c.setFillColor(colour(hex_colour))
    c.setStrokeColor(shade(hex_colour, 0.5))
    c.setLineWidth(0.8)
    c.rect(0, 0, w, h, stroke=1, fill=1)
    inset = SAFE  # the frame: a cut up to the safe margin off the line never reaches it
    c.setStrokeColor(ink)
    c.setLineWidth(0.5)
    c.rect(inset, inset, w - 2 * inset, h - 2 * inset, stroke=1, fill=0)
    _front(c, w, h, ink, hex_colour, words[0])
    # the number in a disc, the name running up the base
    c.setFillColor(ink)
    disc_y = h * 0.71
    c.circle(w / 2, disc_y, w * 0.26, stroke=0, fill=1)
    c.setFillColor(colour(hex_colour))
    draw_line_fitted(
        c, str(number), font(c, "display"), w * 0.36, w / 2 - w * 0.25, disc_y - w * 0.12, w * 0.5
    )
    c.saveState()
    c.translate(w / 2, h * 0.34)
    c.rotate(90)
    c.setFillColor(ink)
    draw_line_fitted(c, name.upper(), font(c, "display"), w * 0.3, -h * 0.22, -w * 0.02, h * 0.44)
    if team:
        draw_line_fitted(c, team, font(c, "condensed"), w * 0.13, -h * 0.22, -w * 0.2, h * 0.44)
    c.restoreState()
    _pivots(c, w, ink, words[1])
    c.restoreState()


def _front(c: Canvas, w: float, h: float, ink: Color, hex_colour: str, word: str) -> None:
    """A bold arrowhead and its word (FRONT) at the top end."""
    c.setFillColor(ink)
    p = c.beginPath()
    p.moveTo(w / 2, h - mm(3.5))
    p.lineTo(w / 2 - w * 0.3, h - mm(12))
    p.lineTo(w / 2 + w * 0.3, h - mm(12))
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.setFillColor(colour(hex_colour) if brightness(hex_colour) <= 0.55 else tint(hex_colour, 0.9))
    draw_line_fitted(c, word, font(c, "heading"), mm(2.4), w / 2 - w * 0.2, h - mm(11.2), w * 0.4)


def _pivots(c: Canvas, w: float, ink: Color, word: str) -> None:
    """Both rear corners: the turn pivots on whichever is on the inside of the turn."""
    r = mm(3.2)
    c.setFillColor(ink)
    c.wedge(-r, -r, r, r, 0, 90, stroke=0, fill=1)
    c.wedge(w - r, -r, w + r, r, 90, 90, stroke=0, fill=1)
    size = mm(2.2)
    y = SAFE + ascent_descent(font(c, "heading"), size)[1]  # the text's lowest point: SAFE up
    draw_line_fitted(c, word, font(c, "heading"), size, mm(4), y, mm(10), "left")
    draw_line_fitted(c, word, font(c, "heading"), size, w - mm(14), y, mm(10), "right")
