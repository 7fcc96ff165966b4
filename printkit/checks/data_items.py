"""What a data check looks at: the items of a component whose data is a list of items (a deck's
cards, a tile set's tiles, a map's cells and places), their values, and how values compare and
print. Used by checks/data_rules.py and rules_file.py.

The engine knows no component type here: a type says how its items are named and where its list
is (`model/items.ItemList`, its `item_list`), and its model gives the items and reads their
values (`ItemModel`).
"""

from __future__ import annotations

from typing import Any

from printkit.load.schema import Str
from printkit.model.cards import Card
from printkit.model.items import ItemList, ItemModel

__all__ = ["ItemList", "ItemModel"]


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


def item_list(kit: Any, cid: str) -> ItemList | None:
    """What component `cid`'s type says of its items (None: it has no item list)."""
    found: ItemList | None = kit.component(cid).item_list
    return found


def first_deck(kit: Any) -> str | None:
    """The kit's first deck, else its first other component with items: what a check without
    `deck:` looks at."""
    decks = kit.decks()
    return decks[0] if decks else next(iter(checkable(kit)), None)


def checkable(kit: Any) -> list[str]:
    """The components a data check may name: those whose type has an item list."""
    return [c for c in kit.component_ids() if item_list(kit, c) is not None]


def items(model: ItemModel) -> list[Any]:
    """A deck's cards, a tile set's tiles, or a map's items."""
    return list(model.data_items())


def column(model: ItemModel, field_name: str, among: list[Any] | None = None) -> list[Any]:
    """The value of `field_name` for every item of `model` (or of `among`, items of it), in
    order: one function chosen for the whole list rather than a test per item."""
    return list(map(model.item_reader(field_name), items(model) if among is None else among))


def copies(item: Any) -> int:
    """How many of an item print: a card's count; a tile is one."""
    return item.count if isinstance(item, Card) else 1


def total(model: ItemModel) -> int:
    return sum(copies(i) for i in items(model))


def _words(kit: Any, cid: str) -> tuple[str, str, str]:
    found = item_list(kit, cid)
    return (found.item, found.items, found.component) if found else ("item", "items", "component")


def items_word(kit: Any, cid: str) -> str:
    return _words(kit, cid)[1]


def item_word(kit: Any, cid: str) -> str:
    return _words(kit, cid)[0]


def named(kit: Any, cid: str) -> str:
    """'deck 'cards'', 'tile set 'tiles'' or 'map 'map'', for messages."""
    return f"{_words(kit, cid)[2]} {cid!r}"
