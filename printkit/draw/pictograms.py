"""Generic pictograms: an arrow head, a spoked wheel, a star, a meander border, textures.

Each takes a canvas and a box in the current coordinate system and draws nothing else.
"""

from __future__ import annotations

import math
from functools import lru_cache

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import PATH_OPS, Canvas

from printkit.draw.fonts import KitCanvas
from printkit.draw.sketch import paints_shapes


def arrow_head(
    c: Canvas, x: float, y: float, direction_deg: float, size: float, ink: Color
) -> None:
    """A filled triangular head with its tip at (x, y), pointing in `direction_deg`."""
    t = math.radians(direction_deg)
    back = (x - size * math.cos(t), y - size * math.sin(t))
    nx, ny = -math.sin(t) * size * 0.45, math.cos(t) * size * 0.45
    p = c.beginPath()
    p.moveTo(x, y)
    p.lineTo(back[0] + nx, back[1] + ny)
    p.lineTo(back[0] - nx, back[1] - ny)
    p.close()
    c.saveState()
    c.setFillColor(ink)
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def wheel(c: Canvas, cx: float, cy: float, r: float, ink: Color, spokes: int = 8) -> None:
    """A spoked wheel: rotationally symmetric."""
    c.saveState()
    c.setStrokeColor(ink)
    c.setLineWidth(r * 0.12)
    c.circle(cx, cy, r * 0.92, stroke=1, fill=0)
    c.setLineWidth(r * 0.06)
    for i in range(spokes):
        t = 2 * math.pi * i / spokes
        c.line(
            cx + r * 0.2 * math.cos(t),
            cy + r * 0.2 * math.sin(t),
            cx + r * 0.86 * math.cos(t),
            cy + r * 0.86 * math.sin(t),
        )
    c.setFillColor(ink)
    c.circle(cx, cy, r * 0.2, stroke=0, fill=1)
    c.restoreState()


def star(c: Canvas, x: float, y: float, r: float, stroke: bool = False) -> None:
    """A filled five-pointed star of outer radius r, in the current fill colour (outlined in
    the current stroke colour when `stroke`)."""
    if type(c) is KitCanvas:  # the operators the calls below write, at once, byte for byte
        corners = fp_str(*[v for dx, dy in _star_offsets(r) for v in (x + dx, y + dy)]).split()
        points = [f"{corners[i]} {corners[i + 1]}" for i in range(0, 20, 2)]
        path = f"n {points[0]} m {' l '.join(points[1:])} l h"
        c.addLiteral(f"{path}\n{PATH_OPS[int(stroke), 1, c._fillMode]}")
        return
    (dx, dy), *rest = _star_offsets(r)
    p = c.beginPath()
    p.moveTo(x + dx, y + dy)
    line_to = p.lineTo
    for dx, dy in rest:
        line_to(x + dx, y + dy)
    p.close()
    c.drawPath(p, stroke=int(stroke), fill=1)


@lru_cache(maxsize=64)
def _star_offsets(r: float) -> tuple[tuple[float, float], ...]:
    """The star's ten corners from its centre: outer and inner in turn, from the top."""
    corners = []
    for i in range(10):
        t = math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        corners.append((rr * math.cos(t), rr * math.sin(t)))
    return tuple(corners)


def meander_border(
    c: Canvas, x: float, y: float, w: float, h: float, unit: float, ink: Color
) -> None:
    """A Greek-key band along the inside of a rectangle, symmetric under a half turn."""
    c.saveState()
    c.setStrokeColor(ink)
    c.setLineWidth(unit * 0.28)
    c.rect(x, y, w, h, stroke=1, fill=0)
    c.rect(x + unit * 2, y + unit * 2, w - unit * 4, h - unit * 4, stroke=1, fill=0)
    for x0, y0, dx, dy, length in (
        (x, y + unit, 1, 0, w),
        (x + w, y + h - unit, -1, 0, w),
        (x + unit, y + h, 0, -1, h),
        (x + w - unit, y, 0, 1, h),
    ):
        n = int((length - 2 * unit) // (unit * 2))
        for i in range(1, n):
            px = x0 + dx * i * unit * 2
            py = y0 + dy * i * unit * 2
            if dx:
                c.line(px, py - unit * 0.5, px, py + unit * 0.5)
            else:
                c.line(px - unit * 0.5, py, px + unit * 0.5, py)
    c.restoreState()


def texture(  # noqa: C901
    c: Canvas, name: str, x: float, y: float, w: float, h: float, spacing: float, width: float
) -> None:
    """A texture over the rectangle in the current colours: dots, stripes, stars, lattice, grid.

    Marks sit on a grid from the rectangle's corner (grid lines: on multiples of `spacing` from
    the origin, so a grid over a square piece is symmetric under a half turn); the caller clips if marks must not overrun.
    """
    if name == "plain" or not paints_shapes(c):
        return
    c.saveState()
    c.setLineWidth(width)
    if name in ("stripes", "lattice"):
        step = spacing * (1.4 if name == "stripes" else 1.0)
        at = x - h
        while at < x + w:
            c.line(at, y, at + h, y + h)
            if name == "lattice":
                c.line(at + h, y, at, y + h)
            at += step
    elif name == "grid":
        for k in range(math.ceil(x / spacing), math.floor((x + w) / spacing) + 1):
            c.line(k * spacing, y, k * spacing, y + h)  # lines on multiples from the origin
        for k in range(math.ceil(y / spacing), math.floor((y + h) / spacing) + 1):
            c.line(x, k * spacing, x + w, k * spacing)
    else:
        row, at_y = 0, y
        while at_y < y + h:
            at_x = x + (spacing / 2 if row % 2 else 0)
            while at_x < x + w:
                if name == "dots":
                    c.circle(at_x, at_y, 0.45, stroke=0, fill=1)
                else:
                    star(c, at_x, at_y, 0.9)
                at_x += spacing
            at_y += spacing
            row += 1
    c.restoreState()
