"""The deck component: cards with faces and a common back, imposed for home or shop printing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit import limits
from printkit.components.imposed import home_grid, render_pieces
from printkit.draw.card import PLACEHOLDER, CardPainter, CardTextOverflow
from printkit.errors import Collector, Location, fail
from printkit.kit import Kit
from printkit.load.schema import Context, MapOf, validate_document, where
from printkit.model.deck import FIELD_DECL, Card, Deck, _card_size_from, deck_schema


def load(kit: Kit, component_id: str) -> Deck:
    doc = kit.document(component_id)
    data = doc.data if isinstance(doc.data, dict) else {}
    pre = Context(doc)
    fields = MapOf(FIELD_DECL).validate(data.get("fields") or {}, pre, ("fields",))
    kinds = tuple(data["kinds"]) if isinstance(data.get("kinds"), dict) else ()
    raw = validate_document(doc, deck_schema(fields, kinds))
    deck = Deck(
        size=_card_size_from(raw.card_size),
        min_text_size=raw.min_text_size,
        corner_radius=raw.corner_radius,
        fields=raw.fields,
        kinds=raw.kinds,
        back=raw.back,
        cards=[_card(rec, fields) for rec in raw.cards],
        file=doc.file,
    )
    _check_cards(deck, raw, doc.file)
    apply_variants(kit, deck)
    apply_game_markers(kit, component_id, deck)
    _check_size(kit, deck, doc.file)
    return deck


def _card(rec: Any, fields: dict) -> Card:
    values = {name: rec.get(name) for name in fields if rec.get(name) is not None}
    card = Card(rec.id, rec.kind, rec.count, rec.title, rec.text, list(rec.tags), values)
    for attr in ("_where", "_field_where", "_key_where"):
        object.__setattr__(card, attr, getattr(rec, attr))
    return card


def _check_cards(deck: Deck, raw: Any, file: str) -> None:
    errors = Collector()
    seen: dict[str, Card] = {}
    for card in deck.cards:
        if card.id in seen:
            first = where(seen[card.id])
            errors.add(
                where(card, "id"), f"duplicate card id {card.id!r} (first at line {first.line})"
            )
        seen[card.id] = card
    known = {"id", "kind", "count", "title", "text", "marker", *deck.fields}
    for kname, kind in deck.kinds.items():
        for element in kind.face:
            for text in (element.text, element.caption):
                for name in PLACEHOLDER.findall(text or ""):
                    if name not in known:
                        errors.add(
                            where(element, "text"),
                            f"placeholder {{{name}}} in kind {kname!r} names no card field; "
                            f"fields are: {', '.join(sorted(known))}",
                        )
    errors.raise_if_any()
    total = deck.total
    if total > limits.MAX_CARDS_PER_DECK:
        raise fail(
            where(raw) or Location(file),
            f"the deck has {total:,} cards; the limit (MAX_CARDS_PER_DECK) is "
            f"{limits.MAX_CARDS_PER_DECK:,}",
        )


def apply_variants(kit: Kit, deck: Deck) -> None:
    """Filter, recount and mark cards for the chosen variants, in the order given."""
    for variant in kit.active_variants():
        kept = []
        for card in deck.cards:
            if card.id in variant.exclude_cards or set(card.tags) & set(variant.exclude_tags):
                continue
            if variant.only_tags and not set(card.tags) & set(variant.only_tags):
                continue
            if card.id in variant.counts:
                card.count = variant.counts[card.id]
            for tag, marker in variant.markers.items():
                if tag in card.tags:
                    card.marker = marker
            if card.count > 0:
                kept.append(card)
        deck.cards = kept


def apply_game_markers(kit: Kit, component_id: str, deck: Deck) -> None:
    """Markers a kit's game module derives from its rules data (e.g. cards some player count
    leaves out): the module's optional `card_markers(kit, component_id) -> {card id: marker}`."""
    if kit.manifest.rules is None:
        return
    from printkit.games import game

    markers = getattr(game(kit.manifest.rules.module), "card_markers", None)
    if markers is None:
        return
    table = markers(kit, component_id)
    for card in deck.cards:
        if card.id in table:
            card.marker = table[card.id]


def _check_size(kit: Kit, deck: Deck, file: str) -> None:
    if kit.options.profile == "home":
        home_grid(kit, deck.size, Location(file))


def output_name(kit: Kit, component_id: str) -> str:
    return f"{component_id}.pdf"


def render(kit: Kit, component_id: str, path: Path, progress=None) -> int:
    """Draw the deck into `path`; returns the number of pages."""
    deck: Deck = kit.model(component_id)

    def painter(c, bleed: float) -> _DeckPainter:
        return _DeckPainter(CardPainter(c, deck, bleed))

    try:
        return render_pieces(
            kit,
            component_id,
            path,
            deck.copies(),
            deck.size,
            painter,
            Location(deck.file),
            progress,
        )
    except CardTextOverflow as exc:
        raise _overflow_error(exc) from None


class _DeckPainter:
    def __init__(self, cards: CardPainter) -> None:
        self.cards = cards

    def place_front(self, card: Card, trim) -> None:
        self.cards.place_front(card, trim)

    def place_back(self, card: Card, trim) -> None:
        self.cards.place_back(trim)


def _overflow_error(exc: CardTextOverflow):
    card, element = exc.card, exc.element
    return fail(
        where(card) or Location("?"),
        f"card {card.id!r}: the {element.element} text does not fit its box even at "
        f"{exc.overflow.min_size:g} pt (min_text_size); shorten it or enlarge the box",
    )
