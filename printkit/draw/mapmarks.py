"""Map pictograms in the manner of an engraved sea chart: waves, hills, copses, a ship, a whale,
a town and a compass rose. Each takes a canvas, a position and a size, and draws nothing else.
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


def ship_mark(
    c: Canvas, x: float, y: float, r: float, ink: Color, paper: Color, water: Color
) -> None:
    """A small three-masted ship under sail, on a few wave strokes."""
    c.saveState()
    c.setLineJoin(1)
    c.setLineCap(1)
    c.setStrokeColor(ink)
    c.setLineWidth(r * 0.06)
    base = y - r * 0.45
    hull = c.beginPath()
    hull.moveTo(x - r * 0.95, base + r * 0.28)
    hull.lineTo(x + r * 0.95, base + r * 0.36)
    hull.curveTo(x + r * 0.7, base - r * 0.05, x + r * 0.45, base - r * 0.12, x, base - r * 0.12)
    hull.lineTo(x - r * 0.6, base - r * 0.1)
    hull.close()
    c.setFillColor(ink)
    c.drawPath(hull, stroke=1, fill=1)
    for mx, top, sail in ((-0.45, 0.95, 0.3), (0.05, 1.25, 0.36), (0.5, 0.95, 0.28)):
        mast_x = x + r * mx
        c.line(mast_x, base + r * 0.3, mast_x, base + r * (top + 0.18))
        for k, (lo, hi) in enumerate(((0.42, 0.78), (0.8, top))):
            w = r * sail * (1 - 0.25 * k)
            p = c.beginPath()
            p.moveTo(mast_x - w, base + r * hi)
            p.lineTo(mast_x + w, base + r * hi)
            p.curveTo(mast_x + w * 1.25, base + r * (lo + hi) / 2, mast_x + w * 1.1,
                      base + r * lo, mast_x + w, base + r * lo)  # fmt: skip
            p.lineTo(mast_x - w, base + r * lo)
            p.curveTo(mast_x - w * 0.8, base + r * (lo + hi) / 2, mast_x - w * 0.9,
                      base + r * hi, mast_x - w, base + r * hi)  # fmt: skip
            c.setFillColor(paper)
            c.drawPath(p, stroke=1, fill=1)
    c.setFillColor(ink)
    flag = c.beginPath()
    flag.moveTo(x + r * 0.05, base + r * 1.43)
    flag.lineTo(x + r * 0.4, base + r * 1.36)
    flag.lineTo(x + r * 0.05, base + r * 1.3)
    c.drawPath(flag, stroke=0, fill=1)
    c.setStrokeColor(water)
    for dx in (-0.8, 0.15):
        wave_mark(c, x + r * dx + r * 0.3, base - r * 0.25, r * 0.55, water, 0.5)
    c.restoreState()


def whale_mark(
    c: Canvas, x: float, y: float, r: float, ink: Color, paper: Color, water: Color
) -> None:
    """A whale's back breaking the surface, its tail raised and a spout."""
    c.saveState()
    c.setLineJoin(1)
    c.setLineCap(1)
    c.setStrokeColor(ink)
    c.setLineWidth(r * 0.06)
    base = y - r * 0.2
    body = c.beginPath()
    body.moveTo(x - r * 0.95, base)
    body.curveTo(x - r * 0.8, base + r * 0.75, x + r * 0.2, base + r * 0.8, x + r * 0.45, base)
    body.close()
    c.setFillColor(ink)
    c.drawPath(body, stroke=1, fill=1)
    c.setFillColor(paper)
    c.circle(x - r * 0.62, base + r * 0.28, r * 0.06, stroke=0, fill=1)
    tail = c.beginPath()
    tail.moveTo(x + r * 0.55, base)
    tail.curveTo(
        x + r * 0.62, base + r * 0.25, x + r * 0.7, base + r * 0.42, x + r * 0.72, base + r * 0.5
    )
    tail.curveTo(
        x + r * 0.55, base + r * 0.68, x + r * 0.45, base + r * 0.72, x + r * 0.4, base + r * 0.78
    )
    tail.curveTo(
        x + r * 0.62, base + r * 0.8, x + r * 0.75, base + r * 0.66, x + r * 0.78, base + r * 0.56
    )
    tail.curveTo(
        x + r * 0.85, base + r * 0.7, x + r * 1.0, base + r * 0.82, x + r * 1.15, base + r * 0.78
    )
    tail.curveTo(
        x + r * 1.05, base + r * 0.7, x + r * 0.92, base + r * 0.62, x + r * 0.82, base + r * 0.48
    )
    tail.curveTo(x + r * 0.8, base + r * 0.3, x + r * 0.78, base + r * 0.15, x + r * 0.72, base)
    tail.close()
    c.setFillColor(ink)
    c.drawPath(tail, stroke=1, fill=1)
    c.setLineWidth(r * 0.045)
    sx, sy = x - r * 0.55, base + r * 0.62
    for dx in (-0.25, 0.0, 0.25):
        c.bezier(sx, sy, sx + r * dx * 0.3, sy + r * 0.3, sx + r * dx, sy + r * 0.45,
                 sx + r * dx * 1.4, sy + r * 0.4)  # fmt: skip
    c.setStrokeColor(water)
    wave_mark(c, x - r * 0.7, base - r * 0.08, r * 0.6, water, 0.3)
    wave_mark(c, x + r * 0.2, base - r * 0.08, r * 0.7, water, 0.6)
    c.restoreState()


def town_mark(
    c: Canvas, x: float, y: float, r: float, ink: Color, paper: Color, water: Color
) -> None:
    """A walled town as on old maps: a tower, a church and houses with red-brown roofs."""
    del water
    c.saveState()
    c.setLineJoin(1)
    c.setStrokeColor(ink)
    c.setLineWidth(r * 0.05)
    base = y - r * 0.45
    c.setFillColor(paper)
    for dx, w, h, roof in (
        (-0.62, 0.34, 0.38, 0.28),
        (0.52, 0.38, 0.34, 0.26),
        (-0.05, 0.3, 0.85, 0.45),
    ):
        left = x + r * (dx - w / 2)
        c.rect(left, base, r * w, r * h, stroke=1, fill=1)
        p = c.beginPath()
        p.moveTo(left - r * 0.04, base + r * h)
        p.lineTo(left + r * w / 2, base + r * (h + roof))
        p.lineTo(left + r * w + r * 0.04, base + r * h)
        p.close()
        c.setFillColor(ink)
        c.drawPath(p, stroke=1, fill=1)
        c.setFillColor(paper)
    c.setFillColor(ink)
    for dx, h in ((-0.62, 0.12), (0.52, 0.1), (-0.05, 0.35)):
        c.rect(x + r * (dx - 0.04), base + r * 0.02, r * 0.08, r * h, stroke=0, fill=1)
    c.line(x - r * 0.95, base, x + r * 0.95, base)
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
