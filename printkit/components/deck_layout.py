"""Each card design of a deck laid out once per build: measured, checked from the measurements,
and drawn from them.

`lay_out(kit, component_id)` draws every card design and back once on a canvas that paints and
writes nothing (components/safearea.ProbeCanvas) and keeps, for each: the fit of every text
(size and lines, in drawing order), the texts with their fonts (for the glyph check), the string
nearest the trim (for the safe area, PK001) and the text that cannot fit. The kit keeps the
layout (`Kit.laid_out`), so `printkit check` and a build's rules gate measure each design once,
and the render then draws each design from its recorded fits (`CardPainter(layout=...)`)
instead of fitting its texts again. Source locations are looked up only for findings.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.components.deck_checks import missing_glyphs
from printkit.components.safearea import ProbeCanvas, closest_text
from printkit.core.errors import Diagnostic
from printkit.draw.card import CardPainter, CardTextOverflow
from printkit.draw.text import FitKey, FittedText
from printkit.kit import Kit
from printkit.layout.geometry import Rect
from printkit.model.deck import Card, Deck
from printkit.model.face import Element

Fit = tuple[FitKey, FittedText]


@dataclass
class Design:
    """One card front or back as measured: what it says in the check's messages (`who`), the
    card (None for a back) and the kind of a back (None: the deck's common back); its texts'
    fits, the characters its fonts lack (character, font, element, attr: usually none), the
    string nearest its trim and the text that cannot fit."""

    who: str
    card: Card | None
    kind: str | None
    fits: list[Fit] = field(default_factory=list)
    missing: list[tuple[str, str, Element, str]] = field(default_factory=list)  # see below
    nearest: tuple[str, float] | None = None  # the string nearest the trim, and how near
    overflow: CardTextOverflow | None = None


@dataclass
class DeckLayout:
    """Every design of one deck, measured once: card fronts in deck order, then the backs."""

    designs: list[Design]
    fronts: dict[int, Design]  # by id() of the card
    backs: dict[str | None, Design]  # by kind; None is the deck's common back

    @property
    def overflows(self) -> list[Design]:
        return [d for d in self.designs if d.overflow is not None]

    def front_fits(self, card: Card) -> list[Fit] | None:
        design = self.fronts.get(id(card))
        return design.fits if design is not None and design.overflow is None else None

    def back_fits(self, kind: str | None) -> list[Fit] | None:
        design = self.backs.get(kind)
        return design.fits if design is not None and design.overflow is None else None


def laid_out(kit: Kit, component_id: str) -> DeckLayout:
    """The deck's layout, measured the first time it is asked for this kit (see Kit.laid_out)."""
    return kit.laid_out(component_id, lambda: lay_out(kit.model_as(component_id, Deck)))


def measured(kit: Kit, component_id: str) -> DeckLayout | None:
    """The deck's layout when this kit has measured it already (by check or the rules gate)."""
    layout = kit.layout_of(component_id)
    return layout if isinstance(layout, DeckLayout) else None


def lay_out(deck: Deck) -> DeckLayout:
    """Measure every card design and back of the deck once (inside the kit's `drawing()`)."""
    probe = ProbeCanvas()
    painter = CardPainter(probe, deck, 0)
    trim = Rect(0, 0, deck.size.width, deck.size.height)
    fronts = {id(c): Design(f"card {c.id!r}", c, None) for c in deck.cards}
    backs: dict[str | None, Design] = {None: Design("the back", None, None)}
    backs.update(
        (k, Design(f"the back of kind {k!r}", None, k))
        for k, kind in deck.kinds.items()
        if kind.back
    )
    designs = [*fronts.values(), *backs.values()]
    for design in designs:
        _measure(painter, probe, design)
        design.nearest = closest_text(probe.texts, trim)
    return DeckLayout(designs, fronts, backs)


def _measure(painter: CardPainter, probe: ProbeCanvas, design: Design) -> None:
    """Draw one design at the origin on the probe, recording its fits, texts and overflow."""
    probe.forget()
    texts: list[tuple[str, str, Element, str]] = []  # (text, font, element, attr)
    painter.elements.log = texts
    design.fits = painter.elements.fits.record()
    probe.saveState()
    try:
        if design.card is None:
            painter.draw_back(painter.back_of(design.kind)[1], design.kind or "")
        else:
            painter.draw_front(design.card, painter._frame_form(design.card.kind))
    except CardTextOverflow as exc:
        design.overflow = exc
    finally:
        probe.restoreState()
        painter.elements.fits.stop()
        painter.elements.log = None
    design.missing = missing_glyphs(texts)


def overflow_errors(layout: DeckLayout, error) -> list[Diagnostic]:
    """The input errors of every text that cannot fit (`error` makes one of an overflow)."""
    return [d for design in layout.overflows for d in error(design.overflow).diagnostics]
