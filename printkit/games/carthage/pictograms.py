"""Carthage's own pictograms: the emblems its cards, tokens and board name (the circus's lap
counters, a whip, the gods' beasts, the wreck's broken wheel, a chariot, a wooden cue...).
The game gives them as its `icons` (printkit/api.py): a Carthage kit's faces, tokens and board
name them as they name the built-in icons.

Each is drawn centred on (0, 0) inside a box of side 2 (from -1 to 1) in the current coordinate
system, in the colours the icon library sets (its ink for fill and stroke).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from printkit.api import Icon, colour, emblem_icon, polygon

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

WHITE = colour("#ffffff")  # the dolphin's eye, the tablet's scratches


def whip(c: Canvas) -> None:
    c.setLineWidth(0.2)
    c.line(-0.75, -0.85, -0.2, 0.1)
    c.setLineWidth(0.09)
    p = c.beginPath()
    p.moveTo(-0.2, 0.1)
    p.curveTo(0.1, 0.9, 0.9, 0.8, 0.8, 0.2)
    p.curveTo(0.7, -0.2, 0.3, -0.1, 0.5, -0.5)
    c.drawPath(p, stroke=1, fill=0)


def dolphin(c: Canvas) -> None:
    """A leaping dolphin, like the lap counters of the circus: arched body, beak, fin, flukes."""
    p = c.beginPath()
    p.moveTo(-0.62, -0.42)  # root of the tail
    p.curveTo(-0.45, 0.25, 0.05, 0.62, 0.5, 0.45)  # the back
    p.curveTo(0.68, 0.38, 0.8, 0.25, 0.98, 0.2)  # forehead to the beak tip
    p.lineTo(0.72, 0.08)
    p.curveTo(0.45, 0.12, 0.05, 0.3, -0.42, -0.5)  # the belly
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    polygon(c, [(-0.05, 0.48), (0.0, 0.92), (0.25, 0.5)])  # dorsal fin
    polygon(c, [(-0.62, -0.42), (-0.95, -0.45), (-0.72, -0.6), (-0.8, -0.95), (-0.42, -0.5)])
    c.setFillColor(WHITE)
    c.circle(0.62, 0.27, 0.05, stroke=0, fill=1)


def egg(c: Canvas) -> None:
    """An egg on its stand, like the egg lap counters."""
    c.ellipse(-0.5, -0.55, 0.5, 0.95, stroke=0, fill=1)
    polygon(c, [(-0.55, -0.95), (0.55, -0.95), (0.3, -0.55), (-0.3, -0.55)])


def eagle(c: Canvas) -> None:
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
    polygon(c, body)
    c.circle(0, 0.68, 0.17, stroke=0, fill=1)
    polygon(c, [(0.1, 0.72), (0.32, 0.66), (0.12, 0.6)])
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
        polygon(c, wing)


def wheel(c: Canvas, broken: bool = False) -> None:
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


def broken_wheel(c: Canvas) -> None:
    wheel(c, broken=True)


def chariot(c: Canvas) -> None:
    """A two-horse chariot seen from the side, running right."""
    c.setLineWidth(0.08)
    polygon(c, [(-0.85, -0.2), (-0.2, -0.2), (-0.2, 0.35), (-0.55, 0.35)])
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
        polygon(c, horse)
        c.line(0.3 + dx, -0.05, 0.2 + dx, -0.7)
        c.line(0.62 + dx, -0.05, 0.78 + dx, -0.7)
    c.setLineWidth(0.06)
    c.line(-0.3, 0.3, 0.85, 0.5)


def cue(c: Canvas) -> None:
    """A wooden lap cue: a turned baton with a knob."""
    c.roundRect(-0.16, -0.95, 0.32, 1.55, 0.1, stroke=0, fill=1)
    c.circle(0, 0.78, 0.22, stroke=0, fill=1)


def tablet(c: Canvas) -> None:
    """A curse tablet: a lead sheet with scratched lines, pierced by a nail."""
    c.roundRect(-0.7, -0.85, 1.4, 1.6, 0.12, stroke=0, fill=1)
    c.setStrokeColor(WHITE)
    c.setLineWidth(0.07)
    for i in range(5):
        y = 0.45 - i * 0.27
        c.line(-0.5, y, 0.5 - (0.25 if i % 2 else 0), y)
    c.setLineWidth(0.14)
    c.line(0.3, 0.95, -0.1, -0.2)


ICONS: tuple[Icon, ...] = (
    emblem_icon("whip", whip, "a whip"),
    emblem_icon("dolphin", dolphin, "a leaping dolphin"),
    emblem_icon("egg", egg, "an egg on its stand"),
    emblem_icon("eagle", eagle, "a spread eagle"),
    emblem_icon("wheel", lambda c: wheel(c), "an eight-spoked wheel"),
    emblem_icon("broken-wheel", broken_wheel, "a broken wheel"),
    emblem_icon("chariot", chariot, "a two-horse chariot"),
    emblem_icon("cue", cue, "a turned wooden baton"),
    emblem_icon("tablet", tablet, "a scratched tablet pierced by a nail"),
)
