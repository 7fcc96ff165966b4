"""The safe area: text on every cut piece stays SAFE_AREA inside the piece's trim.

`printkit check` draws each distinct piece once, through the component's own painter, on a
canvas that is never saved, and measures every string drawn: its box (font ascent to descent,
by its advance width) in page coordinates, through the canvas's transformation matrix, also
for text drawn inside a form and placed later. A string that comes closer to the trim than
SAFE_AREA is a finding SAFE_CODE at the data of the piece that prints it.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from printkit.checks import Finding
from printkit.core.errors import Collector, Location
from printkit.draw.fonts import ascent_descent, role_font, text_width
from printkit.draw.sketch import SketchCanvas
from printkit.draw.text import FittedText, TextLayout, TextOverflow
from printkit.layout.geometry import Rect
from printkit.layout.shapes import RECTANGLE, Shape, inside_distance
from printkit.layout.units import mm, to_mm

SAFE_AREA = mm(3)  # shops ask for text at least 1/8 in (3 to 4 mm) inside the trim
SAFE_CODE = "PK001"

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Note = tuple[str, Box]  # a string noted, and its box in page coordinates


def _apply(m: Matrix, box: Box) -> Box:
    a, b, c, d, e, f = m
    if b == 0 and c == 0 and a > 0 and d > 0:  # a translation and scale (the usual case)
        return (a * box[0] + e, d * box[1] + f, a * box[2] + e, d * box[3] + f)
    if b == 0 and c == 0:  # no rotation: the corners map to the corners
        x0, x1, y0, y1 = a * box[0] + e, a * box[2] + e, d * box[1] + f, d * box[3] + f
        return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    corners = [(x, y) for x in (box[0], box[2]) for y in (box[1], box[3])]
    xs = [a * x + c * y + e for x, y in corners]
    ys = [b * x + d * y + f for x, y in corners]
    return (min(xs), min(ys), max(xs), max(ys))


class ProbeCanvas(SketchCanvas):
    """A canvas that records the page-coordinate box of every string drawn on it, and paints
    nothing: no shape, and no text either (the box is all the measure needs)."""

    def __init__(self, fonts: Mapping[str, str] | None = None) -> None:
        fonts = fonts or {}  # the kit's own fonts; none: printkit's
        super().__init__(io.BytesIO(), role_fonts=fonts, initialFontName=role_font(fonts, "body"))
        self.texts: list[tuple[str, Box]] = []
        self._forms: dict[str, list[tuple[str, Box]]] = {}
        self._form: str | None = None
        self._states: list[tuple[Any, ...]] = []
        self.line_codes = None  # every string goes through drawString and its kin, to be noted

    # What a string's box depends on is the transformation and the font: the probe saves only
    # those, and colours and line styles, which change no box, cost nothing on it.
    def saveState(self) -> None:  # noqa: N802 - reportlab's names, here and below
        self._states.append((self._currentMatrix, self._fontname, self._fontsize, self._leading))

    def restoreState(self) -> None:  # noqa: N802
        self._currentMatrix, self._fontname, self._fontsize, self._leading = self._states.pop()

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:  # noqa: N802
        self._fontname, self._fontsize = psfontname, size
        self._leading = size * 1.2 if leading is None else leading

    def setFillColor(self, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        return None

    def setStrokeColor(self, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        return None

    def setLineWidth(self, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        return None

    def forget(self) -> None:
        """Drop the texts noted and the operators the canvas kept for its page (state changes:
        colours, fonts), which nothing reads: one piece measured after another keeps nothing
        of the ones before it (forms stay defined)."""
        self.texts = []
        if not self._form:
            self._code.clear()

    def _note(self, x: float, y: float, text: str, anchor: float) -> None:
        self._target().append((text, self._box(x, y, text, anchor, self._fontname, self._fontsize)))

    def _box(  # noqa: PLR0913 - a string's place, anchor and font
        self, x: float, y: float, text: str, anchor: float, font: str, size: float
    ) -> Box:
        """The page-coordinate box of `text` drawn at (x, y), `anchor` of its width left of x."""
        width = text_width(text, font, size)
        ascent, descent = ascent_descent(font, size)
        x0 = x - anchor * width
        m = self._currentMatrix
        a, b, c, d, e, f = m
        if b == 0 and c == 0 and a > 0 and d > 0:  # _apply's usual case, without the call
            return (a * x0 + e, d * (y - descent) + f, a * (x0 + width) + e, d * (y + ascent) + f)
        return _apply(m, (x0, y - descent, x0 + width, y + ascent))

    def note_lines(self, fitted: FittedText, box: Box, layout: TextLayout) -> list[Note]:
        """The lines of a fit without inline icons as draw/text.draw_laid_out would draw them
        in box (x, bottom, width, height): each noted at the place drawString, drawRightString
        or drawCentredString would put it, leaving the canvas's font as it was. Returns what
        it noted, which `add_notes` notes again for the same lines at the same `note_place`."""
        x, y, w, h = box
        font, size = fitted.font, fitted.size
        _, descent = ascent_descent(font, size)
        baseline = layout.block_top(y, h, fitted) - size + descent
        align = layout.align
        at, anchor = (x, 0.0) if align == "left" else (x + w, 1.0) if align == "right" else (
            x + w / 2, 0.5)  # fmt: skip
        notes = []
        for line in fitted.lines:
            notes.append((line, self._box(at, baseline, line, anchor, font, size)))
            baseline -= fitted.leading
        self._target().extend(notes)
        return notes

    def note_place(self) -> tuple[Matrix, str | None]:
        """What the box of a string drawn now depends on besides the string, its font and its
        place: the transformation, and the form it is drawn in (None: the page)."""
        return self._currentMatrix, self._form

    def add_notes(self, notes: list[Note]) -> None:
        """Note again what `note_lines` noted, at the same `note_place` (the same boxes)."""
        self._target().extend(notes)

    def _target(self) -> list[Note]:
        """Where a string drawn now is noted: the form's texts while a form is drawn, else the
        page's."""
        return self._forms.setdefault(self._form, []) if self._form else self.texts

    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:  # noqa: N802 - reportlab's name
        self._note(x, y, text, 0.0)

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        self._note(x, y, text, 1.0)

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        self._note(x, y, text, 0.5)

    def beginForm(self, name: str, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        self._form = name
        super().beginForm(name, *args, **kwargs)

    def endForm(self, **kwargs: Any) -> None:  # noqa: N802
        self._form = None
        super().endForm(**kwargs)

    def doForm(self, name: str) -> None:  # noqa: N802
        """A form drawn notes its texts where it puts them; the probe, never saved, keeps no
        reference to the form (reportlab's doForm would add one to its page)."""
        for text, box in self._forms.get(name, ()):
            self.texts.append((text, _apply(self._currentMatrix, box)))

    def place_form(self, name: str, x: float, y: float) -> None:
        """A form placed moves its texts: through the transformation the probe follows."""
        self.saveState()
        self.translate(x, y)
        self.doForm(name)
        self.restoreState()


def closest_text(
    texts: list[tuple[str, Box]], trim: Rect, shape: Shape = RECTANGLE
) -> tuple[str, float] | None:
    """The string nearest the cut (negative distance: past it), or None without text (a
    blank string is no text). The cut is the trim's rectangle, or the piece's own shape."""
    tx, ty, tx1, ty1 = trim.x, trim.y, trim.x1, trim.y1
    best: str | None = None
    nearest = 0.0
    rectangular = shape.rectangular
    for text, (x0, y0, x1, y1) in texts:
        if rectangular:
            d = min(x0 - tx, y0 - ty, tx1 - x1, ty1 - y1)
        else:  # the text's corner nearest the outline
            d = min(inside_distance(shape, trim, x, y) for x in (x0, x1) for y in (y0, y1))
        if (best is None or d < nearest) and text.strip():
            best, nearest = text, d
    return None if best is None else (best, nearest)


def safe_area_findings(  # noqa: PLR0913 - the kit's fonts joined main's `safe`; to split
    items: Sequence[Any],
    size: tuple[float, float],
    make_painter: Callable[[Any, float], Any],
    locate: Callable[[Any], Location],
    what: Callable[[Any], str],
    with_backs: bool = True,
    common_back: bool = False,
    safe: float = SAFE_AREA,
    *,
    fonts: Mapping[str, str],
    shape: Shape = RECTANGLE,
) -> list[Finding]:
    """Draw each distinct item (front, and back when it has one; a `common_back` only once)
    and report text that comes closer than `safe` to the trim: one finding per piece side.
    Text that fits at no size is an input error at its piece, all of them raised together:
    the build refuses it (render/imposed.py), so `check` must too."""
    probe = ProbeCanvas(fonts)
    painter = make_painter(probe, 0.0)
    trim = Rect(mm(20), mm(20), *size)
    findings: list[Finding] = []
    overflows = Collector()
    seen: set[Any] = set()
    for n, item in enumerate(items):
        key = _key(item)
        if key in seen:
            continue
        seen.add(key)
        back = with_backs and not (common_back and n)
        sides = [("front", painter.place_front)] + ([("back", painter.place_back)] * back)
        for side, place in sides:
            probe.texts = []
            probe.saveState()
            try:
                place(item, trim)
            except TextOverflow as exc:  # not even the smallest size fits: say so, at the piece
                overflows.add(locate(item), overflow_message(f"{what(item)} ({side})", exc))
                continue
            finally:
                probe.restoreState()
            near = closest_text(probe.texts, trim, shape)
            if near is not None and near[1] < safe - 1e-6:
                findings.append(
                    safe_area_finding(locate(item), f"{what(item)} ({side})", *near, safe)
                )
    overflows.raise_if_any()
    return findings


def overflow_message(who: str, exc: TextOverflow) -> str:
    """What a piece's text that fits at no size is told, by `check` and the build alike."""
    return (
        f"{who}: text {exc.text!r} does not fit its space even at {exc.min_size:g} pt; "
        "shorten it or make the piece larger"
    )


def _key(item: Any) -> object:
    """Equal items are drawn once: by value when they can be hashed, else by identity."""
    try:
        hash(item)
    except TypeError:
        return ("id", id(item))
    return ("value", item)


def safe_area_finding(
    where: Location, piece: str, text: str, distance: float, safe: float = SAFE_AREA
) -> Finding:
    """PK001: `piece`'s text comes `distance` from the trim, closer than `safe`."""
    return Finding(
        SAFE_CODE,
        "warning",
        f"{piece}: the text {text.strip()[:40]!r} comes {to_mm(distance):.2f} mm from the trim "
        f"(at least {to_mm(safe):g} mm is safe from the cut): move its box inward "
        "(`within: safe` keeps it there), or shorten the text",
        where,
    )
