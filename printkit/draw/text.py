"""Fitting text in boxes: wrap at word boundaries and shrink, down to a minimum size.

Text is drawn as plain text (never parsed as markup), so card text cannot make the renderer load a
file or a URL. Text that does not fit at the minimum size raises TextOverflow; it is never
clipped or allowed to spill silently.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import ascent_descent, text_width

LEADING = 1.18
STEP = 0.25  # pt: sizes are tried on this grid, by bisection


class TextOverflow(Exception):
    """Text does not fit its box even at the minimum size."""

    def __init__(self, text: str, width: float, height: float, min_size: float) -> None:
        super().__init__(f"text does not fit in {width:.0f}x{height:.0f} pt at {min_size:g} pt")
        self.text = text
        self.min_size = min_size


@dataclass(frozen=True)
class FittedText:
    lines: tuple[str, ...]
    size: float
    font: str
    leading: float

    @property
    def height(self) -> float:
        return self.size + (len(self.lines) - 1) * self.leading


def wrap(text: str, font: str, size: float, width: float) -> list[str] | None:
    """Greedy word wrap; None when a single word is wider than the box."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        current = words[0]
        if text_width(current, font, size) > width:
            return None
        for word in words[1:]:
            if text_width(word, font, size) > width:
                return None
            candidate = f"{current} {word}"
            if text_width(candidate, font, size) <= width:
                current = candidate
            else:
                lines.append(current)
                current = word
        lines.append(current)
    return lines


def _layout(text: str, font: str, size: float, width: float, height: float, max_lines: int):
    lines = wrap(text, font, size, width)
    if lines is None or len(lines) > max_lines:
        return None
    fitted = FittedText(tuple(lines), size, font, size * LEADING)
    return fitted if fitted.height <= height + 1e-6 else None


def fit_text(
    text: str,
    font: str,
    width: float,
    height: float,
    max_size: float,
    min_size: float,
    max_lines: int = 99,
) -> FittedText:
    """The largest size (on a STEP grid) at which `text` wraps inside width x height."""
    best = _layout(text, font, max_size, width, height, max_lines)
    if best:
        return best
    lo, hi = round(min_size / STEP), round(max_size / STEP)
    found = None
    while lo <= hi:
        mid = (lo + hi) // 2
        attempt = _layout(text, font, mid * STEP, width, height, max_lines)
        if attempt:
            found, lo = attempt, mid + 1
        else:
            hi = mid - 1
    if found is None:
        raise TextOverflow(text, width, height, min_size)
    return found


def draw_fitted(
    c: Canvas,
    fitted: FittedText,
    x: float,
    y_top: float,
    width: float,
    align: str = "centre",
    height: float | None = None,
) -> None:
    """Draw fitted lines from the top of a box (vertically centred in `height` when given)."""
    ascent, _ = ascent_descent(fitted.font, fitted.size)
    top = y_top
    if height is not None:
        top = y_top - (height - fitted.height) / 2
    c.setFont(fitted.font, fitted.size)
    baseline = top - ascent * 0.92
    for line in fitted.lines:
        if align == "left":
            c.drawString(x, baseline, line)
        elif align == "right":
            c.drawRightString(x + width, baseline, line)
        else:
            c.drawCentredString(x + width / 2, baseline, line)
        baseline -= fitted.leading


def draw_line_fitted(
    c: Canvas,
    text: str,
    font: str,
    size: float,
    x: float,
    y: float,
    width: float,
    align: str = "centre",
    min_size: float = 4.0,
) -> float:
    """One line shrunk (never wrapped) to fit `width`; returns the size used."""
    w = text_width(text, font, size)
    if w > width:
        size = max(min_size, size * width / w)
    c.setFont(font, size)
    if align == "left":
        c.drawString(x, y, text)
    elif align == "right":
        c.drawRightString(x + width, y, text)
    else:
        c.drawCentredString(x + width / 2, y, text)
    return size
