"""The deck component: cards with faces and a common back, imposed for home or shop printing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit import limits
from printkit.components.imposed import home_grid, render_pieces
from printkit.draw.card import PLACEHOLDER, CardPainter, CardTextOverflow
from printkit.errors import Collector, InputError, Location, fail
from printkit.kit import Kit
from printkit.load.schema import Context, MapOf, Record, validate_document, where
from printkit.load.yamlsafe import Document
from printkit.model.deck import FIELD_DECL, Card, Deck, _card_size_from, deck_schema


def load(kit: Kit, component_id: str) -> Deck:
    doc = kit.document(component_id)
    fields, kinds = _declared(doc)
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
    apply_variants(kit, deck, component_id)
    apply_game_markers(kit, component_id, deck)
    _check_size(kit, deck, doc.file)
    return deck


def schema(kit: Kit | None = None, component_id: str | None = None) -> Record:
    """The deck file's schema; with a kit, for the card fields and kinds that deck declares."""
    if kit is None or component_id is None:
        return deck_schema()
    fields, kinds = _declared(kit.document(component_id))
    return deck_schema({k: v for k, v in fields.items() if v is not None}, kinds)


def _declared(doc: Document) -> tuple[dict, tuple[str, ...]]:
    """The deck's declared card fields and kind names, read before the cards are validated."""
    data = doc.data if isinstance(doc.data, dict) else {}
    fields = MapOf(FIELD_DECL).validate(data.get("fields") or {}, Context(doc), ("fields",))
    kinds = tuple(data["kinds"]) if isinstance(data.get("kinds"), dict) else ()
    return fields, kinds


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


def apply_variants(kit: Kit, deck: Deck, component_id: str = "") -> None:
    """Filter, recount and mark cards for the chosen variants, in the order given."""
    from printkit import variants

    active = kit.active_variants()
    if not active:
        return
    decks = [c for c in kit.component_ids() if kit.spec(c).type == "deck"]
    if component_id == decks[0]:  # the references span every deck; report them once
        ids, tags = set(), set()
        for cid in decks:
            try:
                more_ids, more_tags = variants.declared_cards(kit.document(cid).data)
            except InputError:
                continue  # that deck reports its own file's errors
            ids, tags = ids | more_ids, tags | more_tags
        errors = Collector()
        variants.check_references(active, ids, tags, variants.manifest_location(kit), errors)
        errors.raise_if_any()
    deck.cards = variants.apply_variants(deck.cards, active)
    if not deck.cards:
        names = ", ".join(v.name for v in active)
        raise fail(
            where(active[-1]) or Location(kit.manifest_file),
            f"the variants {names} leave no cards in deck {component_id or deck.file!r}",
        )


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
    fields = PLACEHOLDER.findall(element.text or "")
    field = fields[0] if fields else None
    named = f"field {field!r}" if field else f"the {element.element} text"
    return fail(
        where(card, field) or where(card) or Location("?"),
        f"card {card.id!r}: {named} does not fit its box even at {exc.overflow.min_size:g} pt "
        "(min_text_size); shorten the text or enlarge the box",
    )
