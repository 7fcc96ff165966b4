"""Map pictograms in the manner of an engraved sea chart: waves, hills, copses and a compass
rose. Each takes a canvas, a position and a size, and draws nothing else. (A game's own marks,
its ships and sea creatures, live in its package and come in as its `icons`.)
"""

from __future__ import annotations

import math

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import font

Point = tuple[float, float]


def wave_mark(c: Canvas, x: float, y: float, w: float, ink: Color, j: float) -> None:
    """An engraver's wave: two shallow crests."""
    h = w * (0.16 + 0.06 * j)
    x0 = x - w / 2
    p = c.beginPath()
    p.moveTo(x0, y)
    p.curveTo(x0 + w * 0.17, y + h, x0 + w * 0.33, y + h, x0 + w * 0.5, y)
    p.curveTo(x0 + w * 0.67, y + h, x0 + w * 0.83, y + h, x0 + w, y)
    c.saveState()
    c.setStrokeColor(ink)
    c.setLineWidth(w * 0.075)
    c.setLineCap(1)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


def hill_mark(c: Canvas, x: float, y: float, w: float, ink: Color, fill: Color) -> None:
    """A rounded hill in profile, hatched on its shaded (right) flank, as on early printed maps."""
    h = w * 0.5
    p = c.beginPath()
    p.moveTo(x - w / 2, y)
    p.curveTo(x - w * 0.32, y + h * 0.55, x - w * 0.2, y + h, x, y + h)
    p.curveTo(x + w * 0.2, y + h, x + w * 0.32, y + h * 0.55, x + w / 2, y)
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(ink)
    c.setLineWidth(w * 0.055)
    c.setLineCap(1)
    c.drawPath(p, stroke=1, fill=1)
    c.setLineWidth(w * 0.03)
    for k in range(4):
        t = 0.18 + 0.2 * k
        top_x, top_y = x + w * 0.5 * t, y + h * (1 - t * t) * 0.92
        c.line(top_x, top_y - h * 0.12, top_x + w * 0.04, y + h * 0.05)
    c.restoreState()


def trees_mark(c: Canvas, x: float, y: float, r: float, ink: Color, fill: Color) -> None:
    """A little copse: three round crowns on trunks."""
    c.saveState()
    c.setStrokeColor(ink)
    c.setFillColor(fill)
    c.setLineWidth(r * 0.28)
    for dx, dy in ((-1.3, 0), (1.3, 0), (0, 0.7)):
        cx, cy = x + dx * r, y + dy * r
        c.line(cx, cy - r * 1.6, cx, cy - r * 0.6)
        c.circle(cx, cy, r, stroke=1, fill=1)
    c.restoreState()


def compass_rose(
    c: Canvas,
    centre: Point,
    radius: float,
    ink: Color,
    paper: Color,
    accent: Color,
    letters: bool = True,
) -> None:
    """A sixteen-point compass rose: rings, long cardinal points with a light and a dark flank,
    shorter ordinal points, a fleur at north."""
    x, y = centre
    r = radius * (0.84 if letters else 1.0)
    c.saveState()
    c.setLineJoin(1)
    c.setFillColor(paper)
    c.setStrokeColor(ink)
    c.setLineWidth(r * 0.02)
    c.circle(x, y, r * 0.78, stroke=1, fill=1)
    c.circle(x, y, r * 0.70, stroke=1, fill=0)
    for i in range(32):
        t = math.radians(i * 360 / 32)
        inner = r * (0.70 if i % 2 else 0.66)
        c.line(x + inner * math.sin(t), y + inner * math.cos(t),
               x + r * 0.78 * math.sin(t), y + r * 0.78 * math.cos(t))  # fmt: skip
    for length, width, step, offset in (
        (0.62, 0.07, 45, 22.5),
        (0.78, 0.12, 90, 45),
        (1.0, 0.16, 90, 0),
    ):
        for k in range(int(360 / step)):
            angle = offset + k * step
            _point(c, x, y, r * length, r * width, angle, ink, paper, accent, length == 1.0)
    c.setFillColor(paper)
    c.circle(x, y, r * 0.08, stroke=1, fill=1)
    if letters:
        c.setFillColor(ink)
        c.setFont(font(c, "display"), r * 0.2)
        c.drawCentredString(x, y + r * 1.03, "N")
    c.restoreState()


def _point(  # noqa: PLR0913
    c: Canvas,
    x: float,
    y: float,
    length: float,
    width: float,
    angle: float,
    ink: Color,
    paper: Color,
    accent: Color,
    main: bool,
) -> None:
    t = math.radians(angle)
    tip = (x + length * math.sin(t), y + length * math.cos(t))
    left = (x + width * math.sin(t - math.pi / 2), y + width * math.cos(t - math.pi / 2))
    right = (x + width * math.sin(t + math.pi / 2), y + width * math.cos(t + math.pi / 2))
    for side, fill in ((left, paper), (right, ink if main else accent)):
        p = c.beginPath()
        p.moveTo(x, y)
        p.lineTo(*side)
        p.lineTo(*tip)
        p.close()
        c.setFillColor(fill)
        c.drawPath(p, stroke=1, fill=1)
