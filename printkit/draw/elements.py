"""Drawing face elements (model/face.py) in their boxes: card fronts, card backs, tile backs.

Every text goes through draw/text.py's one fitting routine with a minimum size from data, so
text is inside its box or raises TextOverflow. Icons come from the face's icon library.
"""

from __future__ import annotations

from typing import Any, NamedTuple, cast

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.core.fieldwise import fieldwise
from printkit.draw.colour import colour
from printkit.draw.fonts import font
from printkit.draw.icons import Colours, IconLibrary
from printkit.draw.printed import note_text
from printkit.draw.text import (
    INLINE_ICON,
    Fits,
    FittedText,
    TextLayout,
    TextOverflow,
    draw_laid_out,
    text_layout,
)
from printkit.layout.geometry import Rect
from printkit.model.face import (
    Areas,
    Element,
    Lettered,
    Percent,
    Sized,
    Worded,
    bind_element,
    in_bleed,
    quarter_turn,
    resolve_box,
)
from printkit.model.fromdata import (
    PLACEHOLDER,
    MissingValue,
    fill_placeholders,
    format_value,
    templates,
)

__all__ = ["PLACEHOLDER", "MissingValue", "fill_placeholders", "format_value"]

Boxes = dict[int, tuple[Element, Rect]]  # id() of an element -> (the element, its box)


class PlainText(NamedTuple):
    """A title or text element as one design drew it when it was measured: the element (as
    the face lists it), its ink, its text's fit, box and layout. The render draws it from
    this, without reading the piece's fields or laying the text out again."""

    element: Lettered
    ink: Color
    fitted: FittedText
    box: Rect  # the element's own box, shared by every design that draws it unchanged
    layout: TextLayout


MAX_NOTED = 1024  # texts kept by a painter that notes (_note_known); past it, kept afresh


class ElementOverflow(Exception):
    """An element's text (its `attr`: text, caption, empty, label) cannot fit its box."""

    def __init__(self, element: Element, attr: str, overflow: TextOverflow) -> None:
        super().__init__(str(overflow))
        self.element = element
        self.attr = attr
        self.overflow = overflow


@fieldwise(frozen=True)
class Palette:
    """A face's colours: its main colour (strips, bands), ink, paper, text on the main colour."""

    colour: str
    ink: str
    paper: str
    on_colour: str
    accent: str
    label: str = ""


class ElementPainter:
    """Draws elements on one canvas in a piece of the given areas, from a piece's values."""

    def __init__(  # noqa: PLR0913
        self,
        c: Canvas,
        areas: Areas,
        icons: IconLibrary,
        images: dict,
        min_text: float,
        boxes: Boxes | None = None,
    ) -> None:
        self.canvas = c
        self.areas = areas
        # The box of each element the pieces share (one no piece's fields change), by id():
        # resolved once, kept with the element so that its id stays its own. A layout measured
        # on one painter hands its boxes to the painter that draws it (`boxes`).
        self.boxes: Boxes = {} if boxes is None else boxes
        self.icons = icons
        self.images = images
        self.min_text = min_text
        self.log: list[tuple[str, str, Element, str]] | None = None  # (text, font, element, attr)
        self.fits = Fits()  # what a design's texts measured: recorded, or drawn from
        self._ink = colour("#000000")  # the fill colour last set: the colour of text drawn now
        self._last_text: tuple[FittedText, Rect, TextLayout] | None = None  # the last drawn
        # A canvas that draws nothing and only notes each string's box (`note_lines`): plain
        # texts are noted line by line without going through the canvas's drawing calls.
        self._notes_only = callable(getattr(c, "note_lines", None))
        self._settings: dict[int, tuple[Lettered, tuple[str, TextLayout, float]]] = {}
        self._noted: dict[tuple[int, str], tuple[Lettered, Any, PlainText, list]] = {}  # see
        # _note_known: (id() of an element, its text) -> (the element, the canvas's place,
        # the text as drawn, its notes)

    def _fill(self, ink: Color) -> None:
        """Set the canvas's fill colour, and remember it: inline icons take the text's colour."""
        self._ink = ink
        self.canvas.setFillColor(ink)

    set_fill = _fill

    def draw_all(self, elements: list[Element], values: Any, palette: Palette) -> None:
        """Each element whose `when:` holds for the piece, its properties read from the
        piece's fields; an element naming a field the piece does not give is left out. A text
        drawn as its design was measured is drawn from the measure (PlainText). Consecutive
        plain texts (titles and texts, unturned) share one saved state, measured or not, so
        that a piece is the same bytes either way (see `_draw_plain`)."""
        run = False  # a saved state is open for a run of plain texts
        replaying = self.fits.replaying  # drawn from a measure: its texts are taken from it
        try:
            for element in elements:
                known = self.fits.take(element) if replaying else None
                if known is not None:
                    self._draw_plain(known, run)
                    run = True
                    continue
                if element.when is not None and not element.when.holds(values):
                    continue
                try:  # an element without templated properties is drawn as it is (bind)
                    bound = bind_element(element, values) if templates(element) else element
                except MissingValue:
                    continue
                plain = bound.plain and not bound.rotate
                if run and not plain:
                    self.canvas.restoreState()
                    run = False
                try:
                    self._draw_noted(element, bound, values, palette, run)
                except MissingValue:
                    continue
                run = run or plain
        finally:
            if run:
                self.canvas.restoreState()

    def _draw_noted(
        self, element: Element, bound: Element, values: Any, palette: Palette, run: bool
    ) -> None:
        """Draw the element (a plain text in the `run` of plain texts open, if any); while a
        design is measured, a plain text element (one fitted text, unturned) is recorded
        whole, as a PlainText the render draws from."""
        box = self.shared_box(bound) if bound is element else self.box(bound)
        self._last_text = None
        if not isinstance(bound, Lettered) or not bound.plain or bound.rotate:
            self.draw(bound, values, palette, box)
            return
        listed = cast("Lettered", element)  # `bound` was bound from it: the same kind
        shared = bound is element and self._notes_only and not self.fits.replaying
        if shared and self._note_shared(listed, values, palette, box, run):
            return
        before = self.fits.recorded()
        self._draw_fresh(bound, values, palette, box, run)
        if before is not None and self.fits.recorded() == before + 1 and self._last_text:
            self.fits.drawn(PlainText(listed, self._ink, *self._last_text))

    def _draw_fresh(self, e: Lettered, values: Any, pal: Palette, box: Rect, run: bool) -> None:
        """A plain text element read from the piece's fields and fitted now, drawn as
        `_draw_plain` draws one from the measure (in the `run` open, or a state of its own)."""
        text = fill_placeholders(e.text or "{title}", values)
        self._in_ink(colour(e.colour or pal.ink), run, self._fresh_text, e, text, box)

    def _in_ink(self, ink: Color, run: bool, draw: Any, *args: Any) -> None:
        """`draw(*args)` with `ink` as the fill colour, in the `run` of plain texts open or in
        a saved state of its own, which a text that cannot fit leaves as it was."""
        c = self.canvas
        if not run:
            c.saveState()
        try:
            if not run or (ink is not self._ink and ink != self._ink):
                self._fill(ink)
            draw(*args)
        except BaseException:
            if not run:  # the state it opened: a text that cannot fit leaves the canvas as it was
                c.restoreState()
            raise

    def _fresh_text(self, e: Lettered, text: str, box: Rect) -> None:
        """A plain text fitted now: noted whole on a canvas that only notes, else drawn."""
        if self._notes_only and "{icon:" not in text:
            self._note_text(e, text, box)
        else:
            face = font(self.canvas, e.font)
            self.text(e, "text", text, face, box, self._size(e), e.align, e.max_lines, e.valign)

    def _note_text(self, e: Lettered, text: str, box: Rect) -> None:
        """A plain text without inline icons on a canvas that only notes where strings go (the
        measuring probe): fitted as `text` fits it, its lines handed to the canvas's
        `note_lines` whole, as drawn (the same boxes), without the drawing calls."""
        face, layout, size = self._plain_setting(e)
        if self.log is not None:
            self.log.append((text, face, e, "text"))
        fitted = self._fit(e, "text", text, face, box, size, layout)
        self._last_text = (fitted, box, layout)
        self.canvas.note_lines(fitted, (box.x, box.y, box.w, box.h), layout)

    def _note_shared(self, e: Lettered, values: Any, pal: Palette, box: Rect, run: bool) -> bool:
        """A plain text element the pieces share (its box kept in `boxes`) on a canvas that
        only notes (the measuring probe): what `_draw_fresh` and `_note_text` do, and the
        PlainText `_draw_noted` records, with the same log, fit, notes and PlainText. False
        (nothing done) for a text with inline icons, which `_draw_fresh` draws."""
        text = fill_placeholders(e.text or "{title}", values)
        if "{icon:" in text:
            return False
        self._in_ink(colour(e.colour or pal.ink), run, self._note_known, e, text, box)
        return True

    def _note_known(self, e: Lettered, text: str, box: Rect) -> None:
        """Fit and note a shared element's plain `text` (see `_note_shared`). What one text of
        one element noted at one place (the canvas's transformation and form) is kept, so that
        the pieces that show the same text (a line of rules on every card) note and record it
        again without fitting or placing it: the same notes and the same PlainText."""
        face, layout, size = self._plain_setting(e)
        if self.log is not None:
            self.log.append((text, face, e, "text"))
        place = self.canvas.note_place()
        known = self._noted.get((id(e), text))
        if known is not None and known[0] is e and known[1] == place and known[2].ink is self._ink:
            plain, notes = known[2], known[3]
            self.canvas.add_notes(notes)
            self.fits.add_drawn(plain)
        else:
            fitted = self._fit(e, "text", text, face, box, size, layout)
            notes = self.canvas.note_lines(fitted, (box.x, box.y, box.w, box.h), layout)
            plain = PlainText(e, self._ink, fitted, box, layout)
            if self.fits.recorded() is not None:
                self.fits.drawn(plain)
            if len(self._noted) >= MAX_NOTED:
                self._noted.clear()
            self._noted[id(e), text] = (e, place, plain, notes)
        self._last_text = (plain.fitted, box, layout)

    def _plain_setting(self, e: Lettered) -> tuple[str, TextLayout, float]:
        """A plain text element's font, layout and largest size: worked out once for an
        element the pieces share (one whose box is kept in `boxes`), else now."""
        known = self._settings.get(id(e))
        if known is not None and known[0] is e:
            return known[1]
        setting = (font(self.canvas, e.font), text_layout(e.align, e.valign, e.max_lines),
                   self._size(e))  # fmt: skip
        shared = self.boxes.get(id(e))
        if shared is not None and shared[0] is e:
            self._settings[id(e)] = (e, setting)
        return setting

    def _draw_plain(self, known: PlainText, run: bool) -> None:
        """A plain text element as measured: the canvas calls of drawing it afresh
        (`_draw_fresh`). Within a `run` of plain texts (a saved state open already) it opens
        no state of its own and sets its colour only when the text before it set another. A
        plain text leaves nothing behind but its fill colour and font, and every text sets
        its font."""
        c = self.canvas
        if not run:
            c.saveState()
        if not run or (known.ink is not self._ink and known.ink != self._ink):
            self._fill(known.ink)
        box = known.box
        draw_laid_out(
            c, known.fitted, (box.x, box.y, box.w, box.h), known.layout, self._inline_icon
        )

    def shared_box(self, e: Element) -> Rect:
        """The box of an element every piece draws alike, resolved once (see `boxes`)."""
        if self.areas.bleed and in_bleed(e, self.areas):  # in the bleed of the piece drawn
            return self.box(e)
        known = self.boxes.get(id(e))
        if known is not None and known[0] is e:
            return known[1]
        box = self.box(e)
        self.boxes[id(e)] = (e, box)
        return box

    def box(self, e: Element) -> Rect:
        """The box the element is laid out in: its box, or for a quarter turn (rotate 90 or
        270) the box turned about its centre, so that turned it covers its box exactly."""
        if self.areas.bleed and e.within == "trim" and in_bleed(e, self.areas):
            b = self.areas.bleed  # a ground over the whole trim: it reaches the bleed
            return Rect(-b, -b, self.areas.width + 2 * b, self.areas.height + 2 * b)
        x, top, w, h = resolve_box(e, self.areas)
        if quarter_turn(e.rotate):
            return Rect(x + (w - h) / 2, self.areas.height - top - h + (h - w) / 2, h, w)
        return Rect(x, self.areas.height - top - h, w, h)

    def draw(self, e: Element, values: Any, palette: Palette, box: Rect | None = None) -> None:
        """Draw the element in its box (`box`: resolved already), turned by its `rotate`, in a
        saved state: the element's kind draws itself (its `draw`) on this painter."""
        if box is None:
            box = self.box(e)
        ink = colour(getattr(e, "colour", None) or palette.ink)  # a kind with a `colour:` key
        c = self.canvas
        c.saveState()
        if e.rotate:
            c.translate(box.cx, box.cy)
            c.rotate(e.rotate)
            c.translate(-box.cx, -box.cy)
        try:
            e.draw(self, values, palette, box, ink)
        finally:
            c.restoreState()

    # -- text --------------------------------------------------------------------------------
    def text_size(self, e: Sized) -> float:
        """The element's largest text size: a length, or a share of its box's height."""
        if isinstance(e.size, Percent):
            return e.size.of(self.box(e).h)
        return float(e.size)

    _size = text_size

    def _min(self, e: Worded) -> float:
        return e.min_size if e.min_size is not None else self.min_text

    def text(self, e: Worded, attr: str, text: str, face: str, box: Rect, size: float,  # noqa: PLR0913
             align: str = "centre", lines: int = 1, valign: str = "middle") -> None:  # fmt: skip
        """Fit and draw one of the element's texts (its key `attr`) in `box`, at most `size`
        and at least its `min_size`; ElementOverflow if it cannot fit."""
        if self.log is not None:
            plain = INLINE_ICON.sub("", text) if "{icon:" in text else text
            self.log.append((plain, face, e, attr))
        layout = text_layout(align, valign, lines)
        fitted = self._fit(e, attr, text, face, box, size, layout)
        note_text(e, attr, " ".join(fitted.lines), fitted.size)
        placed = (box.x, box.y, box.w, box.h)
        self._last_text = (fitted, box, layout)
        draw_laid_out(self.canvas, fitted, placed, layout, self._inline_icon)

    def _fit(self, e: Worded, attr: str, text: str, face: str, box: Rect, size: float,
             layout: TextLayout) -> FittedText:  # fmt: skip
        """The text's fit: the one measured when its design was laid out (asked with the same
        box, sizes and layout), else fitted now."""
        try:
            return self.fits.fit(text, face, (box.w, box.h), (size, self._min(e)), layout)
        except TextOverflow as exc:
            raise ElementOverflow(e, attr, exc) from None

    def _inline_icon(self, c: Canvas, name: str, cx: float, cy: float, size: float) -> None:
        self.icons.draw(c, name, cx, cy, size, Colours(self._ink))
