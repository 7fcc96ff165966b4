"""Affine matrices and boxes in PDF points, as content streams use them."""

from __future__ import annotations

import math

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF order: a point p maps to p·m·n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n  # noqa: N806
    return (
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def apply_all(m: Matrix, points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """`apply` to every point (the same arithmetic, without a call per point)."""
    a, b, c, d, e, f = m
    return [(a * x + c * y + e, b * x + d * y + f) for x, y in points]


def scale_of(m: Matrix) -> float:
    """How much the matrix scales a length (geometric mean of the two axes)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def box_of(points: list[tuple[float, float]]) -> Box:
    """The smallest box holding the points (min and max as the builtins pick them: the first
    of equal values). One pass, no lists: paths are short and many."""
    if not points:
        raise ValueError("box_of() of no points")
    x0, y0 = x1, y1 = points[0]
    for x, y in points:
        if x < x0:
            x0 = x
        elif x > x1:
            x1 = x
        if y < y0:
            y0 = y
        elif y > y1:
            y1 = y
    return (x0, y0, x1, y1)


def intersect(a: Box, b: Box | None) -> Box:
    if b is None:
        return a
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
