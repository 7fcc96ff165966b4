"""Plain data and packed positions straight from libyaml's events, for an ordinary YAML file.

Most data files are ordinary: no tab, tag, duplicate key or error. For those, one pass over
libyaml's events builds the Python values and the packed position of every key and value
directly: no pyyaml composer, no node tree, no second libyaml pass to prove libyaml agrees with
the pure-Python parser (each event is checked as it comes, by the same rules as
`fastyaml.libyaml_agrees`). The values are those of the exact path (yamlsafe's loader composing
libyaml's events), resolved by the same YAML 1.2 core schema, and the positions are the same
events' marks. Anchors, aliases and merge keys are read as the exact path reads them: an alias
is a copy of the anchored value, located where the anchor wrote it, and costs its expansion
against MAX_YAML_NODES and MAX_YAML_DEPTH; a merge key (`<<`) brings in the keys the map does not
set itself, first merged map first, each located where the merged map wrote it.

A file without anchors, aliases or merge keys (most files) is read by `_TreeReader`, which lays
each list's and map's marks out as it ends (load/positions.py `TableMaker`); one with any is read
again by `_Builder`, which copies values with their marks by path.

Anything else is `Unusual`: `read_plain` then returns None and the file is read by the exact
path, which gives every message and position (errors, limits, tabs) as it always did. This pass
never refuses a file itself: whatever would be refused, the exact path refuses, so nothing a user
sees depends on which path read the file.

Why a second path at all: on the 5,400-card bench deck, reading and validating takes 3.1 times
as long through the exact path alone, and the whole build 1.46 times the CPU (paired runs of
`bench/yaml_parser.py`, docs/performance.md "One YAML path?"), well over the 15 % a second
reader must buy to be kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NoReturn

import yaml
from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
    StreamStartEvent,
)

from printkit.core import limits
from printkit.load import fastyaml
from printkit.load.fastyaml import Core12Resolver, core12_value, empty_value_moves
from printkit.load.positions import FlatMaps, Positions, TableMaker

PathKey = tuple[Any, ...]
# What YAML (and pyyaml's reader) refuses typed raw; refused written as an escape too.
NON_PRINTABLE = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
_RESOLVERS: dict[str, list[tuple[str, Any]]] = Core12Resolver.yaml_implicit_resolvers
# text where libyaml and the pure-Python parser may differ (see fastyaml.libyaml_agrees)
_NOT_ORDINARY = ("\t", "\ufeff")


# Values an alias may copy per value written, before the exact path (which expands aliases only
# once the file has parsed, and refuses a bomb without expanding it) takes the file over.
ALIAS_COPIES_PER_VALUE = 4


class Unusual(Exception):
    """The file needs the exact path (an error, a limit, or something this pass does not do)."""


def pack_mark(line: int, col: int) -> int:
    """A position as one int: a large deck has ten marks a card, and a tuple costs 3x more."""
    return line << 32 | col


def unpack_mark(mark: int) -> tuple[int, int]:
    return mark >> 32, mark & 0xFFFFFFFF


def _packed(event: Any) -> int:
    mark = event.start_mark
    return (mark.line + 1) << 32 | (mark.column + 1)


class Plain:
    """A file's data and where each value (`value_marks`) and key (`key_marks`) starts (the
    copying reader's marks by path; `positions` made of them when asked, or by the tree reader
    as it read). A plain class, not a dataclass: each dataclass costs its import about 0.3 ms."""

    __slots__ = ("data", "value_marks", "key_marks", "made")

    def __init__(
        self,
        data: Any = None,
        value_marks: dict[PathKey, int] | None = None,
        key_marks: dict[PathKey, int] | None = None,
        made: Positions | None = None,
    ) -> None:
        self.data = data
        self.value_marks = {} if value_marks is None else value_marks
        self.key_marks = {} if key_marks is None else key_marks
        self.made = made

    @property
    def positions(self) -> Positions:
        if self.made is None:
            self.made = Positions(self.data, self.value_marks, self.key_marks)
        return self.made


class _Top:
    """Where the document's one value goes (the frame under every list and map)."""

    __slots__ = ("container", "path", "flow", "here", "marks", "anchor", "merges")

    def __init__(self, container: Any, path: PathKey, flow: bool, marks: dict) -> None:
        self.container, self.path, self.flow, self.marks = container, path, flow, marks
        self.here: PathKey | None = ()  # the path of the next value (a map: None for a key)
        self.anchor: _Anchoring | None = None
        self.merges: list[_MergeKey] | None = None  # a map's merge keys (`<<`), in order

    def add(self, value: Any, mark: int) -> PathKey:
        """Place the next value, recording where it starts; returns its path."""
        self.container.append(value)
        self.marks[()] = mark
        return ()

    def fill(self, path: PathKey, value: Any) -> None:
        """Replace the value just added at `path`."""
        self.container[-1] = value


class _List(_Top):
    __slots__ = ()

    def add(self, value: Any, mark: int) -> PathKey:
        container = self.container
        path = (*self.path, len(container))
        container.append(value)
        self.marks[path] = mark
        return path


class _Map(_Top):
    __slots__ = ()

    def __init__(self, container: Any, path: PathKey, flow: bool, marks: dict) -> None:
        super().__init__(container, path, flow, marks)
        self.here = None

    def add(self, value: Any, mark: int) -> PathKey:
        path = self.here
        if path is None:  # a map's key
            raise Unusual("a key that is a list or a map")
        self.here = None
        self.container[path[-1]] = value
        self.marks[path] = mark
        return path

    def fill(self, path: PathKey, value: Any) -> None:
        self.container[path[-1]] = value


class _MergeKey:
    """Stands for one `<<` in a map's path while its value is read (no key equals it)."""

    __slots__ = ()


class _Anchoring:
    """An anchored list or map being read: its name, and the value count and deepest level
    when it started (its size and height are what the exact path's limits charge an alias)."""

    __slots__ = ("name", "nodes", "deepest")

    def __init__(self, name: str, nodes: int, deepest: int) -> None:
        self.name, self.nodes, self.deepest = name, nodes, deepest


class _Anchored:
    """A finished anchored value: where it is, where it starts, and what an alias costs."""

    __slots__ = ("value", "path", "mark", "size", "height")

    def __init__(self, value: Any, path: PathKey | None, mark: int, size: int, height: int) -> None:
        self.value = value
        self.path = path  # None: a scalar (nothing below it to copy)
        self.mark, self.size, self.height = mark, size, height


def read_plain(text: str) -> Plain | None:
    """The data of an ordinary file (see the module docstring), or None."""
    if (
        not fastyaml.HAVE_LIBYAML
        or any(s in text for s in _NOT_ORDINARY)
        or fastyaml.pyyaml_only(text)
        or NON_PRINTABLE.search(text)
    ):
        return None
    escapes = "\\" in text  # without a backslash, no quoted value can hold an escape
    try:
        return _events(text, _TreeReader(len(text), escapes).run)
    except _Copies:  # an anchor, alias or merge key: read again, copying values by path
        pass
    except (Unusual, yaml.YAMLError, ValueError):
        return None
    try:
        return _events(text, _Builder(len(text), escapes).run)
    except (Unusual, yaml.YAMLError, ValueError):
        return None


def _events(text: str, read: Callable[[Callable[[], Any]], Plain]) -> Plain:
    """`read` given the text's libyaml events one by one."""
    parser = yaml.CBaseLoader(text)
    try:
        return read(parser.get_event)
    finally:
        parser.dispose()


class _Copies(Exception):
    """An anchor, alias or merge key: the tree reader leaves the file to `_Builder`."""


_NO_KEY: Any = object()  # a map's next scalar is a key
_UNREAD: Any = object()  # a scalar text not read before


class _TreeReader:
    """Values and their `Positions` from a document without anchors, aliases or merge keys,
    with the exact path's checks (as `_Builder`): each map and list hands its marks to the
    `TableMaker` when it ends, so no path is made. A scalar (about 8 a card of a deck) costs
    two calls (`_scalar`, and `_mark` for the checks every value has): its value and place are
    written out, and the open list or map is kept in the reader's own attributes, the frames
    under it on `stack`."""

    __slots__ = (
        "end", "escapes", "table", "resolved", "quoted", "nodes", "depth", "max_nodes",
        "max_depth", "stack", "root", "container", "is_map", "flow", "marks", "kids", "flats",
        "key",
    )  # fmt: skip

    def __init__(self, end: int, escapes: bool) -> None:
        self.end, self.escapes = end, escapes
        self.table = TableMaker()
        self.resolved: dict[str, Any] = {}  # plain text -> value (all immutable)
        self.quoted: dict[str, str] = {}  # quoted or block text -> one str for every copy
        self.nodes, self.depth = 0, 1  # values so far; the level of a value in the open frame
        self.max_nodes, self.max_depth = limits.MAX_YAML_NODES, limits.MAX_YAML_DEPTH
        self.stack: list[tuple] = []  # the frames under the open one
        self.root: list[Any] = []
        self._open(self.root, False, False)

    def _open(self, container: Any, is_map: bool, flow: bool) -> None:
        self.container, self.is_map, self.flow = container, is_map, flow
        self.marks: list[int] = []  # a map's key and value marks per key, a list's per item
        self.kids: dict[int, Any] | None = None  # entry index -> node of its list or map
        self.flats: FlatMaps | None = None  # a list's flat map items
        self.key: Any = _NO_KEY

    def run(self, next_event: Callable[[], Any]) -> Plain:
        for expected in (StreamStartEvent, DocumentStartEvent):
            _expect(next_event(), expected)
        scalar, stack, root = self._scalar, self.stack, self.root
        while not root or stack:
            event = next_event()
            kind = type(event)
            if kind is ScalarEvent:
                scalar(event)
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                self._start(event, kind is MappingStartEvent)
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                self._end()
            else:
                raise _Copies if kind is AliasEvent else Unusual(kind.__name__)
        _expect(next_event(), DocumentEndEvent)
        _expect(next_event(), StreamEndEvent)  # one document only
        tree = self.kids.get(0) if self.kids else None
        return Plain(root[0], made=self.table.positions(self.marks[0], tree))

    def _scalar(self, event: Any) -> None:
        at = self._mark(event)
        text, style = event.value, event.style
        if not style and self.flow and "?" in text:  # question_ends_plain, without a call a value
            raise Unusual("a ? in a plain value inside brackets")
        value = (self.quoted if style else self.resolved).get(text, _UNREAD)
        if value is _UNREAD:
            value = self._new_value(event, text, style)
        if not self.is_map:
            self.container.append(value)
        elif self.key is not _NO_KEY:
            self.container[self.key] = value
            self.key = _NO_KEY
        else:
            self.key = _key(self.container, value, style)
        self.marks.append(at)

    def _mark(self, event: Any) -> int:
        """A value's limits and libyaml's agreement with the pure-Python parser (no tag, and
        no anchor here): its packed start."""
        self.nodes += 1
        if (
            self.nodes > self.max_nodes
            or self.depth > self.max_depth
            or event.tag is not None
            or event.anchor is not None
        ):
            self._refuse(event)
        mark = event.start_mark
        return (mark.line + 1) << 32 | (mark.column + 1)

    def _refuse(self, event: Any) -> NoReturn:
        """Past a limit, a tag (both: the exact path), or an anchor (the copying builder)."""
        if self.nodes > self.max_nodes or self.depth > self.max_depth:
            raise Unusual("a limit")
        if event.tag is not None:
            raise Unusual("a tag")
        raise _Copies

    def _new_value(self, event: Any, text: str, style: str | None) -> Any:
        """A scalar not read before (or an empty plain one, checked each time): its value,
        kept for the next copy."""
        if style:
            if self.escapes and style == '"' and NON_PRINTABLE.search(text):
                raise Unusual("a control character written as an escape")
            self.quoted[text] = text
            return text
        if not text:
            if empty_value_moves(event, self.flow, self.end):
                raise Unusual("an empty value libyaml places elsewhere")
            return _resolve(text)
        value = self.resolved[text] = _resolve(text)
        return value

    def _start(self, event: Any, is_map: bool) -> None:
        at = self._mark(event)
        new: Any = {} if is_map else []
        if not self.is_map:
            self.container.append(new)
        elif self.key is _NO_KEY:
            raise Unusual("a key that is a list or a map")
        else:
            self.container[self.key] = new
        self.marks.append(at)
        self.stack.append(
            (self.container, self.is_map, self.flow, self.marks, self.kids, self.flats, self.key)
        )
        self._open(new, is_map, bool(event.flow_style))
        self.depth += 1

    def _end(self) -> None:
        done, done_map, marks, kids, flats = (
            self.container, self.is_map, self.marks, self.kids, self.flats
        )  # fmt: skip
        (self.container, self.is_map, self.flow, self.marks, self.kids, self.flats, self.key) = (
            self.stack.pop()
        )
        self.depth -= 1
        table = self.table
        in_list = not self.is_map
        index = len(self.marks) - 1 if in_list else len(self.marks) // 2 - 1
        if not done_map:
            node = table.list_node(len(done), marks, kids, flats)
        elif kids is None and in_list and self.stack:  # a flat map, an item of a list
            if self.flats is None:
                self.flats = FlatMaps()
            self.flats.add(index, table.keys_of(done), marks)
            return
        else:
            node = table.map_node(table.keys_of(done), marks, kids)
        if self.kids is None:
            self.kids = {}
        self.kids[index] = node
        self.key = _NO_KEY


def _key(container: dict, key: Any, style: str | None) -> Any:
    """A map's next key, checked: not a merge key (`<<`), not given twice."""
    if not style and key == "<<":
        raise _Copies
    if not isinstance(key, str):
        key = str(key)
    if key in container:
        raise Unusual("a duplicate key")
    return key


def _resolve(text: str) -> Any:
    """A plain scalar's value by the YAML 1.2 core schema, as the exact path resolves it."""
    for tag, pattern in _RESOLVERS.get(text[:1], ()):
        if pattern.match(text):
            return core12_value(tag, text)  # ValueError: thousands of digits
    return text


class _Builder:
    """Values from one document's events, with the checks the exact path would make, and
    their marks by path: for a file with anchors, aliases or merge keys, whose values are
    copied with their positions (any other is read by `_TreeReader`)."""

    def __init__(self, end: int, escapes: bool = True) -> None:
        self.end = end  # the text's length
        self.escapes = escapes  # whether the text has a backslash (a quoted value's escape)
        self.out = Plain()
        self.root: list[Any] = []
        self.top: _Top = _Top(self.root, (), False, self.out.value_marks)
        self.open: list[_Top] = []  # the frames under `top`
        self.nodes = 0  # values so far, aliases expanded (the exact path's MAX_YAML_NODES)
        self.expanded = 0  # of which values copied for aliases
        self.deepest = 0  # the deepest level reached (for an anchored collection's height)
        self.anchors: dict[str, _Anchored] = {}
        self.names: set[str] = set()  # every anchor seen, finished or still open
        self.resolved: dict[str, Any] = {}  # plain text -> value (all immutable)
        self.quoted: dict[str, str] = {}  # quoted text -> one str for every copy of it

    def run(self, next_event: Any) -> Plain:
        for expected in (StreamStartEvent, DocumentStartEvent):
            _expect(next_event(), expected)
        # a local table, not an attribute: bound methods kept on the builder would make a cycle
        # that holds the whole file's values until the garbage collector runs (and a build
        # pauses it while it loads)
        handlers = {
            ScalarEvent: self._scalar,
            MappingStartEvent: self._start_map,
            SequenceStartEvent: self._start_list,
            MappingEndEvent: self._end,
            SequenceEndEvent: self._end,
            AliasEvent: self._alias,
        }
        while not self.root or self.open:
            event = next_event()
            handler = handlers.get(type(event))
            if handler is None:
                raise Unusual(type(event).__name__)
            handler(event)
        _expect(next_event(), DocumentEndEvent)
        _expect(next_event(), StreamEndEvent)  # one document only
        self.out.data = self.root[0]
        return self.out

    def _count(self, size: int, height: int) -> None:
        """The exact path's limits: values with aliases expanded, and nesting."""
        self.nodes += size
        level = len(self.open) + height
        if self.nodes > limits.MAX_YAML_NODES or level > limits.MAX_YAML_DEPTH:
            raise Unusual("a limit")
        if level > self.deepest:
            self.deepest = level

    def _node(self, event: Any) -> None:
        """A value's limits, and libyaml's agreement with the pure-Python parser (no tag)."""
        # `_count(1, 1)` written out: this runs for every value of a file (about 9 a card)
        self.nodes += 1
        level = len(self.open) + 1
        if self.nodes > limits.MAX_YAML_NODES or level > limits.MAX_YAML_DEPTH:
            raise Unusual("a limit")
        if level > self.deepest:
            self.deepest = level
        if event.tag is not None:
            raise Unusual("a tag")
        if event.anchor is not None:
            if event.anchor in self.names:
                raise Unusual("an anchor defined twice")
            self.names.add(event.anchor)

    def _scalar(self, event: Any) -> None:
        self._node(event)
        top = self.top
        plain = not event.style
        if plain and not event.value and empty_value_moves(event, top.flow, self.end):
            raise Unusual("an empty value libyaml places elsewhere")
        if plain and top.flow and "?" in event.value:  # question_ends_plain, inline
            raise Unusual("a ? in a plain value inside brackets")
        value = self._value(event, plain)
        mark = event.start_mark  # `_packed(event)` written out: it runs for every scalar
        at = (mark.line + 1) << 32 | (mark.column + 1)
        if top.here is None:
            self._key(at, top, plain, value)
        else:
            top.add(value, at)
        if event.anchor is not None:
            self.anchors[event.anchor] = _Anchored(value, None, at, 1, 1)

    def _key(self, at: int, top: _Top, plain: bool, key: Any) -> None:
        if plain and key == "<<":  # a merge key: its value is merged when the map ends
            merge = _MergeKey()
            top.merges = [*(top.merges or ()), merge]
            top.here = (*top.path, merge)
            return
        if not isinstance(key, str):
            key = str(key)
        if key in top.container:
            raise Unusual("a duplicate key")
        top.here = here = (*top.path, key)
        self.out.key_marks[here] = at

    def _value(self, event: Any, plain: bool) -> Any:
        """A scalar's value by the YAML 1.2 core schema, as the exact path resolves it."""
        text = event.value
        if not plain:
            if self.escapes and event.style == '"' and NON_PRINTABLE.search(text):
                raise Unusual("a control character written as an escape")
            return self.quoted.setdefault(text, text)
        if text in self.resolved:
            return self.resolved[text]
        value = self.resolved[text] = _resolve(text)
        return value

    def _start_map(self, event: Any) -> None:
        self._start(event, _Map, {})

    def _start_list(self, event: Any) -> None:
        self._start(event, _List, [])

    def _start(self, event: Any, kind: type[_Top], container: Any) -> None:
        self._node(event)
        path = self.top.add(container, _packed(event))
        self.open.append(self.top)
        self.top = kind(container, path, bool(event.flow_style), self.out.value_marks)
        if event.anchor is not None:
            self.top.anchor = _Anchoring(event.anchor, self.nodes, self.deepest)
            self.deepest = len(self.open)  # its own level: an empty collection's height is 1

    def _end(self, event: Any) -> None:
        done = self.top
        self.top = self.open.pop()
        if done.merges:
            self._merge(done)
        if done.anchor is not None:
            self._finish_anchor(done, done.anchor)

    def _finish_anchor(self, done: _Top, anchoring: _Anchoring) -> None:
        if any(isinstance(part, _MergeKey) for part in done.path):
            raise Unusual("an anchor inside a merged map")  # its positions are not kept
        height = self.deepest - len(self.open)
        self.deepest = max(self.deepest, anchoring.deepest)
        size = self.nodes - anchoring.nodes + 1
        mark = self.out.value_marks[done.path]
        self.anchors[anchoring.name] = _Anchored(done.container, done.path, mark, size, height)

    def _alias(self, event: Any) -> None:
        """A copy of the anchored value, placed where the anchor wrote it (as the exact path
        converts the anchored node again at the alias's path)."""
        anchored = self.anchors.get(event.anchor)
        if anchored is None:
            raise Unusual("an alias to no anchor, or to a collection that contains it")
        self._count(anchored.size, anchored.height)
        self.expanded += anchored.size
        if self.expanded > ALIAS_COPIES_PER_VALUE * (self.nodes - self.expanded) + 1000:
            raise Unusual("aliases that expand far")  # an alias bomb: refused without copies
        top = self.top
        path = top.add(None, anchored.mark)
        if anchored.path is None:
            top.fill(path, anchored.value)
        else:
            top.fill(path, self._copy(anchored.value, anchored.path, path))

    def _copy(self, value: Any, source: PathKey, path: PathKey) -> Any:
        """`value` (written at `source`) again at `path`, with the positions below it."""
        values, keys = self.out.value_marks, self.out.key_marks
        if isinstance(value, dict):
            out: dict = {}
            for key, item in value.items():
                there, here = (*source, key), (*path, key)
                keys[here], values[here] = keys[there], values[there]
                out[key] = self._copy(item, there, here)
            return out
        if isinstance(value, list):
            return [self._item(item, (*source, i), (*path, i)) for i, item in enumerate(value)]
        return value

    def _item(self, item: Any, there: PathKey, here: PathKey) -> Any:
        self.out.value_marks[here] = self.out.value_marks[there]
        return self._copy(item, there, here)

    def _merge(self, done: _Top) -> None:
        """A map's merge keys, first first: each merged map's keys that the map does not set
        itself, at the positions where the merged map wrote them."""
        container, path = done.container, done.path
        for merge in done.merges or ():
            merged = container.pop(merge)
            where = (*path, merge)
            for source, there in _merge_sources(merged, where):
                for key, item in source.items():
                    if key not in container:
                        here = (*path, key)
                        self.out.key_marks[here] = self.out.key_marks[(*there, key)]
                        container[key] = self._item(item, (*there, key), here)
            self._forget(merged, where)

    def _forget(self, value: Any, path: PathKey) -> None:
        """Drop the positions recorded at and below `path` (a merge key's own value)."""
        self.out.value_marks.pop(path, None)
        if isinstance(value, dict):
            for key, item in value.items():
                self.out.key_marks.pop((*path, key), None)
                self._forget(item, (*path, key))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                self._forget(item, (*path, i))


def _merge_sources(value: Any, path: PathKey) -> list[tuple[dict, PathKey]]:
    """The maps a merge key brings in (a map, or a list of maps), each with its path."""
    if isinstance(value, dict):
        return [(value, path)]
    if isinstance(value, list) and all(isinstance(item, dict) for item in value):
        return [(item, (*path, i)) for i, item in enumerate(value)]
    raise Unusual("a merge key whose value is not a map or a list of maps")


def _expect(event: Any, kind: type) -> None:
    if type(event) is not kind:
        raise Unusual(f"expected {kind.__name__}")
