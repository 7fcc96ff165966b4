"""Named emblems: small, bold vector pictograms that read at arm's length and in greyscale.

Each emblem is drawn centred on (0, 0) inside a box of side 2 (from -1 to 1) in the current
coordinate system. They are registered by name in the icon library (draw/icons.py), which is how
components draw them: `icons.draw_emblem` draws any icon of that library by name.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import font


def _poly(c: Canvas, pts: list[tuple[float, float]], fill: bool = True, stroke: bool = False):
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


def _whip(c: Canvas) -> None:
    c.setLineWidth(0.2)
    c.line(-0.75, -0.85, -0.2, 0.1)
    c.setLineWidth(0.09)
    p = c.beginPath()
    p.moveTo(-0.2, 0.1)
    p.curveTo(0.1, 0.9, 0.9, 0.8, 0.8, 0.2)
    p.curveTo(0.7, -0.2, 0.3, -0.1, 0.5, -0.5)
    c.drawPath(p, stroke=1, fill=0)


def _dolphin(c: Canvas) -> None:
    """A leaping dolphin, like the lap counters of the circus: arched body, beak, fin, flukes."""
    p = c.beginPath()
    p.moveTo(-0.62, -0.42)  # root of the tail
    p.curveTo(-0.45, 0.25, 0.05, 0.62, 0.5, 0.45)  # the back
    p.curveTo(0.68, 0.38, 0.8, 0.25, 0.98, 0.2)  # forehead to the beak tip
    p.lineTo(0.72, 0.08)
    p.curveTo(0.45, 0.12, 0.05, 0.3, -0.42, -0.5)  # the belly
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    _poly(c, [(-0.05, 0.48), (0.0, 0.92), (0.25, 0.5)])  # dorsal fin
    _poly(c, [(-0.62, -0.42), (-0.95, -0.45), (-0.72, -0.6), (-0.8, -0.95), (-0.42, -0.5)])
    c.setFillColor(Color(1, 1, 1))
    c.circle(0.62, 0.27, 0.05, stroke=0, fill=1)


def _egg(c: Canvas) -> None:
    """An egg on its stand, like the egg lap counters."""
    c.ellipse(-0.5, -0.55, 0.5, 0.95, stroke=0, fill=1)
    _poly(c, [(-0.55, -0.95), (0.55, -0.95), (0.3, -0.55), (-0.3, -0.55)])


def _torch(c: Canvas) -> None:
    _poly(c, [(-0.18, -0.95), (0.18, -0.95), (0.28, 0.05), (-0.28, 0.05)])
    c.rect(-0.38, 0.02, 0.76, 0.14, stroke=0, fill=1)
    p = c.beginPath()
    p.moveTo(0, 0.22)
    p.curveTo(-0.55, 0.3, -0.3, 0.7, -0.1, 1.0)
    p.curveTo(-0.05, 0.7, 0.2, 0.75, 0.15, 0.5)
    p.curveTo(0.35, 0.65, 0.45, 0.4, 0.4, 0.3)
    p.curveTo(0.35, 0.22, 0.2, 0.2, 0, 0.22)
    c.drawPath(p, stroke=0, fill=1)


def _eagle(c: Canvas) -> None:
    """A spread eagle, wings raised."""
    body = [
        (0, 0.55),
        (0.18, 0.35),
        (0.14, -0.45),
        (0.32, -0.9),
        (0, -0.72),
        (-0.32, -0.9),
        (-0.14, -0.45),
        (-0.18, 0.35),
    ]
    _poly(c, body)
    c.circle(0, 0.68, 0.17, stroke=0, fill=1)
    _poly(c, [(0.1, 0.72), (0.32, 0.66), (0.12, 0.6)])
    for s in (-1, 1):
        wing = [
            (s * 0.15, 0.25),
            (s * 0.55, 0.75),
            (s * 1.0, 0.85),
            (s * 0.85, 0.55),
            (s * 0.95, 0.4),
            (s * 0.75, 0.22),
            (s * 0.82, 0.05),
            (s * 0.55, -0.05),
            (s * 0.15, -0.2),
        ]
        _poly(c, wing)


def _wheel(c: Canvas, broken: bool = False) -> None:
    c.setLineWidth(0.16)
    if broken:
        p = c.beginPath()
        p.arc(-0.82, -0.82, 0.82, 0.82, 120, 290)
        c.drawPath(p, stroke=1, fill=0)
        p = c.beginPath()
        p.arc(-0.75, -0.95, 0.89, 0.69, 60, 45)
        c.drawPath(p, stroke=1, fill=0)
    else:
        c.circle(0, 0, 0.82, stroke=1, fill=0)
    c.setLineWidth(0.09)
    for i in range(8):
        t = math.radians(i * 45 + 22.5)
        if broken and i in (2, 3):
            c.line(0.18 * math.cos(t), 0.18 * math.sin(t), 0.45 * math.cos(t), 0.45 * math.sin(t))
            continue
        c.line(0.18 * math.cos(t), 0.18 * math.sin(t), 0.8 * math.cos(t), 0.8 * math.sin(t))
    c.circle(0, 0, 0.2, stroke=0, fill=1)


def _broken_wheel(c: Canvas) -> None:
    _wheel(c, broken=True)


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


def _chariot(c: Canvas) -> None:
    """A two-horse chariot seen from the side, running right."""
    c.setLineWidth(0.08)
    _poly(c, [(-0.85, -0.2), (-0.2, -0.2), (-0.2, 0.35), (-0.55, 0.35)])
    c.circle(-0.5, -0.38, 0.3, stroke=1, fill=0)
    c.line(-0.5, -0.68, -0.5, -0.08)
    c.line(-0.8, -0.38, -0.2, -0.38)
    c.line(-0.2, -0.05, 0.3, 0.05)
    for dx in (0.0, 0.18):
        horse = [
            (0.2 + dx, -0.05),
            (0.7 + dx, -0.05),
            (0.82 + dx, 0.4),
            (0.95 + dx, 0.42),
            (0.8 + dx, 0.62),
            (0.62 + dx, 0.3),
            (0.3 + dx, 0.25),
        ]
        _poly(c, horse)
        c.line(0.3 + dx, -0.05, 0.2 + dx, -0.7)
        c.line(0.62 + dx, -0.05, 0.78 + dx, -0.7)
    c.setLineWidth(0.06)
    c.line(-0.3, 0.3, 0.85, 0.5)


def _cue(c: Canvas) -> None:
    """A wooden lap cue: a turned baton with a knob."""
    c.roundRect(-0.16, -0.95, 0.32, 1.55, 0.1, stroke=0, fill=1)
    c.circle(0, 0.78, 0.22, stroke=0, fill=1)


def _sword(c: Canvas) -> None:
    _poly(c, [(0, 1.0), (0.13, 0.75), (0.11, -0.35), (-0.11, -0.35), (-0.13, 0.75)])
    c.rect(-0.45, -0.47, 0.9, 0.13, stroke=0, fill=1)
    c.rect(-0.08, -0.85, 0.16, 0.4, stroke=0, fill=1)
    c.circle(0, -0.9, 0.12, stroke=0, fill=1)


def _victory(c: Canvas) -> None:
    """A palm branch, the victor's token."""
    c.setLineWidth(0.09)
    c.line(0, -0.95, 0, 0.95)
    for i in range(7):
        y = -0.6 + i * 0.25
        n = 0.75 - abs(i - 2.5) * 0.12
        for s in (-1, 1):
            _poly(c, [(0, y), (s * n, y + 0.28), (s * n * 0.9, y + 0.36), (0, y + 0.12)])


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


def _tablet(c: Canvas) -> None:
    """A curse tablet: a lead sheet with scratched lines, pierced by a nail."""
    c.roundRect(-0.7, -0.85, 1.4, 1.6, 0.12, stroke=0, fill=1)
    c.setStrokeColor(Color(1, 1, 1))
    c.setLineWidth(0.07)
    for i in range(5):
        y = 0.45 - i * 0.27
        c.line(-0.5, y, 0.5 - (0.25 if i % 2 else 0), y)
    c.setLineWidth(0.14)
    c.line(0.3, 0.95, -0.1, -0.2)


EMBLEMS: dict[str, Callable[[Canvas], None]] = {
    "laurel": _laurel,
    "whip": _whip,
    "dolphin": _dolphin,
    "egg": _egg,
    "torch": _torch,
    "eagle": _eagle,
    "wheel": _wheel,
    "broken-wheel": _broken_wheel,
    "pillar": _pillar,
    "chariot": _chariot,
    "cue": _cue,
    "sword": _sword,
    "palm": _victory,
    "horse": _horse,
    "tablet": _tablet,
}
