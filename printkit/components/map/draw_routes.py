"""Drawing a track of numbered spaces and a network of connections (components/map/routes.py).

Both are measured in their element's box, y down from its top-left (as every face box is);
the painter is given that box as a page Rect. Track numbers go through draw/text.py's fitting,
so a number is always inside its space.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printkit.components.map.routes import ConnectionsElement, TrackElement
from printkit.draw.colour import colour
from printkit.draw.fonts import font
from printkit.draw.text import fit_in_box
from printkit.layout.geometry import Rect
from printkit.layout.hexgrid import polyline_stations, ring_cells


@dataclass(frozen=True)
class Space:
    """One track space on the page: its number, centre, side (or diameter) and turn."""

    number: int
    cx: float
    cy: float
    w: float
    h: float
    angle: float = 0.0


def track_spaces(t: TrackElement, box: Rect) -> list[Space]:
    """Where each space of the track lies on the page, in order."""
    numbers = range(t.first, t.first + t.spaces)
    if t.path == "edge":
        cells = ring_cells(box.w, box.h, t.spaces)
        return [Space(n, box.x + x + w / 2, box.y1 - y - h / 2, w, h)
                for n, (x, y, w, h) in zip(numbers, cells, strict=True)]  # fmt: skip
    if t.path == "polyline":
        points = [(float(x), float(y)) for x, y in t.points]
        stations = polyline_stations(points, t.spaces)
        gap = _spacing(points, t.spaces)
        side = t.space or gap * 0.9
        return [Space(n, box.x + px, box.y1 - py, side, side, -angle)
                for n, ((px, py), angle) in zip(numbers, stations, strict=True)]  # fmt: skip
    across = box.w >= box.h
    step = (box.w if across else box.h) / t.spaces
    w, h = (step, box.h) if across else (box.w, step)
    return [
        Space(
            n,
            box.x + (k + 0.5) * step if across else box.cx,
            box.cy if across else box.y1 - (k + 0.5) * step,
            w,
            h,
        )  # fmt: skip
        for k, n in enumerate(numbers)
    ]


def _spacing(points: list[tuple[float, float]], n: int) -> float:
    length = sum(
        math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(points, points[1:], strict=False)
    )
    return length / max(1, n - 1)


def draw_track(c: Canvas, t: TrackElement, box: Rect, min_text: float) -> None:
    """Each space: its outline (a square turned along a polyline, or a circle), then its
    number and note, always upright."""
    marks = {m.at: m for m in t.marks}
    for space in track_spaces(t, box):
        mark = marks.get(space.number)
        c.saveState()
        c.translate(space.cx, space.cy)
        _outline(c, t, space, mark.fill if mark and mark.fill else t.fill)
        w, h = space.w, space.h
        if t.shape == "circle":
            w = h = min(w, h) * 0.72
        _numbered(c, t, space.number, w, h, mark.text if mark else "", min_text)
        c.restoreState()


def _outline(c: Canvas, t: TrackElement, space: Space, fill: str) -> None:
    c.saveState()
    c.setFillColor(colour(fill))
    c.setStrokeColor(colour(t.stroke))
    c.setLineWidth(t.line_width)
    if t.shape == "circle":
        c.circle(0, 0, min(space.w, space.h) / 2, stroke=1, fill=1)
    else:
        c.rotate(space.angle)
        c.rect(-space.w / 2, -space.h / 2, space.w, space.h, stroke=1, fill=1)
    c.restoreState()


def _numbered(c: Canvas, t: TrackElement, n: int, w: float, h: float, note: str,
              min_text: float) -> None:  # fmt: skip
    """The space's label ({n}: its number) and, under it, its note."""
    c.setFillColor(colour(t.colour))
    label = t.label.replace("{n}", str(n))
    top = -h / 2 + h * 0.1 + (h * 0.3 if note else 0)
    number_h = h * (0.62 if note else 0.8)
    fit_in_box(c, label, font(c, t.font), (-w * 0.45, top, w * 0.9, number_h), t.size, min_text)
    if note:
        fit_in_box(c, note, font(c, "condensed"), (-w * 0.46, -h / 2 + h * 0.06, w * 0.92, h * 0.3),
                   t.size * 0.45, min(min_text, 3.5), "centre", 2)  # fmt: skip


def draw_connections(c: Canvas, n: ConnectionsElement, box: Rect) -> None:
    def at(name: str) -> tuple[float, float]:
        x, y = n.points[name]
        return box.x + x, box.y1 - y

    c.saveState()
    c.setStrokeColor(colour(n.line))
    c.setLineWidth(n.line_width)
    c.setLineCap(1)
    for a, b in n.link_ends():
        c.line(*at(a), *at(b))
    c.setLineWidth(max(0.4, n.radius * 0.15))
    c.setStrokeColor(colour(n.stroke))
    for name in n.points:
        x, y = at(name)
        c.setFillColor(colour(n.fill))
        c.circle(x, y, n.radius, stroke=1, fill=1)
        c.setFillColor(colour(n.colour))
        c.setFont(font(c, n.font), n.size)
        c.drawCentredString(x, y - n.radius - n.size * 0.95, name)
    c.restoreState()
