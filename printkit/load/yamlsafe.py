"""Safe YAML reading that remembers where every key and value came from.

Only plain YAML is accepted: no tags that construct objects, no duplicate keys, a bound on the
file size, on nesting depth and on alias expansion (both checked while parsing, before anything
is built, so neither a deeply nested file nor a billion-laughs file can exhaust the stack or
memory). The result is plain Python data plus a `Document` that maps
each path (a tuple of keys and indexes) to its line and column, so validation can point there.
"""

from __future__ import annotations

import dataclasses
import stat
from dataclasses import field
from pathlib import Path
from typing import Any, Protocol

import yaml

from printkit.core import limits
from printkit.core.errors import Location, display_path, fail
from printkit.core.fieldwise import fieldwise
from printkit.load.fastyaml import INT, FastSafeLoader, core12_value
from printkit.load.positions import Positions
from printkit.load.reads import ReadLog, note
from printkit.load.yamlvalues import NON_PRINTABLE, Plain, pack_mark, read_plain, unpack_mark
from printkit.load.yamlwords import plain_syntax_message

PathKey = tuple[Any, ...]
_CHECKED_TAGS = {"tag:yaml.org,2002:" + t for t in ("null", "bool", "int", "float")}

_STANDARD_TAGS = {
    "tag:yaml.org,2002:" + t
    for t in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp", "binary")
}


class Places(Protocol):
    """Where the values of a document not read from YAML text are (a sheet's cells)."""

    def find(self, path: PathKey, key: bool) -> Location | None:
        """The place of exactly `path` (key=True: of its key), or None."""


@fieldwise
class Document:
    """Parsed data and the position of every value and key in it, in the file that holds it.

    One type for every source: a YAML file's positions are its `positions` (load/positions.py,
    compact), with `value_marks` and `key_marks` for marks added by path (generated cards);
    a spreadsheet's are its cells' `places` (`cards.csv:17:C`, made when asked); and a part of
    the data written elsewhere is `grafted` there: a variant's override of a top-level key is located in
    kit.yaml, and the cards spliced in from a sheet in the sheet. Grafts compose, so each value
    is reported where it is written, whatever the mix of YAML, sheets and variants.
    """

    file: str
    data: Any
    value_marks: dict[PathKey, int] = field(default_factory=dict)  # packed: see pack_mark()
    key_marks: dict[PathKey, int] = field(default_factory=dict)
    # a place per path (keys under ("key", *path)), for data not read from YAML text
    located: dict[PathKey, Location] = field(default_factory=dict)
    # path -> (the document that holds the value at path, and its path there)
    grafts: dict[PathKey, tuple[Document, PathKey]] = field(default_factory=dict)
    # list path -> (the document, its path there, count): the list's first `count` items, each
    # grafted there (a deck's cards from a sheet: one entry, not one a card)
    item_grafts: dict[PathKey, tuple[Document, PathKey, int]] = field(default_factory=dict)
    origin: Location | None = None  # where the whole document is (default: line 1, column 1)
    positions: Positions | None = None  # a YAML file's marks (load/positions.py)
    places: Places | None = None  # places made when asked (a sheet's cells), after `located`

    def where(self, path: PathKey = (), *, key: bool = False) -> Location:
        """The location of the value at `path` (or of its key), falling back to the nearest parent."""
        p = tuple(path)
        if self.grafts or self.item_grafts:  # the longest grafted part of the path wins
            for n in range(len(p), 0, -1):
                graft = self._graft(p, n)
                if graft is not None:
                    other, there = graft
                    return other.where((*there, *p[n:]), key=key)
        while True:
            found = self._own_place(p, key)
            if found is not None:
                return found
            if not p:
                return self.origin or Location(self.file, 1, 1)
            p = p[:-1]

    def _graft(self, p: PathKey, n: int) -> tuple[Document, PathKey] | None:
        """The graft of the path's first `n` parts, if any."""
        graft = self.grafts.get(p[:n])
        if graft is None and n > 1 and self.item_grafts:
            items, index = self.item_grafts.get(p[: n - 1]), p[n - 1]
            if items is not None and isinstance(index, int) and 0 <= index < items[2]:
                return items[0], (*items[1], index)
        return graft

    def _own_place(self, p: PathKey, key: bool) -> Location | None:
        if self.located:
            found = self.located.get(("key", *p) if key else p)
            if found is not None:
                return found
        if self.places is not None:
            found = self.places.find(p, key)
            if found is not None:
                return found
        mark = self.mark(p, key=key)
        return None if mark is None else Location(self.file, *unpack_mark(mark))

    def mark(self, path: PathKey, *, key: bool = False) -> int | None:
        """The packed mark (see pack_mark) of the value at exactly `path` (key=True: of its key,
        else of the value), or None."""
        found = self.key_marks.get(path) if key else None
        if found is None:
            found = self.value_marks.get(path)
        if found is None and self.positions is not None:
            found = self.positions.find(path, key)
        return found

    def marks(self) -> tuple[dict[PathKey, int], dict[PathKey, int]]:
        """Every packed mark, as (value marks, key marks) by path (for tests)."""
        values, keys = self.positions.tables() if self.positions is not None else ({}, {})
        return {**values, **self.value_marks}, {**keys, **self.key_marks}

    def grafted(
        self,
        grafts: dict[PathKey, tuple[Document, PathKey]],
        data: Any = None,
        items: dict[PathKey, tuple[Document, PathKey, int]] | None = None,
    ) -> Document:
        """A copy whose value at each path of `grafts` (and all below it) is located in the
        other document, at its path there; with `data`, holding that data instead; `items`:
        more grafts, each of a list's items (see `item_grafts`)."""
        return dataclasses.replace(
            self,
            data=self.data if data is None else data,
            grafts={**self.grafts, **grafts},
            item_grafts={**self.item_grafts, **(items or {})},
        )


def read_text(path: Path, shown: str | None = None, log: ReadLog | None = None) -> str:
    """Read a data file as UTF-8 text, refusing what is not a regular, small, text file (the
    bytes read are noted in `log`)."""
    shown = shown or display_path(path)
    raw = read_bytes(path, shown, log)
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise fail(Location(shown, 1, 1), "file is UTF-16 text; save it as UTF-8")
    nul = raw.find(b"\x00")
    if nul >= 0:
        kind = "CSV" if path.suffix.lower() == ".csv" else "YAML"
        raise fail(
            _byte_location(shown, raw, nul),
            f"a NUL byte: this is a binary file, not {kind} text",
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise fail(
            _byte_location(shown, raw, exc.start),
            f"file is not UTF-8 text (byte 0x{raw[exc.start]:02x}); save it as UTF-8",
        ) from None
    return text


def _byte_location(shown: str, raw: bytes, offset: int) -> Location:
    """The line and column (1-based, in bytes) of the byte at `offset`."""
    line = raw[:offset].count(b"\n") + 1
    return Location(shown, line, offset - (raw.rfind(b"\n", 0, offset) + 1) + 1)


def read_bytes(path: Path, shown: str | None = None, log: ReadLog | None = None) -> bytes:
    """Read a data file's bytes, refusing what is not a regular file within MAX_FILE_BYTES
    (the bytes read are noted in `log`)."""
    shown = shown or display_path(path)
    where = Location(shown)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise fail(where, "file not found") from None
    except OSError as exc:
        raise fail(where, f"cannot read the file: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise fail(where, "expected a file, found a directory")
    if not stat.S_ISREG(info.st_mode):
        raise fail(where, "expected a regular file (not a device, pipe or socket)")
    if info.st_size > limits.MAX_FILE_BYTES:
        raise fail(
            where,
            f"file is {info.st_size:,} bytes; the limit (MAX_FILE_BYTES) is "
            f"{limits.MAX_FILE_BYTES:,}",
        )
    try:
        with path.open("rb") as handle:
            raw = handle.read(info.st_size + 1)  # a buffer of the file's size, not the limit's
            if len(raw) > info.st_size:  # it grew after stat(): read on, up to the limit
                raw += handle.read(limits.MAX_FILE_BYTES + 1 - len(raw))
    except OSError as exc:
        raise fail(where, f"cannot read the file: {exc.strerror or exc}") from None
    if len(raw) > limits.MAX_FILE_BYTES:
        raise fail(
            where,
            f"file is larger than the limit (MAX_FILE_BYTES) of {limits.MAX_FILE_BYTES:,} bytes",
        )
    return note(log, path, raw)


def load_yaml_file(path: Path, shown: str | None = None, log: ReadLog | None = None) -> Document:
    """Read and parse one YAML file (see `parse_yaml`; the bytes read are noted in `log`)."""
    shown = shown or display_path(path)
    return parse_yaml(read_text(path, shown, log), shown)


def parse_yaml(text: str, file: str, *, plain: bool = True, libyaml: bool = True) -> Document:
    """Parse YAML text safely into a Document. Raises InputError with the exact position.

    An ordinary file is read in one pass over libyaml's events (load/yamlvalues.py); any other
    by the exact path, composing libyaml's events or, where they differ, pyyaml's own
    (load/fastyaml.py). `plain=False` skips the first, `libyaml=False` reads with the
    pure-Python parser alone (the reference the tests compare the others with).
    """
    if not text.strip() or all(
        not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()
    ):
        raise fail(Location(file, 1, 1), "file is empty; expected YAML data")
    read = read_plain(text) if plain and libyaml else None
    if read is None:
        read = Plain(*_exact_document(text, file, libyaml))
    if read.data is None:
        raise fail(Location(file, 1, 1), "file holds no data (only null); expected YAML data")
    return Document(file, read.data, positions=read.positions)


def _exact_document(text: str, file: str, libyaml: bool) -> tuple[Any, dict, dict]:
    """The file composed into pyyaml's node tree, then converted, with every check: its data,
    value marks and key marks."""
    loader = None
    try:
        loader = _GuardedLoader(text, file, libyaml)  # the reader checks every character here
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(exc, file) from None
    except yaml.reader.ReaderError as exc:
        raise _reader_error(exc, text, file) from None
    except yaml.YAMLError as exc:  # pragma: no cover - pyyaml marks everything else
        raise fail(Location(file, 1, 1), f"YAML error: {exc}") from None
    finally:
        if loader is not None:
            loader.dispose()
    if node is None:  # pragma: no cover - only comments, caught above
        raise fail(Location(file, 1, 1), "file is empty; expected YAML data")
    doc = Document(file, None)
    doc.data = _Converter(doc).convert(node, ())
    return doc.data, doc.value_marks, doc.key_marks


def _reader_error(exc: yaml.reader.ReaderError, text: str, file: str):
    """A character YAML does not allow (a control character): say where it is."""
    pos = exc.position if isinstance(exc.position, int) else 0
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    char = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or " ")
    return fail(
        Location(file, line, col),
        _control_message(char),
    )


def _control_message(char: int, escaped: bool = False) -> str:
    how = " (written as an escape)" if escaped else ""
    return (
        f"character U+{char:04X}{how} is not allowed in YAML text; control characters print "
        "as boxes, remove it"
    )


def _too_many_values(aliases: bool) -> str:
    hint = "; is this an alias bomb?" if aliases else ""
    after = " after expanding aliases" if aliases else ""
    return f"too many YAML values{after} (limit MAX_YAML_NODES = {limits.MAX_YAML_NODES:,}){hint}"


def _syntax_error(exc: yaml.MarkedYAMLError, file: str):
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = exc.problem or "invalid YAML"
    if "\\t" in problem or "tab" in problem.lower():
        message = "tab character used for indentation; YAML needs spaces"
    else:
        message = plain_syntax_message(exc.context, problem, exc.context_mark)
    return fail(Location(file, line, col), message)


class _GuardedLoader(FastSafeLoader):
    """A SafeLoader that bounds nesting depth and alias expansion event by event, while parsing.

    Each anchor's expanded size and height are known when its collection closes, so an alias
    costs its full expansion without being expanded. The error points at the alias (or the
    bracket) that crosses the limit.
    """

    def __init__(self, text: str, file: str, libyaml: bool = True) -> None:
        super().__init__(text, libyaml)
        self._file = file
        self._open: list[list] = []  # per open collection: [anchor, size, height]
        self._anchors: dict[str, tuple[int, int]] = {}
        self._expanded = 0
        self.aliases_seen = False

    def get_event(self):
        event = super().get_event()
        if isinstance(event, yaml.AliasEvent):
            self.aliases_seen = True
            if any(frame[0] == event.anchor for frame in self._open):
                raise fail(
                    self._loc(event),
                    f"alias *{event.anchor} refers to a collection that contains it; "
                    "recursive data is not allowed",
                )
            self._grow(*self._anchors.get(event.anchor or "", (1, 1)), event)
        elif isinstance(event, yaml.ScalarEvent):
            if event.anchor:
                self._anchors[event.anchor] = (1, 1)
            self._grow(1, 1, event)
        elif isinstance(event, yaml.CollectionStartEvent):
            self._grow(1, 1, event)
            self._open.append([event.anchor, 1, 1])
        elif isinstance(event, yaml.CollectionEndEvent) and self._open:
            anchor, size, height = self._open.pop()
            if anchor:
                self._anchors[anchor] = (size, height)
            if self._open:
                parent = self._open[-1]
                parent[1] += size
                parent[2] = max(parent[2], height + 1)
        return event

    def _loc(self, event) -> Location:
        return Location(self._file, event.start_mark.line + 1, event.start_mark.column + 1)

    def _grow(self, size: int, height: int, event) -> None:
        self._expanded += size
        if self._expanded > limits.MAX_YAML_NODES:
            raise fail(self._loc(event), _too_many_values(self.aliases_seen))
        if len(self._open) + height > limits.MAX_YAML_DEPTH:
            raise fail(
                self._loc(event),
                f"data nested more than {limits.MAX_YAML_DEPTH} levels deep (limit MAX_YAML_DEPTH)",
            )
        if self._open and not isinstance(event, yaml.CollectionStartEvent):
            self._open[-1][1] += size
            self._open[-1][2] = max(self._open[-1][2], height + 1)


def _is_merge_key(node: yaml.Node) -> bool:
    """`<<` written plain: YAML's merge key (quoted, it is an ordinary key)."""
    return isinstance(node, yaml.ScalarNode) and not node.style and node.value == "<<"


class _Converter:
    """Turns a composed node tree into plain data, recording positions and enforcing limits."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.nodes_seen = 0

    def _mark(self, node: yaml.Node) -> int:
        return pack_mark(node.start_mark.line + 1, node.start_mark.column + 1)

    def _loc(self, node: yaml.Node) -> Location:
        return Location(self.doc.file, *unpack_mark(self._mark(node)))

    def convert(self, node: yaml.Node, path: PathKey) -> Any:
        self.nodes_seen += 1
        if self.nodes_seen > limits.MAX_YAML_NODES:
            raise fail(self._loc(node), _too_many_values(True))
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
        assert isinstance(node, yaml.ScalarNode)  # the composer makes only these three
        return self._scalar(node)

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        """A scalar's value by the YAML 1.2 core schema (see load.fastyaml)."""
        if node.style == '"' and (bad := NON_PRINTABLE.search(node.value)):
            raise fail(self._loc(node), _control_message(ord(bad.group()), escaped=True))
        try:
            return core12_value(node.tag, node.value)
        except ValueError:
            if node.tag == INT and node.value.lstrip("+-").isdigit():
                raise fail(
                    self._loc(node),
                    "this number has thousands of digits; no value in a kit needs that many",
                ) from None
            if node.tag in _CHECKED_TAGS:
                name = node.tag.rsplit(":", 1)[-1]
                raise fail(self._loc(node), f"{node.value!r} is not a valid !!{name}") from None
            raise  # pragma: no cover - core12_value reads every other tag as text

    def _mapping(self, node: yaml.MappingNode, path: PathKey) -> dict:
        result: dict = {}
        merges: list[yaml.Node] = []
        for key_node, value_node in node.value:
            if _is_merge_key(key_node):
                merges.append(value_node)
                continue
            key = self._key(key_node, path)
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
        for merged in merges:
            for source in self._merge_sources(merged):
                self._merge(source, path, result)
        return result

    def _key(self, key_node: yaml.Node, path: PathKey) -> str:
        if not isinstance(key_node, yaml.ScalarNode):
            raise fail(self._loc(key_node), "a key must be a plain word, not a list or map")
        key = self.convert(key_node, (*path, "\0key"))
        return key if isinstance(key, str) else str(key)

    def _merge_sources(self, value: yaml.Node) -> list[yaml.MappingNode]:
        """The maps a merge key (`<<: *defaults` or `<<: [*a, *b]`) brings in, first first."""
        listed = value.value if isinstance(value, yaml.SequenceNode) else [value]
        sources = [s for s in listed if isinstance(s, yaml.MappingNode)]
        if len(sources) != len(listed):
            raise fail(
                self._loc(value),
                "a merge key (<<) takes a map, or a list of maps, usually aliases "
                "(`<<: *defaults`); write the keys out in full otherwise",
            )
        return sources

    def _merge(self, source: yaml.MappingNode, path: PathKey, result: dict) -> None:
        """Keys of a merged map that the map (or an earlier merged map) does not set itself:
        each keeps the position where the merged map wrote it, so errors point there."""
        own: set[str] = set()
        nested: list[yaml.MappingNode] = []
        for key_node, value_node in source.value:
            if _is_merge_key(key_node):
                nested += self._merge_sources(value_node)
                continue
            key = self._key(key_node, path)
            if key in own:
                raise fail(self._loc(key_node), f"duplicate key {key!r}; each key may appear once")
            own.add(key)
            if key in result:
                continue
            here = (*path, key)
            self.doc.key_marks[here] = self._mark(key_node)
            result[key] = self.convert(value_node, here)
        for more in nested:  # the merged map's own merges come after its own keys
            self._merge(more, path, result)
