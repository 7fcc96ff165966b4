"""Drawing a die-line (layout/dieline.py): the ground over the cut outline and its bleed, each
panel's face of elements, then the cut (solid) and the folds (dashed) on top.

The ground reaches `bleed` past the cut everywhere (the outline filled, and stroked twice the
bleed wide with round joins), so a cut a little off the line shows no paper. A panel's face is
clipped to its panel, so one panel's art never spills onto the next across a fold.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.colour import colour
from printkit.draw.elements import ElementPainter, Palette
from printkit.layout.dieline import DieLine, Panel, Point
from printkit.layout.units import mm
from printkit.model.face import Areas, Element

CUT_WIDTH = 0.5  # pt: thin, so a cut on the line removes it
FOLD_DASH = (mm(2), mm(1.5))


def _outline(c: Canvas, points: list[Point]) -> Any:
    path = c.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    return path


def draw_ground(c: Canvas, die: DieLine, ground: str, bleed: float) -> None:
    """The ground colour over the cut outline and `bleed` past it."""
    c.saveState()
    c.setFillColor(colour(ground))
    c.setStrokeColor(colour(ground))
    c.setLineJoin(1)
    c.setLineWidth(2 * bleed)
    c.drawPath(_outline(c, die.cut), stroke=1 if bleed > 0 else 0, fill=1, fillMode=0)
    c.restoreState()


FaceOf = Callable[[Panel], list[Element]]


def draw_faces(  # noqa: PLR0913
    c: Canvas,
    die: DieLine,
    faces: FaceOf,
    values: Any,
    palette: Palette,
    icons: Any,
    min_text: float,
    safe: float,
) -> None:
    """Each panel's face elements, measured in the panel and clipped to it; placeholders and
    conditions read `values` (anything with `get(name)`)."""
    for panel in die.panels:
        elements = faces(panel)
        if not elements:
            continue
        r = panel.rect
        c.saveState()
        clip = c.beginPath()
        clip.rect(r.x, r.y, r.w, r.h)
        c.clipPath(clip, stroke=0, fill=0)
        c.translate(r.x, r.y)
        areas = Areas(r.w, r.h, min(safe, min(r.w, r.h) / 4), 0.0)
        ElementPainter(c, areas, icons, {}, min_text).draw_all(elements, values, palette)
        c.restoreState()


def draw_lines(c: Canvas, die: DieLine, cut: str, fold: str) -> None:
    """The cut, solid in `cut`, and the folds, dashed in `fold`."""
    c.saveState()
    c.setStrokeColor(colour(cut))
    c.setLineWidth(CUT_WIDTH)
    c.setLineJoin(0)
    c.drawPath(_outline(c, die.cut), stroke=1, fill=0)
    c.setStrokeColor(colour(fold))
    c.setDash(*FOLD_DASH)
    for (x0, y0), (x1, y1) in die.folds:
        c.line(x0, y0, x1, y1)
    c.restoreState()
