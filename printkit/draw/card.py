"""Card faces and backs, drawn from a deck's data into reusable form XObjects.

Each card design printed more than once is drawn once as a form and placed as many times as it
is printed (a design printed once is drawn in place); each kind's frame and pattern is one form
shared by all its cards; the back is one form for the whole deck. Faces are built from the
kind's list of elements (header, value, title, fan, drift, text, band, marker), each in a box
from the kit's data.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas

from printkit.draw import pictograms
from printkit.draw.colour import colour, shade, tint
from printkit.draw.emblems import draw_emblem
from printkit.draw.fonts import font
from printkit.draw.images import define_image_forms, place_image
from printkit.draw.text import TextOverflow, draw_fitted, draw_line_fitted, fit_text
from printkit.layout.geometry import Rect
from printkit.layout.units import mm
from printkit.model.deck import Back, Card, Deck, Element, Kind

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


class MissingValue(Exception):
    """A placeholder names a field the card does not have: the element is skipped."""


def format_value(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def fill_placeholders(template: str, card: Card) -> str:
    """Replace {field} with the card's value. Plain substitution: no attribute access, no markup."""

    def sub(match: re.Match) -> str:
        value = card.get(match.group(1))
        if value is None or value == "":
            raise MissingValue(match.group(1))
        return format_value(value)

    return PLACEHOLDER.sub(sub, template)


class CardTextOverflow(Exception):
    def __init__(self, card: Card, element: Element, overflow: TextOverflow) -> None:
        super().__init__(str(overflow))
        self.card = card
        self.element = element
        self.overflow = overflow


@lru_cache(maxsize=4096)
def _fit(text: str, font_name: str, w: float, h: float, size: float, min_size: float, lines: int):
    return fit_text(text, font_name, w, h, size, min_size, lines)


class CardPainter:
    """Draws one deck's fronts and back as forms on one canvas."""

    def __init__(self, c: Canvas, deck: Deck, bleed: float, prefix: str = "") -> None:
        self.c = c
        self.deck = deck
        self.prefix = prefix  # form names: unique per deck when decks share a canvas
        self.bleed = bleed
        self.w = deck.size.width
        self.h = deck.size.height
        self._forms: set[str] = set()

    # -- placing ---------------------------------------------------------------------------
    def place_front(self, card: Card, trim: Rect) -> None:
        if card.count > 1:
            self._place(self._front_form(card), trim)
            return
        # A design printed once gains nothing from a form: draw it in place, clipped like a form.
        frame = self._frame_form(card.kind)
        self._image_forms(card)
        c, b = self.c, self.bleed
        c.saveState()
        c.translate(trim.x, trim.y)
        clip = c.beginPath()
        clip.rect(-b, -b, self.w + 2 * b, self.h + 2 * b)
        c.clipPath(clip, stroke=0, fill=0)
        self.draw_front(card, frame)
        c.restoreState()

    def place_back(self, trim: Rect) -> None:
        self._place(self._back_form(), trim)

    def _place(self, name: str, trim: Rect) -> None:
        c = self.c
        c.saveState()
        c.translate(trim.x, trim.y)
        c.doForm(name)
        c.restoreState()

    def _begin(self, name: str) -> bool:
        if name in self._forms:
            return False
        b = self.bleed
        self.c.beginForm(name, -b, -b, self.w + b, self.h + b)
        return True

    def _end(self, name: str) -> None:
        self.c.endForm()
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
            if element.element == "image" and element.image:
                try:
                    paths.append(fill_placeholders(element.image, card))
                except MissingValue:
                    continue
        define_image_forms(self.c, self.deck.images, paths, self._forms)

    def draw_front(self, card: Card, frame: str | None = None) -> None:
        kind = self.deck.kinds[card.kind]
        if frame is None:
            self._frame(kind)
        else:
            self.c.doForm(frame)
        for element in kind.face:
            try:
                self._element(element, card, kind)
            except MissingValue:
                continue
            except TextOverflow as exc:
                raise CardTextOverflow(card, element, exc) from None

    def _frame(self, kind: Kind) -> None:
        c, b = self.c, self.bleed
        c.setFillColor(colour(kind.colour))
        c.rect(-b, -b, self.w + 2 * b, self.h + 2 * b, stroke=0, fill=1)
        self._pattern(kind)
        inset, radius = self.deck.frame_width, self.deck.corner_radius
        c.setFillColor(colour(kind.paper))
        c.setStrokeColor(shade(kind.colour, 0.35))
        c.setLineWidth(0.6)
        c.roundRect(inset, inset, self.w - 2 * inset, self.h - 2 * inset, radius, stroke=1, fill=1)

    def _pattern(self, kind: Kind) -> None:
        """A texture on the frame, so kinds differ in greyscale as well as in colour."""
        c, b = self.c, self.bleed
        if kind.pattern == "plain":
            return
        c.saveState()
        c.setFillColor(tint(kind.colour, 0.35))
        c.setStrokeColor(tint(kind.colour, 0.35))
        step = mm(1.6)
        if kind.pattern == "stripes":
            c.setLineWidth(0.7)
            x = -b - self.h
            while x < self.w + b:
                c.line(x, -b, x + self.h + 2 * b, self.h + b)
                x += step * 1.4
        else:
            y = -b
            row = 0
            while y < self.h + b:
                x = -b + (step / 2 if row % 2 else 0)
                while x < self.w + b:
                    if kind.pattern == "dots":
                        c.circle(x, y, 0.45, stroke=0, fill=1)
                    else:
                        _star(c, x, y, 0.9)
                    x += step
                y += step
                row += 1
        c.restoreState()

    def _element(self, e: Element, card: Card, kind: Kind) -> None:
        x, top, w, h = e.box
        box = Rect(x, self.h - top - h, w, h)
        ink = colour(e.colour) if e.colour else colour(kind.ink)
        draw = getattr(self, f"_draw_{e.element}")
        draw(e, card, kind, box, ink)

    def _min(self, e: Element) -> float:
        return e.min_size if e.min_size is not None else self.deck.min_text_size

    def _draw_header(self, e: Element, card: Card, kind: Kind, box: Rect, ink) -> None:
        c = self.c
        c.setFillColor(colour(kind.colour))
        c.roundRect(box.x, box.y, box.w, box.h, mm(1.2), stroke=0, fill=1)
        c.setFillColor(colour(kind.on_colour))
        label = fill_placeholders(e.text, card) if e.text else kind.label
        size = min(e.size, box.h * 0.62)
        baseline = box.y + (box.h - size * 0.72) / 2
        draw_line_fitted(c, label, font(e.font), size, box.x + mm(1), baseline, box.w - mm(2))
        if e.field and card.get(e.field) is not None:
            corner = format_value(card.get(e.field)) + (e.caption or "")
            c.setFont(font("heading"), size * 1.1)
            c.drawString(box.x + mm(1.2), baseline, corner)
            c.drawRightString(box.x1 - mm(1.2), baseline, corner)

    def _draw_value(self, e: Element, card: Card, kind: Kind, box: Rect, ink) -> None:
        c = self.c
        text = fill_placeholders(e.text or "{" + (e.field or "") + "}", card)
        caption_h = mm(3.4) if e.caption else 0
        c.setFillColor(ink)
        size = min(e.size, (box.h - caption_h) * 1.25)
        draw_line_fitted(c, text, font(e.font), size, box.x, box.y + caption_h + mm(0.6), box.w)
        if e.caption:
            c.setFillColor(shade(kind.colour, 0.1))
            draw_line_fitted(
                c,
                fill_placeholders(e.caption, card),
                font("heading"),
                mm(2.6),
                box.x,
                box.y + mm(0.4),
                box.w,
            )

    def _draw_title(self, e: Element, card: Card, kind: Kind, box: Rect, ink) -> None:
        text = fill_placeholders(e.text or "{title}", card)
        fitted = _fit(text, font(e.font), box.w, box.h, e.size, self._min(e), e.max_lines)
        self.c.setFillColor(ink)
        draw_fitted(self.c, fitted, box.x, box.y1, box.w, e.align, box.h)

    def _draw_text(self, e: Element, card: Card, kind: Kind, box: Rect, ink) -> None:
        self._draw_title(e, card, kind, box, ink)

    def _caption_under(self, e: Element, card: Card, kind: Kind, box: Rect, ink) -> float:
        if not e.caption:
            return 0.0
        text = fill_placeholders(e.caption, card)
        self.c.setFillColor(ink)
        draw_line_fitted(
            self.c, text, font("heading"), min(e.size, mm(3.2)), box.x, box.y + mm(0.5), box.w
        )
        return mm(4.2)

    def _draw_fan(self, e: Element, card: Card, kind: Kind, box: Rect, ink) -> None:
        value = card.get(e.field or "turn")
        if value is None:
            raise MissingValue(e.field or "turn")
        angle = float(value)
        under = self._caption_under(e, card, kind, box, ink)
        radius = min(box.w / 2.3, (box.h - under) / 1.25)
        pictograms.angle_fan(
            self.c,
            box.cx,
            box.y + under + mm(0.5),
            radius,
            min(angle, 90.0),
            ink,
            tint(kind.colour, 0.7),
        )

    def _draw_drift(self, e: Element, card: Card, kind: Kind, box: Rect, ink) -> None:
        value = card.get(e.field or "drift")
        if not value:
            if not e.empty:
                raise MissingValue(e.field or "drift")
            self._draw_empty(e, e.empty, kind, box)
            return
        under = self._caption_under(e, card, kind, box, ink)
        mid = box.y + under + (box.h - under) * 0.42
        pictograms.drift_arrows(self.c, box.cx, mid, box.w * 0.42, ink)
        mode = card.get(e.mode) if e.mode else None
        if mode:
            self.c.setFillColor(colour(kind.colour))
            draw_line_fitted(
                self.c, str(mode).upper(), font("heading"), mm(3), box.x, box.y1 - mm(3.2), box.w
            )

    def _draw_empty(self, e: Element, words: str, kind: Kind, box: Rect) -> None:
        """A muted pictogram and the element's `empty` words, so the box is plainly not blank."""
        muted = tint(kind.colour, 0.6)
        under = mm(4.2)
        mid = box.y + under + (box.h - under) * 0.42
        pictograms.drift_arrows(self.c, box.cx, mid, box.w * 0.42, muted)
        self.c.setStrokeColor(muted)
        self.c.setLineWidth(1.2)
        self.c.line(box.cx - box.w * 0.3, mid - mm(4), box.cx + box.w * 0.3, mid + mm(4))
        self.c.setFillColor(shade(kind.colour, 0.1))
        draw_line_fitted(
            self.c, words, font("heading"), min(e.size, mm(3.2)), box.x, box.y + mm(0.5), box.w
        )

    def _draw_band(self, e: Element, card: Card, kind: Kind, box: Rect, ink) -> None:
        c = self.c
        text = fill_placeholders(e.text or "", card)
        c.setFillColor(tint(kind.colour, 0.82))
        c.setStrokeColor(colour(kind.colour))
        c.setLineWidth(0.6)
        c.roundRect(box.x, box.y, box.w, box.h, mm(1.5), stroke=1, fill=1)
        title_h = 0.0
        if e.caption:
            title_h = mm(3.6)
            c.setFillColor(colour(kind.colour))
            c.roundRect(box.x, box.y1 - title_h, box.w, title_h, mm(1.5), stroke=0, fill=1)
            c.rect(box.x, box.y1 - title_h, box.w, title_h / 2, stroke=0, fill=1)
            c.setFillColor(colour(kind.on_colour))
            draw_line_fitted(
                c, e.caption, font("heading"), mm(2.5), box.x, box.y1 - title_h + mm(0.9), box.w
            )
        inner = Rect(box.x + mm(1.2), box.y + mm(0.8), box.w - mm(2.4), box.h - title_h - mm(1.4))
        fitted = _fit(text, font(e.font), inner.w, inner.h, e.size, self._min(e), e.max_lines)
        c.setFillColor(ink)
        draw_fitted(c, fitted, inner.x, inner.y1, inner.w, e.align, inner.h)

    def _draw_marker(self, e: Element, card: Card, kind: Kind, box: Rect, ink) -> None:
        if not card.marker:
            return
        c = self.c
        c.setFillColor(colour("#1d1a16"))
        c.roundRect(box.x, box.y, box.w, box.h, box.h / 2, stroke=0, fill=1)
        c.setFillColor(colour("#ffffff"))
        draw_line_fitted(
            c, card.marker, font("heading"), box.h * 0.62, box.x, box.y + box.h * 0.27, box.w
        )

    def _draw_image(self, e: Element, card: Card, kind: Kind, box: Rect, ink) -> None:
        """A verified kit image (see load.images), scaled to fit the box and centred in it."""
        path = fill_placeholders(e.image or "", card)
        place_image(self.c, self.deck.images[path], path, box)

    def _draw_icon(self, e: Element, card: Card, kind: Kind, box: Rect, ink) -> None:
        """A wheel, or with `field`, the named emblem that card field gives (draw/emblems.py)."""
        name = card.get(e.field) if e.field else None
        if name:
            draw_emblem(self.c, str(name), box.cx, box.cy, min(box.w, box.h), ink)
        else:
            pictograms.wheel(self.c, box.cx, box.cy, min(box.w, box.h) / 2, ink)

    # -- back ------------------------------------------------------------------------------
    def _back_form(self) -> str:
        name = f"{self.prefix}back"
        if self._begin(name):
            draw_back(self.c, self.deck.back, self.w, self.h, self.bleed)
            self._end(name)
        return name


def _star(c: Canvas, x: float, y: float, r: float) -> None:
    p = c.beginPath()
    for i in range(10):
        t = math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        (p.moveTo if i == 0 else p.lineTo)(x + rr * math.cos(t), y + rr * math.sin(t))
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def draw_back(c: Canvas, back: Back, w: float, h: float, bleed: float) -> None:
    """An opaque, half-turn-symmetric back: dark field, lattice, meander border, wheel, titles.

    The dense dark field and lattice stop face text showing through thin paper.
    """
    c.setFillColor(colour(back.colour))
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    c.saveState()
    c.setStrokeColor(shade(back.colour, 0.35))
    c.setLineWidth(0.5)
    step = mm(2.4)
    span = w + h + 2 * bleed
    x = -bleed - h
    while x < w + bleed:
        c.line(x, -bleed, x + span, -bleed + span)
        c.line(x + span, -bleed, x, -bleed + span)
        x += step
    c.restoreState()
    inset = mm(3.2)
    pictograms.meander_border(
        c, inset, inset, w - 2 * inset, h - 2 * inset, mm(1.3), colour(back.accent)
    )
    r = min(w, h) * 0.26
    c.setFillColor(shade(back.colour, 0.25))
    c.circle(w / 2, h / 2, r * 1.18, stroke=0, fill=1)
    pictograms.wheel(c, w / 2, h / 2, r, colour(back.accent))
    for turn in (0, 180):
        c.saveState()
        c.translate(w / 2, h / 2)
        c.rotate(turn)
        c.setFillColor(colour(back.ink))
        if back.title:
            draw_line_fitted(
                c, back.title, font("display"), mm(4.6), -w / 2 + mm(8), -h / 2 + mm(11), w - mm(16)
            )
        if back.subtitle:
            c.setFillColor(colour(back.accent))
            draw_line_fitted(
                c,
                back.subtitle,
                font("heading"),
                mm(2.4),
                -w / 2 + mm(8),
                -h / 2 + mm(7.6),
                w - mm(16),
            )
        c.restoreState()
