"""Safe YAML reading that remembers where every key and value came from.

Only plain YAML is accepted: no tags that construct objects, no duplicate keys, a bound on the
file size and on alias expansion. The result is plain Python data plus a `Document` that maps
each path (a tuple of keys and indexes) to its line and column, so validation can point there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from printkit import limits
from printkit.errors import Location, display_path, fail
from printkit.load.fastyaml import FastSafeLoader

PathKey = tuple[Any, ...]

_STANDARD_TAGS = {
    "tag:yaml.org,2002:" + t
    for t in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp", "binary")
}


@dataclass
class Document:
    """A parsed YAML file: its data and the position of every value and key in it."""

    file: str
    data: Any
    value_marks: dict[PathKey, int] = field(default_factory=dict)  # packed: see pack_mark()
    key_marks: dict[PathKey, int] = field(default_factory=dict)

    def where(self, path: PathKey = (), *, key: bool = False) -> Location:
        """The location of the value at `path` (or of its key), falling back to the nearest parent."""
        marks = self.key_marks if key else self.value_marks
        p = tuple(path)
        while True:
            if p in marks:
                return Location(self.file, *unpack_mark(marks[p]))
            if key and p in self.value_marks:
                return Location(self.file, *unpack_mark(self.value_marks[p]))
            if not p:
                return Location(self.file, 1, 1)
            p = p[:-1]


def pack_mark(line: int, col: int) -> int:
    """A position as one int: a large deck has ten marks a card, and a tuple costs 3x more."""
    return line << 32 | col


def unpack_mark(mark: int) -> tuple[int, int]:
    return mark >> 32, mark & 0xFFFFFFFF


def read_text(path: Path, shown: str | None = None) -> str:
    """Read a data file as UTF-8 text, refusing what is not a regular, small, text file."""
    shown = shown or display_path(path)
    where = Location(shown)
    if not path.exists():
        raise fail(where, "file not found")
    if path.is_dir():
        raise fail(where, "expected a file, found a directory")
    size = path.stat().st_size
    if size > limits.MAX_FILE_BYTES:
        raise fail(
            where,
            f"file is {size:,} bytes; the limit (MAX_FILE_BYTES) is {limits.MAX_FILE_BYTES:,}",
        )
    raw = path.read_bytes()
    if b"\x00" in raw:
        raise fail(where, "this is a binary file, not YAML text")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise fail(
            Location(shown, line, col),
            f"file is not UTF-8 text (byte 0x{raw[exc.start]:02x}); save it as UTF-8",
        ) from None
    return text


def load_yaml_file(path: Path, shown: str | None = None) -> Document:
    """Read and parse one YAML file (see `parse_yaml`)."""
    shown = shown or display_path(path)
    return parse_yaml(read_text(path, shown), shown)


def parse_yaml(text: str, file: str) -> Document:
    """Parse YAML text safely into a Document. Raises InputError with the exact position."""
    if not text.strip() or all(
        not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()
    ):
        raise fail(Location(file, 1, 1), "file is empty; expected YAML data")
    try:
        node = yaml.compose(text, Loader=FastSafeLoader)
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(exc, file) from None
    except yaml.YAMLError as exc:  # pragma: no cover - pyyaml always marks scanner errors
        raise fail(Location(file, 1, 1), f"YAML error: {exc}") from None
    doc = Document(file, None)
    doc.data = _Converter(doc).convert(node, ())
    return doc


def _syntax_error(exc: yaml.MarkedYAMLError, file: str):
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = exc.problem or "invalid YAML"
    if "\\t" in problem or "tab" in problem.lower():
        message = "tab character used for indentation; YAML needs spaces"
    else:
        context = f" {exc.context}" if exc.context else ""
        message = f"YAML syntax error:{context} {problem}".replace("  ", " ")
    return fail(Location(file, line, col), message)


class _NoMemo(dict):
    """A memo that remembers nothing."""

    def __setitem__(self, key, value) -> None:
        pass


class _Converter:
    """Turns a composed node tree into plain data, recording positions and enforcing limits."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.nodes_seen = 0
        self.constructor = yaml.SafeLoader("")  # only used to construct plain scalars
        # pyyaml memoizes every constructed node; scalars need no memo, and keeping it would
        # keep the whole node tree alive until the next garbage collection (the loader is cyclic)
        self.constructor.constructed_objects = _NoMemo()

    def _mark(self, node: yaml.Node) -> int:
        return pack_mark(node.start_mark.line + 1, node.start_mark.column + 1)

    def _loc(self, node: yaml.Node) -> Location:
        return Location(self.doc.file, *unpack_mark(self._mark(node)))

    def convert(self, node: yaml.Node, path: PathKey) -> Any:
        self.nodes_seen += 1
        if self.nodes_seen > limits.MAX_YAML_NODES:
            raise fail(
                self._loc(node),
                "too many YAML values after expanding aliases "
                f"(limit MAX_YAML_NODES = {limits.MAX_YAML_NODES:,}); is this an alias bomb?",
            )
        if node.tag not in _STANDARD_TAGS:
            raise fail(
                self._loc(node),
                f"YAML tag {node.tag!r} is not allowed; printkit reads plain data only",
            )
        if path not in self.doc.value_marks and path[-1:] != ("\0key",):  # keys: in key_marks
            self.doc.value_marks[path] = self._mark(node)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            return [self.convert(item, (*path, i)) for i, item in enumerate(node.value)]
        value = self.constructor.construct_object(node, deep=True)
        if not isinstance(value, str | int | float | bool | type(None)):
            value = node.value  # dates, binary: keep the text as written
        return value

    def _mapping(self, node: yaml.MappingNode, path: PathKey) -> dict:
        result: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise fail(self._loc(key_node), "YAML merge keys (<<) are not supported")
            if not isinstance(key_node, yaml.ScalarNode):
                raise fail(self._loc(key_node), "a key must be a plain word, not a list or map")
            key = self.convert(key_node, (*path, "\0key"))
            if not isinstance(key, str):
                key = str(key)
            if key in result:
                first = self.doc.key_marks[(*path, key)]
                raise fail(
                    self._loc(key_node),
                    f"duplicate key {key!r} (first defined at line {unpack_mark(first)[0]}); "
                    "each key may appear once",
                )
            here = (*path, key)  # one tuple for both tables: a deck has ten of them a card
            self.doc.key_marks[here] = self._mark(key_node)
            result[key] = self.convert(value_node, here)
        return result
