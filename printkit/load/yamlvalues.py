"""Plain data and packed positions straight from libyaml's events, for an ordinary YAML file.

Most data files are ordinary: no tab, tag, anchor, alias or merge key, no duplicate key, no
error. For those, one pass over libyaml's events builds the Python values and the packed
position of every key and value directly: no pyyaml composer, no node tree, no second libyaml
pass to prove libyaml agrees with the pure-Python parser (each event is checked as it comes, by
the same rules as `fastyaml.libyaml_agrees`). The values are those of the exact path
(yamlsafe's loader composing libyaml's events), resolved by the same YAML 1.2 core schema, and
the positions are the same events' marks.

Anything else is `Unusual`: `read_plain` then returns None and the file is read by the exact
path, which gives every message and position (errors, limits, merge keys, anchors, tabs) as it
always did. An ordinary file is never refused here: whatever this pass would report, the exact
path reports, so nothing a user sees depends on which path read the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.events import (
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

PathKey = tuple[Any, ...]
# What YAML (and pyyaml's reader) refuses typed raw; refused written as an escape too.
NON_PRINTABLE = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
_RESOLVERS: dict[str, list[tuple[str, Any]]] = Core12Resolver.yaml_implicit_resolvers
# text where libyaml and the pure-Python parser may differ (see fastyaml.libyaml_agrees)
_NOT_ORDINARY = ("\t", "\ufeff", "|#", ">#")


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


@dataclass
class Plain:
    """A file's data and where each value (`value_marks`) and key (`key_marks`) starts."""

    data: Any = None
    value_marks: dict[PathKey, int] = field(default_factory=dict)
    key_marks: dict[PathKey, int] = field(default_factory=dict)


class _Top:
    """Where the document's one value goes (the frame under every list and map)."""

    __slots__ = ("container", "path", "flow", "here", "marks")

    def __init__(self, container: Any, path: PathKey, flow: bool, marks: dict) -> None:
        self.container, self.path, self.flow, self.marks = container, path, flow, marks
        self.here: PathKey | None = ()  # the path of the next value (a map: None for a key)

    def add(self, value: Any, event: Any) -> PathKey:
        """Place the next value, recording where it starts; returns its path."""
        self.container.append(value)
        self.marks[()] = _packed(event)
        return ()


class _List(_Top):
    def add(self, value: Any, event: Any) -> PathKey:
        container = self.container
        path = (*self.path, len(container))
        container.append(value)
        self.marks[path] = _packed(event)
        return path


class _Map(_Top):
    def __init__(self, container: Any, path: PathKey, flow: bool, marks: dict) -> None:
        super().__init__(container, path, flow, marks)
        self.here = None

    def add(self, value: Any, event: Any) -> PathKey:
        path = self.here
        if path is None:  # a map's key
            raise Unusual("a key that is a list or a map")
        self.here = None
        self.container[path[-1]] = value
        self.marks[path] = _packed(event)
        return path


def read_plain(text: str) -> Plain | None:
    """The data of an ordinary file (see the module docstring), or None."""
    if (
        not fastyaml.HAVE_LIBYAML
        or any(s in text for s in _NOT_ORDINARY)
        or NON_PRINTABLE.search(text)
    ):
        return None
    parser = yaml.CBaseLoader(text)
    try:
        return _Builder(len(text)).run(parser.get_event)
    except (Unusual, yaml.YAMLError, ValueError):
        return None
    finally:
        parser.dispose()


class _Builder:
    """Values from one document's events, with the checks the exact path would make."""

    def __init__(self, end: int) -> None:
        self.end = end  # the text's length
        self.out = Plain()
        self.root: list[Any] = []
        self.top: _Top = _Top(self.root, (), False, self.out.value_marks)
        self.open: list[_Top] = []  # the frames under `top`
        self.nodes = 0
        self.resolved: dict[str, Any] = {}  # plain text -> value (all immutable)
        self.handlers = {
            ScalarEvent: self._scalar,
            MappingStartEvent: self._start_map,
            SequenceStartEvent: self._start_list,
            MappingEndEvent: self._end,
            SequenceEndEvent: self._end,
        }

    def run(self, next_event: Any) -> Plain:
        for expected in (StreamStartEvent, DocumentStartEvent):
            _expect(next_event(), expected)
        handlers = self.handlers
        while not self.root or self.open:
            event = next_event()
            handler = handlers.get(type(event))
            if handler is None:
                raise Unusual(f"an alias, or {type(event).__name__}")
            handler(event)
        _expect(next_event(), DocumentEndEvent)
        _expect(next_event(), StreamEndEvent)  # one document only
        self.out.data = self.root[0]
        return self.out

    def _node(self, event: Any) -> None:
        """The exact path's limits (no aliases here, so each event is one value) and libyaml's
        agreement with the pure-Python parser."""
        self.nodes += 1
        if self.nodes > limits.MAX_YAML_NODES or len(self.open) >= limits.MAX_YAML_DEPTH:
            raise Unusual("a limit")
        if event.tag is not None or event.anchor is not None:
            raise Unusual("a tag or an anchor")

    def _scalar(self, event: Any) -> None:
        self._node(event)
        top = self.top
        plain = not event.style
        if plain and not event.value and empty_value_moves(event, top.flow, self.end):
            raise Unusual("an empty value libyaml places elsewhere")
        if top.here is None:
            self._key(event, top, plain)
        else:
            top.add(self._value(event, plain), event)

    def _key(self, event: Any, top: _Top, plain: bool) -> None:
        if plain and event.value == "<<":
            raise Unusual("a merge key")
        key = self._value(event, plain)
        if not isinstance(key, str):
            key = str(key)
        if key in top.container:
            raise Unusual("a duplicate key")
        top.here = here = (*top.path, key)
        self.out.key_marks[here] = _packed(event)

    def _value(self, event: Any, plain: bool) -> Any:
        """A scalar's value by the YAML 1.2 core schema, as the exact path resolves it."""
        text = event.value
        if not plain:
            if event.style == '"' and NON_PRINTABLE.search(text):
                raise Unusual("a control character written as an escape")
            return text
        if text in self.resolved:
            return self.resolved[text]
        value: Any = text
        for tag, pattern in _RESOLVERS.get(text[:1], ()):
            if pattern.match(text):
                value = core12_value(tag, text)  # ValueError: thousands of digits
                break
        self.resolved[text] = value
        return value

    def _start_map(self, event: Any) -> None:
        self._start(event, _Map, {})

    def _start_list(self, event: Any) -> None:
        self._start(event, _List, [])

    def _start(self, event: Any, kind: type[_Top], container: Any) -> None:
        self._node(event)
        path = self.top.add(container, event)
        self.open.append(self.top)
        self.top = kind(container, path, bool(event.flow_style), self.out.value_marks)

    def _end(self, event: Any) -> None:
        self.top = self.open.pop()


def _expect(event: Any, kind: type) -> None:
    if type(event) is not kind:
        raise Unusual(f"expected {kind.__name__}")
