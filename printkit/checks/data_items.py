"""What a data check looks at: the items of a deck (its cards), a tile set (its tiles) or a map
(its cells, places, track spaces and points: model/mapboard.py), their values, and how values
compare and print. Used by checks/data_rules.py and rules_file.py.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeAlias

from printkit.load.records import schema_fields
from printkit.load.schema import Str
from printkit.model.deck import CARD_ATTRIBUTES, Card, Deck

if TYPE_CHECKING:  # imported when a check first meets a tile or a map item (start-up of a deck)
    from printkit.components.map.model import MapBoard, MapItem
    from printkit.components.tiles.model import Tile, TileSet

# component type -> the key of its item list
ITEM_LISTS = {"deck": "cards", "tiles": "tiles", "map": "face"}
WORDS = {"deck": ("card", "cards", "deck"), "tiles": ("tile", "tiles", "tile set")}
MAP_WORDS = ("map item", "map items", "map")


def shown(value: Any) -> str:
    """A value as compared and printed: 2.0 -> '2', True -> 'true'."""
    if type(value) is str:  # most values: shown as they are
        return value
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
    """The kit's first deck, else its first tile set: what a check without `deck:` looks at."""
    for kind in ITEM_LISTS:
        found = next((c for c in kit.component_ids() if kit.spec(c).type == kind), None)
        if found is not None:
            return found
    return None


def checkable(kit: Any) -> list[str]:
    """The components a data check may name: decks and tile sets."""
    return [c for c in kit.component_ids() if kit.spec(c).type in ITEM_LISTS]


ItemModel: TypeAlias = "Deck | TileSet | MapBoard"  # what a data check looks at
Item: TypeAlias = "Card | Tile | MapItem"  # one of its items


def items(model: ItemModel) -> list[Item]:
    """A deck's cards, a tile set's tiles, or a map's items."""
    if isinstance(model, Deck):
        return list(model.cards)
    # imported here, only when a check looks at a tile set or a map (a deck's build needs none)
    from printkit.components.map.model import MapBoard

    return list(model.items if isinstance(model, MapBoard) else model.tiles)


@cache
def _tile_fields() -> frozenset[str]:
    # imported here, only when a check looks at a tile set or a map (a deck's build needs none)
    from printkit.components.tiles.model import Tile

    return frozenset(schema_fields(Tile))


def value_of(item: Item, field_name: str) -> Any:
    """A card's value of a field (its declared fields included), a map item's, or a tile's key."""
    if isinstance(item, Card):
        return item.get(field_name)
    # imported here, only when a check looks at a tile set or a map (a deck's build needs none)
    from printkit.components.map.model import MapItem

    if isinstance(item, MapItem):
        return item.get(field_name)
    return getattr(item, field_name) if field_name in _tile_fields() else None


def column(model: ItemModel, field_name: str, among: list[Item] | None = None) -> list[Any]:
    """`value_of(item, field_name)` for every item of `model` (or of `among`, items of it), in
    order: one function chosen for the whole list rather than a test per item."""
    return list(map(_reader(model, field_name), items(model) if among is None else among))


def _reader(model: ItemModel, field_name: str) -> Callable[[Any], Any]:
    """What value_of does for an item of `model`, as one function."""
    if isinstance(model, Deck):
        if field_name in CARD_ATTRIBUTES:
            return attrgetter(field_name)
        return lambda card: card.values.get(field_name)
    # imported here, only when a check looks at a tile set or a map (a deck's build needs none)
    from printkit.components.map.model import MapBoard

    if isinstance(model, MapBoard):
        return lambda item: item.get(field_name)
    return attrgetter(field_name) if field_name in _tile_fields() else lambda _: None


def copies(item: Item) -> int:
    """How many of an item print: a card's count; a tile is one."""
    return item.count if isinstance(item, Card) else 1


def total(model: ItemModel) -> int:
    return sum(copies(i) for i in items(model))


def _words(kit: Any, cid: str) -> tuple[str, str, str]:
    return WORDS.get(kit.spec(cid).type, MAP_WORDS)


def items_word(kit: Any, cid: str) -> str:
    return _words(kit, cid)[1]


def item_word(kit: Any, cid: str) -> str:
    return _words(kit, cid)[0]


def named(kit: Any, cid: str) -> str:
    """'deck 'cards'', 'tile set 'tiles'' or 'map 'map'', for messages."""
    return f"{_words(kit, cid)[2]} {cid!r}"
