"""Chartae's own pictograms, in the manner of an engraved sea chart: a ship, a whale and a
walled town, the ornaments its tiles name, and the compass rose as an icon (the rose itself is
drawn by draw/mapmarks.py, which the tiles also use). The game gives them as its `icons` (printkit/api.py),
so a Chartae kit's tiles and faces name them as they name the built-in icons.

Each mark takes a canvas, a position and a size (`r`) and draws nothing else; as an icon it is
drawn at 0.8 of its box's half-side, in the icon's ink, paper and accent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from printkit.api import Colours, Icon, compass_rose, wave_mark

if TYPE_CHECKING:
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas


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


def _icon(name: str, mark: Callable[..., None], doc: str) -> Icon:
    """The mark as an icon: centred, 0.8 of the unit box, its water in the icon's accent."""

    def unit(c: Any, colours: Colours) -> None:
        mark(c, 0, 0, 0.8, colours.ink, colours.paper, colours.accent or colours.ink)

    return Icon(name, unit, doc)


def _compass(c: Any, colours: Colours) -> None:
    accent = colours.accent or colours.ink
    compass_rose(c, (0, 0), 1.0, colours.ink, colours.paper, accent, letters=False)


ICONS: tuple[Icon, ...] = (
    _icon("ship", ship_mark, "a three-masted ship (ink, paper, accent)"),
    _icon("whale", whale_mark, "a whale's back and tail (ink, accent)"),
    _icon("town", town_mark, "a walled town (ink, paper)"),
    Icon("compass-rose", _compass, "a sixteen-point compass rose (ink, paper, accent)"),
)
