"""The packed positions of a YAML document's values and keys, kept compactly.

A deck of thousands of cards has ten positions a card. Kept as a dict from path tuple to packed
int, they cost more than the data itself (a tuple, an int and a dict slot each, ~100 bytes).
Here the paths are implied by the value tree instead: one `array` of packed marks in document
order, and per list or map a small node saying where its marks start. A map's node shares its
tuple of keys with every map that has the same keys (the cards of a deck), and a list of such
maps whose items hold no list or map (a deck's cards) keeps no node per item at all.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from typing import Any

PathKey = tuple[Any, ...]
NONE = -1  # no mark at this path (a packed mark is never negative)

# A node: (keys, offset, children). keys: a map's keys in order (None: a list). Its marks start
# at `offset` in the table: a map's two per key (the key's, then the value's), a list's one per
# item. children: per entry, the node of a list or map value (None: a scalar), or None when no
# entry is a list or map. A list's children: a tuple of nodes, a `_SameList` when every item is
# a flat map with the same keys, or the item count when no item is a list or map.
Node = tuple[Any, int, Any]


class Positions:
    """Where each value and key of a document starts: `find(path)` is the packed mark of the
    value (or the key) at exactly `path`, or None."""

    __slots__ = ("_marks", "_root", "_tree")

    def __init__(self, data: Any, value_marks: dict, key_marks: dict) -> None:
        self._marks = array("q")
        self._root = value_marks.get((), NONE)
        self._tree = _Builder(self._marks, value_marks, key_marks).node(data, ())

    @classmethod
    def made(cls, marks: array, root: int, tree: Node | None) -> Positions:
        """The positions a `TableMaker` built while the document was read."""
        positions = cls.__new__(cls)
        positions._marks, positions._root, positions._tree = marks, root, tree
        return positions

    def find(self, path: PathKey, key: bool = False) -> int | None:
        """The packed mark of the key (key=True) or value at `path`; a list item's key is its
        value."""
        if not path:
            return None if self._root == NONE else self._root
        node = self._tree
        for part in path[:-1]:
            node = _child(node, part)
            if node is None:
                return None
        at = _entry(node, path[-1])
        if at is None:
            return None
        offset, in_map = at
        mark = self._marks[offset] if key and in_map else NONE
        if mark == NONE:
            mark = self._marks[offset + 1 if in_map else offset]
        return None if mark == NONE else mark

    def tables(self) -> tuple[dict[PathKey, int], dict[PathKey, int]]:
        """Every mark as (value marks, key marks) by path (for tests and debugging)."""
        values: dict[PathKey, int] = {}
        keys: dict[PathKey, int] = {}
        if self._root != NONE:
            values[()] = self._root
        for path, value, key in _walk(self._marks, self._tree, ()):
            if value != NONE:
                values[path] = value
            if key != NONE:
                keys[path] = key
        return values, keys


def _entry(node: Node | None, part: Any) -> tuple[int, bool] | None:
    """(the offset of the entry's marks, whether the node is a map), or None when it has none."""
    if node is None:
        return None
    keys, offset, _ = node
    if keys is None:
        return (offset + part, False) if _index(part, node) else None
    at = _key_index(keys, part)
    return None if at is None else (offset + 2 * at, True)


SCAN_AT_MOST = 32  # keys of a map looked up by scanning them; a longer map's through a dict
_INDEXES: dict[int, tuple[tuple[Any, ...], dict[Any, int]]] = {}  # id(keys): (keys, index)


def _key_index(keys: tuple[Any, ...], part: Any) -> int | None:
    """Where `part` is among a map's keys (as keys.index, the first equal one), or None. A
    map of 99,000 unknown keys has an error at each, and scanning for each made `check` take
    minutes; a long map's keys get a dict, the last few kept."""
    if len(keys) <= SCAN_AT_MOST:
        try:
            return keys.index(part)
        except ValueError:
            return None
    found = _INDEXES.get(id(keys))
    if found is None or found[0] is not keys:
        index: dict[Any, int] = {}
        for n, key in enumerate(keys):
            index.setdefault(key, n)
        if len(_INDEXES) >= 8:
            _INDEXES.clear()
        found = _INDEXES[id(keys)] = (keys, index)
    try:
        return found[1].get(part)
    except TypeError:  # a part that cannot be a key
        return None


def _index(part: Any, node: Node) -> bool:
    """Whether `part` is an item of the list `node` (an int, as a dict of paths would match)."""
    return isinstance(part, int) and 0 <= part < _length(node)


def _length(node: Node) -> int:
    """A list node's item count (kept in its children's info)."""
    children = node[2]
    if isinstance(children, _SameList):
        return children.count
    return len(children) if isinstance(children, tuple) else children


def _child(node: Node | None, part: Any) -> Node | None:
    """The node of the list or map at `part` below `node`, or None."""
    if node is None:
        return None
    keys, offset, children = node
    if keys is None:
        if not _index(part, node):
            return None
        if isinstance(children, _SameList):
            keys_of = children.keys
            return (keys_of, offset + children.count + 2 * len(keys_of) * part, None)
        return children[part] if isinstance(children, tuple) else None
    if children is None:
        return None
    try:
        return children[keys.index(part)]
    except ValueError:
        return None


class _SameList:
    """The children of a list whose `count` items are all flat maps with the same `keys`."""

    __slots__ = ("keys", "count")

    def __init__(self, keys: tuple, count: int) -> None:
        self.keys, self.count = keys, count


class _Builder:
    def __init__(self, marks: array, value_marks: dict, key_marks: dict) -> None:
        self.marks, self.values, self.keys = marks, value_marks, key_marks
        self.shared: dict[tuple, tuple] = {}

    def node(self, value: Any, path: PathKey) -> Node | None:
        if isinstance(value, dict):
            return self._map(value, path)
        if isinstance(value, list):
            return self._list(value, path)
        return None

    def _map(self, value: dict, path: PathKey) -> Node:
        keys = tuple(value)
        keys = self.shared.setdefault(keys, keys)
        offset = len(self.marks)
        get_key, get_value, append = self.keys.get, self.values.get, self.marks.append
        for key in keys:
            here = (*path, key)
            append(get_key(here, NONE))
            append(get_value(here, NONE))
        children = [self.node(value[key], (*path, key)) for key in keys]
        return keys, offset, tuple(children) if any(c is not None for c in children) else None

    def _flat_maps(self, count: int, keys: tuple, path: PathKey) -> None:
        """The marks of a list's `count` maps, each with `keys` and no list or map below."""
        key_at, value_at = self.keys, self.values
        marks = self.marks
        for i in range(count):
            for key in keys:
                here = (*path, i, key)
                marks.append(key_at.get(here, NONE))
                marks.append(value_at.get(here, NONE))

    def _list(self, value: list, path: PathKey) -> Node:
        offset = len(self.marks)
        get_value = self.values.get
        self.marks.extend(get_value((*path, i), NONE) for i in range(len(value)))
        same = _same_keys(value)
        if same is not None:
            self._flat_maps(len(value), same, path)
            return None, offset, _SameList(self.shared.setdefault(same, same), len(value))
        children = [self.node(item, (*path, i)) for i, item in enumerate(value)]
        if any(c is not None for c in children):
            return None, offset, tuple(children)
        return None, offset, len(value)


class FlatMaps:
    """The flat maps (no list or map below) among a list's items while it is read: their
    marks, in the order they came, kept until the list ends to be laid out as `_SameList`
    when every item is one with the same keys."""

    __slots__ = ("keys", "count", "marks", "items")

    def __init__(self) -> None:
        self.keys: tuple | None = None  # the keys all had so far; None: they differ
        self.count = 0
        self.marks: list[int] = []
        self.items: list[tuple[int, tuple, int]] = []  # (index, keys, start in `marks`)

    def add(self, index: int, keys: tuple, marks: list[int]) -> None:
        if not self.count:
            self.keys = keys
        elif keys != self.keys:
            self.keys = None
        self.items.append((index, keys, len(self.marks)))
        self.marks.extend(marks)
        self.count += 1


class TableMaker:
    """Builds a document's `Positions` as a reader finishes each list and map (no path is made):
    a finished map or list hands in its own marks (a map's two per key, a list's one per item)
    and the nodes of its list and map entries (`kids`: index -> node), and gets its node."""

    __slots__ = ("marks", "shared")

    def __init__(self) -> None:
        self.marks = array("q")
        self.shared: dict[tuple, tuple] = {}

    def keys_of(self, container: dict) -> tuple:
        """The map's keys as one tuple shared by every map with the same keys."""
        keys = tuple(container)
        return self.shared.setdefault(keys, keys)

    def map_node(self, keys: tuple, marks: list[int], kids: dict[int, Node] | None) -> Node:
        offset = len(self.marks)
        self.marks.extend(marks)
        if kids is None:
            return keys, offset, None
        return keys, offset, tuple([kids.get(i) for i in range(len(keys))])

    def list_node(
        self, count: int, marks: list[int], kids: dict[int, Node] | None, flats: FlatMaps | None
    ) -> Node:
        offset = len(self.marks)
        self.marks.extend(marks)
        if flats is not None and flats.count == count and flats.keys is not None:
            self.marks.extend(flats.marks)  # every item a flat map with the same keys
            return None, offset, _SameList(flats.keys, count)
        if flats is not None:
            base = len(self.marks)
            self.marks.extend(flats.marks)
            kids = kids if kids is not None else {}
            for index, keys, start in flats.items:
                kids[index] = (keys, base + start, None)
        if kids is None:
            return None, offset, count
        return None, offset, tuple([kids.get(i) for i in range(count)])

    def positions(self, root: int, tree: Node | None) -> Positions:
        return Positions.made(self.marks, root, tree)


def _same_keys(items: list) -> tuple | None:
    """The keys every item has, when all are maps with the same keys and no list or map."""
    if not items or not isinstance(items[0], dict):
        return None
    keys = tuple(items[0])
    for item in items:
        if not isinstance(item, dict) or tuple(item) != keys:
            return None
        if any(isinstance(v, dict | list) for v in item.values()):
            return None
    return keys


def _walk(marks: array, node: Node | None, path: PathKey) -> Iterator[tuple[PathKey, int, int]]:
    """(path, value mark, key mark) of every entry below `node`."""
    if node is None:
        return
    keys, offset, _ = node
    if keys is None:
        for i in range(_length(node)):
            yield (*path, i), marks[offset + i], NONE
            yield from _walk(marks, _child(node, i), (*path, i))
        return
    for n, key in enumerate(keys):
        here = (*path, key)
        yield here, marks[offset + 2 * n + 1], marks[offset + 2 * n]
        yield from _walk(marks, _child(node, key), here)
