"""What a card's preview depends on, as one digest per card design.

A card's picture is named by its look: the card's own fields, its kind (face, colours, own
back), the deck's settings that change drawing (size, frame, margins, fields, back), the bytes
of the images and icon files the card shows, the bytes of the kit's fonts and printkit's own
code. Nothing else: the deck's other cards, the sheet or file the cards are read from and their
lines are not part of it, so a one-cell edit of a sheet changes one card's look.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Iterable
from pathlib import Path

from printkit.build.incremental import code_fingerprint, file_hash
from printkit.draw.backs import back_values
from printkit.draw.elements import MissingValue, fill_placeholders
from printkit.elements.icon import Icon
from printkit.kit import Kit
from printkit.model.cards import Card, Deck, Kind
from printkit.model.face import Element

WORD = re.compile(r"[\w-]+")  # an icon name, as a whole word of a text that may show it


def digest(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:16]


class DeckLooks:
    """The looks of one deck's cards; built once per refresh, each file hashed once."""

    def __init__(self, kit: Kit, deck: Deck) -> None:
        self.root = kit.root
        self.deck = deck
        self._hashes: dict[str, str] = {}
        self._kinds: dict[str, str] = {}
        self._kind_images: dict[str, tuple[list[Element], set[str]]] = {}
        self.file_icons = {
            name: icon.source
            for name, icon in deck.icons.icons.items()
            if icon.source != "built-in"
        }
        fonts = sorted((role, self.file(path)) for role, path in kit.manifest.fonts.items())
        settings = dataclasses.replace(deck, cards=[], kinds={}, file="", images={}, icons=None)
        self.shared = digest(code_fingerprint(), repr(settings), repr(kit.fonts()), repr(fonts))

    def card(self, card: Card) -> str:
        """The digest of everything that changes how `card` looks."""
        return digest(self.shared, *self.card_inputs(card))

    def card_inputs(self, card: Card) -> tuple[str, ...]:
        """What changes how `card` looks besides the deck's `shared` part: its kind's digest,
        the card itself and the bytes of the image and icon files it shows."""
        kind = self.deck.kinds[card.kind]
        face, back = self._image_elements(card.kind, kind)
        if not (face or back or self.file_icons):  # shows no file: most decks' cards
            return self.kind(card.kind), repr(card)
        files = sorted(self._images(card, kind) | self._icon_files(card, kind))
        return self.kind(card.kind), repr(card), *(f"{path}={self.file(path)}" for path in files)

    def kind(self, name: str) -> str:
        """The digest of a kind (its face, colours, own back)."""
        if name not in self._kinds:
            self._kinds[name] = digest(repr(self.deck.kinds[name]))
        return self._kinds[name]

    def file(self, relative: str) -> str:
        """The digest of a kit file's bytes ("missing" when it is not there), read once."""
        if relative not in self._hashes:
            self._hashes[relative] = file_hash(Path(self.root) / relative) or "missing"
        return self._hashes[relative]

    def _images(self, card: Card, kind: Kind) -> set[str]:
        """The image files the card's face and back show (paths may be made of its fields)."""
        face, back = self._image_elements(card.kind, kind)
        return back.union(_filled("image", [(e, card) for e in face]))

    def _image_elements(self, name: str, kind: Kind) -> tuple[list[Element], set[str]]:
        """The kind's face elements that show an image, and the images of the back behind its
        cards (which reads only the kind), found once per kind."""
        known = self._kind_images.get(name)
        if known is None:
            back = kind.back or self.deck.back
            values = back_values(name)
            known = self._kind_images[name] = (
                [e for e in kind.face if getattr(e, "image", None)],
                set(_filled("image", [(e, values) for e in back.elements()])),
            )
        return known

    def _icon_files(self, card: Card, kind: Kind) -> set[str]:
        """The kit's own icon files the card may show: named by an icon element (filled from
        the card), or written anywhere in the card, its kind or the back (inline `{icon:x}`)."""
        if not self.file_icons:
            return set()
        pairs = [(e, card) for e in kind.face if isinstance(e, Icon)]
        named = set(_filled("icon", pairs)) | {
            str(card.get(e.field)) for e, _ in pairs if e.field and card.get(e.field)
        }
        words = set(WORD.findall(repr(card) + repr(kind) + repr(self.deck.back)))
        named |= words & self.file_icons.keys()
        return {self.file_icons[name] for name in named if name in self.file_icons}


def _filled(attr: str, pairs: Iterable[tuple[object, Card]]) -> Iterable[str]:
    for element, values in pairs:
        template = getattr(element, attr, None)
        if not template:
            continue
        try:
            yield fill_placeholders(template, values)
        except MissingValue:
            continue
