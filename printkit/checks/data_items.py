"""What a data check looks at: the items of a deck (its cards) or a tile set (its tiles), their
values, and how values compare and print. Used by checks/data_rules.py and rules_file.py.
"""

from __future__ import annotations

from typing import Any

from printkit.load.records import schema_fields
from printkit.load.schema import Str
from printkit.model.deck import Card, Deck
from printkit.model.tiles import Tile, TileSet


def shown(value: Any) -> str:
    """A value as compared and printed: 2.0 -> '2', True -> 'true'."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"{value:g}" if isinstance(value, float) else str(value)


class ScalarText(Str):
    """Text, or a number or true/false written without quotes (compared as shown())."""

    def convert(self, value: Any, ctx: Any, path: Any) -> Any:
        if isinstance(value, bool):
            return shown(value)
        return super().convert(value, ctx, path)

    def describe(self) -> str:
        return "a value: text, a number, true or false"

    def json(self) -> dict:
        return {"type": ["string", "number", "boolean"]}


def first_deck(kit: Any) -> str | None:
    """The kit's first deck, else its first other component with items (a tile set): what a
    check without `deck:` looks at."""
    return next(iter([*kit.decks(), *checkable(kit)]), None)


def checkable(kit: Any) -> list[str]:
    """The components a data check may name: those whose data has items (decks, tile sets)."""
    return kit.components_with(lambda t: t.has_items)


def item_list_key(model: Any) -> str:
    """The key of a model's list of items in its data file (`cards:`, `tiles:`)."""
    return "cards" if isinstance(model, Deck) else "tiles"


ItemModel = Deck | TileSet  # what a data check looks at
Item = Card | Tile  # one of its items


def items(model: ItemModel) -> list[Item]:
    """A deck's cards or a tile set's tiles."""
    return list(model.cards if isinstance(model, Deck) else model.tiles)


TILE_FIELDS = frozenset(schema_fields(Tile))


def value_of(item: Item, field_name: str) -> Any:
    """A card's value of a field (its declared fields included), or a tile's key."""
    if isinstance(item, Card):
        return item.get(field_name)
    return getattr(item, field_name) if field_name in TILE_FIELDS else None


def copies(item: Item) -> int:
    """How many of an item print: a card's count; a tile is one."""
    return item.count if isinstance(item, Card) else 1


def total(model: ItemModel) -> int:
    return sum(copies(i) for i in items(model))


def items_word(kit: Any, cid: str) -> str:
    return "cards" if kit.component(cid).has_cards else "tiles"


def item_word(kit: Any, cid: str) -> str:
    return "card" if kit.component(cid).has_cards else "tile"


def named(kit: Any, cid: str) -> str:
    """'deck 'cards'' or 'tile set 'tiles'', for messages."""
    return f"{'deck' if kit.component(cid).has_cards else 'tile set'} {cid!r}"
