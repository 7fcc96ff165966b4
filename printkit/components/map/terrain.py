"""Terrain textures for map cells, so terrain reads without colour: trees, hills, waves, marsh
tufts and hatching, besides the face patterns of draw/pictograms.py. Each fills a rectangle in
the current stroke and fill colours; the caller clips to the cell."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

from reportlab.pdfgen.canvas import Canvas

from printkit.draw import pictograms
from printkit.draw.sketch import paints_shapes
from printkit.layout.geometry import Rect


def _stations(r: Rect, step: float) -> Iterator[tuple[float, float]]:
    """Marks on staggered rows over `r`, `step` apart (every other row moved half a step)."""
    row, y = 0, r.y + step / 2
    while y < r.y1 + step:
        x = r.x + (step / 2 if row % 2 else 0.0)
        while x < r.x1 + step:
            yield x, y
            x += step
        y += step * 0.8
        row += 1


def _tree(c: Canvas, x: float, y: float, s: float) -> None:
    c.line(x, y - s * 0.45, x, y - s * 0.1)
    c.circle(x, y + s * 0.05, s * 0.22, stroke=1, fill=1)


def _hill(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    p.arc(x - s * 0.35, y - s * 0.3, x + s * 0.35, y + s * 0.3, 20, 140)
    c.drawPath(p, stroke=1, fill=0)


def _wave(c: Canvas, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    p.moveTo(x - s * 0.4, y)
    p.curveTo(x - s * 0.25, y + s * 0.18, x - s * 0.1, y + s * 0.18, x, y)
    p.curveTo(x + s * 0.1, y - s * 0.18, x + s * 0.25, y - s * 0.18, x + s * 0.4, y)
    c.drawPath(p, stroke=1, fill=0)


def _tuft(c: Canvas, x: float, y: float, s: float) -> None:
    c.line(x - s * 0.3, y, x + s * 0.3, y)
    for dx in (-0.15, 0.0, 0.15):
        c.line(x + dx * s, y, x + dx * s * 1.6, y + s * 0.25)


MARKS: dict[str, Callable[[Canvas, float, float, float], None]] = {
    "trees": _tree,
    "hills": _hill,
    "waves": _wave,
    "tufts": _tuft,
}


def terrain_texture(c: Canvas, name: str, r: Rect, spacing: float, width: float) -> None:
    """Texture `name` over `r`: a terrain mark, hatching, or a face pattern."""
    if name == "plain" or not paints_shapes(c):
        return
    if name not in MARKS and name != "hatch":
        pictograms.texture(c, name, r.x, r.y, r.w, r.h, spacing, width)
        return
    c.saveState()
    c.setLineWidth(width)
    c.setLineCap(1)
    if name == "hatch":
        y = r.y
        while y < r.y1:
            c.line(r.x, y, r.x1, y)
            y += spacing / 2
    else:
        for x, y in _stations(r, spacing):
            MARKS[name](c, x, y, spacing)
    c.restoreState()


def texture_marks(name: str, w: float, h: float, spacing: float) -> int:
    """How many marks (a tree, a dot, a line) texture `name` draws over a w x h rectangle,
    counted as the drawing loops place them: what a map's cells cost to draw is counted from
    it before anything is drawn (MAX_MAP_MARKS)."""
    if name == "plain":
        return 0
    if name in MARKS:
        return sum(1 for _ in _stations(Rect(0.0, 0.0, w, h), spacing))
    if name == "hatch":
        return math.ceil(h / (spacing / 2))
    if name in ("stripes", "lattice"):
        lines = math.ceil((w + h) / (spacing * (1.4 if name == "stripes" else 1.0)))
        return lines * (2 if name == "lattice" else 1)
    if name == "grid":
        return math.ceil(w / spacing) + math.ceil(h / spacing) + 2
    rows = math.ceil(h / spacing)  # dots and stars: every other row moved half a step
    return math.ceil(rows / 2) * math.ceil(w / spacing) + rows // 2 * math.ceil(
        (w - spacing / 2) / spacing
    )
