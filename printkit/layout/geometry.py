"""Rectangles in points, origin bottom-left (PDF convention)."""

from __future__ import annotations

from printkit.core.fieldwise import fieldwise


@fieldwise(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    def __init__(self, x: float, y: float, w: float, h: float) -> None:
        # its own, not the shared one (core/fieldwise.py): a build makes thousands
        set_field = object.__setattr__
        set_field(self, "x", x)
        set_field(self, "y", y)
        set_field(self, "w", w)
        set_field(self, "h", h)

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def expand(self, d: float) -> Rect:
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def inset(self, d: float) -> Rect:
        return self.expand(-d)

    def shift(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def box(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1), the form PDF page boxes use."""
        return (self.x, self.y, self.x1, self.y1)

    def contains(self, other: Rect, tol: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tol
            and other.y >= self.y - tol
            and other.x1 <= self.x1 + tol
            and other.y1 <= self.y1 + tol
        )
