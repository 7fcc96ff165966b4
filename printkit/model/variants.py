"""Card mixes: applying kit.yaml variants to a deck's cards, and checking what they refer to.

A variant keeps, drops, recounts and marks cards, selected by id or tag. Several variants combine
by applying each to the result of the previous one, in the order given on the command line, so
`--variant serious --variant short` first drops the magic cards, then applies `short`'s changes
to what is left. A variant that names a card id or tag no deck of the kit has is an input error
(exit 2) with a did-you-mean, because a typo there would otherwise silently change nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from printkit.core.errors import Collector, Location
from printkit.core.words import close_matches
from printkit.model.cards import Card
from printkit.model.kit import Variant

# Variant keys that name card ids and keys that name tags (the maps name them in their keys).
ID_LISTS = ("exclude_cards", "only_cards")
TAG_LISTS = ("exclude_tags", "only_tags")


def apply_variant(cards: list[Card], variant: Variant) -> list[Card]:
    """The cards left after one variant: filters first, then counts, then markers.

    `only_cards` and `only_tags` together keep a card matching either; `exclude_*` then drops.
    A count of 0 removes the card.
    """
    kept = []
    keep_ids, keep_tags = set(variant.only_cards), set(variant.only_tags)
    for card in cards:
        tags = set(card.tags)
        if (keep_ids or keep_tags) and card.id not in keep_ids and not tags & keep_tags:
            continue
        if card.id in variant.exclude_cards or tags & set(variant.exclude_tags):
            continue
        if card.id in variant.counts:
            card.count = variant.counts[card.id]
        for tag, marker in variant.markers.items():
            if tag in tags:
                card.marker = marker
        if card.count > 0:
            kept.append(card)
    return kept


def apply_variants(cards: list[Card], variants: Iterable[Variant]) -> list[Card]:
    """Apply each variant in turn to what the previous one left."""
    for variant in variants:
        cards = apply_variant(cards, variant)
    return cards


def check_references(
    variants: Iterable[Variant],
    ids: set[str],
    tags: set[str],
    where_item: Any,
    errors: Collector,
) -> None:
    """Add an error for every card id or tag a variant names that no deck has.

    `where_item(variant_name, key, index_or_name)` gives the Location of the entry in kit.yaml.
    """
    for variant in variants:
        checks: list[tuple[str, list, set[str], str]] = [
            (key, list(getattr(variant, key)), ids, "card id") for key in ID_LISTS
        ]
        checks += [(key, list(getattr(variant, key)), tags, "tag") for key in TAG_LISTS]
        checks.append(("counts", list(variant.counts), ids, "card id"))
        checks.append(("markers", list(variant.markers), tags, "tag"))
        for key, names, known, what in checks:
            for i, name in enumerate(names):
                if name in known:
                    continue
                at = name if key in ("counts", "markers") else i
                errors.add(
                    where_item(variant.name, key, at),
                    f"variant {variant.name!r} {key} names {what} {name!r}, which no card has"
                    f"{_did_you_mean(name, known)}",
                )


def _did_you_mean(name: str, known: set[str]) -> str:
    close = close_matches(name, sorted(known), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def declared_cards(raw: Any) -> tuple[set[str], set[str]]:
    """The card ids and tags written in a deck file's raw data (before validation)."""
    ids: set[str] = set()
    tags: set[str] = set()
    cards = raw.get("cards") if isinstance(raw, dict) else None
    for card in cards if isinstance(cards, list) else []:
        if not isinstance(card, dict):
            continue
        if isinstance(card.get("id"), str):
            ids.add(card["id"])
        if isinstance(card.get("tags"), list):
            tags.update(t for t in card["tags"] if isinstance(t, str))
    return ids, tags


def manifest_location(kit: Any) -> Any:
    """A where_item function for check_references that points into the kit's kit.yaml."""

    def where_item(variant: str, key: str, at: Any) -> Location:
        return kit.manifest_doc.where(("variants", variant, key, at), key=isinstance(at, str))

    return where_item
