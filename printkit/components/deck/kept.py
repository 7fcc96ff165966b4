"""A deck's measured designs kept across the rebuilds of `printkit build --watch` and serve.

Each rebuild reads the kit afresh, so its deck models are new objects; laying every card design
out again would make a one-cell edit of a 1,500-row sheet cost as much as a fresh build. The
watching process (live/layouts.py) keeps each design's layout (layout.Design: its texts' fits,
the string nearest its trim) through this type's `layout_keeper` (printkit/api.py), under a key
made of everything that layout is measured from, and the next rebuild's layout takes every
design whose key it finds instead of measuring it:

- the build's options (`Options.key()`: profile, paper, duplex, bleed, variants, players ...);
- the deck's settings that change drawing (size, frame, margins, fields, the back), the kit's
  fonts (the registered names and the bytes of the kit's own font files) and printkit's code,
  all of it the looks' `shared` digest (the engine's `CardLooks`, given by the watching process);
- a card front: the card's own fields and its kind (face, colours, own back), and the bytes of
  the images and kit icon files it may show (`CardLooks.card_inputs`, the key of serve's
  pictures);
- a back that reads its card's fields: the same, for the card behind it; a shared back: its
  kind (or the deck's back, in the deck's settings) and the bytes of every image the deck names
  and of every icon file the kit and the deck name.

A design whose text cannot fit, or whose fonts lack a character, is never kept (its messages
point into the data, and are made afresh). The faces' elements are new objects in every
rebuild: a kept design's plain texts are given the new face's elements, position for position
(the key says the faces are equal), so the render draws them exactly as a fresh layout would.
"""

from __future__ import annotations

from typing import NamedTuple

from printkit.api import CardLooks
from printkit.components.deck.layout import DeckLayout, Design, Fit
from printkit.draw.elements import PlainText
from printkit.kit import Derived, Kit
from printkit.model.cards import Deck, Kind
from printkit.model.face import Back, Element, Lettered

Key = tuple[bool | str | None, ...]  # a design's: back?, kind, then what it is measured from


class _Kept(NamedTuple):
    """A measured design's results (its fits list as the layout made it: nothing changes a
    design's fits once measured), and the face elements it was measured with."""

    fits: list[Fit]
    nearest: tuple[str, float] | None
    elements: tuple[Element, ...]


class DeckKeeper:
    """One layout of one deck: the key of each of its designs, and the designs kept before
    (the deck type's `LayoutKeeper`, printkit/api.py; layout.Keeper for the deck's layout)."""

    def __init__(
        self,
        kit: Kit,
        derived: Derived,
        component_id: str,
        looks: CardLooks,
        earlier: dict[Key, _Kept] | None,
    ) -> None:
        self.kit = kit
        self.derived = derived  # the build whose layout of the deck this keeper keeps
        self.component_id = component_id
        self.deck = kit.model_as(component_id, Deck)
        self.looks = looks
        self._kept = earlier or {}
        self._keys: dict[int, Key] = {}  # id() of a design of this layout -> its key
        self.measured = 0  # designs this layout measured (the others were known)
        # each kind's face and each back's elements as one tuple (kept designs share it)
        self._faces: dict[int, tuple[Kind | Back, tuple[Element, ...]]] = {}
        # a kept face's elements -> this kit's, by id() of their tuples (both kept alive)
        self._maps: dict[tuple[int, int], dict[int, Element]] = {}

    def known(self, design: Design) -> bool:
        kept = self._kept.get(self.key_of(design))
        fits = None if kept is None else self._remapped(kept, self._elements(design))
        if kept is None or fits is None:
            self.measured += 1
            return False
        design.fits, design.nearest = fits, kept.nearest
        return True

    def key_of(self, design: Design) -> Key:
        """The design's key (see the module's docstring; the options are the deck's `DeckId`)."""
        if design.card is not None:
            key: Key = (design.back, design.kind, *self.looks.card_inputs(design.card))
        else:
            key = self._shared_back(design.kind)
        self._keys[id(design)] = key
        return key

    def _shared_back(self, kind: str | None) -> Key:
        """A shared back's key: its kind (None: the deck's back, in the deck's settings) and
        the bytes of every image the deck names and every kit icon file."""
        names = sorted({*self.deck.images, *self.looks.file_icons.values()})
        files = [f"{name}={self.looks.file(name)}" for name in names]
        own = self.looks.kind(kind) if kind is not None else ""
        return (True, kind, "shared", own, *files)

    def _elements(self, design: Design) -> tuple[Element, ...]:
        """The face elements the design is drawn from, in order (one tuple per face)."""
        source: Kind | Back
        if not design.back:
            assert design.card is not None
            source = self.deck.kinds[design.card.kind]
        else:
            own = self.deck.kinds[design.kind].back if design.kind is not None else None
            source = own or self.deck.back
        known = self._faces.get(id(source))
        if known is None or known[0] is not source:
            face = source.face if isinstance(source, Kind) else source.elements()
            known = self._faces[id(source)] = (source, tuple(face))
        return known[1]

    def _remapped(self, kept: _Kept, elements: tuple[Element, ...]) -> list[Fit] | None:
        """The kept fits, each plain text given the element of `elements` at its kept
        element's place; None when one is not found there (the design is then measured)."""
        now = self._maps.get((id(kept.elements), id(elements)))
        if now is None:
            if len(elements) != len(kept.elements):
                return None
            now = dict(zip(map(id, kept.elements), elements, strict=True))
            self._maps[(id(kept.elements), id(elements))] = now
        fits: list[Fit] = []
        for fit in kept.fits:
            if type(fit) is PlainText:
                element = now.get(id(fit.element))
                if not isinstance(element, Lettered):  # not found (or not a text): measured
                    return None
                fit = PlainText(element, fit.ink, fit.fitted, fit.box, fit.layout)
            fits.append(fit)
        return fits

    def layout(self) -> DeckLayout | None:
        layout = self.derived.layout_of(self.component_id)
        return layout if isinstance(layout, DeckLayout) and not layout.spent else None

    def remember(self) -> None:
        """Key every design of the layout this kit made without a keeper (the first build of
        `--watch`), so that kept() keeps them."""
        layout = self.layout()
        for design in layout.designs if layout is not None else []:
            self.key_of(design)

    def kept(self) -> dict[Key, _Kept] | None:
        """The designs worth keeping of the layout this kit made, by key: every one measured
        to the end, its texts fitting and its fonts having every character; None when the kit
        made no complete layout (a round cut short: the earlier one stays)."""
        layout = self.layout()
        if layout is None:
            return None
        out: dict[Key, _Kept] = {}
        for design in layout.designs:
            key = self._keys.get(id(design))
            if key is not None and design.overflow is None and not design.missing:
                out[key] = _Kept(design.fits, design.nearest, self._elements(design))
        return out


def layout_keeper(
    kit: Kit, derived: Derived, component_id: str, looks: CardLooks, earlier: object | None
) -> DeckKeeper:
    """The deck type's `layout_keeper` (printkit/api.py): this build's layout of the deck, given
    the designs an earlier one kept (`earlier`, what its `kept()` returned) when its looks'
    shared digest was the same."""
    kept = earlier if isinstance(earlier, dict) else None
    return DeckKeeper(kit, derived, component_id, looks, kept)
