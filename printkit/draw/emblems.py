"""Named emblems: small, bold vector pictograms that read at arm's length and in greyscale.

Each emblem is drawn centred on (0, 0) inside a box of side 2 (from -1 to 1) in the current
coordinate system. They are registered by name in the icon library (draw/icons.py), which is how
components draw them: `icons.draw_emblem` draws any icon of that library by name. A game's own
emblems live in its package and come in as its `icons` (printkit/api.py); those here are the
ones `printkit new`'s kit shows.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import font


def polygon(
    c: Canvas, pts: list[tuple[float, float]], fill: bool = True, stroke: bool = False
) -> None:
    """A closed polygon through `pts`, filled (and stroked if asked)."""
    p = c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    c.drawPath(p, stroke=int(stroke), fill=int(fill))


def question_mark(c: Canvas) -> None:
    """The mark drawn for an icon name the library lacks."""
    c.setFont(font(c, "heading"), 1.6)
    c.drawCentredString(0, -0.55, "?")


def _laurel(c: Canvas) -> None:
    """A victor's wreath: two curved branches of leaves, open at the top."""
    c.setLineWidth(0.09)
    for side in (-1, 1):
        p = c.beginPath()
        p.arc(-0.72, -0.82, 0.72, 0.62, 270 - side * 10, side * 140)
        c.drawPath(p, stroke=1, fill=0)
        for i in range(6):
            t = math.radians(270 + side * (18 + i * 23))
            x, y = 0.72 * math.cos(t), -0.1 + 0.72 * math.sin(t)
            c.saveState()
            c.translate(x, y)
            c.rotate(math.degrees(t) + (90 if side > 0 else -90) + side * 35)
            c.ellipse(-0.11, -0.24, 0.11, 0.24, stroke=0, fill=1)
            c.restoreState()
    c.circle(0, -0.86, 0.1, stroke=0, fill=1)


def _torch(c: Canvas) -> None:
    polygon(c, [(-0.18, -0.95), (0.18, -0.95), (0.28, 0.05), (-0.28, 0.05)])
    c.rect(-0.38, 0.02, 0.76, 0.14, stroke=0, fill=1)
    p = c.beginPath()
    p.moveTo(0, 0.22)
    p.curveTo(-0.55, 0.3, -0.3, 0.7, -0.1, 1.0)
    p.curveTo(-0.05, 0.7, 0.2, 0.75, 0.15, 0.5)
    p.curveTo(0.35, 0.65, 0.45, 0.4, 0.4, 0.3)
    p.curveTo(0.35, 0.22, 0.2, 0.2, 0, 0.22)
    c.drawPath(p, stroke=0, fill=1)


def _victory(c: Canvas) -> None:
    """A palm branch, the victor's token."""
    c.setLineWidth(0.09)
    c.line(0, -0.95, 0, 0.95)
    for i in range(7):
        y = -0.6 + i * 0.25
        n = 0.75 - abs(i - 2.5) * 0.12
        for s in (-1, 1):
            polygon(c, [(0, y), (s * n, y + 0.28), (s * n * 0.9, y + 0.36), (0, y + 0.12)])


def _pillar(c: Canvas) -> None:
    """A mileage stone: a milestone column with a rounded top, on a plinth."""
    c.rect(-0.6, -0.95, 1.2, 0.22, stroke=0, fill=1)
    p = c.beginPath()
    p.moveTo(0.38, -0.73)
    p.lineTo(0.38, 0.45)
    p.arcTo(-0.38, 0.07, 0.38, 0.83, 0, 180)
    p.lineTo(-0.38, -0.73)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def _sword(c: Canvas) -> None:
    polygon(c, [(0, 1.0), (0.13, 0.75), (0.11, -0.35), (-0.11, -0.35), (-0.13, 0.75)])
    c.rect(-0.45, -0.47, 0.9, 0.13, stroke=0, fill=1)
    c.rect(-0.08, -0.85, 0.16, 0.4, stroke=0, fill=1)
    c.circle(0, -0.9, 0.12, stroke=0, fill=1)


def _horse(c: Canvas) -> None:
    """A horse's head, for the horse goddess Epona."""
    p = c.beginPath()
    p.moveTo(-0.55, -0.95)
    p.curveTo(-0.7, -0.2, -0.4, 0.55, 0.05, 0.75)
    p.lineTo(0.0, 1.0)
    p.lineTo(0.22, 0.78)
    p.curveTo(0.55, 0.6, 0.8, 0.1, 0.92, -0.2)
    p.curveTo(0.95, -0.38, 0.75, -0.45, 0.6, -0.3)
    p.curveTo(0.4, -0.1, 0.2, -0.2, 0.15, -0.5)
    p.lineTo(0.3, -0.95)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


EMBLEMS: dict[str, Callable[[Canvas], None]] = {
    "laurel": _laurel,
    "torch": _torch,
    "palm": _victory,
    "pillar": _pillar,
    "sword": _sword,
    "horse": _horse,
}
