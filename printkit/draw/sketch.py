"""A canvas for measuring, never saved: it keeps a painter's graphics state, transformations,
forms and strings, but paints no shape (no path, line, rectangle, circle, fill or clip).

`printkit check` and the build's rules gate draw every piece to find text outside the safe
area, characters a font lacks and text that cannot fit; none of that depends on the shapes,
which are most of the cost of drawing (thousands of stars in a texture). A painter draws on it
exactly as on a real canvas: the same calls, in the same order, with the same text; drawing
code that makes only shapes (a texture of stars) may ask `paints_shapes(c)` and skip itself.
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import KitCanvas


def _ignore(*args: Any, **kwargs: Any) -> None:
    return None


class _NoPath:
    """A path that records nothing: every path method (moveTo, lineTo, circle...) is ignored."""

    moveTo = lineTo = curveTo = close = staticmethod(_ignore)  # noqa: N815 - the most used

    def __getattr__(self, name: str) -> Any:
        return _ignore


class SketchCanvas(KitCanvas):
    """A reportlab canvas whose shapes cost nothing; text, state and forms work as usual."""

    def beginPath(self) -> Any:  # noqa: N802 - reportlab's names, here and below
        return _NoPath()

    def drawPath(self, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        return None

    def clipPath(self, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        return None

    def clip_rect(self, *args: Any, **kwargs: Any) -> None:
        return None

    def rect(self, *args: Any, **kwargs: Any) -> None:
        return None

    def roundRect(self, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        return None

    def ellipse(self, *args: Any, **kwargs: Any) -> None:
        return None

    def circle(self, *args: Any, **kwargs: Any) -> None:
        return None

    def wedge(self, *args: Any, **kwargs: Any) -> None:
        return None

    def arc(self, *args: Any, **kwargs: Any) -> None:
        return None

    def bezier(self, *args: Any, **kwargs: Any) -> None:
        return None

    def line(self, *args: Any, **kwargs: Any) -> None:
        return None

    def lines(self, *args: Any, **kwargs: Any) -> None:
        return None


def paints_shapes(c: Canvas) -> bool:
    """Whether shapes drawn on `c` show: false on a SketchCanvas, where only text is measured."""
    return not isinstance(c, SketchCanvas)
