"""Where a validated record was written: each record object carries its own position and those
of its fields and keys, looked up only when a message needs them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from printkit.core.errors import UNPLACED, Location
from printkit.load.types import Context
from printkit.load.yamlsafe import Document, PathKey


class SourceTable(Mapping):
    """Field name -> Location of a record's fields, looked up when asked.

    A deck has thousands of records; building every Location up front cost more memory than
    the cards themselves. The document keeps the positions anyway. The record's path is kept
    as its parent's, one tuple shared by every item of a list (a deck's cards), and its own
    last part: no path tuple a card.
    """

    __slots__ = ("_doc", "_parent", "_last", "_fields")

    def __init__(self, doc: Document, parent: PathKey, last: Any, fields: dict) -> None:
        self._doc, self._parent, self._last, self._fields = doc, parent, last, fields

    @property
    def path(self) -> PathKey:
        return self._parent if self._last is _WHOLE else (*self._parent, self._last)

    def __getitem__(self, name: str) -> Location:
        if name not in self._fields:
            raise KeyError(name)
        return self._doc.where((*self.path, name))

    def locate(self, name: str | None, key: bool) -> Location:
        """Where the record's field `name` (or its key) was written; the record itself when
        it has no such field, or `name` is None."""
        if name is not None and name in self._fields:
            return self._doc.where((*self.path, name), key=key)
        return self._doc.where(self.path)

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)


_WHOLE: Any = object()  # the last part of the path of a record that is the whole document


def attach_source(obj: Any, ctx: Context, path: PathKey, raw: dict) -> None:
    """Give a validated record its positions: one `_source` table, whose Locations are made
    only when a message asks `where()` (a deck has thousands of records)."""
    if path:
        parent = path[:-1]
        parent, last = ctx.paths.setdefault(parent, parent), path[-1]
    else:
        parent, last = path, _WHOLE
    try:
        object.__setattr__(obj, "_source", SourceTable(ctx.doc, parent, last, raw))
    except (AttributeError, TypeError):  # plain types cannot carry positions (no `suppress`:
        return  # its context manager cost more than the rest of this, once a card)


# `_source` (a validated record's), or positions set by hand: `_where`, the record's Location,
# and `_field_where` / `_key_where`, field name -> Location of its values / keys
SOURCE_ATTRIBUTES = ("_source", "_where", "_field_where", "_key_where")


def copy_source(source: Any, target: Any) -> Any:
    """Give `target` the source positions of the validated record `source` (when a model object
    is built from a record by hand), so `where(target, ...)` answers as `where(source, ...)`."""
    for attr in SOURCE_ATTRIBUTES:
        if hasattr(source, attr):
            object.__setattr__(target, attr, getattr(source, attr))
    return target


def where(obj: Any, field_name: str | None = None, *, key: bool = False) -> Location | None:
    """Where a validated record, or one of its fields, was written."""
    source = getattr(obj, "_source", None)
    if source is not None:
        return source.locate(field_name, key)
    base = getattr(obj, "_where", None)
    table = getattr(obj, "_key_where" if key else "_field_where", {})
    if field_name is None:
        return base
    return table.get(field_name, base)


def located(obj: Any, field_name: str | None = None, *, key: bool = False) -> Location:
    """where(), or errors.UNPLACED for a value that was not read from a file."""
    return where(obj, field_name, key=key) or UNPLACED
