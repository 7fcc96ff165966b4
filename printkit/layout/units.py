"""Units: millimetres, inches, points and centimetres, and parsing lengths written in YAML.

A plain number in the data is millimetres (the documented default unit).
"""

from __future__ import annotations

import math
import re

UNIT_POINTS = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 720.0 / 25.4}
DEFAULT_UNIT = "mm"
LENGTH_PATTERN = r"^\s*[0-9]+(\.[0-9]+)?\s*(mm|cm|in|pt|\"|″)?\s*$"  # as _LENGTH_RE
_LENGTH_RE = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*(mm|cm|in|pt|\"|″)?\s*")


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * UNIT_POINTS["mm"]


def inch(value: float) -> float:
    """Inches to points."""
    return value * 72.0


def to_mm(points: float) -> float:
    """Points to millimetres."""
    return points / UNIT_POINTS["mm"]


def parse_length(value: object) -> float | None:
    """A length in points from 12, 12.5, "63mm", "2.5in", "12pt" or "1cm"; None if not a length."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        if not math.isfinite(value) or value < 0:
            return None
        return float(value) * UNIT_POINTS[DEFAULT_UNIT]
    if not isinstance(value, str):
        return None
    match = _LENGTH_RE.fullmatch(value)
    if not match:
        return None
    unit = match.group(2) or DEFAULT_UNIT
    unit = "in" if unit in ('"', "″") else unit
    return float(match.group(1)) * UNIT_POINTS[unit]


def format_mm(points: float) -> str:
    """A length for people: '63 mm', '2.5 mm'."""
    return f"{to_mm(points):.4g} mm"
