"""Card layouts kept across the rebuilds of `printkit build --watch` and of serve's rounds.

Each rebuild reads the kit afresh, so its deck models are new objects; laying every card design
out again would make a one-cell edit of a 1,500-row sheet cost as much as a fresh build. The
watching process keeps each design's layout (components/deck/layout.Design: its texts' fits, the
string nearest its trim) under a key made of everything that layout is measured from, and the
next rebuild's layout takes every design whose key it finds instead of measuring it:

- the build's options (`Options.key()`: profile, paper, duplex, bleed, variants, players ...);
- the deck's settings that change drawing (size, frame, margins, fields, the back), the kit's
  fonts (the registered names and the bytes of the kit's own font files) and printkit's code,
  all of it live/looks.py's `DeckLooks.shared`;
- a card front: the card's own fields and its kind (face, colours, own back), and the bytes of
  the images and kit icon files it may show (`DeckLooks.card`, the key of serve's pictures);
- a back that reads its card's fields: the same, for the card behind it; a shared back: its
  kind (or the deck's back, in the deck's settings) and the bytes of every image the deck names
  and of every icon file the kit and the deck name.

A design whose text cannot fit, or whose fonts lack a character, is never kept (its messages
point into the data, and are made afresh). The faces' elements are new objects in every
rebuild: a kept design's plain texts are given the new face's elements, position for position
(the key says the faces are equal), so the render draws them exactly as a fresh layout would.
Only the last layout of each deck is kept.
"""

from __future__ import annotations

from typing import NamedTuple

from printkit.components.deck.layout import DeckLayout, Design, Fit
from printkit.draw.elements import PlainText
from printkit.kit import Kit
from printkit.live.looks import DeckLooks
from printkit.model.cards import Deck, Kind
from printkit.model.face import Back, Element, Lettered

DeckId = tuple[str, str, str]  # kit folder, options key, component id
Key = tuple[bool | str | None, ...]  # a design's: back?, kind, then what it is measured from


class _Kept(NamedTuple):
    """A measured design's results (its fits list as the layout made it: nothing changes a
    design's fits once measured), and the face elements it was measured with."""

    fits: list[Fit]
    nearest: tuple[str, float] | None
    elements: tuple[Element, ...]


class KeptLayouts:
    """Every deck's last layout, by design key. `attach(kit)` offers them to a kit's layouts;
    `settle()` (after a rebuild) keeps the layouts that rebuild made, in place of the older."""

    def __init__(self) -> None:
        # each deck's last layout: its DeckLooks.shared (the deck's settings, fonts, code) and
        # its designs by key
        self._decks: dict[DeckId, tuple[str, dict[Key, _Kept]]] = {}
        self._keepers: list[_DeckKeeper] = []
        self.measured = 0  # designs measured by the layouts the last settle() kept

    def attach(self, kit: Kit) -> Kit:
        kit.derived.kept_layouts = self.keeper
        return kit

    def keeper(self, kit: Kit, component_id: str) -> _DeckKeeper:
        """What this kit's layout of the deck may reuse (deck_layout.Keeper)."""
        keeper = _DeckKeeper(kit, component_id, self._decks)
        self._keepers.append(keeper)
        return keeper

    def remember(self, kit: Kit) -> None:
        """Keep the layouts a kit without kept layouts made (the first build of `--watch`)."""
        for cid in kit.component_ids():
            layout = kit.derived.layout_of(cid)
            if isinstance(layout, DeckLayout) and not layout.spent:
                keeper = self.keeper(kit, cid)
                for design in layout.designs:
                    keeper.key_of(design)
        self.settle()

    def settle(self) -> None:
        """Keep each deck's layout made since the last settle (complete ones only: a layout that
        met an error is not the kit's), in place of that deck's older one."""
        self.measured = sum(keeper.measured for keeper in self._keepers)
        for keeper in self._keepers:
            layout = keeper.layout()
            if layout is not None:
                self._decks[keeper.deck_id] = (keeper.looks.shared, keeper.kept(layout))
        self._keepers = []

    @property
    def designs(self) -> int:
        """How many designs are kept (for the tests and the bench)."""
        return sum(len(kept) for _, kept in self._decks.values())


class _DeckKeeper:
    """One layout of one deck: the key of each of its designs, and the designs kept before."""

    def __init__(
        self, kit: Kit, component_id: str, decks: dict[DeckId, tuple[str, dict[Key, _Kept]]]
    ) -> None:
        self.kit = kit
        self.component_id = component_id
        self.deck = kit.model_as(component_id, Deck)
        self.looks = DeckLooks(kit, self.deck)
        self.deck_id: DeckId = (str(kit.root), kit.options.key(), component_id)
        shared, kept = decks.get(self.deck_id, ("", {}))
        self._kept = kept if shared == self.looks.shared else {}
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
        layout = self.kit.derived.layout_of(self.component_id)
        return layout if isinstance(layout, DeckLayout) and not layout.spent else None

    def kept(self, layout: DeckLayout) -> dict[Key, _Kept]:
        """The layout's designs worth keeping, by key: every one measured to the end, its texts
        fitting and its fonts having every character."""
        out: dict[Key, _Kept] = {}
        for design in layout.designs:
            key = self._keys.get(id(design))
            if key is not None and design.overflow is None and not design.missing:
                out[key] = _Kept(design.fits, design.nearest, self._elements(design))
        return out
