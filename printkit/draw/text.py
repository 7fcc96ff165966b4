"""Fitting text in boxes: the one routine every text on a face goes through.

Text wraps at word boundaries and shrinks (on a STEP grid) down to a minimum size that comes from
data; text that does not fit at that size raises TextOverflow, so a caller reports it (a `check`
error at the value's place in the data) and nothing is ever drawn outside its box. Text may hold
inline icons, `{icon:name}`, sized to the text and wrapped like a word. Text is drawn as plain
text (never parsed as markup), so card text cannot make the renderer load a file or a URL.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.fonts import KitCanvas, ascent_descent, string_width, text_width

LEADING = 1.18
STEP = 0.25  # pt: sizes are tried on this grid, by bisection
INLINE_ICON = re.compile(r"\{icon:([^{}\s]+)\}")
ICON_EM = 1.05  # an inline icon's width, in text sizes
# A line may break at any white space but a no-break one: U+00A0 (no-break space), U+202F (narrow
# no-break space), U+2007 (figure space) keep the words on each side together ("-1\u00a0HEALTH").
BREAKS = re.compile(r"[^\S\u00a0\u202f\u2007]+")


class TextOverflow(Exception):
    """Text does not fit its box even at the minimum size."""

    def __init__(self, text: str, width: float, height: float, min_size: float) -> None:
        super().__init__(f"text does not fit in {width:.0f}x{height:.0f} pt at {min_size:g} pt")
        self.text = text
        self.min_size = min_size


class FittedText(NamedTuple):
    lines: tuple[str, ...]
    size: float
    font: str
    leading: float

    @property
    def height(self) -> float:
        return self.size + (len(self.lines) - 1) * self.leading


def line_width(text: str, font: str, size: float) -> float:
    """The width of one line, inline icons counted at ICON_EM text sizes each."""
    if "{icon:" not in text:
        return text_width(text, font, size)
    icons = INLINE_ICON.findall(text)
    plain = INLINE_ICON.sub("", text)
    return text_width(plain, font, size) + len(icons) * size * ICON_EM


def wrap(text: str, font: str, size: float, width: float) -> list[str] | None:
    """Greedy word wrap; None when a single word is wider than the box."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = [word for word in BREAKS.split(paragraph) if word]
        if not words:
            lines.append("")
            continue
        whole = " ".join(words)
        if line_width(whole, font, size) <= width:  # a line holds it all: no word is wider
            lines.append(whole)
            continue
        current = words[0]
        if line_width(current, font, size) > width:
            return None
        for word in words[1:]:
            if line_width(word, font, size) > width:
                return None
            candidate = f"{current} {word}"
            if line_width(candidate, font, size) <= width:
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


@lru_cache(maxsize=2048)
def fit_text(
    text: str,
    font: str,
    width: float,
    height: float,
    max_size: float,
    min_size: float,
    max_lines: int = 99,
) -> FittedText:
    """The largest size (on a STEP grid) at which `text` wraps inside width x height (cached:
    a deck lays out the same captions and labels on many cards)."""
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


InlineIcon = Callable[[Canvas, str, float, float, float], None]  # (c, name, cx, cy, size)


def draw_fitted(
    c: Canvas,
    fitted: FittedText,
    x: float,
    y_top: float,
    width: float,
    align: str = "centre",
    height: float | None = None,
    icons: InlineIcon | None = None,
) -> None:
    """Draw fitted lines from the top of a box (vertically centred in `height` when given).

    Each line's glyph box (the font size tall, from the font's descent) stays inside the block
    `fitted.height` tall, so text fitted to a box is drawn inside it.
    """
    top = y_top
    if height is not None:
        top = y_top - (height - fitted.height) / 2
    draw_lines(c, fitted, x, top, width, align, icons)


def draw_lines(
    c: Canvas,
    fitted: FittedText,
    x: float,
    top: float,
    width: float,
    align: str = "centre",
    icons: InlineIcon | None = None,
) -> None:
    """Draw fitted lines, the first line's glyph box starting at `top`."""
    _, descent = ascent_descent(fitted.font, fitted.size)
    c.setFont(fitted.font, fitted.size)
    baseline = top - fitted.size + descent
    codes = c.line_codes if isinstance(c, KitCanvas) else None
    for line in fitted.lines:
        if codes is None or "{icon:" in line:
            _draw_line(c, line, fitted, x, baseline, width, align, icons)
        else:
            _draw_known_line(c, codes, line, fitted, (x, baseline, width), align)
        baseline -= fitted.leading


MAX_LINE_CODES = 1024  # lines kept per canvas; past it the canvas starts keeping afresh
ANCHORS = {"left": 0.0, "right": 1.0}  # the share of a line's width left of its x; else centred


def _draw_known_line(
    c: Canvas,
    codes: dict[tuple[str, float, float, float, str], str],
    line: str,
    fitted: FittedText,
    at: tuple[float, float, float],
    align: str,
) -> None:
    """One line without inline icons, as drawString, drawRightString or drawCentredString
    draw it (the same operators, byte for byte), made once per canvas and then appended."""
    x, baseline, width = at
    key = (fitted.font, fitted.size, x + width * ANCHORS.get(align, 0.5), baseline, line)
    code = codes.get(key)
    if code is None:
        start = key[2]
        if align != "left":  # the line's start, computed as reportlab's own calls compute it
            shift = string_width(line, fitted.font, fitted.size)  # once a canvas: not kept
            start = start - shift if align == "right" else start - 0.5 * shift
        text = c.beginText(start, baseline)
        text.textLine(line)
        code = text.getCode()
        if len(codes) >= MAX_LINE_CODES:
            codes.clear()
        codes[key] = code
    c.addLiteral(code)


def _draw_line(
    c: Canvas,
    line: str,
    fitted: FittedText,
    x: float,
    baseline: float,
    width: float,
    align: str,
    icons: InlineIcon | None,
) -> None:
    if icons is None or "{icon:" not in line:
        if align == "left":
            c.drawString(x, baseline, line)
        elif align == "right":
            c.drawRightString(x + width, baseline, line)
        else:
            c.drawCentredString(x + width / 2, baseline, line)
        return
    size, font = fitted.size, fitted.font
    spare = width - line_width(line, font, size)
    at = x + {"left": 0.0, "right": spare}.get(align, spare / 2)
    _, descent = ascent_descent(font, size)
    middle = baseline + size / 2 - descent
    for i, part in enumerate(INLINE_ICON.split(line)):
        if i % 2:  # an icon name
            icons(c, part, at + size * ICON_EM / 2, middle, size * 0.95)
            at += size * ICON_EM
        elif part:
            c.setFont(font, size)
            c.drawString(at, baseline, part)
            at += text_width(part, font, size)


class TextLayout(NamedTuple):
    """How text sits in its box: each line's alignment, the block's vertical place, the most
    lines it may wrap to."""

    align: str = "centre"  # left, centre, right
    valign: str = "middle"  # top, middle, bottom
    max_lines: int = 1

    def block_top(self, y: float, h: float, fitted: FittedText) -> float:
        """The top of the block of lines in a box (bottom y, height h)."""
        spare = h - fitted.height
        return y + h - {"top": 0.0, "bottom": spare}.get(self.valign, spare / 2)


_MEASURES = (fit_text, text_width)  # the caches forget_measures() empties


def forget_measures() -> None:
    """Empty the caches of fitted texts and text widths (they grow with a deck's distinct
    texts): for a render that draws from fits measured before (components/deck/layout.py)."""
    for cached in _MEASURES:
        cached.cache_clear()


@lru_cache(maxsize=256)
def text_layout(align: str, valign: str, max_lines: int) -> TextLayout:
    """The TextLayout of these settings, made once (every card lays its texts out alike)."""
    return TextLayout(align, valign, max_lines)


def fit_in_box(  # noqa: PLR0913
    c: Canvas,
    text: str,
    font: str,
    box: tuple[float, float, float, float],
    max_size: float,
    min_size: float,
    align: str = "centre",
    max_lines: int = 1,
    icons: InlineIcon | None = None,
) -> FittedText:
    """Fit `text` in box (x, bottom, width, height), draw it centred there and return the fit.

    Raises TextOverflow when it cannot fit at min_size: nothing is drawn outside the box.
    """
    layout = TextLayout(align, "middle", max_lines)
    return fit_laid_out(c, text, font, box, (max_size, min_size), layout, icons)


def fit_laid_out(
    c: Canvas,
    text: str,
    font: str,
    box: tuple[float, float, float, float],
    sizes: tuple[float, float],
    layout: TextLayout,
    icons: InlineIcon | None = None,
) -> FittedText:
    """Fit `text` in box (x, bottom, width, height) between sizes (largest, smallest), draw it
    there as `layout` says (align, valign, max_lines) and return the fit.

    Raises TextOverflow when it cannot fit at the smallest size: nothing is drawn outside the box.
    """
    x, y, w, h = box
    max_size, min_size = sizes
    fitted = fit_text(text, font, w, h, max(max_size, min_size), min_size, layout.max_lines)
    draw_laid_out(c, fitted, box, layout, icons)
    return fitted


def draw_laid_out(
    c: Canvas,
    fitted: FittedText,
    box: tuple[float, float, float, float],
    layout: TextLayout,
    icons: InlineIcon | None = None,
) -> None:
    """Draw a fit in box (x, bottom, width, height) as `layout` says (align, valign)."""
    x, y, w, h = box
    draw_lines(c, fitted, x, layout.block_top(y, h, fitted), w, layout.align, icons)


# A text's fit as asked: the text, its font, its box's width and height, the largest and the
# smallest size, and how it is laid out in the box (align, valign, max_lines).
FitKey = tuple[str, str, float, float, float, float, TextLayout]


class Fits:
    """The fits of one design's texts, in the order it draws them, so that a design is laid out
    once: `record()` keeps every fit made while the design is measured, and `replay()` hands
    them back, in the same order, while it is drawn. A fit asked with other arguments than the
    one recorded (a drawing that took another path, another layout) is fitted afresh, never
    drawn wrong. A drawer may put in place of the last fit recorded a whole element as drawn
    (`drawn()`), which the render takes back (`take()`) and draws without laying it out."""

    def __init__(self) -> None:
        self._recorded: list[Any] | None = None
        self._replay: list[Any] = []
        self._next = 0

    def record(self) -> list[Any]:
        """Keep every fit from now on; returns the list they go to."""
        self._recorded, self._replay = [], []
        return self._recorded

    def replay(self, fits: list[Any]) -> None:
        """Answer the next fits from `fits` (recorded by an earlier `record`), in order."""
        self._recorded, self._replay, self._next = None, fits, 0

    def stop(self) -> None:
        """Fit every text afresh again, keeping nothing."""
        self._recorded, self._replay = None, []

    def recorded(self) -> int | None:
        """How many fits were recorded so far; None when not recording."""
        return None if self._recorded is None else len(self._recorded)

    def drawn(self, entry: object) -> None:
        """Record `entry` (an element as drawn, which is no tuple) instead of the last fit."""
        assert self._recorded
        self._recorded[-1] = entry

    def add_drawn(self, entry: object) -> None:
        """Record `entry` (an element as drawn) as the next fit, when recording: for a text
        the drawer knows the fit of already, which it therefore does not ask for."""
        if self._recorded is not None:
            self._recorded.append(entry)

    @property
    def replaying(self) -> bool:
        """Whether fits are answered from a recording (`replay`) now."""
        return bool(self._replay)

    def take(self, owner: object) -> Any | None:
        """The next recorded entry when it is an element as drawn (`drawn()`) whose `element`
        is `owner`, else None (and nothing is taken)."""
        if self._next < len(self._replay):
            entry = self._replay[self._next]
            if type(entry) is not tuple and entry.element is owner:
                self._next += 1
                return entry
        return None

    def fit(
        self, text: str, font: str, size: tuple[float, float], sizes: tuple[float, float],
        layout: TextLayout,
    ) -> FittedText:  # fmt: skip
        """The fit of `text` in a box of `size` (width, height) between `sizes` (largest,
        smallest) laid out as `layout` says: the fit recorded at this point when it was asked
        with the same arguments, else fitted now (as fit_laid_out fits)."""
        key: FitKey = (text, font, *size, *sizes, layout)
        if self._next < len(self._replay):
            measured = self._replay[self._next]
            self._next += 1
            if type(measured) is tuple and measured[0] == key:
                return measured[1]
        (w, h), (max_size, min_size) = size, sizes
        fitted = fit_text(text, font, w, h, max(max_size, min_size), min_size, layout.max_lines)
        if self._recorded is not None:
            self._recorded.append((key, fitted))
        return fitted


def line_size(text: str, font: str, size: float, width: float, min_size: float = 4.0) -> float:
    """The size draw_line_fitted draws one line at; TextOverflow below min_size."""
    w = text_width(text, font, size)
    if w > width:
        size = size * width / w
    if size < min_size - 1e-9:
        raise TextOverflow(text, width, size, min_size)
    return size


def draw_line_fitted(  # noqa: PLR0913
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
    """One line on a baseline, shrunk (never wrapped) to fit `width`; returns the size used.

    Text that would need a size below `min_size` raises TextOverflow: it is never drawn wider
    than `width`.
    """
    size = line_size(text, font, size, width, min_size)
    c.setFont(font, size)
    if align == "left":
        c.drawString(x, y, text)
    elif align == "right":
        c.drawRightString(x + width, y, text)
    else:
        c.drawCentredString(x + width / 2, y, text)
    return size
