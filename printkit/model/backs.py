"""Which back is behind a card: the one place every output asks.

A two-sided deck has a back of its own (`back:`), each kind may have its own (`kinds: x: back:`),
and a back whose elements read the card's fields (`{title}`, `field:`) is a different design
behind every card. The PDFs (home, shop, gang sheets, the designs PDF print shops take), the
image and Tabletop Simulator exports, the showcase and serve all ask `back_behind` which back a
card gets, so none of them can fall back to the deck's default on its own.

A back is known by its `key`: `back` (the deck's), `back-<kind>` (a kind's own), and
`<that>-card-<id>` when it reads the card's fields. A tile set's tiles share its back unless a
tile has its own, and a token's back is drawn on its own colour (`piece_back`). The key is also the name of the back's form
in a PDF (components/deck/painter.py, components/tiles/draw.py) and of its picture in the exports (`<key>.png`).
"""

from __future__ import annotations

from typing import NamedTuple, TypeVar

from printkit.model.cards import Card, Deck
from printkit.model.face import Back, element_fields


class BackChoice(NamedTuple):
    """The back behind a card: its key, its design, the kind whose own back it is (None: the
    deck's) and the card whose fields it shows (None: a back shared by many cards)."""

    key: str
    back: Back
    kind: str | None
    card: Card | None


def back_reads_card(back: Back) -> bool:
    """Whether the back shows its card's own fields (then each card has its own back)."""
    return any(
        element_fields(e) - {"kind"} or any(getattr(e, key) for key in e.field_keys)
        for e in back.elements()
    )


def shared_back(deck: Deck, kind: str | None) -> tuple[str, Back]:
    """The key and design of the back a card of `kind` shares: its kind's own, else the deck's."""
    own = deck.kinds[kind].back if kind else None
    if own is not None:
        return f"back-{kind}", own
    return "back", deck.back


def back_behind(deck: Deck, card: Card) -> BackChoice:
    """The back printed behind `card`: its kind's own back or the deck's, and that back drawn
    with the card's own fields when it reads them."""
    key, back = shared_back(deck, card.kind)
    return _choice(card, key, back, back_reads_card(back))


def _choice(card: Card, key: str, back: Back, reads_card: bool) -> BackChoice:
    """The choice of the shared back `key` behind `card`, a back of its own when the back
    reads its card's fields."""
    kind = card.kind if key != "back" else None
    if reads_card:
        return BackChoice(_own_key(key, card), back, kind, card)
    return BackChoice(key, back, kind, None)


def _own_key(key: str, card: Card) -> str:
    """The key of the shared back `key` drawn with `card`'s own fields."""
    return f"{key}-card-{card.id}"


def cards_by_back(deck: Deck) -> dict[str, tuple[BackChoice, list[Card]]]:
    """Every back the deck prints by key, with the cards behind it, in the order of the first
    card behind each (a one-sided deck prints none)."""
    if deck.sides != 2:
        return {}
    out: dict[str, tuple[BackChoice, list[Card]]] = {}
    reads: dict[str, bool] = {}  # whether each shared back reads its card: asked once a back
    for card in deck.cards:
        key, back = shared_back(deck, card.kind)
        reads_card = reads.get(key)
        if reads_card is None:
            reads_card = reads[key] = back_reads_card(back)
        choice_key = _own_key(key, card) if reads_card else key
        behind = out.get(choice_key)
        if behind is None:
            behind = out[choice_key] = (_choice(card, key, back, reads_card), [])
        behind[1].append(card)
    return out


def distinct_backs(deck: Deck) -> list[BackChoice]:
    """Every back the deck prints, once each, in the order of the first card behind it."""
    return [choice for choice, _ in cards_by_back(deck).values()]


Side = TypeVar("Side")  # a back's design: a card's `Back`, a token group's back


def piece_back(
    own: Side | None, shared: Side, piece_id: str, key: str, reads_piece: bool = False
) -> tuple[str, Side]:
    """The back behind a piece of a set (a tile, a token): its own back, keyed `<key>-<piece
    id>`, else the back the set shares, keyed `key`; a shared back drawn from the piece's own
    colour or fields (`reads_piece`) is a picture of its own behind each piece, keyed as an own
    back is. Exports name a back's picture by its key (`<key>.png`)."""
    if own is not None:
        return f"{key}-{piece_id}", own
    if reads_piece:
        return f"{key}-{piece_id}", shared
    return key, shared


def has_card_backs(deck: Deck) -> bool:
    """Whether some back of a two-sided deck reads its card's fields (one back per card)."""
    return deck.sides == 2 and any(back_reads_card(b) for b in deck.backs().values())
