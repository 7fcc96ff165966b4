"""Drawing a piece's outline (layout/shapes.py): as a clip, a fill, or a thin cut line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from printkit.layout.imposition import MARK_WIDTH
from printkit.layout.shapes import Segment


def outline_path(c: Canvas, segments: Sequence[Segment]) -> Any:
    """A reportlab path of the outline's segments (move, line, curve, close)."""
    p = c.beginPath()
    for seg in segments:
        op, nums = seg[0], [float(v) for v in seg[1:]]
        if op == "M":
            p.moveTo(*nums)
        elif op == "L":
            p.lineTo(*nums)
        elif op == "C":
            p.curveTo(*nums)
        else:
            p.close()
    return p


def clip_to(c: Canvas, segments: Sequence[Segment]) -> None:
    """Clip what follows (until the state is restored) to the inside of the outline."""
    c.clipPath(outline_path(c, segments), stroke=0, fill=0)


def draw_cut_lines(c: Canvas, lines: Sequence[Sequence[Segment]]) -> None:
    """Thin black cut lines on the pieces' outlines, as thin as crop marks."""
    if not lines:
        return
    c.saveState()
    c.setStrokeColor(black)
    c.setLineWidth(MARK_WIDTH)
    c.setLineJoin(1)
    for segments in lines:
        c.drawPath(outline_path(c, segments), stroke=1, fill=0)
    c.restoreState()
