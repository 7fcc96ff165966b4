"""A deck's card faces and backs, drawn from its data into reusable form XObjects.

Each card design printed more than once is drawn once as a form and placed as many times as it
is printed (a design printed once is drawn in place); each kind's frame and pattern is one form
shared by all its cards; each back (the deck's, or a kind's own) is one form. Fronts and backs
are both faces: lists of elements drawn by draw/elements.py in boxes from the kit's data; a
back's ground and palette are draw/backs.py's, which every piece type with a `Back` shares.
"""

from __future__ import annotations

from typing import Protocol

from reportlab.pdfgen.canvas import Canvas

from printkit.draw import pictograms
from printkit.draw.backs import back_palette, back_values, draw_back
from printkit.draw.colour import colour, shade, tint
from printkit.draw.edges import EdgeLook, draw_edges
from printkit.draw.elements import (
    Boxes,
    ElementOverflow,
    ElementPainter,
    MissingValue,
    Palette,
    PlainText,
    fill_placeholders,
    format_value,
)
from printkit.draw.fonts import clip_rect, place_form
from printkit.draw.images import define_image_forms
from printkit.draw.outline import outline_path
from printkit.draw.text import FitKey, FittedText
from printkit.layout.geometry import Rect
from printkit.layout.shapes import outline
from printkit.layout.units import mm
from printkit.model.backs import back_reads_card, shared_back
from printkit.model.cards import Card, Deck, Kind
from printkit.model.edges import EdgesSpec
from printkit.model.face import Back, Element


class CardTextOverflow(Exception):
    """Text of a card (or of a back, when `card` is the back's stand-in) cannot fit its box."""

    def __init__(self, card: Card, overflow: ElementOverflow, back: bool = False) -> None:
        super().__init__(str(overflow))
        self.card = card
        self.element = overflow.element
        self.attr = overflow.attr
        self.overflow = overflow.overflow
        self.back = back


def kind_palette(kind: Kind) -> Palette:
    return Palette(kind.colour, kind.ink, kind.paper, kind.on_colour, kind.colour, kind.label)


Fits = list[tuple[FitKey, FittedText] | PlainText]  # as deck_layout.Design.fits


class Measured(Protocol):
    """A deck's designs as measured before drawing (components/deck/layout.py): each design's
    text fits, in drawing order, or None for a design that was not measured."""

    def front_fits(self, card: Card) -> Fits | None: ...

    def back_fits(self, kind: str | None, card: Card | None = None) -> Fits | None: ...

    @property
    def boxes(self) -> Boxes:
        """The boxes of the elements the designs share, resolved while they were measured."""
        ...


class CardPainter:
    """Draws one deck's fronts and backs as forms on one canvas; with `measured`, each design's
    texts are drawn from the fits measured before (its layout), not fitted again."""

    def __init__(
        self,
        c: Canvas,
        deck: Deck,
        bleed: float,
        prefix: str = "",
        measured: Measured | None = None,
    ) -> None:
        self.canvas = c
        self.deck = deck
        self.prefix = prefix  # form names: unique per deck when decks share a canvas
        self.bleed = bleed
        self.width = deck.size.width
        self.height = deck.size.height
        boxes = measured.boxes if measured is not None else None
        self.elements = ElementPainter(
            c,
            deck.areas()._replace(bleed=bleed),
            deck.icons,
            deck.images,
            deck.min_text_size,
            boxes,
        )
        self._forms: set[str] = set()
        self._reads_card: dict[str, bool] = {}  # back form name -> back_reads_card(its back)
        self.measured = measured
        self._palettes: dict[int, tuple[Kind, Palette]] = {}  # id() of a kind -> its palette

    # -- placing ---------------------------------------------------------------------------
    def place_front(self, card: Card, trim: Rect) -> None:
        if card.count > 1:
            self._place(self._front_form(card), trim)
            return
        # A design printed once gains nothing from a form: draw it in place, clipped like a form.
        frame = self._frame_form(card.kind)
        self._image_forms(card)
        c, b = self.canvas, self.bleed
        c.saveState()
        c.translate(trim.x, trim.y)
        clip_rect(c, -b, -b, self.width + 2 * b, self.height + 2 * b)
        self.draw_front(card, frame)
        c.restoreState()

    def place_back(self, trim: Rect, kind: str | None = None, card: Card | None = None) -> None:
        """The back behind a card of `kind`: the shared back, or (when the back reads card
        fields) the back of `card` itself."""
        self._place(self.back_form(kind, card), trim)

    def _place(self, name: str, trim: Rect) -> None:
        place_form(self.canvas, name, trim.x, trim.y)

    def _begin(self, name: str) -> bool:
        if name in self._forms:
            return False
        b = self.bleed
        self.canvas.beginForm(name, -b, -b, self.width + b, self.height + b)
        return True

    def _end(self, name: str) -> None:
        self.canvas.endForm()
        self._forms.add(name)

    # -- fronts ----------------------------------------------------------------------------
    def _front_form(self, card: Card) -> str:
        name = f"{self.prefix}front-{card.id}-{card.marker or ''}"
        if name not in self._forms:
            frame = self._frame_form(card.kind)  # forms cannot be begun inside another form
            self._image_forms(card)
            self._begin(name)
            self.draw_front(card, frame)
            self._end(name)
        return name

    def _frame_form(self, kind_name: str) -> str:
        """The kind's frame and pattern, drawn once and shared by every card of the kind."""
        name = f"{self.prefix}frame-{kind_name}"
        if self._begin(name):
            self._frame(self.deck.kinds[kind_name])
            self._end(name)
        return name

    def _image_forms(self, card: Card) -> None:
        """Each image the card shows, defined once as a form (see draw/images.py)."""
        paths = []
        for element in self.deck.kinds[card.kind].face:
            for image in element.images():
                try:
                    paths.append(fill_placeholders(image, card))
                except MissingValue:
                    continue
        define_image_forms(self.canvas, self.deck.images, paths, self._forms)

    def draw_front(self, card: Card, frame: str | None = None) -> None:
        kind = self.deck.kinds[card.kind]
        if frame is None:
            self._frame(kind)
        else:
            self.canvas.doForm(frame)
        if kind.edges is not None:
            self._draw_edges(kind.edges, card)
        fits = self.measured.front_fits(card) if self.measured else None
        try:
            self._draw_elements(kind.face, card, self._palette(kind), fits)
        except ElementOverflow as exc:
            raise CardTextOverflow(card, exc) from None

    def _draw_edges(self, edges: EdgesSpec, card: Card) -> None:
        """The card's edges as a tile's: each field's value drawn by its look (draw/edges.py)."""
        looks = {
            value: EdgeLook(look.draw, look.colour, look.width, look.length, look.wall)
            for value, look in edges.looks.items()
        }
        values = [format_value(card.get(name)) for name in edges.fields]
        box = Rect(0, 0, self.width, self.height)
        self.canvas.saveState()
        draw_edges(self.canvas, box, edges.sides, values, looks)
        self.canvas.restoreState()

    def _draw_elements(
        self, elements: list[Element], values: Card, palette: Palette, fits: Fits | None
    ) -> None:
        """Draw a design's elements; its texts come from `fits` when it was measured."""
        if fits is None:  # not measured: drawn as it is
            self.elements.draw_all(elements, values, palette)
            return
        self.elements.fits.replay(fits)
        try:
            self.elements.draw_all(elements, values, palette)
        finally:
            self.elements.fits.stop()

    def _palette(self, kind: Kind) -> Palette:
        """The kind's palette, made once per kind (every card of it draws with it)."""
        known = self._palettes.get(id(kind))
        if known is None or known[0] is not kind:
            known = self._palettes[id(kind)] = (kind, kind_palette(kind))
        return known[1]

    def _frame(self, kind: Kind) -> None:
        c, b = self.canvas, self.bleed
        if self.deck.frame_width <= 0:  # no frame: paper to the cut and past it, no outline
            c.setFillColor(colour(kind.paper))
            c.rect(-b, -b, self.width + 2 * b, self.height + 2 * b, stroke=0, fill=1)
            return
        c.setFillColor(colour(kind.colour))
        c.rect(-b, -b, self.width + 2 * b, self.height + 2 * b, stroke=0, fill=1)
        c.setFillColor(tint(kind.colour, 0.35))
        c.setStrokeColor(tint(kind.colour, 0.35))
        span = (-b, -b, self.width + 2 * b, self.height + 2 * b)
        pictograms.texture(c, kind.pattern, *span, mm(1.6), 0.7)
        inset, radius = self.deck.frame_width, self.deck.corner_radius
        c.setFillColor(colour(kind.paper))
        c.setStrokeColor(shade(kind.colour, 0.35))
        c.setLineWidth(0.6)
        cut = self.deck.cut()
        if not cut.rectangular:  # the panel follows the card's own outline, the frame inside it
            panel = outline(cut, Rect(0, 0, self.width, self.height), -inset)
            c.drawPath(outline_path(c, panel), stroke=1, fill=1)
            return
        c.roundRect(
            inset, inset, self.width - 2 * inset, self.height - 2 * inset, radius, stroke=1, fill=1
        )

    # -- backs -----------------------------------------------------------------------------
    def back_of(self, kind: str | None) -> tuple[str, Back]:
        """The form name and design of the back behind a card of `kind` (model/backs.py
        decides which back that is)."""
        key, back = shared_back(self.deck, kind)
        return f"{self.prefix}{key}", back

    def back_form(self, kind: str | None = None, card: Card | None = None) -> str:
        name, back = self.back_of(kind)
        values = back_values(kind or "")
        if name not in self._reads_card:
            self._reads_card[name] = back_reads_card(back)
        if card is not None and self._reads_card[name]:
            name, values = f"{name}-card-{card.id}", card
        if name not in self._forms:  # forms cannot be begun inside another form
            paths = []
            for e in back.elements():
                for image in e.images():
                    try:
                        paths.append(fill_placeholders(image, values))
                    except MissingValue:
                        continue
            define_image_forms(self.canvas, self.deck.images, paths, self._forms)
        if self._begin(name):
            self.draw_back(back, kind or "", values)
            self._end(name)
        return name

    def draw_back(self, back: Back, kind: str = "", values: Card | None = None) -> None:
        """The back's ground and elements; placeholders read `values` (the card behind it, or
        only its kind for a back shared by many cards)."""
        draw_back(self.canvas, back, self.width, self.height, self.bleed)
        shown = values if values is not None else back_values(kind)
        try:
            fits = self._back_fits(back, kind, values)
            self._draw_elements(back.elements(), shown, back_palette(back), fits)
        except ElementOverflow as exc:
            raise CardTextOverflow(shown, exc, back=True) from None

    def _back_fits(self, back: Back, kind: str, values: Card | None) -> Fits | None:
        """The measured fits of this back: the deck's or its kind's shared back, or the back
        of the card `values` when the back reads its card's fields."""
        if self.measured is None:
            return None
        own = bool(kind) and self.deck.kinds[kind].back is not None
        card = values if values is not None and back_reads_card(back) else None
        return self.measured.back_fits(kind if own else None, card)
