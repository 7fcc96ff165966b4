"""The pages of a deck's designs PDF, in order (`--card-pages designs`: each design once, each
back once): what the deck type draws (components/deck/designs.py) and what `export --images`
and `export --tts` read back, pairing every card with the back it prints with, so both agree
on one order without the exports knowing the deck type.
"""

from __future__ import annotations

from typing import NamedTuple

from printkit.model.backs import back_behind, cards_by_back, has_card_backs
from printkit.model.cards import Card, Deck


class DesignPage(NamedTuple):
    """One page of the designs PDF: a card's front, or a back (`key`, model/backs.py) with the
    cards printed with it (one card when the back reads its card's fields)."""

    side: str  # "front" or "back"
    key: str  # the key of the back behind the front, or of this back ("" one-sided)
    cards: tuple[Card, ...]

    @property
    def copies(self) -> int:
        return sum(card.count for card in self.cards)


def design_pages(deck: Deck) -> list[DesignPage]:
    """The designs PDF's pages in order: each design's front (and its own back after it when
    some back reads its card's fields), then each shared back once. The designs PDF is drawn
    in this order and the exports read it in this order."""
    two_sided = deck.sides == 2
    own = has_card_backs(deck)
    pages: list[DesignPage] = []
    for card in deck.cards:
        key = back_behind(deck, card).key if two_sided else ""
        pages.append(DesignPage("front", key, (card,)))
        if own:
            pages.append(DesignPage("back", key, (card,)))
    if two_sided and not own:
        backs = cards_by_back(deck).items()
        pages += [DesignPage("back", key, tuple(cards)) for key, (_, cards) in backs]
    return pages
