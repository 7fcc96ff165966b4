"""Each card design of a deck laid out once per build: measured, checked from the measurements,
and drawn from them.

`lay_out(deck)` draws every card design and back once on a canvas that paints and writes
nothing (render/safearea.ProbeCanvas) and keeps, for each: the fit of every text (the
arguments it was fitted with, its layout among them, and its size and lines, in drawing order),
the texts with their fonts (for the glyph check), the string nearest the trim (for the safe
area, PK001) and the text that cannot fit. A back shared by many cards is one design; a back
that reads its card's fields (model/backs.back_reads_card) is one design per card behind it; a
one-sided deck (`sides: 1`) has no back to measure. The build keeps the layout (its `Derived`,
handed to every member of the type that lays out or draws: `Derived.laid_out`), so `printkit
check` and a build's rules gate measure each design once, and the render then draws each design from its recorded fits (`CardPainter(measured=...)`) instead of fitting its
texts again. Source locations are looked up only for findings. Under `build --watch` and serve,
the build may offer the designs an earlier build of the same folder measured (a `Keeper`,
through `Derived.kept_layouts`: the deck's kept.py, kept by live/layouts.py); a design it knows
is taken, not measured.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from typing import Any, Protocol

from printkit.components.deck.checks import missing_glyphs
from printkit.components.deck.painter import CardPainter, CardTextOverflow
from printkit.core.errors import Diagnostic, InputError
from printkit.core.fieldwise import fieldwise
from printkit.draw.elements import Boxes, PlainText
from printkit.draw.text import FitKey, FittedText, forget_measures
from printkit.kit import Derived, Kit
from printkit.layout.geometry import Rect
from printkit.model.backs import back_behind, back_reads_card
from printkit.model.cards import Card, Deck
from printkit.model.face import Element
from printkit.render.safearea import ProbeCanvas, closest_text

Fit = tuple[FitKey, FittedText] | PlainText  # a text's fit, or a plain text element as drawn


class Design:
    """One card front or back as measured: the card (its front, or the card behind a back that
    reads its fields; None for a shared back), the kind of a back (None: the deck's common
    back) and whether it is a back; its texts' fits (and its plain texts as drawn), the
    characters its fonts lack (character, font, element, attr: usually none), the string
    nearest its trim and the text that cannot fit. It keeps no more than that: a deck of
    thousands of cards keeps thousands of designs between the measure and the render."""

    __slots__ = ("card", "kind", "back", "fits", "missing", "nearest", "overflow")

    def __init__(self, card: Card | None, kind: str | None, back: bool = False) -> None:
        self.card = card
        self.kind = kind
        self.back = back
        self.fits: list[Fit] = []
        self.missing: Sequence[tuple[str, str, Element, str]] = ()  # see above
        self.nearest: tuple[str, float] | None = None  # the string nearest the trim, and how near
        self.overflow: CardTextOverflow | None = None

    def __repr__(self) -> str:
        return f"Design(card={self.card!r}, kind={self.kind!r}, back={self.back!r}, ...)"

    @property
    def who(self) -> str:
        """What the check's messages call the design."""
        if self.back and self.card is not None:
            return f"the back of card {self.card.id!r}"
        if self.back:
            return "the back" if self.kind is None else f"the back of kind {self.kind!r}"
        assert self.card is not None
        return f"card {self.card.id!r}"


@fieldwise
class DeckLayout:
    """Every design of one deck, measured once: card fronts in deck order, then the backs (the
    deck's, then each kind's own; a back that reads card fields once per card behind it)."""

    designs: list[Design]
    fronts: dict[int, Design]  # by id() of the card
    backs: dict[str | None, Design]  # shared backs by kind; None is the deck's common back
    card_backs: dict[int, Design] = field(default_factory=dict)  # by id() of the card
    boxes: Boxes = field(default_factory=dict)  # the shared elements' boxes, for the render
    spent: bool = False  # see release_as_drawn()

    @property
    def overflows(self) -> list[Design]:
        return [d for d in self.designs if d.overflow is not None]

    def release_as_drawn(self) -> None:
        """From now on, each design is let go as the render takes its fits (a design is drawn
        once per PDF: as a form, or in place when printed once), so that the pages drawn after
        it reuse its memory. For a build's one render of the deck (Derived.single_use): what the
        checks read (the designs, their nearest texts and glyphs) is gone after it."""
        self.spent = True
        self.designs = []
        forget_measures()  # the render draws from the fits, not from these caches

    def front_fits(self, card: Card) -> list[Fit] | None:
        design = self.fronts.pop(id(card), None) if self.spent else self.fronts.get(id(card))
        return _fits(design)

    def back_fits(self, kind: str | None, card: Card | None = None) -> list[Fit] | None:
        """The fits of the back behind a card of `kind` (None: the deck's back): the back of
        `card` itself when it reads its card's fields, else the shared back."""
        if not self.spent:
            return _fits(self.back_of(kind, card))
        own = self.card_backs.pop(id(card), None) if card is not None else None
        return _fits(own if own is not None else self.backs.pop(kind, None))

    def back_of(self, kind: str | None, card: Card | None = None) -> Design | None:
        """The measured back behind `card` (a card of `kind`), None if it was not measured."""
        own = self.card_backs.get(id(card)) if card is not None else None
        return own if own is not None else self.backs.get(kind)


def _fits(design: Design | None) -> list[Fit] | None:
    """A measured design's fits to draw it from; None when it was not measured (or let go,
    see DeckLayout.release_as_drawn) or its text cannot fit."""
    return design.fits if design is not None and design.overflow is None else None


class Keeper(Protocol):
    """Designs measured before, by an earlier kit object of the same folder (`build --watch`,
    serve: kept.py)."""

    def known(self, design: Design) -> bool:
        """Fill `design` from one measured before from exactly the same inputs; False when
        there is none (the design is then measured)."""
        ...


def laid_out(kit: Kit, derived: Derived, component_id: str) -> DeckLayout:
    """The deck's layout, measured the first time the build asks for it (kept in the build's
    `derived`, see kit.Derived.laid_out), reusing what the build's kept layouts offer
    (Derived.kept_layouts)."""

    def measure() -> DeckLayout:
        kept = derived.kept_layouts
        keeper = kept(kit, derived, component_id) if kept else None
        return lay_out(kit.model_as(component_id, Deck), kit.fonts(), keeper)

    return derived.laid_out(component_id, measure)


def measured(kit: Kit, derived: Derived, component_id: str) -> DeckLayout | None:
    """The deck's layout when this build has measured it already (by check or the rules gate),
    or can mostly reuse it (a build with kept layouts: measured now)."""
    layout = derived.layout_of(component_id)
    if layout is None and derived.kept_layouts is not None:
        layout = laid_out(kit, derived, component_id)
    return layout if isinstance(layout, DeckLayout) else None


def lay_out(deck: Deck, fonts: Mapping[str, str], keeper: Keeper | None = None) -> DeckLayout:
    """Measure every card design and back of the deck once, drawn with the kit's `fonts`;
    a design the `keeper` knows is taken from it instead."""
    probe = ProbeCanvas(fonts)
    painter = CardPainter(probe, deck, 0)
    trim = Rect(0, 0, deck.size.width, deck.size.height)
    fronts = {id(c): Design(c, None) for c in deck.cards}
    backs = _back_designs(deck, painter) if deck.sides == 2 else []
    designs = [*fronts.values(), *backs]
    cut = deck.cut()
    for design in designs:
        if keeper is not None and keeper.known(design):
            continue
        _measure(painter, probe, design)
        design.nearest = closest_text(probe.texts, trim, cut)
    shared = {d.kind: d for d in backs if d.card is None}
    own = {id(d.card): d for d in backs if d.card is not None}
    return DeckLayout(designs, fronts, shared, own, painter.elements.boxes)


def _back_designs(deck: Deck, painter: CardPainter) -> list[Design]:
    """The backs to measure, the deck's first, then each kind's own: a shared back once, a back
    that reads its card's fields once per card behind it, in deck order."""
    out: list[Design] = []
    kinds: list[str | None] = [None, *(k for k, kind in deck.kinds.items() if kind.back)]
    for kind in kinds:
        if not back_reads_card(painter.back_of(kind)[1]):
            out.append(Design(None, kind, back=True))
            continue
        behind = [c for c in deck.cards if back_behind(deck, c).kind == kind]
        out += [Design(c, kind, back=True) for c in behind]
    return out


def _measure(painter: CardPainter, probe: ProbeCanvas, design: Design) -> None:
    """Draw one design at the origin on the probe, recording its fits, texts and overflow."""
    probe.forget()
    texts: list[tuple[str, str, Element, str]] = []  # (text, font, element, attr)
    painter.elements.log = texts
    design.fits = painter.elements.fits.record()
    probe.saveState()
    try:
        if design.back:
            back = painter.back_of(design.kind)[1]
            painter.draw_back(back, design.kind or "", design.card)
        else:
            assert design.card is not None
            painter.draw_front(design.card, painter._frame_form(design.card.kind))
    except CardTextOverflow as exc:
        design.overflow = exc
    finally:
        probe.restoreState()
        painter.elements.fits.stop()
        painter.elements.log = None
    design.missing = tuple(missing_glyphs(texts))


def overflow_errors(layout: DeckLayout, error: Callable[[Any], InputError]) -> list[Diagnostic]:
    """The input errors of every text that cannot fit (`error` makes one of an overflow)."""
    return [d for design in layout.overflows for d in error(design.overflow).diagnostics]
