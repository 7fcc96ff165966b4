"""Components whose data is a list of items (a deck's cards, a tile set's tiles, a map's cells
and places): what the data rules of a rules file (`checks:`, checks/data_rules.py) read of them,
said by the component type (`ItemList`) and its model (`ItemModel`), so that the checks know no
type by name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from printkit.core.fieldwise import fieldwise


@fieldwise(frozen=True)
class ItemList:
    """How the data rules (`checks:` of a rules file) speak of a component type's items: the
    key of the list in its data file (where a fault of the whole list is reported), the words
    for one item, several and the component ("card", "cards", "deck"), and the kinds and fields
    a check may name, read from the data file as written (`names(data)` -> {"kind": (what
    they are called, the names), "field": ...}; None when the type's schema fixes its keys)."""

    key: str
    item: str
    items: str
    component: str
    names: Callable[[Any], dict[str, tuple[str, list[str]]]] | None = None


class ItemModel(Protocol):
    """The model of a component with an item list: its items in order, and how to read a
    field of one of them (a missing field reads as None)."""

    def data_items(self) -> Sequence[Any]: ...

    def item_reader(self, field_name: str) -> Callable[[Any], Any]: ...
